"""A condition's quoted words keep no stray bracket (new-user trial 42300, class "stray punctuation in quoted card
words"): "(or protect up to 3 N.T. Lost Souls from rescue if Phygellus is in battle)" was quoted “if Phygellus is in
battle)”. Checked over every real card: every term's words have as many "(" as ")"; 12 cards had one."""

from __future__ import annotations

import re

from engine.rulesets.redemption.terms import read_card
from tests.engine.redemption.redemption_builder import real_cards


def test_no_term_quotes_half_a_bracket():
    inside = 0
    bad = []
    for name, card in real_cards().items():
        for reading in read_card(card):
            for term in reading.terms:
                if term.source == "text" and term.text.count("(") != term.text.count(")"):
                    bad.append((name, term.text))
        inside += bool(re.search(r"\([^)]*\b(?:if|while|unless)\b[^)]*\)", card.text, re.I))
    assert inside >= 12 and not bad, (inside, bad[:5])
