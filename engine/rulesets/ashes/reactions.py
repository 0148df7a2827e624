"""A reaction triggered while a card resolves (AS5, AS10, AS12): which part triggers it, and when it resolves.

Reborn pauses the card being resolved: a reaction triggered by one of its effects resolves right after that
effect, before the next one (AS10). The first edition lets it wait until the whole effect has resolved (AS5). A
"would" reaction answers the event before it happens, so it comes before the part in both editions (in the first
edition that is our reading: the seed speaks of reactions to what a part did).
The trigger is matched to a part by what happens in both: damage, destruction, a unit coming into play, tokens
placed, cards drawn or discarded. A trigger about targeting is a cancel's business (cancel.py), not this one's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.rulesets.ashes.abilities import Ability, read_abilities
from engine.rulesets.ashes.editions import Printing
from engine.rulesets.ashes.parts import Part

# (event, words in a trigger, words in a part that make that event happen)
_EVENTS = (
    ("damage", r"\b(?:dealt|receives?|takes?|deals?|would be dealt|would receive)\b[^.]*\bdamage\b|\bdamage is "
               r"(?:dealt|received)\b", r"\b(?:deal|inflict)s?\b[^.]*\bdamage\b"),
    ("destroyed", r"\bdestroyed\b", r"\bdestroy\b"),
    # AS17: damage places wounds and may destroy (not the other way round)
    ("destroyed by damage", r"\bdestroyed\b", r"\b(?:deal|inflict)s?\b[^.]*\bdamage\b"),
    ("wound token", r"\bwound tokens? (?:is|are) placed\b", r"\b(?:deal|inflict)s?\b[^.]*\bdamage\b"),
    ("comes into play", r"\bcomes? into play\b|\bis placed onto\b", r"\bconjurations?\b[^.]*\bonto\b|\bonto "
                                                                    r"(?:your|the|a target player's) battlefield"),
    ("exhaustion token", r"\bexhaustion tokens? (?:is|are) placed\b|\bbecomes? exhausted\b",
     r"\bplace\b[^.]*\bexhaustion tokens? on (?!this)"),
    ("wound token", r"\bwound tokens? (?:is|are) placed\b", r"\bplace\b[^.]*\bwound tokens?\b"),
    ("status token", r"\bstatus tokens? (?:is|are) placed\b", r"\bplace\b[^.]*\bstatus tokens?\b"),
    ("draw", r"\bdraws?\b[^.]*\bcards?\b", r"\bdraws?\b[^.]*\bcards?\b"),
    # AS19: a card that resolves the effects that trigger at the end of the round (Era's End)
    ("end of round", r"^at the end of (?:the|this|each) round\b",
     r"\bresolve all effects that trigger at the end of the round\b"),
    ("discard", r"\bdiscards?\b|\bis discarded\b", r"\bdiscard\b"),
)


@dataclass(frozen=True)
class ReactionAnswer:
    card: str
    trigger: str
    timing: str
    part: int | None
    event: str | None
    when: str
    rules: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {"card": self.card, "trigger": self.trigger, "timing": self.timing, "triggered_by": self.part,
                "event": self.event, "applies": self.part is not None, "when": self.when, "rules": list(self.rules)}


def reaction_ability(p: Printing) -> Ability | None:
    """The ability of a card that answers an event: a reaction spell's play, or a reaction ability."""
    return next((a for a in read_abilities(p) if a.trigger is not None), None)


def place_reaction(rp: Printing, parts: Sequence[tuple[Part, str]], reborn: bool) -> ReactionAnswer:
    """Where the reaction card `rp` comes in, given the parts and their outcomes, in this edition: the first of its
    triggered abilities that a part sets off, else why its first one is not set off."""
    first = None
    for ability in read_abilities(rp):
        if ability.trigger is None:
            continue
        placed = _place(rp, ability, parts, reborn)
        if placed.part is not None:
            return placed
        first = first or placed
    return first or _place(rp, None, parts, reborn)


def _place(rp: Printing, ability: Ability | None, parts: Sequence[tuple[Part, str]], reborn: bool) -> ReactionAnswer:
    if ability is None or ability.trigger is None:
        return ReactionAnswer(rp.name, "", "", None, None, f"{rp.name} has no trigger to answer an event with",
                              ("AS12",))
    words = ability.trigger.words
    timing = ability.trigger.timing
    events = [(event, done) for event, trig, done in _EVENTS if re.search(trig, words, re.I)]
    for part, outcome in parts:
        if outcome != "resolves":
            continue
        for event, done in events:
            if re.search(done, part.text, re.I):
                when = _when(part.n, [p.n for p, _ in parts], timing, reborn)
                if event == "end of round":
                    when = (f"its end-of-round effect resolves now, as part {part.n} says (if its card is "
                            "unexhausted), in the order you choose")
                if event == "destroyed by damage":
                    when += " (if that damage destroys the unit: damage places wounds and can destroy)"
                return ReactionAnswer(rp.name, words, timing, part.n, event, when,
                                      ("AS12", "AS10" if reborn else "AS5") + (("AS17",) if " by damage" in event
                                                                               else ("AS19",) if event == "end of round"
                                                                               else ()))
    what = ", ".join(e for e, _ in events) or "an event this reader does not recognise"
    return ReactionAnswer(rp.name, words, timing, None, None,
                          f"no part that happens here causes what it waits for ({what})", ("AS12",))


def _when(n: int, numbers: list[int], timing: str, reborn: bool) -> str:
    later = [m for m in numbers if m > n]
    if timing in ("would", "before"):
        return f"it comes before part {n} happens, since it answers what that part would do"
    if reborn:
        nxt = f", before part {later[0]}" if later else " (the last part, so nothing is left to pause)"
        return f"the card pauses: it resolves right after part {n}{nxt}, then the card goes on"
    return ("it waits until the whole effect has resolved" + (f" (after part {numbers[-1]})" if later else "")
            + ", then it resolves")
