"""Seeded queries with a known intended card: typos, missing punctuation or "the", prefixes and aliases.

A query is generated from a text that names exactly one printing (its full name, or its base name or a
side when no other card has that form), so every method can be scored against one intended card. A slip
that happens to spell another card's name is dropped: no method could tell what was meant.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.names import base_name, fold, sides

KINDS = ("drop", "double", "swap", "replace", "punct", "the", "prefix", "alias")
TYPO_KINDS = ("drop", "double", "swap", "replace", "punct", "the")  # the "typo set"
_WEIGHTS = (1, 1, 1, 1, 1, 1, 1.5, 0.5)
_PUNCT = re.compile(r"[^\w\s]|_")
_THE = re.compile(r"\bthe\b\s*")
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEIGHBOURS: dict[str, str] = {}
for _r, _row in enumerate(_ROWS):
    for _c, _ch in enumerate(_row):
        near = {_row[j] for j in (_c - 1, _c + 1) if 0 <= j < len(_row)}
        for other in (_r - 1, _r + 1):
            if 0 <= other < len(_ROWS):
                near.update(_ROWS[other][j] for j in (_c - 1, _c, _c + 1) if 0 <= j < len(_ROWS[other]))
        _NEIGHBOURS[_ch] = "".join(sorted(near))


@dataclass(frozen=True)
class Query:
    text: str  # what is typed
    kind: str  # one of KINDS
    target: int  # index of the intended printing in the catalog
    meant: str  # the text the slip was made on


def forms(name: str) -> set[str]:
    """Folded texts people use for a printing: the full name, the base name, each side, a short name."""
    out = {name, base_name(name)}
    for side in sides(name):
        side_base = base_name(side)
        out.add(side_base)
        head, comma, _ = side_base.partition(", ")
        if comma:
            out.add(head)
    return {f for f in map(fold, out) if f}


def owners(cards: Sequence[Card]) -> dict[str, int]:
    """Folded form -> the one printing that has it, or -1 when several share it."""
    table: dict[str, int] = {}
    for i, card in enumerate(cards):
        for form in forms(card.name):
            table[form] = i if table.get(form, i) == i else -1
    return table


def naming_texts(card: Card, i: int, owner: dict[str, int]) -> list[tuple[str, int]]:
    """(text, weight) of the texts that name this printing alone; base names are how people type most."""
    out: list[tuple[str, int]] = []
    if owner.get(fold(card.name)) == i:
        out.append((card.name, 1))
    base = base_name(card.name)
    if fold(base) != fold(card.name) and owner.get(fold(base)) == i:
        out.append((base, 3))
    two = sides(card.name)
    if len(two) > 1:
        for side in two:
            side_base = base_name(side)
            if owner.get(fold(side_base)) == i:
                out.append((side_base, 2))
    return out


def slip(kind: str, meant: str, rng: random.Random) -> str | None:
    """One realistic slip of `kind` on `meant` as typed (lower case), or None if it does not apply."""
    text = meant.lower()
    letters = [i for i, ch in enumerate(text) if "a" <= ch <= "z"]
    if kind == "punct":
        return " ".join(_PUNCT.sub("", text).split()) if _PUNCT.search(text) else None
    if kind == "the":
        found = list(_THE.finditer(text))
        if not found:
            return None
        m = rng.choice(found)
        return " ".join((text[: m.start()] + text[m.end():]).split())
    if kind == "prefix":
        if len(text) < 6:
            return None
        cut = rng.randint(max(3, int(len(text) * 0.35)), max(3, int(len(text) * 0.75)))
        return text[:cut].rstrip() or None
    if len(letters) < 5:
        return None
    i = rng.choice(letters)
    if kind == "drop":
        return text[:i] + text[i + 1:]
    if kind == "double":
        return text[:i] + text[i] + text[i:]
    if kind == "swap":
        spots = [j for j in letters if j + 1 < len(text) and text[j + 1].isalpha() and text[j + 1] != text[j]]
        if not spots:
            return None
        j = rng.choice(spots)
        return text[:j] + text[j + 1] + text[j] + text[j + 2:]
    if kind == "replace":
        return text[:i] + rng.choice(_NEIGHBOURS[text[i]]) + text[i + 1:]
    raise ValueError(kind)


def make_aliases(cards: Sequence[Card], owner: dict[str, int], count: int,
                 rng: random.Random) -> list[tuple[str, int]]:
    """(alias, printing) nicknames made of a name's initials ("Captain of the Host" -> "coth"), as a
    moderator would register them for a favourite card; none spells an existing name."""
    found: list[tuple[str, int]] = []
    seen: set[str] = set()
    order = list(range(len(cards)))
    rng.shuffle(order)
    for i in order:
        if len(found) >= count:
            break
        name = cards[i].name
        words = [w for w in _PUNCT.sub(" ", base_name(name)).split() if w[:1].isalpha()]
        if len(words) < 3 or owner.get(fold(name)) != i:
            continue
        alias = "".join(w[0] for w in words).lower()
        if alias in seen or fold(alias) in owner:
            continue
        seen.add(alias)
        found.append((alias, i))
    return found


def make_queries(cards: Sequence[Card], n: int, seed: int, aliases: Sequence[tuple[str, int]],
                 owner: dict[str, int] | None = None) -> list[Query]:
    owner = owners(cards) if owner is None else owner
    rng = random.Random(f"queries:{len(cards)}:{seed}")
    texts: dict[int, list[tuple[str, int]]] = {}
    out: list[Query] = []
    for kind in rng.choices(KINDS, _WEIGHTS, k=n):
        if kind == "alias" and aliases:
            alias, i = rng.choice(aliases)
            out.append(Query(alias, "alias", i, alias))
            continue
        kind = "drop" if kind == "alias" else kind
        for _ in range(10_000):
            i = rng.randrange(len(cards))
            if i not in texts:
                texts[i] = naming_texts(cards[i], i, owner)
            if not texts[i]:
                continue
            meant = rng.choices([t for t, _ in texts[i]], [w for _, w in texts[i]])[0]
            typed = slip(kind, meant, rng)
            if not typed or not fold(typed):
                continue
            if kind != "prefix" and owner.get(fold(typed), i) != i:
                continue  # the slip spells another card's name
            out.append(Query(typed, kind, i, meant))
            break
    return out
