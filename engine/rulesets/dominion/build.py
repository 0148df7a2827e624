"""Pass 1 of a Dominion verdict: expand the chains of plays into card instances.

Who played what, how many times, on which of your turns, with which choices, and which plays a version
forbids. Nothing here decides when a card leaves play; that is evaluate.py.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import assert_never

from engine.cards import Card
from engine.rulesets.dominion.behaviour import At, Behaviour, Forbidden, How, Kind, Plays, Then, types_of
from engine.rulesets.dominion.reading import article, called_from_mat, is_landscape, sets_aside_to_play_next_turn
from engine.rulesets.dominion.rules import Policy, Wording
from engine.rulesets.dominion.scenario import MAX_CARDS, Choices, RawNode, ScenarioError, parse_choices


class Phase(IntEnum):
    """When within (or after) one of your turns a card leaves play; the order is the order in time."""

    DURING = 0   # outside Clean-up: trashed, set aside, put into hand at the start of a turn
    CLEAN_UP = 1
    OTHER = 2    # the Clean-up of another player's turn after this one (DM12)
    THEIRS_DURING = 3  # during another player's turn after this one: a "next time" met then, leaving by itself
    THEIRS = 4   # the Clean-up of another player's turn after this one, in which a "next time" was met (DM5)


@dataclass(frozen=True, order=True)
class Point:
    turn: float  # your turns counted from this one (0); math.inf: never
    phase: Phase = Phase.CLEAN_UP

    def cleanup(self) -> Point:
        """Where a Throne variant that stayed for a card leaves: the Clean-up of the turn that card left."""
        if self.phase is Phase.THEIRS_DURING:
            return Point(self.turn, Phase.THEIRS)
        return Point(self.turn, Phase.CLEAN_UP) if self.phase is Phase.DURING else self


FOREVER = Point(math.inf)


@dataclass
class Instance:
    """One card put into play (or, played by a Command variant, left where it was) in the scenario."""

    id: int
    card: Card
    behaviour: Behaviour
    label: str
    choices: Choices
    play_turns: list[int]            # one entry per play of it
    parent: Instance | None = None
    relation: How | None = None      # how the parent played it
    in_play: bool = True
    lent_by: Card | None = None      # "Village as Way of the Mouse": the Way
    children: list[Instance] = field(default_factory=list)
    removed_by: str = ""             # why it left play early (DM11)
    way_may_leave: bool = False      # removed by a Way's "you may ..." (Way of the Butterfly): taken as used
    mover: Card | None = None        # the Way whose words moved it out of play (Horse, Butterfly, Turtle)
    # set aside by Way of the Turtle: played again at the start of your next turn, following its own instructions
    # then (its own behaviour and choices), so a Duration stays for that play's later effect too
    replay: tuple[Behaviour, Choices] | None = None
    set_aside_by: str = ""           # set aside now and played again next turn by this card (Royal Galley)
    lost_card: str = ""              # a card it should have set aside left play first, so it could not
    problem: str = ""                # why this play cannot happen under the version judged
    problem_rule: str = ""           # the rule that forbids it (DM14, DM15, DM3, ...)
    wording_problem: bool = False    # forbidden only by the newer wording (the older one is given beside it)
    played_nothing: bool = False     # "> nothing": every play it could make played nothing, it set nothing aside
    reacted: bool = False            # on another player's turn, used as its Reaction (set aside, revealed): not played
    gained: bool = False             # gained, not played: its "When you gain this" played the cards after it
    unplayable: str = ""             # a card no one can play (a Victory card, a Curse): its types, in words
    # decided by the evaluator
    own_ends: list[Point | None] = field(default_factory=list)  # per play: when its own effect is over
    leave: Point = Point(0)
    would: Point = Point(0)          # ignoring early removal: what a Command variant follows (DM8)
    why: str = ""
    rules: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.problem

    @property
    def turn(self) -> int:
        return max(self.play_turns)


Lookup = Callable[[str], Card]
BehaviourOf = Callable[[Card], Behaviour]


# --- expanding the chains ----------------------------------------------------------------------

class Builder:
    def __init__(self, lookup: Lookup, behaviour_of: BehaviourOf, policy: Policy, extra_turn: bool = False,
                 opponent_turn: bool = False) -> None:
        self.extra_turn = extra_turn  # this turn is itself an extra turn
        self.opponent_turn = opponent_turn  # the chains are played on another player's turn
        self.lookup = lookup
        self.behaviour_of = behaviour_of
        self.policy = policy
        self.instances: list[Instance] = []
        self.skip_after: set[int] = set()
        self.names: dict[str, str] = {}  # name as typed -> card name, for the canonical chain text
        self.play_ways: dict[int, list[Card | None]] = {}  # id of a collapsed per-play node -> the Way of each play

    def build(self, raw: RawNode, play_turns: list[int], parent: Instance | None = None,
              plays: Plays | None = None) -> Instance:
        if len(self.instances) >= MAX_CARDS:
            raise ScenarioError(f"The scenario has more than {MAX_CARDS} cards in play; shorten the chain.")
        card = self.lookup(raw.name)
        lent = self.lookup(raw.as_name) if raw.as_name else None
        # a Way that says "Follow this card's instructions" (Way of the Chameleon) leaves the card doing its own
        behaviour = self.behaviour_of(card if lent is not None and follows_own(lent) else lent or card)
        label = card.name + (f" as {lent.name}" if lent else "")
        choices = parse_choices(raw.choices, behaviour, label)
        if choices.count and choices.count != len(play_turns):
            raise ScenarioError(f"{label} is played {len(play_turns)} time(s) here, but its a/b choices name "
                                f"{choices.count} plays.")
        inst = Instance(len(self.instances) + 1, card, behaviour, label, choices, play_turns, parent=parent,
                        relation=plays.how if plays else None, in_play=plays.in_play if plays else True,
                        lent_by=lent, played_nothing=raw.played_nothing or choices.set_aside == 0)
        if parent is None and is_landscape(lent or card) and not lent:
            inst.in_play = False  # an Event, Project, Way or Trait is never put into play (DM16)
        elif parent is None and not lent and not is_playable(card) and not (self.opponent_turn and behaviour.reacts_by):
            # a Victory card, a Curse, a Shelter like Hovel: only Action, Treasure and Night cards are played (DM16)
            inst.in_play, inst.unplayable = False, unplayable_kind(card)
        self.instances.append(inst)
        self.names[raw.name] = card.name
        if raw.as_name and lent:
            self.names[raw.as_name] = lent.name
        if parent is not None and plays is not None:
            self._check_allowed(inst, parent, plays)
        elif inst.unplayable:
            pass
        elif parent is None and self.opponent_turn and not behaviour.plays_itself and behaviour.reacts_by:
            # "you may first set this aside from your hand": on another player's turn its Reaction moves it
            # without playing it, so it is never in play (the official "Set aside": set-aside cards are not in play)
            inst.in_play, inst.reacted = False, True
        elif parent is None and self.opponent_turn and not behaviour.plays_itself:
            self.forbid(inst, "DM15", f"{label} cannot be played on another player's turn: only a card that says "
                        "it may be played then (a Reaction such as Caravan Guard, a card played when it is gained) "
                        "can be")
        if parent is None and raw.children and behaviour.plays is not None and behaviour.plays.on_gain:
            inst.in_play, inst.gained = False, True  # "Farmhands > Caravan": Farmhands was gained; it plays Caravan
        if behaviour.skips_next_turn:
            self.skip_after.update(play_turns)
        way = lent is not None and "Way" in types_of(lent) and not follows_own(lent)
        # the Ways of each play of a card a Throne variant played ("Caravan + Caravan as Way of the Horse"): the
        # first one that moves the card does, on its play; a later play cannot move it again (it lost track of it)
        movers = [(i, w) for i, w in enumerate(self.play_ways.pop(id(raw), [])) if w is not None
                  and not follows_own(w) and (sets_aside_to_play_next_turn(w) or self.behaviour_of(w).leaves_itself)]
        if choices.removed and behaviour.leaves_itself and (lent is None or follows_own(lent)):
            # "Mining Village[removed]": the choice its own words leave open was taken, as said (DM11)
            inst.removed_by = f"its own “{behaviour.leaves_itself}” took it out of play (as said)"
        elif choices.removed:
            inst.removed_by = "removed from play early"
        elif way and inst.in_play and sets_aside_to_play_next_turn(lent):
            self._set_aside_by_way(inst, lent)  # Way of the Turtle: out of play now, played at your next turn's start
        elif way and inst.in_play and behaviour.leaves_itself:
            # Way of the Horse ("Return this to its pile"), Way of the Butterfly ("You may return this ..."): the
            # Way's words move the card played using it as it is played (DM11)
            inst.removed_by = f"{lent.name}'s “{behaviour.leaves_itself}” takes it out of play as it is played"
            inst.way_may_leave, inst.mover = not behaviour.always_leaves, lent
        elif movers and inst.in_play:
            index, mover = movers[0]
            on = f"on its play {index + 1} of {len(play_turns)}, "
            if sets_aside_to_play_next_turn(mover):
                self._set_aside_by_way(inst, mover)
            else:
                moves = self.behaviour_of(mover)
                inst.removed_by = f"{on}{mover.name}'s “{moves.leaves_itself}” takes it out of play as it is played"
                inst.way_may_leave, inst.mover = not moves.always_leaves, mover
        elif (behaviour.always_leaves and (lent is None or follows_own(lent)) and inst.in_play
              and not (raw.children and called_from_mat(inst.card))):
            # (a Reserve playing a card, "Royal Carriage > Caravan", was called from its mat into play: the
            # "Put this on your Tavern mat" was an earlier play's)
            # "Trash this card." (Feast): its own text takes it out of play as it is played (DM11)
            inst.removed_by = f"its own “{behaviour.leaves_itself}” takes it out of play as it is played"
        if raw.children:
            self._children(inst, raw.children)
        return inst

    def _set_aside_by_way(self, inst: Instance, way: Card) -> None:
        """Way of the Turtle: "Set this aside. If you did, play it at the start of your next turn" — out of play now,
        and played then by its own instructions (taken: the Way could be used again then, delaying it once more)."""
        own = self.behaviour_of(inst.card)
        inst.set_aside_by, inst.mover = way.name, way
        inst.replay = (own, parse_choices((), own, inst.label))

    @staticmethod
    def forbid(inst: Instance, rule: str, why: str, wording: bool = False) -> None:
        """A well-formed play the rules do not allow: answered with legal false and the rule, never refused."""
        if not inst.problem:
            inst.problem, inst.problem_rule, inst.wording_problem = why + ".", rule, wording

    def _effective_plays(self, inst: Instance) -> Plays | None:
        plays = inst.behaviour.plays
        if plays is None:
            return None
        option = inst.choices.play_option or plays.default
        return plays.choices.get(option, plays) if option else plays

    def _act_offsets(self, inst: Instance, plays: Plays) -> list[int]:
        match plays.at:
            case At.NOW:
                return [0]
            case At.NEXT_TURN | At.EVERY_TURN:
                return [1]
            case At.NOW_AND_NEXT_TURN:
                return [0, 1]
            case At.WHEN_MET:
                return [inst.choices.met_turn or 0]
            case _:
                assert_never(plays.at)

    def _children(self, inst: Instance, raws: tuple[RawNode | None, ...]) -> None:
        plays = self._effective_plays(inst)
        if plays is None:
            # Its text has no instruction to play a card: each card written after it is an illegal play (DM14).
            for raw in raws:
                if raw is not None:
                    child = self.build(raw, list(inst.play_turns), inst, Plays(how=How.ONCE, requires=()))
                    inst.children.append(child)
                    self.forbid(child, "DM14", f"{inst.label} does not play other cards (its text has no "
                                f"instruction to play one), so it cannot play {child.label}")
            return
        acts = [t + a for t in inst.play_turns for a in self._act_offsets(inst, plays)]
        if plays.many and len(acts) == 1:
            if plays.most and len(raws) > plays.most:
                raise ScenarioError(f"{inst.label} plays at most {plays.most} cards, each once; after “>” list at "
                                    f"most {plays.most}, not {len(raws)}.")
            acts = acts * len(raws)  # any number of cards, each played once (First Mate, Golem, Storyteller)
        if plays.how is How.EXTRA and len(acts) == 1 and len(raws) == len(plays.times) > 1:
            raws = (self._per_play_ways(inst, raws),)  # "Throne Room > Caravan + Caravan as Way of the Sheep"
        if len(raws) not in (1, len(acts)):
            raise ScenarioError(f"{inst.label} makes {len(acts)} play(s) here; after “>” list one card for all "
                                f"of them or one per play (“nothing” for none), not {len(raws)}.")
        for act, raw in zip(acts, raws * len(acts) if len(raws) == 1 else raws, strict=True):
            if raw is None:
                continue
            turns = ([act] if plays.replays else []) + [act + o for o in plays.times]
            child = self.build(raw, turns, inst, plays)
            inst.children.append(child)
            if plays.then is Then.SET_ASIDE and child.removed_by:
                # It moved elsewhere first (it trashed itself, it was removed): it cannot be set aside.
                inst.lost_card = child.label
            elif plays.then is Then.SET_ASIDE and plays.again_next_turn:
                child.set_aside_by = inst.label
            elif plays.then is not Then.STAYS and not child.removed_by:
                verb = "trashes" if plays.then is Then.TRASH else "sets aside"
                child.removed_by = f"{inst.label} {verb} it after playing it"

    def _per_play_ways(self, inst: Instance, raws: tuple[RawNode | None, ...]) -> RawNode:
        """A Throne variant plays one card several times, and each play may use a Way or not: the same card
        written once per play ("Caravan + Caravan as Way of the Sheep") is that card with one choice per play
        (followed/not-followed: a play using a Way does not follow the card's own instructions, DM2)."""
        named = [r for r in raws if r is not None]
        cards = {self.lookup(r.name).name for r in named}
        if len(named) != len(raws) or len(cards) != 1 or any(r.children or r.played_nothing for r in named):
            raise ScenarioError(f"{inst.label} plays one card {len(raws)} times: after “>” write that card once "
                                "(“Throne Room > Caravan”), or once per play to say which plays used a Way "
                                "(“Throne Room > Caravan + Caravan as Way of the Sheep”).")
        followed = []
        for r in named:
            way = self.lookup(r.as_name) if r.as_name else None
            if way is not None and not sets_aside_to_play_next_turn(way) and (
                    self.behaviour_of(way).plays is not None or self.behaviour_of(way).kind is not Kind.NONE):
                raise ScenarioError(f"{way.name} does more than replace one play's instructions; ask with every "
                                    f"play using it (“{inst.label} > {r.name} as {way.name}”).")
            followed.append("followed" if way is None or follows_own(way) else "not-followed")
            for name in (r.name, *([r.as_name] if r.as_name else [])):
                self.names[name] = self.lookup(name).name
        choices = tuple(dict.fromkeys(c for r in named for c in r.choices))
        if self.behaviour_of(self.lookup(named[0].name)).kind is not Kind.NONE and "not-followed" in followed:
            choices += ("/".join(followed),)  # (a card with nothing later is the same either way)
        collapsed = RawNode(named[0].name, None, choices)
        self.play_ways[id(collapsed)] = [self.lookup(r.as_name) if r.as_name else None for r in named]
        return collapsed

    def _check_allowed(self, child: Instance, parent: Instance, plays: Plays) -> None:
        # a card played using a Way is still that card, played (only what it does is the Way's)
        types = types_of(child.card)
        if plays.requires and not set(plays.requires) & set(types):
            self.forbid(child, "DM14", f"{parent.label} cannot play {child.label}: it plays "
                        f"{' or '.join(plays.requires)} cards, and {child.label} is "
                        f"{article('-'.join(types)) + ' card' if types else 'untyped'}")
            return
        for rule in plays.forbids:
            if rule.type not in types:
                continue
            match rule.wording:
                case Forbidden.ALWAYS:
                    self.forbid(child, "DM14", f"{parent.label} cannot play {child.label}: it may not play "
                                f"{article(rule.type)} card under any wording")
                case Forbidden.NEWER:
                    if self.policy.wording is Wording.NEWER:
                        self.forbid(child, "DM14", f"{parent.label} cannot play {child.label} under the newer "
                                    f"wording: it may not play {article(rule.type)} card", wording=True)
                case _:
                    assert_never(rule.wording)


PLAYABLE = frozenset({"Action", "Treasure", "Night"})


def is_playable(card: Card) -> bool:
    """Only Action, Treasure and Night cards are played (the rulebook); a card with none of these types never is."""
    return bool(PLAYABLE & set(types_of(card)))


def unplayable_kind(card: Card) -> str:
    """"a Victory card", "a Victory-Reaction card", "a Curse card": what a card no one plays is, in words."""
    return article("-".join(types_of(card)) or "untyped") + " card"


def follows_own(way: Card) -> bool:
    """A Way whose text is to follow the card's own instructions (Way of the Chameleon) does not replace them."""
    return bool(re.match(r"\s*follow this card's instructions", way.text.replace("’", "'"), re.I))


def canonical(raw: RawNode, names: dict[str, str]) -> RawNode:
    """The chain with every name as the matched card's name: typos and aliases give the same ruling id."""
    return RawNode(names.get(raw.name, raw.name), names.get(raw.as_name, raw.as_name) if raw.as_name else None,
                   raw.choices, tuple(None if c is None else canonical(c, names) for c in raw.children),
                   raw.played_nothing)


def label_repeats(instances: list[Instance]) -> None:
    """Number cards that appear more than once ("Caravan #2") so each answer names one card."""
    totals: dict[str, int] = {}
    for inst in instances:
        totals[inst.label] = totals.get(inst.label, 0) + 1
    seen: dict[str, int] = {}
    for inst in instances:
        if totals[inst.label] > 1:
            seen[inst.label] = seen.get(inst.label, 0) + 1
            inst.label = f"{inst.label} #{seen[inst.label]}"
