"""What a player reads, in every game: quotes cut at a whole word with an ellipsis, and the plain-words rules a
player's answer keeps (README, "Every game: the player's answer first").

`cut` and `quoted` are what every game's renderer uses to shorten card words; `problems` lists what breaks the
rules in a text a player reads first (its `summary`), so the tests hold every game to them on real cards:
- no rule ids (D3, GA5, LD3), part or condition numbers ("part 1", "(#2)"), layer or step letters ("layer E",
  "step B"), event keys ("phase-ends", "occurs:he attacks"), tallies ("4 of 7", "1 point"), code ("['effect'",
  "None"), or an empty "( )";
- every sentence under 40 words;
- a quote of card words either whole or cut at a word with "…" (never "fro…").
`headline` is the shared rule for the line every surface shows first: an answer of `HEADLINE_WORDS` words or more
gives its first sentence (or that sentence's first clauses) as the line a player reads at a glance, the rest under it.
Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

ELLIPSIS = "…"
OPEN, CLOSE = "\u201c", "\u201d"
MAX_WORDS = 40  # a sentence a player reads is shorter than this
HEADLINE_WORDS = 30  # the first line of an answer, read at a glance, is shorter than this

_CUT_AFTER = " ,;:—–-(/"  # characters a cut never ends on


def cut(text: str, limit: int, *, keep_lines: bool = False) -> str:
    """`text` (spacing made single, unless `keep_lines`) whole when it fits in `limit` characters; else cut at the
    last whole word that fits with "…" after it, so the ellipsis never ends a word half-written ("must dis…"
    becomes "must…"). A single word longer than `limit` is cut where it must be."""
    text = str(text) if keep_lines else " ".join(str(text).split())
    if len(text) <= limit:
        return text
    room = max(0, limit - 1)
    head = text[:room]
    if text[room:room + 1].isalnum() and head[-1:].isalnum():  # the cut falls inside a word: drop that word
        space = max(head.rfind(" "), head.rfind("\n"))
        head = head[:space] if space > 0 else head
    return head.rstrip(_CUT_AFTER + "\n") + ELLIPSIS


def quoted(text: str, limit: int = 60) -> str:
    """Card words in curly quotes, cut at a word when longer than `limit`: “Place a Gilder conjuration …”."""
    return f"{OPEN}{cut(text, limit)}{CLOSE}"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def joined(clauses: Sequence[str], limit: int = MAX_WORDS) -> str:
    """Clauses said one after the other, joined by "; " into sentences shorter than `limit` words: a clause that
    would make its sentence too long starts the next one. Each sentence is capitalised and ends with a full stop;
    a clause longer than the limit by itself stays whole (shorten it where it is made)."""
    out: list[list[str]] = []
    for clause in (c.strip().rstrip(".;") for c in clauses):
        if not clause:
            continue
        if out and sum(_words(c) for c in out[-1]) + _words(clause) < limit:
            out[-1].append(clause)
        else:
            out.append([clause])
    return " ".join(capitalised("; ".join(sentence)) + "." for sentence in out)


# --- the rules a player's first line keeps ---------------------------------------------------------------------

_QUOTE = re.compile(f"{OPEN}[^{CLOSE}]*{CLOSE}?")
_PART = re.compile(r"\b(?:part|paragraph|condition|step|item)s? #?\d+\b|\(#\d+[),]|#\d+\b", re.I)
_LETTER = re.compile(r"\b(?:layer|step|sub-?step)s? [A-Z]\b(?:[-–][A-Z]\b)?")
_EVENT_KEY = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b|\b[a-z]+:[a-z]\w*")
_TALLY = re.compile(r"\b\d+ of (?:the )?\d+\b|\b\d+ points?\b|\b\d+/\d+\b")
_CODE = re.compile(r"\[['\"]|['\"]\]|\{['\"]|[:=] ?(?:None|True|False)\b(?! ?[A-Za-z])|=>|\\n|\(\s*\)|\[\s*\]")
_STRAIGHT = re.compile(r'"[^"\n]*"')
_ASIDE = re.compile(r"\([^()\x00]*(?:\x00\d+\x00[^()\x00]*)*\)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9“\"(\x00])")  # \x00: a quote hidden while splitting


def outside_quotes(text: str) -> str:
    """`text` with every quote of card words replaced by “…”: the rules are checked on Arbiter's own words."""
    return _QUOTE.sub(f"{OPEN}{ELLIPSIS}{CLOSE}", text)


def sentences(text: str) -> list[str]:
    """The sentences of `text` (a quote's own full stops do not end one)."""
    hidden: list[str] = []

    def keep(match: re.Match[str]) -> str:
        hidden.append(match.group(0))
        return f"\x00{len(hidden) - 1}\x00"

    masked = _QUOTE.sub(keep, text)
    masked = _STRAIGHT.sub(keep, masked)  # '"On Sacrifice: Rest target unit. The…"': a quote the card writes so
    while _ASIDE.search(masked):  # and an aside ("(#1) (… unit. The…)"): their full stops end no sentence
        masked = _ASIDE.sub(keep, masked)
    out = []
    for piece in _SENTENCE_END.split(masked):
        while "\x00" in piece:
            piece = re.sub(r"\x00(\d+)\x00", lambda m: hidden[int(m.group(1))], piece)
        piece = piece.strip()
        if piece:
            out.append(piece)
    return out


def _words(sentence: str) -> int:
    return len([w for w in sentence.split() if any(ch.isalnum() for ch in w)])


def too_long(text: str) -> bool:
    """Whether a sentence of `text` runs to `MAX_WORDS` words or more (the limit `problems` enforces)."""
    return any(_words(sentence) >= MAX_WORDS for sentence in sentences(text))


def headline(text: str, limit: int = HEADLINE_WORDS) -> tuple[str, str]:
    """The line a player reads first and the rest of the answer under it ('' when none), the same on every surface.
    An answer shorter than `limit` words is one line. A longer one leads with its first sentence; a first sentence
    of `limit` words or more with as many of its "; " clauses as fit (the others start the next line, capitalised),
    or, when its first clause alone is too long, without a closing "(…)" aside, which then follows on the next line
    (or split before ", assuming", after ": ", before ", and"); when that leaves too little to say the answer, or
    cannot split it, its long quotes of card words are cut at a word instead (the card's text is shown under it);
    leading "Assuming …" clauses follow the answer they qualify. No word of Arbiter's own is dropped: the two parts
    hold every word of the answer outside the quotes."""
    text = " ".join(str(text).split())
    if _words(text) < limit:
        return text, ""
    said = sentences(text)
    answer = next((i for i, x in enumerate(said) if not x.startswith("Assuming ")), 0)
    first, *others = [said[answer], *said[:answer], *said[answer + 1:]]  # an assumption said first follows the answer
    if _words(first) >= limit:
        clauses = _top_level(first, "; ")
        lead = next((i for i, c in enumerate(clauses) if not c.startswith(("Assuming ", "assuming "))), 0)
        if lead:  # "Assuming …; Overlord leaves play …": the answer leads, what it assumes follows it
            # (the sentence's own full stop ends the last clause: moved inside, it would read "Clean-up.; assuming",
            # trial 42300 #11)
            clauses[-1] = clauses[-1].rstrip(" .") if not clauses[-1].endswith("..") else clauses[-1]
            moved = [*clauses[lead:], *(c[:1].lower() + c[1:] for c in clauses[:lead])]
            first = _ended(capitalised("; ".join(moved)))
        head, tail = _shorter(first, limit)
        # A head that stops before its first ": " is only who and when ("Bone Crow's Feast 1, when this unit is
        # declared as an attacker."): the answer is after it, so its quotes are cut instead, shorter if need be.
        preamble = bool(tail) and not _has_answer(head, first)
        if not tail or preamble or _words(head) < GIST_WORDS:
            for least in (QUOTE_WORDS, 3) if preamble or not tail else (QUOTE_WORDS,):
                briefer = _briefer_quotes(first, limit, least)
                if _words(briefer) < limit:
                    return briefer, " ".join(others)  # card words cut in it, not the answer (the card's text is shown)
            bare, asides = _without_asides(first) if preamble else (first, [])
            for least in (QUOTE_WORDS, 3) if asides else ():  # its asides follow it, its quotes cut if need be
                briefer = _briefer_quotes(bare, limit, least)  # ("X reaches X: 1 buff counter …, power +1 (…)")
                if _words(briefer) < limit and _has_answer(briefer, briefer):
                    return briefer, " ".join(["(" + "; ".join(asides) + ").", *others])
            if preamble:  # last: up to the latest ", " or ": " after its who and when that fits, its quotes cut
                base = _briefer_quotes(first, limit)
                for at in sorted(_top_level_at(base, (", ", ": ")), reverse=True):
                    if _words(base[:at]) < limit and _has_answer(base[:at], first):
                        return _ended(base[:at]), " ".join([_ended(capitalised(base[at + 2:])), *others])
        if tail:
            first, others = head, [tail, *others]
    return first, " ".join(others)


def _without_asides(sentence: str) -> tuple[str, list[str]]:
    """`sentence` without its "(…)" asides (outside card quotes), and the asides' words, in order."""
    out, asides, depth, quoted_, start = [], [], 0, False, 0
    for i, ch in enumerate(sentence):
        if ch == OPEN:
            quoted_ = True
        elif ch == CLOSE:
            quoted_ = False
        elif ch == "(" and not quoted_:
            if depth == 0:
                out.append(sentence[start:i])
                start = i
            depth += 1
        elif ch == ")" and not quoted_ and depth:
            depth -= 1
            if depth == 0:
                asides.append(sentence[start + 1:i])
                start = i + 1
    out.append(sentence[start:])
    bare = re.sub(r"\s+([,.;:])", r"\1", " ".join("".join(out).split()))
    return bare, asides


GIST_WORDS = 12  # a first line split shorter than this says too little: the card's quotes are cut instead


QUOTE_WORDS = 6  # a quote of card words cut to fit a first line keeps at least this many words

# words a cut quote never ends on: "add 1 to its attack value for the…" says no more than "… attack value…"
_DANGLING = frozenset({"a", "an", "the", "of", "for", "to", "and", "or", "with", "from", "on", "in", "into", "onto",
                       "at", "by", "its", "your", "their", "this", "that", "which", "who", "if", "as", "than", "then",
                       "but"})


# What comes before the first ": " of an answer that opens with who and when, not with the answer: "X after he
# attacks you", "Bone Crow's Feast 1, when this unit is declared as an attacker", "X reaches X", "X applies"
# ("Angelic Rescue cannot be played: …" opens with its answer).
_WHO_AND_WHEN = re.compile(r"(?:,? \b(?:when|after|before|as|at the (?:start|end|beginning) of)\b.*|\breaches\b.*|"
                           r"\bapplies)$")


_NAME_WORDS = frozenset({"the", "of", "a", "an", "and", "no", "in", "to", "on", "for", "at", "from", "with"})


def _opens_with_who_and_when(sentence: str) -> bool:
    """Whether `sentence`'s first ": " ends only who and when (`_WHO_AND_WHEN`) or only a card's name ("Daigotsu
    Kanpeki, the Shadow Emperor • Experienced 3: “…” comes once …": words in capitals and small name words)."""
    parts = _top_level(sentence, ": ")
    if len(parts) < 2:
        return False
    lead = outside_quotes(parts[0])
    return bool(_WHO_AND_WHEN.search(lead)) or all(
        w[:1].isupper() or not w[:1].isalpha() or w.casefold() in _NAME_WORDS for w in lead.split())


def _has_answer(head: str, sentence: str) -> bool:
    """Whether `head`, the start of `sentence` said as a line, says the answer: it goes past the sentence's first
    ": " (outside quotes and brackets) when what is before it is only who and when (`_WHO_AND_WHEN`)."""
    clause = _top_level(sentence, "; ")[0]  # (an answer's first clause: "No effect …; X applies: …" says it)
    return not _opens_with_who_and_when(clause) or _words(head) > _words(_top_level(clause, ": ")[0])


def _briefer_quotes(sentence: str, limit: int = HEADLINE_WORDS, least: int = QUOTE_WORDS) -> str:
    """`sentence` with its quotes of card words cut at a word with "…" until it is shorter than `limit` words: the
    longest quote loses words first and each keeps at least QUOTE_WORDS, so as much of the card's words as the line
    has room for is said ("If it has 1 or more status tokens on it, add 1 to its attack value…", not "If it has 1
    or more…", which hides what happens); a cut never ends on a small joining word ("for the…")."""
    parts = _QUOTE.split(sentence)
    quotes = [q.strip(OPEN + CLOSE).split() for q in _QUOTE.findall(sentence)]
    kept = [len(q) for q in quotes]
    room = limit - 1 - sum(_words(p) for p in parts)
    while sum(kept) > room:
        longest = max(range(len(kept)), key=lambda i: kept[i], default=None)
        if longest is None or kept[longest] <= least:
            break
        kept[longest] -= 1

    def said(i: int) -> str:
        words = quotes[i][:kept[i]]
        if kept[i] == len(quotes[i]):
            return OPEN + " ".join(words) + CLOSE
        while len(words) > least // 2 and words[-1].strip(_CUT_AFTER + ".").casefold() in _DANGLING:
            words = words[:-1]
        return OPEN + " ".join(words).rstrip(_CUT_AFTER + ".") + ELLIPSIS + CLOSE

    return "".join(p + (said(i) if i < len(quotes) else "") for i, p in enumerate(parts))


def _shorter(sentence: str, limit: int) -> tuple[str, str]:
    """`sentence` as a head shorter than `limit` words and its tail ('' when it cannot be split): at its "; "
    clauses (as many as fit, an assumption's after the answer's), else its first clause at ", assuming …", a
    closing "(…)" aside or its first ": "."""
    clauses = _top_level(sentence, "; ")
    assumed = next((i for i, c in enumerate(clauses) if not c.startswith(("Assuming ", "assuming "))), 0)
    if assumed:  # "Assuming …; Overlord leaves play …": the answer leads, what it assumes follows it
        clauses = [*clauses[assumed:], *clauses[:assumed]]
        clauses[0] = capitalised(clauses[0])
    taken = 0
    while taken < len(clauses) and _words("; ".join(clauses[: taken + 1])) < limit:
        taken += 1
    if 0 < taken < len(clauses):
        return _ended("; ".join(clauses[:taken])), _ended(capitalised("; ".join(clauses[taken:])))
    first, remaining = clauses[0], "; ".join(clauses[1:])
    for head, tail in _splits(first):
        if head and tail and _words(head) < limit:
            return _ended(head), " ".join(x for x in (_ended(capitalised(tail)), capitalised(remaining)) if x)
    return sentence, ""


def _splits(clause: str) -> Iterator[tuple[str, str]]:
    """Where one long clause may be said as two sentences, best first: before its ", assuming …", before a
    closing "(…)" aside (said without its brackets), before its first ", and" (", but", ", then", ", so") when that
    is after its first ": " (which ends who and when: "X after he attacks you: in effect while …, and only while its
    card is in play"), after its first ": ", before its first ", and"."""
    for part in _top_level(clause, ", assuming ")[1:2]:
        yield clause[: clause.index(", assuming " + part)], "assuming " + part
    aside = _closing_aside(clause)
    if aside is not None:
        yield clause[:aside], clause[aside:].rstrip(".;").strip()[1:-1]
    for joint in (", and ", ", but ", ", then ", ", so "):  # before a joining word, which starts the next line
        parts = _top_level(clause, joint)
        if len(parts) > 1 and _opens_with_who_and_when(clause) and _has_answer(parts[0], clause):
            yield parts[0], clause[len(parts[0]) + 2:]
    parts = _top_level(clause, ": ")
    if len(parts) > 1:
        yield parts[0], clause[len(parts[0]) + 2:]
    for joint in (", and ", ", but ", ", then ", ", so "):
        parts = _top_level(clause, joint)
        if len(parts) > 1:
            yield parts[0], clause[len(parts[0]) + 2:]


def _ended(text: str) -> str:
    """`text` as a sentence: its last stop or comma made one full stop (a quote or an aside keeps its own end)."""
    return text.rstrip(" ;:,.") + "."


def _top_level(text: str, separator: str) -> list[str]:
    """`text` split at `separator` where it is outside card quotes and parentheses."""
    out, start = [], 0
    for i in _top_level_at(text, [separator]):
        if i >= start:  # not inside the separator just taken
            out.append(text[start:i])
            start = i + len(separator)
    out.append(text[start:])
    return [part for part in out if part.strip()]


def _top_level_at(text: str, separators: Sequence[str]) -> list[int]:
    """Where each of `separators` occurs in `text` outside card quotes and parentheses."""
    found, depth, quoted_ = [], 0, False
    for i, ch in enumerate(text):
        if ch == OPEN:
            quoted_ = True
        elif ch == CLOSE:
            quoted_ = False
        elif ch == "(" and not quoted_:
            depth += 1
        elif ch == ")" and not quoted_:
            depth = max(0, depth - 1)
        elif not quoted_ and depth == 0 and any(text.startswith(s, i) for s in separators):
            found.append(i)
    return found


def _closing_aside(clause: str) -> int | None:
    """Where a closing "(…)" aside begins in `clause` (its last characters, before a full stop), None if none."""
    body = clause.rstrip(".")
    if not body.endswith(")"):
        return None
    depth, quoted_ = 0, False
    for i in range(len(body) - 1, -1, -1):
        ch = body[i]
        if ch == CLOSE:
            quoted_ = True
        elif ch == OPEN:
            quoted_ = False
        elif ch == ")" and not quoted_:
            depth += 1
        elif ch == "(" and not quoted_:
            depth -= 1
            if depth == 0:
                return i if i > 0 else None
    return None


def rule_id_pattern(rule_ids: Iterable[str]) -> re.Pattern[str] | None:
    ids = sorted({i for i in rule_ids if i}, key=len, reverse=True)
    if not ids:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")


def cut_quotes(text: str, sources: Sequence[str]) -> list[str]:
    """The quotes in `text` that end "…" in the middle of a word of the card text they come from (`sources`):
    "fro…" where the card says "from". A quote not found in the sources (a paraphrase) is not judged."""
    found = []
    folded = [" ".join(s.split()).casefold() for s in sources if s]
    for match in _QUOTE.finditer(text):
        inner = match.group(0).strip(OPEN + CLOSE)
        if not inner.endswith(ELLIPSIS):
            continue
        head = " ".join(inner[: -len(ELLIPSIS)].split()).casefold()
        if not head:
            found.append(match.group(0))
            continue
        for source in folded:
            at = source.find(head)
            while at >= 0:
                after = source[at + len(head): at + len(head) + 1]
                if not (after.isalnum() and head[-1:].isalnum()):
                    break  # this occurrence ends at a word's end: a good cut
                at = source.find(head, at + 1)
            else:
                if head in source:
                    found.append(match.group(0))
                continue
            break
    return found


def code_words(text: str) -> list[str]:
    """What reads as program output in any text a player or judge reads: an empty "( )", a Python list or dict,
    "=None" (card quotes aside)."""
    return [m.group(0) for m in _CODE.finditer(outside_quotes(text))]


def problems(text: str, *, rule_ids: Iterable[str] = (), event_keys: Iterable[str] = (),
             sources: Sequence[str] = (), names: Iterable[str] = ()) -> list[str]:
    """What in `text` (a player's answer) breaks the plain-words rules, each as one short reason; [] when none.
    `rule_ids`: the game's rule ids; `event_keys`: the words its scenarios are typed with ("phase-ends");
    `sources`: the card texts its quotes come from; `names`: card names in it, whose own words are not judged."""
    out: list[str] = []
    own = outside_quotes(text)
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        own = own.replace(name, "Card")
    ids = rule_id_pattern(rule_ids)
    if ids is not None and (hit := ids.search(own)):
        out.append(f"a rule id: {hit.group(0)}")
    if hit := _PART.search(own):
        out.append(f"a part number: {hit.group(0)}")
    if hit := _LETTER.search(own):
        out.append(f"a layer or step letter: {hit.group(0)}")
    keys = {k.casefold() for k in event_keys if k}
    for hit in _EVENT_KEY.finditer(own):
        word = hit.group(0)
        if ":" in word or word.casefold() in keys:
            out.append(f"an event key: {word}")
            break
    if hit := _TALLY.search(own):
        out.append(f"a tally: {hit.group(0)}")
    if hit := _CODE.search(own):
        out.append(f"code, not words: {hit.group(0)}")
    for sentence in sentences(text):
        if _words(sentence) >= MAX_WORDS:
            out.append(f"a sentence of {_words(sentence)} words: {cut(sentence, 60)}")
    out.extend(f"a quote cut inside a word: {q}" for q in cut_quotes(text, sources))
    return out
