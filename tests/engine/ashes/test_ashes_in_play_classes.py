"""The cards named in play, as an effect resolves (seed 31011's notes: E11 Unbreakable never checked, R5/E12 the
units hit never said, R15 a named unit's reaction not followed, R13 Spell Guard not discussed). Each class is built
from the words of every real card of both editions that carries it; the named cards are a floor the data must hold:
1. "cannot be targeted by <sources>" (its own, or an aura of a unit on its side): a spell or an ability among the
   sources cannot aim a part at it; one that is not named can;
2. "cannot be affected by <sources> [that would ...]" (Unbreakable and the like): the part does nothing to it while its
   condition holds, and only for what it names;
3. "prevent all damage dealt to this unit" (while exhausted): the damage is not received;
4. "When this unit is destroyed" reactions: a destroy that reaches the named unit sets them off, and the answer says
   when they resolve; "as a result of ... an opponent controls" / "... you control" is checked against whose card
   was used;
5. "This spell cannot be affected by an opponent's spell" (Spell Guard): a cancel that applies says it took this as no
   bar."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.interface import QuestionError
from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import printing
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards

EDITIONS = ("reborn", "1e")
# a spell and a Phoenixborn ability that each deal 2 damage to a target unit, printed in both editions
SPELL, ABILITY = "Freezing Blast", "Aradel Summergaard"


def _passives():  # type: ignore[no-untyped-def]
    for r in every_ability():
        card, edition, p, a = r.card, r.edition, r.printing, r.ability
        if a.kind == "passive":
            yield card.name, edition, p, a, " ".join(x.text for x in a.parts) or a.text


def _printed(name: str, edition: str):  # type: ignore[no-untyped-def]
    return printing(next(c for c in real_cards() if c.name == name), edition)


@cache
def untargetable() -> tuple[tuple[str, str, str, str], ...]:
    """(card, edition, who, sources) for every unit whose text keeps some sources from targeting units."""
    out = []
    for name, edition, p, _a, text in _passives():
        m = re.match(r"^(this unit|units you control|other units you control|units you control with a printed attack "
                     r"value of \d+) cannot be targeted by ([^.]+?)(?: or have alteration spells attached to it)?\.?$",
                     text.strip(), re.I)
        if m and p.type in ("Ally", "Conjuration"):
            out.append((name, edition, m.group(1).lower(), m.group(2).lower()))
    return tuple(out)


def test_the_untargetable_class_holds_real_cards():
    names = {n for n, *_ in untargetable()}
    assert {"Holy Knight", "Shadow Hound", "Stormwind Sniper", "Squall Stallion", "Flock Shepherd",
            "Ancestral Army"} <= names
    assert len(untargetable()) >= 9


def _zero_attack_ally(edition: str) -> str:
    return next(c.name for c in real_cards() if (p := printing(c, edition)) is not None and p.type == "Ally"
                and p.attack == 0)


@pytest.mark.parametrize(("card", "edition", "who", "by"), untargetable())
@pytest.mark.parametrize("source", [SPELL, ABILITY])
def test_a_unit_its_text_keeps_from_being_targeted_is_no_legal_target(card, edition, who, by, source):
    if who == "this unit":
        aimed, board = card, f"{card}@theirs"
    else:   # an aura: another unit on its side (with the printed attack it names) is the one aimed at
        other = _zero_attack_ally(edition) if "attack value" in who else "Iron Worker"
        aimed, board = other, f"{card}@theirs;{other}@theirs"
    a = judge(source, edition, real_cards(), unit=board, target=f"1={aimed}@theirs")
    first = a["parts"][0]
    barred = bool(re.search(r"\bspells?\b", by) and not re.search(r"\breaction spells?\b", by)) \
        if source == SPELL else bool(re.search(r"\babilit", by))
    if barred:
        assert first["outcome"] == "skipped" and "cannot be targeted" in first["why"], a["summary"]
        assert "cannot be targeted" in a["summary"].split("\n")[0]
    else:
        assert first["outcome"] == "resolves" and first["target"] == f"{aimed} (theirs)", a["summary"]
    if "opponent" in by:   # the controller's own cards may still aim at it
        mine = judge(source, edition, real_cards(), unit=board.replace("@theirs", "@mine"),
                     target=f"1={aimed}@mine")
        assert mine["parts"][0]["outcome"] == "resolves", mine["summary"]


@cache
def unaffected() -> tuple[tuple[str, str, str, str], ...]:
    """(card, edition, type, text) for every unit or unit alteration that cannot be affected by some sources."""
    out = []
    for name, edition, p, _a, text in _passives():
        if re.search(r"\b(?:it|this unit) cannot be affected by\b", text, re.I) and \
                p.type in ("Ally", "Conjuration", "Conjured Alteration Spell", "Alteration Spell"):
            out.append((name, edition, p.type, text))
    return tuple(out)


def test_the_unaffected_class_holds_real_cards():
    assert {"Elephant Rider", "Holy Knight", "Seaside Raven", "Shipside Assassin", "Angel's Embrace"} <= \
        {n for n, *_ in unaffected()}


@pytest.mark.parametrize(("card", "edition", "kind", "text"), unaffected())
def test_a_unit_that_cannot_be_affected_is_left_as_it_is_while_its_condition_holds(card, edition, kind, text):
    """First-edition Meteor (a spell: 2 damage to all units, then an exhaustion token on each) against the unit,
    described so that its condition holds (no wounds; exhausted when the text asks for exhaustion tokens)."""
    state = "/exhausted" if re.search(r"exhaustion tokens? on it, it cannot|is exhausted, it cannot", text) else ""
    unit = f"{card}@theirs/wounds=0{state}" if kind in ("Ally", "Conjuration") else \
        f"Hammer Knight@theirs/wounds=0/alteration={card}"
    label = (card if kind in ("Ally", "Conjuration") else "Hammer Knight") + " (theirs)"
    a = judge("Meteor", "1e", real_cards(), unit=unit)
    said = " ".join(" ".join(x["result"]) for x in a["parts"])
    assert f"{label} is not affected" in said, a["summary"]
    limited = re.search(r"that would ([^.]+)", text)
    damage = " ".join(a["parts"][0]["result"])
    if limited and "damage" not in limited.group(1):   # only what it names: the damage still lands
        assert f"{label} takes 2 damage" in damage
    elif not limited:
        assert f"{label} is not affected" in damage
    # the user's own spell on a unit protected only from opponents' cards affects it
    if "opponent" in text:
        own = judge("Meteor", "1e", real_cards(), unit=unit.replace("@theirs", "@mine"))
        assert "is not affected" not in " ".join(" ".join(x["result"]) for x in own["parts"])


def test_unbreakable_holds_only_while_the_wounds_stay_low():
    """E11: Elephant Rider with 1 wound takes 2 damage (3 wounds): Unbreakable 2 no longer holds, it is exhausted."""
    low = judge("Meteor", "1e", real_cards(), unit="Elephant Rider@theirs/wounds=0")
    assert "not affected (Unbreakable" in " ".join(low["parts"][1]["result"])
    high = judge("Meteor", "1e", real_cards(), unit="Elephant Rider@theirs/wounds=1")
    assert "Elephant Rider (theirs) is exhausted" in " ".join(high["parts"][1]["result"]), high["summary"]


@cache
def damage_proof() -> tuple[tuple[str, str, str, str], ...]:
    out = []
    for name, edition, p, _a, text in _passives():
        if re.search(r"\bprevent all damage dealt to this unit\b", text, re.I):
            out.append((name, edition, p.type, text))
    return tuple(out)


@pytest.mark.parametrize(("card", "edition", "kind", "text"), damage_proof())
def test_a_unit_whose_text_prevents_all_damage_receives_none(card, edition, kind, text):
    unit = f"{card}@theirs" if kind in ("Ally", "Conjuration") else f"Hammer Knight@theirs/alteration={card}"
    label = (card if kind in ("Ally", "Conjuration") else "Hammer Knight") + " (theirs)"
    while_exhausted = bool(re.search(r"while this unit is exhausted, prevent", text, re.I))
    tired = judge(SPELL, edition, real_cards(), unit=unit + "/exhausted", target=f"1={label.split(' (')[0]}@theirs")
    assert f"{label} receives none of it" in " ".join(tired["parts"][0]["result"]) or \
        "receives none of it" in " ".join(tired["parts"][0]["result"]), tired["summary"]
    fresh = judge(SPELL, edition, real_cards(), unit=unit + "/status=0", target=f"1={label.split(' (')[0]}@theirs")
    assert ("receives none of it" in " ".join(fresh["parts"][0]["result"])) != while_exhausted, fresh["summary"]


@cache
def destroyed_reactions() -> tuple[tuple[str, str, str, str], ...]:
    """(card, edition, ability, trigger) for every unit that reacts to its own destruction by any means (not only an
    attack's); in the first edition, those with a printed life (Meteor's damage destroys them there)."""
    out = []
    for card in real_cards():
        for edition in EDITIONS:
            p = printing(card, edition)
            if p is None or p.type not in ("Ally", "Conjuration"):
                continue
            for a in read_abilities(p):
                words = a.trigger.words if a.trigger else ""
                if a.kind == "reaction" and re.search(r"\bwhen this unit is destroyed\b", words, re.I) and \
                        (not re.search(r"\battack", words, re.I) or re.search(r"\bspell\b", words, re.I)) and \
                        (edition == "reborn" or p.life is not None):
                    out.append((card.name, edition, a.label, words))
    return tuple(out)


def test_the_destroyed_reaction_class_holds_real_cards():
    names = {n for n, *_ in destroyed_reactions()}
    assert {"Salamander Monk", "Jungle Warrior", "Gilder", "Psychic Vampire", "Blood Shaman", "Nightsong Cricket",
            "Tusk Mount"} <= names
    assert len(destroyed_reactions()) >= 40


def _destroy_it(card: str, edition: str, side: str):  # type: ignore[no-untyped-def]
    """Reborn: Judgment destroys all units; first edition: Meteor's 2 damage on a unit one wound from its life."""
    if edition == "reborn":
        return judge("Judgment", edition, real_cards(), unit=f"{card}@{side}")
    life = _printed(card, edition).life or 1
    return judge("Meteor", edition, real_cards(), unit=f"{card}@{side}/wounds={max(life - 1, 0)}")


@pytest.mark.parametrize(("card", "edition", "ability", "trigger"), destroyed_reactions())
def test_a_named_unit_destroyed_sets_off_its_own_reaction_and_says_when(card, edition, ability, trigger):
    for side in ("mine", "theirs"):
        a = _destroy_it(card, edition, side)
        whose = "yours" if side == "mine" else "theirs"
        assert f"{card} ({whose}) is destroyed" in " ".join(a["parts"][0]["result"]) or \
            f"{card} ({whose}) takes 2 damage: destroyed" in " ".join(a["parts"][0]["result"]), a["summary"]
        fired = [x for x in a["board_reactions"] if x["card"] == card and x["ability"] == ability]
        # the card used is always the asker's: "as a result of ... you control" / "... an opponent controls"
        if re.search(r"as a result of [^,]*an opponent controls", trigger, re.I):
            expected = side == "theirs"
        elif re.search(r"as a result of [^,]*you control", trigger, re.I):
            expected = side == "mine"
        else:
            expected = True
        assert bool(fired) == expected, (side, a["summary"])
        if fired:
            assert fired[0]["when"].startswith("right after" if edition == "reborn" else "after the whole effect")
            assert f"{card} ({whose})'s {ability} then triggers" in a["summary"]


@cache
def spell_guards() -> tuple[tuple[str, str], ...]:
    return tuple(sorted({(n, e) for n, e, p, _a, text in _passives()
                         if re.search(r"\bthis spell cannot be affected by an opponent's spell\b", text, re.I)}))


def test_the_spell_guard_class_holds_real_cards():
    assert {("Red Raindrop", "reborn"), ("Massive Growth", "reborn"), ("Summon Silver Snake", "1e")} <= \
        set(spell_guards())


@pytest.mark.parametrize(("card", "edition"), spell_guards())
def test_a_cancel_of_a_spell_guarded_card_says_it_is_no_bar(card, edition):
    """Glossary "Affect": cancelling an effect places or removes nothing on the card and does not move it."""
    p = _printed(card, edition)
    for a in read_abilities(p):
        if a.kind == "passive":
            continue
        ask = "play" if a.kind == "play" else str(a.index)
        for cancel in ("Golden Veil", "Vanish"):
            answer = judge(card, edition, real_cards(), ability=ask, units="both", cancel_with=cancel)
            said = any(i["id"] == "AS-I-spell-guard" for i in answer["interpretations"])
            assert said == bool(answer["cancel"] and answer["cancel"]["applies"]), answer["summary"]


@cache
def opponents_units_damage() -> tuple[tuple[str, str, str, int], ...]:
    """Every part dealing damage to "all opponents' units" (One Hundred Blades, Mist Typhoon)."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        out += [(card.name, edition, "play" if a.kind == "play" else str(a.index), x.n) for x in a.parts
                if re.match(r"^deal \d+ damage to (?:all|each) (?:your )?opponents?'s? units?\b", x.text, re.I)]
    return tuple(out)


@pytest.mark.parametrize(("card", "edition", "ability", "n"), opponents_units_damage())
def test_damage_to_all_opponents_units_reaches_theirs_only(card, edition, ability, n):
    a = judge(card, edition, real_cards(), ability=ability, unit="Iron Worker@mine;Hammer Knight@theirs")
    said = " ".join(next(p for p in a["parts"] if p["n"] == n)["result"])
    assert "Hammer Knight (theirs) takes" in said and "Iron Worker" not in said, a["summary"]


@cache
def damage_then_that_unit() -> tuple[tuple[str, str, str, int, int], ...]:
    """(card, edition, ability, damage part, later part) for every "Deal N damage to a target unit ..." followed by a
    part acting on that unit ("Remove 2 status tokens from that unit", "place 1 exhaustion token on it")."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        if a.kind == "passive":
            continue
        for x in a.parts:
            if x.focus or not re.match(r"^(?:you may )?deal \d+ damage to a target unit\b", x.text, re.I):
                continue
            later = next((y for y in a.parts if y.depends_on == x.n and y.link == "refers-back" and re.search(
                r"\b(?:on|from|to) (?:that unit|it)\b", y.text, re.I) and not y.condition), None)
            if later is not None:
                out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), x.n, later.n))
    return tuple(out)


def test_the_damage_then_that_unit_class_holds_real_cards():
    assert {"Freezing Blast"} <= {n for n, *_ in damage_then_that_unit()}


@pytest.mark.parametrize(("card", "edition", "ability", "n", "later"), damage_then_that_unit())
def test_a_unit_the_damage_destroyed_is_not_there_for_the_next_part(card, edition, ability, n, later):
    for side in ("theirs", "mine"):
        try:
            a = judge(card, edition, real_cards(), ability=ability, unit=f"Hammer Knight@{side}/wounds=3",
                      target=f"{n}=Hammer Knight@{side}")
        except QuestionError:
            continue
        first = next(p for p in a["parts"] if p["n"] == n)
        if first["outcome"] != "resolves":
            continue
        assert "destroyed" in " ".join(first["result"]), a["summary"]
        after = next(p for p in a["parts"] if p["n"] == later)
        assert after["outcome"] == "skipped" and "no longer in play" in after["why"], a["summary"]
        return
    pytest.fail(f"{card}: no side could be targeted")


@cache
def armored() -> tuple[tuple[str, str, int], ...]:
    """Every unit that prevents N of the damage dealt to it (Armored N, any damage, not only an attack's)."""
    out = []
    for name, edition in sorted({(c.name, e) for c in real_cards() for e in EDITIONS if printing(c, e) is not None}):
        p = _printed(name, edition)
        if p.type not in ("Ally", "Conjuration"):
            continue
        for a in read_abilities(p):
            words = a.trigger.words if a.trigger else ""
            first = a.parts[0].text if a.parts else ""
            m = re.match(r"^prevent (\d+) damage\b", first, re.I)
            if m and re.search(r"\bthis unit (?:is dealt damage|would receive damage|receives damage)\b", words, re.I) \
                    and not re.search(r"\battack|\bguard|\bblock|\bcounter", words, re.I) and not a.parts[0].optional:
                out.append((name, edition, int(m.group(1))))
    return tuple(out)


def test_the_armored_class_holds_real_cards():
    assert {"Celestial Knight", "Frost Fang", "Clockwork Frog"} <= {n for n, *_ in armored()}


@pytest.mark.parametrize(("card", "edition", "n"), armored())
def test_armored_damage_is_prevented_as_it_is_dealt(card, edition, n):
    a = judge(SPELL, edition, real_cards(), unit=f"{card}@theirs", target=f"1={card}@theirs")
    said = " ".join(a["parts"][0]["result"])
    assert f"prevents {min(n, 2)}" in said and f"({max(2 - n, 0)} wound" in said, a["summary"]
