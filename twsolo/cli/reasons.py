"""The answers of a game as lines a person reads, the AI's reasons under each of its moves:
`twsolo replay` prints a simulated game's log with `move_lines`; `journal_lines` puts the reasons
of the session's AI decisions under a played game's history (`history --to FILE`).

A card dealt face down (a chance answer of kind `deal`) is named only where nobody sits at the
table (a simulation log, and marked there); a player's history never names it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from twsolo.ai.bot import Decision
from twsolo.ai.trace import Step
from twsolo.cli.render import HIDDEN_KINDS, answer_label
from twsolo.engine.choices import Answer
from twsolo.ids import Side
from twsolo.persist.savefile import Entry
from twsolo.ruleset import Ruleset
from twsolo.session.journal_replay import decoded


@dataclass(frozen=True)
class Move:
    """One answer: who gave it, to what, when, and (the AI's) the steps that produced it."""

    turn: int
    action_round: int
    actor: str
    kind: str
    answer: Answer
    steps: tuple[Step, ...] = ()
    event: int | None = None  # the card whose event asked, and the question's key
    key: str = ""


def move_lines(
    rules: Ruleset, move: Move, ai_side: Side | None, *, show_face_down: bool = False
) -> list[str]:
    """`turn T AR N: WHO KIND → ANSWER`, then the reasons (`why_lines`). A card dealt face down
    is named, and marked, only with `show_face_down`."""
    where = f"turn {move.turn} AR {move.action_round}"
    who = move.actor.upper() if move.actor in ("us", "ussr") else move.actor
    if ai_side is not None and move.actor == ai_side.value:
        who += " (AI)"
    if move.kind in HIDDEN_KINDS and show_face_down:
        shown = f"{answer_label(rules, move.answer)} [dealt face down: nobody at a table sees it]"
    else:
        shown = answer_label(rules, move.answer, move.kind)
    asked = f"  [#{move.event} {move.key}]" if move.event is not None else ""
    return [f"{where}: {who} {move.kind} → {shown}{asked}", *why_lines(move.steps)]


def why_lines(steps: Iterable[Step]) -> list[str]:
    return [f"    why: {step.text()}" for step in steps]


def step_of(data: Mapping[str, Any]) -> Step:
    """A trace step read back from its `to_dict` form."""
    return Step(
        str(data["rule"]),
        chosen=data.get("chosen"),
        candidates=tuple(data.get("candidates", ())),
        why=str(data.get("why", "")),
        figures=dict(data.get("figures", {})),
    )


def logged_move(entry: Mapping[str, Any]) -> Move:
    """A simulation log's `answer` entry (sim/gamelog.py)."""
    return Move(
        int(entry["turn"]),
        int(entry["ar"]),
        str(entry["actor"]),
        str(entry["kind"]),
        decoded(entry["answer"]),
        tuple(step_of(s) for s in entry.get("trace", ())),
        entry.get("event"),
        str(entry.get("key", "")),
    )


def journal_lines(
    entries: Sequence[Entry],
    decisions: Sequence[Decision],
    ai_side: Side,
    line: Callable[[Entry], str],
    turn: int | None = None,
) -> list[str]:
    """A played game's journal (all of it: the decisions are matched from its end), each entry
    as `line` puts it (cli/ingame.py's history_line, which never names a dealt card), the
    reasons of the AI's decisions of this session under its answers. Only `turn`'s entries
    with `turn`. `decisions` (the session's Bot.decisions) gave the AI's last answers in the
    journal; the earlier ones were replayed from it and have no reasons kept."""
    reasons = pair_decisions(entries, decisions, ai_side)
    lines: list[str] = []
    for i, entry in enumerate(entries):
        if turn is None or entry.turn == turn:
            lines.append(line(entry))
            lines.extend(why_lines(reasons.get(i, ())))
    return lines


def pair_decisions(
    entries: Sequence[Entry], decisions: Sequence[Decision], ai_side: Side
) -> dict[int, list[Step]]:
    """Journal index -> the steps of the decision that gave that AI answer, matched from the
    end; a decision whose kind does not match its entry stops the matching (no wrong reasons)."""
    ai_answers = [
        i for i, e in enumerate(entries) if e.type == "answer" and e.actor == ai_side.value
    ]
    paired: dict[int, list[Step]] = {}
    for i, decision in zip(reversed(ai_answers), reversed(decisions), strict=False):
        if entries[i].kind != decision.kind:
            break
        paired[i] = decision.steps
    return paired


def state_line(entry: Mapping[str, Any]) -> str:
    """A simulation log's `state` entry: the tracks and control after a step of the flow."""
    vp = int(entry["vp"])
    track = "0" if vp == 0 else (f"US +{vp}" if vp > 0 else f"USSR +{-vp}")
    control = entry["controlled"]
    bgs = entry["battlegrounds"]
    return (
        f"  [after {entry['step'].replace('_', ' ')}: VP {track}, DEFCON {entry['defcon']}, "
        f"milops US {entry['milops'][0]} USSR {entry['milops'][1]}, "
        f"space US {entry['space'][0]} USSR {entry['space'][1]}, "
        f"control US {control['us']} ({bgs['us']} bg) USSR {control['ussr']} ({bgs['ussr']} bg)]"
    )


def log_lines(
    rules: Ruleset, entries: Iterable[Mapping[str, Any]], turn: int | None = None
) -> list[str]:
    """A simulation log (its entries, header first) as `twsolo replay` prints it."""
    entries = list(entries)
    header = entries[0]
    options = header.get("options", {})
    ai_side = Side(options["ai_side"]) if options.get("ai_side") else None
    lines = [
        f"Simulated game, seed {header.get('seed')}: the AI plays "
        f"{ai_side.label if ai_side else '?'} at {options.get('difficulty', '?')} against the "
        f"{header.get('human', '?')} stand-in.",
        f"Note: {header.get('note', '')}",
    ]
    if header.get("rules_digest") != rules.digest:
        lines.append(
            "Note: these rules are not the ones the game was played with (digest "
            f"{str(header.get('rules_digest'))[:16]}); names are from the rules loaded now."
        )
    for entry in entries[1:]:
        kind = entry["type"]
        if kind == "result":
            winner = "the AI" if entry.get("ai_won") else "the human stand-in"
            outcome = "a draw" if entry.get("draw") else f"{winner} wins"
            lines.append(
                f"Result: {outcome} ({entry.get('reason')}), "
                f"VP {entry.get('vp')}, turn {entry.get('turns')}, rating {entry.get('rating')}"
            )
        elif turn is not None and entry.get("turn") != turn:
            continue
        elif kind == "answer":
            lines.extend(move_lines(rules, logged_move(entry), ai_side, show_face_down=True))
        elif kind == "state":
            lines.append(state_line(entry))
    return lines
