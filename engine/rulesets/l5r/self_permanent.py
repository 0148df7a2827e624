"""A permanent effect a card puts on itself ("This card permanently copies ...", "Permanently reduce Shigeru's
Personal Honor ...", "Give Natsuki ... and permanently give her Cavalry"): the card the effect is on and the card that
made it are the same, so that card leaving play ends the effect, permanent or not (a card that leaves play forgets
every effect on it; blind 81021 #9). Effects a card gives another card ("permanently give him Ninja") are not this."""

from __future__ import annotations

import re

from engine.cards import Card

# Words of a name that are no reference to the card ("The Topaz Championship", "Mastering the Elements").
_COMMON = {"the", "of", "a", "an", "and", "to", "in", "on", "at", "from", "with", "for", "by", "experienced", "inexp"}
# Something else the permanent clause is about: a target, another card, a created card, each of a group.
_OTHER = re.compile(r"\b(?:target|targets|another|other|each|all|create[sd]?|performer|performing|loser|follower|"
                    r"province|provinces|your \w+)\b", re.I)
_PRONOUN = re.compile(r"\b(?:him|her|it|them|his|its|their)\b", re.I)


def _own_refs(card: Card) -> re.Pattern[str]:
    # a Personality is called by its personal name, the last word of its title before an epithet ("Kokujin
    # Kuchika, Blood of the Dark Lotus" is "Kuchika"); other cards only as "this card" or "this <type>"
    head = re.split(r"[,•(]", card.name)[0]
    words = re.findall(r"[A-Z][\w'-]+", head)[-1:] if card.type == "Personality" else []
    words = [w for w in words if w.lower() not in _COMMON and len(w) >= 3]
    kinds = ["card"] + ([re.escape(card.type)] if card.type else [])
    refs = [rf"\b(?i:this) (?:{'|'.join(kinds)})\b"] + [rf"\b{re.escape(w)}\b" for w in words]
    return re.compile("|".join(refs))


def self_permanent(text: str, card: Card | None) -> str:
    """The words of a permanent effect the card puts on itself, or ""."""
    if card is None:
        return ""
    own = _own_refs(card)
    for found in re.finditer(r"\bpermanent(?:ly)?\b", text, re.I):
        start = max(text.rfind(":", 0, found.start()), text.rfind(".", 0, found.start())) + 1
        end = text.find(".", found.end())
        before, after = text[start:found.start()], text[found.end():end if end >= 0 else len(text)]
        head = after[:40]
        refs = list(own.finditer(before))
        if refs and not _OTHER.search(before[refs[-1].end():]) and not _OTHER.search(after):
            # "This card permanently copies ...", "Give Natsuki ... and permanently give her Cavalry"
            return text[start:end if end >= 0 else len(text)].strip()
        if own.search(head) and not _OTHER.search(head):
            # "Permanently reduce Shigeru's Personal Honor", "permanently remove Brash from Yamato"
            return text[start:end if end >= 0 else len(text)].strip()
    return ""
