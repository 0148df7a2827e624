"""`arbiter ask`'s name words kept beside the database (`cards.db.ask.index`, bot/answers/matcher_file.py): a
sentence reads the same from the file as from a fresh build, a catalog change (through arbiter or by hand) builds
it again, and a damaged or foreign file is never trusted nor overwritten. Real SQLite files, the real command
line, each question asked as a new process would ask it (no index kept in memory)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.answers import asking, matcher_file
from tests.cli_helpers import new_db, run

SENTENCES = ("if I Throne Room a Wharf, when does the Throne Room leave play?",
             "does adino's ability really last after the battle ends?", "Throne Room and Wharf")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "cards.db"
    new_db(path)
    return path


def _fresh_process() -> None:
    matcher_file._IN_MEMORY.clear()
    asking._INDEXES.clear()
    asking._COMMON.clear()


def _ask(capsys: pytest.CaptureFixture[str], db: Path, sentence: str) -> dict:
    _fresh_process()
    code, out, err = run(capsys, "ask", sentence, "--db", str(db), "--json")
    assert code in (0, 1), err
    data = json.loads(out)
    data.pop("timing")
    if data["answer"] is not None:
        data["answer"].pop("ruling_id", None)
    return data


def _index(db: Path) -> Path:
    return db.with_name(db.name + ".ask.index")


def test_a_sentence_reads_the_same_from_the_file(db, capsys):
    built = [_ask(capsys, db, s) for s in SENTENCES]  # the first builds the file
    assert _index(db).exists() and _index(db).stat().st_mode & 0o777 == 0o600
    written = _index(db).stat().st_mtime_ns
    assert [_ask(capsys, db, s) for s in SENTENCES] == built
    assert _index(db).stat().st_mtime_ns == written  # read, not built again


def test_a_change_through_arbiter_or_by_hand_builds_it_again(db, capsys):
    assert _ask(capsys, db, "when does the big ship leave play?")["read_as"] is None  # no card of that name yet
    first = _index(db).read_bytes().split(b"\n")[0]
    assert run(capsys, "--db", str(db), "cards", "alias", "big ship", "Wharf", "--game", "dominion")[0] == 0
    assert _ask(capsys, db, "when does the big ship leave play?")["read_as"]["inputs"]["chain"] == ["Wharf"]
    second = _index(db).read_bytes().split(b"\n")[0]
    assert second != first
    with sqlite3.connect(db) as conn:  # by hand, without arbiter: the file's size and time change
        conn.execute("DELETE FROM aliases WHERE alias_folded = 'big ship'")
    assert _ask(capsys, db, "when does the big ship leave play?")["read_as"] is None
    assert _index(db).read_bytes().split(b"\n")[0] not in (first, second)


def test_a_damaged_or_foreign_file_is_not_trusted(db, capsys):
    expected = _ask(capsys, db, SENTENCES[0])
    key = _index(db).read_bytes().split(b"\n")[0]
    _index(db).write_bytes(key + b"\nnot a pickle")
    _index(db).chmod(0o600)
    assert _ask(capsys, db, SENTENCES[0]) == expected  # built again, and written again
    assert _index(db).read_bytes().split(b"\n")[0] == key and b"not a pickle" not in _index(db).read_bytes()
    _index(db).write_bytes(b"someone else's file")
    assert _ask(capsys, db, SENTENCES[0]) == expected
    assert _index(db).read_bytes() == b"someone else's file"  # never overwritten
