"""`arbiter ask` on the full five-game catalog: the sentence set (tests/data/ask_sentences.jsonl, written as players
write them, each with the reading it must give) is read right or asked back, and a reading is the exact per-game
command: running it gives the same answer and ruling id."""

from __future__ import annotations

import json
import shlex
from collections import Counter

import pytest

from benchmarks.ask_sentences import judge, load_sentences, summary
from bot.answers.asking import Asker, command_text
from bot.answers.service import Arbiter
from bot.cli import main
from engine.registry import find_ruleset
from tests.shared_paths import require_shared

IMPORTS = (("dominion", "dominion"), ("ashes", "ashes"), ("grand-archive", "grand_archive"), ("l5r", "l5r"))


@pytest.fixture(scope="module")
def full_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    carddata = require_shared("redemption", "carddata.txt")
    path = str(tmp_path_factory.mktemp("ask") / "cards.db")
    assert main(["cards", "import", str(carddata), "--db", path]) == 0
    for game, folder in IMPORTS:
        assert main([f"{game}-import", str(require_shared(folder)), "--db", path]) == 0
    return path


@pytest.fixture(scope="module")
def asker(full_db: str) -> Asker:
    return Asker(Arbiter.open(full_db))


def test_the_sentence_set_is_read_right_or_asked_back(asker: Asker) -> None:
    cases = load_sentences()
    assert len(cases) >= 150
    games = Counter(c.get("game") for c in cases if "game" in c)
    assert set(games) == {"redemption", "dominion", "grand-archive", "l5r", "ashes"} and min(games.values()) >= 25
    kinds = Counter(c["ask"] for c in cases if "ask" in c)  # questions that must be asked back, of every kind
    assert {"no-card", "several-games", "wrong-game", "cannot-ask"} <= set(kinds)
    tags = Counter(t for c in cases for t in c["tags"])
    assert min(tags[t] for t in ("typo", "nick", "lower", "several", "wrong-game")) >= 5
    outcomes = [judge(case, asker.read(case["text"])[0]) for case in cases]
    figures = summary(outcomes)
    wrong = [(o.text, o.expected, o.got) for o in outcomes if o.verdict == "wrong"]
    assert figures["right_or_asked_pct"] >= 95.0, wrong
    assert figures["wrong_pct"] <= 1.0, wrong
    # asking back is not a way out: most sentences that have a reading get it
    answerable = sum(1 for c in cases if "game" in c)
    assert figures["read_right"] >= 0.85 * answerable


@pytest.mark.parametrize("text", [
    "if I Throne Room a Wharf, when does the Throne Room leave play?",
    "does Adino's ability really last after the battle ends?",
    "can Golden Veil cancel Fatal Strike on my Phoenixborn?",
    "Does Inspiring Call buff an ally that comes in later?",
    "after a Personality is destroyed, Kakita Hikai and Legion of the Fallen both trigger, who goes first?",
])
def test_the_reading_is_the_exact_command(asker: Asker, full_db: str, capsys: pytest.CaptureFixture[str],
                                          text: str) -> None:
    result, _ = asker.read(text)
    reading = result.reading if result.reading is not None else result.asked.options[0].reading  # type: ignore[union-attr]
    line = command_text(find_ruleset(reading.game), reading, "cli")
    argv = shlex.split(line)
    assert argv[0] == "arbiter"
    capsys.readouterr()
    code = main([*argv[1:], "--db", full_db, "--json"])
    direct = json.loads(capsys.readouterr().out)
    assert code == 0, direct
    assert asker.answer(reading)["ruling_id"] == direct["ruling_id"]


def test_words_not_used_are_named_and_choices_said(asker: Asker) -> None:
    result, _ = asker.read("does Stricken really last until the end of the turn?")
    assert result.reading is not None and result.reading.inputs == {"card": "Stricken", "then": ["turn-ends"]}
    assert result.unused == ("really",)
    result, _ = asker.read("Fear when I have no units")  # Fear is an Ashes and a Dominion card
    assert result.reading is not None and result.reading.game == "ashes"
    assert any("Dominion" in note for note in result.reading.notes)
    assert any(o.reading.game == "dominion" for o in result.reading.others)


def test_a_question_the_game_cannot_ask_says_which_it_answers(asker: Asker) -> None:
    result, _ = asker.read("How much does Wharf cost?")
    assert result.asked is not None and result.asked.kind == "cannot-ask"
    assert "leaves play" in result.asked.why
    assert result.asked.options and result.asked.options[0].reading.inputs == {"chain": ["Wharf"]}


def test_a_name_whose_printings_read_apart_is_answered_by_that_name(asker: Asker) -> None:
    # "Angelic Visitor" is the full name of the TEC card and the title of Angelic Visitor [RR2] (another ability): the
    # per-game command answers for the default printing and says the TEC one answers differently (new-user trial
    # 35300: an answer, not a question back), so the sentence is read as the name typed, which gives that answer;
    # a sentence naming the set reads as the command with that printing's label.
    result = asker.read("How long does Angelic Visitor last?")[0]
    assert result.reading is not None and result.reading.inputs["card"] == "Angelic Visitor"
    answer = asker.answer(result.reading)
    assert answer["card"]["set"] == "RR2" and "(TEC) printing reads differently" in answer["match"]["note"]
    named = asker.read("Angelic Visitor TEC played in battle, then the battle ends")[0]
    assert named.reading is not None and named.reading.inputs["card"] == "Angelic Visitor (TEC)"
    # a name exact in Redemption (asked among its printings) and in L5R is still a card of both games
    assert asker.read("Does Ambush last until the end of the turn?")[0].asked.kind == "several-games"


def test_words_of_several_names_do_not_explain_another_games_whole_name(asker: Asker) -> None:
    """“potion infusion clarity” is one Grand Archive card's whole name: L5R's “Tamori Potion”, “Chikushudo's
    Infusion” and “The Wind's Clarity” do not make it an L5R question about two cards. (Dominion's Potion, named
    by “the potion”, no other game's names explain: it asks which game, Grand Archive among the options.)"""
    result, _ = asker.read("does potion infusion clarity give the potion the on sacrifice trigger until end of turn?")
    assert result.game != "l5r"
    readings = [result.reading] if result.reading is not None else [o.reading for o in result.asked.options]
    assert any(r.game == "grand-archive" and r.inputs.get("effect") == ["Potion Infusion: Clarity"] for r in readings)


def test_a_name_of_only_small_words_is_read_where_no_other_card_is_named(asker: Asker) -> None:
    """“You Will Be Well” (13 real names of three games are made only of small everyday words, three words or
    more) is the card when the sentence names no other; it was never read."""
    result, _ = asker.read("if I play you will be well in battle, does anything last after the battle ends?")
    assert result.reading is not None and result.reading.inputs["card"].startswith("You Will Be Well")
