"""One request's context: the server a question is asked in, the matcher and the annotation layers it sees
there, where its answer is stored and the official rulings it is compared with. Each front end builds one per
request (the command line in bot/cli/common.py, a Discord interaction in bot/discord/common.py, a stored ruling
asked again for the web pages and /ruling in bot/answers/reask.py) and hands it to the question path
(bot/answers/games.py `ask`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.answers.layers import LayeredMatcher
from bot.rulings.writer import RulingLog
from engine.cards import Annotation, Card
from engine.matching import Matcher
from engine.official import OfficialRuling

AnnotationsOf = Callable[[Card], Sequence[Annotation]]


@dataclass(frozen=True)
class Request:
    """What the question path sees of one request; built once by the front end that took the question."""

    # A ruleset -> the matcher of its cards as seen here (a server's own aliases included).
    matcher_of: Callable[[Any], Matcher | LayeredMatcher]
    # The shared catalog's annotations of a card (None: none).
    annotations_of: AnnotationsOf | None = None
    # The asking server's own annotations of a card (None outside a server): an answer one decided says so.
    layer_of: AnnotationsOf | None = None
    # The server asked in, stored with the ruling: None on the command line, in a direct message, on the web.
    guild: str | None = None
    # Where answers are stored under their ruling ids (None: not stored).
    rulings: RulingLog | None = None
    # The recorded published rulings an answer is compared with (None: the answer has no `official` object).
    officials: Sequence[OfficialRuling] | None = None
