"""`arbiter ask` on the command line (the starter sets): the reading comes first as the exact command, then that
command's own answer; asking back exits 1 with the readings to choose from; `--json` is the documented object."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_helpers import new_db, run


@pytest.fixture
def db(tmp_path: Path) -> str:
    return new_db(tmp_path / "cards.db")


def test_the_reply_answers_first_then_says_how_it_read_the_question(db: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ask", "if I Throne Room a Wharf, when does the Throne Room leave play?", "--db", db)
    assert code == 0
    lines = out.splitlines()
    code, direct, _ = run(capsys, "dominion", "Throne Room > Wharf", "--db", db)
    assert code == 0
    shown = direct.splitlines()
    assert lines[0] == shown[0]  # the player's answer first, as the game's own command gives it (issue 33)
    assert lines[1] == "Read as: arbiter dominion 'Throne Room > Wharf'"  # then how the sentence was read
    assert lines[2:] == shown[1:]  # then the same answer, word for word, and the same ruling id


def test_json_is_the_documented_contract(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ask", "--json", "does adino's ability really last after the battle ends?", "--db", db)
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"question", "read_as", "unused", "notes", "others", "asked", "answer", "timing"}
    read_as = data["read_as"]
    assert {k: read_as[k] for k in ("game", "command", "inputs")} == {
        "game": "redemption", "command": "duration", "inputs": {"card": "Adino, the Eznite", "then": ["battle-ends"]}}
    assert read_as["slash"] == "/duration card: Adino, the Eznite then: battle-ends"
    assert read_as["text"] == read_as["cli"] == "arbiter duration 'Adino, the Eznite' --then battle-ends"
    assert data["unused"] == ["really"] and data["asked"] is None
    code, direct, _ = run(capsys, "duration", "Adino, the Eznite", "--then", "battle-ends", "--db", db, "--json")
    assert json.loads(direct)["ruling_id"] == data["answer"]["ruling_id"]
    assert data["timing"]["read_ms"] >= 0 and data["timing"]["answer_ms"] >= 0
    assert next(iter(data)) == "summary" and data["summary"] == data["answer"]["summary"]  # the answer first


def test_a_phrase_that_reads_two_ways_is_asked_back(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ask", "Throne Room and Wharf", "--db", db, "--json")
    data = json.loads(out)
    assert code == 1 and data["read_as"] is None and data["answer"] is None
    assert data["asked"]["kind"] == "two-readings"
    chains = [o["read_as"]["inputs"]["chain"] for o in data["asked"]["options"]]
    assert chains == [["Throne Room > Wharf"], ["Throne Room", "Wharf"]]
    code, out, _ = run(capsys, "ask", "Throne Room and Wharf", "--db", db)
    assert code == 1
    assert out.splitlines()[0].startswith("“Throne Room and Wharf” reads two ways")
    assert "  - Throne Room played Wharf: arbiter dominion 'Throne Room > Wharf'" in out.splitlines()


@pytest.mark.parametrize(("text", "kind"), [
    ("how long does it last?", "no-card"),
    ("when does Throne Room leave play and can Golden Veil cancel it", "several-games"),
    ("In L5R how long does Golden Veil last", "wrong-game"),
    ("How much does Wharf cost?", "cannot-ask"),
])
def test_it_asks_back_instead_of_guessing(db: str, capsys: pytest.CaptureFixture[str], text: str, kind: str) -> None:
    code, out, _ = run(capsys, "ask", text, "--db", db, "--json")
    data = json.loads(out)
    assert code == 1 and data["asked"]["kind"] == kind and data["answer"] is None
    assert data["asked"]["why"]


def test_bad_input_is_one_sentence(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "ask", "x" * 600, "--db", db)
    assert code == 2 and err.strip() == "arbiter: A question is at most 500 characters of text."


def test_the_installed_command(db: str) -> None:
    """The real `arbiter` process, as a player runs it."""
    env = {**os.environ, "ARBITER_DB": db}
    done = subprocess.run([sys.executable, "-m", "bot.cli", "ask", "golden veil vs summon gilder, their unit"],
                          capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert ("Read as: arbiter ashes 'Summon Gilder' --cancel-with 'Golden Veil' --units theirs"
            in done.stdout.splitlines()[1:3])  # under the player's answer


def test_a_reading_the_command_refuses_says_why_first(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Where the answer would be, the command's one-sentence refusal; how the sentence was read under it."""
    code, out, _ = run(capsys, "ask", "how long does fracturize last?", "--db", db)
    code_direct, _, err = run(capsys, "grand-archive", "--effect", "Fracturize", "--db", db)
    assert code == 1 and code_direct != 0
    lines = out.splitlines()
    assert lines[0] == err.strip().removeprefix("arbiter: ")  # the same sentence the command gives
    assert lines[1] == "Read as: arbiter grand-archive --effect Fracturize"


def test_a_name_typed_without_its_printing_gets_the_commands_note(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The reading names the card's printing exactly; the note is the one the command gives for the name as the
    player typed it: other printings that read differently, a name read loosely."""
    from bot.catalog import Catalog
    from engine.cards import Card

    catalog = Catalog.open(db)  # the starter set has Three Woes (RoJ); a printing that reads otherwise
    catalog.add_card(Card("redemption", "Three Woes [Fundraiser]", "Fund", type="Dominant",
                          text="Place in territory: negate a card for one round."), "test")
    catalog.close()
    code, direct, _ = run(capsys, "duration", "three woes", "--played-in", "territory", "--db", db)
    note = direct.splitlines()[1]
    assert code == 0 and "[Fundraiser] printing reads differently" in note  # same or different answer, said
    code, out, _ = run(capsys, "ask", "how long does three woes last in my territory?", "--db", db)
    # under the answer, the command's own note: the other printing judged too, and whether its answer differs
    assert code == 0 and out.splitlines()[1] == note
    assert "same answer" in note or "answer differently" in note or "answers differently" in note
    code, out, _ = run(capsys, "ask", "how long does three woes (roj) last in my territory?", "--db", db)
    assert code == 0 and "differently" not in out.splitlines()[1]  # its printing named: nothing to say
    code, out, _ = run(capsys, "ask", "how long does thre woes last in my territory?", "--db", db)
    assert code == 0 and out.splitlines()[1].startswith("Read “thre woes” as Three Woes")


def test_a_name_of_only_small_words_is_read_where_no_other_card_is_named(db: str,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """“You Will Be Well” (every word a small everyday one, as in 13 real names of three games) is the card when
    the sentence names no other; beside another card's name the same words are only words."""
    from bot.catalog import Catalog
    from engine.cards import Card

    catalog = Catalog.open(db)
    catalog.add_card(Card("redemption", "You Will Be Well [K]", "K", type="GE",
                          text="Negate an evil card. Opponent must topdeck an evil card from hand."), "test")
    catalog.close()
    code, out, _ = run(capsys, "ask", "how long does you will be well last in battle?", "--db", db)
    assert code == 0 and "Read as: arbiter duration 'You Will Be Well [K]' --played-in battle" in out.splitlines()
    code, out, _ = run(capsys, "ask", "if you will be well, how long does adino the eznite last in battle?",
                       "--db", db)
    assert code == 0 and "Read as: arbiter duration 'Adino, the Eznite' --played-in battle" in out.splitlines()

