"""`arbiter ask` reads the scene of two Redemption classes (blind round redemption-seed42011):
- a character's "When blocking ..." condition (S18-ask, Sisera): "he stops blocking ..., then blocks one again" is the
  condition switching off and on (condition-false, condition-true), and "is blocking" puts it in battle;
- "to set aside my Heroes" says what the card does, never where it was played (S28-ask, Shame: read as played in
  the set-aside area although the sentence says "in battle"); "in the set-aside area" is still that place.
Cards derived from the data: every character with the condition, every card whose text sets cards aside."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.redemption.terms import is_character
from tests.engine.redemption.redemption_builder import real_cards
from tests.engine.redemption.test_redemption_combat_condition import combat_cards, instant_cards
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, imported_catalog):
    return imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-scene"))


@pytest.fixture(scope="module")
def asker(every_game) -> Asker:
    return Asker(Arbiter.open(str(every_game)))


def _inputs(asker: Asker, text: str) -> dict | None:
    result = asker.read(text)[0]
    return None if result.reading is None else result.reading.inputs


def test_stopping_and_blocking_again_switch_the_condition(asker: Asker) -> None:
    names = [n for n in combat_cards() if is_character(real_cards()[n]) and "blocking" in real_cards()[n].text.lower()]
    assert len(names) >= 8
    read = 0
    for name in names:
        inputs = _inputs(asker, f"{name} is blocking a hero, then he stops blocking, then blocks one again in the same "
                                "phase. Does his ability still work?")
        if inputs is None or inputs["card"] != name:
            continue  # the name is asked back (another card shares it): not this class
        read += 1
        assert inputs.get("played_in") == "battle", (name, inputs)
        assert inputs.get("then") == ["condition-false", "condition-true"], (name, inputs)
    assert read >= len(names) // 2, read


def test_a_card_without_the_condition_reads_no_condition_event(asker: Asker) -> None:
    """"Stops blocking" on a card whose "If blocking, ..." is done at once is not made an event the command would
    refuse."""
    read = 0
    for name in instant_cards()[::6]:
        inputs = _inputs(asker, f"{name} is blocking, then he stops blocking. Does his ability still work?")
        if inputs is None or inputs["card"] != name:
            continue
        read += 1
        assert not any(e.startswith("condition") for e in inputs.get("then", [])), (name, inputs)
    assert read >= 5, read


def _set_aside_cards() -> list[str]:
    out = []
    for name, card in real_cards().items():
        if "(" in name or "[" in name or not re.search(r"\bset\b[^.]*\baside for \w+ turns?\b", card.text, re.I):
            continue
        out.append(name)
    return sorted(out)


def test_to_set_aside_is_what_the_card_does_not_where_it_was_played(asker: Asker) -> None:
    names = _set_aside_cards()
    assert len(names) >= 5, names
    read = 0
    for name in names:
        inputs = _inputs(asker, f"My opponent played {name} in battle on their turn to set aside my heroes. After "
                                "that turn ends, are they still set aside?")
        if inputs is None or inputs["card"] != name:
            continue
        read += 1
        assert inputs.get("played_in") == "battle", (name, inputs)
    assert read >= len(names) // 2, (read, names)


def test_the_set_aside_area_is_still_a_place(asker: Asker) -> None:
    inputs = _inputs(asker, "Shame is in my set aside area. Does its ability end when the turn ends?")
    assert inputs is not None and inputs.get("played_in") == "set-aside", inputs
