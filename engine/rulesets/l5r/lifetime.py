"""How long an L5R effect lasts: its duration words, then a walk through the events the asker names.

The main term is chosen top-down: a delayed effect (it waits, then fires once), a delay applied to another effect,
a "paying" cost change, a stated length (permanent, until your next turn, this turn, this phase, this battle);
a "while" condition switches the effect on and off inside that length, or inside the card's time in play when it
is a trait. With no duration words, an effect that changes something once (bow, destroy, gain Honor) lasts not at
all; one that lasts but names no length lasts to the end of the turn (LD8), or while its card is in play when it is a
card's continuous trait or a card the effect put into play, wherever it was made (`--made-during` says where: it
decides only whether "the next battle" is the one under way, never how long an effect lasts).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from engine.interface import QuestionError
from engine.rulesets.l5r.conditions import trigger_conditions
from engine.rulesets.l5r.durations import AFTER_LATER, Form, Term, point_window
from engine.rulesets.l5r.judge import Known, judge, qualifier_holds
from engine.rulesets.l5r.moment import Moment, other_edge
from engine.rulesets.l5r.moment import stems as _stems
from engine.rulesets.l5r.while_events import settled_by
from engine.trace import Interpretation, Trace

EVENTS = ("action-announced", "targets-chosen", "action-resolves", "duel-ends", "battle-ends", "phase-ends",
          "turn-ends", "game-ends", "occurs:TEXT", "payment-made", "condition-false", "condition-true", "leaves-play",
          "negated", "already-happened")
MADE_DURING = ("battle", "duel", "action", "phase", "turn")
PRIORITY = (Form.DELAY, Form.NEXT_TIME, Form.EACH_TIME, Form.DELAYED_POINT, Form.PAYING, Form.GAME,
            Form.LATER_TURN, Form.NEXT_TURN, Form.UNTIL_POINT, Form.IN_PLAY, Form.TURN, Form.PHASE, Form.BATTLE,
            Form.DUEL, Form.RESOLVING, Form.ADDITIONAL)
# Which period-ends event ends which length: a turn's end ends its phases, battles and duels too.
# (An action under way never outlasts the battle or phase it was taken in.)
ENDED_BY = {"duel-ends": {Form.DUEL}, "battle-ends": {Form.BATTLE, Form.DUEL, Form.RESOLVING},
            "phase-ends": {Form.PHASE, Form.BATTLE, Form.DUEL, Form.RESOLVING},
            "turn-ends": {Form.TURN, Form.PHASE, Form.BATTLE, Form.DUEL, Form.RESOLVING},
            "game-ends": {Form.TURN, Form.PHASE, Form.BATTLE, Form.DUEL, Form.RESOLVING, Form.GAME, Form.NEXT_TURN,
                          Form.LATER_TURN, Form.IN_PLAY, Form.UNTIL_POINT}}
ENDS_ON = {Form.TURN: "turn-ends", Form.BATTLE: "battle-ends", Form.PHASE: "phase-ends", Form.DUEL: "duel-ends",
           Form.NEXT_TURN: "your next turn begins", Form.GAME: "game-ends", Form.PAYING: "payment-made",
           Form.RESOLVING: "action-resolves", Form.IN_PLAY: "leaves-play", Form.WHILE: "condition-false"}
DELAYED_KINDS = ("next-time", "each-time", "delayed", "delay")
# Abilities whose resolving makes an effect (rather than a card's own standing text).
MADE_BY = ("action", "reaction", "trait", "interrupt", "focus")
# "while X remains ...", "while this card remains in play": a condition that, once it stops holding, is over.
REMAINS = re.compile(r"\bremains?\b", re.I)
# A continuous trait's subject scoped to an army ("Followers in Xiao's army have +1F", "Other Ninja in this army have
# +1F"): not a length, a condition on which cards it reaches. Not inside a "while"/"if"/"for each" clause.
ARMY_SCOPE = re.compile(r"(?<![Ww]hile )(?<![Ii]f )\b(?:[A-Z][\w-]*|Followers|Personalities|cards)[^.;:]{0,40}?"
                        r"\b(in (?:[A-Z][\w'-]*(?: [\w'-]+){0,3}?'s|this) army)(?=[^.;:]*\b(?:have|has)\b)")
# "while this card remains in play", "while this Spell remains attached": the effect's own card is its condition,
# so that card leaving play ends the effect (its own words beat the rule that resolved effects outlive their card).
# ("while it remains in play" names the card an ability put into play, not always its own: not read as this.)
SELF_REMAINS = re.compile(r"\bthis (?:card|[A-Z]\w+) remains (?:in play|attached)\b")
# The length of an action's effect naming none beside its "while": the end of the turn (LD8).
DEFAULT_TURN = Term(Form.TURN, "no length named (the rules' length)")
# A condition that holds while an action is under way ("while actions on your Spells are resolving").
RESOLVING_CONDITION = re.compile(r"\b(?:is|are) resolving\b", re.I)
# "Draw cards until you have exactly two": a repetition, not something that lasts.
LOOP = re.compile(r"\buntil (?:you|he|she|they|it)\b[^.]*", re.I)
# A condition's or a description's words ("if Ataruko has a Follower", "a player who has had a province destroyed")
# state nothing lasting; only the effect's own words do.
# A relative clause ends before the stat change it describes ("give any Personality who performed it +2F").
CONDITION = re.compile(r"\b(?:if|unless|who|whose|that|which|when)\b[^,.:;]*?(?=\s+[+-]\d|[,.:;]|$)", re.I)
# "Put this Terrain into play": in play for the battle only.
TERRAIN = re.compile(r"\bput this Terrain into play\b", re.I)
# Putting a card into play (a created Holding or Personality): it stays while it is in play.
INTO_PLAY = re.compile(r"\b(?:put|bring)s?\b[^.]*\binto play\b|\bcreates? (?:an?|one|two|three|\d+)\b", re.I)
# A trigger opening the words ("After your action creates a Spirit, ..."): what it answers, not what the ability does.
_OPENING_TRIGGER = re.compile(r"^(?:[^:]{0,60}:\s*)?(?:(?:If|Unless)\b[^,:]*,\s*)?(?:After|Before|When)\b[^,:]*[,:]\s*")


# A card's rule for its own entry with a condition ("This Holding enters play unbowed if you control any Siege
# Personalities", "Nishoji enters play ignoring Gold Cost if ...", "Otani will not enter play if ..."): the condition is
# checked as the card would enter play, never switched later.
ENTRY_RULE = re.compile(r"^(?:This \w+ |(?!(?:Each|Your|All|Any|Other|Every|If|While|When|After|Before)\b)[A-Z][\w'-]+"
                        r"(?:,? [\w' -]+?)? )?(?:[Ee]nters? play|will not enter play|(?:may|can) only enter play|"
                        r"can ?not enter play)\b[^.]*\bif\b")


def entry_rule(life: Lifetime, words: str) -> Lifetime:
    """A card's own entry rule with an "if": applied (or not) as the card enters play; nothing of it lasts, and a
    later change of its condition changes nothing."""
    out = Lifetime("entry", None, None, None, None, (), standing=True, entry=words)
    out.trace = life.trace
    cond = life.condition.words if life.condition is not None else "its condition"
    out.trace.interpret(Interpretation(
        "own-entry", "L4", f"“{words}” is a rule for how this card enters play: “{cond}” is checked at the "
        "when-point of its entering play, and a later change of it (condition-false / condition-true) changes "
        "nothing: the card is already in play as it entered."))
    return out


# "Put this Kata into play", "put this Event into play": the effect's card is the card that made it (a Terrain is in
# play for one battle, read apart).
SELF_PUT = re.compile(r"\b(?:put|bring)s?\s+this (?:card|(?!Terrain\b)(?-i:[A-Z])\w+)\b[^.]{0,40}?\binto play\b", re.I)


def puts_into_play(text: str) -> bool:
    """The ability's effect puts a card into play or creates one ("Create a 2F Spirit", "put him into play"); a
    trigger answering such an occurrence ("After your action creates a Spirit, ...") does not."""
    return bool(INTO_PLAY.search(_OPENING_TRIGGER.sub("", text, count=1)))
# Keywords an effect may give besides those in LASTING's first list: the elements and other traits' keywords.
_GIVEN_KEYWORDS = (r"(?-i:(?:Air|Earth|Fire|Water|Void|Thunder|Kharmic|Brash|Reserve|Home|Samurai|Courtier|Magistrate|"
                   r"Scout|Monk|Shugenja|Yojimbo|Siege|Kensai|Commander|Paragon|Cavalry|Tactician|Duelist|Naval)\b)")
_REMOVED_KEYWORDS = (r"(?-i:Cavalry|Tactician|Elite|Naval|Conqueror|Destined|Resilient|Berserker|Tireless|"
                     r"Reconnaissance|Duelist|Expendable|Loyal|Shadowlands|Ninja|Fearsome|Dishonorable|Air|Earth|Fire|Water|Void|"
                     r"Thunder|Kharmic|Brash|Reserve|Samurai|Courtier|Magistrate|Scout|Monk|Shugenja|Yojimbo|Siege|"
                     r"Kensai|Commander|Paragon)")
# ("+1F tokens", "a +1F Sake token": tokens are placed once and stay; they are no change lasting a turn)
LASTING = re.compile(r"[+-]\d+\s?(?:F|C|PH|GP|HR|GC)\b(?!(?:/[+-]\d+\w*)*\s+(?:[A-Z]\w+\s+)?tokens?\b)|"
                     r"\b(?i:gives?|has|have)\b[^.:;]*?[+-]\d+ (?:strength|Gold Cost)\b|"
                     r"\b(?:gets?|gains? (?:the |a |an )?(?!\d+ Honor|Honor\b|Gold\b|Provinces?\b)[A-Z]\w+|"
                     # "has"/"have" owning something, not helping a past tense ("you have taken", "has not moved")
                     # nor "to have this destroy cards" (what a choice makes an effect do)
                     # nor a count's clause closing on it ("for every 10 points of Family Honor you have.")
                     r"(?<!\bto )(?:has|have)(?!\s*(?:[.,;:)]|$))(?!\s+(?:not\s+|already\s+|just\s+)?(?:\w+ed|taken|"
                     r"been|had|done|made|given|lost|won|drawn|seen|chosen|shown|fought|paid|gone|become|brought|left|not)\b)|"
                     r"may not|can ?not|cannot|will not|loses? (?!\d+ Honor|Honor\b|Gold\b)[A-Z]\w+|is considered|"
                     r"counts as|contributes? Force even)\b|"
                     # a stat set or changed ("Reduce his Force to 0", "raise its strength by 2", "a Force penalty")
                     r"\b(?i:reduce|raise|lower|increase|set)s?\s+(?:his|her|its|their|the|a|target|your|this|each|"
                     r"all)\b[^.:;]*?\b(?:Force|Chi|Personal Honor|"
                     r"strength|Gold Cost|Gold Production|Focus Value|duel stat)\b|"
                     # a stat bonus or penalty given ("a Force penalty", "a strength bonus equal to its strength")
                     r"\bForce (?:penalty|bonus)\b|\b(?i:gives?|receives?)\b[^.:;]*?\b(?:Force|Chi|strength|"
                     r"Personal Honor|Gold Cost|Gold Production|Focus Value) (?:penalty|bonus|penalties|bonuses)\b|"
                     # a keyword given ("Give one to three target cards Cavalry")
                     r"\b(?i:gives?)\b[^.:;]*?\b(?:Cavalry|Tactician|Elite|Naval|Conqueror|Destined|Resilient|Berserker|"
                     r"Tireless|Reconnaissance|Duelist|Expendable|Loyal|Shadowlands|Ninja|Fearsome|Dishonorable)\b|"
                     # an element or other keyword given, closing its list ("Give Kouka Air, Earth, Fire, or Water",
                     # "Give Reserve to ...", "give it Kharmic"), never a token's kind ("a +1F Fire token")
                     rf"\b(?i:gives?)\b(?:[^.:;]*?\s)?{_GIVEN_KEYWORDS}(?:(?:,\s*|,?\s+(?:or|and)\s+){_GIVEN_KEYWORDS})*"
                     r"(?=\s*(?:[.;,)]|$)|\s+(?:to|until|if|this|for|and)\b)|"
                     # a quoted ability granted ("Give him the ability, "Battle: ... Destroy him.""): the grant is
                     # the effect and lasts (to the end of the turn when it names no length, LD8), whatever verb the
                     # granted ability's own words use (blind 46121 S6)
                     r"\b(?i:gives?|gains?|grants?)\b[^.:;]*?\b(?:the|an?|this|that)\s+(?:\w+\s+)?abilit(?:y|ies)\b|"
                     # a keyword taken away ("remove Duelist from the Personality", "remove from him, Cavalry"): a
                     # change to the card's traits, lasting like a keyword given (blind 42121 S11)
                     rf"\b(?i:removes?)\s+(?:from\s+(?:him|her|it|them),?\s+)?(?:{_REMOVED_KEYWORDS})\b(?!\s+tokens?\b)")


# An occurrence of the card an effect is on leaving play ("he leaves play", "the target is destroyed").
AFFECTED_LEAVES = re.compile(r"^(?:he|she|it|they|him|her|them|the target|target|that card|the card|that Personality|"
                             r"the (?:target(?:ed)? )?(?:Personality|Follower|Holding|Item))\b[^.]*?\b(?:leaves? play|"
                             r"(?:is|are|was|gets?) (?:destroyed|discarded|removed from the game)|dies|returns? to "
                             r"(?:his|her|its|their|your|the) (?:hand|deck))\b", re.I)


# A card's rule for its own entering play ("Enters play for 1 less Gold if ...", "This Holding enters play paying 1
# less Gold ...", "Attaches to Yotsu Ueda paying 2 less Gold").
OWN_ENTRY = re.compile(r"^(?:This \w+ |(?!(?:Each|Your|All|Any|Other|Every)\b)[A-Z][\w'-]+ )?(?:Enters|enters|Attaches|"
                       r"attaches)\b")  # "Toshi enters play for 1 less Gold if ...": the card by its name


DUEL_STAT = re.compile(r"\b(?:as|to) (?:his|her|its|their|your|the)? ?duel stats?\b|\bduel stats?\b|"
                       # a Focus Value changed ("+1 Focus Value", "Raise this card's Focus Value to 5"), never one only
                       # read ("gain Honor equal to its Focus Value")
                       r"(?<!\w)[+-]\d+\s?(?:FV|Focus Value)\b|\b(?:raise|increase|lower|reduce|set)s?\s+(?:this "
                       r"card's|its|the card's|their|his|her)\s+Focus Value\b|\bFocus Value (?:bonus|penalty)\b", re.I)
# A Focus Effect is made as the focused cards are revealed, before the duel has a winner: what it does with the
# duel's outcome ("after you win this duel", "the duel's winner", "destroyed for losing it") waits for the duel's
# resolution, a delayed effect (CE Glossary D, "Delay").
DUEL_OUTCOME = re.compile(r"\b(?:after|if|when)\s+(?:you|your Personality|he|she)\s+(?:wins?|loses?)\s+"
                          r"(?:this|the)\s+duel\b|\b(?:this|the) duel's (?:winner|loser)\b|"
                          r"\b(?:winner|loser)s? of (?:this|the) duel\b|"
                          r"\bfor losing (?:it|this duel|the duel)\b|\bwins this duel\b", re.I)
# An Interrupt's change to the action it interrupts or that action's parts ("Give one of the action's Ranged Attacks
# +1 strength", "Give a Fear effect +2 strength", "Increase each Honor loss from the Battle action by 1", "The Battle
# action cannot move Personalities"): it lasts while that action resolves.
ACTION_PART = re.compile(r"\b(?:the|this|an?|each|that) (?:Battle |Engage |Favor |Fear |Political )?action(?:'s)?\b|"
                         r"\b(?:a|an|one|each|any|all|the)\b[^.:;]{0,25}?\b(?:Fear effects?|Melee (?:or Ranged )?"
                         r"Attacks?|Ranged Attacks?|Melee Attacks?)\b|\bHonor (?:gains?|loss(?:es)?)\b[^.:;]{0,25}"
                         r"\bfrom (?:the|an|a|it)\b", re.I)
_ACTION_CHANGE = re.compile(r"\b(?:gives?|has|have|increase|reduce|raise|lower|may|can ?not|cannot|will not|instead|"
                            r"destroys? any|destroy attachments|strength)\b", re.I)
# An ability's own Fear or Attack changed as it is made ("Fear 3. If ..., the Fear has +1 strength and may target
# ...", "Ranged 3 Attack; this Attack has +2 strength"): part of that one-time effect, which resolves once.
OWN_ATTACK = re.compile(r"\b(?:Fear(?:\s+(?:\d+|X)|\s+equal\b)|(?:Ranged|Melee)(?:\s+(?:\d+|X))?\s+Attack)\b")
OWN_ATTACK_CHANGE = re.compile(r"\b(?-i:[Tt])(?:he|his) (?:Fear(?: effect)?|(?:Ranged |Melee )?Attack) (?:has|gets)\b"
                               r"[^.;]*")
# A change to a Fear effect or an Attack another ability makes ("After a Ranged Attack is targeted: Give it +2
# strength", "Interrupt: Give a Fear effect +2 strength", "The action's Fear effects have +1 strength", "Ranged
# Attacks from the action's effects will not have their strength reduced"): that Fear or Attack resolves once, as its
# action resolves, so the change lasts while that action resolves.
_ATTACK_NOUN = r"(?:Fear effects?|(?:Ranged|Melee)(?: (?:and|or) (?:Ranged|Melee))? [Aa]ttacks?)"
ATTACK_CHANGE = re.compile(
    rf"\b(?i:gives?)\s+(?:it|them|(?:the|a|an|one|each) {_ATTACK_NOUN}(?:\s+from the action)?"
    rf"(?:,\s+(?:Melee|Ranged) Attack,?\s+or (?:Melee|Ranged) Attack)?)\s+(?:[+-]\d+(?: or [+-]\d+)? strength|"
    rf"an? strength (?:bonus|penalty))[^.;]*|"
    rf"\b(?:[Tt]he|[Ee]ach of the) action's {_ATTACK_NOUN} (?:has|have)\s+[+-]\d+ strength[^.;]*|"
    rf"\b{_ATTACK_NOUN} from (?:the action(?:'s effects)?|an action performed by)\b[^.;]*")
_MENTIONS_ATTACK = re.compile(rf"\b{_ATTACK_NOUN}|\bFear\b")
_OUTCOME_IF = re.compile(r"\b(?:if|after|when) (?:you|your Personality|he|she) (?:wins?|loses?) (?:this|the) duel\b",
                         re.I)


IF_CLAUSE = re.compile(r"^\s*,?\s*(?:if|unless)\s+[^,.;:]+", re.I)
_NEGATED_IF = re.compile(r"\b(?:did|does|do|has|have|had|was|is)\s+not\b|\bdidn't\b|\bunless\b", re.I)


def _if_outcome(clause: str, happened: list[str]) -> tuple[bool | None, str]:
    """Whether a delayed effect's "if ..." holds as it fires, from the occurrences given before (occurs:...):
    (True/False, the occurrence that decided), or (None, "") when nothing given decides it."""
    negated = bool(_NEGATED_IF.search(clause))
    duel = re.search(r"\b(win|lose)s?\b[^,.]*\bduel\b", clause, re.I)
    for seen in happened if duel else ():
        # "if you win this duel" and "you lose the duel" (or the reverse) for the same side: it fails
        other = re.search(r"\b(won|win|wins|lose|loses|lost)\b[^,.]*\bduel\b", seen, re.I)
        mine = bool(re.search(r"\byour?\b", seen, re.I)) == bool(re.search(r"\byour?\b", clause, re.I))
        if other and mine and other.group(1).lower().startswith("w") != (duel.group(1).lower() == "win"):
            return negated, seen
    if re.fullmatch(r"\s*,?\s*if (?:you|he|she|they|it) (?:did|does|do)\s*", clause, re.I):
        return None, ""  # "if you did": the choice its "may" offered, which no occurrence given decides
    core = _NEGATED_IF.sub(" ", re.sub(r"^\s*,?\s*(?:if|unless)\s+", "", clause, flags=re.I))
    core = re.sub(r"\b(?:this|that) (?:turn|battle|phase|game)\b", " ", core)
    # "if you did not put any cards in your hand since the resolution of this Event": what it looks back over is
    # the time since then (the occurrences given after the effect was made); "any cards" is one card or more
    core = re.sub(r"\s+(?:since\b|between now and then\b).*$", "", core, flags=re.I)
    core = re.sub(r"\bany (\w+?)s\b", r"a \1", core, flags=re.I)
    match = next((h for h in happened if _best(h, (core,)) is not None), None)
    if match is None:
        return None, ""
    return (not negated), match


# The conditions of an awaited event a given occurrence can contradict: whose action, card or effect makes it happen,
# whose card it happens to, what kind of card, which keyword (read as `order --by` reads a trigger's words).
_CHECKED = ("actor", "owner", "kind", "keyword")


def awaited_conditions(awaited: str, given: str, trace: Trace) -> str:
    """Why the occurrence given (occurs:...) is not the awaited one after all ("another player's action destroys
    him" against "your own action destroys him"), or "" when nothing written into the awaited event fails; the
    conditions nothing given decides are said aloud."""
    asked = re.sub(r"\bmy\b", "your", re.sub(r"\bI\b", "you", given))  # the asker's own words
    verdict = judge(awaited, "", "", "you", Moment("when", asked, False), Known())
    # whose turn, only when the words given say it ("your opponent's next turn begins"): no active player is given
    said_turn = any(c.cls == "turn" and c.value in ("own", "other") for c in trigger_conditions(asked))
    failed = [why for cond, why in verdict.unmet if cond.cls in _CHECKED or (cond.cls == "turn" and said_turn)]
    if failed:
        return "; ".join(failed)
    assumed = [why for cond, why in verdict.assumed if cond.cls in _CHECKED]
    if assumed:
        trace.interpret(Interpretation("awaited-conditions", "L12", f"“{given}” is taken as “{awaited}”, with "
                                       "what the words do not settle taken to hold: " + "; ".join(assumed) + "."))
    return ""


def valid_events() -> str:
    return ", ".join(EVENTS)


@dataclass
class Point:
    event: str
    persists: bool
    effective: bool
    state: str | None
    why: str
    rule: str | None

    def as_json(self) -> dict[str, object]:
        return {"event": self.event, "persists": self.persists, "effective": self.effective, "state": self.state,
                "why": self.why, "rule": self.rule}


@dataclass
class Lifetime:
    kind: str                         # the main form, "instant" or "unstated"
    main: Term | None
    bound: Term | None                # the length a "while" switches inside (None: the card's time in play)
    condition: Term | None
    ends_on: str | None
    fires_on: tuple[str, ...]
    timeline: list[Point] = field(default_factory=list)
    trace: Trace = field(default_factory=Trace)
    standing: bool = False            # a card's own continuous trait: in force from the start, made by no action
    if_clause: str = ""               # a delayed effect's "if ..." (checked when it fires)
    gold: str = ""                    # Gold produced for one payment: the words that produce it
    until_card: str = ""              # "Until Tsujiken leaves play, after each time ...": its card's leaving ends it
    self_put: str = ""                # "Put this Kata into play": the card it put into play is its own card
    entry: str = ""                   # "This Holding enters play unbowed if ...": a rule for the card's own entry
    cond_said: str = ""               # the last event given that decided its "while" condition, and why
    cond_line: str = ""               # the same, short, for the first line
    cond_assumed: str = ""            # what that reading took to be so ("assuming it was the only one ...")
    self_on: str = ""                 # "This card permanently copies ...": a permanent effect on its own card
    on_card: bool = False             # an effect put on a card ("give him +2F"): that card leaving play ends it

    @property
    def last(self) -> Point:
        return self.timeline[-1]


def parse_events(raw: list[str]) -> list[str]:
    events: list[str] = []
    for chunk in raw:
        for word in re.findall(r"occurs:(?:\"[^\"]*\"|'[^']*'|.+$)|\S+", chunk.strip()):
            if word.lower().startswith("occurs:"):
                text = word[7:].strip().strip("\"'")
                if not text:
                    raise QuestionError("occurs: needs the occurrence after the colon, e.g. occurs:he assigns to "
                                        "attack.")
                events.append(f"occurs:{text}")
            elif word.lower() in EVENTS:
                events.append(word.lower())
            else:
                raise QuestionError(f"Unknown event “{word}”; events are: {valid_events()}.")
    return events


def _best(occurrence: str, waits: tuple[str, ...]) -> str | None:
    """Which awaited event this occurrence is: the one sharing most words (at least half of its own), or None."""
    ours = _stems(occurrence)
    # "this phase ends" is not "this turn ends", nor "the battle ends" "this battle resolves"
    scored = [(len(ours & _stems(w)) / max(1, len(_stems(w))), -i, w) for i, w in enumerate(waits)
              if not other_edge(occurrence, w)]
    score, _, best = max(scored) if scored else (0.0, 0, "")
    return best if score >= 0.5 else None


def awaits(occurrence: str, terms: tuple[Term, ...]) -> str | None:
    """Which awaited event or point of these terms the occurrence is ("it bows" for "After the next time this turn
    it bows"), or None when none of them waits for it."""
    waits = tuple(w for t in terms for w in (*t.events, t.point) if w)
    return _best(occurrence, waits) if waits else None


# "Produce 2 Gold", "produce 6 Gold which may only pay for one action" (an imperative, not "this Holding produces
# +1 Gold" nor a created Holding's quoted trait "Bow: Produce 1 Gold").
_PRODUCE = re.compile(r"\b(?-i:[Pp]roduce) (?:\d+|X|one|two|three|an additional|one additional|Gold)\b[^.;\"“”]*", re.I)


def produced_gold(text: str, made_by: str | None) -> str:
    """The words producing Gold for a payment: a Gold ability's, or a Reaction's or trait's at a payment's
    when-point ("When paying for an action, produce 3 Gold which may only pay for that action"); "" otherwise."""
    found = _PRODUCE.search(re.sub(r"[\"“][^\"”]*[\"”]", " ", text))
    if found is None or not re.search(r"\bGold\b", found.group(0)):
        return ""
    if made_by == "gold" or re.search(r"\bwhen (?:paying|you pay)\b", text, re.I):
        return found.group(0).strip(" ,")
    return ""


# An effect put on a card ("permanently give him Ninja", "Give target Personality +2F", "Reduce his Force to 0"):
# that card leaving play ends it.
ON_CARD = re.compile(r"\b(?:give|gives|reduce|raise|lower|set)\s+(?:him|her|it|them|his|her|its|their|(?:a |an |the |"
                     r"your |one )?target(?:ed)?\b|(?:the|that) (?:Personality|Follower|card))\b", re.I)


def choose(terms: tuple[Term, ...], text: str, made_during: str | None, standing: bool = False,
           made_by: str | None = None) -> Lifetime:
    """The main length of an effect (see _choose_length), and whether the effect is put on a card."""
    life = _choose_length(terms, text, made_during, standing, made_by)
    life.on_card = bool(ON_CARD.search(text))
    return life


def _choose_length(terms: tuple[Term, ...], text: str, made_during: str | None, standing: bool = False,
                   made_by: str | None = None) -> Lifetime:
    """The main length of an effect. `standing`: a continuous trait printed on a card (no designator), which works
    while its card is in play when it names no other length (LD8), and which no action makes. `made_by`: the kind of
    ability that makes the effect (action, reaction, trait, interrupt, focus), when an ability does."""
    army = None
    if standing:
        # a continuous trait's "gain 1 Honor after he enters play" is what it does each time, not an effect made once
        terms = tuple(t for t in terms if not (t.form is Form.DELAYED_POINT and AFTER_LATER.fullmatch(t.words)))
        army = ARMY_SCOPE.search(text)
        alone = army is not None and not re.search(r"[.;]\s+\S", text.strip())
        if army is not None and alone and not any(t.form is Form.WHILE for t in terms):
            # "Your other Moshi Personalities in Ikako's army have +1F": the trait reaches a card only while that
            # card is in that army, so the scope works as its "while" (moving home ends it for him)
            terms = (*terms, Term(Form.WHILE, army.group(1), condition=f"the card is {army.group(1)}",
                                  start=army.start()))
        elif army is not None and any(t.form is Form.WHILE for t in terms):
            army = None
    gold = produced_gold(text, made_by)
    if gold and not any(t.form in (Form.NEXT_TIME, Form.EACH_TIME, Form.DELAYED_POINT, Form.DELAY) for t in terms):
        # "Bow: Produce 6 Gold which may only pay for one action": Gold is produced at a payment's when-point for
        # that payment (L4 case 1) and spent in it; none of it is kept for later
        term = Term(Form.PAYING, gold)
        life = Lifetime("paying", term, term, None, "payment-made", (), gold=gold)
        life.trace.interpret(Interpretation(
            "gold-payment", "L4", f"“{gold}” produces Gold at a payment's when-point, for that one payment; Gold it "
            "produces and that payment does not use is taken as not kept for later (no card here says it is)."))
        return life
    life = _choose(terms, text, made_during, standing, made_by in MADE_BY and not puts_into_play(text))
    if life.main is not None and life.main.form is Form.NEXT_TIME and life.main.condition:
        life.trace.interpret(Interpretation(
            "awaited-qualifier", "L12", f"“{life.main.condition}” is part of what it waits for: an occurrence "
            "given whose words say it fails (e.g. occurs:\"… with a different Focus Value …\") does not fire it, and "
            "it keeps waiting for the next one that meets it (this turn); one whose words do not say is taken to "
            "meet it, and the answer says so."))
    if army is not None:
        life.trace.interpret(Interpretation(
            "army-scope", "L4", f"“{army.group(0)}”: the trait works while its card is in play, but reaches a card "
            f"only while that card is {army.group(1)}; a card that leaves that army (moving home, or being "
            "destroyed) loses it at the when-point of that change, and gets it again if it comes back. "
            + ("Give condition-false / condition-true for one card leaving or joining that army." if alone else
               "Its other sentences are not scoped so: the timeline follows the card's time in play, and "
               "condition-false / condition-true are not applied to the army's sentence here.")))
    outcome = DUEL_OUTCOME.search(text) if made_by == "focus" else None
    if outcome is not None and not (life.kind in ("instant", "default-turn", "unstated") or (
            life.kind == "duel" and life.main is not None and life.main.words.lower() in outcome.group(0).lower())):
        outcome = None  # a length of its own ("in this duel", "+2FV") decides, not the outcome's words
    if outcome is not None:
        point = Term(Form.DELAYED_POINT, "when this duel resolves", window=Form.DUEL)
        waited = Lifetime("delayed", point, None, life.condition, None, (point.words,))
        waited.trace.interpret(Interpretation(
            "duel-outcome", "LD4", f"“{outcome.group(0)}”: a Focus Effect is made as the focused cards are revealed, "
            "before the duel has a winner, so this waits, as a delayed effect, for the duel's resolution"
            + ("; what it gives then lasts to the end of the turn (LD8)." if life.kind == "default-turn" else ".")))
        found = _OUTCOME_IF.search(text)
        waited.if_clause = found.group(0) if found else ""
        return waited
    # its effect words without the designator and any "If ...," condition ("If the action moves any units, you may
    # destroy ...": a one-time change to a card, not to the action)
    body = re.sub(r"^\s*(?:If|Unless)\b[^,]*,\s*", "", re.sub(r"^[^:]{0,60}:\s*", "", text))
    part = ACTION_PART.search(body) if made_by == "interrupt" and life.kind in ("instant", "default-turn") else None
    if part is not None and _ACTION_CHANGE.search(body) and not re.search(r"\b(?:after|before|when)\b", body, re.I) \
            and not re.match(r"(?:Negate|Bow|Target|Destroy|you may destroy|he may|bow him)\b", body, re.I) \
            and not re.search(r"\bnegate (?:the|an?) (?:\w+ )?action\b", body, re.I):
        term = Term(Form.RESOLVING, part.group(0))
        during = Lifetime("resolving", term, term, None, "action-resolves", ())
        during.trace.interpret(Interpretation(
            "interrupt-action", None, f"“{part.group(0)}”: an Interrupt is taken while the action it interrupts is "
            "under way, and its change to that action lasts while the action resolves, ending as it finishes "
            "resolving (Comprehensive Rules for L5R: Twenty Festivals, \"Action sequence\" and \"Interrupt "
            "actions\")."))
        return during
    change = ATTACK_CHANGE.search(text) if not standing and (
        (life.kind in ("instant", "default-turn") and made_by in MADE_BY)
        or (all(t.form is Form.WHILE for t in terms) and re.search(r"\baction's\b", text))) else None
    if change is not None and (not change.group(0).lower().startswith(("give it", "gives it", "give them"))
                               or _MENTIONS_ATTACK.search(text[:change.start()])):
        return attack_change(change.group(0).strip())
    if life.main is not None and TERRAIN.fullmatch(life.main.words):
        life.trace.interpret(Interpretation(
            "terrain", "LD7", "A Terrain is in play for the battle it is put into play in (Glossary B, "
            "\"Battlefield\": \"Terrains in play for a battle\"); it is taken to be discarded when that battle ends, "
            "and what its own lines do ends with it."))
    life.standing = standing and life.kind not in DELAYED_KINDS
    if life.kind in DELAYED_KINDS and life.main is not None:
        # "Before this turn ends, if he did not assign to attack this turn, gain 2 Honor": checked as it fires
        at = text.lower().find(life.main.words.lower())
        found = IF_CLAUSE.search(text[at + len(life.main.words):]) if at >= 0 else None
        # "...; if you did, put a Wealth token on this card after the other card enters play": its "if" comes first
        before = re.search(r"(?:^|[;:.]\s*|,\s+(?:and|then)\s+)((?:if|unless)\b[^,;:.]*),[^,;:.]*$", text[:at],
                           re.I) if at > 0 and not found and life.kind == "delayed" else None
        life.if_clause = found.group(0).strip(" ,") if found else (before.group(1) if before else "")
    return life


def attack_change(words: str) -> Lifetime:
    """A change to a Fear effect or an Attack another ability makes: it lasts while that action resolves."""
    term = Term(Form.RESOLVING, words)
    during = Lifetime("resolving", term, term, None, "action-resolves", ())
    cond = re.search(r"\bif\b[^.;]*", words)
    during.trace.interpret(Interpretation(
        "attack-change", "LD7", f"“{words}” changes a Fear effect or an Attack, which resolves once, as the action "
        "that makes it resolves: the change lasts while that action resolves and ends as it finishes resolving (a "
        "Fear or an Attack is a one-time effect, with no length of its own)."
        + (f" Its “{cond.group(0)}” is checked as the Attack resolves; it is taken to hold here." if cond else "")))
    return during


def _choose(terms: tuple[Term, ...], text: str, made_during: str | None, standing: bool, made: bool) -> Lifetime:
    main = next((t for form in PRIORITY for t in terms if t.form is form), None)
    condition = next((t for t in terms if t.form is Form.WHILE), None)
    point = next((t for t in terms if t.form is Form.DELAYED_POINT), None)
    if main is not None and main.form is Form.DELAY and point is not None:
        # "Delay its effects until after the next Dynasty Phase begins": the delay waits for that point (LD4).
        main = replace(main, window=point.window, events=point.events)
    elif main is not None and main.form is Form.DELAY:
        until = re.search(r"\buntil\s+(?:after\s+|before\s+)?(.+?)\s*$", main.words, re.I)
        if until:
            # "Delay its effects on him until after this battle ends": the point it waits for
            main = replace(main, window=point_window(until.group(1)), events=(until.group(1),))
    if main is not None and main.form in (Form.NEXT_TIME, Form.EACH_TIME, Form.DELAYED_POINT, Form.DELAY):
        fires = tuple(f"occurs:{e}" for e in main.events) if main.events else (main.words,)
        window = main.window or Form.TURN
        # An "each time" effect living inside an "until ..." ends with that length's own words.
        length = next((t for t in terms if t.form is window and t is not main), main)
        ends = _ends_on(window, length) if main.form in (Form.NEXT_TIME, Form.EACH_TIME) else None
        # a wait lasting "until your next turn begins" ends after some turns: its length term counts them
        bound = length if length is not main and window in (Form.NEXT_TURN, Form.LATER_TURN) else None
        life = Lifetime(main.form.value, main, bound, condition, ends, fires)
        if length is not main and length.form is Form.IN_PLAY and not re.match(
                r"(?:he|she|it|they|him|her|them|the target)\b", length.point or "", re.I):
            life.until_card = length.words  # the card that made it, named: its leaving play ends the wait
        return life
    if main is not None and main.form is Form.ADDITIONAL:
        return Lifetime("additional", main, None, condition, None, ())
    if condition is not None and main is None and made and not standing:
        if REMAINS.search(condition.condition):
            # "While your Samurai remains unbowed, negate ...": the condition is the effect's length
            return Lifetime("while", condition, None, condition, "condition-false", ())
        # an action's effect "+3F while he is in an army" names no length: the rules' length (LD8), switched by it
        return Lifetime("while", condition, DEFAULT_TURN, condition, "turn-ends", ())
    if condition is not None:
        life = Lifetime("while", condition, main, condition, _ends_on(main.form, main) if main else "leaves-play", ())
        if main is not None and main.form is Form.PAYING and _cost_if(text):
            life.trace.interpret(Interpretation("cost-if", "LD1", f"“{main.words}” changes one payment." +
                                                _cost_if(text)))
        return life
    if main is not None and main.form is Form.PAYING and standing and not OWN_ENTRY.search(text):
        # "Your Spells enter play for 1 less Gold", "When Recruiting a Personality, ... he costs 2 more Gold": a
        # standing cost rule, in force while its card is in play; each payment it changes is changed for that one
        life = Lifetime("in-play", None, None, None, "leaves-play", ())
        life.trace.interpret(Interpretation("standing-cost", "LD1", f"“{main.words}” is a standing cost rule of the "
                                            "card: it changes every such payment while the card is in play, and each "
                                            "change lasts for that one payment only." + _cost_if(text)))
        return life
    if main is not None and main.form is Form.PAYING and standing:
        life = Lifetime(main.form.value, main, main, None, _ends_on(main.form, main), ())
        life.trace.interpret(Interpretation("own-cost", "LD1", f"“{main.words}” is a rule of the card for the payment "
                                            "that brings it into play: it changes that one payment." + _cost_if(text)))
        return life
    if main is not None:
        return Lifetime(main.form.value, main, main, None, _ends_on(main.form, main), ())
    if standing:
        return Lifetime("in-play", None, None, None, "leaves-play", ())
    if puts_into_play(text):
        return Lifetime("in-play", None, None, None, "leaves-play", ())
    stat = DUEL_STAT.search(text)
    if stat is not None and made:
        # "use the base Force of your Personality in this duel as his duel stat", "+4 to his duel stat", "+2FV":
        # what a duel's totals are made of matters only in that duel, so it lasts until the duel ends
        term = Term(Form.DUEL, stat.group(0))
        life = Lifetime("duel", term, term, None, "duel-ends", ())
        life.trace.interpret(Interpretation("duel-stat", "LD7", f"“{stat.group(0)}” changes what the duel's totals "
                                            "are made of: it lasts for that duel and ends when the duel ends."))
        return life
    own = OWN_ATTACK_CHANGE.search(text) if OWN_ATTACK.search(text) else None
    if own is not None:
        # "Fear 3. ... the Fear has +1 strength": a change to the ability's own one-time Fear or Attack, no length
        text = OWN_ATTACK_CHANGE.sub(" ", text)
    if not LASTING.search(CONDITION.sub("", LOOP.sub("", text))):
        life = Lifetime("instant", None, None, None, None, ())
        if own is not None:
            life.trace.interpret(Interpretation(
                "own-attack-change", "LD8", f"“{own.group(0).strip()}” changes this ability's own Fear or Attack, a "
                "one-time effect resolving once as the ability resolves: the change is part of it and has no length."))
        return life
    return Lifetime("default-turn", None, None, None, "turn-ends", ())


_COST_IF = re.compile(r"(?<!\beven )\b(?-i:[Ii])f\s+([^,.;:()]+)")


def _cost_if(text: str) -> str:
    """A cost rule's "if ..." ("Enters play for 1 less Gold if you are a Lion Clan player"), said as what the change
    needs: it is checked at the payment, and taken to hold here as nothing says otherwise."""
    found = _COST_IF.search(text)
    return f" It changes the payment only “{found.group(0).strip()}”; that is taken to hold here, as nothing says " \
           "otherwise." if found else ""


def _turns_until(term: Term, players: int) -> int:
    """How many turn ends a length reaching a later turn lasts: "your next turn begins" one per player, "your second
    turn from now" two per player, "the next turn" one; "... ends" one more (that turn's own end)."""
    if term.form is Form.LATER_TURN:
        turns = 1 if term.count == 0 else players * term.count
    else:
        turns = 1 if re.search(r"\bthe next turn\b", term.words, re.I) else players
    return turns + bool(re.search(r"\bends?$", (term.point or term.words).strip(), re.I))


def _ends_on(form: Form, term: Term) -> str | None:
    if form is Form.LATER_TURN:
        return f"{term.point}" if term.point else "your later turn begins"
    if form is Form.UNTIL_POINT:
        return f"occurs:{term.point}"
    return ENDS_ON.get(form)


# A delayed effect at a period's end ("After the next battle ends", "after this duel ends", "until before the end of
# the turn"): the period event that is its point, and whether it says "the next" one.
_PERIOD_POINT = re.compile(r"\b(?P<next>(?:the|your|his|her|their|its|[\w']+'s)\s+next\s+)?(?:the\s+|this\s+|that\s+|"
                           r"the current\s+|end of (?:the\s+|this\s+)?)?(?P<period>battle|duel|turn|(?:[A-Z]\w+\s+)?"
                           r"Phase)(?:'s resolution)?(?:\s+(?P<edge>ends|resolves|is resolved)\b|$)", re.I)
PERIOD_EVENT = {"battle": "battle-ends", "duel": "duel-ends", "turn": "turn-ends", "phase": "phase-ends"}
PERIOD_OF_EVENT = {event: period for period, event in PERIOD_EVENT.items()}


def period_point(term: Term | None) -> tuple[str, bool] | None:
    """(the period event that is a delayed point, whether it is "the next" such period), or None for other points."""
    if term is None or term.form not in (Form.DELAYED_POINT, Form.DELAY):
        return None
    for words in (*term.events, term.words):
        match = _PERIOD_POINT.search(words)
        if match and (match.group("edge") or re.search(r"\bend of\b", words, re.I)):
            period = match.group("period").lower()
            if period == "turn" or (period.endswith("phase") and period != "phase"):
                continue  # turns and named phases are counted by their own windows (your next turn, a later turn)
            return PERIOD_EVENT[period], bool(match.group("next"))
    return None


def granted_action(life: Lifetime) -> bool:
    """Whether an "additional" grant is of actions ("take an additional Battle action"), not a phase or battle."""
    return bool(life.main is not None and re.search(r"\bactions?\b", life.main.words, re.I))


def walk(life: Lifetime, events: list[str], made_during: str | None, players: int = 2,
         made_in: str | None = None, made_by_ability: bool = False) -> Lifetime:
    """The effect's state after each event, with the rule and reason for every change. `players`: how many turns
    pass before "your next turn" (one per player, L9's turn order). `made_in`: the period the effect was made in
    (battle, duel, phase, turn), so "the next battle" is never the one under way (LD3)."""
    trace = life.trace
    point = period_point(life.main) if life.kind in ("delayed", "delay") else None
    # "the next battle ends" made during a battle: the first battle end is the one under way, not its point
    skip_current = bool(point and point[1] and (made_in or made_during) == PERIOD_OF_EVENT.get(point[0]))
    creation = [e for e in events if e in ("action-announced", "targets-chosen", "action-resolves")]
    # "until it finishes resolving" is made while its action is under way and ends as it resolves; a card's own
    # trait is in force from the start (no action makes it).
    created = not creation or life.kind == "resolving" or life.standing
    if creation and not life.standing:
        trace.add("L1", "action steps given", "the effect does not exist until the action that makes it resolves")
    delayed = life.kind in DELAYED_KINDS
    repeats = life.kind == "each-time"  # an indefinite conditional effect fires every time, until its length ends
    state: str | None = ("waiting" if created else "not yet") if delayed else None
    persists = created and life.kind not in ("instant", "entry")
    cond = life.condition
    effective_cond = True
    if cond is not None:
        first = next((e for e in events if e in ("condition-true", "condition-false")), None)
        effective_cond = first != "condition-true"
        reason = "no condition event says otherwise" if effective_cond else "your first condition event makes it true"
        settles = next((s for e in events if (s := settled_by(cond.condition, e)) is not None), None) \
            if first is None and not delayed else None
        if settles is not None and settles.holds:
            # "he assigns to attack" given later: before it he was not attacking
            effective_cond, reason = False, "an event given later makes it true"
        trace.interpret(Interpretation("while-start", "L4", f"“{cond.words}”: the condition is taken as "
                                       f"{'true' if effective_cond else 'false'} when the effect starts ({reason})."))
    effective = persists and not delayed and effective_cond
    turn_ends = 0
    if made_during is not None and life.kind == "default-turn":
        # where an effect was made never shortens it: one naming no length lasts to the end of the turn (LD8)
        trace.interpret(Interpretation("made-during", "LD8", f"It was made during a {made_during}; that does not "
                                       f"shorten it: naming no length, it lasts to the end of the turn, past the "
                                       f"end of the {made_during}."))
    if life.kind == "instant":
        trace.add(None, "no duration words", "the effect changes the game once when it resolves; nothing lasts")
    if life.kind == "default-turn":
        trace.add("LD8", "no length named", "an effect of an action or triggered ability that names no length lasts "
                  "until the end of the turn")
    if life.kind == "in-play":
        trace.add("LD8", "no length named", "a card's continuous trait (or a card put into play) lasts while that "
                  "card is in play")
    your_turn_after = players * (life.main.count if life.main is not None and life.main.form is Form.LATER_TURN
                                 else 1)
    next_turn = bool(life.main is not None and life.main.form is Form.LATER_TURN and life.main.count == 0)
    if next_turn:
        your_turn_after = 1  # "until the next turn begins": whoever's turn it is, one turn end away
    # "until your third turn from now ends": that turn's own end, one turn end after the one before it begins
    at_its_end = bool(life.main is not None and life.main.form is Form.LATER_TURN
                      and re.search(r"\bends?$", life.main.point or ""))
    your_turn_after += at_its_end
    happened: list[str] = []  # the occurrences given so far (a delayed effect's "if ..." is checked against them)
    for event in events:
        before_state = state
        why, rule = "no change", None
        main = life.main
        if life.kind == "entry":
            # "This Holding enters play unbowed if ...": applied as the card entered play; nothing of it lasts
            why, rule = (("its condition was checked as the card entered play; a later change of it changes nothing",
                          "L4") if event in ("condition-false", "condition-true") else
                         ("a rule for how the card enters play, applied then: nothing of it lasts to change", None))
        elif life.gold and event in ("payment-made", *ENDED_BY) and persists:
            persists = effective = False
            why, rule = ("the Gold was produced for that payment and spent in it; what it did not use is not kept"
                         if event == "payment-made" else "Gold is produced for a payment and spent in it at once; "
                         "none is left by now"), "L4"
        elif life.gold and event not in ("payment-made", *ENDED_BY):
            why = "Gold is produced at a payment's when-point and spent in that payment; this changes nothing of it"
        elif life.gold:
            why = "it has already been spent in its payment"
        elif event in ("action-announced", "targets-chosen") and life.standing:
            why = "a card's own trait is not made by an action: announcing or targeting an action changes nothing of it"
        elif event in ("action-announced", "targets-chosen"):
            why, rule = ("not made yet: costs and targets come first, then the effects as the action resolves",
                         "L1") if not created else ("the action that made it has already resolved", "L1")
        elif event == "action-resolves" and life.standing:
            if cond is not None and persists and RESOLVING_CONDITION.search(cond.condition):
                # "while ... actions ... are resolving": the action that was resolving has finished
                effective_cond = effective = False
                why, rule = (f"“{cond.words}”: the action has finished resolving, so the condition no longer holds; "
                             "it stops working at that when-point and still lasts", "L4")
            else:
                why = "a card's own trait is not made by an action: the action resolving changes nothing of it"
        elif event == "action-resolves":
            if life.kind == "resolving" and persists:
                persists = effective = False
                why, rule = "its length was the action under way: it ends as that action finishes resolving", "LD7"
            elif created:
                why, rule = "the action that made it had already resolved", "L1"
            else:
                created = True
                if life.kind == "instant":
                    why, rule = "it happens now, as the action resolves, and nothing of it lasts", "L1"
                elif delayed:
                    state, persists = "waiting", True
                    why, rule = "the action resolves; its delayed effect now waits for its point", "LD4"
                elif life.kind == "additional":
                    persists, effective = True, effective_cond
                    why, rule = ("the grant is made as the action resolves; what it grants comes once that action "
                                 "has ended and the Reactions to that end have passed", "LD5")
                else:
                    persists, effective = True, effective_cond
                    why, rule = "the effect starts as the action resolves", "L1"
        elif event == "negated":
            if not created:
                why, rule, state = "the action was negated before resolving: the effect is never made", "L1", (
                    "expired" if delayed else None)
                created = True
                persists = effective = False
            elif persists:
                persists = effective = False
                if delayed:
                    state = "expired"
                why, rule = "negation ends it, whatever its length (even permanent)", "LD2"
        elif event == "already-happened":
            if life.kind == "delay" and state in ("waiting", "not yet"):
                persists, effective, state = False, False, "expired"
                why, rule = "the effect it would delay has already happened, so the delay does nothing", "LD4"
            else:
                why = "only a delay applied to an effect cares whether that effect already happened"
        elif event.startswith("occurs:"):
            what = event[7:]
            bound = life.bound
            if not delayed and bound is not None and bound.form is Form.UNTIL_POINT and persists \
                    and _best(what, (bound.point,)) is not None:
                persists = effective = False
                why, rule = f"“{what}” is the point it lasts until (“{bound.point}”): it ends now", "LD7"
            elif not delayed and persists and made_by_ability and life.on_card and AFFECTED_LEAVES.search(what):
                # "permanently give him Ninja ...", then occurs:he leaves play: the card the effect is on has left
                # play, and a card leaving play forgets every effect on it, even a permanent one (blind 71021 #6)
                persists = effective = False
                why = (f"“{what}” is taken as the card the effect is on leaving play: a card that leaves play forgets "
                       "every effect on it, even a permanent one")
                trace.interpret(Interpretation(
                    "affected-leaves-play", None, f"“{what}” is read as the card this effect is on; if it names "
                    "another card, the effect goes on."))
            elif not delayed:
                why = "only a delayed effect waits for an occurrence"
            elif state == "fired" and not repeats:
                waits = main.events if main and main.events else ()
                why, rule = (("it already fired at the first of the events it named; it does not fire again", "L11")
                             if len(waits) > 1 else ("it has already fired; it fires once", "LD4"))
            elif state in ("waiting", "fired"):
                waits = main.events if main and main.events else ((main.words,) if main else ())
                which = _best(what, waits)
                unmet = awaited_conditions(which, what, trace) if which is not None else ""
                qualifier = main.condition if main is not None and main.form is Form.NEXT_TIME else ""
                meets = qualifier_holds(qualifier, what) if which is not None and qualifier else None
                if not unmet and meets is False:
                    unmet = f"it does not meet “{qualifier}”"
                if unmet:
                    why, rule = f"“{what}” is not what it waits for: {unmet}; it keeps waiting", "L12"
                elif which is not None and repeats:
                    state, persists, effective = "fired", True, False
                    why = f"“{what}” is “{which}”: it fires, and keeps waiting to fire each time until its length ends"
                    rule = "L6"
                elif which is not None:
                    state, persists, effective = "fired", False, False
                    why = f"“{what}” is “{which}”: it fires now, once"
                    if qualifier:
                        # "with a base Focus Value equal to the number": checked against the words given, or said
                        why += f"; it meets “{qualifier}”" if meets else (f"; it is taken to meet “{qualifier}”, as "
                                                                         "nothing given says otherwise")
                    rule = "L11" if len(waits) > 1 else ("LD3" if life.kind == "next-time" else "LD4")
                    if (main and main.words.lower().startswith(("the next", "next", "negate", "when"))) \
                            or (main and not main.words.lower().startswith(("before", "after"))):
                        why += " (at the when-point of that occurrence)"
                        rule = rule if rule == "L11" else "L4"
                else:
                    why = f"“{what}” is not what it waits for ({' or '.join(waits)}); it keeps waiting"
            else:
                why = f"it is {state}: nothing left to fire"
        elif event == "payment-made":
            if life.kind == "paying" and persists:
                persists = effective = False
                why, rule = "a “paying” change lasts for that one payment only", "LD1"
            else:
                why = "no “paying” cost change here"
        elif event in ("condition-false", "condition-true"):
            if cond is None:
                why = "no “while” condition here"
            elif persists and event == "condition-false" and life.ends_on == "condition-false":
                persists = effective = False
                why, rule = (f"“{cond.words}”: its length is that condition, and it has stopped holding: the effect "
                             "is over", "LD7")
            elif persists:
                effective_cond = event == "condition-true"
                effective = effective_cond
                why, rule = (f"“{cond.words}”: it {'starts working' if effective else 'stops working'} at the "
                             "when-point of that change, and still lasts", "L4")
            else:
                why = "it has already ended"
        elif event == "leaves-play" and cond is not None and SELF_REMAINS.search(cond.words):
            if persists or state == "waiting":
                persists = effective = False
                if delayed:
                    state = "expired"
                why, rule = (f"“{cond.words}”: the card's own words tie the effect to that card, which has left "
                             "play: the condition no longer holds and the effect is over", "LD7")
            else:
                why = "it has already ended"
        elif event == "leaves-play" and life.self_put and delayed and state == "waiting":
            # "Put this Event into play. Discard it after your next turn begins": what it would discard has left
            # play already, so the delayed discard has nothing left to do
            persists = effective = False
            state = "expired"
            why, rule = (f"“{life.self_put}”: the card its delayed effect would discard is this very card, which now "
                         "leaves play: nothing is left for it to do", "LD4")
        elif event == "leaves-play" and life.self_put and life.kind == "in-play":
            # the card it put into play is the card whose ability made it: both readings of leaves-play are the
            # same card leaving play, and its time in play is over (blind 46121 S23)
            if persists:
                persists = effective = False
                why, rule = (f"“{life.self_put}”: the card it put into play is its own card, which now leaves play: "
                             "its time in play is over", None)
            else:
                why = "it has already ended"
        elif event == "leaves-play" and life.self_on:
            # the card that made it is the card it is on: whichever card "leaves-play" means, that card leaves play
            # and forgets every effect on it, even a permanent one (blind 81021 #9)
            if persists:
                persists = effective = False
                why, rule = (f"“{life.self_on}”: the effect is on its own card, which now leaves play: a card that "
                             "leaves play forgets every effect on it, even a permanent one", None)
            else:
                why = "it has already ended"
        elif event == "leaves-play" and life.until_card and state in ("waiting", "fired"):
            persists = effective = False
            state = "expired"
            why, rule = f"“{life.until_card}”: its length ends as that card leaves play; it fires no more", "LD7"
        elif event == "leaves-play" and (life.standing or not made_by_ability or (
                life.main is not None and life.main.form is Form.IN_PLAY)):
            if persists or state == "waiting":
                persists = effective = False
                if delayed:
                    state = "expired"
                why, rule = ((f"“{life.main.words}”: its length ends as that card leaves play", "LD7")
                             if life.main is not None and life.main.form is Form.IN_PLAY else
                             ("its card leaves play: a card's own trait works only while the card is in play", "LD8"))
        elif event == "leaves-play":
            # an effect an action or a triggered ability made (a bonus given, a created card, a delayed effect)
            # does not depend on the card that made it
            why, rule = ("the card whose ability made it leaves play: a resolved action's effects, the cards it "
                         "created and its delayed effects do not depend on that card, so nothing changes", "LD8")
            trace.interpret(Interpretation(
                "leaves-play", "LD8", "“leaves-play” is read as the card whose ability made the effect leaving play; "
                "only a card's own traits end with it. If instead the card the effect is on leaves play, that card "
                "forgets the effect: ask with occurs:<that card> leaves play."))
        elif point is not None and event in ENDED_BY and state == "waiting" and (
                event == point[0] or (point[1] and event != "game-ends")):
            turn_ends += event == "turn-ends"
            period = PERIOD_OF_EVENT[point[0]]
            if event != point[0]:
                why, rule = (f"it waits for the end of the next {period} (“{main.words if main else ''}”), which has "
                             "not come yet: it keeps waiting", "LD3")
            elif skip_current:
                skip_current = False
                why, rule = (f"this is the end of the {period} under way, and “the next {period}” never means the one "
                             "in progress: it keeps waiting for the next one", "LD3")
            else:
                state, persists, effective = "fired", False, False
                why, rule = f"“{main.words if main else ''}”: this is its point; it fires now, once", "LD4"
        elif event in ENDED_BY and life.kind == "additional" and persists and (
                event in ("turn-ends", "game-ends") or (granted_action(life) and event != "duel-ends")):
            # a granted action comes right after the granting action ends (LD5): by a later period's end it was
            # taken or passed; nothing granted outlives the turn
            turn_ends += event == "turn-ends"
            persists = effective = False
            why, rule = ((f"“{main.words if main else ''}” came once the action that granted it had ended and the "
                          "Reactions to that end had passed; it was taken then or not at all, and nothing of it is "
                          "left") if granted_action(life) else
                         f"“{main.words if main else ''}” came within this turn; the turn is over, and so is it"), "LD5"
        elif event in ENDED_BY:
            turn_ends += event == "turn-ends"
            if not persists and not (delayed and state == "waiting"):
                why = "it had already ended" if created else "it has not been made yet"
            elif delayed:
                window = (main.window or Form.TURN) if main else Form.TURN
                if life.kind in ("next-time", "each-time") and window in ENDED_BY[event]:
                    fired_before = state == "fired"
                    state, persists, effective = "expired", False, False
                    why, rule = (f"its length (this {window.value}) is over: it fires no more", "L6") if fired_before \
                        else (f"its wait was for this {window.value} only and is over: it never fires", "LD3")
                elif life.kind in ("next-time", "each-time") and life.bound is not None and event == "turn-ends" \
                        and turn_ends >= _turns_until(life.bound, players):
                    state, persists, effective = "expired", False, False
                    why, rule = (f"its length (“{life.bound.words}”) is over: it fires no more", "LD7")
                elif event == "game-ends":
                    state, persists, effective = "expired", False, False
                    why, rule = "the game is over: what still waited never fires", "LD2"
                elif life.kind in ("delayed", "delay") and window is Form.NEXT_TURN:
                    # "the next turn" is whoever's turn comes next; "your next turn" comes round once per player
                    anyone = bool(main and re.search(r"\bthe next turn\b", main.words, re.I))
                    if event == "turn-ends" and turn_ends >= (1 if anyone else players):
                        state, persists, effective = "fired", False, False
                        which = "the next turn" if anyone else "your next turn"
                        why, rule = f"“{main.words if main else ''}”: {which} has begun, so it fires", "LD4"
                        if not anyone:
                            trace.interpret(Interpretation(
                                "next-turn-point", "LD4", "“your next turn” is read as made during your turn: with "
                                f"{players} players, turn end number {players} is the one just before your next "
                                "turn begins."))
                    else:
                        why = f"it keeps waiting: “{main.words if main else ''}” has not come yet"
                elif life.kind in ("delayed", "delay") and window is Form.LATER_TURN and event != "game-ends":
                    why, rule = (f"it keeps waiting: “{main.words if main else ''}” lies in a later turn (the next "
                                 "such phase is never the one under way or already past); it fires when that point "
                                 "comes (say it with occurs:)", "LD3")
                elif life.kind == "delayed" and main is not None and AFTER_LATER.fullmatch(main.words) \
                        and event in ("turn-ends", "game-ends"):
                    # "after the target assigns": an occurrence that may never come; none given, so it never fired
                    state, persists, effective = "expired", False, False
                    why, rule = (f"the turn is over and “{main.events[0] if main.events else main.words}” was not "
                                 "given as happening (occurs:...): it is taken as never having come, so this never "
                                 "fired, and it fires no more", "LD4")
                    trace.interpret(Interpretation(
                        "occurrence-not-given", "LD4", f"“{main.words}” waits for an occurrence; as none of the "
                        "events given is it, it is taken not to have happened this turn."))
                elif life.kind in ("delayed", "delay") and window in ENDED_BY[event]:
                    state, persists, effective = "fired", False, False
                    why, rule = (f"“{main.words if main else ''}”: its point lies at or before the end of the "
                                 f"{window.value}, so it has fired by now", "LD4")
                elif life.bound is not None:
                    why, rule = f"its length (“{life.bound.words}”) goes on past the turn: it keeps waiting", "LD7"
                else:
                    why = f"it keeps waiting ({window.value if life.kind == 'next-time' else 'its stated point'})"
            else:
                bound = life.bound.form if life.bound else None
                ends = (bound in ENDED_BY[event]) if bound else (
                    (life.kind == "default-turn" and event in ("turn-ends", "game-ends"))
                    or (life.kind == "in-play" and event == "game-ends"))
                if bound in (Form.NEXT_TURN, Form.LATER_TURN) and event == "turn-ends" \
                        and turn_ends >= your_turn_after:
                    ends = True
                    which = "your next turn" if bound is Form.NEXT_TURN else f"“{life.bound.point}”"  # type: ignore[union-attr]
                    if not next_turn:
                        trace.interpret(Interpretation(
                            "next-turn", "LD7", f"{which} is read as counted from your own turn: with {players} "
                            f"players, turn end number {your_turn_after} "
                            + ("is that turn's own end." if at_its_end else "is the one just before it begins.")))
                if ends:
                    persists = effective = False
                    why = f"its length ends with the {event.split('-')[0]}"
                    rule = life.bound.rule if life.bound else ("LD8" if life.kind in ("default-turn", "in-play")
                                                                else None)
                    if life.bound is DEFAULT_TURN:
                        why, rule = "it names no length beside its condition, so it lasts until the end of the turn", \
                            "LD8"
                elif life.bound is DEFAULT_TURN:
                    why, rule = "it names no length beside its condition, so it lasts until the end of the turn", "LD8"
                elif bound is Form.GAME:
                    why, rule = "it is permanent: it lasts to the end of the game", "LD2"
                elif bound is not None:
                    why = f"its length ({life.bound.words if life.bound else ''}) goes on past the " \
                          f"{event.split('-')[0]}"
                    rule = "LD7"
                elif life.kind == "default-turn":
                    why, rule = "it names no length, so it lasts until the end of the turn", "LD8"
                else:
                    why = "it goes on"
                    if life.kind == "while" and life.ends_on == "condition-false":
                        why, rule = f"its length is its condition (“{cond.words if cond else ''}”), not a period", "LD7"
                    elif life.kind in ("while", "in-play"):
                        why = "it lasts while its card is in play"
        settled = settled_by(cond.condition, event) if cond is not None and not delayed and persists \
            and life.kind != "entry" and not life.gold else None
        if settled is not None:
            # an event of the scenario that ends (or starts) the "while" condition (Timing, "when" item 3)
            effective_cond = settled.holds
            life.cond_said = settled.why + (f" ({settled.assumed})" if settled.assumed else "")
            life.cond_line = (f"“{cond.condition}” {'holds' if settled.holds else 'no longer holds'}"
                              + (f" ({settled.cause})" if settled.cause else ""))
            life.cond_assumed = settled.assumed
            if settled.assumed:
                trace.interpret(Interpretation("while-event", "L4", f"“{event[7:]}” is read as ending "
                                               f"“{cond.words}”, {settled.assumed}; if you still control another, "
                                               "it still holds."))
            if not settled.holds and life.ends_on == "condition-false":
                persists = effective = False
                why, rule = f"{life.cond_said}: its length is that condition, so the effect is over", "LD7"
            else:
                effective = settled.holds
                now = f"{life.cond_said}: it {'works' if settled.holds else 'stops working'} from that when-point"
                plain = why in ("no change", "only a delayed effect waits for an occurrence")
                why, rule = (f"{now}, and still lasts" if plain else f"{why}; {now}"), rule or "L4"
        if delayed and state == "fired" and before_state != "fired" and life.if_clause:
            holds, decided = _if_outcome(life.if_clause, happened)
            if holds is False:
                why += f"; its condition “{life.if_clause}” fails (“{decided}” happened): nothing happens"
                rule = rule or "LD4"
            elif holds:
                why += f"; its condition “{life.if_clause}” holds (“{decided}” happened)"
            else:
                why += f"; its condition “{life.if_clause}” is checked now, and nothing given says it fails"
                trace.interpret(Interpretation("delayed-if", None, f"“{life.if_clause}” is taken to hold when the "
                                               "delayed effect fires; give what happened (occurs:...) to check it."))
        if event.startswith("occurs:"):
            happened.append(event[7:])
        life.timeline.append(Point(event, persists, effective, state, why, rule))
        trace.add(rule, event, why)
    if not events:
        life.timeline.append(Point("(now)", persists, effective, state,
                                   "as made" if life.kind != "instant" else "it happened once", None))
    return life
