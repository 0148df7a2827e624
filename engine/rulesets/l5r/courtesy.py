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

GOING_SECOND = re.compile(r"^\s*\(?When going second\b", re.I)
_SAID = re.compile(r"^occurs:\s*(?:you|I) went first\b", re.I)


def went_first_of(given: str | None, events: list[str]) -> str | None:
    """Who went first: as given, or "you" when an event says "you went first"."""
    if given:
        return given
    return "you" if any(_SAID.match(e) for e in events) else None


_HAVE = re.compile(r"\b(?:you )?(?:have|has) Courtesy\b", re.I)


def courtesy_condition(life: Lifetime, went_first: str | None) -> str:
    """A condition naming Courtesy ("if you are Mantis Clan or have Courtesy"): you have Courtesy unless you went
    first. Given who went first: "holds" (you have it, so the condition holds), "fails" (it was the whole condition),
    "rest" (the other alternatives still decide), or "" (no such condition, or nobody said)."""
    cond = life.condition
    if cond is None or not _HAVE.search(cond.condition or cond.words) or went_first is None:
        return ""
    words = cond.condition or cond.words
    alone = not re.search(r"\bor\b", words)
    if went_first == "opponent":
        life.trace.add("L12", "Courtesy", f"“{words}”: your opponent went first, so you have Courtesy and it holds")
        for point in life.timeline:
            if point.persists and point.event not in ("condition-false", "condition-true"):
                point.effective = True
        return "holds"
    if alone:
        for point in life.timeline:
            point.effective = False
        life.trace.add("L12", "Courtesy", f"“{words}”: you went first, so you have no Courtesy and it fails")
        return "fails"
    life.trace.add("L12", "Courtesy", f"“{words}”: you went first, so you have no Courtesy; the other alternatives "
                   "decide")
    return "rest"


def apply_courtesy(life: Lifetime, text: str, went_first: str | None) -> str:
    """For a Courtesy trait of yours: "off" (you went first: it never takes effect; every point says so), "on" (you
    did not), "assumed" (nobody said; said aloud), or "" for any other ability."""
    if not COURTESY_LABEL.match(text):
        return ""
    if went_first == "you":
        for point in life.timeline:
            point.effective = False
            said = ("“When going second” does not apply to the player who went first, and you went first"
                    if GOING_SECOND.match(text) else
                    "Courtesy traits do not take effect if you went first, and you went first")
            point.why = f"{said}: it never takes effect this game" if _SAID.match(point.event) else \
                f"{point.why}; it never takes effect this game: {said}"
            point.rule = "L12" if _SAID.match(point.event) else point.rule or "L12"
        life.trace.add("L12", "Courtesy", "you went first, so this Courtesy trait does not take effect this game")
        return "off"
    if went_first == "opponent":
        line = "“When going second” line" if GOING_SECOND.match(text) else "Courtesy trait"
        life.trace.add("L12", "Courtesy", f"your opponent went first, so this {line} takes effect")
        return "on"
    life.trace.interpret(Interpretation("courtesy", "L12", (
        "This line applies only when going second" if GOING_SECOND.match(text) else
        "This is a Courtesy trait, which does not take effect if you went first") + "; it is taken that you did not "
        "go first (say --went-first you|opponent)."))
    return "assumed"
