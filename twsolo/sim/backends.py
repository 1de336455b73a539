"""Which pool runs a simulation (twsolo/sim/pool.py's interface): this process, local worker
processes or a Dask cluster. Apart from pool.py so the Dask backend (sim/cluster.py), which
builds on the interface, is imported only when asked for, and never by the interface."""

from __future__ import annotations

from twsolo.errors import TwsoloError
from twsolo.sim.pool import WORKER_TIMEOUT, Pool, ProcessPool, SerialPool


def make_pool(
    workers: int = 1, cluster: str | None = None, worker_timeout: float = WORKER_TIMEOUT
) -> Pool:
    """`cluster`: a Dask scheduler's address (tcp://HOST:8786) or `local[:N]` (a local cluster
    of N workers here); else `workers` local processes (1: this process). `worker_timeout`:
    the seconds a cluster's run waits for a worker."""
    if cluster is not None:
        try:
            from twsolo.sim.cluster import DaskPool
        except ImportError as exc:
            raise TwsoloError(
                f"--cluster needs Dask's distributed package ({exc.name} is missing): "
                "pip install 'twsolo[cluster]'"
            ) from None
        return DaskPool(cluster, worker_timeout)
    return SerialPool() if workers <= 1 else ProcessPool(workers)
