"""The Dask backend fails with a message and an exit status, never a traceback or a silent wait
(issue #40): a peer that replays a scheduler's handshake, a scheduler with no worker, a worker
stopped or gone (--worker-timeout, then the run goes on without it or stops); and the clusters
twsolo starts listen on nothing but the ports Dask's messages need (no HTTP server, no
dashboard) unless $TWSOLO_DASHBOARD asks for it. Everything here is on 127.0.0.1."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import time
from collections.abc import Callable, Iterator

import pytest
from click.testing import CliRunner, Result

from twsolo.cli.main import cli
from twsolo.sim.backends import make_pool
from twsolo.sim.runs import GameSpec, play

from .peers import peer

psutil = pytest.importorskip("psutil", reason="psutil comes with the cluster extra")
distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")

# Only with the extra installed: the backend imports Dask.
from twsolo.sim import cluster  # noqa: E402

LIMIT = 2  # --worker-timeout in these tests, seconds


@contextlib.contextmanager
def local(workers: int) -> Iterator[tuple[str, distributed.Client]]:
    """A cluster of `workers` worker processes, as `--cluster local:N` starts it, and a client
    watching it; its worker processes killed at the end, stopped or not."""
    started = cluster.local_cluster(workers)
    watcher = distributed.Client(started)
    pids: dict[str, int] = {}
    try:
        pids = watcher.run(os.getpid)
        yield started.scheduler_address, watcher
    finally:
        for pid in pids.values():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        watcher.close()
        started.close(timeout=10)


def simulate(address: str, *args: str) -> tuple[Result, float]:
    start = time.monotonic()
    result = CliRunner().invoke(
        cli,
        ["simulate", "--games", "4", "--cluster", address, "--worker-timeout", str(LIMIT), *args],
    )
    return result, time.monotonic() - start


def handshake(address: str) -> bytes:
    """The bytes a real scheduler sends first."""
    host, _, port = address.removeprefix("tcp://").rpartition(":")
    with socket.create_connection((host, int(port)), timeout=5) as conn:
        time.sleep(0.2)
        return conn.recv(1 << 16)


@pytest.mark.parametrize(
    "then",
    [
        lambda conn, hello: conn.sendall(hello),  # the first message again
        lambda conn, hello: conn.sendall(b"\x01" * 4096),  # a frame length of exabytes
        lambda conn, hello: None,  # nothing more, the connection closed
        lambda conn, hello: time.sleep(6),  # and the next connection left in the backlog
    ],
    ids=["twice", "garbage", "closed", "held"],
)
def test_a_peer_replaying_a_schedulers_handshake_is_a_clear_error(
    then: Callable[[socket.socket, bytes], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2)
    with local(0) as (address, _):
        hello = handshake(address)
    assert b"compression" in hello

    def replay(conn: socket.socket) -> None:
        conn.sendall(hello)
        then(conn, hello)

    with peer(replay) as fake:
        result, seconds = simulate(fake)
    assert result.exit_code == 2, result.output
    assert f"--cluster {fake}: the peer there answered Dask's handshake" in result.stderr or (
        f"cannot reach the Dask scheduler at {fake}: no answer within" in result.stderr
    )
    assert "Traceback" not in result.output
    assert seconds < 10


def test_a_scheduler_with_no_worker_is_a_clear_error_in_time() -> None:
    with local(0) as (address, _):
        result, seconds = simulate(address)
    assert result.exit_code == 2, result.output
    assert f"no Dask worker joined the scheduler at {address} within {LIMIT} s" in result.stderr
    assert "Traceback" not in result.output
    assert seconds < LIMIT + 5


def test_a_stopped_worker_is_left_behind_and_with_none_left_the_run_stops() -> None:
    specs = [GameSpec(seed, "us", "random") for seed in range(6)]
    said: list[str] = []
    with local(2) as (address, watcher):
        (left, left_pid), (_, last_pid) = watcher.run(os.getpid).items()
        os.kill(left_pid, signal.SIGSTOP)
        pool = cluster.DaskPool(address, LIMIT, said.append)
        with pool:
            results = dict(pool.completed(play, specs))
        assert [results[i].seed for i in range(6)] == list(range(6))
        (notice,) = said
        assert f"The Dask worker {left} has not answered for" in notice
        assert "the run goes on without it, its games on the other workers" in notice
        # The one worker left stopped too: nothing to go on with.
        os.kill(last_pid, signal.SIGSTOP)
        result, seconds = simulate(address)
    assert result.exit_code == 2, result.output
    assert f"the Dask cluster {address}: every worker has been silent for over {LIMIT} s" in (
        result.stderr
    )
    assert "the run stops, 0 of 4 games finished" in result.stderr
    assert "Traceback" not in result.output
    assert seconds < 2 * LIMIT + 5


def test_a_run_whose_only_worker_goes_away_stops_with_a_message() -> None:
    specs = [GameSpec(seed, "us", "random") for seed in range(40)]
    worker = {"cls": cluster.WorkerWithoutHttp, "options": {"host": "127.0.0.1", "nthreads": 1}}
    with distributed.SpecCluster(
        scheduler={"cls": cluster.SchedulerWithoutHttp, "options": {"host": "127.0.0.1"}},
        workers={0: worker},  # in this process: closed, it is gone for good
    ) as started:
        start = time.monotonic()
        with cluster.DaskPool(started.scheduler_address, LIMIT) as pool:
            games = pool.completed(play, specs)
            next(games)
            started.scale(0)
            with pytest.raises(cluster.TwsoloError) as error:
                list(games)
    seconds = time.monotonic() - start
    assert f"no worker has been connected for over {LIMIT} s" in str(error.value)
    assert "the run stops" in str(error.value)
    assert seconds < 2 * LIMIT + 10


def listening(process: psutil.Process) -> set[int]:
    """The ports `process` and its children listen on (all on loopback, checked too)."""
    ports = set()
    for p in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            for c in p.net_connections(kind="inet"):
                if c.status == psutil.CONN_LISTEN:
                    assert c.laddr.ip == "127.0.0.1", c
                    ports.add(c.laddr.port)
    return ports


def port(address: str) -> int:
    return int(address.rpartition(":")[2])


@pytest.mark.parametrize("dashboard", [None, "0"])
def test_a_local_cluster_listens_only_where_dask_talks(
    dashboard: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No HTTP server at all (Dask starts one on 8787 and one per worker, dashboard or not),
    unless TWSOLO_DASHBOARD asks for the dashboard: then that one port more."""
    if dashboard is None:
        monkeypatch.delenv("TWSOLO_DASHBOARD", raising=False)
    else:
        monkeypatch.setenv("TWSOLO_DASHBOARD", dashboard)
    specs = [GameSpec(seed, "us", "random") for seed in range(4)]
    with make_pool(cluster="local:1") as pool:
        assert isinstance(pool, cluster.DaskPool)
        assert pool.client is not None
        for _ in pool.completed(play, specs):  # during a run
            found = listening(psutil.Process())
        info = pool.client.scheduler_info(n_workers=-1)
        talking = {port(info["address"])}
        talking |= {port(w) for w in info["workers"]}
        talking |= {port(w["nanny"]) for w in info["workers"].values()}
        link = pool.client.dashboard_link
    assert len(talking) == 3  # the scheduler, the nanny, the worker
    if dashboard is None:
        assert found == talking
        assert not link
    else:
        (extra,) = found - talking
        assert link == f"http://127.0.0.1:{extra}/status"
    assert 8787 not in found - ({extra} if dashboard else set())


def test_worker_processes_listen_on_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TWSOLO_DASHBOARD", raising=False)
    specs = [GameSpec(seed, "us", "random") for seed in range(4)]
    before = listening(psutil.Process())
    with make_pool(workers=2) as pool:
        for _ in pool.completed(play, specs):
            assert listening(psutil.Process()) == before


def test_a_result_given_up_on_is_not_reported_as_an_error() -> None:
    """Watch.result stops waiting for a result whose worker went; Dask's task left behind ends
    with AllExit when the client closes, which asyncio would print as a traceback."""

    def record(exc: BaseException) -> logging.LogRecord:
        return logging.LogRecord(
            "asyncio",
            logging.ERROR,
            __file__,
            1,
            "Task exception was never retrieved",
            None,
            (type(exc), exc, None),
        )

    asyncio_log = logging.getLogger("asyncio")
    assert asyncio_log.filter(record(RuntimeError("a real one")))
    assert not asyncio_log.filter(record(cluster.AllExit()))
