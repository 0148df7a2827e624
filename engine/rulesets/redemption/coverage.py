"""How much of a catalog the term reader understands, and where moderators should annotate.

Every ability part with lasting language falls in exactly one bucket, first match wins:

1. `specific`: a D2-D8 term from its text (or identifier) or from a moderator's annotation;
2. `attribute`: no such term, but the card's type or class gives one where it is played (D7 inherent type,
   D6 territory-class character);
3. `annotated`: neither, but a moderator annotated the part (e.g. confirmed it as lasting);
4. `game_rule`: none of these, and what lasts is an ability type a game rule makes ongoing for a known time
   ("Cannot be negated / prevented / interrupted", RG1: to the end of the phase), the rest of the part being
   instant;
5. `default`: nothing states a duration, so only the D1 default (end of the phase) bounds it.

`classified` is the first four together: the engine answers with more than the D1 fallback, or a moderator
has looked at the part.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from engine.cards import Annotation, Card
from engine.rulesets.redemption.terms import PartReading, inherent_type, read_card, territory_character

SPECIFIC_RULES = frozenset({"D2", "D3", "D4", "D5", "D6", "D7", "D8"})
STATE_KEYWORDS = frozenset({"if", "unless"})


@dataclass
class Coverage:
    cards: int = 0
    abilities: int = 0          # ability parts with text
    lasting: int = 0            # parts with lasting language (= specific + attribute + annotated_only + default)
    specific: int = 0           # lasting parts with a D2-D8 term from the text, identifier or an annotation
    specific_annotation: int = 0  # ... of which an annotation gives the term
    specific_d8_only: int = 0   # ... of which the only terms are D8 conditions (bounded by the D1 default)
    attribute: int = 0          # lasting parts without such a term whose type or class gives D6/D7
    annotated_only: int = 0     # lasting parts without a term or attribute that a moderator annotated
    game_rule: int = 0          # ... else lasting only by "Cannot be negated/prevented/..." (RG1: end of the phase)
    default: int = 0            # lasting parts with no stated duration: the D1 default
    annotated: int = 0          # parts a moderator annotated (instant ones included)
    instant: int = 0
    conditions: int = 0         # "if"/"unless" state conditions (D8 switches, not durations) in lasting parts
    by_rule: Counter[str] = field(default_factory=Counter)
    unclassified: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    # Recurring wording ("each upkeep", "per turn"): parts that have it, and those where only the D1 default
    # bounds it, so read by the article it repeats only within the phase it began (every answer flags these).
    recurring: Counter[str] = field(default_factory=Counter)
    recurring_default: Counter[str] = field(default_factory=Counter)
    recurring_examples: dict[str, tuple[bool, str]] = field(default_factory=dict)

    @property
    def classified(self) -> int:
        """Lasting parts with a specific term, a duration from the card's type or class, or an annotation."""
        return self.specific + self.attribute + self.annotated_only + self.game_rule

    def as_json(self, top: int = 15) -> dict[str, object]:
        return {
            "cards": self.cards, "abilities": self.abilities, "lasting": self.lasting,
            "classified": self.classified, "annotated": self.annotated, "instant": self.instant,
            "classified_share": round(self.classified / self.lasting, 4) if self.lasting else 0.0,
            "lasting_by_kind": {
                "specific_term": self.specific, "type_or_class": self.attribute,
                "annotated_without_term": self.annotated_only, "game_rule": self.game_rule,
                "d1_default": self.default,
            },
            "specific_term_from_annotation": self.specific_annotation,
            "specific_term_d8_only": self.specific_d8_only,
            "terms_by_rule": dict(sorted(self.by_rule.items())),
            "state_conditions": self.conditions,
            "unclassified_phrases": [{"phrase": p, "count": n, "example": self.examples.get(p, "")}
                                     for p, n in self.unclassified.most_common(top)],
            "recurring_phrases": [{"phrase": p, "count": n, "d1_default": self.recurring_default[p],
                                   "example": self.recurring_examples.get(p, (True, ""))[1]}
                                  for p, n in self.recurring.most_common(top)],
        }


def _by_attribute(card: Card, reading: PartReading) -> bool:
    label = reading.part.label
    return bool(inherent_type(card, label)) or territory_character(card, label)


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
            # An "if"/"unless" state condition switches a sentence on and off; it is no duration, so it neither
            # counts as a term found nor makes the part's duration specific (counted apart).
            durations = [t for t in reading.terms if t.keyword not in STATE_KEYWORDS]
            report.conditions += len(reading.terms) - len(durations)
            for term in durations:
                report.by_rule[term.rule] += 1
            specific = [t for t in durations if t.rule in SPECIFIC_RULES]
            by_attribute = _by_attribute(card, reading)
            for phrase in dict.fromkeys(reading.recurring):
                report.recurring[phrase] += 1
                defaulted = not any(t.rule != "D8" for t in specific) and not by_attribute and not reading.annotated
                report.recurring_default[phrase] += defaulted
                # The example is a card a moderator should look at (D1 default first), the same in any order.
                key = (not defaulted, card.name)
                if phrase not in report.recurring_examples or key < report.recurring_examples[phrase]:
                    report.recurring_examples[phrase] = key
            if specific:
                report.specific += 1
                report.specific_annotation += any(t.source == "annotation" for t in specific)
                report.specific_d8_only += all(t.rule == "D8" for t in specific)
            elif by_attribute:
                report.attribute += 1
            elif reading.annotated:
                report.annotated_only += 1
            elif reading.cannot_be and not reading.lasting_sentences:
                report.game_rule += 1
            else:
                report.default += 1
            # Phrases a moderator should look at: the part's duration is neither annotated nor given by the
            # card's type or class, and some lasting clause fits no specific bullet.
            if reading.annotated or by_attribute:
                continue
            for phrase in reading.unclassified:
                report.unclassified[phrase] += 1
                report.examples.setdefault(phrase, card.name)
    return report


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "n/a"


def render_coverage(report: Coverage, top: int = 15) -> str:
    lasting = report.lasting
    lines = [
        f"Cards: {report.cards}",
        f"Ability parts with text: {report.abilities}",
        f"  instant (no lasting part): {report.instant}",
        f"  with lasting language: {lasting}",
        f"    with a specific term (D2-D8, from the text or an annotation): {report.specific} "
        f"({_share(report.specific, lasting)})",
        f"      of which the term comes from an annotation: {report.specific_annotation}",
        f"      of which only a D8 condition (bounded by the D1 default): {report.specific_d8_only}",
        f"    covered by the card's type or class (D6/D7): {report.attribute} ({_share(report.attribute, lasting)})",
        f"    annotated by moderators, no term: {report.annotated_only} ({_share(report.annotated_only, lasting)})",
        f"    only “Cannot be negated / prevented / interrupted” lasts (RG1: to the end of the phase): "
        f"{report.game_rule} "
        f"({_share(report.game_rule, lasting)})",
        f"    no stated duration: D1 default: {report.default} ({_share(report.default, lasting)})",
        f"  classified (specific term, type or class, annotation or game rule): {report.classified} "
        f"({_share(report.classified, lasting)})",
        f"  annotated by moderators (any part): {report.annotated}",
        "Terms found by rule: " + ", ".join(f"{k} {v}" for k, v in sorted(report.by_rule.items())),
        f"State conditions (\"if\"/\"unless\" switches, not durations): {report.conditions}",
        f"Most common unclassified phrases (annotate these first; top {top}):",
    ]
    for phrase, count in report.unclassified.most_common(top):
        lines.append(f"  {count:5d}  {phrase!r}  e.g. {report.examples.get(phrase, '')}")
    lines.append(f"Recurring wording (parts; of which only the D1 default bounds it, flagged in answers; top {top}):")
    for phrase, count in report.recurring.most_common(top):
        lines.append(f"  {count:5d}  {report.recurring_default[phrase]:5d}  {phrase!r}  "
                     f"e.g. {report.recurring_examples.get(phrase, (True, ''))[1]}")
    return "\n".join(lines)
