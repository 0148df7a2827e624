"""`arbiter ask`: a condition the question states ("if my opponent controls a Canaanite", "when the unit with
Playtime is destroyed") is read, or the answer's first line says it leaves it out: never the default question answered
as if that were what was asked, with the condition only under "Not used" (engine/sentence.py `unread`,
bot/answers/asking.py `unread_first`). Checked over real cards of every game whose text states an "If you/opponent
control(s) ..." condition, asked with that condition."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker, unread_first
from bot.answers.service import Arbiter, LookupProblem
from engine.interface import QuestionError
from engine.names import fold
from tests.shared_paths import require_shared

GAMES = ("redemption", "grand-archive", "ashes", "l5r", "dominion")
CONDITION = re.compile(r"\bIf (?:your )?(?P<who>you|opponent|an opponent) controls? (?P<what>(?:an? |no |another )"
                       r"[A-Za-z. ]{3,40}?)(?=[,.;:)])")


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, imported_catalog):
    return imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-unread"))


@pytest.fixture(scope="module")
def asker(every_game) -> Asker:
    return Asker(Arbiter.open(str(every_game)))


def _conditioned(arbiter: Arbiter) -> list[tuple[str, str]]:
    """(card name, the question's condition in a player's words) for every real card stating one."""
    out, seen = [], set()
    for game in GAMES:
        for card in arbiter.cards_of(game):
            m = CONDITION.search(card.text)
            if m is None or card.name in seen or "(" in card.name or "[" in card.name:
                continue
            seen.add(card.name)
            who = "I control" if m.group("who") == "you" else "my opponent controls"
            out.append((card.name, f"{who} {m.group('what').strip()}"))
    return out


def test_a_stated_condition_is_read_or_said_to_be_left_out_over_real_cards(asker: Asker) -> None:
    cases = _conditioned(asker.arbiter)
    assert len(cases) >= 40
    silent = []
    for name, condition in cases[::4]:
        result = asker.read(f"what happens with {name} if {condition}?")[0]
        if result.reading is None:
            continue  # asked back: not a silent default
        said = {fold(w) for w in condition.split()[1:] if len(w) >= 4}
        left = said & {fold(w) for w in result.unused}
        if not left:
            continue
        try:
            answer = asker.answer(result.reading, cards=result.cards)
        except (QuestionError, ValueError, LookupProblem):
            continue  # the command refuses the reading: said first, not a default answer
        if not str(answer["summary"]).startswith("Leaving out “"):
            silent.append((name, condition, sorted(left), answer["summary"][:80]))
    assert not silent, silent


def test_a_condition_the_card_states_is_asked_back_not_left_out(asker: Asker) -> None:
    """Gibeonite Trickery says "If opponent controls a Canaanite": that condition, said and not read, is asked back
    (tests/engine/test_ask_missing_input.py); a clause no condition of the card turns on is left out, said first."""
    result = asker.read("does gibeonite trickery end the battle if my opponent controls a canaanite?")[0]
    assert result.reading is None and result.asked is not None and result.asked.kind == "missing-input"
    assert "“opponent controls a canaanite”" in result.asked.why
    answer = {"summary": "Shiba Ryuba: a one-time change.", "explanation": "Shiba Ryuba: a one-time change.\nWhy"}
    unread_first(answer, ["moves my personality home"])
    assert answer["summary"] == ("Leaving out “moves my personality home” (no condition in the card's text turns on "
                                 "it) — Shiba Ryuba: a one-time change.")
    assert answer["explanation"].startswith(answer["summary"] + "\n") and answer["unread"] == [
        "moves my personality home"]
    unread_first(answer := {"summary": "X."}, ["with a higher attack"], ["with a higher attack"])
    assert answer["summary"] == "Leaving out “with a higher attack” (said of what it read) — X."


@pytest.mark.parametrize("text", [
    "how long does Forces Arise last after the battle ends?",
    "if Goliath (LoC) leaves play does his negate end",
    "when does Wharf leave play?",
])
def test_a_condition_read_or_a_question_word_is_no_unread(asker: Asker, text: str) -> None:
    result = asker.read(text)[0]
    assert result.reading is not None, result.asked
    assert result.reading.unread == ()
