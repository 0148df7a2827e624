"""The real L5R Oracle cards, read where they lie (../shared/data/l5r), and the two L5R questions asked in process
with an exact-name lookup: for tests over every real card that shares a wording, without an import per test file."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.cards import Annotation, Card
from engine.interface import QuestionError
from engine.rulesets.l5r.question import QUESTIONS
from engine.rulesets.l5r.sources import FILES, parse_sources
from tests.shared_paths import require_shared


@lru_cache(maxsize=1)
def _cards() -> tuple[Card, ...]:
    folder = require_shared("l5r")
    return tuple(parse_sources({f: (folder / f).read_text(encoding="utf-8") for f in FILES}))


def real_cards() -> tuple[Card, ...]:
    return _cards()


class ExactLookup:
    """A card by its exact name (the front end's matching is tested elsewhere)."""

    def __init__(self) -> None:
        self.by_name = {c.name: c for c in real_cards()}

    def __call__(self, name: str) -> Card:
        try:
            return self.by_name[name]
        except KeyError:
            raise QuestionError(f"no card named {name!r}") from None

    def annotations(self, card: Card) -> tuple[Annotation, ...]:
        return ()


def order(version: str = "current", **inputs: Any) -> dict[str, Any]:
    return QUESTIONS[0].answer(inputs, ExactLookup(), version)


def duration(version: str = "current", **inputs: Any) -> dict[str, Any]:
    return QUESTIONS[1].answer(inputs, ExactLookup(), version)
