"""A game's source files checked against the shapes it declares (engine.interface.FileShape) before its parser
runs and before anything is written: a wrong file (an object with none of the expected keys, an empty list, a
record missing its name) is refused naming the file and what is wrong, instead of being imported as a few
pseudo-cards or emptied records. Nothing here names a game."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.interface import FileShape, SourceError

_JSON_TYPES = {str: "text", int: "a number", float: "a number", bool: "true or false", list: "a list",
               dict: "an object", type(None): "null"}


def _said(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(dict.fromkeys(_JSON_TYPES.get(k, k.__name__) for k in kinds))


def check_shapes(shapes: Mapping[str, FileShape], files: Mapping[str, str]) -> dict[str, int]:
    """SourceError (the file, the record, what is wrong) for the first file that does not have its shape; else
    every file's number of records (a file without a declared shape: its non-blank lines)."""
    counts = {rel: check_shape(rel, shape, files[rel]) for rel, shape in shapes.items() if rel in files}
    return counts | {rel: _lines(text) for rel, text in files.items() if rel not in shapes}


def _lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.strip())


def check_shape(rel: str, shape: FileShape, text: str) -> int:
    """The file's number of records; SourceError when it does not have the shape."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceError(rel, f"not valid JSON ({exc.msg})", line=exc.lineno) from None
    if shape.under is not None:
        if not isinstance(data, dict) or shape.under not in data:
            raise SourceError(rel, f"must be an object with the records under “{shape.under}”")
        data = data[shape.under]
    if shape.kind == "list" and not isinstance(data, list):
        raise SourceError(rel, f"must be a list of records, not {_JSON_TYPES.get(type(data), 'that')}")
    if shape.kind == "object" and not isinstance(data, dict):
        raise SourceError(rel, f"must be an object of records keyed by id, not {_JSON_TYPES.get(type(data), 'that')}")
    records = list(data.items()) if isinstance(data, dict) else list(enumerate(data, 1))
    if len(records) < shape.min_records:
        verb = "is" if shape.min_records == 1 else "are"
        raise SourceError(rel, f"has {len(records)} record{'s' if len(records) != 1 else ''}; at least "
                               f"{shape.min_records} {verb} expected (is it the right file, complete?)")
    needed = ", ".join(shape.required)
    for key, record in records:
        where = f"entry “{key}”" if isinstance(data, dict) else f"record {key}"
        if not isinstance(record, dict):
            raise SourceError(rel, f"must be an object (every record has {needed})", record=where)
        for name, kind in shape.required.items():
            if name not in record:
                raise SourceError(rel, f"has no “{name}” (every record has {needed})", record=where)
            if not isinstance(record[name], kind) or (isinstance(record[name], bool) and bool not in (
                    kind if isinstance(kind, tuple) else (kind,))):
                raise SourceError(rel, f"“{name}” must be {_said(kind)}, not "
                                       f"{_JSON_TYPES.get(type(record[name]), 'that')}", record=where)
    return len(records)
