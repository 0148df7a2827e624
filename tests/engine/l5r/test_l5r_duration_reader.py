"""The duration reader over real L5R cards (the Oracle files read where they lie), through `arbiter l5r duration
--json`: every "until ..." form wherever it stands, duels as a period, "until it finishes resolving", "next
<occurrence>", "after each time ... this turn", the rules' length for a text naming none (LD8), "your next turn" with
more players; and `arbiter cards coverage --game l5r`, which lists the lines with a time word it did not classify."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from engine.rulesets.l5r.abilities import read_text
from engine.rulesets.l5r.timewords import time_words
from tests.engine.l5r.l5r_helpers import ask, refused


def timeline(answer):
    return [(p["persists"], p["effective"], p["state"]) for p in answer["timeline"]]


@pytest.mark.parametrize(("card", "kind", "events", "states"), [
    # "until the duel ends" (two cards) and "Until this duel ends": a duel is a period of its own
    ("Falling Rain Dojo", "duel", ["turn-ends"], [(False, False, None)]),
    ("Bend like a Reed", "duel", ["duel-ends"], [(False, False, None)]),
    ("Secret Reserve", "duel", ["battle-ends"], [(False, False, None)]),
    # the Oracle's "until it finishes resolving" and "until the action ends": the action under way
    ("Gaijin Sorcerer", "resolving", ["action-resolves"], [(False, False, None)]),
    ("Magistrate's Stipend", "resolving", ["turn-ends"], [(False, False, None)]),
    # "(which can be used later this phase)": a length in brackets
    ("Tsuruchi Rin", "phase", ["battle-ends", "phase-ends"], [(True, True, None), (False, False, None)]),
    # "until the game ends" after a comma, at a sentence start
    ("Star-Crossed Lovers", "game", ["turn-ends", "turn-ends"], [(True, True, None), (True, True, None)]),
    # "until this card leaves play", "Until he leaves play"
    ("Hasty Fortifications", "in-play", ["turn-ends", "leaves-play"], [(True, True, None), (False, False, None)]),
    ("Jade Ascension", "in-play", ["leaves-play"], [(False, False, None)]),
    # "until your next Events Phase begins": a named point, ended by that occurrence
    ("Visitation", "until-point", ["turn-ends", "occurs:your next Events Phase begins"],
     [(True, True, None), (False, False, None)]),
    # "the next <occurrence> (this turn)": waits for it, this turn only (LD3)
    ("Court Scribe", "next-time", ["action-resolves", "turn-ends"], [(True, False, "waiting"),
                                                                     (False, False, "expired")]),
    ("Firm Censure", "next-time", ["action-resolves", "occurs:an action performed by the targeted card"],
     [(True, False, "waiting"), (False, False, "fired")]),
    # "After each time he is assigned to attack this turn": an indefinite conditional effect for the turn
    ("Social Grace#2", "each-time", ["action-resolves", "occurs:he is assigned to attack", "turn-ends"],
     [(True, False, "waiting"), (True, False, "fired"), (False, False, "expired")]),
    # "Until your second turn from now begins, after each time ...": lives as long as that length
    ("Times of Strife", "each-time", ["action-resolves", "game-ends"], [(True, False, "waiting"),
                                                                        (False, False, "expired")]),
    # "after this duel ends" on a Focus Effect: a delayed effect fired when the duel ends
    ("Sandalwood Incense", "delayed", ["duel-ends"], [(False, False, "fired")]),
    # "After your next turn begins, permanently ...": a delayed effect, not a trait's trigger
    ("Willing Spirits", "delayed", ["action-resolves", "turn-ends"], [(True, False, "waiting"),
                                                                      (True, False, "waiting")]),
])
def test_each_duration_form_wherever_it_stands(imported, capsys, card, kind, events, states):
    answer = ask(capsys, imported, "duration", card, "--then", *events)
    assert answer["effect"]["kind"] == kind
    assert timeline(answer) == states


@pytest.mark.parametrize("card", ["Court Scribe", "Sandalwood Incense", "Times of Strife", "Willing Spirits"])
def test_a_delayed_effect_carries_its_state_in_every_entry(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "action-announced", "action-resolves", "battle-ends",
                 "turn-ends")
    assert all(p["state"] in ("not yet", "waiting", "fired", "expired") for p in answer["timeline"])
    assert answer["timeline"][0]["state"] == "not yet"


@pytest.mark.parametrize("card", ["The Compassion of the Unicorn", "The Honor of the Lion", "Halls of the Forgotten"])
def test_a_delay_of_what_already_happened_expires_at_once(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "already-happened")
    assert answer["effect"]["kind"] == "delay"
    assert timeline(answer) == [(False, False, "expired")] and "LD4" in answer["rules"]


@pytest.mark.parametrize(("card", "events", "persists"), [
    # an action's effect naming no length: to the end of the turn (LD8), never refused
    ("Strike as the Earth", ["battle-ends", "turn-ends"], [True, False]),
    ("Tonfajutsu#2", ["phase-ends", "turn-ends"], [True, False]),
    # a card's own continuous trait: while the card is in play
    ("Kakita Nara", ["turn-ends", "turn-ends", "leaves-play"], [True, True, False]),
    ("Legulus#2", ["turn-ends", "leaves-play"], [True, False]),
])
def test_a_text_naming_no_length_gets_the_rules_length(imported, capsys, card, events, persists):
    answer = ask(capsys, imported, "duration", card, "--then", *events)
    assert [p["persists"] for p in answer["timeline"]] == persists
    assert "LD8" in answer["rules"]
    assert all(n["id"] != "unstated" for n in answer["interpretations"])


def test_a_repetition_until_something_is_no_length(imported, capsys):
    answer = ask(capsys, imported, "duration", "A Glimpse of Fate")
    assert answer["effect"]["kind"] == "instant"


@pytest.mark.parametrize(("players", "ends_at"), [(2, 2), (3, 3), (4, 4)])
def test_your_next_turn_comes_after_one_turn_per_player(imported, capsys, players, ends_at):
    events = ["turn-ends"] * 5
    answer = ask(capsys, imported, "duration", "--text", "Give a target Personality +2F until your next turn.",
                 "--players", str(players), "--then", *events)
    assert [p["persists"] for p in answer["timeline"]].index(False) == ends_at - 1
    later = ask(capsys, imported, "duration", "--text", "Until your second turn from now begins, your Personalities "
                "have +1F.", "--players", str(players), "--then", *(["turn-ends"] * 9))
    assert [p["persists"] for p in later["timeline"]].index(False) == 2 * players - 1


def test_players_is_a_small_whole_number(imported, capsys):
    code, err = refused(capsys, imported, "duration", "Court Scribe", "--players", "one")
    assert code == 2 and "from 2 to 8" in err


@pytest.mark.parametrize(("text", "category"), [
    ("Limited: Draw cards until you have exactly two cards in your hand.", "loop"),
    ("Battle: If he moved this battle, straighten him.", "memory"),
    ("Open: Abilities on him may be used a second time this turn.", "limit"),
    ("Battle: He contributes Force even while bowed.", "allowance"),
    ("As a Focus Effect: You may destroy an attachment on a Personality in this duel.", "reference"),
    ("Battle: Give him +2F until this battle ends.", "battle"),
    ("Open: Negate his next straightening (this turn).", "next-time"),
])
def test_every_time_word_is_read_as_a_form_or_as_no_length(text, category):
    [ability] = read_text(text)
    assert {w.category for w in time_words(ability)} == {category}


def test_coverage_classifies_every_time_word_of_the_real_cards(imported, capsys):
    code = main(["cards", "coverage", "--game", "l5r", "--db", str(imported), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["unclassified_time_words"] == []
    forms = data["lines_by_duration_form"]
    for form in ("turn", "battle", "phase", "duel", "game", "resolving", "in-play", "later-turn", "until-point",
                 "next-time", "each-time", "delayed", "delay", "while", "paying"):
        assert forms.get(form, 0) > 0, form
    assert set(data["time_words_not_lengths"]) == {"trigger", "limit", "memory", "reference", "loop", "reminder",
                                                     "allowance"}
    code = main(["cards", "coverage", "--game", "l5r", "--db", str(imported)])
    text = capsys.readouterr().out
    assert "Lines with a time word not classified: 0." in text and "Ability lines per duration form:" in text


@pytest.mark.parametrize(("card", "kind"), [
    # a stat set or changed lasts (to the end of the turn when no length is named)
    ("Asako Kaitoko", "default-turn"), ("Moto Okano", "default-turn"),
    # a card an effect creates stays while it is in play
    ("Hikahime Sensei#2", "in-play"), ("Crippled Sensei#2", "in-play"),
    # "has"/"have"/"lower" inside a condition or a reminder state nothing lasting
    ("Kuni Harakibi", "instant"), ("Matsu Ataruko", "instant"), ("Hidden Storehouse of House Rafiq", "instant"),
])
def test_what_lasts_is_read_from_the_effects_own_words(imported, capsys, card, kind):
    assert ask(capsys, imported, "duration", card)["effect"]["kind"] == kind
