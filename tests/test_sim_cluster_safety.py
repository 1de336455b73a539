"""The Dask backend shows nothing to the network and refuses what is not Dask (issue #27): a
local cluster listens on loopback only (its dashboard off unless asked for, and then on
127.0.0.1), a peer that is not a scheduler is a clear error within the timeout, and local:N
is bounded."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.errors import TwsoloError

from .peers import flood, http, noise, peer, silent, small_lie

psutil = pytest.importorskip("psutil", reason="psutil comes with the cluster extra")
pytest.importorskip("distributed", reason="the cluster extra is not installed")

# Only with the extra installed: the backend imports Dask.
from twsolo.sim import cluster  # noqa: E402
from twsolo.sim.cluster import WORKERS_PER_CORE, DaskPool  # noqa: E402


def listening(process: psutil.Process) -> list[tuple[int, str, int]]:
    """(pid, address, port) of every listening socket of `process` and its children."""
    found = []
    for p in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            for c in p.net_connections(kind="inet"):
                if c.status == psutil.CONN_LISTEN:
                    found.append((p.pid, c.laddr.ip, c.laddr.port))
    return found


def test_a_local_cluster_listens_on_loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TWSOLO_DASHBOARD", raising=False)
    with DaskPool("local:2") as pool:
        assert pool.client is not None
        assert len(pool.client.nthreads()) == 2
        sockets = listening(psutil.Process())
        assert not pool.client.dashboard_link  # off: TWSOLO_DASHBOARD is unset
    assert len({pid for pid, _, _ in sockets}) >= 3  # this process and two workers at least
    assert [s for s in sockets if not ipaddress.ip_address(s[1]).is_loopback] == []


def test_the_dashboard_is_on_loopback_when_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWSOLO_DASHBOARD", "0")
    assert cluster.dashboard_address() == "127.0.0.1:0"
    monkeypatch.setenv("TWSOLO_DASHBOARD", "0.0.0.0:8787")
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--cluster", "local:1"])
    assert result.exit_code == 2
    assert "listens on 127.0.0.1 only" in result.stderr


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (silent, "no Dask scheduler answers there"),
        (http, "that is not a Dask scheduler"),
        (noise, "that is not a Dask scheduler"),
        (small_lie, "that is not a Dask scheduler"),
        (flood, "that is not a Dask scheduler"),
    ],
)
def test_a_peer_that_is_not_a_scheduler_is_a_clear_error_in_time(
    answer: Callable[[socket.socket], None], said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2)
    with peer(answer) as address:
        start = time.monotonic()
        result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--cluster", address])
        seconds = time.monotonic() - start
    assert result.exit_code == 2, result.output
    assert said in result.stderr
    assert "Traceback" not in result.output
    assert seconds < 10


def test_local_n_is_bounded_by_the_cores() -> None:
    too_many = (os.cpu_count() or 1) * WORKERS_PER_CORE + 1
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--cluster", f"local:{too_many}"])
    assert result.exit_code == 2
    assert f"at most {too_many - 1} workers on this machine" in result.stderr


def test_a_worker_that_cannot_write_the_rules_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")  # $TMPDIR/twsolo-rules cannot be made under a file
    monkeypatch.setattr(tempfile, "tempdir", str(blocked))
    monkeypatch.setattr(cluster, "UNPACKED", {})
    with pytest.raises(TwsoloError, match=r"cannot write the job's rules to .*give that worker"):
        cluster.unpacked(cluster.bundle_rules(None))
