"""House rulings say so everywhere: a ruling answered under server B's own annotation, opened with /ruling from
server A and with `arbiter ruling`, says that server B's house annotations decided it and what the shared catalog
answers today, and never shows B's private note. Real bot, fake Discord, real CLI, one database."""

from __future__ import annotations

import asyncio
import json

from bot.catalog import Catalog
from bot.cli import main
from tests.bot_harness import arbiter_on_fake
from tests.discord.test_server_layers import QUESTION, _ask, _field, _moderate, _servers

NOTE = "our table's secret house note 7731"


def _cli(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, _err = capsys.readouterr()
    return code, out


async def test_a_house_ruling_opened_from_another_server_says_whose_it_is(tmp_path, capsys, monkeypatch):
    db = tmp_path / "cards.db"
    monkeypatch.setenv("USER", "tester")
    async with arbiter_on_fake(db, setup=_servers) as (fake, _bot):
        shared = (await _ask(fake, fake.guild, fake.user))["embeds"][0]
        said = await _moderate(fake, "annotate", {"card": QUESTION["card"], "rule": "D4", "value": "round",
                                                 "text": "lasts the round here", "note": NOTE},
                               fake.server_b, fake.b_admin)
        assert said.startswith("Server annotation"), said
        house = (await _ask(fake, fake.server_b, fake.b_player))["embeds"][0]
        house_id = house["footer"]["text"].split("Ruling ")[1].split(" ")[0]
        shared_id = shared["footer"]["text"].split("Ruling ")[1].split(" ")[0]
        assert house_id != shared_id

        # Opened in server A: it says whose house ruling it is, and what the shared catalog answers today.
        sent = await fake.send_command("ruling", {"id": house_id}, user=fake.user, guild=fake.guild)
        card = (await sent.callback())["data"]["embeds"][0]
        text = _field(card, "House ruling")
        assert f"server “Server B” ({fake.server_b.id})'s own annotations decided this answer" in text
        assert f"The shared catalog answers today: {shared['description'].splitlines()[-1][:40]}" in text \
            or "The shared catalog answers today: " in text
        assert NOTE not in json.dumps(card)  # B's private note is not shown in A
        names = [f["name"] for f in card["fields"]]
        assert names.index("House ruling") < names.index("Now")

        # The shared ruling says nothing of the kind.
        sent = await fake.send_command("ruling", {"id": shared_id}, user=fake.user, guild=fake.guild)
        assert "House ruling" not in [f["name"] for f in (await sent.callback())["data"]["embeds"][0]["fields"]]

        # The command line says the same, and its --json carries it.
        code, out = await asyncio.to_thread(_cli, capsys, "--db", str(db), "ruling", house_id)
        assert code == 0
        assert f"House ruling: server {fake.server_b.id}'s own annotations decided this answer" in out
        assert "The shared catalog answers today: " in out
        code, out = await asyncio.to_thread(_cli, capsys, "--db", str(db), "ruling", house_id, "--json")
        opened = json.loads(out)
        assert opened["house"]["guild"] == fake.server_b.id
        assert NOTE not in out and "lasts the round here" not in out  # not even in the full answer
        assert "answer" not in opened["now"]
        shared_cli = json.loads((await asyncio.to_thread(_cli, capsys, "--db", str(db), "ruling", shared_id,
                                                         "--json"))[1])
        assert opened["house"]["shared_now"]["verdict"] == shared_cli["given"]["verdict"]
        assert opened["house"]["shared_now"]["ruling_id"] == shared_id
        assert shared_cli["house"] is None


def test_a_shared_ruling_stays_one_after_the_server_annotates_the_card(tmp_path, capsys):
    """Asked in a server with no annotation of its own: the shared catalog's ruling. Once that server annotates
    the card, the ruling is not relabelled a house ruling; asked today it changed, because of the annotation."""
    db, guild = str(tmp_path / "cards.db"), "999000111"
    Catalog.open(tmp_path / "cards.db").close()  # a first start: the starter set
    code, out = _cli(capsys, "--db", db, "duration", "adino the eznite", "--played-in", "battle", "--guild", guild,
                     "--json")
    assert code == 0
    ruling_id = json.loads(out)["ruling_id"]
    code, _ = _cli(capsys, "--db", db, "cards", "annotate", "adino the eznite", "--rule", "D4", "--value", "round",
                   "--text", "lasts the round here", "--note", NOTE, "--guild", guild)
    assert code == 0
    code, out = _cli(capsys, "--db", db, "ruling", ruling_id, "--json")
    opened = json.loads(out)
    assert code == 0 and opened["house"] is None
    assert opened["stands"] is False and any(c["what"] == "annotations" for c in opened["changes"])
    code, out = _cli(capsys, "--db", db, "ruling", ruling_id)
    assert "House ruling" not in out
