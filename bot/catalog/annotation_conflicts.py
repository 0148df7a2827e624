"""Does a new annotation contradict one a part already has? Checked before writing, reported as a warning.

Several annotations on one part are normal (a D8 condition beside a D4 time); two that cannot both be true
are not: the same rule or field with another value ("D4 turn" beside "D4 phase"), or an exclusive rule
(the default game's "instant": nothing lasts) beside any other. The write still happens (a moderator may mean to
add both); the warning names the earlier annotation so they can undo one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.cards import Annotation


def _same_part(a: str, b: str) -> bool:
    return a == b or "*" in (a, b)


def annotation_words(note: Annotation) -> str:
    """`D4 turn “this turn”`, `instant`, `colour blue`: the rule or field, its value and its words."""
    return _show(note)


def _show(note: Annotation) -> str:
    words = [note.rule.upper() if note.rule[:1].lower() == "d" and note.rule[1:].isdigit() else note.rule]
    if note.value:
        words.append(note.value)
    if note.text:
        words.append(f"“{note.text}”")
    return " ".join(words)


def conflicts(existing: Iterable[tuple[int, Annotation]], new: Annotation,
              exclusive: frozenset[str] | set[str] = frozenset()) -> list[tuple[int, Annotation, str]]:
    """(id, annotation, why) for each existing annotation of the same part that `new` repeats or contradicts."""
    found = []
    rule = new.rule.lower()
    for note_id, old in existing:
        if not _same_part(old.part, new.part):
            continue
        old_rule = old.rule.lower()
        if old_rule == rule and (old.value, old.text) == (new.value, new.text):
            found.append((note_id, old, "says the same"))
        elif old_rule == rule and old.value != new.value:
            found.append((note_id, old, f"gives {rule.upper() if rule[1:].isdigit() else rule} another value"))
        elif old_rule != rule and (old_rule in exclusive or rule in exclusive):
            found.append((note_id, old, f"cannot hold beside {_show(new)}"))
    return found


def conflict_warnings(card_label: str, existing: Sequence[tuple[int, Annotation]], new: Annotation,
                      exclusive: frozenset[str] | set[str] = frozenset(),
                      added_by: Mapping[int, tuple[int, int | None]] | None = None) -> list[str]:
    """One sentence per conflict, naming the earlier annotation and, from `added_by` (annotation id -> (its
    change, that change's batch or None)), the change to undo to drop it."""
    part = f"part {new.part}" if new.part else "unlabelled ability"
    lines = []
    for note_id, old, why in conflicts(existing, new, exclusive):
        change, batch = (added_by or {}).get(note_id, (None, None))
        if change is not None and batch is None:
            keep = f"To keep only one, undo #{change} (the old one) or this change (the new one)."
        else:  # part of an import or the starter set: only the new one can be taken back on its own
            keep = "To keep only the old one, undo this change."
        lines.append(f"{card_label}, {part}: annotation #{note_id} ({_show(old)}) {why}; both apply now. {keep}")
    return lines
