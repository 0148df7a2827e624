"""`arbiter ask` on Ashes, blind rounds 51031/53031 (ask path), as classes over every real card that shares them,
asked through the real command line on a temp database holding all five games:

- "X's side action" / "X's main action": the one ability of X that costs that action (was: playing X from hand);
- a count said as the card says it ("after drawing 2" beside "Draw 2 cards") is the card's own, read (was refused);
- "if I don't control any units": no units of yours, your opponent's taken to be there and said (was left out);
- "my opponent has an (un)exhausted Iron Worker": a unit of theirs, exhausted when said so (was asked whose);
- "my Iron Worker has two Shining Hydra Heads attached": the unit carries both, and what stacks is worked out."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes.resolve import ask_value
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_ask_sentences import REBORN, _json, asked, full_db, targeting_spells
from tests.engine.ashes.test_ashes_stacking import giving

__all__ = ["full_db"]  # the module's fixture: a temp database holding all five games


@cache
def by_action() -> list[tuple[str, str, str]]:
    """(card, action, ability as asked) for every Reborn card with exactly one in-play ability costing that action
    (a ready spell's "side action", a unit's "main action"): every 3rd is asked (the class is large)."""
    out = []
    abilities: dict[str, list] = {}
    for r in every_ability():
        if r.edition == "reborn":
            abilities.setdefault(r.name, []).append(r.ability)
    for card, found in sorted(abilities.items()):
        for kind in ("main", "side"):
            costing = [a for a in found if a.kind != "play" and any(c.kind == kind for c in a.costs)]
            if len(costing) == 1 and any(a.kind != "play" and a is not costing[0] for a in found):
                out.append((card, kind, ask_value(costing[0], tuple(found))))
    return out


@cache
def own_counts() -> list[tuple[str, str, str]]:
    """(card, verb, count) for every Reborn card whose first "draw N" / "deal N" is asked by its own words."""
    out = {}
    for r in every_ability():
        m = re.search(r"\b(draw|deal) (\d+)\b", r.ability.text or "", re.I)
        if (r.edition == "reborn" and m and r.ask == "play") or (r.edition == "reborn" and m and r.name not in out):
            out.setdefault(r.name, (r.name, m.group(1).lower(), m.group(2)))
    return sorted(out.values())


def test_the_classes_are_the_real_cards():
    assert ("Drain Vitality", "side", "2") in by_action() and len(by_action()) >= 20
    assert len(own_counts()) >= 30
    assert {c for c, *_ in giving()} >= {"Shining Hydra Head", "Root Armor"}


@pytest.mark.parametrize(("card", "kind", "ability"), by_action()[::3])
def test_an_ability_said_by_its_action(full_db: str, capsys: pytest.CaptureFixture[str], card: str, kind: str,
                                       ability: str) -> None:
    code, data = _json(capsys, "ask", f"{REBORN}I use {card}'s {kind} action. What happens?", "--db", full_db)
    if data["read_as"] is None:   # a name shared with another game's card: asked back, never answered
        assert code == 1
        return
    assert data["read_as"]["inputs"]["card"] == card
    assert data["read_as"]["inputs"].get("ability") == ability, data["read_as"]


@pytest.mark.parametrize(("card", "verb", "n"), own_counts()[::4])
def test_the_cards_own_count_said_is_read(full_db: str, capsys: pytest.CaptureFixture[str], card: str, verb: str,
                                         n: str) -> None:
    said = {"draw": "drawing", "deal": "dealing"}[verb]
    _code, data = _json(capsys, "ask", f"{REBORN}What happens when I use {card}, {said} {n}?", "--db", full_db)
    if data["read_as"] is None:
        assert data["asked"]["kind"] != "missing-input", data["asked"]   # never refused for its own count
        return
    assert f"{said} {n}" not in " ".join(data["unused"])


@pytest.mark.parametrize("card", targeting_spells()[::8])
def test_no_units_of_mine(full_db: str, capsys: pytest.CaptureFixture[str], card: str) -> None:
    data = asked(capsys, full_db, f"{REBORN}Can I play {card} if I don't control any units?")
    assert data["read_as"]["inputs"].get("units") == "theirs"
    assert "control" not in data["unused"] and "units" not in data["unused"]


@pytest.mark.parametrize("card", targeting_spells()[::8])
def test_a_unit_of_theirs_said_with_its_state(full_db: str, capsys: pytest.CaptureFixture[str], card: str) -> None:
    for state, on in (("an unexhausted", ""), ("an exhausted", "/exhausted")):
        data = asked(capsys, full_db, f"{REBORN}I play {card} and my opponent has {state} Iron Worker. What happens?")
        assert data["read_as"]["inputs"]["card"] == card
        assert f"Iron Worker@theirs{on}" in data["read_as"]["inputs"]["unit"], data["read_as"]


@pytest.mark.parametrize(("card", "edition", "name", "n"), sorted({g[:4] for g in giving() if g[1] == "reborn"}))
def test_two_copies_attached_to_a_named_unit(full_db: str, capsys: pytest.CaptureFixture[str], card: str,
                                             edition: str, name: str, n: int) -> None:
    base = re.sub(r" \d+$", "", name)
    many = card if card.endswith("s") else f"{card}s"
    code, data = _json(capsys, "ask", f"{REBORN}My Iron Worker has two {many} attached. What does {base} do?",
                       "--db", full_db)
    if data["read_as"] is None:   # the ability's name is another game's card (Rage): asked back, never answered
        assert code == 1 and data["asked"]["kind"] in ("wrong-game", "several-games"), data["asked"]
        return
    assert f"Iron Worker@mine/alteration={card}/alteration={card}" in data["read_as"]["inputs"]["unit"]
    assert f"{base} {2 * n}" in data["answer"]["summary"], data["answer"]["summary"]
