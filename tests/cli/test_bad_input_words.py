"""Issue 33, bad input: every input error exits 2 with one sentence on stderr (no usage screen before it, no
traceback) and writes nothing. Empty card names, values an option refuses, a part a one-part card lacks; a set a
card was never printed in is a lookup problem (exit 1) naming the card's sets."""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import new_db, run

EMPTY = [
    ["duration", ""], ["duration", "   "], ["card", ""], ["dominion", ""], ["grand-archive", "--effect", ""],
    ["l5r", "duration", ""], ["ashes", ""], ["cards", "alias", "nick", ""],
]


@pytest.fixture
def catalog(tmp_path) -> str:
    return new_db(tmp_path / "cards.db")


def _one_sentence(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("arbiter: ") and lines[0].endswith("."), err
    assert "usage:" not in err and "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize("argv", EMPTY, ids=" ".join)
def test_an_empty_card_name_is_bad_input_exit_2(argv, catalog, capsys):
    code, out, err = run(capsys, *argv, "--db", catalog)
    assert (code, out) == (2, ""), err
    _one_sentence(err)
    code, out, err = run(capsys, *argv, "--db", catalog, "--json")
    data = json.loads(out)
    assert (code, err, data["kind"], data["exit"]) == (2, "", "usage", 2)


@pytest.mark.parametrize(("argv", "said"), [
    (["duration", "Adino, the Eznite", "--played-in", "moon"], "--played-in takes battle, territory"),
    (["duration", "Adino, the Eznite", "--turn", "sometimes"], "--turn takes mine or theirs, not 'sometimes'."),
    (["duration", "Adino, the Eznite", "--players", "two"], "--players takes a whole number, not 'two'."),
    (["duration", "Adino, the Eznite", "--guild", "abc"], "--guild must be a Discord server id (digits), not 'abc'."),
    (["cards", "history", "--limit", "ten"], "--limit must be a positive whole number, not 'ten'."),
    (["ashes", "Summon Gilder", "--units", "banana"], "--units must be one of"),
], ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_a_value_an_option_refuses_is_one_sentence_exit_2(argv, said, catalog, capsys):
    code, out, err = run(capsys, *argv, "--db", catalog)
    assert (code, out) == (2, "")
    assert said in _one_sentence(err)


def test_a_part_a_one_part_card_lacks_is_said_in_words(catalog, capsys):
    code, _, err = run(capsys, "duration", "Adino, the Eznite", "--part", "zzz", "--db", catalog)
    assert code == 2
    line = _one_sentence(err)
    assert "no 'zzz' part" in line and "ask without a part" in line and ": -" not in line


def test_a_set_the_card_lacks_is_refused_with_its_sets_even_for_a_name_others_begin_with(catalog, capsys):
    code, out, err = run(capsys, "duration", "Adino, the Eznite", "--set", "XYZ", "--db", catalog)
    assert (code, out) == (1, "")
    assert "has no printing in set “XYZ”; its sets: " in _one_sentence(err)


def test_a_name_asked_back_with_one_card_is_not_said_to_match_several(catalog, capsys):
    """A loose reading the matcher will not answer for alone ("iron mountain castle" for The Iron Mountain
    School) is offered as that one card, never as "matches several cards: X. Which one?"."""
    from bot.answers.service import problem_message
    from engine.cards import Card
    from engine.matching import Candidate, MatchResult

    school = Card("l5r", "The Iron Mountain School", "EP", type="Holding", text="")
    said = problem_message(MatchResult("iron mountain castle", "ambiguous", None, [Candidate(school, 80.0, "word")]))
    assert said == ("“iron mountain castle” may be The Iron Mountain School (EP), read too loosely to answer for it: "
                    "ask with that name if it is the card.")
    two = [Candidate(school, 80.0, "word"), Candidate(Card("l5r", "Iron Mountain", "EP"), 70.0, "word")]
    assert "matches several cards" in problem_message(MatchResult("iron mountain", "ambiguous", None, two))


@pytest.mark.parametrize(("argv", "said"), [
    (["alias", "nick", "Adino"], "There is no command 'alias' in `arbiter`: did you mean `arbiter cards alias`?"),
    (["durration", "adino"], "did you mean `arbiter duration`?"),
    (["verify"], "did you mean `arbiter official verify`?"),
    (["cards", "bogus"], "There is no action 'bogus' in `arbiter cards`; it takes import, alias, annotate, "),
    (["l5r", "bogus"], "There is no question 'bogus' in `arbiter l5r`; it takes order or duration."),
], ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_a_command_that_does_not_exist_is_one_sentence_naming_the_nearest(argv, said, catalog, capsys):
    code, out, err = run(capsys, *argv, "--db", catalog)
    assert (code, out) == (2, "")
    line = _one_sentence(err)
    assert said in line and "choose from" not in line
