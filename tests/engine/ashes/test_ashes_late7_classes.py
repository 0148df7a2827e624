"""Late task 7 classes. (1) Review item 1: "attach only to a unit with an attack value of N or less" checked against
a unit that already has an alteration with a "+X" attack bonus: the X is not known, so the value is not stated as
fact (said as an assumption), unless the printed and known bonuses alone already pass N (X is 0 or more). Derived
over every real alteration with such a limit and every real alteration printing an X attack bonus, both editions."""

from __future__ import annotations

from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.resolve import _LIMIT
from tests.engine.ashes.real import ask, every_ability, lookup, printings

UNITS = ("Iron Worker", "Hammer Knight")


def _atk_limited() -> list[tuple[str, str, int]]:
    return sorted({(r.name, r.edition, int(m.group("atk"))) for r in every_ability() if r.ability.kind == "play"
                   for lim in r.ability.limits if (m := _LIMIT.search(lim)) and m.group("atk")})


def _x_attack() -> list[tuple[str, str]]:
    return sorted({(c.name, e) for c, e, p in printings()
                   if any(s == "attack" and not v[1:].isdigit() for s, v in p.bonuses)})


def test_the_cards_sharing_it():
    assert {c for c, _, _ in _atk_limited()} >= {"Massive Growth"}
    assert {c for c, _ in _x_attack()} >= {"Explosive Growth"}


def test_an_x_attack_bonus_is_not_stated_as_fact():
    seen = set()
    for card, edition, bound in _atk_limited():
        for alt, alt_edition in _x_attack():
            if alt_edition != edition:
                continue
            for unit in UNITS:
                p = printing(lookup()(unit), edition)
                if p is None or p.attack is None:
                    continue
                a = ask(card, edition, ability="play", unit=f"{unit}@mine/alteration={alt}", target=f"0={unit}@mine")
                said = [i["text"] for i in a["interpretations"] if i["id"].startswith("AS-I-limit")]
                if p.attack > bound:   # already over N before X, and X is 0 or more: not met, as fact
                    assert a["usable"]["value"] is False and "at least" in a["usable"]["why"], (card, alt, unit)
                    seen.add("over")
                else:   # the X decides it: said as an assumption, never "has an attack value of N"
                    assert a["usable"]["value"] is True and said and "X" in said[0], (card, alt, unit, a["usable"])
                    assert not any("has an attack value of" in s["decision"] for s in a["trace"]), (card, alt, unit)
                    seen.add("assumed")
    assert seen == {"over", "assumed"}
