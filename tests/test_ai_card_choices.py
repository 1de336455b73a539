"""The AI's per-card event choices (appendix `choices` / `on_human_play`, spec §17.1).

Each test plays an event with the AI (a `Bot`) as the side that must choose, from a position
where the entry's answer differs from what the general rules of spec §17 would do wherever that
can be arranged, and asserts the exact outcome the entry prescribes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pytest

from twsolo.ai.bot import Bot
from twsolo.engine.choices import Answer
from twsolo.engine.events import play_event, run_hooks
from twsolo.engine.game import Game
from twsolo.engine.records import Shuffled
from twsolo.engine.state import Effect, GameState, area_of, hand_of
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset
from twsolo.solo.policy import SoloPolicy

from .support import game_at, inf, position, to_table

US, USSR = Side.US, Side.USSR


# ---------------------------------------------------------------- helpers
def at(
    rules: Ruleset,
    ai: Side,
    *,
    influence: Mapping[str, tuple[int, int]] | None = None,
    primary: str | None = None,
    secondary: str | None = None,
    defcon: int = 5,
    vp: int = 0,
    turn: int = 4,
    action_round: int = 2,
    scoring_round: bool = False,
    effects: Sequence[Effect] = (),
    human: Iterable[Answer] | None = None,
    dice: Sequence[int] = (),
) -> tuple[Game, Bot]:
    """A solitaire game on an empty board with the given influence (country -> (US, USSR)), the
    AI as `ai` (a Bot), the human scripted (`human`) or played by a dry-run Bot, dice fixed."""
    state = position(
        rules,
        influence=influence,
        empty=True,
        defcon=defcon,
        vp=vp,
        turn=turn,
        effects=effects,
        phasing=ai,
    )
    state.ai_side = ai
    state.action_round = action_round
    state.scoring_round = scoring_round
    for pile, region in (("primary", primary), ("secondary", secondary)):
        if region is not None:
            move(state, pile, rules.scoring_card_for(region).number)
    answers = list(human or ())
    us, ussr = (answers, []) if ai is USSR else ([], answers)
    game = game_at(rules, state, us=us, ussr=ussr, dice=dice)
    game.policy = SoloPolicy()  # the solitaire game's procedures (solo/overrides.py)
    bot = Bot(ai)
    game.providers[ai] = bot
    if human is None:
        game.providers[ai.other] = Bot(ai.other, dry=True)
    return game, bot


def move(state: GameState, pile: str, *cards: int) -> None:
    for card in cards:
        state.put(card, pile)


def play(game: Game, card: int, player: Side, *, headline: bool = False) -> None:
    to_table(game, card)
    assert play_event(game, card, player, headline=headline)


def by_entry(bot: Bot, card: int) -> list[Answer]:
    """The AI's answers that came from the card's appendix entry."""
    rule = f"appendix #{card} choices ("
    return [d.answer for d in bot.decisions if any(s.rule.startswith(rule) for s in d.steps)]


def total(game: Game, side: Side) -> int:
    return int(game.state.influence[:, side.col].sum())


# ---------------------------------------------------------------- #10 Blockade
def test_blockade_ai_reveals_until_a_3_ops_card(rules: Ruleset) -> None:
    """Appendix #10 on_human_play, spec §17.5: the AI reveals from its deck/hand until a card
    with 3+ Ops comes up (here #19, 1 op, then #21, 4), discards it and keeps West Germany; the
    other revealed card goes back."""
    game, _ = at(rules, US, influence={"west_germany": (4, 0)})
    move(game.state, hand_of(US), 21, 29, 19)
    play(game, 10, USSR)
    assert game.state.where(21) == "discard"
    assert game.state.where(19) == hand_of(US)
    assert inf(game, "west_germany") == (4, 0)


def test_blockade_on_the_human_waits_for_the_next_round(rules: Ruleset) -> None:
    """Appendix #10 choices: the human answers the AI's Blockade only in the next action round
    (tests/test_solo_appendix_procedures.py plays it); now nothing changes but the reminder."""
    game, _ = at(rules, USSR, influence={"west_germany": (4, 0)})
    move(game.state, hand_of(US), 21)
    play(game, 10, USSR)
    assert game.state.where(21) == hand_of(US)
    assert inf(game, "west_germany") == (4, 0)
    assert game.state.has_effect(10, US)


# ---------------------------------------------------------------- #14 COMECON, #23 Marshall Plan
def test_comecon_takes_the_countries_one_point_controls_first(rules: Ruleset) -> None:
    """Appendix #14: Poland (BG), then the non-BGs where +1 gives control; East Germany, which
    §13 would approach, stays empty."""
    game, bot = at(
        rules,
        USSR,
        primary="asia",
        influence={
            "bulgaria": (0, 3),
            "poland": (0, 2),
            "czechoslovakia": (0, 2),
            "hungary": (0, 2),
            "romania": (0, 2),
        },
    )
    play(game, 14, USSR)
    assert by_entry(bot, 14) == ["poland", "czechoslovakia", "hungary", "romania"]
    assert inf(game, "east_germany") == (0, 0)


def test_marshall_plan_takes_seven_countries_before_approaching(rules: Ruleset) -> None:
    """Appendix #23: all 7 points where +1 gives control (France, the BG, first); West Germany
    and Italy, which §13 would approach, get nothing."""
    takers = ("benelux", "denmark", "sweden", "greece", "spain_portugal", "turkey")
    influence = {"france": (2, 0), "norway": (4, 0)}
    influence |= {c: (rules.country(c).stability - 1, 0) for c in takers}
    game, bot = at(rules, US, primary="asia", influence=influence)
    play(game, 23, US)
    answers = [str(a) for a in by_entry(bot, 23)]
    assert answers[0] == "france"
    assert sorted(answers) == sorted(("france", *takers))
    for c in ("france", *takers):
        assert inf(game, c)[0] == rules.country(c).stability
    assert inf(game, "west_germany") == inf(game, "italy") == (0, 0)


# ---------------------------------------------------------------- #16 Warsaw Pact Formed
def test_warsaw_pact_removes_when_that_gains_more_in_europe(rules: Ruleset) -> None:
    """Appendix #16: removing breaks two US battlegrounds; adding 5 (2 a country) cannot."""
    game, bot = at(
        rules, USSR, primary="asia", influence={"east_germany": (5, 0), "poland": (5, 0)}
    )
    play(game, 16, USSR)
    assert by_entry(bot, 16)[0] == "yes"
    assert inf(game, "east_germany") == inf(game, "poland") == (0, 0)
    assert total(game, USSR) == 0


def test_warsaw_pact_adds_five_on_a_tie(rules: Ruleset) -> None:
    """Appendix #16: neither option moves Europe's score; on the tie the AI adds 5, though
    removing would take more influence (8)."""
    four = ("bulgaria", "czechoslovakia", "hungary", "romania")
    game, bot = at(rules, USSR, primary="asia", influence=dict.fromkeys(four, (2, 0)))
    play(game, 16, USSR)
    assert by_entry(bot, 16)[0] == "no"
    assert all(inf(game, c)[0] == 2 for c in four)
    assert total(game, USSR) == 5


# ---------------------------------------------------------------- #19 Truman Doctrine
def test_truman_doctrine_most_human_influence_then_battleground(rules: Ruleset) -> None:
    """Appendix #19: Austria and Poland tie on USSR influence; the battleground goes."""
    game, bot = at(
        rules,
        US,
        primary="asia",
        influence={"austria": (0, 2), "poland": (0, 2), "hungary": (0, 1)},
    )
    play(game, 19, US)
    assert by_entry(bot, 19) == ["poland"]
    assert inf(game, "poland") == (0, 0)
    assert inf(game, "austria") == (0, 2)


# ---------------------------------------------------------------- #20 Olympic Games
@pytest.mark.parametrize(
    ("vp", "defcon", "boycott"),
    [(-19, 3, "yes"), (-19, 2, "no"), (-10, 3, "no")],
    ids=["stops-a-human-win", "never-to-defcon-1", "human-not-winning"],
)
def test_olympic_games_ai_boycotts_only_to_stop_the_human_winning(
    rules: Ruleset, vp: int, defcon: int, boycott: str
) -> None:
    """Appendix #20 on_human_play: the human (USSR) sponsors; the AI boycotts only if 2 VP
    would win the human the game and DEFCON would not reach 1."""
    dice = [] if boycott == "yes" else [1, 6]  # taking part: sponsor 1 + 2, the AI 6
    game, bot = at(rules, US, vp=vp, defcon=defcon, dice=dice)
    game.state.phasing = USSR
    play(game, 20, USSR)
    assert by_entry(bot, 20)[0] == boycott
    if boycott == "yes":
        assert game.state.defcon == defcon - 1
    else:
        assert (game.state.defcon, game.state.vp) == (defcon, vp + 2)


def test_olympic_games_boycotted_ai_places_in_asia(rules: Ruleset) -> None:
    """Appendix #20: the AI sponsors, the human boycotts: the 4 Ops go on influence in Asia by
    §13 (spec §23.9), though the Primary Region is Europe."""
    game, bot = at(rules, USSR, primary="europe", human=["yes"])
    play(game, 20, USSR)
    assert by_entry(bot, 20) == [
        "influence",
        "north_korea",
        "north_korea",
        "north_korea",
        "afghanistan",
    ]
    assert inf(game, "north_korea") == (0, 3)
    assert inf(game, "afghanistan") == (0, 1)
    assert total(game, USSR) == 4
    assert game.state.defcon == 4


# ---------------------------------------------------------------- #22 Independent Reds
def test_independent_reds_most_added_then_printed_order(rules: Ruleset) -> None:
    """Appendix #22: Romania and Bulgaria both add 3; Romania is printed first."""
    game, bot = at(
        rules,
        US,
        primary="asia",
        influence={"yugoslavia": (0, 1), "bulgaria": (0, 3), "romania": (0, 3), "hungary": (0, 2)},
    )
    play(game, 22, US)
    assert by_entry(bot, 22) == ["romania"]
    assert inf(game, "romania") == (3, 3)
    assert inf(game, "bulgaria") == (0, 3)


# ---------------------------------------------------------------- #24, #102 wars
@pytest.mark.parametrize(
    ("card", "a", "b", "target"),
    [(24, "india", "pakistan", "pakistan"), (102, "iran", "iraq", "iraq")],
)
def test_war_tie_goes_to_the_printed_direction(
    rules: Ruleset, card: int, a: str, b: str, target: str
) -> None:
    """Appendix #24 / #102: equal gains: India invades Pakistan, Iran invades Iraq."""
    game, bot = at(rules, USSR, primary="africa", influence={a: (1, 0), b: (1, 0)}, dice=[6])
    play(game, card, USSR)
    assert by_entry(bot, card) == [target]
    assert inf(game, target) == (0, 1)
    assert game.state.vp == -2


def test_war_direction_weighs_the_odds(rules: Ruleset) -> None:
    """Appendix #24: a US-controlled Afghanistan makes Pakistan a −1 war; India, at 0, gains
    more."""
    game, bot = at(
        rules,
        USSR,
        primary="africa",
        influence={"india": (1, 0), "pakistan": (1, 0), "afghanistan": (2, 0)},
        dice=[6],
    )
    play(game, 24, USSR)
    assert by_entry(bot, 24) == ["india"]
    assert inf(game, "india") == (0, 1)


# ---------------------------------------------------------------- #26, #62 one Op as in an SR
@pytest.mark.parametrize(("card", "ai"), [(26, US), (62, USSR)])
def test_one_op_as_in_a_scoring_round_makes_the_decisive_coup(
    rules: Ruleset, card: int, ai: Side
) -> None:
    """Appendix #26 CIA Created / #62 Lone Gunman: the AI conducts the Op as in a Scoring Round
    (spec §12.4.1): the coup on the human's Angola, where a Non-Scoring Round's §13 would
    approach South Africa."""
    human = ai.other
    angola = (1, 0) if human is US else (0, 1)
    south_africa = (1, 0) if ai is US else (0, 1)
    game, bot = at(
        rules,
        ai,
        primary="africa",
        influence={"angola": angola, "south_africa": south_africa},
        dice=[6],
    )
    play(game, card, ai)
    assert by_entry(bot, card) == ["coup", "angola"]
    assert inf(game, "angola")[ai.col] == 4
    assert inf(game, "angola")[human.col] == 0
    assert inf(game, "south_africa") == south_africa


# ---------------------------------------------------------------- #28 Suez Crisis
def test_suez_crisis_takes_two_at_a_time_france_israel_uk(rules: Ruleset) -> None:
    """Appendix #28: France 2, then Israel 2; §17.3 would start in Israel (Primary Region)."""
    game, bot = at(
        rules,
        USSR,
        primary="middle_east",
        influence={"france": (3, 0), "uk": (3, 0), "israel": (3, 0)},
    )
    play(game, 28, USSR)
    assert by_entry(bot, 28) == ["france", "france", "israel", "israel"]
    assert [inf(game, c)[0] for c in ("france", "israel", "uk")] == [1, 1, 3]


# ---------------------------------------------------------------- #29 East European Unrest
def test_east_european_unrest_follows_17_3(rules: Ruleset) -> None:
    """Appendix #29: Poland (a BG whose control breaks), Hungary (breaks), then by §18."""
    game, bot = at(
        rules,
        US,
        primary="europe",
        influence={
            "poland": (0, 3),
            "hungary": (0, 3),
            "bulgaria": (0, 1),
            "romania": (0, 1),
        },
    )
    play(game, 29, US)
    assert by_entry(bot, 29) == ["poland", "hungary", "bulgaria"]
    assert [inf(game, c)[1] for c in ("poland", "hungary", "bulgaria", "romania")] == [2, 2, 0, 1]


# ---------------------------------------------------------------- #30, #63 Decolonization
def test_decolonization_battlegrounds_not_adjacent_to_each_other(rules: Ruleset) -> None:
    """Appendix #30: Angola, then Nigeria; Zaire borders Angola and is skipped, then the
    non-BGs next to a battleground that 1 point takes."""
    game, bot = at(rules, USSR, primary="europe")
    play(game, 30, USSR)
    answers = [str(a) for a in by_entry(bot, 30)]
    assert answers[:2] == ["angola", "nigeria"]
    assert len(answers) == 4
    assert inf(game, "zaire") == (0, 0)
    for c in answers[2:]:
        country = rules.country(c)
        assert not country.battleground
        assert country.stability == 1
        assert any(rules.countries[n].battleground for n in rules.neighbours[country.index])


def test_colonial_rear_guards_primary_southeast_asia_first(rules: Ruleset) -> None:
    """Appendix #63: with Southeast Asia the Primary Region, its countries first: Thailand (a
    BG 1 point takes), the stability-1 non-BGs next to it, then Angola in Africa."""
    game, bot = at(rules, US, primary="southeast_asia", influence={"thailand": (1, 0)})
    play(game, 63, US)
    answers = [str(a) for a in by_entry(bot, 63)]
    assert answers[0] == "thailand"
    assert sorted(answers[1:3]) == ["laos_cambodia", "vietnam"]
    assert answers[3] == "angola"
    assert inf(game, "thailand") == (2, 0)


# ---------------------------------------------------------------- #32 UN Intervention
def test_un_intervention_pairs_the_first_human_event_revealed(rules: Ruleset) -> None:
    """Appendix #32: the AI reveals from the top of its deck/hand until a human event comes up;
    the shuffled part comes off before the known bottom: CIA Created (1 Op) is revealed before
    NATO (4 Ops), which stays where it was."""
    game, _ = at(rules, USSR, primary="europe")
    game.policy = SoloPolicy()
    hand = game.state.piles[hand_of(USSR)]
    for card in (26, 19, 21):
        game.state.piles[game.state.where(card)].remove(card)
    hand.shuffled.append(26)
    hand.bottom.extend([19, 21])
    play(game, 32, USSR)
    assert [a for _, k, a in game.answers if k == "draw"] == [26]
    assert game.state.where(26) == "discard"
    assert hand.bottom == [19, 21]
    assert total(game, USSR) == 1


def test_un_intervention_without_a_human_event_is_played_for_its_ops(rules: Ruleset) -> None:
    """Appendix #32: when no card with the human's event comes up, UN Intervention is played
    for its own 1 Op; the revealed cards are shuffled back."""
    game, _ = at(rules, USSR, primary="europe")
    game.policy = SoloPolicy()
    hand = game.state.piles[hand_of(USSR)]
    for card in (8, 14):
        game.state.piles[game.state.where(card)].remove(card)
    hand.shuffled.append(8)
    hand.unseen, game.state.unseen = 1, [14]  # a card dealt face down: it may be a human event
    play(game, 32, USSR)
    assert sorted(hand.known()) == [8, 14]
    assert any(isinstance(r, Shuffled) and r.pile == hand_of(USSR) for r in game.log)
    assert total(game, USSR) == 1


# ---------------------------------------------------------------- #33 De-Stalinization
def test_de_stalinization_moves_excess_to_two_battlegrounds(rules: Ruleset) -> None:
    """Appendix #33: 4 excess points (Poland 3, East Germany 1) take Panama and Thailand
    (different regions); they leave by spec §17.4."""
    game, bot = at(
        rules, USSR, primary="africa", influence={"poland": (0, 6), "east_germany": (0, 4)}
    )
    play(game, 33, USSR)
    assert by_entry(bot, 33)[0] == 4
    assert inf(game, "panama") == inf(game, "thailand") == (0, 2)
    assert inf(game, "poland") == inf(game, "east_germany") == (0, 3)


# ---------------------------------------------------------------- #36 Brush War
def test_brush_war_target_order(rules: Ruleset) -> None:
    """Appendix #36: Panama (Primary BG) is at −2, never taken; Honduras (Primary non-BG, −1)
    comes before Angola (a Secondary BG at 0)."""
    game, bot = at(
        rules,
        USSR,
        primary="central_america",
        secondary="africa",
        influence={
            "panama": (1, 0),
            "costa_rica": (3, 0),
            "colombia": (1, 0),
            "honduras": (1, 0),
            "angola": (1, 0),
        },
        dice=[4],
    )
    play(game, 36, USSR)
    assert by_entry(bot, 36) == ["honduras"]
    assert inf(game, "honduras") == (0, 1)
    assert game.state.vp == -1


# ---------------------------------------------------------------- #43 SALT Negotiations
@pytest.mark.parametrize(
    ("discards", "answers"), [((14, 21, 34, 50), [50]), ((21, 19), ["decline"] * 3 + [7])]
)
def test_salt_takes_the_highest_ops_own_or_neutral_card(
    rules: Ruleset, discards: tuple[int, ...], answers: list[Answer]
) -> None:
    """Appendix #43: We Will Bury You (own, 4) before Nuclear Test Ban (neutral, 4); only US
    events in the discard pile: none is taken there, and the AI reveals from the draw deck
    (spec §22.3): Duck and Cover and Five Year Plan (the US's) are declined, Socialist
    Governments (#7) is taken."""
    game, bot = at(rules, USSR, defcon=3)
    move(game.state, "discard", *discards)
    play(game, 43, USSR)
    assert by_entry(bot, 43) == answers
    assert sorted(game.state.piles[hand_of(USSR)].known()) == [answers[-1]]


# ---------------------------------------------------------------- #45, #46 DEFCON (G6)
@pytest.mark.parametrize(("defcon", "after"), [(2, 3), (4, 4)])
def test_summit_winner_lifts_defcon_only_from_2(rules: Ruleset, defcon: int, after: int) -> None:
    """Appendix #45 (G6): the AI wins the roll and moves DEFCON only from 2 to 3."""
    game, bot = at(rules, USSR, defcon=defcon, dice=[6, 1])
    play(game, 45, USSR)
    assert by_entry(bot, 45) == [after]
    assert (game.state.defcon, game.state.vp) == (after, -2)


@pytest.mark.parametrize(("defcon", "after"), [(2, 3), (4, 4)])
def test_how_i_learned_sets_defcon_by_g6(rules: Ruleset, defcon: int, after: int) -> None:
    """Appendix #46 (G6): DEFCON 2 becomes 3, otherwise unchanged; 5 military ops."""
    game, bot = at(rules, US, defcon=defcon)
    play(game, 46, US)
    assert by_entry(bot, 46) == [after]
    assert game.state.defcon == after
    assert game.state.milops[US.col] == 5


# ---------------------------------------------------------------- #47 Junta
def test_junta_works_in_the_secondary_when_it_is_latin(rules: Ruleset) -> None:
    """Appendix #47: Europe is Primary, South America Secondary: +2 in Chile (a BG +2 takes),
    then the free coup on Argentina there, not on Panama in Central America."""
    game, bot = at(
        rules,
        USSR,
        primary="europe",
        secondary="south_america",
        influence={"chile": (0, 1), "argentina": (2, 0), "panama": (2, 0)},
        dice=[5],
    )
    play(game, 47, USSR)
    assert by_entry(bot, 47) == ["chile", "coup", "argentina"]
    assert inf(game, "chile") == (0, 3)
    assert inf(game, "argentina") == (0, 1)
    assert inf(game, "panama") == (2, 0)
    assert game.state.defcon == 4


def test_junta_without_a_coup_target_realigns_or_stops(rules: Ruleset) -> None:
    """Appendix #47: at DEFCON 3 in a Non-Scoring Round a battleground coup breaks §14.3, and
    no realignment has the modifiers (spec §15): nothing after the placement."""
    game, bot = at(rules, USSR, defcon=3, primary="south_america", influence={"argentina": (2, 0)})
    play(game, 47, USSR)
    assert by_entry(bot, 47)[1] == "done"
    assert inf(game, "argentina") == (2, 0)
    assert game.state.defcon == 3


# ---------------------------------------------------------------- #49 Missile Envy
def test_missile_envy_ai_gives_its_own_event_among_ties(rules: Ruleset) -> None:
    """Appendix #49 on_human_play: of three 4-Op cards the AI (US) hands over NATO, its own
    event (the human gets only its Ops)."""
    game, bot = at(rules, US, primary="europe")
    move(game.state, hand_of(US), 34, 21, 50)
    play(game, 49, USSR)
    assert by_entry(bot, 49) == [21]
    assert game.state.where(21) == "discard"
    assert sorted(game.state.piles[hand_of(US)].known()) == [34, 49, 50]


# ---------------------------------------------------------------- #53 South African Unrest
@pytest.mark.parametrize(
    ("influence", "target", "after"),
    [
        ({"south_africa": (0, 1), "angola": (2, 0)}, "south_africa", {"south_africa": 3}),
        ({"angola": (2, 0)}, "botswana", {"south_africa": 1, "botswana": 2}),
        ({"south_africa": (0, 1)}, "angola", {"south_africa": 2, "angola": 2}),
    ],
    ids=["a-takes-a-bg", "b-botswana-only", "tie-b-angola"],
)
def test_south_african_unrest_options(
    rules: Ruleset,
    influence: dict[str, tuple[int, int]],
    target: str,
    after: dict[str, int],
) -> None:
    """Appendix #53: (a) when it takes more (South Africa, a BG, against Botswana); (b) to
    Botswana when only Botswana would be taken; on a tie (b) to Angola."""
    game, bot = at(rules, USSR, primary="europe", influence=influence)
    play(game, 53, USSR)
    assert by_entry(bot, 53) == [target]
    for c, n in after.items():
        assert inf(game, c)[1] == n


# ---------------------------------------------------------------- #56 Muslim Revolution
def test_muslim_revolution_human_battlegrounds_first(rules: Ruleset) -> None:
    """Appendix #56: Libya and Iran (US-controlled BGs, Libya holding more) before Sudan, though
    Sudan holds the most US influence."""
    game, bot = at(
        rules,
        USSR,
        primary="asia",
        influence={"sudan": (4, 0), "iran": (2, 0), "libya": (3, 0)},
    )
    play(game, 56, USSR)
    assert by_entry(bot, 56) == ["libya", "iran"]
    assert inf(game, "sudan") == (4, 0)


# ---------------------------------------------------------------- #57 ABM Treaty
def test_abm_treaty_headline_influence_goes_to_europe(rules: Ruleset) -> None:
    """Appendix #57 (spec §9.3): in the HL the 4 Ops go to Europe as if it were the Primary
    Region: Poland taken, then presence in Finland; none in Asia, the real Primary."""
    game, bot = at(rules, USSR, primary="asia", defcon=4, action_round=0)
    play(game, 57, USSR, headline=True)
    assert by_entry(bot, 57) == ["influence", "poland", "poland", "poland", "finland"]
    assert inf(game, "poland") == (0, 3)
    assert inf(game, "north_korea") == (0, 0)
    assert game.state.defcon == 5


# ---------------------------------------------------------------- #66 Puppet Governments
def test_puppet_governments_battlegrounds_of_the_primary_first(rules: Ruleset) -> None:
    """Appendix #66: three empty Africa (Primary) battlegrounds, by §18."""
    game, bot = at(rules, US, primary="africa", secondary="asia")
    play(game, 66, US)
    assert by_entry(bot, 66) == ["south_africa", "algeria", "angola"]
    assert total(game, US) == 3


def test_puppet_governments_stability_one_after_battlegrounds(rules: Ruleset) -> None:
    """Appendix #66: once the Primary's empty BGs are gone, its stability-1 countries."""
    africa_bgs = [c.id for c in rules.countries if c.region == "africa" and c.battleground]
    game, bot = at(rules, US, primary="africa", influence=dict.fromkeys(africa_bgs, (0, 1)))
    play(game, 66, US)
    answers = [str(a) for a in by_entry(bot, 66)]
    assert len(answers) == 3
    for c in answers:
        assert rules.country(c).region == "africa"
        assert rules.country(c).stability == 1
        assert inf(game, c) == (1, 0)


# ---------------------------------------------------------------- #74 Voice of America
def test_voice_of_america_primary_then_secondary(rules: Ruleset) -> None:
    """Appendix #74: Asia (Primary) by §17.3, then Africa (Secondary) before Cuba, whose control
    §17.3 alone would break first."""
    game, bot = at(
        rules,
        US,
        primary="asia",
        secondary="africa",
        influence={
            "north_korea": (0, 3),
            "afghanistan": (0, 1),
            "angola": (0, 2),
            "cuba": (0, 3),
            "poland": (0, 3),
        },
    )
    play(game, 74, US)
    assert by_entry(bot, 74) == ["north_korea", "north_korea", "afghanistan", "angola"]
    assert inf(game, "angola") == (0, 1)
    assert inf(game, "cuba") == (0, 3)


# ---------------------------------------------------------------- #75, #76, #87 placements
def test_liberation_theology_control_first(rules: Ruleset) -> None:
    """Appendix #75: Cuba (a BG 2 points take), then the first stability-1 country by §18;
    Panama, which §13 would break, gets nothing."""
    game, bot = at(rules, USSR, primary="europe", influence={"cuba": (0, 1), "panama": (2, 0)})
    play(game, 75, USSR)
    assert by_entry(bot, 75) == ["cuba", "cuba", "dominican_republic"]
    assert inf(game, "cuba") == (0, 3)
    assert inf(game, "panama") == (2, 0)


def test_ussuri_river_skirmish_control_first(rules: Ruleset) -> None:
    """Appendix #76: the US holds the China Card: Japan, then Pakistan, 2 each (battlegrounds
    2 points take, by §18); North Korea, which §13 would break, gets nothing."""
    game, bot = at(rules, US, primary="asia", influence={"japan": (2, 0), "north_korea": (0, 3)})
    game.move_card(CHINA_CARD, area_of(US))
    play(game, 76, US)
    assert by_entry(bot, 76) == ["japan", "japan", "pakistan", "pakistan"]
    assert inf(game, "japan") == (4, 0)
    assert inf(game, "pakistan") == (2, 0)
    assert inf(game, "north_korea") == (0, 3)


def test_the_reformer_plans_with_the_points_left(rules: Ruleset) -> None:
    """Appendix #87: §13 in Europe with 2 points at a time takes East Germany and Poland;
    one point at a time would first take Romania."""
    game, bot = at(
        rules,
        USSR,
        primary="asia",
        influence={"east_germany": (0, 1), "poland": (0, 1), "romania": (0, 2)},
    )
    play(game, 87, USSR)
    assert by_entry(bot, 87) == ["east_germany", "east_germany", "poland", "poland"]
    assert inf(game, "romania") == (0, 2)


# ---------------------------------------------------------------- #77, #108 discards
def test_ask_not_discards_the_human_events(rules: Ruleset) -> None:
    """Appendix #77: COMECON and We Will Bury You go, then the AI stops and draws 2."""
    game, bot = at(rules, US)
    move(game.state, hand_of(US), 21, 14, 34, 50)
    play(game, 77, US)
    assert by_entry(bot, 77) == [14, 50, "done"]
    assert game.state.where(14) == game.state.where(50) == "discard"
    hand = list(game.state.piles[hand_of(US)].known())
    assert {21, 34} <= set(hand)
    assert len(hand) == 4


def test_our_man_in_tehran_discards_the_human_events(rules: Ruleset) -> None:
    """Appendix #108: of the 5 cards drawn, the USSR events are discarded, the rest return."""
    game, bot = at(rules, US, influence={"israel": (4, 0)})
    state = game.state
    for card in list(state.piles["draw"].known()):
        move(state, "unused", card)
    move(state, "draw", 14, 19, 21, 34, 50)
    play(game, 108, US)
    assert by_entry(bot, 108) == [14, 50, "done"]
    assert sorted(state.piles["discard"].known()) == [14, 50]
    assert sorted(state.piles["draw"].known()) == [19, 21, 34]


# ---------------------------------------------------------------- #85 Star Wars
def test_star_wars_takes_only_a_card_its_entry_allows_now(rules: Ruleset) -> None:
    """Appendix #85: US/Japan Pact would score best in Asia but its entry allows it only in
    the HL; Truman Doctrine's NSR window holds."""
    game, bot = at(rules, US, primary="asia", influence={"austria": (0, 2)})
    game.state.space[US.col] = 1
    move(game.state, "discard", 27, 19)
    play(game, 85, US)
    assert by_entry(bot, 85)[0] == 19
    assert inf(game, "austria") == (0, 0)
    assert inf(game, "japan") == (0, 0)


# ---------------------------------------------------------------- #89, #90
@pytest.mark.parametrize(("card", "ai"), [(89, US), (90, USSR)])
def test_ops_go_on_influence_before_realignment(rules: Ruleset, card: int, ai: Side) -> None:
    """Appendix #89 KAL-007 / #90 Glasnost: the 4 Ops go on influence (G5), though
    realignments could break the human's North Korea / South Korea."""
    influence = {"south_korea": (3, 0), "north_korea": (0, 5)}
    if ai is USSR:
        influence = {"north_korea": (0, 3), "south_korea": (5, 0)}
    effects = [Effect(87, USSR)] if card == 90 else []
    game, bot = at(rules, ai, primary="asia", influence=influence, effects=effects)
    before = total(game, ai)
    play(game, card, ai)
    answers = by_entry(bot, card)
    assert answers[0] == "influence"
    assert len(answers) == 5
    assert total(game, ai) == before + 4


# ---------------------------------------------------------------- #91 Ortega
def test_ortega_free_coup_by_14_2(rules: Ruleset) -> None:
    """Appendix #91: Honduras (human-controlled non-BG, 4/6) is the §14.2 target."""
    game, bot = at(
        rules,
        USSR,
        primary="central_america",
        influence={"nicaragua": (2, 0), "cuba": (1, 0), "honduras": (2, 0), "costa_rica": (1, 0)},
        dice=[6],
    )
    play(game, 91, USSR)
    assert by_entry(bot, 91) == ["honduras"]
    assert inf(game, "nicaragua") == (0, 0)
    assert inf(game, "honduras") == (0, 2)


def test_ortega_no_coup_without_a_valid_target(rules: Ruleset) -> None:
    """Appendix #91: at DEFCON 2 a coup on Cuba (a BG) is never valid (spec §14.1): decline."""
    game, bot = at(rules, USSR, defcon=2, influence={"nicaragua": (1, 0), "cuba": (1, 0)})
    play(game, 91, USSR)
    assert by_entry(bot, 91) == ["decline"]
    assert inf(game, "cuba") == (1, 0)
    assert game.state.defcon == 2


# ---------------------------------------------------------------- #94 Chernobyl
@pytest.mark.parametrize(
    ("primary", "named"), [("southeast_asia", "asia"), ("middle_east", "middle_east")]
)
def test_chernobyl_names_the_primary_region(rules: Ruleset, primary: str, named: str) -> None:
    """Appendix #94: the Primary Region; Asia when it is Southeast Asia."""
    game, bot = at(rules, US, primary=primary)
    play(game, 94, US)
    assert by_entry(bot, 94) == [named]
    assert Effect(94, USSR, named) in game.state.effects


# ---------------------------------------------------------------- #95 Latin American Debt Crisis
def test_latin_american_debt_crisis_doubles_where_it_takes_control(rules: Ruleset) -> None:
    """Appendix #95: Chile and Brazil (BGs that doubling takes, by §18) before Peru, already
    held, and Bolivia, a non-BG."""
    game, bot = at(
        rules,
        USSR,
        primary="europe",
        influence={
            "venezuela": (0, 1),
            "chile": (0, 2),
            "brazil": (0, 1),
            "bolivia": (0, 1),
            "peru": (0, 3),
        },
    )
    play(game, 95, USSR)  # the human (US) answers it in the next action round (appendix #95)
    run_hooks(game, "drawn", side=US, drawn=[])  # drew no 3+ Ops card: the doubling happens
    assert by_entry(bot, 95) == ["chile", "brazil"]
    assert inf(game, "chile") == (0, 4)
    assert inf(game, "brazil") == (0, 2)


@pytest.mark.parametrize(("exposed", "discarded"), [(True, 21), (False, None)])
def test_latin_american_debt_crisis_ai_discards_only_when_exposed(
    rules: Ruleset, exposed: bool, discarded: int | None
) -> None:
    """Appendix #95 on_human_play: as the US the AI reveals for a 3+ Ops card and discards it
    only if the human has influence in South America (here #21, the first revealed)."""
    influence = {"chile": (0, 2)} if exposed else {}
    game, _ = at(rules, US, influence=influence)
    move(game.state, hand_of(US), 21, 29)
    play(game, 95, USSR)
    if exposed:
        assert game.state.where(discarded) == "discard"
        assert inf(game, "chile") == (0, 2)
    else:
        assert sorted(game.state.piles[hand_of(US)].known()) == [21, 29]


# ---------------------------------------------------------------- #96 Tear Down this Wall
def test_tear_down_this_wall_free_coup_in_europe(rules: Ruleset) -> None:
    """Appendix #96: at DEFCON 5 a free coup on Poland (a USSR-controlled BG, 1/2)."""
    game, bot = at(rules, US, primary="asia", influence={"poland": (0, 3)}, dice=[6])
    play(game, 96, US)
    assert by_entry(bot, 96) == ["coup", "poland"]
    assert inf(game, "east_germany") == (3, 0)
    assert inf(game, "poland") == (0, 0)
    assert game.state.defcon == 4


def test_tear_down_this_wall_no_valid_coup_realigns_or_stops(rules: Ruleset) -> None:
    """Appendix #96: at DEFCON 3 in a Non-Scoring Round the coup on Poland would break §14.3;
    no realignment has the modifiers: nothing."""
    game, bot = at(rules, US, defcon=3, primary="asia", influence={"poland": (0, 3)})
    play(game, 96, US)
    assert by_entry(bot, 96) == ["realign", "done"]
    assert inf(game, "poland") == (0, 3)
    assert game.state.defcon == 3


# ---------------------------------------------------------------- #98 Aldrich Ames Remix
def test_aldrich_ames_discards_the_humans_best_own_event(rules: Ruleset) -> None:
    """Appendix #98: NATO and US/Japan Pact both 4 Ops with the US event: the lower number."""
    game, bot = at(rules, USSR)
    move(game.state, hand_of(US), 14, 34, 27, 21)
    play(game, 98, USSR)
    assert by_entry(bot, 98) == [21]
    assert game.state.where(21) == "discard"


# ---------------------------------------------------------------- #104 The Cambridge Five
def test_cambridge_five_places_in_the_primary_region(rules: Ruleset) -> None:
    """Appendix #104: in the HL too the 1 influence goes to the Primary Region (Africa) by §13,
    not by the HL's Europe-first order (§9.3), which would reach Panama first."""
    game, bot = at(
        rules,
        USSR,
        primary="africa",
        secondary="central_america",
        action_round=0,
        influence={"panama": (0, 1)},
    )
    play(game, 104, US, headline=True)
    assert by_entry(bot, 104) == ["angola"]
    assert inf(game, "angola") == (0, 1)
    assert inf(game, "panama") == (0, 1)


# ---------------------------------------------------------------- #105 Special Relationship
@pytest.mark.parametrize(
    ("nato", "influence", "target", "after"),
    [
        (False, {"france": (2, 0), "norway": (3, 0)}, "france", 3),
        (True, {"greece": (1, 0)}, "italy", 2),
    ],
    ids=["without-nato", "with-nato"],
)
def test_special_relationship_where_it_gives_control(
    rules: Ruleset,
    nato: bool,
    influence: dict[str, tuple[int, int]],
    target: str,
    after: int,
) -> None:
    """Appendix #105: without NATO France (a BG +1 takes) before Norway; with NATO, +2 takes
    Italy (a BG) and would take Greece only beyond its cap (§11.4)."""
    effects = [Effect(21)] if nato else []
    game, bot = at(
        rules, US, primary="asia", influence={"uk": (5, 0), **influence}, effects=effects
    )
    play(game, 105, US)
    assert by_entry(bot, 105) == [target]
    assert inf(game, target) == (after, 0)
    assert game.state.vp == (2 if nato else 0)


# ---------------------------------------------------------------- #107 Che
def test_che_coups_the_primary_region_first(rules: Ruleset) -> None:
    """Appendix #107: Saharan States (Africa, the Primary) before Honduras, which §14.2 alone
    would pick (a human-controlled non-BG); the first coup removed influence, so a second."""
    game, bot = at(
        rules,
        USSR,
        primary="africa",
        influence={"saharan_states": (1, 1), "honduras": (2, 0)},
        dice=[1, 6],
    )
    play(game, 107, USSR)
    assert by_entry(bot, 107) == ["saharan_states", "honduras"]
    assert inf(game, "saharan_states") == (0, 2)
    assert inf(game, "honduras") == (0, 3)
    assert game.state.defcon == 5


# ---------------------------------------------------------------- #88, #99: spec §17.3 suffices
def test_marine_barracks_bombing_by_17_3(rules: Ruleset) -> None:
    """Appendix #88 says only spec §17.3 for the 2 after Lebanon: Iran (a Primary BG whose
    control breaks), then Israel (closest to breaking)."""
    game, bot = at(
        rules,
        USSR,
        primary="middle_east",
        influence={"lebanon": (2, 0), "israel": (5, 0), "iran": (2, 0), "jordan": (1, 0)},
    )
    play(game, 88, USSR)
    assert [d.answer for d in bot.decisions] == ["iran", "israel"]
    assert [inf(game, c)[0] for c in ("lebanon", "iran", "israel", "jordan")] == [0, 1, 4, 1]


def test_pershing_ii_by_17_3(rules: Ruleset) -> None:
    """Appendix #99 says only spec §17.3: France (breaks), the UK (1 from breaking), West
    Germany (2 from breaking), never Italy."""
    game, bot = at(
        rules,
        USSR,
        primary="europe",
        influence={"france": (3, 0), "west_germany": (5, 0), "uk": (5, 0), "italy": (1, 0)},
    )
    play(game, 99, USSR)
    assert [d.answer for d in bot.decisions] == ["france", "uk", "west_germany"]
    assert inf(game, "italy") == (1, 0)
