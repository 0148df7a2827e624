"""Issue 31 item 2, who may be targeted, as classes over every real card that shares the wording (both editions):
- "a target unit or Phoenixborn": an opponent's cancel that watches for targeting their Phoenixborn (Vanish, Veil
  of Reversal) can cancel it, the Phoenixborn taken as the target and said so unless a unit was named;
- "... a target unit ... or ... a target Phoenixborn": one choice between two targets, so with no unit in play the
  Phoenixborn is chosen and the part happens; a condition after "or" belongs to the second choice only."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards

UNIT_OR_PB = re.compile(r"\btarget unit or phoenixborn\b", re.I)
TWO_TARGETS = re.compile(r"\btarget (?:unit|ally|conjuration)[^.]*\bor\b[^.]*\btarget phoenixborn\b", re.I)


@cache
def abilities_saying(pattern: re.Pattern[str]) -> tuple[tuple[str, str, str, int], ...]:
    """(card, edition, ability choice, part n) of every part that says it, where it is the first targeting part."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        if a.kind == "passive":
            continue
        targeted = [x for x in a.parts if x.new_target is not None]
        if targeted and pattern.search(targeted[0].text) and not targeted[0].mode and not targeted[0].focus \
                and targeted[0].new_target.side != "mine":   # yours only: an opponent's cancel never sees it
            out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), targeted[0].n))
    return tuple(out)


def test_the_classes_hold_real_cards():
    assert len(abilities_saying(UNIT_OR_PB)) >= 14
    assert len(abilities_saying(TWO_TARGETS)) >= 4


@pytest.mark.parametrize(("card", "edition", "ability", "n"), abilities_saying(UNIT_OR_PB))
def test_a_cancel_watching_the_phoenixborn_cancels_a_unit_or_phoenixborn_target(card, edition, ability, n):
    a = judge(card, edition, real_cards(), ability=ability, units="theirs", cancel_with="Vanish")
    assert a["cancel"]["applies"] is True, a["cancel"]["why"]
    assert any(i["id"].startswith("AS-I-pb-not-unit-") for i in a["interpretations"])
    assert "their Phoenixborn" in a["summary"]
    # a unit of theirs named as the target: nothing of the Phoenixborn is targeted, so Vanish does not apply
    b = judge(card, edition, real_cards(), ability=ability, units="theirs", cancel_with="Vanish", target=f"{n}=theirs")
    assert b["cancel"]["applies"] is False


@pytest.mark.parametrize(("card", "edition", "ability", "n"), abilities_saying(TWO_TARGETS))
def test_two_targets_joined_by_or_are_one_choice(card, edition, ability, n):
    a = judge(card, edition, real_cards(), ability=ability, units="none")
    part = next(p for p in a["parts"] if p["n"] == n)
    if part["depends_on"] is not None and part["outcome"] == "skipped" and "no legal target" not in part["why"]:
        return   # it hangs on an earlier instruction that needs a unit of yours; the target reading is below
    assert part["outcome"] == "resolves" and "Phoenixborn" in (part["target"] or ""), part
    assert part["condition"] is None


@cache
def two_unit_targets() -> tuple[tuple[str, str, str], ...]:
    """Every ability whose part names two targets joined by "and", one of them a unit an opponent controls."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        for part in a.parts:
            spec = part.new_target
            if spec and spec.also and spec.side == "mine" and any(
                    x.kind == "unit" and x.side == "theirs" for x in spec.also):
                out.append((card.name, edition, "play" if a.kind == "play" else str(a.index)))
    return tuple(out)


def test_two_targets_class_holds_real_cards():
    assert len(two_unit_targets()) >= 3


@pytest.mark.parametrize(("card", "edition", "ability"), two_unit_targets())
def test_a_second_target_of_theirs_lets_golden_veil_cancel(card, edition, ability):
    a = judge(card, edition, real_cards(), ability=ability, units="both", cancel_with="Golden Veil")
    assert a["cancel"]["applies"] is True and "also targets a unit of theirs" in a["cancel"]["why"]


@cache
def chosen_player_parts() -> tuple[tuple[str, str, str, int, bool], ...]:
    """Parts acting on "they"/"their" after "Choose a player": (card, edition, ability, n, Phoenixborn only if none)."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        chose = False
        for part in a.parts:
            if re.match(r"^choose a (?:target )?player\b", part.text, re.I):
                chose = True
            elif chose and part.new_target and part.new_target.side == "theirs" and \
                    re.search(r"\b(?:they control|their)\b", part.text):
                only_if = any("limits the choice" in n for n in part.notes)
                out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), part.n,
                            only_if))
    return tuple(out)


def test_chosen_player_class_holds_real_cards():
    assert chosen_player_parts()


@pytest.mark.parametrize(("card", "edition", "ability", "n", "only_if"), chosen_player_parts())
def test_the_chosen_player_is_said_and_a_phoenixborn_only_if_none_is_kept(card, edition, ability, n, only_if):
    a = judge(card, edition, real_cards(), ability=ability, units="theirs")
    assert any(i["id"] == f"AS-I-chosen-player-{n}" for i in a["interpretations"])
    part = next(p for p in a["parts"] if p["n"] == n)
    if only_if:   # "... or their target Phoenixborn if they control no units": they control some
        assert part["target"] == "a unit of theirs"
        b = judge(card, edition, real_cards(), ability=ability, units="none")
        assert "Phoenixborn" in next(p for p in b["parts"] if p["n"] == n)["target"]
