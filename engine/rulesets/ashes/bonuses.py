"""An alteration's printed value bonuses ("+1" in its attack box, "+2" life, "-1" recover, a Phoenixborn alteration's
"+1" battlefield): what attaching it adds to the values of the card it is on (AS21).

The card data carries them in the alteration's own value fields as signed text ("+1", "-3", "+X"); a unit's or a
Phoenixborn's values are plain numbers. Worked out against the unit it is attached to when that unit's card is
known, counting the bonuses of the alterations the question says are already on it (they all apply at once).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

STATS = ("attack", "life", "recover", "battlefield", "spellboard")
_SIGNED = re.compile(r"^\s*(?P<sign>[+-])\s*(?P<n>\d+|X)\s*$", re.I)


def read_bonuses(card_type: str, record: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """The signed value bonuses an alteration prints, in the order STATS lists them (("attack", "+1"), ...)."""
    if "Alteration" not in card_type:
        return ()
    out = []
    for stat in STATS:
        m = _SIGNED.match(str(record.get(stat) or ""))
        if m:
            out.append((stat, f"{m.group('sign')}{m.group('n').upper()}"))
    return tuple(out)


def bonus_words(bonuses: Iterable[tuple[str, str]]) -> str:
    """ "+1 attack and +1 recover" (each value named as players say it)."""
    bits = [f"{value} {stat}" for stat, value in bonuses]
    return bits[0] if len(bits) == 1 else ", ".join(bits[:-1]) + f" and {bits[-1]}"


def _number(value: str) -> int | None:
    return None if value[1:].upper() == "X" else int(value)


def worked_values(bonuses: tuple[tuple[str, str], ...], printed: Callable[[str], int | None],
                  already: Iterable[tuple[str, tuple[tuple[str, str], ...]]]) -> list[dict[str, Any]]:
    """Each changed value of the card it goes on: printed, the bonuses of the alterations already on it (by name),
    this one, and the total; `value` is None where a number is not known ("+X", a value the card has not)."""
    out = []
    already = list(already)
    for stat, value in bonuses:
        base = printed(stat)
        others = [(name, v) for name, bs in already for s, v in bs if s == stat]
        adds = [_number(v) for _, v in others] + [_number(value)]
        total = None if base is None or None in adds else base + sum(a for a in adds if a is not None)
        out.append({"stat": stat, "bonus": value, "printed": base,
                    "others": [{"card": name, "bonus": v} for name, v in others],
                    "value": None if total is None else max(total, 0), "below_zero": total is not None and total < 0})
    return out


def worked_words(row: dict[str, Any]) -> str:
    """ "attack 3: 2 printed +1" / "attack 4: 2 printed +1 (Inflame) +1" / "" when not worked out."""
    if row["value"] is None:
        return ""
    sums = "".join(f" {o['bonus']} ({o['card']})" for o in row["others"])
    floor = ", below 0, taken as 0 (assumed)" if row["below_zero"] else ""
    return f"{row['stat']} {row['value']}: {row['printed']} printed{sums} {row['bonus']}{floor}"
