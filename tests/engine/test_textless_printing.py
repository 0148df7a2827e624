"""Printings the card data lists without any text, and titles typed loosely (new-user trial 53300):

- R6: "philosphy" (a typo of the title) was read as the printing "Philosophy" (Pmo-P1), which the data lists with no
  text, and answered "nothing lasts" for a card whose other printings negate: a printing without text never answers
  for its card when a printing with text exists (the default printing prefers one with text; the title typed exactly
  as a textless printing's name answers the default);
- R5, R6: a typo or a possessive of a title ("servants by the river's") picked the printing of that exact name as
  "named" and dropped the line saying how the other printings read: it reads as the title typed exactly does (that
  printing said as the title, or the default printing with text), and the printings' note is said;
- a printing without text is no "other reading" in that note.
Every card of every game sharing the pattern is checked (read from ../shared/data in place)."""

from __future__ import annotations

import pytest

from engine.printings import compare_printings
from engine.registry import find_ruleset
from tests.engine.test_exact_name_wins import GAMES, families, matcher, titled


def _mixed(game: str):
    """The cards some printings of which have text and some none."""
    return [p for p in families(game).values() if any(c.text.strip() for c in p) and not all(c.text.strip() for c in p)]


def _typo(name: str) -> str:
    """The name with one letter of its longest word dropped (as "philosphy")."""
    words = name.split()
    i = max(range(len(words)), key=lambda k: len(words[k]))
    word = words[i]
    words[i] = word[: len(word) // 2] + word[len(word) // 2 + 1:]
    return " ".join(words)


@pytest.mark.parametrize("game", GAMES)
def test_a_printing_without_text_is_never_the_default(game):
    mixed = _mixed(game)
    if game == "redemption":
        assert len(mixed) >= 150, len(mixed)  # 209 cards this session
    for printings in mixed:
        result = matcher(game).match(printings[0].name)
        if result.card is None or result.chosen != "default":
            continue
        assert result.card.text.strip(), result.card.name


def test_the_title_of_a_textless_printing_answers_a_printing_with_text():
    cases = [(c, o) for c, o in titled("redemption") if not c.text.strip() and any(x.text.strip() for x in o)]
    assert len(cases) >= 3, len(cases)  # "Philosophy" (Pmo-P1) among them
    for card, _ in cases:
        result = matcher("redemption").match(card.name)
        if result.card is not None:
            assert result.card.text.strip() and result.chosen == "default", (card.name, result.card.name)


def test_a_loose_title_reads_as_the_title_typed_exactly_and_says_the_other_printings():
    ruleset = find_ruleset("redemption")
    checked = said = 0
    for card, others in titled("redemption"):
        exact = matcher("redemption").match(card.name)
        if exact.card is None:
            continue
        for typed in (_typo(card.name), f"{card.name}'s"):
            result = matcher("redemption").match(typed)
            if result.card is None or result.how not in ("fuzzy", "word", "prefix") or \
                    result.card not in (card, *others):
                continue  # asked back, or another card is nearer that spelling
            if any(w.startswith(result.card.set.casefold()) for w in typed.casefold().split()):
                continue  # a word typed is read as the printing's set ("priest": Pri): that printing was named
            checked += 1
            # said as a title or a default, never "named" (which says nothing of the other printings); a typo reads
            # as the title typed exactly (tests/engine/test_matching.py scores typos against it)
            assert result.chosen in ("title", "default"), (typed, result.chosen)
            assert result.card.text.strip() or not any(c.text.strip() for c in (card, *others)), typed
            report = compare_printings(result.card, result.printings, result.chosen,
                                       lambda c: ruleset.reading_key(c, ()))
            said += bool(report.differ or report.alike)
    assert checked >= 300 and said >= checked // 2, (checked, said)
