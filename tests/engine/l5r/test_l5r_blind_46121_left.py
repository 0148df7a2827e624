"""Blind round 46121, the classes left from it (direct path), each over every real card sharing the wording.

(3) "After the next action resolves, lose 1 Honor" (and any "after/before the next <occurrence>" that is no period
    and no "next time"): the lead word is the delayed effect's point. It waits for the after-point of that
    occurrence (L4) and is placed at step D there, never read as timed at the when-point (blind 46121 S19).
(4) A card named without #N in a duration question, with occurrences given (occurs:...) that its default ability does
    not wait for but another ability's effect does (Tsujiken Sensei: #1 standing traits, #2 "After the next time
    this turn it bows, ..."): the answer judges the ability the occurrences fit, and says so (blind 46121 S20).
(5) A card whose own ability puts it into play ("Open: Put this Kata into play", "Put this Event into play"): the
    card that made the effect and the card in play are one card, so its leaving play ends its time in play; the end
    of the turn does not (blind 46121 S23). A Terrain is read apart (in play for one battle).
(6) A qualifier on what a delayed effect waits for ("After the next resolution this turn of your action from another
    Strategy or Ring with a base Focus Value equal to the number, ..."): an occurrence whose words say it fails does
    not fire it (it keeps waiting, L12); one whose words say it holds fires it; one that does not say fires it with
    the assumption in the first line (blind 42121 class 2).
(7) A use limit on a triggered ability ("once per turn", "Twice per turn, after ...", "three times per turn", "Once
    per battle"): `--used PLAYER` says that player's listed limited abilities are used up, and they do not act; not
    given, the limit is taken as not used up and said aloud with the input to give; `--times N` past the limit sets
    aside a trait that is not optional (blind 41021 O3, Ohsuki Sensei).
(8) A card's rule for its own entry with an "if" ("This Holding enters play unbowed if you control any Siege
    Personalities", "Nishoji enters play ignoring Gold Cost if ...", "Otani will not enter play if ..."): checked once
    as the card enters play; nothing of it lasts and a later change of its condition changes nothing (blind 51021
    S25, Erected Watchtower). Entry rules that change only the Gold paid stay the payment's (LD1).

The card lists are derived from the data; the expectations come from the Timing page (L4: before/when/after, L6 D)."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card, read_text
from engine.rulesets.l5r.conditions import trigger_conditions
from engine.rulesets.l5r.durations import Form
from engine.rulesets.l5r.lifetime import awaits
from engine.rulesets.l5r.question import first_to_judge, is_terrain
from tests.engine.l5r.l5r_real import duration, order, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
CARDS = real_cards() if HAVE else ()

# -- (3) "after/before the next <occurrence>" ---------------------------------------------------------------------

# The occurrence named after "the next": no period ("the next battle ends" is a named point), no "next time".
_LEAD_NEXT = re.compile(r"\b(?P<lead>after|before)\s+(?:the|your|his|her|its|their)\s+next\s+(?!time\b|turn\b|"
                        r"(?:[A-Z]\w+ )?Phase\b|(?:battle|duel|phase)\s+(?:ends|begins|resolves))", re.I)
LEAD_NEXT = []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        _text = _a.rules_text or _a.text
        for _m in _LEAD_NEXT.finditer(_text):
            if re.search(r"\buntil\s+$", _text[:_m.start()], re.I):
                continue  # "until after their next opportunity ...": the end of a length, not a delayed point
            LEAD_NEXT.append((_card.name if len(_abilities) == 1 else f"{_card.name}#{_a.index}", _a.index,
                              _m.group("lead").lower(), _m.start()))


def test_the_lead_next_class_names_the_real_cards():
    names = {n for n, *_ in LEAD_NEXT}
    # Moshi Ino ("After the next action not performed by a Thunder Personality resolves this battle"), and the two
    # Strategies whose "After the next resolution ... of your action" were read so before (blind 42121)
    assert {"Moshi Ino", "The Honesty of the Phoenix#2", "The Sincerity of the Dragon#2"} <= names, names


@pytest.mark.parametrize("name,index,lead,at", LEAD_NEXT)
def test_a_lead_next_waits_for_the_point_its_lead_word_names(name, index, lead, at):
    card = next(c for c in CARDS if c.name == name.split("#")[0])
    ability = read_card(card)[index - 1]
    term = next((t for t in ability.terms if t.start <= at < t.start + len(t.words)), None)
    assert term is not None and term.form is Form.NEXT_TIME, ability.terms
    assert term.words.lower().startswith(lead), term.words
    # at the after-point of what it waits for, it answers as a delayed effect (step D)
    event = term.events[0]
    placed = order(at=f"{lead} {event}", item=[name])
    assert [p["step"] for p in placed["order"]] == ["D"], placed["summary"]


TYPED = ("After the next action resolves, lose 1 Honor", "After the next Personality enters play, draw a card",
         "Before the next action resolves, gain 2 Honor")


@pytest.mark.parametrize("text", TYPED)
def test_a_typed_delayed_effect_keeps_its_lead_word(text):
    lead = text.split()[0].lower()
    ability = read_text(text)[0]
    assert ability.kind is Kind.DELAYED and ability.timing == lead, (ability.timing, ability.occurrence)
    event = ability.delayed_term.events[0]
    # at its own point it acts at step D, before a triggered trait and a Reaction (L6 D-F)
    answer = order(at=f"{lead} an {event}" if not event.startswith(("a ", "an ")) else f"{lead} {event}",
                   item=[f"delayed:Hida Trap:{text}@opponent", f"trait:{lead.title()} an {event}, gain 1 Honor",
                         f"reaction:{lead.title()} an {event}, draw a card"],
                   active="opponent")
    assert [p["step"] for p in answer["order"]] == ["D", "E", "F"], answer["summary"]
    # at the other point of the same occurrence it does not act (L4)
    other = "when"
    elsewhere = order(at=f"{other} an {event}", item=[f"delayed:{text}"])
    assert not elsewhere["order"], elsewhere["summary"]


def test_made_by_an_action_it_fires_after_another_action_resolves_once():
    answer = duration(text="Battle: After the next action resolves, lose 1 Honor", made_during="battle",
                      then=["action-resolves", "occurs:an action resolves", "occurs:an action resolves",
                            "turn-ends"])
    assert [s["state"] for s in answer["timeline"]] == ["waiting", "fired", "fired", "fired"], answer["explanation"]
    # the point it fires at is the occurrence's after-point, never its when-point
    assert "when-point" not in answer["timeline"][1]["why"], answer["timeline"][1]["why"]


# -- (4) the ability the occurrences given fit --------------------------------------------------------------------

WAITING_ELSEWHERE = []
for _card in CARDS:
    _abilities = read_card(_card)
    if len(_abilities) < 2:
        continue
    _default = first_to_judge(_abilities)
    for _a in _abilities:
        _waits = [w for t in _a.terms for w in (*t.events, t.point) if w]
        if _a is not _default and not _a.reminder and _waits and not awaits(_waits[0], _default.terms):
            WAITING_ELSEWHERE.append((_card.name, _a.index, _waits[0]))


def test_the_waiting_elsewhere_class_names_the_real_cards():
    assert len(WAITING_ELSEWHERE) >= 20, WAITING_ELSEWHERE
    assert ("Tsujiken Sensei", 2, "it bows") in WAITING_ELSEWHERE, WAITING_ELSEWHERE


@pytest.mark.parametrize("name,index,waits", WAITING_ELSEWHERE)
def test_the_occurrence_given_picks_the_ability_waiting_for_it(name, index, waits):
    answer = duration(card=name, then=["action-resolves", f"occurs:{waits}"])
    assert answer["effect"]["ability"] == index, answer["summary"]
    note = next(n["text"] for n in answer["interpretations"] if n["id"] == "ability-choice")
    assert f"judges #{index}" in note and waits in note, note
    # named with #N it is the same ability (the choice only saves naming it)
    same = duration(card=f"{name}#{index}", then=["action-resolves", f"occurs:{waits}"])
    assert [s["state"] for s in same["timeline"]] == [s["state"] for s in answer["timeline"]]


def test_tsujiken_sensei_bowing_twice_costs_honor_once():
    # the blind scenario's shape, with the rule's answer: "the next time this turn" fires once (LD3, LD4)
    answer = duration(card="Tsujiken Sensei", made_during="action",
                      then=["action-resolves", "occurs:it bows", "occurs:it bows", "turn-ends"])
    assert [s["state"] for s in answer["timeline"]] == ["waiting", "fired", "fired", "fired"], answer["explanation"]


def test_without_occurrences_or_when_the_default_waits_for_them_the_default_stays():
    for name, _index, _waits in WAITING_ELSEWHERE[:5]:
        card = next(c for c in CARDS if c.name == name)
        default = first_to_judge(read_card(card)).index
        assert duration(card=name, then=["action-resolves", "turn-ends"])["effect"]["ability"] == default
        # an occurrence no ability waits for changes nothing
        other = duration(card=name, then=["action-resolves", "occurs:a Sumo wrestler sneezes"])
        assert other["effect"]["ability"] == default


# -- (5) a card that put itself into play leaves play ---------------------------------------------------------------

_OWN_ENTRY = re.compile(r"\b(?:put|bring)s?\s+this (?:card|Kata|Event|Strategy|Ring|Region|Holding|Item|Follower|"
                        r"Spell|Ancestor|Sensei|Wind|Celestial)\b[^.]{0,40}?\binto play\b", re.I)
SELF_PUT = []
for _card in CARDS:
    if is_terrain(_card):
        continue  # a Terrain is in play for one battle (its own class, blind 42121)
    _abilities = read_card(_card)
    for _a in _abilities:
        if _OWN_ENTRY.search(_a.rules_text or _a.text):
            _name = _card.name if len(_abilities) == 1 else f"{_card.name}#{_a.index}"
            SELF_PUT.append(_name)


def _leaving(name):
    return duration(card=name, made_during="action", then=["action-resolves", "turn-ends", "leaves-play"])


def test_the_self_put_class_names_the_real_cards():
    assert len(SELF_PUT) >= 45, SELF_PUT
    kinds = {_leaving(n)["effect"]["kind"] for n in SELF_PUT}
    assert kinds <= {"in-play", "while", "delayed"}, kinds
    assert "Show of Power#1" in SELF_PUT and "Spoils of Exploration#2" in SELF_PUT, SELF_PUT


@pytest.mark.parametrize("name", SELF_PUT)
def test_a_card_that_put_itself_into_play_ends_as_it_leaves_play(name):
    answer = _leaving(name)
    assert "changes nothing" not in answer["summary"], answer["summary"]
    if answer["effect"]["kind"] == "delayed":
        # "Put this Event into play. Discard it after your next turn begins": the card it would discard has left
        # play, so the delayed discard has nothing left to do (LD4)
        assert answer["timeline"][-1]["state"] == "expired", answer["explanation"]
        assert "nothing left to do" in answer["summary"], answer["summary"]
        waiting = duration(card=name, made_during="action", then=["action-resolves", "turn-ends"])
        assert waiting["timeline"][-1]["state"] == "waiting", waiting["summary"]
        return
    persists = [s["persists"] for s in answer["timeline"]]
    assert persists == [True, True, False], answer["explanation"]
    assert "changes nothing" not in answer["summary"], answer["summary"]


def test_most_self_put_cards_are_read_as_in_play_and_say_so():
    in_play = [n for n in SELF_PUT if _leaving(n)["effect"]["kind"] == "in-play"]
    assert len(in_play) >= 40, in_play
    for name in in_play:
        kept = duration(card=name, made_during="action", then=["action-resolves", "turn-ends"])
        assert kept["persists"] is True and "this very card" in kept["summary"], kept["summary"]


def test_another_card_put_into_play_does_not_end_with_the_card_that_made_it():
    # "Create a ... Personality" / "put him into play": the card made is another card; the card whose ability made
    # it leaving play changes nothing (LD8), and that reading is said aloud
    others = []
    for card in CARDS:
        for a in read_card(card):
            text = a.rules_text or a.text
            if a.kind is Kind.ACTION and re.match(r"^[^:]{0,30}:\s*Create an? ", text) and not _OWN_ENTRY.search(text):
                others.append(card.name if len(read_card(card)) == 1 else f"{card.name}#{a.index}")
    checked = 0
    for name in others:
        answer = _leaving(name)
        if answer["effect"]["kind"] != "in-play":
            continue
        checked += 1
        assert answer["timeline"][-1]["persists"] is True, answer["explanation"]
        assert any(n["id"] == "leaves-play" for n in answer["interpretations"])
    assert checked >= 5, others


# -- (6) a qualifier on the awaited occurrence ---------------------------------------------------------------------

QUALIFIED = []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        for _t in _a.terms:
            if _t.form is Form.NEXT_TIME and _t.condition:
                QUALIFIED.append((f"{_card.name}#{_a.index}" if len(_abilities) > 1 else _card.name, _t.events[0],
                                  _t.condition))


def _with(event, words):
    """The awaited event with words added before its last verb ("your action from a Strategy <words> resolves")."""
    head, _, verb = event.rpartition(" ")
    return f"{head} {words} {verb}"


def test_the_qualified_class_names_the_real_cards():
    names = {n for n, *_ in QUALIFIED}
    assert {"The Sincerity of the Dragon#2", "The Honesty of the Phoenix#2"} <= names, QUALIFIED


@pytest.mark.parametrize("name,event,qualifier", QUALIFIED)
def test_a_qualifier_is_checked_against_the_occurrence_given(name, event, qualifier):
    noun = " ".join(w for w in qualifier.split()[1:] if w[:1].isupper()) or qualifier.split()[-1]
    fails = duration(card=name, then=["action-resolves", f"occurs:{_with(event, f'with a different {noun}')}"])
    assert fails["timeline"][-1]["state"] == "waiting" and fails["timeline"][-1]["rule"] == "L12", fails["summary"]
    meets = duration(card=name, then=["action-resolves", f"occurs:{_with(event, qualifier)}"])
    assert meets["timeline"][-1]["state"] == "fired" and "assuming" not in meets["summary"].lower(), meets["summary"]
    silent = duration(card=name, then=["action-resolves", f"occurs:{event}"])
    assert silent["timeline"][-1]["state"] == "fired", silent["summary"]
    assert "assuming it met" in silent["summary"].lower() and qualifier in silent["summary"], silent["summary"]


@pytest.mark.parametrize("name,event,qualifier", QUALIFIED)
def test_a_qualifier_decides_the_order_answer_too(name, event, qualifier):
    noun = " ".join(w for w in qualifier.split()[1:] if w[:1].isupper()) or qualifier.split()[-1]
    fails = order(at=f"after {_with(event, f'with a different {noun}')}", item=[name])
    assert not fails["order"] and "L12" in fails["skipped"][0]["rules"], fails["summary"]
    meets = order(at=f"after {_with(event, qualifier)}", item=[name])
    assert [p["step"] for p in meets["order"]] == ["D"] and f"“{qualifier}”" not in meets["assumed"]
    silent = order(at=f"after {event}", item=[name])
    assert [p["step"] for p in silent["order"]] == ["D"] and f"“{qualifier}”" in silent["assumed"], silent["summary"]
    assert qualifier in silent["summary"], silent["summary"]


# -- (7) a use limit and --used -------------------------------------------------------------------------------------

LIMITED = []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        _full = _a.rules_text or _a.text
        if not _a.occurrence or _a.kind not in (Kind.TRAIT, Kind.REACTION, Kind.INTERRUPT):
            continue
        _at = _full.find(_a.occurrence)
        _after = _full[_at + len(_a.occurrence):] if _at >= 0 else ""
        for _c in trigger_conditions(_a.occurrence, _after, _card.name, _full):
            if _c.cls == "limit":
                LIMITED.append((f"{_card.name}#{_a.index}", _a.timing, _a.occurrence, _c.words, int(_c.value),
                                _c.period, _c.what))


def test_the_limited_class_names_the_real_cards():
    # "once per turn" after the trigger, and the limits written before it ("Reaction: Twice per turn, after ...")
    names = {n for n, *_ in LIMITED}
    assert len(LIMITED) >= 12, LIMITED
    assert {"Ohsuki Sensei#1", "Fudo • Experienced#3", "Matsu Rika#1", "Yamazaki • Experienced#1"} <= names, names


@pytest.mark.parametrize("name,timing,occurrence,words,uses,period,optional", LIMITED)
def test_a_used_up_limit_sets_the_ability_aside(name, timing, occurrence, words, uses, period, optional):
    at = f"{timing} {occurrence}"
    free = order(at=at, item=[name])
    if not free["order"]:
        pytest.skip(f"{name} does not answer its own trigger's words for another reason: {free['summary']}")
    assert any("not used up" in a for a in free["assumed"]), free["summary"]
    assert "--used you" in free["explanation"] or any("--used you" in n["text"] for n in free["interpretations"])
    used = order(at=at, item=[name], used="you")
    assert not used["order"] and "used up" in used["skipped"][0]["why"], used["summary"]
    assert "L12" in used["skipped"][0]["rules"]
    # the other player's limits used up change nothing for this one
    theirs = order(at=at, item=[name], used="opponent")
    assert [p["step"] for p in theirs["order"]] == [p["step"] for p in free["order"]]
    if period == "turn":
        within = order(at=at, item=[name], times=uses)
        assert within["order"] and not any("not used up" in a for a in within["assumed"]), within["summary"]
        past = order(at=at, item=[name], times=uses + 1)
        if optional:
            assert past["order"] and any("not used up" in a for a in past["assumed"]), past["summary"]
        else:
            assert not past["order"], past["summary"]


def test_used_is_part_of_the_ruling_id_only_when_given():
    name, timing, occurrence = LIMITED[0][:3]
    at = f"{timing} {occurrence}"
    assert order(at=at, item=[name])["ruling_id"] == order(at=at, item=[name])["ruling_id"]
    assert order(at=at, item=[name])["ruling_id"] != order(at=at, item=[name], used="you")["ruling_id"]


def test_a_performer_the_occurrence_must_not_have_is_one_qualifier_never_a_kind_or_keyword():
    # "After the next action not performed by a Thunder Personality resolves": the performer's keyword and type are
    # no condition on what the action happens to; the whole "not performed by ..." is said aloud, or met when said
    negated = []
    for card in CARDS:
        for a in read_card(card):
            for t in a.terms:
                negated += [(card.name, ev) for ev in t.events if "not performed by" in ev]
    assert ("Moshi Ino", "action not performed by a Thunder Personality resolves") in negated, negated
    for name, event in negated:
        conds = trigger_conditions(event)
        assert [c.cls for c in conds] == ["qualifier"] and conds[0].words.startswith("not performed by"), conds
        silent = order(at="after an action resolves", item=[name])
        assert silent["assumed"] == [f"“{conds[0].words}”"], silent["assumed"]
        said = order(at=f"after an {event}", item=[name])
        assert said["order"] and not said["assumed"], said["summary"]


# -- (8) a card's own entry rule with an "if" ------------------------------------------------------------------------

_OWN_ENTRY_IF = re.compile(r"^(?:This \w+ |[A-Z][\w'-]+ )?(?:[Ee]nters play|will not enter play)\b[^.]*\bif\b[^.]*\.?$")
ENTRY_RULES = []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        _t = (_a.rules_text or _a.text).strip()
        if _a.kind is Kind.CONTINUOUS and _OWN_ENTRY_IF.match(_t) and not re.search(r"\b(?:less|more) Gold\b", _t):
            ENTRY_RULES.append(_card.name if len(_abilities) == 1 else f"{_card.name}#{_a.index}")


def test_the_entry_rule_class_names_the_real_cards():
    assert len(ENTRY_RULES) >= 12, ENTRY_RULES
    assert {"Erected Watchtower#1", "Nishoji, the Steel-Eyed#1", "Ichiro Otani, the Stone Breaker#1"} <= set(
        ENTRY_RULES), ENTRY_RULES


@pytest.mark.parametrize("name", ENTRY_RULES)
def test_an_entry_rule_is_checked_once_as_the_card_enters(name):
    answer = duration(card=name, then=["condition-false", "turn-ends", "condition-true"])
    assert answer["effect"]["kind"] == "entry", answer["summary"]
    assert "switched off" not in answer["summary"] and "enters play" in answer["summary"], answer["summary"]
    assert [s["persists"] for s in answer["timeline"]] == [False, False, False]
    assert answer["timeline"][0]["rule"] == "L4" and "changes nothing" in answer["timeline"][0]["why"]
    assert any(n["id"] == "own-entry" for n in answer["interpretations"])
