"""Blind round 35031, class 1: "ally" / "conjuration" in a target or in a unit a part needs is checked against the
card types of the units named in play (an Ally is no conjuration, a Conjuration is no ally), over every real card of
both editions that words a target or a needed unit that way."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.state import Board, Unit
from engine.rulesets.ashes.targets import KIND_WORDS, choose_target, unit_need_met
from engine.trace import Trace
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards

SIDES = {"mine": ("mine",), "theirs": ("theirs",), "any": ("mine", "theirs")}


@cache
def typed_units() -> dict[str, str]:
    """One real card name of each unit type, from the data: the shortest-named Ally and Conjuration."""
    out: dict[str, str] = {}
    for card in sorted(real_cards(), key=lambda c: (len(c.name), c.name)):
        p = printing(card, "reborn")
        if p is not None and p.type in ("Ally", "Conjuration"):
            out.setdefault(p.type, card.name)
    return out


def kind_of(words: str) -> str:
    kinds = {"Ally" if m.group("ally") else "Conjuration" for m in KIND_WORDS.finditer(words)}
    assert len(kinds) == 1, words
    return kinds.pop()


@cache
def kind_words() -> tuple[tuple[str, str, int, int, str, str], ...]:
    """(card, edition, ability index, part n, "target"/"need", words) of every target or needed unit named by kind."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        for part in a.parts:
            specs = (part.new_target, *part.new_target.also) if part.new_target else ()
            out += [(card.name, edition, a.index, part.n, "target", s.words) for s in specs
                    if s.kind == "unit" and KIND_WORDS.search(s.words)]
            out += [(card.name, edition, a.index, part.n, "need", n.words) for n in part.needs
                    if n.kind == "unit" and not n.name and KIND_WORDS.search(n.words or "")
                    and not any(n.words == s.words for s in specs)]
    return tuple(out)


def test_the_class_holds_real_cards():
    cards = {(c, e) for c, e, *_ in kind_words()}
    assert len(cards) >= 25 and {"Purify"} <= {c for c, _ in cards}


def _part(card: str, edition: str, index: int, n: int):  # type: ignore[no-untyped-def]
    p = printing(next(c for c in real_cards() if c.name == card), edition)
    a = next(a for a in read_abilities(p) if a.index == index)
    return next(x for x in a.parts if x.n == n)


@pytest.mark.parametrize(("card", "edition", "index", "n", "where", "words"), kind_words())
def test_a_unit_of_the_other_kind_is_not_taken(card, edition, index, n, where, words):
    want = kind_of(words)
    other = "Ally" if want == "Conjuration" else "Conjuration"
    part = _part(card, edition, index, n)
    spec = next((s for s in ((part.new_target, *part.new_target.also) if part.new_target else ()) if s.words == words),
                None)
    need = next((x for x in part.needs if x.words == words), None)
    side = (spec or need).side
    tired = bool(re.search(r"\bexhausted\b", words))   # in the state the words ask, so only the kind differs
    for s in SIDES[side]:
        wrong = Unit(typed_units()[other], s, card_type=other, described=True, exhausted=tired)
        right = Unit(typed_units()[want], s, card_type=want, described=True, exhausted=tired)
        if where == "target":
            assert choose_target(part, spec, [wrong], None, Board(units=(wrong,)), False, Trace())[0] is None
            if "attacking" not in words:
                assert choose_target(part, spec, [right], None, Board(units=(right,)), False, Trace())[0] == \
                    right.label()
        else:
            assert unit_need_met(side, None, [wrong], None, words) is False
            assert unit_need_met(side, None, [right], None, words) is True


def test_purify_takes_no_conjuration_as_the_ally_and_no_ally_as_the_conjuration():
    ally, conj = typed_units()["Ally"], typed_units()["Conjuration"]
    a = judge("Purify", "reborn", real_cards(), unit=[f"{conj}@mine", f"{conj}@theirs"])
    assert [p["outcome"] for p in a["parts"]] == ["skipped", "skipped", "skipped"]
    assert "no ally of yours" in a["parts"][0]["why"]
    assert not any("AS-I-said-kind-ally-or-conjuration" in i["id"] for i in a["interpretations"])
    b = judge("Purify", "reborn", real_cards(), unit=[f"{ally}@mine", f"{ally}@theirs"])
    assert [p["outcome"] for p in b["parts"]] == ["resolves", "resolves", "skipped"]
    assert "no conjuration of theirs" in b["parts"][2]["why"]
    c = judge("Purify", "reborn", real_cards(), unit=[f"{ally}@mine", f"{conj}@theirs"])
    assert [p["outcome"] for p in c["parts"]] == ["resolves", "resolves", "resolves"]
    assert c["parts"][2]["target"] == f"{conj} (theirs)"
    # unnamed units: the kind is not known, so it is said as assumed
    d = judge("Purify", "reborn", real_cards(), units="both")
    assert any("AS-I-said-kind-ally-or-conjuration" in i["id"] for i in d["interpretations"])
