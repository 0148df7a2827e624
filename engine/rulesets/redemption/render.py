"""Words and JSON for a Redemption verdict, rendered from the verdict's data and trace only."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.rulesets.redemption.evaluate import Verdict
from engine.trace import render_steps


def ruling_id(verdict: Verdict) -> str:
    """The same question under the same ruleset version, on the same card data, always gets the same id."""
    # The card's words and every term (so a moderator's annotation) are part of the question: if they
    # change, the ruling may change, and so does its id.
    card = verdict.card
    terms = [[t.term.rule, t.term.text, t.term.source, t.term.length] for p in verdict.parts for t in p.terms]
    key = json.dumps([verdict.ruleset.game, verdict.ruleset.version, list(card.key), card.type, card.card_class,
                      card.brigade, card.identifier, card.text, verdict.part.label, verdict.scenario.played_in,
                      list(verdict.scenario.events), terms])
    return "R-" + hashlib.sha256(key.encode()).hexdigest()[:10].upper()


def summary(verdict: Verdict) -> str:
    part = verdict.part
    who = verdict.card.name + (f" ({part.label} part)" if part.label else "")
    if not part.lasting:
        return f"{who}: an instant effect with no lasting part, so no duration applies."
    bound = part.upper_bound
    if part.persists and part.effective:
        state = "the ability persists and is working"
    elif part.persists:
        state = "the ability persists, but a condition has switched it off for now"
    else:
        state = "the ability has ended"
    events = verdict.scenario.events
    when = f" after {', '.join(events)}" if events else " as played"
    text = f"{who}{when}: {state}."
    if bound:
        text += f" Upper bound: {bound.rule} ({bound.why})."
    return text


def explanation(verdict: Verdict) -> str:
    lines = [summary(verdict), ""]
    lines += [f"{i}. {line}" for i, line in enumerate(render_steps(verdict.trace.steps), start=1)]
    if verdict.trace.interpretations:
        lines.append("")
        lines.append("Interpretations:")
        lines += [f"- {note.text}" for note in verdict.trace.interpretations]
    lines.append("")
    lines.append(f"Ruleset: Redemption {verdict.ruleset.name} ({verdict.ruleset.version}, "
                 f"{verdict.ruleset.title}).")
    return "\n".join(lines)


def verdict_json(verdict: Verdict, match: dict[str, Any] | None = None) -> dict[str, Any]:
    """The documented `arbiter duration --json` object (see README: a stable public contract)."""
    card = verdict.card
    part = verdict.part
    terms = [state.as_json() for p in verdict.parts for state in p.terms]
    bound = part.upper_bound.as_json() if part.upper_bound else {
        "rule": None, "text": "", "ends_on": [], "why": "instant effect: nothing lasts"}
    return {
        "card": {"name": card.name, "set": card.set, "type": card.type, "class": card.card_class,
                 "brigade": card.brigade, "text": card.text},
        "match": match or {"query": card.name, "how": "exact", "candidates": []},
        "scenario": {"played_in": verdict.scenario.played_in, "events": list(verdict.scenario.events),
                     "part": part.label},
        "lasting": part.lasting,
        "terms": terms,
        "upper_bound": bound,
        "persists": part.persists,
        "effective": part.effective,
        "rules": verdict.trace.rules_cited(),
        "interpretations": [n.as_json() for n in verdict.trace.interpretations],
        "ruleset": {"game": "redemption", "name": verdict.ruleset.name, "version": verdict.ruleset.version},
        "ruling_id": ruling_id(verdict),
        "parts": [p.as_json() for p in verdict.parts],
        "trace": [s.as_json() for s in verdict.trace.steps],
        "explanation": explanation(verdict),
    }
