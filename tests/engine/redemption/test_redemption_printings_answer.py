"""A card name that does not pick its printing, whose printings answer the question differently (blind round
redemption-seed38311 S8 "The Long Day" answered for the [II] Dominant while the player held the (Wa) Enhancement;
S11 "False Dreams" answered for (PoC)'s placement while the player held (Prp)). The answer leads with every answer,
each with the printings it is for, the default printing's first; each is exactly what that printing answers when
asked by its set. Checked over every real card name whose printings read differently, in three scenarios."""

from __future__ import annotations

import json
from collections import defaultdict
from functools import cache

import pytest

from bot.answers.service import Arbiter, LookupProblem
from engine.names import base_name, card_identity, fold
from engine.printings import own_answer, printing_tag
from tests.cli_helpers import run
from tests.engine.redemption.test_front_door import real_db  # noqa: F401  (the real catalog, imported once)

SCENARIOS = {"plain": {}, "battle-phase-ends": {"played_in": "battle", "events": ("phase-ends",)},
             "territory-turn-ends": {"played_in": "territory", "events": ("turn-ends",)}}


@cache
def _arbiter(path: str) -> Arbiter:
    arbiter = Arbiter.open(path)
    arbiter.warm()
    return arbiter


@cache
def _names(path: str) -> tuple[str, ...]:
    """Every card name (no printing suffix) whose printings read differently and that leads to one card."""
    arbiter = _arbiter(path)
    cards = [c for c in arbiter.all_cards() if c.game == "redemption"]
    identities: dict[str, set[str]] = defaultdict(set)
    texts: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for card in cards:
        identities[fold(base_name(card.name))].add(card_identity(card.name))
        texts[card_identity(card.name)].add((card.type, " ".join(card.text.split())))
    return tuple(sorted({base_name(c.name) for c in cards if len(identities[fold(base_name(c.name))]) == 1
                         and len(texts[card_identity(c.name)]) > 1}))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_printings_that_answer_differently_each_get_their_own_answer_first(real_db, scenario):  # noqa: F811
    arbiter = _arbiter(real_db)
    inputs = SCENARIOS[scenario]
    led = quiet = 0
    for name in _names(real_db):
        try:
            answer = arbiter.duration(name, record=False, **inputs)
        except (LookupProblem, ValueError):
            continue
        report = answer.report
        if report is None or not report.compared:
            continue
        line = answer.as_json()["match"].get("answers_line", "")
        if not report.answer_differs:
            assert not line, name  # every printing gives the same answer: nothing leads
            quiet += 1
            continue
        led += 1
        judged = own_answer(report.summary, report.judged)
        assert line.startswith(f"The printings of {base_name(report.judged.name)} answer differently. "
                               f"{printing_tag(report.judged)} ("), name
        assert f"printing, answered below): {judged}" in line, (name, line)
        for other in report.answer_differs:
            if other not in {c for _, cards in report.answers for c in cards}:
                continue  # one the question could not judge (a part it lacks): only said to read differently
            own = arbiter.duration(other.label, record=False, **inputs)
            assert own.verdict.card.key == other.key, (name, other.label)
            theirs = own_answer(own.as_json()["summary"], other)
            assert theirs != judged, (name, other.label)  # a different answer, as the line says
            assert f"{printing_tag(other)}" in line and f": {theirs}" in line, (name, other.label, line)
    assert led > 50 and quiet > 50, (led, quiet)


def test_the_judged_names_lead_with_each_printings_answer(real_db, capsys):  # noqa: F811
    """The two names of the round, through the command and through a sentence."""
    for name, args, other in (("The Long Day", ["--played-in", "battle", "--then", "battle-ends", "phase-ends"],
                               "(Wa)"),
                              ("False Dreams", ["--played-in", "battle", "--then", "turn-ends"], "(Prp)")):
        code, out, _ = run(capsys, "duration", name, *args, "--db", real_db)
        assert code == 0
        first = out.splitlines()[0]
        assert first.startswith(f"The printings of {name} answer differently.") and other in first, first
        code, out, _ = run(capsys, "duration", name, *args, "--db", real_db, "--json")
        assert json.loads(out)["match"]["answers_line"] == first
    code, out, _ = run(capsys, "ask", "does The Long Day last after the battle phase ends?", "--db", real_db)
    assert code == 0 and out.splitlines()[0].startswith("The printings of The Long Day answer differently."), out


@pytest.mark.parametrize("scenario", ["plain", "battle-phase-ends"])
def test_printings_said_to_read_alike_give_the_same_first_line(scenario):
    """Blind round 41011 (#5-#10, "Haman's Plot", "Goliath's Armor"): printings the reading key called alike got one
    answer quoting one printing's words ("only its “Cannot be negated” lasts") for another whose card says "Cannot
    be interrupted, prevented or negated". Over every real card with several printings: two printings that read
    alike give the same first line, word for word (the card's name and printing aside)."""
    from engine.rulesets.redemption import RULESET, judge
    from engine.rulesets.redemption.render import summary
    from tests.engine.redemption.redemption_builder import real_cards

    inputs = SCENARIOS[scenario]
    by_identity: dict[str, list] = defaultdict(list)
    for card in real_cards().values():
        by_identity[card_identity(card.name)].append(card)
    checked, wrong = 0, []
    for printings in by_identity.values():
        groups: dict[object, set[str]] = defaultdict(set)
        for card in printings:
            verdict = judge(card, inputs.get("played_in"), list(inputs.get("events", ())))
            said = own_answer(summary(verdict), card).replace("’", "'").casefold()  # ("Cannot be Negated")
            said = said.replace(base_name(card.name).replace("’", "'").casefold(), "<card>")  # its own name aside
            groups[RULESET.reading_key(card, ())].add(said)
        for said in groups.values():
            checked += 1
            if len(said) > 1:
                wrong.append(sorted(said))
    assert checked > 3000 and not wrong, wrong[:5]
