"""What a Dominion card does to the tracking rules, as data: one behaviour annotation per card.

The engine never branches on a card's name. Every card-specific fact (Archive hands back cards over
two turns, Tactician needs a non-empty hand, Band of Misfits plays a card from the Supply, Lich skips a
turn) is a field of the card's behaviour in data/starter_dominion.json; a card without an annotation
gets one from its types (a Duration is taken to act next turn). `parse_behaviour` validates the JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from engine.cards import Card


class Kind(StrEnum):
    """When a card's own effect is over, which decides how long it stays (DM1-DM5, DM13)."""

    NONE = "none"                        # no later effect: ordinary Clean-up
    NEXT_TURN = "next-turn"              # acts at the start of your next turn (DM1)
    OPTIONAL = "optional"                # now or next turn, your choice (DM2 when "now")
    CONDITIONAL = "conditional"          # acts next turn only if something happened this turn (DM2)
    UNTIL_EMPTY = "until-empty"          # hands back set-aside cards one per turn (DM3)
    EXTRA_TURN = "extra-turn"            # gives an extra turn (DM3, DM12)
    EVERY_TURN = "every-turn"            # acts every turn for the rest of the game (DM4)
    UNTIL_CONDITION = "until-condition"  # "the next time ..." (DM5)
    LATER = "later"                      # a non-Duration with a later effect (DM13)


class How(StrEnum):
    """How a card plays another: more than once (Throne variant), once, or as a Command variant."""

    EXTRA = "extra"
    ONCE = "once"
    COMMAND = "command"


class At(StrEnum):
    """On which of your turns a card plays the card it plays, counted from its own play."""

    NOW = "now"
    NEXT_TURN = "next-turn"
    NOW_AND_NEXT_TURN = "now-and-next-turn"
    EVERY_TURN = "every-turn"  # tracked as its first play, next turn: it never leaves anyway (DM4)
    WHEN_MET = "when-met"      # when its "next time" condition is met (Flagship)


class Then(StrEnum):
    """What happens to the played card after its plays: it leaves play early (DM11)."""

    STAYS = "stays"
    TRASH = "trash"
    SET_ASIDE = "set-aside"


class Leaves(StrEnum):
    """How a card leaves play once its effects are done."""

    CLEAN_UP = "clean-up"
    WHEN_DONE = "when-done"  # by itself, during the last turn it acts: Conjurer to hand, Crew onto the deck


class Forbidden(StrEnum):
    """Under which wording a restriction on played cards holds."""

    ALWAYS = "always"
    NEWER = "newer"


@dataclass(frozen=True)
class Restriction:
    type: str          # a card type the played card must not have, e.g. "Duration"
    wording: Forbidden


@dataclass(frozen=True)
class Plays:
    """How this card plays another card (Throne Room, Band of Misfits, Elder, ...)."""

    how: How
    times: tuple[int, ...] = (0, 0)  # one entry per play, each a turn offset from the act
    at: At = At.NOW
    replays: bool = False  # the card was already played once normally (Scepter, Flagship)
    in_play: bool = True   # False: the played card stays in the Supply or set aside ("leaving it there")
    then: Then = Then.STAYS
    requires: tuple[str, ...] = ("Action",)  # the played card has one of these types
    forbids: tuple[Restriction, ...] = ()
    choices: Mapping[str, Plays] = field(default_factory=dict)  # e.g. Specialist "gain": played once
    default: str = ""  # the choice assumed when none is given
    # With then=set-aside: the set-aside card is played again at the start of your next turn (Royal Galley),
    # so it is back in play that turn and leaves in its Clean-up, with the card that played it.
    again_next_turn: bool = False
    many: bool = False  # plays any number of cards once each (First Mate, Storyteller, Golem): one per "+"
    most: int = 0  # with many: at most this many (Invasion's two plays, an Attack and the Loot it gains); 0: no limit
    on_gain: bool = False  # it plays them only from "When you gain this" (Farmhands, Gondola): gained, not played


@dataclass(frozen=True)
class Behaviour:
    kind: Kind = Kind.NONE
    plays: Plays | None = None
    condition: str = ""           # CONDITIONAL / UNTIL_CONDITION: what must happen, in words
    words: Mapping[str, str] = field(default_factory=dict)  # card words for met / not-met, e.g. "discarded"
    again: bool = True            # False: a second play in one turn cannot meet the condition again
    left: int = 1                 # UNTIL_EMPTY: cards still set aside after this turn, unless told
    most_left: int | None = None  # UNTIL_EMPTY: the most it can still hold after this turn (None: no limit)
    leaves: Leaves = Leaves.CLEAN_UP
    draws: bool = False           # +Cards next turn: stays even with an empty deck (DM2)
    skips_next_turn: bool = False  # Lich
    stands_for: str = ""          # a Way or Event: the card in play is the one that used it
    needs_card: bool = False      # its later effect plays a card it sets aside now: "> nothing" leaves it nothing
    start_options: tuple[str, ...] = ()  # its own choices when the next turn starts (Cabin Boy: "+$2", "trash")
    leaves_with: str = ""         # the start-of-turn option with which it removes itself then (Cabin Boy: "trash")
    plays_itself: bool = False    # it can play itself, also on another player's turn (a Reaction, an on-gain play)
    takes_now: bool = False       # UNTIL_EMPTY: one set-aside card is taken back this turn (Archive), none (Crypt)
    ends_next_turn: bool = False  # NEXT_TURN: its effect lasts "until the start of your next turn" and ends then
    # a Reaction that moves itself without being played ("you may first set this aside from your hand"): what it
    # does instead, in players' words; on another player's turn it is never in play (read from the text)
    reacts_by: str = ""
    # a non-Duration whose own text takes it out of play as it is played ("Trash this card.", Feast: always; "You
    # may trash this for +$2", Mining Village: not always): those words (read from the text)
    leaves_itself: str = ""
    always_leaves: bool = False
    note: str = ""
    annotated: bool = True        # False: derived from the card's types, not from data


class BehaviourError(ValueError):
    """A behaviour annotation that does not fit the model; the message names the card and field."""


def types_of(card: Card) -> tuple[str, ...]:
    """Card types as a tuple; the catalog stores them joined with ", " (or " - ")."""
    raw = card.type.replace(" - ", ",").replace("–", ",").replace("—", ",")
    return tuple(t.strip() for t in raw.split(",") if t.strip())


def is_duration(card: Card) -> bool:
    return "Duration" in types_of(card)


def derived(card: Card) -> Behaviour:
    """The behaviour a card without an annotation gets from its types alone."""
    kind = Kind.NEXT_TURN if is_duration(card) else Kind.NONE
    return Behaviour(kind=kind, annotated=False, note="derived from the card's types",
                     plays_itself="Reaction" in types_of(card))


_BEHAVIOUR_KEYS = {"duration", "plays", "condition", "words", "again", "left", "most_left", "leaves", "draws",
                   "skips_next_turn", "stands_for", "note", "needs_card", "start_options", "leaves_with",
                   "plays_itself", "takes_now", "ends_next_turn"}
_PLAYS_KEYS = {"how", "times", "at", "replays", "in_play", "then", "requires", "forbids", "choices",
               "default", "again_next_turn", "many"}


def _enum(cls: type[StrEnum], value: Any, where: str) -> Any:
    try:
        return cls(value)
    except ValueError:
        valid = ", ".join(m.value for m in cls)  # type: ignore[attr-defined]
        raise BehaviourError(f"{where}: {value!r} is not one of {valid}") from None


def _plays(data: Mapping[str, Any], where: str, base: Plays | None = None) -> Plays:
    unknown = set(data) - _PLAYS_KEYS
    if unknown:
        raise BehaviourError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    start = base or Plays(how=_enum(How, data.get("how"), f"{where}.how"))
    times = tuple(data.get("times", start.times))
    if not times or not all(isinstance(t, int) and t >= 0 for t in times):
        raise BehaviourError(f"{where}.times: a non-empty list of turn offsets (0 = the same turn)")
    forbids = tuple(Restriction(str(f["type"]), _enum(Forbidden, f.get("wording", "always"),
                                                      f"{where}.forbids"))
                    for f in data.get("forbids", ())) if "forbids" in data else start.forbids
    plays = Plays(
        how=_enum(How, data.get("how", start.how), f"{where}.how"),
        times=times,
        at=_enum(At, data.get("at", start.at), f"{where}.at"),
        replays=bool(data.get("replays", start.replays)),
        in_play=bool(data.get("in_play", start.in_play)),
        then=_enum(Then, data.get("then", start.then), f"{where}.then"),
        requires=tuple(data.get("requires", start.requires)),
        forbids=forbids,
        default=str(data.get("default", start.default)),
        again_next_turn=bool(data.get("again_next_turn", start.again_next_turn)),
        many=bool(data.get("many", start.many)),
    )
    if base is None and "choices" in data:
        choices = {str(k): _plays(v, f"{where}.choices.{k}", plays) for k, v in data["choices"].items()}
        plays = replace(plays, choices=choices)
    if base is None and plays.default and plays.default not in plays.choices:
        raise BehaviourError(f"{where}.default: {plays.default!r} is not one of its choices")
    return plays


def parse_behaviour(data: Mapping[str, Any], card: str) -> Behaviour:
    """A behaviour annotation from its JSON form (see data/starter_dominion.json)."""
    where = f"{card}: behaviour"
    if not isinstance(data, Mapping):
        raise BehaviourError(f"{where} must be an object")
    unknown = set(data) - _BEHAVIOUR_KEYS
    if unknown:
        raise BehaviourError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    kind = _enum(Kind, data.get("duration", "none"), f"{where}.duration")
    left = data.get("left", 1)
    if not isinstance(left, int) or left < 0:
        raise BehaviourError(f"{where}.left: a whole number of cards, 0 or more")
    most_left = data.get("most_left")
    if most_left is not None and (not isinstance(most_left, int) or most_left < 0):
        raise BehaviourError(f"{where}.most_left: a whole number of cards, 0 or more")
    if most_left is not None and left > most_left:
        raise BehaviourError(f"{where}.left: more than most_left")
    leaves_with = str(data.get("leaves_with", ""))
    if leaves_with and leaves_with not in data.get("start_options", ()):
        raise BehaviourError(f"{where}.leaves_with: {leaves_with!r} is not one of its start_options")
    words = {str(k): str(v) for k, v in dict(data.get("words", {})).items()}
    if set(words) - {"met", "not-met"}:
        raise BehaviourError(f"{where}.words: only 'met' and 'not-met' can be given card words")
    return Behaviour(
        kind=kind,
        plays=_plays(data["plays"], f"{where}.plays") if data.get("plays") else None,
        condition=str(data.get("condition", "")),
        words=words,
        again=bool(data.get("again", True)),
        left=left,
        most_left=most_left,
        leaves=_enum(Leaves, data.get("leaves", "clean-up"), f"{where}.leaves"),
        draws=bool(data.get("draws", False)),
        skips_next_turn=bool(data.get("skips_next_turn", False)),
        stands_for=str(data.get("stands_for", "")),
        needs_card=bool(data.get("needs_card", False)),
        start_options=tuple(str(o) for o in data.get("start_options", ())),
        leaves_with=str(data.get("leaves_with", "")),
        plays_itself=bool(data.get("plays_itself", False)),
        takes_now=bool(data.get("takes_now", False)),
        ends_next_turn=bool(data.get("ends_next_turn", False)),
        note=str(data.get("note", "")),
    )
