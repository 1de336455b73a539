"""The Dask backend of sim/pool.py: games sent to a Dask cluster (the optional extra
`twsolo[cluster]`), an existing scheduler's (`tcp://HOST:8786`) or a LocalCluster started here
(`local[:N]`).

The rules travel with the job: the client reads its rules directory once, ships the files to the
workers with their digest, and each worker unpacks them into a cache directory named by the
digest and checks the digest of what it loaded there, so a worker that holds other rules under
that name fails loudly instead of playing other games. A worker lost mid-run is recovered by Dask
(its games run again on another worker); `retried` counts those games."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import tempfile
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dask.config
from distributed import Client, Future, LocalCluster, as_completed
from distributed.client import FutureCancelledError
from distributed.scheduler import KilledWorker

from twsolo.errors import TwsoloError
from twsolo.ruleset.load import rules_digest
from twsolo.ruleset.paths import rules_dir
from twsolo.sim.pool import Pool, Results, Task, interrupts_ignored

LOCAL = "local"

# Dask's statistical profiler samples every worker's stack every 10 ms and keeps the samples:
# over 10,000 games it grew each worker to 640 MiB and cost ≈12 % of its CPU (issue #26). The
# local workers run without it; a remote cluster's workers take their own configuration
# (DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False, README).
LOCAL_WORKER_CONFIG = {"distributed.worker.profile.enabled": False}


class RulesMismatch(TwsoloError):
    """A worker's copy of the shipped rules is not the client's."""


@dataclass(frozen=True)
class RulesBundle:
    digest: str
    files: dict[str, bytes]  # file name -> bytes, every *.yaml of the directory


def bundle_rules(directory: str | None) -> RulesBundle:
    base = rules_dir(directory)
    files = {path.name: path.read_bytes() for path in sorted(base.glob("*.yaml"))}
    return RulesBundle(rules_digest(base), files)


UNPACKED: dict[str, str] = {}  # on a worker: digest -> directory, checked once per process


def unpacked(bundle: RulesBundle) -> str:
    """On a worker: the directory holding the bundle's rules, written once per machine."""
    if bundle.digest in UNPACKED:
        return UNPACKED[bundle.digest]
    target = Path(tempfile.gettempdir()) / "twsolo-rules" / bundle.digest
    if not target.is_dir():
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(dir=target.parent))
        for name, data in bundle.files.items():
            (staging / name).write_bytes(data)
        try:
            staging.rename(target)
        except OSError:  # another worker on this machine wrote it first
            for path in staging.iterdir():
                path.unlink()
            staging.rmdir()
    found = rules_digest(target)
    if found != bundle.digest:
        raise RulesMismatch(
            f"worker {os.uname().nodename} (pid {os.getpid()}): the rules in {target} have "
            f"digest {found[:16]}, the job's rules {bundle.digest[:16]}; that worker holds "
            "other rules under the job's name — remove the directory and run again"
        )
    UNPACKED[bundle.digest] = str(target)
    return str(target)


def on_worker(chunk: list[Any], bundle: RulesBundle, fn: Task) -> list[Any]:
    """Run `fn` over a chunk on a worker, the items' rules directory replaced by the shipped
    copy."""
    local = unpacked(bundle)
    return [fn(dataclasses.replace(item, rules_dir=local)) for item in chunk]


# Games per Dask task, at most: a task costs the client process (scheduler, nannies) about
# 5 ms of CPU, a tenth of a game against greedy; 16 games make it small, and still let the
# progress bar move and a lost worker cost little to run again.
MAX_CHUNK = 16


def chunked(items: Sequence[Any], threads: int) -> list[list[int]]:
    """The items' indices in chunks of consecutive items with one rules directory, at least
    eight chunks per worker thread while that leaves a chunk more than one item."""
    size = max(1, min(MAX_CHUNK, len(items) // (8 * max(1, threads))))
    out: list[list[int]] = []
    for i, item in enumerate(items):
        if not out or len(out[-1]) == size or items[out[-1][0]].rules_dir != item.rules_dir:
            out.append([])
        out[-1].append(i)
    return out


class DaskPool(Pool):
    """`address`: `tcp://HOST:PORT` of a running scheduler, or `local[:N]` for a LocalCluster
    of N single-threaded worker processes (default: one per core). The items are dataclasses
    with a `rules_dir` field (GameSpec)."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.client: Client | None = None
        self.cluster: LocalCluster | None = None
        self.retried = 0
        self.name = f"Dask cluster {address}"

    def __enter__(self) -> DaskPool:
        self.connect()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def connect(self) -> Client:
        if self.client is not None:
            return self.client
        try:
            if self.address == LOCAL or self.address.startswith(LOCAL + ":"):
                workers = local_workers(self.address)
                # Started with Ctrl-C ignored, the worker processes inherit it: an interrupt
                # stops the run here, not the workers with a traceback each. (A Ctrl-C in the
                # second or two the workers take to start is lost.)
                with interrupts_ignored(), dask.config.set(LOCAL_WORKER_CONFIG):
                    self.cluster = LocalCluster(
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=":0",  # any free port: never a clash with another cluster
                        silence_logs=logging.CRITICAL,
                    )
                self.client = Client(self.cluster)
            else:
                self.client = Client(self.address, timeout="10s")
        except (OSError, TimeoutError) as exc:
            self.close()
            raise TwsoloError(f"cannot reach the Dask scheduler at {self.address}: {exc}") from None
        except (ValueError, TypeError) as exc:  # Dask's word on an address it cannot use
            self.close()
            raise TwsoloError(
                f"--cluster {self.address!r}: {exc} (give tcp://HOST:PORT or local[:N])"
            ) from None
        except KeyboardInterrupt:
            self.close()
            raise
        return self.client

    def close(self) -> None:
        with interrupts_ignored():
            if self.client is not None:
                self.client.close()
            if self.cluster is not None:
                self.cluster.close()
        self.client = self.cluster = None

    def completed(self, fn: Task, items: Sequence[Any]) -> Results:
        owned = self.client is None  # used without `with`: connect for this run only
        client = self.connect()
        run = f"twsolo-{uuid.uuid4().hex[:12]}"
        chunks = chunked(items, sum(client.nthreads().values()))
        members = {f"{run}-{n}": chunk for n, chunk in enumerate(chunks)}
        bundles: dict[str | None, Future[RulesBundle]] = {}
        for item in items:
            directory = item.rules_dir
            if directory not in bundles:
                bundles[directory] = client.scatter(
                    bundle_rules(directory), broadcast=True, hash=False
                )
        futures = client.map(
            on_worker,
            [[items[i] for i in chunk] for chunk in chunks],
            [bundles[items[chunk[0]].rules_dir] for chunk in chunks],
            fn=fn,
            key=list(members),
            pure=False,
        )
        queue = as_completed(futures)
        del futures  # results are released as they are read, so a lost worker costs no re-run
        try:
            for future in queue:
                results = future.result()
                future.release()
                yield from zip(members[future.key], results, strict=True)
        except ModuleNotFoundError as exc:  # raised on a worker
            raise TwsoloError(
                f"a Dask worker cannot import {exc.name}: install the same twsolo on every "
                "worker (pip install 'twsolo[cluster]')"
            ) from None
        except KilledWorker as exc:
            raise TwsoloError(
                f"Dask gave up on a game after workers died running it: {exc}"
            ) from None
        except FutureCancelledError as exc:
            raise TwsoloError(f"the Dask cluster cancelled the run: {exc}") from None
        finally:
            with interrupts_ignored():
                queue.clear()
                for bundle in bundles.values():
                    bundle.release()
                with contextlib.suppress(OSError):  # the scheduler is gone: nothing to count
                    self.retried += sum(len(members[key]) for key in rerun_keys(client, run))
                if owned:
                    self.close()


def local_workers(address: str) -> int:
    _, _, count = address.partition(":")
    if not count:
        return os.cpu_count() or 1
    if not count.isdigit() or int(count) < 1:
        raise TwsoloError(f"--cluster local:N needs a number of workers ≥ 1, not {count!r}")
    return int(count)


def rerun_keys(client: Client, run: str) -> list[str]:
    """The tasks of this run that Dask ran again because a worker died: those it was running
    and those whose results it held, unread (the scheduler's remove-worker events)."""

    # A local function: the scheduler receives it by value, so it needs no twsolo installed.
    def lost(run: str, dask_scheduler: Any = None) -> list[str]:
        keys: set[str] = set()
        for _, event in dask_scheduler.get_events("all"):
            if isinstance(event, dict) and event.get("action") == "remove-worker":
                for field in ("processing-tasks", "lost-computed-tasks"):
                    keys.update(k for k in event.get(field, ()) if str(k).startswith(run + "-"))
        return sorted(keys)

    keys: list[str] = client.run_on_scheduler(lost, run)
    return keys
