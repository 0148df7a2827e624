"""`arbiter ask` on L5R cards of several abilities and L5R's own keyword "Fear" (engine/rulesets/l5r/phrases_ask.py).

A card with several abilities asked about by a word only one of them says ("Roaming Caravan's straighten") is judged
for that ability (`CARD#N`), not the one judged by default (about 1,550 L5R cards have several abilities; 178 of them
produce Gold beside another ability). Checked over real cards derived from the data: each Gold producer whose other
ability has a word no other ability of it says. "Fear" beside an L5R card is L5R's keyword, not the Ashes or Dominion
card named Fear (about 430 L5R texts say Fear: engine/reader.py, a game's own rules words)."""

from __future__ import annotations

import re

import pytest
from rapidfuzz.distance import OSA

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.names import fold
from engine.rulesets.l5r.abilities import read_card
from engine.rulesets.l5r.phrases_ask import PHRASEBOOK
from engine.rulesets.l5r.question import first_to_judge
from engine.sentence import EVERYDAY
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, imported_catalog):
    return imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-l5r"))


@pytest.fixture(scope="module")
def asker(every_game) -> Asker:
    return Asker(Arbiter.open(str(every_game)))


def _words(text: str) -> set[str]:
    return {w for w in fold(text).split() if len(w) >= 6 and w not in EVERYDAY and w not in PHRASEBOOK.filler}


def _gold_producers_with_another_ability(arbiter: Arbiter) -> list[tuple[str, int, str]]:
    """(name, ability index, a word only that ability says) for Gold producers judged by default for their Gold."""
    out, seen = [], set()
    named = {w for c in arbiter.cards_of("l5r") for w in fold(c.name).split()}

    def a_name(word: str) -> bool:  # a word near a card's name reads as that card ("destined": Detained)
        return any(OSA.distance(word, n, score_cutoff=2) <= 2 for n in named)

    for card in arbiter.cards_of("l5r"):
        if card.name in seen or not re.search(r"Produce \d+ Gold", card.text):
            continue
        seen.add(card.name)
        abilities = read_card(card)
        default = first_to_judge(abilities)
        if len(abilities) < 2 or "Gold" not in default.text:
            continue
        name_words = set(fold(card.name).split())
        for ability in abilities:
            if ability.index == default.index:
                continue
            others = set().union(*(_words(a.rules_text or a.text) for a in abilities if a is not ability))
            own = sorted(w for w in _words(ability.rules_text or ability.text) - others
                         if not any(w[:5] == o[:5] for o in others | name_words) and not a_name(w))
            if own:
                out.append((card.name, ability.index, own[0]))
                break
    return out


def test_a_word_of_another_ability_judges_that_ability_over_every_gold_producer(asker: Asker) -> None:
    cases = _gold_producers_with_another_ability(asker.arbiter)
    assert len(cases) >= 40
    wrong = []
    for name, index, word in cases[::3]:
        result = asker.read(f"in l5r, does {name}'s {word} last after the battle ends?")[0]
        card = (result.reading.inputs.get("card") if result.reading is not None else None) or ""
        if not card.endswith(f"#{index}") or word in [w.casefold() for w in result.unused]:
            wrong.append((name, index, word, card, result.asked and result.asked.why))
    assert not wrong, wrong


def test_the_words_of_the_ability_judged_by_default_are_used_without_a_note(asker: Asker) -> None:
    result = asker.read("how long does the gold from roaming caravan last when i pay for recruiting?")[0]
    assert result.reading is not None and result.reading.inputs["card"] == "Roaming Caravan"
    assert not {"gold", "pay", "recruiting"} & {w.casefold() for w in result.unused}


def test_what_players_call_an_ability_leads_to_it(asker: Asker) -> None:
    result = asker.read("How long does the element from Temple to the Elements last?")[0]
    assert result.reading is not None and result.reading.inputs["card"] == "Temple to the Elements#2"
    assert any("ability #2" in note for note in result.reading.notes)


def test_fear_beside_an_l5r_card_is_the_keyword_over_l5r_cards_saying_fear(asker: Asker) -> None:
    said = sorted({c.name for c in asker.arbiter.cards_of("l5r") if re.search(r"\bFear\b", c.text)
                   and "(" not in c.name and len(c.name.split()) > 1})
    assert len(said) >= 100
    wrong = []
    for name in said[::25]:
        result = asker.read(f"How long does the Fear from {name} last?")[0]
        if result.reading is None or result.reading.game != "l5r":
            wrong.append((name, result.asked and result.asked.why))
    assert not wrong, wrong


def _entering(arbiter: Arbiter) -> list[str]:
    """Real L5R cards with an "After this card enters play" trait (a moment a sentence names by the card)."""
    return sorted({c.name for c in arbiter.cards_of("l5r") if re.search(r"\bAfter this (?:card|Personality) enters "
                                                                         r"play\b", c.text) and "(" not in c.name
                   and "•" not in c.name})


def test_triggers_described_in_words_are_items_of_the_order_over_real_cards(asker: Asker) -> None:
    names = _entering(asker.arbiter)
    assert len(names) >= 20
    wrong = []
    for name in names[::7]:
        text = (f"in l5r, {name} enters play. My opponent has a Reaction and an opponent trait, and I have "
                "a delayed effect for it. In what order do they resolve?")
        result = asker.read(text)[0]
        items = result.reading.inputs.get("item", []) if result.reading is not None else []
        kinds = {i.split(":", 1)[0] + "@" + i.rsplit("@", 1)[-1] for i in items if ":" in i}
        if result.reading is None or result.reading.command != "order" or \
                not {"reaction@opponent", "trait@opponent", "delayed@you"} <= kinds:
            wrong.append((name, items, result.asked and result.asked.why))
    assert not wrong, wrong


def test_an_order_asked_without_a_moment_is_asked_back_not_a_duration(asker: Asker) -> None:
    names = _entering(asker.arbiter)
    for name in names[::15]:
        result = asker.read(f"in l5r, who picks the order for {name} and my other cards?")[0]
        assert result.reading is None and result.asked is not None and result.asked.kind == "cannot-ask", name
