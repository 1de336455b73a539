"""The Dask backend of sim/pool.py: games sent to a Dask cluster (the optional extra
`twsolo[cluster]`), an existing scheduler's (`tcp://HOST:8786`) or a local cluster started here
(`local[:N]`).

The rules travel with the job: the client reads its rules directory once, ships the files to the
workers with their digest, and each worker unpacks them into a cache directory named by the
digest and checks the digest of what it loaded there, so a worker that holds other rules under
that name fails loudly instead of playing other games. A worker lost mid-run is recovered by Dask
(its games run again on another worker); `retried` counts those games.

Nothing waits without a bound (issue #40): a run with no worker, or whose workers have all been
silent (stopped, gone) for `worker_timeout` seconds, stops with a TwsoloError; a silent worker
while others answer is removed, so that its games go to the others, and said on stderr."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import socket
import struct
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dask.config
from distributed import Client, Future, Nanny, Scheduler, SpecCluster, Worker, as_completed
from distributed.client import AllExit, FutureCancelledError
from distributed.http.routing import RoutingApplication
from distributed.protocol.core import loads
from distributed.protocol.utils import unpack_frames
from distributed.scheduler import KilledWorker
from distributed.worker_memory import parse_memory_limit

from twsolo.errors import TwsoloError
from twsolo.ruleset.load import rules_digest
from twsolo.ruleset.paths import rules_dir
from twsolo.sim.pool import WORKER_TIMEOUT, Pool, Results, Task, interrupts_ignored

LOCAL = "local"
LOG = logging.getLogger(__name__)
LOOPBACK = "127.0.0.1"
WORKERS_PER_CORE = 4  # local:N's bound
CONNECT_TIMEOUT = 10  # seconds, for the connection and the scheduler's first message
HANDSHAKE_LIMIT = 1 << 20  # a scheduler's handshake is a few hundred bytes
POLL = 0.05  # seconds between looks for finished games while none is ready

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


def same(bundle: RulesBundle) -> RulesBundle:
    return bundle


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


def say(text: str) -> None:
    """A DaskPool's default word on a worker left behind: its own line on stderr, under the
    progress bar."""
    print(f"\n{text}", file=sys.stderr, flush=True)


class DaskPool(Pool):
    """`address`: `tcp://HOST:PORT` of a running scheduler, or `local[:N]` for a local cluster
    of N single-threaded worker processes (default: one per core). The items are dataclasses
    with a `rules_dir` field (GameSpec). `worker_timeout`: seconds a run waits for a worker to
    join or a silent one to answer; `notice` is told of a worker the run goes on without."""

    def __init__(
        self,
        address: str,
        worker_timeout: float = WORKER_TIMEOUT,
        notice: Callable[[str], None] = say,
    ) -> None:
        if not worker_timeout > 0:
            raise TwsoloError(f"the worker timeout must be > 0 seconds, not {worker_timeout}")
        self.address = address
        self.worker_timeout = worker_timeout
        self.notice = notice
        self.client: Client | None = None
        self.cluster: SpecCluster | None = None
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
                    self.cluster = local_cluster(workers)
                self.client = Client(self.cluster)
            else:
                probe_scheduler(self.address)
                self.client = client_in_time(self.address)
        except (OSError, TimeoutError) as exc:
            self.close()
            why = str(exc) or f"no answer within {CONNECT_TIMEOUT} s"
            raise TwsoloError(f"cannot reach the Dask scheduler at {self.address}: {why}") from None
        except (ValueError, TypeError) as exc:  # Dask's word on an address it cannot use
            self.close()
            raise TwsoloError(
                f"--cluster {self.address!r}: {exc} (give tcp://HOST:PORT or local[:N])"
            ) from None
        except KeyboardInterrupt:
            self.close()
            raise
        except Exception as exc:  # a peer that sent a handshake, then what Dask cannot read
            self.close()
            raise TwsoloError(
                f"--cluster {self.address}: the peer there answered Dask's handshake, then broke "
                f"off the conversation ({type(exc).__name__}{': ' if str(exc) else ''}{exc}); "
                "is it a Dask scheduler, of this Dask version?"
            ) from None
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
        bundles: dict[str | None, Future[RulesBundle]] = {}
        queue = as_completed()
        members: dict[str, list[int]] = {}
        try:
            self.wait_for_a_worker(client)
            chunks = chunked(items, sum(client.nthreads().values()))
            members = {f"{run}-{n}": chunk for n, chunk in enumerate(chunks)}
            for item in items:
                directory = item.rules_dir
                if directory not in bundles:
                    # A task, not scattered data: a worker that holds it and is lost costs
                    # its re-run elsewhere, and sending it waits on no worker.
                    bundles[directory] = client.submit(
                        same, bundle_rules(directory), key=f"{run}.rules.{len(bundles)}"
                    )
            queue.update(
                client.map(
                    on_worker,
                    [[items[i] for i in chunk] for chunk in chunks],
                    [bundles[items[chunk[0]].rules_dir] for chunk in chunks],
                    fn=fn,
                    key=list(members),
                    pure=False,
                )
            )
            # The futures live in the queue only: results are released as they are read, so a
            # lost worker costs no re-run.
            watch = Watch(client, self, len(items))
            while not queue.is_empty():
                ready = queue.next_batch(block=False)
                if not ready:
                    watch.check()
                    time.sleep(POLL)
                for future in ready:
                    results = watch.result(future)
                    future.release()
                    watch.came_back(len(results))
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
                # The scheduler gone or silent: nothing to count.
                with contextlib.suppress(OSError, TimeoutError):
                    self.retried += sum(
                        len(members[key]) for key in rerun_keys(client, run, self.worker_timeout)
                    )
                if owned:
                    self.close()

    def wait_for_a_worker(self, client: Client) -> None:
        try:
            client.wait_for_workers(1, timeout=self.worker_timeout)
        except TimeoutError:
            raise TwsoloError(
                f"no Dask worker joined the scheduler at {self.address} within "
                f"{self.worker_timeout:g} s (--worker-timeout); start some: "
                f"dask worker {self.address}"
            ) from None


class Watch:
    """The workers of a run, looked at while no game comes back: a worker the scheduler has
    not heard from for the pool's worker_timeout is removed, its games going to the others; a
    run with no worker, or none that answers, for that long stops."""

    def __init__(self, client: Client, pool: DaskPool, planned: int) -> None:
        self.client = client
        self.pool = pool
        self.limit = pool.worker_timeout
        self.planned = planned
        self.finished = 0
        self.every = min(1.0, self.limit / 4)  # seconds between looks
        self.looked = self.present = time.monotonic()  # present: a worker was, last

    def result(self, future: Future[list[Any]]) -> list[Any]:
        """A finished task's games. Finished is not final: the worker that holds them may go
        before they are read, and the task waits to run again; so the wait is watched too (an
        unbounded wait here hung a run whose only worker went)."""
        while True:
            if future.done():
                # Bounded, for the moment between done() and result() (see GatherGivenUp).
                with contextlib.suppress(TimeoutError):
                    return future.result(timeout=self.every)
            self.check()
            time.sleep(POLL)

    def came_back(self, games: int) -> None:
        self.finished += games
        self.present = time.monotonic()  # games came back: a worker was there

    def check(self) -> None:
        now = time.monotonic()
        if now - self.looked < self.every:
            return
        self.looked = now
        silence = worker_silences(self.client, self.limit)
        answering = [w for w, seconds in silence.items() if seconds <= self.limit]
        if not silence and now - self.present > self.limit:
            self.stop("no worker has been connected")
        if silence and not answering:
            self.stop("every worker has been silent")
        if silence:
            self.present = now
        for worker in sorted(set(silence) - set(answering)):
            self.pool.notice(
                f"The Dask worker {worker} has not answered for {silence[worker]:.0f} s "
                f"(--worker-timeout {self.limit:g}): the run goes on without it, its games on "
                "the other workers."
            )
            remove_worker(self.client, worker, self.limit)

    def stop(self, what: str) -> None:
        raise TwsoloError(
            f"the Dask cluster {self.pool.address}: {what} for over {self.limit:g} s "
            f"(--worker-timeout): the run stops, {self.finished} of {self.planned} games "
            "finished; start or resume workers and run again"
        )


class GatherGivenUp(logging.Filter):
    """A result waited for in vain (Watch.result) leaves a Dask task behind that ends with
    AllExit when the client closes; asyncio would print it, traceback and all, as an exception
    never retrieved. It is no error: nobody wants that result any more."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], AllExit))


logging.getLogger("asyncio").addFilter(GatherGivenUp())


def worker_silences(client: Client, limit: float) -> dict[str, float]:
    """Each worker's address -> seconds since the scheduler last heard from it. A scheduler
    that does not answer within `limit` is a TwsoloError."""

    def silences(dask_scheduler: Any = None) -> dict[str, float]:  # run on the scheduler
        now = time.time()
        return {w.address: now - w.last_seen for w in dask_scheduler.workers.values()}

    try:
        found: dict[str, float] = client.run_on_scheduler(silences, callback_timeout=limit)
    except (OSError, TimeoutError) as exc:
        raise TwsoloError(
            f"the Dask scheduler does not answer ({str(exc) or f'for {limit:g} s'}): the run stops"
        ) from None
    return found


def remove_worker(client: Client, worker: str, limit: float) -> None:
    async def remove(worker: str, dask_scheduler: Any = None) -> None:  # run on the scheduler
        await dask_scheduler.remove_worker(worker, stimulus_id="twsolo-worker-timeout")

    with contextlib.suppress(OSError, TimeoutError):  # the next look says what is wrong
        client.run_on_scheduler(remove, worker, callback_timeout=limit)


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


class WithoutHttp:
    """A Dask server without the HTTP server Dask starts on every scheduler (at 8787) and
    every worker (on a free port), dashboard or not: metrics, health checks and the task
    graph's JSON to whoever connects (issue #40). The local cluster's workers, and its
    scheduler unless $TWSOLO_DASHBOARD asks for the dashboard, mix it in."""

    def start_http_server(
        self, routes: Any, dashboard_address: Any, default_port: int = 0, ssl_options: Any = None
    ) -> None:
        self.http_application = RoutingApplication([])  # what closing the server stops


class SchedulerWithoutHttp(WithoutHttp, Scheduler):
    pass


class WorkerWithoutHttp(WithoutHttp, Worker):
    pass


def local_cluster(workers: int) -> SpecCluster:
    """`workers` single-threaded worker processes (each under its nanny, which starts it again
    if it dies) and their scheduler, all on 127.0.0.1: Dask's LocalCluster, less its HTTP
    servers."""
    dashboard = dashboard_address()
    worker = {
        "cls": Nanny,
        "options": {
            "host": LOOPBACK,
            "nthreads": 1,
            "worker_class": WorkerWithoutHttp,
            # LocalCluster's: the machine's memory shared between the workers
            "memory_limit": parse_memory_limit("auto", 1, max(1, workers), logger=LOG),
            "silence_logs": logging.CRITICAL,
        },
    }
    scheduler = {
        "cls": Scheduler if dashboard else SchedulerWithoutHttp,
        "options": {
            "host": LOOPBACK,
            "port": 0,
            "dashboard": dashboard is not None,
            "dashboard_address": dashboard,
        },
    }
    return SpecCluster(
        scheduler=scheduler,
        workers=dict.fromkeys(range(workers), worker),
        worker=worker,
        silence_logs=logging.CRITICAL,
    )


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


def client_in_time(address: str) -> Client:
    """Dask's client of the scheduler at `address`, within twice CONNECT_TIMEOUT: Dask's own
    timeout does not hold against a peer that answered the probe, then leaves the client's
    connection unanswered in its backlog (it waited until the peer closed it: 30 s, and
    more). Connected in a daemon thread, left behind if it takes too long."""
    outcome: list[Client | Exception] = []

    def connect() -> None:
        try:
            outcome.append(Client(address, timeout=f"{CONNECT_TIMEOUT}s"))
        except Exception as exc:  # said by the caller
            outcome.append(exc)

    threading.Thread(target=connect, name="twsolo-dask-connect", daemon=True).start()
    deadline = time.monotonic() + 2 * CONNECT_TIMEOUT
    while not outcome and time.monotonic() < deadline:
        time.sleep(POLL)
    if not outcome:
        raise TimeoutError(f"no answer within {2 * CONNECT_TIMEOUT} s")
    if isinstance(outcome[0], Exception):
        raise outcome[0]
    return outcome[0]


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


def rerun_keys(client: Client, run: str, limit: float) -> list[str]:
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

    keys: list[str] = client.run_on_scheduler(lost, run, callback_timeout=limit)
    return keys
