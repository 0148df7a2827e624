"""Issue 31 item 1: every restriction phrase of both editions' texts belongs to a class, each class is checked
against the board or said aloud, and `arbiter cards coverage --game ashes` reports the classes, their counts and
the phrases neither checked nor said (none). A "said" class is said in every answer in which a part carrying it
happens: checked over every real part that has one, in both editions."""

from __future__ import annotations

import re
from functools import cache

from engine.rulesets.ashes import QUESTION, CardList, judge
from engine.rulesets.ashes.census import BY_ID, CLASSES, phrases, said, unclassed
from engine.rulesets.ashes.coverage import coverage
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards


@cache
def all_texts() -> tuple[tuple[str, str, str, str, int], ...]:
    """(card, edition, ability choice, text, part n or 0) of every part, trigger and limit of both editions."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        key = "play" if a.kind == "play" else str(a.index)
        out += [(card.name, edition, key, part.text, part.n) for part in a.parts]
        out += [(card.name, edition, key, x, 0) for x in a.limits]
        if a.trigger:
            out.append((card.name, edition, key, a.trigger.words, 0))
    return tuple(out)


def test_no_restriction_word_of_either_edition_is_outside_a_class():
    loose = [(c, e, t, unclassed(t)) for c, e, _k, t, _n in all_texts() if unclassed(t)]
    assert not loose, loose[:10]


def test_every_class_holds_real_phrases_and_says_how_it_is_handled():
    counts = {c.id: 0 for c in CLASSES}
    for *_, text, _n in all_texts():
        for hit in phrases(text):
            counts[hit.restriction.id] += 1
    assert all(n > 0 for n in counts.values()), [k for k, n in counts.items() if not n]
    for c in CLASSES:
        assert c.handling in ("checked", "said") and c.how
        assert c.handling == "checked" or c.brief   # what is said, in a few words


def test_coverage_reports_the_classes_their_counts_and_nothing_neither_checked_nor_said():
    report = coverage(list(real_cards()), lambda card: (), 10)
    r = report["restrictions"]
    assert r["neither"] == [] and r["phrases"] == r["checked"] + r["said"] > 5000
    assert {c["id"] for c in r["classes"]} == set(BY_ID)
    assert any(line.startswith("restriction phrases (both editions):") and line.endswith(", 0 neither")
               for line in report["lines"])


def _said_parts(limit_per_class: int = 6) -> list[tuple[str, str, str, int, str]]:
    """Up to a few real parts per said class (first part of an ability, so nothing before it can skip it)."""
    seen: dict[str, int] = {}
    out = []
    for card, edition, key, text, n in all_texts():
        if n != 1:
            continue
        for hit in said(text):
            if seen.get(hit.restriction.id, 0) < limit_per_class:
                seen[hit.restriction.id] = seen.get(hit.restriction.id, 0) + 1
                out.append((card, edition, key, n, hit.restriction.id))
    return out


def test_a_said_restriction_is_said_whenever_its_part_happens():
    lookup = CardList(real_cards())
    checked = 0
    classes = set()
    for card, edition, key, n, cls in _said_parts():
        a = QUESTION.answer({"card": card, "ability": key, "units": "both"}, lookup, edition)
        part = next((p for p in a["parts"] if p["n"] == n), None)
        if part is None or part["outcome"] != "resolves":
            continue
        checked += 1
        classes.add(cls)
        assert any(i["id"] == f"AS-I-said-{cls}-{n}" for i in a["interpretations"]), (card, edition, key, cls)
        assert "Assumed:" in a["summary"]
    assert checked >= 30 and len(classes) >= 8, (checked, classes)


def test_a_limit_on_using_a_card_is_checked_or_said_never_a_part():
    cards = real_cards()
    # "This spell can only be attached to a unit you control": checked against whose units are in play
    none_mine = judge("Devotion", "reborn", cards, units="theirs")
    assert none_mine["usable"]["value"] is False and "you control no unit" in none_mine["usable"]["why"]
    mine = judge("Devotion", "reborn", cards, units="both")
    assert mine["usable"]["value"] is True and mine["placement"]["zone"] == "attached to a unit of yours"
    # "You may only activate this ability during your turn": said, and not a part that happens
    red = judge("Mark Of The Red Flower", "1e", cards, ability="Fire Mastery", units="theirs")
    assert not any(re.search(r"only activate", p["text"], re.I) for p in red["parts"])
    assert "during your turn” is met" in red["summary"]
    # a data typo ("this spel") does not turn a trigger into a part
    for card, edition, _k, text, n in all_texts():
        assert not (n and re.search(r"\bthis spel\b", text)), (card, edition, text)


def test_a_statement_is_never_split_into_fragments():
    # "This unit is considered to have ...", "in order to ...": one statement, never a part ending mid-sentence
    fragments = [(c, e, t) for c, e, _k, t, n in all_texts()
                 if n and re.search(r"\b(?:considered|in order|(?<!if )able|allowed|required)\.?$", t.strip())]
    assert not fragments, fragments[:5]


def test_a_target_unit_you_own_is_one_of_yours():
    owned = [(c, e, k, n) for c, e, k, t, n in all_texts() if n and re.search(r"\btarget unit you own\b", t)]
    assert owned
    for card, edition, key, n in owned:
        a = judge(card, edition, real_cards(), ability=key, units="theirs")
        part = next(p for p in a["parts"] if p["n"] == n)
        assert part["outcome"] == "skipped" and "no unit" in part["why"]
        b = judge(card, edition, real_cards(), ability=key, units="both")
        assert next(p for p in b["parts"] if p["n"] == n)["target"] == "a unit of yours"
