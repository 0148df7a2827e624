-- Arbiter card catalog: the reference DDL. bot/catalog/db.py runs this very file on every open
-- (every statement is IF NOT EXISTS), so the documentation cannot drift from the database.
-- The connection also sets: PRAGMA journal_mode=WAL, busy_timeout, and user_version = schema version.

-- One row per printing. Card.card_class is stored as `class`; Card.extra as a JSON object of the
-- source's other columns (Lackey: ImageFile, Strength, Toughness, Sound), so re-imports compare whole rows.
CREATE TABLE IF NOT EXISTS cards (
    game         TEXT NOT NULL,
    name         TEXT NOT NULL,
    "set"        TEXT NOT NULL DEFAULT '',
    type         TEXT NOT NULL DEFAULT '',
    brigade      TEXT NOT NULL DEFAULT '',
    class        TEXT NOT NULL DEFAULT '',
    identifier   TEXT NOT NULL DEFAULT '',
    text         TEXT NOT NULL DEFAULT '',
    official_set TEXT NOT NULL DEFAULT '',
    alignment    TEXT NOT NULL DEFAULT '',
    rarity       TEXT NOT NULL DEFAULT '',
    reference    TEXT NOT NULL DEFAULT '',
    legality     TEXT NOT NULL DEFAULT '',
    extra        TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (game, name, "set")
);

-- Moderator nicknames. alias_folded = engine.names.fold(alias) is the lookup key (one target per alias);
-- "set" NULL means the alias names every printing of `name`. An alias whose card is gone stays stored
-- but is not returned by Catalog.aliases() until the card comes back (e.g. after a re-import).
CREATE TABLE IF NOT EXISTS aliases (
    game         TEXT NOT NULL,
    alias_folded TEXT NOT NULL,
    alias        TEXT NOT NULL,
    name         TEXT NOT NULL,
    "set"        TEXT,
    PRIMARY KEY (game, alias_folded)
);

-- Moderator statements about one ability part (engine.cards.Annotation). "set" NULL = all printings
-- of `name`. Keyed by (game, name, set) rather than a foreign key so they survive deletes and re-imports.
-- AUTOINCREMENT so an undone removal gets its old id back and ids are never reused.
CREATE TABLE IF NOT EXISTS annotations (
    id    INTEGER PRIMARY KEY AUTOINCREMENT,
    game  TEXT NOT NULL,
    name  TEXT NOT NULL,
    "set" TEXT,
    part  TEXT NOT NULL DEFAULT '',
    rule  TEXT NOT NULL,
    text  TEXT NOT NULL DEFAULT '',
    value TEXT NOT NULL DEFAULT '',
    note  TEXT NOT NULL DEFAULT '',
    guild TEXT                     -- NULL: the shared catalog; a Discord server id: that server's layer only
);
CREATE INDEX IF NOT EXISTS annotations_card ON annotations (game, name, "set");

-- Every write. `target` is a canonical JSON key of what changed:
--   ["card", game, name, set] | ["alias", game, alias_folded] | ["annotation", id] | ["setting", key]
--   | ["server_alias", guild, game, alias_folded]
-- and for batch headers ["import", game, source] | ["starter", game].
-- before/after are JSON states of the target (NULL = absent). A batch (import, starter load, the undo of
-- a batch) is one header row (batch NULL) plus member rows whose `batch` is the header's id; undo works on
-- the header. name/"set" name the card a row concerns, for history by card. An undo row swaps the
-- undone row's before/after and points at it with `undoes`; the undone row gets `undone_by`.
CREATE TABLE IF NOT EXISTS audit (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    at        TEXT NOT NULL,               -- ISO-8601 UTC, e.g. 2025-01-31T12:00:00Z
    actor     TEXT NOT NULL,               -- "cli:alice", "discord:1234", "starter"
    action    TEXT NOT NULL,
    game      TEXT,
    target    TEXT NOT NULL,
    before    TEXT,
    after     TEXT,
    undone_by INTEGER,
    undoes    INTEGER,
    batch     INTEGER,
    name      TEXT,
    "set"     TEXT,
    guild     TEXT                 -- the Discord server a write came from or whose layer it changed; NULL: CLI
);
CREATE INDEX IF NOT EXISTS audit_target ON audit (target);
CREATE INDEX IF NOT EXISTS audit_batch ON audit (batch);
CREATE INDEX IF NOT EXISTS audit_card ON audit (game, name, "set");
CREATE INDEX IF NOT EXISTS audit_guild ON audit (guild, id);

-- A server layer: nicknames that apply only in one Discord server (the `guild` id), beside the shared
-- `aliases`. Audit target ["server_alias", guild, game, alias_folded]. Server annotations are rows of
-- `annotations` with `guild` set. (Databases made before the layer get the guild columns on open.)
CREATE TABLE IF NOT EXISTS server_aliases (
    guild        TEXT NOT NULL,
    game         TEXT NOT NULL,
    alias_folded TEXT NOT NULL,
    alias        TEXT NOT NULL,
    name         TEXT NOT NULL,
    "set"        TEXT,
    PRIMARY KEY (guild, game, alias_folded)
);

-- Bot settings, e.g. "moderator_role:<guild id>" -> role id.
CREATE TABLE IF NOT EXISTS settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The stored rulings live in a file of their own beside this one: see data/rulings.sql.

-- Published rulings a moderator recorded (engine/official.py): the question as the command takes it, the expected
-- values of the official answer, its source and our paraphrase, as JSON in `record`. Shared catalog only (written
-- by the command line and the maintainer servers). `name`: the first card the question is about (history by
-- card). AUTOINCREMENT so an undone removal gets its old id back. Audit target: ["official", id]; an import is a
-- batch under the header ["official_import", source].
CREATE TABLE IF NOT EXISTS official_rulings (
    id     INTEGER PRIMARY KEY AUTOINCREMENT,
    game   TEXT NOT NULL,
    name   TEXT NOT NULL DEFAULT '',
    record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS official_rulings_card ON official_rulings (game, name);
