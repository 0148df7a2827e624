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


# --- ask #14, #28: "use it to play Y", "X and then Y" said of a card that replays the next card played ------------
def _players(asker: Asker) -> list[str]:
    """Every card played from your hand that plays an Action from your hand (Throne Room, Royal Galley, Elder...)."""
    from engine.rulesets.dominion.starter import load_starter

    out = set()
    for card in asker.arbiter.cards_of("dominion"):
        if {"Event", "Project", "Way", "Trait", "Prophecy", "Landmark", "Loot", "Ally"} & set(
                t.strip() for t in card.type.split(",")):
            continue
        try:
            plays = load_starter().behaviour(card).plays
        except Exception:
            continue
        if plays is not None and plays.in_play and not plays.replays and not plays.on_gain and \
                "Action" in plays.requires and re.search(r"\bfrom your hand\b", card.text):
            out.add(card.name)
    return sorted(out)


def test_use_it_to_play_is_that_cards_play(asker: Asker) -> None:
    names = _players(asker)
    assert len(names) >= 8, names
    wrong = []
    for name in names:
        text = f"I play {name} and use it to play Smithy. When does Smithy leave play?"
        chain = _chain(asker, text)
        if chain != [f"{name} > Smithy"]:
            wrong.append((text, chain))
    assert not wrong


def test_and_then_after_a_card_that_replays_the_next_card_played_is_its_replay(asker: Asker) -> None:
    replayers = sorted({c.name for c in asker.arbiter.cards_of("dominion")
                        if re.search(r"\bnext time you play\b[^.]*\breplay it\b", c.text, re.I)
                        and not {"Project", "Event"} & {t.strip() for t in c.type.split(",")}})
    assert {"Daimyo", "Flagship"} <= set(replayers), replayers
    for name in replayers:
        chain = _chain(asker, f"I play {name} and then Aristocrat. When do {name} and Aristocrat leave play?")
        assert chain == [f"{name} > Aristocrat"], (name, chain)
    # a card that replays a card played before it (Scepter) is still asked back: "then" does not say which
    assert asker.read("I play Scepter and then Smithy. When does Scepter leave play?")[0].reading is None
