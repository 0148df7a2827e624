"""The worked cases of the design doc (taken from the seed article), as scenario tests.

Each case runs twice: on the starter set (our words plus moderator annotations) and on the real card
text (terms read from the printed words alone), so the rule is checked, not one spelling of a card.
"""

from __future__ import annotations

import pytest

from benchmarks.worked_cases import WORKED as WORKED_CASES
from tests.engine.redemption.redemption_builder import Case, real_card, starter_card

# (card in the starter set, card in the real data, zone, events, persists, effective, upper bound, rules cited)
WORKED = [pytest.param(*row[1:], id=row[0]) for row in WORKED_CASES]


def _check(case: Case, persists: bool, effective: bool, bound: str | None, rules: set[str]) -> None:
    verdict = case.verdict()
    assert verdict.persists is persists
    assert verdict.effective is effective
    if bound is not None:
        assert verdict.part.upper_bound is not None
        assert verdict.part.upper_bound.rule == bound
    assert rules <= set(verdict.trace.rules_cited())


@pytest.mark.parametrize(("starter", "real", "zone", "events", "persists", "effective", "bound", "rules"), WORKED)
def test_worked_case_on_starter_set(starter, real, zone, events, persists, effective, bound, rules):
    _check(starter_card(starter).played_in(zone).then(*events), persists, effective, bound, rules)


@pytest.mark.parametrize(("starter", "real", "zone", "events", "persists", "effective", "bound", "rules"), WORKED)
def test_worked_case_on_real_text(starter, real, zone, events, persists, effective, bound, rules):
    _check(real_card(real).played_in(zone).then(*events), persists, effective, bound, rules)


def test_voice_from_heaven_keeps_its_stated_time_after_it_leaves_play():
    # The article: Voice from Heaven has no inherent Dominant duration, so leaving play does not end it; its
    # text says "this turn", and the starter annotation records that time instead of overriding it.
    verdict = starter_card("Voice from Heaven (GoC)").played_in("territory").then("leaves-play", "phase-ends")
    assert verdict.verdict().persists is True
    assert verdict.verdict().part.upper_bound.rule == "D4"
    ended = starter_card("Voice from Heaven (GoC)").played_in("territory").then("leaves-play", "turn-ends")
    assert ended.verdict().persists is False


def test_previous_ruleset_keeps_artifact_to_end_of_phase():
    case = starter_card("Hezekiah's Signet Ring").played_in("artifact-pile").then("leaves-play").under("previous")
    verdict = case.verdict()
    assert verdict.persists is True
    assert verdict.ruleset.name == "previous"
    assert "previous-ruleset" in {n.id for n in verdict.trace.interpretations}
    later = starter_card("Hezekiah's Signet Ring").played_in("artifact-pile").then("leaves-play", "phase-ends")
    assert later.under("previous").verdict().persists is False


def test_previous_ruleset_changes_nothing_in_battle():
    for ruleset in ("current", "previous"):
        verdict = starter_card("Adino, the Eznite").played_in("battle").then("phase-ends").under(ruleset).verdict()
        assert verdict.persists is False


def test_rainbow_site_has_no_inherent_duration():
    verdict = starter_card("Promised Land").played_in("territory").then("leaves-play").verdict()
    assert "D7" not in verdict.trace.rules_cited()


def test_instant_effect_says_so_instead_of_inventing_a_duration():
    verdict = starter_card("Christian Martyr (A)").played_in("battle").verdict()
    assert verdict.part.lasting is False
    assert verdict.persists is False
    assert verdict.part.upper_bound is None
    assert "instant" in verdict.trace.steps[-1].decision


def test_star_part_judged_when_asked():
    case = starter_card("Stricken").played_in("battle")
    case.part = "STAR"
    verdict = case.then("phase-ends", "turn-ends").verdict()
    assert verdict.part.label == "STAR"
    assert verdict.persists is True  # the next battle phase has not happened yet
    case = starter_card("Stricken").played_in("battle")
    case.part = "STAR"
    assert case.then("battle-ends", "phase-ends").verdict().persists is False


def test_stated_number_of_turns_is_counted():
    case = starter_card("Authority of Christ (GoC)").played_in("set-aside")
    case.part = "STAR"
    assert case.then("turn-ends").verdict().persists is True
    case = starter_card("Authority of Christ (GoC)").played_in("set-aside")
    case.part = "STAR"
    assert case.then("result-changed").verdict().persists is False


def test_adino_explanation_runs_d8_to_d1():
    from engine.rulesets.redemption.render import explanation

    text = explanation(starter_card("Adino, the Eznite").played_in("battle").then("phase-ends").verdict())
    d8 = text.index("[D8]")
    d1 = text.index("[D1]")
    assert d8 < d1
    assert text.splitlines()[0].startswith("Has ended: the phase ended.")


def _text_card(text: str, **kw: str) -> Case:
    from engine.cards import Card

    return Case(Card("redemption", kw.pop("name", "Test Card"), "T", text=text, **kw))


def test_a_timed_result_ends_with_its_time():
    case = _text_card("Paralyze a human Hero in territory for 2 turns: restrict its owner from playing Dominants.")
    assert case.played_in("territory").then("turn-ends").verdict().persists is True
    case = _text_card("Paralyze a human Hero in territory for 2 turns: restrict its owner from playing Dominants.")
    # Two turns counted in upkeep (RG3): the second is counted in the upkeep of the turn after the second turn end.
    verdict = case.played_in("territory").then("turn-ends", "turn-ends", "phase-ends").verdict()
    assert verdict.persists is False
    assert "timed-result" in {n.id for n in verdict.trace.interpretations}


def test_a_copy_ends_with_its_stated_time():
    case = _text_card("Copy the special ability of a good Enhancement in battle until end of turn.")
    assert case.played_in("battle").then("phase-ends").verdict().persists is True
    case = _text_card("Copy the special ability of a good Enhancement in battle until end of turn.")
    assert case.played_in("battle").then("turn-ends").verdict().persists is False


def test_inherent_type_keeps_a_standing_trigger():
    case = _text_card("If an opponent uses a draw ability, you may draw 1.", type="Artifact")
    verdict = case.played_in("artifact-pile").then("phase-ends").verdict()
    assert verdict.part.lasting is True and verdict.persists is True
    assert verdict.part.upper_bound.rule == "D7"


def test_star_part_is_never_chosen_for_a_zone_unasked():
    case = _text_card("STAR: Set aside a Hero from hand for 2 turns. GE: Discard an Evil Character.", type="GE")
    verdict = case.played_in("battle").verdict()
    assert verdict.part.label == "GE" and verdict.part.lasting is False


def test_an_event_that_changes_nothing_is_still_in_the_trace():
    verdict = starter_card("Teaching in Parables (GoC)").played_in("battle").then("deactivated").verdict()
    assert any(s.event == 1 and "changes nothing" in s.decision for s in verdict.trace.steps)


def test_ruling_id_changes_when_an_annotation_changes_the_reading():
    from engine.cards import Annotation
    from engine.rulesets.redemption.render import ruling_id

    plain = _text_card("While blocking, negate Heroes.").played_in("battle").then("phase-ends").verdict()
    case = _text_card("While blocking, negate Heroes.").played_in("battle").then("phase-ends")
    case.annotations = (Annotation("", "D4", "this turn", "turn"),)
    annotated = case.verdict()
    assert plain.persists is False and annotated.persists is True
    assert ruling_id(plain) != ruling_id(annotated)
