"""The phrases of the printed rulebook's data-driven parts: the AI's tables drawn from the rules
data (rulebook/tables.py: titles, column headers, the texts around the figures, the enhanced
switches) and the appendix's data in words (rulebook/words.py: conditions, windows, the answers
to an event's questions).

The descriptions the rules data carries (rules/vocabulary.yaml) are data, not phrases: they are
said as the data has them. Where English has said the plural even for one ("1 qualifying
headline cards"), the pair keeps both forms the same, so English stays as it was and a
translation still picks its own form by the count."""

from __future__ import annotations

PHRASES: dict[str, str | tuple[str, str]] = {
    # rulebook/words.py: names (REGION_NAMES, SIDES; the superpowers are `side.us`, `side.ussr`)
    "rulebook.words.region.europe": "Europe",
    "rulebook.words.region.asia": "Asia",
    "rulebook.words.region.middle_east": "the Middle East",
    "rulebook.words.region.africa": "Africa",
    "rulebook.words.region.central_america": "Central America",
    "rulebook.words.region.south_america": "South America",
    "rulebook.words.region.southeast_asia": "Southeast Asia",
    "rulebook.words.region.east_europe": "Eastern Europe",
    "rulebook.words.region.west_europe": "Western Europe",
    "rulebook.words.side.neutral": "neutral",
    # Lists: `items` are all but the last, joined by commas.
    "rulebook.words.list.and": "{items} and {last}",
    "rulebook.words.list.or": "{items} or {last}",
    # A condition in words: a number term (a noun phrase of the vocabulary) compared.
    "rulebook.words.compare.at_least": "{term} is at least {value}",
    "rulebook.words.compare.more_than": "{term} is more than {value}",
    "rulebook.words.compare.at_most": "{term} is at most {value}",
    "rulebook.words.compare.less_than": "{term} is less than {value}",
    "rulebook.words.compare.is": "{term} is {value}",
    "rulebook.words.compare.is_not": "{term} is not {value}",
    "rulebook.words.not": "not ({condition})",
    # A criterion with its argument: its description, the criterion's id and the argument.
    "rulebook.words.named_arg": "{text} ({name}: {arg})",
    # An `ai_play` window (appendix §1.1): when, as a clause, then the sentence.
    "rulebook.words.window.never": "Never: the AI plays the card for its Ops (or as the rules for"
    " its side say)",
    "rulebook.words.window.headline": "In the Headline",
    "rulebook.words.window.non_scoring": "In a Non-Scoring Round",
    "rulebook.words.window.scoring_of": "In a Scoring Round of {regions}",
    "rulebook.words.window.any_scoring": "In any Scoring Round",
    "rulebook.words.window.round": "In action round {round}",
    "rulebook.words.window.rounds": "In action rounds {first}–{last}",
    "rulebook.words.window.round.early": "In action round {round} of a Early War turn",
    "rulebook.words.window.rounds.early": "In action rounds {first}–{last} of a Early War turn",
    "rulebook.words.window.round.midlate": "In action round {round} of a Mid or Late War turn",
    "rulebook.words.window.rounds.midlate": "In action rounds {first}–{last} of a Mid or Late War"
    " turn",
    "rulebook.words.window.if": "{when}, if {condition}",
    "rulebook.words.window.sentence": "{window}.",
    # How the AI answers an event's question (appendix §1.2), one line per field of resolve.KEY.
    "rulebook.words.choice.when": "Only {windows}.",
    "rulebook.words.choice.when.or": "{earlier} or {later}",
    "rulebook.words.choice.side": "Only when the AI itself answers (not the human's side in a dry"
    " run).",
    "rulebook.words.choice.answer": "Answer «{answer}», when it is legal.",
    "rulebook.words.choice.answer_if": "Answer «{answer}» if {condition}.",
    "rulebook.words.choice.regions": "Regions: {regions}.",
    "rulebook.words.choice.regions_in_order": "the regions {regions}, in that order",
    "rulebook.words.choice.within_event": "Only regions the event acts in.",
    "rulebook.words.choice.select_first": "It answers in the first region of that order.",
    "rulebook.words.choice.select_candidate": "It answers in the first region that has a"
    " candidate.",
    "rulebook.words.choice.where": "Candidates: {filters}",
    "rulebook.words.choice.tier": "Tier {number}: {where}.",
    "rulebook.words.choice.tier_ordered": "Tier {number}: {where}; ordered by {keys}.",
    "rulebook.words.choice.any_candidate": "any candidate",
    "rulebook.words.choice.then_key": "{earlier}; then {later}",
    "rulebook.words.choice.keys": "Ordered by: {keys}.",
    "rulebook.words.choice.then": "Then: {then}.",
    "rulebook.words.choice.rerun": "the event is re-run with each candidate, {how}",
    "rulebook.words.choice.rerun_ties": "the event is re-run with each candidate, {how}; ties go"
    " to the order {order}",
    "rulebook.words.choice.rerun_general": "the best by the general result of spec §17.6",
    "rulebook.words.choice.rerun_by": "the best by {measures}",
    "rulebook.words.choice.then_by": "{earlier}; then by {later}",
    "rulebook.words.choice.otherwise": "When no candidate is left: «{answer}».",
    # The plan's sentence: `details` are the parts below, each after a comma.
    "rulebook.words.choice.plan": "The operations it grants are planned by spec §12.3{details}.",
    "rulebook.words.choice.plan.primary": "as if {region} were the Primary Region",
    "rulebook.words.choice.plan.scoring_round": "as in a Scoring Round",
    "rulebook.words.choice.plan.regions": "with influence placed in {regions}",
    "rulebook.words.choice.procedure": "By its registered code: {procedure}.",
    # rulebook/tables.py: the column headers
    "rulebook.table.head.number": "#",
    "rulebook.table.head.name": "name",
    "rulebook.table.head.what_it_is": "what it is",
    "rulebook.table.head.measure": "measure",
    "rulebook.table.head.at_least": "at least",
    "rulebook.table.head.what_it_counts": "what it counts",
    "rulebook.table.head.region": "region",
    "rulebook.table.head.countries": "countries",
    "rulebook.table.head.human_score": "the human's score at least",
    "rulebook.table.head.rating": "rating",
    "rulebook.table.head.roll": "roll",
    "rulebook.table.head.influence_placed": "influence placed",
    "rulebook.table.head.level": "level",
    "rulebook.table.head.ahead": "the AI starts ahead by (VP)",
    "rulebook.table.head.card": "card",
    "rulebook.table.head.presence": "presence",
    "rulebook.table.head.domination": "domination",
    "rulebook.table.head.control": "control",
    "rulebook.table.head.box": "box",
    "rulebook.table.head.ops_needed": "Ops needed",
    "rulebook.table.head.succeeds_on": "roll succeeds on",
    "rulebook.table.head.vp": "VP first / second",
    "rulebook.table.head.ability": "ability",
    "rulebook.table.head.section": "section",
    "rulebook.table.head.switch": "switch",
    "rulebook.table.head.in_force": "in force",
    "rulebook.table.head.what_it_does": "what it does",
    "rulebook.table.none": "none",
    # The AI's priorities (rules/priorities.yaml): titles, then the texts.
    "rulebook.table.caps.title": "Influence caps",
    "rulebook.table.influence_options.title": "Influence placement options",
    "rulebook.table.influence_ties.title": "Ties within an option",
    "rulebook.table.coup_order.title": "Coup targets",
    "rulebook.table.coup_margins.title": "DEFCON care",
    "rulebook.table.milops.title": "Military operations",
    "rulebook.table.decisive_coup.title": "The decisive coup",
    "rulebook.table.realign.title": "Realignment targets",
    "rulebook.table.space_dump.title": "When a human event hurts the AI",
    "rulebook.table.priority_table.title": "The Region / Country Priority Table",
    "rulebook.table.caps": "The AI places influence in a battleground up to control +"
    " {battleground} and in any other country up to control + {other} (control = the human's"
    " influence + the stability).",
    "rulebook.table.coup_order.likely": "A success is likely when its chance is at least"
    " {chance}. Ties:",
    "rulebook.table.coup_margins": "The AI coups a battleground only at DEFCON {non_scoring} or"
    " more in a Non-Scoring Round and DEFCON {scoring} or more in a Scoring Round.",
    "rulebook.table.milops": (
        "The AI coups for military operations when its shortfall (DEFCON − its military ops)"
        " exceeds {n} times the action rounds it has left in the turn after this one.",
        "The AI coups for military operations when its shortfall (DEFCON − its military ops)"
        " exceeds {n} times the action rounds it has left in the turn after this one.",
    ),
    "rulebook.table.milops.battlegrounds": "A battleground is a target within §14.3's margins"
    " (never a coup that brings DEFCON to 2).",
    "rulebook.table.milops.no_battlegrounds": "Battlegrounds are not targets.",
    "rulebook.table.decisive_coup": "In a Scoring Round a coup is decisive when its chance of"
    " changing who controls the country is at least {chance} and the expected swing of the"
    " coming scoring is at least {swing} VP ({swing_defcon2} VP when the coup brings DEFCON to"
    " 2).",
    "rulebook.table.realign.ties": "Ties:",
    "rulebook.table.space_dump": "A human event hurts the AI (and goes on the Space Race) when the"
    " dry run of the AI playing it for Ops reaches any of these:",
    "rulebook.table.space_dump.trap": "for the AI as the {side}, #{number} {card}",
    "rulebook.table.space_dump.traps": "The trap card always hurts: {traps}.",
    "rulebook.table.space_dump.score_first": "In a Scoring Round the AI first weighs option 0"
    " with the card on the board the event leaves: it keeps the card for its Ops when that"
    " gains at least {gain} VP more than the event gives.",
    "rulebook.table.space_dump.dump_first": "In a Scoring Round the dump is decided before the"
    " scoring is weighed.",
    "rulebook.table.priority_table": "Regions in order; within a region, the countries in order:",
    "rulebook.table.priority_table.battleground": "{country} (BG)",
    # Regions, Scoring Rounds and the result (rules/regions.yaml)
    "rulebook.table.shift.title": "The region shift",
    "rulebook.table.schedule.title": "The Scoring Round schedule",
    "rulebook.table.penalty.title": "The human's off-region penalty",
    "rulebook.table.secondary.title": "The Secondary in a Scoring Round",
    "rulebook.table.rating.title": "Victory Rating",
    "rulebook.table.shift": "From action round {round} on, at the start of every action round"
    " the Primary card leaves: {scored} if it was scored in a Scoring Round, else {unscored}."
    " The Secondary becomes the Primary and a new Secondary is revealed.",
    "rulebook.table.shift.bottom": "face down at the bottom of the Scoring Card Deck",
    "rulebook.table.shift.spent": "face up in the spent row",
    "rulebook.table.schedule": "Early War (turns 1–3): one Scoring Round a turn, the first action"
    " round from {first} on whose Primary is an Early War region, forced at action round"
    " {last}. Mid and Late War: action rounds {rounds}.",
    "rulebook.table.schedule.most": (
        "At most {n} regions are scored in Scoring Rounds in a game.",
        "At most {n} regions are scored in Scoring Rounds in a game.",
    ),
    "rulebook.table.penalty": "The human gives the AI {vp} VP for each action round in which any"
    " op is spent outside the Primary and Secondary Regions.",
    "rulebook.table.secondary.kept": "In a Scoring Round the Secondary keeps its role (the"
    " human's penalty-free area, the AI's fall-back region).",
    "rulebook.table.secondary.literal": "In a Scoring Round only the Primary Region exists (the"
    " literal reading).",
    # Set-up (rules/setup.yaml)
    "rulebook.table.extra_influence.title": "Variable extra influence",
    "rulebook.table.difficulty.title": "Difficulty levels",
    "rulebook.table.draft_cap.title": "The draft cap",
    "rulebook.table.balanced_setup.title": "The balanced set-up",
    "rulebook.table.extra_influence": "Each side's extra influence is placed by {dice}:",
    "rulebook.table.extra_influence.one_die": "one die",
    "rulebook.table.extra_influence.dice": (
        "{n} dice, the lowest counting",
        "{n} dice, the lowest counting",
    ),
    "rulebook.table.draft_cap": (
        "With the draft cap (`--draft-cap`), the human may give the AI at most {n} card(s)"
        " carrying the human's event in a draft step, when a split that keeps the OP balance"
        " allows it.",
        "With the draft cap (`--draft-cap`), the human may give the AI at most {n} card(s)"
        " carrying the human's event in a draft step, when a split that keeps the OP balance"
        " allows it.",
    ),
    "rulebook.table.balanced_setup": "With the balanced set-up (`--balanced-setup`), every column"
    " of the extra-influence table gets more influence, whichever side the AI plays: {added}.",
    # Scoring and the Space Race (rules/scoring.yaml, rules/space.yaml)
    "rulebook.table.scoring.title": "Region scoring",
    "rulebook.table.southeast_asia.title": "Southeast Asia",
    "rulebook.table.final_scoring.title": "Final scoring",
    "rulebook.table.space.title": "The Space Race",
    "rulebook.table.scoring.wins": "wins the game",
    "rulebook.table.scoring": "Plus {battleground} VP per controlled battleground of the region"
    " and {adjacent} VP per controlled country next to the enemy superpower.",
    "rulebook.table.southeast_asia": "{card}: {vp} VP per controlled country.",
    "rulebook.table.southeast_asia.exceptions": "{card}: {vp} VP per controlled country"
    " ({exceptions}).",
    "rulebook.table.final_scoring": "Final scoring: {regions}; the holder of the China Card gains"
    " {vp} VP.",
    "rulebook.table.space.two_attempts": "two attempts a turn",
    "rulebook.table.space.headline_second": "the opponent headlines first (reveal yours after)",
    "rulebook.table.space.discard_held": "discard a held card at the end of the turn",
    "rulebook.table.space.eighth_round": "an eighth action round",
    # The enhanced AI (rules/enhanced.yaml, spec §25): the switches, then the figures.
    "rulebook.table.enhanced.title": "The enhanced AI's switches",
    "rulebook.table.enhanced.on": "on",
    "rulebook.table.enhanced.off": "off",
    "rulebook.table.enhanced.switch.prepare_next_scoring": "In the round before a Scoring Round,"
    " option 0 first for the region that scores next.",
    "rulebook.table.enhanced.switch.china_card_always_enters": "The AI's China Card always enters"
    " its deck/hand at draft step 0; the AI plays it only in Asia, and never takes it out of a"
    " Scoring Round whose Primary is elsewhere.",
    "rulebook.table.enhanced.switch.best_headline_with_box4": "With the box-4 ability the AI"
    " reveals several qualifying headline cards and headlines the best.",
    "rulebook.table.enhanced.switch.careful_cuban_missile_crisis": "The AI headlines Cuban"
    " Missile Crisis only when a further condition holds.",
    "rulebook.table.enhanced.switch.defer_harmful_event": "Once a round, a human event that hurts"
    " the AI and cannot go on the Space Race goes to the bottom of the AI's deck/hand, and the AI"
    " plays the next card instead.",
    "rulebook.table.enhanced.switch.guard_prepared": "A country §25.1 brings to exactly control"
    " gets more points from what the option-0 plan leaves, since the human acts first in the"
    " Scoring Round.",
    "rulebook.table.enhanced.switch.final_sweep": "In the AI's Non-Scoring Rounds of the"
    " final-sweep turn (every one, or only those after its last Scoring Round), option 0 for the"
    " final scoring of the map region where that gains most.",
    "rulebook.table.enhanced.headline_cards": (
        "§25.3: the AI reveals until it holds {n} qualifying headline cards.",
        "§25.3: the AI reveals until it holds {n} qualifying headline cards.",
    ),
    "rulebook.table.enhanced.cuban_missile_crisis": "§25.4: it headlines Cuban Missile Crisis"
    " only if {condition}.",
    "rulebook.table.enhanced.guard_points": (
        "§25.6: {n} more point(s) on a country brought to exactly control.",
        "§25.6: {n} more point(s) on a country brought to exactly control.",
    ),
    "rulebook.table.enhanced.sweep_every": "§25.7: the final sweep in turn {turn}, in every"
    " Non-Scoring Round.",
    "rulebook.table.enhanced.sweep_after": "§25.7: the final sweep in turn {turn}, in the"
    " Non-Scoring Rounds after its last Scoring Round.",
}
