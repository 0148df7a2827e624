"""The plug-in games' bundled starter sets share one reader: a malformed file is refused naming the card."""

from __future__ import annotations

import json

import pytest

from engine.rulesets.ashes import starter as ashes_starter
from engine.rulesets.grand_archive import starter as ga_starter
from engine.rulesets.l5r import starter as l5r_starter
from engine.starter_sets import StarterError

MODULES = [ashes_starter, ga_starter, l5r_starter]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.STARTER_FILE)
def test_the_shipped_starter_set_reads_whole(module):
    starter = module.load_starter()
    assert len(starter.cards) >= 10 and all(c.name and c.game == starter.cards[0].game for c in starter.cards)
    names = {c.name for c in starter.cards}
    assert all(name in names for _alias, name, _set in starter.aliases)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.STARTER_FILE)
def test_a_malformed_starter_set_is_refused_naming_the_card(module):
    good = json.loads(json.dumps({"game": module.load_starter().cards[0].game, "cards": []}))
    entry = {"name": "Twice", "text": "Some text.", "reborn": {"text": "Some text."}}
    with pytest.raises(StarterError, match="Twice is listed twice"):
        module.parse(json.dumps({**good, "cards": [entry, entry]}))
    with pytest.raises(StarterError, match="card 1 has no name"):
        module.parse(json.dumps({**good, "cards": [{"text": "x"}]}))
    with pytest.raises(StarterError, match="game must be"):
        module.parse(json.dumps({**good, "game": "chess"}))
