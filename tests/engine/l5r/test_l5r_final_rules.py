"""The final CCG rules (Comprehensive Rules for L5R: Twenty Festivals) as a ruleset version beside the 2008 Timing
page (issue 32, item 5): timing conflicts in three steps (A delay/negation/prevention, B substitution, C every
triggered thing in the active player's order), Interrupts in their action's own step, no Reactions, Gold in the Pay
Costs step. Every answer says which version decided it and whether, and how, the other differs."""

from __future__ import annotations

import pytest

from engine.registry import find_ruleset
from engine.rulesets.l5r.abilities import Kind, read_card
from tests.engine.l5r.l5r_real import duration, order, real_cards
from tests.shared_paths import shared_data_path

AT = "after a Personality is destroyed"


def steps(answer):
    return [(e["item"], e["step"]) for e in answer["order"]]


def test_two_versions_the_2008_page_first():
    versions = find_ruleset("l5r").versions()
    assert list(versions) == ["current", "20f"]
    assert versions["20f"].label == "the final CCG rules (Twenty Festivals)"
    assert "LF1" in find_ruleset("l5r").rules() and "L6" in find_ruleset("l5r").rules()


def test_delayed_effects_of_two_sources_and_a_trait_share_step_c_in_the_active_players_order():
    items = ["delayed:Src1:After a Personality is destroyed, gain 1 Honor",
             "trait:After a Personality is destroyed, draw a card",
             "delayed:Src2:After a Personality is destroyed, lose 1 Honor",
             "delayed:Src1:After a Personality is destroyed, bow him"]
    final = order("20f", at=AT, item=items)
    assert [s for _, s in steps(final)] == ["C", "C", "C", "C"]
    assert [i for i, _ in steps(final)] == [f"{k.split(':')[0]}: {k.split(':')[-1]}" + (
        f" (from {k.split(':')[1]})" if k.startswith("delayed") else "") for k in items]
    assert all("LF1" in e["rules"] for e in final["order"]) and final["ruleset"]["name"] == "20f"
    page = order(at=AT, item=items)
    # the 2008 page groups one source's delayed effects (D), then the trait (E)
    assert [s for _, s in steps(page)] == ["D", "D", "D", "E"]
    assert page["other_ruleset"]["ruleset"] == "20f" and page["other_ruleset"]["same"] is False
    assert final["other_ruleset"]["ruleset"] == "current" and final["other_ruleset"]["same"] is False
    assert "Under the final CCG rules (Twenty Festivals)" in page["explanation"]


def test_a_substitution_is_step_b_in_the_final_rules():
    items = ["trait:After a Personality is destroyed, draw a card",
             "rulebook:Rehonor the Personality instead of the Honor gain"]
    final = order("20f", at="when a Personality would gain Honor", item=items)
    assert ("rulebook: Rehonor the Personality instead of the Honor gain", "B") in steps(final)


def test_a_reaction_has_no_step_in_the_final_rules_and_says_so():
    final = order("20f", at=AT, item=["reaction:After a Personality is destroyed, gain 1 Honor",
                                      "trait:After a Personality is destroyed, draw a card"])
    assert [s for _, s in steps(final)] == ["C", "F"]
    assert any(n["id"] == "final-reactions" for n in final["interpretations"])


def test_gold_for_a_cost_comes_in_the_pay_costs_step():
    final = order("20f", at="when you pay the Gold cost to Recruit a Personality", item=["Carrion's Breath"])
    assert final["order"][0]["step"] == "gold" and final["order"][0]["rules"] == ["LF4"]


def _interrupts():
    out = []
    for card in real_cards():
        for a in read_card(card):
            if a.kind is Kind.INTERRUPT and a.timing == "after" and not a.reminder:
                out.append((f"{card.name}#{a.index}", a.occurrence))
    return out


INTERRUPTS = _interrupts() if shared_data_path("l5r").exists() else []


def test_the_interrupt_class_holds_the_real_interrupts():
    assert len(INTERRUPTS) >= 80
    assert {"Plain Library#3", "Rich Vein#2", "Zaiko#1"} <= {n for n, _ in INTERRUPTS}


@pytest.mark.parametrize(("item", "occurrence"), INTERRUPTS, ids=[n for n, _ in INTERRUPTS])
def test_an_interrupt_at_its_after_point(item, occurrence):
    at = f"after {occurrence}"
    final = order("20f", at=at, item=[item], by="you", times="1", active="you")
    page = order(at=at, item=[item], by="you", times="1", active="you")
    for answer in (final, page):
        assert answer["order"] or answer["skipped"]
    if final["order"]:
        # its "after ..." words wait, as a delayed effect, for the interrupted action's effects (step C); what
        # answers the announcement or the chosen targets is taken in the action's own Interrupt step
        assert final["order"][0]["step"] in ("C", "I") and "LF2" in final["order"][0]["rules"]
    if page["order"]:
        # the 2008 page: a delayed effect the Interrupt made while the action was under way (step D)
        assert page["order"][0]["step"] == "D"
        assert any(n["id"] == "interrupt-as-delayed" for n in page["interpretations"])


def test_an_interrupt_to_an_announced_action_is_its_own_step_first():
    final = order("20f", at="after another player announces a Battle action",
                  item=["trait:After another player announces a Battle action, draw a card",
                        "Reserve Commander"], by="opponent")
    placed = steps(final)
    if any(s == "I" for _, s in placed):
        assert placed[0][1] == "I"


def test_durations_answer_the_same_and_say_the_version():
    text = "Battle: After the next battle ends, dishonor him."
    final = duration("20f", text=text, then=["action-resolves", "battle-ends", "battle-ends"])
    page = duration(text=text, then=["action-resolves", "battle-ends", "battle-ends"])
    assert [p["state"] for p in final["timeline"]] == [p["state"] for p in page["timeline"]]
    assert final["ruleset"]["name"] == "20f" and final["ruling_id"] != page["ruling_id"]


def test_a_delayed_clause_is_judged_by_its_own_words_not_its_traits_substitution():
    # Watch Commander: "... who enters the duel instead. After the duel ends, remove him ..." - the removal is a
    # delayed effect (step C), not the substitution the first sentence makes
    final = order("20f", at="after the duel ends", item=["Watch Commander"])
    assert steps(final) == [("Watch Commander", "C")]
