"""Redemption's question asked in a sentence: `/duration card: played_in: then: turn: players:`.

"does Adino's ability last after the battle ends?" reads as `/duration card:Adino, the Eznite then:battle-ends`.
Each phrase below gives one input of the question (engine/rulesets/redemption/question.py): where the card was
played ("in battle", "in my territory"), what happens next, in the order written ("after the battle ends", "at
the end of the turn", "if it leaves play"), whose turn it was ("on their turn") and how many play.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.names import fold
from engine.rulesets.redemption.halves import part_of_half
from engine.rulesets.redemption.parts import split_parts
from engine.rulesets.redemption.terms import card_types, read_card
from engine.sentence import NUMBER, Ask, CardSpan, Option, Reading, Sentence, number

_OWNER = r"(?:(?:my|his|her|their|your|the|an?|opponents?|my opponents?|each|our) )?"
_PLAYED = r"(?:(?:is |was |gets |get )?(?:played|play|put|placed|used|it s|its|is|was|he s|hes|she s) )?"
ZONES: tuple[tuple[str, str], ...] = (
    ("field-of-battle", rf"(?:in |on |to |into )?{_OWNER}field of battle"),
    ("land-of-bondage", rf"(?:in |into |to )?{_OWNER}(?:land of bondage|lob)"),
    ("artifact-pile", rf"(?:in |on |into |to )?{_OWNER}artifact pile"),
    # a set-aside area is a place; "to set aside my Heroes" is what the card does, never where it was played
    ("set-aside", r"(?:(?:in|into|to) (?:the |my |their |his |her |an? |opponents? |my opponents? )?set aside areas?|"
                  r"(?:is|was|are|were) in (?:the |my |their |his |her )?set aside\b(?! (?:by|for|until)\b))"),
    ("territory", rf"{_PLAYED}(?:in|into|to) {_OWNER}territory"),
    ("battle", rf"{_PLAYED}(?:in|into|during|to) (?:the |a |this )?battle(?! ends| is over| ended| phase ends)"),
    # a character blocking or attacking is in battle ("Sisera is blocking a red Hero")
    ("battle", r"(?:is|was|s|while|when) (?:blocking|attacking)\b"),
)
# "he stops blocking a gold Hero", "then blocks one again": a character's "When blocking ..." condition (D8, terms
# COMBAT_CONDITION) stops or holds again; read only for a card that has such a condition.
COMBAT_EVENTS: tuple[tuple[str, str], ...] = (
    ("condition-false", r"(?:stops?|stopped|quits?|no longer|(?:is|was) not|isn t|wasn t) (?:blocking|attacking)\b"),
    ("condition-true", r"(?:blocks?|attacks?|starts? (?:blocking|attacking)|(?:is|was) (?:blocking|attacking))"
                       r"(?: (?:a|an|the|one|another|him|her|it|them|gold|red|\w+ (?:hero|heroes|character)))*"
                       r" (?:again|once more)\b"),
)
_ENDS = r"(?:ends?|ended|is over|are over|finishes|is done|are done)"
_COUNT = rf"(?P<count>{NUMBER}|a couple of)"
EVENTS: tuple[tuple[str, str], ...] = (
    ("turn-ends", rf"(?:(?:after|when|once|in) {_COUNT} (?:more )?turns?(?: {_ENDS}| pass(?:es)?)?|"
                  rf"{_COUNT.replace('count', 'count2')} turns? (?:{_ENDS}|pass(?:es)?))"),
    # "after the battle phase and the turn are over": the phase, then the turn (never the battle)
    ("phase-ends", rf"(?:(?:after|once|when|past|until) (?:the |this |that )?battle phase(?: {_ENDS})?|"
                   rf"(?:the |this |that )?battle phase {_ENDS}|(?:at |until |after |past )?(?:the )?end of "
                   rf"(?:the |this )?battle phase)"),
    ("battle-ends", rf"(?:(?:after|once|when|past|beyond|outside of|until|till) (?:the |this |a )?battle(?! phase)"
                    rf"(?: {_ENDS})?|(?:the |this )?battle {_ENDS}|(?:at |until |after )?the end of (?:the |this )?"
                    rf"battle(?! phase))"),
    ("phase-ends", rf"(?:(?:the |this |that )?(?:preparation |draw |upkeep |discard )?phase {_ENDS}|"
                   rf"(?:at |until |after |past )?(?:the )?end of (?:the |this )?"
                   rf"phase|(?:the |into the )?next phase|after the phase)"),
    ("round-ends", rf"(?:(?:the |this )?round {_ENDS}|(?:at |until |after )?(?:the )?end of (?:the |this )?round|"
                   rf"(?:the )?next round|after the round)"),
    ("turn-ends", rf"(?:(?:the |this |my |their |his |her )?turn {_ENDS}|"
                  rf"(?:at |until |after |past |by )?(?:the )?end of "
                  rf"(?:the |this |my |their |his |her |your )?turn|(?:until |on |into |by )?"
                  rf"(?:my |the |their |your |his |"
                  rf"her )?next turn(?: {_ENDS})?|after the turn|(?:carry |carries )?over to next turn)"),
    ("leaves-battle", r"(?:(?:leaves|left|leave|leaving) (?:the )?battle|(?:is |gets |was )?(?:removed|withdrawn) "
                      r"from (?:the )?battle|withdraws|retreats|is withdrawn)"),
    ("leaves-territory", rf"(?:leaves|left|leaving) {_OWNER}territory"),
    ("leaves-play", r"(?:(?:leaves|left|leaving) play|(?:is |gets |was |are |get |got |has been |had been )(?:just )?"
                    r"(?:(?:discarded|banished)(?: from "
                    r"(?:the )?(?:battle|play|territory|field of battle))?|removed from play|returned to (?:hand|deck|"
                    r"the deck|their hand|my hand)))"),
    # a Lost Soul rescued leaves the Land of Bondage for the rescuer's Land of Redemption: out of play
    ("leaves-play", r"(?:is |was |gets |got |has been |just got |just was )(?:just )?rescued"),
    ("deactivated", r"(?:is |gets |was |get )?deactivated"),
    ("reset", r"(?:is |gets )?reset(?:s)?(?: to face value)?"),
    # "the next good Enhancement was played", "after it prevented the next card": what a one-use "prevent the
    # next ..." waits for came (the event `triggered`)
    ("triggered", r"(?:the next (?:(?!turn|phase|battle|round)[\w-]+ ){0,4}(?:is|was|gets|got|has been|were|are) "
                  r"(?:just )?(?:played|prevented|negated|interrupted|used)|(?:prevented|negated|interrupted|stopped) "
                  r"(?:the|that) next)"),
)
# "after the Hero set aside by Gathering of Angels returns": the cards set aside "for N turns" came back
RETURNS = r"(?:returns?|returned|comes? back|came back|is back|are back|come back)"
TURNS: tuple[tuple[str, str], ...] = (
    ("theirs", r"(?:on|during|in) (?:my |an |the |another )?(?:opponents?|other players?|opponent s)(?: s)? turn|"
               r"(?:on|during|in) (?:their|his|her) turn|(?:played |is played )?on opponents turn"),
    ("mine", r"(?:on|during|in) my (?:own )?turn(?! ends)"),
)
# The books of the Bible, as card texts name them in identifiers ("an I Samuel Hero", "a Gospel Hero")
BOOKS = (r"genesis|exodus|leviticus|numbers|deuteronomy|joshua|judges|ruth|samuel|kings|chronicles|ezra|nehemiah|"
         r"esther|job|psalms?|proverbs|ecclesiastes|song of solomon|isaiah|jeremiah|lamentations|ezekiel|daniel|"
         r"hosea|joel|amos|obadiah|jonah|micah|nahum|habakkuk|zephaniah|haggai|zechariah|malachi|matthew|mark|luke|"
         r"john|acts|romans|corinthians|galatians|ephesians|philippians|colossians|thessalonians|timothy|titus|"
         r"philemon|hebrews|james|peter|jude|revelation|gospel")
PLAYERS = rf"(?:in a |with |a )?(?P<n>{NUMBER})[ -]?(?:players?|person|people|player game)(?: game)?|" \
          rf"(?P<m>{NUMBER}) players"


class RedemptionPhrases:
    """How `/duration` is asked in a sentence."""

    names = (r"redemption(?: ccg)?", r"rccg")
    hints = (r"(?:my |their |his |the )?territory", r"land of bondage", r"lost souls?", r"heroes", r"hero",
             r"evil characters?", r"enhancements?", r"brigades?", r"rescue", r"artifact pile", r"field of battle",
             r"dominants?", r"fortress", r"curse",
             # "my lone I Samuel Hero": a Bible book naming a kind of card (an identifier), not the card Samuel
             rf"(?:{BOOKS}) (?:heroes|hero|evil characters?|characters?|cards?|enhancements?|humans?|warriors?|"
             r"females?|males?|kings?|priests?|prophets?)")
    answers = "about how long a card's special ability lasts (the duration question)"
    # whether a card can block is no duration question; a block that happened ("Goliath blocked and negated ...",
    # "while blocking on my opponent's turn") is the scene of one
    cannot = (r"\b(?:can|could|may|cannot|cant) (?:\w+ ){0,4}block\b|\bwho (?:can )?blocks?\b",
              r"\bblock(?:s)? (?:a|an|the|my|his|her|their) \w+ with\b",
              r"\blegal\b", r"\bbanned\b", r"\btype (?:1|2|one|two)\b", r"\bbrigade is\b",
              r"\bwhat brigade\b", r"\bhow much\b", r"\bworth\b", r"\bany good\b", r"\bdeck ?build", r"\brarity\b",
              r"\bwho wins\b", r"\bhow many (?:lost souls|cards)\b")
    filler = frozenset({"last", "lasts", "lasting", "long", "ability", "abilities", "special", "effect", "effects",
                        "stop", "stops", "active", "keep", "keeps", "end", "ends", "over", "apply", "applies",
                        "expire", "expires", "persist", "persists", "go", "away", "carry", "stay", "stays", "card",
                        "cards", "duration", "still", "play", "played", "leave", "leaves", "happens", "mean",
                        "come", "back", "they", "what", "until", "time", "times", "game"})

    def read(self, sentence: Sentence) -> Reading | Ask:
        named = _distinct(sentence)
        if len(named) > 1:  # "my Evil Character", "protect Lost Souls": the game's own words, not a card asked about
            words = [n for n in named if self._game_words(sentence, n)]
            if words and len(words) < len(named):
                for n in words:
                    span = sentence.cards[n]
                    sentence.note(f"“{span.typed}” is read as the game's word, not the card {span.name}")
                    if span.card is None and span.candidates:
                        sentence.cards[n] = replace(span, card=span.candidates[0], how="chosen", candidates=())
                    for m in sentence.mentions(n):
                        sentence.use_card(m)
                named = [n for n in named if n not in words]
        subject = _subject(sentence, named) if len(named) > 1 else None
        if subject is not None:
            asked = sentence.cards[subject]
            said = [sentence.cards[k].typed for k in named if k != subject]
            others = tuple(Option(sentence.cards[k].name, self._one(sentence, k, fresh=True)) for k in named
                           if k != subject)
            named_by = _names_others(sentence, subject, named)
            sentence.note(f"“{'”, “'.join(said)}” is read as "
                          + (f"what {asked.name}'s ability names" if named_by else
                             f"part of the scene of {asked.name}'s ability (the sentence asks about its ability)")
                          + ", not as a card asked about")
            reading = self._one(sentence, subject)
            text = _text_of(asked)
            for k in named:
                for m in sentence.mentions(k):
                    span = sentence.cards[m]
                    if span.card is None and span.candidates:  # "Judah": which Judah does not matter here
                        which = next((c for c in span.candidates if f" {fold(c.name)} " in text), span.candidates[0])
                        sentence.cards[m] = replace(span, card=which, how="chosen", candidates=())
                    sentence.use_card(m)
            return replace(reading, notes=tuple(sentence.notes), others=others)
        if len(named) > 1:
            options = tuple(Option(sentence.cards[n].name, self._one(sentence, n, fresh=True)) for n in named)
            return Ask("several-cards", "That names several cards; the duration question judges one card at a "
                                        "time: which one?", options)
        return self._one(sentence, named[0])

    def _game_words(self, sentence: Sentence, n: int) -> bool:
        """Whether a card's words, with the words after them, are one of the game's own phrases ("Evil" of "Evil
        Character", "Lost Souls", "Heroes")."""
        span = sentence.cards[n]
        rest = " ".join(w.norm for w in sentence.words[span.start:])
        typed = " ".join(w.norm for w in sentence.words[span.start:span.end])
        return any((m := re.match(rf"(?:{pattern})\b", rest)) is not None and m.end() >= len(typed)
                   for pattern in self.hints if "territory" not in pattern)

    def _one(self, sentence: Sentence, n: int, fresh: bool = False) -> Reading:
        if fresh:
            sentence = sentence.copy()
        card = sentence.cards[n]
        for k in sentence.mentions(n):  # the card, and every mention of it again
            sentence.use_card(k)
        inputs: dict[str, Any] = {"card": card.name}
        for turn, pattern in TURNS:
            if sentence.take(pattern):
                inputs["turn"] = turn
                break
        m = sentence.take_first(PLAYERS)
        if m:
            count = number(m.group("n") or m.group("m") or "")
            if count is not None:
                inputs["players"] = str(count)
        moved: list[tuple[float, str, int]] = []
        for zone, pattern in ZONES:
            m = next(sentence.find(pattern), None)
            if m is None:
                continue
            other = _zone_of_another(sentence, m, n)
            if other is not None:  # "the protected Evil Character enters the Field of Battle": not this card
                sentence.use(m)
                moved.extend(_location_limit(sentence, m, other, card.card, zone))
                continue
            sentence.use(m)
            inputs["played_in"] = zone
            break
        # "My Thorns and Thistles is an active artifact": a Curse or Covenant played to the Artifact Pile
        if "played_in" not in inputs and card.card is not None and _artifact_pile(card.card) and \
                sentence.take_first(AS_ARTIFACT):
            inputs["played_in"] = "artifact-pile"
        half = _half_named(card) if card.card is not None else None
        if half is not None:  # "Extortion": the EE part of "Restitution / Extortion"
            inputs["part"] = half
        elif card.card is not None and (said_part := _part_said(sentence, card.card)):
            inputs["part"] = said_part  # "its EE part", "the GE side"
        if card.card is not None:
            _used_by_said(sentence, card.card, inputs.get("part"))
        found: list[tuple[int, str, int]] = []
        for event, pattern in EVENTS:
            for m in sentence.take(pattern):
                times = 1
                said = (m.groupdict() or {}).get("count") or (m.groupdict() or {}).get("count2")
                if said:
                    times = min(number(said) or 2, 6)
                found.append((sentence.position(m), event, times))
        if card.card is not None and _combat_condition(card.card):
            for event, pattern in COMBAT_EVENTS:
                found.extend((sentence.position(m), event, 1) for m in sentence.take(pattern))
        if card.card is not None:
            found.extend(_instead_events(sentence, card.card))
            found.extend(_state_events(sentence, card.card))
            found.extend(_alone_events(sentence, card.card))
        found.extend(_done_to_it(sentence, n))
        if moved:
            found.extend(moved)
            # the battle ending takes the characters out of the Field of Battle: a limit "when they are not in
            # the Field of Battle" holds again for those still in play (said as assumed)
            back = [(at, e, t) for at, e, t in found if e in {"battle-ends", "phase-ends"} and at > moved[0][0]]
            if back:
                found.append((back[0][0] + 0.5, "condition-true", 1))
                sentence.note("the battle ending is read as the character coming back out of the Field of Battle "
                              "(assumed it is still in play): the location limit holds again")
        back = _set_aside_turns(card.card) if card.card is not None else None
        if back is not None:
            for m in sentence.take(RETURNS):
                sentence.take(r"(?:[a-z]+ ){0,2}?set aside(?: by)?")  # "the Hero set aside by": what came back
                found.append((sentence.position(m), "turn-ends", back))
                found.append((sentence.position(m) + 0.5, "phase-ends", 2))
                sentence.note(f"“{sentence.typed(m)}” is read as the set-aside cards coming back: {back} turns end, "
                              "then your draw and upkeep phases (they return in your preparation phase)")
                break
        events = [e for _, e, t in sorted(found) for _ in range(t)]
        if events:
            inputs["then"] = events
        return sentence.reading("duration", inputs)

    def slash_inputs(self, command: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(inputs)
        if out.get("then"):
            out["then"] = " ".join(out["then"])
        return out


# a card moving into a zone by itself ("enters the Field of Battle"), and the words naming a character
_MOVES = re.compile(r"(?:enters?|entered|entering|moves?|moved|moving|goes|go|went|comes?|came|steps?|stepped|"
                    r"is sent|was sent|sent|brought|walks?)$")
_CHARACTER = re.compile(r"(?:heroe?s?|characters?|souls?|demons?|giants?|blockers?|attackers?|ones?|warriors?)$")
_OF = frozenset({"by", "of", "from", "with", "under", "in", "at", "on"})


def _zone_of_another(sentence: Sentence, m: re.Match[str], n: int) -> str | None:
    """The words naming another card when a zone phrase is said of it, not of card n ("One of the Evil Characters
    protected by Kingdoms of the World enters the Field of Battle": a character moves; the Fortress was never
    played there): the zone phrase follows a verb of moving whose subject is a character other than card n (card n
    named only after "by", "of", "in" ...). None when the phrase may be said of card n."""
    at = sentence.position(m)
    verb = at - 1
    while verb >= 0 and sentence.words[verb].norm in {"into", "to", "in", "the", "a", "back"}:
        verb -= 1
    if verb < 0 or not _MOVES.match(sentence.words[verb].norm):
        return None
    start = verb
    while start > 0 and not re.search(r"[.?!;]", sentence.text[sentence.words[start - 1].end:
                                                                sentence.words[start].start]):
        start -= 1
    mine = [sentence.cards[k] for k in sentence.mentions(n) if start <= sentence.cards[k].start < verb]
    inside = {i for span in sentence.cards for i in range(span.start, span.end)}
    nouns = [i for i in range(start, verb) if i not in inside and _CHARACTER.match(sentence.words[i].norm)]
    def after_of(span: CardSpan) -> bool:  # "protected by (the|my) Kingdoms of the World"
        k = span.start - 1
        while k > start and sentence.words[k].norm in _BEFORE:
            k -= 1
        return k >= start and sentence.words[k].norm in _OF

    if not nouns or not all(after_of(span) for span in mine):
        return None
    return sentence.text[sentence.words[start].start:sentence.words[verb - 1].end]


def _location_limit(sentence: Sentence, m: re.Match[str], other: str, card: Any, zone: str
                    ) -> list[tuple[float, str, int]]:
    """The zone phrase said of another card, noted; where card's kept-up condition is a limit "when they are not in
    the Field of Battle" (Kingdoms of the World, Goshen), that card entering the zone switches it off."""
    sentence.note(f"“{sentence.typed(m)}” is said of {other}, not where {card.name if card else 'the card'} was "
                  "played")
    if card is None or zone not in {"field-of-battle", "battle"}:
        return []
    limit = [t for r in read_card(card) for t in r.terms
             if t.rule == "D8" and re.search(r"\bnot in (?:the field of )?battle\b", t.text, re.I)]
    return [(sentence.position(m), "condition-false", 1)] if limit else []


# a card said to be an artifact ("is an active artifact", "played as an Artifact"), and "active artifact" alone
AS_ARTIFACT = (r"(?:(?:is|was|as|s|it s|its|played as|used as|in play as|put out as)(?: an?| my| the)? (?:active )?"
               r"artifact\b|\bactive artifact\b)(?! pile)")


def _artifact_pile(card: Any) -> bool:
    """Whether the card can be played to the Artifact Pile: an Artifact, a Curse or a Covenant (either may be used
    as an Artifact), or a card with an Artifact part."""
    return bool({"artifact", "curse", "covenant"} & set(card_types(card))) or \
        any(p.label == "ART" for p in split_parts(card.text))


def _half_named(span: CardSpan) -> str | None:
    """The part of a two-sided card that the sentence named by its half of the name ("Extortion" of "Restitution /
    Extortion": its EE part, the second of its two parts); None when the name typed is the whole name, fits both
    halves, or the card has not exactly two sides (a STAR part is no side; TOP/BOTTOM are one Hero and its meek
    side)."""
    return part_of_half(span.card, span.typed)


def _part_said(sentence: Sentence, card: Any) -> str | None:
    """The part a sentence names on a card of several parts: "its EE part", "the GE side", "EC" alone (the labels
    no other word spells)."""
    parts = split_parts(card.text)
    if len(parts) < 2:
        return None
    for part in parts:
        for name in sorted(part.names(), key=len, reverse=True):
            bare = {"ge", "ee", "ec", "star", "curse", "fortress", "artifact", "site"}
            pattern = rf"\b(?:the |its |his |her |their )?{re.escape(fold(name))}" + \
                      (r"(?: part| side| half| ability)?\b" if name in bare else r" (?:part|side|half)\b")
            if sentence.take_first(pattern):
                return part.printed.strip("()") or part.label or None
    return None


def _used_by_said(sentence: Sentence, card: Any, part: str | None) -> None:
    """"play it on a thief" where the part judged says "If used by a thief": the sentence says the condition the
    ability is checked with held as it was played, which the answer takes it to (the card is judged as used)."""
    parts = split_parts(card.text)
    texts = [p.text for p in parts if part is None or part in {p.label, p.printed.strip("()")}] or [card.text]
    for text in texts:
        for m in re.finditer(r"\bif used by (?:an? |your |a |the )?(?P<who>(?:[\w-]+ ){0,2}?[\w-]+?)(?:s)?\b(?=[,.:;]| "
                             r"(?:to|cannot|may|you|and|or)\b)", text, re.I):
            who = fold(m.group("who"))
            found = sentence.take_first(rf"\b(?:(?:on|by|to|with|used by|played on) )(?:an? |my |his |her |their "
                                        rf"|the )?{re.escape(who)}s?\b")
            if found:
                sentence.note(f"“{sentence.typed(found)}” is read as the card's “if used by” condition holding "
                              "as it was played (the answer judges the ability as used)")
                return


# "My opponent discarded my Bethlehem Stable": the card is what was discarded (active voice), so it left play
_DONE_TO = re.compile(r"(?:discarded|discards|banished|banishes|destroyed|destroys|removed|removes|shuffled|"
                      r"returned|bounced|rescued|rescues)$")
_BEFORE = frozenset({"my", "his", "her", "their", "the", "your", "our", "opponents", "opponent", "s"})


def _done_to_it(sentence: Sentence, n: int) -> list[tuple[float, str, int]]:
    """leaves-play where a mention of the card follows "discarded" / "banished" / "rescued" ... (its owner's words
    between): the card is what was discarded."""
    out: list[tuple[float, str, int]] = []
    for k in sentence.mentions(n):
        at = sentence.cards[k].start - 1
        while at >= 0 and sentence.words[at].norm in _BEFORE:
            at -= 1
        if at >= 0 and _DONE_TO.match(sentence.words[at].norm) and at not in sentence.used:
            sentence.used.add(at)
            out.append((at, "leaves-play", 1))
    return out


# "while I am blocking", "as I rescue": a condition of the card kept up (D8) on rescuing, blocking or attacking
_ACTING = r"(?:rescu\w*|block\w*|attack\w*)"


def _state_events(sentence: Sentence, card: Any) -> list[tuple[float, str, int]]:
    """condition-true / condition-false for a condition of the card the sentence says holds ("while I am
    blocking") or not ("when I stop blocking"), for a card whose kept-up condition is about rescuing, blocking or
    attacking (The Fall of Man: "While you are rescuing or blocking"); "When blocking ..." characters are read by
    COMBAT_EVENTS."""
    kept = [t for r in read_card(card) for t in r.terms
            if t.rule == "D8" and not t.combat and re.search(rf"\b{_ACTING}", t.text, re.I)]
    if not kept or _combat_condition(card):
        return []
    out: list[tuple[float, str, int]] = []
    for m in sentence.take(rf"\b(?:stops?|stopped|no longer|(?:am|is|are|was|were) not|isn t|aren t|wasn t|m not)"
                           rf"(?: (?:i|you|he|she|they|we))? {_ACTING}"):
        out.append((sentence.position(m), "condition-false", 1))
    for m in sentence.take(rf"\b(?:while|when|as|whilst)(?: (?:i|you|he|she|they|we|it))?(?: (?:am|m|are|re|is|s|"
                           rf"was|were))? {_ACTING}\b|\b(?:i m|i am|you re|you are|we re|they re) {_ACTING}\b"):
        out.append((sentence.position(m), "condition-true", 1))
    return out


# "another Hero bands in", "he is no longer alone" / "he is alone again": a "While alone" condition (D8) said in a
# sentence (Jeremiah, the Weeper; Cyrus, the Great; ...): a character banding in ends being alone
_NOT_ALONE = (r"\b(?:(?:another|a second|an other|a|his|her|their|my) (?:[\w-]+ ){0,3}?)?(?:bands?|banded|joins?|"
              r"joined|is added|was added|gets added)"
              r"(?: (?:in|into|with|to)(?: (?:him|her|them|it|the battle|battle))?)?\b|"
              r"\b(?:no longer|not|n t|stops? being|stopped being) alone\b")
_ALONE = r"\b(?:(?:is|was|s|are|were|stands?|stood|fights?|goes|went|left|remains?|stays?|back to being) )?alone" \
         r"(?: again)?\b"


def _alone_events(sentence: Sentence, card: Any) -> list[tuple[float, str, int]]:
    """condition-false / condition-true for a card whose kept-up condition is "While alone", as the sentence says a
    character banded in (no longer alone) or is alone (again); a card with several conditions names this one."""
    conditions = [t for r in read_card(card) for t in r.terms if t.rule == "D8"]
    if not any(re.fullmatch(r"while alone", t.text.strip(), re.I) for t in conditions):
        return []
    name = "" if len(conditions) == 1 else ":alone"
    out = [(sentence.position(m), f"condition-false{name}", 1) for m in sentence.take(_NOT_ALONE)]
    out += [(sentence.position(m), f"condition-true{name}", 1) for m in sentence.take(_ALONE)]
    return out


# "If this character blocked from hand, ... instead": how that condition went, said in a sentence ("The Maltese Viper
# blocked from hand", "it blocked normally, not from hand")
_NOT = r"(?:not|n t|never|didn t|did not|wasn t|was not|without)"


def _instead_events(sentence: Sentence, card: Any) -> list[tuple[float, str, int]]:
    """condition-true / condition-false for an "If ..., ... instead" condition the sentence says held or not."""
    out: list[tuple[float, str, int]] = []
    for reading in read_card(card):
        if not reading.instead_if:
            continue
        words = fold(reading.instead_if).split()
        words = words[1:]  # "if" / "unless"
        while words and words[0] in {"this", "that", "character", "card", "it", "he", "she", "is", "was"}:
            words = words[1:]
        if not words:
            continue
        verb = re.sub(r"(?:ed|s|ing)$", "", words[0])
        said = rf"{verb}\w*" + "".join(rf" (?:my |his |her |their |the )?{re.escape(w)}" for w in words[1:]
                                       if w not in {"my", "his", "her", "their", "the"})
        negative = "condition-true" if reading.instead_if.casefold().startswith("unless") else "condition-false"
        positive = "condition-false" if negative == "condition-true" else "condition-true"
        for m in sentence.take(rf"\b{_NOT} (?:\w+ ){{0,2}}?{said}\b|\b{verb}\w* normally\b|\b{verb}\w* "
                               rf"(?:\w+ ){{0,2}}?{_NOT} {' '.join(words[1:])}\b"):
            out.append((sentence.position(m) - 0.5, negative, 1))
        for m in sentence.take(rf"\b{said}\b"):
            out.append((sentence.position(m) - 0.5, positive, 1))
            # "blocked from hand and poisoned my hero": what the "instead" branch did, said with it
            action = re.split(r"\binstead\b", reading.instead, maxsplit=1, flags=re.I)[0]
            action = re.split(r"[,:]", action, maxsplit=1)[1] if re.search(r"[,:]", action) else action
            stems = {w[:-2] for w in fold(action).split() if len(w) > 5}
            if stems:
                verbs = "|".join(sorted(map(re.escape, stems)))
                sentence.take(rf"\b(?:and )?(?:{verbs})\w*(?: and (?:{verbs})\w*)?(?: (?:my|a|the|his|her|their|your)"
                              rf" \w+)?")
    return out


def _set_aside_turns(card: Any) -> int | None:
    """N of a card's "set ... aside for N turns" (the turns its set-aside cards stay out), else None."""
    m = re.search(rf"\bset\b[^.]*?\baside for (?P<n>{NUMBER}) turns?\b", card.text, re.I)
    count = number(m.group("n")) if m else None
    return count if count is not None and 0 < count <= 6 else None


def _combat_condition(card: Any) -> bool:
    """Whether the card has a "When blocking ..." (or attacking) condition kept up (terms COMBAT_CONDITION)."""
    return any(t.combat for reading in read_card(card) for t in reading.terms)


def _said(span: CardSpan) -> str:
    """A card's name as the sentence typed it, without a possessive or a set ("Priscilla's" -> "priscilla")."""
    return fold(re.sub(r"(?:'s|’s|s'|s’)$", "", span.typed.strip()))


def _subject(sentence: Sentence, named: list[int]) -> int | None:
    """The card asked about when the others are only what its ability names ("Priscilla's band with Aquila": her
    text says "May band with Aquila"; "does Benjamin still protect Lost Souls": his says "Protect Lost Souls"): the
    one whose text names every other card as typed; of several, the one written with a possessive, else none."""
    fits = [n for n in named if _names_others(sentence, n, named)]
    if len(fits) == 1:
        return fits[0]
    # of several whose texts name the others, or when the printing read names none (another printing may), the one
    # the sentence writes as the owner ("Azariah the High Priest's ability with Storehouse")
    owned = [n for n in fits or named if re.search(r"(?:'s|’s|s'|s’)$", sentence.cards[n].typed.strip())]
    return owned[0] if len(owned) == 1 else None


def _names_others(sentence: Sentence, n: int, named: list[int]) -> bool:
    """Whether card n's text names every other card named, as typed ("Lost Souls" also as "Lost Soul")."""
    text = _text_of(sentence.cards[n])
    return all(f" {_said(sentence.cards[k])} " in text or f" {_said(sentence.cards[k]).rstrip('s')} " in text
               for k in named if k != n)


def _text_of(span: CardSpan) -> str:
    cards = [span.card] if span.card is not None else list(span.candidates)
    return " " + " ".join(fold(c.text) for c in cards) + " "


def _distinct(sentence: Sentence) -> list[int]:
    """One card number per card named (a second mention of the same card is the same card)."""
    return sentence.distinct()


PHRASEBOOK = RedemptionPhrases()
