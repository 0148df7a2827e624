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
    ("Restrict evil Dominants until the end of your next turn.", [("", "D4", "your-next-turn")]),
    ("Opponent may not make a rescue attempt next turn.", [("", "D4", "next-turn")]),
    ("Restrict opponent until the end of their next turn.", [("", "D4", "their-next-turn")]),
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


def test_ability_type_markers():
    # "Cannot be negated" is an ongoing ability of its own to the end of the phase (RG1), not a sentence of effects.
    (reading,) = read_card(Card("redemption", "X", "T", text="Draw 2. Cannot be negated."))
    assert reading.lasting is True and reading.lasting_sentences == [] and reading.cannot_be == "Cannot be negated"
    # "May band to X" alone is done as it is played.
    assert read_card(Card("redemption", "X", "T", text="Draw 2. May band to a Judge."))[0].lasting is False


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
    # The annotation names no time, so the time the text states stays beside it (never dropped silently).
    assert [(t.rule, t.source) for t in ge.terms] == [("D8", "annotation"), ("D4", "text")]
    assert [t.rule for t in ge.text_terms] == ["D4"]


def test_annotation_instant_turns_lasting_off():
    card = Card("redemption", "X", "T", text="Negate a card.")
    (reading,) = read_card(card, [Annotation("", "instant")])
    assert reading.lasting is False


@pytest.mark.parametrize(("text", "expected"), [
    ("While Ananias is blocking, negate Heroes.", [("", "D8", "")]),
    ("Protect this character from capture while he remains in play.", [("", "D5", "")]),
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
    assert reading.lasting_sentences == [] and reading.cannot_be  # the card's own marker: RG1, not an effect


def test_mixed_case_label_only_where_a_part_begins():
    assert [p.label for p in split_parts("Place on a Hero: restrict its controller.")] == [""]
    assert [p.label for p in split_parts("(Star) Draw 1. (HE) Place on your Hero: he gains 2/2.")] == ["STAR", "HERO"]


# --- wording found in review against the real card text ---------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("All Heroes of one opponent decrease 6/6 for remainder of turn.", [("", "D4", "turn")]),
    ("Your Heroes ignore Famine for the rest of the game.", [("", "D4", "game")]),
    ("Set aside your Heroes. Hero(s) is immune to negative effects while set-aside.", [("", "D3", "")]),
    ("If used by a Moabite, place in territory for 2 turns: Restrict opponents from attacking.",
     [("", "D3", ""), ("", "D4", "turns:2")]),
    ("Place in a player's territory. Each upkeep, that player must discard a Site.", [("", "D3", "")]),
    ("Place this card on a Hero in battle. That Hero cannot enter battle until this card is removed.",
     [("", "D5", ""), ("", "D3", "")]),
])
def test_review_phrases(text, expected):
    assert terms(text) == expected


def test_a_stated_time_inside_an_if_clause_placement_measures_the_placement():
    card = Card("redemption", "Test Card", "T", text="If used by a Moabite, place in territory for 2 turns: "
                "Restrict opponents from attacking.")
    (reading,) = read_card(card)
    assert [(t.rule, t.self_placed, t.ends_result) for t in reading.terms] == [("D3", True, False), ("D4", False, True)]


@pytest.mark.parametrize("text", [
    "Selected player must shuffle hand into draw pile and draw eight new cards.",
    "You may play a Lost Soul from a deck or draw 1.",
    "Discard a Hero. Its controller may discard 4 cards from hand instead.",
])
def test_done_at_once_is_instant(text):
    card = Card("redemption", "Test Card", "T", text=text)
    assert [r.lasting for r in read_card(card)] == [False]


@pytest.mark.parametrize("text", [
    "Holder may keep up to ten cards in hand instead of eight.",
    "If an opponent uses a draw ability, you may draw 1.",
    "At any time, you may discard this card to withdraw all Heroes.",
    "Holder may play the next enhancement.",
])
def test_standing_permissions_and_triggers_are_lasting(text):
    card = Card("redemption", "Test Card", "T", text=text)
    assert [r.lasting for r in read_card(card)] == [True]


def test_an_annotated_time_beside_a_targeted_result_ends_it():
    card = Card("redemption", "Test Card", "T", text="Paralyze a Hero for 2 turns.")
    notes = (Annotation("", "D3", "while paralyzed"),
             Annotation("", "D4", "for 2 turns", "turns:2"))
    (reading,) = read_card(card, notes)
    assert [(t.rule, t.ends_result) for t in reading.terms] == [("D3", False), ("D4", True)]


def test_an_unlabelled_curse_played_as_an_artifact_keeps_its_ability_like_one():
    from engine.rulesets.redemption import judge

    curse = Card("redemption", "Test Curse", "T", type="Curse",
                 text="Banding abilities used by human Evil Characters cannot be negated by good cards.")
    as_artifact = judge(curse, "artifact-pile", ["phase-ends", "turn-ends"])
    assert (as_artifact.persists, as_artifact.part.upper_bound.rule) == (True, "D7")
    assert judge(curse, "artifact-pile", ["deactivated"]).persists is False
    assert judge(curse, "battle", ["phase-ends"]).persists is False  # played as an Enhancement: the default


def test_rest_of_the_game_outlasts_every_scenario_event():
    from engine.rulesets.redemption import judge

    card = Card("redemption", "Test Card", "T", type="GE", text="Your Heroes ignore Famine for the rest of the game.")
    verdict = judge(card, "battle", ["phase-ends", "turn-ends", "round-ends", "leaves-play"])
    assert verdict.persists is True


@pytest.mark.parametrize("text", [
    "Treat this card as a nameless copy of any angel in battle.",
    "Copy the last good Dominant played during this phase.",
])
def test_copy_wordings_are_d2(text):
    assert [t[1] for t in terms(text)][:1] == ["D2"]
