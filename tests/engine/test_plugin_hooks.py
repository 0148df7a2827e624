"""The plug-in hooks beyond one question: several questions per game, moderator annotations checked by the
game's own AnnotationSpec and read back through `lookup.annotations`, and a coverage report. A toy game is
registered for these tests only; nothing of it exists in bot/."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from bot.cli import main
from engine import registry
from engine.cards import Card
from engine.interface import AnnotationSpec, Field, Lookup, Param, Presentation, QuestionError
from engine.trace import Rule, RulesetVersion
from tests.bot_harness import arbiter_on_fake
from tests.cli_helpers import new_db, run


def _colour(card: Card, lookup: Lookup) -> tuple[str, str]:
    """The tile's colour: a moderator annotation wins over the word in its text."""
    for note in lookup.annotations(card):
        if note.rule == "colour":
            return note.value, "annotation"
    return card.text.split()[0].lower(), "text"


@dataclass
class TileQuestion:
    command: str
    description: str
    group_description: str = "Tiles: a toy game with two questions"
    epilog: str = ""
    version_help: str = "the only version"
    params: tuple[Param, ...] = (Param("tiles", "Tiles, separated by +", required=True, card_names=True,
                                       separators="+", metavar="TILES"),)

    def answer(self, inputs: Mapping[str, Any], lookup: Lookup, version: str) -> dict[str, Any]:
        cards = [lookup(n.strip()) for n in inputs["tiles"].split("+") if n.strip()]
        if not cards:
            raise QuestionError("Name at least one tile.")
        colours = [_colour(c, lookup) for c in cards]
        if self.command == "count":
            text = f"{len(cards)} tiles"
        else:
            text = ", ".join(f"{c.name} is {colour} (from its {source})" for c, (colour, source) in zip(
                cards, colours, strict=True))
        return {"command": self.command, "colours": [c for c, _ in colours], "rules": ["T1"],
                "interpretations": [], "ruling_id": f"T-{self.command}", "explanation": text, "match": []}

    def present(self, answer: Mapping[str, Any]) -> Presentation:
        return Presentation("Tiles", answer["explanation"], (Field("colours", ", ".join(answer["colours"]), ("T1",),
                                                                    answer["command"]),), "Tiles")


def _check(field: str, value: str) -> str:
    if value.lower() not in ("red", "blue", "green"):
        raise QuestionError("A colour is red, blue or green.")
    return value.lower()


def _coverage(cards: Sequence[Card], annotations_of: Any, top: int) -> dict[str, Any]:
    annotated = sum(1 for c in cards if annotations_of(c))
    return {"cards": len(cards), "annotated": annotated, "lines": [f"{len(cards)} tiles, {annotated} annotated"]}


@dataclass(frozen=True)
class TileStarter:
    cards: tuple[Card, ...] = tuple(Card(game="tiles", name=n, set="Toy", type="Tile", text=t)
                                    for n, t in (("Red Tile", "Red square"), ("Sky Tile", "Blue square")))
    aliases: tuple[tuple[str, str, str | None], ...] = ()


class TileRuleset:
    game = "tiles"
    aliases = ("tile game",)
    title = "Tiles (toy)"
    questions = (TileQuestion("lay", "Which colour each tile shows"), TileQuestion("count", "How many tiles"))
    annotation_spec = AnnotationSpec(fields={"colour": "red, blue or green"}, check=_check,
                                     parts=lambda card: ("1",))

    def versions(self) -> dict[str, RulesetVersion]:
        return {"only": RulesetVersion("tiles", "only", "1", "only", "only")}

    def rules(self) -> dict[str, Rule]:
        return {"T1": Rule("T1", "Colour", "A tile shows its colour.", "toy")}

    def starter(self) -> TileStarter:
        return TileStarter()

    def coverage(self, cards: Sequence[Card], annotations_of: Any, top: int) -> dict[str, Any]:
        return _coverage(cards, annotations_of, top)


@pytest.fixture
def tiles(monkeypatch):
    registry.all_rulesets()
    monkeypatch.setitem(registry._REGISTRY, "tiles", TileRuleset())
    for name in ("tiles", "tile game"):
        monkeypatch.setitem(registry._ALIASES, name, "tiles")


def test_each_question_is_its_own_subcommand(tiles, tmp_path, capsys):
    db = new_db(tmp_path / "cards.db")
    code, out, _ = run(capsys, "tiles", "lay", "red tile + sky", "--json", "--db", db)
    assert code == 0
    assert json.loads(out)["colours"] == ["red", "blue"]
    assert run(capsys, "tiles", "count", "red tile + sky", "--db", db)[:2] == (
        0, "Matched “sky” to Sky Tile (Toy) (the start of its name).\n2 tiles\nRuling id: T-count\n")
    assert main(["tiles", "red tile", "--db", db]) == 2  # with several questions, the question is named first
    assert "invalid choice: 'red tile'" in capsys.readouterr().err


def test_an_annotation_is_checked_by_the_game_then_read_by_its_question(tiles, tmp_path, capsys):
    db = new_db(tmp_path / "cards.db")
    code, _, err = run(capsys, "cards", "annotate", "red tile", "--game", "tiles", "--rule", "colour",
                       "--value", "purple", "--part", "1", "--db", db)
    assert (code, err) == (2, "arbiter: A colour is red, blue or green.\n")
    code, _, err = run(capsys, "cards", "annotate", "red tile", "--game", "tiles", "--rule", "shape",
                       "--value", "red", "--db", db)
    assert code == 2 and "one of: colour (red, blue or green)" in err
    code, _, err = run(capsys, "cards", "annotate", "red tile", "--game", "tiles", "--rule", "colour",
                       "--value", "green", "--part", "9", "--db", db)
    assert code == 2 and "its parts: 1" in err
    assert run(capsys, "tiles", "lay", "red tile", "--db", db)[1].startswith("Red Tile is red (from its text)")

    code, out, _ = run(capsys, "cards", "annotate", "red tile", "--game", "tiles", "--rule", "Colour",
                       "--value", "Green", "--part", "1", "--json", "--db", db)
    assert code == 0
    written = json.loads(out)
    assert written["annotation"]["value"] == "green"
    assert run(capsys, "tiles", "lay", "red tile", "--db", db)[1].startswith("Red Tile is green (from its "
                                                                                 "annotation)")
    code, out, _ = run(capsys, "cards", "coverage", "--game", "tiles", "--db", db)
    assert (code, out) == (0, "2 tiles, 1 annotated\n")

    assert run(capsys, "cards", "undo", str(written["audit_id"]), "--db", db)[0] == 0
    assert run(capsys, "tiles", "lay", "red tile", "--db", db)[1].startswith("Red Tile is red (from its text)")
    code, out, _ = run(capsys, "cards", "coverage", "--game", "tiles", "--json", "--db", db)
    assert json.loads(out) == {"cards": 2, "annotated": 0}


def test_a_game_without_the_hook_is_refused_by_name(tiles, tmp_path, capsys):
    code, _, err = run(capsys, "cards", "coverage", "--game", "chess", "--db", str(tmp_path / "cards.db"))
    assert code == 2 and err.startswith("arbiter: No coverage report for the game 'chess'; games: redemption")
    assert "tiles" in err


async def test_each_question_is_a_slash_subcommand(tiles, tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _):
        group = fake.find_command("tiles")
        assert sorted(o["name"] for o in group["options"]) == ["card", "count", "lay"]
        sent = await fake.send_command("tiles count", {"tiles": "red tile + sky"})
        assert (await sent.callback())["data"]["embeds"][0]["description"] == (
            "Matched “sky” to Sky Tile (Toy) (the start of its name).\n2 tiles")
        sent = await fake.send_command("tiles lay", {"tiles": "sky"})
        assert (await sent.callback())["data"]["embeds"][0]["description"] == (
            "Matched “sky” to Sky Tile (Toy) (the start of its name).\nSky Tile is blue (from its text)")


async def test_a_moderator_annotates_a_plug_in_card_from_discord(tiles, tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _):
        async def annotate(**options: str) -> str:
            sent = await fake.send_command("carddb game-annotate", options, user=fake.moderator)
            body = await sent.callback()
            if body["type"] == 4:  # refused at once, before anything waits
                return body["data"]["content"]
            return (await sent.followup())["content"]

        refused = await annotate(game="tiles", card="red tile", field="colour", value="purple", part="1")
        assert refused == "A colour is red, blue or green."
        refused = await annotate(game="tiles", card="red til", field="colour", value="green", part="1")
        assert "not the exact name of a card" in refused and "nothing was changed" in refused
        refused = await annotate(game="chess", card="red tile", field="colour", value="green")
        assert refused.startswith("Games whose cards take annotations here:") and "tiles" in refused

        done = await annotate(game="tiles", card="Red Tile", field="colour", value="Green", part="1")
        assert "nnotation " in done and "added to Red Tile (Toy): colour = 'green' on part 1." in done

        async def lay() -> str:
            sent = await fake.send_command("tiles lay", {"tiles": "red tile"})
            return (await sent.callback())["data"]["embeds"][0]["description"]

        for _ in range(100):  # the bot takes the committed change in from the audit log
            if await lay() == "Red Tile is green (from its annotation)":
                break
            await asyncio.sleep(0.05)
        assert await lay() == "Red Tile is green (from its annotation)"
