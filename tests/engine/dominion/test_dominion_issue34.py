"""Issue 34, Dominion: the classes fresh blind judges found, each checked over every real card that shares the
wording (listed here), parsed from ../shared/data/dominion in place and judged by the real engine.

- a restriction the card's older printed wording did not have holds only under the newer wording, and "play ...
  twice. Trash it." trashes the card played (Counterfeit; Procession);
- a "next time" Duration whose condition is met on another player's turn (met=other), and one met= per play;
- an effect lasting "until the start of your next turn" is said to end then (Frigate)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.cards import Card
from engine.names import fold
from engine.rulesets.dominion import judge
from engine.rulesets.dominion.reading import older_text, read_card
from engine.rulesets.dominion.render import verdict_json
from engine.rulesets.dominion.scenario import ScenarioError
from engine.rulesets.dominion.sources import SOURCES
from tests.shared_paths import require_shared


@cache
def _cards() -> dict[str, Card]:
    root = require_shared("dominion")
    files = {f: (root / f).read_text(encoding="utf-8") for f in SOURCES.files}
    return {fold(c.name): c for c in SOURCES.parse(files)}


def lookup(name: str) -> Card:
    card = _cards().get(fold(name))
    if card is None:
        raise ScenarioError(f"No Dominion card named “{name}”.")
    return card


def ask(*chains: str, ruleset: str = "current") -> dict:
    return verdict_json(judge(list(chains), ruleset, lookup=lookup))


def entry(out: dict, label: str) -> dict:
    return next(e for e in out["chain"] if e["label"] == label)


def duration_treasures() -> list[str]:
    return sorted(c.name for c in _cards().values() if {"Treasure", "Duration"} <= set(re.split(r",\s*", c.type)))


# --- a limit the older wording did not have; "play it twice. Trash it." ----------------------------------------
def test_the_duration_treasures_are_the_real_ones():
    assert duration_treasures() == ["Abundance", "Amphora", "Astrolabe", "Buried Treasure", "Cage", "Contract",
                                    "Endless Chalice", "Figurehead", "Gondola", "Jewels", "Rope"]


def test_counterfeit_reads_its_older_wording_from_the_data():
    counterfeit = lookup("Counterfeit")
    assert "non-Duration" in counterfeit.text and "non-Duration" not in older_text(counterfeit)
    plays = read_card(counterfeit).behaviour.plays
    assert plays is not None and plays.then.value == "trash"
    assert [(r.type, r.wording.value) for r in plays.forbids] == [("Duration", "newer")]


@pytest.mark.parametrize("treasure", duration_treasures())
def test_counterfeit_may_play_a_duration_treasure_under_the_older_wording_and_trashes_it(treasure):
    chain = f"Counterfeit > {treasure}"
    newer = ask(chain)
    assert not newer["legal"] and entry(newer, treasure)["problem_rule"] == "DM14"
    assert "newer wording" in entry(newer, treasure)["problem"] and "under any wording" not in newer["summary"]
    assert newer["alternative"] is not None and "under the older wording" in newer["summary"]
    older = ask(chain, ruleset="older-wording")
    assert older["legal"]
    played = entry(older, treasure)
    # trashed right after its two plays: it leaves play now (DM11), and so does nothing keep Counterfeit
    assert played["leaves_play"]["moment"] == "removed" and "DM11" in played["rules"]
    assert entry(older, "Counterfeit")["leaves_play"]["cleanup"] == "this-turn"


@pytest.mark.parametrize(("chain", "played"), [("Counterfeit > Silver", "Silver"), ("Counterfeit > Gold", "Gold"),
                                               ("Procession > Village", "Village")])
def test_play_twice_then_trash_it_takes_the_card_out_of_play(chain, played):
    out = ask(chain)
    assert out["legal"] and entry(out, played)["leaves_play"]["moment"] == "removed"
    assert "trashes it" in entry(out, played)["leaves_play"]["why"]


def test_procession_keeps_its_newer_wording_limit():  # the same class, annotated in the starter set
    assert not ask("Procession > Caravan")["legal"]
    older = ask("Procession > Caravan", ruleset="older-wording")
    assert older["legal"] and entry(older, "Caravan")["leaves_play"]["moment"] == "removed"


# --- a "next time" met on another player's turn; one met= per play ---------------------------------------------
NEXT_TIME = ["Abundance", "Cage", "Cutthroat", "Search", "Secluded Shrine"]  # can be met on another player's turn


@pytest.mark.parametrize("card", NEXT_TIME)
def test_a_next_time_met_on_another_players_turn_leaves_in_that_turns_clean_up(card):
    assert "the next time" in lookup(card).text.lower()
    out = ask(f"{card}[met=other]")
    leaves = entry(out, card)["leaves_play"]
    assert leaves["cleanup"] in ("other-player", "removed") and leaves["turn"] == 0
    assert "another player's turn" in leaves["when"] and "right after this turn" in leaves["when"]
    assert any(n["id"] == "met-on-other-turn" for n in out["interpretations"])
    later = entry(ask(f"{card}[met=other:1]"), card)["leaves_play"]
    assert later["turn"] == 1 and "after your next turn" in later["when"]
    throne = throne_of(card)
    doubled = ask(f"{throne} > {card}[met=other]")  # the Throne variant stays with it (DM6)
    assert doubled["legal"] and entry(doubled, throne)["leaves_play"]["cleanup"] == "other-player"


def throne_of(card: str) -> str:
    """A Throne variant that may play it twice: Throne Room for an Action, Crown for a Treasure."""
    return "Throne Room" if "Action" in lookup(card).type else "Crown"


@pytest.mark.parametrize("card", [*NEXT_TIME, "Flagship", "Landing Party"])
def test_one_met_value_per_play(card):
    throne = throne_of(card)
    same = ask(f"{throne} > {card}[met=1/met=1]")
    assert same["legal"] and entry(same, throne)["leaves_play"]["turn"] == 1
    apart = ask(f"{throne} > {card}[met=1/2]")  # the Throne variant stays until the last play is done
    assert entry(apart, throne)["leaves_play"]["turn"] == 2
    assert entry(ask(f"{throne} > {card}[met=0/never]"), throne)["leaves_play"]["cleanup"] == "never"


@pytest.mark.parametrize("bad", ["met=1/2/3", "met=soon", "met=other:x"])
def test_a_met_value_that_does_not_fit_is_refused_with_the_valid_forms(bad):
    with pytest.raises(ScenarioError):
        ask(f"Throne Room > Cutthroat[{bad}]")


# --- "until the start of your next turn" ----------------------------------------------------------------------
def test_an_effect_lasting_until_your_next_turn_is_said_to_end_then():
    until = [c.name for c in _cards().values() if re.search(r"until (the start of )?your next turn", c.text, re.I)
             and "at the start of your next turn" not in c.text.lower() and "Duration" in c.type]
    assert until == ["Frigate"]
    for name in until:
        out = ask(name)
        leaves = entry(out, name)["leaves_play"]
        assert leaves["cleanup"] == "next-turn" and "lasts until the start of your next turn" in leaves["why"]
        assert "acts at the start" not in out["explanation"]
        assert any(n["id"] == "ends-next-turn" for n in out["interpretations"])
