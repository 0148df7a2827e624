"""`arbiter ask`: a word that is a card name in another game does not choose the game when the sentence names a card of
its own game that explains it (blind rounds ashes-42031 S14/S18/S34, grand-archive-46151 S28, l5r-46121 S14):
- an L5R title written without its "• Experienced 2" is that card's whole name ("Mantle of the Jade Champion");
- "the Sage" after "Sandstorm Sage": a word of a card named in the sentence is that card again, not Dominion's Sage;
- "Throw 1 from Bloodstained Dagger", "changes the attack" beside Rose: words of the named card's own text;
- "wounds" beside Blood Brawl: a bare lower-case word that is only part of another card's name of the same game is
  no card where a card is named whole.
The cards are derived from the data (engine/reader.py `_own_words`, `_bare_words_yield`; engine/card_spans.py)."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.names import card_identity, fold
from tests.shared_paths import require_shared

GAMES = ("redemption", "grand-archive", "ashes", "l5r", "dominion")


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, imported_catalog):
    return imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-across"))


@pytest.fixture(scope="module")
def asker(every_game) -> Asker:
    return Asker(Arbiter.open(str(every_game)))


@pytest.fixture(scope="module")
def names(asker: Asker) -> dict[str, set[str]]:
    """Each game's card identities (folded names without printings)."""
    out: dict[str, set[str]] = defaultdict(set)
    for game in GAMES:
        for card in asker.arbiter.cards_of(game):
            out[game].add(card_identity(card.name))
    return out


def _in_game(result, game: str) -> bool:
    """Read in that game, or asked back within it (never "which game")."""
    return result.game == game and (result.reading is not None or result.asked.kind not in ("several-games",
                                                                                               "wrong-game"))


def test_an_l5r_title_without_its_experienced_mark_is_that_card(asker: Asker, names: dict[str, set[str]]) -> None:
    titles = sorted({c.name.partition(" • ")[0] for c in asker.arbiter.cards_of("l5r") if " • " in c.name
                     and len(c.name.partition(" • ")[0].split()) > 1})
    titles = [t for t in titles if not any(fold(t) in names[g] for g in GAMES if g != "l5r")]
    assert len(titles) >= 100
    wrong = []
    for title in titles[::15]:
        result = asker.read(f"how long does {title} last after the turn ends?")[0]
        if not _in_game(result, "l5r"):
            wrong.append((title, result.asked.why if result.asked else result.game))
    assert not wrong, wrong


def test_a_word_of_a_card_named_before_is_that_card_not_another_games(asker: Asker,
                                                                       names: dict[str, set[str]]) -> None:
    """"... Sandstorm Sage. When the Sage leaves play ...": over every two-word name whose last word is a one-word
    card of another game."""
    cases = []
    for game in GAMES:
        for card in asker.arbiter.cards_of(game):
            words = card.name.split()
            if len(words) != 2 or "(" in card.name or not re.fullmatch(r"[A-Z][a-z]{3,}", words[-1]) or \
                    words[0] == "The":  # ("the Thief" is The Thief)
                continue
            if any(fold(words[-1]) in names[g] for g in GAMES if g != game) and fold(words[-1]) not in names[game]:
                cases.append((game, card.name, words[-1]))
    cases = sorted(set(cases))
    assert len(cases) >= 20
    wrong = []
    for game, name, last in cases[::4]:
        result = asker.read(f"I have {name} in play. When the {last} leaves play, does its ability end?")[0]
        if not _in_game(result, game):
            wrong.append((name, result.asked.why if result.asked else result.game))
    assert not wrong, wrong


def test_an_ability_named_from_the_cards_own_text_is_not_another_games_card(asker: Asker,
                                                                           names: dict[str, set[str]]) -> None:
    """"I use Throw 1 from Bloodstained Dagger": over every Ashes card whose ability name is a one-word card of
    another game."""
    cases = []
    for card in asker.arbiter.cards_of("ashes"):
        for m in re.finditer(r"(?m)^\**([A-Z][a-z]{3,}) (\d):", card.text):
            if any(fold(m.group(1)) in names[g] for g in GAMES if g != "ashes") and "(" not in card.name:
                cases.append((card.name, f"{m.group(1)} {m.group(2)}"))
    cases = sorted(set(cases))
    assert len(cases) >= 10
    wrong = []
    for name, ability in cases[::3]:
        result = asker.read(f"I use {ability} from {name}. What happens?")[0]
        if not _in_game(result, "ashes"):
            wrong.append((name, ability, result.asked.why if result.asked else result.game))
    assert not wrong, wrong


@pytest.mark.parametrize(("text", "game", "card"), [
    ("Rose, Eternal Paragon changes the attack to herself. Does her +1 life last after the end of turn?",
     "grand-archive", "Rose, Eternal Paragon"),
    ("My units have no wounds. How much damage does Blood Brawl deal?", "ashes", "Blood Brawl"),
    ("Does Lick Wounds remove the wounds from my Phoenixborn right away?", "ashes", "Lick Wounds"),
    ("Does Change leave play the turn I play it?", "dominion", "Change"),
    ("Does the Force bonus from Mantle of the Jade Champion still apply after the turn ends?", "l5r",
     "Mantle of the Jade Champion"),
])
def test_the_games_own_card_decides(asker: Asker, text: str, game: str, card: str) -> None:
    result = asker.read(text)[0]
    assert _in_game(result, game), result.asked
    reading = result.reading or result.asked.options[0].reading
    assert card in str(dict(reading.inputs))


@pytest.mark.parametrize(("text", "game"), [
    # the game said, and its own card named around the other games' word (ashes-8's request)
    ("Ashes: I use Summon Mist Spirit but all my Mist Spirits are already in play.", "ashes"),
    ("Ashes: My Phoenixborn has 4 wounds. I use Fear. What happens?", "ashes"),
    ("I use Lulu Firststone but all my Sparks are already in play.", "ashes"),
    ("Luminous Seedling with 2 status tokens on it uses Blossom.", "ashes"),
    # a whole name is not beaten by another game's name starting inside it (ask-l5r's request)
    ("Village Raiders came into play and my opponent has a Reaction. Who goes first?", "l5r"),
    # no card: the one game whose question is asked without a card and reads it
    ("Which comes first, after the Dynasty Phase ends or before the End Phase begins?", "l5r"),
])
def test_the_sentences_own_game_reads_it(asker: Asker, text: str, game: str) -> None:
    result = asker.read(text)[0]
    assert _in_game(result, game), result.asked


def test_a_name_of_several_games_is_the_game_whose_own_rules_words_are_said(asker: Asker,
                                                                           names: dict[str, set[str]]) -> None:
    """"Can I use Abundance if it already has an exhaustion token on it?": Abundance is an Ashes, Dominion and Grand
    Archive card; "exhaustion" is said by many Ashes texts and by none of the others' (SpanIndex.terms). Over every
    Ashes one-word name that is a card of another game too."""
    shared = sorted(n for n in names["ashes"] if " " not in n and any(n in names[g] for g in GAMES if g != "ashes"))
    assert len(shared) >= 5
    wrong = []
    for name in shared:
        result = asker.read(f"Can I use {name.title()} if it already has an exhaustion token on it?")[0]
        if not _in_game(result, "ashes"):
            wrong.append((name, result.asked.why if result.asked else result.game))
    assert not wrong, wrong
