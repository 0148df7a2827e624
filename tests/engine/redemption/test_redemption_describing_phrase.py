"""A relative clause describing the card an action takes is not a duration (new-user trial 42300 #6, Today: "Shuffle
all Heroes that are set aside" was read as a set-aside result (D3), so the answer said it lasted "while what it set
aside stays aside" although the card sets nothing aside). Checked over every real card whose text describes a card
so, read from the card words."""

from __future__ import annotations

import re
from functools import cache

from engine.rulesets.redemption import judge
from engine.rulesets.redemption.render import summary
from engine.rulesets.redemption.terms import read_card
from tests.engine.redemption.redemption_builder import real_cards

_DESCRIBED = re.compile(r"\b(?:that|who|which)(?: was or| were or)? (?:is|are) (?P<status>set[ -]aside|paralyzed|"
                        r"poisoned|imprisoned)\b", re.I)
# The card's own words that do set aside, paralyze, place or last: then the reading rests on them, not on the clause.
_ACTS = re.compile(r"\b(?:set (?:\w+ ){0,4}aside(?! areas?\b)|paralyze|poison|imprison|place|while|until|"
                   r"for \w+ turns?|protect|negate|cannot|gains?|loses?|instead)\b", re.I)


@cache
def described_cards() -> list[str]:
    return sorted(name for name, card in real_cards().items() if _DESCRIBED.search(card.text))


def test_the_class_from_the_card_words():
    names = described_cards()
    assert "Today" in names and len(names) >= 3, names


def test_the_described_card_gives_no_targeting_result():
    for name in described_cards():
        card = real_cards()[name]
        quoted = [t.text for r in read_card(card) for t in r.terms if t.rule == "D3"]
        assert not any(_DESCRIBED.search(f"that {q}") or re.fullmatch(r"(?:is|are) [\w -]+", q) for q in quoted), (
            name, quoted)
        rest = _DESCRIBED.sub(" ", card.text)
        if not _ACTS.search(rest):  # nothing else lasts: the answer is that it happens at once
            verdict = judge(card, "battle", ["battle-ends"])
            assert summary(verdict).startswith("Happens at once"), (name, summary(verdict))
