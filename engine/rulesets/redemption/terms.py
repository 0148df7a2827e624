"""Duration terms of a Redemption ability, read from its text, its card attributes and annotations.

A term is one duration the bullets D2-D8 recognise, with the words (or attribute) it came from. Reading
works sentence by sentence on the real card text: ability-type markers ("Cannot be negated") are set
aside, time words that only qualify a condition ("played this battle", "if ... this turn") are ignored,
and every lasting clause that fits no specific bullet is recorded so moderators can see what to annotate.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache

from engine.cards import Annotation, Card
from engine.rulesets.redemption.parts import Part, split_parts


class Role(StrEnum):
    BOUND = "bound"            # D2, D3: an upper bound on everything else
    STANDALONE = "standalone"  # D1, D4-D7: can carry the ability alone; the longest wins
    DEPENDENT = "dependent"    # D8: switches the ability on and off, never extends it


ROLE: dict[str, Role] = {
    "D1": Role.STANDALONE, "D2": Role.BOUND, "D3": Role.BOUND, "D4": Role.STANDALONE,
    "D5": Role.STANDALONE, "D6": Role.STANDALONE, "D7": Role.STANDALONE, "D8": Role.DEPENDENT,
}


@dataclass(frozen=True)
class Term:
    rule: str
    text: str
    source: str          # "text", "identifier", "attribute", "annotation" or "default"
    part: str
    length: str = ""     # D4 only: phase, battle, turn, round, turns:N, rounds:N, next-turn, next-<phase>-phase
    self_placed: bool = False  # D3 only: the card placed itself, so it ending also ends the result
    ends_result: bool = False  # D4 only: the stated time is the length of a D2/D3 result, so it ends that too

    @property
    def role(self) -> Role:
        return ROLE[self.rule]


@dataclass
class PartReading:
    """What one ability part says about duration."""

    part: Part
    lasting: bool
    terms: list[Term] = field(default_factory=list)
    # Lasting clauses no specific bullet covers (they fall back on D1/D8); the coverage report lists them.
    unclassified: list[str] = field(default_factory=list)
    annotated: bool = False
    text_terms: list[Term] = field(default_factory=list)  # what the text alone suggested (when annotated)
    text_lasting: bool = False


# --- sentence handling --------------------------------------------------------------------------------

# Ability-type markers the card says of itself ("Cannot be negated.") tell how the ability may be stopped,
# not how long it lasts; such a sentence is set aside. The same words about other cards ("Good priests
# cannot be negated") are a lasting effect and stay.
_SELF_MARKER = re.compile(
    r"^(?:this (?:card|character|ability|special ability) |it )?(?:cannot|can \[not\]|can not|may not) be "
    r"(?:negated|prevented|interrupted|blocked|countered)|^may band to\b", re.I)
_LIMIT = re.compile(r"\(limit \d+\)", re.I)
_SENTENCE_END = re.compile(r"(?<!\b[A-Z])(?<!\bN\.T)(?<!\bO\.T)[.!]\s+|;\s+")

_NUMBERS = {"one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}

# Words that turn a following time phrase into a qualifier ("the last card played this battle").
_PASSIVE = re.compile(r"\b(?:is|are|be|been|was|were|remains?|stays?)\s+(?:\w+\s+)?\w+ed"
                      r"(?:\s+(?:by|from|with|to)\s+[\w’' -]+?)?\s*$", re.I)
_QUALIFIER_BEFORE = re.compile(
    r"(?:\b\w+ed|\bdrew|\bdrawn|\bwon|\bmade|\bplays|\bused|\bwins|\bloses|\blost|\bdraws|\bbegan|\bbegun|"
    r"\bentered|\bblocked|\bdone|\btaken|\bgiven|\bshown|\bthrown)"
    r"(?: (?:by|from) (?:an? |the |your |each )?[\w’']+(?: [\w’']+)?)?\s*$",
    re.I,
)
_CONDITION_START = re.compile(r"\b(?:if|unless|when|whenever|once)\b(?![^,]*,)", re.I)

_TIME = re.compile(
    r"\buntil (?:the )?end of (?:the |this |current |the current |holder's |your )?(?P<until>turn|battle|phase|round)\b"
    r"|\buntil the end of (?:your|their|his|her|its) next turn\b(?P<nextturn>)"
    r"|\b(?:(?:during|in|until|for) )?(?:the |your |their |its |an? )?(?:opponent['’]s |opponents['’] )?"
    r"next (?P<nextphase>draw|upkeep|preparation|battle|discard) phase\b"
    r"|\b(?:(?:during|for) )?(?:your |their |its |the )?next turn\b(?P<nextturn2>)"
    r"|\bfor (?P<n>one|two|three|four|five|six|seven|\d+|x) (?P<unit>turn|round)s?\b"
    r"|\b(?P<n2>one|1|a) (?P<unit2>round)\b"
    r"|\b(?:for |during )?this (?P<this>turn|phase|battle|round)\b"
    r"|\bfor (?:the )?(?:remainder|rest) of (?:the |this )?(?P<rest>turn|phase|battle|round|game)\b",
    re.I,
)

_SELF = r"(?:this card|this character|this hero|this evil character|this artifact|this fortress|this site|" \
        r"this enhancement|this dominant|this curse|this covenant|this|it|he|she|they)"
# Where a card was played: "while ... is in play" names it; a bare "while ... remains" means the same.
_WHERE = r"in (?:play|battle|(?:your |a |holder's )?territory|the field of battle|your land of bondage)"
_D5 = [
    re.compile(rf"\bwhile {_SELF} (?:remains|is|stays) {_WHERE}\b", re.I),
    re.compile(rf"\bwhile {_SELF} (?:remains|stays)(?=\s*(?:[,.:;]|$))", re.I),
    re.compile(rf"\buntil {_SELF} (?:leaves play|is removed|is discarded|leaves (?:battle|territory))\b", re.I),
    re.compile(r"\buntil removed from (?:the field of battle|play|battle)\b", re.I),
]
_ACTIVE_UNTIL = re.compile(rf"\b{_SELF}\s+(?:remains|stays)(?:\s+active|\s+in play)?\s*$", re.I)
_D3_WHILE = re.compile(
    r"\bwhile (?!you\b)(?!.*\bcontrol\b)(?:[\w’']+ ){0,3}?(?:is |are |remains? |stays? )?"
    r"(?P<status>placed|paralyzed|set[ -]aside|captured|poisoned|imprisoned|held)\b", re.I)
_D3_REMAINS_ON = re.compile(rf"\bwhile {_SELF} remains (?:on|in) (?:that|the|this|a|an)\b", re.I)
_D3_UNTIL = re.compile(
    r"\buntil (?:healed|discarded|(?:that|the|selected|this|target(?:ed)?) (?:\w+ ){0,2}is "
    r"(?:discarded|removed|healed|released|rescued)|(?:hero|character|it) is (?:discarded|removed))\b", re.I)
_UNTIL_THIS_CARD = re.compile(r"until this (?:card|character|hero|evil character|artifact|fortress|site|enhancement|"
                              r"dominant|curse|covenant) is\b", re.I)
_D3_COLON = re.compile(
    r"^(?:if [^,:]*, )?(?:you may |may |once per (?:game|turn), (?:you may )?)?"
    r"(?P<verb>place|paralyze|set aside|set|capture|poison|imprison)\b(?P<rest>[^:]*):", re.I)
_D3_SET_ASIDE = re.compile(r"\bset (?:[\w’'\- ]+ )?aside\b(?!\s*areas?\b)[^.]*\b(?:for|until)\b", re.I)
# A sentence whose action is the targeting itself: a stated time in it is the length of the result.
_TARGETING = re.compile(r"^(?:if [^,:]*, )?(?:you may |may |once per (?:game|turn), (?:you may )?)?"
                        r"(?:place|paralyze|set|capture|"
                        r"poison|imprison)\b", re.I)
# "draw until he has 6" repeats an instant action; it is not a duration.
_LOOP_UNTIL = re.compile(r"\b(?:draw|reveal|look|search|shuffle|discard|banish|repeat|continue|take)\w*\b[^,;:]*$",
                         re.I)
_SELF_PLACE = re.compile(r"\bplace (?:this card|this|itself|on |in (?:your |a |an |(?:a|that|each|one) "
                         r"(?:player|opponent)['’]s |opponent['’]s |an opponent['’]s )?(?:territory|battle))",
                         re.I)
_D2 = re.compile(r"\b(?:becomes? (?:a |an )?(?:\w+ )?copy of|as an? (?:\w+ )?copy of|^copy the last\b|"
                 r"cop(?:y|ies) (?:the|a|an|that|its|any|one) "
                 r"(?:[\w’']+ ){0,3}?(?:special )?abilit\w*|duplicates?\b)", re.I)
_D8 = re.compile(r"\b(?P<kw>while|as long as|until)\b[^,.:;]*", re.I)

_LASTING = re.compile(
    r"\b(?:negates?|negated|protects?|protected|restricts?|restricted|prevents?|prevented|interrupts?|"
    r"interrupted|immune|ignores?|"
    r"gains?|gets?|loses|increases?|decreases?|may not|cannot|can not|can't|is worth|are worth|"
    r"regardless of|each upkeep|each turn|each time|whenever|every time|after (?:the )?battle|"
    r"(?:at the )?end of (?:the )?battle|is about to|instead of|holds?|may use|may attack|may block|"
    # "must discard", "may play a Lost Soul", "banish it instead" are done at once: only a permission for later
    # plays, a standing "at any time" or a trigger on the card itself keeps working.
    r"may play (?:the |an? |one )?(?:next|first|extra|additional|any number)|at any time|"
    r"if this (?:card|character|hero|evil character) (?:is|would)|"
    r"during (?:[\w’']+ ){0,2}(?:upkeep|draw|preparation|discard) phase|"
    r"if (?:an? opponent|a player|any player|another player)(?:['’]s)? (?:uses|plays|draws|special ability|makes)|"
    r"may rescue|toss(?:es)?|treated as|considered|doubles?|triples?|while|until|as long as|cannot|"
    r"is not|are not|may enter|skip|reduce[sd]?|no (?:\w+ )?(?:opponent|player|hero|character)s? may)\b"
    r"|[+-]\d+/[+-]?\d+|\b\d+/\d+\b",
    re.I)
_RECURRING = re.compile(r"\b(?:each upkeep|each turn|at the start of each|each time|whenever|every time|"
                        r"at each)\b[^,.:;]*", re.I)


def _sentences(text: str) -> list[str]:
    cleaned = _LIMIT.sub(" ", text.replace("\u200b", ""))
    out = []
    for sentence in _SENTENCE_END.split(cleaned):
        sentence = sentence.strip(" .")
        if sentence and not _SELF_MARKER.search(sentence):
            out.append(sentence)
    return out


def _is_qualifier(sentence: str, start: int) -> bool:
    """A time phrase that only narrows a condition or a noun, not the ability's duration."""
    before = sentence[:start]
    if _QUALIFIER_BEFORE.search(before) and not _PASSIVE.search(before):
        return True
    clause = re.split(r"[,:]", before)[-1]
    return bool(_CONDITION_START.search(clause))


def _length(match: re.Match[str]) -> str:
    if match.group("until"):
        return match.group("until").lower()
    if match.group("nextturn") is not None or match.group("nextturn2") is not None:
        return "next-turn"
    if match.group("nextphase"):
        return f"next-{match.group('nextphase').lower()}-phase"
    if match.group("unit"):
        raw = match.group("n").lower()
        count: int | str = _NUMBERS.get(raw, int(raw) if raw.isdigit() else "X")
        unit = match.group("unit").lower()
        return unit if count == 1 else f"{unit}s:{count}"
    if match.group("unit2"):
        return "round"
    if match.group("rest"):
        return match.group("rest").lower()
    return match.group("this").lower()


def _self_names(card: Card) -> list[str]:
    """How a card's text names itself: "Aaron" for "Aaron (Di)", both sides of "A / B (LoC)"."""
    names = []
    for side in card.name.split(" / "):
        base = re.sub(r"\s*[\(\[][^)\]]*[\)\]]\s*$", "", side).strip()
        base = re.sub(r"\s*[\(\[][^)\]]*[\)\]]\s*$", "", base).strip()
        if base:
            names.append(base.split(",")[0].strip())
    return names


@lru_cache(maxsize=1024)
def _self_reference(names: tuple[str, ...]) -> re.Pattern[str]:
    who = "(?:" + "|".join(re.escape(n) for n in names) + ")"
    return re.compile(rf"\bwhile {who} (?:remains|is|stays) {_WHERE}\b"
                      rf"|\bwhile {who} (?:remains|stays)(?=\s*(?:[,.:;]|$))"
                      rf"|\buntil {who} (?:leaves play|is removed|is discarded)\b", re.I)


def read_part(part: Part, card: Card) -> PartReading:
    """Terms the words of one ability part give (D2, D3, D4, D5, D8)."""
    terms: list[Term] = []
    unclassified: list[str] = []
    lasting = False
    # Only a part that mentions the card's own name can refer to itself by name; compiling a pattern for
    # every card would dominate the cost of reading a whole catalog.
    folded = part.text.casefold()
    names = tuple(n for n in _self_names(card) if len(n) > 2 and n.casefold() in folded)
    self_pattern = _self_reference(names) if names else None
    self_placed = bool(_SELF_PLACE.search(part.text))
    seen: set[tuple[str, str]] = set()

    def add(rule: str, text: str, *, length: str = "", self_place: bool = False, source: str = "text",
            ends_result: bool = False) -> None:
        key = (rule, text.lower())
        if key not in seen:
            seen.add(key)
            terms.append(Term(rule, text.strip(), source, part.label, length, self_place, ends_result))

    for sentence in _sentences(part.text):
        covered: list[tuple[int, int]] = []

        def claim(m: re.Match[str], covered: list[tuple[int, int]] = covered) -> bool:
            # A span already read as a more specific term is not read again as a D8 condition.
            for a, b in covered:
                if m.start() < b and a < m.end():
                    return False
            covered.append((m.start(), m.end()))
            return True

        if _LASTING.search(sentence) or _D3_COLON.search(sentence):
            lasting = True
        for m in _D2.finditer(sentence):
            if claim(m):
                add("D2", m.group(0))
                lasting = True
        result_span: tuple[int, int] | None = None  # where a stated time measures the result itself
        if _TARGETING.search(sentence) and not _D3_COLON.search(sentence):
            result_span = (0, len(sentence))
        m = _D3_COLON.search(sentence)
        if m:
            result_span = (0, m.end())
            verb = m.group("verb").lower()
            if verb != "set" or "aside" in m.group("rest").lower():
                own = verb == "place" and bool(_SELF_PLACE.match(sentence[m.start("verb"): m.end()]))
                covered.append(m.span("verb"))  # time words inside the clause still count as D4
                add("D3", sentence[m.start("verb"): m.end()].rstrip(":"), self_place=own)
        for pattern in (_D3_REMAINS_ON,):
            for m in pattern.finditer(sentence):
                if claim(m):
                    add("D3", m.group(0), self_place=True)
        for m in _D3_WHILE.finditer(sentence):
            if claim(m):
                add("D3", m.group(0), self_place=self_placed and "plac" in m.group(0).lower())
        for m in _D3_UNTIL.finditer(sentence):
            if claim(m):
                # "It remains active until discarded" and "until this card is removed" speak of the card
                # itself: D5 (it leaving where it was played ends them), not a target's result.
                own = bool(_ACTIVE_UNTIL.search(sentence[: m.start()]) or _UNTIL_THIS_CARD.match(m.group(0)))
                add("D5" if own else "D3", m.group(0))
                lasting = True
        for m in _D3_SET_ASIDE.finditer(sentence):
            covered.append((m.start(), m.start() + 3))
            add("D3", "set aside")
            lasting = True
            result_span = result_span or (m.start(), m.end() + 40)
        for pattern in _D5:
            for m in pattern.finditer(sentence):
                if claim(m):
                    add("D5", m.group(0))
        if self_pattern:
            for m in self_pattern.finditer(sentence):
                if claim(m):
                    add("D5", m.group(0))
        for m in _TIME.finditer(sentence):
            if _is_qualifier(sentence, m.start()):
                continue
            if claim(m):
                within = result_span is not None and result_span[0] <= m.start() < result_span[1]
                copy = any(t.rule == "D2" for t in terms)  # "copy ... until end of turn": the copy's own time
                add("D4", m.group(0), length=_length(m), ends_result=within or copy)
                lasting = True
        for m in _D8.finditer(sentence):
            if m.group("kw").lower() == "until" and _LOOP_UNTIL.search(sentence[: m.start()]):
                continue
            if claim(m):
                add("D8", m.group(0))
                lasting = True
                if m.group("kw").lower() == "until":
                    unclassified.append(_phrase(m.group(0)))
        for m in _RECURRING.finditer(sentence):
            unclassified.append(_phrase(m.group(0)))
            lasting = True
    if lasting and self_placed and not any(t.rule == "D3" for t in terms):
        # "Place in territory." followed by an ongoing effect: the card bases it on its own placement.
        m = _SELF_PLACE.search(part.text)
        assert m is not None
        add("D3", part.text[m.start(): m.end()].strip() + " (placement)", self_place=True)
    return PartReading(part, lasting, terms, unclassified)


def _phrase(text: str, words: int = 4) -> str:
    return " ".join(text.lower().split()[:words])


# --- attributes -----------------------------------------------------------------------------------------

_CHARACTER_TYPES = {"hero", "evil character", "hero token", "evil character token"}
_INHERENT = {"artifact": "Artifact", "fortress": "Fortress", "site": "Site", "lost soul": "Lost Soul",
             "lost soul token": "Lost Soul"}
# Part labels through which each inherent type speaks on a multi-part card.
_TYPE_PARTS = {"Artifact": {"", "ART"}, "Fortress": {"", "FORT"}, "Site": {"", "SITE"},
               "Lost Soul": {"", "TOP", "BOTTOM"}}
_CHARACTER_PARTS = {"", "TOP", "BOTTOM", "HERO", "EC"}


def card_types(card: Card) -> list[str]:
    return [t.strip().lower() for t in re.split(r"/", card.type) if t.strip()]


def card_classes(card: Card) -> set[str]:
    classes = {c.strip().lower() for c in re.split(r"[,/]", card.card_class) if c.strip()}
    if not classes and card.identifier.strip().lower() in {"territory", "warrior", "weapon"}:
        classes.add(card.identifier.strip().lower())  # old promos swap Class and Identifier
    return classes


def is_character(card: Card) -> bool:
    return any(t in _CHARACTER_TYPES for t in card_types(card))


def is_rainbow_site(card: Card) -> bool:
    return "site" in card_types(card) and card.brigade.strip().lower().startswith("multi")


def inherent_type(card: Card, label: str, zone: str | None = None) -> tuple[str, str] | None:
    """(type, why) when D7 speaks for this part of this card (played in `zone`, when known), else None."""
    types = card_types(card)
    for raw in types:
        kind = _INHERENT.get(raw)
        if kind and label in _TYPE_PARTS[kind]:
            if kind == "Site" and is_rainbow_site(card):
                return None
            return kind, f"Type {card.type}"
    # Dual-use and hybrid types speak as an inherent type only through the matching part (interpretation).
    if any(t in {"covenant", "curse"} for t in types) and label in {"ART", "CURSE"}:
        return "Artifact", f"Type {card.type}, {label} part"
    if any(t in {"covenant", "curse"} for t in types) and label == "" and zone == "artifact-pile":
        # Older Covenants and Curses have no part labels: played to the Artifact pile, they are Artifacts.
        return "Artifact", f"Type {card.type}, played as an Artifact"
    if "city" in types and label in {"SITE", "FORT", ""}:
        return ("Site" if label == "SITE" else "Fortress"), f"Type {card.type}, {label or 'City'} part"
    return None


def territory_character(card: Card, label: str) -> bool:
    return is_character(card) and "territory" in card_classes(card) and label in _CHARACTER_PARTS


# --- annotations ----------------------------------------------------------------------------------------

LENGTHS = {"phase", "battle", "turn", "round", "next-turn"}


def annotation_terms(annotations: list[Annotation], label: str) -> tuple[bool | None, list[Term]]:
    """(lasting, terms) a moderator set for this part; lasting is None when no annotation speaks."""
    mine = [a for a in annotations if a.part.strip().upper() in {label, "*"}]
    if not mine:
        return None, []
    terms: list[Term] = []
    lasting = True
    for note in mine:
        rule = note.rule.strip().upper()
        if rule == "INSTANT":
            lasting = False
            continue
        if rule == "LASTING":
            continue
        terms.append(Term(rule, note.text or f"annotation {rule}", "annotation", label,
                          note.value if rule == "D4" else "", rule == "D3" and note.value == "self"))
    if any(t.rule == "D3" and not t.self_placed for t in terms):
        # A stated time annotated beside a targeted result ("paralyze for X turns") is that result's length,
        # as the text reader takes a time inside the targeting sentence: it ending changes the result.
        terms = [replace(t, ends_result=True) if t.rule == "D4" else t for t in terms]
    return lasting, terms


def read_card(card: Card, annotations: Sequence[Annotation] = ()) -> list[PartReading]:
    """Every part of the card with its text terms, replaced by annotations where a moderator set them.

    The reading depends only on the card and its annotations, so it is remembered: a verdict then costs
    only the evaluation of its scenario. Callers must treat the readings as read-only.
    """
    return list(_read_card(card, tuple(annotations)))


@lru_cache(maxsize=32768)
def _read_card(card: Card, annotations: tuple[Annotation, ...]) -> tuple[PartReading, ...]:
    parts = split_parts(card.text) or [Part("", "")]
    readings = []
    for part in parts:
        reading = read_part(part, card)
        lasting, noted = annotation_terms(list(annotations), part.label)
        if lasting is not None:
            reading.text_terms, reading.text_lasting = reading.terms, reading.lasting
            reading.terms = noted
            reading.lasting = lasting
            reading.annotated = True
        readings.append(reading)
    ident = _D8.search(card.identifier or "")
    if ident and readings:
        readings[0].terms.append(Term("D8", ident.group(0).strip(), "identifier", readings[0].part.label))
        readings[0].lasting = True
    return tuple(readings)
