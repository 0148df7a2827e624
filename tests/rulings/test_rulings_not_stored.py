"""A rulings file that cannot be written (SQLite opens it read-only): the bot still answers every question, each
answer says it was not stored and shows no ruling id (an id that would never open), and the log says so once a
minute in one line, never a traceback. Once the file can be written again, the same question is stored and its id
opens. The real bot on the fake Discord, the real SQLite refusal; the command line's side is in
tests/test_storage_safety.py."""

from __future__ import annotations

import logging
import re
import sqlite3

from bot.catalog import Catalog
from bot.rulings.store import rulings_path
from engine.rulesets.redemption import ZONES
from tests.bot_harness import arbiter_on_fake
from tests.cli_helpers import new_db, run

REAL_CONNECT = sqlite3.connect
RULING_ID = re.compile(r"\b[A-Z]-[0-9A-F]{10}\b")


def _text(data: dict) -> str:
    parts = [data.get("content") or ""]
    for embed in data.get("embeds") or []:
        parts += [embed.get("title", ""), embed.get("description", ""), embed.get("url", ""),
                  *(f"{f['name']}\n{f['value']}" for f in embed.get("fields", [])),
                  (embed.get("footer") or {}).get("text", "")]
    return "\n".join(parts)


async def test_a_read_only_rulings_file_answers_not_stored_and_says_it_once(tmp_path, monkeypatch, caplog, capsys):
    db = tmp_path / "cards.db"
    new_db(db)
    assert run(capsys, "--db", str(db), "duration", "adino", "--played-in", "battle")[0] == 0  # the file exists
    rulings = rulings_path(db)
    monkeypatch.setattr(sqlite3, "connect", lambda path, **kw: REAL_CONNECT(f"file:{path}?mode=ro", uri=True, **kw)
                        if str(path) == rulings else REAL_CONNECT(path, **kw))
    caplog.set_level(logging.INFO)
    with Catalog.open(db) as catalog:  # the starter cards of two games
        redemption = sorted({c.name for c in catalog.cards("redemption")})[:3]
        dominion = sorted({c.name for c in catalog.cards("dominion")})[:3]
    questions = [("duration", {"card": card, "played_in": zone}) for card in redemption for zone in ZONES[:4]]
    questions += [("dominion ruling", {"chain": name}) for name in dominion]
    async with arbiter_on_fake(db) as (fake, bot):
        for command, options in questions:
            sent = await fake.send_command(command, options)
            body = await sent.callback()
            data = body["data"] if body["type"] == 4 else await sent.followup()
            text = _text(data)
            assert data.get("embeds"), (command, options, text)  # the answer itself
            assert "Not stored: this answer's ruling could not be saved, so it has no ruling id" in text, text
            assert not RULING_ID.search(text) and "/ruling id:" not in text, text
        assert bot.arbiter.rulings.dropped == len(questions)
        said = [r for r in caplog.records if r.name == "arbiter.rulings" and r.levelno >= logging.ERROR]
        assert len(said) == 1 and "read-only" in said[0].getMessage(), [r.getMessage() for r in said]
        assert not any(r.exc_info for r in caplog.records), caplog.text[-2000:]

        monkeypatch.setattr(sqlite3, "connect", REAL_CONNECT)  # the operator fixed the file
        bot.arbiter.rulings.store.close()  # (the read-only connection is given up, as a restart would)
        sent = await fake.send_command(*questions[0])
        body = await sent.callback()
        data = body["data"] if body["type"] == 4 else await sent.followup()
        (ruling_id,) = set(RULING_ID.findall(_text(data)))
    code, _, err = run(capsys, "--db", str(db), "ruling", ruling_id)
    assert code == 0, err
