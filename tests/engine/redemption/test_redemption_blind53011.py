"""Redemption classes of the blind round 53011, each derived from every real card that shares the wording (read
from ../shared/data in place, never listed by name: naming them would take them out of the blind draws):

- a one-use "Prevent (negate, interrupt) the next ..." is used up once that next card comes (the event
  `triggered`, or `targeted`): when it is all that lasts, the ability has ended then, but for a "Cannot be ..."
  rider, which lasts to the end of the phase (RG1); otherwise those words are said used up and the rest keeps its
  own duration;
- a "Cannot be ..." rider is read by its shape, so a misspelt one in the card data ("interrutped", "interupted",
  "preventd") is the rider, and only it lasts, as with a correctly spelt one."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from engine.rulesets.redemption import judge
from engine.rulesets.redemption import phrases as P
from engine.rulesets.redemption.render import summary
from engine.rulesets.redemption.terms import read_card
from tests.cli_helpers import run
from tests.engine.redemption.redemption_builder import real_cards
from tests.shared_paths import require_shared

NEXT = re.compile(r"\b(?:prevent|negate|interrupt) the next\b", re.I)
RIDER = re.compile(r"(?:^|[.:]\s+)(?:this card |this ability |it )?(?:cannot|can not|may not) be ([a-z]+)\b", re.I)
SPELT = {"negated", "prevented", "interrupted", "countered"}


def _next_parts() -> dict[tuple[str, str], tuple[bool, str]]:
    """(card, part) -> (whether its one-use words are all that lasts, its rider) over every real card whose
    part waits for no other trigger (there `triggered` starts that trigger: "After battle, ...")."""
    return {(name, r.part.label): (r.next_use_whole, r.cannot_be) for name, c in real_cards().items()
            for r in read_card(c) if r.next_use and not r.triggers}


def test_the_next_use_class_is_every_lasting_part_with_the_words():
    found = _next_parts()
    waiting = {name for name, c in real_cards().items() for r in read_card(c) if r.next_use and r.triggers}
    assert len(waiting) <= 2  # "After battle, an opponent may discard ...": `triggered` starts that first
    with_words = {name for name, c in real_cards().items() if NEXT.search(c.text)}
    assert 25 <= len(with_words) <= 35  # 30 cards in the data of this session
    # every card with the words is in the class, but for one whose words add a standing effect ("... and Evil
    # Characters") and one whose "the next" is no prevent of a card ("play the next enhancement")
    assert len({name for name, _ in found} | waiting) >= len(with_words) - 2
    assert sum(whole for whole, _ in found.values()) >= 15


def test_each_one_use_part_is_used_up_when_its_next_card_comes():
    for (name, label), (whole, rider) in sorted(_next_parts().items()):
        card, part = real_cards()[name], label or None
        before = judge(card, "battle", [], part=part)
        assert before.persists, name  # it waits for that card, within the phase (D1)
        for event in ("triggered", "targeted"):
            after = judge(card, "battle", [event], part=part)
            steps = " ".join(s.decision for s in after.trace.steps)
            assert "used up" in steps, (name, steps)
            assert "next-use" in {n.id for n in after.trace.interpretations}, name
            if whole and not rider:
                assert after.persists is False, (name, summary(after))
                assert summary(after).startswith("Has ended: the next card it waited for came"), name
            elif whole:  # only the "Cannot be ..." rider is left, to the end of the phase (RG1)
                assert after.persists and after.part.only_cannot_be, (name, summary(after))
                assert judge(card, "battle", [event, "phase-ends"], part=part).persists is False, name
        # the battle ending is not that card coming: it still waits, to the end of the phase
        assert judge(card, "battle", ["battle-ends"], part=part).persists is True, name


def _misspelt_riders() -> list[str]:
    """Every real card whose own "Cannot be ..." rider has an ability type spelt as no rule spells it."""
    out = []
    for name, c in real_cards().items():
        for m in RIDER.finditer(c.text):
            word = m.group(1).lower()
            if word not in SPELT and re.fullmatch(P.ABILITY_TYPE, word):
                out.append(name)
    return out


def test_every_cannot_be_rider_is_read_by_its_shape():
    misspelt = _misspelt_riders()
    assert 3 <= len(misspelt) <= 8  # 4 in the data of this session (2 "interrutped", "interupted", "preventd")
    for name in misspelt:
        for reading in read_card(real_cards()[name]):
            if RIDER.search(reading.part.text):
                assert reading.cannot_be, name  # the rider, not a lasting sentence of its own
                assert not any(P.SELF_MARKER.search(s) for s in reading.lasting_sentences), name
    # every rider in the data is either an ability type (read as the rider) or a standing grant ("blocked")
    words = {m.group(1).lower() for c in real_cards().values() for m in RIDER.finditer(c.text)}
    assert {w for w in words if re.fullmatch(P.ABILITY_TYPE, w)} >= SPELT - {"countered"}


def test_a_misspelt_rider_on_an_instant_ability_is_all_that_lasts():
    instant = []
    for name in _misspelt_riders():
        reading = read_card(real_cards()[name])[0]
        if not reading.lasting_sentences:
            instant.append(name)
            verdict = judge(real_cards()[name], "battle", ["leaves-play"])
            assert verdict.part.only_cannot_be.startswith("Cannot be "), (name, summary(verdict))
            assert "only its “Cannot be" in summary(verdict), name
    assert len(instant) >= 2


# --- through the real `arbiter duration` and `arbiter ask` --------------------------------------------------------
@pytest.fixture(scope="module")
def real_db(tmp_path_factory: pytest.TempPathFactory, imported_catalog) -> Path:
    carddata = require_shared("redemption", "carddata.txt")
    return imported_catalog(("cards", "import", str(carddata)), tmp_path_factory.mktemp("real"))


@pytest.fixture
def db(real_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cards.db"
    shutil.copy(real_db, path)
    monkeypatch.setenv("ARBITER_DB", str(path))
    monkeypatch.setenv("USER", "tester")
    return path


def _one_use_card() -> str:
    """A one-use card whose whole lasting part is the "next" words and that has no rider, named plainly."""
    return next(name for (name, label), (whole, rider) in sorted(_next_parts().items())
                if whole and not rider and not label and re.fullmatch(r"[A-Za-z' ,-]+\([A-Za-z]+\)", name))


def test_the_next_card_coming_ends_it_through_both_commands(db, capsys):
    name = _one_use_card()
    code, out, err = run(capsys, "duration", name, "--played-in", "battle", "--then", "triggered", "--json")
    assert code == 0, (out, err)
    data = json.loads(out)
    assert data["persists"] is False, data
    code, out, err = run(capsys, "ask", f"{name} was played in battle and then the next enhancement was played. "
                         "Does its ability still last?")
    assert code == 0, (out, err)
    assert "--then triggered" in out and "used up" in out.splitlines()[0], out


def test_a_misspelt_rider_lasts_alone_through_both_commands(db, capsys):
    name = next(n for n in _misspelt_riders() if not read_card(real_cards()[n])[0].lasting_sentences)
    code, out, err = run(capsys, "duration", name, "--played-in", "battle", "--then", "leaves-play")
    assert code == 0, (out, err)
    assert "only its “Cannot be" in out.splitlines()[0], out
    code, out, err = run(capsys, "ask", f"How long does {name} last in battle?")
    assert code == 0, (out, err)
    assert "only its “Cannot be" in out.splitlines()[0], out


# --- "If ..., ... instead": a branch chosen by a condition checked once -------------------------------------------
def _instead_parts() -> list[tuple[str, str]]:
    """Every real part with a lasting "If ..., ... instead" branch after words of its own (read, not listed)."""
    return [(name, r.part.label) for name, c in real_cards().items() for r in read_card(c) if r.instead_if]


def test_the_instead_class_is_read_from_every_instead_text():
    texts = [c.text for c in real_cards().values() if re.search(r"\binstead\b", c.text, re.I)]
    assert 120 <= len(texts) <= 200  # 172 printings in the data of this session
    found = _instead_parts()
    # most "instead" texts are done at once, a standing replacement of a later event ("If Hero is discarded, you
    # may set it aside instead"), or "instead of": only a branch that lasts, under a condition checked once, is here
    assert 1 <= len(found) <= 6
    for name, label in found:
        reading = next(r for r in read_card(real_cards()[name]) if r.part.label == label)
        assert reading.instead in reading.lasting_sentences and not P.LATER_EVENT.search(reading.instead_if), name


def test_the_instead_branch_is_said_as_an_assumption_and_condition_false_selects_the_other():
    for name, label in _instead_parts():
        card, part = real_cards()[name], label or None
        reading = next(r for r in read_card(card) if r.part.label == label)
        assumed = judge(card, "battle", [], part=part)
        # both branches in the first line: the judged one under its condition "(taken so)", then "if not, ..."
        cond = re.sub(r"^(?:if|unless)\s+", "", reading.instead_if, flags=re.I)
        assert f"“{cond}” (taken so): " in summary(assumed) and "; if not, " in summary(assumed), summary(assumed)
        assert "instead-assumed" in {n.id for n in assumed.trace.interpretations}, name
        held = judge(card, "battle", ["condition-true", "phase-ends"], part=part)
        other = judge(card, "battle", ["condition-false", "phase-ends"], part=part)
        assert "instead-assumed" not in {n.id for n in other.trace.interpretations}, name
        assert reading.instead_if not in summary(other), name
        # the other branch never has the instead branch's terms: what lasts of it is bounded by the phase (D1)
        assert other.persists is False and other.part.upper_bound.rule == "D1", (name, summary(other))
        assert held.part.upper_bound.rule != "D1", (name, summary(held))
        assert all(reading.instead.casefold().find(s.term.text.casefold()) < 0 for s in other.part.terms), name


def test_the_instead_branch_through_the_command(db, capsys):
    name, label = _instead_parts()[0]
    argv = ("duration", name, "--played-in", "battle") + (("--part", label) if label else ())
    code, out, err = run(capsys, *argv)
    assert code == 0 and "(taken so): " in out.splitlines()[0], (out, err)  # the assumption leads the first line
    code, out, err = run(capsys, *argv, "--then", "condition-false", "phase-ends")
    assert code == 0 and out.startswith("Has ended: the phase ended"), (out, err)
