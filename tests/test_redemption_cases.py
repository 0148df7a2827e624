"""The worked cases of the design doc (taken from the seed article), as scenario tests.

Each case runs twice: on the starter set (our words plus moderator annotations) and on the real card
text (terms read from the printed words alone), so the rule is checked, not one spelling of a card.
"""

from __future__ import annotations

import pytest

from tests.redemption_builder import Case, real_card, starter_card

# (card in the starter set, card in the real data, zone, events, persists, effective, upper bound, rules cited)
WORKED = [
    pytest.param("Adino, the Eznite", "Adino, the Eznite", "battle", ["phase-ends"],
                 False, False, "D1", {"D8", "D1", "D9"}, id="adino-equipped-phase-ends"),
    pytest.param("Adino, the Eznite", "Adino, the Eznite", "battle", [],
                 True, True, "D1", {"D8", "D1"}, id="adino-in-battle"),
    pytest.param("Adino, the Eznite", "Adino, the Eznite", "battle", ["condition-false"],
                 True, False, "D1", {"D8", "D1"}, id="adino-loses-weapon"),
    pytest.param("Achim, the Compiler / Achim, the Talmid (LoC)", "Achim, the Compiler / Achim, the Talmid (LoC)",
                 "territory", ["phase-ends", "turn-ends", "phase-ends"],
                 True, True, "D6", {"D8", "D6"}, id="achim-territory-across-phases"),
    pytest.param("Achim, the Compiler / Achim, the Talmid (LoC)", "Achim, the Compiler / Achim, the Talmid (LoC)",
                 "territory", ["leaves-territory"], False, False, "D6", {"D8", "D6"}, id="achim-leaves-territory"),
    pytest.param("Achim, the Compiler / Achim, the Talmid (LoC)", "Achim, the Compiler / Achim, the Talmid (LoC)",
                 "battle", ["leaves-play"], True, True, "D1", {"D8", "D1"}, id="achim-discarded-from-battle"),
    pytest.param("Achim, the Compiler / Achim, the Talmid (LoC)", "Achim, the Compiler / Achim, the Talmid (LoC)",
                 "battle", ["leaves-play", "phase-ends"], False, False, "D1", {"D8", "D1"},
                 id="achim-discarded-then-phase-ends"),
    pytest.param("The Serpent (Promo)", "The Serpent (Promo)", "territory", ["phase-ends", "turn-ends"],
                 True, True, "D3", {"D3"}, id="serpent-paralysis-outlasts-phase"),
    pytest.param("The Serpent (Promo)", "The Serpent (Promo)", "territory", ["phase-ends", "result-changed"],
                 False, False, "D3", {"D3"}, id="serpent-paralysis-healed"),
    pytest.param("The Sordid Spirit (GoC)", "The Sordid Spirit (GoC)", "territory",
                 ["phase-ends", "turn-ends", "round-ends"], True, True, "D3", {"D3"}, id="sordid-placement-stays"),
    pytest.param("The Sordid Spirit (GoC)", "The Sordid Spirit (GoC)", "territory", ["turn-ends", "result-changed"],
                 False, False, "D3", {"D3"}, id="sordid-placement-ends"),
    pytest.param("Teaching in Parables (GoC)", "Teaching in Parables (GoC)", "battle", ["phase-ends"],
                 True, True, "D4", {"D4"}, id="parables-this-turn-outlasts-phase"),
    pytest.param("Teaching in Parables (GoC)", "Teaching in Parables (GoC)", "battle", ["turn-ends"],
                 False, False, "D4", {"D4"}, id="parables-turn-ends"),
    pytest.param("Three Woes (RoJ)", "Three Woes (RoJ)", "territory", ["result-changed"],
                 False, False, "D3", {"D3", "D4"}, id="three-woes-placement-ends-mid-round"),
    pytest.param("Three Woes (RoJ)", "Three Woes (RoJ)", "territory", ["turn-ends"],
                 True, True, "D3", {"D3", "D4"}, id="three-woes-still-placed"),
    pytest.param("Hezekiah's Signet Ring", "Hezekiah's Signet Ring", "artifact-pile", ["leaves-play"],
                 False, False, "D7", {"D7"}, id="artifact-leaves-play-mid-phase"),
    pytest.param("Hezekiah's Signet Ring", "Hezekiah's Signet Ring", "artifact-pile", ["deactivated"],
                 False, False, "D7", {"D7"}, id="artifact-deactivated"),
    pytest.param("Hezekiah's Signet Ring", "Hezekiah's Signet Ring", "artifact-pile", ["phase-ends", "turn-ends"],
                 True, True, "D7", {"D7"}, id="artifact-stays-active"),
    pytest.param("Jerusalem Tower (Roots)", "Jerusalem Tower (Roots)", "territory", ["leaves-play"],
                 False, False, "D7", {"D7"}, id="fortress-leaves-play-mid-phase"),
    pytest.param("Voice from Heaven (GoC)", "Voice from Heaven (GoC)", "territory", ["leaves-play"],
                 True, True, None, set(), id="voice-from-heaven-leaves-play"),
    pytest.param("Moabite Marauders", "Moabite Marauders", "battle", ["leaves-battle"],
                 True, True, "D1", {"D1"}, id="marauders-removed-from-battle"),
    pytest.param("Moabite Marauders", "Moabite Marauders", "battle", ["leaves-battle", "phase-ends"],
                 False, False, "D1", {"D1"}, id="marauders-phase-ends"),
    pytest.param("Captain of the Host (Wa)", "Captain of the Host (Wa)", "battle", ["leaves-play"],
                 True, True, "D1", {"D1"}, id="captain-discarded-by-martyr"),
]


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
    verdict = case.played_in("territory").then("turn-ends", "turn-ends").verdict()
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
