"""Buttons and menus outlive the process (bot/discord/components.py): one bot posts every game's answer (with its
"Why", version and next-event buttons) and every game's "which card?" menu; a second bot process state, with
nothing in memory, on the same database and the same fake Discord, serves every press on those old messages;
a component it can no longer serve gets one private sentence."""

from __future__ import annotations

import asyncio
import copy
from dataclasses import replace

from bot.catalog import Catalog
from bot.discord.components import STALE
from bot.discord.runner import BotConfig, build_bot
from engine.registry import find_ruleset
from tests.discord_helpers import EPHEMERAL, components
from tests.engine.test_summary_first import QUESTIONS
from tests.fake_discord import FakeDiscord, running_bot

# For each question of QUESTIONS: the option naming a card, and the card it names (copied twice under names that
# share a word, so the word is ambiguous and the question asks back with a menu).
NAMED = {("redemption", "duration"): ("card", "Adino, the Eznite"),
         ("dominion", "ruling"): ("chain", "Tactician"),
         ("grand-archive", "ruling"): ("effect", "Inspiring Call"),
         ("l5r", "order"): ("items", "Weathered Armor"),
         ("l5r", "duration"): ("card", "Haikitsu"),
         ("ashes", "ruling"): ("card", "Summon Gilder")}
TWINS = ("Zorblax Alpha", "Zorblax Beta")


def _catalog(db) -> None:
    with Catalog.open(db) as catalog:
        for (game, _command), (_option, name) in NAMED.items():
            found = catalog.printings(game, name) or [c for c in find_ruleset(game).starter().cards if c.name == name]
            card = found[0]
            for twin in TWINS:
                if not catalog.printings(game, twin):
                    catalog.add_card(replace(card, name=twin), "test")


def _ambiguous(options: dict, option: str, name: str) -> dict:
    return {**options, option: options[option].replace(name, "zorblax")}


async def _press(fake: FakeDiscord, message_id: str, component: dict, user: dict, values=None) -> dict:
    sent = await fake.send_component(message_id, component["custom_id"], user=user,
                                     **({"values": values} if values else {}))
    return await sent.callback()


async def test_every_games_buttons_and_menus_work_after_a_restart(tmp_path):
    db = tmp_path / "cards.db"
    _catalog(db)
    answers: list[tuple[str, str, dict]] = []   # (game, message id, data)
    menus: list[tuple[str, str, dict]] = []
    async with FakeDiscord() as fake:
        for start in range(2):
            bot = build_bot(BotConfig(token=fake.token, db=db), guild_ready_timeout=0.05)
            async with running_bot(fake, bot):
                await fake.wait_for_request("PUT", r"/applications/\d+/commands")
                if start == 0:  # the first process posts, and is then gone
                    for game, command, _argv, slash, options in QUESTIONS:
                        sent = await fake.send_command(slash, options, user=fake.user)
                        body = await sent.callback()
                        answers.append((game, sent.state.original_message_id, body["data"]))
                        option, name = NAMED[(game, command)]
                        sent = await fake.send_command(slash, _ambiguous(options, option, name), user=fake.user)
                        body = await sent.callback()
                        assert body["data"]["flags"] & EPHEMERAL and components(body["data"]), (game, body)
                        menus.append((game, sent.state.original_message_id, body["data"]))
                    sent = await fake.send_command("card", {"name": "zorblax"}, user=fake.user)  # every game's twins
                    body = await sent.callback()
                    menus.append(("card", sent.state.original_message_id, body["data"]))
                    continue
                assert not bot.recent_answers.get("x", None)
                for game, message_id, data in answers:
                    buttons = [b for b in components(data) if b["type"] == 2]
                    assert buttons, game
                    for button in buttons:  # every button of the old message: anyone else's press is private
                        private = await _press(fake, message_id, button, fake.moderator)
                        assert private["type"] == 4 and private["data"]["flags"] & EPHEMERAL, (game, button)
                        assert private["data"]["embeds"], (game, button["label"], private)
                        key = next((k for k, v in find_ruleset(game).versions().items()
                                    if button["label"] == f"Under {v.label}"), None)
                        if key is not None:  # a version button answers under that version
                            assert f"ruleset {key} " in private["data"]["embeds"][0]["footer"]["text"], game
                    ids = [b["custom_id"] for b in buttons]
                    assert [b["custom_id"] for b in components(fake.messages[message_id])] == ids  # unchanged
                    update = await _press(fake, message_id, buttons[-1], fake.user)  # the asker's changes it
                    assert update["type"] == 7 and update["data"]["embeds"], (game, update)
                for game, message_id, data in menus:
                    (select,) = components(data)
                    option = next(o for o in select["options"] if o["label"].startswith(TWINS[1]))
                    refused = await _press(fake, message_id, select, fake.moderator, [option["value"]])
                    assert "Only the person who asked" in refused["data"]["content"], game
                    chosen = await fake.send_component(message_id, select["custom_id"], values=[option["value"]],
                                                       user=fake.user)
                    update = await chosen.callback()
                    assert update["type"] == 7 and update["data"]["content"].startswith("You chose Zorblax Beta"), \
                        (game, update)
                    await asyncio.sleep(0.2)  # a second handler of the same pick would have answered by now
                    callbacks = [r for r in fake.requests if r.path.startswith(f"/interactions/{chosen.state.id}/")]
                    assert len(callbacks) == 1, (game, [r.status for r in callbacks])
                    posted = await chosen.followup()
                    if game == "card":
                        assert posted["embeds"][0]["title"].startswith("Zorblax Beta"), posted
                    else:
                        assert "Ruling " in posted["embeds"][0]["footer"]["text"], game

                # What can no longer be served: one private sentence each.
                game, message_id, data = answers[1]
                for custom_id in ("0f3e2d1c4b5a69788796a5b4c3d2e1f0",  # a menu kept in an older version's memory
                                  "arbv:D-0000000000:current@1",        # a ruling not stored here
                                  "arbq:0123456789abcdef@1",            # a question not stored here
                                  "arb:zzzz", "arbp:zzzz", "arbq:zz@1",  # Arbiter's prefixes, unreadable
                                  "arbx:foo"):                          # a prefix this version does not know
                    fake.messages[message_id] = stale = copy.deepcopy(fake.messages[message_id])
                    stale["components"][0]["components"][0]["custom_id"] = custom_id
                    press = await fake.send_component(message_id, custom_id, user=fake.user)
                    body = await press.callback()
                    assert body["type"] == 4 and body["data"]["flags"] & EPHEMERAL, custom_id
                    assert body["data"]["content"] == STALE, (custom_id, body)
