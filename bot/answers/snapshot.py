"""The catalog in memory, as the bot serves it, and how committed changes reach it.

A snapshot is built once from the database (`build`, a full read: cards, matchers, every layer's aliases and
annotations, settings). After that, `apply` takes in the changes the audit log lists since the last one it saw,
and the cost follows the change: an alias touches one map entry, an annotation re-reads the annotations of one
card name, a setting one key; only a change to cards (an edit, an import, an undone import, a change made
outside the audit log) rebuilds everything.

Threads: readers (the event loop) never wait. Every structure a reader may iterate is replaced, never changed
in place (copy-on-write), so a reader sees either the old or the new value.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.answers.layers import AliasOverlay, AliasRow, LayeredMatcher
from bot.catalog import Catalog
from engine.cards import Annotation, Card
from engine.matching import Matcher
from engine.names import fold
from engine.official import OfficialRuling

# Audit target kinds a snapshot takes in without a rebuild; any other kind (cards, imports, starter loads,
# kinds added later) rebuilds the whole snapshot, which is always correct.
INCREMENTAL = frozenset({"alias", "server_alias", "annotation", "setting", "official", "official_import"})
_NO_LOCK = contextlib.nullcontext()
CardKey = tuple[str, str, str]
Warm = Callable[[Card, list[Annotation]], Any]
# Builds a game's matcher from its cards, shared aliases and the settings (default printings live there).
MakeMatcher = Callable[[str, list[Card], list[AliasRow], dict[str, str]], Matcher]


def plain_matcher(game: str, cards: list[Card], aliases: list[AliasRow], settings: dict[str, str]) -> Matcher:
    return Matcher(cards, aliases)


def _rows_by_key(rows: Iterable[tuple[str, str, str | None]]) -> dict[str, AliasRow]:
    return {fold(alias): (alias, name, set_) for alias, name, set_ in rows if fold(alias)}


@dataclass
class ApplyReport:
    """What one `apply` did: how many changes it took in, and whether it had to rebuild."""

    changes: int = 0
    rebuilt: bool = False
    aliases: int = 0
    annotations: int = 0
    settings: int = 0
    seconds: float = 0.0


@dataclass
class CatalogSnapshot:
    cards: list[Card]
    matchers: dict[str, Matcher]
    base_aliases: dict[str, dict[str, AliasRow]]  # what each matcher was built with
    aliases: dict[str, dict[str, AliasRow]]  # the shared aliases now, per game
    notes: dict[CardKey, list[Annotation]]  # shared annotations per printing
    layer_notes: dict[str, dict[CardKey, list[Annotation]]]  # guild -> printing -> that server's annotations
    layer_aliases: dict[str, dict[str, dict[str, AliasRow]]]  # guild -> game -> folded alias -> row
    settings: dict[str, str]
    last_change: int  # the newest audit id taken in
    overlays: dict[str, AliasOverlay] = field(default_factory=dict)
    by_name: dict[tuple[str, str], list[Card]] = field(default_factory=dict)
    layer_keys: dict[CardKey, set[str]] = field(default_factory=dict)  # printing -> servers annotating it
    alias_changed_at: dict[str, float] = field(default_factory=dict)  # game -> when its overlay last grew
    officials: list[OfficialRuling] = field(default_factory=list)  # the recorded published rulings

    # --- building ------------------------------------------------------------------------------------

    @classmethod
    def build(cls, catalog: Catalog, warm: Warm | None = None, make: MakeMatcher = plain_matcher) -> CatalogSnapshot:
        """Everything from the database. The audit id is read first, so a change committed while this runs is
        taken in again by the next `apply` (taking a change in twice is harmless: it re-reads current state)."""
        last = catalog.last_change()
        cards = catalog.cards()
        games = sorted({c.game for c in cards})
        aliases = {g: _rows_by_key(catalog.aliases(g)) for g in games}
        snap = cls(cards=cards, matchers={}, base_aliases=aliases, aliases=dict(aliases), notes={},
                   layer_notes={}, layer_aliases={}, settings=catalog.settings(), last_change=last,
                   officials=catalog.official_rulings())
        for card in cards:
            snap.by_name.setdefault((card.game, card.name), []).append(card)
        snap._fill_notes(catalog.annotation_rows(), snap.cards)
        for guild, game, alias, name, set_ in catalog.server_aliases():
            if fold(alias):
                snap.layer_aliases.setdefault(guild, {}).setdefault(game, {})[fold(alias)] = (alias, name, set_)
        snap.matchers = {g: make(g, [c for c in cards if c.game == g], list(aliases[g].values()), snap.settings)
                         for g in games}
        if warm is not None:
            for card in cards:
                snap.warm_card(card, warm)
        return snap

    def _fill_notes(self, rows: Iterable[tuple[str | None, str, str, str | None, Annotation]],
                    cards: Iterable[Card]) -> None:
        """Annotations of these printings from rows (guild, game, name, set, note); set None: every printing."""
        by_name: dict[tuple[str, str], list[tuple[str | None, str | None, Annotation]]] = {}
        for guild, game, name, set_, note in rows:
            by_name.setdefault((game, name), []).append((guild, set_, note))
        for card in cards:
            mine = [(g, n) for g, s, n in by_name.get((card.game, card.name), ()) if s is None or s == card.set]
            shared = [n for g, n in mine if g is None]
            if shared:
                self.notes[card.key] = shared
            else:
                self.notes.pop(card.key, None)
            guilds = {g for g, _ in mine if g is not None} | self.layer_keys.get(card.key, set())
            self.layer_keys[card.key] = {g for g, _ in mine if g is not None}
            for guild in guilds:
                layer = dict(self.layer_notes.get(guild, {}))
                found = [n for g, n in mine if g == guild]
                if found:
                    layer[card.key] = found
                else:
                    layer.pop(card.key, None)
                self.layer_notes[guild] = layer

    def warm_card(self, card: Card, warm: Warm) -> None:
        """Read the card's terms now (shared, and with each server's layer), so answers only evaluate."""
        shared = self.notes.get(card.key, [])
        warm(card, shared)
        for layer in self.layer_notes.values():
            if card.key in layer:
                warm(card, shared + layer[card.key])

    # --- reading -------------------------------------------------------------------------------------

    def printings(self, game: str, name: str) -> list[Card]:
        return list(self.by_name.get((game, name), ()))

    def layer(self, card: Card, guild: str | None) -> list[Annotation]:
        if guild is None:
            return []
        return list(self.layer_notes.get(str(guild), {}).get(card.key, ()))

    def layered(self, game: str, base: Matcher | None = None, guild: str | None = None) -> LayeredMatcher:
        """The game's matcher as one server sees it (base: another matcher of the game, e.g. a plug-in's)."""
        matcher = base if base is not None else self.matchers.get(game) or Matcher([])
        server = self.layer_aliases.get(str(guild), {}).get(game, {}) if guild is not None else {}
        return LayeredMatcher(matcher, self.overlays.get(game, AliasOverlay({}, frozenset())), server)

    # --- taking in changes -----------------------------------------------------------------------------

    def needs_rebuild(self, changes: list[tuple[int, list[Any], str | None, str | None]],
                      rebuild_settings: tuple[str, ...] = ()) -> bool:
        """Cards changed (or a setting the matchers are built from, e.g. a default printing): rebuild."""
        return any(target[0] not in INCREMENTAL
                   or (target[0] == "setting" and str(target[1]).startswith(rebuild_settings))
                   for _, target, _, _ in changes)

    def apply(self, reader: Catalog, changes: list[tuple[int, list[Any], str | None, str | None]],
              warm: Warm | None = None) -> ApplyReport:
        """Take in changes (id, target, game, card name) that need no rebuild; see `needs_rebuild`."""
        report = ApplyReport(changes=len(changes))
        names: set[tuple[str, str]] = set()
        reload_officials = False
        for audit_id, target, game, name in changes:
            kind = target[0]
            if kind == "alias":
                self._set_shared_alias(target[1], target[2], reader.state(target))
                report.aliases += 1
            elif kind == "server_alias":
                self._set_layer_alias(str(target[1]), target[2], target[3], reader.state(target))
                report.aliases += 1
            elif kind == "annotation":
                if game is not None and name is not None:
                    names.add((game, name))
                report.annotations += 1
            elif kind in ("official", "official_import"):
                reload_officials = True
            elif kind == "setting":
                state = reader.state(target)
                settings = dict(self.settings)
                if state is None:
                    settings.pop(target[1], None)
                else:
                    settings[target[1]] = state["value"]
                self.settings = settings
                report.settings += 1
            self.last_change = max(self.last_change, audit_id)
        for game, name in names:
            printings = self.printings(game, name)
            self._fill_notes(reader.annotation_rows(game, name), printings)
            if warm is not None:
                for card in printings:
                    self.warm_card(card, warm)
        if reload_officials:  # a few hundred small rows: read them all again
            self.officials = reader.official_rulings()
        return report

    def _set_shared_alias(self, game: str, folded: str, state: dict[str, Any] | None) -> None:
        current = dict(self.aliases.get(game, {}))
        if state is None:
            current.pop(folded, None)
        else:
            current[folded] = (state["alias"], state["name"], state["set"])
        self.aliases[game] = current
        self._refresh_overlay(game)

    def _refresh_overlay(self, game: str) -> None:
        base, now = self.base_aliases.get(game, {}), self.aliases.get(game, {})
        added = {k: v for k, v in now.items() if base.get(k) != v}
        removed = frozenset(k for k in base if k not in now)
        self.overlays[game] = AliasOverlay(added, removed)
        self.alias_changed_at[game] = time.monotonic()

    def _set_layer_alias(self, guild: str, game: str, folded: str, state: dict[str, Any] | None) -> None:
        games = dict(self.layer_aliases.get(guild, {}))
        table = dict(games.get(game, {}))
        if state is None:
            table.pop(folded, None)
        else:
            table[folded] = (state["alias"], state["name"], state["set"])
        games[game] = table
        self.layer_aliases[guild] = games

    def pending_compaction(self, idle: float) -> list[str]:
        """Games whose shared aliases differ from their matcher's and have been quiet for `idle` seconds."""
        now = time.monotonic()
        return [g for g, o in self.overlays.items()
                if (o.added or o.removed) and now - self.alias_changed_at.get(g, 0.0) >= idle]

    def compact(self, game: str, make: MakeMatcher = plain_matcher, lock: Any = None) -> bool:
        """Rebuild one game's matcher from memory with its current aliases (no database read), off the loop.

        The build runs outside `lock` (the one `apply` holds), so taking changes in never waits for it; the
        result is swapped in under the lock only if the game's aliases did not change meanwhile (else the
        overlay keeps serving them and a later compaction tries again). Returns whether it was swapped in."""
        aliases = self.aliases.get(game, {})
        cards = [c for c in self.cards if c.game == game]
        built = make(game, cards, list(aliases.values()), self.settings)
        with lock if lock is not None else _NO_LOCK:
            if self.aliases.get(game, {}) is not aliases:
                return False
            self.matchers = {**self.matchers, game: built}
            self.base_aliases = {**self.base_aliases, game: aliases}
            self.overlays = {**self.overlays, game: AliasOverlay({}, frozenset())}
            return True
