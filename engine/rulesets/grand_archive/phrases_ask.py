"""Grand Archive's question asked in a sentence: `arbiter grand-archive --effect CARD --object WHAT --then EVENT`.

"Does Inspiring Call buff an ally that comes in later?" reads as `--effect "Inspiring Call" --object ally`: the
moments keep the order of the scenario. A card named is an effect; an object is what it may reach ("an ally",
"Automaton allies", "cards in my graveyard", "their champion", "an ally with 3 buff counters": `ally[buff=3]`).
An object is there before the effects ("already on the field", or said nothing about: assumed and said) unless
it "comes in later" / "enters after"; "X comes in later than Y" puts X's effect after Y's. Events come last:
"until end of turn" / "after the turn ends" (end-of-turn), "end of combat", "if X leaves the field"
(source-leaves:X), "if X loses its abilities" (loses-abilities:X), "if X levels up" (level-up:X).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.rulesets.grand_archive.effects import ELEMENTS
from engine.rulesets.grand_archive.reading import KEYWORDS, SUBTYPES, read_card
from engine.rulesets.grand_archive.scenario import EVENTS as COMMAND_EVENTS
from engine.sentence import FILLER, NUMBER, Ask, Option, Reading, Sentence, number


def _any_of(words: frozenset[str] | tuple[str, ...]) -> str:
    return "|".join(sorted({re.escape(w) for w in words}, key=lambda w: (-len(w), w)))


# Grand Archive's own rules words: its subtypes ("target Potion", "a Curse card", "my Sword"), its keywords and the
# triggers and actions its texts print ("On Sacrifice", "Inherited Effect", "banished"). Beside a Grand Archive card
# they are its words, not the card of another game by that name (Dominion's Potion, Curse, Sword, Sacrifice,
# Inherited; Redemption's Distortion; L5R's Harmony): the reader's hints (engine/reader.py), as L5R's "Fear".
RULES_WORDS = (
    rf"(?:{_any_of(SUBTYPES)})(?:e?s)?", rf"(?:{_any_of(KEYWORDS)})",
    r"inherited(?: effects?)?", r"lineages?", r"lineage release",
    r"on (?:enter|death|attack|sacrifice|leave|champion hit|hit|kill|defend|block|level up|reveal|banish|destroy)",
    r"banish(?:es|ed|ing|ment)?", r"sacrific(?:e|es|ed|ing)", r"suppress(?:es|ed|ing)?",
    r"materiali[sz](?:e|es|ed|ing)", r"glimpse[sd]?", r"empower(?:s|ed)?", r"levels? up|leveled up|levelled up",
    r"(?:class|element) bonus", r"rested", r"awake", r"[a-z]+ counters?",
    # the rules verbs and nouns of its texts that are one-word card names elsewhere, in every form a sentence gives
    # them ("changes the attack": not Dominion's Change; "controls", "summons", "curses", "prepares", "gathers")
    r"chang(?:e|es|ed|ing)", r"control(?:s|led|ling)?", r"curs(?:e|es|ed|ing)", r"empower(?:s|ed|ing)?",
    r"gather(?:s|ed|ing)?", r"horses?", r"pawns?", r"potions?", r"prepar(?:e|es|ed|ing)", r"pride",
    r"quests?", r"rangers?", r"relics?", r"redirect(?:s|ed|ing)?", r"speed", r"summon(?:s|ed|ing)?",
    r"swords?", r"warriors?", r"champions?", r"harmony", r"inherit(?:s|ed|ing)?")

KINDS = {"ally": "ally", "allies": "ally", "unit": "unit", "units": "unit", "item": "item", "items": "item",
         "weapon": "weapon", "weapons": "weapon", "champion": "champion", "champions": "champion",
         "phantasia": "phantasia", "domain": "domain", "domains": "domain", "token": "token", "tokens": "token",
         "regalia": "regalia", "card": "card", "cards": "card", "object": "object", "objects": "object"}
_KIND = r"(?:allies|ally|units?|items?|weapons?|champions?|phantasia|domains?|tokens?|regalia|cards?|objects?)"
_OWNER = r"(?P<owner>my|your|our|their|his|her|the|an?|an opponents?|opponents?|my opponents?|enemy|other|another|each)"
_SUB = rf"(?P<sub>(?:(?:{_any_of(SUBTYPES)}) )?(?:[a-z]+ )?)"   # "animal ", "chessman rook "
_COUNTER = (r"buff|debuff|level|damage|enlighten|quest|refinement|durability|age|omen|growth|wisdom|"
            r"[a-z]+(?= counters? on)")
OBJECT = (rf"(?<![\w§])(?:{_OWNER} )?(?:(?:other|new|second) )?(?:(?:{NUMBER})(?: or more)? )?{_SUB}"
          rf"(?P<attack>attack )?(?P<kind>{_KIND})"
          rf"(?P<zone> (?:(?:that|which) (?:go(?:es)?|are|is|get|gets|come|comes) )?(?:in|into|to|from) "
          rf"(?:my |the |their |your |an opponents |opponents )?(?:graveyards?|memory|"
          rf"banishment|deck|hand))?(?P<counters> (?:with|that has|that have|having|has|have|had|carries|carrying) "
          rf"(?P<n>{NUMBER}|an?) (?P<ctype>{_COUNTER}) counters?(?: on (?:it|them))?)?")
LATER = (r"(?:that |which |who |if (?:it|they|one) |when (?:it|they|one) |and |then )?(?:comes?|come|coming|enters?|"
         r"entering|is played|are played|gets played|arrives?|go(?:es)?|is put|are put)(?: in| into play| into the "
         r"field| onto the field| the field| to the graveyard| into the graveyard)? ?(?:later|after(?:wards?)?"
         r"(?: (?:him|her|it|that|this|them))?|next)(?: this turn)?|(?:then|and then) (?:an? |my )?(?:\w+ )?"
         r"(?:ally|allies|unit|item|card)s? (?:enters?|comes? in)|enters? later|comes? in later|(?:a )?new (?:ally|"
         r"allies|unit|units)|later(?: this turn)?|(?:(?:would |then |also )?(?:enter|enters|entered|come in|comes in|"
         r"came in)(?: the field| play)? this turn)")
# "if I control a Chessman Rook ally and cast Castling Boon": the object is there before the effect (GA's "If you
# control ..." is then decided by it)
CONTROL = (r"(?:if|while|as long as|when|since) (?:i|we|you) (?:already )?(?:control|controls|have|has)"
           r"(?: (?:an?|the|my|another|two|three|\d+))?$")
BEFORE = (r"(?:was |were |is |are )?already (?:on the field|there|in play|out)|(?:(?:is|are|was|were|sits|stays) )?"
          r"(?:already )?(?:on|in) (?:the|my|your|our|their)(?: side of the)? field(?: already)?")
EVENTS = (
    ("end-of-turn", r"(?:(?:until|till|at|after|past|by) )?(?:the )?end of (?:the )?turn|(?:after )?(?:the )?turn "
                    r"ends|after the turn|(?:the )?next turn|end of turn|into (?:my |the |your |their )?"
                    r"(?:opponents? |next )turn|"
                    r"(?:on|during|until|in|by) (?:my |the |your |their |an )?(?:opponents? )?next turn|"
                    r"carr(?:y|ies|ied) over(?: (?:into|to) (?:my |your |the |their )?(?:next |own )?turn)?|"
                    r"into (?:my|your) (?:own )?turn"),
    ("end-of-combat", r"(?:(?:until|at|after) )?(?:the )?end of (?:the )?combat|(?:(?:after|once|when) )?(?:the )?"
                      r"combat (?:ends|is over)|after (?:the )?combat"),
    ("end-phase-skipped", r"end phase (?:is )?skipped|skip(?:s|ping)? the end phase"),
)
CARD_EVENTS = (
    ("source-leaves", r"(?:if|when|once|after|then|and then|and|but) §(\d+) (?:then )?(?:leaves|left|is removed from|"
                      r"dies|died|is destroyed|was destroyed|is banished|was banished)(?: the field| play)?|"
                      r"§(\d+) (?:leaves|leaving) the field"),
    ("loses-abilities", r"(?:if|when|once|after) (?:§(\d+)|it|that|the lantern) (?:loses|lost|has lost) "
                        r"(?:all )?(?:of )?"
                        r"(?:its |their )?abilit(?:y|ies)"),
    ("level-up", r"(?:if|when|once|after) §(\d+) levels? up"),
)
SHORT_LEAVES = (r"(?:if|when|once|after|then|and then|and|but) (?:the )?(?P<w>[a-z]{4,}) (?:then )?(?:leaves|left|dies|"
                r"died|is destroyed|was destroyed|is banished|was banished)(?: the field| play)?")


def _short_name_leaves(sentence: Sentence, cards: list[int], events: list[tuple[int, str]]) -> None:
    """"and then Sage dies" after Sempiternal Sage: a word of one named card's name, said again alone, is that card
    (its source leaves the field, as "if Sempiternal Sage dies")."""
    for m in list(sentence.find(SHORT_LEAVES)):
        word = m.group("w")
        named = [n for n in cards if sentence.cards[n].card is not None
                 and word in re.findall(r"[a-z]+", sentence.cards[n].card.name.lower())]
        if len({sentence.cards[n].name for n in named}) != 1:
            continue
        sentence.use(m)
        events.append((sentence.position(m), f"source-leaves:{sentence.cards[named[0]].name}"))


# "it left the field and came back": a new object, which arrives after the effects
RETURNED = (r"(?:then )?(?:it |they |§\d+ )?(?:then )?(?:left|leaves|leaving|leave) the field and (?:then )?"
            r"(?:came|comes|come|returned|returns) back(?: to the field)?(?: (?:the same|this|that) turn)?|"
            r"(?:was|were|got|is) (?:flickered|blinked)|re-?enter(?:s|ed)? the field")
# "+4 power": words of a "Choose one" mode
MODE_WORDS = r"(?:[+-] ?)?\d+ (?:power|life|level|durability)"
LATER_THAN = (r"§(\d+) (?:comes?|enters?|is played|came) (?:in |into play )?(?:later|after) than §(\d+)|"
              r"§(\d+) after §(\d+)")


def _mode_named(sentence: Sentence, effects: list[int]) -> None:
    """A "Choose one" mode the player names ("+4 power"): this question has no input that picks a mode, so the
    reading says plainly that the words could not be used and which mode they name."""
    for m in sentence.find(MODE_WORDS):
        said = m.group(0)
        for n in effects:
            card = sentence.cards[n].card
            if card is None or "choose one" not in card.text.lower():
                continue
            modes = [t.strip() for t in card.text.split("•")[1:]]
            named = [t for t in modes if said.replace(" ", "").lower() in t.replace(" ", "").lower()]
            if named:
                at = sorted(sentence.words_in(m.start(), m.end()))
                typed = sentence.text[sentence.words[at[0]].start:sentence.words[at[-1]].end]
                sentence.note(f"“{typed}” names the mode “{named[0]}” of {sentence.cards[n].name}; this question "
                              "cannot choose a mode yet, so the answer below is about the mode it says it takes, "
                              "which may not be that one")

# the question's own words about counters ("how many enlighten counters", "does it get a buff counter"): the answer
# says the counters put, so they are read
QUESTION_COUNTERS = (r"(?:come|comes|came|coming) back(?: to the field)?(?: with (?:a |an |\d+ )?(?:[a-z]+ )?"
                     r"counters?)?|how many (?:[a-z]+ )?counters?|(?:get|gets|got|put|puts|place|places|give|gives|"
                     r"keep|keeps) "
                     r"(?:a |an |any |another |extra |more |the |its |\d+ )?(?:[a-z]+ )?counters?(?: on (?:it|them|"
                     r"(?:my|your|their|the) [a-z]+))?")
# an ability named as the one given ("the On Sacrifice ability", "its Taunt"): the answer says what it has
ABILITY_NAMED = (r"(?:the |its |an? )?on (?:enter|death|attack|sacrifice|leave|champion hit|hit|kill|defend|block|"
                 r"level up|reveal|banish|destroy)(?: abilit(?:y|ies)| effects?| trigger)?")
# an object that leaves the field (or the zone a condition counts) after the effects
LEAVING = (r"(?P<verb>leaves|left|leave|dies|died|die|(?:is|was|gets|got|are|were) (?:destroyed|banished|suppressed|"
           r"sacrificed|killed|removed))(?P<where> (?:the |my |your |their )?(?:field|play|graveyard))?"
           r"(?: later)?(?: (?:that|this|the same) turn)?")
# a board state the question has no input for unless a card's condition says it ("rested", "awake")
UNREAD_STATE = re.compile(r"rested|awake|exhausted|counters?|leaves|left|leaving|dies|died|destroyed|banished|"
                          r"suppressed|sacrificed|lineage|match|matches|matched|mismatched|imbued|retaliates|"
                          r"retaliated|retaliate|retaliating|prepared|fostered")


def _arrives_later(sentence: Sentence, m: re.Match[str], end: int | None = None) -> bool:
    """Whether the object a match names arrives after the effects ("an ally that comes in later", "then another
    Potion enters", "then play another Sword weapon"); the words that say so are read. "(already) on the field"
    is read too (there before)."""
    end = m.end() if end is None else end  # (past "I control" said of the object)
    rest = sentence.norm[end:]
    head = sentence.norm[:m.start()]
    later = re.match(rf"\s*(?:{LATER})", rest) or (
        re.search(r"(?:then|after that|afterwards) $", head)
        and re.match(r"\s*(?:enters?|comes? in|arrives?|is played)\b", rest))
    played = re.search(r"(?:then|after that|afterwards|later|(?:after|once) (?:(?:i|we|you) (?:cast|use|used|play|"
                       r"played|activate|activated|resolve|resolved) )?§\d+(?: (?:resolves|resolved|has resolved|is "
                       r"cast|was cast|is played|was played|enters|entered))?)(?: (?:i|we|my opponent|they|he|she))? "
                       r"(?:play|plays|played|cast|casts|put|puts|summon|summons|materiali[sz]e|materiali[sz]es) "
                       r"(?:in |out )?$", head)
    before = re.match(rf"\s*(?:{BEFORE})", rest)
    control = re.search(CONTROL, head.rstrip())
    if control and not later and not played:
        sentence.used |= sentence.words_in(control.start(), control.end())
    if later:
        sentence.used |= sentence.words_in(end, end + later.end())
    if played:
        sentence.used |= sentence.words_in(played.start(), played.end())
    if before:
        sentence.used |= sentence.words_in(end, end + before.end())
    return bool(later or played)


# "a crux ally I control", "allies my opponent controls": whose the object is, said after it
CONTROLLED = (r" (?:that |which |who )?(?:(?P<me>i|we|you)|(?P<them>my opponent|an opponent|the opponent|my "
              r"opponents|opponents|they|he|she)) (?:already |still |also )?(?:control|controls|controlled|own|owns)\b")


_DET = (r"(?P<det>my opponents|an opponents|opponents|my|your|our|their|his|her|the|an?|one|another|other|that|this|"
        r"target)")
BARE = (rf"(?:{_DET} )?(?:(?P<nth>other|new|second|first|next) )?(?P<sub>{_any_of(SUBTYPES)})(?:e?s)?"
        rf"(?! (?:{_KIND})\b)")


def _bare_subtypes(sentence: Sentence, texts: str, objects: list[tuple[int, str, bool]]) -> None:
    """A subtype said alone that the effect's text names ("on my Sword", "one Potion, then another Potion enters"):
    an object of the kind the text gives it ("Target Sword weapon": weapon:sword), else any object of it
    (object:potion). "another / a second / a new" one is a second object; "the Potion", "the second Potion" said
    again are the ones already named."""
    for m in list(sentence.find(BARE)):
        sub = m.group("sub")
        # only a subtype the effect reaches as an object ("target Potion", "Sword weapons you control", "whenever an
        # Animal enters"), not one it names otherwise ("the next Spell card you activate")
        reached = (rf"(?:target|each|all|another|other) {sub}(?:e?s)?\b|\b{sub}(?:e?s)?(?: (?:{_KIND}))? "
                   rf"(?:you control|an opponent controls|enters?|gets?|gains?)\b")
        if not sentence.free(m) or not re.search(reached, texts):
            continue
        if _names_a_card(sentence, m):  # "the Bull" of Rebellious Bull: that card said again, no new object
            sentence.use(m)
            continue
        kind = re.search(rf"\b{sub}(?:e?s)? ({_KIND})\b", texts)
        what = f"{KINDS[kind.group(1)] if kind else 'object'}:{sub}"
        if re.search(r"opponents|their", m.group("det") or ""):
            what += ":opponent"
        sentence.use(m)
        # said again of an object already named of that subtype, whatever its kind ("my Animal ally ... my Animal")
        same = [o for o in objects if re.search(rf":{sub}\b", o[1]) and o[0] < sentence.position(m)]
        fresh = (m.group("det") in ("another", "other") or m.group("nth") in ("other", "new", "second", "next")) \
            and m.group("det") != "the"
        later = _arrives_later(sentence, m)
        if not same or (fresh and len(same) < 2):
            objects.append((sentence.position(m), what, later))


def _names_a_card(sentence: Sentence, m: re.Match[str]) -> bool:
    """"the Bull" after Rebellious Bull, "the Glaive" after Crescent Glaive: a subtype word said with "the", "that",
    "this" (or nothing) that is a word of a card the sentence names is that card said again, not a new object."""
    if m.group("det") not in (None, "the", "that", "this") or m.group("nth"):
        return False
    word = m.group("sub")
    return any(c.card is not None and word in re.findall(r"[a-z]+", c.card.name.lower()) for c in sentence.cards)


PERMANENT = re.compile(r"\b(?:ally|champion|item|weapon|phantasia|domain|regalia|token)\b", re.I)
TARGETED = (r"§(?P<a>\d+)(?P<gap>(?: [a-z0-9']+){0,6}?) (?P<on>on|onto|to|at|targeting|against|targets) "
            r"(?:(?:my|your|their|an?|the|opponents?|enemy|awake|rested) )*§(?P<b>\d+)")


def _targets(sentence: Sentence, effects: list[int]) -> dict[int, int]:
    """"I use Sylph's Envelopment on Maiden of Reverent Gale", "Smoke Out ... to my opponent's Lurking Assailant":
    the card the effect is used on is there first (its own effects before) and is the effect's target
    (`A -> B`), whatever order the sentence names them in. Reorders `effects` in place; effect -> its target."""
    out: dict[int, int] = {}
    for m in re.finditer(TARGETED, sentence.norm):
        a, b = sentence.mentions(int(m.group("a")))[0], sentence.mentions(int(m.group("b")))[0]
        card_a, card_b = sentence.cards[a].card, sentence.cards[b].card
        if a == b or a not in effects or b not in effects or card_a is None or card_b is None or a in out:
            continue
        if "target" not in card_a.text.lower() or not PERMANENT.search(card_b.type or ""):
            continue
        out[a] = b
        sentence.used |= sentence.words_in(m.start("on"), m.end("on"))
        if effects.index(b) > effects.index(a):
            effects.remove(b)
            effects.insert(effects.index(a), b)
    return out


# "cast Fleeting Guard on my ally", "use X targeting their champion", "target my Warrior ally with X": the object the
# effect is used on is its target (a card whose text says "target ...")
ON_OBJECT = r"§{n}(?:s)?(?P<gap>(?: [a-z0-9]+){{0,4}}?) (?P<on>(?:on|onto|targeting|targets|at|against)(?: one of)?) $"
TARGET_WITH = r"(?P<on>target|targets|targeting|targeted|choose|chose|choosing) $"


def _object_targets(sentence: Sentence, effects: list[int], objects: list[tuple[int, str, bool]],
                    targets: Mapping[int, int]) -> dict[int, str]:
    """An effect whose text takes a target ("Target unit", "target ally you control") used "on my ally", "targeting
    their champion", or "target my ally with" it: that object, there before the effect, is its target (`CARD ->
    ally`, or `-> #k` when the same object is written twice). effect -> target as the command takes it."""
    out: dict[int, str] = {}
    before = [(p, w) for p, w, later in objects if not later]
    for n in effects:
        card = sentence.cards[n].card
        if n in targets or card is None or not re.search(r"\btargets?\b", card.text, re.I):
            continue
        for p, w in before:
            at = _norm_offset(sentence, p)
            if at is None:
                continue
            head = sentence.norm[:at]
            m = re.search(ON_OBJECT.format(n=n), head)
            forms = _verb_forms(card.text)
            if m is None and forms:  # "Entrancing Filigree banished my opponent's ally" ("banish target ally")
                m = re.search(rf"§{n}(?:s)? (?:\w+ )?(?P<on>{forms}) $", head)
            after = None
            if m is None:
                t = re.search(TARGET_WITH, head)
                after = re.match(rf"[^§.?!]{{0,40}}? (?P<with>with|using|by) §{n}\b", sentence.norm[at:])
                m = t if (t and after) else None
            if m is None:
                continue
            text = w.rsplit(" x", 1)[0] if re.search(r" x\d+$", w) else w
            # (a later object written the same way would be found too: then the number of the one meant)
            same = [x for _, x, _ in objects if x.rsplit(" x", 1)[0] == text]
            if len(same) > 1 or re.search(r" x\d+$", w):
                k = 0
                for q, x in before:
                    copies = int(x.rsplit(" x", 1)[1]) if re.search(r" x\d+$", x) else 1
                    if q == p:
                        k += 1
                        break
                    k += copies
                text = f"#{k}"
            out[n] = text
            sentence.used |= sentence.words_in(m.start("on"), m.end("on"))
            if after is not None:
                sentence.used |= sentence.words_in(at + after.start("with"), at + after.end("with"))
            sentence.note(f"“{sentence.typed(m, 'on')}”: {sentence.cards[n].name} is read as used on "
                          f"{w.rsplit(' x', 1)[0]}, its target")
            break
    return out


_IRREGULAR = {"deal": ("dealt",), "put": ("put",), "give": ("gave", "given"), "choose": ("chose", "chosen"),
              "take": ("took", "taken"), "make": ("made",)}


def _verb_forms(text: str) -> str:
    """The forms a player says the verbs a card does to its target in ("Banish target ally": banish, banished,
    banishes), as one alternation ('' when it names none)."""
    verbs = set(re.findall(r"\b([a-z]{3,}) (?:up to \w+ )?(?:another |other )?target\b", text.lower()))
    forms: set[str] = set()
    for v in verbs - {"and", "then", "the", "each", "with", "from", "choose"}:
        stem = v[:-1] if v.endswith("e") else v
        forms |= {v, v + "s", v + "es", stem + "ed", stem + "ing", *_IRREGULAR.get(v, ())}
    return "|".join(sorted(forms, key=len, reverse=True))


def _norm_offset(sentence: Sentence, word: int) -> int | None:
    """Where a word position starts in `sentence.norm` (None if it lies inside a card's slot)."""
    return next((start for start, _, covered in sentence._spans if covered == (word,)), None)


# "my champion levels up to level 3", "when I level up to 2", "if my champion levels up", "after I level up into
# Tristan, Grim Stalker": the champion levels up after the effects (`level-up:champion`, or `level-up:CARD`)
LEVEL_UP = (r"(?:(?:my|your|the|our) champion|i|we|you|it|she|he|they) (?:then |later |also )?(?:levels?|levell?ed|"
            r"leveling|levelling) up(?: (?:to|into) (?:level |lv ?)?(?P<n>\d+|{count})\b| (?:into|to) §(?P<card>\d+))?")


CHAMPION_LEVEL = (r"(?:(?:my|the|your|our) )?champion (?:is|was|s) (?:only |still |just |now |currently )?(?:at |on )?"
                  r"(?:level|lv) (?P<n>\d+|{count})\b(?! ?\+)|(?:an? |my |our )?(?:level|lv) (?P<n2>\d+|{count}) "
                  r"(?:[a-z]+ )?champion")


def _champion_level_said(sentence: Sentence, objects: list[tuple[int, str, bool]]) -> None:
    """"my champion is level 2", "a level 3 Mage champion": the champion's level is a fact of the scenario whatever
    card reads it (a [Level N+] label, Pride's "unless your champion is level N or higher", "+1 level" effects):
    the champion is written with it (`champion[level=2]`), unless a level is written already."""
    for m in list(sentence.find(CHAMPION_LEVEL.format(count=_COUNT))):
        value = _count_value(m.group("n") or m.group("n2"))
        if value is None:
            continue
        at = next((i for i, o in enumerate(objects) if re.match(r"champion(?:$|\[|:)", o[1])), None)
        if at is None:
            objects.insert(0, (-1, f"champion[level={value}]", False))
        elif "level=" in objects[at][1]:
            continue
        else:
            pos, what, later = objects[at]
            objects[at] = (pos, what + f"[level={value}]" if "[" not in what else
                           what.replace("[", f"[level={value},", 1), later)
        sentence.use(m)
        return


def _level_up_said(sentence: Sentence) -> list[tuple[int, str, int | None]]:
    """The level-ups the sentence says: (position, event, the level said after it or None). Read before the champion's
    level ("my champion is level 2 ... levels up to level 3": the level 3 is the one after)."""
    out = []
    for m in list(sentence.find(LEVEL_UP.format(count=_COUNT))):
        if m.group("card") is not None:
            card = sentence.cards[int(m.group("card"))]
            if card.card is None or "CHAMPION" not in card.card.type.upper():
                continue
            event, after = f"level-up:{card.name}", None
        else:
            event, after = "level-up:champion", _count_value(m.group("n")) if m.group("n") else None
        sentence.use(m)
        out.append((sentence.position(m), event, after))
    return out


def _level_up_objects(sentence: Sentence, ups: list[tuple[int, str, int | None]],
                      objects: list[tuple[int, str, bool]], events: list[tuple[int, str]]) -> None:
    """A champion levels up only if one is in the scenario: the one written ("champion[level=2]"), else a champion
    is added (at the level before the one said: "levels up to level 3" is a champion of level 2, said aloud). A
    level said after it that is not one more than the one written is said aloud too: one level-up adds one level."""
    for at, event, after in ups:
        events.append((at, event))
        champion = next((i for i, o in enumerate(objects) if re.match(r"champion(?:$|\[|:)", o[1])), None)
        written = None
        if champion is not None:
            found = re.search(r"\blevel=(\d+)", objects[champion][1])
            written = int(found.group(1)) if found else None
        if event != "level-up:champion" or after is None:
            if champion is None:
                objects.insert(0, (-1, "champion", False))
            continue
        if champion is None:
            objects.insert(0, (-1, f"champion[level={max(after - 1, 0)}]", False))
            sentence.note(f"“level {after}” after the level-up: your champion is taken to be level {max(after - 1, 0)} "
                          "before it (a level-up adds one level)")
        elif written is None:
            pos, what, later = objects[champion]
            objects[champion] = (pos, what + f"[level={max(after - 1, 0)}]" if "[" not in what else
                                 what.replace("[", f"[level={max(after - 1, 0)},", 1), later)
            sentence.note(f"“level {after}” after the level-up: your champion is taken to be level {max(after - 1, 0)} "
                          "before it (a level-up adds one level)")
        elif written + 1 != after:
            sentence.note(f"“level {after}” after the level-up: one level-up adds one level, so the answer has your "
                          f"champion at level {written + 1}, not {after}")


ACTIVATED = (r"(?P<head>(?:(?:i|we|you|my opponent) (?:then |also |later |still )?)?)(?P<verb>cast|casts|casting|"
             r"activate|activates|activated|activating|play|plays|played)(?: (?P<n>{count}|an?|another|one more))? "
             r"(?P<what>spells?|spell cards?|spell actions?|actions?|action cards?|cards?)(?: (?:after(?:wards)?|later|"
             r"then|next))?(?: this turn)?")


def _activated(sentence: Sentence, effects: list[int], objects: list[tuple[int, str, bool]]) -> None:
    """"I cast two spells this turn", "then I activate a card", "I played two actions": cards activated after the
    effects (`action:spell x2`, `action`, `card`), what "the next Spell card you activate this turn" (Empower, 100+
    cards) and "the next card you activate" reach. Before the effects only when said so ("before I cast X")."""
    if not effects:
        return
    first = min(sentence.card_position(n) for n in effects)
    for m in list(sentence.find(ACTIVATED.format(count=_COUNT))):
        said = m.group("n") or "a"
        value = 1 if said in ("a", "an", "another", "one more") else _count_value(said)
        if value is None or not 1 <= value <= 10:
            continue
        what = m.group("what")
        negation = re.search(NEGATED, sentence.norm[:m.start("verb")].rstrip())
        if negation is not None:  # "if I don't cast a Spell this turn": none is activated, as the scenario has it
            sentence.use(m)
            sentence.used |= sentence.words_in(negation.start(), negation.end())
            sentence.note(f"“{sentence.typed(m)}” is said not to happen, so the scenario has no such card")
            continue
        kind = "action:spell" if what.startswith("spell") else "action" if what.startswith("action") else "card"
        before = sentence.position(m) < first and not re.search(r"\b(?:after|then|once)\b",
                                                               sentence.norm[:m.start()][-40:])
        sentence.use(m)
        objects.append((sentence.position(m), kind + (f" x{value}" if value > 1 else ""), not before))
        for again in list(sentence.find(rf"(?:both|the|those|these|all|each of the|each|either)(?: two| of the)? "
                                        rf"{m.group('what').rstrip('s')}s?\b")):
            sentence.use(again)  # "do both spells get it": the ones just read
        sentence.note(f"“{sentence.typed(m)}” is read as {value} {kind.replace('action:spell', 'Spell card')}"
                      f"{'s' if value > 1 else ''} activated {'before' if before else 'after'} the effects")


def _level_said(sentence: Sentence, effects: list[int], objects: list[tuple[int, str, bool]]) -> None:
    """"Does Shout at Your Pets' extra level stay ...": a level is a champion's; when an effect's text gives one and
    no champion is written, the champion is the object asked about (there before the effects)."""
    m = next(iter(sentence.find(r"(?:extra |more |bonus |\+\d+ )?levels?(?! up)")), None)
    if m is None or any(w.startswith("champion") for _, w, _ in objects):
        return
    if any(sentence.cards[n].card is not None and re.search(r"champion[^.]*\blevel\b", sentence.cards[n].card.text,
                                                             re.I) for n in effects):
        sentence.use(m)
        objects.insert(0, (-1, "champion", False))


def _amounts_said(sentence: Sentence, texts: str) -> None:
    """"does it get +2 power?": an amount the effect's own text gives is the question's, read."""
    for m in list(sentence.find(r"(?P<n>[+-] ?\d+|\d+) (?:more |extra )?(?P<stat>power|life|level|durability)")):
        amount = m.group("n").replace(" ", "")
        signed = re.escape(amount) if amount[0] in "+-" else rf"[+-]{re.escape(amount)}"  # "-1" is typed "1" too
        if re.search(rf"(?<![\w+-]){signed} ?{m.group('stat')}\b", texts):  # ("+3POWER" as printed)
            sentence.use(m)
    for m in list(sentence.find(r"(?:the |that |this |its )?\+ ?(?P<n>\d+)\b")):  # "does it keep the +3"
        if re.search(rf"(?<![\w+-])\+{m.group('n')} ?(?:power|life|level|durability)\b", texts):
            sentence.use(m)
    if re.search(r"\bcosts? (?:\d+ |x )?(?:less|more)\b", texts):  # "does it make itself cost 2 less?"
        for m in list(sentence.find(r"costs? (?:\d+ |x |one |two |three )?(?:less|more)")):
            sentence.use(m)
    for m in list(sentence.find(r"(?:deal|deals|dealt|take|takes|took) (?P<n>\d+|x) (?:unpreventable )?damage")):
        if re.search(rf"\b{m.group('n')} (?:unpreventable )?damage\b", texts):
            sentence.use(m)


_TRIGGER = re.compile(r"^(?:\[[^\]]+\]\s*)*(?P<t>(?:whenever|when|at the beginning of|at the end of|"
                      r"on [a-z]+(?: [a-z]+)?)\b[^:,.]*)", re.I)


NO_DAMAGE = (r"(?:no|without) damage (?:is |was |gets |being )?(?:dealt|taken|done)|(?:takes|took|take|taking) no "
             r"damage|(?:isnt|is not|wasnt|was not|doesnt|does not|didnt|did not|dont|do not) (?:get )?(?:dealt|take|"
             r"taking|dealt any) (?:any )?damage|without taking (?:any )?damage")


def _card_words_said(sentence: Sentence, effects: list[int]) -> list[tuple[int, int]]:
    """The card's own words said back, which ask nothing of the scenario: a keyword with its number it prints
    ("empower 3", "Ranged 3"), "my next spell" of "the next Spell card", the cost it is used by ("I banish Shard of
    Empowerment" for "Banish Shard of Empowerment: ..."), "attacks" of an "On Attack" card, and the words of a trigger
    it prints ("when I activate a wind element card" for "Whenever you activate a wind element card"). Returns
    (card, paragraph) for each trigger said: that paragraph is the one asked about."""
    cards = [(n, sentence.cards[n].card) for n in effects if sentence.cards[n].card is not None]
    texts = " ".join(c.text.lower() for _, c in cards)
    for m in list(sentence.find(r"\b(?P<kw>[a-z]{4,}) (?P<n>\d+)\b")):
        if re.search(rf"\b{re.escape(m.group('kw'))} {m.group('n')}\b", texts):
            sentence.use(m)
    if "empower" in texts:
        sentence.take(r"empowered|empowers|empowering")
    for m in list(sentence.find(r"with (?P<k>[a-z]+ [a-z]+|[a-z]+)")):  # "regalia with divine relic": its words
        if len(m.group("k")) >= 5 and re.search(rf"\bwith {re.escape(m.group('k'))}\b", texts):
            sentence.use(m)
    if re.search(r"\bprevent|would (?:be dealt|take) damage", texts):
        # "no damage is dealt to my champion": nothing in the scenario uses the prevention up, as the question's
        # scenario has it by default; "prevent damage", "the prevention": the card's own words
        for m in list(sentence.find(NO_DAMAGE)):
            sentence.use(m)
            sentence.note(f"“{sentence.typed(m)}”: no damage in the scenario, so nothing uses the effect up (the "
                          "answer's scenario has none either)")
        sentence.take(r"(?:prevents?|prevented|preventing) (?:the |that |any |all )?(?:\d+ )?damage|"
                      r"(?:the |its |this )?(?:half[- ]damage )?prevention|protected|protects?")
    for m in list(sentence.find(r"(?:my |the |your |a )?next (?P<w>[a-z]+)")):
        if re.search(rf"\bnext {m.group('w')}\b", texts):
            sentence.use(m)
    for n, card in cards:
        name = re.escape(sentence.cards[n].name.lower())
        if re.search(rf"(?:banish|sacrifice) (?:{name}|this|it)\b[^.]*:", card.text.lower()):
            for m in re.finditer(rf"(?P<v>(?:(?:i|we|you) (?:then )?)?(?:banish|banished|banishing|banishes|sacrifice|"
                                 rf"sacrificed|sacrificing|sacrifices)) §{n}\b", sentence.norm):
                if not sentence.free(m, "v"):
                    continue
                sentence.use(m, "v")
                sentence.note(f"“{sentence.typed(m)}”: the cost {sentence.cards[n].name} is used by, so its effect "
                              "starts then")
        # (a condition "is attacking" reads "attacked" itself, later: held or not)
        if "on attack" in card.text.lower() and not any("attacking" in c.lower() for _, c in _conditions(sentence, n)):
            for m in re.finditer(rf"(?:§{n}(?:s)? (?:\w+ )?|\b(?:it|he|she) )(?P<v>attacks|attacked)\b", sentence.norm):
                if sentence.free(m, "v"):
                    sentence.use(m, "v")
    quoted: list[tuple[int, int]] = []
    for n, card in cards:
        try:
            paragraphs = read_card(card).paragraphs
        except Exception:
            continue
        for k, p in enumerate(paragraphs, start=1):
            t = _TRIGGER.match(p.text.strip())
            if t is None:
                continue
            words = re.findall(r"[a-z0-9]+", t.group("t").lower())[1:]
            words = [w for w in words if w not in ("you", "your")]
            best = None
            for size in range(len(words), 2, -1):
                for i in range(len(words) - size + 1):
                    gram = " ".join(words[i:i + size])
                    if sum(w not in FILLER for w in words[i:i + size]) < 2:
                        continue
                    found = next((x for x in sentence.find(rf"\b{re.escape(gram)}\b")), None)
                    if found is not None:
                        best = found
                        break
                if best is not None:
                    break
            if best is not None:
                sentence.use(best)
                quoted.append((n, k))
                sentence.note(f"“{sentence.typed(best)}” is read as the moment {sentence.cards[n].name}'s ability "
                              f"{k} triggers (“{t.group('t').strip()}”)")
    return quoted


def _opponents_cards(sentence: Sentence, effects: list[int]) -> set[int]:
    """"my opponent's Lurking Assailant": that card is the opponent's (CARD@opponent)."""
    theirs = set()
    for m in re.finditer(r"(?P<owner>(?:(?:my|an|the) )?(?:opponents?|enemy|their))(?: (?:awake|rested))? §(\d+)",
                         sentence.norm):
        words = sentence.words_in(m.start("owner"), m.end("owner"))
        if int(m.group(2)) in effects and not words & sentence.used:
            theirs.add(int(m.group(2)))
            sentence.used |= words
    return theirs


def _conditions(sentence: Sentence, n: int) -> list[tuple[int, str]]:
    """(paragraph number, condition words) of the conditions the engine reads in the card (GA4)."""
    card = sentence.cards[n].card
    if card is None:
        return []
    try:
        reading = read_card(card)
    except Exception:  # a card the engine cannot read has no condition the question can switch
        return []
    return [(k, e.condition or e.requires) for k, p in enumerate(reading.paragraphs, start=1) for e in p.effects
            if e.condition or e.requires]


BONUS = (r"(?:(?:my|your|the|their|our) )?(?:champions? )?(?P<what>class|element)(?: bonus)? (?:(?P<neg>doesnt|"
         r"does not|dont|do not|didnt|did not|isnt|is not|wont|will not|no longer) )?(?:match(?:es|ed)?|holds?|"
         r"appl(?:y|ies)|(?:is )?active|(?:is )?met)|(?P<neg2>without|not) (?:the |a |my )?(?:matching )?"
         r"(?P<what2>class|element)(?: bonus| match)?|(?P<neg3>mismatched|different|wrong|other) "
         r"(?P<what3>class|element)")


def _bonus_said(sentence: Sentence, effects: list[int], events: list[tuple[int, str]]) -> None:
    """"if my champion's class doesn't match", "without the Element Bonus": the card's [Class Bonus] / [Element
    Bonus] (about 716 / 31 real cards) does not hold (condition-false:CARD); "my class matches" holds (as assumed)."""
    for m in list(sentence.find(BONUS)):
        what = m.group("what") or m.group("what2") or m.group("what3")
        label = f"[{what.capitalize()} Bonus]"
        holders = [n for n in effects if any(label.lower() in c.lower() for _, c in _conditions(sentence, n))]
        if re.match(r"(?:my|our) ", m.group(0)):  # "my champion's class": not an opponent's card's bonus
            holders = [n for n in holders if not re.search(rf"(?:opponents?|their|enemy) (?:awake |rested )?§{n}\b",
                                                           sentence.norm)]
        if not holders:
            continue
        sentence.use(m)
        negated = bool(m.group("neg") or m.group("neg2") or m.group("neg3"))
        for n in holders:
            if negated:
                events.append((sentence.position(m), f"condition-false:{sentence.cards[n].name}"))
        sentence.note(f"“{sentence.typed(m)}” is read as {label} {'not holding' if negated else 'holding'} for "
                      + ", ".join(sentence.cards[n].name for n in holders))
        # "... matches Port Smuggler's class", "matches its class": the card's class said again, the same bonus
        for again in re.finditer(rf"(?:§\d+|its|the cards|that cards|this cards) (?P<w>{what})\b", sentence.norm):
            if sentence.free(again, "w"):
                sentence.use(again, "w")


# a state of an object that a card's condition is about ("As long as this unit is distant", "... is attacking")
STATE_WORDS = ("distant", "attacking", "fostered", "rested", "retaliating", "awake", "defending", "exhausted", "imbued",
               "prepared", "banished", "discarded", "revealed")
# the same states said as what the unit does ("it retaliates", "Ghost Hunter attacked an ephemeral ally")
STATE_VERBS = {"retaliates": "retaliating", "retaliated": "retaliating", "retaliate": "retaliating",
               "attacks": "attacking", "attacked": "attacking", "attack": "attacking", "defends": "defending",
               "defended": "defending", "defend": "defending"}
STATES = (r"(?P<neg>(?:stops?|stopped|stopping|ceases?|ceased) being |(?:is|are|was|were|gets|got|becomes?|became) "
          r"(?:no longer|not|un)|no longer |not |isnt |wasnt |arent |(?:is|was) not |(?:doesnt|does not|didnt|did not|"
          r"dont|do not|wont|will not|never) )?"
          rf"(?P<state>{'|'.join(STATE_WORDS)}|{'|'.join(STATE_VERBS)})(?P<neg2> (?:any ?more|no more))?")
_OPPOSITE = {"rested": "awake", "awake": "rested", "exhausted": "awake"}


def _state(sentence: Sentence, effects: list[int], events: list[tuple[int, str]], held: list[tuple[int, int]],
           objects: list[tuple[int, str, bool]] | None = None) -> None:
    """"stops being distant", "when it's rested", "is no longer attacking" said of a card whose condition is that state
    ("As long as this unit is distant", "As long as it's awake"; about 90 real cards): the condition is switched off
    (condition-false:CARD#N) or said to hold, in a note. Said of anything else it stays unread (asked back)."""
    for m in list(sentence.find(STATES)):
        state = STATE_VERBS.get(m.group("state"), m.group("state"))
        if state != m.group("state") and not re.search(r"§\d+(?:s)? (?:\w+ )?$|\b(?:it|he|she|they|and) $",
                                                       sentence.norm[:m.start()]):
            continue  # "attacks" said of the card ("Ghost Hunter attacked", "it retaliates"), not "when I attack"
        negated = bool(m.group("neg") or m.group("neg2"))
        for n in effects:
            found = [(k, c, w) for k, c in _conditions(sentence, n)
                     for w in (state, _OPPOSITE.get(state)) if w and re.search(rf"\b{w}\b", c, re.I)]
            if not found:
                continue
            k, condition, said = found[0]
            holds = (said == state) != negated
            name = sentence.cards[n].name
            if not holds:
                events.append((sentence.position(m), f"condition-false:{name}#{k}"))
            else:
                held.append((n, k))
            sentence.use(m)
            sentence.note(f"“{sentence.typed(m)}” is read as {name}'s condition “{condition}” "
                          f"{'holding' if holds else 'not holding'}")
            if objects is not None and state in ("attacking", "defending"):
                _what_is_attacked(sentence, m, condition, objects)
            break


def _what_is_attacked(sentence: Sentence, m: re.Match[str], condition: str,
                      objects: list[tuple[int, str, bool]]) -> None:
    """"Ghost Hunter attacked an ephemeral ally" beside "As long as Ghost Hunter is attacking an ephemeral ally": the
    ally is part of the condition said, the one attacked (the opponent's), not an object the question asks about."""
    after = min(sentence.words_in(m.end(), m.end() + 2) or {len(sentence.words)})
    for i, (pos, what, _) in enumerate(objects):
        words = [w for w in re.split(r"[:@\[\]]", what.split(" x")[0]) if w and not w.startswith(("buff", "debuff"))]
        if pos == after and all(re.search(rf"\b{re.escape(w)}", condition, re.I) for w in words if w != "opponent"):
            del objects[i]
            sentence.note(f"the {' '.join(reversed(words))} attacked is the one its condition (“{condition.strip()}”) "
                          "names, not an object asked about")
            return


# whose turn it is ("on my opponent's turn", "during my turn", "it's not my turn")
TURN_SAID = (r"(?:(?:on|during|in) (?P<whose>my|your|our|their|his|her|an opponents|my opponents|the opponents|"
             r"opponents|each opponents) (?:own )?turn|(?:its|it is) (?P<neg>not )?(?P<whose2>my|your|their|"
             r"my opponents|the opponents|an opponents) turn)")
# a card text that names a player's turn ("During your turn", "until the end of your next turn", "only during an
# opponent's turn", "If it's not your turn")
TURN_TEXT = re.compile(r"\b(?:your|an opponent's|each opponent's|their|opponents') (?:next )?turn\b|"
                       r"\bnot your turn\b", re.I)


def _turn_said(sentence: Sentence, effects: list[int]) -> str | None:
    """Whose turn the sentence says. Beside effects whose texts name no player's turn it changes nothing ("until end
    of turn" ends the turn it is said in, whoever's it is): read, in a note. Beside a text that names one ("During
    your turn", "only during an opponent's turn", "your next turn") the question has no input for it: returned,
    to be asked back."""
    m = next(iter(sentence.find(TURN_SAID)), None)
    if m is None:
        return None
    texts = [sentence.cards[n] for n in effects if sentence.cards[n].card is not None]
    naming = [c.name for c in texts if TURN_TEXT.search(c.card.text)]
    sentence.use(m)
    if naming:
        return f"whose turn it is (“{sentence.typed(m)}”; {', '.join(naming)} names a player's turn)"
    sentence.note(f"“{sentence.typed(m)}”: no effect here names a player's turn, so whose turn it is changes "
                  "nothing in this answer")
    return None


def _paragraph_named(sentence: Sentence, effects: list[int], events: list[tuple[int, str]],
                     held: list[tuple[int, int]] = ()) -> dict[int, int]:
    """The paragraph of a card of several that the sentence is about: the one whose condition it switched ("stops
    being distant": Seaside Rangefinder's Ranged paragraph), else the one of the amount it says ("keep +1 life":
    Rose, Eternal Paragon's "[Level 2+] On Enter ... +1 LIFE"), when one paragraph only fits. card -> paragraph."""
    out: dict[int, int] = {}
    amounts = [m.group(0).replace(" ", "").lower() for m in re.finditer(r"[+-] ?\d+ ?(?:power|life|level|durability)",
                                                                        sentence.norm)]
    for n in effects:
        card = sentence.cards[n].card
        if card is None:
            continue
        try:
            paragraphs = read_card(card).paragraphs
        except Exception:
            continue
        if len(paragraphs) < 2:
            continue
        name = sentence.cards[n].name
        switched = {int(e.rsplit("#", 1)[1]) for _, e in events
                    if re.fullmatch(rf"condition-(?:false|true):{re.escape(name)}#\d+", e)}
        said = {k for k, p in enumerate(paragraphs, start=1)
                if p.effects and any(a in p.text.replace(" ", "").lower() for a in amounts)}
        # (the card's first paragraph with a lasting change is what its answer leads with anyway)
        first = next((k for k, p in enumerate(paragraphs, start=1) if any(e.prop != "cost" for e in p.effects)), None)
        switched |= {k for c, k in held if c == n and k != first}  # "the cards she banished": that paragraph
        found = switched or (said if said != {first} else set())
        if len(found) == 1:
            out[n] = found.pop()
    return out


def _leaving(sentence: Sentence, effects: list[int], objects: list[tuple[int, str, bool]],
             events: list[tuple[int, str]]) -> None:
    """"if my Animal ally dies later that turn" (leaves:OBJECT, an object written that leaves the field); "if one
    leaves the graveyard" beside a card whose condition counts cards there ("four or more water element cards in your
    graveyard"): that condition no longer holds (condition-false:CARD). Else the words stay unread (asked back)."""
    leaves_event = any(e.startswith("leaves:") for e in COMMAND_EVENTS)
    for m in list(sentence.find(LEAVING)):
        at = sentence.position(m)
        where = (m.group("where") or "").split()
        earlier = [w for p, w, _ in objects if p < at]
        if (where and where[-1] == "graveyard") or (earlier and "@graveyard" in earlier[-1] and not where):
            counting = [(n, k, c) for n in effects for k, c in _conditions(sentence, n) if "graveyard" in c.lower()]
            if counting:
                n, k, condition = counting[0]
                events.append((at, f"condition-false:{sentence.cards[n].name}#{k}"))
                sentence.use(m)
                sentence.note(f"“{sentence.typed(m)}” is read as {sentence.cards[n].name}'s condition “{condition}” "
                              "no longer holding")
            continue
        if leaves_event and earlier and "@" not in earlier[-1]:
            events.append((at, f"leaves:{earlier[-1]}"))
            sentence.use(m)


def _unread_state(sentence: Sentence) -> list[str]:
    return [w.text for i, w in enumerate(sentence.words) if i not in sentence.used and UNREAD_STATE.fullmatch(w.norm)]



# --- counts said in words ("three Atmos Shield allies", "twenty damage counters", "five cards in memory") ---------

COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
               "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
               "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "zero": 0}
_COUNT = rf"(?:\d+|{'|'.join(sorted(COUNT_WORDS, key=len, reverse=True))})"
# a count in the sentence: the number and up to five words of what it counts, up to a word that starts another part
SAID_COUNT = (rf"(?<![\w§+-])(?:(?:i|we|you|it|they|its controller|controller|he|she) (?:still )?(?:control|controls|"
              rf"have|has|own|owns) )?(?:only |just |exactly |at least )?(?P<n>{_COUNT})(?: or more)? "
              rf"(?P<what>(?:(?!(?:"
              r"does|do|did|is|are|was|were|how|what|will|would|can|could|should|to|and(?! or)|then|if|when|but|so|"
              rf"deal|deals)\b)(?:[a-z]+|§\d+)(?: |$)){{1,5}})")
# words that say nothing about what is counted ("you control", "in your ...")
_COUNT_FILLER = frozenset({"you", "your", "my", "i", "control", "controls", "have", "has", "had", "the", "a", "an",
                           "on", "in", "of", "and", "or", "with", "named", "there", "that", "this", "are", "is", "it",
                           "them", "their", "only", "just", "among", "at", "least", "side", "field", "play", "mine",
                           "total", "amount", "number", "more", "fewer", "less", "or more"})
# "If there are N or more ..." / "As long as you control N or more ...": what a condition counts (as evaluate.py
# reads it for `--count`)
_AT_LEAST = re.compile(r"\b(\w+) or (more|fewer|less|greater) ([^,.;]+)", re.I)
# "[Memory 4+]": four or more cards in your memory; "[Level 3+]": your champion is level 3 or higher
_LABEL = re.compile(r"\[(Memory|Level) (\d+)\+\]")


def _stem(word: str) -> str:
    word = word.lower().strip("'’")
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and len(word) > 3 and not word.endswith("ss"):
        return word[:-1]
    return word


def _content(words: str) -> set[str]:
    return {_stem(w) for w in re.findall(r"[a-z]+", words.lower()) if w not in _COUNT_FILLER} - _COUNT_FILLER


def _count_value(text: str) -> int | None:
    return int(text) if text.isdigit() else COUNT_WORDS.get(text)


def _effects_read(sentence: Sentence, n: int) -> list[tuple[int, Any]]:
    """(paragraph number, read effect) of a card, as the engine reads it (none when it cannot read the card)."""
    card = sentence.cards[n].card
    if card is None:
        return []
    try:
        reading = read_card(card)
    except Exception:  # a card the engine cannot read counts nothing the question could give
        return []
    return [(k, e) for k, p in enumerate(reading.paragraphs, start=1) for e in p.effects]


def _counted(sentence: Sentence, effects: list[int]) -> list[tuple[int, str]]:
    """(card number, what is counted as the engine's `--count` key) for each "for each ..." / "where X is ..." and
    each "N or more ..." condition of the effects' cards."""
    out: list[tuple[int, str]] = []
    for n in effects:
        for _, e in _effects_read(sentence, n):
            if e.per:
                out.append((n, e.per))
            for words in (e.condition, e.requires):
                for m in _AT_LEAST.finditer(words or ""):
                    out.append((n, m.group(3).strip()))
    return out


def _counts_said(sentence: Sentence, effects: list[int], counts: list[str]) -> set[int]:
    """"three Atmos Shield allies" beside Atmos Armor Type-Ares ("+1 POWER for each ally named Atmos Shield you
    control"), "twenty damage counters" beside Bloodbond Bladesworn, "two Animal allies" beside Allen ("As long as you
    control two or more Animal and/or Beast allies"): the number is how many of what the card counts (`--count`),
    matched by the words the sentence says of it (at least two of them, or its only one)."""
    wanted = [(n, key, _content(key)) for n, key in _counted(sentence, effects)]
    named: set[int] = set()  # cards named only as what is counted ("three Atmos Shield allies")
    if not wanted:
        return named
    for m in list(sentence.find(SAID_COUNT)):
        value = _count_value(m.group("n"))
        said = [(_stem(part), i) for i, w in enumerate(m.group("what").split())
                for part in (sentence.card_at(w).name.lower().replace(",", "").split() if w.startswith("§") else [w])]
        if value is None:
            continue
        best = None
        for n, key, words in wanted:
            shared = {w for w, _ in said} & words
            if shared and len(shared) >= min(2, len(words)) and (best is None or len(shared) > best[0]):
                last = max(i for w, i in said if w in shared)
                best = (len(shared), n, key, last)
        if best is None:
            continue
        _, n, key, last = best
        entry = f"{key}={value}"
        if entry not in counts:
            counts.append(entry)
        end = m.start("what") + len(" ".join(m.group("what").split()[:last + 1]))
        sentence.used |= sentence.words_in(m.start(), end)
        named |= {int(w[1:]) for w in m.group("what").split()[:last + 1] if w.startswith("§")} - {n}
        at = sorted(sentence.words_in(m.start(), end))
        typed = sentence.text[sentence.words[at[0]].start:sentence.words[at[-1]].end]
        sentence.note(f"“{typed}” is read as how many {key} {sentence.cards[n].name} counts ({value})")
    return named


_AMOUNT_OF = re.compile(r"(?:equal to|where x is|x is) (?:the )?(?:amount|number) of ([^.,;()]+)", re.I)
SAID_VERB_COUNT = (rf"(?:(?:i|we|you|it|they) )?(?P<verb>[a-z]+ed|dealt|paid|drew|put) (?P<n>{_COUNT}) "
                   r"(?P<what>(?:(?!(?:for|to|from|with|and|then|does|do|did|is|are|on|in|this|that)\b)[a-z]+"
                   r"(?: |$)){1,4})")


def _amounts_of_said(sentence: Sentence, effects: list[int]) -> None:
    """"I revealed 3 wind cards for Veiling Breeze" beside "equal to the amount of cards revealed this way" (and "where
    X is the number of ..."; about 70 real cards) that the engine takes no `--count` for: the number is read as that
    amount and said aloud (with the card's "plus N"), and the answer gives it in the card's words."""
    for n in effects:
        card = sentence.cards[n].card
        if card is None:
            continue
        for counted in _AMOUNT_OF.findall(card.text):
            words = _content(counted) - {"card", "thi", "way", "x"}
            for m in list(sentence.find(SAID_VERB_COUNT)) + list(sentence.find(SAID_COUNT)):
                said = _content(" ".join(g for g in (m.groupdict().get("verb"), m.group("what")) if g))
                # (as for a "for each": two words of what is counted, or its only one; "one of my allies" is no count)
                if len(said & words) < min(2, len(words)) or _count_value(m.group("n")) is None or \
                        m.group("what").startswith("of "):
                    continue
                sentence.use(m)
                value = _count_value(m.group("n")) or 0
                plus = re.search(r"\b(plus|minus) (\d+)\s*$", counted.strip())
                extra = int(plus.group(2)) * (1 if plus.group(1) == "plus" else -1) if plus else 0
                total = f"; with the card's “{plus.group(0)}” that is {value + extra}" if plus else ""
                sentence.note(f"“{sentence.typed(m).strip()}” is read as the amount {sentence.cards[n].name} counts "
                              f"(“{counted.strip()}”: {value}{total}); the answer below gives the amount in the "
                              "card's words")
                break


CARD_COUNTERS = (r"§(?P<card>\d+)(?P<aside>,? (?:with|beside|next to|and) (?:my|your|the|their|our|an?) "
                 r"(?:[a-z]+ ){0,2}?champion,?)? "
                 r"(?:has|had|have|with|carries|carrying|gets|got|holds|that has|which has|now has) "
                 rf"(?:only |just |exactly )?(?P<n>{_COUNT}|an?) (?P<kind>[a-z]+) counters?"
                 r"(?: on (?:it|him|her|them))?|"
                 rf"(?P<n2>{_COUNT}|an?) (?P<kind2>[a-z]+) counters? (?:are |is )?on §(?P<card2>\d+)")


def _card_counters(sentence: Sentence, objects: list[tuple[int, str, bool]]) -> None:
    """"Bolstered Boar has two buff counters on it", "three age counters on Aqua Vitae": the card is on the field
    with those counters before its effects are asked about (`--object "Bolstered Boar[buff=2]"`)."""
    for m in list(sentence.find(CARD_COUNTERS)):
        n = int(m.group("card") or m.group("card2"))
        said = m.group("n") or m.group("n2")
        value = 1 if said in ("a", "an") else _count_value(said)
        kind = m.group("kind") or m.group("kind2")
        if value is None or sentence.cards[n].card is None or kind in ("more", "less", "extra", "other"):
            continue
        if m.group("aside"):  # "Vigil Rempart with my Guardian champion has a debuff counter": the champion apart
            sentence.used |= sentence.words_in(m.start(), m.start("aside")) | sentence.words_in(m.end("aside"), m.end())
        else:
            sentence.use(m)
        objects.append((sentence.card_position(n), f"{sentence.cards[n].name}[{kind}={value}]", False))


COUNTERS_NAMED = (rf"(?:(?P<n>{_COUNT}|an?|the|its|any|all|those|these|that|this|my|their|your) )?(?:(?P<kind>[a-z]+) )"
                  r"counters?")


def _counters_named(sentence: Sentence, effects: list[int]) -> list[str]:
    """"the omen counter from Condemned Trinket", "the buff counter Aquifer Seneschal puts": a kind of counter the
    effects' own texts name is the effects' counter, read (what the effect does with it is the answer). A number of
    them the question cannot give ("removes 2 aim counters" for "For each counter removed this way") is returned, to
    be asked back."""
    texts = " ".join(sentence.cards[n].card.text.lower() for n in effects if sentence.cards[n].card is not None)
    asked: list[str] = []
    for m in list(sentence.find(COUNTERS_NAMED)):
        kind = m.group("kind")
        if not re.search(rf"\b{re.escape(kind)} counters?\b", texts):
            continue
        sentence.use(m)
        said = m.group("n") or ""
        if _count_value(said) is not None and said not in ("a", "an"):
            asked.append(sentence.typed(m))
    return asked


def _labels_said(sentence: Sentence, effects: list[int], objects: list[tuple[int, str, bool]],
                 events: list[tuple[int, str]]) -> list[str]:
    """"[Memory 4+]" with "I have five cards in memory" / "only two cards in my memory": the label holds (said) or
    not (condition-false:CARD#N); "[Level 3+]" with "my champion is level 2": the champion is written with its level
    (`champion[level=2]`, which decides the label where the engine reads it). Returns the labels said of a card whose
    label the engine does not read (a one-time effect): those are asked back."""
    open_labels: list[str] = []
    memory = next(iter(sentence.find(rf"(?:only |just )?(?P<n>{_COUNT}) cards? in (?:my |your |our )?memory|"
                                     rf"(?:my |your )?memory (?:of|is|has) (?P<n2>{_COUNT})(?: cards?)?")), None)
    level = next(iter(sentence.find(rf"(?:(?:my |the |your )?champion(?:s)? (?:is |was |at |on |of )?(?:only |still |"
                                    rf"just )?)?(?:at |on )?level (?P<n>\d+|{_COUNT})(?! ?\+)(?: champion)?|"
                                    rf"(?:a |my )?level (?P<n2>\d+|{_COUNT}) champion")), None)
    for n in effects:
        card = sentence.cards[n].card
        if card is None:
            continue
        read = _effects_read(sentence, n)
        for label in _LABEL.finditer(card.text):
            kind, need = label.group(1), int(label.group(2))
            m = memory if kind == "Memory" else level
            if m is None:
                continue
            value = _count_value(m.group("n") or m.group("n2"))
            if value is None:
                continue
            paragraph = next((k for k, e in read if label.group(0) in (e.condition or "") + (e.requires or "")), None)
            name = sentence.cards[n].name
            sentence.use(m)
            if kind == "Level":
                if not any(w.startswith("champion[") for _, w, _ in objects):
                    objects[:] = [o for o in objects if o[1] != "champion"]
                    objects.insert(0, (-1, f"champion[level={value}]", False))
                if paragraph is None:
                    open_labels.append(f"{label.group(0)} (your champion is level {value})")
                continue
            holds = value >= need
            if paragraph is None:
                open_labels.append(f"{label.group(0)} ({value} cards in your memory)")
                continue
            if not holds:
                events.append((-1, f"condition-false:{name}#{paragraph}"))
            sentence.note(f"“{sentence.typed(m)}” is read as {name}'s {label.group(0)} "
                          f"{'holding' if holds else 'not holding'} ({need} or more cards in your memory)")
    return open_labels


_CLASS_WORD = r"\b(?P<c>assassin|cleric|guardian|mage|ranger|tamer|warrior)s?\b"


def _champion_class_said(sentence: Sentence, objects: list[tuple[int, str, bool]]) -> None:
    """"my champion is a Mage", "my Warrior champion", "my champion is a level 3 Mage": the champion is written with
    its class (`champion:mage`, beside a level already read), which decides a card's [Class Bonus]. A class said not
    to be the champion's ("isn't a Ranger") is left for the answer to assume aloud."""
    for m in list(sentence.find(_CLASS_WORD)):
        before = sentence.norm[max(0, m.start() - 40):m.start()]
        behind = re.compile(r"champions?\b").match(sentence.norm, m.end() + 1)
        said = re.search(r"champions? (?:is|was) (?:an? )?(?:level \w+ )?$", before) or behind
        if not said or re.search(r"\b(?:not|isnt|wasnt|never|no)\b[^.?!]*$", before[-25:]):
            continue
        cls = m.group("c")
        at = next((i for i, o in enumerate(objects) if re.match(r"champion(?:$|\[|:)", o[1])), None)
        if at is None:
            objects.insert(0, (-1, f"champion:{cls}", False))
        elif ":" not in objects[at][1].split("[")[0]:
            pos, what, later = objects[at]
            objects[at] = (pos, what.replace("champion", f"champion:{cls}", 1), later)
        else:
            continue
        sentence.use(m)
        if behind is not None and sentence.free(behind):  # "my Guardian champion": the champion is this one
            sentence.use(behind)
        sentence.note(f"“{sentence.typed(m)}” is read as your champion's class ({cls.capitalize()})")
        return


class GrandArchivePhrases:
    """How `arbiter grand-archive` is asked in a sentence."""

    names = (r"grand archive", r"gatcg", r"ga")
    hints = (r"[a-z]+ (?:ally|allies)", r"buff counters?", r"debuff counters?", r"on the field", r"graveyards?",
             r"champions?", r"allies",
             r"ally", r"memory", r"regalia", r"phantasia", r"(?:\+|-)?\d+ (?:power|life)", r"end of combat",
             *RULES_WORDS)
    answers = ("about continuous effects: which effects reach an object, in what order they apply and how long "
               "each lasts (`/grand-archive ruling`)")
    cannot = (r"^(?!.*\b(?:less|more|cheaper|reduc\w*)\b).*?\bcosts?\b",
              r"\bprice\b", r"\bwhat element is §\d+", r"\belement of §\d+", r"\blegal\b",
              r"\bbanned\b", r"\bworth\b", r"\bany good\b", r"\brarity\b", r"\bdeck ?build")
    filler = frozenset({"buff", "buffs", "get", "gets", "give", "gives", "last", "lasts", "long", "effect", "effects",
                        "apply", "applies", "affect", "affects", "still", "keep", "keeps", "have", "has", "ability",
                        "abilities", "power", "life", "first", "which", "order", "end", "until", "work", "does",
                        "happens", "card", "reach", "reaches", "what", "about", "stop", "stops", "norm",
                        # how a card is put to work: the question's effect starts either way
                        "cast", "casts", "casting", "use", "uses", "used", "using", "resolve", "resolves", "resolved",
                        "resolving", "activate", "activates", "activated", "play", "plays", "played", "put", "puts",
                        "place", "places", "bonus", "stay", "stays", "remain", "remains"})

    def read(self, sentence: Sentence) -> Reading | Ask:
        cards = sentence.distinct()
        objects: list[tuple[int, str, bool]] = []  # (position, object text, arrives later)
        events: list[tuple[int, str]] = []
        for kind, pattern in CARD_EVENTS:
            for m in sentence.take(pattern):
                slot = next((g for g in m.groups() if g is not None), None)
                n = int(slot) if slot is not None else (cards[0] if cards else None)
                if n is not None:
                    events.append((sentence.position(m), f"{kind}:{sentence.cards[n].name}"))
        _short_name_leaves(sentence, cards, events)
        returned = sentence.take_first(RETURNED)
        for kind, pattern in EVENTS:
            for m in sentence.take(pattern):
                events.append((sentence.position(m), kind))
        later_than = sentence.take_first(LATER_THAN)
        order = list(cards)
        if later_than is not None:
            groups = [int(g) for g in later_than.groups() if g is not None]
            late, early = groups[0], groups[1]
            late, early = sentence.mentions(late)[0], sentence.mentions(early)[0]
            if late in order and early in order:
                order.remove(late)
                order.insert(order.index(early) + 1, late)
        # a card named as what arrives ("an automaton drone that comes in after him") is an object
        effects = []
        for n in order:
            span = sentence.cards[n]
            at = sentence.norm.index(f"§{n}")
            after = re.match(rf"\s*(?:{LATER})", sentence.norm[at + len(f"§{n}"):]) or re.search(
                r"(?:then|after that|afterwards|later)(?: (?:i|we))? (?:play|plays|played|summon|summons|put|puts) "
                r"(?:in |out )?(?:an? |my )?$", sentence.norm[:at])
            if effects and after and span.card is not None and "ALLY" in span.card.type.upper():
                objects.append((span.start, span.card.name, True))
                if after.string is sentence.norm:  # the words before it ("then play")
                    sentence.used |= sentence.words_in(after.start(), after.end())
                else:
                    sentence.used |= sentence.words_in(at, at + len(f"§{n}") + after.end())
            else:
                effects.append(n)
        targets = _targets(sentence, effects)
        counts: list[str] = []
        _card_counters(sentence, objects)
        for n in _counts_said(sentence, effects, counts):  # a card named only as what is counted is no effect
            if n in effects and n not in targets.values():
                effects.remove(n)
        _amounts_of_said(sentence, effects)
        for n in cards:
            for k in sentence.mentions(n):
                sentence.use_card(k)
        texts = " ".join(sentence.cards[n].card.text.lower() for n in effects if sentence.cards[n].card is not None)
        _bonus_said(sentence, effects, events)
        level_ups = _level_up_said(sentence)
        open_labels = _labels_said(sentence, effects, objects, events)
        _champion_class_said(sentence, objects)
        _champion_level_said(sentence, objects)
        _activated(sentence, effects, objects)
        for m in list(sentence.find(OBJECT)):
            if not sentence.free(m):
                continue
            what = _object(m, texts)
            if what is None:
                continue
            sentence.use(m)
            if _not_there(sentence, m) or _said_again(sentence, m, what, objects):
                continue
            copies = re.search(rf"\b({_COUNT})\b", m.group(0)[:m.start("kind") - m.start()])
            n_copies = _count_value(copies.group(1)) if copies else None
            if n_copies is not None and 2 <= n_copies <= 10:  # "two allies on the field": two objects
                what += f" x{n_copies}"
            end = m.end()
            owner = re.match(CONTROLLED, sentence.norm[end:])
            if owner is not None:  # "a crux ally I control", "an ally my opponent controls": whose it is, read
                sentence.used |= sentence.words_in(end, end + owner.end())
                if owner.group("them") and ":opponent" not in what:
                    what = re.sub(r"(?=\[|$)", ":opponent", what, count=1)
                end += owner.end()
            objects.append((sentence.position(m), what, _arrives_later(sentence, m, end)))
        _bare_subtypes(sentence, texts, objects)
        on_objects = _object_targets(sentence, effects, objects, targets)
        # plurals of a subtype the effect names ("my automatons" for "Automaton allies")
        for m in list(sentence.find(r"(?:(?:my|their|your|the) )?([a-z]+)s\b")):
            word = m.group(1)
            if len(word) >= 4 and re.search(rf"\b{word} all(?:y|ies)\b", texts) and sentence.free(m):
                sentence.use(m)
                objects.append((sentence.position(m), f"ally:{word}", bool(re.match(rf"\s*(?:{LATER})",
                                                                                    sentence.norm[m.end():]))))
        if returned is not None and objects:
            objects = [(p, w, True) for p, w, _ in objects]
            sentence.note(f"“{sentence.typed(returned)}”: an object that left the field and came back is a new "
                          "object, so it is read as arriving after the effects")
        _mode_named(sentence, effects)
        theirs = _opponents_cards(sentence, effects)
        _amounts_said(sentence, texts)
        quoted = _card_words_said(sentence, effects)
        sentence.take(QUESTION_COUNTERS)
        counted = _counters_named(sentence, effects)
        turn = _turn_said(sentence, effects)
        sentence.take(ABILITY_NAMED)
        _leaving(sentence, effects, objects, events)
        held: list[tuple[int, int]] = []  # (card, paragraph) whose condition the sentence says holds
        _state(sentence, effects, events, held, objects)
        if sentence.take(LATER):  # "then an ally enters" said apart from the object
            objects = [(p, w, True) for p, w, _ in objects]
        _level_said(sentence, effects, objects)
        _level_up_objects(sentence, level_ups, objects, events)
        sentence.take(r"(?:this|that|the same) turn")  # the turn the effects start in: the question's own
        sentence.take(BEFORE)
        if not effects:
            return Ask("no-card", "Which card's effect is it about? Only objects were named.")
        if any(not later for _, _, later in objects) and not sentence.has(BEFORE):
            sentence.note("An object the question does not say came in later is taken to be there before the "
                          "effects (ask “… that comes in later” for one arriving after them).")
        moments: list[tuple[str, str]] = [("object", w) for _, w, later in objects if not later]
        named = _paragraph_named(sentence, effects, events, held + quoted)
        moments += [("effect", sentence.cards[n].name + (f"#{named[n]}" if n in named else "") +
                     ("@opponent" if n in theirs else "") + (
            f" -> {sentence.cards[targets[n]].name}" if n in targets else "") + (
            f" -> {on_objects[n]}" if n in on_objects else "")) for n in effects]
        moments += [("object", w) for _, w, later in objects if later]
        seen: set[str] = set()
        for _, event in sorted(events):
            if event not in seen:
                seen.add(event)
                moments.append(("then", event))
        inputs: dict[str, Any] = {
            "effect": [t for k, t in moments if k == "effect"], "object": [t for k, t in moments if k == "object"],
            "then": [t for k, t in moments if k == "then"], "moments": [list(x) for x in moments]}
        inputs["count"] = counts
        reading = sentence.reading("ruling", {k: v for k, v in inputs.items() if v})
        if open_labels:  # a label the engine does not check for this card (a one-time effect): asked, not assumed
            said = "; ".join(open_labels)
            return Ask("cannot-ask", f"Arbiter's Grand Archive answer does not check {said} for this card's one-time "
                                     "effect yet, so it cannot say whether that part happens; the card's label "
                                     "applies its effect only when the number reaches it. The question without "
                                     "it is below.", (Option("Without the level or memory", reading),))
        if turn:  # whose turn decides a text that names one, and no input of the question says it
            return Ask("cannot-ask", f"Arbiter cannot give {turn} to this Grand Archive question yet: its scenario "
                                     "starts on your turn. The question on your turn is below.",
                       (Option("On your turn", reading),))
        if counted:  # a number of counters no input of the question takes: asked, never answered without it
            said = "”, “".join(counted)
            return Ask("cannot-ask", f"Arbiter cannot give “{said}” to this Grand Archive question yet: it takes a "
                                     "number of counters only as counters on an object or card (“Blue Slime has 3 "
                                     "buff counters”) or as what a “for each” counts. The question without the "
                                     "number is below.", (Option(f"Without “{said}”", reading),))
        unread = _unread_state(sentence)
        if unread:  # a board-state word no phrase read: asked back, never the question without it answered as fact
            said = "”, “".join(unread)
            return Ask("cannot-ask", f"Arbiter cannot read “{said}” into this Grand Archive question yet: it reads "
                                     "objects (with their counters, as in “my ally has 2 buff counters”), the "
                                     "cards' effects and events such as “until end of turn” or “if it leaves the "
                                     "field”. The question without it is below.",
                       (Option(f"Without “{said}”", reading),))
        return reading

    def slash_inputs(self, command: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
        moments = [tuple(x) for x in inputs.get("moments") or []]
        first_effect = next((i for i, (k, _) in enumerate(moments) if k == "effect"), len(moments))
        out: dict[str, Any] = {}
        before = [t for i, (k, t) in enumerate(moments) if k == "object" and i < first_effect]
        after = [t for i, (k, t) in enumerate(moments) if k == "object" and i > first_effect]
        for key, values in (("before", before), ("effect", [t for k, t in moments if k == "effect"]),
                            ("object", after), ("then", [t for k, t in moments if k == "then"])):
            if values:
                out[key] = "; ".join(values)
        if inputs.get("count"):
            out["count"] = "; ".join(inputs["count"])
        return out


# "don't activate any ally", "no ally enters", "without an ally": no such object is in the scenario
NEGATED = (r"(?:\b(?:dont|do not|didnt|did not|doesnt|does not|never|cant|cannot|wont|will not)(?: \w+){0,2}?"
           r"(?: any| an?| another)?|\bno|\bwithout(?: an?| any)?)$")
# the words of a mention that point back at an object already named ("my champion ... protect my champion", "a beast
# ally enters ... the new ally"); "another", "a second", "a new" name a fresh one
_AGAIN = re.compile(r"(?:my|the|that|this|its|your|their|his|her|our|those|these)\b")
_FRESH = re.compile(r"\b(?:another|other|second|two|three|2|3)\b|\b(?:an?) new\b")
# a verb before a kind is what is done with objects ("can I use weapons", "activate allies"), never a subtype
VERBS = frozenset({"use", "uses", "using", "used", "activate", "activates", "activated", "play", "plays", "played",
                   "cast", "casts", "equip", "equips", "equipped", "control", "controls", "target", "targets",
                   "targeting", "attack", "attacks", "attacking", "banish", "banishes", "sacrifice", "sacrifices",
                   "summon", "summons", "protect", "protects", "buff", "buffs", "hit", "hits", "give", "gives", "gave",
                   "grant", "grants", "granted"})


def _not_there(sentence: Sentence, m: re.Match[str]) -> bool:
    """Whether the mention is of an object the sentence says is not there ("don't activate any ally")."""
    head = sentence.norm[:m.start()].rstrip()
    negation = re.search(NEGATED, head)
    if negation is None and not re.match(r"no\b", m.group(0)):
        return False
    if negation is not None:
        sentence.used |= sentence.words_in(negation.start(), negation.end())
    sentence.note(f"“{sentence.typed(m)}” is said not to be there, so the scenario has no such object")
    return True


def _said_again(sentence: Sentence, m: re.Match[str], what: str, objects: list[tuple[int, str, bool]]) -> bool:
    """Whether the mention names an object already in the scenario again ("my champion takes no damage ... protect my
    champion", "a beast ally enters afterwards. Does the new ally ...", "I control a weapon ... use weapons")."""
    words = m.group(0)
    kind = what.split(":")[0].split("@")[0].split("[")[0]
    same = [w for _, w, _ in objects if w.split(":")[0].split("@")[0].split("[")[0] == kind
            and (what == kind or w.startswith(what.split("[")[0]))]
    if not same:
        return False
    if _FRESH.search(words) and not re.match(r"the\b", words):
        return False
    head = sentence.norm[:m.start()].split()
    return bool(_AGAIN.match(words) or (head and head[-1] in VERBS) or words.split()[0] in VERBS
                or re.match(r"(?:the )?new\b", words))


def _object(m: re.Match[str], texts: str) -> str | None:
    """The object a phrase names, in the question's syntax (kind, :subtype, @zone, :opponent, [counters])."""
    word = m.group("kind")
    kind = KINDS.get(word)
    if kind is None:
        return None
    sub = (m.group("sub") or "").strip()
    owner = m.group("owner") or ""
    if sub in ("other", "new", "second", "another", "same", "attack", "target", "that", "this", "each", "those",
               "these", "any", "every", "all", "some", "one", "two", "three", "more", "most", "a", "an", "the",
               "norm", "of", "in", "to", "for", "and", "does", "do", "is", "are"):
        sub = ""
    if kind == "card" and not (m.group("zone") or m.group("attack")):
        return None  # "a card" without where it is names no object of this question
    if " " in sub:  # two subtypes ("Chessman Rook"), else the one word before the kind
        first, sub = sub.split(" ", 1)
        if first in SUBTYPES and sub in SUBTYPES:
            sub = f"{first}:{sub}"
    if sub and not re.search(rf"\b{re.escape(sub)}\b", texts) and (sub.endswith("s") or len(sub) < 3):
        sub = ""
    if sub in VERBS or (sub and ":" not in sub and sub not in SUBTYPES and sub not in ELEMENTS
                        and not re.search(rf"\b{re.escape(sub)} {word}", texts)):
        sub = ""  # "use weapons", "my fast ally": a word before the kind that is no subtype of the game
    text = "attack" if m.group("attack") else kind
    if sub:
        text += f":{sub}"
    zone = (m.group("zone") or "").split()
    if zone:
        place = zone[-1].rstrip("s") if zone[-1] != "memory" else "memory"
        text += f"@{place}"
    if owner in ("their", "his", "her", "enemy", "an opponents", "opponents", "opponent", "my opponents",
                 "my opponent") or re.search(r"opponents?", m.group(0)):
        text += ":opponent"
    if m.group("counters"):
        n = number(m.group("n"))
        if n is not None:
            text += f"[{m.group('ctype')}={n}]"
    return text


PHRASEBOOK = GrandArchivePhrases()
