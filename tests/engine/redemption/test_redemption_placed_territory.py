"""A card that places itself in a territory ends its placement when it leaves that territory (blind round
redemption-seed38311, class 1). Defining Duration: a placed card's ability ends as soon as its place ends, and a
card placed in a territory that leaves it has no place any more. Checked over every real card whose ability opens
by placing itself in a territory ("Place in territory:", "Place this card in your territory ...")."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.cards import Annotation, Card
from engine.rulesets.redemption import judge
from engine.rulesets.redemption.parts import split_parts
from tests.engine.redemption.redemption_builder import real_cards, starter

# Read from the card words, independently of the engine: a clause that opens ("Place ...", or after ":" / "." /
# "you may") with the card placing itself in a territory.
_OPENS_PLACEMENT = re.compile(
    r"(?:^|[.:;,]\s*|\byou may\s+)place (?:this card |this |itself )?in (?:your |a |an |(?:a|that|each|one) "
    r"(?:player|opponent)['’]s |opponent['’]s |an opponent['’]s )?territory\b", re.I)


@cache
def placed_in_territory() -> list[tuple[str, str]]:
    """(card name, part label) for every real card part that places itself in a territory."""
    return sorted((name, part.label) for name, card in real_cards().items() for part in split_parts(card.text)
                  if _OPENS_PLACEMENT.search(part.text))


def _verdict(card: Card, label: str, zone: str, events: list[str]):
    return judge(card, zone, events, part=label or None)


def test_the_class_is_the_size_the_blind_round_found():
    # The round estimated ~80 cards with "place in (your/holder's) territory" wording; all real ones are here.
    assert len({name for name, _ in placed_in_territory()}) >= 70
    assert ("Passover (PoC)", "GE") in placed_in_territory()


@pytest.mark.parametrize("zone", ["territory", "battle"])
def test_leaving_the_territory_ends_every_placement_that_lasts(zone):
    """Wherever the card was played, once it has placed itself in a territory and lasts there, leaving that
    territory ends it, exactly as leaving play does."""
    lasting, wrong = 0, []
    for name, label in placed_in_territory():
        card = real_cards()[name]
        first = _verdict(card, label, zone, [])
        placements = [s for s in first.part.terms if s.term.rule == "D3" and s.term.self_placed]
        # "Following battle, you may place this card in your territory": the placement waits for its trigger, so
        # the scenario first says the trigger came (the card is then in the territory).
        events = ["triggered"] if any(s.status == "waiting" for s in placements) else []
        events.append("turn-ends")
        still = _verdict(card, label, zone, events)
        if not still.persists:
            continue  # it does not outlast a turn anyway: no placement keeps it going
        if not any(s.term.rule == "D3" and s.term.self_placed and s.status == "holds" for s in still.part.terms):
            continue  # it lasts by something other than its placement (a stated time alone)
        lasting += 1
        left_play = _verdict(card, label, zone, [*events, "leaves-play"])
        left_territory = _verdict(card, label, zone, [*events, "leaves-territory"])
        if left_territory.persists != left_play.persists or left_territory.persists:
            wrong.append(f"{name} [{label or '-'}]")
    assert lasting >= 40, lasting
    assert not wrong, wrong


def _place_annotation(text: str) -> tuple[Annotation, ...]:
    m = _OPENS_PLACEMENT.search(text)
    assert m is not None
    return (Annotation("", "D3", m.group(0).strip(" .:;,"), "self"),)


@pytest.mark.parametrize("source", ["starter", "real"])
def test_an_annotated_placement_in_a_territory_ends_there_as_the_text_does(source):
    """A moderator's "D3 self" annotation on a card that places itself in a territory names the same place: leaving
    the territory ends it as it ends the text's reading. (The starter Three Woes (RoJ), annotated, went on after
    leaving territory while an unannotated printing of the same words ended, so the two printings were said to
    answer differently.)"""
    if source == "starter":
        cases = [(card, "", notes) for card, notes in starter().values()
                 if any(a.rule == "D3" and a.value == "self" for a in notes) and _OPENS_PLACEMENT.search(card.text)]
    else:
        cases = [(real_cards()[name], label, _place_annotation(part.text)) for name, label in placed_in_territory()
                 for part in split_parts(real_cards()[name].text) if part.label == label and not label]
    assert cases and (source == "real" or "Three Woes (RoJ)" in {c.name for c, _, _ in cases})
    wrong = []
    for card, label, notes in cases:
        events = ["turn-ends", "leaves-territory"]
        noted = judge(card, "territory", events, annotations=notes, part=label or None)
        if noted.persists:
            wrong.append(card.name)
    assert not wrong, wrong
