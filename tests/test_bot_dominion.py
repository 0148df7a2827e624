"""/dominion through the fake Discord: every worked case of the design doc, answered as the CLI answers it."""

from __future__ import annotations

import pytest

from bot.games import game_answer, game_matcher
from engine.registry import find_ruleset
from tests.bot_harness import arbiter_on_fake
from tests.test_dominion_cases import WORKED

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
            embed = body["data"]["embeds"][0]
            fields = {f["name"]: f["value"] for f in embed["fields"]}
            cli = game_answer(matcher, DOMINION, {"chain": chains}, ruleset)
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
        assert body["data"]["content"].startswith("No card matches “Adino, the Eznite”.")


async def test_chain_autocomplete_keeps_what_was_typed(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_autocomplete("dominion ruling", {"chain": "Throne Room > tacti"}, focused="chain")
        values = [c["value"] for c in (await sent.callback())["data"]["choices"]]
        assert values[0] == "Throne Room > Tactician"
