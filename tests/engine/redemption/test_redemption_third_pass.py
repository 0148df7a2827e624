"""Issue 22, Redemption third pass: each class a judge found is a rule over wording or an input, checked on our
own sentences and on several real cards (read from ../shared/data; skipped when it is absent). Scenarios follow
"Defining Duration" (Land of Redemption)."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from engine.cards import Card
from engine.matching import Matcher
from engine.names import base_name
from engine.rulesets.redemption import judge
from engine.rulesets.redemption.parts import split_parts
from engine.rulesets.redemption.printings import printing_rank
from engine.rulesets.redemption.terms import _sentences, read_card
from tests.engine.redemption.redemption_builder import real_cards


def card(text: str, type: str = "Hero", name: str = "Test Card", card_class: str = "") -> Card:
    return Card("redemption", name, "T", type=type, text=text, card_class=card_class)


def real(name: str) -> Card:
    return real_cards()[name]


# --- 1. the passive of a lasting verb lasts as the active does ---------------------------------------------------

@pytest.mark.parametrize("text", [
    "All Pharisees and Sadducees are ignored.",
    "If blocking Jacob, all good strength is ignored.",
    "Heroes in battle are protected from capture.",
    "Evil Characters' toughness is decreased by 2.",
    "Opponent's Heroes are immune to first strike.",
])
def test_passive_lasting_wording_lasts_to_the_end_of_the_phase_like_the_active(text):
    played = judge(card(text), "battle", ["leaves-battle"])
    assert played.part.lasting is True and played.persists is True  # D1: removal does not end it
    assert played.part.upper_bound.rule == "D1"
    assert judge(card(text), "battle", ["phase-ends"]).persists is False


@pytest.mark.parametrize("name", ["Child of Great Wisdom", "Gifts for Esau", "Elijah", "Rhoda (EC)",
                                  "Lydia (H)"])
def test_real_passive_abilities_last_the_phase(name):
    verdict = judge(real(name), "battle", ["leaves-battle"])
    assert verdict.part.lasting is True and verdict.persists is True
    assert judge(real(name), "battle", ["phase-ends"]).persists is False


_PASSIVE = re.compile(r"\b(?:is|are)\s+(?:\w+\s+)?(?:ignored|protected|negated|prevented|restricted|immune)\b",
                      re.I)


def test_every_real_part_with_a_passive_lasting_verb_is_read_as_lasting():
    """Over the whole real catalog: a sentence saying a card 'is ignored' / 'are protected' (not the
    ability-type marker "Cannot be negated", which the reader sets aside) makes its part lasting."""
    found = instant = 0
    for c in real_cards().values():
        for reading in read_card(c):
            if any(_PASSIVE.search(s) for s in _sentences(reading.part.text)):
                found += 1
                instant += not reading.lasting
    assert found >= 25 and instant == 0


# --- 2. part labels as printed, and long names ------------------------------------------------------------------

@pytest.mark.parametrize(("name", "asked", "label"), [
    ("Angel of God [2023 - National]", "D", "DOMINANT"),
    ("Angel of God [2023 - National]", "dominant", "DOMINANT"),
    ("Angel of God [2023 - National]", "H", "HERO"),
    ("Angel of God [2023 - National]", "Hero", "HERO"),
    ("Sprinkled Blood", "A", "ART"),
    ("Sprinkled Blood", "artifact", "ART"),
    ("Sprinkled Blood", "GE", "GE"),
])
def test_a_part_is_found_by_its_printed_label_or_long_name(name, asked, label):
    assert judge(real(name), part=asked).part.label == label


def test_every_printed_label_of_the_real_catalog_names_its_part():
    checked = 0
    for c in real_cards().values():
        parts = split_parts(c.text)
        labels = [p.label for p in parts]
        for part in parts:
            if part.printed and labels.count(part.label) == 1:
                assert judge(c, part=part.printed).part.label == part.label, (c.name, part.printed)
                checked += 1
    assert checked > 500


def test_an_unknown_part_lists_the_printed_labels_with_their_long_names():
    with pytest.raises(ValueError, match=r"its parts are: D \(DOMINANT\), H \(HERO\)\."):
        judge(real("Angel of God [2023 - National]"), part="EC")


# --- 6. the default printing follows the documented order on every reprinted card --------------------------------

def test_a_cards_name_answers_its_default_printing_for_every_reprinted_card():
    """README: a card's name answers its default printing — Rotation-legal first, a regular release over a
    variant, the newer set; the name typed exactly as one printing's whole name ("Falling Away", the Women one, which
    prints the bare title) answers that printing, the others said beside it (blind round redemption-seed42011)."""
    cards = list(real_cards().values())
    matcher = Matcher(cards, prefer=printing_rank)
    families: dict[str, list[Card]] = defaultdict(list)
    for c in cards:
        families[base_name(c.name)].append(c)
    checked = 0
    for name, printings in families.items():
        if len(printings) < 2:
            continue
        result = matcher.match(name)
        if result.card is None or result.card not in printings or len(result.printings) < 2:
            continue  # the name is asked back or belongs to another card: no default printing to check
        if result.chosen == "title":  # one printing's whole name: that printing (tests/engine/test_exact_name_wins)
            assert result.card.name == name, (name, result.card.label)
            continue
        best = max(printing_rank(c) for c in result.printings)
        assert printing_rank(result.card) == best, (name, result.card.label)
        checked += 1
    assert checked > 300
    falling = matcher.match("Falling Away")
    assert falling.card == real("Falling Away") and falling.chosen == "title"
    assert matcher.match("Falling Away (Wom)").card == real("Falling Away")  # the label still names it
    assert matcher.match("Falling Away (CoW)").card.legality == "Rotation"


# --- 3. whose turn and how many players: "your next turn", "their next turn", "next turn" ------------------------

@pytest.mark.parametrize(("turn", "players", "mine_ends_after"), [
    (None, None, 3),       # two players, your turn: the rest of yours, theirs, then your next one
    ("mine", 2, 3),
    ("theirs", 2, 2),      # on their turn: the rest of theirs, then yours
    ("mine", 4, 5),        # three opponents play before your next turn
    ("theirs", 4, 2),      # an opponent's turn is taken as the one just before yours
])
def test_your_next_turn_is_counted_from_whose_turn_it_is_and_how_many_play(turn, players, mine_ends_after):
    c = card("Restrict evil Dominants until the end of your next turn.")
    ends = ["turn-ends"] * mine_ends_after
    assert judge(c, "battle", ends[:-1], turn=turn, players=players).persists is True
    done = judge(c, "battle", ends, turn=turn, players=players)
    assert done.persists is False and done.part.upper_bound.rule == "D4"


@pytest.mark.parametrize(("text", "turn", "count"), [
    ("Restrict opponent from playing Dominants until the end of their next turn.", "mine", 2),
    ("Restrict opponent from playing Dominants until the end of their next turn.", "theirs", 3),
    ("Opponent may not make a rescue attempt next turn.", "mine", 2),
    ("Opponent may not make a rescue attempt next turn.", "theirs", 2),
])
def test_their_next_turn_and_the_next_turn(text, turn, count):
    assert judge(card(text), "battle", ["turn-ends"] * (count - 1), turn=turn).persists is True
    assert judge(card(text), "battle", ["turn-ends"] * count, turn=turn).persists is False


def test_the_answer_says_what_it_assumed_about_the_table():
    c = card("Restrict evil Dominants until the end of your next turn.")
    assumed = judge(c, "battle")
    (note,) = [n for n in assumed.trace.interpretations if n.id == "next-turn"]
    assert "taken as yours" in note.text and "taken as 2" in note.text and "--" not in note.text
    said = judge(c, "battle", turn="theirs", players=3)
    (note,) = [n for n in said.trace.interpretations if n.id == "next-turn"]
    assert "not given" not in note.text and "3 players" in note.text


@pytest.mark.parametrize(("name", "zone", "count"), [
    ("Besieging the City", "battle", 2), ("Great Mourning", "battle", 2), ("Displeased Philistines", "battle", 2),
])
def test_real_next_turn_cards(name, zone, count):
    assert judge(real(name), zone, ["turn-ends"] * (count - 1)).persists is True
    assert judge(real(name), zone, ["turn-ends"] * count).persists is False


@pytest.mark.parametrize("bad", [{"turn": "yours"}, {"players": 1}, {"players": 9}])
def test_a_bad_table_is_one_sentence(bad):
    from engine.rulesets.redemption import ScenarioError

    with pytest.raises(ScenarioError):
        judge(card("Negate all Heroes this turn."), "battle", **bad)


# --- 4. an ability that waits for a trigger starts when the scenario says so -------------------------------------

@pytest.mark.parametrize(("name", "start", "length"), [
    ("Kinsman Redeemer", "triggered", "your-next-turn"),          # "If this Hero is successful in battle"
    ("Profane Daughters", "triggered", "their-next-turn"),        # "If block is successful"
    ("Onesimus (PC)", "targeted", "turns:2"),                     # "If ... is captured, release it after 2 turns"
    ("Peter (Ap)", "targeted", "turns:3"),                        # "If taken prisoner, after three turns ..."
    ("Barabbas", "triggered", "your-next-turn"),                  # "If Barabbas is captured, release him ..."
])
def test_real_stated_times_after_a_trigger_start_with_it(name, start, length):
    waiting = judge(real(name), "battle")
    (timed,) = [s for s in waiting.part.terms if s.term.rule == "D4"]
    assert timed.status == "waiting" and timed.term.length == length and start in timed.starts_on
    assert waiting.part.started is False
    from engine.rulesets.redemption.render import summary
    line = summary(waiting)
    assert line.startswith("Active, waiting for") or "; part of it waits for “" in line, line
    # Nothing started: the phase ends the ability (D1), and its time never ran.
    assert judge(real(name), "battle", ["phase-ends"]).persists is False
    # Started: the stated time runs from the trigger, past the phase.
    made = judge(real(name), "battle", [start, "phase-ends"])
    assert made.persists is True and made.part.upper_bound.rule == "D4" and made.part.started is True


# (Sword of Justice [RR2], whose only lasting words are its "After battle, you may reserve this card ...", has
# ended once the battle ends: its action happened then; test_redemption_round4.)
@pytest.mark.parametrize("name", ["Moabite Marauders", "King Darius, the Mede", "The Mocking Thief (GoC)"])
def test_after_battle_waits_for_the_end_of_battle_within_the_d1_default(name):
    played = judge(real(name), "battle", ["leaves-battle"])
    assert played.persists is True and played.part.started is False  # the seed's example: usable all phase
    (wait,) = played.part.waits_for
    assert "battle-ends" in wait.starts_on and "triggered" in wait.starts_on
    after = judge(real(name), "battle", ["battle-ends"])
    assert after.part.started is True and after.persists is True
    assert judge(real(name), "battle", ["battle-ends", "phase-ends"]).persists is False


def test_a_placement_after_battle_starts_at_the_end_of_battle():
    c = card("Negate all evil Enhancements. After battle, place this card on a Hero for 2 turns.", "GE")
    before = judge(c, "battle", ["phase-ends"])
    assert before.persists is False  # the placement was never made
    placed = judge(c, "battle", ["battle-ends", "phase-ends", "turn-ends"])
    assert placed.persists is True and placed.part.upper_bound.rule == "D3"
    # Two turns counted in upkeep (RG3): over in the upkeep of the second turn after the battle's.
    assert judge(c, "battle", ["battle-ends", "turn-ends", "turn-ends"]).persists is True
    assert judge(c, "battle", ["battle-ends", "turn-ends", "turn-ends", "phase-ends"]).persists is False


# --- 5. conditions named by number or word; "unless" -----------------------------------------------------------

@pytest.mark.parametrize(("name", "word"), [("Epaphras", "paul"), ("Aquila", "priscilla"),
                                            ("A Mighty Blow", "demon"), ("Adino, the Eznite", "equipped")])
def test_real_conditions_are_numbered_and_named(name, word):
    played = judge(real(name), "battle")
    (condition,) = played.part.conditions()
    assert condition["number"] == 1 and word in condition["text"].lower()
    for which in ("1", word):
        off = judge(real(name), "battle", [f"condition-false:{which}"])
        assert off.persists is True and off.effective is False
        back = judge(real(name), "battle", [f"condition-false:{which}", f"condition-true:{which}"])
        assert back.effective is True


@pytest.mark.parametrize(("name", "word"), [("Balaam's Disobedience", "angel"),
                                            ("Balaam's Disobedience (FoM)", "angel"),
                                            ("Assyrian Camp", "hezekiah"), ("Darius' Decree", "evil")])
def test_unless_is_switched_off_when_its_words_come_true(name, word):
    zone = "territory" if name == "Assyrian Camp" else "battle"
    (condition,) = judge(real(name), zone).part.conditions()
    assert condition["keyword"] == "unless"
    entered = judge(real(name), zone, [f"condition-true:{word}"])  # "an angel entered play"
    assert entered.persists is True and entered.effective is False
    assert judge(real(name), zone, [f"condition-true:{word}", f"condition-false:{word}"]).effective is True
    assert judge(real(name), zone, ["condition-false"]).effective is False  # unnamed: the ability's condition


def test_two_conditions_are_switched_one_at_a_time():
    c = card("While equipped, Hero gains 2/2. Hero is protected from capture while alone.")
    verdict = judge(c, "battle")
    assert [x["number"] for x in verdict.part.conditions()] == [1, 2]
    one = judge(c, "battle", ["condition-false:alone"])
    assert [x["status"] for x in one.part.conditions()] == ["holds", "off"] and one.effective is True
    both = judge(c, "battle", ["condition-false:alone", "condition-false:1"])
    assert both.effective is False


def test_an_unknown_condition_lists_the_parts_conditions():
    with pytest.raises(ValueError, match=r"no condition '3'; its conditions are: 1\. “While equipped”"):
        judge(real("Adino, the Eznite"), "battle", ["condition-false:3"])
    with pytest.raises(ValueError, match="no condition to switch"):
        judge(card("Negate all Heroes this turn."), "battle", ["condition-false:1"])


def test_a_leading_if_checked_as_it_resolves_is_no_condition():
    assert judge(real("Ahimaaz (FoM)"), "battle").part.conditions() == []  # "If David is in play, negate ..."
    assert judge(card("Discard a Hero if David is in play."), "battle").part.lasting is False


# --- 7. every event is in the trace, with why it changes nothing; D5 is a bound of its own ---------------------

_EVENTS = ["phase-ends", "turn-ends", "round-ends", "battle-ends", "leaves-play", "leaves-battle", "leaves-territory",
           "deactivated", "result-changed", "reset", "condition-false", "condition-true", "targeted", "triggered"]


def test_every_event_of_every_scenario_appears_in_the_trace_over_real_cards():
    import random

    rng = random.Random(22)
    cards = sorted(real_cards().values(), key=lambda c: c.name)
    for c in rng.sample(cards, 150):
        events = rng.sample(_EVENTS, 4)
        if not judge(c, None).part.conditions():  # condition events are refused for a part without one
            events = [e for e in events if not e.startswith("condition-")]
        verdict = judge(c, None, events)
        for index in range(1, len(events) + 1):
            steps = [s for s in verdict.trace.steps if s.event == index]
            assert steps, (c.name, events, index)


@pytest.mark.parametrize(("text", "event", "why"), [
    ("Negate all Heroes this turn.", "leaves-play", "D4 “this turn” stands alone: leaving play does not end it"),
    ("Negate all Heroes this turn.", "result-changed", "no term of this ability hangs on a targeted result"),
    ("Discard a Hero.", "phase-ends", "an instant effect has nothing that lasts"),
])
def test_an_event_that_changes_nothing_says_why(text, event, why):
    steps = [s for s in judge(card(text), "battle", [event]).trace.steps if s.event == 1]
    assert len(steps) == 1 and "changes nothing" in steps[0].decision and why in steps[0].decision


@pytest.mark.parametrize("name", ["Boasting of Riches", "Breaking the Covenant", "Destructive Sin", "Defiant"])
def test_d5_beside_a_d3_bound_is_a_bound_of_its_own_not_a_switch(name):
    bound = judge(real(name), "territory").part.upper_bound
    assert bound.rule == "D3" and "D5" in bound.why and "bound of its own" in bound.why
    assert "switches" not in bound.why


# --- blind review 2: "after N turns" is when the card undoes its own result --------------------------------------

@pytest.mark.parametrize(("name", "zone", "turns"), [("Arrest in Gethsemane", "territory", 3),
                                                     ("Chamber of Angels", "territory", 2)])
def test_a_delayed_action_after_n_turns_ends_the_result_it_undoes(name, zone, turns):
    events = ["targeted"] + ["turn-ends"] * turns + ["phase-ends"]  # counted in the upkeep (RG3)
    assert judge(real(name), zone, events[:-1]).persists is True
    done = judge(real(name), zone, events)
    assert done.persists is False and done.part.upper_bound.rule == "D3"


def test_each_turn_and_each_of_your_turns_are_counted_with_the_table():
    c = Card("redemption", "T", "T", type="Fortress",
             text="During each of your turns, you may draw 1. Each turn, opponent discards a card.")
    verdict = judge(c, "territory", ["turn-ends", "turn-ends", "turn-ends"], players=3)
    said = [s.decision for s in verdict.trace.steps if "next turn is" in s.decision]
    assert said[:2] == ["the next turn is an opponent's: “each of your turns” does not act in it (it counts only "
                        "your turns)", "the next turn is an opponent's: “each turn” acts again in it"]
    assert said[4] == "the next turn is yours: “each of your turns” acts again in it"  # after the third turn end
    (note,) = [n for n in verdict.trace.interpretations if n.id == "turn-order"]
    assert "taken as yours" in note.text and "3 players" in note.text
    theirs = judge(c, "territory", ["turn-ends"], turn="theirs")
    assert next(s.decision for s in theirs.trace.steps if "next turn is" in s.decision).startswith(
        "the next turn is yours")


@pytest.mark.parametrize("name", ["Poison of Dragons (Pi)", "Chemosh"])
def test_real_each_turn_wording_is_counted_turn_by_turn(name):
    verdict = judge(real(name), None, ["targeted", "turn-ends"])
    assert verdict.persists is True
    assert any("next turn is an opponent's" in s.decision and "each turn" in s.decision for s in verdict.trace.steps)


# --- blind review 3: an action that waits for success in battle is a standing trigger ------------------------------

@pytest.mark.parametrize("name", ["Joshua", "King Ben-Hadad I", "King Tiglath-Pileser III", "Prince of the Air",
                                  "Repentance and Restitution"])
def test_if_successful_waits_within_the_d1_default(name):
    played = judge(real(name), "battle", ["leaves-battle"])
    assert played.part.lasting is True and played.persists is True and played.part.started is False
    made = judge(real(name), "battle", ["triggered"])
    assert made.part.started is True and made.persists is True
    assert judge(real(name), "battle", ["triggered", "phase-ends"]).persists is False


# --- blind review 4: "place on" in the middle of a clause moves another card -----------------------------------

@pytest.mark.parametrize("name", ["Ahimelech, Priest at Nob", "Crippling Demon", "David's Tent", "King Pekah",
                                  "Seemingly Insignificant"])
def test_placing_another_card_mid_clause_is_no_placement_of_this_card(name):
    assert not any(t.text.endswith("(placement)") for r in read_card(real(name)) for t in r.terms)


@pytest.mark.parametrize("name", ["Roman Citizenship", "A Royal Priesthood", "Turn to Egypt", "Paying Taxes (CoW AB)",
                                  "Testing of Job (RoJ)"])
def test_a_card_that_opens_a_clause_placing_itself_still_does(name):
    verdict = judge(real(name), "territory", ["turn-ends", "turn-ends"])
    assert verdict.persists is True and verdict.part.upper_bound.rule == "D3"
    assert judge(real(name), "territory", ["leaves-play"]).persists is False
