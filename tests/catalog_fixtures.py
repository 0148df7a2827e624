"""Helpers for catalog and importer tests: small cards and Lackey files built in code (no mocks)."""

from __future__ import annotations

from pathlib import Path

from bot.catalog import Catalog
from engine.cards import Card

LACKEY_COLUMNS = ["Name", "Set", "ImageFile", "OfficialSet", "Type", "Brigade", "Strength", "Toughness",
                  "Class", "Identifier", "SpecialAbility", "Rarity", "Reference", "Sound", "Alignment",
                  "Legality"]
LACKEY_HEADER = "\t".join(LACKEY_COLUMNS)


def open_catalog(tmp_path: Path, *, seed: bool = False, name: str = "cards.db") -> Catalog:
    return Catalog.open(tmp_path / name, seed_starter=seed)


def make_card(name: str = "Test Hero", set: str = "T1", game: str = "redemption", **fields: object) -> Card:
    values = {"type": "Hero", "brigade": "Blue", "card_class": "Warrior", "text": "Search deck for a GE.",
              "official_set": "Test Set", "alignment": "Good", "extra": {"Strength": "5"}}
    values.update(fields)
    return Card(game=game, name=name, set=set, **values)  # type: ignore[arg-type]


def lackey_row(name: str, set: str = "T1", **fields: str) -> str:
    """One tab-separated row; unspecified columns get plausible values."""
    values = {c: "" for c in LACKEY_COLUMNS}
    values.update({"Name": name, "Set": set, "ImageFile": name.replace(" ", "_"), "OfficialSet": "Test Set",
                   "Type": "Hero", "Brigade": "Blue", "Strength": "5", "Toughness": "5",
                   "SpecialAbility": f"{name} does a thing.", "Rarity": "Common", "Alignment": "Good"})
    values.update(fields)
    return "\t".join(values[c] for c in LACKEY_COLUMNS)


def lackey_text(*rows: str) -> str:
    """A file as Lackey writes it: header, rows, LF, no final newline."""
    return "\n".join([LACKEY_HEADER, *rows])


def small_lackey_text() -> str:
    return lackey_text(
        lackey_row("Alpha Hero", "T1", Class="Warrior", Identifier="O.T."),
        lackey_row("Beta Enhancement", "T1", Type="GE", Strength="", Toughness="",
                   SpecialAbility="Protect your Heroes from opponents’ “capture”.  Cannot be prevented."),
        lackey_row("Philemon", "T1"),
        lackey_row("Philemon", "T2", SpecialAbility="A different printing."),
    )
