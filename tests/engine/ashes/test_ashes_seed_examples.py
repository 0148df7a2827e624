"""Every example of the seed article (Sniper Troll's Rules Corner, "Resolving Effects") not already a worked case in
test_ashes_cases.py, and the Reborn rules as rules.py states them (AS9-AS16: the rulebook's "Resolving Effects",
the FAQ's "Abilities and Text"), each as a scenario on the real cards of the edition it speaks of.

Already in test_ashes_cases.py: Summon Gilder (full battlefield, no units, only your own units, Golden Veil),
Phoenix Barrage, One Hundred Blades against Golden Veil, Summon Dread Wraith focused twice, Empower, Golden Veil
against Small Sacrifice, Choke, Blood Transfer ("If you do"), Anchornaut's Throw (no action), Summon Blood
Puppet (controller and owner). test_ashes_depth.py holds AS10 (the pause)."""

from __future__ import annotations

from engine.rulesets.ashes import judge
from tests.engine.ashes.test_ashes_cases import outcomes, real_cards


def part(answer, n):  # type: ignore[no-untyped-def]
    return next(p for p in answer["parts"] if p["n"] == n)


def test_rins_fury_chooses_its_target_before_the_dice_are_rolled():
    """Seed, "Choosing a Target": the target is chosen first, even for "you may", and before rolling."""
    a = judge("Rin's Fury", "1e", real_cards(), units="theirs", decline="3")
    assert a["steps"][1]["happens"] and "before any part resolves" in a["steps"][1]["detail"]
    assert part(a, 4)["targets"] and part(a, 4)["target"]          # chosen although the damage is not dealt
    assert part(a, 3)["outcome"] == "declined" and part(a, 4)["outcome"] == "skipped"


def test_do_x_if_you_do_y_makes_x_an_effect():
    """Seed, "Paying Effects Costs": Cut the Strings, Blood Transfer, Brennen Blackcloud."""
    cards = real_cards()
    for card, ability in (("Cut the Strings", None), ("Brennen Blackcloud", "Spirit Burn")):
        a = judge(card, "1e", cards, units="none", **({"ability": ability} if ability else {}))
        assert not any("unit you control" in c["text"] for c in a["costs"])
        assert part(a, 1)["outcome"] == "skipped"        # nothing of yours to damage or destroy
        assert part(a, 2)["link"] == "if-you-do" and part(a, 2)["outcome"] == "skipped"
        assert "is effect, not cost" in a["steps"][0]["detail"]


def test_small_sacrifice_exhausting_other_cards_is_effect():
    """Seed: placing exhaustion tokens on another card is part of the effect, not of the cost."""
    a = judge("Small Sacrifice", "1e", real_cards(), units="both", focus="1")
    assert not any("unit" in c["text"] for c in a["costs"])
    assert [c["kind"] for c in a["costs"]] == ["main", "exhaust", "magic"]   # its own exhaustion only
    assert part(a, 3)["text"].startswith("If both targeted units are unexhausted, you may place 1 exhaustion")


def test_an_ally_with_an_effect_when_played_resolves_it_when_played():
    """Seed, "Elements of Card Anatomy": Stormwind Sniper's effect on coming into play is written on the card."""
    a = judge("Stormwind Sniper", "1e", real_cards(), ability="play", units="theirs")
    assert a["ability"]["kind"] == "play" and a["parts"] and part(a, 1)["targets"]
    assert a["placement"]["zone"] == "battlefield"


def test_dice_from_the_exhausted_pool_target_nothing():
    """Seed: Hidden Power moves dice from the exhausted pool; it says no "target", so it targets nothing."""
    a = judge("Hidden Power", "1e", real_cards())
    assert a["steps"][1]["happens"] is False and not any(p["targets"] for p in a["parts"])
    assert outcomes(a) == {1: "resolves", 2: "resolves"} and part(a, 2)["depends_on"] == 1


def test_an_exhaust_cost_still_resolves_but_an_exhausted_card_cannot_be_used():
    """Seed "fun fact" and the Reborn FAQ (AS8, AS13)."""
    cards = real_cards()
    used = judge("Summon Gilder", "1e", cards, units="theirs")
    assert "AS8" in used["steps"][0]["rules"] and used["parts"][0]["outcome"] == "resolves"
    tired = judge("Summon Gilder", "1e", cards, units="theirs", exhausted=True)
    assert tired["usable"]["value"] is False and "AS13" in tired["rules"]
    # inexhaustible text still works on an exhausted card
    mount = judge("Spectral Charger Mount", "reborn", cards, ability="Dismount", exhausted=True)
    assert mount["usable"]["value"] is True


def test_blood_puppet_abilities_belong_to_its_controller():
    """Seed: Cursed is constant; Self Inflict is used by the player whose battlefield holds the Puppet."""
    cards = real_cards()
    cursed = judge("Blood Puppet", "1e", cards, ability="Cursed 1")   # happens by itself: no cost, a trigger
    assert cursed["costs"] == [] and cursed["trigger"]["words"] == "At the end of each round"
    assert part(cursed, 1)["text"] == "Place 1 wound token on your Phoenixborn."
    inflict = judge("Blood Puppet", "1e", cards, ability="Self Inflict 1")
    assert inflict["usable"]["value"] is True and [c["kind"] for c in inflict["costs"]][:1] == ["side"]


def test_reborn_resolves_one_effect_at_a_time_as_much_as_possible():
    """Reborn rulebook "Resolving Effects" (AS9, AS11): top to bottom, each effect on its own; "to" divides."""
    cards = real_cards()
    barrage = judge("Phoenix Barrage", "reborn", cards, unit="Hammer Knight@theirs")
    assert outcomes(barrage) == {1: "resolves", 2: "resolves", 3: "resolves"}
    assert "AS9" in part(barrage, 1)["rules"]
    # one effect at a time: the unit the first 2 damage destroys (a Gilder, life 2) is not there for the second
    barrage = judge("Phoenix Barrage", "reborn", cards, unit="Gilder@theirs")
    assert outcomes(barrage) == {1: "resolves", 2: "skipped", 3: "resolves"}
    assert "destroyed" in " ".join(part(barrage, 1)["result"]) and "no unit" in part(barrage, 2)["why"]
    crescendo = judge("Crescendo", "reborn", cards, units="none")
    assert part(crescendo, 2)["link"] == "to" and part(crescendo, 2)["depends_on"] == 1
    assert outcomes(crescendo) == {1: "skipped", 2: "skipped"}


def test_x_equals_is_a_definition_not_an_ability():
    """Reborn FAQ "Abilities and Text" (AS15): "X = ..." defines a number."""
    a = judge("Mirror Spirit", "1e", real_cards(), ability="Reflect Sorrow")
    assert a["ability"]["name"] == "Reflect Sorrow"
    assert not any(p["text"].startswith("X =") for p in a["parts"])
