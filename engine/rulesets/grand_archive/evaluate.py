"""Which continuous effects reach which object, their status after the events, and the order they apply in.

The scenario is walked moment by moment (a moment's position is its timestamp). Then, per object: every
effect whose set could hold it (GA1/GA2 decide whether it does), its status after the last event (GA3, GA4,
GA11, GA12), and the application order: layer (GA5), then dependency (GA10, current rules only), then
timestamp (GA6, GA7); exclusive effects on one property: newest wins (GA8).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.cards import Annotation, Card
from engine.interface import QuestionError
from engine.names import fold
from engine.plain_words import cut, quoted
from engine.rulesets.grand_archive import interpretations as notes
from engine.rulesets.grand_archive.annotations import annotated_reading
from engine.rulesets.grand_archive.cardinfo import is_permanent, paragraphs_of, short_names, subtypes_of, types_of
from engine.rulesets.grand_archive.effects import (
    LAYERS,
    ZONE_WORDS,
    ZONES,
    Form,
    Kind,
    Origin,
    Paragraph,
    ReadEffect,
    SetSpec,
)
from engine.rulesets.grand_archive.net import Change, counter_changes, net_json
from engine.rulesets.grand_archive.reading import COPY_MADE, KEYWORDS, read_granted
from engine.rulesets.grand_archive.scenario import EffectSpec, EventSpec, Moment, ObjectSpec
from engine.trace import Interpretation

Lookup = Callable[[str], Card]
AnnotationsOf = Callable[[Card], tuple[Annotation, ...]]


@dataclass
class Obj:
    id: int
    text: str                    # as written (or the card's name for an effect's source)
    card: Card | None
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    zone: str
    controller: str
    entered: int
    asked: bool                  # written with --object
    left: int | None = None
    lineage: list[tuple[Card, int]] = field(default_factory=list)  # champion: (card, timestamp entering lineage)
    counters: dict[str, int] = field(default_factory=dict)          # written with the object: ally[buff=2]
    being_activated: bool = False   # a card whose own cost rule is asked about (it is being activated)
    summoned_by: str = ""           # a token the effect's own resolution summoned first
    made: str = ""                  # token | returned: what that resolution made ("It gains ..." reaches it)
    element: str = ""               # written with a kind ("ally:wind"); else unknown (the card data has none)
    written: int = -1               # its place among the moments as typed ("#1" is the first object written)
    implicit: str = ""              # put there by an effect's own words ("this attack" of an On Attack ability)
    counters_gone: dict[str, int] = field(default_factory=dict)  # written counters lost when it left the field
    renewed: str = ""               # "banished and returned by Sylph's Envelopment": a new object since then
    levelled: int = 0               # level-ups into a card not named, added to a written level

    def describe(self) -> str:
        if self.card is not None:
            where = "" if self.zone == "field" else f" in {'your' if self.controller == 'you' else 'an opponent’s'} " \
                                                    f"{ZONE_WORDS.get(self.zone, self.zone)}"
            return f"{self.card.name}{where}"
        # "a shadow token", "an automaton ally", "a phantasia ally": a type written before another comes first
        words = [*sorted(self.subtypes), *sorted(self.types, key=lambda t: (t != "phantasia", t))]
        if "token" in self.supertypes:
            words.append("token")
        elif not self.types:
            words.append("card")
        kinds, token = " ".join(words), ""
        owner = "you control" if self.controller == "you" else "an opponent controls"
        if self.zone != "field":
            whose = "your" if self.controller == "you" else "an opponent’s"
            owner = f"in {whose} {ZONE_WORDS.get(self.zone, self.zone)}"
        phrase = f"{token}{kinds}"
        return f"{'an' if phrase[:1] in 'aeiou' else 'a'} {phrase} {owner}"


@dataclass
class Instance:
    """One effect of the scenario: a read effect of a card, started at one moment."""

    id: int
    label: str
    card: Card
    read: ReadEffect
    moment: int                  # when it was written (the card entered / resolved / the event happened)
    timestamp: int               # GA7 / GA9
    controller: str
    turn: int                    # the turn it started in (0: the first turn, yours)
    source: Obj | None = None
    target: Obj | None = None
    captured: frozenset[int] = frozenset()  # one-shot: ids of the objects in its set when it resolved (GA1)
    status: str = "active"
    ends_on: str = ""
    status_why: str = ""
    status_rules: list[str] = field(default_factory=list)
    started_turn: int | None = None      # during-next-turn: the turn it starts
    condition_on: bool = True
    condition_given: bool = False        # a condition event said whether it holds (else it is assumed)
    event: str = ""                      # an effect made by an event (loses-abilities)
    assumed_not: str = ""                # "If that ally is a Shenju": the target was not written as one
    requires_open: str | None = None     # the part of its requirement still assumed when the target decided the rest
    misfit: str = ""                     # a mode's target could not be found: why (that mode is then not chosen)

    condition_open: str | None = None    # the part of its condition still assumed when a count decided the rest
    by_control: str = ""                 # "as long as you control an Animal or Beast ally", decided by an object

    @property
    def assumed_requires(self) -> str:
        """The requirement the answer still assumes (all of it unless the target decided part of it)."""
        return self.read.requires if self.requires_open is None else self.requires_open

    @property
    def assumed_condition(self) -> str:
        """The condition the answer still assumes (all of it unless a given count decided part of it)."""
        return self.read.condition if self.condition_open is None else self.condition_open
    granted_by: str = ""                 # a static ability an object gained in quotes: the grant's label
    level_told: bool = False             # "[Level 5+]" decided by the champion's level in the scenario


_CLASS_GATED = re.compile(r"\s*(?:\[[^\]]+\]\s*)*\[Class Bonus\]")
# The classes of Grand Archive (KW Class Bonus); the card data writes them among a card's subtypes.
CLASSES = frozenset({"assassin", "cleric", "guardian", "mage", "ranger", "tamer", "warrior"})


def _class_words(classes: frozenset[str]) -> str:
    names = [c.capitalize() for c in sorted(classes)]
    return "a " + " and ".join(names) if names[0][0] not in "AEIOU" else "an " + " and ".join(names)


@dataclass
class Reach:
    """How one instance relates to one object."""

    inst: Instance
    applies: bool
    why: str
    rules: list[str]
    short: str = ""   # why not, in a few players' words (the answer's summary)
    assumed: str = ""  # the card type taken for an object written without one ("phantasia ally")


@dataclass
class Placed:
    inst: Instance
    reason: str
    chosen: str = ""   # a replacement of this event among others: their order is the affected player's choice (GA17)


@dataclass
class ObjectAnswer:
    obj: Obj
    reaches: list[Reach]
    order: list[Placed]
    result: dict[str, object]
    net: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class OneTime:
    """A card (or paragraph) asked about whose text only does things at once: it makes no continuous effect (GA16).
    `how` says when it happens: "resolves" (an action or attack), "triggers", "is activated" or "is used"."""

    card: str
    labels: tuple[str, ...]
    words: str                   # the text it does at once (the first paragraph of it that is not keywords alone)
    how: str
    permanent: bool
    keywords: tuple[str, ...] = ()  # keyword paragraphs it has ("Floating Memory"): said as what they are
    champion: bool = False
    later: tuple[str, str] = ("", "")  # a delayed part: (when, what) "the beginning of the next end phase"
    exalted: bool = False  # "(Exalted — This element is enabled for you as long as ...)": said, not one-time
    instead: list[Instead] = field(default_factory=list)  # "If that unit has stealth, deal 4 damage to it instead."
    target: Obj | None = None  # the target named (or the only unit there), for deciding an "instead"
    apart: bool = False  # one-time words of a card that also has lasting effects (said beside them)
    cost: str = ""  # "activating it costs (3): (5) less 1 for each of the 2 domains you control"
    cost_text: str = ""  # the paragraph its cost rule is in (an "as long as" there is decided by condition events)
    class_gate: str = ""  # "[Class Bonus] Gather": the words of it that happen only if [Class Bonus] holds
    class_all: bool = False  # every paragraph asked is under [Class Bonus]
    controller: str = "you"
    class_met: bool | None = None  # decided by the champion's class in the scenario; None: not given (assumed)
    class_why: str = ""
    classes: frozenset[str] = frozenset()  # the card's own classes (its subtypes in the card data)
    class_given: bool = False  # decided by condition-true/false:CARD[#N] (before the champion's class)
    exalted_given: tuple[bool, int] | None = None  # Exalted's "as long as" said to hold or not, and from when


@dataclass
class Instead:
    """"If that unit has stealth, deal 4 damage to it instead": what a one-time text does in place of its first
    words when its requirement holds as it resolves. `met` is None while the question does not decide it."""

    requires: str      # "that unit has stealth"
    words: str         # "deal 4 damage to it"
    met: bool | None = None
    why: str = ""      # "Lurking Assailant has stealth (from Lurking Assailant)"


@dataclass
class Verdict:
    moments: list[str]
    objects: list[ObjectAnswer]
    order: list[Placed]
    instances: list[Instance]
    interpretations: list[Interpretation]
    rules: list[str]
    version: str
    turn: int
    annotations: list[tuple[str, str, str, str]] = field(default_factory=list)  # (card, part, field, value) used
    unread: list[tuple[str, str, str]] = field(default_factory=list)  # (card, paragraph, sentence) not read
    one_time: list[OneTime] = field(default_factory=list)  # cards asked about that make no continuous effect
    said_first: list[str] = field(default_factory=list)  # what the answer took about the scenario's order (said)


def _player_of_turn(turn: int) -> str:
    return "you" if turn % 2 == 0 else "opponent"


class Evaluator:
    def __init__(self, lookup: Lookup, annotations_of: AnnotationsOf, version: str,
                 counts: dict[str, int] | None = None) -> None:
        self.counts = dict(counts or {})
        self.counts_used: set[str] = set()
        self.lookup = lookup
        self.annotations_of = annotations_of
        self.version = version
        self.objects: list[Obj] = []
        self.instances: list[Instance] = []
        self.notes: list[Interpretation] = []
        self.rules: list[str] = []
        self.turn = 0
        self.opponent_start = False  # "Activate this card only during an opponent's turn": the scenario starts there
        self.skipped_end: bool = False
        self.labels: list[str] = []
        self.annotation_keys: list[tuple[str, str, str, str]] = []
        self.unread: list[tuple[str, str, str]] = []
        self.assumed_kinds: dict[tuple[int, int], str] = {}  # (instance, object): the type taken for it
        self.put_on: dict[int, list[str]] = {}  # object id: the counters effects put on it ("2 buff counters")
        self.placed: dict[int, dict[str, int]] = {}  # object id: counters effects put on it, by kind (counted)
        self.statless: dict[int, list[str]] = {}  # object id: stats its counters cannot give it (an item's power)
        self.cancelled: dict[int, int] = {}  # object id: buff and debuff counters that removed each other
        self.x_taken: dict[int, list[str]] = {}  # object id: how many counters an X placement was taken to put
        self.one_time: list[OneTime] = []  # cards (or paragraphs) asked about whose text happens at once (GA16)
        self.watched_by: dict[int, dict[str, str]] = {}  # object id: watcher card -> counters it put as it entered
        self.instead_targets: list[ObjectAnswer] = []  # a one-time card's target, for its "... instead"
        self.at = 0  # the moment being walked (its place as typed)
        self.said_first: list[str] = []  # readings of the scenario's order the first line says
        self.pride_given: dict[str, tuple[bool, int]] = {}  # card: (its champion's level meets its pride, moment)

    # --- helpers -----------------------------------------------------------------------------------------
    def note(self, interp: Interpretation) -> None:
        if interp not in self.notes:
            self.notes.append(interp)

    def cite(self, *rules: str) -> None:
        for r in rules:
            if r not in self.rules:
                self.rules.append(r)

    def _new_object(self, text: str, card: Card | None, t: int, asked: bool, spec: ObjectSpec | None = None,
                    controller: str = "you") -> Obj:
        if card is not None:
            types, subs = types_of(card), subtypes_of(card)
            supers = types & {"token", "unique", "regalia"}
            zone = spec.zone if spec else "field"
            controller = spec.controller if spec else controller
        else:
            assert spec is not None
            types, subs, supers, zone, controller = (spec.types, spec.subtypes, spec.supertypes, spec.zone,
                                                     spec.controller)
        obj = Obj(len(self.objects) + 1, text, card, frozenset(types), frozenset(subs), frozenset(supers), zone,
                  controller, t, asked, counters=dict(spec.counters) if spec else {},
                  element=spec.element if spec else "")
        if card is not None and "champion" in types:
            obj.lineage.append((card, t))
        self.objects.append(obj)
        return obj

    def _in_set(self, spec: SetSpec, obj: Obj, inst: Instance) -> tuple[bool, str]:
        """Whether the object fits the set's words (type, subtype, zone, controller), and why not."""
        if spec.self_only:
            return (obj is inst.source, "it is not the card itself") if inst.source else (False, "no such object")
        if spec.made:  # "Summon a Fledgling token ... It gains intercept": the object that resolution made
            return (obj.summoned_by == inst.card.name and obj.entered == inst.moment and obj.made == spec.made,
                    f"it is not {spec.text}, made as {inst.card.name} resolved")
        if spec.other and obj is inst.source:
            return False, "it is the effect's own source, and the effect covers other objects only"
        if spec.target:
            if inst.target is None:
                return False, "the effect has no target"
            if spec.attacks_of and obj is inst.target and "attack" not in obj.types:
                return False, "it changes the attacks this unit makes, not the unit itself (to see an attack's " \
                              "power, name that attack as the target: --object attack ... -> ATTACK)"
            if spec.attacks_of and obj is not inst.target and "attack" in obj.types \
                    and "attack" not in inst.target.types:
                return self._attack_of_target(inst, obj)
            return (obj is inst.target, f"it is not the effect's target ({inst.target.describe()})")
        if spec.named:  # "your Fractured Memories": the object of that name its controller controls
            names = {n.lower() for n in short_names(obj.card)} if obj.card is not None else set()
            if spec.named.lower() not in names:
                return False, f"it is not {spec.named}"
        ok, why = self._kind_fits(spec, obj)
        if not ok:
            return ok, why
        needed = next((w.split()[0] for w in spec.unchecked if re.fullmatch(r"[a-z]+ element", w)), "")
        if needed and obj.element and obj.element != needed:  # "Wind allies you control" and an "ally:fire"
            return False, f"it is {obj.element} element; the set needs {needed} element"
        if why:  # an object written without its card type, taken to be what the set needs
            self.assumed_kinds[(inst.id, obj.id)] = why
        for name, n in spec.counters:
            have = obj.counters.get(name, 0)
            if have < n:
                return False, f"it has {have or 'no'} {name} counter{'s' if have != 1 else ''} on it; the set needs " \
                              f"{n} or more"
        if spec.played or (inst.read.prop == "cost" and not spec.self_only and spec.zone == "field"):
            # a cost change to a set of cards reaches them as they are played: from hand, memory, material deck ...
            verb = "materialized" if spec.played == "materialize" else "activated"
            zones = {"material"} if spec.played == "materialize" else (
                {spec.zone} if spec.zone not in ("hand", "field") else set(ZONES) - {"field", "lineage", "material"})
            if verb == "activated" and self._activated_card(obj):
                return self._activated_after(spec, obj, inst)
            if verb == "activated" and self._activated_next(spec, obj, inst):
                ok, why = self._controller_fits(spec, obj, inst)
                if ok:
                    self.note(notes.activated_next(inst.label, obj.describe(), spec.text))
                return ok, why
            if obj.zone not in zones:
                where = "on the field" if obj.zone == "field" else f"in the {ZONE_WORDS.get(obj.zone, obj.zone)}"
                return False, f"it is {where}; the effect covers cards as they are {verb} " \
                              f"({' or '.join(ZONE_WORDS.get(z, z) for z in sorted(zones))})"
        elif spec.zone != obj.zone:
            return False, f"it is {'on the field' if obj.zone == 'field' else 'in ' + obj.zone}; the effect covers " \
                          f"{'the field' if spec.zone == 'field' else spec.zone + 's'}"
        return self._controller_fits(spec, obj, inst)

    @staticmethod
    def _activated_card(obj: Obj) -> bool:
        """An attack or action written with no zone ("attack:polearm"): such a card is never on the field (it is
        activated onto the intent and resolves), so it is the card as it is activated at the moment written."""
        return (obj.zone == "field" and bool(obj.types & {"attack", "action"}) and "@" not in obj.text
                and not obj.implicit and not obj.being_activated)

    @staticmethod
    def _activated_next(spec: SetSpec, obj: Obj, inst: Instance) -> bool:
        """An ally, item, weapon or card written with no zone right after "the next ... card you activate this turn":
        the scenario names the card that effect waits for, so it is that card as it is activated (said aloud; a card
        that came onto the field another way is written with @field)."""
        return (spec.next_only and obj.zone == "field" and "@" not in obj.text and not obj.implicit
                and not obj.being_activated and obj.entered > inst.moment and not obj.made
                and not (obj.types & {"champion", "token"}) and "token" not in obj.supertypes
                and "regalia" not in obj.supertypes)

    def _activated_after(self, spec: SetSpec, obj: Obj, inst: Instance) -> tuple[bool, str]:
        """"Polearm attack cards you activate enter the intent with +2 power": an attack written after the effect
        started is activated under it; one written before was activated before it existed."""
        if obj.entered <= inst.moment:
            return False, f"it was activated before {inst.label} started (written before it); the effect covers " \
                          "cards as they are activated from then on"
        ok, why = self._controller_fits(spec, obj, inst)
        if ok:
            self.note(notes.activated_card(inst.label, obj.describe()))
        return ok, why

    def _attack_of_target(self, inst: Instance, obj: Obj) -> tuple[bool, str]:
        """"Target Beast ally's next attack gets +2 POWER": the target is the unit; an attack written after the effect
        (on its controller's side) is taken to be that unit's, and said so."""
        assert inst.target is not None
        if obj.entered <= inst.moment:
            return False, "it was there before the effect, which changes only the attacks the target unit makes " \
                          "after it"
        if obj.controller != inst.target.controller:
            return False, f"it is not an attack of {inst.target.describe()}'s controller"
        self.note(notes.attack_of(inst.label, inst.target.describe()))
        return True, ""

    def _settle_requirement(self, inst: Instance) -> bool:
        """"If that ally is a Shenju, ...": checked against the target as written (a card's own types, or the kinds
        written with it); a kind written without that word is taken not to be one, and the answer says so."""
        parts = [p.strip() for p in inst.read.requires.split("; ") if p.strip()]
        ours = [re.fullmatch(r"if (?:that \w+|it|the target(?:ed)? \w+) is (?:an? )?([\w-]+(?: [\w-]+)?)", p, re.I)
                for p in parts]
        m = next((x for x in ours if x is not None), None)
        target = inst.target
        if m is None or target is None:
            return False
        # what is left of the requirement ("[Class Bonus]") is still assumed, and said
        inst.requires_open = "; ".join(p for p, x in zip(parts, ours, strict=True) if x is None)
        said, word = m.group(1), m.group(1).lower()
        kinds = {w.lower() for w in target.types | target.subtypes | target.supertypes}
        if "ally" in kinds or "champion" in kinds:
            kinds.add("unit")
        met = set(word.split()) <= kinds  # "a Shenju ally": both words
        a = "" if word in _ADJECTIVES else _article(word) + " "
        if target.card is None and not met:
            inst.assumed_not = f"the {target.describe().split(' ', 1)[1]} is not {a}{said}"
            self.note(notes.assumed_not(inst.label, target.text, word))
        elif not inst.requires_open:
            inst.condition_given = True
        if met and inst.requires_open:
            self.note(notes.requirement_met(inst.label, inst.requires_open))
        self._requirement(inst, met)
        if not met:
            inst.status_why = f"{target.describe()} is not {a}{said}" + (
                " (not written with it)" if target.card is None else "")
        return True

    def _settle_by_count(self, inst: Instance) -> bool:
        """"If there are four or more water element cards in your graveyard" (a requirement) or "as long as you
        control three or more allies" (a condition), with that number given (`--count "water element cards in your
        graveyard=4"`): decided by it (N or more: at least N; N or fewer/less: at most N), and said."""
        read = inst.read
        for words, is_condition in ((read.requires, False), (read.condition, True)):
            parts = [p.strip() for p in words.split("; ") if p.strip()]
            for i, part in enumerate(parts):
                m = re.search(r"\b(\w+) or (more|fewer|less|greater) ([^,.;]+)", part, re.I)
                n = _number(m.group(1)) if m else None
                if m is None or n is None:
                    continue
                what = _words(m.group(3))
                key = next((k for k in self.counts if _words(k) and (_words(k) <= what or what <= _words(k))), None)
                if key is None:
                    continue
                self.counts_used.add(key)
                given = self.counts[key]
                met = given >= n if m.group(2).lower() in ("more", "greater") else given <= n
                if not is_condition and words.lower().startswith("otherwise"):
                    met = not met  # "Otherwise, ...": it happens when the "if" before it does not hold
                rest = "; ".join(p for j, p in enumerate(parts) if j != i)
                self.note(notes.decided_by_count(inst.label, part, key, given, met))
                if is_condition:
                    inst.condition_on, inst.condition_given, inst.condition_open = met, not rest, rest
                    if not met and inst.status == "active":
                        inst.status = "off"
                        inst.status_why = f"its condition ({part}) does not hold: {key} is {given}"
                        inst.status_rules.append("GA4")
                    if rest:
                        self.note(notes.condition_assumed(inst.label, rest))
                else:
                    inst.requires_open = rest
                    self._requirement(inst, met)
                    if not met:
                        inst.status_why = f"its requirement ({part}) was not met as it resolved ({key} is " \
                                          f"{given}), so it did nothing"
                    elif rest:
                        self.note(notes.requirement_met(inst.label, rest))
                return True
        return False

    def _controlled(self, words: str, controller: str, t: int, source: Obj | None) -> Obj | None:
        """The object a player controls on the field at moment t that "you control an Animal or Beast ally" (or "a
        Chessman Rook ally", "an item", "two or more phantasias": the last of that many) speaks of, or None. Every
        word of the kind is checked: "unique", "non-Human", "wind element" (known only when written, ally:wind)."""
        m = _CONTROL.fullmatch(words.strip().rstrip("."))
        if m is None:
            return None
        kind = {"allies": "ally", "items": "item", "weapons": "weapon", "phantasias": "phantasia",
                "domains": "domain", "units": "unit"}.get(m.group(3).lower(), m.group(3).lower())
        lead = re.match(r"you control (?:another )?(\w+) or more (other )?", words.strip(), re.I)
        need = _number(lead.group(1)) if lead else 1
        if need is None:
            return None
        other = bool(m.group(1)) or bool(lead and lead.group(2))
        named = re.sub(r"^(?:\w+ or more )?(?:other )?", "", (m.group(2) or "").strip(), flags=re.I)
        alternatives = [a.lower().split() for a in re.split(r"\s+(?:and/or|or)\s+", named) if a]
        if any(w in _NUMBER_WORDS or w in ("more", "fewer", "less") or w.isdigit() for a in alternatives for w in a):
            return None  # a count this reading does not take apart: --count
        found: list[Obj] = []
        for o in self.objects:
            if o.controller != controller or o.zone != "field" or o.entered > t or (o.left is not None and
                                                                                      o.left <= t):
                continue
            if other and o is source:  # "another", "other"
                continue
            kinds = {w.lower() for w in o.types | o.subtypes | o.supertypes}
            if o.card is not None:
                kinds |= {w.lower() for w in types_of(o.card) | subtypes_of(o.card)}
            if kinds & {"ally", "champion"}:
                kinds.add("unit")
            # "a Chessman Rook ally": written ally:rook (or ally:chessman:rook); "Animal or Beast": either
            if kind in kinds and (not alternatives or any(_kind_words_fit(a, kinds, o.element)
                                                          for a in alternatives)):
                found.append(o)
        return found[need - 1] if len(found) >= need else None

    def _settle_by_control(self, inst: Instance, t: int) -> bool:
        """"If you control an Animal or Beast ally" (a requirement, checked as it resolves) or "as long as you
        control ..." (a condition, checked all along): decided by such an object of its controller written in the
        question; with none written it stays assumed (the question may leave objects out)."""
        read = inst.read
        for words, is_condition in ((read.requires, False), (read.condition, True)):
            parts = [p.strip() for p in words.split("; ") if p.strip()]
            for i, part in enumerate(parts):
                bare = re.sub(r"^(?:if|as long as|while)\s+", "", part, flags=re.I)
                if not _CONTROL.fullmatch(bare.rstrip(".")):
                    continue
                found = self._controlled(bare, inst.controller, t, inst.source)
                if found is None:
                    continue
                rest = "; ".join(p for j, p in enumerate(parts) if j != i)
                if is_condition and _NO_CONTROL.search(bare):  # "as long as you control no allies": one there is
                    self._control_negated(inst, part, bare, found, t, rest)  # enough to switch it off
                    return True
                self.note(notes.decided_by_control(inst.label, part, found.describe(), is_condition))
                if is_condition:
                    inst.condition_on, inst.condition_given, inst.condition_open = True, not rest, rest
                    inst.by_control = bare
                    if rest:
                        self.note(notes.condition_assumed(inst.label, rest))
                else:
                    inst.requires_open = rest
                    self._requirement(inst, True)
                    if rest:
                        self.note(notes.requirement_met(inst.label, rest))
                return True
        return False

    def _control_negated(self, inst: Instance, part: str, bare: str, found: Obj, t: int, rest: str) -> None:
        """"As long as you control no allies" with such an object of its controller on the field: it does not hold
        while that object is there (GA4); it holds again if no such object is left (leaves:OBJECT)."""
        self.note(notes.decided_by_no_control(inst.label, part, found.describe()))
        inst.condition_on, inst.condition_given, inst.condition_open, inst.by_control = False, not rest, rest, bare
        if inst.status == "active":
            inst.status = "off"
            inst.status_why = f"its condition ({part}) does not hold: {found.describe()} is on the field" + (
                f" (it entered at moment {found.entered})" if found.entered > inst.moment else "")
            inst.status_rules.append("GA4")
        if rest:
            self.note(notes.condition_assumed(inst.label, rest))

    def _control_enters(self, obj: Obj, t: int) -> None:
        """An object written after a standing effect enters the field: an "as long as you control ..." condition of
        its controller that the scenario had not settled yet is decided by it from now on (GA4)."""
        if obj.zone != "field":
            return
        for inst in self.instances:
            if inst.status != "active" or inst.condition_given or inst.by_control or inst.controller != \
                    obj.controller or not inst.read.condition or "you control" not in inst.read.condition:
                continue
            assumed = notes.condition_assumed(inst.label, inst.assumed_condition)
            if self._settle_by_control(inst, t) and assumed in self.notes:  # settled now: no longer assumed whole
                self.notes.remove(assumed)

    def _gone(self, obj: Obj, t: int) -> None:
        """An object leaves the field: its counters go with it (it comes back, if ever, as a new object)."""
        obj.left = t
        if obj.counters:
            obj.counters_gone, obj.counters = dict(obj.counters), {}
            self.note(notes.counters_gone(obj.describe(), obj.counters_gone))

    def _renew(self, obj: Obj, t: int, card: str, words: str) -> None:
        """"Banish target ally, then return it to the field": it is a new object from moment t (GA1, GA3): what
        effects gave it before and its counters are gone; it enters now (rested, if the card says so)."""
        obj.counters_gone, obj.counters = dict(obj.counters), {}
        obj.id = 1000 + len(self.objects) + sum(1 for o in self.objects if o.id >= 1000)
        obj.entered = t
        obj.renewed = f"{card} banished it and returned it to the field at moment {t}, so it is a new object"
        if re.search(r"\bto the field\b[^.]*\brested\b", words, re.I):
            obj.subtypes = obj.subtypes | {"rested"}
        self.note(notes.renewed(card, obj.describe(), obj.counters_gone))

    def _object_leaves(self, obj: Obj, t: int) -> None:
        """leaves:OBJECT: an object that is no source leaves the field at moment t. A condition decided by it ("as
        long as you control an Animal or Beast ally") is checked again (GA4); a requirement was checked only as its
        effect resolved, so what that effect did stays (GA1); effects on it end with it (GA3)."""
        self._gone(obj, t)
        for inst in self.instances:
            if inst.by_control and _NO_CONTROL.search(inst.by_control) and inst.status == "off" and \
                    not inst.condition_on and self._controlled(inst.by_control, inst.controller, t, inst.source) \
                    is None:  # "as long as you control no allies": the last one left, so it holds again (GA4)
                inst.status, inst.condition_on, inst.status_why = "active", True, ""
                self.note(notes.holds_again(inst.label, inst.read.condition, obj.describe(), t))
            elif inst.by_control and not _NO_CONTROL.search(inst.by_control) and inst.status == "active" and \
                    self._controlled(
                    inst.by_control, inst.controller, t, inst.source) is None:
                inst.status, inst.condition_on = "off", False
                inst.status_why = f"its condition ({inst.read.condition}) no longer holds: {obj.describe()} left " \
                                  f"the field at moment {t}"
                inst.status_rules.append("GA4")
            elif inst.read.requires and inst.moment < t and inst.status == "active" and not inst.read.condition \
                    and inst.read.kind is Kind.ONE_SHOT:
                self.note(notes.requirement_once(inst.label, inst.read.requires, obj.describe()))

    def _controller_fits(self, spec: SetSpec, obj: Obj, inst: Instance) -> tuple[bool, str]:
        if spec.controller != "any":
            other = "opponent" if inst.controller == "you" else "you"
            wanted = inst.controller if spec.controller == "you" else other
            if obj.controller != wanted:
                return False, f"its controller is {'you' if obj.controller == 'you' else 'the opponent'}; the effect " \
                              f"covers objects of {'its controller' if spec.controller == 'you' else 'the opponent of its controller'}"  # noqa: E501
        return True, ""

    def _kind_fits(self, spec: SetSpec, obj: Obj) -> tuple[bool, str]:
        if "player" in spec.types:  # "you gain agility 3": a rule for a player, never an object's
            return False, "it is not a player (the effect changes a rule for a player)"
        types = set(obj.types)
        if "ally" in types or "champion" in types:
            types.add("unit")
        if obj.zone == "field":
            types.add("object")
        types |= self._added_types(obj)
        untyped = not obj.types and obj.card is None and bool(obj.supertypes | obj.subtypes)
        needed: set[str] = set()
        if spec.types and untyped:
            # "token:shadow": written without its card type, so taken to be of the type the effect needs
            needed |= set(spec.types) - {"object", "card"}
        elif spec.types and not (spec.types & types):
            return False, f"it is not {' or '.join(sorted(spec.types))}"
        missing = spec.supertypes - (obj.supertypes | types)
        if untyped:  # "Phantasia allies": a card type written before another is assumed too, never "token"
            needed |= missing & _CARD_TYPES
            missing -= _CARD_TYPES
        if missing:
            return False, f"it is not {' '.join(sorted(spec.supertypes))}"
        has = obj.subtypes | self._added_types(obj)
        if spec.all_subtypes and not spec.subtypes <= has:
            return False, f"it is not {' '.join(sorted(spec.subtypes - has))}"
        if spec.subtypes and not (spec.subtypes & has):
            return False, f"it is not {' or '.join(sorted(spec.subtypes))}"
        if needed:
            self.note(notes.untyped(obj.text))
            return True, " ".join(sorted(needed, key=lambda t: t != "phantasia"))
        return True, ""

    def _added_types(self, obj: Obj) -> set[str]:
        """Types and subtypes other effects (layer B) gave the object, for sets read after layer B."""
        added: set[str] = set()
        for inst in self.instances:
            if inst.read.layer == "B" and inst.status == "active" and inst.read.adds and (
                    inst.target is obj or (inst.read.affected.self_only and inst.source is obj)):
                added |= set(inst.read.adds)
        return added

    def _notes_of(self, card: Card) -> tuple[Annotation, ...]:
        """The card's moderator annotations, remembered so the ruling id changes when they do."""
        found = tuple(self.annotations_of(card))
        for n in found:
            key = (card.name, n.part, n.rule, n.value)
            if key not in self.annotation_keys:
                self.annotation_keys.append(key)
        return found

    # --- moments -----------------------------------------------------------------------------------------
    def _champions_first(self, moments: list[Moment]) -> dict[int, Obj]:
        """A player's champion is on the field from the start of the game: a champion written after an effect is
        still that champion, there before every effect (its timestamp is its first champion card's), not an object
        entering later. They are put on the field before the scenario is walked."""
        early: dict[int, Obj] = {}
        effect_seen = False
        for n, moment in enumerate(moments):
            effect_seen = effect_seen or isinstance(moment, EffectSpec)
            if not (effect_seen and isinstance(moment, ObjectSpec) and moment.zone == "field"):
                continue
            card = self.lookup(moment.card) if moment.card else None
            if "champion" not in (types_of(card) if card is not None else moment.types):
                continue
            text = card.name + moment.text[len(moment.card or ""):] if card is not None else moment.text
            obj = self._new_object(text, card, 0, True, moment)
            if obj.lineage:
                obj.lineage[0] = (obj.lineage[0][0], 0)
            obj.written = n
            early[n] = obj
            self.labels.append(f"0. object {text} (on the field from the start)")
            self.note(notes.champion_first(text))
        return early

    def run(self, moments: list[Moment]) -> None:
        t = 0
        early = self._champions_first(moments)
        for n, moment in enumerate(moments):
            self.at = n
            if n in early:  # on the field from the start (above)
                continue
            together = not isinstance(moment, EventSpec) and moment.together and t > 0
            t = t if together else t + 1
            if together:
                self.note(notes.TOGETHER)
                self.cite("GA13")
            if isinstance(moment, ObjectSpec):
                card = self.lookup(moment.card) if moment.card else None
                text = moment.text
                if card is not None:  # the card's own name, so a typo gives the same scenario (and ruling id)
                    text = card.name + moment.text[len(moment.card or ""):]
                implicit = self._implicit_match(card, moment)
                if implicit is not None:  # "On Attack: this attack gets ..." and then --object attack: that attack
                    implicit.asked, implicit.text, implicit.written = True, text, n
                    implicit.counters.update(dict(moment.counters))
                    self.note(notes.same_attack(text, implicit.implicit))
                    t -= 1
                    self.labels.append(f"{t}. object {text} ({implicit.implicit})")
                    continue
                source = self._own_source(card, moment)
                if source is not None:  # "--effect Galatine --object Galatine[durability=7]": that same Galatine
                    source.asked, source.text = True, text
                    source.counters.update(dict(moment.counters))
                    self.note(notes.same_object(card.name, source.zone == "field"))  # type: ignore[union-attr]
                    t -= 1
                    where = "already on the field" if source.zone == "field" else "being activated"
                    self.labels.append(f"{t}. object {text} (the {card.name} {where})")  # type: ignore[union-attr]
                    continue
                obj = self._new_object(text, card, t, True, moment)
                obj.written = n
                self._control_enters(obj, t)
                self.labels.append(f"{t}. object {text}")
            elif isinstance(moment, EffectSpec):
                t = self._effect(moment, t)
            else:
                self._event(moment, t)

    def _implicit_match(self, card: Card | None, spec: ObjectSpec) -> Obj | None:
        """An object an effect's words put there (the attack an On Attack ability's source is making), when an object
        of that kind written after it is that one."""
        if card is not None or spec.together:
            return None
        return next((o for o in self.objects if o.implicit and not o.asked and o.types == spec.types
                     and o.controller == spec.controller and o.zone == spec.zone), None)

    def _own_source(self, card: Card | None, spec: ObjectSpec) -> Obj | None:
        """The object an effect already put on the field as its own source, when an object written after that
        effect names the same card in the same place: one object, not a second copy."""
        if card is None or spec.together:
            return None
        return next((o for o in self.objects if not o.asked and o.card is not None and o.card.name == card.name
                     and o.left is None and (o.zone == spec.zone == "field" or (o.being_activated and o.zone ==
                                                                                 spec.zone))
                     and o.controller == spec.controller and not o.summoned_by), None)

    def _label(self, card: Card, effect: ReadEffect, spec: EffectSpec) -> str:
        label = f"{card.name} ({effect.label})"
        if spec.controller == "opponent":
            label += " @opponent"
        taken = {i.label for i in self.instances}
        base, n = label, 2
        while label in taken:
            label, n = f"{base} #{n}", n + 1
        return label

    def _effect(self, spec: EffectSpec, t: int) -> None:
        card = self.lookup(spec.card)
        reading = annotated_reading(card, self._notes_of(card))
        self._on_opponents_turn(card, spec)
        with_effects = [p for p in reading.paragraphs if p.effects]
        if not with_effects:
            asked = [p for p in reading.paragraphs if spec.paragraph is not None and p.label == str(spec.paragraph)]
            if spec.paragraph is not None and not asked:
                valid = ", ".join(f"#{p.label}" for p in reading.paragraphs)
                raise QuestionError(f"{card.name} has no paragraph {spec.paragraph}; its paragraphs: {valid}.")
            asked = asked or list(reading.paragraphs)
            # text Arbiter could not read is never called "none": the paragraphs it reads are answered (they happen
            # at once) and the unread one is said to be left out; with nothing readable the card is refused
            readable = [p for p in asked if not p.unread and not _keywords_only(p.text)]
            if any(p.unread for p in asked) and not readable:
                raise QuestionError(_nothing_lasting(card.name, asked))
            self._said_unread(card, asked)
            return self._happens_at_once(card, [p for p in asked if not p.unread], spec, t)
        if spec.paragraph is not None:
            chosen = [p for p in reading.paragraphs if p.label == str(spec.paragraph)]
            if chosen and chosen[0].unread and not chosen[0].effects:
                raise QuestionError(_nothing_lasting(card.name, chosen))
            if not chosen:
                valid = ", ".join(f"#{p.label}" for p in reading.paragraphs)
                raise QuestionError(f"{card.name} has no paragraph {spec.paragraph}; its paragraphs: {valid}.")
            if not chosen[0].effects:  # a paragraph of one-time actions: it happens at once, said as an answer
                return self._happens_at_once(card, chosen, spec, t)
        else:
            # a card's own cost rule ("This card costs 2 less") only matters while it is being activated
            chosen = [p for p in with_effects if not all(_own_cost(e) for e in p.effects)] or with_effects
            for left_out in (p for p in with_effects if p not in chosen):  # said, never silently dropped
                self.note(notes.own_cost_apart(card.name, left_out.label, left_out.effects[0].change))
            if not is_permanent(card):
                # an action's activated ability used from elsewhere ("(2), Banish ...: Put this card from your
                # graveyard on the bottom of target champion's lineage") is not what resolving the card does
                resolving = [p for p in chosen if not all(e.origin is Origin.ABILITY for e in p.effects)]
                for left_out in (p for p in chosen if resolving and p not in resolving):
                    self.note(notes.ability_apart(card.name, left_out.label))
                chosen = resolving or chosen
            with_effects = chosen
            if len(with_effects) > 1:
                self.note(notes.all_paragraphs(card.name, [p.label for p in with_effects]))
        # what the reader could not read of the text asked about is said, never silently left out of the answer
        self._said_unread(card, reading.paragraphs if spec.paragraph is None else chosen)
        source = None
        own_costs = [e for p in chosen for e in p.effects if _own_cost(e)]
        # an action or attack whose effect covers itself ("it has unblockable"): the card itself is the object
        # reached while it is being played, else the answer would have no object to report (own costs aside)
        self_effects = [e for p in chosen for e in p.effects if e.affected.self_only and not _own_cost(e)]
        if not is_permanent(card) and self_effects:
            source = self._new_object(card.name, card, t, False, controller=spec.controller)
            self.note(notes.card_itself(card.name))
        if is_permanent(card) and len(own_costs) < sum(len(p.effects) for p in chosen):
            source = next((o for o in self.objects if o.card is not None and o.card.name == card.name
                           and o.left is None and o.zone == "field" and o.controller == spec.controller), None)
            if source is None and "champion" in types_of(card):
                source = self._lineage_of(card, spec.controller, t)
            resolving = [e for p in chosen for e in p.effects if e.origin is Origin.ABILITY]
            if source is None and resolving:
                # the source of a triggered or activated ability is on the field before the ability resolves
                # (one-shot sets include it; its timestamp is earlier), unless the text says it is not
                source = self._new_object(card.name, card, t, False, controller=spec.controller)
                self.labels.append(f"{t}. object {card.name} (on the field before its ability resolves)")
                self.note(notes.source_first(card.name))
                t += 1
            elif source is None:
                source = self._new_object(card.name, card, t, False, controller=spec.controller)
            everything = [e for p in chosen for e in p.effects if not _own_cost(e)]
            gone = next((e.origin_words for e in resolving if _source_gone(e, card)), None)
            if gone is not None and any(not _source_gone(e, card) for e in everything):
                gone = None  # other abilities of the card need it on the field; the gone one only says so below
            if gone is not None and source.left is None:
                source.left = t  # "Sacrifice X:", "On Death:": the source is not on the field as it resolves
                self.note(notes.source_gone(card.name, gone))
        if own_costs:
            # a card's own cost rule applies while that card is being activated: the card itself, in hand
            zone = "material" if "material" in (card.extra or {}).get("home_deck", "") else "hand"
            written = next((o for o in self.objects if o.asked and o.card is not None and o.card.name == card.name
                            and o.zone == zone and o.controller == spec.controller and o.left is None), None)
            holder = written or self._new_object(card.name, card, t, False, controller=spec.controller)
            holder.zone = zone
            holder.being_activated = True
            if source is None:
                source = holder
        last = max(int(p.label) for p in chosen)
        self._summoned([p for p in reading.paragraphs if int(p.label) <= last and (p in chosen or not
                        is_permanent(card))], chosen, card, t, spec.controller)
        def source_of(effect: ReadEffect) -> Obj | None:
            if own_costs and _own_cost(effect):
                return holder
            if source is not None and source.left is None and _source_gone(effect, card):
                return None  # "On Destroy: ... it becomes ...": not the object that left; nothing here to reach
            return source
        started: list[Instance] = []
        for p in chosen:
            mark = len(self.instances)
            effects = list(p.effects)
            if spec.paragraph is None and len(chosen) > 1:
                # asked about the whole card, counters a "Whenever ..." trigger would put are not taken as put:
                # nothing says it triggered (ask about that paragraph, CARD#N, for what it puts)
                later = [e for e in effects if e.counter_kind and _WAITING_TRIGGER.match(e.origin_words)]
                for e in later:
                    self.note(notes.trigger_not_assumed(card.name, p.label, e.origin_words))
                effects = [e for e in effects if e not in later]
            try:
                for effect in effects:
                    started += self._start_each(card, effect, spec, t, source_of(effect))
            except QuestionError as refused:
                # asked about the whole card, a paragraph whose target is not there is left out and said so (the
                # others still answer); asked about that paragraph, or with a target named, it is refused
                if spec.paragraph is not None or spec.target or len(chosen) == 1 or "target" not in str(refused) \
                        or any(e.origin is not Origin.ABILITY for e in effects):
                    raise  # (only a permanent's own triggered or activated ability is left out)
                del self.instances[mark:]
                self.note(notes.paragraph_needs_target(card.name, p.label, str(refused)))
        if not started:
            raise QuestionError(next(n.text for n in reversed(self.notes) if n.id.startswith("needs-target")))
        self._choose_modes(started, spec)
        self._inherited_follow(started)
        self._instead_apart(card, chosen if spec.paragraph is not None else list(reading.paragraphs), spec, t)
        canonical = card.name + (f"#{spec.paragraph}" if spec.paragraph else "") + (
            "@opponent" if spec.controller == "opponent" else "")
        asked = sorted((o for o in self.objects if o.asked), key=lambda o: o.written)
        aimed = list({i.target.id: i.target for i in started if i.target is not None}.values())
        texts = [o.text for o in aimed]
        targets = sorted({f"#{asked.index(o) + 1}" if texts.count(o.text) > 1 and o in asked else o.text
                          for o in aimed})
        if targets:
            canonical += " -> " + ", ".join(targets)
        self.labels.append(f"{t}. effect {canonical}")
        return t

    def _said_unread(self, card: Card, paragraphs: list[Paragraph] | tuple[Paragraph, ...]) -> None:
        for p in paragraphs:
            for sentence in p.unread:
                if (card.name, p.label, sentence) not in self.unread:
                    self.unread.append((card.name, p.label, sentence))
                    self.note(notes.unread(card.name, p.label, sentence))

    def _happens_at_once(self, card: Card, paragraphs: list[Paragraph], spec: EffectSpec, t: int) -> int:
        """A card (or paragraph) whose text is one-time actions, costs and keywords: it does what it says at once
        and nothing of it lasts (GA16), an answer of its own rather than a refusal."""
        keywords = tuple(_no_reminders(p.text).rstrip(".") for p in paragraphs if _keywords_only(p.text)
                         and _no_reminders(p.text))
        doing = [p for p in paragraphs if not _keywords_only(p.text)]
        first = next((w for w in (_what_it_does(p.text) for p in doing) if not _NOT_DOING.match(w)),
                     _what_it_does(doing[0].text) if doing else "")
        how = _how_used(first)
        if not is_permanent(card) and how != "triggers":  # an action or attack: it happens as it resolves
            how = "resolves"
        delayed = next((m for p in doing for m in [_DELAYED.search(_no_reminders(p.text))] if m), None)
        later = (delayed.group(1), delayed.group(2)) if delayed and not is_permanent(card) else ("", "")
        self.one_time.append(OneTime(card.name, tuple(p.label for p in paragraphs), first, how, is_permanent(card),
                                     keywords, "champion" in types_of(card), later,
                                     any(p.text.strip().startswith("(Exalted") for p in paragraphs)))
        once = self.one_time[-1]
        gated = [p for p in paragraphs if _CLASS_GATED.match(p.text)]
        if gated:  # "[Class Bonus] Gather": it happens only if the card's class is one of the champion's
            once.class_gate = _no_reminders(gated[0].text).rstrip(".")
            once.class_all, once.controller = len(gated) == len(paragraphs), spec.controller
            once.classes = subtypes_of(card) & CLASSES
        once.cost, once.cost_text = next(((c, p.text) for p in doing for c in [self._ability_cost(p.text)] if c),
                                         ("", ""))
        self._banish_return(once, doing, spec, t)
        once.instead = [Instead(m.group(1).strip(), m.group(2).strip()) for p in doing
                        for m in _INSTEAD.finditer(_no_reminders(p.text)) if " would " not in m.group(0)]
        if once.instead:
            once.target = self._one_time_target(spec, t)
        self.note(notes.one_time(card.name, [p.label for p in paragraphs], is_permanent(card)))
        self.cite("GA16")
        canonical = card.name + (f"#{spec.paragraph}" if spec.paragraph else "") + (
            "@opponent" if spec.controller == "opponent" else "")
        self.labels.append(f"{t}. effect {canonical} (happens at once: no continuous effect)")
        return t

    def _instead_apart(self, card: Card, paragraphs: list[Paragraph], spec: EffectSpec, t: int) -> None:
        """A card with lasting effects whose one-time words have an "If ..., ... instead" no effect was read from
        (Frost Shard's "Deal 2 damage ... If that unit is rested, deal 3 damage to it instead"): those words are
        said too, with both outcomes or the one the question decides, never left out."""
        for p in paragraphs:
            if p.unread:
                continue
            bare = _no_reminders(p.text)
            read = " ".join(e.sentence.lower() for e in p.effects)
            found = [m for m in _INSTEAD.finditer(bare) if m.group(2).strip().lower() not in read
                     and " would " not in m.group(0)]
            returns = not p.effects and bool(_BANISH_RETURN.search(bare))
            cost = self._ability_cost(p.text) if not any(e.sentence.lower().startswith("this ability costs")
                                                         for e in p.effects) else ""
            if not found and not returns and not cost:
                continue
            if p.effects and not found:  # only the ability's own cost rule is left to say
                self.one_time.append(OneTime(card.name, (p.label,), "", "is activated", is_permanent(card),
                                             apart=True, cost=cost, cost_text=p.text))
                continue
            sentences = [x.strip() for x in re.split(r"(?<=[.!])\s+", bare) if x.strip()]
            first = next((x for x in sentences if not _NOT_DOING.match(x) and x.lower() not in read
                          and not _INSTEAD.match(x)), found[0].group(0) if found else sentences[0])
            how = _how_used(p.text)
            if not is_permanent(card) and how != "triggers":
                how = "resolves"
            first = re.sub(r"^(?:\[[^\]]+\]\s*)+", "", first)
            if how == "is activated" and ":" in first:  # "Sacrifice Essence of Blizzards: Deal 1 damage ...": the cost
                first = first.split(":", 1)[1].strip()
            once = OneTime(card.name, (p.label,), first, how,
                           is_permanent(card), apart=True,
                           instead=[Instead(m.group(1).strip(), m.group(2).strip()) for m in found])
            once.cost, once.cost_text = cost, p.text
            self.one_time.append(once)
            if returns:
                self._banish_return(once, [p], spec, t)
            else:
                once.target = self._one_time_target(spec, t)
            self.cite("GA16")

    def _decide_by_control(self, once: OneTime, alt: Instead) -> bool:
        """"If you control an Animal or Beast ally, ... instead": met when the question has such an object of yours
        on the field as it resolves; with none written it stays open (the question may leave objects out)."""
        m = re.fullmatch(r"you control (?:an? |one or more )?([\w' -]+?) (ally|allies|item|items|weapon|weapons|"
                         r"phantasias?|domains?|units?)", alt.requires, re.I)
        if m is None:
            return False
        words = {w.lower() for w in re.split(r"\s+(?:or|and/or)\s+|\s+", m.group(1)) if w}
        kind = m.group(2).lower().rstrip("s").replace("allie", "ally")
        t = next((int(lab.split(".")[0]) for lab in self.labels if lab.split(". ", 1)[1].startswith(
            f"effect {once.card}")), 10 ** 6)
        for o in self.objects:
            kinds = {w.lower() for w in o.types | o.subtypes | o.supertypes}
            if o.card is not None:
                kinds |= {w.lower() for w in types_of(o.card) | subtypes_of(o.card)}
            if "ally" in kinds or "champion" in kinds:
                kinds.add("unit")
            if o.controller == "you" and o.zone == "field" and o.entered <= t and (o.left is None or o.left > t) \
                    and kind in kinds and words & kinds:
                alt.met, alt.why = True, f"you control {o.describe().removesuffix(' you control')} as it {once.how}"
                self.note(notes.instead_decided(once.card, alt.requires, alt.words, True, alt.why))
                return True
        return False

    def _ability_cost(self, text: str, holds: bool | None = None) -> str:
        """"(5), REST: Summon ... This ability costs (1) less to activate for each domain you control": what activating
        it costs, decided by a count given in the question (`--count "domain you control=2"`; "where X is the amount
        of omens you have": `--count "omens you have=3"`), an "as long as" by condition-true/false:CARD#P (`holds`),
        else said open."""
        bare = _no_reminders(text)
        m = _ABILITY_COST.search(bare)
        if m is None:
            return ""
        printed = re.match(r"^(?:\[[^\]]+\]\s*)*(?:[A-Z][\w' ]{2,30}? — )?\((\d+)\)", bare)  # ("Cardistry — (2):")
        base = f"({printed.group(1)})" if printed else "its printed cost"
        less, how = m.group(1), m.group(2).strip(" ,").rstrip(".")
        each = re.match(r"for each (.+)", how) if less.isdigit() else \
            re.match(r"where X is the (?:amount|number) of (.+)", how) if less == "X" else None
        if each:
            what = _words(each.group(1))
            key = next((k for k in self.counts if _words(k) and (_words(k) <= what or what <= _words(k))), None)
            per = int(less) if less.isdigit() else 1
            counted = f"for each of the {{n}} {each.group(1)}" if less.isdigit() else f", X = {{n}} ({how})"
            if key is not None:
                self.counts_used.add(key)
                n = self.counts[key]
                total = f"({max(0, int(printed.group(1)) - per * n)})" if printed else "less"
                return f"activating it costs {total}: {base} less ({less}) {counted.format(n=n)}".replace(" , ", ", ")
            ask = f"--count \"{each.group(1)}=N\""
            if less.isdigit():
                return f"activating it costs {base} less ({less}) for each {each.group(1)}; how many is not given " \
                       f"({ask})"
            return f"activating it costs {base} less (X), {how}; how many is not given ({ask})"
        if how.startswith("as long as"):
            total = f"({max(0, int(printed.group(1)) - int(less))})" if printed and less.isdigit() else ""
            lower = f"{total}, {base} less ({less})," if total else f"{base} less ({less})"
            if holds is None:
                return f"activating it costs {lower} only {how}, which the question does not say " \
                       "(condition-true/false:CARD#N decides it)"
            condition = how.removeprefix("as long as ")
            if holds:
                return f"activating it costs {lower} since {condition} (as the scenario says)"
            return f"activating it costs {base}: it is ({less}) less only {how}, which no longer holds (as the " \
                   "scenario says)"
        return f"activating it costs {base} less ({less}){', ' + how if how else ''}"

    def _banish_return(self, once: OneTime, doing: list[Paragraph], spec: EffectSpec, t: int) -> None:
        """"Banish target ally you control, then return it to the field under its owner's control rested. If that ally
        is a phantasia, it enters the field with an additional buff counter on it." (Sylph's Envelopment, Displace):
        the target named (or the only unit there) comes back at once as a new object."""
        text = " ".join(_no_reminders(p.text) for p in doing)
        if not _BANISH_RETURN.search(text):
            return
        target = self._one_time_target(spec, t)
        if target is None:
            return
        once.target = target
        self._renew(target, t, once.card, text)
        extra = re.search(r"If that \w+ is an? ([\w-]+), it enters the field with an additional (\w+) counter", text)
        if extra:
            kinds = {w.lower() for w in target.types | target.subtypes | target.supertypes}
            if target.card is not None:
                kinds |= {w.lower() for w in types_of(target.card) | subtypes_of(target.card)}
            if extra.group(1).lower() in kinds:
                target.counters[extra.group(2).lower()] = target.counters.get(extra.group(2).lower(), 0) + 1
            self.note(notes.enters_with(once.card, target.describe(), extra.group(1), extra.group(2),
                                        extra.group(1).lower() in kinds, target.card is None))

    def _on_opponents_turn(self, card: Card, spec: EffectSpec) -> None:
        """"Activate this card only during an opponent's turn / recollection phase / end phase": it is activated on
        its controller's opponent's turn, so a scenario that starts on its controller's turn is taken to start on
        the opponent's (said): "until the beginning of your next turn" then comes after one end-of-turn."""
        text = " ".join((card.text or "").split())
        m = re.search(r"Activate this (card|ability) only during an opponent's ([\w ]+?)(?:[.,]|$)", text)
        if m is None:
            return
        if m.group(1) == "ability" and spec.paragraph is not None:
            printed = paragraphs_of(card)
            asked = printed[spec.paragraph - 1] if 0 < spec.paragraph <= len(printed) else None
            if asked is not None and m.group(0) not in " ".join(asked.split()):
                return
        if _player_of_turn(self.turn) != spec.controller:
            return  # it is already the other player's turn
        if self.turn == 0 and not any(lab.split(". ", 1)[1].startswith("then ") for lab in self.labels):
            self.turn, self.opponent_start = 1, True
            for inst in self.instances:
                inst.turn += 1
            self.note(notes.opponents_turn(card.name, m.group(2), moved=True))
        else:
            self.note(notes.opponents_turn(card.name, m.group(2), moved=False))

    def _one_time_target(self, spec: EffectSpec, t: int) -> Obj | None:
        """The target a one-time "... instead" is decided on: the one named ("Smoke Out -> #1"), else the only unit
        on the field when it resolves (taken as its target, and said), else none (the answer gives both)."""
        if spec.target:
            return self._find_target(spec.target, t)
        units = [o for o in self.objects if o.zone == "field" and o.left is None and o.entered <= t
                 and ({"ally", "champion"} & {w.lower() for w in o.types})]
        if len(units) == 1:
            self.note(notes.only_unit_target(spec.card, units[0].describe()))
            return units[0]
        return None

    def _decide_instead(self, answers: list[ObjectAnswer]) -> None:
        """"If that unit has stealth / is rested / is an ally / has a buff counter on it, ... instead": decided by
        the target as the question gives it (its types as written, its counters, the abilities the scenario's
        effects give it); any other requirement ("If your champion is distant") stays open and both are said."""
        for once in self.one_time:
            for alt in once.instead:
                target = once.target
                if self._decide_by_control(once, alt):
                    continue
                m = re.fullmatch(r"that (?:unit|ally|champion|object)'?s? (has|is) (?:an? )?(.+)", alt.requires, re.I)
                if target is None or m is None:
                    continue
                verb, what = m.group(1).lower(), m.group(2).lower().strip()
                answer = next((a for a in answers if a.obj is target), None)
                name = target.card.name if target.card is not None else f"the {target.describe().split(' ', 1)[1]}"
                if verb == "is":
                    kinds = {w.lower() for w in target.types | target.subtypes | target.supertypes}
                    if target.card is not None:
                        kinds |= {w.lower() for w in types_of(target.card) | subtypes_of(target.card)}
                    if "ally" in kinds or "champion" in kinds:
                        kinds.add("unit")
                    alt.met = set(what.split()) <= kinds
                    written = "" if target.card is not None or alt.met else " (not written with it)"
                    a = "" if what in _ADJECTIVES or what.endswith("ed") else _article(what) + " "
                    alt.why = f"{name} is {'' if alt.met else 'not '}{a}{what}{written}"
                    self.note(notes.instead_decided(once.card, alt.requires, alt.words, alt.met, alt.why))
                    continue
                counter = re.fullmatch(r"(\w+) counters? on it", what)
                if counter:
                    have = target.counters.get(counter.group(1), 0) + (
                        answer.result.get("counters_put", {}).get(counter.group(1), 0)  # type: ignore[union-attr]
                        if answer and isinstance(answer.result.get("counters_put"), dict) else 0)
                    alt.met = have > 0
                    alt.why = f"{name} has {have} {counter.group(1)} counter{'s' * (have != 1)} on it"
                    self.note(notes.instead_decided(once.card, alt.requires, alt.words, alt.met, alt.why))
                    continue
                if what not in KEYWORD_WORDS:
                    continue
                abilities = [str(x).lower() for x in (answer.result.get("abilities", []) if answer else [])]  # type: ignore[union-attr]
                alt.met = any(a == what or a.startswith(what + " ") for a in abilities)
                givers = [p.inst.label for p in (answer.order if answer else [])
                          if what in str(p.inst.read.change).lower()]
                alt.why = f"{name} has {what}" if alt.met else f"{name} does not have {what} (no effect in the " \
                                                               "question gives it)"
                self.note(notes.instead_decided(once.card, alt.requires, alt.words, alt.met, alt.why + (
                    f", from {', '.join(givers[:2])}" if givers else "")))
            for alt in once.instead:
                if alt.met is None:
                    self.note(notes.instead_open(once.card, alt.requires, alt.words))

    def _inherited_follow(self, started: list[Instance]) -> None:
        """"... then put Violet Haze on the bottom of target champion's lineage. Inherited Effect: This object gets -2
        LIFE": the Inherited Effect is the ability of the champion whose lineage the card was put in, whoever
        controls it (an opponent's champion gets the -2 LIFE), from the moment it entered that lineage (GA9)."""
        put = next((i for i in started if i.read.prop == "lineage" and i.target is not None
                    and i.status == "active"), None)
        if put is None or put.target is None:
            return
        champion = put.target
        for inst in started:
            if inst.read.inherited and inst.card is put.card:
                relative = "you" if champion.controller == inst.controller else "opponent"
                inst.read = replace(inst.read, affected=replace(inst.read.affected, controller=relative,
                                                                self_only=False, target=True))
                inst.target, inst.source, inst.timestamp = champion, champion, put.timestamp
                self.note(notes.inherited_follows(inst.label, champion.describe()))

    def _choose_modes(self, started: list[Instance], spec: EffectSpec) -> None:
        """"Choose one— • ... • ...": one mode happens. The mode the named target fits, else the first mode the
        scenario allows, is taken as chosen and said; the other modes are off (condition-true:CARD#N picks one)."""
        for part in dict.fromkeys(i.read.part for i in started if i.read.mode):
            modal = [i for i in started if i.read.part == part and i.read.mode]
            modes = list(dict.fromkeys(i.read.mode for i in modal))
            possible = [m for m in modes if not any(i.misfit for i in modal if i.read.mode == m)]
            if spec.target:  # the target named decides: a mode with a target that fits it
                possible = [m for m in possible if any(i.target is not None for i in modal if i.read.mode == m)]
            if not possible:
                raise QuestionError(next(i.misfit for i in modal if i.misfit))
            pick = possible[0]
            for inst in modal:
                if inst.read.mode != pick:
                    inst.status = "off"
                    inst.status_why = f"its mode was not chosen: “{pick}” is taken as the mode chosen" + (
                        " (the target does not fit this one)" if inst.misfit else "")
            self.note(notes.mode_chosen(started[0].card.name, part, pick, len(modes), len(possible)))

    def _summoned(self, resolving: list[Paragraph], chosen: list[Paragraph], card: Card, t: int,
                  controller: str) -> list[Obj]:
        """Tokens the same resolution summons before its continuous effect ("Summon an Ominous Shadow token.
        Phantasia allies you control get +1 POWER"): they are on the field when that effect resolves."""
        made: list[Obj] = []
        if not any(e.origin is not Origin.STANDING and e.kind is Kind.ONE_SHOT for p in chosen for e in p.effects):
            return made
        for p in resolving:
            for m in re.finditer(r"\b(?i:summons?) (an?|one|two|three|\d+|that many) ([A-Z][\w' ,-]*?) tokens?\b",
                                 p.text):
                if _other_mode(p, m.start()):  # "Choose one— • Summon ... • Put a buff counter on each ally": the
                    self.note(notes.mode_not_summoned(card.name, m.group(0)))  # answer takes the other mode
                    continue
                try:
                    token = self.lookup(m.group(2).strip())
                except QuestionError:
                    continue
                n = _NUMBER.get(m.group(1).lower(), 1)
                counters = _WITH_COUNTERS.match(p.text[m.end():])
                put = (counters.group(2).lower(), _NUMBER.get(counters.group(1).lower(), 1)) if counters else None
                if m.group(1).lower() == "that many":  # "Sacrifice any number of domains then summon that many ...
                    n, put = self._that_many(card, p.text, m)  # tokens": as many as the count given
                for _ in range(n):
                    obj = self._new_object(token.name, token, t, False, controller=controller)
                    obj.summoned_by, obj.made = card.name, "token"
                    if put:  # "Summon a Fledgling token with a buff counter on it": on the token
                        obj.counters[put[0]] = obj.counters.get(put[0], 0) + put[1]
                    made.append(obj)
                self.note(notes.summoned(card.name, token.name))
            for m in COPY_MADE.finditer(_no_reminders(p.text)):  # "summon a token copy of a ... regalia you control"
                copied = m.group(1).strip()
                spec = ObjectSpec(text=f"token copy of {copied}", supertypes=frozenset({"token"}),
                                  controller=controller)
                obj = self._new_object(spec.text, None, t, False, spec)
                obj.summoned_by, obj.made = card.name, "token"
                made.append(obj)
                self.note(notes.summoned(card.name, f"a token copy of {copied} (the copied card is not named, so its "
                                                    "printed values are unknown)"))
            names = "|".join(re.escape(n) for n in sorted(short_names(card), key=len, reverse=True))
            back = re.search(r"\b[Rr]eturn (?:" + names + r")\b[^.]*?\bto the field\b([^.]*)", p.text)
            if back and is_permanent(card) and not any(o.made == "returned" and o.summoned_by == card.name
                                                       and o.entered == t for o in self.objects):
                # "On Death: Return Night Barker from your graveyard to the field. It becomes ephemeral": the card
                # comes back as a new object, the one its "it" means (the one that died is gone)
                obj = self._new_object(card.name, card, t, False, controller=controller)
                obj.summoned_by, obj.made = card.name, "returned"
                obj.renewed = f"{card.name} returned to the field at moment {t}, so it is a new object"
                counters = _WITH_COUNTERS.match(" " + back.group(1).strip())
                if counters:  # "return Crossroads Specter to the field with a buff counter on it"
                    kind = counters.group(2).lower()
                    obj.counters[kind] = obj.counters.get(kind, 0) + _NUMBER.get(counters.group(1).lower(), 1)
                made.append(obj)
                self.note(notes.returned_new(card.name))
        return made

    def _that_many(self, card: Card, text: str, m: re.Match[str]) -> tuple[int, tuple[str, int] | None]:
        """"Sacrifice any number of domains then summon that many Automaton Drone tokens. Each of those tokens enters
        the field rested with an amount of buff counters on it equal to the amount of domains sacrificed this way":
        how many (a count given whose words name what was sacrificed, or "that many"), else one, said; the counters
        each token enters with are that many too."""
        before = re.search(r"any (?:number|amount) of ([\w ]+?)(?: then\b|,|\.|$)", text[: m.start()], re.I)
        noun = _words(before.group(1)) if before else set()
        key = next((k for k in self.counts if (noun and noun & _words(k)) or "that many" in k.lower()), None)
        if key is not None:
            self.counts_used.add(key)
            n, given = self.counts[key], True
        else:
            n, given = 1, False
            what = f"{before.group(1)} {'sacrificed' if 'acrifice' in text[: m.start()] else 'chosen'}" \
                if before else "that many"
            self.note(notes.that_many(card.name, m.group(2).strip(), what))
            said = f"one {m.group(2).strip()} token is assumed (“that many”: how many {what} is not given; " \
                   f"--count \"{what}=N\")"
            if said not in self.said_first:
                self.said_first.append(said)
        equal = re.search(r"with an amount of (\w+) counters on it equal to the amount of ", text[m.end():], re.I)
        return n, ((equal.group(1).lower(), n) if equal and given else None)

    def _start_each(self, card: Card, effect: ReadEffect, spec: EffectSpec, t: int,
                    source: Obj | None) -> list[Instance]:
        """"Suppress up to three target allies, items, or weapons": one instance per target (named "-> #1, #2", or
        every object that fits when no more fit than the card allows, taken as chosen and said)."""
        most = _targets_allowed(effect.affected.text) if effect.affected.target and not effect.mode else 1
        if most <= 1:
            return [self._start(card, effect, spec, t, source)]
        named = [n.strip() for n in (spec.target or "").split(",") if n.strip()]
        if len(named) > most:
            raise QuestionError(f"{card.name} has at most {most} targets ({effect.affected.text}); "
                                f"{len(named)} were named.")
        if len(named) > 1:
            return [self._start(card, effect, replace(spec, target=one), t, source) for one in named]
        if named:
            return [self._start(card, effect, spec, t, source)]
        probe = Instance(0, "", card, effect, t, t, spec.controller, self.turn, source=source)
        fits = [o for o in self.objects if o.left is None and o.entered <= t and o is not source
                and o.zone == effect.affected.zone and self._target_fits(effect.affected, o)[0]
                and self._controller_fits(effect.affected, o, probe)[0]]
        if not 1 <= len(fits) <= most:
            return [self._start(card, effect, spec, t, source)]
        self.note(notes.all_targets(card.name, effect.affected.text, [o.describe() for o in fits]))
        asked = sorted((o for o in self.objects if o.asked), key=lambda o: o.written)
        return [self._start(card, effect, replace(spec, target=f"#{asked.index(o) + 1}" if o in asked else o.text),
                            t, source) for o in fits]

    def _start(self, card: Card, effect: ReadEffect, spec: EffectSpec, t: int, source: Obj | None) -> Instance:
        standing = effect.origin is Origin.STANDING
        timestamp = t
        if standing and source is not None:
            timestamp = source.entered
            for lineage_card, stamp in source.lineage:
                if lineage_card.name == card.name:
                    timestamp = stamp
        inst = Instance(len(self.instances) + 1, self._label(card, effect, spec), card, effect, t, timestamp,
                        spec.controller, self.turn, source=source)
        if effect.affected.target and effect.mode:
            try:  # a mode whose target is not there is a mode not chosen (decided once all modes started)
                inst.target = self._target(inst, spec, t)
            except QuestionError as refused:
                inst.misfit = str(refused)
        elif effect.affected.target:
            inst.target = self._target(inst, spec, t)
        if effect.kind is Kind.ONE_SHOT:
            inst.captured = frozenset(o.id for o in self.objects
                                      if (o.entered < t or (o.summoned_by == card.name and o.entered == t))
                                      and o.left is None and self._in_set(effect.affected, o, inst)[0])
            if effect.affected.self_only and source is not None and source.left is None and not is_permanent(card):
                # "Backstab gets +2 POWER": the card itself is its set, even when it came with the effect
                inst.captured |= {source.id}
        if effect.prop == "zone" and inst.target is not None and inst.target.left is None:
            # suppressed: banished now (what other effects gave it ends), back as a new object at the next end phase
            self._gone(inst.target, t)
            self.note(notes.suppressed(inst.label, inst.target.describe()))
        if effect.form is Form.DURING_NEXT_TURN:
            inst.status, inst.status_why = "not-started", "it starts with its controller's next turn"
        if effect.delayed:  # a delayed trigger: it resolves (and fixes its set) when that moment comes
            inst.status, inst.status_why = "not-started", f"it waits for “{effect.delayed}”"
            inst.captured = frozenset()
            self.note(notes.delayed(inst.label, effect.delayed))
        if effect.disagreements:
            self.note(notes.annotation_disagrees(inst.label, effect.disagreements))
        elif effect.annotated:
            self.note(notes.annotated(inst.label, effect.annotated))
        if effect.affected.unchecked:
            self.note(notes.unchecked(inst.label, effect.affected.unchecked))
        by_count = self._settle_by_count(inst) or self._settle_by_control(inst, t)
        if effect.condition and not by_count:
            self.note(notes.condition_assumed(inst.label, effect.condition))
        if by_count:
            pass  # "If there are four or more water element cards in your graveyard": decided by the count given
        elif effect.requires and self._settle_requirement(inst):
            pass  # "If that ally is a Shenju": decided by the target as written
        elif effect.requires and effect.instead:
            inst.status = "off"
            inst.status_why = f"it replaces the effect before it only if {effect.requires}, which the question " \
                              "does not say"
            self.note(notes.instead_off(inst.label, effect.requires))
        elif effect.requires:
            self.note(notes.requirement_met(inst.label, effect.requires))
        if effect.prop == "property":
            self.note(notes.PROPERTY_LAYER)
        if effect.counter_kind:
            self.cite("GA14")
        elif effect.origin is not Origin.STANDING and effect.form is Form.GAME and not effect.form_words:
            self.note(notes.RESOLVED_GAME)
        self.instances.append(inst)
        return inst

    def _target(self, inst: Instance, spec: EffectSpec, t: int) -> Obj:
        legal = [o for o in self.objects if (o.left is None and o is not inst.source) or (
            o is inst.source and "another" not in inst.read.affected.text.lower() and o.left is None)]
        fits = [o for o in legal if o.entered <= t and self._target_fits(inst.read.affected, o)[0]
                and (o.zone == inst.read.affected.zone) and self._controller_fits(inst.read.affected, o, inst)[0]]
        earlier = next((i.target for i in self.instances if i.card is inst.card and i.moment == inst.moment
                        and i.target is not None), None)
        if not spec.target and earlier is not None and earlier in fits:
            return earlier  # "Put a buff counter on another target ally ... put two on it instead": the same one
        if spec.target:
            chosen = self._find_target(spec.target, t)
            ok, why = self._target_fits(inst.read.affected, chosen)
            if ok:  # "target ally you control", "an ally you control": whose it is counts too
                ok, why = self._controller_fits(inst.read.affected, chosen, inst)
            if not ok:
                raise QuestionError(f"{spec.target} cannot be the target of {inst.label} ({why}); legal targets: "
                                    f"{_choices(fits)}.")
            return chosen
        if len(fits) == 1:
            self.note(notes.only_target(inst.label, fits[0].describe()))
            return fits[0]
        if not fits and _hit_champion(inst):
            # "On Champion Hit: The hit champion ...": the opposing champion, there all game
            hit = ObjectSpec(text="champion:opponent", types=frozenset({"champion"}), controller="opponent")
            obj = self._new_object("champion:opponent", None, 0, True, hit)
            self.note(notes.hit_champion(inst.label))
            return obj
        if not fits and _own_attack(inst):
            # "On Attack: ... this attack gets +2 POWER": the attack its source is making; a later --object attack
            # is that attack (merged when written)
            own = ObjectSpec(text="attack", types=frozenset({"attack"}), controller=inst.controller)
            obj = self._new_object("attack", None, t, False, own)
            obj.implicit = f"the attack {inst.card.name} is making"
            obj.summoned_by = inst.card.name  # there as the ability resolves: inside the set it fixes
            self.note(notes.own_attack(inst.label, inst.card.name))
            return obj
        if not fits:
            raise NoTarget(f"{inst.label} needs a target ({inst.read.affected.text}) and nothing in the scenario "
                           f"before it fits; add one with --object before it, e.g. --object "
                           f"{_example(inst.read.affected)}.")
        most = _targets_allowed(inst.read.affected.text)
        if most > 1:
            raise QuestionError(f"{inst.label} takes up to {most} targets ({inst.read.affected.text}); name them with "
                                f"“-> #1, #2”: {_choices(fits)}.")
        raise QuestionError(f"{inst.label} needs one target ({inst.read.affected.text}); name it with “-> TARGET”: "
                            f"{_choices(fits)}.")

    def _target_fits(self, spec: SetSpec, obj: Obj) -> tuple[bool, str]:
        """A target fits the set's words; for "target unit's attacks" the target is a unit (or one of its attacks)."""
        if spec.attacks_of and obj.types & {"ally", "champion", "unit"}:
            if spec.subtypes and not spec.subtypes & obj.subtypes:  # "Target Warrior ally's next attack"
                return False, f"it is not {' or '.join(sorted(spec.subtypes))}"
            return True, ""
        if spec.attacks_of and spec.next_only:  # "Target unit's next attack": the target is the unit, never an attack
            return False, "it is an attack; the target is the unit whose next attack it changes"
        return self._kind_fits(spec, obj)

    def _find_target(self, text: str, t: int) -> Obj:
        asked = sorted((o for o in self.objects if o.asked), key=lambda o: o.written)
        if text.strip().startswith("#") and text.strip()[1:].isdigit():
            n = int(text.strip()[1:])
            if 1 <= n <= len(asked):
                return asked[n - 1]
            raise QuestionError(f"There is no object #{n}; objects: {_choices(asked)}.")
        for o in reversed(self.objects):
            if fold(o.text) == fold(text) or (o.card is not None and fold(o.card.name) == fold(text)):
                return o
        card = self.lookup(text)
        for o in reversed(self.objects):
            if (o.card is not None and o.card.name == card.name) or any(c.name == card.name for c, _ in o.lineage):
                return o  # (a champion card in a written champion's lineage is that champion)
        raise QuestionError(f"The target “{text}” is not in the scenario; objects: {_choices(self.objects)}.")

    # --- events ------------------------------------------------------------------------------------------
    def _scenario_cards(self) -> list[str]:
        names = [o.card.name for o in self.objects if o.card is not None]
        names += [i.card.name for i in self.instances if not i.event]
        names += [o.card for o in self.one_time]  # (its leaving ends nothing: nothing of it lasted)
        return list(dict.fromkeys(names))

    def _card_in_scenario(self, event: EventSpec) -> Card:
        assert event.card is not None
        names = self._scenario_cards()
        for name in names:
            if fold(name) == fold(event.card):
                return next(c for c in self._cards() if c.name == name)
        card = self.lookup(event.card)
        if card.name not in names:
            raise QuestionError(f"{event.kind}:{event.card} names a card that is not in the scenario before it; "
                                f"cards in it: {', '.join(names) or 'none'}.")
        return card

    def _cards(self) -> list[Card]:
        return [o.card for o in self.objects if o.card is not None] + [i.card for i in self.instances] + [
            self.lookup(o.card) for o in self.one_time]

    def _event(self, event: EventSpec, t: int) -> None:
        if event.kind == "leaves" and event.card is not None:  # an object written in the question leaves the field
            obj = self._find_target(event.card, t)
            self.labels.append(f"{t}. then leaves:{obj.card.name if obj.card is not None else obj.text}")
            if obj.card is not None and any(i.source is obj for i in self.instances):
                self._leaves(obj.card, t)  # a source: as source-leaves
            self._object_leaves(obj, t)
            return
        if event.card is not None and event.kind != "level-up":
            self.labels.append(f"{t}. then {event.kind}:{self._card_in_scenario(event).name}")
        elif event.card is not None:  # (level-up:champion: a level up into a champion card not named)
            unnamed = event.card.strip().lower() in ("champion", "a champion", "your champion", "the champion")
            self.labels.append(f"{t}. then {event.kind}:{'champion' if unnamed else self.lookup(event.card).name}")
        else:
            self.labels.append(f"{t}. then {event.kind}")
        if event.kind == "end-of-turn":
            self._end_of_turn(t, skipped=False)
        elif event.kind == "end-phase-skipped":
            self._end_of_turn(t, skipped=True)
        elif event.kind == "end-of-combat":
            for inst in self.instances:
                if inst.read.form is Form.END_OF_ATTACK:
                    self._end(inst, t, "the combat its attack was in ended")
            self._combat_over(t)
        elif event.kind == "level-up":
            self._level_up(event, t)
        else:
            card = self._card_in_scenario(event)
            if event.kind == "source-leaves":
                self._leaves(card, t)
            elif event.kind == "loses-abilities":
                self._loses(card, t)
            else:
                self._condition(card, event.kind == "condition-true", t, event.part)

    def _combat_over(self, t: int) -> None:
        """At the end of combat no unit is attacking, defending or retaliating any more: a condition that says one is
        ("as long as Crimson Tear is attacking ...") no longer holds (GA4), until a new combat says otherwise."""
        for inst in self.instances:
            words = f"{inst.read.condition} {inst.read.requires}" if inst.read.condition else ""
            if inst.status == "active" and re.search(r"\b(attacking|retaliating|defending|attacker|defender|"
                                                     r"intercepting)\b", words, re.I):
                inst.status = "off"
                inst.condition_on, inst.condition_given = False, True
                inst.status_why = f"its condition ({inst.read.condition}) no longer holds: the combat ended at " \
                                  f"moment {t}, and no unit is attacking or defending after it"
                inst.status_rules.append("GA4")

    def _turn_conditions_over(self, t: int) -> None:
        """A condition about what happened "this turn" ("as long as your champion has dealt 3 or more combat damage
        this turn") is about the new turn once a turn passes: taken not to hold until it happens again, aloud."""
        for inst in self.instances:
            if inst.status == "active" and inst.read.condition and re.search(r"\bthis turn\b", inst.read.condition,
                                                                             re.I):
                inst.status = "off"
                inst.condition_on = False
                inst.status_why = f"its condition ({inst.read.condition}) was about the turn that ended at moment " \
                                  f"{t}; in the new turn it is taken not to hold until it happens again " \
                                  "(condition-true if it does)"
                inst.status_rules.append("GA4")
            elif inst.status == "active" and inst.read.condition and _DISTANT.search(inst.read.condition):
                # "Ranged 4 (As long as this unit is distant, ...)": units stay distant until the end of their
                # controller's turn (the official reminder of distant), so the condition ends with that turn
                owner = inst.source.controller if inst.source is not None else inst.controller
                if owner != _player_of_turn(self.turn):
                    continue
                inst.status = "off"
                inst.condition_on = False
                inst.status_why = f"its condition ({inst.read.condition}) no longer holds: units stay distant only " \
                                  "until the end of their controller's turn, and that turn ended"
                inst.status_rules.append("GA4")
                self.note(notes.distant_ends(inst.label))

    def _end(self, inst: Instance, t: int, why: str, *rules: str) -> None:
        if inst.status in ("active", "off", "not-started"):
            inst.status, inst.ends_on, inst.status_why = "ended", f"moment {t}", why
            inst.status_rules += list(rules)

    def _end_of_turn(self, t: int, skipped: bool) -> None:
        if skipped:
            self.cite("GA12")
            self.skipped_end = True
        else:
            for inst in self.instances:
                if inst.read.delayed and inst.status == "not-started":
                    continue  # it has not resolved yet: nothing of it can end
                if inst.read.form is Form.END_OF_ATTACK:
                    self._end(inst, t, "its attack's turn ended, and the attack with it")
                if inst.read.form is Form.END_OF_TURN and not self._controllers_turn(inst):
                    continue  # "distant until the end of its controller's turn": the other player's turn ends
                if inst.read.form is Form.END_OF_TURN:
                    began = inst.started_turn if inst.started_turn is not None else inst.turn
                    late = " (its turn's end phase was skipped, so it lasted to this one)" if began < self.turn \
                        and "controller's turn" not in inst.read.form_words else ""
                    self._end(inst, t, "it came back to the field at the beginning of the end phase, as a new "
                              "object" if inst.read.prop == "zone" else f"the end phase's clean-up ended it{late}",
                              "GA11")
                if inst.read.form is Form.DURING_NEXT_TURN and inst.started_turn == self.turn:
                    self._end(inst, t, "its turn ended", "GA11")
                if inst.read.form is Form.NEXT_TURN_END and self.turn > inst.turn and \
                        _player_of_turn(self.turn) == inst.controller:
                    self._end(inst, t, "the clean-up of its controller's next turn ended it", "GA11")
        if not skipped:
            self._combat_over(t)  # the turn's combats are over too
            self._turn_conditions_over(t)
        self.turn += 1
        player = _player_of_turn(self.turn)
        for inst in self.instances:
            if inst.read.form is Form.NEXT_TURN_START and inst.controller == player and self.turn > inst.turn:
                self._end(inst, t, f"{'your' if player == 'you' else 'the opponent’s'} next turn began")
            if inst.read.delayed and inst.status == "not-started" and inst.controller == player:
                # "At the beginning of your next recollection phase": it resolves now, with what is there now
                inst.status, inst.started_turn, inst.moment, inst.timestamp = "active", self.turn, t, t
                inst.status_why = f"its delayed trigger resolved (“{inst.read.delayed}”)"
                if inst.read.kind is Kind.ONE_SHOT:
                    inst.captured = frozenset(o.id for o in self.objects if o.entered < t and o.left is None
                                              and self._in_set(inst.read.affected, o, inst)[0])
                continue
            if inst.read.form is Form.DURING_NEXT_TURN and inst.status == "not-started" and inst.controller == player:
                inst.status, inst.started_turn = "active", self.turn
                inst.status_why = "its controller's next turn began"
        if not self.opponent_start:  # (else the scenario was said to start on the opponent's turn)
            self.note(notes.FIRST_TURN)

    def _controllers_turn(self, inst: Instance) -> bool:
        """Whether the turn ending now is the turn of the controller of the objects an effect lasting "until the end
        of its controller's turn" changed (true for every other end-of-turn effect)."""
        if "controller's turn" not in inst.read.form_words:
            return True
        reached = [inst.target] if inst.target is not None else [o for o in self.objects if o.id in inst.captured]
        owners = {o.controller for o in reached if o is not None}
        return len(owners) != 1 or owners == {_player_of_turn(self.turn)}

    def _lineage_of(self, card: Card, controller: str, t: int) -> Obj | None:
        """A champion card asked about when its controller's champion is written as a kind (`--object champion`):
        the card is in that champion's lineage, so that champion is the source of its abilities (GA9)."""
        champion = next((o for o in self.objects if "champion" in o.types and o.card is None and o.left is None
                         and o.zone == "field" and o.controller == controller), None)
        if champion is not None:
            champion.lineage.append((card, t))
            self.note(notes.in_lineage(card.name, champion.text))
        return champion

    def _leaves(self, card: Card, t: int) -> None:
        if any(o.card == card.name for o in self.one_time) and not any(i.card.name == card.name
                                                                        for i in self.instances):
            self.note(notes.one_time_leaves(card.name))  # what it did stays: counters put, tokens made
        for champion in self.objects:  # a card leaving a written champion's lineage: its abilities end, not the object
            if champion.card is None and any(c.name == card.name for c, _ in champion.lineage):
                champion.lineage = [(c, s) for c, s in champion.lineage if c.name != card.name]
                for inst in self.instances:
                    if inst.source is champion and inst.card.name == card.name and inst.read.origin is Origin.STANDING:
                        self._end(inst, t, f"{card.name} left the champion's lineage", "GA9")
        for obj in self.objects:
            if obj.card is not None and obj.card.name == card.name and obj.left is None:
                self._gone(obj, t)
                for inst in self.instances:
                    if inst.source is obj and inst.read.origin is Origin.STANDING:
                        self._end(inst, t, f"its source {card.name} left the field", "GA3")
                    elif inst.source is obj and inst.read.form is Form.AS_LONG_AS and "control" in inst.read.condition:
                        self._end(inst, t, f"its condition ({inst.read.condition}) can no longer hold", "GA4")

    def _loses(self, card: Card, t: int) -> None:
        obj = next((o for o in reversed(self.objects) if (o.card is not None and o.card.name == card.name)
                    or any(c.name == card.name for c, _ in o.lineage)), None)
        if obj is None:
            raise QuestionError(f"loses-abilities:{card.name} needs {card.name} on the field; it is only a resolved "
                                "card here.")
        read = ReadEffect(part="-", index=1, sentence=f"{card.name} loses all abilities (event)", kind=Kind.ONE_SHOT,
                          kind_words="an event of the scenario", origin=Origin.ABILITY,
                          origin_words="an effect not named in the scenario", layer="D",
                          layer_words="loses all abilities", prop="abilities", change="loses all abilities",
                          affected=SetSpec(card.name, self_only=True), form=Form.GAME, form_words="",
                          removes_abilities=True)
        inst = Instance(len(self.instances) + 1, f"loses-abilities: {card.name}", card, read, t, t, "you", self.turn,
                        source=obj, event="loses-abilities")
        inst.captured = frozenset({obj.id})
        self.instances.append(inst)
        self.note(notes.LOSS_EVENT)

    def _condition(self, card: Card, on: bool, t: int, part: str = "") -> None:
        """condition-true/false:CARD[#N]: an "as long as" or bonus condition switches (GA4); a requirement checked
        as it resolved was (not) met; an "... instead" alternative takes over (or not)."""
        def named(i: Instance) -> bool:
            return i.card.name == card.name and (not part or i.read.label == part or i.read.part == part)
        mine = [i for i in self.instances if named(i) and (i.read.condition or i.read.requires)]
        costs = [o for o in self.one_time if o.card == card.name and (not part or part in o.labels)
                 and " as long as " in o.cost]
        for once in costs:  # "This ability costs (2) less to activate as long as Lena is distant"
            once.cost = self._ability_cost(once.cost_text, on)
        if costs and not mine:
            return
        if not mine and any(named(i) and re.fullmatch(r"pride \d+", i.read.change) for i in self.instances):
            # "Pride 2 (This ally won't obey you unless your champion is level 2 or higher.)": its condition is the
            # champion's level; condition-true: it is that level or higher from now on, condition-false: below it
            self.pride_given[card.name] = (on, t)
            return
        paragraphs = paragraphs_of(card)
        exalted_part = part.isdigit() and 0 < int(part) <= len(paragraphs) and bool(
            _EXALTED.match(paragraphs[int(part) - 1]))  # "#N" names the Exalted reminder itself
        gated = [o for o in self.one_time if o.card == card.name and o.class_gate and (not part or part in o.labels)
                 and not exalted_part]
        if gated and not mine:  # "[Class Bonus] Floating Memory", "[Class Bonus] Gather": the bonus said to hold or not
            event = f"condition-{'true' if on else 'false'}:{card.name}" + (f"#{part}" if part else "")
            for once in gated:
                once.class_met, once.class_given = on, True
                once.class_why = "the question says so"
                self.note(notes.class_given(card.name, event, on))
            return
        if not mine and _EXALTED.search(card.text):
            # "(Exalted — This element is enabled for you as long as you have another advanced element enabled.)":
            # switched by the event like any "as long as" (GA4); it decides whether the card's element is enabled,
            # a rule for activating it, so what it did or has on the field is not undone
            event = f"condition-{'true' if on else 'false'}:{card.name}" + (f"#{part}" if part else "")
            for once in self.one_time:
                if once.card == card.name and once.exalted:
                    once.exalted_given = (on, t)
            self.note(notes.exalted_given(card.name, event, on, t))
            self.cite("GA4")
            return
        if not mine:
            with_conditions = sorted({f"{i.card.name}#{i.read.label}" for i in self.instances
                                      if i.read.condition or i.read.requires})
            where = f" in paragraph {part}" if part else ""
            raise QuestionError(f"{card.name} has no condition{where} in this scenario (“as long as”, a bonus, an "
                                f"“if”); conditions here: {', '.join(with_conditions) or 'none'}.")
        for inst in mine:
            if on and inst.read.mode and (inst.target is not None or not inst.misfit):
                for other in self.instances:  # "Choose one": the mode said to happen is the only one
                    if other.card is inst.card and other.moment == inst.moment and other.read.part == \
                            inst.read.part and other.read.mode and other.read.mode != inst.read.mode:
                        other.status = "off"
                        other.status_why = f"its mode was not chosen: “{inst.read.mode}” was"
            inst.condition_on = on
            inst.condition_given = True
            if inst.read.condition and inst.status in ("active", "off"):
                inst.status = "active" if on else "off"
                inst.status_why = f"its condition ({inst.read.condition}) {'holds' if on else 'no longer holds'} " \
                                  f"at moment {t}"
                inst.status_rules.append("GA4")
            elif inst.read.requires:
                self._requirement(inst, on)

    def _requirement(self, inst: Instance, met: bool) -> None:
        """A requirement checked as the effect resolved ([Class Bonus], "If that ally is unique,")."""
        replaced = self._replaced(inst) if inst.read.instead else None
        if met:
            inst.status, inst.status_why = "active", f"its requirement ({inst.read.requires}) was met as it resolved"
            if replaced is not None and replaced.status == "active":
                replaced.status = "off"
                replaced.status_why = f"{inst.label} applies instead ({inst.read.requires})"
        else:
            inst.status, inst.status_why = "off", f"its requirement ({inst.read.requires}) was not met as it " \
                                                  "resolved, so it did nothing"
            if re.search(r"\bif\b", inst.read.requires, re.I) and inst.read.kind is Kind.ONE_SHOT:
                # "On Attack: If ... is attacking a rested unit, it gets +3": checked once, as it resolves; a change
                # after that undoes nothing, and the event cannot say which moment it means: both are said
                inst.status_why += " (read as not met then; had it been met as it resolved and changed only later, " \
                                   "the effect would stay: an “If” is checked once, as it resolves)"
            if replaced is not None and replaced.status == "off":
                replaced.status, replaced.status_why = "active", f"{inst.label} does not replace it"

    def _replaced(self, inst: Instance) -> Instance | None:
        """The effect an "... instead" sentence replaces: the one before it in the same resolution changing the
        same thing."""
        alternative = inst.read.requires.startswith("otherwise")  # "Otherwise, ...": whatever the other one changes
        earlier = [i for i in self.instances if i.card is inst.card and i.moment == inst.moment and i.id < inst.id
                   and (alternative or i.read.prop == inst.read.prop or bool(inst.read.counter_kind))
                   and not i.read.instead]
        return earlier[-1] if earlier else None

    def _level_up(self, event: EventSpec, t: int) -> None:
        assert event.card is not None
        unnamed = event.card.strip().lower() in ("champion", "a champion", "your champion", "the champion")
        card = None if unnamed else self.lookup(event.card)
        if card is not None and "champion" not in types_of(card):
            raise QuestionError(f"level-up:{card.name}: {card.name} is not a champion card.")
        champion = next((o for o in reversed(self.objects) if "champion" in o.types and o.left is None), None)
        if champion is None:
            raise QuestionError("level-up needs a champion in the scenario first: --object champion, or --effect "
                                "with a champion card.")
        if card is None:
            # "my champion levels up" with the new card not named: the champion's own text is no longer its text,
            # and its lineage (with what was put in it) stays (GA9)
            for inst in self.instances:
                if inst.source is champion and inst.read.origin is Origin.STANDING and not inst.read.inherited and \
                        "inherited effect" not in inst.read.sentence.lower():
                    self._end(inst, t, f"the champion levelled up: {inst.card.name}'s text is no longer the "
                                       "champion's text", "GA9")
            self.cite("GA9")
            self.note(notes.level_up("a champion card not named", champion.card.name if champion.card else
                                     "the champion"))
            if "level" in champion.counters:  # champion[level=1] then level-up:champion: one level higher
                champion.counters["level"] += 1
                champion.levelled += 1
                self.note(notes.level_up_written(champion.counters["level"]))
            return
        old = champion.card
        for inst in self.instances:
            if inst.source is champion and inst.read.origin is Origin.STANDING and not inst.read.inherited and \
                    "inherited effect" not in inst.read.sentence.lower():
                self._end(inst, t, f"the champion levelled up into {card.name}: {inst.card.name}'s text is no longer "
                                   "the champion's text", "GA9")
        champion.card = card
        champion.types = frozenset(types_of(card))
        champion.subtypes = frozenset(subtypes_of(card))
        champion.lineage.append((card, t))
        self.cite("GA9")
        self.note(notes.level_up(card.name, old.name if old else "the champion"))
        reading = annotated_reading(card, self._notes_of(card))
        spec = EffectSpec(text=card.name, card=card.name, controller=champion.controller)
        for p in reading.paragraphs:
            for effect in p.effects:
                if effect.origin is Origin.STANDING:
                    self._start(card, effect, spec, t, champion)

    # --- judging -----------------------------------------------------------------------------------------
    def reach(self, inst: Instance, obj: Obj) -> Reach | None:
        spec = inst.read.affected
        fits, why_not = self._in_set(spec, obj, inst)
        if not fits and spec.attacks_of and obj is inst.target:  # the unit whose attacks it changes: say so
            return Reach(inst, False, why_not, ["GA1" if inst.read.kind is Kind.ONE_SHOT else "GA2", "GA7"],
                         f"it changes the attacks that unit makes ({inst.read.change}), not the unit itself")
        if not fits and spec.attacks_of and spec.target and "attack" in obj.types and inst.target is not None \
                and obj is not inst.target:  # "Target unit's next attack" and an attack declared before it: say so
            return Reach(inst, False, why_not, ["GA1" if inst.read.kind is Kind.ONE_SHOT else "GA2", "GA7"],
                         why_not + " (name the attack after the effect if it comes later)"
                         if "before the effect" in why_not else why_not)
        if not fits and (spec.self_only or spec.target or why_not.startswith("it is not")):
            return None  # this effect could never reach this object
        kind = "GA1" if inst.read.kind is Kind.ONE_SHOT else "GA2"
        rules = [kind, "GA7"]
        if not fits:
            return Reach(inst, False, f"not in its set “{spec.text}”: {why_not}", rules,
                         f"it is not one of {quoted(spec.text, 50)} ({why_not.split(' (')[0]})")
        if inst.read.displaced and inst.read.displaced[0] in (obj.subtypes | obj.supertypes | obj.types):
            word, sentence = inst.read.displaced
            return Reach(inst, False, f"it is {word}, so “{sentence}” happens instead", rules,
                         f"it is {word}, so “{sentence}” happens instead")
        if spec.next_only:
            first = self._next_one(inst)
            if first is None and not spec.played and obj.entered <= inst.moment:
                # "your next attack": an attack written before the effect was declared before it
                return Reach(inst, False, f"only the next one is reached ({spec.text}), and this one was there "
                                          f"before the effect (entered at {obj.entered})", rules,
                             "it was there before the effect, which reaches only the next one to come (name it "
                             "after the effect if it comes later)")
            if first is not obj and not (spec.next_together and first is not None and obj.entered == first.entered
                                         and obj.left is None and self._in_set(spec, obj, inst)[0]):
                which = first.describe() if first is not None else "none yet"
                return Reach(inst, False, f"only the next one is reached ({spec.text}): {which}", rules,
                             f"only the next one is reached, and that is {which}")
        if obj.left is not None and obj.left <= len(self.labels) and not (inst.read.prop == "zone"
                                                                           and inst.target is obj):
            return Reach(inst, False, f"{obj.describe()} left the field at moment {obj.left}; it would come back as a "
                                      "new object", rules, "it left the field")
        later_attack = spec.attacks_of and obj is not inst.target  # the target unit's attacks to come
        waiting = inst.read.delayed and inst.status == "not-started"  # its set is fixed only when it resolves
        # a resolved rule (a prevention, "allies enter the field rested") changes no characteristic: the official
        # one-shot rule fixes the set only of effects that change characteristics, so a rule covers later objects
        ruled = inst.read.layer == "-" and inst.read.prop == "rule"
        if ruled and obj.id not in inst.captured and obj.entered >= inst.moment:
            self.note(notes.rule_covers_later(inst.label))
        if inst.read.kind is Kind.ONE_SHOT and obj.id not in inst.captured and not spec.next_only and not later_attack \
                and not waiting and not ruled:
            if obj.entered >= inst.moment and obj.renewed:
                return Reach(inst, False, f"one-shot: {obj.renewed}, which its set fixed at {inst.moment} does not "
                                          "hold", rules, "it left the field and came back as a new object, which the "
                                                         "effect does not reach")
            if obj.entered >= inst.moment and "attack" in obj.types and _POSSESSED_ATTACKS.search(spec.text):
                # "Until end of turn, Lorraine's attacks get +2 POWER" (On Enter): the rules' one-shot set leaves out
                # an attack declared later, but the words are about the unit, there when it resolved; not settled
                if inst.status == "ended":  # over either way: that is the answer
                    return Reach(inst, False, f"it ended at {inst.ends_on}: {inst.status_why}",
                                 rules + inst.status_rules, f"the effect has ended ({inst.status_why})")
                self.note(notes.attacks_of_unit(inst.label, spec.text))
                return Reach(inst, False, f"one-shot ({inst.read.kind_words}): its set was fixed when it resolved "
                                          f"at {inst.moment}; this attack was declared at {obj.entered}, after it "
                                          "(read literally; not settled by the rules)", rules,
                             f"it was declared after the effect resolved, and read as the rules' one-shot set the "
                             f"effect reaches only what was there then; read as a change to the unit whose attacks "
                             f"they are (“{spec.text}”), this attack would get it too: the rules do not settle which")
            if obj.entered >= inst.moment:
                return Reach(inst, False, f"one-shot ({inst.read.kind_words}): its set was fixed when it resolved "
                                          f"at {inst.moment}; this object entered at {obj.entered}, after it", rules,
                             "it entered after the effect resolved, and a one-shot effect reaches only what was "
                             "there then (name it before the effect if it was already on the field)")
            return Reach(inst, False, "one-shot: this object was not in its set when it resolved", rules,
                         "it was not in the effect's set when the effect resolved")
        rules += inst.status_rules
        if inst.status == "ended":
            return Reach(inst, False, f"it ended at {inst.ends_on}: {inst.status_why}", rules,
                         f"the effect has ended ({inst.status_why})")
        if inst.status == "not-started":
            return Reach(inst, False, f"not started yet: {inst.status_why}", rules,
                         f"the effect has not started yet ({inst.status_why})")
        if inst.status == "off":
            return Reach(inst, False, f"switched off: {inst.status_why}", rules,
                         inst.status_why if (inst.read.requires and not inst.read.condition) or inst.level_told
                         or inst.by_control else f"its condition ({inst.read.condition}) does not hold")
        lost = self._source_lost(inst)
        if lost is not None:
            verdict = self._after_loss(inst, lost)
            if verdict is not None:
                return Reach(inst, False, verdict, [*rules, "GA5"] + (["GA10"] if self.version == "current" else []),
                             f"its source lost its abilities ({lost.label}) first")
        if spec.next_only:
            why = (f"it is the next one ({spec.text}): the effect waits for it" + (
                   ", taken to be played first" if spec.played else f" and it entered at {obj.entered}"))
        elif inst.read.kind is Kind.ONE_SHOT:
            why = f"one-shot: it was in the set when the effect resolved at {inst.moment}"
        elif obj.entered > inst.timestamp:
            why = f"static ({inst.read.kind_words}): the set is re-checked at all times, so it covers this object " \
                  f"although it entered later ({obj.entered} > {inst.timestamp})"
        else:
            why = f"static ({inst.read.kind_words}): this object is in its set"
        if lost is not None:
            why += f"; its source lost its abilities, but layer {inst.read.layer} applies before the loss in layer D"
            rules.append("GA5")
        kind = self.assumed_kinds.get((inst.id, obj.id), "")
        if kind:
            why += f" (written without its card type, it is taken to be {_article(kind)} {kind})"
        return Reach(inst, True, why, rules, assumed=kind)

    def _next_one(self, inst: Instance) -> Obj | None:
        """The one object a "next ..." / "first ..." set reaches: the first card played after it (taken in the
        order written), or the first object of its kind entering after the effect (an attack)."""
        spec = inst.read.affected
        for o in self.objects:
            if o.left is None and self._in_set(spec, o, inst)[0] and (spec.played or o.entered > inst.moment):
                if spec.played:
                    self.note(notes.next_played(inst.label, o.describe()))
                return o
        return None

    def _source_lost(self, inst: Instance) -> Instance | None:
        """An active effect removing all abilities from this (standing) effect's source object."""
        if inst.read.origin is not Origin.STANDING or inst.source is None:
            return None
        for other in self.instances:
            if other is not inst and other.read.removes_abilities and other.status == "active" and \
                    other.moment >= inst.source.entered and self._reaches_object(other, inst.source):
                return other
        return None

    def _reaches_object(self, inst: Instance, obj: Obj) -> bool:
        spec = inst.read.affected
        if spec.self_only:
            return inst.source is obj
        if spec.target:
            return inst.target is obj
        ok = self._in_set(spec, obj, inst)[0]
        if ok and spec.next_only:
            return self._next_one(inst) is obj
        return ok and (inst.read.kind is Kind.STATIC or obj.id in inst.captured)

    def _after_loss(self, inst: Instance, loss: Instance) -> str | None:
        """Why a standing effect of an object that lost its abilities does not apply; None when it still does."""
        layer = inst.read.layer
        if layer < "D":
            return None
        if layer > "D":
            return f"its source lost all abilities ({loss.label}) in layer D, before layer {layer} is applied"
        if self.version == "current":
            return (f"it depends on {loss.label}, which removes its source's abilities: the dependency puts that loss "
                    "first (GA10), so in layer D this ability is already gone")
        if inst.timestamp < loss.timestamp:
            return None  # 2024 revision: timestamp order, the older grant is applied before the loss
        return f"in layer D the loss ({loss.label}, timestamp {loss.timestamp}) is older and applies first"

    def depends(self, a: Instance, b: Instance) -> bool:
        """a depends on b (GA10): same layer, and b changes what a does or reaches (current rules only)."""
        return self.version == "current" and self._would_depend(a, b)

    def _would_depend(self, a: Instance, b: Instance) -> bool:
        if a.read.layer != b.read.layer or a is b:
            return False
        if b.read.removes_abilities and a.read.origin is Origin.STANDING and a.source is not None and \
                self._reaches_object(b, a.source):
            return True
        spec = a.read.affected
        return bool(b.read.layer == "B" and b.read.adds and set(b.read.adds) & set(spec.types | spec.subtypes))

    def ordered(self, insts: list[Instance], obj: Obj | None = None) -> list[Placed]:
        placed: list[Placed] = []
        for layer in (*LAYERS, "-"):
            # counters placed on an object change it after the other changes of layer E (official "Counters")
            group = sorted((i for i in insts if (i.read.rule_layer[:1] or (i.read.layer,))[0] == layer),
                           key=lambda i: (bool(i.read.counter_kind), i.timestamp, i.id))
            if layer == "-":  # rules of the game and of players: no characteristic, so no layer (GA15)
                placed += [Placed(i, f"no layer: it changes a rule of the game or of a player (GA15); timestamp "
                                     f"{i.timestamp}") if i.read.prop not in ("lineage", "zone") else Placed(
                    i, "no layer: a card put into the lineage changes no characteristic; it stays there (GA9)"
                    if i.read.prop == "lineage" else "no layer: it moves the object, changing no characteristic")
                    for i in group]
                self._replacements_chosen(placed, obj)
                continue
            done: list[Instance] = []
            while group:
                ready = [i for i in group if not any(self.depends(i, j) for j in group if j is not i)]
                loop = not ready
                pick = (ready or group)[0]
                deps = [j for j in done if self.depends(pick, j)]
                if deps:
                    reason = f"layer {layer}; after {', '.join(d.label for d in deps)}, on which it depends (GA10), " \
                             f"whatever the timestamps"
                elif loop:
                    reason = f"layer {layer}; its dependencies form a loop: timestamp {pick.timestamp} orders it (GA6)"
                elif pick.read.counter_kind:
                    reason = f"layer {layer}, counters after the other changes of layer E (GA14); timestamp " \
                             f"{pick.timestamp} (GA6, GA7)"
                elif pick.read.rule_layer:  # "as though it had fast activation": a rule the layer list names
                    reason = f"layer {layer} (GA5): {pick.read.rule_layer[1]}; timestamp {pick.timestamp} (GA6, GA7)"
                else:
                    reason = f"layer {layer} (GA5); timestamp {pick.timestamp} (GA6, GA7)"
                placed.append(Placed(pick, reason))
                done.append(pick)
                group.remove(pick)
        # GA8: of exclusive effects setting one property, the newest wins
        for i, p in enumerate(placed):
            if not p.inst.read.exclusive:
                continue
            newer = [q for q in placed[i + 1:] if q.inst.read.exclusive and q.inst.read.prop == p.inst.read.prop
                     and q.inst.read.layer == p.inst.read.layer and q.inst.timestamp >= p.inst.timestamp]
            if newer:
                p.reason += f"; overridden by the newer {newer[-1].inst.label}: exclusive, the newest wins (GA8)"
        return placed

    def _replacements_chosen(self, placed: list[Placed], obj: Obj | None) -> None:
        """Two or more replacement effects (a prevention, "double that damage", "... instead") changing the same
        event on one object: the player who controls that object chooses their order, one at a time (GA17), so
        their timestamps are not the order."""
        events: dict[str, list[Placed]] = {}
        for p in placed:
            event = replaced_event(p.inst)
            if event:
                events.setdefault(event, []).append(p)
        who = "you (its controller)" if obj is not None and obj.controller == "you" else \
            "your opponent (its controller)"
        for event, same in events.items():
            if len(same) < 2:
                continue
            self.cite("GA17")
            for p in same:
                others = ", ".join(q.inst.label for q in same if q is not p)
                p.chosen = event
                if obj is None:  # all the scenario's effects: they may be about different objects
                    p.reason = (f"a replacement effect ({event}): where it and {others} change the same event, the "
                                "player who controls the object it happens to chooses the order they apply in, one "
                                f"at a time (GA17); its timestamp ({p.inst.timestamp}) does not order them")
                    continue
                p.reason = (f"a replacement effect: it and {others} change the same {event}, so {who} "
                            f"{'choose' if who.startswith('you ') else 'chooses'} the order they apply in, one at "
                            f"a time (GA17); its timestamp ({p.inst.timestamp}) does not order them")

    def _count_key(self, inst: Instance) -> str | None:
        """The given count that matches what the effect counts (by its words, or by the card's name)."""
        wanted = _words(inst.read.per)
        for key in self.counts:
            words = _words(key)
            if words and (words <= wanted or wanted <= words or fold(key) == fold(inst.card.name)):
                return key
        return None

    def count_of(self, inst: Instance) -> tuple[int, bool]:
        """How many of what a "for each" counts: given in the question (matched by its words), else one step
        (one, or N for "for every N ..."), said."""
        key = self._count_key(inst)
        if key is not None:
            self.counts_used.add(key)
            n = self.counts[key]
            return (min(n, inst.read.cap) if inst.read.cap is not None else n), True
        self.note(notes.count_assumed(inst.label, inst.read.per, inst.read.every))
        return inst.read.every, False

    def _own_counters(self, inst: Instance, obj: Obj) -> tuple[int, bool] | None:
        """"+2 POWER for each refinement counter on it": the counters written on the object itself count
        ("Arondight, Azure Blade[refinement=2]"), as given; "... damage counters on your champion": those written on
        the champion its controller controls; "on your Fractured Memories": on the object of that name."""
        read = inst.read
        m = re.fullmatch(r"(?:the )?(?:amount of )?([a-z]+) counters? on (it|them|this \w+|your champion|.+)",
                         read.per.strip().lower())
        if m is None:
            return None
        kind, where = m.group(1), m.group(2)
        holder: Obj | None = None
        names = {n.lower() for n in short_names(obj.card)} if obj.card is not None else set()
        if where in ("it", "them") or where.startswith("this ") or where in names:
            holder = obj if kind in self._counters_on(obj) else None
        if holder is None and where in ("your champion", "them"):
            holder = next((o for o in reversed(self.objects) if "champion" in o.types and o.left is None
                           and o.zone == "field" and o.controller == inst.controller
                           and kind in self._counters_on(o)), None)
        if holder is None:
            named = where.removeprefix("your ")
            # (a source sacrificed to pay for the ability counts as it last was: "Sacrifice Wildgrowth Elixir: ...")
            holder = next((o for o in reversed(self.objects) if o.card is not None
                           and named in {n.lower() for n in short_names(o.card)}
                           and kind in self._counters_on(o)), None)
        if holder is None:
            return None
        n = self._counters_on(holder)[kind]
        if kind == "damage" and "champion" in holder.types:
            n += self._damage_first(inst, n)
        return (min(n, read.cap) if read.cap is not None else n), True

    def _counters_on(self, obj: Obj) -> dict[str, int]:
        """The counters on an object: written with it, and put on it by the scenario's effects (a fixed number;
        "Put a preparation counter on your champion")."""
        placed = self.placed.get(obj.id, {})
        return {k: obj.counters.get(k, 0) + placed.get(k, 0) for k in {*obj.counters, *placed}}

    def _place_counters(self) -> None:
        """Before anything counts them: the counters the effects put on each object they reach."""
        self.placed = {}
        for inst in self.instances:
            n = inst.read.amounts[0][1] if inst.read.counter_kind and inst.read.amounts else None
            if n is None or inst.read.per:
                continue
            for obj in self.objects:
                reach = self.reach(inst, obj)
                if reach is not None and reach.applies and self._adds_counters(inst, obj):
                    mine = self.placed.setdefault(obj.id, {})
                    mine[inst.read.counter_kind] = mine.get(inst.read.counter_kind, 0) + abs(n)

    def _adds_counters(self, inst: Instance, obj: Obj) -> bool:
        """A card's own ability putting counters on itself ("put a refinement counter on Arondight") adds nothing to
        counters of that kind written on it: what is written is taken as all it has now (said)."""
        if obj is inst.source and inst.read.counter_kind in obj.counters:
            self.note(notes.written_counters_all(obj.text, inst.read.counter_kind, inst.label))
            return False
        return True

    def _damage_first(self, inst: Instance, before: int) -> int:
        """"Deal 4 unpreventable damage to your champion. Then, ... for every four damage counters on them" (Enrage):
        the damage the same resolution dealt first is on the champion when the counters are counted."""
        if inst.read.origin is Origin.STANDING:
            return 0
        paragraph = next((p for i, p in enumerate(paragraphs_of(inst.card), start=1) if str(i) == inst.read.part), "")
        head = paragraph.split(inst.read.sentence.split(",")[0])[0] if inst.read.sentence else ""
        m = re.search(r"\bdeal (\d+) (unpreventable )?damage to your champion\b", head, re.I)
        if m is None:
            return 0
        self.note(notes.damage_first(inst.label, int(m.group(1)), before, bool(m.group(2))))
        return int(m.group(1))

    def changes(self, obj: Obj, order: list[Placed]) -> list[tuple[str, Change]]:
        """The numeric changes to the object in the order applied; its counters after the rest of layer E."""
        out: list[tuple[str, Change]] = []
        put: dict[str, int] = {}            # counters the effects placed on it ("Put two buff counters on ...")
        put_by: dict[str, list[str]] = {}
        unknown: list[str] = []              # placed counters whose number (X) is not known
        for placed in order:
            read = placed.inst.read
            if read.counter_kind and not self._adds_counters(placed.inst, obj):
                continue
            sets = read.layer == "A" and read.exclusive
            counted, given = (self._own_counters(placed.inst, obj) or self.count_of(placed.inst)) if read.per \
                else (None, False)
            # "for every five damage counters": one step per five counted (twelve make two steps)
            count = counted // read.every if counted is not None else None
            if read.counter_kind:  # counters stay on the object; they count with the written ones, after layer E
                each = read.amounts[0][1]
                # "Put X buff counters ..., where X is ...": X; "For every five ..., put a buff counter": per step
                n = count if each is None else abs(each) * (count if read.per and count is not None else 1)
                if n is None:
                    unknown.append(placed.inst.label)
                    continue
                if read.per and not given:  # "Put X buff counters ..., where X is ...": X taken, said first
                    said = f"X is {n} ({read.per}, not given)" if each is None else \
                        f"there {'is one' if counted == 1 else f'are {counted}'} {read.per} (not given)"
                    self.x_taken.setdefault(obj.id, []).append(said)
                more, by = self._more_counters(placed.inst, obj, read.counter_kind) if n else (0, "")
                put[read.counter_kind] = put.get(read.counter_kind, 0) + n + more
                put_by.setdefault(read.counter_kind, []).append(f"{n + more} from {placed.inst.label}" + (
                    f" ({n} plus {more}: {by})" if more else ""))
                continue
            for stat, step in read.amounts:
                words = read.change if len(read.amounts) == 1 else next(
                    (w for w in read.change.split(" and ") if stat in w.lower()), read.change)
                x = next(((f, fixed) for s, f, fixed in read.x_terms if s == stat), None)
                if step is None and x is not None:  # "+X POWER, where X is ...": the count is X
                    out.append((stat, Change(placed.inst.label, read.layer, words, x[0], count, read.per, given,
                                             sets, offset=x[1], x=True)))
                    continue
                out.append((stat, Change(placed.inst.label, read.layer, words, step, count, read.per, given, sets,
                                         every=read.every, counted=counted)))
        for label, stat, step, words in self._watched_attacks(obj):  # "whenever a unit attacks, that attack gets"
            out.append((stat, Change(label, "E", words, step, None, "", True)))
        for kind, n, label in self._watched(obj):  # "whenever an Animal enters ..., put a buff counter on it"
            put[kind] = put.get(kind, 0) + n
            put_by.setdefault(kind, []).append(f"{n} from {label}")
        counters = dict(obj.counters)
        for kind, n in put.items():
            counters[kind] = counters.get(kind, 0) + n
        both = min(counters.get("buff", 0), counters.get("debuff", 0))
        # a buff counter put where a debuff counter is (or the reverse): each removes one of the other (GA14)
        self.cancelled[obj.id] = both if both and ({"buff", "debuff"} & set(put)) else 0
        self.put_on[obj.id] = [f"{n} {kind} counter{'s' if n != 1 else ''}" for kind, n in put.items()] + [
            "X counters" for _ in unknown]
        placed = counter_changes(counters, {k: ", ".join(v) for k, v in put_by.items()})
        placed += [(stat, Change(label, "E", "X counters", None, None, "", False)) for label in unknown
                   for stat in ("power", "life")]
        has = _stats_of(obj) | {stat for stat, c in out if c.sets}  # ("its power and life are 0": it has them)
        missing = sorted({stat for stat, _ in placed} - has, key=("power", "life").index)
        if missing:  # official "Counters", Buff 2 / Debuff 2: a counter does not make a stat the object lacks
            placed = [(stat, c) for stat, c in placed if stat in has]
            self.statless[obj.id] = missing
        if placed or missing:
            self.cite("GA14")
        return out + placed

    def _watched(self, obj: Obj) -> list[tuple[str, int, str]]:
        """"Until end of turn, whenever an Animal enters the field under your control, put a buff counter on it"
        (Wildheart Hymn): each such object entering while the watcher lasts gets the counter, and keeps it after the
        watcher ends (counters are no duration)."""
        out = []
        for inst in self.instances:
            m = _WATCH_ENTERS.search(inst.read.sentence)
            if m is None or obj.left is not None or obj.zone != "field" or not self._watching(inst, obj) \
                    or obj.controller != inst.controller:
                continue
            words = {w.lower() for w in re.split(r"\s+(?:or|and/or)\s+|\s+", m.group(1)) if w}
            kinds = {w.lower() for w in obj.types | obj.subtypes | obj.supertypes}
            if obj.card is not None:
                kinds |= {w.lower() for w in types_of(obj.card) | subtypes_of(obj.card)}
            if kinds & {"ally", "champion"}:
                kinds.add("unit")
            kinds |= {k + "s" for k in kinds}
            if not words & kinds:
                continue
            n = _number(m.group(2)) or 1
            out.append((m.group(3).lower(), n, inst.label))
            said = f"{n} {m.group(3).lower()} counter" + "s" * (n != 1)
            self.watched_by.setdefault(obj.id, {})[inst.card.name] = said
            self.note(notes.watched(inst.label, obj.describe(), n, m.group(3).lower()))
        return out

    def _watching(self, inst: Instance, obj: Obj) -> bool:
        """A watcher ("until end of turn, whenever ...") was there, and had not ended, when the object came."""
        if obj.entered <= inst.moment or inst.status in ("off", "not-started"):
            return False
        ended = re.search(r"moment (\d+)", inst.ends_on or "") if inst.status == "ended" else None
        return inst.status != "ended" or (ended is not None and int(ended.group(1)) > obj.entered)

    def _watched_attacks(self, obj: Obj) -> list[tuple[str, str, int, str]]:
        """"Until end of turn, whenever a unit attacks, that attack gets -2 POWER" (Conjure Downpour): each attack
        declared while it lasts gets the change, for that attack."""
        if "attack" not in obj.types:
            return []
        out = []
        for inst in self.instances:
            m = _WATCH_ATTACKS.search(inst.read.sentence)
            if m is None or not self._watching(inst, obj):
                continue
            whose = m.group(1).lower()
            if whose.startswith(("an opponent", "a unit an opponent")) and obj.controller == inst.controller:
                continue
            if whose.startswith(("a unit you control", "an ally you control")) and obj.controller != inst.controller:
                continue
            for sign, n, stat in re.findall(r"([+-])(\d+) (POWER|LIFE)", m.group(2)):
                out.append((inst.label, stat.lower(), int(n) * (-1 if sign == "-" else 1), f"{sign}{n} {stat}"))
            self.watched_by.setdefault(obj.id, {})[inst.card.name] = "gets " + m.group(2).strip().rstrip(".")
            self.note(notes.watched(inst.label, obj.describe(), 0, m.group(2).strip().rstrip(".")))
        return out

    def _more_counters(self, placing: Instance, obj: Obj, kind: str) -> tuple[int, str]:
        """"If one or more enlighten counters would be put on your champion, that many plus one enlighten counters are
        put on your champion instead" (Winbless Forecaster): a replacement of the placement, active when it happens."""
        more, by = 0, []
        for rule in self.instances:
            m = _MORE_COUNTERS.search(rule.read.sentence)
            if m is None or m.group(1).lower() != kind or rule.moment >= placing.moment:
                continue
            if rule.status not in ("active", "ended") or (rule.status == "ended" and not rule.ends_on):
                continue
            ended = re.search(r"moment (\d+)", rule.ends_on or "")
            if rule.status == "ended" and ended and int(ended.group(1)) <= placing.moment:
                continue
            whose = rule.controller if m.group(2).lower().startswith("your") else None
            if "champion" in m.group(2).lower() and ("champion" not in obj.types or (whose and obj.controller !=
                                                                                     whose)):
                continue
            if rule.source is not None and rule.source.left is not None and rule.source.left <= placing.moment:
                continue
            more += _number(m.group(3)) or 0
            by.append(rule.label)
            self.note(notes.more_counters(rule.label, placing.label, kind))
        return more, ", ".join(by)

    def _grant_statics(self) -> None:
        """A quoted ability that is itself a static effect (gains “Allies you control get +1 POWER”) is an effect
        of its own: sourced by the object that gained it, with its own layer, set and duration, for as long as the
        grant holds and that object stays on the field, so it reaches objects that enter later."""
        for grant in list(self.instances):
            read = grant.read
            if read.prop != "abilities" or read.removes_abilities or read.change[:1] not in "\"“":
                continue
            text = read.change.strip("\"“”")
            for holder in self.objects:
                if holder.zone != "field" or not self._reaches_object(grant, holder):
                    continue
                paragraph = read_granted(holder.card or grant.card, read.label, text)
                statics = [e for e in paragraph.effects if e.origin is Origin.STANDING]
                for n, effect in enumerate(statics, start=1):
                    self._derive(grant, holder, effect, n if len(statics) > 1 else 0)

    def _derive(self, grant: Instance, holder: Obj, effect: ReadEffect, n: int) -> None:
        name = holder.card.name if holder.card is not None else holder.text
        label = f"{grant.label} gained by {short_names(holder.card)[-1] if holder.card else name}" + (
            f" .{n}" if n else "")
        effect = replace(effect, kind_words=f"an ability {name} gained from {grant.label}: static, its own effect",
                         origin_words=f"ability gained from {grant.label}")
        inst = Instance(len(self.instances) + 1, label, grant.card, effect, grant.moment,
                        max(grant.timestamp, holder.entered), holder.controller, grant.turn, source=holder)
        inst.granted_by = grant.label
        if holder.left is not None:
            inst.status, inst.ends_on = "ended", f"moment {holder.left}"
            inst.status_why = f"{name}, which gained it, left the field"
        elif grant.status != "active":
            inst.status, inst.ends_on, inst.status_why = grant.status, grant.ends_on, \
                f"the grant {grant.label} is {grant.status}: {grant.status_why}"
            inst.status_rules = list(grant.status_rules)
        self.instances.append(inst)
        self.note(notes.granted_static(name, grant.label))
        self.cite("GA2", "GA7")

    def _rules_lost(self) -> None:
        """A standing ability that changes a rule of the game or of a player ("Players can't activate ...") is an
        ability of its object like any other: once that object loses all its abilities (layer D), it no longer has
        it, so the rule is off for as long as the loss lasts (the layers order characteristics; a rule has none)."""
        for inst in self.instances:
            if inst.read.layer != "-" or inst.read.prop in ("lineage", "zone") or inst.status != "active":
                continue
            lost = self._source_lost(inst)
            if lost is None:
                continue
            inst.status = "off"
            by = "" if lost.event else f" to {lost.label}"
            inst.status_why = f"{inst.source.describe() if inst.source else inst.card.name} lost all its abilities" \
                              f"{by}, this one with them"
            inst.status_rules.append("GA5")
            self.note(notes.rule_lost(inst.label, lost.label))

    def _champion_classes(self, controller: str) -> tuple[frozenset[str], str]:
        """The classes of that controller's champion as the scenario gives them (its card, or `champion:mage`), and
        how they are told; empty when no champion or no class is given."""
        champion = next((o for o in self.objects if "champion" in o.types and o.left is None and o.zone == "field"
                         and o.controller == controller), None)
        if champion is None:
            return frozenset(), ""
        has = (subtypes_of(champion.card) if champion.card is not None else champion.subtypes) & CLASSES
        who = "your champion" if controller == "you" else "the opponent's champion"
        if champion.card is not None:  # its card decides, even with no class (a level-0 Spirit)
            return frozenset(has or {"-"}), f"{who} {champion.card.name} " + (
                f"is {_class_words(has)}" if has else "has no class")
        return has, f"{who} is {_class_words(has)}" if has else ""

    def _classes_once(self) -> None:
        """"[Class Bonus] Gather" of a card that happens at once: decided by the champion's class when the scenario
        gives it, else said as assumed (summary)."""
        for once in self.one_time:
            if not once.class_gate or once.class_given:
                continue
            has, told = self._champion_classes(once.controller)
            if not has:
                continue
            own = once.classes
            once.class_met = bool(own & has)
            once.class_why = f"{told}, {once.card} is {_class_words(own) if own else 'of no class'}"
            self.note(notes.class_decided(once.card, once.class_why, once.class_met))

    def _classes_decided(self) -> None:
        """"[Class Bonus]" (KW Class Bonus: it holds when one of the card's classes is one of its controller's
        champion's classes) with that champion in the scenario and its class given (its card named, or
        `champion:warrior`): decided by comparing the classes, never assumed beside them."""
        for inst in self.instances:
            negated_off = inst.status == "off" and bool(inst.by_control) and bool(_NO_CONTROL.search(inst.by_control))
            if (inst.status != "active" and not negated_off) or inst.condition_given:
                continue
            condition, requires = inst.assumed_condition, inst.assumed_requires
            words = "[Class Bonus]"
            if words not in condition and words not in requires:
                continue
            has, told = self._champion_classes(inst.controller)
            if not has:
                continue
            card = inst.card
            own = subtypes_of(card) & CLASSES
            met = bool(own & has)
            told = f"{told}, {card.name} is {_class_words(own) if own else 'of no class'}"
            self.note(notes.class_decided(inst.label, told, met))
            if notes.condition_assumed(inst.label, words) in self.notes:  # decided now, so no longer assumed
                self.notes.remove(notes.condition_assumed(inst.label, words))
            in_condition = words in condition
            rest = re.sub(r"\s*" + re.escape(words), "", condition if in_condition else requires).strip()
            rest = "" if rest in ("", ";") else rest.strip("; ").strip()
            self._label_decided(inst, words, in_condition, rest, met, told)

    def _levels_decided(self) -> None:
        """"[Level 5+]" (Enervating Decay) with its controller's champion in the scenario: decided by that champion's
        level as the scenario gives it (its card's level, or `champion[level=5]`) with the level changes other effects
        make (Tome of Ignorance's -1 LEVEL), never assumed beside them; with no level given while an effect changes
        it, the assumption is said with what it means."""
        for inst in self.instances:
            if inst.status != "active" or inst.condition_given:
                continue
            condition = inst.assumed_condition
            requires = inst.assumed_requires
            m = re.search(r"\[Level (\d+)\+\]", condition) or re.search(r"\[Level (\d+)\+\]", requires)
            if m is None:
                continue
            champion = next((o for o in self.objects if "champion" in o.types and o.left is None and o.zone == "field"
                             and o.controller == inst.controller), None)
            if champion is None:
                continue
            changing = [i for i in self.instances if i is not inst and i.status == "active"
                        and (i.moment <= inst.moment or m.group(0) in condition)
                        and any(stat == "level" for stat, *_ in i.read.amounts) and self._reaches_object(i, champion)]
            who = "your champion" if inst.controller == "you" else "the opponent's champion"
            need = int(m.group(1))
            level, told, by, delta = self._level_of(champion, changing, who)
            if level is None:
                if by:  # not decidable: said aloud, with what it takes
                    self.note(notes.level_assumed(inst.label, m.group(0), who, by, need - delta))
                continue
            met = level >= need
            self.note(notes.level_decided(inst.label, m.group(0), told, met))
            in_condition = m.group(0) in condition
            rest = re.sub(r"\s*" + re.escape(m.group(0)), "", condition if in_condition else requires).strip()
            rest = "" if rest in ("", ";") else rest
            self._label_decided(inst, m.group(0), in_condition, rest, met, told)

    @staticmethod
    def _label_decided(inst: Instance, words: str, in_condition: bool, rest: str, met: bool, told: str) -> None:
        """A label the scenario decided ("[Level 5+]", "[Class Bonus]"): the condition or requirement it stood in is
        given when nothing else is left of it (`rest`), and the effect is off when the label does not hold."""
        if in_condition:
            inst.condition_on, inst.condition_given, inst.condition_open = met, not rest, rest
        else:
            inst.requires_open = rest
            if not rest:
                inst.condition_given = True
        if not met:
            inst.status, inst.level_told = "off", True
            inst.status_why = f"its {'condition' if in_condition else 'requirement'} ({words}) does not hold: {told}"
            inst.status_rules.append("GA4")

    def _level_of(self, champion: Obj, changing: list[Instance], who: str) -> tuple[int | None, str, str, int]:
        """(the champion's level or None when the scenario does not give it, how it is told, the level changes
        that reach it in words, their sum): its card's printed level or `champion[level=5]`, with those changes."""
        reaches = [r for r in (self.reach(i, champion) for i in changing) if r is not None and r.applies]
        net = net_json(champion.card, self.changes(champion, self.ordered([r.inst for r in reaches]))) \
            .get("level") or {}
        base = net.get("base")
        written = base is None and "level" in champion.counters
        if written:
            base = champion.counters["level"]
        amounts = [c.get("amount") for c in net.get("changes", [])]
        delta = sum(a for a in amounts if a is not None)
        by = ", ".join(f"{c['words']} from {c['card']}" for c in net.get("changes", []))
        if base is None or None in amounts:
            return None, "", by, delta
        how = f"{base} printed" if not written else f"{base} as written" if not champion.levelled else \
            f"{base - champion.levelled} as written, +{champion.levelled} levelling up"
        told = f"{who} is level {base + delta} ({how}" + (f", {by})" if by else ")")
        return base + delta, told, by, delta

    def _counted_abilities(self, obj: Obj, order: list[Placed], result: dict[str, object]) -> None:
        """"Dahlia has ranged X, where X is the amount of water element cards in your graveyard", "For each counter
        removed this way, Steady Sharpshooter gains ranged 2": the keyword's number from the count given (--count),
        else one step, said in the ability's own words ("ranged 1 (X = 1: ..., not given)")."""
        abilities = result.get("abilities")
        if not isinstance(abilities, list):
            return
        for placed in order:
            read = placed.inst.read
            if read.prop != "abilities" or not read.per or read.change not in abilities:
                continue
            counted, given = self._own_counters(placed.inst, obj) or self.count_of(placed.inst)
            times = re.match(r"(twice|three times|four times) the (?:amount|number) of ", read.per)
            n = counted * ({"twice": 2, "three times": 3, "four times": 4}[times.group(1)] if times else 1)
            said = "" if given else ", not given"
            m = re.fullmatch(r"(.+?) (?:(\d+)\s?([+-])\s?)?X", read.change)
            if m:
                total = (int(m.group(2)) + (n if m.group(3) == "+" else -n)) if m.group(2) else n
                words = f"{m.group(1)} {max(0, total)} (X = {n}: {read.per}{said})"
            elif counted == 1:
                words = f"{read.change} (one {read.per}{said})"
            else:
                twice = "twice" if counted == 2 else f"{counted} times"
                words = f"{read.change}, {twice} (one for each {read.per}: {counted}{said})"
            abilities[abilities.index(read.change)] = words

    def _obeys(self, answer: ObjectAnswer) -> None:
        """"Pride 2 (This ally won't obey you unless your champion is level 2 or higher.)": whether the unit obeys
        is decided by its controller's champion's level as the scenario gives it (or condition-true/false:CARD),
        else said aloud as open; the unit keeps pride either way."""
        prides = [int(m.group(1)) for a in answer.result.get("abilities", [])  # type: ignore[attr-defined]
                  for m in [re.fullmatch(r"pride (\d+)", str(a))] if m]
        if not prides:
            return
        need, obj = max(prides), answer.obj
        who = "your champion" if obj.controller == "you" else "the opponent's champion"
        given = self.pride_given.get(obj.card.name) if obj.card is not None else None
        champion = next((o for o in self.objects if "champion" in o.types and o.left is None and o.zone == "field"
                         and o.controller == obj.controller and o is not obj), None)
        level, told = None, ""
        if given is None and champion is not None:
            changing = [i for i in self.instances if i.status == "active"
                        and any(stat == "level" for stat, *_ in i.read.amounts) and self._reaches_object(i, champion)]
            level, told, _, _ = self._level_of(champion, changing, who)
        if given is not None:
            obeys: bool | None = given[0]
            why = f"{who} is {'level ' + str(need) + ' or higher' if given[0] else 'below level ' + str(need)} " \
                  f"(from moment {given[1]}, as the scenario says)"
        elif level is not None:
            obeys, why = level >= need, told
        else:
            obeys, why = None, f"{who}'s level is not given (write champion[level=N], or condition-true/false:CARD)"
        answer.result["obeys"] = {"pride": need, "obeys": obeys, "why": why}
        self.note(notes.pride(obj.describe(), need, obeys, why))

    def judge(self) -> Verdict:
        self._grant_statics()
        self._rules_lost()
        self._place_counters()
        self._classes_decided()
        self._classes_once()
        self._levels_decided()
        answers: list[ObjectAnswer] = []
        asked = sorted((o for o in self.objects if o.asked), key=lambda o: o.written)  # in the order written
        reached_sources = [o for o in self.objects if not o.asked and any(
            self._reaches_object(i, o) for i in self.instances)]
        for obj in asked + reached_sources:
            reaches = [r for r in (self.reach(i, obj) for i in self.instances) if r is not None]
            order = self.ordered([r.inst for r in reaches if r.applies], obj)
            net = net_json(obj.card, self.changes(obj, order))
            result = result_of(obj, order)
            if self.put_on.get(obj.id):  # how many counters were put, counted ("for every five ...", X)
                result["counters_put"] = self.put_on[obj.id]
            if self.statless.get(obj.id):  # "Idle Fatestone": an item has no power or life for a counter to change
                result["counters_give_no"] = self.statless[obj.id]
            if self.cancelled.get(obj.id):  # each buff counter put removed a debuff counter there (or the reverse)
                result["counters_removed"] = self.cancelled[obj.id]
            if self.x_taken.get(obj.id):  # how many counters were taken to be put, not given
                result["counters_assumed"] = list(dict.fromkeys(self.x_taken[obj.id]))
            if self.watched_by.get(obj.id):  # "whenever an Animal enters ..., put a buff counter on it"
                result["counters_on_entering"] = dict(self.watched_by[obj.id])
            self._counted_abilities(obj, order, result)
            answers.append(ObjectAnswer(obj, reaches, order, result, net))
            self._obeys(answers[-1])
        for obj in {x.target.id: x.target for x in self.one_time if x.target is not None}.values():
            if all(a.obj is not obj for a in answers):  # a target asked about only through the one-time card
                reaches = [r for r in (self.reach(i, obj) for i in self.instances) if r is not None]
                order = self.ordered([r.inst for r in reaches if r.applies])
                self.instead_targets.append(ObjectAnswer(obj, reaches, order, result_of(obj, order)))
        self._decide_instead(answers + self.instead_targets)
        live = [i for i in self.instances if i.status == "active"]
        for inst in self.instances:
            self.cite("GA1" if inst.read.kind is Kind.ONE_SHOT else "GA2", "GA7")
            if inst.read.prop == "lineage":  # a card moved into a lineage: it stays there (GA9)
                self.cite("GA9")
            elif inst.read.prop == "zone":  # suppressed: it left the field (GA3: a new object when it returns)
                pass
            elif inst.read.layer == "-":
                self.cite("GA15")
        if self.instances or not self.one_time:
            self.cite("GA5", "GA6")
        pairs = [(a, b) for a in self.instances for b in self.instances if self._would_depend(a, b)]
        if pairs and self.version == "current":
            self.cite("GA10")
            self.note(notes.dependency_versions(pairs[0][0].label, pairs[0][1].label, current=True))
        elif pairs:
            self.note(notes.dependency_versions(pairs[0][0].label, pairs[0][1].label, current=False))
        for inst in self.instances:
            self.cite(*duration_rules(inst))
        self.counts_used |= {k for k in (self._count_key(i) for i in self.instances if i.read.per) if k}
        unused = [k for k in self.counts if k not in self.counts_used]
        if unused:
            counted = sorted({i.read.per for i in self.instances if i.read.per})
            raise QuestionError(f"No effect in this scenario counts “{unused[0]}”; what the effects count: "
                                f"{', '.join(counted) or 'nothing'}.")
        return Verdict(self.labels, answers, self.ordered(live), self.instances, self.notes, self.rules,
                       self.version, self.turn, sorted(self.annotation_keys), self.unread, self.one_time,
                       self.said_first)


# a replacement effect's words (Replacement Effects: "if ... would ..., ... instead"; Damage Prevention 1, 3)
_REPLACES = re.compile(r"\bprevent\b|\binstead\b|\bdouble (?:that|the) damage\b|\bdamage plus\b", re.I)


def replaced_event(inst: Instance) -> str:
    """The event a replacement effect changes ("damage", "entering the field"), or "" when it is no replacement."""
    if inst.read.layer != "-" or inst.read.prop != "rule" or inst.status != "active":
        return ""
    words = inst.read.change
    if not _REPLACES.search(words) or not re.search(r"\bwould\b|\bprevent\b", words, re.I):
        return ""
    if re.search(r"\bdamage\b", words, re.I):
        return "damage"
    if re.search(r"\benters?\b|\benter the field\b", words, re.I):
        return "entering the field"
    m = re.search(r"\bwould (\w+)", words, re.I)
    return f"“{m.group(1)}”" if m else ""


def _stats_of(obj: Obj) -> set[str]:
    """The power and life stats an object has (official "Counters", Buff 2: a counter does not create one): allies
    and champions have both; weapons and attacks have power; items, domains and other phantasias have neither. (The
    card data types a transformed Fatestone's ally face as an item of subtype Fatestone: it is taken as the ally.)"""
    types = obj.types | obj.supertypes
    if types & {"ally", "champion", "unit"} or not types or "card" in types or "object" in types:
        return {"power", "life"}
    if obj.card is not None and "fatestone" in obj.subtypes and "fatestone" not in obj.card.name.lower():
        return {"power", "life"}
    if types & {"weapon", "attack"}:
        return {"power"}
    if types & {"item", "domain", "phantasia", "regalia", "token"}:
        return set()
    return {"power", "life"}


def duration_rules(inst: Instance) -> list[str]:
    form = inst.read.form
    if form in (Form.WHILE_ON_FIELD, Form.GAME):
        return ["GA3", *inst.status_rules]
    if form is Form.AS_LONG_AS or inst.read.condition:
        return ["GA4", *inst.status_rules]
    if form in (Form.END_OF_TURN, Form.NEXT_TURN_END):
        return ["GA11", *inst.status_rules]
    return list(inst.status_rules)


def result_of(obj: Obj, order: list[Placed]) -> dict[str, object]:
    """The object's changed characteristics after applying the effects in order (what they change, not totals)."""
    result: dict[str, object] = {}
    given: dict[str, Instance] = {}  # ability -> the effect that gave it
    for placed in order:
        read = placed.inst.read
        if read.prop == "abilities":
            gained = list(result.get("abilities", []))  # type: ignore[call-overload]
            if read.removes_abilities:
                if read.change == "loses all abilities":
                    gained = []
                elif read.change == "loses all other abilities":  # keeps what the same effect gives
                    gained = [g for g in gained if given[g].card is placed.inst.card
                              and given[g].moment == placed.inst.moment]
                else:
                    gained = [g for g in gained if g != read.change.removeprefix("loses ")]
                result["abilities_lost"] = read.change
            else:
                gained.append(read.change)
                given[read.change] = placed.inst
            result["abilities"] = gained
        elif read.prop == "zone":  # "Suppress target ally"
            result["suppressed"] = read.change
        elif read.prop == "lineage":  # "Maledictum Vitae put on the bottom of its lineage"
            result["lineage_put"] = [*result.get("lineage_put", []), read.change]  # type: ignore[list-item]
        elif read.counter_kind:  # "2 buff counters" put on it (their power and life are in the net result)
            result["counters_put"] = [*result.get("counters_put", []), read.change]  # type: ignore[list-item]
        elif read.exclusive:
            result[read.prop] = read.change
        elif read.layer == "B":
            result["types_added"] = [*result.get("types_added", []), read.change]  # type: ignore[list-item]
        elif read.prop == "property":
            result["properties"] = sorted({*result.get("properties", []), read.change})  # type: ignore[arg-type]
        else:  # numbers: what each change says, per documented stat (the totals are in the net result)
            for stat, _ in read.amounts:
                if stat in ("power", "life", "cost"):
                    words = next((w for w in read.change.split(" and ") if stat in w.lower()), read.change)
                    result[stat] = [*result.get(stat, []), words]  # type: ignore[list-item]
    return result


_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_ADJECTIVES = frozenset({"unique", "distant", "fostered", "ephemeral", "imbued", "empowered", "awake", "rested",
                         "attacking", "defending", "damaged"})
_CARD_TYPES = frozenset({"ally", "item", "weapon", "phantasia", "domain", "champion", "attack", "action", "unit"})


def _source_gone(effect: ReadEffect, card: Card) -> bool:
    """The text says the source is not on the field as its ability resolves: it died, left, or was paid as a cost."""
    words = effect.origin_words.lower()
    names = "|".join(re.escape(n.lower()) for n in short_names(card))
    return bool(re.match(r"^on (death|leave|destroy|banish)\b", words)
                or re.search(r"\b(sacrifice|banish|return|put)\s+(" + names + r"|this (?:card|object|ally|item|weapon))"
                             , words))


_WAITING_TRIGGER = re.compile(r"^(?:whenever|when|at the beginning of|at the end of|after|the first time)\b", re.I)


def _own_attack(inst: Instance) -> bool:
    """"On Attack: ... this attack gets ...": the attack the ability's source is making."""
    spec = inst.read.affected
    return spec.types == frozenset({"attack"}) and spec.text.lower() == "this attack" and bool(
        re.match(r"^on attack\b", inst.read.origin_words, re.I))


def _hit_champion(inst: Instance) -> bool:
    """An "On Champion Hit:" ability's "the hit champion" / "that champion": the opposing champion."""
    spec = inst.read.affected
    return "champion" in spec.types and spec.controller == "opponent" and bool(
        re.match(r"^on champion hit\b", inst.read.origin_words, re.I) or "hit" in spec.text.lower())


def _article(words: str) -> str:
    return "an" if words[:1].lower() in "aeiou" and not words.lower().startswith(("uni", "use", "one")) else "a"


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12}


def _kind_words_fit(words: list[str], kinds: set[str], element: str) -> bool:
    """Whether an object of these kinds (and element, "" when not written) is "a water element unique Human", "a
    non-Human Tamer", "a Chessman Rook" (written ally:rook: its last word is enough)."""
    words = list(words)
    if "element" in words:  # "wind element": only an object written with that element fits
        at = words.index("element")
        if at == 0 or element != words[at - 1]:
            return False
        del words[at - 1:at + 1]
    if "unique" in words:
        if "unique" not in kinds:
            return False
        words.remove("unique")
    banned = {w.removeprefix("non-") for w in words if w.startswith("non-")}
    if banned & kinds:
        return False
    words = [w for w in words if not w.startswith("non-")]
    return not words or set(words) <= kinds or words[-1] in kinds


def _number(word: str) -> int | None:
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word.lower())


def _other_mode(p: Paragraph, at: int) -> bool:
    """Whether the words at `at` are in a "Choose one" bullet that is not the mode the answer takes: another bullet of
    the paragraph has the continuous effect (so that mode is the one assumed) and this one has none."""
    if "•" not in p.text or not any(e.mode for e in p.effects):
        return False
    start = p.text.rfind("•", 0, at)
    if start < 0:
        return False
    end = p.text.find("•", at)
    bullet = p.text[start + 1: end if end >= 0 else len(p.text)].strip()
    return not any(e.mode and bullet.startswith(e.mode.rstrip("…").strip()) for e in p.effects)


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", fold(text)) if w not in ("the", "of", "a", "an")}


def _example(spec: SetSpec) -> str:
    """An --object that fits a target's words: "ally:specter@graveyard", "champion:opponent"."""
    if spec.attacks_of:  # "target unit's attacks": the unit is the target ("Target Beast ally's": ally:beast)
        return "ally" + "".join(f":{s}" for s in sorted(spec.subtypes)) + (
            ":opponent" if spec.controller == "opponent" else "")
    kind = next(iter(sorted(spec.types - {"card", "object", "unit"})), "") or next(
        iter(sorted(spec.supertypes & {"ally", "item", "weapon", "phantasia", "champion", "domain"})), "ally")
    text = kind + "".join(f":{s}" for s in sorted(spec.subtypes))
    if spec.zone not in ("field", ""):
        text += f"@{spec.zone}"
    return text + (":opponent" if spec.controller == "opponent" else "")


def _targets_allowed(words: str) -> int:
    """How many targets "up to three target allies" / "two target allies" / "target ally" allows."""
    if re.search(r"\bany amount of\b", words, re.I):  # "choose any amount of non-champion objects": all chosen
        return 99
    m = re.search(r"\b(?:up to )?(one|two|three|four|five|\d+) target\b", words, re.I)
    n = _number(m.group(1)) if m else None
    return n or 1


def _own_cost(effect: ReadEffect) -> bool:
    return effect.prop == "cost" and effect.affected.self_only


REMINDER_TEXT = re.compile(r"\s*\([^()]*\)")
_KEYWORD_LINE = re.compile(r"^(?:\[[^\]]+\]\s*)*(?:[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}(?: \d+| X)?)(?:,\s*[A-Z][a-z]+"
                           r"(?: [A-Z][a-z]+)?(?: \d+| X)?)*\.?$")


_DASH_KEYWORD = re.compile(r"^(?:\[[^\]]+\]\s*)*[A-Z][\w' ]{2,30} — [^.:]*$")


# reminder text: words in parentheses (a cost such as "(2)" is kept), also with a cost inside ("pays for (1) of")
_REMINDER_WORDS = re.compile(r"\s*\((?:[^()]|\([^()]*\))*\s(?:[^()]|\([^()]*\))*\)")


# "as long as this unit is distant": distant ends with its controller's turn
_DISTANT = re.compile(r"\b(?:this unit|this ally|it|your champion|[A-Z][\w'-]*(?: [A-Z][\w'-]*)*) is distant\b")
# Wildheart Hymn: a watcher putting counters on what enters while it lasts
_WATCH_ENTERS = re.compile(r"whenever (?:an? |one or more )?([\w /-]+?) enters? the field under your control, put "
                           r"(an?|one|two|three) (\w+) counters? on (?:it|them)", re.I)
_WATCH_ATTACKS = re.compile(r"whenever ((?:an? )?[\w ]+?) attacks, that attack gets ((?:[+-]\d+ (?:POWER|LIFE)"
                            r"(?: and )?)+)", re.I)
# Winbless Forecaster: a replacement that adds to the counters put
_MORE_COUNTERS = re.compile(r"If one or more (\w+) counters would be put on ([\w' ]+?), that many plus (\w+) \1 "
                            r"counters are put on", re.I)
# "This ability costs (1) less to activate for each domain you control" (a rule of the ability's own cost)
_ABILITY_COST = re.compile(r"This ability costs \((\w+)\) less to activate\b([^.]*)", re.I)
# "Banish target ally you control, then return it to the field": the same card comes back as a new object
_POSSESSED_ATTACKS = re.compile(r"(?:'s|’s|\bits|\btheir) attacks\b", re.I)
_WITH_COUNTERS = re.compile(r"^(?: rested)? with (an?|one|two|three|four|five|\d+) (\w+) counters? on (?:it|them)\b",
                            re.I)
_BANISH_RETURN = re.compile(r"\bBanish (?:up to one )?target [^.]*?,? (?:then|and) return (?:it|that \w+) to the field",
                            re.I)
# "you control an Animal or Beast ally", "you control another Chessman ally", "you control a Shield item"
_EXALTED = re.compile(r"\(Exalted\b[^()]*\bas long as\b", re.I)
_NO_CONTROL = re.compile(r"\byou control no\b", re.I)
_CONTROL = re.compile(r"you control (another )?(?:an? |one or more |no )?"
                      r"((?:[A-Z][\w'-]*(?: |/))*?(?:[A-Z][\w'-]*)?(?: "
                      r"(?:or|and/or) [A-Z][\w'-]*)*)\s*(ally|allies|item|items|weapon|weapons|phantasias?|"
                      r"domains?|units?)", re.I)
# "If that unit has stealth, deal 4 damage to it instead." (not "If ... would ...": a replacement that lasts)
_INSTEAD = re.compile(r"(?:^|(?<=[.!]) )If ((?:(?!\bwould\b)[^,.])+), ([^.]+?) instead\b", re.I)
KEYWORD_WORDS = frozenset(KEYWORDS)


def _no_reminders(text: str) -> str:
    """The text without reminder text ("(To suppress an object, ...)"), costs such as "(2)" kept."""
    return " ".join(_REMINDER_WORDS.sub("", text).split())


def _keywords_only(text: str) -> bool:
    """"[Class Bonus] Floating Memory", "Efficiency (This card costs LV less ...)", "Brew — One Springleaf, Two
    Herbs (...)", "Diao Chan Lineage", a reminder alone ("(Exalted — ...)"): keywords, with their reminders."""
    bare = _no_reminders(text)
    return not bare or bool(_KEYWORD_LINE.match(bare) or _DASH_KEYWORD.match(bare))


# sentences that say how a card is paid for or when it may be used, not what it does
_NOT_DOING = re.compile(r"^(?:as an additional cost|activate this card only|this card costs|you may activate this|"
                        r"(?:this card|it) can't be|play this|materialize this)\b", re.I)


def _what_it_does(text: str) -> str:
    """The words a one-time answer quotes: the paragraph's first sentence that does something (without reminders,
    bonus labels, costs or restrictions on when it is used)."""
    bare = re.sub(r"^(?:\[[^\]]+\]\s*)+", "", _no_reminders(text))
    said = [s.strip() for s in re.split(r"(?<=[.!])\s+", bare) if s.strip()]
    return next((s for s in said if not _NOT_DOING.match(s)), said[0] if said else "")


# "Draw two cards. At the beginning of the next end phase, discard your hand.": a part that waits, then happens once
_DELAYED = re.compile(r"(?:^|[.!]\s+)At the beginning of (the next [\w' ]+?|your next [\w' ]+?),\s*([^.]+)")


def _how_used(text: str) -> str:
    """When a permanent's one-time ability happens: "triggers" ("On Enter:", "Whenever ...", "At the beginning of
    ..."), "is activated" (a cost before a colon: "REST:", "(2), Banish ...:"), else "is used"."""
    text = re.sub(r"^[A-Z][\w' ]{2,30}? — ", "", text)  # "Deluge 3 — On Enter:", "Upkeep — Whenever": its trigger
    head = text.split(":", 1)[0] if ":" in text else ""
    if re.match(r"^(?:\[[^\]]+\]\s*)*(?:On [A-Z]|Inherited Effect|Lineage Release)", text) or re.match(
            r"^(?:\[[^\]]+\]\s*)*(?:Whenever|When|At the beginning of|At the end of|After|The first time)\b", text):
        return "triggers"
    if head and len(head) <= 80 and re.search(r"\bREST\b|\(\d+|\(X\)|\b(?:Banish|Sacrifice|Discard|Remove|Pay)\b",
                                             head):
        return "is activated"
    return "is used"


def _nothing_lasting(name: str, paragraphs: list[Paragraph] | tuple[Paragraph, ...]) -> str:
    """Why a card (or paragraph) gives no effect to answer about, told apart: a text Arbiter could not read is said
    to be unread (never "none"); a text of one-time actions, costs and keywords has none."""
    unread = [(p.label, u) for p in paragraphs for u in p.unread]
    if unread:
        label, sentence = unread[0]
        more = f" and {len(unread) - 1} more sentence{'s' if len(unread) > 2 else ''}" if len(unread) > 1 else ""
        return (f"Arbiter cannot read the continuous effect in {name}'s text: “{_short(sentence, 90)}” (paragraph "
                f"{label}){more}; decide it from the card and the rules, or a moderator can annotate it (arbiter "
                "cards annotate).")
    texts = "; ".join(f"{p.label} “{_short(p.text)}”" for p in paragraphs) or "no text"
    return (f"{name} creates no continuous effect: its text is one-time actions, costs and keywords (paragraphs: "
            f"{texts}), so nothing lasts for the question to follow; ask about a card whose effect lasts, such as "
            "Inspiring Call or Nullifying Lantern.")


def _short(text: str, n: int = 50) -> str:
    return cut(text, n)


def _choices(objs: list[Obj]) -> str:
    """The objects as a player can name them: "#N TEXT" for the Nth object written, else its name."""
    ranks = {o.id: n for n, o in enumerate(sorted((o for o in objs if o.asked), key=lambda o: o.written), start=1)}
    return ", ".join(f"#{ranks[o.id]} {o.text}" if o.asked else o.text for o in objs) or "none"


class NoTarget(QuestionError):
    """An effect needs a target and no object written before it fits."""


def _target_written_after(moments: list[Moment], at: int) -> list[Moment] | None:
    """The moments with the object written right after the effect at `at` moved before it (a target must be there
    when the effect resolves: "--effect X --object ally" names the ally X targets), or None when there is none."""
    n = at + 1
    if n >= len(moments) or not isinstance(moments[n], ObjectSpec) or moments[n].together:  # type: ignore[union-attr]
        return None
    return [*moments[:at], replace(moments[n], together=False), moments[at], *moments[n + 1:]]  # type: ignore


def evaluate(moments: list[Moment], lookup: Lookup, annotations_of: AnnotationsOf, version: str,
             counts: dict[str, int] | None = None) -> Verdict:
    moved: list[tuple[str, str]] = []  # (object, effect) put first as its target
    tried: set[int] = set()  # effects (by identity) whose next object was tried: one try each
    first: QuestionError | None = None
    for _ in range(len(moments)):
        ev = Evaluator(lookup, annotations_of, version, counts)
        try:
            ev.run(moments)
            break
        except NoTarget as refused:
            effect = moments[ev.at]
            retried = _target_written_after(moments, ev.at) if isinstance(effect, EffectSpec) and \
                id(effect) not in tried else None
            if retried is None:
                raise (first or refused) from None
            first = refused if not moved else first
            tried.add(id(effect))
            name = lookup(effect.card).name + (f"#{effect.paragraph}" if effect.paragraph else "")
            moved.append((retried[ev.at].text, name))  # type: ignore[union-attr]
            moments = retried
    for obj, effect in moved:
        ev.note(notes.target_written_after(obj, effect))
        seen = next((o.describe() for o in ev.objects if o.asked and o.text == obj), obj)
        ev.said_first.append(f"{seen[:1].lower()}{seen[1:]} is taken to have been on the field before "
                             f"{effect.split('#')[0]} resolved, as its target (written after it)")
    return ev.judge()
