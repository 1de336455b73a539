"""Human stand-ins for simulations and tests: random and greedy players."""
