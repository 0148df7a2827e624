"""A Redemption scenario: where the card was played and what happened next, in order."""

from __future__ import annotations

from dataclasses import dataclass

ZONES: tuple[str, ...] = ("battle", "territory", "artifact-pile", "field-of-battle", "land-of-bondage",
                          "set-aside")
EVENTS: tuple[str, ...] = (
    "phase-ends", "turn-ends", "round-ends", "battle-ends", "leaves-play", "leaves-battle",
    "leaves-territory", "deactivated", "result-changed", "reset", "condition-false", "condition-true",
    "targeted", "triggered",
)
TURNS: tuple[str, ...] = ("mine", "theirs")
MAX_PLAYERS = 8
# Events that may name one condition of the part: "condition-false:2" (its number) or "condition-false:equipped"
# (a word of it).
NAMED_EVENTS = ("condition-false", "condition-true")
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
    "triggered": "the trigger the ability waits for happens (\"After battle\", \"If successful\", \"When ...\")",
}


class ScenarioError(ValueError):
    """An unknown zone or event; the message lists the valid ones."""


def event_name(event: str) -> str:
    """The event without the condition it names: "condition-false:2" -> "condition-false"."""
    name, _, _ = event.partition(":")
    return name


def check_event(event: str) -> None:
    """Raise ScenarioError for an unknown event (one sentence listing the valid ones)."""
    name, named, which = event.partition(":")
    if name not in EVENTS or (named and (name not in NAMED_EVENTS or not which.strip())):
        raise ScenarioError(f"Unknown event {event!r}; valid events: {', '.join(EVENTS)} (condition-false and "
                            "condition-true may name one condition: condition-false:2, condition-false:equipped).")


@dataclass(frozen=True)
class Scenario:
    played_in: str
    events: tuple[str, ...] = ()
    part: str | None = None
    turn: str | None = None     # whose turn the card was played on: "mine" or "theirs"; None = yours, assumed
    players: int | None = None  # how many players; None = 2, assumed

    def __post_init__(self) -> None:
        if self.played_in not in ZONES:
            raise ScenarioError(f"Unknown zone {self.played_in!r}; valid zones: {', '.join(ZONES)}.")
        for event in self.events:
            check_event(event)
        if self.turn is not None and self.turn not in TURNS:
            raise ScenarioError(f"Unknown turn {self.turn!r}; valid: {', '.join(TURNS)} (whose turn the card was "
                                "played on).")
        if self.players is not None and not 2 <= self.players <= MAX_PLAYERS:
            raise ScenarioError(f"The number of players must be from 2 to {MAX_PLAYERS}, not {self.players}.")

    @property
    def whose_turn(self) -> str:
        return self.turn or "mine"

    @property
    def player_count(self) -> int:
        return self.players or 2


def parse_events(groups: list[str] | list[list[str]] | None) -> tuple[str, ...]:
    """Flatten `--then a b --then c` (or "a,b c") into one ordered tuple of event names."""
    out: list[str] = []
    for group in groups or []:
        items = group if isinstance(group, list) else [group]
        for item in items:
            out.extend(x for x in item.replace(",", " ").split() if x)
    return tuple(_fold_event(x.strip()) for x in out)


def _fold_event(event: str) -> str:
    """Event names are case-insensitive; a condition named by a word keeps its word ("condition-false:Angel")."""
    name, sep, which = event.partition(":")
    return f"{name.lower()}{sep}{which.lower()}"
