"""Blind round 53051, class 2: a buff counter on Idle Fatestone (an item) was said to give it "+1 power and +1 life".
Official "Counters", Buff 2 / Debuff 2: a counter does not create a power or life stat the object lacks (the counter
stays on it). Items, domains and regalia items have neither, weapons have power only; allies keep both. Every real
non-unit card whose text speaks of buff counters is asked with buff counters on it (the test's own reading of the
imported data: its card type, less the Fatestones' ally faces, which the data types as items)."""

from __future__ import annotations

import json

from bot.cli import main
from tests.engine.grand_archive.ga_helpers import real_catalog  # noqa: F401 (the `db` fixture)
from tests.engine.grand_archive.test_grand_archive_session8 import cards


def _kind(card) -> str:
    words = card.type.lower().split()
    if "ally" in words or "champion" in words:
        return "unit"
    if "fatestone" in card.card_class.lower() and "fatestone" not in card.name.lower():
        return "unit"
    if "weapon" in words:
        return "weapon"
    return "statless" if set(words) & {"item", "domain"} else "other"


def test_counters_give_no_stat_an_object_lacks(db, capsys):
    checked = {"statless": 0, "weapon": 0}
    for card in sorted(cards(db).values(), key=lambda c: c.name):
        if "buff counter" not in (card.text or "").lower():
            continue
        kind = _kind(card)
        if kind not in checked:
            continue
        code = main(["grand-archive", "--db", db, "--json", "--object", f"{card.name}[buff=2]", "--effect", card.name])
        out = json.loads(capsys.readouterr().out)
        if code != 0:
            continue  # needs a target or is refused whole (said so): asked below without its effect
        mine = next((o for o in out["objects"] if o["description"] == card.name), None)
        if mine is None or any(str(v.get("base_from", "")).startswith("set by") for v in mine["net"].values()):
            continue  # (an effect that makes it an ally with power and life: then counters change them)
        assert "life" not in mine["net"], (card.name, mine["net"], out["summary"])
        reached = any(e["applies"] for e in mine["effects"])  # (else the first line is about what reaches it)
        if kind == "statless":
            assert "power" not in mine["net"], (card.name, mine["net"])
            assert not reached or "give it no power or life" in out["summary"], (card.name, out["summary"])
        else:
            assert not reached or "give it no life" in out["summary"], (card.name, out["summary"])
        checked[kind] += 1
    print(f"checked with buff counters: {checked}")
    assert checked["statless"] >= 8, checked


def test_a_weapon_gets_power_but_no_life(db, capsys):
    weapons = [c.name for c in sorted(cards(db).values(), key=lambda c: c.name) if "WEAPON" in c.type.split()
               and "[" not in (c.text or "")[:1]][:10]
    assert len(weapons) >= 5
    for name in weapons:
        code = main(["grand-archive", "--db", db, "--json", "--object", f"{name}[buff=1]", "--effect", name])
        out = json.loads(capsys.readouterr().out)
        if code != 0:
            continue
        mine = next((o for o in out["objects"] if o["description"] == name), None)
        if mine is not None:
            assert "life" not in mine["net"], (name, mine["net"])


def test_an_ally_keeps_power_and_life_from_counters(db, capsys):
    code = main(["grand-archive", "--db", db, "--json", "--object", "Mocking Otter[buff=1]", "--effect",
                 "Mocking Otter"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    mine = next(o for o in out["objects"] if o["description"] == "Mocking Otter")
    assert "power" in mine["net"] and "life" in mine["net"], mine["net"]
