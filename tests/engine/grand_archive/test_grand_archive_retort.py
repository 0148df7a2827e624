"""Blind round 53051, class 5: "Retort N" printed on an ally was read as a bare keyword ("has retort 2"): its +N POWER
while retaliating was never applied, and `condition-true` was refused ("no condition"). The glossary's Retort N: as
long as this ally is retaliating, it gets +N POWER. Now the paragraph is that standing ability: said assumed when the
question does not say it retaliates, decided by condition-true/false, and over when combat ends. Every real
permanent printing a "Retort N" paragraph (the test's own reading)."""

from __future__ import annotations

import re

from engine.rulesets.grand_archive.cardinfo import is_permanent, paragraphs_of, short_names
from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)
from tests.engine.grand_archive.test_grand_archive_session8 import cards

_RETORT = re.compile(r"^(?:\[[^\]]+\]\s*)*(?:[A-Z][a-z]+, )*Retort (\d+)\b")


def _power(out: dict, name: str) -> int | None:
    for o in out["objects"]:
        if o["description"].startswith(name):
            return (o["net"].get("power") or {}).get("total")
    return None


def test_retort_gives_its_power_while_retaliating(db, capsys):
    found = [(c, k, int(m.group(1))) for c in sorted(cards(db).values(), key=lambda c: c.name) if is_permanent(c)
             for k, p in enumerate(paragraphs_of(c), 1) for m in [_RETORT.match(p)] if m]
    assert len(found) >= 6, [c.name for c, _, _ in found]
    for card, k, n in found:
        name = card.name
        short = short_names(card)[-1]
        open_ = ask(db, capsys, "--effect", f"{name}#{k}")
        assert f"power +{n}" in open_["summary"] and f"{short} is retaliating" in open_["summary"], \
            (name, open_["summary"])
        on = ask(db, capsys, "--object", f"{name}[debuff=1]", "--effect", f"{name}#{k}", "--then",
                 f"condition-true:{name}#{k}")
        assert f"power +{n - 1}" in on["summary"] and "retaliating" not in on["summary"].split(".")[0], \
            (name, on["summary"])
        off = ask(db, capsys, "--effect", f"{name}#{k}", "--then", f"condition-false:{name}#{k}")
        held = f"power +{n}" in off["summary"] and "does not hold" not in off["summary"]
        assert not held, (name, off["summary"])
    print(f"{len(found)} permanents print Retort N")
