"""Official rulings: a published answer to one question, stated as expected values of the answer's fields, and
the check of a computed answer against it. Pure: no storage, no front end.

An expectation is `PATH=VALUE`. PATH walks the answer's documented JSON object: `persists`, `upper_bound.rule`,
`chain[1].cleanup` (a list item by its 0-based position) or `chain[Tactician].cleanup` (the first item whose
card, name, label or object is that text). VALUE is compared as the answer shows it, ignoring case and spaces:
`true`/`false`, `null`, a number, a word, or for a list `A,B` (its items, in order, separated by commas).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.names import fold
from engine.plain_words import cut

_STEP = re.compile(r"([^.\[\]]+)|\[([^\]]*)\]")
_ITEM_KEYS = ("card", "name", "label", "object", "id", "query")
MAX_EXPECT = 20
MAX_TEXT = 500


class OfficialError(ValueError):
    """A record that cannot be kept (bad expectation, missing source); the message says what to fix."""


@dataclass(frozen=True)
class Expectation:
    path: str
    value: str

    @classmethod
    def parse(cls, text: str) -> Expectation:
        path, sep, value = str(text).partition("=")
        path, value = path.strip(), value.strip()
        if not sep or not path:
            raise OfficialError(f"“{clip(text)}” is not an expected value: write PATH=VALUE, e.g. persists=false "
                                "or chain[1].cleanup=next-turn.")
        steps = parse_path(path)
        if not steps:
            raise OfficialError(f"“{clip(path)}” is not a path into the answer.")
        return cls(path, value)

    def __str__(self) -> str:
        return f"{self.path}={self.value}"


@dataclass(frozen=True)
class Source:
    title: str
    url: str = ""
    date: str = ""

    def cite(self) -> str:
        """How an answer names it: the title, the date when known (the address is linked separately)."""
        return self.title + (f", {self.date}" if self.date else "")


@dataclass(frozen=True)
class OfficialRuling:
    """A published ruling: the question exactly as the command takes it, and what the official answer says."""

    game: str
    command: str
    question: Mapping[str, Any]           # the command's inputs as a stored ruling keeps them
    version: str
    expect: tuple[Expectation, ...]
    source: Source
    says: str                              # a short paraphrase in our words
    cards: tuple[str, ...] = ()            # exact names of the cards the question is about
    id: int | None = None

    def key(self) -> str:
        return question_key(self.game, self.command, self.version, self.question)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "command": self.command, "question": dict(self.question),
                "version": self.version, "expect": [str(e) for e in self.expect], "cards": list(self.cards),
                "source": {"title": self.source.title, "url": self.source.url, "date": self.source.date},
                "says": self.says}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OfficialRuling:
        source = data.get("source") or {}
        return cls(str(data["game"]), str(data["command"]), dict(data.get("question") or {}),
                   str(data.get("version") or "current"), tuple(Expectation.parse(e) for e in data.get("expect", ())),
                   Source(str(source.get("title", "")), str(source.get("url", "")), str(source.get("date", ""))),
                   str(data.get("says", "")), tuple(str(c) for c in data.get("cards", ())), data.get("id"))


def check_record(ruling: OfficialRuling) -> None:
    """What every stored record must have; OfficialError names what is missing."""
    if not ruling.expect:
        raise OfficialError("An official ruling needs at least one expected value (PATH=VALUE).")
    if len(ruling.expect) > MAX_EXPECT:
        raise OfficialError(f"An official ruling takes at most {MAX_EXPECT} expected values.")
    if not ruling.source.title.strip():
        raise OfficialError("An official ruling needs its source's title (where it was published).")
    if ruling.source.url and not re.match(r"https?://\S+$", ruling.source.url):
        raise OfficialError("The source's address must start with http:// or https://, not "
                            f"“{clip(ruling.source.url)}”.")
    if ruling.source.date and not re.match(r"\d{4}(-\d{2}(-\d{2})?)?$", ruling.source.date):
        raise OfficialError(f"The source's date is YYYY, YYYY-MM or YYYY-MM-DD, not “{clip(ruling.source.date)}”.")
    if not ruling.says.strip():
        raise OfficialError("An official ruling needs a short paraphrase of what it says, in our words.")
    for text in (ruling.says, ruling.source.title, *map(str, ruling.expect)):
        if len(text) > MAX_TEXT or "\x00" in text:
            raise OfficialError(f"Each text of an official ruling is at most {MAX_TEXT} characters, without NUL.")


# --- the question's identity ------------------------------------------------------------------------------

def canonical(value: Any) -> Any:
    """Inputs compared as a player would: case, spacing and empty values do not make another question."""
    if isinstance(value, str):
        return " ".join(value.casefold().split())
    if isinstance(value, Mapping):
        return {k: canonical(v) for k, v in sorted(value.items()) if v not in (None, False, "", [], ())}
    if isinstance(value, list | tuple):  # one value typed alone or as a one-item list is the same input
        return canonical(value[0]) if len(value) == 1 else [canonical(v) for v in value]
    return value


def question_key(game: str, command: str, version: str, inputs: Mapping[str, Any]) -> str:
    return json.dumps([fold(game), command, version or "current", canonical(dict(inputs))], sort_keys=True,
                      ensure_ascii=False)


# --- checking an answer -----------------------------------------------------------------------------------

def parse_path(path: str) -> list[str | int]:
    steps: list[str | int] = []
    for name, index in _STEP.findall(path):
        if name:
            steps.append(name.strip())
        else:
            index = index.strip()
            steps.append(int(index) if index.lstrip("-").isdigit() else index)
    return [s for s in steps if s != ""]


MISSING = object()


def lookup(answer: Any, path: str) -> Any:
    """The value at PATH in the answer, or MISSING."""
    here = answer
    for step in parse_path(path):
        if isinstance(step, int) and isinstance(here, list):
            here = here[step] if -len(here) <= step < len(here) else MISSING
        elif isinstance(step, str) and isinstance(here, list):
            wanted = fold(step)
            here = next((item for item in here if isinstance(item, Mapping)
                         and any(fold(str(item.get(k, ""))) == wanted for k in _ITEM_KEYS if item.get(k))), MISSING)
        elif isinstance(step, str) and isinstance(here, Mapping):
            here = here.get(step, MISSING)
        else:
            here = MISSING
        if here is MISSING:
            return MISSING
    return here


def shown(value: Any) -> str:
    """A value as an expectation writes it."""
    if value is MISSING:
        return "(absent)"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(shown(v) if not isinstance(v, Mapping) else _item_name(v) for v in value)
    if isinstance(value, Mapping):
        return _item_name(value)
    return str(value)


def _item_name(item: Mapping[str, Any]) -> str:
    return next((str(item[k]) for k in _ITEM_KEYS if item.get(k)), json.dumps(item, sort_keys=True))


def _same(expected: str, actual: Any) -> bool:
    norm = lambda text: "".join(str(text).casefold().split())  # noqa: E731
    return actual is not MISSING and norm(expected) == norm(shown(actual))


@dataclass(frozen=True)
class Difference:
    path: str
    official: str
    computed: str

    def as_json(self) -> dict[str, str]:
        return {"path": self.path, "official": self.official, "computed": self.computed}

    def words(self) -> str:
        return f"{self.path} is {self.computed}, the official answer {self.official}"


@dataclass
class Check:
    ruling: OfficialRuling
    differences: list[Difference] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return not self.differences


def check(ruling: OfficialRuling, answer: Mapping[str, Any]) -> Check:
    out = Check(ruling)
    for expectation in ruling.expect:
        actual = lookup(answer, expectation.path)
        if not _same(expectation.value, actual):
            out.differences.append(Difference(expectation.path, expectation.value, shown(actual)))
    return out


def absent(answer: Mapping[str, Any], expectation: Expectation) -> bool:
    """Whether the answer has no field at the expectation's path (a record naming one is refused)."""
    return lookup(answer, expectation.path) is MISSING


def clip(text: Any, limit: int = 60) -> str:
    text = " ".join(str(text).split())
    return cut(text, limit)
