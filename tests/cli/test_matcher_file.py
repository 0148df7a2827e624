"""A large game's matcher kept beside the card database (bot/answers/matcher_file.py): a question answers the
same from the file as from a fresh build, any change to the catalog (through arbiter or by hand) builds it
again, a file that is damaged, someone else's or writable by others is never trusted, and a file of another
program is never overwritten. Real SQLite files, the real command line; the threshold is lowered so the
starter set is "large"."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.answers import matcher_file
from engine.cards import Card
from engine.matching import Matcher
from tests.cli_helpers import new_db, run

QUESTION = ("duration", "adino the eznite", "--played-in", "battle", "--json")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "cards.db"
    new_db(path)
    return path


@pytest.fixture
def kept_always(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(matcher_file, "KEEP_FROM", 0)


def _files(db: Path) -> list[Path]:
    return sorted(db.parent.glob(f"{db.name}.*.matcher"))


def _answer(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> dict:
    matcher_file._IN_MEMORY.clear()  # each question as its own process asks it: from the file
    code, out, err = run(capsys, "--db", str(db), *(argv or QUESTION))
    assert code == 0, err
    data = json.loads(out)
    data.pop("ruling_id", None)  # stored again each time: the rest is the answer
    return data


def test_a_question_answers_the_same_from_the_file(db, capsys, kept_always):
    fresh = _answer(capsys, db)
    assert [p.name for p in _files(db)] == ["cards.db.redemption.matcher"]
    assert _answer(capsys, db) == fresh
    assert oct(_files(db)[0].stat().st_mode & 0o777) == "0o600"


def test_a_change_through_arbiter_or_by_hand_builds_it_again(db, capsys, kept_always):
    _answer(capsys, db)
    code, _, err = run(capsys, "--db", str(db), "cards", "alias", "ezzy", "adino the eznite")
    assert code == 0, err
    assert _answer(capsys, db, "duration", "ezzy", "--played-in", "battle", "--json")["card"]["name"] == \
        "Adino, the Eznite"
    with sqlite3.connect(db) as conn:  # by hand, outside the audit log: the file's size or time changes
        conn.execute("""UPDATE cards SET name = 'Adino the Renamed' WHERE name = 'Adino, the Eznite'""")
    conn.close()
    code, out, _ = run(capsys, "--db", str(db), *QUESTION)
    assert code == 1 and json.loads(out)["kind"] in ("not-found", "ambiguous")


def test_a_damaged_foreign_or_open_file_is_not_trusted(db, capsys, kept_always):
    fresh = _answer(capsys, db)
    kept = _files(db)[0]
    kept.write_bytes(kept.read_bytes()[:500])  # cut short
    assert _answer(capsys, db) == fresh
    assert kept.stat().st_size > 500  # written again whole
    kept.chmod(0o666)  # anyone may write it: not read (and replaced by one only this user may write)
    assert _answer(capsys, db) == fresh
    assert kept.stat().st_mode & 0o777 == 0o600
    kept.write_bytes(b"another program's file")
    assert _answer(capsys, db) == fresh
    assert kept.read_bytes() == b"another program's file"  # never overwritten


def test_one_process_asking_again_keeps_the_matcher_while_the_catalog_is_unchanged(db, capsys, kept_always):
    _answer(capsys, db)
    held = dict(matcher_file._IN_MEMORY)
    assert run(capsys, "--db", str(db), *QUESTION)[0] == 0
    assert [v[1] for v in matcher_file._IN_MEMORY.values()] == [v[1] for v in held.values()]  # the same object
    assert run(capsys, "--db", str(db), "cards", "alias", "ezzy", "adino the eznite")[0] == 0
    assert run(capsys, "--db", str(db), *QUESTION)[0] == 0
    assert [v[1] for v in matcher_file._IN_MEMORY.values()] != [v[1] for v in held.values()]  # built again


def test_a_matcher_read_back_answers_every_query_as_the_one_built(tmp_path):
    """Read back in two parts (what an exact name reads, then the rest on first use): the same answers for exact
    names, typos, fragments and autocomplete on the real Redemption catalog, and an exact name reads no more."""
    from tests.engine.test_matching import matcher, real_cards

    built = matcher()
    path = tmp_path / "kept.matcher"
    matcher_file.save(path, b"key", built)
    assert matcher_file.load(path, b"other key") is None
    names = [c.name for c in real_cards()][::37]
    read = matcher_file.load(path, b"key")
    assert isinstance(read, Matcher)
    for name in names[:40]:
        assert repr(read.match(name)) == repr(built.match(name))
        assert repr(read.match(name.lower())) == repr(built.match(name.lower()))
    assert "_rest" in read.__dict__  # nothing beyond what exact names need was read yet
    printings = read.__dict__["_cards"]
    assert isinstance(printings, matcher_file._Printings)  # each printing made when a question reaches it
    assert 0 < sum(card is not None for card in printings._made) < len(built.cards) // 10
    assert read.match(names[0]).card is read.match(names[0]).card  # made once: one object
    queries = [q for n in names for q in (n[:-1], n[1:], n.split(",")[0], n[:5])] + ["sog", "3 woes", "zzzq"]
    assert [repr(read.match(q)) for q in queries] == [repr(built.match(q)) for q in queries]
    assert [read.autocomplete(q) for q in ("adi", "lost s", "the")] == \
        [built.autocomplete(q) for q in ("adi", "lost s", "the")]
    assert "_rest" not in read.__dict__
    assert read.cards == built.cards
    assert read.cards[0] is read.cards[0]  # still one object per printing


def test_small_games_and_memory_databases_keep_no_file(db, capsys):
    _answer(capsys, db)
    assert _files(db) == []  # the starter set: building it costs what reading it would
    built = []

    def build() -> Matcher:
        built.append(1)
        return Matcher([Card("toy", f"Card {i}", "S") for i in range(3)])

    matcher_file.kept(Path(":memory:"), "toy", (), build)
    matcher_file.kept(Path(":memory:"), "toy", (), build)
    assert built == [1, 1]


def test_a_read_only_folder_answers_without_a_file(db, capsys, kept_always, tmp_path):
    _answer(capsys, db)
    for kept in _files(db):
        kept.unlink()
    if os.geteuid() == 0:
        pytest.skip("root writes into a read-only folder anyway")
    db.parent.chmod(0o555)
    try:
        assert _answer(capsys, db)["card"]["name"] == "Adino, the Eznite"
        assert _files(db) == []
    finally:
        db.parent.chmod(0o755)


@pytest.mark.parametrize("words", [["--version"], ["duration", "adino the eznite", "--played-in", "battle"],
                                   ["l5r", "duration", "Haikitsu"], ["ashes", "Summon Gilder", "--units", "none"]])
def test_a_command_imports_only_what_it_uses(db, words):
    """In a fresh interpreter, as `arbiter` runs: no Discord, web or sqlite-utils stack for a question, no
    game's ruleset but the one asked, no sentence reader (`arbiter ask` only) and no fuzzy matching for an exact
    name."""
    code = ("import sys; from bot.cli import main; code = main(sys.argv[1:]); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('discord', 'aiohttp', 'jinja2', "
            "'sqlite_utils', 'rapidfuzz') or m.count('.') == 2 and m.startswith('engine.rulesets.') "
            "or m.endswith('.phrases_ask') or m in ('engine.sentence', 'engine.reader')), file=sys.stderr); "
            "sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", code, "--db", str(db), *words], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    loaded = eval(done.stderr.strip().splitlines()[-1])  # the list printed last
    game = {"duration": "redemption", "l5r": "l5r", "ashes": "ashes"}.get(words[0])
    assert loaded == ([] if game is None else [f"engine.rulesets.{game}"])
