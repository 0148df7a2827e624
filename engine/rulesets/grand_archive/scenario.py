"""The scenario as typed: an ordered list of moments (an effect starts, an object enters, an event happens).

Each moment's position (1, 2, ...) is its timestamp. Parsing here is syntax only; evaluate.py looks the cards up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.interface import QuestionError
from engine.rulesets.grand_archive.effects import ELEMENTS, ZONES

MAX_MOMENTS = 40
OBJECT_KINDS = ("ally", "unit", "item", "weapon", "champion", "phantasia", "domain", "attack", "action", "card",
                "token", "regalia", "object")
EVENTS = ("end-of-turn", "end-phase-skipped", "end-of-combat",
          "source-leaves:CARD", "loses-abilities:CARD", "condition-false:CARD[#N]",
          "condition-true:CARD[#N]", "level-up:CARD", "leaves:OBJECT")
_PLAIN_EVENTS = ("end-of-turn", "end-phase-skipped", "end-of-combat")
_CARD_EVENTS = ("source-leaves", "loses-abilities", "condition-false", "condition-true", "level-up", "leaves")


@dataclass(frozen=True)
class EffectSpec:
    text: str
    card: str
    paragraph: int | None = None   # "CARD#2"
    controller: str = "you"        # "CARD@opponent"
    target: str | None = None      # "CARD -> TARGET"
    together: bool = False         # "A & B": starts at the same moment as the one before (GA13)


@dataclass(frozen=True)
class ObjectSpec:
    text: str
    card: str | None = None              # a card name, or None for a kind
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    zone: str = "field"
    controller: str = "you"
    together: bool = False
    counters: tuple[tuple[str, int], ...] = ()   # "ally[buff=2]"
    element: str = ""                            # "ally:wind": the element written with a kind


@dataclass(frozen=True)
class EventSpec:
    text: str
    kind: str
    card: str | None = None
    part: str = ""              # "condition-false:CARD#2" / "#2.1": only that paragraph's (or effect's) condition


Moment = EffectSpec | ObjectSpec | EventSpec


def parse_effect(text: str) -> EffectSpec:
    raw = " ".join(text.split())
    target = None
    if "->" in raw:
        raw, target = (s.strip() for s in raw.split("->", 1))
        if not target:
            raise QuestionError(f"“{text}” names no target after “->”; write an object (ally, #1) or a card.")
    paragraph, controller = None, "you"
    while True:
        m = re.search(r"\s*(#\s*(\d+)|@\s*(opponent|you))\s*$", raw, re.I)
        if not m:
            break
        if m.group(2):
            paragraph = int(m.group(2))
        else:
            controller = m.group(3).lower()
        raw = raw[: m.start()]
    if not raw.strip():
        raise QuestionError(f"“{text}” names no card; write e.g. “Inspiring Call”, “Claude#2” or “Claude@opponent”.")
    return EffectSpec(text=" ".join(text.split()), card=raw.strip(), paragraph=paragraph, controller=controller,
                      target=target)


_COUNTERS = re.compile(r"\s*\[([^\]]*)\]\s*$")


def parse_counters(words: str, text: str) -> tuple[tuple[str, int], ...]:
    """"buff=2, age=1" or "2 buff" -> (("age", 1), ("buff", 2))."""
    found: dict[str, int] = {}
    for part in (p.strip() for p in words.split(",") if p.strip()):
        m = re.fullmatch(r"([a-z][a-z -]*?)\s*=\s*(\d+)|(\d+)\s+([a-z][a-z -]*?)(?: counters?)?", part.lower())
        if not m:
            raise QuestionError(f"“{part}” in “{text}” is not a counter; write [buff=2] or [2 buff].")
        name, n = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        found[name.strip().removesuffix(" counters").removesuffix(" counter")] = int(n)
    return tuple(sorted(found.items()))


def parse_object(text: str) -> ObjectSpec:
    raw = " ".join(text.split())
    if not raw:
        raise QuestionError("An object is a kind such as ally, ally:automaton, attack@graveyard or a card name.")
    counted = _COUNTERS.search(raw)
    if counted:
        spec = parse_object(raw[: counted.start()])
        return replace(spec, text=raw, counters=parse_counters(counted.group(1), text))
    what, _, where = raw.partition("@")
    zone, controller = "field", "you"
    if where:
        zone_word, _, who = where.strip().lower().partition(":")
        zone = {"graveyards": "graveyard", "gy": "graveyard", "banished": "banishment", "material deck": "material",
                "material-deck": "material"}.get(zone_word, zone_word)
        if zone not in ZONES:
            raise QuestionError(f"Unknown zone “{zone_word}” in “{text}”; zones: {', '.join(ZONES)}.")
        if who:
            controller = _controller(who, text)
    parts = [p.strip().lower() for p in what.split(":")]
    if parts and parts[-1] in ("opponent", "you") and len(parts) > 1:
        controller = _controller(parts.pop(), text)
    head = parts[0]
    if head not in OBJECT_KINDS:
        # "dragon:automaton" is a kind we do not know; "Spirit Blade: Ensoul" is a card name
        if len(parts) > 1 and what.count(":") == 1 and ": " not in what and re.fullmatch(r"[a-z-]+", head) \
                and re.fullmatch(r"[a-z-]+", parts[1]):
            raise QuestionError(f"Unknown object kind “{head}” in “{text}”; kinds: {', '.join(OBJECT_KINDS)} "
                                "(then :subtype, @zone, :opponent), or a card name.")
        return ObjectSpec(text=raw, card=what.strip(), zone=zone, controller=controller)
    types: set[str] = set()
    subtypes: set[str] = set()
    supers: set[str] = set()
    elements = [w for w in parts[1:] if w in ELEMENTS]
    if len(elements) > 1:
        raise QuestionError(f"“{text}” names two elements; an object has one.")
    for word in parts:
        if word in elements:
            continue
        if (word in ("token", "unique", "regalia") and word != head) or word == "token":
            supers.add(word)
        elif word in OBJECT_KINDS:
            if word not in ("card", "object"):
                types.add(word)
        elif re.fullmatch(r"[a-z][a-z-]*", word):
            subtypes.add(word)
        else:
            raise QuestionError(f"“{word}” in “{text}” is not a subtype; write kind:subtype, e.g. ally:automaton.")
    if "unit" in types:
        types.discard("unit")
        types.add("ally")
    return ObjectSpec(text=raw, types=frozenset(types), subtypes=frozenset(subtypes), supertypes=frozenset(supers),
                      zone=zone, controller=controller, element=elements[0] if elements else "")


def _controller(word: str, text: str) -> str:
    if word not in ("opponent", "you"):
        raise QuestionError(f"“{word}” in “{text}” is not a controller; write :you or :opponent.")
    return word


def parse_event(text: str) -> EventSpec:
    raw = " ".join(text.split())
    low = raw.lower()
    if low in _PLAIN_EVENTS:
        return EventSpec(raw, low)
    kind, sep, card = raw.partition(":")
    kind = kind.strip().lower()
    if kind in _CARD_EVENTS and sep and card.strip():
        m = re.search(r"\s*#\s*(\d+(?:\.\d+)?)\s*$", card)
        if m and kind in ("condition-false", "condition-true"):
            return EventSpec(raw, kind, card[: m.start()].strip(), m.group(1))
        return EventSpec(raw, kind, card.strip())
    raise QuestionError(f"Unknown event “{raw}”; events: {', '.join(EVENTS)}.")


def _copies(part: str) -> list[str]:
    """"CARD x3": three copies, one after the other (each its own moment)."""
    m = re.match(r"^(.*\S)\s+[x×]\s?(\d+)$", part.strip())
    if not m:
        return [part]
    n = int(m.group(2))
    if not 1 <= n <= 10:
        raise QuestionError(f"“{part.strip()}”: between 1 and 10 copies.")
    return [m.group(1)] * n


def parse_moments(pairs: list[tuple[str, str]]) -> list[Moment]:
    """(param name, text) pairs in the order typed: effect, object, then."""
    if len(pairs) > MAX_MOMENTS:
        raise QuestionError(f"A scenario has at most {MAX_MOMENTS} moments; shorten it.")
    parsers = {"effect": parse_effect, "object": parse_object, "then": parse_event, "before": parse_object}
    moments: list[Moment] = []
    for name, text in pairs:
        if not text or not text.strip():
            continue
        if name == "then":
            moments.append(parse_event(text))
            continue
        # "A & B": several effects or objects at the same moment, sharing one timestamp (GA13)
        for i, part in enumerate(p for p in text.split(" & ") if p.strip()):
            for j, copy in enumerate(_copies(part)):
                moment = parsers[name](copy)
                moments.append(replace(moment, together=i > 0 and j == 0))  # type: ignore[type-var]
    if not any(isinstance(m, EffectSpec) or (isinstance(m, EventSpec) and m.kind == "level-up") for m in moments):
        raise QuestionError("Name at least one effect with --effect CARD, e.g. --effect \"Inspiring Call\".")
    return moments
