"""The conditions written into a trigger, read from its words: what else must be true of an occurrence for the
trigger to answer it.

A trigger names an occurrence ("after a Personality is destroyed") and often narrows it: whose turn it is ("during
your turn"), whose action, card or effect makes it happen ("another player's card destroys ..."), whose card it
happens to ("one of your Personalities"), which occurrence it is ("the first time each turn"), which phase or period
it falls in ("during the Action Phase", "during battle"), what kind of card it is about ("a Follower bows"), or any
other words that restrict it ("with an Armor", "in which you were the Defender", a keyword such as "Political" or
"Courtier"). Each is a Condition with its class; `engine.rulesets.l5r.judge` checks them against the moment and the
scenario, or says them aloud as assumptions. `census` counts the classes over a card pool, and lists the trigger
words that look like a condition but fit no class (coverage reports them; the target is none).

"your" in a card's trigger means its controller's; "another player's", "an opponent's", "enemy", "opposing" someone
else's. The same words in a moment the asker typed are read from the asker's side ("your" = you).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

CLASSES = ("turn", "phase", "count", "actor", "owner", "kind", "self", "keyword", "qualifier", "if", "reminder",
           "limit")
CLASS_WORDS = {"turn": "whose turn", "phase": "which phase or period", "count": "which occurrence",
               "actor": "whose action, card or effect", "owner": "whose card", "kind": "what kind of card",
               "self": "this card itself", "keyword": "a keyword or state", "qualifier": "other words",
               "if": "an “if” condition", "reminder": "a keyword's reminder (Courtesy)",
               "limit": "how often it may be used (“once per turn”)"}
# A use limit written right after the trigger ("After your action creates a Spirit, once per turn you may ..."): the
# trait answers at most that often, so a later occurrence in the same period finds it used or not.
_USES = r"(?P<n>once|twice|two times|three times) per (?P<p>turn|battle|game|phase|duel)"
_LIMIT = re.compile(r"^\s*[,:]?\s*(?:(?:if|unless)\b[^,:;]*,\s*)?(?:only\s+)?(?P<words>" + _USES + r")\b(?! per\b)",
                    re.I)
# ... or written before it, after the designator ("Reaction: Twice per turn, after an action targets Fudo, ...",
# "Once per phase, before you lose exactly 1 Honor: ...").
_LIMIT_FIRST = re.compile(r"^(?:[^:.]{0,40}:\s*)?(?:only\s+)?(?P<words>" + _USES + r")\b(?! per\b),?\s*"
                          r"(?:after|before|when)\b", re.I)
_USE_COUNT = {"once": "1", "twice": "2", "two times": "2", "three times": "3"}
# A keyword's reminder that limits when its trait takes effect: "(Courtesy traits do not take effect if you went
# first.)".
_REMINDER_CONDITION = re.compile(r"\((?P<words>(?-i:[A-Z])\w+ (?:traits? (?:do not|only) take effect|takes effect "
                                 r"while) [^).]*)", re.I)

CARD_TYPES = ("Personality", "Follower", "Item", "Spell", "Holding", "Region", "Stronghold", "Strategy", "Ring",
              "Event", "Province", "Sensei", "Celestial")
# Words that stand for several card types.
_GROUPS = {"attachment": {"Follower", "Item", "Spell"}, "unit": {"Personality", "Follower"},
           "army": {"Personality", "Follower"}, "Weapon": {"Item"}, "Armor": {"Item"}, "Terrain": {"Event"},
           "Fortification": {"Holding"}, "Samurai": {"Personality"}, "Courtier": {"Personality"},
           "Shugenja": {"Personality"}}
_TYPE_NOUN = (r"(?:Personalit(?:y|ies)|Followers?|Items?|Spells?|Holdings?|Regions?|Strongholds?|Strateg(?:y|ies)|"
              r"Rings?|Events?|Provinces?|Senseis?|Celestials?|attachments?|units?|arm(?:y|ies)|Weapons?|Armors?|"
              r"Terrains?|Fortifications?)")
TYPE_NOUN = _TYPE_NOUN  # a card type named ("a Personality", "Followers"), for readers outside this module
_OWN = r"(?:your own|your|one of your|any of your|one or more of your|each of your|all of your|his own|her own|" \
       r"their own|its own)"
_OTHER = r"(?:another player's|an opponent's|your opponent's|opponents'|other players'|an enemy|enemy|opposing|" \
         r"another player|an opponent|your opponent)"
_ANY = r"(?:a player's|any player's|each player's|a player|any player)"


@dataclass(frozen=True)
class Condition:
    cls: str             # one of CLASSES
    words: str           # the card's words that state it
    value: str = ""      # turn/actor/owner: own | other | any; count: 1, 2, 3; phase: battle, duel, action, ...
    period: str = ""     # count: the period it counts in (turn, phase, battle, game, duel), "" while in play
    what: str = ""       # actor: action, card, effect ...; kind: the card types; keyword: the keyword
    start: int = -1
    end: int = -1

    def as_json(self) -> dict[str, object]:
        return {"class": self.cls, "words": self.words, "value": self.value or None, "period": self.period or None,
                "what": self.what or None}


def _side(who: str) -> str:
    who = who.lower()
    if who.startswith("another,"):
        return "other"
    if re.fullmatch(_OWN, who) or who == "you":
        return "own"
    if re.fullmatch(_OTHER, who):
        return "other"
    return "any"


_TURN = re.compile(r"\b(?:during|in|on)\s+(?P<who>your|another player's|an opponent's|your opponent's|each player's|"
                   r"any player's|a player's|his controller's|its controller's|his|her|their)\s+(?:own\s+)?turn\b"
                   r"|\b(?P<who2>your|another player's|an opponent's|your opponent's)\s+(?:next\s+)?(?:(?:Straighte"
                   r"n|Events?|"
                   r"Action|Attack|Dynasty|End)\s+Phase|turn)\s+(?:begins|ends|starts)\b"
                   r"|\bat the (?:start|beginning|end) of (?P<who3>your|another player's|an opponent's|your opponent's)"
                   r"\s+turn\b", re.I)
_PHASE = re.compile(r"\bduring\s+(?:a\s+|the\s+|this\s+|an\s+)?(?P<p>battle|duel|Combat Segment|Engage Segment|"
                    r"(?:Straighten|Events?|Action|Attack|Dynasty|End)\s+Phase)\b|\bin\s+(?P<q>battle)\b", re.I)
_COUNT = re.compile(r"\b(?:the\s+|for the\s+)?(?P<n>first|second|third)\s+time\b(?:\s*,?\s*(?:(?:each|this|per)\s+"
                    r"(?P<p>turn|phase|battle|game|duel|round)))?"
                    r"|\b(?:your\s+)?(?P<n2>first|second|third)\s+(?!(?:normal\s+)?opportunity)(?:[\w-]+\s+){1,6}?("
                    r"?:(?:each|this)\s+"
                    r"(?P<p2>turn|phase|battle|game)|from the (?P<p3>action))\b", re.I)
_NUMBER = {"first": "1", "second": "2", "third": "3"}
# Whose action or effect makes the occurrence happen: "another player's action", "the resolution of your Tactical
# action", "by another player's card's effect", "one of your Battle actions".
_ACTOR = re.compile(r"\b(?P<who>" + _OTHER + "|" + _OWN + "|" + _ANY + r")\s+(?P<what>(?:performed\s+)?(?:(?-i:[A-Z"
                                                                       r"])[\w-]*"
                    r"(?:\s+or\s+(?-i:[A-Z])[\w-]*)?\s+){0,3}(?:actions?|Reactions?|Interrupts?|card's effects?|car"
                    r"d effects?|"
                    r"cards' effects?|effects?(?:\s+from\s+a\s+card)?|traits?|abilit(?:y|ies)|Melee or Ranged Attack|"
                    r"Ranged Attack|Melee Attack|challenges?))\b"
                    r"|\b(?:by|from)\s+(?P<who2>" + _OTHER + "|" + _OWN + "|" + _ANY + r")\s+"
                    r"(?P<what2>(?:(?-i:[A-Z])[\w-]*\s+){0,3}?(?:card's effects?|card effects?|cards?|actions?|effe"
                    r"cts?|"
                    r"traits?))\b", re.I)
# A player's card doing it: "another player's card destroys this Personality", "your Water card moves a Personality"
# (a card as the subject of a verb with an object; "one of your cards is destroyed", "an enemy card bows" is whose
# card it happens to).
_ACTOR_CARD = re.compile(r"(?<!of )\b(?P<who>" + _OTHER + "|" + _OWN + "|" + _ANY + r")\s+(?P<what>(?:(?-i:[A-Z])["
                                                                                    r"\w-]*\s+)"
                         r"{0,3}(?:card|cards|Strategy|Spell|Event|Stronghold|Holding))\s+(?=(?:would\s+)?(?!(?:is|was|dies|enters|leaves)\b)"
                         # a verb with an object ("destroys this Follower"); "an enemy card bows," is whose card
                         # bows, what the occurrence happens to (blind 53021 S1)
                         r"(?-i:[a-z]+s)\b(?!\s*(?:[,.:;)]|$|home\b|(?:in)?to\b|from\b|again\b)))",
                         re.I)
# A player as the subject who does the occurrence ("you gain Honor", "another player announces a Reaction").
_SUBJECT = re.compile(r"^(?:(?:the\s+)?(?:first|second|third)\s+time\s+(?:(?:each|this)\s+\w+\s+)?|\(?each time\)?\s+)?"
                      r"(?P<who>you|another player|another,\s*(?:non-)?(?-i:[A-Z])[\w-]*(?:\s+Clan)?\s+player|an "
                      r"opponent|your opponent|a player|any player)\s+"
                      r"(?!control|have|has|are|were|was)(?P<verb>[a-z]\w*|(?-i:[A-Z])\w+)", re.I)
_OWNER = re.compile(r"\b(?P<who>" + _OTHER + "|" + _OWN + r")\s+(?P<what>(?:(?!(?-i:[a-z]+s)\b|(?:action|actions|yo"
                                                          r"ur|his|her|their|its|a|an|the|to|at|in)\b)"
                    r"(?:non-)?[\w-]+\s+){0,3}?(?:" + _TYPE_NOUN
                    + r"|cards?|hand|discard pile|deck|home|Gold pool|Family Honor|Honor)|(?:performing\s+|defendin"
                      r"g\s+|attacking\s+|non-)?"
                    r"(?:(?-i:[A-Z])[\w-]*\s+){0,2}(?-i:[A-Z])[\w-]*)\b", re.I)
_KIND = re.compile(r"(?:\b(?:another|other)\s+)?(?P<noun>" + _TYPE_NOUN + r")\b")
_SELF = re.compile(r"\b(?:this|that)\s+(?P<noun>card|Personality|Follower|Item|Spell|Holding|Region|Stronghold|"
                   r"Weapon|Armor|Terrain|Event|Strategy|Ring|Sensei|Fortification|Celestial|Province|unit|Samurai|"
                   r"Shugenja|Courtier|Naval|Ninja|Cavalry)\b(?!'s battlefield)|^(?:he|she|it)\b", re.I)
_KEYWORD = re.compile(r"(?P<kw>(?:non-)?(?-i:[A-Z])[\w-]*(?:\s+Clan)?(?:\s*(?:,|or|and)\s+(?:non-)?(?-i:[A-Z])[\w-]"
                      r"*(?:\s+Clan)?)*)"
                      r"\s+(?=" + _TYPE_NOUN + r"|player\b|(?:(?-i:[A-Z])\w+\s+)?actions?\b|"
                      r"(?:(?-i:[A-Z])\w+\s+)?Reactions?\b)")
_STATE = re.compile(r"\b(?:dishonorable|honorable|bowed|unbowed|attacking|defending|unique|non-unique|face-up|"
                    r"face-down|experienced|non-experienced|unaligned)\b", re.I)
_QUALIFIER = re.compile(r"\b(?:with(?:out)?|where|in which|during which|that|which|who|whose|other than|involving|"
                        r"paying|from|at (?:this|the current|a|its|his|her|their|"
                        r"(?-i:[A-Z])[\w-]*'s|the same) (?:card's )?(?:battlefield|location|province)|at (?-i:[A-Z]"
                        r")[\w-]*'s "
                        r"(?:location|battlefield)|to an? (?-i:[A-Z])\w*(?: \w+)?|one or more|two or more|three or "
                        r"more)\b"
                        r"[^,;:]*", re.I)
# (an "if" runs on through its ", or ..." alternatives and a closing ", this turn": "if Kazuo won a duel, or you have
# gained 4 or more Honor, this turn")
_IF = re.compile(r"^\s*,?\s*(?:(?:once per \w+|\(each time\))\s*,\s*)?(?P<if>(?:if|only if|unless)\s+[^,:;]+"
                 r"(?:,\s*(?:or|and)\s+[^,:;]+)*(?:,\s*this (?:turn|battle|phase|game|duel)\b)?)", re.I)
# Words that in a trigger state a condition; each must fall inside a Condition read above (coverage lists the rest).
CONDITION_WORDS = re.compile(r"\b(?:your|another|opponent(?:'s)?|enemy|opposing|during|first|second|third|while|"
                             r"with(?:out)?|"
                             r"where|which|that|who|whose|from|paying|other than|involving|if|unless|only)\b", re.I)
_RESTRICTING = re.compile(r"\b(?:with(?:out)?|where|which|that|who|whose|from|paying|other than|involving|if|while|"
                          r"unless|only)\b", re.I)
_NOT_PERFORMED = re.compile(r"\bnot performed by [^,;:]*?(?=\s+(?:resolves|ends|is|are)\b|[,;:]|$)", re.I)
_NOT_CONDITION = re.compile(r"\beach time\b|\bthat (?:turn|battle|phase|duel|action|card|Personality)\b|"
                            r"\bfirst (?:normal )?opportunity\b|\bfrom play\b", re.I)
_NOT_KEYWORD = frozenset({"A", "An", "The", "Your", "This", "That", "Each", "Any", "One", "Another", "Target", "His",
                          "Her", "Their", "Its", "After", "Before", "When", "If"} | set(CARD_TYPES))


def _free(taken: list[tuple[int, int]], a: int, b: int) -> bool:
    return all(b <= x or a >= y for x, y in taken)


def _types(noun: str) -> set[str]:
    word = noun.rstrip("s") if not noun.endswith("ss") else noun
    word = {"Personalitie": "Personality", "Personalit": "Personality", "Strategie": "Strategy", "armie": "army",
            "Armie": "army"}.get(word, word)
    word = "Personality" if word.startswith("Personalit") else "Strategy" if word.startswith("Strateg") else word
    word = "army" if word.lower().startswith("arm") and word.lower() != "armor" else word
    for t in CARD_TYPES:
        if word.lower() == t.lower():
            return {t}
    for key, group in _GROUPS.items():
        if word.lower() == key.lower():
            return set(group)
    return set()


def trigger_conditions(occurrence: str, after: str = "", card_name: str = "", full: str = "") -> tuple[Condition, ...]:
    """The conditions of one trigger's occurrence words; `after`: the words right after the trigger (an "if"
    clause there is a condition of the effect's start); `card_name`: the card the trigger is on (its own name in the
    trigger means this card)."""
    text = occurrence or ""
    found: list[Condition] = []
    taken: list[tuple[int, int]] = []

    def add(cond: Condition) -> None:
        found.append(cond)
        taken.append((cond.start, cond.end))

    performer: list[tuple[int, int]] = []
    for m in _NOT_PERFORMED.finditer(text):
        # "the next action not performed by a Thunder Personality": who may not have performed it, one qualifier
        # (its keyword and card type are the performer's, never what the occurrence happens to)
        add(Condition("qualifier", m.group(0).strip(), start=m.start(), end=m.end()))
        performer.append((m.start(), m.end()))
    for m in _COUNT.finditer(text):
        n = m.group("n") or m.group("n2")
        period = m.group("p") or m.group("p2") or m.group("p3") or ""
        add(Condition("count", m.group(0).strip(), _NUMBER[n.lower()], period.lower(),
                      start=m.start(), end=m.end()))
    for m in _TURN.finditer(text):
        if _free(taken, m.start(), m.end()):
            who = m.group("who") or m.group("who2") or m.group("who3") or ""
            side = _side(who) if who.lower() not in ("his", "her", "their", "his controller's",
                                                     "its controller's") else "controller"
            add(Condition("turn", m.group(0).strip(), side, start=m.start(), end=m.end()))
    for m in _PHASE.finditer(text):
        if _free(taken, m.start(), m.end()):
            phase = (m.group("p") or m.group("q") or "").lower()
            phase = "battle" if phase in ("combat segment", "engage segment") else phase.replace(" phase", "")
            phase = "events" if phase == "event" else phase
            add(Condition("phase", m.group(0).strip(), phase, start=m.start(), end=m.end()))
    for m in _ACTOR.finditer(text):
        if _free(taken, m.start(), m.end()):
            who, what = (m.group("who"), m.group("what")) if m.group("who") else (m.group("who2"), m.group("what2"))
            add(Condition("actor", m.group(0).strip(), _side(who), what=what.strip(), start=m.start(), end=m.end()))
    for m in _ACTOR_CARD.finditer(text):
        if _free(taken, m.start(), m.end()):
            add(Condition("actor", m.group(0).strip(), _side(m.group("who")), what=m.group("what").strip(),
                          start=m.start(), end=m.end()))
    subject = _SUBJECT.match(text)
    if subject and _free(taken, subject.start("who"), subject.end("who")):
        add(Condition("actor", subject.group("who"), _side(subject.group("who")), what="player",
                      start=subject.start("who"), end=subject.end("who")))
    for m in _OWNER.finditer(text):
        if _free(taken, m.start(), m.end()):
            add(Condition("owner", m.group(0).strip(), _side(m.group("who")), what=m.group("what").strip(),
                          start=m.start(), end=m.end()))
    for m in _SELF.finditer(text):
        if _free(taken, m.start(), m.end()):
            add(Condition("self", m.group(0).strip(), what=(m.group("noun") or "").strip(), start=m.start(),
                          end=m.end()))
    if card_name:
        short = re.split(r"\s*[•,]\s*", card_name)[0]
        names = {short, *short.split()} - {"The", "of", "the", "a"}
        for name in sorted(names, key=len, reverse=True):
            m = re.search(rf"(?<![\w']){re.escape(name)}(?!\w)", text)
            if m and len(name) > 2 and name[:1].isupper() and _free(taken, m.start(), m.end()):
                add(Condition("self", name, what="card", start=m.start(), end=m.end()))
                break
    kinds: set[str] = set()
    spans = []
    for m in _KIND.finditer(text):
        if not _free(performer, m.start(), m.end()):
            continue
        if re.search(r"\b(?:in|at|to|from|with|of|into|without)\s+(?:this|that|the|a|an|its|his|her|their|your|"
                     r"(?-i:[A-Z])[\w-]*'s)?\s*$", text[:m.start()]):
            continue  # "a Follower in this unit bows": a place or a qualifier, not what the occurrence is about
        types = _types(m.group("noun"))
        if types:
            kinds |= types
            spans.append((m.start(), m.end("noun")))
    if kinds and not any(c.cls == "self" and c.what.lower() in ("card", "personality", "follower", "item", "spell",
                                                                 "holding") for c in found if c.start >= 0
                         and any(c.start <= a < c.end for a, _ in spans)):
        words = ", ".join(sorted({text[a:b] for a, b in spans}))
        add(Condition("kind", words, what=" ".join(sorted(kinds)), start=spans[0][0], end=spans[0][1]))
    for m in _KEYWORD.finditer(text):
        words = [w for w in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", m.group("kw")) if w]
        keywords = [w for w in words if w.split()[0] not in _NOT_KEYWORD and not w.endswith("'s")]
        if not _free(performer, m.start(), m.end()):
            continue
        if (keywords and m.start() > 0) or (keywords and not text[:1].isupper()):
            add(Condition("keyword", " or ".join(keywords), what=" | ".join(keywords), start=m.start(),
                          end=m.end("kw")))
    for m in _STATE.finditer(text):
        if _free(taken, m.start(), m.end()):
            add(Condition("keyword", m.group(0), what=m.group(0).lower(), start=m.start(), end=m.end()))
    for m in _QUALIFIER.finditer(text):
        if _NOT_CONDITION.match(text, m.start()):
            continue
        if _free(taken, m.start(), m.start() + 1):
            add(Condition("qualifier", m.group(0).strip(), start=m.start(), end=m.end()))
    # a restricting word inside a span read as something else ("from your action that targeted Nao", "any
    # Personality if this Shugenja is Air"): the rest of its clause is a qualifier too
    for m in _RESTRICTING.finditer(text):
        if not _NOT_CONDITION.match(text, m.start()) and _free(taken, m.start(), m.start() + 1):
            end = re.search(r"[,;:]|$", text[m.end():])
            add(Condition("qualifier", text[m.start():m.end() + (end.start() if end else 0)].strip(), start=m.start(),
                          end=m.end() + (end.start() if end else 0)))
    limit = _LIMIT.match(after or "") or _LIMIT_FIRST.match(full or "")
    if limit:
        # "may" after it, or a Reaction or Interrupt (always optional): an earlier occurrence may have left it unused
        rest = ((after if limit.re is _LIMIT else full) or "")[limit.end():limit.end() + 120]
        header = re.match(r"^[^:.]{0,40}:", full or "")
        optional = "may" if re.search(r"\bmay\b", rest, re.I) or (
            header is not None and re.search(r"\b(?:Reaction|Interrupt)\b", header.group(0))) else ""
        add(Condition("limit", limit.group("words"), _USE_COUNT[limit.group("n").lower()], limit.group("p").lower(),
                      optional))
    cond = _IF.match(after or "")
    if cond:
        add(Condition("if", cond.group("if").strip()))
    going = re.match(r"\s*going second\b", text, re.I)
    if going:
        # a Stronghold's "(When going second, you get +1PS ...)": the player who went first never gets it (checked
        # with --went-first, as a Courtesy trait is)
        add(Condition("reminder", "going second: its abilities do not take effect if you went first",
                      start=going.start(), end=going.end()))
    for m in _REMINDER_CONDITION.finditer(full or ""):
        add(Condition("reminder", m.group("words").strip()))
    if re.match(r"^\(?Invest\b", full or ""):
        add(Condition("reminder", "Invest: its player pays the Invest cost (optional)"))
    return tuple(sorted(found, key=lambda c: (c.start if c.start >= 0 else 10_000)))


def uncovered(occurrence: str, conditions: Iterable[Condition]) -> list[str]:
    """Words of the trigger that look like a condition but fall inside none of the conditions read."""
    spans = [(c.start, c.end) for c in conditions if c.start >= 0]
    out = []
    for m in CONDITION_WORDS.finditer(occurrence or ""):
        if _NOT_CONDITION.match(occurrence, m.start()):
            continue
        if not any(a <= m.start() < b for a, b in spans):
            out.append(m.group(0))
    return out


def census(abilities: Iterable[tuple[str, ...]]) -> dict[str, object]:
    """Over (card, ability index, occurrence, the words after the trigger, card name) of every triggered ability:
    how many triggers hold each class of condition, an example of each, and the triggers with condition words read
    as no class."""
    by_class: Counter[str] = Counter()
    examples: dict[str, str] = {}
    triggers = with_conditions = 0
    unread: list[dict[str, object]] = []
    for card, index, occurrence, after, name, *full in abilities:
        triggers += 1
        conditions = trigger_conditions(occurrence, after, name, full[0] if full else "")
        with_conditions += bool(conditions)
        for cls in {c.cls for c in conditions}:
            by_class[cls] += 1
            examples.setdefault(cls, f"{card} #{index}: “{next(c.words for c in conditions if c.cls == cls)}”")
        missed = uncovered(occurrence, conditions)
        if missed:
            unread.append({"card": card, "ability": index, "words": ", ".join(missed), "trigger": occurrence})
    return {"triggers": triggers, "with_conditions": with_conditions,
            "by_class": {cls: by_class[cls] for cls in CLASSES if by_class[cls]},
            "examples": {cls: examples[cls] for cls in CLASSES if cls in examples}, "unclassified": unread}
