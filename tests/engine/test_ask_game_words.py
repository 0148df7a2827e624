"""`arbiter ask`: a game's own rules words beside a named card of that game are that game's words, not another
game's card (engine/reader.py, `SpanIndex.terms`: words 10+ of a game's card texts say). "the Fear bonus from Flawless
Naginata" is L5R's Fear, not Ashes' or Dominion's card Fear; "the potion from <a Grand Archive card>" is no Dominion
Potion. Checked over the real cards of each game whose text says the word."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, imported_catalog):
    return imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-words"))


@pytest.fixture(scope="module")
def asker(every_game) -> Asker:
    return Asker(Arbiter.open(str(every_game)))


@pytest.mark.parametrize(("game", "word"), [("grand-archive", "Potion"), ("grand-archive", "Sword"),
                                            ("grand-archive", "Inherited"), ("l5r", "Fear")])
def test_a_rules_word_beside_a_card_of_its_game_is_no_other_games_card(asker: Asker, game: str, word: str) -> None:
    others = {c.name.casefold() for g in ("redemption", "ashes", "dominion", "grand-archive", "l5r") if g != game
              for c in asker.arbiter.cards_of(g)}
    assert word.casefold() in others  # the word is a card of another game
    said = sorted({c.name for c in asker.arbiter.cards_of(game) if re.search(rf"\b{word}\b", c.text)
                   and c.name.casefold() not in others and "(" not in c.name and len(c.name.split()) > 1
                   and word.casefold() not in c.name.casefold()})
    assert len(said) >= 8
    wrong = []
    for name in said[:: max(1, len(said) // 6)]:
        result = asker.read(f"how long does the {word} from {name} last?")[0]
        if result.reading is None or result.reading.game != game:
            wrong.append((name, result.asked and result.asked.why))
    assert not wrong, wrong


def test_the_word_alone_is_still_the_other_games_card(asker: Asker) -> None:
    result = asker.read("Fear when I have no units")[0]
    assert result.reading is not None and result.reading.inputs["card"] == "Fear"
