"""Late task 7 classes. (1) Review item 1: "attach only to a unit with an attack value of N or less" checked against
a unit that already has an alteration with a "+X" attack bonus: the X is not known, so the value is not stated as
fact (said as an assumption), unless the printed and known bonuses alone already pass N (X is 0 or more). Derived
over every real alteration with such a limit and every real alteration printing an X attack bonus, both editions."""

from __future__ import annotations

import re

from engine.rulesets.ashes.costs import optional_cost
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.repeats import FOLLOWING, UNDONE, read_repeat
from engine.rulesets.ashes.resolve import _LIMIT
from tests.engine.ashes.real import ask, every_ability, lookup, part, printings

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


# (2) Blind round 81031 #32: "For each [thing an earlier part did], resolve the following effect" (Soulfire, "For each
# status token removed", "For each card you discard", "For each 1 basic die spent"): the earlier part did not happen,
# so the repeat happens 0 times; the board says how many, so that many times is said; never "at least once".

def _repeats() -> list[tuple[object, int, int]]:
    """(read, part, source part) of every real part repeated once for each thing an earlier part did (a constant
    ability, Iron Worker's first-edition Overtime, is never resolved: left out)."""
    out = []
    for r in every_ability():
        if r.ability.kind == "passive":
            continue
        earlier: list[tuple[int, str, str]] = []
        for p in r.ability.parts:
            got = read_repeat(p.text, p.n, earlier, None)
            if got is not None:
                out.append((r, p.n, got.source))
            earlier.append((p.n, p.text, "resolves"))
    return out


def _undone(r, source: int) -> dict:   # type: ignore[no-untyped-def]
    """The inputs under which the earlier part does not happen: declined when optional, else an empty discard pile."""
    text = next(p for p in r.ability.parts if p.n == source)
    first = next(p for p in r.ability.parts if p.n == (text.depends_on or source))
    if first.optional or optional_cost(first.text):
        return {"decline": str(first.n)}
    assert "discard pile" in first.text, (r.name, first.text)
    return {"discard": 0}


def test_the_repeat_cards():
    names = {r.name for r, _, _ in _repeats()}
    assert {"Soulfire", "Double Edge", "Protect", "Chant Of Protection", "Frost Fang"} <= names
    assert "Abundance" not in names   # "for each card they cannot or do not draw" counts what did not happen


def test_nothing_done_earlier_means_zero_times():
    for r, n, source in _repeats():
        a = ask(r.name, r.edition, ability=r.ask, units="both", **_undone(r, source))
        assert part(a, source)["outcome"] in UNDONE, (r.name, r.edition, part(a, source))
        later = [p for p in a["parts"] if p["n"] >= n]
        following = FOLLOWING.search(part(a, n)["text"])
        for p in later if following else later[:1]:
            assert p["outcome"] == "skipped" and "0 times" in p["why"], (r.name, r.edition, p)
        assert not any("at least once" in i["text"] for i in a["interpretations"]), (r.name, r.edition)


def test_done_earlier_the_count_is_said():
    for r, n, _source in _repeats():
        a = ask(r.name, r.edition, ability=r.ask, units="both")
        assert part(a, n)["outcome"] == "resolves", (r.name, part(a, n))
        assert any("once for each" in x for x in part(a, n)["result"]), (r.name, part(a, n))
        assert not any("at least once" in i["text"] for i in a["interpretations"]), (r.name, r.edition)


def test_a_search_of_a_described_discard_pile_counts_it():
    for r, n, source in _repeats():
        search = next((m for p in r.ability.parts if p.n <= source
                       and (m := re.search(r"for (?:up to )?(\d+) ", p.text)) and "discard pile" in p.text), None)
        if search is None:
            continue
        for pile in (1, 2, 5):
            times = min(int(search.group(1)), pile)
            a = ask(r.name, r.edition, ability=r.ask, units="both", discard=pile)
            for p in a["parts"][n - 1:]:
                assert p["outcome"] == "resolves" and any(x.startswith(f"{times} time") for x in p["result"]), \
                    (r.name, pile, p)
