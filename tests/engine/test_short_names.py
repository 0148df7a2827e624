"""A short name (the words before a comma) never answers silently when another card's name begins with the
same words: the player may mean either, so both are asked."""

from __future__ import annotations

from bot.answers.games import parse_sources
from engine.cards import Card
from engine.matching import Matcher
from engine.names import base_name, fold
from engine.registry import find_ruleset
from tests.shared_paths import require_shared


def _card(name: str, set_: str = "S") -> Card:
    return Card(game="toy", name=name, set=set_)


def test_a_short_name_shared_with_the_start_of_another_name_is_asked():
    matcher = Matcher([_card("Kira, Seven Winds • Experienced"), _card("Kira • Experienced", "T"),
                       _card("Moro, the Quiet")], [])
    asked = matcher.match("kira")
    assert asked.how == "ambiguous"
    assert {c.card.name for c in asked.candidates} == {"Kira, Seven Winds • Experienced", "Kira • Experienced"}
    assert matcher.match("moro").card.name == "Moro, the Quiet"  # nothing else begins with "Moro"
    assert matcher.match("Kira • Experienced").card.name == "Kira • Experienced"  # the full name answers


def test_a_card_named_exactly_by_the_short_name_still_answers():
    matcher = Matcher([_card("Kira, Seven Winds"), _card("Kira"), _card("Kira Blade")], [])
    assert matcher.match("kira").card.name == "Kira"


def test_on_the_real_l5r_cards_no_short_name_answers_over_a_rival():
    folder = require_shared("l5r")
    cards = parse_sources(find_ruleset("l5r").sources, folder)  # type: ignore[attr-defined]
    matcher = Matcher(cards, [])
    full = {fold(c.name) for c in cards} | {fold(base_name(c.name)) for c in cards}
    checked = 0
    for card in cards:
        head, comma, _ = card.name.partition(", ")
        short = fold(head)
        if not comma or short in full:
            continue
        rivals = {c.name for c in cards if fold(c.name).startswith(short + " ") and "," not in c.name[:len(head) + 1]}
        if not rivals:
            continue
        checked += 1
        result = matcher.match(head)
        assert result.card is None, f"{head!r} answered {result.card.name!r} though {sorted(rivals)[:2]} begin so"
    assert checked >= 5
