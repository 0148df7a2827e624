"""Reading an opponent's cancel (AS6, AS12): when it may be played and how much of the effect it cancels.

A cancel card names its trigger ("when an opponent uses ... that would target a unit you control", "after an
opponent targets you or your Phoenixborn", "when an opponent would use a unit or Phoenixborn ability that is
not inexhaustible") and its reach ("Cancel the effects of that ..." = every part; "Cancel that effect and the
remaining effects" = the part that triggered it and every later one). Seen from the player using the card, the
canceller's units and Phoenixborn are "theirs".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from engine.rulesets.ashes.abilities import Ability, Trigger

Watch = Literal["target-unit", "target-named-unit", "target-player", "use-unit-ability", "spell-all-units",
                "unread"]
Reach = Literal["all", "from-trigger", "none"]


@dataclass(frozen=True)
class CancelReading:
    watch: Watch
    reach: Reach
    trigger: Trigger | None
    cancel_text: str
    named: str | None = None


def read_cancel(ability: Ability) -> CancelReading:
    words = ability.trigger.words if ability.trigger else ""
    texts = [p.text for p in ability.parts]
    cancel = next((t for t in texts if re.search(r"\bcancel\b", t, re.I)), "")
    if re.search(r"\bcancel (that effect and the remaining|all remaining)", cancel, re.I):
        reach: Reach = "from-trigger"
    elif re.search(r"\bcancel the effects\b", cancel, re.I):
        reach = "all"
    else:
        reach = "none"
    low = words.lower()
    named = None
    if m := re.search(r"target (?:a |an )?(?!unit\b)([A-Z][\w' ]+?) you control", words):
        watch: Watch = "target-named-unit"
        named = m.group(1)
    elif re.search(r"\btargets? (?:a )?unit you control\b|\bwould target a unit you control\b", low):
        watch = "target-unit"
    elif re.search(r"\btargets? you\b|your phoenixborn", low) and "target" in low:
        watch = "target-player"
    elif re.search(r"\buse a unit or phoenixborn ability\b", low):
        watch = "use-unit-ability"
    elif re.search(r"\bspell that affects all units\b", low):
        watch = "spell-all-units"
    else:
        watch = "unread"
    return CancelReading(watch, reach, ability.trigger, cancel, named)


def cancel_ability(abilities: tuple[Ability, ...]) -> Ability | None:
    """The ability of a card that cancels something (a reaction spell's play, or a reaction ability)."""
    for ability in abilities:
        if any(re.search(r"\bcancel\b", p.text, re.I) for p in ability.parts):
            return ability
    return None
