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
from engine.rulesets.l5r.lifetime import Lifetime, choose, walk

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
        own = choose(terms, sentence, made_during, made_by=made_by)
        walk(own, events, made_during, players, made_in, made_by_ability=made_by_ability)
        for note in own.trace.interpretations:
            life.trace.interpret(note)
        parts.append(Part(sentence, own.main or lead, own, False))
    if len({(p.life.kind, p.life.ends_on, p.life.fires_on) for p in parts}) == 1:
        return []  # every part lasts alike: the one answer says it for all
    return parts
