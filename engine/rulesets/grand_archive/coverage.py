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


_UNREAD_KIND = ((r"\b(has|have|are|is|costs?)\b", "static"), (r"\b(gets?|gains?|becomes?|loses?)\b", "one-shot"))
_UNREAD_LAYER = ((r"[+-]\s?(\d+|X)\s?(power|life|level|durability)|\bcosts? .*\b(less|more)\b", "E"),
                 (r"\belement\b", "C"), (r"\babilit|\bhas\b|\bhave\b|\bgains?\b|\bloses?\b", "D"),
                 (r"in addition to (its|their) other types", "B"), (r"\bbase\b", "A"))
_UNREAD_FORM = ((r"until the beginning of your next turn", "until-next-turn"),
                (r"until the end of your next turn", "until-end-of-next-turn"),
                (r"during your next turn", "during-next-turn"), (r"until end of turn|this turn", "end-of-turn"),
                (r"as long as", "as-long-as"), (r"lasts indefinitely", "indefinite"),
                (r"for the rest of the game", "game"), (r"for this attack", "end-of-attack"))


def _guess(sentence: str, table: tuple[tuple[str, str], ...], default: str) -> str:
    """What an unread sentence's words suggest (for the report only; never used to answer)."""
    low = sentence.lower()
    return next((name for pattern, name in table if re.search(pattern, low)), default)


def coverage(cards: Sequence[Card], annotations_of: Callable[[Card], Sequence[Annotation]], top: int) -> dict[str, Any]:
    kinds: Counter[str] = Counter()
    layers: Counter[str] = Counter()
    forms: Counter[str] = Counter()
    origins: Counter[str] = Counter()
    phrases: Counter[str] = Counter()
    unread_kinds: Counter[str] = Counter()
    unread_layers: Counter[str] = Counter()
    unread_forms: Counter[str] = Counter()
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
                unread_kinds[_guess(sentence, _UNREAD_KIND, "unknown")] += 1
                unread_layers[_guess(sentence, _UNREAD_LAYER, "unknown")] += 1
                unread_forms[_guess(sentence, _UNREAD_FORM, "none stated")] += 1
                key = phrase(sentence, card)
                phrases[key] += 1
                examples.setdefault(key, f"{card.name}: {sentence}")
    total = read + unread
    share = f"{100 * read / total:.1f}%" if total else "n/a"
    lines = [f"Grand Archive: {len(cards)} cards, {cards_with} with a continuous effect read.",
             f"Continuous-effect sentences: {total}; effects read: {read}, sentences unread: {unread} ({share} read).",
             "Read by kind:   " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())),
             "Read by layer:  " + ", ".join(f"{k} {layers[k]}" for k in "ABCDE")
             + f"; rules of the game or of players (no layer) {layers['-']}",
             "Read by duration: " + ", ".join(f"{k} {n}" for k, n in forms.most_common()),
             "Read by origin: " + ", ".join(f"{k} {n}" for k, n in origins.most_common()),
             "Unread, by the words they use: kind " + ", ".join(f"{k} {n}" for k, n in unread_kinds.most_common())
             + "; layer " + ", ".join(f"{k} {n}" for k, n in sorted(unread_layers.items()))
             + "; duration " + ", ".join(f"{k} {n}" for k, n in unread_forms.most_common()),
             f"Annotated by a moderator: {annotated} (disagreeing with the text: {disagreeing}).",
             f"Most common unread phrases (top {top}):"]
    lines += [f"  {n:4d}  {p}  — e.g. {examples[p]}" for p, n in phrases.most_common(top)]
    return {"cards": len(cards), "cards_with_effects": cards_with, "read": read, "unread": unread,
            "by_kind": dict(kinds), "by_layer": {k: layers[k] for k in "ABCDE"}, "no_layer": layers["-"],
            "by_duration": dict(forms),
            "by_origin": dict(origins), "annotated": annotated, "annotation_disagrees": disagreeing,
            "unread_by_kind": dict(unread_kinds), "unread_by_layer": dict(unread_layers),
            "unread_by_duration": dict(unread_forms),
            "unread_phrases": [{"phrase": p, "count": n, "example": examples[p]} for p, n in phrases.most_common(top)],
            "lines": lines}
