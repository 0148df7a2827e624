"""L5R's two questions asked in a sentence: `/l5r order at: items:` and `/l5r duration card: then:`.

"after a Personality is destroyed, Kakita Hikai and Legion of the Fallen both trigger, who goes first?" reads as
`order --at "after a Personality is destroyed" --item "Kakita Hikai" --item "Legion of the Fallen"`: a moment
("before/after/when ...") with cards answering it, or words asking for an order ("which first", "what order"),
is the order question; "which comes first: after your Dynasty Phase ends or before your End Phase begins?" compares
two timing points. Otherwise one card and what happens next is the duration question: "after the action
resolves" (action-resolves), "after the duel ends" / "during a duel" (duel-ends), "after the battle ends",
"at the end of the turn", "into next turn" (turn-ends), "if he leaves play", "if it is negated".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from engine.names import fold
from engine.rulesets.l5r.abilities import Ability, Kind, read_card
from engine.rulesets.l5r.ask_quoted import Quoted, read_quoted
from engine.rulesets.l5r.question import first_to_judge
from engine.sentence import FILLER, SLOT, Ask, Option, Reading, Sentence

_ENDS = r"(?:ends?|ended|is over|finishes)"
EVENTS = (
    ("action-resolves", r"(?:(?:after|once|when) )?(?:the |this |that |my |his |an |its )?(?:battle |open |limited )?"
                        r"action (?:resolves|has resolved|is resolved|finishes)|(?:after|once|when) (?:it|the action) "
                        r"resolves"),
    ("duel-ends", rf"(?:(?:after|once|when|past|until) )?(?:the |this |a )?duel {_ENDS}|(?:at |after |until )?"
                  rf"the end of "
                  rf"(?:the |this )?duel|after the duel"),
    ("battle-ends", rf"(?:(?:after|once|when|past|until) )?(?:the |this )?battle {_ENDS}|(?:at |after |until )?"
                  rf"the end of "
                    rf"(?:the |this )?battle|after (?:the )?battle"),
    ("phase-ends", rf"(?:(?:after|once|when|past|until) )?(?:the |this )?phase {_ENDS}|(?:at |after |until )?"
                  rf"the end of "
                   rf"(?:the |this )?phase|(?:into |the )?next phase"),
    ("turn-ends", rf"(?:(?:after|once|when|past|until) )?(?:the |this )?turn {_ENDS}(?: first)?|"
                  rf"(?:at |after |until |past "
                  rf")?the end of (?:the |this |my |your )?turn|(?:carry |carries |last |into |until )?(?:the |my |"
                  rf"your )?next turn"),
    ("game-ends", rf"(?:the )?game {_ENDS}|end of the game"),
    ("leaves-play", r"(?:leaves|left|leaving) play|(?:is|gets|was) (?:destroyed|discarded)"),
    ("negated", r"(?:is|gets|was) negated"),
)
FIRST_TURN = r"\bbefore (?:the )?(?:first|1st|opening) turn(?: of the game)?(?: (?:begins|starts))?"
# "the end of my next turn", "when the next turn ends": the end of the turn after this one
NEXT_TURN_END = (r"(?:(?:at|after|until|by|past) )?the end of (?:my |your |his |her |their |the |our )?"
                 r"(?:next|following) turn|(?:(?:when|after|once) )?(?:my |your |his |her |their |the )?"
                 r"(?:next|following) turn (?:ends|is over)")
MOMENT = (r"(?P<timing>before|after|when) (?P<occ>(?:a |an |my |your |his |her |their |the |one of my |another |"
          r"that |this |its )?(?:[a-z0-9§]+ ){0,5}?(?:is|are|was|would be|gets|get|has been) (?:destroyed|bowed|"
          r"dishonored|dishonoured|discarded|killed|straightened|moved|sent home|assigned)|(?:a |an |my |your |his |"
          r"the )?(?:[a-z0-9§]+ ){0,4}?(?:attacks|assigns|engages?|enters play|recruits?|resolves|ends|begins|dies|"
          r"wins|loses|is played|pays?|paying|creates?|takes? control of)(?: (?:a|the|an|to) [a-z§0-9]+(?: (?!(?:on|in|"
          r"at|during|and|while|for|of|my|your|his|her|their|i|we|he|she|they|it|but|so|then|or)\b)[a-z]+)?)?)")
ORDER_WORDS = (r"(?:before|after) (?:his|her|their|my|your|the|an?|(?:my )?opponents?) reactions?|"
               r"who (?:decides|chooses|picks)(?: the order)?|"
               r"(?:which|what) (?:one )?(?:resolves|goes|comes|happens|triggers|fires|acts) first|"
               r"(?:resolves?|goes|go|comes?|happens?|triggers?) (?:before|after) (?:their|his|her|my|the|your) "
               r"(?:reaction|trait|delayed effect)s?|(?:what|which) order|who "
               r"(?:goes|resolves|acts|decides) first|in what order|order (?:of|do|does)|who picks|which first|both "
               r"trigger|resolve first|goes first|comes first|"
               # "can my Reaction respond?", "do I get to play my Reaction", "does Ward of Air trigger": who answers
               r"(?:can|may|could) (?:my|his|her|their|(?:my )?opponents?|i) (?:play (?:my |a |his |her |their )?)?"
               r"reactions? (?:respond|be played|answer)|do i get to (?:play|use) (?:my |a )?reaction|"
               r"does §\d+ (?:trigger|fire|respond)|in response to|(?:gets?|get to|go) (?:to )?react first|react first|"
               r"(?:can|may|could) i (?:still )?(?:play|use) (?:a |my )?reactions?(?: afterwards| after that)?")
# "Banished entered play and ...; which happens first?", "my Asp Skirmisher was destroyed": the moment said as what
# happened, without before/after/when; read as the moment after it
HAPPENED = (r"(?P<occ>(?:my |your |his |her |their |the |a |an )?(?:§\d+|[a-z]+) )(?P<ev>entered play|enters play|"
            r"came into play|(?:was|is|got|gets) (?:destroyed|bowed|dishonou?red|discarded|killed|sent home|"
            r"straightened|played)|died|(?:just )?resolved|resolves)")
_PRESENT = {"entered play": "enters play", "came into play": "enters play", "died": "is destroyed",
            "resolved": "resolves", "just resolved": "resolves"}
# "my opponent has a Reaction to it", "before his Reaction": a Reaction of that player to the moment
REACTION = (r"(?P<who>(?:my )?opponents?|his|her|their|my|i|(?:he|she|they)(?= ))(?: (?:has|have|had|plays?|played|"
            r"uses?|used|takes?|took))?(?: (?:a|an|the))? reactions?(?: (?:to|for) (?:[a-z0-9§]+ ){0,4}?(?:"
            # "a Reaction to that movement", "to the assignment": the happening said as a noun
            r"(?:that|this|the) [a-z]+(?:ment|ion|ance)s?\b|entering play|enters play|"
            r"being destroyed|destroyed|dying|being bowed|bowed|being discarded|discarded|(?:it|that|this)(?: being "
            r"(?:destroyed|bowed|discarded))?|(?:being )?[a-z]+(?:ing|ed)(?: (?:a|an|the|my|his|her|their) "
            r"[a-z§0-9]+)?))?"
            # "he has a Reaction before it moves home": the Reaction's own moment, in the sentence's words
            r"(?: (?P<own>(?:before|after|when) (?:it|he|she|they|§\d+|(?:a|an|the|my|his|her|their) [a-z§0-9]+) "
            r"(?!(?:is|was|does|do|did|can|could|would|will|should|happens?|resolves? first)\b)[a-z]+s(?: home)?)\b)?")
# other triggers the sentence describes in words ("an opponent trait", "my opponent has a delayed effect"): items
# of that kind answering the moment, for that player
_WHO = r"(?P<who>(?:my )?opponents?|his|her|their|my|i|your)"
TRAIT = rf"{_WHO}(?: s)?(?: (?:has|have|had))?(?: (?:a|an|the))?(?: (?:own|triggered))? traits?"
DELAYED = rf"(?<!\d )(?:{_WHO}(?: s)?(?: (?:has|have|had))? )?(?:a |an |the )?delayed effects?"
BOTH = (rf"{_WHO}(?: s)?(?: (?:has|have|had))?(?: (?:a|an|the))? (?P<k1>traits?|reactions?|delayed effects?) and "
        r"(?:a |an |the )?(?P<k2>traits?|reactions?|delayed effects?)")
# "in response to armies engaging", "Reactions to it resolving": the moment after it
RESPONSE_TO = (r"(?:in response to|responding to|reactions? to) (?P<subj>(?:the |a |an |my |his |her |their )?"
               r"(?:[a-z§0-9]+ ){0,2}?[a-z§0-9]+) (?P<verb>[a-z]+ing)\b")
# "we both have Reactions": one of each player's
BOTH_REACT = (r"(?:we both|both of us|both players|(?:my )?opponent and i|i and my opponent) (?:have|has|play|hold)?"
              r" ?(?:a )?reactions?")
MY_REACTION_ASKED = r"(?:can|may|could) i (?:still )?(?:play|use) (?:a |my )?reactions?"
PASSED = r"\bi passed(?: on (?:reacting|my reaction|the first opportunity))?\b"
# "my opponent tries to target it with a Melee Attack": the when-point of what would happen (L4)
TRIES = (r"(?:(?P<who>(?:my )?opponents?|he|she|they|i|we) (?:plays?|played|uses?|used) (?P<what>(?:a|an|the|his|her|"
         r"their|my) [a-z§0-9]+|§\d+) (?:that|which) )?"  # "my opponent plays a card that would move …": by whom, with
         r"(?:(?:tries|try|tried|wants|is trying|attempts?|is about|is going) to|would|will) "
         r"(?P<verb>target|destroy|bow|move|dishonou?r|discard|kill|"
         r"send home|send) (?P<obj>it|him|her|them|§\d+|(?:my|your|his|her|their|a|an|the) [a-z§0-9]+)"
         r"(?P<bearing> (?:wearing|with|bearing|equipped with|holding) §\d+)?(?P<home> home)?"
         r"(?: with "
         r"(?P<with>(?:a |an |the |his |her |their |my )?[a-z§0-9]+(?: (?!on\b|during\b|and\b|in\b)[a-z]+)?))?")
TIMING = (r"(?:before|after|when) (?:your |my |the |a |their )?(?:[a-z]+ )?(?:phase|turn|battle|game) "
          r"(?:ends|begins|starts)")
COMPARE = rf"(?P<one>{TIMING}) (?:or|and|vs|versus|compared to) (?P<two>{TIMING})"
ACTIVE = (r"(?:on|during|in) (?:my |an |the )?opponents?(?: s)? (?:turn|(?:(?:straighten|events?|action|attack|"
          r"dynasty|end) )?phase)|(?:on|during) (?:their|his|her) turn|"
          r"(?:my )?opponent is (?:the )?active(?: player)?|"
          # "it's my opponent's turn"; the attacker is the active player ("his attacking Personality")
          r"(?:it s|its|it is) (?:my )?opponents?(?: s)? (?:turn|(?:(?:straighten|events?|action|attack|dynasty|end) )?"
          r"phase)|(?:my )?opponents? (?:is )?attacking|(?:his|her|their) attacking (?:army|armies|personality|"
          r"personalities|unit|units)")
MY_TURN = r"(?:on|during|it s|its|it is) my (?:own )?turn"  # the default: you are the active player
DURING_DUEL = r"(?:during|in) (?:a|the|this) duel"
MADE = (r"(?:made|played|play|created|used|use|cast) (?:§\d+ (?:(?:on|at) (?:[a-z]+ ){0,3}?)?)?(?:during|in) "
        r"(?:a |an |the |this |my |your )?(?:(?:straighten|events?|action|attack|dynasty|end) (?=phase))?"
        r"(battle|action|phase|turn)")
# Who went first this game (Courtesy traits, "When going second ..."): "I went first", "I'm going second", "my
# opponent went first"
_I_WENT = r"\bi(?: ?m| am| was| have| had)? (?:went|go|going|goes|gone|played|play|to go)"
WENT_FIRST = (rf"{_I_WENT} (?P<mine>first|second)\b|\b(?:my |the )?opponents? (?:went|goes|is going|was going|"
              r"played|plays|had gone|has gone) (?P<theirs>first|second)\b")

# Gold for one payment (L7): "I pay for a Personality with Copper Mine", "when my opponent pays for a Holding"
PAYING = (r"(?P<who>i|we|(?:my )?opponents?|he|she|they) (?:(?:am|is|are|was|were) )?(?:pay|pays|paid|paying)"
          r"(?: gold)? for (?P<what>(?:a |an |my |his |her |their |the )?(?:[a-z]+ )??(?:personality|holding|"
          r"follower|item|spell|card|action|ability|§\d+)s?)")
USED_ON = (r"\b(?:used|use|played|play|cast) §\d+ on (?:my |your |his |her |their |a |an |the )?(?:opponents? (?:s )?)?"
           r"(?:[a-z]+ )??(?:personality|holding|follower|item|unit|card|province|stronghold|him|her|it)\b")
PLAYED = r"\b(?:(?:i|we|you) )?(?:just )?(?:play|played|use|used|cast|activate|activated|resolve|resolved) (?=§\d+)"
# a named card's own trigger said as such ("Final Confrontation's delayed effect", "Moksha Patam's trait")
OWN_KIND = r"§\d+(?: s)? (?:own )?(?:delayed effects?|triggered traits?|traits?|reactions?|interrupts?)"
STRONGHOLD_GOLD = (r"(?:(?P<who>my|your|his|her|their|(?:my )?opponents?)(?: s)? )?strongholds?(?: s)? gold|"
                   r"gold (?:from|of) (?P<who2>my|your|his|her|their|(?:my )?opponents?)(?: s)? stronghold")
# the phase or period the moment falls in: "during the Attack Phase", "in a duel"
DURING_PHASE = (r"(?:during|in) (?:the |my |your |their |his |her |a |an |this )?(?:opponents? (?:s )?)?"
                r"(?:(?P<phase>straighten|events?|action|attack|dynasty|end) phase|(?P<period>battle|duel)\b)")
# whose action made the occurrence: "my opponent's action", "their Battle action"
BY = (r"(?P<who>(?:my )?opponents?|their|his|her|my)(?: s)? (?:own )?(?:battle |open |limited |political |"
      r"engage |melee |ranged )?action")
ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
           "5th": 5}
TIMES = r"\b(?:for )?the (?P<n>first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th)(?: time)?\b"

# The moment words players use, from a census of what the engine's triggers wait for (1,368 trigger and delayed
# texts of 1,007 L5R cards: enters play 373, resolves 146, ends 103, targets 95, is destroyed / dies 113, begins 35,
# assigns, moves, wins a duel, bows, Equips, Recruits, reveals, engaging, pays ...): each player's word as the
# card texts say it ("died" is "is destroyed", "the start of my turn" is "your turn begins", "resolution" is
# "resolves")
_SAID_AS = {
    "recruit": "recruit recruits recruited recruiting buy buys bought",
    "destroy": "destroy destroys destroyed destroying destruction die dies died dying kill kills killed",
    "enter": "enter enters entered entering",
    "equip": "equip equips equipped equipping attach attaches attached attaching",
    "reveal": "reveal reveals revealed revealing flip flips flipped",
    "bow": "bow bows bowed bowing",
    "straighten": "straighten straightens straightened straightening",
    "assign": "assign assigns assigned assigning assignment",
    "target": "target targets targeted targeting",
    "resolve": "resolve resolves resolved resolving resolution",
    "end": "end ends ended ending over",
    "begin": "begin begins began beginning start starts started starting",
    "engage": "engage engages engaged engaging engagement",
    "move": "move moves moved moving",
    "win": "win wins won winning",
    "lose": "lose loses lost losing loss losses",
    "gain": "gain gains gained gaining",
    "pay": "pay pays paid paying payment",
    "focus": "focus focuses focused focusing",
    "discard": "discard discards discarded discarding",
    "dishonor": "dishonor dishonors dishonored dishonoring dishonour dishonours dishonoured",
    "rehonor": "rehonor rehonors rehonored rehonour rehonoured",
    "announce": "announce announces announced announcing",
    "leave": "leave leaves left leaving",
    "attack": "attack attacks attacked attacking",
    "defend": "defend defends defended defending",
    "challenge": "challenge challenges challenged",
    "duel": "duel duels dueling duelling",
    "battle": "battle battles combat",
    "lobby": "lobby lobbies lobbied",
    "proclaim": "proclaim proclaims proclaimed",
    "create": "create creates created creating",
    "overlay": "overlay overlays overlaid",
    "perform": "perform performs performed performing",
    "produce": "produce produces produced producing",
    "province": "province provinces",
    "army": "army armies",
    "honor": "honor honour",
}
SAID_AS = {form: canon for canon, forms in _SAID_AS.items() for form in forms.split()}
# the occurrences themselves (a trigger matched by "Personality" or "turn" alone is no moment said)
HAPPENINGS = frozenset(SAID_AS.values()) - {"duel", "battle", "province", "army", "honor"}
_NOT_MOMENT = frozenset({"play", "card", "cards", "player", "players", "another", "one", "ones", "time", "first",
                         "next", "this", "that", "who", "goes", "order", "trigger", "triggers", "happen",
                         "happens", "reaction", "reactions", "trait", "traits", "delayed", "effect", "effects"})
_SELF = re.compile(r"\bthis (?:card|Follower|Personality|Holding|Item|Spell|Event|Strategy|Province|Region|Sensei|"
                   r"Stronghold|Ring|Terrain|Celestial|Kiho|Kata|Ancestor|Wind)\b")


def said_as(word: str) -> str:
    """A word as the card texts say its occurrence ("died" -> "destroy"); else its first five letters."""
    word = fold(word)
    return SAID_AS.get(word) or SAID_AS.get(word.rstrip("s")) or word[:5]


@dataclass(frozen=True)
class Said:
    """A moment the sentence says in its own words: the `at` it reads as, the words that said it, and the note."""

    at: str
    words: frozenset[int]
    note: str
    said: frozenset[str] = frozenset()  # its words as the card texts say them: the sentence's other such words
    by: str = ""  # whose action makes it, when the sentence says so


def _free_words(sentence: Sentence) -> dict[int, str]:
    """Word positions no card and no phrase took, outside the question's own order words, by how the card texts
    would say them."""
    asked = set()
    for pattern in (ORDER_WORDS, DURING_PHASE, ACTIVE, MY_TURN, OWN_KIND):
        for m in re.finditer(pattern, sentence.norm):
            asked |= sentence.words_in(m.start(), m.end())
    cards = {i for c in sentence.cards for i in range(c.start, c.end)}
    return {i: said_as(w.base) for i, w in enumerate(sentence.words)
            if i not in sentence.used and i not in asked and i not in cards and w.norm not in FILLER
            and w.norm not in _NOT_MOMENT and any(ch.isalpha() for ch in w.norm)}


def _moments_of(card: Any) -> list[tuple[str, str, str]]:
    """(timing, occurrence, what it is) of each trigger and delayed point of a card, self-references by its name."""
    name = card.name.split(" •")[0]
    out = []
    for ability in read_card(card):
        kind = ability.kind.value if ability.kind in (Kind.TRAIT, Kind.REACTION, Kind.INTERRUPT) else "trigger"
        if ability.timing and ability.occurrence:
            out.append((ability.timing, re.sub(r"(?i)^(?:the (?:next|first) time|each time)\s+(?:\(?this turn\)?\s+)?",
                                               "", ability.occurrence), f"{card.name}'s {kind}"))
        for term in ability.delayed_terms:
            said = re.match(r"(?i)(before|after|when)\s+(?:the (?:next|first) time (?:\(?this turn\)? )?|"
                            r"each time (?:\(?this turn\)? )?)?(.+)", term.words)
            if said is not None:
                out.append((said.group(1).lower(), said.group(2), f"{card.name}'s delayed effect"))
    return [(t, _SELF.sub(name, o).strip(" ,."), w) for t, o, w in out]


def _trigger_said(sentence: Sentence, cards: list[int], moment: re.Match[str] | None = None) -> Said | None:
    """The trigger of a named card that the sentence's free words say ("I Equip Plague Zombies": its "After you
    Equip this Follower"; "at the start of my turn I reveal my provinces": The Emerald Championship's "after you
    reveal cards in your Provinces at the start of your turn"): the moment, in the card's words. With a moment
    read already (`moment`), only a trigger that says all its happening words and more."""
    free = _free_words(sentence)
    if moment is not None:
        inside = sentence.words_in(moment.start(), moment.end())
        free = {i: w for i, w in free.items() if i in inside}
    best: tuple[tuple[int, int], Said] | None = None
    for n in cards:
        card = sentence.cards[n].card
        if card is None:
            continue
        own = {said_as(w) for w in fold(card.name.split(" •")[0]).split()}
        for timing, occurrence, what in _moments_of(card):
            words = {said_as(w) for w in fold(occurrence).split() if w not in FILLER and w not in _NOT_MOMENT}
            hits = {i for i, w in free.items() if w in words and w not in own}
            happenings = {free[i] for i in hits} & HAPPENINGS
            if not happenings:
                continue
            if moment is not None and {free[i] for i in hits} != {w for w in free.values()} & words:
                continue
            score = (len({free[i] for i in hits}), -len(words))
            if best is None or score > best[0]:
                said = ", ".join(f"“{sentence.words[i].text}”" for i in sorted(hits))
                best = (score, Said(f"{timing} {occurrence}", frozenset(hits), f"{said} is read as the moment of "
                                    f"{what}: “{timing} {occurrence}”", frozenset(words | own)))
    if best is None or (moment is not None and best[0][0] < 2):
        return None
    return best[1]


# A point of the turn said as what happened or when: "the battle ends", "at the end of the turn", "the start of the
# Attack Phase", "the duel resolves"
_PERIOD = r"(?:(?:straighten|events?|action|attack|dynasty|end) phase|turn|battle|duel)"
PERIOD_SAID = (rf"(?:(?P<timing>before|after|when|at|by) )?(?:the )?(?P<edge>end|start|beginning) of (?:the |this "
               rf"|my |your |their |his |her |a |an )?(?:opponents? (?:s )?)?(?P<what>{_PERIOD})|"
               rf"(?:(?P<timing2>before|after|when) )?(?:the |this |my |your |their |a |an )?(?P<what2>{_PERIOD})"
               r"(?: s)? (?P<edge2>ends|ended|is over|was over|begins|began|starts|started|resolves|resolved|"
               r"resolution)")


def _tried(sentence: Sentence, m: re.Match[str], cards: list[int]) -> Said:
    """"tries to target it with a Melee Attack" -> "when a Melee Attack would target Seasoned Ashigaru"."""
    def named(words: str) -> str:
        said = " ".join(sentence.card_at(w).name if w.startswith(SLOT) else w for w in words.split())
        if said in ("it", "him", "her", "them") and cards:
            return sentence.cards[cards[0]].name
        return said

    def said(group: str, default: str) -> str:
        if not m.group(group):
            return default
        return named(m.group(group)) if m.group(group).startswith(("§", "it", "him", "her", "them")) else \
            sentence.typed(m, group)

    obj = said("obj", "it") if m.group("obj") not in ("it", "him", "her", "them") else \
        "a Personality"  # "bows an enemy Personality and tries to move it home": the one it acts on, not the card
    at = f"when {said('with', said('what', 'an action'))} would {m.group('verb')} {obj}{m.group('home') or ''}"
    by = _whose(m.group("who")) if m.group("who") else ""
    return Said(at, frozenset(sentence.words_in(m.start(), m.end())),
                f"“{sentence.typed(m)}” is read as the moment “{at}” (what would happen, before it does)", by=by)


def _responded(sentence: Sentence, m: re.Match[str], cards: list[int]) -> Said | None:
    """"in response to armies engaging" -> "after armies engage"; "Reactions to it resolving" -> "after X resolves"."""
    verb = SAID_AS.get(m.group("verb"))
    if verb is None:
        return None
    words = m.group("subj").split()
    subject = " ".join(sentence.card_at(w).name if w.startswith(SLOT) else w for w in words)
    # "Reactions to it resolving", "my opponent has a Reaction to my action resolving" beside the card played
    if (subject in ("it", "that", "this") or re.fullmatch(r"(?:my|the|that|this) (?:action|card|event|strategy|"
                                                          r"spell)", subject)) and len(cards) == 1:
        subject = sentence.cards[cards[0]].name
    elif not any(w.startswith(SLOT) for w in words):
        subject = sentence.typed(m, "subj")
    plural = words[-1].endswith("s") and not any(w.startswith(SLOT) for w in words) and words[-1] not in ("it", "this")
    at = f"after {subject} {verb if plural else verb + 's'}"
    return Said(at, frozenset(sentence.words_in(m.start(), m.end())),
                f"“{sentence.typed(m)}” is read as the moment “{at}”")


def _period_said(sentence: Sentence) -> Said | None:
    m = next(iter(sentence.find(PERIOD_SAID)), None)
    if m is None:
        return None
    what = m.group("what") or m.group("what2")
    edge = said_as(m.group("edge") or m.group("edge2"))
    timing = m.group("timing") or m.group("timing2")
    verb = {"end": "ends", "begin": "begins", "resolve": "resolves"}[edge]
    at = f"{timing if timing in ('before', 'after', 'when') else 'after'} the {what} {verb}"
    if what.endswith("phase"):
        at = f"{at.split(' the ')[0]} the {what.split()[0].title()} Phase {verb}"
    note = f"“{sentence.typed(m)}” is read as the moment “{at}”"
    if timing not in ("before", "after", "when"):
        note += " (say “before …” or “when …” for another point of it)"
    return Said(at, frozenset(sentence.words_in(m.start(), m.end())), note)


# A happening told in a clause of its own, "<who or what> <does it> <to what, where>": "My bowed Mirumoto Kojinrue
# assigns to attack", "My opponent moves a unit into his attacking army at my province" (the players' words for
# the occurrences the card texts wait for: HAPPENINGS). The moment is the one after it; the words that say which
# time, whose turn or which phase are read by their own phrases, so the moment stops before them.
_TOLD_STOP = re.compile(r"(?i)^(?:for|this|on|during|while|first|second|third|again|twice|too|also|then|so|"
                        r"but|and|or|if|when|before|after|because|which|who|what)$")
_DONE_BY_ACTION = frozenset({"move", "bow", "destroy", "target", "discard", "dishonor", "straighten", "create",
                             "equip", "recruit"})
_PAST = {"won": "win", "lost": "lose", "left": "leave", "paid": "pay", "began": "begin", "started": "start"}
_SUBJECT_START = frozenset({"my", "your", "his", "her", "their", "a", "an", "the", "one", "another", "it", "he",
                            "she", "they", "i", "we", "this", "that", "each", "opponent", "opponents"})


def _told_moment(sentence: Sentence) -> Said | None:
    """The first clause that tells a happening with its subject, read as the moment after it (in the present tense,
    a card by its name); None when no clause does."""
    for start, end in _clauses(sentence):
        words = list(range(start, end))
        if sentence.words[start].norm in _ASKING or sentence.words[start].norm in ("before", "until", "while"):
            continue
        while words and sentence.words[words[0]].norm in _LINKS | {"it", "its", "it s", "in"} - {"after"}:
            words = words[1:]  # "and my opponent loses Honor", "then …": the link is no part of the happening
        if len(words) < 2:
            continue
        purpose = _purpose(sentence, words)
        if purpose is not None:
            return purpose
        verb = next((k for k, i in enumerate(words) if k > 0 and i not in sentence.used
                     and not any(c.start <= i < c.end for c in sentence.cards)
                     and _happening_verb(sentence.words[i].norm, sentence.words[words[k - 1]].norm)), None)
        if verb is None or verb > 5 or any(i in sentence.used for i in words[:verb]):
            continue
        subject = words[:verb]
        first = sentence.words[subject[0]].norm
        in_card = [n for n, c in enumerate(sentence.cards) if c.start in subject]
        if not in_card and first not in _SUBJECT_START:
            continue
        rest = []
        for i in words[verb + 1:]:
            if i in sentence.used or _TOLD_STOP.match(sentence.words[i].norm):
                break
            rest.append(i)
        said_subject = sentence.cards[in_card[-1]].name if in_card else " ".join(
            sentence.words[i].norm if k == 0 else sentence.words[i].text for k, i in enumerate(subject))
        norm = sentence.words[words[verb]].norm
        canon = _PAST.get(norm) or said_as(norm)
        present = norm
        if norm in _PAST or norm in (canon + "ed", canon + "d"):  # told in the past: said as it happens
            present = canon if first in ("i", "we") and not in_card else canon + ("es" if canon.endswith("sh") else "s")
        text = " ".join([said_subject, present] + [sentence.words[i].text for i in rest])
        at = f"after {text}"
        taken = frozenset([*subject, words[verb], *rest])
        note = f"“{' '.join(sentence.words[i].text for i in sorted(taken))}” is read as the moment “{at}”"
        # "my opponent moves a unit …": the opponent doing it to a card is the opponent's action
        by = "opponent" if not in_card and " ".join(sentence.words[i].norm for i in subject) in (
            "my opponent", "opponent", "he", "she", "they") and canon in _DONE_BY_ACTION else ""
        if by:
            note += " (by your opponent's action)"
        return Said(at, taken, note, by=by)
    return None


def _purpose(sentence: Sentence, words: list[int]) -> Said | None:
    """"I use Obscured Pathways to move his attacking Personality home": what is done to the card, the moment after
    it happens to it ("after his attacking Personality moves home")."""
    for k in range(1, len(words) - 2):
        i = words[k]
        if sentence.words[i].norm != "to" or any(j in sentence.used for j in words[k:]):
            continue
        verb = said_as(sentence.words[words[k + 1]].norm)
        if verb not in _DONE_BY_ACTION or sentence.words[words[k + 1]].norm != verb:
            continue
        rest = words[k + 2:]
        cut = next((n for n, j in enumerate(rest) if _TOLD_STOP.match(sentence.words[j].norm)), len(rest))
        rest = rest[:cut]
        home = [j for j in rest if sentence.words[j].norm == "home"]
        obj = [j for j in rest if j not in home]
        if not obj or len(obj) > 5:
            return None
        said_obj = _said_with_names(sentence, obj)
        at = f"after {said_obj} {verb}{'es' if verb.endswith('sh') else 's'}{' home' if home else ''}"
        taken = frozenset(words[k:k + 2] + rest)
        return Said(at, taken, f"“{' '.join(sentence.words[j].text for j in sorted(taken))}” is read as the moment "
                               f"“{at}”")
    return None


def _said_with_names(sentence: Sentence, positions: list[int]) -> str:
    """Words as typed, a card among them by its name."""
    out: list[str] = []
    for j in positions:
        span = next((c for c in sentence.cards if c.start <= j < c.end), None)
        if span is None:
            out.append(sentence.words[j].text)
        elif span.start == j or j == positions[0]:
            out.append(span.name)
    return " ".join(out)


def _happening_verb(norm: str, before: str) -> bool:
    """Whether a word is a verb telling one of the occurrences card texts wait for, as a clause says it ("assigns",
    "moved", "won"; after "i"/"we" its bare form)."""
    canon = _PAST.get(norm) or SAID_AS.get(norm)
    if canon is None or canon not in HAPPENINGS or canon in ("end", "begin", "resolve"):
        return False
    if norm in _PAST or norm.endswith("ed"):  # not a state said of a card ("my bowed Kojinrue", "is bowed")
        return before not in ("is", "was", "are", "were", "be", "been", "get", "gets", "got", "my", "your", "his",
                              "her", "their", "the", "a", "an", "its")
    if norm.endswith("ing") or norm in ("assignment", "resolution", "payment", "destruction", "engagement", "loss",
                                       "losses", "over", "combat"):
        return False
    return norm.endswith("s") or before in ("i", "we", "they", "you")


def _others_described(sentence: Sentence) -> bool:
    """Whether the sentence describes a trigger of its own beside the cards ("my opponent has a Reaction")."""
    return any(m.group("who") for p in (REACTION, TRAIT, DELAYED) for m in re.finditer(p, sentence.norm)) or \
        sentence.has(r"\b(?:a|an) reactions?\b")


# Where one happening the sentence tells ends and the next begins ("It bows, then it bows again later that turn")
_CLAUSE_START = frozenset({"then", "and", "but", "after", "when", "whenever", "before", "if", "once", "while", "so",
                           "also", "afterwards", ";", "does", "do", "did", "will", "would", "can", "could", "should",
                           "how", "what", "which", "who", "why"})
_LINKS = frozenset({"then", "and", "but", "after", "when", "whenever", "before", "if", "once", "while", "so", "also",
                    "afterwards", ";"})
_ASKING = frozenset({"does", "do", "did", "will", "would", "can", "could", "should", "is", "are", "was", "how",
                     "what", "which", "who", "why"})
_PAUSE = re.compile(r"[,.;:?!()—–]| - ")
_TAIL = re.compile(r"(?i)(?:\s+(?:again|later|twice|once more|this turn|that turn|the same turn|later that turn|"
                   r"later this turn|in the same turn|too|as well|\d+ times|two times|three times))+$")
_HEAD = re.compile(r"(?i)^(?:(?:later|again|also|then)(?: (?:that|this|the same) turn)?,?\s+)+")
_COUNT = {"twice": 2, "two times": 2, "2 times": 2, "three times": 3, "3 times": 3}
_TOLD_PLAY = {"play", "plays", "played", "playing"}  # "my opponent plays an action": a happening, told by another


def _clauses(sentence: Sentence) -> list[tuple[int, int]]:
    """[start, end) word positions of the sentence's clauses: split at punctuation and at words that start one."""
    out, start = [], 0
    for i in range(1, len(sentence.words) + 1):
        if i == len(sentence.words) or sentence.words[i].norm in _CLAUSE_START or _PAUSE.search(
                sentence.text[sentence.words[i - 1].end:sentence.words[i].start]):
            if i > start:
                out.append((start, i))
            start = i
    return out


def _events_said(sentence: Sentence, n: int, asked: str, free: set[int]) -> list[tuple[int, str]]:
    """What the sentence tells happened after the effect was made, in order, as `occurs:` events the engine checks
    against what the effect waits for ("It bows, then it bows again" -> occurs:"It bows" twice; "the target
    assigns, then moves to a battlefield"; "after my Personality is bowed"; "a second Province this turn" repeats
    the happening before it). A question's own clause ("does its controller lose Honor both times?") tells nothing,
    except the point the effect waits for ("does it still happen before this battle resolves?")."""
    card = sentence.cards[n].card
    own = {i for k in sentence.mentions(n) for i in range(sentence.cards[k].start, sentence.cards[k].end)}
    waits = _waited(card, asked)
    out: list[tuple[int, str]] = []
    last = ""
    asked_before = False
    for start, end in _clauses(sentence):
        words = [i for i in range(start, end) if sentence.words[i].norm != ";"
                 and (sentence.words[i].norm not in _LINKS or i > start)]
        if not words:
            continue
        if sentence.words[start].norm in ("before", "until", "unless", "without") and not asked_before:
            # "if the turn ends before he attacks": what has not happened (yet) is no event; when it is what the
            # effect waits for, the answer says it never came
            verbs = {said_as(sentence.words[i].base) for i in words if i in free}
            if any(_main_verb(w) in verbs for w in waits):
                sentence.used.update(i for i in words if i in free)
                sentence.note(f"“{sentence.text[sentence.words[start].start:sentence.words[end - 1].end]}” is read "
                              "as not having happened by then")
            continue
        if sentence.words[words[0]].norm not in _ASKING and _denied(sentence, words) and any(
                i in free and said_as(sentence.words[i].base) in HAPPENINGS for i in words):
            # "If I don't Proclaim this turn": what did not happen is no event (the effect's wait ends unmet)
            sentence.used.update(i for i in words if i in free)
            sentence.note(f"“{sentence.text[sentence.words[words[0]].start:sentence.words[end - 1].end]}” is read as "
                          "not having happened")
            continue
        asking = sentence.words[words[0]].norm in _ASKING or (asked_before and sentence.words[start].norm in (
            "before", "until", "when", "after"))  # "does it still happen | before this battle resolves?"
        asked_before = asking
        happening = [i for i in words if i in free and (said_as(sentence.words[i].base) in HAPPENINGS or (
            sentence.words[i].norm in _TOLD_PLAY and not own & set(words)
            and sentence.words[words[0]].norm != "i"))]
        typed = " ".join(sentence.words[i].text for i in words)
        if asking:
            # only the point the effect waits for, said in the question ("before this battle resolves")
            wanted = [w for w in waits if _tells(sentence, words, free, w)]
            if wanted:
                sentence.used.update(i for i in words if i in free and said_as(sentence.words[i].base) in
                                     {said_as(x) for x in fold(wanted[0]).split()})
                out.append((words[0], f"occurs:{wanted[0]}"))
            continue
        if not happening:
            again = [i for i in words if i in free and sentence.words[i].norm in ("second", "another", "again",
                                                                                  "third")]
            if again and last:
                sentence.used.update(again)
                out.append((words[0], f"occurs:{last}"))
            continue
        lead = [i for i in words if i in free or i in own]
        if lead and lead[0] in own:
            sentence.used.update(i for i in words if i in free)  # "Kakita Iwari targets a Personality": the card's
            continue  # own action being taken, which made the effect
        text = _HEAD.sub("", _TAIL.sub("", typed)).strip(" ,.;:")
        count = next((c for said, c in _COUNT.items() if re.search(rf"\b{said}\b", typed.lower())), 1)
        sentence.used.update(i for i in words if i in free)
        last = text
        out += [(words[0] + k / 10, f"occurs:{text}") for k in range(count)]
    return out


_DENIED = frozenset({"dont", "didnt", "doesnt", "never", "hasnt", "havent", "hadnt", "wont", "isnt", "wasnt"})


def _denied(sentence: Sentence, words: list[int]) -> bool:
    """Whether a clause says its happening did not happen ("I don't Proclaim", "he did not attack", "no one
    bows")."""
    norms = [sentence.words[i].norm for i in words]
    return bool(_DENIED & set(norms)) or any(
        a in ("do", "did", "does", "has", "have", "had", "was", "is") and b == "not"
        for a, b in pairwise(norms))


def _told_wait(sentence: Sentence, m: re.Match[str], waits: list[str]) -> bool:
    """Whether the clause holding a match tells an occurrence the effect waits for."""
    at = sentence.position(m)
    free = set(range(len(sentence.words))) - sentence.used
    for start, end in _clauses(sentence):
        if start <= at < end:
            return any(_tells(sentence, list(range(start, end)), free, w) for w in waits)
    return False


def _main_verb(occurrence: str) -> str | None:
    """What an occurrence says happens, as the card texts say it: its last happening word ("a target Personality
    attacks you" -> "attack")."""
    found = [said_as(w) for w in occurrence.split() if said_as(w) in HAPPENINGS]
    return found[-1] if found else None


def _waited(card: Any, asked: str) -> list[str]:
    """The occurrences the ability judged waits for (its delayed terms' events)."""
    if card is None:
        return []
    abilities = read_card(card)
    if not abilities:
        return []
    numbered = re.search(r"#(\d+)$", asked)
    ability = abilities[int(numbered.group(1)) - 1] if numbered and int(numbered.group(1)) <= len(abilities) \
        else first_to_judge(abilities)
    return [e for t in ability.delayed_terms for e in t.events]


def _tells(sentence: Sentence, words: list[int], free: set[int], occurrence: str) -> bool:
    """Whether free words of a clause say every word of an occurrence that says what happens (its verb and
    nouns, "battle" and "resolves" of "this battle resolves")."""
    want = {said_as(w) for w in fold(occurrence).split() if w not in FILLER and w not in _NOT_MOMENT}
    have = {said_as(sentence.words[i].base) for i in words if i in free}
    return bool(want & HAPPENINGS) and want <= have


def _delayed_asked(sentence: Sentence, n: int, inputs: dict[str, Any]) -> None:
    """"Recruitment Officer's delayed effect": the one ability of the card that makes a delayed effect, when the one
    judged by default makes none."""
    card = sentence.cards[n].card
    if card is None:
        return
    abilities = read_card(card)
    waiting = [a for a in abilities if a.delayed_terms or any(t.form.value == "delayed" for t in a.terms)]
    if len(abilities) < 2 or len(waiting) != 1 or waiting[0].index == first_to_judge(abilities).index:
        return
    inputs["card"] = f"{inputs['card']}#{waiting[0].index}"
    sentence.note(f"“delayed effect” points to {card.name}'s ability #{waiting[0].index} (“{_cut(waiting[0].text)}”), "
                  "its only one that makes a delayed effect: that ability is judged")


def _whose(said: str | None) -> str:
    return "you" if said in (None, "my", "i", "we", "your", "you") else "opponent"


class L5rPhrases:
    """How `/l5r order` and `/l5r duration` are asked in a sentence."""

    names = (r"l5r(?: ccg)?", r"legend of the five rings", r"legend of the 5 rings")
    # (hints: words only L5R questions use; with no card named they pick L5R for a rules question)
    hints = (r"personalit(?:y|ies)", r"duels?", r"hono(?:u)?r", r"dishono(?:u)?r(?:ed)?", r"provinces?",
             r"dynasty", r"fate", r"bowed?", r"action resolves", r"focus effects?", r"\+\d+f", r"force", r"chi",
             r"samurai", r"shugenja", r"recruit(?:s|ed|ing)?", r"delayed effects?", r"in response to", r"holdings?",
             r"strongholds?", r"triggered traits?")
    answers = ("about the order things triggered at one moment resolve in (the order question) and how long an "
               "effect lasts (the duration question)")
    # a Force or Chi asked about as a stat, not how long a change to it lasts ("how long does its Force reduction
    # last?" is a duration question)
    _STAT = r"^(?!.*\b(?:how long|lasts?|still|wears? off|until|after the|end of|negated?|later)\b).*"
    cannot = (r"\bcosts?\b", r"\bgold cost\b", r"\blegal\b", r"\bbanned\b", _STAT + r"\bforce\b(?! \+)",
              _STAT + r"\bchi\b",
              r"\bhonou?r requirement\b", r"\bworth\b", r"\bany good\b", r"\bdeck ?build", r"\bstats?\b")
    without_cards = True  # "which comes first: after ... or before ...?" names no card
    filler = frozenset({"last", "lasts", "long", "effect", "effects", "still", "work", "first", "order", "resolve",
                        "resolves", "trigger", "triggers", "both", "goes", "happen", "happens", "waiting", "carry",
                        "permanent", "bonus", "ability", "abilities", "who", "which", "what", "come", "comes",
                        "get", "again", "extra", "apply", "applies"})

    def read(self, sentence: Sentence) -> Reading | Ask:
        # "A Dangerous Game is face-up", "I have X face-up": the card's own "if this Event is face-up" said to hold,
        # as answers take it
        sentence.take(r"\b(?:(?:is|are|was|were) (?:still )?|(?<=§\d) )face ?up\b")
        # effects the player quotes ("my opponent has a card with a trait “After …”") are items of their own, and
        # their words are never the moment: held apart while the question is read
        quoted = read_quoted(sentence)
        sentence.used |= quoted.words
        result = self._read(sentence, quoted)
        if not (isinstance(result, Reading) and result.command == "order"):
            sentence.used -= quoted.words  # read as no order: the quotes are words not read
        elif quoted.cards:  # a card named inside a quoted effect is a word of that effect, not a card asked about
            sentence.cards[:] = [c for n, c in enumerate(sentence.cards) if n not in quoted.cards]
        return result

    def _read(self, sentence: Sentence, quoted: Quoted) -> Reading | Ask:
        compare = next(iter(sentence.find(COMPARE)), None)
        if compare is None and not sentence.distinct():
            points = list(sentence.find(TIMING))
            if len(points) == 2:  # "which comes first: a trigger “after …” or one “before …”?"
                for m in points:
                    sentence.use(m)
                sentence.take(ORDER_WORDS)
                sentence.take(r"\b(?:a |an |the )?(?:trigger|timing|point|one)s?\b")
                return sentence.reading("order", {"compare": [sentence.typed(m) for m in points]})
        if compare is not None and not sentence.distinct():
            sentence.use(compare)
            sentence.take(ORDER_WORDS)
            return sentence.reading("order", {"compare": [sentence.typed(compare, "one"),
                                                          sentence.typed(compare, "two")]})
        if len(quoted.points) == 2 and sentence.has(ORDER_WORDS):
            # "Which comes first, “when your Stronghold bows” or “after your Stronghold bows”?" beside a card: the
            # two timing points compared
            for _, words in quoted.points:
                sentence.used |= words
            for n in range(len(sentence.cards)):  # the card the timing is asked for: its name read
                sentence.use_card(n)
            sentence.take(ORDER_WORDS)
            sentence.take(r"\b(?:a |an |the )?(?:trigger|timing|point|one)s?\b")
            return sentence.reading("order", {"compare": [text for text, _ in quoted.points]})
        points = list(sentence.find(TIMING))
        if len(points) == 2 and sentence.has(r"\b(?:which|what) (?:one )?(?:comes|goes|happens|is|triggers) first\b")\
                and not _others_described(sentence) and not quoted.items:
            # "which comes first: something that triggers after my Attack Phase ends, or something that triggers
            # before my Dynasty Phase begins? I'm trying to time Shinjo Tsung-min": the two points compared
            for m in points:
                sentence.use(m)
            for n in range(len(sentence.cards)):
                sentence.use_card(n)
            sentence.take(ORDER_WORDS)
            sentence.take(r"\b(?:something|anything|a trigger|an ability|one) (?:that )?(?:triggers?|happens?|"
                          r"resolves?)\b|\b(?:trying|want|wanting) to time\b")
            return sentence.reading("order", {"compare": [sentence.typed(m) for m in points]})
        cards = _named(sentence, quoted)
        if not cards and sentence.has(ORDER_WORDS) and (_others_described(sentence) or quoted.items) \
                and self._l5r_said(sentence):
            cardless = self._order_cardless(sentence, quoted)
            if cardless is not None:
                return cardless
        if not cards:
            return Ask("no-card", "Which L5R card is it about? No card name was found in the question (or give two "
                                  "timing points to compare: “after your Dynasty Phase ends or before your End "
                                  "Phase begins”).")
        moment = next(iter(sentence.find(MOMENT)), None)
        ordered = sentence.has(ORDER_WORDS)
        others = _others_described(sentence) or bool(quoted.items)
        # "…, and he has a Reaction before it moves home. What happens?": what happens at a moment, asked beside
        # something that answers it
        ordered = ordered or (others and sentence.has(r"\bwhat happens(?: then| now| next| here)?$"))
        if moment is None and (ordered or (others and len(cards) > 1)):
            paying = sentence.take_first(PAYING)
            if paying is not None:
                return self._order_paying(sentence, paying, quoted)
            tries = sentence.take_first(TRIES)
            if tries is not None:
                return self._order_at(sentence, _tried(sentence, tries, cards), quoted)
            happened = next(iter(sentence.find(HAPPENED)), None)
            if happened is not None and SLOT in happened.group("occ"):  # "My Asp Skirmisher was destroyed": that card
                return self._order_happened(sentence, happened, quoted)
            said = _trigger_said(sentence, cards)
            if said is not None:
                return self._order_at(sentence, said, quoted)
            if happened is not None:
                return self._order_happened(sentence, happened, quoted)
            response = next(iter(sentence.find(RESPONSE_TO)), None)
            said = _responded(sentence, response, cards) if response is not None else None
            if said is not None:
                return self._order_at(sentence, said, quoted)
            said = _told_moment(sentence)
            if said is not None:
                return self._order_at(sentence, said, quoted)
            period = _period_said(sentence)
            if period is not None:
                return self._order_at(sentence, period, quoted)
        if moment is not None and (len(cards) > 1 or ordered or others):
            said = _trigger_said(sentence, cards, moment)
            if said is not None:  # the card's own trigger says the moment the sentence says in other words
                return self._order_at(sentence, said, quoted)
            return self._order(sentence, moment, quoted)
        if ordered and compare is None:  # an order asked for, but no moment the sentence names: asked back
            return Ask("cannot-ask", "That asks what answers a moment and in what order, but names no moment that "
                                     "can be read: say it as “after X enters play” / “when you pay Gold for X” "
                                     "(or ask how long one effect lasts).",
                       tuple(Option(f"How long {sentence.cards[n].name} lasts", self._duration(sentence.copy(), n))
                             for n in cards[:3]))
        if compare is not None and ordered:  # "which comes first, ... or ...?" beside a card; else they are events
            sentence.use(compare)
            sentence.take(ORDER_WORDS)
            return sentence.reading("order", {"compare": [sentence.typed(compare, "one"),
                                                          sentence.typed(compare, "two")]})
        if len(cards) > 1:
            options = []
            for n in cards:
                copy = sentence.copy()
                options.append(Option(sentence.cards[n].name, self._duration(copy, n)))
            return Ask("several-cards", "That names several cards but no moment they answer; the duration question "
                                        "judges one effect at a time (for an order, say the moment: “after a "
                                        "Personality is destroyed, which resolves first?”). Which card?",
                       tuple(options))
        return self._duration(sentence, cards[0])

    def _l5r_said(self, sentence: Sentence) -> bool:
        """Whether a sentence with no card is surely L5R's: the game or an L5R-only word named, or a trigger only L5R
        has before the first turn (a triggered trait or a delayed effect; "a Reaction" is Dominion's word too)."""
        if any(re.search(rf"\b{p}\b", sentence.norm) for p in (*self.names, *self.hints)):
            return True
        return sentence.has(FIRST_TURN) and sentence.has(r"\btraits?\b|\bdelayed effects?\b")

    def _order_cardless(self, sentence: Sentence, quoted: Quoted) -> Reading | None:
        """"Before the first turn of the game, my trait and my opponent's trait trigger at the same time. My
        opponent goes first. Who decides the order?": a rules question with no card, the items as described."""
        inputs: dict[str, Any] = {}
        first = sentence.take_first(FIRST_TURN)
        if first is not None:
            # before the first turn, the player who will take it is the active player (rules, Timing)
            inputs["between_turns"] = True
            sentence.note(f"“{sentence.typed(first)}” is read as the moment “before the first turn begins”, between "
                          "turns")
            went = sentence.take_first(WENT_FIRST)
            if went is not None:
                mine = went.group("mine")
                first_player = ("you" if mine == "first" else "opponent") if mine else (
                    "opponent" if went.group("theirs") == "first" else "you")
                inputs["active"] = first_player
                sentence.note(f"“{sentence.typed(went)}”: before the first turn, the player who takes it is the "
                              "active player")
            return self._order_inputs(sentence, "before the first turn begins", [], inputs, quoted=quoted)
        moment = next(iter(sentence.find(MOMENT)), None)
        if moment is not None:
            return self._order(sentence, moment, quoted)
        said = _period_said(sentence) or _told_moment(sentence)
        return self._order_at(sentence, said, quoted) if said is not None else None

    def _order(self, sentence: Sentence, moment: re.Match[str], quoted: Quoted) -> Reading:
        sentence.use(moment)
        occurrence = sentence.typed(moment, "occ")
        at = f"{moment.group('timing')} {occurrence}"
        inside = set(sentence.slots(moment))
        items = [sentence.cards[n].name for n in _named(sentence, quoted) if n not in inside]
        return self._order_inputs(sentence, at, items, quoted=quoted)

    def _order_at(self, sentence: Sentence, said: Said, quoted: Quoted) -> Reading:
        """The order at a moment the sentence says in its own words (a card's trigger, a period's end)."""
        sentence.note(said.note)
        told = said.words | {i for i, w in _free_words(sentence).items() if w in said.said}
        return self._order_inputs(sentence, said.at, [sentence.cards[n].name for n in _named(sentence, quoted)],
                                  {"by": said.by} if said.by else None, said=frozenset(told), quoted=quoted)

    def _order_paying(self, sentence: Sentence, paying: re.Match[str], quoted: Quoted) -> Reading:
        """"I pay for a Personality with Copper Mine and my Stronghold's gold": Gold produced for one payment (L7),
        the payer ordering it; the Stronghold's own Gold a rulebook item of its controller."""
        at = f"when paying for {sentence.typed(paying, 'what')}"
        items = [sentence.cards[n].name for n in _named(sentence, quoted) if n not in sentence.slots(paying)]
        for m in sentence.take(STRONGHOLD_GOLD):
            who = _whose(m.group("who") or m.group("who2"))
            items.append(f"rulebook:Stronghold produces Gold@{who}")
        sentence.take(r"\b(?:the )?gold(?: production)?\b")
        inputs = {"payer": "you" if paying.group("who") in ("i", "we") else "opponent"}
        sentence.note(f"“{sentence.typed(paying)}” is read as Gold produced for one payment, at the moment “{at}”")
        return self._order_inputs(sentence, at, items, inputs, quoted=quoted)

    def _order_inputs(self, sentence: Sentence, at: str, items: list[str], inputs: dict[str, Any] | None = None,
                      said: frozenset[int] = frozenset(), quoted: Quoted | None = None) -> Reading:
        sentence.take(OWN_KIND)
        for n in range(len(sentence.cards)):
            sentence.use_card(n)
        _negations_quoted(sentence, items)
        _negations_said(sentence, items)
        for m in sentence.take(PLAYED):  # "If I play Ivory Ascendance": the action is mine, when it is the moment's
            played = re.match(r"\s*§(\d+)", sentence.norm[m.end():])
            if m.group(0).startswith(("i ", "we ")) and "by" not in (inputs or {}) and played is not None \
                    and sentence.cards[int(played.group(1))].name in at:
                inputs = {**(inputs or {}), "by": "you"}
        _rules_said(sentence, items)
        asked_mine = sentence.take(MY_REACTION_ASKED)
        quoted = quoted or Quoted()
        for item in quoted.items:
            if item not in items:
                items.append(item)
        for text in quoted.notes:
            sentence.note(text)
        _described(sentence, at, items, quoted.kinds)
        if asked_mine and not any(i.startswith("reaction:") and i.endswith("@you") for i in items):
            items.append(f"reaction:{at}@you")  # "can I still play a Reaction?": one of mine, answering it
        inputs = {"at": at, "item": items, **(inputs or {})}
        if sentence.take(ACTIVE):
            inputs["active"] = "opponent"
        sentence.take(MY_TURN)
        _went_first(sentence, inputs)
        phase = sentence.take_first(DURING_PHASE)
        if phase is not None:
            said_phase = phase.group("phase") or phase.group("period")
            inputs["phase"] = "events" if said_phase.startswith("event") else said_phase
        if sentence.take(PASSED):
            inputs["passed"] = "you"
        by = sentence.take_first(BY)
        if by is not None:
            inputs["by"] = _whose(by.group("who"))
        period = re.search(r"\b(?:this|each) (turn|battle)\b", sentence.norm)
        times = sentence.take_first(TIMES) if period is not None else None
        if times is not None:  # "for the first time this battle": which time, in the period the card counts in
            inputs["times"] = ORDINAL[times.group("n")]
            sentence.take(r"\b(?:this|each) (?:turn|battle)\b")
        sentence.take(ORDER_WORDS)
        sentence.take(r"\bat the same time\b|\bsimultaneously\b|\btogether\b")
        self._abilities_asked(sentence, items, said)
        sentence.used |= said  # the words of the moment, read last: the phrases above may hold some of them
        return sentence.reading("order", inputs)

    def _order_happened(self, sentence: Sentence, happened: re.Match[str], quoted: Quoted) -> Reading:
        """The order at the moment after what the sentence says happened, with the cards named and the Reactions
        the players are said to have ("my opponent has a Reaction to it")."""
        sentence.use(happened)
        words = happened.group("occ").split()
        if words[0] in ("my", "your", "his", "her", "their", "the", "a", "an") and sentence.slots(happened):
            words = words[1:]
        occ = " ".join(sentence.card_at(w).name if w.startswith("§") else w for w in words)
        ev = happened.group("ev")
        at = f"after {occ} {_PRESENT.get(ev, re.sub(r'^(?:was|got|gets) ', 'is ', ev))}"
        items = [sentence.cards[n].name for n in _named(sentence, quoted)]
        sentence.note(f"“{sentence.typed(happened)}” is read as the moment “{at}”")
        return self._order_inputs(sentence, at, items, quoted=quoted)

    def _duration(self, sentence: Sentence, n: int) -> Reading:
        inputs: dict[str, Any] = {"card": sentence.cards[n].name}
        made = sentence.take_first(MADE)
        if made is not None:
            inputs["made_during"] = made.group(1)
        sentence.take(USED_ON)  # "I used Tairao on my opponent's Personality": the card's own target
        sentence.take(PLAYED)  # "After I play Unseasonable Weather": making the effect, which the question assumes
        own_delayed = sentence.take(OWN_KIND) + sentence.take(r"\b(?:the|its|this|that) delayed effects?\b")
        for k in sentence.mentions(n):
            sentence.use_card(k)
        if any("delayed" in m.group(0) for m in own_delayed):
            _delayed_asked(sentence, n, inputs)
        _went_first(sentence, inputs)
        found = []
        during = sentence.take_first(DURING_DUEL)
        if during is not None and not sentence.has(r"duel (?:ends|is over)|end of the duel|after the duel"):
            found.append((sentence.position(during), "duel-ends"))
            sentence.note("“during a duel” is read as asking whether it outlasts the duel: the duel ends (ask "
                          "“… after the duel ends” or “… at the end of the turn” for another moment)")
        for m in sentence.take(NEXT_TURN_END):  # "at the end of my next turn": this turn ends, then the next one
            found += [(sentence.position(m), "turn-ends"), (sentence.position(m) + 0.5, "turn-ends")]
            sentence.note(f"“{sentence.typed(m)}” is read as two turn ends: this turn's, then the next turn's")
        waits = _waited(sentence.cards[n].card, inputs["card"])
        for event, pattern in EVENTS:
            for m in list(sentence.find(pattern)):
                if event in ("leaves-play", "negated") and _told_wait(sentence, m, waits):
                    continue  # "he is destroyed during a battle" is what the effect waits for, not its card leaving
                if sentence.free(m):
                    sentence.use(m)
                    found.append((sentence.position(m), event))
        free = set(range(len(sentence.words))) - sentence.used
        self._ability_asked(sentence, n, inputs)
        found += _events_said(sentence, n, inputs["card"], free)
        if found:
            inputs["then"] = [e for _, e in sorted(found, key=lambda x: x[0])]
        return sentence.reading("duration", inputs)

    def _abilities_asked(self, sentence: Sentence, items: list[str], said: frozenset[int]) -> None:
        """A card item of several abilities that the sentence's other words point to one of ("my Isawa Kaname's
        Fire Engage ability", "do I take my additional action …" beside Ivory Ascendance): that ability answers
        (`CARD#N`), and the note says which."""
        for n in sentence.distinct():
            name = sentence.cards[n].name
            if name not in items or sentence.cards[n].card is None:
                continue
            pointed = self._pointed(sentence, n, set(said))
            if pointed is None:
                continue
            ability, words = pointed
            if ability.timing:  # a triggered ability answers the moment by itself: the engine picks it
                continue
            sentence.used |= words
            items[items.index(name)] = f"{name}#{ability.index}"
            told = "”, “".join(dict.fromkeys(sentence.words[i].text for i in sorted(words)))
            text = _cut(ability.rules_text or ability.text)
            sentence.note(f"“{told}” points to {name}'s ability #{ability.index} (“{text}”)")

    def _pointed(self, sentence: Sentence, n: int, exclude: set[int]) -> tuple[Ability, set[int]] | None:
        """The one ability of a card of several that the sentence's free words say most, and those words."""
        card = sentence.cards[n].card
        if card is None:
            return None
        abilities = read_card(card)
        if len(abilities) < 2:
            return None
        free = [i for i, w in enumerate(sentence.words) if i not in sentence.used and i not in exclude
                and w.norm not in FILLER and w.norm not in self.filler and w.base not in self.filler
                and len(w.base) >= 3]
        if not free:
            return None
        scores = [(len(_said_in(sentence, free, a)), a) for a in abilities]
        best = max(score for score, _ in scores)
        top = [a for score, a in scores if score == best]
        if best == 0 or len(top) > 1:
            return None
        return top[0], _said_in(sentence, free, top[0])

    def _ability_asked(self, sentence: Sentence, n: int, inputs: dict[str, Any]) -> None:
        """A card of several abilities asked about by a word of one that is not the one judged by default
        ("Roaming Caravan's straighten", "the element from Temple to the Elements", "when I pay for recruiting"):
        that ability is judged (`CARD#N`), and the note says which."""
        card = sentence.cards[n].card
        if card is None:
            return
        abilities = read_card(card)
        if len(abilities) < 2:
            return
        free = [i for i, w in enumerate(sentence.words) if i not in sentence.used and w.norm not in FILLER
                and w.norm not in self.filler and w.base not in self.filler and len(w.base) >= 3]
        if not free:
            return
        default = first_to_judge(abilities)
        scores = [(len(_said_in(sentence, free, a)), a) for a in abilities]
        best = max(score for score, _ in scores)
        top = [a for score, a in scores if score == best]
        if best == 0 or len(top) > 1:
            return
        chosen = top[0]
        said = _said_in(sentence, free, chosen)
        sentence.used |= said
        if chosen.index == default.index:  # the words say the ability judged anyway ("the Gold ... when I pay")
            return
        inputs["card"] = f"{inputs['card']}#{chosen.index}"
        words = "”, “".join(dict.fromkeys(sentence.words[i].text for i in sorted(said)))
        text = chosen.rules_text or chosen.text
        owner = card.name + ("'" if card.name.endswith("s") else "'s")
        sentence.note(f"“{words}” points to {owner} ability #{chosen.index} (“{_cut(text)}”), not the one judged "
                      f"by default (#{default.index}): that ability is judged")

    def slash_inputs(self, command: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(inputs)
        if command == "order":
            if out.get("item"):
                out["items"] = "; ".join(out.pop("item"))
            if out.get("compare"):
                first, second = out.pop("compare")
                out["compare_first"], out["compare_second"] = first, second
        elif out.get("then"):
            out["then"] = " ".join(out["then"])
        return out


# What a player calls an ability by, beside its own words: "the element" it gives, the Gold "when I pay"
_CALLED = {"element": ("air", "earth", "fire", "water", "void"), "pay": ("gold",), "paying": ("gold",),
           "payment": ("gold",), "recruit": ("gold",), "recruiting": ("gold",)}


def _stem(word: str) -> str:
    return word[:5]


def _said_in(sentence: Sentence, free: list[int], ability: Ability) -> set[int]:
    """The free words of the sentence that the ability's own words say (or what players call them)."""
    own = {w for w in fold(ability.rules_text or ability.text).split() if len(w) >= 4}
    stems = {_stem(w) for w in own}
    found = set()
    for i in free:
        word = sentence.words[i]
        forms = {fold(word.base), fold(word.text)}
        base = fold(word.base)
        called = _CALLED.get(base) or _CALLED.get(base.rstrip("s")) or ()
        if {_stem(f) for f in forms if len(f) >= 4} & stems or any(c in own or c in fold(ability.text).split()
                                                                    for c in called):
            found.add(i)
    return found


def _cut(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


_KIND_OF = {Kind.TRAIT: "trait", Kind.REACTION: "reaction", Kind.DELAYED: "delayed", Kind.INTERRUPT: "delayed"}


def _named(sentence: Sentence, quoted: Quoted) -> list[int]:
    """One card number per card named surely outside the quoted effects, first mentions, in order (a card named
    inside a quote is part of that effect's words)."""
    seen: dict[str, int] = {}
    for n in sentence.sure_cards():
        if n not in quoted.cards:
            seen.setdefault(sentence.identity(n), n)
    return list(seen.values())


def _described(sentence: Sentence, at: str, items: list[str],
               told: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset()) -> None:
    """Reactions, traits and delayed effects the sentence describes in words ("my opponent has a Reaction",
    "an opponent trait", "a delayed effect"): each an item of that kind answering the moment, for that player.
    One the player quoted already (`told`: its kind and controller) is that one, named again ("which resolves
    first, the delayed effect or …?")."""
    mine = {_KIND_OF.get(a.kind, "") for n in sentence.distinct() if sentence.cards[n].card is not None
            for a in read_card(sentence.cards[n].card)}
    for _ in sentence.take(BOTH_REACT):  # "we both have Reactions to it": one of each player's
        for who in ("you", "opponent"):
            item = f"reaction:{_for_opponent(at) if who == 'opponent' else at}@{who}"
            if item not in items:
                items.append(item)
    for m in sentence.take(BOTH):  # "my opponent has a trait and a Reaction": two, of that player
        for group in ("k1", "k2"):
            kind = "delayed" if m.group(group).startswith("delayed") else m.group(group).rstrip("s")
            who = _whose(m.group("who"))
            item = f"{kind}:{_for_opponent(at) if who == 'opponent' else at}@{who}"
            if item not in items:
                items.append(item)
    for kind, pattern in (("reaction", REACTION), ("trait", TRAIT), ("delayed", DELAYED)):
        for m in sentence.take(pattern):
            said = m.group("who")
            quoted = _quote_after(sentence, m)
            own = m.groupdict().get("own")
            if quoted is None and own:  # "a Reaction before it moves home": that Reaction, said in its own words
                quoted = sentence.typed(m, "own")
            if quoted is not None:  # its own words quoted: "a Reaction “After a battle resolution ends, gain 1 Honor”"
                who = _whose(said)
                item = f"{kind}:{quoted}@{who}"
                if item not in items:
                    items.append(item)
                continue
            who = _whose(said)
            if who == "you" and kind in mine:  # "my trait" beside my card that has one: that card's
                continue
            if (kind, who) in told:  # the quoted one, named again
                continue
            if said is None:
                sentence.note(f"“{sentence.typed(m)}”, said without whose it is, is read as yours")
            item = f"{kind}:{_for_opponent(at) if who == 'opponent' else at}@{who}"
            if item not in items:
                items.append(item)


# "he has an effect saying that Personality can not move home", "my opponent has a card that says Personalities can
# not assign to attack": a negation described without quotes
NEGATION_SAID = (r"(?P<who>(?:my )?opponents?|he|she|they|his|her|their|i|my)(?: s)? (?:has|have|had|controls?|plays?|"
                 r"played)? ?(?:an?|the) (?:effect|card|trait|holding|item|ability|strategy)s? (?:that says|saying|"
                 r"which says|says|that reads|reading)(?: that)? (?P<what>(?:[a-z§0-9]+ ){1,4}?)"
                 r"(?P<neg>can not|cannot|cant|"
                 r"may not|will not|wont|does not|doesnt) (?P<rest>[a-z§0-9]+(?: (?!(?:and|but|so|then|what|which|"
                 r"who|in|when|before|after)\b)[a-z§0-9]+){0,4})")


# "The Clan Honor Rule triggers": an effect of the rulebook (step C)
RULE_SAID = (r"(?:the )?(?P<rule>(?:[a-z]+ ){1,3}rule)(?: also)? (?:triggers?|applies|resolves|fires|kicks in|"
             r"happens)")


def _rules_said(sentence: Sentence, items: list[str]) -> None:
    for m in sentence.take(RULE_SAID):
        rule = " ".join(w[:1].upper() + w[1:] for w in sentence.typed(m, "rule").split())
        item = f"rulebook:{rule}@you"
        if item not in items:
            items.append(item)
        sentence.note(f"“{sentence.typed(m)}” is read as an effect of the rulebook (step C), taken as yours: say "
                      "“my opponent's …” otherwise")


def _negations_said(sentence: Sentence, items: list[str]) -> None:
    """A negation the sentence describes in words ("he has an effect saying that Personality can not move home"):
    that player's negation (step A), in the words said."""
    for m in sentence.take(NEGATION_SAID):
        words = [*sentence.typed(m, "what").split(), m.group("neg"), *sentence.typed(m, "rest").split()]
        item = f"negate:{' '.join(words)[0].upper()}{' '.join(words)[1:]}@{_whose(m.group('who'))}"
        if item not in items:
            items.append(item)
        whose = "your opponent's" if item.endswith("@opponent") else "yours"
        sentence.note(f"“{sentence.typed(m)}” is read as a negation, {whose} (step A)")


def _negations_quoted(sentence: Sentence, items: list[str]) -> None:
    """"my opponent's Personality has “can not move home”": a negation of that player's card (step A), its words
    used."""
    for q in re.finditer(r'["“]((?:can ?not|cannot|can\'t|may not|does not|doesn\'t)\b[^"”]{3,120})["”]', sentence.text,
                         re.I):
        before = sentence.text[max(0, q.start() - 60):q.start()].lower()
        who = "opponent" if re.search(r"opponent|their|his|her", before) else "you"
        item = f"negate:This card {q.group(1).strip().rstrip('.')}@{who}"
        if item not in items:
            items.append(item)
        sentence.used.update(i for i, w in enumerate(sentence.words) if q.start(1) <= w.start and w.end <= q.end(1))


def _quote_after(sentence: Sentence, m: re.Match[str]) -> str | None:
    """The trigger's own words quoted right after it is named ("a Reaction “After …, gain 1 Honor”"), its words
    then used; None when no quote with a timing word follows."""
    found = sentence.words_in(m.start(), m.end())
    if not found:
        return None
    end = sentence.words[max(found)].end
    quote = re.match(r'\s*[,:]?\s*(?:[A-Za-z]+\s+){0,2}?["“]([^"”]{8,300})["”]', sentence.text[end:])
    if quote is None or not re.match(r"(?i)\s*(?:after|before|when)\b", quote.group(1)):
        return None
    start, stop = end + quote.start(1), end + quote.end(1)
    sentence.used.update(i for i, w in enumerate(sentence.words) if start <= w.start and w.end <= stop)
    return quote.group(1).strip()


def _for_opponent(at: str) -> str:
    """A moment said from the asker's side in the words of the opponent's own card: "you" is then another player and
    "another player" is you ("after you Equip X" -> "after another player Equips X"), as the opponent's trigger would
    say it (L12)."""
    swap = {"another player's": "your", "another player": "you", "your": "another player's", "you": "another player"}
    out = re.sub(r"(?i)\banother player's\b|\banother player\b|\byour\b|\byou\b",
                 lambda m: swap[m.group(0).lower()], at)
    # "another player Equip X" -> "another player Equips X" (the verb after a "you" that became a third person)
    return re.sub(r"\banother player (?!'s)([A-Za-z]+?)(?<!s)(?<!ed)\b", lambda m: f"another player {m.group(1)}s",
                  out, count=1) if re.search(r"(?i)\byou\b(?!r)", at) else out


def _went_first(sentence: Sentence, inputs: dict[str, Any]) -> None:
    """"I went first" -> went_first you; "I'm going second" or "my opponent went first" -> opponent."""
    said = sentence.take_first(WENT_FIRST)
    if said is None:
        return
    mine = said.group("mine")
    if mine is not None:
        inputs["went_first"] = "you" if mine == "first" else "opponent"
    else:
        inputs["went_first"] = "opponent" if said.group("theirs") == "first" else "you"


PHRASEBOOK = L5rPhrases()
