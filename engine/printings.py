"""A name is a card; printings are versions of it. Which printings read alike, and how an answer says what
it matched: the same words in every game and every front end.

A ruleset may declare, both optional:
- `printing_rank(card) -> sortable`: its stated rule for a card's default printing (the highest wins);
  without it, the first printing alphabetically by label;
- `reading_key(card, annotations) -> hashable`: what it reads off a printing for its question; printings
  with equal keys get the same ruling. Without it: the card's type and its text (spacing and case aside).
Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Annotation, Card
from engine.matching import MatchResult
from engine.names import base_name, shown, suffixes

MAX_LISTED = 8  # printings named in one line; more are counted


def default_reading_key(card: Card, annotations: Sequence[Annotation] = ()) -> Hashable:
    return (card.type.casefold(), " ".join(card.text.split()).casefold(),
            tuple(sorted((a.part, a.rule, a.value) for a in annotations)))


def reading_key_of(ruleset: Any) -> Callable[[Card, Sequence[Annotation]], Hashable]:
    return getattr(ruleset, "reading_key", None) or default_reading_key


def printing_rank_of(ruleset: Any) -> Callable[[Card], Any] | None:
    return getattr(ruleset, "printing_rank", None)


def declared_reading_key(ruleset: Any) -> Callable[[Card], Hashable] | None:
    """The ruleset's own reading key, if it declares one: the matcher asks back a name typed exactly as one printing's
    when the default printing would read differently (engine/matching.py)."""
    return getattr(ruleset, "reading_key", None)


def printing_tag(card: Card) -> str:
    """How a printing is told apart in a sentence: its suffix "(Wa)" or "[Fundraiser]", else its set."""
    outer = suffixes(card.name)[:1]
    if outer:
        bracket = card.name.rstrip()[-1]
        return f"({outer[0]})" if bracket == ")" else f"[{outer[0]}]"
    return f"({card.set})" if card.set else card.name


def set_to_ask(card: Card) -> str:
    """What to type as a set hint to get exactly this printing."""
    outer = suffixes(card.name)[:1]
    return outer[0] if outer else card.set


@dataclass(frozen=True)
class PrintingReport:
    """The printing judged among its card's printings: which read alike and which differ."""

    judged: Card
    chosen: str  # "named", "default" or "moderator" (engine.matching.CHOSEN)
    alike: tuple[Card, ...]  # the other printings that read like the judged one
    differ: tuple[Card, ...]  # printings that read differently (each may get another ruling)
    # When the question was also judged on each printing that reads differently (`compared`): those whose answer is
    # the same as the judged one's, so a player holding them needs no other answer
    same_answer: tuple[Card, ...] = ()
    compared: bool = False
    # The judged printing's first line and, for the printings whose answer differs, theirs (each with the printings
    # that share it), so a player holding another printing reads its answer too (`answers_line`)
    summary: str = ""
    answers: tuple[tuple[str, tuple[Card, ...]], ...] = ()

    @property
    def answer_differs(self) -> tuple[Card, ...]:
        """The printings that read differently and, when compared, answer differently too."""
        return tuple(c for c in self.differ if c not in self.same_answer)

    @property
    def count(self) -> int:
        return 1 + len(self.alike) + len(self.differ)

    def line(self) -> str:
        """'' for a card with one printing; else whether the others read alike, naming those that differ."""
        if self.count == 1:
            return ""
        if not self.differ:
            return f"All {self.count} printings read alike."
        shown = self.differ[:MAX_LISTED]
        tags = ", ".join(printing_tag(c) for c in shown)
        more = f" and {len(self.differ) - len(shown)} more" if len(self.differ) > len(shown) else ""
        one = len(self.differ) == 1
        differ = (f"the {tags}{more} {'printing' if one else 'printings'} {'reads' if one else 'read'} "
                  f"differently: ask with set {set_to_ask(shown[0])}")
        if self.alike:
            return f"{1 + len(self.alike)} of {self.count} printings read alike; {differ}."
        return differ[0].upper() + differ[1:] + "."

    def as_json(self) -> dict[str, Any]:
        def one(card: Card, reads: str) -> dict[str, Any]:
            return {"name": card.name, "set": card.set, "label": card.label, "reads": reads}

        out: dict[str, Any] = {"chosen": self.chosen,
                               "printings": [one(self.judged, "judged"), *(one(c, "alike") for c in self.alike),
                                             *(one(c, "differently") for c in self.differ)]}
        if self.answers:
            out["answers_line"] = answers_line(self)
        return out


def own_answer(summary: str, card: Card) -> str:
    """A first line without the printing it names at its end (the line says which printing), lower-cased."""
    said = " ".join(summary.split())
    for who in (card.label, card.name):  # "... (Wasting Disease (PoC), EE part)": the part stays said
        m = re.search(rf"\({re.escape(' '.join(who.split()))}(?:, ([^()]*))?\)$", said)
        if m:
            said = said[:m.start()].rstrip()
            if m.group(1):
                said = f"{said.rstrip('.')} ({m.group(1)})"
            break
    said = said if said.endswith((".", "?", "!")) else said + "."
    return said[:1].lower() + said[1:]


def answers_line(report: PrintingReport) -> str:
    """'' unless printings of the card, compared on the same question, answer it differently; then one line giving
    each answer with the printings it is for, the judged (default) printing first: 'The Long Day's printings answer
    differently: [II] (the default printing, answered below): happens at once ... (Ki), (Wa): still going; ...'."""
    if not report.answers or not report.summary:
        return ""
    judged = report.judged
    which = {"default": "the default", "moderator": "the moderators' default",
             "title": "the exactly named"}.get(report.chosen, "the judged")
    bits = [f"The printings of {base_name(judged.name)} answer differently. {printing_tag(judged)} ({which} "
            f"printing, answered below): {own_answer(report.summary, judged)}"]
    for summary, cards in report.answers:
        bits.append(f"{_tags(cards)}: {own_answer(summary, cards[0])}")
    return " ".join(bits)


def compare_printings(judged: Card, printings: Sequence[Card], chosen: str,
                      key: Callable[[Card], Hashable]) -> PrintingReport:
    """Split a card's other printings by whether they read like the judged one (`key` equal)."""
    others = [c for c in printings if c.key != judged.key]
    if not others:  # one printing: nothing to compare (and nothing to read)
        return PrintingReport(judged, chosen or "named", (), ())
    mine = key(judged)
    alike = tuple(c for c in others if key(c) == mine)
    differ = tuple(c for c in others if key(c) != mine)
    return PrintingReport(judged, chosen or "named", alike, differ)


_WHY = {"alias": "a nickname", "prefix": "the start of its name", "word": "words of its name",
        "fuzzy": "a likely typo"}


def matched_line(match: MatchResult) -> str:
    """'' when the query named the printing itself (its name or label); else what the query was taken to mean,
    e.g. 'Matched “marauders” to Moabite Marauders (FoM) (words of its name).'"""
    card = match.card
    if card is None or (match.how == "exact" and match.chosen in ("named", "title", "")):
        return ""
    query = shown(match.query)
    why = [_WHY[match.how]] if match.how in _WHY else []
    if match.chosen == "default":
        why.append("the default printing")
    elif match.chosen == "moderator":
        why.append("the moderators' default printing")
    return f"Matched “{query}” to {card.label}" + (f" ({'; '.join(why)})" if why else "") + "."


# How a note names the printing answered, by how it was chosen (engine.matching.CHOSEN).
_WHICH = {"default": ", the default printing; the", "title": ", the printing of that exact name; the"}
LOOSE = ("prefix", "word", "fuzzy")  # how a name may be read that the player should see said back


def match_note(match: MatchResult, report: PrintingReport | None = None) -> str:
    """What the player should know about the card read, as one short clause, only when it matters ('' else):
    a name read loosely ('read “captian of the host” as Captain of the Host (Roots)'), and, when no printing was
    named, printings that read differently ('its (Wa) printing reads differently: ask with set Wa'). Said after
    the answer, never before it; an exact name, a nickname and a printing named with a set need no note."""
    card = match.card
    if card is None:
        return ""
    bits = []
    if match.how in LOOSE:
        bits.append(f"read “{shown(match.query)}” as {card.label}")  # echoed without controls or marks
    worded = reworded(report.judged, report.alike) if report is not None and report.chosen != "named" else []
    if worded and report is not None and not report.differ:  # other words, the same answer: a player holding it
        whose = "its" if bits else f"answered for {report.judged.label}" + _WHICH.get(  # sees another text (trials
            report.chosen, "; the")  # 38300, 41011)
        one = len(worded) == 1
        bits.append(f"{whose} {_tags(worded)} {'printing has' if one else 'printings have'} other words but "
                    f"{'gives' if one else 'give'} the same answer")
    if report is not None and report.differ and report.chosen != "named":
        whose = "its" if bits else f"answered for {card.label}" + _WHICH.get(report.chosen, "; the")
        differ = report.answer_differs if report.compared else report.differ
        if not differ:  # every other printing reads differently but answers this question alike
            bits.append(f"{whose} {_tags(report.differ)} {_printings(report.differ)} differently but "
                        f"{'gives' if len(report.differ) == 1 else 'give'} the same answer")
        else:
            answers = (f" and {'answers' if len(differ) == 1 else 'answer'} differently" if report.compared else "")
            bits.append(f"{whose} {_tags(differ)} {_printings(differ)} differently{answers}: ask with set "
                        f"{set_to_ask(differ[0])}")
    return "; ".join(bits)


REWORDED = 0.8  # printings whose words are less alike than this (spacing, case and marks aside) are worded otherwise


def reworded(judged: Card, alike: Sequence[Card]) -> list[Card]:
    """The printings that read alike for the question but whose words are another text (Goliath's Armor (LoC)
    "Protect character from the next good Enhancement" beside (FoOF) "Bearer is immune to purple brigade"), not a
    reprint's spelling or punctuation."""
    from difflib import SequenceMatcher  # (here: the printings' merge train edits this module's imports)

    def bare(text: str) -> str:
        return " ".join("".join(ch if ch.isalnum() else " " for ch in text.casefold()).split())
    mine = bare(judged.text)
    return [c for c in alike if SequenceMatcher(None, mine, bare(c.text), autojunk=False).ratio() < REWORDED]


def _tags(cards: Sequence[Card]) -> str:
    listed = cards[:MAX_LISTED]
    more = f" and {len(cards) - len(listed)} more" if len(cards) > len(listed) else ""
    return ", ".join(printing_tag(c) for c in listed) + more


def _printings(cards: Sequence[Card]) -> str:
    return "printing reads" if len(cards) == 1 else "printings read"

