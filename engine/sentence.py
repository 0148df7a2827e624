"""A player's sentence as the reader sees it: its words, the cards found in it, and the phrases taken from it.

`arbiter ask` and `/ask` read a question written as players write it ("if I Throne Room a Wharf, when does the
Throne Room leave play?"). The reader (engine/reader.py) finds the cards; each game's phrasebook
(engine/rulesets/<game>/phrases_ask.py, declared through engine/interface.py) then takes the phrases of its
question from a `Sentence` and returns a `Reading` (the per-game command's inputs) or an `Ask` (a question
back). Every word a phrase took is "used"; the words nobody used are named in the answer.

Phrases are regular expressions over `Sentence.norm`: the words lower-cased, quotes dropped, one space between
words, and each card replaced by a slot "§N" (N its number in `Sentence.cards`), so a phrasebook writes
r"§(\\d+) (?:on|a) §(\\d+)" for "Throne Room a Wharf". Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card
from engine.names import card_identity

_WORD = re.compile(r"[^\W_]+(?:['’`´][^\W_]+)*|[>+#=&;]", re.UNICODE)
_QUOTES = str.maketrans("", "", "'’`´")
SLOT = "§"

# Words that carry no scenario of any game: articles, pronouns, auxiliaries, question words. They are never
# named as "not used". A phrasebook adds its own question words (`Phrasebook.filler`).
FILLER = frozenset([
    "a", "an", "the", "this", "that", "these", "those", "it", "its", "itself", "they", "them", "their", "theirs",
    "he", "him", "his", "she", "her", "hers", "i", "me", "my", "mine", "myself", "we", "us", "our", "you", "your",
    "yours", "one", "ones", "some", "any", "all", "both", "each", "every", "other", "another", "such", "what",
    "which", "who", "whom", "whose", "when", "where", "why", "how", "whether", "if", "then", "than", "so", "and",
    "or", "but", "nor", "also", "too", "either", "neither", "not", "no", "yes", "do", "does", "did", "done", "doing",
    "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "having", "can", "could", "may",
    "might", "must", "shall", "should", "will", "would", "get", "gets", "got", "getting", "go", "goes", "went",
    "going", "make", "makes", "made", "still", "just", "even", "please", "thanks",
    "thank", "hi", "hello", "hey", "ok", "okay", "well", "right", "correct", "mean", "means", "in", "on", "at", "of",
    "to", "for", "from", "with", "by", "about", "as", "into", "onto", "upon", "over", "under", "after", "before",
    "during", "until", "till", "while", "since", "again", "ever", "never", "always", "once", "now", "already", "yet",
    "there", "here", "very", "much", "many", "more", "most", "less", "least", "only", "own", "same", "say", "says",
    "said", "tell", "ask", "question", "rule", "rules", "ruling", "happen", "happens", "happened", "happening",
    "work", "works", "working", "worked", "wondering", "wonder", "know", "think", "guess", "help", "let", "lets",
    "im", "ive", "id", "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "cant", "cannot", "couldnt",
    "wont", "wouldnt", "whats", "thats", "hows", "whens", "its", "theyre", "youre", "hes", "shes", "u", "ur", "pls",
    "plz", "vs", "versus", "like", "up", "down", "out", "off", "way", "thing", "things", "stuff", "case",
])


# Everyday English words players write in rules questions that are also some card's name ("keep", "mine",
# "village", "fear", "go away"): written in lower case they are words first, a card only when nothing else in
# the sentence reads them (engine/card_spans.py marks such spans weak). Our own list.
EVERYDAY = FILLER | frozenset([
    "keep", "keeps", "kept", "stay", "stays", "stayed", "go", "went", "gone", "away", "back", "work", "works",
    "stop", "stops", "end", "ends", "ended", "start", "starts", "begin", "begins", "began", "last", "lasts", "long",
    "short", "time", "times", "turn", "turns", "round", "rounds", "phase", "phases", "play", "plays", "played",
    "playing", "card", "cards", "hand", "hands", "deck", "decks", "draw", "draws", "discard", "discards", "battle",
    "battles", "fight", "fights", "attack", "attacks", "block", "blocks", "win", "wins", "won", "lose", "loses",
    "lost", "gain", "gains", "give", "gives", "gave", "take", "takes", "took", "put", "puts", "return", "returns",
    "move", "moves", "hold", "holds", "protect", "protects", "protection", "cancel", "cancels", "negate", "negates",
    "prevent", "prevents", "destroy", "destroys", "destroyed", "damage", "heal", "heals", "cover", "covers", "hope",
    "faith", "fear", "love", "joy", "peace", "grace", "glory", "mercy", "wrath", "pride", "envy", "greed", "mine",
    "gold", "silver", "copper", "treasure", "village", "city", "town", "market", "harbor", "haven", "cellar",
    "chapel", "church", "temple", "tower", "wall", "gate", "bridge", "road", "highway", "field", "fields", "land",
    "lands", "sea", "river", "mountain", "forest", "home", "house", "room", "court", "king", "queen", "prince",
    "princess", "lord", "lady", "knight", "soldier", "guard", "guardian", "captain", "scout", "spy", "pirate",
    "raider", "hunter", "shepherd", "farmer", "merchant", "sailor", "crew", "monk", "priest", "prophet", "angel",
    "demon", "ghost", "spirit", "soul", "souls", "child", "children", "man", "men", "woman", "women", "people",
    "person", "friend", "enemy", "army", "armies", "good", "evil", "great", "small", "big", "full", "empty", "first",
    "next", "other", "same", "new", "old", "ready", "free", "open", "closed", "still", "again", "more", "less",
    "high", "low", "strong", "weak", "fast", "slow", "early", "late", "true", "false", "right", "wrong", "real",
    "whole", "half", "double", "triple", "extra", "once", "twice", "never", "always", "nothing", "everything",
    "something", "anything", "someone", "anyone", "everyone", "ambush", "advance", "progress", "retreat", "charge",
    "rally", "rest", "sleep", "dream", "wake", "search", "research", "seek", "find", "found", "look", "see", "watch",
    "wait", "hide", "run", "walk", "fly", "fall", "rise", "burn", "freeze", "shield", "sword", "bow", "arrow",
    "armor", "helmet", "crown", "ring", "rope", "chain", "gear", "tools", "tool", "cage", "trap", "door", "key",
    "book", "page", "letter", "word", "words", "name", "names", "sign", "light", "dark", "shadow", "fire", "water",
    "earth", "wind", "air", "storm", "rain", "snow", "ice", "stone", "iron", "steel", "blood", "bone", "heart",
    "mind", "eye", "eyes", "hands", "feet", "head", "power", "force", "life", "death", "birth", "dead", "alive",
    "judgment", "judgement", "justice", "truth", "faithful", "patience", "wisdom", "knowledge", "strength",
    "courage", "honor", "honour", "shame", "duty", "trust", "loyalty", "betrayal", "sacrifice", "offering", "prayer",
    "blessing", "curse", "plague", "famine", "war", "conflict", "duel", "challenge", "contract", "deal", "trade",
    "price", "cost", "costs", "bonus", "reward", "prize", "gift", "tax", "debt", "stays", "staying", "stayed",
    "working", "stopped", "ending", "starting", "lasting", "playing", "drawing", "discarding", "attacking",
    "blocking", "winning", "losing", "gaining", "giving", "taking", "putting", "returning", "moving", "holding",
    "leave", "leaves", "left", "leaving", "forever", "ever", "anymore", "longer", "later", "sooner", "soon",
    "moment", "moments", "instant", "forward", "hero", "heroes", "character", "characters", "command", "commands",
    "strike", "strikes", "slash", "order", "orders", "call", "calls", "horse", "horses", "dog", "wolf", "bear",
    "bird", "fish", "dragon", "lion", "beast", "beasts", "animal", "animals", "snake", "cat", "owl", "fox",
])


@dataclass(frozen=True)
class Word:
    """One word of the sentence as typed, where it lies, and how phrases see it."""

    text: str     # as typed
    start: int    # character offsets in the sentence
    end: int
    norm: str     # lower-cased, quotes dropped ("Adino's" -> "adinos")
    base: str     # without a possessive ("Adino's" -> "adino"); else norm

    @property
    def capitalised(self) -> bool:
        return self.text[:1].isupper()


def words_of(text: str) -> tuple[Word, ...]:
    out = []
    for m in _WORD.finditer(text):
        raw = m.group(0)
        norm = raw.translate(_QUOTES).casefold()
        low = raw.casefold()
        base = norm
        for tail in ("'s", "’s", "`s", "s'", "s’"):
            if low.endswith(tail) and len(low) > len(tail):
                base = low[: -len(tail)].translate(_QUOTES) + ("s" if tail.startswith("s") else "")
                break
        out.append(Word(raw, m.start(), m.end(), norm, base))
    return tuple(out)


@dataclass(frozen=True)
class CardSpan:
    """Words of the sentence that name a card of one game (`card` None: they name several; see `candidates`)."""

    start: int                    # word positions [start, end)
    end: int
    game: str
    card: Card | None
    typed: str                    # the words as typed
    how: str                      # how the matcher found it (exact, alias, fuzzy, word, prefix, ambiguous)
    candidates: tuple[Card, ...] = ()   # ambiguous: the cards it may mean, best first
    weak: bool = False            # only common words, not capitalised: a card only if nothing else reads them
    named: str = ""               # what to ask the card by when its name alone leads elsewhere (its label)

    @property
    def name(self) -> str:
        return self.named or self.card.name if self.card is not None else self.typed

    def overlaps(self, other: CardSpan) -> bool:
        return self.start < other.end and other.start < self.end


@dataclass(frozen=True)
class Reading:
    """How a sentence reads as one per-game command: the question's `command` and its `inputs`, exactly as
    the command line takes them (engine/interface.py Param names). `notes` say each choice the reader made
    that the sentence did not spell out; `others` are the other readings offered as buttons."""

    command: str
    inputs: Mapping[str, Any]
    notes: tuple[str, ...] = ()
    others: tuple[Option, ...] = ()
    game: str = ""
    # words of the sentence that say something of the card's own text but that no phrase read ("if my opponent
    # controls a Canaanite" beside "If opponent controls a Canaanite, ..."): the answer says it leaves them out
    unread: tuple[str, ...] = ()
    # of those, the ones said of an event a phrase read from the same clause ("with a higher attack than printed" of
    # "when Ptera Hatchling attacks ...")
    unread_of_read: tuple[str, ...] = ()


@dataclass(frozen=True)
class Option:
    """One choice offered: a short label and the reading it stands for."""

    label: str
    reading: Reading


@dataclass(frozen=True)
class Ask:
    """A question back instead of a guess: why, and the readings to choose from (may be empty)."""

    kind: str         # no-card, several-games, wrong-game, which-card, several-cards, two-readings, cannot-ask
    why: str
    options: tuple[Option, ...] = ()


@dataclass
class Sentence:
    """The sentence with the cards of one game found in it; phrasebooks take phrases from `norm`."""

    text: str
    words: tuple[Word, ...]
    cards: list[CardSpan]
    game: str = ""
    used: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    norm: str = ""
    _spans: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)  # norm offsets -> word positions

    def __post_init__(self) -> None:
        self.cards = sorted(self.cards, key=lambda c: c.start)
        parts: list[str] = []
        pos = 0
        by_start = {c.start: (n, c) for n, c in enumerate(self.cards)}
        i = 0
        while i < len(self.words):
            if i in by_start:
                n, span = by_start[i]
                token, covered = f"{SLOT}{n}", tuple(range(span.start, span.end))
                i = span.end
            else:
                token, covered = self.words[i].norm, (i,)
                i += 1
            if parts:
                pos += 1
            self._spans.append((pos, pos + len(token), covered))
            parts.append(token)
            pos += len(token)
        self.norm = " ".join(parts)

    # --- phrases ------------------------------------------------------------------------------------------

    def words_in(self, start: int, end: int) -> set[int]:
        """The word positions a stretch of `norm` covers."""
        return {w for s, e, covered in self._spans if s < end and start < e for w in covered}

    def free(self, m: re.Match[str], group: int | str = 0) -> bool:
        """Whether no word of the match is used yet."""
        return not (self.words_in(m.start(group), m.end(group)) & self.used)

    def find(self, pattern: str | re.Pattern[str]) -> Iterator[re.Match[str]]:
        """Matches of a phrase among the words not used yet (not marked: see `use`)."""
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        start = 0
        while start <= len(self.norm):
            m = rx.search(self.norm, start)
            if m is None:
                return
            if m.end() == m.start():
                start = m.end() + 1
                continue
            if self.free(m):
                yield m
                start = m.end()
            else:
                start = m.start() + 1

    def take(self, pattern: str | re.Pattern[str]) -> list[re.Match[str]]:
        """Every match of a phrase among the unused words, in order, each marked used."""
        found = []
        for m in self.find(pattern):
            if self.free(m):
                self.use(m)
                found.append(m)
        return found

    def take_first(self, pattern: str | re.Pattern[str]) -> re.Match[str] | None:
        for m in self.find(pattern):
            self.use(m)
            return m
        return None

    def use(self, m: re.Match[str], group: int | str = 0) -> None:
        self.used |= self.words_in(m.start(group), m.end(group))

    def has(self, pattern: str | re.Pattern[str]) -> bool:
        """Whether the phrase is there (used or not); marks nothing."""
        return re.search(pattern, self.norm) is not None

    def typed(self, m: re.Match[str], group: int | str = 0) -> str:
        """The words of a match as typed (cards by their names as typed)."""
        found = sorted(self.words_in(m.start(group), m.end(group)))
        return " ".join(self.words[i].text for i in found)

    def position(self, m: re.Match[str], group: int | str = 0) -> int:
        """The first word position of a match (its order in the sentence)."""
        found = self.words_in(m.start(group), m.end(group))
        return min(found) if found else len(self.words)

    # --- cards --------------------------------------------------------------------------------------------

    def card_at(self, slot: str) -> CardSpan:
        """The card of a slot's number ("3" or "§3")."""
        return self.cards[int(slot.lstrip(SLOT))]

    def slots(self, m: re.Match[str]) -> list[int]:
        """Card numbers named inside a match, in order."""
        return [int(n) for n in re.findall(SLOT + r"(\d+)", m.group(0))]

    def copy(self) -> Sentence:
        """The same sentence with only the words used before any card was taken (to read it another way)."""
        cards = {i for c in self.cards for i in range(c.start, c.end)}
        return Sentence(self.text, self.words, list(self.cards), self.game, used=set(self.used) - cards,
                        notes=list(self.notes))

    def identity(self, n: int) -> str:
        span = self.cards[n]
        return card_identity(span.card.name) if span.card is not None else "?" + span.typed.casefold()

    def mentions(self, n: int) -> list[int]:
        """Every card number naming the same card as `n` (a card named again is the same card)."""
        key = self.identity(n)
        return [k for k in range(len(self.cards)) if self.identity(k) == key]

    def distinct(self) -> list[int]:
        """One card number per card named surely, first mentions, in order."""
        seen: dict[str, int] = {}
        for n in self.sure_cards():
            seen.setdefault(self.identity(n), n)
        return list(seen.values())

    def use_card(self, n: int) -> None:
        span = self.cards[n]
        self.used |= set(range(span.start, span.end))

    def card_position(self, n: int) -> int:
        return self.cards[n].start

    def sure(self, n: int) -> bool:
        """A card named surely: not only everyday words, or several words that are no mere phrase."""
        span = self.cards[n]
        if not span.weak:
            return True
        words = self.words[span.start:span.end]
        return len(words) > 1 and 2 * sum(w.norm in FILLER for w in words) < len(words)

    def sure_cards(self) -> list[int]:
        """The cards named surely; when none is, every card found (everyday words are then the only names)."""
        sure = [n for n in range(len(self.cards)) if self.sure(n)]
        return sure or list(range(len(self.cards)))

    def unused_cards(self) -> list[int]:
        return [n for n, c in enumerate(self.cards) if c.start not in self.used]

    def note(self, text: str) -> None:
        self.notes.append(text)

    def reading(self, command: str, inputs: Mapping[str, Any], others: Sequence[Option] = ()) -> Reading:
        return Reading(command, dict(inputs), tuple(self.notes), tuple(others), self.game)

    def unread(self, filler: Callable[[str], bool]) -> list[str]:
        """What the conditions the sentence states say that no phrase read ("if my opponent controls a Canaanite",
        "when the unit with Playtime is destroyed"): in each clause from a condition word (if, when, unless, ...) to
        the end of its clause, the words from its first to its last word carrying meaning that nobody used, as
        typed."""
        return [fragment for fragment, _ in self.unread_clauses(filler)]

    def unread_clauses(self, filler: Callable[[str], bool]) -> list[tuple[str, bool]]:
        """`unread`, each with whether a phrase read an event from its clause (its words are then said of that
        event: "when Ptera Hatchling attacks with a higher attack than printed")."""
        out = []
        cards = {i for c in self.cards for i in range(c.start, c.end)}
        for start, end in self._clauses():
            found = [i for i in range(start, end) if i not in self.used and not _symbol(self.words[i].norm)
                     and not {self.words[i].norm, self.words[i].base} & FILLER
                     and not filler(self.words[i].norm) and not filler(self.words[i].base)]
            read = any(i in self.used and i not in cards and not _symbol(self.words[i].norm)
                       and not {self.words[i].norm, self.words[i].base} & FILLER for i in range(start, end))
            if found:
                out.append((self.text[self.words[found[0]].start:self.words[found[-1]].end], read))
        return out

    def _clauses(self) -> list[tuple[int, int]]:
        """[start, end) word positions of each condition clause: a condition word up to punctuation, the next
        condition word or the question's own verb ("if Claude leaves the field | do my automatons ...")."""
        out = []
        i = 0
        while i < len(self.words):
            if self.words[i].norm not in _CONDITION or (i + 1 < len(self.words) and self.words[i + 1].norm in
                                                          _QUESTION_VERB):  # "when does it ...": a question
                i += 1
                continue
            k = i + 1
            while k < len(self.words) and self.words[k].norm not in _CONDITION and not (
                    self.words[k].norm in _QUESTION_VERB and k > i + 1) and not _PAUSE.search(
                    self.text[self.words[k - 1].end:self.words[k].start]):
                k += 1
            if k > i + 1:
                out.append((i, k))
            i = k
        return out

    def read_own_counts(self, texts: Sequence[str]) -> None:
        """Marks read a count the card prints beside the same word ("after drawing 2" beside Stellar Oracle's "draw
        2 cards"), with that word: the card's own number said again, no input of the scenario and nothing left
        out. A count printed only in a condition ("If your influence is four or less") stays the scenario's."""
        printed = set().union(*(printed_counts(t) for t in texts)) if texts else set()
        if not printed:
            return
        for i, w in enumerate(self.words):
            if i in self.used or not _count(w.norm):
                continue
            value = number(w.norm.lstrip("+-"))
            beside = [k for k in (i - 2, i - 1, i + 1, i + 2) if 0 <= k < len(self.words) and k not in self.used
                      and (_root(self.words[k].base), value) in printed]
            if beside:
                self.used |= {i, beside[0]}

    def bearing(self, filler: Callable[[str], bool], texts: Sequence[str], read_numbers: frozenset[int] = frozenset(),
                names: Sequence[str] = (), read_words: Sequence[str] = ()) -> list[str]:
        """Of what no phrase read, the words that bear on the answer of cards whose `texts` are given, as typed: a
        stated condition's fragment that holds a count ("if my champion is only level 2"), any unread word that is a
        word of a condition those texts state ("trash a treasure" beside Student's "If it's a Treasure", "a status
        token" beside "units with no tokens on them", "influence is 5" beside "If your influence is four or
        less"), and a count beside one ("removes 2 tokens" beside "If 3 or more tokens were removed"). These are not
        to be left out of the answer: the question is asked back instead. `read_numbers`: numbers the reading's
        inputs hold (a phrase read them into an input without marking the word: "a Gilder with 1 wound" →
        `wounds=1`); a count of one of them is read. `names`: the cards' names, whose words are no condition word
        (Summon Mind Fog Owl's "... place a Mind Fog Owl ..."). `read_words`: words the reading's inputs already
        hold ("three water element cards in my graveyard" → a count "... in your graveyard=3"): read, not missing."""
        own = {_stem(w.base) for name in names for w in words_of(name)}
        held = {_stem(w.base) for said in read_words for w in words_of(said)}
        stems = set().union(*(condition_stems(t) for t in texts)) - own if texts else set()
        nouns = set().union(*(condition_stems(t, effects=False) for t in texts)) - own if texts else set()
        out: list[str] = []
        n = len(self.words)

        def meaning(i: int) -> bool:
            w = self.words[i]
            return (i not in self.used and not _symbol(w.norm) and not {w.norm, w.base} & FILLER
                    and not filler(w.norm) and not filler(w.base) and _stem(w.base) not in held)

        card_words = {i for c in self.cards for i in range(c.start, c.end)}

        def unread_count(i: int) -> bool:
            return _count(self.words[i].norm) and number(self.words[i].norm.lstrip("+-")) not in read_numbers

        def counted(i: int) -> bool:  # a count beside a word a condition names ("2 tokens", "level 2"), not a card's
            return unread_count(i) and any(0 <= k < n and k not in card_words and _stem(self.words[k].base) in nouns
                                           for k in (i - 2, i - 1, i + 1, i + 2))
        clause_words: set[int] = set()
        for start, end in self._clauses():
            found = [i for i in range(start, end) if meaning(i)]
            clause_words.update(range(start, end))
            # a clause a phrase read an event from ("when my meek hero is removed from battle": leaves-battle) has
            # its other words as that event's subject; only a count in it is still unread
            read = any(i in self.used and i not in card_words and not _symbol(self.words[i].norm)
                       and not {self.words[i].norm, self.words[i].base} & FILLER for i in range(start, end))
            if found and any((not read and _stem(self.words[i].base) in stems) or unread_count(i) for i in found):
                out.append(self.text[self.words[found[0]].start:self.words[found[-1]].end])
        # outside the conditions it states: each stretch between pauses, from its first such word to its last
        stretch: list[int] = []
        for i in range(n + 1):
            if i < n and i not in clause_words and not (stretch and _PAUSE.search(
                    self.text[self.words[i - 1].end:self.words[i].start])):
                stretch.append(i)
                continue
            # a word there is said of the board when a word of state comes before it ("already has a status
            # token", "my unit with a status token"); else it names what is asked about ("the Force penalty", "is
            # the Shadowlands trait permanent?")
            hits = [k for k in stretch if meaning(k) and (counted(k) or (_stem(self.words[k].base) in stems and any(
                self.words[j].norm in _STATE for j in stretch[1:] if j < k)))]  # (not "is the X ...?")
            if hits:
                first, last = hits[0], hits[-1]
                if first - 1 in stretch and meaning(first - 1):
                    first -= 1  # "status token", "2 tokens"
                if last + 1 in stretch and meaning(last + 1) and _count(self.words[last + 1].norm):
                    last += 1  # "level 2"
                out.append(self.text[self.words[first].start:self.words[last].end])
            stretch = [i] if i < n and i not in clause_words else []
        return list(dict.fromkeys(out))

    def unused(self, filler: Callable[[str], bool]) -> list[str]:
        """Words that no card or phrase used and that carry meaning, as typed, in order."""
        return [w.text for i, w in enumerate(self.words) if i not in self.used and not filler(w.norm)
                and not filler(w.base) and w.norm not in FILLER and w.base not in FILLER and not _symbol(w.norm)]


_CONDITION = frozenset({"if", "when", "whenever", "while", "once", "unless", "before", "after", "until", "till"})
_QUESTION_VERB = frozenset({"does", "do", "did", "will", "would", "can", "could", "should", "what", "how", "who",
                            "which"})
_PAUSE = re.compile(r"[,.;:?!()—–]| - ")


# Where a card's text states a condition its effect turns on: "If it's a Treasure", "unless ...", "as long as ...",
# "units with no tokens on them", "[Level 3+]", "[Class Bonus]" (to the end of its clause). "When ..." is a trigger,
# which the answer takes as having happened: not one of them.
_TEXT_CONDITION = re.compile(
    r"\b(?:if|unless|while|as long as|only|except|with no|without|with (?:at least|at most|exactly|more|fewer|less)|"
    r"that (?:has|have|had|is|are)|who (?:has|have|is|are)|for each|equal to|where x is|on (?:your|an opponent's|"
    r"their) turn|during (?:your|an opponent's|their) turn)\b([^,.;:()]*)|\[([^\]]{2,30})\]", re.IGNORECASE)
_PAREN = re.compile(r"\([^()]*\)")


def _stem(word: str) -> str:
    return word.translate(_QUOTES).casefold()[:5]


def _root(word: str) -> str:
    """A word without its ending, first five letters ("drawing", "draws", "draw" -> "draw")."""
    word = word.translate(_QUOTES).casefold()
    for tail in ("ing", "ed", "es", "s"):
        if word.endswith(tail) and len(word) - len(tail) >= 3:
            word = word[: -len(tail)]
            break
    return word[:5]


def printed_counts(text: str) -> set[tuple[str, int]]:
    """(word root, number) of each number a card's text prints beside a word, two words either side ("draw 2
    cards": ("draw", 2), ("card", 2)); reminder text and the conditions it states aside ("If your influence is four
    or less": a count said there is the scenario's, which the condition turns on)."""
    out: set[tuple[str, int]] = set()
    for part in re.split(r"[,.;:]", _TEXT_CONDITION.sub(" , ", _PAREN.sub(" ", text))):
        words = [w for w in words_of(part) if not _symbol(w.norm)]
        for i, w in enumerate(words):
            value = number(w.norm.lstrip("+-")) if _count(w.norm) else None
            if value is None:
                continue
            for k in (i - 2, i - 1, i + 1, i + 2):
                if 0 <= k < len(words) and len(words[k].base) >= 3 and words[k].base not in FILLER:
                    out.add((_root(words[k].base), value))
    return out


def condition_stems(text: str, effects: bool = True) -> set[str]:
    """The words (their first five letters) a card's text makes a condition of, less those its triggers also say
    (Ptera Hatchling's "if its current attack value is greater ..." is no condition on "attack": "When this unit
    is declared as an attacker" is what the answer takes as having happened). Words of 4+ letters, not filler.
    `effects` False: also less the words its effects say ("tokens" of Red Flower's "Remove all tokens ... If 3 or
    more tokens were removed"), the nouns a count beside them speaks of."""
    said: set[str] = set()
    for _, part in text_conditions(text):
        said |= {_stem(w.base) for w in words_of(part) if len(w.base) >= 4 and w.base not in FILLER}
    plain = _PAREN.sub(" ", text)
    trigger = {_stem(w.base) for m in _TRIGGER.finditer(plain) for w in words_of(m.group(0)) if len(w.base) >= 4}
    return said - trigger if effects else said


_TRIGGER = re.compile(r"\b(?:when|whenever|after|before|at the (?:start|end|beginning) of)\b[^,:.;]*", re.IGNORECASE)


def text_conditions(text: str) -> list[tuple[str, str]]:
    """(as printed, its words after the condition word) of each condition a card's text states, reminder text in
    brackets aside."""
    out = []
    for m in _TEXT_CONDITION.finditer(_PAREN.sub(" ", text)):
        part = m.group(1) if m.group(1) is not None else m.group(2)
        out.append((m.group(0).strip(), part))
    return out


def condition_said(text: str, fragment: str) -> str:
    """The condition of a card's text that a fragment of the sentence speaks to ("If it's a Treasure" for "trash a
    treasure"), as printed; '' when none does by its words."""
    stems = {_stem(w.base) for w in words_of(fragment) if len(w.base) >= 4}
    return next((printed for printed, part in text_conditions(text)
                 if stems & {_stem(w.base) for w in words_of(part)}), "")


_STATE = frozenset({"has", "have", "had", "having", "with", "without", "is", "are", "was", "were", "no", "only",
                    "already", "controls", "control", "controlled", "hasnt", "havent", "isnt", "arent"})
_COUNT_WORDS = frozenset({"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twice", "thrice",
                          "zero", "none"})


def _count(word: str) -> bool:
    return word.isdigit() or word.lstrip("+-").isdigit() or word in _COUNT_WORDS


def _symbol(word: str) -> bool:
    return not any(ch.isalnum() for ch in word)


NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "once": 1, "twice": 2, "a": 1, "an": 1, "zero": 0, "no": 0, "none": 0}
NUMBER = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twice|once|zero|no)"


def number(text: str) -> int | None:
    """A count as players write it: "2", "two", "twice"; None when it is not one."""
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    return NUMBER_WORDS.get(text)
