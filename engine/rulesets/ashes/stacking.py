"""Numbered abilities stack (AS7; Reborn glossary, "Ability" / "Stacking Abilities"): a unit that has a numbered
ability ("Terrifying 1", "Armored 1") from two sources — its own card, alterations attached to it — has it once,
with the numbers added ("Terrifying 2").

The sources are the ones the question names: the unit's own card and each alteration on it ("/alteration=NAME"),
plus the alteration being played onto it. An alteration gives the unit the named abilities printed under its
"This unit now has the following ability:" (the next one) or "... abilities:" (all that follow).
The stacked text is the ability's own with its number read as the total, when the number appears once in it
("... an attack value of 1 or less" becomes "2 or less"); otherwise only the name's total is said.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import Printing
from engine.rulesets.ashes.state import Unit

NUMBERED = re.compile(r"^(?P<base>[A-Z][\w'’ -]*?) (?P<n>\d+)$")
_GIVES = re.compile(r"^this unit now has the following (?P<n>ability|abilities)\b", re.I)


def given_to_unit(p: Printing) -> list[str]:
    """The names of the abilities an alteration gives the unit it is on."""
    out: list[str] = []
    owed = 0
    for a in read_abilities(p):
        if owed and a.name:
            out.append(a.name)
            owed -= 1
        m = _GIVES.match(a.text.strip())
        if m:
            owed = 1 if m.group("n").lower() == "ability" else 99
    return out


def copies_on(base: str, unit: Unit, card_of: Callable[[str], Printing | None],
              adding: Printing | None) -> list[tuple[str, int]]:
    """(source, number) of each copy of the numbered ability `base` the unit has: its own card's, each alteration's
    on it, and the alteration being added (played onto it, or asked about but not listed on it)."""
    found: list[tuple[str, int]] = []

    def take(source: str, names: list[str]) -> None:
        for name in names:
            m = NUMBERED.match(name)
            if m and m.group("base").lower() == base.lower():
                found.append((source, int(m.group("n"))))

    own = card_of(unit.name) if unit.name else None
    if own is not None and "Alteration" not in own.type:
        take(f"{unit.name}'s own", [a.name for a in read_abilities(own) if a.name])
    for alteration in unit.alterations:
        card = card_of(alteration)
        if card is not None:
            take(alteration, given_to_unit(card))
    if adding is not None:
        take(adding.name, given_to_unit(adding))
    return found


def stack_of(name: str | None, unit: Unit | None, card_of: Callable[[str], Printing | None] | None,
             adding: Printing | None) -> dict[str, Any] | None:
    """The stacked ability when the unit has two or more copies of this numbered ability, else None."""
    m = NUMBERED.match(name or "")
    if m is None or unit is None or card_of is None:
        return None
    copies = copies_on(m.group("base"), unit, card_of, adding)
    if len(copies) < 2:
        return None
    total = sum(n for _, n in copies)
    return {"ability": name, "base": m.group("base"), "number": int(m.group("n")), "total": total,
            "name": f"{m.group('base')} {total}", "unit": unit.label(),
            "copies": [{"from": source, "number": n} for source, n in copies]}


def _restated(text: str, number: int, total: int) -> str | None:
    """The text with its one mention of the number read as the total, else None (no single mention)."""
    hits = list(re.finditer(rf"(?<![\w.]){number}(?![\w.])", text))
    if len(hits) != 1:
        return None
    return text[:hits[0].start()] + str(total) + text[hits[0].end():]


def stacked_printing(p: Printing, stack: dict[str, Any]) -> Printing:
    """The printing with that ability written as stacked (name and number), so it resolves as the unit has it."""
    name, number, total = stack["ability"], stack["number"], stack["total"]
    if p.abilities is not None:   # first edition: one record per ability
        records = []
        for a in p.abilities:
            if str(a.get("name") or "").strip() == name:
                text = _restated(str(a.get("text", "")), number, total)
                a = {**a, "name": stack["name"], **({"text": text} if text is not None else {})}
            records.append(a)
        return dataclasses.replace(p, abilities=tuple(records))
    paragraphs = re.split(r"(\n\s*\n)", p.text or "")
    head = re.compile(rf"^(?P<mark>[*~ ]*){re.escape(name)}(?P<colon>\**\s*:\**\s*)")
    for i, para in enumerate(paragraphs):
        m = head.match(para.strip())
        if m:
            body = para.strip()[m.end():]
            body = _restated(body, number, total) or body
            paragraphs[i] = f"{m.group('mark')}{stack['name']}{m.group('colon')}{body}"
    return dataclasses.replace(p, text="".join(paragraphs))


def stack_words(stack: dict[str, Any]) -> str:
    """ "Iron Worker (yours) has Terrifying 1 twice (Shining Hydra Head, Shining Hydra Head): they stack (AS7), so
    it has Terrifying 2" """
    sources = ", ".join(f"{c['from']}" for c in stack["copies"])
    return (f"{stack['unit']} has {len(stack['copies'])} copies of {stack['base']} ({sources}): numbered "
            f"abilities stack, so it has {stack['name']}")

