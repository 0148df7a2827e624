"""The documented JSON answer and the plain-text explanation, rendered from a Resolution only."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from engine.rulesets.ashes.editions import Printing, plain
from engine.rulesets.ashes.resolve import Resolution
from engine.rulesets.ashes.rules import VERSIONS


def ruling_id(card: str, version: str, board: dict[str, Any]) -> str:
    key = json.dumps(["ashes", VERSIONS[version].version, version, card, board], sort_keys=True)
    return "AS-" + hashlib.sha256(key.encode()).hexdigest()[:10].upper()


def display_text(p: Printing) -> str:
    if p.text is not None:
        return plain(p.text)
    return "\n\n".join((f"{a['name']}: " if a.get("name") else "") + plain(str(a.get("text", "")))
                       for a in p.abilities or ())


def parts_json(res: Resolution) -> list[dict[str, Any]]:
    return [{"n": r.part.n, "text": r.part.text, "targets": r.part.targets, "optional": r.part.optional,
             "outcome": r.outcome, "why": r.why, "rules": list(dict.fromkeys(r.rules)), "focus": r.part.focus,
             "target": r.target, "depends_on": r.part.depends_on, "read": r.part.read,
             "link": r.part.link, "acts_on": r.acts_on, "condition": r.part.condition, "mode": r.part.mode}
            for r in res.parts]


def outcome_key(res: Resolution) -> tuple[Any, ...]:
    """What a judge would call the answer: usable, costs, each part's outcome, placement and the cancel."""
    return (res.usable, tuple(c.kind for c in res.ability.costs),
            tuple((r.part.n, r.outcome) for r in res.parts), res.placement["zone"],
            None if res.cancel is None else res.cancel["applies"],
            res.ability.trigger.timing if res.ability.trigger else None)


def difference(res: Resolution, alt: Resolution) -> str:
    """One line: what the other edition's answer (`alt`) says where it differs from this one."""
    bits: list[str] = []
    if alt.usable != res.usable:
        bits.append("can be used" if alt.usable else f"cannot be used: {alt.usable_why}")
    alt_costs = [f"{c.kind} ({c.text})" for c in alt.ability.costs]
    if [c.kind for c in alt.ability.costs] != [c.kind for c in res.ability.costs]:
        bits.append("costs " + ", ".join(alt_costs) if alt_costs else "no cost")
    texts_differ = [r.part.text for r in alt.parts] != [r.part.text for r in res.parts]
    outcomes_differ = [(r.part.n, r.outcome) for r in alt.parts] != [(r.part.n, r.outcome) for r in res.parts]
    if texts_differ or outcomes_differ:
        shown = [f"part {r.part.n} " + (f"“{r.part.text}” " if texts_differ else "") + r.outcome
                 + (f" ({r.why})" if r.outcome in ("skipped", "cancelled") and not texts_differ else "")
                 for r in alt.parts]
        bits.append("; ".join(shown) if shown else "no effect parts")
    alt_timing = alt.ability.trigger.timing if alt.ability.trigger else None
    if alt_timing != (res.ability.trigger.timing if res.ability.trigger else None):
        bits.append(f"trigger “{alt.ability.trigger.words}” ({alt_timing})" if alt.ability.trigger else "no trigger")
    if alt.placement["zone"] != res.placement["zone"]:
        bits.append(f"placed: {alt.placement['zone']}")
    if (alt.cancel or {}).get("applies") != (res.cancel or {}).get("applies") and alt.cancel is not None:
        bits.append(f"{alt.cancel['card']} {'applies' if alt.cancel['applies'] else 'does not apply'}: "
                    f"{alt.cancel['why']}")
    return "; ".join(bits) + "." if bits else summary_line(alt)


def summary_line(res: Resolution) -> str:
    name = res.printing.name + (f" — {res.ability.label}" if res.ability.kind != "play" else "")
    if not res.usable:
        return f"{name}: cannot be used: {res.usable_why}."
    parts = ", ".join(f"part {r.part.n} {r.outcome}" for r in res.parts) or "no effect parts"
    cancel = ""
    if res.cancel is not None:
        cancel = f"; {res.cancel['card']} {'applies' if res.cancel['applies'] else 'does not apply'}"
    return f"{name}: {parts}{cancel}."


def explanation(res: Resolution, other: dict[str, Any] | None, other_same: str | None) -> str:
    v = VERSIONS[res.edition]
    lines = [summary_line(res), ""]
    for step in res_steps(res):
        mark = "" if step["happens"] else " (does not happen)"
        lines.append(f"{step['step']}. {step['name']}{mark}: {step['detail']} [{', '.join(step['rules'])}]")
    if res.parts:
        lines += ["", "Parts:"]
        for r in res.parts:
            tags = [t for t, on in (("target", r.part.targets), ("you may", r.part.optional)) if on]
            focus = f" (Focus {r.part.focus})" if r.part.focus else ""
            lines.append(f"  {r.part.n}{focus}. “{r.part.text}”{' [' + ', '.join(tags) + ']' if tags else ''}: "
                         f"{r.outcome} — {r.why} [{', '.join(dict.fromkeys(r.rules))}]")
    if res.ability.trigger:
        lines += ["", f"Trigger: “{res.ability.trigger.words}” — timing {res.ability.trigger.timing} [AS12]"]
    if res.cancel is not None:
        lines += ["", f"Cancel: {res.cancel['card']} {'applies' if res.cancel['applies'] else 'does not apply'}: "
                      f"{res.cancel['why']} [{', '.join(res.cancel['rules'])}]"]
    pl = res.placement
    lines += ["", f"Placement: {pl['zone']}; controller {pl['controller']}, owner {pl['owner']}."]
    notes = res.trace.interpretations
    if notes:
        lines += ["", "Interpretations:"] + [f"- {n.text}" for n in notes]
    if other is not None:
        lines += ["", f"Under {other['ruleset']}: differs — {other['summary']}"]
    elif other_same:
        lines += ["", other_same]
    lines += ["", f"Ruleset: Ashes {v.name} ({v.version}, {v.title})."]
    return "\n".join(lines)


def res_steps(res: Resolution) -> list[dict[str, Any]]:
    return res.steps


def answer_json(res: Resolution, other: dict[str, Any] | None, other_same: str | None,
                board_key: dict[str, Any]) -> dict[str, Any]:
    """The documented `arbiter ashes --json` object (a stable public contract; see README)."""
    v = VERSIONS[res.edition]
    rules = list(dict.fromkeys(
        ["AS1", *[r for s in res.steps for r in s["rules"]], *[r for p in res.parts for r in p.rules],
         *(res.cancel["rules"] if res.cancel else []), *(["AS12"] if res.ability.trigger else []),
         *res.trace.rules_cited()]))
    data = {
        "card": {"name": res.printing.name, "type": res.printing.type, "edition": res.edition,
                 "text": res.ability.text if res.ability.kind != "play" else display_text(res.printing)},
        "ability": {"index": res.ability.index, "name": res.ability.name, "kind": res.ability.kind,
                    "label": res.ability.label},
        "scenario": res.board.as_json(),
        "usable": {"value": res.usable, "why": res.usable_why},
        "steps": res.steps,
        "costs": [c.as_json() for c in res.ability.costs],
        "trigger": res.ability.trigger.as_json() if res.ability.trigger else None,
        "parts": parts_json(res),
        "cancel": res.cancel,
        "placement": {k: res.placement[k] for k in ("zone", "controller", "owner")},
        "other_edition": other,
        "rules": rules,
        "interpretations": [n.as_json() for n in res.trace.interpretations],
        "ruleset": {**v.as_json()},
        "ruling_id": ruling_id(res.printing.name, res.edition, board_key),
        "match": [],
        "explanation": explanation(res, other, other_same),
        "trace": [s.as_json() for s in res.trace.steps if s.decision],
    }
    data["summary"] = summary(data)
    return data


def _clause(text: str) -> str:
    """A part's words as a clause inside a sentence: its first sentence, without the final stop, shortened."""
    words = text.strip().rstrip(".")
    return words if len(words) <= 60 else words[:57].rstrip() + "…"


def summary(answer: Mapping[str, Any]) -> str:
    """The answer in one sentence, in the players' words: whether the card can be used, then what each part of
    its effect does ("“Place a Gilder conjuration onto your battlefield” happens; “deal 1 damage …” is skipped:
    no unit to target")."""
    name = answer["card"]["name"]
    if not answer["usable"]["value"]:
        return f"{name} cannot be used: {answer['usable']['why']}."
    bits = []
    for part in answer["parts"]:
        outcome = part["outcome"]
        if outcome == "resolves":
            bits.append(f"“{_clause(part['text'])}” happens")
        else:
            bits.append(f"“{_clause(part['text'])}” is {outcome}" + (f": {part['why']}" if part["why"] else ""))
    cancel = answer.get("cancel")
    if cancel:
        bits.append(f"{cancel['card']} {'applies' if cancel['applies'] else 'does not apply'}")
    if not bits:
        bits.append(f"it is placed: {answer['placement']['zone']}")
    return f"{name}: " + "; ".join(bits) + "."
