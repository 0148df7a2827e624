"""An Interrupt's change to the action it interrupts, or to that action's attacks, Fear effects or Honor gains and
losses ("Give one of the action's Ranged Attacks +1 strength", "Give a Fear effect +2 strength", "Increase each Honor
loss from the Battle action by 1", "The Battle action cannot move Personalities"), lasts while that action resolves,
never to the end of the turn (Comprehensive Rules for L5R: Twenty Festivals, "Action sequence", "Interrupt
actions"); over every real Interrupt wording it so. A one-time change an Interrupt makes to a card, or its negation
of the action, stays a one-time change."""

from __future__ import annotations

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from tests.engine.l5r.l5r_real import duration, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
INTERRUPTS = [(f"{c.name}#{a.index}", a) for c in (real_cards() if HAVE else ()) for a in read_card(c)
              if a.kind is Kind.INTERRUPT]
CHANGES = [(n, a) for n, a in INTERRUPTS if duration(card=n)["effect"]["kind"] == "resolving"
           and any(i["id"] == "interrupt-action" for i in duration(card=n)["interpretations"])]


def test_the_class():
    names = {n for n, _ in CHANGES}
    assert {"Tsuruchi Natsuki#1", "Shosuro Yasumasa#1", "Ring of Earth#2", "Fear the Thunder#2",
            "Unholy Strike#2", "False Ring of Fire#3"} <= names
    assert len(CHANGES) >= 30
    # one-time changes to cards and negations of the action are not in it
    assert not {"Moto Taigo, the Skull Taker • Experienced#1", "Veil of Water#1", "The Code of Bushido#1",
                "Walls of Death#1", "Bayushi Junko#1"} & names


@pytest.mark.parametrize(("item", "ability"), CHANGES, ids=[n for n, _ in CHANGES])
def test_an_interrupts_change_to_the_action_lasts_while_it_resolves(item, ability):
    during = duration(card=item, then=["targets-chosen"])
    assert during["persists"] is True
    answer = duration(card=item, then=["targets-chosen", "action-resolves", "turn-ends"])
    assert [p["persists"] for p in answer["timeline"]] == [True, False, False]
    assert answer["ends_on"] == "action-resolves"
