"""`arbiter ask`: a count the card itself prints beside the same word is the card's own number said again, not an
input the sentence leaves unread (blind Ashes round 53031 S10a: "after drawing 2" beside Stellar Oracle's "draw 2
cards" was asked back as a count Arbiter cannot read). Another count beside that word is still the scenario's and
asked back; a count printed only inside a condition ("If your influence is four or less") stays the scenario's.
Checked over every real Ashes card whose text draws a printed number of cards."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.sentence import Sentence, printed_counts, words_of
from tests.shared_paths import require_shared

DRAW = re.compile(r"\b[Dd]raw (\d) cards?\b")


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-own-counts"))
    return Asker(Arbiter.open(str(db)))


def _drawers(arbiter: Arbiter) -> list[tuple[str, int]]:
    out, seen = [], set()
    for card in arbiter.cards_of("ashes"):
        m = DRAW.search(card.text)
        if m is None or card.name in seen or "(" in card.name:
            continue
        seen.add(card.name)
        out.append((card.name, int(m.group(1))))
    return out


def test_the_cards_own_draw_count_said_again_is_read_not_asked(asker: Asker) -> None:
    cards = _drawers(asker.arbiter)
    assert len(cards) >= 10
    for name, n in cards[::2]:
        result = asker.read(f"Ashes: when I use {name}, what happens after drawing {n}?")[0]
        if result.asked is not None:
            assert result.asked.kind != "missing-input" or f"drawing {n}" not in result.asked.why, (name, result.asked)
            continue
        assert result.reading is not None
        assert not any(f"drawing {n}" in u for u in result.reading.unread), (name, result.reading.unread)
        assert "drawing" not in result.unused, (name, result.unused)


def test_another_count_beside_the_same_word_is_still_asked_back(asker: Asker) -> None:
    cards = _drawers(asker.arbiter)
    asked = 0
    for name, n in cards[::2]:
        result = asker.read(f"Ashes: when I use {name}, what happens after drawing {n + 2}?")[0]
        if result.reading is not None:
            assert any(f"drawing {n + 2}" in u for u in result.reading.unread), (name, result.reading.unread)
        elif result.asked.kind == "missing-input":
            assert f"drawing {n + 2}" in result.asked.why
            asked += 1
    assert asked >= 3


def test_a_count_printed_in_a_condition_is_not_the_cards_own() -> None:
    text = "If your influence is four or less, draw a card. [Level 3+] Deal 2 damage to target unit."
    printed = printed_counts(text)
    assert ("deal", 2) in printed and ("damag", 2) in printed
    assert not any(v == 4 for _, v in printed) and not any(v == 3 for _, v in printed)
    said = "if my influence is 4 do I deal 2 damage"
    sentence = Sentence(said, words_of(said), [], "grand-archive")
    sentence.read_own_counts([text])
    read = {sentence.words[i].norm for i in sentence.used}
    assert {"2", "deal"} <= read and "4" not in read


def test_a_one_word_name_that_is_a_small_word_is_a_card_where_typed_capitalised(asker: Asker) -> None:
    """Dominion's Mine ("I play Mine, gain a Gold to my hand and play it" dropped Mine): every real one-word name of
    only a small everyday word is read where typed capitalised inside the sentence, never typed in lower case."""
    from engine.names import fold
    from engine.sentence import FILLER

    names = sorted({(game, card.name) for game in ("dominion", "l5r", "redemption", "grand-archive", "ashes")
                    for card in asker.arbiter.cards_of(game)
                    if len(fold(card.name).split()) == 1 and fold(card.name) in FILLER and len(fold(card.name)) >= 3})
    assert ("dominion", "Mine") in names
    for _game, name in names:
        word = fold(name).capitalize()
        said = asker.read(f"I played {word} this turn. When does it leave play?")[0]
        assert any(s.card is not None and s.card.name == name for s in said.cards), (name, said.cards)
        plain = asker.read(f"is the Throne Room {word.lower()} when it leaves play?")[0]
        assert not any(s.card is not None and s.card.name == name for s in plain.cards), (name, plain.cards)


def test_the_ask_back_names_the_exact_words_to_add_to_the_command(asker: Asker) -> None:
    """The missing-input ask-back says which words to add to the command below, not only "add it"."""
    result = asker.read("Red Flower removes 2 tokens from my unit. Do I get to deal the 1 damage?")[0]
    assert result.asked is not None and result.asked.kind == "missing-input"
    assert "command below with “removes 2” added as one of its inputs" in result.asked.why
    assert result.asked.why.count(". ") == 0
