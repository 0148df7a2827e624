"""A stored ruling and today's answer, as the documented JSON object and as text lines (command line and
Discord share both)."""

from __future__ import annotations

import re
import time
from typing import Any

from bot.answers.games import find_question
from bot.answers.reask import Standing
from bot.officials.agreement import named_inputs
from bot.rulings.build import is_shortcut_ruling
from bot.rulings.store import StoredRuling
from engine.interface import QuestionError, Surface, questions_of, typed_inputs
from engine.plain_words import headline
from engine.registry import UnknownRuleset, find_ruleset


def iso(at: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(at))


def question_text(stored: StoredRuling, surface: Surface = "cli") -> str:
    """The question as the player asked it: the command with its inputs as typed on the command line (`arbiter
    <game> --object ally --effect "Some Card"`, in the order typed) or in Discord (`/<game> ruling object:ally
    effect:Some Card`), the cards by the names they were matched to."""
    inputs = stored.inputs
    if is_shortcut_ruling(stored.game, stored.command):
        card = inputs["card"]
        typed: list[tuple[str, Any]] = [("card", card), ("set", inputs.get("set")),
                                         ("played_in", inputs.get("played_in")), ("then", inputs.get("events")),
                                         ("part", inputs.get("part")), ("turn", inputs.get("turn")),
                                         ("players", inputs.get("players"))]
        typed = [(name, value) for name, value in typed if value not in (None, "", [])]
        head = f"/{stored.command}" if surface == "discord" else f"arbiter {stored.command}"
        positional, joiners = {"card"}, {"then": " "}
    else:
        try:
            ruleset = find_ruleset(stored.game)
            question = find_question(ruleset, stored.command)
        except (UnknownRuleset, QuestionError):  # a game or question gone since: its inputs as stored
            return " · ".join(f"{key}: {value}" for key, value in inputs.items())
        several = len(questions_of(ruleset)) > 1
        inputs = named_inputs(inputs, stored.basis.matched)
        typed = [(p.name, value) for p, value in typed_inputs(question.params, inputs, surface,
                                                              getattr(question, "typed_order", None))]
        flags = {p.name: p for p in question.params}
        head = (f"/{stored.game} {stored.command}" if surface == "discord" else
                f"arbiter {stored.game}" + (f" {stored.command}" if several else ""))
        positional = {p.name for p in question.params if p.cli_flag is None}
        joiners = {p.name: f"{p.separators[0]} " for p in question.params if p.separators}
        typed = [(flags[name].cli_flag or name, value) if surface == "cli" else (name, value)
                 for name, value in typed]
    ruleset_default = next(iter(_versions(stored.game)), "current")
    if stored.version != ruleset_default:  # the version asked for, when it is not the one asked without naming it
        typed.append(("ruleset", stored.version))
    words = [head]
    for name, value in typed:
        values = value if isinstance(value, list) else [value]
        if surface == "discord":
            shown = joiners.get(name, "; ").join(str(v) for v in values) if value is not True else "True"
            words.append(f"{name}:{shown}")
            continue
        flag = name if name.startswith("--") else f"--{name.replace('_', '-')}"
        for one in values:
            if name in positional:
                words.append(_typed(str(one)))
            elif one is True:
                words.append(flag)
            else:
                words += [flag, _typed(str(one))]
    return " ".join(words)


def _typed(value: str) -> str:
    """A value as a player types it in a shell: bare when it is one plain word, else in double quotes."""
    if re.fullmatch(r"[\w.:@/+=,-]+", value):
        return value
    return '"' + re.sub(r'(["\\$`])', r"\\\1", value) + '"'


def _versions(game: str) -> list[str]:
    try:
        return list(find_ruleset(game).versions())
    except UnknownRuleset:
        return []


def answer_given(stored: StoredRuling) -> str:
    """The player's answer as it was given, as every surface shows it first: the stored verdict line's first part
    (its summary, without the judge's leads stored beside it for comparing), its headline when it is long."""
    return headline(stored.summary.split(" · ")[0])[0]


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
        "given": {"verdict": stored.summary, "rules": list(stored.rules), "summary": answer_given(stored)},
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
    """`arbiter ruling ID` as text: the answer given first (what the ruling is), then which ruling, the question."""
    stored = standing.stored
    where = f" · server {stored.guild}" if stored.guild else ""
    times = "once" if stored.count == 1 else f"{stored.count} times"
    return [
        f"Answer given: {answer_given(stored)}",
        f"Ruling {stored.id} · {stored.game} {stored.command} · ruleset {stored.version} "
        f"({stored.basis.version}){where}",
        f"Asked {times}: first {iso(stored.first_at)}, last {iso(stored.last_at)}.",
        f"Question: {question_text(stored)}",
        f"Rules cited: {', '.join(stored.rules) or 'none'}",
        *house_lines(standing),
        *verdict_lines(standing),
    ]


def changed_lines(standing: Standing) -> list[str]:
    """One entry of `arbiter rulings changed`."""
    stored = standing.stored
    return [f"{stored.id} · {question_text(stored)}", *verdict_lines(standing)]
