"""The restriction phrases of Ashes card texts, by class, and what the answer does with each (issue 31 item 1).

A restriction is a word of a card's text that narrows what a part does or to what: whose (you control, an
opponent's, of their choice), which kind (unit, ally, conjuration, Phoenixborn, alteration, die, a card in a
pile), how many (for each, up to, equal to, all), where (battlefield, spellboard, discard pile, hand, draw pile,
dice pools), when (during your turn, this round, once per turn) and back-references (that unit, it, if you do).
Every class is mapped to one of:
- "checked": the resolver decides it against the board the question describes (a side, a named unit, what is on a
  unit, a full battlefield, the conjurations left, the dice in the active pool, the cards in the discard pile, the
  part an earlier one hangs on), and says what it took when the board is silent;
- "said": the board the question describes cannot say it, so an answer in which a part carrying it happens says,
  in a few words, what it took for granted ("it is your turn", "a card of that kind is in your hand").
`phrases()` finds them in a text; `unclassed()` finds restriction words no class covers (the coverage report lists
them: the target is none).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Handling = Literal["checked", "said"]


@dataclass(frozen=True)
class Restriction:
    id: str
    dimension: str          # whose, kind, count, where, when, state, back-reference
    pattern: re.Pattern[str]
    handling: Handling
    how: str                # the check, or what the answer says it took for granted
    brief: str = ""         # "said" classes: the assumption in a few players' words
    context: re.Pattern[str] | None = None   # the class claims its words only in a text that matches this


def _r(text: str) -> re.Pattern[str]:
    return re.compile(text, re.I)


_N = r"(?:\d+|X|one|two|three|four|five|any number of|twice|double)"
CLASSES: tuple[Restriction, ...] = (  # the more specific first: a word belongs to the first class that claims it
    Restriction("where-conjuration-pile", "where", _r(r"\bconjuration pile\b"), "checked",
                "the conjurations left (--conjurations-left), else said"),
    Restriction("when-your-turn", "when", _r(r"\bduring (?:your|their|an opponent's|that player's) (?:turn|next turn)|"
                                             r"\b(?:only|may only)[^.]*\bduring your turn\b|\bon your turn\b"), "said",
                "whose turn it is", "it is the turn the text says"),
    Restriction("when-once", "when", _r(r"\bonce per (?:turn|round)\b|\bonly once\b|\b(?:first|second|third) time\b"),
                "said", "how often it was used", "it was not already used this turn or round"),
    Restriction("whose-your-choice", "whose", _r(r"\bof your choice\b|\byou choose\b"), "checked",
                "your own choice: the answer holds whichever you pick"),
    Restriction("whose-choice", "whose", _r(r"\b(?:of (?:their|its controller's|that player's) choice|"
                                            r"has the choice|"
                                            r"(?:that|the) player chooses|they choose)\b"), "said",
                "whose choice it is", "the player named makes the choice, and any choice they make is allowed"),
    Restriction("whose-own", "whose", _r(r"\b(?:you own|its owner'?s?|their owner'?s?|owner's)\b"), "checked",
                "ownership: a unit you own is on your side unless the question names it on theirs (AS4)"),
    Restriction("whose-you-control", "whose", _r(r"\b(?:you (?:currently )?control|on your battlefield|your (?:units?|"
                                                 r"all(?:y|ies)|conjurations?)|under your control)\b"), "checked",
                "the target's or needed unit's side against the units named (mine)"),
    Restriction("whose-opponent", "whose", _r(r"\b(?:an? opponent (?:currently )?controls|(?:that|target) opponent "
                                              r"controls|they (?:currently )?control|(?:an |each |that |target )?"
                                              r"opponents?'s?|under an opponent's control|their (?:units?|battlefield|"
                                              r"phoenixborn))\b"), "checked",
                "the target's or needed unit's side against the units named (theirs)"),
    Restriction("whose-your-pb", "whose", _r(r"\b(?:your|their|its controller's|that player's) phoenixborn\b"),
                "checked", "a player's Phoenixborn is always in play"),
    Restriction("whose-each-player", "whose", _r(r"\b(?:each|every|any|a|that|the) (?:player|opponent)s?\b|"
                                                 r"\b(?:you|they) and\b"), "checked",
                "two players, you and one opponent: the game as Arbiter answers it (AS4 names the controller)"),
    Restriction("kind-named-unit", "kind", _r(r"\b(?:an?|another|that|\d+|one|two|three|X|each|all) "
                                              r"(?:\[\[)?(?-i:[A-Z])[\w'’-]+"
                                              r"(?: (?:of |the |of the )?(?-i:[A-Z])[\w'’-]+)*"
                                              r"(?:\]\])? (?:you control|conjurations?|in play)\b"), "checked",
                "a named unit or conjuration against the units named and the conjurations left"),
    Restriction("count-for-each", "count", _r(r"\b(?:once |1 |one )?for each\b|\bper\b"), "said",
                "how many times it counts", "what it counts for each of is there at least once"),
    Restriction("count-equal-to", "count", _r(r"\bequal to\b|\bthe number of\b|\bthat (?:much|many)\b|"
                                              r"\bas many\b|\bhalf\b|\btotal\b|\ba number of\b|"
                                              r"\b(?:twice|double) the\b|"
                                              r"\bnormal number\b|\b(?:an? )?(?:equal|equivalent) (?:number|amount)\b"),
                "said",
                "an amount read off the board", "the amount it counts is what the board holds when it resolves"),
    Restriction("count-up-to", "count", _r(r"\bup to\b|\bany number of\b|\bor (?:more|fewer|less)\b"), "checked",
                "how many is the player's choice up to the limit; the targets or units there bound it (AS3)"),
    Restriction("count-at-least", "count", _r(r"\b(?:at least|more than|fewer than|less than|no more than|"
                                              r"greater than|highest|lowest|most|least)\b"), "checked",
                "a number the board decides (units named), else said"),
    Restriction("count-number", "count", _r(rf"\b(?:{_N}|\d+) (?:(?:target |other |more |additional |exhausted |"
                                            r"unexhausted |different )?(?:units?|dice|die|cards?|wound|status|"
                                            r"exhaustion|"
                                            r"damage|times?|attack|life|recover|tokens?|spells?|allies|"
                                            r"conjurations?|players?|phoenixborn|abilit(?:y|ies))\b)"),
                "checked",
                "a number the board settles where it is described (units named, dice, discard pile), else said"),
    Restriction("count-x", "count", _r(r"\bX\b"), "checked", "X as chosen (--x), else its definition"),
    Restriction("where-battlefield", "where", _r(r"\bbattlefields?\b|\bin play\b|\binto play\b|\bleaves? play\b"),
                "checked", "room on the battlefield (--battlefield-full), the units in play"),
    Restriction("where-spellboard", "where", _r(r"\bspellboard\b|\bslots?\b"), "said", "what is on a spellboard",
                "a ready spell of the kind it names is on that spellboard"),
    Restriction("where-discard", "where", _r(r"\bdiscard(?: pile)?\b|\bdiscards\b|\bdiscarded\b"), "checked",
                "the cards in your discard pile (--discard), else said"),
    Restriction("where-into-hand", "where", _r(r"\b(?:into|to|in) (?:your|their|its owner's|his or her|that "
                                               r"player's) hands?\b(?! (?:with|that))"), "checked",
                "where a card goes (a destination): nothing there to check",
                context=_r(r"\b(?:return|place|put|add|take|move)s?\b[^.]*\b(?:into|to|in) (?:your|their|its owner's|"
                           r"his or her|that player's) hands?\b")),
    Restriction("where-into-draw-pile", "where", _r(r"\b(?:into|on top of|on the bottom of|to the top of|to the bottom "
                                                    r"of|on the top of) (?:your|their|its owner's|that player's) draw "
                                                    r"pile\b"), "checked", "where a card goes (a destination)"),
    Restriction("where-hand", "where", _r(r"\b(?:hand|hands)\b"), "said", "what is in a hand",
                "a card of the kind it names is in that hand"),
    Restriction("where-draw-pile", "where", _r(r"\bdraw pile\b|\bdeck\b|\bdraw\b|\bdraws\b"), "said",
                "what is in a draw pile", "the draw pile holds the cards it needs"),
    Restriction("where-pools", "where", _r(r"\b(?:active|exhausted) pools?\b|\bpool\b"), "checked",
                "the dice in your active pool (--dice); the exhausted pool is said"),
    Restriction("where-game", "where", _r(r"\b(?:removed? from (?:the )?game|out of the game|face (?:up|down)|"
                                          r"under (?:this|a|that)|on top of|bottom of|top \d+)\b"), "said",
                "cards out of play", "the cards it names are where it looks for them"),
    Restriction("self", "back-reference", _r(r"\bthis (?:unit|card|spell|phoenixborn|ability|die|effect)\b"),
                "checked", "the card used: in play when its ability is used, not a target of its own leaving"),
    Restriction("back-if-you-do", "back-reference", _r(r"\bif you do\b|\bif you cannot\b|\bif you do not\b|"
                                                       r"\botherwise\b|\bif (?:this|that|it)\b|\bunless\b|\bif\b"),
                "checked", "the part it hangs on, or its condition decided by the board, else said"),
    Restriction("state-in-battle", "state", _r(r"\b(?:attacking|attacker|attackers|blocking|blocked|blocker|blockers|"
                                               r"guarding|guarded|countering|countered|in battle|in combat)\b"),
                "said",
                "whether a unit is attacking, blocking or guarding", "the units it names are in the battle as it says"),
    Restriction("state-exhausted", "state", _r(r"\b(?:un)?exhausted\b|\bexhaust(?:ion)?\b"), "checked",
                "what is on a named unit (/exhausted), else said"),
    Restriction("state-tokens", "state", _r(r"\b(?:status|wound|exhaustion)(?: tokens?)?\b|\bdamaged\b|\bwounds?\b|"
                                            r"\bdamage\b|\bdestroyed\b"), "checked",
                "what is on a named unit (/status=N, /wounds=N), else said"),
    Restriction("kind-action", "kind", _r(r"\b(?:attacks?(?! values?\b)|attacked|blocks?|guards?|counters?|battle)\b"),
                "checked", "the kind of game action it applies to or waits for (an attack, a block): its trigger or "
                           "its scope, read with the part"),
    Restriction("die-side", "kind", _r(r"\b(?:a |the )?sides? of (?:your|their|its owner's) choice\b|\b(?:class|power|"
                                       r"basic) sides?\b|\bsides?\b|\bface\b"), "checked",
                "the side a die is turned to, as the part says or the player picks"),
    Restriction("state-values", "state", _r(r"\b(?:attack|life|recover)(?: values?)?\b|\bcost\b|\bvalue\b|"
                                            r"\bmagic\b|\bsymbols?\b"), "said",
                "a card's values or a die's face", "the values it reads are as printed, with nothing changing them",
                context=_r(r"\b(?:equal to|with (?:an?|a printed|the) (?:attack|life|recover|printed)|printed|or less|"
                           r"or more|less than|greater than|more than|highest|lowest|combined|cost of)\b")),
    Restriction("value-changed", "state", _r(r"\b(?:attack|life|recover)(?: values?)?\b|\bcost\b|\bvalue\b|"
                                             r"\bmagic\b|\bsymbols?\b"), "checked",
                "a value the part changes or names (add 1 to its attack value), not one it reads from the board"),
    Restriction("target", "kind", _r(r"\b(?:another )?target(?:s|ed)?\b"), "checked",
                "a target is chosen among what the board holds (AS3); no legal target: the part does not happen"),
    Restriction("choose", "kind", _r(r"\b(?:choose|chooses|chosen|choice|select|selects|selected|pick)\b"), "checked",
                "a choice that is not a target (AS3): what it chooses among must be there (units named, dice)"),
    Restriction("kind-alteration", "kind", _r(r"\balteration(?: spells?)?\b|\battached\b"), "checked",
                "the alterations named on a unit (/alteration=NAME), else said"),
    Restriction("kind-placed-conjuration", "kind", _r(r"\b(?:conjurations?|conjured alterations?)(?= (?:onto|into|on|"
                                                      r"to|under)\b)"), "checked",
                "a conjuration put into play: the conjurations left (--conjurations-left) and room (AS4)"),
    Restriction("kind-ally-or-conjuration", "kind", _r(r"\b(?:ally|allies|conjurations?)\b"), "said",
                "whether a unit is an ally or a conjuration",
                "the units it names are of the kind its words ask for (ally or conjuration)"),
    Restriction("kind-spell-card", "kind", _r(r"\b(?:ready|action|reaction) spells?\b|\bspells?\b|\bcards?\b"),
                "said", "a card of that kind where the text looks for it",
                "a card of the kind it names is where it looks",
                context=_r(r"\b(?:search|look at|reveal|choose|select|return|take|find|discard (?:a|an|1|one|up to)|"
                           r"exhaust|attach(?:ed)? to|ready spell (?:you|they|an opponent) controls?|on (?:your|their) "
                           r"spellboard)\b")),
    Restriction("kind-card", "kind", _r(r"\b(?:ready|action|reaction) spells?\b|\bspells?\b|\bcards?\b|\bconjured\b"),
                "checked", "a card the part moves or names itself (drawn, discarded from the top, shuffled, this "
                           "spell): nothing to find on the board"),
    Restriction("kind-die", "kind", _r(r"\b(?:dice|die|\w+ (?:class|power)(?: symbols?)?|basic)\b"), "checked",
                "the dice in your active pool (--dice), else said"),
    Restriction("kind-unit-or-phoenixborn", "kind", _r(r"\b(?:units?|phoenixborn)\b"), "checked",
                "units against the units named; a Phoenixborn is always in play (AS3)"),
    Restriction("when-duration", "when", _r(r"\b(?:this|that|the|next|each|a) (?:turn|round|phase)\b|\buntil\b|"
                                            r"\bfor the (?:remainder|rest) of\b|\bat the (?:start|end|beginning) of\b|"
                                            r"\bnext\b|\bturns?\b|\brounds?\b|\bduring\b|\bsteps?\b|\binstead\b|\bbefore\b|\bafter\b|\bwhen"
                                            r"(?:ever)?\b|\bwhile\b|\bas long as\b|\bagain\b|\bimmediately\b|\blast\b"),
                "checked", "a duration or timing the part's words carry (the answer quotes them); a reaction's "
                           "trigger timing (AS12)"),
    Restriction("count-all-each", "count", _r(r"\b(?:all|each|every|both|only|other|another|remaining|the rest)\b"),
                "checked", "all or each of them: the units named; another: not the card used"),
    Restriction("whose-player", "whose", _r(r"\b(?:controlling )?(?:players?|opponents?|owners?)(?:'s?)?\b"), "checked",
                "the player named: you or your opponent; who controls and who owns a card (AS4)"),
    Restriction("back-reference", "back-reference", _r(r"\b(?:that|those|these|the chosen|the selected|the targeted|"
                                                       r"the destroyed|the revealed|the discarded|the same|this way|"
                                                       r"it|its|them|their|they|theirs|itself|themselves|one of)\b"),
                "checked", "the earlier part (or the trigger) it names: skipped when that did not happen"),
)

BY_ID = {c.id: c for c in CLASSES}

# Restriction words: any of them outside every class's phrases is unclassed (the report lists it).
_WORDS = _r(r"\b(?:you control|you own|owner|opponent|choice|choose|unexhausted|exhausted|for each|once|up to|at least|"
            r"all|each|equal|number|battlefield|spellboard|discard|hand|draw pile|conjuration pile|pool|during|turn|"
            r"round|until|attacking|blocking|guard|that|those|it|them|chosen|target|only|another|other|ally|"
            r"conjuration|phoenixborn|unit|alteration|die|dice|card|spell|player)\b")

# every "said" class: an answer in which a part carrying it happens says what it took for granted
SAID_IN_ANSWERS = tuple(c.id for c in CLASSES if c.handling == "said")


@dataclass(frozen=True)
class Hit:
    restriction: Restriction
    phrase: str
    start: int
    end: int


def phrases(text: str) -> list[Hit]:
    """Every restriction phrase of the text, each by the first class (in CLASSES order) that claims its words."""
    hits: list[Hit] = []
    taken: list[tuple[int, int]] = []
    for c in CLASSES:
        if c.context is not None and not c.context.search(text):
            continue
        for m in c.pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            hits.append(Hit(c, m.group(0), m.start(), m.end()))
            taken.append((m.start(), m.end()))
    return sorted(hits, key=lambda h: h.start)


def unclassed(text: str) -> list[str]:
    """Restriction words no class covers."""
    covered = [(h.start, h.end) for h in phrases(text)]
    out = []
    for m in _WORDS.finditer(text):
        if not any(s <= m.start() and m.end() <= e for s, e in covered):
            out.append(m.group(0))
    return out


def said(text: str) -> list[Hit]:
    """The phrases of a part that an answer in which it happens must say it took for granted."""
    return [h for h in phrases(text) if h.restriction.id in SAID_IN_ANSWERS]
