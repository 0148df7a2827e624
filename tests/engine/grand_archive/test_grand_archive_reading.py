"""Reading Grand Archive card text sentence by sentence: kind (with the words deciding it), origin, layer, set and
duration, on sentences shaped like the printed cards'. What cannot be read is reported, never guessed."""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.rulesets.grand_archive.reading import parse_set, read_card


def card(text: str, type_: str = "ACTION", name: str = "Test Card", subtypes: str = "") -> Card:
    return Card(game="grand-archive", name=name, set="", type=type_, card_class=subtypes, text=text)


# (card type, text) -> (kind, origin, layer, change, set text, duration form)
CASES = [
    (("ACTION", "Allies you control get +1 POWER until end of turn."),
     ("one-shot", "resolved card", "E", "+1 POWER", "Allies you control", "end-of-turn")),
    (("UNIQUE ALLY", "Automaton allies you control have taunt."),
     ("static", "standing ability", "D", "taunt", "Automaton allies you control", "while-on-field")),
    (("REGALIA ITEM", "Cards in graveyards are norm element."),
     ("static", "standing ability", "C", "norm element", "Cards in graveyards", "while-on-field")),
    (("REGALIA ITEM", "REST: Until end of turn, cards in target opponent's memory are norm element."),
     ("static", "resolved ability", "C", "norm element", "cards in target opponent's memory", "end-of-turn")),
    (("ACTION", "Target item or weapon becomes a Cleric Fractal phantasia. (This effect lasts indefinitely.)"),
     ("one-shot", "resolved card", "B", "cleric fractal phantasia", "Target item or weapon", "indefinite")),
    (("REGALIA WEAPON", "On Champion Hit: The hit champion loses all abilities until the beginning of your next turn."),
     ("one-shot", "resolved ability", "D", "loses all abilities", "The hit champion", "until-next-turn")),
    (("REGALIA ITEM", "Cards in graveyards lose all abilities."),
     ("static", "standing ability", "D", "loses all abilities", "Cards in graveyards", "while-on-field")),
    (("ALLY", "As long as Test Card is fostered, it has steadfast."),
     ("static", "standing ability", "D", "steadfast", "it", "as-long-as")),
    (("ALLY", "[Class Bonus] Test Card gets +1 POWER."),
     ("static", "standing ability", "E", "+1 POWER", "Test Card", "as-long-as")),
    (("ACTION", "Your champion's first attack during your next turn gets +3 POWER."),
     ("one-shot", "resolved card", "E", "+3 POWER", "Your champion's first attack", "during-next-turn")),
    (("REGALIA ITEM", "Banish Test Card: Your champion becomes an Ascendant in addition to its other types."),
     ("one-shot", "resolved ability", "B", "ascendant", "Your champion", "game")),
    (("ITEM", "(2): Until end of turn, Test Card becomes an ally in addition to its other types with base power 0."),
     ("one-shot", "resolved ability", "B", "ally", "Test Card", "end-of-turn")),
    (("ACTION", "Target unit becomes distant."),
     ("one-shot", "resolved card", "A", "distant", "Target unit", "end-of-turn")),
    (("UNIQUE ALLY", "On Death: Suited allies you control get +1POWER until the end of your next turn."),
     ("one-shot", "resolved ability", "E", "+1 POWER", "Suited allies you control", "until-end-of-next-turn")),
    (("ACTION", "This card costs 2 less to activate if your champion has attacked this turn."),
     ("static", "standing ability", "E", "costs 2 less", "This card", "as-long-as")),  # its "if" switches it
    (("ITEM", "Each ephemeral ally you control gets +1POWER as long as it entered the field this turn."),
     ("static", "standing ability", "E", "+1 POWER", "Each ephemeral ally you control", "as-long-as")),
    (("ITEM", "Champions you don't control get -1 level."),
     ("static", "standing ability", "E", "-1 LEVEL", "Champions you don't control", "while-on-field")),
]


@pytest.mark.parametrize(("given", "expected"), CASES, ids=[c[0][1][:40] for c in CASES])
def test_sentence_is_read(given, expected):
    type_, text = given
    effect = read_card(card(text, type_)).effects[0]
    got = (effect.kind.value, effect.origin.value, effect.layer, effect.change, effect.affected.text,
           effect.form.value)
    assert got == expected
    assert effect.layer_words and effect.kind_words


def test_one_card_can_hold_both_kinds_and_a_paragraph_several_effects():
    reading = read_card(card("Other Suited allies you control have immortality.\n\nOn Death: Suited allies you "
                             "control get +1 POWER until end of turn.", "UNIQUE ALLY"))
    assert [(e.part, e.kind.value) for e in reading.effects] == [("1", "static"), ("2", "one-shot")]
    linked = read_card(card("Linked ally gets +2 POWER, has pride 3, and is a Beast in addition to its other types.",
                            "REGALIA ITEM")).effects
    assert [(e.label, e.layer, e.change) for e in linked] == [("1", "E", "+2 POWER"), ("1.2", "D", "pride 3"),
                                                              ("1.3", "B", "beast")]
    assert not linked[2].exclusive and linked[0].affected.target


def test_lose_follows_where_it_stands():
    standing = read_card(card("Beast allies you control lose pride.", "ALLY")).effects[0]
    resolving = read_card(card("Target ally loses all abilities until end of turn.")).effects[0]
    assert (standing.kind.value, resolving.kind.value) == ("static", "one-shot")


def test_sets():
    spec = parse_set("Animal or Beast allies you control")
    assert spec is not None and (spec.types, spec.subtypes, spec.controller) == (
        frozenset({"ally"}), frozenset({"animal", "beast"}), "you")
    spec = parse_set("attack cards in your graveyard")
    assert spec is not None and (spec.types, spec.zone, spec.controller) == (frozenset({"attack"}), "graveyard", "you")
    spec = parse_set("Another target ally you control")
    assert spec is not None and spec.target and spec.controller == "you"
    assert parse_set("purple dragons of doom") is None
    spec = parse_set("cards with the chosen name")  # a "with" qualifier the scenario cannot check: said, not dropped
    assert spec is not None and spec.unchecked == ("with the chosen name",)
    spec = parse_set("Allies you control with one or more buff counters on them")
    assert spec is not None and (spec.counters, spec.controller) == ((("buff", 1),), "you")
    spec = parse_set("The next Slime ally card you activate")
    assert spec is not None and spec.next_only and spec.played == "activate" and spec.subtypes == {"slime"}
    spec = parse_set("Champion cards you materialize")
    assert spec is not None and (spec.played, spec.zone, spec.supertypes) == ("materialize", "material", {"champion"})


def test_what_cannot_be_read_is_reported_not_guessed():
    paragraph = read_card(card("Switch the power and life stat of target ally until end of turn.")).paragraphs[0]
    assert paragraph.effects == () and paragraph.unread == (
        "Switch the power and life stat of target ally until end of turn.",)


def test_a_compound_subject_is_one_effect_per_subject():
    effects = read_card(card("Your champion and other Slime objects you control have spellshroud.", "ALLY")).effects
    assert [(e.affected.text, e.change) for e in effects] == [
        ("Your champion", "spellshroud"), ("other Slime objects you control", "spellshroud")]
    assert effects[1].affected.other and effects[1].affected.subtypes == {"slime"}


def test_a_rule_of_the_game_is_read_without_a_layer():
    [rule] = read_card(card("Until end of turn, players can't declare attacks unless they pay (2).")).effects
    assert (rule.layer, rule.prop, rule.form.value, rule.affected.text) == ("-", "rule", "end-of-turn",
                                                                           "players: players")
    # a one-time choice in something resolving is no lasting rule
    assert read_card(card("You may pay (2). If you do, draw a card.")).effects == ()
    plain = read_card(card("Draw two cards. Deal 3 damage to target unit.")).paragraphs[0]
    assert plain.effects == () and plain.unread == ()
