"""`arbiter ask`: a single word that names several cards of a game but no card's whole name, where that game's own
phrases read the word, is that word and no card ("if my champion is a Cleric, ...": Grand Archive's class, not one
of its "Cleric ..." cards; ask-ga-2's request, blind round 53051 ask #4, which was asked back "“Cleric” names several
Grand Archive cards: which one?"). Checked over every Grand Archive champion class of the data (the first word of a
card's class line on 40+ cards) that the matcher reads as ambiguous, with the game's hints holding the class words."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.reader import read
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-hint-words"))
    return Asker(Arbiter.open(str(db)))


class _WithHints:
    """The game's phrasebook, its hints holding more words (what the game's phrasebook owner adds)."""

    def __init__(self, book, more: tuple[str, ...]) -> None:
        self._book = book
        self.hints = tuple(book.hints) + more

    def __getattr__(self, name: str):
        return getattr(self._book, name)


def test_a_class_word_the_game_reads_is_no_ambiguous_card(asker: Asker) -> None:
    firsts = Counter(c.card_class.split()[0].capitalize() for c in asker.arbiter.cards_of("grand-archive")
                     if c.card_class.split())
    matcher = asker.arbiter.matcher("grand-archive")
    classes = sorted(k for k, n in firsts.items() if n >= 40 and matcher.match(k).how == "ambiguous")
    assert "Cleric" in classes and len(classes) >= 2, classes
    games = asker.games()
    patched = [replace(g, phrasebook=_WithHints(g.phrasebook, tuple(rf"{k.lower()}s?" for k in classes)))
               if g.game == "grand-archive" else g for g in games]
    for word in classes:
        article = "an" if word[0] in "AEIOU" else "a"
        text = f"If my champion is {article} {word}, what does Zhang Liao, Bloodmonger do at my recollection phase?"
        result = read(text, patched)
        assert not (result.asked is not None and result.asked.kind == "which-card" and word in result.asked.why), \
            (word, result.asked)
        assert not any(s.typed == word for s in result.cards), (word, result.cards)
