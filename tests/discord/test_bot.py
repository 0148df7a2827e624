"""The Discord bot through the real discord.py client logged in to the fake Discord on 127.0.0.1.

Every assertion is on the JSON the bot sends: synced commands, autocomplete choices, embeds, buttons,
select menus, permission refusals and audited moderator writes.
"""

from __future__ import annotations

import json

import pytest

from bot.catalog import Catalog
from bot.catalog.importer import REQUIRED_COLUMNS
from bot.discord.state import PATTERN
from engine.cards import Card
from engine.rulesets.redemption import EVENTS, ZONES
from tests.bot_harness import arbiter_on_fake
from tests.discord_helpers import press_why, reasons

EPHEMERAL = 64


@pytest.fixture
def db(tmp_path):
    return tmp_path / "cards.db"


def _field(embed: dict, name: str) -> str:
    return next(f["value"] for f in embed["fields"] if f["name"] == name)


def _buttons(message: dict) -> list[dict]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


async def test_synced_command_definitions(db):
    async with arbiter_on_fake(db) as (fake, _):
        put = fake.requests_matching("PUT", r"/applications/\d+/commands")[-1]
        commands = {c["name"]: c for c in put.json}
        assert {"duration", "card", "rule", "carddb"} <= set(commands)
        for command in put.json:
            assert command["description"] and command["description"] != "…"
            for option in command.get("options", []):
                assert option["description"] and option["description"] != "…"
        options = {o["name"]: o for o in commands["duration"]["options"]}
        assert [o["name"] for o in commands["duration"]["options"]] == ["card", "played_in", "set", "then", "ruleset",
                                                                       "turn", "players"]
        assert [c["value"] for c in options["turn"]["choices"]] == ["mine", "theirs"]
        assert (options["players"]["min_value"], options["players"]["max_value"]) == (2, 8)
        assert options["card"]["required"] is True and options["card"]["autocomplete"] is True
        assert [c["value"] for c in options["played_in"]["choices"]] == list(ZONES)
        assert options["set"]["autocomplete"] is True and options["then"]["autocomplete"] is True
        assert [c["value"] for c in options["ruleset"]["choices"]] == ["current", "previous"]
        carddb = commands["carddb"]
        assert str(carddb["default_member_permissions"]) == str(1 << 5)  # Manage Server
        assert {o["name"] for o in carddb["options"]} >= {"add", "edit", "alias", "annotate", "history", "undo",
                                                           "import", "role"}


async def test_autocomplete_answers_typos_from_memory(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_autocomplete("duration", {"card": "moabites maraud"}, focused="card")
        body = await sent.callback()
        assert body["type"] == 8
        choices = body["data"]["choices"]
        assert choices[0]["name"] == "Moabite Marauders (FoM)"
        assert 1 <= len(choices) <= 25
        assert all(1 <= len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
        sent = await fake.send_autocomplete("duration", {"card": "adino", "then": "phase-ends le"}, focused="then")
        values = [c["value"] for c in (await sent.callback())["data"]["choices"]]
        assert values == ["phase-ends leaves-play", "phase-ends leaves-battle", "phase-ends leaves-territory"]


async def test_duration_embed_for_adino(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("duration", {"card": "adino the eznite", "played_in": "battle",
                                                    "then": "phase-ends"})
        body = await sent.callback()
        assert body["type"] == 4
        data = body["data"]
        assert data["allowed_mentions"] == {"parse": []}
        embed = data["embeds"][0]
        assert embed["title"] == "Adino, the Eznite (II)"
        # The player's answer, then the starter set's official ruling on this very question, which agrees.
        assert embed["description"] == ("**Has ended: the phase ended. (Adino, the Eznite (II))**\n"
                                        "Agrees with the official ruling (Land of Redemption, \"Defining Duration\", "
                                        "2024).")
        # In public: the player's answer, the card's ability text and the rules cited; the reasons on demand.
        assert [f["name"] for f in embed["fields"]] == ["Card text", "Rules cited", "Official rulings"]
        assert _field(embed, "Official rulings").startswith("2 official rulings are recorded about Adino, the Eznite")
        assert _field(embed, "Card text").startswith("Evil Dominants are restricted while equipped.")
        assert _field(embed, "Rules cited") == "D8, D1, D9"
        assert "Ruling R-" in embed["footer"]["text"] and "current 2024.2" in embed["footer"]["text"]
        labels = [b["label"] for b in _buttons(data)]
        # nothing left to happen: no event buttons; the other version in players' words, its key in the footer
        assert labels == ["Under the 2023 rules (before Defining Duration)", "Why"]
        full = await reasons(fake, sent, body)
        assert full["description"] == embed["description"]
        assert _field(full, "Card text") == _field(embed, "Card text")
        assert _field(full, "Verdict") == "**persists no · effective no**\nplayed in battle → 1. phase-ends ⇒ ended"
        assert _field(full, "Upper bound").startswith("**D1**\nD8 needs another duration as its bound")
        assert "[D8] “while equipped”" in _field(full, "Trace")


async def test_duration_keeps_the_table_and_a_numbered_condition_in_its_buttons(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("duration", {"card": "adino the eznite", "played_in": "battle",
                                                    "then": "condition-false:1", "turn": "theirs", "players": 3})
        data = (await sent.callback())["data"]
        assert data["embeds"][0]["description"].startswith("**Still going, but switched off for now")
        buttons = [b for b in _buttons(data) if b["custom_id"].startswith("arb:")]
        assert buttons and all("~t3" in b["custom_id"] and ":F1" in b["custom_id"] for b in buttons)
        other = next(b for b in buttons if b["label"].startswith("Under the"))
        update = await (await fake.send_component(sent.state.original_message_id, other["custom_id"])).callback()
        assert all("~t3" in b["custom_id"] for b in _buttons(update["data"]) if b["custom_id"].startswith("arb:"))
        assert update["data"]["embeds"][0]["description"].startswith("**Still going, but switched off for now")
        # A condition named by a word is answered; a button could not carry it, so none is offered.
        sent = await fake.send_command("duration", {"card": "adino the eznite", "played_in": "battle",
                                                    "then": "condition-false:equipped"})
        data = (await sent.callback())["data"]
        assert data["embeds"][0]["description"].startswith("**Still going, but switched off for now")
        assert not [b for b in _buttons(data) if b["custom_id"].startswith("arb:")]
        sent = await fake.send_command("duration", {"card": "adino the eznite", "played_in": "battle",
                                                    "then": "phase-ends:2"})
        body = await sent.callback()
        assert body["data"]["content"].startswith("Unknown event") and body["data"]["flags"] == 64


async def test_ruling_id_is_stable_across_restarts(db):
    footers = []
    for _ in range(2):
        async with arbiter_on_fake(db) as (fake, _):
            sent = await fake.send_command("duration", {"card": "three woes", "played_in": "territory"})
            footers.append((await sent.callback())["data"]["embeds"][0]["footer"]["text"])
    assert footers[0] == footers[1]


async def test_button_press_updates_the_same_message(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("duration", {"card": "three woes", "played_in": "territory"})
        body = await sent.callback()
        labels = [b["label"] for b in _buttons(body["data"])]
        assert "Then: the result the ability targeted changes" in labels and "Then: the round ends" in labels
        assert "Lasts while Three Woes stays where it was placed." in body["data"]["embeds"][0]["description"]
        message_id = sent.state.original_message_id
        changed = "Then: the result the ability targeted changes"
        button = next(b for b in _buttons(body["data"]) if b["label"] == changed)
        press = await fake.send_component(message_id, button["custom_id"])
        update = await press.callback()
        assert update["type"] == 7
        embed = update["data"]["embeds"][0]
        assert embed["description"].startswith("**Has ended: ")
        assert embed["description"] == fake.messages[message_id]["embeds"][0]["description"]
        full = await press_why(fake, message_id, fake.messages[message_id])
        assert _field(full["data"]["embeds"][0], "Verdict") == ("**persists no · effective no**\nplayed in territory "
                                                                "→ 1. result-changed ⇒ ended")
        toggle = next(b for b in _buttons(update["data"]) if b["label"].startswith("Under the 2023 rules"))
        again = await fake.send_component(message_id, toggle["custom_id"])
        footer = (await again.callback())["data"]["embeds"][0]["footer"]["text"]
        assert "previous 2023.1" in footer


def _add_marauders(db) -> None:
    """A second card with the word "marauders" (the starter set has Moabite Marauders)."""
    catalog = Catalog.open(db)
    catalog.add_card(Card("redemption", "Syrian Marauders", "LoC", type="Evil Character",
                          text="Discard a Hero in battle."), "test")
    catalog.close()


async def test_ambiguous_name_offers_a_select_only_the_invoker_can_use(db):
    _add_marauders(db)
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("duration", {"card": "marauders", "played_in": "territory"},
                                       user=fake.user)
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith("“marauders” matches several cards:")
        select = _buttons(body["data"])[0]
        assert select["type"] == 3
        labels = sorted(o["label"] for o in select["options"])
        assert labels == ["Moabite Marauders (FoM)", "Syrian Marauders (LoC)"]
        message_id = sent.state.original_message_id
        value = next(o["value"] for o in select["options"] if o["label"] == "Moabite Marauders (FoM)")
        stranger = await fake.send_component(message_id, select["custom_id"], values=[value], user=fake.moderator)
        refused = await stranger.callback()
        assert refused["data"]["flags"] & EPHEMERAL and "Only the person who asked" in refused["data"]["content"]
        chosen = await fake.send_component(message_id, select["custom_id"], values=[value], user=fake.user)
        assert (await chosen.callback())["type"] == 7
        followup = await chosen.followup()
        assert followup["embeds"][0]["title"] == "Moabite Marauders (FoM)"


async def test_a_name_several_printings_share_is_answered_for_the_default_printing(db):
    catalog = Catalog.open(db)  # the starter set has Three Woes (RoJ); a Fundraiser printing that reads otherwise
    catalog.add_card(Card("redemption", "Three Woes [Fundraiser]", "Fund", type="Dominant",
                          text="Place in territory: negate a card for one round."), "test")
    catalog.close()
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("duration", {"card": "three woes", "played_in": "territory"},
                                       user=fake.user)
        body = await sent.callback()
        embed = body["data"]["embeds"][0]
        lines = embed["description"].split("\n")
        assert embed["title"] == "Three Woes (RoJ)"
        assert lines[0].startswith("**") and lines[0].endswith("**")  # the player's answer, in bold
        assert lines[1] == ("Answered for Three Woes (RoJ), the default printing; the [Fundraiser] printing reads "
                            "differently but gives the same answer.")
        # A menu offers the printings that read differently; the asker's pick changes the message.
        menu = next(c for c in _buttons(body["data"]) if c["type"] == 3)
        assert [o["label"] for o in menu["options"]] == ["Three Woes [Fundraiser]"]
        message_id = sent.state.original_message_id
        value = menu["options"][0]["value"]
        stranger = await fake.send_component(message_id, menu["custom_id"], values=[value], user=fake.moderator)
        private = await stranger.callback()
        assert private["type"] == 4 and private["data"]["flags"] & EPHEMERAL
        assert private["data"]["embeds"][0]["title"] == "Three Woes [Fundraiser]"
        picked = await fake.send_component(message_id, menu["custom_id"], values=[value], user=fake.user)
        update = await picked.callback()
        assert update["type"] == 7
        assert update["data"]["embeds"][0]["title"] == "Three Woes [Fundraiser]"
        # ... whose own menu offers the printing that was judged before
        menu = next(c for c in _buttons(update["data"]) if c["type"] == 3)
        assert [o["label"] for o in menu["options"]] == ["Three Woes (RoJ)"]
        sent = await fake.send_command("duration", {"card": "three woes", "set": "Fundraiser",
                                                    "played_in": "territory"})
        assert (await sent.callback())["data"]["embeds"][0]["title"] == "Three Woes [Fundraiser]"


async def test_unknown_card_gets_closest_names_ephemerally(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("duration", {"card": "zzqx flarn", "played_in": "battle"})
        body = await sent.callback()
        assert body["type"] == 4 and body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith("No card matches “zzqx flarn”.")
        assert "embeds" not in body["data"] or not body["data"]["embeds"]


async def test_unknown_event_lists_valid_events(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("duration", {"card": "adino the eznite", "played_in": "battle",
                                                    "then": "phase-ends explodes"})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"] == (f"Unknown event “explodes”. Valid events: {', '.join(EVENTS)} "
                                           "(condition-false:2 names one condition).")


async def test_hostile_input_is_answered_safely(db):
    async with arbiter_on_fake(db) as (fake, _):
        for name in ["@everyone <@123> **x** ||y||", "a" * 6000, "adino\x00the eznite", "`" * 50]:
            sent = await fake.send_command("duration", {"card": name, "played_in": "battle"})
            body = await sent.callback()
            data = body["data"]
            assert data["allowed_mentions"] == {"parse": []}
            text = json.dumps(data)
            assert "@everyone" not in text.replace("@\\u200beveryone", "")
            assert len(data.get("content") or "") <= 2000
        sent = await fake.send_autocomplete("duration", {"card": "x" * 10_000}, focused="card")
        assert (await sent.callback())["type"] == 8
        assert not fake.internal_errors


async def test_non_moderator_is_refused_in_code(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("carddb alias", {"alias": "ezzy", "card": "adino the eznite"},
                                       user=fake.user, enforce_permissions=False)
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"] == ("Only members with Manage Server or the card moderator role can do "
                                           "that.")
    assert Catalog.open(db).history(limit=5)[0].actor == "starter"


async def test_moderator_edit_is_audited_and_undone(db):
    async with arbiter_on_fake(db) as (fake, bot):
        original = bot.arbiter.catalog.card("redemption", "Adino, the Eznite", "II").text
        sent = await fake.send_command("carddb edit", {"card": "adino the eznite", "field": "text",
                                                       "value": "While equipped, gains 2/2."},
                                       user=fake.moderator)
        deferred = await sent.callback()
        assert deferred["type"] == 5 and deferred["data"]["flags"] & EPHEMERAL
        done = await sent.followup()
        entry = bot.arbiter.catalog.history(limit=1)[0]
        assert done["content"] == f"Changed text of Adino, the Eznite (II). Undo with /carddb undo id:{entry.id}."
        assert entry.actor == f"discord:{fake.moderator['id']}" and entry.action
        assert bot.arbiter.catalog.card("redemption", "Adino, the Eznite", "II").text == "While equipped, gains 2/2."
        listed = await fake.send_command("carddb history", {"limit": 3}, user=fake.moderator)
        await listed.callback()
        assert (await listed.followup())["content"].splitlines()[0] == (
            f"\\#{entry.id} {entry.at[:10]} discord:{fake.moderator['id']} edited Adino, the Eznite (II): text")
        undo = await fake.send_command("carddb undo", {"id": entry.id}, user=fake.moderator)
        await undo.callback()
        assert (await undo.followup())["content"].startswith(f"Change #{entry.id} undone")
        restored = bot.arbiter.catalog.card("redemption", "Adino, the Eznite", "II").text
        assert restored == original


def _upload(fake, name: str, data: bytes) -> dict:
    """An attachment option as Discord sends it, its content served by the fake at its url."""
    att_id = fake.snowflakes.next()
    fake.attachments[att_id] = data
    return {"filename": name, "size": len(data), "url": f"{fake.http_base}/attachments/0/{att_id}/{name}"}


async def test_an_uploaded_card_file_is_named_when_refused_and_nothing_changes(db):
    async with arbiter_on_fake(db) as (fake, bot):
        before = len(bot.arbiter.catalog.history(limit=50))
        header = "\t".join(REQUIRED_COLUMNS)
        for name, data, said in (("mycards.txt", (header + "\n").encode(), "mycards.txt: "),
                                 ("broken.txt", b"Name\tSet\n\xff\xfe", "broken.txt, line 2: ")):
            sent = await fake.send_command("carddb import", {"file": _upload(fake, name, data)}, user=fake.moderator)
            await sent.callback()
            reply = await sent.followup()
            assert reply["flags"] & EPHEMERAL and reply["content"].startswith(said), reply["content"]
        assert len(bot.arbiter.catalog.history(limit=50)) == before  # nothing was imported


async def test_moderator_role_grants_access(db):
    async with arbiter_on_fake(db) as (fake, _):
        role = fake.guild.add_role("Card Judges", 0)
        await fake.dispatch("GUILD_ROLE_CREATE", {"guild_id": fake.guild.id, "role": role})
        judge = fake.add_user("judy")
        fake.guild.add_member(judge, roles=[role])
        before = await fake.send_command("carddb alias", {"alias": "ezzy", "card": "adino the eznite"},
                                         user=judge, enforce_permissions=False)
        assert "Only members with Manage Server" in (await before.callback())["data"]["content"]
        sent = await fake.send_command("carddb role", {"role": role}, user=fake.owner)
        await sent.callback()
        assert "can now moderate cards" in (await sent.followup())["content"]
        after = await fake.send_command("carddb alias", {"alias": "ezzy", "card": "adino the eznite"},
                                        user=judge, enforce_permissions=False)
        await after.callback()
        content = (await after.followup())["content"]
        alias_entry = Catalog.open(db).history(limit=1)[0]
        assert content == (f"“ezzy” now leads to Adino, the Eznite (shared catalog: every server). Undo with "
                           f"/carddb undo id:{alias_entry.id}.")
        role_setter = await fake.send_command("carddb role", {"role": role}, user=judge, enforce_permissions=False)
        assert "Only members with Manage Server" in (await role_setter.callback())["data"]["content"]


async def test_card_and_rule_commands(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("card", {"name": "teaching in parables"})
        embed = (await sent.callback())["data"]["embeds"][0]
        assert embed["title"] == "Teaching in Parables (GoC)"
        assert _field(embed, "Terms · STAR").startswith("instant")
        assert _field(embed, "Terms · GE").startswith("D4 “this turn”")
        sent = await fake.send_command("rule", {"id": "d3"})
        embed = (await sent.callback())["data"]["embeds"][0]
        assert embed["title"] == "D3 · target result"
        assert "Defining Duration" in _field(embed, "Source")


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out or "0"


async def test_button_for_a_deleted_card_answers_with_one_ephemeral_sentence(db):
    async with arbiter_on_fake(db) as (fake, bot):
        sent = await fake.send_command("duration", {"card": "three woes", "played_in": "territory"})
        body = await sent.callback()
        message_id = sent.state.original_message_id
        button = next(b for b in _buttons(body["data"]) if b["label"] == "Then: the round ends")
        card = bot.card_refs[PATTERN.fullmatch(button["custom_id"])["card"]]
        bot.arbiter.catalog.delete_card(card.game, card.name, card.set, "test")
        await bot.refresh_catalog()
        before = len(fake.message_history[message_id])
        press = await fake.send_component(message_id, button["custom_id"])
        answer = await press.callback()
        assert answer["type"] == 4
        assert answer["data"]["flags"] & EPHEMERAL
        assert answer["data"]["content"] == "That card is no longer in the database; ask again with /duration."
        assert len(fake.message_history[message_id]) == before  # the shared message is left alone


async def test_card_choice_for_a_deleted_card_answers_with_one_ephemeral_sentence(db):
    _add_marauders(db)
    async with arbiter_on_fake(db) as (fake, bot):
        sent = await fake.send_command("duration", {"card": "marauders", "played_in": "territory"})
        body = await sent.callback()
        select = _buttons(body["data"])[0]
        value = next(o["value"] for o in select["options"] if o["label"] == "Syrian Marauders (LoC)")
        bot.arbiter.catalog.delete_card("redemption", "Syrian Marauders", "LoC", "test")  # as added
        await bot.refresh_catalog()
        chosen = await fake.send_component(sent.state.original_message_id, select["custom_id"], values=[value])
        answer = await chosen.callback()
        assert answer["type"] == 4 and answer["data"]["flags"] & EPHEMERAL
        assert answer["data"]["content"] == "That card is no longer in the database; ask again with /duration."


async def test_buttons_carry_the_invoker_and_a_stranger_gets_a_private_copy(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("duration", {"card": "three woes", "played_in": "territory"},
                                       user=fake.user)
        body = await sent.callback()
        message_id = sent.state.original_message_id
        buttons = _buttons(body["data"])
        assert all(b["custom_id"].endswith("@" + _base36(int(fake.user["id"]))) for b in buttons)
        assert all(len(b["custom_id"]) <= 100 for b in buttons)
        shared = json.dumps(fake.messages[message_id], sort_keys=True)
        versions = len(fake.message_history[message_id])

        button = next(b for b in buttons if b["label"] == "Then: the result the ability targeted changes")
        press = await fake.send_component(message_id, button["custom_id"], user=fake.moderator)
        reply = await press.callback()
        assert reply["type"] == 4  # a new message, not an update of the shared one
        assert reply["data"]["flags"] & EPHEMERAL
        assert reply["data"]["content"] == ("Only the person who asked can change that message; here is the "
                                            "ruling for you.")
        embed = reply["data"]["embeds"][0]
        assert embed["description"].startswith("**Has ended: ")
        own = _buttons(reply["data"])
        assert own and all(b["custom_id"].endswith("@" + _base36(int(fake.moderator["id"]))) for b in own)
        assert json.dumps(fake.messages[message_id], sort_keys=True) == shared
        assert len(fake.message_history[message_id]) == versions

        # The stranger's copy is theirs: pressing its buttons updates that copy in place.
        copy_id = press.state.original_message_id
        toggle = next(b for b in own if b["label"].startswith("Under the 2023 rules"))
        again = await fake.send_component(copy_id, toggle["custom_id"], user=fake.moderator)
        update = await again.callback()
        assert update["type"] == 7
        assert "previous 2023.1" in update["data"]["embeds"][0]["footer"]["text"]
        assert "previous 2023.1" in fake.messages[copy_id]["embeds"][0]["footer"]["text"]
        assert json.dumps(fake.messages[message_id], sort_keys=True) == shared

        # The invoker still changes the shared message.
        mine = await fake.send_component(message_id, button["custom_id"], user=fake.user)
        assert (await mine.callback())["type"] == 7
        assert fake.messages[message_id]["embeds"][0]["description"].startswith("**Has ended: ")


async def test_carddb_annotate_checks_the_value_like_the_command_line(db):
    async with arbiter_on_fake(db) as (fake, bot):
        before = bot.arbiter.catalog.history(limit=100)
        sent = await fake.send_command("carddb annotate", {"card": "adino the eznite", "rule": "D4",
                                                           "value": "fortnight"}, user=fake.moderator)
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"] == (
            "'fortnight' is not a D4 length; use phase, battle, turn, round, next-turn, game, turns:N, rounds:N (N a "
            "positive whole number or X) or next-<phase>-phase (phase: draw, upkeep, preparation, battle, discard).")
        sent = await fake.send_command("carddb annotate", {"card": "adino the eznite", "rule": "instant",
                                                           "value": "self"}, user=fake.moderator)
        assert (await sent.callback())["data"]["content"] == (
            "Rule instant takes no value (values are D4 lengths and the D3 'self'), not 'self'.")
        assert bot.arbiter.catalog.history(limit=100) == before
        sent = await fake.send_command("carddb annotate", {"card": "adino the eznite", "rule": "D4",
                                                           "value": "Turns:X"}, user=fake.moderator)
        await sent.callback()
        assert (await sent.followup())["content"].startswith("Annotation ")
        notes = bot.arbiter.catalog.annotations("redemption", "Adino, the Eznite", "II")
        assert (notes[-1].rule, notes[-1].value) == ("D4", "turns:X")
