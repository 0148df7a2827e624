"""A rule of the game with a stated length ("Players can't materialize or activate cards of those elements until the
beginning of your next turn", "weapons can't be used for this attack", "until end of turn"): the first line said what
the rule does but not until when (blind 46151 S14, graded a poor first line). Checked over every real card whose read
rule effect has such a length: asked alone, its "applies:" clause says the length."""

from __future__ import annotations

import json
import re

from bot.catalog.db import Catalog
from bot.cli import main
from engine.rulesets.grand_archive.effects import Form
from engine.rulesets.grand_archive.reading import read_card
from tests.engine.grand_archive.ga_helpers import real_catalog  # noqa: F401 (the `db` fixture)

_LENGTHS = {Form.END_OF_TURN, Form.NEXT_TURN_START, Form.NEXT_TURN_END, Form.END_OF_ATTACK, Form.DURING_NEXT_TURN}
_SAID = re.compile(r"\buntil\b|\bthis turn\b|\bnext turn\b|\bthis attack\b|\bthat attack\b", re.I)


def test_a_rules_stated_length_is_on_the_first_line(db, capsys):
    with Catalog.open(db, seed_starter=False) as catalog:
        all_cards = {c.name: c for c in catalog.cards("grand-archive")}
    found = sorted({(name, e.part, e.change) for name, card in all_cards.items() for e in read_card(card).effects
                    if e.layer == "-" and e.form in _LENGTHS})
    assert len(found) >= 150, len(found)
    checked = 0
    for name, part, change in found:
        code = main(["grand-archive", "--db", db, "--json", "--effect", f"{name}#{part}"])
        out = json.loads(capsys.readouterr().out)
        if code != 0:
            continue  # (it needs a target or another object the bare question does not give)
        clause = re.search(re.escape(name) + r" applies(?: to [^:]+)?: (" + re.escape(change[:25]) + r"[^;]*)",
                           out["summary"])
        if clause is None:
            continue  # (another effect of the card is what the first line answers, or it is off or over)
        assert _SAID.search(clause.group(1)), (name, part, out["summary"])
        checked += 1
    assert checked >= 60, checked
