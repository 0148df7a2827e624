"""Which half of a two-sided Redemption card a typed name names ("Extortion" of "Restitution / Extortion").

Kept apart from the sentence phrasebook so the direct `duration` command can use it without loading the sentence
reader (a command imports only what it uses)."""

from __future__ import annotations

import re
from typing import Any

from engine.names import fold
from engine.rulesets.redemption.parts import split_parts


def part_of_half(card: Any, typed: str) -> str | None:
    """The printed label of the part a name typed as one half of a two-sided card's name names, else None."""
    name = re.sub(r"\s*[\[(][^\])]*[\])]\s*$", "", card.name)
    halves = [h.strip() for h in name.split(" / ")]
    if len(halves) != 2:
        return None
    parts = [p for p in split_parts(card.text) if p.label != "STAR"]
    if len(parts) != 2 or {p.label for p in parts} == {"TOP", "BOTTOM"} or parts[0].label == parts[1].label:
        return None
    said = set(re.sub(r"(?:'s|’s|s'|s’)$", "", fold(typed)).split()) - {"the"}
    fits = [i for i, half in enumerate(halves) if said and said <= set(fold(half).split())]
    if len(fits) != 1:
        return None
    part = parts[fits[0]]
    return part.printed.strip("()") or part.label or "-"  # "-": the unlabelled part ("RoV: ..." of Ride on ...)
