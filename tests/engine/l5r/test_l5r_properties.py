"""Properties of the L5R order engine over seeded random scenarios (no new dependencies: random.Random loops).

- the before-point items of an occurrence all resolve before its when-point items, which resolve before its
  after-point items (L4), and each timed item acts at exactly one of the three moments;
- within a step the order the active player gave is kept (L6; step D keeps one source's effects together);
- an item negated at step A stops every later item that needs the occurrence; only time points remain (L5);
- adding an unrelated item never reorders the others.
"""

from __future__ import annotations

import random

from engine.rulesets.l5r.abilities import Kind
from engine.rulesets.l5r.items import Item, text_item
from engine.rulesets.l5r.moment import TIMINGS, Moment, compare
from engine.rulesets.l5r.order import STEP_OF, Scenario, resolve

SEEDS = range(40)
OCCURRENCES = ("a Personality is destroyed", "he assigns to attack", "a Holding bows", "the Dynasty Phase ends")
EFFECTS = ("gain 1 Honor", "draw a card", "lose 2 Honor", "bow him", "dishonor him", "straighten it")
TIMED_KINDS = ("trait", "reaction", "delayed")
UNTIMED_KINDS = ("rulebook", "conditional", "gold", "additional")


def random_item(rng: random.Random, n: int, occurrence: str, *, timing: str | None = None,
                kinds: tuple[str, ...] = TIMED_KINDS + UNTIMED_KINDS, sources: int = 3) -> Item:
    kind = rng.choice(kinds)
    effect = f"{rng.choice(EFFECTS)} ({n})"  # numbered, so every item is distinct
    who = rng.choice(("you", "opponent"))
    if kind in TIMED_KINDS:
        word = timing or rng.choice(TIMINGS)
        if kind == "delayed" and rng.random() < 0.5:
            source = f"Source {rng.randint(1, sources) if sources else n}"
            return text_item(f"{kind}:...", kind, f"{source}:{word.capitalize()} {occurrence}, {effect}", who)
        return text_item(f"{kind}:...", kind, f"{word.capitalize()} {occurrence}, {effect}", who)
    if kind == "conditional":
        return text_item("conditional:...", kind, f"This card has +1F while it is bowed ({n})", who)
    if kind == "gold":
        return text_item("gold:...", kind, f"Produce {n} Gold", who)
    return text_item(f"{kind}:...", kind, effect, who)


def placed_labels(items: list[Item], moment: Moment, active: str = "you") -> list[str]:
    return [p.item.label for p in resolve(Scenario(moment, active), items).placed]


def test_before_then_when_then_after_for_one_occurrence():
    for seed in SEEDS:
        rng = random.Random(seed)
        occurrence = rng.choice(OCCURRENCES)
        items = [random_item(rng, n, occurrence, kinds=TIMED_KINDS) for n in range(rng.randint(2, 9))]
        timeline: list[str] = []
        for timing in TIMINGS:
            timeline += placed_labels(items, Moment(timing, occurrence, False), rng.choice(("you", "opponent")))
        assert sorted(timeline) == sorted(i.label for i in items), seed  # each acts at exactly one point
        position = {label: n for n, label in enumerate(timeline)}
        for a in items:
            for b in items:
                if TIMINGS.index(a.timing) < TIMINGS.index(b.timing):
                    assert position[a.label] < position[b.label], (seed, a.label, b.label)
        first, second = rng.sample(TIMINGS, 2)
        answer = compare(f"{first} {occurrence}", f"{second} {occurrence}")
        assert answer.first.split()[0] == min(first, second, key=TIMINGS.index), seed


def test_the_active_players_order_is_kept_within_a_step():
    for seed in SEEDS:
        rng = random.Random(seed)
        occurrence = rng.choice(OCCURRENCES)
        items = [random_item(rng, n, occurrence, timing="when") for n in range(rng.randint(2, 12))]
        active = rng.choice(("you", "opponent"))
        placed = resolve(Scenario(Moment("when", occurrence, False), active), items).placed
        for step in ("B", "C", "E", "gold", "additional"):
            listed = [i.label for i in items if STEP_OF[i.kind] == step]
            assert [p.item.label for p in placed if p.step == step] == listed, (seed, step)
        # F is an action round (L6 F): each player's Reactions keep their listed order, the active player's
        # opportunity comes first, and the players alternate while both still have one.
        f_placed = [p.item for p in placed if p.step == "F"]
        for player in ("you", "opponent"):
            assert [i.label for i in f_placed if i.controller == player] == \
                [i.label for i in items if STEP_OF[i.kind] == "F" and i.controller == player], (seed, player)
        owners = [i.controller for i in f_placed]
        both = min(owners.count("you"), owners.count("opponent"))
        if active in owners:
            assert owners[0] == active, seed
        if both:
            assert all(owners[k] != owners[k + 1] for k in range(2 * both - 1)), seed
        d_items = [p.item for p in placed if p.step == "D"]
        sources = list(dict.fromkeys(i.source for i in items if i.kind is Kind.DELAYED))
        assert [i.source for i in d_items] == sorted((i.source for i in d_items), key=sources.index), seed
        for source in sources:
            assert [i.label for i in d_items if i.source == source] == \
                [i.label for i in items if i.kind is Kind.DELAYED and i.source == source], seed


def test_a_negation_at_step_a_stops_everything_that_needs_the_occurrence():
    for seed in SEEDS:
        rng = random.Random(seed)
        occurrence = rng.choice(OCCURRENCES)
        timing = rng.choice(TIMINGS)
        items = [random_item(rng, n, occurrence, timing=timing) for n in range(rng.randint(1, 10))]
        negation = text_item("negate:...", "negate", f"It can not happen that {occurrence}", "you")
        items.insert(rng.randint(0, len(items)), negation)
        if rng.random() < 0.5:  # an indefinite-plural time point fires anyway (L5)
            items.append(text_item("trait:...", "trait", f"{timing.capitalize()} armies engage, gain 1 Honor", "you"))
        result = resolve(Scenario(Moment(timing, occurrence, False)), items)
        assert result.placed[0].item is negation, seed
        for p in result.placed[1:]:
            assert p.item.time_point and "L5" in p.rules, (seed, p.item.label)
        stopped = {item.label for item, why, _ in result.skipped if "negated the occurrence" in why}
        needing = {i.label for i in items if i is not negation and not i.time_point
                   and (i.timing in (None, timing)) and not (i.kind is Kind.CONDITIONAL and timing != "when")
                   and not (i.kind is Kind.GOLD and timing != "when")}
        assert stopped == needing, seed


def test_an_unrelated_item_never_reorders_the_others():
    for seed in SEEDS:
        rng = random.Random(seed)
        occurrence = rng.choice(OCCURRENCES)
        timing = rng.choice(TIMINGS)
        moment = Moment(timing, occurrence, False)
        active = rng.choice(("you", "opponent"))
        items = [random_item(rng, n, occurrence, timing=timing) for n in range(rng.randint(1, 10))]
        before = placed_labels(items, moment, active)
        # unrelated: not a negation, and not a delayed effect of a source already listed (the order of sources
        # is the active player's choice, shown by where each source first appears)
        extra = random_item(rng, 99, occurrence, timing=timing, sources=0)
        grown = list(items)
        grown.insert(rng.randint(0, len(grown)), extra)
        after = [label for label in placed_labels(grown, moment, active) if label != extra.label]
        assert after == before, seed
