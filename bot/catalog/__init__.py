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
from bot.catalog.importer import ImportReport, parse_lackey
from bot.catalog.paths import MissingDatabase, chosen_db_path, default_db_path

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
