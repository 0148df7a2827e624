"""Official rulings as files and as standing tests: reading a JSON or CSV file of records (every line checked
against the engine before anything is written), and asking every recorded ruling again (`official verify`).

A record's question is asked the way a stored ruling is asked again (bot/answers/reask.py), so every game is
reached through the same path and nothing here names one.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from bot.catalog import ImportFileError
from bot.officials.agreement import named_inputs
from bot.rulings.record import Basis
from bot.rulings.store import StoredRuling
from engine.official import (
    Check,
    Expectation,
    OfficialError,
    OfficialRuling,
    Source,
    absent,
    check,
    check_record,
)

MAX_FILE_BYTES = 5_000_000
CSV_COLUMNS = ("game", "command", "question", "version", "expect", "source_title", "source_url", "source_date",
               "says")


class Reasker(Protocol):
    """What asks a stored question again under today's catalog and rules (bot.answers.reask.Reasker, a floor
    above: it asks through the question path, which shows this room's `official` object)."""

    def standing(self, ruling: StoredRuling) -> Any: ...


@dataclass
class Asked:
    """A record's question asked today: the answer, or why it cannot be asked."""

    ruling: OfficialRuling
    answer: dict[str, Any] | None = None
    problem: str | None = None
    cards: list[str] = field(default_factory=list)
    matched: dict[str, str] = field(default_factory=dict)
    result: Check | None = None


def _as_stored(ruling: OfficialRuling) -> StoredRuling:
    return StoredRuling(id="", game=ruling.game, command=ruling.command, inputs=dict(ruling.question),
                        version=ruling.version, guild=None, summary="", rules=(), outcome="",
                        basis=Basis("", ()), first_at=0, last_at=0, count=0)


def ask(reasker: Reasker, ruling: OfficialRuling) -> Asked:
    """The record's question under today's catalog and rules (shared catalog: no server's annotations)."""
    standing = reasker.standing(_as_stored(ruling))
    if standing.now is None or standing.answer is None:
        return Asked(ruling, problem=(standing.problem or "it cannot be asked").removeprefix("it cannot be asked "
                                                                                            "again: "))
    basis = standing.now.basis
    return Asked(ruling, standing.answer, cards=list(dict.fromkeys(c.name for c in basis.cards)),
                 matched=dict(basis.matched), result=check(ruling, standing.answer))


def settle(reasker: Reasker, ruling: OfficialRuling) -> tuple[OfficialRuling, Asked]:
    """A record ready to keep: asked once (it must be askable), its cards by their exact names, its every
    expected path present in the answer. OfficialError says what is wrong."""
    check_record(ruling)
    asked = ask(reasker, ruling)
    if asked.answer is None:
        raise OfficialError(f"its question cannot be asked: {asked.problem}")
    missing = [str(e.path) for e in ruling.expect if absent(asked.answer, e)]
    if missing:
        raise OfficialError(f"the answer has no field {', '.join(missing)} (see the game's --json contract)")
    question = named_inputs(ruling.question, asked.matched)
    written = " | ".join(_texts(question))
    loose = [c for c in asked.cards if c not in written]
    if loose:  # answers are matched by the cards' exact names, so a record must use them
        raise OfficialError(f"the question must name its cards by their exact names ({', '.join(loose)})")
    return replace(ruling, question=question, cards=tuple(asked.cards)), asked


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list | tuple):
        return [t for v in value for t in _texts(v)]
    return []



# --- files ----------------------------------------------------------------------------------------------------

def _record(data: Any) -> OfficialRuling:
    if not isinstance(data, Mapping):
        raise OfficialError("a record is an object with game, command, question, expect, source and says")
    missing = [k for k in ("game", "command", "question", "expect", "source", "says") if k not in data]
    if missing:
        raise OfficialError(f"missing {', '.join(missing)}")
    if not isinstance(data["question"], Mapping):
        raise OfficialError("question is an object: the command's inputs by name")
    expect = data["expect"]
    if isinstance(expect, str):
        expect = [e for e in expect.split(";") if e.strip()]
    if not isinstance(expect, list) or not all(isinstance(e, str) for e in expect):
        raise OfficialError("expect is a list of PATH=VALUE texts")
    source = data["source"]
    if isinstance(source, str):
        source = {"title": source}
    if not isinstance(source, Mapping):
        raise OfficialError("source is an object: {title, url, date}")
    return OfficialRuling(str(data["game"]), str(data["command"]), dict(data["question"]),
                          str(data.get("version") or "current"), tuple(Expectation.parse(e) for e in expect),
                          Source(str(source.get("title", "")), str(source.get("url", "") or ""),
                                 str(source.get("date", "") or "")), str(data["says"]))


def read_records(text: str, name: str) -> list[tuple[int, OfficialRuling]]:
    """(line, record) from a JSON list of records or a CSV with a header; ImportFileError names the bad line."""
    if len(text.encode("utf-8", "replace")) > MAX_FILE_BYTES:
        raise ImportFileError(None, f"{name} is larger than {MAX_FILE_BYTES // 1_000_000} MB")
    if "\x00" in text:
        raise ImportFileError(None, f"{name} is not a text file")
    stripped = text.lstrip()
    out: list[tuple[int, OfficialRuling]] = []
    if stripped.startswith(("[", "{")):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ImportFileError(exc.lineno, f"{name} is not valid JSON: {exc.msg}") from exc
        items = data.get("rulings") if isinstance(data, Mapping) else data
        if not isinstance(items, list):
            raise ImportFileError(None, f"{name}: a JSON file holds a list of records (or {{\"rulings\": [...]}})")
        lines = _json_lines(text, len(items))
        for i, item in enumerate(items):
            try:
                out.append((lines[i], _record(item)))
            except OfficialError as exc:
                raise ImportFileError(lines[i], f"record {i + 1}: {exc}") from exc
    else:
        reader = csv.DictReader(io.StringIO(text))
        missing = [c for c in ("game", "command", "question", "expect", "source_title", "says")
                   if c not in (reader.fieldnames or [])]
        if missing:
            raise ImportFileError(1, f"{name}: the CSV header lacks {', '.join(missing)} (columns: "
                                     f"{', '.join(CSV_COLUMNS)})")
        for row in reader:
            line = reader.line_num
            try:
                question = json.loads(row.get("question") or "{}")
            except json.JSONDecodeError as exc:
                raise ImportFileError(line, f"the question column is a JSON object ({exc.msg})") from exc
            try:
                out.append((line, _record({**row, "question": question, "source": {
                    "title": row.get("source_title") or "", "url": row.get("source_url") or "",
                    "date": row.get("source_date") or ""}})))
            except OfficialError as exc:
                raise ImportFileError(line, str(exc)) from exc
    if not out:
        raise ImportFileError(None, f"{name} holds no official ruling")
    return out


def _json_lines(text: str, count: int) -> list[int]:
    """The line each top-level record starts on (best effort: the n-th line opening an object at depth 1)."""
    starts, depth, line, in_string, escape = [], 0, 1, False, False
    for ch in text:
        if ch == "\n":
            line += 1
        if in_string:
            escape = not escape and ch == "\\"
            if ch == '"' and not escape:
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if ch == "{" and depth == 2:
                starts.append(line)
        elif ch in "]}":
            depth -= 1
    return (starts + [1] * count)[:count] if len(starts) < count else starts[:count]


def settle_all(reasker: Reasker, records: Iterable[tuple[int, OfficialRuling]]) -> list[OfficialRuling]:
    """Every record settled, or ImportFileError naming the first bad line (nothing is written)."""
    out = []
    for line, ruling in records:
        try:
            out.append(settle(reasker, ruling)[0])
        except OfficialError as exc:
            raise ImportFileError(line, str(exc)) from exc
    return out


# --- verify ----------------------------------------------------------------------------------------------------

def verify(reasker: Reasker, rulings: Sequence[OfficialRuling]) -> list[Asked]:
    """Every recorded ruling asked again; the ones the engine answers differently (or cannot answer)."""
    return [a for a in (ask(reasker, r) for r in rulings) if a.result is None or not a.result.agrees]


def disagreeing_about(reasker: Reasker, rulings: Sequence[OfficialRuling],
                      touched: Mapping[str, Iterable[str]]) -> list[Asked]:
    """After a catalog change: the official rulings about the touched cards that Arbiter now answers differently
    (or can no longer answer)."""
    names = {(game, name) for game, cards in touched.items() for name in cards}
    about = [r for r in rulings if any((r.game, c) in names for c in r.cards)]
    return verify(reasker, about)


def disagreement_sentence(count: int, surface: str = "cli") -> str:
    if not count:
        return ""
    how = "`arbiter official verify` lists" if surface == "cli" else "/official card:… shows"
    return (f"{count} official ruling{'s' if count != 1 else ''} about {'these cards' if count != 1 else 'it'} "
            f"now disagree{'s' if count == 1 else ''} with Arbiter's answer: {how} them.")


def asked_json(asked: Asked) -> dict[str, Any]:
    return {**asked.ruling.as_json(), "agrees": bool(asked.result and asked.result.agrees),
            "differences": [d.as_json() for d in asked.result.differences] if asked.result else [],
            "problem": asked.problem}
