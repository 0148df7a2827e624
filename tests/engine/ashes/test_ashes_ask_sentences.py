"""`arbiter ask` on Ashes sentences the blind judges wrote (round 41031), as classes over every real card that
shares them, asked through the real command line on a temp database holding all five games:

- a moment said in words ("X is destroyed", "is declared as an attacker", "my opponent declares attackers") picks
  the ability whose trigger names it, and a named ability said without its number ("Diminish" for "Diminish 1") is
  that ability; a moment no ability reads is asked back, never answered as "playing the card";
- a second card named as the scenario: the conjuration the card summons ("no Panther Spirits left") and units on
  the board ("my opponent has Blue Jaguar and Iron Worker") with "I play X" naming the card used."""

from __future__ import annotations

import json
import re
import shlex
from functools import cache

import pytest

from bot.cli import main
from tests.engine.ashes.real import every_ability, printings
from tests.shared_paths import require_shared

IMPORTS = (("dominion", "dominion"), ("ashes", "ashes"), ("grand-archive", "grand_archive"), ("l5r", "l5r"))
FIRST = "Ashes first edition: "
REBORN = "Ashes: "  # the game said: a card name shared with another game is then no question
# a trigger as printed -> the moment as a player says it
MOMENTS = (
    (r"^when this unit is destroyed\b", "{card} is destroyed."),
    (r"^when this unit is declared as an attacker\b", "{card} is declared as an attacker."),
    (r"^after an opponent (?:has )?declared? attackers$", "My opponent declares attackers and I use {card}."),
    (r"^when this unit is declared as a blocker$", "{card} is declared as a blocker."),
)


@pytest.fixture(scope="module")
def full_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("ask-ashes") / "cards.db")
    assert main(["cards", "import", str(require_shared("redemption", "carddata.txt")), "--db", path]) == 0
    for game, folder in IMPORTS:
        assert main([f"{game}-import", str(require_shared(folder)), "--db", path]) == 0
    return path


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    capsys.readouterr()
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def asked(capsys: pytest.CaptureFixture[str], db: str, text: str) -> dict:
    code, data = _json(capsys, "ask", text, "--db", db)
    assert data["read_as"] is not None, (text, data.get("asked"))
    assert code == 0 and data["read_as"]["game"] == "ashes"
    return data


def same_as_direct(capsys: pytest.CaptureFixture[str], db: str, data: dict) -> None:
    """The reading's answer is the one `arbiter ashes` gives for the exact command it shows."""
    argv = shlex.split(data["read_as"]["cli"])
    assert argv[0] == "arbiter"
    code, direct = _json(capsys, *argv[1:], "--db", db)
    assert code == 0
    assert data["answer"]["ruling_id"] == direct["ruling_id"]


def _unique(trigger_rx: str) -> list[tuple[str, str, str]]:
    """(card, edition, ability as asked) for every real ability with that trigger, when no other ability of the
    card's printing names the same moment (the sentence then reads one ability)."""
    from engine.rulesets.ashes.phrases_ask import _stems

    out = []
    for r in every_ability():
        a = r.ability
        if a.kind == "play" or a.trigger is None or not re.search(trigger_rx, a.trigger.words.strip().lower()):
            continue
        moment = _stems(a.trigger.words.lower())
        rivals = [b for b in r.abilities if b is not a and b.kind != "play"
                  and _stems((b.trigger.words if b.trigger else b.text if b.kind == "passive" else "").lower())
                  & moment - {"opponent"}]
        if not rivals:
            out.append((r.name, r.edition, r.ask))
    return sorted(set(out))


@cache
def moment_cases() -> list[tuple[str, str, str, str]]:
    return [(card, edition, ability, said) for rx, said in MOMENTS for card, edition, ability in _unique(rx)]


@cache
def numbered() -> list[tuple[str, str, str]]:
    """Abilities named with a number ("Diminish 1"), asked by name, the only one of their card so named (every 6th
    is asked)."""
    out = set()
    for r in every_ability():
        name = r.ability.name or ""
        bare = re.sub(r" (?:\d+|X)$", "", name)
        if bare != name and r.ask == name and bare.casefold() not in r.name.casefold() and sum(
                1 for a in r.abilities if (a.name or "").startswith(bare + " ") or a.name == bare) == 1:
            out.add((r.name, r.edition, name))
    return sorted(out)  # "Vampire Bat Swarm's Swarm": the name's own word is left out (the card's name takes it)


@cache
def summoners() -> list[tuple[str, str, str]]:
    """(card, edition, conjuration) for every real card whose printing summons a conjuration that is a card (every
    3rd is asked: the class is large)."""
    names = {c.name.casefold(): c.name for c, _, _ in printings()}
    out = {}
    for card, edition, p in printings():
        for conj in p.conjurations:
            if conj.casefold() in names and not names[conj.casefold()].startswith("The "):
                out.setdefault((card.name, names[conj.casefold()]), edition)
    return sorted((card, edition, conj) for (card, conj), edition in out.items())


@cache
def targeting_spells() -> list[str]:
    """Reborn spells whose play chooses a target unit (every 4th of them is asked: the class is large)."""
    out = {r.name for r in every_ability() if r.edition == "reborn" and r.ability.kind == "play"
           and "Spell" in r.card.type and any(p.targets for p in r.ability.parts)}
    return sorted(out)


def test_the_classes_are_the_real_cards():
    cases = moment_cases()
    assert len(cases) >= 60
    assert ("Radiant Leviathan", "reborn", "Refract", MOMENTS[0][1]) in cases
    assert ("Battle Seer", "1e", "Battle Trance", MOMENTS[1][1]) in cases
    assert ("Beast Tamer", "1e", "Diminish 1", MOMENTS[2][1]) in cases
    assert ("Beast Tamer", "1e", "Diminish 1") in numbered() and len(numbered()) >= 100
    assert ("Hunt Master", "reborn", "Panther Spirit") in summoners() and len(summoners()) >= 100
    assert "Inkspill" in targeting_spells() and len(targeting_spells()) >= 80


@pytest.mark.parametrize(("card", "edition", "ability", "said"), moment_cases())
def test_a_moment_said_in_words_is_the_ability_it_triggers(full_db: str, capsys: pytest.CaptureFixture[str],
                                                           card: str, edition: str, ability: str, said: str) -> None:
    text = (REBORN if edition == "reborn" else FIRST) + said.format(card=card) + " What happens?"
    data = asked(capsys, full_db, text)
    assert data["read_as"]["inputs"]["card"] == card
    assert data["read_as"]["inputs"].get("ability") == ability
    assert data["unused"] == []


@pytest.mark.parametrize(("card", "edition", "ability"), numbered()[::6])
def test_an_ability_named_without_its_number(full_db: str, capsys: pytest.CaptureFixture[str], card: str,
                                            edition: str, ability: str) -> None:
    bare = re.sub(r" (?:\d+|X)$", "", ability)
    text = ("" if edition == "reborn" else FIRST) + f"I use {card}'s {bare}. What happens?"
    code, data = _json(capsys, "ask", text, "--db", full_db)
    if data["read_as"] is None:  # the ability's name is another game's card: asked which game, never answered
        assert code == 1 and data["asked"]["kind"] == "several-games"
        return
    assert data["read_as"]["inputs"] == {"card": card, "ability": ability, **({} if edition == "reborn" else
                                                                              {"ruleset": "1e"})}


@pytest.mark.parametrize(("card", "edition", "conjuration"), summoners()[::3])
def test_the_conjuration_summoned_is_scenario_not_a_second_card(full_db: str, capsys: pytest.CaptureFixture[str],
                                                                card: str, edition: str, conjuration: str) -> None:
    text = ("" if edition == "reborn" else FIRST) + f"I play {card} but there are no {conjuration} left in my " \
                                                    "conjuration pile. What happens?"
    data = asked(capsys, full_db, text)
    inputs = data["read_as"]["inputs"]
    assert inputs["card"] == card and inputs["conjurations_left"] == "0"
    assert data["unused"] == []


@pytest.mark.parametrize("card", targeting_spells()[::4])
def test_units_named_on_the_board_are_scenario(full_db: str, capsys: pytest.CaptureFixture[str], card: str) -> None:
    data = asked(capsys, full_db, f"I play {card}; my opponent has Blue Jaguar and Iron Worker. What happens?")
    inputs = data["read_as"]["inputs"]
    assert inputs["card"] == card and inputs["unit"] == ["Blue Jaguar@theirs", "Iron Worker@theirs"]


def test_the_judged_sentences_read_as_said(full_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The round's own sentences (their inputs are the direct commands the judge used, which agreed)."""
    data = asked(capsys, full_db, "Radiant Leviathan is destroyed with 3 status tokens but only 2 Prism Tetras left in "
                                  "my conjuration pile. What happens?")
    assert data["read_as"]["inputs"] == {"card": "Radiant Leviathan", "conjurations_left": "2", "ability": "Refract",
                                         "unit": ["Radiant Leviathan@mine/status=3"]}
    assert data["unused"] == []
    same_as_direct(capsys, full_db, data)
    data = asked(capsys, full_db, "I play Inkspill after declaring attackers; opponent has Blue Jaguar and Iron "
                                  "Worker. What happens?")
    assert data["unused"] == []
    same_as_direct(capsys, full_db, data)
    data = asked(capsys, full_db, "Ashes first edition: opponent declares two attackers and I use Beast Tamer's "
                                  "Diminish. What happens?")
    assert data["read_as"]["inputs"] == {"card": "Beast Tamer", "ability": "Diminish 1", "ruleset": "1e"}
    same_as_direct(capsys, full_db, data)


def test_a_moment_only_a_granted_ability_reads_is_that_ability(full_db: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Piercing Light gives units an ability (Overkill 1); its own text has no trigger: "destroys ... by attacking"
    is the granted ability's moment (asked by its name since ashes-5), never answered as playing the card."""
    code, data = _json(capsys, "ask", "My unit with a divine die on it destroys an opponent's unit by attacking while "
                                      "I have Piercing Light. What happens?", "--db", full_db)
    assert code == 0 and data["read_as"]["inputs"].get("ability", "").startswith("Overkill")


@cache
def destroyed_triggers() -> list[tuple[str, str, str]]:
    """Named reborn abilities triggered "after/when a unit is destroyed" (not this unit), asked by name."""
    return sorted({(r.name, r.edition, r.ask) for r in every_ability() if r.edition == "reborn" and r.ability.name
                   and r.ask == r.ability.name and r.ability.trigger is not None
                   and re.search(r"\ba unit is destroyed\b", r.ability.trigger.words.lower())})


@pytest.mark.parametrize(("card", "edition", "ability"), destroyed_triggers())
def test_a_named_abilitys_own_moment_said_is_read(full_db: str, capsys: pytest.CaptureFixture[str], card: str,
                                                  edition: str, ability: str) -> None:
    """"Jessa Na Ni's Screams of the Departed after a unit is destroyed": the clause is the ability's trigger."""
    code, data = _json(capsys, "ask", f"{REBORN}I use {card}'s {ability} after a unit is destroyed. What happens?",
                       "--db", full_db)
    if data["read_as"] is None:  # the ability's name is another game's card (L5R Brawl): asked, never answered
        assert code == 1 and data["asked"]["kind"] in ("several-games", "wrong-game")
        return
    assert data["read_as"]["inputs"].get("ability") == ability
    assert data["unused"] == []


@cache
def dice_cards() -> tuple[list[str], list[tuple[str, str]]]:
    """Reborn cards whose play counts dice in the active pool, and cards triggered by placing dice in the exhausted
    pool, with their edition (their answer reads --dice / --exhausted-dice)."""
    active, placed = set(), set()
    for r in every_ability():
        if r.edition == "reborn" and "active pool" in r.ability.text.lower() and r.ability.kind == "play":
            active.add(r.name)
        if r.ability.trigger is not None and re.search(r"\bplac\w* .*dice in your exhausted", r.ability.trigger.words,
                                                       re.I):
            placed.add((r.name, r.edition))
    return sorted(active), sorted(placed)


def test_dice_said_are_the_dice_inputs(full_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    active, placed = dice_cards()
    assert "Call Upon the Realms" in active
    for card in active[::4]:
        data = asked(capsys, full_db, f"{REBORN}I play {card} with 5 dice in my active pool. What happens?")
        assert data["read_as"]["inputs"]["dice"] == "5" and "active" not in data["unused"]
    assert ("Lucky Rabbit", "1e") in placed
    for card, edition in placed:
        data = asked(capsys, full_db, f"{REBORN if edition == 'reborn' else FIRST}{card}: I spend 3 dice on a cost. "
                                      "What happens?")
        assert data["read_as"]["inputs"]["exhausted_dice"] == "3" and data["unused"] == []
