"""Blind round 53031, class 2: "* " before a paragraph marks inexhaustible text, but a Reborn text may write
an ability's name in bold markdown ("**Blight 1**: At the end of the round ..."), and that was read as the mark, so
an exhausted Ruin Dweller still dealt its Blight damage (AS13: an exhausted card's text is inactive). Checked over
every Reborn paragraph of the data that opens with either (derived here, never listed by hand)."""

from __future__ import annotations

import re
from functools import cache

from tests.engine.ashes.real import ask, every_ability

_BOLD = re.compile(r"^\*\*(?P<name>[^*:]+):?\*\*")
_MARK = re.compile(r"^\* \*\*(?P<name>[^*:]+):?\*\*")   # the mark before a bold name (Red Raindrop)


@cache
def paragraphs() -> tuple[tuple[str, str, bool], ...]:
    """(card, ability name, printed inexhaustible) of every Reborn paragraph opening with a bold name or the mark."""
    seen = {}
    for r in every_ability():
        if r.edition != "reborn":
            continue
        for para in re.split(r"\n\s*\n", r.printing.text or ""):
            para = para.strip()
            m = _MARK.match(para) or _BOLD.match(para)
            if m:
                seen[(r.name, m.group("name").strip())] = m.re is _MARK
    return tuple((c, n, marked) for (c, n), marked in seen.items())


def test_the_cards_sharing_it():
    bold = sorted({c for c, _, marked in paragraphs() if not marked})
    assert bold == ["Darkwater Hunter", "Ocean's Gift", "Ruin Dweller", "Summon Prism Tetra"]
    assert any(marked for _, _, marked in paragraphs())   # Red Raindrop's "* **Spell Guard:**" keeps its mark


def test_a_bold_name_is_not_the_inexhaustible_mark():
    by_name = {(r.name, r.ability.name): r for r in every_ability() if r.edition == "reborn" and r.ability.name}
    for card, name, marked in paragraphs():
        if name.startswith("Focus "):   # a Focus line adds parts to the spell's ability (AS11): no ability of its own
            continue
        r = by_name.get((card, name))
        assert r is not None, (card, name)
        assert r.ability.inexhaustible is marked, (card, name)
        if r.ability.kind in ("passive", "play"):
            continue
        a = ask(card, "reborn", ability=r.ask, exhausted=True, units="theirs")
        assert a["usable"]["value"] is marked, (card, name, a["summary"])
        if not marked:
            assert "exhausted" in a["usable"]["why"] and all(p["outcome"] != "resolves" for p in a["parts"])
