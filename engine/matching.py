"""Card-name matching for one game: exact names, aliases, prefixes, then typo-tolerant fuzzy search.

Everything a query needs is built once in `Matcher.__init__` (folded name forms, a sorted key list for
bisect prefix search, a length index and a word index for the fuzzy pass), so a lookup is a few dict
probes, a bisect and usually one rapidfuzz pass over a slice of precomputed strings. The fuzzy pass
compares every key that could reach the cutoff on catalogs of the real Redemption size; on much larger
ones (>`scan_limit` such keys) it first narrows to keys sharing a word, or a near word, with the query.

A name is a card; printings are versions of it. Printings whose names differ only by printing suffixes
("Son of God (2019) (Promo)", "Son of God [Fundraiser]") are one card (`card_identity`). When a query names a
card with several printings, the answer is that card's default printing (`chosen` says "default", or
"moderator" when a moderator set it), never a refusal; `printings` lists them all so the caller can say
which read alike. The default is the printing ranked highest by `prefer` (the ruleset's stated rule),
ties broken alphabetically by label.

Precedence, first that applies wins:
  1. an autocomplete value (`resolve_value`),
  2. an exact folded name form: the full name wins over other forms (the base name without printing
     suffix, a side of a two-sided card, the short name before a comma: "Adino, the Eznite" -> "adino"),
  3. a label as lists show it ("Stricken (PoC)"): exactly that printing,
  4. a name form followed by a set designator ("captain of the host warriors"),
  5. an exact alias,
  6. a prefix of a name form or alias (unless the query ends with a bracket),
  7. words: cards containing every word typed (engine/word_match.py: "eznite", "3 woes", "marauders"),
     weighed against a character-level fuzzy reading (OSA similarity, a swap counts as one typo). The fuzzy
     reading answers alone only when it is confident (few edits, clear margin) and no card contains the
     typed words; one card holding all the words answers; anything else asks back with the candidates.
When a step yields printings of several cards, `set_hint` may narrow them to one; otherwise the answer is
"ambiguous" with one candidate per card (best first, at most 25): a shared name never becomes a silent guess.
A name typed exactly as one printing's full name ("Angelic Visitor", the TEC card) whose card's default printing is
another one that reads differently for the game's question (`reads`, the ruleset's reading key: "Angelic Visitor
[RR2]" has another ability) is asked back, one candidate per reading, the printings so named first: the name is the
title of both, so answering either would be a guess (the old printing for a player holding today's, or today's for
the card whose name was typed). A moderators' default still answers.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import islice
from math import ceil, floor
from typing import Any

from engine.cards import Card
from engine.later import Later
from engine.names import base_name, card_identity, fold, name_forms, split_suffix, suffixes, without_inner_the
from engine.plain_words import cut
from engine.word_match import STOP_WORDS, WordHit, WordIndex

# rapidfuzz is imported on the first fuzzy reading: an exact name never needs it.
fuzz, process, OSA = Later("rapidfuzz.fuzz"), Later("rapidfuzz.process"), Later("rapidfuzz.distance.OSA")

MAX_QUERY = 200  # characters of a query that are looked at; the longest card name has 65
MAX_CHOICES = 25  # Discord's limit for autocomplete choices; also the cap on ambiguous candidates
MAX_RUNNERS_UP = 5
MAX_LABEL = 100  # Discord's limit for a choice's name and value
# Fuzzy thresholds (scores are OSA similarity x 100, i.e. 100 * (1 - typos / longer length)), tuned on
# generated typos over the real Redemption catalog, see tests/engine/test_matching.py:
# - FUZZY_CUTOFF: at most 3 typos per 10 characters, so a 4-letter name survives one typo; random
#   letters stay below it (1 in 2,000 strings matched), and 75 would lose 2.5 points on double typos.
# - FUZZY_MARGIN: a card wins only if no other card's reading scores within this many points, else the
#   answer is "ambiguous": a wrong card is worse than a question back. One typo costs 100/length points,
#   so 3 points is a whole typo for names up to 33 characters. 2-4 give the same wrong-pick rate; 5+
#   only turns right answers into questions.
# - PRINTING_MARGIN: when every close reading is a printing of one card ("(L)" vs "(UL)"), the strictly
#   closest printing wins; picking the wrong printing of the right card is a much smaller mistake.
FUZZY_CUTOFF = 70.0
FUZZY_MARGIN = 3.0
PRINTING_MARGIN = 0.5
SURE_SCORE = 90.0  # a fuzzy reading this good is not second-guessed (e.g. as "name + set name")
CLOSEST_CUTOFF = 40.0  # Indel ratio for the "closest names" offered with not-found (any OSA score)
AUTOCOMPLETE_CUTOFF = 60.0  # looser: a list to choose from, not an answer
_POOL = 40  # keys fetched per fuzzy pass; several keys can lead to one printing
_NEAR_WORDS = 3  # vocabulary words tried for a misspelt query word (large catalogs only)
_SUGGEST_LIMIT = 1_500  # keys one autocomplete fuzzy search compares at most
_MISSING = object()
_RUNNER_KEYS = 16  # closest keys a fuzzy answer draws its runners-up from
_SHORT = 14  # queries up to this long may use runs of two letters in the pigeonhole pass
_GRAM_SPAN = 48  # letters of a key indexed by position for the pigeonhole pass (`_near_hits`)
_CHR = [chr(i) for i in range(_GRAM_SPAN + 8)]
_VALUE_PREFIX = "id:"
# The typing-slips reading (`_slips`): what a slip costs, as a player's fingers make them. Two slips in a short
# name leave it one or two edits from several names; counting them by how fingers slip (a doubled letter or a
# neighbouring key is cheaper than a letter from nowhere) tells them apart far more often. Tuned on generated
# slips over the real Redemption catalog, checked on held-out seeds (benchmarks/typos.py).
KIND_MIN = 3  # cards that must share a type or kind word for it to find them
SLIP_MAX = 12  # queries up to this long get the reading when the plain one asks back
SLIP_REPLACE_NEAR = 0.6  # a neighbouring key for the meant one
SLIP_DOUBLE = 0.3  # a letter typed twice (or next to itself)
SLIP_EXTRA_NEAR = 0.8  # an extra letter from a key beside the meant one
SLIP_DROP = 0.7  # a letter left out
SLIP_SWAP = 0.5  # two letters swapped
SLIP_BUDGET = 1.8  # what two cheap slips cost at most
SLIP_MARGIN = 0.5  # the reading answers only this far ahead of every other card (0.3 reads more, wrongly too)
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEAR_KEYS: dict[str, frozenset[str]] = {
    ch: frozenset(_ROWS[r2][j] for r2 in (r - 1, r, r + 1) if 0 <= r2 < 3
                  for j in (c - 1, c, c + 1) if 0 <= j < len(_ROWS[r2]) and (r2, j) != (r, c))
    for r, row in enumerate(_ROWS) for c, ch in enumerate(row)}
_NO_KEYS: frozenset[str] = frozenset()

HOWS = ("exact", "alias", "prefix", "word", "fuzzy", "ambiguous", "no-printing", "not-found")
# How the printing of a found card was chosen: "title" = the name typed is exactly this printing's full name and also
# the title other printings of the card print (their names add only a printing suffix: "Angel's Sword" (Ki) beside
# "Angel's Sword [RR2]"), so the printing typed answers and the others are said beside it.
CHOSEN = ("named", "default", "moderator", "title")


@dataclass(frozen=True)
class Candidate:
    card: Card
    score: float  # 0-100
    how: str


@dataclass(frozen=True)
class MatchResult:
    query: str
    how: str  # one of HOWS
    card: Card | None
    candidates: list[Candidate] = field(default_factory=list)
    printings: tuple[Card, ...] = ()  # every printing of the card found (or of the card a bad set hint named)
    chosen: str = ""  # one of CHOSEN when a card was found


@dataclass(frozen=True)
class Choice:
    """An autocomplete entry: `name` is shown, `value` comes back and `Matcher.match` resolves it."""

    name: str
    value: str


def card_value(card: Card) -> str:
    """A short stable key for a printing: the same across restarts and catalog reloads, <= 100 chars,
    plain ASCII (no separators or control characters that a transport could mangle)."""
    digest = hashlib.blake2b(f"{card.game}\x1f{card.name}\x1f{card.set}".encode(), digest_size=8)
    return _VALUE_PREFIX + digest.hexdigest()


def is_card_value(text: str) -> bool:
    """Whether `text` is a printing's card_value: what a front end puts where the asker named a card it then
    picked from a menu. A question's parser must take it as a card name, never as `KIND:TEXT`."""
    return bool(_CARD_VALUE.fullmatch(text.strip())) if isinstance(text, str) else False


_CARD_VALUE = re.compile(re.escape(_VALUE_PREFIX) + r"[0-9a-f]{16}")


def _clip(text: str, limit: int = MAX_LABEL) -> str:
    return cut(text, limit)


class Matcher:
    """Matches user text to the printings of one game. Immutable after construction (but for a cache of
    autocomplete entries, filled idempotently); safe to share."""

    def __init__(self, cards: Sequence[Card], aliases: Sequence[tuple[str, str, str | None]] = (), *,
                 scan_limit: int = 10_000, prefer: Callable[[Card], Any] | None = None,
                 defaults: Mapping[str, tuple[str, str]] | None = None,
                 reads: Callable[[Card], Hashable] | None = None) -> None:
        """`scan_limit`: the most keys one fuzzy pass compares. Catalogs whose candidate keys fit (the real
        Redemption catalog has ~9,000 keys) are scanned completely; larger ones are narrowed first.
        `prefer`: the ruleset's rule for a card's default printing (the highest key wins).
        `defaults`: moderators' choices, card identity (`card_identity`) -> (name, set) of its default.
        `reads`: the ruleset's reading key (printings with equal keys get the same ruling), or None."""
        self._scan_limit = max(1, scan_limit)
        self._prefer = prefer
        self._reads = reads
        self._read_keys: dict[int, Any] = {}  # printing -> its reading key, filled as needed
        self._choices: dict[int, Choice] = {}
        self._preferred: dict[int, Any] = {}  # printing -> its key under `prefer`, filled as needed
        self._defaults: dict[int, tuple[int, str]] = {}  # card -> its default printing, filled as needed
        self._printings_of: dict[int, tuple[Card, ...]] = {}  # card -> its printings, filled as needed
        folded = cache(fold)  # set names and many forms repeat across printings
        self._cards: list[Card] = []
        self._by_value: dict[str, int] = {}
        self._index: dict[tuple[str, str, str], int] = {}  # a printing's key -> its position
        for card in cards:
            value = card_value(card)
            if value not in self._by_value:  # the same printing twice: keep the first
                self._by_value[value] = self._index[card.key] = len(self._cards)
                self._cards.append(card)
        self._alpha = sorted(range(len(self._cards)), key=lambda i: (folded(self._cards[i].label), i))
        self._rank = [0] * len(self._cards)  # alphabetical position: the tie-breaker everywhere
        for pos, i in enumerate(self._alpha):
            self._rank[i] = pos

        # Cards: printings sharing a card identity, each card's printings in alphabetical order.
        self._fam: list[int] = []  # card number per printing
        self._fam_ids: list[list[int]] = []  # printings per card
        numbers: dict[str, int] = {}
        for i in self._alpha:
            number = numbers.setdefault(card_identity(self._cards[i].name), len(numbers))
            if number == len(self._fam_ids):
                self._fam_ids.append([])
            self._fam_ids[number].append(i)
        self._fam = [0] * len(self._cards)
        for number, ids in enumerate(self._fam_ids):
            for i in ids:
                self._fam[i] = number
        self._identity: list[str] = list(numbers)
        self._override: dict[int, int] = {}  # card number -> the printing moderators made its default
        for identity, (name, set_) in (defaults or {}).items():
            number = numbers.get(identity)
            chosen = [i for i in self._fam_ids[number] if self._cards[i].name == name and self._cards[i].set == set_] \
                if number is not None else []
            if chosen:
                self._override[number] = chosen[0]
        # Each card of several printings has its default chosen once, here: answers about it name it, fuzzy ones too.
        for ids in self._fam_ids:
            if len(ids) > 1:
                self._default(ids)
        self._preferred.clear()  # (needed again only for some of a card's printings: rare, and kept out of the file)
        self._labels: dict[str, list[int]] = {}  # a printing's label as lists show it, folded
        raw_labels: dict[str, list[int]] = {}  # ... and as shown (spacing and case aside), if only one has it
        for i, card in enumerate(self._cards):
            _add(self._labels, fold(card.label), i)
            _add(raw_labels, " ".join(card.label.split()).casefold(), i)
        self._raw_labels: dict[str, int] = {k: ids[0] for k, ids in raw_labels.items() if len(ids) == 1}

        self._full: dict[str, list[int]] = {}  # folded full name -> printings (names repeat across sets)
        self._named: dict[str, list[int]] = {}  # any folded name form -> printings
        self._forms: list[tuple[str, ...]] = []  # folded forms per printing
        self._base: list[str] = []  # folded base name per printing: its "other printings" share it
        self._family: list[str] = []  # folded name minus its outermost suffix: the same card in another set
        self._designators: list[tuple[frozenset[str], str, str]] = []  # (suffixes, set, official set)
        self._set_words: set[str] = set()  # what a query may end with to name a set
        self._name_key: list[str] = []  # folded full name per printing, exactly as named
        for i, card in enumerate(self._cards):
            name_key = folded(card.name)
            self._name_key.append(name_key)
            for key in dict.fromkeys((name_key, without_inner_the(name_key))):
                _add(self._full, key, i)
            forms = (g for f in map(folded, name_forms(card.name)) for g in (f, without_inner_the(f)))
            self._forms.append(tuple(dict.fromkeys(f for f in forms if f)))
            for form in self._forms[i]:
                _add(self._named, form, i)
            card_suffixes = suffixes(card.name)
            self._base.append(folded(base_name(card.name)))
            self._family.append(folded(split_suffix(card.name)[0]))
            self._designators.append(
                (frozenset(map(folded, card_suffixes)), folded(card.set), folded(card.official_set))
            )
            # Only the outermost bracket names a printing; inner ones are part of the name
            # ("Lost Soul (Mark 1:40) (GoC)").
            self._set_words.update(map(folded, (card.set, card.official_set, *card_suffixes[:1])))
        self._set_words.discard("")
        # The last word of every set code, set name and printing suffix: a query ending otherwise names no set.
        self._designator_ends: set[str] = {d.split()[-1] for suffixes_, set_, official in self._designators
                                           for d in (*suffixes_, set_, official) if d}

        self._alias: dict[str, list[int]] = {}
        self.unresolved_aliases: list[tuple[str, str, str | None]] = []  # for the caller to log
        for alias, name, set_ in aliases:
            targets = self._alias_targets(name, set_)
            if targets and fold(alias):
                for i in targets:
                    _add(self._alias, fold(alias), i)
            else:
                self.unresolved_aliases.append((alias, name, set_))

        # Every key: name forms, aliases, and "the ..." twins of names that start with "The" (fold drops
        # the article, but a typo in it - "thy flood" - should still find "The Flood").
        owners: dict[str, list[int]] = {k: list(v) for k, v in self._named.items()}
        for key, ids in self._alias.items():
            owners.setdefault(key, []).extend(ids)
        for key, ids in list(owners.items()):
            if any(self._cards[i].name[:4].casefold() == "the " for i in ids):
                owners.setdefault("the " + key, []).extend(ids)
        # Key strings are created in length order: the fuzzy pass scans runs of similar length, and
        # neighbours in memory make that scan about twice as fast on a large catalog.
        by_length = {key: key.encode().decode() for key in sorted(owners, key=lambda k: (len(k), k))}
        self._keys: list[str] = sorted(by_length.values())  # bisect prefix search
        self._key_cards: list[tuple[int, ...]] = []  # every printing with that key, full-name owners first
        self._key_pick: list[tuple[int, ...]] = []  # what typing the key exactly selects
        for key in self._keys:
            bare = key if key in self._named or key in self._alias else key.removeprefix("the ")
            full = self._full.get(bare, ())
            ids = sorted(set(owners[key]), key=lambda i: (i not in full, self._rank[i]))
            self._key_cards.append(tuple(ids))
            self._key_pick.append(tuple(self._lookup(bare)[0] or self._alias.get(bare, ())))

        # For the fuzzy pass: a length index (OSA similarity >= c needs c * len(q) <= len(key) <= len(q) / c)
        # and, for catalogs too large to scan, a word index (one typo leaves the other words intact).
        by_len = sorted(range(len(self._keys)), key=lambda p: (len(self._keys[p]), self._keys[p]))
        self._by_len_pos: list[int] = by_len
        self._by_len: list[str] = [self._keys[p] for p in by_len]
        self._lens: list[int] = [len(k) for k in self._by_len]
        self._word_keys: dict[str, list[int]] = {}  # word -> keys containing it
        for pos, key in enumerate(self._keys):
            for word in set(key.split()):
                self._word_keys.setdefault(word, []).append(pos)
        self._vocab: list[str] = sorted(self._word_keys, key=lambda w: (len(w), w))
        self._vocab_lens: list[int] = [len(w) for w in self._vocab]

        # Where each key has each run of three letters (catalogs small enough to scan only): the fuzzy pass
        # finds the keys a few edits away without comparing every key (`_near_hits`). A run's keys are kept as
        # positions in `_by_len`, ascending, so the keys of the lengths a few edits can reach are one slice of it.
        self._grams: dict[str, list[int]] | None = None
        self._key_position: dict[str, int] = {key: pos for pos, key in enumerate(self._keys)}
        if len(self._keys) <= self._scan_limit:
            grams: dict[str, list[int]] = {}
            for j, key in enumerate(self._by_len):
                for start in range(min(len(key) - 2, _GRAM_SPAN)):
                    grams.setdefault(key[start:start + 3] + _CHR[start], []).append(j)
                    if start + 4 <= len(key):  # runs of four letters too: fewer keys share one
                        grams.setdefault(key[start:start + 4] + _CHR[start], []).append(j)
                if len(key) <= _SHORT + 3:  # short names: runs of two letters too
                    for start in range(len(key) - 1):
                        grams.setdefault(key[start:start + 2] + _CHR[start], []).append(j)
            self._grams = grams
            # The last two, three and four letters of each key: a query's last run, intact, ends the key it is in.
            ends: dict[str, list[int]] = {}
            for j, key in enumerate(self._by_len):
                for n in (2, 3, 4) if len(key) <= _SHORT + 3 else (3, 4):
                    if len(key) >= n:
                        ends.setdefault(key[-n:], []).append(j)
            self._ends: dict[str, list[int]] = ends

        # Cards by the words of their names (without suffixes): "eznite", "3 woes".
        self._words = WordIndex([identity.removeprefix("the ") for identity in self._identity])

        # Word starts inside full names and aliases ("eznite" in "adino the eznite") for autocomplete.
        infix: set[tuple[str, int]] = set()
        for key, ids in (*self._full.items(), *self._alias.items()):
            for start in (pos + 1 for pos, ch in enumerate(key) if ch == " "):
                if len(key) - start >= 3:
                    infix.update((key[start:], self._rank[i]) for i in ids)
        self._infix: list[tuple[str, int]] = sorted(infix)

        # Cards by their type and kind words ("angel", "demon", "evil character", "mage"): a short phrase of a
        # printing's type, class or identifier (a kind is a word or two, not a formula such as "X = # of cards in
        # opponent's discard pile" or a note) and its words, that at least KIND_MIN cards share (a lone one is a code).
        kinds: dict[str, set[int]] = {}
        for i, card in enumerate(self._cards):
            for field_ in (card.type, card.card_class, card.identifier):
                for phrase in re.split(r"[,;]", field_ or ""):
                    if re.search(r"[=#/\[\]()\d]", phrase):
                        continue  # a formula or a note ("X = # of ...", "Jesus in Title/Scripture"), not a kind
                    words = fold(phrase).split()
                    content = [w for w in words if w not in STOP_WORDS]
                    if not content or len(content) > 2 or not all(w.isalpha() for w in words):
                        continue
                    for key in {" ".join(words), *(w for w in content if len(w) >= 3)}:
                        kinds.setdefault(key, set()).add(self._fam[i])
        self._kinds: dict[str, tuple[int, ...]] = {
            key: tuple(sorted(found, key=lambda n: self._rank[self._fam_ids[n][0]]))
            for key, found in kinds.items() if len(found) >= KIND_MIN}

    # ---- public API ---------------------------------------------------------------------------------

    @property
    def cards(self) -> list[Card]:
        return list(self._cards)

    def resolve_value(self, value: str) -> Card | None:
        """The printing an autocomplete `Choice.value` stands for, or None."""
        if not isinstance(value, str) or len(value) > MAX_LABEL:
            return None
        i = self._by_value.get(value.strip())
        return None if i is None else self._cards[i]

    def match(self, query: str, set_hint: str | None = None) -> MatchResult:
        result = self._match(query, set_hint)
        if self._kinds and result.how not in ("exact", "alias", "no-printing") and not set_hint \
                and not self._one_card(result):
            return self._with_kind(result)
        return result

    def _one_card(self, result: MatchResult) -> bool:
        """Printings of one card asked back (a full name whose printings read apart): the name is that card's."""
        return result.how == "ambiguous" and len(result.candidates) > 1 and len(
            {self._fam[self._index[c.card.key]] for c in result.candidates}) == 1

    def _with_kind(self, result: MatchResult) -> MatchResult:
        """A query that is a type or kind word of several cards ("angel", "demons") is asked back with them, after
        any card whose name it names: it describes cards, it names none of them."""
        q = " ".join(result.query.lower().split())
        if not q.replace(" ", "").isalpha() or not q.isascii():
            q = fold(result.query)
        kind = next((self._kinds[k] for k in (q, q[:-1] if q.endswith("s") else "", q[:-2] if q.endswith("es")
                                              else "") if k and k in self._kinds), None)
        if kind is None:
            return result
        named = ([(self._index[result.card.key], 100.0, result.how)] if result.card is not None else []) + \
            [(self._index[c.card.key], c.score, c.how) for c in result.candidates if c.how != "fuzzy"]
        shown = {self._fam[i] for i, _s, _h in named}
        more = [(self._default(self._fam_ids[n])[0], 50.0, "word") for n in kind if n not in shown][:MAX_CHOICES]
        return self._ask(result.query, [*named, *more])

    def _match(self, query: str, set_hint: str | None = None) -> MatchResult:
        query = (query or "")[:MAX_QUERY]
        card = self.resolve_value(query)
        if card is not None and (not set_hint or self._narrow([self._index[card.key]], fold(set_hint[:MAX_QUERY]))):
            i = self._index[card.key]  # (a set the printing is not of is read below, as for any name)
            return MatchResult(query, "exact", card, [], self._printings(i), "named")
        raw = self._raw_labels.get(" ".join(query.split()).casefold())
        if raw is not None and not set_hint:  # a label exactly as a list showed it: that printing
            return MatchResult(query, "exact", self._cards[raw], [], self._printings(raw), "named")
        q = fold(query)
        if not q:
            return MatchResult(query, "not-found", None, [])
        hint = fold(set_hint[:MAX_QUERY]) if set_hint else ""
        pick, group = self._lookup(q)
        if group:
            rivals = self._short_name_rivals(q, group)
            if rivals and not hint:
                scored = [(i, 100.0, "exact") for i in (pick or group)]
                scored += [(i, self._score(q, i), "prefix") for i in rivals]
                return self._ask(query, scored)
            apart = None if hint else self._reading_apart(query, q, pick)
            return apart or self._decide(query, q, pick, group, hint, "exact")
        ids = self._labels.get(q)
        if ids:
            return self._decide(query, q, ids, ids, hint, "exact")
        narrowed = self._with_designator(q)
        if narrowed:
            return self._decide(query, q, narrowed, narrowed, hint, "exact")
        ids = self._alias.get(q)
        if ids:
            return self._decide(query, q, ids, ids, hint, "alias")
        # A closing bracket ends a printing suffix: "moses (r)" is a finished name, not the start of one.
        ids = [] if query.rstrip().endswith((")", "]")) else self._prefix(q, limit=200)
        if ids:
            # "raider" starts "Raiders' Camp" but is a whole word of "Amasai, the Raider": both are asked.
            whole = [h for h in self._words.search(q, typos=False) if h.tier == 0]
            prefixed = {self._fam[i] for i in ids}
            if any(h.family not in prefixed for h in whole):
                scored = [(i, self._score(q, i), "prefix") for i in ids[:MAX_CHOICES]]
                scored += [(self._fam_ids[h.family][0], h.score, "word") for h in whole]
                return self._ask(query, scored)
            result = self._decide(query, q, ids, ids, hint, "prefix")
            if result.card is None and not hint:
                # "hama", "titu": one letter short of a card's own full name ("Haman") is a dropped last letter
                # before it is the start of longer names ("Haman's Plot", "Titus, the Messenger").
                short = self._one_letter_short(q)
                if short is not None:
                    return self._decide(query, q, short, short, hint, "fuzzy")
            # A short start of a long name ("pres" of "Presented Before the Lord") does not answer alone when
            # the whole query is one typo from another card's name ("peres" -> Peres): both are asked.
            if result.card is not None and len(q) < 0.6 * len(base_name(result.card.name)):
                near = self._close_hits(q)
                rival = [p for p, score in near if OSA.distance(q, self._keys[p]) <= 1
                         and all(self._fam[i] != self._fam[ids[0]] for i in self._key_pick[p])]
                if rival and len({self._fam[self._key_pick[p][0]] for p in rival}) == 1 \
                        and self._possessive(q, self._fam[ids[0]]):  # "namaan": Naaman, not "Namaan's Chariot"
                    pick = list(self._key_pick[rival[0]])
                    return self._decide(query, q, pick, pick, hint, "fuzzy", [(ids[0], self._score(q, ids[0]))])
                if rival:
                    scored = [(self._index[result.card.key], self._score(q, ids[0]), "prefix")]
                    scored += [(self._key_pick[p][0], score, "fuzzy") for p, score in near if p in rival]
                    return self._ask(query, scored)
            return result
        return self._loose(query, q, hint)

    def identity(self, card: Card) -> str:
        """The card a printing belongs to (its `card_identity`), as moderators' default choices are keyed."""
        return card_identity(card.name)

    def printings_of(self, card: Card) -> list[Card]:
        """Every printing of the card this printing belongs to (itself included), alphabetically."""
        i = self._by_value.get(card_value(card))
        return list(self._printings(i)) if i is not None else [card]

    def autocomplete(self, query: str, limit: int = MAX_CHOICES) -> list[Choice]:
        """Choices for a partly typed name: prefix matches (exact first), later-word prefixes, then fuzzy.
        An empty query lists the first names alphabetically. At most 25 (Discord's limit)."""
        limit = max(0, min(limit, MAX_CHOICES))
        q = fold((query or "")[:MAX_QUERY])
        if not q:
            return [self._choice(i) for i in self._alpha[:limit]]
        picked = dict.fromkeys(self._prefix(q, limit))
        if len(picked) < limit:
            for pos in range(bisect_left(self._infix, (q,)), len(self._infix)):
                key, rank = self._infix[pos]
                if len(picked) >= limit or not key.startswith(q):
                    break
                picked.setdefault(self._alpha[rank])
        if len(picked) < limit:
            for i, _score in self._ranked(self._suggestions(q)):
                if len(picked) >= limit:
                    break
                picked.setdefault(i)
        return [self._choice(i) for i in list(picked)[:limit]]

    # ---- exact steps --------------------------------------------------------------------------------

    def _lookup(self, key: str) -> tuple[list[int], list[int]]:
        """(what typing `key` selects, every printing it names). A full name selects its printing over
        printings whose base name or side it merely is ("malchus": Malchus, not Malchus (GoC))."""
        full = self._full.get(key, [])
        group = list(dict.fromkeys([*full, *self._named.get(key, ())]))
        # The exact full name typed wins ("Angel's Sword": the Ki card, whose whole name it is, not the [RR2] card
        # that prints the same title; blind round redemption-seed42011): said beside it, the other printings
        # (`chosen` "title"). A form of a full name only ("joshua high priest" without its "the") is the card's
        # title as much as that printing's: the default printing answers, and the answer says which it is (trial
        # 42300 #1).
        literal = [i for i in full if self._name_key[i] == key]
        if full and len({self._fam[i] for i in full}) == 1:
            same = [i for i in group if self._fam[i] == self._fam[full[0]]
                    and key in (self._base[i], without_inner_the(self._base[i]))]
            # A moderators' default for the card still answers its title (the server decided which printing it means).
            if literal and self._override.get(self._fam[full[0]]) in set(same) - set(literal):
                return same, group
            if not literal and len(same) > len(full):
                return same, group
        if literal:
            return literal, group
        if not full:  # a card's own name (without printing suffix) beats short names of other cards
            own = [i for i in group if self._base[i] == key]
            if own and len({self._fam[i] for i in own}) == 1:
                return own, group
        return (full or group), group

    def _reading_apart(self, query: str, q: str, pick: Sequence[int]) -> MatchResult | None:
        """Asked back, one candidate per reading (the printings named first, then the default), when `q` is exactly
        the full name of printings of one card whose default printing is another one that reads differently; None
        otherwise (see the module doc)."""
        if self._reads is None or len(pick) < 2 or len({self._fam[i] for i in pick}) != 1:
            return None
        exact = [i for i in pick if i in self._full.get(q, ())]
        if not exact or len(exact) == len(pick):
            return None
        winner, chosen = self._default(pick)
        named = self._default(exact)[0]
        if chosen != "default" or winner in exact or self._read_key(winner) == self._read_key(named):
            return None
        # Every printing so named, the default, then one printing for each other reading.
        shown = list(dict.fromkeys((named, *exact, winner)))
        readings = {self._read_key(i) for i in shown}
        for i in sorted(pick, key=lambda i: self._rank[i]):
            if self._read_key(i) not in readings:
                readings.add(self._read_key(i))
                shown.append(i)
        return MatchResult(query, "ambiguous", None,
                           [Candidate(self._cards[i], 100.0, "exact") for i in shown][:MAX_CHOICES])

    def _read_key(self, i: int) -> Any:
        key = self._read_keys.get(i, _MISSING)
        if key is _MISSING:
            assert self._reads is not None
            key = self._read_keys[i] = self._reads(self._cards[i])
        return key

    def _short_name_rivals(self, q: str, group: Sequence[int]) -> list[int]:
        """Other cards whose names begin with the words q, when q names its cards only by a short form (the
        words before a comma): "Bayushi Kachiko" is as much "Bayushi Kachiko • Experienced" as "Bayushi
        Kachiko, Seven Thunder", so both are asked rather than the comma's card answered silently."""
        if q in self._full or any(self._base[i] == q for i in group):
            return []
        families = {self._fam[i] for i in group}
        rivals: list[int] = []
        for pos in range(bisect_left(self._keys, q), len(self._keys)):
            key = self._keys[pos]
            if not key.startswith(q) or len(rivals) >= MAX_CHOICES:
                break
            if key[len(q):len(q) + 1] == " ":
                rivals += [i for i in self._key_cards[pos] if self._fam[i] not in families and i not in rivals]
        return rivals[:MAX_CHOICES]

    def _one_letter_short(self, q: str) -> list[int] | None:
        """The printings of the one card whose own full name is q and one more letter, if there is exactly one."""
        if len(q) < 4:
            return None
        starting = self._keys[bisect_left(self._keys, q):bisect_left(self._keys, q + "\U0010ffff")]
        if any(key[len(q):len(q) + 1] == " " for key in starting):
            return None  # q is a whole word of a name it begins ("jealous": Jealous Rage, not Jealousy)
        found = [key for key in starting if len(key) == len(q) + 1 and key[-1].isalpha() and key in self._full]
        if len(found) != 1:
            return None
        pick, _ = self._lookup(found[0])
        return pick if len({self._fam[i] for i in pick}) == 1 else None

    def _with_designator(self, q: str) -> list[int]:
        """'captain of the host warriors': a name form, then a set name/code or printing suffix."""
        words = q.split()
        if len(words) < 2 or words[-1] not in self._designator_ends:
            return []
        for n in range(1, min(len(words) - 1, 5) + 1):
            ids = self._named.get(" ".join(words[:-n]))
            if ids:
                narrowed = self._narrow(ids, " ".join(words[-n:]))
                if narrowed and len(narrowed) < len(ids):
                    return narrowed
        return []

    def _alias_targets(self, name: str, set_: str | None) -> list[int]:
        pick, group = self._lookup(fold(name))
        return self._narrow(group, fold(set_)) if set_ else pick

    def _narrow(self, ids: Sequence[int], hint: str) -> list[int]:
        """The printings a folded set hint points at (maybe none).

        A hint naming the printing suffix beats the set code, which beats the official set name; among
        equals the set's plain printing ("(GoC)", not "(GoC UR+)") wins, since variants such as UR+ or
        alternate borders are reprints of it that one names explicitly.
        """
        best: list[int] = []
        best_strength = 0
        for i in ids:
            suffix_set, set_, official = self._designators[i]
            strength = 3 if hint in suffix_set else 2 if hint == set_ else 1 if hint == official else 0
            if strength > best_strength:
                best, best_strength = [i], strength
            elif strength and strength == best_strength:
                best.append(i)
        if len(best) > 1 and best_strength < 3:  # two printings with the very suffix typed stay a tie
            plain = [i for i in best if self._plain(i)]
            if len(plain) == 1:
                return plain
        return best

    def _names_set(self, card: Card, tail: str) -> bool:
        """Whether a query's last words name this printing's set (and are not simply its name's end,
        as "war" in "Second Seal, War")."""
        i = self._index[card.key]
        _, set_, official = self._designators[i]
        outer = suffixes(card.name)[:1]
        named = tail in (set_, official) or (bool(outer) and tail == fold(outer[0]))
        return named and not self._family[i].endswith(tail)

    def _plain(self, i: int) -> bool:
        outer = suffixes(self._cards[i].name)[:1]
        _, set_, official = self._designators[i]
        return bool(outer) and fold(outer[0]) in (set_, official)

    def _prefix(self, q: str, limit: int) -> list[int]:
        """Printings with a key starting with q, in alphabetical order of that key (so an exact key first)."""
        found: dict[int, None] = {}
        for pos in range(bisect_left(self._keys, q), len(self._keys)):
            if len(found) >= limit or not self._keys[pos].startswith(q):
                break
            found.update(dict.fromkeys(self._key_cards[pos]))
        return list(found)

    def _decide(self, query: str, q: str, pick: Sequence[int], group: Sequence[int], hint: str, how: str,
                ranked: list[tuple[int, float]] | None = None) -> MatchResult:
        """Printings of one card -> that card (the printing named, or its default); a set hint may narrow
        printings of several cards to one; otherwise ambiguous, one candidate per card."""
        pick = list(dict.fromkeys(pick))
        if hint:
            pool = list(dict.fromkeys([*pick, *group]))
            narrowed = self._narrow(pool, hint)
            if narrowed:
                pick = narrowed
            # the card named lacks that set: said so ("adino" --set XYZ), never its default printing silently
            elif len({self._fam[i] for i in (pick or pool)}) == 1:
                return self._no_printing(query, (pick or pool)[0])
        if len({self._fam[i] for i in pick}) == 1:
            winner, chosen = (pick[0], "named") if len(pick) == 1 else self._default(pick)
            if chosen == "named" and not hint and how == "exact" and self._name_key[winner] == q and any(
                    self._base[i] == q for i in self._fam_ids[self._fam[winner]] if i != winner):
                chosen = "title"  # the other printings print the same title: said beside the answer
            if ranked is None:  # exact-ish: the other printings of the same card are the "did you mean"
                siblings = self._named.get(self._base[winner], ())
                ranked = self._best_first((i, self._score(q, i)) for i in siblings)
            rest = [self._candidate(i, s) for i, s in islice(((i, s) for i, s in ranked if i != winner),
                                                               MAX_RUNNERS_UP)]
            return MatchResult(query, how, self._cards[winner], rest, self._printings(winner), chosen)
        scored = self._best_first((i, self._score(q, i)) for i in pick)
        return self._ask(query, [(i, s, how) for i, s in scored])

    def _default(self, ids: Sequence[int]) -> tuple[int, str]:
        """The default printing among printings of one card: the moderators' choice if it is among them,
        else the highest by the ruleset's rule, then alphabetically."""
        number = self._fam[ids[0]]
        whole = len(ids) == len(self._fam_ids[number])  # every printing of the card: the answer is kept
        if whole and number in self._defaults:
            return self._defaults[number]
        chosen = self._override.get(number)
        if chosen is not None and chosen in ids:
            found = (chosen, "moderator")
        elif len(ids) == 1:  # a card of one printing (most are): nothing to compare
            found = (ids[0], "default")
        elif self._prefer is None:
            found = (min(ids, key=lambda i: self._rank[i]), "default")
        else:
            found = (max(ids, key=lambda i: (self._preference(i), -self._rank[i])), "default")
        if whole and set(ids) == set(self._fam_ids[number]):
            self._defaults[number] = found
        return found

    def _preference(self, i: int) -> Any:
        """The stated rule's key for a printing, computed once (a card's printings are compared often)."""
        key = self._preferred.get(i, _MISSING)
        if key is _MISSING:
            key = self._preferred[i] = self._prefer(self._cards[i]) if self._prefer is not None else 0
        return key

    def _printings(self, i: int) -> tuple[Card, ...]:
        number = self._fam[i]
        found = self._printings_of.get(number)
        if found is None:  # made once per card: every answer about it lists them
            found = self._printings_of[number] = tuple(self._cards[j] for j in self._fam_ids[number])
        return found

    def _no_printing(self, query: str, i: int) -> MatchResult:
        printings = self._printings(i)
        return MatchResult(query, "no-printing", None, [Candidate(c, 100.0, "exact") for c in printings[:MAX_CHOICES]],
                           printings)

    def _ask(self, query: str, scored: Iterable[tuple[int, float, str]]) -> MatchResult:
        """Ambiguous: one candidate per card (its default printing among those found), best first."""
        per_card: dict[int, list[tuple[int, float, str]]] = {}
        for i, score, how in scored:
            per_card.setdefault(self._fam[i], []).append((i, score, how))
        candidates: list[Candidate] = []
        for found in per_card.values():
            best = max(s for _i, s, _how in found)
            i, _ = self._default([i for i, _s, _how in found])
            how = next(h for _i, s, h in found if s == best)
            candidates.append(Candidate(self._cards[i], best, how))
        candidates.sort(key=lambda c: -c.score)  # stable: ties keep the order given
        return MatchResult(query, "ambiguous", None, candidates[:MAX_CHOICES])

    # ---- words and fuzzy ----------------------------------------------------------------------------

    def _loose(self, query: str, q: str, hint: str) -> MatchResult:
        """Words and character-level fuzzy reading, weighed against each other (see the module doc)."""
        words, word_hint = self._word_hits(q, typos=False)
        fuzzy, distance = self._fuzzy(query, q, hint)
        card = fuzzy.card
        confident = card is not None and distance <= _edit_budget(len(q))
        misspelt = False  # the words were found only by allowing a typo in one of them
        if not words and not confident:
            words, word_hint = self._word_hits(q, typos=True)
            misspelt = bool(words)
        if not words or misspelt:
            slipped = self._slips(query, q, hint) if not confident else None
            if slipped is not None:
                return slipped  # two slips in a short name, read as fingers make them
        if not words:
            if confident or fuzzy.card is None:
                return fuzzy  # a confident typo, an ambiguous one, or not found
            # A loose character-level fit with no word support: ask rather than guess.
            return self._ask(query, [(self._index[card.key], 100 * (1 - distance / max(len(q), 1)),
                                      "fuzzy"), *((self._index[c.card.key], c.score, c.how)
                                                  for c in fuzzy.candidates)])
        fuzzy_card = self._fam[self._index[card.key]] if card is not None else None
        # A person's name one slip from a card's whole name is that card, not a card named after the same person in
        # the possessive: "jepthah" is Jephthah, not "Lamenting for Jepthah's Daughter" (found only as the start of
        # "jepthahs"); that card is offered after it (as "namaan" is Naaman, not the start of "Namaan's Chariot and
        # Horses", in `_match`). A plural is not a person: "dealing" still asks between Healing and Bad Dealings.
        if confident and distance <= 1 and not misspelt and words and all(
                h.tier == 1 and self._possessive(q, h.family) for h in words) \
                and fuzzy_card not in {h.family for h in words}:
            others = [Candidate(self._cards[self._fam_ids[h.family][0]], h.score, "word") for h in words]
            return replace(fuzzy, candidates=[*others, *fuzzy.candidates][:MAX_RUNNERS_UP])
        # Coverage singles a card out among cards holding the words typed, not among cards holding different words
        # a misspelt one may be ("ahmelech": Abimelech, or one of the two Ahimelechs).
        winner = _word_winner(words) if not (misspelt and len(words) > 1) else None
        # A misspelt word against a different whole-name reading ("wepent": Repent? Serpent?) is asked back.
        if winner is not None and (fuzzy_card in (None, winner) or not (confident or misspelt)):
            ids = self._fam_ids[winner]  # words found only with a typo in one are a likely typo, said as one
            return self._decide(query, q, ids, ids, hint or word_hint, "fuzzy" if misspelt else "word")
        scored = [(self._fam_ids[h.family][0], h.score, "word") for h in words]
        if card is not None and fuzzy_card not in {h.family for h in words}:
            scored.insert(0 if confident else len(scored),
                          (self._index[card.key], 100 * (1 - distance / max(len(q), 1)), "fuzzy"))
        return self._ask(query, scored)

    def _possessive(self, q: str, family: int) -> bool:
        """Whether the folded query is, word for word, a possessive in the name of card `family` ("jepthah" in
        "Lamenting for Jepthah's Daughter")."""
        name = self._cards[self._fam_ids[family][0]].name.replace("\u2019", "'")
        return all(re.search(rf"(?i)\b{re.escape(word)}'s?\b", name) for word in q.split() if word not in STOP_WORDS)

    def _slips(self, query: str, q: str, hint: str) -> MatchResult | None:
        """The card a short query means when its slips, costed as fingers make them (`_slip_cost`), put one card
        clearly ahead of every other within two edits; None when none is (the plain reading's question stands)."""
        if len(q) > SLIP_MAX or len(q) < 4 or hint:
            return None
        lo, hi = bisect_left(self._lens, len(q) - 2), bisect_right(self._lens, len(q) + 2)
        near = process.extract(q, self._by_len[lo:hi], scorer=OSA.distance, processor=None, score_cutoff=2,
                               limit=None)
        costs: dict[int, tuple[float, int]] = {}  # card -> its cheapest reading (cost, key position)
        unsettled = SLIP_BUDGET + SLIP_MARGIN  # the cheapest reading that names no one card
        for key, _distance, j in near:
            p = self._by_len_pos[lo + j]
            cost = _slip_cost(q, key)
            cards = {self._fam[i] for i in self._key_pick[p]}
            if len(cards) != 1 or self._short_name_rivals(key, self._key_cards[p]):
                unsettled = min(unsettled, cost)  # a name several cards share or begin with: asked, never read
                continue
            card = cards.pop()
            if card not in costs or cost < costs[card][0]:
                costs[card] = (cost, p)
        if not costs:
            return None
        ranked = sorted(costs.items(), key=lambda t: t[1][0])
        _card, (best, p) = ranked[0]
        runner_up = min(ranked[1][1][0] if len(ranked) > 1 else unsettled, unsettled)
        if best > SLIP_BUDGET or runner_up - best < SLIP_MARGIN:
            return None
        pick = list(self._key_pick[p])
        others = [(self._key_pick[q_p][0], 100 * (1 - c / max(len(q), 1))) for _, (c, q_p) in ranked[1:MAX_RUNNERS_UP]]
        return self._decide(query, q, pick, pick, hint, "fuzzy", self._best_first(others))

    def _word_hits(self, q: str, *, typos: bool) -> tuple[list[WordHit], str]:
        """Cards holding every typed word; or, when the last words name a set ("host warriors"), cards holding
        the other words that have a printing in that set (then that set is the hint)."""
        hits = self._words.search(q, typos=typos)
        if hits:
            return hits, ""
        words = q.split()
        # (only when the last word ends some set's name: most queries end otherwise)
        for n in range(min(len(words) - 1, 3) if words and words[-1] in self._designator_ends else 0, 0, -1):
            tail = " ".join(words[-n:])
            if tail not in self._set_words:
                continue
            found = [h for h in self._words.search(" ".join(words[:-n]), typos=typos)
                     if self._narrow(self._fam_ids[h.family], tail)]
            if found:
                return found, tail
        return [], ""

    def _fuzzy(self, query: str, q: str, hint: str) -> tuple[MatchResult, int]:
        """The character-level reading and, when it found one card, its edit distance from the query."""
        result, top, key = self._fuzzy_decide(query, q, hint)
        if result is None:
            closest = self._ranked(self._hits(q, CLOSEST_CUTOFF, loose=True))[:MAX_RUNNERS_UP]
            return MatchResult(query, "not-found", None, [self._candidate(i, s) for i, s in closest]), MAX_QUERY
        # "captian of the host warriors": last words naming a set are a set hint, not a misspelt suffix.
        # Tried when the plain reading is ambiguous, or is a loose fit whose set those words don't name.
        words = q.split()
        # (only when the last word ends some set's name: most queries end otherwise)
        for n in range(min(len(words) - 1, 3) if words and words[-1] in self._designator_ends else 0, 0, -1):
            tail = " ".join(words[-n:])
            if tail not in self._set_words:
                continue
            if result.card is not None and (top >= SURE_SCORE or self._names_set(result.card, tail)):
                break
            head = " ".join(words[:-n])
            retry, _, retry_key = self._fuzzy_decide(query, head, tail)
            if retry is not None and retry.card is not None and self._names_set(retry.card, tail):
                return retry, OSA.distance(head, retry_key)
        return result, (OSA.distance(q, key) if result.card is not None else MAX_QUERY)

    def _fuzzy_decide(self, query: str, q: str, hint: str) -> tuple[MatchResult | None, float, str]:
        """The fuzzy answer for q (None when nothing reaches the cutoff), the best score and its key."""
        hits = self._close_hits(q)
        if not hits:
            return None, 0.0, ""
        # Each key close to the best is a plausible reading of the typo, read as if typed exactly.
        top = hits[0][1]
        close = [p for p, s in hits if s >= top - FUZZY_MARGIN]
        if len({self._family[i] for p in close for i in self._key_pick[p]}) == 1:
            close = [p for p, s in hits if s >= top - PRINTING_MARGIN]
        pick = [i for p in close for i in self._key_pick[p]]
        group = [i for p in close for i in self._key_cards[p]]
        # A typo is read as the name typed exactly, so it is never surer than that: a short name that other cards'
        # names begin with ("Bayushi Kachiko" for "byushi kachiko") is asked back as the exact one is.
        one_card = len({self._fam[i] for i in pick}) == 1
        rivals = self._short_name_rivals(self._keys[hits[0][0]], group) if one_card and not hint else []
        if rivals:
            scored = [(i, top, "fuzzy") for i in (pick or group)] + [(i, top - 1, "fuzzy") for i in rivals]
            return self._ask(query, scored), top, self._keys[hits[0][0]]
        # The runners-up come from the closest keys (a few keys per printing at most).
        ranked = self._ranked(hits[:_RUNNER_KEYS])
        return self._decide(query, q, pick, group, hint, "fuzzy", ranked), top, self._keys[hits[0][0]]

    def _close_hits(self, q: str) -> list[tuple[int, float]]:
        """(key position, OSA score) of the keys that decide a fuzzy reading of q, best first: the pigeonhole's
        (`_near_hits`) when they settle it, else every key scoring >= FUZZY_CUTOFF, as `_hits` finds them.

        When the pigeonhole does not settle, its last pass still found every key within r edits; a key further away
        reaches the cutoff only if it is long enough (r + 1 edits are at most 30% of its length), so only keys of
        those lengths are scanned, and the pass's keys join them in the order the whole scan gives (OSA score, Indel
        ratio, length order): the same keys, in the same order, as scanning every length (a short name two slips
        off, "jepjtgah", compares a third of the keys).
        """
        hits, settled, r, within = self._near_hits(q)
        if settled:
            return hits
        if within is None:
            return self._hits(q, FUZZY_CUTOFF)
        if hits:
            closer = self._settle_further(q, r, hits, within)
            if closer is not None:
                return closer
        c = FUZZY_CUTOFF / 100
        lens, by_len = self._lens, self._by_len
        lo, hi = bisect_left(lens, ceil(c * len(q))), bisect_right(lens, floor(len(q) / c))
        # The shortest key r + 1 edits away that can score c (a point of slack for rounding); none shorter than q.
        longer = next((n for n in range(len(q), len(q) + 200) if 1 - (r + 1) / n >= c - 0.01), len(q))
        start = max(lo, bisect_left(lens, longer)) if longer > len(q) else lo
        if start == lo:
            return self._hits(q, FUZZY_CUTOFF)
        scanned = [(start + k, score) for k, score in self._extract(q, by_len[start:hi], FUZZY_CUTOFF, False)]
        seen = {j for j, _score in scanned}
        known = [j for j in within if j not in seen and lo <= j < hi]
        found = process.extract(q, [by_len[j] for j in known], scorer=OSA.normalized_similarity, processor=None,
                                score_cutoff=c, limit=None)
        scored = scanned + [(known[k], score * 100) for _key, score, k in found]
        scored.sort(key=lambda t: (-t[1], -fuzz.ratio(q, by_len[t[0]]), t[0]))
        return [(self._by_len_pos[j], score) for j, score in scored[:_POOL]]

    def _settle_further(self, q: str, r: int, hits: list[tuple[int, float]],
                        within: list[int]) -> list[tuple[int, float]] | None:
        """The pigeonhole's keys within r edits of q (`hits`, best first; `within`, as positions in `_by_len`) and
        every key further away that scores close to the best of them, best first; None when finding those would
        compare as many keys as the whole scan.

        A key r + 1 or more edits away is at least as many edits away as its length differs from q's, so only keys
        of a few lengths can come within the margin of the best ("lost soul nctempt": keys of 21 letters, four
        letters typed in); comparing those settles the answer as the pigeonhole does when none is close: the same
        reading (best key, close keys), the runners-up drawn from the keys found.
        """
        length, lens, by_len = len(q), self._lens, self._by_len
        close = hits[0][1] - FUZZY_MARGIN - 0.01  # (a hundredth of a point of slack for rounding)
        reach = [n for n in range(max(1, length - 60), length + 61)
                 if 100 * (1 - max(r + 1, abs(n - length)) / max(length, n)) >= close]
        c = FUZZY_CUTOFF / 100
        lo, hi = bisect_left(lens, ceil(c * length)), bisect_right(lens, floor(length / c))
        start, end = max(lo, bisect_left(lens, reach[0])), min(hi, bisect_right(lens, reach[-1]))
        if end - start >= (hi - lo) // 2:
            return None
        seen = set(within)
        further = process.extract(q, by_len[start:end], scorer=OSA.normalized_similarity, processor=None,
                                  score_cutoff=max(0.0, close / 100), limit=None)
        more = [(self._by_len_pos[start + k], 100 * score) for _key, score, k in further
                if start + k not in seen and score >= c]
        return sorted(hits + more, key=lambda t: -t[1])[:_POOL] if more else hits

    def _near_hits(self, q: str) -> tuple[list[tuple[int, float]], bool, int, list[int] | None]:
        """(the keys a few edits from q found by the last pass, best first; whether they settle the answer; r of the
        last pass that found every key within r edits, and those keys as positions in `_by_len`, or None).

        Pigeonhole: take r + 1 runs of three letters of q with at least one letter between runs. One edit (a
        swap included) spoils at most one run and shifts the later ones by at most one place, so a key within
        r edits holds one of the runs intact within r places of where q has it. When the best key found scores
        more than the margin above the best that any key r + 1 edits away could score, every key that could
        compete with it was found, so the full scan would decide the same way.
        """
        if self._grams is None or len(q) > 60:
            return [], False, 0, None
        lens, by_len, by_len_pos = self._lens, self._by_len, self._by_len_pos
        done, within, hits = 0, None, []
        for r in (1, 2, 3):
            if r == 2 and len(q) >= 19:
                continue  # r = 2 cannot settle two edits this long (the margin is under one edit): go to r = 3
            # The longest runs q is long enough for: four letters, three, or two (short names only).
            n = _run_length(len(q), r)
            if not n:
                break
            # Only keys of a length r edits can reach: a key r edits away is at most r letters longer or shorter.
            found = list(self._gram_candidates(q, r, n, bisect_left(lens, len(q) - r), bisect_right(lens, len(q) + r),
                                               whole=True))
            near = process.extract(q, [by_len[j] for j in found], scorer=OSA.distance, processor=None, score_cutoff=r,
                                   limit=_POOL) if found else []
            done, within, hits = r, [found[k] for _key, _d, k in near] if len(near) < _POOL else None, []
            if not near:
                continue
            hits = sorted(((by_len_pos[found[k]], 100 * (1 - d / max(len(q), len(key)))) for key, d, k in near),
                          key=lambda t: (-t[1], t[0]))  # ties: alphabetically, whatever order the runs found them in
            # The best a key r + 1 edits away could score; settled when that is outside the margin.
            unseen = 100 * (1 - (r + 1) / (len(q) + r + 1))
            if hits[0][1] - unseen > FUZZY_MARGIN:
                return hits, True, r, within
        return hits, False, done, within

    def _gram_candidates(self, q: str, r: int, n: int = 3, lo: int = 0, hi: int = 1 << 30, *,
                         whole: bool = False) -> set[int]:
        """Keys (positions in `_by_len`, within [lo, hi)) holding one of r + 1 runs of n letters of q (one letter
        apart at least) within r places of where q has it. `whole`: q is a whole name, not the start of one, so
        its first run, intact, begins the key and its last run, intact, ends it (one look-up each, not 2r + 1)."""
        get = (self._grams or {}).get
        step = (len(q) - n) / r if r else 0
        found: set[int] = set()
        for k in range(r + 1):
            start = round(k * step)
            run = q[start:start + n]
            if whole and k == r:
                postings = [self._ends.get(run)]
            elif whole and k == 0:
                postings = [get(run + _CHR[0])]
            else:
                shifts = range(max(0, start - r), min(start + r, _GRAM_SPAN - 1) + 1)
                postings = [get(run + _CHR[shift]) for shift in shifts]
            for keys in postings:
                if keys:
                    found.update(keys[bisect_left(keys, lo):bisect_left(keys, hi)])
        return found

    def _suggestions(self, q: str) -> list[tuple[int, float]]:
        """(key position, score) of keys to offer for a misspelt partial name, best first: a list to choose
        from, so a bounded search of likely keys rather than a complete scan (autocomplete must stay fast)."""
        if self._grams is not None and len(q) >= 7:
            choices = [self._by_len[j] for j in sorted(self._gram_candidates(q, min(3, (len(q) + 1) // 4 - 1)))]
        elif self._grams is None:
            # Very large catalogs: keys sharing a whole word with q, rarest words first.
            choices, seen = [], set()
            for word in sorted({w for w in q.split() if w in self._word_keys}, key=lambda w: len(self._word_keys[w])):
                group = self._word_keys[word]
                if len(seen) + len(group) > _SUGGEST_LIMIT:
                    break
                seen.update(group)
            choices = [self._keys[p] for p in seen]
        else:
            choices = []
        if not choices:  # nothing shared: the keys nearest in length (a typo changes it by one or two)
            lo, hi = self._length_window(len(q), bisect_left(self._lens, len(q) - 2),
                                         bisect_right(self._lens, len(q) + 2), _SUGGEST_LIMIT)
            choices = self._by_len[lo:hi]
        found = self._extract(q, choices, AUTOCOMPLETE_CUTOFF, True)
        return [(self._key_position[choices[j]], score) for j, score in found]

    def _hits(self, q: str, cutoff: float, *, loose: bool = False) -> list[tuple[int, float]]:
        """(key position, OSA score) of the closest keys scoring >= cutoff, best first.

        Only keys whose length can reach the cutoff are compared. When there are more than `scan_limit`
        of them (very large catalogs only), keys sharing an uncommon word with q are tried first (one
        typo leaves the other words intact), then the `scan_limit` keys nearest in length to q.
        `loose` (lists to choose from, not answers) ranks by the cheaper Indel ratio >= cutoff instead.
        """
        c = cutoff / 100
        lo = bisect_left(self._lens, ceil(c * len(q)))
        hi = bisect_right(self._lens, floor(len(q) / c)) if c > 0 else len(self._lens)
        if hi - lo > self._scan_limit:
            positions = self._word_candidates(q)
            hits = self._extract(q, [self._keys[p] for p in positions], cutoff, loose)
            if hits or loose:  # a list to choose from may stay short; an answer gets one more try
                return [(positions[j], s) for j, s in hits]
            lo, hi = self._length_window(len(q), lo, hi)
        hits = self._extract(q, self._by_len[lo:hi], cutoff, loose)
        return [(self._by_len_pos[lo + j], s) for j, s in hits]

    def _word_candidates(self, q: str) -> list[int]:
        """Keys sharing a word with q, or a word one or two typos from one of q's (large catalogs only).

        One typo leaves the other words of a name intact, and a misspelt word is close to a real one;
        rare words go first, and the union stops before it outgrows half of `scan_limit`.
        """
        groups: list[list[int]] = []
        for word in list(dict.fromkeys(w for w in q.split() if len(w) > 2))[:8]:
            if word in self._word_keys:
                groups.append(self._word_keys[word])
                continue
            lo = bisect_left(self._vocab_lens, ceil(0.7 * len(word)))
            hi = bisect_right(self._vocab_lens, floor(len(word) / 0.7))
            near = process.extract(word, self._vocab[lo:hi], scorer=OSA.normalized_similarity,
                                   processor=None, score_cutoff=0.7, limit=_NEAR_WORDS)
            groups.extend(self._word_keys[w] for w, _score, _j in near)
        positions: set[int] = set()
        for group in sorted(groups, key=len):
            if len(positions) + len(group) > self._scan_limit // 2:
                break
            positions.update(group)
        return sorted(positions)

    def _length_window(self, n: int, lo: int, hi: int, limit: int | None = None) -> tuple[int, int]:
        """The keys of length n +- k for the largest k that keeps at most `limit` (default `scan_limit`) of
        them (a typo changes the length by one at most), within [lo, hi); the middle of the length-n run if
        even that run is too long."""
        limit = self._scan_limit if limit is None else limit
        best = (max(lo, bisect_left(self._lens, n)), min(hi, bisect_right(self._lens, n)))
        if best[1] - best[0] > limit:
            start = max(lo, (best[0] + best[1] - limit) // 2)
            return start, min(hi, start + limit)
        for k in range(1, 100):
            wider = (max(lo, bisect_left(self._lens, n - k)), min(hi, bisect_right(self._lens, n + k)))
            if wider[1] - wider[0] > limit or wider == best:
                break
            best = wider
        return max(lo, best[0]), min(hi, best[1])

    @staticmethod
    def _extract(q: str, choices: list[str], cutoff: float, loose: bool) -> list[tuple[int, float]]:
        """(index into choices, OSA score) of the best choices, best first.

        A cheap Indel-ratio pass comes first: every OSA operation is at most two insert/deletes, so
        OSA similarity >= c implies ratio >= 1 - 2(1 - c)/(1 + c), and nothing that can pass is dropped.
        """
        c = cutoff / 100
        floor_ratio = cutoff if loose else 100 * (1 - 2 * (1 - c) / (1 + c)) - 0.01
        rough = process.extract(q, choices, scorer=fuzz.ratio, processor=None, score_cutoff=floor_ratio,
                                limit=_POOL if loose else None)
        if loose:
            scored = [(j, 100 * OSA.normalized_similarity(q, key)) for key, _score, j in rough]
            return sorted(scored, key=lambda t: -t[1])
        found = process.extract(q, [key for key, _score, _j in rough], scorer=OSA.normalized_similarity,
                                processor=None, score_cutoff=c, limit=_POOL)
        return [(rough[k][2], score * 100) for _key, score, k in found]

    def _ranked(self, hits: list[tuple[int, float]]) -> list[tuple[int, float]]:
        """Printings by their best score over all their keys, best first."""
        best: dict[int, float] = {}
        for pos, score in hits:  # best first, so the first sighting of a printing is its best
            for i in self._key_cards[pos]:
                best.setdefault(i, score)
        return self._best_first(best.items())

    # ---- small helpers ------------------------------------------------------------------------------

    def _score(self, q: str, i: int) -> float:
        if q in self._forms[i]:  # the same score, without the fuzzy pass (nor its import) for an exact name
            return 100.0
        return 100 * max(OSA.normalized_similarity(q, form) for form in self._forms[i])

    def _candidate(self, i: int, score: float) -> Candidate:
        return Candidate(self._cards[i], float(score), "exact" if score >= 100 else "fuzzy")

    def _best_first(self, scored: Iterable[tuple[int, float]]) -> list[tuple[int, float]]:
        return sorted(scored, key=lambda t: (-t[1], self._rank[t[0]]))

    def _choice(self, i: int) -> Choice:
        choice = self._choices.get(i)
        if choice is None:  # made once per printing: autocomplete answers many keystrokes
            card = self._cards[i]
            choice = self._choices[i] = Choice(_clip(card.label), card_value(card))
        return choice


def _slip_cost(typed: str, meant: str) -> float:
    """What it costs to type `meant` as `typed`, slip by slip (an OSA alignment with costs by kind of slip: see
    SLIP_*): a doubled letter or a neighbouring key is cheap, a letter from nowhere costs a whole edit."""
    near = _NEAR_KEYS
    n, m = len(typed), len(meant)
    prev2: list[float] = []
    prev = [j * SLIP_DROP for j in range(m + 1)]
    for i in range(1, n + 1):
        t = typed[i - 1]
        before = typed[i - 2] if i > 1 else ""
        row = [prev[0] + (SLIP_DOUBLE if t == before else 1.0)]
        for j in range(1, m + 1):
            k = meant[j - 1]
            best = prev[j - 1] + (0.0 if t == k else SLIP_REPLACE_NEAR if t in near.get(k, _NO_KEYS) else 1.0)
            # `t` typed extra: next to itself (doubled), or from a key beside a letter meant here
            after = meant[j] if j < m else ""
            extra = SLIP_DOUBLE if t in (before, k) else SLIP_EXTRA_NEAR if (
                t in near.get(k, _NO_KEYS) or t in near.get(after, _NO_KEYS)) else 1.0
            best = min(best, prev[j] + extra, row[j - 1] + SLIP_DROP)
            if i > 1 and j > 1 and t == meant[j - 2] and before == k and t != k:
                best = min(best, prev2[j - 2] + SLIP_SWAP)
            row.append(best)
        prev2, prev = prev, row
    return prev[m]


@cache
def _run_length(length: int, r: int) -> int:
    """The longest runs (four letters, three, or two for short names only) a query of this length holds r + 1 of, one
    letter apart at least; 0 when it is too short even for runs of two."""
    return next((n for n in (4, 3, 2) if length >= (n + 1) * (r + 1) - 1 and (n > 2 or length <= _SHORT)), 0)


def _edit_budget(length: int) -> int:
    """Edits a fuzzy reading may be from the query and still answer without asking: one below 8 letters,
    two up to 19, three from 20 (the typos people make grow with the length of what they type)."""
    return 1 if length < 8 else 2 if length < 20 else 3


def _word_winner(hits: Sequence[WordHit]) -> int | None:
    """The one card the typed words single out: the only card holding them, or the only one whose every
    content word was typed ("3 woes" names all of Three Woes; "marauders" names two cards half)."""
    if len(hits) == 1:
        return hits[0].family
    if hits[0].coverage == 1.0 and hits[1].coverage < 1.0:
        return hits[0].family
    return None


def _add(table: dict[str, list[int]], key: str, i: int) -> None:
    ids = table.setdefault(key, [])
    if i not in ids[-1:]:  # printings are added in order, so a repeat can only be the last entry
        ids.append(i)
