"""The condition language's terms of the appendix (rules/appendix.yaml `ai_play` windows' `if:`,
card-appendix §1.2, §5), one module per family `twsolo validate --vocabulary` lists: condition
numbers (numbers.py, the dry run's metrics and DEFCON), condition flags (flags.py), custom
predicates (custom.py); predicates.py holds `Predicates`, the terms read for one card. Each
function registers itself under its family and name (ai/criteria.py); importing this package
registers them all, and `Predicates` looks them up by name."""

from twsolo.ai.condition_vocabulary import (  # noqa: F401 (imported for their registrations)
    custom,
    flags,
    numbers,
)
