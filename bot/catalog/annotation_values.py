"""Which rule and value a moderator's annotation may carry: one check for `arbiter cards annotate` and
`/carddb annotate`, so a term the engine cannot read is refused before anything is written."""

from __future__ import annotations

import re

from bot.catalog.errors import InvalidChange

RULES = ("D2", "D3", "D4", "D5", "D8", "instant", "lasting")
D4_LENGTHS = ("phase", "battle", "turn", "round", "next-turn", "game")
MAX_VALUE = 40
PHASES = ("draw", "upkeep", "preparation", "battle", "discard")
D4_HELP = (f"{', '.join(D4_LENGTHS)}, turns:N, rounds:N (N a positive whole number or X) or next-<phase>-phase "
           f"(phase: {', '.join(PHASES)})")
_COUNTED = re.compile(r"(?P<unit>turns|rounds):(?P<count>x|[0-9]+)")
_NEXT_PHASE = re.compile(r"next-(?P<phase>[a-z]+)-phase")


class InvalidAnnotation(InvalidChange):
    """An annotation whose rule or value the engine cannot use; the message says what is allowed."""


def check_annotation(rule: str, value: str | None) -> tuple[str, str]:
    """(rule, value) in the spelling the engine reads; raises InvalidAnnotation with one plain sentence.

    D4 needs a length; D3 takes nothing or `self` (the card places itself); every other rule takes no value.
    """
    key = (rule or "").strip()
    canonical = {r.lower(): r for r in RULES}.get(key.lower())
    if canonical is None:
        raise InvalidAnnotation(f"An annotation's rule is one of {', '.join(RULES)}.")
    raw = (value or "").strip()
    low = raw.lower()
    if len(raw) > MAX_VALUE:
        raise InvalidAnnotation(f"An annotation's value is at most {MAX_VALUE} characters.")
    if canonical == "D4":
        if not raw:
            raise InvalidAnnotation(f"A D4 annotation needs a value: {D4_HELP}.")
        return canonical, _d4_length(raw, low)
    if canonical == "D3":
        if low not in {"", "self"}:
            raise InvalidAnnotation(f"A D3 annotation's value is empty or 'self' (the card places itself), "
                                    f"not {raw!r}.")
        return canonical, low
    if raw:
        raise InvalidAnnotation(f"Rule {canonical} takes no value (values are D4 lengths and the D3 "
                                f"'self'), not {raw!r}.")
    return canonical, ""


def _d4_length(raw: str, low: str) -> str:
    if low in D4_LENGTHS:
        return low
    counted = _COUNTED.fullmatch(low)
    if counted:
        count = counted["count"]
        if count == "x":
            return f"{counted['unit']}:X"
        if int(count) > 0:
            return f"{counted['unit']}:{int(count)}"
    nxt = _NEXT_PHASE.fullmatch(low)
    if nxt and nxt["phase"] in PHASES:
        return low
    raise InvalidAnnotation(f"{raw!r} is not a D4 length; use {D4_HELP}.")
