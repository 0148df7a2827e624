"""Delays and "next" as the Timing page and the glossary state them (issue 32, item 2), over every real card with a
delayed effect: "the next X" never counts the X in progress, a delay of what already happened does nothing, and each
delayed effect fires once, at its point. The two official examples that regressed are the first two tests."""

from __future__ import annotations

import pytest

from engine.rulesets.l5r.abilities import read_card
from engine.rulesets.l5r.lifetime import PERIOD_OF_EVENT, choose, period_point
from engine.rulesets.l5r.question import is_standing
from tests.engine.l5r.l5r_real import duration, real_cards
from tests.shared_paths import shared_data_path


def states(answer):
    return [p["state"] for p in answer["timeline"]]


def test_the_next_battle_made_during_a_battle_fires_after_the_second_battle_ends():
    # glossary "Next" (and the final rules' Next entry, Example 1): "After the next battle ends" does not refer to
    # the end of the current battle
    for text, extra in (("Battle: After the next battle ends, dishonor him.", {}),
                        ("After the next battle ends, dishonor him.", {"made_during": "battle"})):
        answer = duration(text=text, then=["action-resolves", "battle-ends", "battle-ends"], **extra)
        assert states(answer) == ["waiting", "waiting", "fired"], text
        assert answer["timeline"][1]["rule"] == "LD3" and "under way" in answer["timeline"][1]["why"]
    # made outside a battle, the first battle to end is the next one; said aloud
    outside = duration(text="Open: After the next battle ends, dishonor him.", then=["action-resolves",
                                                                                     "battle-ends"])
    assert states(outside) == ["waiting", "fired"]
    assert any(n["id"] == "next-period" for n in outside["interpretations"])


def test_a_delay_of_what_already_happened_does_nothing():
    # glossary "Delay": if the delayed effect has already happened, the delay does nothing
    answer = duration(text="Delay the destruction until before the end of the turn.", then=["already-happened"])
    assert answer["effect"]["kind"] == "delay" and states(answer) == ["expired"]
    assert answer["persists"] is False and "LD4" in answer["rules"]
    # not yet happened: it waits, then fires at its point, once
    later = duration(text="Delay the destruction until before the end of the turn.",
                     then=["action-resolves", "turn-ends"])
    assert states(later) == ["waiting", "fired"]


def test_the_next_battle_waits_past_the_turn_and_fires_once():
    answer = duration(text="Battle: After the next battle ends, dishonor him.",
                      then=["action-resolves", "battle-ends", "turn-ends", "battle-ends", "battle-ends"])
    assert states(answer) == ["waiting", "waiting", "waiting", "fired", "fired"]
    assert answer["timeline"][-1]["persists"] is False


def _delays():
    """(card name, ability index, period event or None, the words) of every real ability with a delayed effect."""
    found = []
    for card in real_cards():
        for ability in read_card(card):
            life = choose(ability.terms, ability.rules_text or ability.text, None, standing=is_standing(ability),
                          made_by=ability.kind.value)
            if life.kind in ("delayed", "delay"):
                point = period_point(life.main)
                found.append((card.name, ability.index, point[0] if point else None, life.main.words, life.fires_on))
    return found


DELAYS = _delays() if shared_data_path("l5r").exists() else []


def test_the_census_of_delayed_effects_names_the_real_cards():
    by_point = {}
    for name, index, event, _, _ in DELAYS:
        by_point.setdefault(event, []).append(f"{name}#{index}")
    # the classes and some of their real cards (the rest are checked one by one below)
    assert {"Ambush#1", "Wedge#1", "Kyuden Hida • Experienced#1"} <= set(by_point["battle-ends"])
    assert {"Sandalwood Incense#1", "Mirumoto Hikaro#2", "Bar Fight#1"} <= set(by_point["duel-ends"])
    assert {"Move the Troops#1", "Izuna Sensei#1"} <= set(by_point["phase-ends"])
    assert {"Halls of the Forgotten#1"} <= set(by_point["battle-ends"])
    assert len(DELAYS) >= 140


@pytest.mark.parametrize(("name", "index", "event", "words"),
                         [(n, i, e, w) for n, i, e, w, _ in DELAYS if e is not None])
def test_every_delay_at_a_periods_end_fires_once_at_that_end(name, index, event, words):
    made = {"made_during": PERIOD_OF_EVENT[event]} if event != "phase-ends" else {}
    answer = duration(card=f"{name}#{index}", then=[event, event], **made)
    assert states(answer)[-2:] == ["fired", "fired"], words
    assert [p["persists"] for p in answer["timeline"]][-2:] == [False, False]
    assert "fires now, once" in answer["timeline"][-2]["why"] or "fired by now" in answer["timeline"][-2]["why"] \
        or "its point" in answer["timeline"][-2]["why"]


@pytest.mark.parametrize(("name", "index", "fires"),
                         [(n, i, f) for n, i, e, _, f in DELAYS if e is None and f and f[0].startswith("occurs:")])
def test_every_delay_at_an_occurrence_fires_once_when_it_occurs(name, index, fires):
    answer = duration(card=f"{name}#{index}", then=[fires[0], fires[0]])
    assert states(answer) == ["fired", "fired"]
    assert answer["timeline"][1]["persists"] is False
