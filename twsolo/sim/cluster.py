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
import socket
import struct
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dask.config
from distributed import Client, Future, LocalCluster, as_completed
from distributed.client import FutureCancelledError
from distributed.protocol.core import loads
from distributed.protocol.utils import unpack_frames
from distributed.scheduler import KilledWorker

from twsolo.errors import TwsoloError
from twsolo.ruleset.load import rules_digest
from twsolo.ruleset.paths import rules_dir
from twsolo.sim.pool import Pool, Results, Task, interrupts_ignored

LOCAL = "local"
LOOPBACK = "127.0.0.1"
WORKERS_PER_CORE = 4  # local:N's bound
CONNECT_TIMEOUT = 10  # seconds, for the connection and the scheduler's first message
HANDSHAKE_LIMIT = 1 << 20  # a scheduler's handshake is a few hundred bytes

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
        try:
            write_bundle(bundle, target)
        except OSError as exc:
            raise TwsoloError(
                f"worker {os.uname().nodename} (pid {os.getpid()}) cannot write the job's rules "
                f"to {target.parent}: {exc.strerror or exc}; give that worker a writable "
                "TMPDIR"
            ) from None
    found = rules_digest(target)
    if found != bundle.digest:
        raise RulesMismatch(
            f"worker {os.uname().nodename} (pid {os.getpid()}): the rules in {target} have "
            f"digest {found[:16]}, the job's rules {bundle.digest[:16]}; that worker holds "
            "other rules under the job's name — remove the directory and run again"
        )
    UNPACKED[bundle.digest] = str(target)
    return str(target)


def write_bundle(bundle: RulesBundle, target: Path) -> None:
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
                        host=LOOPBACK,  # the scheduler, the nannies and the workers
                        dashboard_address=dashboard_address(),
                        silence_logs=logging.CRITICAL,
                    )
                self.client = Client(self.cluster)
            else:
                probe_scheduler(self.address)
                self.client = Client(self.address, timeout=f"{CONNECT_TIMEOUT}s")
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
    cores = os.cpu_count() or 1
    if not count:
        return cores
    if not count.isdigit() or int(count) < 1:
        raise TwsoloError(f"--cluster local:N needs a number of workers ≥ 1, not {count!r}")
    if int(count) > cores * WORKERS_PER_CORE:
        raise TwsoloError(
            f"--cluster local:{count}: at most {cores * WORKERS_PER_CORE} workers on this "
            f"machine ({cores} cores × {WORKERS_PER_CORE}): each is a process of its own, and "
            "more than the cores only share them"
        )
    return int(count)


def dashboard_address() -> str | None:
    """The LocalCluster's dashboard: off, unless $TWSOLO_DASHBOARD names a port (it shows the
    run's workers, logs and call stacks, with file paths, to whoever connects: on 127.0.0.1
    only, never on every interface)."""
    wanted = os.environ.get("TWSOLO_DASHBOARD", "").strip()
    if not wanted:
        return None
    host, _, port = wanted.rpartition(":")
    if host not in ("", LOOPBACK, "localhost") or not port.isdigit() or int(port) > 65535:
        raise TwsoloError(
            f"TWSOLO_DASHBOARD={wanted!r}: give a port (8787, or 0 for any free one); the "
            f"dashboard listens on {LOOPBACK} only"
        )
    return f"{LOOPBACK}:{port}"


def probe_scheduler(address: str) -> None:
    """Check that a Dask scheduler answers at `address` before Dask is given it: a peer that
    accepts and never answers would hang Dask's handshake, and one that sends other bytes (a
    web server, noise) make it read a frame length of exabytes. A scheduler sends its
    handshake (a few small msgpack frames) as soon as it accepts."""
    scheme, _, rest = address.rpartition("://")
    if scheme not in ("", "tcp"):
        return  # tls:// and the others: Dask's own checks
    host, _, port = rest.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit():
        return  # Dask says what is wrong with it
    where = f"--cluster {address}"
    try:
        with socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT) as peer:
            peer.settimeout(CONNECT_TIMEOUT)
            deadline = time.monotonic() + CONNECT_TIMEOUT
            (size,) = struct.unpack("<Q", _receive(peer, 8, deadline))
            if not 0 < size <= HANDSHAKE_LIMIT:
                raise _NotDask(f"its first message claims {size} bytes")
            frames = unpack_frames(_receive(peer, size, deadline))
            message = loads(frames)
    except TimeoutError:
        raise TwsoloError(
            f"{where}: no Dask scheduler answers there (nothing came back within "
            f"{CONNECT_TIMEOUT} s)"
        ) from None
    except OSError as exc:
        raise TwsoloError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    except _NotDask as exc:
        raise TwsoloError(f"{where}: that is not a Dask scheduler ({exc})") from None
    except Exception:  # anything msgpack or the frame reader make of noise
        raise TwsoloError(
            f"{where}: that is not a Dask scheduler (it sent no Dask handshake)"
        ) from None
    if not isinstance(message, dict) or "compression" not in message:
        raise TwsoloError(f"{where}: that is not a Dask scheduler (it sent no Dask handshake)")


class _NotDask(Exception):
    pass


def _receive(peer: socket.socket, size: int, deadline: float) -> bytes:
    data = b""
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        peer.settimeout(left)
        chunk = peer.recv(size - len(data))
        if not chunk:
            raise _NotDask("it closed the connection")
        data += chunk
    return data


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
