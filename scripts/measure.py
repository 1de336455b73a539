"""The AI's strength and the counts that show its play defects (issue #14), over seeded games,
and a paired comparison of two such runs (a code change: the same seeds before and after).

    python scripts/measure.py run --games 1000 --workers 2 --out after.json
    python scripts/measure.py run --games 1000 --enhanced --out enhanced.json
    python scripts/measure.py run --games 1000 --enhanced --balanced-setup --out balanced.json
    python scripts/measure.py compare before.json after.json

`run` plays each seed as `twsolo simulate` does (the same stand-ins, the AI's side alternating:
even seeds the US) and keeps, per game, the outcome and these counts, read from the game's
records and the AI's decision traces:
- `sr_coups_outside`: coups the AI made with a card's ops in a Scoring Round outside the
  Primary Region (the region about to score);
- `event_points_option7`: influence points of the AI's events placed by spec §13.2 option 7
  (presence), and `event_points` all the AI's event points it placed by §13;
- `human_event_bgs`: battlegrounds the human gained control of through the human's events
  (played by either side);
- `milops_penalty_vp`: VP the AI gave for its military ops shortfall at the ends of turns;
- `china_held_turns`: turns that ended with the China Card unplayed in the AI's deck/hand.
`compare` pairs the games by seed: the AI's win rate before and after with the exact McNemar
test (twsolo's own, sim/stats.py), the AI's mean margin with a 95% interval, the counts per
game. Both print a markdown table (docs/ai.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from twsolo.ai.bot import Bot
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import Game
from twsolo.engine.initial_state import standard_state
from twsolo.engine.records import CoupDone, EventEnd, EventStart, InfluenceChange, Record
from twsolo.engine.state import hand_of
from twsolo.ids import CHINA_CARD, Side
from twsolo.sim.backends import make_pool
from twsolo.sim.runs import GameSpec, providers, rules_for
from twsolo.sim.stats import mean_ci, paired, wilson
from twsolo.solo import play_game

COUNTS = (
    "sr_coups_outside",
    "event_points",
    "event_points_option7",
    "human_event_bgs",
    "milops_penalty_vp",
    "china_held_turns",
)


class Recorder(Bot):
    """The AI, keeping for each of its event placements by spec §13 the option that chose it."""

    def __init__(self, side: Side) -> None:
        super().__init__(side, keep=True)
        self.event_points: Counter[str] = Counter()

    def choose(self, game: Game, choice: Choice) -> Answer:
        answer = super().choose(game, choice)
        ctx = choice.context
        own = ctx.get("intent") == "add" and ctx.get("influence_of") is self.side
        if choice.event is not None and own:
            steps = [s.rule for s in self.decisions[-1].steps]
            option = next((r for r in steps if r.startswith("spec §13.2 option")), None)
            if option is not None:
                self.event_points["event_points"] += 1
                self.event_points["event_points_option7"] += "option 7" in option
        self.decisions.clear()
        return answer


class Watcher:
    """The observer of a game: where each action round's records begin, and the DEFCON and the
    AI's military ops after its last action of each turn."""

    def __init__(self, ai: Side) -> None:
        self.ai = ai
        self.rounds: list[tuple[int, bool, str | None]] = []  # (log index, scoring, primary)
        self.penalty = 0
        self.china_held = 0
        self._last = (5, 0)

    def __call__(self, game: Game, step: str) -> None:
        state = game.state
        if step == "regions":
            from twsolo.solo.regions import primary_region

            self.rounds.append(
                (len(game.log), state.scoring_round, primary_region(state, game.rules))
            )
        elif step == "action":
            self._last = (state.defcon, state.milops[self.ai.col])
        elif step == "headline":
            self.rounds.append((len(game.log), False, None))
        elif step == "turn_end":
            defcon, milops = self._last
            self.penalty += max(0, defcon - milops)
            self.china_held += CHINA_CARD in state.piles[hand_of(self.ai)]
            self._last = (state.defcon, 0)
        elif step == "draft":
            self.rounds.append((len(game.log), False, None))


def play(spec: GameSpec) -> dict[str, Any]:
    rules = rules_for(spec.rules_dir)
    ai = Side(spec.ai_side)
    seats = dict(providers(spec, ai))
    bot = Recorder(ai)
    seats[ai] = bot
    watcher = Watcher(ai)
    record = play_game(rules, spec.options(), seats, observer=watcher)
    counts = Counter(bot.event_points)
    counts["sr_coups_outside"] = sr_coups_outside(rules, record.log, watcher.rounds, ai)
    counts["human_event_bgs"] = human_event_bgs(rules, record.log, ai)
    counts["milops_penalty_vp"] = watcher.penalty
    counts["china_held_turns"] = watcher.china_held
    winner = record.result.winner
    return {
        "seed": spec.seed,
        "ai_side": ai.value,
        "ai_won": winner is ai,
        "draw": winner is None,
        "reason": record.result.reason,
        "margin": -record.score,  # VP in the AI's favour at the end
        "turn": record.state.turn,  # the turn the game ended in
        **{name: counts[name] for name in COUNTS},
    }


def sr_coups_outside(
    rules: Any, log: Sequence[Record], rounds: list[tuple[int, bool, str | None]], ai: Side
) -> int:
    """The AI's coups with a card's ops (not an event's) in a Scoring Round outside its
    Primary Region."""
    bounds = [r[0] for r in rounds] + [len(log)]
    n = 0
    for (start, scoring, primary), end in zip(rounds, bounds[1:], strict=True):
        if not scoring or primary is None:
            continue
        depth = 0
        for r in log[start:end]:
            if isinstance(r, EventStart):
                depth += 1
            elif isinstance(r, EventEnd):
                depth -= 1
            elif isinstance(r, CoupDone) and r.side is ai and not depth:
                n += not rules.in_region(r.country, primary)
        # (events' coups are the event's choice, not the AI's operations)
    return n


def human_event_bgs(rules: Any, log: Sequence[Record], ai: Side) -> int:
    """Battlegrounds whose control the human gained during one of the human's events."""
    human = ai.other
    influence = standard_state(rules).influence.copy()
    stability = rules.stabilities
    bgs = [c for c in range(len(rules.countries)) if rules.countries[c].battleground]

    def human_holds(c: int) -> bool:
        margin = int(influence[c, human.col]) - int(influence[c, ai.col])
        return margin >= stability[c]

    gained = 0
    opened: list[tuple[int, set[int]]] = []  # (card, BGs the human held when it began)
    for r in log:
        if isinstance(r, InfluenceChange):
            influence[r.country, r.side.col] = r.after
        elif isinstance(r, EventStart):
            held = {c for c in bgs if human_holds(c)} if r.chooser is human else set()
            opened.append((r.card if r.chooser is human else 0, held))
        elif isinstance(r, EventEnd) and opened:
            card, held = opened.pop()
            if card and not opened:
                gained += sum(1 for c in bgs if human_holds(c) and c not in held)
    return gained


# ---------------------------------------------------------------------- reports
def side_rows(games: list[dict[str, Any]], label: str) -> list[str]:
    rows = []
    for side in ("us", "ussr", "both"):
        mine = [g for g in games if side in ("both", g["ai_side"])]
        wins = sum(g["ai_won"] for g in mine)
        low, high = wilson(wins, len(mine))
        m, ml, mh = mean_ci([g["margin"] for g in mine])
        per = " | ".join(f"{statistics.fmean(g[c] for g in mine):.2f}" for c in COUNTS)
        rows.append(
            f"| {label} | {side} | {len(mine)} | {wins / len(mine):.1%} ({low:.1%}–{high:.1%}) "
            f"| {m:+.1f} ({ml:+.1f}…{mh:+.1f}) | {per} |"
        )
    return rows


HEADER = (
    "| run | AI side | games | AI wins (95% CI) | AI margin VP (95% CI) | "
    + " | ".join(COUNTS)
    + " |\n|"
    + " --- |" * (5 + len(COUNTS))
)


def run(args: argparse.Namespace) -> None:
    # The AI's side alternates by seed (even: the US), as in `twsolo simulate`.
    specs = [
        GameSpec(
            args.seed + i,
            ("us", "ussr")[(args.seed + i) % 2],
            args.human,
            args.difficulty,
            args.rules,
            enhanced=args.enhanced,
            balanced_setup=args.balanced_setup,
        )
        for i in range(args.games)
    ]
    with make_pool(args.workers) as pool:
        games = list(pool.map(play, specs))
    settings = {
        "human": args.human,
        "difficulty": args.difficulty,
        "enhanced": args.enhanced,
        "balanced_setup": args.balanced_setup,
        "rules_dir": args.rules,
    }
    data = {"settings": {**settings, "games": args.games, "seed": args.seed}, "games": games}
    if args.out:
        Path(args.out).write_text(json.dumps(data))
    print(HEADER)
    print("\n".join(side_rows(games, args.label or args.out or "run")))


def compare(args: argparse.Namespace) -> None:
    try:
        before, after = [
            json.loads(Path(p).read_text())["games"] for p in (args.before, args.after)
        ]
    except (OSError, ValueError, KeyError) as exc:
        raise SystemExit(f"cannot read a run written by `measure.py run --out`: {exc}") from None
    if [g["seed"] for g in before] != [g["seed"] for g in after]:
        raise SystemExit("the two runs did not play the same seeds")
    print(HEADER)
    print("\n".join(side_rows(before, "before") + side_rows(after, "after")))
    print()
    for side in ("us", "ussr", "both"):
        pairs = [
            (b, a) for b, a in zip(before, after, strict=True) if side in ("both", b["ai_side"])
        ]
        c = paired(
            ([b["ai_won"] for b, _ in pairs], [a["ai_won"] for _, a in pairs]),
            ([b["margin"] for b, _ in pairs], [a["margin"] for _, a in pairs]),
        )
        (rate_b, rate_a), (low, high) = c["ai_win_rate"], c["margin_change_ci95"]
        print(
            f"- AI {side}: win rate {rate_b:.1%} → {rate_a:.1%}, {c['changed_outcomes']} outcomes "
            f"changed, McNemar p = {c['p_value_mcnemar']:.3g}; margin change "
            f"{c['margin_change']:+.2f} VP (95% CI {low:+.2f}…{high:+.2f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play seeded games and count")
    r.add_argument("--games", type=int, default=1000)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--workers", type=int, default=2)
    r.add_argument("--human", default="greedy", help="the stand-in, as simulate's --human")
    r.add_argument("--difficulty", default="normal")
    r.add_argument("--enhanced", action="store_true", help="the enhanced AI (spec §25)")
    r.add_argument("--balanced-setup", action="store_true", help="the balanced set-up (spec §24.6)")
    r.add_argument("--rules", default=None, help="a rules directory")
    r.add_argument("--out", help="write the games to this JSON file")
    r.add_argument("--label", default="")
    r.set_defaults(fn=run)
    c = sub.add_parser("compare", help="pair two runs by seed")
    c.add_argument("before")
    c.add_argument("after")
    c.set_defaults(fn=compare)
    args = parser.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
