"""The web pages through the real aiohttp server on 127.0.0.1 and a real HTTP client: rulings asked through the
real command line, the real catalog in a temp file, hostile card data, and the process `arbiter serve`."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import unquote

import aiohttp
import pytest

from bot.answers.service import Arbiter
from bot.catalog import Catalog
from bot.links import ruling_url
from bot.rulings.store import RulingStore, rulings_path
from bot.web.pages import Site
from bot.web.server import start
from engine.cards import Card
from tests.cli_helpers import run

HOSTILE = '<script>alert("x")</script> Evil "Quote" Card'
HOSTILE_TEXT = '<img src=x onerror=alert(1)> Hero gets +1/+1 until end of battle. </blockquote><b>bold</b>'


def ask(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err or out
    return json.loads(out)


class Web:
    def __init__(self, base: str, session: aiohttp.ClientSession, arbiter: Arbiter | None = None) -> None:
        self.base, self.session, self.arbiter = base, session, arbiter

    def take_in_writes(self) -> None:
        """What the catalog watcher thread does a few times a second in `arbiter serve`."""
        assert self.arbiter is not None
        self.arbiter.sync()

    async def get(self, path: str, **kw) -> tuple[int, str, aiohttp.ClientResponse]:
        async with self.session.get(self.base + path, allow_redirects=False, **kw) as response:
            return response.status, await response.text(), response

    async def request(self, method: str, path: str) -> tuple[int, str, aiohttp.ClientResponse]:
        async with self.session.request(method, self.base + path, allow_redirects=False) as response:
            return response.status, await response.text(), response


@pytest.fixture
def asked(db: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, dict]:
    """Stored rulings, asked through the real command line: one per kind the pages show."""
    return {
        "redemption": ask(capsys, "duration", "adino the eznite", "--played-in", "battle", "--then", "phase-ends"),
        "dominion": ask(capsys, "dominion", "Throne Room > Tactician[discarded-nothing]"),
    }


@pytest.fixture
async def web(db: Path, asked: dict[str, dict]) -> AsyncIterator[Web]:
    arbiter = Arbiter.open(db)
    arbiter.warm()
    site = Site(arbiter, RulingStore.for_catalog(arbiter.catalog))
    runner, address = await start(site, "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            yield Web(address.rstrip("/"), session, arbiter)
    finally:
        await runner.cleanup()
        site.store.close()


def main_text(html: str) -> str:
    body = html.split("<main>", 1)[1].split("</main>", 1)[0]
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


async def test_a_ruling_page_shows_question_answer_card_rules_and_standing(web: Web, asked: dict) -> None:
    data = asked["redemption"]
    status, html, response = await web.get(f"/r/{data['ruling_id']}")
    assert status == 200
    assert response.headers["Content-Type"].startswith("text/html")
    text = main_text(html)
    assert data["summary"] in text                                       # the plain first line
    assert "Adino, the Eznite" in text and "while equipped" in text       # the card with its text
    assert "Still stands" in text
    assert "played in battle" in text and "phase-ends" in text           # the question as asked
    for rule in data["rules"]:                                           # each rule: our summary, official link
        assert f'href="/rules/redemption#{rule}"' in html
    assert 'href="https://landofredemption.com/defining-duration"' in html
    assert "2024.2" in text                                              # the ruleset version
    assert f"<title>Ruling {data['ruling_id']}" in html
    assert '<meta property="og:title"' in html and '<meta property="og:description"' in html
    assert response.headers["Content-Security-Policy"].startswith("default-src 'none'")


async def test_a_plug_in_games_ruling_page(web: Web, asked: dict) -> None:
    data = asked["dominion"]
    status, html, _ = await web.get(f"/r/{data['ruling_id']}")
    assert status == 200
    text = main_text(html)
    assert "Throne Room" in text and "Tactician" in text and "Still stands" in text
    for rule in data["rules"]:
        assert f'href="/rules/dominion#{rule}"' in html


async def test_the_json_of_a_ruling_is_what_the_command_line_prints(web: Web, asked: dict,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    ruling_id = asked["redemption"]["ruling_id"]
    status, body, response = await web.get(f"/r/{ruling_id}.json")
    assert status == 200 and response.headers["Content-Type"].startswith("application/json")
    assert json.loads(body) == ask(capsys, "ruling", ruling_id)


async def test_a_changed_ruling_shows_before_and_after(web: Web, asked: dict, capsys) -> None:
    data = asked["redemption"]
    code, _, err = run(capsys, "cards", "annotate", "Adino, the Eznite", "--rule", "D4", "--value", "turn",
                       "--text", "until end of turn", "--note", "moderator test")
    assert code == 0, err
    web.take_in_writes()
    status, html, _ = await web.get(f"/r/{data['ruling_id']}")
    assert status == 200
    text = main_text(html)
    assert "Changed since it was given" in text
    assert f"Then: {data['summary']}" in text
    assert "Now:" in text and "annotations" in text


async def test_a_card_page_lists_printings_annotations_and_rulings_newest_first(web: Web, asked: dict, db: Path,
                                                                               capsys) -> None:
    first = ask(capsys, "duration", "adino the eznite", "--played-in", "battle")
    second = ask(capsys, "duration", "adino the eznite", "--played-in", "battle", "--then", "leaves-play")
    code, _, err = run(capsys, "cards", "annotate", "Adino, the Eznite", "--rule", "D8", "--text", "while equipped",
                       "--note", "a public moderator note")
    assert code == 0, err
    web.take_in_writes()
    order = [asked["redemption"]["ruling_id"], first["ruling_id"], second["ruling_id"]]  # oldest first
    with sqlite3.connect(rulings_path(db)) as conn:  # asked in one second here: spread them out in time
        for at, ruling_id in enumerate(order, start=1_700_000_000):
            conn.execute("UPDATE rulings SET first_at = ?, last_at = ? WHERE id = ?", (at, at, ruling_id))
    status, html, _ = await web.get("/card/redemption/Adino%2C%20the%20Eznite")
    assert status == 200
    text = main_text(html)
    assert "Adino, the Eznite" in text and "Evil Dominants" in text
    assert "a public moderator note" in text and "D8" in text            # the shared annotations
    assert "How Arbiter reads it" in text and "D8 “while equipped” (text)" in text
    assert "Official rulings" in text and "weapon or not" in text           # the starter set's published rulings
    assert 'href="https://landofredemption.com/defining-duration"' in html
    assert re.findall(r'href="/r/(R-[0-9A-F]+)"', html) == order[::-1]   # newest first


async def test_a_nickname_redirects_to_the_card_and_an_unknown_card_is_a_404(web: Web) -> None:
    status, _, response = await web.get("/card/redemption/eznite")
    assert status == 302 and unquote(response.headers["Location"]) == "/card/redemption/Adino, the Eznite"
    status, html, _ = await web.get("/card/redemption/Nobody%20Ever%20Printed%20This")
    assert status == 404 and "has no card named" in main_text(html)
    assert '<form class="search"' in html                                # in the site's style
    status, html, _ = await web.get("/card/no-such-game/Adino")
    assert status == 404 and "no game" in main_text(html)


async def test_every_games_rules_page_lists_every_rule_with_its_source(web: Web) -> None:
    from engine.registry import all_rulesets

    for ruleset in all_rulesets():
        status, html, _ = await web.get(f"/rules/{ruleset.game}")
        assert status == 200, ruleset.game
        for rule in ruleset.rules().values():
            assert f'id="{rule.id}"' in html, (ruleset.game, rule.id)
        assert "Source:" in html
    status, _, _ = await web.get("/rules/ga")                           # an alias of a game works too
    assert status == 200


async def test_search_answers_exact_names_asks_between_several_and_suggests(web: Web) -> None:
    status, _, response = await web.get("/", params={"q": "Throne Room"})
    assert status == 302 and unquote(response.headers["Location"]) == "/card/dominion/Throne Room"
    status, html, _ = await web.get("/", params={"q": "eznite"})
    assert status == 200 and 'href="/card/redemption/Adino%2C%20the%20Eznite"' in html
    status, html, _ = await web.get("/", params={"q": "zzqxv wordless"})
    assert status == 200 and "No card in any game matches" in main_text(html)
    status, html, _ = await web.get("/", params={"q": "x" * 300})
    assert status == 400 and "at most 200 characters" in main_text(html)


async def test_search_spans_games(web: Web) -> None:
    status, html, _ = await web.get("/", params={"q": "tactic"})
    assert status in (200, 302)
    if status == 200:
        assert "/card/dominion/Tactician" in html


async def test_only_get_and_head_and_bounded_requests(web: Web, asked: dict) -> None:
    ruling_id = asked["redemption"]["ruling_id"]
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        status, html, response = await web.request(method, f"/r/{ruling_id}")
        assert status == 405, method
        assert response.headers["Allow"] == "GET, HEAD"
    status, body, _ = await web.request("HEAD", f"/r/{ruling_id}")
    assert status == 200 and body == ""
    status, _, _ = await web.get("/", params={"q": "a" * 2000})
    assert status == 414
    status, html, _ = await web.get("/r/R-NOPE")
    assert status == 404 and "No stored ruling has the id" in main_text(html)
    status, html, _ = await web.get("/no/such/page")
    assert status == 404 and '<form class="search"' in html


# --- hostile data -------------------------------------------------------------------------------------------

@pytest.fixture
def hostile(db: Path, asked: dict) -> Card:
    catalog = Catalog.open(db)
    card = Card("redemption", HOSTILE, "X<y>", type="Hero", brigade="Blue", text=HOSTILE_TEXT)
    catalog.add_card(card, "tester")
    catalog.add_alias("redemption", "javascript:alert(1)", HOSTILE, None, "tester")
    catalog.close()
    return card


async def test_hostile_card_data_is_escaped_everywhere(hostile: Card, web: Web, capsys) -> None:
    data = ask(capsys, "duration", HOSTILE, "--played-in", "battle")
    web.take_in_writes()
    pages = [f"/r/{data['ruling_id']}", "/card/redemption/" + aiohttp.helpers.quote(HOSTILE, safe=""),
             "/?q=Evil+Quote", "/?q=%3Cscript%3E", "/?q=javascript%3Aalert(1)"]
    for path in pages:
        status, html, _ = await web.get(path)
        assert status in (200, 302), path
        assert "<script" not in html.lower(), path
        assert "<img" not in html.lower() and "<b>bold" not in html, path
        assert "&lt;script&gt;" in html or status == 302, path
        for href in re.findall(r'href="([^"]*)"', html):                # every link is ours or an official page
            assert href.startswith(("/", "https://", "http://")) and not href.lower().startswith("javascript"), href


async def test_a_house_ruling_says_so_and_shows_no_private_note(db: Path, capsys) -> None:
    guild = "555000111"
    code, _, err = run(capsys, "cards", "annotate", "Adino, the Eznite", "--rule", "D4", "--value", "turn",
                       "--text", "until end of turn", "--note", "SECRET house reasoning", "--guild", guild)
    assert code == 0, err
    data = ask(capsys, "duration", "adino the eznite", "--played-in", "battle", "--guild", guild)
    arbiter = Arbiter.open(db)
    arbiter.warm()
    site = Site(arbiter, RulingStore.for_catalog(arbiter.catalog))
    runner, address = await start(site, "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            client = Web(address.rstrip("/"), session)
            status, html, _ = await client.get(f"/r/{data['ruling_id']}")
            assert status == 200
            text = main_text(html)
            assert "house ruling" in text and guild in text
            assert "shared catalog answers" in text
            assert "SECRET" not in html
            status, body, _ = await client.get(f"/r/{data['ruling_id']}.json")
            assert status == 200 and "SECRET" not in body
            assert json.loads(body)["now"] is not None and "answer" not in json.loads(body)["now"]
            status, html, _ = await client.get("/card/redemption/Adino%2C%20the%20Eznite")
            assert "SECRET" not in html and "house ruling" in html
    finally:
        await runner.cleanup()
        site.store.close()


def test_links_to_pages_need_a_public_address() -> None:
    assert ruling_url("R-1", {}) is None
    assert ruling_url("R-1", {"ARBITER_PUBLIC_URL": "javascript:alert(1)"}) is None
    assert ruling_url("R-1", {"ARBITER_PUBLIC_URL": "https://rulings.example/"}) == "https://rulings.example/r/R-1"


# --- the process ----------------------------------------------------------------------------------------------

def test_arbiter_serve_runs_as_a_process_and_stops_on_sigterm(db: Path, asked: dict) -> None:
    env = {**os.environ, "ARBITER_DB": str(db)}
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "serve", "--port", "0"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line + proc.stderr.read()

        async def fetch() -> tuple[int, str]:
            async with aiohttp.ClientSession() as session, \
                    session.get(found.group(0) + "r/" + asked["redemption"]["ruling_id"]) as response:
                return response.status, await response.text()

        status, html = asyncio.run(fetch())
        assert status == 200 and asked["redemption"]["summary"] in main_text(html)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# --- a real browser ---------------------------------------------------------------------------------------------

@pytest.fixture
def chromium() -> str:
    from tests.web.browser import cannot_start, chromium_path, required

    path = chromium_path()
    if path is None:
        if required():
            pytest.fail("ARBITER_REQUIRE_BROWSER=1 but no chromium is installed")
        pytest.skip("no chromium installed (CI installs the system package and requires it)")
    problem = cannot_start(path)
    if problem is not None:
        if required():
            pytest.fail(f"ARBITER_REQUIRE_BROWSER=1 but {problem}")
        pytest.skip(f"{problem} (CI requires the browser)")
    return path


async def test_a_ruling_page_and_the_search_in_headless_chromium(chromium: str, web: Web, asked: dict) -> None:
    from tests.web.browser import Browser

    data = asked["redemption"]
    async with Browser(chromium) as browser:
        for width, height in ((390, 844), (1280, 900)):  # a phone and a desktop
            await browser.open(f"{web.base}/r/{data['ruling_id']}", width, height)
            assert await browser.run("document.title") == f"Ruling {data['ruling_id']} · Redemption CCG · Arbiter"
            assert await browser.run("document.querySelector('#summary').innerText") == data["summary"]
            assert "Still stands" in await browser.run("document.querySelector('#standing').innerText")
            # the stylesheet loaded (same origin, allowed by the page's policy) and nothing overflows sideways
            assert await browser.run("getComputedStyle(document.querySelector('.banner')).borderLeftStyle") == "solid"
            assert await browser.run("document.documentElement.scrollWidth <= window.innerWidth"), width
            steps = await browser.run("document.querySelectorAll('#trace li').length")
            assert steps == len(data["trace"])
        # the search: type a word into the box and submit the form as a person would
        await browser.open(f"{web.base}/", 390, 844)
        await browser.run("document.querySelector('#q').value = 'eznite'; "
                          "document.querySelector('form.search').requestSubmit()", navigates=True)
        assert (await browser.run("location.search")) == "?q=eznite"
        links = await browser.run("[...document.querySelectorAll('#results a')].map(a => a.innerText)")
        assert links == ["Adino, the Eznite (II)"]
        await browser.run("document.querySelector('#results a').click()", navigates=True)
        assert await browser.run("document.querySelector('#card-name').innerText") == "Adino, the Eznite (II)"
        assert await browser.run("document.documentElement.scrollWidth <= window.innerWidth")


# --- beside the bot: links from Discord answers to the pages ------------------------------------------------

async def test_discord_answers_link_to_their_pages_served_beside_the_bot(db: Path, capsys, monkeypatch) -> None:
    from bot.discord.runner import start_web
    from tests.bot_harness import arbiter_on_fake

    async with arbiter_on_fake(db) as (fake, bot):
        runner, site = await start_web(bot, ("127.0.0.1", 0))  # what `arbiter run --web` does
        try:
            host, port = runner.addresses[0][:2]
            monkeypatch.setenv("ARBITER_PUBLIC_URL", f"http://{host}:{port}/")
            sent = await fake.send_command("duration", {"card": "adino the eznite", "played_in": "battle",
                                                        "then": "phase-ends"})
            embed = (await sent.callback())["data"]["embeds"][0]
            sent = await fake.send_command("dominion ruling", {"chain": "Throne Room > Tactician[discarded-nothing]"})
            game_embed = (await sent.callback())["data"]["embeds"][0]
            await asyncio.to_thread(bot.arbiter.rulings.flush)
            async with aiohttp.ClientSession() as session:
                for shown in (embed, game_embed):
                    assert re.fullmatch(rf"http://{host}:{port}/r/[A-Z]+-[0-9A-F]+", shown["url"]), shown.get("url")
                    async with session.get(shown["url"]) as response:
                        assert response.status == 200
                        page = main_text(await response.text())
                    assert "Still stands" in page
                ruling_id = embed["url"].rsplit("/", 1)[1]
                opened = await fake.send_command("ruling", {"id": ruling_id})
                assert (await opened.callback())["data"]["embeds"][0]["url"] == embed["url"]
        finally:
            await runner.cleanup()
            site.store.close()
    monkeypatch.delenv("ARBITER_PUBLIC_URL")


def test_the_command_line_prints_the_page_under_the_ruling_id(db: Path, capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, "duration", "adino the eznite", "--played-in", "battle")
    assert code == 0 and "Page:" not in out                               # no public address: no link
    monkeypatch.setenv("ARBITER_PUBLIC_URL", "https://rulings.example.org/")
    code, out, _ = run(capsys, "duration", "adino the eznite", "--played-in", "battle")
    ruling_id = re.search(r"^Ruling id: (\S+)$", out, re.M).group(1)
    assert out.splitlines()[-1] == f"Page: https://rulings.example.org/r/{ruling_id}"
    code, out, _ = run(capsys, "ruling", ruling_id)
    assert out.splitlines()[1] == f"Page: https://rulings.example.org/r/{ruling_id}"


async def test_arbiter_run_with_web_serves_the_pages_from_the_bot_process(tmp_path: Path) -> None:
    from tests.fake_discord import FakeDiscord

    with socket.socket() as probe:  # a free port for the pages
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {"PATH": "/usr/bin:/bin", "ARBITER_DB": str(tmp_path / "cards.db"), "HOME": str(tmp_path),
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    async with FakeDiscord() as fake:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", f"import sys; from bot.cli import main; sys.exit(main(['run', '--web', "
                                  f"'127.0.0.1:{port}']))",
            env={**env, "DISCORD_TOKEN": fake.token, "DISCORD_API_BASE": fake.api_base}, cwd=str(tmp_path),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        try:
            await fake.wait_for_request("PUT", r"/applications/\d+/commands", timeout=60)
            async with aiohttp.ClientSession() as session, \
                    session.get(f"http://127.0.0.1:{port}/rules/redemption") as response:
                assert response.status == 200
                assert 'id="D9"' in await response.text()
            proc.send_signal(signal.SIGTERM)
            _, err = await asyncio.wait_for(proc.communicate(), 30)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    assert proc.returncode == 0, err.decode()
    assert "Traceback" not in err.decode()
