"""Finding cards by the words of their names: "eznite", "woes", "3 woes", "marauders", "captian host".

Players name a card by a distinctive word or two as often as by its full name. This index maps every word
of every card's base name (numbers written as words, so "3" and "three" are one word) to the cards holding
it, and answers "which cards contain every one of these words" at three tiers, tried in order:
  exact:  every typed word is a word of the name;
  prefix: some typed word is only the start of one ("marau"), at least 3 letters;
  typo:   some typed word is one edit from a word of the name (two for words of 8+ letters).
Small words ("the", "of", ...) are not required, since people drop and add them freely. Each card found
carries its coverage: the share of its own content words the query named; a query that names every word
of one card (in any order, with numerals) singles it out even when other cards contain the same words.

Pure: no I/O; built once per catalog, then each search is dict probes, bisects and, for the typo tier only,
one rapidfuzz pass per misspelt word over the vocabulary words of a similar length.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from engine.later import Later

process, OSA = Later("rapidfuzz.process"), Later("rapidfuzz.distance.OSA")  # on the first misspelt word
STOP_WORDS = frozenset({"the", "of", "a", "an", "and", "to", "in", "on", "at", "for", "from", "with", "by", "s"})
_NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
NUMBER_WORDS = {str(n): word for n, word in enumerate(_NUMBERS)}
NUMBER_WORDS.update({"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth",
                     "6th": "sixth", "7th": "seventh", "8th": "eighth", "9th": "ninth", "10th": "tenth"})
TIERS = ("exact", "prefix", "typo")
MIN_PREFIX = 3
MAX_PREFIX_WORDS = 64  # vocabulary words one typed prefix may stand for ("s" would be everything)
MAX_TYPO_WORDS = 8


def canonical(word: str) -> str:
    """A word as the index keeps it: numerals as words ("3" -> "three", "2nd" -> "second")."""
    return NUMBER_WORDS.get(word, word)


def content_words(folded: str) -> tuple[str, ...]:
    """The words of a folded name that a query must name, canonical, in order, without repeats."""
    return tuple(dict.fromkeys(w for w in map(canonical, folded.split()) if w not in STOP_WORDS))


def typo_budget(word: str) -> int:
    """Edits a typed word may be from the word meant: none under 4 letters, two from 8 letters."""
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


@dataclass(frozen=True)
class WordHit:
    """A card (its index in the families given to the index) containing every content word typed."""

    family: int
    tier: int  # index into TIERS: the loosest way any typed word matched
    coverage: float  # share of the card's own content words the query named (1.0: all of them)
    score: float  # 0-100: how closely the typed words match (exact words 100)


class WordIndex:
    """Cards by the words of their names. Immutable after construction."""

    def __init__(self, families: Sequence[str]) -> None:
        """`families`: one folded base name per card; hits refer to cards by their position here."""
        self._content: list[tuple[str, ...]] = [content_words(f) for f in families]
        self._cards: dict[str, list[int]] = {}
        for i, words in enumerate(self._content):
            for word in words:
                self._cards.setdefault(word, []).append(i)
        self._vocab: list[str] = sorted(self._cards)
        self._by_len: list[str] = sorted(self._cards, key=lambda w: (len(w), w))
        self._lens: list[int] = [len(w) for w in self._by_len]

    def search(self, folded_query: str, *, typos: bool = True) -> list[WordHit]:
        """Cards containing every content word of the query, at the strictest tier that finds any,
        best first (coverage, then closeness). Empty when the query has no content word."""
        cards = self._cards
        if not typos:  # quick refusal: a word that is neither a word of a name nor the start of one
            vocab = self._vocab
            for w in folded_query.split():
                w = canonical(w)
                if w not in cards and w not in STOP_WORDS:
                    at = bisect_left(vocab, w)
                    if len(w) < MIN_PREFIX or at == len(vocab) or not vocab[at].startswith(w):
                        return []
        words = content_words(folded_query)
        if not words or len(words) > 8:
            return []
        exact = [self._exact(w) for w in words]
        found = self._combine(words, exact)
        if found:
            return found
        loose = [m if m else self._prefix(w) for w, m in zip(words, exact, strict=True)]
        found = self._combine(words, loose)
        if found or not typos:
            return found
        typo = [m if m else self._typo(w) for w, m in zip(words, loose, strict=True)]
        return self._combine(words, typo)

    # Each typed word maps to {vocabulary word: (tier, closeness 0-1)}.

    def _exact(self, word: str) -> dict[str, tuple[int, float]]:
        return {word: (0, 1.0)} if word in self._cards else {}

    def _prefix(self, word: str) -> dict[str, tuple[int, float]]:
        if len(word) < MIN_PREFIX:
            return {}
        lo = bisect_left(self._vocab, word)
        hi = bisect_left(self._vocab, word + "\U0010ffff")
        if hi - lo > MAX_PREFIX_WORDS:
            return {}
        return {w: (1, len(word) / len(w)) for w in self._vocab[lo:hi]}

    def _typo(self, word: str) -> dict[str, tuple[int, float]]:
        budget = typo_budget(word)
        if not budget:
            return {}
        lo = bisect_left(self._lens, len(word) - budget)
        hi = bisect_right(self._lens, len(word) + budget)
        near = process.extract(word, self._by_len[lo:hi], scorer=OSA.distance, processor=None,
                               score_cutoff=budget, limit=MAX_TYPO_WORDS)
        return {w: (2, 1 - d / max(len(w), len(word))) for w, d, _j in near}

    def _combine(self, words: Sequence[str], matches: Sequence[dict[str, tuple[int, float]]]) -> list[WordHit]:
        if not all(matches):
            return []
        # Cards holding some match of every typed word: intersect, smallest set first.
        per_word: list[dict[int, list[tuple[str, int, float]]]] = []
        for found in matches:
            cards: dict[int, list[tuple[str, int, float]]] = {}
            for vocab_word, (tier, close) in found.items():
                for i in self._cards[vocab_word]:
                    cards.setdefault(i, []).append((vocab_word, tier, close))
            per_word.append(cards)
        common = set(min(per_word, key=len))
        for cards in per_word:
            common &= cards.keys()
        hits: list[WordHit] = []
        for i in common:
            named: set[str] = set()
            tier, total = 0, 0.0
            for cards in per_word:
                vocab_word, word_tier, close = max(cards[i], key=lambda t: (-t[1], t[2]))
                named.add(vocab_word)
                tier = max(tier, word_tier)
                total += close
            hits.append(WordHit(i, tier, len(named) / len(self._content[i]), 100 * total / len(words)))
        hits.sort(key=lambda h: (-h.coverage, -h.score, h.family))
        return hits
