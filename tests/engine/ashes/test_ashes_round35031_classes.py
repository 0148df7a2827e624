"""The classes blind round 35031 found, each over every real card of both editions sharing the wording:
1. a target "ally" or "conjuration" is checked against the named unit's own card (Purify took a Gilder as an ally);
2. a trigger waiting for "a unit you control" / "an opponent controls" to be dealt damage (or exhausted, ...) cannot
   be set off when the question says no such unit is in play (Bravery with only a Phoenixborn), and is said when
   the units were not given."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.resolve import ask_value
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards

KIND = re.compile(r"^(?:you may )?(?:choose |deal \d+ damage to |destroy |return )?an? target (ally|conjuration) "
                  r"(you control|an opponent controls)\b", re.I)
ALLY, CONJURATION = "Iron Worker", "Gilder"


@cache
def kind_targets() -> tuple[tuple[str, str, str, int, str, str], ...]:
    out = []
    for r in every_ability():
        card, edition, a, abilities = r.card, r.edition, r.ability, r.abilities
        x = next((x for x in a.parts if x.new_target and x.focus == 0), None)
        m = KIND.match(x.text) if x is not None else None
        if m and a.kind != "passive":
            out.append((card.name, edition, ask_value(a, abilities), x.n, m.group(1).lower(),
                        "mine" if m.group(2).lower() == "you control" else "theirs"))
    return tuple(out)


def test_the_kind_class_holds_real_cards():
    assert "Purify" in {n for n, *_ in kind_targets()} and len(kind_targets()) >= 5


@pytest.mark.parametrize(("card", "edition", "ability", "n", "kind", "side"), kind_targets())
def test_a_target_ally_or_conjuration_is_checked_against_the_named_units_card(card, edition, ability, n, kind, side):
    right, wrong = (ALLY, CONJURATION) if kind == "ally" else (CONJURATION, ALLY)
    both = judge(card, edition, real_cards(), ability=ability, unit=f"{wrong}@{side};{right}@{side}")
    part = next(p for p in both["parts"] if p["n"] == n)
    if part["outcome"] == "resolves":
        assert part["target"] == f"{right} ({'yours' if side == 'mine' else 'theirs'})", both["summary"]
    only = judge(card, edition, real_cards(), ability=ability, unit=f"{wrong}@{side}")
    assert next(p for p in only["parts"] if p["n"] == n)["outcome"] == "skipped", only["summary"]


@cache
def watching_triggers() -> tuple[tuple[str, str, str, str], ...]:
    out = []
    for r in every_ability():
        card, edition, a, abilities = r.card, r.edition, r.ability, r.abilities
        words = a.trigger.words if a.trigger else ""
        m = re.search(r"\b(?:a|an|any) (?:unit|ally) (you control|an opponent controls) (?:is|would be) dealt "
                      r"damage\b", words, re.I)
        if m and "phoenixborn" not in words.lower():
            out.append((card.name, edition, ask_value(a, abilities),
                        "mine" if m.group(1).lower() == "you control" else "theirs"))
    return tuple(out)


def test_the_watching_class_holds_real_cards():
    assert "Bravery" in {n for n, *_ in watching_triggers()} and len(watching_triggers()) >= 4


@pytest.mark.parametrize(("card", "edition", "ability", "side"), watching_triggers())
def test_a_trigger_waiting_for_a_unit_needs_one_in_play(card, edition, ability, side):
    other = "theirs" if side == "mine" else "mine"
    none = judge(card, edition, real_cards(), ability=ability, units=other)
    assert not none["usable"]["value"] and "its trigger needs" in none["summary"], none["summary"]
    there = judge(card, edition, real_cards(), ability=ability, unit=f"{ALLY}@{side}")
    assert "its trigger needs" not in there["summary"]
    plain = judge(card, edition, real_cards(), ability=ability)
    assert any(i["id"] == "AS-I-trigger-unit" for i in plain["interpretations"]) or not plain["usable"]["value"]


@cache
def moves_from_phoenixborn() -> tuple[tuple[str, str, str, int], ...]:
    """3. "move N wound/status token(s) from your Phoenixborn onto ..." (Phoenix Attendant): checked like a removal."""
    out = []
    for card in real_cards():
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is None:
                continue
            abilities = read_abilities(p)
            out += [(card.name, edition, ask_value(a, abilities), x.n) for a in abilities if a.kind != "passive"
                    for x in a.parts if x.focus == 0 and re.search(
                        r"\bmove (?:\d+|an?|all) (?:wound|status|exhaustion) tokens? from your phoenixborn\b", x.text,
                        re.I)]
    return tuple(out)


def test_the_move_class_holds_real_cards():
    assert "Phoenix Attendant" in {n for n, *_ in moves_from_phoenixborn()}


@pytest.mark.parametrize(("card", "edition", "ability", "n"), moves_from_phoenixborn())
def test_a_move_from_your_phoenixborn_needs_the_tokens_there(card, edition, ability, n):
    empty = judge(card, edition, real_cards(), ability=ability, units="both",
                  unit="phoenixborn@mine/wounds=0/status=0/exhaustion=0")
    part = next(p for p in empty["parts"] if p["n"] == n)
    assert part["outcome"] == "skipped", empty["summary"]
    full = judge(card, edition, real_cards(), ability=ability, units="both",
                 unit="phoenixborn@mine/wounds=3/status=3/exhaustion=1")
    part = next(p for p in full["parts"] if p["n"] == n)
    assert part["outcome"] != "resolves" or part["result"][0].startswith("moves"), full["summary"]


def test_a_condition_on_the_tokens_of_the_unit_used_is_read_from_it():
    """"If there are no wound tokens on this unit" with the unit used described (`--unit "Phoenix Attendant@mine/
    wounds=1"`)."""
    hurt = judge("Phoenix Attendant", "reborn", real_cards(), ability="Alleviate 1",
                 unit="phoenixborn@mine/wounds=3;Phoenix Attendant@mine/wounds=1")
    assert hurt["parts"][0]["outcome"] == "skipped" and "is not so" in hurt["summary"]
    fresh = judge("Phoenix Attendant", "reborn", real_cards(), ability="Alleviate 1",
                  unit="phoenixborn@mine/wounds=3;Phoenix Attendant@mine/wounds=0")
    assert fresh["parts"][0]["outcome"] == "resolves" and "Assumed" not in fresh["summary"]


@cache
def dice_costs() -> tuple[tuple[str, str, str, tuple[tuple[int, str, str], ...]], ...]:
    """4. every ability whose magic cost is plain dice with a class or power symbol: (card, edition, ability,
    ((count, magic, side), ...))."""
    out = []
    for r in every_ability():
        card, edition, a, abilities = r.card, r.edition, r.ability, r.abilities
        got = [re.fullmatch(r"(\d+) (?:([a-z]+) (class|power)|basic) dic?e", c.text.strip(), re.I)
               for c in a.costs if c.kind == "magic"]
        if got and all(got) and any(m.group(3) for m in got):
            out.append((card.name, edition, ask_value(a, abilities),
                        tuple((int(m.group(1)), (m.group(2) or "basic").lower(), (m.group(3) or "").lower())
                              for m in got)))
    return tuple(out)


def test_the_dice_cost_class_holds_real_cards():
    assert {"Summon Ruby Cobra", "Summon Emperor Lion"} <= {n for n, *_ in dice_costs()} and len(dice_costs()) >= 80


def _spent(items, lower: bool = False) -> str:  # type: ignore[no-untyped-def]
    return "; ".join(f"{n} basic" if magic == "basic" else
                     f"{n} {magic} {'class' if lower and side == 'power' else side}" for n, magic, side in items)


@pytest.mark.parametrize(("card", "edition", "ability", "cost"), dice_costs())
def test_the_dice_spent_must_show_the_symbols_of_the_cost(card, edition, ability, cost):
    """A symbol is paid by a die of its magic on the same or a higher side; fewer dice cannot pay (AS2)."""
    base = judge(card, edition, real_cards(), ability=ability, units="both", spent=_spent(cost))
    assert "cannot pay its cost" not in base["summary"] and "were spent" not in base["summary"], base["summary"]
    if any(side == "power" for _, _, side in cost):
        low = judge(card, edition, real_cards(), ability=ability, units="both", spent=_spent(cost, lower=True))
        assert not low["usable"]["value"] and "cannot pay its cost" in low["summary"], low["summary"]
    n, magic, side = cost[0]
    fewer = ((n - 1, magic, side), *cost[1:]) if n > 1 else cost[1:]
    if fewer:
        short = judge(card, edition, real_cards(), ability=ability, units="both", spent=_spent(fewer))
        assert not short["usable"]["value"] and "were spent" in short["summary"], short["summary"]


@cache
def fresh_unit_targets() -> tuple[tuple[str, str, str, int], ...]:
    """5. a unit's "When this unit comes into play" ability targeting a unit in a state (exhausted, damaged, with
    wound or exhaustion tokens): the unit just placed has nothing on it, so it is no such target."""
    from engine.rulesets.ashes.abilities import ENTERS
    out = []
    for card in real_cards():
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is None or p.type not in ("Ally", "Conjuration"):
                continue
            abilities = read_abilities(p)
            for a in abilities:
                if a.kind == "play" or a.trigger is None or not ENTERS.match(a.text):
                    continue
                x = next((x for x in a.parts if x.new_target and x.focus == 0), None)
                if x is not None and re.search(r"\btarget (?:exhausted|damaged) unit\b|\bunit with (?:a|an|1 or more) "
                                               r"(?:wound|exhaustion) tokens?\b", x.text, re.I):
                    out.append((card.name, edition, ask_value(a, abilities), x.n))
    return tuple(out)


def test_the_fresh_unit_class_holds_real_cards():
    assert "False Demon" in {n for n, *_ in fresh_unit_targets()}


@pytest.mark.parametrize(("card", "edition", "ability", "n"), fresh_unit_targets())
def test_a_unit_just_come_into_play_is_no_target_for_a_state_it_cannot_be_in(card, edition, ability, n):
    alone = judge(card, edition, real_cards(), ability=ability, units="none")
    part = next(p for p in alone["parts"] if p["n"] == n)
    assert part["outcome"] == "skipped" or card not in (part["target"] or ""), alone["summary"]
    assert not any(i["id"].startswith("AS-I-fits-") for i in alone["interpretations"]), alone["summary"]


def test_a_card_named_as_a_target_that_is_no_unit_is_that_card_and_not_a_unit():
    """Missing Page (1e) aimed at Summon Gilder: the target is that ready spell, said by name; it is not put on the
    battlefield as a unit."""
    a = judge("Missing Page", "1e", real_cards(), unit="Gilder@theirs", target="1=Summon Gilder@theirs")
    assert a["parts"][0]["target"] == "Summon Gilder (theirs)" and "Assumed" not in a["summary"], a["summary"]


def test_a_quote_cut_short_never_ends_on_a_word_leading_into_the_cut():
    a = judge("Phoenix Attendant", "reborn", real_cards(), ability="Alleviate 1", unit="phoenixborn@mine/wounds=3")
    # whole when only a little over the limit (test_ashes_quote_cuts.py covers every cut quote)
    assert "onto …" not in a["summary"] and "onto this unit”" in a["summary"]


@cache
def event_passives() -> tuple[tuple[str, str, str], ...]:
    """6. a constant ability that is an instruction waiting for damage to the unit ("Illusion: If this unit receives
    damage as a result of a unit's attack or counter, destroy this unit"): asked about, it says what happens."""
    out = []
    for card in real_cards():
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is None:
                continue
            abilities = read_abilities(p)
            out += [(card.name, edition, ask_value(a, abilities)) for a in abilities if a.kind == "passive" and
                    re.match(r"^(?:if|whenever) this unit (?:is dealt|receives|takes)\b[^,]*, (?:destroy|remove|"
                             r"discard|place|deal|return)\b", " ".join(x.text for x in a.parts), re.I)]
    return tuple(out)


def test_the_event_passive_class_holds_real_cards():
    assert ("False Demon", "1e", "Illusion") in event_passives()


@pytest.mark.parametrize(("card", "edition", "ability"), event_passives())
def test_a_constant_instruction_waiting_for_damage_says_what_happens(card, edition, ability):
    a = judge(card, edition, real_cards(), ability=ability, units="theirs")
    assert a["usable"]["value"] and "never used" not in a["summary"], a["summary"]
    assert a["parts"][0]["outcome"] == "resolves"
    assert any(i["id"].startswith("AS-I-cond-") for i in a["interpretations"])
