"""Blind review of real cards (seed 5150 draw): effects on the card itself of actions and attacks, and keyword
abilities the printed cards grant, answered through the CLI on the imported shared file."""

from __future__ import annotations

import pytest

from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)


@pytest.mark.parametrize(("card", "layer", "condition"), [
    ("Find the Lost", "D", True),        # "As long as Find the Lost was prepared, it has unblockable."
    ("Backstab", "E", True),             # "As long as your champion is attacking a rested unit, Backstab gets +2"
    ("Devastating Blow", "E", False),    # "[Class Bonus] [Level 3+] Devastating Blow gets +4 POWER ..."
    ("Synthetic Strike", "E", True),
])
def test_an_attack_whose_effect_covers_itself_is_the_object_reached(db, capsys, card, layer, condition):
    out = ask(db, capsys, "--effect", card)
    assert [o["object"] for o in out["objects"]] == [card]
    effect = out["objects"][0]["effects"][0]
    assert (effect["layer"], effect["applies"], effect["status"]) == (layer, True, "active")
    assert any("not a permanent" in i["text"] for i in out["interpretations"])
    if condition:
        off = ask(db, capsys, "--effect", card, "--then", f"condition-false:{card}")
        assert (off["objects"][0]["effects"][0]["applies"], off["objects"][0]["effects"][0]["status"]) == (False, "off")


def test_an_ally_s_own_effect_does_not_get_the_non_permanent_note(db, capsys):
    out = ask(db, capsys, "--effect", "Cao Cao, Aspirant of Chaos")
    assert not any("not a permanent" in i["text"] for i in out["interpretations"])


@pytest.mark.parametrize(("pairs", "card", "keyword", "kind"), [
    ((("--effect", "Corhazi Lightblade"),), "Corhazi Lightblade", "critical 1", "one-shot"),
    ((("--object", "weapon"), ("--effect", "Bloodshroud Temper")), "Bloodshroud Temper", "omnishroud", "one-shot"),
    ((("--object", "ally:human"), ("--effect", "Tidal Tirade")), "Tidal Tirade", "retort 2", "one-shot"),
    ((("--effect", "Sworn Windhand"),), "Sworn Windhand", "retort 2", "static"),
])
def test_keyword_abilities_printed_on_real_cards_are_layer_d(db, capsys, pairs, card, keyword, kind):
    args = [x for pair in pairs for x in pair]
    out = ask(db, capsys, *args, "--then", "end-of-turn")
    effects = [e for o in out["objects"] for e in o["effects"] if e["card"].startswith(card) and e["layer"] == "D"]
    assert effects, out["objects"]
    assert effects[0]["kind"] == kind
    # a resolved "gains ... until end of turn" ends at the clean-up; a standing one stays while its source does
    assert effects[0]["status"] == ("ended" if kind == "one-shot" else "active")
