"""The classes of the blind review of seed 32011, each over every real card that shares the wording (the judged
cards' answers are derived from the rules here, never copied): an Interrupt's "after ..." words are a delayed effect,
Invest is a trait after its card enters play, leaves-play ends only a card's own traits, "the next battle" begins
after the battle that ended, a duel-stat change lasts for its duel, a delayed effect's "if ..." is checked as it
fires, Compassion-labelled traits are conditional, and first lines say what a one-time change leaves behind."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.lifetime import DUEL_STAT, INTO_PLAY, SELF_PUT, choose
from engine.rulesets.l5r.moment import compare
from engine.rulesets.l5r.question import is_standing, is_terrain
from tests.engine.l5r.l5r_real import duration, order, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()


def _abilities(test):
    return [(f"{c.name}#{a.index}", a) for c in (real_cards() if HAVE else ()) for a in read_card(c) if test(c, a)]


def test_an_interrupts_after_words_wait_as_a_delayed_effect_grouped_by_source():
    items = ["Isawa Nomura", "trait:After a Spell you cast resolves, draw a card",
             "reaction:After an action resolves, gain 1 Honor@opponent"]
    answer = order(at="after the action resolves", item=items, active="you")
    assert [e["step"] for e in answer["order"]] == ["D", "E", "F"]
    two = order(at="after the action resolves", active="opponent",
                item=["Isawa Nomura", "delayed:his Interrupt:After the action resolves, gain 2 Honor@opponent"])
    assert [e["step"] for e in two["order"]] == ["D", "D"]
    assert all(e["chosen_by"] == "active player" for e in two["order"])
    assert "your opponent, the active player, may choose another order" in two["summary"]


INVEST = _abilities(lambda c, a: a.rules_text.startswith("Invest") or a.header.startswith("Invest"))


def test_the_invest_class():
    assert len(INVEST) >= 60 and "Daidoji Hirota#1" in {n for n, _ in INVEST}


@pytest.mark.parametrize(("item", "ability"), INVEST, ids=[n for n, _ in INVEST])
def test_invest_is_a_trait_after_its_card_enters_play(item, ability):
    assert ability.kind is Kind.TRAIT and ability.timing == "after"
    answer = order(at="after this card enters play", item=[item, "reaction:After a card enters play, draw a card"
                                                                  "@opponent"], active="you")
    assert [e["step"] for e in answer["order"]] == ["E", "F"], answer["skipped"]
    assert "Invest cost is paid" in answer["summary"]


# (a Terrain putting itself into play is in play for one battle: tests/engine/l5r/test_l5r_blind_41021.py; a card
# putting itself into play is the card that leaves: tests/engine/l5r/test_l5r_blind_46121_left.py)
CREATORS = _abilities(lambda c, a: a.kind is Kind.ACTION and bool(INTO_PLAY.search(a.rules_text))
                      and choose(a.terms, a.rules_text, None, made_by="action").kind == "in-play"
                      and not is_terrain(c) and not SELF_PUT.search(a.rules_text))


@pytest.mark.parametrize(("item", "ability"), CREATORS, ids=[n for n, _ in CREATORS])
def test_a_created_card_stays_when_the_card_that_made_it_leaves_play(item, ability):
    answer = duration(card=item, then=["action-resolves", "leaves-play", "turn-ends"])
    assert [p["persists"] for p in answer["timeline"]] == [True, True, True]
    assert "stays there until that card leaves play" in answer["summary"]


BONUSES = _abilities(lambda c, a: a.kind is Kind.ACTION and re.search(r"\bgive\b[^.]*[+-]\dF\b", a.rules_text, re.I)
                     and choose(a.terms, a.rules_text, None, standing=is_standing(a), made_by="action").kind
                     == "default-turn")[:60]


@pytest.mark.parametrize(("item", "ability"), BONUSES, ids=[n for n, _ in BONUSES])
def test_an_actions_bonus_does_not_end_when_its_card_leaves_play(item, ability):
    answer = duration(card=item, then=["action-resolves", "leaves-play", "turn-ends"])
    assert [p["persists"] for p in answer["timeline"]] == [True, True, False]
    assert any(n["id"] == "leaves-play" for n in answer["interpretations"])


def test_a_cards_own_trait_ends_when_it_leaves_play():
    answer = duration(card="Kakita Nara", then=["turn-ends", "leaves-play"])
    assert [p["persists"] for p in answer["timeline"]] == [True, False]


def test_the_next_battle_begins_after_the_battle_that_ended():
    for a, b in (("before the next battle begins", "after a battle ends"),
                 ("after a battle ends", "before the next battle begins")):
        answer = compare(a, b)
        assert (answer.first, answer.second, answer.rules) == ("after a battle ends", "before the next battle begins",
                                                               ("L3",))


DUEL_STATS = _abilities(lambda c, a: a.kind in (Kind.ACTION, Kind.FOCUS, Kind.TRAIT, Kind.REACTION, Kind.INTERRUPT)
                        and bool(re.search(r"\bduel stat\b", a.rules_text))
                        and not any(t for t in a.terms))


@pytest.mark.parametrize(("item", "ability"), DUEL_STATS, ids=[n for n, _ in DUEL_STATS])
def test_a_duel_stat_change_lasts_for_its_duel(item, ability):
    answer = duration(card=item, then=["duel-ends"])
    if any(n["id"] == "interrupt-after" for n in answer["interpretations"]):
        # an Interrupt's "After the action starts a duel, ... +2FV": it first waits for the interrupted action (LF2)
        assert answer["effect"]["kind"] == "delayed"
        return
    assert answer["effect"]["kind"] == "duel" and answer["persists"] is False


def test_the_duel_stat_class_holds_killing_intent():
    assert "Killing Intent#1" in {n for n, _ in DUEL_STATS} and DUEL_STAT.search("as his duel stat")


def test_a_delayed_effects_if_is_checked_as_it_fires():
    text = "Before this turn ends, if the Personality did not assign to attack this turn, gain 2 Honor."
    failed = duration(text=text, then=["occurs:he assigns to attack", "turn-ends"])
    assert "condition failed, so nothing happens" in failed["summary"]
    held = duration(text=text, then=["turn-ends"])
    assert any(n["id"] == "delayed-if" for n in held["interpretations"])
    assert any(n["id"] == "text-delayed" for n in held["interpretations"])


COMPASSION = _abilities(lambda c, a: "(Compassion takes effect while" in a.text
                        and a.rules_text.startswith("Compassion"))


def test_compassion_is_a_conditional_trait_or_a_condition_said_aloud():
    assert len(COMPASSION) >= 8
    for item, ability in COMPASSION:
        assert ability.kind in (Kind.CONDITIONAL, Kind.TRAIT, Kind.REACTION, Kind.ACTION, Kind.INTERRUPT,
                                Kind.FOCUS, Kind.GOLD), (item, ability.kind)
    answer = order(at="when your province is destroyed", active="opponent", item=[
        "Doji Hoshihana", "delayed:earlier action:The next time one of your provinces is destroyed this turn, "
                          "gain 2 Honor"])
    assert [e["step"] for e in answer["order"]] == ["B", "D"]


ONE_TIME = _abilities(lambda c, a: a.kind is Kind.ACTION and re.match(
    r"^[^:]*:\s*(?:Bow|Straighten|Destroy|Move) ", a.rules_text) and not a.terms)[:40]


@pytest.mark.parametrize(("item", "ability"), ONE_TIME, ids=[n for n, _ in ONE_TIME])
def test_a_one_time_changes_first_line_says_what_stays(item, ability):
    answer = duration(card=item)
    if answer["effect"]["kind"] == "instant":
        assert re.search(r"\bstays?\b", answer["summary"]) and "nothing of it lasts" not in answer["summary"]
