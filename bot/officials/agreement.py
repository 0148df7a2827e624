"""Every answer knows the official rulings: whether one recorded for the same question agrees with it (or leads
with the official answer and says how the computed one differs), and how many are recorded about its cards.

Names no game: a question is compared as its stored ruling keeps it (game, command, version, inputs with the
cards by the names they were matched to), so every game's answers are matched alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.links import card_path, public_base
from engine.names import fold
from engine.official import OfficialRuling, check, question_key


def named_inputs(inputs: Mapping[str, Any], matched: Mapping[str, str]) -> dict[str, Any]:
    """The inputs with each card as the name it was matched to ("tr > tactician" -> "Throne Room > Tactician"),
    so a nickname, a typo or another case asks the same question."""
    if not matched:
        return dict(inputs)
    swaps = sorted(((typed, name) for typed, name in matched.items() if typed and typed != name),
                   key=lambda pair: -len(pair[0]))

    def swap(value: Any) -> Any:
        if isinstance(value, str):
            for typed, name in swaps:
                value = re.sub(rf"(?<![\w']){re.escape(typed)}(?![\w'])", lambda _m, n=name: n, value, flags=re.I)
            return value
        if isinstance(value, list | tuple):
            return [swap(v) for v in value]
        return value

    return {key: swap(value) for key, value in inputs.items()}


def answer_key(game: str, command: str, version: str, inputs: Mapping[str, Any], matched: Mapping[str, str]) -> str:
    return question_key(game, command, version, named_inputs(inputs, matched))


def record_key(ruling: OfficialRuling, matched: Mapping[str, str] | None = None) -> str:
    return answer_key(ruling.game, ruling.command, ruling.version, ruling.question, matched or {})


def official_json(rulings: Sequence[OfficialRuling], game: str, command: str, version: str,
                  inputs: Mapping[str, Any], matched: Mapping[str, str], cards: Iterable[str],
                  answer: Mapping[str, Any]) -> dict[str, Any]:
    """The documented `official` object of an answer (README, "Official rulings")."""
    names = {fold(c) for c in cards}
    about = [r for r in rulings if r.game == game and names & {fold(c) for c in r.cards}]
    # A question about these cards, or one naming no card (a rules text typed in), may be the recorded one.
    candidates = [r for r in rulings if r.game == game and (not r.cards or r in about)]
    key = answer_key(game, command, version, inputs, matched) if candidates else ""
    matches = [check(r, answer) for r in candidates if record_key(r) == key]
    entries = [{"id": c.ruling.id, "source": {"title": c.ruling.source.title, "url": c.ruling.source.url,
                                              "date": c.ruling.source.date},
                "says": c.ruling.says, "expect": [str(e) for e in c.ruling.expect], "agrees": c.agrees,
                "differences": [d.as_json() for d in c.differences]} for c in matches]
    agrees = None if not matches else all(c.agrees for c in matches)
    first_card = next(iter(sorted({c for r in about for c in r.cards if fold(c) in names})), "")
    return {"game": game, "count": len(about), "ids": [r.id for r in about], "card": first_card, "matches": entries,
            "agrees": agrees, "line": _line(matches)}


def _line(matches: Sequence[Any]) -> str:
    if not matches:
        return ""
    differ = [c for c in matches if not c.agrees]
    if not differ:
        cited = "; ".join(c.ruling.source.cite() for c in matches)
        return f"Agrees with the official ruling ({cited})."
    first = differ[0]
    how = "; ".join(d.words() for d in first.differences)
    return (f"Official ruling ({first.ruling.source.cite()}): {first.ruling.says.rstrip('.')}. "
            f"Arbiter's computed answer differs: {how}.")


def where_line(official: Mapping[str, Any], surface: str = "cli") -> str:
    """How many official rulings are recorded about the answer's cards, and where to read them."""
    count, card = int(official.get("count") or 0), str(official.get("card") or "")
    if not count:
        return ""
    many = "official ruling is" if count == 1 else "official rulings are"
    where = f"/official card:{card}" if surface == "discord" else f'arbiter official list "{card}"'
    base = public_base()
    if base and official.get("game"):  # the card's web page lists them too
        where += f" or {base}{card_path(str(official['game']), card)}"
    return f"{count} {many} recorded about {card}: {where}."


def lead_lines(official: Mapping[str, Any] | None) -> list[str]:
    """Lines that come BEFORE the player's answer: an official ruling the computed answer differs from."""
    if official and official.get("agrees") is False:
        return [str(official["line"])]
    return []


def agree_lines(official: Mapping[str, Any] | None) -> list[str]:
    """The line right after the answer when an official ruling recorded for this question agrees with it."""
    return [str(official["line"])] if official and official.get("agrees") is True else []


def tail_lines(official: Mapping[str, Any] | None, surface: str = "cli") -> list[str]:
    """Lines after the answer: agreement with an official ruling, and how many are recorded about the cards."""
    if not official:
        return []
    where = where_line(official, surface)
    return [*agree_lines(official), where] if where else agree_lines(official)
