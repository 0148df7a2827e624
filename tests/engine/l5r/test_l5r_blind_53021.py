"""Blind round 53021, its direct-path classes, each over every real card sharing the wording.

(1) A "while" condition ended (or started) by the scenario's own events, not only by condition-false/-true (S6, S21):
    "Sugo has +4F while attacking" is switched off once the battle ends (units return home after the battle
    resolves, CE Glossary "Move"; Timing "when" item 3: it ends at the when-point its condition becomes false);
    "... while you control Bayushi Fuyuko" once Fuyuko leaves play. A generic "while you control a Port" losing one
    Port is switched off with the assumption said aloud in the first line. A card ordered to attack makes "attacking"
    hold, with nothing taken to hold.

The card lists are derived from the data; the expectations come from the Timing page and the glossary."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import read_card
from engine.rulesets.l5r.durations import Form
from tests.engine.l5r.l5r_real import duration, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
CARDS = real_cards() if HAVE else ()


def _name(card, abilities, ability) -> str:
    return card.name if len(abilities) == 1 else f"{card.name}#{ability.index}"


def _whiles(pattern: re.Pattern[str]) -> list[tuple[str, str]]:
    found = []
    for card in CARDS:
        abilities = read_card(card)
        for ability in abilities:
            for term in ability.terms:
                # (a condition inside a granted ability's quotes is that ability's, not this one's)
                if term.form is Form.WHILE and pattern.search(term.condition) and '"' not in term.condition:
                    found.append((_name(card, abilities, ability), term.condition))
    return found


# -- (1a) a condition about the card's place in the battle under way --------------------------------------------------

# "attacking", "defending", "opposed", "opposing a ...", "Lishan is attacking": the unit in the battle; never a memory
# ("is ever attacking"), a negation, nor a clause of its own beside it ("he has a Spear or opposes ...").
_IN_BATTLE = re.compile(r"^(?:(?:he|she|it|this \w+|[A-Z][\w'-]+) (?:is )?)?(?:attacking|defending|opposed|unopposed|"
                        r"opposing|opposes)\b(?!.*\b(?:ever|not|no|or (?:you|he|she))\b)")
IN_BATTLE = _whiles(_IN_BATTLE) if HAVE else []


def test_the_battle_class_names_the_real_cards():
    names = {n for n, _ in IN_BATTLE}
    assert {"Ikoma Sugo", "Home Guard#2", "Utaku Lishan#1", "Akodo Uehara#1", "Well-Defended Farm#1"} <= names, names
    assert len(IN_BATTLE) >= 40, len(IN_BATTLE)


@pytest.mark.parametrize("name,condition", IN_BATTLE)
def test_the_battle_ending_switches_the_condition_off(name, condition):
    answer = duration(card=name, then=["battle-ends"])
    if answer.get("condition") != condition or answer["state"] is not None:
        return  # the answer follows another part of the ability (a delayed effect, another "while")
    last = answer["timeline"][-1]
    assert not last["effective"], (name, last)
    # said as decided by the battle's end, never "taken to hold"
    assert "taken to hold" not in answer["summary"], answer["summary"]
    if last["persists"] and answer["effect"]["kind"] != "entry":
        assert "no longer holds" in answer["summary"] and "battle is over" in last["why"], answer["summary"]


@pytest.mark.parametrize("name,condition", [(n, c) for n, c in IN_BATTLE if re.search(r"\battacking$", c)])
def test_assigned_to_attack_it_holds_and_the_battle_end_ends_it(name, condition):
    answer = duration(card=name, then=["occurs:he assigns to attack"])
    if answer.get("condition") != condition:
        return  # the answer follows another "while" of the ability ("while defending and, if ..., while attacking")
    assert answer["effective"] and "taken to hold" not in answer["summary"], answer["summary"]
    after = duration(card=name, then=["occurs:he assigns to attack", "battle-ends"])
    assert not after["effective"], after["summary"]
    # a condition-true given later switches it on again (the length is the card's time in play, or the turn)
    again = duration(card=name, then=["battle-ends", "condition-true"])
    assert again["effective"] == again["persists"], again["summary"]


# -- (1b) "while you control <card>": that card leaving play --------------------------------------------------------

_CONTROL = re.compile(r"^you control (?!(?:a|an|any|one|two|three|both)\b)(?P<what>[A-Z][\w' ]+)$")
CONTROL_NAMED = _whiles(_CONTROL) if HAVE else []
_GENERIC = re.compile(r"^you control (?:a|an) (?P<what>[A-Z]\w+)$")
CONTROL_GENERIC = _whiles(_GENERIC) if HAVE else []


def test_the_control_class_names_the_real_cards():
    names = {n for n, _ in CONTROL_NAMED}
    assert {"Doji Natsuyo • Experienced#1", "Kakita Daitsu#1", "Bayushi Iyashi, Lady Sorrow#1"} <= names, names
    assert {n for n, _ in CONTROL_GENERIC} >= {"Sons of Gusai#1", "Merchant Guard", "Shiba Shirou#1"}


def _kind(name: str) -> str:
    return duration(card=name)["effect"]["kind"]


@pytest.mark.parametrize("name,condition", CONTROL_NAMED)
def test_the_controlled_card_leaving_play_switches_it_off(name, condition):
    what = _CONTROL.match(condition).group("what")  # type: ignore[union-attr]
    answer = duration(card=name, then=[f"occurs:{what} leaves play"])
    if answer["effect"]["kind"] == "entry":  # checked once as the card entered play: nothing to switch
        assert not answer["persists"]
        return
    assert not answer["effective"] and "taken to hold" not in answer["summary"], answer["summary"]
    back = duration(card=name, then=[f"occurs:{what} leaves play", f"occurs:you recruit {what}"])
    assert back["effective"], back["summary"]
    # another card leaving play says nothing of it: still taken to hold, and said so
    other = duration(card=name, then=["occurs:a Ratling Scout leaves play"])
    assert other["effective"] and "taken to hold" in other["summary"], other["summary"]


@pytest.mark.parametrize("name,condition", CONTROL_GENERIC)
def test_a_generic_controlled_card_leaving_play_is_said_as_an_assumption(name, condition):
    what = _GENERIC.match(condition).group("what")  # type: ignore[union-attr]
    answer = duration(card=name, then=[f"occurs:your {what} is destroyed"])
    if answer["effect"]["kind"] == "entry":
        return
    assert not answer["effective"], answer["summary"]
    first = answer["summary"].split(". ")[0]
    assert "assuming it was the only one you controlled" in first, answer["summary"]


# -- (2) a continuous trait written after a triggered trait's sentence ----------------------------------------------
# "After you Recruit Noekam, lose 5 Honor. Noekam's Undead Followers have +1F." (S10; S9's item listed the +1F as an
# effect of the trigger): the later sentence names the card as its subject (by its name, or by leaving its subject
# out: "Cannot attach Followers or Items.", "Will not attach cards."), looks back at nothing the trigger named, and is
# the card's continuous trait, in force while the card is in play (LD8; Effects: "All effects are separate").

_SUBJECTLESS = re.compile(r"^(?:Cannot|Can not|Will not|Does not|May not) ")


def _own_subject(sentence: str, name: str) -> bool:
    words = [w for w in re.findall(r"[A-Z][\w'-]+", re.split(r"[•,]", name)[0]) if w not in ("The", "No")]
    return any(re.match(rf"{re.escape(w)}(?:'s [\w' ]+? (?:have|has)| (?:has|have|Equips|will not|cannot))\b",
                        sentence) for w in words)


def _trigger_then_trait() -> list[tuple[str, str]]:
    from engine.rulesets.l5r.abilities import Kind
    from engine.rulesets.l5r.parts import sentences
    from engine.rulesets.l5r.question import is_standing
    found = []
    for card in CARDS:
        abilities = read_card(card)
        for ability in abilities:
            if ability.kind is not Kind.TRAIT or ability.header or is_standing(ability):
                continue
            for sentence in sentences(ability.rules_text or ability.text)[1:]:
                if (_SUBJECTLESS.match(sentence) or _own_subject(sentence, card.name)) \
                        and not re.search(r"\b(?:it|him|her|them|they)\b", sentence):
                    found.append((_name(card, abilities, ability), sentence.rstrip(".")))
    return found


TRIGGER_THEN_TRAIT = _trigger_then_trait() if HAVE else []


def test_the_trigger_then_trait_class_names_the_real_cards():
    names = {n for n, _ in TRIGGER_THEN_TRAIT}
    assert {"Noekam#1", "Gekido no Oni#1", "Shiba Hano#1", "Umikaiju#1"} <= names, names


@pytest.mark.parametrize("name,sentence", TRIGGER_THEN_TRAIT)
def test_the_trait_after_a_trigger_lasts_while_its_card_is_in_play(name, sentence):
    parts = {p["words"].rstrip("."): p for p in duration(card=name, then=["turn-ends"]).get("parts", [])}
    assert sentence in parts, (name, list(parts))
    assert parts[sentence]["persists"] and parts[sentence]["effective"], parts[sentence]
    gone = {p["words"].rstrip("."): p for p in duration(card=name, then=["turn-ends", "leaves-play"])["parts"]}
    assert not gone[sentence]["persists"], gone[sentence]
    # the trigger's effects, as ordered at its own moment, do not hold it
    from tests.engine.l5r.l5r_real import order
    card = name.split("#")[0]
    ability = next(a for c in CARDS if c.name == card for a in read_card(c) if f"{card}#{a.index}" == name
                   or c.name == name)
    at = f"{ability.timing} {ability.occurrence}" if ability.timing and ability.occurrence else None
    if at:
        placed = order(at=at, item=[name])
        for entry in placed["order"]:
            assert sentence not in entry["effects"], entry


# -- (3) an ability granting additional actions that also does something else ----------------------------------------
# "Dishonor a target Personality. You may take an additional action." (Ivory Ascendance, S7): the answer said only
# that the grant was over ("nothing of it is left"), never that the dishonor stays. Every one-time effect of the
# ability stays done (a one-time change has no length), and the first line says so beside the grant's timing (LD5).

_ONCE_VERB = re.compile(r"^(?:(?:You may|you may) )?(?P<verb>Dishonor|Straighten|Bow|Destroy|Move|Equip|Discard|Draw|"
                        r"Gain|Lose|Transfer|Attach|Put)\b", re.I)


def _grants_with_once() -> list[tuple[str, str]]:
    from engine.rulesets.l5r.parts import sentences
    found = []
    for card in CARDS:
        abilities = read_card(card)
        for ability in abilities:
            if not any(t.form is Form.ADDITIONAL for t in ability.terms) or len(ability.terms) != 1:
                continue  # one length only: the grant (an ability with other lengths answers them as parts)
            body = re.sub(r"^[^:]{0,60}:\s*", "", ability.rules_text or ability.text)
            body = body.split(":", 1)[-1]
            for sentence in sentences(body):
                if "additional" not in sentence and (verb := _ONCE_VERB.match(sentence)) is not None:
                    found.append((_name(card, abilities, ability), verb.group("verb").lower()))
                    break
    return found


GRANTS_WITH_ONCE = _grants_with_once() if HAVE else []


def test_the_grant_class_names_the_real_cards():
    names = {n for n, _ in GRANTS_WITH_ONCE}
    assert {"Ivory Ascendance#2", "Shinjo Katsuo#2", "Togashi Ogure#2"} <= names, names
    assert len(GRANTS_WITH_ONCE) >= 15, len(GRANTS_WITH_ONCE)


@pytest.mark.parametrize("name,verb", GRANTS_WITH_ONCE)
def test_a_grant_answer_says_what_the_other_effects_left(name, verb):
    for then in (["action-resolves", "turn-ends"], []):
        answer = duration(card=name, then=then)
        if answer["effect"]["kind"] != "additional":
            return  # judged as another length (a delayed part): not this class
        said = answer["summary"] if len(answer.get("parts", ())) > 1 else answer["summary"].split(". ")[0]
        assert "stay" in said, answer["summary"]
        assert "nothing of it is left" not in answer["summary"], answer["summary"]


# -- (5) whose card an occurrence happens to is not whose action made it --------------------------------------------
# "After an enemy card bows" (S1): my action bowed the opponent's card, and --by you (whose action) ruled my Reaction
# out as if the bowed card were mine. "<whose> card <verb>s" with no object is whose card the occurrence happens to
# (the glossary's "enemy": a card another player controls), never the doer; --by says only whose action or effect
# made it happen. The printed triggers naming an enemy card it happens to are read so too.

from engine.rulesets.l5r.conditions import trigger_conditions  # noqa: E402

_INTRANSITIVE = ("bows", "straightens", "moves", "moves home")
_WHOSE = (("an enemy", "other"), ("your", "own"), ("another player's", "other"))


@pytest.mark.parametrize("verb", _INTRANSITIVE)
@pytest.mark.parametrize("who,side", _WHOSE)
def test_a_card_that_bows_is_whose_card_it_happens_to(who, side, verb):
    conds = trigger_conditions(f"After {who} card {verb}, gain 1 Honor")
    assert [(c.cls, c.value) for c in conds if c.cls in ("actor", "owner")] == [("owner", side)], conds
    # with an object it is the doer
    doer = trigger_conditions(f"After {who} card {verb.split()[0]} a Personality, gain 1 Honor")
    assert any(c.cls == "actor" and c.value == side for c in doer), doer


def test_by_is_whose_action_not_whose_card_bowed():
    from tests.engine.l5r.l5r_real import order
    placed = order(at="after a card bows", item=["trait:After this card bows, its controller gains 1 Honor@opponent",
                                                 "reaction:After an enemy card bows, gain 1 Honor@you"],
                   active="you", by="you")
    assert [p["step"] for p in placed["order"]] == ["E", "F"], placed["summary"]
    assert "an enemy card" in placed["summary"], placed["summary"]  # taken to hold, and said


ENEMY_OWNER = [(f"{c.name}#{a.index}", a.timing, a.occurrence) for c in CARDS for a in read_card(c)
               if a.timing in ("after", "before") and a.occurrence
               and re.search(r"\benemy (?:[A-Z]\w+ )*(?:card|Personality|Follower|units?)s?\b", a.occurrence)]


def test_the_enemy_owner_class_names_the_real_cards():
    assert {"Ichigo Sensei#1", "Utaku Liu-Xeung • Experienced#1"} <= {n for n, *_ in ENEMY_OWNER}, ENEMY_OWNER


@pytest.mark.parametrize("name,timing,occurrence", ENEMY_OWNER)
def test_a_printed_enemy_card_it_happens_to_is_never_read_from_by(name, timing, occurrence):
    conds = [c for c in trigger_conditions(occurrence) if re.search(r"\benemy\b", c.words)
             and c.cls in ("actor", "owner")]
    assert conds and all(c.cls == "owner" and c.value == "other" for c in conds), conds


# -- (4) a delayed effect waiting for "the next <card type>" and a named card of that type ---------------------------
# "After the next Personality enters play this turn, gain 2 Honor" with Daigotsu Yutaka entering play (S24): one
# occurrence answers both (a Personality entering play is the next one), so the delayed effect is at step D, before
# Yutaka's trait (E); it was set aside as "an occurrence this moment does not name". A card of another type does not
# answer it (the kind is checked against the named card).

from engine.rulesets.l5r.abilities import Kind as _Kind  # noqa: E402


def _entering(card_type: str) -> str:
    """A real card of that type whose own trait answers its entering play ("After Yutaka enters play: ...")."""
    for card in CARDS:
        if card.type != card_type:
            continue
        first = read_card(card)
        if first and first[0].kind is _Kind.TRAIT and first[0].timing == "after" and \
                re.search(r"\benters play$", first[0].occurrence or ""):
            return card.name
    raise AssertionError(card_type)


TYPES = ("Personality", "Follower", "Holding") if HAVE else ()


@pytest.mark.parametrize("card_type", TYPES)
@pytest.mark.parametrize("waits", TYPES)
def test_the_next_card_of_a_type_is_a_named_card_of_that_type(card_type, waits):
    from tests.engine.l5r.l5r_real import order
    name = _entering(card_type)
    delayed = f"delayed:Some Strategy:After the next {waits} enters play this turn, gain 2 Honor"
    placed = order(at=f"after {name} enters play", item=[name, delayed])
    steps = [(p["step"], p["kind"]) for p in placed["order"]]
    if waits == card_type:
        assert steps[0] == ("D", "delayed") and steps[1][0] == "E", placed["summary"]
    else:
        assert all(kind != "delayed" for _, kind in steps), placed["summary"]


@pytest.mark.parametrize("card_type", TYPES)
def test_the_next_card_you_bring_into_play_is_a_named_card_of_that_type(card_type):
    # blind 71021 #4: "After the next Personality you bring into play enters play, gain 2 Honor" at Gakku's entry
    from tests.engine.l5r.l5r_real import order
    name = _entering(card_type)
    delayed = f"delayed:Earlier effect:After the next {card_type} you bring into play enters play, gain 2 Honor@you"
    placed = order(at=f"after {name} enters play", item=[name, delayed], active="you")
    assert [p["step"] for p in placed["order"]][:2] == ["D", "E"], placed["summary"]
