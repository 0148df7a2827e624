"""The net result of the effects on one object: per number (power, life, durability, level, cost) its base value
from the card data when the data has it, every change in the order applied, and the total (GA5, GA6; counters
after the other changes of layer E, as the official "Layers" 2.6 orders power and life)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

STATS = ("power", "life", "durability", "level", "cost")
_COUNTER_STATS = {"buff": 1, "debuff": -1}  # official "Counters": +1 / -1 to power and life per counter


@dataclass(frozen=True)
class Change:
    card: str            # the effect's label, or "N buff counters"
    layer: str
    words: str           # as printed, e.g. "+1 POWER", "costs 2 less"
    step: int | None     # the amount for one step (None: X, not known)
    count: int | None    # "for each ...": how many steps (None: not counted)
    count_words: str     # what was counted
    count_given: bool    # given in the question (else assumed)
    sets: bool = False   # layer A: sets the base value instead of changing it
    offset: int = 0      # "(2+X) more": the fixed part of an amount in X (step is then X's factor)
    x: bool = False      # the amount is in X ("+X POWER, where X is ..."): count is X itself, not a step count
    every: int = 1       # "for every five ...": five counted make one step
    counted: int | None = None  # how many were counted (count is counted // every)

    @property
    def amount(self) -> int | None:
        if self.step is None:
            return None
        return self.step * (self.count if self.count is not None else 1) + self.offset


def base_of(card: Any, stat: str) -> tuple[int | None, str]:
    """(the printed value, where it comes from) or (None, why there is none)."""
    if card is None:
        return None, "no card named: the object is a kind, so its printed values are not known"
    if stat == "cost":
        cost = (card.extra or {}).get("cost", "")
        if str(cost).strip().isdigit():
            return int(cost), "the card's cost in the TCG Arena card list"
        return None, "the card data has no cost for this card"
    return None, f"the card data has no {stat} stat (it holds text, types and costs only)"


def net_json(card: Any, changes: list[tuple[str, Change]]) -> dict[str, dict[str, Any]]:
    """{stat: {base, base_from, changes, total, value}} for each stat a change touches."""
    out: dict[str, dict[str, Any]] = {}
    for stat in STATS:
        mine = [c for s, c in changes if s == stat]
        if not mine:
            continue
        base, base_from = base_of(card, stat)
        total: int | None = 0
        listed = []
        for c in mine:
            if c.sets:  # layer A: a new base value; changes before it are replaced
                base, base_from, total = c.step, f"set by {c.card}", 0
            elif total is not None:
                total = None if c.amount is None else total + c.amount
            listed.append({"card": c.card, "layer": c.layer, "words": c.words, "sets": c.sets,
                           "amount": c.amount if not c.sets else c.step, "count": c.count,
                           "counted": c.count_words, "count_given": c.count_given, "x": c.x,
                           "every": c.every, "of": c.counted if c.counted is not None else c.count})
        value = base + total if base is not None and total is not None else None
        out[stat] = {"base": base, "base_from": base_from, "changes": listed, "total": total, "value": value}
    return out


def net_phrase(stat: str, entry: dict[str, Any]) -> str:
    """"power +2 (base not in the card data)", "cost 3 → 2"."""
    total = entry["total"]
    if entry["value"] is not None:
        return f"{stat} {entry['value']} ({entry['base']} {'+' if total >= 0 else '−'} {abs(total)})"
    change = "X" if total is None else f"{total:+d}"
    why = "its base is not in the card data" if entry["base"] is None else f"base {entry['base']}"
    return f"{stat} {change} ({why})"


def counter_changes(counters: dict[str, int], put: dict[str, str] | None = None) -> list[tuple[str, Change]]:
    """Buff and debuff counters (written with the object, or put on it by an effect: `put` says which) as changes of
    power and life, after the rest of layer E."""
    out: list[tuple[str, Change]] = []
    put = put or {}
    counters = dict(counters)
    buff, debuff = counters.get("buff", 0), counters.get("debuff", 0)
    if buff and debuff:  # official "Counters", Buff 4 / Debuff 4: each removes one of the other
        counters["buff"], counters["debuff"] = max(buff - debuff, 0), max(debuff - buff, 0)
    for name, n in sorted(counters.items()):
        if name in _COUNTER_STATS and n:
            step = _COUNTER_STATS[name]
            label = f"{n} {name} counter{'s' if n != 1 else ''}"
            if put.get(name):
                label += f" ({put[name]})"
            if buff and debuff:
                label += f" (after {min(buff, debuff)} buff and debuff counters removed each other)"
            for stat in ("power", "life"):
                out.append((stat, Change(label, "E", f"{step:+d} {stat.upper()} per counter", step, n, label,
                                         True)))
    return out
