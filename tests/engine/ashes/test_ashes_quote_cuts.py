"""Blind round 35031, class 7: a quote shortened for a first line ends at the end of a clause or before a phrase,
never on the word that opens one ("... onto …", "... from your …"), over every part of every real card of both
editions; a quote only a little over the limit is given whole."""

from __future__ import annotations

from functools import cache

from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.render import _DANGLING, _clause
from tests.engine.ashes.test_ashes_cases import real_cards


@cache
def texts() -> tuple[str, ...]:
    out = set()
    for card in real_cards():
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is not None:
                out |= {part.text for a in read_abilities(p) for part in a.parts}
    return tuple(sorted(out))


def test_no_quote_is_cut_on_a_word_that_opens_a_phrase():
    cut = 0
    for text in texts():
        for limit in (50, 60, 70, 90):
            short = _clause(text, limit)
            whole = " ".join(text.strip().rstrip(".:").split())
            if short == whole:
                assert len(whole) <= limit * 4 // 3
                continue
            cut += 1
            assert short.endswith(" …") and whole.startswith(short[:-2]), (text, short)
            assert short[:-2].split(" ")[-1].lower() not in _DANGLING, (text, limit, short)
    assert cut > 500


def test_a_quote_a_little_over_the_limit_is_whole():
    text = "If there are no wound tokens on this unit, move 1 wound token from your Phoenixborn onto this unit."
    assert _clause(text, 90) == text.rstrip(".")
    assert _clause(text, 60) == "If there are no wound tokens on this unit …"
