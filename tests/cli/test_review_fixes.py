"""Fixes from a newcomer's walk through the README: catalog writes never land on a loosely matched card,
history filters by game and words default printings, every command honours --json, errors carry the prefix."""

from __future__ import annotations

import json

import pytest

from bot.catalog import Catalog
from bot.cli import main
from tests.cli_helpers import run
from tests.shared_paths import require_shared


def aliases(path, game: str = "redemption") -> set[str]:
    return {a for a, _name, _set in Catalog.open(path).aliases(game)}


def history_ids(path) -> list[int]:
    return [e.id for e in Catalog.open(path).history(limit=1000)]


def test_alias_onto_a_card_found_by_words_is_asked_back_and_writes_nothing(db, capsys):
    run(capsys, "cards", "history")  # loads the starter set
    before = history_ids(db)
    code, out, err = run(capsys, "cards", "alias", "ez", "Eznite")
    assert code == 1 and out == ""
    assert err.startswith("arbiter: “Eznite” is not the exact name of a card")
    assert "Adino, the Eznite (II)" in err and "nothing was changed" in err
    assert "ez" not in aliases(db) and history_ids(db) == before
    code, out, _ = run(capsys, "cards", "alias", "ez", "Eznite", "--json")
    data = json.loads(out)
    assert code == 1 and data["kind"] == "ambiguous" and data["exit"] == 1
    assert data["match"]["candidates"][0]["name"] == "Adino, the Eznite"
    # The exact name and an existing alias are accepted.
    code, out, err = run(capsys, "cards", "alias", "ez", "Adino, the Eznite")
    assert code == 0 and out.startswith("Alias “ez” now leads to Adino, the Eznite."), err
    code, out, err = run(capsys, "cards", "alias", "ez2", "ez")
    assert code == 0 and "ez2" in aliases(db), err


@pytest.mark.parametrize("argv", [
    ("cards", "annotate", "Eznite", "--rule", "D8", "--text", "while"),
    ("cards", "default", "Eznite", "--set", "II"),
    ("cards", "history", "Eznite"),
])
def test_other_catalog_commands_refuse_a_loose_match(db, capsys, argv):
    run(capsys, "cards", "history")
    before = history_ids(db)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (1, "") and "is not the exact name of a card" in err, err
    assert history_ids(db) == before


def test_throne_room_is_not_aliased_onto_pharaohs_throne_room(db, capsys):
    carddata = require_shared("redemption", "carddata.txt")
    assert run(capsys, "cards", "import", str(carddata))[0] == 0
    code, _, err = run(capsys, "cards", "alias", "tr", "Throne Room")
    assert code == 1 and "Pharaoh's Throne Room" in err and "nothing was changed" in err
    assert "tr" not in aliases(db)


def test_alias_a_plugin_games_card_with_game(db, capsys):
    code, out, err = run(capsys, "cards", "alias", "cfv", "Claude, Fated Visionary", "--game", "grand-archive",
                         "--json")
    assert code == 0, err
    assert json.loads(out)["card"] == "Claude, Fated Visionary"
    assert "cfv" in aliases(db, "grand-archive") and "cfv" not in aliases(db)
    # Matched among that game's cards only: a Redemption name is not found there.
    code, _, err = run(capsys, "cards", "alias", "ad", "Adino, the Eznite", "--game", "grand-archive")
    assert code == 1 and err.startswith("arbiter: No card matches “Adino, the Eznite”.")
    code, _, err = run(capsys, "cards", "alias", "x", "Claude, Fated Visionary", "--game", "chess")
    assert code == 2 and "Unknown game 'chess'" in err


def test_history_game_filters_without_a_card_and_words_default_printings(db, capsys):
    run(capsys, "cards", "alias", "cfv", "Claude, Fated Visionary", "--game", "grand-archive")
    code, out, _ = run(capsys, "cards", "history", "--game", "grand-archive")
    assert code == 0 and "cfv" in out and "redemption starter set" not in out
    code, out, _ = run(capsys, "cards", "history")
    assert "cfv" in out and "redemption starter set" in out  # no --game: every game's entries
    code, out, err = run(capsys, "cards", "default", "Adino, the Eznite", "--set", "II")
    assert code == 0, err
    code, out, _ = run(capsys, "cards", "history", "Adino, the Eznite")
    assert out.splitlines()[0].endswith("default printing of Adino, the Eznite → (II)")
    code, out, _ = run(capsys, "cards", "history", "--game", "redemption", "--json")
    assert json.loads(out)[0]["words"].endswith("default printing of Adino, the Eznite → (II)")
    code, out, _ = run(capsys, "cards", "history", "--game", "grand-archive")
    assert "default printing" not in out


def test_default_honours_json(db, capsys):
    code, out, err = run(capsys, "cards", "default", "Adino, the Eznite", "--set", "II", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["card"] == "Adino, the Eznite" and data["set"] == "II" and data["changed"] is True
    assert isinstance(data["audit_id"], int)
    code, out, _ = run(capsys, "cards", "default", "Adino, the Eznite", "--set", "II", "--json")
    assert json.loads(out)["changed"] is False and json.loads(out)["audit_id"] is None
    code, out, _ = run(capsys, "cards", "default", "Adino, the Eznite", "--clear", "--json")
    assert json.loads(out)["cleared"] is True and json.loads(out)["set"] is None


def test_an_answer_citing_no_rule_has_no_empty_rules_part(db, capsys):
    carddata = require_shared("redemption", "carddata.txt")
    assert run(capsys, "cards", "import", str(carddata))[0] == 0
    code, out, err = run(capsys, "duration", "Son of God", "--set", "A")
    assert code == 0, err
    assert "rules )" not in out and "(Son of God (A))" in out


def test_the_unlabelled_part_is_named_in_words(db, capsys):
    code, out, err = run(capsys, "cards", "annotate", "Adino, the Eznite", "--rule", "instant", "--part", "ZZ")
    assert code == 2 and "its parts: (unlabelled)" in err and "-." not in err
    code, out, err = run(capsys, "cards", "annotate", "Adino, the Eznite", "--rule", "instant")
    assert code == 0 and "on part (unlabelled)." in out, err


def test_help_describes_run_and_reads_take_no_actor(capsys):
    for argv, present, absent in [(("run", "--help"), "DISCORD_TOKEN environment variable", None),
                                  (("cards", "history", "--help"), "--game", "--actor"),
                                  (("cards", "coverage", "--help"), "--game", "--actor")]:
        code = main(list(argv))
        out = capsys.readouterr().out
        assert code == 0 and present in " ".join(out.split())
        assert absent is None or absent not in out


def test_an_unchanged_reimport_has_null_audit_id_as_documented(db, capsys, tmp_path):
    carddata = require_shared("redemption", "carddata.txt")
    assert run(capsys, "cards", "import", str(carddata), "--json")[0] == 0
    code, out, _ = run(capsys, "cards", "import", str(carddata), "--json")
    data = json.loads(out)
    assert code == 0 and data["added"] == data["updated"] == 0 and data["audit_id"] is None


def test_the_card_view_names_the_printing_once_and_lists_every_printing(db, capsys):
    carddata = require_shared("redemption", "carddata.txt")
    assert run(capsys, "cards", "import", str(carddata))[0] == 0
    code, out, _ = run(capsys, "card", "Son of God")
    assert code == 0
    data = json.loads(run(capsys, "card", "Son of God", "--json")[1])
    judged = data["card"]
    header = next(line for line in out.splitlines() if line.endswith(f"- {judged['type']}"))
    assert header.count(f"[{judged['set']}]") + header.count(f"({judged['set']})") == 1  # the label once
    listed = next(line for line in out.splitlines() if line.startswith("Printings ("))
    printings = data["match"]["printings"]
    assert listed.startswith(f"Printings ({len(printings)}): ") and len(printings) > 5
    differ = [p for p in printings if p["reads"] == "differently"]
    assert differ and listed.count("(reads differently)") == len(differ)
