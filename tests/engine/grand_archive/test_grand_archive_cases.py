"""Grand Archive: every worked case of the seed and the design doc, plus the official rules' own examples, as
scenarios through the real engine on the starter set."""

from __future__ import annotations

import pytest

from engine.interface import QuestionError
from engine.rulesets.grand_archive import judge


def effect_on(answer: dict, obj: str, card: str) -> dict:
    entry = next(o for o in answer["objects"] if o["object"] == obj)
    return next(e for e in entry["effects"] if e["card"].startswith(card))


def test_seed_inspiring_call_misses_an_ally_entering_after_it():  # GA1
    answer = judge([("effect", "Inspiring Call"), ("object", "ally")])
    effect = effect_on(answer, "ally", "Inspiring Call")
    assert (effect["kind"], effect["layer"], effect["applies"]) == ("one-shot", "E", False)
    assert "GA1" in effect["rules"] and "entered at 2, after it" in effect["why"]
    assert effect["text"].startswith("Allies you control get +1 POWER")


def test_inspiring_call_reaches_an_ally_already_there_until_end_of_turn():  # GA1, GA11
    before = judge([("object", "ally"), ("effect", "Inspiring Call")])
    effect = effect_on(before, "ally", "Inspiring Call")
    assert (effect["applies"], effect["status"], effect["timestamp"]) == (True, "active", 2)
    assert before["objects"][0]["order"] == [effect["card"]]
    after = judge([("object", "ally"), ("effect", "Inspiring Call"), ("then", "end-of-turn")])
    effect = effect_on(after, "ally", "Inspiring Call")
    assert (effect["applies"], effect["status"]) == (False, "ended")
    assert "GA11" in effect["rules"]


def test_seed_claude_gives_a_later_automaton_both_abilities():  # GA2, GA7
    answer = judge([("effect", "Claude, Fated Visionary"), ("object", "ally:automaton")])
    obj = answer["objects"][0]
    changes = {e["change"] for e in obj["effects"] if e["applies"]} if "change" in obj["effects"][0] else set()
    assert changes == {"taunt", '"On Death: Glimpse 3."'}
    assert all(e["kind"] == "static" and e["layer"] == "D" and e["timestamp"] == 1 for e in obj["effects"])
    assert {"GA2", "GA7"} <= set(obj["effects"][0]["rules"])
    assert obj["result"]["abilities"] == ["taunt", '"On Death: Glimpse 3."']


def test_claude_does_not_reach_a_non_automaton_or_an_opponents_automaton():
    answer = judge([("effect", "Claude"), ("object", "ally"), ("object", "ally:automaton:opponent")])
    plain, theirs = answer["objects"]
    assert plain["effects"] == []  # an ally that is no Automaton could never be in the set
    assert all(not e["applies"] and "controller" in e["why"] for e in theirs["effects"])


def test_seed_nullifying_lantern_makes_a_later_graveyard_card_norm():  # GA2
    answer = judge([("effect", "Nullifying Lantern"), ("object", "attack@graveyard")])
    effect = effect_on(answer, "attack@graveyard", "Nullifying Lantern")
    assert (effect["kind"], effect["layer"], effect["applies"], effect["change"]) == ("static", "C", True,
                                                                                     "norm element")
    assert answer["objects"][0]["result"] == {"element": "norm element"}


def test_seed_lantern_losing_its_abilities_still_applies_in_layer_c():  # GA5
    answer = judge([("effect", "Nullifying Lantern"), ("object", "card@graveyard"),
                    ("then", "loses-abilities:Nullifying Lantern")])
    effect = effect_on(answer, "card@graveyard", "Nullifying Lantern")
    assert effect["applies"] and effect["status"] == "active"
    assert "layer C applies before the loss in layer D" in effect["why"]
    assert answer["order"] == ["Nullifying Lantern (1)", "loses-abilities: Nullifying Lantern"]
    assert [r["reason"].split(" ")[1] for r in answer["order_reasons"]] == ["C", "D"]


def test_fracturize_on_the_lantern_keeps_its_element_change():  # the seed's picture: Fracturize
    answer = judge([("effect", "Nullifying Lantern"), ("object", "card@graveyard"),
                    ("effect", "Fracturize -> Nullifying Lantern")])
    assert effect_on(answer, "card@graveyard", "Nullifying Lantern")["applies"]
    lantern = next(o for o in answer["objects"] if o["object"] == "Nullifying Lantern")
    assert lantern["result"]["types"] == "cleric fractal phantasia"
    # "loses all other abilities": the reservable it gains in the same effect stays
    assert lantern["result"]["abilities"] == ["reservable"]
    assert [e["layer"] for e in lantern["effects"] if e["applies"]] == ["B", "D", "D"]


def test_official_dependency_caliburn_before_mordred():  # GA10 (official page, Dependencies)
    pairs = [("effect", "Mordred, Flawless Blade"), ("object", "attack@graveyard"),
             ("effect", "Caliburn of Silencing@opponent -> Mordred, Flawless Blade")]
    current = judge(pairs)
    mordred = effect_on(current, "attack@graveyard", "Mordred")
    assert not mordred["applies"] and "GA10" in mordred["rules"] and "depends on" in mordred["why"]
    seed = judge(pairs, "previous")
    assert effect_on(seed, "attack@graveyard", "Mordred")["applies"]  # timestamps only: the older grant first
    assert current["ruling_id"] != seed["ruling_id"]


def test_caliburn_loss_ends_at_the_beginning_of_its_controllers_next_turn():
    pairs = [("effect", "Mordred"), ("object", "attack@graveyard"), ("effect", "Caliburn of Silencing@opponent -> #1")]
    with pytest.raises(QuestionError, match="cannot be the target"):
        judge(pairs)
    pairs[2] = ("effect", "Caliburn of Silencing@opponent -> Mordred")
    after = judge([*pairs, ("then", "end-of-turn")])  # your turn ends: the opponent's (Caliburn's) turn begins
    assert effect_on(after, "attack@graveyard", "Mordred")["applies"]
    champion = next(o for o in after["objects"] if o["object"] == "Mordred, Flawless Blade")
    assert champion["effects"][0]["status"] == "ended"


def test_skipped_end_phase_keeps_end_of_turn_effects():  # GA12
    pairs = [("object", "ally"), ("effect", "Inspiring Call"), ("then", "end-phase-skipped")]
    skipped = effect_on(judge(pairs), "ally", "Inspiring Call")
    assert (skipped["applies"], skipped["status"]) == (True, "active")
    ended = effect_on(judge([*pairs, ("then", "end-of-turn")]), "ally", "Inspiring Call")
    assert ended["status"] == "ended" and "skipped" in ended["why"]


def test_claude_leaving_ends_its_static_effect():  # GA3
    answer = judge([("effect", "Claude"), ("object", "ally:automaton"), ("then", "source-leaves:Claude")])
    assert all(e["status"] == "ended" and not e["applies"] for e in answer["objects"][0]["effects"])


def test_as_long_as_switches_off_and_on():  # GA4
    pairs = [("effect", "Krustallan Patrol#3")]  # (paragraph 2, "On Foster: Put a buff counter on ...", is no switch)
    off = judge([*pairs, ("then", "condition-false:Krustallan Patrol")])
    patrol = off["objects"][0] if off["objects"] else None
    assert patrol is None or all(not e["applies"] for e in patrol["effects"])
    assert off["order"] == []
    on = judge([*pairs, ("then", "condition-false:Krustallan Patrol"), ("then", "condition-true:Krustallan Patrol")])
    assert on["order"] == ["Krustallan Patrol (3)"]


def test_are_inside_a_resolving_effect_is_static_for_its_duration():  # issue: "are" inside an effect that resolves
    answer = judge([("effect", "Nullifying Mirror"), ("object", "card@memory:opponent")])
    effect = effect_on(answer, "card@memory:opponent", "Nullifying Mirror")
    assert (effect["kind"], effect["applies"], effect["duration"]["form"]) == ("static", True, "end-of-turn")
    mine = judge([("effect", "Nullifying Mirror"), ("object", "card@memory")])
    assert not effect_on(mine, "card@memory", "Nullifying Mirror")["applies"]


def test_level_up_keeps_the_champion_timestamp_and_starts_the_new_cards_effects():  # GA9
    answer = judge([("object", "champion"), ("object", "ally:beast"), ("then", "level-up:Silvie, Loved by All")])
    beast = answer["objects"][1]
    assert {e["timestamp"] for e in beast["effects"]} == {3}
    assert all(e["applies"] for e in beast["effects"])
    assert answer["objects"][0]["entered"] == 1
    assert "GA9" in answer["rules"]


def test_exclusive_newest_wins():  # GA8
    answer = judge([("object", "card@memory:opponent"), ("effect", "Nullifying Mirror"),
                    ("effect", "Nullifying Mirror")])
    reasons = answer["objects"][0]["order_reasons"]
    assert "overridden by the newer" in reasons[0]["reason"] and "GA8" in reasons[0]["reason"]


@pytest.mark.parametrize(("pairs", "message"), [
    ([("effect", "Claude#3")], "has no paragraph 3; its paragraphs: #1, #2"),
    ([("effect", "Inspiring Call"), ("then", "source-leaves:Claude")], "not in the scenario"),
    ([("effect", "Inspiring Call"), ("object", "dragon:automaton")], "Unknown object kind"),
    ([("effect", "Inspiring Call"), ("then", "sideways")], "Unknown event"),
    ([("effect", "Fracturize")], "needs a target"),
    ([("object", "item"), ("object", "weapon"), ("effect", "Fracturize")], "name it with"),
    ([("object", "ally")], "at least one effect"),
])
def test_bad_input_is_one_sentence_with_the_choices(pairs, message):
    with pytest.raises(QuestionError, match=message):
        judge(pairs)


def test_a_one_time_text_is_answered_not_refused():  # GA16: it happens at once, nothing of it lasts
    whole = judge([("effect", "Spirit of Fire")])  # "On Enter: Draw seven cards."
    assert whole["summary"].startswith("Spirit of Fire's ability happens at once each time it triggers")
    assert "no effect of it lasts" in whole["summary"] and whole["rules"] == ["GA16"]
    assert whole["one_time"][0]["lasts"] is False and whole["effects"] == []
    part = judge([("effect", "Claude#1")])  # Claude's first paragraph is a one-time ability; #2 lasts
    assert part["one_time"][0]["paragraphs"] == ["1"] and "happens at once" in part["summary"]
    assert "happens at once" not in judge([("effect", "Claude#2"), ("object", "ally:automaton")])["summary"]


def test_inside_layer_d_the_newer_effect_applies_last():  # GA6: Mordred's grant and Censer's loss, both layer D
    grant_then_loss = judge([("object", "attack@graveyard"), ("effect", "Mordred"),
                             ("effect", "Censer of Restful Peace")])
    obj = grant_then_loss["objects"][0]
    assert obj["order"] == ["Mordred, Flawless Blade (1)", "Censer of Restful Peace (1)"]
    assert obj["result"] == {"abilities": [], "abilities_lost": "loses all abilities"}
    loss_then_grant = judge([("object", "attack@graveyard"), ("effect", "Censer of Restful Peace"),
                             ("effect", "Mordred")])
    obj = loss_then_grant["objects"][0]
    assert obj["order"] == ["Censer of Restful Peace (1)", "Mordred, Flawless Blade (1)"]
    assert obj["result"]["abilities"] == ["floating memory"]


def test_distant_lasts_to_the_end_of_the_turn_and_next_turn_effects_to_the_end_of_that_turn():
    distant = judge([("object", "champion"), ("effect", "False Step")])
    # (session 7: its "if damage would be dealt to your champion this turn, prevent 2" reaches the champion too)
    effect = next(e for e in next(o for o in distant["objects"] if o["object"] == "champion")["effects"]
                  if e["card"].startswith("False Step") and "distant" in e["change"])
    assert effect["applies"] and effect["duration"]["form"] == "end-of-turn"
    assert "distant (until the end of its controller's turn)" in effect["ends_on"]
    pairs = [("object", "ally:suited"), ("effect", "Verita, Queen of Hearts#3")]
    states = []
    for turns in range(4):
        answer = judge([*pairs, *[("then", "end-of-turn")] * turns])
        states.append(effect_on(answer, "ally:suited", "Verita")["status"])
    assert states == ["active", "active", "active", "ended"]  # this turn, theirs, your next: ends in its clean-up


def test_during_your_next_turn_waits_for_that_turn():
    pairs = [("object", "attack"), ("effect", "Ingress of Sanguine Ire")]
    states = [effect_on(judge([*pairs, *[("then", "end-of-turn")] * n]), "attack", "Ingress")["status"]
              for n in range(4)]
    # (session 5: Ingress is activated only during an opponent's end phase, so the scenario starts on that
    # opponent's turn and "your next turn" is the one after the first end-of-turn)
    assert states == ["not-started", "active", "ended", "ended"]


def test_objects_and_effects_entering_at_once_share_a_timestamp():  # GA13
    answer = judge([("object", "ally:automaton & ally"), ("effect", "Claude & Nullifying Lantern"),
                    ("object", "card@graveyard")])
    assert answer["scenario"] == ["1. object ally:automaton", "1. object ally", "2. effect Claude, Fated Visionary",
                                  "2. effect Nullifying Lantern", "3. object card@graveyard"]
    entered = {o["object"]: o["entered"] for o in answer["objects"]}
    assert entered == {"ally:automaton": 1, "ally": 1, "card@graveyard": 3}
    assert {e["timestamp"] for o in answer["objects"] for e in o["effects"]} == {2}
    assert "GA13" in answer["rules"] and any(n["id"] == "together" for n in answer["interpretations"])


def test_a_token_without_a_type_is_assumed_to_fit_and_the_answer_says_so():
    answer = judge([("effect", "Inspiring Call"), ("object", "token:shadow")])
    effect = effect_on(answer, "token:shadow", "Inspiring Call")
    assert not effect["applies"] and "after it" in effect["why"]
    assert any(n["id"] == "untyped:token:shadow" for n in answer["interpretations"])
    named = judge([("object", "Ominous Shadow"), ("effect", "Inspiring Call")])
    assert effect_on(named, "Ominous Shadow", "Inspiring Call")["applies"]
    assert not any(n["id"].startswith("untyped") for n in named["interpretations"])
