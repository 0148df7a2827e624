"""Redemption classes of blind round redemption-seed53011 left by red-7, each derived from every real card sharing
the wording (read from ../shared/data in place, never listed by name):

- a two-sided card named by one half of its name ("Extortion" of "Restitution / Extortion") is judged for that
  half's part (S6-ask: the GE part was judged for "Extortion");
- a Curse, Covenant or Artifact said to be "an active artifact" in a sentence was played to the Artifact Pile
  (S12-ask: judged as played in battle, deactivation changing nothing);
- an "If ..., ... instead" condition said in a sentence ("blocked from hand", "was not blocked from hand") is how
  that condition went (S2-ask: refused), and the command's first line says the branch it takes and the other one
  (S1: the assumption was only on line 2);
- "played on a thief" where the judged part says "If used by a thief" is that condition holding, not words left out;
- "after the battle phase and the turn are over" is the phase ending, then the turn."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.redemption import judge
from engine.rulesets.redemption.parts import split_parts
from engine.rulesets.redemption.phrases_ask import _artifact_pile, part_of_half
from engine.rulesets.redemption.render import summary
from engine.rulesets.redemption.terms import card_types, read_card
from tests.engine.redemption.redemption_builder import real_cards
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("red8"))
    return Asker(Arbiter.open(str(db)))


def _read(asker: Asker, text: str):
    return asker.read(text)[0]


def _halves(name: str) -> list[str]:
    return [h.strip() for h in re.sub(r"\s*[\[(][^\])]*[\])]\s*$", "", name).split(" / ")]


def _two_sided() -> dict[str, tuple[str, str]]:
    """Every real card whose name is two halves and whose text is two sides (no STAR, not a Hero and its meek
    BOTTOM): name -> the label each half names, derived from the printed parts in order."""
    out = {}
    for name, card in real_cards().items():
        halves = _halves(name)
        sides = [p for p in split_parts(card.text) if p.label != "STAR"]
        if len(halves) != 2 or len(sides) != 2 or {p.label for p in sides} == {"TOP", "BOTTOM"}:
            continue
        out[name] = tuple(p.printed.strip("()") or p.label or "-" for p in sides)
    return out


def test_each_half_of_a_two_sided_name_names_its_part():
    sides = _two_sided()
    assert 14 <= len(sides) <= 24, len(sides)  # 18 printings in the data of this session
    for name, labels in sides.items():
        card, halves = real_cards()[name], _halves(name)
        assert part_of_half(card, name) is None, name  # the whole name names the card, not a side
        for half, label in zip(halves, labels, strict=True):
            if set(half.casefold().split()) <= set(halves[1 - halves.index(half)].casefold().split()):
                continue  # a half whose words are all in the other names neither
            assert part_of_half(card, half) == label, (name, half)
            judge(card, "battle", [], part=label)  # the command takes the label (no unknown part)
    # a Hero with a STAR and TOP/BOTTOM (a meek side) has no two sides: its halves name no part
    lo_c = [n for n in real_cards() if len(_halves(n)) == 2 and n not in sides]
    assert lo_c and all(part_of_half(real_cards()[n], _halves(n)[1]) is None for n in lo_c)


def test_a_sentence_naming_a_half_is_judged_for_that_part(asker: Asker):
    read = 0
    for name, labels in _two_sided().items():
        second = _halves(name)[1]
        result = _read(asker, f"How long does {second} last in battle?")
        if result.reading is None or result.reading.inputs["card"] != name:
            continue  # another card shares that half's name: asked back, not this class
        read += 1
        assert result.reading.inputs.get("part") == labels[1], (name, result.reading.inputs)
    assert read >= len(_two_sided()) // 2, read


def test_an_active_artifact_in_a_sentence_is_the_artifact_pile(asker: Asker):
    able = [n for n, c in real_cards().items() if _artifact_pile(c)]
    curses = [n for n in able if {"curse", "covenant"} & set(card_types(real_cards()[n]))]
    assert 120 <= len(curses) <= 200 and len(able) >= 300, (len(curses), len(able))  # 153 and 343 this session
    read = 0
    for name in curses[::5]:
        result = _read(asker, f"My {name} is an active artifact and then it gets deactivated. Does it still last?")
        if result.reading is None or result.reading.inputs["card"] != name:
            continue
        read += 1
        assert result.reading.inputs.get("played_in") == "artifact-pile", (name, result.reading.inputs)
        assert result.reading.inputs.get("then") == ["deactivated"], (name, result.reading.inputs)
    assert read >= len(curses[::5]) // 2, read
    # a card never played to the Artifact Pile keeps its own zone: "artifact" there is what it acts on
    heroes = [n for n, c in real_cards().items() if card_types(c) == ["hero"] and not _artifact_pile(c)][::200]
    for name in heroes:
        result = _read(asker, f"{name} is an active artifact. How long does it last?")
        if result.reading is not None and result.reading.inputs["card"] == name:
            assert result.reading.inputs.get("played_in") != "artifact-pile", name


def _instead_cards() -> list[tuple[str, str]]:
    return [(name, r.instead_if) for name, c in real_cards().items() for r in read_card(c) if r.instead_if]


def test_an_instead_condition_said_in_a_sentence_is_how_it_went(asker: Asker):
    found = _instead_cards()
    assert 1 <= len(found) <= 6
    for name, condition in found:
        said = re.sub(r"^(?:if|unless) (?:this character |this card |it )?", "", condition, flags=re.I)
        held = _read(asker, f"{name} {said}. Does its ability last after the phase ends?")
        assert held.reading is not None, (name, held)
        assert held.reading.inputs.get("then") == ["condition-true", "phase-ends"], held.reading.inputs
        other = _read(asker, f"{name} was not {said}. Does its ability last after the phase ends?")
        assert other.reading is not None and other.reading.inputs.get("then") == ["condition-false", "phase-ends"]


def test_the_instead_first_line_says_both_branches():
    for name, condition in _instead_cards():
        card = real_cards()[name]
        line = summary(judge(card, "battle", ["phase-ends"]))
        held = summary(judge(card, "battle", ["condition-true", "phase-ends"]))
        other = summary(judge(card, "battle", ["condition-false", "phase-ends"]))
        cond = re.sub(r"^(?:if|unless)\s+", "", condition, flags=re.I)
        judged, _, rest = line.partition("; if not, ")
        assert f"“{cond}” (taken so): " in judged and rest, line
        # each branch says what the command says when told how the condition went
        assert judged.split("(taken so): ", 1)[1].casefold() == held.rsplit(". (", 1)[0].casefold(), (line, held)
        assert rest.rsplit(". (", 1)[0].casefold() == other.rsplit(". (", 1)[0].casefold(), (line, other)


def test_played_on_the_used_by_word_is_that_condition(asker: Asker):
    used_by = re.compile(r"\bif used by (?:an? |the )?([a-z]+)\b(?=[,.:;])", re.I)
    cards = [(n, m.group(1)) for n, c in real_cards().items() if (m := used_by.search(c.text))
             and len(split_parts(c.text)) == 1]
    assert len(cards) >= 50, len(cards)
    read = 0
    for name, who in cards[::25]:
        result = _read(asker, f"{name} was played on a {who} in battle. How long does it last?")
        if result.reading is None or result.reading.inputs["card"] != name:
            continue
        read += 1
        assert who.casefold() not in " ".join(result.reading.unread).casefold(), (name, result.reading.unread)
    assert read >= 1


def test_the_battle_phase_is_the_phase(asker: Asker):
    name = next(n for n, c in real_cards().items() if c.text.startswith("Negate") and " / " not in n
                and len(split_parts(c.text)) == 1 and "(" not in n and "[" not in n)
    result = _read(asker, f"{name} was played in battle. Does it last after the battle phase and the turn are over?")
    assert result.reading is not None and result.reading.inputs.get("then") == ["phase-ends", "turn-ends"], result
