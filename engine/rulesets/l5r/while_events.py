"""Events of a scenario that end (or start) a "while" condition, beside the abstract condition-false/-true.

"Sugo has +4F while attacking": once the battle ends no unit is attacking any more (units return home after the
battle resolves, CE Glossary "Move"), so the condition stops holding at that when-point and the effect switches off
(Timing, "when" item 3). "Ignore Natsuyo's Honor Requirement while you control Bayushi Fuyuko": once Fuyuko leaves
play, you no longer control her. Each reading says which event decided it; a generic "you control a Port" that loses
one card is taken as losing the only one, and the answer says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.rulesets.l5r.moment import stems

# A condition about a battle under way: the card's (or army's) place in it. Never a memory ("ever attacking", "since
# your last turn"), a negation ("not involved"), nor the player's role for the whole phase ("you are the Defender").
_BATTLE = re.compile(r"\b(?:attacking|defending|opposed|unopposed|opposing|opposes|"
                     r"in (?:an|the|this|his|her|its|your|that|[A-Z][\w'-]*(?: [\w'-]+){0,3}?'s) army|"
                     r"(?:current|this|that|his|its|the province's) battlefields?|at a battlefield|current army|"
                     r"(?:attacking|defending) army|units? in (?:your|his|"
                     r"her|the) army|in (?:a|the|this) battle)\b", re.I)
_PLAYER_ROLE = re.compile(r"\byou are the (?:Defender|Attacker)\b", re.I)
_DUEL = re.compile(r"\bdueling\b|\bin (?:a|the|this) duel\b", re.I)
_MEMORY = re.compile(r"\b(?:ever|not|no|never|since|did|was|were|took|had|fewer|or more|or fewer|exactly|any other|"
                     r"only)\b",
                     re.I)
# One alternative of an "or" that is a clause of its own ("he has a Spear or opposes ...", "... or you control a
# Terrain"): its own verb; a bare noun phrase ("opposing a Jade card or a Personality with ...") continues the object.
_CLAUSE_VERB = re.compile(r"\b(?:has|have|is|are|control|controls|remains?)\b", re.I)
# The unit itself is the subject ("attacking", "Lishan is attacking", "this Shugenja is defending").
_UNIT_ROLE = re.compile(r"^(?:(?:he|she|it|they|this \w+|[A-Z][\w'-]+) (?:is|are) )?(?P<role>attacking|defending)$")

_BATTLE_OVER = {"battle-ends": "the battle is over", "phase-ends": "the phase is over, and its battles with it",
                "turn-ends": "the turn is over, and its battles with it"}
_SENT_HOME = re.compile(r"\b(?:moves?|moved|is sent|are sent|sent|goes|go|returns?|returned) home\b|"
                        r"\b(?:battle|battles) (?:ends|resolves|is resolved|is over)\b", re.I)
_ASSIGNS = re.compile(r"\b(?:assigns?|assigned|is assigned|moves?|moved) (?:in)?to (?P<role>attack|defend)\b|"
                      r"\bmoves? into (?:an?|the|his|her|your) (?P<army>attacking|defending) army\b", re.I)
_DUEL_OVER = {"duel-ends": "the duel is over", "battle-ends": "the battle is over, and any duel in it",
              "phase-ends": "the phase is over, and any duel in it",
              "turn-ends": "the turn is over, and any duel in it"}

_CONTROL = re.compile(r"^(?:you|your \w+) controls? (?P<what>.+)$", re.I)
_LEAVES = re.compile(r"\b(?:leaves?|left) play\b|\b(?:is|are|was|were|gets?|got) (?:destroyed|discarded|killed|"
                     r"removed from the game)\b|\bdies\b|\b(?:you )?lose control\b|\b(?:loses?|lost) control\b|"
                     r"\bchanges? control\b|\bdestroy(?:s|ed)?\b|"
                     r"\b(?:your opponent|an opponent|another player|an enemy)(?:'s \w+)? (?:gains?|takes?|wins?)\b",
                     re.I)
_ENTERS = re.compile(r"\benters? play\b|\bentered play\b|\b(?:you )?recruit(?:s|ed)?\b|\bis recruited\b|"
                     r"\b(?:is|was) put into play\b|\bcomes? into play\b|\b(?:you )?(?:gain|take)s? control\b|"
                     r"\b(?:is|was) created\b|\byou create\b|\byou (?:gain|take|win)s?\b", re.I)
# A generic card ("a Port", "any Siege Personalities", "a Fallen or Shadowlands Personality"): another one may stay.
_GENERIC = re.compile(r"^(?:a|an|any|one|some)\b", re.I)
_FILLER = frozenset(stems("a an any the one some of you your control or and card cards"))


@dataclass(frozen=True)
class Settled:
    holds: bool        # the condition after the event
    why: str           # what made it so, in the players' words
    assumed: str = ""  # what was taken to be so (said aloud), or ""
    cause: str = ""    # what made it so, short, for a first line ("the battle is over")


def _clauses_battle(condition: str) -> bool:
    """Every alternative of the condition is about the battle under way (an "and" needs only one part)."""
    alternatives = re.split(r"\s+or\s+", condition)
    if len(alternatives) == 1:
        return bool(_BATTLE.search(condition))
    return all(_BATTLE.search(a) or not _CLAUSE_VERB.search(a) for a in alternatives[1:]) and \
        bool(_BATTLE.search(alternatives[0]))


def settled_by(condition: str, event: str) -> Settled | None:
    """How `event` (a period end or occurs:TEXT) leaves a "while" condition, or None when it says nothing of it."""
    words = condition.strip().rstrip(")").strip()
    # a memory or negation of its own, not one inside what it names ("attacking a player who declared an attack
    # against you since ...", "opposing a Personality with no abilities")
    if not words or _MEMORY.search(re.sub(r"\b(?:who|whose|that|which|with)\b.*$", "", words)):
        return None
    what = event[7:] if event.startswith("occurs:") else ""
    if _clauses_battle(words) and not _PLAYER_ROLE.search(words):
        if event in _BATTLE_OVER:
            return Settled(False, f"{_BATTLE_OVER[event]}: units return home after the battle resolves, so "
                           f"“{words}” no longer holds", cause=_BATTLE_OVER[event].split(",")[0])
        role = _UNIT_ROLE.match(words)
        if what and _SENT_HOME.search(what):
            return Settled(False, f"“{what}”: out of the battle, so “{words}” no longer holds",
                           cause="it has left the battle")
        assigned = _ASSIGNS.search(what) if what and role else None
        if assigned and role is not None:
            said = (assigned.group("role") or assigned.group("army") or "").lower()
            if role.group("role").lower().startswith(said[:6]):
                return Settled(True, f"“{what}”: in the battle as “{words}” says, so it holds",
                               cause="it is in the battle")
        return None
    if _PLAYER_ROLE.search(words) and event in ("phase-ends", "turn-ends") and " or " not in words:
        return Settled(False, f"the Attack Phase is over, so “{words}” no longer holds",
                       cause="the Attack Phase is over")
    if _DUEL.search(words) and " or " not in words:
        if event in _DUEL_OVER:
            return Settled(False, f"{_DUEL_OVER[event]}, so “{words}” no longer holds", cause="the duel is over")
        if what and re.search(r"\bduel (?:ends|resolves|is resolved|is over)\b", what, re.I):
            return Settled(False, f"“{what}”: the duel is over, so “{words}” no longer holds",
                           cause="the duel is over")
        return None
    control = _CONTROL.match(words)
    if control is None or not what or re.search(r"\bor (?:have|has|is|are|you|control)\b", words, re.I):
        return None
    return _control(control.group("what"), what, words)


def _control(thing: str, what: str, words: str) -> Settled | None:
    """"you control Bayushi Fuyuko" against an occurrence naming that card leaving or entering play."""
    named = stems(thing) - _FILLER
    if not named or len(named & stems(what)) * 2 < len(named):
        return None
    generic = bool(_GENERIC.match(thing))
    if _LEAVES.search(what):
        return Settled(False, f"“{what}”: you no longer control it, so “{words}” no longer holds",
                       "assuming it was the only one you controlled" if generic else "")
    if _ENTERS.search(what):
        return Settled(True, f"“{what}”: you control it, so “{words}” holds")
    return None
