"""Courtesy: "Courtesy traits do not take effect if you went first" (the keyword's reminder; 22 real Courtesy-labelled
traits).

Who went first is asked (`--went-first you|opponent`; "occurs:you went first" says it too). A Courtesy trait of a
player who went first never takes effect that game; otherwise it works as its words say. When nobody says, it is
taken to be in effect and the answer says it assumed so.
"""

from __future__ import annotations

import re

from engine.rulesets.l5r.judge import COURTESY_LABEL
from engine.rulesets.l5r.lifetime import Lifetime
from engine.trace import Interpretation

_SAID = re.compile(r"^occurs:\s*(?:you|I) went first\b", re.I)


def went_first_of(given: str | None, events: list[str]) -> str | None:
    """Who went first: as given, or "you" when an event says "you went first"."""
    if given:
        return given
    return "you" if any(_SAID.match(e) for e in events) else None


def apply_courtesy(life: Lifetime, text: str, went_first: str | None) -> str:
    """For a Courtesy trait of yours: "off" (you went first: it never takes effect; every point says so), "on" (you
    did not), "assumed" (nobody said; said aloud), or "" for any other ability."""
    if not COURTESY_LABEL.match(text):
        return ""
    if went_first == "you":
        for point in life.timeline:
            point.effective = False
            said = "Courtesy traits do not take effect if you went first, and you went first"
            point.why = f"{said}: it never takes effect this game" if _SAID.match(point.event) else \
                f"{point.why}; it never takes effect this game: {said}"
            point.rule = "L12" if _SAID.match(point.event) else point.rule or "L12"
        life.trace.add("L12", "Courtesy", "you went first, so this Courtesy trait does not take effect this game")
        return "off"
    if went_first == "opponent":
        life.trace.add("L12", "Courtesy", "your opponent went first, so this Courtesy trait takes effect")
        return "on"
    life.trace.interpret(Interpretation("courtesy", "L12", "This is a Courtesy trait, which does not take effect if "
                                        "you went first; it is taken that you did not go first (say --went-first "
                                        "you|opponent)."))
    return "assumed"
