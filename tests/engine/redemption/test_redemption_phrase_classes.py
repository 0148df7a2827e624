"""Phrase classes of card text (issue 14): each is a rule over wording, checked on our own sentences and on
several real cards (read from ../shared/data; skipped when it is absent). Scenarios follow "Defining Duration"."""

from __future__ import annotations

import pytest

from engine.cards import Annotation, Card
from engine.rulesets.redemption import judge
from engine.rulesets.redemption.parts import split_parts
from engine.rulesets.redemption.terms import read_card
from tests.engine.redemption.redemption_builder import real_cards


def card(text: str, type: str = "Hero", name: str = "Test Card", card_class: str = "") -> Card:
    return Card("redemption", name, "T", type=type, text=text, card_class=card_class)


def real(name: str) -> Card:
    return real_cards()[name]


def reading(c: Card, label: str = ""):
    return next(r for r in read_card(c) if r.part.label == label)


def ids(verdict) -> set[str]:
    return {n.id for n in verdict.trace.interpretations}


# --- 1. standing grants and abilities that wait for a later event are lasting -------------------------------

@pytest.mark.parametrize("text", [
    "Hero has first strike ability.",
    "This Hero has access to any Site.",
    "Heroes cannot be blocked by Evil Characters with toughness 5 or less.",
    "If your Hero is discarded by an opponent, you may return it to hand instead.",
    "After a successful rescue attempt, you may draw 2.",
    "The next time that Hero enters battle, it gains 2/2.",
    "If Lysias blocks, he may be placed on a site.",
    "When opponent makes a successful rescue, draw 1.",
])
def test_standing_grants_triggers_and_replacements_are_lasting(text):
    assert reading(card(text)).lasting is True


@pytest.mark.parametrize("text", [
    "Discard a Hero. Its owner may discard two cards from hand instead.",  # a choice as it resolves
    "Reveal the top card of a deck. If it is a Lost Soul, put it in play instead.",
    "When blocking, draw three cards.",                                      # the play itself
    "If played in battle, draw 1.",
    "If your Son of God card was discarded without a rescue, shuffle it into deck.",  # a past fact, checked now
])
def test_one_shot_instead_and_triggers_on_the_play_itself_are_instant(text):
    assert reading(card(text)).lasting is False


@pytest.mark.parametrize("name", ["Angel of Might", "Angel at Jerusalem (Wa)", "Elders of the City (Pi)", "Tithe",
                                  "Michael, the Guardian", "Claudius Lysias", "Chief Captain Lysias"])
def test_real_standing_abilities_last_the_d1_default_past_removal(name):
    verdict = judge(real(name), "battle", ["leaves-battle"])
    assert verdict.part.lasting is True and verdict.persists is True  # removal does not end it (D1)
    assert judge(real(name), "battle", ["leaves-battle", "phase-ends"]).persists is False


@pytest.mark.parametrize("name", ["Lions (CoW AB)", "Salome (TxP)", "Philistine Archer [L]", "Alexander",
                                  "King Menahem"])
def test_real_one_shot_alternatives_and_own_arrival_triggers_stay_instant(name):
    verdict = judge(real(name), "battle")
    # Salome and Alexander also say "Cannot be negated": only that lasts (RG1), their effects stay instant.
    assert verdict.part.lasting is False or (
        verdict.part.only_cannot_be and not read_card(real(name))[0].lasting_sentences)


# --- 2. an optional or conditional targeting has not happened until the scenario says so -----------------------

def test_a_conditional_targeting_waits_for_the_targeted_event():
    c = card("If Hero is discarded, you may set it aside for 3 turns instead. Heroes gain 1/1.")
    before = judge(c, "battle", ["phase-ends"])
    assert before.persists is False and before.part.upper_bound.rule == "D1"  # no D3 bound from the start
    assert {s.status for s in before.part.terms if s.term.rule in {"D3", "D4"}} == {"waiting"}
    assert "conditional-targeting" in ids(before)
    made = judge(c, "battle", ["targeted", "phase-ends", "turn-ends"])
    assert made.persists is True and made.part.upper_bound.rule == "D3"
    # The three turns are counted from the targeting, in upkeep (RG3), and the set-aside Hero comes back in your
    # preparation phase after the third: the result changes then (the third turn end leaves it to the turn after).
    counted = ["targeted", "turn-ends", "turn-ends", "turn-ends"]
    assert judge(c, "battle", counted).persists is True
    assert judge(c, "battle", [*counted, "turn-ends", "phase-ends", "phase-ends"]).persists is False
    assert judge(c, "battle", ["targeted", "result-changed"]).persists is False


def test_targeted_after_the_ability_ended_changes_nothing():
    c = card("If Hero is discarded, you may set it aside for 3 turns instead.")
    assert judge(c, "battle", ["phase-ends", "targeted"]).persists is False


def test_an_optional_targeting_at_resolution_is_taken_as_made_and_says_so():
    c = card("You may paralyze a Hero for 2 turns. While paralyzed, restrict its owner.", type="Evil Character")
    verdict = judge(c, "battle", ["phase-ends"])
    assert verdict.persists is True and verdict.part.upper_bound.rule == "D3"
    assert "optional-targeting" in ids(verdict)


@pytest.mark.parametrize(("name", "zone"), [("The Two Witnesses (RoJ)", "battle"),
                                            ("The Two Witnesses (RoJ AB)", "battle"),
                                            ("The Accumulator (GoC)", "battle"),
                                            ("Joseph the Carpenter", "battle"),
                                            ("Chief Captain Lysias", "battle")])
def test_real_conditional_targetings_bound_nothing_until_targeted(name, zone):
    waiting = judge(real(name), zone, ["phase-ends"])
    assert waiting.persists is False and "conditional-targeting" in ids(waiting)
    made = judge(real(name), zone, ["targeted", "phase-ends"])
    assert made.persists is True and made.part.upper_bound.rule == "D3"


# --- 3. a "while" belongs to its sentence --------------------------------------------------------------------

def test_while_in_battle_said_of_the_card_is_d5_where_it_was_played():
    c = card("Protect Heroes from discard. While in battle, negate band abilities.")
    (term,) = [t for t in reading(c).terms]
    assert (term.rule, term.where) == ("D5", "battle")
    in_battle = judge(c, "battle", ["phase-ends", "turn-ends"])
    assert in_battle.persists is True and in_battle.part.upper_bound.rule == "D5"
    assert judge(c, "battle", ["leaves-battle"]).persists is False


def test_a_condition_switches_off_only_its_sentence():
    c = card("While you control a meek Hero, negate neutrals. Protect your Lost Souls from rescue.")
    verdict = judge(c, "battle", ["condition-false"])
    assert verdict.persists is True and verdict.effective is True  # the protect sentence keeps working
    assert verdict.part.switched_off == ["While you control a meek Hero, negate neutrals"]
    alone = card("While you control a meek Hero, negate neutrals. May band to Martha.")
    assert judge(alone, "battle", ["condition-false"]).effective is False  # its only lasting sentence


def test_while_after_a_participle_qualifies_a_noun():
    c = card("Toss all Enhancements played while your human is alone.", type="Evil Character")
    assert [t.rule for t in reading(c).terms] == []
    passive = card("Good weapons cannot be negated while an evil warrior is blocking.")
    assert [t.rule for t in reading(passive).terms] == ["D8"]


@pytest.mark.parametrize("text", [
    "Place on your green N.T. Hero: Protect Hero from black.",
    "Take an O.T. Hero: it gains 2/2 this turn.",
])
def test_abbreviations_never_cut_a_sentence_or_a_part(text):
    assert [p.label for p in split_parts(text)] == [""]
    assert len(reading(card(text)).lasting_sentences) == 1


@pytest.mark.parametrize("name", ["Antipas (RoJ)", "Moses (CoW)", "Enoch (CoW)"])
def test_real_while_in_battle_sentences(name):
    in_territory = judge(real(name), "territory")  # territory-class characters, played where they live
    assert in_territory.persists is True and in_territory.part.upper_bound.rule == "D6"
    assert any(s.term.rule == "D8" and s.status == "off" for s in in_territory.part.terms)
    in_battle = judge(real(name), "battle", ["phase-ends"])
    assert in_battle.persists is True and in_battle.part.upper_bound.rule == "D5"


def test_real_qualifying_while_and_sentence_split_after_x():
    # "Enhancements played while your N.T. human is alone" narrows a noun; only "During battle" is a check (D8).
    assert [t.text for t in reading(real("Herod's Temple (GoC)")).terms if t.rule == "D8"] == ["During battle"]
    # "draw X. Cannot be prevented.": the X ends a sentence; what lasts is the "Cannot be prevented" (RG1).
    assert reading(real("Balaam's Teaching (RoJ)")).lasting_sentences == []
    assert reading(real("Balaam's Teaching (RoJ)")).cannot_be == "Cannot be prevented"
    assert [p.label for p in split_parts(real("Belt of Truth").text)] == [""]


# --- 4. "until <a target or noun> is discarded / removed" is a D3 result --------------------------------------

@pytest.mark.parametrize("text", [
    "Add 1/1 to a prophet. The addition stays with him until the prophet is discarded.",
    "Ruth and Boaz may band together until either is discarded.",
    "Ananias gains 1/4 until removed from the field of play.",
    "Selected Hero gains 7/7 until Hero is discarded.",
])
def test_until_a_target_is_discarded_is_d3(text):
    assert [t.rule for t in reading(card(text, type="GE")).terms] == ["D3"]


def test_until_the_card_itself_is_discarded_stays_d5():
    c = card("Artifacts remain active on Simon until he is discarded.", name="Simon (T)")
    assert [t.rule for t in reading(c).terms] == ["D5"]


@pytest.mark.parametrize("name", ["Messenger Angel", "Ruth meets Boaz (Pa)", "Faithfulness of Ananias",
                                  "Sanctifying Faith", "The Testimony"])
def test_real_until_target_discarded(name):
    verdict = judge(real(name), "battle", ["phase-ends", "turn-ends"])
    assert verdict.persists is True and verdict.part.upper_bound.rule == "D3"
    assert judge(real(name), "battle", ["result-changed"]).persists is False


# --- 5. results of targeting are D3 without a stated time -------------------------------------------------------

@pytest.mark.parametrize(("text", "phrase"), [
    ("Set Hero aside. Upon return, draw 2.", "Set Hero aside"),
    ("Selected Hero is poisoned and decreases 0/2 per turn.", "is poisoned"),
    ("Paralyze a Hero in a territory.", "Paralyze"),
    ("Place this card on a Hero. That Hero loses 2/2.", "Place this card on"),
])
def test_bare_targeting_results_are_d3(text, phrase):
    terms = [t for t in reading(card(text, type="EE")).terms if t.rule == "D3"]
    assert [t.text for t in terms] == [phrase]


@pytest.mark.parametrize("text", [
    "Discard a Hero in play or a set-aside area.",
    "Search for a weapon and place it on your warrior.",  # how the ability resolves, not a status
    "Protect priests from capture and set-aside abilities.",
])
def test_set_aside_as_a_place_or_a_moved_card_is_not_a_result(text):
    assert not [t for t in reading(card(text, type="EE")).terms if t.rule == "D3"]


@pytest.mark.parametrize("name", ["Bad Figs (Wa)", "Fiery Serpents", "Sleep (L)", "Meditation (B)",
                                  "Molech Worship (Pr)", "Adjourn"])
def test_real_bare_targeting_results(name):
    verdict = judge(real(name), "battle", ["phase-ends"])
    assert verdict.persists is True and verdict.part.upper_bound.rule == "D3"
    assert judge(real(name), "battle", ["result-changed"]).persists is False


def test_a_time_beside_a_bare_paralysis_measures_it():
    adjourn = [t for t in reading(real("Adjourn")).terms if t.rule == "D4"]
    assert [(t.length, t.ends_result) for t in adjourn] == [("turns:2", True)]
    # Counted in upkeep (RG3): over in the upkeep of the second turn after the play (its draw phase ended).
    assert judge(real("Adjourn"), "battle", ["turn-ends", "turn-ends"]).persists is True
    assert judge(real("Adjourn"), "battle", ["turn-ends", "turn-ends", "phase-ends"]).persists is False


# --- 6. recurring wording never silently ends with the first phase ------------------------------------------------

def test_recurring_wording_bounded_only_by_the_default_is_flagged_with_its_phrase():
    verdict = judge(card("Each upkeep, you may draw a card."), "battle")
    (note,) = [n for n in verdict.trace.interpretations if n.id == "recurring-default"]
    assert "each upkeep" in note.text and note.rule == "D1"


def test_recurring_wording_on_a_card_that_stays_is_not_flagged():
    fortress = judge(card("Each upkeep, you may draw a card.", type="Fortress"), "territory", ["turn-ends"])
    assert fortress.persists is True and "recurring-default" not in ids(fortress)
    assert reading(card("Hero gains 1/1 for every turn Hero sleeps.")).recurring == []  # counts, not repeats


@pytest.mark.parametrize(("name", "flagged"), [("Claudia", True), ("Bad Figs (Wa)", False), ("Chemosh", False),
                                               ("Holy Grail", False)])
def test_real_recurring_wording(name, flagged):
    c = real(name)
    zone = "artifact-pile" if c.type == "Artifact" else "battle"
    assert ("recurring-default" in ids(judge(c, zone))) is flagged


# --- 7. an annotation never silently overrides a stated time ------------------------------------------------------

def test_an_annotation_without_a_time_keeps_the_texts_time_and_says_so():
    c = card("Protect abilities do not stop Enhancements this turn.", type="Dominant")
    verdict = judge(c, "territory", ["leaves-play", "phase-ends"], annotations=[Annotation("", "lasting")])
    assert verdict.persists is True and verdict.part.upper_bound.rule == "D4"
    assert "annotation-and-text-time" in ids(verdict)
    assert [t.rule for t in verdict.part.text_terms] == ["D4"]


def test_an_annotation_with_another_time_wins_but_names_both():
    c = card("Heroes gain 2/2 this turn.")
    verdict = judge(c, "battle", ["phase-ends"], annotations=[Annotation("", "D4", "this phase", "phase")])
    assert verdict.persists is False
    (note,) = [n for n in verdict.trace.interpretations if n.id == "annotation-over-text-time"]
    assert "this turn" in note.text and "phase" in note.text


def test_starter_annotations_agree_with_their_texts():
    from tests.engine.redemption.redemption_builder import starter

    for name, (c, notes) in starter().items():
        for r in read_card(c, notes):
            if not r.annotated:
                continue
            stated = {t.length for t in r.text_terms if t.rule == "D4"}
            used = {t.length for t in r.terms if t.rule == "D4"}
            assert stated <= used, f"{name} {r.part.label}: annotation drops the stated time {stated}"


# --- 8. say when unsure ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Agabus, the Bound [RR2]", "Infectious Disease", "Revolt", "Posterity Removed"])
def test_real_unclassified_until_phrases_are_named_as_interpretations(name):
    verdict = judge(real(name), "battle")
    notes = [n for n in verdict.trace.interpretations if n.id == "unclassified-phrase"]
    assert notes and all("could not classify" in n.text for n in notes)
    phrase = reading(real(name)).unsure[0]
    assert any(phrase in n.text for n in notes)


def test_an_annotated_part_is_no_longer_a_guess():
    c = card("Negate Heroes until it is played.")
    assert "unclassified-phrase" in ids(judge(c, "battle"))
    settled = judge(c, "battle", annotations=[Annotation("", "D4", "this turn", "turn")])
    assert "unclassified-phrase" not in ids(settled)


# --- classes found by the review of a random sample (issue 14, "How to check yourself") ------------------------------

@pytest.mark.parametrize("name", ["Achan's Sin (Pa)", "Escape", "In the Clouds", "Joseph in Prison"])
def test_interrupt_the_battle_is_done_at_once(name):
    assert reading(real(name)).lasting is False


def test_interrupting_abilities_still_lasts():
    assert reading(card("Interrupt and prevent all special abilities except banding.")).lasting is True
    assert reading(card("Interrupt the battle and return your Evil Character to hand.")).lasting is False


@pytest.mark.parametrize("name", ["Healing (L)", "Healing (UL)", "Leaves for Healing (L)"])
def test_answering_a_card_about_to_be_discarded_is_instant(name):
    assert reading(real(name)).lasting is False


@pytest.mark.parametrize("name", ["Harvest Time (GoC)", "Stone of Thebez (Roots)", "Testing Solomon (Roots)"])
def test_a_bare_regardless_of_protect_abilities_is_a_marker(name):
    assert reading(real(name)).lasting is False


def test_a_banding_sentence_that_goes_on_is_read():
    assert [t.rule for t in reading(real("Possessing Spirit (GoC)")).terms] == ["D3"]
    assert reading(card("May band to Martha.")).lasting is False


@pytest.mark.parametrize("name", ["Jeshua, the Restorer (LoC)", "Ephesian Widow"])
def test_territory_characters_standing_triggers_are_read_from_the_text(name):
    (part, *_) = read_card(real(name))
    assert part.lasting is True


def test_a_territory_characters_one_shot_action_is_instant_in_territory():
    one_shot = card("You may take a good Enhancement from deck.", card_class="Territory")
    assert judge(one_shot, "territory").part.lasting is False
    trigger = card("If an opponent draws, you may draw 1.", card_class="Territory")
    assert judge(trigger, "territory", ["phase-ends", "turn-ends"]).persists is True  # D6


@pytest.mark.parametrize("name", ["Besieged (PoC)", "Captured Ark (Roots)", "Flee from Enemies [IR]"])
def test_in_battle_the_artifact_part_of_a_curse_is_not_judged(name):
    verdict = judge(real(name), "battle")
    assert verdict.part.label == "EE"
    assert judge(real(name), "artifact-pile").part.label == "ART"


@pytest.mark.parametrize("name", ["The Name of the Lord", "Potter's Field (Ki)", "Potter's Field (Wa)"])
def test_a_card_that_sets_itself_aside_ends_its_result_when_it_leaves(name):
    (term,) = [t for t in reading(real(name)).terms if t.rule == "D3"]
    assert term.self_placed is True
    assert judge(real(name), "territory", ["phase-ends", "turn-ends"]).persists is True
    assert judge(real(name), "territory", ["leaves-play"]).persists is False


@pytest.mark.parametrize("name", ["Imitating Evil (RoJ)", "Imitating Evil (RoJ AB)", "Innumerable"])
def test_a_copy_ends_when_the_card_leaves_play(name):
    assert judge(real(name), "battle", ["phase-ends"]).persists is True  # D2 overrides the D1 default
    gone = judge(real(name), "battle", ["leaves-play"])
    assert gone.persists is False and "copy-leaves-play" in ids(gone)


# --- blind review follow-up: a pronoun's antecedent, times inside a "while", placed-and-treated-as ---------------

@pytest.mark.parametrize(("text", "rule"), [
    ("Protect that Hero from opponents while it remains in territory.", "D3"),   # the target stays
    ("Selected Hero may not band while she remains in play.", "D3"),
    ("Protect this evil character from discard while he remains in play.", "D5"),  # named itself first
    ("While it remains in play, negate Heroes.", "D5"),                           # opens on a card that stays
])
def test_a_pronoun_in_while_remains_names_what_came_before_it(text, rule):
    assert [t.rule for t in reading(card(text, type="Evil Character")).terms] == [rule]


@pytest.mark.parametrize("name", ["Departed Wife", "Shiphrah", "The Body of Christ (Pi)", "Fortify Site (RoA)",
                                  "Ananias of Damascus (EC)", "Blinding Light (EC)"])
def test_real_target_staying_in_play_is_d3_and_outlasts_this_card(name):
    c = real(name)
    zone = "territory" if c.type in {"Dominant"} else "battle"
    verdict = judge(c, zone, ["leaves-play", "phase-ends"])
    assert verdict.persists is True and verdict.part.upper_bound.rule == "D3"  # this card leaving ends nothing
    assert "target-in-place" in ids(verdict)  # the antecedent is an interpretation, and the answer says so
    assert judge(c, zone, ["result-changed"]).persists is False


@pytest.mark.parametrize("name", ["Judas Iscariot (Pi)", "Hard-Hearted Religious Leaders (Di)"])
def test_real_self_named_pronoun_stays_d5(name):
    verdict = judge(real(name), "battle", ["leaves-play"])
    assert verdict.part.upper_bound.rule == "D5" and verdict.persists is False


def test_a_time_inside_a_while_condition_is_part_of_the_condition():
    c = card("While you have drawn 4 or fewer cards this turn, protect your hand.", type="Lost Soul")
    assert [t.rule for t in reading(c).terms] == ["D8"]  # no D4 "this turn"


@pytest.mark.parametrize("name", ['Lost Soul "Crowds" [Luke 5:15] [2016 - Local]',
                                  'Lost Soul "Crowds" [Luke 5:15] [2025 - Worker]',
                                  'Lost Soul "Crowds" [Luke 5:15] [2026-Seasonal]'])
def test_real_while_drawn_this_turn_switches_the_lost_soul_off_and_survives_the_turn(name):
    off = judge(real(name), "land-of-bondage", ["condition-false"])
    assert off.persists is True and off.effective is False and off.part.upper_bound.rule == "D7"
    assert judge(real(name), "land-of-bondage", ["turn-ends"]).persists is True


def test_treated_as_without_a_placement_is_no_result():
    assert not any(t.rule == "D3" for t in reading(real("Redemption (Pi)")).terms)


@pytest.mark.parametrize("name", ["Lamb's Righteousness (RoJ)", "Lamb's Righteousness (RoJ AB)"])
def test_real_if_you_do_time_is_flagged_as_taken(name):
    verdict = judge(real(name), "battle", ["phase-ends"])
    assert verdict.persists is True and verdict.part.upper_bound.rule == "D4"
    assert "follow-up-time" in ids(verdict)


@pytest.mark.parametrize("name", ["Covenant with Levi", "Blindness", "Confusion of Mind (PoC)"])
def test_real_unlabelled_covenant_played_as_artifact_says_so(name):
    c = real(name)
    if "ART" in c.text or "GE:" in c.text:
        pytest.skip("this printing has part labels")
    verdict = judge(c, "artifact-pile", ["turn-ends"])
    assert verdict.part.upper_bound.rule == "D7" and "dual-use-played" in ids(verdict)


def test_plain_words_name_a_time_that_measures_a_copy():
    from engine.rulesets.redemption.render import plain
    verdict = judge(real("Mimicking Miracles (CoW AB)"), "battle", ["phase-ends"])
    assert plain(verdict).endswith("resets to face value, or at the end of the turn")
