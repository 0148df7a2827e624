"""Turn an answer into a RulingRecord. The same functions serve storing (right after answering) and asking
again (bot/answers/reask.py), so a stored ruling and its re-asked twin are always built alike.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot.rulings.record import SERVER_ANNOTATION, Basis, CardBasis, RulingRecord
from engine.cards import Annotation, Card
from engine.registry import shortcut

DURATION = "duration"  # the shortcut (engine/interface.py `shortcuts`) whose answers bot.answers.service builds


DURATION_KEYS = ("card", "set", "played_in", "events", "part")


def duration_inputs(card: Card, set_hint: str | None, played_in: str | None, events: Sequence[str],
                    part: str | None, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What asks a /duration question again: the card by its exact name (not what was typed), the set only if
    one was chosen (so a later default printing shows), and the scenario as given (the question's further inputs
    only when given, so rulings stored before those inputs existed read the same)."""
    inputs = {"card": card.name, "set": set_hint, "played_in": played_in, "events": list(events), "part": part}
    inputs.update({k: v for k, v in (extra or {}).items() if v is not None and k not in DURATION_KEYS})
    return inputs


def is_shortcut_ruling(game: str, command: str) -> bool:
    """Whether a stored ruling was asked through the `duration` shortcut (bot.answers.service.Arbiter.duration), not
    through the generic plug-in path (another game may have a question of the same name)."""
    found = shortcut(DURATION)
    return found is not None and found[0].game == game and command == DURATION


def duration_record(verdict: Any, notes: Iterable[Annotation], inputs: Mapping[str, Any], version: str,
                    guild: str | None, ruling_id: str, summary: str, rules: Sequence[str],
                    at: int | None = None, house: str | None = None) -> RulingRecord:
    """`house`: the server whose own annotations decided it (None: the shared catalog's)."""
    basis = Basis(verdict.ruleset.version, (CardBasis.of(verdict.card, notes),), house=house)
    return RulingRecord(ruling_id, verdict.card.game, DURATION, dict(inputs), version, guild, summary, tuple(rules),
                        basis, int(time.time()) if at is None else at)


def verdict_line(question: Any, answer: Mapping[str, Any]) -> str:
    """One line with the decisive outcome of a plug-in answer: the question's own `verdict(answer)` when it has
    one, else what its chat card shows in bold (summary, then each field's lead)."""
    own = getattr(question, "verdict", None)
    if callable(own):
        return str(own(answer))
    shown = question.present(answer)
    return " · ".join([shown.summary, *(f"{f.name}: {f.lead}" for f in shown.fields)])


def game_record(ruleset: Any, question: Any, answer: Mapping[str, Any], inputs: Mapping[str, Any], version: str,
                guild: str | None, cards: Iterable[Card], matched: Mapping[str, str],
                annotations_of: Callable[[Card], Sequence[Annotation]] | None, at: int | None = None) -> RulingRecord:
    """A plug-in ruling: every card the question looked up, with the annotations the front end holds for it."""
    number = ruleset.versions()[version].version
    basis = Basis(number, tuple(CardBasis.of(c, annotations_of(c) if annotations_of else ())
                                for c in {c.key: c for c in cards}.values()), dict(matched),
                  guild if decided_by_server(answer) else None)
    return RulingRecord(str(answer["ruling_id"]), ruleset.game, question.command, jsonable_inputs(inputs), version,
                        guild, verdict_line(question, answer), tuple(answer.get("rules") or ()), basis,
                        int(time.time()) if at is None else at)


def decided_by_server(answer: Mapping[str, Any]) -> bool:
    """Whether the asking server's own annotations decided an answer (bot/answers/layers.py says so in it)."""
    return any(isinstance(n, Mapping) and n.get("id") == SERVER_ANNOTATION
               for n in answer.get("interpretations") or ())


def jsonable_inputs(inputs: Mapping[str, Any]) -> dict[str, Any]:
    """Inputs as JSON keeps them: tuples become lists, empty values are left out (they are the defaults)."""
    out: dict[str, Any] = {}
    for key, value in inputs.items():
        if value in (None, False, [], ()):
            continue
        out[key] = list(value) if isinstance(value, tuple | list) else value
    return out
