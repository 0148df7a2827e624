"""Card records as the engine sees them: plain data, no storage concerns."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Card:
    """One printing of a card. A card is identified by game + name + set (printings share names)."""

    game: str
    name: str
    set: str
    type: str = ""
    brigade: str = ""
    card_class: str = ""
    identifier: str = ""
    text: str = ""
    official_set: str = ""
    alignment: str = ""
    rarity: str = ""
    reference: str = ""
    legality: str = ""
    # Any other columns a source carries (kept so a re-import can compare whole rows).
    extra: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.game, self.name, self.set)

    @property
    def label(self) -> str:
        return printing_label(self.name, self.set)


def printing_label(name: str, set: str) -> str:
    """How people see a printing in lists: "Name (Set)", unless the name already carries its printing."""
    if not set or name.rstrip().endswith((")", "]")):
        return name
    return f"{name} ({set})"


@dataclass(frozen=True)
class Annotation:
    """A moderator's statement about one ability part of a card; it wins over what the text suggests.

    `rule` is a duration rule id of the card's game (for Redemption D2-D8), or one of the words
    "instant" (the part has no lasting component) and "lasting" (it lasts, with no stated duration).
    `value` refines the rule where needed, e.g. a D4 length: "phase", "battle", "turn", "round",
    "turns:2", "next-battle-phase"; for D3 "self" marks a placement of the card itself.
    """

    part: str
    rule: str
    text: str = ""
    value: str = ""
    note: str = ""
