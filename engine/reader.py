"""Reading a player's sentence as one per-game command: `arbiter ask "TEXT"` and `/ask question:TEXT`.

1. The cards: every game's span index proposes word spans, the game's own matcher decides them
   (engine/card_spans.py).
2. The game: the one a sentence names ("in dominion, ..."), else the one whose cards explain every card word
   of the sentence; when cards of several games read the same words ("Fear"), the game whose own phrases
   the sentence uses ("with no units": Ashes), with the other game offered; else it asks back.
3. The scenario: the game's phrasebook (engine/interface.py `Phrasebook`) reads its phrases into the inputs
   of one of its questions, or asks back.
4. What was not used: every word that no card or phrase took and that carries meaning is named.

A guess is never silent: each choice is a note or a button, and whatever cannot be told apart is asked.
Pure: no I/O. `read` takes the games as `GameCards` (index and matcher built by the front end).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from engine.card_spans import Match, SpanIndex, find_spans, small_words, word_forms
from engine.cards import Card
from engine.names import card_identity, fold
from engine.sentence import EVERYDAY, FILLER, Ask, CardSpan, Option, Reading, Sentence, Word, condition_said, words_of

# Words of every question that say nothing about which card is meant.
EVERYDAY_RULES = frozenset({"last", "lasts", "does", "ability", "still", "after", "when", "play", "card",
                            "turn", "effect", "what", "long", "happens", "their", "with"})

MAX_TEXT = 500
MAX_OPTIONS = 5


@dataclass(frozen=True)
class GameCards:
    """One game as the reader sees it: its phrasebook, the index of its card names and its matcher."""

    game: str
    title: str              # the game's name for players ("Dominion")
    phrasebook: Any         # engine.interface.Phrasebook
    index: SpanIndex
    match: Match
    command_of: Callable[[Reading, str], str] = field(default=lambda reading, surface: "")


@dataclass(frozen=True)
class ReadResult:
    """What the sentence was read as (`reading`, in `game`), or the question asked back (`asked`)."""

    text: str
    game: str | None
    reading: Reading | None
    asked: Ask | None
    unused: tuple[str, ...] = ()
    cards: tuple[CardSpan, ...] = ()
    notes: tuple[str, ...] = ()


def read(text: str, games: Sequence[GameCards]) -> ReadResult:
    text = " ".join((text or "").split())[:MAX_TEXT]
    words = words_of(text)
    by_game = {g.game: g for g in games}
    plain = " ".join(w.base for w in words)
    named: dict[str, set[int]] = {}
    for g in games:
        for pattern in g.phrasebook.names:
            for m in re.finditer(rf"(?<![\w§]){pattern}(?![\w])", plain):
                named.setdefault(g.game, set()).update(_positions(words, plain, m.start(), m.end()))
    name_words = set().union(*named.values()) if named else set()
    forms = word_forms(words)
    spans = {g.game: [s for s in find_spans(words, g.index, g.match, forms)
                      if not set(range(s.start, s.end)) & name_words] for g in games}
    hint_words = {g.game: _hint_words(g, words, plain) for g in games}
    # everyday words that are another game's own scenario words ("hero" in Redemption) name no card
    for g in games:
        theirs = set().union(*(hint_words[o.game] for o in games if o.game != g.game))
        spans[g.game] = [s for s in spans[g.game] if not (s.weak and set(range(s.start, s.end)) <= theirs)]
    # a name used as an identifier, as the game's own texts use it ("my lone I Samuel Hero", "a Genesis Evil
    # Character"): the words say what kind of card, not the card by that name
    for g in games:
        pairs = _identifier_pairs(g.index)
        spans[g.game] = [s for s in spans[g.game] if not _identifier(words, s, pairs)]
    # a one-word span naming several cards but no card's whole name, on a word the game's own phrases read ("if my
    # champion is a Cleric": Grand Archive's class word, not one of its "Cleric ..." cards) is that word, no card
    for g in games:
        spans[g.game] = [s for s in spans[g.game] if not (s.card is None and s.how == "ambiguous"
                                                          and s.end - s.start == 1 and s.start in hint_words[g.game])]
    _bare_words_yield(words, spans)
    strong = {game: [s for s in found if not s.weak] for game, found in spans.items()}
    _whole_names_win(words, spans, strong)

    def result_in(game: str, others: Sequence[Option] = (), note: str | None = None) -> ReadResult:
        return _read_in(text, words, by_game[game], spans[game], name_words, others, note)

    if len(named) > 1:
        titles = " and ".join(by_game[g].title for g in named)
        options = tuple(_option_in(result_in(g), by_game[g]) for g in named)
        return _asked(text, Ask("several-games", f"This names two games ({titles}); ask about one at a time.",
                                tuple(o for o in options if o is not None)))
    if named:
        game = next(iter(named))
        own = _quality(strong[game]) if strong[game] else 0
        mine = {i for s in spans[game] for i in range(s.start, s.end)} | hint_words[game] | {
            i for i, w in enumerate(words) if _said_in(w, _own_words([s.card for s in strong[game]
                                                                     if s.card is not None and _quality([s]) == 3]))}
        better = [g for g in games if g.game != game and _quality(strong[g.game]) == 3 > own
                  and any(not set(range(s.start, s.end)) <= mine for s in strong[g.game])]
        if better and own < 3:  # "in L5R, Golden Veil": the whole name is another game's card
            cards = ", ".join(f"“{s.typed}” ({g.title})" for g in better for s in strong[g.game])
            options = tuple(o for g in better if (o := _option_in(result_in(g.game), g)) is not None)
            return _asked(text, Ask("wrong-game", f"{by_game[game].title} has no card by that name: {cards} "
                                                  f"{'is' if len(options) == 1 else 'are'} of another game.",
                                    options))
        if spans[game] or (getattr(by_game[game].phrasebook, "without_cards", False)
                           and not any(strong[g.game] for g in games)):
            return result_in(game)
        elsewhere = [g for g in games if strong[g.game]]
        if elsewhere:
            cards = ", ".join(f"“{s.typed}” ({g.title})" for g in elsewhere for s in strong[g.game])
            options = tuple(o for g in elsewhere if (o := _option_in(result_in(g.game), g)) is not None)
            return _asked(text, Ask("wrong-game", f"{by_game[game].title} has no card by that name: {cards} "
                                                  f"{'is' if len(options) == 1 else 'are'} of another game.",
                                    options))
        return _asked(text, Ask("no-card", f"Which {by_game[game].title} card is it about? No card name was "
                                           "found in the question."))

    candidates = [g.game for g in games if strong[g.game]]
    if not candidates:  # only everyday words may name cards: they do when one game explains them
        strong = spans
        candidates = [g.game for g in games if spans[g.game]]
        if not candidates:
            # a question some game asks without a card ("which comes first, after the Dynasty Phase ends or ..."):
            # that game, when it is the only one whose phrasebook reads it
            cardless = [r for g in games if getattr(g.phrasebook, "without_cards", False)
                        and (r := result_in(g.game)).reading is not None]
            if len(cardless) == 1:
                return cardless[0]
            # no card and no game named: the game whose own rules words the question uses ("my trait and my
            # opponent's trait trigger at the same time": L5R) asks back for its card, in its own words
            game = _game_by_words(games, words, hint_words)
            if game is not None:
                return result_in(game)
            return _asked(text, Ask("no-card", "Which card is it about, and in which game? No card name was found "
                                               "in the question (start it with the game's name: "
                                               f"{_join([g.title for g in games], 'or')})." if games else
                                               "Which card is it about? No card name was found in the question."))
    explainers = []
    for game in candidates:
        # the game's own rules words beside its named card ("the Fear bonus from Flawless Naginata": L5R's Fear, not
        # Ashes' or Dominion's card Fear; "Potion", "Sword", "Inherited" beside a Grand Archive card)
        terms = getattr(by_game[game].index, "terms", frozenset())
        # and the words of its cards named surely in the sentence, their names and texts ("the Sage" after
        # "Sandstorm Sage", "Throw 1 from Bloodstained Dagger", whose text has "Throw 1", "changes the attack" beside
        # Rose, whose text says "change the target of an attack")
        own = _own_words([s.card for s in strong[game] if s.card is not None and _quality([s]) == 3])
        said = {i for i, w in enumerate(words) if _said_in(w, terms) or _said_in(w, own)} \
            if strong[game] else set()
        cover = {i for s in spans[game] for i in range(s.start, s.end)} | hint_words[game] | said

        def explains(other: CardSpan, game: str = game, cover: set[int] = cover) -> bool:
            """Another game's name is explained by one of this game's names holding it, by this game's own
            words, or, for a one-word name, by pieces: words of several of its names ("infusion", "clarity")
            do not explain another game's whole name ("potion infusion clarity")."""
            if other.end - other.start > 1 and other.how in ("exact", "alias"):
                return any(s.start <= other.start and other.end <= s.end for s in spans[game]) or \
                    set(range(other.start, other.end)) <= hint_words[game]
            return set(range(other.start, other.end)) <= cover

        if all(explains(s) for other in candidates if other != game for s in strong[other]):
            explainers.append(game)
    if not explainers:
        listed = "; ".join(f"{by_game[g].title}: " + ", ".join(s.typed for s in strong[g]) for g in candidates)
        options = tuple(o for g in candidates if (o := _option_in(result_in(g), by_game[g])) is not None)
        return _asked(text, Ask("several-games", f"This names cards of several games ({listed}); ask about one "
                                                 "game at a time.", options))
    if len(explainers) == 1:
        game = explainers[0]
        # another game offered only where its card has the very words of one read here (a shared name)
        mine = {(s.start, s.end) for s in strong[game]}
        shared = [g for g in candidates if g != game and any((s.start, s.end) in mine and _quality([s]) == 3
                                                              for s in strong[g])]
        others = tuple(o for g in shared if (o := _option_in(result_in(g), by_game[g])) is not None)
        note = None
        if others:
            names = ", ".join(dict.fromkeys(s.typed for g in shared for s in strong[g] if (s.start, s.end) in mine))
            note = (f"“{names}” is also a card of {', '.join(by_game[g].title for g in shared)}; read as "
                    f"{by_game[game].title}, whose cards the question names")
        return result_in(game, others, note)
    # the game's own rules words, said by no other of them ("an exhaustion token": Ashes), after its phrases
    named_words = {i for g in explainers for s in spans[g] for i in range(s.start, s.end)}
    vocab = {g: getattr(by_game[g].index, "terms", frozenset()) for g in explainers}
    exclusive = {g: {i for i, w in enumerate(words) if i not in named_words and len(w.base) >= 4
                     and w.norm not in EVERYDAY and w.base not in EVERYDAY and _said_in(w, vocab[g])
                     and not any(_said_in(w, vocab[o]) for o in explainers if o != g)}
                 for g in explainers}
    scores = {g: (_quality(strong[g]), len(hint_words[g]), len(exclusive[g])) for g in explainers}
    best = max(scores.values())
    top = [g for g in explainers if scores[g] == best]
    if len(top) == 1 and (best[1] > 0 or best[2] > 0 or best[0] > min(scores.values())[0]):
        game = top[0]
        others = tuple(o for g in explainers if g != game and (o := _option_in(result_in(g), by_game[g])) is not None)
        said = " ".join(words[i].text for i in sorted(hint_words[game] or exclusive[game]))
        why = f"for “{said}”" if said and (best[1] > 0 or best[2] > 0) else "where it is the card's name"
        note = (f"“{', '.join(s.typed for s in strong[game] or spans[game])}” names a card of "
                f"{' and of '.join(by_game[g].title for g in explainers)}; read as {by_game[game].title} {why}")
        return result_in(game, others, note)
    names = ", ".join(dict.fromkeys(s.typed for g in explainers for s in strong[g] or spans[g]))
    options = tuple(o for g in explainers if (o := _option_in(result_in(g), by_game[g])) is not None)
    return _asked(text, Ask("several-games", f"“{names}” is a card of {_join([by_game[g].title for g in explainers])}"
                                             ": which game is the question about?", options))


# what an identifier names after a name, as the texts print it ("Samuel Hero", "Genesis Evil Character")
_IDENTIFIED = frozenset({"hero", "heroes", "evil", "character", "characters"})


@lru_cache(maxsize=16)
def _identifier_pairs(index: SpanIndex) -> frozenset[str]:
    """The folded words the game's card texts print right before "Hero", "Evil Character" ... ("samuel", "genesis"),
    capitalised there (an identifier: a book, a brigade, a name)."""
    out = set()
    named = getattr(index, "_named", {})
    for card in named.values():
        for m in re.finditer(r"\b([A-Z][\w'’]+) (?:Heroe?s?|Evil Characters?|[Cc]haracters?)\b", card.text or ""):
            out.add(fold(m.group(1)))
    return frozenset(out)


def _identifier(words: tuple[Word, ...], span: CardSpan, pairs: frozenset[str]) -> bool:
    """Whether a one-word name is followed by what the game's texts say of it as an identifier ("I Samuel Hero")."""
    return (span.end - span.start == 1 and span.end < len(words) and words[span.end].norm in _IDENTIFIED
            and words[span.end].capitalised and fold(words[span.start].base) in pairs)


def _game_by_words(games: Sequence[GameCards], words: tuple[Word, ...], hint_words: Mapping[str, set[int]]
                   ) -> str | None:
    """The one game whose own words a card-less question uses most: its phrasebook's hints ("Clean-up", "extra
    turn"), then its rules words no other game's cards say ("trait", "Phoenixborn"); None when no game leads."""
    vocab = {g.game: getattr(g.index, "terms", frozenset()) for g in games}
    exclusive = {g.game: {i for i, w in enumerate(words) if len(w.base) >= 4 and w.norm not in EVERYDAY
                          and w.base not in EVERYDAY and _said_in(w, vocab[g.game])
                          and not any(_said_in(w, vocab[o.game]) for o in games if o.game != g.game)}
                 for g in games}
    scores = {g.game: (len(hint_words[g.game]), len(exclusive[g.game])) for g in games}
    best = max(scores.values(), default=(0, 0))
    top = [g for g, score in scores.items() if score == best]
    return top[0] if len(top) == 1 and best > (0, 0) else None


def _said_in(word: Word, vocabulary: frozenset[str] | set[str]) -> bool:
    """Whether a word of the sentence is one of the folded words, as typed or as a plain form ("changes": change)."""
    base = fold(word.base)
    forms = {base, fold(word.text)}
    for tail in ("es", "s", "ed", "d", "ing"):
        if base.endswith(tail) and len(base) - len(tail) >= 3:
            forms.add(base[: -len(tail)])
    return bool(forms & vocabulary)


def _own_words(cards: Sequence[Card]) -> set[str]:
    """The folded words (3+ letters, and numbers: "Ambush 1") of the names and texts of cards named in the sentence."""
    return {w for c in cards for w in fold(f"{c.name} {c.text}").split() if len(w) >= 3 or w.isdigit()}


def _bare_words_yield(words: tuple[Word, ...], spans: dict[str, list[CardSpan]]) -> None:
    """A bare lower-case word that is only part of a card's name ("wounds" of Lick Wounds) names no card where the
    sentence names a card of that game by its whole name ("... how much damage does Blood Brawl deal?"), unless it
    is a word of that card's name (the card named again: "Royal Galley ... the galley"). Drops those spans, in
    place."""
    for game, found in spans.items():
        whole = [s for s in found if _quality([s]) == 3 and s.card is not None]
        if not whole:
            continue
        again = {w for s in whole for w in fold(s.card.name).split()}  # type: ignore[union-attr]
        spans[game] = [s for s in found if not (
            s.end - s.start == 1 and s.how in ("word", "prefix", "ambiguous") and not words[s.start].capitalised
            and not ({fold(words[s.start].base), fold(words[s.start].text)} & again))]


def _whole_names_win(words: tuple[Word, ...], spans: dict[str, list[CardSpan]],
                     strong: dict[str, list[CardSpan]]) -> None:
    """A whole name of several words in one game beats fragments in others: "Bishop's Cross" (Grand Archive) is not
    Dominion's "Bishop's" and Redemption's "Cross" inside it, and a lower-case word that is only part of another game's
    name ("kills", of "Moses kills Egyptian") names no card beside it. Drops those spans, in place."""
    whole = [(g, s) for g, found in strong.items() for s in found if _quality([s]) == 3 and s.end - s.start > 1]
    if not whole:
        return

    def beaten(game: str, s: CardSpan) -> bool:
        inside = any(g != game and w.start <= s.start and s.end <= w.end and w.end - w.start > s.end - s.start
                     for g, w in whole)
        # a span starting inside another game's whole name and running past it ("Village Raiders came": L5R's
        # Village Raiders, not Redemption's "Raiders came") is a name only where nothing else reads those words
        inside = inside or any(g != game and w.start < s.start < w.end < s.end for g, w in whole)
        fragment = (_quality([s]) == 1 and not any(g == game for g, _ in whole)
                    and not any(words[i].capitalised for i in range(s.start, s.end)))
        # a lower-case word that is only the short form of another game's longer name ("chance": Grand Archive's
        # "Chance, Seven of Spades") beside a whole name of several words ("A Weak Poison") is a word
        short = (s.end - s.start == 1 and s.card is not None and not words[s.start].capitalised
                 and not any(g == game for g, _ in whole)
                 and len(fold(s.card.name).split()) > 1 and fold(s.card.name) != fold(s.typed))
        return inside or fragment or short

    for game in strong:
        strong[game] = [s for s in strong[game] if not beaten(game, s)]
        spans[game] = [s for s in spans[game] if not beaten(game, s)]


def _quality(spans: Sequence[CardSpan]) -> int:
    """How surely the words name cards: a whole name or alias 3, a name with a typo 2, part of a name 1."""
    return min((3 if s.how in ("exact", "alias", "chosen") else 2 if s.how == "fuzzy" else 1 for s in spans),
               default=0)


def _rivals(words: tuple[Word, ...], game: GameCards, spans: list[CardSpan]) -> tuple[list[CardSpan], list[str],
                                                                                        list[tuple[int, Card]]]:
    """Cards sharing the name a span was matched by ("Michael": Michael, and Michael, Chief Prince). The one
    whose text has words the sentence uses is taken and the others offered; when no words decide, the span
    is left ambiguous (asked back)."""
    named = {i for s in spans for i in range(s.start, s.end)}
    said = {fold(w.base) for i, w in enumerate(words) if i not in named and len(w.base) >= 4} - EVERYDAY_RULES
    out, notes, offered = [], [], []
    for n, span in enumerate(spans):
        rivals = game.index.rivals(" ".join(w.base if k == span.end - 1 else w.norm
                                            for k, w in enumerate(words[span.start:span.end], span.start)))
        others = {card_identity(s.card.name) for s in spans if s is not span and s.card is not None}
        if span.card is None:  # an ambiguous name: the card named elsewhere in the sentence ("the galley")
            again = [c for c in span.candidates if card_identity(c.name) in others]
            out.append(replace(span, card=again[0], how="again", candidates=()) if again else span)
            continue
        if len(rivals) > 25:  # "Lost Soul": too many cards share the name for words to pick one
            out.append(replace(span, card=None, how="ambiguous", candidates=tuple(
                game.match(c.name).card or c for c in rivals[:MAX_OPTIONS])))
            continue
        if len(rivals) < 2:
            out.append(span)
            continue
        again = [c for c in rivals if card_identity(c.name) in others]
        if again:  # "Royal Galley ... the galley": the card named again
            found = game.match(again[0].name)
            out.append(replace(span, card=found.card or again[0]))
            continue
        scored = sorted(((len(said & _text_words(c.text)), c) for c in rivals), key=lambda x: -x[0])
        chosen = span.card
        if not (scored[0][0] > 0 and scored[0][0] > scored[1][0]):
            out.append(replace(span, card=None, how="ambiguous", candidates=tuple(
                game.match(c.name).card or c for _, c in scored[:MAX_OPTIONS])))
            continue
        if True:
            best = scored[0][1]
            if card_identity(best.name) != card_identity(span.card.name):
                found = game.match(best.name)
                if found.card is not None:
                    chosen = found.card
                    quoted = sorted(said & _text_words(best.text))
                    notes.append(f"“{span.typed}” names several cards; read as {chosen.name}, whose text has "
                                 f"“{'”, “'.join(quoted[:3])}”")
        out.append(replace(span, card=chosen))
        offered += [(n, c) for _, c in scored if card_identity(c.name) != card_identity(chosen.name)]
    return out, notes, offered


def _stems(text: str) -> set[str]:
    return {w[:5] for w in fold(text).split() if len(w) >= 4}


def _printing_by_words(words: tuple[Word, ...], game: GameCards, spans: list[CardSpan], used: set[int]
                       ) -> tuple[list[CardSpan], list[str], set[int]]:
    """A name typed without its printing whose printings read apart: the printing whose text has words the sentence
    uses more than the default one's ("Priscilla's band with Aquila": her (Ap) printing says "May band with Aquila",
    the default (EC) one does not) is read, said in a note; else the default, as the command answers."""
    named = {i for s in spans for i in range(s.start, s.end)} | used
    # what the sentence says happened to the card itself ("... then Blood of the Lamb got discarded") is the
    # scenario, not words of its text
    named |= {k for s in spans for k in _said_of(words, s.end)}
    said = {fold(w.base)[:5] for i, w in enumerate(words) if i not in named and len(w.base) >= 4
            and w.norm not in EVERYDAY and w.base not in EVERYDAY} - EVERYDAY_RULES
    # everyday words count too when weighing against the default ("negated an evil card" is the default's text):
    # they keep the default only when they favour it; on a tie the rarer word that picked the other printing decides
    every = {fold(w.base)[:5] for i, w in enumerate(words) if i not in named and len(w.base) >= 4
             and w.norm not in FILLER and w.base not in FILLER} - {w[:5] for w in EVERYDAY_RULES}
    if not said:
        return spans, [], set()
    out, notes, deciding = [], [], set()
    for span in spans:
        result = game.match(span.typed) if span.card is not None else None
        if result is None or result.chosen != "default" or result.card != span.card or len(result.printings) < 2:
            out.append(span)
            continue
        texts: dict[str, Card] = {}
        for card in result.printings:
            texts.setdefault(card.text, card)
        scores = sorted(((len(said & _stems(text)), card) for text, card in texts.items()), key=lambda x: -x[0])
        mine = len(said & _stems(span.card.text))
        best, card = scores[0]
        if best <= mine or (len(scores) > 1 and scores[1][0] == best) or card.text == span.card.text or \
                len(every & _stems(card.text)) < len(every & _stems(span.card.text)):
            out.append(span)
            continue
        picked = [i for i, w in enumerate(words) if i not in named and fold(w.base)[:5] in
                  said & _stems(card.text) - _stems(span.card.text)]
        deciding.update(picked)
        quoted = [words[i].text for i in picked]
        out.append(replace(span, card=card, named=card.label))
        notes.append(f"“{'”, “'.join(dict.fromkeys(quoted))}” is in the text of {card.label}, not of the default "
                     f"printing {span.card.label}: read as {card.label}")
    return out, notes, deciding


_SAID_OF = re.compile(r"(?:got|gets|get|was|is|were|are|has|have|had|been|becomes|became|just|then|also|being)$")


def _said_of(words: tuple[Word, ...], end: int) -> set[int]:
    """The word positions of what the sentence says happened to a card named just before `end` ("Blood of the Lamb
    got discarded", "... is destroyed"): its verb after at most three helper words."""
    k = end
    while k < len(words) and k < end + 3 and _SAID_OF.match(words[k].norm):
        k += 1
    if k > end and k < len(words) and re.search(r"(?:ed|en)$", words[k].norm):
        return set(range(end, k + 1))
    return set()


def _named(game: GameCards, card: Card) -> str:
    """'' when the card's name leads back to it; else its label, which does ("Angelic Visitor (TEC)": the name alone is
    the title of printings that read apart, and is asked back)."""
    return "" if game.match(card.name).card == card else card.label


def _text_words(text: str) -> set[str]:
    return {w for w in fold(text).split() if len(w) >= 4}


def _read_in(text: str, words: tuple[Word, ...], game: GameCards, spans: list[CardSpan], name_words: set[int],
             others: Sequence[Option], note: str | None) -> ReadResult:
    """The sentence read with one game's cards and phrases."""
    book = game.phrasebook
    spans, rival_notes, offered = _rivals(words, game, spans)
    strong = [s for s in spans if not s.weak]
    weak = [s for s in spans if s.weak]
    sentence, outcome = _attempt(text, words, game, strong, name_words)
    if weak:  # everyday words are a card only where no phrase of the game read them (and a name of only small
        # words, "you will be well", only where no other card is named)
        free = [s for s in weak if not set(range(s.start, s.end)) & sentence.used
                and not (strong and small_words(words, s.start, s.end))]
        if free:
            strong = strong + free
            sentence, outcome = _attempt(text, words, game, strong, name_words)
    # words no phrase read that only another printing's text says pick that printing ("Priscilla's band")
    chosen, printing_notes, deciding = _printing_by_words(words, game, strong, sentence.used)
    if deciding:
        rival_notes += printing_notes
        name_words = name_words | deciding
        sentence, outcome = _attempt(text, words, game, chosen, name_words)
    plain = " ".join(w.norm for w in words)
    # (a card's own name is no question word: "Coin of the Realm", "Lucky Coin" are not a question about coins)
    named = {i for s in sentence.cards if s.card is not None for i in range(s.start, s.end)}

    starts = [len(" ".join(w.norm for w in words[:i])) + (1 if i else 0) for i in range(len(words))]

    def outside_names(m: re.Match[str]) -> bool:
        covered = {i for i, at in enumerate(starts) if at < m.end() and m.start() < at + len(words[i].norm)}
        return not covered <= named

    for pattern in book.cannot:
        if any(outside_names(m) for m in re.finditer(pattern, plain)) or re.search(pattern, sentence.norm):
            options = (Option(f"Ask {game.command_of(outcome, 'discord') or outcome.command}", outcome),) \
                if isinstance(outcome, Reading) else ()
            return ReadResult(text, game.game, None, Ask(
                "cannot-ask", f"{game.title} questions here are {book.answers}; this question is not one of "
                              "them." + (" The closest one it can answer is below." if options else ""), options),
                tuple(sentence.unused(lambda w: w in book.filler)), tuple(sentence.cards), tuple(sentence.notes))
    ambiguous = [s for s in sentence.cards if s.card is None and s.start in sentence.used]
    if ambiguous and isinstance(outcome, Reading):
        span = ambiguous[0]
        options = []
        for card in span.candidates[:MAX_OPTIONS]:
            chosen = [replace(s, card=card, how="chosen", candidates=(), named=_named(game, card)) if s is span else s
                      for s in sentence.cards]
            _, alt = _attempt(text, words, game, chosen, name_words)
            if isinstance(alt, Reading):
                options.append(Option(_named(game, card) or card.name, replace(alt, game=game.game)))
        outcome = Ask("which-card", f"“{span.typed}” names several {game.title} cards: which one?", tuple(options))
    # a count the read card prints beside the same word is its own number said again ("after drawing 2")
    sentence.read_own_counts([s.card.text for s in sentence.cards if s.card is not None and s.start in sentence.used])
    filler = book.filler
    unused = tuple(sentence.unused(lambda w: w in filler))
    cards = tuple(sentence.cards)
    if isinstance(outcome, Ask):
        return ReadResult(text, game.game, None, outcome, unused, cards, tuple(sentence.notes))
    notes = rival_notes + list(outcome.notes)
    if note:
        notes.insert(0, note)
    alternatives = []
    for n, card in offered[:MAX_OPTIONS]:
        chosen = [replace(s, card=card, how="chosen", named=_named(game, card)) if k == n else s
                  for k, s in enumerate(sentence.cards)]
        _, alt = _attempt(text, words, game, chosen, name_words)
        if isinstance(alt, Reading):
            alternatives.append(Option(_named(game, card) or card.name, replace(alt, game=game.game)))
    reading = replace(outcome, game=game.game, notes=tuple(notes),
                      others=tuple(outcome.others) + tuple(alternatives) + tuple(others),
                      unread=tuple(sentence.unread(lambda w: w in filler)),
                      unread_of_read=tuple(f for f, read in sentence.unread_clauses(lambda w: w in filler) if read))
    read_cards = [s.card for s in sentence.cards if s.card is not None and s.start in sentence.used]
    numbers = frozenset(int(n) for n in re.findall(r"(?<![\w.])(\d+)(?![\w.])", str(dict(reading.inputs))))
    held = [str(v) for v in dict(reading.inputs).values()]
    bearing = sentence.bearing(lambda w: w in filler, [c.text for c in read_cards], numbers,
                               [c.name for c in read_cards], held)
    if bearing:  # words the answer turns on that nothing read: asked back, never answered without them
        return ReadResult(text, game.game, None, _missing_input(game, bearing, read_cards, reading), unused, cards,
                          tuple(notes))
    return ReadResult(text, game.game, reading, None, unused, cards, tuple(notes))


def _missing_input(game: GameCards, bearing: Sequence[str], cards: Sequence[Card], reading: Reading) -> Ask:
    """One plain sentence: what the answer turns on that was not read, the card words that make it so, and how to
    give it (the game's command, which the option below starts from)."""
    said = "”, “".join(bearing)
    because = next(((c, printed) for c in cards for fragment in bearing
                    if (printed := condition_said(c.text, fragment))), None)
    counted = next((c for c in cards if re.search(r"\bX\b", c.text)), None)
    if because is not None:
        turns = f"{_possessive(because[0].name)} “{_short(because[1])}” turns on “{said}”"
    elif counted is not None:
        printed = next(p for p in re.split(r"(?<=[.:])\s+", counted.text) if re.search(r"\bX\b", p))
        turns = f"{_possessive(counted.name)} “{_short(printed)}” turns on “{said}”"
    else:
        turns = f"The answer turns on the count in “{said}”"
    return Ask("missing-input", f"{turns}, which Arbiter cannot read from a sentence yet: run the {game.title} "
                                f"command below with “{said}” added as one of its inputs (its help lists them), "
                                f"or take the answer without it.",
               (Option(f"Without “{said}”", reading),))


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def _attempt(text: str, words: tuple[Word, ...], game: GameCards, spans: list[CardSpan],
             name_words: set[int]) -> tuple[Sentence, Reading | Ask]:
    sentence = Sentence(text, words, list(spans), game.game, used=set(name_words))
    if not sentence.cards and not getattr(game.phrasebook, "without_cards", False):
        return sentence, Ask("no-card", f"Which {game.title} card is it about? No card name was found in the "
                                        "question.")
    outcome = game.phrasebook.read(sentence)
    return sentence, outcome


def _option_in(result: ReadResult, game: GameCards) -> Option | None:
    if result.reading is None:
        return None
    return Option(f"{game.title}: {game.command_of(result.reading, 'discord') or result.reading.command}",
                  result.reading)


def _asked(text: str, ask: Ask) -> ReadResult:
    return ReadResult(text, None, None, ask)


def _hint_words(game: GameCards, words: tuple[Word, ...], plain: str) -> set[int]:
    found: set[int] = set()
    for pattern in game.phrasebook.hints:
        for m in re.finditer(rf"(?<![\w§]){pattern}(?![\w])", plain):
            found.update(_positions(words, plain, m.start(), m.end()))
    return found


def _positions(words: tuple[Word, ...], plain: str, start: int, end: int) -> set[int]:
    """Word positions covered by [start, end) of the words joined by single spaces."""
    out, pos = set(), 0
    for i, w in enumerate(words):
        if pos < end and start < pos + len(w.base):
            out.add(i)
        pos += len(w.base) + 1
    return out


def _join(items: Sequence[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def same_card(a: str, b: str) -> bool:
    """Whether two names are one card (printings aside)."""
    return card_identity(a) == card_identity(b)


def inputs_json(inputs: Mapping[str, Any]) -> dict[str, Any]:
    """Inputs as JSON keeps them: tuples as lists."""
    return {k: [list(v) if isinstance(v, tuple) else v for v in val] if isinstance(val, list | tuple) else val
            for k, val in inputs.items()}
