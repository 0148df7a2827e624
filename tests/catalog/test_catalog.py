"""Catalog writes, history and undo on real SQLite files (tmp_path), checked before and after."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
import sqlite_utils

from bot.catalog import (
    Catalog,
    CatalogError,
    DuplicateAlias,
    DuplicateCard,
    InvalidChange,
    UndoRefused,
    UnknownAlias,
    UnknownAnnotation,
    UnknownCard,
    UnknownChange,
    UnreadableDatabase,
    default_db_path,
    load_starter,
)
from bot.catalog.records import card_state
from bot.catalog.starter import read_starter
from engine.cards import Annotation
from tests.catalog_fixtures import make_card, open_catalog, small_lackey_text

ACTOR = "cli:alice"


def audit_count(cat: Catalog) -> int:
    return cat.db.conn.execute("SELECT count(*) FROM audit").fetchone()[0]


def snapshot(cat: Catalog) -> dict[str, list[tuple]]:
    """Every row of every table, to show that a refused write changed nothing."""
    tables = ("cards", "aliases", "annotations", "audit", "settings")
    return {t: cat.db.conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}


# --- opening -------------------------------------------------------------------------------------------

def test_open_creates_schema_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "cards.db"
    Catalog.open(path, seed_starter=False).close()
    db = sqlite_utils.Database(path)
    assert {"cards", "aliases", "annotations", "audit", "settings"} <= set(db.table_names())
    assert db.journal_mode == "wal"
    assert "class" in db["cards"].columns_dict and "extra" in db["cards"].columns_dict
    assert db["cards"].pks == ["game", "name", "set"]
    db.close()


def test_open_seeds_starter_once(tmp_path: Path) -> None:
    starter = read_starter()
    with Catalog.open(tmp_path / "c.db") as cat:
        assert cat.count("redemption") == len(starter.cards)
        assert cat.games() == ["redemption"]
        officials, entry = cat.history()  # newest first: the starter's official rulings came in after its cards
        assert (entry.actor, entry.action) == ("starter", "starter")
        assert (officials.actor, officials.action) == ("starter", "import_official")
        members = cat.db.conn.execute("SELECT count(*) FROM audit WHERE batch = ?", (entry.id,)).fetchone()[0]
        assert members == len(starter.cards) + len(starter.aliases) + len(starter.annotations)
        first = starter.cards[0]
        assert cat.card("redemption", first.name, first.set) == first
        assert load_starter(cat) is None  # nothing new: nothing written
    with Catalog.open(tmp_path / "c.db") as again:  # not empty any more: no second seeding
        assert len(again.history()) == 2


def test_starter_annotations_and_aliases_loaded(tmp_path: Path) -> None:
    with Catalog.open(tmp_path / "c.db") as cat:
        notes = cat.annotations("redemption", "Adino, the Eznite", "II")
        assert [(n.rule, n.text) for n in notes] == [("D8", "while equipped")]
        assert ("adino", "Adino, the Eznite", None) in cat.aliases("redemption")


def test_seed_starter_false_gives_empty_catalog(cat: Catalog) -> None:
    assert cat.count() == 0 and cat.cards() == [] and cat.games() == [] and cat.history() == []


def test_default_db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_DB", str(tmp_path / "x" / "my.db"))
    assert default_db_path() == tmp_path / "x" / "my.db" and (tmp_path / "x").is_dir()
    monkeypatch.delenv("ARBITER_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    path = default_db_path()
    assert path.name == "cards.db" and path.parent.is_dir() and "arbiter" in path.parts


# --- cards ---------------------------------------------------------------------------------------------

def test_add_card_round_trips_and_is_audited(cat: Catalog) -> None:
    card = make_card(text="Opponents’ heroes\u200b  lose", extra={"Strength": "5", "Sound": "anb"})
    entry = cat.add_card(card, ACTOR)
    stored = cat.card("redemption", "Test Hero", "T1")
    assert stored == card and stored.extra == card.extra and stored.text == card.text
    assert (entry.actor, entry.action, entry.before) == (ACTOR, "add_card", None)
    assert entry.after == card_state(card)
    assert entry.at.endswith("Z") and entry.at[4] == "-"
    assert cat.printings("redemption", "Test Hero") == [card]
    assert cat.count() == 1 and cat.count("other") == 0


def test_duplicate_card_refused_and_changes_nothing(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    before = snapshot(cat)
    with pytest.raises(DuplicateCard, match=r"Test Hero \(T1\) already exists"):
        cat.add_card(make_card(text="other"), ACTOR)
    assert snapshot(cat) == before


def test_same_name_other_set_is_a_second_printing(cat: Catalog) -> None:
    cat.add_card(make_card(set="T1"), ACTOR)
    cat.add_card(make_card(set="T2", text="Reprint."), ACTOR)
    assert [c.set for c in cat.printings("redemption", "Test Hero")] == ["T1", "T2"]


def test_edit_card_records_before_and_after(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    entry = cat.edit_card("redemption", "Test Hero", "T1", {"text": "New text.", "card_class": "Territory"},
                          "discord:1234")
    card = cat.card("redemption", "Test Hero", "T1")
    assert card is not None
    assert (card.text, card.card_class, card.brigade) == ("New text.", "Territory", "Blue")
    assert entry.before["text"] == "Search deck for a GE." and entry.after["text"] == "New text."
    assert entry.before["card_class"] == "Warrior" and entry.actor == "discord:1234"
    row = cat.db.conn.execute('SELECT class FROM cards WHERE name = ?', ("Test Hero",)).fetchone()
    assert row == ("Territory",)


@pytest.mark.parametrize(("changes", "error"), [
    ({}, InvalidChange), ({"class": "x"}, InvalidChange), ({"name": "Renamed"}, InvalidChange),
    ({"text": 5}, InvalidChange), ({"extra": {"a": 1}}, InvalidChange), ({"text": "a\x00"}, InvalidChange),
    ({"text": "Search deck for a GE."}, InvalidChange),  # changes nothing
])
def test_bad_edits_refused(cat: Catalog, changes: dict, error: type[CatalogError]) -> None:
    cat.add_card(make_card(), ACTOR)
    before = snapshot(cat)
    with pytest.raises(error):
        cat.edit_card("redemption", "Test Hero", "T1", changes, ACTOR)
    assert snapshot(cat) == before


def test_unknown_card_errors(cat: Catalog) -> None:
    with pytest.raises(UnknownCard, match=r"^There is no redemption card Nobody \(X\)\.$"):
        cat.edit_card("redemption", "Nobody", "X", {"text": "a"}, ACTOR)
    with pytest.raises(UnknownCard):
        cat.delete_card("redemption", "Nobody", "X", ACTOR)
    with pytest.raises(UnknownCard):
        cat.add_alias("redemption", "nob", "Nobody", None, ACTOR)
    with pytest.raises(UnknownCard):
        cat.annotate("redemption", "Nobody", "X", Annotation("", "D3"), ACTOR)
    assert cat.history() == []


def test_actor_required(cat: Catalog) -> None:
    with pytest.raises(InvalidChange, match="actor"):
        cat.add_card(make_card(), "  ")
    assert cat.count() == 0


def test_delete_and_undo_restore_the_exact_row(cat: Catalog) -> None:
    card = make_card(extra={"ImageFile": "x", "Strength": "5"})
    cat.add_card(card, ACTOR)
    deleted = cat.delete_card("redemption", "Test Hero", "T1", ACTOR)
    assert cat.card("redemption", "Test Hero", "T1") is None and deleted.after is None
    undo = cat.undo(deleted.id, "cli:bob")
    restored = cat.card("redemption", "Test Hero", "T1")
    assert restored == card and restored is not None and restored.extra == card.extra
    assert (undo.action, undo.undoes, undo.before, undo.after) == ("undo", deleted.id, None, card_state(card))
    assert cat.history(limit=5)[1].undone_by == undo.id


# --- aliases -------------------------------------------------------------------------------------------

def test_alias_add_fold_duplicate_remove_undo(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    added = cat.add_alias("redemption", "T-Hero", "Test Hero", None, ACTOR)
    assert cat.aliases("redemption") == [("T-Hero", "Test Hero", None)]
    assert added.after == {"alias": "T-Hero", "name": "Test Hero", "set": None}
    before = snapshot(cat)
    with pytest.raises(DuplicateAlias, match="already leads to Test Hero"):
        cat.add_alias("redemption", "t hero", "Test Hero", "T1", ACTOR)  # folds to the same key
    with pytest.raises(InvalidChange):
        cat.add_alias("redemption", "!!", "Test Hero", None, ACTOR)
    with pytest.raises(UnknownCard):
        cat.add_alias("redemption", "th2", "Test Hero", "T9", ACTOR)
    assert snapshot(cat) == before
    removed = cat.remove_alias("redemption", "T HERO", ACTOR)
    assert cat.aliases("redemption") == [] and removed.before == added.after
    with pytest.raises(UnknownAlias):
        cat.remove_alias("redemption", "t-hero", ACTOR)
    cat.undo(removed.id, ACTOR)
    assert cat.aliases("redemption") == [("T-Hero", "Test Hero", None)]


def test_alias_of_deleted_card_is_dormant_not_lost(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    cat.add_alias("redemption", "th", "Test Hero", "T1", ACTOR)
    deleted = cat.delete_card("redemption", "Test Hero", "T1", ACTOR)
    assert cat.aliases("redemption") == []
    cat.undo(deleted.id, ACTOR)
    assert cat.aliases("redemption") == [("th", "Test Hero", "T1")]


# --- annotations ---------------------------------------------------------------------------------------

def test_annotations_per_printing_and_for_all_printings(cat: Catalog) -> None:
    cat.add_card(make_card(set="T1"), ACTOR)
    cat.add_card(make_card(set="T2"), ACTOR)
    one = Annotation(part="", rule="D8", text="while equipped", note="only T1")
    every = Annotation(part="STAR", rule="instant")
    id1 = cat.annotate("redemption", "Test Hero", "T1", one, ACTOR)
    id2 = cat.annotate("redemption", "Test Hero", None, every, ACTOR)
    assert id2 > id1
    assert cat.annotations("redemption", "Test Hero", "T1") == [one, every]
    assert cat.annotations("redemption", "Test Hero", "T2") == [every]
    assert cat.annotations_with_ids("redemption", "Test Hero", "T2") == [(id2, every)]
    (entry,) = cat.history(name="Test Hero", set="T2", limit=1)
    assert entry.action == "annotate" and entry.after["rule"] == "instant" and entry.after["set"] is None


def test_remove_annotation_and_undo_keeps_its_id(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    note = Annotation(part="", rule="D4", text="until end of turn", value="turn")
    note_id = cat.annotate("redemption", "Test Hero", "T1", note, ACTOR)
    removed = cat.remove_annotation(note_id, ACTOR)
    assert cat.annotations("redemption", "Test Hero", "T1") == []
    assert removed.before["value"] == "turn" and removed.after is None
    with pytest.raises(UnknownAnnotation, match=f"#{note_id}"):
        cat.remove_annotation(note_id, ACTOR)
    cat.undo(removed.id, ACTOR)
    assert cat.annotations_with_ids("redemption", "Test Hero", "T1") == [(note_id, note)]
    # ids are never reused (AUTOINCREMENT), so an undone removal cannot collide with a newer annotation
    assert cat.annotate("redemption", "Test Hero", "T1", note, ACTOR) == note_id + 1


def test_annotation_needs_a_rule(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    with pytest.raises(InvalidChange):
        cat.annotate("redemption", "Test Hero", "T1", Annotation(part="", rule=" "), ACTOR)


# --- settings ------------------------------------------------------------------------------------------

def test_settings_set_get_remove_undo(cat: Catalog) -> None:
    assert cat.get_setting("moderator_role:1") is None and cat.get_setting("k", "d") == "d"
    first = cat.set_setting("moderator_role:1", "555", "discord:1")
    assert first is not None and cat.get_setting("moderator_role:1") == "555"
    assert cat.set_setting("moderator_role:1", "555", "discord:1") is None  # unchanged: nothing written
    second = cat.set_setting("moderator_role:1", "777", "discord:1")
    assert second is not None and (second.before, second.after) == ({"value": "555"}, {"value": "777"})
    cat.undo(second.id, ACTOR)
    assert cat.get_setting("moderator_role:1") == "555"
    cat.set_setting("moderator_role:1", None, ACTOR)
    assert cat.get_setting("moderator_role:1") is None


# --- history and undo ----------------------------------------------------------------------------------

def test_history_filters_and_order(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    cat.add_card(make_card("Other", "T1"), ACTOR)
    cat.add_card(make_card("Elsewhere", "E1", game="dominion"), ACTOR)
    cat.edit_card("redemption", "Test Hero", "T1", {"text": "x"}, ACTOR)
    assert [e.action for e in cat.history()] == ["edit_card", "add_card", "add_card", "add_card"]
    assert len(cat.history(game="dominion")) == 1
    assert [e.action for e in cat.history(game="redemption", name="Test Hero", set="T1")] == \
        ["edit_card", "add_card"]
    assert len(cat.history(limit=2)) == 2


def test_undo_twice_refused(cat: Catalog) -> None:
    entry = cat.add_card(make_card(), ACTOR)
    undo = cat.undo(entry.id, ACTOR)
    assert cat.count() == 0
    before = snapshot(cat)
    with pytest.raises(UndoRefused, match=f"already undone by #{undo.id}"):
        cat.undo(entry.id, ACTOR)
    assert snapshot(cat) == before


def test_undo_refused_when_target_changed_since_names_the_later_change(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    first = cat.edit_card("redemption", "Test Hero", "T1", {"text": "one"}, ACTOR)
    second = cat.edit_card("redemption", "Test Hero", "T1", {"text": "two"}, ACTOR)
    before = snapshot(cat)
    with pytest.raises(UndoRefused, match=f"changed since by #{second.id}; undo #{second.id} first"):
        cat.undo(first.id, ACTOR)
    assert snapshot(cat) == before
    cat.undo(second.id, ACTOR)
    cat.undo(first.id, ACTOR)
    card = cat.card("redemption", "Test Hero", "T1")
    assert card is not None and card.text == "Search deck for a GE."


def test_undo_of_an_undo_redoes(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    entry = cat.edit_card("redemption", "Test Hero", "T1", {"text": "new"}, ACTOR)
    undo = cat.undo(entry.id, ACTOR)
    redo = cat.undo(undo.id, ACTOR)
    card = cat.card("redemption", "Test Hero", "T1")
    assert card is not None and card.text == "new" and redo.undoes == undo.id


def test_undo_unknown_id(cat: Catalog) -> None:
    with pytest.raises(UnknownChange, match="no recorded change #42"):
        cat.undo(42, ACTOR)


def test_errors_are_one_sentence(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    calls = [lambda: cat.add_card(make_card(), ACTOR), lambda: cat.undo(99, ACTOR),
             lambda: cat.remove_alias("redemption", "zz", ACTOR), lambda: cat.remove_annotation(5, ACTOR),
             lambda: cat.delete_card("redemption", "X", "Y", ACTOR)]
    for call in calls:
        with pytest.raises(CatalogError) as info:
            call()
        message = str(info.value)
        assert message.endswith(".") and "\n" not in message and message[0].isupper()


# --- threads and processes -----------------------------------------------------------------------------

def test_import_in_a_worker_thread_while_reading(cat: Catalog) -> None:
    results: list[object] = []
    worker = threading.Thread(target=lambda: results.append(cat.import_lackey(small_lackey_text(), ACTOR)))
    worker.start()
    for _ in range(50):
        cat.count()
    worker.join()
    assert results and cat.count() == 4


def test_two_catalogs_on_one_file_see_each_other(tmp_path: Path) -> None:
    with open_catalog(tmp_path) as a, open_catalog(tmp_path) as b:
        a.add_card(make_card(), ACTOR)
        assert b.card("redemption", "Test Hero", "T1") is not None
        b.edit_card("redemption", "Test Hero", "T1", {"text": "by b"}, "cli:b")
        assert a.history()[0].actor == "cli:b"


def test_a_failed_write_rolls_back(cat: Catalog) -> None:
    cat.add_card(make_card(), ACTOR)
    before = snapshot(cat)
    cat.db.conn.execute("CREATE TRIGGER boom BEFORE INSERT ON audit BEGIN SELECT RAISE(ABORT, 'boom'); END")
    with pytest.raises(sqlite3.IntegrityError):
        cat.edit_card("redemption", "Test Hero", "T1", {"text": "never"}, ACTOR)
    cat.db.conn.execute("DROP TRIGGER boom")
    assert snapshot(cat) == before


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("just some text, not SQLite\n" * 100)
    with pytest.raises(UnreadableDatabase, match=f"The card database {bad} is damaged"):
        Catalog.open(bad)
    with pytest.raises(UnreadableDatabase):
        Catalog.open(tmp_path)  # a directory
    assert bad.read_text().startswith("just some text")
