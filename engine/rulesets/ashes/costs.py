"""What an Ashes ability costs (AS2): printed cost symbols, and the cost phrases some texts write out.

Only five things are costs: exhausting the card used, a Main or Side action, discarding from hand, and dice
(magic). Written out, "spend N <die>" and "place 1 exhaustion token on this spell/unit" are costs too; so is
anything the card calls "an additional cost". "Do X. If you do, ..." is NOT a cost: X is an effect part.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from engine.rulesets.ashes.editions import cost_words

CostKind = Literal["exhaust", "main", "side", "discard", "magic", "additional"]
_SYMBOL = re.compile(r"^(?:(?P<n>[0-9X]+)\s+)?\[\[(?P<tok>[a-z:]+)\]\]$")
_DICE = re.compile(r"^(basic|(ceremonial|charm|illusion|natural|divine|sympathy|time|astral|artifice)"
                   r":(class|power))$")


@dataclass(frozen=True)
class Cost:
    kind: CostKind
    text: str
    read: bool = True   # False: a printed cost item no rule here classifies (counted by the coverage report)

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text}


def _one(item: str) -> tuple[CostKind, bool]:
    m = _SYMBOL.match(item.strip())
    if not m:
        return "magic", False
    tok = m.group("tok")
    if tok in ("main", "side", "exhaust"):
        return tok, True  # type: ignore[return-value]
    if tok == "discard":
        return "discard", True
    return "magic", bool(_DICE.match(tok))


def printed_costs(items: Any) -> tuple[Cost, ...]:
    """A printed cost list, e.g. ["[[main]]", "1 [[charm:class]]"]; a nested list is a choice of costs."""
    costs = []
    for item in items or ():
        # a choice of costs: a nested list, or one string joined by "or" / "/" (first-edition records)
        choices = item if isinstance(item, list) else re.split(r"\s+(?:or|/)\s+", str(item))
        kinds = [_one(str(c)) for c in choices]
        kind = kinds[0][0] if kinds else "magic"
        costs.append(Cost(kind, cost_words(item), all(read for _, read in kinds) and bool(kinds)))
    return tuple(costs)


# Written-out costs at the start of an effect (after any trigger), with what follows them.
_DIE = r"(?:[0-9X]+|any number of) (?:\[\[[a-z:]+\]\]|[a-z]+ (?:class|power) di(?:e|ce)|basic di(?:e|ce))"
_SPEND = re.compile(rf"^(?P<may>you may )?spend (?P<dice>{_DIE}(?:(?:,| and| or|, and|, or) {_DIE})*)"
                    rf"(?P<ex>,? and place (?:1|an) exhaustion token on this (?:spell|unit|card))?"
                    rf"(?P<link> to |\. if you do, )", re.I)
_EXHAUST = re.compile(r"^(?P<may>you may )?place (?:1|an) exhaustion token on this (?:spell|unit|card)"
                      r"(?P<link> to |\. if you do, )", re.I)
_ADDITIONAL = re.compile(r"^(?P<may>you may,? )?as an additional cost(?: to [^,]+)?, (?P<what>[^.]+?)"
                         r"(?P<link>(?<!\bup) to |\. if you do, |\.\s*)", re.I)   # "remove up to four": one cost


# A cost written inside the effect, as a part of its own: "You may spend an additional 1 basic die when activating
# this spell" (Summon Mist Spirit), "you may spend 1 divine class die" before "to attach ...", "You may spend any
# number of basic die. For each 1 basic die spent, ..." (Frost Fang). Dice are a magic cost wherever the sentence
# puts them (seed 003): they are paid as it is activated, never as an effect. Not dice "just rolled" by the effect.
_OPTIONAL = re.compile(rf"^(?:(?:if|after|when|whenever)\b[^,]*, )*(?:you may )?spend (?:an additional )?"
                       rf"(?P<dice>{_DIE}(?:(?:,| and| or|, and|, or) {_DIE})*)(?: when activating this spell)?\.?$",
                       re.I)


_OPTIONAL_OTHER = re.compile(r"^you may,? as an additional cost(?: to [^,]+)?, (?P<what>[^.]+?)\.?$", re.I)


def optional_cost(text: str) -> str | None:
    """What a cost a part is asks for ("1 basic die", "discard 1 card from your hand"), when the part is only a
    cost the player may pay, else None."""
    m = _OPTIONAL.match(text.strip())
    if m:
        return cost_words(m.group("dice"))
    other = _OPTIONAL_OTHER.match(text.strip())
    return other.group("what") if other else None


def dice_in(cost: str) -> int | None:
    """How many dice a cost's words name ("1 divine class die and 1 charm class die": 2; "discard 1 card": 0);
    None for "any number"."""
    if not re.search(r"\bdi(?:e|ce)\b", cost):
        return 0
    if re.search(r"\bany number\b|\bX\b", cost):
        return None
    alts = [sum(int(n) for n in re.findall(r"\b(\d+) ", alt)) for alt in re.split(r"\s+or\s+", cost)]
    return min(alts) if alts else None


@dataclass(frozen=True)
class WrittenCosts:
    costs: tuple[Cost, ...]
    rest: str
    optional: bool   # "you may pay ...": the player chooses whether to use the ability at all
    phrases: tuple[str, ...]


def written_costs(text: str) -> WrittenCosts:
    """Peel written-out cost phrases off the start of an effect; the rest is effect."""
    costs: list[Cost] = []
    phrases: list[str] = []
    optional = False
    rest = text.strip()
    while True:
        m = _SPEND.match(rest) or _EXHAUST.match(rest) or _ADDITIONAL.match(rest)
        if not m:
            break
        optional = optional or bool(m.group("may"))
        phrase = rest[: m.end("link") - len(m.group("link"))]
        phrases.append(phrase)
        if m.re is _SPEND:
            costs.append(Cost("magic", cost_words(m.group("dice"))))
            if m.group("ex"):
                costs.append(Cost("exhaust", "place 1 exhaustion token on this card"))
        elif m.re is _EXHAUST:
            costs.append(Cost("exhaust", "place 1 exhaustion token on this card"))
        else:
            what = m.group("what")
            kind: CostKind = "discard" if re.search(r"\bdiscard\b.*\bhand\b", what, re.I) else "additional"
            costs.append(Cost(kind, cost_words(what)))
        rest = rest[m.end():].strip()
        rest = rest[:1].upper() + rest[1:]
    return WrittenCosts(tuple(costs), rest, optional, tuple(phrases))
