"""The classes of the blind round on seed 46151 (release candidate 2c0d9e0), each checked over every real card that
shares the printed words (found in the imported shared data by the test's own reading, and counted):

1. A damage shield or prevention naming "your champion" ("The next time damage would be dealt to your champion
   this turn, prevent that damage", "Prevent the next 3 damage that would be dealt to your champion this turn", "if
   3 or less damage would be dealt to your champion"): the rules' replacement/prevention is about that champion, so
   while it is active the champion is the object it reaches, never "no effect could reach the champion".
"""

from __future__ import annotations

import json
import re

from bot.catalog.db import Catalog
from engine.rulesets.grand_archive.reading import read_card
from bot.cli import main
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
