"""Dominion sentences (blind round dominion-53041, ask 9/17): each class over every real card sharing it.
- #4/#16: "Way of the Mouse has Cellar set aside", "Riverboat's card is Smithy": the card a card plays "leaving it
  there" is that card's play (`Village as Way of the Mouse > Cellar`), never a card in play of its own; over every card
  whose behaviour plays a card leaving it there.
- #26: "the first play is normal and the second play uses Way of the Camel" → `Throne Room > Wharf + Wharf as Way of
  the Camel`, over every Way; a Way said with a Throne variant's card and no order says its reading aloud.
- #12/#30: "I gained Zombie Spy ... and now I play Throne Room on it", "gained a Souk to my hand with Artisan, played
  Throne Room on the Souk": a card gained and then played is a play (and the gainer, a play of its own, plays
  nothing); over every Action card whose text gains a card to your hand.
- newuser D7: "I play Hunting Grounds with a Throne Room": the card that plays cards plays the one that does not.
- #2: "can Improve trash the Shanty Town?" is `--may-trash`, over every card that trashes a card you would discard
  from play.
- #22: "used Scepter to replay it" → `Scepter > Sorceress`, over every card played that replays a card.
- #32: "with an empty hand so it discarded nothing": one condition said twice, read once (`Tactician[discarded-
  nothing]`), over every Duration whose text discards your hand."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.dominion.starter import load_starter
from tests.shared_paths import require_shared

TO_HAND = re.compile(r"\b[Gg]ain\b[^.]*?\b(?:to|into) your hand\b")
NEVER_PLAYED = {"Event", "Project", "Landmark", "Boon", "Hex", "State", "Way", "Trait", "Ally", "Prophecy",
                "Artifact"}


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("dominion-import", str(require_shared("dominion"))), tmp_path_factory.mktemp("dom-53041"))
    return Asker(Arbiter.open(str(db)))


def _chain(asker: Asker, text: str) -> list[str]:
    result = asker.read(text)[0]
    assert result.reading is not None, (text, result.asked)
    return list(result.reading.inputs["chain"])


def _types(card) -> set[str]:
    return {t.strip() for t in card.type.replace(" - ", ",").split(",")}


def _plays(card):
    try:
        return load_starter().behaviour(card).plays
    except Exception:  # a card the engine cannot model
        return None


def _cards(asker: Asker, keep) -> list[str]:
    names: list[str] = []
    for card in asker.arbiter.cards_of("dominion"):
        if card.name not in names and "(" not in card.name and keep(card):
            names.append(card.name)
    return sorted(names)


def test_a_card_left_there_is_the_play_of_the_card_that_plays_it(asker: Asker) -> None:
    holders = _cards(asker, lambda c: (p := _plays(c)) is not None and not p.in_play and not _types(c) & NEVER_PLAYED)
    assert {"Band of Misfits", "Captain", "Necromancer", "Overlord", "Riverboat"} <= set(holders), holders
    wrong = []
    for name in holders:
        for text in (f"I play {name}; {name}'s card is Smithy. When does {name} leave play?",
                     f"{name} has Smithy set aside. I play {name}. When do {name} and Smithy leave play?"):
            chain = _chain(asker, text)
            if chain != [f"{name} > Smithy"]:
                wrong.append((text, chain))
    assert not wrong, wrong


@pytest.mark.parametrize("mouse", ["Cellar", "Haven", "Smithy"])
def test_the_way_of_the_mouse_card_is_never_a_card_in_play(asker: Asker, mouse: str) -> None:
    for text in (f"Way of the Mouse has {mouse} set aside. I play a Village using Way of the Mouse, so it plays the "
                 f"{mouse}. When do the Village and the {mouse} leave play?",
                 f"{mouse} is set aside for Way of the Mouse. If I play Village using Way of the Mouse, when does the "
                 "Village leave play?"):
        assert _chain(asker, text) == [f"Village as Way of the Mouse > {mouse}"], text
    answer = asker.answer(asker.read(f"Way of the Mouse has {mouse} set aside. I play Village using Way of the "
                                     "Mouse. When does it leave play?")[0].reading)
    assert f"{mouse} leaves play" not in answer["summary"]


def test_a_way_on_one_play_of_a_throne_variant_is_that_play_only(asker: Asker) -> None:
    ways = _cards(asker, lambda c: "Way" in _types(c))
    assert len(ways) >= 15
    wrong = []
    for way in ways:
        first = _chain(asker, f"I Throne Room a Wharf; the first play is normal and the second play uses {way}. When "
                              "does the Wharf leave play?")
        second = _chain(asker, f"I Throne Room a Wharf: the first play uses {way} and the second is a normal play. "
                               "When does the Wharf leave play?")
        if first != [f"Throne Room > Wharf + Wharf as {way}"] or second != [f"Throne Room > Wharf as {way} + Wharf"]:
            wrong.append((way, first, second))
    assert not wrong, wrong


def test_a_way_said_on_a_throne_variants_card_says_it_is_read_for_every_play(asker: Asker) -> None:
    result = asker.read("I Throne Room a Caravan using Way of the Camel. When does the Caravan leave play?")[0]
    assert result.reading is not None
    assert result.reading.inputs["chain"] == ["Throne Room > Caravan as Way of the Camel"]
    assert any("every play of Caravan" in n and "once normally" in n for n in result.reading.notes)


def test_a_card_gained_and_then_played_is_a_play(asker: Asker) -> None:
    gainers = _cards(asker, lambda c: TO_HAND.search(c.text) and "Action" in _types(c) and _plays(c) is None
                     and c.name not in ("Souk", "Zombie Spy"))
    assert len(gainers) >= 10
    wrong = []
    for name in gainers[::3]:
        one = _chain(asker, f"I gained a Souk to my hand with {name}, played Throne Room on the Souk, and also played "
                            "a Caravan. When does each card leave play?")
        two = _chain(asker, f"I gained Zombie Spy from the trash with {name} and now I play Throne Room on it. When "
                            "do Throne Room and Zombie Spy leave play?")
        if one != [name, "Throne Room > Souk", "Caravan"] or two != [name, "Throne Room > Zombie Spy"]:
            wrong.append((name, one, two))
    assert not wrong, wrong
    assert _chain(asker, "I gained a Duchy with Artisan. When does Artisan leave play?") == ["Artisan"]


def test_a_card_that_plays_cards_plays_the_one_said_with_it(asker: Asker) -> None:
    thrones = _cards(asker, lambda c: (p := _plays(c)) is not None and p.how.value == "extra" and not p.replays
                     and p.in_play and "Action" in _types(c) and not _types(c) & NEVER_PLAYED
                     and "Duration" not in _types(c))
    assert len(thrones) >= 4
    wrong = [(name, chain) for name in thrones
             if (chain := _chain(asker, f"I play Hunting Grounds with a {name}. When do they leave play?"))
             != [f"{name} > Hunting Grounds"]]
    assert not wrong, wrong


def test_can_improve_trash_it_is_the_may_trash_question(asker: Asker) -> None:
    improvers = _cards(asker, lambda c: "would discard from play" in c.text)
    assert improvers
    for name in improvers:
        for card in ("Shanty Town", "Caravan"):
            result = asker.read(f"I played {card} this turn and I have {name} in play. At the start of Clean-up can "
                                f"{name} trash the {card}?")[0]
            assert result.reading is not None and result.reading.inputs.get("may_trash") == card, result
            assert "Trash" not in result.reading.inputs["chain"]
            answer = asker.answer(result.reading)
            assert answer["may_trash"] is not None


def test_a_card_that_replays_replays_the_card_played_before(asker: Asker) -> None:
    replayers = _cards(asker, lambda c: (p := _plays(c)) is not None and p.replays and not _types(c) & NEVER_PLAYED)
    assert {"Scepter", "Flagship", "Royal Carriage"} <= set(replayers), replayers
    wrong = []
    for name in replayers:
        for text in (f"I played Sorceress and then used {name} to replay it. When do the {name} and the Sorceress "
                     "leave play?", f"I replayed my Sorceress with {name}. When does the {name} leave play?"):
            if (chain := _chain(asker, text)) != [f"{name} > Sorceress"]:
                wrong.append((text, chain))
    assert not wrong, wrong


def test_an_empty_hand_and_discarding_nothing_are_one_condition(asker: Asker) -> None:
    discarders = _cards(asker, lambda c: "Duration" in _types(c) and re.search(r"\bdiscard your hand\b", c.text, re.I))
    assert "Tactician" in discarders
    for name in discarders:
        for said in ("with an empty hand so it discarded nothing", "and my hand was empty"):
            chain = _chain(asker, f"I played Poacher, then {name} {said}. When does the {name} leave play?")
            assert chain == ["Poacher", f"{name}[discarded-nothing]"], (name, said, chain)


def test_a_boon_or_hex_says_when_it_goes(asker: Asker) -> None:
    """newuser-53300 D6: "when does the forests gift go away?" got only "never in play". Every real Boon and Hex says
    when it is discarded: kept until this turn's Clean-up where its own text says so, else at once."""
    received = _cards(asker, lambda c: _types(c) & {"Boon", "Hex"})
    assert len(received) >= 20
    kept = 0
    for name in received:
        card = next(c for c in asker.arbiter.cards_of("dominion") if c.name == name)
        result = asker.read(f"Dominion: when does {name} go away?")[0]
        assert result.reading is not None, (name, result.asked)
        summary = asker.answer(result.reading)["summary"]
        assert "never in play" in summary, (name, summary)
        if re.search(r"Keep this until Clean-?up", card.text, re.I):
            kept += 1
            assert summary.startswith(f"{name} is kept until this turn's Clean-up"), (name, summary)
        else:
            assert summary.startswith(f"{name} is discarded to the"), (name, summary)
    assert kept >= 3


def test_a_duration_played_last_turn_says_its_turns_from_the_turn_the_player_is_on(asker: Asker) -> None:
    """Round 53041 #6/#24: the card lines of a `last-turn` chain said "It acts at the start of your next turn" (the
    turn the player is on). Over every 8th Duration that acts at the start of the next turn."""
    from dataclasses import replace

    from engine.rulesets.dominion.behaviour import Kind

    def next_turn(card) -> bool:
        try:
            return load_starter().behaviour(card).kind is Kind.NEXT_TURN and "Duration" in _types(card)
        except Exception:  # a card the engine cannot model
            return False

    durations = _cards(asker, next_turn)
    assert len(durations) >= 40
    reading = asker.read("I played Caravan last turn. When does it leave play?")[0].reading
    for name in durations[::8]:
        answer = asker.answer(replace(reading, inputs={"chain": ["last-turn", name]}))
        line = next(ln for ln in answer["explanation"].splitlines() if ln.startswith(f"- {name} "))
        assert "your next turn" not in line and "this turn" in line, (name, line)
