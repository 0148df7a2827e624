"""Blind round 42121 (direct path): each wrong-fact class fixed over every real card sharing the wording.

(a) A continuous trait's subject scoped to an army ("Your other Moshi Personalities in Ikako's army have +1F",
    "Other Ninja in this army have +1F") reaches a card only while that card is in that army: the scope works as a
    "while" condition (a Moshi moving home loses the +1F, and gets it back on rejoining), inside the card's time in
    play (LD8, L4). A trait whose other sentences are not so scoped says the scope aloud.
(b) A period inside an if-clause that looks back at what happened ("Equip ... if another player's action destroyed
    it or its Personality this battle", "Fear 2 if you Equipped this Item during this battle", "Straighten Rikiya if
    he won a duel this turn") belongs to that condition, not to the effect's length: the effect is one-time (or the
    card's standing trait), not "this battle" / "this turn". A one-time equip's first line says it stays attached.
(c) A keyword taken away by an ability ("remove Duelist from the Personality facing yours", "remove Resilient from",
    "loses Naval") changes the card's traits: an effect with the rules' length, to the end of the turn (LD8) when it
    names none, like a keyword given, never "a one-time change ... stays removed".
(d) A delayed effect's looking-back condition ("if you did not put any cards in your hand since the resolution of
    this Event", "if you did not lose any Provinces between now and then") is checked against the occurrences given
    before it fires: one such occurrence ("you put a card in your hand") makes it fail, so nothing happens (LD4).
(e) "After the next resolution this turn of your action from another Strategy ..." is a delayed effect at the
    after-point of that action's resolution (step D there, Timing), not its when-point; a qualifier on the awaited
    action ("with a base Focus Value equal to the number", "with that title") is said aloud as assumed.

The card lists are derived from the data; the expectations come from the rules and the cards' words."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from tests.engine.l5r.l5r_real import duration, order, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
CARDS = real_cards() if HAVE else ()


def _named(card, ability, count):
    return card.name if count == 1 else f"{card.name}#{ability.index}"


# -- (a) "in X's army" / "in this army" on a continuous trait -------------------------------------------------------

_ARMY = re.compile(r"\bin (?:[A-Z][\w'-]*(?: [\w'-]+){0,3}?'s|this) army\b[^.;:]*\b(?:have|has)\b")
ARMY_ALONE, ARMY_MIXED = [], []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        _text = _a.rules_text
        if _a.header or _a.timing is not None or not _ARMY.search(_text) or re.search(r"\b(?:while|if)\b", _text):
            continue
        (ARMY_ALONE if not re.search(r"[.;]\s+\S", _text.strip()) else ARMY_MIXED).append(
            _named(_card, _a, len(_abilities)))


def test_the_army_scope_class():
    assert "Moshi Ikako • Experienced#1" in ARMY_ALONE and len(ARMY_ALONE) >= 6, ARMY_ALONE
    assert len(ARMY_MIXED) >= 2, ARMY_MIXED


@pytest.mark.parametrize("name", ARMY_ALONE)
def test_an_army_scoped_trait_reaches_a_card_only_while_it_is_in_that_army(name):
    answer = duration(card=name, then=["action-resolves", "condition-false", "condition-true", "turn-ends",
                                       "leaves-play"])
    # (the turn's end: no army is left, its units went home after the battle; blind 53021 class 1)
    assert [(p["persists"], p["effective"]) for p in answer["timeline"]] == [
        (True, True), (True, False), (True, True), (True, False), (False, False)]
    assert any(i["id"] == "army-scope" for i in answer["interpretations"])
    assert "no “while” condition" not in str(answer)


@pytest.mark.parametrize("name", ARMY_MIXED)
def test_a_mixed_trait_says_its_army_scope_aloud(name):
    answer = duration(card=name, then=["turn-ends"])
    assert any(i["id"] == "army-scope" for i in answer["interpretations"])


# -- (b) "this battle" / "this turn" inside a looking-back if-clause ------------------------------------------------

_LOOK_BACK = re.compile(r"\b(?:if|unless)\b(?P<clause>[^.;:,]*?)\b(?:during )?(?:this|that) (?:battle|turn)\b(?!'s)",
                        re.I)
_EFFECT_VERB = re.compile(r"\b(?:give|gives|gain|gains|get|gets|lose|loses|have|has|may|can|cannot|must|will|"
                          r"negate|straighten|bow|move|destroy|discard|draw|take|takes)\b", re.I)
LOOK_BACK = []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        _text = _a.rules_text
        _m = _LOOK_BACK.search(_text)
        # the if-clause is the sentence's last part (nothing after it), and names no effect of its own
        if _m is None or _EFFECT_VERB.search(_m.group("clause")) or _text[_m.end():].strip(" .") \
                or re.search(r"\b(?:until|while|additional|next|each time)\b", _text, re.I):
            continue
        LOOK_BACK.append(_named(_card, _a, len(_abilities)))


def test_the_looking_back_class():
    assert {"Forward Encampment", "Shikomizue#2", "Mirumoto Rikiya"} <= set(LOOK_BACK), LOOK_BACK
    assert len(LOOK_BACK) >= 5, LOOK_BACK


@pytest.mark.parametrize("name", LOOK_BACK)
def test_a_looking_back_period_is_no_length(name):
    answer = duration(card=name, made_during="battle", then=["action-resolves", "battle-ends", "turn-ends"])
    assert answer["effect"]["kind"] not in ("battle", "turn"), answer["summary"]
    assert not any(t["form"] in ("battle", "turn") for t in answer["effect"].get("terms", []))


def test_a_one_time_equip_stays_attached():
    answer = duration(card="Forward Encampment", made_during="battle", then=["action-resolves", "battle-ends"])
    assert answer["effect"]["kind"] == "instant"
    assert "what it equips stays attached" in answer["summary"]
    assert "discards" not in answer["summary"]


# -- (c) a keyword taken away ---------------------------------------------------------------------------------------

_KEYWORDS = sorted({k.strip() for c in CARDS for k in (c.extra.get("keywords") or "").split(";") if k.strip()
                    and k.strip() not in ("Honor", "Political", "Gold")
                    and " " not in k.strip() and k.strip()[0].isupper()})
_TAKEN = re.compile(r"\b(?:removes?\s+(?:from\s+(?:him|her|it|them),?\s+)?|loses?\s+)(?:"
                    + "|".join(re.escape(k) for k in _KEYWORDS) + r")\b(?!\s+tokens?\b)") if _KEYWORDS else None
TAKEN = []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        # made by an ability (an action, Reaction, Interrupt, Focus Effect or triggered trait), naming no length
        _body = re.sub(r"^(?:After|Before|When)\b[^:,]*[:,]\s*", "", _a.rules_text)
        if _TAKEN is None or _a.kind in (Kind.CONTINUOUS, Kind.NEGATE, Kind.CONDITIONAL) \
                or not _TAKEN.search(_body) \
                or re.search(r"\b(?:until|this (?:turn|battle|game)|permanently|while|after|before|when|"
                             r"additional)\b", _body, re.I):
            continue
        TAKEN.append(_named(_card, _a, len(_abilities)))


def test_the_taken_keyword_class():
    assert {"Drawing First Blood#1", "Sanctioned Declaration#2", "Tsuruchi Nishima"} <= set(TAKEN), TAKEN
    assert len(TAKEN) >= 4, TAKEN


@pytest.mark.parametrize("name", TAKEN)
def test_a_keyword_taken_away_lasts_to_the_end_of_the_turn(name):
    answer = duration(card=name, made_during="battle", then=["action-resolves", "battle-ends", "turn-ends"])
    assert [p["persists"] for p in answer["timeline"]] == [True, True, False], answer["summary"]
    assert "stays removed" not in answer["summary"]


# -- (d) a delayed effect's "if ... did not ... any ... since / between now and then" --------------------------------

_SINCE = re.compile(r"\bif (?P<who>you|he|she|they) did not (?P<verb>\w+) any (?P<what>\w+?)s\b(?P<rest>[^.;:,]*?)\s+"
                    r"(?:since|between now and then)\b")
SINCE = []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        _m = _SINCE.search(_a.rules_text)
        if _m is not None:
            SINCE.append((_named(_card, _a, len(_abilities)),
                          f"{_m.group('who')} {_m.group('verb')} a {_m.group('what')}{_m.group('rest')}"))


def test_the_since_class():
    assert {"Tales of Valor", "Tamoko Sensei#2"} <= {n for n, _ in SINCE}, SINCE


@pytest.mark.parametrize(("name", "occurrence"), SINCE)
def test_a_looking_back_condition_fails_on_the_occurrence_given(name, occurrence):
    answer = duration(card=name, then=[f"occurs:{occurrence}", "phase-ends", "turn-ends"])
    assert "condition failed" in answer["summary"] or "fails" in answer["timeline"][-1]["why"], answer["summary"]
    plain = duration(card=name, then=["phase-ends", "turn-ends"])
    assert "condition failed" not in plain["summary"]


# -- (e) "After the next resolution ... of X" ------------------------------------------------------------------------

NEXT_RESOLUTION = []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        if re.search(r"\b(?:after|before) (?:the|your|his|her) next resolution\b", _a.rules_text, re.I):
            NEXT_RESOLUTION.append(_named(_card, _a, len(_abilities)))


def test_the_next_resolution_class():
    assert {"The Sincerity of the Dragon#2", "The Honesty of the Phoenix#2"} <= set(NEXT_RESOLUTION), NEXT_RESOLUTION


@pytest.mark.parametrize("name", NEXT_RESOLUTION)
def test_after_the_next_resolution_acts_at_the_after_point(name):
    answer = order(at="after your action from a Strategy resolves", active="you",
                   items=[name, "reaction:R@opponent", "trait:T@you"])
    steps = [entry["step"] for entry in answer["order"]]
    assert steps[0] == "D", answer["order"]
    assert "does not act now" not in answer["summary"]
    timed = duration(card=name, then=["occurs:your action from a Strategy resolves", "turn-ends"])
    assert "when-point" not in timed["timeline"][0]["why"]
    assert any(i["id"] == "awaited-qualifier" for i in timed["interpretations"])
