"""The round of hostile and unlucky use of issue #27, run again: links planted in save and log
folders, outputs that cannot be written, peers that are not Dask, a local cluster's sockets,
damaged and special log files, control characters in rules and names, closed or ASCII-only
terminals, a complex YAML key, a worker that cannot write its rules.

    .venv/bin/python scripts/hostile.py [--logs 400] [--no-cluster]

Each attack is a `twsolo` subprocess with a timeout (the damaged logs run in-process, through
the same command line). It prints one line per attack and four counts, each 0 when all holds:
tracebacks, hangs, writes outside the save or log folder (files planted outside, compared
before and after), and sockets listening off loopback during a `--cluster local:2` run.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import json
import os
import random
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

TWSOLO = [sys.executable, "-m", "twsolo"]
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/peers.py
TIMEOUT = 60.0
SECRET = "the owner's file: never to be written by twsolo\n"


@dataclass
class Tally:
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    sockets: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    attacks: int = 0


TALLY = Tally()


def twsolo(
    name: str,
    args: list[str],
    *,
    text: str | None = "quit\n",
    expect: Callable[[subprocess.CompletedProcess[str]], bool] | None = None,
    timeout: float = TIMEOUT,
    env: dict[str, str] | None = None,
    shell_redirect: str = "",
    cwd: Path | None = None,
    as_user: bool = True,
) -> subprocess.CompletedProcess[str] | None:
    """One attack: run twsolo, count a traceback, a hang, or an outcome other than `expect`."""
    TALLY.attacks += 1
    full_env = {**os.environ, **(env or {})}
    try:
        if shell_redirect:  # `>&-` and `<&-`: the shell closes the stream
            argv = ["sh", "-c", " ".join(map(shlex.quote, [*TWSOLO, *args])) + " " + shell_redirect]
        else:
            argv = [*(TWSOLO if as_user else [sys.executable, "-c", READ_ONLY_AS_ROOT]), *args]
        done = subprocess.run(
            argv,
            input=text,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=full_env,
            cwd=cwd,
            errors="replace",
        )
    except subprocess.TimeoutExpired:
        TALLY.hangs.append(name)
        print(f"HANG       {name}")
        return None
    output = (done.stdout or "") + (done.stderr or "")
    if "Traceback (most recent call last)" in output:
        TALLY.tracebacks.append(name)
        print(f"TRACEBACK  {name}\n{output[-600:]}")
    elif expect is not None and not expect(done):
        TALLY.unexpected.append(name)
        print(f"UNEXPECTED {name}: exit {done.returncode}: {output.strip()[-300:]}")
    else:
        print(f"ok         {name} (exit {done.returncode})")
    return done


def refused(says: str) -> Callable[[subprocess.CompletedProcess[str]], bool]:
    return lambda done: done.returncode != 0 and says in done.stderr


def succeeded(done: subprocess.CompletedProcess[str]) -> bool:
    return done.returncode == 0


class Outside:
    """Files outside every save and log folder that links point at: none may change."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir()
        self.made: list[Path] = []
        self.folders: list[Path] = []  # checked by their attack

    def file(self, name: str) -> Path:
        path = self.root / name
        path.write_text(SECRET)
        self.made.append(path)
        return path

    def check(self, attack: str) -> None:
        for path in self.made:
            if not path.exists() or path.is_symlink() or path.read_text() != SECRET:
                TALLY.outside.append(f"{attack}: {path.name}")
                print(f"WRITTEN    {attack}: {path} changed")
        known = {*self.made, *self.folders}
        extra = sorted(p.name for p in self.root.iterdir() if p not in known)
        if extra:
            TALLY.outside.append(f"{attack}: new files {extra}")


def new_game(home: Path, name: str) -> Path:
    subprocess.run(
        [*TWSOLO, "new", "--name", name, "--seed", "5", "--home", str(home)],
        input="1 2 3\n1 2 3\n1 2 3\nquit\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return home / "games" / name


# ---------------------------------------------------------------- the attacks
def links(tmp: Path, outside: Outside) -> None:
    for name in (".lock", "journal.jsonl", "game.json", "state.json"):
        home = tmp / f"links-{name}"
        folder = new_game(home, "g")
        target = outside.file(f"target{name}")
        (folder / name).unlink()
        os.symlink(target, folder / name)
        for args in (["play", "g"], ["show", "g"], ["list"]):
            twsolo(f"link {name}: {args[0]}", [*args, "--home", str(home)], text="1 2 3\nquit\n")
        outside.check(f"link {name}")
    home = tmp / "links-bak"
    folder = new_game(home, "g")
    with open(folder / "journal.jsonl", "a") as f:
        f.write('{"seq": 99, "ty')
    os.symlink(outside.file("target.bak"), folder / "journal.jsonl.bak")
    twsolo(
        "link journal.jsonl.bak: play --drop-torn-line",
        ["play", "g", "--drop-torn-line", "--home", str(home)],
        expect=refused("symbolic link"),
    )
    outside.check("link journal.jsonl.bak")
    home = tmp / "links-folder"
    folder = new_game(home, "g")
    moved = outside.root / "a-game-folder"
    folder.rename(moved)
    os.symlink(moved, folder)
    before = {p.name: p.read_bytes() for p in moved.iterdir()}
    twsolo(
        "link game folder: play",
        ["play", "g", "--home", str(home)],
        text="1 2 3\nquit\n",
        expect=refused("symbolic link"),
    )
    if {p.name: p.read_bytes() for p in moved.iterdir()} != before:
        TALLY.outside.append("link game folder")
    outside.folders.append(moved)
    logs = tmp / "links-log"
    logs.mkdir()
    os.symlink(outside.file("target.part"), logs / "game-000004-ai-us.jsonl.part")
    twsolo(
        "link log .part",
        [
            "simulate",
            "--games",
            "1",
            "--seed",
            "4",
            "--ai-side",
            "us",
            "--log",
            str(logs),
            "--overwrite",
        ],
        expect=succeeded,
    )
    outside.check("link log .part")


def simulation_outputs(tmp: Path) -> None:
    logs = tmp / "china"
    twsolo(
        "China Card on the table (seed 5033 ussr --log)",
        ["simulate", "--games", "1", "--seed", "5033", "--ai-side", "ussr", "--log", str(logs)],
        expect=succeeded,
    )
    if logs.exists():
        twsolo("replay seed 5033", ["replay", str(next(logs.glob("*.jsonl")))], expect=succeeded)
    twsolo(
        "--report nodir/r.html",
        ["simulate", "--games", "2", "--report", str(tmp / "nodir" / "r.html")],
        expect=refused("no folder"),
    )
    twsolo(
        "--report /dev/full",
        ["simulate", "--games", "1", "--report", "/dev/full"],
        expect=refused("a device, not a regular file: refused"),
    )
    twsolo(
        "--log /proc/x", ["simulate", "--games", "2", "--log", "/proc/x"], expect=refused("--log")
    )
    twsolo(
        "--log an earlier run's folder",
        ["simulate", "--games", "1", "--log", str(logs)],
        expect=refused("not empty"),
    )


def cluster(tmp: Path) -> None:
    from tests.peers import flood, http, noise, peer, silent, small_lie

    peers: dict[str, Callable[[socket.socket], None]] = {
        "silent": silent,
        "HTTP": http,
        "random bytes": noise,
        "lying length": small_lie,
        "flood": flood,
    }
    for name, answer in peers.items():
        with peer(answer) as address:
            twsolo(
                f"--cluster at a {name} peer",
                ["simulate", "--games", "1", "--cluster", address],
                expect=refused("Dask scheduler"),
                timeout=40,
            )
    twsolo(
        "--cluster local:100000",
        ["simulate", "--games", "1", "--cluster", "local:100000"],
        expect=refused("at most"),
    )
    blocked = tmp / "tmpdir"
    blocked.mkdir()
    (blocked / "twsolo-rules").write_text("")
    twsolo(
        "a worker that cannot write $TMPDIR/twsolo-rules",
        ["simulate", "--games", "1", "--cluster", "local:1"],
        env={"TMPDIR": str(blocked)},
        expect=refused("cannot write the job's rules"),
        timeout=120,
    )
    listening_off_loopback()


def listening_off_loopback() -> None:
    """Every listening socket of a `--cluster local:2` run, sampled while it runs."""
    try:
        import psutil
    except ImportError:
        print("skipped    sockets of local:2 (psutil is not installed)")
        return
    TALLY.attacks += 1
    run = subprocess.Popen(
        [*TWSOLO, "simulate", "--games", "30", "--cluster", "local:2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen: set[tuple[str, int]] = set()
    deadline = time.monotonic() + 180
    while run.poll() is None and time.monotonic() < deadline:
        with contextlib.suppress(psutil.Error):
            tree = psutil.Process(run.pid)
            for p in [tree, *tree.children(recursive=True)]:
                with contextlib.suppress(psutil.Error):
                    for c in p.net_connections(kind="inet"):
                        if c.status == psutil.CONN_LISTEN:
                            seen.add((c.laddr.ip, c.laddr.port))
        time.sleep(0.2)
    if run.poll() is None:
        run.kill()
        TALLY.hangs.append("local:2 run")
    out, err = run.communicate()
    if "Traceback (most recent call last)" in out + err:
        TALLY.tracebacks.append("local:2 run")
    off = sorted(s for s in seen if not ipaddress.ip_address(s[0]).is_loopback)
    TALLY.sockets.extend(f"{ip}:{port}" for ip, port in off)
    print(
        f"{'ok' if not off else 'OFF LOOPBACK':10} sockets of local:2: {len(seen)} listening, "
        f"{len(off)} off loopback"
    )


def replays(tmp: Path, count: int) -> None:
    fifo = tmp / "fifo"
    os.mkfifo(fifo)
    twsolo("replay a FIFO", ["replay", str(fifo)], expect=refused("not a regular file"), timeout=20)
    twsolo(
        "replay /dev/zero",
        ["replay", "/dev/zero"],
        expect=refused("not a regular file"),
        timeout=20,
    )
    escape = tmp / "escape.jsonl"
    escape.write_text(
        json.dumps(
            {
                "type": "header",
                "format": "twsolo-gamelog",
                "version": 1,
                "note": "\x1b]0;owned\x07\x1b[2J",
            }
        )
        + "\n"
    )
    done = twsolo("replay a log with escape sequences", ["replay", str(escape)])
    if done is not None and "\x1b" in done.stdout + done.stderr:
        TALLY.unexpected.append("raw escape from a log")
    damaged_logs(tmp, count)


def damaged_logs(tmp: Path, count: int) -> None:
    """`count` single mutations of a real log, each through the command line in-process."""
    from click.testing import CliRunner

    from twsolo.cli.main import cli
    from twsolo.sim.runs import GameSpec, play_logged

    _, lines = play_logged(GameSpec(7, "ussr"))
    rng = random.Random(27)
    values = [None, True, -1, 2**70, 1.5, "2", "", "\x1b[2J", [], {}, [1, [2]], {"a": 1}]
    path = tmp / "damaged.jsonl"
    failures = 0
    for n in range(count):
        mutated = list(lines)
        i = rng.randrange(len(mutated))
        raw = json.loads(mutated[i])
        how = rng.choice(["value", "drop", "cut", "bytes"])
        if how == "value":
            raw[rng.choice(sorted(raw))] = rng.choice(values)
            mutated[i] = json.dumps(raw)
        elif how == "drop":
            del raw[rng.choice(sorted(raw))]
            mutated[i] = json.dumps(raw)
        elif how == "cut":
            mutated[i] = mutated[i][: rng.randrange(len(mutated[i]) + 1)]
        data = ("\n".join(mutated) + "\n").encode()
        if how == "bytes":
            at = rng.randrange(len(data))
            data = data[:at] + rng.randbytes(4) + data[at:]
        path.write_bytes(data)
        result = CliRunner().invoke(cli, ["replay", str(path)])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            failures += 1
            TALLY.tracebacks.append(f"damaged log {n} ({how}): {result.exception!r}")
    TALLY.attacks += count
    print(f"{'ok' if not failures else 'TRACEBACK':10} {count} damaged logs: {failures} tracebacks")


def names_and_terminals(tmp: Path) -> None:
    from twsolo.ruleset.paths import rules_dir

    rules = tmp / "rules"
    shutil.copytree(rules_dir(), rules)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: Asia Scoring", 'name: "Asia\\e[2J\\a"', 1))
    twsolo(
        "rules name with ESC and BEL: validate",
        ["validate", "--rules", str(rules)],
        expect=refused("control character"),
    )
    home = tmp / "terminal"
    new_game(home, "g")
    twsolo(
        "PYTHONIOENCODING=ascii, a non-ASCII answer",
        ["play", "g", "--home", str(home)],
        text="é\nquit\n",
        env={"PYTHONIOENCODING": "ascii"},
        expect=succeeded,
    )
    twsolo("play g >&-", ["play", "g", "--home", str(home)], shell_redirect=">&-")
    twsolo("play g <&-", ["play", "g", "--home", str(home)], shell_redirect="<&-")
    journal = home / "games" / "g" / "journal.jsonl"
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join(lines))  # no newline at its end: play opens it for writing
    os.chmod(journal, 0o444)
    twsolo(
        "a read-only journal in a writable folder (refused: exit 2)",
        ["play", "g", "--home", str(home)],
        text="1 2 3\nquit\n",
        as_user=os.geteuid() != 0,
        expect=refused("Permission denied"),
    )
    os.chmod(journal, 0o644)
    scenario = tmp / "complex.yaml"
    scenario.write_text("ai_side: us\nturn: 1\naction_round: 1\n? [a, b]\n: 1\n")
    for command in ("decide", "score"):
        twsolo(
            f"a scenario with a complex key: {command}",
            [command, str(scenario)],
            expect=refused("not a string"),
        )


# Root writes a file whatever its mode: as root, the read-only journal is the kernel's refusal
# to open it for writing, made by wrapping os.open (as a user without write permission meets).
READ_ONLY_AS_ROOT = """
import errno, os, sys
real = os.open
def refuse(path, flags, *args, **kwargs):
    if str(path).endswith("journal.jsonl") and flags & (os.O_WRONLY | os.O_RDWR):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    return real(path, flags, *args, **kwargs)
os.open = refuse
sys.argv = ["twsolo", *sys.argv[1:]]
from twsolo.cli.main import main
main()
"""


def saves(tmp: Path) -> None:
    scratch = tmp / "cwd"
    scratch.mkdir()
    twsolo(
        "TWSOLO_HOME='~/tw'",
        ["new", "--name", "g"],
        env={"TWSOLO_HOME": "~/tw", "HOME": str(tmp)},
        cwd=scratch,
        expect=lambda d: d.returncode == 0 and (tmp / "tw" / "games" / "g").is_dir(),
    )
    if (scratch / "~").exists():
        TALLY.outside.append("TWSOLO_HOME='~/tw' saved under ./~")
    home = tmp / "names"
    done = twsolo("a game named -x", ["new", "--name", "-x", "--home", str(home)])
    if done is not None:
        words = shlex.split(done.stdout.rpartition("Resume with: ")[2].strip())
        twsolo(
            "its resume command",
            ["play", "--home", str(home), *words[words.index("play") + 1 :]],
            expect=lambda d: d.returncode == 0 and "Resuming '-x'" in d.stdout,
        )
    for n in range(2):
        twsolo(
            f"unnamed new {n + 1} in the same second",
            ["new", "--home", str(home)],
            expect=succeeded,
        )
    listed = subprocess.run([*TWSOLO, "list", "--home", str(home)], capture_output=True, text=True)
    if listed.stdout.count("game-") < 2:
        TALLY.unexpected.append("two unnamed games in one second")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=400, help="damaged logs to replay")
    parser.add_argument("--no-cluster", action="store_true", help="skip the Dask attacks")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        os.chmod(tmp, 0o755)
        outside = Outside(tmp / "outside")
        links(tmp, outside)
        simulation_outputs(tmp)
        if not args.no_cluster:
            cluster(tmp)
        replays(tmp, args.logs)
        names_and_terminals(tmp)
        saves(tmp)
        outside.check("the end")
    t = TALLY
    print(
        f"\n{t.attacks} attacks: {len(t.tracebacks)} tracebacks, {len(t.hangs)} hangs, "
        f"{len(t.outside)} writes outside the save or log folder, {len(t.sockets)} sockets off "
        f"loopback ({len(t.unexpected)} other unexpected outcomes)"
    )
    for label, items in (
        ("tracebacks", t.tracebacks),
        ("hangs", t.hangs),
        ("outside", t.outside),
        ("sockets", t.sockets),
        ("unexpected", t.unexpected),
    ):
        for item in items[:10]:
            print(f"  {label}: {item}")
    sys.exit(1 if t.tracebacks or t.hangs or t.outside or t.sockets else 0)


if __name__ == "__main__":
    main()
