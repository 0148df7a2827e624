"""Phrase classes of Redemption card text that decide whether an ability lasts and for how long.

Each class is a rule over wording, not a list of cards; the term reader (`terms.py`) applies them sentence
by sentence. The "Defining Duration" article (seed 000_315451015ffafba8, "Orderly Operation") gives the
bullets D1-D9; our model of it is /work/shared/design/redemption-duration.md.

- Standing grants, triggers and replacements ("has first strike", "After a successful rescue ...", "If ... is
  discarded, ... instead", "The next time ...", "may be placed on ...") keep working after the card is
  played, so they are lasting like any other ongoing effect; a trigger on the card's own arrival ("When you
  play this Site", "If blocking") and an alternative chosen as the ability resolves ("Opponent may discard
  a card instead") happen at once.
- Targeting results (set aside, paralyze, poison, placed on a card) are D3 even without a stated time; a
  targeting that waits for a later event has not happened until the scenario says so.
- "while" and "until" are read by what they are said of: the card itself remaining somewhere (D5), a targeted
  card (D3), a noun they only qualify ("Enhancements played while ..."), or a condition (D8).
"""

from __future__ import annotations

import re

# --- sentences --------------------------------------------------------------------------------------------

# Ability-type markers the card says of itself ("Cannot be negated.") tell how the ability may be stopped,
# not how long it lasts; such a sentence is set aside. "Cannot be blocked" is not one: it is a standing grant.
# A bare "Regardless of protect abilities." says how the card's own ability applies; "May band to X" alone is
# done as it is played (a sentence that goes on, "May band to X, or if played from hand, place ...", stays).
# The ability-type words are read by their shape, so a misspelt rider in the card data ("Cannot be interrutped",
# "interupted", "preventd", "negaed") is still the rider it is, not a lasting sentence of its own.
ABILITY_TYPE = r"(?:nega[a-z]*d|prevent[a-z]*d|interr?u[a-z]*d|counter[a-z]*d)"
SELF_MARKER = re.compile(
    r"^(?:this (?:card|character|ability|special ability) |it )?(?:cannot|can \[not\]|can not|may not) be "
    rf"{ABILITY_TYPE}\b|^may band to [^,]*$|^regardless of protect abilities$", re.I)
# The ability types a "Cannot be ..." sentence gives, each ongoing to the end of the phase (RG1).
ONGOING_TYPES = re.compile(r"\bbe\b[^.]*?\b(?:nega[a-z]*d|prevent[a-z]*d|interr?u[a-z]*d)\b", re.I)
LIMIT = re.compile(r"\(limit \d+\)", re.I)
# "Limit once per turn", "Limit once per round and twice per game": how often the ability may be used, not a
# repetition or a duration (a use limit says nothing of how long what was done lasts).
USE_LIMIT = re.compile(r"\blimit (?:once|twice|one|two|three|\d+)(?: times?)?(?:(?:,| and| or)? ?(?:once |twice |\d+ )?"
                       r"(?:per|each|during each of your) (?:turns?|rounds?|game|battle|phase|player))+\b", re.I)
# Abbreviations never end a sentence: N.T., O.T. (also without the last dot) and initials. "X." does end
# one ("decrease it X/X. Draw 1").
SENTENCE_END = re.compile(r"(?<!\b[A-WYZ])(?<!\bN\.T)(?<!\bO\.T)(?<!\be\.g)(?<!\bi\.e)[.!]\s+|;\s+")

NUMBERS = {"one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}

# --- time words (D4) and words that make them qualifiers ----------------------------------------------------

# Words that turn a following time phrase into a qualifier ("the last card played this battle").
PASSIVE = re.compile(r"\b(?:is|are|be|been|was|were|remains?|stays?)\s+(?:\w+\s+)?\w+ed"
                     r"(?:\s+(?:by|from|with|to)\s+[\w’' -]+?)?\s*$", re.I)
QUALIFIER_BEFORE = re.compile(
    r"(?:\b\w+ed|\bdrew|\bdrawn|\bwon|\bmade|\bplays|\bused|\bwins|\bloses|\blost|\bdraws|\bbegan|\bbegun|"
    r"\bentered|\bblocked|\bdone|\btaken|\bgiven|\bshown|\bthrown)"
    r"(?: (?:by|from) (?:an? |the |your |each )?[\w’']+(?: [\w’']+)?)?\s*$",
    re.I,
)
# "the next evil Enhancement played this battle", "the next Enhancement opponent plays this battle": a time after
# the card an ability waits for is the window that card must come in (terms.Role.WINDOW), read from "the next".
WINDOW = re.compile(r"\b(?:the )?next\b(?:(?!\bnext\b)[^,.;:])*?\b(?:played|plays|play|used|uses)"
                    r"(?: (?:by|from) (?:an? |the |your |each )?[\w’']+(?: [\w’']+)?)?\s*$", re.I)
# "the next good Enhancement played in battle": where the awaited card is played, not a window (see WINDOW).
NEXT_IN_BATTLE = re.compile(r"\bnext\b(?:(?!\bnext\b)[^,.;:])*?\b(?:played|plays|play)\b(?: by [\w’' ]+?)? in battle\b",
                            re.I)
# A time inside a condition ("if ... this turn", "While you have drawn 4 cards this turn, ...") is part of what
# the condition checks, not a duration of the ability.
CONDITION_START = re.compile(r"\b(?:if|unless|when|whenever|once|while|as long as)\b(?![^,]*,)", re.I)

# A deadline the card acts at: "If it is not rescued by the end of the current player's next turn, discard this card
# to ...": unless the result changes first, the card removes itself then, so the time is the length of its result.
DEADLINE = re.compile(
    r"^if\b[^,]*?\bnot\b[^,]*?\bby the end of (?:the )?(?P<whose>your|their|his|her|its|owner['’]s|holder['’]s|"
    r"opponent['’]s|that player['’]s|(?:the )?current player['’]s) next turn\b[^,]*,[^.]*\bdiscard this card\b",
    re.I)

TIME = re.compile(
    r"\buntil (?:the )?end of (?:the |this |current |the current |holder's |your )?(?P<until>turn|battle|phase|round)\b"
    r"|\b(?:until|at) the end of (?:the )?(?P<whose>your|their|his|her|its|owner['’]s|holder['’]s|opponent['’]s|"
    r"that player['’]s|(?:the )?current player['’]s) next turn\b(?P<nextturn>)"
    r"|\b(?:(?:during|in|until|for) )?(?:the |your |their |its |an? )?(?:opponent['’]s |opponents['’] )?"
    r"next (?P<nextphase>draw|upkeep|preparation|battle|discard) phase\b"
    r"|\b(?:(?:during|for|on) )?(?P<whose2>your |their |its |his |her |the |opponent['’]s )?next turn\b(?P<nextturn2>)"
    # "discard that Evil Character at the end of the turn": a delayed action the ability must last until.
    r"|\bat (?:the )?end of (?:the |this |your )?(?P<atend>turn|phase)\b"
    # "Release it after 2 turns", "After two turns, return Hero": the result lasts that long.
    r"|\bafter (?P<n3>one|two|three|four|five|six|seven|\d+|x) (?P<unit3>turn|round)s?\b"
    r"|\bfor (?P<n>one|two|three|four|five|six|seven|\d+|x) (?P<unit>turn|round)s?\b"
    r"|\b(?P<n2>one|1|a) (?P<unit2>round)\b"
    r"|\b(?:for |during )?this (?P<this>turn|phase|battle|round)\b"
    r"|\bfor (?:the )?(?:remainder|rest) of (?:the |this )?(?P<rest>turn|phase|battle|round|game)\b",
    re.I,
)

# --- the card itself: "while it remains where it was played" (D5) -------------------------------------------

SELF = r"(?:this card|this character|this hero|this evil character|this artifact|this fortress|this site|" \
       r"this enhancement|this dominant|this curse|this covenant|this|it|he|she|they)"
# Where a card was played: "while ... is in play" names it; a bare "while ... remains" means the same.
WHERE = r"in (?P<where>play|battle|(?:your |a |holder's )?territory|the field of battle|your land of bondage)"
D5 = [
    re.compile(rf"\bwhile {SELF} (?:remains|is|stays) {WHERE}\b", re.I),
    re.compile(rf"\bwhile {SELF} (?:remains|stays)(?=\s*(?:[,.:;]|$))", re.I),
    re.compile(rf"\bwhile {SELF} is active\b", re.I),
    re.compile(rf"\buntil {SELF} (?:leaves play|is removed|is discarded|leaves (?:battle|territory))\b", re.I),
    re.compile(r"\buntil removed from (?:the field of battle|play|battle)\b", re.I),
    # "While in battle, negate ..." with no subject is said of the card itself (at the start of a clause only:
    # "Selected Hero, while in a territory, ..." speaks of the Hero).
    re.compile(r"(?:^|(?<=[:.;]\s))while (?:in|remaining in) (?P<where>play|battle|the field of battle|"
               r"(?:a |your |holder's )?territory)\b(?! or\b)", re.I),
]
# A bare pronoun in "while he remains in play" names the card itself only when the sentence has named it
# before ("Protect this evil character ... while he remains in play"); after another noun ("Protect that Hero
# ... while it remains in territory", "Selected female Hero ... while she remains in play") it is the target.
PRONOUN_SUBJECT = re.compile(r"^(?:while|until) (?P<who>it|he|she|they)\b", re.I)
SELF_NAMED = re.compile(r"\bthis (?:card|character|hero|evil character|artifact|fortress|site|enhancement|dominant|"
                        r"curse|covenant|lost soul)\b|\b(?:itself|himself|herself)\b", re.I)
# "While this Hero is ..." names the card itself only on a character; on an Enhancement it is the Hero it sits on.
CHARACTER_SUBJECT = re.compile(r"^(?:while|until) this (?:hero|character|evil character|human)\b", re.I)
# "While in battle," with no subject: on a card placed on a character, said of that character.
BARE_IN_BATTLE = re.compile(r"^while (?:in|remaining in) battle\b", re.I)
# "While that Hero is in battle" said of the Hero a card is placed on.
BEARER_IN_BATTLE = re.compile(r"^while (?:(?:this|that|the|your) )?(?:hero|character|evil character|human)\b[^,.;:]*?"
                              r"\bis in battle\b", re.I)
ACTIVE_UNTIL = re.compile(rf"\b{SELF}\s+(?:remains|stays)(?:\s+active|\s+in play)?\s*$", re.I)
UNTIL_THIS_CARD = re.compile(r"until this (?:card|character|hero|evil character|artifact|fortress|site|enhancement|"
                             r"dominant|curse|covenant) is\b", re.I)


def where_of(match: re.Match[str]) -> str:
    """'battle' or 'territory' when the words name where the card must remain, '' for anywhere in play."""
    where = (match.groupdict().get("where") or "").lower()
    if "battle" in where:
        return "battle"
    if "territory" in where:
        return "territory"
    return ""


# --- targeting results (D3) -------------------------------------------------------------------------------------

D3_WHILE = re.compile(
    r"\bwhile (?!you\b)(?!.*\bcontrol\b)(?:[\w’']+ ){0,3}?(?:is |are |remains? |stays? )?"
    r"(?P<status>placed|paralyzed|set[ -]aside|captured|poisoned|imprisoned|held)\b", re.I)
D3_REMAINS_ON = re.compile(rf"\bwhile {SELF} (?:remains (?:on|in) (?:that|the|this|a|an)\b|is there\b)"
                           r"|\bwhile there\b", re.I)
# "until <a target or a bare noun> is discarded / removed": the targeted result's length.
D3_UNTIL = re.compile(
    r"\buntil (?:healed|discarded|released|removed(?: from (?:the )?(?:field of (?:play|battle)|play|battle|game))?"
    r"|(?:(?:that|the|selected|this|target(?:ed)?|either|both|each|your|its|his|her|their|any) )?"
    r"(?:[\w’'-]+ ){0,3}?(?:is|are) (?:discarded|removed|healed|released|rescued|converted|banished|returned)"
    # "until that Hero is removed from play": where from is part of the words quoted (removed from battle differs)
    r"(?: from (?:the )?(?:field of (?:play|battle)|play|battle|game|territory))?)\b",
    re.I)
D3_COLON = re.compile(
    r"^(?:if [^,:]*, )?(?:you may |may |once per (?:game|turn), (?:you may )?)?"
    r"(?P<verb>place|paralyze|set aside|set|capture|poison|imprison)\b(?P<rest>[^:]*):", re.I)
D3_SET_ASIDE = re.compile(r"\bset (?:[\w’'\- ]+ )?aside\b(?!\s*areas?\b)[^.]*\b(?:for|until)\b", re.I)
# A bare targeting whose result is a status the article lists (set aside, paralyze, poison, place on a card):
# D3 even without a stated time. The verb must begin a clause ("Set Hero aside", "you may paralyze", "and
# place it on") or be a passive of the target ("Hero is poisoned"); "in a set-aside area" is a place, not one.
_CLAUSE = r"(?:^|(?<=[,:;]\s)|(?<=\byou may\s)|(?<=\bmay\s)|(?<=\band\s)|(?<=\bthen\s)|(?<=\bto\s))"
D3_TARGET = re.compile(
    rf"^set-aside (?!areas?\b|cards?\b|abilit)[\w’'/]+|{_CLAUSE}(?:set (?:[\w’'/()-]+ ){{0,5}}?aside\b(?!\s*areas?\b)"
    rf"|set aside (?!areas?\b)(?:an? |the |any |all |up to |your |\d+ |\w+ )"
    rf"|paralyz(?:e|es) (?!abilit)|poisons? (?!abilit)|imprisons? "
    # A card placed on another is a result only when the card places itself ("Place this card on a Hero");
    # moving a weapon or a token onto a Hero is how the ability resolves, and its colon form is read above.
    rf"|place (?:this card|this enhancement|this|itself) on (?!top\b))"
    # "Shuffle all Heroes that are set aside", "a Hero that was or is set aside": a relative clause describes the card
    # an action takes; it sets nothing aside.
    rf"|(?<!\bthat )(?<!\bwho )(?<!\bwhich )(?<!\bwas or )(?<!\bwere or )"
    rf"\b(?:is|are) (?:set[ -]aside|paralyzed|poisoned|imprisoned)\b(?! areas?)"
    # "he may be placed instead in holder's Goshen for 2 turns": the card is placed as a replacement.
    rf"|\bmay be placed (?:instead )?(?:in|on) (?![^.,;]*\bland of bondage\b)",
    re.I)
# A capture: a character taken prisoner, captured, or placed (returned) in a Land of Bondage. By the game rules it is
# then a captured character, and a human one there is a Lost Soul (RG2), so "... is treated as a Lost Soul" printed
# with it is a reminder of that rule, not an ability that lasts; the capture itself is instantaneous.
CAPTURE = re.compile(r"\b(?:place[sd]?|prisoner|captur\w*|return\w*)\b[^.]*?\bland of bondage\b"
                     r"|\b(?:take|taken|takes) (?:[\w’' ]+ )?prisoner\b", re.I)
CAPTURE_REMINDER = re.compile(
    r"(?:,?\s*\band\s+)?(?:\b(?:the |that |this )?(?:hero|character|evil character|card|loser|they|he|she|it)\s+)?"
    r"\b(?:(?:is|are)\s+)?treat(?:ed)? as (?:an? )?lost souls?\b", re.I)
# "any Hero being treated as a Lost Soul or as an Evil Character": a noun's qualifier, not an ability.
BEING_TREATED = re.compile(r"\bbeing treated as (?:an? )?[\w’']+(?: [\w’']+)?(?: or as (?:an? )?[\w’']+(?: [\w’']+)?)?",
                           re.I)
# A sentence that acts only if an optional action before it was taken ("If you do, restrict ... this turn").
FOLLOW_UP = re.compile(r"^(?:if (?:you|they|he|she) do(?:es)?|if so)\b", re.I)
# The choice an ability offers, checked as it resolves: "If you do, discard this Evil Character after battle", "If you
# do not, ...". What it governs happens only as that choice went.
CHOICE_MADE = re.compile(r"^if (?:you|they|he|she|opponent) (?:do(?:es)?(?: not)?|don['’]t|doesn['’]t)\b|^if so\b",
                         re.I)
# A sentence whose action is the targeting itself: a stated time in it is the length of the result.
TARGETING = re.compile(r"^(?:if [^,:]*, )?(?:you may |may |once per (?:game|turn), (?:you may )?)?"
                       r"(?:place|paralyze|set|capture|poison|imprison)\b", re.I)
SELF_PLACE = re.compile(r"\bplace (?:this card|this|itself|on |in (?:your |a |an |(?:a|that|each|one) "
                        r"(?:player|opponent)['’]s |opponent['’]s |an opponent['’]s )?(?:territory|battle))",
                        re.I)
SELF_SET_ASIDE = re.compile(r"set (?:this|itself|this (?:card|fortress|site|artifact|character|hero|enhancement))"
                            r" aside\b", re.I)
OPTIONAL = re.compile(r"\b(?:you may|may)\s+$", re.I)

# --- copies (D2) and conditions (D8) ------------------------------------------------------------------------

D2 = re.compile(r"\b(?:becomes? (?:a |an )?(?:\w+ )?copy of|as an? (?:\w+ )?copy of|^copy the last\b|"
                r"cop(?:y|ies) (?:the|a|an|that|its|any|one) "
                r"(?:[\w’']+ ){0,3}?(?:special )?abilit\w*|duplicates?\b)", re.I)
# (a bracket ends the words: "(or protect up to 3 ... if Phygellus is in battle)" quotes no stray ")")
D8 = re.compile(r"\b(?P<kw>while|as long as|until)\b[^,.:;()]*", re.I)
# A state an effect keeps checking, after the effect it governs: "worth 10/0 if a demon is in battle", "Protect ...
# unless an angel is in battle", "if you control a meek Hero". Read as a condition (D8) that switches the sentence on
# and off; a leading "If X is in play, negate ..." is checked once, as the ability resolves, and is not one.
# A location limit said of the cards protected ("protect them ... when they are not in the Field of Battle":
# Kingdoms of the World, Goshen) is one too: it holds while they are out of that zone (blind round 81011).
STATE_CONDITION = re.compile(
    r"(?<=\S)[ ,]+(?P<kw>if|unless|when(?= (?:they|it|he|she) (?:is|are) not in\b)) "
    r"(?P<what>[^,.:;()]*?(?:\b(?:is|are) (?:not )?(?:in (?:play|battle|the field of "
    r"battle|(?:your |a |an |opponent['’]s |holder['’]s )?territory|(?:a |your )?set[- ]aside area|"
    r"your land of bondage)|alone|equipped|active)\b|\b(?:you|holder|opponent|its owner) (?:controls?|has|have)\b)"
    r"[^,.:;()]*)", re.I)
# "When blocking gold or red brigade, enhancements cannot be negated", "If blocking, restrict good Dominants": a
# standing effect said to hold while this character blocks (or attacks) is a condition kept up (D8): it works while
# the character blocks as the words say, and no longer once it stops (the battle ending ends every block). An action
# done as the character enters battle ("If blocking, you may draw 3", "If blocking, negate a good card": one card,
# targeted at once) is checked once, as the ability resolves, and stays a trigger on its arrival (AT_ONCE_TRIGGER).
COMBAT_CONDITION = re.compile(
    r"^(?P<kw>when|if|while) (?P<what>(?:blocking|attacking)\b(?![^,:]*\b(?:is|are)\b(?! in play\b))[^,:]*)"
    r",\s*(?P<rest>.+)$", re.I)
# The standing effect COMBAT_CONDITION keeps up: a "cannot be ..." said of a class of cards, a restriction, negation
# or protection of a class (not "a", "one", "up to", "X" cards: a targeting made at once), or "... is ignored".
COMBAT_STANDING = re.compile(
    r"^(?!(?:you )?may\b)(?:(?!\b(?:an?|one|up to|x|\d+)\b)[\w’'.()/*,& -])+?\b(?:cannot|can not|can't) be\b"
    r"|^(?:restrict|negate|protect|ignore)s? (?!(?:an?|one|up to|x|\d+|the next)\b)[\w’'.]+"
    r"|^all\b[^.;]*\b(?:is|are) ignored\b", re.I)
# "draw until he has 6" repeats an instant action; it is not a duration.
LOOP_UNTIL = re.compile(r"\b(?:draw|reveal|look|search|shuffle|discard|banish|repeat|continue|take)\w*\b[^,;:]*$",
                        re.I)
# "During battle, ...", "During your turn, ...", "cannot be negated ... during battle": a check that holds only
# during a battle or a player's turn, kept as the game goes on like "while" (D8). "If used during battle" is
# checked once, as the ability resolves (DURING_ONCE).
DURING = re.compile(r"\b(?:any ?time )?during (?:the |a )?(?P<when>battle phase|battles?|your turns?|"
                    r"each of your turns|(?:an |each )?opponent['’]s turns?|opponents['’] turns)\b", re.I)
DURING_ONCE = re.compile(r"\b(?:if|when|whenever|each time|every time|once|after)\b[^,;:]*$", re.I)
# "decreases 1/1 each turn until */1": the floor of a repeated change, not a duration.
FLOOR_UNTIL = re.compile(r"^until\s+(?:\*|\d+|x)/(?:\*|\d+|x)\b", re.I)
# "Enhancements played while your human is alone", "cards discarded while ...": a "while" right after a
# participle narrows the noun; it is not a duration of the ability.
# A passive ("cannot be discarded while a Priest is in play") is a condition, not a qualifier.
NOUN_WHILE = re.compile(r"(?<!\bbe )(?<!\bis )(?<!\bare )(?<!\bbeen )(?<!\bor )"
                        r"\b(?:\w+ed|drawn|taken|made|done|won|lost|given|thrown|shown)(?: or \w+ed)?\s+$", re.I)

# --- lasting language ---------------------------------------------------------------------------------------

# Past participles of the lasting verbs (and "immune"): their passive and nominal forms last too.
PASSIVE_LASTING = (r"(?:ignored|negated|protected|restricted|prevented|immune|increased|decreased|"
                   r"reduced|doubled|tripled|skipped|considered|treated)")

LASTING = re.compile(
    # "Interrupt ..." is instantaneous (it suspends an ability while its paired abilities resolve); "interrupt and
    # prevent" lasts by its prevent.
    r"\b(?:negates?|negated|protects?|protected|restricts?|restricted|prevents?|prevented|"
    r"immune|ignores?|"
    r"gains?|gets?|loses|increases?|decreases?|may not|cannot|can not|can't|is worth|are worth|"
    # "Regardless of protection / brigade" only says how the card's own action applies, at once; "regardless of battle
    # outcome, no more than one Hero is discarded" is a rule for the battle's end, and lasts.
    r"regardless of (?:the )?(?:battle|rescue attempt|rescue|battle's) outcome|"
    r"each upkeep|each turn|each time|whenever|every time|after (?:the )?battle|"
    # "is about to be discarded" lasts only as a standing condition ("If Joseph is about to be discarded, ...",
    # read by LATER_EVENT); "Heal a Hero that is about to be discarded" answers it at once.
    r"(?:at the )?end of (?:the )?battle|instead of|holds?|may use|may attack|may block|"
    # "must discard", "may play a Lost Soul", "banish it instead" are done at once: only a permission for later
    # plays, a standing "at any time" or a trigger on the card itself keeps working.
    r"may play (?:the |an? |one )?(?:next|first|extra|additional|any number)|at any time|"
    r"if this (?:card|character|hero|evil character) (?:is|would)|"
    r"during (?:[\w’']+ ){0,2}(?:upkeep|draw|preparation|discard) phase|"
    r"if (?:an? opponent|a player|any player|another player)(?:['’]s)? (?:uses|plays|draws|special ability|makes)|"
    r"may rescue|toss(?:es)?|treated as|considered|doubles?|triples?|while|until|as long as|cannot|"
    r"is not|are not|may enter|skip|reduce[sd]?|no (?:\w+ )?(?:opponent|player|hero|character)s? may)\b"
    # The passive of a lasting verb lasts as the active does: "All Pharisees are ignored" as "Hero ignores ...",
    # "strength is ignored", "Heroes are protected from ...", "it is increased by 2".
    rf"|\b(?:is|are|be|been|being|remains?|stays?)\s+(?:\w+\s+)?{PASSIVE_LASTING}\b"
    r"|[+-]\d+/[+-]?\d+|\b\d+/\d+\b",
    re.I)

# A modifier of the sentence's own action (REG "Regardless"): it adds no duration ("Discard an evil card. Regardless of
# protect abilities if used by an O.T. Hero."; "play it regardless of brigade"). Said of other cards ("Enhancements
# used by this card are regardless of protect abilities") it is a standing grant, and lasts.
REGARDLESS = re.compile(r"(?<!\bare )(?<!\bis )\bregardless of (?:its |their )?"
                        r"(?:protect(?:ion|ive)?(?: abilities)?|immunity|immune abilities|"
                        r"brigade(?: colou?r)?|colou?r)\b", re.I)
# Words that only pick which cards an instant action takes: "a Hero of 6/6 or less", "a Hero who is not a prophet",
# "Evil Characters whose brigade is not in battle". They say nothing of how long anything lasts.
SELECTOR = re.compile(r"\b(?:\d+|x)/(?:\d+|x) or (?:less|lower|more|greater|higher)\b"
                      r"|\b(?:who|that|which|whose \w+) (?:is|are) not\b", re.I)
QUOTED = re.compile(r"[\"“][^\"“”]*[\"”]|(?<!\w)['‘][^'‘’]*['’](?!\w)")
# A condition the sentence opens with and checks once, as it resolves ("If Elisha is not in play, capture ...").
LEADING_CONDITION = re.compile(r"^(?:if|unless)\b[^,:]*[,:]", re.I)
# An "If [game state]" (or "unless") clause: with no condition kept up, checked once as the ability resolves (RG4).
CHECKED_ONCE = re.compile(r"\b(?:if|unless)\b(?! you do\b)(?! so\b)[^,.;:]*", re.I)
# Standing grants: the card (or a character) keeps a quality for as long as the ability lasts.
STANDING_GRANT = re.compile(
    r"\b(?:has|have|gains?|with) (?:first strike|(?:site )?access\b|no effect\b)|\bfirst strike\b"
    r"|\bcannot be (?:blocked|targeted|harmed)\b|\bmay be placed (?:on|in)\b(?![^.,;]*\bland of bondage\b)", re.I)
# A later event the ability waits for. Removal and harm of a card ("If Hero is discarded", "If defeated",
# "is about to be discarded") and another player's action ("If an opponent's ability discards ...", "When
# opponent makes a successful rescue") are later events: a sentence that reacts to them is a standing
# trigger, and with "instead" a standing replacement.
_HARM = (r"discarded|harmed|defeated|captured|removed|banished|converted|underdecked|reserved|torn|negated|interrupted|"
         r"returned|taken(?: prisoner)?|shuffled|rescued|bounced|blocked|attacked|targeted|withdrawn|"
         r"paralyzed|set aside|killed|destroyed|put in play|topdecked")
LATER_EVENT = re.compile(
    rf"\b(?:if|when|whenever|each time|every time|the (?:first|next) time|after)\b[^,:]*?"
    rf"\b(?:is|are|would be|were|is about to be|are about to be|is being|are being|gets?)\s+(?:\w+ (?:or |and )?)?"
    rf"(?:{_HARM})\b"
    rf"|\b(?:if|when|whenever|each time|every time)\s+(?:{_HARM})\b"
    # Another card's or player's later action: "If an opponent's ability discards ...", "If your meek Hero
    # attacks", "When opponent makes a rescue" (the verb follows its subject within a few words).
    rf"|\b(?:if|when|whenever|each time|every time|the (?:first|next) time)\s+(?:an? |any |each |another |your |the )?"
    rf"(?:[\w’']+ ){{0,5}}?(?:opponent|player|ability|card|rescue|hero|character|human|lost soul|[\w’']+)s?"
    rf"(?:['’]s? (?:[\w’']+ )?(?:ability|card|special ability))? "
    rf"(?:uses|draws|searches|discards|banishes|removes|captures|harms|plays|targets|makes|attacks|blocks|"
    rf"rescues|is attempted|activates|takes|reveals|puts|enters|begins|defeats|wins|loses)\b"
    r"|\b(?:if|when|whenever|each time) you (?:put|play) (?!this\b|it\b)(?:an? |any |your )?[\w’' ]*? "
    r"(?:in|into) play\b"
    r"|\b(?:the )?(?:next|first) time\b"
    r"|\bafter (?:a|an|the|each|every|your|its|his|her|their|that|this|one|two|three|\d+) "
    r"(?:successful |\w+ )?(?:rescue|battle|block|attack|turns?|rounds?|upkeep)"
    r"|\b(?:on|upon) return\b", re.I)
# A trigger on the card's own arrival or on the play itself happens as it is played, at once.
AT_ONCE_TRIGGER = re.compile(
    r"^(?:when|if|upon|on|after)\s+(?:you (?:play|draw|place|activate) (?:this|it)\b|played\b|drawn\b|blocking\b|"
    r"attacking\b|using\b|activat|activation\b|(?:this|it) (?:card |site |fortress |artifact |lost soul )?"
    r"(?:is|was) (?:played|drawn|activated|put in play)\b|put in play\b)", re.I)

# Recurring wording: the ability acts again later, so it needs a duration that outlasts the phase.
# Whose next turn a stated time names: yours, an opponent's, or the next turn of whoever's turn it is.
YOUR_TURN = ("your", "owner's", "owner’s", "holder's", "holder’s")
THEIR_TURN = ("their", "his", "her", "opponent's", "opponent’s", "that player's", "that player’s")

# A trigger that an action waits for besides the later events above: the end of battle ("After battle, ...",
# "Following battle, ...") and success in battle ("If this Hero is successful in battle", "If block is successful").
BATTLE_TRIGGER = re.compile(r"(?:^|[,.;:]\s*)(?:immediately )?(?:(?:after|following) (?:the )?battle|"
                            r"at the end of (?:the )?battle)\b", re.I)
# A delayed action at the end of the battle: "After battle, discard this card", "discard Archer at end of battle",
# "If blocking, draw 3 and discard this card after battle" (not "until end of battle", a stated time that lasts).
BATTLE_END = re.compile(r"\b(?:(?:immediately )?(?:after|following) (?:the )?battle|(?:at )?(?:the )?end of (?:the )?"
                        r"battle)\b", re.I)
SUCCESS_TRIGGER = re.compile(r"\b(?:if|when|once|after)\b[^,:]*?\bsuccessful(?:ly)?\b|\bif successful\b", re.I)

RECURRING = re.compile(
    # "gains 1/1 for every turn Hero sleeps" counts turns; it does not act again.
    r"(?<!\bfor )\b(?:each upkeep|each turn|per turn|every turn|each round|per round|at the start of each|each time|"
    r"whenever|every time|at each|(?<!once during )each of (?:your|their|his|her) turns|"
    r"each (?:draw|upkeep|preparation|battle|discard) phase)\b[^,.:;]*", re.I)

# "Prevent the next good Enhancement played in battle": a one-use action; once that next card comes (the event
# `triggered`), it has acted and is used up. "... and Evil Characters" adds a standing effect: not one-use alone.
NEXT_USE = re.compile(r"\b(?:prevent|negate|interrupt) the next\b(?![^.;]*\band [A-Z])[^.;]*", re.I)
