"""The phrases of what the screen and the board page show (cli/render.py, cli/live_board.py,
cli/board_picture.py): the tracks and the board as text, cards and answers as a person reads
them, the instructions for the physical board, the set-up, the round's banner, the end of turn's
checklist, the end-of-game report, and the board picture's titles, labels and notes."""

from __future__ import annotations

PHRASES: dict[str, str | tuple[str, str]] = {
    # A card, an answer, the VP (render.card_label, answer_label, vp_text)
    "show.card.scores": "scores {region}",
    "show.card.ops": ("{n} op", "{n} ops"),
    "show.card.ops_side": "{ops}, {side}",
    "show.card.neutral": "neutral",
    "show.answer.dealt_face_down": "a card dealt face down",
    "show.vp.yours": "{board} (you {yours})",
    # The tracks and the board as text (render.tracks, board)
    "show.round.headline": "headline",
    "show.round.ar": "AR{n}",
    "show.tracks.turn": "Turn {turn}, {round}",
    "show.tracks.turn_scoring": "Turn {turn}, {round} (Scoring Round)",
    "show.defcon": "DEFCON {defcon}",
    "show.tracks.vp": "VP {vp}",
    "show.tracks.milops": "Military ops: US {us}, USSR {ussr}",
    "show.tracks.space": "Space race: US box {us}, USSR box {ussr}",
    "show.tracks.primary": "Primary: {region}",
    "show.tracks.secondary": "Secondary: {region}",
    "show.china_card": "China Card: {china}",
    "show.tracks.hands": "Deck/hands: {hands}",
    "show.tracks.draw_deck": "Draw deck {n}",
    "show.tracks.discard": "Discard {n}",
    "show.board.stability": "s{stability}",
    "show.board.control": "{side} control",
    # Where the China Card is (render.china_card)
    "show.china.being_played": "being played",
    "show.china.in_pile": "{holder} (in {pile})",
    "show.china.face_up": "{holder} (face up)",
    "show.china.face_down": "{holder} (face down)",
    # Piles as the person at the table calls them (render.pile_label)
    "show.pile.mid_war": "the Mid War cards",
    "show.pile.late_war": "the Late War cards",
    "show.pile.ai_hand": "the AI's deck/hand ({side})",
    "show.pile.your_hand": "your deck/hand ({side})",
    # What to do on the physical board (render.instructions)
    # (one card dealt: record.dealt)
    # Influence changed in several countries in a row (one side, one way)
    "show.influence.add_many": "add {side} influence: {items}",
    "show.influence.remove_many": "remove {side} influence: {items}",
    "show.influence.item_add": "{country} +{n} (now {now})",
    "show.influence.item_remove": "{country} −{n} (now {now})",
    "show.deal": (
        "deal {n} card face down from {source} to {target}",
        "deal {n} cards face down from {source} to {target}",
    ),
    # Deals in a row from one pile to several (the draft's): one line
    "show.deal_split": "deal face down from {source}: {items}",
    "show.deal_split.item": "{n} to {target}",
    "show.shuffle_both": "shuffle {first} and {second}",
    "show.turn_begins": "Turn {turn} begins",
    "show.die": "die: {value} ({purpose})",
    "show.die.roller": "{roller} die: {value} ({purpose})",
    "show.hand.ai_sees": "{purpose}: the AI sees {pile}; nothing it does depends on it",
    "show.hand.look_through": "{purpose}: look through {pile}",
    "show.hand.holds": (
        "{purpose}: {pile} holds {n} card: {cards}",
        "{purpose}: {pile} holds {n} cards: {cards}",
    ),
    "show.gather": "add {cards} to {target} and shuffle {pile}",
    "show.gather.new_scoring_deck": "add {cards} to {target} (a new Scoring Card Deck) and"
    " shuffle {pile}",
    "show.gather.keeping": "{instruction} ({kept})",
    "show.move.put_at_bottom": "at the bottom of {pile}",
    "show.move.put_on_top": "on the top of {pile}",
    "show.move.put_in": "in {pile}",
    # One card moved, or a list of cards moved alike
    "show.move.taken_one": "look through {source}, take out {cards} and put it {into}",
    "show.move.taken_many": "look through {source}, take out {cards} and put them {into}",
    "show.move.removed_one": "{cards} is removed from the game",
    "show.move.removed_many": "{cards} are removed from the game",
    "show.move.removed_from_one": "{cards} is removed from the game (from {source})",
    "show.move.removed_from_many": "{cards} are removed from the game (from {source})",
    "show.move.regions_out": "{first}, {second} go from the region spaces to {target}",
    "show.move.regions_on": "{first} to {target}, {second} up to the Primary Region space",
    "show.move.goes_one": "{cards} goes from {source} to {target}",
    "show.move.goes_many": "{cards} go from {source} to {target}",
    # The set-up at the table (render.setup_lines)
    "show.setup.stack": "the face-down stack",
    "show.setup.from_box_one": "{cards} goes from the game box to {pile}",
    "show.setup.from_box_many": "{cards} go from the game box to {pile}",
    "show.setup.stay_unused": "{cards} stay in the game box (not used)",
    "show.setup.stay_removed": "{cards} stay in the game box (out of the game)",
    "show.setup.influence": "place the starting {side} influence: {countries}",
    "show.setup.markers": "set the markers: turn {turn}, DEFCON {defcon}, VP {vp}, military ops"
    " US {us_milops} and USSR {ussr_milops}, space race US box {us_space} and USSR box"
    " {ussr_space}; the China Card {china}",
    # What to change on the board after an undo (render.state_diff)
    "show.diff.influence": "{country}: {side} influence {before} → {after}",
    "show.diff.vp": "VP: {before} → {after}",
    "show.diff.marker": "{name}: {before} → {after}",
    "show.diff.defcon": "DEFCON",
    "show.diff.us_milops": "US military ops",
    "show.diff.ussr_milops": "USSR military ops",
    "show.diff.us_space": "US space race box",
    "show.diff.ussr_space": "USSR space race box",
    "show.diff.turn": "turn",
    "show.diff.action_round": "action round",
    "show.diff.card": "{card}: from {before} to {after}",
    # The line before the player's choices (render.round_banner, milops_reminder)
    "show.banner.ar": "AR{n} of {rounds}",
    "show.banner.ar_extra": "AR{n} (an extra round)",
    "show.banner.your_action": "your action",
    "show.banner.ai_action": "the AI's action",
    "show.banner.turn": "Turn {turn} {round}, {whose}",
    "show.banner.scoring_round": "SCORING ROUND: {primary} scores after both act — you act first"
    " · Secondary {secondary}",
    "show.banner.regions": "Primary {primary} · Secondary {secondary}",
    "show.banner.vp": "VP you {yours}",
    "show.banner.milops": "Mil ops you {yours}/{defcon}, AI {theirs}/{defcon}",
    "show.banner.in_force": "In force: {effects}",
    "show.reminder.milops": "Reminder (spec §19.E): at the end of the turn each side gives the"
    " other 1 VP per military op short of DEFCON {defcon}: you are {short} short, the AI"
    " {theirs}. A coup adds its ops to yours.",
    # The end of a turn's checklist (render.turn_checklist)
    "show.check.title": "End of turn {turn}: check the board",
    "show.check.turn": "the turn marker on turn {turn}",
    "show.check.defcon": "DEFCON at {defcon} (+1 as turn {turn} began, at most 5: spec §5.A)",
    "show.check.milops": "both military ops markers at 0 (US {us}, USSR {ussr})",
    "show.check.china_in_pile": "the China Card left in {pile}",
    "show.check.china_face_up": "the China Card turned face up: {china}",
    "show.check.vp": "the VP marker at {vp}",
    # The end of the game at a glance (render.game_summary)
    "show.summary.final": "final",
    "show.summary.when": "turn {turn} {round}",
    "show.summary.net": "you {vp}",
    "show.summary.row_turn": "turn",
    "show.summary.row_vp": "VP",
    "show.summary.row_defcon": "DEFCON",
    "show.summary.by_turn": "Turn by turn (VP from your side, DEFCON at the end of each turn):",
    "show.summary.scorings": "Scorings (VP from your side):",
    "show.summary.no_scoring": "No region was scored.",
    "show.summary.penalties": "Off-region penalties paid: {n} (spec §10.2).",
    # The board page beside the terminal (live_board.py)
    "show.page.is_folder": "{path} is a folder",
    "show.page.no_folder": "there is no folder {path}",
    "show.page.title": "twsolo: {game}, {what}",
    "show.page.turn": "turn {turn}",
    "show.page.board_at": "This is the board at the {heading}",
    "show.page.changed_since": "Changed since your last `{command}`",
    # The board picture (board_picture.py)
    "show.picture.superpower.us": "USA",  # the superpowers' boxes on the map
    "show.picture.superpower.ussr": "USSR",
    "show.picture.ai_last_action": "The AI's last action: {action}",
    "show.picture.primary_region": "PRIMARY REGION",
    "show.picture.secondary_region": "SECONDARY REGION",
    "show.picture.headline": "Headline",
    "show.picture.action_round": "Action round {n}",
    "show.picture.head": "Turn {turn} · {round} · DEFCON {defcon} · VP {vp}",
    "show.picture.head_scoring": "Turn {turn} · {round} (Scoring Round) · DEFCON {defcon} · VP"
    " {vp}",
    "show.picture.game_over": "Game over: {result} · {china}",
    "show.picture.marked": "{caption} (marked +/−)",
    "show.picture.track_turn": "TURN",
    "show.picture.track_action_round": "ACTION ROUND",
    "show.picture.track_headline": "H",
    "show.picture.track_defcon": "DEFCON",
    "show.picture.track_milops": "MILITARY OPS (DEFCON {defcon} needed)",
    "show.picture.track_space": "SPACE RACE",
    "show.picture.track_vp": "VICTORY POINTS",
    "show.picture.ussr_ahead": "◀ USSR ahead",
    "show.picture.us_ahead": "US ahead ▶",
    "show.picture.key": "Key",
    "show.picture.legend": "dark name band: battleground · number at the right: stability ·"
    " solid marker: control · dashed line: neighbours in two regions · orange frame: changed"
    " (+/−)",
    "show.picture.effects": "Lasting effects in force",
    "show.picture.none": "none",
    "show.picture.discard": "Discard pile",
    "show.picture.removed": "Removed from the game",
    "show.picture.face_down": "{n} card(s) face down",
    # The words of the play grammar as a menu lists them (cli/render.py answer_label); the
    # person may type the label or the word itself (docs/playing.md).
    "answer.influence": "influence",
    "answer.coup": "coup",
    "answer.realign": "realign",
    "answer.space_race": "space race",
    "answer.event": "event",
    "answer.ops": "ops",
    "answer.event_first": "event first",
    "answer.ops_first": "ops first",
    "answer.done": "done",
    "answer.yes": "yes",
    "answer.no": "no",
    "answer.reveal": "reveal",
    "answer.decline": "decline",
    "answer.defer": "defer",
    "answer.play": "play",
    "answer.return": "return",  # Grain Sales: the card goes back (card-events #68)
}
