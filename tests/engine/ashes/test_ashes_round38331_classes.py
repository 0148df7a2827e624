"""Blind round 38331: each class checked over every real card of both editions sharing it (card lists built from the
data by tests/engine/ashes/real.py):
- a plain question (no units named) about an ability that acts on or reads units in play ("a target unit", "each
  unexhausted unit", "all units", "attached to a unit") takes units of both players to be there and says so in its
  first sentence; never "does not happen: no unit" from a board nobody described. Told there are none, it says so
  as fact;
- a cost written inside the effect ("You may spend an additional 1 basic die when activating this spell", "you may
  spend 1 divine class die to ...", "You may, as an additional cost, discard 1 card") is a cost the player may pay as
  it is activated (seed 003: dice are a magic cost wherever the sentence puts them), never an effect part; the dice
  spent (--spent) and the dice in the pool (--dice) say whether it was paid;
- a placement takes no more copies than the conjuration pile has left, counting the copies earlier parts of the
  same effect placed ("Place an additional Mist Spirit conjuration", "Place 2 Fallen conjurations");
- "a target draw pile" / "a target discard pile" is a player's pile, never a unit;
- an instruction giving a unit "the following abilities" gives every one printed under it (Time Stop);
- a Phoenixborn named with nothing on it ("phoenixborn@mine") has no tokens and is unexhausted, said: a part moving
  or removing tokens from it does not happen (Weight of the World);
- "... for each status token on this unit" is counted from what the question says is on it (Radiant Leviathan)."""

from __future__ import annotations

import re
from functools import cache

from engine.plain_words import sentences
from engine.rulesets.ashes.checks import PLACING_DICE, copies_wanted
from engine.rulesets.ashes.costs import dice_in, optional_cost
from engine.rulesets.ashes.resolve import needs_units
from engine.rulesets.ashes.tokens import removal
from tests.engine.ashes.real import ask, every_ability, every_part, part

ASSUMED = "assuming both players have units in play"


# --- a plain question takes units to be in play, and says it ------------------------------------------------------
@cache
def unit_abilities() -> tuple[tuple[str, str, str], ...]:
    """(card, edition, ability) of every ability, not a constant one, whose parts act on or read units in play."""
    return tuple(dict.fromkeys((r.name, r.edition, r.ask) for r in every_ability() if needs_units(r.ability)))


def test_a_plain_question_takes_units_to_be_in_play_and_says_it_first():
    found = unit_abilities()
    names = {c for c, *_ in found}
    assert {"Kneel", "Nature's Wrath", "Harold Westraven", "Shared Sorrow", "Cataclysm"} <= names
    assert len(names) > 250, len(names)
    for card, edition, ability in found:
        a = ask(card, edition, ability=ability)
        if not a["usable"]["value"]:
            continue
        for p in a["parts"]:   # the units a plain question did not describe are never taken as none
            assert not (p["outcome"] == "skipped" and "no unit" in p["why"]
                        and "condition is not met" not in p["why"]), (card, edition, ability, p)
        # said in the first sentence when it stays short, else first among what was assumed
        said = ASSUMED in sentences(a["summary"])[0] or "Assumed: both players have units in play" in a["summary"]
        assert said or "a unit is in play to attach it to" in a["summary"], (card, a["summary"])
        assert not any(i["id"] == "AS-I-no-units" for i in a["interpretations"]), card


def test_told_there_are_no_units_the_unit_parts_do_not_happen_as_fact():
    for card, edition, ability in unit_abilities():
        a = ask(card, edition, ability=ability)
        targeted = [p["n"] for p in a["parts"] if p["outcome"] == "resolves" and p["target"]
                    and p["target"].startswith("a unit of")]
        if not a["usable"]["value"] or not targeted:
            continue
        none = ask(card, edition, ability=ability, units="none")
        assert ASSUMED not in none["summary"], card
        for n in targeted:
            got = next(p for p in none["parts"] if p["n"] == n)
            assert got["outcome"] != "resolves" or not (got["target"] or "").startswith("a unit of"), (card, got)


def test_each_and_all_units_parts_happen_in_a_plain_question():
    for card, edition in (("Kneel", "reborn"), ("Nature's Wrath", "reborn")):
        a = ask(card, edition)
        assert a["parts"][0]["outcome"] == "resolves" and a["summary"].startswith(f"{card}: ")
        assert a["summary"].endswith(f" happens, {ASSUMED}.")
        b = ask(card, edition, units="none")
        assert b["parts"][0]["outcome"] == "skipped" and "no unit" in b["parts"][0]["why"]


# --- an optional cost written inside the effect is a cost, paid as it is activated ---------------------------------
@cache
def cost_parts() -> tuple[tuple[str, str, str, int, int, str], ...]:
    """(card, edition, ability, part, its Focus, what it costs) of every part that is only a cost the player may pay
    ("You may spend an additional 1 basic die when activating this spell", "you may spend 1 divine class die" before
    "to ...", "You may, as an additional cost, discard 1 card from your hand")."""
    out = []
    for r in every_ability():
        for p in r.ability.parts:
            if (cost := optional_cost(p.text)) is not None:
                out.append((r.name, r.edition, r.ask, p.n, p.focus, cost))
    return tuple(out)


def test_an_optional_cost_in_the_effect_is_paid_as_it_is_activated_never_an_effect():
    found = cost_parts()
    assert {"Summon Mist Spirit", "Confusion Spores", "Angelic Rescue", "Hand Tricks", "Frost Fang"} <= \
        {c for c, *_ in found}, found
    for card, edition, ability, n, focus, _cost in found:
        a = ask(card, edition, ability=ability, focus=str(focus))
        if not a["usable"]["value"]:
            continue
        got = part(a, n)
        assert got["outcome"] == "resolves" and got["rules"] == ["AS2"], (card, got)
        assert f"optional cost (part {n}" in a["steps"][0]["detail"] and a["steps"][0]["happens"], card
        assert f"part {n} is effect, not cost" not in a["steps"][0]["detail"], card
        assert "is an optional cost, paid as it is activated" in a["summary"], (card, a["summary"])
        later = [p for p in a["parts"] if p["n"] == n + 1]
        declined = ask(card, edition, ability=ability, focus=str(focus), decline=str(n))
        assert part(declined, n)["outcome"] == "declined", card
        for p in later:   # what it pays for ("to ...", "If you do, ...") does not happen unpaid
            if p["text"] and next(q for q in declined["parts"] if q["n"] == p["n"])["outcome"] == "skipped":
                assert "optional cost" in next(q for q in declined["parts"] if q["n"] == p["n"])["why"], card


def test_the_dice_spent_say_whether_the_optional_cost_was_paid():
    checked = 0
    for card, edition, ability, n, focus, cost in cost_parts():
        a = ask(card, edition, ability=ability, focus=str(focus))
        if not a["usable"]["value"] or dice_in(cost) != 1 or not re.match(r"^1 basic die$", cost):
            continue
        printed = [c["text"] for c in a["costs"] if c["kind"] == "magic"]
        if len(printed) != 1 or not re.match(r"^1 [a-z]+ class die$", printed[0]):
            continue
        base = printed[0].removesuffix(" die")
        paid = ask(card, edition, ability=ability, focus=str(focus), spent=f"{base}; 1 basic")
        assert paid["usable"]["value"] and part(paid, n)["outcome"] == "resolves", card
        unpaid = ask(card, edition, ability=ability, focus=str(focus), spent=base)
        assert part(unpaid, n)["outcome"] == "declined" and "only its printed cost" in part(unpaid, n)["why"], card
        short = ask(card, edition, ability=ability, focus=str(focus), dice="1")
        assert part(short, n)["outcome"] == "declined", card
        checked += 1
    assert checked >= 2, checked   # Summon Mist Spirit, both editions


# --- a conjuration's pile runs out as an effect places copies ------------------------------------------------------
@cache
def placements() -> tuple[tuple[str, str, str, int, int, str, int, int], ...]:
    """(card, edition, ability, part, Focus, conjuration, copies it asks for, copies earlier parts placed) of every
    placement that asks for more than one copy, or comes after another placement of the same conjuration."""
    out = []
    for r in every_ability():
        before: dict[str, int] = {}
        for p in r.ability.parts:
            for need in p.needs:
                if need.kind != "conjuration" or not need.name or not p.places:
                    continue
                key = need.name.lower()
                copies = copies_wanted(need.words)
                if copies > 1 or before.get(key):
                    out.append((r.name, r.edition, r.ask, p.n, p.focus, need.name, copies, before.get(key, 0)))
                before[key] = before.get(key, 0) + copies
    return tuple(out)


def test_a_placement_takes_no_more_copies_than_the_pile_has_left():
    found = placements()
    assert {"Summon Mist Spirit", "Rising Horde", "Summon Prism Tetra", "Summon Time Hopper"} <= \
        {c for c, *_ in found}, found
    checked = 0
    for card, edition, ability, n, focus, name, copies, before in found:
        left = before + copies - 1   # one copy short of all it asks for
        a = ask(card, edition, ability=ability, focus=str(focus), conjurations_left=str(left))
        got = part(a, n)
        if not a["usable"]["value"] or (got["outcome"] != "resolves" and "none left" not in got["why"]):
            continue   # decided before the pile is looked at (a condition, a choice): not this class
        checked += 1
        if copies - 1 == 0:
            assert got["outcome"] == "skipped" and f"no {name} in your conjuration pile" in got["why"], (card, got)
        else:
            assert any(f"only {copies - 1} {name}" in x for x in got["result"]), (card, got)
        full = ask(card, edition, ability=ability, focus=str(focus), conjurations_left=str(before + copies))
        assert part(full, n)["outcome"] == got["outcome"] or part(full, n)["outcome"] == "resolves", card
        assert not any("left in your conjuration pile" in x for x in part(full, n)["result"]), card
    assert checked >= 10, checked


def test_a_target_pile_is_a_players_pile_never_a_unit():
    found = [(r, p) for r in every_ability() for p in r.ability.parts
             if p.new_target and re.match(r"^target (?:draw|discard) pile\b", p.new_target.words, re.I)]
    assert {"Rimea Careworn", "Summon Weeping Spirit"} <= {r.name for r, _ in found}
    for r, p in found:
        assert p.new_target.kind == "player", (r.name, p.new_target)
        got = part(ask(r.name, r.edition, ability=r.ask, focus=str(p.focus)), p.n)
        assert "unit" not in (got["target"] or ""), (r.name, got)


# --- an instruction that gives units the abilities printed under it gives all of them ------------------------------
def test_every_ability_an_instruction_gives_goes_to_the_unit_never_to_the_card():
    found = 0
    for r in every_ability():
        for p in r.ability.parts:
            grant = re.search(r"\b(?:gains?|to gain|have|has) the following (ability|abilities|abilies)\b[^:]*: "
                              r"(?P<given>.+)$", p.text, re.I)
            if not grant or re.match(r"^this (?:unit|card|spell)\b", p.text, re.I):
                continue
            found += 1
            names = [g.split(": ", 1)[0] for g in grant.group("given").split(" / ") if ": " in g]
            if grant.group(1).lower() != "ability":   # "the following abilities": every paragraph under it
                assert len(names) >= 2, (r.name, r.edition, p.text)
            own = {a.name for a in r.abilities if a.name and not a.granted}
            assert not set(names) & own, (r.name, r.edition, names, own)   # not the card's own abilities
            if r.ability.kind != "passive":
                a = ask(r.name, r.edition, ability=r.ask, focus="0")
                if a["usable"]["value"] and names:
                    assert f"it gains {names[0]}" in a["summary"], (r.name, a["summary"])
    assert found >= 10, found
    stop = ask("Time Stop", "1e", unit="Gilder@mine", target="1=Gilder@mine")
    assert "it gains Bypass and Reality Fracture" in stop["summary"]


# --- a Phoenixborn named with nothing on it has no tokens: never "assumed to have the tokens it moves" -------------
@cache
def from_your_phoenixborn() -> tuple[tuple[str, str, str, int, int], ...]:
    """(card, edition, ability, part, Focus) of every part removing or moving tokens from your Phoenixborn."""
    return tuple(dict.fromkeys((r.name, r.edition, r.ask, p.n, p.focus) for r, p in every_part()
                               if (rem := removal(p.text)) is not None and rem.what == "your phoenixborn"))


def test_a_phoenixborn_named_bare_has_no_tokens_to_give_and_says_so():
    found = from_your_phoenixborn()
    assert "Weight of the World" in {c for c, *_ in found} and len(found) >= 10, found
    checked = 0
    for card, edition, ability, n, focus in found:
        bare = ask(card, edition, ability=ability, focus=str(focus), unit="phoenixborn@mine", units="both")
        got = part(bare, n)
        if not bare["usable"]["value"] or (got["outcome"] == "skipped" and "tokens on your Phoenixborn" not in \
                got["why"]):
            continue   # decided before the tokens are looked at
        checked += 1
        assert got["outcome"] == "skipped" and "on your Phoenixborn" in got["why"], (card, got)
        assert any(i["id"] == "AS-I-pb-bare-mine" for i in bare["interpretations"]), card
        unsaid = part(ask(card, edition, ability=ability, focus=str(focus), units="both"), n)
        assert unsaid["outcome"] != "skipped" or "tokens on your Phoenixborn" not in unsaid["why"], (card, unsaid)
    assert checked >= 8, checked


# --- "... for each status token on this unit": counted from the unit described (round 41031) ---------------------
def test_once_for_each_token_on_the_unit_used_is_counted_from_what_is_on_it():
    found = [(r, p) for r, p in every_part() if r.ability.kind != "passive" and re.search(
        r"\bfor each (?:status|wound|exhaustion) tokens? on this (?:unit|card|spell)\b", p.text, re.I)]
    assert "Radiant Leviathan" in {r.name for r, _ in found}
    for r, p in found:
        tok = re.search(r"for each (\w+) token", p.text).group(1)
        three = part(ask(r.name, r.edition, ability=r.ask, unit=f"{r.name}@mine/{tok}=3", units="both"), p.n)
        assert three["outcome"] == "resolves" and any(x.startswith("3 times") for x in three["result"]), three
        none = part(ask(r.name, r.edition, ability=r.ask, unit=f"{r.name}@mine/{tok}=0", units="both"), p.n)
        assert none["outcome"] == "skipped" and "it has none" in none["why"], none
        if p.places:   # the copies it places are as many as the tokens, and no more than the pile has left
            short = part(ask(r.name, r.edition, ability=r.ask, unit=f"{r.name}@mine/{tok}=3", units="both",
                             conjurations_left="2"), p.n)
            assert any("so 2 are placed, not 3" in x for x in short["result"]), short


# --- "When placing 3 or more dice in your exhausted pool": the dice the question gives decide it (round 41031) ------
def test_a_trigger_placing_n_dice_is_checked_against_the_dice_given():
    found = [r for r in every_ability() if r.ability.trigger and PLACING_DICE.search(r.ability.trigger.words)]
    assert "Lucky Rabbit" in {r.name for r in found}
    for r in found:
        n = int(PLACING_DICE.search(r.ability.trigger.words).group("n"))
        for short in ({"exhausted_dice": str(n - 1)}, {"spent": f"{n - 1} basic"}):
            a = ask(r.name, r.edition, ability=r.ask, **short)
            assert not a["usable"]["value"] and "is not met" in a["usable"]["why"], (r.name, short, a["summary"])
            assert "change nothing" not in a["summary"], a["summary"]
        for enough in ({"exhausted_dice": str(n)}, {"spent": f"{n} basic"}, {}):
            assert ask(r.name, r.edition, ability=r.ask, **enough)["usable"]["value"], (r.name, enough)


# --- two reactions written in one paragraph are two abilities (round 41031) ---------------------------------------
def test_a_second_trigger_with_its_own_cost_in_a_paragraph_is_an_ability_of_its_own():
    from engine.rulesets.ashes.abilities import _paragraphs, _read_paragraphs
    from tests.engine.ashes.real import printings

    split = [(c.name, e, p) for c, e, p in printings() if len(_paragraphs(p)) != len(_read_paragraphs(p))]
    assert "Hex Bane" in {n for n, *_ in split}
    for name, edition, _p in split:
        reactions = [r for r in every_ability() if r.name == name and r.edition == edition and r.ability.trigger]
        assert len(reactions) >= 2, name
        for r in reactions:   # no part of one is another's trigger, and each pays its own cost
            assert not any(re.match(r"^(?:after|when|whenever)\b", x.text, re.I) for x in r.ability.parts), name
            assert r.ability.costs, name
            a = ask(name, edition, ability=r.ask)
            assert r.ability.trigger.words[1:40] in sentences(a["summary"])[0], a["summary"]   # its own moment


# --- an ability a card gives units is asked about by its name: the unit uses it (round 41031) ---------------------
def test_an_ability_a_card_gives_a_unit_answers_as_that_units():
    given = [r for r in every_ability() if r.ability.granted]
    assert {"Piercing Light", "Time Stop", "Hypnotize", "Join the Hunt", "Sacred Ground"} <= {r.name for r in given}
    for r in given:
        a = ask(r.name, r.edition, ability=r.ability.name)
        assert a["ability"]["granted"] is True and a["ability"]["name"] == r.ability.name
        first = sentences(a["summary"])[0]
        assert first.startswith((f"{r.ability.name} is a constant ability (it is never used",
                                 f"{r.ability.name} (which {r.name} gives a unit of yours)")), first
        assert f"{r.name} gives" in a["summary"], a["summary"]
        assert r.ability.kind == "passive" or "(which" in first, first
        plain = ask(r.name, r.edition)   # named alone: never the ability it gives
        assert plain["ability"]["granted"] is False, (r.name, plain["ability"])
    light = ask("Piercing Light", "reborn", ability="Overkill 1", units="theirs", cancel_with="Golden Veil")
    assert light["usable"]["value"] and light["parts"][0]["outcome"] == "resolves"
    assert light["cancel"]["applies"] is False   # it targets a Phoenixborn, never a unit Golden Veil guards
