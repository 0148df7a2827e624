"""Blind round 71051, class 3 (and 53051 S4): a paragraph under "[Class Bonus]" that makes no lasting effect
("[Class Bonus] Floating Memory", "[Class Bonus] Gather", "[Class Bonus] At the beginning of your recollection phase,
...") could not be switched: `condition-false:CARD#N` was refused ("has no condition"), although the answer said
"assuming [Class Bonus] holds"; and a Floating Memory paragraph kept "assuming" even with the champion's class given.
KW Class Bonus: while the bonus does not hold, its words are ignored in every zone. Now condition-true/false decides
it (said, before the champion's class), and the champion's class decides Floating Memory as it does the others.
Every real card with such a paragraph, found by the test's own reading of the imported data."""

from __future__ import annotations

import re

from bot.cli import main
from engine.rulesets.grand_archive.cardinfo import paragraphs_of, subtypes_of
from engine.rulesets.grand_archive.evaluate import CLASSES
from tests.engine.grand_archive.ga_helpers import real_catalog  # noqa: F401 (the `db` fixture)
from tests.engine.grand_archive.test_grand_archive_session8 import cards

_GATED = re.compile(r"^\s*(?:\[[^\]]+\]\s*)*\[Class Bonus\]")


def _first(db: str, capsys, *args: str) -> tuple[int, str]:
    code = main(["grand-archive", "--db", db, *args])
    out = capsys.readouterr().out
    return code, " ".join(out.split("\n\n")[0].split("\n")) if code == 0 and out else out  # the answer's lines


def _gated(db: str) -> list[tuple[str, int, bool, frozenset[str]]]:
    """(card, paragraph, is Floating Memory alone, the card's classes) for each real class-gated paragraph."""
    out = []
    for card in sorted(cards(db).values(), key=lambda c: c.name):
        for k, para in enumerate(paragraphs_of(card), 1):
            if _GATED.match(para):
                floating = bool(re.fullmatch(r"\s*\[Class Bonus\]\s*Floating Memory\b.*", para, re.S))
                out.append((card.name, k, floating, frozenset(subtypes_of(card) & CLASSES)))
    return out


def test_floating_memory_under_class_bonus_is_decided(db, capsys):
    floating = [g for g in _gated(db) if g[2]]
    assert len(floating) >= 70, len(floating)  # 82 in the 2026 data
    decided = 0
    for name, k, _, own in floating:
        code, open_ = _first(db, capsys, "--effect", f"{name}#{k}")
        if code != 0 or "Floating Memory" not in open_:
            continue
        assert "assuming [class bonus] holds" in open_.lower(), (name, open_)
        code, off = _first(db, capsys, "--effect", f"{name}#{k}", "--then", f"condition-false:{name}#{k}")
        assert code == 0 and f"{name} does not have Floating Memory, as [Class Bonus] does not hold" in off, (name, off)
        code, on = _first(db, capsys, "--effect", f"{name}#{k}", "--then", f"condition-true:{name}#{k}")
        assert code == 0 and "has Floating Memory, as [Class Bonus] holds" in on, (name, on)
        if own:
            other = sorted(CLASSES - own)[0]
            code, unmet = _first(db, capsys, "--object", f"champion:{other}", "--effect", f"{name}#{k}")
            assert "does not have Floating Memory" in unmet, (name, unmet)
            code, met = _first(db, capsys, "--object", f"champion:{sorted(own)[0]}", "--effect", f"{name}#{k}")
            assert "has Floating Memory, as [Class Bonus] holds" in met, (name, met)
        decided += 1
    print(f"{len(floating)} [Class Bonus] Floating Memory paragraphs; {decided} decided both ways")
    assert decided >= 70


def test_other_one_time_class_paragraphs_take_condition_events(db, capsys):
    others = [g for g in _gated(db) if not g[2]]
    switched = 0
    for name, k, _, _ in others[::2]:
        code, open_ = _first(db, capsys, "--effect", f"{name}#{k}")
        if code != 0 or "happens at once" not in open_:
            continue  # a lasting effect (switched by the standing condition rules) or refused whole
        code, off = _first(db, capsys, "--effect", f"{name}#{k}", "--then", f"condition-false:{name}#{k}")
        assert code == 0 and "as [Class Bonus] does not hold: the question says so" in off, (name, off)
        code, on = _first(db, capsys, "--effect", f"{name}#{k}", "--then", f"condition-true:{name}#{k}")
        assert code == 0 and "as [Class Bonus] holds: the question says so" in on, (name, on)
        switched += 1
    print(f"{len(others)} other class-gated paragraphs; every 2nd asked; {switched} one-time ones switched")
    assert switched >= 60
