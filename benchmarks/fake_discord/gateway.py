"""Gateway plumbing: transport compression, connections, sessions and the frame log."""

from __future__ import annotations

import asyncio
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

# Opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway)
DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
VOICE_STATE_UPDATE = 4
RESUME = 6
RECONNECT = 7
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

# Close codes
UNKNOWN_ERROR = 4000
UNKNOWN_OPCODE = 4001
DECODE_ERROR = 4002
NOT_AUTHENTICATED = 4003
AUTHENTICATION_FAILED = 4004
ALREADY_AUTHENTICATED = 4005
INVALID_SEQ = 4007
INVALID_SHARD = 4010
INVALID_API_VERSION = 4012
INVALID_INTENTS = 4013
DISALLOWED_INTENTS = 4014

ZLIB_SUFFIX = b"\x00\x00\xff\xff"


class ZlibStream:
    """``compress=zlib-stream``: one deflate context for the whole connection, Z_SYNC_FLUSH per message."""

    name = "zlib-stream"

    def __init__(self) -> None:
        self._ctx = zlib.compressobj()

    def compress(self, data: bytes) -> bytes:
        out = self._ctx.compress(data) + self._ctx.flush(zlib.Z_SYNC_FLUSH)
        assert out.endswith(ZLIB_SUFFIX)
        return out


class ZstdStream:
    """``compress=zstd-stream`` (what discord.py asks for when ``zstandard``/``compression.zstd`` exist):
    one zstd stream per connection, flushed at the end of every message."""

    name = "zstd-stream"

    def __init__(self) -> None:
        try:
            from compression import zstd  # type: ignore[import-not-found]  # Python 3.14+

            comp = zstd.ZstdCompressor()
            self._compress = lambda data: comp.compress(data, mode=zstd.ZstdCompressor.FLUSH_BLOCK)
        except ImportError:
            import zstandard  # type: ignore[import-not-found]

            cobj = zstandard.ZstdCompressor().compressobj()
            self._compress = lambda data: cobj.compress(data) + cobj.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)

    def compress(self, data: bytes) -> bytes:
        return self._compress(data)


def make_compressor(kind: str | None) -> ZlibStream | ZstdStream | None:
    if kind is None:
        return None
    if kind == "zlib-stream":
        return ZlibStream()
    if kind == "zstd-stream":
        return ZstdStream()  # ImportError surfaces as a close 4000 in the server
    raise ValueError(kind)


@dataclass
class GatewayFrame:
    """One gateway message.  ``direction`` is "recv" (bot -> fake) or "send" (fake -> bot)."""

    direction: str
    op: int | None
    t: str | None
    s: int | None
    d: Any
    connection: int
    shard_id: int | None
    path: str
    raw_size: int = 0


@dataclass
class GatewaySession:
    session_id: str
    shard_id: int
    shard_count: int
    intents: int
    identify: dict
    resume_gateway_url: str
    seq: int = 0
    events: list[dict] = field(default_factory=list)
    conn: GatewayConnection | None = None
    ready: bool = False
    resumes: int = 0
    invalidated: bool = False
    presence: dict | None = None

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.ws.closed


class GatewayConnection:
    def __init__(
        self,
        number: int,
        request: web.Request,
        ws: web.WebSocketResponse,
        compressor: ZlibStream | ZstdStream | None,
        log: list[GatewayFrame],
        chunk_size: int | None,
    ) -> None:
        self.number = number
        self.request = request
        self.ws = ws
        self.path = request.path
        self.query = dict(request.query)
        self.compressor = compressor
        self.session: GatewaySession | None = None
        self.server_closed = False
        self.heartbeats = 0
        self._log = log
        self._lock = asyncio.Lock()
        self._chunk_size = chunk_size

    async def send(self, payload: dict) -> bool:
        """Send one gateway payload; False when the socket is already gone (the event stays replayable)."""
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        async with self._lock:
            if self.ws.closed:
                return False
            try:
                if self.compressor is None:
                    await self.ws.send_str(text)
                else:
                    data = self.compressor.compress(text.encode())
                    step = self._chunk_size or len(data)
                    pieces = [data[i : i + step] for i in range(0, len(data), step)]
                    if len(pieces) > 1 and len(pieces[-1]) < 4:
                        # discord.py only looks for the Z_SYNC_FLUSH suffix in frames of >= 4 bytes, so a
                        # shorter final frame would stall its buffer.  Discord never splits messages anyway.
                        pieces[-2:] = [pieces[-2] + pieces[-1]]
                    for piece in pieces:
                        await self.ws.send_bytes(piece)
            except (ConnectionResetError, RuntimeError):
                return False
        self._log.append(
            GatewayFrame(
                "send",
                payload.get("op"),
                payload.get("t"),
                payload.get("s"),
                payload.get("d"),
                self.number,
                self.session.shard_id if self.session else None,
                self.path,
                len(text),
            )
        )
        return True

    async def close(self, code: int, reason: str = "") -> None:
        self.server_closed = True
        if not self.ws.closed:
            await self.ws.close(code=code, message=reason.encode())

    def abort(self) -> None:
        """Drop the TCP connection without a close frame (a network failure)."""
        self.server_closed = True
        transport = self.request.transport
        if transport is not None:
            transport.abort()
