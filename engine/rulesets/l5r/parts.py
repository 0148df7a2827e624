"""The parts of one ability that each have their own length, followed side by side.

"Before this phase ends, straighten him. Before this turn ends, if ..., gain 2 Honor" (Tamori Kazushige, Bayushi
Misaki), "Give Gekido +2F/+3C until this phase ends. After the phase ends, give Gekido -2F/-2C ...", Wedge's doubling
and destruction: each sentence holding a delayed effect is a delayed effect of its own (rules.l5r.com, CE Glossary D,
"Delay": an action can be resolved while its delayed effects still wait), and each fires or ends at its own point.
A sentence with a stated length that comes before the first delayed one is made as the action resolves, so it is a
part too. A sentence after a delayed one that names no delayed point of its own may be what that delayed effect does
("... target an enemy Personality. Your Personalities have +1F/+1C while opposing the target"), so it is no part of
its own: the answer says it did not follow it. A grant of additional actions is a part wherever it stands (LD5).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.rulesets.l5r.durations import Form, Term, read_terms
from engine.rulesets.l5r.lifetime import CONDITION, DEFAULT_TURN, LASTING, LOOP, Lifetime, choose, walk
from engine.trace import Interpretation

# A sentence ends at ". " before a capital (the card texts' own sentences; "+2F/+3C" and "(this turn)" stay inside).
_SENTENCE_END = re.compile(r"([.!?][\"”]?)\s+(?=[A-Z])")
# A granted ability in quotes is one piece of its sentence ('give him the trait, "After ...: ... this phase."').
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")
DELAYED_FORMS = frozenset({Form.NEXT_TIME, Form.EACH_TIME, Form.DELAYED_POINT, Form.DELAY})
PERIOD_FORMS = frozenset({Form.TURN, Form.PHASE, Form.BATTLE, Form.DUEL, Form.GAME, Form.NEXT_TURN,
                          Form.LATER_TURN, Form.UNTIL_POINT})
# "Take two additional actions. ... permanently ...": a grant comes after its action (LD5), a part of its own.
PART_FORMS = PERIOD_FORMS | {Form.ADDITIONAL}


@dataclass
class Part:
    words: str        # the sentence
    lead: Term        # the term that names its length or its point
    life: Lifetime
    followed: bool    # the part the answer's timeline (top level) follows


def sentences(text: str) -> list[str]:
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(text)]
    cuts = [m.end() for m in _SENTENCE_END.finditer(text)
            if not any(a < m.start() + len(m.group(1)) < b for a, b in quoted)]
    return [s.strip() for s in (text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True))
            if s.strip()]


def _holds(terms: tuple[Term, ...], main: Term) -> bool:
    return any(t.form is main.form and t.words.lower() == main.words.lower() for t in terms)


def _lead(terms: tuple[Term, ...]) -> Term | None:
    return next((t for t in terms if t.form in DELAYED_FORMS), None) or \
        next((t for t in terms if t.form in PART_FORMS), None)


# A sentence about the ability's own effect or cost ("This Honor loss will not be negated", "This Invest cost cannot be
# reduced"): how that effect happens, no change of its own that lasts.
_ABOUT_ITSELF = re.compile(r"^(?:This|These|That) (?:Honor (?:loss|gain)|(?:Invest |Gold )?costs?|abilit(?:y|ies)|"
                           r"actions?|movement|destruction|bowing|effects?)\b")


def _lasts_unstated(sentence: str) -> bool:
    """A sentence making a change that lasts and naming no length ("Reduce his Force to 0", "Give him +2F")."""
    if _ABOUT_ITSELF.match(sentence):
        return False
    body = re.sub(r"^[^:]{0,60}:\s*", "", sentence)
    body = body.split(":", 1)[-1]  # its cost and targets before the colon change nothing
    return bool(LASTING.search(CONDITION.sub("", LOOP.sub("", body))))


def split_parts(text: str, main: Term | None) -> list[tuple[str, Term, tuple[Term, ...]]]:
    """(sentence, its leading term, its terms) for each sentence that is a part of its own, in the text's order;
    empty unless the ability has two or more and one of them holds `main`."""
    if main is None:
        return []
    found: list[tuple[str, Term, tuple[Term, ...]]] = []
    seen_delayed = False
    for sentence in sentences(text):
        terms = read_terms(sentence)
        lead = _lead(terms)
        if lead is None and not seen_delayed and not terms and _lasts_unstated(sentence):
            # "Reduce his Force ... to 0. Cards in that unit may not perform actions until this battle ends.": a
            # length modifies the effect it is written with, not an earlier sentence's (Effects, "Order of effects",
            # Exception 1), so the earlier change names no length of its own: the rules' length (LD8)
            lead = DEFAULT_TURN
        if lead is None:
            continue
        if lead.form in DELAYED_FORMS:
            seen_delayed = True
        elif seen_delayed and lead.form is not Form.ADDITIONAL:
            continue  # possibly what the delayed effect before it does: not a part of its own
        found.append((sentence, lead, terms))
    if len(found) < 2 or not any(_holds(terms, main) for _, _, terms in found):
        return []
    return found


def follow_parts(text: str, life: Lifetime, events: list[str], made_during: str | None, players: int,
                 made_in: str | None, made_by: str, made_by_ability: bool) -> list[Part]:
    """Each part of the ability walked through the same events; `life` (already walked) is the part holding its
    main term. The other parts' interpretations join `life`'s trace, so each is said aloud."""
    parts: list[Part] = []
    for sentence, lead, terms in split_parts(text, life.main):
        if life.main is not None and _holds(terms, life.main) and not any(p.followed for p in parts):
            parts.append(Part(sentence, life.main, life, True))
            continue
        granted = any(p.lead.form is Form.ADDITIONAL for p in parts) and re.search(r"\bthe action's\b", sentence)
        if granted:
            # "Take an additional Ranged Attack action .... Each of the action's Ranged Attacks has +1 strength":
            # "the action" is the one just granted, so this comes with it, once that action is taken
            lead = Term(Form.ADDITIONAL, sentence.rstrip("."))
            terms = (lead,)
        own = choose(terms, sentence, made_during, made_by=made_by)
        if granted:
            own.trace.interpret(Interpretation(
                "granted-action-part", "LD5", f"“{sentence.rstrip('.')}”: “the action” is the additional action this "
                "ability grants, so the change applies to that action only, when it is taken (once the granting "
                "action has ended), and ends as it finishes resolving."))
        walk(own, events, made_during, players, made_in, made_by_ability=made_by_ability)
        for note in own.trace.interpretations:
            life.trace.interpret(note)
        parts.append(Part(sentence, own.main or lead, own, False))
    if len({(p.life.kind, p.life.ends_on, p.life.fires_on) for p in parts}) == 1:
        return []  # every part lasts alike: the one answer says it for all
    return parts


# A continuous trait of the card written after a triggered trait's sentence ("After you Equip this Item, gain 1 Honor
# .... This Personality has +1PH."; "After Tamiya enters play, lose 2 Honor. Your Peasant Weapons out of play have
# Courage."): it names its own subject and looks back at nothing the trigger named, so it is the card's standing text,
# in force while the card is in play (LD8), not a change the trigger makes. "You may switch it ..." or "You may bow
# it" go on with the trigger's effect and stay in it.
_STANDING_SENTENCE = re.compile(
    r"^(?:This (?:Personality|Follower|Item|Holding|Spell|Region|Stronghold|Shugenja|card) (?:has|have|gets|"
    r"contributes|may|cannot|can not|will not|is|counts)\b|Your (?![\w' ]*\b(?:may|must)\b)[\w' ]+? (?:have|has|get|"
    r"contribute)\b|You have an? \w|You may (?:[^.]*\bas an? [\w ]+ action\b|[^.]*\beven if\b))")
_LOOKS_BACK = re.compile(r"\b(?:it(?! is (?:not )?(?:your|his|her|their) turn)|them|him|her|they|those|one of them|"
                         r"the target)\b")


# A card rule with its subject left out, the card itself ("Cannot attach Followers or Items.", "Will not join a Phoenix
# Clan player.", "Does not count towards a Personality's maximum number of Weapons.").
_SUBJECTLESS = re.compile(r"^(?:Cannot|Can not|Can only|Will not|Does not|May not|Must) \w")
_NAME_SKIP = frozenset({"The", "Of", "No", "A", "An", "And"})


def _own_name(sentence: str, name: str) -> bool:
    """The sentence's subject is the card, by a word of its name ("Noekam's Undead Followers have +1F", "Hano Equips
    Polearms for 1 less Gold")."""
    words = [w for w in re.findall(r"[A-Z][\w'-]+", re.split(r"[•,]", name)[0]) if w not in _NAME_SKIP]
    if not words:
        return False
    names = "|".join(re.escape(w) for w in words)
    return bool(re.match(rf"(?:{names})(?:'s(?: [\w'-]+){{1,4}}? (?:have|has|get|gets|contribute|contributes)| "
                         r"(?:has|have|gets|contributes|may|cannot|can not|will not|is|counts|Equips|Recruits|"
                         r"enters play))\b", sentence))


def standing_tail(text: str, name: str = "") -> list[str]:
    """The sentences after a triggered trait's first one that are the card's continuous traits (`name`: the card's,
    for a sentence naming the card as its subject)."""
    return [s for s in sentences(text)[1:] if (_STANDING_SENTENCE.match(s) or _SUBJECTLESS.match(s)
                                               or (name and _own_name(s, name))) and not _LOOKS_BACK.search(s)]


STANDING_LEAD = Term(Form.IN_PLAY, "a continuous trait of the card")


def standing_parts(tail: list[str], events: list[str], made_during: str | None, players: int,
                   made_in: str | None) -> list[Part]:
    """Each standing sentence as a part of its own: in force while its card is in play."""
    parts = []
    for sentence in tail:
        own = choose(read_terms(sentence), sentence, made_during, standing=True)
        walk(own, events, made_during, players, made_in, made_by_ability=False)
        parts.append(Part(sentence, STANDING_LEAD, own, False))
    return parts
