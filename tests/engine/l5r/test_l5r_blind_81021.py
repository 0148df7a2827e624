"""Blind round 81021, its direct-path classes, each over every real card sharing the wording.

(#13) A keyword's reminder text that restates a triggered rule ("(Draw a card after your Expendable card is
    destroyed.)", Destined, Brash, Overconfident) is a triggered rulebook effect (Timing page step C), placed by the
    rules before the triggered traits (step E), never one the active player may reorder among the card's own traits;
    the answer says the reading aloud.
(#9) A permanent effect a card puts on itself ("This card permanently copies ...", "Permanently reduce Shigeru's
    Personal Honor") ends when that card leaves play: the card it is on and the card that made it are the same.

The card lists are derived from the data."""

from __future__ import annotations

import pytest

from engine.rulesets.l5r.abilities import read_card
from engine.rulesets.l5r.items import keyword_rule
from engine.rulesets.l5r.self_permanent import self_permanent
from tests.engine.l5r.l5r_real import duration, order, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
CARDS = real_cards() if HAVE else ()


def _named(card, abilities, ability) -> str:
    return card.name if len(abilities) == 1 else f"{card.name}#{ability.index}"


KEYWORD_RULES = [(_named(card, abilities, a), a.text, rule) for card in CARDS for abilities in [read_card(card)]
                 for a in abilities if (rule := keyword_rule(a)) is not None]


def test_the_keyword_rule_class_names_the_real_cards():
    texts = {text for _, text, _ in KEYWORD_RULES}
    for keyword in ("Expendable", "Destined", "Brash", "Overconfident"):
        assert any(keyword in t for t in texts), (keyword, texts)
    assert any(n.startswith("Blessed Herbalist") for n, *_ in KEYWORD_RULES)
    assert len({n.split("#")[0] for n, *_ in KEYWORD_RULES}) >= 60, len(KEYWORD_RULES)
    # an ability printed in brackets with its own designator stays that ability (Kharmic, Courage, Cavalry)
    assert not any(t.startswith(("(Repeatable", "(Limited", "(Once per turn")) for t in texts), texts


@pytest.mark.parametrize(("name", "text", "rule"), KEYWORD_RULES, ids=[n for n, *_ in KEYWORD_RULES])
def test_a_keyword_reminder_is_a_rulebook_effect_before_the_traits(name, text, rule):
    timing, occurrence = rule
    answer = order(at=f"{timing} {occurrence}", item=[f"{name}@you", f"trait:{timing.capitalize()} {occurrence}, "
                                                      "gain 1 Honor@you"], active="opponent")
    first, second = answer["order"]
    assert (first["card"], first["step"], first["kind"], first["chosen_by"]) == (
        name.split("#")[0], "C", "rulebook", "rules"), answer["summary"]
    assert second["step"] == "E", answer["summary"]
    note = next(i for i in answer["interpretations"] if i["id"].startswith("keyword-rule-"))
    assert "reminder text" in note["text"] and "step C" in note["text"], note


SELF = [(_named(card, abilities, a), words) for card in CARDS for abilities in [read_card(card)] for a in abilities
        if (words := self_permanent(a.rules_text or a.text, card))]
# "permanently give him ...", "Give this Personality a permanent Force bonus" on a Spell, "Destroy this card and
# target a Region ...: ... permanently remove its traits": the effect is on another card
OTHERS = [(_named(card, abilities, a), a.rules_text or a.text) for card in CARDS for abilities in [read_card(card)]
          for a in abilities if "permanent" in (a.rules_text or a.text).lower()
          and not self_permanent(a.rules_text or a.text, card)]


def test_the_self_permanent_class_names_the_real_cards():
    names = {n.split("#")[0] for n, _ in SELF}
    assert {"Mastering the Elements", "Moto Shigeru", "Ninube Tsukau", "Yoritomo Shotsuo"} <= names, names
    assert len(names) >= 10, names
    others = {n.split("#")[0] for n, _ in OTHERS}
    assert {"Spirit of the Monk", "Sea & Sky", "Damning Ceremony", "Illusory Defense", "Sly Deceiver"} <= others
    assert not names & {"Spirit of the Monk", "Sea & Sky", "Damning Ceremony"}


@pytest.mark.parametrize(("name", "words"), SELF, ids=[n for n, _ in SELF])
def test_a_permanent_effect_on_its_own_card_ends_as_it_leaves_play(name, words):
    answer = duration(card=name, then=["action-resolves", "turn-ends", "leaves-play"])
    *_, before, left = answer["timeline"]
    assert before["persists"], answer["summary"]
    assert not left["persists"] and "its own card" in left["why"], answer["summary"]
    assert words in left["why"]


def test_a_permanent_effect_on_another_card_outlives_the_card_that_made_it():
    name = next(n for n, _ in OTHERS if n.startswith("Spirit of the Monk"))
    answer = duration(card=name, then=["action-resolves", "turn-ends", "leaves-play"])
    assert answer["timeline"][-1]["persists"], answer["summary"]
