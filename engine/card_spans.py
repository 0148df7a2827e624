"""Finding the cards a sentence names: spans of words that are a card's name, short name or alias, with typos,
in lower case, with or without a possessive ("Adino's") or their set ("Son of God promo").

An index of name words per game proposes spans cheaply; the game's own matcher (engine/matching.py, the same
one every command uses) decides each: the card it finds, or the cards it cannot tell apart. A span made only
of everyday rules words ("gold", "champion", "territory"), typed in lower case, is marked weak: the reader
takes it as a card only when no phrase of the game reads those words.

Pure: no I/O; built once per catalog (`SpanIndex`, `common_words`), then a sentence costs dict probes and a
few matcher calls.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz.distance import OSA

from engine.cards import Card
from engine.matching import MatchResult
from engine.names import card_identity, fold, name_forms, suffixes, without_inner_the
from engine.sentence import EVERYDAY, FILLER, CardSpan, Word
from engine.word_match import typo_budget

MAX_NAME_WORDS = 12
_TEXT_WORD = re.compile(r"(?<![\w'’])[A-Za-z][a-z'’]*")
COMMON_MIN = 3  # a word written in lower case this often in card texts is a rules word, not a name
TERM_MIN = 12  # a capitalised word this frequent in card texts is a game term ("Personality", "Dynasty")
GAME_TERM_TEXTS = 10  # a word this many of one game's card texts say is that game's rules word (SpanIndex.terms)


class TextWords(frozenset):  # type: ignore[type-arg]
    """The rules words of the card texts (folded), with `terms`: the capitalised game terms among them."""

    terms: frozenset[str] = frozenset()


def common_words(texts: Iterable[str], minimum: int = COMMON_MIN) -> TextWords:
    """Words the card texts use in lower case (rules words: "battle", "gold", "champion"), folded; `terms`
    also holds the capitalised words they use often (game terms: "Shadowlands", "Dynasty", "Phoenixborn")."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(_TEXT_WORD.findall(text))
    lower: Counter[str] = Counter()
    upper: Counter[str] = Counter()
    for word, n in counts.items():  # fold each distinct word once
        (lower if word[0].islower() else upper)[fold(word)] += n
    out = TextWords(frozenset(w for w, n in lower.items() if n >= minimum and w) | EVERYDAY)
    out.terms = frozenset(w for w, n in upper.items() if n >= TERM_MIN and w)
    return out


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


# A name of only small words ("You Will Be Well", "Do Not Question", "No Way Out") is read out of a sentence when
# it has at least this many words, and then only where the sentence names no other card (engine/reader.py).
SMALL_NAME_WORDS = 3


def small_words(words: Sequence[Word], start: int, end: int) -> bool:
    """Whether the words [start, end) are only small everyday words (a name like "You Will Be Well")."""
    return all(w.norm in FILLER or len(w.norm) < 2 for w in words[start:end])


@dataclass(frozen=True)
class _Key:
    words: tuple[str, ...]
    identity: str


class SpanIndex:
    """The name words of one game's cards and aliases, for proposing spans of a sentence."""

    def __init__(self, game: str, cards: Sequence[Card], aliases: Sequence[tuple[str, str, str | None]] = (),
                 common: frozenset[str] = FILLER) -> None:
        self.game = game
        self.common = common
        first: dict[str, set[_Key]] = {}
        holders: dict[str, set[str]] = {}  # word -> identities whose names hold it
        owners: dict[str, set[str]] = {}  # a folded name form -> the identities it names
        set_words: set[str] = set()
        small: set[str] = set()
        self._named: dict[str, Card] = {}  # identity -> one printing of it (its texts are alike)

        def add(text: str, identity: str) -> None:
            for variant in {fold(text), without_inner_the(fold(text))}:
                words = tuple(variant.split())
                if words and len(words) < SMALL_NAME_WORDS and all(w in FILLER or len(w) < 2 for w in words):
                    if len(words) == 1 and len(words[0]) >= 3:
                        small.add(words[0])  # "Mine": only where it is typed capitalised inside the sentence
                    continue  # "On", "It": a short name of only small words is never read out of a sentence
                if words and len(words) <= MAX_NAME_WORDS:
                    first.setdefault(words[0], set()).add(_Key(words, identity))
                    owners.setdefault(variant, set()).add(identity)
                    for w in words:
                        holders.setdefault(w, set()).add(identity)

        identities = {card_identity(card.name) for card in cards}
        for card in cards:
            identity = card_identity(card.name)
            self._named.setdefault(identity, card)
            for form in name_forms(card.name):
                add(form, identity)
                # "Mantle of the Jade Champion • Experienced 2": players name it by its title, where no card is
                # named so ("Moto Rani" is a card of its own beside "Moto Rani • Experienced")
                title, dot, _ = form.partition(" • ")
                if dot and title.strip() and card_identity(title) not in identities:
                    add(title, identity)
            for designator in (card.set, card.official_set, *suffixes(card.name)[:1]):
                set_words.update(fold(designator).split())
        for alias, name, _ in aliases:
            add(alias, card_identity(name))
        self._small = frozenset(small)
        self._first = {w: tuple(sorted(keys, key=lambda k: -len(k.words))) for w, keys in first.items()}
        self._owners = {k: tuple(sorted(v)) for k, v in owners.items() if len(v) > 1}
        self._vocab = frozenset(holders)
        self._set_words = frozenset(set_words)
        self._rare = frozenset(w for w, ids in holders.items() if len(ids) <= 3 and len(w) >= 5 and w not in common)
        self._deleted: dict[str, set[str]] = {}
        for word in self._vocab:
            if len(word) >= 4:
                for d in _deletes(word) | {word}:
                    self._deleted.setdefault(d, set()).add(word)
        self._near_cache: dict[str, frozenset[str]] = {}
        # the game's own rules words: folded words this many of its cards' texts say ("fear" in L5R, "potion",
        # "sword", "inherited" in Grand Archive); beside a card of this game such a word is not another game's card
        said: Counter[str] = Counter()
        for card in self._named.values():
            said.update(set(fold(card.text).split()))
        self.terms = frozenset(w for w, n in said.items() if n >= GAME_TERM_TEXTS and len(w) >= 3)

    def near(self, word: str) -> frozenset[str]:
        """Name words within the typo budget of a typed word (the word itself included when it is one)."""
        found = self._near_cache.get(word)
        if found is not None:
            return found
        out = {word} if word in self._vocab else set()
        budget = typo_budget(word)
        if budget and word not in FILLER:
            for d in _deletes(word) | {word}:
                for v in self._deleted.get(d, ()):
                    if v not in out and OSA.distance(word, v, score_cutoff=budget) <= budget:
                        out.add(v)
        found = frozenset(out)
        if len(self._near_cache) < 50_000:
            self._near_cache[word] = found
        return found

    def proposals(self, words: Sequence[Word], forms: Sequence[frozenset[str]] | None = None
                  ) -> list[tuple[int, int, int]]:
        """(start, end, typos) of word spans that may name a card, longest first (`forms`: word_forms(words))."""
        forms = forms if forms is not None else word_forms(words)
        near = [frozenset().union(*(self.near(f) for f in fs)) for fs in forms]
        out: dict[tuple[int, int], int] = {}
        for i in range(len(words)):
            for head in near[i]:
                for key in self._first.get(head, ()):
                    n = len(key.words)
                    if i + n > len(words):
                        continue
                    typos = 0
                    for k, want in enumerate(key.words):
                        if want in forms[i + k]:
                            continue
                        if want in near[i + k]:
                            typos += 1
                            continue
                        break
                    else:
                        if typos and (typos > max(1, n // 2) or (n > 1 and typos == n) or (n == 1 and (
                                len(key.words[0]) < 6 or forms[i] & self.common))):
                            continue
                        span = (i, i + n)
                        out[span] = min(typos, out.get(span, typos))
            # a one-word name that is an everyday small word ("Mine"): a name where typed capitalised past the
            # sentence's first word ("I play Mine, gain a Gold"); "is it mine?" is no card
            if i > 0 and words[i].capitalised and words[i].norm in self._small:
                out[(i, i + 1)] = 0
            # a distinctive word of a name alone ("eznite"): the matcher's word tier decides
            if (i, i + 1) not in out and any(f in self._rare for f in forms[i]):
                out[(i, i + 1)] = 0
        return sorted(((s, e, t) for (s, e), t in out.items()), key=lambda x: (-(x[1] - x[0]), x[2], x[0]))

    def set_words(self) -> frozenset[str]:
        return self._set_words

    def rivals(self, typed: str) -> list[Card]:
        """Other cards this exact name form also names ("Michael": Michael, and Michael, Chief Prince)."""
        return [self._named[i] for i in self._owners.get(fold(typed), ())]


def word_forms(words: Sequence[Word]) -> list[frozenset[str]]:
    """How each word of a sentence may be written in a name: folded, without a possessive."""
    return [_forms(w) for w in words]


def _forms(word: Word) -> frozenset[str]:
    return frozenset(f for f in (fold(word.text), fold(word.base), word.norm, word.base, *_verbed(word)) if f)


def _verbed(word: Word) -> tuple[str, ...]:
    """A capitalised name made a verb ("I King's Courted a Mastermind", "Throne Roomed"): the name word it ends."""
    if not word.capitalised or len(word.norm) < 5 or not word.norm.endswith("ed"):
        return ()
    stem = word.norm[:-2]
    return (stem, stem[:-1]) if len(stem) > 3 and stem[-1] == stem[-2] else (stem, word.norm[:-1])


Match = Callable[[str], MatchResult]


def find_spans(words: Sequence[Word], index: SpanIndex, match: Match,
               forms: Sequence[frozenset[str]] | None = None) -> list[CardSpan]:
    """The card spans of one game in the sentence, non-overlapping, longest first, each decided by `match`."""
    taken: list[CardSpan] = []
    asked: dict[str, MatchResult] = {}
    for start, end, _ in index.proposals(words, forms):
        if any(start < s.end and s.start < end for s in taken):
            continue
        end = _with_set(words, start, end, index)
        query = _query(words, start, end)
        result = asked.get(query)
        if result is None:
            result = asked[query] = match(query)
        if result.card is None:
            for stem in _verbed(words[end - 1]):  # "King's Courted": the card King's Court
                again = match(" ".join([w.text for w in words[start:end - 1]] + [stem]))
                if again.card is not None and again.how == "exact":
                    result = asked[query] = again
                    break
        if result.card is None and result.how != "ambiguous":
            continue
        cards = tuple(c.card for c in result.candidates) if result.card is None else ()
        how = result.how
        if how == "prefix" and result.card is not None and \
                fold(result.card.name.partition(" • ")[0]) == fold(query):
            how = "exact"  # the card's whole title, without its "• Experienced 2"
        if result.card is None and len({card_identity(c.name) for c in cards}) < 2:
            if not (cards and all(c.how == "exact" for c in result.candidates)):
                continue
            how = "exact"  # the name is exactly that card's; which of its printings (they read apart) is asked
        single = end - start == 1
        partial = how in ("prefix", "word", "ambiguous") and single
        if partial and how == "prefix" and result.card is not None and \
                _forms(words[start]).isdisjoint(fold(result.card.name).split()):
            continue  # the start of a word is not a name in a sentence ("leav" of "Leaves for Healing")
        weak = _weak(words, start, end, index.common) or (partial and (
            _english(words[start]) or not _forms(words[start]).isdisjoint(getattr(index.common, "terms", ()))))
        # The command asks by the card's name when that leads back to it; else by its label ("Angelic Visitor (TEC)":
        # the name alone is the title of printings that read apart, and is asked back).
        named = "" if result.card is None or match(result.card.name).card == result.card else result.card.label
        title = next((c.name for c in result.printings if result.card is not None and result.chosen == "default"
                      and fold(c.name) == fold(query) and c.key != result.card.key), "")
        if title:
            # the full name of another printing, answered for the default one: asked by that name, so the answer
            # says which printing it read and whether the one so named answers differently ("Samaritan Water Jar")
            named = title
        taken.append(CardSpan(start, end, index.game, result.card, " ".join(w.text for w in words[start:end]),
                              how, cards, weak, named))
    return sorted(taken, key=lambda s: s.start)


def _with_set(words: Sequence[Word], start: int, end: int, index: SpanIndex) -> int:
    """A set designator typed right after the name ("Stricken PoC", "Son of God promo") belongs to it."""
    if end < len(words) and words[end].norm in index.set_words() and words[end].norm not in index.common:
        return end + 1
    return end


def _query(words: Sequence[Word], start: int, end: int) -> str:
    parts = [w.text for w in words[start:end]]
    if parts:
        parts[-1] = words[end - 1].base if words[end - 1].base != words[end - 1].norm else parts[-1]
    return " ".join(parts)


_ENGLISH = re.compile(r"(?:ed|ing|ly|ness|tion|ment|ful|less|able|ous)$")


def _english(word: Word) -> bool:
    """A lower-case word shaped like everyday English ("departed", "healing"): a part of a name only as a word."""
    return not word.capitalised and bool(_ENGLISH.search(word.base))


def _weak(words: Sequence[Word], start: int, end: int, common: frozenset[str]) -> bool:
    """Only everyday rules words, none capitalised past the sentence's first word."""
    every = all(fold(w.base) in common or w.norm in common for w in words[start:end])
    return every and not any(w.capitalised for i, w in enumerate(words[start:end], start) if i > 0)
