"""Order the things that respond to one moment: steps A-F (L6), the gold exception (L7), granted phases (LD5).

Checks run top-down, each a trace line with its rule:
1. items that do not answer a moment at all (actions, Focus Effects, unread text) are set aside, explained;
2. items timed to another point of the occurrence (a "before" item at an "after" moment) are set aside (L4);
3. each remaining item gets its step; inside A-E the order given is the active player's choice (L6, L9);
   delayed effects stay grouped by source (L6 D); Reactions come in an action round from the active player, in
   the order the players took them (L6 F);
   Gold for one payment goes in the payer's order (L7); granted phases wait for the end of it all (LD5);
4. a negation at step A stops every later item that needs the occurrence; time points still fire (L5);
5. items of different named occurrences at once (two Personalities destroyed together) form one group per
   occurrence, in the order the active player gives, each group through steps A-F (L9, the Timing example).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field

from engine.rulesets.l5r.abilities import Kind, negated_verbs
from engine.rulesets.l5r.conditions import TYPE_NOUN, trigger_conditions
from engine.rulesets.l5r.durations import Form
from engine.rulesets.l5r.items import Item
from engine.rulesets.l5r.judge import COURTESY_LABEL, Known, judge, qualifier_holds
from engine.rulesets.l5r.moment import Moment, moment_subjects, normalize, other_edge, stems
from engine.trace import Interpretation, Trace

STEP_OF = {Kind.NEGATE: "A", Kind.CONTINUOUS: "A", Kind.CONDITIONAL: "B", Kind.RULEBOOK: "C", Kind.DELAYED: "D",
           Kind.TRAIT: "E", Kind.REACTION: "F", Kind.INTERRUPT: "D", Kind.GOLD: "gold",
           Kind.ADDITIONAL: "additional"}
STEP_RANK = {"I": -1, "A": 0, "B": 1, "C": 2, "D": 3, "E": 4, "F": 5, "additional": 7}
STEP_NAME = {"A": "ongoing effects that negate or modify the occurrence", "B": "conditional continuous effects",
             "C": "rulebook effects", "D": "delayed effects", "E": "triggered traits", "F": "Reactions",
             "gold": "Gold for one payment", "additional": "granted battle, phase, segment or action"}


@dataclass
class Placed:
    item: Item
    step: str
    chosen_by: str
    rules: list[str]
    why: str
    position: int = 0


@dataclass
class Scenario:
    moment: Moment
    active: str = "you"
    between_turns: bool = False
    payer: str = "you"
    active_given: bool = True
    passed: tuple[str, ...] = ()    # players who passed their first opportunity in the Reactions' action round
    by: str | None = None           # whose action, card or effect made the occurrence happen (--by)
    times: int | None = None        # which time this turn it happens, 1 = the first (--times)
    phase: str | None = None        # the phase or period the moment falls in (--phase)
    subjects: dict[str, tuple[str, str]] = field(default_factory=dict)  # cards the moment names: (type, keywords)
    version: str = "current"
    went_first: str | None = None   # who went first this game (--went-first), for Courtesy traits
    used: str | None = None         # whose "once per turn" abilities listed were already used (--used)

    @property
    def known(self) -> Known:
        return Known(self.active, self.active_given or self.between_turns, self.by, self.times, self.phase,
                     dict(self.subjects), self.went_first, self.used)


@dataclass
class Ordering:
    placed: list[Placed] = field(default_factory=list)
    skipped: list[tuple[Item, str, list[str]]] = field(default_factory=list)
    trace: Trace = field(default_factory=Trace)
    assumed: list[str] = field(default_factory=list)   # trigger words taken to hold, for the first line


def partial_negation(item: Item, moment: Moment) -> str | None:
    """What a negation forbids when that is not the moment's occurrence itself ("his unit doesn't bow after battle" at
    "after the battle resolves": the Conqueror reminder): it stops only that part of what happens here, never the
    occurrence and everything that answers it. None when it negates the occurrence (or names nothing it forbids)."""
    if item.kind is not Kind.NEGATE:
        return None
    forbidden = _forbidden(item)
    occurrence = stems(moment.occurrence)
    if not forbidden or stems(f"{forbidden_verbs(forbidden)} {negated_verbs(forbidden)}") & occurrence \
            or occurrence <= stems(forbidden):
        return None  # it forbids the occurrence itself ("can not move home", "It can not happen that ...")
    return forbidden


def _parts_hit(item: Item, others: list[Item]) -> list[Item]:
    """The other items whose words do what a partial negation forbids ("Bow each unit" for "doesn't bow")."""
    forbidden = _forbidden(item) or ""
    verbs = stems(f"{forbidden_verbs(forbidden)} {negated_verbs(forbidden)}")
    return [o for o in others if o is not item and verbs & stems(" ".join(o.effects) or o.text)]


def _mismatch(item: Item, moment: Moment, others: list[Item] | None = None) -> tuple[str, list[str]] | None:
    """Why an item does not act at this moment, or None when it does. `others`: the other items listed (a negation
    of a part of what they do acts here, step A)."""
    if item.kind in (Kind.ACTION,):
        return ("an action is taken at its own time in the sequence of play (an action round), not in answer to "
                "this moment", ["L1", "L10"])
    if item.kind is Kind.FOCUS:
        return "a Focus Effect resolves in a duel's focus sequence, not in answer to this moment", ["L1"]
    if item.kind is Kind.UNREAD:
        return "I could not read what this ability answers; name its kind with KIND:TEXT", []
    if item.kind is Kind.CONDITIONAL and moment.timing != "when":
        return (f"a conditional continuous effect starts or stops at the when-point of its condition, not at a "
                f"“{moment.timing}” point", ["L4", "L6"])
    if item.kind is Kind.GOLD and moment.timing != "when":
        return f"Gold for a payment is produced at the payment's when-point, not at a “{moment.timing}” point", ["L4"]
    if item.occurrence and _RESPONSE.search(item.occurrence) and not _RESPONSE.search(moment.occurrence):
        return (f"it answers “{item.occurrence}”: a Reaction to a Reaction answers a new occurrence after this "
                "one, with its own action round; it is taken there, not in answer to this moment", ["L1", "L10"])
    if item.card is not None and item.occurrence and other_edge(item.occurrence, moment.occurrence):
        return (f"it waits for “{item.occurrence}”, another point of the turn than “{moment.occurrence}”, so it "
                "does not answer this moment", ["L10"])
    if item.card is not None and item.occurrence and not (stems(item.occurrence) & stems(moment.occurrence)):
        return (f"it waits for “{item.occurrence}”, which shares no words with “{moment.occurrence}”; if that is "
                "the same occurrence, name the moment in its words, or list the effect as KIND:TEXT", ["L10"])
    if item.timing and item.timing != moment.timing and item.kind not in (Kind.RULEBOOK, Kind.ADDITIONAL):
        order = "earlier" if ("before", "when", "after").index(item.timing) < ("before", "when", "after").index(
            moment.timing) else "later"
        return (f"it is timed “{item.timing} {item.occurrence}”: that point comes {order} than this "
                f"“{moment.timing}” moment, so it resolved (or will resolve) there, not here", ["L4"])
    if item.kind in (Kind.NEGATE, Kind.CONTINUOUS, Kind.CONDITIONAL) and item.card is not None \
            and not (stems(item.text) & stems(moment.occurrence)):
        return (f"its ongoing wording does not name this occurrence ({moment.occurrence}), so it neither negates "
                "nor changes it", ["L6"])
    # Sharing a noun is not enough: "can not win ... or control the Imperial Favor" does not stop a Favor action
    # from targeting.
    forbidden = _forbidden(item) if item.kind is Kind.NEGATE and item.card is not None else None
    if forbidden is not None and not (stems(f"{forbidden_verbs(forbidden)} {negated_verbs(forbidden)}")
                                      & stems(moment.occurrence)) and not _parts_hit(item, others or []):
        return (f"what it forbids (“{forbidden}”) is not this occurrence ({moment.occurrence}), so it does not "
                "negate it at step A", ["L6"])
    return None


_FORBIDS = re.compile(r"\b(?:can ?not|cannot|may not|will not)\s+([^.;:]+)", re.I)
# A Reaction to a Reaction (or to any action's resolution): it answers that later occurrence.
_RESPONSE = re.compile(r"\b(?:Reaction|Interrupt)s?\b[^.]*?\b(?:resolves?|resolution|is taken|is used|ends?|"
                       r"is announced)\b|\b(?:announces?|takes?|uses?) an? (?:Reaction|Interrupt)\b", re.I)


def _forbidden(item: Item) -> str | None:
    """What an ongoing "can not" effect forbids ("win an Honor Victory or control the Imperial Favor"): step A
    negates an occurrence only when that is what it forbids, not when the two merely share a noun."""
    if item.ability is not None and item.ability.stops:
        return item.ability.stops
    found = [m.group(1).strip() for m in _FORBIDS.finditer(item.text)]
    return " / ".join(found) if found else None


_ARTICLE = frozenset({"a", "an", "the", "this", "that", "his", "her", "its", "their", "your", "any", "be"})


def forbidden_verbs(forbidden: str) -> str:
    """The verbs a "can not" clause forbids: its first word and each word after "or"/"and" ("win an Honor Victory
    or control the Imperial Favor" -> "win control"; "be destroyed" -> "destroyed")."""
    words = forbidden.split()
    verbs = []
    for i, word in enumerate(words):
        if (i == 0 or words[i - 1].lower() in ("or", "and", "be")) and word.lower() not in _ARTICLE:
            verbs.append(word)
    return " ".join(verbs)


def _occurrence_note(item: Item, moment: Moment) -> Interpretation | None:
    if not item.occurrence or not moment.occurrence:
        return None
    ours, theirs = set(normalize(item.occurrence).split()), set(normalize(moment.occurrence).split())
    if ours & theirs and (len(ours & theirs) * 2 >= min(len(ours), len(theirs))):
        return None
    return Interpretation(f"occurrence-{item.label}", None,
                          f"{item.label} waits for “{item.occurrence}”; you asked about “{moment.occurrence}”. "
                          "I took them to be the same occurrence, as you listed it for this moment.")


def _name(player: str) -> str:
    return "you" if player == "you" else "your opponent"


def opportunity_order(reactions: list[Item], scenario: Scenario) -> list[tuple[Item, str]]:
    """Step F as an action round: the active player has the first opportunity, then each player in turn takes one
    Reaction or passes, until all pass in a row (L6 F). Each player's Reactions keep the order listed; a player
    named as having passed gives up their first opportunity."""
    other = "opponent" if scenario.active == "you" else "you"
    queues = {p: [i for i in reactions if i.controller == p] for p in (scenario.active, other)}
    still_to_pass = set(scenario.passed)
    turn, out, opportunity = scenario.active, [], 0
    while any(queues.values()):
        opportunity += 1
        if turn in still_to_pass:
            still_to_pass.discard(turn)
        elif queues[turn]:
            item = queues[turn].pop(0)
            kind = "Interrupt" if item.kind is Kind.INTERRUPT else "Reaction"
            owner = "yours" if turn == "you" else "your opponent’s"
            why = (f"step F: Reactions in an action round that starts with the active player "
                   f"({_name(scenario.active)}), each player in turn taking one or passing; opportunity "
                   f"{opportunity} is {owner}, and this {kind} is taken there")
            if opportunity > 1 and not out:
                why += f" (after {_name(other if turn == scenario.active else scenario.active)} passed)"
            out.append((item, why))
        turn = other if turn == scenario.active else scenario.active
    return out


def _place(items: list[Item], scenario: Scenario, result: Ordering) -> list[Placed]:
    """Steps A-F and the gold block for the items of one occurrence, then its step-A negation (L6, L7, L5)."""
    trace = result.trace
    who = "you" if scenario.active == "you" else "your opponent"
    by_step: OrderedDict[str, list[Item]] = OrderedDict((s, []) for s in ("A", "B", "C", "D", "E", "F", "gold",
                                                                            "additional"))
    for item in items:
        by_step[STEP_OF[item.kind]].append(item)

    placed: list[Placed] = []
    for step in ("A", "B", "C", "D", "E"):
        group = by_step[step]
        if step == "D":
            sources: OrderedDict[str, list[Item]] = OrderedDict()
            for item in group:
                sources.setdefault(item.source, []).append(item)
            group = [item for same in sources.values() for item in same]
        several = len(group) > 1
        for item in group:
            rules = ["L6"] + (["L9"] if several else [])
            why = f"step {step}: {STEP_NAME[step]}"
            if item.kind is Kind.CONTINUOUS:
                why += " (it modifies, and does not stop, the occurrence)"
            if item.kind is Kind.INTERRUPT:
                why += (" (the Interrupt was taken while the action it interrupts was under way; its words wait for "
                        "this moment as a delayed effect)")
                rules.append("LD4")
                trace.interpret(Interpretation(
                    "interrupt-as-delayed", "LD4", "The Timing page predates the Interrupt designator. An Interrupt is "
                    "taken during the action it interrupts, before that action resolves; its “after …” words refer to "
                    "that action's effects, so at this moment it acts as a delayed effect (step D), grouped by source "
                    "with the other delayed effects, as the final CCG rules also say."))
            ability = item.ability
            part = partial_negation(item, scenario.moment)
            if part is not None:
                hit = _parts_hit(item, items)
                why += (f"; it stops only “{part}”, a part of what happens here, not “{scenario.moment.occurrence}” "
                        "itself, so everything else still happens"
                        + (" (" + ", ".join(f"“{_short_words(o)}” still happens, without that part" for o in hit)
                           + ")" if hit else ""))
            elif item.kind is Kind.NEGATE and ability is not None and ability.stops:
                why += f"; it forbids “{ability.stops}”"
                if ability.condition:
                    why += f" while {ability.condition}"
                    trace.interpret(Interpretation(f"negation-condition-{item.label}", "L6",
                                                   f"{item.label}: its condition “while {ability.condition}” is "
                                                   "taken to hold at this moment, so its negation applies."))
            if_words = _if_words(item)
            if if_words and item.kind is not Kind.NEGATE:
                # "... have -1 strength if another player is Mantis Clan": it acts only while that holds
                why += f"; it works only “{if_words}”"
                trace.interpret(Interpretation(f"if-condition-{item.label}", "L4",
                                               f"{item.label}: its condition “{if_words}” is taken to hold at this "
                                               "moment; if it does not, it does not act here."))
            if if_words:
                result.assumed.append(f"“{if_words}”")
            if step == "B":
                why += "; at a when-point it starts or stops with its condition"
                rules.append("L4")
            if step == "D" and several:
                same = [i for i in group if i.source == item.source]
                why += (f"; the active player ({who}) picks which source goes first, and all of one source's "
                        f"delayed effects ({len(same)} from {item.source}) happen before the next source's"
                        if len(same) > 1 else f"; the active player ({who}) chose this place among sources")
            elif several:
                why += f"; the active player ({who}) chose this place within the step, as listed"
            if step == "E":
                rules.append("L8")
                why += "; a triggered trait is not optional"
            placed.append(Placed(item, step, "active player" if several else "rules", rules, why))
    # F: an action round from the active player (L6 F, L9); each player in turn takes one Reaction or passes.
    if len({i.controller for i in by_step["F"]}) > 1 and not scenario.passed:
        trace.interpret(Interpretation("no-pass", "L6", "Each player is taken to use a Reaction at their first "
                                       "opportunity (nobody passed first); say who passed for another order."))
    for item, why in opportunity_order(by_step["F"], scenario):
        placed.append(Placed(item, "F", "rules", ["L6", "L9"], why))

    gold = by_step["gold"]
    if gold:
        payer = "you" if scenario.payer == "you" else "your opponent"
        # Stronghold and Holding Gold is a rulebook matter (step C): the block stands where C starts.
        insert_at = next((n for n, p in enumerate(placed) if STEP_RANK.get(p.step, 9) >= STEP_RANK["C"]),
                         len(placed))
        block = [Placed(i, "gold", "paying player", ["L7", "L4"],
                        f"Gold for one payment comes at its when-point in the order the paying player ({payer}) "
                        "picks, even against steps A-F") for i in gold]
        placed[insert_at:insert_at] = block
        trace.interpret(Interpretation("gold-block", "L7", "The Gold items are taken as producing Gold for one and "
                                       "the same payment, in the order listed, standing where step C starts."))
    for item in by_step["additional"]:
        placed.append(Placed(item, "additional", "rules", ["LD5"],
                             "a granted battle, phase, segment or action starts only after the action or trait that "
                             "granted it has ended and the Reactions to that end have passed"))

    return _finish(placed, result, "L6", scenario.moment)


def _if_words(item: Item) -> str:
    """The "if ..." condition a continuous trait works under ("if another player is Mantis Clan"), or ""."""
    ability = item.ability
    if ability is None or item.kind not in (Kind.CONTINUOUS, Kind.NEGATE, Kind.CONDITIONAL):
        return ""
    return next((t.words for t in ability.terms if t.form is Form.WHILE and re.match(r"(?:only )?if\b", t.words,
                                                                                       re.I)), "")


def _short_words(item: Item) -> str:
    words = item.text if item.card is None else item.label
    return words if len(words) <= 50 else words[:50].rsplit(" ", 1)[0] + " …"


def _finish(placed: list[Placed], result: Ordering, steps_rule: str, moment: Moment) -> list[Placed]:
    """Written order of each item's effects (LD6), then the step-A negation of the occurrence itself: nothing later
    that needs the occurrence happens (time points still fire, L5); a negation of only a part of what happens
    (Conqueror's "his unit doesn't bow") stops that part alone."""
    trace = result.trace
    for p in placed:
        if len(p.item.effects) > 1:
            p.rules.append("LD6")  # its own effects happen in the order written, each apart
    negation = next((p for p in placed if p.step == "A" and p.item.kind is Kind.NEGATE
                     and partial_negation(p.item, moment) is None), None)
    kept: list[Placed] = []
    for p in placed:
        if negation is not None and p is not negation and STEP_RANK.get(p.step, 6) > 0:
            if p.item.time_point:
                p.rules.append("L5")
                p.why += (f"; “{p.item.occurrence}” names a time point, which comes even though "
                          f"{negation.item.label} negated the occurrence")
            else:
                why = (f"{negation.item.label} negated the occurrence at step A, so nothing that needs it "
                       "happens")
                result.skipped.append((p.item, why, [steps_rule]))
                trace.add(steps_rule, p.item.label, f"never happens: {why}")
                continue
        kept.append(p)
    return _reaction_bans(kept, result, steps_rule)


# An effect banning Reactions ("no players may take Reactions until your next turn begins", "Other players may not
# take Reactions until it ends"): made at its step, it forbids the Reactions that would come after it at the same
# moment (the Timing page: effects that come first can negate, alter or render irrelevant later ones).
_REACTION_BAN = re.compile(r"\b(?P<who>no players?|other players|another player|your opponents?|you)\s+(?:may not|"
                           r"can ?not|cannot)?\s*(?:may\s+)?take Reactions\b", re.I)


def _banned(ban: re.Match[str], maker: str, player: str) -> bool:
    who = ban.group("who").lower()
    if who.startswith("no player"):
        return True
    if who == "you":
        return player == maker
    return player != maker


def _reaction_bans(placed: list[Placed], result: Ordering, steps_rule: str) -> list[Placed]:
    kept: list[Placed] = []
    bans: list[tuple[Placed, re.Match[str]]] = []
    for p in placed:
        ban_by = next(((b, m) for b, m in bans if _banned(m, b.item.controller, p.item.controller)), None) \
            if p.item.kind is Kind.REACTION else None
        if ban_by is not None:
            maker, match = ban_by
            why = (f"{maker.item.label} comes first (step {maker.step}) and its “{match.group(0)}” forbids this "
                   "Reaction, so it is not taken (an effect that comes first can negate or render irrelevant one "
                   "that comes later)")
            result.skipped.append((p.item, why, [steps_rule]))
            result.trace.add(steps_rule, p.item.label, f"not taken: {why}")
            continue
        text = " ".join(p.item.effects) or p.item.text
        match = _REACTION_BAN.search(text)
        if match is not None and (match.group("who").lower().startswith("no player")
                                  or re.search(r"\b(?:may not|can ?not|cannot)\b", match.group(0), re.I)):
            bans.append((p, match))
        kept.append(p)
    return kept


FINAL_NAME = {"I": "Interrupts, taken in the action's own Interrupt step before it resolves",
              "A": "effects that delay, negate or prevent the occurrence (and continuous effects, always on)",
              "B": "substitutions (“... instead”)",
              "C": "triggered effects: traits, delayed effects and rulebook effects together",
              "F": "Reactions of older cards"}
_INSTEAD = re.compile(r"\binstead\b", re.I)
# An Interrupt answering the action itself (its announcement, its targets, "the action"), not an effect it makes.
# Its announcement and its chosen targets come before the Interrupt step; everything else the action does (its
# actual targeting included) happens as it resolves, after that step.
_TO_THE_ACTION = re.compile(r"\bannounce[sd]?\b|\bchooses?\s+(?:the\s+|a\s+|its\s+)?targets?\b|\bis taken\b", re.I)


def final_step(item: Item, moment: Moment) -> str:
    """Where an item stands under the final rules (LF1-LF5)."""
    kind = item.kind
    if kind is Kind.INTERRUPT:
        # an Interrupt's "after a Personality is destroyed" waits, as a delayed effect, for the interrupted action's
        # effects (LF2); an Interrupt to the action itself is taken in its Interrupt step, before it resolves
        return "C" if moment.timing == "after" and not _TO_THE_ACTION.search(item.occurrence) else "I"
    # the words that act here: a delayed effect's own clause, not the rest of the ability that made it
    acting = " ".join(item.effects) if kind is Kind.DELAYED and item.effects else item.text
    if _INSTEAD.search(acting) and kind in (Kind.TRAIT, Kind.RULEBOOK, Kind.CONTINUOUS, Kind.DELAYED):
        return "B"
    return {Kind.NEGATE: "A", Kind.CONTINUOUS: "A", Kind.CONDITIONAL: "A", Kind.RULEBOOK: "C", Kind.DELAYED: "C",
            Kind.TRAIT: "C", Kind.REACTION: "F", Kind.GOLD: "gold", Kind.ADDITIONAL: "additional"}[kind]


def _place_final(items: list[Item], scenario: Scenario, result: Ordering) -> list[Placed]:
    """The final rules: Interrupts in their action's step, then timing conflicts A (delay, negation, prevention),
    B (substitution), C (every triggered thing, in the active player's order); Gold in the Pay Costs step (LF4);
    granted battles, phases and actions after the granting action (LF5)."""
    trace = result.trace
    who = "you" if scenario.active == "you" else "your opponent"
    by_step: OrderedDict[str, list[Item]] = OrderedDict((s, []) for s in ("I", "A", "B", "C", "F", "gold",
                                                                            "additional"))
    for item in items:
        by_step[final_step(item, scenario.moment)].append(item)
    placed: list[Placed] = []
    interrupts = opportunity_order(by_step["I"], scenario)
    for item, _ in interrupts:
        placed.append(Placed(item, "I", "rules", ["LF2", "L9"],
                             f"{FINAL_NAME['I']}: an action round that starts with the active player ({who}); it "
                             "happens before the action's effects, so before anything they trigger"))
    for step in ("A", "B", "C"):
        group = by_step[step]
        several = len(group) > 1
        for item in group:
            rules = ["LF1"] + (["L9"] if several else [])
            why = f"step {step}: {FINAL_NAME[step]}"
            if item.kind is Kind.INTERRUPT:
                why += ("; the Interrupt was taken in the action's Interrupt step, and its words refer to the "
                        "action's effects: this part waited, as a delayed effect, until they happened")
                rules.append("LF2")
            if several:
                why += f"; the active player ({who}) chose this place within the step, as listed"
            if item.kind is Kind.TRAIT:
                rules.append("L8")
                why += "; a triggered trait is not optional"
            placed.append(Placed(item, step, "active player" if several else "rules", rules, why))
    if by_step["F"]:
        trace.interpret(Interpretation("final-reactions", "LF3", "The final rules have no Reactions; a Reaction "
                                       "printed on an older card is placed as the 2008 Timing page places it, in an "
                                       "action round from the active player after everything triggered."))
    for item, why in opportunity_order(by_step["F"], scenario):
        placed.append(Placed(item, "F", "rules", ["LF3", "L9"], why))
    if by_step["gold"]:
        payer = "you" if scenario.payer == "you" else "your opponent"
        placed[0:0] = [Placed(i, "gold", "paying player", ["LF4"],
                              f"Gold for the cost is produced in the Pay Costs step, in the order the paying player "
                              f"({payer}) chooses") for i in by_step["gold"]]
    for item in by_step["additional"]:
        placed.append(Placed(item, "additional", "rules", ["LF5"],
                             "a granted battle, phase, segment or action waits until the action or trait that granted "
                             "it has ended"))
    return _finish(placed, result, "LF1", scenario.moment)


_SUBJECT = re.compile(r"^(.*?)\s+(?:is|are|was|were|would|will|has|have|\w+s)\b")
_GENERIC = re.compile(r"^(?:a|an|any|one|each|another|your|the|two|three|all|no|every)\b|s$", re.I)


def occurrence_key(item: Item) -> str | None:
    """Whose occurrence an item answers: a named card ("Akodo Kano is destroyed"), the item's own card ("this
    Follower", "he" on a card), or None for a trigger naming no particular card ("a Personality is destroyed")."""
    match = _SUBJECT.match(item.occurrence.strip()) if item.occurrence else None
    if match is None:
        return None
    subject = match.group(1).strip()
    if not subject or _GENERIC.search(subject):
        return None
    if re.match(rf"(?:(?:non-)?[A-Z][\w-]*\s+){{0,3}}?{TYPE_NOUN}(?:$|\s+(?!of\b))", subject):
        # "the next Personality enters play", "the next Personality you bring into play enters play" (a delayed
        # effect's "the next" taken off): any card of that type, which a named card of that type answers (blind
        # 53021 S24, 71021 #4)
        return None
    if re.fullmatch(r"(?:this|that)\s+(?:turn|battle|phase|game|duel|attack|[a-z]+ phase)", subject.lower()):
        return None  # "this turn ends" names a point of play every item shares, not the item's own card
    if subject.lower() in ("he", "she", "it", "they", "him", "her") or subject.lower().startswith(("this ", "that ")):
        return item.card.name if item.card is not None else None
    return subject if subject[:1].isupper() else None


def same_card(a: str, b: str) -> bool:
    """Two ways of naming one card ("Kachiko", "Bayushi Kachiko"): one's name words inside the other's."""
    wa, wb = set(normalize(a).split()), set(normalize(b).split())
    return bool(wa and wb) and (wa <= wb or wb <= wa)


def _occurrence_groups(items: list[Item], moment: Moment, result: Ordering) -> list[tuple[str, list[Item]]]:
    """One group per occurrence answered at once (L9, the Timing page's two Personalities destroyed together), in
    the order the moment names them (the active player's choice). An item answering a particular card's
    occurrence the moment does not name is set aside; when the moment names no particular card, items of
    different cards are grouped only with the assumption said."""
    keys = [occurrence_key(i) for i in items]
    named = list(moment_subjects(moment))
    kept_items: list[Item] = []
    kept_keys: list[str | None] = []
    for item, key in zip(items, keys, strict=True):
        if key is not None and named and not any(same_card(key, n) for n in named):
            why = (f"it answers “{item.occurrence}”, an occurrence this moment does not name; if it happens at the "
                   f"same time, name both in the moment (“{moment.timing} {named[0]} and {key} ...”)")
            result.skipped.append((item, why, ["L9", "L10"]))
            result.trace.add("L9", item.label, f"set aside: {why}")
            continue
        kept_items.append(item)
        kept_keys.append(next((n for n in named if key is not None and same_card(key, n)), key))
    order = named + [k for k in dict.fromkeys(kept_keys) if k is not None and k not in named]
    present = [k for k in order if k in kept_keys]
    if len(present) < 2:
        return [("", kept_items)]
    if len(named) < 2:
        result.trace.interpret(Interpretation(
            "simultaneous", "L9", f"The moment names {'only ' + named[0] if named else 'no particular card'}; the "
            f"items answer {len(present)} cards' occurrences ({', '.join(present)}), taken as happening at the same "
            "time, in the order listed."))
    groups: dict[str, list[Item]] = {k: [] for k in present}
    for item, key in zip(kept_items, kept_keys, strict=True):
        groups[key if key is not None else present[0]].append(item)
    if any(key is None for key in kept_keys):
        result.trace.interpret(Interpretation(
            "generic-group", "L9", f"Items naming no particular card are taken as answering {present[0]}'s "
                                   "occurrence (each answers one occurrence only, L8)."))
    return list(groups.items())


def _after_trigger(item: Item) -> str:
    """The words right after the item's trigger in its text (where an "if ..." condition of its start stands)."""
    text = (item.ability.rules_text if item.ability is not None else "") or item.text
    at = text.find(item.occurrence) if item.occurrence else -1
    return text[at + len(item.occurrence):] if at >= 0 else ""


def _assumed_words(cls: str, words: str) -> str:
    """How the first line names a condition taken to hold: the card's words, or what a reminder asks for."""
    reminder = re.match(r"(\w+) traits? do not take effect if you (went first)", words, re.I) if cls == "reminder" \
        else None
    if cls == "reminder" and words.startswith("Invest"):
        return "that its Invest cost is paid"
    if cls == "limit":
        return f"that its “{words}” is not used up yet"
    return f"that you did not go first ({reminder.group(1)})" if reminder else f"“{words}”"


def _courtesy_off(item: Item, scenario: Scenario, result: Ordering) -> bool:
    """A Courtesy continuous trait ("Courtesy traits do not take effect if you went first"): set aside when its
    controller went first (--went-first), else taken to be in effect, said aloud when nobody said who went first."""
    if item.kind not in (Kind.NEGATE, Kind.CONTINUOUS, Kind.CONDITIONAL) or not COURTESY_LABEL.match(item.text):
        return False
    who = "you" if item.controller == "you" else "your opponent"
    if scenario.went_first == item.controller:
        why = f"a Courtesy trait does not take effect if its player went first, and {who} went first"
        result.skipped.append((item, why, ["L12"]))
        result.trace.add("L12", item.label, f"set aside: {why}")
        return True
    if scenario.went_first is None:
        result.assumed.append(f"that {who} did not go first (Courtesy)")
        result.trace.interpret(Interpretation(f"courtesy-{item.label}", "L12", f"{item.label} is a Courtesy trait: "
                                              f"it is taken to be in effect, as {who} did not go first; say "
                                              "--went-first you|opponent."))
    return False


# A negation's own limits on which occurrence it negates: "his first bowing each turn", "by other players' cards".
NEGATION_LIMITS = ("count", "actor")


def _negation_limits_fail(item: Item, scenario: Scenario, result: Ordering) -> bool:
    """A negation limited to "the first ... each turn" or to "other players' cards" negates only that occurrence
    (L11, L12): True when the scenario (--times, --by) says this is not it; undecided limits are said aloud."""
    limits = tuple(c for c in trigger_conditions(item.text) if c.cls in NEGATION_LIMITS)
    if not limits:
        return False
    card_name = item.card.name if item.card is not None else ""
    verdict = judge(item.text, "", card_name, item.controller, scenario.moment, scenario.known, conditions=limits)
    if verdict.unmet:
        rules = ["L11"] if any(c.cls == "count" for c, _ in verdict.unmet) else ["L12"]
        why = "its own limits do not fit this occurrence, so it does not negate it: " + "; ".join(
            w for _, w in verdict.unmet)
        result.skipped.append((item, why, rules))
        result.trace.add(rules[0], item.label, f"set aside: {why}")
        return True
    for cond, why in verdict.met:
        result.trace.add("L11" if cond.cls == "count" else "L12", item.label, f"checked: {why}")
    if verdict.assumed:
        result.assumed += [_assumed_words(c.cls, c.words) for c, _ in verdict.assumed]
        result.trace.interpret(Interpretation(
            f"negation-limits-{item.label}", "L12", f"{item.label}: its limits that the moment and the scenario do "
            "not settle are taken to hold: " + "; ".join(w for _, w in verdict.assumed) + "."))
    return False


def _qualifier_fails(item: Item, scenario: Scenario, result: Ordering) -> bool:
    """A delayed effect's words narrowing what it waits for ("... of your action from another Strategy with a base
    Focus Value equal to the number"): checked against the moment's words (L12), or said aloud."""
    holds = qualifier_holds(item.qualifier, scenario.moment.occurrence)
    if holds is False:
        why = f"what it waits for must be “{item.qualifier}”, and this moment's words say it is not"
        result.skipped.append((item, why, ["L12"]))
        result.trace.add("L12", item.label, f"set aside: {why}")
        return True
    if holds:
        result.trace.add("L12", item.label, f"checked: “{item.qualifier}”: the moment says so")
        return False
    result.assumed.append(f"“{item.qualifier}”")
    result.trace.interpret(Interpretation(
        f"qualifier-{item.label}", "L12", f"{item.label}: it waits only for an occurrence “{item.qualifier}”; the "
        "moment's words do not say, so it is taken to meet it (if it does not, the delayed effect does not act "
        "here and keeps waiting)."))
    return False


def _conditions_fail(item: Item, scenario: Scenario, result: Ordering) -> bool:
    """The conditions written into the item's trigger (L12; which occurrence: L11): True when one fails (the item is
    set aside with the reason); the ones that hold are traced, the ones nothing decides are said aloud."""
    if _courtesy_off(item, scenario, result):
        return True
    if item.kind is Kind.NEGATE and _negation_limits_fail(item, scenario, result):
        return True
    if not item.occurrence or item.kind in (Kind.NEGATE, Kind.CONTINUOUS, Kind.CONDITIONAL, Kind.ADDITIONAL):
        return False
    if item.qualifier and _qualifier_fails(item, scenario, result):
        return True
    card_name = item.card.name if item.card is not None else ""
    verdict = judge(item.occurrence, _after_trigger(item), card_name, item.controller, scenario.moment,
                    scenario.known, full=item.text)
    trace = result.trace
    if verdict.unmet:
        rules = ["L11"] if any(c.cls == "count" for c, _ in verdict.unmet) else ["L12"]
        why = "its trigger's own words do not fit this moment: " + "; ".join(w for _, w in verdict.unmet)
        result.skipped.append((item, why, rules))
        trace.add(rules[0], item.label, f"set aside: {why}")
        return True
    for cond, why in verdict.met:
        trace.add("L11" if cond.cls == "count" else "L12", item.label, f"checked: {why}")
    if verdict.assumed:
        result.assumed += [_assumed_words(c.cls, c.words) for c, _ in verdict.assumed if c.cls not in ("self", "kind")]
        trace.interpret(Interpretation(
            f"conditions-{item.label}", "L12", f"{item.label}: its trigger's conditions that the moment and the "
            "scenario do not settle are taken to hold: " + "; ".join(w for _, w in verdict.assumed) + "."))
    return False


def resolve(scenario: Scenario, items: list[Item]) -> Ordering:
    result = Ordering()
    trace, moment = result.trace, scenario.moment
    who = "you" if scenario.active == "you" else "your opponent"
    if scenario.between_turns:
        trace.add("L9", "between turns", f"between turns, the player who takes the next turn ({who}) is active")
    elif not scenario.active_given:
        trace.interpret(Interpretation("active-default", "L9", "No active player given: you are taken as the active "
                                       "player."))
    if moment.timing == "when" and moment.would:
        trace.interpret(Interpretation("when-would", "L4", f"“{moment.text}” is the point after the player has "
                                       "indicated the choice and before it takes effect (L4, case 2): an effect "
                                       "there can still change the choice."))
    seen_copies: set[tuple[str, int]] = set()
    live: list[Item] = []
    for item in items:
        for note in item.notes:
            trace.interpret(note)
        reason = _mismatch(item, moment, items)
        if reason is not None:
            result.skipped.append((item, reason[0], reason[1]))
            trace.add(reason[1][0] if reason[1] else None, item.label, f"set aside: {reason[0]}")
            continue
        if _conditions_fail(item, scenario, result):
            continue
        if item.card is not None and item.ability is not None and item.kind in (Kind.TRAIT, Kind.REACTION,
                                                                                 Kind.INTERRUPT):
            key = (item.card.name, item.ability.index)
            if key in seen_copies:
                why = ("the same copy of a card cannot use the same Reaction or trait twice on one occurrence; "
                       "list another copy's effect as KIND:TEXT")
                if "Repeatable" in item.ability.header:
                    why = ("“Repeatable” lets this copy use it again, but on a later occurrence (each use is its own "
                           "action): it still cannot answer this one occurrence twice; ask about the next "
                           "occurrence for the second use")
                result.skipped.append((item, why, ["L8"]))
                trace.add("L8", item.label, f"set aside: {why}")
                continue
            seen_copies.add(key)
        note = _occurrence_note(item, moment)
        if note is not None:
            trace.interpret(note)
        live.append(item)

    groups = _occurrence_groups(live, moment, result)
    kept: list[Placed] = []
    if len(groups) > 1:
        names = ", ".join(f"“{label}”" for label, _ in groups)
        trace.add("L9", "several occurrences", f"these items answer {len(groups)} occurrences at once ({names}); "
                  f"the active player ({who}) picks whose effects come first, as listed, and each occurrence's "
                  "items go through steps A-F in turn")
    place = _place_final if scenario.version == "20f" else _place
    for label, members in groups:
        placed = place(members, scenario, result)
        if len(groups) > 1:
            for p in placed:
                p.chosen_by = "active player"
                if "L9" not in p.rules:
                    p.rules.append("L9")
                p.why += f"; for the occurrence “{label}”, placed where the active player ({who}) put it"
        kept += placed
    # A granted battle, phase or segment waits for everything else (LD5), whichever occurrence granted it.
    kept = [p for p in kept if p.step != "additional"] + [p for p in kept if p.step == "additional"]

    for position, p in enumerate(kept, start=1):
        p.position = position
        trace.add(p.rules[0], p.item.label, f"{position}. {p.why}")
    result.placed = kept
    return result
