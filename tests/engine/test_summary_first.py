"""A player's answer first, in every game and on every surface: one real question per game and question asked
through the command line (text and JSON), Discord (the fake Discord with the real discord.py client) and the
ruling's web page (the real aiohttp server, and a real headless Chromium at phone width). Everywhere the first
thing shown is the game's `summary` (bold in Discord), it keeps the plain-words rules (engine/plain_words.py),
the only line after it before the judge's reasons is a short note when a name was read loosely or other
printings read differently, and the ruling's page shows the question as it was typed."""

from __future__ import annotations

import html
import json
import re

import aiohttp
import pytest

from bot.answers.service import Arbiter, note_line
from bot.catalog import Catalog
from bot.discord.limits import safe
from bot.rulings.store import RulingStore
from bot.web.pages import Site
from bot.web.server import start
from engine.cards import Card
from engine.interface import questions_of
from engine.plain_words import HEADLINE_WORDS, headline, problems
from engine.registry import all_rulesets, find_ruleset
from tests.bot_harness import arbiter_on_fake
from tests.cli_helpers import new_db, run
from tests.web.test_web import chromium  # noqa: F401 (the fixture: a real headless Chromium)

# (game, question, command-line arguments, slash command, its options): real cards of each game's starter set
# (tests/discord/test_components_restart.py makes each card's name ambiguous, so names are written in full here;
# names typed loosely are asked below).
QUESTIONS = [
    ("redemption", "duration", ["duration", "Adino, the Eznite", "--played-in", "battle", "--then", "phase-ends"],
     "duration", {"card": "Adino, the Eznite", "played_in": "battle", "then": "phase-ends"}),
    ("dominion", "ruling", ["dominion", "Throne Room > Tactician"],
     "dominion ruling", {"chain": "Throne Room > Tactician"}),
    ("grand-archive", "ruling", ["grand-archive", "--effect", "Inspiring Call", "--object", "ally"],
     "grand-archive ruling", {"effect": "Inspiring Call", "later": "ally"}),  # Discord: "later" enters after
    ("l5r", "order", ["l5r", "order", "--at", "when this Follower defends", "--item", "Disciples of Ganesh",
                      "--item", "Weathered Armor"],
     "l5r order", {"at": "when this Follower defends", "items": "Disciples of Ganesh; Weathered Armor"}),
    ("l5r", "duration", ["l5r", "duration", "Haikitsu", "--then", "action-resolves", "--then",
                         "occurs:he attacks you"],
     "l5r duration", {"card": "Haikitsu", "then": "action-resolves"}),
    ("ashes", "ruling", ["ashes", "Summon Gilder", "--units", "none"],
     "ashes ruling", {"card": "Summon Gilder", "units": "none"}),
]
# and an answer too long for one line: its headline first, the rest of it on the line under it
ASKED = [*QUESTIONS, ("ashes", "ruling", ["ashes", "One Hundred Blades", "--units", "both"],
                      "ashes ruling", {"card": "One Hundred Blades", "units": "both"})]
IDS = [" ".join(q[:2]) + (" (long)" if q not in QUESTIONS else "") for q in ASKED]


def test_every_game_is_asked_here():
    asked = {game for game, *_ in QUESTIONS}
    assert asked == {r.game for r in all_rulesets()}
    plugin_questions = {(r.game, q.command) for r in all_rulesets() for q in questions_of(r)}
    assert plugin_questions <= {(game, question) for game, question, *_ in QUESTIONS}


def plain(game: str, summary: str) -> list[str]:
    return problems(summary, rule_ids=find_ruleset(game).rules())


def _question(game: str, command: str):
    ruleset = find_ruleset(game)
    return next((q for q in questions_of(ruleset) if q.command == command), None)


@pytest.mark.parametrize(("game", "command", "argv"), [q[:3] for q in ASKED], ids=IDS)
def test_the_text_answer_begins_with_the_players_answer(tmp_path, capsys, game, command, argv):
    db = new_db(tmp_path / "cards.db")
    code, out, err = run(capsys, *argv, "--json", "--db", db)
    assert code == 0, err
    data = json.loads(out)
    summary = data["summary"]
    assert next(iter(data)) == "summary"  # the JSON answer opens with it too
    assert summary.strip() and "\n" not in summary and plain(game, summary) == []
    question = _question(game, command)
    if question is not None:  # a plug-in question's chat card shows the very same sentence
        assert question.present(data).summary == summary
    first, more = headline(summary)  # the line read at a glance, and the rest of a long answer
    assert data["headline"] == first and len(first.split()) < HEADLINE_WORDS
    code, out, err = run(capsys, *argv, "--db", db)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == first
    if more:
        assert lines[1] == more
        lines = lines[1:]
    note = note_line(data["match"])
    if note:  # a name read loosely or other printings: one short line right under the answer
        assert lines[1] == note and len(note) < 300
    assert all(not line.startswith("Matched “") for line in lines)
    assert out.count(more or summary) == 1  # said once, not repeated by the explanation under it
    if argv[1] == "One Hundred Blades":
        assert more  # the long answer this list holds


def test_a_loosely_read_name_is_said_after_the_answer_and_a_named_set_never(tmp_path, capsys):
    db = new_db(tmp_path / "cards.db")
    catalog = Catalog.open(db)  # the starter set has Three Woes (RoJ); a printing that reads otherwise
    catalog.add_card(Card("redemption", "Three Woes [Fundraiser]", "Fund", type="Dominant",
                          text="Place in territory: negate a card for one round."), "test")
    catalog.close()
    code, out, _ = run(capsys, "l5r", "duration", "haikit", "--db", db)
    assert code == 0 and out.splitlines()[1].startswith("Read “haikit” as Haikitsu (")
    code, out, _ = run(capsys, "duration", "three woes", "--db", db)  # another printing reads differently
    assert code == 0 and "printing reads differently" in out.splitlines()[1]
    code, out, _ = run(capsys, "duration", "three woes", "--set", "Fundraiser", "--db", db)
    assert code == 0 and "differently" not in out.split("\n\n")[0]  # a named printing: nothing to say


async def test_the_discord_reply_and_the_web_page_begin_with_it_too(tmp_path, capsys):
    db = tmp_path / "cards.db"
    async with arbiter_on_fake(db) as (fake, _bot):
        for game, _command, argv, slash, options in ASKED:
            sent = await fake.send_command(slash, options)
            body = await sent.callback()
            assert body["type"] == 4, (game, body)
            embed = body["data"]["embeds"][0]
            ruling_id = embed["footer"]["text"].split("Ruling ")[1].split(" ")[0]
            # The same question on the command line (Discord's options carry the same inputs): same ruling,
            # and its summary is the embed's first line, in bold.
            cli_argv = argv if slash != "l5r duration" else argv[:5]
            code, out, err = run(capsys, *cli_argv, "--json", "--db", str(db))
            assert code == 0, err
            data = json.loads(out)
            assert data["ruling_id"] == ruling_id, game
            lines = embed["description"].splitlines()
            first, more = headline(data["summary"])
            assert lines[0] == f"**{safe(first)}**", game
            if more:
                assert lines[1] == safe(more), game
                lines = lines[1:]
            assert plain(game, data["summary"]) == [], game
            note = note_line(data["match"])
            assert (lines[1] == safe(note)) if note else all(not line.startswith("Read “") for line in lines)
    await _pages(db, capsys)


async def _pages(db, capsys) -> None:
    """Each question's ruling page (the real server, over HTTP): its heading is the player's answer, and it shows
    the question as the player typed it on the command line."""
    arbiter = Arbiter.open(db)
    arbiter.warm()
    site = Site(arbiter, RulingStore.for_catalog(arbiter.catalog))
    runner, address = await start(site, "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            for game, _command, argv, *_ in ASKED:
                _code, out, _err = run(capsys, *argv, "--json", "--db", str(db))
                data = json.loads(out)
                async with session.get(f"{address.rstrip('/')}/r/{data['ruling_id']}") as response:
                    assert response.status == 200, game
                    page = await response.text()
                heading = re.search(r'<h1 id="summary">(.*?)</h1>', page, re.S)
                first, more = headline(data["summary"])
                assert heading and html.unescape(heading.group(1)).strip() == first, game
                shown_more = re.search(r'<p class="more" id="more">(.*?)</p>', page, re.S)
                assert (html.unescape(shown_more.group(1)) if shown_more else "") == more, game
                question = html.unescape(re.search(r'id="question">(.*?)</p>', page, re.S).group(1))
                assert question.startswith(f"arbiter {argv[0]}") and "[" not in question, question
                for word in argv[1:]:  # every input typed is there (cards by the names they were matched to)
                    assert word.startswith("--") or word.lower() in question.lower() or \
                        any(m.get("query") == word for m in _matches(data)), (word, question)
    finally:
        await runner.cleanup()
        site.store.close()


def _matches(data: dict) -> list[dict]:
    return data["match"] if isinstance(data["match"], list) else [data["match"]]


async def test_in_a_real_browser_each_games_page_opens_with_the_players_answer(tmp_path, capsys, chromium):  # noqa: F811
    """As a phone shows it (headless Chromium, 390 px): under the breadcrumb, the first words of the page's main
    text are the player's answer, one heading, before the standing banner and the question."""
    from tests.web.browser import Browser

    db = new_db(tmp_path / "cards.db")
    asked = []
    for game, _command, argv, *_ in ASKED:
        _code, out, _err = run(capsys, *argv, "--json", "--db", db)
        asked.append((game, json.loads(out)))
    arbiter = Arbiter.open(db)
    site = Site(arbiter, RulingStore.for_catalog(arbiter.catalog))
    runner, address = await start(site, "127.0.0.1", 0)
    try:
        async with Browser(chromium) as browser:
            for game, data in asked:
                await browser.open(f"{address.rstrip('/')}/r/{data['ruling_id']}", 390, 844)
                shown = await browser.run("document.querySelector('main').innerText")
                lines = [line.strip() for line in shown.splitlines() if line.strip()]
                assert lines[0].endswith(data["ruling_id"]), (game, lines[:2])  # the breadcrumb
                first, more = headline(data["summary"])
                assert lines[1:3 if more else 2] == ([first, more] if more else [first]), (game, lines[:3])
                assert await browser.run("getComputedStyle(document.querySelector('#summary')).display") == "block"
                assert plain(game, lines[1]) == [], game
    finally:
        await runner.cleanup()
        site.store.close()


def test_a_stored_ruling_opens_with_the_answers_first_line(tmp_path, capsys):
    """`arbiter ruling ID` (and /ruling, the same words) says the answer given as every surface showed it first:
    a long answer's headline, not the stored line cut at its length limit."""
    db = new_db(tmp_path / "cards.db")
    *_, argv, _slash, _options = ASKED[-1]
    _code, out, _err = run(capsys, *argv, "--json", "--db", db)
    data = json.loads(out)
    first, more = headline(data["summary"])
    assert more
    code, out, _err = run(capsys, "ruling", data["ruling_id"], "--db", db)
    assert code == 0 and out.splitlines()[0] == f"Answer given: {first}"
    code, out, _err = run(capsys, "ruling", data["ruling_id"], "--json", "--db", db)
    assert json.loads(out)["given"]["summary"] == first
