"""The classes the blind round on seed 34041 found, each checked over every real card that shares the wording
(found in ../shared/data/dominion by the test's own reading of the printed words, and counted):

- a Reaction that sets itself aside, reveals, discards or trashes itself instead of being played is never in play
  (Horse Traders: "While it is set aside, it is not in play", its official FAQ);
- a card played using a Way is still that card: a Throne variant may play it, each play using the Way or not;
- a card whose only play instruction is in "When you gain this" (Farmhands) was gained, not played: not in play;
- a first line says what happens in plain words: no rule id in it."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.cards import Card
from engine.names import fold
from engine.rulesets.dominion import judge
from engine.rulesets.dominion.reading import is_landscape
from engine.rulesets.dominion.render import verdict_json
from engine.rulesets.dominion.scenario import ScenarioError
from engine.rulesets.dominion.sources import SOURCES
from tests.shared_paths import require_shared


@cache
def _cards() -> dict[str, Card]:
    root = require_shared("dominion")
    files = {f: (root / f).read_text(encoding="utf-8") for f in SOURCES.files}
    return {fold(c.name): c for c in SOURCES.parse(files)}


def lookup(name: str) -> Card:
    card = _cards().get(fold(name))
    if card is None:
        raise ScenarioError(f"No Dominion card named “{name}”.")
    return card


def ask(*chains: str, opponent_turn: bool = False) -> dict:
    return verdict_json(judge(list(chains), lookup=lookup, opponent_turn=opponent_turn))


def entry(out: dict, label: str) -> dict:
    return next(e for e in out["chain"] if e["label"] == label)


def types(card: Card) -> set[str]:
    return {t.strip() for t in re.split(r"[,-]", card.type) if t.strip()}


def text(card: Card) -> str:
    return " ".join(re.sub(r"([a-z.)])([A-Z])", r"\1 \2", card.text.replace("\n", " ")).replace("’", "'").split())


# --- a Reaction that is not a play ------------------------------------------------------------------------------
_MOVES_ITSELF = re.compile(r"\bwhen [^.]*, you may (?:first )?(set (?:this|it) aside|reveal (?:this|it)|discard "
                           r"(?:this|it)|trash (?:this|it))", re.I)


def reactions_not_played() -> list[str]:
    return sorted(c.name for c in _cards().values() if "Reaction" in types(c) and _MOVES_ITSELF.search(text(c))
                  and not re.search(r"\bplay (?:this|it)\b", text(c), re.I))


def test_the_reactions_that_move_themselves_are_the_real_ones():
    found = reactions_not_played()
    assert {"Horse Traders", "Moat", "Diplomat", "Secret Chamber", "Shield", "Beggar", "Fool's Gold", "Watchtower",
            "Faithful Hound", "Market Square", "Trader", "Tunnel"} <= set(found), found
    assert len(found) >= 12, found


@pytest.mark.parametrize("name", reactions_not_played())
def test_a_reaction_that_moves_itself_is_never_in_play(name):
    out = ask(name, opponent_turn=True)
    card = out["chain"][0]
    assert out["legal"] is True and card["in_play"] is False, out["summary"]
    assert card["leaves_play"]["cleanup"] == "not-in-play"
    assert out["summary"].startswith(f"{name} is never in play")
    verb = _MOVES_ITSELF.search(text(lookup(name))).group(1).split()[0].lower()
    assert {"set": "set aside", "reveal": "revealed", "discard": "discarded", "trash": "trashed"}[verb] in \
        out["summary"]
    assert not re.search(r"\bDM\d+", out["summary"])


def test_horse_traders_comes_back_to_your_hand_next_turn_and_a_played_reaction_still_is_played():
    out = ask("Horse Traders", "Caravan Guard", opponent_turn=True)
    assert "returns to your hand at the start of your next turn" in out["summary"]
    guard = entry(out, "Caravan Guard")  # "you may first play this from your hand": played, a Duration
    assert guard["in_play"] is True and guard["leaves_play"]["cleanup"] == "next-turn"
    mine = ask("Horse Traders")  # on your own turn it is played as usual
    assert mine["chain"][0]["in_play"] is True and mine["chain"][0]["leaves_play"]["cleanup"] == "this-turn"


# --- a card played using a Way ----------------------------------------------------------------------------------
def ways() -> list[str]:
    return sorted(c.name for c in _cards().values() if "Way" in types(c))


def test_the_ways_are_the_real_ones():
    assert len(ways()) == 20 and "Way of the Sheep" in ways()


@pytest.mark.parametrize("way", ways())
def test_a_throne_variant_may_play_a_card_that_uses_a_way(way):
    card = lookup(way)
    if re.search(r"play the set-aside card|set this aside", text(card), re.I):
        pytest.skip(f"{way} plays a card or sets it aside: asked as its own chain")  # Mouse, Turtle
    follows = text(card).lower().startswith("follow this card's instructions")  # Way of the Chameleon
    every = ask(f"Throne Room > Caravan as {way}")
    assert every["legal"] is True, every["summary"]
    # every play used the Way: nothing of Caravan is left for a later turn (DM2), unless the Way follows it; a
    # Way that returns the card to its pile takes it out of play as it is played (DM11, test_dominion_ways_exile)
    expected = "next-turn" if follows else "this-turn"
    moves = re.search(r"return this to its pile", text(card), re.I)
    caravan = entry(every, f"Caravan as {way}")["leaves_play"]
    assert (caravan["moment"] == "removed") if moves else (caravan["cleanup"] == expected), every["summary"]
    assert entry(every, "Throne Room")["leaves_play"]["cleanup"] == expected, every["summary"]
    one = ask(f"Throne Room > Caravan + Caravan as {way}")
    if moves:
        # the Way's play returns Caravan to its pile: out of play as it is played, its first play's effect still
        # happens next turn, and the Throne Room is discarded in this Clean-up (the Duration page, "remove a
        # Duration ... once as e.g. Way of the Horse"; test_dominion_ways_per_play)
        assert entry(one, "Caravan")["leaves_play"]["moment"] == "removed", one["summary"]
        assert entry(one, "Throne Room")["leaves_play"]["cleanup"] == "this-turn", one["summary"]
        return
    # one play followed Caravan's instructions: it acts next turn, and Throne Room stays with it (DM6)
    assert {e["leaves_play"]["cleanup"] for e in one["chain"]} == {"next-turn"}, one["summary"]


def test_a_card_played_using_a_way_says_so_not_that_it_is_no_duration():
    out = ask("Caravan as Way of the Sheep")
    assert "Way of the Sheep" in out["chain"][0]["leaves_play"]["why"]
    assert "not a Duration" not in out["chain"][0]["leaves_play"]["why"]


def test_different_cards_after_a_throne_variant_are_refused_with_how_to_ask():
    with pytest.raises(ScenarioError, match="once per play to say which plays used a Way"):
        ask("Throne Room > Caravan + Village")


# --- a card that plays another only when gained -----------------------------------------------------------------
def gain_players() -> list[str]:
    return sorted(c.name for c in _cards().values() if re.search(
        r"\bwhen you gain this, [^.]*\bplay (?:an? |it at)", text(c), re.I))  # (not "play it": itself)


def test_the_cards_playing_another_when_gained_are_the_real_ones():
    assert gain_players() == ["Farmhands", "Gondola"]


@pytest.mark.parametrize("name", gain_players())
def test_a_card_that_plays_another_when_gained_is_never_in_play(name):
    out = ask(f"{name} > Caravan")
    me, caravan = entry(out, name), entry(out, "Caravan")
    assert me["in_play"] is False and out["summary"].startswith(f"{name} is gained, not played")
    later = re.search(r"when you gain this, [^.]*at the start of your next turn", text(lookup(name)), re.I)
    # Caravan played now acts next turn; set aside and played at the start of your next turn, the turn after
    assert (caravan["leaves_play"]["cleanup"], caravan["leaves_play"]["turn"]) == (
        ("turn-N", 2) if later else ("next-turn", 1)), out["summary"]


# --- plain first lines ------------------------------------------------------------------------------------------
def test_a_forbidden_play_says_so_first_in_plain_words_for_every_throne_variant():
    thrones = sorted(c.name for c in _cards().values() if re.search(r"\bplay (?:an|a non-\w+) Action card from "
                                                                      r"your hand (?:twice|three times)", text(c)))
    assert len(thrones) >= 4, thrones  # Throne Room, King's Court, Royal Carriage, ... in this data
    for name in thrones:
        out = ask(f"{name} > Night Watchman")
        assert out["legal"] is False and out["summary"].startswith("Not allowed: "), out["summary"]
        assert not re.search(r"\bDM\d+", out["summary"]) and "DM14" in out["problem_rules"]


# --- a card whose own text takes it out of play -----------------------------------------------------------------
_ITSELF_OUT = re.compile(r"\b(?:trash this|put this onto your deck|put this into your hand|return this to its pile|"
                         r"set this aside)\b(?! from your hand)", re.I)


def leaving_by_themselves() -> dict[str, bool]:
    """Every real non-Duration card played from hand whose text takes itself out of play: name -> always (a plain
    "Trash this." / "Return this to its pile.", no "may", "if" or "or")."""
    found = {}
    for card in _cards().values():
        kinds = types(card)
        if "Duration" in kinds or not kinds & {"Action", "Treasure", "Night"}:
            continue
        for sentence in re.split(r"(?<=[.!?])\s+", text(card)):
            m = _ITSELF_OUT.search(sentence)
            if m is None or re.search(r"when (?:you|another|any|one)\b", sentence[: m.start()], re.I):
                continue
            before = re.sub(r"(?:\+\$?\d+|\$\d+)(?: (?:Cards?|Actions?|Buys?|Villagers?))?", "",
                            sentence[: m.start()]).strip()
            if ":" not in before:
                found[card.name] = not before and not re.search(r"\b(?:may|if|or)\b", sentence, re.I)
                break
    return found


def test_the_cards_taking_themselves_out_of_play_are_the_real_ones():
    found = leaving_by_themselves()
    assert {n for n, always in found.items() if always} >= {"Feast", "Pillage", "Horse", "Embargo", "Treasure Map"}
    assert {n for n, always in found.items() if not always} >= {"Treasury", "Walled Village", "Mining Village"}
    assert len(found) >= 30, sorted(found)


@pytest.mark.parametrize("name", sorted(leaving_by_themselves()))
def test_a_card_taking_itself_out_of_play_leaves_then_or_says_it_assumed_not(name):
    always = leaving_by_themselves()[name]
    out = ask(name)
    card = out["chain"][0]
    if always:  # "Trash this card." (Feast): out of play as it is played, not in a Clean-up (DM11)
        assert card["leaves_play"]["moment"] == "removed" and "as it is played" in out["summary"], out["summary"]
    else:  # "You may trash this for +$2": not used unless said, and said so first
        assert card["leaves_play"]["cleanup"] == "this-turn" and out["summary"].startswith("Assuming"), out["summary"]
        assert any(name in a and "does not leave play by its own" in a for a in out["assumed"])
        taken = ask(f"{name}[removed]")
        assert taken["chain"][0]["leaves_play"]["moment"] == "removed" and not taken["assumed"]


# --- a landscape asked alone; a start-of-turn choice taken --------------------------------------------------------
def test_a_landscape_asked_alone_says_it_is_never_in_play():
    """An Event, Project, Way, Hex, ... is never a card in play (DM16): said in the first line, for every one in the
    data (was "No card of the chain is in play, so nothing leaves play")."""
    cards = _cards()
    landscapes = sorted(c.name for c in cards.values() if is_landscape(c))
    assert len(landscapes) >= 100, len(landscapes)
    for name in landscapes:
        out = ask(name)
        if {"Boon", "Hex"} & {t.strip() for t in cards[fold(name)].type.split(",")}:
            # a Boon or Hex says first when it goes, then that it is never in play (newuser-53300 D6)
            assert out["summary"].startswith((f"{name} is kept until", f"{name} is discarded to")), out["summary"]
            assert "it is never in play" in out["summary"], out["summary"]
            continue
        assert out["summary"].startswith(f"{name} is never in play: "), out["summary"]


def test_a_choice_at_the_start_of_your_next_turn_is_said_when_taken():
    # Cabin Boy: "At the start of your next turn, choose one: +$2; or trash this to gain a Duration card."
    out = ask("Cabin Boy")
    assert out["summary"].startswith("Assuming (not said) that Cabin Boy chooses “+$2”"), out["summary"]
    assert out["chain"][0]["leaves_play"]["cleanup"] == "next-turn"
    trash = ask("Cabin Boy[trash]")
    assert not trash["assumed"] and trash["chain"][0]["leaves_play"]["moment"] == "start-of-turn"


def test_otherwise_continues_the_sentence_in_lower_case():
    out = ask("Throne Room > Contract")
    assert "; otherwise assuming (not said) that" in out["summary"], out["summary"]
