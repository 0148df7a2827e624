"""Scoring the sentence reader on a set of sentences with the reading each must give (tests/data/ask_sentences.jsonl):
what the test and the benchmark share. A sentence is read right when the reader gives its game, command and inputs
(cards compared as cards, printings aside; an L5R moment by its words); asked back when the reader asks instead;
read wrong when it gives another reading without asking (the one outcome that must stay at or under 1%).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.names import card_identity, fold
from engine.reader import ReadResult

SENTENCES = Path(__file__).resolve().parents[1] / "tests" / "data" / "ask_sentences.jsonl"
CARD_KEYS = {"card", "cancel_with", "reaction", "item", "may_trash"}


def load_sentences(path: Path = SENTENCES) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@dataclass(frozen=True)
class Outcome:
    text: str
    verdict: str          # right, asked, asked-right, wrong, wrong-ask (asked for another reason)
    expected: str
    got: str


def _norm_value(key: str, value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_norm_value(key, v) for v in value]
    if isinstance(value, bool):
        return value
    text = str(value)
    if key in CARD_KEYS:
        return card_identity(text)
    if key == "chain":
        return " > ".join(card_identity(p.strip()) if not p.strip().startswith(("extra-turn", "opponent-turn"))
                          else p.strip() for p in re.split(r"\s*>\s*", re.sub(r"\[.*?\]", lambda m: m.group(0)
                                                                                    .replace(">", ""), text)))
    if key in ("at", "compare"):
        return _moment(text)
    return fold(text) if key != "then" else text.strip().lower()


def _moment(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    drop = {"the", "a", "an", "my", "your", "his", "her", "their", "is", "are", "be", "would", "gets"}
    return " ".join(w for w in words if w not in drop)


def _moments(inputs: Mapping[str, Any]) -> list[tuple[str, str]]:
    out = []
    for kind, text in inputs.get("moments") or []:
        if kind == "effect":
            text = card_identity(text.split("#")[0])
        elif ":" in text and text.split(":", 1)[0] in ("source-leaves", "loses-abilities", "level-up"):
            head, name = text.split(":", 1)
            text = f"{head}:{card_identity(name)}"
        elif "@" not in text and ":" not in text and "[" not in text and text[:1].isupper():
            text = card_identity(text)
        out.append((kind, text.lower()))
    return out


def canonical(game: str, command: str, inputs: Mapping[str, Any]) -> Any:
    if game == "grand-archive":
        return (game, command, tuple(_moments(inputs)), tuple(sorted((k, str(v)) for k, v in inputs.items()
                                                                   if k == "count")))
    keep = {k: _norm_value(k, v) for k, v in inputs.items() if k not in ("moments", "effect", "object")
            and v not in (None, "", [], False)}
    return (game, command, json.dumps(keep, sort_keys=True))


def judge(case: Mapping[str, Any], result: ReadResult) -> Outcome:
    expected_ask = case.get("ask")
    if expected_ask:
        expected = f"ask:{expected_ask}"
        if result.asked is not None:
            verdict = "asked-right" if result.asked.kind == expected_ask else "asked"
            return Outcome(case["text"], verdict, expected, f"ask:{result.asked.kind}")
        return Outcome(case["text"], "wrong", expected, _said(result))
    expected = json.dumps([case["game"], case["command"], case["inputs"]])
    if result.asked is not None:
        return Outcome(case["text"], "asked", expected, f"ask:{result.asked.kind}: {result.asked.why}")
    reading = result.reading
    assert reading is not None
    same = canonical(case["game"], case["command"], case["inputs"]) == canonical(reading.game, reading.command,
                                                                                 reading.inputs)
    return Outcome(case["text"], "right" if same else "wrong", expected, _said(result))


def _said(result: ReadResult) -> str:
    if result.reading is None:
        return f"ask:{result.asked.kind if result.asked else '?'}"
    return json.dumps([result.reading.game, result.reading.command, dict(result.reading.inputs)])


def summary(outcomes: Iterable[Outcome]) -> dict[str, Any]:
    items = list(outcomes)
    n = len(items)
    right = sum(o.verdict == "right" for o in items)
    asked_right = sum(o.verdict == "asked-right" for o in items)
    asked = sum(o.verdict == "asked" for o in items)
    wrong = sum(o.verdict == "wrong" for o in items)
    return {"sentences": n, "read_right": right, "asked_back_as_expected": asked_right, "asked_back_other": asked,
            "read_wrong": wrong, "right_or_asked_pct": round(100 * (right + asked_right + asked) / n, 1) if n else 0.0,
            "wrong_pct": round(100 * wrong / n, 1) if n else 0.0}
