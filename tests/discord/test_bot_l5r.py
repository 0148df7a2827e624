"""/l5r order and /l5r duration through the fake Discord: the seed's worked cases answer in chat as the CLI
answers them (same order, same rules, same ruling id), bad input gets one private sentence."""

from __future__ import annotations

import pytest

from bot.answers.games import game_answer, game_matcher
from engine.plain_words import headline
from engine.registry import find_ruleset
from tests.bot_harness import arbiter_on_fake
from tests.discord_helpers import fields, reasons

EPHEMERAL = 64
L5R = find_ruleset("l5r")


@pytest.fixture
def db(tmp_path):
    return tmp_path / "cards.db"


def fields_of(body: dict) -> dict[str, str]:
    return {f["name"]: f["value"] for f in body["data"]["embeds"][0]["fields"]}


async def reasons_of(fake, sent, body: dict) -> dict[str, str]:
    """The fields of a ruling with its reasons shown (the asker pressed "Why")."""
    return fields(await reasons(fake, sent, body))


ORDER_CASES = [
    # two before-destroyed traits of two Personalities: the active player picks (L6, L9)
    {"at": "before a Personality is destroyed", "active": "opponent",
     "items": "trait:Before Akodo Kano is destroyed, gain 1 Honor; trait:Before Bayushi Kachiko is destroyed, lose "
              "1 Honor@opponent"},
    # two delayed effects of one source (L6 D), and the step F Reaction after them
    {"at": "after he assigns",
     "items": "delayed:Akodo Kano:After he assigns, dishonor him and his controller loses 2 Honor; "
              "delayed:Akodo Kano:After he assigns, dishonor him and his controller loses 2 Honor; "
              "reaction:After he assigns, draw a card@opponent"},
    # starter cards at a when-point: the while bonus (B) and a later after-trait set aside
    {"at": "when this Follower defends", "items": "Disciples of Ganesh; Weathered Armor"},
]


async def test_order_cases_from_discord_match_the_cli(db):
    async with arbiter_on_fake(db) as (fake, bot):
        matcher = game_matcher(bot.arbiter, L5R)
        for options in ORDER_CASES:
            sent = await fake.send_command("l5r order", options)
            body = await sent.callback()
            assert body["type"] == 4, options
            cli = game_answer(matcher, L5R, {"at": options["at"], "item": options["items"].split("; "),
                                             "active": options.get("active")}, command="order")
            fields = await reasons_of(fake, sent, body)
            assert body["data"]["embeds"][0]["description"].splitlines()[0] == f"**{headline(cli['summary'])[0]}**"
            for entry in cli["order"]:
                value = fields[f"{entry['position']}. {entry['item']}"]
                assert value.startswith(f"**step {entry['step']} · {entry['controller']} · placed by "
                                        f"{entry['chosen_by']}** [{', '.join(entry['rules'])}]")
            for skipped in cli["skipped"]:
                assert fields[f"Not now: {skipped['item']}"].startswith("**does not act at this moment**")
            assert set(cli["rules"]) <= set(fields["Rules cited"].split(", "))
            assert f"Ruling {cli['ruling_id']}" in body["data"]["embeds"][0]["footer"]["text"]


async def test_compare_from_discord(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("l5r order", {"compare_first": "before your End Phase begins",
                                                     "compare_second": "after your Dynasty Phase ends"})
        body = await sent.callback()
        value = (await reasons_of(fake, sent, body))["Which comes first"]
        assert value.startswith("**after your Dynasty Phase ends → before your End Phase begins** [L3]")


async def test_duration_from_discord_next_time_or_fires_once(db):
    async with arbiter_on_fake(db) as (fake, bot):
        options = {"card": "haikitsu", "then": 'action-resolves occurs:"he attacks you" occurs:"an action on his '
                                               'card resolves" turn-ends'}
        sent = await fake.send_command("l5r duration", options)
        body = await sent.callback()
        embed = body["data"]["embeds"][0]
        assert embed["title"] == "L5R duration: Haikitsu"
        assert embed["description"] == ("**Haikitsu after the turn ends: “gain 1 Honor” already happened, once (after "
                                        "he attacks you); it does not happen again.**")
        fields = await reasons_of(fake, sent, body)
        assert fields["1. action-resolves"].startswith("**persists yes · effective no · waiting** [LD4]")
        assert fields["2. occurs:he attacks you"].startswith("**persists no · effective no · fired** [L11]")
        assert fields["3. occurs:an action on his card resolves"].startswith("**persists no · effective no · "
                                                                             "fired** [L11]")
        cli = game_answer(game_matcher(bot.arbiter, L5R), L5R, {"card": "Haikitsu", "then": [options["then"]]},
                          command="duration")
        assert f"Ruling {cli['ruling_id']}" in embed["footer"]["text"]


async def test_bad_input_gets_one_private_sentence(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("l5r duration", {"card": "Burning Spirit", "then": "round-ends"})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith("Unknown event “round-ends”; events are: action-announced")
        sent = await fake.send_command("l5r order", {"at": "during a battle", "items": "Large Farm"})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL and "before, when, after" in body["data"]["content"]


async def test_items_autocomplete_completes_the_last_card(db):
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_autocomplete("l5r order", {"items": "Large Farm; disciples of gan"}, focused="items")
        values = [c["value"] for c in (await sent.callback())["data"]["choices"]]
        assert values[0] == "Large Farm; Disciples of Ganesh"


def _imported(path, source) -> None:
    from bot.answers.games import import_sources
    from bot.catalog import Catalog

    Catalog.open(path).close()
    with Catalog.open(path) as catalog:
        import_sources(catalog, L5R, source, "test:importer")


async def test_card_view_shows_how_each_ability_reads_and_the_oracle_erratum(db, tmp_path, imported_catalog):
    from tests.shared_paths import require_shared

    imported_catalog((_imported, require_shared("l5r")), db.parent, db.name)
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("l5r card", {"name": "The Scorpion Wall is Finished"})
        fields = fields_of(await sent.callback())
        assert fields["Oracle erratum"] == 'The word "after" changed to "if" via technical erratum.'
        sent = await fake.send_command("l5r card", {"name": "Disciples of Ganesh"})
        fields = fields_of(await sent.callback())
        assert fields["Ability 1: conditional"] == ("“while ...” makes it a conditional continuous trait\n"
                                                    "Duration: while “while defending” (L4)")
        assert fields["Ability 2: trait · after this Follower is destroyed during battle"].startswith(
            "“After this Follower is destroyed during battle” triggers by itself")


async def test_real_cards_from_discord_match_the_cli(db, imported_catalog):
    # Phrase classes from the blind review, on the real Oracle cards: a granted Interrupt (Severed from the Emperor),
    # a named-point delay (Wedge), and "the next time (this turn) A, B, or C" (Bayushi Shizuka).
    from tests.shared_paths import require_shared

    imported_catalog((_imported, require_shared("l5r")), db.parent, db.name)
    async with arbiter_on_fake(db) as (fake, bot):
        matcher = game_matcher(bot.arbiter, L5R)
        for options in ({"at": "after a Favor action targets your cards",
                         "items": "Severed from the Emperor; reaction:After a Favor action targets a card, gain 1 "
                                  "Honor@opponent"},
                        {"at": "before the battle resolves", "items": "Wedge; trait:Before a battle resolves, gain 1 "
                                                                      "Honor"}):
            sent = await fake.send_command("l5r order", options)
            body = await sent.callback()
            cli = game_answer(matcher, L5R, {"at": options["at"], "item": options["items"].split("; ")},
                              command="order")
            fields = await reasons_of(fake, sent, body)
            assert [e["step"] for e in cli["order"]] in (["D", "F"], ["D", "E"])
            for entry in cli["order"]:
                assert fields[f"{entry['position']}. {entry['item']}"].startswith(
                    f"**step {entry['step']} · {entry['controller']} · placed by {entry['chosen_by']}**")
            assert f"Ruling {cli['ruling_id']}" in body["data"]["embeds"][0]["footer"]["text"]
        options = {"card": "Bayushi Shizuka", "then": 'action-resolves occurs:"his controller targets him" '
                                                      'occurs:"his controller assigns him"'}
        sent = await fake.send_command("l5r duration", options)
        body = await sent.callback()
        cli = game_answer(matcher, L5R, {"card": "Bayushi Shizuka", "then": [options["then"]]}, command="duration")
        assert [p["state"] for p in cli["timeline"]] == ["waiting", "fired", "fired"]
        assert body["data"]["embeds"][0]["description"] == (
            "**Bayushi Shizuka after his controller assigns him: “his controller loses Honor equal to his Personal "
            "Honor, then dishonor him” already happened, once (after his controller targets him).**\n"
            "It does not happen again.")  # an answer of 30 words or more: its first sentence leads, the rest under it
        fields = await reasons_of(fake, sent, body)
        assert fields["2. occurs:his controller targets him"].startswith("**persists no · effective no · fired** "
                                                                         "[L11]")
        assert f"Ruling {cli['ruling_id']}" in body["data"]["embeds"][0]["footer"]["text"]
        # bad input through Discord: the same one sentence with the kinds
        body = await (await fake.send_command("l5r order", {"at": "after a Personality is destroyed",
                                                            "items": "bogus:gain 1 Honor"})).callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith("“bogus” is not an item kind; kinds are: negate")
