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
from engine.rulesets.redemption import phrases as P
from engine.rulesets.redemption.parts import Part, split_parts


class Role(StrEnum):
    BOUND = "bound"            # D2, D3: an upper bound on everything else
    STANDALONE = "standalone"  # D1, D4-D7: can carry the ability alone; the longest wins
    DEPENDENT = "dependent"    # D8: switches the ability on and off, never extends it
    # A time that only says when the card an ability waits for can come ("the next evil Enhancement played this
    # battle"): it never makes the ability last longer, but once it is over what it governs has ended.
    WINDOW = "window"
    # A copy's own limit (D2) on one sentence of an ability that has others ("If you play a Trumpet Enhancement, copy
    # its special ability. Cards with 'Trumpet' ... cannot be negated."): it ends that sentence when the card resets,
    # but neither bounds nor extends the rest, which keeps its own duration.
    CAP = "cap"


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
    # The sentence a term governs when the part has other lasting sentences ("" = the whole part): a D8
    # condition switches off only that sentence.
    scope: str = ""
    # D3 (and a D4 measuring it): "optional" = a "you may" targeting taken as made when the ability resolved;
    # "conditional" = a targeting that waits for a later event ("If ... is discarded, set it aside instead"),
    # so it has not happened until the scenario says so (event `targeted`).
    pending: str = ""
    where: str = ""      # D5 only: "battle" or "territory" when the text names where the card must remain
    # A "conditional" term waits for a trigger: its words ("After battle", "If Hero is captured") and the events
    # that start it (the trigger's own event, and `triggered` for any trigger).
    trigger: str = ""
    starts: tuple[str, ...] = ()
    # D8 only: the keyword of a condition ("while", "if", "unless", ...); "unless" holds while its words are false.
    keyword: str = ""
    # D4 only: the time is the window a future card must come in (Role.WINDOW), not a duration of the ability.
    window: bool = False
    # D8 only: the condition is said of the character this card sits on ("While this Hero is in battle" on an
    # Enhancement placed on a Hero), so this card leaving battle with it switches the condition off.
    bearer: bool = False
    # D3 only: the card sits on the character it targets without saying "place" (terms._sits_on).
    sits: bool = False
    # D3 only: "territory" when the card placed itself in a territory ("Place in territory:"): leaving that territory
    # ends the place, and a placed card's duration ends with its place (Defining Duration, placed cards).
    place: str = ""
    # D8 only: the condition is this character blocking or attacking ("When blocking gold or red brigade, ..."): it
    # holds only in battle, and the battle ending ends it (phrases.COMBAT_CONDITION).
    combat: bool = False

    @property
    def role(self) -> Role:
        if self.window:
            return Role.WINDOW
        return Role.CAP if self.rule == "D2" and self.scope else ROLE[self.rule]


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
    recurring: list[str] = field(default_factory=list)  # "each upkeep", "per turn": the ability acts again later
    unsure: list[str] = field(default_factory=list)     # phrases the reader could not classify (point of doubt)
    lasting_sentences: list[str] = field(default_factory=list)
    # Lasting sentences whose action waits for a trigger: (the trigger's words, the events that start it).
    triggers: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    # The "Cannot be negated / prevented / interrupted" sentence: an ongoing ability of its own (RG1), to the end of
    # the phase.
    cannot_be: str = ""
    # Words the reader set aside as a reminder of a game rule, not an ability ("treated as a Lost Soul", RG2).
    reminders: list[str] = field(default_factory=list)
    # Every lasting sentence is a delayed action at the end of the battle ("After battle, discard this card"): the
    # words it waits for; once the battle ends that action has happened and nothing of the part lasts.
    battle_end: str = ""
    # Lasting sentences that are one-use "prevent the next ..." actions: their words (used up once that next card
    # comes), and whether they are every lasting sentence of the part.
    next_use: list[str] = field(default_factory=list)
    next_use_whole: bool = False
    # "Decrease a Hero 0/2. If this character blocked from hand, paralyze ... instead: each Upkeep, ...": a lasting
    # sentence is the "instead" branch of a condition checked once; the words before it are the other branch.
    # (its "If ..." words, the whole sentence)
    instead_if: str = ""
    instead: str = ""


# --- sentence handling --------------------------------------------------------------------------------


def _sentences(text: str) -> list[str]:
    cleaned = P.USE_LIMIT.sub(" ", P.LIMIT.sub(" ", text.replace("\u200b", "")))
    out = []
    for sentence in P.SENTENCE_END.split(cleaned):
        sentence = sentence.strip(" .")
        if sentence and not P.SELF_MARKER.search(sentence):
            out.append(sentence)
    return out


def _cannot_be(text: str) -> str:
    """The ability-type sentence saying the ability cannot be negated, prevented or interrupted ("Cannot be
    interrupted, negated, or prevented."), or "": an ongoing ability of its own (RG1)."""
    cleaned = P.LIMIT.sub(" ", text.replace("\u200b", ""))
    for sentence in P.SENTENCE_END.split(cleaned):
        sentence = sentence.strip(" .")
        if P.SELF_MARKER.search(sentence) and P.ONGOING_TYPES.search(sentence):
            return sentence
    return ""


def _is_qualifier(sentence: str, start: int) -> bool:
    """A time phrase that only narrows a condition or a noun, not the ability's duration."""
    before = sentence[:start]
    if P.QUALIFIER_BEFORE.search(before) and not P.PASSIVE.search(before):
        return True
    clause = re.split(r"[,:]", before)[-1]
    return bool(P.CONDITION_START.search(clause))


def _length(match: re.Match[str]) -> str:
    if match.group("until"):
        return match.group("until").lower()
    if match.group("nextturn") is not None or match.group("nextturn2") is not None:
        whose = (match.group("whose") or match.group("whose2") or "").strip().lower()
        if whose in P.YOUR_TURN:
            return "your-next-turn"
        if whose in P.THEIR_TURN:
            return "their-next-turn"
        return "current-next-turn" if "current player" in whose else "next-turn"
    if match.group("unit3"):
        raw = match.group("n3").lower()
        after: int | str = P.NUMBERS.get(raw, int(raw) if raw.isdigit() else "X")
        unit = match.group("unit3").lower()
        # A count of turns, even one, is counted in upkeep (RG3), unlike "this turn"; one round is a round.
        return unit if after == 1 and unit == "round" else f"{unit}s:{after}"
    if match.group("nextphase"):
        return f"next-{match.group('nextphase').lower()}-phase"
    if match.group("unit"):
        raw = match.group("n").lower()
        count: int | str = P.NUMBERS.get(raw, int(raw) if raw.isdigit() else "X")
        unit = match.group("unit").lower()
        return unit if count == 1 and unit == "round" else f"{unit}s:{count}"
    if match.group("unit2"):
        return "round"
    if match.group("atend"):
        return match.group("atend").lower()
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
    return re.compile(rf"\bwhile {who} (?:remains|is|stays) {P.WHERE}\b"
                      rf"|\bwhile {who} (?:remains|stays)(?=\s*(?:[,.:;]|$))"
                      rf"|\buntil {who} (?:leaves play|is removed|is discarded)\b", re.I)


@lru_cache(maxsize=1024)
def _sits_on(names: tuple[str, ...]) -> re.Pattern[str]:
    """Words that show the card sits on the character it targets without saying "place" on it: it moves on and
    "continues" ("Then Leprosy is placed on another Hero ... and continues"), or the character is said to be in the
    card's own state ("While Hero is Lacking Sleep", "While Without Food, ...")."""
    who = "(?:" + "|".join(re.escape(n) for n in names) + ")"
    return re.compile(rf"\b{who} is placed on another\b[^.;]*?\band continues\b"
                      rf"|\bwhile (?:the |that |selected )?(?:hero|character|evil character|human) is {who}\b"
                      rf"|^while {who}(?=,)", re.I)


_HARM_WORDS = re.compile(rf"\b(?:{P._HARM})\b", re.I)
_OPENS_WITH_TRIGGER = re.compile(r"^(?:if|when|whenever|after|following|at the end of|upon|on|each time|"
                                 r"every time|the (?:first|next) time|immediately after)\b", re.I)


def trigger_of(sentence: str, start: int, *, recurring: bool = True) -> tuple[str, tuple[str, ...]] | None:
    """The trigger the words before `start` wait for, as (its words, the events that start it), or None: the end
    of battle starts on `battle-ends`, a card harmed or targeted ("If Hero is captured") on `targeted`, and any
    trigger on `triggered`."""
    if P.AT_ONCE_TRIGGER.search(sentence):
        return None
    before = sentence[:start]
    patterns = ((P.BATTLE_TRIGGER, ("battle-ends", "triggered")), (P.SUCCESS_TRIGGER, ("triggered",)),
                (P.LATER_EVENT, ("triggered",))) + (((P.RECURRING, ("triggered",)),) if recurring else ())
    for pattern, events in patterns:
        m = pattern.search(before)
        if m:
            begin = m.start() + len(m.group(0)) - len(m.group(0).lstrip(" ,.;:"))
            end = min((i for i in (sentence.find(",", begin), sentence.find(":", begin)) if i > begin),
                      default=len(sentence))
            words = sentence[begin:end].strip()
            if pattern is P.LATER_EVENT and _HARM_WORDS.search(words):
                events = ("targeted", "triggered")
            return words, events
    return None


def _waits(sentence: str, start: int) -> str:
    """How a targeting at `start` happens: "conditional" when the sentence waits for a later event before it
    ("If Hero is discarded, you may set it aside instead", "Each upkeep, you may place ..."), "optional" for a
    "you may" choice made as the ability resolves, "" when it simply happens."""
    before = sentence[:start]
    if trigger_of(sentence, start) is not None:
        return "conditional"
    if P.OPTIONAL.search(before) or re.search(r"\b(?:you may|may)\b", before, re.I):
        return "optional"
    return ""


def _lasting_words(sentence: str) -> bool:
    """Lasting language outside a leading condition checked once, as the ability resolves: in "If Tartaros is not
    in play, discard demon" or "If you cannot, discard this card" the words only say when the instant action
    applies. (A condition that waits for a later event is a standing trigger: see _standing.)"""
    lead = P.LEADING_CONDITION.match(sentence)
    after = lead.end() if lead else 0
    # A quoted word names what a card says ('with "ignores" in the special ability'); it does nothing itself.
    # Nor does "regardless of protection / brigade": it says how this sentence's own action applies.
    unquoted = P.QUOTED.sub(lambda m: " " * len(m.group(0)), sentence)
    unquoted = P.REGARDLESS.sub(lambda m: " " * len(m.group(0)), unquoted)
    # Nor do words that only pick the cards the action takes ("of 6/6 or less", "who is not a prophet"), nor an
    # "until" that ends a repeated action ("draw until he has 6", "reveal ... until ...").
    unquoted = P.SELECTOR.sub(lambda m: " " * len(m.group(0)), unquoted)
    return any(m.start() >= after and not _loop_until(unquoted, m) for m in P.LASTING.finditer(unquoted))


def lasting_words(sentence: str) -> bool:
    """Whether a sentence has lasting words of its own (outside a leading condition checked once)."""
    return _lasting_words(sentence)


def _instead_branch(text: str, lasting: list[str], terms: list[Term]) -> tuple[str, str]:
    """("If this character blocked from hand", the sentence) when a lasting sentence of the part is the "instead"
    branch of a condition checked once as it resolves, after words of its own (the other branch); ("", "") when
    not, or when the condition is a later event the ability waits for ("If Hero is discarded, ... instead": a
    standing replacement)."""
    if any(t.pending == "conditional" for t in terms):
        return "", ""
    sentences = _sentences(text)
    for sentence in lasting:
        m = re.match(r"(?P<cond>(?:if|unless)\b[^,:]*)[,:]\s*(?P<act>.*)\binstead\b\s*(?::|$)",
                     sentence, re.I)  # (not "instead of discarding it", nor "... instead, and discard ...")
        if m and not P.LATER_EVENT.search(m.group("cond")) and sentences and sentences[0] != sentence:
            return m.group("cond").strip(), sentence
    return "", ""


def _battle_end_action(sentence: str) -> str:
    """The words of a delayed action at the end of the battle, when they are all that makes the sentence last
    ("After battle, discard this card", "discard Egyptian Archer at end of battle"); "" otherwise: "until end of
    battle" is a stated time, and a sentence with a lasting effect of its own ("place this card on a Hero: Negate
    that card", "set aside ... for 3 turns after battle", a standing grant or trigger) lasts by that."""
    found = [m for m in P.BATTLE_END.finditer(sentence)
             if not re.search(r"\buntil\s*(?:the\s*)?$", sentence[: m.start()], re.I)]
    if not found:
        return ""
    rest = sentence
    for m in reversed(found):
        rest = rest[: m.start()] + " " * (m.end() - m.start()) + rest[m.end():]
    if _lasting_words(rest) or P.D3_COLON.search(rest) or P.STANDING_GRANT.search(rest) or \
            P.LATER_EVENT.search(rest) or P.SUCCESS_TRIGGER.search(rest) or _places_itself(rest):
        return ""  # (placed on a Hero "After battle, place this card on a Hero: ...", it lasts there)
    return " ".join(found[0].group(0).split())


def _loop_until(sentence: str, m: re.Match[str]) -> bool:
    """An "until" that ends a repeated action ("draw until he has 6"), not a duration."""
    return m.group(0).lower() == "until" and P.LOOP_UNTIL.search(sentence[: m.start()]) is not None


def _standing(sentence: str) -> bool:
    """A sentence that keeps working after the card is played: a grant, a trigger or a replacement."""
    if P.STANDING_GRANT.search(sentence):
        return True
    # "If block is successful, ...", "After battle, ...": the action waits for the battle's outcome or its end.
    later = P.LATER_EVENT.search(sentence) or P.SUCCESS_TRIGGER.search(sentence) or P.BATTLE_TRIGGER.search(sentence)
    return bool(later) and not P.AT_ONCE_TRIGGER.search(sentence)


class _SentenceReader:
    """Reads the terms of one sentence; `claim` keeps one span from being read as two kinds of term."""

    def __init__(self, reader: _PartReader, sentence: str) -> None:
        self.reader = reader
        self.sentence = sentence
        self.covered: list[tuple[int, int]] = []
        self.lasting = bool(_lasting_words(sentence) or P.D3_COLON.search(sentence) or _standing(sentence))
        self.result_span: tuple[int, int] | None = None  # where a stated time measures the result itself
        self.pending = ""  # how this sentence's targeting happens (see _waits)

    def claim(self, m: re.Match[str]) -> bool:
        for a, b in self.covered:
            if m.start() < b and a < m.end():
                return False
        self.covered.append((m.start(), m.end()))
        return True

    def add(self, rule: str, text: str, **kw: object) -> None:
        self.reader.add(rule, text, sentence=self.sentence, **kw)

    def read(self) -> None:
        s = self.sentence
        for m in P.D2.finditer(s):
            if self.claim(m):
                self.add("D2", m.group(0))
                self.lasting = True
        self._targeting()
        self._deadline()
        self._until()
        self._in_play()
        self._times()
        self._conditions()
        for m in P.RECURRING.finditer(s):
            phrase = _phrase(m.group(0))
            self.reader.unclassified.append(phrase)
            self.reader.recurring.append(phrase)
            self.lasting = True

    def _deadline(self) -> None:
        """"If it is not rescued by the end of the current player's next turn, discard this card ...": the card
        removes itself at that time unless its result changes first, so the time measures the result (its
        placement); no trigger to wait for."""
        m = P.DEADLINE.match(self.sentence)
        if m is None:
            return
        whose = m.group("whose").strip().lower()
        length = ("your-next-turn" if whose in P.YOUR_TURN else "their-next-turn" if whose in P.THEIR_TURN
                  else "current-next-turn" if "current player" in whose else "next-turn")
        start = m.group(0).lower().index("by the end of")
        self.add("D4", m.group(0)[start:m.group(0).index(",")], length=length, ends_result=True)
        self.lasting = True

    def _d3(self, text: str, start: int, *, own: bool = False) -> None:
        pending = _waits(self.sentence, start)
        self.pending = self.pending or pending
        self.add("D3", text, self_place=own, pending=pending)
        self.lasting = True

    def _targeting(self) -> None:
        s = self.sentence
        sits = self.reader.sits_on.search(s) if self.reader.sits_on else None
        if sits and self.claim(sits):
            # The card sits on the character it selected: its ability lasts while it stays there (a result of that
            # targeting, D3), and moving on to another character keeps it going.
            self.add("D3", sits.group(0), self_place=True, sits=True)
            self.lasting = True
        if P.TARGETING.search(s) and not P.D3_COLON.search(s):
            self.result_span = (0, len(s))
        m = P.D3_COLON.search(s)
        if m:
            self.result_span = (0, m.end())
            verb = m.group("verb").lower()
            if verb != "set" or "aside" in m.group("rest").lower():
                own = verb == "place" and bool(P.SELF_PLACE.match(s[m.start("verb"): m.end()]))
                self.covered.append(m.span("verb"))  # time words inside the clause still count as D4
                self._d3(s[m.start("verb"): m.end()].rstrip(":"), m.start("verb"), own=own)
        for m in P.D3_REMAINS_ON.finditer(s):
            if self.claim(m):
                self.add("D3", m.group(0), self_place=True)
        for m in P.D3_WHILE.finditer(s):
            if P.NOUN_WHILE.search(s[: m.start()]):
                self.covered.append(m.span())  # "played while Hero is set aside": a qualifier
                continue
            if self.claim(m):
                self.add("D3", m.group(0), self_place=self.reader.self_placed and "plac" in m.group(0).lower())
        for m in P.D3_SET_ASIDE.finditer(s):
            self.covered.append((m.start(), m.start() + 3))
            self._d3("set aside", m.start())
            self.result_span = self.result_span or (m.start(), m.end() + 40)
        m = P.D3_TARGET.search(s)
        if m and not any(a < m.end() and m.start() < b for a, b in self.covered):
            # A bare targeting result ("Set Hero aside.", "is poisoned"): D3 unless the part already bases a
            # duration on a result (then that term speaks for it); decided once the whole part is read.
            self.reader.bare_targets.append((s, m))
            self.lasting = True
            self.result_span = self.result_span or (m.start(), len(s))
            self.pending = self.pending or _waits(s, m.start())

    def _until(self) -> None:
        s = self.sentence
        for m in P.D3_UNTIL.finditer(s):
            if not self.claim(m):
                continue
            # "It remains active until discarded", "until this card is removed", "until <its own name> is
            # discarded" speak of the card itself: D5 (it leaving where it was played ends them).
            noun = re.sub(r"^until\s+|\s+(?:is|are)\s+\w+$", "", m.group(0), flags=re.I).casefold()
            # On a character whose sentence opens with its own name, "until Hero is discarded" is it too (Saint of
            # Virtue); after another noun ("Selected Hero gains 7/7 until Hero is discarded") it is that target.
            opens_with_self = any(s.casefold().startswith(n) for n in self.reader.own_names - {"he", "she"})
            own = bool(P.ACTIVE_UNTIL.search(s[: m.start()]) or P.UNTIL_THIS_CARD.match(m.group(0))
                       or noun in self.reader.own_names
                       or (self.reader.character and opens_with_self and noun in {"hero", "character",
                                                                                   "evil character"}))
            self.add("D5" if own else "D3", m.group(0))
            self.lasting = True

    def _in_play(self) -> None:
        s = self.sentence
        patterns = list(P.D5) + ([self.reader.self_pattern] if self.reader.self_pattern else [])
        for pattern in patterns:
            for m in pattern.finditer(s):
                if self.claim(m):
                    if self._pronoun_is_target(m):
                        # "Protect that Hero ... while it remains in territory": the target staying where it is
                        # bounds the result (D3); this card leaving does not end it.
                        self.add("D3", m.group(0))
                    elif not self.reader.character and (P.CHARACTER_SUBJECT.match(m.group(0)) or (
                            self.reader.placed_on and P.BARE_IN_BATTLE.match(m.group(0)))):
                        # "While this Hero is in battle" on an Enhancement: "this Hero" is the character the card
                        # sits on, so the words check where that character is (a condition), not this card (D5).
                        self.add("D8", m.group(0), keyword="while", where=P.where_of(m), bearer=True)
                    else:
                        self.add("D5", m.group(0), where=P.where_of(m))
                    self.lasting = True

    def _pronoun_is_target(self, m: re.Match[str]) -> bool:
        """A bare "it/he/she/they" names the card itself only when the sentence named it first, or when it opens
        the sentence on a card that stays in play; after another noun it is that (targeted) card."""
        if not P.PRONOUN_SUBJECT.match(m.group(0)):
            return False
        before = self.sentence[: m.start()]
        if P.SELF_NAMED.search(before) or any(n in before.casefold() for n in self.reader.own_names - {"he", "she"}):
            return False
        if not before.strip(" ,"):
            return not self.reader.stays
        return True

    def _times(self) -> None:
        s = self.sentence
        for m in P.TIME.finditer(s):
            if _is_qualifier(s, m.start()):
                window = P.WINDOW.search(s[: m.start()])
                if window and self.claim(m):
                    # "Prevent the next evil Enhancement played this battle": the time says when that card can
                    # come, so it closes the wait without being a duration of the ability (Role.WINDOW).
                    self.add("D4", s[window.start(): m.end()], length=_length(m), window=True)
                    self.lasting = True
                continue
            if self.claim(m):
                span = self.result_span
                within = span is not None and span[0] <= m.start() < span[1]
                copy = any(t.rule == "D2" for t in self.reader.terms)  # "copy ... until end of turn"
                # "If you do, restrict ... this turn": the time runs only if the optional action was taken.
                follow_up = "optional" if P.FOLLOW_UP.match(s) else ""
                # "If this Hero is successful in battle, restrict ... until the end of your next turn": a time after
                # a trigger runs from the trigger, so it waits for it like a targeting does.
                waits = "conditional" if _waits(s, m.start()) == "conditional" else ""
                # "Discard this card after 3 turns", "After two turns, return Hero": the delayed action undoes the
                # result (the placement, the set-aside), so that time measures it wherever it is written.
                delayed = m.group("unit3") is not None
                self.add("D4", m.group(0), length=_length(m), ends_result=within or copy or delayed,
                         pending=self.pending if within else (follow_up or waits))
                self.lasting = True

    def _conditions(self) -> None:
        s = self.sentence
        self._combat()
        for m in P.D8.finditer(s):
            keyword = m.group("kw").lower()
            if keyword == "until" and (P.LOOP_UNTIL.search(s[: m.start()]) or P.FLOOR_UNTIL.match(m.group(0))):
                continue  # "draw until he has 6", "decreases 1/1 each turn until */1": a limit, not a duration
            if keyword == "while" and P.NOUN_WHILE.search(s[: m.start()]):
                continue  # "Enhancements played while ...": the "while" narrows a noun
            if self.claim(m):
                # "While that Hero is in battle" on a card placed on that Hero: where it is is where this card is.
                bearer = P.BEARER_IN_BATTLE.match(m.group(0)) is not None and self.reader.self_placed
                self.add("D8", m.group(0), keyword=keyword, where="battle" if bearer else "", bearer=bearer)
                self.lasting = True
                if keyword == "until":
                    self.reader.unclassified.append(_phrase(m.group(0)))
                    self.reader.unsure.append(" ".join(m.group(0).split()))
        for m in P.DURING.finditer(s):
            if P.DURING_ONCE.search(re.split(r"[,:;]", s[: m.start()])[-1]) or not self.claim(m):
                continue  # "If used during battle": checked as the ability resolves
            when = m.group("when").lower()
            kind = "battle" if "battle" in when else "their-turn" if "opponent" in when else "your-turn"
            self.add("D8", m.group(0), keyword="during", where=kind)
            self.lasting = True
        if not self.lasting:
            return  # "Discard a Hero if David is in play" is checked once, as the ability resolves
        for m in P.STATE_CONDITION.finditer(s):
            span = (m.start("kw"), m.end())
            if any(a < span[1] and span[0] < b for a, b in self.covered):
                continue
            self.covered.append(span)
            self.add("D8", s[span[0]: span[1]].strip(), keyword=m.group("kw").lower())
        choice = P.CHOICE_MADE.match(s)
        if choice:
            # "If you do, discard this Evil Character after battle": the lasting sentence happens only as the choice
            # the ability offered went; taken as made and said, and condition-false says it went the other way.
            self.add("D8", choice.group(0), keyword="if you do")


    def _combat(self) -> None:
        """"When blocking gold or red brigade, enhancements cannot be negated": a standing effect kept up while this
        character blocks (or attacks) as the words say: a condition (D8) that holds only in battle."""
        m = P.COMBAT_CONDITION.match(self.sentence)
        if m is None or not P.COMBAT_STANDING.match(m.group("rest")):
            return
        span = (m.start("kw"), m.end("what"))
        if any(a < span[1] and span[0] < b for a, b in self.covered):
            return
        self.covered.append(span)
        # Said on a character, the blocker is this card, which blocks only in battle; on another card (an Artifact, an
        # Enhancement) it is whichever character blocks, so it is a plain condition taken to hold until told.
        own = self.reader.character
        self.add("D8", self.sentence[span[0]: span[1]].strip(), keyword=m.group("kw").lower(),
                 where="battle" if own else "", combat=own)
        self.lasting = True


class _PartReader:
    def __init__(self, part: Part, card: Card) -> None:
        self.part = part
        self.terms: list[Term] = []
        self.unclassified: list[str] = []
        self.recurring: list[str] = []
        self.unsure: list[str] = []
        self.bare_targets: list[tuple[str, re.Match[str]]] = []
        # Only a part that mentions the card's own name can refer to itself by name; compiling a pattern for
        # every card would dominate the cost of reading a whole catalog.
        folded = part.text.casefold()
        names = tuple(n for n in _self_names(card) if len(n) > 2 and n.casefold() in folded)
        self.own_names = {n.casefold() for n in names} | {"this card"}
        if is_character(card):
            self.own_names |= {"he", "she"}  # "until he is discarded" on a character speaks of itself
        self.self_pattern = _self_reference(names) if names else None
        self.sits_on = _sits_on(names) if names else None
        self.self_placed = _places_itself(part.text) is not None
        self.character = is_character(card)
        placed = _places_itself(part.text)
        # "Place on Isaiah: While in battle, ...": the card sits on a character, and a bare "while in battle" is it.
        self.placed_on = placed is not None and " on " in f" {part.text[placed.start(): placed.end() + 4].lower()}"
        # A card that stays in play can speak of itself as "it"/"he" (see _pronoun_is_target).
        self.stays = is_character(card) or self.self_placed or inherent_type(card, part.label) is not None
        self.capture = P.CAPTURE.search(part.text) is not None  # a capture: "treated as a Lost Soul" reminds (RG2)
        self.seen: set[tuple[str, str]] = set()
        self.triggers: list[tuple[str, tuple[str, ...]]] = []
        self.reminders: list[str] = []

    def add(self, rule: str, text: str, *, length: str = "", self_place: bool = False, source: str = "text",
            ends_result: bool = False, sentence: str = "", pending: str = "", where: str = "",
            keyword: str = "", window: bool = False, bearer: bool = False, sits: bool = False,
            combat: bool = False) -> None:
        key = (rule, text.lower())
        if key not in self.seen:
            self.seen.add(key)
            self.terms.append(Term(rule, text.strip(), source, self.part.label, length, self_place, ends_result,
                                   sentence, pending, where, keyword=keyword, window=window, bearer=bearer, sits=sits,
                                   combat=combat))

    def _without_reminders(self, sentence: str) -> str:
        """The sentence without words that restate a game rule instead of giving an ability: "is treated as a Lost
        Soul" after a capture (RG2), "being treated as a Lost Soul" qualifying a noun. They are kept in
        `reminders` so the answer says why they do not last."""
        for pattern in (P.CAPTURE_REMINDER,) if self.capture else ():
            for m in pattern.finditer(sentence):
                self.reminders.append(" ".join(m.group(0).split()).lstrip(", ").removeprefix("and "))
            sentence = pattern.sub("", sentence)
        sentence = P.BEING_TREATED.sub("", sentence)
        return sentence.strip(" ,")

    def read(self) -> PartReading:
        lasting_sentences = []
        for sentence in _sentences(self.part.text):
            sentence = self._without_reminders(sentence)
            if not sentence:
                continue
            reader = _SentenceReader(self, sentence)
            reader.read()
            if reader.lasting:
                lasting_sentences.append(sentence)
                opening = _OPENS_WITH_TRIGGER.match(sentence)
                clause = re.search(r"[,:]", sentence)
                # A repeating action ("Each upkeep, ...", "Once per turn, ...") is no trigger that starts it.
                trig = trigger_of(sentence, clause.end(), recurring=False) if opening and clause \
                    and not P.DEADLINE.match(sentence) else None
                if trig:
                    self.triggers.append(trig)
        cannot_be = _cannot_be(self.part.text)
        lasting = bool(lasting_sentences) or bool(cannot_be)
        waits = [_battle_end_action(x) for x in lasting_sentences]
        battle_end = waits[0] if waits and all(waits) and not cannot_be else ""
        next_use = [m.group(0).strip(" ,") for x in lasting_sentences if (m := P.NEXT_USE.search(x))]
        instead_if, instead = _instead_branch(self.part.text, lasting_sentences, self.terms)
        if any(t.rule == "D3" for t in self.terms) and self.bare_targets:
            # "You may paralyze a Hero. While paralyzed, ...": the D3 term hangs on that targeting, so it happens
            # the way the targeting does (optional, or waiting for a later event).
            sentence, m = self.bare_targets[0]
            how = _waits(sentence, m.start())
            self.terms = [replace(t, pending=t.pending or how) if t.rule == "D3" else t for t in self.terms]
        if not any(t.rule == "D3" for t in self.terms):
            for sentence, m in self.bare_targets[:1]:  # later mentions ("while it is set aside") are the same result
                text = " ".join(m.group(0).split())
                pending = _waits(sentence, m.start())
                # "Set this Fortress aside": the card moves itself, so it leaving where it is ends the result.
                own = bool(P.SELF_PLACE.match(m.group(0)) or P.SELF_SET_ASIDE.match(m.group(0)))
                self.add("D3", text, self_place=own, sentence=sentence, pending=pending)
        if lasting_sentences and self.self_placed and not any(t.rule == "D3" for t in self.terms):
            # "Place in territory." followed by an ongoing effect: the card bases it on its own placement.
            m = _places_itself(self.part.text)
            assert m is not None
            # "Following battle, you may place this card in your territory": the placement waits for its trigger.
            placed = next(((x, p) for x in _sentences(self.part.text) if (p := _places_itself(x))), None)
            sentence, how = (placed[0], _waits(*[placed[0], placed[1].start()])) if placed else ("", "")
            self.add("D3", self.part.text[m.start(): m.end()].strip() + " (placement)", self_place=True,
                     sentence=sentence, pending=how)
        self.terms = [_with_trigger(t) for t in self.terms]
        self.terms = _in_territory(self.part.text, self.terms)
        # A condition governs its own sentence; only when that is the one lasting sentence does it govern the
        # whole part. Other terms bound the whole ability, so they keep no scope.
        # A copy made by a repeating trigger ("Each upkeep, you may copy the special ability of another Lost Soul for
        # one round") caps each copy, as a copy inside one of several sentences does: the trigger keeps its own
        # duration (the Lost Soul's, D7), and the copy's reset ends only that copy.
        several = len(lasting_sentences) > 1
        self.terms = [replace(t, scope=t.scope if ((several and (t.rule in {"D2", "D8"} or t.where or t.window))
                                                   or (t.rule == "D2" and P.RECURRING.match(t.scope)))
                              else "") for t in self.terms]
        return PartReading(self.part, lasting, self.terms, self.unclassified, recurring=self.recurring,
                           unsure=self.unsure, lasting_sentences=lasting_sentences, triggers=self.triggers,
                           cannot_be=cannot_be, reminders=self.reminders, battle_end=battle_end,
                           next_use=next_use, next_use_whole=bool(next_use) and len(next_use) == len(lasting_sentences),
                           instead_if=instead_if, instead=instead)


def _with_trigger(term: Term) -> Term:
    """A conditional term names the trigger it waits for and the events that start it (found in its sentence,
    before its words); a targeting that waits with no trigger found starts on `targeted`."""
    if term.pending != "conditional" or term.starts:
        return term
    sentence = term.scope
    at = sentence.casefold().find(term.text.casefold())
    found = trigger_of(sentence, at if at >= 0 else len(sentence)) if sentence else None
    words, starts = found or ("", ("targeted", "triggered"))
    if term.rule == "D3" or term.ends_result:  # a targeting the scenario says was made starts, whatever its trigger
        starts = tuple(dict.fromkeys(("targeted", *starts)))
    return replace(term, trigger=words, starts=starts)


_CLAUSE_OPENS = re.compile(r"(?:^|[.:;,)]|\b(?:you may|may|must|then))\s*$", re.I)


def _places_itself(text: str) -> re.Match[str] | None:
    """Where the card places itself: "Place this card on ...", or a "Place on ..." / "Place in territory" that
    opens a clause. Mid-clause ("take a weapon and place on your warrior", "place on top of deck") another card
    is moved: that is how the ability resolves, not a placement of this card."""
    for m in P.SELF_PLACE.finditer(text):
        explicit = not m.group(0).lower().startswith(("place on", "place in"))
        if explicit or (_CLAUSE_OPENS.search(text[: m.start()]) and not text[m.end():].lower().startswith("top")):
            return m
    return None


_SET_ASIDE_WORDS = re.compile(r"\baside\b", re.I)
# The clause a self-placement opens ("Place this card in your territory for 7 turns: ..."), up to its end.
_INTO_TERRITORY = re.compile(r"^place (?:this card |this |itself )?in\b[^.:;]*\bterritory\b", re.I)


def _placed_in_territory(text: str) -> bool:
    """The card places itself in a territory (not on a card that is in one: "Place this card on a Hero in a
    territory" sits on the Hero)."""
    m = _places_itself(text)
    return m is not None and _INTO_TERRITORY.match(text[m.start():]) is not None


def _in_territory(text: str, terms: list[Term]) -> list[Term]:
    """The self-placement terms marked as placed in a territory when the part's words put the card there, whether
    the text or a moderator's annotation gave the term (an annotated "place in territory" is the same place)."""
    if not _placed_in_territory(text):
        return terms
    return [replace(t, place="territory") if t.rule == "D3" and t.self_placed and not _SET_ASIDE_WORDS.search(t.text)
            else t for t in terms]


def read_part(part: Part, card: Card) -> PartReading:
    """Terms the words of one ability part give (D2, D3, D4, D5, D8)."""
    return _PartReader(part, card).read()


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
            if lasting and not any(t.rule in {"D2", "D3", "D4", "D5"} for t in noted):
                # An annotation that names no time of its own ("lasting", a D8 condition) never silently drops
                # a time the text states: that time still applies beside it.
                noted = noted + [t for t in reading.terms if t.rule == "D4"]
            reading.terms = _in_territory(part.text, noted)
            reading.lasting = lasting
            reading.annotated = True
        readings.append(reading)
    ident = P.D8.search(card.identifier or "")
    if ident and readings:
        readings[0].terms.append(Term("D8", ident.group(0).strip(), "identifier", readings[0].part.label))
        readings[0].lasting = True
    return tuple(readings)
