"""Blind round 53051, class 4: "Imbue N (... this card becomes imbued)" was answered as a keyword that "makes no effect
that lasts", so "is Moontide Illusionist still imbued after the turn ends?" got no answer (and "it left the field"
was right for the wrong reason). Being imbued is a property of the object with no duration (Imbue keyword): it lasts
while the object stays on the field, the end of the turn included, and is gone when it leaves (it comes back a new
object). Whether it was imbued as it was activated is the question's to say, so it is said as an assumption. Every
real card that stays on the field and prints Imbue, found by the test's own reading of the imported data."""

from __future__ import annotations

import re

from bot.cli import main
from engine.rulesets.grand_archive.cardinfo import is_permanent, paragraphs_of
from tests.engine.grand_archive.ga_helpers import real_catalog  # noqa: F401 (the `db` fixture)
from tests.engine.grand_archive.test_grand_archive_session8 import cards

_IMBUE = re.compile(r"^(?:\[[^\]]+\]\s*)*Imbue \d")


def _answer(db: str, capsys, *args: str, must: bool = True) -> str:
    code = main(["grand-archive", "--db", db, *args])
    out = capsys.readouterr().out
    assert code == 0 or not must, (args, out)
    return " ".join(out.split("\n\n")[0].split("\n")) if code == 0 else ""


def test_imbued_stays_while_on_the_field_and_ends_when_it_leaves(db, capsys):
    found = [(c.name, k) for c in sorted(cards(db).values(), key=lambda c: c.name) if is_permanent(c)
             for k, p in enumerate(paragraphs_of(c), 1) if _IMBUE.match(p)]
    assert len(found) >= 12, found  # 17 permanents print Imbue in the 2026 data (26 cards in all)
    for name, k in found:
        turn = _answer(db, capsys, "--effect", f"{name}#{k}", "--then", "end-of-turn")
        assert f"{name} stays imbued while it stays on the field, the end of the turn included" in turn, turn
        assert "this assumes it became imbued as it was activated" in turn.lower(), turn
        whole = _answer(db, capsys, "--effect", name, "--then", "end-of-turn", must=False)
        assert not whole or f"{name} stays imbued" in whole, whole  # (a card that needs a target asks for it)
        gone = _answer(db, capsys, "--object", name, "--effect", f"{name}#{k}", "--then", f"leaves:{name}")
        assert f"{name} is no longer imbued: it left the field" in gone, gone
    print(f"{len(found)} permanents print Imbue")


def test_an_action_with_imbue_keeps_its_one_time_answer(db, capsys):
    out = _answer(db, capsys, "--effect", "Surging Bolt")
    assert "stays imbued" not in out and "happens at once" in out, out
