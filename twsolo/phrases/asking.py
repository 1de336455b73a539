"""The phrases of asking the person (cli/prompts.py, cli/menus.py, cli/batch.py): what a
question says around its options, how to answer it, an answer refused and why, the warnings
before a costly answer; and what `twsolo cards show` (cli/card_entry.py) and `twsolo replay`
(cli/reasons.py) print."""

from __future__ import annotations

PHRASES: dict[str, str | tuple[str, str]] = {
    # Whose die a die question rolls (cli/prompts.py whose_die).
    "ask.die.setup": "the set-up's die",
    "ask.die.ai": "the AI's die ({side})",
    "ask.die.yours": "your die ({side})",
    "ask.die.title": "Roll {die}",
    "ask.die.rolled": "{die}, for {purpose}: {value}",
    # A question's line at the prompt.
    "ask.only_answer": "{header} — only one legal answer: {answer}",
    "ask.only_answers": "{header} — each can be one card only: {answers}",
    "ask.listed_above": (
        "{header} ({n} legal answer, listed above; ? lists it again)",
        "{header} ({n} legal answers, listed above; ? lists them again)",
    ),
    "ask.listed_above_paid": (
        "{header} ({n} legal answer, listed above; the penalty is paid: its marks no longer"
        " cost; ? lists it again)",
        "{header} ({n} legal answers, listed above; the penalty is paid: its marks no longer"
        " cost; ? lists them again)",
    ),
    "ask.listed_above_marked": (
        "{header} ({n} legal answer, listed above, (-{vp} VP) where marked; ? lists it again)",
        "{header} ({n} legal answers, listed above, (-{vp} VP) where marked; ? lists them again)",
    ),
    "ask.type_seen": (
        "{header} — type #N or its name ({n} card can be it: ? lists it)",
        "{header} — type #N or its name ({n} cards can be it: ? lists them)",
    ),
    "ask.pile.draw_to": "turn over the top card of {pile} and put it on {to}",
    "ask.pile.draws_to": "turn over the top {n} cards of {pile} one by one and put them on {to}",
    "ask.die.both": "(then {then}: you may roll both and type them in one line, this die first)",
    "ask.pile.type_all": "(you may type all {n} in one line, in the order drawn)",
    "ask.points.type_all": "(you may name all {n} in one line, after commas: `Name, Name 2`)",
    "ask.points.type_all_once": "(you may name all {n} in one line, after commas: `Name, Name`)",
    "ask.points.type_ops": "(you may name every point in one line, after commas: `Name, Name 2`)",
    "ask.dice_after.one": "(then your die: you may roll it now and type it after the country,"
    " after a comma: `Name, {example}`)",
    "ask.dice_after.both": "(then both dice, yours first: you may roll them now and type them"
    " after the country, after a comma: `Name, {example}`)",
    "ask.ops_after": "(for ops you may type the operation in the same line, after a comma:"
    " `{example}`)",
    "ask.ops_order_after": "(for ops you may type the order and the operation in the same line,"
    " after commas: `{example}`)",
    "ask.operation_after": "(you may type the operation in the same line, after a comma:"
    " `{example}`)",
    "ask.then_after_keep": "(next, before any choice: {items}; you may turn them over now and"
    " type them after the cards you keep, after a comma: `1 4 5, #N #N …`)",
    "ask.then": "(next, before any choice: {items}; you may turn them over now and type them"
    " after this card in one line)",
    "ask.then.card": "the top card of {pile}",
    "ask.then.cards": "{n} cards off the top of {pile}",
    "ask.then.set_aside": "If the Primary's card and the Secondary's are both among {cards},"
    " the Secondary's is set aside (spec §7.2.4): turn over the next one too and type it after"
    " it.",
    "ask.draft.how": "Which {keep} do you keep? Type their numbers, e.g. `1 4 5`. OP balance"
    " (spec §6): the Ops you keep may not exceed the Ops you give.",
    "ask.draft.how_bonus": "Which {keep} do you keep? Type their numbers, e.g. `1 4 5`. OP"
    " balance (spec §6): the Ops you keep may not exceed the Ops you give. Give 3+ Ops more"
    " than you keep for 1 VP.",
    "ask.bottom.how": "Type their numbers in that order, e.g. `2 1`:",
    # A typed line refused.
    "ask.refused": "Refused: {reason}",
    "ask.refused_line": "Refused (nothing done): {reason}",
    "ask.refused.several_answers": "several answers",
    "ask.refused.control_character": "Refused: the line holds a control character (U+{code}),"
    " which no answer has: type it again",
    "ask.refused.rest_of_line": "(the rest of your line does not answer this question: answer it)",
    "ask.refused.not_legal": "{answer} is not a legal answer here (type ? to list them)",
    "ask.refused.name_each": "name each of the {n} cards once, in your order",
    "ask.refused.keep_exactly": "keep exactly {keep} different cards of the {drawn} listed",
    "ask.refused.op_balance": "OP balance (spec §6): you would keep {mine} Ops and give the AI"
    " {theirs}; the cards you keep may not total more Ops than the cards you give",
    "ask.refused.not_one_of": "{typed} is not one of {values}",
    "ask.refused.not_numbered": "no list is numbered here: type #{n} for card {n}",
    "ask.refused.not_list_number": "{n} is not a list number here (1–{last})",
    "ask.refused.not_list_number_card": "{n} is not a list number here (1–{last}); card {n} is"
    " typed #{n}",
    "ask.refused.any_of": "{typed} may be any of: {answers}",
    "ask.refused.card_numbers": "{typed}: type list numbers 1–{last} or #N of the cards listed",
    # Warnings before an answer that costs VP or the game.
    "ask.warning": "Warning: {warning}.",
    "ask.warning.off_region": "{answer} is outside the Primary and Secondary Regions: it costs"
    " you {vp} VP this action round (off-region penalty, spec §10.2)",
    "ask.warning.coup_defcon1": "a coup in {country} leaves DEFCON at 1: you lose the game"
    " (spec §20.1.2)",
    "ask.go_ahead": "Go ahead?",
    "ask.not_done": "Not done: choose again.",
    # An option's marks (cli/menus.py).
    "ask.off_region": "-{vp} VP",
    "ask.off_region.legend": "({mark}): outside the Primary and Secondary Regions, the first op"
    " there this action round costs you {vp} VP (spec §10.2)",
    "ask.coup.no_roll": "no roll succeeds",
    "ask.coup.any_roll": "any roll: {percent}%",
    "ask.coup.needs": "needs {least}+: {percent}%",
    "ask.coup.defcon": "DEFCON {before}→{after}",
    "ask.coup.defcon_lose": "DEFCON {before}→{after}: you lose",
    "ask.coup.missile_crisis": "{card}: a coup loses the game",
    # The list of options, and `?`.
    "ask.list.cards_can_be": "({n} cards can be it: type #N or the name; ? lists them)",
    "ask.list.answers": (
        "{n} legal answer — {how}:",
        "{n} legal answers — {how}:",
    ),
    "ask.list.card_sets": (
        "{n} legal choice of the {cards} cards listed — {how}:",
        "{n} legal choices of the {cards} cards listed — {how}:",
    ),
    "ask.how.number": "type the number itself",
    "ask.how.card_sets": "type list numbers or #N for each card, e.g. `1 3` or `#8 #21`",
    "ask.how.seen": "type #N for card N, or the card's name",
    "ask.how.card": "type the list number, #N for card N, or the card's name",
    "ask.how.name": "type the list number or a name (a unique start is enough)",
    # A line that answers several questions (cli/batch.py).
    "ask.line.refused_at": "{typed} at “{header}”: {reason}",
    "ask.line.only_card": "{typed} at “{header}”: this card can only be {card} (every other"
    " card is accounted for): check the card you turned over",
    "ask.line.pile_changes": "the table changes the pile of “{header}” first: do what the"
    " screen says, then answer it",
    "ask.line.left_over": "{typed} is left over: {why}",
    "ask.line.not_yours": "the next question is not yours ({question})",
    # A card's appendix entry (`twsolo cards show`, cli/card_entry.py).
    "ask.entry.event_regions": "event regions: {regions}",
    "ask.entry.war_any_target": "any the event allows",
    "ask.entry.war": "war: {targets}; {success}+ wins; {vp} VP, {milops} military ops",
    "ask.entry.war_target_counts": "war: {targets}; {success}+ wins, the target itself counts;"
    " {vp} VP, {milops} military ops",
    "ask.entry.figures": "figures: {figures}",
    "ask.entry.only_ai": "only when the AI answers",
    "ask.entry.when": "when: {conditions}",
    "ask.entry.procedure": "procedure: {procedure}",
    "ask.entry.plan_primary": "{region} as the Primary Region",
    "ask.entry.plan_scoring_round": "as in a Scoring Round",
    "ask.entry.plan_regions": "regions {regions}",
    "ask.entry.plan": "plan the operations (spec §12.3): {parts}",
    "ask.entry.answer": "answer: {rules}",
    "ask.entry.regions": "regions: {order}{within}{select}",
    "ask.entry.regions_within_event": " (the event's regions only)",
    "ask.entry.regions_select": ", select {select}",
    "ask.entry.where": "where: {names}",
    "ask.entry.tier": "tier {n}: {where}",
    "ask.entry.tier_by": "tier {n}: {where} by {keys}",
    "ask.entry.tier_all": "all",
    "ask.entry.keys": "keys: {names}",
    "ask.entry.rerun_result": "spec §17.6's result",
    "ask.entry.rerun": "then: re-run the event, the best by {measure}",
    "ask.entry.rerun_ties": "then: re-run the event, the best by {measure}, ties to {prefer}",
    "ask.entry.then": "then: {then}",
    "ask.entry.otherwise": "otherwise: {otherwise}",
    "ask.entry.title": "Appendix entry ({source}):",
    "ask.entry.questions": "questions the event asks: {keys}",
    "ask.entry.questions_none": "questions the event asks: none",
    "ask.entry.windows": "windows:",
    "ask.entry.choices": "choices (note): {note}",
    "ask.entry.resolve": "resolve (data):",
    "ask.entry.resolve_none": "resolve (data): none (the general rules, spec §17)",
    "ask.entry.on_human_play": "on human play: {text}",
    "ask.entry.note": "note: {note}",
    "ask.entry.procedures": "procedures: {procedures}",
    "ask.entry.procedures_none": "procedures: none: all data",
    # A game's answers and the AI's reasons (`twsolo replay`, cli/reasons.py).
    "ask.move": "turn {turn} AR {action_round}: {who} {kind} → {answer}",
    "ask.move.ai": "{who} (AI)",
    "ask.move.face_down": "{answer} [dealt face down: nobody at a table sees it]",
    "ask.why": "why: {reason}",
    "ask.log.state": "[after {step}: VP {track}, DEFCON {defcon}, milops {us} {us_milops}"
    " {ussr} {ussr_milops}, space {us} {us_space} {ussr} {ussr_space}, control {us}"
    " {us_control} ({us_bg} bg) {ussr} {ussr_control} ({ussr_bg} bg)]",
    "ask.log.header": "Simulated game, seed {seed}: the AI plays {side} at {difficulty} against"
    " the {human} stand-in.",
    "ask.log.note": "Note: {note}",
    "ask.log.other_rules": "Note: these rules are not the ones the game was played with (digest"
    " {digest}); names are from the rules loaded now.",
    "ask.log.draw": "a draw",
    "ask.log.ai_wins": "the AI wins",
    "ask.log.stand_in_wins": "the human stand-in wins",
    "ask.log.result": "Result: {outcome} ({reason}), VP {vp}, turn {turns}, rating {rating}",
}
