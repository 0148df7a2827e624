"""Another player's "may" (issue 31, blind round 42031 class 4): "That conjuration's controlling player may discard
...", "Its controlling player may ...", "That player may ...", "That target player may ..." are the other player's
choice. The answer takes it as done and says so; `--decline N` (or a sentence saying "they have no ready spells",
"they have no cards in hand", "they do not") asks the other case, where the "If they do not or cannot" part happens.
Cards derived from the data of both editions (Anguish, Memory Theft, Law Of Banishment, Imperial Ninja)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from tests.engine.ashes.real import ask, every_ability, every_part, part
from tests.engine.ashes.test_ashes_ask_sentences import FIRST, asked, full_db, same_as_direct

__all__ = ["full_db"]

# a "may" said of someone: you, this unit / this spell (what it is allowed), players in general, or another player
_SOMEONE_MAY = re.compile(r"^(?P<who>[A-Z][^.,:]*?) may\b")
_NOT_ANOTHER = re.compile(r"^(?:you|the player (?:that|who) played this (?:spell|card)|this unit|this spell|that unit|"
                          r"that \w+ spirit|no player|players|all players|"
                          r"no guard|during their turn an opponent|when .*|if .*|while .*|the only .*)$", re.I)


@cache
def their_choices() -> list[tuple[str, str, str, int, int | None]]:
    """(card, edition, ability as asked, part, the "If they do not or cannot" part after it or None) for every part
    that opens with another player's "may"."""
    out = set()
    for r in every_ability():
        for x in r.ability.parts:
            m = _SOMEONE_MAY.match(x.text)
            if m is None or _NOT_ANOTHER.match(m.group("who")):
                continue
            after = next((q.n for q in r.ability.parts if q.link == "if-not" and q.depends_on == x.n), None)
            out.add((r.name, r.edition, r.ask, x.n, after))
    return sorted(out)


def test_the_class_is_the_real_cards():
    got = {(c, e, n) for c, e, _, n, _ in their_choices()}
    assert ("Law Of Banishment", "1e", 1) in got and ("Imperial Ninja", "reborn", 2) in got
    assert ("Anguish", "reborn", 2) in got and ("Anguish", "reborn", 5) in got and ("Memory Theft", "1e", 2) in got
    assert ("Guilt Link", "1e", 2) in got  # "The player that controls the targeted unit ... may discard ..."
    assert len(got) == 9, sorted(got)
    assert sum(1 for *_, after in their_choices() if after is not None) == 7


@pytest.mark.parametrize(("card", "edition", "ability", "n", "after"), their_choices())
def test_another_players_may_is_their_choice(card: str, edition: str, ability: str, n: int, after: int | None):
    read = next(p for r, p in every_part() if r.name == card and r.edition == edition and r.ask == ability
                and p.n == n)
    assert read.optional and any("not by you" in note for note in read.notes)
    taken = ask(card, edition, ability=ability)
    assert part(taken, n)["outcome"] == "resolves"
    assert any(i["id"] == f"AS-I-their-choice-{n}" for i in taken["interpretations"])  # said, never silent
    declined = ask(card, edition, ability=ability, decline=str(n))
    assert part(declined, n)["outcome"] == "declined"
    if after is not None:  # "If they do not or cannot": only when they do not
        assert part(taken, after)["outcome"] == "skipped"
        assert "taken as done" in part(taken, after)["why"] and "that choice declined" in taken["summary"]
        assert part(declined, after)["outcome"] == "resolves"


@pytest.mark.parametrize(("card", "edition", "ability", "n", "after"),
                         [c for c in their_choices() if c[4] is not None])
def test_a_sentence_saying_they_cannot(full_db: str, capsys: pytest.CaptureFixture[str], card: str, edition: str,
                                       ability: str, n: int, after: int) -> None:
    text = next(p.text for r, p in every_part() if r.name == card and r.edition == edition and p.n == n
                and r.ask == ability)
    noun = re.search(r"\b(cards?|spells?|dice)\b", text).group(1)
    noun = {"card": "cards", "spell": "ready spells"}.get(noun, noun)
    trigger = next(r.ability.trigger for r in every_ability() if r.name == card and r.edition == edition
                   and r.ask == ability)
    said = ("" if edition == "reborn" else FIRST) + (
        f"{card} is in play and {re.sub(r'^(?:when|after) ', '', trigger.words, flags=re.I)}" if trigger is not None
        else f"I use {card}")   # "Law Of Banishment is in play and a conjuration leaves play"
    data = asked(capsys, full_db, f"{said} and my opponent has no {noun}. What happens?")
    assert str(n) in data["read_as"]["inputs"].get("decline", []), data["read_as"]
    same_as_direct(capsys, full_db, data)
    assert data["answer"]["parts"][after - 1]["outcome"] == "resolves"
