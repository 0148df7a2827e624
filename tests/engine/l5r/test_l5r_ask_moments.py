"""`arbiter ask` on L5R order and duration sentences that say their moment and their events in players' words
(engine/rulesets/l5r/phrases_ask.py; blind rounds 46121 and 41021, ask path).

Each class is checked over the real cards that share it, derived from the Oracle data, never one card:
- a moment said as what happened ("I Equip X", "at the start of my turn I reveal my provinces", "X came into play",
  "X died") reads as the named card's own trigger, and a Reaction the opponent is said to have answers that moment
  in the opponent's own words (their "you" is the asker's "another player", L12);
- Gold made for one payment ("I pay for a Holding with X and my Stronghold's gold") is the payment's when-point,
  the payer ordering it (L7);
- two timing points compared with no card named;
- events told after the effect was made ("It bows, then it bows again later that turn") are the duration question's
  `occurs:` events, in order, each counted; the effect's own waiting point said in the question is its last event.
"""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.phrases_ask import HAPPENINGS, said_as
from engine.rulesets.l5r.question import first_to_judge
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, imported_catalog):
    return imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-l5r-moments"))


@pytest.fixture(scope="module")
def asker(every_game) -> Asker:
    return Asker(Arbiter.open(str(every_game)))


@pytest.fixture(scope="module")
def l5r_cards(asker: Asker) -> list:
    seen, out = set(), []
    for card in asker.arbiter.cards_of("l5r"):
        if card.name not in seen:
            seen.add(card.name)
            out.append(card)
    return out


def _plain(asker: Asker, name: str) -> bool:
    """A name a sentence reads as that one L5R card (not a name shared with another game or card, not everyday
    words, not an experience level the sentence reader cannot name yet)."""
    if " • " in name or not re.match(r"^[A-Z][\w' -]+$", name):
        return False
    result = asker.read(f"In L5R, how long does {name} last?")[0]
    return result.reading is not None and result.reading.inputs.get("card", "").split("#")[0] == name


# The trigger said as what the player did: "after you Equip this Follower" -> "I Equip X";
# "after you Recruit X" -> "I recruited X"; "after this card enters play" -> "X came into play"
_TOLD = (
    (re.compile(r"^you Equip this \w+$"), "I Equip {name}"),
    (re.compile(r"^you Recruit (?:this \w+|\w+)$"), "I recruited {name}"),
    (re.compile(r"^this (?:card|Follower|Holding|Item|Personality) enters play$"), "{name} came into play"),
    (re.compile(r"^you reveal cards in your Provinces at the start of your turn$"),
     "At the start of my turn I reveal my provinces and {name} is face-up"),
)


def _told_triggers(asker: Asker, cards: list) -> list[tuple[str, str, str, str]]:
    """(card name, sentence start in the player's words, the trigger's timing, its occurrence) for every card whose
    only answering trigger has one of the told shapes."""
    out = []
    for card in cards:
        abilities = read_card(card)
        triggers = [a for a in abilities if a.timing and a.occurrence and a.kind in (Kind.TRAIT, Kind.REACTION)]
        if len(triggers) != 1 or any(a.delayed_terms for a in abilities):
            continue
        for shape, told in _TOLD:
            if shape.match(triggers[0].occurrence):
                out.append((card.name, told, triggers[0].timing, triggers[0].occurrence))
                break
    return out


def test_a_moment_told_as_what_happened_reads_as_the_cards_own_trigger(asker: Asker, l5r_cards: list) -> None:
    cases = _told_triggers(asker, l5r_cards)
    assert len(cases) >= 150  # every Equip, Recruit, enters-play and province-reveal trait of the data
    cases = [c for c in cases[::7] if _plain(asker, c[0])]
    assert len(cases) >= 15
    wrong = []
    for name, told, timing, occurrence in cases:
        # (the game named: a name overlapping another game's name, "Village Raiders came", is the reader's own case)
        sentence = f"In L5R, {told.format(name=name)} and my opponent has a Reaction to it. Which resolves first?"
        result = asker.read(sentence)[0]
        inputs = result.reading.inputs if result.reading is not None else {}
        at = inputs.get("at") or ""
        items = inputs.get("item") or []
        words = [said_as(w) for w in occurrence.split() if said_as(w) in HAPPENINGS]
        if (result.reading is None or result.reading.command != "order" or not at.startswith(timing)
                or not all(w in [said_as(x) for x in at.split()] for w in words)
                or items[:1] != [name] or not any(i.startswith("reaction:") and i.endswith("@opponent")
                                                  for i in items)):
            wrong.append((sentence, result.reading and dict(result.reading.inputs),
                          result.asked and result.asked.why))
    assert not wrong, "\n".join(map(str, wrong))


def test_the_opponents_reaction_says_the_moment_in_the_opponents_words(asker: Asker, l5r_cards: list) -> None:
    """"I Equip X and my opponent has a Reaction to it": their Reaction is to another player Equipping X, and it
    acts (it is not set aside as timed to "you", its own controller, doing it)."""
    cases = [c for c in _told_triggers(asker, l5r_cards) if c[1].startswith("I Equip") and _plain(asker, c[0])]
    assert len(cases) >= 5
    for name, told, _, _ in cases:
        result = asker.read(f"{told.format(name=name)} and my opponent has a Reaction to it. Which goes first?")[0]
        answer = asker.answer(result.reading, cards=result.cards)
        reaction = next(i for i in result.reading.inputs["item"] if i.startswith("reaction:"))
        assert "another player Equips" in reaction, reaction
        assert answer["summary"].startswith(f"First {name}"), (name, answer["summary"])
        assert "Reaction" in answer["summary"] and "does not act" not in answer["summary"], answer["summary"]


def test_gold_for_one_payment_is_ordered_by_the_payer(asker: Asker, l5r_cards: list) -> None:
    producers = [c for c in l5r_cards if any(a.kind is Kind.GOLD for a in read_card(c))]
    assert len(producers) >= 200
    cases = [c.name for c in producers[::25] if _plain(asker, c.name)]
    assert len(cases) >= 5
    for name in cases:
        result = asker.read(f"On my opponent's turn I pay for a Holding with {name} and my Stronghold's gold. Who "
                            "picks the order of the Gold?")[0]
        assert result.reading is not None and result.reading.command == "order", (name, result.asked)
        inputs = result.reading.inputs
        assert inputs["at"] == "when paying for a Holding"
        assert inputs["item"][0].split("#")[0] == name
        assert "rulebook:Stronghold produces Gold@you" in inputs["item"]
        assert inputs["payer"] == "you" and inputs["active"] == "opponent"
        answer = asker.answer(result.reading, cards=result.cards)
        assert "the paying player may choose another order" in answer["summary"], answer["summary"]


@pytest.mark.parametrize("one, two", [("after the Action Phase ends", "before your Attack Phase begins"),
                                      ("before the End Phase begins", "after your Dynasty Phase ends")])
def test_two_timing_points_compared_without_a_card(asker: Asker, one: str, two: str) -> None:
    result = asker.read(f'In L5R, which comes first: a trigger "{one}" or one "{two}"?')[0]
    assert result.reading is not None, result.asked
    assert result.reading.command == "order" and result.reading.inputs["compare"] == [one, two]
    assert not result.unused


def _waiting(cards: list, form: str) -> list[tuple[str, str, str]]:
    """(card, the ability asked, the one occurrence its judged ability waits for) for cards whose judged ability
    waits for one occurrence said with a pronoun ("it bows", "he assigns")."""
    out = []
    for card in cards:
        abilities = read_card(card)
        if not abilities:
            continue
        ability = first_to_judge(abilities)
        terms = [t for t in ability.delayed_terms if t.form.value == form]
        if len(terms) == 1 and len(terms[0].events) == 1 and len(terms[0].events[0].split()) <= 6 and any(
                said_as(w) in HAPPENINGS and not w.endswith(("ion", "ing")) for w in terms[0].events[0].split()) \
                and not re.search(
                r"\b(?:or|this|next|first|that|which|whose|turn|phase)\b|[,()]|^\w+$|^action\b", terms[0].events[0]):
            out.append((card.name, ability.text, terms[0].events[0]))
    return out


@pytest.mark.parametrize("form, fires", [("next-time", "once"), ("each-time", "each time")])
def test_an_event_told_twice_is_two_events_and_the_answer_counts_them(asker: Asker, l5r_cards: list, form: str,
                                                                      fires: str) -> None:
    cases = [c for c in _waiting(l5r_cards, form) if _plain(asker, c[0])]
    assert len(cases) >= 3, cases
    wrong = []
    for name, _, event in cases:
        sentence = f"I used {name}. {event[0].upper()}{event[1:]}, then {event} again later that turn. " \
                   "Does the effect happen both times?"
        result = asker.read(sentence)[0]
        then = list(result.reading.inputs.get("then") or []) if result.reading is not None else []
        told = [e.lower() for e in then if e.startswith("occurs:")]
        if told != [f"occurs:{event}".lower()] * 2:
            wrong.append((sentence, then, result.asked and result.asked.why))
            continue
        timeline = asker.answer(result.reading, cards=result.cards)["timeline"]
        second = next(p["why"] for p in timeline[1:] if p["event"].lower() == f"occurs:{event}".lower())
        if fires == "once" and "already fired" not in second:  # a next-time effect fires at the first only (LD3)
            wrong.append((sentence, second))
        if fires == "each time" and "each time" not in second:  # an each-time effect at each (L6)
            wrong.append((sentence, second))
    assert not wrong, "\n".join(map(str, wrong))


def test_a_count_word_repeats_the_event_and_a_second_one_repeats_the_last(asker: Asker, l5r_cards: list) -> None:
    cases = [c for c in _waiting(l5r_cards, "each-time") + _waiting(l5r_cards, "next-time") if _plain(asker, c[0])]
    name, _, event = cases[0]
    result = asker.read(f"After I play {name}, {event} twice this turn. How often does it happen?")[0]
    assert [e.lower() for e in result.reading.inputs["then"]] == [f"occurs:{event}".lower()] * 2
    assert "play" not in [w.lower() for w in result.unused]


def test_a_told_event_the_effect_does_not_wait_for_is_read_not_dropped(asker: Asker, l5r_cards: list) -> None:
    """"After my Personality is bowed, does X still happen before this battle resolves?": both are events (the first
    is not what it waits for, and the answer says so), none left out."""
    cases = []
    for card in l5r_cards:
        ability = first_to_judge(read_card(card)) if read_card(card) else None
        if ability is not None and any(t.words.lower() == "before this battle resolves" for t in ability.terms):
            cases.append(card.name)
    cases = [c for c in cases if _plain(asker, c)]
    assert len(cases) >= 3
    for name in cases:
        result = asker.read(f"After my Personality is bowed, does {name} still happen before this battle "
                            "resolves?")[0]
        assert result.reading is not None and result.reading.command == "duration", result.asked
        assert result.reading.inputs["then"] == ["occurs:my Personality is bowed", "occurs:this battle resolves"]
        assert not result.unused and not result.reading.unread


def _actions(asker: Asker, cards: list, every: int) -> list[str]:
    """Cards whose only ability is an action (Battle/Open/...): played in an action round, never in answer."""
    out = []
    for card in cards[::every]:
        abilities = read_card(card)
        if len(abilities) == 1 and abilities[0].kind is Kind.ACTION and not abilities[0].delayed_terms \
                and _plain(asker, card.name):
            out.append(card.name)
    return out


def test_an_action_asked_in_response_to_a_moment_is_the_order_question(asker: Asker, l5r_cards: list) -> None:
    """Blind 51021 S6: "Can I use X's ability in response to armies engaging?" — no, an action is not a response;
    it was sent to the duration question."""
    cases = _actions(asker, l5r_cards, 40)
    assert len(cases) >= 5
    for name in cases:
        result = asker.read(f"Can I use {name}'s ability in response to armies engaging?")[0]
        assert result.reading is not None and result.reading.command == "order", (name, result.asked)
        assert result.reading.inputs["at"] == "after armies engage"
        summary = asker.answer(result.reading, cards=result.cards)["summary"]
        assert "does not act now" in summary, summary


def test_both_players_reactions_to_an_action_start_with_the_active_player(asker: Asker, l5r_cards: list) -> None:
    """Blind 51021 S10, S12: "We both have Reactions to it resolving" on the opponent's turn; "I passed on reacting,
    then my opponent played a Reaction. Can I still play a Reaction?"."""
    for name in _actions(asker, l5r_cards, 80)[:4]:
        result = asker.read(f"I play {name} during my opponent's Action Phase. We both have Reactions to it "
                            "resolving. Who gets to react first?")[0]
        inputs = result.reading.inputs
        assert inputs["at"] == f"after {name} resolves" and inputs["active"] == "opponent", inputs
        assert {i.rsplit("@", 1)[1] for i in inputs["item"] if i.startswith("reaction:")} == {"you", "opponent"}
        summary = asker.answer(result.reading, cards=result.cards)["summary"]
        assert summary.startswith("First your opponent's Reaction"), summary
        result = asker.read(f"{name} just resolved on my turn. I passed on reacting, then my opponent played a "
                            "Reaction. Can I still play a Reaction?")[0]
        inputs = result.reading.inputs
        assert inputs["passed"] == "you" and f"reaction:after {name} resolves@you" in inputs["item"], inputs
        assert asker.answer(result.reading, cards=result.cards)["summary"].startswith(
            "First your opponent's Reaction")


def test_a_quoted_negation_acts_first_and_stops_what_answers_the_occurrence(asker: Asker) -> None:
    """Blind 51021 S8: the opponent's "can not move home" is a negation at step A; no move, so no Reaction to it."""
    result = asker.read('Sakti bows an enemy Personality and tries to move it home, but my opponent\'s Personality '
                        'has "can not move home". I have a Reaction "Before a Personality moves home, give him -1F". '
                        'What happens first, and can I still use my Reaction?')[0]
    items = result.reading.inputs["item"]
    assert "negate:This card can not move home@opponent" in items
    assert sum(i.startswith("reaction:") for i in items) == 1  # the quoted one, not another made up
    summary = asker.answer(result.reading, cards=result.cards)["summary"]
    assert summary.startswith("Only your opponent's negation"), summary
