"""What comes next, found by a dry run of the game from its journal (nothing saved, nothing
printed): the hint's whole play as one typeable line, the cards the table turns over next that
a person may type in the same line as the card asked now, the dice a coup's or a
realignment's target is rolled with, and the questions of an ops play after `ops` (issue #41).

Both only ever invite lines the program itself accepts: the whole play is checked against the
typed-line planner (cli/batch.py) before it is shown, and the cards invited next are the
questions that the planner would hand the line's later parts to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from twsolo.cli.batch import REPEATED, Done, pile_changed
from twsolo.cli.menus import SEEN
from twsolo.cli.render import answer_label
from twsolo.engine.choices import CHANCE, Actor, Answer, Choice, ChoiceProvider
from twsolo.engine.game import Game
from twsolo.ids import Side
from twsolo.session.journal_replay import Replay, providers_of
from twsolo.session.live import GameSession
from twsolo.solo import play_game


def dry_run(session: GameSession, live: Mapping[Actor, ChoiceProvider]) -> bool:
    """Play `session`'s game from its journal with `live` answering the questions after it;
    True when a provider stopped it (Done), False when the game ended first."""
    replay = Replay(list(session.entries), live=live)
    try:
        play_game(
            session.rules,
            session.options,
            providers_of(replay),
            start=session.header.start,
            table=session.header.table,
        )
    except Done:
        return True
    return False


# ------------------------------------------------------------------ the hint's whole play
@dataclass
class Advised:
    """The answers of the person's play from the question asked on (each with its question),
    as the hint would give them, up to the first question that is not the person's or that
    begins another play."""

    answers: list[tuple[Choice, Answer]]
    dice: int = 0  # the play ends with dice the person rolls, theirs first (typed last)


def whole_play(session: GameSession, first: Answer, player: ChoiceProvider) -> Advised:
    """`first`, the answer to the question asked now, and `player`'s answers to the person's
    questions of the same play after it (a dry run: the AI or any chance with more than one
    outcome ends it)."""
    from twsolo.players.plays import NEW_PLAY  # the hint's imports: only when asked

    advised = Advised([])
    human = session.human
    asked = session.header.table  # a die the person rolls and types
    manual = session.header.dice != "auto"

    class Person:
        def choose(self, game: Game, c: Choice) -> Answer:
            if advised.answers and c.kind in NEW_PLAY:
                raise Done  # the next play
            answer = player.choose(game, c) if advised.answers else first
            advised.answers.append((c, answer))
            return answer

    class Others:
        def choose(self, game: Game, c: Choice) -> Answer:
            if c.actor == CHANCE and len(c.options) == 1:
                return c.options[0]
            # Chance ends the line, the program's own too: what the play does after it would
            # tell the person a die or a card before it is seen (spec §4).
            if c.kind == "die" and c.context.get("roller") == human and asked and manual:
                advised.dice = 2 if c.context.get("of") == (1, 2) else 1  # a realignment: 2
            raise Done

    others = Others()
    dry_run(session, {human: Person(), human.other: others, CHANCE: others})
    return advised


def play_line(game: Game, advised: Advised) -> str:
    """The advised answers as one line of the play grammar: `#21, ops, influence, France 2,
    Italy` (a question with one legal answer takes no part; see cli/batch.py)."""
    parts: list[tuple[str, str, int]] = []  # (text, kind, count)
    for c, a in advised.answers:
        if len(c.options) == 1:
            continue
        text = typed_part(game, c, a)
        if parts and parts[-1][:2] == (text, c.kind) and c.kind in REPEATED:
            parts[-1] = (text, c.kind, parts[-1][2] + 1)
        else:
            parts.append((text, c.kind, 1))
    return ", ".join(t if n == 1 else f"{t} {n}" for t, _, n in parts)


def typed_part(game: Game, choice: Choice, answer: Answer) -> str:
    """How a person types `answer`: a card as `#N`, a set of cards as their `#N`s, else the
    answer as its menu labels it."""
    if isinstance(answer, tuple):
        return " ".join(f"#{a}" for a in answer)
    if isinstance(answer, int) and choice.kind not in ("number", "die"):
        return f"#{answer}"
    return answer_label(game.rules, answer, choice.kind)


# ------------------------------------------------------------------ the cards that come next
@dataclass
class Run:
    """Cards the table turns over one after another from one pile for one purpose."""

    first: Choice
    count: int = 1


MOST = 12  # card questions looked ahead at most


def next_cards(session: GameSession, choice: Choice) -> list[Run]:
    """The card questions that follow `choice`, a card turned over at the table to reveal a
    region (spec §7.2, §7.3), before anyone decides anything or a die is rolled, in runs by
    pile, `choice`'s own run first. Only a region's card is looked past: what follows it does
    not depend on which card it is (any other card may: an event's discard may trigger the
    event), except for the Early War exception, which is never assumed (a Primary that allows
    it, a Secondary not set aside) and is said instead. Empty when a pile among them is
    shuffled, restacked or given a card in between (the screen must say so first).

    `choice` may also be a draft step's keep (spec §6): the draw deck's cards of the next step
    do not depend on which cards are kept (they go to the deck/hands, not the draw deck); the
    keep is then the first run, those cards the second."""
    if choice.kind == "draft":
        return _after_the_keep(session, choice)
    seen: list[Choice] = []
    marks: list[int] = []
    rng = session.rng_at
    manual = session.header.dice != "auto"
    spoiled = False

    class Chance:
        def choose(self, game: Game, c: Choice) -> Answer:
            nonlocal spoiled
            if c.kind == "die" and not manual:
                return rng(game).choice(c.options)
            if c.kind not in SEEN or len(seen) >= MOST:
                raise Done
            if seen and "reveals" not in seen[-1].context and not continues(seen[-1], c):
                raise Done  # past a card that may change what comes next: not assumed
            if seen and pile_changed(game.log[marks[-1] :], c.context.get("pile")):
                spoiled = True
                raise Done
            seen.append(c)
            marks.append(len(game.log))
            # The Early War exception said whenever it can happen: a Primary that allows it,
            # a Secondary that is not set aside (spec §7.2.4).
            pairs, aside = c.context.get("pairs_with", ()), c.context.get("set_aside", ())
            kept = [o for o in c.options if (o in pairs or not pairs) and o not in aside]
            return kept[0] if kept else c.options[0]

    class Nobody:
        def choose(self, game: Game, c: Choice) -> Answer:
            raise Done

    human = session.human
    if "reveals" not in choice.context:
        return []
    dry_run(session, {human: Nobody(), human.other: Nobody(), CHANCE: Chance()})
    if spoiled or not seen or seen[0].kind != choice.kind or seen[0].key != choice.key:
        return []
    runs: list[Run] = []
    for c in seen:
        of = c.context.get("of")
        if runs and of is not None and of[0] > 1:  # the next card of the same draw
            runs[-1].count += 1
        else:
            runs.append(Run(c))
    return runs


def continues(before: Choice, after: Choice) -> bool:
    """`after` is the next card of the same draw as `before` (n of count)."""
    of = after.context.get("of")
    return of is not None and of[0] > 1 and before.context.get("pile") == after.context.get("pile")


def _after_the_keep(session: GameSession, choice: Choice) -> list[Run]:
    """The keep `choice`, then the next draft step's draws after it (any set kept: the same
    draws), up to the next question of anyone's; none when the draw deck changes in between."""
    seen: list[Choice] = []
    kept = False
    start = 0

    class Keeper:
        def choose(self, game: Game, c: Choice) -> Answer:
            nonlocal kept, start
            if kept or c.kind != "draft":
                raise Done
            kept, start = True, len(game.log)
            return c.options[0]

    class Chance:
        def choose(self, game: Game, c: Choice) -> Answer:
            if not kept or c.kind != "draw" or c.context.get("pile") != "draw":
                raise Done  # only the draw deck's next cards: the draft's
            if seen and not continues(seen[-1], c):
                raise Done
            if pile_changed(game.log[start:], c.context.get("pile")):
                raise Done
            seen.append(c)
            return c.options[0]

    human = session.human
    dry_run(session, {human: Keeper(), human.other: Keeper(), CHANCE: Chance()})
    return [Run(choice), Run(seen[0], len(seen))] if seen else []


# ------------------------------------------------------------------ the dice after a target
def dice_next(session: GameSession, choice: Choice) -> list[Choice]:
    """The dice the person rolls right after `choice`, a coup's or a realignment's target (the
    base game's coup and realignment: the roll follows the target whatever it is, before anyone
    decides anything; docs/rules/card-events.md A8, A9): each a question of the person's die,
    then the other side's (a realignment). Empty unless the person rolls the dice (at the table,
    dice typed)."""
    target = next((o for o in choice.options if o != "done"), None)
    if not session.header.table or session.header.dice == "auto" or target is None:
        return []
    dice: list[Choice] = []
    asked = False

    class Target:  # `choice`, the first question of the dry run, and nothing after it
        def choose(self, game: Game, c: Choice) -> Answer:
            nonlocal asked
            if asked or (c.kind, c.key) != (choice.kind, choice.key):
                raise Done
            asked = True
            return target

    class Dice:
        def choose(self, game: Game, c: Choice) -> Answer:
            if c.kind != "die" or not isinstance(c.context.get("roller"), Side):
                raise Done
            dice.append(c)
            return c.options[0]

    human = session.human
    dry_run(session, {human: Target(), human.other: Target(), CHANCE: Dice()})
    return dice if dice and dice[0].context.get("roller") == human else []


# ------------------------------------------------------------------ the questions after `ops`
FOLLOW_OPS = ("order", "operation")


def ops_next(session: GameSession, choice: Choice, answer: Answer) -> list[Choice]:
    """The person's questions right after `answer` to `choice` (`ops` at "how do you play it",
    or an order), up to and including which operation, each answered by its first option:
    the order (event first or ops first, for the AI's card) and the operation, with nothing of
    chance or the AI's between. Empty when something else comes first. (After the event first
    the operation's options may be fewer: a line naming one no longer legal is refused where it
    lands, with the reason, as any line is.)"""
    after: list[Choice] = []
    human = session.human

    class Person:
        def choose(self, game: Game, c: Choice) -> Answer:
            if (c.kind, c.key) == (choice.kind, choice.key) and not after:
                return answer
            if c.kind not in FOLLOW_OPS or (after and after[-1].kind == "operation"):
                raise Done
            after.append(c)
            return c.options[0]

    class Nobody:
        def choose(self, game: Game, c: Choice) -> Answer:
            if c.actor == CHANCE and len(c.options) == 1:
                return c.options[0]
            raise Done

    dry_run(session, {human: Person(), human.other: Nobody(), CHANCE: Nobody()})
    return after if after and after[-1].kind == "operation" else []
