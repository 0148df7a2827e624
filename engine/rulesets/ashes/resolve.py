"""The four steps (AS1) for one use of a card or ability in one board state, under one edition.

Input: the card's printing in that edition, the ability used, the Board, and (optionally) the opponent's
cancel card's printing. Output: a Resolution, plain data the renderer turns into the documented JSON and text.
Nothing here knows a card by name: every decision comes from the words read in abilities.py and parts.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Annotation
from engine.interface import QuestionError
from engine.rulesets.ashes.abilities import Ability, read_abilities
from engine.rulesets.ashes.annotations import apply as annotated
from engine.rulesets.ashes.cancel import CancelReading, cancel_ability, read_cancel
from engine.rulesets.ashes.editions import Printing
from engine.rulesets.ashes.parts import Part, TargetSpec, at_least
from engine.rulesets.ashes.reactions import place_reaction
from engine.rulesets.ashes.state import Board, Unit, split_side
from engine.trace import Interpretation, Trace

UNIT_TYPES = ("Ally", "Conjuration")
ZONES = {"Spellboard": "spellboard", "Battlefield": "battlefield", "Discard": "discard pile",
         "Unit": "attached to a unit", "Phoenixborn": "Phoenixborn"}


@dataclass
class PartResult:
    part: Part
    outcome: str = "resolves"
    why: str = ""
    rules: list[str] = field(default_factory=list)
    target: str | None = None
    target_side: str | None = None     # mine / theirs when a unit or Phoenixborn of one side was taken
    acts_on: str | None = None         # a back-reference: what the part it depends on targeted


@dataclass
class Resolution:
    edition: str
    printing: Printing
    ability: Ability
    board: Board
    usable: bool
    usable_why: str
    steps: list[dict[str, Any]]
    parts: list[PartResult]
    placement: dict[str, str]
    cancel: dict[str, Any] | None
    trace: Trace
    reaction: dict[str, Any] | None = None


def pick_ability(abilities: tuple[Ability, ...], wanted: str | None, card: str, card_type: str = "") -> Ability:
    """By name (case-insensitive), by position N, or "play". With no choice: the card's only ability; a ready
    spell's one spellboard ability (it is used far more often than it is played); playing the card when it has
    nothing else to use; otherwise the question asks back (playing an ally or an alteration and using its
    ability are different questions)."""
    listed = ", ".join(f"{a.index}" + (f" ({a.name})" if a.name else "") if a.kind != "play" else "play"
                       for a in abilities)
    if wanted:
        key = wanted.strip().lower()
        for a in abilities:
            if (a.kind == "play" and key == "play") or (a.name and a.name.lower() == key) or \
                    (a.kind != "play" and key == str(a.index)):
                return a
        raise QuestionError(f"{card} has no ability “{wanted}”; its abilities: {listed}.")
    usable = [a for a in abilities if a.kind in ("activated", "reaction")]
    playable = bool(abilities) and abilities[0].kind == "play"
    if not abilities:
        raise QuestionError(f"{card} has no ability to use.")
    if len(abilities) == 1 or (playable and card_type in ("Action Spell", "Reaction Spell")):
        return abilities[0]   # an action or reaction spell is asked about as it is played
    if len(usable) == 1 and (not playable or card_type == "Ready Spell"):
        return usable[0]
    if not usable and playable:
        return abilities[0]
    raise QuestionError(f"{card} can be used in several ways; pick one with --ability: {listed}.")


_LEAVING = re.compile(r"\bthis unit (?:is|would be) (?:destroyed|removed from play|returned)|\bthis unit leaves "
                      r"play\b|\bthis unit would leave play\b", re.I)
# "Deal 1 damage to a target unit or remove 1 wound token from this card": the target is one of two choices.
_ALTERNATIVE = re.compile(r"\btarget [^.]*?\bor (?:you may )?(?:remove|deal|draw|place|discard|return|gain|add|"
                          r"spend|exhaust|destroy|move|search|look)\b", re.I)
_UNDER = re.compile(r"\bwhen you play this (?:spell|card), place it (?:face (?:up|down) )?(?:under|underneath) "
                    r"(?P<where>[^.]+)", re.I)


def magic_count(ability: Ability) -> int:
    """How many dice the ability's magic costs exhaust (a choice counts once; X counts as 0)."""
    total = 0
    for cost in ability.costs:
        if cost.kind == "magic":
            m = re.match(r"^(\d+)", cost.text.strip())
            total += int(m.group(1)) if m else 0
    return total


def placed_under(p: Printing) -> str | None:
    """Where a card says it goes instead of its own slot ("place it face up under a ready spell ..."), if it does."""
    text = p.text if p.text is not None else " ".join(str(a.get("text", "")) for a in p.abilities or ())
    m = _UNDER.search(text or "")
    return m.group("where").strip() if m else None


def _mode(ability: Ability, board: Board, trace: Trace) -> int:
    """The effect chosen from "choose one of the following" (0 when the ability offers none)."""
    modes = sorted({part.mode for part in ability.parts if part.mode})
    if not modes:
        if board.mode is not None:
            raise QuestionError(f"--mode goes with “choose one of the following”; {ability.label} offers no choice.")
        return 0
    if board.mode is None:
        trace.interpret(Interpretation("AS-I-mode", "AS5",
                                       f"It offers {len(modes)} effects to choose one from; no choice was given, so "
                                       "I took the first."))
        return modes[0]
    if board.mode not in modes:
        raise QuestionError(f"--mode {board.mode}: {ability.label} offers effects 1 to {modes[-1]}.")
    return board.mode


def _board_missing(part: Part, board: Board, units: list[Unit]) -> tuple[str, list[str]] | None:
    """What the described board lacks for this part (cards in the discard pile, dice, X)."""
    text = part.text
    if board.discard == 0 and re.search(r"\b(?:search|from|in) your discard pile\b", text, re.I):
        return "your discard pile is empty", ["AS5"]
    if board.dice == 0 and re.search(r"\b(?:select|choose|change|spend|exhaust|re-?roll|place|move)\b[^.]*"
                                     r"\b(?:die|dice)\b[^.]*\b(?:in|from) your active pool\b", text, re.I):
        return "no die is in your active pool", ["AS5"]
    if board.x == 0 and re.search(r"\bX\b", text):
        return "X is 0, so there is nothing to do", ["AS5"]
    return None


def _side_words(side: str) -> str:
    return {"mine": "yours", "theirs": "theirs"}.get(side, "either player's")


def _legal_units(spec_side: str, units: list[Unit], self_unit: Unit | None, another: bool,
                 words: str = "") -> list[Unit]:
    pool = list(units) + ([self_unit] if self_unit and not another else [])
    return [u for u in pool if (spec_side == "any" or u.side == spec_side) and _fits(u, words) is not False]


_WITH_TOKENS = re.compile(r"\bwith (?:a|an|1 or more|one or more|at least 1|any) (?P<kind>status|wound|exhaustion) "
                          r"tokens?\b|\b(?P<dam>damaged)\b|\b(?P<ex>unexhausted|exhausted)\b|\bwith (?:an? )?"
                          r"(?P<alt>alteration)", re.I)


def _fits(u: Unit, words: str) -> bool | None:
    """Does the unit meet what the target words ask ("exhausted", "with a status token")? None: not known."""
    m = _WITH_TOKENS.search(words)
    if not m:
        return True
    if m.group("kind"):
        n = u.tokens(m.group("kind").lower())
        return None if n is None else n > 0
    if m.group("dam"):
        n = u.tokens("wound")
        return None if n is None else n > 0
    if m.group("ex"):
        ex = u.tokens("exhaustion")
        return None if ex is None else bool(ex) == (m.group("ex").lower() == "exhausted")
    if m.group("alt"):
        return bool(u.alterations) if u.described else None
    return True


def _choose(part: Part, spec: TargetSpec, units: list[Unit], self_unit: Unit | None, board: Board,
            cancel_wants_theirs: bool, trace: Trace) -> tuple[str | None, str | None, str]:
    """(chosen target words, its side, or None with why there is no legal target)."""
    asked = board.targets.get(str(part.n))
    if spec.kind in ("unit",):
        if re.search(r"\balteration(?: spell)? attached to (?:a |an )?target unit", part.text, re.I):
            spec = TargetSpec(spec.kind, spec.side, spec.another, f"{spec.words} with an alteration")
        legal = _legal_units(spec.side, units, self_unit, spec.another, spec.words)
        if asked:
            if asked.lower() in ("mine", "theirs"):
                side = asked.lower()
                if spec.side not in ("any", side):
                    raise QuestionError(f"Part {part.n} must target a unit of {_side_words(spec.side)}; "
                                        f"--target {part.n}= takes {spec.side} or NAME@{spec.side}.")
                pick = [u for u in legal if u.side == side]
            else:
                name, side = split_side(asked, f"--target {part.n}=")
                pick = [u for u in legal if u.side == side and (u.name or "").lower() == name.lower()]
            if not pick:
                choices = ", ".join(sorted({u.label() for u in legal})) or "none"
                raise QuestionError(f"--target {part.n}={asked} is not a legal target in this board state; "
                                    f"legal: {choices}.")
            return pick[0].label(), pick[0].side, ""
        if not legal:
            what = _WITH_TOKENS.search(spec.words)
            such = f" that is {what.group(0)}" if what and any(u for u in units) else ""
            return None, None, f"no legal target: no unit of {_side_words(spec.side)}{such} is in play"
        unknown = [u for u in legal if _fits(u, spec.words) is None]
        if unknown and _WITH_TOKENS.search(spec.words):
            trace.interpret(Interpretation(f"AS-I-fits-{part.n}", "AS3",
                                           f"Part {part.n} targets a {spec.words.removeprefix('target ')}; the board "
                                           f"state does not say what is on {unknown[0].label()}, so I took it to "
                                           "qualify."))
        sides = sorted({u.side for u in legal})
        if len(sides) == 1:
            return legal[0].label() if len(legal) == 1 else f"a unit of {_side_words(sides[0])}", sides[0], ""
        if cancel_wants_theirs:
            trace.interpret(Interpretation("AS-I-cancel-target", "AS3",
                                           f"Part {part.n} could target a unit of either player; since an "
                                           "opponent's cancel was asked about, I took the target to be one of "
                                           "theirs (name the target to say otherwise)."))
            return "a unit of theirs", "theirs", ""
        return "a unit of your choice (yours or theirs)", None, ""
    if spec.kind in ("phoenixborn", "unit or phoenixborn", "player"):
        if asked:
            what = asked.lower()
            m = re.fullmatch(r"(phoenixborn|player)@(mine|theirs)|mine|theirs", what)
            if not m:
                raise QuestionError(f"--target {part.n}= takes phoenixborn@mine, phoenixborn@theirs"
                                    + (", mine or theirs" if spec.kind == "unit or phoenixborn" else "") + ".")
            side = m.group(2) or what
            if spec.side not in ("any", side):
                raise QuestionError(f"Part {part.n} must target {_side_words(spec.side)}; --target {part.n}= "
                                    f"takes phoenixborn@{spec.side}.")
            if m.group(2) is None:
                noun = {"player": "the player", "phoenixborn": "the Phoenixborn"}.get(spec.kind, "a unit")
            else:
                noun = "the player" if m.group(1) == "player" else "the Phoenixborn"
            if noun == "a unit" and not _legal_units(side, units, self_unit, spec.another, spec.words):
                noun = "the Phoenixborn"   # no unit of that side to target: only their Phoenixborn is left
            return f"{noun} ({_side_words(side)})", side, ""
        side = spec.side if spec.side != "any" else ("theirs" if cancel_wants_theirs else None)
        noun = spec.kind.replace("phoenixborn", "Phoenixborn")
        if spec.kind == "unit or phoenixborn" and not _legal_units(spec.side, units, self_unit, spec.another,
                                                                   spec.words):
            noun = "Phoenixborn"   # no unit it could target is in play: only a Phoenixborn is left
        if noun == "player" and side == "theirs":
            return "an opponent", side, ""
        return (f"a {noun} of {_side_words(side)}" if side else f"a {noun} (either player's)"), side, ""
    if spec.kind in ("card", "die"):
        return _choose_thing(part, spec, units, board, trace)
    trace.interpret(Interpretation(f"AS-I-kind-{spec.kind}", "AS3",
                                   f"The board state does not describe a target {spec.kind}; I took one to exist."))
    return f"a {spec.words}", None, ""


def _choose_thing(part: Part, spec: TargetSpec, units: list[Unit], board: Board,
                  trace: Trace) -> tuple[str | None, str | None, str]:
    """A target that is not a unit or a player: an alteration on a unit, a card in a pile, a die."""
    words = spec.words.lower()
    shown = f"a {spec.words}"
    if re.search(r"\balteration", words) and not re.search(r"\bphoenixborn\b", words):
        holders = [u for u in units if u.alterations]
        if holders:
            return f"{holders[0].alterations[0]} (on {holders[0].label()})", holders[0].side, ""
        if not units:
            return None, None, "no legal target: no unit is in play, so no alteration is attached to one"
        if all(u.described for u in units):
            return None, None, "no legal target: no unit in play has an alteration attached"
        trace.interpret(Interpretation(f"AS-I-alteration-{part.n}", "AS3",
                                       f"Part {part.n} targets an alteration; the board state does not say what is "
                                       "attached to the units in play, so I took one to be there."))
        return shown, None, ""
    if re.search(r"\bdiscard pile\b", words) and re.search(r"\byour discard pile\b", words):
        if board.discard == 0:
            return None, None, "no legal target: your discard pile is empty"
        if board.discard is None:
            trace.interpret(Interpretation(f"AS-I-discard-{part.n}", "AS3",
                                           f"Part {part.n} targets a card in your discard pile; how many are there "
                                           "was not said, so I took one to be there."))
        return shown, "mine", ""
    if spec.kind == "die" and not re.search(r"\bexhausted\b", words) and board.dice is not None:
        if board.dice == 0 and not re.search(r"\bopponent|their\b", words):
            return None, None, "no legal target: no die is in your active pool"
        return shown, None, ""
    trace.interpret(Interpretation(f"AS-I-kind-{spec.kind}-{part.n}", "AS3",
                                   f"The board state does not describe a target {spec.kind} for part {part.n}; "
                                   "I took one to exist."))
    return shown, None, ""


def _unit_need_met(side: str, name: str | None, units: list[Unit], self_unit: Unit | None,
                   words: str = "") -> bool:
    pool = list(units) + ([self_unit] if self_unit and not words.lower().startswith("another") else [])
    for u in pool:
        if (side == "any" or u.side == side) and (name is None or (u.name or "").lower() == name.lower()) \
                and _fits(u, words) is not False:
            return True
    return False


def resolve(p: Printing, board: Board, cancel_printing: Printing | None = None,
            cancel_name: str | None = None, notes: Sequence[Annotation] = (),
            reaction_printing: Printing | None = None) -> Resolution:
    trace = Trace()
    abilities = read_abilities(p)
    if not abilities:
        raise QuestionError(f"{p.name} has no ability to use in this edition.")
    ability = annotated(pick_ability(abilities, board.ability, p.name, p.type), p.edition, notes, trace)
    reborn = p.edition == "reborn"
    playing = ability.kind == "play"
    _check_flags(p, ability, board, playing)

    # Usable at all?
    usable, why, rules = True, "", ["AS1"]
    unit_count = len(board.units)
    if ability.kind == "passive":
        usable, why = False, f"“{ability.label}” is a constant ability: it applies while the card is in play and " \
                             "is never used"
    elif board.exhausted and not ability.inexhaustible:
        usable, why = False, "the card is exhausted, so its abilities are inactive (only inexhaustible text works)"
        rules.append("AS13")
    elif board.exhausted and any(c.kind == "exhaust" for c in ability.costs):
        usable, why = False, "the card is already exhausted, so its exhaust cost cannot be paid"
        rules += ["AS2", "AS13"]
    elif playing and p.type == "Ally" and board.battlefield_full:
        usable, why = False, "your battlefield is full and room cannot be made at will"
        rules.append("AS4")
    elif playing and p.type == "Ready Spell" and board.spellboard_full and board.focus == 0 \
            and not placed_under(p):
        usable, why = False, "your spellboard is full (no copy there to focus) and room cannot be made at will"
        rules.append("AS4")
    elif playing and p.type == "Alteration Spell" and unit_count == 0 and p.placement == "Unit":
        usable, why = False, "an alteration must be attached to a unit and no unit is in play"
        rules.append("AS4")
    elif board.dice is not None and magic_count(ability) > board.dice:
        usable, why = False, (f"its cost needs {magic_count(ability)} dice and only {board.dice} are in your active "
                              "pool")
        rules.append("AS2")
    elif ability.kind == "reaction" and ability.trigger:
        why = f"it can be used when its trigger is met: “{ability.trigger.words}” ({ability.trigger.timing})"
        rules.append("AS12")
    elif ability.kind == "activated" and not any(c.kind in ("main", "side") for c in ability.costs):
        why = "nothing in this board state prevents it; it costs no action, so it can be used in your turn " \
              "besides your Main and Side actions"
        rules.append("AS16")
    else:
        why = "nothing in this board state prevents it"
    trace.add("AS1", ability.label, ("usable: " if usable else "not usable: ") + why)
    for r in rules[1:]:
        trace.add(r, "", "")

    self_unit = Unit(p.name, "mine") if (p.type in UNIT_TYPES and not playing) else None
    if self_unit is not None and ability.trigger and _LEAVING.search(ability.trigger.words):
        # its own "when this unit is destroyed" ability: the unit is leaving play, so it is no target
        self_unit = None
        trace.add("AS3", ability.label, "the unit whose own leaving play triggered this is not a target")
    units = list(board.units)
    cancel_reading, cancel_ability_used = _read_cancel_card(cancel_printing)
    wants_theirs = cancel_reading is not None and cancel_reading.watch in ("target-unit", "target-named-unit",
                                                                             "target-player")
    results = [PartResult(part) for part in ability.parts if part.focus <= board.focus]
    mode = _mode(ability, board, trace)

    # Step 2 (first edition): every target is chosen now, against the board before any part resolves.
    targets_now = not reborn
    chosen: dict[int, tuple[str | None, str | None, str]] = {}
    if targets_now:
        for r in results:
            if r.part.new_target and r.part.mode in (0, mode):
                chosen[r.part.n] = _choose(r.part, r.part.new_target, units, self_unit, board, wants_theirs, trace)

    # An alteration played from hand is attached to a unit (step 3); in Reborn that targets the unit (AS14).
    attach = _attach_target(board, wants_theirs, trace) if (playing and p.type == "Alteration Spell"
                                                             and p.placement == "Unit" and usable) else None

    # Cancel: can it apply, and from which part?
    cancel_json, cancel_from = None, None
    if board.cancel_with:
        cancel_json, cancel_from = _cancel(cancel_reading, cancel_ability_used, cancel_name or board.cancel_with,
                                           p, ability, results, chosen, units, self_unit, board, reborn, trace,
                                           usable, attach)

    placed_units: list[Unit] = []
    for r in results:
        part = r.part
        if not usable:
            r.outcome, r.why, r.rules = "skipped", "the card or ability cannot be used in this state", ["AS1"]
            continue
        if part.mode and part.mode != mode:
            r.outcome, r.why, r.rules = "skipped", f"effect {mode} of “choose one” was chosen, not this one", ["AS5"]
            continue
        if cancel_from is not None and part.n >= cancel_from:
            r.outcome, r.rules = "cancelled", ["AS6"]
            kept = [w for w, on in (("its cost stays paid", bool(ability.costs)),
                                    ("the card stays where it was placed", playing)) if on]
            r.why = f"cancelled by {cancel_name}" + (f"; {' and '.join(kept)}" if kept else "")
            if part.new_target:
                c = chosen.get(part.n) or _choose(part, part.new_target, units + placed_units, self_unit, board,
                                                  wants_theirs, trace)
                r.target, r.target_side = c[0], c[1]
            continue
        if targets_now and part.n in chosen:  # first edition: chosen in step 2, whatever happens to the part
            r.target, r.target_side = chosen[part.n][0], chosen[part.n][1]
        if part.depends_on is not None:
            dep = next((x for x in results if x.part.n == part.depends_on), None)
            skip = _antecedent_skip(part, dep)
            if skip:
                r.outcome, r.why, r.rules = "skipped", skip, ["AS5", "AS2"] if part.link == "if-you-do" else ["AS5"]
                continue
            if dep is not None and part.link == "refers-back" and dep.target and not part.new_target:
                r.acts_on = dep.target
        if part.new_target:
            c = chosen.get(part.n) if targets_now else _choose(part, part.new_target, units + placed_units,
                                                                self_unit, board, wants_theirs, trace)
            assert c is not None
            r.target, r.target_side = c[0], c[1]
            if c[0] is None and _ALTERNATIVE.search(part.text):
                r.outcome, r.rules = "resolves", ["AS3", "AS5"]
                r.why = f"{c[2]}, so the other choice it offers (“or …”) is the one made"
                continue
            if c[0] is None:
                r.outcome, r.why, r.rules = "skipped", c[2], ["AS3", "AS5"]
                continue
        if part.n in board.declines:
            r.outcome, r.rules = "declined", ["AS5"]
            who = "the player the text names" if any("not by you" in n for n in part.notes) else "the player"
            r.why = f"{who} chose not to do this “may” part" + (
                " (its target was still chosen)" if part.new_target and targets_now else "")
            continue
        missing = _missing(part, units + placed_units, self_unit, board, p, trace, r.target_side) or \
            _board_missing(part, board, units + placed_units)
        if missing:
            r.outcome, r.why = "skipped", missing[0]
            r.rules = [*missing[1], "AS5"]
            continue
        if part.condition:
            verdict = condition_verdict(part, board, units + placed_units)
            if verdict is False:
                r.outcome, r.why, r.rules = "skipped", f"its condition is not met: “{part.condition}”", ["AS5"]
                continue
            if verdict is None:
                trace.interpret(Interpretation(f"AS-I-cond-{part.n}", "AS5",
                                               f"Part {part.n} holds only “if {part.condition}”; the board state "
                                               "does not say, so I took it as met."))
        if part.link == "result" and not part.condition:
            trace.interpret(Interpretation(f"AS-I-result-{part.n}", "AS5",
                                           f"Part {part.n} depends on what part {part.depends_on} did; I took it "
                                           "that it did what part " f"{part.n} asks about."))
        if not part.read:
            trace.interpret(Interpretation(f"AS-I-unread-{part.n}", None,
                                           f"I could not read part {part.n} (“{part.text}”); it is taken to "
                                           "resolve as printed."))
        r.outcome, r.rules = "resolves", (["AS9"] if reborn else ["AS5"]) + (["AS3"] if part.new_target else [])
        r.why = "nothing prevents it" if not part.optional else "the player chose to do this “you may” part"
        if part.optional and any("not by you" in n for n in part.notes):
            r.why = "the player the text names chooses whether to do it; taken as done"
            trace.interpret(Interpretation(f"AS-I-their-choice-{part.n}", "AS5",
                                           f"Part {part.n} is another player's choice (“{part.text}”); I took it "
                                           "that they do it (declining that part shows the other case)."))
        if part.places and any(n.kind == "room" for n in part.needs):
            placed_units.append(Unit(part.places, "mine"))
        if part.places and part.new_target and part.new_target.kind == "player":
            r.why += (f"; the {part.places} is controlled by the player whose battlefield it goes to, and you stay "
                      "its owner")
            r.rules.append("AS4")
        if part.instead:
            trace.interpret(Interpretation(f"AS-I-instead-{part.n}", "AS5",
                                           f"Part {part.n} says “instead”: when it is done it replaces what the "
                                           "part it refers to would do."))

    placement = _placement(p, ability, playing, board, attach)
    steps = _steps(p, ability, usable, results, placement, reborn, targets_now, cancel_from, trace, attach)
    for r in results:
        for rule in r.rules:
            trace.add(rule, f"part {r.part.n}", r.outcome)
    reaction = None
    if reaction_printing is not None and usable:
        placed = place_reaction(reaction_printing, [(r.part, r.outcome) for r in results], reborn)
        reaction = placed.as_json()
        trace.add(placed.rules[-1], f"reaction {placed.card}", placed.when)
        if placed.part is not None and not reborn and placed.timing in ("would", "before"):
            trace.interpret(Interpretation("AS-I-would-1e", "AS5",
                                           f"{placed.card} answers what part {placed.part} would do, so I take it to "
                                           "come before that part even in the first edition, where reactions to "
                                           "what a part did wait for the whole effect."))
    return Resolution(p.edition, p, ability, board, usable, why, steps, results, placement, cancel_json, trace,
                      reaction)


def _check_flags(p: Printing, ability: Ability, board: Board, playing: bool) -> None:
    """State flags that make no sense for this card or ability: one sentence with the valid choices."""
    if board.exhausted and playing:
        raise QuestionError(f"--exhausted describes a card in play, but {p.name} is being played from hand; use "
                            "--ability with one of its abilities, or drop --exhausted.")
    if board.focus and not ability.focus_levels and not (playing and p.type == "Ready Spell"):
        raise QuestionError(f"--focus goes with a ready spell's Focus lines; {p.name}'s "
                            f"{ability.label} has none.")
    if board.conjurations_left is not None and not any(part.places for part in ability.parts):
        raise QuestionError(f"--conjurations-left goes with an ability that puts a conjuration into play; "
                            f"{p.name}'s {ability.label} puts none.")
    if board.spellboard_full and not (playing and p.type == "Ready Spell"):
        raise QuestionError("--spellboard-full matters only when a ready spell is played from hand; "
                            f"{p.name}'s {ability.label} is not that.")
    if board.x is not None and not re.search(r"\bX\b", ability.text):
        raise QuestionError(f"--x goes with a card whose text uses X; {p.name}'s {ability.label} does not.")
    if board.discard is not None and not re.search(r"discard pile", ability.text, re.I):
        raise QuestionError(f"--discard matters only for text about your discard pile; {p.name}'s "
                            f"{ability.label} has none.")
    needs_room = any(n.kind == "room" for part in ability.parts for n in part.needs)
    if board.battlefield_full and not needs_room and not (playing and p.type == "Ally"):
        raise QuestionError("--battlefield-full matters only when an ally is played or a part puts a unit onto your "
                            f"battlefield; {p.name}'s {ability.label} does neither.")
    numbers = [part.n for part in ability.parts if part.focus <= board.focus]
    optional = [part.n for part in ability.parts if part.optional and part.focus <= board.focus]
    for n in board.declines:
        if n not in optional:
            valid = ", ".join(map(str, optional)) or "none"
            raise QuestionError(f"--decline {n}: only optional (“you may”) parts can be declined; optional parts "
                                f"here: {valid}.")
    targetable = [part.n for part in ability.parts if part.new_target and part.focus <= board.focus]
    for key in board.targets:
        n = int(key)
        if n == 0 and playing and p.type == "Alteration Spell":
            continue
        if n not in targetable:
            valid = ", ".join(map(str, targetable)) or "none"
            extra = "" if n in numbers else " (no such part)"
            raise QuestionError(f"--target {n}: part {n} chooses no target{extra}; parts with a target to "
                                f"choose: {valid}.")


def _read_cancel_card(cp: Printing | None) -> tuple[CancelReading | None, Ability | None]:
    if cp is None:
        return None, None
    ability = cancel_ability(read_abilities(cp))
    if ability is None:
        return None, None
    return read_cancel(ability), ability


def _cancel(reading: CancelReading | None, ability: Ability | None, name: str, p: Printing, used: Ability,
            results: list[PartResult], chosen: dict[int, tuple[str | None, str | None, str]], units: list[Unit],
            self_unit: Unit | None, board: Board, reborn: bool, trace: Trace,
            usable: bool, attach: tuple[str, str | None] | None) -> tuple[dict[str, Any], int | None]:
    rules = ["AS6", "AS12"]
    if reading is None or ability is None:
        return {"card": name, "applies": False, "rules": rules,
                "why": f"{name} cancels nothing in this edition"}, None
    trig = reading.trigger.words if reading.trigger else "(no trigger)"
    if not usable:
        return {"card": name, "applies": False, "rules": rules,
                "why": f"{p.name} is not used in this state, so there is nothing to cancel"}, None
    if reading.reach == "none" or reading.watch == "unread":
        trace.interpret(Interpretation("AS-I-cancel-unread", "AS12",
                                       f"I could not read when {name} may be played (“{trig}”); I did not apply it."))
        return {"card": name, "applies": False, "rules": rules,
                "why": f"I could not read its trigger “{trig}”, so I did not apply it"}, None
    first: int | None = None
    why = ""
    if reading.watch in ("target-unit", "target-named-unit", "target-player"):
        for r in results:
            spec = r.part.new_target
            if spec is None:
                continue
            c = chosen.get(r.part.n) or _choose(r.part, spec, units, self_unit, board, True, trace)
            if reading.watch == "target-player":
                hit = spec.kind in ("phoenixborn", "player") and c[1] == "theirs"
            elif reading.watch == "target-named-unit":
                hit = spec.kind == "unit" and c[1] == "theirs" and (c[0] or "").lower().startswith(
                    (reading.named or "").lower())
            elif spec.kind == "unit or phoenixborn":
                asked = board.targets.get(str(r.part.n), "")
                hit = not asked.lower().startswith(("phoenixborn", "player")) and c[1] in ("theirs", None) \
                    and bool(board.units_of("theirs"))
                if hit and not asked:
                    trace.interpret(Interpretation(f"AS-I-unit-not-pb-{r.part.n}", "AS3",
                                                   f"Part {r.part.n} may target a unit or a Phoenixborn; with a "
                                                   "unit of theirs in play I took the target to be that unit "
                                                   "(name their Phoenixborn as the target to say otherwise)."))
                    c = ("a unit of theirs", "theirs", "")
            else:
                hit = spec.kind in ("unit",) and c[1] == "theirs"
            if hit:
                first = r.part.n
                why = f"part {first} targets {c[0]}"
                break
        if first is None and attach is not None and attach[1] == "theirs" and reading.watch == "target-unit":
            rules.append("AS14")
            if not reborn:
                return {"card": name, "applies": False, "rules": [*rules, "AS3"],
                        "why": f"its trigger (“{trig}”) is not met: in the first edition attaching {p.name} to "
                               f"{attach[0]} does not target it, and no part of it says “target”"}, None
            first = min((r.part.n for r in results), default=1)
            why = f"attaching {p.name} to {attach[0]} targets that unit"
        if first is None:
            targeted = [f"part {r.part.n}: {r.part.new_target.words}" for r in results if r.part.new_target]
            what = "; ".join(targeted) or "no part of it says “target”"
            return {"card": name, "applies": False, "rules": [*rules, "AS3"],
                    "why": f"its trigger (“{trig}”) is not met: {p.name} targets nothing of theirs that it watches "
                           f"({what})"}, None
    elif reading.watch == "use-unit-ability":
        if used.kind == "play" or p.type not in (*UNIT_TYPES, "Phoenixborn") or used.inexhaustible:
            return {"card": name, "applies": False, "rules": rules,
                    "why": f"its trigger (“{trig}”) is not met: this is not a unit or Phoenixborn ability that "
                           "is exhaustible"}, None
        first = min((r.part.n for r in results), default=1)
        why = f"{p.name}'s {used.label} is a unit or Phoenixborn ability without inexhaustible"
    elif reading.watch == "spell-all-units":
        hits = [r.part.n for r in results if any(n.kind == "units-to-affect" for n in r.part.needs)]
        if not hits or "Spell" not in p.type:
            return {"card": name, "applies": False, "rules": rules,
                    "why": f"its trigger (“{trig}”) is not met: no part of this spell affects all units"}, None
        first = min(r.part.n for r in results)
        why = f"part {hits[0]} affects all units"
    assert first is not None
    if not results:
        trace.interpret(Interpretation("AS-I-cancel-placed", "AS6",
                                       f"{p.name} has no effect of its own to cancel; I take it that it stays where "
                                       "step 3 put it, as AS6 says of every cancel (the texts I read say nothing "
                                       "more)."))
        return {"card": name, "applies": True, "rules": rules, "cancels_from": None,
                "why": f"its trigger “{trig}” is met ({why}); there is no effect to cancel, and the card stays "
                       "where it was placed"}, None
    start = first if reading.reach == "from-trigger" else min((r.part.n for r in results), default=1)
    reach = ("every part of the effect" if start == min((r.part.n for r in results), default=1)
             else f"part {start} and every later part (earlier parts have already resolved)")
    timing = reading.trigger.timing if reading.trigger else "when"
    when = {"after": "it reacts once that has happened", "would": "it reacts before that happens",
            "before": "it reacts before that happens", "when": "it reacts as that happens"}[timing]
    return {"card": name, "applies": True, "rules": rules, "cancels_from": start, "timing": timing,
            "why": f"its trigger “{trig}” is met ({why}; {when}); it cancels {reach}"}, start


def _antecedent_skip(part: Part, dep: PartResult | None) -> str:
    """Why a part that hangs on an earlier one does not happen ("" when it may): AS5, AS2."""
    if dep is None:
        return ""
    done = dep.outcome == "resolves"
    if part.link == "if-not":
        if done:
            return f"it happens only if part {dep.part.n} was not done, and part {dep.part.n} was done"
        if dep.outcome == "declined" and re.search(r"\bcan(?:not|'t| not)\b", part.text, re.I) and \
                not re.search(r"\b(?:do not|don't|did not|didn't)\b", part.text, re.I):
            return f"part {dep.part.n} could have been done (the player chose not to), and this part is only " \
                   "for when it cannot"
        return ""
    if done:
        return ""
    what = {"skipped": "did not happen", "declined": "was declined", "cancelled": "was cancelled"}.get(
        dep.outcome, dep.outcome)
    if part.link == "refers-back":
        return f"it acts on what part {dep.part.n} chose or did, and part {dep.part.n} {what}"
    if part.link == "result":
        return f"it asks what part {dep.part.n} did, and part {dep.part.n} {what}"
    return f"it happens only if part {dep.part.n} was done, and part {dep.part.n} {what}"


def condition_verdict(part: Part, board: Board, units: list[Unit]) -> bool | None:
    """True/False when the board decides the part's condition, None when it does not (then it is assumed)."""
    check = part.condition_check
    if check == "theirs-empty":
        return not board.units_of("theirs")
    if check == "mine-empty":
        return not board.units_of("mine")
    if check == "none-in-play":
        return not units
    if check in ("discard-empty", "discard-has") and board.discard is not None:
        return (board.discard == 0) == (check == "discard-empty")
    if check == "destroys-at-least":
        need = at_least(part.condition or "")
        if len(units) < need and all(u.name for u in units):  # an unnamed unit may stand for several
            return False
        return None
    return None


def _missing(part: Part, units: list[Unit], self_unit: Unit | None, board: Board, p: Printing,
             trace: Trace, target_side: str | None = None) -> tuple[str, list[str]] | None:
    for need in part.needs:
        if need.kind == "conjuration" and board.conjurations_left == 0:
            return f"none left: no {need.name} in your conjuration pile", ["AS4"]
        if need.kind == "room" and (need.side == "mine" or (need.side == "any" and target_side == "mine")) \
                and board.battlefield_full:
            return "no room: your battlefield is full", ["AS4"]
        if need.kind == "unit" and need.name and part.new_target is None:
            if _unit_need_met(need.side, need.name, units, self_unit):
                continue
            if board.conjurations_left == 0 and need.name.lower() in (c.lower() for c in p.conjurations):
                trace.interpret(Interpretation("AS-I-all-out", "AS5",
                                               f"No {need.name} is left in the conjuration pile, so every copy is "
                                               "in play; I took one to be yours."))
                continue
            return f"no {need.name} of {_side_words(need.side)} is in play", ["AS5"]
        own_need = not need.words.lower().startswith("target")   # not the part's target: a unit it acts on
        if need.kind == "unit" and not need.name and (part.new_target is None or own_need) and \
                not _unit_need_met(need.side, None, units, self_unit, need.words):
            kind = "ally" if re.search(r"\bally\b", need.words) else "unit"
            such = re.search(r"\b(exhausted|unexhausted|damaged)\b", need.words)
            return (f"no {such.group(1) + ' ' if such else ''}{kind} of {_side_words(need.side)} is in play",
                    ["AS5"])
        if need.kind == "units-to-affect" and not _unit_need_met(need.side, None, units, self_unit):
            return f"no unit of {_side_words(need.side)} in play to affect", ["AS5"]
    return None


def _attach_target(board: Board, wants_theirs: bool, trace: Trace) -> tuple[str, str | None]:
    """The unit an alteration is attached to: --target 0=..., else the only side with units, else a choice."""
    asked = board.targets.get("0")
    legal = list(board.units)
    if asked:
        if asked.lower() in ("mine", "theirs"):
            pick = [u for u in legal if u.side == asked.lower()]
        else:
            name, side = split_side(asked, "--target 0=")
            pick = [u for u in legal if u.side == side and (u.name or "").lower() == name.lower()]
        if not pick:
            choices = ", ".join(sorted({u.label() for u in legal})) or "none"
            raise QuestionError(f"--target 0={asked} is not a unit in play to attach to; in play: {choices}.")
        return pick[0].label(), pick[0].side
    sides = sorted({u.side for u in legal})
    if len(sides) == 1:
        return (legal[0].label() if len(legal) == 1 else f"a unit of {_side_words(sides[0])}"), sides[0]
    if wants_theirs:
        trace.interpret(Interpretation("AS-I-attach-theirs", "AS4",
                                       "The alteration could go on a unit of either player; since an opponent's "
                                       "cancel was asked about, I took it to be attached to one of theirs "
                                       "(name the unit to say otherwise)."))
        return "a unit of theirs", "theirs"
    return "a unit of your choice", None


def _placement(p: Printing, ability: Ability, playing: bool, board: Board,
               attach: tuple[str, str | None] | None) -> dict[str, str]:
    zone = ZONES.get(p.placement, p.placement.lower() or "none")
    if p.type == "Phoenixborn":
        zone = "Phoenixborn"
    elif p.type.endswith("Alteration Spell") and p.placement == "Phoenixborn":
        zone = "attached to a Phoenixborn"
    under = placed_under(p)
    if under and playing:
        zone = f"under {under} (it takes no slot of its own)"
    controller = "you"
    if attach is not None:
        zone = f"attached to {attach[0]}"
        if attach[1] == "theirs":
            controller = "your opponent (it is in their play area)"
    return {"zone": zone, "controller": controller, "owner": "you"}


def _steps(p: Printing, ability: Ability, usable: bool, results: list[PartResult], placement: dict[str, str],
           reborn: bool, targets_now: bool, cancel_from: int | None, trace: Trace,
           attach: tuple[str, str | None] | None) -> list[dict[str, Any]]:
    costs = "; ".join(f"{c.kind}: {c.text}" for c in ability.costs)
    effect_not_cost = [r.part for r in results if r.part.link in ("if-you-do", "to")
                       and any(x.part.n == r.part.depends_on for x in results)]
    step1 = {"step": 1, "name": "pay-cost", "happens": usable and bool(ability.costs),
             "detail": (f"pay {costs}" if ability.costs else "it has no cost") if usable else "not used",
             "rules": ["AS2"] + (["AS8"] if any(c.kind == "exhaust" for c in ability.costs) else [])
             + (["AS16"] if any(c.kind in ("main", "side") for c in ability.costs) else [])}
    if usable and effect_not_cost:
        first_dep = effect_not_cost[0]
        step1["detail"] += (f"; part {first_dep.depends_on} is effect, not cost (“If you do” / “to” makes the "
                            "earlier instruction part of the effect)")
    if usable and ability.cost_phrases:
        step1["detail"] += "; written-out cost: " + "; ".join(f"“{c}”" for c in ability.cost_phrases)
    targeted = [r for r in results if r.part.new_target]
    # "Destroy that target unit": a target the trigger already named (nothing is left to choose)
    named = [r for r in results if r.part.targets and not r.part.new_target and r.part.depends_on is None]
    attach_targets = attach is not None and reborn
    if not usable:
        detail2 = "not used"
    elif not targeted and not attach_targets and named:
        detail2 = ("its target is the one its trigger names: " + "; ".join(f"part {r.part.n}: “{r.part.text}”"
                                                                          for r in named))
    elif not targeted and not attach_targets:
        detail2 = "no part says “target”: nothing is targeted"
        if attach is not None:
            detail2 += f"; attaching it to {attach[0]} does not target that unit in the first edition"
    else:
        picks = [f"part {r.part.n}: {r.target or 'no legal target, so that part will not resolve'}" for r in targeted]
        if attach_targets and attach is not None:
            picks.insert(0, f"attaching it targets {attach[0]}")
        when = "now, before any part resolves" if targets_now else "as each part resolves, one effect at a time"
        detail2 = f"targets are chosen {when}: " + "; ".join(picks)
        if not targets_now and targeted:
            trace.interpret(Interpretation("AS-I-reborn-targets", "AS9",
                                           "Reborn resolves one effect at a time and its cancels react after a "
                                           "target is chosen, so I take each part's target to be chosen when that "
                                           "part resolves (a unit an earlier part put into play can be chosen)."))
    any_target = any(r.target for r in targeted) if targets_now else any(
        r.target for r in targeted if r.outcome != "skipped" or r.target)
    if usable and targeted and not any_target and not attach_targets:
        when = "before any part resolves" if targets_now else "as each part resolves"
        detail2 = (f"targets are chosen {when}, and no part has a legal target, so this step does not happen ("
                   + "; ".join(f"part {r.part.n}: {r.why or 'no legal target'}" for r in targeted) + ")")
    any_target = any_target or (bool(named) and not targeted)
    step2 = {"step": 2, "name": "choose-targets", "happens": usable and (any_target or attach_targets),
             "detail": detail2, "rules": ["AS3"] + (["AS14"] if attach is not None else [])}
    playing = ability.kind == "play"
    if not usable:
        detail3 = "not used"
    elif playing:
        where = placement["zone"]
        detail3 = (f"played from hand: it goes to your {where}" if not where.startswith("attached")
                   else f"played from hand: it is {where}")
        if placement["controller"] != "you":
            detail3 += "; placed in another player's area, so that player controls it while you stay its owner"
        if p.type == "Ready Spell":
            detail3 += " (a copy already there is focused instead of taking a slot)"
    else:
        detail3 = f"already in play ({placement['zone']}): nothing is placed"
    step3 = {"step": 3, "name": "place-card", "happens": usable and playing, "detail": detail3, "rules": ["AS4"]}
    counts = {o: sum(1 for r in results if r.outcome == o) for o in ("resolves", "skipped", "declined", "cancelled")}
    if not usable:
        detail4 = "not used"
    elif not results:
        detail4 = "it has no effect of its own when played" if playing else "it has no effect to resolve"
    else:
        detail4 = ", ".join(f"{n} {o}" for o, n in counts.items() if n) + " (top to bottom, each part on its own)"
        if cancel_from is not None:
            detail4 += "; the cancel stops only this step"
    step4 = {"step": 4, "name": "resolve-effect", "happens": usable and counts["resolves"] > 0, "detail": detail4,
             "rules": (["AS9", "AS10"] if reborn else ["AS5"]) + (["AS6"] if cancel_from is not None else [])}
    return [step1, step2, step3, step4]
