"""Session 8 classes (blind round 46151 leftovers and issue 33's Grand Archive items), each checked over every real
card that shares the printed words (found in the imported shared data by the test's own reading, and counted):

1. An attack (or action) written with no zone ("attack:polearm") is never on the field: the rules have an attack card
   activated onto the intent, then resolve. A set of "attack cards you activate" reaches one written after the effect
   started (activated under it, said aloud) and not one written before it.
"""

from __future__ import annotations

import re

from bot.catalog.db import Catalog
from engine.rulesets.grand_archive.reading import read_card
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)


def cards(db: str) -> dict:
    with Catalog.open(db, seed_starter=False) as catalog:
        return {c.name: c for c in catalog.cards("grand-archive")}


# the test's own reading: "<Subtype> attack cards you activate ..." / "action cards you activate ..."
_ACTIVATED = re.compile(r"\b((?:[A-Z][a-z]+ )*)(attack|action) cards you activate\b")


def test_an_attack_written_without_a_zone_is_activated_not_on_the_field(db, capsys):
    """General at Arms, Hua Xiong, Alice ("... attack cards you activate enter the intent with +N POWER"): an attack
    written after the effect with no zone is reached (activated under it, said as an interpretation); written before
    it, it is not; an opponent's is not (the set is "you activate")."""
    all_cards = cards(db)
    found = []
    for name, card in sorted(all_cards.items()):
        for effect in read_card(card).effects:
            m = _ACTIVATED.search(effect.sentence)
            if m:
                found.append((name, effect.part, m.group(1).split(), m.group(2)))
    names = sorted({n for n, _, _, _ in found})
    assert {"General at Arms", "Hua Xiong, Insurgent’s Fang", "Alice, Golden Queen"} <= set(names), names
    for name, part, subtypes, kind in found:
        obj = ":".join([kind, *(s.lower() for s in subtypes)])
        after = ask(db, capsys, "--effect", f"{name}#{part}", "--object", obj)
        entry = after["objects"][0]["effects"][0]
        assert entry["applies"], (name, obj, entry)
        assert "on the field" not in after["summary"], (name, after["summary"])
        assert f"{name} applies to the" in after["summary"], (name, after["summary"])
        assert any(i["id"].startswith("activated-card:") for i in after["interpretations"]), after["interpretations"]
        before = ask(db, capsys, "--object", obj, "--effect", f"{name}#{part}")
        assert not before["objects"][0]["effects"][0]["applies"], (name, before["objects"][0])
        assert "activated before" in before["summary"], (name, before["summary"])
        theirs = ask(db, capsys, "--effect", f"{name}#{part}", "--object", f"{obj}:opponent")
        assert not theirs["objects"][0]["effects"][0]["applies"], (name, theirs["objects"][0])
    # a kind the set does not name is not reached, activated or not
    plain = ask(db, capsys, "--effect", "General at Arms", "--object", "attack")
    assert not any(e["applies"] for e in plain["objects"][0]["effects"]), plain["objects"][0]
