"""A warmed Arbiter (what each bot process holds) taking in changes committed by another connection (another
process, the command line): the cost follows the change, and what it serves is what the database says.
Real SQLite file, real matcher, real engine; the writer is a second Catalog connection to the same file."""

from __future__ import annotations

import sqlite3

import pytest

from bot.answers.freshness import CatalogWatcher
from bot.answers.service import DEFAULT_GAME as REDEMPTION
from bot.answers.service import Arbiter
from bot.catalog import Catalog
from engine.cards import Annotation

CARD = "Adino, the Eznite"


@pytest.fixture
def pair(tmp_path):
    """(the bot's warmed Arbiter, another process's catalog) on one file."""
    db = tmp_path / "cards.db"
    writer = Catalog.open(db)
    bot = Arbiter(Catalog.open(db, seed_starter=False))
    bot.warm()
    yield bot, writer
    writer.close()
    bot.catalog.close()


def _verdict(arbiter: Arbiter, query: str = CARD, guild: str | None = None) -> dict:
    return arbiter.duration(query, played_in="battle", events=["phase-ends"], guild=guild).as_json()


def test_an_alias_from_another_connection_is_taken_in_without_a_rebuild(pair):
    bot, writer = pair
    assert bot.matcher_for().match("big a").how != "alias"
    writer.add_alias(REDEMPTION, "big a", CARD, None, "cli:test")
    report = bot.sync()
    assert (report.changes, report.rebuilt, report.aliases) == (1, False, 1)
    found = bot.matcher_for().match("big a")
    assert (found.how, found.card.name) == ("alias", CARD)
    assert any(c.name.startswith(CARD) for c in bot.matcher_for().autocomplete("big", 25))
    writer.remove_alias(REDEMPTION, "big a", "cli:test")
    assert bot.sync().rebuilt is False
    assert bot.matcher_for().match("big a").how != "alias"


def test_an_alias_removed_after_the_matcher_was_built_leads_nowhere(pair):
    bot, writer = pair
    alias = "captain of the host warriors"
    assert bot.matcher_for().match(alias).how == "alias"  # a starter alias, inside the built matcher
    writer.remove_alias(REDEMPTION, alias, "cli:test")
    assert bot.sync().rebuilt is False
    assert bot.matcher_for().match(alias).how != "alias"
    writer.add_alias(REDEMPTION, alias, "Jerusalem Tower (Roots)", None, "cli:test")  # and retargeted
    bot.sync()
    assert bot.matcher_for().match(alias).card.name == "Jerusalem Tower (Roots)"


def test_quiet_aliases_are_folded_into_the_matcher_and_keep_working(pair):
    bot, writer = pair
    writer.add_alias(REDEMPTION, "big a", CARD, None, "cli:test")
    bot.sync()
    before = bot.matcher()
    assert bot.compact(idle=0.0) == [REDEMPTION]
    assert bot.matcher() is not before and bot.snapshot.overlays[REDEMPTION].added == {}
    assert bot.matcher().match("big a").how == "alias"  # now in the rebuilt matcher itself
    assert bot.matcher_for().match("big a").how == "alias"


def test_an_annotation_changes_answers_after_one_sync_and_only_its_card(pair):
    bot, writer = pair
    assert _verdict(bot)["persists"] is False
    other = _verdict(bot, "moabite marauders")
    writer.annotate(REDEMPTION, CARD, None, Annotation("", "D4", "this round", "round"), "cli:test")
    report = bot.sync()
    assert (report.rebuilt, report.annotations) == (False, 1)
    assert _verdict(bot)["persists"] is True
    assert _verdict(bot, "moabite marauders") == other


def test_server_layers_are_taken_in_for_their_server_only(pair):
    bot, writer = pair
    shared = _verdict(bot, guild="2")
    writer.annotate(REDEMPTION, CARD, None, Annotation("", "D4", "house", "round"), "discord:1", guild="1")
    writer.add_alias(REDEMPTION, "addy", CARD, None, "discord:1", guild="1")
    assert bot.sync().rebuilt is False
    mine = _verdict(bot, "addy", guild="1")
    assert mine["persists"] is True and mine["ruling_id"] != shared["ruling_id"]
    assert {"server-alias", "server-annotation"} <= {i["id"] for i in mine["interpretations"]}
    assert any(s["source"] == "server-annotation" for s in mine["trace"])
    assert _verdict(bot, guild="2") == shared and _verdict(bot) == _verdict(bot, guild="3")
    assert bot.matcher_for(guild="2").match("addy").how != "alias"


def test_card_changes_and_writes_outside_the_audit_log_rebuild(pair):
    bot, writer = pair
    writer.edit_card(REDEMPTION, CARD, "II", {"text": "Instant: draw a card."}, "cli:test")
    report = bot.sync()
    assert report.rebuilt is True
    assert bot.find(CARD)[0].text == "Instant: draw a card."
    with sqlite3.connect(writer.path) as raw:  # someone edits the file by hand
        raw.execute("""UPDATE cards SET text = 'Hand edited.' WHERE name = ? AND "set" = 'II'""", (CARD,))
    raw.close()
    assert bot.sync().rebuilt is True
    assert bot.find(CARD)[0].text == "Hand edited."
    assert bot.sync().changes == 0 and bot.sync().rebuilt is False  # nothing new: nothing done


def test_the_watcher_takes_changes_in_by_itself(pair):
    bot, writer = pair
    watcher = CatalogWatcher(bot, interval=0.01)
    watcher.start()
    try:
        writer.set_setting("moderator_role:5", "77", "discord:1", guild="5")
        for _ in range(500):  # up to 5 s, polled; taken in within one interval in practice
            if bot.setting("moderator_role:5") == "77":
                break
            watcher._stop.wait(0.01)
        assert bot.setting("moderator_role:5") == "77"
    finally:
        watcher.stop()
