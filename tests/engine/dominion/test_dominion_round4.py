"""Dominion classes left after blind round dominion-seed35161 and the new-user trial 35300, each checked over every
real card that shares it (read from ../shared/data/dominion in place, judged by the real engine):

- a Duration played using Way of the Turtle: set aside now, played at the start of your next turn by its own
  instructions (taken, and said), so it stays for that play's later effect: one turn later than played alone;
- one Way per play of a card a Throne variant plays ("Throne Room > Caravan + Caravan as Way of the Horse"): the
  first Way that moves the card (Horse, Butterfly: out of play as it is played; Turtle: set aside) does, on its
  play; the Throne Room is then discarded in this Clean-up (the Duration page: "remove a Duration by playing a
  Throne Room on a Duration, and then play the Duration once for its normal effect, and once as e.g. Way of the
  Horse ... it will be discarded from play during Clean-up"; Way of the Turtle's FAQ);
- a card no one can play (no Action, Treasure or Night type: Fairgrounds, Curse, Tunnel, Hovel) is never in play,
  so it never "leaves play in this turn's Clean-up"."""

from __future__ import annotations

import pytest

from engine.rulesets.dominion.behaviour import types_of
from engine.rulesets.dominion.build import is_playable
from engine.rulesets.dominion.reading import LANDSCAPES, leaves_by_itself
from tests.engine.dominion.test_dominion_issue34 import _cards, ask, entry
from tests.engine.dominion.test_dominion_ways_exile import moving_ways, turtle_ways

TURNS = {"this-turn": 0, "next-turn": 1}


def turn_of(leaves: dict) -> float:
    """The turn of the Clean-up it leaves in (0 this turn), as the JSON gives it."""
    if leaves["cleanup"] == "never":
        return float("inf")
    return TURNS.get(leaves["cleanup"], leaves.get("turn"))


def duration_actions() -> list[str]:
    """Every real Duration a Way can be used on (an Action)."""
    return sorted(c.name for c in _cards().values() if {"Action", "Duration"} <= set(types_of(c))
                  and not LANDSCAPES & set(types_of(c)))


def unplayable() -> list[str]:
    return sorted(c.name for c in _cards().values() if not is_playable(c) and not LANDSCAPES & set(types_of(c)))


def test_the_classes_are_the_real_cards():
    assert turtle_ways() == ["Way of the Turtle"]
    assert moving_ways() == ["Way of the Butterfly", "Way of the Horse"]
    assert len(duration_actions()) == 61
    cards = unplayable()
    assert len(cards) == 26 and {"Fairgrounds", "Curse", "Tunnel", "Hovel", "Province"} <= set(cards)


# --- a Duration played using Way of the Turtle ------------------------------------------------------------------
@pytest.mark.parametrize("card", duration_actions())
def test_a_duration_set_aside_by_the_turtle_stays_one_turn_longer(card):
    alone = entry(ask(card), card)["leaves_play"]
    label = f"{card} as Way of the Turtle"
    out = ask(label)
    turtled = entry(out, label)["leaves_play"]
    # played at the start of your next turn, it does then what it does alone, one turn later (at least next turn's
    # Clean-up): the same moment (a Clean-up; by itself as it acts, Conjurer; never, Champion)
    own = turn_of(alone)
    if alone["moment"] == "clean-up" and own == 0:
        assert turtled["cleanup"] == "next-turn", out["summary"]
    else:
        assert turtled["moment"] == alone["moment"], out["summary"]
        assert (turtled.get("turn") or turn_of(turtled)) == (alone.get("turn") or own) + 1 or own == float("inf")
        assert "follows its own instructions when Way of the Turtle plays it" in out["summary"]


def test_a_non_duration_set_aside_by_the_turtle_leaves_next_turn_and_says_nothing_more():
    out = ask("Village as Way of the Turtle")
    assert entry(out, "Village as Way of the Turtle")["leaves_play"]["cleanup"] == "next-turn"
    assert "Assuming" not in out["summary"]


# --- one Way per play of a card a Throne variant plays ------------------------------------------------------------
@pytest.mark.parametrize("way", moving_ways())
@pytest.mark.parametrize("card", ["Caravan", "Village"])
@pytest.mark.parametrize("first", [True, False])
def test_a_way_that_moves_the_card_on_one_play_removes_it_and_the_throne_room_goes(way, card, first):
    plays = [f"{card} as {way}", card] if first else [card, f"{card} as {way}"]
    out = ask(f"Throne Room > {' + '.join(plays)}")
    assert out["legal"] is True, out["summary"]
    assert entry(out, card)["leaves_play"]["moment"] == "removed", out["summary"]
    assert f"on its play {1 if first else 2} of 2, {way}'s" in out["summary"]
    assert entry(out, "Throne Room")["leaves_play"]["cleanup"] == "this-turn", out["summary"]


@pytest.mark.parametrize("way", turtle_ways())
@pytest.mark.parametrize(("card", "turn"), [("Caravan", 2), ("Village", 1)])
@pytest.mark.parametrize("plays", ["{c} as {w} + {c}", "{c} + {c} as {w}", "{c} as {w}"])
def test_a_turtle_play_under_a_throne_room_sets_the_card_aside_once(way, card, turn, plays):
    out = ask("Throne Room > " + plays.format(c=card, w=way))
    assert out["legal"] is True, out["summary"]
    played = next(e for e in out["chain"] if e["card"] == card)
    # set aside once (a second play cannot set it aside again) and played once at the start of your next turn;
    # Caravan played then acts on the turn after (its earlier play's effect is remembered)
    assert turn_of(played["leaves_play"]) == turn, out["summary"]
    # the Throne Room is not set aside with it and does not stay (Way of the Turtle's FAQ)
    assert entry(out, "Throne Room")["leaves_play"]["cleanup"] == "this-turn", out["summary"]


# --- a card no one can play -------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", unplayable())
def test_a_card_no_one_can_play_is_never_in_play(card):
    out = ask(card)
    only = out["chain"][0]
    assert only["in_play"] is False, out["summary"]
    assert out["summary"].startswith(f"{only['label']} is never in play"), out["summary"]
    assert "Clean-up" not in out["summary"]


def test_a_victory_action_is_played_as_usual():
    for card in ("Nobles", "Mill", "Humble Castle"):  # Action-Victory, Treasure-Victory: played
        assert ask(card)["chain"][0]["in_play"] is True


# --- asked in a sentence: a Way is how a card was played; another player's card is not a play of yours ---------
@pytest.fixture(scope="module")
def asker(tmp_path_factory: pytest.TempPathFactory):
    from bot.answers.asking import Asker
    from bot.answers.service import Arbiter
    from bot.cli import main
    from tests.shared_paths import require_shared

    path = str(tmp_path_factory.mktemp("ask") / "cards.db")
    assert main(["dominion-import", str(require_shared("dominion")), "--db", path]) == 0
    return Asker(Arbiter.open(path))


@pytest.mark.parametrize(("text", "chain", "on"), [
    ("I play Caravan using Way of the Sheep. When does it leave play?", ["Caravan as Way of the Sheep"], None),
    ("if I play a Village as Way of the Horse, when does it leave play?", ["Village as Way of the Horse"], None),
    ("when does Artist leave play if I play it with Way of the Turtle?", ["Artist as Way of the Turtle"], None),
    ("I Throne Room a Caravan and play it using Way of the Turtle, when does Caravan leave play?",
     ["Throne Room > Caravan as Way of the Turtle"], None),
    ("Throne Room on Caravan, once normally and once as Way of the Horse",
     ["Throne Room > Caravan + Caravan as Way of the Horse"], None),
    ("my opponent plays a Militia and I set aside Horse Traders. When does Horse Traders leave play?",
     ["Horse Traders"], "opponent-turn"),
    ("I reveal Moat when my opponent plays Witch; does Moat leave play?", ["Moat"], "opponent-turn"),
    ("when my opponent attacks I set aside Horse Traders; when does it leave play?", ["Horse Traders"],
     "opponent-turn"),
    ("when does Way of the Horse leave play?", ["Way of the Horse"], None),
])
def test_ways_and_reactions_are_read_from_a_sentence(asker, text, chain, on):
    result, _ = asker.read(text)
    assert result.reading is not None, result.asked
    assert result.reading.inputs["chain"] == chain
    assert result.reading.inputs.get("on") == on
    assert not result.unused or set(result.unused) <= {"using"}, result.unused


# --- blind round dominion-seed38041: a self-removal the player said happened -------------------------------------
def leaves_by_choice() -> list[str]:
    """Every real card that may take itself out of play, by a choice or a condition ("You may trash this for +$2",
    "If it's a Victory card, trash this")."""

    return sorted(c.name for c in _cards().values() if leaves_by_itself(c)[1] and not leaves_by_itself(c)[0]
                  and "Way" not in types_of(c))


@pytest.mark.parametrize("card", leaves_by_choice())
def test_a_self_removal_said_to_happen_takes_the_card_out_with_its_own_words(card):
    out = ask(f"{card}[removed]")
    assert entry(out, card)["leaves_play"]["moment"] == "removed", out["summary"]
    assert "took it out of play (as said)" in out["summary"] and "Assuming" not in out["summary"], out["summary"]
    assert "later effects" not in entry(out, card)["leaves_play"]["why"] or "Duration" in _cards()[card.lower()].type


def test_the_self_removal_class_is_the_real_cards():
    assert len(leaves_by_choice()) >= 20 and {"Mining Village", "Horn of Plenty", "Tragic Hero"} <= set(
        leaves_by_choice())


@pytest.mark.parametrize(("text", "chain"), [
    ("I played Horn of Plenty and gained a Duchy with it. When does Horn of Plenty leave play?",
     ["Horn of Plenty[removed]"]),
    ("If I Throne Room a Tragic Hero and trash it on the first play, when does the Throne Room leave play?",
     ["Throne Room > Tragic Hero[removed]"]),
    ("I play Mining Village and trash it for +$2. when does it leave play?", ["Mining Village[removed]"]),
    ("I play Mining Village. When does it leave play?", ["Mining Village"]),
    ("I played Horn of Plenty and gained a Province: does it leave play now?", ["Horn of Plenty[removed]"]),
])
def test_a_gained_card_is_no_play_and_a_said_removal_is_read(asker, text, chain):
    result, _ = asker.read(text)
    assert result.reading is not None, result.asked
    assert result.reading.inputs["chain"] == chain
