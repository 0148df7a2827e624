"""The moment of an order question ("after a Personality is destroyed") and the comparison of two timings.

A moment is a timing word and an occurrence. "before X would happen" is the before-point of X (L2); "when ...
would" stays a when-point (L4 case 2). Turn steps (phases, the turn, a battle) have a place in the sequence of
play, so "after your Dynasty Phase ends" and "before your End Phase begins" can be compared (L3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.interface import QuestionError
from engine.trace import Interpretation

TIMINGS = ("before", "when", "after")
# The turn's phases in order (L5R CCG turn sequence); a battle lies inside the Attack Phase.
PHASES = ("straighten", "events", "action", "attack", "dynasty", "end")


@dataclass(frozen=True)
class Moment:
    timing: str          # before / when / after
    occurrence: str      # as typed, without the timing word
    would: bool

    @property
    def text(self) -> str:
        return f"{self.timing} {self.occurrence}"

    def as_json(self) -> dict[str, object]:
        return {"timing": self.timing, "occurrence": self.occurrence, "would": self.would}


def parse_moment(text: str, what: str = "--at") -> tuple[Moment, list[Interpretation]]:
    words = (text or "").strip().split(None, 1)
    if len(words) < 2 or words[0].lower() not in TIMINGS:
        raise QuestionError(f"{what} takes a timing word and an occurrence, e.g. “after a Personality is "
                            f"destroyed”; the timing word is one of: {', '.join(TIMINGS)}.")
    timing, occurrence = words[0].lower(), words[1].strip().rstrip(".:,")
    notes = []
    would = bool(re.search(r"\bwould\b", occurrence, re.I))
    if would and timing == "before":
        notes.append(Interpretation("would-before", "L2", f"“{text.strip()}” is read as the before-point of the "
                                    "occurrence: “would” changes nothing there."))
    return Moment(timing, occurrence, would), notes


_MOMENT_SUBJECT = re.compile(r"^(.*?)\s+(?:is|are|was|were|would|will|has|have|\w+s)\b")


def moment_subjects(moment: Moment) -> tuple[str, ...]:
    """The particular cards a moment names ("Akodo Kano and Bayushi Kachiko are destroyed" -> both); none for
    a kind of card ("a Personality is destroyed") or a point of play ("the battle ends")."""
    match = _MOMENT_SUBJECT.match(moment.occurrence.strip())
    if match is None:
        return ()
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", match.group(1)) if p.strip()]
    return tuple(p for p in parts if p[:1].isupper() and not re.match(
        r"(?:A|An|Any|One|Each|Another|Your|The|Two|Three|All|This|That)\b", p))


def normalize(occurrence: str) -> str:
    """The occurrence without 'would', articles and possessives, for comparing two spellings of one event."""
    text = re.sub(r"\bwould\s+(\w+)", r"\1", occurrence.lower())
    text = re.sub(r"\b(the|a|an|your|his|her|their|its|my|is|be|are|was|were|been)\b", " ", text)
    text = re.sub(r"\b(?:pays|paying|paid|payment)\b", "pay", text)  # one payment, however it is said
    return " ".join(re.findall(r"[a-z0-9]+", text))


_STOP = frozenset({"he", "she", "it", "they", "to", "of", "in", "on", "or", "and", "this", "that", "is", "are",
                   "you", "one", "be", "can", "not", "cannot", "may", "will", "does", "do", "at", "by", "for"})


def stems(text: str) -> set[str]:
    """Content words cut to four letters ("moves" and "move" agree), for loose comparisons of occurrences."""
    return {"plyr" if w.startswith("player") else (w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3
                                                  else w)[:4]
            for w in normalize(text).split() if w not in _STOP}  # a player is no "play"


# A period's edge: ("end", "phase", "begins") for "your End Phase begins", ("", "duel", "ends") for "a duel ends".
_PERIOD_EDGE = re.compile(r"\b(?:(straighten|events?|action|attack|dynasty|end|discard)\s+)?(turn|battle|duel|game|"
                          r"phase)\b(?:'s resolution)?\s*(?:(?!before|after|when|if)[a-z]\w*\s+)?"
                          r"(begins?|starts?|ends?|resolves?|is resolved)\b", re.I)


def period_edge(occurrence: str) -> tuple[str, str, str] | None:
    """The beginning, end or resolution of a period an occurrence names: (phase name or "", period, edge)."""
    match = _PERIOD_EDGE.search(occurrence)
    if match is None:
        return None
    edge = match.group(3).lower()
    edge = "ends" if edge.startswith("end") else "begins" if edge.startswith(("begin", "start")) else "resolves"
    name = (match.group(1) or "").lower().rstrip("s") if match.group(2).lower() == "phase" else ""
    return name, match.group(2).lower(), edge


def other_edge(a: str, b: str) -> bool:
    """Whether two occurrences name different period edges ("your End Phase begins" is not "a duel ends", nor "this
    phase ends" "this turn ends"); a phase named on one side only ("a phase ends") may be either phase."""
    one, two = period_edge(a), period_edge(b)
    if one is None or two is None:
        return False
    return one[1:] != two[1:] or bool(one[0] and two[0] and one[0] != two[0])


_STEP = re.compile(r"\b(?:(straighten|events?|action|attack|dynasty|end)\s+phase|(turn)|(battle))\s+"
                   r"(begins?|starts?|ends?)\b", re.I)


def sequence_key(occurrence: str) -> tuple[float, int] | None:
    """Where a phase/turn/battle beginning or end lies in the turn: (place, 0 begins / 1 ends), else None."""
    match = _STEP.search(occurrence)
    if not match:
        return None
    phase, turn, battle = match.group(1), match.group(2), match.group(3)
    edge = 1 if match.group(4).lower().startswith("end") else 0
    if turn:
        return (-1.0, 0) if edge == 0 else (len(PHASES) + 0.0, 1)
    if battle:
        # "the next battle" begins after the battle under way ends (battles resolve one after another, L3)
        later = 0.25 if re.search(r"\bnext\s+battle\b", occurrence, re.I) else 0.0
        return (PHASES.index("attack") + 0.5 + later, edge)
    name = phase.lower().rstrip("s") if phase.lower() != "events" else "events"
    return (float(PHASES.index(name if name in PHASES else "events")), edge)


SEQUENCE_NOTE = Interpretation("turn-sequence", "L3", "The turn is taken as Straighten, Events, Action, Attack "
                               "(battles inside it), Dynasty and End Phases, in that order.")


@dataclass(frozen=True)
class Comparison:
    first: str
    second: str
    rules: tuple[str, ...]
    why: str
    notes: tuple[Interpretation, ...] = ()

    def as_json(self) -> dict[str, object]:
        return {"first": self.first, "second": self.second, "rules": list(self.rules), "why": self.why}


def _words(occurrence: str) -> list[str]:
    """The occurrence's content words in order, each cut to its stem (so "A targets B" is not "B targets A")."""
    return [w for w in (stems(word) for word in normalize(occurrence).split()) if w]


def compare(a_text: str, b_text: str) -> Comparison:
    """Which of two timing points comes first, and the rule that says so."""
    a, _ = parse_moment(a_text, "--compare")
    b, _ = parse_moment(b_text, "--compare")
    rank = {t: i for i, t in enumerate(TIMINGS)}
    # one occurrence however its verb is inflected ("an action would target Tamahime", "an action targets Tamahime")
    if normalize(a.occurrence) == normalize(b.occurrence) or (
            stems(a.occurrence) and stems(a.occurrence) == stems(b.occurrence)
            and _words(a.occurrence) == _words(b.occurrence)):
        if a.timing == b.timing:
            return Comparison(a.text, b.text, ("L1",),
                              "both name the same point of the same occurrence: nothing separates them; what "
                              "happens there is ordered by steps A-F (ask with --at and --item)")
        first, second = (a, b) if rank[a.timing] < rank[b.timing] else (b, a)
        rules = ("L4", "L2") if a.would or b.would else ("L4",)
        return Comparison(first.text, second.text, rules,
                          f"one occurrence has its before-point, then its when-point, then its after-point: "
                          f"“{first.timing}” comes before “{second.timing}”")
    ka, kb = sequence_key(a.occurrence), sequence_key(b.occurrence)
    if ka is None or kb is None:
        raise QuestionError("I can compare two timings of one occurrence (before, when, after) or two points of "
                            "the turn sequence (a turn, a battle, or the Straighten, Events, Action, Attack, "
                            "Dynasty or End Phase beginning or ending); these two are neither.")
    order_a = (ka, rank[a.timing])
    order_b = (kb, rank[b.timing])
    if order_a == order_b:
        return Comparison(a.text, b.text, ("L1",), "both name the same point of the turn sequence", (SEQUENCE_NOTE,))
    first, second = (a, b) if order_a < order_b else (b, a)
    kf, ks = (ka, kb) if first is a else (kb, ka)
    if kf[1] == 1 and ks[1] == 0 and first.timing == "after" and second.timing == "before":
        return Comparison(first.text, second.text, ("L3",),
                          "an “after” trigger to the end of one step comes before a “before” trigger to the "
                          "start of the next step", (SEQUENCE_NOTE,))
    if kf == ks:
        return Comparison(first.text, second.text, ("L4",), "the same step: before, then when, then after")
    return Comparison(first.text, second.text, ("L3", "L10"),
                      "the turn runs Straighten, Events, Action, Attack (battles inside it), Dynasty, End; "
                      f"“{first.occurrence}” lies earlier in it, and responses to a step's start or end are not "
                      "part of the neighbouring step", (SEQUENCE_NOTE,))
