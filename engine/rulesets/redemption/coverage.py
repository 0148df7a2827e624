"""How much of a catalog the term reader understands, and where moderators should annotate."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from engine.cards import Annotation, Card
from engine.rulesets.redemption.terms import inherent_type, read_card, territory_character


@dataclass
class Coverage:
    cards: int = 0
    abilities: int = 0          # ability parts with text
    lasting: int = 0            # parts with lasting language
    classified: int = 0         # lasting parts whose every lasting clause maps to a specific bullet
    annotated: int = 0          # parts a moderator annotated
    instant: int = 0
    by_rule: Counter[str] = field(default_factory=Counter)
    unclassified: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)

    def as_json(self, top: int = 15) -> dict[str, object]:
        return {
            "cards": self.cards, "abilities": self.abilities, "lasting": self.lasting,
            "classified": self.classified, "annotated": self.annotated, "instant": self.instant,
            "classified_share": round(self.classified / self.lasting, 4) if self.lasting else 0.0,
            "terms_by_rule": dict(sorted(self.by_rule.items())),
            "unclassified_phrases": [{"phrase": p, "count": n, "example": self.examples.get(p, "")}
                                     for p, n in self.unclassified.most_common(top)],
        }


def coverage(cards: Iterable[Card], annotations: Callable[[Card], list[Annotation]] | None = None) -> Coverage:
    report = Coverage()
    for card in cards:
        report.cards += 1
        for reading in read_card(card, annotations(card) if annotations else []):
            if not reading.part.text.strip():
                continue
            report.abilities += 1
            report.annotated += reading.annotated
            if not reading.lasting:
                report.instant += 1
                continue
            report.lasting += 1
            for term in reading.terms:
                report.by_rule[term.rule] += 1
            # A repeating clause on a card whose type or class gives it a duration is covered by D6/D7.
            label = reading.part.label
            by_attribute = bool(inherent_type(card, label)) or territory_character(card, label)
            if reading.annotated or not reading.unclassified or by_attribute:
                report.classified += 1
                continue
            for phrase in reading.unclassified:
                report.unclassified[phrase] += 1
                report.examples.setdefault(phrase, card.name)
    return report


def render_coverage(report: Coverage, top: int = 15) -> str:
    share = f"{100 * report.classified / report.lasting:.1f}%" if report.lasting else "n/a"
    lines = [
        f"Cards: {report.cards}",
        f"Ability parts with text: {report.abilities}",
        f"  instant (no lasting part): {report.instant}",
        f"  with lasting language: {report.lasting}",
        f"  classified to a specific bullet or annotated: {report.classified} ({share})",
        f"  annotated by moderators: {report.annotated}",
        "Terms found by rule: " + ", ".join(f"{k} {v}" for k, v in sorted(report.by_rule.items())),
        f"Most common unclassified phrases (annotate these first; top {top}):",
    ]
    for phrase, count in report.unclassified.most_common(top):
        lines.append(f"  {count:5d}  {phrase!r}  e.g. {report.examples.get(phrase, '')}")
    return "\n".join(lines)
