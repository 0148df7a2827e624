"""`arbiter ask` on Grand Archive sentences (issue 33/34, round 46151 "ask" part): states, whose turn, how many
objects and the order they come in, on the real data of all five games. Each class is checked over the real cards
that share it, derived from the data through the engine's own reading:
- "stops being distant" / "is no longer attacking" beside a card whose condition is that state switches that
  condition off, and the answer is about that paragraph (Seaside Rangefinder's Ranged 2);
- "on my opponent's turn" beside a card whose text names a player's turn is asked back (the scenario starts on your
  turn); beside a text that names none it changes nothing and is read;
- "two allies on the field" are two objects; "after I cast X, I play an ally" / "then play <ally card>" arrive
  after X.
"""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.grand_archive.reading import read_card
from tests.shared_paths import require_shared

STATES = ("distant", "attacking", "fostered", "rested", "retaliating", "awake", "defending")


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-ga-turns"))
    return Asker(Arbiter.open(str(db)))


def _read(asker: Asker, text: str):
    return asker.read(text)[0]


def _alone(asker: Asker, name: str) -> bool:
    result = _read(asker, f"Does {name} last until end of turn?")
    return result.reading is not None and result.reading.game == "grand-archive" and \
        name in result.reading.inputs.get("effect", [])


def _state_cards(asker: Asker) -> list[tuple[str, str, int]]:
    """(card, state, paragraph) for each card whose read condition is "... is <state>"."""
    out = []
    for card in asker.arbiter.cards_of("grand-archive"):
        try:
            paragraphs = read_card(card).paragraphs
        except Exception:
            continue
        for k, paragraph in enumerate(paragraphs, start=1):
            found = [m.group(1) for e in paragraph.effects
                     if (m := re.search(rf"\bis ({'|'.join(STATES)})\b", e.condition or ""))]
            if found:
                out.append((card.name, found[0], k))
                break
    return out


def test_a_state_said_switches_the_condition_about_it(asker: Asker) -> None:
    cases = _state_cards(asker)
    assert len(cases) >= 80, len(cases)  # 91 on the data of 2026-11 (distant 52, attacking 23, fostered 8, ...)
    checked, wrong = 0, []
    for name, state, k in cases:
        if not _alone(asker, name):
            continue
        checked += 1
        off = _read(asker, f"{name} stops being {state}. Does its effect still apply?")
        on = _read(asker, f"{name} is {state}. Does its effect apply?")
        if off.reading is None or f"condition-false:{name}#{k}" not in off.reading.inputs.get("then", []):
            wrong.append(("off", name, state, off.reading and off.reading.inputs, off.asked))
        elif not any(e.startswith(f"{name}#{k}") for e in off.reading.inputs.get("effect", [])) and \
                len(read_card(next(c for c in asker.arbiter.cards_of("grand-archive")
                                   if c.name == name)).paragraphs) > 1:
            wrong.append(("paragraph", name, off.reading.inputs))
        if on.reading is None or any(e.startswith("condition-false") for e in on.reading.inputs.get("then", [])):
            wrong.append(("on", name, state, on.reading and on.reading.inputs, on.asked))
    assert checked >= 60, checked
    assert not wrong, wrong


def test_whose_turn_is_asked_back_where_the_text_names_a_turn(asker: Asker) -> None:
    naming = [c.name for c in asker.arbiter.cards_of("grand-archive")
              if re.search(r"\b(?:your|an opponent's|each opponent's|their) (?:next )?turn\b|not your turn", c.text)]
    assert len(naming) >= 10, naming
    checked, wrong = 0, []
    for name in naming:
        if not _alone(asker, name):
            continue
        checked += 1
        result = _read(asker, f"Does {name} work on my opponent's turn?")
        if result.game != "grand-archive" or result.asked is None or "turn" not in result.asked.why:
            wrong.append((name, result.reading and result.reading.inputs))
    assert checked >= 8, checked
    assert not wrong, wrong


def test_whose_turn_beside_a_text_naming_none_is_read(asker: Asker) -> None:
    plain = [c.name for c in asker.arbiter.cards_of("grand-archive")
             if "until end of turn" in c.text and "turn" not in c.text.replace("until end of turn", "")][:40]
    checked, wrong = 0, []
    for name in plain:
        if not _alone(asker, name):
            continue
        checked += 1
        result = _read(asker, f"Does {name} last until end of turn if I use it on my opponent's turn?")
        if result.reading is None or "end-of-turn" not in result.reading.inputs.get("then", []) \
                or any(w.lower() in ("opponent's", "turn") for w in result.unused):
            wrong.append((name, result.reading and result.reading.inputs, result.asked, result.unused))
    assert checked >= 20, checked
    assert not wrong, wrong


def _one_shot_ally_buffs(asker: Asker) -> list[str]:
    """Cards whose text gives allies you control something until end of turn (a one-shot set: later allies miss it)."""
    return [c.name for c in asker.arbiter.cards_of("grand-archive")
            if re.search(r"^Allies you control get [+-]\d+ (?:POWER|LIFE) until end of turn", c.text, re.M)]


def test_how_many_objects_and_when_they_come(asker: Asker) -> None:
    names = _one_shot_ally_buffs(asker)
    assert len(names) >= 3, names
    wolf = "Gray Wolf"
    checked, wrong = 0, []
    for name in names:
        if not _alone(asker, name):
            continue
        checked += 1
        cases = {
            f"I cast {name} with two allies on the field. Do both get it?": [("object", "ally x2"), ("effect", name)],
            f"Two allies enter after {name} resolves. Do they get it?": [("effect", name), ("object", "ally x2")],
            f"After I cast {name}, I play an ally. Does it get it?": [("effect", name), ("object", "ally")],
            f"I cast {name} and then play {wolf}. Does {wolf} get it?": [("effect", name), ("object", wolf)],
        }
        for text, moments in cases.items():
            result = _read(asker, text)
            got = [tuple(m) for m in result.reading.inputs.get("moments", [])] if result.reading else None
            if got is None or [m for m in got if m[0] != "then"] != moments:
                wrong.append((text, got, result.asked))
    assert checked >= 3, checked
    assert not wrong, wrong
