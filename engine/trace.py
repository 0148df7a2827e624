"""The shared verdict vocabulary: trace steps, interpretations, rules and ruleset versions.

Every ruleset builds its answer out of these, so a judge reads the same shapes for every game and the
explanation is always rendered from the trace, never written per card.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Rule:
    """A rule in our own words, with the source it restates."""

    id: str
    name: str
    summary: str
    source: str


@dataclass(frozen=True)
class RulesetVersion:
    """One version of a game's rules: `name` is what users type, `version` what answers are stamped with, and
    `label` how players call it (an edition or a year: "the 2023 rules"), for buttons; reads after "Under"."""

    game: str
    name: str
    version: str
    title: str
    description: str
    label: str = ""

    def as_json(self) -> dict[str, str]:
        return {"game": self.game, "name": self.name, "version": self.version, "title": self.title}


@dataclass(frozen=True)
class Step:
    """One line of a verdict's trace: which rule, what triggered it, what it decided."""

    rule: str | None
    trigger: str
    decision: str
    source: str = ""
    event: int | None = None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Interpretation:
    """A reading the answer depends on that the rule text leaves open; always shown to the user."""

    id: str
    rule: str | None
    text: str

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Trace:
    """Collects steps and interpretations in the order the ruleset decided them."""

    steps: list[Step] = field(default_factory=list)
    interpretations: list[Interpretation] = field(default_factory=list)

    def add(self, rule: str | None, trigger: str, decision: str, *, source: str = "",
            event: int | None = None) -> Step:
        step = Step(rule, trigger, decision, source, event)
        self.steps.append(step)
        return step

    def interpret(self, interpretation: Interpretation) -> None:
        if interpretation not in self.interpretations:
            self.interpretations.append(interpretation)

    def rules_cited(self) -> list[str]:
        """Every rule id the trace relies on, in first-cited order, without repeats."""
        seen: dict[str, None] = {}
        for step in self.steps:
            if step.rule:
                seen.setdefault(step.rule, None)
        for note in self.interpretations:
            if note.rule:
                seen.setdefault(note.rule, None)
        return list(seen)


def render_steps(steps: list[Step]) -> list[str]:
    """Plain-text lines, one per step: '[D8] "while equipped" (text): decision'."""
    lines = []
    for step in steps:
        tag = f"[{step.rule}] " if step.rule else ""
        trigger = f"{step.trigger}: " if step.trigger else ""
        lines.append(f"{tag}{trigger}{step.decision}")
    return lines
