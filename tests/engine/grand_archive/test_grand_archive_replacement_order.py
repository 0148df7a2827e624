"""Blind round 53051, class 3: two replacement effects on one champion (Proof of Life's "double that damage" and
Fleeting Guard's prevention) were ordered by timestamp. The official Replacement Effects page: replacement effects
(damage prevention included, Damage Prevention 3) are applied one at a time in the order chosen by the player who
controls the object they are about; timestamps do not order them. Every real card whose paragraph replaces damage to
a champion or a unit (the test's own reading of its words) is asked beside another damage replacement on the same
champion: where both apply, the order is said as the champion's controller's choice, on the first line and in the
order, and never as timestamps."""

from __future__ import annotations

import re

from bot.cli import main
from engine.rulesets.grand_archive.cardinfo import paragraphs_of
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)
from tests.engine.grand_archive.test_grand_archive_session8 import cards

# the test's own reading: a paragraph that replaces damage dealt to a champion or a unit
_REPLACES_DAMAGE = re.compile(r"\b(?:prevent|double (?:that|the) damage|damage plus \w+ instead)\b", re.I)
_TO_WHOM = re.compile(r"\b(?:your champion|target (?:unit|champion|ally)|units? you control|allies you control)\b",
                      re.I)
_SHIELD = "Spellshield: Arcane"  # "The next time damage would be dealt to your champion this turn, prevent that damage"


def _run(db: str, capsys, *args: str) -> tuple[int, dict | None]:
    import json
    code = main(["grand-archive", "--db", db, "--json", *args])
    out = capsys.readouterr().out
    return code, (json.loads(out) if code == 0 else None)


def _replacing(db: str) -> list[tuple[str, int]]:
    found = []
    for card in sorted(cards(db).values(), key=lambda c: c.name):
        if card.name == _SHIELD:
            continue
        for k, para in enumerate(paragraphs_of(card), 1):
            if _REPLACES_DAMAGE.search(para) and _TO_WHOM.search(para) and "damage" in para.lower():
                found.append((card.name, k))
                break
    return found


def test_damage_replacements_on_one_champion_are_ordered_by_its_controller(db, capsys):
    found = _replacing(db)
    assert len(found) >= 40, len(found)
    both = []
    for name, k in found:
        code, out = _run(db, capsys, "--object", "champion", "--effect", f"{_SHIELD}; {name}#{k}")
        if code != 0:
            code, out = _run(db, capsys, "--object", "champion", "--effect", f"{_SHIELD}; {name}#{k} -> #1")
        if code != 0 or out is None:
            continue  # a card that needs another target (an ally), or refused whole with the reason
        champion = out["objects"][0]
        applying = [e["card"] for e in champion["effects"] if e["applies"]]
        if not any(c.startswith(_SHIELD) for c in applying) or not any(c.startswith(name) for c in applying):
            continue  # its replacement is not about this champion (an ally's, or switched off)
        reasons = {r["card"]: r["reason"] for r in champion["order_reasons"]}
        mine = next(r for c, r in reasons.items() if c.startswith(name))
        if "damage" not in mine:
            continue  # a rule of another kind on the same paragraph (said by its own words)
        both.append(name)
        assert "you (its controller) choose the order" in mine and "GA17" in mine, (name, reasons)
        first = out["summary"].split(". ")[0]
        assert "choose which applies first" in first, (name, out["summary"])
        assert "GA17" in out["rules"], (name, out["rules"])
    print(f"{len(found)} damage replacements read; {len(both)} applied beside {_SHIELD} on one champion")
    assert len(both) >= 20, both


def test_an_opponents_unit_is_ordered_by_the_opponent(db, capsys):
    code, out = _run(db, capsys, "--object", "ally:opponent", "--effect", "Martial Guard -> #1; Luster's Shroud -> #1")
    assert code == 0
    assert "your opponent (its controller) chooses which applies first" in out["summary"], out["summary"]


def test_a_single_replacement_keeps_its_plain_order(db, capsys):
    code, out = _run(db, capsys, "--object", "champion", "--effect", _SHIELD)
    assert code == 0
    assert "choose" not in out["summary"] and "GA17" not in out["rules"], out["summary"]
