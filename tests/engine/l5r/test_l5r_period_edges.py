"""A trigger naming a period's edge ("After your End Phase begins", "After a battle resolves", "Before the turn ends")
answers that point only: a moment at another edge ("after a duel ends") is another point of the turn (Timing page:
each "before/after X begins/ends" is its own point; L10), over every real trait and Reaction naming one. "End" in a
phase's name is no "ends", and "this phase ends" is not "this turn ends" when a delayed effect waits for it."""

from __future__ import annotations

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.moment import other_edge, period_edge
from tests.engine.l5r.l5r_real import duration, order, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
EDGES = [(f"{c.name}#{a.index}", a) for c in (real_cards() if HAVE else ()) for a in read_card(c)
         if a.kind in (Kind.TRAIT, Kind.REACTION) and a.occurrence and period_edge(a.occurrence)]
OTHERS = ("a duel ends", "your End Phase begins", "a battle resolves", "the turn begins", "your Action Phase ends")


def test_the_class():
    assert "Doji Kazuo • Experienced#2" in {n for n, _ in EDGES}
    assert len(EDGES) >= 40


def test_edges():
    assert period_edge("your End Phase begins") == ("end", "phase", "begins")
    assert period_edge("a duel ends") == ("", "duel", "ends")
    assert other_edge("your End Phase begins", "a duel ends")
    assert other_edge("this phase ends", "this turn ends")
    assert other_edge("the battle ends", "this battle resolves")
    assert not other_edge("a phase ends", "your Attack Phase ends")
    assert not other_edge("a battle ends in which you destroyed a province", "the battle ends")


@pytest.mark.parametrize(("item", "ability"), EDGES, ids=[n for n, _ in EDGES])
def test_a_period_edge_trigger_answers_its_own_point_only(item, ability):
    elsewhere = next(o for o in OTHERS if other_edge(o, ability.occurrence))
    answer = order(at=f"{ability.timing} {elsewhere}", item=[item], active="you")
    assert answer["order"] == [] and "another point of the turn" in answer["skipped"][0]["why"]
    own = order(at=f"{ability.timing} {ability.occurrence}", item=[item], active="you")
    assert all("another point of the turn" not in s["why"] for s in own["skipped"])


def test_a_delayed_effect_waits_for_its_own_edge():
    text = "Before this turn ends, gain 2 Honor."
    answer = duration(text=text, then=["action-resolves", "occurs:this phase ends"])
    assert answer["state"] == "waiting"
    answer = duration(text=text, then=["action-resolves", "occurs:this turn ends"])
    assert answer["state"] == "fired"


def test_an_if_with_alternatives_is_said_whole():
    # every real trigger whose "if" goes on with ", or ..." (Doji Kazuo • Experienced): the whole of it is assumed
    answer = order(at="after your End Phase begins", item=["Doji Kazuo • Experienced#2"], active="you")
    assert "if Kazuo won a duel, or you have gained 4 or more Honor, this turn" in answer["summary"]
