"""Batch simulation: many AI-against-stand-in games (runs.py), their statistics (stats.py) and
report (report.py), their logs (gamelog.py), and the pools that run them — in this process,
worker processes or a Dask cluster (pool.py, backends.py, cluster.py)."""
