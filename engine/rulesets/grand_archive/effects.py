"""The shapes of a continuous effect as read from a Grand Archive card: kind, origin, layer, set, duration.

Pure data; reading.py fills them from card text, annotations.py lets a moderator's annotation override them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    ONE_SHOT = "one-shot"  # GA1: the set is fixed when it resolves
    STATIC = "static"      # GA2: the set is re-checked at all times


class Origin(StrEnum):
    STANDING = "standing ability"   # an ability of an object on the field (or of a card wherever it is)
    CARD = "resolved card"          # an action or attack card's text as it resolves
    ABILITY = "resolved ability"    # a triggered or activated ability as it resolves


class Form(StrEnum):
    """How long an effect lasts."""

    END_OF_TURN = "end-of-turn"            # "until end of turn", "this turn" (GA11)
    END_OF_ATTACK = "end-of-attack"        # "for this attack": the combat that attack is in (or the turn) ends
    NEXT_TURN_START = "until-next-turn"    # "until the beginning of your next turn"
    NEXT_TURN_END = "until-end-of-next-turn"  # "until the end of your next turn": the clean-up of that turn
    DURING_NEXT_TURN = "during-next-turn"  # "during your next turn": starts then, ends with it
    AS_LONG_AS = "as-long-as"              # a condition switches it on and off (GA4)
    INDEFINITE = "indefinite"              # "(This effect lasts indefinitely.)"
    WHILE_ON_FIELD = "while-on-field"      # no duration, standing ability: while its source is on the field (GA3)
    GAME = "game"                          # no duration, resolved: for the rest of the game (GA3)


LAYERS = ("A", "B", "C", "D", "E")
ELEMENTS = ("norm", "fire", "water", "wind", "arcane", "astra", "umbra", "crux", "luxem", "neos", "tera", "exia",
            "exalted")
LAYER_NAMES = {"A": "base values, properties and play speed", "B": "types", "C": "element",
               "D": "abilities gained or lost", "E": "increases and decreases of stats, costs and permissions"}
ZONES = ("field", "graveyard", "memory", "hand", "banishment", "deck", "material", "lineage")
ZONE_WORDS = {"material": "material deck"}


@dataclass(frozen=True)
class SetSpec:
    """The objects an effect covers, as its words describe them."""

    text: str
    types: frozenset[str] = frozenset()      # any of these types (empty: any card or object)
    subtypes: frozenset[str] = frozenset()   # any of these subtypes (empty: no subtype needed)
    supertypes: frozenset[str] = frozenset()  # all of these (token, unique, regalia)
    zone: str = "field"
    controller: str = "any"                  # you | opponent | any (relative to the effect's controller)
    self_only: bool = False                  # the card or object itself
    target: bool = False                     # one object chosen when it resolves (target, that ..., linked ...)
    unchecked: tuple[str, ...] = ()          # qualifiers the scenario cannot check (element, state)
    other: bool = False                      # "other ...", "another ...": never the effect's own source
    counters: tuple[tuple[str, int], ...] = ()  # "with one or more buff counters on them": (kind, at least)
    played: str = ""                         # "cards you activate" / "... you materialize": cards being played
    next_only: bool = False                  # "the next card you activate", "the first ... each turn": one only
    next_together: bool = False              # "the next time one or more allies would enter": all entering together
    attacks_of: bool = False                 # "target unit's attacks": the target is a unit, the set its attacks
    all_subtypes: bool = False               # "Ranger Reaction cards": every subtype (not "Human and Horse allies")
    named: str = ""                          # "your Fractured Memories": the object of that name (counters put)
    made: str = ""                           # "Summon a Fledgling token ... It gains ...": what the same resolution
    #                                          made (token) or returned to the field (returned): that new object

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class ReadEffect:
    """One continuous effect of one card paragraph, with the words that decided each attribute."""

    part: str              # paragraph label ("1", "2", ...)
    index: int             # 1-based among the paragraph's effects
    sentence: str          # the sentence as printed
    kind: Kind
    kind_words: str
    origin: Origin
    origin_words: str
    layer: str
    layer_words: str
    prop: str              # power, life, level, durability, cost, element, types, abilities, property, base
    change: str            # what it does, e.g. "+1 POWER", "norm element", "taunt"
    affected: SetSpec
    form: Form
    form_words: str
    condition: str = ""            # "as long as" / bonus label words, switched by condition events
    requires: str = ""             # bonus labels of a resolving effect: checked once, when it resolves
    exclusive: bool = False        # sets a value (newest wins, GA8)
    removes_abilities: bool = False
    adds: tuple[str, ...] = ()     # types or subtypes it adds (dependencies in layer B)
    annotated: tuple[str, ...] = ()      # fields a moderator annotation set
    disagreements: tuple[str, ...] = ()  # where the annotation differs from the text
    notes: tuple[str, ...] = field(default=(), compare=False)
    # numbers it changes: (stat, signed amount; None for X) with stat power, life, durability, level or cost
    amounts: tuple[tuple[str, int | None], ...] = ()
    per: str = ""                  # "for each ..." / "where X is the amount of ...": the amount is per one of these
    cap: int | None = None         # "for each of up to two ...": at most this many count
    every: int = 1                 # "for every five damage counters ...": one step per five counted
    instead: bool = False          # "... instead": replaces the effect before it when its "if" holds
    # amounts in X with a "where X is ...": (stat, X's factor, fixed part), e.g. ("cost", 1, 2) for "(2+X) more"
    x_terms: tuple[tuple[str, int, int], ...] = ()
    inherited: bool = False        # an "Inherited Effect": the champion's ability while the card is in its lineage
    # "If that ally is an Automaton, put two debuff counters on it instead": (what the object must not be, the
    # sentence that happens instead) for an alternative that is no continuous effect
    displaced: tuple[str, str] = ()
    counter_kind: str = ""         # "Put two buff counters on target ally": the counters placed (buff or debuff)
    mode: str = ""                 # "Choose one— • ...": the mode this effect belongs to (one of several)
    delayed: str = ""              # "At the beginning of your next recollection phase": it starts then (its set too)
    # a rule for how objects are activated or enter that the rules still put in a layer (GA5): "as though it had
    # fast activation" (play permissions: E), "enter the intent with +2 POWER" (E), "enters the field with all
    # abilities of ..." (D): (the layer, what of it the rules name)
    rule_layer: tuple[str, str] = ()

    @property
    def label(self) -> str:
        return f"{self.part}.{self.index}" if self.index > 1 else self.part


@dataclass(frozen=True)
class Paragraph:
    label: str
    text: str
    effects: tuple[ReadEffect, ...]
    unread: tuple[str, ...]        # sentences that look like continuous effects but could not be read


@dataclass(frozen=True)
class CardReading:
    name: str
    paragraphs: tuple[Paragraph, ...]

    @property
    def effects(self) -> tuple[ReadEffect, ...]:
        return tuple(e for p in self.paragraphs for e in p.effects)
