"""Section "players": what players really type, over the real Redemption catalog, scored by outcome.

A seeded generator builds queries of seven kinds from the catalog itself, each with the card it means:
  exact     the full name of a reprinted card (several printings), as printed, without a set;
  label     a printing's label as a list shows it ("Stricken (PoC)", "Three Woes [Fundraiser]"): that printing;
  word      one distinctive word of a name (a word no other card's name has): "eznite", "woes";
  fragment  two neighbouring words out of a longer name: "host warriors" style;
  numeral   a name with a number word, typed with the digit: "3 woes";
  typo      one or two slips (drop, double, swap, neighbouring key; two only on names of 8+ letters) in a name
            that is not another card's name;
  nickname  a moderator's alias (the initials of a 3+ word name).
Each answer is one of: right (the card meant; for labels the very printing), asked (a question back listing
the card meant), wrong (a confident answer about another card: the worst outcome) or not found.

Speed: the pure typos are also timed against difflib.get_close_matches on the same names, side by side.
"""

from __future__ import annotations

import difflib
import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.catalogs import real_cards
from benchmarks.common import Settings, latency_stats, progress, timed
from benchmarks.queries import make_aliases, owners, slip
from engine.cards import Card
from engine.matching import Matcher, MatchResult
from engine.names import base_name, card_identity, fold
from engine.rulesets.redemption import RULESET
from engine.word_match import NUMBER_WORDS, STOP_WORDS, content_words

KINDS = ("exact", "label", "word", "fragment", "numeral", "typo", "nickname")
OUTCOMES = ("right", "asked", "wrong", "not_found")
SILENT_WRONG_MAX = 0.5  # percent, overall
RIGHT_OR_ASKED_MIN = 99.0  # percent, overall
TYPO_SPEED_MIN = 300.0  # x difflib.get_close_matches, same queries
_DIGITS = {word: digit for digit, word in NUMBER_WORDS.items() if digit.isdigit()}
_SLIPS = ("drop", "double", "swap", "replace")


@dataclass(frozen=True)
class PlayerQuery:
    text: str
    kind: str
    identity: str  # the card meant (engine.names.card_identity)
    printing: Card | None = None  # for labels: the printing meant


def _letters(text: str) -> int:
    return sum("a" <= ch <= "z" for ch in text.lower())


def make_player_queries(cards: Sequence[Card], per_kind: int, seed: int,
                        aliases: Sequence[tuple[str, int]]) -> list[PlayerQuery]:
    rng = random.Random(f"players:{len(cards)}:{seed}")
    by_card: dict[str, list[Card]] = defaultdict(list)
    for card in cards:
        by_card[card_identity(card.name)].append(card)
    # Names that fold alike for two cards ("Bear", "The Bear") cannot be told apart by anyone: left out.
    folds: dict[str, set[str]] = defaultdict(set)
    for identity, printings in by_card.items():
        folds[fold(base_name(printings[0].name))].add(identity)
    clear = sorted(i for i, p in by_card.items() if len(folds[fold(base_name(p[0].name))]) == 1)
    forms = owners(cards)  # every folded name form -> its printing (or -1 when shared)
    word_cards: dict[str, set[str]] = defaultdict(set)
    whole: dict[frozenset[str], set[str]] = defaultdict(set)  # a card's content words, as a set
    for identity in by_card:
        for word in fold(base_name(by_card[identity][0].name)).split():
            word_cards[word].add(identity)
        whole[frozenset(content_words(fold(base_name(by_card[identity][0].name))))].add(identity)

    out: list[PlayerQuery] = []

    def take(kind: str, pool: list[PlayerQuery]) -> None:
        rng.shuffle(pool)
        out.extend(pool[:per_kind])

    reprinted = [i for i in clear if len(by_card[i]) > 1]
    take("exact", [PlayerQuery(base_name(by_card[i][0].name), "exact", i) for i in reprinted])
    take("label", [PlayerQuery(c.label, "label", card_identity(c.name), c) for c in cards
                   if sum(x.label == c.label for x in by_card[card_identity(c.name)]) == 1])
    words = []
    for word, owners_of in word_cards.items():
        if len(owners_of) == 1 and len(word) >= 4 and word.isalpha() and word not in STOP_WORDS:
            words.append(PlayerQuery(word, "word", next(iter(owners_of))))
    take("word", words)
    fragments = []
    for identity in clear:
        content = [w for w in fold(base_name(by_card[identity][0].name)).split() if w not in STOP_WORDS]
        if len(content) >= 3:
            k = rng.randrange(len(content) - 1)
            typed = f"{content[k]} {content[k + 1]}"
            # Not another card's own name, give or take small words ("lost soul", "joseph [the] carpenter").
            if forms.get(fold(typed)) is None and not whole.get(frozenset(content_words(typed))):
                fragments.append(PlayerQuery(typed, "fragment", identity))
    take("fragment", fragments)
    numerals = []
    for identity in clear:
        name = base_name(by_card[identity][0].name)
        words_of = name.split()
        hits = [k for k, w in enumerate(words_of) if w.lower() in _DIGITS]
        if hits:
            k = rng.choice(hits)
            typed = " ".join([*words_of[:k], _DIGITS[words_of[k].lower()], *words_of[k + 1:]]).lower()
            if forms.get(fold(typed)) is None:  # not another card's name ("7 Years of Famine" exists)
                numerals.append(PlayerQuery(typed, "numeral", identity))
    take("numeral", numerals)
    typos = []
    for identity in clear:
        meant = base_name(by_card[identity][0].name)
        if _letters(meant) < 5:
            continue
        typed: str | None = meant
        for _ in range(2 if _letters(meant) >= 8 and rng.random() < 0.5 else 1):
            typed = slip(rng.choice(_SLIPS), typed, rng) if typed else None
        if typed and fold(typed) and forms.get(fold(typed)) is None and fold(typed) != fold(meant):
            typos.append(PlayerQuery(typed, "typo", identity))
    take("typo", typos)
    take("nickname", [PlayerQuery(alias, "nickname", card_identity(cards[i].name)) for alias, i in aliases])
    return out


def outcome(query: PlayerQuery, result: MatchResult) -> str:
    if result.card is not None:
        if query.printing is not None:
            return "right" if result.card == query.printing else "wrong"
        return "right" if card_identity(result.card.name) == query.identity else "wrong"
    if any(card_identity(c.card.name) == query.identity for c in result.candidates) and result.how == "ambiguous":
        return "asked"
    return "not_found"


def _shares(outcomes: Sequence[str]) -> dict[str, Any]:
    n = len(outcomes)
    out: dict[str, Any] = {"n": n}
    for name in OUTCOMES:
        out[name] = 100.0 * sum(o == name for o in outcomes) / n if n else None
    out["right_or_asked"] = (out["right"] or 0) + (out["asked"] or 0) if n else None
    return out


def run(settings: Settings) -> dict[str, Any]:
    if not settings.data_found():
        return settings.skipped()
    cards = list(real_cards(settings.data_path))
    aliases = make_aliases(cards, owners(cards), 40, random.Random(f"player-aliases:{settings.seed}"))
    matcher = Matcher(cards, [(alias, cards[i].name, None) for alias, i in aliases], prefer=RULESET.printing_rank)
    per_kind = 40 if settings.quick else 600
    queries = make_player_queries(cards, per_kind, settings.seed, aliases)
    progress(f"players: {len(queries)} queries over {len(cards):,} printings")
    results = [matcher.match(q.text) for q in queries]
    outcomes = [outcome(q, r) for q, r in zip(queries, results, strict=True)]
    by_kind = {kind: _shares([o for o, q in zip(outcomes, queries, strict=True) if q.kind == kind])
               for kind in KINDS}
    overall = _shares(outcomes)
    examples: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for q, r, o in zip(queries, results, outcomes, strict=True):
        if o in ("wrong", "not_found") and len(examples[q.kind]) < 4:
            got = r.card.label if r.card else [c.card.label for c in r.candidates][:3]
            examples[q.kind].append(f"{o}: {q.text!r} (meant {q.identity}) -> {r.how}: {got}")

    # Full names whose printings all read alike must be answered, never asked back.
    alike_total = alike_answered = 0
    by_card: dict[str, list[Card]] = defaultdict(list)
    for card in cards:
        by_card[card_identity(card.name)].append(card)
    for q, o in zip(queries, outcomes, strict=True):
        if q.kind == "exact" and len({RULESET.reading_key(c, ()) for c in by_card[q.identity]}) == 1:
            alike_total += 1
            alike_answered += o == "right"
    alike = 100.0 * alike_answered / alike_total if alike_total else None

    # Speed on pure typos, side by side with difflib on the same names and queries.
    typo_texts = [q.text for q in queries if q.kind == "typo"]
    names = [c.name.lower() for c in cards]
    k = min(len(typo_texts), 20 if settings.quick else 200)
    progress(f"players: {len(typo_texts)} typos through the matcher, {k} through difflib")
    # Several passes, each with a fresh matcher (no caches from the scoring pass or the pass before), so the
    # matcher is timed over seconds as difflib is: a shared machine's load changes within seconds.
    match_lat = []
    for _ in range(1 if settings.quick else 5):
        fresh = Matcher(cards, prefer=RULESET.printing_rank)
        lat, _ = timed(fresh.match, typo_texts, warmup=min(20, len(typo_texts)))
        match_lat += lat
    diff_lat, _ = timed(lambda q: difflib.get_close_matches(q, names, n=1), typo_texts[:k], warmup=2)
    match_stats, diff_stats = latency_stats(match_lat), latency_stats(diff_lat)
    ratio = match_stats["per_s"] / diff_stats["per_s"]

    targets = [
        {"id": "players:silent-wrong", "what": "silent wrong card, all kinds", "value": overall["wrong"],
         "op": "<=", "limit": SILENT_WRONG_MAX, "unit": "%", "pass": overall["wrong"] <= SILENT_WRONG_MAX},
        {"id": "players:right-or-asked", "what": "right card or asked with it, all kinds",
         "value": overall["right_or_asked"], "op": ">=", "limit": RIGHT_OR_ASKED_MIN, "unit": "%",
         "pass": overall["right_or_asked"] >= RIGHT_OR_ASKED_MIN},
    ]
    for kind in ("exact", "label"):
        value = by_kind[kind]["wrong"] or 0.0
        targets.append({"id": f"players:wrong-{kind}", "what": f"silent wrong card, {kind} names", "value": value,
                        "op": "<=", "limit": 0.0, "unit": "%", "pass": value == 0.0})
    targets.append({"id": "players:alike-answered", "what": "full names whose printings read alike, answered",
                    "value": alike, "op": ">=", "limit": 100.0, "unit": "%", "pass": alike == 100.0})
    targets.append({"id": "players:typo-speed", "what": f"pure 1-2-edit typos: q/s vs difflib ({k} side by side)",
                    "value": ratio, "op": ">=", "limit": TYPO_SPEED_MIN, "unit": "x", "pass": ratio >= TYPO_SPEED_MIN})
    return {"queries": len(queries), "cards": len(cards), "by_kind": by_kind, "overall": overall,
            "alike": {"n": alike_total, "answered": alike}, "examples": examples,
            "typo_speed": {"match": match_stats, "difflib": diff_stats, "ratio": ratio, "n": len(typo_texts),
                           "difflib_n": k},
            "targets": targets}
