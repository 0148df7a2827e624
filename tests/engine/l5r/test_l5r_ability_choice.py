"""A plain card name at a moment picks the ability that answers that moment (issue 32, item 3), and says which it
picked and how to ask for another: at a payment, every real card with Gold production and another ability is read as
its Gold production (L4 case 1), not as its "After you Recruit this Holding" trait."""

from __future__ import annotations

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from tests.engine.l5r.l5r_real import order, real_cards
from tests.shared_paths import shared_data_path


def _gold_and_more():
    found = []
    for card in real_cards():
        abilities = read_card(card)
        gold = [a for a in abilities if a.kind is Kind.GOLD and not a.reminder]
        if gold and len(abilities) > 1:
            found.append((card.name, gold[0].index))
    return found


GOLD_AND_MORE = _gold_and_more() if shared_data_path("l5r").exists() else []
PAYMENT = "when you pay the Gold cost to Recruit a Personality"


def test_the_class_holds_the_recruited_holdings_of_the_report():
    names = {name for name, _ in GOLD_AND_MORE}
    assert {"Carrion's Breath", "Famous Bazaar", "Small-Time Bully", "Lane of Immorality", "Rich Vein",
            "Plain Library", "Jade Bazaar"} <= names
    assert len(GOLD_AND_MORE) >= 100


@pytest.mark.parametrize(("name", "gold"), GOLD_AND_MORE)
def test_a_plain_name_at_a_payment_is_its_gold_production(name, gold):
    answer = order(at=PAYMENT, item=[name])
    assert [e["kind"] for e in answer["order"]] == ["gold"], answer["skipped"]
    assert answer["order"][0]["item"].endswith(f"#{gold}")
    note = next(n["text"] for n in answer["interpretations"] if n["id"] == f"ability-{name}")
    assert f"judges #{gold}" in note and "Gold production" in note and f"“{name}#N”" in note


def test_the_other_ability_is_asked_by_number():
    answer = order(at=PAYMENT, item=["Carrion's Breath#1"])
    assert answer["order"] == [] and answer["skipped"][0]["item"] == "Carrion's Breath #1"
    after = order(at="after you Recruit this Holding", item=["Carrion's Breath"])
    assert [e["item"] for e in after["order"]] == ["Carrion's Breath #1"]
