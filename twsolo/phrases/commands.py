"""The phrases of the commands besides play (cli/main.py, simulate.py, check.py, replay.py,
rulebook.py) and of what `twsolo simulate` prints and writes (sim/: its summary, the comparison
of two rule sets, the games that failed, the HTML report's words).

Where English has said the plural even for one ("1 countries"), the pair keeps both forms the
same, so English stays as it was and a translation still picks its own form by the count."""

from __future__ import annotations

PHRASES: dict[str, str | tuple[str, str]] = {
    # Any command: a TwsoloError the user can fix (cli/main.py TwsoloGroup, simulate's problems)
    "cmd.error": "error: {message}",
    "cmd.error.lines": "error:\n{message}",
    # `twsolo validate`
    "cmd.validate.ok": "OK: rules in {source}",
    "cmd.validate.map": "map: {countries} countries, {battlegrounds} battlegrounds,"
    " {pairs} neighbour pairs",
    "cmd.validate.cards": "cards: {cards} cards, {scoring} scoring cards",
    "cmd.validate.names": "names besides English: {languages} (rules/names-*.yaml)",
    "cmd.validate.appendix": "appendix: {entries} entries, {windows} windows, {questions}"
    " questions resolved as data; {data} entries fully data",
    "cmd.validate.procedures": "procedures (code named by {n} entries):",
    "cmd.validate.setup": "setup: difficulty levels {levels}",
    "cmd.validate.switches": "switches:",
    "cmd.validate.secondary_kept": "secondary_in_scoring_round: {value} (spec §23.10: the"
    " Secondary keeps its role in a Scoring Round)",
    "cmd.validate.secondary_literal": "secondary_in_scoring_round: {value} (spec §23.10: literal"
    " reading: in a Scoring Round the Primary alone)",
    "cmd.validate.enhanced": "enhanced AI (spec §25, only with --enhanced): {switches}",
    "cmd.validate.enhanced_none": "none",
    "cmd.validate.digest": "digest: {digest}",
    "cmd.validate.warnings": "warnings ({n}):",
    # `twsolo cards list` and `cards show`
    "cmd.cards.scores": "scores {region}",
    "cmd.cards.removed": "removed after event",
    "cmd.cards.optional": "optional",
    "cmd.cards.china_card": "China Card",
    "cmd.cards.ops": ("{n} ops", "{n} ops"),
    "cmd.cards.count": ("{n} cards", "{n} cards"),
    "cmd.cards.no_number": "no card number {number} (cards are 1–{count})",
    "cmd.cards.no_match": "no card matches {query}",
    "cmd.cards.ambiguous": "{query} is ambiguous; it matches:\n{listing}",
    "cmd.cards.facts": "ops: {ops}   side: {side}   era: {era}",
    "cmd.cards.no_entry": "No appendix entry.",
    # `twsolo score`
    "cmd.score.level_none": "none",
    "cmd.score.game_over": "({side} controls it: game over)",
    "cmd.vp.zero": "0 VP",
    "cmd.vp.side": "{n} VP to {side}",
    # `twsolo decide`
    "cmd.decide.plays": "AI plays {card} as {play}",
    "cmd.decide.passes": "AI passes",
    "cmd.decide.why": "Why:",
    "cmd.decide.event": "event {card}: {choices}",
    "cmd.decide.event_assumed": "event {card} (the human's choices assumed by the AI's rules):"
    " {choices}",
    "cmd.decide.influence": "add {amount} influence to {country}",
    "cmd.decide.coup": "coup in {country} with {ops} ops: roll {roll}, {removed} removed,"
    " {added} added",
    "cmd.decide.realign": "realign {country}: the US rolls {us}, the USSR {ussr}",
    "cmd.decide.space_success": "space race: roll {roll}, success",
    "cmd.decide.space_failure": "space race: roll {roll}, failure",
    "cmd.decide.no_choices": "no choices",
    # `twsolo simulate` (cli/simulate.py): progress, problems and the summary
    "cmd.simulate.interrupted_games": "Interrupted: {finished} of {planned} games finished.",
    "cmd.simulate.interrupted": "Interrupted.",
    "cmd.simulate.starting_cluster": "Starting the Dask cluster {address}...",
    "cmd.simulate.report_written": "Report written to {path}",
    "cmd.simulate.violation": "seed {seed}: {violation}",
    "cmd.simulate.workers_or_cluster": "--workers and --cluster: choose one (a cluster has its"
    " own workers)",
    "cmd.simulate.report_needs_matplotlib": "--report needs matplotlib ({module} is missing):"
    " pip install 'twsolo[report]'",
    "cmd.simulate.partial": "PARTIAL: interrupted, {finished} of {planned} games finished",
    "cmd.simulate.games": "Games: {games}   AI wins: {wins} ({rate}, 95% CI {low}–{high})"
    "   draws: {draws}",
    "cmd.simulate.by_difficulty": "AI wins by difficulty and side: {cells}",
    "cmd.simulate.ratings": "Victory Ratings (the human's): {ratings}",
    "cmd.simulate.end_reasons": "End reasons: {reasons}",
    "cmd.simulate.final_vp": "Final VP (+ = US): median {median} (quartiles {q1}–{q3})",
    "cmd.simulate.human_score": "Human score: median {median} (quartiles {q1}–{q3})",
    "cmd.simulate.turns": "Turns played: median {median} (quartiles {q1}–{q3})",
    "cmd.simulate.scorings": "Scorings per game: median {median} (quartiles {q1}–{q3})",
    "cmd.simulate.seconds": "Seconds per game: median {median} (quartiles {q1}–{q3})",
    "cmd.simulate.violations": "Invariant violations: {n}",
    "cmd.simulate.retried": "Games re-run after a lost worker: {n}",
    # `twsolo check`
    "cmd.check.no_files": "no case files (*.yaml) in {paths}",
    "cmd.check.error": "ERROR",
    "cmd.check.pass": "PASS",
    "cmd.check.fail": "FAIL",
    "cmd.check.trace": "trace:",
    "cmd.check.total": (
        "{passed} passed, {failed} failed, of {n} cases",
        "{passed} passed, {failed} failed, of {n} cases",
    ),
    # `twsolo replay`
    "cmd.replay.source": "the game {file}",
    "cmd.replay.ar_needs_scenario": "--ar goes with --scenario",
    # `twsolo rulebook` and `twsolo countries`
    "cmd.rulebook.title": "twsolo — the solitaire rulebook",
    # The printed book's own headings (rulebook/book.py).
    "rulebook.contents": "Contents",
    "rulebook.cover": "The “Human vs AI” solitaire ruleset for <i>Twilight Struggle</i>, and the"
    " AI's whole procedure as a person can run it by hand at the table: printed from the rules"
    " data twsolo plays by (rules digest {digest}).",
    "rulebook.part.rules": "Part I — The rules",
    "rulebook.part.tables": "Part II — The AI's tables",
    "rulebook.part.cards": "Part III — The card appendix",
    "rulebook.part.language": "Part IV — The appendix language",
    "rulebook.part.base": "Part V — The base game",
    "rulebook.tables.priorities": "The AI's priorities (rules/priorities.yaml)",
    "rulebook.tables.regions": "Regions, Scoring Rounds and the result (rules/regions.yaml)",
    "rulebook.tables.setup": "Set-up (rules/setup.yaml)",
    "rulebook.tables.scoring": "Scoring and the Space Race (rules/scoring.yaml, rules/space.yaml)",
    "rulebook.tables.enhanced": "The enhanced AI (rules/enhanced.yaml)",
    "rulebook.entries": "The entries",
    "rulebook.vocabulary": "Vocabulary",
    # A card's entry in the book (rulebook/book.py card_entry).
    "rulebook.entry.event_of": "{side} event",
    "rulebook.entry.ops": "{ops} Ops",
    "rulebook.entry.era.early": "Early War",
    "rulebook.entry.era.mid": "Mid War",
    "rulebook.entry.era.late": "Late War",
    "rulebook.entry.removed": "removed after its event",
    "rulebook.entry.optional": "optional card",
    "rulebook.entry.source.seed": "[seed] from the original ruleset",
    "rulebook.entry.source.designed": "[designed] by this project",
    "rulebook.entry.source.designed_optional": "[designed, optional card]",
    "rulebook.entry.windows": "When the AI plays the event",
    "rulebook.entry.resolve": "How the AI answers the event's questions",
    "rulebook.entry.procedures": "The code this entry names",
    "rulebook.entry.choices": "The event's choices",
    "rulebook.entry.on_human_play": "When the human plays it",
    "rulebook.entry.note": "Note",
    "cmd.rulebook.wrote": "wrote {path}: the rulebook for rules {digest} ({source})",
    "cmd.rulebook.wrote_pdf": "wrote {path}",
    "cmd.countries.none_called": "no country is called {name}",
    "cmd.countries.line": "{region}{subregions}, stability {stability}",
    "cmd.countries.line_battleground": "{region}{subregions}, stability {stability}  battleground",
    "cmd.countries.count": ("{n} countries", "{n} countries"),
    # A simulation run (sim/batch.py): the progress bar's labels, the rules played by default
    "sim.batch.simulating": "Simulating",
    "sim.batch.comparing": "Comparing",
    "sim.default_rules": "default rules",
    # Two rule sets compared (sim/compare.py comparison_lines)
    "sim.compare.head": "Compared, baseline ({baseline}) → candidate ({candidate}):",
    "sim.compare.side": "AI {side}: AI win rate {before} → {after} ({difference}, McNemar p ="
    " {p} on {outcomes} changed outcomes); AI margin {margin} VP (95% CI {low}…{high});"
    " {changed} of {games} games changed",
    "sim.compare.total": "in total: AI win rate {before} → {after} ({difference}, McNemar p ="
    " {p} on {outcomes} changed outcomes); AI margin {margin} VP (95% CI {low}…{high});"
    " {changed} of {games} games changed",
    # What simulate writes besides its summary (sim/outputs.py)
    "sim.report.no_folder": "--report {path}: no folder {folder} to write it in",
    "sim.report.a_folder": "--report {path}: a folder, not a file",
    "sim.log.not_a_folder": "--log {folder}: not a folder",
    "sim.log.cannot_create": "--log {folder}: cannot create it: {reason}",
    "sim.log.cannot_read": "--log {folder}: cannot read it: {reason}",
    "sim.log.not_empty": "--log {folder}: the folder is not empty (an earlier run's logs?):"
    " choose an empty or new folder, or add --overwrite to replace the logs of the same games",
    "sim.cannot_write_in": "{what}: cannot write in {folder}: {reason}",
    "sim.log.unwritten": (
        "{n} files were not written to {path}: {error}",
        "{n} files were not written to {path}: {error}",
    ),
    "sim.report.unwritten": "the report was not written to {path}: {reason}",
    # The games that raised (sim/outputs.py failure_lines)
    "sim.failed": (
        "FAILED: {n} game raised an error (not counted above; their settings and tracebacks"
        " are in --json's `failures`):",
        "FAILED: {n} games raised an error (not counted above; their settings and tracebacks"
        " are in --json's `failures`):",
    ),
    "sim.failed_logged": (
        "FAILED: {n} game raised an error (not counted above; their settings and tracebacks"
        " are in --json's `failures` and in {path}/*.failed.json):",
        "FAILED: {n} games raised an error (not counted above; their settings and tracebacks"
        " are in --json's `failures` and in {path}/*.failed.json):",
    ),
    "sim.failed.game": "seed {seed}, AI {side}: {error}",
    "sim.failed.more": "... and {n} more",
    "sim.failed.again": "Play one again alone: twsolo simulate --games 1 --seed {seed}"
    " --ai-side {side}",
    # The HTML report (sim/report.py): its title, charts, axes and summary table
    "sim.html.title": "twsolo simulation report",
    "sim.html.settings": "Run with: {options}",
    "sim.html.chart.win_rate": "The AI's win rate, 95% Wilson interval",
    "sim.html.chart.final_vp": "Final VP (+ = US)",
    "sim.html.chart.end_reasons": "How the games ended",
    "sim.html.chart.game_length": "Turns played",
    "sim.html.chart.tracks": "VP and DEFCON at the end of each turn (games still running)",
    "sim.html.axis.ai_plays": "{difficulty}\nAI plays {side}",
    "sim.html.axis.ai_wins": "AI wins (%)",
    "sim.html.axis.vp_at_end": "VP at the end (+ = US)",
    "sim.html.axis.games": "games",
    "sim.html.axis.end_turn": "turn the game ended in",
    "sim.html.axis.turn": "turn",
    "sim.html.axis.vp_quartiles": "VP (+ = US): median, quartiles",
    "sim.html.axis.defcon": "DEFCON (mean)",
    "sim.html.partial": "Partial: the run was interrupted; {finished} of {planned} games"
    " finished and are shown.",
    "sim.html.row.games": "games",
    "sim.html.row.ai_wins": "AI wins",
    "sim.html.row.interval": "95% interval",
    "sim.html.row.draws": "draws",
    "sim.html.row.final_vp": "median final VP",
    "sim.html.row.turns": "median turns",
    "sim.html.row.mcnemar": "McNemar p",
    "sim.html.changed_outcomes": ("({n} games changed outcome)", "({n} games changed outcome)"),
}
