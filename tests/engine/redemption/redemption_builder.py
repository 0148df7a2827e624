"""A tiny scenario builder so Redemption tests read like rulings."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from engine.cards import Annotation, Card
from engine.rulesets.redemption import Verdict, judge

STARTER = Path(__file__).resolve().parents[3] / "data" / "starter_redemption.json"


@cache
def starter() -> dict[str, tuple[Card, tuple[Annotation, ...]]]:
    data = json.loads(STARTER.read_text(encoding="utf-8"))
    out = {}
    for row in data["cards"]:
        card = Card("redemption", row["name"], row["set"], type=row["type"], brigade=row.get("brigade", ""),
                    card_class=row.get("class", ""), identifier=row.get("identifier", ""), text=row["text"])
        notes = tuple(Annotation(a.get("part", ""), a["rule"], a.get("text", ""), a.get("value", ""),
                                 a.get("note", "")) for a in row.get("annotations", []))
        out[row["name"]] = (card, notes)
    return out


@cache
def real_cards() -> dict[str, Card]:
    from tests.shared_paths import require_shared

    path = require_shared("redemption", "carddata.txt")
    cards = {}
    for line in path.read_text(encoding="utf-8").split("\n")[1:]:
        f = line.split("\t")[:16]
        if len(f) < 11:
            continue
        cards[f[0]] = Card("redemption", f[0], f[1], type=f[4], brigade=f[5], card_class=f[8], identifier=f[9],
                           text=f[10], official_set=f[3], legality=f[15] if len(f) > 15 else "")
    return cards


@dataclass
class Case:
    card: Card
    annotations: tuple[Annotation, ...] = ()
    zone: str | None = None
    events: list[str] = field(default_factory=list)
    ruleset: str = "current"
    part: str | None = None

    def played_in(self, zone: str) -> Case:
        self.zone = zone
        return self

    def then(self, *events: str) -> Case:
        self.events.extend(events)
        return self

    def under(self, ruleset: str) -> Case:
        self.ruleset = ruleset
        return self

    def verdict(self) -> Verdict:
        return judge(self.card, self.zone, self.events, annotations=self.annotations, ruleset=self.ruleset,
                     part=self.part)


def starter_card(name: str) -> Case:
    card, notes = starter()[name]
    return Case(card, notes)


def real_card(name: str) -> Case:
    return Case(real_cards()[name])
