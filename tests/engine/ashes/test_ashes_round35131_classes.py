"""Blind round 35131 and the new-user trial 35300: each class checked over every real card of both editions sharing
it (card lists built from the data by tests/engine/ashes/real.py, never typed in):
- a target limited by a printed value ("with an attack value of 1 or less", "less than this unit's attack value",
  "with a life value of X") is checked against the named units' cards;
- a card printed in one edition only answers a plain question in that edition, and says so;
- a keyword asked without its printed value ("Predator" for "Predator 3") names that ability;
- a constant ability asked about says what applies and while when (never "cannot be used"), with its own changed
  value worked out ("increased by 2": printed + 2);
- an alteration played onto a Phoenixborn: whose Phoenixborn, and who controls it there;
- an alteration's "this unit" / "it" is the unit it is attached to (Infuriate, Poison, Fade Away ...);
- "If it is an ally / a conjuration" is checked against the named unit's card."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes.editions import editions_of
from tests.engine.ashes.real import ask, every_ability, every_part, part, printings
from tests.engine.ashes.test_ashes_cases import real_cards

# --- a target limited by a printed value -----------------------------------------------------------------------------
_LIMIT = re.compile(r"\btarget (?:[^.]*?) with an? (?P<stat>attack|life) value (?:of (?P<n>\d+|X)(?: or (?P<dir>less|"
                    r"more))?\b|less than (?P<ref>this unit's attack value|the number of))", re.I)


@cache
def value_limited() -> tuple[tuple[str, str, str, int, str, str, int | None, str, int], ...]:
    """(card, edition, ability, part n, stat, op, bound or None for "the number of", side, the option it is of a
    choice, or 0) of every such target."""
    out = []
    for r, p in every_part():
        m = _LIMIT.search(p.text)
        if m is None or r.ability.kind == "passive":
            continue
        stat = m.group("stat").lower()
        if m.group("ref"):
            op, bound = "<", (r.printing.attack if m.group("ref").startswith("this unit") else None)
        else:
            op = {"less": "<=", "more": ">="}.get((m.group("dir") or "").lower(), "==")
            bound = 2 if m.group("n") == "X" else int(m.group("n"))   # X asked as 2 (--x 2)
        side = "theirs" if re.search(r"opponent controls|opponent's control", p.text, re.I) else \
            "mine" if re.search(r"you control", p.text, re.I) else "theirs"
        out.append((r.name, r.edition, r.ask, p.n, stat, op, bound, side, p.mode))
    return tuple(out)


@cache
def unit_values() -> tuple[tuple[str, int, int], ...]:
    """(name, attack, life) of every real Reborn unit card with printed values."""
    return tuple((c.name, p.attack, p.life) for c, e, p in printings()
                 if e == "reborn" and p.type in ("Ally", "Conjuration") and p.attack is not None
                 and p.life is not None)


def _holds(value: int, op: str, bound: int) -> bool:
    return {"<=": value <= bound, ">=": value >= bound, "==": value == bound, "<": value < bound}[op]


def test_value_limited_targets_are_every_such_card_of_both_editions():
    cards = {c for c, *_ in value_limited()}
    assert len(value_limited()) >= 14 and {"Shade Prowler", "Silver Paladin", "Seaside Raven", "Farewell",
                                           "Scrawler", "Law Of Courtesy"} <= cards, sorted(cards)


@pytest.mark.parametrize(("card", "edition", "ability", "n", "stat", "op", "bound", "side", "mode"), value_limited())
def test_a_value_limited_target_is_checked_against_the_named_units_card(card, edition, ability, n, stat, op, bound,
                                                                         side, mode):
    if bound is None:   # "less than the number of Scrawlers you control": the card alone counts 1
        bound = 1
    idx = 1 if stat == "attack" else 2
    fitting = next((u for u in unit_values() if _holds(u[idx], op, bound) and u[0] != card), None)
    failing = next((u for u in unit_values() if not _holds(u[idx], op, bound) and u[0] != card), None)
    assert fitting and failing
    extra = {"mode": str(mode)} if mode else {}
    for unit, fits in ((fitting, True), (failing, False)):
        a = ask(card, edition, ability=ability, unit=f"{unit[0]}@{side}", target=f"{n}={unit[0]}@{side}", x="2",
                **extra)
        got = part(a, n)
        if fits:
            assert got["outcome"] in ("resolves", "skipped") and "the target needs" not in got["why"], got
        else:
            assert got["outcome"] == "skipped" and f"its {stat} value is {unit[idx]}" in got["why"], got
            assert a["summary"].count("does not happen") >= 1


def test_shade_prowler_cannot_aim_predator_at_a_unit_as_strong_as_itself():
    a = ask("Shade Prowler", "reborn", ability="Predator", unit="Winged Lioness@theirs")
    assert part(a, 1)["outcome"] == "skipped" and "attack value less than 2" in part(a, 1)["why"]
    b = ask("Shade Prowler", "reborn", ability="Predator", units="theirs")   # unnamed: said, not silently taken
    assert any(i["id"].startswith("AS-I-value-") for i in b["interpretations"])
    assert "attack value less than 2" in b["summary"]


# --- a card printed in one edition only -------------------------------------------------------------------------------
@cache
def one_edition() -> tuple[tuple[str, str], ...]:
    return tuple((c.name, editions_of(c)[0]) for c in real_cards() if len(editions_of(c)) == 1)


def test_a_card_printed_in_one_edition_answers_a_plain_question_in_it_and_says_so():
    assert len(one_edition()) > 300
    for name, only in one_edition():
        other = "reborn" if only == "1e" else "1e"
        a = ask(name, other)
        assert a["ruleset"]["name"] == only and a["edition_used"]["answered"] == only, name
        assert f"printed only in {'the first edition' if only == '1e' else 'Ashes Reborn'}" in a["summary"], name
        assert a["summary"] == ask(name, only)["summary"].split(" Assumed:")[0].rstrip(".").join(
            ["", ""]) or a["summary"].startswith(ask(name, only)["summary"].split(". ")[0]), name


# --- a keyword asked without its value --------------------------------------------------------------------------------
@cache
def valued_names() -> tuple[tuple[str, str, str, str], ...]:
    out = []
    for r in every_ability():
        if not r.ability.name or not re.search(r"\s(?:\d+|X)$", r.ability.name):
            continue
        bare = re.sub(r"\s(?:\d+|X)$", "", r.ability.name)
        same = [a for a in r.abilities if a.name and re.sub(r"\s(?:\d+|X)$", "", a.name).lower() == bare.lower()]
        if len(same) == 1 and not any(a.name and a.name.lower() == bare.lower() for a in r.abilities):
            out.append((r.name, r.edition, bare, r.ability.label))
    return tuple(out)


def test_every_keyword_asked_without_its_printed_value_names_that_ability():
    assert len(valued_names()) > 150
    for name, edition, bare, label in valued_names():
        assert ask(name, edition, ability=bare)["ability"]["label"] == label, (name, bare)


# --- constant abilities -----------------------------------------------------------------------------------------------
@cache
def constants() -> tuple[tuple[str, str, str], ...]:
    event = re.compile(r"^(?:this unit|this card|it) (?:receives|is dealt|would receive|would be dealt) damage\b", re.I)
    return tuple((r.name, r.edition, r.ask) for r in every_ability() if r.ability.kind == "passive"
                 and r.ability.text and not (r.ability.parts and event.match(r.ability.parts[0].condition or "")))


def test_every_constant_ability_says_what_applies_and_while_when():
    assert len(constants()) > 200
    for name, edition, ability in constants():
        a = ask(name, edition, ability=ability)
        s = a["summary"]
        assert "is a constant ability (it is never used: nothing is paid or chosen). While " in s, (name, s)
        assert re.search(r"” applies(?:: its \w+ value is|\.)", s), (name, s)
        assert "cannot be used" not in s
        assert all("never used" in p["why"] for p in a["parts"]), name


def test_a_constant_that_changes_its_own_value_works_it_out():
    badger = ask("Bastion Badger", "reborn", ability="Exploit")["summary"]
    printed = next(p.attack for c, e, p in printings() if c.name == "Bastion Badger" and e == "reborn")
    assert f"its attack value is then {printed + 2} ({printed} printed + 2)" in badger
    lioness = ask("Winged Lioness", "reborn", ability="Stalk")["summary"]
    assert lioness.startswith("Winged Lioness's Stalk is a constant ability (it is never used: nothing is paid or "
                              "chosen). While Winged Lioness is in play, “This unit cannot be guarded against” applies")


# --- alterations on a Phoenixborn, and who controls an alteration -----------------------------------------------------
@cache
def phoenixborn_alterations() -> tuple[tuple[str, str, bool], ...]:
    return tuple((c.name, e, bool(re.search(r"attached to an? (?:unexhausted )?phoenixborn you control",
                                             p.text or " ".join(str(a.get("text")) for a in p.abilities or ()), re.I)))
                 for c, e, p in printings() if p.type == "Alteration Spell" and p.placement == "Phoenixborn")


def test_an_alteration_on_a_phoenixborn_says_whose_and_who_controls_it():
    assert len(phoenixborn_alterations()) >= 6   # played from hand (a conjured one is put there by a card)
    for name, edition, only_mine in phoenixborn_alterations():
        if only_mine:
            a = ask(name, edition, ability="play")
            assert a["placement"]["zone"] == "attached to your Phoenixborn", name
            continue
        theirs = ask(name, edition, ability="play", target="0=phoenixborn@theirs", units="both")
        assert theirs["placement"]["zone"] == "attached to their Phoenixborn", name
        assert theirs["placement"]["controller"].startswith("your opponent"), name
        mine = ask(name, edition, ability="play", target="0=phoenixborn@mine", units="both")
        assert mine["placement"]["controller"] == "you"
        plain = ask(name, edition, ability="play", units="both")
        assert any(i["id"] == "AS-I-pb-attach" for i in plain["interpretations"]), name


def test_an_alteration_on_their_unit_says_they_control_it_even_against_a_cancel():
    a = ask("Shriveling", "1e", target="0=phoenixborn@theirs", units="theirs", cancel_with="Golden Veil")
    assert "attached to their Phoenixborn (your opponent controls it there" in a["summary"]
    assert a["summary"].endswith("Golden Veil cannot cancel it.")


# --- an alteration's "this unit" / "it" -------------------------------------------------------------------------------
@cache
def alteration_self_damage() -> tuple[tuple[str, str, str, int, str], ...]:
    """Every alteration ability (not its play) with a part that deals damage to or destroys "it" / "this unit"."""
    return tuple((r.name, r.edition, r.ask, p.n, m.group(1).lower()) for r, p in every_part()
                 if r.printing.type.endswith("Alteration Spell") and r.ability.kind != "play" and p.depends_on is None
                 and (m := re.match(r"^(?:deal \d+ damage to|destroy) (it|this unit)\.?$", p.text, re.I)))


def test_an_alteration_acts_on_the_unit_it_is_attached_to():
    found = alteration_self_damage()
    assert {"Infuriate", "Poison", "Fade Away"} <= {c for c, *_ in found}, found
    for name, edition, ability, n, _ in found:
        for inputs in ({"unit": "Hammer Knight@mine"},
                       {"unit": ["Hammer Knight@mine", "Iron Rhino@mine"], "target": "0=Hammer Knight@mine"},
                       {"unit": "Hammer Knight@mine/alteration=" + name}):
            a = ask(name, edition, ability=ability, **inputs)
            assert any("Hammer Knight (yours)" in x for x in part(a, n)["result"]), (name, inputs, part(a, n))


# --- "If it is an ally / a conjuration" -------------------------------------------------------------------------------
_KIND_IF = re.compile(r"^if (?:this unit|it|the unit|that unit|the destroyed unit) (?:is|was) an? (ally|conjuration)"
                      r"\b", re.I)


@cache
def kind_conditions() -> tuple[tuple[str, str, str, int, str], ...]:
    return tuple((r.name, r.edition, r.ask, p.n, m.group(1).lower()) for r, p in every_part()
                 if (m := _KIND_IF.match(p.text)))


def test_if_it_is_an_ally_or_a_conjuration_is_checked_where_the_unit_is_named():
    assert len(kind_conditions()) >= 8
    checked = 0
    for name, edition, ability, n, kind in kind_conditions():
        for unit, is_ally in (("Hammer Knight", True), ("Iron Rhino", False)):
            a = ask(name, edition, ability=ability, unit=f"{unit}@theirs")
            got = part(a, n)
            if got["outcome"] == "resolves" and not got["result"]:
                continue   # the unit it names is not one the question named (the trigger's unit): said
            checked += 1
            fits = is_ally == (kind == "ally")
            assert (got["outcome"] == "resolves") == fits, (name, unit, got)
            if not fits:
                assert "it holds only “if" in got["why"] and unit in got["why"]
    assert checked >= 8
