"""Every card from anywhere: `arbiter card NAME` and `/card` look in every game (`--game`, `game:` narrow) and say
the game; a question asked about another game's card says whose card it is and how to ask there; `/card` and
`/<game> card` offer the asker-only menu for a name that matches several cards.

The cards are the games' own starter cards, drawn here from the catalog (no card name is written into the
assertions), and a toy game registered for these tests shares a name with a real game's card."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from bot.answers.anywhere import catalog_matchers, game_title, match_everywhere, strength
from bot.answers.games import plugin_rulesets
from bot.answers.service import Arbiter
from engine import registry
from engine.cards import Card
from engine.interface import Field, Lookup, Param, Presentation, plugin_inputs, questions_of
from engine.registry import all_rulesets
from engine.trace import Rule, RulesetVersion
from tests.bot_harness import arbiter_on_fake
from tests.cli_helpers import new_db, run
from tests.discord.test_every_menu import ambiguous_query

EPHEMERAL = 64


def unique_cards(db) -> dict[str, Card]:
    """For each game, one of its cards whose name is exact in that game only and found by no other game."""
    arbiter = Arbiter.open(db)
    of = catalog_matchers(arbiter)
    out: dict[str, Card] = {}
    for ruleset in all_rulesets():
        matcher = of(ruleset.game)
        for card in sorted({c.name: c for c in matcher.cards}.values(), key=lambda c: c.name):
            if matcher.match(card.name).how != "exact" or not re.fullmatch(r"[A-Za-z ,'-]+", card.name):
                continue  # a plain name: no chain or option syntax (brackets, slashes, separators) inside
            found = match_everywhere(card.name, of)
            if strength(found[0].match) == 3 and all(g.match.card is None for g in found[1:]):
                out[ruleset.game] = card
                break
    arbiter.catalog.close()
    return out


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.setenv("USER", "tester")
    path = tmp_path / "cards.db"
    new_db(path)
    return path


def test_card_finds_a_card_of_every_game_and_says_the_game(db, capsys):
    cards = unique_cards(db)
    assert set(cards) == {r.game for r in all_rulesets()}
    for game, card in cards.items():
        ruleset = registry.find_ruleset(game)
        code, out, err = run(capsys, "card", card.name.lower(), "--db", str(db), "--json")
        assert (code, err) == (0, ""), game
        data = json.loads(out)
        assert (data["game"], data["card"]["name"]) == (game, card.name)
        assert data["game_title"] == game_title(ruleset)
        code, out, _ = run(capsys, "card", card.name, "--db", str(db))
        assert code == 0 and f"\nGame: {game_title(ruleset)}\n" in out
        if questions_of(ruleset):  # the question to ask about it, which finds it
            assert out.rstrip("\n").split("\n")[-1] == f"Ask with: {data['ask']}"
            code, _, err = run(capsys, *shlex.split(data["ask"])[1:], "--db", str(db))
            assert code != 1, (data["ask"], err)  # found (a question may still want more input: exit 2)


def test_game_narrows_and_a_card_of_another_game_says_whose_it_is(db, capsys):
    cards = unique_cards(db)
    games = sorted(cards)
    for game, other in zip(games, games[1:] + games[:1], strict=True):
        card = cards[game]
        code, out, _ = run(capsys, "card", card.name, "--game", game, "--db", str(db), "--json")
        assert code == 0 and json.loads(out)["game"] == game
        code, out, err = run(capsys, "card", card.name, "--game", other, "--db", str(db))
        title, asked = game_title(registry.find_ruleset(game)), game_title(registry.find_ruleset(other))
        assert code == 1 and err.startswith(f"arbiter: {card.name} is ")
        assert f" {title} card, not " in err and f" {asked} one: see it with `arbiter card " in err
    code, _, err = run(capsys, "card", "anything", "--game", "chess", "--db", str(db))
    assert code == 2 and "Unknown game 'chess'" in err


def test_a_name_no_game_knows_names_the_closest_of_each_game(db, capsys):
    code, out, _ = run(capsys, "card", "qqqq zzzz xxxx", "--db", str(db), "--json")
    data = json.loads(out)
    assert code == 1 and data["kind"] == "not-found" and data["error"].startswith("No card of any game matches")
    assert all(c["game"] in {r.game for r in all_rulesets()} for c in data["match"]["candidates"])


def question_argv(ruleset, question, param, name: str) -> list[str]:
    """`arbiter <game> [<question>] NAME` (or its card option), with what the order question also needs."""
    words = [ruleset.game, *([question.command] if len(questions_of(ruleset)) > 1 else [])]
    argv = [*words, *([name] if param.cli_flag is None else [param.cli_flag, name])]
    return argv + (["--at", "after a Personality is destroyed"] if question.command == "order" else [])


def test_a_question_about_another_games_card_says_how_to_ask_there(db, capsys):
    cards = unique_cards(db)
    asked_any = 0
    for ruleset in plugin_rulesets():
        for question in questions_of(ruleset):
            param = next((p for p in plugin_inputs(question.params, "cli") if p.card_names), None)
            if param is None:
                continue
            for game, card in cards.items():
                if game == ruleset.game:
                    continue
                argv = question_argv(ruleset, question, param, card.name)
                code, out, _ = run(capsys, *argv, "--db", str(db), "--json")
                data = json.loads(out)
                assert code == 1 and data["kind"] in ("not-found", "ambiguous"), (argv, data)
                other = registry.find_ruleset(game)
                assert data["error"].startswith(f"{card.name} is ") and f" {game_title(other)} card: " in data[
                    "error"], (argv, data["error"])
                assert data["elsewhere"]["game"] == game and data["elsewhere"]["card"] == card.name
                if data["elsewhere"]["ask"] is not None:
                    assert data["error"].endswith(f"ask with `{data['elsewhere']['ask']}`.")
                    assert data["elsewhere"]["ask"].startswith("arbiter ")
                asked_any += 1
    assert asked_any >= 4 * (len(cards) - 1)


def test_an_ambiguous_name_in_the_asked_game_is_still_asked_back(db, capsys):
    for ruleset in plugin_rulesets():
        query = ambiguous_query(ruleset)
        if any(g.ruleset.game != ruleset.game and strength(g.match) == 3
               for g in match_everywhere(query, catalog_matchers(Arbiter.open(db)))):
            continue  # exact in another game: that one is said instead
        question = questions_of(ruleset)[0]
        param = next(p for p in plugin_inputs(question.params, "cli") if p.card_names)
        argv = question_argv(ruleset, question, param, query)
        code, out, _ = run(capsys, *argv, "--db", str(db), "--json")
        data = json.loads(out)
        assert code == 1 and data["kind"] == "ambiguous" and "elsewhere" not in data, argv


# --- a toy game sharing a card name with a real game ------------------------------------------------------

@dataclass
class EchoQuestion:
    command: str = "echo"
    description: str = "Says the card back"
    group_description: str = "Echoes: a toy game"
    epilog: str = ""
    version_help: str = "the only version"
    params: tuple[Param, ...] = (Param("card", "The card", required=True, card_names=True, metavar="CARD"),)
    examples: tuple[Mapping[str, Any], ...] = ()

    def answer(self, inputs: Mapping[str, Any], lookup: Lookup, version: str) -> dict[str, Any]:
        card = lookup(inputs["card"])
        return {"summary": f"{card.name} echoes", "rules": ["E1"], "interpretations": [], "ruling_id": "E-1",
                "explanation": f"{card.name} echoes", "match": []}

    def present(self, answer: Mapping[str, Any]) -> Presentation:
        return Presentation("Echoes", answer["summary"], (Field("echo", answer["summary"], ("E1",), ""),), "Echoes")


class EchoRuleset:
    game = "echoes"
    aliases = ()
    title = "Echoes (toy)"
    questions = EchoQuestion()

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names

    def versions(self) -> dict[str, RulesetVersion]:
        return {"only": RulesetVersion("echoes", "only", "1", "only", "only")}

    def rules(self) -> dict[str, Rule]:
        return {"E1": Rule("E1", "Echo", "A card echoes.", "toy")}

    def starter(self) -> Any:
        @dataclass(frozen=True)
        class Starter:
            cards: tuple[Card, ...]
            aliases: tuple[tuple[str, str, str | None], ...] = ()

        return Starter(tuple(Card(game="echoes", name=n, set="Toy", type="Echo", text="It echoes.")
                             for n in self.names))


@pytest.fixture
def echoes(db, monkeypatch):
    """The toy game, holding a card named exactly as one real game's card; returns (that card, its game)."""
    cards = unique_cards(db)
    game = sorted(g for g in cards if registry.find_ruleset(g) in plugin_rulesets())[0]
    shared = cards[game]
    monkeypatch.setitem(registry._REGISTRY, "echoes", EchoRuleset((shared.name, "Lonely Echo")))
    monkeypatch.setitem(registry._ALIASES, "echoes", "echoes")
    return shared, game


def test_a_name_exact_in_two_games_is_asked_back_with_both(db, capsys, echoes):
    shared, game = echoes
    code, out, _ = run(capsys, "card", shared.name, "--db", str(db), "--json")
    data = json.loads(out)
    assert code == 1 and data["kind"] == "ambiguous"
    assert {(c["name"], c["game"]) for c in data["match"]["candidates"]} == {(shared.name, game),
                                                                             (shared.name, "echoes")}
    code, out, _ = run(capsys, "card", shared.name, "--game", "echoes", "--db", str(db), "--json")
    assert code == 0 and json.loads(out)["game"] == "echoes"


# --- Discord -------------------------------------------------------------------------------------------------

def _components(data: dict) -> list[dict]:
    return [c for row in data.get("components", []) for c in row["components"]]


async def test_slash_card_finds_every_games_card_and_says_the_game(db):
    cards = unique_cards(db)
    async with arbiter_on_fake(db) as (fake, _):
        for game, card in cards.items():
            body = await (await fake.send_command("card", {"name": card.name.lower()})).callback()
            assert body["type"] == 4 and not body["data"].get("flags"), (game, body)
            embed = body["data"]["embeds"][0]
            assert embed["author"]["name"] == f"{game_title(registry.find_ruleset(game))} card"
            assert card.name in embed["title"]
        # game: narrows; a card of another game there says whose it is
        games = sorted(cards)
        body = await (await fake.send_command("card", {"name": cards[games[0]].name, "game": games[1]})).callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith(f"{cards[games[0]].name} is ")
        assert body["data"]["content"].endswith(f"see it with `/card name:{cards[games[0]].name}`.")
        # a suggestion picked from the autocomplete (its value) is that printing, in whichever game
        sent = await fake.send_autocomplete("card", {"name": cards[games[1]].name[:5]}, focused="name")
        choices = (await sent.callback())["data"]["choices"]
        chosen = next(c for c in choices if c["name"].startswith(cards[games[1]].name))
        body = await (await fake.send_command("card", {"name": chosen["value"]})).callback()
        assert body["data"]["embeds"][0]["title"].startswith(cards[games[1]].name)


async def test_slash_card_menu_across_games_only_the_asker_can_use(db, echoes):
    shared, game = echoes
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("card", {"name": shared.name}, user=fake.user)
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        (select,) = _components(body["data"])
        assert sorted(o["description"] for o in select["options"]) == sorted(
            [game_title(registry.find_ruleset(game)), "Echoes"])
        option = next(o for o in select["options"] if o["description"] == "Echoes")
        message_id = sent.state.original_message_id
        refused = await (await fake.send_component(message_id, select["custom_id"], values=[option["value"]],
                                                   user=fake.moderator)).callback()
        assert refused["data"]["flags"] & EPHEMERAL and "Only the person who asked" in refused["data"]["content"]
        chosen = await fake.send_component(message_id, select["custom_id"], values=[option["value"]], user=fake.user)
        update = await chosen.callback()
        assert update["type"] == 7 and update["data"]["content"] == f"You chose {option['label']}."
        embed = (await chosen.followup())["embeds"][0]
        assert embed["author"]["name"] == "Echoes card" and embed["title"] == shared.name


@pytest.mark.parametrize("game", [r.game for r in plugin_rulesets()])
async def test_game_card_menu_for_an_ambiguous_name(game, db):
    ruleset = registry.find_ruleset(game)
    query = ambiguous_query(ruleset)
    async with arbiter_on_fake(db) as (fake, bot):
        sent = await fake.send_command(f"{game} card", {"name": query}, user=fake.user)
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith(f"“{query}” matches several cards:")
        (select,) = _components(body["data"])
        option = select["options"][1]
        message_id = sent.state.original_message_id
        refused = await (await fake.send_component(message_id, select["custom_id"], values=[option["value"]],
                                                   user=fake.moderator)).callback()
        assert refused["data"]["flags"] & EPHEMERAL and "Only the person who asked" in refused["data"]["content"]
        chosen = await fake.send_component(message_id, select["custom_id"], values=[option["value"]], user=fake.user)
        update = await chosen.callback()
        assert update["type"] == 7 and update["data"]["content"] == f"You chose {option['label']}."
        embed = (await chosen.followup())["embeds"][0]
        picked = next(c.card for c in catalog_matchers(bot.arbiter)(game).match(query).candidates
                      if c.card.label == option["label"])
        assert embed["title"] == picked.name and embed["author"]["name"] == f"{game_title(ruleset)} card"


async def test_a_slash_question_about_another_games_card_names_the_command(db):
    cards = unique_cards(db)
    said = 0
    async with arbiter_on_fake(db) as (fake, _):
        for ruleset in plugin_rulesets():
            for question in questions_of(ruleset):
                param = next((p for p in plugin_inputs(question.params, "discord") if p.card_names), None)
                if param is None:
                    continue
                for game, card in cards.items():
                    if game == ruleset.game:
                        continue
                    options = {param.name: card.name}
                    if question.command == "order":
                        options["at"] = "after a Personality is destroyed"
                    body = await (await fake.send_command(f"{ruleset.game} {question.command}", options)).callback()
                    text = body["data"]["content"]
                    other = game_title(registry.find_ruleset(game))
                    assert body["data"]["flags"] & EPHEMERAL
                    assert text.startswith(f"{card.name} is ") and f" {other} card: " in text, text
                    assert "`/" in text and "arbiter" not in text  # the slash command, not the command line
                    said += 1
    assert said >= 4 * (len(cards) - 1)



def test_the_default_games_duration_question_says_whose_card_it_is(db, capsys):
    cards = unique_cards(db)
    default = next(r.game for r in all_rulesets() if r.game not in {p.game for p in plugin_rulesets()})
    for game, card in cards.items():
        if game == default:
            continue
        code, out, _ = run(capsys, "duration", card.name, "--db", str(db), "--json")
        data = json.loads(out)
        assert code == 1 and data["elsewhere"]["game"] == game, data
        title = game_title(registry.find_ruleset(game))
        article = "an" if title[0] in "AEIOU" else "a"
        assert data["error"] == f"{card.name} is {article} {title} card: ask with `{data['elsewhere']['ask']}`."


async def test_slash_duration_says_whose_card_it_is(db):
    cards = unique_cards(db)
    default = next(r.game for r in all_rulesets() if r.game not in {p.game for p in plugin_rulesets()})
    async with arbiter_on_fake(db) as (fake, _):
        for game, card in cards.items():
            if game == default:
                continue
            body = await (await fake.send_command("duration", {"card": card.name, "played_in": "battle"})).callback()
            text = body["data"]["content"]
            assert body["data"]["flags"] & EPHEMERAL
            assert text.startswith(f"{card.name} is ") and f" {game_title(registry.find_ruleset(game))} card: ask " \
                                                           f"with `/{game} " in text, text


def test_a_name_no_card_of_the_asked_game_has_but_another_game_asks_back(db, capsys):
    of = catalog_matchers(Arbiter.open(db))
    said = 0
    for home in plugin_rulesets():
        query = ambiguous_query(home)
        everywhere = {g.ruleset.game: g.match for g in match_everywhere(query, of)}
        if any(m.card is not None for m in everywhere.values()) or \
                [g for g, m in everywhere.items() if m.how == "ambiguous"] != [home.game]:
            continue  # the name must ask back in its own game only, and find nothing elsewhere
        for ruleset in plugin_rulesets():
            if ruleset.game == home.game:
                continue
            question = questions_of(ruleset)[0]
            param = next(p for p in plugin_inputs(question.params, "cli") if p.card_names)
            argv = question_argv(ruleset, question, param, query)
            code, out, _ = run(capsys, *argv, "--db", str(db), "--json")
            data = json.loads(out)
            labels = [c.card.label for c in everywhere[home.game].candidates[:5]]
            assert code == 1 and data["elsewhere"]["game"] == home.game, (argv, data)
            assert data["elsewhere"]["card"] is None and data["elsewhere"]["candidates"] == labels
            assert data["error"] == f"“{query}” matches {game_title(home)} cards: {', '.join(labels)}. Ask with " \
                                   f"`{data['elsewhere']['ask']}`."
            said += 1
    assert said >= 3


async def test_slash_question_names_the_game_that_asks_back(db):
    of = catalog_matchers(Arbiter.open(db))
    cases = []
    for home in plugin_rulesets():
        query = ambiguous_query(home)
        everywhere = {g.ruleset.game: g.match for g in match_everywhere(query, of)}
        if all(m.card is None for m in everywhere.values()) and \
                [g for g, m in everywhere.items() if m.how == "ambiguous"] == [home.game]:
            cases.append((home, query))
    assert cases
    async with arbiter_on_fake(db) as (fake, _):
        for home, query in cases:
            for ruleset in plugin_rulesets():
                if ruleset.game == home.game:
                    continue
                question = questions_of(ruleset)[0]
                param = next(p for p in plugin_inputs(question.params, "discord") if p.card_names)
                options = {param.name: query, **({"at": "after a Personality is destroyed"}
                                                 if question.command == "order" else {})}
                body = await (await fake.send_command(f"{ruleset.game} {question.command}", options)).callback()
                text = body["data"]["content"]
                assert body["data"]["flags"] & EPHEMERAL and not _components(body["data"])
                assert text.startswith(f"“{query}” matches {game_title(home)} cards: ")
                assert f"Ask with `/{home.game} " in text and text.endswith(f":{query}`."), text
