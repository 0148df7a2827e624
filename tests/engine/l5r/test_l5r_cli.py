"""`arbiter l5r order` and `arbiter l5r duration` as a user reads them: the exact text, exit codes and help."""

from __future__ import annotations

import contextlib

import pytest

from bot.cli import main
from tests.cli_helpers import new_db, run


@pytest.fixture
def db(tmp_path):
    return new_db(tmp_path / "cards.db")


FOOTER = "Ruleset: L5R CCG current (2008.5, Timing page as amended to May 2008, glossary entries as published).\n"


def test_order_text_exactly(db, capsys):
    code, out, err = run(capsys, "l5r", "order", "--at", "after this Follower is destroyed", "--active", "opponent",
                         "--item", "Disciples of Ganesh#2", "--item",
                         "reaction:After this Follower is destroyed, draw a card@opponent", "--item",
                         "trait:Before this Follower is destroyed, gain 1 Honor", "--phase", "battle", "--db", db)
    assert (code, err) == (0, "")
    assert out == (
        "First Disciples of Ganesh's trait (yours), then your opponent's Reaction “After this Follower is "
        "destroyed, draw a card”.\nThe trait “Before this Follower is destroyed, gain 1 Honor” does not act now.\n"
        "At “after this Follower is destroyed” (active player: your opponent):\n"
        "1. [E] Disciples of Ganesh #2 “After this Follower is destroyed during battle, gain 1 Honor.” (you; placed "
        "by rules) [L6, L8]: step E: triggered traits; a triggered trait is not optional\n"
        "2. [F] reaction: After this Follower is destroyed, draw a card (opponent; placed by rules) [L6, L9]: step "
        "F: Reactions in an action round that starts with the active player (your opponent), each player in turn "
        "taking one or passing; opportunity 1 is your opponent’s, and this Reaction is taken there\n"
        "\n"
        "Not at this moment:\n"
        "- trait: Before this Follower is destroyed, gain 1 Honor: it is timed “before this Follower is destroyed”: "
        "that point comes earlier than this “after” moment, so it resolved (or will resolve) there, not here [L4]\n"
        "\n"
        "Under the final CCG rules (Twenty Festivals) (20f): the same order.\n"
        "\n"
        "Rules: L6 steps A-F; L8 mandatory traits; L9 active player; L4 when; L12 the trigger's own words\n"
        + FOOTER +
        "Ruling id: L5O-5FBD77E783\n")


def test_compare_text_exactly(db, capsys):
    code, out, _ = run(capsys, "l5r", "order", "--compare", "after a Personality is destroyed",
                       "before a Personality would be destroyed", "--db", db)
    assert code == 0
    assert out == ("“before a Personality would be destroyed” comes before “after a Personality is destroyed”.\n"
                   "First: “before a Personality would be destroyed”, then “after a Personality is destroyed” "
                   "[L4, L2]: one occurrence has its before-point, then its when-point, then its after-point: "
                   "“before” comes before “after”.\n\nRules: L4 when; L2 would\n" + FOOTER
                   + "Ruling id: L5O-12C22DF1D0\n")


def test_duration_text_exactly(db, capsys):
    code, out, _ = run(capsys, "l5r", "duration", "Haikitsu", "--then", "action-resolves",
                       "occurs:an action on his card resolves", "--then", "occurs:he attacks you", "--db", db)
    assert code == 0
    assert out == (
        "Haikitsu after he attacks you: “gain 1 Honor” already happened, once (after an action on his card resolves); "
        "it does not happen again.\n"
        "\n"
        "Effect: “Open, Bow: Choose a dishonorable Personality as the target. After the next time this turn he "
        "attacks you or an action on his card resolves, gain 1 Honor.” — read as next-time (“After the next time "
        "this turn he attacks you or an action on his card resolves”, LD3); ends on turn-ends; fires on occurs:he "
        "attacks you or occurs:an action on his card resolves.\n"
        "\n"
        "Timeline:\n"
        "1. action-resolves: persists yes, effective no, waiting — the action resolves; its delayed effect now "
        "waits for its point [LD4]\n"
        "2. occurs:an action on his card resolves: persists no, effective no, fired — “an action on his card "
        "resolves” is “an action on his card resolves”: it fires now, once [L11]\n"
        "3. occurs:he attacks you: persists no, effective no, fired — it already fired at the first of the events "
        "it named; it does not fire again [L11]\n"
        "\n"
        "Rules: LD3 next; L1 one at a time; LD4 delay; L11 next/first time\n"
        + FOOTER +
        "Ruling id: L5D-5158CCFBAB\n")


def test_help_lists_both_questions_and_the_item_kinds(capsys):
    with contextlib.suppress(SystemExit):
        main(["l5r", "--help"])
    out = capsys.readouterr().out
    assert "order" in out and "duration" in out
    with contextlib.suppress(SystemExit):
        main(["l5r", "order", "--help"])
    out = capsys.readouterr().out
    assert "negate, conditional, rulebook, delayed, trait, reaction, gold, additional" in out
    for alias in ("legend-of-the-five-rings", "l5r-ccg"):
        assert main(["rule", "L11", "--game", alias]) == 0
        assert "L11" in capsys.readouterr().out
