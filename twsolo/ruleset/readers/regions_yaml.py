"""The reader of rules/regions.yaml: the region shift between the piles, the Scoring Rounds, the
human's off-region penalty and the victory rating."""

from __future__ import annotations

from twsolo.ruleset.model import (
    RegionRules,
)
from twsolo.ruleset.nodes import Located, iter_entries

PILE_TARGETS = ("bottom", "spent")


def read_regions(root: Located) -> RegionRules | None:
    keys = ["shift", "scoring_rounds", "human_offregion_penalty_vp", "victory_rating"]
    top = root.mapping(keys, ["secondary_in_scoring_round"])
    if top is None or any(k not in top for k in keys):
        return None
    # Spec §23.10: true (the default) keeps the Secondary's role in a Scoring Round.
    switch = top.get("secondary_in_scoring_round")
    secondary_in_sr = switch.boolean() if switch is not None else True
    shift = top["shift"].mapping(["first_round", "scored_to", "unscored_to"]) or {}
    rounds = (
        top["scoring_rounds"].mapping(
            ["early_first_round", "early_last_round", "midlate_rounds", "max_scorings"]
        )
        or {}
    )
    if len(shift) < 3 or len(rounds) < 4:
        return None
    first = shift["first_round"].integer(2, 8)
    scored_to = shift["scored_to"].string(PILE_TARGETS)
    unscored_to = shift["unscored_to"].string(PILE_TARGETS)
    early_first = rounds["early_first_round"].integer(1, 7)
    early_last = rounds["early_last_round"].integer(1, 7)
    midlate = rounds["midlate_rounds"].integers(1, 8)
    max_scorings = rounds["max_scorings"].integer(1, 99)
    penalty = top["human_offregion_penalty_vp"].integer(0, 20)
    rating: list[tuple[int, str]] = []
    for row in iter_entries(top["victory_rating"]):
        m = row.mapping(["min", "rating"]) or {}
        low = m["min"].integer(-999, 99) if "min" in m else None
        name = m["rating"].string() if "rating" in m else None
        if low is not None and name is not None:
            if rating and low >= rating[-1][0]:
                m["min"].fail("rows must go from the best result down (decreasing min)")
            rating.append((low, name))
    if early_first is not None and early_last is not None and early_first > early_last:
        rounds["early_last_round"].fail("must not come before early_first_round")
        return None
    if (
        first is None
        or scored_to is None
        or unscored_to is None
        or early_first is None
        or early_last is None
        or midlate is None
        or max_scorings is None
        or penalty is None
        or secondary_in_sr is None
        or not rating
    ):
        return None
    return RegionRules(
        shift_first_round=first,
        scored_to=scored_to,
        unscored_to=unscored_to,
        early_first_round=early_first,
        early_last_round=early_last,
        midlate_rounds=tuple(midlate),
        max_scorings=max_scorings,
        human_offregion_penalty_vp=penalty,
        secondary_in_scoring_round=secondary_in_sr,
        victory_rating=tuple(rating),
    )
