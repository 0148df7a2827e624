"""What a card does "On return" after a timed set-aside begins when the set-aside cards come back, with its own
duration (blind round redemption-seed38011 S11/S12, Gathering of Angels (Ki): "Set Hero aside for 4 turns. On return
Hero gains ability to band to any Hero until discarded" was answered as ended when the Hero came back). Defining
Duration: the upper bound can change as the game progresses (B9), and a stated "until discarded" is the targeted
Hero's own result (B3); with no stated time the D1 default bounds it, from the phase it begins in. A card whose
on-return action happens at once ("On return, draw 3") still ends as the cards come back.

Checked over every real card part with a set-aside for a number of turns and a sentence opening "On return" /
"Upon return"; the test reads the class from the card words, not from the engine."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.redemption import judge
from engine.rulesets.redemption.parts import split_parts
from engine.rulesets.redemption.render import summary
from tests.engine.redemption.redemption_builder import real_cards

_COUNT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_TIMED_SET_ASIDE = re.compile(r"\bset\b[^.]*?\baside\b[^.]*?\bfor (one|two|three|four|five|six|seven|\d) turns?\b",
                              re.I)
_ON_RETURN = re.compile(r"(?:^|[.]\s+)((?:on|upon) return\b[^.]*)", re.I)
# What an on-return sentence does that keeps working after it (the test's own reading of the words): a grant, a
# restriction, a protection, a change of numbers. Draws, searches, discards, conversions happen at once.
ONGOING = re.compile(r"\b(?:gains?|has access|ignores?|may not be|cannot be|protect|increase|decrease)\b", re.I)
_OWN_TIME = {"until discarded": None, "until end of turn": "turn-ends"}  # the stated time, and what ends it


@cache
def on_return_parts() -> list[tuple[str, str, int, str]]:
    """(card, part label, turns set aside, the on-return sentence) for every real part of the class."""
    found = []
    for name, card in real_cards().items():
        for part in split_parts(card.text):
            timed, back = _TIMED_SET_ASIDE.search(part.text), _ON_RETURN.search(part.text)
            if timed and back and timed.start() < back.start():
                n = timed.group(1)
                found.append((name, part.label, int(n) if n.isdigit() else _COUNT[n.lower()], back.group(1)))
    return sorted(found)


def _back(turns: int) -> list[str]:
    """Events until the set-aside cards come back (2 players, played on your turn): the count of turns is over in
    an upkeep of your turn, and they come back in your preparation phase after its draw and upkeep phases."""
    yours = turns if turns % 2 == 0 else turns + 1
    return ["turn-ends"] * yours + ["phase-ends", "phase-ends"]


def test_the_class_from_the_card_words():
    parts = on_return_parts()
    ongoing = [p for p in parts if ONGOING.search(p[3])]
    names = {p[0] for p in ongoing}
    assert {"Gathering of Angels (Ki)", "Gathering of Angels (Wa)", "Passover Preparations",
            "Temple of Nisroch"} <= names, names
    assert len(parts) >= 20 and len(ongoing) >= 8, (len(parts), sorted(names))


@pytest.mark.parametrize("zone", ["battle", "territory"])
def test_what_it_does_on_return_begins_then_with_its_own_duration(zone):
    checked = []
    for name, label, turns, sentence in on_return_parts():
        if not ONGOING.search(sentence):
            continue
        card = real_cards()[name]
        before = judge(card, zone, ["phase-ends"], part=label or None)
        assert before.persists, name
        assert "then what it does" in summary(before).lower(), (name, summary(before))
        back = judge(card, zone, _back(turns), part=label or None)
        assert back.persists and back.part.returned_by == len(_back(turns)), (name, summary(back))
        assert not summary(back).startswith("Has ended"), (name, summary(back))
        checked.append(name)
        if any(s.term.rule in {"D5", "D6", "D7"} for s in back.part.terms):
            continue  # it lasts by where it was played too (an Artifact in its pile): that bound is its own
        own = next((ends for words, ends in _OWN_TIME.items() if words in sentence.lower()), "phase-ends")
        later = judge(card, zone, [*_back(turns), "phase-ends"], part=label or None)
        # a stated time runs on past the preparation phase; the D1 default ends with it
        assert later.persists == (own != "phase-ends"), (name, summary(later))
        if own:
            over = judge(card, zone, [*_back(turns), "phase-ends", own], part=label or None)
            assert not over.persists, (name, summary(over))
    assert len(checked) >= 8, checked


def test_an_on_return_action_done_at_once_still_ends_as_the_cards_come_back():
    checked = []
    for name, label, turns, sentence in on_return_parts():
        if ONGOING.search(sentence) or re.search(r"\buntil\b", sentence, re.I):
            continue
        card = real_cards()[name]
        back = judge(card, "battle", _back(turns), part=label or None)
        if back.part.lasting:  # (a part lasting by other words is judged by them)
            assert back.part.returned_by is None, (name, summary(back))
        checked.append(name)
    assert len(checked) >= 10, checked


def test_cards_back_early_start_what_it_does_on_return_and_say_so():
    """The set-aside result changes before its count is over (`result-changed`): its cards came back early, so the
    on-return sentence begins then (interpretation `on-return-early`); an on-return action done at once ends."""
    checked = 0
    for name, label, _, sentence in on_return_parts():
        card = real_cards()[name]
        back = judge(card, "battle", ["phase-ends", "result-changed"], part=label or None)
        if not ONGOING.search(sentence):
            assert back.part.returned_by is None, name
            continue
        ids = {n.id for n in back.trace.interpretations}
        assert back.persists and back.part.returned_by == 2 and "on-return-early" in ids, (name, summary(back))
        checked += 1
    assert checked >= 8
