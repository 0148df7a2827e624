"""Whether the dice a question says were spent (--spent) pay an ability's magic cost, face by face (AS2).

A cost symbol is paid by a die showing the same or a higher value: a power symbol only by a die of that magic on its
power side; a class symbol by a die of that magic on its class or power side; a basic symbol by any die. A cost
printed as a choice ("1 charm class or 1 sympathy class") is paid by either alternative.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from engine.rulesets.ashes.costs import Cost
from engine.rulesets.ashes.state import Spent

_ITEM = re.compile(r"^(?P<n>\d+) (?:(?P<magic>[a-z]+) (?P<side>class|power)|(?P<basic>basic)) di(?:e|ce)$", re.I)
Symbol = tuple[str, str | None]   # (magic or "basic", class / power / None)


def alternatives(cost: Cost) -> list[list[Symbol]] | None:
    """The dice each alternative of a magic cost asks for; None when one alternative is not dice (an action, a
    discard, X), so the dice alone do not decide it."""
    out = []
    for alt in re.split(r"\s+or\s+", cost.text.strip()):
        symbols: list[Symbol] = []
        for item in re.split(r",\s*|\s+and\s+|\s*:\s*", alt.strip()):
            m = _ITEM.match(item.strip())
            if not m:
                return None
            symbol: Symbol = ("basic", None) if m.group("basic") else (m.group("magic").lower(),
                                                                         m.group("side").lower())
            symbols += [symbol] * int(m.group("n"))
        out.append(symbols)
    return out


def _pays(symbols: list[Symbol], dice: list[Symbol]) -> bool:
    """Greedy and exact: power symbols take that magic's power dice; class symbols that magic's class dice, then
    its power dice; basic symbols whatever is left. Every die spent pays one symbol."""
    left = list(dice)
    order = sorted(symbols, key=lambda s: {"power": 0, "class": 1, None: 2}[s[1]])
    for magic, side in order:
        if side == "power":
            want = [(magic, "power")]
        elif side == "class":
            want = [(magic, "class"), (magic, "power")]
        else:
            want = [("basic", None), *sorted({d for d in left if d[0] != "basic"}, key=lambda d: d[1] == "power")]
        pick = next((w for w in want if w in left), None)
        if pick is None:
            return False
        left.remove(pick)
    return not left


def _name(symbols: list[Symbol]) -> str:
    counts: dict[Symbol, int] = {}
    for s in symbols:
        counts[s] = counts.get(s, 0) + 1
    return " and ".join(f"{n} {m}" + (f" {side}" if side else "") for (m, side), n in counts.items())


def shortfall(costs: Sequence[Cost], spent: Sequence[Spent]) -> str | None:
    """Why the dice spent cannot pay the magic cost ("" never): None when they pay it, or when it cannot be told."""
    alts = [alternatives(c) for c in costs if c.kind == "magic"]
    if not alts or any(a is None for a in alts):
        return None
    dice: list[Symbol] = [(d.magic, d.side) for d in spent for _ in range(d.count)]
    options = [list(itertools.chain.from_iterable(combo)) for combo in itertools.product(*alts)]  # type: ignore[arg-type]
    if any(_pays(symbols, dice) for symbols in options):
        return None
    given = _name(dice) or "no dice"
    need = " or ".join(_name(o) for o in options)
    least = min(len(o) for o in options)
    if len(dice) < least:
        return f"its cost needs {least} dice ({need}) and only {len(dice)} were spent ({given})"
    return (f"the dice spent ({given}) cannot pay its cost ({need}): a symbol takes a die of its magic showing that "
            "side or a higher one (a basic symbol, any die)")
