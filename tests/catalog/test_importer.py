"""LackeyCCG import: parsing quirks, whole-file validation (nothing written on error), idempotence, undo.

The real carddata.txt is read where it lies (../shared beside the repo); modified copies go to tmp_path.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from bot.catalog import Catalog, ImportFileError, UndoRefused, parse_lackey
from engine.cards import Annotation
from tests.catalog_fixtures import (
    LACKEY_HEADER,
    lackey_row,
    lackey_text,
    make_card,
    small_lackey_text,
)
from tests.shared_paths import require_shared

ACTOR = "cli:alice"
REAL_ROWS = 5692


def snapshot(cat: Catalog) -> dict[str, list[tuple]]:
    tables = ("cards", "aliases", "annotations", "audit", "settings")
    return {t: cat.db.conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}


# --- parsing -------------------------------------------------------------------------------------------

def test_parse_maps_columns_and_keeps_text_exactly() -> None:
    cards = parse_lackey(small_lackey_text())
    assert [c.label for c in cards] == ["Alpha Hero (T1)", "Beta Enhancement (T1)", "Philemon (T1)",
                                        "Philemon (T2)"]
    alpha, beta = cards[0], cards[1]
    assert (alpha.game, alpha.type, alpha.card_class) == ("redemption", "Hero", "Warrior")
    assert alpha.identifier == "O.T."
    assert alpha.extra == {"ImageFile": "Alpha_Hero", "Strength": "5", "Toughness": "5"}
    assert beta.text == "Protect your Heroes from opponents’ “capture”.  Cannot be prevented."
    assert beta.extra == {"ImageFile": "Beta_Enhancement"}  # empty columns are not stored
    assert parse_lackey(small_lackey_text(), game="other")[0].game == "other"


def test_trailing_empty_fields_crlf_and_final_newline_accepted() -> None:
    row = lackey_row("Twenty Shekels [2025 - 2nd Place]", "Pmo-P3") + "\t" * 14
    text = lackey_text(row, lackey_row("Zero\u200bWidth", "T1")).replace("\n", "\r\n") + "\r\n"
    cards = parse_lackey(text)
    assert [c.name for c in cards] == ["Twenty Shekels [2025 - 2nd Place]", "Zero\u200bWidth"]
    assert cards[1].extra["ImageFile"] == "Zero\u200bWidth" and cards[0].legality == ""


@pytest.mark.parametrize(("text", "line", "reason"), [
    (lackey_text(lackey_row("A"), "\t".join(["Short"] * 9), lackey_row("C")), 3,
     "expected 16 tab-separated fields, found 9"),
    (lackey_text(lackey_row("A"), lackey_row("B") + "\tsurprise"), 3,
     "expected 16 tab-separated fields, found 17 with text after the last column"),
    (lackey_text(lackey_row("A"), lackey_row("")), 3, "the Name field is empty"),
    (lackey_text(lackey_row("A"), lackey_row("B", "")), 3, "the Set field is empty"),
    (lackey_text(lackey_row("A"), lackey_row("B", Type=" ")), 3, "the Type field is empty"),
    (lackey_text(lackey_row("A"), lackey_row("B").replace("B\t", "B\t\t", 1)), 3,
     "the Set field is empty (17 fields where the header has 16: is there a stray tab?)"),
    (lackey_text(lackey_row("A"), lackey_row("B"), lackey_row("A")), 4,
     "“A” in set “T1” is already on line 2"),
    (lackey_text(lackey_row("A"), lackey_row("B\x00")), 3, "contains a NUL character"),
    (lackey_text(lackey_row("A"), "", lackey_row("B")), 3, "expected 16 tab-separated fields, found 1"),
    (LACKEY_HEADER.replace("SpecialAbility", "Text") + "\n" + lackey_row("A"), 1,
     "the header lacks SpecialAbility"),
    (LACKEY_HEADER.replace("Sound", "Name") + "\n" + lackey_row("A"), 1, "the header repeats Name"),
])
def test_bad_files_name_the_line(text: str, line: int, reason: str) -> None:
    with pytest.raises(ImportFileError) as info:
        parse_lackey(text)
    assert info.value.line == line and reason in str(info.value)
    assert str(info.value).startswith(f"line {line}: ")


def test_empty_file_refused(tmp_path: Path) -> None:
    with pytest.raises(ImportFileError, match="empty"):
        parse_lackey("")
    (tmp_path / "empty.txt").write_bytes(b"\n")
    with pytest.raises(ImportFileError, match="empty"):
        parse_lackey((tmp_path / "empty.txt").read_text())


def test_invalid_utf8_and_missing_file(cat: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(small_lackey_text().encode().replace(b"Philemon", b"Phil\xe9mon", 1))
    with pytest.raises(ImportFileError, match=r"^bad.txt, line 4: not valid UTF-8 \(byte 0xE9\)$"):
        cat.import_lackey(path, ACTOR)
    with pytest.raises(ImportFileError, match="Cannot read"):
        cat.import_lackey(tmp_path / "missing.txt", ACTOR)
    with pytest.raises(ImportFileError, match="line 2: not valid UTF-8"):
        cat.import_lackey(b"Name\tSet\n\xff", ACTOR)
    assert cat.count() == 0 and cat.history() == []


# --- importing -----------------------------------------------------------------------------------------

def test_import_reimport_and_one_change(cat: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "carddata.txt"
    path.write_text(small_lackey_text(), encoding="utf-8")
    first = cat.import_lackey(path, ACTOR)
    assert (first.added, first.updated, first.unchanged, first.total) == (4, 0, 0, 4)
    (header,) = cat.history()
    assert header.id == first.audit_id and header.action == "import" and header.after["added"] == 4
    audit_rows = len(snapshot(cat)["audit"])
    again = cat.import_lackey(str(path), ACTOR)  # a str path works too
    assert (again.added, again.updated, again.unchanged, again.audit_id) == (0, 0, 4, None)
    assert len(snapshot(cat)["audit"]) == audit_rows  # an import that changes nothing writes nothing
    changed = small_lackey_text().replace("A different printing.", "A corrected printing.")
    report = cat.import_lackey_text(changed, "discord:9")
    assert (report.added, report.updated, report.unchanged) == (0, 1, 3)
    (entry,) = [e for e in cat.history(name="Philemon", set="T2") if e.batch == report.audit_id]
    assert entry.before["text"] == "A different printing." and entry.after["text"] == "A corrected printing."


def test_import_keeps_annotations_aliases_and_absent_cards(cat: Catalog) -> None:
    cat.import_lackey(small_lackey_text(), ACTOR)
    cat.add_card(make_card("Only Here", "X"), ACTOR)
    note = Annotation(part="", rule="D8", text="while equipped")
    cat.annotate("redemption", "Alpha Hero", "T1", note, ACTOR)
    cat.add_alias("redemption", "alpha", "Alpha Hero", None, ACTOR)
    report = cat.import_lackey(small_lackey_text().replace("does a thing", "does two things"), ACTOR)
    assert (report.updated, report.unchanged) == (2, 2)
    assert cat.annotations("redemption", "Alpha Hero", "T1") == [note]
    assert cat.aliases("redemption") == [("alpha", "Alpha Hero", None)]
    assert cat.card("redemption", "Only Here", "X") is not None


def test_bad_import_writes_nothing(cat: Catalog) -> None:
    cat.import_lackey(small_lackey_text(), ACTOR)
    before = snapshot(cat)
    broken = small_lackey_text().replace("does a thing", "changed") + "\n" + "\t".join(["x"] * 5)
    with pytest.raises(ImportFileError, match=r"^line 6: "):
        cat.import_lackey(broken, ACTOR)
    assert snapshot(cat) == before


def test_undo_import_restores_the_previous_state(cat: Catalog) -> None:
    cat.add_card(make_card("Alpha Hero", "T1", text="Moderator text."), ACTOR)
    report = cat.import_lackey(small_lackey_text(), ACTOR)
    assert (report.added, report.updated) == (3, 1)
    undo = cat.undo(report.audit_id, "cli:bob")
    assert cat.count() == 1
    alpha = cat.card("redemption", "Alpha Hero", "T1")
    assert alpha == make_card("Alpha Hero", "T1", text="Moderator text.")
    assert undo.undoes == report.audit_id and cat.history()[0].id == undo.id  # one line in history
    with pytest.raises(UndoRefused, match="already undone"):
        cat.undo(report.audit_id, ACTOR)


def test_undo_import_refused_after_later_edit_and_member_undo_refused(cat: Catalog) -> None:
    report = cat.import_lackey(small_lackey_text(), ACTOR)
    edit = cat.edit_card("redemption", "Philemon", "T1", {"text": "Edited."}, ACTOR)
    member = cat.history(name="Philemon", set="T1")[-1]
    with pytest.raises(UndoRefused, match=f"part of #{report.audit_id}"):
        cat.undo(member.id, ACTOR)
    message = rf"Philemon \(T1\) was changed since by #{edit.id}; undo #{edit.id} first"
    with pytest.raises(UndoRefused, match=message):
        cat.undo(report.audit_id, ACTOR)
    assert cat.count() == 4
    cat.undo(edit.id, ACTOR)
    cat.undo(report.audit_id, ACTOR)
    assert cat.count() == 0


# --- the real carddata.txt -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def real_path() -> Path:
    return require_shared("redemption", "carddata.txt")


@pytest.fixture(scope="module")
def real_cards(real_path: Path):
    return parse_lackey(real_path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def imported_db(real_path: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, float]:
    """A catalog with the real file imported once; tests work on copies of it."""
    path = tmp_path_factory.mktemp("real") / "cards.db"
    with Catalog.open(path, seed_starter=False) as cat:
        report = cat.import_lackey(real_path, ACTOR)
    assert (report.added, report.updated, report.unchanged, report.total) == (REAL_ROWS, 0, 0, REAL_ROWS)
    return path, 0.0


@pytest.fixture
def real_cat(imported_db: tuple[Path, float], tmp_path: Path):
    copy = tmp_path / "cards.db"
    shutil.copyfile(imported_db[0], copy)  # closed cleanly: the WAL is checkpointed into the main file
    with Catalog.open(copy, seed_starter=False) as cat:
        yield cat


def test_real_file_parses_with_its_quirks(real_cards) -> None:
    assert len(real_cards) == REAL_ROWS
    names = {c.name for c in real_cards}
    assert {"Twenty Shekels [2025 - 2nd Place]", "Benaiah, Lion Slayer [2025 - 1st Place]"} <= names
    repeated = [n for n, k in Counter(c.name for c in real_cards).items() if k > 1]
    assert len(repeated) == 12 and "Philemon" in repeated and "Potiphera, Priest of On" in repeated
    assert "Boaz’ Offspring (LoC)" in names
    assert sum(c.name.count("’") + c.text.count("’") for c in real_cards) > 300
    (malchus,) = [c for c in real_cards if c.name == "Malchus (GoC)"]
    assert "\u200b" in malchus.text
    assert sum("  " in c.text for c in real_cards) > 600  # double spaces kept


def test_real_import_is_complete(real_cat: Catalog, real_cards, imported_db) -> None:
    assert real_cat.count("redemption") == REAL_ROWS
    stored = {c.key: c for c in real_cat.cards("redemption")}
    for card in real_cards:  # every field, extra included, exactly as parsed
        assert stored[card.key] == card and stored[card.key].extra == card.extra
    assert len(real_cat.printings("redemption", "Philemon")) == 2
    # the two 30-field rows: the 16 real columns land where they belong, the empty tail is dropped
    shekels = stored[("redemption", "Twenty Shekels [2025 - 2nd Place]", "Pmo-P3")]
    assert (shekels.type, shekels.alignment, shekels.legality) == ("Artifact", "Neutral", "Rotation")
    assert shekels.text.endswith("reveal opponent’s hand: Play a character.")
    benaiah = stored[("redemption", "Benaiah, Lion Slayer [2025 - 1st Place]", "Pmo-P3")]
    assert (benaiah.card_class, benaiah.legality, benaiah.extra["Strength"]) == ("Warrior", "Rotation", "10")
    # How fast it is, is measured by `python -m benchmarks --only import`, never asserted here.


def test_real_reimport_changes_nothing(real_cat: Catalog, real_path: Path) -> None:
    audit_rows = len(snapshot(real_cat)["audit"])
    report = real_cat.import_lackey(real_path, ACTOR)
    assert (report.added, report.updated, report.unchanged, report.audit_id) == (0, 0, REAL_ROWS, None)
    assert len(snapshot(real_cat)["audit"]) == audit_rows


def test_real_reimport_keeps_moderator_work(real_cat: Catalog, real_path: Path) -> None:
    note = Annotation(part="", rule="D8", text="while equipped", note="moderator")
    real_cat.annotate("redemption", "Philemon", None, note, "discord:1")
    real_cat.add_alias("redemption", "phil", "Philemon", None, "discord:1")
    real_cat.import_lackey(real_path, ACTOR)
    for printing in real_cat.printings("redemption", "Philemon"):
        assert real_cat.annotations("redemption", printing.name, printing.set) == [note]
    assert ("phil", "Philemon", None) in real_cat.aliases("redemption")


def _lines(real_path: Path) -> list[str]:
    return real_path.read_text(encoding="utf-8").split("\n")


@pytest.mark.parametrize("damage", ["truncate", "nul", "utf8"])
def test_real_corrupted_copy_imports_nothing(real_cat: Catalog, real_path: Path, tmp_path: Path,
                                             damage: str) -> None:
    lines = _lines(real_path)
    lineno = 2847  # 1-based, in the middle of the file
    data = "\n".join(lines).encode("utf-8")
    if damage == "truncate":
        lines[lineno - 1] = "\t".join(lines[lineno - 1].split("\t")[:9])
        data = "\n".join(lines).encode("utf-8")
        reason = "expected 16 tab-separated fields, found 9"
    else:
        start = sum(len(x.encode("utf-8")) + 1 for x in lines[: lineno - 1]) + 3
        bad = b"\x00" if damage == "nul" else b"\xff"
        data = data[:start] + bad + data[start:]
        reason = "NUL" if damage == "nul" else "not valid UTF-8"
    copy = tmp_path / "carddata.txt"
    copy.write_bytes(data)
    before = snapshot(real_cat)
    with pytest.raises(ImportFileError) as info:
        real_cat.import_lackey(copy, ACTOR)
    assert info.value.line == lineno and reason in str(info.value)
    assert snapshot(real_cat) == before


@pytest.mark.parametrize(("after", "column"), [(0, "Set"), (3, "Type")])
def test_real_row_shifted_by_a_stray_tab_imports_nothing(real_cat: Catalog, real_path: Path, tmp_path: Path,
                                                         after: int, column: str) -> None:
    lines = _lines(real_path)
    # A row whose last column (Legality) is empty: the tab pushes that empty field out past the header.
    index = next(i for i in range(2000, len(lines)) if lines[i].count("\t") == 15 and lines[i].endswith("\t"))
    fields = lines[index].split("\t")
    lines[index] = "\t".join([*fields[: after + 1], "", *fields[after + 1:]])
    copy = tmp_path / "carddata.txt"
    copy.write_text("\n".join(lines), encoding="utf-8")
    before = snapshot(real_cat)
    with pytest.raises(ImportFileError) as info:
        real_cat.import_lackey(copy, ACTOR)
    assert str(info.value) == (f"carddata.txt, line {index + 1}: the {column} field is empty (17 fields where the "
                               "header has 16: is there a stray tab?)")
    assert snapshot(real_cat) == before


def test_real_changed_row_reports_one_update_and_undo(real_cat: Catalog, real_path: Path,
                                                      tmp_path: Path) -> None:
    lines = _lines(real_path)
    fields = lines[100].split("\t")
    fields[10] = fields[10] + " (errata)"
    lines[100] = "\t".join(fields)
    copy = tmp_path / "carddata.txt"
    copy.write_text("\n".join(lines), encoding="utf-8")
    report = real_cat.import_lackey(copy, ACTOR)
    assert (report.added, report.updated, report.unchanged) == (0, 1, REAL_ROWS - 1)
    card = real_cat.card("redemption", fields[0], fields[1])
    assert card is not None and card.text.endswith(" (errata)")
    real_cat.undo(report.audit_id, ACTOR)
    card = real_cat.card("redemption", fields[0], fields[1])
    assert card is not None and not card.text.endswith(" (errata)")


def test_real_undo_of_whole_import(real_cat: Catalog) -> None:
    (header,) = real_cat.history()
    real_cat.undo(header.id, ACTOR)
    assert real_cat.count() == 0
