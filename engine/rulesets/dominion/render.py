"""Words and JSON for a Dominion verdict, rendered from the verdict's data and trace only."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from typing import Any

from engine.rulesets.dominion.behaviour import types_of
from engine.rulesets.dominion.build import Phase
from engine.rulesets.dominion.evaluate import Instance, Verdict, describe
from engine.trace import render_steps


def ruling_id(verdict: Verdict) -> str:
    """The same chains under the same ruleset version always get the same id (judges cite it)."""
    # An extra turn is part of the question only when it is one, so earlier ids stay as they were.
    key = json.dumps(["dominion", verdict.ruleset.version, verdict.chains, verdict.skip_next_turn]
                     + (["extra-turn"] if verdict.extra_turn else []))
    return "DM-" + hashlib.sha256(key.encode()).hexdigest()[:10].upper()


def moment(inst: Instance) -> str:
    """How it leaves play: in a Clean-up, taken out early by a card or a Way (DM11), by its own effect when a
    turn starts (Conjurer into hand, Crew onto the deck), or never."""
    if inst.leave.turn == math.inf:
        return "never"
    if inst.leave.phase is not Phase.DURING:
        return "clean-up"
    return "removed" if inst.removed_by else "start-of-turn"


def leaves_json(inst: Instance, verdict: Verdict) -> dict[str, Any]:
    cleanup, turn, when = describe(inst.leave, verdict.extra_turns)
    return {"cleanup": cleanup, "turn": turn, "when": when, "why": inst.why, "moment": moment(inst)}


def leaves_this_turn(inst: Instance) -> bool:
    """Whether it leaves play during this turn (in its Clean-up or earlier): what "may I trash it now, since
    it will be discarded from play this turn?" asks."""
    return inst.leave.turn == 0 and inst.leave.phase is not Phase.OTHER


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
        "leaves_this_turn": leaves_this_turn(inst),
        # The illegal play is flagged on the card played and on the card that tried to play it.
        "illegal_play": not inst.legal or any(not c.legal for c in inst.children),
        "illegal_plays": [c.label for c in inst.children if not c.legal],
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
    if inst.legal and any(not c.legal for c in inst.children):
        blocked = " — it tried a play not allowed under this version"
    return f"- {who} {verb} {when}: {inst.why}{rules}{blocked}."


def explanation(verdict: Verdict) -> str:
    rs = verdict.ruleset
    lines = [f"{' | '.join(verdict.chains)}" + (" (this turn is an extra turn)" if verdict.extra_turn else "")
             + (" (your next turn is skipped)" if verdict.skip_next_turn else ""), ""]
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
    data = {
        "chain": [card_json(inst, verdict) for inst in verdict.instances],
        "scenario": {"chains": list(verdict.chains), "skip_next_turn": verdict.skip_next_turn,
                     "extra_turn": verdict.extra_turn},
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
    data["summary"] = summary(data)
    return data


def _names(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + f" and {labels[-1]}"


def summary(answer: Mapping[str, Any]) -> str:
    """The answer in one sentence, in the players' words: when each card leaves play, cards that leave at the
    same moment named together ("Throne Room and Tactician both leave play in the Clean-up of your next turn")."""
    groups: dict[tuple[bool, str], list[str]] = {}
    for entry in answer["chain"]:
        groups.setdefault((bool(entry["in_play"]), entry["leaves_play"]["when"]), []).append(entry["label"])
    bits = []
    for (in_play, when), labels in groups.items():
        both = " both" if len(labels) == 2 else " all" if len(labels) > 2 else ""
        plural = len(labels) > 1
        if when.startswith("never"):
            verb, when = ("never leave" if plural else "never leaves") + " play", when.removeprefix("never: ")
        elif in_play:
            verb = ("leave" if plural else "leaves") + " play"
        else:
            verb, when = ("are" if plural else "is") + " not in play", ""
        bits.append(f"{_names(labels)}{both if in_play else ''} {verb} {when}".strip())
    text = "; ".join(bits) or "Nothing was played"
    if not answer["legal"]:
        text += " (a play is not allowed under this version)"
    return text[:1].upper() + text[1:] + "."
