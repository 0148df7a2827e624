"""Dominion sentences (blind round dominion-81041, ask #24): "If I set aside Duchess with Prince, ..." was read as two
separate plays (`Prince Duchess`), and Duchess was called discarded this turn. A card that sets another aside and
plays it (Prince each turn, Ghost/Royal Galley/Contract/Delay/Summon... next turn) played the card it set aside, however
the sentence says it: "set aside X with/using <card>", "<card> set aside X", "I bought <Event> and it set aside X".
The cards are derived from their text ("set aside ... play it"), over every real Dominion card."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from tests.shared_paths import require_shared

# "set aside (on this) ... play it", "set aside an Action ... to play it", "Set it aside ... play it"; not a card set
# aside at setup and played "leaving it there" (Way of the Mouse, Riverboat: never in play, a sentence of its own)
SETS_ASIDE_AND_PLAYS = re.compile(r"\bset (?:it |this |them |those )?aside\b(?:(?!\bleaving it there\b).)*?"
                                  r"\bplay (?:it|them|those|that|the set[- ]aside)", re.I | re.S)


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("dominion-import", str(require_shared("dominion"))), tmp_path_factory.mktemp("dom-late7"))
    return Asker(Arbiter.open(str(db)))


def _chain(asker: Asker, text: str) -> list[str]:
    result = asker.read(text)[0]
    assert result.reading is not None, (text, result.asked)
    return list(result.reading.inputs["chain"])


def _setters(asker: Asker) -> list[tuple[str, str]]:
    out: dict[str, str] = {}
    for card in asker.arbiter.cards_of("dominion"):
        # a Way is how its card is played ("Smithy as Way of the Turtle"); Loot is a split pile, not one card's text
        if SETS_ASIDE_AND_PLAYS.search(card.text) and not {"Way", "Loot"} & {t.strip() for t in card.type.split(",")}:
            out.setdefault(card.name, card.type)
    return sorted(out.items())


def test_the_cards_that_set_aside_and_play_are_derived_from_their_text(asker: Asker) -> None:
    names = [n for n, _ in _setters(asker)]
    assert len(names) >= 10, names
    assert {"Prince", "Ghost", "Royal Galley", "Contract", "Delay", "Farmhands", "Patient"} <= set(names)


def test_set_aside_with_a_card_is_that_cards_play(asker: Asker) -> None:
    wrong = []
    for name, kind in _setters(asker):
        said = [f"I set aside Smithy with {name}. When does Smithy leave play?",
                f"I set aside Smithy using {name}. When does Smithy leave play?"]
        if "Event" in kind:
            said.append(f"I bought {name} and it set aside Smithy. When does Smithy leave play?")
        else:
            said.append(f"My {name} set aside Smithy. When does Smithy leave play?")
        for text in said:
            chain = _chain(asker, text)
            if chain != [f"{name} > Smithy"]:
                wrong.append((text, chain))
    assert not wrong


def test_prince_plays_the_card_it_set_aside_which_is_never_discarded_this_turn(asker: Asker) -> None:
    result = asker.read("If I set aside Duchess with Prince, when does Prince leave play and what happens to "
                        "Duchess each turn?")[0]
    assert result.reading is not None, result.asked
    assert result.reading.inputs["chain"] == ["Prince > Duchess"]
    answer = asker.answer(result.reading, cards=result.cards)
    assert answer["summary"].startswith("Prince never leaves play")
    assert "Duchess" not in answer["summary"] or "this turn's Clean-up" not in answer["summary"]
    turns = {c["card"]: c["leaves_play"]["turn"] for c in answer["chain"]}
    assert turns.get("Duchess") != 0, turns  # the card Prince set aside is not discarded this turn
