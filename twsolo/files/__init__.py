"""Text and files, the lowest room: how a file a person hands twsolo is read (`bounded`), how
anything twsolo writes reaches the disk (`output`), the filter between a file's text and the
terminal (`printable`) and the headless browser (`browser`)."""
