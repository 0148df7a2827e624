"""A small but honest fake Discord (REST + gateway) that the real discord.py client can log in to.

Binds 127.0.0.1 on a random free port and never contacts any other address.  Start it, point discord.py
at it (see ``fixtures.patched_discord``), run the bot, drive it with ``send_command`` / ``send_autocomplete``
/ ``send_component`` / ``send_modal_submit`` / ``send_interaction`` and assert on what the bot sent with
``wait_for_callback`` / ``wait_for_followup`` / ``wait_for_edit`` / ``wait_for_request`` / ``requests``.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import json
import logging
import re
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web
from multidict import CIMultiDict

from . import models as m
from . import validation as v
from .gateway import (
    ALREADY_AUTHENTICATED,
    AUTHENTICATION_FAILED,
    DECODE_ERROR,
    DISALLOWED_INTENTS,
    HEARTBEAT,
    HEARTBEAT_ACK,
    HELLO,
    IDENTIFY,
    INVALID_API_VERSION,
    INVALID_INTENTS,
    INVALID_SESSION,
    INVALID_SHARD,
    NOT_AUTHENTICATED,
    PRESENCE_UPDATE,
    RECONNECT,
    REQUEST_GUILD_MEMBERS,
    RESUME,
    UNKNOWN_ERROR,
    UNKNOWN_OPCODE,
    VOICE_STATE_UPDATE,
    GatewayConnection,
    GatewayFrame,
    GatewaySession,
    make_compressor,
)

log = logging.getLogger("tests.fake_discord")

DEFAULT_TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.FaKeDc.fake-discord-bot-token-for-tests-only"
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

# Interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Callback types
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL, LAUNCH_ACTIVITY = 8, 9, 12
ALLOWED_CALLBACKS = {
    PING: {PONG},
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL, LAUNCH_ACTIVITY},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
        LAUNCH_ACTIVITY,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE},
}
# Application command option types
OPT_STRING = 3
OPT_INTEGER = 4
OPT_BOOLEAN = 5
OPT_USER = 6
OPT_CHANNEL = 7
OPT_ROLE = 8
OPT_MENTIONABLE = 9
OPT_NUMBER = 10
OPT_ATTACHMENT = 11


class HTTPError(Exception):
    """Raised inside handlers; becomes a Discord-shaped JSON error response."""

    def __init__(self, status: int, code: int, message: str, errors: dict | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.body: dict[str, Any] = {"message": message, "code": code}
        if errors:
            self.body["errors"] = errors


def _form_error(errs: v.Errors) -> HTTPError:
    return HTTPError(400, 50035, "Invalid Form Body", errs.tree)


@dataclass
class RecordedFile:
    field_name: str
    filename: str | None
    content_type: str | None
    data: bytes


@dataclass
class Recorded:
    """One request to the REST API (``/api/...``) and how the fake answered it.

    ``path`` is relative to the API base (``/interactions/1/tok/callback``); ``json`` is the parsed JSON
    body, or the parsed ``payload_json`` part of a multipart request (files are in ``files``).
    ``status``/``response`` are filled in once the fake has answered; waiters only see answered requests.
    """

    index: int
    method: str
    path: str
    json: Any
    headers: CIMultiDict
    query: dict[str, str]
    files: list[RecordedFile] = field(default_factory=list)
    form: dict[str, str] = field(default_factory=dict)
    raw: bytes = b""
    api_version: int | None = None
    status: int | None = None
    response: Any = None
    bad_json: bool = False
    at: float = field(default_factory=time.monotonic)  # when the fake received it (time.monotonic)


@dataclass
class InteractionState:
    id: str
    token: str
    type: int
    payload: dict
    guild_id: str | None
    channel_id: str | None
    shard_id: int
    message_id: str | None = None  # component/modal interactions: the message the component is on
    acknowledged: bool = False
    response_type: int | None = None
    response: dict | None = None  # the accepted callback body
    original_message_id: str | None = None
    followup_ids: list[str] = field(default_factory=list)
    modal: dict | None = None
    choices: list | None = None
    sent_at: float = field(default_factory=time.monotonic)  # when INTERACTION_CREATE was dispatched
    acknowledged_at: float | None = None


@dataclass
class SentInteraction:
    """Handle returned by the ``send_*`` helpers."""

    id: str
    token: str
    payload: dict
    fake: FakeDiscord = field(repr=False)

    @property
    def state(self) -> InteractionState:
        return self.fake.interactions[self.id]

    async def callback(self, timeout: float = 5.0) -> dict:
        return await self.fake.wait_for_callback(self.id, timeout=timeout)

    async def followup(self, index: int = 0, timeout: float = 5.0) -> dict:
        return await self.fake.wait_for_followup(self.token, index=index, timeout=timeout)

    async def edit(self, message_id: str = "@original", timeout: float = 5.0) -> dict:
        return await self.fake.wait_for_edit(self.token, message_id, timeout=timeout)


@dataclass
class _Route:
    method: str
    pattern: re.Pattern[str]
    handler: Callable[..., Any]
    auth: bool
    name: str


@dataclass
class _Injected:
    method: str
    pattern: re.Pattern[str]
    status: int
    body: Any
    headers: dict[str, str]
    times: int


@dataclass
class _Slow:
    method: str
    pattern: re.Pattern[str]
    seconds: float
    times: int


class FakeDiscord:
    """Fake Discord: REST under ``/api/v{9,10}``, the gateway on any other path; see README.md here.

    Lifecycle: ``await start()`` / ``await stop()`` or ``async with FakeDiscord() as fake``.
    Addresses: ``api_base``, ``gateway_url``, ``resume_gateway_url``, ``http_base``.
    """

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        bot_username: str = "Arbiter",
        shard_count: int = 1,
        heartbeat_interval_ms: int = 41250,
        allowed_privileged_intents: int = m.PRIVILEGED_INTENTS,
        default_guild: bool = True,
        zlib_chunk_size: int | None = None,
        interaction_window_s: float | None = None,
    ) -> None:
        self.token = token
        # Discord's 3 s for the first response: set, a later callback is refused with 10062 (as Discord does);
        # None (the tests' default) accepts a callback at any time.
        self.interaction_window_s = interaction_window_s
        self.expired_callbacks = 0
        self.snowflakes = m.Snowflakes()
        self.application_id = self.snowflakes.next()
        self.shard_count = shard_count
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.allowed_privileged_intents = allowed_privileged_intents
        self.zlib_chunk_size = zlib_chunk_size

        self.users: dict[str, dict] = {}
        self.bot_user = self.add_user(bot_username, bot=True, user_id=self.application_id)
        self.owner = self.add_user("owner", global_name="Guild Owner")
        self.guilds: dict[str, m.FakeGuild] = {}

        self.requests: list[Recorded] = []
        self.gateway_log: list[GatewayFrame] = []
        self.gateway_connections: list[GatewayConnection] = []
        self.sessions: dict[str, GatewaySession] = {}
        self.global_commands: dict[str, dict] = {}
        self.guild_commands: dict[str, dict[str, dict]] = {}
        self.interactions: dict[str, InteractionState] = {}
        self._by_token: dict[str, InteractionState] = {}
        self.messages: dict[str, dict] = {}
        self.message_history: dict[str, list[dict]] = {}
        self.attachments: dict[str, bytes] = {}
        self.presence_updates: list[dict] = []
        self.internal_errors: list[Exception] = []
        self.dm_channels: dict[str, str] = {}  # user id -> DM channel id
        self.session_start_remaining = 1000

        self._injected: list[_Injected] = []
        self._slow: list[_Slow] = []
        self._routes = self._build_routes()
        self._cond: asyncio.Condition | None = None
        self._runner: web.AppRunner | None = None
        self._sock: socket.socket | None = None
        self.port: int | None = None

        if default_guild:
            self._build_default_guild()

    # ------------------------------------------------------------------------------------------------
    # lifecycle
    # ------------------------------------------------------------------------------------------------
    async def start(self) -> FakeDiscord:
        self._cond = asyncio.Condition()
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self._sock = sock
        self.port = sock.getsockname()[1]
        # Discord takes any number of connections: a burst of thousands must not overflow the listen queue.
        await web.SockSite(self._runner, sock, backlog=4096).start()
        return self

    async def stop(self) -> None:
        for conn in list(self.gateway_connections):
            if not conn.ws.closed:
                try:
                    await asyncio.wait_for(conn.close(1001, "fake discord stopping"), 1.0)
                except (TimeoutError, ConnectionError):
                    conn.abort()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ------------------------------------------------------------------------------------------------
    # addresses
    # ------------------------------------------------------------------------------------------------
    @property
    def http_base(self) -> str:
        if self.port is None:
            raise RuntimeError("FakeDiscord not started")
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.http_base}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def resume_gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/resume-gateway"

    # ------------------------------------------------------------------------------------------------
    # state building
    # ------------------------------------------------------------------------------------------------
    def add_user(
        self, username: str, *, bot: bool = False, global_name: str | None = None, user_id: str | None = None
    ) -> dict:
        user = m.make_user(user_id or self.snowflakes.next(), username, bot=bot, global_name=global_name)
        self.users[user["id"]] = user
        return user

    def add_guild(
        self,
        name: str,
        *,
        owner: dict | None = None,
        bot_permissions: int | None = None,
        shard: tuple[int, int] | None = None,
    ) -> m.FakeGuild:
        """A guild with @everyone, the bot's managed role, the owner and the bot as members.
        ``shard=(shard_id, shard_count)`` picks an id Discord would route to that shard ((id >> 22) % count)."""
        owner = owner or self.owner
        guild_id = self.snowflakes.next() if shard is None else self.snowflakes.next_on_shard(*shard)
        guild = m.FakeGuild(id=guild_id, name=name, owner_id=owner["id"], snowflakes=self.snowflakes)
        if bot_permissions is None:
            bot_permissions = (
                m.VIEW_CHANNEL
                | m.SEND_MESSAGES
                | m.EMBED_LINKS
                | m.ATTACH_FILES
                | m.READ_MESSAGE_HISTORY
                | m.ADD_REACTIONS
                | m.USE_EXTERNAL_EMOJIS
                | m.USE_APPLICATION_COMMANDS
                | m.SEND_MESSAGES_IN_THREADS
            )
        bot_role = guild.add_role(
            self.bot_user["username"], bot_permissions, managed=True, tags={"bot_id": self.bot_user["id"]}
        )
        guild.add_member(owner)
        guild.add_member(self.bot_user, roles=[bot_role])
        self.guilds[guild.id] = guild
        return guild

    def _build_default_guild(self) -> None:
        guild = self.add_guild("Arbiter Test Guild")
        self.guild = guild
        self.moderator_role = guild.add_role("Moderator", m.MANAGE_MESSAGES | m.MANAGE_GUILD | m.KICK_MEMBERS)
        self.channel = guild.add_channel("general")
        self.staff_channel = guild.add_channel(
            "staff",
            permission_overwrites=[
                {"id": guild.id, "type": 0, "deny": m.VIEW_CHANNEL},
                {"id": self.moderator_role["id"], "type": 0, "allow": m.VIEW_CHANNEL},
            ],
        )
        self.user = self.add_user("alice", global_name="Alice")
        self.moderator = self.add_user("mod", global_name="Moderator Mo")
        guild.add_member(self.user)
        guild.add_member(self.moderator, roles=[self.moderator_role])

    def find_channel(self, channel_id: str) -> tuple[m.FakeGuild, dict]:
        for guild in self.guilds.values():
            for channel in guild.channels:
                if channel["id"] == str(channel_id):
                    return guild, channel
        raise KeyError(channel_id)

    def _app_flags(self) -> int:
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        if self.allowed_privileged_intents & m.INTENT_GUILD_PRESENCES:
            flags |= 1 << 13
        if self.allowed_privileged_intents & m.INTENT_GUILD_MEMBERS:
            flags |= 1 << 15
        if self.allowed_privileged_intents & m.INTENT_MESSAGE_CONTENT:
            flags |= 1 << 19
        return flags

    def application_payload(self) -> dict:
        return {
            "id": self.application_id,
            "name": self.bot_user["username"],
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "is_monetized": False,
            "is_verified": False,
            "is_discoverable": False,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": hashlib.sha256(self.application_id.encode()).hexdigest(),
            "flags": self._app_flags(),
            "hook": True,
            "storefront_available": False,
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "owner": self.owner,
            "team": None,
            "approximate_guild_count": len(self.guilds),
            "approximate_user_install_count": 0,
            "bot": self.bot_user,
            "integration_types_config": {"0": {}},
            "install_params": None,
            "tags": [],
        }

    # ------------------------------------------------------------------------------------------------
    # waiting
    # ------------------------------------------------------------------------------------------------
    async def _notify(self) -> None:
        if self._cond is not None:
            async with self._cond:
                self._cond.notify_all()

    async def _wait_until(self, fn: Callable[[], Any], timeout: float, what: str) -> Any:
        assert self._cond is not None, "FakeDiscord not started"
        try:
            async with self._cond, asyncio.timeout(timeout):
                while (result := fn()) is None:
                    await self._cond.wait()
                return result
        except TimeoutError:
            recent = (
                "\n  ".join(f"{r.method} {r.path} -> {r.status}" for r in self.requests[-10:]) or "(none)"
            )
            raise TimeoutError(
                f"fake discord: no {what} within {timeout}s. Last requests:\n  {recent}"
            ) from None

    def _find_request(self, pred: Callable[[Recorded], bool], since: int) -> Recorded | None:
        for rec in self.requests[since:]:
            if rec.status is not None and pred(rec):
                return rec
        return None

    def mark(self) -> int:
        """Index to pass as ``since=`` so later waits ignore requests already received."""
        return len(self.requests)

    async def wait_for_request(
        self, method: str, path_regex: str, timeout: float = 5.0, *, since: int = 0
    ) -> Recorded:
        """First request (at index >= ``since``) whose method matches and whose API-relative path
        ``re.fullmatch``-es ``path_regex``; waits for it if it has not arrived yet."""
        pattern = re.compile(path_regex)
        return await self._wait_until(
            lambda: self._find_request(
                lambda r: r.method == method.upper() and bool(pattern.fullmatch(r.path)), since
            ),
            timeout,
            f"{method} {path_regex}",
        )

    async def wait_for_requests(
        self, method: str, path_regex: str, count: int, timeout: float = 5.0, *, since: int = 0
    ) -> list[Recorded]:
        """The first ``count`` matching requests (index >= ``since``), waiting until that many arrived."""
        pattern = re.compile(path_regex)

        def find() -> list[Recorded] | None:
            done = [
                r
                for r in self.requests[since:]
                if r.status is not None and r.method == method.upper() and pattern.fullmatch(r.path)
            ]
            return done[:count] if len(done) >= count else None

        return await self._wait_until(find, timeout, f"{count} x {method} {path_regex}")

    def requests_matching(self, method: str, path_regex: str) -> list[Recorded]:
        pattern = re.compile(path_regex)
        return [r for r in self.requests if r.method == method.upper() and pattern.fullmatch(r.path)]

    async def wait_for_callback_request(
        self, interaction: str | SentInteraction, timeout: float = 5.0
    ) -> Recorded:
        iid = interaction.id if isinstance(interaction, SentInteraction) else str(interaction)
        return await self.wait_for_request("POST", rf"/interactions/{iid}/[^/]+/callback", timeout)

    async def wait_for_callback(self, interaction: str | SentInteraction, timeout: float = 5.0) -> dict:
        """JSON body (``payload_json`` for multipart) of the first callback POST for this interaction,
        whatever the fake answered; see ``callbacks()`` / ``Recorded.status`` for the outcome."""
        return (await self.wait_for_callback_request(interaction, timeout)).json

    def callbacks(self, interaction: str | SentInteraction) -> list[Recorded]:
        iid = interaction.id if isinstance(interaction, SentInteraction) else str(interaction)
        return self.requests_matching("POST", rf"/interactions/{iid}/[^/]+/callback")

    async def wait_for_followup_request(
        self, token: str, *, index: int = 0, timeout: float = 5.0
    ) -> Recorded:
        tok = re.escape(token)

        def find() -> Recorded | None:
            done = [
                r for r in self.requests_matching("POST", rf"/webhooks/\d+/{tok}") if r.status is not None
            ]
            return done[index] if len(done) > index else None

        return await self._wait_until(find, timeout, f"followup #{index} for token {token[:12]}...")

    async def wait_for_followup(self, token: str, *, index: int = 0, timeout: float = 5.0) -> dict:
        return (await self.wait_for_followup_request(token, index=index, timeout=timeout)).json

    async def wait_for_edit(self, token: str, message_id: str = "@original", *, timeout: float = 5.0) -> dict:
        """Body of the first PATCH /webhooks/{app}/{token}/messages/{message_id} (literal id or @original)."""
        rec = await self.wait_for_request(
            "PATCH", rf"/webhooks/\d+/{re.escape(token)}/messages/{re.escape(str(message_id))}", timeout
        )
        return rec.json

    def _all_shards_ready(self) -> bool | None:
        ready = {s.shard_id: s for s in self.sessions.values() if s.ready and not s.invalidated}
        if not ready:
            return None
        count = next(iter(ready.values())).shard_count
        return True if all(i in ready for i in range(count)) else None

    async def wait_ready(self, timeout: float = 5.0) -> None:
        """Every shard (as counted in IDENTIFY) has identified and received READY + its GUILD_CREATEs."""
        await self._wait_until(self._all_shards_ready, timeout, "READY on every shard")

    async def wait_for_gateway(
        self,
        *,
        direction: str = "recv",
        op: int | None = None,
        t: str | None = None,
        since: int = 0,
        timeout: float = 5.0,
    ) -> GatewayFrame:
        def find() -> GatewayFrame | None:
            for frame in self.gateway_log[since:]:
                if (
                    frame.direction == direction
                    and (op is None or frame.op == op)
                    and (t is None or frame.t == t)
                ):
                    return frame
            return None

        return await self._wait_until(find, timeout, f"gateway {direction} op={op} t={t}")

    async def wait_for_resume(self, *, since: int = 0, timeout: float = 5.0) -> GatewayFrame:
        """The RESUMED dispatch sent after a successful RESUME (pass ``since=len(fake.gateway_log)``)."""
        return await self.wait_for_gateway(direction="send", t="RESUMED", since=since, timeout=timeout)

    # ------------------------------------------------------------------------------------------------
    # fault injection / gateway control
    # ------------------------------------------------------------------------------------------------
    def inject_response(
        self,
        method: str,
        path_regex: str,
        status: int,
        body: Any = None,
        *,
        headers: dict[str, str] | None = None,
        times: int = 1,
    ) -> None:
        """Answer the next ``times`` matching requests with this response instead (still recorded).
        A 429 needs ``{"retry_after": s, "global": false, "message": ...}`` and discord.py only retries
        it if the response has a ``Via`` header, which the fake always sends."""
        self._injected.append(
            _Injected(method.upper(), re.compile(path_regex), status, body, headers or {}, times)
        )

    def slow_replies(self, method: str, path_regex: str, seconds: float, *, times: int = 1) -> None:
        """The next ``times`` matching requests are handled at once (recorded, state changed: an interaction
        callback counts as acknowledged when it arrives) but their reply reaches the bot ``seconds`` later,
        like a slow network or a busy Discord."""
        self._slow.append(_Slow(method.upper(), re.compile(path_regex), seconds, times))

    def _live_connections(self, shard_id: int | None) -> list[GatewayConnection]:
        return [
            s.conn
            for s in self.sessions.values()
            if s.connected and s.conn is not None and (shard_id is None or s.shard_id == shard_id)
        ]

    async def disconnect(
        self, *, code: int | None = 4000, shard_id: int | None = None, reason: str = ""
    ) -> None:
        """Drop the bot's gateway connection(s); the session stays resumable.  ``code=None`` drops the TCP
        connection without a close frame (like a network failure)."""
        for conn in self._live_connections(shard_id):
            if code is None:
                conn.abort()
            else:
                await conn.close(code, reason)

    async def request_reconnect(self, *, shard_id: int | None = None) -> None:
        """Send op 7 RECONNECT (the client should reconnect and RESUME)."""
        for conn in self._live_connections(shard_id):
            await conn.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    async def invalidate_session(self, *, resumable: bool = False, shard_id: int | None = None) -> None:
        """Send op 9 INVALID_SESSION.  NB: discord.py then re-IDENTIFYs after a hard-coded 5 s sleep."""
        for session in list(self.sessions.values()):
            if shard_id is not None and session.shard_id != shard_id:
                continue
            if not resumable:
                session.invalidated = True
            if session.connected and session.conn is not None:
                await session.conn.send({"op": INVALID_SESSION, "d": resumable, "s": None, "t": None})

    def session_for_shard(self, shard_id: int) -> GatewaySession | None:
        live = [s for s in self.sessions.values() if s.shard_id == shard_id and not s.invalidated]
        return live[-1] if live else None

    async def dispatch(self, event: str, data: dict, *, shard_id: int = 0) -> int:
        """Send an arbitrary DISPATCH on a shard's session (queued for RESUME replay if disconnected)."""
        session = self.session_for_shard(shard_id)
        if session is None:
            raise RuntimeError(f"no gateway session for shard {shard_id}; is the bot connected?")
        return await self._dispatch(session, event, data)

    async def announce_guild(self, guild: m.FakeGuild) -> None:
        """GUILD_CREATE for a guild added with ``add_guild`` after the bot connected (the bot "joins" it)."""
        for session in list(self.sessions.values()):
            if session.invalidated or guild.shard_id(session.shard_count) != session.shard_id:
                continue
            if session.intents & m.INTENT_GUILDS:
                payload = guild.gateway_payload(
                    include_all_members=bool(session.intents & m.INTENT_GUILD_MEMBERS),
                    bot_user_id=self.bot_user["id"],
                )
                # No "unavailable" key: that is how a join differs from an outage ending (guild_available).
                payload.pop("unavailable")
                await self._dispatch(session, "GUILD_CREATE", payload)

    async def _dispatch(self, session: GatewaySession, event: str, data: dict) -> int:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.events.append(frame)
        if session.connected and session.conn is not None:
            await session.conn.send(frame)
        await self._notify()
        return session.seq

    # ------------------------------------------------------------------------------------------------
    # HTTP
    # ------------------------------------------------------------------------------------------------
    def _build_routes(self) -> list[_Route]:
        app = r"(?P<app_id>\d+)"
        guild = r"(?P<guild_id>\d+)"
        cmd = r"(?P<command_id>\d+)"
        token = r"(?P<token>[^/]+)"
        table: list[tuple[str, str, Callable[..., Any], bool]] = [
            ("GET", r"/users/@me", self._get_me, True),
            ("GET", r"/users/(?P<user_id>\d+)", self._get_user, True),
            ("GET", r"/gateway", self._get_gateway, False),
            ("GET", r"/gateway/bot", self._get_gateway_bot, True),
            ("GET", r"/oauth2/applications/@me", self._get_application, True),
            ("GET", r"/applications/@me", self._get_application, True),
            ("GET", rf"/applications/{app}/commands", self._list_commands, True),
            ("PUT", rf"/applications/{app}/commands", self._bulk_commands, True),
            ("POST", rf"/applications/{app}/commands", self._upsert_command, True),
            ("GET", rf"/applications/{app}/commands/{cmd}", self._get_command, True),
            ("PATCH", rf"/applications/{app}/commands/{cmd}", self._edit_command, True),
            ("DELETE", rf"/applications/{app}/commands/{cmd}", self._delete_command, True),
            ("GET", rf"/applications/{app}/guilds/{guild}/commands", self._list_commands, True),
            ("PUT", rf"/applications/{app}/guilds/{guild}/commands", self._bulk_commands, True),
            ("POST", rf"/applications/{app}/guilds/{guild}/commands", self._upsert_command, True),
            ("GET", rf"/applications/{app}/guilds/{guild}/commands/{cmd}", self._get_command, True),
            ("PATCH", rf"/applications/{app}/guilds/{guild}/commands/{cmd}", self._edit_command, True),
            ("DELETE", rf"/applications/{app}/guilds/{guild}/commands/{cmd}", self._delete_command, True),
            ("POST", rf"/interactions/(?P<interaction_id>\d+)/{token}/callback", self._callback, False),
            ("POST", rf"/webhooks/{app}/{token}", self._followup, False),
            (
                "GET",
                rf"/webhooks/{app}/{token}/messages/(?P<message_id>\d+|@original)",
                self._get_wh_msg,
                False,
            ),
            (
                "PATCH",
                rf"/webhooks/{app}/{token}/messages/(?P<message_id>\d+|@original)",
                self._edit_wh_msg,
                False,
            ),
            (
                "DELETE",
                rf"/webhooks/{app}/{token}/messages/(?P<message_id>\d+|@original)",
                self._del_wh_msg,
                False,
            ),
            ("GET", r"/channels/(?P<channel_id>\d+)", self._get_channel, True),
            ("POST", r"/channels/(?P<channel_id>\d+)/messages", self._create_channel_message, True),
            (
                "GET",
                r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)",
                self._get_channel_message,
                True,
            ),
            (
                "PATCH",
                r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)",
                self._edit_channel_message,
                True,
            ),
            (
                "DELETE",
                r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)",
                self._del_channel_message,
                True,
            ),
            ("GET", rf"/guilds/{guild}", self._get_guild, True),
            ("GET", rf"/guilds/{guild}/channels", self._get_guild_channels, True),
            ("GET", rf"/guilds/{guild}/roles", self._get_guild_roles, True),
            ("GET", rf"/guilds/{guild}/members/(?P<user_id>\d+)", self._get_member, True),
        ]
        return [_Route(meth, re.compile(pat), fn, auth, f"{meth} {pat}") for meth, pat, fn, auth in table]

    @staticmethod
    def _json_response(status: int, body: Any, extra: dict[str, str] | None = None) -> web.Response:
        if status == 204 or body is None:
            return web.Response(status=204, headers={"Via": "1.1 google", **(extra or {})})
        # discord.py's json_or_text() only decodes when Content-Type is *exactly* "application/json".
        headers = {"Content-Type": "application/json", "Via": "1.1 google", **(extra or {})}
        return web.Response(status=status, body=json.dumps(body).encode(), headers=headers)

    @staticmethod
    def _ratelimit_headers(route_name: str) -> dict[str, str]:
        # Plenty remaining, so discord.py never pre-emptively sleeps.
        return {
            "X-RateLimit-Limit": "50",
            "X-RateLimit-Remaining": "49",
            "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
            "X-RateLimit-Reset-After": "1.000",
            "X-RateLimit-Bucket": hashlib.md5(route_name.encode()).hexdigest(),
            "X-RateLimit-Scope": "user",
        }

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        api = re.match(r"^/api(?:/v(\d+))?(/.*)$", path)
        if api is None:
            if request.headers.get("Upgrade", "").lower() == "websocket":
                return await self._gateway(request)
            if request.method == "GET" and path.startswith("/attachments/"):
                att_id = path.split("/")[3] if path.count("/") >= 4 else ""
                if att_id in self.attachments:
                    return web.Response(
                        body=self.attachments[att_id], content_type="application/octet-stream"
                    )
            return self._json_response(404, {"message": "404: Not Found", "code": 0})

        version = int(api.group(1)) if api.group(1) else None
        rel = api.group(2)
        rec = await self._record(request, rel, version)
        try:
            resp = await self._route(request, rec)
        except HTTPError as exc:
            resp = self._json_response(exc.status, exc.body)
            rec.response = exc.body
        except Exception as exc:
            # A bug in the fake, not a Discord answer.  Not a 5xx: discord.py retries those with sleeps
            # (webhook routes up to 25 s).  ``running_bot`` fails the test on any of these.
            log.exception("fake discord: internal error on %s %s", rec.method, rec.path)
            self.internal_errors.append(exc)
            rec.response = {"message": f"FakeDiscord internal error: {exc!r}", "code": 0}
            resp = self._json_response(400, rec.response)
        rec.status = resp.status
        await self._notify()
        if rec.status >= 400:
            log.info("fake discord: %s %s -> %s %s", rec.method, rec.path, rec.status, rec.response)
        return resp

    async def _record(self, request: web.Request, rel: str, version: int | None) -> Recorded:
        rec = Recorded(
            index=len(self.requests),
            method=request.method,
            path=rel,
            json=None,
            headers=CIMultiDict(request.headers),
            query=dict(request.query),
            api_version=version,
        )
        self.requests.append(rec)
        ctype = request.headers.get("Content-Type", "")
        try:
            if ctype.startswith("multipart/form-data"):
                reader = await request.multipart()
                while (part := await reader.next()) is not None:
                    name = part.name or ""
                    data = await part.read()  # type: ignore[union-attr]
                    if name == "payload_json":
                        rec.json = json.loads(data.decode())
                    elif part.filename is not None:  # type: ignore[union-attr]
                        rec.files.append(
                            RecordedFile(
                                name,
                                part.filename,  # type: ignore[union-attr]
                                part.headers.get("Content-Type"),
                                bytes(data),
                            )
                        )
                    else:
                        rec.form[name] = data.decode()
            else:
                rec.raw = await request.read()
                if rec.raw and ctype.split(";")[0].strip() == "application/json":
                    rec.json = json.loads(rec.raw)
        except (ValueError, UnicodeDecodeError):
            rec.json = None
            rec.bad_json = True
        return rec

    async def _route(self, request: web.Request, rec: Recorded) -> web.Response:
        response = await self._answer(request, rec)
        for slow in self._slow:
            if slow.times > 0 and slow.method == rec.method and slow.pattern.fullmatch(rec.path):
                slow.times -= 1
                await asyncio.sleep(slow.seconds)
                break
        return response

    async def _answer(self, request: web.Request, rec: Recorded) -> web.Response:
        for inj in self._injected:
            if inj.times > 0 and inj.method == rec.method and inj.pattern.fullmatch(rec.path):
                inj.times -= 1
                rec.response = inj.body
                return self._json_response(inj.status, inj.body, inj.headers)
        if rec.api_version is not None and rec.api_version not in (9, 10):
            raise HTTPError(400, 50041, "Invalid API version provided.")
        candidates = [(r, r.pattern.fullmatch(rec.path)) for r in self._routes]
        candidates = [(r, mt) for r, mt in candidates if mt]
        if not candidates:
            raise HTTPError(404, 0, "404: Not Found")
        for route, match in candidates:
            if route.method != rec.method:
                continue
            if route.auth and request.headers.get("Authorization") != f"Bot {self.token}":
                raise HTTPError(401, 0, "401: Unauthorized")
            if rec.bad_json:
                raise HTTPError(400, 50109, "The request body contains invalid JSON.")
            status, body = await route.handler(rec, **match.groupdict())
            rec.response = body
            extra = self._ratelimit_headers(route.name) if route.auth else {}
            return self._json_response(status, body, extra)
        raise HTTPError(405, 0, "405: Method Not Allowed")

    # -- simple reads ---------------------------------------------------------------------------------
    async def _get_me(self, rec: Recorded) -> tuple[int, Any]:
        return 200, {
            **self.bot_user,
            "verified": True,
            "mfa_enabled": False,
            "email": None,
            "locale": "en-US",
            "bio": "",
            "premium_type": 0,
        }

    async def _get_user(self, rec: Recorded, user_id: str) -> tuple[int, Any]:
        if user_id not in self.users:
            raise HTTPError(404, 10013, "Unknown User")
        return 200, self.users[user_id]

    async def _get_gateway(self, rec: Recorded) -> tuple[int, Any]:
        return 200, {"url": self.gateway_url}

    async def _get_gateway_bot(self, rec: Recorded) -> tuple[int, Any]:
        return 200, {
            "url": self.gateway_url,
            "shards": self.shard_count,
            "session_start_limit": {
                "total": 1000,
                "remaining": self.session_start_remaining,
                "reset_after": 14_400_000,
                "max_concurrency": 1,
            },
        }

    async def _get_application(self, rec: Recorded) -> tuple[int, Any]:
        return 200, self.application_payload()

    def _guild_or_404(self, guild_id: str) -> m.FakeGuild:
        if guild_id not in self.guilds:
            raise HTTPError(404, 10004, "Unknown Guild")
        return self.guilds[guild_id]

    async def _get_guild(self, rec: Recorded, guild_id: str) -> tuple[int, Any]:
        g = self._guild_or_404(guild_id).gateway_payload(
            include_all_members=False, bot_user_id=self.bot_user["id"]
        )
        for key in (
            "channels",
            "members",
            "threads",
            "presences",
            "voice_states",
            "joined_at",
            "large",
            "member_count",
            "guild_scheduled_events",
            "stage_instances",
            "embedded_activities",
            "activity_instances",
            "soundboard_sounds",
            "lazy",
            "unavailable",
            "version",
        ):
            g.pop(key, None)
        return 200, g

    async def _get_guild_channels(self, rec: Recorded, guild_id: str) -> tuple[int, Any]:
        g = self._guild_or_404(guild_id)
        return 200, [{**c, "guild_id": g.id} for c in g.channels]

    async def _get_guild_roles(self, rec: Recorded, guild_id: str) -> tuple[int, Any]:
        return 200, list(self._guild_or_404(guild_id).roles)

    async def _get_member(self, rec: Recorded, guild_id: str, user_id: str) -> tuple[int, Any]:
        g = self._guild_or_404(guild_id)
        if user_id not in g.members:
            raise HTTPError(404, 10007, "Unknown Member")
        return 200, g.members[user_id]

    async def _get_channel(self, rec: Recorded, channel_id: str) -> tuple[int, Any]:
        guild, channel = self._channel_or_404(channel_id)
        return 200, {**channel, "guild_id": guild.id}

    def _channel_or_404(self, channel_id: str) -> tuple[m.FakeGuild, dict]:
        try:
            guild, channel = self.find_channel(channel_id)
        except KeyError:
            raise HTTPError(404, 10003, "Unknown Channel") from None
        if not guild.permissions_in(self.bot_user["id"], channel_id) & m.VIEW_CHANNEL:
            raise HTTPError(403, 50001, "Missing Access")
        return guild, channel

    # -- application commands -------------------------------------------------------------------------
    def _command_store(self, app_id: str, guild_id: str | None) -> dict[str, dict]:
        if app_id != self.application_id:
            raise HTTPError(403, 50001, "Missing Access")
        if guild_id is None:
            return self.global_commands
        if guild_id not in self.guilds:
            raise HTTPError(403, 50001, "Missing Access")
        return self.guild_commands.setdefault(guild_id, {})

    def _stored_command(self, body: dict, guild_id: str | None, existing: dict | None) -> dict:
        def clean(obj: Any) -> Any:
            if isinstance(obj, dict):
                return {k: clean(val) for k, val in obj.items() if val is not None}
            if isinstance(obj, list):
                return [clean(x) for x in obj]
            return obj

        ctype = body.get("type", v.CHAT_INPUT)
        perms = body.get("default_member_permissions")
        cmd: dict[str, Any] = {
            "id": existing["id"] if existing else self.snowflakes.next(),
            "application_id": self.application_id,
            "version": existing["version"] if existing else self.snowflakes.next(),
            "default_member_permissions": None if perms is None else str(perms),
            "type": ctype,
            "name": body["name"],
            "name_localizations": body.get("name_localizations") or None,
            "description": body.get("description") or "",
            "description_localizations": body.get("description_localizations") or None,
            "contexts": body.get("contexts"),
            "integration_types": body.get("integration_types") or [0],
            "nsfw": bool(body.get("nsfw", False)),
        }
        if guild_id is None:
            cmd["dm_permission"] = body.get("dm_permission", True) is not False
        else:
            cmd["guild_id"] = guild_id
        if body.get("options"):
            cmd["options"] = clean(body["options"])
        if existing and {k: val for k, val in existing.items() if k != "version"} != {
            k: val for k, val in cmd.items() if k != "version"
        }:
            cmd["version"] = self.snowflakes.next()
        return cmd

    async def _list_commands(
        self, rec: Recorded, app_id: str, guild_id: str | None = None
    ) -> tuple[int, Any]:
        return 200, list(self._command_store(app_id, guild_id).values())

    async def _bulk_commands(
        self, rec: Recorded, app_id: str, guild_id: str | None = None
    ) -> tuple[int, Any]:
        store = self._command_store(app_id, guild_id)
        errs = v.validate_command_list(rec.json)
        if errs:
            raise _form_error(errs)
        by_key = {(c["type"], c["name"]): c for c in store.values()}
        new: dict[str, dict] = {}
        for body in rec.json:
            existing = by_key.get((body.get("type", 1), body["name"]))
            cmd = self._stored_command(body, guild_id, existing)
            new[cmd["id"]] = cmd
        store.clear()
        store.update(new)
        return 200, list(new.values())

    async def _upsert_command(
        self, rec: Recorded, app_id: str, guild_id: str | None = None
    ) -> tuple[int, Any]:
        store = self._command_store(app_id, guild_id)
        errs = v.Errors()
        v.validate_command(rec.json, errs, ())
        if errs:
            raise _form_error(errs)
        body = rec.json
        existing = next(
            (c for c in store.values() if (c["type"], c["name"]) == (body.get("type", 1), body["name"])), None
        )
        cmd = self._stored_command(body, guild_id, existing)
        store[cmd["id"]] = cmd
        return (200 if existing else 201), cmd

    def _command_or_404(self, store: dict[str, dict], command_id: str) -> dict:
        if command_id not in store:
            raise HTTPError(404, 10063, "Unknown application command")
        return store[command_id]

    async def _get_command(
        self, rec: Recorded, app_id: str, command_id: str, guild_id: str | None = None
    ) -> tuple[int, Any]:
        return 200, self._command_or_404(self._command_store(app_id, guild_id), command_id)

    async def _edit_command(
        self, rec: Recorded, app_id: str, command_id: str, guild_id: str | None = None
    ) -> tuple[int, Any]:
        store = self._command_store(app_id, guild_id)
        existing = self._command_or_404(store, command_id)
        merged = {**existing, **(rec.json or {})}
        errs = v.Errors()
        v.validate_command(merged, errs, ())
        if errs:
            raise _form_error(errs)
        store[command_id] = self._stored_command(merged, guild_id, existing)
        return 200, store[command_id]

    async def _delete_command(
        self, rec: Recorded, app_id: str, command_id: str, guild_id: str | None = None
    ) -> tuple[int, Any]:
        store = self._command_store(app_id, guild_id)
        self._command_or_404(store, command_id)
        del store[command_id]
        return 204, None

    # -- messages -------------------------------------------------------------------------------------
    def _attachments_from(
        self, payload: dict, rec: Recorded, channel_id: str, keep: list[dict] | None = None
    ) -> list[dict]:
        """Attachment objects for uploaded files (+ still-referenced existing ones on edits).  ``payload``
        is the message body (for callbacks: ``data``) whose ``attachments`` describe the ``files[n]``."""
        meta = {str(a.get("id")): a for a in payload.get("attachments") or [] if isinstance(a, dict)}
        result = []
        if keep is not None:
            result = [a for a in keep if a["id"] in meta]
        for n, f in enumerate(rec.files):
            index = re.fullmatch(r"files\[(\d+)\]", f.field_name)
            key = index.group(1) if index else str(n)
            info = meta.get(key, {})
            att_id = self.snowflakes.next()
            filename = info.get("filename") or f.filename or f"file{n}"
            self.attachments[att_id] = f.data
            url = f"{self.http_base}/attachments/{channel_id}/{att_id}/{filename}"
            att = {
                "id": att_id,
                "filename": filename,
                "size": len(f.data),
                "url": url,
                "proxy_url": url,
                "content_type": f.content_type,
            }
            if info.get("description"):
                att["description"] = info["description"]
            result.append(att)
        return result

    @staticmethod
    def _normalise_components(components: list) -> list:
        counter = iter(range(1, 10_000))

        def walk(items: list) -> list:
            out = []
            for c in items:
                c = dict(c)
                c.setdefault("id", next(counter))
                if isinstance(c.get("components"), list):
                    c["components"] = walk(c["components"])
                if isinstance(c.get("component"), dict):
                    c["component"] = walk([c["component"]])[0]
                if isinstance(c.get("accessory"), dict):
                    c["accessory"] = walk([c["accessory"]])[0]
                out.append(c)
            return out

        return walk(components)

    def _new_message(
        self,
        payload: dict | None,
        rec: Recorded | None,
        *,
        channel_id: str,
        inter: InteractionState | None,
        msg_type: int = 0,
        flags: int | None = None,
        author: dict | None = None,
    ) -> dict:
        payload = payload or {}
        base_flags = payload.get("flags") or 0
        msg = {
            "id": self.snowflakes.next(),
            "type": msg_type,
            "channel_id": channel_id,
            "author": author or self.bot_user,
            "content": payload.get("content") or "",
            "tts": bool(payload.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": self._attachments_from(payload, rec, channel_id) if rec is not None else [],
            "embeds": [{"type": "rich", **e} for e in payload.get("embeds") or []],
            "components": self._normalise_components(payload.get("components") or []),
            "pinned": False,
            "timestamp": m.iso_now(),
            "edited_timestamp": None,
            "flags": base_flags if flags is None else flags,
        }
        if payload.get("poll"):
            msg["poll"] = payload["poll"]
        if payload.get("message_reference"):
            msg["message_reference"] = payload["message_reference"]
            msg["type"] = 19
        if inter is not None:
            user = inter.payload.get("member", {}).get("user") or inter.payload.get("user")
            msg["webhook_id"] = self.application_id
            msg["application_id"] = self.application_id
            meta = {
                "id": inter.id,
                "type": inter.type,
                "user": user,
                "authorizing_integration_owners": inter.payload.get("authorizing_integration_owners", {}),
            }
            if inter.type == APPLICATION_COMMAND:
                meta["name"] = inter.payload["data"]["name"]
                meta["command_type"] = inter.payload["data"].get("type", 1)
                msg["interaction"] = {"id": inter.id, "type": inter.type, "name": meta["name"], "user": user}
            msg["interaction_metadata"] = meta
        self.messages[msg["id"]] = msg
        self.message_history[msg["id"]] = [copy.deepcopy(msg)]
        return msg

    def _edit_message(self, msg: dict, payload: dict, rec: Recorded) -> dict:
        if "content" in payload:
            msg["content"] = payload["content"] or ""
        if "embeds" in payload:
            msg["embeds"] = [{"type": "rich", **e} for e in payload["embeds"] or []]
        if "components" in payload:
            msg["components"] = self._normalise_components(payload["components"] or [])
        if "attachments" in payload or rec.files:
            keep = msg["attachments"] if "attachments" in payload else []
            new = self._attachments_from(payload, rec, msg["channel_id"], keep)
            msg["attachments"] = new if "attachments" in payload else msg["attachments"] + new
        if payload.get("flags") is not None:
            keep_flags = msg["flags"] & (v.EPHEMERAL | v.IS_COMPONENTS_V2)
            msg["flags"] = keep_flags | (payload["flags"] & ~v.EPHEMERAL)
        if "poll" in payload:
            msg["poll"] = payload["poll"]
        msg["flags"] &= ~v.LOADING
        msg["edited_timestamp"] = m.iso_now()
        self.message_history.setdefault(msg["id"], []).append(copy.deepcopy(msg))
        return msg

    def _validated_message(self, rec: Recorded, path: tuple, *, create: bool, flags_base: int = 0) -> dict:
        payload = rec.json if rec.json is not None else {}
        errs = v.Errors()
        v.validate_message(payload, errs, path, flags_base=flags_base)
        if errs:
            raise _form_error(errs)
        if create and v.is_empty_message(payload, len(rec.files)):
            raise HTTPError(400, 50006, "Cannot send an empty message")
        return payload

    # -- interaction callback -------------------------------------------------------------------------
    async def _callback(self, rec: Recorded, interaction_id: str, token: str) -> tuple[int, Any]:
        inter = self.interactions.get(interaction_id)
        if inter is None or inter.token != token:
            raise HTTPError(404, 10062, "Unknown interaction")
        if self.interaction_window_s is not None and rec.at - inter.sent_at > self.interaction_window_s:
            self.expired_callbacks += 1
            raise HTTPError(404, 10062, "Unknown interaction")
        body = rec.json
        if not isinstance(body, dict):
            errs = v.Errors()
            errs.required(("type",))
            raise _form_error(errs)
        ctype = body.get("type")
        allowed = set(ALLOWED_CALLBACKS.get(inter.type, set()))
        if inter.message_id is None:
            allowed -= {DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE}
        if ctype is None:
            errs = v.Errors()
            errs.required(("type",))
            raise _form_error(errs)
        if ctype not in allowed:
            errs = v.Errors()
            errs.choices(("type",), allowed)
            raise _form_error(errs)
        if inter.acknowledged:
            raise HTTPError(400, 40060, "Interaction has already been acknowledged.")
        data = body.get("data")
        errs = v.Errors()
        if ctype in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            v.validate_message(data, errs, ("data",))
        elif ctype == AUTOCOMPLETE_RESULT:
            v.validate_autocomplete(data, errs)
        elif ctype == MODAL:
            v.validate_modal(data, errs)
        if errs:
            raise _form_error(errs)
        if ctype == CHANNEL_MESSAGE and v.is_empty_message(data, len(rec.files)):
            raise HTTPError(400, 50006, "Cannot send an empty message")

        inter.acknowledged = True
        inter.acknowledged_at = rec.at
        inter.response_type = ctype
        inter.response = body
        data = data or {}
        resource: dict | None = None
        loading = False
        if ctype == CHANNEL_MESSAGE:
            cmd_type = inter.payload.get("data", {}).get("type", 1)
            msg_type = (20 if cmd_type == 1 else 23) if inter.type == APPLICATION_COMMAND else 0
            msg = self._new_message(
                data, rec, channel_id=inter.channel_id or "0", inter=inter, msg_type=msg_type
            )
            inter.original_message_id = msg["id"]
            resource = {"type": ctype, "message": msg}
        elif ctype == DEFERRED_CHANNEL_MESSAGE:
            flags = v.LOADING | ((data.get("flags") or 0) & v.EPHEMERAL)
            msg = self._new_message(
                {},
                None,
                channel_id=inter.channel_id or "0",
                inter=inter,
                msg_type=20 if inter.type == APPLICATION_COMMAND else 0,
                flags=flags,
            )
            inter.original_message_id = msg["id"]
            loading = True
            resource = {"type": ctype, "message": msg}
        elif ctype in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            inter.original_message_id = inter.message_id
            if ctype == UPDATE_MESSAGE and inter.message_id in self.messages:
                msg = self._edit_message(self.messages[inter.message_id], data, rec)
                resource = {"type": ctype, "message": msg}
        elif ctype == AUTOCOMPLETE_RESULT:
            inter.choices = data.get("choices")
        elif ctype == MODAL:
            inter.modal = data

        if str(rec.query.get("with_response", "")).lower() not in ("1", "true"):
            return 204, None
        result: dict[str, Any] = {"interaction": {"id": inter.id, "type": inter.type}}
        if inter.original_message_id and ctype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            original = self.messages.get(inter.original_message_id, {})
            result["interaction"].update(
                response_message_id=inter.original_message_id,
                response_message_loading=loading,
                response_message_ephemeral=bool(original.get("flags", 0) & v.EPHEMERAL),
            )
        if resource is not None:
            result["resource"] = resource
        return 200, result

    # -- interaction webhooks -------------------------------------------------------------------------
    def _interaction_for_token(self, app_id: str, token: str) -> InteractionState:
        inter = self._by_token.get(token)
        if app_id != self.application_id or inter is None or not inter.acknowledged:
            # Discord answers "Unknown Webhook" for followups/edits before the interaction is acknowledged.
            raise HTTPError(404, 10015, "Unknown Webhook")
        return inter

    def _interaction_message(self, inter: InteractionState, message_id: str) -> dict:
        mid = inter.original_message_id if message_id == "@original" else message_id
        if mid is None or mid not in self.messages:
            raise HTTPError(404, 10008, "Unknown Message")
        if mid != inter.original_message_id and mid not in inter.followup_ids:
            raise HTTPError(404, 10008, "Unknown Message")
        return self.messages[mid]

    async def _followup(self, rec: Recorded, app_id: str, token: str) -> tuple[int, Any]:
        inter = self._interaction_for_token(app_id, token)
        payload = self._validated_message(rec, (), create=True)
        original = self.messages.get(inter.original_message_id or "")
        if (
            inter.response_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original["flags"] & v.LOADING
        ):
            # The first followup after a "thinking" defer replaces the loading message
            # (and keeps the defer's ephemerality).
            msg = self._edit_message(original, {**payload, "flags": payload.get("flags") or 0}, rec)
        else:
            msg = self._new_message(payload, rec, channel_id=inter.channel_id or "0", inter=inter)
            inter.followup_ids.append(msg["id"])
        if str(rec.query.get("wait", "")).lower() not in ("1", "true"):
            return 204, None
        return 200, msg

    async def _get_wh_msg(self, rec: Recorded, app_id: str, token: str, message_id: str) -> tuple[int, Any]:
        inter = self._interaction_for_token(app_id, token)
        return 200, self._interaction_message(inter, message_id)

    async def _edit_wh_msg(self, rec: Recorded, app_id: str, token: str, message_id: str) -> tuple[int, Any]:
        inter = self._interaction_for_token(app_id, token)
        msg = self._interaction_message(inter, message_id)
        payload = self._validated_message(rec, (), create=False, flags_base=msg["flags"])
        return 200, self._edit_message(msg, payload, rec)

    async def _del_wh_msg(self, rec: Recorded, app_id: str, token: str, message_id: str) -> tuple[int, Any]:
        inter = self._interaction_for_token(app_id, token)
        msg = self._interaction_message(inter, message_id)
        del self.messages[msg["id"]]
        return 204, None

    # -- channel messages -----------------------------------------------------------------------------
    async def _create_channel_message(self, rec: Recorded, channel_id: str) -> tuple[int, Any]:
        guild, _ = self._channel_or_404(channel_id)
        perms = guild.permissions_in(self.bot_user["id"], channel_id)
        if not perms & m.SEND_MESSAGES:
            raise HTTPError(403, 50013, "Missing Permissions")
        payload = self._validated_message(rec, (), create=True)
        msg = self._new_message(payload, rec, channel_id=channel_id, inter=None)
        await self._dispatch_message_create(guild, msg)
        return 200, msg

    def _channel_message(self, channel_id: str, message_id: str) -> dict:
        self._channel_or_404(channel_id)
        msg = self.messages.get(message_id)
        if msg is None or msg["channel_id"] != channel_id:
            raise HTTPError(404, 10008, "Unknown Message")
        return msg

    async def _get_channel_message(self, rec: Recorded, channel_id: str, message_id: str) -> tuple[int, Any]:
        return 200, self._channel_message(channel_id, message_id)

    async def _edit_channel_message(self, rec: Recorded, channel_id: str, message_id: str) -> tuple[int, Any]:
        msg = self._channel_message(channel_id, message_id)
        if msg["author"]["id"] != self.bot_user["id"]:
            raise HTTPError(403, 50005, "Cannot edit a message authored by another user")
        payload = self._validated_message(rec, (), create=False, flags_base=msg["flags"])
        return 200, self._edit_message(msg, payload, rec)

    async def _del_channel_message(self, rec: Recorded, channel_id: str, message_id: str) -> tuple[int, Any]:
        msg = self._channel_message(channel_id, message_id)
        guild, _ = self.find_channel(channel_id)
        if msg["author"]["id"] != self.bot_user["id"] and not (
            guild.permissions_in(self.bot_user["id"], channel_id) & m.MANAGE_MESSAGES
        ):
            raise HTTPError(403, 50013, "Missing Permissions")
        del self.messages[message_id]
        return 204, None

    async def _dispatch_message_create(self, guild: m.FakeGuild, msg: dict) -> None:
        for session in list(self.sessions.values()):
            if session.invalidated or guild.shard_id(session.shard_count) != session.shard_id:
                continue
            if not session.intents & m.INTENT_GUILD_MESSAGES:
                continue
            data = {**msg, "guild_id": guild.id}
            author_id = msg["author"]["id"]
            if author_id in guild.members:
                data["member"] = {k: val for k, val in guild.members[author_id].items() if k != "user"}
            mentioned = any(u["id"] == self.bot_user["id"] for u in msg.get("mentions", []))
            if (
                not session.intents & m.INTENT_MESSAGE_CONTENT
                and author_id != self.bot_user["id"]
                and not mentioned
            ):
                data.update(content="", embeds=[], attachments=[], components=[])
            await self._dispatch(session, "MESSAGE_CREATE", data)

    async def send_message(
        self,
        content: str,
        *,
        user: dict | None = None,
        channel: dict | None = None,
        mentions: list[dict] | None = None,
    ) -> dict:
        """A user posts a message (MESSAGE_CREATE to sessions with GUILD_MESSAGES; content is blanked
        unless the bot has MESSAGE_CONTENT or is mentioned, as Discord does)."""
        user = user or self.user
        channel = channel or self.channel
        guild, _ = self.find_channel(channel["id"])
        msg = self._new_message({"content": content}, None, channel_id=channel["id"], inter=None, author=user)
        msg["mentions"] = list(mentions or [])
        await self._dispatch_message_create(guild, msg)
        return msg

    # ------------------------------------------------------------------------------------------------
    # gateway
    # ------------------------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, compress=False, max_msg_size=1 << 20, timeout=2.0)
        await ws.prepare(request)
        q = request.query
        try:
            compressor = make_compressor(q.get("compress"))
            bad_compress = None
        except (ValueError, ImportError) as exc:
            compressor, bad_compress = None, exc
        conn = GatewayConnection(
            len(self.gateway_connections), request, ws, compressor, self.gateway_log, self.zlib_chunk_size
        )
        self.gateway_connections.append(conn)
        try:
            if bad_compress is not None:
                await conn.close(UNKNOWN_ERROR, f"unsupported compress={q.get('compress')}")
                return ws
            if q.get("encoding", "json") != "json":
                await conn.close(DECODE_ERROR, "this fake only speaks encoding=json")
                return ws
            if q.get("v", "10") not in ("9", "10"):
                await conn.close(INVALID_API_VERSION, "Invalid API version")
                return ws
            await conn.send(
                {
                    "op": HELLO,
                    "d": {
                        "heartbeat_interval": self.heartbeat_interval_ms,
                        "_trace": ['["fake-discord-gateway"]'],
                    },
                    "s": None,
                    "t": None,
                }
            )
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    raw = msg.data
                elif msg.type == WSMsgType.BINARY:
                    await conn.close(DECODE_ERROR, "Error while decoding payload.")
                    break
                else:
                    break
                try:
                    payload = json.loads(raw)
                    if not isinstance(payload, dict):
                        raise ValueError
                except ValueError:
                    await conn.close(DECODE_ERROR, "Error while decoding payload.")
                    break
                if len(raw.encode()) > 4096:
                    await conn.close(DECODE_ERROR, "Payload too large.")
                    break
                self.gateway_log.append(
                    GatewayFrame(
                        "recv",
                        payload.get("op"),
                        None,
                        None,
                        payload.get("d"),
                        conn.number,
                        conn.session.shard_id if conn.session else None,
                        conn.path,
                        len(raw),
                    )
                )
                await self._notify()
                await self._gateway_op(conn, payload)
                if ws.closed:
                    break
        finally:
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                # A client-initiated 1000/1001 close ends the session for good (Discord won't RESUME it).
                if not conn.server_closed and ws.close_code in (1000, 1001):
                    session.invalidated = True
            await self._notify()
        return ws

    async def _gateway_op(self, conn: GatewayConnection, payload: dict) -> None:
        op, d = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            conn.heartbeats += 1
            await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            await self._identify(conn, d)
        elif op == RESUME:
            await self._resume(conn, d)
        elif conn.session is None:
            await conn.close(NOT_AUTHENTICATED, "Not authenticated.")
        elif op == PRESENCE_UPDATE:
            conn.session.presence = d
            self.presence_updates.append(d)
        elif op == VOICE_STATE_UPDATE:
            pass
        elif op == REQUEST_GUILD_MEMBERS:
            await self._request_members(conn.session, d or {})
        else:
            await conn.close(UNKNOWN_OPCODE, "Unknown opcode.")

    async def _identify(self, conn: GatewayConnection, d: Any) -> None:
        if conn.session is not None:
            await conn.close(ALREADY_AUTHENTICATED, "Already authenticated.")
            return
        if not isinstance(d, dict) or not isinstance(d.get("properties"), dict):
            await conn.close(DECODE_ERROR, "Error while decoding payload.")
            return
        if d.get("token") != self.token:
            await conn.close(AUTHENTICATION_FAILED, "Authentication failed.")
            return
        shard = d.get("shard") or [0, 1]
        if (
            not isinstance(shard, list)
            or len(shard) != 2
            or not all(isinstance(x, int) for x in shard)
            or not 0 <= shard[0] < shard[1]
        ):
            await conn.close(INVALID_SHARD, "Invalid shard.")
            return
        intents = d.get("intents")
        if not isinstance(intents, int) or intents & ~m.VALID_INTENTS:
            await conn.close(INVALID_INTENTS, "Invalid intent(s).")
            return
        if intents & m.PRIVILEGED_INTENTS & ~self.allowed_privileged_intents:
            await conn.close(DISALLOWED_INTENTS, "Disallowed intent(s).")
            return
        self.session_start_remaining -= 1
        shard_id, shard_count = shard
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            shard_id=shard_id,
            shard_count=shard_count,
            intents=intents,
            identify=d,
            resume_gateway_url=self.resume_gateway_url,
            presence=d.get("presence"),
        )
        for old in self.sessions.values():
            if old.shard_id == shard_id:
                old.invalidated = True
        self.sessions[session.session_id] = session
        session.conn = conn
        conn.session = session
        guilds = [g for g in self.guilds.values() if g.shard_id(shard_count) == shard_id]
        await self._dispatch(
            session,
            "READY",
            {
                "v": 10,
                "user": {**self.bot_user, "verified": True, "mfa_enabled": False, "email": None},
                "user_settings": {},
                "guilds": [{"id": g.id, "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "session_type": "normal",
                "resume_gateway_url": session.resume_gateway_url,
                "shard": [shard_id, shard_count],
                "application": {"id": self.application_id, "flags": self._app_flags()},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": ["fake"],
                "auth": {},
                "_trace": ['["fake-discord-gateway"]'],
            },
        )
        if intents & m.INTENT_GUILDS:
            for g in guilds:
                await self._dispatch(
                    session,
                    "GUILD_CREATE",
                    g.gateway_payload(
                        include_all_members=bool(intents & m.INTENT_GUILD_MEMBERS),
                        bot_user_id=self.bot_user["id"],
                    ),
                )
        session.ready = True
        await self._notify()

    async def _resume(self, conn: GatewayConnection, d: Any) -> None:
        if not isinstance(d, dict):
            await conn.close(DECODE_ERROR, "Error while decoding payload.")
            return
        if d.get("token") != self.token:
            await conn.close(AUTHENTICATION_FAILED, "Authentication failed.")
            return
        session = self.sessions.get(d.get("session_id") or "")
        if session is None or session.invalidated:
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        seq = d.get("seq") or 0
        if seq > session.seq:
            await conn.close(4007, "Invalid seq.")
            return
        if session.conn is not None and session.conn is not conn:
            old = session.conn
            session.conn = None
            await old.close(UNKNOWN_ERROR, "Session resumed elsewhere.")
        session.conn = conn
        conn.session = session
        for frame in [f for f in session.events if f["s"] > seq]:
            await conn.send(frame)
        session.resumes += 1
        await self._dispatch(session, "RESUMED", {"_trace": ['["fake-discord-gateway"]']})

    async def _request_members(self, session: GatewaySession, d: dict) -> None:
        guild_ids = d.get("guild_id")
        guild_ids = guild_ids if isinstance(guild_ids, list) else [guild_ids]
        for gid in guild_ids:
            guild = self.guilds.get(str(gid))
            if guild is None:
                continue
            members = list(guild.members.values())
            not_found: list[str] = []
            if d.get("user_ids"):
                wanted = [
                    str(u) for u in (d["user_ids"] if isinstance(d["user_ids"], list) else [d["user_ids"]])
                ]
                members = [guild.members[u] for u in wanted if u in guild.members]
                not_found = [u for u in wanted if u not in guild.members]
            elif d.get("query"):
                q = d["query"].lower()
                members = [
                    mm
                    for mm in members
                    if mm["user"]["username"].lower().startswith(q)
                    or (mm.get("nick") or "").lower().startswith(q)
                ]
            if d.get("limit"):
                members = members[: d["limit"]]
            chunk: dict[str, Any] = {
                "guild_id": guild.id,
                "members": members,
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": not_found,
            }
            if d.get("presences"):
                chunk["presences"] = []
            if d.get("nonce") is not None:
                chunk["nonce"] = d["nonce"]
            await self._dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)

    # ------------------------------------------------------------------------------------------------
    # interactions
    # ------------------------------------------------------------------------------------------------
    def _resolve_user(self, user: dict | str | None) -> dict:
        if user is None:
            if not hasattr(self, "user"):
                raise ValueError("no default user; pass user=")
            return self.user
        if isinstance(user, dict):
            return user
        return self.users[str(user)]

    def _context(
        self,
        *,
        user: dict,
        guild: m.FakeGuild | None,
        channel: dict | None,
        dm: bool,
        permissions: int | None,
    ) -> dict:
        """Envelope fields describing who/where (guild member + channel + permissions, or a DM)."""
        env: dict[str, Any] = {
            "application_id": self.application_id,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if dm:
            dm_id = self.dm_channels.setdefault(user["id"], self.snowflakes.next())
            env.update(
                user=user,
                channel_id=dm_id,
                channel={
                    "id": dm_id,
                    "type": m.DM,
                    "flags": 0,
                    "last_message_id": None,
                    "recipients": [user],
                },
                authorizing_integration_owners={"0": "0"},
                context=1,
                app_permissions=str(m.ALL_PERMISSIONS & ~m.ADMINISTRATOR),
            )
            return env
        guild = guild or self.guild
        channel = channel or (guild.text_channels()[0] if guild.text_channels() else None)
        if channel is None:
            raise ValueError("guild has no text channel")
        if user["id"] not in guild.members:
            raise ValueError(f"user {user['username']} is not a member of {guild.name}")
        member_perms = guild.permissions_in(user["id"], channel["id"]) if permissions is None else permissions
        member = {**guild.members[user["id"]], "permissions": str(member_perms)}
        env.update(
            guild_id=guild.id,
            guild=guild.partial(),
            guild_locale=guild.preferred_locale,
            channel_id=channel["id"],
            channel={**channel, "guild_id": guild.id, "permissions": str(member_perms)},
            member=member,
            app_permissions=str(guild.permissions_in(self.bot_user["id"], channel["id"])),
            authorizing_integration_owners={"0": guild.id},
            context=0,
        )
        return env

    async def send_interaction(
        self, payload: dict, *, message_id: str | None = None, timeout: float = 5.0
    ) -> SentInteraction:
        """Dispatch an INTERACTION_CREATE.  Missing envelope fields (id, token, application_id, version,
        attachment_size_limit, locale, entitlements, ...) are filled in; everything given is sent as is."""
        payload = dict(payload)
        payload.setdefault("id", self.snowflakes.next())
        payload.setdefault("token", "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(96))
        payload.setdefault("application_id", self.application_id)
        payload.setdefault("version", 1)
        payload.setdefault("locale", "en-US")
        payload.setdefault("entitlements", [])
        payload.setdefault("attachment_size_limit", ATTACHMENT_SIZE_LIMIT)
        if "guild_id" in payload:
            payload.setdefault("authorizing_integration_owners", {"0": payload["guild_id"]})
            payload.setdefault("context", 0)
        guild_id = payload.get("guild_id")
        if message_id is None and isinstance(payload.get("message"), dict):
            message_id = payload["message"]["id"]
        await self.wait_ready(timeout)
        count = next(s.shard_count for s in self.sessions.values() if not s.invalidated)
        shard_id = (int(guild_id) >> 22) % count if guild_id else 0
        session = self.session_for_shard(shard_id)
        assert session is not None
        state = InteractionState(
            id=payload["id"],
            token=payload["token"],
            type=payload["type"],
            payload=payload,
            guild_id=guild_id,
            channel_id=payload.get("channel_id") or (payload.get("channel") or {}).get("id"),
            shard_id=shard_id,
            message_id=message_id,
        )
        self.interactions[state.id] = state
        self._by_token[state.token] = state
        await self._dispatch(session, "INTERACTION_CREATE", payload)
        return SentInteraction(state.id, state.token, payload, self)

    # -- command lookup / options ---------------------------------------------------------------------
    def find_command(self, name: str, *, guild_id: str | None = None, type: int = 1) -> dict | None:
        """A synced command by name: the guild's own commands first, then global ones."""
        pools = []
        if guild_id:
            pools.append(self.guild_commands.get(guild_id, {}))
        pools.append(self.global_commands)
        for pool in pools:
            for cmd in pool.values():
                if cmd["name"] == name and cmd["type"] == type:
                    return cmd
        return None

    def _resolve_option(self, opt_def: dict, value: Any, resolved: dict, guild: m.FakeGuild | None) -> Any:
        otype = opt_def["type"]
        if otype in (OPT_USER, OPT_MENTIONABLE) and (
            (isinstance(value, dict) and "username" in value) or str(value) in self.users
        ):
            user = value if isinstance(value, dict) else self.users[str(value)]
            resolved.setdefault("users", {})[user["id"]] = user
            if guild is not None and user["id"] in guild.members:
                mem = {k: val for k, val in guild.members[user["id"]].items() if k != "user"}
                mem["permissions"] = str(guild.base_permissions(user["id"]))
                resolved.setdefault("members", {})[user["id"]] = mem
            return user["id"]
        if otype in (OPT_ROLE, OPT_MENTIONABLE):
            role = value if isinstance(value, dict) else guild.role(str(value)) if guild else None
            if role is None:
                raise ValueError(f"unknown role {value!r}")
            resolved.setdefault("roles", {})[role["id"]] = role
            return role["id"]
        if otype == OPT_CHANNEL:
            channel = value if isinstance(value, dict) else guild.channel(str(value)) if guild else None
            if channel is None:
                raise ValueError(f"unknown channel {value!r}")
            allowed = opt_def.get("channel_types")
            if allowed and channel["type"] not in allowed:
                raise ValueError(f"channel type {channel['type']} not allowed for option {opt_def['name']}")
            resolved.setdefault("channels", {})[channel["id"]] = {
                "id": channel["id"],
                "name": channel["name"],
                "type": channel["type"],
                "parent_id": channel.get("parent_id"),
                "permissions": str(m.ALL_PERMISSIONS),
                "flags": 0,
            }
            return channel["id"]
        if otype == OPT_ATTACHMENT:
            att = {
                "id": self.snowflakes.next(),
                "filename": "upload.txt",
                "size": 0,
                "url": f"{self.http_base}/attachments/0/0/upload.txt",
                "content_type": "text/plain",
            }
            att.update(value if isinstance(value, dict) else {})
            att["proxy_url"] = att["url"]
            resolved.setdefault("attachments", {})[att["id"]] = att
            return att["id"]
        return value

    def _check_value(self, opt_def: dict, value: Any) -> None:
        otype = opt_def["type"]
        name = opt_def["name"]
        if otype == OPT_STRING and not isinstance(value, str):
            raise ValueError(f"option {name} expects a string")
        if otype == OPT_INTEGER and (not isinstance(value, int) or isinstance(value, bool)):
            raise ValueError(f"option {name} expects an integer")
        if otype == OPT_NUMBER and (not isinstance(value, int | float) or isinstance(value, bool)):
            raise ValueError(f"option {name} expects a number")
        if otype == OPT_BOOLEAN and not isinstance(value, bool):
            raise ValueError(f"option {name} expects a boolean")
        choices = opt_def.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"option {name}: {value!r} is not one of its choices")
        if otype in (OPT_INTEGER, OPT_NUMBER):
            if opt_def.get("min_value") is not None and value < opt_def["min_value"]:
                raise ValueError(f"option {name} below min_value")
            if opt_def.get("max_value") is not None and value > opt_def["max_value"]:
                raise ValueError(f"option {name} above max_value")
        if otype == OPT_STRING:
            if opt_def.get("min_length") is not None and len(value) < opt_def["min_length"]:
                raise ValueError(f"option {name} shorter than min_length")
            if opt_def.get("max_length") is not None and len(value) > opt_def["max_length"]:
                raise ValueError(f"option {name} longer than max_length")

    def _build_options(
        self,
        defs: list[dict],
        values: dict[str, Any],
        resolved: dict,
        guild: m.FakeGuild | None,
        focused: str | None,
    ) -> list[dict]:
        by_name = {d["name"]: d for d in defs}
        unknown = set(values) - set(by_name)
        if unknown:
            raise ValueError(f"unknown option(s) {sorted(unknown)}; command has {sorted(by_name)}")
        out = []
        for d in defs:
            if d["name"] not in values:
                if d.get("required") and focused is None:
                    raise ValueError(f"required option {d['name']!r} missing")
                continue
            value = values[d["name"]]
            if d["name"] == focused:
                if not d.get("autocomplete"):
                    raise ValueError(f"option {d['name']!r} does not have autocomplete enabled")
                out.append({"name": d["name"], "type": d["type"], "value": str(value), "focused": True})
                continue
            if focused is None and d["type"] not in (
                OPT_USER,
                OPT_CHANNEL,
                OPT_ROLE,
                OPT_MENTIONABLE,
                OPT_ATTACHMENT,
            ):
                self._check_value(d, value)
            out.append(
                {
                    "name": d["name"],
                    "type": d["type"],
                    "value": self._resolve_option(d, value, resolved, guild),
                }
            )
        return out

    def _command_data(
        self,
        name: str,
        options: dict[str, Any] | None,
        *,
        guild: m.FakeGuild | None,
        focused: str | None,
        command_type: int,
        target: Any,
    ) -> dict:
        parts = name.split()
        cmd = self.find_command(parts[0], guild_id=guild.id if guild else None, type=command_type)
        if cmd is None:
            raise ValueError(
                f"command {parts[0]!r} (type {command_type}) is not registered with the fake; "
                "sync the command tree first"
            )
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": cmd["type"]}
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        resolved: dict[str, Any] = {}
        if command_type != 1:
            if command_type == 2:
                user = self._resolve_user(target)
                data["target_id"] = self._resolve_option(
                    {"type": OPT_USER, "name": "target"}, user, resolved, guild
                )
            else:
                msg = target if isinstance(target, dict) else self.messages[str(target)]
                resolved["messages"] = {msg["id"]: msg}
                data["target_id"] = msg["id"]
            data["resolved"] = resolved
            return data
        defs = cmd.get("options", [])
        container = data
        for sub in parts[1:]:
            sub_def = next((o for o in defs if o["name"] == sub and o["type"] in (1, 2)), None)
            if sub_def is None:
                raise ValueError(f"no subcommand/group {sub!r} in {name!r}")
            node: dict[str, Any] = {"name": sub, "type": sub_def["type"], "options": []}
            container.setdefault("options", []).append(node)
            container = node
            defs = sub_def.get("options", [])
        if any(o["type"] in (1, 2) for o in defs):
            raise ValueError(f"{name!r} is a group; name a subcommand")
        built = self._build_options(defs, dict(options or {}), resolved, guild, focused)
        if container is data:
            if built:
                data["options"] = built
        else:
            container["options"] = built
        if focused is not None and not any(o.get("focused") for o in built):
            raise ValueError(f"focused option {focused!r} not given a value")
        if resolved:
            data["resolved"] = resolved
        return data

    def _check_can_use(self, cmd_name: str, env: dict, guild: m.FakeGuild | None, command_type: int) -> None:
        cmd = self.find_command(cmd_name, guild_id=guild.id if guild else None, type=command_type)
        assert cmd is not None
        contexts = cmd.get("contexts")
        if contexts is not None and env["context"] not in contexts:
            raise ValueError(f"/{cmd_name} is not available in interaction context {env['context']}")
        if contexts is None and env["context"] != 0 and cmd.get("dm_permission") is False:
            raise ValueError(f"/{cmd_name} is guild-only (dm_permission=false)")
        if env.get("member") and cmd.get("default_member_permissions") is not None:
            need = int(cmd["default_member_permissions"])
            have = int(env["member"]["permissions"])
            if have & m.ADMINISTRATOR == 0 and have & need != need:
                raise ValueError(f"member lacks default_member_permissions for /{cmd_name}: Discord hides it")

    async def send_command(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        user: dict | str | None = None,
        guild: m.FakeGuild | None = None,
        channel: dict | None = None,
        dm: bool = False,
        permissions: int | None = None,
        locale: str = "en-US",
        command_type: int = 1,
        target: Any = None,
        enforce_permissions: bool = True,
        timeout: float = 5.0,
    ) -> SentInteraction:
        """A user invokes a synced slash command (``"group sub"`` for subcommands) or, with
        ``command_type=2/3`` and ``target=``, a user/message context menu.  Option values are Python
        values; user/role/channel options take the fake's dicts or ids and fill ``data.resolved``.
        Raises ValueError for things Discord's client would not let a user send (unknown command or
        option, missing required option, value not among choices, hidden by default_member_permissions)."""
        user_d = self._resolve_user(user)
        if channel is not None and guild is None and not dm:
            guild, _ = self.find_channel(channel["id"])
        env = self._context(
            user=user_d, guild=None if dm else guild, channel=channel, dm=dm, permissions=permissions
        )
        g = None if dm else (guild or self.guild)
        data = self._command_data(
            name, options, guild=g, focused=None, command_type=command_type, target=target
        )
        if enforce_permissions:
            self._check_can_use(name.split()[0], env, g, command_type)
        env["locale"] = locale
        return await self.send_interaction(
            {"type": APPLICATION_COMMAND, "data": data, **env}, timeout=timeout
        )

    async def send_autocomplete(
        self,
        name: str,
        options: dict[str, Any],
        focused: str,
        *,
        user: dict | str | None = None,
        guild: m.FakeGuild | None = None,
        channel: dict | None = None,
        dm: bool = False,
        locale: str = "en-US",
        timeout: float = 5.0,
    ) -> SentInteraction:
        """Type 4: the user is typing into option ``focused`` (its value is sent as the raw string typed)."""
        user_d = self._resolve_user(user)
        env = self._context(
            user=user_d, guild=None if dm else guild, channel=channel, dm=dm, permissions=None
        )
        g = None if dm else (guild or self.guild)
        data = self._command_data(name, options, guild=g, focused=focused, command_type=1, target=None)
        env["locale"] = locale
        return await self.send_interaction({"type": AUTOCOMPLETE, "data": data, **env}, timeout=timeout)

    def interaction_payload(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        focused: str | None = None,
        user: dict | str | None = None,
        guild: m.FakeGuild | None = None,
    ) -> dict:
        """The INTERACTION_CREATE body ``send_command`` (``focused`` None) or ``send_autocomplete`` would
        dispatch, without dispatching it: build many, then ``send_burst`` them back to back."""
        env = self._context(user=self._resolve_user(user), guild=guild, channel=None, dm=False, permissions=None)
        data = self._command_data(name, options, guild=guild or self.guild, focused=focused, command_type=1,
                                  target=None)
        return {"type": AUTOCOMPLETE if focused else APPLICATION_COMMAND, "data": data, **env}

    async def send_burst(self, payloads: list[dict]) -> list[SentInteraction]:
        """Dispatch prepared interactions back to back, as a burst of users would: each gets its id, token
        and ``sent_at`` as it goes out."""
        return [await self.send_interaction(payload) for payload in payloads]

    @staticmethod
    def _walk_components(components: list) -> list[dict]:
        found = []
        for c in components:
            found.append(c)
            found.extend(FakeDiscord._walk_components(c.get("components") or []))
            if isinstance(c.get("accessory"), dict):
                found.append(c["accessory"])
            if isinstance(c.get("component"), dict):
                found.append(c["component"])
        return found

    async def send_component(
        self,
        message: dict | str,
        custom_id: str,
        *,
        values: list[Any] | None = None,
        user: dict | str | None = None,
        permissions: int | None = None,
        interaction_id: str | None = None,
        timeout: float = 5.0,
    ) -> SentInteraction:
        """Type 3: a user clicks a button / picks from a select on a message the bot sent through the fake
        (a message dict or id).  The component must exist on the message and not be disabled; select values
        must be valid option values within min/max_values.  ``interaction_id``: the interaction's snowflake (its
        creation time: e.g. one made a while ago, to test Discord's 3 s window); default a fresh one."""
        msg = message if isinstance(message, dict) else self.messages.get(str(message))
        if msg is None:
            raise ValueError(f"unknown message {message!r}")
        msg = self.messages.get(msg["id"], msg)
        comp = next(
            (
                c
                for c in self._walk_components(msg.get("components") or [])
                if c.get("custom_id") == custom_id
            ),
            None,
        )
        if comp is None:
            ids = [
                c.get("custom_id")
                for c in self._walk_components(msg.get("components") or [])
                if c.get("custom_id")
            ]
            raise ValueError(f"no component {custom_id!r} on message {msg['id']} (has {ids})")
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
        if "id" in comp:
            data["id"] = comp["id"]
        guild: m.FakeGuild | None = None
        channel: dict | None = None
        with contextlib.suppress(KeyError):  # KeyError: a DM
            guild, channel = self.find_channel(msg["channel_id"])
        if comp["type"] in v.SELECTS:
            values = list(values or [])
            low, high = comp.get("min_values", 1), comp.get("max_values", 1)
            if not low <= len(values) <= high:
                raise ValueError(f"select {custom_id!r} needs {low}..{high} values, got {len(values)}")
            resolved: dict[str, Any] = {}
            if comp["type"] == v.STRING_SELECT:
                allowed = {o["value"] for o in comp["options"]}
                bad = [x for x in values if x not in allowed]
                if bad:
                    raise ValueError(f"values {bad} not among the select's options")
                data["values"] = values
            else:
                kind = {5: OPT_USER, 6: OPT_ROLE, 7: OPT_MENTIONABLE, 8: OPT_CHANNEL}[comp["type"]]
                data["values"] = [
                    self._resolve_option({"type": kind, "name": custom_id}, x, resolved, guild)
                    for x in values
                ]
                data["resolved"] = resolved
        elif values:
            raise ValueError("values= only applies to select menus")
        user_d = self._resolve_user(user)
        dm = guild is None
        env = self._context(user=user_d, guild=guild, channel=channel, dm=dm, permissions=permissions)
        if dm:
            env["channel_id"] = msg["channel_id"]
            env["channel"]["id"] = msg["channel_id"]
        payload = {"type": MESSAGE_COMPONENT, "data": data, "message": copy.deepcopy(msg), **env}
        if interaction_id is not None:
            payload["id"] = interaction_id
        return await self.send_interaction(payload, message_id=msg["id"], timeout=timeout)

    async def send_modal_submit(
        self,
        interaction: str | SentInteraction,
        values: dict[str, Any],
        *,
        user: dict | str | None = None,
        timeout: float = 5.0,
    ) -> SentInteraction:
        """Type 5: submit the modal the bot answered ``interaction`` with (callback type 9).  ``values``
        maps text-input custom_id -> text (or select custom_id -> list of values)."""
        iid = interaction.id if isinstance(interaction, SentInteraction) else str(interaction)
        origin = self.interactions[iid]
        if origin.modal is None:
            raise ValueError(f"interaction {iid} was not answered with a modal")
        modal = origin.modal
        components = []
        seen = set()
        for top in modal["components"]:
            if top["type"] == 1:
                ti = top["components"][0]
                seen.add(ti["custom_id"])
                components.append(
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 4,
                                "custom_id": ti["custom_id"],
                                "value": str(values.get(ti["custom_id"], "")),
                            }
                        ],
                    }
                )
            elif top["type"] == 18:
                child = top["component"]
                seen.add(child["custom_id"])
                if child["type"] == 4:
                    inner = {
                        "type": 4,
                        "custom_id": child["custom_id"],
                        "value": str(values.get(child["custom_id"], "")),
                    }
                else:
                    inner = {
                        "type": child["type"],
                        "custom_id": child["custom_id"],
                        "values": list(values.get(child["custom_id"], [])),
                    }
                components.append({"type": 18, "component": inner})
        unknown = set(values) - seen
        if unknown:
            raise ValueError(f"modal has no inputs {sorted(unknown)}")
        user_d = (
            self._resolve_user(user)
            if user is not None
            else (origin.payload.get("member", {}).get("user") or origin.payload.get("user"))
        )
        env = {
            k: val for k, val in origin.payload.items() if k not in ("id", "token", "type", "data", "message")
        }
        if "member" in env:
            env["member"] = {**env["member"], "user": user_d}
        else:
            env["user"] = user_d
        payload: dict[str, Any] = {
            "type": MODAL_SUBMIT,
            "data": {"custom_id": modal["custom_id"], "components": components},
            **env,
        }
        if origin.message_id and origin.message_id in self.messages:
            payload["message"] = copy.deepcopy(self.messages[origin.message_id])
        return await self.send_interaction(payload, message_id=origin.message_id, timeout=timeout)
