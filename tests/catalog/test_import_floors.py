"""A source cut short is refused before anything is written (bot/catalog/import_floors.py, the files' FileShape
minimums, the Redemption card file): real source files cut to a few records, or emptied, in copies written to tmp_path
(the real data is read in place in ../shared/data, never copied into the repository), through the real command
line. Each refusal is one sentence naming the file (or, for a catalog imported before the files' counts were
kept, the folder and how many cards it would harm), and the database is left exactly as it was. A file that
lost only a few records, and `--allow-shrink`, still import."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.answers.games import game_name
from engine.registry import find_ruleset
from engine.rulesets.ashes.sources import FIRST_EDITION_FLOOR, FIRST_FILES
from tests.cli_helpers import new_db, run
from tests.shared_paths import require_shared

INITIAL = FIRST_FILES[0]
EN_US = "dominiontabs/cards_en_us.json"
# The reviewer's cuts (GAPs E and F): (game, file, records kept).
REVIEWED = [
    ("dominion", EN_US, 1),
    ("dominion", "dominiontabs/cards_db.json", 1),
    ("dominion", "dominiontabs/sets_en_us.json", 1),
    ("grand-archive", "TCG_Arena_Cardlist.json", 1),
    ("grand-archive", "ga_cards_effects.json", 1),
    ("ashes", "ashteki/all-cards.json", 1),
    ("ashes", INITIAL, 0),
    ("l5r", "oracle_json/personalities.json", 1),
    ("l5r", "oracle_json/rings.json", 1),
]
# Cuts the files' own rules let through (a share of the records kept): only the relative floors see them.
PARTIAL = [
    ("dominion", EN_US, 0.55),
    ("grand-archive", "TCG_Arena_Cardlist.json", 0.55),
    ("ashes", "ashteki/all-cards.json", 0.5),
    ("ashes", INITIAL, 0.7),
    ("l5r", "oracle_json/personalities.json", 0.6),
    ("l5r", "oracle_json/rings.json", 0.8),
]
# Of those, the ones that harm more than a tenth of the game's cards: refused even without the files' counts.
HARMFUL = [c for c in PARTIAL if c[1] not in (INITIAL, "oracle_json/rings.json")]


def _ids(cuts: list) -> list[str]:
    return [f"{game}:{rel.rsplit('/', 1)[-1]}:{keep}" for game, rel, keep in cuts]


def kept(keep: float) -> Callable[[int], int]:
    """A whole number of records, or a share of them."""
    return (lambda n: int(n * keep)) if isinstance(keep, float) else (lambda n: int(keep))


def _records(data: object) -> object:
    """The records of a source file as it lies (Ashes' Reborn file keeps them under "results")."""
    return data["results"] if isinstance(data, dict) and isinstance(data.get("results"), list) else data


def real_count(game: str, rel: str) -> int:
    data = json.loads((require_shared(find_ruleset(game).sources.folder) / rel).read_text(encoding="utf-8"))
    return len(_records(data))  # type: ignore[arg-type]


def cut_copy(tmp_path: Path, game: str, rel: str, keep: Callable[[int], int]) -> Path:
    """The game's real source files written to tmp_path, `rel` cut to its first keep(n) records."""
    sources = find_ruleset(game).sources
    real, root = require_shared(sources.folder), tmp_path / sources.folder
    for name in sources.files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        text = (real / name).read_text(encoding="utf-8")
        if name == rel:
            data = json.loads(text)
            records = _records(data)
            kept = records[:keep(len(records))] if isinstance(records, list) else dict(
                list(records.items())[:keep(len(records))])
            data = {**data, "results": kept} if records is not data else kept
            text = json.dumps(data)
        (root / name).write_text(text, encoding="utf-8")
    return root


def dump(db: Path) -> list[str]:
    """Everything the database holds, as SQL text: equal dumps mean nothing was written."""
    with sqlite3.connect(db) as conn:
        return list(conn.iterdump())


def copy_db(src: Path, dst: Path) -> Path:
    with sqlite3.connect(src) as a, sqlite3.connect(dst) as b:
        a.backup(b)
    return dst


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A catalog holding every plug-in game's real cards, imported with the files' record counts kept."""
    from bot.cli import main
    db = tmp_path_factory.mktemp("floors") / "cards.db"
    for game in ("dominion", "grand-archive", "ashes", "l5r"):
        folder = require_shared(find_ruleset(game).sources.folder)
        assert main(["--db", str(db), f"{game}-import", str(folder), "--actor", "test:floors"]) == 0
    return db


@pytest.fixture
def older(full: Path, tmp_path: Path) -> Path:
    """The same catalog as one imported before the files' counts were kept (no `records` in its import headers)."""
    db = copy_db(full, tmp_path / "older.db")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE audit SET after = json_remove(after, '$.records') WHERE action = 'import'")
    return db


def refuse(capsys, db: Path, game: str, root: Path) -> str:
    before = dump(db)
    code, out, err = run(capsys, "--db", str(db), f"{game}-import", str(root))
    assert code == 1 and out == "", err
    assert err.startswith("arbiter: ") and err.count("\n") == 1, err
    assert dump(db) == before  # nothing written: no card, no audit row
    return err.removeprefix("arbiter: ").strip()


@pytest.mark.parametrize("catalog", ["empty", "full", "older"])
@pytest.mark.parametrize(("game", "rel", "keep"), REVIEWED, ids=_ids(REVIEWED))
def test_the_reviewed_cuts_are_refused_naming_the_file(full, older, tmp_path, capsys, game, rel, keep, catalog):
    db = tmp_path / "cards.db"
    if catalog == "empty":  # nothing to compare with: the files' own minimums and what they cover decide
        new_db(db)
    else:
        copy_db(full if catalog == "full" else older, db)
    message = refuse(capsys, db, game, cut_copy(tmp_path, game, rel, kept(keep)))
    assert message.startswith(f"{rel}: has ")


@pytest.mark.parametrize(("game", "rel", "keep"), PARTIAL, ids=_ids(PARTIAL))
def test_a_file_with_far_fewer_records_than_at_the_last_import_is_refused(full, tmp_path, capsys, game, rel, keep):
    db = copy_db(full, tmp_path / "cards.db")
    message = refuse(capsys, db, game, cut_copy(tmp_path, game, rel, kept(keep)))
    title, was = game_name(find_ruleset(game)), real_count(game, rel)
    assert message.startswith(f"{rel}: has {kept(keep)(was):,} records where the last {title} import read {was:,};")
    assert "--allow-shrink" in message


@pytest.mark.parametrize(("game", "rel", "keep"), HARMFUL, ids=_ids(HARMFUL))
def test_without_kept_counts_the_cards_it_would_harm_are_counted(older, tmp_path, capsys, game, rel, keep):
    root = cut_copy(tmp_path, game, rel, kept(keep))
    message = refuse(capsys, older, game, root)
    ruleset = find_ruleset(game)
    with sqlite3.connect(older) as conn:
        held = conn.execute("SELECT COUNT(*) FROM cards WHERE game = ?", (ruleset.game,)).fetchone()[0]
    assert message.startswith(f"{root}: these sources would ")
    assert f"of the {held:,} {game_name(ruleset)} cards in the catalog" in message


@pytest.mark.parametrize("keep", [0, 1, FIRST_EDITION_FLOOR - 1])
def test_the_first_edition_core_is_never_tiny_even_in_an_empty_catalog(tmp_path, capsys, keep):
    db = Path(new_db(tmp_path / "cards.db"))
    message = refuse(capsys, db, "ashes", cut_copy(tmp_path, "ashes", INITIAL, kept(keep)))
    assert message.startswith(f"{INITIAL}: has {keep} record")
    assert f"at least {FIRST_EDITION_FLOOR} are expected" in message


def test_a_file_that_lost_a_few_records_still_imports(full, tmp_path, capsys):
    db = copy_db(full, tmp_path / "cards.db")
    rel = "oracle_json/personalities.json"
    root = cut_copy(tmp_path, "l5r", rel, lambda n: n - n // 20)  # 5% fewer: a source may drop a few cards
    code, out, err = run(capsys, "--db", str(db), "l5r-import", str(root))
    assert code == 0 and err == "", err
    held = len(json.loads((Path(root) / rel).read_text())) + sum(
        real_count("l5r", f) for f in find_ruleset("l5r").sources.files if f != rel)
    assert out.startswith(f"Imported {held} ")


def test_allow_shrink_imports_a_cut_file_and_the_full_file_puts_it_back(full, tmp_path, capsys):
    db = copy_db(full, tmp_path / "cards.db")
    with sqlite3.connect(db) as conn:
        cards = conn.execute('SELECT * FROM cards ORDER BY game, name, "set"').fetchall()
    root = cut_copy(tmp_path, "dominion", EN_US, kept(0.55))
    code, out, err = run(capsys, "--db", str(db), "dominion-import", str(root), "--allow-shrink", "--json")
    assert code == 0 and err == ""
    shrunk = json.loads(out)
    assert set(shrunk) >= {"added", "updated", "unchanged", "total", "audit_id"} and shrunk["updated"] > 100
    # The cut file's count is now the last import's: the full file is more, never refused.
    code, out, err = run(capsys, "--db", str(db), "dominion-import", str(require_shared("dominion")), "--json")
    assert code == 0 and err == "" and json.loads(out)["updated"] >= shrunk["updated"]
    with sqlite3.connect(db) as conn:  # every card as it was (an import never deletes what the cut one added)
        assert set(cards) <= set(conn.execute('SELECT * FROM cards ORDER BY game, name, "set"').fetchall())


# --- Redemption's card file (`arbiter cards import FILE`) ------------------------------------------------

def _carddata(tmp_path: Path, edit: Callable[[list[str]], list[str]]) -> Path:
    lines = (require_shared("redemption") / "carddata.txt").read_text(encoding="utf-8").split("\n")
    path = tmp_path / "carddata.txt"
    path.write_text("\n".join(edit(lines)), encoding="utf-8")
    return path


@pytest.mark.parametrize(("edit", "said"), [
    (lambda lines: lines[:1], "carddata.txt: has its header line but no card rows"),
    (lambda lines: [lines[0] + "\n"], "carddata.txt: has its header line but no card rows"),
    (lambda lines: [lines[0].replace("SpecialAbility", "Text"), *lines[1:]],
     "carddata.txt, line 1: the header lacks SpecialAbility"),
    (lambda lines: [*lines[:40], lines[40].split("\t", 1)[1], *lines[41:]], "carddata.txt, line 41: "),
    (lambda lines: [], "carddata.txt: is empty"),
], ids=["header-only", "header-and-blank-line", "header-renamed", "row-41-cut", "empty"])
def test_a_cut_card_file_is_refused_naming_it(tmp_path, capsys, edit, said):
    db = Path(new_db(tmp_path / "cards.db"))
    before = dump(db)
    code, out, err = run(capsys, "--db", str(db), "cards", "import", str(_carddata(tmp_path, edit)))
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err.startswith(f"arbiter: {said}"), err
    assert dump(db) == before


def test_an_undone_import_is_not_the_reference(full, tmp_path, capsys):
    db = copy_db(full, tmp_path / "cards.db")
    rel = EN_US
    root = cut_copy(tmp_path, "dominion", rel, kept(0.55))
    code, out, _ = run(capsys, "--db", str(db), "dominion-import", str(root), "--allow-shrink", "--json")
    assert code == 0
    assert run(capsys, "--db", str(db), "cards", "undo", str(json.loads(out)["audit_id"]))[0] == 0
    message = refuse(capsys, db, "dominion", root)  # compared with the full import again, not the undone one
    read = real_count("dominion", rel)
    assert message.startswith(f"{rel}: has {kept(0.55)(read):,} records where the last Dominion import read {read:,};")


def test_with_json_the_refusal_is_the_same_sentence(full, tmp_path, capsys):
    db = copy_db(full, tmp_path / "cards.db")
    root = cut_copy(tmp_path, "l5r", "oracle_json/personalities.json", kept(0.6))
    said = refuse(capsys, db, "l5r", root)
    before = dump(db)
    code, out, _ = run(capsys, "--db", str(db), "l5r-import", str(root), "--json")
    assert code == 1 and json.loads(out) == {"error": said, "kind": "refused", "exit": 1}
    assert dump(db) == before
