""""When blocking …, [a standing effect]" is a condition kept up (blind round redemption-seed42011, S18 Sisera): "When
blocking gold or red brigade, enhancements cannot be negated" was read as a trigger done once, so condition-false was
refused with "this ability of Sisera has none". The effect works while the character blocks (or attacks) as the words
say, inside the D1 default (B8 bounded by B1); an action done as it enters battle ("If blocking, you may draw 3",
"If blocking, negate a good card") is still checked once. Checked over every real card with the wording, read from
the card words."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.redemption import judge
from engine.rulesets.redemption.parts import split_parts
from engine.rulesets.redemption.render import summary
from engine.rulesets.redemption.terms import is_character, read_card
from tests.engine.redemption.redemption_builder import real_cards

_OPENS = re.compile(r"(?:^|[.;]\s+)(?:when|if|while) (?:blocking|attacking)\b(?P<what>[^,:.]*),\s*(?P<rest>[^.;]+)",
                    re.I)
# A standing effect: said of a class of cards, never "a"/"one"/"up to"/"X" cards (a targeting done at once), never an
# optional action ("you may ...").
_STANDING = re.compile(r"^(?!(?:you )?may\b)(?:(?!\b(?:an?|one|up to|x|\d+)\b)[^,])+?\b(?:cannot|can not) be\b"
                       r"|^(?:restrict|negate|protect|ignore) (?!(?:an?|one|up to|x|\d+|the next)\b)"
                       r"|^all\b.*\bis ignored\b", re.I)


def _plain(text: str) -> str:
    """The text with "O.T." / "N.T." written without the dots that would end a sentence."""
    return re.sub(r"\b([ON])\.T\.", r"\1T", text)


def _parts(name: str) -> list[tuple[str, str]]:
    """(part label, the sentence) of each part of the card opening a sentence with the class's words."""
    out = []
    for part in split_parts(real_cards()[name].text) or []:
        for m in _OPENS.finditer(_plain(part.text)):
            if _STANDING.match(m.group("rest").strip()) and not re.search(r"\b(?:is|are)\b(?! in play)",
                                                                          m.group("what")):
                out.append((part.label, m.group(0)))
    return out


@cache
def combat_cards() -> list[str]:
    return sorted(name for name in real_cards() if _parts(name))


@cache
def instant_cards() -> list[str]:
    """Cards whose "If blocking, ..." sentence is an action done as the character enters battle."""
    out = []
    for name, card in real_cards().items():
        if name in combat_cards():
            continue
        if any(re.match(r"(?:you )?may\b|(?:negate|discard|draw|decrease|protect) (?:an?|one|up to|x)\b",
                        m.group("rest").strip(), re.I) for m in _OPENS.finditer(_plain(card.text))):
            out.append(name)
    return sorted(out)


def test_the_class_from_the_card_words():
    names = combat_cards()
    characters = [n for n in names if is_character(real_cards()[n])]
    assert "Sisera" in names and "Sisera, the Commander (Roots)" in names and "Asherah Pole" in names, names
    assert len(names) >= 15 and len(characters) >= 12, (len(names), names)
    assert len(instant_cards()) > 50, len(instant_cards())


def _label(name: str) -> str | None:
    label = _parts(name)[0][0]
    return label or None


@pytest.mark.parametrize("name", combat_cards())
def test_the_condition_switches_inside_the_phase(name):
    card = real_cards()[name]
    part = _label(name)
    off = judge(card, "battle", ["condition-false"], part=part)
    assert off.persists and "switched off" in summary(off), (name, summary(off))
    again = judge(card, "battle", ["condition-false", "condition-true"], part=part)
    assert again.persists and "switched off" not in summary(again), (name, summary(again))
    over = judge(card, "battle", ["phase-ends"], part=part)
    assert not over.persists, (name, summary(over))
    if is_character(card):  # the blocker is this character: it blocks only while a battle is on
        after = judge(card, "battle", ["battle-ends"], part=part)
        assert after.persists and "switched off" in summary(after), (name, summary(after))
        assert "switched off" in summary(judge(card, "battle", ["leaves-battle"], part=part)), name


def test_an_action_done_as_the_character_enters_battle_is_no_condition_kept_up():
    for name in instant_cards():
        card = real_cards()[name]
        combat = [t for r in read_card(card) for t in r.terms if t.combat]
        assert not combat, (name, combat)
