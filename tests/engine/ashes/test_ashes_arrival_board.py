"""Blind round 71031, class 2: a conjuration placed by its Summon card triggers its own "When this unit comes into
play" ability, and that ability was only quoted ("Tag 1 then triggers: “Place 1 exhaustion token on a target ...”")
even when the units named leave it nothing to do, which asking the conjuration's ability directly got right. Now the
summon's answer resolves the entering ability on the same units and says when none of it can happen. Checked over
every summon of both editions whose conjuration has such an ability (derived here), against the conjuration's own
answer on the same board (the path the round found right), for a few boards."""

from __future__ import annotations

from functools import cache

from engine.rulesets.ashes.abilities import ENTERS
from tests.engine.ashes.real import ask, every_ability, printings

BOARDS = ("Iron Worker@theirs", "Frost Talon@mine", "Iron Worker@theirs;Hammer Knight@mine/exhausted")


@cache
def arriving() -> tuple[tuple[str, str, str, str], ...]:
    """(summon card, edition, conjuration, its entering ability as asked) for every named conjuration so placed."""
    entering = {(r.name, r.edition): r.ask for r in every_ability()
                if r.ability.trigger is not None and r.ability.kind != "play" and ENTERS.match(r.ability.text)}
    out = []
    for card, edition, p in printings():
        if not card.name.startswith("Summon "):
            continue
        for conj in p.conjurations:
            if (conj, edition) in entering:
                out.append((card.name, edition, conj, entering[(conj, edition)]))
    return tuple(sorted(set(out)))


def test_the_cards_sharing_it():
    names = {c for c, *_ in arriving()}
    assert {"Summon Scrawler", "Summon Seafoam Snapper", "Summon Seaside Raven"} <= names and len(names) >= 12


def test_the_summon_says_what_the_conjuration_itself_says():
    nothing = something = 0
    for card, edition, conj, ability in arriving():
        for units in BOARDS:
            a = ask(card, edition, unit=units, conjurations_left=2)
            x = next((x for x in a["board_reactions"] if x["card"] == conj), None)
            if x is None:   # not placed here (another ability of the summon was answered)
                continue
            own = ask(conj, edition, ability=ability, unit=units)
            none_happen = own["usable"]["value"] and own["parts"] and all(
                p["outcome"] == "skipped" for p in own["parts"])
            assert bool(x.get("nothing")) == bool(none_happen), (card, edition, units, x, own["summary"])
            if none_happen:
                nothing += 1
                assert "does nothing" in a["summary"], a["summary"]
            else:
                something += 1
    assert nothing >= 3 and something >= 3
