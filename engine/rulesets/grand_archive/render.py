"""The documented JSON answer of `arbiter grand-archive` and its plain-text explanation, from the verdict only."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from engine.rulesets.grand_archive.effects import Form, Origin
from engine.rulesets.grand_archive.evaluate import (
    Instance,
    ObjectAnswer,
    OneTime,
    Placed,
    Reach,
    Verdict,
    duration_rules,
)
from engine.rulesets.grand_archive.rules import VERSIONS, citations_json
from engine.rulesets.grand_archive.summary import summary


def duration_text(inst: Instance) -> str:
    read = inst.read
    form = read.form
    if read.counter_kind:
        text = "never by itself: the counters stay on the object until they are removed or it leaves the field"
    elif form is Form.END_OF_TURN:
        text = f"the clean-up of the end phase (“{read.form_words}”)"
    elif form is Form.END_OF_ATTACK:
        said = "“for this attack”" if read.form_words.lower() == "for this attack" else "an attack's gains end with it"
        text = f"the end of the combat its attack is in ({said})"
    elif form is Form.NEXT_TURN_START:
        text = "the beginning of its controller's next turn"
    elif form is Form.NEXT_TURN_END:
        text = "the clean-up of its controller's next turn"
    elif form is Form.DURING_NEXT_TURN:
        text = "the end of its controller's next turn (it starts with that turn)"
    elif form is Form.INDEFINITE:
        text = "never (it lasts indefinitely, even after its source leaves)"
    elif form is Form.GAME:
        text = f"the end of the game ({'“' + read.form_words + '”' if read.form_words else 'no stated duration; made by something resolving'})"  # noqa: E501
    elif read.origin is Origin.STANDING and read.prop == "cost" and read.affected.self_only:
        text = "the card is activated (a rule of the card itself, wherever it is)"
    elif read.origin is Origin.STANDING and inst.granted_by:
        text = (f"its source leaves the field or loses the ability it gained from {inst.granted_by} (a gained "
                "standing ability, no stated duration)")
    elif read.origin is Origin.STANDING:
        text = "its source leaves the field (standing ability, no stated duration)"
    else:
        text = "the end of the game (no stated duration)"
    if read.condition:
        text += f"; off while “{read.condition}” does not hold"
    return text


def origin_text(inst: Instance) -> str:
    read = inst.read
    if inst.event:
        return "an event of the scenario"
    if read.origin is Origin.STANDING:
        where = "on the field" if inst.source is not None else "wherever the card is"
        return f"standing ability of {inst.card.name} ({where})"
    if read.origin is Origin.CARD:
        return f"{inst.card.name} resolved"
    return f"ability of {inst.card.name} resolved (“{read.origin_words}”)"


def effect_json(reach: Reach) -> dict[str, Any]:
    inst = reach.inst
    read = inst.read
    rules = list(dict.fromkeys([*reach.rules, "GA5", *duration_rules(inst)]))
    return {
        "card": inst.label,
        "part": read.label,
        "text": read.sentence,
        "kind": read.kind.value,
        "kind_words": read.kind_words,
        "origin": origin_text(inst),
        "layer": (read.rule_layer[:1] or (read.layer,))[0],
        "layer_words": read.rule_layer[1] if read.rule_layer else read.layer_words,
        "change": read.change,
        "set": read.affected.text,
        "timestamp": inst.timestamp,
        "applies": reach.applies,
        "status": inst.status,
        "duration": {"form": read.form.value, "words": read.form_words},
        "ends_on": duration_text(inst) + (f" (ended at {inst.ends_on})" if inst.status == "ended" else ""),
        "rules": rules,
        "why": reach.why,
        "annotated": list(read.annotated),
    }


def scenario_effect_json(inst: Instance) -> dict[str, Any]:
    """One effect of the scenario, whatever it reaches: what it is, its status and when it ends."""
    read = inst.read
    return {"card": inst.label, "part": read.label, "text": read.sentence, "kind": read.kind.value,
            "layer": (read.rule_layer[:1] or (read.layer,))[0],
            "change": read.change, "set": read.affected.text, "timestamp": inst.timestamp,
            "status": inst.status, "status_why": inst.status_why, "duration": {"form": read.form.value,
                                                                              "words": read.form_words},
            "ends_on": duration_text(inst) + (f" (ended at {inst.ends_on})" if inst.status == "ended" else ""),
            "rules": list(dict.fromkeys([*("GA15",) * (read.layer == "-" and read.prop not in ("lineage", "zone")),
                                          *("GA9",) * (read.prop == "lineage"), *duration_rules(inst)]))}


def one_time_json(once: OneTime) -> dict[str, Any]:
    """A card (or paragraph) asked about that makes no continuous effect: what it does at once (GA16)."""
    return {"card": once.card, "paragraphs": list(once.labels), "words": once.words, "happens": once.how,
            "keywords": list(once.keywords), "lasts": False, "rules": ["GA16"],
            "instead": [{"if": a.requires, "does": a.words, "met": a.met, "why": a.why} for a in once.instead]}


def order_json(order: list[Placed]) -> tuple[list[str], list[dict[str, str]]]:
    return [p.inst.label for p in order], [{"card": p.inst.label, "reason": p.reason} for p in order]


def object_json(answer: ObjectAnswer) -> dict[str, Any]:
    labels, reasons = order_json(answer.order)
    obj = answer.obj
    return {"object": obj.text if obj.asked else obj.describe(), "description": obj.describe(),
            "entered": obj.entered, "effects": [effect_json(r) for r in answer.reaches], "order": labels,
            "order_reasons": reasons, "result": answer.result, "net": answer.net,
            "counters": dict(obj.counters)}


def ruling_id(verdict: Verdict) -> str:
    # the moderators' annotations the answer read are part of the question: another annotation, another id
    key = json.dumps(["grand-archive", VERSIONS[verdict.version].version, verdict.moments]
                     + ([verdict.annotations] if verdict.annotations else []))
    return "GA-" + hashlib.sha256(key.encode()).hexdigest()[:10].upper()


def _effect_line(entry: dict[str, Any]) -> str:
    mark = "applies" if entry["applies"] else "does not apply"
    return (f"  - {entry['card']} [{entry['kind']}, layer {entry['layer']}, timestamp {entry['timestamp']}, "
            f"{entry['status']}]: {mark} — {entry['why']}. Ends: {entry['ends_on']}. "
            f"[{', '.join(entry['rules'])}]")


_COUNTERS = re.compile(r"^\d+ \w+ counters?\b")  # a change made by counters, not by a counted effect


def _counted(change: dict[str, Any]) -> str:
    """"damage counters on your champion: 12, one step for every 5"."""
    if change.get("every", 1) > 1:
        return f"{change['counted']}: {change['of']}, one step for every {change['every']}"
    return change["counted"]


def _net_line(obj: dict[str, Any]) -> str:
    parts = []
    for stat, entry in obj["net"].items():
        steps = ", ".join(f"{c['card']} {'sets ' + str(c['amount']) if c['sets'] else c['words']}"
                          + (f" {'with X = ' if c.get('x') else '× '}{c['count']} "
                             f"({_counted(c)}{'' if c['count_given'] else ', assumed'})"
                             if c["count"] is not None and not _COUNTERS.match(c["card"]) else "")
                          for c in entry["changes"])
        base = entry["base"] if entry["base"] is not None else f"unknown ({entry['base_from']})"
        total = "X" if entry["total"] is None else f"{entry['total']:+d}"
        value = f" = {entry['value']}" if entry["value"] is not None else ""
        parts.append(f"{stat}: base {base}; {steps}; total {total}{value}")
    return "  Net: " + " | ".join(parts)


def explanation(verdict: Verdict, objects: list[dict[str, Any]], reasons: list[dict[str, str]],
                first_line: str) -> str:
    rs = VERSIONS[verdict.version]
    lines = [first_line, "", "Scenario: " + "; ".join(verdict.moments), ""]
    if verdict.one_time:
        lines.append("Happens at once (no continuous effect):")
        lines += [f"  - {o.card} (paragraph{'s' if len(o.labels) > 1 else ''} {', '.join(o.labels)}): "
                  + (f"“{o.words}” happens when it {o.how}" if o.words else
                     f"keywords only ({', '.join(o.keywords)})" if o.keywords else "no rules text")
                  + "; no effect of it lasts (what it did stays done), so no duration, layer or timestamp "
                    "applies. [GA16]"
                  for o in verdict.one_time]
        lines.append("")
    if not objects and verdict.instances:
        lines.append("No object was asked about. The effects of the scenario:")
        lines += [f"  - {e['card']} [{e['kind']}, {'layer ' + e['layer'] if e['layer'] != '-' else 'no layer'}, "
                  f"timestamp {e['timestamp']}, {e['status']}]: {e['change']} ({e['set']}). Ends: {e['ends_on']}. "
                  f"[{', '.join(e['rules'])}]" for e in (scenario_effect_json(i) for i in verdict.instances)]
        lines.append("")
    for obj in objects:
        lines.append(f"{obj['object']} ({obj['description']}), entered at {obj['entered']}:")
        if not obj["effects"]:
            lines.append("  - no effect of the scenario could reach it.")
        lines += [_effect_line(e) for e in obj["effects"]]
        if obj["order_reasons"]:
            lines.append("  Order: " + " → ".join(f"{r['card']} ({r['reason']})" for r in obj["order_reasons"]))
        if obj["net"]:
            lines.append(_net_line(obj))
        lines.append("")
    if reasons:
        lines.append("All active effects in order:")
        lines += [f"{i}. {r['card']}: {r['reason']}" for i, r in enumerate(reasons, start=1)]
        lines.append("")
    if verdict.interpretations:
        lines.append("Interpretations:")
        lines += [f"- {n.text}" for n in verdict.interpretations]
        lines.append("")
    lines.append(f"Ruleset: Grand Archive {rs.name} ({rs.version}, {rs.title}).")
    cited = citations_json(verdict.rules)
    lines.append("Rules: " + "; ".join(f"{c['id']} {c['name']} ({c['reference']})" for c in cited) + ".")
    return "\n".join(lines)


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """The documented `arbiter grand-archive --json` object (a stable public contract)."""
    objects = [object_json(a) for a in verdict.objects]
    labels, reasons = order_json(verdict.order)
    rs = VERSIONS[verdict.version]
    first = summary(verdict)
    return {
        "summary": first,
        "objects": objects,
        "order": labels,
        "order_reasons": reasons,
        "scenario": verdict.moments,
        "rules": list(verdict.rules),
        "citations": citations_json(verdict.rules),
        "effects": [scenario_effect_json(i) for i in verdict.instances],
        "one_time": [one_time_json(o) for o in verdict.one_time],
        "interpretations": [n.as_json() for n in verdict.interpretations],
        "ruleset": {"game": rs.game, "name": rs.name, "version": rs.version, "title": rs.title},
        "match": [],
        "ruling_id": ruling_id(verdict),
        "explanation": explanation(verdict, objects, reasons, first),
    }
