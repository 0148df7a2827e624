"""The classes the first blind round (seed 31011) found, each over every real card of both editions sharing the
wording (the lists are built from the data; the named cards are a floor the data must still hold):
1. an instruction written before "at the end of the round" ("Fleeting: Discard this card at the end of the round",
   Lost, Scatter, Fade, Flicker, Fade Away) is an effect that triggers then (AS19), never constant text; a card that
   resolves the effects that trigger at the end of the round (Era's End) resolves it, for unexhausted cards only;
2. an amount or condition read off the dice spent on the cost ("the number of divine power die spent to play this
   spell", "If you spent any sympathy power die to activate this spell"): --spent, else said; never a part made of
   "to play this spell";
3. tokens removed from your Phoenixborn (or a target or named unit) checked against what the question says is there;
4. "A or B" between two instructions is the player's choice (--mode), and the answer says which it took."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import printing
from tests.engine.ashes.test_ashes_cases import real_cards

AFTER_ACTION = re.compile(r"^(?:\* ?)?(?:[A-Z][\w' ]*: )?(?:discard|destroy|shuffle|remove|return|place) "
                          r"[^.]*? at the end of (?:the|this) round\b", re.I)


def _abilities():  # type: ignore[no-untyped-def]
    for card in real_cards():
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is not None:
                for a in read_abilities(p):
                    yield card.name, edition, p, a


def ask_value(a) -> str:  # type: ignore[no-untyped-def]
    return "play" if a.kind == "play" else str(a.index)


@cache
def end_of_round_after_action() -> tuple[tuple[str, str, str, str], ...]:
    """(card, edition, ability, type) for every ability whose printed text puts its action before "at the end of
    the round"."""
    out = []
    for name, edition, p, a in _abilities():
        if a.kind != "play" and AFTER_ACTION.match(a.text.split("\n")[0]):
            out.append((name, edition, ask_value(a), p.type))
    return tuple(out)


def test_the_end_of_round_class_holds_the_cards_the_round_found():
    names = {c for c, *_ in end_of_round_after_action()}
    assert {"Salamander Monk Spirit", "Panther Spirit", "Mind Maze", "Prism Tetra", "Regress", "Fade Away",
            "Radiant Light", "Glaciate", "Law of Fear", "Brilliant Thorn"} <= names
    assert len(end_of_round_after_action()) >= 30


@pytest.mark.parametrize(("card", "edition", "ability", "kind"), end_of_round_after_action())
def test_an_action_at_the_end_of_the_round_is_a_triggered_effect(card, edition, ability, kind):
    a = judge(card, edition, real_cards(), ability=ability, units="both")
    assert a["ability"]["kind"] == "reaction" and a["usable"]["value"], a["summary"]
    assert a["trigger"]["words"].lower().startswith("at the end of")
    assert "constant" not in a["summary"] and "never used" not in a["summary"]
    assert ", at the end of" in a["summary"].split(":")[0]          # the first line says when
    assert any(p["outcome"] == "resolves" for p in a["parts"]) or "unless" in a["summary"]
    assert "AS19" in a["rules"] or "AS12" in a["rules"]


@cache
def end_of_round_units() -> tuple[tuple[str, str], ...]:
    """Every unit (Reborn: Era's End is a Reborn card) with an end-of-round effect of its own."""
    return tuple(sorted({(c, "reborn") for c, e, _a, t in end_of_round_after_action()
                         if e == "reborn" and t in ("Ally", "Conjuration")}))


@pytest.mark.parametrize(("card", "edition"), end_of_round_units())
def test_eras_end_resolves_the_end_of_round_effect_of_an_unexhausted_card_only(card, edition):
    now = judge("Era's End", edition, real_cards(), unit=f"{card}@mine/status=0")
    said = " ".join(now["parts"][0]["result"])
    assert f"{card} (yours)'s" in said and "resolves now" in said, now["summary"]
    tired = judge("Era's End", edition, real_cards(), unit=f"{card}@mine/exhausted")
    assert "is exhausted" in " ".join(tired["parts"][0]["result"])
    asked = judge("Era's End", edition, real_cards(), unit=f"{card}@mine", reaction=card)
    assert asked["reaction"]["applies"] and asked["reaction"]["event"] == "end of round"


def test_the_unless_of_an_end_of_round_effect_is_checked_on_the_unit():
    """Scatter: "Discard this unit at the end of the round unless it has 1 or more status tokens on it"."""
    kept = judge("Prism Tetra", "reborn", real_cards(), ability="Scatter", unit="Prism Tetra@mine/status=1")
    assert kept["parts"][0]["outcome"] == "skipped" and "unless" in kept["parts"][0]["why"]
    gone = judge("Prism Tetra", "reborn", real_cards(), ability="Scatter", unit="Prism Tetra@mine/status=0")
    assert gone["parts"][0]["outcome"] == "resolves"
    assert "conjuration pile" in " ".join(gone["parts"][0]["result"])


@cache
def spent_abilities() -> tuple[tuple[str, str, str], ...]:
    return tuple((n, e, ask_value(a)) for n, e, _p, a in _abilities()
                 if re.search(r"\bspent\b[^.]*\bto (?:play|activate) this\b", a.text, re.I))


def test_the_dice_spent_class_holds_real_cards():
    assert {"Meteor", "Summon Cerulean Diver", "Summon Masked Wolf", "Summon Mind Fog Owl",
            "Summon Nightsong Cricket"} <= {n for n, *_ in spent_abilities()}


@pytest.mark.parametrize(("card", "edition", "ability"), spent_abilities())
def test_the_dice_spent_are_an_input_and_never_a_part(card, edition, ability):
    focus = "1" if card.startswith("Summon") else None
    plain = judge(card, edition, real_cards(), ability=ability, focus=focus, units="both")
    assert not any(re.match(r"^(?:play|activate) this", p["text"], re.I) for p in plain["parts"])
    found = re.search(r"number of (\w+) power di(?:e|ce) spent|spent any (\w+) power", plain["card"]["text"])
    magic = found.group(1) or found.group(2)
    counted = [p for p in plain["parts"] if "spent" in p["text"]]
    assert counted
    if counted[0]["condition"] is None:   # an amount: said when not given
        assert any(i["id"].startswith("AS-I-spent-") for i in plain["interpretations"])
    dice = sum(int(c["text"].split()[0]) for c in plain["costs"] if c["kind"] == "magic" and c["text"][0].isdigit())
    none = judge(card, edition, real_cards(), ability=ability, focus=focus, units="both",
                 spent=f"{dice} {magic} class" if dice else "none")
    assert next(p for p in none["parts"] if p["n"] == counted[0]["n"])["outcome"] == "skipped"
    if dice:
        some = judge(card, edition, real_cards(), ability=ability, focus=focus, units="both",
                     spent=f"{dice} {magic} power")
        part = next(p for p in some["parts"] if p["n"] == counted[0]["n"])
        assert part["outcome"] == "resolves"
        assert not any(i["id"].startswith("AS-I-spent-") for i in some["interpretations"])


def test_meteor_deals_the_counted_damage_to_the_units_named():
    a = judge("Meteor", "reborn", real_cards(), unit="Iron Worker@mine;Hammer Knight@theirs", spent="2 divine power")
    second = " ".join(a["parts"][1]["result"])
    assert "2 damage" in second and "Iron Worker (yours) takes 2 damage: destroyed" in second
    assert "Hammer Knight (theirs) takes 2 damage (3 wounds, life 4)" in second


@cache
def phoenixborn_removals() -> tuple[tuple[str, str, str, int], ...]:
    """Every part that removes tokens from your Phoenixborn, as the first part or after a cost."""
    out = []
    for name, edition, _p, a in _abilities():
        for part in a.parts:
            if re.match(r"^(?:you may )?remove (?:\d+|all) (?:wound|exhaustion|status)[^.]* from your phoenixborn\b",
                        part.text, re.I) and part.condition is None and part.depends_on is None and not part.choice:
                out.append((name, edition, ask_value(a), part.n))
    return tuple(out)


def test_the_phoenixborn_tokens_class_holds_real_cards():
    assert {"Consume Soul"} <= {n for n, *_ in phoenixborn_removals()}
    assert len(phoenixborn_removals()) >= 5


@pytest.mark.parametrize(("card", "edition", "ability", "n"), phoenixborn_removals())
def test_tokens_removed_from_your_phoenixborn_are_checked_against_it(card, edition, ability, n):
    def part(**board):  # type: ignore[no-untyped-def]
        a = judge(card, edition, real_cards(), ability=ability, units="both", **board)
        return a, next(p for p in a["parts"] if p["n"] == n)

    silent, p = part()
    if not silent["usable"]["value"] or p["outcome"] != "resolves":
        return
    assert any(i["id"] == f"AS-I-tokens-{n}" for i in silent["interpretations"])
    assert "your Phoenixborn has the tokens it removes" in silent["summary"]
    _, empty = part(unit="phoenixborn@mine/wounds=0/status=0/exhaustion=0")
    assert empty["outcome"] == "skipped" and "your Phoenixborn" in empty["why"]
    full, some = part(unit="phoenixborn@mine/wounds=1/status=1/exhausted")
    assert some["outcome"] == "resolves" and some["result"][0].startswith("removes")
    assert not any(i["id"] == f"AS-I-tokens-{n}" for i in full["interpretations"])


def test_consume_soul_removes_only_what_is_there():
    a = judge("Consume Soul", "reborn", real_cards(), unit="phoenixborn@mine/wounds=1")
    assert a["parts"][0]["result"] == ["removes 1 wound token (only 1 there) and no exhaustion token (none there)"]


@cache
def or_choices() -> tuple[tuple[str, str, str, int], ...]:
    """Every choice between two instructions joined by "or" (no "choose one"), with its group number."""
    out = []
    for name, edition, _p, a in _abilities():
        groups = sorted({p.choice for p in a.parts if p.choice and not any("choose one" in x for x in p.notes)})
        out += [(name, edition, ask_value(a), g) for g in groups[:1] if a.kind != "passive"]
    return tuple(out)


def test_the_or_choice_class_holds_the_cards_the_round_found():
    names = {n for n, *_ in or_choices()}
    assert {"Change Psyche", "Sword of Virtue", "Pain Shaman", "Blood Transfer", "Fiona Mercywind",
            "Summon Ancestor Spirit", "Summon Fallen", "String Mage", "Frost Frog", "Polarity Mage"} <= names
    assert len(or_choices()) >= 20


@pytest.mark.parametrize(("card", "edition", "ability", "group"), or_choices())
def test_or_is_a_choice_the_player_makes_and_the_answer_says_which(card, edition, ability, group):
    default = judge(card, edition, real_cards(), ability=ability, units="both")
    options = {p["mode"] for p in default["parts"] if p["choice"] == group}
    assert options >= {1, 2}
    assert any(i["id"].startswith("AS-I-mode") for i in default["interpretations"])
    assert "you choose “" in default["summary"]
    second = judge(card, edition, real_cards(), ability=ability, units="both", mode="2")
    for p in second["parts"]:
        if p["choice"] == group and p["mode"] == 1:
            assert p["outcome"] == "skipped" and p["why"].startswith("not chosen")
    assert not any(i["id"] == "AS-I-mode" for i in second["interpretations"])


def test_pain_shaman_first_edition_takes_the_second_option_on_its_target():
    a = judge("Pain Shaman", "1e", real_cards(), ability="Exchange Pain 1", unit="Iron Worker@mine/wounds=1",
              target="1=Iron Worker@mine", mode="2")
    taken = [p for p in a["parts"] if p["outcome"] == "resolves"]
    assert len(taken) == 1 and taken[0]["text"].startswith("Remove 1 wound token")
    assert taken[0]["target"] == "Iron Worker (yours)" and taken[0]["result"] == ["removes 1 wound token"]


def test_the_default_option_is_the_first_that_can_happen():
    """Change Psyche on a unit described with no exhaustion token: removing one does nothing, so it places one."""
    a = judge("Change Psyche", "reborn", real_cards(), unit="Iron Worker@theirs/wounds=0")
    assert [p["outcome"] for p in a["parts"]] == ["skipped", "resolves"]
    assert "first that can happen" in next(i["text"] for i in a["interpretations"] if i["id"] == "AS-I-mode")
