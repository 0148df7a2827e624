""""For each ally removed, resolve the following effect" / "For each status token removed, prevent 1 damage" /
"For each card you discard, ...": a part repeated once for each thing an earlier part of the same effect did (AS5).

How many times follows that earlier part: it did not happen (skipped, declined, cancelled), so the repeat happens 0
times; it happened and the board says how many it took (a search "for up to 3 allies" in a discard pile of 2), so
that many, said with what was taken; otherwise the number is what the earlier part did, said as such, never taken
as "at least once"."""

from __future__ import annotations

import re
from dataclasses import dataclass

# "for each ally removed", "for each 1 basic die spent", "for each card you discard" (not "they cannot or do not draw",
# which counts what did NOT happen)
_DONE = re.compile(r"\bfor each (?:1 |one )?(?P<what>(?:[\w-]+ ){0,2}?(?:all(?:y|ies)|cards?|units?|"
                   r"(?:status |wound |exhaustion )?tokens?|di(?:e|ce)))\s+"
                   r"(?P<verb>(?:you )?(?:removed?|discard(?:ed)?|spen[dt]|destroy(?:ed)?))\b", re.I)
_STEMS = {"remov": r"\bremove\b", "discard": r"\bdiscard\b", "spen": r"\bspend\b", "destroy": r"\bdestroy\b"}
_SEARCH = re.compile(r"\bsearch your discard pile for (?:up to )?(?P<n>\d+) (?P<what>[\w ]+?)\b(?:\.|$)", re.I)
FOLLOWING = re.compile(r"\bresolve the following effect\b", re.I)
UNDONE = ("skipped", "declined", "cancelled", "unpaid")   # "unpaid": an optional cost in the effect, declined


@dataclass(frozen=True)
class Repeat:
    """What an earlier part did decides how many times this part repeats."""

    source: int                 # the earlier part it counts
    words: str                  # "ally removed"
    times: int | None           # 0 when that part did not happen; a number when the board says; else None
    why: str                    # how the number was reached, for the answer
    assumed: str = ""           # an assumption the number rests on, said aloud


def read_repeat(text: str, n: int, earlier: list[tuple[int, str, str]], discard: int | None) -> Repeat | None:
    """`earlier`: (n, text, outcome) of the parts before this one, in order. None when it counts no earlier part."""
    m = _DONE.search(text)
    if m is None:
        return None
    verb = m.group("verb").lower()
    stem = next((s for s in _STEMS if s in verb), None)
    source = next((x for x in reversed(earlier) if stem and re.search(_STEMS[stem], x[1], re.I)
                   and not _DONE.search(x[1])), None)
    if source is None:
        return None
    words = f"{m.group('what').lower()} {verb}"
    if source[2] in UNDONE:
        undone = "was an optional cost not paid" if source[2] == "unpaid" else "did not happen"
        return Repeat(source[0], words, 0, f"it is done once for each {words}, and part {source[0]} {undone}, "
                                           "so there were none: it is done 0 times")
    # "Search your discard pile for up to 3 allies. Remove them": as many as the pile holds, up to the number
    found = next((s for x in earlier if x[0] <= source[0] and x[2] not in UNDONE and (s := _SEARCH.search(x[1]))),
                 None)
    if found is not None and discard is not None:
        times = min(int(found.group("n")), discard)
        return Repeat(source[0], words, times, f"{times} time{'s' if times != 1 else ''}, once for each {words}",
                      f"Part {n} repeats once for each {words}; I took it that the {discard} card"
                      f"{'s' if discard != 1 else ''} in your discard pile {'are' if discard != 1 else 'is'} "
                      f"{found.group('what').lower()} and that {times} {'are' if times != 1 else 'is'} found and "
                      f"removed (up to {found.group('n')}), so it is done {times} time{'s' if times != 1 else ''} "
                      "(fewer if fewer are found).")
    return Repeat(source[0], words, None, f"once for each {words} (as many times as there were)",
                  f"Part {n} repeats once for each {words} by part {source[0]}; how many that is was not said, "
                  f"so it is done that many times (none if part {source[0]} took none).")
