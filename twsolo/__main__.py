from twsolo.cli.main import main

main()
