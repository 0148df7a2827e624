"""/dominion through the fake Discord: every worked case of the design doc, answered as the CLI answers it."""

from __future__ import annotations

import pytest

from bot.answers.games import game_answer, game_matcher
from engine.plain_words import headline
from engine.registry import find_ruleset
from tests.bot_harness import arbiter_on_fake
from tests.discord_helpers import field, reasons
from tests.engine.dominion.test_dominion_cases import WORKED

EPHEMERAL = 64
DOMINION = find_ruleset("dominion")


@pytest.fixture
def db(tmp_path):
    return tmp_path / "cards.db"


async def test_every_worked_case_from_discord(db):
    async with arbiter_on_fake(db) as (fake, bot):
        matcher = game_matcher(bot.arbiter, DOMINION)
        for case in WORKED:
            chains, ruleset, expected, rules = case.values
            options = {"chain": chains[0], "ruleset": ruleset}
            if len(chains) > 1:
                options["also"] = chains[1]
            sent = await fake.send_command("dominion ruling", options)
            body = await sent.callback()
            assert body["type"] == 4, case.id
            embed = await reasons(fake, sent, body)  # the judge's reasons: one field per card
            fields = {f["name"]: f["value"] for f in embed["fields"]}
            cli = game_answer(matcher, DOMINION, {"chain": chains}, ruleset)
            # the answer's first line (its headline) in bold, the rest of a long one under it; official rulings after
            assert embed["description"].splitlines()[0] == f"**{headline(cli['summary'])[0]}**"
            assert {e["label"]: (e["leaves_play"]["cleanup"], e["leaves_play"]["turn"]) for e in cli["chain"]} \
                == expected, case.id
            for entry in cli["chain"]:
                name = entry["label"] + (f" (played by {entry['played_by']})" if entry["played_by"] else "")
                assert fields[name].startswith(f"**{entry['leaves_play']['when']}** [{', '.join(entry['rules'])}]")
            assert rules <= set(fields["Rules cited"].split(", ")), case.id
            assert f"Ruling {cli['ruling_id']}" in embed["footer"]["text"]


async def test_dominion_never_matches_a_redemption_name(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_autocomplete("dominion ruling", {"chain": "adino the ezn"}, focused="chain")
        names = [c["name"] for c in (await sent.callback())["data"]["choices"]]
        assert not any("Adino" in n for n in names)
        sent = await fake.send_command("dominion ruling", {"chain": "Adino, the Eznite"})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith("Adino, the Eznite is a Redemption CCG card:")  # not this game's


async def test_chain_autocomplete_keeps_what_was_typed(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_autocomplete("dominion ruling", {"chain": "Throne Room > tacti"}, focused="chain")
        values = [c["value"] for c in (await sent.callback())["data"]["choices"]]
        assert values[0] == "Throne Room > Tactician"


def _components(data: dict) -> list[dict]:
    return [c for row in data.get("components", []) for c in row["components"]]


async def test_an_ambiguous_name_gets_a_select_only_the_asker_can_use(db):
    """A plug-in game gets the card choice from the generic front end: "ship" is a word of two Dominion cards."""
    async with arbiter_on_fake(db) as (fake, bot):
        sent = await fake.send_command("dominion ruling", {"chain": "Throne Room > ship"}, user=fake.user)
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith("“ship” matches several cards:")
        (select,) = _components(body["data"])
        assert select["type"] == 3 and 2 <= len(select["options"]) <= 25
        labels = {o["label"].split(" (")[0]: o for o in select["options"]}
        assert {"Cargo Ship", "Merchant Ship"} <= set(labels)
        value = labels["Merchant Ship"]["value"]
        message_id = sent.state.original_message_id
        stranger = await fake.send_component(message_id, select["custom_id"], values=[value], user=fake.moderator)
        refused = await stranger.callback()
        assert refused["data"]["flags"] & EPHEMERAL and "Only the person who asked" in refused["data"]["content"]
        chosen = await fake.send_component(message_id, select["custom_id"], values=[value], user=fake.user)
        update = await chosen.callback()
        assert update["type"] == 7 and update["data"]["content"] == f"You chose {labels['Merchant Ship']['label']}."
        posted = await chosen.followup()
        embed = posted["embeds"][0]
        assert "Merchant Ship: " in field(embed, "Card text")  # asked again with exactly the picked card
        cli = game_answer(game_matcher(bot.arbiter, DOMINION), DOMINION, {"chain": ["Throne Room > Merchant Ship"]})
        assert f"Ruling {cli['ruling_id']}" in embed["footer"]["text"]
        assert embed["description"] == f"**{cli['summary']}**" and headline(cli["summary"])[1] == ""


async def test_versions_buttons_show_what_each_other_version_says(db):
    async with arbiter_on_fake(db) as (fake, bot):
        sent = await fake.send_command("dominion ruling", {"chain": "Band of Misfits > Caravan"}, user=fake.user)
        body = await sent.callback()
        buttons = {b["label"]: b for b in _components(body["data"])}
        others = [v for v in DOMINION.versions().values() if v.name != "current"]
        assert sorted(buttons) == sorted(["Why", *(f"Under {v.label}" for v in others)])  # players' words
        assert "ruleset current 2.2" in body["data"]["embeds"][0]["footer"]["text"]  # the key: footer only
        expected = game_answer(game_matcher(bot.arbiter, DOMINION), DOMINION,
                               {"chain": ["Band of Misfits > Caravan"]}, "older-wording")
        message_id = sent.state.original_message_id
        older = buttons["Under today's rules, older card wording"]
        press = await fake.send_component(message_id, older["custom_id"], user=fake.moderator)
        private = await press.callback()
        assert private["type"] == 4 and private["data"]["flags"] & EPHEMERAL  # anyone else: a private copy
        assert f"Ruling {expected['ruling_id']}" in private["data"]["embeds"][0]["footer"]["text"]
        press = await fake.send_component(message_id, older["custom_id"], user=fake.user)
        update = await press.callback()
        assert update["type"] == 7  # the asker's press changes the message
        assert f"Ruling {expected['ruling_id']}" in update["data"]["embeds"][0]["footer"]["text"]
        assert "Under today's rules and card wording" in {b["label"] for b in _components(update["data"])}
        assert "ruleset older-wording 2.1" in update["data"]["embeds"][0]["footer"]["text"]
