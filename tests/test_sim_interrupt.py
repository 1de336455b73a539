"""Ctrl-C during `twsolo simulate` (issue #17): a real SIGINT to the whole process group, as a
terminal sends it, stops every backend with the summary of the games finished so far, marked
partial, and never a traceback."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

TERMINAL = (
    "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "sys.argv[0] = 'twsolo'; runpy.run_module('twsolo', run_name='__main__')"
)
REPORT = importlib.util.find_spec("matplotlib") is not None  # the page says "partial" too
BACKENDS = [
    pytest.param(["--workers", "1"], id="this-process"),
    pytest.param(["--workers", "2"], id="process-pool"),
    pytest.param(
        ["--cluster", "local:2"],
        id="dask-local-cluster",
        marks=pytest.mark.skipif(
            importlib.util.find_spec("distributed") is None,
            reason="the cluster extra is not installed: pip install 'twsolo[cluster]'",
        ),
    ),
]


@pytest.mark.parametrize("backend", BACKENDS)
def test_ctrl_c_reports_the_games_finished_so_far(backend: list[str], tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    # As from a terminal: Ctrl-C handled, even where this test runs with SIGINT ignored (a
    # background job of a non-interactive shell, which its children would inherit).
    command = [sys.executable, "-c", TERMINAL, "simulate", "--games", "5000"]
    command += ["--human", "greedy", "--json", "--log", str(logs), *backend]
    page = tmp_path / "report.html"
    if REPORT:
        command += ["--report", str(page)]
    # Its own session, so that the signal reaches it and its workers as Ctrl-C would.
    with subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    ) as process:
        try:
            deadline = time.monotonic() + 120
            while len(list(logs.glob("*.jsonl"))) < 3:  # a few games are finished
                assert process.poll() is None, process.communicate()
                assert time.monotonic() < deadline, "no game finished in two minutes"
                time.sleep(0.1)
            os.killpg(process.pid, signal.SIGINT)
            stdout, stderr = process.communicate(timeout=120)
        finally:
            if process.poll() is None:  # the test failed: leave nothing running
                os.killpg(process.pid, signal.SIGKILL)
                process.communicate()
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr, stderr
    assert "Interrupted:" in stderr, stderr
    report = json.loads(stdout)
    finished = report["summary"]["games"]
    assert report["run"]["partial"] is True
    assert report["run"]["finished"] == finished
    assert 3 <= finished < 5000
    # Every game reported is one whose log was written, and no other.
    assert finished == len(list(logs.glob("*.jsonl")))
    if REPORT:
        assert f"{finished} of 5000 games finished" in page.read_text()
