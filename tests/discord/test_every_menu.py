"""Every select menu of every plug-in command, picked from through the real discord.py client on the fake
Discord: a name that matches several cards of the game gets the asker-only menu, and picking a card asks the
same question again with exactly that card, answered as the command line answers it by the card's label.

The ambiguous names are found among each game's own starter cards (not written here), in every parameter that
takes card names; MENU_CASES says what else each question needs, and a test checks it covers every such
parameter of every game's questions, so a new game or question is covered or this file fails."""

from __future__ import annotations

import pytest

from bot.answers.games import game_answer, game_matcher, plugin_rulesets
from engine.interface import plugin_inputs, questions_of
from engine.matching import Matcher, card_value
from tests.bot_harness import arbiter_on_fake

EPHEMERAL = 64
Q = "{q}"  # where the ambiguous name goes

# (game, question) -> Discord options per case, one card-name option holding Q
MENU_CASES: dict[tuple[str, str], list[dict[str, str]]] = {
    ("ashes", "ruling"): [{"card": Q, "units": "none"},
                          {"card": "Summon Gilder", "units": "both", "cancel_with": Q},
                          {"card": "Summon Gilder", "units": "mine", "reaction": Q}],
    ("dominion", "ruling"): [{"chain": f"Throne Room > {Q}"}, {"chain": "Tactician", "also": Q}],
    ("grand-archive", "ruling"): [{"object": "ally; attack", "effect": Q, "later": "ally"}],
    ("l5r", "order"): [{"at": "before a Personality is destroyed", "items": f"Legion of the Fallen; {Q}"}],
    ("l5r", "duration"): [{"card": Q}],
}


# Card-name options that are answered among the cards already named in the question, not the game's cards: no
# menu there; an unclear name is asked back with the names to choose from.
AMONG_THE_QUESTION: dict[tuple[str, str, str], dict[str, str]] = {
    ("dominion", "ruling", "may_trash"): {"chain": "Throne Room > Cargo Ship", "also": "Merchant Ship",
                                          "may_trash": "ship"},
}


def ambiguous_query(ruleset) -> str:
    """A short text that matches several of the game's starter cards: a word of a name, else a name's start."""
    starter = ruleset.starter()
    matcher = Matcher(starter.cards, starter.aliases)
    tried: list[str] = []
    for card in starter.cards:
        words = [w for w in card.name.replace(",", " ").split() if len(w) >= 4]
        tried += [w.lower() for w in words] + [card.name[:n].lower() for n in (3, 2)]
    for text in dict.fromkeys(tried):
        found = matcher.match(text)
        if found.how == "ambiguous" and len({c.card.name for c in found.candidates}) >= 2:
            return text
    raise AssertionError(f"no ambiguous name among {ruleset.game}'s starter cards")


def cases() -> list[tuple[str, str, int]]:
    return [(game, command, i) for (game, command), options in MENU_CASES.items() for i in range(len(options))]


def test_the_cases_cover_every_card_name_option_of_every_question():
    wanted = {(r.game, q.command, p.name) for r in plugin_rulesets() for q in questions_of(r)
              for p in plugin_inputs(q.params, "discord") if p.card_names}
    covered = {(game, command, name) for (game, command), options in MENU_CASES.items() for case in options
               for name, value in case.items() if Q in value}
    assert wanted == covered | set(AMONG_THE_QUESTION)


@pytest.mark.parametrize("key", list(AMONG_THE_QUESTION), ids=" ".join)
async def test_a_name_among_the_question_is_asked_back_with_its_choices(key, tmp_path):
    game, command, _ = key
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _):
        sent = await fake.send_command(f"{game} {command}", AMONG_THE_QUESTION[key], user=fake.user)
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL and not _components(body["data"])
        assert "name one of: Throne Room, Cargo Ship, Merchant Ship" in body["data"]["content"]


def _components(data: dict) -> list[dict]:
    return [c for row in data.get("components", []) for c in row["components"]]


def _embed_text(embed: dict) -> str:
    return "\n".join([embed.get("title", ""), embed.get("description", ""),
                      *(f"{f['name']}\n{f['value']}" for f in embed.get("fields", []))])


@pytest.mark.parametrize(("game", "command", "index"), cases(), ids=lambda v: str(v))
async def test_picking_from_the_menu_answers_for_the_picked_card(game, command, index, tmp_path):
    ruleset = next(r for r in plugin_rulesets() if r.game == game)
    query = ambiguous_query(ruleset)
    options = {k: v.replace(Q, query) for k, v in MENU_CASES[(game, command)][index].items()}
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, bot):
        sent = await fake.send_command(f"{game} {command}", options, user=fake.user)
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL, body
        assert body["data"]["content"].startswith(f"“{query}” matches several cards:"), body["data"]["content"]
        (select,) = _components(body["data"])
        assert select["type"] == 3 and len(select["options"]) >= 2
        option = select["options"][1]  # not the first: the pick must decide
        message_id = sent.state.original_message_id
        stranger = await fake.send_component(message_id, select["custom_id"], values=[option["value"]],
                                             user=fake.moderator)
        refused = await stranger.callback()
        assert refused["data"]["flags"] & EPHEMERAL and "Only the person who asked" in refused["data"]["content"]

        chosen = await fake.send_component(message_id, select["custom_id"], values=[option["value"]], user=fake.user)
        update = await chosen.callback()
        assert update["type"] == 7 and update["data"]["content"] == f"You chose {option['label']}.", update
        posted = await chosen.followup()
        assert posted.get("embeds"), posted  # an answer, not an error sentence
        embed = posted["embeds"][0]
        picked = next(c.card for c in game_matcher(bot.arbiter, ruleset).match(query).candidates
                      if c.card.label == option["label"])
        assert picked.name in _embed_text(embed)
        # asked by the picked card's name (when the name alone leads to that printing), the same ruling
        matcher = game_matcher(bot.arbiter, ruleset)
        name = picked.name if matcher.match(picked.name).card == picked else card_value(picked)
        inputs = {k: v.replace(Q, name) for k, v in MENU_CASES[(game, command)][index].items()}
        cli = game_answer(matcher, ruleset, inputs, next(iter(ruleset.versions())), command=command)
        assert f"Ruling {cli['ruling_id']}" in embed["footer"]["text"]
