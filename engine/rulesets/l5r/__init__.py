"""Legend of the Five Rings CCG: the order of things triggered at one moment (Timing steps A-F, L1-L11) and how
long effects last (LD1-LD7), as a plug-in with two questions: `order` and `duration`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Annotation, Card
from engine.interface import AnnotationSpec, QuestionError
from engine.registry import register
from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.durations import Form
from engine.rulesets.l5r.question import QUESTIONS
from engine.rulesets.l5r.rules import FINAL_RULES, GAME, RULES, VERSIONS
from engine.rulesets.l5r.sources import SOURCES
from engine.rulesets.l5r.starter import Starter, load_starter
from engine.trace import Rule, RulesetVersion

__all__ = ["GAME", "RULESET", "L5RRuleset"]

ANNOTATABLE_KINDS = tuple(k.value for k in Kind if k not in (Kind.UNREAD, Kind.RULEBOOK, Kind.ADDITIONAL))
DURATION_FORMS = tuple(f.value for f in Form)


def check_annotation(field: str, value: str) -> str:
    """A moderator's value for one field of an ability; one sentence with the valid choices when wrong."""
    word = (value or "").strip()
    if field == "kind":
        if word.lower() not in ANNOTATABLE_KINDS:
            raise QuestionError(f"A kind is one of: {', '.join(ANNOTATABLE_KINDS)}.")
        return word.lower()
    if field == "timing":
        first = word.split(None, 1)
        if len(first) < 2 or first[0].lower() not in ("before", "when", "after"):
            raise QuestionError("A timing is before, when or after followed by the occurrence, e.g. “after a "
                                "Personality is destroyed”.")
        return f"{first[0].lower()} {first[1]}"
    if field == "duration":
        if word.lower() not in DURATION_FORMS:
            raise QuestionError(f"A duration is one of: {', '.join(DURATION_FORMS)}.")
        return word.lower()
    raise QuestionError("The annotated field is one of: kind, timing, duration.")


def ability_parts(card: Card) -> tuple[str, ...]:
    return tuple(str(a.index) for a in read_card(card))


class L5RRuleset:
    game = GAME
    aliases = ("legend-of-the-five-rings", "l5r-ccg", "legend of the five rings")
    title = "Legend of the Five Rings CCG (timing and durations)"

    @property
    def phrasebook(self) -> object:
        """Asked in a sentence: arbiter ask, /ask (phrases_ask.py, imported only for them)."""
        from engine.rulesets.l5r.phrases_ask import PHRASEBOOK

        return PHRASEBOOK

    # What the generic front ends need to offer this game (engine/interface.py): two questions.
    questions = QUESTIONS
    sources = SOURCES
    annotation_spec = AnnotationSpec(
        fields={"kind": "the ability's kind: " + ", ".join(ANNOTATABLE_KINDS),
                "timing": "its trigger: before|when|after OCCURRENCE",
                "duration": "its length: " + ", ".join(DURATION_FORMS)},
        check=check_annotation, part_help="which ability of the card: 1, 2, ... (as CARD#2 counts)",
        parts=ability_parts)

    def starter(self) -> Starter:
        return load_starter()

    def versions(self) -> dict[str, RulesetVersion]:
        return dict(VERSIONS)

    def rules(self) -> dict[str, Rule]:
        return {**RULES, **FINAL_RULES}

    def card_details(self, card: Card) -> tuple[tuple[str, str], ...]:
        """Under the card in `/l5r card`: how each ability reads, then the Oracle's erratum and notes."""
        lines: list[tuple[str, str]] = []
        for ability in read_card(card):
            timing = f" · {ability.timing} {ability.occurrence}" if ability.timing else ""
            lengths = "; ".join(f"{t.form.value} “{t.words}” ({t.rule})" for t in ability.terms)
            lines.append((f"Ability {ability.index}: {ability.kind.value}{timing}"[:256],
                          ability.why + (f"\nDuration: {lengths}" if lengths else "")))
        for label, key in (("Oracle erratum", "erratum"), ("Oracle notes", "notes")):
            if card.extra.get(key):
                lines.append((label, card.extra[key]))
        return tuple(lines)

    def coverage(self, cards: Sequence[Card], annotations_of: Callable[[Card], Sequence[Annotation]],
                 top: int) -> dict[str, Any]:
        from engine.rulesets.l5r.coverage import coverage  # reads every card's text: only when asked

        return coverage(cards, annotations_of, top)


RULESET = register(L5RRuleset())
