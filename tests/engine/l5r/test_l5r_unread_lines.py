"""A line no reader knows (no designator, trigger or known wording) is never answered as a one-time change in
silence: on a card that stays in play (Personality, Follower, Item, Holding, Stronghold, Sensei, Region, Spell) it is
a printed trait of the card, in force while the card is in play (LD8); on any card the answer says it was unread.
Over every real unread line."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.coverage import coverage
from tests.engine.l5r.l5r_real import duration, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
UNREAD = [(c, a) for c in (real_cards() if HAVE else ()) for a in read_card(c) if a.kind is Kind.UNREAD]
IN_PLAY = {"Personality", "Follower", "Item", "Holding", "Stronghold", "Sensei", "Region", "Spell"}


def test_the_class():
    assert len(UNREAD) >= 15 and "Doji Kazuo • Experienced" in {c.name for c, _ in UNREAD}


@pytest.mark.parametrize(("card", "ability"), UNREAD, ids=[f"{c.name}#{a.index}" for c, a in UNREAD])
def test_an_unread_line_is_said_and_a_printed_one_lasts_while_in_play(card, ability):
    answer = duration(card=f"{card.name}#{ability.index}", then=["action-resolves", "turn-ends", "leaves-play"])
    assert any(n["id"] == "unread-line" for n in answer["interpretations"])
    printed = card.type in IN_PLAY and not ability.terms and re.search(r"[A-Za-z]{3}", ability.text) \
        and not re.match(r"^[A-Z][\w' ,/-]{0,40}:\s", ability.text)
    if printed:
        assert answer["effect"]["kind"] == "in-play"
        assert [p["persists"] for p in answer["timeline"]] == [True, True, False]


def test_the_printed_traits_of_cards_in_play_last_while_in_play():
    kinds = {c.name: duration(card=f"{c.name}#{a.index}")["effect"]["kind"] for c, a in UNREAD
             if c.type in ("Personality", "Sensei") and not a.terms and ":" not in a.text}
    assert kinds["Doji Kazuo • Experienced"] == "in-play" and kinds["Ninja Shapeshifter"] == "in-play"
    assert sum(k == "in-play" for k in kinds.values()) >= 12


def test_coverage_says_no_unread_line_goes_unsaid():
    data = coverage(real_cards(), lambda card: ())
    assert data["unread_said"] == data["unread"]
    assert any("neither read nor said: 0" in line for line in data["lines"])
