"""Judge a Dominion turn: for every card in the chains, the Clean-up in which it leaves play, and why.

Two passes. `build` expands the chains into card instances (who played what, how often, on which turn,
with which choices); `Evaluator` then decides each instance bottom-up, since a Throne or Command
variant's answer depends on the card it played. Each decision is a list of candidate leave points
(its ordinary Clean-up, its own later effects, the cards it played) and the latest one wins; every
candidate is a trace step with its rule id.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import assert_never

from engine.cards import Card
from engine.rulesets.dominion import interpretations as notes
from engine.rulesets.dominion.behaviour import (
    At,
    Behaviour,
    Forbidden,
    How,
    Kind,
    Leaves,
    Plays,
    Then,
    is_duration,
    types_of,
)
from engine.rulesets.dominion.rules import POLICIES, VERSIONS, Policy, Tracking, Wording
from engine.rulesets.dominion.scenario import (
    MAX_CARDS,
    Choices,
    PlayChoice,
    RawNode,
    ScenarioError,
    parse_choices,
)
from engine.trace import RulesetVersion, Trace


class Phase(IntEnum):
    """When within (or after) one of your turns a card leaves play; the order is the order in time."""

    DURING = 0   # outside Clean-up: trashed, set aside, put into hand at the start of a turn
    CLEAN_UP = 1
    OTHER = 2    # the Clean-up of another player's turn after this one (DM12)


@dataclass(frozen=True, order=True)
class Point:
    turn: float  # your turns counted from this one (0); math.inf: never
    phase: Phase = Phase.CLEAN_UP

    def cleanup(self) -> Point:
        """Where a Throne variant that stayed for a card leaves: the Clean-up of the turn that card left."""
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
    problem: str = ""                # why this play cannot happen under the version judged
    # decided by the evaluator
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


@dataclass
class Verdict:
    ruleset: RulesetVersion
    policy: Policy
    chains: list[str]
    skip_next_turn: bool
    instances: list[Instance]
    trace: Trace
    extra_turns: set[int]
    problems: list[str]
    alternative: Verdict | None = None  # the older wording's answer when this version forbids a play

    @property
    def legal(self) -> bool:
        return not self.problems


Lookup = Callable[[str], Card]
BehaviourOf = Callable[[Card], Behaviour]


# --- pass 1: expand the chains ----------------------------------------------------------------------

class Builder:
    def __init__(self, lookup: Lookup, behaviour_of: BehaviourOf, policy: Policy) -> None:
        self.lookup = lookup
        self.behaviour_of = behaviour_of
        self.policy = policy
        self.instances: list[Instance] = []
        self.skip_after: set[int] = set()
        self.counts: dict[str, int] = {}

    def build(self, raw: RawNode, play_turns: list[int], parent: Instance | None = None,
              plays: Plays | None = None) -> Instance:
        if len(self.instances) >= MAX_CARDS:
            raise ScenarioError(f"The scenario has more than {MAX_CARDS} cards in play; shorten the chain.")
        card = self.lookup(raw.name)
        lent = self.lookup(raw.as_name) if raw.as_name else None
        behaviour = self.behaviour_of(lent or card)
        label = card.name + (f" as {lent.name}" if lent else "")
        choices = parse_choices(raw.choices, behaviour, label)
        if choices.count and choices.count != len(play_turns):
            raise ScenarioError(f"{label} is played {len(play_turns)} time(s) here, but its a/b choices name "
                                f"{choices.count} plays.")
        inst = Instance(len(self.instances) + 1, card, behaviour, label, choices, play_turns, parent=parent,
                        relation=plays.how if plays else None, in_play=plays.in_play if plays else True,
                        lent_by=lent)
        self.instances.append(inst)
        self.counts[label] = self.counts.get(label, 0) + 1
        if parent is not None and plays is not None:
            self._check_allowed(inst, parent, plays)
        if behaviour.skips_next_turn:
            self.skip_after.update(play_turns)
        if choices.removed:
            inst.removed_by = "removed from play early"
        if raw.children:
            self._children(inst, raw.children)
        return inst

    def _effective_plays(self, inst: Instance) -> Plays:
        plays = inst.behaviour.plays
        if plays is None:
            raise ScenarioError(f"{inst.label} does not play other cards (its behaviour has no plays), so "
                                "nothing can follow it after “>”.")
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
        acts = [t + a for t in inst.play_turns for a in self._act_offsets(inst, plays)]
        if len(raws) not in (1, len(acts)):
            raise ScenarioError(f"{inst.label} makes {len(acts)} play(s) here; after “>” list one card for all "
                                f"of them or one per play (“nothing” for none), not {len(raws)}.")
        for act, raw in zip(acts, raws * len(acts) if len(raws) == 1 else raws, strict=True):
            if raw is None:
                continue
            turns = ([act] if plays.replays else []) + [act + o for o in plays.times]
            child = self.build(raw, turns, inst, plays)
            inst.children.append(child)
            if plays.then is not Then.STAYS and not child.removed_by:
                verb = "trashes" if plays.then is Then.TRASH else "sets aside"
                child.removed_by = f"{inst.label} {verb} it after playing it"

    def _check_allowed(self, child: Instance, parent: Instance, plays: Plays) -> None:
        types = types_of(child.card)
        if plays.requires and not set(plays.requires) & set(types):
            raise ScenarioError(f"{parent.label} cannot play {child.label}: it plays "
                                f"{' or '.join(plays.requires)} cards, and {child.label} is "
                                f"{child.card.type or 'untyped'}.")
        for rule in plays.forbids:
            if rule.type not in types:
                continue
            match rule.wording:
                case Forbidden.ALWAYS:
                    raise ScenarioError(f"{parent.label} cannot play {child.label}: it may not play a "
                                        f"{rule.type} card under any wording.")
                case Forbidden.NEWER:
                    if self.policy.wording is Wording.NEWER:
                        child.problem = (f"{parent.label} cannot play {child.label} under the newer wording: "
                                         f"it may not play a {rule.type} card.")
                case _:
                    assert_never(rule.wording)


# --- pass 2: decide, bottom-up ----------------------------------------------------------------------

@dataclass(frozen=True)
class Candidate:
    point: Point
    rule: str | None
    why: str
    own: bool = False  # decided by the card's own effect, not by a card it played


class Evaluator:
    def __init__(self, builder: Builder, policy: Policy, skip_next_turn: bool) -> None:
        self.instances = builder.instances
        self.policy = policy
        self.skip_after = builder.skip_after | ({0} if skip_next_turn else set())
        self.trace = Trace()
        self.extra_turns: set[int] = set()
        self.skipped_extra = False
        self.no_stay: dict[int, list[Candidate]] = {}  # instance id -> reasons it does not stay for a card

    def step(self, inst: Instance, rule: str | None, trigger: str, decision: str, source: str) -> None:
        self.trace.add(rule, trigger, decision, source=source)
        if rule and rule not in inst.rules:
            inst.rules.append(rule)

    def run(self, roots: Sequence[Instance]) -> None:
        for root in roots:
            self.decide(root)
        if self.skip_after and not self.skipped_extra:
            self.trace.interpret(notes.SKIPPED_NORMAL_TURN)

    # one instance ------------------------------------------------------------------------------------

    def decide(self, inst: Instance) -> None:
        for child in inst.children:
            self.decide(child)
        base_why = "not a Duration: discarded in the Clean-up of the turn it was played"
        if inst.behaviour.kind is Kind.LATER:
            base_why = "not a Duration: its later effect does not keep it in play (DM13)"
        elif is_duration(inst.card) and not inst.lent_by:
            base_why = "no effect on a later turn: discarded in the Clean-up of the turn it was played"
        candidates = [Candidate(Point(inst.turn), None, base_why)]
        candidates += self.own_effects(inst)
        commanded = []
        for child in inst.children:
            found = self.contribution(inst, child)
            if found is not None:
                candidates.append(found)
                if child.relation is How.COMMAND:
                    commanded.append(found)
        if len({c.point for c in commanded}) > 1:
            last = max(commanded, key=lambda c: c.point)
            self.step(inst, "DM9", inst.label, "played several cards: it stays until the last of them would "
                      "leave play", "rule")
            candidates.append(Candidate(last.point, "DM9", f"the last of the cards it played ({last.why})"))
        best = max(candidates, key=lambda c: c.point)  # first of equals: its own reason before its cards'
        if best is candidates[0]:  # only its ordinary Clean-up: give the most telling reason for it
            ties = [c for c in candidates[1:] if c.point == best.point]
            reasons = [c for c in ties if c.own] or ties[-1:] or self.no_stay.get(inst.id, [])[-1:]
            best = reasons[0] if reasons else best
        inst.would = best.point
        inst.why = best.why
        inst.leave = best.point
        if inst.removed_by:
            inst.leave = Point(inst.turn, Phase.DURING)
            inst.why = f"{inst.removed_by}; its later effects still happen (DM11)"
            self.step(inst, "DM11", inst.label, f"{inst.removed_by}: it leaves play now, not in a Clean-up; "
                      "its later effects still happen", "scenario")
            self.trace.interpret(notes.REMOVED_EFFECTS)
        elif (inst.behaviour.leaves is Leaves.WHEN_DONE and best.own and best.point.phase is Phase.CLEAN_UP
              and best.point.turn < math.inf):
            inst.leave = Point(best.point.turn, Phase.DURING)
            inst.why = f"{best.why}; it then leaves play by itself during that turn, not in a Clean-up"
            self.trace.interpret(notes.ODD_LEAVING)
        if not inst.in_play:
            self.trace.interpret(notes.COMMANDED_NOT_IN_PLAY)

    # its own effects ---------------------------------------------------------------------------------

    def own_effects(self, inst: Instance) -> list[Candidate]:
        found = []
        for i, turn in enumerate(inst.play_turns):
            candidate = self.own_play(inst, i, turn, inst.choices.for_play(i) or PlayChoice())
            if candidate is not None:
                found.append(replace(candidate, own=True))
        return found

    def _trigger(self, inst: Instance, i: int) -> str:
        n = len(inst.play_turns)
        by = f" by {inst.parent.label}" if inst.parent else ""
        return inst.label + (f", play {i + 1} of {n}{by}" if n > 1 else by and f" (played{by})")

    def own_play(self, inst: Instance, i: int, turn: int, pc: PlayChoice) -> Candidate | None:
        b = inst.behaviour
        trigger = self._trigger(inst, i)
        source = "data" if b.annotated else "type"
        if not b.annotated and i == 0:
            self.trace.interpret(notes.no_annotation(inst.card.name, b.kind.value))
        if not pc.followed and b.kind not in (Kind.NONE, Kind.LATER):
            self.step(inst, "DM2", trigger, "its instructions were not followed: it does nothing later",
                      "scenario")
            return None
        repeat = i > 0 and not b.again  # a second play that cannot meet the condition again
        match b.kind:
            case Kind.NONE:
                return None
            case Kind.LATER:
                self.step(inst, "DM13", trigger, "has a later effect but is not a Duration: none of the "
                          "Duration rules apply, it is discarded as usual", source)
                return None
            case Kind.NEXT_TURN:
                self.step(inst, "DM1", trigger, "acts at the start of your next turn", source)
                if inst.choices.deck_empty:
                    self.step(inst, "DM2", trigger, "an empty deck does not matter: the next-turn effect "
                              "still counts as doing something" if b.draws else "the empty deck does not "
                              "change what it does next turn", "scenario")
                return Candidate(Point(turn + 1), "DM1", "it acts at the start of your next turn")
            case Kind.OPTIONAL:
                option = pc.option or self._default(inst, "DM2", "the next-turn option is taken", "next-turn")
                if option == "now":
                    self.step(inst, "DM2", trigger, "its effect was taken now: nothing left for a later turn",
                              "scenario")
                    return None
                self.step(inst, "DM1", trigger, "its effect waits for the start of your next turn", "scenario")
                return Candidate(Point(turn + 1), "DM1", "its effect was kept for your next turn")
            case Kind.CONDITIONAL:
                option = pc.option or ("not-met" if repeat else self._default(
                    inst, "DM2", f"its condition ({b.condition or 'see its text'}) is taken as met", "met"))
                if option == "met" and repeat and pc.option:
                    self.trace.interpret(notes.repeated_condition(inst.label))
                if option == "not-met":
                    why = "not met" + (" (a repeated play finds nothing left to meet it)" if repeat
                                       and not pc.option else "")
                    self.step(inst, "DM2", trigger, f"its condition ({b.condition}) was {why}: it does "
                              "nothing later", "scenario" if pc.option else source)
                    return None
                self.step(inst, "DM1", trigger, f"its condition ({b.condition}) was met: it acts at the start "
                          "of your next turn", "scenario")
                return Candidate(Point(turn + 1), "DM1", f"its condition ({b.condition}) was met, so it acts "
                                 "next turn")
            case Kind.UNTIL_EMPTY:
                left = pc.left if pc.left is not None else b.left
                if pc.left is None and i == 0:
                    self._default(inst, "DM3", f"{b.left} set-aside card(s) are left after this turn", "")
                if left == 0:
                    self.step(inst, "DM2", trigger, "no set-aside cards are left for later turns", "scenario")
                    return None
                self.step(inst, "DM3", trigger, f"{left} set-aside card(s) left, one per turn: it stays until "
                          f"your turn {turn + left}", "scenario" if pc.left is not None else source)
                return Candidate(Point(turn + left), "DM3", f"it hands back its last set-aside card on turn "
                                 f"{turn + left}")
            case Kind.EXTRA_TURN:
                return self.extra_turn(inst, trigger, turn, pc, repeat)
            case Kind.EVERY_TURN:
                self.step(inst, "DM4", trigger, "acts on every one of your turns: it stays for the rest of "
                          "the game", source)
                return Candidate(FOREVER, "DM4", "it acts on every turn for the rest of the game")
            case Kind.UNTIL_CONDITION:
                return self.until_condition(inst, trigger, turn, source)
            case _:
                assert_never(b.kind)

    def extra_turn(self, inst: Instance, trigger: str, turn: int, pc: PlayChoice,
                   repeat: bool) -> Candidate | None:
        option = pc.option or ("not-taken" if repeat else "taken")
        if option == "taken" and turn in self.skip_after:
            option = "skipped"
            self.step(inst, "DM12", trigger, "the extra turn it gives is the turn that gets skipped", "scenario")
        match option:
            case "taken":
                self.extra_turns.add(turn + 1)
                self.step(inst, "DM3", trigger, "gives an extra turn right after this one: it stays until "
                          "that turn's Clean-up", "data")
                return Candidate(Point(turn + 1), "DM3", "it stays until the Clean-up of the extra turn")
            case "not-taken":
                why = "only the first one in a turn gives a turn" if repeat and not pc.option else "not taken"
                self.step(inst, "DM2", trigger, f"no extra turn ({why}): nothing left for a later turn",
                          "scenario")
                return None
            case "skipped":
                self.skipped_extra = True
                self.trace.interpret(notes.OTHER_PLAYERS)
                self.step(inst, "DM12", trigger, "its extra turn is skipped, so it stops having an effect "
                          "before your next turn: discarded in the next Clean-up that happens", "scenario")
                return Candidate(Point(turn, Phase.OTHER), "DM12", "its extra turn was skipped; it goes in "
                                 "the next Clean-up that happens")
            case _:
                raise ScenarioError(f"Unknown extra-turn option {option!r}.")

    def until_condition(self, inst: Instance, trigger: str, turn: int, source: str) -> Candidate:
        b, choices = inst.behaviour, inst.choices
        what = b.condition or "its condition"
        if choices.never:
            self.step(inst, "DM5", trigger, f"waits until {what}, which never happens: it never leaves",
                      "scenario")
            return Candidate(FOREVER, "DM5", f"it waits for {what}, which never happens")
        met = choices.met_turn
        if met is None and inst.children:
            met = 0
            self._default(inst, "DM5", f"{what} happened this turn, with the card it replays", "")
        if met is None:
            self._default(inst, "DM5", f"it is not said when {what} happens, so it stays until then "
                          "(forever if never; give met=N)", "")
            self.step(inst, "DM5", trigger, f"waits until {what}: it stays until the Clean-up of that turn, "
                      "for the rest of the game if it never happens", source)
            return Candidate(FOREVER, "DM5", f"it waits for {what}, not yet met")
        self.step(inst, "DM5", trigger, f"waits until {what}, which happens on turn {turn + met}: it stays "
                  "until that turn's Clean-up", "scenario")
        return Candidate(Point(turn + met), "DM5", f"{what} happens on turn {turn + met}")

    def _default(self, inst: Instance, rule: str, what: str, value: str) -> str:
        self.trace.interpret(notes.defaulted(inst.label, rule, what))
        return value

    # what it played ----------------------------------------------------------------------------------

    def _not_kept(self, inst: Instance, rule: str, why: str) -> None:
        """Record why a card it played does not keep `inst` in play (its answer then says so)."""
        self.no_stay.setdefault(inst.id, []).append(Candidate(Point(inst.turn), rule, why))

    def contribution(self, inst: Instance, child: Instance) -> Candidate | None:
        """How long `inst` stays because of `child` (None: not at all)."""
        assert child.relation is not None
        if not child.legal:
            self.trace.interpret(notes.NEWER_WORDING)
            rule = "DM8" if child.relation is How.COMMAND else "DM6"
            self.step(inst, rule, inst.label, f"{child.problem} It played nothing that lasts.", "wording")
            self._not_kept(inst, rule, f"it cannot play {child.label} under the newer wording, so nothing keeps it")
            return None
        match child.relation:
            case How.ONCE:
                if is_duration(child.card):
                    self.step(inst, "DM7", inst.label, f"played {child.label} only once: it does not stay for it",
                              "data")
                    self._not_kept(inst, "DM7", f"it played {child.label} only once")
                return None
            case How.EXTRA:
                return self.throne(inst, child)
            case How.COMMAND:
                point = child.would.cleanup()
                self.step(inst, "DM8", inst.label, f"a Command variant: it stays as long as {child.label} "
                          f"would ({describe(point, self.extra_turns)[2]})", "data")
                return Candidate(point, "DM8", f"it stays as long as {child.label} would ({child.why})")
            case _:
                assert_never(child.relation)

    def throne(self, inst: Instance, child: Instance) -> Candidate | None:
        tracking = self.policy.tracking
        if is_duration(child.card) and not child.lent_by:
            match tracking:
                case Tracking.CURRENT | Tracking.PRIOR_CHAIN:
                    if child.removed_by:
                        self.step(inst, "DM11", inst.label, f"{child.label} was removed early: the Throne "
                                  "variant that stayed for it is discarded in this Clean-up", "rule")
                        return Candidate(child.leave.cleanup(), "DM11", f"{child.label} was removed early")
                    point = child.leave.cleanup()
                    self.step(inst, "DM6", inst.label, f"played the Duration {child.label} more than once: "
                              f"it stays as long as {child.label} ({describe(point, self.extra_turns)[2]})",
                              "rule")
                    return Candidate(point, "DM6", f"it played {child.label} more than once and stays as long "
                                     "as it does")
                case Tracking.PRIOR_THRONE:
                    self.trace.interpret(notes.PRIOR_EXTRA_PLAYS)
                    ends = [c.point for i, t in enumerate(child.play_turns) if i > 0
                            if (c := self._quiet_own(child, i, t)) is not None]
                    if not ends:
                        self.step(inst, "DM6", inst.label, f"prior rule: the extra plays of {child.label} do "
                                  "nothing later, so it does not stay", "ruleset")
                        self._not_kept(inst, "DM6", f"prior rule: the extra plays of {child.label} do nothing "
                                       "later")
                        return None
                    point = max(ends)
                    self.step(inst, "DM6", inst.label, f"prior rule: it stays while the extra plays of "
                              f"{child.label} still act ({describe(point, self.extra_turns)[2]})", "ruleset")
                    return Candidate(point, "DM6", f"prior rule: the extra plays of {child.label} act until then")
                case _:
                    assert_never(tracking)
        stays = child.would > Point(child.turn)
        if stays:
            match tracking:
                case Tracking.CURRENT | Tracking.PRIOR_THRONE:
                    self.step(inst, "DM10", inst.label, f"{child.label} is not a Duration, though it stays in "
                              "play: only the card that played the Duration stays", "rule")
                    self._not_kept(inst, "DM10", f"{child.label} is not a Duration; only the card that played "
                                   "the Duration stays")
                    return None
                case Tracking.PRIOR_CHAIN:
                    self.trace.interpret(notes.PRIOR_CHAIN_SCOPE)
                    point = child.would.cleanup()
                    self.step(inst, "DM10", inst.label, f"prior rule: it stays as long as {child.label}, which "
                              f"stays for a Duration ({describe(point, self.extra_turns)[2]})", "ruleset")
                    return Candidate(point, "DM10", f"prior rule: it stays as long as {child.label}")
                case _:
                    assert_never(tracking)
        if child.behaviour.kind is Kind.LATER:
            self.step(inst, "DM13", inst.label, f"{child.label} is not a Duration: a Throne variant does not "
                      "stay for its later effect", "rule")
            self._not_kept(inst, "DM13", f"{child.label} is not a Duration, whatever it does later")
        return None

    def _quiet_own(self, inst: Instance, i: int, turn: int) -> Candidate | None:
        """An own-effect check without trace steps (prior-throne looks at the extra plays again)."""
        saved = (len(self.trace.steps), len(self.trace.interpretations), list(inst.rules), set(self.extra_turns))
        found = self.own_play(inst, i, turn, inst.choices.for_play(i) or PlayChoice())
        del self.trace.steps[saved[0]:]
        del self.trace.interpretations[saved[1]:]
        inst.rules[:] = saved[2]
        self.extra_turns = saved[3]
        return found


# --- words for a leave point ------------------------------------------------------------------------

def describe(point: Point, extra_turns: set[int]) -> tuple[str, int | None, str]:
    """(cleanup category, turn, words) for the JSON and the explanation."""
    if point.turn == math.inf:
        return "never", None, "never: it stays in play for the rest of the game"
    turn = int(point.turn)
    match point.phase:
        case Phase.OTHER:
            return "other-player", None, "in the next Clean-up that happens, another player's"
        case Phase.DURING:
            when = "this turn" if turn == 0 else "your next turn" if turn == 1 else f"your turn {turn}"
            return "removed", turn, f"during {when}, outside any Clean-up"
        case Phase.CLEAN_UP:
            if turn in extra_turns:
                return "extra-turn", turn, "in the Clean-up of the extra turn"
            if turn == 0:
                return "this-turn", 0, "in this turn's Clean-up"
            if turn == 1:
                return "next-turn", 1, "in the Clean-up of your next turn"
            return "turn-N", turn, f"in the Clean-up of your turn {turn} (this turn is 0)"
        case _:
            assert_never(point.phase)


# --- entry point ------------------------------------------------------------------------------------

def evaluate(chains: Sequence[RawNode], lookup: Lookup, behaviour_of: BehaviourOf, ruleset: str = "current",
             *, skip_next_turn: bool = False) -> Verdict:
    """The verdict for one turn's chains under one ruleset version (see rules.VERSIONS)."""
    if ruleset not in VERSIONS:
        raise ScenarioError(f"Unknown ruleset {ruleset!r}; valid: {', '.join(VERSIONS)}.")
    if not chains:
        raise ScenarioError("Name at least one card played this turn.")
    policy = POLICIES[ruleset]
    builder = Builder(lookup, behaviour_of, policy)
    roots = [builder.build(raw, [0]) for raw in chains]
    _label_repeats(builder.instances)
    evaluator = Evaluator(builder, policy, skip_next_turn)
    if policy.tracking is not Tracking.CURRENT:
        evaluator.trace.interpret(notes.PRIOR_WORDING)
    evaluator.run(roots)
    problems = [i.problem for i in builder.instances if i.problem]
    verdict = Verdict(VERSIONS[ruleset], policy, [raw.text() for raw in chains], skip_next_turn,
                      builder.instances, evaluator.trace, evaluator.extra_turns, problems)
    if problems and policy.wording is Wording.NEWER:
        verdict.alternative = evaluate(chains, lookup, behaviour_of, "older-wording",
                                       skip_next_turn=skip_next_turn)
    return verdict


def _label_repeats(instances: list[Instance]) -> None:
    """Number cards that appear more than once ("Caravan #2") so each answer names one card."""
    totals: dict[str, int] = {}
    for inst in instances:
        totals[inst.label] = totals.get(inst.label, 0) + 1
    seen: dict[str, int] = {}
    for inst in instances:
        if totals[inst.label] > 1:
            seen[inst.label] = seen.get(inst.label, 0) + 1
            inst.label = f"{inst.label} #{seen[inst.label]}"
