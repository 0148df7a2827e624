"""Judge a Dominion turn: for every card in the chains, the Clean-up in which it leaves play, and why.

Two passes. build.py expands the chains into card instances (who played what, how often, on which turn,
with which choices); the Evaluator here then decides each instance bottom-up, since a Throne or Command
variant's answer depends on the card it played. Each decision is a list of candidate leave points
(its ordinary Clean-up, its own later effects, the cards it played) and the latest one wins; every
candidate is a trace step with its rule id.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import assert_never

from engine.rulesets.dominion import interpretations as notes
from engine.rulesets.dominion.behaviour import Behaviour, How, Kind, Leaves, is_duration, types_of
from engine.rulesets.dominion.build import (
    FOREVER,
    BehaviourOf,
    Builder,
    Instance,
    Lookup,
    Phase,
    Point,
    canonical,
    follows_own,
    label_repeats,
)
from engine.rulesets.dominion.rules import POLICIES, VERSIONS, Commands, Policy, Tracking, Wording
from engine.rulesets.dominion.scenario import PlayChoice, RawNode, ScenarioError
from engine.trace import RulesetVersion, Trace

__all__ = ["Instance", "Lookup", "Point", "Verdict", "describe", "evaluate"]


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
    extra_turn: bool = False  # this turn is itself an extra turn
    opponent_turn: bool = False  # the chains were played on another player's turn
    last_turn: bool = False  # the chains were played on the player's last turn (the question is asked on the next)
    problem_rules: list[str] = field(default_factory=list)  # the rule forbidding each problem, in order
    assumed: list[str] = field(default_factory=list)  # what was taken as given because it was not said

    @property
    def legal(self) -> bool:
        return not self.problems


# --- pass 2: decide, bottom-up ----------------------------------------------------------------------

@dataclass(frozen=True)
class Candidate:
    point: Point
    rule: str | None
    why: str
    own: bool = False  # decided by the card's own effect, not by a card it played


class Evaluator:
    def __init__(self, builder: Builder, policy: Policy, skip_next_turn: bool) -> None:
        self.opponent_turn = builder.opponent_turn
        self.instances = builder.instances
        self.policy = policy
        self.skip_after = builder.skip_after | ({0} if skip_next_turn else set())
        self.this_turn_extra = builder.extra_turn
        self.trace = Trace()
        self.extra_turns: set[int] = set()
        self.skipped_extra = False
        self.assumed: list[str] = []  # what the scenario did not say and the answer took, in players' words
        self.no_stay: dict[int, list[Candidate]] = {}  # instance id -> reasons it does not stay for a card

    def words(self, point: Point) -> str:
        return describe(point, self.extra_turns, self.opponent_turn)[2]

    def step(self, inst: Instance, rule: str | None, trigger: str, decision: str, source: str) -> None:
        self.trace.add(rule, trigger, decision, source=source)
        if rule and rule not in inst.rules:
            inst.rules.append(rule)

    def extra_option(self, turn: int, pc: PlayChoice, repeat: bool) -> str:
        """taken / not-taken / skipped for one play of an extra-turn Duration."""
        option = pc.option or ("not-taken" if repeat else "taken")
        return "skipped" if option == "taken" and turn in self.skip_after else option

    def run(self, roots: Sequence[Instance]) -> None:
        # Which of your turns are extra turns, known up front so every step can name them right.
        for inst in self.instances:
            if inst.behaviour.kind is Kind.EXTRA_TURN:
                for i, turn in enumerate(inst.play_turns):
                    if self.this_turn_extra and turn == 0:
                        continue
                    pc = inst.choices.for_play(i) or PlayChoice()
                    if pc.followed and self.extra_option(turn, pc, i > 0 and not inst.behaviour.again) == "taken":
                        self.extra_turns.add(turn + 1)
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
            base_why = "not a Duration: its later effect does not keep it in play"
        elif is_duration(inst.card) and not inst.lent_by:
            base_why = "no effect on a later turn: discarded in the Clean-up of the turn it was played"
        if inst.lent_by is not None and "Way" in types_of(inst.lent_by) and not follows_own(inst.lent_by):
            # (the card is played; it does what the Way says instead of its own instructions, DM2)
            base_why = (f"played using {inst.lent_by.name}, it did that instead of its own instructions, so nothing "
                        f"of {inst.card.name} happens on a later turn: discarded in the Clean-up of the turn it was "
                        "played")
        if self.opponent_turn and inst.turn == 0 and inst.in_play:
            base_why = ("played on another player's turn: discarded in that turn's Clean-up" if not
                        is_duration(inst.card) else base_why.replace("the turn it was played", "that turn"))
        if not inst.in_play and inst.parent is None:
            base_why = "never in play: an Event, Project, Way or Trait is not a card in play"
            if inst.unplayable:
                base_why = (f"never in play: {inst.unplayable} cannot be played (only Action, Treasure and Night "
                            "cards are), so no Clean-up discards it from play")
                self.step(inst, "DM16", inst.label, f"{inst.unplayable}: it cannot be played, so it is never in "
                          "play", "type")
        b = inst.behaviour
        if b.leaves_itself and not b.always_leaves and not inst.removed_by and inst.in_play and not inst.lent_by:
            # "You may trash this for +$2", "... you may put this onto your deck": not used unless it is said
            phrase = f"{inst.label} does not leave play by its own “{b.leaves_itself}”"
            if phrase not in self.assumed:
                self.assumed.append(phrase)
            self.trace.interpret(notes.defaulted(inst.label, "DM11", f"its own “{b.leaves_itself}” is not used; "
                                                 f"give the choice removed (“{inst.card.name}[removed]”) if it is"))
        if inst.way_may_leave:  # Way of the Butterfly: the player chose the Way; its "you may" is taken as used
            mover = inst.mover or inst.lent_by
            moved = self.behaviour_of_mover(inst)
            phrase = f"{inst.label} is moved by {mover.name}'s “{moved}”"
            if phrase not in self.assumed:
                self.assumed.append(phrase)
        if inst.gained:
            base_why = ("gained, not played: only its “When you gain this” plays a card, so it was gained and is not "
                        "in play")
            self.step(inst, None, inst.label, "gained, not played: its “When you gain this” is what played "
                      f"{', '.join(c.label for c in inst.children)}; it is not in play itself", "text")
        if inst.reacted:
            base_why = ("not played: on another player's turn its Reaction is what it does, and "
                        f"{inst.behaviour.reacts_by}, so it is never in play and no Clean-up discards it")
            self.step(inst, "DM15", inst.label, f"used as its Reaction on another player's turn: "
                      f"{inst.behaviour.reacts_by}; it is not played, so it is not in play", "text")
        candidates = [Candidate(Point(inst.turn), None, base_why)]
        if not inst.gained:  # (a gained card's own instructions are not followed: it was not played)
            candidates += self.own_effects(inst)
        if inst.set_aside_by:
            why = (f"{inst.set_aside_by} sets it aside now and plays it again at the start of your next turn; it "
                   f"leaves play in that turn's Clean-up, as {inst.set_aside_by} does")
            lasting = inst.replay is not None and inst.mover is not None and _lasts(inst.replay[0])
            then = "" if lasting else ", then discarded in that turn's Clean-up"
            self.step(inst, None, inst.label, f"set aside by {inst.set_aside_by} (out of play for the rest of this "
                      f"turn), played again at the start of your next turn{then}", "data")
            candidates.append(Candidate(Point(inst.turn + 1), None, why, own=True))
            if inst.replay is not None and inst.mover is not None:
                candidates += self.replayed(inst)
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
        inst.why = base_why if inst.gained or inst.reacted else best.why
        inst.leave = best.point
        if inst.removed_by:
            inst.leave = Point(inst.turn, Phase.DURING)
            later = inst.behaviour.kind is not Kind.NONE or any(c is not None for c in inst.own_ends)
            inst.why = inst.removed_by + ("; its later effects still happen" if later else "")
            self.step(inst, "DM11", inst.label, f"{inst.removed_by}: it leaves play now, not in a Clean-up"
                      + ("; its later effects still happen" if later else ""), "scenario")
            if later:  # (a card with nothing later, Urchin or Feast, has nothing to remember)
                self.trace.interpret(notes.REMOVED_EFFECTS)
        elif (inst.behaviour.leaves is Leaves.WHEN_DONE and best.own and best.point.phase in (Phase.CLEAN_UP,
                                                                                            Phase.THEIRS)
              and best.point.turn < math.inf):
            # it leaves by itself when it acts: during that turn (yours, or another player's for a "next time")
            inst.leave = Point(best.point.turn, Phase.DURING if best.point.phase is Phase.CLEAN_UP
                               else Phase.THEIRS_DURING)
            inst.why = f"{best.why}; it then leaves play by itself during that turn, not in a Clean-up"
            self.trace.interpret(notes.LEAVES_WHEN_MET if inst.behaviour.kind is Kind.UNTIL_CONDITION
                                 else notes.ODD_LEAVING)
        if not inst.in_play and not inst.reacted and not inst.gained:
            self.trace.interpret(notes.COMMANDED_NOT_IN_PLAY)

    @staticmethod
    def behaviour_of_mover(inst: Instance) -> str:
        """The words of the Way that moved it ("You may return this to its pile ...")."""
        removed = inst.removed_by
        return removed[removed.index("“") + 1:removed.index("”")] if "“" in removed else inst.behaviour.leaves_itself

    def replayed(self, inst: Instance) -> list[Candidate]:
        """Way of the Turtle plays the set-aside card at the start of your next turn, by its own instructions
        (taken: its FAQ lets the Way be used again then): a Duration then stays for that play's later effect."""
        assert inst.replay is not None and inst.mover is not None
        own, choices = inst.replay
        self.trace.interpret(notes.TURTLE_REPLAY)
        if not _lasts(own):
            return []
        shadow = Instance(inst.id, inst.card, own, f"{inst.card.name} (played again at the start of your next turn)",
                          choices, [inst.turn + 1])
        found = self.own_play(shadow, 0, inst.turn + 1, choices.for_play(0) or PlayChoice())
        inst.rules.extend(r for r in shadow.rules if r not in inst.rules)
        if found is None:
            return []
        phrase = (f"{inst.card.name} follows its own instructions when {inst.mover.name} plays it at the start of "
                  "your next turn")
        if phrase not in self.assumed:
            self.assumed.append(phrase)
        point, itself = found.point, ""
        if own.leaves is Leaves.WHEN_DONE and point.phase is Phase.CLEAN_UP and point.turn < math.inf:
            # Conjurer, Crew, Highwayman: it leaves by itself when it acts, during that turn (as when played alone)
            point, itself = Point(point.turn, Phase.DURING), " (by itself, when it acts)"
            self.trace.interpret(notes.ODD_LEAVING)
        return [Candidate(point, found.rule, f"{inst.mover.name} sets it aside now and plays it at the start "
                          f"of your next turn; played then by its own instructions, it is a Duration with an effect "
                          f"on the turn after, so it leaves play {self.words(point)}{itself}", own=True)]

    # its own effects ---------------------------------------------------------------------------------

    def own_effects(self, inst: Instance) -> list[Candidate]:
        found = []
        for i, turn in enumerate(inst.play_turns):
            candidate = self.own_play(inst, i, turn, inst.choices.for_play(i) or PlayChoice())
            inst.own_ends.append(None if candidate is None else candidate.point)
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
        source = ("text" if b.note == "read from its text" else "data") if b.annotated else "type"
        if not b.annotated and i == 0:
            self.trace.interpret(notes.no_annotation(inst.card.name, b.kind.value))
            if b.kind is not Kind.NONE:  # a Duration no text pattern reads: its type is all there is to go on
                phrase = f"{inst.card.name}, read from its types only, acts at the start of your next turn"
                if phrase not in self.assumed:
                    self.assumed.append(phrase)
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
            case Kind.NEXT_TURN if b.needs_card and inst.played_nothing:
                self.step(inst, "DM2", trigger, "it set no card aside, so it has nothing to play next turn and "
                          "does nothing later", "scenario")
                return None
            case Kind.NEXT_TURN if inst.choices.start_option and inst.choices.start_option == b.leaves_with:
                option = inst.choices.start_option
                self.step(inst, "DM1", trigger, f"acts at the start of your next turn and chooses “{option}”, "
                          "which takes it out of play then", "scenario")
                self.trace.interpret(notes.ODD_LEAVING)
                return Candidate(Point(turn + 1, Phase.DURING), "DM1", f"at the start of your next turn it chose "
                                 f"“{option}”, which takes it out of play then")
            case Kind.NEXT_TURN if b.ends_next_turn:
                self.trace.interpret(notes.ENDS_NEXT_TURN)
                self.step(inst, "DM1", trigger, "its effect lasts until the start of your next turn and ends then; "
                          "it stays until that turn's Clean-up", source)
                return Candidate(Point(turn + 1), "DM1", "its effect lasts until the start of your next turn (it "
                                 "ends then), which keeps it in play until that turn's Clean-up")
            case Kind.NEXT_TURN:
                self.step(inst, "DM1", trigger, "acts at the start of your next turn", source)
                if b.leaves_with and not inst.choices.start_option and i == 0:
                    # "At the start of your next turn, choose one: +$2; or trash this ...": the option that keeps
                    # it is taken, said (Cabin Boy[trash] says the other)
                    kept = next((o for o in b.start_options if o != b.leaves_with), "")
                    self._default(inst, "DM1", f"at the start of your next turn it chooses “{kept}”, not "
                                  f"“{b.leaves_with}”", "", f"{inst.label} chooses “{kept}” at the start of your next "
                                  "turn" if kept else f"{inst.label} does not choose “{b.leaves_with}”")
                if inst.choices.deck_empty:
                    self.step(inst, "DM2", trigger, "an empty deck does not matter: the next-turn effect "
                              "still counts as doing something" if b.draws else "the empty deck does not "
                              "change what it does next turn", "scenario")
                return Candidate(Point(turn + 1), "DM1", "it acts at the start of your next turn")
            case Kind.OPTIONAL:
                option = pc.option or self._default(inst, "DM2", "the next-turn option is taken", "next-turn",
                                                        f"{inst.label} kept its effect for your next turn")
                if option == "now":
                    self.step(inst, "DM2", trigger, "its effect was taken now: nothing left for a later turn",
                              "scenario")
                    return None
                self.step(inst, "DM1", trigger, "its effect waits for the start of your next turn", "scenario")
                return Candidate(Point(turn + 1), "DM1", "its effect was kept for your next turn")
            case Kind.CONDITIONAL if inst.lost_card:
                # The card it should set aside moved elsewhere first: the condition fails by itself.
                if pc.option == "met":
                    Builder.forbid(inst, "DM11", f"{inst.label} cannot have set aside {inst.lost_card}: it left "
                                   "play first (removed)")
                self.step(inst, "DM2", trigger, f"{inst.lost_card} left play before it could be set aside (it "
                          f"trashed itself or was removed), so {inst.label} fails to set it aside and does "
                          "nothing later", "scenario")
                return None
            case Kind.CONDITIONAL if not pc.option and inst.played_nothing:
                self.step(inst, "DM2", trigger, f"nothing was set aside, played or done for it (“> nothing”), so "
                          f"its condition ({b.condition}) is not met and it does nothing later", "scenario")
                return None
            case Kind.CONDITIONAL:
                given = pc.option or ("met" if inst.children and b.plays is not None else None)
                option = given or ("not-met" if repeat else self._default(
                    inst, "DM2", f"its condition ({b.condition or 'see its text'}) is taken as met", "met",
                    f"{inst.label} met its condition ({b.condition or 'see its text'})"))
                if option == "met" and repeat and given:
                    self.trace.interpret(notes.repeated_condition(inst.label))
                if option == "not-met":
                    why = "not met" + (" (a repeated play finds nothing left to meet it)" if repeat
                                       and not pc.option else "")
                    self.step(inst, "DM2", trigger, f"its condition ({b.condition}) was {why}: it does "
                              "nothing later", "scenario" if given else source)
                    return None
                self.step(inst, "DM1", trigger, f"its condition ({b.condition}) was met: it acts at the start "
                          "of your next turn", "scenario")
                return Candidate(Point(turn + 1), "DM1", f"its condition ({b.condition}) was met, so it acts "
                                 "next turn")
            case Kind.UNTIL_EMPTY if pc.left is None and inst.played_nothing:
                self.step(inst, "DM2", trigger, "it set no card aside, so none is left for later turns", "scenario")
                return None
            case Kind.UNTIL_EMPTY:
                left = pc.left if pc.left is not None else b.left
                if pc.left is None and i == 0:
                    self._default(inst, "DM3", f"{b.left} set-aside card(s) are left after this turn", "",
                                  f"{inst.label} has {b.left} set-aside card{'s' if b.left != 1 else ''} left "
                                  "after this turn")
                if left == 0:
                    self.step(inst, "DM2", trigger, "no set-aside cards are left for later turns", "scenario")
                    return None
                self.step(inst, "DM3", trigger, f"{left} set-aside card(s) left, one per turn: it stays until "
                          f"{turn_words(turn + left)}", "scenario" if pc.left is not None else source)
                return Candidate(Point(turn + left), "DM3", f"it hands back its last set-aside card on "
                                 f"{turn_words(turn + left)}")
            case Kind.EXTRA_TURN:
                return self.extra_turn(inst, trigger, turn, pc, repeat)
            case Kind.EVERY_TURN if b.needs_card and inst.played_nothing:
                self.step(inst, "DM2", trigger, "it set no card aside, so it has nothing to play on later turns "
                          "and does nothing later", "scenario")
                return None
            case Kind.EVERY_TURN:
                self.step(inst, "DM4", trigger, "acts on every one of your turns: it stays for the rest of "
                          "the game", source)
                return Candidate(FOREVER, "DM4", "it acts on every turn for the rest of the game")
            case Kind.UNTIL_CONDITION:
                return self.until_condition(inst, trigger, turn, source, pc)
            case _:
                assert_never(b.kind)

    def extra_turn(self, inst: Instance, trigger: str, turn: int, pc: PlayChoice,
                   repeat: bool) -> Candidate | None:
        if self.this_turn_extra and turn == 0:
            # Played during an extra turn, it gives no further one (no third turn in a row).
            if pc.option == "taken":
                Builder.forbid(inst, "DM3", f"{inst.label} cannot give an extra turn here: this turn is already "
                               "an extra turn, and it never gives a third turn in a row")
            self.step(inst, "DM2", trigger, "this turn is already an extra turn, so it gives no extra turn: "
                      "nothing left for a later turn", "scenario")
            return None
        option = self.extra_option(turn, pc, repeat)
        if option == "skipped" and pc.option != "skipped":
            self.step(inst, "DM12", trigger, "the extra turn it gives is the turn that gets skipped", "scenario")
        match option:
            case "taken" if repeat:
                Builder.forbid(inst, "DM3", f"{inst.label} cannot give a second extra turn: played again in one "
                               "turn, it still gives only one")
                self.step(inst, "DM3", trigger, "a repeated play gives no second extra turn", "scenario")
                return None
            case "taken":
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

    def until_condition(self, inst: Instance, trigger: str, turn: int, source: str,
                        pc: PlayChoice | None = None) -> Candidate:
        b, choices = inst.behaviour, inst.choices
        what = b.condition or "its condition"
        own = pc.met if pc is not None else None  # this play's own met= value ("met=1/2")
        if own is not None:
            choices = replace(choices, never=own.never, met_turn=None if own.never else own.turn,
                              met_other=own.other)
        if choices.met_other and choices.met_turn is not None:
            return self.met_on_other_turn(inst, trigger, turn + choices.met_turn, what)
        if choices.never:
            self.step(inst, "DM5", trigger, f"waits until {what}, which never happens: it never leaves",
                      "scenario")
            return Candidate(FOREVER, "DM5", f"it waits until {what}, which never happens")
        met = choices.met_turn
        if met is None and inst.played_nothing and b.plays is not None:
            self.step(inst, "DM5", trigger, f"it played nothing: it still waits until {what}, which has not "
                      "happened; it stays until the Clean-up of the turn it does, for the rest of the game if never",
                      "scenario")
            return Candidate(FOREVER, "DM5", f"it waits until {what}, which has not happened yet")
        if met is None and inst.children:
            met = 0
            self._default(inst, "DM5", f"{what} happened this turn, with the card it replays", "",
                          f"{inst.label}'s condition ({what}) was met this turn")
        if met is None:
            self._default(inst, "DM5", f"it is not said on which turn {what}, so it stays until then "
                          "(forever if never; give met=N)", "",
                          f"{inst.label} is still waiting, since it is not said on which turn {what}")
            self.step(inst, "DM5", trigger, f"waits until {what}: it stays until the Clean-up of that turn, "
                      "for the rest of the game if it never happens", source)
            return Candidate(FOREVER, "DM5", f"it waits until {what}, which has not happened yet")
        self.step(inst, "DM5", trigger, f"waits until {what}, which happens on {turn_words(turn + met)}: it stays "
                  "until that turn's Clean-up", "scenario")
        return Candidate(Point(turn + met), "DM5", f"it waits until {what}, and that happens on "
                         f"{turn_words(turn + met)}")

    def met_on_other_turn(self, inst: Instance, trigger: str, after: int, what: str) -> Candidate:
        """"The next time anyone gains a Treasure ..." met on another player's turn: it stays until the Clean-up of
        the turn the condition is met on, that player's (DM5)."""
        self.trace.interpret(notes.MET_ON_OTHER_TURN)
        when = "right after this turn" if after == 0 else f"after {turn_words(after)}"
        self.step(inst, "DM5", trigger, f"waits until {what}, which happens on another player's turn ({when}): "
                  "it stays until that turn's Clean-up", "scenario")
        return Candidate(Point(after, Phase.THEIRS), "DM5", f"it waits until {what}, and that happens on another "
                         f"player's turn, {when}")

    def _default(self, inst: Instance, rule: str, what: str, value: str, assumed: str = "") -> str:
        self.trace.interpret(notes.defaulted(inst.label, rule, what))
        phrase = assumed or f"for {inst.label}, {what}"
        if phrase not in self.assumed:
            self.assumed.append(phrase)
        return value

    # what it played ----------------------------------------------------------------------------------

    def _not_kept(self, inst: Instance, rule: str, why: str) -> None:
        """Record why a card it played does not keep `inst` in play (its answer then says so)."""
        self.no_stay.setdefault(inst.id, []).append(Candidate(Point(inst.turn), rule, why))

    def contribution(self, inst: Instance, child: Instance) -> Candidate | None:
        """How long `inst` stays because of `child` (None: not at all)."""
        assert child.relation is not None
        if not child.legal and child.problem_rule in ("DM14", "DM15"):  # the play itself cannot happen
            rule = child.problem_rule
            if child.wording_problem:
                self.trace.interpret(notes.NEWER_WORDING)
            self.step(inst, rule, inst.label, f"may not play {child.label}"
                      + (" under the newer wording" if child.wording_problem else "")
                      + ", so it played nothing that lasts", "wording" if child.wording_problem else "rule")
            self._not_kept(inst, rule, f"it cannot play {child.label}, so nothing keeps it")
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
                if is_duration(inst.card) and point > Point(child.turn) and not is_duration(child.card):
                    self.trace.interpret(notes.COMMANDED_THRONE_FAQ)
                self.step(inst, "DM8", inst.label, f"a Command variant: it stays as long as {child.label} "
                          f"would ({self.words(point)})", "data")
                if point <= Point(inst.turn):
                    return Candidate(point, "DM8", f"a Command variant, it leaves with {child.label}, which has "
                                     "nothing to do on a later turn")
                return Candidate(point, "DM8", f"it stays as long as {child.label} would ({child.why})")
            case _:
                assert_never(child.relation)

    def _became_duration(self, child: Instance) -> Instance | None:
        """Under the older Command ruling, the Duration a Command variant became by playing it."""
        if self.policy.commands is not Commands.BECOMES or child.behaviour.plays is None:
            return None
        if child.behaviour.plays.how is not How.COMMAND:
            return None
        return next((c for c in child.children if is_duration(c.card) and c.legal), None)

    def throne(self, inst: Instance, child: Instance) -> Candidate | None:
        tracking = self.policy.tracking
        became = self._became_duration(child)
        if became is not None:
            self.trace.interpret(notes.COMMAND_COPY)
            point = child.would.cleanup()
            self.step(inst, "DM6", inst.label, f"older ruling: {child.label} became {became.label}, a Duration, so "
                      f"this played a Duration more than once and stays as long as it "
                      f"({self.words(point)})", "ruleset")
            return Candidate(point, "DM6", f"older ruling: {child.label} was {became.label}, a Duration, and it "
                             "stays as long as that")
        if child.set_aside_by and child.mover is not None:
            # Way of the Turtle set it aside: the Throne variant is not set aside with it and does not stay for it
            self.step(inst, "DM11", inst.label, f"{child.mover.name} set {child.label} aside, out of play: the Throne "
                      "variant does not stay for it (it is not set aside too)", "rule")
            self._not_kept(inst, "DM11", f"{child.mover.name} set {child.label} aside, and a Throne variant is not "
                           "set aside with it or kept in play for it")
            return None
        if is_duration(child.card) and (not child.lent_by or follows_own(child.lent_by)):
            match tracking:
                case Tracking.CURRENT | Tracking.PRIOR_CHAIN:
                    if child.removed_by and child.removed_by.startswith(inst.label):
                        self.trace.interpret(notes.TRASHED_BY_ITS_THRONE_FAQ)
                    if child.removed_by:
                        self.step(inst, "DM11", inst.label, f"{child.label} was removed early: the Throne "
                                  "variant that stayed for it is discarded in this Clean-up", "rule")
                        return Candidate(child.leave.cleanup(), "DM11", f"{child.label} was removed early")
                    point = child.leave.cleanup()
                    self.step(inst, "DM6", inst.label, f"played the Duration {child.label} more than once: "
                              f"it stays as long as {child.label} ({self.words(point)})",
                              "rule")
                    if point <= Point(inst.turn):
                        return Candidate(point, "DM6", f"it played {child.label} more than once, and "
                                         f"{child.label} has nothing left to do on a later turn either")
                    return Candidate(point, "DM6", f"it played {child.label} more than once and stays as long "
                                     "as it does")
                case Tracking.PRIOR_THRONE:
                    self.trace.interpret(notes.PRIOR_EXTRA_PLAYS)
                    ends = [p for p in child.own_ends[1:] if p is not None]
                    if not ends:
                        self.step(inst, "DM6", inst.label, f"prior rule: the extra plays of {child.label} do "
                                  "nothing later, so it does not stay", "ruleset")
                        self._not_kept(inst, "DM6", f"prior rule: the extra plays of {child.label} do nothing "
                                       "later")
                        return None
                    point = max(ends)
                    self.step(inst, "DM6", inst.label, f"prior rule: it stays while the extra plays of "
                              f"{child.label} still act ({self.words(point)})", "ruleset")
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
                              f"stays for a Duration ({self.words(point)})", "ruleset")
                    return Candidate(point, "DM10", f"prior rule: it stays as long as {child.label}")
                case _:
                    assert_never(tracking)
        if child.behaviour.kind is Kind.LATER:
            self.step(inst, "DM13", inst.label, f"{child.label} is not a Duration: a Throne variant does not "
                      "stay for its later effect", "rule")
            self._not_kept(inst, "DM13", f"{child.label} is not a Duration, whatever it does later")
        return None


def _lasts(own: Behaviour) -> bool:
    """A card whose own play has an effect on a later turn that keeps it in play (a Duration)."""
    return own.kind not in (Kind.NONE, Kind.LATER)


# --- words for a leave point ------------------------------------------------------------------------

def turn_words(turn: int) -> str:
    """Your turn `turn` counted from this one, in players' words (never "turn 0")."""
    if turn == 0:
        return "this turn"
    if turn == 1:
        return "your next turn"
    if turn == 2:
        return "your turn after next"
    return f"your {ordinal(turn)} turn from now"


def ordinal(n: int) -> str:
    small = {3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth"}
    return small.get(n) or f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def describe(point: Point, extra_turns: set[int], opponent_turn: bool = False) -> tuple[str, int | None, str]:
    """(cleanup category, turn, words) for the JSON and the explanation."""
    if point.turn == math.inf:
        return "never", None, "never: it stays in play for the rest of the game"
    turn = int(point.turn)
    match point.phase:
        case Phase.OTHER:
            return "other-player", None, "in the next Clean-up that happens, another player's"
        case Phase.THEIRS:
            after = "right after this turn" if turn == 0 else f"after {turn_words(turn)}"
            return "other-player", turn, f"in the Clean-up of another player's turn ({after})"
        case Phase.THEIRS_DURING:
            after = "right after this turn" if turn == 0 else f"after {turn_words(turn)}"
            return "removed", turn, f"during another player's turn ({after}), outside any Clean-up"
        case Phase.DURING:
            when = "another player's turn" if turn == 0 and opponent_turn else turn_words(turn)
            return "removed", turn, f"during {when}, outside any Clean-up"
        case Phase.CLEAN_UP:
            if turn in extra_turns:
                return "extra-turn", turn, "in the Clean-up of the extra turn"
            if turn == 0 and opponent_turn:
                return "this-turn", 0, "in the Clean-up of the turn it was played in, another player's"
            if turn == 0:
                return "this-turn", 0, "in this turn's Clean-up"
            if turn == 1:
                return "next-turn", 1, "in the Clean-up of your next turn"
            return "turn-N", turn, f"in the Clean-up of {turn_words(turn)}"
        case _:
            assert_never(point.phase)


# --- entry point ------------------------------------------------------------------------------------

def evaluate(chains: Sequence[RawNode], lookup: Lookup, behaviour_of: BehaviourOf, ruleset: str = "current",
             *, skip_next_turn: bool = False, extra_turn: bool = False, opponent_turn: bool = False,
             last_turn: bool = False) -> Verdict:
    """The verdict for one turn's chains under one ruleset version (see rules.VERSIONS). `last_turn`: they were
    played on the player's last turn; turns are counted from that one, and the answer's words from the next
    (render.py)."""
    if ruleset not in VERSIONS:
        raise ScenarioError(f"Unknown ruleset {ruleset!r}; valid: {', '.join(VERSIONS)}.")
    if not chains:
        raise ScenarioError("Name at least one card played this turn.")
    policy = POLICIES[ruleset]
    builder = Builder(lookup, behaviour_of, policy, extra_turn, opponent_turn)
    roots = [builder.build(raw, [0]) for raw in chains]
    label_repeats(builder.instances)
    evaluator = Evaluator(builder, policy, skip_next_turn)
    if policy.tracking is not Tracking.CURRENT or policy.commands is not Commands.PLAYS:
        evaluator.trace.interpret(notes.PRIOR_WORDING)
    evaluator.run(roots)
    problems = [i.problem for i in builder.instances if i.problem]
    texts = [canonical(raw, builder.names).text() for raw in chains]
    verdict = Verdict(VERSIONS[ruleset], policy, texts, skip_next_turn,
                      builder.instances, evaluator.trace, evaluator.extra_turns, problems, extra_turn=extra_turn,
                      opponent_turn=opponent_turn, last_turn=last_turn,
                      problem_rules=[i.problem_rule for i in builder.instances if i.problem],
                      assumed=evaluator.assumed)
    for inst in builder.instances:
        if inst.problem:
            evaluator.step(inst, inst.problem_rule, inst.label, f"not allowed: {inst.problem}", "rule")
    if any(i.wording_problem for i in builder.instances) and policy.wording is Wording.NEWER:
        verdict.alternative = evaluate(chains, lookup, behaviour_of, "older-wording", skip_next_turn=skip_next_turn,
                                       extra_turn=extra_turn, opponent_turn=opponent_turn, last_turn=last_turn)
    return verdict


