"""Checking a trigger's own conditions (engine.rulesets.l5r.conditions) against the moment and the scenario.

Each condition is checked from, in turn: the moment's own words (read from the asker's side), the scenario's inputs
(--active, --by, --times, --phase) and the cards the moment names (their type and keywords). A condition that holds
is a trace line; one that fails sets the item aside with its reason; one that nothing decides is taken to hold and
said aloud as an assumption, so no condition is ever decided silently (L12, L11 for "the first time ...").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.rulesets.l5r.conditions import Condition, trigger_conditions
from engine.rulesets.l5r.moment import Moment, stems

ORDINAL = {"1": "first", "2": "second", "3": "third"}
PHASES = ("straighten", "events", "action", "attack", "battle", "duel", "dynasty", "end")
# What a phase condition accepts: a battle happens inside the Attack Phase, so "during the Attack Phase" holds there.
_ACCEPTS = {"attack": {"attack", "battle"}, "battle": {"battle"}}
# A Courtesy reminder: "(Courtesy traits do not take effect if you went first.)", "(Courtesy does not take ...)"
COURTESY = re.compile(r"\b(?:traits?|abilit(?:y|ies)|Courtesy) (?:do|does) not take effect if you went first\b", re.I)
# A Courtesy-labelled trait: "Courtesy: Abilities on Fujigawa's Spells have Unstoppable." (with its reminder or not)
# A Courtesy trait, or a Stronghold's "(When going second, you get +1PS ...)": neither takes effect for the player who
# went first.
COURTESY_LABEL = re.compile(r"^\s*(?:Courtesy:\s|\(?When going second\b)")
_RULES_ACTOR = re.compile(r"\bbattle resolution\b|\bby the rules\b|\brulebook\b|\bthe rules\b", re.I)
_TRAIT_ACTOR = re.compile(r"\b(?:triggered\s+)?traits?\b", re.I)
_MOMENT_COUNT = re.compile(r"\b(?:for\s+)?the\s+(first|second|third)\s+time\b", re.I)
_MOMENT_PHASE = re.compile(r"\b(?:during|in)\s+(?:a\s+|the\s+|this\s+)?(battle|duel|Combat Segment|Engage Segment|"
                           r"(?:Straighten|Events?|Action|Attack|Dynasty|End)\s+Phase)\b", re.I)


@dataclass(frozen=True)
class Known:
    """What the scenario says beside the moment's words."""

    active: str = "you"
    active_given: bool = False
    by: str | None = None                     # whose action, card or effect made the occurrence happen
    times: int | None = None                  # which time this turn it happens (1 = the first)
    phase: str | None = None                  # the phase or period the moment falls in
    subjects: dict[str, tuple[str, str]] = field(default_factory=dict)  # a named card: (type, keywords)
    went_first: str | None = None             # who went first this game (Courtesy traits: --went-first)
    used: str | None = None                   # whose "once per ..." abilities were already used (--used)


@dataclass
class Verdict:
    met: list[tuple[Condition, str]] = field(default_factory=list)
    unmet: list[tuple[Condition, str]] = field(default_factory=list)
    assumed: list[tuple[Condition, str]] = field(default_factory=list)


def _other(player: str) -> str:
    return "opponent" if player == "you" else "you"


def _name(player: str) -> str:
    return "you" if player == "you" else "your opponent"


def _possessive(player: str) -> str:
    return "your" if player == "you" else "your opponent's"


def _player(side: str, controller: str) -> str | None:
    return controller if side == "own" else _other(controller) if side == "other" else None


def _moment_phase(moment: Moment) -> str | None:
    match = _MOMENT_PHASE.search(moment.occurrence)
    if match is None:
        return None
    phase = match.group(1).lower()
    return "battle" if phase in ("combat segment", "engage segment") else phase.replace(" phase", "").rstrip("s") \
        if phase != "events phase" else "events"


def _check(cond: Condition, controller: str, card_name: str, moment: Moment, known: Known,
           said: tuple[Condition, ...], occurrence: str = "") -> tuple[str, str]:
    """("met" | "unmet" | "assumed", why) for one condition of an item controlled by `controller`."""
    words = f"“{cond.words}”"
    if cond.cls == "turn":
        need = _player(cond.value, controller)
        if need is None:
            return "assumed", f"{words}: it is that card's controller's turn"
        from_moment = next((c for c in said if c.cls == "turn" and c.value in ("own", "other")), None)
        if from_moment is not None:
            now = "you" if from_moment.value == "own" else "opponent"
            source = f"the moment says “{from_moment.words}”"
        elif known.active_given:
            now, source = known.active, f"{_name(known.active)} {'are' if known.active == 'you' else 'is'} the " \
                                        "active player"
        else:
            now = known.active
            if now == need:
                return "assumed", f"{words}: it is {_possessive(need)} turn (you are taken as the active player, as " \
                                  "none was given)"
            return "unmet", (f"{words} needs {_possessive(need)} turn, and you are taken as the active player (none "
                             f"was given; say --active {'opponent' if need == 'opponent' else 'you'} if it is "
                             f"{_possessive(need)} turn)")
        if now == need:
            return "met", f"{words}: it is {_possessive(need)} turn ({source})"
        return "unmet", f"{words} needs {_possessive(need)} turn, but it is {_possessive(now)} turn ({source})"
    if cond.cls == "phase":
        now = known.phase or _moment_phase(moment)
        if now is None:
            return "assumed", f"{words}: the moment falls {cond.words}"
        accepted = _ACCEPTS.get(cond.value, {cond.value})
        if now in accepted:
            return "met", f"{words}: the moment falls in the {now} {'phase' if now not in ('battle', 'duel') else ''}" \
                          .rstrip()
        return "unmet", f"{words} needs the {cond.value}, but the moment falls in the {now}"
    if cond.cls == "count":
        said_count = _MOMENT_COUNT.search(moment.occurrence)
        times = known.times if known.times is not None else (
            int({"first": 1, "second": 2, "third": 3}[said_count.group(1).lower()]) if said_count else None)
        period = f" {'each ' + cond.period if cond.period else 'while it is in play'}"
        if times is None:
            return "assumed", f"{words}: this is the {ORDINAL[cond.value]} time{period} that it happens (say " \
                              "--times N for another)"
        if str(times) == cond.value:
            return "met", f"{words}: this is the {ORDINAL[cond.value]} time{period}"
        nth = ORDINAL.get(str(times), f"{times}th")
        return "unmet", f"{words}: it answers only the {ORDINAL[cond.value]} time{period}, and this is the {nth}"
    if cond.cls == "actor":
        if _RULES_ACTOR.search(moment.occurrence) and cond.what != "player" and not _RULES_ACTOR.search(occurrence):
            return "unmet", f"{words} needs a player's {cond.what}, but the moment is the rules' own (battle " \
                            "resolution)"
        if "action" in cond.what.lower() and _TRAIT_ACTOR.search(moment.occurrence) \
                and not re.search(r"\baction\b", moment.occurrence, re.I):
            return "unmet", f"{words} needs an action, but the moment names a trait"
        need = _player(cond.value, controller)
        if need is None:
            return "met", f"{words}: any player's will do"
        # like with like: a player doing it ("you gain Honor") against the moment's player, a player's action, card
        # or effect ("another player's action") against the moment's action, card or effect, or --by
        said_actor = next((c for c in said if c.cls == "actor" and c.value in ("own", "other")
                           and (c.what == "player") == (cond.what == "player")), None)
        if said_actor is not None:
            now, source = ("you" if said_actor.value == "own" else "opponent"), f"the moment says “{said_actor.words}”"
        elif known.by is not None and cond.what != "player":
            now, source = known.by, "as given with --by"
        else:
            what = "player" if cond.what == "player" else cond.what
            doer = f"{_name(need)} {'do' if need == 'you' else 'does'} it" if what == "player" else \
                f"{_possessive(need)} {what} makes it happen"
            return "assumed", f"{words}: {doer} (say --by you|opponent for whose it was)"
        if cond.what == "player":
            doer = f"{_name(now)} {'do' if now == 'you' else 'does'} it"
            if now == need:
                return "met", f"{words}: {doer} ({source})"
            return "unmet", f"{words} means {_name(need)}, but {doer} ({source})"
        if now == need:
            return "met", f"{words}: it is {_possessive(now)} {cond.what} ({source})"
        return "unmet", f"{words} needs {_possessive(need)} {cond.what}, but it is {_possessive(now)} ({source})"
    if cond.cls == "owner":
        need = _player(cond.value, controller)
        said_owner = next((c for c in said if c.cls == "owner" and c.value in ("own", "other")), None)
        if need is None:
            return "met", f"{words}: anyone's will do"
        if said_owner is None:
            return "assumed", f"{words}: it happens to {_possessive(need)} card"
        now = "you" if said_owner.value == "own" else "opponent"
        if now == need:
            return "met", f"{words}: it happens to {_possessive(now)} card (the moment says “{said_owner.words}”)"
        return "unmet", f"{words} needs {_possessive(need)} card, but the moment says “{said_owner.words}”"
    if cond.cls == "kind":
        wanted = set(cond.what.split())
        named = {t for t, _ in known.subjects.values() if t}
        said_kinds = {t for c in said if c.cls == "kind" for t in c.what.split()} | named
        if not said_kinds:
            return "assumed", f"{words}: the card it happens to is {' or '.join(sorted(wanted))}"
        if wanted & said_kinds:
            return "met", f"{words}: the moment is about {' or '.join(sorted(wanted & said_kinds))}"
        return "unmet", f"{words} needs {' or '.join(sorted(wanted))}, but the moment is about " \
                        f"{' or '.join(sorted(said_kinds))}"
    if cond.cls == "self":
        if known.subjects or any(c.cls == "self" for c in said):
            return "met", f"{words}: the moment names it"
        return "assumed", f"{words}: the occurrence is {card_name or 'this card'}'s own"
    if cond.cls == "keyword":
        options = [w.strip() for w in cond.what.split("|") if w.strip()]
        text = moment.occurrence.lower()
        for option in options:
            bare = option[4:] if option.lower().startswith("non-") else option
            if option.lower().startswith("non-") and re.search(rf"\b{re.escape(bare.lower())}\b", text) \
                    and f"non-{bare.lower()}" not in text:
                return "unmet", f"{words} excludes {bare}, and the moment names {bare}"
            if re.search(rf"\b{re.escape(option.lower())}\b", text):
                return "met", f"{words}: the moment says {option}"
        for name, (_, keywords) in known.subjects.items():
            if any(re.search(rf"\b{re.escape(o.lower())}\b", keywords.lower()) for o in options):
                return "met", f"{words}: {name} has it"
        return "assumed", f"{words}: the card in question has it"
    if cond.cls == "reminder" and COURTESY.search(cond.words):
        if known.went_first is None:
            return "assumed", f"“{cond.words}”: {_name(controller)} did not go first (say --went-first you|opponent)"
        if known.went_first == controller:
            return "unmet", f"“{cond.words}”: {_name(controller)} went first, so it does not take effect"
        return "met", f"“{cond.words}”: {_name(controller)} did not go first (as given)"
    if cond.cls == "limit":
        if known.used == controller:
            return "unmet", f"{words}: it was already used up this {cond.period} (as given), so it does not act again"
        said_count = _MOMENT_COUNT.search(moment.occurrence)
        times = known.times if known.times is not None else (
            int({"first": 1, "second": 2, "third": 3}[said_count.group(1).lower()]) if said_count else None)
        uses = int(cond.value or "1")
        if cond.period != "turn" or times is None:
            return "assumed", f"{words}: it is not used up yet this {cond.period} (say --used {controller} if it is)"
        if times <= uses:
            return "met", f"{words}: this is the {ORDINAL.get(str(times), f'{times}th')} time this turn it happens, " \
                          "so it is not used up yet"
        nth = ORDINAL.get(str(times), f"{times}th")
        if cond.what != "may":
            return "unmet", f"{words}: this is the {nth} time this turn; it is not optional, so it was used at each " \
                            "earlier time and cannot be used again this turn"
        return "assumed", f"{words}: this is the {nth} time this turn; it acts only if it was not used up at the " \
                          f"earlier times this turn, and it is taken as not used up (say --used {controller} if it " \
                          "was: then it does not act)"
    if cond.cls == "reminder":
        return "assumed", f"“{cond.words}”: it takes effect here (say so if not)"
    # qualifier, if: checked only when the moment says the same words
    if stems(cond.words) and stems(cond.words) <= stems(moment.occurrence):
        return "met", f"{words}: the moment says so"
    return "assumed", f"{words} holds"


# Words saying a qualifier fails ("with a base Focus Value of 2, not the number named", "a different Focus Value").
_QUALIFIER_FAILS = re.compile(r"\b(?:not|no|never|different|differs?|other than|unequal|mismatch\w*|isn't|doesn't|"
                              r"does not|is not|wrong)\b", re.I)
_QUALIFIER_STOP = frozenset({"with", "a", "an", "the", "to", "of", "that", "which", "its", "his", "her", "their"})


def qualifier_holds(qualifier: str, given: str) -> bool | None:
    """Whether an occurrence given meets the qualifier of the event a delayed effect waits for ("with a base Focus
    Value equal to the number"): True when its words say all of it, False when they name it and say it fails, None
    when they do not say (then it is taken to hold, aloud)."""
    wanted = stems(" ".join(w for w in qualifier.split() if w.lower() not in _QUALIFIER_STOP))
    said = stems(given)
    if not wanted or not wanted & said:
        return None
    if _QUALIFIER_FAILS.search(given):
        return False
    # all its words but one descriptive word ("base") said: it is met
    return True if len(wanted - said) <= (1 if len(wanted) > 3 else 0) else None


def judge(occurrence: str, after: str, card_name: str, controller: str, moment: Moment, known: Known,
          conditions: tuple[Condition, ...] | None = None, full: str = "") -> Verdict:
    """Every condition of one item's trigger, checked, failed or assumed."""
    verdict = Verdict()
    said = trigger_conditions(moment.occurrence)
    for cond in conditions if conditions is not None else trigger_conditions(occurrence, after, card_name, full):
        status, why = _check(cond, controller, card_name, moment, known, said, occurrence)
        getattr(verdict, status).append((cond, why))
    return verdict
