"""Card-name normalisation: one folding used for both the catalog and user queries.

Everything here is pure string work so the matcher can precompute it once per catalog.
"""

from __future__ import annotations

import re
import unicodedata

# Apostrophes and quote marks people type (or that the data carries) interchangeably. They are
# deleted rather than turned into spaces so "Boaz’ Offspring", "Boaz' Offspring" and
# "Boaz Offspring" all fold alike, and "Adino's" folds to "adinos" (one token).
_QUOTES = "'\"`´‘’‚‛“”„‟′″‹›«»ʼʻ"
_DELETE = {ord(c): None for c in _QUOTES}
_NON_WORD = re.compile(r"[\W_]+")


def _drop_format_chars(text: str) -> str:
    # Zero-width space/joiners, BOM, word joiner, soft hyphen, bidi marks: all category Cf,
    # invisible, and they would otherwise split a word in two.
    if text.isascii():
        return text
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def fold(text: str) -> str:
    """Canonical comparison form: accents, case, quotes, punctuation and a leading "the" removed."""
    text = _drop_format_chars(text).translate(_DELETE).casefold()
    if not text.isascii():  # after casefold, which can itself add marks ("İ" -> "i̇")
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
        text = text.translate(_DELETE)  # NFKD turns full-width quotes into plain ones
    text = _NON_WORD.sub(" ", text).strip()
    return text[4:] if text.startswith("the ") else text


def shown(text: str, limit: int = 80) -> str:
    """User text as a message echoes it back: control characters and invisible or bidirectional marks dropped (a
    right-to-left override would turn the rest of the line around; a BEL rings a terminal), whitespace collapsed,
    at most `limit` characters (ending with "…" when cut)."""
    text = text if isinstance(text, str) else str(text)
    text = text[: limit * 4] if len(text) > limit * 4 else text  # bound the work on hostile lengths
    if not text.isascii() or not text.isprintable():
        text = "".join(c if unicodedata.category(c) not in ("Cc", "Cf") else " " if c in "\t\n\r\x0b\x0c" else ""
                       for c in text)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: max(0, limit - 1)].rstrip() + "…"


def without_controls(text: str) -> str:
    """Text to print or post, with control characters (but newlines and tabs) and invisible or bidirectional marks
    dropped: what a user typed may be echoed inside it, and a terminal or chat acts on those characters."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(c for c in text if c in "\n\t" or unicodedata.category(c) not in ("Cc", "Cf"))


def split_suffix(name: str) -> tuple[str, str | None]:
    """Split one trailing printing suffix off: "Adino (Ki)" -> ("Adino", "Ki"), "X [2024 - Winner]" too.

    Only a bracket with no bracket inside counts; a name that is nothing but a bracket is left alone so
    a name never becomes empty. (No regex: a backtracking pattern is quadratic on long space runs.)
    """
    stripped = name.rstrip()
    if not stripped.endswith((")", "]")):
        return name, None
    start = stripped.rfind("(" if stripped[-1] == ")" else "[")
    inner = stripped[start + 1 : -1]
    head = stripped[:start].rstrip() if start > 0 else ""
    if not head or any(c in inner for c in "()[]"):
        return name, None
    return head, inner.strip()


def suffixes(name: str) -> list[str]:
    """All trailing printing suffixes, outermost first: "X (2019) (Promo)" -> ["Promo", "2019"]."""
    out: list[str] = []
    while True:
        name, suffix = split_suffix(name)
        if suffix is None:
            return out
        out.append(suffix)


def base_name(name: str) -> str:
    """The name without any printing suffix: "Christian Martyr (2019) (Promo)" -> "Christian Martyr"."""
    while True:
        name, suffix = split_suffix(name)
        if suffix is None:
            return name.strip()


def sides(name: str) -> list[str]:
    """The sides of a two-sided card without the printing suffix: "Top / Bottom (LoC)" -> ["Top", "Bottom"].

    A one-sided card gives one side. Only a " / " outside brackets separates sides, so
    'Lost Soul "Humble" [James 4:6 / Proverbs 3:34]' is one side, and only the outermost suffix is taken
    off, so "Adam, the Exile / Adam (Man) (LoC)" keeps its "Adam (Man)" side.
    """
    parts: list[str] = []
    depth = start = 0
    for i, ch in enumerate(name):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == "/" and depth == 0 and name[i - 1 : i] == " " and name[i + 1 : i + 2] == " ":
            parts.append(name[start:i].strip())
            start = i + 1
    parts.append(split_suffix(name[start:])[0].strip())
    return [p for p in parts if p]


def name_forms(name: str) -> list[str]:
    """Every string someone may use to name this card, most specific first (raw, not folded).

    The full name, each suffix-stripped level ("X (2019) (Promo)" -> "X (2019)" -> "X"), each side of a
    two-sided card with its own stripped levels, and each side's short name before a comma
    ("Adino, the Eznite" -> "Adino"), since players call characters by their bare name.
    """
    two_sided = sides(name)
    forms = [name]
    if len(two_sided) > 1:  # the whole two-sided name without any printing suffix, as players type it
        forms.append(" / ".join(two_sided))
    rest = name
    while True:
        rest, suffix = split_suffix(rest)
        if suffix is None:
            break
        forms.append(rest.strip())
        if len(two_sided) > 1:
            break  # a deeper bracket belongs to the bottom side ("Adam (Man)"), not to the whole card
    for side in two_sided:
        forms.append(side)
        forms.append(base_name(side))
        head, comma, _ = side.partition(", ")
        if comma and head.strip():
            forms.append(base_name(head))
    return list(dict.fromkeys(f for f in forms if f))


def without_inner_the(folded: str) -> str:
    """A folded name without "the" inside it: "angel of the lord" -> "angel of lord".

    People drop the article ("Angel of Lord", "Adino Eznite"); a whole missing word is four typos to an
    edit distance, so the matcher indexes this variant as another form of the name instead.
    """
    return folded.replace(" the ", " ") if " the " in folded else folded


def card_identity(name: str) -> str:
    """What makes printings one card: the folded name without printing suffixes, keeping a leading "The"
    ("The Bear" and "Bear" are different cards; "Son of God (2019) (Promo)" is a printing of "Son of God")."""
    base = base_name(name)
    folded = fold(base)
    return "the " + folded if _drop_format_chars(base).casefold().startswith("the ") and folded else folded
