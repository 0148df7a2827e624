"""`arbiter ask` on L5R sentences that say their scenario in plain words (engine/rulesets/l5r/phrases_ask.py; blind
53021 ask S8 S20 and 71021 ask S2 S8 S12 S20 S22).

Checked over the real cards that share each wording, derived from the Oracle data, never one card:
- a negation described without quotes ("he has an effect saying that Personality can not move home") is that
  player's negation (step A), over the 50 "can not / will not <move, assign, attack, bow …>" texts of the data;
- "at the end of my next turn" is two turn ends (this one's, then the next one's), over every delayed effect that
  waits for this turn's end;
- "If I don't <happen> this turn" is no event: the effect's wait ends unmet, over every "next … (this turn)"
  delayed effect whose occurrence a player can say with one verb;
- "which comes first, “when X” or “after X”?" beside a card compares the two quoted points;
- "the Clan Honor Rule triggers" is an effect of the rulebook (step C);
- "I use X to move his attacking Personality home" is the moment after it moves home, and "it's my opponent's turn"
  makes the opponent the active player;
- the other words of an order sentence that point to one ability of a card ("do I take my additional action …")
  pick that ability (`X#N`), and "my action" beside the one card played is that card.
"""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.l5r.abilities import read_card
from engine.rulesets.l5r.phrases_ask import HAPPENINGS, said_as
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    return Asker(Arbiter.open(str(imported_catalog(("import-all", str(require_shared())),
                                                   tmp_path_factory.mktemp("ask-l5r-said")))))


@pytest.fixture(scope="module")
def l5r_cards(asker: Asker) -> list:
    seen, out = set(), []
    for card in asker.arbiter.cards_of("l5r"):
        if card.name not in seen:
            seen.add(card.name)
            out.append(card)
    return out


def _plain(asker: Asker, name: str) -> bool:
    if " • " in name or not re.match(r"^[A-Z][\w' -]+$", name):
        return False
    result = asker.read(f"In L5R, how long does {name} last?")[0]
    return result.reading is not None and result.reading.inputs.get("card", "").split("#")[0] == name


_NEGATION = re.compile(r"\b((?:can ?not|will not) (?:move|assign|attack|bow|straighten)(?: home| to attack)?)\b", re.I)


def test_a_negation_said_in_words_is_that_players_negation(asker: Asker, l5r_cards: list) -> None:
    said = sorted({m.group(1).lower() for c in l5r_cards for m in _NEGATION.finditer(c.text or "")})
    assert len(said) >= 4
    for k, words in enumerate(said):
        who, item_who = (("my opponent has", "opponent"), ("I have", "you"))[k % 2]
        result = asker.read(f"L5R: when a Personality assigns to attack, {who} an effect saying Personalities "
                            f"{words}, and I have Utaku Elite Guard. What order do they apply?")[0]
        assert result.reading is not None and result.reading.command == "order", (words, result.asked)
        items = result.reading.inputs["item"]
        assert f"negate:Personalities {words}@{item_who}" in items, items
        assert "Utaku Elite Guard" in items


def _waits_for_this_turns_end(card) -> bool:
    return any(re.search(r"(?i)this turn ends|end of (?:the|this) turn", t.words) for a in read_card(card)
               for t in a.delayed_terms)


def test_the_end_of_my_next_turn_is_two_turn_ends(asker: Asker, l5r_cards: list) -> None:
    names = [c.name for c in l5r_cards if _waits_for_this_turns_end(c) and _plain(asker, c.name)]
    assert len(names) >= 5
    for name in names:
        result = asker.read(f"In L5R, if I use {name} this turn, does it also happen at the end of my next turn?")[0]
        assert result.reading is not None and result.reading.command == "duration", (name, result.asked)
        assert result.reading.inputs.get("then") == ["turn-ends", "turn-ends"], (name, result.reading.inputs)
        answer = asker.answer(result.reading, cards=result.cards)
        assert "still waiting" not in answer["summary"], (name, answer["summary"])


def _next_this_turn(cards: list) -> list[tuple[str, str]]:
    """(card, its one happening verb) for every "next … (this turn)" delayed effect whose occurrence says one
    verb a player would say ("your next Proclaim this turn" -> "Proclaim")."""
    out = []
    for card in cards:
        for ability in read_card(card):
            for term in ability.delayed_terms:
                if not re.search(r"(?i)\bnext\b", term.words) or not re.search(r"(?i)this turn", term.words):
                    continue
                verbs = [w for e in term.events for w in e.split() if said_as(w) in HAPPENINGS]
                if len(verbs) == 1:
                    out.append((card.name, said_as(verbs[0])))
    return out


def test_what_did_not_happen_is_no_event(asker: Asker, l5r_cards: list) -> None:
    cases = [(n, v) for n, v in _next_this_turn(l5r_cards) if _plain(asker, n)]
    assert len(cases) >= 4
    for name, verb in cases:
        result = asker.read(f"If I don't {verb} this turn, does {name}'s effect carry over when the turn ends?")[0]
        assert result.reading is not None, (name, result.asked)
        then = result.reading.inputs.get("then", [])
        assert not any(e.startswith("occurs:") for e in then), (name, then)
        assert then[-1:] == ["turn-ends"], (name, then)


def test_two_quoted_points_beside_a_card_are_compared(asker: Asker) -> None:
    result = asker.read('L5R: I bow my Stronghold to use Mahatsu Sensei. Which comes first, "when your Stronghold '
                        'bows" or "after your Stronghold bows"?')[0]
    assert result.reading is not None
    assert result.reading.inputs == {"compare": ["when your Stronghold bows", "after your Stronghold bows"]}


def test_a_rule_said_to_trigger_is_a_rulebook_effect_and_a_told_loss_is_the_moment(asker: Asker) -> None:
    result = asker.read('I play Kitsuki Methods and my opponent loses Honor. The Clan Honor Rule triggers, I have a '
                        'trait "After an opponent loses Honor, gain 1 Honor", and my opponent has a Reaction "After '
                        'you lose Honor, draw a card". What order do they resolve in?')[0]
    inputs = result.reading.inputs
    assert inputs["at"] == "after my opponent loses Honor"
    assert inputs["item"][1:] == ["rulebook:Clan Honor Rule@you",
                                  "trait:After an opponent loses Honor, gain 1 Honor@you",
                                  "reaction:After you lose Honor, draw a card@opponent"]
    answer = asker.answer(result.reading, cards=result.cards)
    assert answer["summary"].startswith("First your rulebook effect"), answer["summary"]


def test_what_is_done_to_a_card_with_one_is_the_moment_after_it(asker: Asker, l5r_cards: list) -> None:
    movers = [c.name for c in l5r_cards if re.search(r"\btarget an? (?:enemy |opposing )?attacking Personality: Move "
                                                      r"him home\b", c.text or "")]
    names = [n for n in movers if _plain(asker, n)]
    assert len(names) >= 2
    for name in names:
        result = asker.read(f"In L5R it's my opponent's turn and I use {name} to move his attacking Personality "
                            "home, but he has an effect saying that Personality can not move home. In what order "
                            "does this resolve?")[0]
        assert result.reading is not None, (name, result.asked)
        inputs = result.reading.inputs
        assert inputs["at"] == "after his attacking Personality moves home", inputs
        assert inputs["active"] == "opponent"
        assert "negate:Personality can not move home@opponent" in inputs["item"]


def test_words_of_one_ability_pick_it_and_my_action_is_the_card_played(asker: Asker, l5r_cards: list) -> None:
    # (an action that grants one, not a trigger waiting for another action to resolve)
    granting = [c.name for c in l5r_cards if len(read_card(c)) >= 2 and any(
        a.timing is None and re.search(r"\btake an additional action\b", a.rules_text or a.text) for a in read_card(c))]
    names = [n for n in granting if _plain(asker, n)]
    assert len(names) >= 2
    for name in names:
        result = asker.read(f"If I play {name} and my opponent has a Reaction to my action resolving, do I take my "
                            "additional action before or after their Reaction?")[0]
        inputs = result.reading.inputs
        assert inputs["at"] == f"after {name} resolves", inputs
        card = next(c for c in l5r_cards if c.name == name)
        index = next(a.index for a in read_card(card) if "take an additional action" in (a.rules_text or a.text))
        assert inputs["item"][0] == f"{name}#{index}", inputs


@pytest.mark.parametrize("went, active", [("My opponent goes first", "opponent"), ("I go first", "you")])
@pytest.mark.parametrize("kinds", [("trait", "trait"), ("Reaction", "Reaction"), ("trait", "Reaction")])
def test_a_rules_question_with_no_card_before_the_first_turn(asker: Asker, went: str, active: str,
                                                             kinds: tuple[str, str]) -> None:
    """Before the first turn, the player who will take it is the active player (rules, Timing): no card named,
    no game named, only L5R's question reads it."""
    # ("a Reaction" is Dominion's word too: with Reactions only, the game is named)
    said = "Before" if "trait" in kinds else "In L5R, before"
    result = asker.read(f"{said} the first turn of the game, my {kinds[0]} and my opponent's {kinds[1]} trigger at "
                        f"the same time. {went}. Who decides the order?")[0]
    assert result.reading is not None and result.reading.game == "l5r", result.asked
    inputs = result.reading.inputs
    assert inputs["at"] == "before the first turn begins" and inputs["between_turns"] is True
    assert inputs["active"] == active
    assert sorted((i.split(":")[0], i.rsplit("@", 1)[1]) for i in inputs["item"]) == sorted(
        [(kinds[0].lower(), "you"), (kinds[1].lower(), "opponent")])


@pytest.mark.parametrize("one, two", [("after my Attack Phase ends", "before my Dynasty Phase begins"),
                                      ("before the End Phase begins", "after your Dynasty Phase ends")])
def test_two_points_with_words_between_beside_a_card_are_compared(asker: Asker, l5r_cards: list, one: str,
                                                                  two: str) -> None:
    names = [c.name for c in l5r_cards if c.type == "Personality"][::200]
    names = [n for n in names if _plain(asker, n)]
    assert len(names) >= 4
    for name in names:
        result = asker.read(f"In L5R, which comes first: something that triggers {one}, or something that triggers "
                            f"{two}? I'm trying to time {name}.")[0]
        assert result.reading is not None, (name, result.asked)
        assert result.reading.inputs == {"compare": [one, two]}, (name, result.reading.inputs)
        assert not [w for w in result.unused if w.lower() in ("something", "triggers", "trying")], result.unused


def test_a_question_with_no_card_and_only_words_other_games_share_is_not_taken_as_l5r(asker: Asker) -> None:
    result = asker.read("When my opponent plays an Attack and I have a Reaction, which resolves first?")[0]
    assert result.reading is None or result.reading.game != "l5r", result.reading
