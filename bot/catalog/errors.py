"""Errors a user (moderator, importer) can cause. Each message is one plain sentence; nothing was changed."""

from __future__ import annotations


class CatalogError(Exception):
    """Base class: the front ends print the message as is and carry on."""


# One sentence for every refused write to the shared catalog (the Discord adapter and the undo check share it).
SHARED_REFUSAL = ("Only the bot's operators change the shared card catalog (the command line, or moderators of the "
                  "servers listed in ARBITER_MAINTAINER_GUILDS); moderators here can add aliases and annotations "
                  "that apply in this server only.")


class UnknownCard(CatalogError):
    pass


class DuplicateCard(CatalogError):
    pass


class InvalidChange(CatalogError):
    """A write that makes no sense: unknown field, empty name, a change that changes nothing, ..."""


class UnknownAlias(CatalogError):
    pass


class DuplicateAlias(CatalogError):
    pass


class UnknownAnnotation(CatalogError):
    pass


class UnknownChange(CatalogError):
    """No audit entry with that id."""


class UndoRefused(CatalogError):
    """Already undone, part of a batch, or its target changed since."""


WHOLE_FILE = "The card file "  # how a problem with the whole file begins when the file has no name


class ImportFileError(CatalogError):
    """A card file that cannot be imported; `line` is 1-based (None when it is about the whole file)."""

    def __init__(self, line: int | None, reason: str, file: str | None = None) -> None:
        where = ", ".join(w for w in (file, None if line is None else f"line {line}") if w)
        super().__init__(f"{where}: {reason}" if where else reason)
        self.line = line
        self.reason = reason
        self.file = file

    def naming(self, file: str) -> ImportFileError:
        """The same problem said about `file` (a file the user gave): "carddata.txt, line 1: …"."""
        reason = self.reason
        if self.line is None and reason.startswith(WHOLE_FILE):  # "The card file is empty." -> "is empty"
            reason = reason.removeprefix(WHOLE_FILE).removesuffix(".")
        return ImportFileError(self.line, reason, file)


class UnreadableDatabase(CatalogError):
    """The database file cannot be opened, read or written (damaged, read-only, locked, disk full).

    The message names the file and what to do; `public` says the same without the path (for chat users)."""

    def __init__(self, message: str, public: str | None = None) -> None:
        super().__init__(message)
        self.public = public or "The card database cannot be used right now; the bot's operator has to fix it."


class StarterError(CatalogError):
    """The bundled starter set is missing or malformed (a packaging problem, not a user one)."""


class SharedCatalogRefused(CatalogError):
    """A server that does not keep the shared catalog tried to change it; nothing was changed."""


class DatabaseBusy(UnreadableDatabase):
    """Another connection held the write lock past the busy timeout; the write was rolled back, so nothing was
    changed. The message names the file (command line); `public` is the sentence a chat user gets."""


def check_actor(actor: str) -> None:
    """Every catalog write names who made it; InvalidChange when it does not."""
    if not isinstance(actor, str) or not actor.strip():
        raise InvalidChange("Every change needs an actor, such as “cli:alice” or “discord:1234”.")
