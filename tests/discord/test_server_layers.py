"""Several Discord servers on one bot: a maintainer server keeps the shared catalog, every other server keeps
only its own layer (aliases and annotations), sees and undoes only its own changes, and never changes what
another server's players are told. Real discord.py against the fake Discord, real SQLite, real engine.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.catalog import SHARED_REFUSAL, Catalog
from bot.cli import main
from tests.bot_harness import arbiter_on_fake
from tests.discord_helpers import reasons
from tests.engine.test_plugin_hooks import tiles  # noqa: F401 - the toy plug-in game, registered for a test
from tests.fake_discord import FakeDiscord
from tests.fake_discord import models as m

EPHEMERAL = 64
QUESTION = {"card": "adino the eznite", "played_in": "battle", "then": "phase-ends"}


@pytest.fixture
def db(tmp_path):
    return tmp_path / "cards.db"


def _servers(fake: FakeDiscord) -> None:
    """Server B: an owner and a member with Manage Server; server C: a brand-new server with only its owner."""
    b_owner = fake.add_user("bea")
    fake.server_b = guild = fake.add_guild("Server B", owner=b_owner)
    guild.add_channel("general")
    fake.b_owner = b_owner
    fake.b_admin_role = guild.add_role("Admins", m.MANAGE_GUILD)
    fake.b_admin = fake.add_user("bart")
    guild.add_member(fake.b_admin, roles=[fake.b_admin_role])
    fake.b_player = fake.add_user("bo")
    guild.add_member(fake.b_player)
    c_owner = fake.add_user("cy")
    fake.server_c = fake.add_guild("Server C", owner=c_owner)
    fake.server_c.add_channel("general")
    fake.c_owner = c_owner


def _field(embed: dict, name: str) -> str:
    return next((f["value"] for f in embed["fields"] if f["name"] == name), "")


async def _ask(fake: FakeDiscord, guild, user, **options) -> dict:
    sent = await fake.send_command("duration", {**QUESTION, **options}, user=user, guild=guild)
    body = await sent.callback()
    assert body["type"] == 4
    return body["data"]


async def _why(fake: FakeDiscord, guild, user, command: str = "duration", **options) -> dict:
    """The answer in that server with its reasons shown (the asker pressed "Why"): the expanded embed."""
    sent = await fake.send_command(command, {**(QUESTION if command == "duration" else {}), **options}, user=user,
                                   guild=guild)
    return await reasons(fake, sent, user=user)


async def _moderate(fake: FakeDiscord, command: str, options: dict, guild, user, *, shown: bool = True) -> str:
    """A /carddb write: deferred at once, then answered in one follow-up (or refused at once). `shown=False`:
    a member Discord hides the command from (no Manage Server) who sends it anyway (a moderator role holder)."""
    sent = await fake.send_command(f"carddb {command}", options, user=user, guild=guild, enforce_permissions=shown)
    body = await sent.callback()
    if body["type"] == 4:  # refused before anything could wait
        assert body["data"]["flags"] & EPHEMERAL
        return body["data"]["content"]
    assert body["type"] == 5 and body["data"]["flags"] & EPHEMERAL
    return (await sent.followup())["content"]


async def test_server_annotation_changes_only_that_servers_answers(db):
    async with arbiter_on_fake(db, setup=_servers) as (fake, bot):
        shared = (await _ask(fake, fake.guild, fake.user))["embeds"][0]
        assert shared["description"].startswith("Has ended")
        assert "persists no" in _field(await _why(fake, fake.guild, fake.user), "Verdict")
        said = await _moderate(fake, "annotate", {"card": "adino the eznite", "rule": "D4", "value": "round",
                                                 "text": "house ruling: this round"}, fake.server_b, fake.b_admin)
        assert said.startswith("Server annotation (this server's answers only)")
        b_answer = (await _ask(fake, fake.server_b, fake.b_player))["embeds"][0]
        a_answer = (await _ask(fake, fake.guild, fake.user))["embeds"][0]
        c_answer = (await _ask(fake, fake.server_c, fake.c_owner))["embeds"][0]
        assert a_answer == shared and c_answer == shared  # nobody else's players see B's house ruling
        assert not b_answer["description"].startswith("Has ended")
        b_reasons = await _why(fake, fake.server_b, fake.b_player)  # asked again from the stored ruling
        assert "persists yes" in _field(b_reasons, "Verdict")
        assert "Server annotation" in _field(b_reasons, "Interpretations")
        assert "server annotation" in _field(b_reasons, "Trace")
        b_id, a_id = b_answer["footer"]["text"].split("Ruling ")[1], shared["footer"]["text"].split("Ruling ")[1]
        assert b_id != a_id
        # The audit log names the server, and the annotation is in B's layer only.
        entry = bot.arbiter.catalog.history(limit=1)[0]
        assert entry.guild == fake.server_b.id and entry.actor == f"discord:{fake.b_admin['id']}"
        assert entry.after["guild"] == fake.server_b.id
        # /card in B shows it; in A it does not.
        sent = await fake.send_command("card", {"name": "adino the eznite"}, user=fake.b_player, guild=fake.server_b)
        assert "D4" in json.dumps((await sent.callback())["data"]["embeds"][0])
        sent = await fake.send_command("card", {"name": "adino the eznite"}, user=fake.user)
        assert "house ruling" not in json.dumps((await sent.callback())["data"]["embeds"][0])


async def test_server_alias_matches_and_completes_only_in_its_server(db):
    async with arbiter_on_fake(db, setup=_servers) as (fake, _):
        said = await _moderate(fake, "alias", {"alias": "big adi", "card": "adino the eznite"}, fake.server_c,
                               fake.c_owner)
        assert said.startswith("“big adi” now leads to Adino, the Eznite (in this server only). Undo with /carddb undo")
        in_c = await _why(fake, fake.server_c, fake.c_owner, card="big adi")
        assert in_c["title"].startswith("Adino, the Eznite")
        assert in_c["description"].startswith("Matched “big adi” to Adino, the Eznite")
        assert "server alias" in _field(in_c, "Interpretations")
        sent = await fake.send_command("duration", {**QUESTION, "card": "big adi"}, user=fake.user)
        body = (await sent.callback())["data"]
        assert "embeds" not in body or not body["embeds"] or not body["embeds"][0]["title"].startswith("Adino")
        typed = await fake.send_autocomplete("duration", {"card": "big a"}, focused="card", user=fake.c_owner,
                                             guild=fake.server_c)
        assert any(c["name"].startswith("Adino, the Eznite") for c in (await typed.callback())["data"]["choices"])
        typed = await fake.send_autocomplete("duration", {"card": "big a"}, focused="card", user=fake.user)
        assert not any(c["name"].startswith("Adino") for c in (await typed.callback())["data"]["choices"])


async def test_other_servers_cannot_change_the_shared_catalog(db):
    async with arbiter_on_fake(db, setup=_servers) as (fake, bot):
        before = Catalog.open(db).history(limit=100)
        for guild, user in ((fake.server_b, fake.b_admin), (fake.server_c, fake.c_owner)):
            said = await _moderate(fake, "edit", {"card": "adino the eznite", "field": "text", "value": "instant."},
                                   guild, user)
            assert said == SHARED_REFUSAL
            said = await _moderate(fake, "add", {"name": "Evil Twin", "set": "X", "type": "Hero"}, guild, user)
            assert said == SHARED_REFUSAL
        assert Catalog.open(db).history(limit=100) == before
        # The maintainer server may (the harness lists the default server in ARBITER_MAINTAINER_GUILDS).
        said = await _moderate(fake, "alias", {"alias": "ezzy", "card": "adino the eznite"}, fake.guild,
                               fake.moderator)
        assert "(shared catalog: every server)." in said
        assert (await _ask(fake, fake.server_b, fake.b_player, card="ezzy"))["embeds"][0]["title"].startswith("Adino")
        assert bot.arbiter.catalog.history(limit=1)[0].guild == fake.guild.id


async def test_a_server_sees_and_undoes_only_its_own_changes(db):
    async with arbiter_on_fake(db, setup=_servers) as (fake, bot):
        await _moderate(fake, "alias", {"alias": "ezzy", "card": "adino the eznite"}, fake.guild, fake.moderator)
        a_change = bot.arbiter.catalog.history(limit=1)[0].id
        await _moderate(fake, "alias", {"alias": "adi", "card": "adino the eznite"}, fake.server_b, fake.b_owner)
        b_change = bot.arbiter.catalog.history(limit=1)[0].id
        listed = await _moderate(fake, "history", {"limit": 20}, fake.server_b, fake.b_owner)
        assert f"#{b_change} " in listed and f"#{a_change} " not in listed and "starter" not in listed
        said = await _moderate(fake, "undo", {"id": a_change}, fake.server_b, fake.b_owner)
        assert said == f"There is no recorded change #{a_change} in this server's history."
        said = await _moderate(fake, "undo", {"id": b_change}, fake.server_c, fake.c_owner)
        assert said == f"There is no recorded change #{b_change} in this server's history."
        said = await _moderate(fake, "undo", {"id": b_change}, fake.server_b, fake.b_owner)
        assert said.startswith(f"Change #{b_change} undone")
        assert bot.arbiter.catalog.server_aliases(fake.server_b.id) == []
        listed = await _moderate(fake, "history", {"limit": 20}, fake.guild, fake.moderator)
        assert f"#{a_change} " in listed and f"#{b_change} " not in listed


async def test_moderator_role_is_never_everyone_or_managed_and_is_audited(db):
    async with arbiter_on_fake(db, setup=_servers) as (fake, bot):
        guild = fake.server_b
        everyone = guild.role(guild.id)
        managed = next(r for r in guild.roles if r.get("managed"))
        said = await _moderate(fake, "role", {"role": everyone}, guild, fake.b_owner)
        assert said.startswith("The card moderator role can't be @everyone")
        said = await _moderate(fake, "role", {"role": managed}, guild, fake.b_owner)
        assert "is managed by an integration" in said
        assert bot.arbiter.setting(f"moderator_role:{guild.id}") is None
        judges = guild.add_role("Judges", 0)
        await fake.dispatch("GUILD_ROLE_CREATE", {"guild_id": guild.id, "role": judges}, shard_id=0)
        said = await _moderate(fake, "role", {"role": judges}, guild, fake.b_owner)
        assert "can now moderate cards" in said
        entry = bot.arbiter.catalog.history(limit=1)[0]
        assert entry.action == "set_setting" and entry.guild == guild.id and entry.after == {"value": judges["id"]}
        # The role works at once (read from memory), and only in its server's layer.
        judy = fake.add_user("judy")
        guild.add_member(judy, roles=[judges])
        said = await _moderate(fake, "alias", {"alias": "jj", "card": "adino the eznite"}, guild, judy, shown=False)
        assert "(in this server only)." in said


@pytest.mark.usefixtures("tiles")
async def test_a_plug_in_games_answers_honour_the_asking_servers_layer(db, capsys):
    """The generic plug-in path: `lookup.annotations(card)` gives the asking server's own annotations too, and
    the answer says so and gets its own ruling id (a toy game registered for the test only)."""
    async with arbiter_on_fake(db, setup=_servers) as (fake, _):
        before = await fake.send_command("tiles lay", {"tiles": "red tile"}, user=fake.b_player, guild=fake.server_b)
        shared = (await before.callback())["data"]["embeds"][0]
        assert "Red Tile is red (from its text)" in shared["description"]
        assert main(["cards", "annotate", "red tile", "--game", "tiles", "--rule", "colour", "--value", "green",
                     "--part", "1", "--guild", fake.server_b.id, "--db", str(db)]) == 0
        capsys.readouterr()
        for _ in range(200):  # the running bot takes the command line's write in by itself (polled, 4 s at most)
            sent = await fake.send_command("tiles lay", {"tiles": "red tile"}, user=fake.b_player,
                                           guild=fake.server_b)
            in_b = (await sent.callback())["data"]["embeds"][0]
            if "green" in in_b["description"]:
                break
            await asyncio.sleep(0.02)
        assert "Red Tile is green (from its annotation)" in in_b["description"]
        assert "Server annotation" in _field(await reasons(fake, sent, user=fake.b_player), "Interpretations")
        assert shared["footer"]["text"].endswith("/ruling id:T-lay")  # the toy's own id for the shared answer
        assert "/ruling id:R-" in in_b["footer"]["text"]  # the server's answer has its own
        sent = await fake.send_command("tiles lay", {"tiles": "red tile"}, user=fake.user)
        assert (await sent.callback())["data"]["embeds"][0] == shared  # server A: unchanged


def test_the_command_line_writes_and_reads_one_servers_layer(db, capsys):
    Catalog.open(db).close()
    base = ["--db", str(db)]

    def run(*argv: str) -> tuple[int, str, str]:
        code = main([*argv, *base])
        out, err = capsys.readouterr()
        return code, out, err

    shared = json.loads(run("duration", "adino the eznite", "--played-in", "battle", "--then", "phase-ends",
                            "--json")[1])
    assert run("cards", "alias", "addy", "adino the eznite", "--guild", "42")[0] == 0
    code, out, _ = run("cards", "annotate", "adino the eznite", "--rule", "D4", "--value", "round", "--guild", "42",
                       "--json")
    audit_id = json.loads(out)["audit_id"]
    mine = json.loads(run("duration", "addy", "--played-in", "battle", "--then", "phase-ends", "--guild", "42",
                          "--json")[1])
    assert mine["persists"] is True and mine["ruling_id"] != shared["ruling_id"]
    assert {"server-alias", "server-annotation"} <= {i["id"] for i in mine["interpretations"]}
    assert json.loads(run("duration", "adino the eznite", "--played-in", "battle", "--then", "phase-ends",
                          "--json")[1]) == shared  # the shared answer is untouched
    assert run("duration", "addy", "--played-in", "battle")[0] == 1  # no such name outside server 42
    listed = run("cards", "history", "--guild", "42")[1]
    assert "server annotation" in listed and "server alias “addy”" in listed and "starter" not in listed
    assert run("cards", "history", "--guild", "43")[1] == "No changes recorded.\n"
    code, _, err = run("cards", "undo", str(audit_id), "--guild", "43")
    assert (code, err) == (1, f"arbiter: There is no recorded change #{audit_id} in this server's history.\n")
    assert run("cards", "undo", str(audit_id), "--guild", "42")[0] == 0
    assert run("cards", "alias", "addy", "adino the eznite", "--guild", "x")[0] == 2  # not a server id
