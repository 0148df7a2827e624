"""Classes found by the blind review on seed 5151, each checked on several real cards through the CLI on the imported
shared data: "until the end of its controller's turn" for an object the other player controls, a target named with
its zone ("target Specter ally card ... from your graveyard"), and a bare "Ranged N" keyword read from the glossary."""

from __future__ import annotations

import pytest

from bot.cli import main
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)


def only(answer: dict) -> dict:
    assert len(answer["objects"]) == 1, answer["objects"]
    return answer["objects"][0]


@pytest.mark.parametrize("card", ["Reposition", "Winged Talaria", "Skirting Step#2"])
def test_distant_lasts_until_the_end_of_the_units_controllers_turn(db, capsys, card):
    # "Target unit becomes distant. (Units stay distant until the end of their controller's turn.)"
    mine = ask(db, capsys, "--object", "ally", "--effect", f"{card} -> #1", "--then", "end-of-turn")
    assert only(mine)["effects"][0]["status"] == "ended"
    theirs = ask(db, capsys, "--object", "ally:opponent", "--effect", f"{card} -> #1", "--then", "end-of-turn")
    assert only(theirs)["effects"][0]["status"] == "active"  # my turn ended, not its controller's
    later = ask(db, capsys, "--object", "ally:opponent", "--effect", f"{card} -> #1", "--then", "end-of-turn",
                "--then", "end-of-turn")
    assert only(later)["effects"][0]["status"] == "ended"
    assert "skipped" not in only(later)["effects"][0]["why"]


def test_a_target_named_with_its_zone_is_looked_for_there(db, capsys):
    # "Put target Specter ally card with reserve cost 3 or less from your graveyard onto the field. It becomes
    # ephemeral.": never the Templar itself
    code = main(["grand-archive", "--db", db, "--json", "--effect", "Incinerated Templar"])
    out = capsys.readouterr().out
    assert code == 2 and "ally:specter@graveyard" in out
    reached = ask(db, capsys, "--object", "ally:specter@graveyard", "--effect", "Incinerated Templar -> #1")
    target = next(o for o in reached["objects"] if o["object"] == "ally:specter@graveyard")
    assert target["effects"][0]["applies"] and target["result"]["properties"] == ["ephemeral"]
    assert not any(o["object"] == "Incinerated Templar" and o["result"].get("properties")
                   for o in reached["objects"])


@pytest.mark.parametrize(("args", "example"), [
    (("--effect", "Powercell"), "ally:automaton"),            # "Target Automaton ally gets +2 POWER"
    (("--effect", "Sharpen Blade"), "weapon:dagger"),         # "Target Dagger weapon gets +2 POWER"
])
def test_a_missing_target_is_asked_for_with_an_object_that_fits(db, capsys, args, example):
    code = main(["grand-archive", "--db", db, "--json", *args])
    out = capsys.readouterr().out
    assert code == 2 and f"--object {example}" in out


@pytest.mark.parametrize(("card", "amount"), [("Alizarin Longbowman", 3), ("Misteye Archer#1", 2),
                                              ("Liu Bei, Oathkeeper#1", 2)])
def test_a_bare_ranged_keyword_means_its_glossary_text(db, capsys, card, amount):
    out = ask(db, capsys, "--effect", card)
    [effect] = [e for e in out["effects"] if e["layer"] == "E"]
    assert effect["change"] == f"+{amount} POWER" and "distant" in out["summary"]


@pytest.mark.parametrize("card", ["Wand of Frost#2", "Dissuading Aether", "Cerulean Decree#2"])
def test_target_units_attacks_take_the_unit_as_target_and_never_change_the_unit(db, capsys, card):
    # "Target unit's attacks get -3 POWER until end of turn" (blind review seed 6262)
    out = ask(db, capsys, "--object", "ally:opponent", "--effect", f"{card} -> #1")
    unit = next(o for o in out["objects"] if o["object"] == "ally:opponent")
    assert [e["applies"] for e in unit["effects"]] == [False] and not unit["net"]
    assert "attacks that unit makes" in out["summary"]
    attack = ask(db, capsys, "--object", "attack:opponent", "--effect", f"{card} -> #1")
    assert attack["objects"][0]["net"]["power"]["total"] == -3


@pytest.mark.parametrize(("card", "words"), [
    ("Astral Seal", "same name"),        # "[Class Bonus] This card costs 3 less to activate if it targets ..."
    ("Lost Wisdom", "unique allies"),
    ("Rally the Peasants", "three or more allies"),
    ("Tempest Downfall", "suppressed"),
    ("Neos Elemental#1", None),          # "[Class Bonus] ... costs 1 less ... for each token object": no "if"
])
def test_a_bonus_label_and_an_if_on_one_cost_rule_are_both_its_condition(db, capsys, card, words):
    out = ask(db, capsys, "--effect", card)
    assert "Class Bonus" in out["summary"]
    if words:
        assert words in out["summary"]
        off = ask(db, capsys, "--effect", card, "--then", f"condition-false:{card.split('#')[0]}")
        assert off["objects"][0]["effects"][0]["status"] == "off"


@pytest.mark.parametrize(("card", "fits", "misfit"), [
    # "Ranger Reaction cards you activate cost 1 less to activate." (blind review seed 7373)
    ("Polkhawk, Bombastic Shot#2", "action:ranger:reaction@hand", "action:ranger@hand"),
    # "Inherited Effect — Chessman Command attack cards you activate enter the intent with +1POWER."
    ("Alice, Golden Queen", "attack:chessman:command@hand", "attack:chessman@hand"),
])
def test_subtypes_written_one_after_the_other_must_all_hold(db, capsys, card, fits, misfit):
    yes = ask(db, capsys, "--effect", card, "--object", fits)
    assert any(e["applies"] for e in yes["objects"][0]["effects"])
    no = ask(db, capsys, "--effect", card, "--object", misfit)
    assert not any(e["applies"] for e in no["objects"][0]["effects"])


def test_subtypes_joined_by_and_mean_either(db, capsys):
    # "Until end of turn, Human and Horse allies you control get +1 LIFE and gain ambush and steadfast."
    for obj in ("ally:horse", "ally:human"):
        out = ask(db, capsys, "--object", obj, "--effect", "Mortal Ambition#2")
        assert out["objects"][0]["net"]["life"]["total"] == 1


@pytest.mark.parametrize(("card", "total", "fits"), [
    ("Vanitas, Convergent Ruin#2", 1, "without a weapon"),   # "Vanitas' next attack without a weapon this turn gets"
    ("Tonoris, Might of Humanity", 3, None),                 # "On Enter: Tonoris' next attack this turn gets +3 POWER"
])
def test_a_possessive_next_attack_is_the_next_attack_to_come(db, capsys, card, total, fits):
    out = ask(db, capsys, "--effect", card, "--object", "attack")  # the attack comes after the effect (blind 8484)
    attack = next(o for o in out["objects"] if o["object"] == "attack")
    assert attack["net"]["power"]["total"] == total
    if fits:
        assert fits in out["summary"]


@pytest.mark.parametrize(("card", "obj", "words"), [
    ("Shifting Mirage#2", "champion", "unless an opponent pays (2)"),  # "... gains stealth until end of turn unless"
    ("Guided Starlight", "attack", "unless an opponent pays (3)"),
])
def test_unless_is_a_condition_said_aloud_and_can_be_given(db, capsys, card, obj, words):
    args = ("--effect", card, "--object", obj) if obj == "attack" else ("--object", obj, "--effect", card)
    out = ask(db, capsys, *args)
    target = next(o for o in out["objects"] if o["object"] == obj)
    assert any(e["applies"] for e in target["effects"]) and words in out["summary"]
    off = ask(db, capsys, *args, "--then", f"condition-false:{card.split('#')[0]}")
    assert not any(e["applies"] for o in off["objects"] if o["object"] == obj for e in o["effects"])


def test_a_one_time_alternative_displaces_the_effect_before_it_for_such_an_object(db, capsys):
    # "Up to one target ally gets -1 POWER until end of turn. If that ally is an Automaton, put two debuff counters
    # on it instead." (blind review seed 9595)
    # Since issue 34 the two debuff counters are read too (official "Counters": -1 power and -1 life each).
    automaton = ask(db, capsys, "--object", "ally:automaton", "--effect", "Reprogram -> #1")
    minus_one, counters = only(automaton)["effects"]
    assert not minus_one["applies"] and counters["applies"]
    assert only(automaton)["net"]["power"]["total"] == only(automaton)["net"]["life"]["total"] == -2
    assert "2 debuff counters" in automaton["summary"]
    other = ask(db, capsys, "--object", "ally", "--effect", "Reprogram -> #1")
    assert only(other)["net"]["power"]["total"] == -1 and "life" not in only(other)["net"]
    assert "is not an Automaton" in other["summary"]  # what decided it is assumed aloud


def test_plain_words_keep_card_names_capitalised_and_articles_right(db, capsys):
    smasher = ask(db, capsys, "--effect", "Mechanized Smasher")  # "Mechanized Smasher can't be used with attack cards"
    assert "Mechanized Smasher can’t be used" in smasher["summary"] or "Mechanized Smasher can't be used" in \
        smasher["summary"]
    rite = ask(db, capsys, "--object", "champion", "--effect", "Apotheosis Rite")  # "becomes an Ascendant ..."
    assert "is also an ascendant" in rite["summary"]
