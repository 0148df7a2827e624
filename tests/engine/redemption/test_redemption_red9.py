"""Redemption classes of blind round redemption-seed81011 (on 6817ce0), each derived from every real card sharing
the wording (read from ../shared/data in place, never listed by name):

- a protect limited by location, "... protect them ... when they are not in the Field of Battle" (S30 direct:
  refused), is a condition kept up (D8) that condition-false / condition-true switch inside the Fortress's D7;
- a zone phrase said of another card in a sentence ("One of the Evil Characters protected by Kingdoms of the World
  enters the Field of Battle", S30 ask) is not where the named card was played; for a card with that location
  limit, the character entering the zone switches the limit off, and the battle ending switches it back on (said
  as assumed)."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.redemption import judge
from engine.rulesets.redemption.render import summary
from engine.rulesets.redemption.terms import card_types, read_card
from tests.engine.redemption.redemption_builder import real_cards
from tests.shared_paths import require_shared

# the wording of the class, read from the card text itself (not from the engine's phrases)
_LIMIT = re.compile(r"\bprotect\b[^.]*\bwhen (?:they|it) (?:are|is) not in (?:the field of battle|battle)\b", re.I)


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("red9"))
    return Asker(Arbiter.open(str(db)))


def _limited() -> list[str]:
    return [n for n, c in real_cards().items() if _LIMIT.search(c.text)]


def test_a_location_limited_protect_is_a_condition_switched_on_and_off():
    names = _limited()
    assert 2 <= len(names) <= 8, names  # 4 printings in the data of this session (two Fortresses, two printings each)
    for name in names:
        card = real_cards()[name]
        limit = [t for r in read_card(card) for t in r.terms if t.rule == "D8" and "not in" in t.text.casefold()]
        assert limit, name
        off = judge(card, None, ["condition-false"])
        assert off.persists and "switched off" in summary(off), (name, summary(off))
        on = judge(card, None, ["condition-false", "condition-true"])
        assert on.persists and "switched off" not in summary(on), (name, summary(on))
        gone = judge(card, None, ["condition-false", "leaves-play"])
        assert not gone.persists, name  # the Fortress's own duration (D7) still bounds it


def test_a_zone_said_of_a_protected_character_is_not_where_the_card_was_played(asker: Asker):
    for name in _limited():
        kind = "Evil Characters" if "evil character" in real_cards()[name].text.casefold() else "Heroes"
        result = asker.read(f"One of the {kind} protected by {name} enters the Field of Battle. Is it still "
                            "protected, and is it protected again after battle?")[0]
        assert result.reading is not None and result.reading.inputs["card"] == name, (name, result)
        assert result.reading.inputs.get("played_in") not in {"battle", "field-of-battle"}, result.reading.inputs
        assert result.reading.inputs.get("then") == ["condition-false", "battle-ends", "condition-true"], \
            result.reading.inputs
        assert any("assumed" in n for n in result.reading.notes), result.reading.notes


def test_a_zone_said_of_another_character_leaves_every_site_and_fortress_where_it_is_played(asker: Asker):
    places = [n for n, c in real_cards().items() if {"fortress", "site"} & set(card_types(c))
              and not re.search(r"[\[(]", n)]
    assert len(places) >= 40, len(places)
    read = 0
    for name in places[::6]:
        result = asker.read(f"A Hero protected by {name} enters the Field of Battle. How long does it last?")[0]
        if result.reading is None or result.reading.inputs["card"] != name:
            continue  # another card shares the name's words: asked back, not this class
        read += 1
        assert result.reading.inputs.get("played_in") not in {"battle", "field-of-battle"}, (name, result.reading)
    assert read >= len(places[::6]) // 2, read


def test_a_card_entering_the_field_of_battle_itself_is_still_played_there(asker: Asker):
    heroes = [n for n, c in real_cards().items() if card_types(c) == ["hero"] and not re.search(r"[\[(]", n)]
    read = 0
    for name in heroes[::150]:
        result = asker.read(f"{name} enters the Field of Battle. How long does its ability last?")[0]
        if result.reading is None or result.reading.inputs["card"] != name:
            continue
        read += 1
        assert result.reading.inputs.get("played_in") == "field-of-battle", (name, result.reading.inputs)
    assert read >= 1, read


def test_while_alone_said_in_a_sentence_switches_the_condition(asker: Asker):
    """"another Hero bands in" ends being alone; "he is alone again" holds it again (S20 ask: refused)."""
    alone = [n for n, c in real_cards().items() if re.search(r"\bwhile alone\b", c.text, re.I)]
    assert 8 <= len(alone) <= 16, alone  # 12 printings in the data of this session
    read = 0
    for name in alone:
        card = real_cards()[name]
        several = len([t for r in read_card(card) for t in r.terms if t.rule == "D8"]) > 1
        tag = ":alone" if several else ""
        result = asker.read(f"{name} is alone in battle and another Hero bands in. Does the ability still work?")[0]
        if result.reading is None or result.reading.inputs["card"] not in {name, re.sub(r"\s*[\[(].*$", "", name)}:
            continue  # a name several cards share: asked back, not this class
        read += 1
        assert result.reading.inputs.get("then") == [f"condition-true{tag}", f"condition-false{tag}"], \
            (name, result.reading.inputs)
        again = asker.read(f"Another Hero banded in with {name}, then {name} is alone again. Does it still work?")[0]
        assert again.reading is not None, (name, again)
        assert again.reading.inputs.get("then") == [f"condition-false{tag}", f"condition-true{tag}"], \
            (name, again.reading.inputs)
    assert read >= len(alone) // 2, read
