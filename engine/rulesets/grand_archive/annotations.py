"""Moderator annotations of a Grand Archive card's effects: kind, layer, set and duration.

An annotation names a paragraph ("2"), one effect of it ("2.1"), or every part ("*" / empty). It wins over the
text and, when the text read otherwise, the answer flags the disagreement. An annotation on a paragraph the
reader could not read makes an effect of it when it gives at least the layer and the set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.cards import Annotation, Card
from engine.interface import AnnotationSpec, QuestionError
from engine.rulesets.grand_archive.cardinfo import is_permanent, paragraphs_of
from engine.rulesets.grand_archive.effects import LAYERS, CardReading, Form, Kind, Origin, Paragraph, ReadEffect
from engine.rulesets.grand_archive.reading import parse_set, read_card

FIELDS = {
    "kind": "one-shot or static",
    "layer": "A, B, C, D or E",
    "set": "the objects it covers, in card words, e.g. “Automaton allies you control”, “cards in graveyards”",
    "duration": ", ".join(f.value for f in Form),
}


def check(field: str, value: str) -> str:
    """The value as stored; QuestionError with the valid values otherwise."""
    v = value.strip()
    if field == "kind":
        if v.lower() not in ("one-shot", "static"):
            raise QuestionError("kind is one-shot or static.")
        return v.lower()
    if field == "layer":
        if v.upper() not in LAYERS:
            raise QuestionError("layer is one of A, B, C, D, E.")
        return v.upper()
    if field == "duration":
        if v.lower() not in {f.value for f in Form}:
            raise QuestionError(f"duration is one of {FIELDS['duration']}.")
        return v.lower()
    if field == "set":
        if parse_set(v) is None:
            raise QuestionError(f"“{v}” is not a set Arbiter can read; write e.g. “Automaton allies you control”, "
                                "“cards in graveyards”, “target ally”, “this card”.")
        return v
    raise QuestionError(f"An annotation is about one of: {', '.join(FIELDS)}.")


def parts(card: Card) -> list[str]:
    reading = read_card(card)
    labels: list[str] = []
    for p in reading.paragraphs:
        labels.append(p.label)
        labels += [e.label for e in p.effects if e.index > 1]
        if len(p.effects) > 1:
            labels.append(f"{p.label}.1")
    return labels


SPEC = AnnotationSpec(fields=FIELDS, check=check, parts=parts,
                      part_help="a paragraph (1, 2) or one effect of it (2.1); empty or * for every paragraph")


def _covers(note: Annotation, effect_part: str, effect_label: str) -> bool:
    part = note.part.strip()
    return part in ("", "*", effect_part, effect_label) or (
        part == f"{effect_part}.1" and effect_label == effect_part)


def _apply(effect: ReadEffect, notes: Sequence[Annotation], card: Card) -> ReadEffect:
    changes: dict[str, object] = {}
    annotated: list[str] = []
    differs: list[str] = []
    for note in notes:
        field, value = note.rule.strip().lower(), note.value.strip()
        if field == "kind" and value in ("one-shot", "static"):
            if value != effect.kind.value:
                differs.append(f"kind: the text reads {effect.kind.value} ({effect.kind_words}), the annotation "
                               f"says {value}")
            changes["kind"], changes["kind_words"] = Kind(value), "moderator annotation"
        elif field == "layer" and value in LAYERS:
            if value != effect.layer:
                differs.append(f"layer: the text reads {effect.layer} (“{effect.layer_words}”), the annotation "
                               f"says {value}")
            changes["layer"], changes["layer_words"] = value, "moderator annotation"
        elif field == "set" and (spec := parse_set(value, card)) is not None:
            if spec.text.lower() != effect.affected.text.lower():
                differs.append(f"set: the text reads “{effect.affected.text}”, the annotation says “{value}”")
            changes["affected"] = spec
        elif field == "duration" and value in {f.value for f in Form}:
            if value != effect.form.value:
                differs.append(f"duration: the text reads {effect.form.value}, the annotation says {value}")
            changes["form"], changes["form_words"] = Form(value), "moderator annotation"
        else:
            continue
        annotated.append(field)
    if not annotated:
        return effect
    return replace(effect, annotated=tuple(dict.fromkeys(annotated)), disagreements=tuple(differs), **changes)  # type: ignore[arg-type]


def _made(card: Card, label: str, text: str, notes: Sequence[Annotation]) -> ReadEffect | None:
    """An effect a moderator described on a paragraph the reader could not read (needs layer and set)."""
    values = {n.rule.strip().lower(): n.value.strip() for n in notes}
    spec = parse_set(values.get("set", ""), card) if values.get("set") else None
    if spec is None or values.get("layer", "").upper() not in LAYERS:
        return None
    standing = is_permanent(card)
    kind = Kind(values["kind"]) if values.get("kind") in ("one-shot", "static") else (
        Kind.STATIC if standing else Kind.ONE_SHOT)
    form = Form(values["duration"]) if values.get("duration") in {f.value for f in Form} else (
        Form.WHILE_ON_FIELD if standing else Form.GAME)
    return ReadEffect(part=label, index=1, sentence=" ".join(text.split()), kind=kind,
                      kind_words="moderator annotation",
                      origin=Origin.STANDING if standing else Origin.CARD,
                      origin_words=f"standing ability of {card.name}" if standing else f"{card.name} resolves",
                      layer=values["layer"].upper(), layer_words="moderator annotation", prop="annotated",
                      change="as annotated", affected=spec, form=form, form_words="moderator annotation",
                      annotated=tuple(f for f in ("kind", "layer", "set", "duration") if f in values))


def annotated_reading(card: Card, notes: Sequence[Annotation]) -> CardReading:
    """The card's reading with moderator annotations applied (they win over the text)."""
    reading = read_card(card)
    notes = [n for n in notes if n.rule.strip().lower() in FIELDS]
    if not notes:
        return reading
    paragraphs = []
    texts = paragraphs_of(card)
    for p in reading.paragraphs:
        mine = [n for n in notes if n.part.strip() in ("", "*") or n.part.strip().split(".")[0] == p.label]
        if not mine:
            paragraphs.append(p)
            continue
        if p.effects:
            effects = tuple(_apply(e, [n for n in mine if _covers(n, e.part, e.label)], card) for e in p.effects)
            paragraphs.append(Paragraph(p.label, p.text, effects, p.unread))
        else:
            made = _made(card, p.label, texts[int(p.label) - 1], mine)
            paragraphs.append(Paragraph(p.label, p.text, (made,) if made else (), () if made else p.unread))
    return CardReading(reading.name, tuple(paragraphs))
