"""The one sentence that opens every Grand Archive answer, in players' words: what reaches the object asked
about and what it comes to ("Inspiring Call does not reach the ally you control: it entered after the effect
resolved, ..."). Built from the verdict only; the same text is the answer's `summary` and its first line."""

from __future__ import annotations

import re
from typing import Any

from engine.plain_words import cut, joined
from engine.rulesets.grand_archive.evaluate import Instance, ObjectAnswer, Verdict
from engine.rulesets.grand_archive.net import STATS, net_phrase


def _subject(answer: ObjectAnswer) -> str:
    obj = answer.obj
    if obj.card is not None:
        return obj.describe()
    phrase = obj.describe()
    return "the " + phrase.split(" ", 1)[1] if phrase.startswith(("a ", "an ")) else phrase


def _cards(labels: list[str]) -> str:
    names = list(dict.fromkeys(label.split(" (")[0] for label in labels))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _changes(answer: ObjectAnswer) -> list[str]:
    """What the applied effects come to: numbers as totals, then abilities, element, types and properties."""
    known = [net_phrase(stat, answer.net[stat]) for stat in STATS if stat in answer.net
             and answer.net[stat]["value"] is not None]
    unknown = [stat for stat in STATS if stat in answer.net and answer.net[stat]["value"] is None]
    found = list(known)
    if unknown:
        totals = {stat: answer.net[stat]["total"] for stat in unknown}
        moves = " and ".join(f"{stat} {'X' if n is None else format(n, '+d')}" for stat, n in totals.items())
        why = ("no card is named, so its printed values are unknown" if answer.obj.card is None
               else "the card data has no printed value")
        found.append(f"{moves} ({why})")
    result: dict[str, Any] = answer.result
    if result.get("abilities_lost"):
        found.append(str(result["abilities_lost"]))
    if result.get("abilities"):
        found.append("has " + " and ".join(dict.fromkeys(result["abilities"])))
    if result.get("element"):
        found.append(f"is {result['element']}")
    if result.get("types"):
        found.append(f"is a {result['types']}")
    for added in result.get("types_added", []):
        found.append(f"is also {'an' if added[:1] in 'aeiou' else 'a'} {added}")
    for prop in result.get("properties", []):
        found.append(f"is {prop}")
    return found


def _plain(condition: str) -> str:
    """A condition as the summary assumes it: "[Class Bonus] holds and you control a Shenju ally"."""
    parts = []
    for part in condition.split("; "):
        words = re.sub(r"^(?:for )?(?:as long as|if)\s+", "", part.strip(), flags=re.I)
        parts.append(f"{words} hold{'s' if words.count('[') == 1 else ''}" if words.startswith("[") else words)
    return " and ".join(parts)


def object_sentence(answer: ObjectAnswer) -> str:
    subject = _subject(answer)
    applying = [p.inst.label for p in answer.order]
    if applying:
        changes = _changes(answer)
        verb = "reaches" if len({label.split(" (")[0] for label in applying}) == 1 else "reach"
        what = f": {', '.join(changes)}" if changes else ""
        assumed = list(dict.fromkeys(_plain(c) for p in answer.order if not p.inst.condition_given
                                     for c in (p.inst.read.requires, p.inst.read.condition) if c))
        # qualifiers of a set the scenario cannot check ("ephemeral", "wind element", "with the chosen name")
        fits = list(dict.fromkeys(w for p in answer.order for w in p.inst.read.affected.unchecked))
        assumed += list(dict.fromkeys(f"it is not {p.inst.read.displaced[0]} (else “{p.inst.read.displaced[1]}”)"
                                      for p in answer.order if p.inst.read.displaced))
        if fits:
            assumed.append(f"it fits “{'”, “'.join(fits)}”")
        if assumed:
            what += f", assuming {' and '.join(assumed)}"
        return f"{_cards(applying)} {verb} {subject}{what}"
    missing = [r for r in answer.reaches if not r.applies]
    if missing:
        first = missing[0]
        return f"{_cards([first.inst.label])} does not reach {subject}: {first.short or first.why}"
    return f"no effect of the scenario could reach {subject}"


def _effect_state(inst: Instance) -> list[str]:
    """["Devotion's Price applies: you can't draw cards", "assuming ..."]: whether the effect applies (has ended,
    is off, has not started) and what it does, then what that assumes."""
    read = inst.read
    affected = read.affected.text.strip()
    what = read.change if read.layer == "-" or not affected else f"{read.change} for {affected}"
    state = {"active": "applies", "ended": f"has ended ({inst.status_why})", "off": f"is off ({inst.status_why})",
             "not-started": f"has not started yet ({inst.status_why})"}.get(inst.status, inst.status)
    if what.startswith(f"{inst.card.name} "):  # "Seed of Nature applies: it enters the field rested"
        what = "it" + what[len(inst.card.name):]
    out = [f"{inst.card.name} {state}: {cut(what, 180)}"]
    conds = [_plain(c) for c in (read.requires, read.condition) if c]
    if conds and inst.status == "active" and not inst.condition_given:  # assumed aloud, never silently true
        out.append(f"this assumes {' and '.join(dict.fromkeys(conds))}")
    return out


def _unread_clause(verdict: Verdict) -> str:
    """"; not read: “Switch the power and life …” (Resonating Fugue)": text asked about that the answer leaves out."""
    if not verdict.unread:
        return ""
    card, _, sentence = verdict.unread[0]
    short = cut(sentence, 60)
    more = f" and {len(verdict.unread) - 1} more" if len(verdict.unread) > 1 else ""
    return f"; not read, so not in this answer: “{short}” ({card}){more}"


def summary(verdict: Verdict) -> str:
    """Clauses in players' words, joined into sentences of under 40 words (engine.plain_words.joined)."""
    if not verdict.objects:
        shown = [i for i in verdict.instances if not i.event][:2]
        if not shown:
            return joined(["No effect starts and no object was asked about" + _unread_clause(verdict)])
        return joined([*(c for i in shown for c in _effect_state(i)),
                       "no object was asked about" + _unread_clause(verdict)])
    asked = [a for a in verdict.objects if a.obj.asked] or verdict.objects
    shown = asked[:3]  # the objects asked about first, at most three of them
    clauses = [object_sentence(a) for a in shown]
    others = [a for a in verdict.objects if a not in shown]
    if others:  # named when there is one ("Seed of Nature itself is answered below"), counted when there are more
        clauses.append(f"{_subject(others[0])} itself is answered below" if len(others) == 1 and
                       others[0].obj.card is not None else f"{len(others)} more objects are answered below")
    rules = [i for i in verdict.instances if i.read.layer == "-" and not i.event][:2]
    clauses += [c for i in rules for c in _effect_state(i)]  # a rule of the game reaches no object: what it does
    clauses[-1] = clauses[-1].rstrip(".") + _unread_clause(verdict)
    return joined(clauses)
