"""The Dask backend of `twsolo simulate` (issue #17): a LocalCluster gives the process pool's
results, a worker killed mid-run has its games re-run and counted, and the rules travel with
the job, their digest checked on the worker."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.ruleset.load import rules_digest
from twsolo.sim.backends import make_pool
from twsolo.sim.pool import ProcessPool
from twsolo.sim.runs import GameSpec, play

distributed = pytest.importorskip(
    "distributed", reason="the cluster extra is not installed: pip install 'twsolo[cluster]'"
)


def run(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def timeless(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "seconds_per_game"}


def test_a_local_cluster_gives_the_process_pools_results() -> None:
    args = ("--games", "8", "--seed", "11", "--human", "random")
    dask = run(*args, "--cluster", "local:2")
    processes = run(*args, "--workers", "2")
    assert timeless(dask["summary"]) == timeless(processes["summary"])
    assert dask["run"]["backend"] == "Dask cluster local:2"
    assert dask["run"]["retried"] == 0
    assert dask["run"]["partial"] is False


def test_a_worker_killed_mid_run_has_its_games_rerun() -> None:
    specs = [GameSpec(seed, ("us", "ussr")[seed % 2], "greedy") for seed in range(24)]
    from twsolo.sim.cluster import local_cluster

    cluster = local_cluster(2)  # as `--cluster local:2` starts it: on 127.0.0.1 only
    watcher = distributed.Client(cluster)
    try:
        pids = watcher.run(os.getpid)
        results: dict[int, Any] = {}
        with make_pool(cluster=cluster.scheduler_address) as pool:
            for index, summary in pool.completed(play, specs):
                results[index] = summary
                if len(results) == 3:
                    # the moment a worker holds a game: kill it (SIGKILL, nothing said)
                    deadline = time.monotonic() + 10
                    busy: list[str] = []
                    while not busy and time.monotonic() < deadline:
                        busy = [w for w, keys in watcher.processing().items() if keys]
                    assert busy, "no worker was running a game"
                    os.kill(pids[busy[0]], signal.SIGKILL)
        assert pool.retried >= 1
    finally:
        watcher.close()
        cluster.close()
    expected = [g.to_dict() for g in ProcessPool(2).map(play, specs)]
    got = [results[i].to_dict() for i in range(len(specs))]
    for g in (*expected, *got):
        del g["seconds"]
    assert got == expected


def test_the_rules_travel_with_the_job_and_a_worker_with_other_rules_fails_loudly(
    tmp_path: Path, rules_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The workers (spawned processes) unpack the shipped rules under their TMPDIR.
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    priorities = rules_copy / "priorities.yaml"
    priorities.write_text(
        priorities.read_text().replace("battleground_extra: 1", "battleground_extra: 3")
    )
    args = ("--games", "4", "--human", "random", "--rules", str(rules_copy))
    shipped = tmp_path / "twsolo-rules" / rules_digest(rules_copy)
    assert timeless(run(*args, "--cluster", "local:1")["summary"]) == timeless(
        run(*args)["summary"]
    )
    assert sorted(p.name for p in shipped.iterdir()) == sorted(
        p.name for p in rules_copy.glob("*.yaml")
    )
    # A worker whose copy under that digest was changed refuses to play.
    cards = shipped / "cards.yaml"
    cards.write_text(cards.read_text() + "\n# edited on the worker\n")
    result = CliRunner().invoke(cli, ["simulate", *args, "--cluster", "local:1"])
    assert result.exit_code == 2, result.output
    assert "the rules in" in result.stderr
    assert f"the job's rules {rules_digest(rules_copy)[:16]}" in result.stderr
    assert "Traceback" not in result.output


def test_cluster_addresses_are_checked() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--cluster", "local:x"])
    assert result.exit_code == 2
    assert "local:N needs a number of workers" in result.stderr
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--cluster", "scheduler"])
    assert result.exit_code == 2
    assert "--cluster 'scheduler': missing port number" in result.stderr
    result = CliRunner().invoke(
        cli, ["simulate", "--games", "1", "--cluster", "local", "--workers", "2"]
    )
    assert result.exit_code == 2
    assert "choose one" in result.stderr


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2, result.output
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr


def test_games_go_in_chunks_of_one_rules_directory() -> None:
    from twsolo.sim.cluster import MAX_CHUNK, chunked

    specs = [GameSpec(s, "us", rules_dir="a" if s < 50 else "b") for s in range(100)]
    chunks = chunked(specs, threads=2)
    assert [i for chunk in chunks for i in chunk] == list(range(100))
    assert {len({specs[i].rules_dir for i in chunk}) for chunk in chunks} == {1}
    assert max(len(chunk) for chunk in chunks) == 100 // 16
    assert max(len(c) for c in chunked(specs * 10, threads=2)) == MAX_CHUNK
    assert {len(c) for c in chunked(specs[:5], threads=4)} == {1}
