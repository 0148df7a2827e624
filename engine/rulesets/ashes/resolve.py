"""The four steps (AS1) for one use of a card or ability in one board state, under one edition.

Input: the card's printing in that edition, the ability used, the Board, and (optionally) the opponent's
cancel card's printing. Output: a Resolution, plain data the renderer turns into the documented JSON and text.
Nothing here knows a card by name: every decision comes from the words read in abilities.py and parts.py.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Annotation
from engine.interface import QuestionError
from engine.rulesets.ashes.abilities import ENTERS, Ability, Trigger, read_abilities
from engine.rulesets.ashes.annotations import apply as annotated
from engine.rulesets.ashes.bonuses import bonus_words, worked_values
from engine.rulesets.ashes.cancel import CancelReading, cancel_ability, read_cancel
from engine.rulesets.ashes.census import said
from engine.rulesets.ashes.checks import (
    COST_TRIGGER,
    NUMBER_SPENT,
    OWN_TOKENS,
    PLACING_DICE,
    PLUS_X,
    active_short,
    antecedent_skip,
    board_missing,
    condition_verdict,
    conjurations_left,
    copies_wanted,
    cost_trigger_verdict,
    dice_trigger_verdict,
    exhausted_short,
    for_each_count,
    kinds_checked,
    missing_need,
    own_tokens_have,
    own_tokens_missing,
    spent_count,
    trigger_verdict,
)
from engine.rulesets.ashes.choices import carry_inputs, not_picked, pick_options
from engine.rulesets.ashes.costs import Cost, dice_in, optional_cost
from engine.rulesets.ashes.editions import Printing
from engine.rulesets.ashes.in_play import (
    RESOLVES_END,
    CardOf,
    Effect,
    Piece,
    Source,
    apply,
    board_with_cards,
    end_of_round_effects,
    pieces_of,
    reactions_to,
    read_effect,
    source_of,
    with_shields,
)
from engine.rulesets.ashes.parts import Part
from engine.rulesets.ashes.paying import alternatives, shortfall
from engine.rulesets.ashes.reactions import place_reaction
from engine.rulesets.ashes.repeats import FOLLOWING, read_repeat
from engine.rulesets.ashes.stacking import given_to_unit, stack_of, stack_words, stacked_printing
from engine.rulesets.ashes.state import Board, Unit, split_side
from engine.rulesets.ashes.targets import attach_target, choose_target
from engine.rulesets.ashes.tokens import after_part, holder, removal, removed
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
    result: list[str] = field(default_factory=list)   # what it did to the cards described ("removes 1 wound token")


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
    # the card's other abilities, each with what names it in a question ({label, kind, ask, text})
    others: list[dict[str, Any]] = field(default_factory=list)
    by_default: bool = False         # named alone: the ability was chosen for the player (see pick_ability)
    board_reactions: list[dict[str, Any]] = field(default_factory=list)   # named cards' reactions it sets off
    named_cards: bool = False        # the question named cards in play (so "no other card reacts" is about others)
    unused: list[str] = field(default_factory=list)   # board state given that this card never looks at, said
    bonus: dict[str, Any] | None = None   # an alteration played: its printed value bonuses on the card it is on (AS21)
    stacks: list[dict[str, Any]] = field(default_factory=list)   # numbered abilities the unit has twice or more (AS7)


_VALUE = re.compile(r"\s+(?:\d+|X)$", re.I)   # "Predator 3", "Exploit 2", "Armored X": the printed value


def pick_ability(abilities: tuple[Ability, ...], wanted: str | None, card: str, card_type: str = "") -> Ability:
    """By name (case-insensitive), by position N, or "play". Named alone, the card answers a plain question and
    never asks back: a card played from hand answers what playing it does (its "comes into play" abilities
    included), except a ready spell, whose one spellboard ability is what players mean by using it; a card that is
    never played (Phoenixborn, conjuration) answers its first ability that is used (activated, then reaction), else
    its first. The answer lists the other abilities and how to ask about each (`other_abilities`)."""
    listed = ", ".join(f"{a.index}" + (f" ({a.name})" if a.name else "") if a.kind != "play" else "play"
                       for a in abilities)
    if wanted:
        key = wanted.strip().lower()
        for a in abilities:
            if (a.kind == "play" and key == "play") or (a.name and a.name.lower() == key) or \
                    (a.kind != "play" and key == str(a.index)):
                return a
        # a keyword asked without its printed value ("Predator" for "Predator 3"): the one ability so named
        bare = [a for a in abilities if a.name and _VALUE.sub("", a.name).lower() == _VALUE.sub("", key)]
        if len(bare) == 1:
            return bare[0]
        raise QuestionError(f"{card} has no ability “{wanted}”; its abilities: {listed}.")
    if not abilities:
        raise QuestionError(f"{card} has no ability to use.")
    return default_ability(abilities, card_type)


def _no_text(p: Printing) -> Ability:
    """A card printed without text (a vanilla conjuration): one empty ability, so a plain question answers."""
    return Ability(index=1, name=None, kind="passive", costs=(), trigger=None, parts=(), inexhaustible=False,
                   text="", optional_use=False, focus_levels=(), definitions=(), cost_phrases=())


def default_ability(abilities: tuple[Ability, ...], card_type: str = "") -> Ability:
    """The ability a card named alone answers (see pick_ability)."""
    playable = abilities[0].kind == "play"
    usable = [a for a in abilities if a.kind in ("activated", "reaction") and not a.granted
              and not (playable and a.trigger is not None and ENTERS.match(a.text))]
    used = [a for a in usable if not (a.trigger is not None and TIMED.match(a.trigger.words))]
    if playable and card_type == "Ready Spell" and len(used) == 1:
        return used[0]
    if playable:
        return abilities[0]
    activated = [a for a in usable if a.kind == "activated"]
    return (activated or usable or list(abilities))[0]


def ask_value(ability: Ability, abilities: tuple[Ability, ...]) -> str:
    """What names this ability in a question: "play", its name when no other ability shares it, else its number."""
    if ability.kind == "play":
        return "play"
    if ability.name and sum(1 for a in abilities if a.name and a.name.lower() == ability.name.lower()) == 1:
        return ability.name
    return str(ability.index)


# a trigger that is a moment of the round, not something a player does ("at the end of the round")
TIMED = re.compile(r"^at the (?:end|start|beginning) of\b", re.I)
_LEAVING = re.compile(r"\bthis unit (?:is|would be) (?:destroyed|removed from play|returned)|\bthis unit leaves "
                      r"play\b|\bthis unit would leave play\b|\bthis (?:unit|card) is placed in (?:its owner's|your) "
                      r"discard pile\b|\bthis card would leave your discard pile\b|\bthis card is in your discard "
                      r"pile\b", re.I)
# "Deal 1 damage to a target unit or remove 1 wound token from this card": the target is one of two choices.
_ALTERNATIVE = re.compile(r"\btarget [^.]*?\bor (?:you may )?(?:remove|deal|draw|place|discard|return|gain|add|"
                          r"spend|exhaust|destroy|move|search|look)\b", re.I)
_UNDER = re.compile(r"\bwhen you play this (?:spell|card), place it (?:face (?:up|down) )?(?:under|underneath) "
                    r"(?P<where>[^.]+)", re.I)


def _cost_dice(ability: Ability, magic: str) -> int:
    """How many dice of its cost are of this magic (a class or power cost of it)."""
    total = 0
    for cost in ability.costs:
        m = re.match(r"^(\d+) (?P<magic>[a-z]+) (?:class|power)\b", cost.text.strip(), re.I)
        if cost.kind == "magic" and m and m.group("magic").lower() == magic.lower():
            total += int(m.group(1))
    return total


# units in play other than the card used or one already named ("all units", "each unexhausted unit", "attached to a
# unit", "units you control"), never "this unit", "that unit", "the attached unit"
_OTHER_UNITS = re.compile(r"\b(?:all|each|a|an|any|or|other|\d+|of (?:their|your)) (?:(?:unexhausted|exhausted|"
                          r"attacking|blocking|damaged|wounded|other) )?units?\b(?!'s)|\bunits (?:you|they|an "
                          r"opponent|a target player|that player) controls?\b", re.I)


# "... for each status token on this unit": how many times is what the question says is on the card used
_EACH_OWN = re.compile(r"\bfor each (?P<tok>status|wound|exhaustion) tokens? on this (?:unit|card|spell)\b", re.I)


def needs_units(ability: Ability, focus: int = 0) -> bool:
    """Whether a part of it acts on or reads units in play: a target unit, units to affect, a unit it needs, "all
    units", "a card attached to a unit"."""
    return ability.kind != "passive" and any(
        (part.new_target is not None and "unit" in part.new_target.kind)
        or any(n.kind in ("unit", "units-to-affect") for n in part.needs) or _OTHER_UNITS.search(part.text)
        for part in ability.parts if part.focus <= focus)


def extra_costs(ability: Ability, focus: int = 0) -> list[tuple[int, str]]:
    """(part, dice) of each optional cost written inside the effect ("You may spend an additional 1 basic die when
    activating this spell"): a magic cost, paid as it is activated if the player chooses."""
    return [(part.n, cost) for part in ability.parts if part.focus <= focus and (cost := optional_cost(part.text))]


def _with_extra(ability: Ability, board: Board) -> tuple[Cost, ...]:
    """Its costs, with the optional costs written in its effect when more dice were spent than its printed cost."""
    spent = sum(d.count for d in board.spent or ())
    extra = tuple(Cost("magic", c) for _, c in extra_costs(ability, board.focus))
    return ability.costs + extra if extra and spent > magic_count(ability) else ability.costs


def _extra_paid(n: int, cost: str, ability: Ability, board: Board) -> tuple[bool | None, str]:
    """Whether the optional cost of part n was paid, by the dice the question gives (None: not said), and why."""
    base, extra = magic_count(ability), dice_in(cost)
    if n in board.declines:
        return False, "the player chose not to pay it"
    if board.spent is not None:
        given = sum(d.count for d in board.spent)
        if given > base:
            return True, f"the dice spent ({given}) pay its printed cost and this optional cost ({cost})"
        return False, f"the dice spent ({given}) pay only its printed cost"
    if board.dice is not None and extra is not None and board.dice < base + extra:
        return False, (f"only {board.dice} {'die is' if board.dice == 1 else 'dice are'} in your active pool, and its "
                       f"printed cost takes {base}")
    return None, ""


def magic_count(ability: Ability) -> int:
    """How many dice the ability's magic costs exhaust (a choice counts once; X counts as 0)."""
    total = 0
    for cost in ability.costs:
        if cost.kind == "magic":
            alts = alternatives(cost)   # every die of it ("1 time power : 1 basic" is two)
            m = re.match(r"^(\d+)", cost.text.strip())
            total += min(len(a) for a in alts) if alts else int(m.group(1)) if m else 0
    return total


def placed_under(p: Printing) -> str | None:
    """Where a card says it goes instead of its own slot ("place it face up under a ready spell ..."), if it does."""
    text = p.text if p.text is not None else " ".join(str(a.get("text", "")) for a in p.abilities or ())
    m = _UNDER.search(text or "")
    return m.group("where").strip() if m else None


def resolve(p: Printing, board: Board, cancel_printing: Printing | None = None,
            cancel_name: str | None = None, notes: Sequence[Annotation] = (),
            reaction_printing: Printing | None = None, card_of: CardOf | None = None) -> Resolution:
    """`card_of` reads the card of a unit named in the question (its values and text), when the caller can."""
    trace = Trace()
    abilities = read_abilities(p) or (_no_text(p),)
    wanted = board.ability
    in_play = tuple(a for a in abilities if a.kind != "play")
    if wanted is None and board.exhausted and abilities[0].kind == "play" and in_play:
        # named alone as exhausted: it is in play, so the question is about what it does there
        wanted = ask_value(default_ability(in_play), abilities)
    picked = pick_ability(abilities, wanted, p.name, p.type)
    stack = _in_play_stack(p, picked, board, card_of)
    if stack is not None:   # the unit it is on has this numbered ability twice or more: it resolves stacked (AS7)
        p = stacked_printing(p, stack)
        abilities = read_abilities(p)
        picked = next(a for a in abilities if a.index == picked.index)
        trace.add("AS7", picked.label, stack_words(stack))
    ability = annotated(picked, p.edition, notes, trace)
    ability = _event_constant(ability, trace)
    reborn = p.edition == "reborn"
    playing = ability.kind == "play"
    unused = _check_flags(p, ability, board, playing)
    if board.exhausted and playing:
        board = dataclasses.replace(board, exhausted=False)
    board = board_with_cards(board, card_of)
    if not playing and p.type == "Ready Spell" and card_of is not None:
        board = _deep_focus(board, card_of, trace)

    if playing and p.type == "Alteration Spell" and p.placement == "Unit" and not board.units_said:
        # a plain question about an alteration: a unit to attach it to is taken to be there, and said
        board = dataclasses.replace(board, units=(Unit(None, "mine"), Unit(None, "theirs")))
        trace.interpret(Interpretation("AS-I-units-assumed", "AS4",
                                       "No units in play were named; I took it that there are units of yours and "
                                       "theirs, so that it has a unit to be attached to."))
    elif not board.units_said and needs_units(ability, board.focus):
        # a plain question ("what happens when I play Kneel?") asks what the card does: the units it acts on are
        # taken to be there, on both sides, and said first ("--units none" asks the other case)
        board = dataclasses.replace(board, units=(Unit(None, "mine"), Unit(None, "theirs")))
        trace.interpret(Interpretation("AS-I-units-both", "AS3",
                                       "No units in play were named; I took it that units of yours and theirs are "
                                       "in play for it to act on (name the units in play, or say there are none, to "
                                       "see another case)."))
    for pb in (x for x in board.phoenixborns if x.bare):
        whose = "Your" if pb.side == "mine" else "Their"
        trace.interpret(Interpretation(f"AS-I-pb-bare-{pb.side}", "AS5",
                                       f"{whose} Phoenixborn was named with nothing on it, so I took it to have no "
                                       "tokens on it and to be unexhausted."))
    # Limits on using it ("This spell can only be attached to a unit you control", "You may only activate this
    # ability during your turn"): checked against the board where it can say, else said as assumed.
    attach_side, attach_limit = None, ""
    limit_unmet: str | None = None   # a limit on what it attaches to, checked against the unit named: not met
    for n, limit in enumerate(ability.limits, start=1):
        if playing and re.search(r"\battached to (?:a|an) (?:unexhausted )?(?:unit|ally|conjuration|phoenixborn)s? "
                                 r"(?:you control|you own)\b", limit, re.I):
            attach_side, attach_limit = "mine", limit.rstrip(".")
        elif playing and (verdict := _attach_limit(limit, board, card_of)) is not None and verdict[0] is None:
            trace.interpret(Interpretation(f"AS-I-limit-{n}", "AS1", verdict[1]))
        elif playing and verdict is not None:
            limit_unmet = limit_unmet or (None if verdict[0] else verdict[1])
            trace.add("AS4", f"limit {n}", verdict[1])
        elif not re.search(r"open battlefield slot", limit, re.I):
            trace.interpret(Interpretation(f"AS-I-limit-{n}", "AS1",
                                           f"It says “{limit.rstrip('.')}”; the board state does not say, so I took "
                                           "it that this is met."))
    # Usable at all?
    usable, why, rules = True, "", ["AS1"]
    unit_count = len(board.units)
    cost_trigger = ability.trigger is not None and bool(COST_TRIGGER.match(ability.trigger.words))
    trigger_met, trigger_taken = trigger_verdict(ability.trigger.words, board, Unit(
        p.name, "mine", card_type=p.type) if p.type in UNIT_TYPES and not playing else None) \
        if ability.trigger else (True, "")
    if ability.kind == "passive" and ability.text and board.exhausted and not ability.inexhaustible:
        usable, why = False, (f"the card is exhausted, so its text is inactive: “{ability.label}” does not apply "
                              "while it is exhausted (only inexhaustible text works)")
        rules.append("AS13")
    elif ability.kind == "passive" and ability.text:
        usable, why = False, f"“{ability.label}” is a constant ability: it applies while the card is in play and " \
                             "is never used"
    elif ability.kind == "passive" and not ability.text:
        usable, why = False, (f"{p.name} has no text of its own" + (
            ": a conjuration comes into play only through another card's effect" if "Conjur" in p.type else ""))
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
    elif playing and attach_side == "mine" and p.placement == "Unit" and not board.units_of("mine"):
        usable, why = False, f"it says “{attach_limit}”, and you control no unit"
        rules.append("AS4")
    elif limit_unmet is not None:
        usable, why = False, limit_unmet
        rules.append("AS4")
    elif any(re.search(r"open battlefield slot", x, re.I) for x in ability.limits) and board.battlefield_full:
        usable, why = False, "it needs an open battlefield slot and your battlefield is full"
        rules.append("AS4")
    elif trigger_met is False:
        usable, why = False, trigger_taken
        rules.append("AS12")
    elif ability.trigger and dice_trigger_verdict(ability.trigger.words, board)[0] is False:
        usable, why = False, (f"its trigger “{ability.trigger.words}” is not met: "
                              f"{dice_trigger_verdict(ability.trigger.words, board)[1]}")
        rules.append("AS12")
    elif ability.trigger and cost_trigger_verdict(ability.trigger.words, board.spent)[0] is False:
        usable, why = False, (f"its trigger “{ability.trigger.words}” is not met: "
                              f"{cost_trigger_verdict(ability.trigger.words, board.spent)[1]}")
        rules.append("AS12")
    elif board.spent is not None and not cost_trigger and shortfall(_with_extra(ability, board), board.spent):
        usable, why = False, shortfall(_with_extra(ability, board), board.spent) or ""
        rules.append("AS2")
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
    if usable and ability.trigger and COST_TRIGGER.match(ability.trigger.words) and board.spent is None:
        trace.interpret(Interpretation("AS-I-trigger-cost", "AS12",
                                       f"Its trigger is a cost being paid (“{ability.trigger.words}”); the dice of "
                                       "that cost were not said (--spent), so I took it that it happened."))
    if usable and trigger_met is None:
        trace.interpret(Interpretation("AS-I-trigger-unit", "AS12",
                                       f"The board state does not settle it, so I took it that {trigger_taken} "
                                       "(name the units in play to check it)."))
    for r in rules[1:]:
        trace.add(r, "", "")

    self_unit = Unit(p.name, "mine", card_type=p.type, attack=p.attack, life=p.life) \
        if (p.type in UNIT_TYPES and not playing) else None
    described_self = next((u for u in board.units if self_unit is not None and u.side == "mine" and u.described
                           and (u.name or "").lower() == p.name.lower()), None)
    if described_self is not None:
        # the question says what is on the unit used ("NAME@mine/status=0"): that is this unit, not another one
        self_unit = dataclasses.replace(described_self, card_type=p.type, attack=p.attack, life=p.life)
        board = dataclasses.replace(board, units=tuple(u for u in board.units if u is not described_self))
    elif self_unit is not None and ability.trigger and ENTERS.match(ability.trigger.words + ","):
        # its own "when this unit comes into play": it has just been placed, and a card comes into play with no
        # tokens on it (unexhausted), so "a target exhausted unit" never finds it unless the question says otherwise
        with_tokens = re.search(r"\bcomes into play with (\d+) status tokens?", " ".join(
            a.text for a in read_abilities(p)), re.I)   # except the tokens it comes into play with
        self_unit = dataclasses.replace(self_unit, described=True, exhausted=False, exhaustion=0,
                                        status=int(with_tokens.group(1)) if with_tokens else 0)
        trace.add("AS4", ability.label, "the unit has just come into play: unexhausted, with no tokens but those "
                                        "it comes into play with")
    # the card used when it is not a unit (a ready spell, described: "Royal Charm@mine/dice=1"): what is on it
    self_card = next((u for u in board.spells if self_unit is None and not playing and u.side == "mine"
                      and (u.name or "").lower() == p.name.lower()), None)
    if self_card is not None:
        board = dataclasses.replace(board, spells=tuple(u for u in board.spells if u is not self_card))
    elif self_unit is None and not playing and p.type.endswith("Alteration Spell"):
        # an alteration spell used in play, described ("Tranquility@mine/status=2"): what is on this spell
        self_card = next((u for u in board.units if u.side == "mine" and u.described
                          and (u.name or "").lower() == p.name.lower()), None)
        if self_card is not None:
            board = dataclasses.replace(board, units=tuple(u for u in board.units if u is not self_card))
    held = self_unit if self_unit is not None else self_card
    if self_unit is not None and ability.trigger and _LEAVING.search(ability.trigger.words):
        # its own "when this unit is destroyed" ability: the unit is leaving play, so it is no target
        self_unit = None
        trace.add("AS3", ability.label, "the unit whose own leaving play triggered this is not a target")
    units = list(board.units)
    # the cards named in play: what this does to them, what their text keeps off them and does in answer
    src = source_of(p, ability)
    host = _host(p, units, board, trace) if p.type.endswith("Alteration Spell") and not playing else None
    pieces = pieces_of(units, self_unit, p if self_unit is not None else None, card_of)
    self_label = self_unit.label() if self_unit is not None and self_unit.name else None
    units = with_shields(units, pieces, src)
    board = dataclasses.replace(board, units=tuple(units))
    board_reactions: list[dict[str, Any]] = []
    cancel_reading, cancel_ability_used = _read_cancel_card(cancel_printing)
    wants_theirs = cancel_reading is not None and cancel_reading.watch in ("target-unit", "target-named-unit",
                                                                             "target-player")
    results = [PartResult(part) for part in ability.parts if part.focus <= board.focus]

    def can_happen(part: Part) -> bool:
        """Could this part happen on the board described (a scratch check, nothing said)? For picking an option."""
        scratch = Trace()
        try:
            if part.new_target and choose_target(part, part.new_target, units, self_unit, board, False,
                                                 scratch)[0] is None:
                return False
        except QuestionError:
            return False
        if missing_need(part, units, self_unit, board, p, scratch) or own_tokens_missing(part, held) \
                or board_missing(part, board, units, magic_count(ability)):
            return False
        rem = removal(part.text)
        if rem is None:
            return True
        target = choose_target(part, part.new_target, units, self_unit, board, False, scratch)[0] \
            if part.new_target else None
        return removed(rem, holder(rem, target, None, units, self_unit, board, p.type)[0])[0] is not False

    picked = pick_options(ability, [r.part for r in results], board, trace, can_happen)
    board = carry_inputs(board, [r.part for r in results], picked)

    # Step 2 (first edition): every target is chosen now, against the board before any part resolves.
    targets_now = not reborn
    chosen: dict[int, tuple[str | None, str | None, str]] = {}
    if targets_now:
        for r in results:
            if r.part.new_target and not not_picked(r.part, picked):
                chosen[r.part.n] = choose_target(r.part, r.part.new_target, units, self_unit, board, wants_theirs,
                                                 trace)

    # An alteration played from hand is attached to a unit (step 3); in Reborn that targets the unit (AS14).
    attaching = playing and p.type == "Alteration Spell" and p.placement == "Unit" and usable
    attach = attach_target(board, wants_theirs and attach_side != "mine" and board.units_said, trace,
                           attach_side) if attaching else None
    if attach is not None and host is None:   # played onto a named unit: "this unit" / "the attached unit" is it
        host = next((u for u in units if u.name and u.label() == attach[0]), None)

    # Cancel: can it apply, and from which part?
    cancel_json, cancel_from = None, None
    if board.cancel_with:
        cancel_json, cancel_from = _cancel(cancel_reading, cancel_ability_used, cancel_name or board.cancel_with,
                                           p, ability, [r for r in results if not not_picked(r.part, picked)],
                                           chosen, units, self_unit, board, reborn, trace, usable, attach)

    placed_units: list[Unit] = []
    freed = ""   # a part that took a unit of yours off the battlefield: later parts find its slot free (AS5)
    placed: dict[str, int] = {}   # copies of each conjuration this effect has placed so far (its pile runs out)
    # what a later "if" counts: the tokens earlier parts of this effect placed on or removed from your Phoenixborn or
    # the card used ("Place 1 status token on your Phoenixborn. ... If there are 7 or more ..."), top to bottom (AS5)
    cond_board, cond_held, cond_notes = board, held, []
    repeated = None   # "For each ally removed, resolve the following effect:": the parts it repeats
    for r in results:
        part = r.part
        if not usable and ability.kind == "passive" and ability.text and not board.exhausted:
            r.outcome, r.why, r.rules = "skipped", ("a constant ability: it applies while its card is in play and is "
                                                    "never used, so nothing resolves now"), ["AS1"]
            continue
        if not usable:
            r.outcome, r.why, r.rules = "skipped", "the card or ability cannot be used in this state", ["AS1"]
            continue
        if not_picked(part, picked):
            k = picked[part.choice]
            r.outcome, r.rules = "skipped", ["AS5"]
            r.why = (f"not chosen: effect {k} of “choose one” was chosen, not this one"
                     if any("choose one" in n for n in part.notes) else
                     f"not chosen: option {k} of the choice (“or”) was chosen, not this one")
            continue
        extra = optional_cost(part.text)
        if extra is not None:   # a cost written inside the effect: paid (or not) as it is activated, never cancelled
            paid, how = _extra_paid(part.n, extra, ability, board)
            r.rules = ["AS2"]
            verdict = condition_verdict(part, cond_board, units, cond_held) if part.condition else True
            if verdict is False:   # "If this card is in your discard pile and your Phoenixborn is unexhausted, ..."
                r.outcome, r.why = "skipped", f"its condition is not met: “{part.condition}”"
                r.rules.append("AS5")
                continue
            if verdict is None:
                trace.interpret(Interpretation(f"AS-I-cond-{part.n}", "AS5",
                                               f"Part {part.n} holds only “if {part.condition}”; the board state "
                                               "does not say, so I took it as met."))
            if paid is False:
                r.outcome, r.why = "declined", how
                continue
            r.outcome = "resolves"
            r.why = how or ("an optional cost: paid with its printed cost as it is activated (the player chose to "
                            "pay it)")
            if paid is None:
                trace.interpret(Interpretation(f"AS-I-extra-cost-{part.n}", "AS2",
                                               f"Part {part.n} is an optional cost (“{part.text.rstrip('.')}”); "
                                               "whether it was paid was not said, so I took it that you paid it "
                                               "(declining that part shows the other case)."))
            continue
        if cancel_from is not None and part.n >= cancel_from:
            r.outcome, r.rules = "cancelled", ["AS6"]
            kept = [w for w, on in (("its cost stays paid", bool(ability.costs)),
                                    ("the card stays where it was placed", playing)) if on]
            r.why = f"cancelled by {cancel_name}" + (f"; {' and '.join(kept)}" if kept else "")
            if part.new_target:
                c = chosen.get(part.n) or choose_target(part, part.new_target, units + placed_units, self_unit, board,
                                                  wants_theirs, trace)
                r.target, r.target_side = c[0], c[1]
            continue
        if targets_now and part.n in chosen:  # first edition: chosen in step 2, whatever happens to the part
            r.target, r.target_side = chosen[part.n][0], chosen[part.n][1]
            gone = pieces.get(r.target or "")
            if gone is not None and gone.gone:
                r.outcome, r.rules = "skipped", ["AS3", "AS5"]
                r.why = f"its target, {r.target}, was {gone.gone} by an earlier instruction and is no longer in play"
                continue
        if part.depends_on is not None:
            dep = next((x for x in results if x.part.n == part.depends_on), None)
            if dep is not None and dep.part.choice != part.choice and not_picked(dep.part, picked):
                # "A or B. If you do, ...": it hangs on whichever option was taken
                dep = next((x for x in reversed(results) if x.part.choice == dep.part.choice
                            and not not_picked(x.part, picked)), dep)
            skip = antecedent_skip(part, dep)
            if skip:
                r.outcome, r.why, r.rules = "skipped", skip, ["AS5", "AS2"] if part.link == "if-you-do" else ["AS5"]
                continue
            if dep is not None and part.link == "refers-back" and dep.target and not part.new_target:
                r.acts_on = dep.target
                left = pieces.get(dep.target)
                if left is not None and left.gone and _ON_THAT_UNIT.search(part.text):
                    # "Deal 2 damage to a target unit. Remove 2 status tokens from that unit": the damage destroyed it
                    r.outcome, r.rules = "skipped", ["AS5", "AS17"]
                    r.why = f"{dep.target} was {left.gone} by an earlier instruction and is no longer in play"
                    continue
        if part.new_target and part.new_target.side == "theirs" and re.search(r"\b(?:they control|their)\b",
                                                                          part.text, re.I) and any(
                re.match(r"^choose a (?:target )?player\b", x.part.text, re.I) for x in results if x.part.n < part.n):
            # "Choose a player. Deal 1 damage to a target unit they control": "they" is whoever was chosen
            trace.interpret(Interpretation(f"AS-I-chosen-player-{part.n}", "AS3",
                                           f"Part {part.n} acts on the player chosen before it; I took that player "
                                           "to be your opponent (a player may choose themself)."))
        fixed_at = board.targets.get(str(part.n)) if part.n in _fixed_target_parts(ability) else None
        if fixed_at and "@" in fixed_at:   # "Destroy that target unit": the unit the question says its trigger named
            fname, fside = split_side(fixed_at, f"--target {part.n}=")
            hit = next((u for u in units if u.side == fside and (u.name or "").lower() == fname.lower()), None)
            r.target, r.target_side = (hit.label() if hit else Unit(fname, fside).label()), fside
        if part.new_target:
            c = chosen.get(part.n) if targets_now else choose_target(part, part.new_target, units + placed_units,
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
        room_board = dataclasses.replace(board, battlefield_full=False) if freed else board
        missing = missing_need(part, units + placed_units, self_unit, room_board, p, trace, r.target_side, placed) or \
            own_tokens_missing(part, held) or \
            board_missing(part, board, units + placed_units, magic_count(ability))
        if missing:
            r.outcome, r.why = "skipped", missing[0]
            r.rules = [*missing[1], "AS5"]
            continue
        again = read_repeat(part.text, part.n, [(x.part.n, x.part.text, "unpaid" if x.outcome == "declined" and
                                                 optional_cost(x.part.text) is not None else x.outcome)
                                                for x in results if x.part.n < part.n], board.discard)
        if again is None and repeated is not None:   # a part of "the following effect" an earlier part repeats
            again = repeated
        if again is not None and again.times == 0:
            r.outcome, r.rules, r.why = "skipped", ["AS5"], again.why if again is not repeated else (
                f"it is part of the effect repeated once for each {again.words}, which is done 0 times (there were "
                "none)")
            if FOLLOWING.search(part.text):
                repeated = again
            continue
        if again is not None:
            r.result.append(again.why if again is not repeated else f"{again.why} (part of the effect it repeats)")
            if again.assumed and again is not repeated:
                trace.interpret(Interpretation(f"AS-I-repeat-{part.n}", "AS5", again.assumed))
            if FOLLOWING.search(part.text):
                repeated = again
        each = _EACH_OWN.search(part.text)   # "... for each status token on this unit": the tokens described
        times = held.tokens(each.group("tok").lower()) if each and held is not None and held.described else None
        if each and times == 0:
            r.outcome, r.rules = "skipped", ["AS5"]
            r.why = f"it is done once for each {each.group('tok').lower()} token on {held.label()}, and it has none"
            continue
        if each and times is not None:
            r.result.append(f"{times} time{'s' if times != 1 else ''}, once for each of the {times} "
                            f"{each.group('tok').lower()} token{'s' if times != 1 else ''} on it")
        copies: dict[str, int] = {}   # the copies of a conjuration it places: as many as it asks, or as are left
        for need in (n for n in part.needs if n.kind == "conjuration"):
            # "Place 2 copies of that conjuration": the one it names (never said by name) is counted the same way
            asked, left = copies_wanted(need.words) * (times or 1), conjurations_left(need.name, board, placed)
            if need.name is None and asked < 2:
                continue
            what = need.name or "copy of that conjuration" if left == 1 else need.name or "copies of that conjuration"
            copies[(need.name or "").lower()] = asked if left is None else min(asked, left)
            if left is not None and left < asked:
                r.result.append(f"only {left} {what} {'is' if left == 1 else 'are'} left in your conjuration "
                                f"pile, so {left} {'is' if left == 1 else 'are'} placed, not {asked}")
        amount: int | None = board.x if re.search(r"\bX\b", part.text) else None
        plus = PLUS_X.search(part.text)
        if plus and board.x is not None:   # "Remove 1 + X wound tokens": the number and X together
            fixed = int(re.search(r"\d+", plus.group(0)).group(0))
            amount = fixed + board.x
            noun = re.match(r"\s*(?P<w>(?:\w+ )?tokens?|damage)\b", part.text[plus.end():])
            what = f" {noun.group('w')}" if noun else ""
            if noun and amount == 1:
                what = what.replace("tokens", "token")
            r.result.append(f"{amount}{what} in all ({plus.group(0)}, with X = {board.x})")
        counted = NUMBER_SPENT.search(part.text)
        if counted:
            kind = f"{counted.group('magic').lower()} {counted.group('side').lower()}"
            amount = spent_count(board, counted.group("magic"), counted.group("side"))
            if amount is None:
                amount = _cost_dice(ability, counted.group("magic"))
                trace.interpret(Interpretation(f"AS-I-spent-{part.n}", "AS20",
                                               f"Part {part.n} counts the {kind} dice spent on its cost; which dice "
                                               f"were spent was not said (--spent), so I took all {amount} dice of "
                                               f"its cost to be {kind} dice (the most it can count)."))
            if amount == 0:
                r.outcome, r.rules = "skipped", ["AS5", "AS20"]
                r.why = f"it counts the {kind} dice spent on its cost, and none was spent"
                continue
            r.rules.append("AS20")
            r.result.append(f"{amount}" + (" damage" if re.search(r"\bdamage\b", part.text, re.I) else "")
                            + f" ({amount} {kind} {'die' if amount == 1 else 'dice'} spent)")
        rem = removal(part.text)
        if rem is not None:
            first = r.target.split(" and ")[0] if r.target and part.new_target and part.new_target.also else r.target
            holding, where = holder(rem, first, r.acts_on, units + placed_units, self_unit or host, board, p.type)
            got, what = removed(rem, holding)
            if got is False:
                r.outcome, r.rules = "skipped", ["AS5"]
                kinds = " or ".join(dict.fromkeys(t for _, t in rem.items))
                r.why = f"there are no {kinds} tokens on {where} to {rem.verb}"
                continue
            if got:
                r.result.append(what)
            elif where != "this unit" or self_unit is not None:
                trace.interpret(Interpretation(f"AS-I-tokens-{part.n}", "AS5",
                                               f"Part {part.n} {rem.verb}s {rem.words()} from {where}; what is on it "
                                               "was not said, so I took it that they are there (describe it, e.g. "
                                               "phoenixborn@mine/wounds=1, to see the other case)."))
        kind_verdict = _kind_condition(part, r, results, pieces, host, self_label)
        if kind_verdict is not None and kind_verdict[0] is False:
            r.outcome, r.rules, r.why = "skipped", ["AS5"], kind_verdict[1]
            continue
        if kind_verdict is not None:
            r.result.append(kind_verdict[1].split("”, and ", 1)[-1])   # "Hammer Knight (theirs) is an ally"
        elif part.condition:
            verdict = condition_verdict(part, cond_board, units + placed_units, cond_held)
            if verdict is not None and cond_notes:
                r.result.append("counted after " + "; ".join(cond_notes))
            if verdict is False:
                cond = part.condition
                r.outcome, r.rules = "skipped", ["AS5"]
                r.why = (f"its “unless” holds: “{cond[4:]}”" if cond.startswith("not ")
                         else f"its condition is not met: “{cond}”")
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
        if board.discard is None and re.search(r"\b(?:search|from|in) your discard(?: pile)?\b", part.text, re.I):
            trace.interpret(Interpretation(f"AS-I-discard-{part.n}", "AS5",
                                           f"Part {part.n} looks in your discard pile; how many cards are there was "
                                           "not said, so I took it that what it looks for is there."))
        short = exhausted_short(part.text, board) or active_short(part.text, board, magic_count(ability))
        if short:
            r.result.append(short)
        if (board.dice is None and re.search(r"\b(?:di(?:e|ce))\b[^.]*\bin (?:your|their|that opponent's|an "
                                             r"opponent's) active pool\b", part.text, re.I)) or (
                board.exhausted_dice is None and re.search(r"\b(?:di(?:e|ce))\b[^.]*\b(?:in|from) (?:your|their|"
                                                           r"that opponent's|an opponent's) exhausted pool\b",
                                                           part.text, re.I)):
            trace.interpret(Interpretation(f"AS-I-dice-{part.n}", "AS5",
                                           f"Part {part.n} needs dice in a pool; the dice there were not said, so I "
                                           "took it that the dice it names are there."))
        own = OWN_TOKENS.match(part.text)
        if own and rem is None and own_tokens_have(part, held) is None:
            trace.interpret(Interpretation(f"AS-I-own-tokens-{part.n}", "AS5",
                                           f"Part {part.n} removes tokens from the card used; what is on it was not "
                                           f"said, so I took it that the {own.group('tok').lower()} tokens are there."))
        guessed: list[str] = []
        each_other = re.search(r"\bfor each other\b", part.text, re.I)   # "other conjuration": not the one placed
        count = for_each_count(part.text, board, units if each_other else units + placed_units, guessed)
        if count:
            r.result.append(f"{count} time{'s' if count != 1 else ''}, once {_for_each_words(part.text)}")
            for label in guessed:
                trace.interpret(Interpretation(f"AS-I-count-none-{part.n}-{label}", "AS5",
                                               f"Part {part.n} counts tokens on units; what is on {label} was not "
                                               "said, so I took it to have none."))
        settled = {"count-for-each"} if times is not None or count is not None or again is not None or (
            board.units_said and re.match(r"^for each unit\b", part.text, re.I)) else set()   # the units named
        if counted:
            settled.add("count-equal-to")   # the dice spent: counted above, or said there
        if count is not None and re.search(r"\bfor each (?:other )?(?:conjuration|all(?:y|ies))", part.text, re.I):
            settled.add("kind-ally-or-conjuration")   # counted by the named cards' types
        if kinds_checked(part, units + placed_units, self_unit, board) or kind_verdict is not None:
            settled.add("kind-ally-or-conjuration")   # "ally" / "conjuration" checked against the cards' types
        for hit in said(part.text):   # restrictions the board cannot settle: said, never silently taken as met
            if hit.restriction.id in settled:
                continue
            trace.interpret(Interpretation(f"AS-I-said-{hit.restriction.id}-{part.n}", None,
                                           f"Part {part.n} says “{hit.phrase}” ({hit.restriction.how}); the board "
                                           f"state does not say, so I took it that {hit.restriction.brief}."))
        r.outcome = "resolves"
        cond_board, cond_held, notes = after_part(part.text, part.n, cond_board, cond_held, p.type)
        cond_notes += notes
        _follow(r, pieces, src, self_label, host.label() if host else None, amount, reborn, trace, card_of, p,
                board_reactions)
        units = [u for u in units if not (u.name and u.label() in pieces and pieces[u.label()].gone)]
        r.rules = (["AS9"] if reborn else ["AS5"]) + (["AS3"] if part.new_target else []) + r.rules
        r.why = "nothing prevents it" if not part.optional else "the player chose to do this “you may” part"
        if part.optional and any("not by you" in n for n in part.notes):
            r.why = "the player the text names chooses whether to do it; taken as done"
            trace.interpret(Interpretation(f"AS-I-their-choice-{part.n}", "AS5",
                                           f"Part {part.n} is another player's choice (“{part.text}”); I took it "
                                           "that they do it (declining that part shows the other case)."))
        for name, n in copies.items():
            placed[name] = placed.get(name, 0) + n
        if freed and board.battlefield_full and any(n.kind == "room" and n.side in ("mine", "any") for n in part.needs):
            r.result.append(f"the slot {freed} left is free (the battlefield was full)")
        if FREES_SLOT.match(part.text) and not freed:   # your unit left the battlefield: a later part has its slot
            freed = "the unit removed by part " + str(part.n)
        if part.places and any(n.kind == "room" for n in part.needs):
            placed_units.append(Unit(part.places, "mine", card_type="Conjuration"))
            board_reactions += _arrival(part, card_of, reborn, r.target_side or "mine", p, board)
        if part.places and part.new_target and part.new_target.kind == "player":
            r.why += (f"; the {part.places} is controlled by the player whose battlefield it goes to, and you stay "
                      "its owner")
            r.rules.append("AS4")
        if part.instead:
            trace.interpret(Interpretation(f"AS-I-instead-{part.n}", "AS5",
                                           f"Part {part.n} says “instead”: when it is done it replaces what the "
                                           "part it refers to would do."))

    _focus_changes(results)
    if not board.units_said and not board.units and usable and any(
            (r.part.new_target is not None and "unit" in r.part.new_target.kind)
            or any(n.kind in ("unit", "units-to-affect") for n in r.part.needs) for r in results):
        trace.interpret(Interpretation("AS-I-no-units", "AS3",
                                       "No units in play were named, so I took it that none are in play besides "
                                       "this card (name the units in play to see the other case)."))
    if playing and usable and p.type.endswith("Alteration Spell") and p.placement == "Phoenixborn":
        attach = _pb_attach(board, attach_side, trace)   # whose Phoenixborn: their play area, their control
    placement = _placement(p, ability, playing, board, attach)
    stacks = _played_stacks(p, attach, board, card_of) if playing and usable else ([stack] if stack else [])
    if not playing and not stacks and card_of is not None and p.type.endswith("Alteration Spell") and \
            re.match(r"^this unit now has the following abilit", ability.text.strip(), re.I):
        unit, listed = _stack_unit(p, board)   # its "This unit now has ...": the abilities it gives, stacked
        stacks = [x for name in given_to_unit(p) if (x := stack_of(name, unit, card_of, None if listed else p))]
    for x in stacks if playing else ():
        trace.add("AS7", x["ability"], stack_words(x))
    bonus = _attach_bonus(p, attach, board, card_of) if playing and usable else \
        _attach_bonus(p, (host.label(), host.side) if host is not None else ("", None), board, card_of, in_play=True) \
        if not playing and p.type.endswith("Alteration Spell") else None
    if bonus is not None:
        trace.add("AS21", "attached", f"{bonus['words']} to {bonus['unit'] or 'the card it is on'}")
    steps = _steps(p, ability, usable, results, placement, reborn, targets_now, cancel_from, trace, attach)
    if usable and board.spent:
        steps[0]["detail"] += ("; the cost that set it off was paid with: " if cost_trigger else
                               "; paid with the dice spent: ") + ", ".join(d.as_text() for d in board.spent)
    for r in results:
        for rule in r.rules:
            trace.add(rule, f"part {r.part.n}", r.outcome)
    if not reborn:   # first edition: reactions wait for the whole effect; an exhausted card's text is inactive then
        for x in board_reactions:
            q = pieces.get(f"{x['card']} ({'yours' if x['side'] == 'mine' else 'theirs'})")
            a = next((a for a in q.abilities if a.label == x["ability"]), None) if q is not None else None
            if q is not None and q.exhausted and a is not None and not a.inexhaustible and \
                    x["timing"] not in ("would", "before") and not q.gone:
                x["blocked"] = (f"by then {q.label} is exhausted (an instruction of this effect exhausted it), so "
                                "its text is inactive and it does not resolve")
                x["when"] = f"{x['when']}; but {x['blocked']}"
                x["rules"] = [*x["rules"], "AS13"]
    reaction = None
    if reaction_printing is not None and usable:
        placed = place_reaction(reaction_printing, [(r.part, r.outcome) for r in results], reborn)
        reaction = placed.as_json()
        reaction = _reaction_on_board(reaction, results, pieces, board)
        blocked = next((x["blocked"] for x in board_reactions if x["card"] == placed.card and x.get("blocked")), None)
        if blocked:
            reaction = {**reaction, "when": f"{reaction['when']}; but {blocked}"}
        trace.add(placed.rules[-1], f"reaction {placed.card}", reaction["when"])
        if placed.part is not None and not reborn and placed.timing in ("would", "before"):
            trace.interpret(Interpretation("AS-I-would-1e", "AS5",
                                           f"{placed.card} answers what part {placed.part} would do, so I take it to "
                                           "come before that part even in the first edition, where reactions to "
                                           "what a part did wait for the whole effect."))
    chosen_one = pick_ability(abilities, wanted, p.name, p.type)
    others = [{"label": a.label, "kind": a.kind, "ask": ask_value(a, abilities), "name": a.name,
               "text": (f"{a.name}: " if a.name else "") + (" ".join(x.text for x in a.parts if not x.focus)
                                                            or a.text.split("\n")[0])}
              for a in abilities if a is not chosen_one
              and not (chosen_one.kind == "play" and a.trigger is not None and ENTERS.match(a.text))]
    if cancel_json is not None and cancel_json.get("applies"):
        guard = _spell_guard(p, ability)
        if guard and cancel_printing is not None and cancel_printing.type.endswith("Spell"):
            trace.interpret(Interpretation("AS-I-spell-guard", "AS6",
                                           f"{p.name} says “{guard}”; I took it that this does not stop "
                                           f"{cancel_json['card']}: cancelling its effect places or removes nothing "
                                           "on the card and does not move it, which is what affecting a card means "
                                           "(glossary, “Affect”)."))
    return Resolution(p.edition, p, ability, board, usable, why, steps, results, placement, cancel_json, trace,
                      reaction, others, board.ability is None and len(abilities) > 1, board_reactions,
                      bool(pieces), unused, bonus, stacks)


# a part that puts something on, takes something from or moves the unit an earlier part acted on
_ON_THAT_UNIT = re.compile(r"\b(?:on|from|to|onto|exhaust|destroy|discard|return) (?:that unit|it|that target unit|the "
                           r"chosen unit|that ally|the targeted unit)\b", re.I)


def _reaction_on_board(reaction: dict[str, Any], results: list[PartResult], pieces: dict[str, Piece],
                       board: Board) -> dict[str, Any]:
    """A reaction to a unit being destroyed, when the units the part acted on were named: it is set off only if one
    of them was destroyed (the board says), and "a unit you control" is the destroyed unit's controller's."""
    if not reaction["applies"] or not (reaction["event"] or "").startswith("destroyed") or not pieces:
        return reaction
    r = next((x for x in results if x.part.n == reaction["triggered_by"]), None)
    if r is None or any(not u.name for u in board.units):
        return reaction   # an unnamed unit may be the one destroyed
    hit = [q for q in pieces.values() if q.label in " ".join(r.result) or q.label == r.target]
    if not hit:
        return reaction
    gone = [q for q in hit if q.gone == "destroyed"]
    if not gone:
        return {**reaction, "applies": False, "triggered_by": None,
                "when": "nothing is destroyed: " + "; ".join(r.result or [f"{r.target} survives"])}
    if re.search(r"\ban ally\b|\ballies\b", reaction["trigger"], re.I):
        gone = [q for q in gone if q.card is None or q.card.type == "Ally"]
        if not gone:
            return {**reaction, "applies": False, "triggered_by": None,
                    "when": "nothing is destroyed that it watches for: the unit destroyed is not an ally"}
    if re.search(r"\b(?:a|an|any) (?:unit|ally|conjuration)s? you control\b", reaction["trigger"], re.I):
        sides = {q.unit.side for q in gone}
        whose = ("your opponent's reaction: the unit destroyed is theirs" if sides == {"theirs"} else
                 "your reaction: the unit destroyed is yours" if sides == {"mine"} else
                 "each player's, for their own unit destroyed")
        return {**reaction, "when": f"{reaction['when']} ({whose})"}
    return reaction


# A constant ability that is an instruction for when something happens to the card ("If this unit receives damage as
# a result of a unit's attack or counter, destroy this unit."): asked about, it answers what happens then.
_EVENT = re.compile(r"^(?:this unit|this card|it) (?:receives|is dealt|would receive|would be dealt) damage\b", re.I)


# "If it is a conjuration", "If the destroyed unit was an ally", "If this unit is an ally": the kind of the unit the
# part acts on, read from its card when the question names it
_KIND_CONDITION = re.compile(r"^(?P<who>this unit|it|the unit|that unit|the destroyed unit) (?:is|was) an? "
                             r"(?P<kind>ally|conjuration)(?P<mine> you control)?$", re.I)


def _kind_condition(part: Part, r: PartResult, results: list[PartResult], pieces: dict[str, Piece],
                    host: Unit | None, self_label: str | None) -> tuple[bool, str] | None:
    """(met, why) when the unit the condition names is a named card in play; None: not this kind of condition, or
    not settled (said as assumed, as any condition)."""
    m = _KIND_CONDITION.match((part.condition or "").strip())
    if m is None:
        return _remains(part, r, results, pieces)
    who = m.group("who").lower()
    earlier = next((x.acts_on or x.target for x in reversed(results) if x.part.n < part.n
                    and (x.acts_on or x.target)), None)
    if who == "this unit":
        label = host.label() if host is not None else self_label
    else:   # what an earlier part acted on, else the unit an alteration is on (never the card used: "the
        label = r.acts_on or earlier or (host.label() if host is not None else None)   # destroyed unit" is another)
    piece = pieces.get(label or "")
    if piece is None or piece.unit.card_type is None:
        return None
    kind = "Ally" if m.group("kind").lower() == "ally" else "Conjuration"
    is_kind = piece.unit.card_type == kind
    mine = m.group("mine") is None or piece.unit.side == "mine"
    noun = "an ally" if piece.unit.card_type == "Ally" else "a conjuration" if piece.unit.card_type == "Conjuration" \
        else f"a {piece.unit.card_type.lower()}"
    why = f"it holds only “if {part.condition}”, and {piece.unit.label()} is {noun}" + (
        "" if mine else ", but not one you control")
    return is_kind and mine, why


_REMAINS = re.compile(r"^only one of those units remains in play(?: afterward)?$", re.I)


def _remains(part: Part, r: PartResult, results: list[PartResult], pieces: dict[str, Piece]) -> tuple[bool, str] | None:
    """"If only one of those units remains in play afterward, ... on it" (Devlin Longbow 1e): counted from the two
    units an earlier part chose, when both are named in play; "it" is the one left."""
    if not _REMAINS.match((part.condition or "").strip()):
        return None
    chooser = next((x for x in reversed(results) if x.part.n < part.n and x.part.new_target is not None
                    and x.part.new_target.also), None)
    if chooser is not None and chooser.outcome != "resolves":
        return False, f"it holds only “if {part.condition}”, and those units were never chosen"
    fought = next((x for x in results if x.part.n < part.n and _EACH_OTHER.match(x.part.text)), None)
    if fought is not None and not fought.result:   # the damage was not worked out (values not known): assumed
        return None
    two = chooser.target if chooser is not None else None
    labels = two.split(" and ") if two else []
    if len(labels) < 2 or any(x not in pieces for x in labels):
        return None
    left = [x for x in labels if not pieces[x].gone]
    if len(left) == 1:
        r.acts_on = left[0]
        return True, f"it holds only “if {part.condition}”, and only {left[0]} remains"
    return False, f"it holds only “if {part.condition}”, and " + (
        "both remain in play" if left else "neither remains in play: both were destroyed")


# "Destroy that target unit" (Ash Spirit, Ice Trap, Rin's Fury): the target its trigger fixed — still a target
_FIXED_TARGET = re.compile(r"\bthat target (?:\w+ )?unit\b", re.I)


def _fixed_target_parts(ability: Ability) -> list[int]:
    return [x.n for x in ability.parts if x.targets and x.new_target is None and x.depends_on is None
            and _FIXED_TARGET.search(x.text)]


def _trigger_fixed(results: list[PartResult], used: Ability, board: Board, trace: Trace,
                   name: str) -> tuple[int, str] | None:
    """A part acting on "that target unit" its trigger named targets that unit: when it is theirs (--target N=, the
    trigger's words, or the only side named), a cancel watching their units being targeted applies from there."""
    for r in results:
        if r.part.n not in _fixed_target_parts(used):
            continue
        asked = board.targets.get(str(r.part.n), "").lower()
        trig = used.trigger.words.lower() if used.trigger else ""
        if asked:
            side = asked.rpartition("@")[2] if "@" in asked else asked
        elif re.search(r"\b(?:an opponent controls|an opponent's)\b", trig) or (
                board.units_of("theirs") and not board.units_of("mine")):
            side = "theirs"
        elif board.units_of("theirs"):
            side = "theirs"
            trace.interpret(Interpretation("AS-I-cancel-target", "AS3",
                                           f"The unit its trigger names could be either player's; since {name} was "
                                           "asked about, I took it to be one of theirs (--target "
                                           f"{r.part.n}=NAME@mine to say otherwise)."))
        else:
            side = "mine" if board.units_said else "theirs"
        if side == "theirs":
            return r.part.n, f"part {r.part.n} targets the unit its trigger names (“{r.part.text.rstrip('.')}”), " \
                             "a unit of theirs"
    return None


# A Focus line that changes an instruction before it rather than adding one: "You may choose not to attach an
# Unnatural conjured alteration spell to that unit" (Extend Animation), "... instead" (Full Moon, Snake Bite, Summon
# Ghostly Mount, Small Sacrifice's "instead of damage")
_FOCUS_NOT = re.compile(r"^you may choose not to (?:attach|place) (?:an? |the )?(?P<what>.+?)(?: (?:to|on|onto) "
                        r"(?:that|the|this) unit)?\.?$", re.I)
_FOCUS_INSTEAD = re.compile(r"\binstead(?P<of> of damage)?\b", re.I)
_LEAD = re.compile(r"^(?:if [^,]+, )?(?:you may )?(?:instead )?", re.I)


def _focus_changes(results: list[PartResult]) -> None:
    for r in results:
        if r.part.focus == 0 or r.outcome != "resolves":
            continue
        earlier = [x for x in results if x.part.n < r.part.n and x.part.focus < r.part.focus
                   and x.outcome == "resolves"]
        line = f"the Focus {r.part.focus} line “{r.part.text.rstrip('.')}”"
        m = _FOCUS_NOT.match(r.part.text)
        if m:
            what = m.group("what")
            base = next((x for x in reversed(earlier) if re.sub(r" conjured .*$", "", what).lower()
                         in x.part.text.lower()), None)
            if base is not None:
                base.result.append(f"without the {what} ({line}: the player chose not to attach it)")
                r.why = f"it changes the instruction before it, which happens without the {what}"
            continue
        m = _FOCUS_INSTEAD.search(r.part.text)
        if not m:
            continue
        verb = _LEAD.sub("", r.part.text).split(" ")[0].lower()
        if m.group("of"):   # "instead of damage": every instruction before it that deals damage
            bases = [x for x in earlier if re.search(r"\bdeal\b[^.]*\bdamage\b", x.part.text, re.I)]
        else:
            base = next((x for x in reversed(earlier) if (x.part.places is not None) == (r.part.places is not None)
                         and re.sub(r"^(?:then|if you do),? ", "", _LEAD.sub("", x.part.text), flags=re.I).lower()
                         .startswith(verb)), None)
            bases = [base] if base is not None else []
        for base in bases:
            base.outcome, base.rules = "skipped", ["AS5"]
            base.why = f"replaced: {line} is done instead" + (" (the player chose it)" if r.part.optional else "")
            base.result = []
        if bases:
            r.why += "; it replaces the instruction it names"


# "Deep Focus: Ready Spells you control are focused one additional time." (Sandstorm Sage): a constant ability of a
# unit you control, named in play and not exhausted (an exhausted card's abilities are inactive), makes the ready
# spell used focused one more time, so its next Focus line applies.
_DEEP_FOCUS = re.compile(r"^ready spells you control are focused one additional time\.?$", re.I)


def _deep_focus(board: Board, card_of: CardOf, trace: Trace) -> Board:
    givers = []
    for u in board.units:
        card = card_of(u.name) if u.side == "mine" and u.name and not u.exhausted else None
        if card is None:
            continue
        givers += [f"{u.name}'s {a.label}" for a in read_abilities(card)
                   if a.kind == "passive" and _DEEP_FOCUS.match((a.text or "").strip())]
    if not givers:
        return board
    focus = board.focus + len(givers)
    trace.add("AS11", "focus", f"{' and '.join(givers)} (“Ready Spells you control are focused one additional "
                               f"time”): this spell is focused {focus} time{'s' if focus != 1 else ''}")
    return dataclasses.replace(board, focus=focus)


def _arrival(part: Part, card_of: CardOf | None, reborn: bool, side: str, p: Printing,
             board: Board | None = None) -> list[dict[str, Any]]:
    """The conjuration a part places has its own "When this unit comes into play" ability: it triggers then (False
    Demon's Nightmare 1 after Summon False Demon places it). Only a conjuration the card names (never "a
    conjuration"). When the question names the units in play, that ability is resolved on them too: if none of its
    parts can happen there (no legal target), that is said ("nothing")."""
    named = part.places if part.places and part.places.lower() in (c.lower() for c in p.conjurations) else None
    card = card_of(named) if card_of is not None and named else None
    if card is None:
        return []
    out = []
    for a in read_abilities(card):
        if a.kind == "play" or a.trigger is None or not ENTERS.match(a.text):
            continue
        text = " ".join(x.text.rstrip(".") + "." for x in a.parts if not x.focus) or a.text
        out.append({"card": card.name, "side": side, "ability": a.label, "trigger": a.trigger.words, "part": part.n,
                    "unit": card.name, "timing": "after",
                    "when": ("right after that instruction, before the rest of the card (the card pauses)" if reborn
                             else "after the whole effect has resolved (first edition: reactions wait)"),
                    "text": text, "optional": bool(a.parts and a.parts[0].optional) or a.optional_use,
                    "rules": ["AS12", "AS10" if reborn else "AS5"], "arrival": True})
        nothing = _arrives_to_nothing(card, a, board, card_of) if side == "mine" else None
        if nothing:
            out[-1]["nothing"] = nothing
    return out


def _arrives_to_nothing(card: Printing, a: Ability, board: Board | None, card_of: CardOf | None) -> str | None:
    """Why the entering ability of a conjuration just placed does nothing on the units the question names (every part
    skipped), else None (it does something, or the units were not named)."""
    if board is None or not board.units_said or not a.parts:
        return None
    sub_board = dataclasses.replace(board, ability=ask_value(a, read_abilities(card)), focus=0, exhausted=False,
                                    targets={}, declines=(), cancel_with=None, modes=(), reaction=None, spent=None,
                                    x=None, battlefield_full=False, conjurations_left=None)
    try:
        sub = resolve(card, sub_board, card_of=card_of)
    except QuestionError:
        return None
    if not sub.usable or not sub.parts or any(r.outcome != "skipped" for r in sub.parts):
        return None
    return _reason_words(sub.parts[0].why)


def _reason_words(why: str) -> str:
    return why.split("; ")[0]


def _pb_attach(board: Board, attach_side: str | None, trace: Trace) -> tuple[str, str | None]:
    """The Phoenixborn an alteration played from hand goes on: --target 0=phoenixborn@theirs, the card's own "can only
    be attached to ... you control", the only Phoenixborn the question names, else the player's choice (said)."""
    asked = (board.targets.get("0") or "").lower()
    side = asked.rpartition("@")[2] if asked else attach_side
    if side not in ("mine", "theirs") and asked:
        raise QuestionError(f"--target 0={asked} must say whose Phoenixborn: phoenixborn@mine or phoenixborn@theirs.")
    if side is None and len(board.phoenixborns) == 1:
        side = board.phoenixborns[0].side
    if side is None:
        trace.interpret(Interpretation("AS-I-pb-attach", "AS4",
                                       "Which Phoenixborn it is attached to was not said (--target 0=phoenixborn@"
                                       "theirs); it is the player's choice, and whoever's Phoenixborn it goes on "
                                       "controls it there."))
        return "a Phoenixborn of your choice", None
    return ("your Phoenixborn" if side == "mine" else "their Phoenixborn"), side


def _host(p: Printing, units: list[Unit], board: Board, trace: Trace) -> Unit | None:
    """The unit an alteration in play is attached to, whose "this unit" / "it" its abilities mean: the named unit
    carrying it ("Gilder@mine/alteration=Infuriate"), the one --target 0= names, or the only unit named."""
    host = next((u for u in units if any(a.lower() == p.name.lower() for a in u.alterations)), None)
    asked = board.targets.get("0")
    if host is None and asked and asked.lower() not in ("mine", "theirs"):
        name, side = split_side(asked, "--target 0=")
        host = next((u for u in units if u.side == side and (u.name or "").lower() == name.lower()), None)
        if host is None:
            raise QuestionError(f"--target 0={asked} is not a unit in play; name it with --unit \"{asked}\" too.")
    elif host is None and len(units) == 1 and units[0].name and not any(
            (units[0].name or "").lower() == w.rpartition("@")[0].strip().lower()
            for k, several in board.targets.items() if k != "0" for w in several.split("|")):
        host = units[0]   # the only unit named, unless it is named as a target (then it is another unit)
    if host is not None:
        trace.add("AS14", p.name, f"“this unit” is the unit {p.name} is attached to: {host.label()}")
    return host


def _event_constant(ability: Ability, trace: Trace) -> Ability:
    """Such a constant ability, read as what it does when its event happens (the event said as assumed)."""
    if ability.kind != "passive" or not ability.parts or not all(
            x.condition and _EVENT.match(x.condition) for x in ability.parts):
        return ability
    event = ability.parts[0].condition or ""
    trace.interpret(Interpretation("AS-I-event", "AS12",
                                   f"“{ability.label}” is a constant ability that acts when “{event}”; I took it "
                                   "that this has just happened, and answered what it does then."))
    return dataclasses.replace(ability, kind="reaction", trigger=Trigger(f"When {event}", "when"))


def _spell_guard(p: Printing, used: Ability) -> str | None:
    """The card's own "cannot be affected by an opponent's spell" (Spell Guard), if it has one."""
    for a in read_abilities(p):
        text = " ".join(x.text for x in a.parts) or a.text
        if a.kind == "passive" and re.search(r"\bcannot be affected by (?:an opponent's|opponents'?) spells?\b", text,
                                             re.I):
            return (f"{a.name}: " if a.name else "") + text.strip().rstrip(".")
    return None


def _follow(r: PartResult, pieces: dict[str, Piece], src: Source, self_label: str | None, host_label: str | None,
            amount: int | None, reborn: bool, trace: Trace, card_of: CardOf | None, p: Printing,
            found: list[dict[str, Any]]) -> None:
    """What a part that resolves does to the cards named in play, and the reactions of theirs it sets off."""
    part = r.part
    if RESOLVES_END.search(part.text):
        ended = end_of_round_effects(pieces, card_of, trace, part)
        notes = ended.notes
        found += reactions_to(ended, pieces, src, part, reborn, trace)
        if notes:
            r.result += notes
        elif pieces:
            r.result.append("none of the cards named has an effect at the end of the round")
        else:
            trace.interpret(Interpretation(f"AS-I-end-cards-{part.n}", "AS19",
                                           "The cards in play were not named; each unexhausted one with an effect "
                                           "at the end of the round resolves it now (name them with --unit to see "
                                           "each)."))
        r.rules.append("AS19")
        return
    if _EACH_OTHER.match(part.text) and _damage_each_other(r, pieces, src, reborn, trace, found):
        return
    effect = read_effect(part, r.target, r.acts_on, pieces, self_label, host_label, amount, src.side)
    if effect is None:
        if re.match(r"^(?:discard|destroy) this (?:card|unit)\b", part.text, re.I) and (
                (p.type in ("Conjuration", "Conjured Alteration Spell") and not part.text.lower().startswith(
                    ("discard this unit", "destroy this unit"))) or p.type == "Conjuration"):
            r.result.append("it goes back to your conjuration pile (a conjuration that leaves play does)")
            r.rules.append("AS18")
        return
    done = apply(effect, src)
    # the part's own target is "it" in what happened to it ("happens to Iron Worker (theirs): it is destroyed")
    r.result += [("it" + n[len(r.target):]) if r.target and n.startswith(r.target + " ") else n for n in done.notes]
    if any(n.endswith("conjuration pile") for n in done.notes) or any(e == "left" for _, e in done.events):
        r.rules.append("AS18")
    if any(e == "destroyed" for _, e in done.events) and effect.verb == "damage":
        r.rules.append("AS17")
    for label in done.guessed:
        trace.interpret(Interpretation(f"AS-I-wounds-{part.n}-{label}", "AS17",
                                       f"The wounds already on {label} were not said; I took it to have none."))
    found += reactions_to(done, pieces, src, part, reborn, trace)


def _for_each_words(text: str) -> str:
    m = re.search(r"\bfor each [^:,.]+", text, re.I)
    return m.group(0) if m else "for each"


# "Those units deal damage to each other equal to their attack value" (Seeds of Aggression, Devlin Longbow 1e)
_EACH_OTHER = re.compile(r"^those units deal damage to each other equal to their attack values?\b", re.I)


def _damage_each_other(r: PartResult, pieces: dict[str, Piece], src: Source, reborn: bool, trace: Trace,
                       found: list[dict[str, Any]]) -> bool:
    """The two units chosen deal damage to each other, at once, each its attack value; False when they are not
    both named in play (then nothing is worked out)."""
    labels = [x for x in (r.acts_on or "").split(" and ") if x]
    both = [pieces[x] for x in labels if x in pieces]
    if len(labels) != 2 or len(both) != 2:
        return False
    attack = [q.unit.attack if q.unit.attack is not None else q.card.attack if q.card is not None else None
              for q in both]
    if None in attack:
        return False
    for q, amount in ((both[1], attack[0]), (both[0], attack[1])):   # both amounts read before either is dealt
        done = apply(Effect("damage", amount, [q], q.label), src)
        r.result += done.notes
        if any(e == "destroyed" for _, e in done.events):
            r.rules.append("AS17")
        for label in done.guessed:
            trace.interpret(Interpretation(f"AS-I-wounds-{r.part.n}-{label}", "AS17",
                                           f"The wounds already on {label} were not said; I took it to have none."))
        found += reactions_to(done, pieces, src, r.part, reborn, trace)
    return True


def _check_flags(p: Printing, ability: Ability, board: Board, playing: bool) -> list[str]:
    """The board state given that this card or ability never looks at: each a sentence saying it changes nothing
    (the question still answers: the rules settle it). Numbers that contradict the card (a part that does not
    exist, dice that do not add up to the cost) are refused with one sentence and the valid choices."""
    unused = []
    used = f"{p.name}" if playing else f"{p.name}'s {ability.label}"
    if board.exhausted and playing:
        unused.append(f"That it is exhausted changes nothing: {p.name} is played from your hand, and only a card in "
                      "play can be exhausted.")
    if board.focus and not ability.focus_levels and not (playing and p.type == "Ready Spell"):
        unused.append(f"Focus changes nothing here: {used} has no Focus line.")
    if board.conjurations_left is not None and not any(part.places for part in ability.parts):
        unused.append(f"The conjurations left in your pile change nothing: {used} puts no conjuration into play.")
    if board.spellboard_full and not (playing and p.type == "Ready Spell"):
        unused.append(f"Your full spellboard changes nothing: {used} puts no ready spell onto it.")
    if board.spent is not None:
        dice = magic_count(ability)
        given = sum(d.count for d in board.spent)
        by_trigger = ability.trigger is not None and (COST_TRIGGER.match(ability.trigger.words)
                                                      or PLACING_DICE.search(ability.trigger.words))
        extra = [dice_in(c) for _, c in extra_costs(ability, board.focus)]   # optional costs in its effect
        most = None if None in extra else dice + sum(n or 0 for n in extra)
        if not dice and not extra and not re.search(r"\bspent\b", ability.text, re.I) and not by_trigger:
            unused.append(f"The dice spent change nothing: {used} costs no dice and counts none.")
        elif dice and most is not None and given > most and not by_trigger and not any(
                re.search(r"\bX\b", c.text) for c in ability.costs):
            # more dice than the cost: an input mistake (fewer, or the wrong faces: it cannot be used, answered)
            more = f", and at most {most - dice} more for the optional cost in its effect" if most > dice else ""
            raise QuestionError(f"--spent gives {given} dice, but {p.name}'s {ability.label} costs {dice} "
                                f"({'; '.join(c.text for c in ability.costs if c.kind == 'magic')}){more}.")
    if board.x is not None and not re.search(r"\bX\b", ability.text):
        unused.append(f"The X given changes nothing: {used} has no X in its text.")
    if board.discard is not None and not re.search(r"\b(?:your|from|in|into) (?:your )?discard\b", ability.text, re.I):
        unused.append(f"The cards in your discard pile change nothing: {used} does not look at it.")
    needs_room = any(n.kind == "room" for part in ability.parts for n in part.needs)
    if board.battlefield_full and not needs_room and not (playing and p.type == "Ally"):
        unused.append(f"Your full battlefield changes nothing: {used} puts no unit onto your battlefield.")
    numbers = [part.n for part in ability.parts if part.focus <= board.focus]
    optional = [part.n for part in ability.parts if (part.optional or optional_cost(part.text))
                and part.focus <= board.focus]
    for n in board.declines:
        if n not in optional:
            valid = ", ".join(map(str, optional)) or "none"
            raise QuestionError(f"--decline {n}: only optional (“you may”) parts can be declined; optional parts "
                                f"here: {valid}.")
    targetable = [part.n for part in ability.parts if part.new_target and part.focus <= board.focus] + \
        _fixed_target_parts(ability)   # "that target unit" its trigger named: say whose (--target N=NAME@theirs)
    for key in board.targets:
        n = int(key)
        if n == 0 and p.type.endswith("Alteration Spell"):   # the unit it is (or is being) attached to
            continue
        if n not in targetable:
            valid = ", ".join(map(str, targetable)) or "none"
            extra = "" if n in numbers else " (no such part)"
            raise QuestionError(f"--target {n}: part {n} chooses no target{extra}; parts with a target to "
                                f"choose: {valid}.")
    return unused


def granted_to_unit(p: Printing, used: Ability) -> bool:
    """An alteration's ability printed after "This unit now has the following ability:": the unit's ability."""
    if not p.type.endswith("Alteration Spell") or used.kind == "play":
        return False
    abilities = read_abilities(p)
    grant = next((a.index for a in abilities if a.kind != "play" and any(
        re.search(r"\b(?:now has|gains?|has) the following abilit", x.text, re.I) for x in a.parts)), None)
    return grant is not None and used.index > grant


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
            c = chosen.get(r.part.n) or choose_target(r.part, spec, units, self_unit, board, True, trace)
            second = next((x for x in spec.also if x.kind == "unit" and x.side in ("theirs", "any")), None)
            if reading.watch == "target-unit" and c[1] != "theirs" and second is not None and \
                    board.units_of("theirs"):
                # a second target of the same part: "... and a target unit an opponent controls"
                first = r.part.n
                why = f"part {first} also targets a unit of theirs (“{second.words}”)"
                break
            if reading.watch == "target-player" and spec.kind == "unit or phoenixborn":
                # "a target unit or Phoenixborn": the Phoenixborn may be chosen, unless a unit was named
                asked = board.targets.get(str(r.part.n), "").lower()
                hit = c[1] in ("theirs", None) and not (asked and not asked.startswith(("phoenixborn", "player")))
                if hit and not asked and board.units_of("theirs"):
                    trace.interpret(Interpretation(f"AS-I-pb-not-unit-{r.part.n}", "AS3",
                                                   f"Part {r.part.n} may target a unit or a Phoenixborn; since "
                                                   f"{name} was asked about, I took the target to be their "
                                                   "Phoenixborn (name a unit as the target to say otherwise)."))
                if hit:
                    c = ("their Phoenixborn", "theirs", "")
            elif reading.watch == "target-player":
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
            elif spec.kind == "card":   # "a target card" aimed at a unit of theirs is a unit targeted
                hit = c[1] == "theirs" and any(u.label() == c[0] for u in board.units)
            else:
                hit = spec.kind in ("unit",) and c[1] == "theirs"
            if hit:
                first = r.part.n
                why = f"part {first} targets {c[0]}"
                break
        if first is None and reading.watch == "target-unit":
            fixed = _trigger_fixed(results, used, board, trace, name)
            if fixed is not None:
                first, why = fixed
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
        given = granted_to_unit(p, used)
        entering = [a for a in read_abilities(p) if a.kind != "play" and a.trigger is not None and ENTERS.match(a.text)]
        if used.kind == "play" and p.type in UNIT_TYPES and results and entering and \
                not all(a.inexhaustible for a in entering):
            # a unit played from hand: what happens is its own "When this unit comes into play" ability, a unit
            # ability like any other (asked by its name, the same cancel applies)
            first = min(r.part.n for r in results)
            why = (f"what playing {p.name} does is its {entering[0].label}, a unit ability without inexhaustible; "
                   "the unit itself stays in play")
        elif used.kind == "play" or (p.type not in (*UNIT_TYPES, "Phoenixborn") and not given) or used.inexhaustible:
            return {"card": name, "applies": False, "rules": rules,
                    "why": f"its trigger (“{trig}”) is not met: this is not a unit or Phoenixborn ability that "
                           "is exhaustible"}, None
        else:
            first = min((r.part.n for r in results), default=1)
            why = (f"{p.name} gives {used.label} to the unit it is attached to, so it is a unit ability, and it is "
                   "not inexhaustible") if given else f"{p.name}'s {used.label} is a unit or Phoenixborn ability " \
                                                     "without inexhaustible"
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


_LIMIT = re.compile(r"\battached to (?:an? |units? )?(?:(?P<ally>ally|allies)\b|unit with an attack value of "
                    r"(?P<atk>\d+) or less\b|units? with the (?P<ability>[\w' ]+?) ability\b)", re.I)


def _attach_limit(limit: str, board: Board, card_of: CardOf | None) -> tuple[bool | None, str] | None:
    """A limit on the unit it is attached to ("can only be attached to an ally", "... to a unit with an attack value
    of 2 or less", "... to units with the Illusion ability") checked against the unit it goes on when the question
    names it (--target 0=, or the only unit named): (met, why); (None, assumption) when its value is not known (a
    "+X" alteration on it); None when that unit or its card is not known."""
    m = _LIMIT.search(limit)
    if m is None:
        return None
    named = [u for u in board.units if u.name]
    asked = board.targets.get("0")
    unit = None
    if asked and asked.lower() not in ("mine", "theirs"):
        name, side = split_side(asked, "--target 0=")
        unit = next((u for u in named if u.side == side and (u.name or "").lower() == name.lower()), None)
    elif len(board.units) == 1 and named:
        unit = named[0]
    if unit is None or unit.card_type is None:
        return None
    said = limit.rstrip(".")
    if m.group("ally"):
        ok = unit.card_type == "Ally"
        return ok, f"it says “{said}”: {unit.label()} is {'an ally' if ok else 'a ' + unit.card_type.lower()}"
    if m.group("atk"):
        if unit.attack is None:
            return None
        bound = int(m.group("atk"))
        on = [(a, card_of(a)) for a in unit.alterations] if card_of is not None else []
        bonuses = [(a, v) for a, c in on if c is not None for s, v in c.bonuses if s == "attack"]
        unknown = [f"{v} ({a})" for a, v in bonuses if not v[1:].isdigit()]
        adds = [int(v) for _, v in bonuses if v[1:].isdigit()]
        least = max(unit.attack + sum(adds), 0)
        if unknown and least > bound and all(u.startswith("+") for u in unknown):   # X is never below 0
            return False, (f"it says “{said}”: {unit.label()} has an attack value of at least {least} "
                           f"({unit.attack} printed, with its alterations; {' and '.join(unknown)} adds 0 or more), "
                           f"more than {bound}")
        if unknown:   # a "+X" already on it: its attack value is not known, so the limit is left unsettled
            return None, (f"It says “{said}”; {unit.label()} has {unit.attack} attack printed, with "
                          f"{' and '.join(unknown)} on it, whose X the question does not give, so I took it that "
                          f"its attack value is {bound} or less (say what X is to check it).")
        value = least
        ok = value <= bound
        return ok, (f"it says “{said}”: {unit.label()} has an attack value of {value}"
                    + (f" ({unit.attack} printed, with its alterations)" if adds else "")
                    + ("" if ok else f", more than {bound}"))
    card = card_of(unit.name) if card_of is not None and unit.name else None
    if card is None:
        return None
    wanted = m.group("ability").strip().lower()
    has = any(re.sub(r"\s+(?:\d+|x)$", "", (a.name or "").lower()) == wanted for a in read_abilities(card))
    return has, f"it says “{said}”: {unit.label()} {'has' if has else 'does not have'} the {m.group('ability')} ability"


# a part taking a unit of yours off your battlefield ("Remove an unexhausted ally you control from play", "Destroy a
# conjuration you control", "Discard this unit"): the slot it held is free for what a later part places
FREES_SLOT = re.compile(r"^(?:you may )?(?:remove|destroy|discard|return|sacrifice) (?:this unit\b|"
                        r"(?:(?:an?|1|one|target) )?(?:unexhausted |exhausted )?(?:ally|unit|conjuration) "
                        r"you control\b)", re.I)


def _in_play_stack(p: Printing, ability: Ability, board: Board, card_of: CardOf | None) -> dict[str, Any] | None:
    """An alteration in play asked about one of the numbered abilities it gives its unit, when the unit it is on (the
    one listing it, else --target 0=) has that ability from another source too (AS7)."""
    if ability.kind == "play" or not p.type.endswith("Alteration Spell") or card_of is None or \
            ability.name not in given_to_unit(p):
        return None
    unit, listed = _stack_unit(p, board)
    stack = stack_of(ability.name, unit, card_of, None if listed else p)
    return stack if stack is not None and stack["total"] != stack["number"] else None


def _stack_unit(p: Printing, board: Board) -> tuple[Unit | None, bool]:
    """The named unit an alteration in play is on (the one listing it, else --target 0=), and whether it lists it."""
    named = [u for u in board.units if u.name]
    unit = next((u for u in named if any(a.lower() == p.name.lower() for a in u.alterations)), None)
    listed = unit is not None
    asked = board.targets.get("0")
    if unit is None and asked and asked.lower() not in ("mine", "theirs"):
        name, side = split_side(asked, "--target 0=")
        unit = next((u for u in named if u.side == side and (u.name or "").lower() == name.lower()), None)
    return unit, listed


def _played_stacks(p: Printing, attach: tuple[str, str | None] | None, board: Board,
                   card_of: CardOf | None) -> list[dict[str, Any]]:
    """An alteration played onto a named unit: each numbered ability it gives that the unit already has (AS7)."""
    unit = next((u for u in board.units if u.name and attach is not None and u.label() == attach[0]), None)
    found = [stack_of(name, unit, card_of, p) for name in given_to_unit(p)] if unit is not None else []
    return [s for s in found if s is not None]


def _attach_bonus(p: Printing, attach: tuple[str, str | None] | None, board: Board,
                  card_of: CardOf | None, in_play: bool = False) -> dict[str, Any] | None:
    """What an alteration attached as it is played (or already attached, `in_play`) adds to the values of the card
    it is on (AS21): its printed bonuses, worked out on the named unit when its card is known, with the other
    alterations on that unit (the question lists the one asked about among them when it is in play)."""
    if not p.bonuses or attach is None:
        return None
    unit = next((u for u in board.units if u.name and u.label() == attach[0]), None)
    card = card_of(unit.name) if unit is not None and unit.name and card_of is not None else None
    on_it = list(unit.alterations) if unit is not None and card_of is not None else []
    if in_play:   # itself is not "already" on it: one copy of its name is the card asked about
        mine = next((a for a in on_it if a.lower() == p.name.lower()), None)
        if mine is not None:
            on_it.remove(mine)
    already = [(a, c.bonuses) for a in on_it if (c := card_of(a)) is not None]
    rows = worked_values(p.bonuses, lambda stat: getattr(card, stat, None), already)
    return {"values": dict(p.bonuses), "words": bonus_words(p.bonuses), "unit": unit.label() if unit else None,
            "on": "Phoenixborn" if p.placement == "Phoenixborn" else "unit", "worked": rows}


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
    extra = dict(extra_costs(ability, 9))
    effect_not_cost = [r.part for r in results if r.part.link in ("if-you-do", "to")
                       and any(x.part.n == r.part.depends_on for x in results) and r.part.depends_on not in extra]
    step1 = {"step": 1, "name": "pay-cost", "happens": usable and bool(ability.costs),
             "detail": (f"pay {costs}" if ability.costs else "it has no cost") if usable else "not used",
             "rules": ["AS2"] + (["AS8"] if any(c.kind == "exhaust" for c in ability.costs) else [])
             + (["AS16"] if any(c.kind in ("main", "side") for c in ability.costs) else [])}
    if usable and effect_not_cost:
        first_dep = effect_not_cost[0]
        step1["detail"] += (f"; part {first_dep.depends_on} is effect, not cost (“If you do” / “to” makes the "
                            "earlier instruction part of the effect)")
    for r in results:
        if usable and r.part.n in extra:   # a cost written inside its effect: paid now, or not at all
            if not ability.costs:
                step1["detail"] = "no printed cost"
            step1["happens"] = step1["happens"] or r.outcome == "resolves"
            step1["detail"] += (f"; optional cost (part {r.part.n}, “{r.part.text.rstrip('.')}”): {extra[r.part.n]}, "
                                + ("paid with it" if r.outcome == "resolves" else "not paid"))
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
