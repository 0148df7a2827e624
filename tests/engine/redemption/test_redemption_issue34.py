"""Issue 34, Redemption: the classes fresh blind judges found, each fixed as a rule over wording and checked over
every real card that shares the wording (the cards are listed here, and the data is searched for the wording so
the list is complete). Scenarios follow "Defining Duration" (Land of Redemption) and the game rules RG1-RG3
(engine/rulesets/redemption/rules.py). The card data is read from ../shared/data; tests skip when it is absent."""

from __future__ import annotations

import re

import pytest

from bot.cli import main
from engine.cards import Card
from engine.rulesets.redemption import judge
from engine.rulesets.redemption.render import summary
from engine.rulesets.redemption.terms import Role, read_card
from tests.engine.redemption.redemption_builder import real_cards
from tests.engine.redemption.test_redemption_on_return import ONGOING, on_return_parts


def real(name: str) -> Card:
    return real_cards()[name]


def card(text: str, type: str = "GE", name: str = "Test Card") -> Card:
    return Card("redemption", name, "T", type=type, text=text)


def ids(verdict) -> set[str]:
    return {n.id for n in verdict.trace.interpretations}


def with_wording(pattern: str) -> set[str]:
    """Every real card whose text has the wording (the class), so a listed set can be checked to be complete."""
    found = re.compile(pattern, re.I)
    return {name for name, c in real_cards().items() if found.search(c.text)}


# --- 1. a window for a future card is not a duration of its own ------------------------------------------------

WINDOWS = ("Bronze Cymbals", "Chenaniah", "Chenaniah, Chief Singer (Roots)", "Egyptian Charioteers",
           "Gabriel meets Zecharias", "Jairus' Daughter (GoC)", "Jeremiah, Hope Bringer",
           "John, the Fisherman / John, Son of Thunder (GoC)", "King Cushan-Rishathaim", "Preemptive Strike",
           "Saul of Tarsus [2022 - Seasonal]", "The Mighty Warrior (FoM)", "Zecharias, Father of John")


def test_the_window_class_is_every_card_waiting_for_the_next_card_played_this_battle():
    assert with_wording(r"\bnext\b[^.;]*?\b(?:played|plays)\b[^.;]*?\bthis (?:battle|turn|phase|round)\b") == \
        set(WINDOWS)


@pytest.mark.parametrize("name", WINDOWS)
def test_a_window_closes_with_its_battle(name):
    during = judge(real(name), "battle", ["leaves-battle"])
    window = [s for s in during.part.terms if s.term.role == Role.WINDOW]
    assert len(window) == 1 and window[0].term.length == "battle" and window[0].status == "holds"
    assert during.persists is True  # removing the card does not close the window (D1 default)
    assert "window" in ids(during)
    after = judge(real(name), "battle", ["battle-ends"])
    assert after.part.terms[during.part.terms.index(window[0])].status == "ended"
    if window[0].term.scope:  # the card has another lasting sentence: only the window's is over
        assert after.part.closed == [window[0].term.scope] and "(over: “" in summary(after)
    else:
        assert after.persists is False and summary(after).startswith("Has ended: the battle ended")
    # The window never lasts longer than the ability's bound: the end of the phase.
    assert judge(real(name), "battle", ["phase-ends"]).persists is False


def test_a_window_is_no_duration_of_its_own():
    # A window longer than the ability's bound does not extend it: "this turn" still ends with the phase (D1).
    c = card("Prevent the next Enhancement opponent plays this turn.")
    (window,) = [t for t in read_card(c)[0].terms if t.role == Role.WINDOW]
    assert window.length == "turn"
    assert judge(c, "battle", ["phase-ends"]).persists is False
    # "played in battle" names where, not when: no window, the D1 default bounds it.
    assert not [t for t in read_card(real("Jahaziel, Son of Zechariah (Roots)"))[0].terms if t.role == Role.WINDOW]
    # A time said of a card already played is a qualifier, not a window ("the last card played this battle").
    assert not [t for t in read_card(real("Achan's Sin (I)"))[0].terms if t.role == Role.WINDOW]


# --- 2. "While this Hero is in battle" on a card placed on a Hero is a condition -------------------------------

BEARER_IN_BATTLE = ("Built on Sand", "Gentleness (EC)", "Helmet of Salvation", "Love (EC)", "Shield of Faith")


def test_the_bearer_class_is_every_placed_card_checking_its_hero_in_battle():
    found = with_wording(r"\bwhile (?:this |that )?(?:hero|character) is in battle\b")
    assert {n for n in found if not real(n).type.startswith(("Hero", "Evil Character"))} == set(BEARER_IN_BATTLE)


@pytest.mark.parametrize("name", BEARER_IN_BATTLE)
def test_while_the_hero_it_sits_on_is_in_battle_is_a_condition_not_d5(name):
    played = judge(real(name), "battle")
    assert not [s for s in played.part.terms if s.term.rule == "D5"]
    (condition,) = [s for s in played.part.terms if s.term.rule == "D8" and s.term.bearer]
    assert condition.status == "holds" and played.part.upper_bound.rule == "D3"
    left = judge(real(name), "battle", ["leaves-battle"])  # the card moves with its Hero
    assert left.persists is True and "bearer-condition" in ids(left)
    (off,) = [s for s in left.part.terms if s.term.bearer]
    assert off.status == "off"
    back = judge(real(name), "battle", ["leaves-battle", "condition-true"])
    assert back.effective is True
    assert judge(real(name), "battle", ["leaves-battle", "result-changed"]).persists is False


def test_a_bare_while_in_battle_on_a_card_placed_on_a_hero_is_that_hero():
    # "Place on Isaiah: While in battle, Isaiah has Site Access ...": the only such card.
    assert with_wording(r"place (?:this card )?on [^:.]*: while (?:in|remaining in) battle") == {"Isaiah's Call"}
    verdict = judge(real("Isaiah's Call"), "battle", ["leaves-battle"])
    assert verdict.persists is True and verdict.effective is False and verdict.part.upper_bound.rule == "D3"
    assert not [s for s in verdict.part.terms if s.term.rule == "D5"]


def test_love_no_longer_works_once_its_hero_left_battle():
    verdict = judge(real("Love (EC)"), "battle", ["leaves-battle"])
    assert verdict.persists is True and verdict.effective is False  # its only lasting sentence is switched off
    assert "“While this Hero is in battle” does not hold" in summary(verdict)


def test_while_this_hero_on_a_hero_is_the_card_itself():
    verdict = judge(real("Eleazar the Guard"), "battle", ["leaves-battle"])  # a Hero's own "while this Hero ..."
    assert verdict.part.upper_bound.rule == "D5" and verdict.persists is False


# --- 3. a card that sits on a Hero without saying "place"; turns counted in upkeep --------------------------------

SITS_ON = ("Lacking Sleep", "Leprosy", "Sowing the Seed", "Without Food")


def test_the_sits_on_class_is_every_card_moving_on_or_naming_its_own_state():
    assert with_wording(r"is placed on another\b[^.]*\band continues|\bwhile (?:hero|character) is (?:lacking|without)"
                        r"|^.*\bwhile without food\b") == set(SITS_ON)


@pytest.mark.parametrize("name", SITS_ON)
def test_a_card_sitting_on_its_target_lasts_while_it_stays_there(name):
    verdict = judge(real(name), "battle", ["phase-ends", "turn-ends", "turn-ends"])
    assert verdict.persists is True and verdict.part.upper_bound.rule == "D3"
    assert "sits-on-target" in ids(verdict) and "recurring-default" not in ids(verdict)
    assert not [s for s in verdict.part.terms if s.term.rule == "D8"]  # "until */1" is a floor, not a condition
    assert judge(real(name), "battle", ["leaves-play"]).persists is False
    assert judge(real(name), "battle", ["result-changed"]).persists is False


@pytest.mark.parametrize("name", ["Boils ( C)", "Poison (D)", "Hailstones"])
def test_the_same_decrease_without_such_words_keeps_the_default_and_says_so(name):
    verdict = judge(real(name), "battle", ["phase-ends"])
    assert verdict.persists is False and "recurring-default" in ids(verdict)


SET_ASIDE_ONE_TURN = (
    "Achaicus", "Ambush", "Crispus", "Day of Atonement", "Feast of Trumpets", "First Fruits", "Invisible Beings",
    "Irrational Rage", "Jacob's New Name", "Journey to Egypt", "Letters to the Corinthians", "Merodach Worship",
    "New Tongues", "Ordained as a Disciple", "Passover & Unleavened Bread", "Pentecost", "Pentecost (FoM)",
    "Persian Conquerors", "Phoebe", "Pleading for the City", "Prayer and Fasting (EC)", "Temple of Nisroch",
    "The Sabbath", "The gods of Egypt", "Work with Your Hands")


# The one-turn set-asides whose "On return" sentence keeps working after it (read from the card words there)
ON_RETURN_ONGOING = {name for name, _, _, sentence in on_return_parts() if ONGOING.search(sentence)}


def test_the_one_turn_set_aside_class_is_complete():
    found = with_wording(r"\bset\b[^.]*\baside\b[^.]*\bfor (?:one|1) turn\b")
    assert found - {"Peter's Shadow"} == set(SET_ASIDE_ONE_TURN)  # Peter's: "after being set aside for one turn"


@pytest.mark.parametrize("name", SET_ASIDE_ONE_TURN)
def test_set_aside_for_one_turn_is_counted_in_upkeep_and_returns_in_your_preparation_phase(name):
    zone = "artifact-pile" if real(name).type == "Artifact" else "battle"
    events = ["targeted", "triggered"] if name in {"Letters to the Corinthians", "Persian Conquerors"} else []
    # Played on your turn: the opponent's turn counts the one turn in its upkeep; the cards come back in your
    # preparation phase of your next turn, after its draw and upkeep phases.
    for still in (["turn-ends"], ["turn-ends", "turn-ends"], ["turn-ends", "turn-ends", "phase-ends"]):
        verdict = judge(real(name), zone, [*events, *still])
        assert verdict.persists is True, still
    back = judge(real(name), zone, [*events, "turn-ends", "turn-ends", "phase-ends", "phase-ends"])
    theirs = judge(real(name), zone, [*events, "turn-ends", "phase-ends", "phase-ends"], turn="theirs")
    if name in ON_RETURN_ONGOING:  # what it does "On return" begins as they come back (test_redemption_on_return)
        assert back.persists is True and "on-return" in ids(back) and "RG3" in back.trace.rules_cited()
        assert "began as the set-aside cards came back" in summary(back)
        assert theirs.part.returned_by == len(events) + 3
        return
    assert back.persists is False and "set-aside-return" in ids(back) and "RG3" in back.trace.rules_cited()
    assert "the set-aside cards came back in your preparation phase" in summary(back)
    # Played on an opponent's turn, your next turn is the one counted: back in its preparation phase.
    assert theirs.persists is False


def test_an_in_play_count_of_turns_is_over_in_that_upkeep():
    arrest = judge(real("Arrest in Gethsemane"), "territory", ["turn-ends"] * 3)
    assert arrest.persists is True and "this turn's upkeep" in summary(arrest)
    assert judge(real("Arrest in Gethsemane"), "territory", ["turn-ends"] * 3 + ["phase-ends"]).persists is False
    # "this turn" is no count: it still ends with the turn.
    assert judge(real("Love of Money"), "battle", ["turn-ends"]).persists is False


# --- 4. "Cannot be negated / prevented / interrupted" is an ongoing ability, to the end of the phase ------------

# Every real part whose only lasting words are such a sentence: read from the data rather than listed (about 560
# cards: naming them here would take them out of the blind draws, which skip cards named in the tests).
def _cannot_be_only() -> dict[str, str]:
    return {name: r.part.label for name, c in real_cards().items() for r in read_card(c)
            if r.cannot_be and not r.lasting_sentences}


def test_the_cannot_be_class_is_large_and_covers_each_ability_type():
    found = _cannot_be_only()
    texts = {name: real(name).text.lower() for name in found}
    assert len(found) >= 500
    for kind in ("negated", "prevented", "interrupted"):
        assert sum(f"be {kind}" in t for t in texts.values()) >= 50, kind


def test_every_part_where_only_cannot_be_lasts_lasts_to_the_end_of_the_phase():
    for name, label in sorted(_cannot_be_only().items()):
        verdict = judge(real(name), "battle", ["leaves-battle"], part=label or None)
        assert verdict.part.lasting is True and verdict.persists is True, name
        assert verdict.part.upper_bound.rule == "D1" and "RG1" in verdict.trace.rules_cited(), name
        assert judge(real(name), "battle", ["phase-ends"], part=label or None).persists is False, name


@pytest.mark.parametrize(("name", "words"), [
    ("Israel's Sword (LoC)", "Cannot be prevented"), ("Freedom! (Roots)", "Cannot be prevented"),
    ("Plague of Darkness", "Cannot be prevented"), ("Trumpet Blast (Roots)", "Cannot be prevented"),
    ("Go Away! (LoC)", "Cannot be prevented"),
    # blind review seed 34021: "Cannot be negated" is ongoing too (the REG: the union of prevented and interrupted)
    ("Aaron's Rod (C)", "Cannot be negated"), ("Patrollers of the Earth [T2C AB]", "Cannot be negated"),
    ("Unified Kingdom (Roots)", "Cannot be negated"), ("Herod Philip II (GoC)", "Cannot be negated"),
])
def test_the_judges_examples_say_the_effect_is_instant_and_the_cannot_be_lasts(name, words):
    verdict = judge(real(name), "battle")
    assert summary(verdict).startswith(f"Lasts until the end of this phase (its effects happen at once; only its "
                                       f"“{words}” lasts)")
    after = judge(real(name), "battle", ["leaves-battle", "battle-ends"])
    assert after.persists is True  # removal and the battle's end leave the phase running
    if " if " in real(name).text:
        assert "cannot-be-if" in ids(verdict)  # "... if used by ...": taken as met, said


def test_cannot_be_interrupted_alone_is_read_alike_and_said():
    verdict = judge(real("Esau, the Hunter (LoC)"), "battle")  # "... Cannot be interrupted."
    assert verdict.part.lasting is True and "cannot-be-interrupted" in ids(verdict)
    assert read_card(card("Discard a Hero. Cannot be negated."))[0].lasting is True
    assert read_card(card("Discard a Hero. May band to a Judge."))[0].lasting is False


# --- 5. "During your turn," / "During battle," is an ongoing check ---------------------------------------------

DURING_CHECKS = (
    "Asherah Pole (LoC)", "Beast from the Earth (RoJ AB)", "Beast from the Earth (RoJ)", "Coat of Mail (Ki)",
    "Covenant of Time", "Covenant of Time [T2C AB]", "Eleazar (Ki)", "Faith of David (CoW AB)",
    "Faith of David (CoW)",
    "Fortress of Antonia (Roots)", "Golgotha (Di)", "Helmet of Brass (Ki)", "Herod's Temple (GoC)",
    "Herod's Temple [2022 - GoC P]", "Judaizers", 'Lost Soul "Complacent" [Zephaniah 1:12]',
    'Lost Soul "Dull" [Hebrews 5:11]', 'Lost Soul "Dull" [Hebrews 5:11] [AB - CoW]',
    'Lost Soul "Humble" [James 4:6 / Proverbs 3:34 - RoJ]',
    'Lost Soul "Humble" [James 4:6 / Proverbs 3:34]  [AB - RoJ]',
    'Lost Soul "Humble" [James 4:6 / Proverbs 3:34] [2022 - 3rd Place]',
    'Lost Soul "Wanderer" [Ezekiel 34:6 - Fundraiser]', 'Lost Soul "Wanderer" [Ezekiel 34:6 - RR]', "Magic Charms",
    "The Gates of Hell (GoC)", "The Gates of Hell [2024 - 2nd Place]", "The Rabshakeh", "Unholy Writ (GoC)",
    "Unknown Nation [RR2]", "Worship of Edom (LoC)")
# "If used during battle", "if played during battle", "is discarded during battle": checked as the ability resolves
# (or the trigger happens); ability-type markers ("Cannot be negated during the battle phase"); a limit.
DURING_ONCE = (
    "Affliction of Job (RoJ AB)", "Affliction of Job (RoJ)", "Assyria's Tribute", "Boaz' Sandal",
    "Boaz' Sandal [Fundraiser]", "Cain Murders Abel", "Cain Murders Abel (CoW AB)", "Everlasting Beings (RoJ AB)",
    "Everlasting Beings (RoJ)", "Faith of Jacob", "Faith of Jacob (CoW AB)", "Faith of Joshua",
    "Faith of Joshua (CoW AB)",
    "Foreign Exile", "Foreign Exile (CoW AB)", "Goliath’s Sword (LoC)", "Holy of Holies (Pi)", "I am Creator",
    'Lost Soul "Defiled" [Mark 7:21-22]', "Mark of the Beast (RoJ AB)", "Mark of the Beast (RoJ)", "Mist (PC)",
    "Resurrection (Di)", "Sixth Bowl of Wrath (RoJ AB)", "Sixth Bowl of Wrath (RoJ)", "The Dove Returns",
    "The Dove Returns (CoW AB)", "Widows' Tables")


def test_the_during_class_is_complete():
    found = with_wording(r"\bduring (?:the |a )?(?:battle phase|battles?|your turns?|each of your turns|"
                         r"(?:an |each )?opponent['’]s turns?)\b")
    assert found == set(DURING_CHECKS) | set(DURING_ONCE)
    for name in DURING_ONCE:
        assert not [t for r in read_card(real(name)) for t in r.terms if t.keyword == "during"], name


def _checks(name: str) -> tuple[str | None, str]:
    (label, when), = {(r.part.label, t.where) for r in read_card(real(name)) for t in r.terms if t.keyword == "during"}
    return label or None, when


@pytest.mark.parametrize("name", DURING_CHECKS)
def test_during_is_a_check_switched_by_the_game(name):
    label, when = _checks(name)
    if when == "your-turn":
        mine = judge(real(name), None, part=label)
        assert mine.effective is True
        theirs = judge(real(name), None, ["turn-ends"], part=label)
        assert theirs.persists is True and theirs.effective is False and "during-check" in ids(theirs)
        assert "turn-order-check" in ids(theirs)  # whose turn it was is assumed, and said
        assert judge(real(name), None, ["turn-ends", "turn-ends"], part=label).effective is True
        return
    in_battle = judge(real(name), "battle", part=label)
    during = next(s for s in in_battle.part.terms if s.term.keyword == "during")
    assert during.status == "holds" and "during-check" in ids(in_battle)
    after = judge(real(name), "battle", ["battle-ends"], part=label)
    assert next(s for s in after.part.terms if s.term.keyword == "during").status == "off"
    outside = judge(real(name), None, ["condition-true"], part=label)  # a battle begins where it lives
    assert next(s for s in outside.part.terms if s.term.keyword == "during").status == "holds"


def test_a_bare_condition_event_on_an_ability_without_a_condition_is_refused(capsys):
    with pytest.raises(ValueError, match=r"has none: leave it out\.$"):
        judge(real("Bronze Cymbals"), "battle", ["condition-false"])
    with pytest.raises(ValueError, match="has none"):
        judge(real("Slave Trade"), "battle", ["condition-true"])
    assert main(["duration", "Teaching in Parables", "--then", "condition-false"]) == 2  # the starter set's card
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "condition-false switches a condition" in err


# blind review seed 34021: "If [game state]" is checked once (RG4); asking whether its changing matters gets an
# answer ("changes nothing"), not a refusal. Only a part with no condition words at all refuses.
@pytest.mark.parametrize(("name", "zone", "words"), [
    ("Joel, son of Samuel", "battle", "If opponent does not have a good king in play"),
    ("The Angel of His Presence (PoC)", "territory", "if you control a major prophet"),
    ("Herod Philip II (GoC)", "battle", "if more than 2 good brigades are in battle"),
])
def test_a_condition_checked_once_changing_later_changes_nothing(name, zone, words):
    base = judge(real(name), zone, ["round-ends"])
    changed = judge(real(name), zone, ["condition-false", "round-ends"])
    assert (changed.persists, changed.effective) == (base.persists, base.effective)
    (step,) = [s for s in changed.trace.steps if s.event == 1 and s.rule == "RG4"]
    assert words in step.decision and "changes nothing" in step.decision and "checked once" in step.decision
    assert judge(real(name), zone, ["condition-true:1"]).trace.rules_cited()[-1] == "RG4"


# --- 6. "treated as a Lost Soul" on a capture is the capture rule's reminder -------------------------------------

CAPTURE_REMINDER_ONLY = (
    "Baggage", "Denial of Christ", "Dungeon of Malchiah", "Emperor Tiberius (Ap)", "Falling Away", "Gibeonite Treaty",
    "Joseph before Pharaoh (Pa)", "Joseph's Brothers' Scheme", "Net (B)", "Net (D)", "Net (UL)",
    "Possessing Demon (Ap)", "Slave Trade", "Snare (L)", "Snare (UL)", "Sold into Slavery", "Stocks (L)",
    "Stocks (UL)", "Take as a Slave", "Trapped in Cleverness", "Women as Snares")
# The same reminder beside a standing trigger: the trigger keeps its own duration, the reminder adds none.
CAPTURE_REMINDER_TRIGGER = ("Malchus", "Potiphar's Wife", "Recruiting Officer", "War Officer")


def test_the_capture_reminder_class_is_complete():
    found = with_wording(r"\btreat(?:ed)? as (?:an? )?lost souls?\b")
    qualifiers = {"Redemption (Pi)", "Redemption (Wa)"}  # "any Hero being treated as a Lost Soul"
    assert found == set(CAPTURE_REMINDER_ONLY) | set(CAPTURE_REMINDER_TRIGGER) | qualifiers
    for name in qualifiers:
        assert read_card(real(name))[0].lasting is False


@pytest.mark.parametrize("name", CAPTURE_REMINDER_ONLY)
def test_treated_as_a_lost_soul_after_a_capture_adds_no_duration(name):
    verdict = judge(real(name), "battle", ["phase-ends", "turn-ends"])
    assert verdict.part.lasting is False and summary(verdict).startswith("Happens at once")
    (step,) = [s for s in verdict.trace.steps if s.rule == "RG2"]
    assert "lost soul" in step.trigger.lower() and "not a special ability" in step.decision


@pytest.mark.parametrize("name", CAPTURE_REMINDER_TRIGGER)
def test_a_capture_trigger_keeps_its_own_duration_without_a_placement_result(name):
    verdict = judge(real(name), "battle")
    assert verdict.part.lasting is True and not [s for s in verdict.part.terms if s.term.rule == "D3"]
    assert "RG2" in verdict.trace.rules_cited()
    assert judge(real(name), "battle", ["phase-ends"]).persists is False  # the D1 default


# --- 7. found beyond the listed classes ---------------------------------------------------------------------------

# Lasting words inside a leading condition checked once ("If Tartaros is not in play, discard demon", "If this
# character is banded into battle, ...") do not make the instant action last.
CHECKED_ONCE_ONLY = ("Banishment", "Blast of Fire", "Chariot of Fire", "Demons in Chains", "Fireball", "Flying Flames",
                     "Night Raid", "Panic Demon (Brown)", "Panic Demon (Crimson)", "Sorcerers (RoJ AB)")
# The same leading condition on a card that lasts by another sentence or by its type: that sentence is instant.
CHECKED_ONCE_BESIDE = ("Belshazzar's Mother", "Doomed Canaanites", "Egyptian Treasures", "Egyptian Treasures (CoW AB)",
                       "Foolish Builder (GoC)", "Foreign Sword [RR2]", "The Expatriator (GoC)", "The Fallen Star")


@pytest.mark.parametrize("name", CHECKED_ONCE_ONLY)
def test_a_leading_condition_checked_once_makes_nothing_last(name):
    verdict = judge(real(name), "battle")
    assert verdict.part.lasting is False and summary(verdict).startswith("Happens at once")


@pytest.mark.parametrize("name", CHECKED_ONCE_BESIDE)
def test_a_leading_condition_checked_once_is_no_lasting_sentence(name):
    for reading in read_card(real(name)):
        assert not [s for s in reading.lasting_sentences if re.match(r"if (?:you cannot|it is not|this character is "
                                                                      r"blocking|an exodus hero is not)", s, re.I)]


def test_a_replacement_after_two_harms_is_standing():
    # "If your good N.T. Enhancement is interrupted or negated by an opponent, you may discard Polycarp instead."
    for name in ("Polycarp (RoJ)", "Polycarp (RoJ AB)"):
        verdict = judge(real(name), "territory")
        assert verdict.part.lasting is True and verdict.part.started is False
        assert "interrupted or negated" in verdict.part.waits_for[0].words


def test_until_hero_is_discarded_on_a_hero_naming_itself_first_is_the_card_itself():
    verdict = judge(real("Saint of Virtue (Ki)"), "battle", ["leaves-play"])
    assert verdict.part.upper_bound.rule == "D5" and verdict.persists is False
    assert judge(real("The Testimony"), "battle", ["leaves-play"]).part.upper_bound.rule == "D3"  # a target's


# "at the end of the turn / phase" is when a delayed action happens: the ability lasts until then (D4).
DELAYED_TO_THE_END = ("Darius' Decree [RR2]", "Given Over to Egypt", "Golgotha (Di)", "I am Justice", "I am Patience")


def test_the_delayed_to_the_end_class_is_complete():
    assert with_wording(r"\bat (?:the )?end of (?:the |this |your )?(?:turn|phase)\b") == set(DELAYED_TO_THE_END)


@pytest.mark.parametrize("name", DELAYED_TO_THE_END)
def test_a_delayed_action_at_the_end_of_the_turn_is_a_stated_time(name):
    (term,) = [t for r in read_card(real(name)) for t in r.terms if t.rule == "D4"]
    assert term.length in {"turn", "phase"} and term.text.lower().startswith("at ")


def test_a_trigger_at_the_end_of_your_turn_lasts_until_then():
    verdict = judge(real("I am Patience"), "battle", ["phase-ends"])
    assert verdict.persists is True and verdict.part.upper_bound.rule == "D4"
    assert judge(real("I am Patience"), "battle", ["turn-ends"]).persists is False


def test_the_next_card_played_in_battle_is_no_window_and_says_so_after_the_battle():
    names = with_wording(r"\bnext\b[^.;]*?\b(?:played|plays|play)\b(?: by [\w’' ]+?)? in battle\b")
    assert len(names) >= 25
    for name in sorted(names):
        verdict = judge(real(name), "battle", ["battle-ends"])
        assert not [s for s in verdict.part.terms if s.term.role == Role.WINDOW], name
        if verdict.persists and verdict.part.upper_bound.rule == "D1":
            assert "next-in-battle" in ids(verdict), name


# blind review seed 34021: a copy inside a trigger caps that copy; it does not bound or lengthen the rest (D2).
@pytest.mark.parametrize("name", ["Seven Trumpet Sounders (RoJ)", "Seven Trumpet Sounders (RoJ AB)"])
def test_a_copy_in_one_sentence_caps_only_that_sentence(name):
    removed = judge(real(name), "battle", ["leaves-battle"])
    assert removed.persists is True and removed.part.upper_bound.rule == "D1" and "copy-scope" in ids(removed)
    (copy,) = [s for s in removed.part.terms if s.term.rule == "D2"]
    assert copy.term.role == Role.CAP
    assert judge(real(name), "battle", ["battle-ends", "phase-ends"]).persists is False
    reset = judge(real(name), "battle", ["reset"])  # the copy is over, the rest keeps its phase
    assert reset.persists is True and reset.part.closed


# A copy a repeating trigger makes ("Each upkeep, you may copy ... for one round") caps each copy; the trigger keeps
# the card's own duration (a Lost Soul's, D7), and a reset ends the copy made, not the trigger.
COPY_EACH_TIME = ('Lost Soul "Imitate" [III John 1:11]', 'Lost Soul "Imitate" [III John 1:11]  [AB - RoJ]')


def test_the_copy_classes_are_every_card_that_copies_an_ability():
    copies = with_wording(r"\bcop(?:y|ies)\b(?! of)|\bexact copy\b|\bcopy of (?:that|any|the)\b")
    capped = {n for n in copies for r in read_card(real(n)) for t in r.terms if t.rule == "D2" and t.scope}
    assert capped == {"Seven Trumpet Sounders (RoJ)", "Seven Trumpet Sounders (RoJ AB)", *COPY_EACH_TIME}


@pytest.mark.parametrize("name", COPY_EACH_TIME)
def test_a_copy_made_each_upkeep_caps_that_copy_and_the_lost_soul_keeps_its_own_duration(name):
    kept = judge(real(name), "land-of-bondage", ["turn-ends", "round-ends", "reset"])
    assert kept.persists is True and kept.effective is True and kept.part.upper_bound.rule == "D7"
    assert "Land of Bondage" in summary(kept)
    assert judge(real(name), "land-of-bondage", ["leaves-play"]).persists is False


@pytest.mark.parametrize("name", ["Mimicking Miracles", "Book of Jashar", "Innumerable", "Eye for an Eye"])
def test_a_copy_that_is_the_whole_ability_still_bounds_it(name):
    verdict = judge(real(name), "battle", ["phase-ends"])
    assert verdict.part.upper_bound.rule == "D2" and verdict.persists is True


# blind review seed 34021: an interrupt is instantaneous (it suspends an ability while its paired abilities resolve);
# "interrupt and prevent" lasts by its prevent.
INTERRUPT_ONLY = ("Abraham's Descendant", "Blame Shifting", "Devourer (Ki)", "Devourer (Wa)", "Ezra",
                  "Faith as a Mustard Seed", "Pharaoh’s Servants", "Pride in the Flesh", "Raising of the Saints (Pi)",
                  "Resurrection (Pi)", "Seven Wicked Spirits", "Treachery of Jezebel (PoC)", "Zimri, son of Salu")


@pytest.mark.parametrize("name", INTERRUPT_ONLY)
def test_an_interrupt_alone_happens_at_once(name):
    verdict = judge(real(name), "battle", ["battle-ends"])
    assert verdict.part.lasting is False and summary(verdict).startswith("Happens at once")


def test_interrupt_and_prevent_lasts_by_its_prevent():
    assert read_card(card("Interrupt and prevent all special abilities on Heroes."))[0].lasting is True


# blind review seed 34021: "Limit once per turn" says how often, not how long: no recurring lasting ability.
@pytest.mark.parametrize("name", ["I am Love", "Spreading Mildew [RR2]"])
def test_a_use_limit_is_no_repetition(name):
    verdict = judge(real(name), "battle", ["battle-ends"])
    assert verdict.part.lasting is False and "recurring-default" not in ids(verdict)


@pytest.mark.parametrize("name", ["Birthing Pains", "Moab", "The Prophetess"])
def test_a_use_limit_beside_a_trigger_leaves_the_trigger_whole(name):
    verdict = judge(real(name), None)
    assert verdict.part.lasting is True and verdict.part.waits_for and not verdict.part.started
    assert "recurring-default" not in ids(verdict)


# "If used by" instants (blind review seed 34021, class 4): "Regardless of protection / brigade" is a modifier of the
# sentence's own action (the REG's Regardless entry), not a lasting effect: "Discard an evil card. Regardless of protect
# abilities if used by an O.T. Hero." happens at once. Said of other cards ("Enhancements used by this card are
# regardless of protect abilities") it is a standing grant and lasts; "regardless of battle outcome, no more than one
# Hero is discarded" is a rule for the battle's end and lasts.
REGARDLESS_INSTANT = ("Arrest in Jerusalem", "Chemosh Worship (FoM)", "Denying Blame", "Discerning Judgment",
                      "Love One Another (GoC)", "Peter's Sermon", "Plague of Blood (PoC)", "Plague of Frogs",
                      "Renewing the Covenant", "Smashed Opponent", "Smashed Opponent [T2C AB]",
                      "Swallowed by the Forest", "Thievery of Judas (GoC)", "Zelophehad's Sin [IR]",
                      "Light in the Darkness", "Coat of Many Colors (FoM)", "Stolen Blessing (LoC)")
REGARDLESS_CANNOT_BE = ("Barabbas (GoC)", "Stone of Thebez (RoA)", "Testing Solomon's Wisdom", "Treachery")
REGARDLESS_GRANTS = ("Fence Jumpers (GoC)", "Snaring Spirit (GoC)", "The Babylonian Officials", "Wizards [RR2]",
                     "Joshua, the Commander", "Heman, the Singer [RR2]", "Jeremiah, Iron Pillar (Roots)")
REGARDLESS_OUTCOME = ("Scoff at Angels", "Woman of Wisdom")


def _judged_part(name: str):
    """The part that has the 'regardless' words (the card's only part, or its part quoting them)."""
    parts = [r.part.label for r in read_card(real(name)) if "regardless" in r.part.text.lower()]
    return judge(real(name), "battle", ["battle-ends"], part=parts[0] or None)


# Cards with the modifier wording that were instant already (a bare "Regardless of protect abilities." marker, or a
# modifier beside other instant words the reader never took as lasting).
REGARDLESS_ALREADY = ("A New Beginning [RR2]", "Called to Prophesy", "Foreseen by Samuel", "Harvest Time (GoC)",
                      "Harvest Time [Fundraiser]", "Philip’s Daughters [RR2]", "Plague of Frogs (GoC)",
                      "Ptolemy, Ruler of Egypt", "Ptolemy, Ruler of Egypt [T2C AB]", "Stone of Thebez (Roots)",
                      "Struck & Scattered", "Surveying Spirit", "Surveying Spirit [T2C AB]",
                      "Taking Egypt’s Wealth [RR2]", "Testing Solomon (Roots)", "The Sons of Ariel",
                      "Torn Mantle [RR2]", "the gods of Egypt [IR]")


def test_the_regardless_class_is_complete():
    """Every card with the modifier wording (76) is instant exactly when nothing else in its part lasts: the listed
    cards; the others last by other words ("Negate a good card. ... Regardless of protect abilities ...")."""
    names = with_wording(r"(?<!are )(?<!is )\bregardless of (?:its |their )?"
                         r"(?:protect|immunity|immune|brigade|colou?r)")
    assert len(names) >= 70
    instant = {name for name in names if _judged_part(name).part.lasting is False}
    assert instant == set(REGARDLESS_INSTANT) | set(REGARDLESS_ALREADY)


@pytest.mark.parametrize("name", REGARDLESS_INSTANT)
def test_regardless_of_protection_on_an_instant_action_happens_at_once(name):
    verdict = _judged_part(name)
    assert verdict.part.lasting is False and summary(verdict).startswith("Happens at once")


@pytest.mark.parametrize("name", REGARDLESS_CANNOT_BE)
def test_regardless_beside_cannot_be_leaves_only_the_cannot_be_lasting(name):
    assert "only its “Cannot be" in summary(_judged_part(name))


@pytest.mark.parametrize("name", REGARDLESS_GRANTS + REGARDLESS_OUTCOME)
def test_regardless_said_of_other_cards_or_of_the_battle_outcome_lasts(name):
    assert _judged_part(name).part.lasting is True


# "If you do, discard this Evil Character after battle": a lasting sentence that happens only as the choice the ability
# offered went, checked as it resolves. It was read as lasting with the choice taken as made, silently, and a question
# saying the choice went the other way was refused ("has none: leave it out"). Now a D8 condition of its sentence:
# taken as made and said (choice-made); condition-false switches that sentence off.
CHOICE_MADE = ("Agabus, the Bound [RR2]", "Ahaz, the Unfaithful (LoC)", "Assyrian Archer", "Assyrian Archer (PoC)",
               "Assyrian Officer (LoC)", "Bartholomew (Nathanael) / Bartholomew the True (GoC)",
               "Beasts of the Earth (LoC)", "Dan, Justice of Peace", "Forbidden Marriage (LoC)", "High Priest's Maid",
               "Hired Sword (LoC)", "I Am Patience [RR2]", "Insincere Inquisitors (GoC)", "Joseph, the Blessed",
               "Judith (LoC)", "Lamb's Righteousness (RoJ AB)", "Lamb's Righteousness (RoJ)",
               "Man with Withered Hand (GoC)", "Manasseh, the Calming (Roots)", "Mourn and Weep", "Naharai",
               "Naphtali, the Vocal", "Persian Archers", "Phinehas' Spear [IR]", "Plague of Boils (LoC)",
               "Solomon's Temple [2024 - Seasonal]", "Syrian Archer (LoC)", "Ten Virgins (GoC)", "The Destroyer (PoC)",
               "The Great Fish", "The Man of God", "The Unconsenting King", "Trembling Demon (Roots)", "Wayward Sheep")
_CHOICE_WORDS = re.compile(r"^if (?:you|they|he|she|opponent) (?:do|does|don['’]t|doesn['’]t)\b|^if so\b", re.I)


def _choice_part(name: str) -> str | None:
    return next(r.part.label or None for r in read_card(real(name))
                if any(_CHOICE_WORDS.match(s) for s in r.lasting_sentences))


def test_the_choice_class_is_every_card_with_a_lasting_sentence_after_the_choice():
    worded = with_wording(r"\bif (?:you|they|he|she|opponent) (?:do|does|don['’]t|doesn['’]t)\b|\bif so\b")
    lasting = {name for name in worded for r in read_card(real(name))
               if any(_CHOICE_WORDS.match(s) for s in r.lasting_sentences)}
    assert lasting == set(CHOICE_MADE)


@pytest.mark.parametrize("name", CHOICE_MADE)
def test_a_choice_is_taken_as_made_and_said_and_condition_false_switches_its_sentence_off(name):
    part = _choice_part(name)
    taken = judge(real(name), "battle", part=part)
    (choice,) = [s for s in taken.part.terms if s.term.keyword == "if you do"]
    assert choice.status == "holds" and "choice-made" in ids(taken)
    other = judge(real(name), "battle", ["condition-false"], part=part)  # answered, never refused
    (choice,) = [s for s in other.part.terms if s.term.keyword == "if you do"]
    assert choice.status == "off" and "choice-made" not in ids(other)


# Instant actions read as lasting (blind review seed 34021, class 4, continued over the catalog): words that only
# pick which cards the action takes ("a Hero of 6/6 or less", "a Hero who is not a prophet", "whose brigade is not in
# battle") and an "until" that ends a repeated action ("reveal ... until a Lost Soul is revealed") add no duration.
SELECTOR_INSTANT = ("Balance", "Created by Christ (PC)", "Evil Angel (Wa)", "Lost Coin Found",
                    'Lost Soul "Revealer" [John 3:20]', "Number of the Beast", "Rage (L)", "Rage (UL)", "Shibboleth")


@pytest.mark.parametrize("name", SELECTOR_INSTANT)
def test_a_selector_or_a_loop_until_adds_no_duration(name):
    if real(name).type.startswith("Lost Soul"):  # a Lost Soul's ability stands by its type wherever it is (D7)
        assert not any(r.lasting for r in read_card(real(name)))  # its words add no duration
        return
    verdict = judge(real(name), "battle", ["battle-ends"])
    assert verdict.part.lasting is False and summary(verdict).startswith("Happens at once")


def test_a_selector_beside_a_cannot_be_leaves_only_that():
    assert "only its “Cannot be interrupted” lasts" in summary(judge(real("Building Egypt"), "battle"))


def test_the_selector_class_is_complete():
    worded = with_wording(r"\b(?:\d+|x)/(?:\d+|x) or (?:less|lower|more|greater|higher)\b"
                          r"|\b(?:who|that|which|whose \w+) (?:is|are) not\b"
                          r"|\b(?:draw|reveal|discard)\w* [^,;:.]*\buntil\b|\bmay band together\b")
    instant = {name for name in worded if not any(r.lasting for r in read_card(real(name)))}
    assert set(SELECTOR_INSTANT) <= instant and len(worded) >= 25  # the others last by other words
