"""The fake Discord, driven by the real discord.py client.

Each test starts its own fake (127.0.0.1, random port) and, where needed, a tiny AutoShardedBot defined
below; ``running_bot`` patches discord.py's base URLs for the duration and closes everything afterwards.
"""

from __future__ import annotations

import asyncio
import io
import json
import zlib
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from tests.fake_discord import DEFAULT_TOKEN, FakeDiscord, patched_discord, running_bot
from tests.fake_discord import models as fm
from tests.fake_discord import validation as fv

CARDS = ["Goliath", "Gideon", "Giant Killer", "Golden Pillar", "Abraham"]


class PingView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Again", custom_id="ping:again", style=discord.ButtonStyle.primary)
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="pong again", embed=None, view=None)


class Feedback(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput = discord.ui.TextInput(label="What happened?", custom_id="feedback:text")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Thanks: {self.text.value}", ephemeral=True)


class RulesetSelect(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.select(
        custom_id="ruleset",
        placeholder="Pick a ruleset",
        options=[discord.SelectOption(label=n, value=n.lower()) for n in ("Type 1", "Type 2", "Booster")],
    )
    async def chosen(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"Ruleset: {select.values[0]}", view=None)


def make_bot(*, client_cls: type = commands.AutoShardedBot, **kwargs) -> commands.AutoShardedBot:
    options = {"intents": discord.Intents.default(), "guild_ready_timeout": 0.05, **kwargs}
    if issubclass(client_cls, commands.bot.BotBase):
        options.update(command_prefix=commands.when_mentioned, help_command=None)
    bot = client_cls(**options)
    tree = bot.tree if hasattr(bot, "tree") else app_commands.CommandTree(bot)
    bot.test_tree = tree  # type: ignore[attr-defined]
    bot.errors = []  # type: ignore[attr-defined]
    bot.seen = []  # type: ignore[attr-defined]

    @tree.command(name="ping", description="Check the bot is alive")
    async def ping(interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Pong", description="latency ok", colour=0x2ECC71)
        await interaction.response.send_message(embed=embed, view=PingView())

    @tree.command(name="card", description="Look up a card")
    @app_commands.describe(name="Card name")
    async def card(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"You picked {name}", ephemeral=True)

    @card.autocomplete("name")
    async def card_autocomplete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=c, value=c) for c in CARDS if c.lower().startswith(current.lower())]

    @tree.command(name="slow", description="Defers, then follows up")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("done", file=discord.File(io.BytesIO(b"rule text"), "rules.txt"))
        await interaction.edit_original_response(content="done (edited)")

    @tree.command(name="toolong", description="Breaks the 2000 character limit, then recovers")
    async def toolong(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            bot.errors.append(exc)  # type: ignore[attr-defined]
            await interaction.response.send_message("That answer was too long.", ephemeral=True)

    @tree.command(name="export", description="Answers with a file")
    async def export(interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(b"D1: ..."), "rules.md", description="The rules")
        await interaction.response.send_message("Here you go", file=file)

    @tree.command(name="ruleset", description="Pick a ruleset")
    async def ruleset(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Which ruleset?", view=RulesetSelect(), ephemeral=True)

    @tree.command(name="feedback", description="Opens a modal")
    async def feedback(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Feedback())

    @tree.command(name="whoami", description="Reports the caller's permissions")
    async def whoami(interaction: discord.Interaction) -> None:
        bot.seen.append(interaction)  # type: ignore[attr-defined]
        perms = interaction.permissions
        await interaction.response.send_message(
            f"{interaction.user.name} in #{interaction.channel.name}: manage_messages={perms.manage_messages}"
        )

    @tree.command(name="purge", description="Moderators only")
    @app_commands.default_permissions(manage_messages=True)
    async def purge(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("purged")

    return bot


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as f:
        yield f


@pytest_asyncio.fixture
async def bot(fake: FakeDiscord) -> AsyncIterator[commands.AutoShardedBot]:
    b = make_bot()
    async with running_bot(fake, b):
        yield b


@pytest_asyncio.fixture
async def synced(fake: FakeDiscord, bot: commands.AutoShardedBot) -> commands.AutoShardedBot:
    await bot.tree.sync()
    return bot


# --- login / handshake ----------------------------------------------------------------------------------
async def test_login_handshake_and_guild_cache(fake: FakeDiscord, bot: commands.AutoShardedBot) -> None:
    me = await fake.wait_for_request("GET", "/users/@me")
    assert me.headers["Authorization"] == f"Bot {DEFAULT_TOKEN}"
    await fake.wait_for_request("GET", "/oauth2/applications/@me")
    await fake.wait_for_request("GET", "/gateway/bot")

    conn = fake.gateway_connections[0]
    assert conn.query == {"v": "10", "encoding": "json", "compress": "zlib-stream"}
    identify = await fake.wait_for_gateway(op=2)
    assert identify.d["token"] == DEFAULT_TOKEN
    assert identify.d["shard"] == [0, 1]
    assert identify.d["intents"] == discord.Intents.default().value
    assert conn.heartbeats >= 1  # discord.py heartbeats as soon as it gets HELLO; we ACKed it
    sent = [f.t for f in fake.gateway_log if f.direction == "send" and f.op == 0]
    assert sent[:2] == ["READY", "GUILD_CREATE"]

    assert bot.user is not None and str(bot.user.id) == fake.bot_user["id"]
    assert str(bot.application_id) == fake.application_id
    guild = bot.get_guild(int(fake.guild.id))
    assert guild is not None and guild.name == "Arbiter Test Guild"
    assert {c.name for c in guild.text_channels} == {"general", "staff"}
    assert guild.me is not None and guild.me.guild_permissions.embed_links
    staff = guild.get_channel(int(fake.staff_channel["id"]))
    assert not staff.permissions_for(guild.me).view_channel  # overwrites travel through GUILD_CREATE
    # Without GUILD_MEMBERS only the bot's own member is in GUILD_CREATE, like Discord.
    assert [m.id for m in guild.members] == [bot.user.id]


async def test_rest_errors_and_exact_content_type(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fake.api_base}/users/@me") as r:
            assert r.status == 401
            assert r.headers["Content-Type"] == "application/json"
            assert await r.json() == {"message": "401: Unauthorized", "code": 0}
        auth = {"Authorization": f"Bot {fake.token}"}
        async with http.get(f"{fake.api_base}/users/@me", headers=auth) as r:
            assert r.status == 200 and r.headers["Content-Type"] == "application/json"
            assert "X-RateLimit-Remaining" in r.headers
        async with http.get(f"{fake.api_base}/no/such/route", headers=auth) as r:
            assert (r.status, await r.json()) == (404, {"message": "404: Not Found", "code": 0})
        async with http.post(f"{fake.api_base}/interactions/1/nope/callback", json={"type": 4}) as r:
            assert (r.status, (await r.json())["code"]) == (404, 10062)
    assert [r.status for r in fake.requests] == [401, 200, 404, 404]


async def test_wrong_token_is_a_login_failure(fake: FakeDiscord) -> None:
    before = discord.http.Route.BASE
    with pytest.raises(discord.LoginFailure):
        async with running_bot(fake, make_bot(), token="not-the-token"):
            pass  # pragma: no cover
    assert fake.requests[0].status == 401
    assert before == discord.http.Route.BASE  # restored


async def test_raw_gateway_zlib_stream_and_4004(fake: FakeDiscord) -> None:
    url = f"{fake.gateway_url}/?v=10&encoding=json&compress=zlib-stream"
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        frame = await ws.receive()
        assert frame.type is aiohttp.WSMsgType.BINARY and frame.data.endswith(b"\x00\x00\xff\xff")
        hello = json.loads(zlib.decompressobj().decompress(frame.data))
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] == 41250
        await ws.send_json({"op": 2, "d": {"token": "wrong", "properties": {}, "intents": 1}})
        closing = await ws.receive()
        assert closing.type is aiohttp.WSMsgType.CLOSE
        assert (closing.data, closing.extra) == (4004, "Authentication failed.")


async def test_zlib_frames_split_across_websocket_messages() -> None:
    async with FakeDiscord(zlib_chunk_size=7) as fake:
        bot = make_bot()
        async with running_bot(fake, bot):
            assert bot.get_guild(int(fake.guild.id)) is not None


async def test_plain_client_uses_default_gateway_patch(fake: FakeDiscord) -> None:
    before = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    client = make_bot(client_cls=discord.Client)
    async with running_bot(fake, client):
        assert client.is_ready()
        await client.test_tree.sync()  # type: ignore[attr-defined]
        sent = await fake.send_command("card", {"name": "Abraham"})
        assert await sent.callback() == {
            "type": 4,
            "data": {"tts": False, "content": "You picked Abraham", "flags": 64},
        }
    assert not fake.requests_matching("GET", "/gateway/bot")  # Client never asks; it uses DEFAULT_GATEWAY
    assert before == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


# --- commands -------------------------------------------------------------------------------------------
async def test_sync_put_body_and_stored_commands(fake: FakeDiscord, bot: commands.AutoShardedBot) -> None:
    result = await bot.tree.sync()
    put = await fake.wait_for_request("PUT", rf"/applications/{fake.application_id}/commands")
    by_name = {c["name"]: c for c in put.json}
    assert by_name["ping"] == {
        "name": "ping",
        "description": "Check the bot is alive",
        "type": 1,
        "options": [],
        "nsfw": False,
        "dm_permission": True,
        "default_member_permissions": None,
        "contexts": None,
        "integration_types": None,
    }
    assert by_name["card"]["options"] == [
        {"type": 3, "name": "name", "description": "Card name", "required": True, "autocomplete": True}
    ]
    assert by_name["purge"]["default_member_permissions"] == discord.Permissions(manage_messages=True).value

    assert {c.name: c.id for c in result} == {c["name"]: int(c["id"]) for c in fake.global_commands.values()}
    stored = fake.find_command("ping")
    assert stored is not None and stored["application_id"] == fake.application_id
    assert "options" not in stored and stored["integration_types"] == [0]
    # Re-syncing keeps ids, like Discord.
    again = await bot.tree.sync()
    assert {c.id for c in again} == {c.id for c in result}

    guild = discord.Object(int(fake.guild.id))
    bot.tree.copy_global_to(guild=guild)
    await bot.tree.sync(guild=guild)
    gput = await fake.wait_for_request("PUT", rf"/applications/\d+/guilds/{fake.guild.id}/commands")
    assert {c["name"] for c in gput.json} == set(by_name)
    assert all(c["guild_id"] == fake.guild.id for c in fake.guild_commands[fake.guild.id].values())


async def test_invalid_command_definition_fails_sync(fake: FakeDiscord, bot: commands.AutoShardedBot) -> None:
    async def noop(interaction: discord.Interaction) -> None:  # pragma: no cover
        pass

    bot.tree.add_command(app_commands.Command(name="verbose", description="d" * 101, callback=noop))
    with pytest.raises(app_commands.CommandSyncFailure) as info:
        await bot.tree.sync()
    assert (info.value.status, info.value.code) == (400, 50035)
    assert "Must be between 1 and 100 in length." in str(info.value)
    assert fake.global_commands == {}


async def test_raw_command_validation_errors(fake: FakeDiscord) -> None:
    bad = [
        {"name": "Bad Name", "description": "x", "type": 1},
        {"name": "ok", "description": "", "type": 1},
        {
            "name": "order",
            "description": "x",
            "type": 1,
            "options": [
                {"type": 3, "name": "a", "description": "a"},
                {"type": 3, "name": "b", "description": "b", "required": True},
            ],
        },
        {
            "name": "many",
            "description": "x",
            "type": 1,
            "options": [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)],
        },
        {
            "name": "pick",
            "description": "x",
            "type": 1,
            "options": [
                {
                    "type": 3,
                    "name": "c",
                    "description": "c",
                    "choices": [{"name": str(i), "value": str(i)} for i in range(26)],
                }
            ],
        },
    ]
    async with (
        aiohttp.ClientSession() as http,
        http.put(
            f"{fake.api_base}/applications/{fake.application_id}/commands",
            json=bad,
            headers={"Authorization": f"Bot {fake.token}"},
        ) as r,
    ):
        body = await r.json()
    assert r.status == 400 and body["code"] == 50035 and body["message"] == "Invalid Form Body"
    errors = body["errors"]
    assert errors["0"]["name"]["_errors"][0]["code"] == "APPLICATION_COMMAND_INVALID_NAME"
    assert errors["1"]["description"]["_errors"][0]["code"] == "BASE_TYPE_BAD_LENGTH"
    assert errors["2"]["options"]["1"]["required"]["_errors"][0]["code"] == (
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"
    )
    assert errors["3"]["options"]["_errors"][0]["message"] == "Must be 25 or fewer in length."
    assert errors["4"]["options"]["0"]["choices"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"


# --- interactions ---------------------------------------------------------------------------------------
async def test_slash_command_exact_callback(fake: FakeDiscord, synced: commands.AutoShardedBot) -> None:
    sent = await fake.send_command("ping")
    assert await sent.callback() == {
        "type": 4,
        "data": {
            "tts": False,
            "content": None,
            "embeds": [
                {"flags": 0, "color": 0x2ECC71, "type": "rich", "description": "latency ok", "title": "Pong"}
            ],
            "components": [
                {
                    "type": 1,
                    "components": [
                        {
                            "type": 2,
                            "style": 1,
                            "disabled": False,
                            "label": "Again",
                            "custom_id": "ping:again",
                        }
                    ],
                }
            ],
        },
    }
    rec = fake.callbacks(sent)[0]
    assert rec.status == 200 and rec.query == {"with_response": "1"}
    assert "Authorization" not in rec.headers  # interaction webhooks are token-authenticated
    msg = fake.messages[sent.state.original_message_id]
    assert msg["type"] == 20 and msg["interaction_metadata"]["name"] == "ping"

    # Discord accepts exactly one callback per interaction.
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            f"{fake.api_base}/interactions/{sent.id}/{sent.token}/callback",
            json={"type": 4, "data": {"content": "again"}},
        ) as r,
    ):
        assert (r.status, await r.json()) == (
            400,
            {"message": "Interaction has already been acknowledged.", "code": 40060},
        )


async def test_interaction_payload_is_what_discord_sends(
    fake: FakeDiscord, synced: commands.AutoShardedBot
) -> None:
    sent = await fake.send_command("whoami", user=fake.moderator, channel=fake.staff_channel)
    assert (await sent.callback())["data"]["content"] == "mod in #staff: manage_messages=True"
    p = sent.payload
    assert {
        "id",
        "application_id",
        "type",
        "token",
        "version",
        "data",
        "guild_id",
        "channel",
        "member",
        "app_permissions",
        "locale",
        "entitlements",
        "authorizing_integration_owners",
        "context",
        "attachment_size_limit",
    } <= set(p)
    assert p["data"]["id"] == fake.find_command("whoami")["id"]
    assert p["authorizing_integration_owners"] == {"0": fake.guild.id}
    interaction = synced.seen[-1]
    assert interaction.guild_id == int(fake.guild.id) and interaction.channel.name == "staff"

    plain = await fake.send_command("whoami")
    assert (await plain.callback())["data"]["content"] == "alice in #general: manage_messages=False"
    with pytest.raises(ValueError, match="default_member_permissions"):
        await fake.send_command("purge")  # Discord hides it from alice
    ok = await fake.send_command("purge", user=fake.moderator)
    assert (await ok.callback())["data"]["content"] == "purged"
    with pytest.raises(ValueError, match="required option"):
        await fake.send_command("card")

    dm = await fake.send_command("card", {"name": "Gideon"}, dm=True)
    assert "member" not in dm.payload and dm.payload["user"]["id"] == fake.user["id"]
    assert (await dm.callback())["data"]["content"] == "You picked Gideon"


async def test_autocomplete_choices(fake: FakeDiscord, synced: commands.AutoShardedBot) -> None:
    sent = await fake.send_autocomplete("card", {"name": "gi"}, focused="name")
    assert sent.payload["type"] == 4
    assert sent.payload["data"]["options"] == [{"name": "name", "type": 3, "value": "gi", "focused": True}]
    assert await sent.callback() == {
        "type": 8,
        "data": {
            "choices": [
                {"name": "Gideon", "value": "Gideon"},
                {"name": "Giant Killer", "value": "Giant Killer"},
            ]
        },
    }
    assert sent.state.choices == [
        {"name": "Gideon", "value": "Gideon"},
        {"name": "Giant Killer", "value": "Giant Killer"},
    ]


async def test_button_click_updates_message(fake: FakeDiscord, synced: commands.AutoShardedBot) -> None:
    ping = await fake.send_command("ping")
    await ping.callback()
    message_id = ping.state.original_message_id
    click = await fake.send_component(message_id, "ping:again")
    assert click.payload["message"]["id"] == message_id
    assert click.payload["data"]["component_type"] == 2
    assert await click.callback() == {
        "type": 7,
        "data": {"tts": False, "content": "pong again", "embeds": [], "components": []},
    }
    msg = fake.messages[message_id]
    assert (msg["content"], msg["embeds"], msg["components"]) == ("pong again", [], [])
    assert len(fake.message_history[message_id]) == 2
    with pytest.raises(ValueError, match="no component"):
        await fake.send_component(message_id, "ping:again")  # the button is gone now


async def test_select_menu_and_rate_limited_callback(
    fake: FakeDiscord, synced: commands.AutoShardedBot
) -> None:
    sent = await fake.send_command("ruleset")
    await sent.callback()
    message = fake.messages[sent.state.original_message_id]
    assert message["flags"] & fv.EPHEMERAL
    with pytest.raises(ValueError, match="not among"):
        await fake.send_component(message, "ruleset", values=["type 3"])

    # One 429 first: discord.py sleeps retry_after (it trusts it because of the Via header) and retries.
    fake.inject_response(
        "POST",
        r"/interactions/\d+/[^/]+/callback",
        429,
        {"message": "You are being rate limited.", "retry_after": 0.01, "global": False},
    )
    pick = await fake.send_component(message, "ruleset", values=["booster"])
    assert pick.payload["data"] == {
        "custom_id": "ruleset",
        "component_type": 3,
        "values": ["booster"],
        "id": 2,
    }
    first, second = await fake.wait_for_requests("POST", rf"/interactions/{pick.id}/.+/callback", count=2)
    assert (first.status, second.status) == (429, 200)
    assert second.json == {"type": 7, "data": {"tts": False, "content": "Ruleset: booster", "components": []}}
    assert fake.messages[message["id"]]["content"] == "Ruleset: booster"


async def test_defer_then_followup_with_file_then_edit(
    fake: FakeDiscord, synced: commands.AutoShardedBot
) -> None:
    sent = await fake.send_command("slow")
    assert await sent.callback() == {"type": 5}
    followup = await fake.wait_for_followup_request(sent.token)
    assert followup.json == {
        "tts": False,
        "content": "done",
        "attachments": [{"id": 0, "filename": "rules.txt"}],
    }
    assert followup.query == {"wait": "1", "with_components": "0"}
    assert [(f.field_name, f.filename, f.data) for f in followup.files] == [
        ("files[0]", "rules.txt", b"rule text")
    ]
    assert await sent.edit() == {"tts": False, "content": "done (edited)"}

    # The first followup after a "thinking" defer replaced the loading message.
    original = fake.messages[sent.state.original_message_id]
    assert original["content"] == "done (edited)" and not original["flags"] & fv.LOADING
    assert original["attachments"][0]["filename"] == "rules.txt"
    assert sent.state.followup_ids == []


async def test_multipart_callback_and_guild_join(fake: FakeDiscord, synced: commands.AutoShardedBot) -> None:
    sent = await fake.send_command("export")
    rec = await fake.wait_for_callback_request(sent)
    assert rec.headers["Content-Type"].startswith("multipart/form-data")
    assert rec.json == {
        "type": 4,
        "data": {
            "tts": False,
            "content": "Here you go",
            "attachments": [{"id": 0, "filename": "rules.md", "description": "The rules"}],
        },
    }
    assert [(f.field_name, f.data) for f in rec.files] == [("files[0]", b"D1: ...")]
    [attachment] = fake.messages[sent.state.original_message_id]["attachments"]
    assert (attachment["filename"], attachment["description"], attachment["size"]) == (
        "rules.md",
        "The rules",
        7,
    )
    assert attachment["url"].startswith(fake.http_base)

    joined = fake.add_guild("Second Guild")
    joined.add_channel("lobby")
    joining = asyncio.ensure_future(synced.wait_for("guild_join", timeout=2))
    await fake.announce_guild(joined)
    guild = await joining
    assert guild.id == int(joined.id) and [c.name for c in guild.text_channels] == ["lobby"]


async def test_limit_violation_is_400_and_http_exception(
    fake: FakeDiscord, synced: commands.AutoShardedBot
) -> None:
    sent = await fake.send_command("toolong")
    first, second = await fake.wait_for_requests("POST", rf"/interactions/{sent.id}/.+/callback", count=2)
    assert first.status == 400 and first.response == {
        "message": "Invalid Form Body",
        "code": 50035,
        "errors": {
            "data": {
                "content": {
                    "_errors": [
                        {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}
                    ]
                }
            }
        },
    }
    [exc] = synced.errors
    assert isinstance(exc, discord.HTTPException) and (exc.status, exc.code) == (400, 50035)
    assert "In data.content: Must be 2000 or fewer in length." in str(exc)
    # A rejected callback does not acknowledge the interaction, so the bot's retry is accepted.
    assert second.status == 200 and second.json["data"]["content"] == "That answer was too long."


async def test_modal_round_trip(fake: FakeDiscord, synced: commands.AutoShardedBot) -> None:
    sent = await fake.send_command("feedback")
    callback = await sent.callback()
    assert callback["type"] == 9 and callback["data"]["custom_id"]
    submit = await fake.send_modal_submit(sent, {"feedback:text": "the timing rule is wrong"})
    assert await submit.callback() == {
        "type": 4,
        "data": {"tts": False, "content": "Thanks: the timing rule is wrong", "flags": 64},
    }


async def test_forced_disconnect_then_resume(fake: FakeDiscord, synced: commands.AutoShardedBot) -> None:
    resumed: list[int] = []

    async def on_shard_resumed(shard_id: int) -> None:
        resumed.append(shard_id)

    synced.add_listener(on_shard_resumed)
    [session] = fake.sessions.values()
    mark = len(fake.gateway_log)
    await fake.disconnect(code=4000)
    # Dispatched while the bot is away: kept for RESUME replay, like Discord does.
    sent = await fake.send_command("card", {"name": "Gideon"})
    await fake.wait_for_resume(since=mark)

    resume = await fake.wait_for_gateway(op=6, since=mark)
    assert resume.d["session_id"] == session.session_id and resume.d["token"] == fake.token
    assert resume.path == "/resume-gateway"  # discord.py reconnects to READY's resume_gateway_url
    assert not [f for f in fake.gateway_log[mark:] if f.op == 2]  # no second IDENTIFY
    assert await sent.callback() == {
        "type": 4,
        "data": {"tts": False, "content": "You picked Gideon", "flags": 64},
    }
    assert session.resumes == 1 and resumed == [0]

    # And a network-level drop (no close frame) is resumed too.
    mark = len(fake.gateway_log)
    await fake.disconnect(code=None)
    await fake.wait_for_resume(since=mark)
    ping = await fake.send_command("ping")
    assert (await ping.callback())["type"] == 4


async def test_user_messages_respect_message_content_intent(
    fake: FakeDiscord, bot: commands.AutoShardedBot
) -> None:
    async def ignore(ctx: commands.Context, error: Exception) -> None:
        pass

    bot.add_listener(ignore, "on_command_error")  # the mention below is not a command
    assert bot.user is not None
    plain = asyncio.ensure_future(bot.wait_for("message", timeout=2))
    await fake.send_message("what does D1 say?")
    assert (await plain).content == ""  # no MESSAGE_CONTENT intent: Discord blanks the content
    mentioned = asyncio.ensure_future(bot.wait_for("message", timeout=2))
    await fake.send_message(f"<@{bot.user.id}> what does D1 say?", mentions=[fake.bot_user])
    message = await mentioned
    assert message.content.endswith("what does D1 say?") and message.author.name == "alice"


# --- validators (no bot needed) -------------------------------------------------------------------------
def _errors(payload: dict) -> dict:
    errs = fv.Errors()
    fv.validate_message(payload, errs)
    return errs.tree


def _button(i: int, **kw) -> dict:
    return {"type": 2, "style": 1, "label": f"b{i}", "custom_id": f"c{i}", **kw}


@pytest.mark.parametrize(
    ("payload", "path", "code"),
    [
        ({"content": "x" * 2001}, "content", "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"title": "t"}] * 11}, "embeds", "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title", "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description", "BASE_TYPE_MAX_LENGTH"),
        (
            {"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]},
            "embeds.0.fields",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            {"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]},
            "embeds.0.fields.0.name",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
            "embeds.0.fields.0.value",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            {"embeds": [{"fields": [{"name": "n", "value": ""}]}]},
            "embeds.0.fields.0.value",
            "BASE_TYPE_REQUIRED",
        ),
        ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "embeds.0.footer.text", "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"author": {"name": "a" * 257}}]}, "embeds.0.author.name", "BASE_TYPE_MAX_LENGTH"),
        (
            {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
            "embeds",
            "MAX_EMBED_SIZE_EXCEEDED",
        ),
        ({"components": [{"type": 1, "components": [_button(0)]}] * 6}, "components", "BASE_TYPE_MAX_LENGTH"),
        (
            {"components": [{"type": 1, "components": [_button(i) for i in range(6)]}]},
            "components.0.components",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            {"components": [{"type": 1, "components": [_button(0, custom_id="c" * 101)]}]},
            "components.0.components.0.custom_id",
            "BASE_TYPE_BAD_LENGTH",
        ),
        (
            {"components": [{"type": 1, "components": [_button(0, label="l" * 81)]}]},
            "components.0.components.0.label",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                            }
                        ],
                    }
                ]
            },
            "components.0.components.0.options",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 3, "custom_id": "s", "options": [{"label": "l" * 101, "value": "v"}]}
                        ],
                    }
                ]
            },
            "components.0.components.0.options.0.label",
            "BASE_TYPE_BAD_LENGTH",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 3, "custom_id": "s", "options": [{"label": "l", "value": "v" * 101}]}
                        ],
                    }
                ]
            },
            "components.0.components.0.options.0.value",
            "BASE_TYPE_BAD_LENGTH",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            _button(0),
                            {"type": 3, "custom_id": "s", "options": [{"label": "l", "value": "v"}]},
                        ],
                    }
                ]
            },
            "components.0.components",
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
        ),
        (
            {"components": [{"type": 1, "components": [_button(0), _button(1, custom_id="c0")]}]},
            "components.0.components.1.custom_id",
            "COMPONENT_CUSTOM_ID_DUPLICATED",
        ),
    ],
)
def test_message_limits(payload: dict, path: str, code: str) -> None:
    node = _errors(payload)
    for part in path.split("."):
        node = node[part]
    assert code in [e["code"] for e in node["_errors"]]


def test_message_at_the_limits_is_accepted() -> None:
    assert (
        _errors(
            {
                "content": "x" * 2000,
                "embeds": [
                    {
                        "title": "t" * 256,
                        "description": "d" * 3000,
                        "footer": {"text": "f" * 100},
                        "author": {"name": "a" * 256},
                        "fields": [{"name": "n", "value": "v" * 90}] * 25,
                    }
                ],
                "components": [
                    {
                        "type": 1,
                        "components": [
                            _button(5 * r + i, label="l" * 80, custom_id=f"{r}{i}" + "c" * 98)
                            for i in range(5)
                        ],
                    }
                    for r in range(5)
                ],
            }
        )
        == {}
    )


def test_autocomplete_limits() -> None:
    def errors(choices: list) -> dict:
        errs = fv.Errors()
        fv.validate_autocomplete({"choices": choices}, errs)
        return errs.tree

    assert errors([{"name": str(i), "value": str(i)} for i in range(25)]) == {}
    assert errors([{"name": str(i), "value": i} for i in range(26)])["data"]["choices"]["_errors"][0][
        "message"
    ] == ("Must be 25 or fewer in length.")
    assert "name" in errors([{"name": "", "value": "v"}])["data"]["choices"]["0"]
    assert "name" in errors([{"name": "n" * 101, "value": "v"}])["data"]["choices"]["0"]
    assert "value" in errors([{"name": "n", "value": "v" * 101}])["data"]["choices"]["0"]


def test_permission_computation() -> None:
    fake = FakeDiscord()
    g = fake.guild
    assert g.permissions_in(fake.owner["id"], fake.staff_channel["id"]) == fm.ALL_PERMISSIONS
    assert not g.permissions_in(fake.user["id"], fake.staff_channel["id"]) & fm.VIEW_CHANNEL
    assert g.permissions_in(fake.moderator["id"], fake.staff_channel["id"]) & fm.VIEW_CHANNEL
    admin = g.add_role("Admin", fm.ADMINISTRATOR)
    g.member(fake.user["id"])["roles"].append(admin["id"])
    assert g.permissions_in(fake.user["id"], fake.staff_channel["id"]) == fm.ALL_PERMISSIONS


async def test_patched_discord_restores_urls(fake: FakeDiscord) -> None:
    before = (discord.http.Route.BASE, str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY))
    with patched_discord(fake):
        assert discord.http.Route("GET", "/users/@me").url == f"{fake.api_base}/users/@me"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY).startswith("ws://127.0.0.1:")
    assert (discord.http.Route.BASE, str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)) == before
