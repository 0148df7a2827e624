"""Command-line habits: a bad option prints that subcommand's usage; a `--db` file that does not exist is created
only by a command that writes (saying so on stderr), and a read command says it does not exist and creates
nothing; `python -m benchmarks --check` exits 1 exactly when a target is missed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.__main__ import exit_status
from bot.catalog import Catalog
from bot.cli.app import build_parser
from engine.interface import questions_of
from engine.registry import all_rulesets
from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parents[2]


def subcommand_paths() -> list[list[str]]:
    """Every leaf subcommand of `arbiter` as the words that reach it, read from the real parser."""
    found: list[list[str]] = []

    def walk(parser, words: list[str]) -> None:
        actions = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"]
        if not actions:
            found.append(words)
            return
        for name, sub in actions[0].choices.items():
            if sub.prog.split()[-1] == name:  # an alias shares its parser: walk it once
                walk(sub, [*words, name])

    walk(build_parser(), [])
    return found


@pytest.mark.parametrize("words", subcommand_paths(), ids=" ".join)
def test_an_unknown_option_prints_the_subcommands_own_usage(words, db, capsys):
    code, out, err = run(capsys, *words, "--no-such-option")
    assert (code, out) == (2, "")
    usage, message = err.rstrip("\n").split("\n")[0], err.rstrip("\n").split("\n")[-1]
    assert usage.startswith(f"usage: arbiter {' '.join(words)} "), err
    # the subcommand's own complaint (a missing required argument may come first), never the top-level one
    assert message.startswith(f"arbiter {' '.join(words)}: error: "), err
    code, out, _ = run(capsys, *words, "--no-such-option", "--json")
    data = json.loads(out)
    assert data["kind"] == "usage" and data["usage"].startswith(f"usage: arbiter {' '.join(words)} ")
    assert not db.exists()  # bad input opens nothing


@pytest.mark.parametrize(("argv", "prog"), [(["duration", "adino"], "duration"),
                                             (["cards", "alias", "ezzy", "adino"], "cards alias"),
                                             (["l5r", "order"], "l5r order"), (["card", "adino"], "card")])
def test_an_unknown_option_after_valid_arguments_is_named_under_the_subcommands_usage(argv, prog, db, capsys):
    code, _, err = run(capsys, *argv, "--bogus", "x")
    lines = err.rstrip("\n").split("\n")
    assert code == 2 and lines[0].startswith(f"usage: arbiter {prog} ")
    assert lines[-1] == f"arbiter {prog}: error: unrecognized arguments: --bogus x"
    assert "COMMAND ..." not in err  # not the top-level usage


def test_a_group_with_an_unknown_option_prints_its_own_usage(db, capsys):
    code, _, err = run(capsys, "cards", "--no-such-option")
    assert code == 2 and err.startswith("usage: arbiter cards ")
    code, _, err = run(capsys, "--no-such-option")
    assert code == 2 and err.startswith("usage: arbiter [-h]")


READS = [["card", "adino"], ["duration", "adino", "--played-in", "battle"], ["cards", "history"],
         ["cards", "coverage"], ["ruling", "R-0000000000"], ["rulings", "changed"], ["serve", "--port", "0"],
         *(["cards", "coverage", "--game", r.game] for r in all_rulesets()
           if questions_of(r) and getattr(r, "coverage", None) is not None)]


@pytest.mark.parametrize("argv", READS, ids=" ".join)
def test_a_read_command_refuses_a_db_that_does_not_exist(argv, tmp_path, capsys):
    path = tmp_path / "typo" / "cards.db"
    code, out, err = run(capsys, *argv, "--db", str(path))
    assert (code, out) == (1, "")
    assert err == f"arbiter: The card database {path} does not exist: check the --db path (only a command that " \
                  "changes the catalog, such as `arbiter cards import`, creates a new one).\n"
    code, out, err = run(capsys, *argv, "--db", str(path), "--json")
    assert (code, err) == (1, "")
    assert json.loads(out)["kind"] == "storage"
    assert not path.parent.exists()  # not the file, not its folder


def test_a_plug_in_question_refuses_a_db_that_does_not_exist(tmp_path, capsys):
    path = tmp_path / "nope.db"
    for ruleset in (r for r in all_rulesets() if questions_of(r)):
        question = questions_of(ruleset)[0]
        words = [ruleset.game, *([question.command] if len(questions_of(ruleset)) > 1 else [])]
        code, _, err = run(capsys, *words, "anything", "--db", str(path))
        # a bad-input check may come first (exit 2); never a created file
        assert code in (1, 2) and not path.exists(), (words, err)
        if code == 1:
            assert "does not exist" in err


def test_a_write_command_creates_a_missing_db_and_says_so(tmp_path, capsys):
    path = tmp_path / "new" / "cards.db"
    code, out, err = run(capsys, "cards", "alias", "ezzy", "Adino, the Eznite", "--db", str(path))
    assert code == 0 and out.startswith("Alias “ezzy” now leads to Adino, the Eznite.")
    assert err == f"arbiter: created a new card database at {path} (filled from the starter set).\n"
    assert path.is_file()
    # the next command uses it, quietly: the alias is there
    code, out, err = run(capsys, "card", "ezzy", "--db", str(path), "--json")
    assert (code, err) == (0, "") and json.loads(out)["card"]["name"] == "Adino, the Eznite"


def test_every_command_that_changes_the_catalog_may_create_its_db():
    """A command taking --actor records a change: it is one that writes (bot.catalog.chosen_db_path lets it create
    a missing --db file); every other command only reads."""
    parser = build_parser()
    for words in subcommand_paths():
        sub = parser
        for word in words:
            action = next(a for a in sub._actions if a.__class__.__name__ == "_SubParsersAction")
            sub = action.choices[word]
        takes_actor = any("--actor" in a.option_strings for a in sub._actions)
        writes = sub.get_default("writes") is True
        assert writes == (takes_actor or words == ["run"]), words


def test_environment_and_default_databases_are_still_created_on_first_use(db, capsys):
    assert not db.exists()  # $ARBITER_DB (the `db` fixture) is a configured place, not a typed one
    code, _, err = run(capsys, "card", "adino")
    assert (code, err) == (0, "") and db.is_file()


def test_an_existing_db_is_used_by_read_commands(tmp_path, capsys):
    path = tmp_path / "cards.db"
    Catalog.open(path).close()
    code, out, err = run(capsys, "card", "adino", "--db", str(path))
    assert (code, err) == (0, "") and out


# --- benchmarks --check -------------------------------------------------------------------------------------

def test_benchmarks_check_exits_1_exactly_when_a_target_is_missed():
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--only", "rulings", "--json", "--check"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    results = json.loads(done.stdout)
    assert results["targets"], "the section reports targets"
    missed = [t for t in results["targets"] if not t["pass"]]
    assert done.returncode == (1 if missed else 0), done.stderr[-2000:]
    # the same figures with one target missed: 1 with --check, 0 without; a crashed section is 1 either way
    results["targets"][0]["pass"] = False
    assert exit_status(results, check=True) == 1
    assert exit_status(results, check=False) == 0
    for target in results["targets"]:
        target["pass"] = True
    assert exit_status(results, check=True) == 0
    results["sections"]["rulings"] = {"error": "RuntimeError: boom"}
    assert exit_status(results, check=False) == 1


# --- game aliases as command names --------------------------------------------------------------------------

def test_every_one_word_alias_of_a_game_is_a_command_name(db, capsys):
    offered = 0
    for ruleset in (r for r in all_rulesets() if questions_of(r)):
        _, own, _ = run(capsys, ruleset.game, "--help")
        for alias in ruleset.aliases:
            if " " in alias:
                continue  # not one command word
            code, out, err = run(capsys, alias, "--help")
            assert (code, err) == (0, ""), alias
            assert out == own, alias  # the game's own command, under another name
            offered += 1
    assert offered >= 5  # ga, grandarchive, ashes-reborn, phoenixborn, legend-of-the-five-rings, ...


def test_an_alias_answers_as_the_game_does(db, capsys):
    argv = ["--effect", "Inspiring Call", "--object", "ally", "--json"]
    code, by_alias, _ = run(capsys, "ga", *argv)
    assert code == 0
    code, by_name, _ = run(capsys, "grand-archive", *argv)
    assert json.loads(by_alias)["ruling_id"] == json.loads(by_name)["ruling_id"]
