"""Dominion sentences (blind round dominion-42041, ask 13/17): the card another card plays is attached to it however
the sentence says it, so it is never put on the wrong turn as a play of its own.
- S5/S32: "I played Mastermind last turn and this turn it plays my Bustling Village" → `Mastermind > Bustling
  Village` ("it" is the card named last before it that plays cards), "one Mastermind play plays Cursed Village ...
  and the other two do nothing" → `King's Court > Mastermind > Cursed Village + nothing + nothing`; "last turn" is the
  chain "last-turn": the answer counts the turns from the one the player is on ("this turn's Clean-up"). Over every card
  that plays a card at the start of a later turn (derived from the cards' behaviour).
- S15: "the Mouse card is Fishing Village" → `Snake Witch as Way of the Mouse > Fishing Village`.
- S27: "Sculptor gains a Caravan to my hand and I play it" → Caravan is a play of its own. Over every card whose text
  gains a card to your hand."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.dominion.behaviour import At, Then
from engine.rulesets.dominion.starter import load_starter
from tests.shared_paths import require_shared

TO_HAND = re.compile(r"\b[Gg]ain\b[^.]*?\b(?:to|into) your hand\b")


@pytest.fixture(scope="module")
def dominion(tmp_path_factory, imported_catalog):
    return imported_catalog(("dominion-import", str(require_shared("dominion"))), tmp_path_factory.mktemp("dom-later"))


@pytest.fixture(scope="module")
def asker(dominion) -> Asker:
    return Asker(Arbiter.open(str(dominion)))


def _chain(asker: Asker, text: str) -> list[str]:
    result = asker.read(text)[0]
    assert result.reading is not None, (text, result.asked)
    return list(result.reading.inputs["chain"])


def _cards(asker: Asker, keep) -> list[str]:
    names = []
    for card in asker.arbiter.cards_of("dominion"):
        if card.name not in names and keep(card):
            names.append(card.name)
    return sorted(names)


def test_a_card_gained_to_hand_and_then_played_is_a_play_of_its_own(asker: Asker) -> None:
    gainers = _cards(asker, lambda c: TO_HAND.search(c.text) and "Action" in c.type and c.name != "Caravan")
    assert len(gainers) >= 10
    wrong = []
    for name in gainers[::2]:
        chain = _chain(asker, f"{name} gains a Caravan to my hand and I play it. When do {name} and Caravan leave "
                              "play?")
        if "Caravan" not in chain or not any(c.startswith(name) for c in chain):
            wrong.append((name, chain))
    assert not wrong, wrong


def test_only_a_gained_card_is_still_not_a_play(asker: Asker) -> None:
    assert _chain(asker, "Sculptor gains a Caravan to my hand. When does Sculptor leave play?") == ["Sculptor"]


def _plays_next_turn(card) -> bool:
    """Cards that play a card at the start of a later turn: "at the start of your next turn, play ..." (Mastermind,
    Riverboat, Farmhands, Captain) or a card they set aside (Ghost, Royal Galley, Contract, Delay ...)."""
    try:
        plays = load_starter().behaviour(card).plays
    except Exception:  # a card the engine cannot model
        return False
    return plays is not None and (plays.at in (At.NEXT_TURN, At.NOW_AND_NEXT_TURN) or plays.then is Then.SET_ASIDE) \
        and "Action" in card.type


def test_what_a_card_played_last_turn_plays_this_turn_is_its_play(asker: Asker) -> None:
    later = _cards(asker, _plays_next_turn)
    assert len(later) >= 4
    wrong = []
    for name in later:
        text = f"I played {name} last turn and this turn it plays my Smithy. When does {name} leave play?"
        result = asker.read(text)[0]
        if result.reading is None:
            wrong.append((name, result.asked.why))
            continue
        chain = list(result.reading.inputs["chain"])
        if chain != ["last-turn", f"{name} > Smithy"]:
            wrong.append((name, chain))
    assert not wrong, wrong


@pytest.mark.parametrize(("text", "chain"), [
    ("I King's Court a Mastermind. Next turn one Mastermind play plays Cursed Village three times and the other two "
     "do nothing. When is King's Court discarded?", ["King's Court > Mastermind > Cursed Village + nothing + nothing"]),
    ("I play Snake Witch using Way of the Mouse and the Mouse card is Fishing Village. When does Snake Witch get "
     "discarded?", ["Snake Witch as Way of the Mouse > Fishing Village"]),
    ("I play Village using Way of the Mouse and the Mouse card is Smithy. When does Village leave play?",
     ["Village as Way of the Mouse > Smithy"]),
])
def test_the_card_played_by_another_is_attached_to_it(asker: Asker, text: str, chain: list[str]) -> None:
    assert _chain(asker, text) == chain


def test_played_last_turn_is_answered_from_the_turn_the_player_is_on(asker: Asker) -> None:
    result = asker.read("I played Mastermind last turn and this turn it plays my Bustling Village three times. When "
                        "does Mastermind leave play?")[0]
    assert result.reading is not None and result.reading.inputs["chain"] == ["last-turn",
                                                                              "Mastermind > Bustling Village"]
    answer = asker.answer(result.reading, cards=result.cards)
    assert answer["summary"] == "Mastermind and Bustling Village both leave play in this turn's Clean-up."
    village = asker.answer(replace(result.reading, inputs={"chain": ["last-turn", "Village", "Caravan"]}))
    assert village["summary"] == ("Village leaves play in the Clean-up of your last turn, the one it was played in; "
                                  "Caravan leaves play in this turn's Clean-up.")
    plain = asker.answer(replace(result.reading, inputs={"chain": ["Mastermind > Bustling Village"]}))
    assert plain["ruling_id"] != answer["ruling_id"]
    assert [c["leaves_play"]["turn"] for c in plain["chain"]] == [c["leaves_play"]["turn"] for c in answer["chain"]]


def test_a_kind_said_settles_a_cards_own_if_its_a_kind_removal(asker: Asker) -> None:
    """"Trash a card from your hand. If it's a Treasure, ... put this onto your deck" (Student), "If it's a Victory
    card, trash this" (Horn of Plenty): "trash a treasure" / "trashed a Copper" takes it out of play, another kind
    does not (blind new-user 42300 #14). Over every card whose own leaving words are "If it's a KIND"."""
    kinds = {"Treasure": ("a Treasure", "a Copper", "an Estate"), "Victory": ("a Victory card", "a Duchy", "a Silver")}
    cases = []
    for card in asker.arbiter.cards_of("dominion"):
        try:
            behaviour = load_starter().behaviour(card)
        except Exception:  # a card the engine cannot model
            continue
        words = "" if behaviour.always_leaves else behaviour.leaves_itself
        m = re.search(r"\bIf it's an? (\w+)", words)
        if m is None or card.name in {c[0] for c in cases}:
            continue
        before = card.text[:card.text.find(m.group(0))]
        verb = re.findall(r"\b(Gain|Trash)\b", before, re.IGNORECASE)[-1].lower()
        cases.append((card.name, verb + "ed", kinds[m.group(1)]))
    assert len(cases) >= 2
    for name, verb, (kind, same, other) in cases:
        for said, removed in ((kind, True), (same, True), (other, False)):
            chain = _chain(asker, f"I played {name} and {verb} {said} with it. When does {name} leave play?")
            assert chain == [f"{name}[removed]" if removed else name], (name, said, chain)
