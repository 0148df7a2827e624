"""Classes found by the blind review on seed 4242 (issue: Grand Archive to Redemption's standard), each checked on
several real cards through the CLI on the imported shared data: an attack card's "this attack", a replacement's
object ("if that unit would deal damage", "if damage would be dealt to your champion"), a "Class Bonus:" label inside
a paragraph, amounts in X ("+X POWER where X is ...", "cost (2+X) more"), a restriction's own subject ("it can't be
intercepted"), and a card's own cost rule said when a whole-card question leaves it out."""

from __future__ import annotations

import pytest

from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)


def only(answer: dict) -> dict:
    assert len(answer["objects"]) == 1, answer["objects"]
    return answer["objects"][0]


def test_this_attack_on_an_attack_card_is_the_card_itself(db, capsys):
    # "[Jin Bonus] As long as your champion has leveled up this turn, this attack gets +2 POWER and has unblockable."
    out = ask(db, capsys, "--effect", "Pierce the Heavens")
    me = only(out)
    assert me["object"] == "Pierce the Heavens"
    assert sorted((e["layer"], e["applies"]) for e in me["effects"]) == [("D", True), ("E", True)]
    assert me["net"]["power"]["total"] == 2
    assert "Jin Bonus" in out["summary"] and "leveled up" in out["summary"]  # both conditions said
    off = ask(db, capsys, "--effect", "Pierce the Heavens", "--then", "condition-false:Pierce the Heavens")
    assert [e["applies"] for e in only(off)["effects"]] == [False, False]


@pytest.mark.parametrize("card", ["Ash Filcher", "Inner Court Schemer"])
def test_an_allys_this_attack_is_still_its_attack_not_the_ally(db, capsys, card):
    # "If you do, this attack gets +2 POWER": the attack the ally makes, named with --object attack
    out = ask(db, capsys, "--object", "attack", "--effect", f"{card} -> #1")
    assert [(o["object"], [e["applies"] for e in o["effects"]]) for o in out["objects"]
            if o["object"] == "attack"] == [("attack", [True])]


@pytest.mark.parametrize(("card", "label"), [
    ("Enfeebled Dagger", "Class Bonus"),   # "Class Bonus: Until end of turn, if that unit would deal damage, ..."
    ("Bubble Mage", "Class Bonus"),        # "Class Bonus: Until end of turn, if that unit would take damage, ..."
])
def test_a_replacement_on_that_unit_reaches_the_target(db, capsys, card, label):
    out = ask(db, capsys, "--object", "ally:opponent", "--effect", f"{card} -> #1")
    effect = only(out)["effects"][0]
    assert (effect["layer"], effect["applies"], effect["status"]) == ("-", True, "active")
    assert label in out["summary"]  # the in-paragraph bonus label is assumed aloud, never silently true
    ended = ask(db, capsys, "--object", "ally:opponent", "--effect", f"{card} -> #1", "--then", "end-of-turn")
    assert only(ended)["effects"][0]["status"] == "ended"


@pytest.mark.parametrize(("card", "object_", "condition"), [
    ("Covenant of Thorns", "champion", ""),         # "If damage would be dealt to your champion, ... linked ally"
    ("Floodward Sergeant", None, ""),               # "If damage would be dealt to Floodward Sergeant, prevent ..."
    ("Froglet Footman", None, "buff counter"),      # "... to Froglet Footman while it has a buff counter on it"
    ("Bairui, Resplendent Barrier", "champion", "charge counters"),
])
def test_a_replacement_is_about_the_object_it_names_and_its_while_is_the_condition(db, capsys, card, object_,
                                                                                 condition):
    args = (["--object", object_] if object_ else []) + ["--effect", card]
    out = ask(db, capsys, *args)
    asked = out["objects"][0]
    assert asked["object"] == (object_ or card)
    effect = next(e for e in asked["effects"] if e["layer"] == "-")
    assert effect["applies"]
    # "if damage would be dealt" is the event replaced, not a condition taken to hold
    assert "would be dealt" not in effect["ends_on"]
    if condition:
        assert condition in effect["ends_on"] and condition in out["summary"]
        off = ask(db, capsys, *args, "--then", f"condition-false:{card}")
        assert not next(e for e in off["objects"][0]["effects"] if e["layer"] == "-")["applies"]


@pytest.mark.parametrize(("args", "stat", "total"), [
    (("--effect", "Amorphous Strike", "--count", "banished card's power=3"), "power", 3),
    (("--effect", "Lawsur, the Carpenter", "--count", "other Specter allies you control=2"), "power", 2),
    (("--effect", "Genbu, Black Tortoise#2", "--count", "water element cards in your graveyard=4"), "life", 4),
    (("--effect", "Cheshire Cat, Impish Grin", "--count",
      "total base power among Distortion weapons you control=5"), "power", 5),
    (("--object", "card@hand:opponent", "--effect", "Jianyu, Fate's Premonition#3", "--count",
      "phantasias you control=2"), "cost", 4),                                 # "cost (2+X) more"
    (("--object", "champion:opponent", "--effect", "Discordia, Harp of Malice -> #1", "--count",
      "music counters on Discordia=2"), "level", -2),                          # "-X level"
])
def test_an_amount_in_x_is_x_itself(db, capsys, args, stat, total):
    out = ask(db, capsys, *args)
    asked = next(o for o in out["objects"] if o["net"].get(stat))
    entry = asked["net"][stat]
    assert entry["total"] == total
    assert entry["changes"][0]["x"] is True and entry["changes"][0]["count_given"] is True


def test_an_amount_in_x_without_a_count_says_what_it_assumed(db, capsys):
    out = ask(db, capsys, "--effect", "Amorphous Strike")
    assert only(out)["net"]["power"]["total"] == 1
    assert any("one is assumed" in i["text"] for i in out["interpretations"])


@pytest.mark.parametrize(("card", "words"), [
    ("Strike from the Mist", "Class Bonus"),       # "[Class Bonus] As long as ... was prepared, it can't be ..."
    ("Luminous Quartz", "rested"),                 # "As long as Luminous Quartz is rested, it can't be used ..."
])
def test_a_restriction_is_about_its_own_subject_with_every_condition_said(db, capsys, card, words):
    out = ask(db, capsys, "--effect", card)
    me = only(out)
    assert me["object"] == card
    effect = me["effects"][0]
    assert (effect["layer"], effect["kind"], effect["applies"]) == ("-", "static", True)
    assert words in out["summary"]


@pytest.mark.parametrize(("card", "paragraph"), [("Covenant of Thorns", "1"), ("Inspiring Call", "1")])
def test_a_whole_card_question_says_it_left_the_cards_own_cost_rule_out(db, capsys, card, paragraph):
    out = ask(db, capsys, "--effect", card)
    assert any(f"“{card}#{paragraph}”" in i["text"] for i in out["interpretations"])
    cost = ask(db, capsys, "--effect", f"{card}#{paragraph}")
    assert only(cost)["net"]["cost"]["total"] < 0


def test_a_cost_rules_if_is_a_condition_switched_on_and_off(db, capsys):
    # "This card costs 1 less to activate if an opponent controls one or more allies.": checked at all times
    out = ask(db, capsys, "--effect", "Hire Mercenaries")
    effect = only(out)["effects"][0]
    assert effect["duration"]["form"] == "as-long-as" and "opponent controls" in out["summary"]
    assert only(out)["net"]["cost"]["value"] == 1
    off = ask(db, capsys, "--effect", "Hire Mercenaries", "--then", "condition-false:Hire Mercenaries")
    assert only(off)["effects"][0]["status"] == "off"


def test_a_material_decks_own_cost_rule_is_read_in_the_material_deck(db, capsys):
    out = ask(db, capsys, "--effect", "Covenant of Thorns#1")
    assert "material deck" in only(out)["description"]


@pytest.mark.parametrize(("card", "words"), [
    ("Resonating Fugue", "Switch the power and life"),   # a power/life switch is not read
    ("Ashen Riffle", None),                              # nothing read at all: refused, no answer to mislead
    # (Mandate of Honor's "... can't draw cards" is read since session 4: a ban is a rule of the game)
])
def test_text_the_answer_cannot_read_is_said_in_the_summary(db, capsys, card, words):
    if words is None:
        from bot.cli import main
        assert main(["grand-archive", "--db", db, "--json", "--effect", card]) != 0
        capsys.readouterr()
        return
    out = ask(db, capsys, "--effect", card)
    assert "not read" in out["summary"] and words in out["summary"]
    assert any(words in i["text"] for i in out["interpretations"])


@pytest.mark.parametrize(("card", "objects"), [
    ("Twilight Slime", ("champion", "ally:slime")),       # "Your champion and other Slime objects you control have"
    ("Spectral Diffusion#2", ("champion", "ally")),       # "Your champion and ephemeral objects you control gain"
])
def test_a_compound_subject_reaches_each_of_its_sets(db, capsys, card, objects):
    args = [x for o in objects for x in ("--object", o)]
    out = ask(db, capsys, *args, "--effect", card)
    for o in (o for o in out["objects"] if o["object"] in objects):  # (the card itself may be reached too)
        assert o["result"]["abilities"] and all(e["applies"] for e in o["effects"]), o


@pytest.mark.parametrize(("card", "fits", "misfit"), [
    # "Change the target of an attack to a Chessman Rook ally you control. If you do, that ally gets +2 LIFE"
    ("Hunt, Weiss King", "ally:chessman:rook", "ally:opponent"),
    # "For each wind element card in the attacker's intent, choose an ally you control. That ally gets +1POWER"
    ("Legion's Wingspan", "ally", "ally:opponent"),
])
def test_that_ally_is_the_ally_chosen_before_it(db, capsys, card, fits, misfit):
    out = ask(db, capsys, "--object", fits, "--effect", f"{card} -> #1")
    assert out["objects"][0]["effects"][0]["applies"]
    from bot.cli import main
    code = main(["grand-archive", "--db", db, "--json", "--object", misfit, "--effect", f"{card} -> #1"])
    capsys.readouterr()
    assert code == 2  # not a legal choice: refused in one sentence, never a confident wrong answer


def test_were_to_is_a_replacement_like_would(db, capsys):
    # "Class Bonus: Until end of turn, if that unit were to take damage, it takes that much damage plus 1 instead."
    out = ask(db, capsys, "--object", "ally:opponent", "--effect", "Poisoned Dagger#2 -> #1")
    effect = out["objects"][0]["effects"][0]
    assert (effect["layer"], effect["applies"]) == ("-", True) and "Class Bonus" in out["summary"]


@pytest.mark.parametrize(("obj", "card", "stat", "total"), [
    ("Arondight, Azure Blade[refinement=2]", "Arondight, Azure Blade", "power", 4),  # +2 POWER for each ... on it
    ("Memorite Obelith[sheen=7]", "Memorite Obelith", "life", 5),                    # for each of up to five ...
    ("Sword Saint's Vow[durability=3]", "Sword Saint's Vow", "power", 3),
])
def test_counters_written_on_the_object_are_what_for_each_counter_on_it_counts(db, capsys, obj, card, stat, total):
    out = ask(db, capsys, "--object", obj, "--effect", card)
    entry = out["objects"][0]["net"][stat]
    assert entry["total"] == total and entry["changes"][0]["count_given"] is True
    assert not any("one is assumed" in i["text"] for i in out["interpretations"])


def test_instead_of_inside_an_effect_is_no_alternative_and_conditions_are_said_without_an_object(db, capsys):
    # "[Class Bonus] Harmonize — If you've activated a Melody card this turn, allies you control assign damage with
    # their life stat instead of power stat until end of turn."
    out = ask(db, capsys, "--effect", "Mist Resonance")
    assert [e["status"] for e in out["effects"]] == ["active", "active"]
    assert "Class Bonus" in out["summary"] and "Melody" in out["summary"]


def test_they_after_an_if_is_the_ifs_subject_and_otherwise_is_the_alternative(db, capsys):
    # "If your champion is distant, they gain ranged 4 for as long as they remain distant. Otherwise, they become
    # distant."
    out = ask(db, capsys, "--object", "champion", "--effect", "Cosmic Focus")
    me = only(out)
    assert me["result"]["abilities"] == ["ranged 4"] and not me["result"].get("properties")
    assert "your champion is distant" in out["summary"]
    other = ask(db, capsys, "--object", "champion", "--effect", "Cosmic Focus", "--then",
                "condition-true:Cosmic Focus#2.2")
    assert only(other)["result"].get("properties") == ["distant"] and not only(other)["result"].get("abilities")
    ally = ask(db, capsys, "--object", "ally", "--effect", "Cosmic Focus")
    assert not any(e["applies"] for e in only(ally)["effects"])  # an ally is not the champion: never reached


@pytest.mark.parametrize(("card", "total"), [
    ("Malevolent Vow", -2),      # "Inherited Effect — This object gets -2LIFE."
    ("Profane Bindings", -5),    # "Inherited Effect — This object gets -5LIFE."
    ("Demon's Aim", -2),         # "Inherited Effect: This object gets -2 LIFE."
    ("Gloamspire Prowler", -2),
])
def test_an_inherited_effect_of_a_card_in_the_lineage_is_the_champions(db, capsys, card, total):
    out = ask(db, capsys, "--object", "champion", "--effect", card)
    champion = next(o for o in out["objects"] if o["object"] == "champion")
    # (the card's own "Put ... on the bottom of your champion's lineage" is a placement that applies too)
    effect = next(e for e in champion["effects"] if e["applies"] and "LIFE" in e["change"])
    assert effect["kind"] == "static" and champion["net"]["life"]["total"] == total
    assert not any(o["object"] == card and o["effects"] and o["effects"][0]["applies"] for o in out["objects"])


def test_an_inherited_keyword_with_its_reminder_is_read(db, capsys):
    # "Inherited Effect — Ranged 1 (As long as this unit is distant, its attacks get +1POWER.)"
    out = ask(db, capsys, "--effect", "Diana, Aether Dilettante")
    assert out["effects"] and "distant" in out["summary"]
