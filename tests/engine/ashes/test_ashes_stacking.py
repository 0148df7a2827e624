"""Blind round 53031, class 3: numbered abilities stack (AS7; Reborn glossary, "Stacking Abilities"). A unit with two
Shining Hydra Heads has Terrifying 2, not Terrifying 1; Root Armor played onto a unit that has one gives Armored 2.
Checked over every real alteration of both editions that gives its unit a numbered ability (derived from the data:
the named abilities under "This unit now has the following ability/abilities:"); the expected total is the sum of
the printed numbers, and the stacked text is the card's own with its one mention of the number read as the total."""

from __future__ import annotations

import re
from functools import cache

from engine.rulesets.ashes.stacking import NUMBERED, given_to_unit
from tests.engine.ashes.real import ask, every_ability, printings

HOST = "Iron Worker"   # an ally of both editions with no numbered ability of its own


@cache
def giving() -> tuple[tuple[str, str, str, int, str], ...]:
    """(card, edition, ability name, its number, the ability's text) of every numbered ability an alteration gives."""
    texts = {(r.name, r.edition, r.ability.name): r.ability.text for r in every_ability()}
    out = []
    for card, edition, p in printings():
        if "Alteration" not in p.type:
            continue
        for name in given_to_unit(p):
            m = NUMBERED.match(name)
            if m:
                out.append((card.name, edition, name, int(m.group("n")), texts[(card.name, edition, name)]))
    return tuple(out)


def test_the_cards_sharing_it():
    reborn = sorted({c for c, e, *_ in giving() if e == "reborn"})
    # the six alteration spells round 53031 named, and the conjured Shining Hydra Head's is among them
    assert {"Hunting Weapons", "Ocean's Gift", "Power Through", "Root Armor", "Shining Hydra Head",
            "Will to Survive"} <= set(reborn)
    assert ("Infuriate" in reborn) and len(giving()) >= 8   # "... the following abilities:" gives each of them


def test_two_copies_on_one_unit_stack():
    for card, edition, name, n, text in giving():
        a = ask(card, edition, ability=name, unit=f"{HOST}@mine/alteration={card}/alteration={card}")
        base = NUMBERED.match(name).group("base")
        assert a["ability"]["name"] == f"{base} {2 * n}", (card, edition, name)
        assert [x["number"] for x in a["stacks"][0]["copies"]] == [n, n]
        assert "AS7" in a["rules"] and f"so it has {base} {2 * n}" in a["summary"], a["summary"]
        mentions = re.findall(rf"(?<![\w.]){n}(?![\w.])", text)
        if len(mentions) == 1:   # its one mention of the number is read as the total
            said = a["card"]["text"]
            assert len(re.findall(rf"(?<![\w.]){2 * n}(?![\w.])", said)) >= 1 and said != text, (card, said)


def test_one_copy_does_not_stack():
    for card, edition, name, _n, _text in giving():
        a = ask(card, edition, ability=name, unit=f"{HOST}@mine/alteration={card}")
        assert a["ability"]["name"] == name and not a["stacks"], (card, edition, name)


def test_played_onto_a_unit_that_has_it_already():
    played = [g for g in giving() if next(p for c, e, p in printings() if (c.name, e) == g[:2]).type
              == "Alteration Spell"]   # a conjured alteration is never played from hand
    assert len(played) >= 6
    for card, edition, name, n, _text in played:
        a = ask(card, edition, ability="play", unit=f"{HOST}@mine/alteration={card}", target=f"0={HOST}@mine")
        if not a["usable"]["value"]:   # "can only be attached to ..." not met: nothing attached
            continue
        stacked = {x["ability"]: x["total"] for x in a["stacks"]}
        assert stacked.get(name) == 2 * n, (card, edition, a["stacks"])
        base = NUMBERED.match(name).group("base")
        assert f"{base} {2 * n}" in a["summary"], a["summary"]
