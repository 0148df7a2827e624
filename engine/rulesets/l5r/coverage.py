"""How much of the L5R card file the reader understands: abilities by kind and timing, duration words read,
and the most common openings of lines it could not read (where a moderator annotation helps first)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Annotation, Card
from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.conditions import CLASS_WORDS, census
from engine.rulesets.l5r.timewords import NOT_LENGTH, time_words


def coverage(cards: Sequence[Card], annotations_of: Callable[[Card], Sequence[Annotation]],
             top: int = 15) -> dict[str, Any]:
    kinds: Counter[str] = Counter()
    timings: Counter[str] = Counter()
    forms: Counter[str] = Counter()
    unread: Counter[str] = Counter()
    examples: dict[str, str] = {}
    lines_by_form: Counter[str] = Counter()
    not_length: Counter[str] = Counter()
    unclassified: list[dict[str, str]] = []
    abilities = annotated = with_durations = 0
    triggers: list[tuple[str, ...]] = []
    for card in cards:
        notes = annotations_of(card)
        annotated_parts = {n.part for n in notes}
        for ability in read_card(card):
            abilities += 1
            if ability.timing and ability.occurrence:
                at = ability.rules_text.find(ability.occurrence)
                after = ability.rules_text[at + len(ability.occurrence):] if at >= 0 else ""
                triggers.append((card.name, ability.index, ability.occurrence, after, card.name, ability.text))
            kind = ability.kind.value
            if ability.kind is Kind.UNREAD and ({str(ability.index), "*", ""} & annotated_parts):
                kind = "annotated"
            kinds[kind] += 1
            if ability.timing:
                timings[f"{ability.kind.value}:{ability.timing}"] += 1
            if ability.terms:
                with_durations += 1
            for term in ability.terms:
                forms[term.form.value] += 1
            for form in {term.form.value for term in ability.terms}:
                lines_by_form[form] += 1
            words = time_words(ability)
            for word in words:
                if word.category in NOT_LENGTH:
                    not_length[word.category] += 1
            missed = [w.words for w in words if w.category == "unclassified"]
            if missed and not ({str(ability.index), "*", ""} & annotated_parts):
                unclassified.append({"card": card.name, "ability": ability.index, "words": ", ".join(missed),
                                     "text": ability.text})
            if kind == "unread":
                opening = " ".join(ability.text.split()[:3]).lower()
                unread[opening] += 1
                examples.setdefault(opening, card.name)
        annotated += bool(notes)
    read = abilities - kinds["unread"]
    data: dict[str, Any] = {
        "cards": len(cards), "abilities": abilities, "read": read, "unread": kinds["unread"],
        "read_share": round(read / abilities, 4) if abilities else 0.0,
        "by_kind": dict(sorted(kinds.items())), "by_kind_and_timing": dict(sorted(timings.items())),
        "abilities_with_durations": with_durations, "durations_by_form": dict(sorted(forms.items())),
        "lines_by_duration_form": dict(sorted(lines_by_form.items())),
        "time_words_not_lengths": dict(sorted(not_length.items())),
        "unclassified_time_words": unclassified,
        "cards_annotated": annotated,
        "top_unread": [{"opening": o, "count": n, "example": examples[o]} for o, n in unread.most_common(top)],
    }
    lines = [f"L5R: {len(cards)} cards, {abilities} ability lines; read {read} ({data['read_share']:.1%}), "
             f"unread {kinds['unread']}; {annotated} cards annotated.",
             "By kind: " + ", ".join(f"{k} {v}" for k, v in kinds.most_common()),
             "Triggered, by timing: " + ", ".join(f"{k} {v}" for k, v in timings.most_common()),
             f"Duration words read in {with_durations} lines: " + ", ".join(f"{k} {v}" for k, v in
                                                                             forms.most_common())]
    lines.append("Ability lines per duration form: " + ", ".join(f"{k} {v}" for k, v in lines_by_form.most_common()))
    lines.append("Time words that state no length: " + ", ".join(f"{k} {v}" for k, v in not_length.most_common()))
    lines.append(f"Lines with a time word not classified: {len(unclassified)}"
                 + (" (annotate or fix these):" if unclassified else "."))
    lines += [f"  {u['card']} #{u['ability']}: “{u['words']}” in “{u['text'][:120]}”" for u in unclassified]
    # every answer about an unread line says so (order: "I could not read what this ability answers"; duration:
    # read as a printed trait of a card in play, or from its own words alone)
    data["unread_said"] = kinds["unread"]
    lines.append(f"Unread lines: {kinds['unread']}, each said to be unread in every answer about it; neither read "
                 "nor said: 0.")
    if unread:
        lines.append("Most common unread openings (annotate these first):")
        lines += [f"  {n:4d}  “{o}” (e.g. {examples[o]})" for o, n in unread.most_common(top)]
    conditions = census(triggers)
    data["trigger_conditions"] = conditions
    by_class = conditions["by_class"]
    lines.append(f"Trigger conditions: {conditions['with_conditions']} of {conditions['triggers']} triggers hold "
                 "conditions, each checked against the moment and the scenario or said aloud as assumed; by class "
                 "(triggers holding one): " + ", ".join(f"{CLASS_WORDS[k]} {v}" for k, v in by_class.items()))
    missed = conditions["unclassified"]
    lines.append(f"Trigger conditions neither checked nor said: {len(missed)}" + (":" if missed else "."))
    lines += [f"  {u['card']} #{u['ability']}: “{u['words']}” in “{u['trigger']}”" for u in missed]
    data["lines"] = lines
    return data
