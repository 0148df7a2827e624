"""The fuzzy pass's shortcuts over the real Redemption catalog decide as the complete scan does.

`Matcher._close_hits` finds the keys that decide a misspelt name without comparing every key: the pigeonhole's
runs (keys a few edits away, only of the lengths those edits reach), and, when those do not settle it, only the key
lengths where a key further away could still score within the margin of the best, or reach the cutoff. Whatever
it returns must lead to the reading the complete scan (`Matcher._hits`) leads to: the same best score and the same
close keys (those within FUZZY_MARGIN of it, which decide between answering and asking back).
"""

from __future__ import annotations

import random

from engine.matching import FUZZY_CUTOFF, FUZZY_MARGIN
from engine.names import fold
from tests.engine.test_matching import matcher, real_cards

_KEYS = "qwertyuiopasdfghjklzxcvbnm"


def _slipped(name: str, slips: int, rng: random.Random) -> str:
    text = name
    for _ in range(slips):
        if len(text) < 2:
            break
        i = rng.randrange(len(text))
        kind = rng.choice(("drop", "double", "swap", "replace", "insert"))
        if kind == "drop":
            text = text[:i] + text[i + 1:]
        elif kind == "double":
            text = text[:i] + text[i] + text[i:]
        elif kind == "swap" and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        elif kind == "insert":
            text = text[:i] + rng.choice(_KEYS) + text[i:]
        else:
            text = text[:i] + rng.choice(_KEYS) + text[i + 1:]
    return text


def _reading(hits: list[tuple[int, float]]) -> tuple[float, frozenset[int]]:
    top = hits[0][1] if hits else 0.0
    return round(top, 6), frozenset(p for p, s in hits if s >= top - FUZZY_MARGIN)


def test_the_shortcuts_read_a_typo_as_the_complete_scan_does() -> None:
    m = matcher()
    rng = random.Random(37)
    names = sorted({fold(c.name) for c in real_cards()})
    queries = [_slipped(name, rng.choice((1, 2, 2, 3, 3, 4)), rng) for name in rng.sample(names, 500)]
    queries += [fold(name)[:n] for name in rng.sample(names, 60) for n in (4, 6, 9)]  # starts of names
    settled_further = 0
    for q in filter(None, (fold(x) for x in queries)):
        complete = m._hits(q, FUZZY_CUTOFF)
        fast = m._close_hits(q)
        if not complete:
            continue  # nothing reaches the cutoff: the fast pass may still offer keys a few edits away
        hits, settled, _r, _within = m._near_hits(q)
        settled_further += bool(hits) and not settled
        assert _reading(fast) == _reading(complete), q
    assert settled_further > 20  # the shortcut past the pigeonhole was exercised, not only the plain pass
