"""Running many games: one small interface, so a cluster backend (Ray, Dask) can be added later
for runs too big for one machine without touching the simulator. Results come back in the order
of the specs, whatever the number of workers, and each game depends only on its own seed."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol

Task = Callable[[Any], Any]  # a picklable module-level function of one item


class Pool(Protocol):
    def map(self, fn: Task, items: Sequence[Any]) -> Iterator[Any]:
        """`fn` over `items`, results yielded in the items' order."""
        ...


class SerialPool:
    def map(self, fn: Task, items: Sequence[Any]) -> Iterator[Any]:
        return (fn(item) for item in items)


class ProcessPool:
    """Local worker processes (multiprocessing via concurrent.futures)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def map(self, fn: Task, items: Sequence[Any]) -> Iterator[Any]:
        # One game per task: games last 10-300 ms, so batches would leave a worker idle at the
        # end while another finishes its batch; a task costs about 0.2 ms.
        with ProcessPoolExecutor(max_workers=self.workers) as executor:
            yield from executor.map(fn, items)


def make_pool(workers: int) -> Pool:
    return SerialPool() if workers <= 1 else ProcessPool(workers)
