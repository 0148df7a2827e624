"""`arbiter ask`: words the answer turns on that no phrase read are never left out of an answer (blind new-user trial
42300: "trash a treasure" beside Student's "If it's a Treasure", "level 2" beside Rising Tides' "[Level 3+]",
"influence is 5" beside "If your influence is four or less", "a status token" beside "units with no tokens on
them"). The question is asked back in one sentence naming those words, the card words that make them matter and how
to give them (engine/sentence.py `bearing`, engine/reader.py `_missing_input`); words no condition of the card
turns on may still be left out, and the answer's first line then says so. Checked over real cards of every game
whose text states such a condition, asked with it."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter, LookupProblem
from engine.interface import QuestionError
from engine.sentence import Sentence, condition_stems, words_of
from tests.shared_paths import require_shared

LEVEL = re.compile(r"\[Level (\d)\+\]")
INFLUENCE = re.compile(r"\bIf your influence is (\w+) or less\b")
CONTROLS = re.compile(r"\bIf (?:your )?(?P<who>you|opponent|an opponent) (?:controls?|has|have) (?:an? )"
                      r"(?P<what>[A-Za-z ]{3,30}?)(?=[,.;:])")
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, imported_catalog):
    return imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-missing"))


@pytest.fixture(scope="module")
def asker(every_game) -> Asker:
    return Asker(Arbiter.open(str(every_game)))


def _names(arbiter: Arbiter, game: str, pattern: re.Pattern[str], printed: bool = False
           ) -> list[tuple[str, re.Match[str]]]:
    """(name, match) of each card whose text matches; `printed`: names with their printing too."""
    out, seen = [], set()
    for card in arbiter.cards_of(game):
        m = pattern.search(card.text)
        if m is None or card.name in seen or ("(" in card.name and not printed) or "[" in card.name:
            continue
        seen.add(card.name)
        out.append((card.name, m))
    return out


def _never_answered_without(asker: Asker, cases: list[tuple[str, str, tuple[str, ...]]]) -> tuple[int, list]:
    """Each (card, sentence, words the answer turns on): asked back naming them, or read with them in the
    command's inputs; never answered with them left out. Returns how many were asked back, and the failures."""
    asked, failures = 0, []
    for name, text, said in cases:
        result = asker.read(text)[0]
        if result.reading is None:
            assert result.asked is not None
            if result.asked.kind == "missing-input":
                asked += 1
                assert any(w in result.asked.why for w in said), (text, result.asked.why)
                assert result.asked.options and result.asked.options[0].label.startswith("Without “")
            continue
        inputs = str(result.reading.inputs).casefold()
        if all(w.casefold() in inputs for w in said if w.isdigit()):
            continue  # read into the inputs
        try:
            answer = asker.answer(result.reading, cards=result.cards)
        except (QuestionError, ValueError, LookupProblem):
            continue  # refused by the command: said first, not a default answer
        failures.append((name, text, str(answer.get("summary"))[:100]))
    return asked, failures


def test_a_level_below_the_cards_level_n_is_never_left_out(asker: Asker) -> None:
    cases = []
    for name, m in _names(asker.arbiter, "grand-archive", LEVEL):
        level = int(m.group(1))
        if level >= 2:
            cases.append((name, f"does {name} still work if my champion is only level {level - 1}?",
                          (str(level - 1),)))
    assert len(cases) >= 40
    _, failures = _never_answered_without(asker, cases[::4])  # (asked back, or read: champion[level=N])
    assert not failures, failures


def test_an_influence_said_beside_an_influence_condition_is_never_left_out(asker: Asker) -> None:
    cases = []
    for name, m in _names(asker.arbiter, "grand-archive", INFLUENCE):
        limit = NUMBERS.get(m.group(1).casefold(), 4)
        cases.append((name, f"if my influence is {limit + 1}, what does {name} do when it enters?",
                      (str(limit + 1),)))
    assert len(cases) >= 5
    asked, failures = _never_answered_without(asker, cases)
    assert not failures, failures
    assert asked >= 1


def test_what_a_player_controls_said_beside_that_condition_is_never_left_out(asker: Asker) -> None:
    cases = [(name, f"how long does {name} last if {'I control' if m.group('who') == 'you' else 'my opponent has'} "
                    f"a {m.group('what').strip()}?", (m.group("what").split()[-1],))
             for game in ("redemption", "grand-archive", "l5r")
             for name, m in _names(asker.arbiter, game, CONTROLS, True)]
    assert len(cases) >= 40
    asked, failures = _never_answered_without(asker, cases[::3])
    assert not failures, failures
    assert asked >= 3


def test_the_ask_back_names_the_words_the_card_words_and_the_answer_without_them(asker: Asker) -> None:
    result = asker.read("does gibeonite trickery (roots) end the battle if my opponent controls a canaanite?")[0]
    assert result.reading is None and result.asked is not None and result.asked.kind == "missing-input"
    why = result.asked.why
    assert "“If opponent controls a Canaanite”" in why and "“opponent controls a canaanite”" in why
    assert why.count(". ") == 0
    option = result.asked.options[0]
    assert option.label == "Without “opponent controls a canaanite”" and "Gibeonite" in option.reading.inputs["card"]


def test_a_count_beside_what_a_condition_counts_is_asked_back(asker: Asker) -> None:
    """Red Flower: "If 3 or more tokens were removed" — "removes 2 tokens" decides it, though its effect says
    "tokens" too."""
    result = asker.read("Red Flower removes 2 tokens from my unit. Do I get to deal the 1 damage?")[0]
    assert result.asked is not None and result.asked.kind == "missing-input"
    assert "“removes 2" in result.asked.why


def test_words_no_condition_turns_on_are_left_out_and_said_so(asker: Asker) -> None:
    result = asker.read("how long does veterans farmland last after I straighten my ashigaru?")[0]
    assert result.reading is not None
    answer = asker.answer(result.reading, cards=result.cards)
    assert answer["summary"].startswith("Leaving out “straighten my ashigaru” (no condition in the card's text "
                                        "turns on it) — ")


def test_condition_words_are_the_conditions_not_the_trigger() -> None:
    ptera = ("Shock 1: When this unit is declared as an attacker, if its current attack value is greater than its "
             "printed attack value, you may deal 1 damage to a target unit an opponent controls.")
    assert {"curre", "print", "great"} <= condition_stems(ptera) and "attac" not in condition_stems(ptera)
    assert condition_stems("Battle/Open: Straighten your target Ashigaru Follower.") == set()
    assert "level" in condition_stems("[Class Bonus] [Level 3+] Draw a card into your memory.")
    student = "+1 Action You may rotate the Wizards. Trash a card from your hand. If it's a Treasure, +1 Favor."
    assert condition_stems(student) == {"treas"}


def test_a_clause_a_phrase_read_keeps_its_subject() -> None:
    """"when my meek hero is removed from battle": an event read from the clause; "meek hero" is its subject."""
    words = words_of("does it stop when my meek hero is removed from battle?")
    sentence = Sentence("does it stop when my meek hero is removed from battle?", words, [])
    sentence.used |= {8, 9, 10}  # "removed from battle", as the Redemption phrasebook reads it
    text = "While a meek character (or a patriarch) is in battle, toss all Enhancements."
    assert sentence.bearing(lambda w: False, [text]) == []
    fresh = Sentence(sentence.text, words, [])
    assert fresh.bearing(lambda w: False, [text]) == ["meek hero is removed from battle"]
