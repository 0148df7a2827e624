"""Redemption CCG: how long a special ability persists ("Defining Duration", bullets D1-D9)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards import Annotation, Card
from engine.registry import register
from engine.rulesets.redemption import interpretations as notes
from engine.rulesets.redemption import printings
from engine.rulesets.redemption.evaluate import Evaluator, Verdict
from engine.rulesets.redemption.rules import RULES, VERSIONS
from engine.rulesets.redemption.scenario import EVENT_HELP, EVENTS, ZONES, Scenario, ScenarioError
from engine.rulesets.redemption.terms import card_types, read_card, territory_character
from engine.trace import Rule, RulesetVersion

__all__ = [
    "EVENTS",
    "EVENT_HELP",
    "RULESET",
    "ZONES",
    "Scenario",
    "ScenarioError",
    "Verdict",
    "default_zone",
    "judge",
    "read_card",
]


def default_zone(card: Card) -> str:
    """Where a card of this type is normally played, for questions that do not say."""
    types = card_types(card)
    if territory_character(card, ""):
        return "territory"
    for kind, zone in (("artifact", "artifact-pile"), ("fortress", "territory"), ("site", "territory"),
                       ("city", "territory"), ("lost soul", "land-of-bondage"),
                       ("lost soul token", "land-of-bondage")):
        if kind in types:
            return zone
    return "battle"


def judge(card: Card, played_in: str | None = None, events: Sequence[str] = (), *,
          annotations: Sequence[Annotation] = (), ruleset: str = "current", part: str | None = None,
          turn: str | None = None, players: int | None = None) -> Verdict:
    """The verdict for one card in one scenario. Raises ScenarioError for unknown zones or events.

    `turn`: whose turn the card was played on ("mine" or "theirs"), `players`: how many play; None means not
    said (yours, 2), and answers that depend on them say what they assumed."""
    if ruleset not in VERSIONS:
        raise ScenarioError(f"Unknown ruleset {ruleset!r}; valid: {', '.join(VERSIONS)}.")
    zone = played_in or default_zone(card)
    scenario = Scenario(zone, tuple(events), part, turn, players)
    evaluator = Evaluator(card, scenario, list(annotations), ruleset)
    if played_in is None:
        evaluator.trace.interpret(notes.ZONE_DEFAULT)
    return evaluator.run()


class RedemptionRuleset:
    game = "redemption"
    aliases = ("redemption ccg", "rccg", "red")
    title = "Redemption CCG"

    @property
    def phrasebook(self) -> object:
        """Asked in a sentence: arbiter ask, /ask (phrases_ask.py, imported only for them)."""
        from engine.rulesets.redemption.phrases_ask import PHRASEBOOK

        return PHRASEBOOK

    # A card's default printing and what a ruling reads off a printing (engine/printings.py).
    printing_rank = staticmethod(printings.printing_rank)
    reading_key = staticmethod(printings.reading_key)

    @staticmethod
    def warm(card: Card, notes: Sequence[Annotation]) -> None:
        """Read the card's duration terms once (cached), so answers from a warm catalog only evaluate."""
        read_card(card, notes)

    @staticmethod
    def card_info(card: Card, annotations: Sequence[Annotation]) -> dict[str, object]:
        """What `arbiter card` and `/card` show of the card: its duration terms per part, and where it is
        usually played."""
        parts = [{"part": r.part.label, "text": r.part.text, "lasting": r.lasting, "annotated": r.annotated,
                  "terms": [{"rule": t.rule, "text": t.text, "source": t.source, "length": t.length}
                            for t in r.terms],
                  "unclassified": r.unclassified} for r in read_card(card, annotations)]
        return {"parts": parts, "default_zone": default_zone(card)}

    @staticmethod
    def coverage_report(cards: Sequence[Card], annotations_of: Callable[[Card], Sequence[Annotation]],
                        top: int) -> dict[str, object]:
        """`arbiter cards coverage` for this game: the report as its documented JSON and as text."""
        from engine.rulesets.redemption.coverage import coverage, render_coverage

        report = coverage(cards, annotations_of)
        return {"json": report.as_json(top), "text": render_coverage(report, top)}

    @staticmethod
    def part_labels(card: Card) -> list[str]:
        """The labels of the card's ability parts ("" for an unlabelled ability): what an annotation may name."""
        return [reading.part.label for reading in read_card(card)]

    @property
    def shortcuts(self) -> dict[str, object]:
        """`arbiter duration` and `/duration` (engine/interface.py): imported late, the question imports judge."""
        from engine.rulesets.redemption.question import QUESTION

        return {QUESTION.command: QUESTION}

    def versions(self) -> dict[str, RulesetVersion]:
        return dict(VERSIONS)

    def rules(self) -> dict[str, Rule]:
        return dict(RULES)

    def card_details(self, card: Card) -> tuple[tuple[str, str], ...]:
        """How each part of the ability reads (before any moderator annotation): instant, or its duration terms."""
        lines: list[tuple[str, str]] = []
        for reading in read_card(card, []):
            label = f"Part {reading.part.label}" if reading.part.label else "Ability"
            if not reading.lasting:
                lines.append((label, "an instant effect: nothing of it lasts"))
                continue
            terms = "; ".join(f"{t.rule} “{t.text}” ({t.source})" for t in reading.terms)
            lines.append((label, terms or "lasting, with no stated duration: the D1 default unless its type or "
                                          "class gives one"))
        return tuple(lines)


RULESET = register(RedemptionRuleset())
