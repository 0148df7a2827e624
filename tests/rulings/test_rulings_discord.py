"""Stored rulings across both front ends on ONE database: a ruling asked in Discord (the real bot against the
fake Discord on 127.0.0.1) opens from the real CLI with the same answer, and one asked on the CLI opens with
/ruling; a moderator's annotation that changes a stored ruling is counted in the /carddb reply."""

from __future__ import annotations

import asyncio
import json
import re

from bot.cli import main
from tests.bot_harness import arbiter_on_fake

EPHEMERAL = 64
OPEN = re.compile(r"/ruling id:(\S+)$")


def cli_json(capsys, *argv: str) -> tuple[int, dict]:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out else {"stderr": err}


def _field(embed: dict, name: str) -> str:
    return next(f["value"] for f in embed["fields"] if f["name"] == name)


async def test_a_ruling_asked_in_discord_opens_from_the_cli_and_back(tmp_path, capsys, monkeypatch):
    db = tmp_path / "cards.db"
    monkeypatch.setenv("ARBITER_DB", str(db))
    monkeypatch.setenv("USER", "tester")
    async with arbiter_on_fake(db) as (fake, bot):
        # 1. /duration in Discord: the footer names the id and how to open it.
        sent = await fake.send_command("duration", {"card": "adino the eznite", "played_in": "battle",
                                                    "then": "phase-ends"})
        embed = (await sent.callback())["data"]["embeds"][0]
        ruling_id = OPEN.search(embed["footer"]["text"]).group(1)
        assert f"· Ruling {ruling_id} · open it later: /ruling id:{ruling_id}" in embed["footer"]["text"]
        await asyncio.to_thread(bot.arbiter.rulings.flush)  # the background writer's batch, written now

        # 2. ... and opens from the CLI with the same answer, and the server it was asked in.
        code, opened = await asyncio.to_thread(cli_json, capsys, "ruling", ruling_id)
        assert code == 0, opened
        assert opened["given"]["verdict"] == embed["description"].splitlines()[0]  # then the official ruling's line
        assert opened["stands"] is True and opened["asked"]["guild"] == str(fake.guild.id)

        # 3. A plug-in ruling asked on the CLI opens with /ruling, same answer.
        chain = "Throne Room > Tactician[discarded-nothing]"
        code, asked = await asyncio.to_thread(cli_json, capsys, "dominion", chain)
        assert code == 0
        dm_id = asked["ruling_id"]
        shown = await fake.send_command("ruling", {"id": dm_id})
        card = (await shown.callback())["data"]["embeds"][0]
        assert card["title"] == f"Ruling {dm_id}"
        code, cli_view = await asyncio.to_thread(cli_json, capsys, "ruling", dm_id)
        assert _field(card, "Answer given") == cli_view["given"]["verdict"]
        assert _field(card, "Now").startswith("Now: still stands")

        # 4. A /dominion answer carries the same footer pointer, stored with its server.
        sent = await fake.send_command("dominion ruling", {"chain": "Voyage", "also": "Lich"})
        footer = (await sent.callback())["data"]["embeds"][0]["footer"]["text"]
        generic_id = OPEN.search(footer).group(1)
        opened = await fake.send_command("ruling", {"id": generic_id})  # not yet written: /ruling flushes first
        assert (await opened.callback())["data"]["embeds"][0]["title"] == f"Ruling {generic_id}"

        # 5. A moderator's annotation that changes the Discord ruling: counted and named in the reply.
        note = await fake.send_command("carddb annotate", {"card": "adino the eznite", "rule": "D4",
                                                           "value": "turn"}, user=fake.moderator)
        await note.callback()
        reply = (await note.followup())["content"]
        assert f" This changes 1 stored ruling: {ruling_id} (open one with /ruling id:…)." in reply

        # 6. ... listed by the CLI with before and after, and /ruling says it changed.
        code, changed = await asyncio.to_thread(cli_json, capsys, "rulings", "changed")
        assert [c["ruling_id"] for c in changed] == [ruling_id]
        verdict = embed["description"].splitlines()[0]
        assert changed[0]["given"]["verdict"] == verdict != changed[0]["now"]["verdict"]
        shown = await fake.send_command("ruling", {"id": ruling_id})
        now = _field((await shown.callback())["data"]["embeds"][0], "Now")
        assert now.startswith("Now: CHANGED. Before: ") and "annotations of Adino, the Eznite (II) changed" in now

        # 7. An unknown id: one sentence, privately.
        missing = await fake.send_command("ruling", {"id": "R-NOPE"})
        body = (await missing.callback())["data"]
        assert body["flags"] & EPHEMERAL
        assert body["content"] == "No stored ruling has the id “R-NOPE”: check the id as printed under the ruling."
