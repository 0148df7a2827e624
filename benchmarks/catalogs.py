"""Card catalogs for the matching benchmark: the real Redemption data and synthetic ones built from it.

Synthetic names are recombined from real ones the way the real catalog grows: reprints of real cards in
other sets ("Adino, the Eznite (RoA)"), new characters with a real head and a real epithet
("Phinehas, Samuel's Mentor"), "X of Y" titles from two real titles ("Captain of the Lord"), new Lost
Souls with a real nickname and a real verse, and some of those reprinted in turn. Deterministic per seed.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

from bot.catalog import parse_lackey
from engine.cards import Card
from engine.names import base_name, fold, sides, split_suffix

MAX_NAME = 65  # the longest real card name


@cache
def real_cards(path: Path) -> tuple[Card, ...]:
    return tuple(parse_lackey(path.read_text(encoding="utf-8")))


_LOST_SOUL = re.compile(r'^Lost Soul\s+(“[^”]+”|"[^"]+")\s*(\[[^\]]+\])')


def synthetic_cards(real: tuple[Card, ...], n: int, seed: int) -> list[Card]:
    """n printings: all real ones (a seeded half when n is smaller than the real catalog), then new ones."""
    rng = random.Random(f"synthetic:{n}:{seed}")
    cards = list(real) if n >= len(real) else rng.sample(list(real), n // 2)
    taken = {fold(c.name) for c in cards}

    printings: list[tuple[str, str, str]] = []  # ("(RoA)", set code, official set) as seen in real names
    designators: dict[str, set[str]] = {}  # printing suffix -> the real names carrying it
    sets: list[tuple[str, str]] = []
    bases: list[tuple[str, Card]] = []
    heads: list[tuple[str, Card]] = []
    epithets: list[str] = []
    titles_left: list[tuple[str, Card]] = []
    titles_right: list[str] = []
    nicknames: list[str] = []
    verses: list[str] = []
    for card in real:
        sets.append((card.set, card.official_set))
        rest, suffix = split_suffix(card.name)
        if suffix is not None and not card.name.startswith("Lost Soul"):
            printings.append((card.name[len(rest):].strip(), card.set, card.official_set))
            designators.setdefault(printings[-1][0], set()).add(card.name)
        lost = _LOST_SOUL.match(card.name)
        if lost:
            nicknames.append(lost.group(1))
            verses.append(lost.group(2))
            continue
        if len(sides(card.name)) > 1:
            continue
        base = base_name(card.name)
        bases.append((base, card))
        head, comma, epithet = base.partition(", ")
        if comma and head and epithet:
            heads.append((head, card))
            epithets.append(epithet)
        elif comma == "" and len(base.split()) == 1:
            heads.append((base, card))
        left, of, right = base.partition(" of ")
        if of and left and right:
            titles_left.append((left, card))
            titles_right.append(right)
    # A bracket that ends many names is a printing ("(Wa)", "[2024 - Regional]"); one that ends a few is
    # part of those names ("(Jonah's Anger)"), so it is not reused.
    printings = sorted({p for p in printings if len(designators[p[0]]) >= 5})
    sets = sorted(set(sets))
    bases = sorted(set(bases), key=lambda t: (t[0], t[1].name, t[1].set))
    heads = sorted(set(heads), key=lambda t: (t[0], t[1].name, t[1].set))
    titles_left = sorted(set(titles_left), key=lambda t: (t[0], t[1].name, t[1].set))
    epithets, titles_right = sorted(set(epithets)), sorted(set(titles_right))
    nicknames, verses = sorted(set(nicknames)), sorted(set(verses))

    def new_name() -> tuple[str, Card]:
        kind = rng.choices(("reprint", "character", "title", "lost soul"), (35, 35, 20, 10))[0]
        if kind == "reprint":
            return rng.choice(bases)
        if kind == "character":
            head, donor = rng.choice(heads)
            return f"{head}, {rng.choice(epithets)}", donor
        if kind == "title":
            left, donor = rng.choice(titles_left)
            return f"{left} of {rng.choice(titles_right)}", donor
        donor = next(c for c in real if c.name.startswith("Lost Soul"))
        return f"Lost Soul {rng.choice(nicknames)} {rng.choice(verses)}", donor

    attempts = 0
    while len(cards) < n:
        attempts += 1
        if attempts > 50 * n:
            raise RuntimeError(f"could not build {n} distinct names")
        name, donor = new_name()
        set_, official = rng.choice(sets)
        if rng.random() < 0.5 or name == base_name(donor.name):  # a reprint needs its printing suffix
            suffix, set_, official = rng.choice(printings)
            name = f"{name} {suffix}"
        if len(name) > MAX_NAME or fold(name) in taken:
            continue
        taken.add(fold(name))
        cards.append(Card("redemption", name, set_, type=donor.type, brigade=donor.brigade,
                          card_class=donor.card_class, official_set=official, alignment=donor.alignment,
                          rarity=donor.rarity))
    return cards
