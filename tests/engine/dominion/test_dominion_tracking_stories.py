"""Dominion answers that tell what really happens (issue 14): a card that fails to set aside what it played,
a set-aside card played again next turn, "does it leave play this turn?", extra turns, impossible choices,
how a card leaves play, where an illegal play is flagged, and the older Command ruling as its own version.

Each rule is checked on the starter set and, through `arbiter dominion --json`, on the real card sources
(../shared/data/dominion, imported into a temporary catalog; skipped when absent)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from bot.cli import main
from engine.rulesets.dominion import judge
from engine.rulesets.dominion.render import verdict_json
from engine.rulesets.dominion.scenario import ScenarioError
from tests.shared_paths import require_shared


def answer(*chains: str, ruleset: str = "current", extra_turn: bool = False) -> dict:
    return verdict_json(judge(list(chains), ruleset, extra_turn=extra_turn))


def by_label(out: dict) -> dict[str, dict]:
    return {e["label"]: e for e in out["chain"]}


@cache
def _real_db(root: str) -> Path:
    db = Path(root) / "real.db"
    assert main(["dominion-import", str(require_shared("dominion")), "--db", str(db)]) == 0
    return db


@pytest.fixture
def real(tmp_path_factory, capsys):
    """Ask `arbiter dominion --json` over the real card sources."""
    db = _real_db(str(tmp_path_factory.getbasetemp()))
    capsys.readouterr()

    def ask(*chains: str, ruleset: str = "current") -> tuple[int, dict | str]:
        code = main(["dominion", *chains, "--ruleset", ruleset, "--db", str(db), "--json"])
        out = json.loads(capsys.readouterr().out)
        return code, (out if code == 0 else out["error"])
    return ask


# --- 9. the played card's removal decides whether it could be set aside ---------------------------------------

def test_a_card_that_left_play_first_cannot_be_set_aside():
    out = answer("Royal Galley > Village[removed]")
    galley = by_label(out)["Royal Galley"]
    assert galley["leaves_play"]["cleanup"] == "this-turn" and "DM2" in galley["rules"]
    assert any(s["rule"] == "DM2" and "fails to set it aside" in s["decision"] for s in out["trace"])
    assert not any(n["id"] == "default:Royal Galley" for n in out["interpretations"])  # nothing assumed
    illegal = judge(["Royal Galley[set-aside] > Village[removed]"])
    assert not illegal.legal and "left play first" in illegal.problems[0] and illegal.problem_rules == ["DM11"]


@pytest.mark.parametrize("card", ["Mining Village", "Feast", "Death Cart"])
def test_real_self_trashing_cards_leave_royal_galley_with_nothing(real, card):
    code, out = real(f"Royal Galley > {card}[removed]")
    assert code == 0
    galley = by_label(out)["Royal Galley"]
    assert (galley["leaves_play"]["cleanup"], galley["leaves_this_turn"]) == ("this-turn", True)
    assert "DM2" in galley["rules"]
    assert by_label(out)[card]["leaves_play"]["moment"] == "removed"


# --- 10. a set-aside card played again next turn: the whole story ------------------------------------------------

def test_set_aside_and_played_again_next_turn_leaves_with_royal_galley():
    out = answer("Royal Galley > Village")
    galley, village = by_label(out)["Royal Galley"], by_label(out)["Village"]
    assert galley["leaves_play"]["cleanup"] == village["leaves_play"]["cleanup"] == "next-turn"
    assert village["leaves_play"]["moment"] == "clean-up" and village["leaves_this_turn"] is False
    assert "plays it again at the start of your next turn" in village["leaves_play"]["why"]
    assert "DM11" not in village["rules"]  # not "removed"


@pytest.mark.parametrize("card", ["Smithy", "Village", "Laboratory"])
def test_real_royal_galley_story(real, card):
    code, out = real(f"Royal Galley > {card}")
    assert code == 0
    entries = by_label(out)
    assert {entries["Royal Galley"]["leaves_play"]["cleanup"], entries[card]["leaves_play"]["cleanup"]} == {"next-turn"}


# --- 11. leaves play this turn? and "this turn is an extra turn" --------------------------------------------------

def test_every_card_says_whether_it_leaves_play_this_turn():
    out = answer("Throne Room > Tactician[discarded-nothing]", "Village")
    assert {e["label"]: e["leaves_this_turn"] for e in out["chain"]} == {
        "Throne Room": True, "Tactician": True, "Village": True}
    assert {e["label"]: e["leaves_this_turn"] for e in answer("Caravan")["chain"]} == {"Caravan": False}


@pytest.mark.parametrize("card", ["Outpost", "Voyage"])
def test_an_extra_turn_card_in_an_extra_turn_gives_none(card):
    normal = by_label(answer(card))[card]
    assert normal["leaves_this_turn"] is False
    extra = answer(card, extra_turn=True)
    assert by_label(extra)[card]["leaves_this_turn"] is True and extra["scenario"]["extra_turn"] is True
    assert "DM2" in by_label(extra)[card]["rules"]
    illegal = judge([f"{card}[taken]"], extra_turn=True)
    assert not illegal.legal and "already an extra turn" in illegal.problems[0] and illegal.problem_rules == ["DM3"]


def test_extra_turn_in_the_chain_syntax(real):
    code, out = real("extra-turn", "Outpost", "Caravan")
    assert code == 0 and out["scenario"]["extra_turn"] is True
    assert {e["label"]: e["leaves_this_turn"] for e in out["chain"]} == {"Outpost": True, "Caravan": False}
    _, normal = real("Outpost", "Caravan")
    assert normal["ruling_id"] != out["ruling_id"]


# --- 12. impossible choices are refused with the valid range --------------------------------------------------------

def test_more_cards_left_than_the_card_holds_is_refused_with_the_range():
    with pytest.raises(ScenarioError, match="0 to 2"):
        judge(["Archive[left=3]"])
    assert by_label(answer("Archive[left=2]"))["Archive"]["leaves_play"]["turn"] == 2


def test_real_archive_range(real):
    code, err = real("Archive[left=5]")
    assert code == 2 and "left=0 to left=2" in err


# --- 13. how a card leaves play, and where an illegal play is flagged -------------------------------------------------

def test_leaving_at_the_start_of_next_turn_is_not_being_removed():
    conjurer = by_label(answer("Conjurer"))["Conjurer"]["leaves_play"]
    assert (conjurer["cleanup"], conjurer["turn"], conjurer["moment"]) == ("removed", 1, "start-of-turn")
    procession = by_label(answer("Procession > Caravan", ruleset="older-wording"))["Caravan"]["leaves_play"]
    assert (procession["turn"], procession["moment"]) == (0, "removed")


@pytest.mark.parametrize("chain", ["Band of Misfits > Caravan", "Overlord > Caravan"])
def test_the_illegal_play_is_flagged_on_both_cards(chain):
    out = answer(chain)
    commander, caravan = out["chain"]
    assert caravan["legal"] is False and caravan["illegal_play"] is True
    assert commander["legal"] is True and commander["illegal_play"] is True
    assert commander["illegal_plays"] == [caravan["label"]]


# --- 14. the older Command ruling is a named version ------------------------------------------------------------------

def test_command_copy_version_keeps_the_throne_over_a_command_that_became_a_duration():
    now = by_label(answer("Throne Room > Band of Misfits > Caravan", ruleset="older-wording"))
    assert now["Throne Room"]["leaves_play"]["cleanup"] == "this-turn" and "DM10" in now["Throne Room"]["rules"]
    old = answer("Throne Room > Band of Misfits > Caravan", ruleset="command-copy")
    assert old["ruleset"]["name"] == "command-copy" and old["ruleset"]["version"] == "1.m"
    assert by_label(old)["Throne Room"]["leaves_play"]["cleanup"] == "next-turn"
    assert "command-copy" in {n["id"] for n in old["interpretations"]}


def test_real_command_copy(real):
    code, out = real("Throne Room > Overlord > Caravan", ruleset="command-copy")
    assert code == 0 and by_label(out)["Throne Room"]["leaves_play"]["cleanup"] == "next-turn"
