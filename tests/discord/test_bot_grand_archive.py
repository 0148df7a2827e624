"""/grand-archive ruling through the fake Discord: the seed's worked cases, answered as the command line answers
them (Discord options have no order: `object` objects are on the field first, then the effects, then `later`
objects, then `then`)."""

from __future__ import annotations

from bot.answers.games import game_answer, game_matcher
from engine.registry import find_ruleset
from tests.bot_harness import arbiter_on_fake
from tests.discord_helpers import reasons

EPHEMERAL = 64
GA = find_ruleset("grand-archive")

# (Discord options, the same scenario typed on the command line, {embed field name: lead it starts with})
CASES = [
    ({"effect": "Inspiring Call", "later": "ally"}, [("effect", "Inspiring Call"), ("object", "ally")],
     {"ally ← Inspiring Call (2)": "**does not apply · one-shot · layer E · t1 · active** [GA1"}),
    ({"effect": "Inspiring Call", "object": "ally"}, [("object", "ally"), ("effect", "Inspiring Call")],
     {"ally ← Inspiring Call (2)": "**applies · one-shot · layer E · t2 · active** [GA1"}),
    ({"object": "ally", "effect": "Inspiring Call", "then": "end-of-turn"},
     [("object", "ally"), ("effect", "Inspiring Call"), ("then", "end-of-turn")],
     {"ally ← Inspiring Call (2)": "**does not apply · one-shot · layer E · t2 · ended**"}),
    ({"effect": "Claude", "later": "ally:automaton"}, [("effect", "Claude"), ("object", "ally:automaton")],
     {"ally:automaton ← Claude, Fated Visionary (2)": "**applies · static · layer D · t1 · active** [GA2, GA7",
      "ally:automaton ← Claude, Fated Visionary (2.2)": "**applies · static · layer D · t1 · active**"}),
    ({"effect": "Nullifying Lantern", "later": "card@graveyard", "then": "loses-abilities:Nullifying Lantern"},
     [("effect", "Nullifying Lantern"), ("object", "card@graveyard"), ("then", "loses-abilities:Nullifying Lantern")],
     {"card@graveyard ← Nullifying Lantern (1)": "**applies · static · layer C · t1 · active**"}),
    ({"effect": "Mordred; Caliburn of Silencing@opponent -> Mordred", "later": "attack@graveyard",
      "ruleset": "current"},
     [("effect", "Mordred"), ("effect", "Caliburn of Silencing@opponent -> Mordred"), ("object", "attack@graveyard")],
     {"attack@graveyard ← Mordred, Flawless Blade (1)": "**does not apply · static · layer D · t1 · active**",
      "All active effects, in order": "**Caliburn of Silencing (1) @opponent → Mordred, Flawless Blade (1)** "
                                      "[GA5, GA6, GA10]"}),
]


async def test_seed_cases_from_discord(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, bot):
        matcher = game_matcher(bot.arbiter, GA)
        for options, typed, expected in CASES:
            sent = await fake.send_command("grand-archive ruling", options)
            body = await sent.callback()
            assert body["type"] == 4, options
            embed = await reasons(fake, sent, body)  # the judge's reasons, under the public reply
            fields = {f["name"]: f["value"] for f in embed["fields"]}
            for name, lead in expected.items():
                assert fields[name].startswith(lead), (name, fields.get(name))
            cli = game_answer(matcher, GA, {"moments": typed}, options.get("ruleset", "current"))
            assert f"Ruling {cli['ruling_id']}" in embed["footer"]["text"]
            assert set(fields["Rules cited"].split(", ")) == set(cli["rules"])
            assert embed["title"] == "Grand Archive: continuous effects"


async def test_bad_input_is_a_private_sentence(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _):
        sent = await fake.send_command("grand-archive ruling", {"effect": "Claude", "object": "dragon:automaton"})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith("Unknown object kind “dragon” in “dragon:automaton”; kinds: ally")
        sent = await fake.send_command("grand-archive ruling", {"effect": "Adino, the Eznite"})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith("Adino, the Eznite is a Redemption CCG card:")  # not this game's


async def test_effect_autocomplete_offers_grand_archive_cards_after_the_last_separator(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _):
        sent = await fake.send_autocomplete("grand-archive ruling", {"effect": "Claude; nullifying lan"},
                                            focused="effect")
        values = [c["value"] for c in (await sent.callback())["data"]["choices"]]
        assert values and values[0] == "Claude; Nullifying Lantern"
