"""`arbiter ask` on Grand Archive sentences (engine/rulesets/grand_archive/phrases_ask.py), on the real data of all five
games (a temp database filled by `arbiter import-all`).

Class 1: Grand Archive's own rules words (its subtypes, keywords, triggers and actions: "target Potion", "a Curse card",
"On Sacrifice", "Inherited Effect") are card names in other games (Dominion's Potion, Curse, Sword, Sacrifice, ...).
Beside a named Grand Archive card they are its words: the question is read as Grand Archive, never asked "which game".
The words and the cards are derived from the data: every capitalised word of a Grand Archive text that the phrasebook
knows as a rules word and that is the whole name of a card of another game, with every Grand Archive card whose text
says it (and whose name alone is read as Grand Archive)."""

from __future__ import annotations

import json
import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from bot.cli import main
from engine.names import fold
from engine.rulesets.grand_archive.phrases_ask import RULES_WORDS
from tests.shared_paths import require_shared

OTHER_GAMES = ("dominion", "redemption", "l5r", "ashes")


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, imported_catalog) -> str:
    return str(imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-ga")))


@pytest.fixture(scope="module")
def asker(every_game: str) -> Asker:
    return Asker(Arbiter.open(every_game))


def ask_cli(db: str, capsys: pytest.CaptureFixture[str], text: str) -> dict:
    """`arbiter ask --json TEXT` as a player runs it."""
    main(["ask", "--db", db, "--json", text])
    return json.loads(capsys.readouterr().out)


def _rules_word(word: str) -> bool:
    return any(re.fullmatch(pattern, word) for pattern in RULES_WORDS)


def clashing_words(arbiter: Arbiter) -> dict[str, list[str]]:
    """Grand Archive rules words that are another game's card name -> the Grand Archive cards whose text says them."""
    others = {fold(c.name) for g in OTHER_GAMES for c in arbiter.cards_of(g)}
    out: dict[str, list[str]] = {}
    for card in arbiter.cards_of("grand-archive"):
        for word in set(re.findall(r"(?<=[a-z,] )[A-Z][a-z]+", card.text)):
            low = word.lower()
            if low in others and _rules_word(low) and card.name not in out.get(word, []):
                out.setdefault(word, []).append(card.name)
    return out


def test_rules_words_beside_a_grand_archive_card_are_grand_archive_words(asker: Asker) -> None:
    words = clashing_words(asker.arbiter)
    # Sword, Curse, Potion, Banish, Horse, Ranger, Distortion, Harmony, Warrior, Sacrifice, Shield, Bauble, ...
    assert {"Sword", "Curse", "Potion", "Sacrifice"} <= set(words) and len(words) >= 15, sorted(words)
    checked, wrong = 0, []
    for word, cards in sorted(words.items()):
        for name in sorted(cards):
            alone = asker.read(f"Does {name} last until end of turn?")[0]
            if alone.reading is None or alone.reading.game != "grand-archive":
                continue  # a name that is asked back by itself (several cards or games) is another class
            result = asker.read(f"Does {name} last until end of turn if I have a {word}?")[0]
            checked += 1
            # (asked back in Grand Archive where the word is one of the card's own conditions: "a Banish" beside
            # Geni's "If the banished card was an Automaton ally card"; tests/engine/test_ask_missing_input.py)
            if result.game == "grand-archive" and result.asked is not None and result.asked.kind == "missing-input":
                continue
            if result.reading is None or result.reading.game != "grand-archive":
                wrong.append((word, name, result.asked and result.asked.why))
    assert checked >= 150
    assert not wrong, wrong


@pytest.mark.parametrize("text", [
    "I use Potion Infusion: Frostbite on one Potion, then another Potion enters. Does the second Potion get the On "
    "Sacrifice ability?",
    "Does Alice, Phantom Monarch's inherited effect still deal damage if there is a Curse card in her lineage?",
    "I cast Imbue in Frost on my Sword, then play another Sword weapon. Does the new Sword get +2 power?",
])
def test_the_round_sentences_are_read_as_grand_archive_through_the_cli(every_game: str, capsys, text: str) -> None:
    out = ask_cli(every_game, capsys, text)
    if out["asked"] is not None:  # a board state it cannot read ("in her lineage") is asked back, in Grand Archive
        assert out["asked"]["kind"] == "cannot-ask", out["asked"]
        assert [o["read_as"]["game"] for o in out["asked"]["options"]] == ["grand-archive"]
    else:
        assert out["read_as"]["game"] == "grand-archive"
