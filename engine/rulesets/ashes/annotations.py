"""Moderator annotations of Ashes parts: what a moderator may state about a part, and how it wins over the text.

A part is labelled "ABILITY.N" (ABILITY is "play" or the ability's number, N the part's number as answers show
it), optionally prefixed by an edition ("1e/1.2", "reborn/play.1") when the editions' parts differ; "*" is the
whole card. Fields:
- targets: yes|no          — the part chooses a target (AS3) or not
- optional: yes|no         — a "you may" part
- needs: none|unit-mine|unit-theirs|unit-any|room|conjuration — what must exist for it to resolve
- timing: would|when|after|before — the reaction timing of the ability (part "ABILITY.0" or "ABILITY")
An annotation wins over what the text suggests; when it disagrees with the reading, the answer says so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.cards import Annotation, Card
from engine.interface import AnnotationSpec, QuestionError
from engine.rulesets.ashes.abilities import Ability, Trigger, read_abilities
from engine.rulesets.ashes.editions import editions_of, printing
from engine.rulesets.ashes.parts import Need, Part, TargetSpec
from engine.trace import Interpretation, Trace

FIELDS = {
    "targets": "yes or no: the part chooses a target (AS3)",
    "optional": "yes or no: a “you may” part",
    "needs": "none, unit-mine, unit-theirs, unit-any, room or conjuration",
    "timing": "would, when, after or before (the ability's reaction timing; part ABILITY.0)",
}
_VALUES = {"targets": ("yes", "no"), "optional": ("yes", "no"),
           "needs": ("none", "unit-mine", "unit-theirs", "unit-any", "room", "conjuration"),
           "timing": ("would", "when", "after", "before")}


def check(field: str, value: str) -> str:
    field = field.strip().lower()
    if field not in _VALUES:
        raise QuestionError(f"Ashes annotations take --rule {', '.join(_VALUES)}, not “{field}”.")
    value = value.strip().lower()
    if value not in _VALUES[field]:
        raise QuestionError(f"--rule {field} takes --value {', '.join(_VALUES[field])}, not “{value}”.")
    return value


def part_labels(card: Card) -> list[str]:
    labels: list[str] = []
    for edition in editions_of(card):
        p = printing(card, edition)
        assert p is not None
        for ability in read_abilities(p):
            key = "play" if ability.kind == "play" else str(ability.index)
            for label in (key, f"{key}.0", *(f"{key}.{part.n}" for part in ability.parts)):
                for full in (label, f"{edition}/{label}"):
                    if full not in labels:
                        labels.append(full)
    return labels


SPEC = AnnotationSpec(fields=FIELDS, check=check, parts=part_labels,
                      part_help="ABILITY.N, e.g. 1.2 (ability 1, part 2) or play.1; prefix 1e/ or reborn/ for "
                                "one edition")


def _applies(note: Annotation, edition: str, key: str, n: int | None) -> bool:
    label = note.part.strip()
    if "/" in label:
        ed, label = label.split("/", 1)
        if ed != edition:
            return False
    if label == "*":
        return True
    if n is None:
        return label in (key, f"{key}.0")
    return label == f"{key}.{n}"


def apply(ability: Ability, edition: str, notes: Sequence[Annotation], trace: Trace) -> Ability:
    """The ability with every annotation for it applied (annotations win), each disagreement flagged."""
    if not notes:
        return ability
    key = "play" if ability.kind == "play" else str(ability.index)
    trigger = ability.trigger
    for note in notes:
        if note.rule == "timing" and _applies(note, edition, key, None):
            if trigger is None or trigger.timing != note.value:
                _flag(trace, note, f"the ability's timing is “{note.value}”"
                      + (f" (the text reads “{trigger.timing}”)" if trigger else " (the text names no trigger)"))
            trigger = Trigger(trigger.words if trigger else "(annotated)", note.value)  # type: ignore[arg-type]
    parts = []
    for part in ability.parts:
        for note in notes:
            if note.rule == "timing" or not _applies(note, edition, key, part.n):
                continue
            part = _apply_part(part, note, trace)
        parts.append(part)
    return dataclasses.replace(ability, trigger=trigger, parts=tuple(parts))


def _flag(trace: Trace, note: Annotation, what: str) -> None:
    extra = f" ({note.note})" if note.note else ""
    trace.interpret(Interpretation(f"AS-A-{note.part}-{note.rule}", None,
                                   f"A moderator annotation says {what} for part {note.part}{extra}."))


def _apply_part(part: Part, note: Annotation, trace: Trace) -> Part:
    if note.rule == "targets":
        want = note.value == "yes"
        if want != bool(part.new_target):
            _flag(trace, note, f"part {part.n} {'chooses' if want else 'chooses no'} target (the text reads "
                               f"{'a target' if part.new_target else 'none'})")
        spec = part.new_target or (TargetSpec("unit", "any", False, "target (annotated)") if want else None)
        return dataclasses.replace(part, targets=want, new_target=spec if want else None)
    if note.rule == "optional":
        want = note.value == "yes"
        if want != part.optional:
            _flag(trace, note, f"part {part.n} is {'optional' if want else 'mandatory'}")
        return dataclasses.replace(part, optional=want)
    if note.rule == "needs":
        needs: tuple[Need, ...]
        if note.value == "none":
            needs = ()
        elif note.value.startswith("unit-"):
            needs = (Need("unit", side=note.value.removeprefix("unit-")),)  # type: ignore[arg-type]
        elif note.value == "room":
            needs = (Need("room", side="mine"),)
        else:
            needs = (Need("conjuration", name=part.places),)
        _flag(trace, note, f"part {part.n} needs {note.value}")
        return dataclasses.replace(part, needs=needs, read=True)
    return part
