"""Section "typos": how often a misspelt card name gets the card meant, per card name, over the real Redemption
catalog, beside difflib.get_close_matches on the same queries.

- per name: every card name that names one card (5+ letters), one seeded typo each (one slip, two on names of 8+
  letters half the time; slips as benchmarks/queries.py makes them: a dropped, doubled, swapped letter or a
  neighbouring key): right (the card meant, answered), asked (a question back listing it), wrong (another card,
  answered: the worst outcome) or none. Target: right >= 99%, wrong <= 0.1% (names one slip from another card's
  spelling, such as False Prophecy and False Prophesy, stay possible).
- short names, two slips: every such name of 4-7 letters with exactly two slips, at several seeds; Arbiter's right
  and wrong beside difflib's (difflib always answers). Target: right at least difflib's (the wrong shares shown).
- held out: the players section's query set (benchmarks/players.py) drawn at seeds the matcher was never tuned on;
  silent wrong cards over all of them. Target: <= 0.1%.
"""

from __future__ import annotations

import difflib
import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from benchmarks.catalogs import real_cards
from benchmarks.common import Settings, progress
from benchmarks.players import _letters, make_player_queries, outcome
from benchmarks.queries import make_aliases, owners, slip
from engine.cards import Card
from engine.matching import Matcher
from engine.names import base_name, card_identity, fold
from engine.rulesets.redemption import RULESET

SLIPS = ("drop", "double", "swap", "replace")
PER_NAME_RIGHT_MIN = 99.0
PER_NAME_WRONG_MAX = 0.1
HELD_OUT_WRONG_MAX = 0.1
SHORT_SEEDS = (2, 12, 22, 32)
HELD_OUT_SEEDS = (1, 2, 3, 4, 5)


def clear_names(cards: Sequence[Card]) -> dict[str, str]:
    """card identity -> its base name, for names no other card folds to."""
    by_card: dict[str, list[Card]] = defaultdict(list)
    for card in cards:
        by_card[card_identity(card.name)].append(card)
    folds: dict[str, set[str]] = defaultdict(set)
    for identity, printings in by_card.items():
        folds[fold(base_name(printings[0].name))].add(identity)
    return {i: base_name(p[0].name) for i, p in sorted(by_card.items())
            if len(folds[fold(base_name(p[0].name))]) == 1}


def typo_queries(names: dict[str, str], forms: dict[str, int], seed: int, slips: int | None, lo: int,
                 hi: int) -> list[tuple[str, str]]:
    """(typed, identity meant): one typo per name of lo-hi letters (`slips` None: one, or two on 8+ letters half
    the time); a typo that spells another card's name is drawn again (up to 20 tries)."""
    rng = random.Random(f"typos:{seed}")
    out = []
    for identity, meant in names.items():
        letters = _letters(meant)
        if not lo <= letters <= hi:
            continue
        for _ in range(20):
            count = slips if slips is not None else (2 if letters >= 8 and rng.random() < 0.5 else 1)
            typed: str | None = meant
            for _ in range(count):
                typed = slip(rng.choice(SLIPS), typed, rng) if typed else None
            if typed and fold(typed) and forms.get(fold(typed)) is None and fold(typed) != fold(meant):
                out.append((typed, identity))
                break
    return out


def _shares(counts: Counter[str], n: int) -> dict[str, Any]:
    return {"n": n, **{k: 100.0 * counts.get(k, 0) / n if n else None for k in ("right", "asked", "wrong", "none")}}


def score_matcher(matcher: Matcher, queries: Sequence[tuple[str, str]]) -> tuple[dict[str, Any], list[str]]:
    counts: Counter[str] = Counter()
    wrong = []
    for typed, identity in queries:
        result = matcher.match(typed)
        if result.card is not None:
            kind = "right" if card_identity(result.card.name) == identity else "wrong"
            if kind == "wrong" and len(wrong) < 5:
                wrong.append(f"{typed!r} (meant {identity}) -> {result.card.label}")
        elif result.how == "ambiguous" and any(card_identity(c.card.name) == identity for c in result.candidates):
            kind = "asked"
        else:
            kind = "none"
        counts[kind] += 1
    return _shares(counts, len(queries)), wrong


def score_difflib(cards: Sequence[Card], queries: Sequence[tuple[str, str]]) -> dict[str, Any]:
    names = [c.name.lower() for c in cards]
    identity = {c.name.lower(): card_identity(c.name) for c in cards}
    counts: Counter[str] = Counter()
    for typed, meant in queries:
        found = difflib.get_close_matches(typed, names, n=1)
        counts["none" if not found else "right" if identity[found[0]] == meant else "wrong"] += 1
    return _shares(counts, len(queries))


def run(settings: Settings) -> dict[str, Any]:
    if not settings.data_found():
        return settings.skipped()
    cards = list(real_cards(settings.data_path))
    matcher = Matcher(cards, prefer=RULESET.printing_rank)
    names, forms = clear_names(cards), owners(cards)
    if settings.quick:
        names = dict(list(names.items())[:400])
    per_name, per_name_wrong = score_matcher(matcher, typo_queries(names, forms, settings.seed, None, 5, 999))
    progress(f"typos: {per_name['n']} names, one typo each")

    short: dict[str, Any] = {"seeds": [], "arbiter": Counter(), "difflib": Counter(), "n": 0}
    for seed in SHORT_SEEDS[:1] if settings.quick else SHORT_SEEDS:
        queries = typo_queries(names, forms, seed, 2, 4, 7)
        mine, wrong = score_matcher(matcher, queries)
        theirs = score_difflib(cards, queries[:60] if settings.quick else queries)
        short["seeds"].append({"seed": seed, "arbiter": mine, "difflib": theirs, "wrong": wrong})
        progress(f"typos: short names, two slips, seed {seed}: {len(queries)} queries")
    for key in ("arbiter", "difflib"):
        n = sum(s[key]["n"] for s in short["seeds"])
        short[key] = {k: sum((s[key][k] or 0) * s[key]["n"] for s in short["seeds"]) / n
                      for k in ("right", "asked", "wrong", "none")} | {"n": n}

    held: dict[str, Any] = {"seeds": [], "n": 0, "wrong": 0, "examples": []}
    for seed in HELD_OUT_SEEDS[:1] if settings.quick else HELD_OUT_SEEDS:
        aliases = make_aliases(cards, forms, 40, random.Random(f"player-aliases:{seed}"))
        with_aliases = Matcher(cards, [(a, cards[i].name, None) for a, i in aliases], prefer=RULESET.printing_rank)
        queries = make_player_queries(cards, 40 if settings.quick else 600, seed, aliases)
        wrong = 0
        for q in queries:
            result = with_aliases.match(q.text)
            if outcome(q, result) == "wrong":
                wrong += 1
                if len(held["examples"]) < 6:
                    held["examples"].append(f"seed {seed}: {q.text!r} (meant {q.identity}) -> {result.card.label}")
        held["seeds"].append({"seed": seed, "n": len(queries), "wrong": wrong})
        held["n"] += len(queries)
        held["wrong"] += wrong
    held["wrong_pct"] = 100.0 * held["wrong"] / held["n"] if held["n"] else None
    progress(f"typos: held-out player queries: {held['wrong']} silent wrong of {held['n']}")

    right, diff_right = short["arbiter"]["right"], short["difflib"]["right"]
    wrong, diff_wrong = short["arbiter"]["wrong"], short["difflib"]["wrong"]
    targets = [
        {"id": "typos:per-name-right", "what": "one typo per card name: right card answered",
         "value": per_name["right"], "op": ">=", "limit": PER_NAME_RIGHT_MIN, "unit": "%",
         "pass": per_name["right"] >= PER_NAME_RIGHT_MIN},
        {"id": "typos:per-name-wrong", "what": "one typo per card name: silent wrong card", "value": per_name["wrong"],
         "op": "<=", "limit": PER_NAME_WRONG_MAX, "unit": "%", "pass": per_name["wrong"] <= PER_NAME_WRONG_MAX},
        {"id": "typos:short-two-slips", "what": "two slips in a 4-7 letter name: right, minus difflib's right",
         "value": right - diff_right, "op": ">=", "limit": 0.0, "unit": "pp",
         "detail": f"Arbiter {right:.1f}% right, {wrong:.1f}% wrong; difflib {diff_right:.1f}% right, "
                   f"{diff_wrong:.1f}% wrong", "pass": right >= diff_right},
        {"id": "typos:held-out-wrong", "what": f"held-out player queries ({held['n']}): silent wrong card",
         "value": held["wrong_pct"], "op": "<=", "limit": HELD_OUT_WRONG_MAX, "unit": "%",
         "pass": held["wrong_pct"] is not None and held["wrong_pct"] <= HELD_OUT_WRONG_MAX},
    ]
    return {"cards": len(cards), "per_name": per_name, "per_name_wrong": per_name_wrong,
            "short_two_slips": short, "held_out": held, "targets": targets}
