"""Run a Redemption scenario: which terms hold after each event, the D9 upper bound, and the trace.

persists = every bound term (D2, D3) holds, and, with no bound term, at least one standalone term does.
effective = persists and every dependent (D8) term is switched on. Both only ever go from true to false:
an ended term never comes back, so adding events can never revive an ability.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import assert_never

from engine.cards import Annotation, Card
from engine.plain_words import cut, quoted
from engine.rulesets.redemption import interpretations as notes
from engine.rulesets.redemption import phrases as P
from engine.rulesets.redemption.parts import find_part
from engine.rulesets.redemption.rules import VERSIONS
from engine.rulesets.redemption.scenario import NAMED_EVENTS, Scenario, event_name
from engine.rulesets.redemption.terms import (
    PartReading,
    Role,
    Term,
    inherent_type,
    lasting_words,
    read_card,
    territory_character,
)
from engine.trace import RulesetVersion, Trace

_PHASE_END = ("phase-ends", "turn-ends", "round-ends")
# Terms that end only the sentence they govern: a window once over, a copy's own limit once the card resets.
_CLOSES = (Role.WINDOW, Role.CAP)
_SET_ASIDE = re.compile(r"\bset\b.*\baside\b|\bset-aside\b", re.I)
# "On return, ...", "Upon return Hero ...": what the card does when its set-aside cards come back
_ON_RETURN = re.compile(r"^(?:on|upon) return\b[,:]?\s*", re.I)
_LEAVES = {"battle": "leaves-battle", "field-of-battle": "leaves-battle", "territory": "leaves-territory"}
# Parts preferred for each zone, most likely first. STAR abilities are used before the game, so they are
# judged only when asked for or when nothing else lasts.
_ZONE_PARTS = {
    "battle": ("GE", "EE", "HERO", "EC", "TOP", "", "DOMINANT", "LAMB", "REAPER", "GOOD", "EVIL", "CURSE"),
    "territory": ("FORT", "SITE", "TOP", "HERO", "EC", "", "GE", "EE", "DOMINANT", "LAMB", "REAPER"),
    "artifact-pile": ("ART", "CURSE", "", "DOMINANT"),
    "field-of-battle": ("SITE", "FORT", "", "EC", "HERO"),
    "land-of-bondage": ("", "TOP", "BOTTOM"),
    "set-aside": ("", "GE", "EE", "HERO", "EC", "FORT"),
}
# A rough order of how long each standalone term can last, for reporting the longest one (D9).
# Stated times counted in turns from whose turn it is: "next turn", "your next turn", "their next turn", ...
NEXT_TURNS = ("next-turn", "your-next-turn", "their-next-turn", "current-next-turn")
_LENGTH_RANK = {"battle": 5, "phase": 10, "next-battle-phase": 15, "turn": 20, "next-turn": 22, "your-next-turn": 23,
                "their-next-turn": 23, "current-next-turn": 24, "round": 30,
                "game": 1000}


@dataclass
class TermState:
    term: Term
    ends_on: tuple[str, ...]
    count: int = 1
    status: str = "holds"       # holds | ended | off | waiting (a conditional targeting not yet made)
    ended_by: int | None = None  # 1-based index of the event that ended it
    seen: int = 0               # counted events so far (for "for N turns")
    armed: bool = False         # waiting for a later event (next battle phase, previous-ruleset D7)
    started_by: int | None = None  # 1-based index of the event that started a waiting term
    starts_on: tuple[str, ...] = ()  # events that start a waiting term
    # A count of turns (RG3): once `armed`, the count is reached in the upkeep of the turn under way, whose seat is
    # `turn_seat` (0 = yours) and of which `phase` phases have ended; cards set aside (`returns`) come back in your
    # preparation phase.
    turn_seat: int = 0
    phase: int = 0
    returns: bool = False
    news: str = ""  # what the last event did to the count, for the trace
    # The set-aside's bound once its cards came back and what the card does "On return" began: it no longer bounds
    # the ability (D9: the upper bound changes as the game progresses)
    superseded: bool = False

    def as_json(self) -> dict[str, object]:
        t = self.term
        out: dict[str, object] = {"rule": t.rule, "text": t.text, "source": t.source, "part": t.part,
                                  "status": self.status, "role": t.role.value, "ends_on": list(self.ends_on)}
        if t.length:
            out["length"] = t.length
        if self.ended_by is not None:
            out["ended_by_event"] = self.ended_by
        if t.scope:
            out["governs"] = t.scope  # a condition that switches off only this sentence
        if t.pending:
            out["pending"] = t.pending
        if self.status == "waiting":
            out["starts_on"] = list(self.starts_on)
        if t.trigger:
            out["trigger"] = t.trigger
        if self.started_by is not None:
            out["started_by_event"] = self.started_by
        return out


@dataclass
class Trigger:
    """A trigger a lasting sentence of the part waits for: what follows it has not started until it happens."""

    words: str
    starts_on: tuple[str, ...]
    started_by: int | None = None

    def as_json(self) -> dict[str, object]:
        return {"trigger": self.words, "starts_on": list(self.starts_on), "started_by_event": self.started_by}


@dataclass
class UpperBound:
    rule: str
    text: str
    ends_on: tuple[str, ...]
    why: str
    source: str = ""

    def as_json(self) -> dict[str, object]:
        return {"rule": self.rule, "text": self.text, "ends_on": list(self.ends_on), "why": self.why}


@dataclass
class PartVerdict:
    label: str
    text: str
    lasting: bool
    terms: list[TermState] = field(default_factory=list)
    upper_bound: UpperBound | None = None
    persists: bool = False
    effective: bool = False
    unclassified: list[str] = field(default_factory=list)
    text_terms: list[Term] = field(default_factory=list)  # what the text alone gave, when an annotation decides
    waits_for: list[Trigger] = field(default_factory=list)  # triggers its lasting sentences wait for
    waits_whole: bool = False  # every lasting sentence waits for a trigger
    ended_by: int | None = None  # 1-based index of the event after which the ability no longer persists
    # Only the ability's "Cannot be negated / prevented / interrupted" lasts (RG1): its effects happen at once.
    only_cannot_be: str = ""
    # "If ..., ... instead" judged with its "instead" branch because the scenario did not say (an assumption)
    instead_assumed: str = ""
    # with `instead_assumed`: the same scenario judged with that condition not held (the other branch), so the
    # first line can say both
    instead_else: PartVerdict | None = None
    # A lasting sentence that begins when a timed set-aside's cards come back ("On return Hero gains ... until
    # discarded"), and the event index at which it began (None: not yet)
    on_return: str = ""
    returned_by: int | None = None

    def conditions(self) -> list[dict[str, object]]:
        """The part's conditions, numbered as events name them ("condition-false:2")."""
        states = [s for s in self.terms if s.term.role == Role.DEPENDENT]
        return [{"number": n, "text": s.term.text, "keyword": s.term.keyword, "status": s.status}
                for n, s in enumerate(states, start=1)]

    @property
    def started(self) -> bool:
        """Whether everything the part waits for has happened (true when it waits for nothing)."""
        return all(w.started_by is not None for w in self.waits_for)

    @property
    def switched_off(self) -> list[str]:
        """Sentences a condition has switched off while the rest of the ability keeps working."""
        return [s.term.scope for s in self.terms if s.term.rule == "D8" and s.term.scope and s.status == "off"]

    @property
    def closed(self) -> list[str]:
        """Sentences whose window is over ("the next ... played this battle") while the rest keeps working."""
        return [s.term.scope for s in self.terms if s.term.role in _CLOSES and s.term.scope and s.status == "ended"]

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "part": self.label, "text": self.text, "lasting": self.lasting,
            "persists": self.persists, "effective": self.effective,
            "upper_bound": self.upper_bound.as_json() if self.upper_bound else None,
            "terms": [s.as_json() for s in self.terms], "switched_off": self.switched_off, "over": self.closed}
        out["waits_for"] = [w.as_json() for w in self.waits_for]
        out["conditions"] = self.conditions()
        if self.text_terms:
            out["text_terms"] = [{"rule": t.rule, "text": t.text, "length": t.length} for t in self.text_terms]
        return out


@dataclass
class Verdict:
    card: Card
    scenario: Scenario
    ruleset: RulesetVersion
    part: PartVerdict
    parts: list[PartVerdict]
    trace: Trace

    @property
    def persists(self) -> bool:
        return self.part.persists

    @property
    def effective(self) -> bool:
        return self.part.effective


def _ends_on(term: Term, zone: str, card: Card) -> tuple[tuple[str, ...], int]:
    """The events that end a term where the card was played, and how many of them it takes."""
    match term.rule:
        case "D1":
            return _PHASE_END, 1
        case "D2":
            # A card that leaves play returns to face value, and a copy ends when it does.
            return ("reset", "leaves-play"), 1
        case "D3":
            if not term.self_placed:
                return ("result-changed",), 1
            # A card placed in a territory that leaves it has lost its place, so the placement ends with it.
            return ("result-changed", "leaves-play", *(("leaves-territory",) if term.place == "territory" else ())), 1
        case "D4":
            return _time_ends(term.length)
        case "D5":
            leave = _LEAVES.get(zone)
            return (("leaves-play", leave) if leave else ("leaves-play",)), 1
        case "D6":
            return ("leaves-territory", "leaves-play"), 1
        case "D7":
            leave = _LEAVES.get(zone)
            ends = ["leaves-play"] + ([leave] if leave else [])
            if term.text.startswith("Artifact"):  # the D7 term names the inherent type it comes from
                ends.append("deactivated")
            return tuple(ends), 1
        case "D8":
            return (), 1
        case _:
            raise ValueError(f"unknown Redemption rule {term.rule!r}")


def _time_ends(length: str) -> tuple[tuple[str, ...], int]:
    if length == "phase":
        return _PHASE_END, 1
    if length == "battle":
        return ("battle-ends", *_PHASE_END), 1
    if length == "turn":
        return ("turn-ends", "round-ends"), 1
    if length == "round":
        return ("round-ends",), 1
    if length in NEXT_TURNS:
        return ("turn-ends",), 2  # the count depends on whose turn it is (Evaluator._turns_to)
    if length == "game":
        return (), 1  # "for the rest of the game": no event of a scenario ends it
    if length.startswith("next-") and length.endswith("-phase"):
        return ("phase-ends",), 1
    unit, _, count = length.partition(":")
    if unit == "turns":  # counted in upkeep (RG3): N turn ends, then that turn's upkeep
        return ("turn-ends", "phase-ends"), (int(count) if count.isdigit() else 0)  # 0: X, not fixed by the scenario
    if unit == "rounds":
        return ("round-ends",), (int(count) if count.isdigit() else 0)
    return _PHASE_END, 1


def _rank(state: TermState) -> float:
    term = state.term
    if term.rule in {"D5", "D6", "D7", "D3", "D2"}:
        return 100
    if term.rule == "D4":
        unit, _, count = term.length.partition(":")
        n = int(count) if count.isdigit() else 6
        return {"turns": 20 + n, "rounds": 30 * n}.get(unit, _LENGTH_RANK.get(term.length, 15))
    return 10  # D1


class Evaluator:
    """Builds one verdict; kept as a class so each step of the order of checks stays small."""

    def __init__(self, card: Card, scenario: Scenario, annotations: list[Annotation], version: str,
                 readings: list[PartReading] | None = None) -> None:
        self.card = card
        self.scenario = scenario
        self.version = VERSIONS[version]
        self.previous = version == "previous"
        self.readings = readings if readings is not None else read_card(card, annotations)
        self.trace = Trace()
        self._instead_how = ""  # "If ..., ... instead": "assumed" / "true" / "false" (how its condition went)
        self._checked_once = ""  # an "If [game state]" checked once, when the part keeps no condition up
        self._battle_end = ""  # the part only waits to act at the end of the battle ("After battle, ...")
        self._on_return = ""  # the lasting sentence a timed set-aside's return starts ("On return, ...")
        self._cannot_if = self._cannot_be = ""  # "Cannot be negated if Coliseum is in play": the sentence, its "if"
        # Whose turn it is, as a seat: 0 is yours; a card played on an opponent's turn is taken as played on the
        # turn of the opponent just before you (so your turn comes next).
        self.players = scenario.player_count
        self.seat = 0 if scenario.whose_turn == "mine" else self.players - 1

    # -- which terms each part has ------------------------------------------------------------------

    def _inherent(self, label: str, zone: str) -> tuple[str, str] | None:
        """D7's type for this part where it was played: not in battle (a Site, Artifact or Fortress used in battle
        is not where it was played), except a Lost Soul, whose ability lasts until it leaves wherever it was put
        (Defining Duration's Lost Soul bullet: "until the card leaves where it was played")."""
        inherent = inherent_type(self.card, label, zone)
        if inherent is None or (zone == "battle" and inherent[0] != "Lost Soul"):
            return None
        return inherent

    def _by_attribute(self, label: str) -> bool:
        zone = self.scenario.played_in
        return (zone == "territory" and territory_character(self.card, label)) or (
            self._inherent(label, zone) is not None)

    def _lasting(self, reading: PartReading) -> bool:
        """A part lasts if its words say so, or if the card's inherent type keeps its ability standing (an
        Artifact's "you may draw 1 when ..." stays usable); an annotation decides. A territory-class
        character's one-shot action ("You may take Joy from deck") is done at once like any other."""
        if reading.lasting or reading.annotated:
            return reading.lasting
        zone = self.scenario.played_in
        return len(reading.part.text.split()) >= 3 and self._inherent(reading.part.label, zone) is not None

    def _terms_for(self, reading: PartReading) -> list[Term]:
        label = reading.part.label
        zone = self.scenario.played_in
        terms = []
        for term in reading.terms:
            if term.rule == "D5" and term.where and not _zone_is(zone, term.where):
                # "While in battle" on a card played in territory: the sentence needs the card to be in battle,
                # which it is not; there it is a condition that is off, not a duration (scope kept).
                term = replace(term, rule="D8")
            terms.append(term)
        if not self._lasting(reading):
            return terms
        if zone == "territory" and territory_character(self.card, label):
            terms.append(Term("D6", "territory class character played in a territory", "attribute", label))
        inherent = self._inherent(label, zone)
        if inherent:
            kind, why = inherent
            terms.append(Term("D7", f"{kind} ({why})", "attribute", label))
        return terms

    def _choose_part(self) -> int:
        readings = self.readings
        wanted = self.scenario.part
        if wanted is not None:
            found = find_part([r.part for r in readings], wanted)
            if found is not None:
                return found
            if len(readings) == 1 and readings[0].part.shown() == "-":  # one unlabelled ability: no '-' shown
                raise ValueError(f"{self.card.name} has no {wanted!r} part: its ability is all one, so ask without a "
                                 "part.")
            valid = ", ".join(r.part.shown() for r in readings)
            raise ValueError(f"{self.card.name} has no {wanted!r} part; its parts are: {valid}.")
        if len(readings) == 1:
            return 0
        self.trace.interpret(notes.PART_CHOICE)
        order = _ZONE_PARTS[self.scenario.played_in]
        # A part that cannot apply where the card was played (an ART part in battle) is judged only when no
        # part fits the zone; among those that fit, a lasting one first.
        fits = [(order.index(r.part.label), i) for i, r in enumerate(readings) if r.part.label in order]
        if fits:
            lasting_fits = [(rank, i) for rank, i in fits if self._lasting(readings[i])]
            return min(lasting_fits or fits)[1]
        # A STAR ability is used before the game, so it is judged only when asked for by name.
        lasting = [(order.index(r.part.label) if r.part.label in order else 99, i)
                   for i, r in enumerate(readings) if self._lasting(r) and r.part.label != "STAR"]
        if lasting:
            return min(lasting)[1]
        fitting = [(order.index(r.part.label) if r.part.label in order else 99, i)
                   for i, r in enumerate(readings) if r.part.label != "STAR"]
        return min(fitting)[1] if fitting else 0

    # -- the verdict --------------------------------------------------------------------------------------

    def run(self) -> Verdict:
        chosen = self._choose_part()
        self._check_named_conditions(self.readings[chosen])
        parts = []
        for i, reading in enumerate(self.readings):
            # Only the chosen part writes to the trace; the others are evaluated silently for the JSON.
            trace = self.trace if i == chosen else Trace()
            parts.append(self._evaluate_part(reading, trace))
        if parts[chosen].instead_assumed:  # the other branch, judged silently, for the first line
            other = replace(self.scenario, events=("condition-false", *self.scenario.events))
            evaluator = Evaluator(self.card, other, [], "previous" if self.previous else "current", self.readings)
            parts[chosen].instead_else = evaluator.run().part
        return Verdict(self.card, self.scenario, self.version, parts[chosen], parts, self.trace)

    def _evaluate_part(self, reading: PartReading, trace: Trace) -> PartVerdict:
        reading, instead = self._instead(reading)
        self._instead_how = instead
        label = reading.part.label
        name = f"{label} part" if label else "ability"
        verdict = PartVerdict(label, reading.part.text, self._lasting(reading), unclassified=reading.unclassified,
                              text_terms=list(reading.text_terms) if reading.annotated else [])
        self.seat = 0 if self.scenario.whose_turn == "mine" else self.players - 1  # each part from the play
        if verdict.lasting and not reading.annotated:
            verdict.waits_for = [Trigger(words, starts) for words, starts in dict.fromkeys(reading.triggers)]
            verdict.waits_whole = bool(reading.triggers) and len(reading.triggers) >= len(reading.lasting_sentences)
        verdict.instead_assumed = reading.instead_if if instead == "assumed" else ""
        self._sentences = len(reading.lasting_sentences)
        self._battle_end = "" if reading.annotated else reading.battle_end
        self._next_use = [] if reading.annotated else reading.next_use  # one-use "prevent the next ..." words
        self._next_whole, self._rider = reading.next_use_whole, reading.cannot_be
        self._turn_recurring = [p for p in reading.recurring if "turn" in p or "upkeep" in p]
        trace.add(None, f"played in {self.scenario.played_in}", f"judging the {name} of {self.card.name}",
                  source="scenario")
        if reading.annotated and _differs(reading):
            trace.interpret(notes.ANNOTATION)
        self._annotation_and_time(reading, trace)
        for words in dict.fromkeys(reading.reminders):
            trace.add("RG2", _quote(words), "a reminder of the capture rule (a human held in a Land of Bondage is a "
                      "Lost Soul), not a special ability: nothing of it lasts, and the capture itself is instantaneous",
                      source="text")
        if verdict.lasting and reading.cannot_be and not reading.annotated:
            only = not reading.lasting_sentences and not self._by_attribute(label)
            verdict.only_cannot_be = _cannot_be_words(reading.cannot_be) if only else ""
            trace.add("RG1", _quote(reading.cannot_be), "an ongoing ability of its own: it keeps those abilities off "
                      "this one until the end of the phase in which it is used" + (
                          "; the rest of the ability happens at once, so this is what lasts" if only else ""),
                      source="text")
            condition = re.search(r"\b(?:if|unless|when|while|in battle|during)\b.*", reading.cannot_be, re.I)
            if condition:
                trace.interpret(notes.cannot_be_if(condition.group(0), only))
            if not re.search(r"\b(?:nega[a-z]*d|prevent[a-z]*d)\b", reading.cannot_be, re.I):
                trace.interpret(notes.CANNOT_BE_INTERRUPTED)
        if instead:
            self._say_instead(reading, instead, trace)
        if not verdict.lasting:
            trace.add(None, _quote(reading.part.text) if reading.part.text else "no special ability",
                      "an instant effect with no lasting part: no duration applies, nothing persists",
                      source="text")
            for index, event in enumerate(self.scenario.events, start=1):
                if event_name(event) in NAMED_EVENTS and self._instead_how in ("true", "false"):
                    trace.add("RG4", f"event {index}: {event}", "says how the “instead” condition went as the "
                              "ability resolved (it is checked once): the branch judged above", source="event",
                              event=index)
                    continue
                if event_name(event) in NAMED_EVENTS and self._checked_once:
                    trace.add("RG4", f"event {index}: {event}", f"changes nothing: {_quote(self._checked_once)} is "
                              "checked once, as the ability resolves, and what it decided happened at once",
                              source="event", event=index)
                    continue
                trace.add(None, f"event {index}: {event}", "changes nothing: an instant effect has nothing that "
                          "lasts", source="event", event=index)
            return verdict
        terms = self._terms_for(reading)
        states = [self._state(t) for t in terms]
        set_aside = any(t.rule == "D3" and _SET_ASIDE.search(t.text) for t in terms)
        for s in states:
            # "Set Hero aside for 2 turns": the set-aside cards come back in your preparation phase; "After two turns,
            # return Hero to ..." is an action done when the count is over, in that upkeep.
            s.returns = (set_aside and s.term.rule == "D4" and s.term.ends_result and s.term.length.startswith("turns:")
                         and not s.term.text.lower().startswith("after"))
        self._on_return = self._returning(reading, states, verdict) if any(s.returns for s in states) else ""
        for w in verdict.waits_for:
            if w.words == verdict.on_return:
                trace.add(None, _quote(w.words), "waits for the set-aside cards to come back: what follows it starts "
                          "then, with its own duration", source="text")
                continue
            when = " or ".join(w.starts_on)
            trace.add(None, _quote(w.words), f"waits for this trigger: what follows it has not started, and starts "
                      f"when it happens (event {when})", source="text")
        self._explain_terms(states, trace)
        standing = [s for s in states if s.status != "waiting"]
        standalone = [s for s in standing if s.term.role in (Role.STANDALONE,) or s.term.rule == "D3"]
        if not standalone and not any(s.term.role == Role.BOUND for s in standing):
            default = Term("D1", "end of the phase in which it began", "default", label)
            states.append(self._state(default))
            dependent = [s for s in states if s.term.role == Role.DEPENDENT]
            waiting = any(s.status == "waiting" for s in states)
            why = ("the D8 condition cannot stand alone and nothing else bounds it"
                   if dependent else "what it waits for has not happened, so nothing else bounds it yet"
                   if waiting else "nothing else bounds the lasting part")
            trace.add("D1", "no D2-D7 duration", f"{why}: the upper bound is the end of the phase in which "
                      "it began; removing the card does not end it earlier", source="default")
            if dependent:
                trace.add("D8", _quote(dependent[0].term.text), "bounded by the D1 default", source="rule")
        self._doubts(reading, states, trace)
        verdict.terms = states
        first = self._upper_bound(states)
        # D9 decides only when several durations meet; a lone duration is its own bound.
        several = len(states) > 1
        trace.add("D9" if several else first.rule, _trigger(first), f"upper bound is {first.rule}: {first.why}",
                  source="rule")
        self._run_events(states, verdict, trace)
        if verdict.persists and "battle-ends" in self.scenario.events and any(
                P.NEXT_IN_BATTLE.search(x) for x in reading.lasting_sentences):
            trace.interpret(notes.NEXT_IN_BATTLE)
        verdict.upper_bound = self._upper_bound(states)
        if (verdict.upper_bound.rule, verdict.upper_bound.text) != (first.rule, first.text):
            trace.add("D9" if several else verdict.upper_bound.rule, _trigger(verdict.upper_bound),
                      f"the upper bound is now {verdict.upper_bound.rule}: {verdict.upper_bound.why}",
                      source="rule")
        return verdict

    def _returning(self, reading: PartReading, states: list[TermState], verdict: PartVerdict) -> str:
        """The lasting sentence a timed set-aside's return starts ("On return Hero gains ability to band to any Hero
        until discarded"), or "": its own terms wait for the return, and its trigger words are what the ability
        waits for. A sentence that only acts at once on return ("On return, draw 3") is not one: the ability ends as
        the cards come back, its action done."""
        sentence = next((x for x in reading.lasting_sentences if _ON_RETURN.match(x)
                         and lasting_words(x[_ON_RETURN.match(x).end():])), "")
        if not sentence:
            return ""
        words = _ON_RETURN.match(sentence).group(0).strip(" ,:")
        for s in states:
            if s.term.rule in {"D3", "D4"} and s.term.source == "text" and s.term.text in sentence \
                    and not _SET_ASIDE.search(s.term.text):
                s.status, s.starts_on = "waiting", ()
        verdict.waits_for = [w for w in verdict.waits_for if not _ON_RETURN.match(w.words)]
        verdict.waits_for.append(Trigger(words, ()))
        verdict.on_return = words
        return sentence

    def _returned(self, states: list[TermState], verdict: PartVerdict, event: str, index: int, trigger: str,
                  trace: Trace) -> list[TermState]:
        """The set-aside cards came back: the set-aside's bound is spent, and what the card does on return begins
        now with its own duration (its terms, or the D1 default to the end of this preparation phase). Told only
        when the turn they came back in ended, what ends with that turn has ended too: returned so."""
        for s in states:
            if s.returns or (s.term.rule == "D3" and _SET_ASIDE.search(s.term.text)):
                if s.status != "ended":  # (cards back early: their count is over with them)
                    s.status, s.ended_by = "ended", index
                s.superseded = True
        started = [s for s in states if s.status == "waiting" and not s.starts_on]
        for s in started:
            s.status, s.started_by = "holds", index
        if not started:
            default = self._state(Term("D1", "end of the phase in which it began", "default", verdict.label))
            default.started_by = index
            states.append(default)
            started = [default]
        for w in verdict.waits_for:
            if w.words == verdict.on_return:
                w.started_by = index
        verdict.returned_by = index
        own = ", ".join(f"{s.term.rule} {_quote(s.term.text)}" if s.term.source != "default" else
                        "the D1 default (the end of this phase, your preparation phase)" for s in started)
        late = event in ("turn-ends", "round-ends")  # they came back earlier in the turn now over
        trace.add("D9", trigger, f"the set-aside cards {'came' if late else 'come'} back: {_quote(self._on_return)} "
                  f"{'began then' if late else 'begins now'} and lasts by its own duration ({own}); the set-aside's "
                  "bound ended as it began, so it does not cap it", source="event", event=index)
        over = [s for s in started if late and event in s.ends_on and s.count == 1]
        for s in over:
            s.status, s.ended_by = "ended", index
        return over

    def _state(self, term: Term) -> TermState:
        ends_on, count = _ends_on(term, self.scenario.played_in, self.card)
        state = TermState(term, ends_on, count, starts_on=term.starts or ("targeted", "triggered"))
        if term.pending == "conditional" and term.rule in {"D3", "D4"}:
            state.status = "waiting"  # the targeting waits for a later event: it has not happened yet
        elif term.rule == "D4" and term.length in NEXT_TURNS:
            state.count = self._turns_to(term.length)
        if term.keyword == "during":
            state.status = "holds" if self._during(term.where) else "off"
        elif term.rule == "D8" and term.where and not _zone_is(self.scenario.played_in, term.where):
            state.status = "off"
        return state

    def _during(self, when: str, *, battle: bool | None = None) -> bool:
        """Whether a "During battle" / "During your turn" check holds now: a battle is under way when the card was
        played in battle (until it ends), and the turn is yours when the seat is 0."""
        if when == "battle":
            return self.scenario.played_in in {"battle", "field-of-battle"} if battle is None else battle
        yours = self.seat == 0
        return yours if when == "your-turn" else not yours

    def _check_named_conditions(self, reading: PartReading) -> None:
        """A condition named by number or word must be one of the judged part's: else one sentence listing them."""
        conditions = [t for t in self._terms_for(reading) if t.rule == "D8"]
        # With no condition kept up, an "If [game state]" the part opens a sentence with is checked once (RG4): a
        # player may still ask whether its changing matters, and the answer says it does not.
        once = P.CHECKED_ONCE.search(reading.part.text) if not conditions else None
        self._checked_once = once.group(0).strip() if once else ""
        # "Cannot be negated if Coliseum is in play": its condition is taken as met as the ability is used (RG1,
        # cannot-be-if); a player may name it ("condition-false:Coliseum") and hear that its changing later does not
        # matter, instead of being told the card has no such condition.
        cannot_if = re.search(r"\b(?:if|while|unless)\b[^.]*", reading.cannot_be, re.I) if reading.cannot_be else None
        self._cannot_if = cannot_if.group(0).strip() if cannot_if else ""
        self._cannot_be = reading.cannot_be
        for event in self.scenario.events:
            which = event.partition(":")[2]
            if event_name(event) in NAMED_EVENTS and which and self._cannot_if and \
                    which.casefold() in self._cannot_if.casefold() and not _named(which, conditions):
                continue
            if event_name(event) in NAMED_EVENTS and self._checked_once and (
                    not which or which == "1" or which.casefold() in self._checked_once.casefold()):
                continue
            if event_name(event) in NAMED_EVENTS and not which and not conditions:
                name = f"the {reading.part.label} part" if reading.part.label else "this ability"
                raise ValueError(f"{event_name(event)} switches a condition of the ability (“while …”, “during "
                                 f"battle”, …), and {name} of {self.card.name} has none: leave it out.")
            if event_name(event) in NAMED_EVENTS and which and not _named(which, conditions):
                listed = "; ".join(f"{n}. “{_clip(t.text, 60)}”" for n, t in enumerate(conditions, start=1))
                raise ValueError(f"This part has no condition {which!r}; " + (
                    f"its conditions are: {listed}." if conditions else "it has no condition to switch."))

    def _recurs(self, trigger: str, index: int, trace: Trace) -> None:
        """A new turn begins: say whether wording that repeats by turns ("each turn", "each of your turns") acts
        in it, counted from whose turn the card was played on and how many play."""
        yours = self.seat == 0
        whose = "yours" if yours else "an opponent's"
        if self._turn_recurring:
            trace.interpret(notes.turn_order(self.scenario.turn, self.scenario.players))
        for phrase in dict.fromkeys(self._turn_recurring):
            only_yours = bool(re.search(r"\beach of your turns\b|\byour (?:upkeep|turn)", phrase))
            acts = yours or not only_yours
            trace.add(None, trigger, f"the next turn is {whose}: “{phrase}” " + (
                "acts again in it" if acts else "does not act in it (it counts only your turns)"),
                source="event", event=index)

    def _turns_to(self, length: str) -> int:
        """How many turn ends, from now, until the named next turn has ended (seat 0 is yours)."""
        n, seat = self.players, self.seat
        if length == "your-next-turn":
            return n + 1 if seat == 0 else n - seat + 1
        if length == "their-next-turn":  # an opponent's: the next one after yours, or the same one's again
            return 2 if seat == 0 else n + 1
        if length == "current-next-turn":
            return n + 1
        return 2  # "the next turn": the rest of this one, then the next

    def _start_waiting(self, states: list[TermState], verdict: PartVerdict, event: str, index: int, trigger: str,
                       trace: Trace) -> bool:
        """A trigger (or a targeting) the ability waits for happens: what waits for it starts now, its stated
        times counted from here. Returns whether anything started."""
        started = [s for s in states if s.status == "waiting" and event in s.starts_on]
        for s in started:
            s.status, s.started_by = "holds", index
            if s.term.rule == "D4" and s.term.length in NEXT_TURNS:
                s.count = self._turns_to(s.term.length)
        fired = [w for w in verdict.waits_for if w.started_by is None and event in w.starts_on]
        for w in fired:
            w.started_by = index
        if not started and not fired and event in ("targeted", "triggered") and self._next_use:
            self._use_up(states, verdict, index, trigger, trace)
            return False
        if not started and not fired:
            if event in ("targeted", "triggered"):
                trace.add(None, trigger, "changes nothing: this ability waits for no trigger or targeting",
                          source="event", event=index)
            return False
        names = ", ".join(f"{s.term.rule} {_quote(s.term.text)}" for s in started)
        words = ", ".join(_quote(w.words) for w in fired) or ", ".join(
            _quote(s.term.trigger) for s in started if s.term.trigger) or "the targeting"
        several = len(fired) > 1 or (not fired and len({s.term.trigger for s in started}) > 1)
        what = f"{words} {'happen' if several else 'happens'}: " + (
            f"{names} {'start' if len(started) > 1 else 'starts'} now" if started else "what follows it starts now")
        trace.add("D3" if any(s.term.rule == "D3" for s in started) else "D4" if started else None, trigger, what,
                  source="event", event=index)
        return True

    def _instead(self, reading: PartReading) -> tuple[PartReading, str]:
        """"If this character blocked from hand, ... instead": its condition is checked once, as the ability
        resolves; `condition-false` (or `condition-true`) given says how it went. False: judge the part without the
        "instead" sentence (the other branch); true: with it; not given: with it, said as an assumption. Returns
        the reading to judge and "assumed" / "true" / "false" ("" when the part has no such branch)."""
        if not reading.instead_if or reading.annotated:
            return reading, ""
        given = [e for e in self.scenario.events if event_name(e) in NAMED_EVENTS and (
            not e.partition(":")[2] or e.partition(":")[2].casefold() in reading.instead_if.casefold())]
        if not given:
            return reading, "assumed"
        if event_name(given[0]) == "condition-true":
            return reading, "true"
        words = reading.instead.casefold()
        rest = [x for x in reading.lasting_sentences if x != reading.instead]
        terms = [t for t in reading.terms if t.text.casefold() not in words]
        recurring = [p for p in reading.recurring if p.casefold() not in words]
        return replace(reading, lasting=bool(rest) or bool(reading.cannot_be), lasting_sentences=rest, terms=terms,
                       recurring=recurring, triggers=[t for t in reading.triggers if t[0].casefold() not in words],
                       unsure=[p for p in reading.unsure if p.casefold() not in words]), "false"

    def _say_instead(self, reading: PartReading, how: str, trace: Trace) -> None:
        cond = _quote(reading.instead_if)
        if how == "false":
            trace.add("RG4", cond, "did not hold as the ability resolved (condition-false): the words before it "
                      f"happened, not {_quote(reading.instead, 70)}, which never began", source="scenario")
        elif how == "true":
            trace.add("RG4", cond, f"held as the ability resolved (condition-true): {_quote(reading.instead, 70)} "
                      "happened instead of the words before it", source="scenario")
        else:
            trace.interpret(notes.instead_assumed(reading.instead_if))

    def _use_up(self, states: list[TermState], verdict: PartVerdict, index: int, trigger: str, trace: Trace) -> None:
        """The next card a one-use "prevent the next ..." waits for has come (the event says so): it has acted on
        that card and is used up. When it was all that lasted, the ability is over but for a "Cannot be ..." rider,
        which lasts to the end of the phase (RG1)."""
        words = ", ".join(_quote(w, 60) for w in self._next_use)
        if not self._next_whole:
            trace.add(None, trigger, f"the next card {words} waits for has come: those words have acted and are used "
                      "up; the rest of the ability keeps its own duration", source="event", event=index)
            trace.interpret(notes.NEXT_USE)
            return
        rider = _cannot_be_words(self._rider) if self._rider else ""
        for s in states:
            if s.status == "ended" or (rider and s.term.rule == "D1"):
                continue
            s.status, s.ended_by = "ended", index
        if rider:
            verdict.only_cannot_be = rider
        trace.add(None, trigger, f"the next card {words} waits for has come: the ability has acted on it and is used "
                  "up, so nothing more is " + ("stopped by it; only its " + _quote(rider) + " lasts (RG1)" if rider
                                              else "stopped by it: nothing of the ability lasts"),
                  source="event", event=index)
        trace.interpret(notes.NEXT_USE)

    def _doubts(self, reading: PartReading, states: list[TermState], trace: Trace) -> None:
        """Say when the answer rests on wording the reader could not pin down (a judge must see a guess)."""
        if reading.annotated:
            return
        for phrase in reading.unsure:
            trace.interpret(notes.unclassified(phrase))
        default = any(s.term.rule == "D1" for s in states)
        for phrase in dict.fromkeys(reading.recurring):
            if default:
                trace.interpret(notes.recurring(phrase))

    def _annotation_and_time(self, reading: PartReading, trace: Trace) -> None:
        """A moderator annotation never silently replaces a time the text states: name both, and which won."""
        if not reading.annotated:
            return
        stated = [t for t in reading.text_terms if t.rule == "D4"]
        if not stated:
            return
        used = [t for t in reading.terms if t.rule == "D4"]
        text = ", ".join(f"“{t.text}” ({t.length})" for t in stated)
        if any(t.source == "text" for t in used):
            trace.interpret(notes.annotation_keeps_time(text))
        elif {t.length for t in used} != {t.length for t in stated}:
            given = ", ".join(f"{t.rule} {t.length or t.text}" for t in reading.terms) or (
                "an instant effect" if not reading.lasting else "no stated time")
            trace.interpret(notes.annotation_over_time(text, given))

    def _explain_terms(self, states: list[TermState], trace: Trace) -> None:
        for s in states:
            t = s.term
            trigger = _quote(t.text) if t.source in {"text", "identifier", "annotation"} else t.text
            source = t.source
            match t.role:
                case Role.BOUND if t.place == "territory":
                    what = ("the card placed itself in a territory: lasts while it stays there, so leaving that "
                            "territory (or play) ends the place and the ability with it; an upper bound on every "
                            "other duration")
                case Role.BOUND:
                    what = ("own limit: ends when the card resets to face value, over every other duration"
                            if t.rule == "D2" else "lasts until the targeted result changes; an upper bound on "
                            "every other duration")
                case Role.STANDALONE:
                    what = _standalone_words(t)
                case Role.CAP:
                    what = (f"own limit of the copy: it ends when the card resets to face value, but it governs "
                            f"only “{_clip(t.scope)}”; it neither bounds nor extends the rest of the ability, which "
                            "keeps its own duration")
                    trace.interpret(notes.COPY_SCOPE)
                case Role.WINDOW:
                    what = (f"the window the card it waits for must come in ({t.length}), not a duration of its own: "
                            "it never makes the ability last longer, but once it is over no card can be that one, "
                            "so what it governs has ended")
                    trace.interpret(notes.WINDOW)
                case Role.DEPENDENT if t.keyword == "if you do":
                    number = [x for x in states if x.term.role == Role.DEPENDENT].index(s) + 1
                    what = (f"condition {number}: the choice the ability offered, made as it resolved: what it governs "
                            "happens only as the choice went; it never makes the ability last longer")
                    if not any(event_name(e) in NAMED_EVENTS for e in self.scenario.events):
                        trace.interpret(notes.CHOICE_MADE)
                case Role.DEPENDENT:
                    number = [x for x in states if x.term.role == Role.DEPENDENT].index(s) + 1
                    what = f"condition {number}: " + (
                        "it works while these words do not hold; " if t.keyword == "unless" else "") + (
                        "a condition that cannot stand alone: it switches the ability on and off inside another "
                        "duration")
                case _ as unreachable:
                    assert_never(unreachable)
            if s.status == "waiting" and not s.starts_on and self._on_return:
                what = (f"part of {_quote(self._on_return)}: it starts when the set-aside cards come back, and "
                        "bounds nothing until then")
            elif s.status == "waiting" and t.rule == "D3":
                what = ("a targeting that waits for a later event: not made yet, so it bounds nothing until the "
                        "scenario says it happens (event targeted)")
                trace.interpret(notes.conditional_target(t.text))
            elif s.status == "waiting" and t.ends_result and not t.trigger:
                what = f"a stated time ({t.length}) that measures that targeting's result: it starts with it"
            elif s.status == "waiting":
                what = (f"a stated time ({t.length}) that runs from its trigger (“{t.trigger}”): it has not "
                        "started yet" if t.trigger else f"a stated time ({t.length}) that waits for a later event: "
                        "it has not started yet")
            elif t.pending == "optional" and t.rule == "D3":
                trace.interpret(notes.optional_target(t.text))
            if t.keyword == "during":
                number = [x for x in states if x.term.role == Role.DEPENDENT].index(s) + 1
                span = {"battle": "while a battle is under way", "your-turn": "during your turns",
                        "their-turn": "during an opponent's turns"}[t.where]
                now = {"battle": "a battle is under way" if s.status == "holds" else
                       "no battle is under way (taken as played outside a battle)",
                       "your-turn": "it is your turn" if s.status == "holds" else "it is an opponent's turn",
                       "their-turn": "it is an opponent's turn" if s.status == "holds" else "it is your turn"}[t.where]
                what = (f"condition {number}: an ongoing check like \"while\": the words work only {span}, inside "
                        f"another duration; now {now}, so it is {'on' if s.status == 'holds' else 'off'}")
                trace.interpret(notes.DURING)
                if t.where != "battle":  # "During your turn" holds or not by whose turn it is
                    trace.interpret(notes.turn_order(self.scenario.turn, self.scenario.players,
                                                     "a check made during a player's turns holds in it or not",
                                                     "turn-order-check"))
            elif t.rule == "D8" and t.combat:
                number = [x for x in states if x.term.role == Role.DEPENDENT].index(s) + 1
                doing = "attacking" if "attacking" in t.text.lower() else "blocking"
                what = (f"condition {number}: a check kept up like \"while\": the words work only while this character "
                        f"is {doing} as they say, "
                        "inside another duration; " + ("it is in battle, so it is taken to hold" if s.status == "holds"
                                                      else f"it was played in {self.scenario.played_in}, so it is off"))
                trace.interpret(notes.COMBAT)
            elif t.rule == "D8" and t.bearer:
                what = (f"condition {[x for x in states if x.term.role == Role.DEPENDENT].index(s) + 1}: said of the "
                        "character this card sits on, not of this card (so not D5): it switches the ability on and off "
                        "inside another duration")
                trace.interpret(notes.BEARER)
            elif t.rule == "D8" and t.where and s.status == "off":
                what = (f"said of the card itself, which was played in {self.scenario.played_in}: this is "
                        f"switched off there; it works only while the card is in {t.where}")
            if t.rule == "D8" and t.scope:
                what += f"; it governs only “{_clip(t.scope)}”, not the rest of the ability"
            trace.add(t.rule, trigger, what, source=source)
            if t.rule == "D3" and t.sits:
                trace.interpret(notes.SITS_ON)
            elif t.rule == "D3" and t.self_placed:
                trace.interpret(notes.SELF_PLACEMENT)
            if t.rule == "D2":
                trace.interpret(notes.COPY_LEAVES_PLAY)
            if t.rule == "D3" and t.text.lower().startswith("until"):
                trace.interpret(notes.TARGET_UNTIL)
            if t.rule == "D3" and any(p.match(t.text) for p in P.D5):
                trace.interpret(notes.TARGET_IN_PLACE)
            if t.rule == "D4" and t.pending == "optional" and not t.ends_result:
                trace.interpret(notes.FOLLOW_UP_TIME)
            if t.rule == "D4" and t.length.startswith(("turns:", "rounds:")):
                trace.interpret(notes.UNKNOWN_COUNT if s.count == 0 else notes.TURN_COUNT)
                if s.returns:
                    trace.interpret(notes.ON_RETURN if self._on_return else notes.RETURN_IN_PREPARATION)
                    trace.interpret(notes.turn_order(self.scenario.turn, self.scenario.players,
                                                     "the set-aside cards come back in your preparation phase",
                                                     "turn-order-return"))
            if t.rule == "D4" and t.length.startswith("next-") and t.length.endswith("-phase"):
                trace.interpret(notes.NEXT_PHASE)
            if t.rule == "D4" and t.length in NEXT_TURNS:
                trace.interpret(notes.next_turn(t.length, s.count, self.scenario.turn, self.scenario.players,
                                                s.status == "waiting"))
            if t.rule == "D4" and t.ends_result:
                trace.interpret(notes.TIMED_RESULT)
            if t.rule == "D7" and "part" in t.text:
                trace.interpret(notes.DUAL_USE)
            if t.rule == "D7" and "played as" in t.text:
                trace.interpret(notes.DUAL_USE_PLAYED)
            if t.rule == "D7" and self.previous:
                trace.interpret(notes.PREVIOUS)
        bounds = [s for s in states if s.term.rule == "D3"]
        # A time that measures the result itself ends the bound (TIMED_RESULT); only other times stay inside it.
        if bounds and any(s.term.role == Role.STANDALONE and s.term.rule == "D4" and not s.term.ends_result
                          for s in states):
            trace.interpret(notes.SHORTER_IN_BOUND)

    def _run_events(self, states: list[TermState], verdict: PartVerdict, trace: Trace) -> None:
        persists = _persists(states)
        effective = persists and _switched_on(states, self._sentences)
        last = None
        battle_seen = False
        for index, event in enumerate(self.scenario.events, start=1):
            trigger = f"event {index}: {event}"
            steps_before = len(trace.steps)
            if not persists:
                trace.add(None, trigger, "no effect: the ability no longer persists", source="event", event=index)
                last = event
                continue
            ended_now = []
            seat_before = self.seat
            self._start_waiting(states, verdict, event, index, trigger, trace)
            for s in states:
                if s.status in ("ended", "waiting") or s.started_by == index:
                    continue
                if s.term.role == Role.DEPENDENT and s.term.combat and s.status == "holds" and \
                        event in ("leaves-battle", "leaves-play", "battle-ends"):
                    # "When blocking ...": a character blocks only while it is in a battle.
                    s.status = "off"
                    number = [x for x in states if x.term.role == Role.DEPENDENT].index(s) + 1
                    why = "the battle is over" if event == "battle-ends" else "the character left battle"
                    trace.add("D8", trigger, f"condition {number} {_quote(s.term.text)} is switched off: {why}, so "
                              "it no longer blocks or attacks", source="event", event=index)
                    continue
                if s.term.role == Role.DEPENDENT and s.term.bearer and event == "leaves-battle" and s.status == "holds":
                    # The card sits on that character and moves with it: this card leaving battle is it leaving.
                    s.status = "off"
                    number = [x for x in states if x.term.role == Role.DEPENDENT].index(s) + 1
                    trace.add("D8", trigger, f"condition {number} {_quote(s.term.text)} is switched off: this card "
                              "sits on that character, so it leaving battle means the character left battle",
                              source="event", event=index)
                    trace.interpret(notes.BEARER)
                    continue
                if s.term.role == Role.DEPENDENT:
                    which = event.partition(":")[2]
                    conditions = [x for x in states if x.term.role == Role.DEPENDENT]
                    if event_name(event) in NAMED_EVENTS and (not which or s in _named(which, conditions)):
                        true = event_name(event) == "condition-true"
                        # Named, the event says whether the condition's own words hold: an "unless" works while
                        # they do not. Unnamed, it says whether the ability's condition is met.
                        on = (not true) if which and s.term.keyword == "unless" else true
                        s.status = "holds" if on else "off"
                        only = f" (only “{_clip(s.term.scope)}”; the rest of the ability keeps working)" \
                            if s.term.scope and s.status == "off" else ""
                        number = conditions.index(s) + 1
                        trace.add("D8", trigger, f"condition {number} {_quote(s.term.text)} is switched "
                                  f"{'off' if s.status == 'off' else 'on'}{only}", source="event", event=index)
                    continue
                if s.term.role == Role.CAP and event == "reset" and P.RECURRING.match(s.term.scope):
                    # A copy a repeating trigger makes: resetting ends the copy made, not the trigger that copies.
                    trace.add("D2", trigger, f"ends the copy made by {_quote(s.term.scope, 60)}; it copies again the "
                              "next time it acts", source="event", event=index)
                    continue
                if self._ends(s, event, last, battle_seen):
                    s.status, s.ended_by = "ended", index
                    ended_now.append(s)
                if s.news:
                    trace.add("RG3", trigger, f"{_quote(s.term.text)}: {s.news}", source="event", event=index)
                    s.news = ""
            acted = (event == "battle-ends" and self._battle_end and self.scenario.played_in == "battle"
                     and all(s.term.rule in ("D1", "D8") for s in states))  # (no bound of its own: D3, D7, ...)
            if acted:
                # "After battle, discard this card": the action it waited for happens now, at once; nothing of the
                # ability is left to last (the upper bound only capped the wait)
                ended_now += [s for s in states if s.status != "ended" and s not in ended_now]
                for s in ended_now:
                    s.status, s.ended_by = "ended", index
                trace.add("D4", trigger, f"the battle has ended, so the action waiting for {_quote(self._battle_end)} "
                          "happens now, at once: nothing of the ability lasts after it", source="event", event=index)
                trace.interpret(notes.BATTLE_END_ACTION)
            for s in list(ended_now):
                if s.term.rule == "D4" and s.term.ends_result:
                    # The stated time was the length of the targeted result (or of the copy): it changes now.
                    for bound in states:  # (a targeting not made yet is no result this time measures)
                        if bound.term.role == Role.BOUND and bound.status not in ("ended", "waiting"):
                            bound.status, bound.ended_by = "ended", index
                            ended_now.append(bound)
            early = event == "result-changed" and any(s.term.rule == "D3" and _SET_ASIDE.search(s.term.text)
                                                      for s in ended_now)
            if self._on_return and verdict.returned_by is None and (early or any(s.returns for s in ended_now)):
                if early:  # the set-aside result changed before its count was over: its cards came back early
                    trace.interpret(notes.ON_RETURN_EARLY)
                ended_now += self._returned(states, verdict, event, index, trigger, trace)
            if event == "battle-ends":
                battle_seen = True
            for s in ended_now:
                what = "the D1 default (end of the phase)" if s.term.source == "default" else _quote(s.term.text)
                trace.add(s.term.rule, trigger, f"ends {what}", source="event", event=index)
            if event == "turn-ends" or (event == "round-ends" and last != "turn-ends"):
                self.seat = (self.seat + 1) % self.players
            self._switch_during(states, event, index, trigger, trace)
            if not ended_now and event.startswith("leaves-"):
                holding = [s for s in states if s.status != "ended" and s.term.role != Role.DEPENDENT]
                if any(s.term.rule == "D1" for s in holding):
                    trace.add("D1", trigger, "does not end the D1 default: removing a card does not end its "
                              "ability before the end of the phase", source="event", event=index)
                for s in holding:
                    if s.armed and s.term.rule == "D7":
                        trace.add("D7", trigger, "previous ruling: the ability now runs to the end of this "
                                  "phase", source="event", event=index)
            named = event.partition(":")[2]
            if len(trace.steps) == steps_before and event_name(event) in NAMED_EVENTS and named and \
                    self._cannot_if and named.casefold() in self._cannot_if.casefold():
                trace.add("RG4", trigger, f"changes nothing: {_quote(self._cannot_if)} of its "
                          f"{_quote(self._cannot_be)} is checked once, as the ability is used (taken as met then), "
                          "not kept up like \"while\"",
                          source="event", event=index)
            if len(trace.steps) == steps_before and event_name(event) in NAMED_EVENTS and \
                    self._instead_how in ("true", "false"):
                trace.add("RG4", trigger, "says how the “instead” condition went as the ability resolved (it is "
                          "checked once): the branch judged above", source="event", event=index)
            if len(trace.steps) == steps_before and event_name(event) in NAMED_EVENTS and self._checked_once:
                trace.add("RG4", trigger, f"changes nothing: {_quote(self._checked_once)} is checked once, as the "
                          "ability resolves, not kept up like \"while\": its changing later does not switch the "
                          "ability", source="event", event=index)
            if len(trace.steps) == steps_before:  # every event is in the trace, with why it changes nothing
                trace.add(None, trigger, f"changes nothing: {_why_nothing(event, states, self.scenario.played_in)}",
                          source="event", event=index)
            if self.seat != seat_before and _persists(states):
                self._recurs(trigger, index, trace)
            now = _persists(states)
            if persists and not now:
                verdict.ended_by = index
                closed = [s for s in ended_now if s.term.role == Role.WINDOW]
                if event in ("targeted", "triggered") and self._next_use:
                    pass  # _use_up said why: the one-use action has acted, not a bound elapsing
                elif closed and not _bound_ended(states):
                    trace.add(closed[0].term.rule, trigger, f"the window {_quote(closed[0].term.text)} is over: "
                              "nothing of the ability is left to act, so it has ended", source="event", event=index)
                else:
                    trace.add(self._bound_rule(states), trigger,
                              "the upper bound has elapsed: the ability no longer persists", source="event",
                              event=index)
            persists = now
            effective = persists and _switched_on(states, self._sentences)
            last = event
        verdict.persists, verdict.effective = persists, effective

    def _ends(self, s: TermState, event: str, last: str | None, battle_seen: bool) -> bool:
        term = s.term
        if term.rule == "D7" and self.previous:
            # Previous ruling: leaving play starts a countdown to the end of that phase.
            if s.armed:
                return event in _PHASE_END
            if event in s.ends_on:
                s.armed = True
            return False
        if term.rule == "D4" and term.length.startswith("turns:"):
            return self._upkeep_count(s, event, last)
        if term.rule == "D4" and term.length.startswith("next-") and term.length.endswith("-phase"):
            if term.length == "next-battle-phase":
                return (event == "phase-ends" and battle_seen) or (event == "turn-ends" and battle_seen)
            if event in ("turn-ends", "round-ends"):
                s.armed = True
                return False
            return s.armed and event in _PHASE_END
        if s.count != 1:
            counted = event in s.ends_on or (
                "turn-ends" in s.ends_on and event == "round-ends" and last != "turn-ends")
            if counted:
                s.seen += 1
            return s.count > 0 and s.seen >= s.count
        return event in s.ends_on

    def _switch_during(self, states: list[TermState], event: str, index: int, trigger: str, trace: Trace) -> None:
        """"During battle" switches off when the battle (or its phase, or the turn) ends; "During your turn" follows
        whose turn it is after each turn end."""
        conditions = [x for x in states if x.term.role == Role.DEPENDENT]
        for s in conditions:
            if s.term.keyword != "during" or s.status in ("ended", "waiting"):
                continue
            if s.term.where == "battle":
                if event not in ("battle-ends", *_PHASE_END) or s.status == "off":
                    continue
                now, why = False, "the battle is over" if event == "battle-ends" else "the battle's phase is over"
            elif event == "turn-ends" or event == "round-ends":
                now = self._during(s.term.where)
                why = f"it is now {'your' if self.seat == 0 else 'an opponent' + chr(39) + 's'} turn"
            else:
                continue
            if (s.status == "holds") == now:
                continue
            s.status = "holds" if now else "off"
            trace.add("D8", trigger, f"condition {conditions.index(s) + 1} {_quote(s.term.text)} is switched "
                      f"{'on' if now else 'off'}: {why}", source="event", event=index)

    def _upkeep_count(self, s: TermState, event: str, last: str | None) -> bool:
        """A count of N turns (RG3): each turn after the play is counted in its upkeep, so the count is reached in
        the upkeep of the Nth turn (its draw phase ended); set-aside cards come back in your preparation phase after
        that (your draw and upkeep phases ended). A turn that ends with the count reached has passed its upkeep."""
        if s.count == 0:
            return False  # X turns: not fixed by the scenario
        if event == "turn-ends" or (event == "round-ends" and last != "turn-ends"):
            if s.armed:
                if not s.returns or s.turn_seat == 0:
                    return True
                s.turn_seat, s.phase = (s.turn_seat + 1) % self.players, 0
                s.news = "the set-aside cards wait for your preparation phase" + (
                    ", in the turn now beginning" if s.turn_seat == 0 else "")
                return False
            s.seen += 1
            whose = "yours" if (self.seat + 1) % self.players == 0 else "an opponent's"
            s.news = f"the next turn ({whose}) counts turn {s.seen} of {s.count} in its upkeep"
            if s.seen >= s.count:
                s.armed, s.phase, s.turn_seat = True, 0, (self.seat + 1) % self.players
                s.news += (": the count is over then" + (
                    ", and the set-aside cards come back in your preparation phase" + (
                        " of that turn" if s.turn_seat == 0 else " of your next turn") if s.returns else ""))
            return False
        if event == "phase-ends" and s.armed:
            s.phase += 1
            done = s.turn_seat == 0 and s.phase >= 2 if s.returns else s.phase >= 1
            if not done and s.returns and s.turn_seat == 0:
                s.news = "the upkeep begins: the set-aside cards come back in the preparation phase that follows"
            return done
        return False

    def _bound_rule(self, states: list[TermState]) -> str:
        return self._upper_bound(states).rule

    def _upper_bound(self, states: list[TermState]) -> UpperBound:
        states = [s for s in states if s.status != "waiting" and not s.superseded]
        by_rule = {s.term.rule: s for s in states if s.term.role in (Role.BOUND, Role.STANDALONE)}
        if "D2" in by_rule:
            s, why = by_rule["D2"], "D2 overrides every other duration"
        elif "D3" in by_rule:
            s, why = by_rule["D3"], "D3 is marked as an upper bound on every other duration"
            shorter = [x for x in states if x.term.role == Role.STANDALONE and x.term.rule == "D4"
                       and not x.term.ends_result]
            if shorter:
                why += "; " + ", ".join(f"{x.term.rule} {_quote(x.term.text)}" for x in shorter) + \
                       (" only switches its part off" if len(shorter) == 1 else " only switch their parts off")
            own = [x for x in states if x.term.rule in {"D5", "D6", "D7"}]
            for x in own:
                why += (f"; {x.term.rule} {_quote(x.term.text) if x.term.source != 'attribute' else x.term.text} is a "
                        f"bound of its own ({_standalone_words(x.term).split(': ')[-1]}), inside the D3 bound")
            measures = [x for x in states if x.term.rule == "D4" and x.term.ends_result]
            if measures:
                why += "; " + ", ".join(f"{x.term.rule} {_quote(x.term.text)}" for x in measures) + \
                       " measures that result, so when it passes the bound ends too"
        else:
            candidates = [x for x in states if x.term.role == Role.STANDALONE]
            holding = [x for x in candidates if x.status != "ended"]
            if holding:
                s = max(holding, key=_rank)
                why = "the longest duration still running" if len(candidates) > 1 else "the only duration"
            else:
                s = max(candidates, key=lambda x: (x.ended_by or 0, _rank(x)))
                why = "the last duration to end" if len(candidates) > 1 else "the only duration"
            if s.term.rule == "D1":
                deps = [x for x in states if x.term.role == Role.DEPENDENT]
                why = ("D8 needs another duration as its bound and none of D2-D7 applies, so the D1 default "
                       "bounds it" if deps else "none of D2-D7 applies, so the D1 default bounds it")
        return UpperBound(s.term.rule, s.term.text, s.ends_on, why, s.term.source)


def _cannot_be_words(sentence: str) -> str:
    """The ability types a "Cannot be ..." sentence names, as the first line quotes them: "Cannot be negated"."""
    m = re.match(r"(?:[\w ]*?)(?:cannot|can \[not\]|can not|may not) be ([\w, ]*(?:nega[a-z]*d|prevent[a-z]*d|"
                 r"interr?u[a-z]*d|redirected))\b", sentence, re.I)
    return f"Cannot be {m.group(1)}" if m else sentence


def _differs(reading: PartReading) -> bool:
    """Whether a moderator's annotation changes what the text alone would give (only then is it a reading)."""
    return (reading.text_lasting, sorted(t.rule for t in reading.text_terms)) != \
        (reading.lasting, sorted(t.rule for t in reading.terms))


def _trigger(bound: UpperBound) -> str:
    return bound.text if bound.source in {"default", "attribute"} else _quote(bound.text)


def _bound_ended(states: list[TermState]) -> bool:
    """Whether the upper bound itself has elapsed (as opposed to a window closing on all that was left)."""
    states = [s for s in states if s.status != "waiting" and not s.superseded]
    bounds = [s for s in states if s.term.role == Role.BOUND]
    if bounds:
        return any(s.status == "ended" for s in bounds)
    return not any(s.status != "ended" for s in states if s.term.role == Role.STANDALONE)


def _persists(states: list[TermState]) -> bool:
    # a targeting not yet made bounds nothing, nor a set-aside whose cards came back to start what follows
    states = [s for s in states if s.status != "waiting" and not s.superseded]
    if any(s.term.role == Role.WINDOW and not s.term.scope and s.status == "ended" for s in states):
        return False  # the window the whole ability waited in is over
    bounds = [s for s in states if s.term.role == Role.BOUND]
    if any(s.status == "ended" for s in bounds):
        return False
    if bounds:
        return True
    return any(s.status != "ended" for s in states if s.term.role == Role.STANDALONE)


def _switched_on(states: list[TermState], sentences: int = 1) -> bool:
    """Every condition over the whole ability holds, and not every lasting sentence is switched off: a
    condition that governs one sentence switches off only that sentence."""
    conditions = [s for s in states if s.term.role == Role.DEPENDENT]
    if any(s.status != "holds" for s in conditions if not s.term.scope):
        return False
    off = {s.term.scope for s in conditions if s.term.scope and s.status != "holds"}
    off |= {s.term.scope for s in states if s.term.role in _CLOSES and s.term.scope and s.status == "ended"}
    return not off or len(off) < sentences


def _named(which: str, conditions: list[TermState] | list[Term]) -> list:
    """The conditions an event names: by number in the part ("2") or by a word of their text ("angel")."""
    terms = [c.term if isinstance(c, TermState) else c for c in conditions]
    if which.isdigit():
        n = int(which)
        return [conditions[n - 1]] if 1 <= n <= len(conditions) else []
    word = re.compile(rf"\b{re.escape(which.strip())}", re.I)
    return [c for c, t in zip(conditions, terms, strict=True) if word.search(t.text)]


_LEAVE_WORDS = {"leaves-play": "leaving play", "leaves-battle": "leaving battle",
                "leaves-territory": "leaving territory"}


def _why_nothing(event: str, states: list[TermState], zone: str) -> str:
    """Why an event changes nothing, in a judge's words: what it could have ended, and what stands instead."""
    name = event_name(event)
    running = [s for s in states if s.status not in ("ended", "waiting") and s.term.role != Role.DEPENDENT]
    alone = ", ".join(f"{s.term.rule} {_quote(s.term.text) if s.term.source == 'text' else s.term.text}"
                      for s in running)
    if name in NAMED_EVENTS:
        return "this ability has no condition (D8) for it to switch"
    if name in _LEAVE_WORDS:
        if not running:
            return f"{_LEAVE_WORDS[name]} ends nothing this ability still has"
        return (f"{alone} {'stands' if len(running) == 1 else 'stand'} alone: {_LEAVE_WORDS[name]} does not end "
                f"{'it' if len(running) == 1 else 'them'}" + (" (the card was played in "
                f"{zone})" if name != "leaves-play" else ""))
    if name == "result-changed":
        return "no term of this ability hangs on a targeted result"
    if name == "reset":
        return "this ability copies nothing, so returning to face value ends nothing"
    if name == "deactivated":
        return "no term of this ability ends when an Artifact is deactivated"
    if name in ("targeted", "triggered"):
        return "this ability waits for no trigger or targeting"
    return "no term of this ability ends on it" + (f"; {alone} still {'runs' if len(running) == 1 else 'run'}"
                                                    if running else "")


def _zone_is(zone: str, where: str) -> bool:
    return where == "" or (where == "battle" and zone in {"battle", "field-of-battle"}) or zone == where


def _clip(text: str, limit: int = 80) -> str:
    return cut(text, limit)


def _standalone_words(term: Term) -> str:
    match term.rule:
        case "D4" if term.length.startswith("turns:"):
            n = term.length.partition(":")[2]
            return (f"a count of turns ({'X' if not n.isdigit() else n}), counted in upkeep: lasts until the upkeep "
                    "of the last turn counted")
        case "D4":
            return f"a stated time ({term.length}): lasts until it has passed"
        case "D5":
            return "lasts until the card leaves where it was played"
        case "D6":
            return "lasts until the character leaves territory"
        case "D7":
            return "an inherent duration: lasts until the card leaves where it was played" + (
                ", or the Artifact is deactivated" if "Artifact" in term.text else "")
        case _:
            return "the end of the phase in which it began"


def _quote(text: str, limit: int = 120) -> str:
    return quoted(text, limit)
