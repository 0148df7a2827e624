"""Grand Archive in depth (issue 19), on the real card data imported from the shared folder: an ability's source
is on the field before it resolves, tokens the same resolution summons, amounts and net results, conditions."""

from __future__ import annotations

import pytest

from bot.cli import main
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)


def text(db: str, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(["grand-archive", "--db", db, *args])
    out = capsys.readouterr().out
    assert code == 0, out
    return out


def obj(answer: dict, name: str) -> dict:
    return next(o for o in answer["objects"] if o["object"] == name)


@pytest.mark.parametrize(("card", "change"), [
    ("Veiled Oracle", "ephemeral"),          # On Enter: Veiled Oracle becomes ephemeral.
    ("Gate of Alterity", "“Inherited Effect"),  # REST: ... Gate of Alterity gains "Inherited Effect: ..."
])
def test_an_abilitys_source_is_on_the_field_before_it_resolves(db, capsys, card, change):
    out = ask(db, capsys, "--effect", card)
    me = obj(out, card)
    effect = me["effects"][0]
    assert effect["applies"] and effect["kind"] == "one-shot", effect
    assert me["entered"] < effect["timestamp"]  # the source's timestamp is earlier than the effect's
    assert out["scenario"][0].startswith(f"1. object {card}")
    assert any(i["text"].startswith(f"{card} must be on the field") for i in out["interpretations"])


def test_a_standing_ability_keeps_its_objects_timestamp(db, capsys):
    out = ask(db, capsys, "--effect", "Inzali, Unshackled Blaze#2")
    me = obj(out, "Inzali, Unshackled Blaze")
    assert me["entered"] == me["effects"][0]["timestamp"] == 1 and len(out["scenario"]) == 1


def test_a_token_summoned_by_the_same_card_is_in_the_set_it_fixes(db, capsys):
    out = ask(db, capsys, "--effect", "Grim Foreboding")  # Summon an Ominous Shadow token. Phantasia allies ... get
    shadow = obj(out, "Ominous Shadow")
    assert [e["applies"] for e in shadow["effects"]] == [True]
    later = ask(db, capsys, "--effect", "Grim Foreboding", "--object", "Ominous Shadow")
    assert [e["applies"] for e in later["objects"][0]["effects"]] == [False]  # a second one, summoned later


def test_for_each_uses_the_count_given_or_says_it_assumed_one(db, capsys):
    given = ask(db, capsys, "--object", "ally", "--effect", "Favorable Omens",
                "--count", "wind element omens you have=3")
    life = given["objects"][0]["net"]["life"]
    assert (life["total"], life["changes"][0]["count"], life["changes"][0]["count_given"]) == (3, 3, True)
    assert life["base"] is None and "no card named" in life["base_from"]
    assumed = ask(db, capsys, "--object", "ally", "--effect", "Favorable Omens")
    assert assumed["objects"][0]["net"]["life"]["total"] == 1
    assert any("one is assumed" in i["text"] for i in assumed["interpretations"])
    code = main(["grand-archive", "--db", db, "--object", "ally", "--effect", "Favorable Omens",
                 "--count", "dragons=2"])
    assert code == 2 and "No effect in this scenario counts “dragons”" in capsys.readouterr().err


def test_up_to_caps_the_count_and_a_cards_own_cost_is_netted_from_its_printed_cost(db, capsys):
    out = ask(db, capsys, "--effect", "Ghastly Corrosion", "--count", "ephemeral objects you control=5")
    cost = obj(out, "Ghastly Corrosion in your hand")["net"]["cost"]
    assert cost["changes"][0]["count"] == 2  # "for each of up to two ephemeral objects you control"
    assert "TCG Arena" in cost["base_from"] and cost["value"] == cost["base"] - 2
    assert out["summary"].startswith(f"Ghastly Corrosion reaches Ghastly Corrosion in your hand: cost {cost['value']}")


def test_counters_on_an_object_come_after_the_other_layer_e_changes(db, capsys):
    out = ask(db, capsys, "--object", "ally[buff=2, debuff=1]", "--effect", "Inspiring Call#2")
    power = out["objects"][0]["net"]["power"]
    assert [c["card"] for c in power["changes"]] == [
        "Inspiring Call (2)", "1 buff counter (after 1 buff and debuff counters removed each other)"]
    assert power["total"] == 1 + 2 - 1 and out["objects"][0]["counters"] == {"buff": 2, "debuff": 1}
    assert "GA14" in out["rules"]


def test_numbers_are_in_net_and_result_keeps_only_documented_keys(db, capsys):
    out = ask(db, capsys, "--object", "champion", "--effect", "Smack with Flute")
    me = out["objects"][0]
    assert me["net"]["level"]["total"] == 1 and set(me["result"]) <= {
        "power", "life", "cost", "element", "types", "types_added", "abilities", "abilities_lost", "properties", "base"}
    both = ask(db, capsys, "--object", "ally", "--effect", "Favorable Omens", "--count", "wind element omen=1")
    assert "life/power" not in both["objects"][0]["result"]


def test_summary_opens_the_text_and_equals_the_presented_summary(db, capsys):
    from engine.registry import find_ruleset
    out = ask(db, capsys, "--effect", "Inspiring Call", "--object", "ally")
    assert out["summary"] == ("Inspiring Call does not reach the ally you control: it entered after the effect "
                              "resolved, and a one-shot effect reaches only what was there then (name it before "
                              "the effect if it was already on the field).")
    assert out["explanation"].startswith(out["summary"] + "\n")
    assert find_ruleset("ga").questions.present(out).summary == out["summary"]
    plain = text(db, capsys, "--effect", "Song of Return")
    assert plain.startswith("Song of Return reaches Song of Return in your hand: cost ")
    assert "assuming [Class Bonus] holds" in plain.splitlines()[0]  # a condition is never silently true


def test_every_rule_cites_its_official_page_and_section(db, capsys):
    out = ask(db, capsys, "--object", "ally[buff=1]", "--effect", "Inspiring Call", "--then", "end-of-turn")
    cites = {c["id"]: c for c in out["citations"]}
    assert set(cites) == set(out["rules"])
    assert cites["GA1"]["cites"][0] == {
        "page": "Types of Effects - Continuous Effects", "section": "Instanced Effects 1-2",
        "address": "github.com/weebsoftheshore/gitbook-rules/game-mechanics/game-mechanics-types-of-effects/"
                   "types-of-effects-continuous-effects/README.md"}
    assert cites["GA11"]["reference"] == "Turn Order - End Phase, General Rules 3"
    assert "GA11 end-phase clean-up (Turn Order - End Phase, General Rules 3)" in out["explanation"]
    assert main(["rule", "GA5", "--game", "ga"]) == 0
    quoted = capsys.readouterr().out
    assert quoted.startswith("GA5 (layers): Effects are applied layer by layer") and "Layers 2.1-2.5" in quoted


def test_a_quoted_static_grant_is_an_effect_of_the_object_that_gained_it(db, capsys):
    # Cardistry: Chance gains "Other Suited allies you control get +1 POWER and have vigor."
    out = ask(db, capsys, "--effect", "Chance, Seven of Spades#2", "--object", "ally:suited", "--object", "ally")
    later = obj(out, "ally:suited")  # entered after the grant resolved: reached, the gained ability is static
    granted = [e for e in later["effects"] if "gained by Chance" in e["card"]]
    assert [(e["layer"], e["kind"], e["applies"]) for e in granted] == [("E", "static", True), ("D", "static", True)]
    assert later["net"]["power"]["total"] == 1 and later["result"]["abilities"] == ["vigor"]
    assert obj(out, "ally")["effects"] == []  # not Suited: outside the gained ability's set
    chance = obj(out, "Chance, Seven of Spades")  # "other": never its own source
    assert all(not e["applies"] for e in chance["effects"] if "gained by" in e["card"])
    gone = ask(db, capsys, "--effect", "Chance, Seven of Spades#2", "--object", "ally:suited",
               "--then", "source-leaves:Chance, Seven of Spades")
    assert all(e["status"] == "ended" for e in gone["objects"][0]["effects"])


def test_a_gained_static_ability_goes_when_its_holder_loses_its_abilities(db, capsys):
    out = ask(db, capsys, "--effect", "Chance, Seven of Spades#2", "--object", "ally:suited",
              "--then", "loses-abilities:Chance, Seven of Spades")
    assert not any(e["applies"] for e in out["objects"][0]["effects"])


def test_a_set_narrowed_by_counters_reads_the_counters_written_on_the_object(db, capsys):
    # Changban: "Allies you control with one or more buff counters on them have ambush."
    out = ask(db, capsys, "--effect", "Changban, Heroic Impasse", "--object", "ally[buff=1]", "--object", "ally")
    with_counter, without = (obj(out, name)["effects"] for name in ("ally[buff=1]", "ally"))
    assert [e["applies"] for e in with_counter] == [True] and with_counter[0]["change"] == "ambush"
    assert [e["applies"] for e in without] == [False] and "no buff counters" in without[0]["why"]


@pytest.mark.parametrize(("card", "reached", "missed"), [
    ("Academy Guide", "champion@material", "champion@hand"),      # Champion cards you materialize cost 1 less
    ("Wayfinder's Map", "domain@hand", "domain"),                  # Domain cards you activate cost 1 less
    ("Orb of Choking Fumes", "card@hand:opponent", "card@hand"),   # Cards your opponents activate this turn ...
])
def test_cost_changes_to_a_set_of_cards_reach_cards_as_they_are_played(db, capsys, card, reached, missed):
    out = ask(db, capsys, "--effect", card, "--object", reached, "--object", missed)
    hit, miss = out["objects"][0], out["objects"][1]
    assert [e["applies"] for e in hit["effects"]] == [True] and hit["net"]["cost"]["total"] in (-1, 1)
    assert not any(e["applies"] for e in miss["effects"])


@pytest.mark.parametrize(("card", "first", "second"), [
    ("Channeling Stone", "card@hand", "ally@hand"),        # The next card you activate this turn costs 2 less
    ("Memento Pocketwatch", "attack", "attack"),           # The next attack you declare with a unit ... +3 POWER
])
def test_the_next_one_only(db, capsys, card, first, second):
    out = ask(db, capsys, "--effect", card, "--object", first, "--object", second)
    assert [[e["applies"] for e in o["effects"]] for o in out["objects"][:2]] == [[True], [False]]
    assert "only the next one is reached" in out["objects"][1]["effects"][0]["why"]


def test_an_if_requirement_is_assumed_aloud_and_can_be_given_false(db, capsys):
    # Clash of Fates: "Put a buff counter on target Fatestone or Fatebound object. If that object is a Shenju ally,
    # it gains vigor until end of turn." -- "it" is that target, and the "if" is never silently true
    # (since issue 34 the target as written decides it when it can: a kind written with "shenju" is one, a kind
    # written without it is taken not to be one, aloud; the buff counter is read too)
    def vigor(answer: dict) -> dict:
        return next(e for e in answer["objects"][0]["effects"] if e["change"] == "vigor")

    out = ask(db, capsys, "--object", "ally:fatebound:shenju", "--effect", "Clash of Fates")
    assert vigor(out)["applies"] and "has vigor" in out["summary"] and "assuming" not in out["summary"]
    plain = ask(db, capsys, "--object", "ally:fatebound", "--effect", "Clash of Fates")
    assert not vigor(plain)["applies"] and plain["summary"].endswith("is not a Shenju ally.")
    given = ask(db, capsys, "--object", "ally:fatebound", "--effect", "Clash of Fates",
                "--then", "condition-true:Clash of Fates")
    assert vigor(given)["applies"] and "assuming" not in given["summary"]
    off = ask(db, capsys, "--object", "ally:fatebound:shenju", "--effect", "Clash of Fates",
              "--then", "condition-false:Clash of Fates")
    effect = vigor(off)
    assert (effect["applies"], effect["status"]) == (False, "off") and "was not met" in effect["why"]


def test_instead_applies_only_when_its_condition_is_given(db, capsys):
    # Combat Training: +2 POWER to the next attack; "If that ally is unique, ... gets +3 POWER instead."
    pairs = ["--object", "ally:warrior", "--effect", "Combat Training", "--object", "attack"]
    plain = obj(ask(db, capsys, *pairs), "attack")
    assert plain["net"]["power"]["total"] == 2
    unique = obj(ask(db, capsys, *pairs, "--then", "condition-true:Combat Training#1.2"), "attack")
    assert unique["net"]["power"]["total"] == 3


def test_a_bonus_on_an_attack_itself_is_static_and_switchable(db, capsys):
    on = ask(db, capsys, "--effect", "Blazing Charge")  # [Class Bonus] Blazing Charge gets +2 POWER.
    effect = on["objects"][0]["effects"][0]
    assert (effect["kind"], effect["duration"]["form"], effect["applies"]) == ("static", "as-long-as", True)
    off = ask(db, capsys, "--effect", "Blazing Charge", "--then", "condition-false:Blazing Charge")
    assert off["objects"][0]["effects"][0]["status"] == "off"


def test_a_condition_event_names_one_paragraph(db, capsys):
    code = main(["grand-archive", "--db", db, "--effect", "Inzali, Unshackled Blaze",
                 "--then", "condition-false:Inzali, Unshackled Blaze#1"])
    assert code == 2 and "conditions here: Inzali, Unshackled Blaze#2" in capsys.readouterr().err
    out = ask(db, capsys, "--effect", "Inzali, Unshackled Blaze",
              "--then", "condition-false:Inzali, Unshackled Blaze#2")
    assert [e["status"] for e in out["objects"][0]["effects"]] == ["off"]


def test_two_clauses_with_their_own_subjects_reach_their_own_sets(db, capsys):
    # Lu Bu: "Other champions get -3 level and all allies get -3 POWER."
    out = ask(db, capsys, "--effect", "Lu Bu, Wrath Incarnate", "--object", "champion:opponent", "--object", "ally")
    champion, ally = obj(out, "champion:opponent"), obj(out, "ally")
    assert set(champion["net"]) == {"level"} and champion["net"]["level"]["total"] == -3
    assert set(ally["net"]) == {"power"} and ally["net"]["power"]["total"] == -3


def test_a_bonus_label_and_an_as_long_as_are_both_assumed_aloud(db, capsys):
    # Leading Charge: "[Class Bonus] As long as you control a unique Warrior ally, this card costs 2 less ..."
    out = ask(db, capsys, "--effect", "Leading Charge")
    assert out["summary"].endswith("assuming [Class Bonus] holds and you control a unique Warrior ally.")


def test_a_count_for_an_effect_that_has_ended_is_still_its_count(db, capsys):
    out = ask(db, capsys, "--object", "ally", "--object", "ally", "--effect", "Into the Fray -> #1",
              "--count", "other ally you control=1", "--then", "end-of-turn")
    assert out["objects"][0]["effects"][0]["status"] == "ended"


def test_for_the_rest_of_the_game_are_covers_later_objects_for_the_game(db, capsys):
    # Freydis: "Remove three tactic counters from Freydis: For the rest of the game, Ranger units you control are
    # always distant." -- a Ranger entering later, after the turn ends, is still distant
    out = ask(db, capsys, "--effect", "Freydis, Master Tactician#2", "--then", "end-of-turn",
              "--object", "ally:ranger")
    [effect] = obj(out, "ally:ranger")["effects"]
    assert (effect["kind"], effect["applies"], effect["duration"]["form"]) == ("static", True, "game")


def test_copies_of_a_card_enter_one_after_the_other(db, capsys):
    out = ask(db, capsys, "--object", "ally x2", "--effect", "Inspiring Call#2", "--object", "ally")
    assert [o["entered"] for o in out["objects"]] == [1, 2, 4]
    assert [o["effects"][0]["applies"] for o in out["objects"]] == [True, True, False]


def test_a_rule_of_the_game_is_said_in_the_first_line(db, capsys):
    out = ask(db, capsys, "--effect", "Devotion's Price", "--then", "end-of-turn")
    assert out["objects"] == [] and out["summary"].startswith("Devotion's Price: you can't draw cards, ended")
    [rule] = [e for e in out["effects"] if e["layer"] == "-"]
    assert rule["status"] == "ended" and "GA15" in rule["rules"] and "GA15" in out["rules"]


def test_a_card_named_title_colon_subtitle_calls_itself_by_the_subtitle(db, capsys):
    out = ask(db, capsys, "--effect", "Spirit Blade: Terminus",
              "--count", "sheen counters on your Fractured Memories=9")  # "+1 POWER for every four": two steps
    assert obj(out, "Spirit Blade: Terminus")["net"]["power"]["total"] == 2


def test_a_keyword_alone_is_read_from_its_reminder(db, capsys):
    out = ask(db, capsys, "--effect", "Flamebolt Arbalist", "--object", "attack")  # Ranged 4 (As long as ...)
    [effect] = out["objects"][0]["effects"]
    assert (effect["kind"], effect["layer"], effect["applies"]) == ("static", "E", True)
    assert out["objects"][0]["net"]["power"]["total"] == 4 and "this unit is distant" in out["summary"]


def test_an_on_destroy_paragraph_does_not_take_the_rest_of_the_card_off_the_field(db, capsys):
    out = ask(db, capsys, "--effect", "Excalibur, Reflected Edge")
    me = obj(out, "Excalibur, Reflected Edge")
    # (its printed True Sight and Spellshroud are abilities it has too, since issue 34)
    assert all(e["applies"] for e in me["effects"]) and me["net"]["power"]["total"] == 1


def test_interpretations_name_no_command_line_flag(db, capsys):
    from engine.registry import find_ruleset
    for args in (["--effect", "Mordred, Flawless Blade", "--object", "attack@graveyard",
                  "--effect", "Caliburn of Silencing@opponent -> Mordred, Flawless Blade"],
                 ["--object", "ally", "--effect", "Favorable Omens"], ["--effect", "Leading Charge"]):
        out = ask(db, capsys, *args)
        assert out["interpretations"] and not any("--" in i["text"] for i in out["interpretations"])
    rule = ask(db, capsys, "--effect", "Devotion's Price")  # no object: the chat card lists the effects
    card = find_ruleset("ga").questions.present(rule)
    assert any("no layer" in f.lead and "you can't draw cards" in f.text for f in card.fields)


def test_for_this_attack_ends_with_the_combat(db, capsys):
    # Contraband Revolver: "On Attack: If the attacker is attacking a champion, Contraband Revolver gets +2 POWER for
    # this attack."
    on = ask(db, capsys, "--effect", "Contraband Revolver#2")
    assert on["objects"][0]["effects"][0]["duration"]["form"] == "end-of-attack"
    assert on["objects"][0]["effects"][0]["applies"]
    for event in ("end-of-combat", "end-of-turn"):
        off = ask(db, capsys, "--effect", "Contraband Revolver#2", "--then", event)
        assert off["objects"][0]["effects"][0]["status"] == "ended"


def test_a_keyword_after_a_bonus_label_is_read_from_its_reminder_with_both_conditions(db, capsys):
    # Pawn Piece: "[Alice Bonus] Commanded Will 1 (As long as this unit is attacking using a Command card, it gets
    # +1POWER.)"
    out = ask(db, capsys, "--effect", "Pawn Piece")
    assert obj(out, "Pawn Piece")["net"]["power"]["total"] == 1
    assert out["summary"].endswith("assuming [Alice Bonus] holds and this unit is attacking using a Command card.")
