"""`arbiter rule` cites each rule's source by its public title (and address where known), never by the name of
the local copy the project was built from (the seed files, data folders). Every registered game is checked, so
a game added later is held to the same."""

from __future__ import annotations

import re

import pytest

from bot.cli import main
from engine.registry import all_rulesets

INTERNAL = re.compile(r"\b\d{3}_[0-9a-f]{16}\b|\bseeds?\b|\.txt\b|shared/|/work/", re.IGNORECASE)


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.game)
def test_rule_sources_are_public_titles(ruleset, capsys):
    assert main(["rule", "--game", ruleset.game]) == 0
    out = capsys.readouterr().out
    sources = [line.strip().removeprefix("Source: ") for line in out.splitlines() if line.startswith("   Source: ")]
    assert len(sources) == len(ruleset.rules())
    for source in sources:
        assert not INTERNAL.search(source), source
        assert re.search(r"[A-Z]\w+", source), source  # names a title, not just a section


def test_the_known_public_addresses_are_cited():
    sources = {r.game: " ".join(rule.source for rule in r.rules().values()) for r in all_rulesets()}
    assert "https://landofredemption.com/defining-duration" in sources["redemption"]
    assert "https://wiki.dominionstrategy.com/index.php/Duration" in sources["dominion"]
