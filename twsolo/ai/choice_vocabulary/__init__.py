"""The choice vocabulary of the appendix (rules/appendix.yaml `resolve`), one module per family
`twsolo validate --vocabulary` lists: region orders, choice filters, choice keys, choice orders,
choice tests and numbers (answer_terms.py), rerun measures. Each function registers itself under
its family and name (ai/criteria.py); importing this package registers them all, and the
interpreter (ai/appendix_interpreter.py) looks them up by name."""

from twsolo.ai.choice_vocabulary import (  # noqa: F401 (imported for their registrations)
    answer_terms,
    filters,
    keys,
    orders,
    region_orders,
    rerun_measures,
)
