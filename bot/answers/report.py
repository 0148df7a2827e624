"""A stored ruling and today's answer, as the documented JSON object and as text lines (command line and
Discord share both)."""

from __future__ import annotations

import time
from typing import Any

from bot.answers.reask import Standing
from bot.rulings.build import is_shortcut_ruling
from bot.rulings.store import StoredRuling
from engine.cards import printing_label


def iso(at: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(at))


def question_text(stored: StoredRuling) -> str:
    """The question as asked, in one line."""
    inputs = stored.inputs
    if is_shortcut_ruling(stored.game, stored.command):
        card = printing_label(inputs["card"], inputs["set"]) if inputs.get("set") else inputs["card"]
        parts = [card, f"played in {inputs.get('played_in') or 'its usual zone'}"]
        if inputs.get("events"):
            parts.append("then " + ", ".join(inputs["events"]))
        if inputs.get("part"):
            parts.append(f"part {inputs['part']}")
    else:
        parts = []
        for key, value in inputs.items():
            shown = " | ".join(map(str, value)) if isinstance(value, list) else "yes" if value is True else value
            parts.append(f"{key}: {shown}")
    return " · ".join(parts)


def asked_json(stored: StoredRuling) -> dict[str, Any]:
    return {"game": stored.game, "command": stored.command, "inputs": stored.inputs, "version": stored.version,
            "version_number": stored.basis.version, "guild": stored.guild,
            "cards": [{"name": c.name, "set": c.set} for c in stored.basis.cards],
            "first_at": iso(stored.first_at), "last_at": iso(stored.last_at), "count": stored.count}


def standing_json(standing: Standing, *, answer: bool = True) -> dict[str, Any]:
    """The documented `arbiter ruling ID --json` object (README). A house ruling's full answer is never in it:
    it may quote that server's annotation texts and notes."""
    stored, now = standing.stored, standing.now
    answer = answer and not standing.house
    return {
        "ruling_id": stored.id,
        "asked": asked_json(stored),
        "given": {"verdict": stored.summary, "rules": list(stored.rules)},
        "stands": standing.stands,
        "now": None if now is None else {
            "ruling_id": now.id, "verdict": now.verdict, "rules": list(now.rules), "version_number": now.basis.version,
            "cards": [{"name": c.name, "set": c.set} for c in now.basis.cards],
            **({"answer": standing.answer} if answer else {})},
        "changes": [c.as_json() for c in standing.changes],
        "problem": standing.problem,
        "house": None if not standing.house else {
            "guild": standing.house,
            "shared_now": None if standing.shared is None or standing.shared.now is None else {
                "ruling_id": standing.shared.now.id, "verdict": standing.shared.now.verdict,
                "rules": list(standing.shared.now.rules)},
            "shared_problem": None if standing.shared is None else standing.shared.problem},
    }


def house_lines(standing: Standing, server: str | None = None) -> list[str]:
    """A house ruling says so: which server's own annotations decided it, and what the shared catalog answers
    today (never that server's notes). `server`: how to name it (default "server <id>")."""
    if not standing.house:
        return []
    shared = standing.shared
    today = (shared.now.verdict if shared is not None and shared.now is not None
             else f"nothing ({shared.problem})" if shared is not None else "nothing")
    return [f"House ruling: {server or f'server {standing.house}'}'s own annotations decided this answer, not the "
            "shared card catalog.", f"The shared catalog answers today: {today[:300]}"]


def verdict_lines(standing: Standing) -> list[str]:
    """Whether it stands, with the verdict before and after and what changed."""
    stored, now = standing.stored, standing.now
    lines = []
    if now is None:
        lines.append(f"Now: {standing.problem}")
    elif standing.stands:
        same = "" if now.id == stored.id else f" (asked today it is ruling {now.id})"
        lines.append(f"Now: still stands under today's catalog and ruleset{same}.")
    else:
        lines.append(f"Now: CHANGED. Before: {stored.summary}")
        lines.append(f"     After: {now.verdict[:300]}")
        if list(now.rules) != list(stored.rules):
            lines.append(f"     Rules cited then: {', '.join(stored.rules) or 'none'}; now: "
                         f"{', '.join(now.rules) or 'none'}")
        if now.id != stored.id:
            lines.append(f"     Asked today it is ruling {now.id}.")
    if standing.changes:
        lines.append("Since then: " + "; ".join(c.text for c in standing.changes) + ".")
    elif now is not None and not standing.stands:
        lines.append("Since then: the cards, annotations and ruleset version it used are the same; the engine's "
                     "reading changed.")
    return lines


def standing_lines(standing: Standing) -> list[str]:
    """`arbiter ruling ID` and `/ruling id:` as text."""
    stored = standing.stored
    where = f" · server {stored.guild}" if stored.guild else ""
    times = "once" if stored.count == 1 else f"{stored.count} times"
    return [
        f"Ruling {stored.id} · {stored.game} {stored.command} · ruleset {stored.version} "
        f"({stored.basis.version}){where}",
        f"Asked {times}: first {iso(stored.first_at)}, last {iso(stored.last_at)}.",
        f"Question: {question_text(stored)}",
        f"Answer given: {stored.summary}",
        f"Rules cited: {', '.join(stored.rules) or 'none'}",
        *house_lines(standing),
        *verdict_lines(standing),
    ]


def changed_lines(standing: Standing) -> list[str]:
    """One entry of `arbiter rulings changed`."""
    stored = standing.stored
    return [f"{stored.id} · {stored.game} {stored.command} · {question_text(stored)}", *verdict_lines(standing)]
