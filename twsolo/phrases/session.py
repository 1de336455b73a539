"""The phrases of a game being played and of the saved games: the in-game commands' output
(cli/ingame.py: help, why, history, inspect, undo, rollback, adjust, save, quit, the board page,
the recap of a resumed game), `twsolo new`, `play`, `list` and `show` (cli/saved_games.py), and
what opening, reading and replaying a save says (session/). Counted phrases whose English does not
change with the count (`answer(s)`, `entries`) keep today's English in both forms: a catalog still
gets its plural forms."""

from __future__ import annotations

# `help` in a game (cli/ingame.py)
HELP = """How to answer: a plain number picks from the list shown (a die's face or an amount is
typed as itself); #N is card number N; a name works too, by the start of its words (`w ger` is
West Germany; an exact name wins: `asia scoring`). Several cards (the draft, the bottom of your
deck/hand): their list numbers or #N, e.g. `1 4 5`. `?` lists the legal answers again.
A card play: `event`, `ops` or `space race` (how you play it), then for the AI's card played for
ops `event first` or `ops first`, then `influence`, `coup` or `realign` — the same every round.
One line may answer the questions that follow too, part by part: `w ger 2, italy` (the points
of a placement), `#24 #8 #30` (cards turned over, in the order drawn), `3 5` (a realignment's
dice), `#16, event, poland` (a whole play); the first point of several invites them all. It
is echoed as understood (unless it reads as typed) and applied whole, or refused whole with the
reason. A question with one legal answer takes no part of it, except a
part naming that answer (`ops` for a card that can only be played for ops; a card drawn that
could only be that card). A region's card, or the cards you keep at the draft, may be typed
with the cards the screen says come next (`#2 #24`; `1 4 5, #11 #12 #13 #14`); `hint` shows a
whole play as one line to type. docs/playing.md has it all.

Commands at any prompt:
  show [REGION|all]    the tracks and the Primary and Secondary Regions (or one region, or all)
  board [FILE]         the map as a web page beside the terminal, rewritten after every answer
                       (FILE: where; at the table, what changed since your last `board` marked)
  why                  the reasons of the AI's last decision
  hint                 what a strong player would answer here, and why (advice only), and
                       its whole play as one line to type
  history [TURN|all] [--to FILE]   the answers given, this turn by default
  inspect TURN [REGION|all]   the board at the end of an earlier turn (nothing is changed);
                       inspect TURN --scenario FILE: the position before the AI's last
                       decision of TURN, as a scenario file (`twsolo decide FILE`)
  scenario FILE [TURN [AR]]   the position before the AI's last decision (or TURN's, AR's)
                       as a scenario file: the cards it revealed and its dice in it; cards
                       still face down are left out
  undo                 take back your last decision (a question with more than one legal
                       answer) or correction, and what followed it (also after the game ended)
  rollback TURN        go back to the start of TURN (1 up to this turn; asks first when it
                       takes back an ended turn). After `quit`, `twsolo play NAME
                       --restore-backup` brings back what the last undo or rollback took
  adjust WHAT ...      correct a mis-entered fact, recorded in the journal:
                         adjust influence COUNTRY us|ussr N; adjust vp N (US +, USSR -);
                         adjust defcon N; adjust milops us|ussr N; adjust space us|ussr N
  save                 every answer is already saved as you give it
  help                 this text
  quit                 stop (Ctrl-C or Ctrl-D too); `twsolo play NAME` resumes exactly here"""

PHRASES: dict[str, str | tuple[str, str]] = {
    # -- cli/ingame.py: help and the commands' usage
    "game.help": HELP,
    "game.usage.adjust": "adjust influence COUNTRY us|ussr N | vp N | defcon N | milops us|ussr N"
    " | space us|ussr N",
    "game.usage.show": "show [REGION|all]: regions are {regions}",
    "game.usage.history": "history [TURN|all] [--to FILE]",
    "game.usage.history_to": "history --to needs a file name",
    "game.usage.scenario": "scenario FILE [TURN [AR]]: the position before the AI's last decision",
    "game.usage.inspect": "inspect TURN [REGION|all]: the board at the end of that turn",
    "game.usage.inspect_scenario": "inspect TURN --scenario FILE",
    "game.usage.rollback": "rollback TURN",
    # -- history: one journal entry (history_line)
    "game.history.when_round": "turn {turn} AR{action_round}",
    "game.history.when_draft": "turn {turn} draft/headline",
    "game.history.by_you": "you ({side})",
    "game.history.by_ai": "AI ({side})",
    "game.history.done": "done (no more points)",
    "game.history.corrected": "you corrected: {change}",
    "game.history.begins": "the game begins",
    "game.history.took_back": (
        "{takeback} took back {n} answers",
        "{takeback} took back {n} answers",
    ),
    # how each kind of answer reads in `history` (the AI's or yours, then the answer)
    "game.history.kind.draft": "kept",
    "game.history.kind.headline": "headlined",
    "game.history.kind.ar_card": "played",
    "game.history.kind.bottom": "put at the bottom, in order:",
    "game.history.kind.play": "played it as:",
    "game.history.kind.order": "chose:",
    "game.history.kind.operation": "chose the operation:",
    "game.history.kind.influence": "placed influence in",
    "game.history.kind.coup": "made a coup in",
    "game.history.kind.realign": "realigned",
    "game.history.kind.chose": "chose",
    "game.history.kind.yes_no": "answered",
    "game.history.kind.die": "a die showed",
    "game.history.kind.draw": "a card came up:",
    "game.history.kind.reveal": "a card was seen:",
    "game.history.kind.holds": "the pile holds it:",
    "game.history.kind.pick": "a card was picked:",
    # the journal's take-back marks (session/live.py's TakeBack.why, kept in the journal)
    "game.takeback.rollback": "rollback to turn {turn}",
    # -- the game's course at the terminal
    "game.quit.saved": "Saved. Resume with: {command}",
    "game.setup.title": "Set up the table:",
    "game.over": "Game over: {result}.",
    "game.over.rating": "Victory Rating: {rating} (score {score} from your side, difficulty"
    " {difficulty})",
    "game.over.commands": "The game is over: `undo` takes back your last decision and plays on;"
    " `history`, `inspect` and `show` look back; `quit` leaves.",
    "game.over.no_command": "The game is over: {typed} is no command (type help).",
    "game.line.game_ends_before": "the game ends before",
    "game.takeback.board_caption": "Taken back: change these",
    "game.takeback.change_board": "To match, change on the board:",
    "game.takeback.nothing_to_change": "Nothing to change on the board.",
    # the recap of a resumed game (issue #41)
    "game.recap.where": "Where you left off: turn {turn}, {at}. Since {since}:",
    "game.recap.at_round": "AR{action_round}",
    "game.recap.at_draft": "the draft and headline",
    "game.recap.since_turn_start": "the turn's start",
    "game.recap.since_round": "the start of AR{action_round}",
    "game.recap.changed": "What that changed (on your board already):",
    # -- the commands
    "game.save.saved": "Saved: every answer is in {path}.",
    "game.show.which_region": "{typed}: which region? {usage}",
    "game.show.in_force": "In force: {effects}",
    "game.show.more": "(show all: every region; show REGION: one of them)",
    "game.why.none": "The AI has made no decision in this session yet.",
    "game.why.decision": "AI decision (turn {turn}, AR {action_round}): {kind} → {answer}",
    "game.why.rules_cited": "Rules cited (docs/rules/, or `twsolo rulebook`):",
    "game.history.no_turn": "There is no turn {turn} to show: {so_far}.",
    "game.history.written": (
        "{n} lines written to {path}",
        "{n} lines written to {path}",
    ),
    "game.turns.lasted": ("the game lasted {n} turn", "the game lasted {n} turns"),
    "game.turns.now": "this is turn {turn}",
    "game.scenario.this_game": "this game",
    "game.scenario.the_game": "the game {name}",
    "game.inspect.not_ended": "Turn {turn} has not ended yet: `show` prints the board now.",
    "game.inspect.no_turn": "There is no turn {turn} to inspect: {so_far}.",
    "game.inspect.title": "-- the board at the end of turn {turn} (nothing changed) --",
    "game.inspect.page_heading": "end of turn {turn}",
    "game.inspect.on_page": "The board page shows the end of turn {turn} until your next answer.",
    "game.undo.nothing": "Nothing of yours to undo.",
    "game.rollback.out_of_range": "rollback TURN: TURN is a turn of this game, 1 to {last};"
    " nothing changed.",
    "game.rollback.not_begun": "Turn {turn} has not begun.",
    "game.rollback.ended_turn": "turn {turn}",
    "game.rollback.ended_turns": "turns {first} to {last}",
    "game.rollback.confirm": (
        "This takes back {n} answer(s), {ended} and this turn so far. Do it?",
        "This takes back {n} answer(s), {ended} and this turn so far. Do it?",
    ),
    "game.takeback.nothing": "Nothing was taken back.",
    "game.takeback.confirm_chance": (
        "This takes back {n} die roll(s) or revealed card(s). Do it anyway?",
        "This takes back {n} die roll(s) or revealed card(s). Do it anyway?",
    ),
    "game.takeback.done": (
        "{takeback}: {n} answer(s) taken back. To bring them back: `quit`, then `{command}`.",
        "{takeback}: {n} answer(s) taken back. To bring them back: `quit`, then `{command}`.",
    ),
    "game.adjust.over": "The game is over: `undo` first to correct anything.",
    "game.adjust.refused": "adjust: refused: {reason}",
    "game.adjust.recorded": "{change} (recorded in the journal)",
    "game.adjust.not_a_number": "{typed} is not a number; {usage}",
    "game.adjust.which_side": "which side is {typed}? us or ussr",
    "game.adjust.which_country": "which country is {typed}?",
    "game.adjust.may_be": "It may be: {countries}",
    # the board page (issue #28)
    "game.board.cannot_write_page": "cannot write the board page {path}: {problem}; it is no"
    " longer updated (`board FILE` starts another)",
    "game.board.none": "No board yet.",
    "game.board.cannot_write": "board: cannot write {path}: {problem}",
    "game.board.where": "The board: {uri} (open it in a browser beside the terminal: it is"
    " rewritten after every answer and reloads itself)",
    "game.cannot_write": "cannot write {path}: {problem}",
    # -- cli/saved_games.py: new, play, list, show
    "game.name.hint": "the game's name",
    "game.new.balanced_scenario": "--balanced-setup changes the set-up; a scenario starts past it",
    "game.new.scenario_side": "{path}: the AI plays the {ai} there; you play the {human} (leave"
    " out --side)",
    "game.new.started": "New game {name}: you play the {human}, the AI the {ai} ({options};"
    " {mode}, dice {dice}).",
    "game.new.commands": "Type `help` at any prompt for the commands, `?` for the legal answers,"
    " `hint` for advice.",
    "game.play.none_in_progress": "No game in progress: starting a new one (see `twsolo new"
    " --help`).",
    "game.play.no_such_game": "no saved game named {name} in {folder}",
    "game.play.resuming": "Resuming {name}.",
    "game.play.one_repair": "--drop-torn-line and --restore-backup: one at a time",
    "game.list.interrupted": "{name}: a game whose `new` was interrupted (incomplete, never"
    " played): the next `new` removes it, or `{command}`",
    "game.list.none": "No saved games.",
    "game.list.damaged": "{name}: damaged: {problem}",
    "game.list.over": "over: {rating}",
    "game.list.under_way": "turn {turn}, VP {vp}",
    "game.list.being_played": "(being played, process {pid})",
    "game.list.row": "{name}: you play the {side}, {mode}; {status}{playing}",
    "game.show.page_title": "twsolo: {name}, turn {turn}",
    "game.show.picture_written": "Board picture written to {path}",
    # -- session/live.py: opening a game
    "session.cannot_lock": "cannot lock {path}: {problem}. twsolo writes every answer to the"
    " game's folder as it is given: make it writable (or play it from a copy).",
    "session.removed_temp_files": (
        "Removed {n} temporary file(s) an interrupted write left.",
        "Removed {n} temporary file(s) an interrupted write left.",
    ),
    "session.restored_backup": (
        "Restored the journal kept before the last take-back: {n} entries; the one it replaced"
        " is now the backup (restoring again brings it back).",
        "Restored the journal kept before the last take-back: {n} entries; the one it replaced"
        " is now the backup (restoring again brings it back).",
    ),
    "session.dropped_torn_line": (
        "Dropped the torn last journal line; {n} entries kept (backup: .bak).",
        "Dropped the torn last journal line; {n} entries kept (backup: .bak).",
    ),
    "session.newline_added": "The journal's last line lacked its newline; it was added.",
    "session.rules_changed": "Note: the rules data changed since this game began; the recorded"
    " answers are replayed as given.",
    "session.nothing_to_correct": "there is no position to correct yet",
    # -- session/saved.py: a save read, checked, or refused
    "session.cache_rebuilt": "{problem}: the position is rebuilt from the journal",
    "session.journal_cut_short": "{path}: it holds {entries} entries, but the game was saved after"
    " {saved}: its last {lost} are lost (the file was cut short). The save was left untouched:"
    " restore {journal} from a backup; or, to go on from the entries that remain, delete"
    " {state} (a cache of the position) and resume.",
    "session.mismatch.format_1": "{where}: {problem}. This game was saved by an earlier twsolo"
    " ({version}, save format 1), which recorded the cards dealt face down and some of the AI's"
    " questions differently: this twsolo cannot replay it. The save was left untouched: finish"
    " it with the twsolo that began it, or start a new game.",
    "session.mismatch": "{where}: {problem}. The save was left untouched. If the rules changed"
    " since the game began, resume with those (--rules DIR); otherwise restore the journal from"
    " a backup.",
    "session.unreadable": "{path}: cannot be read ({error}): a defect of twsolo, please report"
    " it; the save was left untouched",
    "session.being_played": "It is being played: this is the position when it last waited.",
    # -- session/journal_replay.py: a recorded answer that does not fit the game
    "session.replay.correction_refused": "the correction is refused: {reason}",
    "session.replay.wrong_time": "the recorded answer says turn {turn} AR {action_round}, but the"
    " game is at turn {game_turn} AR {game_action_round} here",
    "session.replay.wrong_question": "the recorded answer is {actor}'s {kind}, but the game asks"
    " {asked_actor}'s {asked_kind} here ({question})",
    "session.replay.not_legal": "the recorded {kind} answer {answer} is not a legal answer here"
    " ({question})",
    "session.replay.ends_before": "the recorded game ends before this question: {kind}"
    " ({question})",
    "session.replay.unused": (
        "the game ended with {n} recorded answers unused",
        "the game ended with {n} recorded answers unused",
    ),
}
