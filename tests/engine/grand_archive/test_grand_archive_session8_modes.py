"""A "Choose one" whose other mode summons a token (Bolster Ranks: "• Summon an Automaton Drone token with a buff
counter on it. • Put a buff counter on each ally you control."): the answer takes the mode with a lasting effect, yet
the token of the other mode was summoned too and given that mode's counter (a wrong "+2 POWER"). Checked over every
real card with such a bullet: the token of a mode not taken is not on the field, and the answer says why."""

from __future__ import annotations

import json
import re

from bot.catalog.db import Catalog
from bot.cli import main
from engine.rulesets.grand_archive.reading import read_card
from tests.engine.grand_archive.ga_helpers import real_catalog  # noqa: F401 (the `db` fixture)

_SUMMON = re.compile(r"Summon (?:an?|one|two) ([A-Z][\w' ,-]*?) tokens?\b")


def test_a_token_of_a_mode_not_taken_is_not_summoned(db, capsys):
    with Catalog.open(db, seed_starter=False) as catalog:
        all_cards = {c.name: c for c in catalog.cards("grand-archive")}
    found = []
    for name, card in sorted(all_cards.items()):
        for p in read_card(card).paragraphs:
            if "•" not in p.text:
                continue
            bullets = [b.strip() for b in p.text.split("•")[1:]]
            taken = [b for b in bullets if any(e.mode and b.startswith(e.mode.rstrip("…").strip()) for e in p.effects)]
            for bullet in bullets:
                m = _SUMMON.search(bullet)
                if m and taken and bullet not in taken:
                    found.append((name, p.label, m.group(1)))
    assert {"Bolster Ranks", "Crystalline Reality"} <= {n for n, _, _ in found}, found
    for name, label, token in found:
        code = main(["grand-archive", "--db", db, "--json", "--effect", f"{name}#{label}", "--object", "weapon"])
        out = json.loads(capsys.readouterr().out)
        if code != 0:  # (Cell Forging's mode needs a target weapon: written before it)
            code = main(["grand-archive", "--db", db, "--json", "--object", "weapon", "--effect", f"{name}#{label}"])
            out = json.loads(capsys.readouterr().out)
        assert code == 0, (name, out)
        assert not any(o["object"] == token for o in out["objects"]), (name, out["objects"])
        assert any(i["id"].startswith(f"mode-not-summoned:{name}") for i in out["interpretations"]), name
    bolster = json.loads((main(["grand-archive", "--db", db, "--json", "--object", "ally", "--effect",
                                "Bolster Ranks"]), capsys.readouterr().out)[1])
    assert "power +1" in bolster["summary"] and "power +2" not in bolster["summary"], bolster["summary"]
