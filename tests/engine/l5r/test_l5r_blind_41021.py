"""Blind rounds 41021 and 38321: each disagreement fixed as a class over every real card sharing the wording.

1. A Terrain is in play for one battle (Glossary B, "Terrains in play for a battle"): its standing lines ("Your
   Personalities have Resilient") and its "Put this card into play there" end when that battle ends.
2. "once per turn" right after a trigger limits how often the trait is used: checked against --times (the second
   time this turn finds a mandatory trait used; an optional one is taken as unused, said aloud).
3. An effect banning Reactions ("no players may take Reactions ...", "Other players may not take Reactions ...")
   comes at its step and forbids the Reactions that would come after it at the same moment (Timing: what comes first
   can negate or render irrelevant what comes later).
4. `order --compare` reads "when an action would target X" and "after an action targets X" as one occurrence.
5. A trigger answering a card being created ("After your action creates a Spirit, ...") puts nothing into play.
6. A cost paid "to" do an effect ("Discard a card to make a Fear effect ...") is not what the first line says stays.

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


def _is_terrain(card) -> bool:
    return "Terrain" in {k.strip() for k in (card.extra.get("keywords") or "").split(";")} or bool(
        re.search(r"\bput this Terrain into play\b", card.text or "", re.I))


# -- 1. Terrains ----------------------------------------------------------------------------------------------------

TERRAIN_LINES, TERRAIN_ENTRIES = [], []
for _card in CARDS:
    if not _is_terrain(_card):
        continue
    _abilities = read_card(_card)
    for _a in _abilities:
        if not _a.header and _a.timing is None and _a.kind in (Kind.CONTINUOUS, Kind.NEGATE, Kind.CONDITIONAL) \
                and not re.search(r"\b(?:until|this turn|permanently|additional)\b", _a.rules_text, re.I):
            TERRAIN_LINES.append(_named(_card, _a, len(_abilities)))
        elif _a.header and re.search(r"\bput this card into play\b", _a.rules_text, re.I) \
                and "additional" not in _a.rules_text:  # a grant beside it is what the answer follows
            TERRAIN_ENTRIES.append(_named(_card, _a, len(_abilities)))


def test_the_terrain_classes():
    assert "Valiant Defense#2" in TERRAIN_LINES and len(TERRAIN_LINES) >= 20, TERRAIN_LINES
    assert "Rocky Terrain#2" in TERRAIN_ENTRIES and len(TERRAIN_ENTRIES) >= 15, TERRAIN_ENTRIES


@pytest.mark.parametrize("name", TERRAIN_LINES)
def test_a_terrains_line_ends_with_its_battle(name):
    answer = duration(card=name, made_during="battle", then=["battle-ends", "turn-ends"])
    assert [p["persists"] for p in answer["timeline"]] == [False, False]
    assert any(i["id"] == "terrain-line" for i in answer["interpretations"])
    assert "while its card is in play" not in answer["summary"]


@pytest.mark.parametrize("name", TERRAIN_ENTRIES)
def test_a_terrain_put_into_play_stays_for_that_battle(name):
    answer = duration(card=name, made_during="battle", then=["action-resolves", "battle-ends"])
    assert answer["effect"]["kind"] == "battle"
    assert [p["persists"] for p in answer["timeline"]] == [True, False]
    assert "discarded" in answer["summary"]


# -- 2. "once per turn" after a trigger -----------------------------------------------------------------------------

_LIMITED = re.compile(r"^(?:After|Before|When)\b[^,]*,\s*(?:if [^,]*,\s*)?once per turn\b")
LIMITED = [(_named(c, a, len(read_card(c))), a) for c in CARDS for a in read_card(c)
           if a.kind is Kind.TRAIT and _LIMITED.match(a.rules_text)]


def test_the_once_per_turn_class():
    assert "Ohsuki Sensei#1" in {n for n, _ in LIMITED}


@pytest.mark.parametrize(("name", "ability"), LIMITED, ids=[n for n, _ in LIMITED])
def test_once_per_turn_is_checked_against_which_time_it_happens(name, ability):
    at = f"{ability.timing} {ability.occurrence}"
    first = order(at=at, item=[name], times="1")
    assert [e["card"] for e in first["order"]] and not any("once per turn" in i["text"]
                                                          for i in first["interpretations"])
    second = order(at=at, item=[name], times="2")
    optional = re.search(r"once per turn[^.]*\bmay\b", ability.rules_text)
    if optional:
        assert second["order"] and "once per turn" in second["summary"]  # taken as unused, said aloud
    else:
        assert not second["order"] and "once per turn" in second["skipped"][0]["why"]


# -- 3. a Reaction ban made first -----------------------------------------------------------------------------------

_BAN = re.compile(r"\b(?:no players may|[Oo]ther players may not) take Reactions\b")
BANS = [(_named(c, a, len(read_card(c))), a) for c in CARDS for a in read_card(c)
        if a.kind is Kind.TRAIT and _BAN.search(a.rules_text)]


def test_the_reaction_ban_class():
    assert {"Cherry Blossom Festival", "Thunder Dragon • Experienced 2#1"} <= {n for n, _ in BANS}


@pytest.mark.parametrize(("name", "ability"), BANS, ids=[n for n, _ in BANS])
def test_a_reaction_ban_made_first_forbids_the_later_reaction(name, ability):
    at = f"{ability.timing} {ability.occurrence}"
    # the opponent's Reaction to the same occurrence, in words that fit either player ("a player reveals ... his")
    neutral = re.sub(r"\byour\b", "his", re.sub(r"\byou\b", "a player", at))
    reaction = f"reaction:{neutral[0].upper()}{neutral[1:]}, gain 1 Honor@opponent"
    answer = order(at=at, item=[name, reaction])
    assert [e["card"] for e in answer["order"]] == [name.split("#")[0]]
    assert "forbids this Reaction" in answer["skipped"][0]["why"]
    # without the ban the Reaction is taken: the ban, not the moment, set it aside
    plain = order(at=at, item=[f"trait:{at[0].upper()}{at[1:]}, gain 1 Honor", reaction])
    assert len(plain["order"]) == 2


def test_a_ban_on_other_players_leaves_the_makers_own_reactions():
    answer = order(at="after Thunder Dragon performs an action",
                   item=["Thunder Dragon • Experienced 2#1", "reaction:After an action is performed, gain 1 Honor@you"])
    assert len(answer["order"]) == 2


# -- 4. "would target" and "targets" compared -----------------------------------------------------------------------

WOULD_TARGET = sorted({m.group(0) for c in CARDS for a in read_card(c)
                       for m in [re.search(r"\b[Ww]hen ([^,:]*?) would target ([^,:]+)", a.rules_text)] if m})


def test_the_would_target_class():
    assert len(WOULD_TARGET) >= 8, WOULD_TARGET


@pytest.mark.parametrize("when", WOULD_TARGET)
def test_when_would_target_lies_between_before_and_after(when):
    found = re.match(r"[Ww]hen (.*?) would target (.+)", when)
    actor, target = found.group(1), found.group(2)
    verb = "target" if actor.lower().startswith(("you ", "you")) and actor.lower() == "you" else "targets"
    after = f"after {actor} {verb} {target}"
    before = f"before {actor} {verb} {target}"
    first = order(compare=[after, f"when {actor} would target {target}"])["compare"]
    assert first["first"].startswith("when") and "L4" in first["rules"]
    second = order(compare=[f"when {actor} would target {target}", before])["compare"]
    assert second["first"].startswith("before")


# -- 5 and 6. first lines --------------------------------------------------------------------------------------------

CREATE_TRIGGERS = [_named(c, a, len(read_card(c))) for c in CARDS for a in read_card(c)
                   if a.kind is Kind.TRAIT and re.match(r"After [^,]*\bcreates?\b", a.rules_text)
                   and not re.search(r"\b(?:[Cc]reate|put|bring)\b", a.rules_text.split(",", 1)[1])]


@pytest.mark.parametrize("name", CREATE_TRIGGERS)
def test_a_trigger_on_a_card_created_puts_nothing_into_play(name):
    assert "puts into play" not in duration(card=name)["summary"]


COST_TO = [_named(c, a, len(read_card(c))) for c in CARDS for a in read_card(c)
           if a.kind is Kind.ACTION and re.search(r":\s*Discard a card to make a Fear effect\b", a.rules_text)]


@pytest.mark.parametrize("name", COST_TO)
def test_a_cost_paid_to_make_a_fear_is_not_what_stays(name):
    summary = duration(card=name)["summary"]
    assert "what it discards stays discarded" not in summary and "Fear bows" in summary
