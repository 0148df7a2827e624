"""`arbiter cards coverage --game dominion`: every Duration, Command and card-playing card, and how it is modelled.

A card is modelled by the starter set's annotation (the seed's cards, hand-checked) or by a phrase pattern of its
own text (reading.py). It is unmodelled when it is a Duration no pattern reads (it would be taken to act next
turn from its type alone), or when its text plays cards in a way no pattern reads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Annotation, Card
from engine.names import fold
from engine.rulesets.dominion.behaviour import Kind, types_of
from engine.rulesets.dominion.reading import read_card
from engine.rulesets.dominion.starter import load_starter

# Not a card but a randomizer record grouping the Loot cards, each of which has its own record.
_GROUPS = frozenset({"loot"})
_KIND_WORDS = {
    Kind.NEXT_TURN: "acts at the start of your next turn (DM1)",
    Kind.OPTIONAL: "now or next turn, your choice (DM1, DM2)",
    Kind.CONDITIONAL: "acts next turn only if its condition is met (DM1, DM2)",
    Kind.UNTIL_EMPTY: "hands back set-aside cards one per turn (DM3)",
    Kind.EXTRA_TURN: "gives an extra turn (DM3)",
    Kind.EVERY_TURN: "acts every turn for the rest of the game (DM4)",
    Kind.UNTIL_CONDITION: "waits for its condition (DM5)",
    Kind.LATER: "a later effect, not a Duration (DM13)",
    Kind.NONE: "no later effect",
}


def entry(card: Card) -> dict[str, Any] | None:
    """How one card is modelled, or None when it is neither a Duration, a Command nor a card-playing card."""
    types = types_of(card)
    reading = read_card(card)
    starter = load_starter()
    annotated = starter.behaviours.get(fold(card.name))
    duration, command = "Duration" in types, "Command" in types
    plays = reading.behaviour.plays is not None or (annotated is not None and annotated.plays is not None)
    if fold(card.name) in _GROUPS or not (duration or command or plays or reading.plays_itself or reading.unread):
        return None
    behaviour = starter.behaviour(card)
    models = []
    if annotated is not None:
        models.append(f"starter annotation: {_KIND_WORDS[annotated.kind]}")
    elif reading.duration_model:
        models.append(f"text: {reading.duration_model}")
    if reading.plays_model:
        models.append(f"text: {reading.plays_model}")
    elif annotated is not None and annotated.plays is not None:
        models.append(f"starter annotation: plays cards ({annotated.plays.how.value})")
    if behaviour.plays_itself:
        models.append("plays itself, also on another player's turn (DM15)")
    elif reading.plays_itself:
        models.append("plays itself on your own turn only (DM15)")
    unmodelled = []
    if duration and annotated is None and not reading.duration_model:
        unmodelled.append("a Duration whose later effect no pattern reads")
    if command and behaviour.plays is None:
        unmodelled.append("a Command card whose play no pattern reads")
    if reading.unread:
        unmodelled.append(f"an unread playing phrase: {reading.unread}")
    return {"card": card.name, "types": list(types), "duration": duration, "command": command,
            "plays_cards": behaviour.plays is not None, "plays_itself": reading.plays_itself or behaviour.plays_itself,
            "other_turn": behaviour.plays_itself,
            "modelled_by": "annotation" if annotated is not None else "text",
            "model": "; ".join(models) or "no card-playing or later effect", "unmodelled": unmodelled}


def coverage(cards: Sequence[Card], annotations_of: Callable[[Card], Sequence[Annotation]],
             top: int = 10) -> dict[str, Any]:
    entries = [e for e in (entry(c) for c in sorted(cards, key=lambda c: c.name)) if e is not None]
    unmodelled = [e for e in entries if e["unmodelled"]]
    counts = Counter()
    for e in entries:
        counts["duration"] += e["duration"]
        counts["command"] += e["command"]
        counts["plays_cards"] += e["plays_cards"]
        counts["plays_itself"] += e["plays_itself"]
        counts[f"by_{e['modelled_by']}"] += 1
    lines = [f"Dominion: {len(cards)} cards; {len(entries)} are Duration, Command or card-playing cards "
             f"({counts['duration']} Duration, {counts['command']} Command, {counts['plays_cards']} play other "
             f"cards, {counts['plays_itself']} play themselves); {counts['by_annotation']} modelled by the starter "
             f"annotation, {counts['by_text']} read from their text; {len(unmodelled)} unmodelled.", ""]
    lines += [f"- {e['card']} ({', '.join(e['types'])}): {e['model']}"
              + (f" — UNMODELLED: {'; '.join(e['unmodelled'])}" if e["unmodelled"] else "") for e in entries]
    return {"cards": len(cards), "relevant": len(entries), "unmodelled": len(unmodelled),
            "counts": dict(counts), "entries": entries, "lines": lines}
