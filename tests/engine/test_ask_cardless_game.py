"""`arbiter ask`: a rules question that names no card and no game (blind L5R round 53021 S28: "my trait and my
opponent's trait trigger at the same time ... who decides the order?" got "Which card is it about?") is asked back
by the game whose own rules words it uses, in that game's words; with none, the ask-back names the games to start
the question with (engine/reader.py `_game_by_words`). Checked over every game: words its cards' texts say often
and no other game's do, derived from the data."""

from __future__ import annotations

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.names import fold
from engine.sentence import EVERYDAY
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-cardless"))
    return Asker(Arbiter.open(str(db)))


def _own_words(asker: Asker) -> dict[str, list[str]]:
    """Per game: rules words of its own (terms no other game's index holds), which name no card of any game."""
    games = asker.games()
    names = {w for g in games for c in asker.arbiter.cards_of(g.game) for w in fold(c.name).split()}
    terms = {g.game: set(g.index.terms) for g in games}
    out = {}
    for g in games:
        others = set().union(*(terms[o.game] for o in games if o.game != g.game))
        out[g.game] = sorted(w for w in terms[g.game] - others if len(w) >= 6 and w.isalpha() and w not in names
                             and w not in EVERYDAY)
    return out


def test_a_cardless_question_in_one_games_words_is_asked_back_by_that_game(asker: Asker) -> None:
    titles = {g.game: g.title for g in asker.games()}
    words = _own_words(asker)
    wrong = []
    for game, own in words.items():
        assert len(own) >= 3, (game, own)
        for word in own[:: max(1, len(own) // 4)][:4]:
            result = asker.read(f"how long does the {word} last after the turn ends?")[0]
            said = result.asked.why if result.asked is not None else ""
            if result.game != game and titles[game] not in said:
                wrong.append((game, word, result.game, said[:80]))
    assert not wrong, wrong




def test_no_words_of_any_game_asks_for_the_card_and_the_game(asker: Asker) -> None:
    result = asker.read("how long does it last?")[0]
    assert result.asked is not None and result.asked.kind == "no-card"
    for g in asker.games():
        assert g.title in result.asked.why


def test_the_judged_rules_question_is_taken_by_l5r(asker: Asker) -> None:
    """L5R's rules words take the card-less question: L5R answers it (ask-l5r-2: before the first turn the player
    going first is the active player) or asks back in its own name, never another game."""
    result = asker.read("Before the first turn of the game, my trait and my opponent's trait trigger at the same "
                        "time. My opponent goes first. Who decides the order?")[0]
    assert result.game == "l5r", result
    assert result.reading is not None or (result.asked is not None and "L5R" in result.asked.why), result
