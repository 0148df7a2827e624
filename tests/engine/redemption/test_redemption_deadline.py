"""A deadline the card acts at is a stated time (blind round redemption-seed41011, probe on Dejected): "If it is not
rescued by the end of the current player's next turn, discard this card to place the Lost Soul beneath owner's draw
pile" was read as a trigger waiting to be told, so the placement went on after that turn had ended. Unless the Lost
Soul is rescued first (its result changes), the card discards itself then: the time measures the placement (B3, B4).
Checked over every real card with the wording, read from the card words."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.redemption import judge
from engine.rulesets.redemption.render import summary
from tests.engine.redemption.redemption_builder import real_cards

_DEADLINE = re.compile(r"\bnot rescued by the end of the current player['’]s next turn, discard this card\b", re.I)


@cache
def deadline_cards() -> list[str]:
    return sorted(name for name, card in real_cards().items() if _DEADLINE.search(card.text))


def test_the_class_from_the_card_words():
    assert len(deadline_cards()) == 4 and "Dejected" in deadline_cards(), deadline_cards()


@pytest.mark.parametrize("turn", ["mine", "theirs"])
def test_the_placement_ends_at_the_deadline_or_when_the_result_changes_first(turn):
    for name in deadline_cards():
        card = real_cards()[name]
        # The current player's next turn: the rest of this turn, the other player's, then theirs (2 players).
        for ends in range(3):
            still = judge(card, "battle", ["turn-ends"] * ends, turn=turn)
            assert still.persists, (name, ends, summary(still))
            assert not still.part.waits_for, (name, summary(still))  # no trigger left to be told
            if ends:  # once a turn has passed, whose next turn it is is said, not "the current player's"
                whose = "your next turn" if turn == "mine" else "their next turn"
                assert whose in summary(still) and "the current player's next" not in summary(still), name
        over = judge(card, "battle", ["turn-ends"] * 3, turn=turn)
        assert not over.persists and summary(over).startswith("Has ended: the turn ended"), (name, summary(over))
        rescued = judge(card, "battle", ["turn-ends", "result-changed"], turn=turn)
        assert not rescued.persists, (name, summary(rescued))
