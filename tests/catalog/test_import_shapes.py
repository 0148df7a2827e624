"""Every `<game>-import` checks its sources' shape before anything is written (bot/catalog/source_shapes.py, the shapes
each game declares in engine.interface.Sources): a file of the wrong kind, with too few records, a record without
a required key or with a value of the wrong type is refused in one sentence naming a file (the game's parser
names what it finds first, the shape check what it let through), through the real command line, and the card
database is left as it was. The source folders are made here, of the declared shapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.catalog import Catalog
from engine.interface import FileShape
from engine.registry import all_rulesets
from tests.cli_helpers import run

GAMES = [r for r in all_rulesets() if getattr(r, "sources", None) is not None and r.sources.shapes]
SAMPLE = {str: "x", int: 1, float: 1.0, list: ["x"], dict: {"x": "y"}}


def _record(shape: FileShape, i: int, tag: str = "") -> dict:
    """A record of the shape; its text (and lists of text) unique to the file `tag` and the index, so that no
    two records of a folder name the same card."""
    out = {}
    for key, kind in shape.required.items():
        first = kind[0] if isinstance(kind, tuple) else kind
        out[key] = (f"{key} {tag} {i}" if first is str else [f"{key} {tag} {i}"] if first is list
                    else SAMPLE[first])
    return out


def _file(shape: FileShape, n: int | None = None, record=None, tag: str = "") -> object:
    n = max(shape.min_records, 1) if n is None else n
    records = [record(i) if record else _record(shape, i, tag) for i in range(n)]
    data: object = records if shape.kind == "list" else {f"id{i}": r for i, r in enumerate(records)}
    return {shape.under: data} if shape.under else data


def _folder(tmp: Path, ruleset, bad: str, content: object) -> Path:
    root = tmp / ruleset.sources.folder
    for rel in ruleset.sources.files:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        shape = ruleset.sources.shapes.get(rel)
        data = content if rel == bad else (_file(shape, tag=rel) if shape else None)
        path.write_text("" if data is None else json.dumps(data), encoding="utf-8")
    return root


def _cases(shape: FileShape) -> list[tuple[str, object]]:
    key, kind = next(iter(shape.required.items()))
    other = [] if shape.kind == "object" else {}
    wrong = 12345 if (kind if isinstance(kind, tuple) else (kind,)) != (int,) else "text"
    return [
        ("wrong kind", {shape.under: other} if shape.under else other),
        ("an object with none of the expected keys", {"foo": 1, "bar": 2}),
        *([("too few records", _file(shape, shape.min_records - 1))] if shape.min_records else []),
        ("a record without a required key",
         _file(shape, record=lambda i: {k: v for k, v in _record(shape, i).items() if k != key})),
        ("a value of the wrong type", _file(shape, record=lambda i: {**_record(shape, i), key: wrong})),
    ]


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.game for r in GAMES])
def test_a_source_of_the_wrong_shape_is_refused_before_anything_is_written(ruleset, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("USER", "tester")
    db = tmp_path / "cards.db"
    with Catalog.open(db) as catalog:
        before = [e.id for e in catalog.history(limit=1000)]
    checked = 0
    for rel, shape in ruleset.sources.shapes.items():
        for what, content in _cases(shape):
            root = _folder(tmp_path / f"case{checked}", ruleset, rel, content)
            code, out, err = run(capsys, "--db", str(db), f"{ruleset.game}-import", str(root))
            assert code == 1 and out == "", (ruleset.game, rel, what, err)
            assert err.count("\n") == 1 and err.startswith("arbiter: "), (ruleset.game, rel, what, err)
            assert any(f in err for f in ruleset.sources.files), (ruleset.game, rel, what, err)  # names a file
            checked += 1
    with Catalog.open(db) as catalog:  # nothing written: no card of the game, no audit entry
        assert catalog.cards(ruleset.game) == []
        assert [e.id for e in catalog.history(limit=1000)] == before
    assert checked >= 5


def test_every_game_with_sources_declares_their_shapes():
    for ruleset in all_rulesets():
        sources = getattr(ruleset, "sources", None)
        if sources is None:
            continue
        json_files = [f for f in sources.files if f.endswith(".json")]
        assert json_files and set(json_files) <= set(sources.shapes), ruleset.game
        assert sources.min_cards >= 1, ruleset.game
