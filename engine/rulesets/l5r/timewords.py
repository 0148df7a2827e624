"""Every time word of an ability line, and what the reader made of it: a duration form, or a reason it is no length.

Coverage (`arbiter cards coverage --game l5r`) lists the lines holding a time word the reader did not classify, so a
missed duration form shows up instead of hiding. The words looked for are those that can state a length or a wait:
"until", "permanent(ly)", "while", "as long as", "later", "rest/remainder of", "each time", "next", a period named
with "this/that/the current" (turn, battle, phase, duel, game) and a period's start or end ("the battle ends").
Each is one of:
- a form: inside the words of a duration term read from the line;
- trigger: part of the ability's own trigger ("After the duel ends, ..." opening a trait or Reaction);
- limit: a count of uses ("once per turn", "the first time each battle");
- memory: card memory inside a condition ("if he moved this battle"), which is no effect (rules.l5r.com/Effects);
- reference: a period named as a thing ("your Personality in this duel", "this battle's resolution wins");
- loop: "draw cards until you have two": a repetition, not a length;
- reminder: a keyword's reminder saying when its actions may be taken ("(Tireless actions may be taken even while
  bowed.)"), no condition of the effect;
- allowance: "even while bowed": what the effect allows, no condition of it;
- unclassified: none of these, listed by coverage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.rulesets.l5r.abilities import Ability
from engine.rulesets.l5r.durations import _REMINDER, _in_condition

PERIOD = r"(?:turn|battle|phase|duel|game|[A-Z]\w+ Phase)"
TIME_WORDS = re.compile(
    r"\buntil\b|\bpermanent(?:ly)?\b|\bwhile\b|\bas long as\b|\blater\b(?! time)|\b(?:rest|remainder) of the "
    + PERIOD + r"|\beach time\b(?! which)|\bnext\b|\b(?:this|that|the current) " + PERIOD + r"\b|\b(?:the|this|that) "
    + PERIOD + r"(?:'s resolution)? (?:ends|begins|resolves|starts)\b", re.I)
_LIMIT_BEFORE = re.compile(r"(?:\b(?:once|twice|\w+ times?|a second time|an additional time|per|each|first|second|"
                           r"or later)\s+(?:\w+\s+){0,3}\(?$)", re.I)
_REFERENCE = re.compile(r"(?:\b(?:in|of|from|to|into|at) (?:\w+ )?$)", re.I)
_LOOP_AFTER = re.compile(r"^until (?:you|he|she|they|it|each player)\b[^.]*?\b(?:have|has|show|reveal|exactly)\b",
                         re.I)
NOT_LENGTH = ("trigger", "limit", "memory", "reference", "loop", "reminder", "allowance")


@dataclass(frozen=True)
class TimeWord:
    words: str
    start: int
    category: str    # a duration form (turn, battle, ...), one of NOT_LENGTH, or "unclassified"


def _term_spans(ability: Ability, text: str) -> list[tuple[int, int, str]]:
    spans: list[tuple[int, int, str]] = []
    lower = text.lower()
    for term in ability.terms:
        at = term.start if text[term.start:term.start + len(term.words)].lower() == term.words.lower() \
            else lower.find(term.words.lower())
        if at >= 0:
            spans.append((at, at + len(term.words), term.form.value))
    return spans


def _trigger_span(ability: Ability, text: str) -> tuple[int, int] | None:
    if not ability.timing or not ability.occurrence:
        return None
    at = text.lower().find(ability.occurrence.lower())
    return (max(0, at - 25), at + len(ability.occurrence)) if at >= 0 else None


def time_words(ability: Ability) -> list[TimeWord]:
    """Each time word of the line (its quoted granted abilities left to their own lines) and its category."""
    text = ability.read_from or ability.text
    spans = _term_spans(ability, text)
    trigger = _trigger_span(ability, text)
    reminders = [(r.start(), r.end()) for r in _REMINDER.finditer(text)]
    out: list[TimeWord] = []
    for m in TIME_WORDS.finditer(text):
        a, words = m.start(), m.group(0)
        form = next((f for x, y, f in spans if x <= a < y), None)
        if form is None and words.lower() == "later":
            # "(which can be used later this phase)": "later" belongs to the length right after it
            form = next((f for x, y, f in spans if m.end() < x <= m.end() + 1), None)
        before = text[max(0, a - 40):a]
        if form is not None:
            category = form
        elif trigger is not None and trigger[0] <= a < trigger[1]:
            category = "trigger"
        elif any(x <= a < y for x, y in reminders) or (ability.reminder and words.lower() == "as long as"):
            # a keyword's reminder saying what it allows ("Kensai may attach two Weapons, as long as neither is
            # Two-Handed"): a condition of that rule, no length
            category = "reminder"
        elif words.lower() == "while" and re.search(r"\beven\s+$", before, re.I):
            category = "allowance"  # "contributes Force even while bowed": what the effect allows, no condition
        elif _LOOP_AFTER.match(text[a:]):
            category = "loop"
        elif _LIMIT_BEFORE.search(before) or re.match(r"\s*(?:per|each)\b", text[m.end():]):
            category = "limit"
        elif re.match(r"(?:this|that|the current) ", words, re.I) and _in_condition(text, a):
            category = "memory"
        elif re.match(r"(?:this|that|the current) ", words, re.I) and (_REFERENCE.search(before)
                                                                        or text[m.end():m.end() + 2] == "'s"):
            category = "reference"
        else:
            category = "unclassified"
        out.append(TimeWord(words, a, category))
    return out
