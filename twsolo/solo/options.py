"""The options a solitaire game is set up with (spec §24): recorded with the game, reported with
its result."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from twsolo.errors import TwsoloError
from twsolo.ids import Side
from twsolo.phrases.book import say, value_word
from twsolo.ruleset import Ruleset
from twsolo.ruleset.model import ENHANCED_SWITCHES

DICE_CHOICES = (1, 2)  # spec §2.4: one die, or two dice and the lower


@dataclass(frozen=True, slots=True, kw_only=True)
class SoloOptions:
    """How a game is set up.

    - `ai_side`: the superpower the AI plays (spec §1.1, §2.1); the human plays the other.
    - `difficulty`: a level of `rules/setup.yaml` `difficulty` (spec §2.5, §24.3).
    - `fast_deal`: deal instead of drafting (spec §6.4, §24.1).
    - `optional_cards`: cards 104–110 are in the decks (spec §24.2).
    - `extra_influence_dice`: dice rolled for the variable extra influence, the lower one used
      (spec §2.4); None takes `rules/setup.yaml`.
    - `enhanced`: the enhanced AI's switches in force (spec §25, rules/enhanced.yaml); none:
      the seed's AI.
    - `draft_cap`: the draft cap (spec §24.5 [r3], a difficulty option): the cards the human
      gives the AI hold at most one carrying the human's event, when a split allows it.
    - `balanced_setup`: the balanced set-up (spec §24.6 [r4], side balance, not difficulty): the
      influence of `rules/setup.yaml` `balanced_setup` added to the §2.4 column rolled.
    """

    ai_side: Side
    difficulty: str = "normal"
    fast_deal: bool = False
    optional_cards: bool = False
    extra_influence_dice: int | None = None
    enhanced: tuple[str, ...] = ()
    draft_cap: bool = False
    balanced_setup: bool = False

    @property
    def human_side(self) -> Side:
        return self.ai_side.other

    def dice(self, rules: Ruleset) -> int:
        return self.extra_influence_dice or rules.setup.extra_influence.dice

    def check(self, rules: Ruleset) -> None:
        """Refuse options the rules do not know, naming the allowed values."""
        if self.difficulty not in rules.setup.difficulty:
            levels = ", ".join(rules.setup.difficulty)
            raise TwsoloError(
                say("solo.options.difficulty", level=repr(self.difficulty), levels=levels)
            )
        if self.extra_influence_dice not in (None, *DICE_CHOICES):
            raise TwsoloError(say("solo.options.dice", dice=repr(self.extra_influence_dice)))
        unknown = [name for name in self.enhanced if name not in ENHANCED_SWITCHES]
        if unknown:
            known = ", ".join(ENHANCED_SWITCHES)
            raise TwsoloError(say("solo.options.enhanced", switch=repr(unknown[0]), known=known))

    def to_dict(self) -> dict[str, Any]:
        """The options as saved; `enhanced` only when the enhanced AI plays, `draft_cap` and
        `balanced_setup` only when on (older saves and games without them read and write as
        before they existed)."""
        out = asdict(self)
        out["ai_side"] = self.ai_side.value
        if self.enhanced:
            out["enhanced"] = list(self.enhanced)
        else:
            del out["enhanced"]
        for flag in ("draft_cap", "balanced_setup"):
            if not out[flag]:
                del out[flag]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SoloOptions:
        return cls(
            ai_side=Side(data["ai_side"]),
            difficulty=str(data.get("difficulty", "normal")),
            fast_deal=bool(data.get("fast_deal", False)),
            optional_cards=bool(data.get("optional_cards", False)),
            extra_influence_dice=data.get("extra_influence_dice"),
            enhanced=tuple(str(name) for name in data.get("enhanced", ())),
            draft_cap=bool(data.get("draft_cap", False)),
            balanced_setup=bool(data.get("balanced_setup", False)),
        )

    def describe(self) -> str:
        """One line for the result report (spec §24.4)."""
        parts = [
            say("solo.options.ai_plays", side=self.ai_side.label),
            say("solo.options.difficulty_level", level=value_word("difficulty", self.difficulty)),
            say("solo.options.fast_deal" if self.fast_deal else "solo.options.draft"),
            say(
                "solo.options.optional_cards"
                if self.optional_cards
                else "solo.options.no_optional_cards"
            ),
        ]
        if self.extra_influence_dice:
            parts.append(say("solo.options.dice_count", n=self.extra_influence_dice))
        if self.draft_cap:
            parts.append(say("solo.options.draft_cap"))
        if self.balanced_setup:
            parts.append(say("solo.options.balanced_setup"))
        if self.enhanced:
            switches = ", ".join(say("solo.options.switch", name=s) for s in self.enhanced)
            parts.append(say("solo.options.enhanced_ai", switches=switches))
        return ", ".join(parts)
