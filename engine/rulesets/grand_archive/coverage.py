"""What the reader understands of the game's card text: effects read (by kind, layer, duration form, and how
many a moderator annotated) and the sentences that look like continuous effects but were not read."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Annotation, Card
from engine.rulesets.grand_archive.annotations import annotated_reading
from engine.rulesets.grand_archive.cardinfo import short_names


def phrase(sentence: str, card: Card) -> str:
    """An unread sentence reduced to a phrase shared by many cards: names and numbers blanked, first words."""
    text = sentence
    for name in short_names(card):
        text = text.replace(name, "CARDNAME")
    text = re.sub(r"\d+", "N", text)
    return " ".join(text.split()[:5])


def coverage(cards: Sequence[Card], annotations_of: Callable[[Card], Sequence[Annotation]], top: int) -> dict[str, Any]:
    kinds: Counter[str] = Counter()
    layers: Counter[str] = Counter()
    forms: Counter[str] = Counter()
    origins: Counter[str] = Counter()
    phrases: Counter[str] = Counter()
    examples: dict[str, str] = {}
    read = unread = annotated = disagreeing = cards_with = 0
    for card in cards:
        reading = annotated_reading(card, tuple(annotations_of(card)))
        if reading.effects:
            cards_with += 1
        for effect in reading.effects:
            read += 1
            kinds[effect.kind.value] += 1
            layers[effect.layer] += 1
            forms[effect.form.value] += 1
            origins[effect.origin.value] += 1
            annotated += bool(effect.annotated)
            disagreeing += bool(effect.disagreements)
        for p in reading.paragraphs:
            for sentence in p.unread:
                unread += 1
                key = phrase(sentence, card)
                phrases[key] += 1
                examples.setdefault(key, f"{card.name}: {sentence}")
    total = read + unread
    share = f"{100 * read / total:.1f}%" if total else "n/a"
    lines = [f"Grand Archive: {len(cards)} cards, {cards_with} with a continuous effect read.",
             f"Continuous-effect sentences: {total}; effects read: {read}, sentences unread: {unread} ({share} read).",
             "Read by kind:   " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())),
             "Read by layer:  " + ", ".join(f"{k} {layers[k]}" for k in "ABCDE"),
             "Read by duration: " + ", ".join(f"{k} {n}" for k, n in forms.most_common()),
             "Read by origin: " + ", ".join(f"{k} {n}" for k, n in origins.most_common()),
             f"Annotated by a moderator: {annotated} (disagreeing with the text: {disagreeing}).",
             f"Most common unread phrases (top {top}):"]
    lines += [f"  {n:4d}  {p}  — e.g. {examples[p]}" for p, n in phrases.most_common(top)]
    return {"cards": len(cards), "cards_with_effects": cards_with, "read": read, "unread": unread,
            "by_kind": dict(kinds), "by_layer": {k: layers[k] for k in "ABCDE"}, "by_duration": dict(forms),
            "by_origin": dict(origins), "annotated": annotated, "annotation_disagrees": disagreeing,
            "unread_phrases": [{"phrase": p, "count": n, "example": examples[p]} for p, n in phrases.most_common(top)],
            "lines": lines}
