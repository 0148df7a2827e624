"""`arbiter ask` on L5R order sentences that quote another effect and tell the happening in their own clause
(engine/rulesets/l5r/ask_quoted.py and phrases_ask.py; blind 51021 ask S2, S4, S14 and 53021 ask S12, S22, S24).

Checked over real cards, derived from the Oracle data, never one card:
- every timed trigger text of the data (587 "After/When/Before …, effect" traits and Reactions) quoted after an
  introduction ("my opponent has a card with a trait “…”", "I have an effect from earlier this turn “…”", "an
  attachment with “…”", "he has a Reaction “…”") is an order item of the kind and controller the introduction
  says, and the moment is what the sentence says happened outside the quote, never the quote's own trigger;
- a happening told in a clause of its own ("My X assigns to attack", "My opponent moves a unit into his attacking
  army at my province") is the moment after it, in the present tense, the card by its name;
- "would move my Personality home" is the when-point of what would happen; "What happens?" beside a Reaction asks
  the order.
"""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.l5r.abilities import Kind, read_card
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    return Asker(Arbiter.open(str(imported_catalog(("import-all", str(require_shared())),
                                                   tmp_path_factory.mktemp("ask-l5r-quoted")))))


@pytest.fixture(scope="module")
def l5r_cards(asker: Asker) -> list:
    seen, out = set(), []
    for card in asker.arbiter.cards_of("l5r"):
        if card.name not in seen:
            seen.add(card.name)
            out.append(card)
    return out


def _plain(asker: Asker, name: str) -> bool:
    """A name a sentence reads as that one L5R card."""
    if " • " in name or not re.match(r"^[A-Z][\w' -]+$", name):
        return False
    result = asker.read(f"In L5R, how long does {name} last?")[0]
    return result.reading is not None and result.reading.inputs.get("card", "").split("#")[0] == name


_TIMED = re.compile(r"^(?:after|before|when)\b[^,:]+,", re.I)


def _timed_texts(cards: list) -> list[str]:
    """Every trait or Reaction text of the data that says when it answers, then a comma and its effect."""
    out = []
    for card in cards:
        for ability in read_card(card):
            text = re.sub(r"^Reaction:\s*", "", (ability.rules_text or ability.text).strip())
            if ability.kind in (Kind.TRAIT, Kind.REACTION) and _TIMED.match(text) and '"' not in text \
                    and len(text) <= 300:  # (a question is at most 500 characters)
                out.append(text)
    return out


def _entering(asker: Asker, cards: list) -> list[str]:
    """Cards whose only trigger is their own entering play ("After this Follower enters play, …")."""
    out = []
    for card in cards:
        triggers = [a for a in read_card(card) if a.timing and a.occurrence]
        if len(triggers) == 1 and re.match(r"^this \w+ enters play$", triggers[0].occurrence):
            out.append(card.name)
    return [n for n in out[::9] if _plain(asker, n)]


# how a player introduces a quoted effect -> (kind, controller)
_INTROS = (
    ("my opponent has a card with a trait", "trait", "opponent"),
    ("I have an effect from earlier this turn that says", "delayed", "you"),
    ("I have an attachment with", "trait", "you"),
    ("he has a Reaction", "reaction", "opponent"),
    ("my opponent has a delayed effect", "delayed", "opponent"),
)


def test_a_quoted_effect_is_an_item_of_the_kind_and_player_its_introduction_says(asker: Asker,
                                                                                 l5r_cards: list) -> None:
    texts = _timed_texts(l5r_cards)
    assert len(texts) >= 500
    names = _entering(asker, l5r_cards)
    assert len(names) >= 8
    wrong = []
    for k, text in enumerate(texts[::23]):
        name = names[k % len(names)]
        if any(text[:40] in (c.text or "") for c in l5r_cards if c.name == name):
            continue  # the named card's own words: that card's trigger, not another effect
        intro, kind, who = _INTROS[k % len(_INTROS)]
        sentence = f"In L5R, my {name} entered play on my turn and {intro} “{text}”. Which one resolves first?"
        result = asker.read(sentence)[0]
        inputs = dict(result.reading.inputs) if result.reading is not None else {}
        body = text.rstrip(".")
        if (result.reading is None or result.reading.command != "order"
                or inputs.get("at") != f"after {name} enters play"
                or inputs.get("item", [None])[0] != name
                or f"{kind}:{body}@{who}" not in inputs.get("item", [])
                or any(body in w for w in result.unused)):
            wrong.append((sentence, inputs, result.asked and result.asked.why))
    assert len(texts[::23]) >= 20
    assert not wrong, "\n".join(map(str, wrong))


def test_a_quoted_effect_named_again_is_that_effect(asker: Asker, l5r_cards: list) -> None:
    """"I have a delayed effect “…” …, which resolves first, the delayed effect or X's trait?": one delayed effect."""
    names = _entering(asker, l5r_cards)
    for name in names[:5]:
        result = asker.read(f'I have a delayed effect "After the next Personality enters play this turn, gain 2 '
                            f'Honor", and then {name} enters play. Which resolves first, the delayed effect or '
                            f"{name}'s trait?")[0]
        items = result.reading.inputs["item"]
        assert [i for i in items if i.startswith("delayed:")] == [
            "delayed:After the next Personality enters play this turn, gain 2 Honor@you"], items
        assert result.reading.inputs["at"] == f"after {name} enters play"


def test_a_quoted_bare_moment_is_still_a_timing_point(asker: Asker) -> None:
    result = asker.read('In L5R, which comes first: a trigger "after the Action Phase ends" or one "before your '
                        'Attack Phase begins"?')[0]
    assert result.reading is not None and "compare" in result.reading.inputs


# A happening told in its own clause, in the players' words for what the card texts wait for (census of the
# trigger texts: enters play 368, resolves 167, destroyed 110, targets 100, recruits 67, Equips 50, engages 36,
# bows 30, wins 29, attacks 23, moves 17, assigns 6 ...)
_TOLD = (
    ("My {name} assigns to attack", "after {name} assigns to attack"),
    ("My bowed {name} assigned to attack", "after {name} assigns to attack"),
    ("My opponent moves {name} home", "after my opponent moves {name} home"),
    ("{name} wins a duel", "after {name} wins a duel"),
)


def test_a_happening_told_in_its_own_clause_is_the_moment_after_it(asker: Asker, l5r_cards: list) -> None:
    personalities = [c.name for c in l5r_cards if c.type == "Personality"][::60]
    names = [n for n in personalities if _plain(asker, n)]
    assert len(names) >= 8
    wrong = []
    for k, name in enumerate(names):
        told, at = _TOLD[k % len(_TOLD)]
        sentence = (f"{told.format(name=name)}, and my opponent has a Reaction to that. In what order do these "
                    "happen?")
        result = asker.read(sentence)[0]
        inputs = dict(result.reading.inputs) if result.reading is not None else {}
        if (result.reading is None or inputs.get("at") != at.format(name=name)
                or not any(i.startswith("reaction:") and i.endswith("@opponent") for i in inputs.get("item", []))):
            wrong.append((sentence, inputs, result.asked and result.asked.why))
    assert not wrong, "\n".join(map(str, wrong))


def test_the_opponent_moving_a_unit_is_his_action_and_the_first_time_is_counted(asker: Asker) -> None:
    result = asker.read("My opponent moves a unit into his attacking army at my province for the first time this "
                        "battle, and he has a Reaction to that movement. I have Kyuden Kitsune Experienced. What "
                        "happens first?")[0]
    inputs = result.reading.inputs
    assert inputs["at"] == "after my opponent moves a unit into his attacking army at my province"
    assert inputs["by"] == "opponent" and inputs["times"] == 1
    assert any(i.startswith("reaction:") and i.endswith("@opponent") for i in inputs["item"])


def test_what_would_happen_to_a_card_bearing_another_and_what_happens(asker: Asker, l5r_cards: list) -> None:
    """"a card that would move my Personality wearing X home … What happens?": the when-point of the move, over
    the Items of the data that stop a move ("will not move", "can not move")."""
    keepers = [c.name for c in l5r_cards if c.type == "Item" and re.search(r"(?:will|can) ?not move", c.text or "")]
    names = [n for n in keepers if _plain(asker, n)]
    assert names
    for name in names:
        result = asker.read(f"My opponent plays a card that would move my Personality wearing {name} home, and he "
                            "has a Reaction before it moves home. What happens?")[0]
        assert result.reading is not None and result.reading.command == "order", (name, result.asked)
        inputs = result.reading.inputs
        assert inputs["at"].startswith("when ") and "would move my Personality home" in inputs["at"], inputs
        assert inputs["item"][0] == name
        assert any(i.startswith("reaction:") and i.endswith("@opponent") for i in inputs["item"])
