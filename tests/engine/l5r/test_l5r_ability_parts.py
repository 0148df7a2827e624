"""An ability whose sentences each have their own length or delayed point (blind review 32011, class 6): each part is
followed on its own through the same events and the first line says what each has done, over every real card with
such parts. A delayed part fires once at its own point (rules.l5r.com, CE Glossary D, "Delay"), and its "if ..."
is checked as it fires against what happened."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import read_card
from engine.rulesets.l5r.durations import AFTER_LATER, Form, read_terms
from engine.rulesets.l5r.lifetime import PERIOD_EVENT, choose
from engine.rulesets.l5r.parts import sentences, split_parts
from tests.engine.l5r.l5r_real import duration, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()


def _with_parts():
    found = []
    for card in real_cards() if HAVE else ():
        for ability in read_card(card):
            text = ability.rules_text or ability.text
            main = choose(ability.terms, text, None, made_by=ability.kind.value).main
            if split_parts(text, main) and duration(card=f"{card.name}#{ability.index}").get("parts"):
                found.append((f"{card.name}#{ability.index}", ability))
    return found


PARTS = _with_parts()
EVENTS = ["action-resolves", "duel-ends", "battle-ends", "phase-ends", "turn-ends"]


def test_the_class_holds_the_judged_card_and_its_kin():
    names = {n for n, _ in PARTS}
    assert {"Tamori Kazushige#2", "Bayushi Misaki#1", "Wedge#1", "Gekido no Oni#2", "Unforgivable#1",
            "Harsh Taskmaster#1"} <= names
    assert len(PARTS) >= 25


def _grant_is_a_part(ability) -> bool:
    """A grant that is a part of its own, not what a delayed part does when it fires (Reprisal: "After this Attack
    Phase ends, ..., declare an additional Attack Phase")."""
    text = ability.rules_text or ability.text
    main = choose(ability.terms, text, None, made_by=ability.kind.value).main
    return any(lead.form is Form.ADDITIONAL for _, lead, _ in split_parts(text, main))


GRANTS = [(n, a) for n, a in PARTS if _grant_is_a_part(a)]


@pytest.mark.parametrize(("item", "ability"), GRANTS, ids=[n for n, _ in GRANTS])
def test_a_grant_of_additional_actions_is_a_part_that_comes_after_its_action(item, ability):
    answer = duration(card=item, then=["action-resolves"])
    grant = next(p for p in answer["parts"] if p["kind"] == "additional")
    assert f"“{grant['short']}” comes once the granting action has ended" in answer["summary"]


def test_sentences_keep_a_granted_ability_in_quotes_whole():
    text = 'Limited: Permanently give him the trait, "After a Straighten Phase begins: Negate it this phase." Bow him.'
    assert sentences(text) == ['Limited: Permanently give him the trait, "After a Straighten Phase begins: Negate it '
                               'this phase."', "Bow him."]


@pytest.mark.parametrize(("item", "ability"), PARTS, ids=[n for n, _ in PARTS])
def test_each_part_is_followed_and_said_in_the_first_line(item, ability):
    answer = duration(card=item, then=EVENTS)
    parts = answer.get("parts", [])
    assert len(parts) >= 2 and sum(p["followed"] for p in parts) == 1
    sentences_read = re.split(r"(?<=\.)\s+(?=[A-Z“])", answer["summary"])
    assert all(len(s.split()) < 40 for s in sentences_read), answer["summary"]
    for part in parts:
        assert part["short"].rstrip(" …")[:30] in answer["summary"]
        # whole, or cut after a whole word of the card's text
        head = part["short"].removesuffix(" …")
        at = part["words"].find(head)
        assert at >= 0 and not part["words"][at + len(head):at + len(head) + 1].isalnum(), part["short"]
        assert part["words"] in ability.rules_text
        assert len(part["timeline"]) == len(EVENTS)
        if part["kind"] == "delayed" and AFTER_LATER.fullmatch(part["lead"]):
            # an occurrence that may never come ("after he assigns"): not given, it never fired by the turn's end
            assert part["state"] == "expired", part["timeline"]
        elif part["kind"] in ("delayed", "delay") and not part["words"].lower().count("next"):
            # a delayed point of this turn or a period inside it has come by the turn's end: it fired once
            fired = [p["event"] for p in part["timeline"] if p["state"] == "fired"]
            assert fired and fired[-1] == "turn-ends", (part["words"], part["timeline"])
        if part["kind"] in ("phase", "battle", "duel", "turn"):
            ended = next(p["event"] for p in part["timeline"] if not p["persists"] and p["event"] != "action-resolves")
            assert ended == PERIOD_EVENT[part["kind"]], (part["words"], part["timeline"])


def _named_points(ability):
    text = ability.rules_text
    main = choose(ability.terms, text, None, made_by=ability.kind.value).main
    return [lead for _, lead, _ in split_parts(text, main) if lead.form is Form.DELAYED_POINT]


TWO_DELAYS = [(n, a) for n, a in PARTS if len(_named_points(a)) >= 2]


@pytest.mark.parametrize(("item", "ability"), TWO_DELAYS, ids=[n for n, _ in TWO_DELAYS])
def test_two_delayed_parts_fire_each_at_its_own_point(item, ability):
    first, second = _named_points(ability)[:2]
    point = re.sub(r"^(?:before|after|when)\s+", "", first.words, flags=re.I)
    answer = duration(card=item, then=["action-resolves", f"occurs:{point}"])
    states = {p["lead"]: p["state"] for p in answer["parts"]}
    assert (states[first.words], states[second.words]) == ("fired", "waiting")
    assert "has fired" in answer["summary"] and "still waiting to fire" in answer["summary"]
    again = duration(card=item, then=["action-resolves", f"occurs:{point}", f"occurs:{point}"])
    assert {p["lead"]: p["state"] for p in again["parts"]}[first.words] == "fired"
    assert "it fires once" in again["parts"][[p["lead"] for p in again["parts"]].index(first.words)][
        "timeline"][-1]["why"]


IF_PARTS = [(n, a) for n, a in TWO_DELAYS if re.search(r"Before this turn ends, if [^,]* not ", a.rules_text)]


@pytest.mark.parametrize(("item", "ability"), IF_PARTS, ids=[n for n, _ in IF_PARTS])
def test_a_second_parts_if_is_checked_when_it_fires(item, ability):
    clause = re.search(r"Before this turn ends, if ([^,]*)", ability.rules_text).group(1)
    happened = re.sub(r"\s+this turn$", "", re.sub(r"\bnot\s+", "", clause))  # what would make it fail
    failed = duration(card=item, then=["action-resolves", "phase-ends", f"occurs:{happened}", "turn-ends"])
    assert [p["state"] for p in failed["parts"]] == ["fired", "fired"]
    assert "condition failed, so nothing happened" in failed["summary"]
    held = duration(card=item, then=["action-resolves", "phase-ends", "turn-ends"])
    assert "condition failed" not in held["summary"] and "taken to hold" in held["summary"]
    assert any(n["id"] == "delayed-if" for n in held["interpretations"])


def test_the_class_of_two_delays_with_an_if():
    assert {"Tamori Kazushige#2", "Bayushi Misaki#1"} <= {n for n, _ in IF_PARTS}


def test_a_part_after_a_delayed_effect_naming_no_point_is_no_part_of_its_own():
    text = ("Interrupt: After the first time it destroys one of your cards, target an enemy Personality. Your "
            "Personalities have +1F/+1C while opposing the target this turn.")
    main = choose(read_terms(text), text, None, made_by="interrupt").main
    assert split_parts(text, main) == []
