"""`arbiter ask`: what the sentence says happened to the card itself ("... and then Blood of the Lamb got discarded")
is the scenario, never words that pick another printing (blind Redemption round 42011 S8: "discarded" picked Blood
of the Lamb (H), "Discard a demon in play", over the default (RoJ) the sentence described, "negated an evil card").
Checked over every real name of several printings that read apart where only a non-default printing's text says
"discard": said discarded, the default printing is still read."""

from __future__ import annotations

import re

import pytest

from bot.answers.asking import Asker
from bot.answers.service import Arbiter
from engine.names import card_identity
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def asker(tmp_path_factory, imported_catalog) -> Asker:
    db = imported_catalog(("import-all", str(require_shared())), tmp_path_factory.mktemp("ask-printing-event"))
    return Asker(Arbiter.open(str(db)))


def _names(asker: Asker) -> list[str]:
    """Plain names whose default printing's text has no "discard" while another printing's has."""
    texts: dict[str, list[str]] = {}
    plain: dict[str, str] = {}
    for card in asker.arbiter.cards_of("redemption"):
        key = card_identity(card.name)
        texts.setdefault(key, []).append(card.text)
        if "(" not in card.name and "[" not in card.name:
            plain.setdefault(key, card.name)
    out = []
    for key, name in plain.items():
        default = asker.arbiter.matcher("redemption").match(name).card
        if default is None or re.search(r"\bdiscard", default.text, re.I):
            continue
        if any(re.search(r"\bdiscard", t, re.I) for t in texts[key]):
            out.append(name)
    return sorted(out)


def test_a_card_said_discarded_keeps_its_default_printing(asker: Asker) -> None:
    names = _names(asker)
    assert len(names) >= 5, names
    wrong, checked = [], 0
    for name in names:
        result = asker.read(f"I played {name} in battle and then {name} got discarded. Does it still last?")[0]
        if result.reading is None:
            continue
        checked += 1
        default = asker.arbiter.matcher("redemption").match(name).card
        if result.reading.inputs.get("card") not in (name, default.name):  # the default printing, however named
            wrong.append((name, result.reading.inputs.get("card")))
    assert checked >= 5, (checked, names)  # readings were made, so the check above ran
    assert not wrong, wrong
