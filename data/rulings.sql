-- Arbiter's stored rulings: the reference DDL, run by bot/rulings/store.py on every open (IF NOT EXISTS).
-- They live in their own file beside the card database (cards.db -> cards.rulings.db): the bot writes them
-- every second, and a write to the card database itself would tell every bot process that the catalog changed
-- (PRAGMA data_version) and make it rebuild its snapshot.

-- Every ruling Arbiter gave: one row per ruling id, so a cited id can be opened and asked again.
-- `inputs` holds what asks the question again (JSON; for Redemption the card's name, the set if one was chosen,
-- zone, events and part; for a plug-in game the question's own inputs); `basis` is the fingerprint of what the
-- answer depended on (JSON: the ruleset's version number and, per card, its printing, a hash of its words and
-- one of its annotations); `outcome` a hash of the verdict line and the rules cited, compared after a change.
-- The first answer is kept: asking again only moves last_at and count. Times are Unix seconds (UTC).
-- WITHOUT ROWID: the id is the key, no second index.
CREATE TABLE IF NOT EXISTS rulings (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    command  TEXT NOT NULL,
    inputs   TEXT NOT NULL,
    version  TEXT NOT NULL,
    guild    TEXT,
    summary  TEXT NOT NULL,
    rules    TEXT NOT NULL DEFAULT '',
    outcome  TEXT NOT NULL,
    basis    TEXT NOT NULL,
    first_at INTEGER NOT NULL,
    last_at  INTEGER NOT NULL,
    count    INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;

-- Which stored rulings are about which card (by game and card name, every printing): after a catalog change,
-- only these are asked again.
CREATE TABLE IF NOT EXISTS ruling_cards (
    game   TEXT NOT NULL,
    name   TEXT NOT NULL,
    ruling TEXT NOT NULL,
    PRIMARY KEY (game, name, ruling)
) WITHOUT ROWID;

-- Plug-in questions waiting for the asker to pick a card from a "which card?" menu (an ambiguous name): the
-- menu's custom id carries `key`, so the pick is served after a restart too (bot/discord/components.py).
-- `inputs` is JSON, `query` the name that was ambiguous; `at` Unix seconds. Small: one row per menu shown.
CREATE TABLE IF NOT EXISTS pending_questions (
    key     TEXT PRIMARY KEY,
    game    TEXT NOT NULL,
    command TEXT NOT NULL,
    inputs  TEXT NOT NULL,
    version TEXT NOT NULL,
    query   TEXT NOT NULL,
    at      INTEGER NOT NULL
) WITHOUT ROWID;
