"""Regular expressions read compiled from beside the database (`cards.db.patterns`, bot/cli/patterns.py): every
pattern the five games compile behaves the same read back as compiled by Python; a whole `arbiter` process writes
the file and the next one answers the same from it; a damaged, foreign or someone else's file changes nothing."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.patterns import PatternFile, database_folder_file
from tests.cli_helpers import new_db

SAMPLES = ("Adino, the Eznite", "While this card is in play, negate all Heroes' abilities until the end of turn.",
           "Before a Personality is destroyed, gain 1 Honor.", "If you do, discard the top card of your deck.",
           "Ça ira: ÉTÉ ß ǅ ﬁ 12/12 — “quoted” ‘words’", "", "X = # of cards in opponent's discard pile")


def _every_game_pattern(path: Path) -> list[tuple[str, int]]:
    """The (pattern, flags) the game packages compile when imported, recorded by a PatternFile in a fresh
    interpreter (and saved to `path`)."""
    code = ("import importlib, sys; from pathlib import Path; from bot.cli.patterns import PatternFile; "
            "from engine.registry import BUILTIN; p = PatternFile(Path(sys.argv[1])); p.install(); "
            "[importlib.import_module(f'{m}.{s}') for m in BUILTIN.values() for s in ('phrases_ask', 'coverage')]; "
            "p.uninstall(); p.save()")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    recorded = PatternFile(path)
    recorded.load()
    return sorted(recorded.known)


def test_every_pattern_read_back_behaves_as_python_compiles_it(tmp_path: Path) -> None:
    patterns = _every_game_pattern(tmp_path / "cards.db.patterns")
    assert len(patterns) > 300  # the games' own, and what they import
    again = PatternFile(tmp_path / "cards.db.patterns")
    again.load()
    assert set(again.known) == set(patterns)
    for pattern, flags in patterns:
        read, python = again.compile(pattern, flags), re.compile(pattern, flags)
        assert (read.pattern, read.flags, read.groups, read.groupindex) == \
            (python.pattern, python.flags, python.groups, python.groupindex)
        for text in SAMPLES:
            assert [m.span() for m in read.finditer(text)] == [m.span() for m in python.finditer(text)]
    assert again.new == 0  # every one read, none compiled again


def test_bad_patterns_and_files_change_nothing(tmp_path: Path) -> None:
    path = tmp_path / "cards.db.patterns"
    patterns = PatternFile(path)
    with pytest.raises(re.error):
        patterns.compile("(unclosed")
    assert patterns.compile(re.compile("x")).pattern == "x"  # a compiled pattern is Python's own
    for content in (b"not a pattern file", b"arbiter-patterns 1 another python\n\x00", b""):
        path.write_bytes(content)
        path.chmod(0o600)
        damaged = PatternFile(path)
        damaged.load()
        assert damaged.known == {} and damaged.compile(r"\bnext\b", re.I).search("the NEXT one").span() == (4, 8)
        damaged.save()
        if content.startswith(b"arbiter-patterns "):  # another Python's: written again for this one
            again = PatternFile(path)
            again.load()
            assert set(again.known) == {(r"\bnext\b", re.I)}
        else:
            assert path.read_bytes() == content  # never over a file that is not one of these
    path.unlink()
    writer = PatternFile(path)
    writer.compile(r"(?P<who>\w+) wins")
    writer.save()
    assert path.stat().st_mode & 0o777 == 0o600
    path.chmod(0o666)  # writable by others: not read
    shared = PatternFile(path)
    shared.load()
    assert shared.known == {}


def test_database_folder_file_is_beside_the_named_database(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("ARBITER_DB", raising=False)
    db = tmp_path / "cards.db"
    assert database_folder_file(["--db", str(db), "duration", "x"]) is None  # no database there: nothing beside it
    db.write_bytes(b"")
    assert database_folder_file(["--db", str(db), "duration", "x"]) == tmp_path / "cards.db.patterns"
    assert database_folder_file([f"--db={db}", "duration", "x"]) == tmp_path / "cards.db.patterns"
    assert database_folder_file(["duration", "--", "--db", str(db)]) is None
    assert database_folder_file(["--db", str(tmp_path / "missing" / "cards.db")]) is None
    monkeypatch.setenv("ARBITER_DB", str(db))
    assert database_folder_file(["duration", "x"]) == tmp_path / "cards.db.patterns"


def test_a_whole_process_answers_the_same_from_the_file(tmp_path: Path) -> None:
    db = Path(new_db(tmp_path / "cards.db"))
    argv = [sys.executable, "-m", "bot.cli", "--db", str(db), "duration", "adino the eznite", "--played-in",
            "battle", "--json"]

    def answer() -> dict:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        data.pop("ruling_id")
        return data

    first = answer()
    kept = db.with_name("cards.db.patterns")
    assert kept.exists()
    written = kept.read_bytes()
    assert answer() == first
    assert kept.read_bytes() == written  # every pattern read, nothing new to write
    kept.write_bytes(written[:-40])  # damaged: compiled as usual, same answer
    assert answer() == first
