"""Issue 31 item 3: a plain question always answers. A card named alone answers what happens when it is played (a
ready spell: its one spellboard ability; a Phoenixborn or conjuration: its first ability that is used), never
"pick one with --ability"; the answer lists the card's other abilities with what names each, and every such
"ask with" value answers too. Checked over every card of both editions, in process (one engine call per
question), and end to end through `arbiter card`'s "Ask with:" line for one card of each type."""

from __future__ import annotations

import shlex

import pytest

from engine.interface import QuestionError
from engine.rulesets.ashes import QUESTION
from engine.rulesets.ashes.editions import editions_of
from tests.engine.ashes.real import lookup
from tests.engine.ashes.test_ashes_cases import real_cards


def _ask(name: str, edition: str, **inputs: str) -> dict:
    return QUESTION.answer({"card": name, **inputs}, lookup(), edition)


def test_every_card_named_alone_answers_in_both_editions_and_so_does_every_ability_it_lists():
    asked = failures = 0
    problems: list[str] = []
    for card in real_cards():
        for edition in editions_of(card):
            try:
                a = _ask(card.name, edition)
            except QuestionError as exc:
                problems.append(f"{card.name} [{edition}]: {exc}")
                continue
            asked += 1
            assert a["summary"] and a["explanation"].startswith(a["summary"])
            for other in a["other_abilities"]:
                try:
                    b = _ask(card.name, edition, ability=other["ask"])
                except QuestionError as exc:
                    failures += 1
                    problems.append(f"{card.name} [{edition}] ability {other['ask']}: {exc}")
                    continue
                assert b["ability"]["label"] == other["label"]
                assert b["ability"]["label"] != a["ability"]["label"]   # another ability than the one answered
    assert not problems, problems[:20]
    assert asked == sum(len(editions_of(c)) for c in real_cards()) > 850 and failures == 0


@pytest.mark.parametrize(("card", "edition", "kind"), [
    ("Fire Archer", "reborn", "play"),         # an ally: playing it, its Ambush included
    ("Anchornaut", "reborn", "play"),
    ("Mind Maze", "reborn", "play"),           # an alteration: attached, a unit assumed aloud
    ("Mind Maze", "1e", "play"),
    ("Summon Gilder", "reborn", "activated"),  # a ready spell: its one spellboard ability
    ("Aradel Summergaard", "reborn", "activated"),  # a Phoenixborn: its ability that is used
])
def test_a_card_named_alone_answers_what_happens_when_it_is_played(card, edition, kind):
    a = _ask(card, edition)
    assert a["ability"]["kind"] == kind
    listed = {o["ask"] for o in a["other_abilities"]}
    # the comes-into-play ability is part of playing it, so it is not listed again as something else to ask
    if kind == "play":
        assert all(o["kind"] != "play" for o in a["other_abilities"])
    for ask in listed:
        assert f"ask with ability “{ask}”" in a["explanation"]


def test_an_alteration_named_alone_says_what_it_assumed_and_what_it_does_while_attached():
    a = _ask("Mind Maze", "reborn")
    assert a["usable"]["value"] is True
    first = a["summary"]
    assert first.startswith("Playing Mind Maze: it is attached to a unit")
    assert "cannot attack, block, or guard" in first and "Assumed: a unit is in play to attach it to." in first
    # told there are no units, it is not played, and says so as fact
    b = _ask("Mind Maze", "reborn", units="none")
    assert b["usable"]["value"] is False and b["summary"].startswith("Mind Maze cannot be played:")


def test_a_plain_question_says_it_took_units_to_be_in_play():
    a = _ask("Fire Archer", "1e")   # "... a target unit or Phoenixborn": no units named
    assert "both players have units in play" in a["summary"]
    assert a["parts"][0]["target"].startswith("a unit or Phoenixborn")
    b = _ask("Fire Archer", "1e", units="none")   # told there are none: only a Phoenixborn can be its target
    assert b["parts"][0]["target"].startswith("a Phoenixborn")


@pytest.fixture(scope="module")
def imported_db(tmp_path_factory):  # type: ignore[no-untyped-def]
    from bot.cli import main
    from tests.shared_paths import require_shared

    db = str(tmp_path_factory.mktemp("plain") / "cards.db")
    assert main(["ashes-import", str(require_shared("ashes")), "--db", db]) == 0
    return db


@pytest.mark.parametrize("card", ["Fire Archer", "Mind Maze", "Summon Gilder", "Aradel Summergaard", "Gilder",
                                  "Golden Veil", "Molten Gold"])
def test_the_ask_with_line_of_arbiter_card_answers_when_run(card, imported_db, capsys):
    from bot.cli import main

    assert main(["card", card, "--game", "ashes", "--db", imported_db]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("Ask with: "))
    argv = shlex.split(line.removeprefix("Ask with: "))
    assert argv[0] == "arbiter"
    assert main([*argv[1:], "--db", imported_db]) == 0
    out = capsys.readouterr().out
    assert out.strip() and "pick one" not in out


def test_first_lines_have_no_part_numbers_tallies_or_words_cut_over_every_card():
    import re

    bad = []
    for card in real_cards():
        for edition in editions_of(card):
            for board in ({}, {"units": "both", "cancel_with": "Golden Veil"},
                          {"units": "mine", "reaction": "Particle Shield"}):
                try:
                    first = _ask(card.name, edition, **board)["summary"]
                except QuestionError:
                    continue
                if re.search(r"\bparts? \d|\bpoints?\b|\w…", first):   # "…" only after a whole word and a space
                    bad.append((card.name, edition, first))
    assert not bad, bad[:5]
