"""Issue 18: card-playing and Duration behaviour read from the real cards' text, the published rulings on them
(the rulebook clarifications printed with each card in the dominiontabs data), plays on another player's turn,
start-of-turn choices, "may Improve trash it?", and plain words for every real Duration and card-playing card.

The real cards are parsed from ../shared/data/dominion in place (skipped when absent) and judged by the real
engine; nothing is copied."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.cards import Card
from engine.names import fold
from engine.rulesets.dominion import judge, load_starter
from engine.rulesets.dominion.behaviour import At, How
from engine.rulesets.dominion.coverage import coverage, entry
from engine.rulesets.dominion.reading import read_card
from engine.rulesets.dominion.render import verdict_json
from engine.rulesets.dominion.scenario import ScenarioError
from engine.rulesets.dominion.sources import SOURCES
from tests.shared_paths import require_shared


@cache
def _cards() -> dict[str, Card]:
    root = require_shared("dominion")
    files = {f: (root / f).read_text(encoding="utf-8") for f in SOURCES.files}
    return {fold(c.name): c for c in SOURCES.parse(files)}


@pytest.fixture
def cards() -> dict[str, Card]:
    return _cards()


def lookup(name: str) -> Card:
    card = _cards().get(fold(name))
    if card is None:
        raise ScenarioError(f"No Dominion card named “{name}”.")
    return card


def ask(*chains: str, ruleset: str = "current", may_trash: str | None = None, **kw) -> dict:
    return verdict_json(judge(list(chains), ruleset, lookup=lookup, **kw), may_trash=may_trash)


def leaves(out: dict) -> dict[str, str]:
    return {e["label"]: e["leaves_play"]["cleanup"] for e in out["chain"]}


# --- reading card text ------------------------------------------------------------------------------

def test_coverage_lists_every_duration_command_and_card_playing_card_none_unmodelled(cards):
    report = coverage(list(cards.values()), lambda c: ())
    names = {e["card"] for e in report["entries"]}
    durations = {c.name for c in cards.values() if "Duration" in c.type}
    commands = {c.name for c in cards.values() if "Command" in c.type}
    assert durations <= names and commands <= names and len(durations) > 75
    assert report["unmodelled"] == 0, [e for e in report["entries"] if e["unmodelled"]]
    assert report["lines"][0].endswith("0 unmodelled.")
    # Card-playing cards outside the starter set are read, by class of phrase, not listed by hand.
    for name in ("King's Cache", "Coronet", "Tiara", "Counterfeit", "Royal Carriage", "Golem", "Storyteller",
                 "Delay", "Summon", "Necromancer", "Riverboat", "Practice", "Courier", "Sailor"):
        assert entry(cards[fold(name)])["plays_cards"], name
    # Words about playing that are not an instruction do not make a card-playing card.
    for name in ("Enlightenment", "Harbor Village", "Kiln", "Lost Arts", "Capital", "Corsair", "Voyage"):
        found = entry(cards[fold(name)])
        assert found is None or not found["plays_cards"], name


@pytest.mark.parametrize(("name", "how", "times", "at"), [
    ("Throne Room", How.EXTRA, 2, At.NOW), ("King's Court", How.EXTRA, 3, At.NOW),
    ("King's Cache", How.EXTRA, 3, At.NOW), ("Disciple", How.EXTRA, 2, At.NOW),
    ("Mastermind", How.EXTRA, 3, At.NEXT_TURN), ("Ghost", How.EXTRA, 2, At.NEXT_TURN),
    ("Scepter", How.EXTRA, 1, At.NOW), ("Royal Carriage", How.EXTRA, 1, At.NOW),
    ("Band of Misfits", How.COMMAND, 1, At.NOW), ("Captain", How.COMMAND, 1, At.NOW_AND_NEXT_TURN),
    ("Prince", How.COMMAND, 1, At.EVERY_TURN), ("Riverboat", How.COMMAND, 1, At.NEXT_TURN),
    ("Elder", How.ONCE, 1, At.NOW), ("Vassal", How.ONCE, 1, At.NOW), ("Delay", How.ONCE, 1, At.NEXT_TURN),
])
def test_the_text_reads_how_a_card_plays(cards, name, how, times, at):
    plays = read_card(cards[fold(name)]).behaviour.plays
    assert plays is not None and plays.how is how and len(plays.times) == times and plays.at is at


def test_the_text_agrees_with_every_starter_annotation_that_plays_cards(cards):
    """The hand-made annotations are checked against the real text: same kind of play, as many plays."""
    starter = load_starter()
    checked = 0
    for key, annotated in starter.behaviours.items():
        if annotated.plays is None or key not in cards:
            continue
        read = read_card(cards[key]).behaviour.plays
        assert read is not None, key
        if annotated.plays.replays:
            assert read.replays or read.how is How.EXTRA, key
        else:
            assert read.how is annotated.plays.how, key
        if not annotated.plays.choices and annotated.plays.how is How.EXTRA and not annotated.plays.replays:
            assert len(read.times) == len(annotated.plays.times), key
        checked += 1
    assert checked >= 15


# --- published rulings (rulebook clarifications printed with each card) -----------------------------

@pytest.mark.parametrize(("chains", "expected"), [
    # Royal Carriage: "will stay in play until the Duration card is discarded from play".
    (["Royal Carriage > Caravan"], {"Royal Carriage": "next-turn", "Caravan": "next-turn"}),
    # Scepter: can replay a Duration played this turn, "Scepter will stay in play until the Duration card leaves".
    (["Scepter > Caravan"], {"Scepter": "next-turn", "Caravan": "next-turn"}),
    # King's Cache: "will stay in play as long as that card does".
    (["King's Cache > Astrolabe"], {"King's Cache": "next-turn", "Astrolabe": "next-turn"}),
    # Hireling: played twice by Disciple, "Disciple will also stay in play for the rest of the game".
    (["Disciple > Hireling"], {"Disciple": "never", "Hireling": "never"}),
    # Ghost: "If Ghost plays a Duration card, Ghost will stay out with the Duration card".
    (["Ghost > Caravan"], {"Ghost": "turn-N", "Caravan": "turn-N"}),
    # Herald: "the Herald is still discarded normally at end of turn".
    (["Herald > Caravan"], {"Herald": "this-turn", "Caravan": "next-turn"}),
    # Contract: "if you don't set aside a card, Contract is discarded the same turn in Clean-up".
    (["Contract > nothing"], {"Contract": "this-turn"}),
    (["Contract > Village"], {"Contract": "next-turn", "Village": "next-turn"}),
    # Royal Galley: playing a card with it is optional; without one it has nothing to do later.
    (["Royal Galley > nothing"], {"Royal Galley": "this-turn"}),
    # Amphora: "only stays in play if at least one of the plays was for next turn (… King's Cache also stays)".
    (["King's Cache > Amphora[now]"], {"King's Cache": "this-turn", "Amphora": "this-turn"}),
    (["King's Cache > Amphora[now/next-turn/now]"], {"King's Cache": "next-turn", "Amphora": "next-turn"}),
    # Riverboat: "it stays in play as long as the card it plays would have … such as a Crown used on a Duration".
    (["Riverboat > Crown > Caravan"], {"Riverboat": "turn-N", "Crown": "turn-N", "Caravan": "turn-N"}),
    # Captain: with nothing to play "Captain still stays in play and tries to play a card at the start of
    # your next turn".
    (["Captain > nothing"], {"Captain": "next-turn"}),
    # Village Green: "only stays in play until next turn if at least one of the plays was for next turn (in which
    # case the Mastermind also stays in play)".
    (["Mastermind > Village Green[now/now/next-turn]"], {"Mastermind": "turn-N", "Village Green": "turn-N"}),
    (["Mastermind > Village Green[now]"], {"Mastermind": "next-turn", "Village Green": "next-turn"}),
    # Quartermaster: stays for the rest of the game; a Throne Room that played it twice stays with it (DM6).
    (["Throne Room > Quartermaster"], {"Throne Room": "never", "Quartermaster": "never"}),
    # Way of the Turtle / Delay: the Event or Way is never in play; the card is played next turn.
    (["Delay > Caravan"], {"Delay": "not-in-play", "Caravan": "turn-N"}),
    (["Citadel > Caravan"], {"Citadel": "not-in-play", "Caravan": "next-turn"}),
])
def test_published_rulings(chains, expected):
    out = ask(*chains)
    assert out["legal"] is True
    assert {k: v for k, v in leaves(out).items() if k in expected} == expected


@pytest.mark.parametrize(("chain", "rule"), [
    ("Counterfeit > Astrolabe", "DM14"),   # "a non-Duration Treasure"
    ("Necromancer > Caravan", "DM14"),     # "plays a non-Duration Action card from the trash"
    ("Elder > Astrolabe", "DM14"),         # an Action card only
    ("Village > Caravan", "DM14"),         # no instruction to play a card
    ("Storyteller > Caravan", "DM14"),     # "Play up to 3 Treasures" (its "+1 Action" is not what it plays)
])
def test_forbidden_plays_name_their_rule(chain, rule):
    out = ask(chain)
    assert out["legal"] is False and out["problem_rules"] == [rule]
    assert out["summary"].startswith("Not allowed: ") and rule not in out["summary"]


def test_coronet_may_play_a_duration_treasure_and_stays_with_it():
    out = ask("Coronet > Astrolabe")
    assert out["legal"] and leaves(out) == {"Coronet": "next-turn", "Astrolabe": "next-turn"}


def test_a_card_that_plays_any_number_takes_one_card_per_play():
    out = ask("First Mate > Village + Caravan + Village")
    assert out["legal"] and leaves(out)["First Mate"] == "this-turn" and leaves(out)["Caravan"] == "next-turn"


# --- another player's turn (DM15) -------------------------------------------------------------------

@pytest.mark.parametrize(("card", "cleanup", "when"), [
    # Caravan Guard: "will get +1 Coin at the start of your next turn - the very next turn you take".
    ("Caravan Guard", "next-turn", "in the Clean-up of your next turn"),
    # Pirate: "your following turn is when your Pirate gains you a Treasure".
    ("Pirate", "next-turn", "in the Clean-up of your next turn"),
    # Guard Dog, Trail, Weaver: "you discard it from play during that turn's Clean-up".
    ("Guard Dog", "this-turn", "in the Clean-up of the turn it was played in, another player's"),
    ("Trail", "this-turn", "in the Clean-up of the turn it was played in, another player's"),
    ("Weaver", "this-turn", "in the Clean-up of the turn it was played in, another player's"),
    # Berserker: "You'll discard the Berserker from play during their Clean-up".
    ("Berserker", "this-turn", "in the Clean-up of the turn it was played in, another player's"),
])
def test_plays_on_another_players_turn(card, cleanup, when):
    out = ask(card, opponent_turn=True)
    assert out["legal"] and out["scenario"]["opponent_turn"] is True
    assert out["chain"][0]["leaves_play"]["cleanup"] == cleanup and out["chain"][0]["leaves_play"]["when"] == when
    assert "played on another player's turn" in out["explanation"].split("\n")[2]


def test_village_green_on_another_players_turn_now_or_next():
    assert leaves(ask("Village Green[now]", opponent_turn=True)) == {"Village Green": "this-turn"}
    assert leaves(ask("Village Green[next-turn]", opponent_turn=True)) == {"Village Green": "next-turn"}


@pytest.mark.parametrize("card", ["Caravan", "Village", "Fishmonger", "Ninja", "Clerk"])
def test_a_card_that_cannot_be_played_on_another_players_turn_is_illegal(card):
    """Only a card whose text lets it be played then: not a Shadow (played from your deck on your turn), nor
    Clerk (at the start of your turn)."""
    out = ask(card, opponent_turn=True)
    assert out["legal"] is False and out["problem_rules"] == ["DM15"]


# --- start-of-turn choices, "may Improve trash it?" -------------------------------------------------

def test_cabin_boy_start_of_turn_choice():
    trashed = ask("Throne Room > Cabin Boy[TRASH]")
    cabin = {e["label"]: e for e in trashed["chain"]}
    assert cabin["Cabin Boy"]["leaves_play"]["moment"] == "start-of-turn"
    assert cabin["Throne Room"]["leaves_play"]["cleanup"] == "next-turn"  # until that turn's Clean-up (DM6)
    assert leaves(ask("Cabin Boy[+$2]")) == {"Cabin Boy": "next-turn"}
    with pytest.raises(ScenarioError, match=r"\+\$2 \(at the start of your next turn\), trash"):
        ask("Cabin Boy[burn]")


@pytest.mark.parametrize(("chains", "card", "allowed"), [
    # Improve: "you cannot trash ... a Duration card that will stay out (but you can trash a Duration card
    # that will be discarded)".
    (["Caravan", "Improve"], "Caravan", False),
    (["Tactician[discarded-nothing]", "Improve"], "Tactician", True),
    (["Throne Room > Caravan", "Improve"], "Throne Room", False),
    (["Village", "Improve"], "Village", True),
    (["Improve"], "Improve", True),  # "You can trash the Improve itself"
])
def test_may_improve_trash_it(chains, card, allowed):
    out = ask(*chains, may_trash=card)
    assert out["may_trash"]["allowed"] is allowed and out["may_trash"]["rule"] == "DM17"
    assert out["summary"].startswith(f"Improve {'may' if allowed else 'may not'} trash {card}")


# --- plain words -------------------------------------------------------------------------------------

_HOLES = [re.compile(p, re.I) for p in (
    r"\bturn 0\b", r"\bturn -?\d+ \(this turn", r"\b(\w+) \1\b", r"never leaves play it", r"\ba (action|attack|"
    r"event|action-)", r"\{|\}", r"  ", r"\.\.", r"waits for you next", r" ,")] + [re.compile(r"\bNone\b")]


def _partner(card: Card) -> str:
    """A card it may legally play, for one rendering of every card-playing card."""
    plays = load_starter().behaviour(card).plays
    assert plays is not None
    forbidden = {r.type for r in plays.forbids}
    if "Treasure" in plays.requires and "Action" not in plays.requires:
        return "Astrolabe" if "Duration" not in forbidden else "Silver"
    if "Duration" in plays.requires and "Action" not in plays.requires:
        return "Caravan"
    return "Caravan" if "Duration" not in forbidden else "Village"


def test_every_real_duration_and_card_playing_card_renders_in_plain_words(cards):
    starter = load_starter()
    rendered = 0
    for card in cards.values():
        behaviour = starter.behaviour(card)
        if fold(card.name) == "loot" or not ("Duration" in card.type or behaviour.plays is not None):
            continue
        chain = card.name if behaviour.plays is None else f"{card.name} > {_partner(card)}"
        if behaviour.stands_for:
            continue  # a Way or Inheritance is written "Village as Way of the Mouse": rendered in its own tests
        out = verdict_json(judge([chain], "older-wording", lookup=lookup))
        texts = [out["summary"], out["explanation"]] + [e["leaves_play"]["why"] for e in out["chain"]]
        for text in texts:
            for hole in _HOLES:
                assert not hole.search(text), (chain, hole.pattern, text)
        assert "\n" not in out["summary"] and out["summary"].endswith(".")
        for e in out["chain"]:
            why, cleanup = e["leaves_play"]["why"], e["leaves_play"]["cleanup"]
            # No headline/entry contradiction: a card leaving this turn does not "stay", and one that stays
            # is not "discarded in the Clean-up of the turn it was played" unless it was played that later turn.
            if cleanup == "this-turn":
                assert "stays as long as" not in why and "for the rest of the game" not in why, (chain, e)
            if cleanup in ("next-turn", "turn-N", "never") and e["played_on"] == [0] * len(e["played_on"]):
                assert "discarded in the Clean-up of the turn it was played" not in why, (chain, e)
        rendered += 1
    assert rendered > 120


def _render_holes(out: dict, chain: str) -> None:
    texts = [out["summary"], out["explanation"]] + [e["leaves_play"]["why"] for e in out["chain"]]
    for text in texts:
        for hole in _HOLES:
            assert not hole.search(text), (chain, hole.pattern, text)
    assert "\n" not in out["summary"] and out["summary"].endswith(".")
    assert out["explanation"].startswith(out["summary"] + "\n")
    if out["assumed"]:
        assert out["summary"].startswith("Assuming (not said) that ") or out["summary"].startswith("Not allowed")


def test_every_real_duration_alone_with_nothing_and_on_another_turn_in_plain_words(cards):
    """Alone (what is assumed opens the summary), with "> nothing" (never an assumption that it set aside or
    played something), and, for the cards that can be, played on another player's turn."""
    starter = load_starter()
    for card in cards.values():
        behaviour = starter.behaviour(card)
        if fold(card.name) == "loot" or behaviour.stands_for:
            continue
        if "Duration" in card.type:
            _render_holes(verdict_json(judge([card.name], lookup=lookup)), card.name)
        if "Duration" in card.type or behaviour.plays is not None:
            out = verdict_json(judge([f"{card.name} > nothing"], lookup=lookup))
            _render_holes(out, f"{card.name} > nothing")
            assert not any("met its condition" in a or "set-aside card" in a for a in out["assumed"]), card.name
            if behaviour.needs_card or behaviour.words.get("met") == "set-aside" or behaviour.kind.value == \
                    "until-empty" or (behaviour.kind.value == "conditional" and behaviour.plays is not None):
                assert out["chain"][0]["leaves_this_turn"], (card.name, out["summary"])
        if behaviour.plays_itself:
            out = verdict_json(judge([card.name], lookup=lookup, opponent_turn=True))
            _render_holes(out, f"{card.name} on another player's turn")
            assert out["legal"], card.name


def test_an_extra_turn_of_the_other_player_does_not_move_your_next_turn():
    out = ask("Caravan Guard", opponent_turn=True, extra_turn=True)
    assert leaves(out) == {"Caravan Guard": "next-turn"}
    assert "this turn is an extra turn; played on another player's turn" in out["explanation"].split("\n")[2]


def test_set_aside_counts():
    assert leaves(ask("Archive[set-aside=1]")) == {"Archive": "this-turn"}   # taken now, none left
    assert leaves(ask("Archive[set-aside=3]")) == {"Archive": "turn-N"}
    assert leaves(ask("Crypt[set-aside=2]")) == {"Crypt": "turn-N"}
    assert leaves(ask("Haven[set-aside=0]")) == {"Haven": "this-turn"}
    assert leaves(ask("Gear[set-aside=2]")) == {"Gear": "next-turn"}
    assert ask("Gear[set-aside=2]")["assumed"] == []
    with pytest.raises(ScenarioError, match="set-aside=0 to set-aside=3"):
        ask("Archive[set-aside=4]")


def test_a_repeated_extra_turn_card_gives_one_extra_turn_and_a_second_is_not_allowed():
    """Outpost: "If you manage to play Outpost twice in one turn, you will still only get one extra turn"."""
    assert leaves(ask("Throne Room > Outpost")) == {"Throne Room": "extra-turn", "Outpost": "extra-turn"}
    out = ask("Throne Room > Outpost[taken/taken]")
    assert out["legal"] is False and out["problem_rules"] == ["DM3"]
    assert leaves(out) == {"Throne Room": "extra-turn", "Outpost": "extra-turn"}


def test_a_duration_read_from_its_types_only_says_so_first():
    """No real Duration needs it (coverage: 0 unmodelled), but a new card must not be judged silently."""
    novel = Card(game="dominion", name="Novel Thing", set="", type="Action, Duration", text="Something new.")
    out = verdict_json(judge(["Novel Thing"], lookup=lambda name: novel))
    assert out["summary"].startswith("Assuming (not said) that Novel Thing, read from its types only, acts at the "
                                     "start of your next turn")
    assert out["chain"][0]["leaves_play"]["cleanup"] == "next-turn"


def test_conjurer_played_by_band_of_misfits_older_wording():
    """Conjurer: "If you play this with a card like Band of Misfits, Band of Misfits will stay in play through the
    end of your next turn"."""
    assert leaves(ask("Band of Misfits > Conjurer", ruleset="older-wording"))["Band of Misfits"] == "next-turn"


def test_where_a_card_clarification_disagrees_with_the_seed_the_answer_says_which_it_follows():
    captain = ask("Captain > nothing + Throne Room > Caravan")
    assert leaves(captain)["Captain"] == "turn-N"  # the seed's worked case (DM8)
    assert "commanded-throne-faq" in {n["id"] for n in captain["interpretations"]}
    procession = ask("Procession > Caravan", ruleset="older-wording")
    assert leaves(procession)["Procession"] == "this-turn"  # DM11
    assert "trashed-by-its-throne-faq" in {n["id"] for n in procession["interpretations"]}
