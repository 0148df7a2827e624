"""Blind rounds 51031/53031, class 6: "Under 1e: the same answer" was said where the editions' texts differ (Summon
Three-Eyed Owl: the 1e Owl has no Peer; Summon Seaside Raven: no Prey; Summon Majestic Titan: its 1e "ability 1" is
another ability). "The same" is now said only when the two printings' matching abilities have the same words,
costs and outcome, and the named cards react the same; the ability compared is the matching one, never the same
position. Checked over every card printed in both editions (derived from the data)."""

from __future__ import annotations

import re
from functools import cache

from engine.rulesets.ashes.editions import printing
from tests.engine.ashes.real import ask, every_ability, lookup, printings


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9+]+", text.lower()))


@cache
def both() -> tuple[str, ...]:
    names = {}
    for card, edition, _p in printings():
        names.setdefault(card.name, set()).add(edition)
    return tuple(sorted(n for n, e in names.items() if len(e) == 2))


def _arrivals(card: str, edition: str) -> set[str]:
    """Names of the entering abilities of the conjurations the card places, in one edition."""
    out = set()
    p = printing(lookup()(card), edition)
    for conj in p.conjurations:
        try:
            c = printing(lookup()(conj), edition)
        except Exception:   # a conjuration not printed in that edition
            continue
        out |= {r.ability.name for r in every_ability() if r.name == conj and r.edition == edition and r.ability.name
                and r.ability.trigger is not None
                and re.search(r"\bthis (?:unit|card) comes into play", r.ability.trigger.words, re.I)} \
            if c is not None else set()
    return out


def test_same_is_said_only_when_the_texts_match():
    by = {(r.name, r.edition, r.ability.index): r.ability for r in every_ability()}
    said_same = 0
    for card in both():
        a = ask(card, "reborn", units="theirs")
        if a["other_edition"] is not None:
            continue
        said_same += 1
        ours = by.get((card, "reborn", a["ability"]["index"]))
        if ours is None or ours.kind == "play":   # no text (Ice Buff), or played from hand
            continue
        theirs = [x for (c, e, _), x in by.items() if c == card and e == "1e" and x.kind != "play"
                  and [_words(p.text) for p in x.parts if not p.focus] ==
                  [_words(p.text) for p in ours.parts if not p.focus]]
        assert theirs, (card, "said the same, but no 1e ability has its words")
        assert _arrivals(card, "reborn") == _arrivals(card, "1e"), card
    assert said_same > 10


def test_the_rounds_cards():
    for card in ("Summon Three-Eyed Owl", "Summon Seaside Raven", "Summon Light Bringer"):
        a = ask(card, "reborn", units="theirs")
        assert a["other_edition"] is not None, card
    # Majestic Titan: the Reborn placing ability is compared with the first edition's placing one (its 2), whose
    # dice differ; the first edition's cancel (its 1) has no Reborn counterpart
    a = ask("Summon Majestic Titan", "reborn", conjurations_left=0)
    assert "no effect parts" not in a["other_edition"]["summary"] and "charm power" in a["other_edition"]["summary"]
    a = ask("Summon Majestic Titan", "1e", ability="1", unit="Majestic Titan@mine")
    assert "reads like this one" in a["other_edition"]["summary"]
