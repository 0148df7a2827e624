"""Every condition written into a trigger is checked against the moment and the scenario, or said aloud (issue 32,
item 1): whose turn, whose action/card/effect, which occurrence ("the first time each turn"), which phase, what kind
of card. Each class is asked over every real card that holds it, through the order question in process."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import read_card
from engine.rulesets.l5r.conditions import census, trigger_conditions
from tests.engine.l5r.l5r_real import order, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()


def _triggers():
    out = []
    for card in real_cards():
        for a in read_card(card):
            if a.timing and a.occurrence and not a.reminder:
                at = a.rules_text.find(a.occurrence)
                after = a.rules_text[at + len(a.occurrence):] if at >= 0 else ""
                out.append((card, a, trigger_conditions(a.occurrence, after, card.name)))
    return out


TRIGGERS = _triggers() if HAVE else []


def _class(cls, value=None):
    def fits(c):
        return c.cls == cls and (value is None or c.value == value)

    return [(f"{card.name}#{a.index}", a, next(c for c in conds if fits(c)))
            for card, a, conds in TRIGGERS if any(fits(c) for c in conds)]


def _moment(a, cond, replacement=""):
    occurrence = (a.occurrence[:cond.start] + replacement + a.occurrence[cond.end:]).replace("  ", " ").strip(" ,")
    # a trigger that is its count and nothing else ("your first Honor gain from the action") is asked as written
    return f"{a.timing} {occurrence if re.search(r'[a-z]{3}', occurrence) else a.occurrence}"


def _skipped_for(answer, words):
    return [s for s in answer["skipped"] if words in s["why"]]


def test_the_census_lists_every_class_and_leaves_no_condition_unread():
    rows = []
    for card, a, _ in TRIGGERS:
        at = a.rules_text.find(a.occurrence)
        rows.append((card.name, a.index, a.occurrence, a.rules_text[at + len(a.occurrence):] if at >= 0 else "",
                     card.name))
    report = census(rows)
    assert report["unclassified"] == []
    assert set(report["by_class"]) == {"turn", "phase", "count", "actor", "owner", "kind", "self", "keyword",
                                       "qualifier", "if", "limit"}  # "limit": "once per turn" after the trigger
    assert report["by_class"]["count"] >= 25 and report["by_class"]["actor"] >= 250
    assert report["with_conditions"] >= 850


COUNTS = _class("count") if HAVE else []


def test_the_first_time_class_holds_the_reported_cards():
    names = {n.split("#")[0] for n, _, _ in COUNTS}
    assert {"Temple Fortress", "Legion of the Fallen", "Six-Ring Sword", "Hiruma Ikeuchi", "Tetsuo's Nagamaki",
            "Eternal Armor", "Soshi Rei", "Doji Ikei"} <= names and len(COUNTS) >= 25


@pytest.mark.parametrize(("item", "ability", "cond"), COUNTS, ids=[n for n, _, _ in COUNTS])
def test_the_first_time_each_turn_does_not_answer_the_second(item, ability, cond):
    at = _moment(ability, cond)
    second = order(at=at, item=[item], times="2")
    assert _skipped_for(second, cond.words) and second["skipped"][0]["rules"] == ["L11"], second["skipped"]
    first = order(at=at, item=[item], times="1")
    assert not _skipped_for(first, cond.words)
    unsaid = order(at=at, item=[item])
    assert not _skipped_for(unsaid, cond.words)
    assert any(cond.words in n["text"] and "say --times" in n["text"] for n in unsaid["interpretations"])


OTHERS = _class("actor", "other") if HAVE else []


def test_the_another_players_class_holds_the_reported_cards():
    names = {n.split("#")[0] for n, _, _ in OTHERS}
    assert {"Six-Ring Sword", "Hiruma Ikeuchi", "Legion of the Fallen", "Eternal Armor", "Fortune's Charm",
            "Hida Kaiji"} <= names and len(OTHERS) >= 80


@pytest.mark.parametrize(("item", "ability", "cond"), OTHERS, ids=[n for n, _, _ in OTHERS])
def test_another_players_action_does_not_answer_your_own(item, ability, cond):
    if cond.what == "player":  # a player doing it: said in the moment ("you", "your opponent")
        mine = order(at=_moment(ability, cond, "you"), item=[item], times="1", active="you")
        theirs = order(at=_moment(ability, cond, "your opponent"), item=[item], times="1", active="you")
    else:  # a player's action, card or effect: said with --by
        at = _moment(ability, cond, "an action" if "action" in cond.what.lower() else "a card")
        mine = order(at=at, item=[item], by="you", times="1", active="you")
        theirs = order(at=at, item=[item], by="opponent", times="1", active="you")
    assert _skipped_for(mine, cond.words), mine["skipped"]
    assert not _skipped_for(theirs, cond.words)


TURNS = _class("turn", "own") if HAVE else []


@pytest.mark.parametrize(("item", "ability", "cond"), TURNS, ids=[n for n, _, _ in TURNS])
def test_during_your_turn_does_not_answer_on_the_opponents_turn(item, ability, cond):
    at = _moment(ability, cond) if re.match(r"(?:during|in|on)\b", cond.words) else f"{ability.timing} " \
                                                                                     f"{ability.occurrence}"
    if not re.match(r"(?:during|in|on)\b", cond.words):
        at = at.replace(cond.words, cond.words.replace("your", "a player's", 1))
    theirs = order(at=at, item=[item], active="opponent", times="1")
    assert _skipped_for(theirs, cond.words), (at, theirs["skipped"])
    mine = order(at=at, item=[item], active="you", times="1")
    assert not _skipped_for(mine, cond.words)


def test_destructive_priorities_on_the_opponents_turn():
    # "Before you gain Honor during your turn" (the report's example)
    answer = order(at="before you gain Honor", item=["Destructive Priorities"], active="opponent")
    assert answer["order"] == [] and "during your turn" in answer["skipped"][0]["why"]
    assert order(at="before you gain Honor", item=["Destructive Priorities"], active="you")["order"]


FOLLOWERS = [(n, a, c) for n, a, c in (_class("kind") if HAVE else []) if c.what == "Follower"]


@pytest.mark.parametrize(("item", "ability", "cond"), FOLLOWERS, ids=[n for n, _, _ in FOLLOWERS])
def test_a_trigger_for_a_follower_does_not_answer_an_item(item, ability, cond):
    at = f"{ability.timing} " + re.sub(r"\b(?:a|an|this|one of your|your|another player's)\s+Follower\b", "an Item",
                                       ability.occurrence, count=1)
    if "Item" not in at:
        pytest.skip(f"no Follower noun to swap in “{ability.occurrence}”")
    answer = order(at=at, item=[item], times="1", active="you", by="opponent")
    assert any("Follower" in s["why"] and "Item" in s["why"] for s in answer["skipped"]), (at, answer["skipped"])


def test_nikutai_answers_a_follower_not_an_item():
    assert order(at="after an Item bows", item=["Nikutai"])["order"] == []
    assert order(at="after a Follower in this unit bows", item=["Nikutai"])["order"]


PHASED = _class("phase") if HAVE else []


@pytest.mark.parametrize(("item", "ability", "cond"), PHASED, ids=[n for n, _, _ in PHASED])
def test_a_phase_condition_is_checked_against_the_phase_given(item, ability, cond):
    at = _moment(ability, cond)
    wrong = "dynasty" if cond.value != "dynasty" else "action"
    answer = order(at=at, item=[item], phase=wrong, times="1", active="you", by="opponent")
    assert _skipped_for(answer, cond.words)
    right = order(at=at, item=[item], phase=cond.value, times="1", active="you", by="opponent")
    assert not _skipped_for(right, cond.words)


def test_battle_resolution_is_no_players_card():
    answer = order(at="before a Follower is destroyed by battle resolution", item=["Legion of the Fallen"])
    assert answer["order"] == [] and "rules' own" in answer["skipped"][0]["why"]
