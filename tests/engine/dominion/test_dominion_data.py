"""The starter set's behaviour annotations: valid, consistent with the card types, checked against the text."""

from __future__ import annotations

import csv
import difflib
import json
import re
from pathlib import Path

import pytest

from engine.rulesets.dominion import BehaviourError, Kind, load_starter, parse_behaviour
from engine.rulesets.dominion.behaviour import Forbidden, How, is_duration
from engine.rulesets.dominion.starter import parse_starter

SHARED = Path(__file__).resolve().parents[3].parent / "shared"  # beside the checkout, as tests/shared_paths.py
SEED = SHARED / "seeds" / "001_cccb396601dd1050.txt"
DATA = SHARED / "data" / "dominion"
REPO_STARTER = Path(__file__).resolve().parents[3] / "data" / "starter_dominion.json"


def test_every_behaviour_kind_is_used_by_some_card():
    kinds = {b.kind for b in load_starter().behaviours.values()}
    assert kinds == set(Kind)
    hows = {b.plays.how for b in load_starter().behaviours.values() if b.plays}
    assert hows == set(How)


def test_types_and_behaviour_agree():
    starter = load_starter()
    for card in starter.cards:
        kind = starter.behaviour(card).kind
        if is_duration(card):
            assert kind not in (Kind.NONE, Kind.LATER), card.name
        else:
            assert kind in (Kind.NONE, Kind.LATER), card.name


def test_the_seed_duration_list_is_in_the_starter_set():
    if not SEED.exists():
        pytest.skip(f"seed not found at {SEED}")
    text = SEED.read_text(encoding="utf-8")
    listed = text.split("List of Duration cards", 1)[1].split("[edit] Official Rules", 1)[0]
    names = {n.strip() for line in listed.splitlines() if line.startswith("- ") for n in line[2:].split(",")}
    starter = {c.name: c for c in load_starter().cards}
    assert len(names) > 70
    assert names <= set(starter)
    assert all(is_duration(starter[n]) for n in names)


def test_cards_that_play_durations_follow_the_newer_errata():
    """Where the current text (randomkingdominion) says non-Duration, the card may not play a Duration; where
    the older text (dominiontabs) does not say so, that holds under the newer wording only."""
    if not DATA.exists():
        pytest.skip(f"shared data not found at {DATA}")
    rows = csv.DictReader((DATA / "randomkingdominion" / "good_card_data.csv").open(encoding="utf-8", newline=""),
                          delimiter=";")
    current = {r["Name"]: r["Text"] for r in rows}
    older_db = json.loads((DATA / "dominiontabs" / "cards_en_us.json").read_text(encoding="utf-8"))
    older = {v["name"]: v.get("description", "") for v in older_db.values()}
    starter = load_starter()
    checked = 0
    for card in starter.cards:
        plays = starter.behaviour(card).plays
        if plays is None or plays.replays or card.name not in current:
            continue
        forbids = {r.wording for r in plays.forbids if r.type == "Duration"}
        says_current = bool(re.search(r"non-Duration", current[card.name]))
        says_older = bool(re.search(r"non-Duration", older.get(card.name, "")))
        assert says_current == bool(forbids), card.name
        if says_current and not says_older:
            assert forbids == {Forbidden.NEWER}, card.name
        checked += 1
    assert checked >= 15


def test_text_is_in_our_own_words():
    """Each starter text is a paraphrase: clearly different from the source text of the card."""
    if not DATA.exists():
        pytest.skip(f"shared data not found at {DATA}")
    rows = csv.DictReader((DATA / "randomkingdominion" / "good_card_data.csv").open(encoding="utf-8", newline=""),
                          delimiter=";")
    current = {r["Name"]: r["Text"].strip().lower() for r in rows}
    for card in load_starter().cards:
        ratio = difflib.SequenceMatcher(None, card.text.lower(), current.get(card.name, "")).ratio()
        assert ratio < 0.8, card.name


@pytest.mark.parametrize(("data", "message"), [
    ({"duration": "soon"}, "duration: 'soon' is not one of none, next-turn"),
    ({"duration": "next-turn", "colour": "orange"}, "unknown field"),
    ({"duration": "until-empty", "left": -1}, "left: a whole number"),
    ({"plays": {"how": "twice"}}, "plays.how: 'twice' is not one of extra, once, command"),
    ({"plays": {"how": "extra", "times": []}}, "times: a non-empty list"),
    ({"plays": {"how": "extra", "default": "again"}}, "default: 'again' is not one of its choices"),
    ({"words": {"maybe": "x"}}, "only 'met' and 'not-met'"),
])
def test_bad_behaviour_is_named(data, message):
    with pytest.raises(BehaviourError, match=re.escape(message)):
        parse_behaviour(data, "Test Card")


def test_starter_file_problems_are_named():
    good = json.loads(REPO_STARTER.read_text(encoding="utf-8"))
    twice = {**good, "cards": good["cards"] + good["cards"][:1]}
    with pytest.raises(BehaviourError, match="listed twice"):
        parse_starter(json.dumps(twice))
    with pytest.raises(BehaviourError, match="game must be"):
        parse_starter(json.dumps({**good, "game": "redemption"}))
