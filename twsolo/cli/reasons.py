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
from twsolo.cli.render import HIDDEN_KINDS, answer_label, trace_value
from twsolo.engine.choices import Answer
from twsolo.engine.records import vp_on_track
from twsolo.ids import Side
from twsolo.persist.savefile import Entry
from twsolo.phrases import say
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
    who = move.actor.upper() if move.actor in ("us", "ussr") else move.actor
    if ai_side is not None and move.actor == ai_side.value:
        who = say("ask.move.ai", who=who)
    if move.kind in HIDDEN_KINDS and show_face_down:
        shown = say("ask.move.face_down", answer=answer_label(rules, move.answer))
    else:
        shown = answer_label(rules, move.answer, move.kind)
    asked = f"  [#{move.event} {move.key}]" if move.event is not None else ""
    said = say(
        "ask.move",
        turn=move.turn,
        action_round=move.action_round,
        who=who,
        kind=move.kind,
        answer=shown,
    )
    return [f"{said}{asked}", *why_lines(move.steps, lambda v: trace_value(rules, v))]


def why_lines(steps: Iterable[Step], name: Callable[[Any], str] = str) -> list[str]:
    """The reasons of an AI's answer, each value put in words by `name`."""
    return [f"    {say('ask.why', reason=step.text(name))}" for step in steps]


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
    name: Callable[[Any], str] = str,
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
            lines.extend(why_lines(reasons.get(i, ()), name))
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
    control = entry["controlled"]
    bgs = entry["battlegrounds"]
    said = say(
        "ask.log.state",
        step=entry["step"].replace("_", " "),
        track=vp_on_track(int(entry["vp"])),
        defcon=entry["defcon"],
        us=Side.US.label,
        ussr=Side.USSR.label,
        us_milops=entry["milops"][0],
        ussr_milops=entry["milops"][1],
        us_space=entry["space"][0],
        ussr_space=entry["space"][1],
        us_control=control["us"],
        ussr_control=control["ussr"],
        us_bg=bgs["us"],
        ussr_bg=bgs["ussr"],
    )
    return f"  {said}"


def log_lines(
    rules: Ruleset, entries: Iterable[Mapping[str, Any]], turn: int | None = None
) -> list[str]:
    """A simulation log (its entries, header first) as `twsolo replay` prints it."""
    entries = list(entries)
    header = entries[0]
    options = header.get("options", {})
    ai_side = Side(options["ai_side"]) if options.get("ai_side") else None
    lines = [
        say(
            "ask.log.header",
            seed=header.get("seed"),
            side=ai_side.label if ai_side else "?",
            difficulty=options.get("difficulty", "?"),
            human=header.get("human", "?"),
        ),
        say("ask.log.note", note=header.get("note", "")),
    ]
    if header.get("rules_digest") != rules.digest:
        digest = str(header.get("rules_digest"))[:16]
        lines.append(say("ask.log.other_rules", digest=digest))
    for entry in entries[1:]:
        kind = entry["type"]
        if kind == "result":
            if entry.get("draw"):
                outcome = say("ask.log.draw")
            elif entry.get("ai_won"):
                outcome = say("ask.log.ai_wins")
            else:
                outcome = say("ask.log.stand_in_wins")
            lines.append(
                say(
                    "ask.log.result",
                    outcome=outcome,
                    reason=entry.get("reason"),
                    vp=entry.get("vp"),
                    turns=entry.get("turns"),
                    rating=entry.get("rating"),
                )
            )
        elif turn is not None and entry.get("turn") != turn:
            continue
        elif kind == "answer":
            lines.extend(move_lines(rules, logged_move(entry), ai_side, show_face_down=True))
        elif kind == "state":
            lines.append(state_line(entry))
    return lines
