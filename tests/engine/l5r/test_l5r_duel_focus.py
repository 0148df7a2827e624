""""In this duel" and a Focus Effect's words about the duel's outcome (blind review 32011, class 5), over every real
card sharing them: a Focus Effect is made as the focused cards are revealed, before the duel has a winner, so what
it does with the outcome ("after you win this duel", "the duel's winner", "destroyed for losing it") is a delayed
effect at the duel's resolution (rules.l5r.com, CE Glossary D, "Delay"), its "if/after you win" checked then; a
change to a Focus Value (+2FV, "Raise this card's Focus Value") lasts for its duel."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.lifetime import DUEL_OUTCOME, DUEL_STAT, choose
from tests.engine.l5r.l5r_real import duration, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()


def _abilities(test):
    return [(f"{c.name}#{a.index}", a) for c in (real_cards() if HAVE else ()) for a in read_card(c) if test(a)]


OUTCOMES = _abilities(lambda a: a.kind is Kind.FOCUS and DUEL_OUTCOME.search(a.rules_text)
                      and choose(a.terms, a.rules_text, None, made_by="focus").main is not None
                      and choose(a.terms, a.rules_text, None, made_by="focus").kind == "delayed"
                      and choose(a.terms, a.rules_text, None, made_by="focus").main.words
                      == "when this duel resolves")


def test_the_outcome_class():
    names = {n for n, _ in OUTCOMES}
    assert {"Your Past#1", "Breaking the Rhythm#1", "Sudden Movement#1", "A Good Death#1",
            "Strategic Withdrawal#1", "Indifference#1"} <= names
    assert len(OUTCOMES) >= 9


@pytest.mark.parametrize(("item", "ability"), OUTCOMES, ids=[n for n, _ in OUTCOMES])
def test_a_focus_effects_outcome_waits_for_the_duels_resolution(item, ability):
    waiting = duration(card=item, then=["action-resolves"])
    assert waiting["state"] == "waiting" and "still waiting" in waiting["summary"]
    fired = duration(card=item, then=["action-resolves", "duel-ends"])
    assert fired["state"] == "fired"
    assert any(n["id"] == "duel-outcome" for n in fired["interpretations"])


WINS = [(n, a) for n, a in OUTCOMES
        if re.search(r"\b(?:if|after) (?:you|your Personality) wins? this duel\b", a.rules_text)]


@pytest.mark.parametrize(("item", "ability"), WINS, ids=[n for n, _ in WINS])
def test_after_you_win_is_checked_as_it_fires(item, ability):
    lost = duration(card=item, then=["action-resolves", "occurs:your Personality loses the duel", "duel-ends"])
    assert "condition failed" in lost["summary"]
    won = duration(card=item, then=["action-resolves", "occurs:your Personality wins the duel", "duel-ends"])
    assert won["state"] == "fired" and "condition failed" not in won["summary"]
    said = duration(card=item, then=["action-resolves", "duel-ends"])
    assert any(n["id"] == "delayed-if" for n in said["interpretations"])


def test_the_win_class():
    assert {"Your Past#1", "Strategic Withdrawal#1", "Breaking the Rhythm#1"} <= {n for n, _ in WINS}


FOCUS_VALUES = _abilities(lambda a: a.kind is Kind.FOCUS and not a.terms
                          and re.search(r"(?<!\w)[+-]\d+\s?FV\b|\bFocus Value\b", a.rules_text)
                          and not DUEL_OUTCOME.search(a.rules_text))


@pytest.mark.parametrize(("item", "ability"), FOCUS_VALUES, ids=[n for n, _ in FOCUS_VALUES])
def test_a_focus_value_change_lasts_for_its_duel(item, ability):
    assert DUEL_STAT.search(ability.rules_text)
    answer = duration(card=item, then=["duel-ends"])
    assert answer["effect"]["kind"] == "duel" and answer["persists"] is False


def test_the_focus_value_class_holds_the_last_strike():
    assert "The Last Strike#1" in {n for n, _ in FOCUS_VALUES}


def test_a_focus_effects_own_after_this_duel_sentence_is_its_delayed_effect():
    answer = duration(card="To First Blood#1", then=["action-resolves", "duel-ends"])
    # the negation waits for the destruction at the duel's resolution; the Honor comes after the duel ends
    assert [p["kind"] for p in answer["parts"]] == ["delayed", "delayed"]
    assert [p["state"] for p in answer["parts"]] == ["fired", "fired"]
    early = duration(card="To First Blood#1", then=["action-resolves", "occurs:this duel resolves"])
    assert [p["state"] for p in early["parts"]] == ["fired", "waiting"]
    assert not any(a.rules_text.startswith("After this duel ends") for c in real_cards() if c.name == "To First Blood"
                   for a in read_card(c))
