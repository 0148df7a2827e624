"""The plug-in shape: a ruleset declared in engine/ alone gets its command line and its Discord commands.

A toy game is registered for these tests only (nothing of it exists in bot/): the generic front ends must
offer it exactly as they offer Dominion, and no front-end module may name a plug-in game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from engine import registry
from engine.cards import Card
from engine.interface import Field, Lookup, Param, Presentation, QuestionError
from engine.trace import Rule, RulesetVersion
from tests.bot_harness import arbiter_on_fake
from tests.cli_helpers import new_db, run
from tests.discord_helpers import reasons

BOT = Path(__file__).resolve().parents[2] / "bot"
EPHEMERAL = 64


class BrickQuestion:
    command = "ruling"
    description = "Which brick is laid last"
    group_description = "Bricks: a toy game for tests"
    epilog = "bricks separated by +"
    version_help = "classic or reversed"
    params = (
        Param("bricks", "Bricks in the order laid, separated by +", required=True, repeat=True, card_names=True,
              separators="+", metavar="BRICKS"),
        Param("upside_down", "Lay them upside down", kind="flag"),
        Param("note", "A note for the log", cli_flag="--note", surfaces=frozenset({"cli"})),
    )

    def answer(self, inputs: Mapping[str, Any], lookup: Lookup, version: str) -> dict[str, Any]:
        texts = [inputs["bricks"]] if isinstance(inputs["bricks"], str) else inputs["bricks"]
        names = [n.strip() for text in texts for n in text.split("+")]
        if not all(names):
            raise QuestionError("Name a brick between every “+”.")
        cards = [lookup(n) for n in names]
        if (version == "reversed") != bool(inputs.get("upside_down")):
            cards.reverse()
        return {"last": cards[-1].name, "rules": ["B1"], "interpretations": [], "ruling_id": f"B-{version}",
                "explanation": f"{cards[-1].name} is laid last [B1].", "match": []}

    def present(self, answer: Mapping[str, Any]) -> Presentation:
        return Presentation("Bricks", answer["explanation"], (Field(answer["last"], "last", ("B1",), "laid last"),),
                            f"Bricks · Ruling {answer['ruling_id']}")


@dataclass(frozen=True)
class BrickStarter:
    cards: tuple[Card, ...] = tuple(Card(game="bricks", name=n, set="Toy", type="Brick", text="")
                                    for n in ("Red Brick", "Blue Brick", "Green Cone"))
    aliases: tuple[tuple[str, str, str | None], ...] = (("rb", "Red Brick", None),)


class BrickRuleset:
    game = "bricks"
    aliases = ("brick game",)
    title = "Bricks (toy)"
    questions = BrickQuestion()

    def versions(self) -> dict[str, RulesetVersion]:
        return {n: RulesetVersion("bricks", n, "1", n, n) for n in ("classic", "reversed")}

    def rules(self) -> dict[str, Rule]:
        return {"B1": Rule("B1", "Last brick", "The last brick laid is on top.", "toy")}

    def starter(self) -> BrickStarter:
        return BrickStarter()


@pytest.fixture
def bricks(monkeypatch):
    registry.all_rulesets()  # the built-in rulesets first, so the toy one is added beside them
    monkeypatch.setitem(registry._REGISTRY, "bricks", BrickRuleset())
    for name in ("bricks", "brick game"):
        monkeypatch.setitem(registry._ALIASES, name, "bricks")


def _game_words(rulesets) -> set[str]:
    return {w for r in rulesets for w in (r.game, *r.aliases, r.title.split(" (")[0])}


def _naming(words: set[str]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in BOT.rglob("*.py"):
        text = path.read_text()
        for word in words:
            if re.search(rf"\b{re.escape(word)}\b", text, re.I):
                found.setdefault(str(path.relative_to(BOT.parent)), set()).add(word)
    return found


def test_front_ends_name_no_plug_in_game():
    plugin_words = _game_words(r for r in registry.all_rulesets() if getattr(r, "questions", None))
    assert "dominion" in plugin_words
    assert _naming(plugin_words) == {}


def test_front_ends_name_no_game_at_all():
    """Redemption too: the command line, the service, the rulings store, the catalog, /duration, /card and /carddb
    get it from the registry (engine.registry.default_game, `shortcuts`, the ruleset's hooks); the words are
    every game's name, aliases and title."""
    words = _game_words(registry.all_rulesets())
    assert {"redemption", "rccg"} <= words
    assert _naming(words) == {}


def test_a_registered_game_gets_its_command_line(bricks, tmp_path, capsys):
    db = new_db(tmp_path / "cards.db")
    code, out, _ = run(capsys, "bricks", "red brik + green", "blue", "--json", "--db", db)
    assert code == 0
    data = json.loads(out)
    assert data["last"] == "Blue Brick"
    assert [(m["query"], m["card"], m["how"]) for m in data["match"]] == [
        ("red brik", "Red Brick", "fuzzy"), ("green", "Green Cone", "prefix"), ("blue", "Blue Brick", "prefix")]
    code, out, _ = run(capsys, "bricks", "rb + blue", "--upside-down", "--ruleset", "reversed", "--note", "x",
                       "--db", db)
    # Every name that was not typed exactly is said first: what it was taken to mean, and why.
    assert (code, out) == (0, "Matched “rb” to Red Brick (Toy) (a nickname).\n"
                              "Matched “blue” to Blue Brick (Toy) (the start of its name).\n"
                              "Blue Brick is laid last [B1].\nRuling id: B-reversed\n")
    code, _, err = run(capsys, "bricks", "rb +", "--db", db)
    assert (code, err) == (2, "arbiter: Name a brick between every “+”.\n")
    code, _, err = run(capsys, "bricks", "Adino, the Eznite", "--db", db)  # another game's card never matches
    assert code == 1 and err.startswith("arbiter: Adino, the Eznite is a Redemption CCG card:")
    assert main(["bricks", "rb", "--ruleset", "current", "--db", db]) == 2  # only the game's own versions
    assert "invalid choice: 'current'" in capsys.readouterr().err


async def test_a_registered_game_gets_its_discord_commands(bricks, tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _):
        group = fake.find_command("bricks")
        assert group["description"] == "Bricks: a toy game for tests"
        ruling = {o["name"]: o for o in group["options"]}["ruling"]
        options = [(o["name"], o["type"], o.get("required", False), o.get("autocomplete", False))
                   for o in ruling["options"]]
        assert options == [("bricks", 3, True, True), ("ruleset", 3, False, False), ("upside_down", 5, False, False)]
        assert [c["value"] for c in ruling["options"][1]["choices"]] == ["classic", "reversed"]

        sent = await fake.send_autocomplete("bricks ruling", {"bricks": "Red Brick + gre"}, focused="bricks")
        assert [c["value"] for c in (await sent.callback())["data"]["choices"]] == ["Red Brick + Green Cone"]

        sent = await fake.send_command("bricks ruling", {"bricks": "rb + blue", "upside_down": True})
        body = await sent.callback()
        embed = body["data"]["embeds"][0]
        assert (embed["title"], embed["description"]) == (
            "Bricks", "Matched “rb” to Red Brick (Toy) (a nickname).\n"
                      "Matched “blue” to Blue Brick (Toy) (the start of its name).\nRed Brick is laid last [B1].")
        # In public the player's answer and the rules cited (the toy's cards have no text); the reasons on "Why".
        assert embed["fields"] == [{"name": "Rules cited", "value": "B1", "inline": True}]
        assert embed["footer"]["text"] == "Bricks · Ruling B-classic · open it later: /ruling id:B-classic"
        full = await reasons(fake, sent, body)
        assert full["fields"][1] == {"name": "Red Brick", "value": "**last** [B1]\nlaid last", "inline": False}

        sent = await fake.send_autocomplete("bricks card", {"name": "blu"}, focused="name")
        choices = (await sent.callback())["data"]["choices"]
        assert [c["name"] for c in choices] == ["Blue Brick (Toy)"]
        sent = await fake.send_command("bricks card", {"name": choices[0]["value"]})  # the picked suggestion
        assert (await sent.callback())["data"]["embeds"][0]["title"] == "Blue Brick"
        sent = await fake.send_command("bricks card", {"name": "Adino"})  # another game's card never matches
        # ... and says whose card it is
        assert (await sent.callback())["data"]["content"] == ("Adino, the Eznite is a Redemption CCG card, not a "
                                                              "Bricks one: see it with `/card name:Adino, the Eznite`.")

        sent = await fake.send_command("bricks ruling", {"bricks": "x" * 501})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"] == "“bricks” is at most 500 characters of card names and choices."


def test_a_too_long_input_is_a_usage_error(bricks, tmp_path, capsys):
    code, _, err = run(capsys, "bricks", "x" * 501, "--db", str(tmp_path / "cards.db"))
    assert (code, err) == (2, "arbiter: BRICKS is at most 500 characters of text.\n")
