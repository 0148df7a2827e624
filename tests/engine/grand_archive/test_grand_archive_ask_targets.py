"""`arbiter ask` on Grand Archive sentences that say what an effect is used on (issue 33, blind round 53051 ask #8
"cast Fleeting Guard on my ally" was asked back for its target), on the real data of all five games.

The class: a card whose text takes a target ("Target unit", "target ally you control", "target champion") used
"on my ally", "targeting my opponent's champion", or "target my ally with" it: the object said is there before the
effect and is its target (`--effect "CARD -> ally"`); "on one of my two allies" is the first of them (`-> #1`).
A card whose text takes no target is never given one. Every real card sharing the wording is listed from the data.
"""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-ga-targets"))
    return Asker(Arbiter.open(str(db)))


def _effects(asker: Asker, text: str) -> list[str]:
    result = asker.read(text)[0]
    if result.reading is None or result.reading.game != "grand-archive":
        return []
    return list(result.reading.inputs.get("effect", []))


def _alone(asker: Asker, name: str) -> bool:
    """The card's name alone reads as that Grand Archive card (not another game's: "Equanimity's Ashes")."""
    return name in _effects(asker, f"Does {name} last until end of turn?")


def _cards(asker: Asker, pattern: str) -> list[str]:
    return [c.name for c in asker.arbiter.cards_of("grand-archive") if re.search(pattern, c.text, re.I)]


def test_used_on_my_ally_is_the_target_of_every_card_that_targets_a_unit_or_ally(asker: Asker) -> None:
    names = _cards(asker, r"\btarget (?:unit|ally)\b")
    assert len(names) >= 200  # 244 in the data of 2026-11
    wrong = [(n, e) for n in names[::4]  # (one in four read, to keep the suite's time)
             if f"{n} -> ally" not in (e := _effects(asker, f"I cast {n} on my ally. Does it last until end of turn?"))]
    assert not wrong, wrong[:10]


def test_targeting_the_opponents_champion_is_the_target_of_every_card_that_targets_a_champion(asker: Asker) -> None:
    every = _cards(asker, r"\btarget (?:unit|champion)\b")
    assert len(every) >= 150  # 176 (Equanimity's Ashes alone reads as an Ashes question)
    names = [n for n in every[::4] if _alone(asker, n)]
    said = "Does {} targeting my opponent's champion last until end of turn?"
    wrong = [(n, e) for n in names if f"{n} -> champion:opponent" not in (e := _effects(asker, said.format(n)))]
    assert not wrong, wrong[:10]


def test_target_my_ally_with_a_card_and_one_of_two_allies(asker: Asker) -> None:
    names = _cards(asker, r"\btarget ally\b")[:60:4]
    assert names
    for n in names:
        assert f"{n} -> ally" in _effects(asker, f"I target my ally with {n}. Does it last past end of turn?"), n
        # the first of two allies written as one object ("ally x2") is #1
        assert f"{n} -> #1" in _effects(asker, f"I cast {n} on one of my two allies. Does it last past end of turn?")


def test_a_card_that_takes_no_target_is_given_none(asker: Asker) -> None:
    names = [c.name for c in asker.arbiter.cards_of("grand-archive")
             if not re.search(r"\btarget", c.text, re.I) and "ALLY" not in c.type.upper()]
    assert len(names) >= 300
    said = "I cast {} on my ally. Does it last until end of turn?"
    read = [(n, _effects(asker, said.format(n))) for n in names[:300:3]]
    wrong = [(n, e) for n, e in read if any("->" in x for x in e)]
    assert not wrong, wrong[:10]


def test_judged_sentence_of_round_53051_reads_its_target_and_is_answered(asker: Asker) -> None:
    """Not blind: round 53051 ask #8 was asked back for a target the sentence said."""
    text = "I control two ephemeral objects and cast Fleeting Guard on my ally, how much damage does it prevent?"
    result = asker.read(text)[0]
    assert result.reading is not None
    assert result.reading.inputs["effect"] == ["Fleeting Guard -> ally"]
    answer = asker.answer(result.reading, None, cards=result.cards)
    assert "ally you control" in str(answer)
