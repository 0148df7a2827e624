"""SQLite card catalog: cards, aliases, moderator annotations, settings and an undoable audit log."""

from bot.catalog.audit import AuditEntry
from bot.catalog.db import Catalog, load_starter
from bot.catalog.errors import (
    SHARED_REFUSAL,
    CatalogError,
    DatabaseBusy,
    DuplicateAlias,
    DuplicateCard,
    ImportFileError,
    InvalidChange,
    SharedCatalogRefused,
    StarterError,
    UndoRefused,
    UnknownAlias,
    UnknownAnnotation,
    UnknownCard,
    UnknownChange,
    UnreadableDatabase,
)
from bot.catalog.paths import MissingDatabase, chosen_db_path, default_db_path


def __getattr__(name: str) -> object:
    """The importer's names, imported when first used: a question never imports cards."""
    if name in ("ImportReport", "parse_lackey"):
        from bot.catalog import importer

        return getattr(importer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "SHARED_REFUSAL",
    "AuditEntry",
    "Catalog",
    "CatalogError",
    "DatabaseBusy",
    "DuplicateAlias",
    "DuplicateCard",
    "ImportFileError",
    "ImportReport",
    "InvalidChange",
    "MissingDatabase",
    "SharedCatalogRefused",
    "StarterError",
    "UndoRefused",
    "UnknownAlias",
    "UnknownAnnotation",
    "UnknownCard",
    "UnknownChange",
    "UnreadableDatabase",
    "chosen_db_path",
    "default_db_path",
    "load_starter",
    "parse_lackey",
]
