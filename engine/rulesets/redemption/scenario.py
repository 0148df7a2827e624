"""A Redemption scenario: where the card was played and what happened next, in order."""

from __future__ import annotations

from dataclasses import dataclass

ZONES: tuple[str, ...] = ("battle", "territory", "artifact-pile", "field-of-battle", "land-of-bondage",
                          "set-aside")
EVENTS: tuple[str, ...] = (
    "phase-ends", "turn-ends", "round-ends", "battle-ends", "leaves-play", "leaves-battle",
    "leaves-territory", "deactivated", "result-changed", "reset", "condition-false", "condition-true",
    "targeted",
)
EVENT_HELP: dict[str, str] = {
    "phase-ends": "the phase ends",
    "turn-ends": "the turn ends (and with it the phase)",
    "round-ends": "the round ends (every player has had a turn)",
    "battle-ends": "the battle ends",
    "leaves-play": "the card leaves play (discarded, returned, ...)",
    "leaves-battle": "the card is removed from battle",
    "leaves-territory": "the card leaves territory",
    "deactivated": "the Artifact is deactivated",
    "result-changed": "the result the ability targeted changes (placement ends, paralysis healed, ...)",
    "reset": "the card resets to face value (ends a copy)",
    "condition-false": "a 'while ...' condition stops being true",
    "condition-true": "a 'while ...' condition becomes true again",
    "targeted": "a targeting the ability waits for happens (\"If ... is discarded, set it aside instead\")",
}


class ScenarioError(ValueError):
    """An unknown zone or event; the message lists the valid ones."""


@dataclass(frozen=True)
class Scenario:
    played_in: str
    events: tuple[str, ...] = ()
    part: str | None = None

    def __post_init__(self) -> None:
        if self.played_in not in ZONES:
            raise ScenarioError(f"Unknown zone {self.played_in!r}; valid zones: {', '.join(ZONES)}.")
        for event in self.events:
            if event not in EVENTS:
                raise ScenarioError(f"Unknown event {event!r}; valid events: {', '.join(EVENTS)}.")


def parse_events(groups: list[str] | list[list[str]] | None) -> tuple[str, ...]:
    """Flatten `--then a b --then c` (or "a,b c") into one ordered tuple of event names."""
    out: list[str] = []
    for group in groups or []:
        items = group if isinstance(group, list) else [group]
        for item in items:
            out.extend(x for x in item.replace(",", " ").split() if x)
    return tuple(x.strip().lower() for x in out)
