"""`arbiter ask`: words that are no card although a card bears them (lead's routing of blind rounds 71011/71021):
- Redemption 71011 S20Q: "my lone I Samuel Hero" is an identifier, as the game's texts print "<Book> Hero", not the
  card Samuel (asked back as "several cards"). Over every one-word Redemption name its texts print before "Hero" or
  "Evil Character".
- L5R 71021 #16: "my first chance to take a Reaction" beside L5R's "A Weak Poison" is a word, not Grand Archive's
  "Chance, Seven of Spades" (refused as "several games"). Over every Grand Archive name "X, ..." whose X is one
  lower-case word of an L5R sentence."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.names import fold
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-words-not-names"))
    return Asker(Arbiter.open(str(db)))


def test_a_name_printed_as_an_identifier_is_no_card(asker: Asker) -> None:
    cards = asker.arbiter.cards_of("redemption")
    names = {fold(c.name): c.name for c in cards if re.fullmatch(r"[A-Z][a-z]{3,}", c.name)}
    printed = {m.group(1) for c in cards for m in re.finditer(r"\b([A-Z][a-z]{3,}) (?:Hero|Evil Character)\b",
                                                             c.text or "")}
    identifiers = sorted(w for w in printed if fold(w) in names)
    assert len(identifiers) >= 5, identifiers
    wrong = []
    for word in identifiers:
        result = asker.read(f"If David's Tent is discarded, can I still draw 1 when my lone {word} Hero attacks?")[0]
        if any(s.typed == word for s in result.cards) or (result.asked is not None and word in result.asked.why
                                                          and result.asked.kind != "missing-input"):
            wrong.append((word, result.asked and result.asked.why[:80]))
    assert not wrong, wrong
    named = asker.read(f"how long does {identifiers[0]} last?")[0]
    assert any(s.typed == identifiers[0] for s in named.cards)  # the name alone is still the card


def test_a_lower_case_short_form_of_another_games_name_is_a_word_beside_a_whole_name(asker: Asker) -> None:
    l5r = {fold(c.name) for c in asker.arbiter.cards_of("l5r")}
    shorts = sorted({c.name.split(",")[0] for c in asker.arbiter.cards_of("grand-archive")
                     if re.fullmatch(r"[A-Z][a-z]{3,}, .+", c.name) and fold(c.name.split(",")[0]) not in l5r})
    assert len(shorts) >= 5, shorts
    wrong = []
    for short in shorts[:: max(1, len(shorts) // 10)]:
        word = short.lower()
        result = asker.read(f"My opponent plays A Weak Poison. After it resolves I pass my {word} to take a "
                            "Reaction. Who can take a Reaction now?")[0]
        if any(s.typed == word and s.game == "grand-archive" for s in result.cards) or result.game != "l5r":
            wrong.append((word, result.game, result.asked and result.asked.why[:80]))
    assert not wrong, wrong
