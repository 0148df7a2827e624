"""Effects a player quotes in an L5R sentence: "my opponent has a card with a trait “After a Follower enters play,
its controller loses 1 Honor”", "I have an effect from earlier this turn “After the next time Kojinrue assigns this
turn, give him +2F”", "an attachment with “After the bearer assigns, gain 1 Honor”".

Each quoted text that says when it answers (before / after / when / the next time ...) and is no named card's own
words is an order item of its own: its kind from the words that introduce it (a Reaction, a delayed effect or an
effect made earlier, else a triggered trait of a card), its controller from the last player named before it. Its
words are never the sentence's moment (the moment is what the sentence says happens, outside the quotes).
Used only by engine/rulesets/l5r/phrases_ask.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.names import fold
from engine.sentence import Sentence

_QUOTE = re.compile(r'["“”]([^"“”]{6,800})["“”]')
# what a trigger's own words start with (an optional "Reaction:" / "Trait:" label first)
_TIMED = re.compile(r"(?i)^\s*(?:(?P<label>reaction|interrupt|trait|delayed(?: effect)?)\s*:\s*)?"
                    r"(?:after|before|when|whenever|each time|the (?:next|first) time|"
                    r"at the (?:start|end|beginning) of)\b")
_NEXT = re.compile(r"(?i)\b(?:the next time|this turn)\b")  # said of what waits once: a delayed effect
# the words that introduce a quoted effect, by the kind they say
_KINDS = (
    ("reaction", re.compile(r"(?i)\breactions?\b")),
    ("delayed", re.compile(r"(?i)\bdelayed\b|\beffects?\b")),  # an effect made earlier that waits: a delayed effect
    ("trait", re.compile(r"(?i)\b(?:traits?|attachments?|attached|cards?|holdings?|items?|followers?|personality|"
                         r"personalities|strongholds?|sensei|provinces?|regions?|ancestors?|spells?|bearer)\b")),
)
_PLAYER = re.compile(r"(?i)(?P<opp>\b(?:my )?opponent(?:['’]?s)?\b|\bthey\b|\btheir\b|\bhe\b|\bshe\b)|"
                     r"(?P<me>\bi\b|\bi['’](?:ve|m)\b|\bmy\b|\bwe\b|\bour\b)")
_INTRO = frozenset({"a", "an", "the", "card", "cards", "with", "trait", "traits", "triggered", "effect", "effects",
                    "delayed", "reaction", "reactions", "attachment", "attached", "says", "saying", "said", "reads",
                    "reading", "that", "which", "from", "earlier", "this", "turn", "has", "have", "had", "holding",
                    "item", "follower", "personality", "stronghold", "also", "its", "own", "text", "like",
                    "is", "of", "on", "in", "play", "still", "waiting"})


@dataclass
class Quoted:
    """The quoted effects read as items, the words they (and their introductions) took, the cards named inside."""

    items: list[str] = field(default_factory=list)
    words: set[int] = field(default_factory=set)
    cards: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    kinds: set[tuple[str, str]] = field(default_factory=set)  # (kind, controller) of each item
    points: list[tuple[str, set[int]]] = field(default_factory=list)  # quoted bare timing points and their words


def _own_words(sentence: Sentence, quote: re.Match[str]) -> bool:
    """Whether a quote is the words of a card the sentence names outside it (that card's own ability, not another
    effect)."""
    said = " ".join(fold(quote.group(1)).split())
    for span in sentence.cards:
        inside = quote.start() <= sentence.words[span.start].start < quote.end()
        if not inside and span.card is not None and said and said in " ".join(fold(span.card.text or "").split()):
            return True
    return False


def read_quoted(sentence: Sentence) -> Quoted:
    """Each quoted timed effect of the sentence as an order item (`kind:words@controller`); nothing is marked used
    (the caller marks `words` once it reads an order)."""
    out = Quoted()
    previous_end = 0
    last_who = ""
    for q in _QUOTE.finditer(sentence.text):
        text = q.group(1).strip().rstrip(".")
        offset = previous_end
        before_text = sentence.text[previous_end:q.start()]
        whose = [m for m in _PLAYER.finditer(before_text)]
        if whose:
            last_who = "opponent" if whose[-1].group("opp") else "you"
        previous_end = q.end()
        timed = _TIMED.match(text)
        if timed is not None and not timed.group("label") and not re.search(r"[,:]", text[timed.end():]):
            # a quoted moment alone ("a trigger “before the End Phase begins”") is a timing point, not an effect
            out.points.append((text, {i for i, w in enumerate(sentence.words)
                                      if q.start() <= w.start and w.end <= q.end()}))
            continue
        if timed is None or _own_words(sentence, q):
            continue
        # the introduction: the words since the last clause stop before the quote ("and my opponent has a card with
        # a trait")
        intro_start = max(before_text.rfind(p) for p in (".", "?", "!", ",", ";", " and ", " but "))
        intro = before_text[intro_start + 1:] if intro_start >= 0 else before_text
        label = (timed.group("label") or "").lower()
        kind = next((k for k, rx in _KINDS if rx.search(intro)), "")
        if label:
            kind = "reaction" if label in ("reaction", "interrupt") else "delayed" if label.startswith("delayed") \
                else "trait"
        said_kind = bool(kind)
        if not kind:
            kind = "delayed" if _NEXT.search(text) else "trait"
        who = last_who or "you"
        if not last_who:
            out.notes.append(f"“{_cut(text)}”, said without whose it is, is read as yours")
        if not said_kind:
            said = "delayed effect" if kind == "delayed" else "triggered trait"
            out.notes.append(f"“{_cut(text)}” is read as a {said}"
                             " (say “a Reaction …”, “a delayed effect …” or “a trait …” for another kind)")
        body = text[text.index(":") + 1:].strip() if timed.group("label") else text
        item = f"{kind}:{body}@{who}"
        if item not in out.items:
            out.items.append(item)
            out.kinds.add((kind, who))
        start, stop = q.start(), q.end()
        out.words |= {i for i, w in enumerate(sentence.words) if start <= w.start and w.end <= stop}
        istart = q.start() - len(intro)
        out.words |= {i for i, w in enumerate(sentence.words) if istart <= w.start and w.end <= q.start()
                      and w.norm in _INTRO}
        if whose and offset + whose[-1].start() >= istart:  # "my opponent has a card with …": whose it is, read
            wstart, wend = offset + whose[-1].start(), offset + whose[-1].end()
            out.words |= {i for i, w in enumerate(sentence.words) if wstart <= w.start and w.end <= wend}
        out.cards |= {n for n, c in enumerate(sentence.cards) if start <= sentence.words[c.start].start
                      and sentence.words[c.end - 1].end <= stop}
    return out


def _cut(text: str, limit: int = 50) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"
