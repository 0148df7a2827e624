"""The classes of the blind round on seed 46151 (release candidate 2c0d9e0), each checked over every real card that
shares the printed words (found in the imported shared data by the test's own reading, and counted):

1. A damage shield or prevention naming "your champion" ("The next time damage would be dealt to your champion
   this turn, prevent that damage", "Prevent the next 3 damage that would be dealt to your champion this turn", "if
   3 or less damage would be dealt to your champion"): the rules' replacement/prevention is about that champion, so
   while it is active the champion is the object it reaches, never "no effect could reach the champion".
2. A rule for how cards are activated or enter ("can be activated as though it had fast activation", "Polearm attack
   cards you activate enter the intent with +2 power", "enters the field with all abilities of the banished card")
   was given no layer: the rules' layer list (Continuous Effects, Layers) puts play permissions (Fast vs Slow) and
   increased power, life, durability and levels in layer E, and added abilities in layer D.
"""

from __future__ import annotations

import json
import re

from bot.catalog.db import Catalog
from bot.cli import main
from engine.rulesets.grand_archive.reading import read_card
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)

_REMINDER = re.compile(r"\s*\([^()]*\s[^()]*\)")


def cards(db: str) -> dict:
    with Catalog.open(db, seed_starter=False) as catalog:
        return {c.name: c for c in catalog.cards("grand-archive")}


def _paragraphs(card) -> list[str]:
    return [" ".join(_REMINDER.sub("", p).split()) for p in (card.text or "").split("\n") if p.strip()]


# the test's own reading: damage "would be dealt to your champion" in the card's own words (not inside a quoted
# ability granted to another object, not beside a second set: "your champion and up to one other target unit")
_SHIELD = re.compile(r"(?:^|[.:] )(?:(?:Until [^,]+|[\w ]+ Bonus:?), )?(?:if|the next time|prevent the next [\w+]+)"
                     r" [^.“\"]*?\bwould be dealt to your champion\b(?! and )", re.I)


def _asked(db: str, capsys, *args: str) -> dict:
    """`ask`, with the target a card's other sentence needs ("target ally you control": written after the champion)."""
    code = main(["grand-archive", "--db", db, "--json", *args])
    out = json.loads(capsys.readouterr().out)
    if code == 2 and "needs a target" in out.get("error", ""):
        kind = re.search(r"needs a target \((?:an? )?(\w+)", out["error"]).group(1)
        return ask(db, capsys, *args[:2], "--object", kind, *args[2:])
    assert code == 0, out
    return out


def test_a_shield_naming_your_champion_reaches_your_champion(db, capsys):
    """Every real card whose own text prevents or replaces damage "that would be dealt to your champion" (Spellshield:
    Arcane/Astra/Tera/Wind, Cloak of Stillwater, Calming Breeze, Crystallized Destiny, False Step, ...): the effect
    read is for your champion (not the game), and asked with your champion the answer says it applies to it; the
    opponent's champion is not reached."""
    all_cards = cards(db)
    printed = sorted(n for n, c in all_cards.items() if "would be dealt to your champion" in (c.text or ""))
    found = []
    for name in printed:
        for n, para in enumerate(_paragraphs(all_cards[name]), start=1):
            if _SHIELD.search(para):
                found.append((name, n, para))
    names = sorted({n for n, _, _ in found})
    assert len(printed) >= 20 and len(names) >= 20, (len(printed), names)
    assert {"Spellshield: Arcane", "Spellshield: Wind", "Cloak of Stillwater", "Calming Breeze",
            "Crystallized Destiny", "Rusted Warshield"} <= set(names), names
    for name, n, para in found:
        effects = [e for e in read_card(all_cards[name]).effects
                   if "would be dealt to your champion" in e.sentence and e.sentence in para]
        assert effects, (name, para)
        for effect in effects:
            assert effect.affected.types == frozenset({"champion"}) and effect.affected.controller == "you", \
                (name, effect.sentence, effect.affected)
        out = _asked(db, capsys, "--object", "champion", "--effect", f"{name}#{n}")
        assert "could reach the champion you control" not in out["summary"], (name, out["summary"])
        assert "the champion you control" in out["summary"], (name, out["summary"])
        assert any(e["applies"] for e in out["objects"][0]["effects"]), (name, out["objects"][0])
    arcane = ask(db, capsys, "--object", "champion", "--effect", "Spellshield: Arcane#2")
    assert arcane["summary"].startswith("Spellshield: Arcane applies to the champion you control: the next time "
                                        "damage would be dealt to your champion this turn, prevent that damage"), \
        arcane["summary"]
    over = ask(db, capsys, "--object", "champion", "--effect", "Spellshield: Arcane#2", "--then", "end-of-turn")
    assert over["summary"].startswith("Spellshield: Arcane does not reach the champion you control: the effect has "
                                      "ended"), over["summary"]
    theirs = ask(db, capsys, "--object", "champion:opponent", "--effect", "Spellshield: Arcane#2")
    assert "does not reach the champion an opponent controls" in theirs["summary"], theirs["summary"]


# the test's own reading of the rules' layer list: E "increase or decrease power, life, durability, levels ... or
# modify play permissions (i.e. Fast vs Slow play speed)", D "add or subtract abilities"
_LAYERED = (
    ("E", re.compile(r"as though (?:it|they) (?:had|has|have) fast activation", re.I)),
    ("E", re.compile(r"\benters? (?:the intent|the field)\b[^.]*?\bwith [+-]?(?:\d+|X) ?(?:POWER|LIFE|DURABILITY|"
                     r"LEVEL)\b", re.I)),
    ("D", re.compile(r"\benters? (?:the field|the intent)\b[^.]*?\bwith (?:all )?(?:the )?abilit", re.I)),
)


def test_permission_and_enters_with_rules_get_the_layer_the_rules_give(db, capsys):
    """Every real card with a read effect saying "as though it had fast activation" (Stonescale Band, Expeditious
    Opening, Bombastic Sprint, Guan Yu), "enter(s) the intent/field with +N POWER" (General at Arms, Hua Xiong, Alice)
    or "enters the field with all abilities" (Tome of Sacred Lightning): the effect is ordered in layer E (or D), never
    "no layer"."""
    all_cards = cards(db)
    found = []
    for name, card in sorted(all_cards.items()):
        for layer, pattern in _LAYERED:
            if not pattern.search(card.text or ""):
                continue
            effects = [e for e in read_card(card).effects if pattern.search(e.sentence)]
            for effect in effects:
                assert (effect.rule_layer[:1] or (effect.layer,))[0] == layer, (name, effect.sentence, effect.layer)
                found.append((name, effect.part, effect.label, layer))
    names = sorted({n for n, _, _, _ in found})
    assert {"Stonescale Band", "Expeditious Opening", "Bombastic Sprint", "General at Arms",
            "Hua Xiong, Insurgent’s Fang", "Alice, Golden Queen", "Tome of Sacred Lightning"} <= set(names), names
    for name, part, label, layer in found:
        out = _asked(db, capsys, "--effect", f"{name}#{part}")
        mine = [e for e in out["effects"] if e["card"] == f"{name} ({label})"]
        assert mine and all(e["layer"] == layer for e in mine), (name, label, mine)
        assert not any(r["reason"].startswith("no layer") for r in out["order_reasons"]
                       if r["card"] == f"{name} ({label})"), (name, out["order_reasons"])
    band = ask(db, capsys, "--effect", "Stonescale Band#2", "--then", "end-of-turn")
    assert band["summary"].startswith("Stonescale Band has ended"), band["summary"]
    general = ask(db, capsys, "--effect", "General at Arms", "--object", "attack:polearm@hand")
    assert general["objects"][0]["effects"][0]["layer"] == "E", general["objects"][0]
    tome = ask(db, capsys, "--effect", "Tome of Sacred Lightning", "--then", "end-of-turn")
    assert any(e["layer"] == "D" and e["status"] == "active" for e in tome["effects"]), tome["effects"]
