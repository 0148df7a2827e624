"""`arbiter ask` on an Ashes sentence naming a second card that is not a second card used
(engine/rulesets/ashes/phrases_ask.py): the conjuration a Summon card places ("two Mist Spirits with one Summon Mist
Spirit": 89 Summon cards name their conjuration) and a unit in play named as what the card is used on or attacks
("Distract on my Gilder", "attacks a Gilder with 1 wound on it": `--unit NAME@side[/wounds=N]`, `--target` when
it is used on it). Checked over every real Summon card and real unit-targeting cards, derived from the data."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, imported_catalog):
    return imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-ashes"))


@pytest.fixture(scope="module")
def asker(every_game) -> Asker:
    return Asker(Arbiter.open(str(every_game)))


def _summons(arbiter: Arbiter) -> list[tuple[str, str]]:
    cards = arbiter.cards_of("ashes")
    conjurations = {c.name for c in cards if c.type == "Conjuration"}
    out = []
    for card in sorted({c.name: c for c in cards}.values(), key=lambda c: c.name):
        m = re.search(r"Place (?:a|an|one|two|three|\d+) (?P<name>.+?) conjurations?\b", card.text)
        if card.name.startswith("Summon ") and m and m.group("name") in conjurations:
            out.append((card.name, m.group("name")))
    return out


def test_the_conjuration_a_summon_card_places_is_not_a_card_used(asker: Asker) -> None:
    summons = _summons(asker.arbiter)
    assert len(summons) >= 60
    wrong = []
    for summon, conjuration in summons[::3]:
        result = asker.read(f"can I summon two {conjuration}s with one {summon}?")[0]
        got = result.reading.inputs.get("card") if result.reading is not None else None
        if got != summon:
            wrong.append((summon, conjuration, got, result.asked and result.asked.why))
    assert not wrong, wrong


def _targeting(arbiter: Arbiter) -> tuple[list[str], str]:
    """Cards whose one ability targets a unit, and a real ally of a name no other game has, to name on the board."""
    cards = arbiter.cards_of("ashes")
    elsewhere = {c.name.casefold() for g in ("redemption", "dominion", "grand-archive", "l5r")
                 for c in arbiter.cards_of(g)}
    ally = next(c.name for c in sorted(cards, key=lambda c: c.name) if c.type == "Ally" and len(c.name.split()) > 1
                and c.name.casefold() not in elsewhere and not re.search(r"\btarget\b", c.text))
    users = sorted({c.name for c in cards if c.type in ("Action Spell", "Ready Spell")
                    and len(re.findall(r"\btarget unit\b", c.text)) == 1 and "cancel" not in c.text.lower()
                    and c.name.casefold() not in elsewhere})
    return users, ally


@pytest.mark.parametrize(("said", "side"), [("my", "mine"), ("their", "theirs")])
def test_a_unit_the_card_is_used_on_is_on_the_board(asker: Asker, said: str, side: str) -> None:
    users, ally = _targeting(asker.arbiter)
    assert len(users) >= 30
    wrong = []
    for name in users[::6]:
        result = asker.read(f"what happens when I play {name} on {said} {ally}?")[0]
        inputs = result.reading.inputs if result.reading is not None else {}
        if inputs.get("card") != name or f"{ally}@{side}" not in inputs.get("unit", []) or \
                not any(t.endswith(f"={ally}@{side}") for t in inputs.get("target", [])):
            wrong.append((name, inputs, result.asked and result.asked.why))
    assert not wrong, wrong


def test_an_attacked_unit_with_wounds_is_on_the_board_untargeted(asker: Asker) -> None:
    result = asker.read("Does Bone Crow get +1 attack when it attacks a Gilder with 1 wound on it?")[0]
    assert result.reading is not None, result.asked
    assert result.reading.inputs["card"] == "Bone Crow"
    assert result.reading.inputs["unit"] == ["Gilder@theirs/wounds=1"] and "target" not in result.reading.inputs
