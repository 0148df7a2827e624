"""Term reading on real card wording: each phrase kind, multi-part cards, qualifiers that are not durations."""

from __future__ import annotations

import pytest

from engine.cards import Annotation, Card
from engine.rulesets.redemption.parts import split_parts
from engine.rulesets.redemption.terms import read_card


def terms(text: str, **kw: str) -> list[tuple[str, str, str]]:
    card = Card("redemption", kw.pop("name", "Test Card"), "T", text=text, **kw)
    return [(r.part.label, t.rule, t.length) for r in read_card(card) for t in r.terms]


@pytest.mark.parametrize(("text", "expected"), [
    ("Heroes gain 2/2 until end of turn.", [("", "D4", "turn")]),
    ("All Heroes gain 5/5 until the end of battle.", [("", "D4", "battle")]),
    ("Protect your Heroes from evil cards for 3 turns.", [("", "D4", "turns:3")]),
    ("Negate a card of a different alignment for one round.", [("", "D4", "round")]),
    ("Restrict evil Dominants until the end of your next turn.", [("", "D4", "next-turn")]),
    ("STAR: Protect all decks from opponents during the next battle phase.", [("STAR", "D4", "next-battle-phase")]),
    ("No Evil Character may be set aside while this card is in play.", [("", "D5", "")]),
    ("Negate that Hero's special ability while this card remains in play.", [("", "D5", "")]),
    ("While placed, negate that good card.", [("", "D3", "")]),
    ("Paralyze a Hero. While paralyzed, restrict its owner.", [("", "D3", "")]),
    ("Place on a Hero: restrict that Hero's controller from playing Enhancements on it.", [("", "D3", "")]),
    ("While equipped, restrict evil Dominants.", [("", "D8", "")]),
    ("While you control a placed orange card, negate Heroes.", [("", "D8", "")]),
    ("Imitating Evil becomes a generic copy of that demon.", [("", "D2", "")]),
])
def test_phrase_kinds(text, expected):
    assert terms(text) == expected


@pytest.mark.parametrize("text", [
    "Negate the last good card played this battle.",
    "Cannot be negated if opponent used a search ability this turn.",
    "If you win this battle, you may discard an Evil Character.",
    "Discard all copies of the named Hero from opponent's hand.",
])
def test_qualifiers_are_not_durations(text):
    assert not [t for t in terms(text) if t[1] in {"D2", "D4"}]


def test_self_reference_by_name_is_while_in_play():
    assert terms("While Absalom is in play, David cannot enter battle.", name="Absalom (Ki)") == [("", "D5", "")]


def test_instant_text_has_no_lasting_part():
    card = Card("redemption", "X", "T", text="Discard any Hero in play. Draw 3.")
    (reading,) = read_card(card)
    assert reading.lasting is False and reading.terms == []


def test_ability_type_markers_are_not_lasting():
    card = Card("redemption", "X", "T", text="Draw 2. Cannot be negated.")
    assert read_card(card)[0].lasting is False


@pytest.mark.parametrize(("text", "labels"), [
    ("STAR: Topdeck an O.T. card. TOP: While you control a meek Hero, negate neutrals. BOTTOM: Meek",
     ["STAR", "TOP", "BOTTOM"]),
    ("EE: Discard a Hero. / A: Place an Enhancement on a Hero for 1 turn: Restrict good Dominants.", ["EE", "ART"]),
    ("(Star) Topdeck a Temple. (GE) Place on your male human Hero: He gains “High Priest”.", ["STAR", "GE"]),
    ("SITE: Holds 2 Lost Souls. FORT: Protect your Heroes.", ["SITE", "FORT"]),
    ("LAMB: Negate all Curses. REAPER: Negate all Covenants.", ["LAMB", "REAPER"]),
    ("Discard a Hero.", [""]),
])
def test_parts(text, labels):
    assert [p.label for p in split_parts(text)] == labels


def test_annotation_wins_over_text_for_its_part_only():
    card = Card("redemption", "X", "T", text="STAR: Draw 1. GE: Negate a card this turn.")
    readings = read_card(card, [Annotation("GE", "D8", "while equipped")])
    star, ge = readings
    assert star.terms == [] and star.annotated is False
    assert [(t.rule, t.source) for t in ge.terms] == [("D8", "annotation")]
    assert [t.rule for t in ge.text_terms] == ["D4"]


def test_annotation_instant_turns_lasting_off():
    card = Card("redemption", "X", "T", text="Negate a card.")
    (reading,) = read_card(card, [Annotation("", "instant")])
    assert reading.lasting is False


@pytest.mark.parametrize(("text", "expected"), [
    ("While Ananias is blocking, negate Heroes.", [("", "D8", "")]),
    ("Judas may not be negated while he remains in play.", [("", "D5", "")]),
    ("Opponent may not make a rescue attempt next turn.", [("", "D4", "next-turn")]),
    ("Protect your deck during opponent's next draw phase.", [("", "D4", "next-draw-phase")]),
    ("All evil Enhancements are negated this turn.", [("", "D4", "turn")]),
    ("Protect all heroes in play and set aside areas until end of turn.", [("", "D4", "turn")]),
    ("Place this card in your territory. It remains active until discarded.", [("", "D5", ""), ("", "D3", "")]),
    ("Draw until you have 6 cards in hand.", []),
])
def test_more_phrase_kinds(text, expected):
    assert terms(text) == expected


def test_marker_about_other_cards_is_a_lasting_effect():
    (reading,) = read_card(Card("redemption", "X", "T", text="Good Tabernacle Priests cannot be negated."))
    assert reading.lasting is True
    (reading,) = read_card(Card("redemption", "X", "T", text="Draw 1. This card cannot be negated."))
    assert reading.lasting is False


def test_mixed_case_label_only_where_a_part_begins():
    assert [p.label for p in split_parts("Place on a Hero: restrict its controller.")] == [""]
    assert [p.label for p in split_parts("(Star) Draw 1. (HE) Place on your Hero: he gains 2/2.")] == ["STAR", "HERO"]
