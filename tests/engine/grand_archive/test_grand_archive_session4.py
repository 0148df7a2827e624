"""The classes of the blind round on seed 35151 and the new-user trial 35300, each checked over every real card that
shares them (found in the imported shared data by the test's own reading of the printed words, and counted):

1. a card whose text makes no continuous effect is answered (exit 0): its first line says in plain words what
   happens at once and that nothing lasts (GA16), where it was an error block "creates no continuous effect";
2. "Suppress up to three target allies, items, or weapons": a list of card types is any of them, and each target
   named (or every object that fits, no more than the card allows) is suppressed.
"""

from __future__ import annotations

import re

from bot.catalog.db import Catalog
from bot.cli import main
from engine.interface import QuestionError
from engine.plain_words import problems
from engine.rulesets.grand_archive.cardinfo import is_permanent
from engine.rulesets.grand_archive.question import QUESTION
from engine.rulesets.grand_archive.reading import read_card
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)

_REMINDER = re.compile(r"\s*\([^()]*\s[^()]*\)")  # reminder words; a cost "(2)" stays
_TRIGGER = re.compile(r"^(?:On [A-Z]|Whenever|When|At the beginning of|At the end of|Inherited Effect)")


def cards(db: str) -> dict:
    with Catalog.open(db, seed_starter=False) as catalog:
        return {c.name: c for c in catalog.cards("grand-archive")}


class _Lookup:
    def __init__(self, by_name: dict) -> None:
        self.by_name = by_name

    def __call__(self, name: str):
        if name not in self.by_name:
            raise QuestionError(f"no card {name}")
        return self.by_name[name]

    def annotations(self, card):
        return ()


def _bare(text: str) -> str:
    text = re.sub(r"\((\d+|X)\)", r"<\1>", text)  # a cost inside a reminder ("pays for (1) of ...")
    text = _REMINDER.sub("", text)
    return " ".join(re.sub(r"<(\d+|X)>", r"(\1)", text).split())


def test_a_card_that_makes_no_continuous_effect_is_answered_with_what_happens_at_once(db):
    """Every real card the reader finds no lasting effect in (and no sentence it could not read) is answered: the
    first line says it happens at once (when it resolves, triggers or is activated), quotes words the card prints,
    and says nothing of it lasts; the rule cited is GA16 alone, and the line keeps the plain-words rules."""
    by_name = cards(db)
    lookup = _Lookup(by_name)
    checked = 0
    for card in by_name.values():
        reading = read_card(card)
        if any(p.effects or p.unread for p in reading.paragraphs):
            continue
        out = QUESTION.answer({"effect": [card.name]}, lookup, "current")
        first = out["summary"]
        assert out["rules"] == ["GA16"] and out["effects"] == [] and not problems(first), (card.name, first)
        assert out["one_time"][0]["lasts"] is False
        printed = _bare(card.text or "")
        if not printed:
            assert first.startswith(f"{card.name} has no rules text"), first
            checked += 1
            continue
        assert "nothing of it lasts" in first or "none of them makes an effect that lasts" in first, first
        quote = re.search(r"“([^”]+)”", first)
        if quote:  # the words quoted are the card's own (cut at a word)
            assert quote.group(1).rstrip("…").rstrip() in printed, (card.name, quote.group(1))
            if _TRIGGER.match(quote.group(1)) and is_permanent(card):
                assert "each time it triggers" in first, first
        if not is_permanent(card) and "when it triggers" not in first:
            assert first.startswith(f"{card.name} happens at once as it resolves"), first
        checked += 1
    assert checked >= 590, checked  # 604 cards in the data this was written against


def test_a_paragraph_of_one_time_actions_is_answered_too(db, capsys):
    """Asked about one paragraph that happens at once (an On Enter ability of a card with a lasting one), the
    answer says so (exit 0) instead of "has no continuous effect in paragraph N"."""
    out = ask(db, capsys, "--effect", "Kind Beastcaller#1")
    assert "happens at once" in out["summary"] and out["one_time"][0]["paragraphs"] == ["1"]
    twisted = ask(db, capsys, "--effect", "Twisted Verdict", "--object", "card@memory")
    assert twisted["summary"].startswith("Twisted Verdict happens at once as it resolves")
    assert "no lasting effect reaches the card in your memory" in twisted["summary"]


_LIST = re.compile(r"\bSuppress (up to (one|two|three) |another )?target ((?:allies|ally|items?|weapons?)"
                   r"(?:, (?:or )?(?:allies|ally|items?|weapons?))+)", re.I)


def test_suppress_a_list_of_types_and_up_to_n_targets(db, capsys):
    """"Suppress up to three target allies, items, or weapons" (Imperious Galebind), "another target item, weapon,
    or ally" (Fabled Emerald Fatestone, Chrysalis): a list of types is any of them; up to N targets are each
    suppressed; with no target named, every object that fits (no more than N) is taken as chosen, said."""
    found = []
    for card in cards(db).values():
        m = _LIST.search(card.text or "")
        if m is None:
            continue
        found.append(card.name)
        read = [e for e in read_card(card).effects if e.prop == "zone"]
        assert read and {"ally", "item", "weapon"} <= set(read[0].affected.types), card.name
    assert len(found) >= 5, found  # Imperious Galebind, Winds of Destiny, Perse, Fabled Emerald Fatestone, ...
    three = ask(db, capsys, "--object", "ally:opponent; item:opponent; weapon:opponent", "--effect",
                "Imperious Galebind", "--then", "end-of-turn")
    assert [o["result"].get("suppressed") for o in three["objects"]] == [None] * 3  # back at the end phase
    assert all("came back to the field" in e["why"] for o in three["objects"] for e in o["effects"])
    now = ask(db, capsys, "--object", "ally:opponent x3", "--effect", "Imperious Galebind -> #1, #3")
    assert [bool(o["result"].get("suppressed")) for o in now["objects"]] == [True, False, True]
    assert "(#1 and #3)" in now["summary"] and "(#2)" in now["summary"]
    assert any(n["id"].startswith("all-targets") for n in ask(
        db, capsys, "--object", "ally:opponent x2", "--effect", "Imperious Galebind")["interpretations"])
    code = main(["grand-archive", "--db", db, "--json", "--object", "ally:opponent x4", "--effect",
                 "Imperious Galebind"])
    assert code == 2 and "takes up to 3 targets" in capsys.readouterr().out  # four fit: it asks which
