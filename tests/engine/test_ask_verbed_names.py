"""`arbiter ask`: a card name made a verb ("Last turn I King's Courted a Mastermind", "I Throne Roomed a Wharf") names
that card (engine/card_spans.py `_verbed`): "King's Courted" was left unread and King's Court dropped from the chain.
Checked over every real Dominion card that plays an Action card several times, typed with "-ed" as players do;
a capitalised "-ed" word that ends no name ("It Expired") is still no card."""

from __future__ import annotations

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.rulesets.dominion.starter import load_starter
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("dominion-import", str(require_shared("dominion"))), tmp_path_factory.mktemp("ask-verbed"))
    return Asker(Arbiter.open(str(db)))


def _throne_variants(asker: Asker) -> list[str]:
    out = set()
    for card in asker.arbiter.cards_of("dominion"):
        try:
            plays = load_starter().behaviour(card).plays
        except Exception:  # a card the engine cannot model
            continue
        if plays is not None and plays.how.value == "extra" and not plays.replays and len(plays.times) > 1 \
                and "Action" in card.type and "(" not in card.name:
            out.add(card.name)
    return sorted(out)


def test_a_name_made_a_verb_names_the_card(asker: Asker) -> None:
    names = _throne_variants(asker)
    assert {"Throne Room", "King's Court"} <= set(names) and len(names) >= 5
    wrong = []
    for name in names:
        verbed = name + ("d" if name.endswith("e") else "ed")
        result = asker.read(f"Last turn I {verbed} a Wharf. When does the Wharf leave play?")[0]
        chain = list(result.reading.inputs["chain"]) if result.reading is not None else [result.asked]
        if not any(str(c).startswith(f"{name} > Wharf") for c in chain):
            wrong.append((verbed, chain))
    assert not wrong, wrong


def test_an_ed_word_that_ends_no_name_is_no_card(asker: Asker) -> None:
    result = asker.read("I played Smithy. It Expired. When does it leave play?")[0]
    assert result.reading is not None and result.reading.inputs["chain"] == ["Smithy"]
