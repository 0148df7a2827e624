"""A part that chooses two targets of different kinds (issue 31, blind round 42031 class 3): "Choose a target unit
you control and a target unit an opponent controls. Those units deal damage to each other equal to their attack
value. If only one of those units remains in play afterward, place 1 status token on it." Each target is chosen and
checked on its own (`--target "1=A@mine;1=B@theirs"`, either order), the damage is worked out from the named units'
cards, and "only one of those units remains" is counted, never assumed, when both are named. The parts are derived
from the data of both editions (Seeds of Aggression x2, Devlin Longbow 1e); the expectations come from the printed
attack and life values, never from an answer."""

from __future__ import annotations

from functools import cache

import pytest

from engine.interface import QuestionError
from tests.engine.ashes.real import ask, every_ability, every_part, part, printings


@cache
def two_target_parts() -> list[tuple[str, str, str, int]]:
    """Every part choosing more than one target ("a target unit and ... a target Phoenixborn", "from a target unit
    onto another target unit", "a target unit you control and a target unit an opponent controls")."""
    return sorted({(r.name, r.edition, r.ask, x.n) for r in every_ability() for x in r.ability.parts
                   if x.new_target is not None and x.new_target.also})


@cache
def fights() -> list[tuple[str, str, str, int]]:
    """The two-target parts followed by "Those units deal damage to each other equal to their attack value"."""
    out = []
    for card, edition, ability, n in two_target_parts():
        r = next(r for r in every_ability() if (r.name, r.edition, r.ask) == (card, edition, ability))
        if any(x.n == n + 1 and x.text.lower().startswith("those units deal damage to each other")
               for x in r.ability.parts):
            out.append((card, edition, ability, n))
    return out


@cache
def allies(edition: str) -> dict[str, tuple[int, int]]:
    """Real allies printed in the edition with plain attack and life values (and no text that changes damage)."""
    return {c.name: (p.attack, p.life) for c, e, p in printings() if e == edition and p.type == "Ally"
            and p.attack is not None and p.life is not None and p.attack > 0
            and "damage" not in (p.text or str(p.abilities)).lower()}


def _pairs(edition: str) -> list[tuple[str, str]]:
    """One pair of allies (mine, theirs) for each outcome: neither, one, the other, both destroyed."""
    found: dict[tuple[bool, bool], tuple[str, str]] = {}
    units = allies(edition)
    for a, (aa, al) in sorted(units.items()):
        for b, (ba, bl) in sorted(units.items()):
            if a != b:
                found.setdefault((ba >= al, aa >= bl), (a, b))
    return list(found.values())


def test_the_class_is_the_real_cards():
    assert {(c, e) for c, e, _, _ in two_target_parts()} == {
        ("Devlin Longbow", "1e"), ("Seeds of Aggression", "1e"), ("Seeds of Aggression", "reborn"),
        ("Chant of Transfusion", "reborn"), ("Nihilist", "1e")}
    assert {(c, e) for c, e, _, _ in fights()} == {("Devlin Longbow", "1e"), ("Seeds of Aggression", "1e"),
                                                   ("Seeds of Aggression", "reborn")}
    assert all(len(_pairs(e)) == 4 for e in ("1e", "reborn"))


@pytest.mark.parametrize(("card", "edition", "ability", "n"), two_target_parts())
def test_every_target_of_the_part_is_chosen(card: str, edition: str, ability: str, n: int) -> None:
    mine, theirs = _pairs(edition)[0]
    a = ask(card, edition, ability=ability, unit=f"{mine}@mine;{theirs}@theirs")
    assert part(a, n)["outcome"] == "resolves" and " and " in part(a, n)["target"]


@pytest.mark.parametrize(("card", "edition", "ability", "n"), fights())
def test_each_target_and_the_damage_they_deal(card: str, edition: str, ability: str, n: int) -> None:
    units = allies(edition)
    for mine, theirs in _pairs(edition):
        for order in ((f"{mine}@mine", f"{theirs}@theirs"), (f"{theirs}@theirs", f"{mine}@mine")):
            a = ask(card, edition, ability=ability, unit=f"{mine}@mine;{theirs}@theirs",
                    target=";".join(f"{n}={x}" for x in order))
            assert part(a, n)["target"] == f"{mine} (yours) and {theirs} (theirs)"
            fight = part(a, n + 1)
            mine_dies = units[theirs][0] >= units[mine][1]
            theirs_dies = units[mine][0] >= units[theirs][1]
            said = " ".join(fight["result"])
            assert f"{theirs} (theirs) takes {units[mine][0]} damage" in said
            assert f"{mine} (yours) takes {units[theirs][0]} damage" in said
            assert said.count("destroyed") == mine_dies + theirs_dies
            later = [p for p in a["parts"] if p["n"] > n + 1 and "remains" in (p["condition"] or "")]
            for p in later:   # "If only one of those units remains in play afterward": counted
                assert p["outcome"] == ("resolves" if mine_dies != theirs_dies else "skipped")
            assert not any("remains in play afterward” holds" in i["text"] for i in a["interpretations"])


@pytest.mark.parametrize(("card", "edition", "ability", "n"), fights())
def test_a_missing_side_or_a_wrong_target(card: str, edition: str, ability: str, n: int) -> None:
    mine, theirs = _pairs(edition)[0]
    a = ask(card, edition, ability=ability, unit=f"{theirs}@theirs")   # no unit of yours: no target, nothing after
    assert part(a, n)["outcome"] == "skipped"
    assert all(p["outcome"] == "skipped" for p in a["parts"] if p["n"] > n)
    a = ask(card, edition, ability=ability, unit=f"{mine}@theirs;{theirs}@theirs",
            target=f"{n}={theirs}@theirs;{n}={mine}@theirs")
    assert part(a, n)["outcome"] == "skipped"   # two units of theirs: the target “you control” is not one
    assert "must be a unit of yours" in part(a, n)["why"]
    with pytest.raises(QuestionError, match="takes 2 targets"):
        ask(card, edition, ability=ability, unit=f"{mine}@mine;{theirs}@theirs",
            target=f"{n}={mine}@mine;{n}={theirs}@theirs;{n}={theirs}@theirs")


@cache
def several_targets() -> list[tuple[str, str, str, int, str]]:
    """Every part taking "up to N" / "N" / "X" target units: (card, edition, ability, part, side its target is on)."""
    from engine.rulesets.ashes.targets import _SEVERAL_WORDS

    return sorted({(r.name, r.edition, r.ask, x.n, x.new_target.side) for r, x in every_part()
                   if x.new_target is not None and x.new_target.kind == "unit" and _SEVERAL_WORDS.search(x.text)})


def test_the_several_targets_class_is_the_real_cards():
    got = several_targets()
    assert ("Invigorate", "reborn", "play", 1, "mine") in got and len(got) == 10
    assert sum(1 for *_, side in got if side != "any") == 4   # Invigorate, Fork Lightning, Vengeance x2


@pytest.mark.parametrize(("card", "edition", "ability", "n", "side"), several_targets())
def test_several_targets_named_are_each_chosen(card: str, edition: str, ability: str, n: int, side: str) -> None:
    """"Place 1 status token on up to 3 target units you control" with two units of yours named: both, said."""
    on = "theirs" if side == "any" else side
    a_, b_ = sorted(allies(edition))[:2]
    a = ask(card, edition, ability=ability, unit=f"{a_}@{on};{b_}@{on}", x="3")
    got = part(a, n)
    both = f"{a_} ({'yours' if on == 'mine' else 'theirs'}) and {b_} ({'yours' if on == 'mine' else 'theirs'})"
    if side != "any":   # every legal target is on one side: both named units, said
        assert got["outcome"] == "resolves" and got["target"] == both
        assert any(i["id"] == f"AS-I-all-targets-{n}" for i in a["interpretations"])
    else:   # the unit used may be a target too (Crimson Bomber), or a value limit leaves one: never a wrong list
        assert got["target"] in (both, "a unit of your choice (yours or theirs)") or " and " not in got["target"]
