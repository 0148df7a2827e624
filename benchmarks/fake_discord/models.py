"""State of the fake Discord: snowflakes, users, guilds, roles, channels, members and permissions.

Everything here is plain JSON-shaped dicts (string snowflakes, as Discord sends them) so payloads can be
handed to the gateway/REST layers without conversion.  Nothing here imports discord.py: the fake is a
server and must not borrow the client's idea of the protocol.
"""

from __future__ import annotations

import itertools
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# --- permission bits (https://discord.com/developers/docs/topics/permissions) -------------------------
CREATE_INSTANT_INVITE = 1 << 0
KICK_MEMBERS = 1 << 1
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_AUDIT_LOG = 1 << 7
STREAM = 1 << 9
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CONNECT = 1 << 20
SPEAK = 1 << 21
USE_VAD = 1 << 25
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
MODERATE_MEMBERS = 1 << 40
SEND_POLLS = 1 << 49
USE_EXTERNAL_APPS = 1 << 50

#: Every permission bit Discord currently defines (bits 0..52 except the retired bit 47).
ALL_PERMISSIONS = 0x1F7FFFFFFFFFFF

#: What a fresh guild's @everyone role gets.
DEFAULT_EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | STREAM
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | MENTION_EVERYONE
    | USE_EXTERNAL_EMOJIS
    | CONNECT
    | SPEAK
    | USE_VAD
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
    | SEND_POLLS
    | USE_EXTERNAL_APPS
)

# --- gateway intents ----------------------------------------------------------------------------------
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT
#: Every intent bit Discord defines (bits 0..25 except 17-19, 22, 23).
VALID_INTENTS = 0b11001100011111111111111111

# --- channel types ------------------------------------------------------------------------------------
GUILD_TEXT = 0
DM = 1
GUILD_VOICE = 2
GUILD_CATEGORY = 4


class Snowflakes:
    """Monotonic, unique, realistic snowflakes (timestamp << 22 | worker/process/increment)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last = 0
        self._counter = itertools.count()

    def next(self) -> str:
        with self._lock:
            ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
            value = (ms << 22) | (1 << 17) | (next(self._counter) & 0xFFF)
            if value <= self._last:
                value = self._last + 1
            self._last = value
            return str(value)

    def next_on_shard(self, shard_id: int, shard_count: int) -> str:
        """A fresh snowflake whose timestamp puts it on `shard_id` of `shard_count` ((id >> 22) % count)."""
        with self._lock:
            ms = max(int(time.time() * 1000) - DISCORD_EPOCH_MS, (self._last >> 22) + 1)
            ms += (shard_id - ms) % shard_count
            value = (ms << 22) | (1 << 17) | (next(self._counter) & 0xFFF)
            self._last = max(self._last, value)
            return str(value)


def iso_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def make_user(user_id: str, username: str, *, bot: bool = False, global_name: str | None = None) -> dict:
    user: dict[str, Any] = {
        "id": user_id,
        "username": username,
        "discriminator": "0",
        "global_name": global_name,
        "avatar": None,
        "avatar_decoration_data": None,
        "collectibles": None,
        "primary_guild": None,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
    }
    if bot:
        user["bot"] = True
        user["global_name"] = None
    return user


@dataclass
class FakeGuild:
    """A guild: roles, channels and members as Discord payload dicts.

    ``members`` maps user id -> member payload (with ``user`` embedded).  Role and channel helpers return
    the payload dict they created, so tests can keep a handle on it.
    """

    id: str
    name: str
    owner_id: str
    snowflakes: Snowflakes
    roles: list[dict] = field(default_factory=list)
    channels: list[dict] = field(default_factory=list)
    members: dict[str, dict] = field(default_factory=dict)
    preferred_locale: str = "en-US"
    features: list[str] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)

    def __post_init__(self) -> None:
        if not self.roles:
            # The @everyone role shares the guild's id.
            self.roles.append(self._role_payload(self.id, "@everyone", DEFAULT_EVERYONE_PERMISSIONS, 0))

    # -- roles ------------------------------------------------------------------------------------------
    @staticmethod
    def _role_payload(role_id: str, name: str, permissions: int, position: int, **extra: Any) -> dict:
        role = {
            "id": role_id,
            "name": name,
            "description": None,
            "permissions": str(permissions),
            "position": position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }
        role.update(extra)
        return role

    @property
    def everyone_role(self) -> dict:
        return self.roles[0]

    def add_role(self, name: str, permissions: int = 0, **extra: Any) -> dict:
        role = self._role_payload(self.snowflakes.next(), name, permissions, len(self.roles), **extra)
        self.roles.append(role)
        return role

    def role(self, name_or_id: str) -> dict:
        for role in self.roles:
            if name_or_id in (role["id"], role["name"]):
                return role
        raise KeyError(f"no role {name_or_id!r} in guild {self.name!r}")

    # -- channels ---------------------------------------------------------------------------------------
    def add_channel(
        self,
        name: str,
        type: int = GUILD_TEXT,
        *,
        permission_overwrites: list[dict] | None = None,
        parent_id: str | None = None,
        **extra: Any,
    ) -> dict:
        """Add a channel.

        Overwrites are Discord-shaped: ``{"id", "type": 0 role | 1 member, "allow", "deny"}``.
        """
        overwrites = [
            {
                "id": str(o["id"]),
                "type": o.get("type", 0),
                "allow": str(o.get("allow", 0)),
                "deny": str(o.get("deny", 0)),
            }
            for o in (permission_overwrites or [])
        ]
        channel: dict[str, Any] = {
            "id": self.snowflakes.next(),
            "type": type,
            "name": name,
            "position": len(self.channels),
            "parent_id": parent_id,
            "permission_overwrites": overwrites,
            "flags": 0,
        }
        if type == GUILD_TEXT:
            channel.update(
                topic=None,
                nsfw=False,
                last_message_id=None,
                rate_limit_per_user=0,
                default_thread_rate_limit_per_user=0,
                icon_emoji=None,
                theme_color=None,
            )
        elif type == GUILD_VOICE:
            channel.update(bitrate=64000, user_limit=0, rtc_region=None, nsfw=False, rate_limit_per_user=0)
        channel.update(extra)
        self.channels.append(channel)
        return channel

    def channel(self, name_or_id: str) -> dict:
        for channel in self.channels:
            if name_or_id in (channel["id"], channel["name"]):
                return channel
        raise KeyError(f"no channel {name_or_id!r} in guild {self.name!r}")

    def text_channels(self) -> list[dict]:
        return [c for c in self.channels if c["type"] == GUILD_TEXT]

    # -- members ----------------------------------------------------------------------------------------
    def add_member(
        self, user: dict, *, roles: list[dict | str] | None = None, nick: str | None = None
    ) -> dict:
        role_ids = [r["id"] if isinstance(r, dict) else str(r) for r in (roles or [])]
        member = {
            "user": user,
            "roles": role_ids,
            "joined_at": iso_now(),
            "premium_since": None,
            "nick": nick,
            "avatar": None,
            "banner": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
            "unusual_dm_activity_until": None,
        }
        self.members[user["id"]] = member
        return member

    def member(self, user_id: str) -> dict:
        return self.members[str(user_id)]

    # -- permissions (Discord's documented algorithm) ---------------------------------------------------
    def base_permissions(self, user_id: str) -> int:
        user_id = str(user_id)
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members[user_id]
        perms = int(self.everyone_role["permissions"])
        for role in self.roles:
            if role["id"] in member["roles"]:
                perms |= int(role["permissions"])
        if perms & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def permissions_in(self, user_id: str, channel_id: str | None) -> int:
        perms = self.base_permissions(user_id)
        if perms & ADMINISTRATOR or channel_id is None:
            return perms
        channel = self.channel(str(channel_id))
        overwrites = {o["id"]: o for o in channel.get("permission_overwrites", [])}
        everyone = overwrites.get(self.id)
        if everyone:
            perms &= ~int(everyone["deny"])
            perms |= int(everyone["allow"])
        allow = deny = 0
        for role_id in self.members[str(user_id)]["roles"]:
            o = overwrites.get(role_id)
            if o and o["type"] == 0:
                allow |= int(o["allow"])
                deny |= int(o["deny"])
        perms = (perms & ~deny) | allow
        own = overwrites.get(str(user_id))
        if own and own["type"] == 1:
            perms = (perms & ~int(own["deny"])) | int(own["allow"])
        return perms

    # -- payloads ---------------------------------------------------------------------------------------
    def partial(self) -> dict:
        return {"id": self.id, "locale": self.preferred_locale, "features": list(self.features)}

    def gateway_payload(self, *, include_all_members: bool, bot_user_id: str) -> dict:
        """GUILD_CREATE payload.  Without GUILD_MEMBERS only the bot's own member is included."""
        if include_all_members:
            members = list(self.members.values())
        else:
            members = [m for uid, m in self.members.items() if uid == bot_user_id]
        text = self.text_channels()
        return {
            "id": self.id,
            "name": self.name,
            "icon": None,
            "icon_hash": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": self.owner_id,
            "application_id": None,
            "region": "deprecated",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "system_channel_id": text[0]["id"] if text else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "widget_enabled": False,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "nsfw": False,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.preferred_locale,
            "vanity_url_code": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
            "features": list(self.features),
            "roles": [dict(r) for r in self.roles],
            "emojis": [],
            "stickers": [],
            "soundboard_sounds": [],
            "channels": [dict(c) for c in self.channels],
            "threads": [],
            "members": [dict(m) for m in members],
            "member_count": len(self.members),
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "embedded_activities": [],
            "activity_instances": [],
            "incidents_data": None,
            "large": False,
            "lazy": True,
            "unavailable": False,
            "joined_at": self.joined_at,
            "home_header": None,
            "latest_onboarding_question_id": None,
            "hub_type": None,
            "version": int(time.time() * 1000),
        }

    def shard_id(self, shard_count: int) -> int:
        return (int(self.id) >> 22) % shard_count
