"""The suite's guard against a test that never ends (tests/conftest.py): past TWSOLO_TEST_LIMIT
seconds the run prints every thread's stack on the terminal and stops with a failure, so CI
fails in minutes with the place it hung instead of waiting out its clock."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def test_a_test_past_the_limit_stops_the_run_with_its_stack(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text((HERE / "conftest.py").read_text())
    (tmp_path / "test_hangs.py").write_text(
        "import threading\n\ndef test_waits_forever():\n    threading.Event().wait()\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "TWSOLO_TEST_LIMIT": "2", "HYPOTHESIS_PROFILE": "ci"},
    )
    assert run.returncode != 0
    assert "Timeout (0:00:02)!" in run.stderr
    assert "in test_waits_forever" in run.stderr


def test_the_long_profiles_have_no_limit() -> None:
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import conftest; print(conftest.TEST_LIMIT)"
    )
    for profile, limit in [("ci", "900.0"), ("dev", "900.0"), ("conformance", "0.0")]:
        env = {k: v for k, v in os.environ.items() if k != "TWSOLO_TEST_LIMIT"}
        run = subprocess.run(
            [sys.executable, "-c", code, str(HERE)],
            capture_output=True,
            text=True,
            env={**env, "HYPOTHESIS_PROFILE": profile},
            check=True,
        )
        assert run.stdout.strip() == limit, profile
