"""How much of the Ashes card text the reader understands, per edition: abilities, costs and parts read and
unread, parts a moderator annotated, and the unread phrases worth annotating (or teaching the reader) first."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Annotation, Card
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.census import CLASSES, phrases, unclassed
from engine.rulesets.ashes.editions import printing


def _lead(text: str) -> str:
    return " ".join(text.split()[:3])


def coverage(cards: Sequence[Card], annotations_of: Callable[[Card], Sequence[Annotation]],
             top: int = 10) -> dict[str, Any]:
    report: dict[str, Any] = {"cards": len(cards), "editions": {}}
    lines = [f"Ashes: {len(cards)} cards"]
    census: Counter[str] = Counter()
    loose: Counter[str] = Counter()
    loose_example: dict[str, str] = {}
    for edition in ("reborn", "1e"):
        counts = Counter()
        kinds: Counter[str] = Counter()
        links: Counter[str] = Counter()        # parts that depend on an earlier part, by how
        conditions: Counter[str] = Counter()   # "If ..." parts: decided by the board, or named as assumptions
        unread: Counter[str] = Counter()
        examples: dict[str, str] = {}
        printed = 0
        for card in cards:
            p = printing(card, edition)
            if p is None:
                continue
            printed += 1
            labels = {n.part.split("/")[-1] for n in annotations_of(card)
                      if "/" not in n.part or n.part.startswith(f"{edition}/")}
            for ability in read_abilities(p):
                key = "play" if ability.kind == "play" else str(ability.index)
                kinds[ability.kind] += 1
                counts["abilities_read" if ability.read else "abilities_unread"] += 1
                for cost in ability.costs:
                    counts["costs_read" if cost.read else "costs_unread"] += 1
                texts = [part.text for part in ability.parts] + list(ability.limits) + (
                    [ability.trigger.words] if ability.trigger else [])
                for text in texts:
                    for hit in phrases(text):
                        census[hit.restriction.id] += 1
                    for word in unclassed(text):
                        loose[word.lower()] += 1
                        loose_example.setdefault(word.lower(), f"{card.name} ({edition}): {text}")
                for part in ability.parts:
                    if part.link:
                        links[part.link] += 1
                    if part.condition:
                        conditions["decided by the board" if part.condition_check else "named as an assumption"] += 1
                    annotated = f"{key}.{part.n}" in labels or "*" in labels
                    counts["parts_annotated"] += annotated
                    if part.read:
                        counts["parts_read"] += 1
                    elif annotated:
                        counts["parts_read_by_annotation"] += 1
                    else:
                        counts["parts_unread"] += 1
                        lead = _lead(part.text)
                        unread[lead] += 1
                        examples.setdefault(lead, f"{card.name} {key}.{part.n}: {part.text}")
        entry = {"cards": printed, "kinds": dict(kinds), "links": dict(links), "conditions": dict(conditions),
                 **{k: counts[k] for k in ("abilities_read", "abilities_unread", "costs_read", "costs_unread",
                                           "parts_read", "parts_read_by_annotation", "parts_unread",
                                           "parts_annotated")},
                 "top_unread": [{"phrase": phrase, "count": n, "example": examples[phrase]}
                                for phrase, n in unread.most_common(top)]}
        total = entry["parts_read"] + entry["parts_read_by_annotation"] + entry["parts_unread"]
        entry["parts_read_percent"] = round(100 * (total - entry["parts_unread"]) / total, 1) if total else 100.0
        report["editions"][edition] = entry
        lines.append(f"{edition}: {printed} cards; abilities {entry['abilities_read']} read, "
                     f"{entry['abilities_unread']} unread; costs {entry['costs_read']} read, {entry['costs_unread']} "
                     f"unread; parts {entry['parts_read']} read, {entry['parts_read_by_annotation']} read through "
                     f"an annotation, {entry['parts_unread']} unread ({entry['parts_annotated']} annotated); "
                     f"{entry['parts_read_percent']}% of parts read")
        lines.append("  depends on an earlier part: " + (", ".join(f"{k} {n}" for k, n in sorted(links.items()))
                                                        or "none")
                     + "; conditions: " + (", ".join(f"{n} {k}" for k, n in sorted(conditions.items())) or "none"))
        for row in entry["top_unread"]:
            lines.append(f"  {row['count']:>3} × “{row['phrase']} …”  e.g. {row['example'][:100]}")
    classes = [{"id": c.id, "dimension": c.dimension, "handling": c.handling, "how": c.how, "count": census[c.id]}
               for c in CLASSES]
    report["restrictions"] = {
        "classes": classes,
        "phrases": sum(census.values()),
        "checked": sum(c["count"] for c in classes if c["handling"] == "checked"),
        "said": sum(c["count"] for c in classes if c["handling"] == "said"),
        "neither": [{"phrase": w, "count": n, "example": loose_example[w]} for w, n in loose.most_common()]}
    r = report["restrictions"]
    lines.append(f"restriction phrases (both editions): {r['phrases']} in {len(classes)} classes; {r['checked']} "
                 f"checked against the board, {r['said']} said as assumptions, "
                 f"{sum(x['count'] for x in r['neither'])} neither")
    for dimension in dict.fromkeys(c["dimension"] for c in classes):
        lines.append(f"  {dimension}: " + ", ".join(f"{c['id']} {c['count']} ({c['handling']})" for c in classes
                                                    if c["dimension"] == dimension))
    for row in r["neither"][:top]:
        lines.append(f"  neither checked nor said: {row['count']:>3} × “{row['phrase']}”  e.g. {row['example'][:90]}")
    report["lines"] = lines
    return report
