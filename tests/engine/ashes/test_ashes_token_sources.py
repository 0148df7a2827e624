"""Blind round 35031, class 3: a part that moves tokens "from X" onto another card takes them off X, so X's tokens
as the question describes them decide it (none there: it does not happen; some: it moves them), as for "remove ...
from X"; a condition "if there are no wound tokens on this unit" is read against the card used when the question
describes it. Over every real card of both editions that words it so."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.checks import self_tokens_verdict
from engine.rulesets.ashes.state import Unit
from engine.rulesets.ashes.tokens import removal
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards
from tests.engine.ashes.test_ashes_kind_classes import typed_units


@cache
def moves() -> tuple[tuple[str, str, str, int, str, str], ...]:
    """(card, edition, ability, part n, where from, which token) of every "move N token from X" part."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        for part in a.parts:
            rem = removal(part.text)
            if rem is not None and rem.verb == "move":
                out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), part.n,
                            rem.what, rem.items[0][1]))
    return tuple(out)


def test_the_class_holds_real_cards():
    found = moves()
    assert len(found) >= 10
    assert {"your phoenixborn", "this unit", "a target unit"} <= {w for *_, w, _ in found}


def _inputs(card: str, what: str, tok: str, n: int, count: int) -> dict[str, object]:
    key = {"wound": "wounds"}.get(tok, tok)
    ally = typed_units()["Ally"]
    if what == "your phoenixborn":
        return {"unit": [f"phoenixborn@mine/{key}={count}"], "units": "both"}
    if what == "this unit":
        return {"unit": [f"{card}@mine/{key}={count}", f"{ally}@mine", f"{ally}@theirs"]}
    return {"unit": [f"{ally}@theirs/{key}={count}", f"{ally}@mine"], "target": [f"{n}={ally}@theirs"]}


@pytest.mark.parametrize(("card", "edition", "ability", "n", "what", "tok"), moves())
def test_tokens_moved_from_a_card_described_with_none_do_not_move(card, edition, ability, n, what, tok):
    none = judge(card, edition, real_cards(), ability=ability, **_inputs(card, what, tok, n, 0))
    part = next(p for p in none["parts"] if p["n"] == n)
    mode = {"mode": str(part["mode"])} if part["mode"] else {}   # "A or B": this option chosen
    if mode:
        none = judge(card, edition, real_cards(), ability=ability, **mode, **_inputs(card, what, tok, n, 0))
        part = next(p for p in none["parts"] if p["n"] == n)
    if part["outcome"] == "skipped" and "to move" not in part["why"]:
        assert "no legal target" in part["why"] or "not so" in part["why"] or "condition" in part["why"], part
        return   # it could not be aimed at that card for its own reason
    assert part["outcome"] == "skipped" and "to move" in part["why"], part
    some = judge(card, edition, real_cards(), ability=ability, **mode, **_inputs(card, what, tok, n, 2))
    part = next(p for p in some["parts"] if p["n"] == n)
    assert part["outcome"] == "resolves" and any(r.startswith("moves 1 ") for r in part["result"]), part


def test_phoenix_attendant_reads_its_own_wounds_and_the_phoenixborn_wounds():
    ask = {"ability": "Alleviate 1"}
    empty_pb = judge("Phoenix Attendant", "reborn", real_cards(), unit="phoenixborn@mine/wounds=0", **ask)
    assert empty_pb["parts"][0]["outcome"] == "skipped"
    hurt_self = judge("Phoenix Attendant", "reborn", real_cards(),
                      unit=["phoenixborn@mine/wounds=3", "Phoenix Attendant@mine/wounds=1"], **ask)
    assert hurt_self["parts"][0]["outcome"] == "skipped" and "not" in hurt_self["parts"][0]["why"]
    fine = judge("Phoenix Attendant", "reborn", real_cards(),
                 unit=["phoenixborn@mine/wounds=3", "Phoenix Attendant@mine/wounds=0"], **ask)
    assert fine["parts"][0]["outcome"] == "resolves"
    assert not any(i["id"].startswith(("AS-I-cond-", "AS-I-tokens-")) for i in fine["interpretations"])


@pytest.mark.parametrize(("condition", "have", "held"), [
    ("there are no wound tokens on this unit", 0, True), ("there are no wound tokens on this unit", 1, False),
    ("there are any status tokens on it", 0, False), ("there are any status tokens on it", 2, True),
    ("there are no wound tokens", 0, None)])
def test_there_are_tokens_on_the_card_used(condition, have, held):
    tok = "wounds" if "wound" in condition else "status"
    unit = Unit("X", "mine", described=True, **{tok: have})
    assert self_tokens_verdict(condition, unit) is held
