"""Ruleset versions: the answers differ exactly where the seed's "Prior Rules" and the errata say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from engine.registry import find_ruleset, find_version
from engine.rulesets.dominion import judge
from engine.rulesets.dominion.evaluate import describe
from tests.cli_helpers import new_db

ALL = ("current", "older-wording", "prior-chain", "prior-throne", "command-copy")


def answers(chains: list[str], ruleset: str) -> dict[str, tuple[str, int | None]]:
    verdict = judge(chains, ruleset)
    return {i.label: describe(i.leave, verdict.extra_turns)[:2] for i in verdict.instances}


def test_registry_lists_the_versions():
    ruleset = find_ruleset("dom")
    assert ruleset.game == "dominion"
    assert list(ruleset.versions()) == list(ALL)
    assert list(ruleset.rules()) == [f"DM{i}" for i in range(1, 18)]
    assert find_version(ruleset, None).name == "current"
    assert all(r.source.startswith(("Dominion Strategy wiki", "Dominion rulebook")) for r in ruleset.rules().values())


def test_prior_throne_a_throne_leaves_when_its_extra_plays_do_nothing():
    """Seed: the Empires change mattered when "the extra play(s) ... didn't trigger" (Throned Tactician)."""
    assert answers(["Throne Room > Tactician"], "current")["Throne Room"] == ("next-turn", 1)
    assert answers(["Throne Room > Tactician"], "older-wording")["Throne Room"] == ("next-turn", 1)
    assert answers(["Throne Room > Tactician"], "prior-throne")["Throne Room"] == ("this-turn", 0)
    verdict = judge(["Throne Room > Tactician"], "prior-throne")
    assert "prior-extra-plays" in {n.id for n in verdict.trace.interpretations}


def test_prior_throne_a_throne_stays_although_the_duration_left_early():
    """Seed: ... "or the Duration leaves play earlier (e.g. Procession)"."""
    assert answers(["Procession > Caravan"], "older-wording") == {"Procession": ("this-turn", 0),
                                                                 "Caravan": ("removed", 0)}
    assert answers(["Procession > Caravan"], "prior-throne")["Procession"] == ("next-turn", 1)
    assert "DM11" in judge(["Procession > Caravan"], "older-wording").instances[0].rules


@pytest.mark.parametrize(("barge", "current", "prior"), [
    ("Barge[now/next-turn]", ("next-turn", 1), ("next-turn", 1)),  # the extra play acts next turn
    ("Barge[next-turn/now]", ("next-turn", 1), ("this-turn", 0)),  # only the first play acts next turn
])
def test_barge_split_between_now_and_next_turn(barge, current, prior):
    assert answers([f"Throne Room > {barge}"], "current")["Throne Room"] == current
    assert answers([f"Throne Room > {barge}"], "prior-throne")["Throne Room"] == prior
    assert answers([f"Throne Room > {barge}"], "current")["Barge"] == ("next-turn", 1)


def test_prior_chain_every_throne_in_the_chain_stays():
    """Seed: "originally ... (e.g. Throne Room plays Throne Room that plays a Duration)"."""
    assert answers(["Throne Room > Throne Room > Caravan"], "older-wording")["Throne Room #1"] == ("this-turn", 0)
    assert answers(["Throne Room > Throne Room > Caravan"], "prior-chain")["Throne Room #1"] == ("next-turn", 1)
    assert answers(["King's Court > Throne Room > Throne Room > Caravan"], "prior-chain")["King's Court"] == (
        "next-turn", 1)
    assert answers(["King's Court > Throne Room > Throne Room > Caravan"], "current")["King's Court"] == (
        "this-turn", 0)


def test_newer_wording_forbids_a_command_variant_to_play_a_duration():
    verdict = judge(["Band of Misfits > Caravan"], "current")
    assert not verdict.legal
    assert verdict.problems == ["Band of Misfits cannot play Caravan under the newer wording: it may not play a "
                                "Duration card."]
    assert describe(verdict.instances[0].leave, set())[:2] == ("this-turn", 0)
    assert verdict.alternative is not None and verdict.alternative.ruleset.name == "older-wording"
    assert describe(verdict.alternative.instances[0].leave, set())[:2] == ("next-turn", 1)
    assert judge(["Band of Misfits > Caravan"], "older-wording").legal


def test_newer_wording_still_lets_a_command_play_a_throne_that_plays_a_duration():
    """Throne Room is not a Duration, so the newer wording allows it; DM8 follows the chain to the end."""
    verdict = judge(["Band of Misfits > Throne Room > Caravan"], "current")
    assert verdict.legal
    assert describe(verdict.instances[0].leave, set())[:2] == ("next-turn", 1)


def test_the_cli_reports_the_forbidden_play_and_the_older_answer(tmp_path: Path, capsys):
    code = main(["dominion", "Overlord > Swamp Hag", "--db", new_db(tmp_path / "c.db"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["legal"] is False and out["chain"][1]["legal"] is False
    assert out["chain"][1]["problem"].startswith("Overlord cannot play Swamp Hag under the newer wording")
    assert out["ruleset"]["wording"] == "newer"
    alt = out["alternative"]
    assert alt["ruleset"]["name"] == "older-wording" and alt["ruleset"]["wording"] == "older"
    assert [e["leaves_play"]["cleanup"] for e in alt["chain"]] == ["next-turn", "next-turn"]
    assert "Under older-wording (2.1" in out["explanation"]


@pytest.mark.parametrize("chains", [["Caravan"], ["Throne Room > Caravan"], ["Archive"], ["Elder > Wharf"],
                                    ["Voyage", "Lich"], ["Mastermind > Caravan"]])
def test_versions_agree_where_the_prior_rules_do_not_matter(chains):
    first = answers(chains, "current")
    assert all(answers(chains, name) == first for name in ALL)


def test_every_answer_is_stamped_with_its_version():
    for name in ALL:
        verdict = judge(["Caravan"], name)
        assert verdict.ruleset.name == name and verdict.ruleset.version
    prior = judge(["Caravan"], "prior-chain")
    assert "prior-wording" in {n.id for n in prior.trace.interpretations}
