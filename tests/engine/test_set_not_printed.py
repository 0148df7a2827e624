"""Bad input changes nothing and is said: a set a card was never printed in is refused with the card's sets, for
every real Redemption card name typed exactly or in lower case, including the 207 names other cards' names begin
with ("Adino" beside "Adino, the Eznite"), which used to answer their default printing as if no set were given."""

from __future__ import annotations

import pytest

from engine.names import base_name
from tests.engine.test_matching import matcher, real_cards


@pytest.mark.parametrize("typed", [str, str.lower], ids=["as-printed", "lower-case"])
def test_a_set_no_printing_has_is_refused_for_every_card_name(typed):
    m = matcher()
    cards = real_cards()
    names = sorted({base_name(c.name) for c in cards})
    assert len(names) > 3000
    answered = []
    for name in names:
        result = m.match(typed(name), set_hint="no such set")
        if result.card is not None:
            answered.append((name, result.card.label))
            continue
        if result.how == "no-printing":  # the card's own printings are offered, all of one card
            assert result.candidates and len({m.identity(c.card) for c in result.candidates}) == 1, name
    assert answered == []


def test_a_set_it_has_still_picks_that_printing():
    m = matcher()
    result = m.match("Aaron", set_hint="Pa")
    assert (result.how, result.card.label) == ("exact", "Aaron (Pa)")
    result = m.match("aaron", set_hint="Pa")
    assert result.card is not None and result.card.label == "Aaron (Pa)"
