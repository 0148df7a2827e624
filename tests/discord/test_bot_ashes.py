"""/ashes ruling through the fake Discord: the seed's worked cases, answered as the engine answers them."""

from __future__ import annotations

from bot.answers.games import game_answer, game_matcher
from engine.registry import find_ruleset
from tests.bot_harness import arbiter_on_fake
from tests.discord_helpers import reasons

EPHEMERAL = 64
ASHES = find_ruleset("ashes")

CASES = [
    ({"card": "Summon Gilder", "battlefield_full": True, "units": "theirs", "ruleset": "1e"},
     {"Part 1: Place a Gilder conjuration onto your battlefield.": "skipped"}),
    ({"card": "Summon Gilder", "units": "theirs", "cancel_with": "Golden Veil", "ruleset": "1e"},
     {"Cancel: Golden Veil": "applies"}),
    ({"card": "One Hundred Blades", "units": "theirs", "cancel_with": "Golden Veil", "ruleset": "1e"},
     {"Cancel: Golden Veil": "does not apply"}),
    ({"card": "Summon Dread Wraith", "focus": "2", "conjurations_left": "0", "ruleset": "1e"},
     {"Part 1: Place a Dread Wraith conjuration onto your battlefield.": "skipped"}),
    ({"card": "Phoenix Barrage", "ruleset": "1e", "unit": "Gilder@theirs; Anchornaut@mine",
      "target": "1=Gilder@theirs"},
     {"Part 1: Deal 4 damage to a target unit. [target]": "resolves"}),
]


async def test_seed_cases_from_discord(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, bot):
        matcher = game_matcher(bot.arbiter, ASHES)
        for options, expected in CASES:
            sent = await fake.send_command("ashes ruling", options)
            body = await sent.callback()
            assert body["type"] == 4, options
            embed = await reasons(fake, sent, body)  # the judge's reasons, under the public reply
            fields = {f["name"]: f["value"] for f in embed["fields"]}
            for name, lead in expected.items():
                assert fields[name].startswith(f"**{lead}**"), (name, fields.get(name))
            inputs = {k: v for k, v in options.items() if k != "ruleset"}
            for key in ("unit", "target"):  # the command line passes repeated options as a list
                if key in inputs:
                    inputs[key] = [v.strip() for v in inputs[key].split(";")]
            cli = game_answer(matcher, ASHES, inputs, options["ruleset"])
            assert f"Ruling {cli['ruling_id']}" in embed["footer"]["text"]
            assert set(fields["Rules cited"].split(", ")) == set(cli["rules"])
            for step in cli["steps"]:
                assert f"{step['step']}. {step['name']}" in fields


async def test_bad_input_is_a_private_sentence(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _):
        sent = await fake.send_command("ashes ruling", {"card": "Summon Gilder", "decline": "1"})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        # the option named as Discord shows it, never as the command line spells it (--decline)
        assert body["data"]["content"].startswith("`decline` 1: only optional (“you may”) parts can be declined")
        sent = await fake.send_command("ashes ruling", {"card": "Adino, the Eznite"})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith("Adino, the Eznite is a Redemption CCG card:")  # not this game's


async def test_card_autocomplete_offers_ashes_cards_only(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _):
        sent = await fake.send_autocomplete("ashes ruling", {"card": "summon gil"}, focused="card")
        names = [c["name"] for c in (await sent.callback())["data"]["choices"]]
        assert names and names[0].startswith("Summon Gilder")
        sent = await fake.send_autocomplete("ashes ruling", {"cancel_with": "golden"}, focused="cancel_with")
        assert any(c["name"].startswith("Golden Veil") for c in (await sent.callback())["data"]["choices"])
