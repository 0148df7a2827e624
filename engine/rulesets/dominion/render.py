"""Words and JSON for a Dominion verdict, rendered from the verdict's data and trace only."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.rulesets.dominion.behaviour import types_of
from engine.rulesets.dominion.evaluate import Instance, Verdict, describe
from engine.trace import render_steps


def ruling_id(verdict: Verdict) -> str:
    """The same chains under the same ruleset version always get the same id (judges cite it)."""
    key = json.dumps(["dominion", verdict.ruleset.version, verdict.chains, verdict.skip_next_turn])
    return "DM-" + hashlib.sha256(key.encode()).hexdigest()[:10].upper()


def leaves_json(inst: Instance, verdict: Verdict) -> dict[str, Any]:
    cleanup, turn, when = describe(inst.leave, verdict.extra_turns)
    return {"cleanup": cleanup, "turn": turn, "when": when, "why": inst.why}


def card_json(inst: Instance, verdict: Verdict) -> dict[str, Any]:
    return {
        "card": inst.card.name,
        "label": inst.label,
        "set": inst.card.set,
        "types": list(types_of(inst.card)),
        "as": inst.lent_by.name if inst.lent_by else None,
        "played_by": inst.parent.label if inst.parent else None,
        "relation": inst.relation.value if inst.relation else None,
        "played_on": list(inst.play_turns),
        "in_play": inst.in_play,
        "legal": inst.legal,
        "problem": inst.problem,
        "leaves_play": leaves_json(inst, verdict),
        "rules": list(inst.rules),
    }


def ruleset_json(verdict: Verdict) -> dict[str, str]:
    return {"game": "dominion", "name": verdict.ruleset.name, "version": verdict.ruleset.version,
            "tracking": verdict.policy.tracking.value, "wording": verdict.policy.wording.value}


def _line(inst: Instance, verdict: Verdict) -> str:
    _, _, when = describe(inst.leave, verdict.extra_turns)
    who = inst.label if inst.in_play else f"{inst.label} (not in play: left where it was)"
    verb = "leaves play" if inst.in_play else "would leave play"
    if when.startswith("never"):
        verb, when = "never leaves play", when.removeprefix("never: ")
    rules = f" [{', '.join(inst.rules)}]" if inst.rules else ""
    blocked = " — not allowed under this version" if not inst.legal else ""
    return f"- {who} {verb} {when}: {inst.why}{rules}{blocked}."


def explanation(verdict: Verdict) -> str:
    rs = verdict.ruleset
    lines = [f"{' | '.join(verdict.chains)}" + (" (your next turn is skipped)" if verdict.skip_next_turn else ""),
             ""]
    lines += [_line(inst, verdict) for inst in verdict.instances]
    lines += ["", "Trace:"]
    lines += [f"{i}. {text}" for i, text in enumerate(render_steps(verdict.trace.steps), start=1)]
    if verdict.trace.interpretations:
        lines += ["", "Interpretations:"]
        lines += [f"- {note.text}" for note in verdict.trace.interpretations]
    if verdict.problems:
        lines += ["", "Not allowed under this version:"]
        lines += [f"- {p}" for p in verdict.problems]
    alt = verdict.alternative
    if alt is not None:
        lines += ["", f"Under {alt.ruleset.name} ({alt.ruleset.version}, {alt.ruleset.title}) instead:"]
        lines += [_line(inst, alt) for inst in alt.instances]
    lines += ["", f"Ruleset: Dominion {rs.name} ({rs.version}, {rs.title})."]
    return "\n".join(lines)


def verdict_json(verdict: Verdict, match: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The documented `arbiter dominion --json` object (a stable public contract)."""
    alt = verdict.alternative
    return {
        "chain": [card_json(inst, verdict) for inst in verdict.instances],
        "scenario": {"chains": list(verdict.chains), "skip_next_turn": verdict.skip_next_turn},
        "legal": verdict.legal,
        "problems": list(verdict.problems),
        "rules": verdict.trace.rules_cited(),
        "trace": [s.as_json() for s in verdict.trace.steps],
        "interpretations": [n.as_json() for n in verdict.trace.interpretations],
        "ruleset": ruleset_json(verdict),
        "alternative": None if alt is None else {
            "ruleset": ruleset_json(alt), "chain": [card_json(inst, alt) for inst in alt.instances]},
        "match": match or [],
        "ruling_id": ruling_id(verdict),
        "explanation": explanation(verdict),
    }
