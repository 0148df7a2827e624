"""Properties of the resolver, checked in seeded randomized loops over the real cards of both editions:
- cancelling never undoes a paid cost or a placement (AS6);
- a part without the word "target" never needs a target (AS3);
- declining an optional part never stops a later mandatory part that does not depend on it (AS5);
- a part that cannot resolve never stops the others that do not depend on it (AS3, AS5)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine.interface import QuestionError
from engine.rulesets.ashes import QUESTION, CardList
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.costs import optional_cost
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.repeats import read_repeat
from engine.rulesets.ashes.sources import SOURCES
from tests.shared_paths import require_shared

SEED = 20161303
ROUNDS = 250


@cache
def cards():  # type: ignore[no-untyped-def]
    root = require_shared("ashes")
    return tuple(SOURCES.parse({rel: (root / rel).read_text(encoding="utf-8") for rel in SOURCES.files}))


@cache
def card_list() -> CardList:
    """The lookup by exact name over the real cards: built once (folding 600 names per question would cost more
    than the questions)."""
    return CardList(cards())


def usable_abilities(edition: str) -> list[tuple[str, str, int]]:
    """(card, ability choice, number of parts) for every non-passive ability with parts."""
    out = []
    for card in cards():
        p = printing(card, edition)
        if p is None:
            continue
        for a in read_abilities(p):
            if a.kind != "passive" and a.parts:
                out.append((card.name, "play" if a.kind == "play" else str(a.index), len(a.parts)))
    return out


def ask(card: str, edition: str, **inputs):  # type: ignore[no-untyped-def]
    """The answer; a board flag that means nothing for this card (a one-sentence refusal) is dropped."""
    try:
        return QUESTION.answer({"card": card, **inputs}, card_list(), edition)
    except QuestionError as exc:
        flag = str(exc).split(" ", 1)[0].removeprefix("--").replace("-", "_")
        if flag not in ("battlefield_full", "spellboard_full") or not inputs.get(flag):
            raise
        return ask(card, edition, **{**inputs, flag: False})


def random_board(rng: random.Random) -> dict:
    board: dict = {"units": rng.choice(["none", "mine", "theirs", "both"])}
    if rng.random() < 0.3:
        board["battlefield_full"] = True
    if rng.random() < 0.3:
        board["spellboard_full"] = True
    return board


def depends_on(parts: list[dict], n: int, k: int) -> bool:
    """Part n depends (through "If you do" / "to" chains, or by repeating once for each thing part k did) on part
    k."""
    by_n = {p["n"]: p for p in parts}
    earlier = [(p["n"], p["text"], "resolves") for p in parts if p["n"] < n]
    again = read_repeat(by_n[n]["text"], n, earlier, None)
    if again is not None and (again.source == k or depends_on(parts, again.source, k)):
        return True
    seen = by_n[n]["depends_on"]
    while seen is not None:
        if seen == k:
            return True
        seen = by_n[seen]["depends_on"] if seen in by_n else None
    return False


@pytest.mark.parametrize("edition", ["reborn", "1e"])
def test_cancelling_never_undoes_cost_or_placement(edition):
    rng = random.Random(SEED)
    pool = usable_abilities(edition)
    cancels = ["Golden Veil", "Vanish", "Choke"] if edition == "1e" else ["Golden Veil", "Vanish"]
    checked = applied = 0
    for _ in range(ROUNDS):
        card, ability, _n = rng.choice(pool)
        board = random_board(rng)
        try:
            plain = ask(card, edition, ability=ability, **board)
            cancelled = ask(card, edition, ability=ability, cancel_with=rng.choice(cancels), **board)
        except QuestionError:
            continue
        if any(i["id"] == "AS-I-attach-theirs" for i in cancelled["interpretations"]):
            # asked with a cancel, an alteration that could go on either side is taken to go on theirs (said so):
            # the same question without the cancel names that unit
            plain = ask(card, edition, ability=ability, target="0=theirs", **board)
        checked += 1
        applied += cancelled["cancel"]["applies"]
        assert cancelled["costs"] == plain["costs"]
        assert cancelled["steps"][0] == plain["steps"][0]        # the cost step is untouched
        assert cancelled["steps"][2] == plain["steps"][2]        # so is the placement step
        assert cancelled["placement"] == plain["placement"]
        if cancelled["cancel"]["applies"]:
            start = cancelled["cancel"]["cancels_from"]
            # every later part is cancelled, except an option of a choice that was not taken (it never happens) and
            # a cost written in the effect ("you may spend 1 basic die to ..."): paid as it was activated, it stays paid
            assert all(p["outcome"] == "cancelled" for p in cancelled["parts"] if p["n"] >= start
                       and not p["why"].startswith("not chosen") and not optional_cost(p["text"]))
    assert checked > ROUNDS // 2 and applied > 10


@pytest.mark.parametrize("edition", ["reborn", "1e"])
def test_a_part_without_target_never_needs_one(edition):
    rng = random.Random(SEED + 1)
    pool = usable_abilities(edition)
    seen = 0
    for _ in range(ROUNDS):
        card, ability, _n = rng.choice(pool)
        try:
            answer = ask(card, edition, ability=ability, **random_board(rng))
        except QuestionError:
            continue
        for part in answer["parts"]:
            if not part["targets"]:
                seen += 1
                assert part["target"] is None
                assert "target" not in part["why"], (card, part)
                assert "AS3" not in part["rules"] or part["outcome"] == "cancelled", (card, part)
    assert seen > 100


@pytest.mark.parametrize("edition", ["reborn", "1e"])
def test_declining_never_stops_a_later_mandatory_part(edition):
    rng = random.Random(SEED + 2)
    pool = usable_abilities(edition)
    compared = 0
    for _ in range(ROUNDS * 4):
        if compared > 30:
            break   # enough comparisons: most random draws have no optional part followed by a mandatory one
        card, ability, _n = rng.choice(pool)
        board = random_board(rng)
        try:
            base = ask(card, edition, ability=ability, focus="2" if rng.random() < 0.3 else None, **board)
        except QuestionError:
            continue
        optional = [p["n"] for p in base["parts"] if p["optional"]]
        if not optional:
            continue
        k = rng.choice(optional)
        declined = ask(card, edition, ability=ability, decline=[str(k)], focus=base["scenario"]["focus"] or None,
                       **board)
        before = {p["n"]: p for p in base["parts"]}
        for part in declined["parts"]:
            if part["n"] > k and not part["optional"] and not depends_on(declined["parts"], part["n"], k):
                compared += 1
                assert part["outcome"] == before[part["n"]]["outcome"], (card, k, part)
    assert compared > 10


@pytest.mark.parametrize("edition", ["reborn", "1e"])
def test_a_part_that_cannot_resolve_never_stops_the_others(edition):
    """Make parts unable to resolve (no room, no conjuration left, no units) and compare with a board where they
    can: every part that does not depend on an affected part keeps its outcome."""
    rng = random.Random(SEED + 3)
    pool = [a for a in usable_abilities(edition) if a[2] > 1]
    compared = 0
    for _ in range(ROUNDS):
        card, ability, _n = rng.choice(pool)
        units = rng.choice(["mine", "theirs", "both"])
        try:
            open_board = ask(card, edition, ability=ability, units=units)
            blocked = ask(card, edition, ability=ability, units=units, battlefield_full=True)
        except QuestionError:
            continue
        before = {p["n"]: p for p in open_board["parts"]}
        stopped = [p["n"] for p in blocked["parts"]
                   if p["outcome"] == "skipped" and before[p["n"]]["outcome"] != "skipped"]
        for part in blocked["parts"]:
            if part["n"] in stopped or any(depends_on(blocked["parts"], part["n"], k) for k in stopped):
                continue
            if not blocked["usable"]["value"] or not open_board["usable"]["value"]:
                continue
            if stopped:
                compared += 1
            assert part["outcome"] == before[part["n"]]["outcome"], (card, stopped, part)
    # (a full battlefield stops fewer parts since a part removing your own ally frees its slot, round 71031: the
    # sample compares 5 in the first edition)
    assert compared >= 5
