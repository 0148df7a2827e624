"""Issue 33 item 3: Grand Archive questions asked the way players think of them. In Discord an object is on the
field when the effects start unless it is given as entering later; on the command line the typed order stays the
timeline, and the answer says how to ask when an object came after a one-shot effect; a champion is there all game;
"On Champion Hit" finds the opposing champion; a "next attack" card can be asked."""

from __future__ import annotations

import pytest

from engine.rulesets.grand_archive import starter_lookup
from engine.rulesets.grand_archive.question import QUESTION, moment_pairs
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)


def obj(answer: dict, name: str) -> dict:
    return next(o for o in answer["objects"] if o["object"] == name)


def test_discord_objects_are_on_the_field_first_and_later_ones_enter_after():
    assert moment_pairs({"effect": "Inspiring Call", "object": "ally", "later": "ally:human", "then": "end-of-turn"}) \
        == [("object", "ally"), ("effect", "Inspiring Call"), ("object", "ally:human"), ("then", "end-of-turn")]
    on_field = QUESTION.answer({"effect": "Inspiring Call", "object": "ally"}, starter_lookup, "current")
    assert obj(on_field, "ally")["effects"][0]["applies"]  # "allies you control get +1 POWER": it was there
    later = QUESTION.answer({"effect": "Inspiring Call", "later": "ally"}, starter_lookup, "current")
    assert not obj(later, "ally")["effects"][0]["applies"]
    assert "name it before the effect if it was already on the field" in later["summary"]
    # the option's earlier name still means on the field first
    assert moment_pairs({"before": "ally", "effect": "Inspiring Call"})[0] == ("object", "ally")


def test_the_command_line_keeps_the_typed_order_and_says_how_to_ask_otherwise(db, capsys):
    after = ask(db, capsys, "--effect", "Inspiring Call", "--object", "ally")
    assert "name it before the effect" in after["summary"]
    before = ask(db, capsys, "--object", "ally", "--effect", "Inspiring Call")
    assert obj(before, "ally")["net"]["power"]["total"] == 1


def test_a_champion_written_after_an_effect_is_the_champion_there_all_game(db, capsys):
    # Crystal of Argus: "Your champion gets +1 level for every three enlighten counters on them."
    out = ask(db, capsys, "--effect", "Crystal of Argus", "--object", "champion[enlighten=7]")
    champion = obj(out, "champion[enlighten=7]")
    assert champion["entered"] == 0 and champion["net"]["level"]["total"] == 7 // 3
    assert out["scenario"][0].startswith("0. object champion[enlighten=7]")
    # "#1" is still the first object written, whatever is put on the field first
    numbered = ask(db, capsys, "--object", "ally", "--effect", "Fortifying Aroma#2 -> #1", "--object", "champion")
    assert obj(numbered, "ally")["net"]["power"]["total"] == 2


def test_on_champion_hit_finds_the_opposing_champion(db, capsys):
    # Caliburn of Silencing: "[Class Bonus] On Champion Hit: The hit champion loses all abilities until the
    # beginning of your next turn."
    alone = ask(db, capsys, "--effect", "Caliburn of Silencing")
    assert obj(alone, "champion:opponent")["result"]["abilities_lost"] == "loses all abilities"
    written = ask(db, capsys, "--effect", "Caliburn of Silencing", "--object", "champion:opponent")
    assert [o["object"] for o in written["objects"]] == ["champion:opponent"]
    assert obj(written, "champion:opponent")["effects"][0]["applies"]


def test_a_next_attack_card_can_be_asked_in_discord_and_on_the_command_line(db, capsys):
    # Take Aim: "Target unit's next attack this turn gets +2 POWER."
    cli = ask(db, capsys, "--object", "ally", "--effect", "Take Aim#1", "--object", "attack")
    assert obj(cli, "attack")["net"]["power"]["total"] == 2
    early = ask(db, capsys, "--object", "ally", "--object", "attack", "--effect", "Take Aim#1")
    assert "it was there before the effect" in early["summary"]


ON_ATTACK = ["Ardent Cloudstriker", "Ash Filcher", "Dragon's Dawn#2", "Flameblessed Trainee", "Inner Court Schemer",
             "Mana's Cascade", "Scorchfire Assassin", "Trivariate Dream#2"]


@pytest.mark.parametrize("card", ON_ATTACK)
def test_this_attack_of_an_on_attack_ability_is_the_attack_its_source_makes(db, capsys, card):
    # "On Attack: ... this attack gets +N POWER": asked alone, or with the attack written after it
    alone = ask(db, capsys, "--effect", card)
    [attack] = [o for o in alone["objects"] if o["object"].startswith("an attack") or o["object"] == "attack"]
    assert any(e["applies"] for e in attack["effects"])
    written = ask(db, capsys, "--effect", card, "--object", "attack")
    assert [o["object"] for o in written["objects"] if "attack" in o["object"]] == ["attack"]
    assert any(e["applies"] for e in obj(written, "attack")["effects"])


@pytest.mark.parametrize("card", ["Dragon's Dawn#2", "Arthur, Young Heir", "Airship Cannoneer#2"])
def test_if_you_do_after_a_choice_is_assumed_aloud_and_can_be_given_false(db, capsys, card):
    out = ask(db, capsys, "--effect", card)
    assert "“If you do”" in out["summary"]
    name = card.split("#")[0]
    off = ask(db, capsys, "--effect", card, "--then", f"condition-false:{name}")
    assert "assuming" not in off["summary"] and "did nothing" in off["summary"]
