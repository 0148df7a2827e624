"""The command line people expect: --version, help with no subcommand, global --db/--json, exit codes in every
subcommand, JSON errors, help on every argument (plug-in games included), case-insensitive names, validated
games, the import folder search, refused aliases, conflicting annotations, history in words and undo hints."""

from __future__ import annotations

import argparse
import json
import re
from importlib import metadata
from pathlib import Path

import pytest

from bot.answers import games
from bot.catalog import Catalog
from bot.cli.app import build_parser
from engine.registry import find_ruleset
from tests.cli_helpers import run
from tests.engine.test_plugin_hooks import tiles  # noqa: F401  (fixture: a toy game with several questions)


def history(db: Path) -> list:
    with Catalog.open(db) as catalog:
        return catalog.history(limit=1000)


# --- version, help, global options -------------------------------------------------------------------------

def test_version(db, capsys):
    code, out, err = run(capsys, "--version")
    assert (code, out, err) == (0, f"arbiter {metadata.version('arbiter')}\n", "")
    assert not db.exists()


@pytest.mark.parametrize(("argv", "first"), [([], "usage: arbiter "), (["cards"], "usage: arbiter cards ")])
def test_a_command_group_alone_prints_its_help_and_exits_0(db, capsys, argv, first):
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert out.startswith(first)
    if not argv:
        assert out == build_parser().format_help()  # the same text as `arbiter --help`
        assert "duration" in out and "cards" in out
    else:
        assert "history" in out and "undo" in out
    assert not db.exists()  # help opens nothing


def test_a_game_with_several_questions_alone_lists_them(db, capsys, tiles):  # noqa: F811
    code, out, _ = run(capsys, "tiles")
    assert code == 0 and out.startswith("usage: arbiter tiles ") and "lay" in out and "count" in out


def test_db_and_json_go_before_or_after_the_subcommand(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("ARBITER_DB", raising=False)
    before, after = tmp_path / "before.db", tmp_path / "after.db"
    for path in (before, after):
        Catalog.open(path).close()
    code, out_before, _ = run(capsys, "--db", str(before), "--json", "card", "adino the eznite")
    assert code == 0
    code, out_after, _ = run(capsys, "card", "adino the eznite", "--db", str(after), "--json")
    assert code == 0
    assert json.loads(out_before) == json.loads(out_after)
    # given in both places, the one after the subcommand wins (it is the more specific): here a file that does
    # not exist, which a read command refuses
    third = tmp_path / "third.db"
    code, _, err = run(capsys, "--db", str(before), "card", "adino", "--db", str(third))
    assert code == 1 and str(third) in err and not third.exists()


# --- exit codes and JSON errors -----------------------------------------------------------------------------

def test_lookup_problems_exit_1_in_alias_annotate_and_history(db, capsys):
    for argv in (["cards", "alias", "zed", "zzqx flarn"], ["cards", "history", "zzqx flarn"],
                 ["cards", "annotate", "zzqx flarn", "--rule", "D4", "--value", "turn"]):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (1, ""), argv
        assert err.startswith("arbiter: No card matches “zzqx flarn”."), argv
        code, out, err = run(capsys, *argv, "--json")
        data = json.loads(out)
        assert (code, err) == (1, "")
        assert data["kind"] == "not-found" and data["exit"] == 1 and data["match"]["how"] == "not-found"
        assert data["error"].startswith("No card matches")


@pytest.mark.parametrize(("argv", "kind", "code", "message"), [
    (["duration", "adino", "--played-in", "moon"], "usage", 2, "arbiter duration: argument --played-in: "
                                                               "invalid choice: 'moon'"),
    (["cards", "history", "--limit", "0"], "usage", 2, "arbiter cards history: argument --limit: must be a "
                                                       "positive whole number, not '0'"),
    (["nonsense"], "usage", 2, "arbiter: argument COMMAND: invalid choice: 'nonsense'"),
    (["duration", "adino", "--then", "explodes"], "usage", 2, "Unknown event 'explodes'"),
    (["rule", "D42"], "usage", 2, "Unknown rule 'D42'"),
    (["cards", "undo", "999999"], "not-found", 1, "There is no recorded change #999999."),
    (["cards", "import", "no-such-file.txt"], "refused", 1, "no-such-file.txt"),
])
def test_with_json_every_error_is_one_json_object(db, capsys, argv, kind, code, message):
    got, out, err = run(capsys, *argv, "--json")
    assert (got, err) == (code, "")
    data = json.loads(out)
    assert (data["kind"], data["exit"]) == (kind, code)
    assert message in data["error"] and "\n" not in data["error"]
    if argv[0] in ("duration", "nonsense") and kind == "usage" and "Unknown" not in message:
        assert data["usage"].startswith("usage: arbiter")
    got, out, err = run(capsys, "--json", *argv)  # --json before the subcommand works the same
    assert (got, json.loads(out)["kind"]) == (code, kind)


def test_without_json_errors_are_one_line_on_stderr(db, capsys):
    code, out, err = run(capsys, "cards", "undo", "999999")
    assert (code, out, err) == (1, "", "arbiter: There is no recorded change #999999.\n")


def test_undo_twice_is_refused_with_exit_1(db, capsys):
    code, out, _ = run(capsys, "cards", "alias", "ezzy", "adino the eznite", "--json")
    audit_id = json.loads(out)["audit_id"]
    assert run(capsys, "cards", "undo", str(audit_id))[0] == 0
    code, out, _ = run(capsys, "cards", "undo", str(audit_id), "--json")
    assert code == 1 and json.loads(out)["kind"] == "refused"


# --- help on every argument -----------------------------------------------------------------------------------

def _walk(parser: argparse.ArgumentParser, path: str):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helped = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                if sub.prog.split()[-1] != name:
                    continue  # an alias (`arbiter ga`): the same parser, walked under the game's own name
                yield f"{path} {name}", "(the subcommand itself)", helped.get(name)
                yield from _walk(sub, f"{path} {name}")
        elif not isinstance(action, argparse._HelpAction):
            yield path, "/".join(action.option_strings) or action.dest, action.help


def test_every_argument_of_every_command_has_help(tiles):  # noqa: F811
    walked = list(_walk(build_parser(), "arbiter"))
    missing = [f"{path}: {arg}" for path, arg, text in walked if not text or text == argparse.SUPPRESS]
    assert missing == []
    commands = {path for path, _, _ in walked}
    # the walk reached the plug-in games: one question (dominion), several (the toy tiles), and importers
    assert {"arbiter dominion", "arbiter dominion-import", "arbiter tiles lay", "arbiter cards annotate"} <= commands


# --- names, games and folders -----------------------------------------------------------------------------------

def test_zone_event_and_ruleset_names_are_case_insensitive(db, capsys):
    _, lower, _ = run(capsys, "duration", "adino", "--played-in", "battle", "--then", "phase-ends", "--json")
    code, upper, err = run(capsys, "duration", "adino", "--played-in", "Battle", "--then", "PHASE-ENDS",
                           "--ruleset", "Current", "--json")
    assert code == 0, err
    assert json.loads(upper) == json.loads(lower)


@pytest.mark.parametrize(("game", "message"), [
    ("chess", "Unknown game 'chess'; known games: "),
    ("dominion", "`arbiter cards import` reads Redemption CCG's LackeyCCG carddata.txt, not Dominion cards; import "
                 "them with `arbiter dominion-import [DIR]`."),
])
def test_cards_import_refuses_a_game_that_does_not_read_lackey_files(db, capsys, tmp_path, game, message):
    lackey = tmp_path / "carddata.txt"
    lackey.write_text("Name\tSet\tType\nSon of Gad\tT1\tHero\n", encoding="utf-8")
    code, out, err = run(capsys, "cards", "import", str(lackey), "--game", game)
    assert (code, out) == (2, "")
    assert err.startswith(f"arbiter: {message}") and err.count("\n") == 1
    assert not db.exists()  # refused before the database was opened


def test_game_import_without_a_folder_names_where_it_looked(db, capsys, tmp_path, monkeypatch):
    work = tmp_path / "work" / "checkout"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    monkeypatch.setattr(games, "SHARED_DATA", tmp_path / "nowhere")
    code, out, err = run(capsys, "dominion-import")
    assert (code, out) == (1, "")
    looked = [tmp_path / "work" / "shared" / "data" / "dominion", work / "shared" / "data" / "dominion",
              tmp_path / "nowhere" / "dominion"]
    assert err == (f"arbiter: No folder given and none of {', '.join(str(p) for p in looked)} exists; give the "
                   f"folder with {find_ruleset('dominion').sources.description}: arbiter dominion-import DIR.\n")
    assert not db.exists()
    # ../shared/data/<folder> from the current directory, as the README says, is the first place looked at
    (tmp_path / "work" / "shared" / "data" / "dominion").mkdir(parents=True)
    sources = find_ruleset("dominion").sources
    assert games.default_source_dir(sources, "dominion") == looked[0]


# --- moderation: aliases, annotations, history, undo ------------------------------------------------------------

def test_an_alias_that_is_another_cards_exact_name_is_refused(db, capsys):
    run(capsys, "card", "adino")  # creates the database
    before = history(db)
    code, out, err = run(capsys, "cards", "alias", "Three Woes", "adino the eznite")
    assert (code, out) == (1, "")
    assert err == ("arbiter: “Three Woes” already names the card Three Woes (RoJ), and a card's own names always "
                   "win over an alias, so this alias would never be used.\n")
    code, out, _ = run(capsys, "cards", "alias", "moabite marauders", "adino the eznite", "--json")
    assert (code, json.loads(out)["kind"]) == (1, "refused")
    assert history(db) == before
    # a name of the card itself (its short name) is no conflict: the alias just leads where the name does
    assert run(capsys, "cards", "alias", "Michael", "michael, chief prince")[0] == 0


def test_alias_history_in_words_and_an_undo_hint_that_works(db, capsys):
    code, out, err = run(capsys, "cards", "alias", "ezzy", "adino the eznite")
    assert code == 0, err
    hint = re.fullmatch(r"Alias “ezzy” now leads to Adino, the Eznite\. Undo with: arbiter cards undo (\d+)\n", out)
    assert hint, out
    code, out, _ = run(capsys, "cards", "history", "--limit", "1")
    assert re.fullmatch(rf"#{hint[1]} \d{{4}}-\d\d-\d\d cli:tester alias “ezzy” → Adino, the Eznite\n", out), out
    code, out, _ = run(capsys, "cards", "undo", hint[1])
    undo_id = re.fullmatch(rf"Change #{hint[1]} undone \(recorded as #(\d+); undo #\1 to put it back\)\.\n", out)
    assert code == 0 and undo_id, out
    code, out, _ = run(capsys, "cards", "history", "--limit", "2")
    lines = out.splitlines()
    assert lines[0].endswith(f"cli:tester undo of #{hint[1]} (alias “ezzy”)")
    assert lines[1].endswith(f"alias “ezzy” → Adino, the Eznite (undone by #{undo_id[1]})")
    code, out, _ = run(capsys, "cards", "history", "--limit", "1", "--json")
    assert json.loads(out)[0]["words"] == lines[0]


def test_an_import_names_its_batch_header_and_history_by_card_names_the_batch(db, capsys, tmp_path):
    from tests.catalog_fixtures import lackey_row, lackey_text

    lackey = tmp_path / "carddata.txt"
    lackey.write_text(lackey_text(lackey_row("Son of Gad"), lackey_row("Daughter of Gad")), encoding="utf-8")
    code, out, err = run(capsys, "cards", "import", str(lackey))
    assert code == 0, err
    header = re.search(r"Undo with: arbiter cards undo (\d+)$", out.strip())
    assert header, out
    code, out, _ = run(capsys, "cards", "history", "son of gad")
    assert re.fullmatch(rf"#\d+ \S+ cli:tester added card Son of Gad \(T1\) \(part of #{header[1]}\)\n", out), out
    code, out, _ = run(capsys, "cards", "history", "--limit", "1")
    assert out.endswith("cli:tester import of 2 redemption cards from carddata.txt: 2 added, 0 updated\n"), out
    assert run(capsys, "cards", "undo", header[1])[0] == 0  # the hinted id undoes the whole import
    assert run(capsys, "card", "son of gad")[0] == 1


def test_a_conflicting_annotation_is_written_with_a_warning(db, capsys):
    code, out, err = run(capsys, "cards", "annotate", "adino the eznite", "--rule", "D4", "--value", "turn")
    assert (code, err) == (0, "")
    first = re.fullmatch(r"Annotation (\d+) added to Adino, the Eznite \(II\): D4 turn on part \(unlabelled\)\. "
                         r"Undo with: arbiter cards undo (\d+)\n"
                         r"(\d+ official rulings? about .* now disagrees? with Arbiter's answer: .*\n)?", out)
    assert first, out
    code, out, err = run(capsys, "cards", "annotate", "adino the eznite", "--rule", "D4", "--value", "phase")
    assert code == 0
    assert err == (f"arbiter: warning: Adino, the Eznite (II), unlabelled ability: annotation #{first[1]} (D4 turn) "
                   f"gives D4 another value; both apply now. To keep only one, undo #{first[2]} (the old one) or this "
                   "change (the new one).\n")
    code, out, err = run(capsys, "cards", "annotate", "adino the eznite", "--rule", "instant", "--json")
    data = json.loads(out)
    assert code == 0 and err == ""
    # the two D4s, and the starter set's D8 “while equipped”: nothing can last beside an instant annotation
    assert len(data["warnings"]) == 3 and all("cannot hold beside instant" in w for w in data["warnings"])
    starter = next(w for w in data["warnings"] if "D8" in w)
    assert starter.endswith("To keep only the old one, undo this change.")  # it came in the starter batch
    assert run(capsys, "cards", "undo", str(data["audit_id"]))[0] == 0  # the JSON audit_id is the undo id
    # a D8 condition beside a D4 time is normal: no warning
    code, _, err = run(capsys, "cards", "annotate", "adino the eznite", "--rule", "D8", "--text", "while in battle")
    assert (code, err) == (0, "")
    assert run(capsys, "cards", "undo", first[2])[0] == 0  # the id the warning named drops the old annotation


def test_a_plug_in_annotation_warns_and_its_lookup_problem_exits_1(db, capsys, tiles):  # noqa: F811
    args = ("cards", "annotate", "red tile", "--game", "tiles", "--rule", "colour", "--part", "1")
    assert run(capsys, *args, "--value", "blue")[0] == 0
    code, out, err = run(capsys, *args, "--value", "green")
    assert code == 0 and ": annotation #" in err and "(colour blue) gives colour another value" in err
    undo = re.search(r"Undo with: arbiter cards undo (\d+)$", out.strip())
    assert undo and run(capsys, "cards", "undo", undo[1])[0] == 0
    code, out, _ = run(capsys, "cards", "annotate", "zzqx", "--game", "tiles", "--rule", "colour", "--value",
                       "red", "--part", "1", "--json")
    assert code == 1 and json.loads(out)["kind"] == "not-found"


def test_run_without_a_token_is_a_json_error_with_json(db, capsys, monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    code, out, err = run(capsys, "run", "--json")
    assert (code, err) == (2, "")
    data = json.loads(out)
    assert (data["kind"], data["exit"]) == ("config", 2)
    assert data["error"].startswith("DISCORD_TOKEN is not set: export DISCORD_TOKEN=")
    code, out, err = run(capsys, "run")
    assert (code, out) == (2, "") and err.startswith("arbiter: DISCORD_TOKEN is not set")


def test_history_of_a_plug_in_games_card(db, capsys, tiles):  # noqa: F811
    args = ("cards", "annotate", "red tile", "--game", "tiles", "--rule", "colour", "--part", "1", "--value", "blue")
    assert run(capsys, *args)[0] == 0
    code, out, err = run(capsys, "cards", "history", "red tile", "--game", "tiles")
    assert code == 0, err
    assert "annotation #" in out and "on Red Tile (Toy) part 1: colour blue" in out
    code, out, _ = run(capsys, "cards", "history", "red tile")  # a tiles card is no Redemption card
    assert code == 1
    assert run(capsys, "cards", "history", "red tile", "--game", "chess")[0] == 2


def test_history_says_when_a_change_is_one_servers_only(db, capsys):
    assert run(capsys, "cards", "alias", "ezzy", "adino the eznite", "--guild", "123")[0] == 0
    code, out, _ = run(capsys, "cards", "history", "--limit", "1", "--guild", "123")
    assert code == 0 and out.endswith("cli:tester server alias “ezzy” → Adino, the Eznite in server 123\n"), out
