"""Blind round 35031, class 6 (refusals): ready spells are named in play like units (--unit "Summon Gilder@theirs",
"Royal Charm@mine/dice=1"), never taken as units. The card used, so described, decides "remove N status tokens from
this spell" and "if it has no dice on it"; a target ready spell is one of those named (or the one --target names).
Over every real ready-spell ability of both editions that removes tokens from itself, and every part that targets a
ready spell."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.checks import OWN_TOKENS
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.targets import spell_side
from tests.engine.ashes.test_ashes_cases import real_cards


def _abilities():  # type: ignore[no-untyped-def]
    for card in real_cards():
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is not None:
                for a in read_abilities(p):
                    yield card, edition, p, a


@cache
def own_spell_tokens() -> tuple[tuple[str, str, str, int, str], ...]:
    out = []
    for card, edition, p, a in _abilities():
        if p.type != "Ready Spell" or a.kind in ("play", "passive"):
            continue
        part = next((x for x in a.parts if (m := OWN_TOKENS.match(x.text)) and m.group("what").lower() in
                     ("spell", "card")), None)
        if part is not None and not part.focus and not part.mode:
            out.append((card.name, edition, str(a.index), part.n, OWN_TOKENS.match(part.text).group("tok").lower()))
    return tuple(out)


@cache
def spell_targets() -> tuple[tuple[str, str, str, int, str], ...]:
    out = []
    for card, edition, _p, a in _abilities():
        if a.kind == "passive":
            continue
        part = next((x for x in a.parts if x.new_target and "ready spell" in x.new_target.words.lower()), None)
        if part is not None and not part.focus and not part.mode:
            side = spell_side(part.text)
            out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), part.n, side))
    return tuple(out)


def test_the_classes_hold_real_cards():
    assert len(own_spell_tokens()) >= 8
    assert len(spell_targets()) >= 3


@pytest.mark.parametrize(("card", "edition", "ability", "n", "tok"), own_spell_tokens())
def test_tokens_on_the_spell_used_decide_its_own_removal(card, edition, ability, n, tok):
    none = judge(card, edition, real_cards(), ability=ability, units="both", unit=f"{card}@mine/{tok}=0")
    part = next(p for p in none["parts"] if p["n"] == n)
    assert part["outcome"] == "skipped", part
    some = judge(card, edition, real_cards(), ability=ability, units="both", unit=f"{card}@mine/{tok}=9")
    part = next(p for p in some["parts"] if p["n"] == n)
    assert "to remove" not in part["why"]
    assert not any(i["id"] == f"AS-I-own-tokens-{n}" for i in some["interpretations"])


@pytest.mark.parametrize(("card", "edition", "ability", "n", "side"), spell_targets())
def test_a_target_ready_spell_is_one_named_in_play(card, edition, ability, n, side):
    spell = "Summon Gilder"
    spell_at = side if side != "any" else "mine"
    a = judge(card, edition, real_cards(), ability=ability, units="both", unit=f"{spell}@{spell_at}")
    part = next(p for p in a["parts"] if p["n"] == n)
    if part["outcome"] == "resolves":
        assert part["target"].startswith(spell), part
    other = "mine" if side == "theirs" else "theirs"
    b = judge(card, edition, real_cards(), ability=ability, units="both", unit=f"{spell}@{other}")
    part = next(p for p in b["parts"] if p["n"] == n)
    if side != "any":
        assert not (part["target"] or "").startswith(spell), part


def test_royal_charm_reads_the_dice_on_it():
    ask = {"ability": "1"}
    held = judge("Royal Charm", "reborn", real_cards(), unit="Royal Charm@mine/dice=1", **ask)
    assert held["parts"][0]["outcome"] == "skipped"
    empty = judge("Royal Charm", "reborn", real_cards(), unit="Royal Charm@mine/dice=0", **ask)
    assert empty["parts"][0]["outcome"] == "resolves"
    assert not any(i["id"].startswith("AS-I-cond-") for i in empty["interpretations"])
    unsaid = judge("Royal Charm", "reborn", real_cards(), **ask)
    assert any(i["id"].startswith("AS-I-cond-") for i in unsaid["interpretations"])
