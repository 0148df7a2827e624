"""Issue 22, Redemption third pass: each class a judge found is a rule over wording or an input, checked on our
own sentences and on several real cards (read from ../shared/data; skipped when it is absent). Scenarios follow
"Defining Duration" (Land of Redemption)."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from engine.cards import Card
from engine.matching import Matcher
from engine.names import base_name
from engine.rulesets.redemption import judge
from engine.rulesets.redemption.parts import split_parts
from engine.rulesets.redemption.printings import printing_rank
from engine.rulesets.redemption.terms import _sentences, read_card
from tests.redemption_builder import real_cards


def card(text: str, type: str = "Hero", name: str = "Test Card", card_class: str = "") -> Card:
    return Card("redemption", name, "T", type=type, text=text, card_class=card_class)


def real(name: str) -> Card:
    return real_cards()[name]


# --- 1. the passive of a lasting verb lasts as the active does ---------------------------------------------------

@pytest.mark.parametrize("text", [
    "All Pharisees and Sadducees are ignored.",
    "If blocking Jacob, all good strength is ignored.",
    "Heroes in battle are protected from capture.",
    "Evil Characters' toughness is decreased by 2.",
    "Opponent's Heroes are immune to first strike.",
])
def test_passive_lasting_wording_lasts_to_the_end_of_the_phase_like_the_active(text):
    played = judge(card(text), "battle", ["leaves-battle"])
    assert played.part.lasting is True and played.persists is True  # D1: removal does not end it
    assert played.part.upper_bound.rule == "D1"
    assert judge(card(text), "battle", ["phase-ends"]).persists is False


@pytest.mark.parametrize("name", ["Child of Great Wisdom", "Gifts for Esau", "Elijah", "Rhoda (EC)",
                                  "Lydia (H)"])
def test_real_passive_abilities_last_the_phase(name):
    verdict = judge(real(name), "battle", ["leaves-battle"])
    assert verdict.part.lasting is True and verdict.persists is True
    assert judge(real(name), "battle", ["phase-ends"]).persists is False


_PASSIVE = re.compile(r"\b(?:is|are)\s+(?:\w+\s+)?(?:ignored|protected|negated|prevented|restricted|immune)\b",
                      re.I)


def test_every_real_part_with_a_passive_lasting_verb_is_read_as_lasting():
    """Over the whole real catalog: a sentence saying a card 'is ignored' / 'are protected' (not the
    ability-type marker "Cannot be negated", which the reader sets aside) makes its part lasting."""
    found = instant = 0
    for c in real_cards().values():
        for reading in read_card(c):
            if any(_PASSIVE.search(s) for s in _sentences(reading.part.text)):
                found += 1
                instant += not reading.lasting
    assert found >= 25 and instant == 0


# --- 2. part labels as printed, and long names ------------------------------------------------------------------

@pytest.mark.parametrize(("name", "asked", "label"), [
    ("Angel of God [2023 - National]", "D", "DOMINANT"),
    ("Angel of God [2023 - National]", "dominant", "DOMINANT"),
    ("Angel of God [2023 - National]", "H", "HERO"),
    ("Angel of God [2023 - National]", "Hero", "HERO"),
    ("Sprinkled Blood", "A", "ART"),
    ("Sprinkled Blood", "artifact", "ART"),
    ("Sprinkled Blood", "GE", "GE"),
])
def test_a_part_is_found_by_its_printed_label_or_long_name(name, asked, label):
    assert judge(real(name), part=asked).part.label == label


def test_every_printed_label_of_the_real_catalog_names_its_part():
    checked = 0
    for c in real_cards().values():
        parts = split_parts(c.text)
        labels = [p.label for p in parts]
        for part in parts:
            if part.printed and labels.count(part.label) == 1:
                assert judge(c, part=part.printed).part.label == part.label, (c.name, part.printed)
                checked += 1
    assert checked > 500


def test_an_unknown_part_lists_the_printed_labels_with_their_long_names():
    with pytest.raises(ValueError, match=r"its parts are: D \(DOMINANT\), H \(HERO\)\."):
        judge(real("Angel of God [2023 - National]"), part="EC")


# --- 6. the default printing follows the documented order on every reprinted card --------------------------------

def test_a_cards_name_answers_its_default_printing_for_every_reprinted_card():
    """README: a card's name answers its default printing — Rotation-legal first, a regular release over a
    variant, the newer set — even when one printing (the oldest, "Falling Away" of Women) prints the bare name."""
    cards = list(real_cards().values())
    matcher = Matcher(cards, prefer=printing_rank)
    families: dict[str, list[Card]] = defaultdict(list)
    for c in cards:
        families[base_name(c.name)].append(c)
    checked = 0
    for name, printings in families.items():
        if len(printings) < 2:
            continue
        result = matcher.match(name)
        if result.card is None or result.card not in printings or len(result.printings) < 2:
            continue  # the name is asked back or belongs to another card: no default printing to check
        best = max(printing_rank(c) for c in result.printings)
        assert printing_rank(result.card) == best, (name, result.card.label)
        checked += 1
    assert checked > 300
    falling = matcher.match("Falling Away")
    assert falling.card is not None and falling.card.legality == "Rotation" and falling.chosen == "default"
    assert matcher.match("Falling Away (Wom)").card == real("Falling Away")  # the label still names it
