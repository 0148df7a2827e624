"""`arbiter ask` on a Redemption sentence naming a second card that the first card's ability itself names
("how long does Priscilla's band with Aquila last?": her text says "May band with Aquila"; "does Benjamin, the Young
still protect Lost Souls ...": his says "Protect Lost Souls"): the question is about the card whose text names the
others, said in a note, the others offered (engine/rulesets/redemption/phrases_ask.py). Checked over real pairs derived
from the data: every Redemption card whose text names another card's whole name."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.registry import find_ruleset
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, imported_catalog):
    return imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-red"))


@pytest.fixture(scope="module")
def asker(every_game) -> Asker:
    return Asker(Arbiter.open(str(every_game)))


def _pairs(arbiter: Arbiter) -> list[tuple[str, str]]:
    """(card, a one-word name its text names) over the real cards: names of one capitalised word of 5+ letters that
    are no card of the other games (the sentence then names Redemption only)."""
    cards = arbiter.cards_of("redemption")
    elsewhere = {c.name.casefold() for g in ("ashes", "dominion", "grand-archive", "l5r") for c in arbiter.cards_of(g)}
    plain = {c.name for c in cards if re.fullmatch(r"[A-Z][a-z]{4,}", c.name) and c.name.casefold() not in elsewhere}
    out, seen = [], set()
    for card in cards:
        if card.name in seen or "(" in card.name or card.name in plain:
            continue
        seen.add(card.name)
        named = sorted(n for n in plain if re.search(rf"\b{n}\b", card.text) and n not in card.name)
        if named and not any(w.casefold() in {p.casefold() for p in plain} for w in card.name.split()):
            out.append((card.name, named[0]))
    return out


def test_a_card_named_by_the_asked_cards_text_is_not_a_second_question(asker: Asker) -> None:
    pairs = _pairs(asker.arbiter)
    assert len(pairs) >= 30
    wrong = []
    for name, other in pairs[::4]:
        result = asker.read(f"how long does {name}'s ability with {other} last?")[0]
        got = result.reading.inputs.get("card") if result.reading is not None else None
        if got is None or not got.startswith(name):
            wrong.append((name, other, got, result.asked and result.asked.why))
    assert not wrong, wrong


@pytest.mark.parametrize(("text", "card", "other", "said"), [
    ("how long does priscilla's band with aquila last?", "Priscilla", "Aquila", "ability names"),
    # "Lost Souls" is also the game's own phrase: said so, and no card offered for it
    ("does Benjamin, the Young still protect Lost Souls after he is discarded from battle?", "Benjamin, the Young",
     "Lost Souls", "game's word"),
])
def test_the_judged_sentences_read_the_card_whose_text_names_the_other(asker: Asker, text: str, card: str,
                                                                         other: str, said: str) -> None:
    result = asker.read(text)[0]
    assert result.reading is not None, result.asked
    assert result.reading.inputs["card"].startswith(card)
    assert any(other.casefold() in note.casefold() and said in note for note in result.reading.notes)
    if said == "ability names":
        assert any(o.label.startswith(other) for o in result.reading.others)


def test_the_printing_note_says_what_the_command_says_over_names_whose_printings_read_apart(asker: Asker) -> None:
    """A name typed without its printing: the sentence's answer carries the command's note, which judged the other
    printings too and says whether their answer differs (names derived from the data: printings of one name whose
    texts differ)."""
    from engine.names import card_identity

    texts: dict[str, set[str]] = {}
    plain: dict[str, str] = {}
    for card in asker.arbiter.cards_of("redemption"):
        key = card_identity(card.name)
        texts.setdefault(key, set()).add(card.text)
        if "(" not in card.name and "[" not in card.name:
            plain.setdefault(key, card.name)
    names = sorted(plain[k] for k, t in texts.items() if len(t) > 1 and k in plain and len(plain[k].split()) > 1)
    assert len(names) >= 100
    checked = 0
    for name in names[::40]:
        result = asker.read(f"how long does {name} last?")[0]
        if result.reading is None or result.reading.command != "duration":
            continue
        answer = asker.answer(result.reading, cards=result.cards)
        direct = asker.arbiter.duration(name).as_json()
        assert answer["match"].get("note") == direct["match"].get("note"), name
        checked += 1
    assert checked >= 5


def test_a_lost_soul_said_to_be_rescued_has_left_play_over_real_lost_souls(asker: Asker) -> None:
    souls = sorted({c.name for c in asker.arbiter.cards_of("redemption") if c.type.startswith("Lost Soul")
                    and c.text.strip() and "(" not in c.name})
    assert len(souls) >= 20
    wrong = []
    for name in souls[::max(1, len(souls) // 8)]:
        result = asker.read(f"{name} is in my Land of Bondage and it just got rescued. Does its ability still last?")[0]
        then = result.reading.inputs.get("then", []) if result.reading is not None else None
        if then != ["leaves-play"]:
            wrong.append((name, then, result.asked and result.asked.why))
    assert not wrong, wrong


def test_cards_set_aside_for_n_turns_said_to_return_are_read_as_coming_back_over_real_cards(asker: Asker) -> None:
    from engine.sentence import number

    found = {}
    for card in asker.arbiter.cards_of("redemption"):
        m = re.search(r"\bset\b[^.]*?\baside for (\w+) turns?\b", card.text, re.I)
        if m and number(m.group(1)) and card.name not in found:
            found[card.name] = number(m.group(1))
    assert len(found) >= 20
    wrong = []
    for name in sorted(found)[::4]:
        result = asker.read(f"after the Hero set aside by {name} returns, does its ability still last?")[0]
        then = result.reading.inputs.get("then") if result.reading is not None else None
        if then != ["turn-ends"] * found[name] + ["phase-ends"] * 2:
            wrong.append((name, found[name], then, result.asked and result.asked.why))
    assert not wrong, wrong


def _printing_words(asker: Asker) -> list[tuple[str, str, str]]:
    """(name as typed, a word only one non-default printing's text says, that printing's text) over real names whose
    printings read apart, the name leading to its default printing."""
    from rapidfuzz.distance import OSA

    from engine.names import fold
    from engine.reader import EVERYDAY_RULES
    from engine.sentence import EVERYDAY

    out = []
    seen = set()
    matcher = asker._matcher(find_ruleset("redemption"), None)
    names = {w for c in asker.arbiter.cards_of("redemption") for w in fold(c.name).split()}

    def a_name(word: str) -> bool:  # a word near a card's name reads as that card ("colors": Coat of Many Colors)
        return any(OSA.distance(word, n, score_cutoff=2) <= 2 for n in names)

    for card in asker.arbiter.cards_of("redemption"):
        name = re.sub(r"\s*[(\[].*$", "", card.name)
        if name in seen or len(name.split()) < 2:
            continue
        seen.add(name)
        result = matcher.match(f"{name}'s")
        if result.card is None or result.chosen != "default" or len(result.printings) < 2:
            continue
        plain = asker.read(f"how long does {name} last?")[0]  # the name alone reads as this Redemption card
        if plain.reading is None or plain.reading.game != "redemption":
            continue
        texts = {p.text for p in result.printings}
        stems = {t: {w[:5] for w in fold(t).split() if len(w) >= 4} for t in texts}
        for text in sorted(texts - {result.card.text}):
            own = sorted(w for w in fold(text).split() if len(w) >= 6 and w not in EVERYDAY and w not in
                         EVERYDAY_RULES and all(w[:5] not in s for t, s in stems.items() if t != text)
                         and w[:5] not in {n[:5] for n in fold(name).split()} and not a_name(w))
            if own:
                out.append((name, own[0], text))
                break
    return out


def test_a_word_only_another_printing_says_picks_that_printing_over_real_names(asker: Asker) -> None:
    cases = _printing_words(asker)
    assert len(cases) >= 50
    wrong = []
    for name, word, text in cases[::12]:
        result = asker.read(f"how long does {name}'s {word} last?")[0]
        card = result.cards[0].card if result.reading is not None and result.cards else None
        if card is None or card.text != text:
            wrong.append((name, word, result.reading and result.reading.inputs, result.asked and result.asked.why))
    assert not wrong, wrong
