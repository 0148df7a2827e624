"""A real headless Chromium (the system package) driven over the DevTools protocol with aiohttp's websocket
client: open a page at a viewport size, wait for it to load, read the rendered page with JavaScript."""

from __future__ import annotations

import asyncio
import functools
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
from typing import Any

import aiohttp

FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--remote-debugging-address=127.0.0.1",
         "--remote-debugging-port=0")


def chromium_path() -> str | None:
    return next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)


@functools.cache
def cannot_start(path: str) -> str | None:
    """Why this Chromium does not start here (headless, printing a blank page), or None when it does."""
    try:
        with tempfile.TemporaryDirectory() as profile:
            done = subprocess.run([path, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                   f"--user-data-dir={profile}", "--dump-dom", "about:blank"],
                                  capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{path} does not start: {exc}"
    if done.returncode != 0 or "<html" not in done.stdout:
        return f"{path} does not start (exit {done.returncode}): {done.stderr.strip()[-200:]}"
    return None


class Browser:
    def __init__(self, path: str) -> None:
        self.path = path
        self._ids = itertools.count(1)
        self._events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}

    async def __aenter__(self) -> Browser:
        self._profile = tempfile.TemporaryDirectory()
        self.proc = await asyncio.create_subprocess_exec(
            self.path, *FLAGS, f"--user-data-dir={self._profile.name}", "about:blank",
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        assert self.proc.stderr is not None
        port = None
        async with asyncio.timeout(30):
            while port is None:
                line = (await self.proc.stderr.readline()).decode(errors="replace")
                if not line:
                    raise RuntimeError("chromium exited before it listened")
                found = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
                port = found and found.group(1)
        self._drain = asyncio.create_task(self._drain_stderr())
        self.session = aiohttp.ClientSession()
        async with self.session.get(f"http://127.0.0.1:{port}/json/list") as response:
            targets = await response.json(content_type=None)
        page = next(t for t in targets if t.get("type") == "page")
        self.ws = await self.session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        self._reader = asyncio.create_task(self._read())
        await self.send("Page.enable")
        await self.send("Runtime.enable")
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._reader.cancel()
        await self.ws.close()
        await self.session.close()
        self.proc.terminate()
        try:
            async with asyncio.timeout(10):
                await self.proc.wait()
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        self._drain.cancel()
        self._profile.cleanup()

    async def _drain_stderr(self) -> None:
        assert self.proc.stderr is not None
        while await self.proc.stderr.readline():
            pass

    async def _read(self) -> None:
        async for message in self.ws:
            data = json.loads(message.data)
            if "id" in data and data["id"] in self._waiting:
                self._waiting.pop(data["id"]).set_result(data)
            elif "method" in data:
                await self._events.put(data)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        key = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[key] = future
        await self.ws.send_str(json.dumps({"id": key, "method": method, "params": params}))
        async with asyncio.timeout(30):
            reply = await future
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    async def _loaded(self) -> None:
        async with asyncio.timeout(30):
            while (await self._events.get())["method"] != "Page.loadEventFired":
                pass

    def _clear_events(self) -> None:
        while not self._events.empty():
            self._events.get_nowait()

    async def open(self, url: str, width: int = 1280, height: int = 900) -> None:
        await self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                        mobile=width < 600)
        self._clear_events()
        await self.send("Page.navigate", url=url)
        await self._loaded()

    async def run(self, expression: str, *, navigates: bool = False) -> Any:
        """The value of a JavaScript expression in the page (DevTools evaluation, not the page's own scripts);
        with navigates, wait for the page it leads to."""
        self._clear_events()
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if navigates:
            await self._loaded()
        return result.get("result", {}).get("value")


def required() -> bool:
    """CI installs Chromium and sets this: there a missing browser is a failure, not a skip."""
    return os.environ.get("ARBITER_REQUIRE_BROWSER") == "1"
