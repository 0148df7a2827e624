"""The judge's reasons on demand, and ruleset versions in players' words, for every game through the fake Discord
(the real discord.py client): the public reply shows the player's answer, the card's text and the rules cited;
"Why" expands the asker's message with the reasons (anyone else gets them privately), and still works after the
bot restarts; every version button of every game is labelled as players call that version and answers under it;
and no reply names a command-line option."""

from __future__ import annotations

import json
import re

import pytest

from bot.catalog import Catalog
from bot.discord.runner import BotConfig, build_bot
from engine.registry import all_rulesets, find_ruleset
from tests.bot_harness import arbiter_on_fake
from tests.discord_helpers import EPHEMERAL, components, fields, press_why
from tests.engine.test_summary_first import QUESTIONS
from tests.fake_discord import FakeDiscord, running_bot

CLI_OPTION = re.compile(r"(?<![\w-])--[a-z]")


def test_every_version_has_a_label_in_players_words():
    for ruleset in all_rulesets():
        for key, version in ruleset.versions().items():
            assert version.label.strip(), (ruleset.game, key)
            assert key not in version.label.split(), (ruleset.game, key)  # words, not the internal key


async def test_why_expands_the_askers_message_and_is_private_for_anyone_else(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _bot):
        for game, _command, _argv, slash, options in QUESTIONS:
            sent = await fake.send_command(slash, options, user=fake.user)
            body = await sent.callback()
            public = body["data"]["embeds"][0]
            names = [f["name"] for f in public["fields"]]  # the official rulings' count last, when there are any
            assert names[-1] == "Rules cited" or names[-2:] == ["Rules cited", "Official rulings"], game
            assert set(fields(public)) <= {"Card text", "Rules cited", "Official rulings"}, game
            assert "Card text" in fields(public), game  # the ability text is shown next to the ruling
            message_id = sent.state.original_message_id
            before = json.dumps(fake.messages[message_id], sort_keys=True)

            private = await press_why(fake, message_id, body["data"], fake.moderator)
            assert private["type"] == 4 and private["data"]["flags"] & EPHEMERAL, game
            assert json.dumps(fake.messages[message_id], sort_keys=True) == before  # the shared message stays

            expanded = await press_why(fake, message_id, body["data"], fake.user)
            assert expanded["type"] == 7, game
            full = expanded["data"]["embeds"][0]
            assert full == private["data"]["embeds"][0], game  # the same reasons, whoever asks
            assert full["description"] == public["description"] and full["footer"] == public["footer"], game
            names = [f["name"] for f in full["fields"]]
            assert names[:len(public["fields"])] == [f["name"] for f in public["fields"]], game
            assert len(names) > len(public["fields"]), game  # the reasons come under the public reply
            assert fake.messages[message_id]["embeds"][0] == full, game
            # The buttons stay: the expanded message can still be pressed (and pressing Why again shows the
            # same reasons once, not twice).
            again = await press_why(fake, message_id, fake.messages[message_id], fake.user)
            assert again["data"]["embeds"][0] == full, game
            assert not CLI_OPTION.search(json.dumps(full, ensure_ascii=False)), (game, full)


async def test_every_version_button_of_every_game_answers_under_that_version(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _bot):
        for game, _command, _argv, slash, options in QUESTIONS:
            ruleset = find_ruleset(game)
            labels = {f"Under {v.label}": key for key, v in ruleset.versions().items()}
            sent = await fake.send_command(slash, options, user=fake.user)
            body = await sent.callback()
            message_id = sent.state.original_message_id
            first = body["data"]["embeds"][0]["footer"]["text"]
            shown = next(key for key in ruleset.versions() if f"ruleset {key} " in first)
            buttons = {b["label"]: b for b in components(body["data"]) if b.get("label", "").startswith("Under ")}
            assert set(buttons) == {label for label, key in labels.items() if key != shown}, game
            for label in buttons:
                key = labels[label]
                # the message's buttons as they are now (each press posts the versions not shown)
                button = next(b for b in components(fake.messages[message_id]) if b.get("label") == label)
                stranger = await fake.send_component(message_id, button["custom_id"], user=fake.moderator)
                private = await stranger.callback()
                assert private["type"] == 4 and private["data"]["flags"] & EPHEMERAL, (game, label)
                assert f"ruleset {key} " in private["data"]["embeds"][0]["footer"]["text"], (game, label)
                press = await fake.send_component(message_id, button["custom_id"], user=fake.user)
                update = await press.callback()
                assert update["type"] == 7, (game, label)
                footer = update["data"]["embeds"][0]["footer"]["text"]
                assert f"ruleset {key} " in footer, (game, label)  # the internal key only in the footer
                assert not any(key in b.get("label", "").split() for b in components(update["data"])), game
                # Why on the message as it is now gives that version's reasons
                why = await press_why(fake, message_id, update["data"], fake.user)
                assert why["data"]["embeds"][0]["footer"]["text"] == footer, (game, label)


async def test_why_works_after_a_restart(tmp_path):
    """The button carries the ruling id: a new bot process, with nothing in memory, asks the stored question
    again (bot/rulings) and shows its reasons on the message the old process posted."""
    db = tmp_path / "cards.db"
    Catalog.open(db).close()
    async with FakeDiscord() as fake:
        posted = []
        for _ in range(2):
            bot = build_bot(BotConfig(token=fake.token, db=db, maintainer_guilds=frozenset()),
                            guild_ready_timeout=0.05)
            async with running_bot(fake, bot):
                await fake.wait_for_request("PUT", r"/applications/\d+/commands")
                if not posted:
                    for _game, _command, _argv, slash, options in QUESTIONS:
                        sent = await fake.send_command(slash, options, user=fake.user)
                        body = await sent.callback()
                        posted.append((sent.state.original_message_id, body["data"]))
                    continue
                for message_id, data in posted:
                    ruling_id = data["embeds"][0]["footer"]["text"].split("Ruling ")[1].split(" ")[0]
                    assert bot.recent_answers.get(ruling_id, str(fake.guild.id)) is None  # nothing in memory
                    update = await press_why(fake, message_id, data, fake.user)
                    assert update["type"] == 7, update
                    full = update["data"]["embeds"][0]
                    assert full["description"] == data["embeds"][0]["description"]
                    assert len(full["fields"]) > len(data["embeds"][0]["fields"])


async def test_interpretations_and_errors_name_discord_options(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _bot):
        # No active player given: the interpretation names no command-line option in Discord.
        sent = await fake.send_command("l5r order", {"at": "before a Personality is destroyed",
                                                     "items": "Legion of the Fallen"}, user=fake.user)
        body = await sent.callback()
        why = await press_why(fake, sent.state.original_message_id, body["data"], fake.user)
        notes = fields(why["data"]["embeds"][0])["Interpretations"]
        assert "active player" in notes and not CLI_OPTION.search(notes)
        # An error about an option: said with the Discord option's name.
        sent = await fake.send_command("l5r order", {"at": "before a Personality is destroyed"})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert "`items`" in body["data"]["content"] and not CLI_OPTION.search(body["data"]["content"])


@pytest.mark.parametrize("text", ["No --active given.", "Add --at \"after X\" and --item CARD."])
def test_command_line_options_are_said_as_discord_options(text):
    from bot.discord.answers import discord_words
    from engine.interface import questions_of

    order = questions_of(find_ruleset("l5r"))[0]
    said = discord_words(text, order)
    assert not CLI_OPTION.search(said)
    assert said in ("No `active` given.", "Add `at` \"after X\" and `items` CARD.")
