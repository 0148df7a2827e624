"""Blind round 42031, class 1: the parts of an effect resolve one at a time, top to bottom, so a later "if" about the
tokens on your Phoenixborn or on the card used counts the tokens earlier parts of the same effect placed or removed
there ("Place 1 status token on your Phoenixborn. ... If there are 7 or more status tokens on your Phoenixborn, ...":
6 tokens become 7, so it is met). Checked over every real card of both editions sharing the wording (the list is
derived from the data by tests/engine/ashes/real.py); the expectations come from the counts, never from an answer."""

from __future__ import annotations

import re
from functools import cache

from engine.rulesets.ashes.tokens import token_changes
from tests.engine.ashes.real import ask, every_ability, part

# "there are 7 or more status tokens on your Phoenixborn", "there are 3 or more status tokens on this spell",
# "this spell has 3 or more status tokens on it"
_COND = re.compile(r"^(?:there (?:are|is) (?P<n>\d+) or more (?P<tok>status|wound|exhaustion) tokens on "
                   r"(?P<on>your phoenixborn|this unit|this card|this spell)|(?P<on2>this unit|this card|this spell) "
                   r"has (?P<n2>\d+) or more (?P<tok2>status|wound|exhaustion) tokens on it)$", re.I)


@cache
def counted_after() -> tuple[tuple[str, str, str, int, int, str, str, int, int], ...]:
    """(card, edition, ability, part n, its focus, holder, token, threshold, tokens the earlier parts add) of every
    "if N or more ... tokens on <holder>" part after a part of the same effect that places or removes those tokens
    on that holder."""
    out = []
    for r in every_ability():
        for i, x in enumerate(r.ability.parts):
            m = _COND.match((x.condition or "").strip())
            if not m:
                continue
            on = (m.group("on") or m.group("on2")).lower()
            tok = (m.group("tok") or m.group("tok2")).lower()
            added = [d for y in r.ability.parts[:i] if y.focus <= x.focus
                     for what, t, d in token_changes(y.text) if t == tok and (what == on or (
                         what != "your phoenixborn" and on != "your phoenixborn"))]
            if added and None not in added:
                out.append((r.name, r.edition, r.ask, x.n, x.focus, on, tok, int(m.group("n") or m.group("n2")),
                            sum(added)))
    return tuple(out)


def test_the_cards_sharing_the_wording():
    # Concentration (Focus 1: "Place 1 status token on your Phoenixborn ... If there are 7 or more ...") and
    # Tranquility ("Place 1 status token on this spell. If there are 3 or more ..."); first edition prints neither.
    assert sorted({(c[0], c[1]) for c in counted_after()}) == [("Concentration", "reborn"), ("Tranquility", "reborn")]


def test_a_later_if_counts_what_earlier_parts_placed():
    for card, edition, ability, n, focus, on, tok, need, added in counted_after():
        for before in (need - added, need - added - 1):
            if before < 0:
                continue
            holder = "phoenixborn@mine" if on == "your phoenixborn" else f"{card}@mine"
            a = ask(card, edition, ability=ability, focus=focus, unit=f"{holder}/{tok}={before}")
            got = part(a, n)
            met = before + added >= need
            assert got["outcome"] == ("resolves" if met else "skipped"), (card, before, got)
            if met:
                assert f"{before} became {before + added}" in " ".join(got.get("result") or []), (card, got)


# --- class 2: "Ready Spells you control are focused one additional time" from a unit named in play -----------------
_DEEP = re.compile(r"^ready spells you control are focused one additional time\.?$", re.I)


@cache
def deep_focus_units() -> tuple[str, ...]:
    return tuple(dict.fromkeys(r.name for r in every_ability() if r.ability.kind == "passive"
                               and r.printing.type in ("Ally", "Conjuration")
                               and _DEEP.match((r.ability.text or "").strip())))


def test_a_named_deep_focus_unit_focuses_every_ready_spell_once_more():
    assert deep_focus_units() == ("Sandstorm Sage",)
    spells = [r for r in every_ability() if r.edition == "reborn" and r.printing.type == "Ready Spell"
              and r.ability.kind != "play" and 1 in r.ability.focus_levels]
    assert len({r.name for r in spells}) >= 5
    for r in spells:
        first = [x.n for x in r.ability.parts if x.focus == 1]
        for sage in deep_focus_units():
            for unit, focused in ((f"{sage}@mine", True), (f"{sage}@theirs", False),
                                  (f"{sage}@mine/exhausted", False)):
                a = ask(r.name, r.edition, ability=r.ask, unit=unit)
                got = {p["n"] for p in a["parts"]}
                assert set(first) <= got if focused else not set(first) & got, (r.name, unit, got)
