"""Running many games: one small interface with three backends — in this process, local worker
processes, a Dask cluster (twsolo/sim/cluster.py) — so the simulator never knows which runs it.
Each game depends only on its own spec, so results do not depend on the backend or the number of
workers (docs/decisions.md §9).

A pool is a context manager (a cluster is connected on entry and closed on exit). `completed`
yields `(index, result)` as games finish, so a progress bar moves and an interrupted run keeps
every finished game; `map` yields results in the items' order."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from types import TracebackType
from typing import Any

Task = Callable[[Any], Any]  # a picklable module-level function of one item
Results = Generator[tuple[int, Any], None, None]  # (index, result) as they finish

# The longest a cluster's run waits for a worker: to join, or to answer its scheduler again
# (workers answer every second or so, running a game or not). `simulate --worker-timeout`.
WORKER_TIMEOUT = 60.0  # seconds


class Pool:
    """The interface, and what every backend shares. `retried` counts the items run again
    because a worker was lost while it held them (only a cluster loses workers and recovers)."""

    retried = 0
    name = "pool"

    def completed(self, fn: Task, items: Sequence[Any]) -> Results:
        """`fn` over `items`: `(index, result)` pairs in the order they finish."""
        raise NotImplementedError

    def map(self, fn: Task, items: Sequence[Any]) -> Iterator[Any]:
        """`fn` over `items`, results yielded in the items' order."""
        waiting: dict[int, Any] = {}
        following = 0
        for index, result in self.completed(fn, items):
            waiting[index] = result
            while following in waiting:
                yield waiting.pop(following)
                following += 1

    def __enter__(self) -> Pool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        return None


class SerialPool(Pool):
    name = "this process"

    def completed(self, fn: Task, items: Sequence[Any]) -> Results:
        for index, item in enumerate(items):
            yield index, fn(item)


class ProcessPool(Pool):
    """Local worker processes (concurrent.futures)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.name = f"{workers} local worker processes"

    def completed(self, fn: Task, items: Sequence[Any]) -> Results:
        # One game per task: games last 10-300 ms, so batches would leave a worker idle at the
        # end while another finishes its batch; a task costs about 0.2 ms. The workers ignore
        # Ctrl-C (it reaches the whole process group): this process stops them.
        executor = ProcessPoolExecutor(max_workers=self.workers, initializer=ignore_interrupts)
        try:
            # as_completed waits on every future once (wait() in a loop would redo it per game)
            futures = {executor.submit(fn, item): i for i, item in enumerate(items)}
            for future in as_completed(futures):
                yield futures.pop(future), future.result()  # the result is not kept here
        finally:
            with interrupts_ignored():  # a second Ctrl-C must not break the clean-up
                executor.shutdown(wait=True, cancel_futures=True)


def ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def interrupts_ignored() -> Iterator[None]:
    """Ctrl-C ignored for the block (the main thread only: elsewhere nothing to guard)."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def interrupts_deferred() -> Iterator[None]:
    """A Ctrl-C during the block raises KeyboardInterrupt only when the block is done (for a
    step that must happen whole: a game counted and its log written)."""
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt
