"""Properties of the evaluation that must hold for every card and every scenario.

Scenarios are drawn from a seeded generator over the real catalog (or the starter set when the shared
data is absent), so the same cases run every time.
"""

from __future__ import annotations

import random

import pytest

from engine.rulesets.redemption import EVENTS, ZONES, judge
from engine.rulesets.redemption.terms import Role
from tests.engine.redemption.redemption_builder import starter
from tests.shared_paths import shared_data_path


def _cards():
    cards = [card for card, _ in starter().values()]
    path = shared_data_path("redemption", "carddata.txt")
    if path.exists():
        from tests.engine.redemption.redemption_builder import real_cards

        rng = random.Random(7)
        cards += rng.sample(sorted(real_cards().values(), key=lambda c: c.name), 400)
    return cards


def _has_condition(card, zone) -> bool:
    """Whether the part judged there has a condition (D8): only then are condition events a valid question."""
    return any(s.term.role == Role.DEPENDENT for s in judge(card, zone).part.terms)


def _scenarios(n: int = 600):
    rng = random.Random(2024)
    cards = _cards()
    for _ in range(n):
        card = rng.choice(cards)
        zone = rng.choice(ZONES)
        events = [rng.choice(EVENTS) for _ in range(rng.randint(0, 6))]
        if not _has_condition(card, zone):  # refused with one sentence (test_issue34_redemption)
            events = [e for e in events if not e.startswith("condition-")]
        yield card, zone, events


SCENARIOS = list(_scenarios())


def test_adding_events_never_revives_an_ability():
    for card, zone, events in SCENARIOS:
        seen_false = False
        for k in range(len(events) + 1):
            verdict = judge(card, zone, events[:k])
            if seen_false:
                assert verdict.persists is False, (card.name, zone, events[:k])
            seen_false = seen_false or not verdict.persists


def test_a_bound_term_ending_always_ends_persistence():
    checked = 0
    for card, zone, events in SCENARIOS:
        verdict = judge(card, zone, events)
        for state in verdict.part.terms:
            if state.term.role == Role.BOUND and state.status == "ended":
                assert verdict.persists is False
                checked += 1
    assert checked > 0


def test_a_dependent_term_never_extends_persistence():
    # Switching D8 conditions on and off may change `effective`, never `persists`.
    rng = random.Random(99)
    for card, zone, events in SCENARIOS:
        base = judge(card, zone, events)
        noisy = list(events)
        for _ in range(3 if _has_condition(card, zone) else 0):
            noisy.insert(rng.randint(0, len(noisy)), rng.choice(["condition-false", "condition-true"]))
        other = judge(card, zone, noisy)
        assert other.persists == base.persists, (card.name, zone, events, noisy)
        assert not (other.effective and not other.persists)


def test_effective_implies_persists():
    for card, zone, events in SCENARIOS:
        verdict = judge(card, zone, events)
        assert not verdict.effective or verdict.persists


def test_same_question_same_answer():
    from engine.rulesets.redemption.render import verdict_json

    for card, zone, events in SCENARIOS[:50]:
        assert verdict_json(judge(card, zone, events)) == verdict_json(judge(card, zone, events))


@pytest.mark.parametrize("zone", ZONES)
def test_every_zone_gives_a_verdict_with_a_trace(zone):
    for card, _ in starter().values():
        verdict = judge(card, zone, ["phase-ends"])
        assert verdict.trace.steps
