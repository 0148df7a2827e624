"""Dominion's question asked in a sentence: `/dominion ruling chain: on: skip_next_turn:`.

"if I Throne Room a Wharf, when does the Throne Room leave play?" reads as `/dominion ruling chain: Throne Room >
Wharf`. A card that plays another ("X on Y", "X a Y", "X playing Y", "BoM as a Fishing Village") makes a chain
"X > Y"; cards named side by side ("Voyage and Lich") are separate plays, unless the first plays cards, when "and"
reads two ways and is asked back. A card named again is the same card ("...when does the Throne Room leave").
"on my opponent's turn" is `on: opponent-turn`; "during an extra turn" the chain "extra-turn"; "my next turn is
skipped" `skip_next_turn`; "if I discarded nothing" the choice of a card whose text discards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.cards import Card
from engine.sentence import Ask, Option, Reading, Sentence

# "X on Y", "X a Y", "X playing Y", "X as a Y", "X > Y", "X, Y" when X plays cards
LINK = (r"§(\d+) (?:(?:on|onto|into|with|using|uses|>|to play|plays|playing|played|play|that plays|which plays|"
        r"as|becoming|copying|on top of)(?: (?:a|an|the|my|another))? |(?:a|an|my|the) )?§(\d+)")
SIDE = r"§(\d+) (?:and|then|&|\+|and then|then a|and a|and an|and the|with a) §(\d+)"
OPPONENT = (r"(?:on|during|in) (?:my |an |the |another )?(?:opponents?|other players?|someone elses?)(?: s)? turns?|"
            r"(?:on|during) (?:their|his|her) turn|(?:on|during) opponents turn")
MINE = r"(?:on|during) my (?:own )?turn(?! is skipped)"
EXTRA = (r"(?:during|on|in|for|taking) (?:an|the|my|this) extra turn(?: (?:from|given by|by|of|via) (?:an? |my |the )?"
         r"§(\d+))?|(?:this|it) is an extra turn|"
         r"(?:(?:during|on|in|for|taking) (?:my |the |an? )?)?§(\d+) (?:s )?extra turn")
# "during my extra turn from Voyage I play another Voyage": a card named again as "another"/"a second" is a new play
AGAIN = r"(?:another|a second|a 2nd|one more|a new|a different) (?=§(\d+))"
SKIP = r"(?:my |the )?next turn (?:is |gets |was )?skipped|skip(?:s|ping)? (?:my |the )?next turn"
DISCARD_NOTHING = (r"(?:if |when )?(?:i |you )?(?:discard(?:ed|s)?|had) (?:nothing|no cards?|zero cards?)(?: in hand)?|"
                   r"(?:without|didn t) discard(?:ing)? (?:anything|any cards?)|"
                   # the same said of the hand ("with an empty hand so it discarded nothing": Tactician's "If you
                   # have at least one card in hand, discard your hand")
                   r"(?:with |having |had |have )?(?:an |my )?empty hand|(?:my )?hand (?:is|was) empty|"
                   r"(?:with |having |had |have )?no cards? (?:left )?in (?:my )?hand")
# "my opponent plays a Militia", "when another player attacks": the turn is theirs, and their card is not a play of
# yours (the question is then about your Reaction: Horse Traders set aside, Moat revealed)
THEIR_PLAY = (r"(?:my |an |the |another )?(?:opponents?|other players?|someone)(?: s)? (?:plays?|played|playing|"
              r"attacks? (?:me )?with|attacked (?:me )?with|uses?|used) (?:a |an |the |his |her |their )?§(\d+)")
THEIR_ATTACK = (r"(?:when|after|as|if|while) (?:my |an |the |another )?(?:opponents?|other players?)(?: s)? "
                r"(?:attacks?|attacked|plays? an attack(?: card)?|played an attack(?: card)?)")
REACTED = r"(?:set(?:s|ting)? aside|reveal(?:s|ed|ing)?|discard(?:s|ed|ing)?) (?:my |a |an |the )?(?=§\d+)"
# "my opponent's Torturer": a card of another player, not a play of yours (their turn)
THEIR_CARD = r"\b(?:my |the |an )?(?:opponents|(?:an)?other players|someone elses) §(\d+)"
# "gained a Duchy with it", "bought a Province": a card gained is not a card played (unless it plays cards itself:
# Farmhands, gained, plays one); and a card said to move itself ("trash it", "returned it to its pile") did so
# What else happened to a card that is no play of it: "named Gold", "revealed a Copper", "set aside a Gold from my
# hand", "discarded X from my hand", "received The Field's Gift". Such a card is not in the chain of plays either.
GAINED = r"(gain(?:ed|s|ing)?|bought|buy(?:s|ing)?) (?:a |an |the |another |one )?§(\d+)"
# "Sculptor gains a Caravan to my hand and I play it", "gain a Gold to my hand and play it": the card gained to hand
# and then played is a play of its own (from the hand), not a card only gained
GAINED_THEN_PLAYED = (r"(?:gain(?:ed|s|ing)?|took|takes|put(?:s)?|draw(?:s)?|drew) (?:a |an |the |another |one )?"
                      r"§(\d+)(?: (?:to|into|in) (?:my |your |his |her )?hand)?,? (?:and |then |and then |so )?"
                      r"(?:i |we |you )?(?:then )?(?:play(?:s|ed)?|use(?:s|d)?) (?:it|that|that card|§\1)\b")
# "the Mouse card is Fishing Village", "Way of the Mouse's card is X", "with Fishing Village set aside for Way of the
# Mouse": the card Way of the Mouse plays (set aside at setup, left there), played by the card used as the Way
MOUSE_CARD = (r"(?:the |my )?(?:way of the )?mouse(?: s)? (?:card|set aside card|set aside) (?:is|was|being) "
              r"(?:a |an |the |my )?§(?P<a>\d+)|"
              r"§(?P<w>\d+)(?: s)? (?:card|set aside card) (?:is|was|being) (?:a |an |the |my )?§(?P<b>\d+)|"
              r"§(?P<c>\d+) (?:is |was )?set aside (?:for|by|with|under) (?:the |my )?§(?P<w2>\d+)")
NOT_PLAYED = (r"(name(?:d|s)?|naming|reveal(?:ed|s|ing)?|gain(?:ed|s|ing)?|bought|buy(?:s|ing)?|receiv(?:e|ed|es|ing)|"
              r"dr[ae]w(?:s|n)?|set(?:s|ting)? aside|discard(?:ed|s|ing)?|trash(?:ed|es|ing)?|exiled?|topdeck(?:ed)?) "
              r"(?:a |an |the |another |my |his |her |their |one |two |three )?"
              r"§(\d+)(?: (?:face (?:up|down) )?(?:from|in|into|on|onto) (?:my |his |her |their |the )?"
              r"(?:hand|deck|discard pile|trash|mat)(?: face (?:up|down))?)?")
# Kinds that are never played (asked about as bought or received, they are the question's card)
NEVER_PLAYED = {"Event", "Project", "Landmark", "Boon", "Hex", "State", "Way", "Trait", "Ally", "Prophecy",
                "Artifact"}
MOVED = (r"(?:trash(?:ed|es|ing)?|return(?:ed|s|ing)?|exile(?:d|s)?|set(?:s|ting)? aside|put(?:s|ting)?) "
         r"(?:it|itself|this|§(\d+))"
         # where it went, when said: "put it on my Tavern mat", "returned it to the Spoils pile" (§n: the pile's card)
         r"(?: (?:back )?(?:on|onto|in|into|to) (?:my |the |its |your )?(?:§\d+ |[a-z]+ )?(?:mat|pile|supply))?")
# "My Ghost set aside Witch's Hut", "set aside Storeroom with Royal Galley", "Spices is Patient": a card that sets
# another aside to play it later (Ghost, Royal Galley, Contract, Delay, Summon, Farmhands, Patient, Hasty...) played
# the card it set aside; the sentence says which card set aside which, so it is no "X and Y" read two ways
_ART = r"(?:a |an |the |my |his |her )?"
_TIMES = r"(?:twice|three times|thrice|2 times|3 times)"
SET_ASIDE_BY = (rf"§(?P<a>\d+) (?:(?:that|which|who|to|and|then|and it|it|and then it|which then|that then) )?"
                rf"(?:set|sets|setting|had set|has set) aside "
                rf"{_ART}§(?P<b>\d+)|"
                rf"§(?P<a2>\d+) (?:that |which |who )?(?:set|sets|had set|has set) {_ART}§(?P<b2>\d+) aside|"
                rf"set(?:s)? aside {_ART}§(?P<b3>\d+) (?:with|using|via|by|for|from|on|through) {_ART}§(?P<a3>\d+)|"
                rf"§(?P<b4>\d+) (?:is|was|got|gets|being) set aside (?:by|with|from|for|on) {_ART}§(?P<a4>\d+)")
SET_ASIDE_WITH_IT = rf"set(?:s)? aside {_ART}§(\d+) (?:with|using|via|by|for|on) (?:it|this|that)\b"
# "Spices is Patient", "my Throne Room has Hasty": the Trait sets its card aside and plays it later
TRAIT_OF = (r"§(?P<b>\d+) (?:is|was|being|became|has|had|with) (?:the |a )?§(?P<a>\d+)(?: trait)?|"
            r"§(?P<a2>\d+) (?:is|was) on (?:my |the |a )?§(?P<b2>\d+)")
# what such a card does, said again in the sentence: "I set it aside at the start of Clean-up to play it at the start
# of my next turn" (read with the card that does it; without one these words are not read)
LATER = r"(?:at )?the start of (?:my |your |the )?(?:next turn|clean ?up(?: phase)?|following turn)"
_PLAY_IT = rf"(?:and |then )?(?:i |it |to )?play(?:s|ed)?(?: (?:it|them))?(?: {_TIMES})?"
RESTATED = (rf"(?:i )?set(?:s)? (?:it|them|§\d+) aside(?: {LATER})?|"
            rf"(?:i )?set(?:s)? aside (?:it|them|§\d+)(?: {LATER})?|"
            rf"(?:{_PLAY_IT} )?{LATER}(?: (?:and |then )?(?:i |it )?play(?:s|ed)? (?:it|them)(?: {_TIMES})?"
            rf"(?! (?:on|onto|with|using)\b))?|"
            rf"(?:to|and) play (?:it|them)(?: {_TIMES})?|(?:to|and) (?=play (?:it|them) (?:on|onto)\b)")
# "I play it on a Caravan": "it" is the card that plays cards named last before it
IT_ON = (r"(?:play(?:s|ed)? (?:it|them) (?:on|onto)|"
         # "I play Royal Galley and use it to play Treasurer": the same, said with "use it"
         r"(?:use(?:s|d)?|using) (?:it|them|that|that card) (?:to play|on|onto|for)) (?:a |an |the |my )?§(\d+)")
# "this turn it plays my Bustling Village", "one Mastermind play plays Cursed Village": the card that plays cards
# named last before it (or named there) played it
IT_PLAYS = (r"\b(?:it|he|she|that one|this one|the first one|the first|then it)(?: then| now| also)? "
            r"(?:plays?|played|playing) (?:a |an |the |my |his |her )?§(\d+)")
ONE_PLAY = r"§(\d+) (?:play|plays) (?:plays?|played) (?:a |an |the |my )?§(\d+)"
# "... plays Cursed Village three times and the other two do nothing": the card's other plays played nothing
OTHERS_NOTHING = (r"(?:and )?(?:the )?other (?P<n>two|one|2|1)(?: plays?| ones?| times?)? (?:do|did|does|play|played|"
                  r"plays|found|find|hit|hits|revealed?) (?:nothing|no card|no cards)")
# "I played Mastermind last turn": the plays are counted from that turn, so its "next turn" is the one the player is on
LAST_TURN = (r"(?:on |during |in )?(?:my |the )?(?:last|previous|prior|preceding) turn|a turn ago|"
             r"(?:on |during )?(?:my |the )?turn before")
# "X twice and then Y twice", said after "which plays X": one play of each, both by the card that played X
AND_THEN = rf"§(\d+) {_TIMES},? (?:and then|then|and|followed by) {_ART}§(\d+)(?: {_TIMES})?"
# the same, when the card that plays them was played several times itself (a Throne Room played by a King's Court)
LIST = rf"§(\d+) (?:(?:and then|then|and) )?{_ART}§(\d+)"
TIMES = rf"(?<=§\d) {_TIMES}|(?<=§\d\d) {_TIMES}"
# "a Ghost that revealed no Action card", "an Imp that didn't play anything", "Haven with nothing set aside": the
# card played nothing and set nothing aside (`X > nothing`)
_KIND = r"(?: (?:action|treasure|night|duration|non duration|card|cards|thing))*"
_NOT = r"(?:did not|didn ?t|does not|doesn ?t|could not|couldn ?t|failed to|never|cannot|can ?t)"
FAILED = (rf"§(\d+),? (?:that |which |who |but |and |but it |and it |it )?(?:"
          rf"(?:revealed|reveals|found|finds|set aside|sets aside|played|plays|gained|gains|had|hit|hits|drew|draws|"
          rf"got) "
          rf"(?:no|nothing|zero|not a|not an|not any){_KIND}(?: aside| to play)?|"
          rf"{_NOT} (?:play|reveal|find|set aside|hit|get|gain)(?: (?:anything|any|an?|one){_KIND})?(?: aside)?|"
          rf"(?:with|and|having) nothing (?:set aside|played|to play)|set nothing aside|played nothing|"
          rf"set aside nothing|found nothing|revealed nothing)")
BOUGHT = r"(?:bought|buy|buys|buying|used|use|uses) (?:a |an |the )?§(\d+)"
# split piles: kinds that are also a pile's name (a card of the data: Knights, Castles, Loot...; the test derives
# this list from the data)
SPLIT_PILES = frozenset({"Knight", "Castle", "Loot", "Ruins", "Fort", "Augur", "Odyssey", "Townsfolk", "Wizard"})
# "the Loot I gained and played was Jewels", "my Knight was Dame Anna": a split pile's card (Loot, Knights,
# Castles, Ruins...) named, then which card of it it was: one card, the one named last
PILE_WAS = (r"§(?P<p>\d+)(?P<how>(?: (?:that |which )?(?:i|we|it) [a-z ]{0,40}?)?) (?:was|is|turned out to be|being) "
            r"(?:a |an |the |my )?§(?P<c>\d+)")
DECK_EMPTY = r"(?:my |the )?deck (?:is |was )?empty|empty deck|no cards? (?:left )?in (?:my )?deck"


class DominionPhrases:
    """How `/dominion ruling` is asked in a sentence."""

    names = (r"dominion",)
    hints = (r"clean ?up", r"cleanup", r"extra turn", r"kingdom", r"supply", r"duration cards?")
    answers = "about when each card of a turn's chain of plays leaves play (`/dominion ruling`)"
    cannot = (r"\bcosts?\b", r"\bprice\b", r"\bcoins?\b", r"\bany good\b",
              r"\bworth\b", r"\bcombo\b", r"\bsynergy\b", r"\bstrong\b", r"\bbanned\b", r"\bvictory points?\b",
              r"\bhow many vp\b")
    filler = frozenset({"leave", "leaves", "leaving", "left", "play", "played", "plays", "stay", "stays", "out",
                        "discard", "discarded", "clean", "up", "cleanup", "go", "goes", "gone", "forever", "turn",
                        "turns", "both", "later", "card", "cards", "in", "ever", "next", "get", "gets", "until",
                        "when", "which", "then", "this", "they", "it", "leaf", "happen", "duration",
                        "remain", "remains", "stick", "around", "time", "times", "second", "first"})

    def read(self, sentence: Sentence) -> Reading | Ask:
        inputs: dict[str, Any] = {}
        extra = sentence.take_first(EXTRA)
        giver = None if extra is None else (extra.group(1) or extra.group(2))
        if giver is not None:
            again = [int(m.group(1)) for m in sentence.find(AGAIN) if int(m.group(1)) in sentence.mentions(int(giver))
                     and int(m.group(1)) != int(giver)]
            for k in sentence.mentions(int(giver)):
                if not again or k < again[0]:
                    sentence.use_card(k)  # "an extra turn from Outpost": where the turn came from, not a play
            if again:  # "... I play another Voyage": a play of its own on that turn
                sentence.take(rf"(?:another|a second|a 2nd|one more|a new|a different) (?=§{again[0]}\b)")
        theirs = sentence.take(THEIR_PLAY) + sentence.take(THEIR_CARD)
        for m in theirs:
            for k in sentence.mentions(int(m.group(1))):
                sentence.use_card(k)  # the other player's card: not a play of yours
        if sentence.take(OPPONENT) or theirs or sentence.take(THEIR_ATTACK):
            inputs["on"] = "opponent-turn"
            sentence.take(REACTED)  # "I set aside Horse Traders": its Reaction, which the engine reads from its text
        elif sentence.take(MINE):
            inputs["on"] = "your-turn"
        if sentence.take(SKIP):
            inputs["skip_next_turn"] = True
        for m in sentence.find(BOUGHT):  # "I bought Delay": how an Event or a Project is used (it is never played)
            if _types(sentence.card_at(m.group(1)).card) & {"Event", "Project"}:
                _use_words(sentence, m)
        trashed = _may_trash(sentence)  # before NOT_PLAYED: "can Improve trash the Shanty Town?" asks, no play
        if trashed is not None:
            inputs["may_trash"] = trashed
        later = _set_aside_links(sentence)  # before MOVED: "set aside X" said of a card that plays it later
        moved = [(m.start(), m.group(1)) for m in sentence.take(MOVED)]
        node = _nodes(sentence, later)  # card number -> node (a card named again is the same node)
        if not node:
            return Ask("no-card", "Which card was played? Only the card giving the extra turn was named.")
        piled = _pile_named(sentence, node)
        unplayed = _not_played(sentence, node)
        if isinstance(unplayed, Ask):
            return unplayed
        gained = [k for k, typed in unplayed.items() if re.match(r"gain|bought|buy", typed.casefold())]
        regained = set()  # gained, then played after all ("... and now I play Throne Room on it")
        for m in sentence.find(GAINED):
            k = int(m.group(2))
            if node.get(k) == k and k not in unplayed and not _plays_cards(sentence.cards[k].card):
                regained.add(k)
                _use_words(sentence, m)
                sentence.take(rf"(?<=§{k}) (?:from|to|into|in) (?:the |my |your )?(?:trash|hand|supply)\b")
        parent: dict[int, int] = {}
        for a, b in later:
            if node.get(a) is not None and node.get(b) is not None and node[a] != node[b] and node[b] not in parent:
                parent[node[b]] = node[a]
        _replays(sentence, node, parent)
        for m in _links(sentence):
            a, b = int(m.group(1)), int(m.group(2))
            if a not in node or b not in node:
                continue
            if node[a] == node[b]:
                if not _explicit(m) and not _plays_cards(sentence.cards[a].card):
                    continue
                node[b] = b  # "Throne Room a Throne Room": another copy of the card
            pa, pb = node[a], node[b]
            said = m.group(0).split()
            if not _plays_cards(sentence.cards[pa].card) and _pause_between(sentence, a, b) and \
                    {"played", "plays", "play", "playing"} & set(said):
                continue  # "with Artisan, played Throne Room on the Souk": "played" is the player's, not Artisan's
            if {"with", "using", "uses"} & set(said) and not _plays_cards(sentence.cards[pa].card) and \
                    _plays_cards(sentence.cards[pb].card) and not _is_way(sentence.cards[pb].card) \
                    and pa not in parent:
                pa, pb = pb, pa  # "I play Hunting Grounds with a Throne Room": the Throne Room plays it
                if pb not in parent:
                    sentence.note(f"“{sentence.typed(m)}”: {sentence.cards[pa].name} played "
                                  f"{sentence.cards[pb].name} ({sentence.cards[pb].name} plays no card)")
            if pb in parent or pb == pa or not (_explicit(m) or _plays_cards(sentence.cards[pa].card)):
                continue
            parent[pb] = pa
            sentence.used |= sentence.words_in(m.start(), m.start(2) - 1)  # the card played may play cards itself
        _on_it_links(sentence, node, parent, regained)
        for m in sentence.find(IT_ON):
            b = node.get(int(m.group(1)))
            players = [n for n in sorted(set(node.values())) if _char_at(sentence, n) < m.start()
                       and _plays_cards(sentence.cards[n].card) and not _types(sentence.cards[n].card) & NEVER_PLAYED]
            if b is not None and players and b not in parent and players[-1] != b \
                    and not _is_way(sentence.cards[b].card):
                parent[b] = players[-1]
                sentence.use(m)
        for m in list(sentence.find(IT_PLAYS)) + _links(sentence, ONE_PLAY):
            b = node.get(int(m.groups()[-1]))
            if len(m.groups()) == 2:
                a = node.get(int(m.group(1)))
                players = [a] if a is not None else []
            else:
                players = [n for n in sorted(set(node.values())) if _char_at(sentence, n) < m.start()
                           and _plays_cards(sentence.cards[n].card)
                           and not _types(sentence.cards[n].card) & NEVER_PLAYED]
            if b is not None and players and b not in parent and players[-1] != b \
                    and not _is_way(sentence.cards[b].card):
                parent[b] = players[-1]
                _use_words(sentence, m)
        idle: dict[int, int] = {}
        for m in sentence.find(OTHERS_NOTHING):
            linked = [c for c in parent if _char_at(sentence, c) < m.start()]
            if linked:
                last = max(linked, key=lambda c: _char_at(sentence, c))
                idle[parent[last]] = 2 if m.group("n") in ("two", "2") else 1
                sentence.use(m)
        for m in _links(sentence, AND_THEN):
            a, b = node.get(int(m.group(1))), node.get(int(m.group(2)))
            if a is None or b is None or a == b or a not in parent or b in parent:
                continue
            parent[b] = parent[a]  # "which plays Groundskeeper twice and then Caravan twice": both by that card
            _use_words(sentence, m)
        for m in _links(sentence, LIST):
            a, b = node.get(int(m.group(1))), node.get(int(m.group(2)))
            if a is None or b is None or a == b or a not in parent or b in parent or parent[a] not in parent:
                continue
            parent[b] = parent[a]  # "King's Court on a Throne Room that plays a Village, a Caravan and a Smithy"
            _use_words(sentence, m)
        for m in sentence.find(TIMES):
            if any(node.get(int(n)) in parent for n in re.findall(r"§(\d+)$", sentence.norm[:m.start()])):
                sentence.use(m)  # "plays Groundskeeper twice": how a Throne variant plays its card
        nothing = set()
        for m in sentence.find(FAILED):
            n = node.get(int(m.group(1)))
            if n is not None and n not in parent.values():
                nothing.add(n)
                sentence.use(m)
        ways = _ways(sentence, node, parent)
        _left_there(sentence, node, parent, ways)
        asked = None
        for m in sentence.find(SIDE):
            a, b = node.get(int(m.group(1))), node.get(int(m.group(2)))
            if a is None or b is None or a == b or b in parent:
                continue
            sentence.use(m)
            if _replays_next(sentence.cards[a].card) and a not in parent.values() and a not in nothing and \
                    re.search(r"\bthen\b", m.group(0)):
                # "I play Daimyo and then Aristocrat": the card that replays the next card played replays it
                parent[b] = a
                sentence.note(f"“{sentence.typed(m)}”: {sentence.cards[a].name} replays the next card played after "
                              f"it, so {sentence.cards[b].name}, played then, is the one it replays")
                continue
            if _plays_cards(sentence.cards[a].card) and a not in parent.values() and a not in nothing \
                    and b not in piled:  # "Invasion and the Loot ... was Jewels": the Loot said what it was
                asked = (a, b)
        for n in node:
            sentence.use_card(n)
        for n in set(node.values()):  # "the Knight I played was Dame Anna": its split pile's kind, said as a word
            for kind in _pile_kinds(sentence.cards[n].card):
                sentence.take(rf"\b{re.escape(kind.lower())}s?\b")
        choices: dict[int, list[str]] = {}
        if sentence.take(DISCARD_NOTHING):
            target = _last_with(sentence, node, parent, "discard")
            if target is not None:
                choices.setdefault(target, []).append("discarded-nothing")
        if sentence.take(DECK_EMPTY):
            target = _last_with(sentence, node, parent, "")
            if target is not None:
                choices.setdefault(target, []).append("deck-empty")
        _moved_itself(sentence, node, moved, gained, choices)
        roots = [n for n in sorted(set(node.values())) if n not in parent]
        if sentence.take(LAST_TURN):  # "I played Mastermind last turn": counted from that turn, and said so
            inputs["last_turn"] = True
        if asked is not None:
            a, b = asked
            linked = {**parent, b: a}
            one = _reading(sentence, inputs, extra, _chains(sentence, [r for r in roots if r != b], linked, choices,
                                                            ways, nothing))
            two = _reading(sentence, inputs, extra, _chains(sentence, roots, parent, choices, ways, nothing))
            first, second = sentence.cards[a].name, sentence.cards[b].name
            return Ask("two-readings", f"“{first} and {second}” reads two ways: {first} played {second}, or two "
                                       "cards played one after the other. Which one?",
                       (Option(f"{first} played {second}", one), Option("played one after the other", two)))
        return _reading(sentence, inputs, extra, _chains(sentence, roots, parent, choices, ways, nothing, idle))

    def slash_inputs(self, command: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        chains = list(inputs.get("chain") or [])
        if chains:
            out["chain"] = chains[0]
            if len(chains) > 1:
                out["also"] = " + ".join(chains[1:]) if len(chains) > 2 else chains[1]
        for key in ("on", "skip_next_turn", "may_trash"):
            if inputs.get(key):
                out[key] = inputs[key]
        return out


def _pile_kinds(card: Card | None) -> tuple[str, ...]:
    """The card's types that name a split pile (Knight, Castle, Loot, Ruins...)."""
    return tuple(sorted(_types(card) & SPLIT_PILES))


def _pile_named(sentence: Sentence, node: dict[int, int]) -> set[int]:
    """A split pile named and then the card of it ("the Loot I gained and played was Jewels") is that card: the
    pile's mentions stand for it (the words between are read when they say it was played, or say nothing). Returns
    the nodes so named."""
    out = set()
    for m in sentence.find(PILE_WAS):
        p, c = int(m.group("p")), int(m.group("c"))
        pile = sentence.cards[p].name
        kinds = {pile, pile[:-1] if pile.endswith("s") else pile}
        how = m.group("how")
        if node.get(c) is None or not kinds & _types(sentence.cards[c].card) or (how.strip() and "play" not in how):
            continue
        for k in [k for k in node if node[k] == node.get(p)]:
            node[k] = node[c]
        out.add(node[c])
        _use_words(sentence, m)
        sentence.note(f"“{sentence.typed(m)}”: the {pile} is {sentence.cards[c].name}, one card")
    return out


def _nodes(sentence: Sentence, linked: Sequence[tuple[int, int]] = ()) -> dict[int, int]:
    """Card number -> the card played it stands for: its first mention (a card named again is the same card).
    Everyday words ("village", "captain") are a card when linked to a card named surely ("TR a village"), also by
    `linked` (setter, card set aside): "Prince set aside Smithy" at the start of a sentence."""
    free = sentence.unused_cards()
    sure = set(sentence.sure_cards())
    pairs = [(int(m.group(1)), int(m.group(2))) for m in sentence.find(LINK)] + list(linked)
    for a, b in pairs:
        if a in sure or b in sure:
            sure |= {a, b}
    out: dict[int, int] = {}
    for n in free:
        if n in sure or any(k in sure for k in sentence.mentions(n)):
            out[n] = next(k for k in sentence.mentions(n) if k in free)
    return out


def _explicit(m: Any) -> bool:
    return any(w in m.group(0).split() for w in ("on", "onto", "into", "playing", "plays", "played", "as", ">",
                                                 "copying", "becoming", "using", "uses", "with"))


@lru_cache(maxsize=4096)
def _plays_cards(card: Card | None) -> bool:
    """Whether the card plays another card (Throne Room, Band of Misfits, Captain, ...)."""
    if card is None:
        return False
    from engine.rulesets.dominion.starter import load_starter

    try:
        return load_starter().behaviour(card).plays is not None
    except Exception:  # a card the reading cannot model: it plays nothing as far as the sentence goes
        return False


@lru_cache(maxsize=4096)
def _replays_any(card: Card | None) -> bool:
    """Whether the card replays a card it played (the reading's `plays.replays`); False for a card it cannot model."""
    if card is None:
        return False
    from engine.rulesets.dominion.starter import load_starter

    try:
        plays = load_starter().behaviour(card).plays
    except Exception:  # a card the reading cannot model: it replays nothing as far as the sentence goes
        return False
    return plays is not None and plays.replays


@lru_cache(maxsize=4096)
def _replays_next(card: Card | None) -> bool:
    """Whether the card replays the next card you play after it ("the next time you play a non-Command Action card
    this turn, replay it", Daimyo; Flagship; Citadel's "the first time you play an Action card"): a card played
    "then" is the one it replays. Not Scepter or Royal Carriage, which replay a card played before them."""
    if card is None or not re.search(r"\b(?:next|first) time you play\b[^.]*\breplay it\b", card.text, re.I):
        return False
    return _replays_any(card)


@lru_cache(maxsize=4096)
def _types(card: Card | None) -> set[str]:
    return set() if card is None else {t.strip() for t in card.type.replace(" - ", ",").split(",")}


def _not_played(sentence: Sentence, node: dict[int, int]) -> dict[int, str] | Ask:
    """Cards the sentence names as named, revealed, gained, bought, set aside or discarded — never played: they
    leave the chain (a card named again is still the same card: only a first mention decides; a card gained that
    plays cards itself, Farmhands, stays). Card number -> the words as typed. When nothing played is left, asked
    back, unless the cards are kinds never played at all (an Event bought: the question's card, which the engine
    says is never in play)."""
    out: dict[int, str] = {}
    played_after = set()
    for m in sentence.find(GAINED_THEN_PLAYED):
        k = int(m.group(1))
        if node.get(k) == k:
            played_after.add(k)
            _use_words(sentence, m)
            sentence.note(f"“{sentence.typed(m)}”: {sentence.cards[k].name} was played from your hand, a play of "
                          "its own")
    for m in sentence.find(NOT_PLAYED):
        k = int(m.group(2))
        if node.get(k) != k or k in played_after or (re.fullmatch(GAINED, f"{m.group(1)} §{k}")
                                                      and _plays_cards(sentence.cards[k].card)):
            continue
        if re.match(r"gain|bought|buy|dr[ae]w|receiv", m.group(1)) and _played_later(sentence, node, k, m.end()):
            continue  # "I gained Zombie Spy ... and now I play Throne Room on it": gained, then played
        out[k] = sentence.typed(m)
    if not out:
        return out
    if not any(v not in out for v in node.values()):
        if all(_types(sentence.cards[k].card) & NEVER_PLAYED for k in out):
            return {}
        said = "; ".join(f"“{t}”" for t in out.values())
        names = ", ".join(sentence.cards[k].name for k in out)
        return Ask("cannot-ask", f"You said {said}: that is not playing {names}, and a card that was never played "
                                 "is never in play. Which card was played?")
    for m in list(sentence.find(NOT_PLAYED)):
        if int(m.group(2)) in out:
            sentence.use(m)
    for k in [k for k, v in node.items() if v in out]:
        sentence.use_card(k)
        del node[k]
    for k, typed in out.items():
        sentence.note(f"“{typed}”: {sentence.cards[k].name} was not played, so it is not one of the plays")
    return out


# after a card gained: "play Throne Room on it", "played Throne Room on the Souk", "then played the Souk"
ON_IT = r"play(?:s|ed|ing)? (?:a |an |the |my )?§(\d+) (?:on|onto) (?:it|that|that card|the card)\b"


def _played_later(sentence: Sentence, node: dict[int, int], k: int, after: int) -> bool:
    """Whether the sentence plays card `k` after it says it was gained (at `after` in `sentence.norm`): named again
    as played ("played Throne Room on the Souk", "then I played the Souk"), or as "it" a card is played on ("now I
    play Throne Room on it", "it" being the card gained last before). The link "X on it" is read here."""
    for n in sentence.mentions(k):
        at = _char_at(sentence, n)
        if n != k and node.get(n) == k and at > after and re.search(
                r"(?:\bplay(?:s|ed|ing)?|\bon|\bonto|\bto play) (?:a |an |the |my |that |this )?$",
                sentence.norm[:at]):
            return True
    for m in sentence.find(ON_IT):
        if m.start() < after:
            continue
        gained_before = [g for g in sentence.distinct() if _char_at(sentence, g) < m.start()
                         and re.search(rf"(?:gain(?:ed|s|ing)?|bought|buy(?:s|ing)?) (?:a |an |the |another |one )?"
                                       rf"§{g}\b", sentence.norm[:m.start()])]
        if gained_before and gained_before[-1] == k and node.get(int(m.group(1))) is not None:
            return True
    return False


# "used Scepter to replay it", "Flagship replays my Caravan", "replayed the Sorceress with Scepter": the card that
# replays a card already played (Scepter, Flagship, Daimyo, Citadel, Royal Carriage) played it once more
REPLAY = (rf"§(?P<a>\d+),? (?:to |and |then |which |that |it |and it |so it )?(?:replay(?:s|ed|ing)?|re play(?:s|ed)?) "
          rf"(?:(?P<it>it|that|that card|that one)\b|{_ART}§(?P<b>\d+))|"
          rf"(?:replay(?:s|ed|ing)?|re play(?:s|ed)?) (?:(?P<it2>it|that|that card)\b|{_ART}§(?P<b2>\d+)) "
          rf"(?:with|using|via|by|through|from) {_ART}§(?P<a2>\d+)")


@lru_cache(maxsize=4096)
def _replays_card(card: Card | None) -> bool:
    """Whether the card replays a card already played (its own play of it comes first): Scepter, Flagship..."""
    return _replays_any(card)


def _replays(sentence: Sentence, node: dict[int, int], parent: dict[int, int]) -> None:
    """"I played Sorceress and then used Scepter to replay it": `Scepter > Sorceress` (the replayed card's own
    first play is part of that: the command counts it), "it" being the card named last before the replaying one."""
    for m in sentence.find(REPLAY):
        a_slot = m.group("a") or m.group("a2")
        a = node.get(int(a_slot))
        if a is None or not _replays_card(sentence.cards[a].card):
            continue
        b_slot = m.group("b") or m.group("b2")
        if b_slot is not None:
            b = node.get(int(b_slot))
        else:
            before = [node[n] for n in sorted(node) if _char_at(sentence, n) < _char_at(sentence, int(a_slot))
                      and node[n] != a]
            b = before[-1] if before else None
        if b is None or b == a or b in parent or _is_way(sentence.cards[b].card):
            continue
        parent[b] = a
        _use_words(sentence, m)
        sentence.take(r"\b(?:use[ds]?|using)\b(?= (?:the |my )?§)")
        sentence.note(f"“{sentence.typed(m)}”: {sentence.cards[a].name} replayed {sentence.cards[b].name}, "
                      "which was played once before (the command counts that play)")


# "can Improve trash the Shanty Town?", "may I trash Smithy with Improve": the question of a card that may trash a
# card you would discard from play this turn (Improve), asked of one card in the chain (`--may-trash`)
MAY_TRASH = (rf"§(?P<i>\d+) (?:to )?trash(?:es|ed|ing)? {_ART}§(?P<x>\d+)|"
             rf"trash(?:es|ed|ing)? {_ART}§(?P<x2>\d+) (?:with|using|by|via|for) {_ART}§(?P<i2>\d+)")
_FROM_PLAY = re.compile(r"\bwould discard from play\b", re.IGNORECASE)


def _may_trash(sentence: Sentence) -> str | None:
    """The card a card that trashes "an Action card you would discard from play this turn" (Improve) is asked to
    trash; None when the sentence asks no such thing."""
    for m in sentence.find(MAY_TRASH):
        i, x = m.group("i") or m.group("i2"), m.group("x") or m.group("x2")
        card = sentence.card_at(i).card
        if card is None or not _FROM_PLAY.search(card.text) or sentence.card_at(x).card is None:
            continue
        _use_words(sentence, m)
        sentence.take(r"(?:at )?the start of (?:this turn s |my |the )?clean ?up(?: phase)?")
        sentence.take(rf"(?:have|had|with) {_ART}(?=§{i}\b)")
        return sentence.card_at(x).name
    return None


def _on_it_links(sentence: Sentence, node: dict[int, int], parent: dict[int, int], gained: set[int]) -> None:
    """"I gained Zombie Spy ... and now I play Throne Room on it": the card played on "it" is the card gained last
    before those words (a play of its own after all): `Throne Room > Zombie Spy`."""
    for m in sentence.find(ON_IT):
        a = node.get(int(m.group(1)))
        before = [g for g in sorted(gained) if _char_at(sentence, g) < m.start()]
        if a is None or not before or before[-1] in parent or before[-1] == a \
                or not _plays_cards(sentence.cards[a].card):
            continue
        parent[before[-1]] = a
        _use_words(sentence, m)


@lru_cache(maxsize=4096)
def _leaves_by_choice(card: Card | None) -> str:
    """The words with which a card may take itself out of play ("You may trash this for +$2", "If it's a Victory
    card, trash this"), when it does so only by a choice or a condition; "" otherwise."""
    if card is None:
        return ""
    from engine.rulesets.dominion.starter import load_starter

    try:
        behaviour = load_starter().behaviour(card)
    except Exception:  # a card the reading cannot model: it moves nothing as far as the sentence goes
        return ""
    return "" if behaviour.always_leaves else behaviour.leaves_itself


def _moved_itself(sentence: Sentence, node: dict[int, int], moved: list[tuple[int, str | None]],
                  gained: list[int], choices: dict[int, list[str]]) -> None:
    """A card the sentence says moved itself ("trash it", "returned Treasury to my deck"), or whose own condition for
    it the sentence meets ("gained a Duchy" with Horn of Plenty's "If it's a Victory card, trash this"), is
    `removed`: the player said the choice its own words leave open."""
    played = sorted(set(node.values()))

    def mover_before(at: int) -> int | None:
        before = [n for n in played if _leaves_by_choice(sentence.cards[n].card) and _char_at(sentence, n) < at]
        return before[-1] if before else None

    for at, slot in moved:
        target = node.get(int(slot)) if slot is not None else mover_before(at)
        if target is not None and _leaves_by_choice(sentence.cards[target].card):
            choices.setdefault(target, []).append("removed")
    victory = any("Victory" in (sentence.cards[g].card.type if sentence.cards[g].card else "") for g in gained)
    for n in played:
        words = _leaves_by_choice(sentence.cards[n].card)
        if victory and "victory card" in words.lower() and "removed" not in choices.get(n, []):
            choices.setdefault(n, []).append("removed")
        if "removed" not in choices.get(n, []) and _kind_said(sentence, n, words):
            choices.setdefault(n, []).append("removed")


_KIND_IF = re.compile(r"\bIf (?:it's|it is) an? (\w+)", re.IGNORECASE)


def _kind_said(sentence: Sentence, n: int, words: str) -> bool:
    """A card whose own words take it out of play on a kind of card ("Trash a card from your hand. If it's a Treasure,
    ... put this onto your deck": Student) where the sentence says that was done to a card of that kind ("trash a
    treasure", "trashed a Copper"): the words are read (any kind said), and True when the kind is the card's."""
    card = sentence.cards[n].card
    found = _KIND_IF.search(words)
    if card is None or found is None:
        return False
    kind = found.group(1)
    before = card.text[:card.text.find(found.group(0))] if found.group(0) in card.text else card.text
    verbs = re.findall(r"\b(gain|trash|reveal|discard)\b", before, re.IGNORECASE)
    if not verbs:
        return False
    verb = verbs[-1].lower()
    said = rf"{verb}(?:s|es|ed|d|ing)? (?:a |an |the |my |one )?(?:(?P<word>[a-z]+)|§(?P<card>\d+))\b"
    hit = False
    for m in re.finditer(said, sentence.norm):  # (a card trashed is read already as not played: "trash a Copper")
        if m.group("card") is not None:
            other = sentence.card_at(m.group("card")).card
            if other is None or not _types(other):
                continue
            yes = kind in _types(other)
        elif m.group("word").rstrip("s") in {"treasure", "action", "victory", "curse", kind.lower()} and \
                sentence.free(m):
            yes = m.group("word").rstrip("s") == kind.lower()
        else:
            continue
        hit = hit or yes
        _use_words(sentence, m)
        if not yes:
            sentence.note(f"“{sentence.typed(m)}”: not a {kind}, so {card.name}'s “{words}” does not take it out "
                          "of play")
    return hit


def _pause_between(sentence: Sentence, a: int, b: int) -> bool:
    """Whether the typed sentence has a comma or a stop between cards `a` and `b` (`sentence.norm` drops them)."""
    first, second = sentence.cards[a], sentence.cards[b]
    if second.start < first.end:
        return False
    return bool(re.search(r"[,;.:!?]", sentence.text[sentence.words[first.end - 1].end:
                                                    sentence.words[second.start].start]))


def _char_at(sentence: Sentence, n: int) -> int:
    """Where card `n` is in `sentence.norm` (to tell which card a later "it" means)."""
    return sentence.norm.find(f"§{n}")


def _last_with(sentence: Sentence, node: dict[int, int], parent: dict[int, int], word: str) -> int | None:
    """The last card played whose text has `word` (the one a choice is about)."""
    played = [n for n in sorted(set(node.values())) if n not in parent.values()] or sorted(set(node.values()))
    for n in reversed(played):
        card = sentence.cards[n].card
        if card is not None and word in card.text.lower():
            return n
    return None


def _is_way(card: Card | None) -> bool:
    return "Way" in _types(card)


def _ways(sentence: Sentence, node: dict[int, int], parent: dict[int, int]) -> dict[int, str]:
    """A Way named with a card is how that card was played, not a card played: "Caravan using Way of the Sheep",
    "I Throne Room a Caravan and play it with Way of the Turtle" read `Caravan as Way of the Sheep`. Linked to a
    card ("X using/as/with Way"), it is that card's; named apart, the card played named last before it (else first
    after it). Its node leaves the chains; card number -> the Way's name."""
    out: dict[int, str] = {}
    played = sorted(n for n in set(node.values()) if not _is_way(sentence.cards[n].card))
    for w in sorted(set(node.values())):
        if not _is_way(sentence.cards[w].card) or not played:
            continue
        target = parent.pop(w, None)
        if target is None or _is_way(sentence.cards[target].card):
            before = [n for n in played if n < w and n not in parent.values()] or [n for n in played if n < w]
            target = before[-1] if before else played[0]
        for child, par in list(parent.items()):
            if par == w:  # "Way of the Sheep on a Caravan": the card is the Way's target, not its play
                del parent[child]
                target = child
        out[target] = sentence.cards[w].name
        # "once normally and once as Way of the Horse": one play each way, in that order (a Throne variant's card)
        normal = (r"(?:normally|as usual|as itself|for its (?:own|normal) effects?|following its (?:own )?instructions|"
                  r"(?:is |was |being )?(?:a )?(?:normal|regular|ordinary|plain)(?: play| one)?|"
                  r"without (?:a |the |any )?way)")
        way = rf"(?:(?:is |was )?(?:played )?(?:as|using|with|via)|uses|used) (?:the )?§{w}\b"
        first = r"(?:the )?(?:first|1st)(?: play| one| time)?(?: of (?:it|them))?(?: is| was)?"
        second = r"(?:the )?(?:second|2nd|other)(?: play| one| time)?(?: is| was)?"
        if sentence.take(rf"once {normal},? and once {way}|{first} {normal}[,;]? (?:and |but |while |then )?"
                         rf"{second} {way}|{second} {way}[,;]? (?:and |but |while )?{first} {normal}"):
            out[target] += " + normal-first"
        elif sentence.take(rf"once {way},? and once {normal}|{first} {way}[,;]? (?:and |but |while |then )?"
                           rf"{second} {normal}|{second} {normal}[,;]? (?:and |but |while )?{first} {way}"):
            out[target] += " + way-first"
        elif target in parent and _plays_cards(sentence.cards[parent[target]].card):
            sentence.note(f"{sentence.cards[w].name} is read as used on every play of {sentence.cards[target].name} "
                          f"by {sentence.cards[parent[target]].name}; if one play was normal, say “once normally and "
                          f"once with {sentence.cards[w].name}”")
        sentence.take(rf"(?:using|uses|use|with|as|via|through) (?:the )?(?=§{w}\b)")
        for k in [k for k, v in node.items() if v == w]:
            sentence.use_card(k)
            del node[k]
    return out


# "Way of the Mouse has Cellar set aside", "Riverboat's card is Smithy", "Haven was set aside for Way of the Mouse": the
# card a card plays "leaving it there" (set aside at setup or on it, in the Supply, in the trash), said as held
_HELD = (r"(?:set aside(?: (?:for|by|with|under|on) (?:it|this|that))?|under it|on it|beside it|"
         r"(?:in|from) the (?:supply|trash))")
LEFT_THERE = (rf"§(?P<h>\d+)(?: s)? (?:own |mouse |set aside |chosen )*card (?:is|was|being) {_ART}§(?P<c>\d+)|"
              rf"§(?P<h2>\d+) (?:has|had|with|holding|holds|keeps|kept) {_ART}§(?P<c2>\d+) {_HELD}|"
              rf"§(?P<c3>\d+) (?:is |was |got |being )?(?:the card )?set aside (?:for|by|with|under|on) {_ART}"
              rf"§(?P<h3>\d+)")


@lru_cache(maxsize=4096)
def _leaves_it_there(card: Card | None) -> bool:
    """Whether the card plays a card "leaving it there" (Way of the Mouse, Band of Misfits, Captain, Riverboat,
    Necromancer...): the card it plays is never in play."""
    if card is None:
        return False
    from engine.rulesets.dominion.starter import load_starter

    try:
        plays = load_starter().behaviour(card).plays
    except Exception:  # a card the reading cannot model: it plays nothing as far as the sentence goes
        return False
    return plays is not None and not plays.in_play


def _left_there(sentence: Sentence, node: dict[int, int], parent: dict[int, int], ways: Mapping[int, str]) -> None:
    """"the Mouse card is Fishing Village", "Way of the Mouse has Cellar set aside", "Riverboat's card is Smithy": the
    card a card plays leaving it there, played by that card (by the card used as the Way, for a Way:
    `Snake Witch as Way of the Mouse > Fishing Village`), not a play of its own."""
    users: dict[str, list[int]] = {}  # a Way's name -> the cards used as it
    for n, way in ways.items():
        users.setdefault(way.partition(" + ")[0], []).append(n)
    found = [(m, m.group("a"), None) for m in re.finditer(MOUSE_CARD, sentence.norm)
             if not (m.group("w") or m.group("w2")) or sentence.cards[int(m.group("w") or m.group("w2"))].name
             == "Way of the Mouse"]
    found += [(m, next(g for g in (m.group("c"), m.group("c2"), m.group("c3")) if g is not None),
               next(g for g in (m.group("h"), m.group("h2"), m.group("h3")) if g is not None))
              for m in re.finditer(LEFT_THERE, sentence.norm)]
    for m, slot, holder in found:
        slot = slot or m.group("b") or m.group("c")
        if holder is None:  # "the Mouse card is ...": the Way of the Mouse
            by = users.get("Way of the Mouse", [])
        else:
            card = sentence.cards[int(holder)].card
            if not _leaves_it_there(card):
                continue
            by = users.get(card.name, []) if _is_way(card) else [n for n in [node.get(int(holder))] if n is not None]
        target = node.get(int(slot))
        if target is None and by and sentence.cards[int(slot)].card is not None and int(slot) in \
                sentence.unused_cards():  # "Cellar is set aside for ...": an everyday name, linked to a sure one
            for k in sentence.mentions(int(slot)):
                node.setdefault(k, int(slot))
            target = int(slot)
        if not by or target is None or target in by or target in parent or _is_way(sentence.cards[target].card):
            continue
        parent[target] = by[0]
        _use_words(sentence, m)
        holder_name = sentence.cards[int(holder)].name if holder else "Way of the Mouse"
        by_name = sentence.cards[by[0]].name
        sentence.note(f"“{sentence.typed(m)}”: the card {holder_name} plays, leaving it there (never in play)"
                      + ("" if by_name == holder_name else f", played by {by_name}"))
    for m in sentence.find(r"§(\d+) (?:from|in|out of) (?:the )?(?:supply|trash)\b"):
        card = node.get(int(m.group(1)))
        by = parent.get(card) if card is not None else None
        if by is not None and (_leaves_it_there(sentence.cards[by].card) or by in ways):
            _use_words(sentence, m)  # "plays a Smithy from the Supply": where a card left there is


def _chains(sentence: Sentence, roots: list[int], parent: dict[int, int], choices: dict[int, list[str]],
            ways: Mapping[int, str] | None = None, nothing: set[int] | None = None,
            idle: Mapping[int, int] | None = None) -> list[str]:
    """`idle`: card -> how many of its plays played nothing besides the card(s) it played ("+ nothing")."""
    ways = ways or {}
    nothing = nothing or set()
    idle = idle or {}
    children: dict[int, list[int]] = {}
    for child, par in parent.items():
        children.setdefault(par, []).append(child)

    def text(n: int, seen: frozenset[int]) -> str:
        name = sentence.cards[n].name
        way, _, order = ways.get(n, "").partition(" + ")
        out = name + (f" as {way}" if way else "") + (f"[{', '.join(choices[n])}]" if n in choices else "")
        kids = [k for k in sorted(children.get(n, [])) if k not in seen]
        if order and not kids:  # one play each way: "Caravan + Caravan as Way of the Horse"
            out = " + ".join([name, out] if order == "normal-first" else [out, name])
        if not kids:
            return out + (" > nothing" if n in nothing else "")
        # several plays by one card: "Throne Room > Groundskeeper + Caravan"; a play that plays cards in brackets
        # unless it is the last one ("+" continues the innermost list)
        parts = [text(k, seen | {n}) for k in kids] + ["nothing"] * idle.get(n, 0)
        parts = [f"({p})" if ">" in p and i < len(parts) - 1 else p for i, p in enumerate(parts)]
        return out + " > " + " + ".join(parts)

    return [text(root, frozenset()) for root in roots]


def _links(sentence: Sentence, pattern: str = LINK) -> list[re.Match[str]]:
    """The "X on Y" links, overlapping ("Throne Room on a Throne Room which plays Caravan": the card played may
    play cards itself), among words not used yet."""
    rx, out, start = re.compile(pattern), [], 0
    while (m := rx.search(sentence.norm, start)) is not None:
        if sentence.free(m):
            out.append(m)
        start = m.start(2) - 1  # at the second card's slot
    return out


@lru_cache(maxsize=4096)
def _plays_later(card: Card | None) -> bool:
    """Whether the card sets a card aside to play it later (Ghost, Royal Galley, Contract, Delay, Patient...), or on
    every turn from then on (Prince: "set aside (on this) ... At the start of each of your turns, play it")."""
    if card is None:
        return False
    from engine.rulesets.dominion.behaviour import At, Then
    from engine.rulesets.dominion.starter import load_starter

    try:
        plays = load_starter().behaviour(card).plays
    except Exception:  # a card the reading cannot model: it sets nothing aside as far as the sentence goes
        return False
    return plays is not None and (plays.at in (At.NEXT_TURN, At.EVERY_TURN) or plays.then is Then.SET_ASIDE)


def _set_aside_links(sentence: Sentence) -> list[tuple[int, int]]:
    """(setter, card set aside) said in the sentence ("My Ghost set aside Witch's Hut", "Spices is Patient"), as
    card numbers; the words restating what the setter does ("I set it aside ... to play it at the start of my next
    turn") are then read too."""
    out = []
    for m in sentence.find(SET_ASIDE_BY):
        a = next(g for g in (m.group("a"), m.group("a2"), m.group("a3"), m.group("a4")) if g is not None)
        b = next(g for g in (m.group("b"), m.group("b2"), m.group("b3"), m.group("b4")) if g is not None)
        if _plays_later(sentence.card_at(a).card):
            out.append((int(a), int(b)))
            _use_words(sentence, m)
    for m in sentence.find(SET_ASIDE_WITH_IT):  # "played Royal Galley and set aside Storeroom with it"
        setters = [n for n in range(len(sentence.cards)) if _char_at(sentence, n) < m.start()
                   and _plays_later(sentence.cards[n].card)]
        if setters:
            out.append((setters[-1], int(m.group(1))))
            _use_words(sentence, m)
    for m in sentence.find(TRAIT_OF):
        a, b = (m.group("a"), m.group("b")) if m.group("a") is not None else (m.group("a2"), m.group("b2"))
        card = sentence.card_at(a).card
        if "Trait" in _types(card) and _plays_later(card):
            out.append((int(a), int(b)))
            _use_words(sentence, m)
    if out:
        for m in list(sentence.find(RESTATED)):
            _use_words(sentence, m)
    return out


def _use_words(sentence: Sentence, m: re.Match[str]) -> None:
    """Marks a phrase's words used but not the cards in it (they are still to be read as plays)."""
    cards = {i for c in sentence.cards for i in range(c.start, c.end)}
    sentence.used |= sentence.words_in(m.start(), m.end()) - cards


def _reading(sentence: Sentence, inputs: dict[str, Any], extra: Any, chains: list[str]) -> Reading:
    inputs = dict(inputs)
    last = ["last-turn"] if inputs.pop("last_turn", False) else []
    chain = (["extra-turn"] if extra is not None else []) + last + chains
    return sentence.reading("ruling", {"chain": chain, **inputs})


PHRASEBOOK = DominionPhrases()
