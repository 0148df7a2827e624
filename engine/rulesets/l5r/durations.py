"""Duration words in an ability's text: which length the card states, and the words that state it.

Each form has the event that ends it (the vocabulary of `arbiter l5r duration --then`) and the rule that says so.
"this turn" / "this battle" inside a condition ("if he has moved this battle", "once per turn") is card memory,
not a length (rules.l5r.com/Effects, Definition of effects: card memory is not an effect), and is skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum


class Form(StrEnum):
    TURN = "turn"                # until end of turn, this turn
    BATTLE = "battle"            # this battle, until the end of the battle
    PHASE = "phase"              # this phase
    NEXT_TURN = "next-turn"      # until your next turn (begins)
    GAME = "game"                # permanent(ly), this game, rest of the game
    PAYING = "paying"            # that payment only
    WHILE = "while"              # a condition switching the effect on and off
    NEXT_TIME = "next-time"      # a delayed effect waiting for the next / first time something happens
    EACH_TIME = "each-time"      # an indefinite conditional effect: "after each time this turn ...", every time
    DELAYED_POINT = "delayed"    # a delayed effect for a named later point ("during your next End Phase")
    DELAY = "delay"              # an effect delaying another effect
    ADDITIONAL = "additional"    # a granted battle, phase or segment
    DUEL = "duel"                # until the duel ends, this duel
    RESOLVING = "resolving"      # until the action ends / finishes resolving
    IN_PLAY = "in-play"          # until a card leaves play
    LATER_TURN = "later-turn"    # until your second turn from now begins, your turn two turns from now
    UNTIL_POINT = "until-point"  # until another named point (your next Events Phase begins, then, ...)


RULE_OF = {Form.EACH_TIME: "L6", Form.TURN: "LD7", Form.BATTLE: "LD7", Form.PHASE: "LD7", Form.NEXT_TURN: "LD7",
           Form.GAME: "LD2",
           Form.PAYING: "LD1", Form.WHILE: "L4", Form.NEXT_TIME: "LD3", Form.DELAYED_POINT: "LD4",
           Form.DELAY: "LD4", Form.ADDITIONAL: "LD5", Form.DUEL: "LD7", Form.RESOLVING: "LD7", Form.IN_PLAY: "LD7",
           Form.LATER_TURN: "LD7", Form.UNTIL_POINT: "LD7"}
# Periods and what they end with, for the lengths a stated period sets (the vocabulary of --then).
PERIOD_WORDS = {"turn": Form.TURN, "battle": Form.BATTLE, "game": Form.GAME, "phase": Form.PHASE, "duel": Form.DUEL}


@dataclass(frozen=True)
class Term:
    form: Form
    words: str                    # the card's words that state it
    window: Form | None = None    # next-time: how long it waits (turn by default, LD3)
    events: tuple[str, ...] = ()  # next-time: the occurrences it waits for, split on "or" (L11)
    condition: str = ""           # while: the condition
    point: str = ""               # until-point / later-turn: the point that ends it, in the card's words
    count: int = 0                # later-turn: which of your turns from now (2 = your second turn from now)
    start: int = field(default=-1, compare=False)  # where the words stand in the text read (for coverage)

    @property
    def rule(self) -> str:
        return RULE_OF[self.form]

    def as_json(self) -> dict[str, object]:
        return {"form": self.form.value, "words": self.words, "rule": self.rule,
                "window": self.window.value if self.window else None, "events": list(self.events),
                "condition": self.condition or None, "point": self.point or None}


_CLAUSE_END = re.compile(r"[.;:]|, (?=[a-z])")
# Card memory: a condition, or a past tense ("has moved this battle", "you have taken this turn"); "He has Shadowlands
# while ... (this turn)" owns something for that length, so "has"/"have" count only as helpers of a past tense.
_MEMORY = re.compile(r"^(?:if|unless|once|twice|only|each|who|that|which)\b|\b(?:had|was|were|been|"
                     r"resolved|used|took|taken|already)\b|\b(?:has|have)\s+(?:not\s+|already\s+|just\s+)?"
                     r"(?:\w+ed|taken|been|had|done|made|given|lost|won|drawn|seen|chosen|shown|fought|paid|gone|"
                     r"become|brought|left|struck|begun|run)\b", re.I)

_NEXT = re.compile(r"\b(?:(before|after|when)\s+)?the\s+(next|first)\s+time\s+"
                   r"(?:\(?(?:each|this)\s+(turn|battle|game|phase)\)?\s+)?"
                   r"(.+?)(?=[,:.;(]|\bthis (?:turn|battle|game)\b|$)", re.I)
# The rest of an "or" list of awaited events after the first one: ", targets him, or resolves an action ...".
_OR_LIST = re.compile(r"((?:,\s*(?!or\b)[a-z][^,.;:()]*?){0,3}),?\s+or\s+([a-z][^,.;:()]*)")
# A delayed effect at a named point of the turn ("Before this battle resolves, double his Force"; "Destroy him after
# the battle ends"): it waits for that point (the Timing page's delayed effects, L1 exception).
_NAMED_POINT = re.compile(r"(?<!until )(?<!until after )\b(before|after|when)\s+((?:the|this|the current|the next|"
                          r"your next|(?:his|her|its|their|[\w' ]+?'s) next)\s+(battle|turn|phase|duel|[A-Z]\w+ Phase)"
                          r"(?:'s resolution|\s+(?:resolves|ends|begins|starts)))(?=[\s,.;:)]|$)", re.I)
_AFTER_IT_RESOLVES = re.compile(r"\b(?:after|before)\s+((?:it|the action|that action|its action)\s+(?:resolves|ends|"
                                r"is resolved))\b", re.I)
# "put a Wealth token on this card after the other card enters play", "Destroy this Spell after the target assigns":
# written after its effect, a later occurrence of a card the ability is about (one entering play, assigning, being
# revealed or discarded from a duel's focus) is a delayed effect's point, not a step of the same effect.
AFTER_LATER = re.compile(r"\b(?:after|before)\s+((?:he|she|it|the other card|the card|that card|the target|"
                          r"the Personality|the focused cards)\s+(?:enters? play|assigns?|(?:is|are) revealed|"
                          r"(?:is|are) discarded|is recruited))(?=\s*[.;)]|$)", re.I)
_EACH = re.compile(r"\b(?:(before|after|when)\s+)?\(?each\s+time\)?\s+(?:\(?this\s+(turn|battle|game|phase|duel)\)?"
                   r"\s+)?(.+?)(?=[,:.;(]|\bthis (?:turn|battle|game|phase|duel)\b|$)"
                   r"(?:\(?this\s+(turn|battle|game|phase|duel)\)?)?", re.I)
# "until the game ends, before each of your Action Phases begins, ...": an indefinite conditional effect at every
# such point (L6 D), for its stated length (the game when it says so, else the turn).
_EACH_POINT = re.compile(r"\b(before|after|when)\s+each\s+(?:of\s+(?:your|the)\s+)?((?:[A-Z]\w+\s+)?(?:Phase|turn|"
                         r"battle)s?)\s+(begins?|ends?|resolves?)\b", re.I)
# "until <point>": every stated end of a length, wherever it stands (after a comma, in brackets, inside a quote).
_UNTIL = re.compile(r"\buntil\s+(?:after\s+|before\s+)?([^.;:,()\"“”]+?)(?=\s*[.;:,()\"“”]|"
                    r"\s+(?:and|or)\s+(?!leaves\b)[a-z]+\w*\s|$)", re.I)
_LOOP = re.compile(r"^(?:you|he|she|they|it|each player|the \w+) (?:have|has|show|reveal|find|draw)s?\b|\bexactly\b",
                   re.I)
_NUMBER = {"second": 2, "third": 3, "fourth": 4, "two": 2, "three": 3, "four": 4}
_LATER_TURN = re.compile(r"\byour (?:(second|third|fourth) turn from now|turn (?:begins )?(two|three|four) turns "
                         r"from now)", re.I)
_UNTIL_FORMS: tuple[tuple[Form, re.Pattern[str]], ...] = (
    (Form.GAME, re.compile(r"^the game ends?$|^the end of the game$", re.I)),
    (Form.TURN, re.compile(r"^(?:the )?end of (?:the |this )?turn$|^(?:the|this|the current) turns? ends?$",
                           re.I)),
    (Form.BATTLE, re.compile(r"^(?:the )?end of (?:the |this )?battle$|^(?:the|this|the current) battle"
                             r"(?:'s resolution)? (?:ends|begins|resolves)$", re.I)),
    (Form.PHASE, re.compile(r"^(?:the )?end of (?:the |this )?phase$|^(?:the|this|the current) phase ends$", re.I)),
    (Form.DUEL, re.compile(r"^(?:the|this|that) duel (?:ends|resolves)$|^(?:the )?end of (?:the|this) duel$", re.I)),
    (Form.RESOLVING, re.compile(r"^(?:the|this|that) action (?:ends|resolves|has resolved)$|"
                                r"^it (?:ends|finishes resolving|resolves)$", re.I)),
    (Form.NEXT_TURN, re.compile(r"^(?:the (?:start|beginning) of )?(?:your|his|her|their|its controller's) next turn"
                                r"(?: begins)?$", re.I)),
    (Form.IN_PLAY, re.compile(r"^(?:he|she|it|this card|this \w+|[A-Z][\w' -]+?) leaves? play$", re.I)),
)
# "the next <occurrence>" other than a period or "the next time": a waiting effect for that occurrence ("negate the
# effects of the next action the target performs (this turn)", "your next Ranged Attack action this battle").
_NEXT_NOUN = re.compile(r"\b(?:the|your|his|her|its|their|[A-Z][\w-]*'s|\w+'s)\s+next\s+(?!time\b|turn\b|"
                        r"(?:[A-Z]\w+ )?Phase\b|(?:battle|duel|phase)\s+(?:ends|begins|resolves))"
                        r"((?:two |three )?[^,.;:()]+?)"
                        r"(?=\s*\(?this (?:turn|battle|phase|game)\)?|[,.;:()]|$)", re.I)


def _until_term(match: re.Match[str]) -> Term | None:
    """The length an "until ..." states, or None for a loop ("draw cards until you have exactly two")."""
    point = " ".join(match.group(1).split())
    if _LOOP.search(point):
        return None
    if re.fullmatch(r"the next turn (?:ends|begins)", point, re.I):
        # whoever's turn comes next: counted in turns, not in your turns (count 0)
        return Term(Form.LATER_TURN, match.group(0).strip(), point=point, count=0, start=match.start())
    later = _LATER_TURN.search(point)
    if later:
        count = _NUMBER[(later.group(1) or later.group(2)).lower()]
        return Term(Form.LATER_TURN, match.group(0).strip(), point=point, count=count, start=match.start())
    for form, pattern in _UNTIL_FORMS:
        if pattern.search(point):
            return Term(form, match.group(0).strip(), point=point, start=match.start())
    return Term(Form.UNTIL_POINT, match.group(0).strip(), point=point, start=match.start())


_NEGATE_NEXT = re.compile(r"\b(?:negate|ignore|prevent)\s+(?:its|his|her|their|the)\s+next\s+(\w+)", re.I)
_SIMPLE: tuple[tuple[Form, re.Pattern[str]], ...] = (
    # "paying 2 less Gold" changes the cost; "paying all costs" / "paying its 3 Gold Cost" pays it as it is (LD1).
    (Form.PAYING, re.compile(r"(?<!when )(?<!while )\bpaying\s+(?:\d+|X|one|two|three|four|five|an?)\s+"
                             r"(?:less|more|fewer|additional)\b[^.,;:]*|\benters? play for (?:\d+|X|one|two|three)"
                             r"\s+(?:less|more|fewer)(?: Gold)?\b|\benters? play for 0 Gold\b|"
                             r"\bcosts? (?:\d+|X|one|two|three) (?:less|more)(?: Gold)?"
                             r"(?: to (?:Recruit|Equip|play))?\b",
                             re.I)),
    # "Delay the destruction until before the end of the turn": the delay owns the point it names (read first).
    (Form.DELAY, re.compile(r"\bdelay (?:the|its|his|her|their|this|all|any)\b[^.;]*", re.I)),
    (Form.DELAYED_POINT, re.compile(r"\b(?:during|at the (?:start|beginning|end) of) (?:your|the|his|her|their|"
                                    r"[\w' ]+?'s) next "
                                    r"(?:[A-Z]\w+ )?(?:Phase|turn)\b|\b(?:at|before) the end of (?:the|this) turn\b",
                                    re.I)),
    (Form.GAME, re.compile(r"\bpermanent(?:ly)?\b|\b(?:for the )?(?:rest|remainder) of the game\b|\bthis game\b",
                           re.I)),
    (Form.NEXT_TURN, re.compile(r"\buntil (?:the (?:start|beginning) of )?(?:your|his|her|their|its controller's) "
                                r"next turn(?: begins)?", re.I)),
    (Form.TURN, re.compile(r"\buntil (?:the )?end of (?:the |this )?turn\b|\buntil the turn ends\b|"
                           r"\b(?:this|that) turn\b|"
                           r"\bfor the rest of the turn\b", re.I)),
    # "Put this Terrain into play": a Terrain is in play for the battle (Glossary B, "Terrains in play for a battle")
    (Form.BATTLE, re.compile(r"\bput this Terrain into play\b|"
                             r"\buntil (?:the )?end of (?:the |this )?battle\b|\buntil the battle ends\b|"
                             r"(?<!\bat )(?<!\bto )\b(?:this|that) battle\b|\bfor the rest of the battle\b", re.I)),
    (Form.PHASE, re.compile(r"\buntil (?:the )?end of (?:the |this )?phase\b|\b(?:this|that) phase\b(?!'s)|"
                            r"\bduring this [A-Z]\w+ Phase\b", re.I)),
    # "this duel" as a length ("one additional time this duel"); "your Personality in this duel" names the duel.
    (Form.DUEL, re.compile(r"(?<!in )(?<!of )\bthis duel\b(?!'s)|\bin (?:the|that|this) duel's resolution\b|"
                           r"\b(?:during|for) (?:the|that|this) duel\b", re.I)),
    # "take two additional Battle actions", "take an additional action to Equip ...": actions granted
    (Form.ADDITIONAL, re.compile(r"\btakes? (?:an|one|two|three|one or two|\d+) additional (?:[\w/]+ ){0,2}?"
                                 r"actions?\b|\b(?:an? )?additional (?:(?-i:[A-Z])\w+ )?(?:phase|segment|attack phase|"
                                 r"battle(?! actions?\b))\b|\bfight a battle\b", re.I)),
)
_WHILE = re.compile(r"\bwhile\s+(.+?)(?=\s*[,.;:(]|\s+(?:for )?(?:this|the rest of the) (?:turn|battle|phase|game)\b"
                    r"|$)", re.I)


# A keyword's reminder in brackets saying when its actions may be taken ("(Tireless actions may be taken even while
# bowed.)"): no condition of the effect, unlike a label's condition ("(Compassion takes effect while you have fewer
# Provinces ...)") or a bracketed length ("(while this Holding is in play)").
_REMINDER = re.compile(r"\((?=[A-Z])[^()]*\b(?:be|is|are) (?:taken|used)\b[^()]*\.?\s*\)")


# A past deed named with its period ("for each of your Provinces destroyed this game", "cards discarded this turn"):
# card memory, not a length.
_DEED = re.compile(r"\b(?:destroyed|moved|bowed|discarded|dishonored|assigned|attacked|defended|targeted|played|"
                   r"recruited|entered play|lost|won|gained|resolved|taken|used|declared|revealed|cast|killed)\s+\(?$",
                   re.I)


def _in_condition(text: str, start: int) -> bool:
    """The words at `start` belong to a condition or a count ("if he moved this battle", "once per turn")."""
    if _DEED.search(text[max(0, start - 30):start]):
        return True
    clause_start = 0
    for m in _CLAUSE_END.finditer(text, 0, start):
        clause_start = m.end()
    clause = text[clause_start:start].strip()
    before = text[max(0, start - 9):start].lower()
    # "Equip a target Follower ... if another player's action destroyed it or its Personality this battle": the
    # period belongs to the if-clause that looks back at what happened, not to the effect (blind 42121 S31)
    tail = re.search(r"\b(?:if|unless)\b(?!.*\b(?:if|unless)\b)(.*)$", clause, re.I)
    looks_back = tail is not None and not _EFFECT_VERB.search(tail.group(1))
    memory = _MEMORY.search(clause)
    rule = _RESTRICTION.search(clause)
    if memory is not None and memory.start() == 0 and rule is not None and not _MEMORY.search(clause, 1):
        # "Each player may only take two more non-Reaction actions this phase": a restriction opening on "Each" or
        # "Only" states its own length; the period is the restriction's, not a count's (blind 46121 S1)
        memory = None
    return bool(memory) or looks_back or before.endswith(("per ", "each ", "once "))


# A restriction's verb ("may only", "may not", "cannot"): what follows it is what the effect forbids or limits.
_RESTRICTION = re.compile(r"\b(?:may|can|must)\s+(?:only|not)\b|\bcannot\b", re.I)


# An effect's own verb after an "if" ("if he is a Samurai give him +2F this battle"): the period is then the effect's.
_EFFECT_VERB = re.compile(r"\b(?:give|gives|gain|gains|get|gets|lose|loses|have|has|may|can|cannot|must|will|"
                          r"negate|straighten|bow|move|destroy|discard|draw|take|takes)\b", re.I)


_NOT_VERBS = frozenset({"his", "its", "this", "hers", "theirs", "yours", "us", "as", "was", "has", "thus"})


def _verb_like(word: str) -> bool:
    w = word.lower()
    return word[:1].islower() and (w in {"is", "are", "would", "will", "can", "may", "does"}
                                   or (w.endswith(("s", "ed")) and w not in _NOT_VERBS))


def _share_subject(parts: list[str]) -> tuple[str, ...]:
    """'his controller assigns him', 'targets him' -> 'his controller targets him': a later event starting with its
    verb shares the first event's subject (the words before the first one's verb)."""
    words = parts[0].split()
    cut = next((i for i, w in enumerate(words) if i and _verb_like(w)), 0)
    subject = " ".join(words[:cut])
    out = [parts[0].strip().rstrip(",")]
    for part in parts[1:]:
        part = part.strip().rstrip(",")
        first = part.split()[0] if part.split() else ""
        out.append(f"{subject} {part}" if subject and _verb_like(first) else part)
    return tuple(p for p in out if p)


def _alternatives(occurrence: str) -> tuple[str, ...]:
    """'he assigns to attack or moves to an attacking army' -> both events (L11 keeps only the first to happen)."""
    parts = re.split(r",?\s+or\s+(?=(?:\w+ ){0,5}?(?:is|are|\w+s)\b(?: |$))", occurrence.strip())
    return _share_subject(parts)


def _or_rest(text: str, end: int) -> tuple[list[str], int]:
    """The further events of a ", B, or C" list after the first awaited event, and where the list ends."""
    if text[end:end + 1] != ",":
        return [], end
    match = _OR_LIST.match(text, end)
    if match is None:
        return [], end
    middle = [p.strip() for p in match.group(1).split(",") if p.strip()]
    return [*middle, match.group(2).strip()], match.end()


# The phases an action is never taken before in its own turn: their "next" one is never this turn's (LD3: "the
# next" period is never the one under way or past), so it lies in a later turn.
_EARLY_PHASE = re.compile(r"\bnext (?:Straighten|Events?|Action) Phase\b", re.I)


def point_window(words: str) -> Form:
    """Which period's end a named point lies at or before: a duel, a battle, a phase, the turn, your next turn,
    or a later turn (LATER_TURN: it waits until the point itself is named)."""
    lower = words.lower()
    if "next turn" in lower:
        return Form.NEXT_TURN
    if _EARLY_PHASE.search(words):
        return Form.LATER_TURN
    if "duel" in lower:
        return Form.DUEL
    if "battle" in lower and "next" not in lower:
        return Form.BATTLE
    if re.search(r"\bphase\b", lower) and "next" not in lower and "end phase" not in lower:
        return Form.PHASE
    return Form.TURN


def read_terms(text: str) -> tuple[Term, ...]:
    """Every duration term of one ability's text, in the order they appear (card memory skipped)."""
    found: list[Term] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= x or a >= y for x, y in taken)

    def add(term: Term, start: int, end: int) -> None:
        found.append(replace(term, start=start))
        taken.append((start, end))

    for m in _UNTIL.finditer(text):
        if re.search(r"\bdelay\b[^.;]*$", text[:m.start()], re.I):
            continue  # "Delay its effects until after this battle ends": the point of a delay (read below)
        term = _until_term(m)
        if term is not None:
            add(term, m.start(), m.end())
    for m in _NEXT.finditer(text):
        if not free(m.start(), m.end()):
            continue
        if m.group(2).lower() == "first" and re.search(r"\beach\s+$", text[:m.start(3) if m.group(3) else m.end(2)]
                                                          + " "):
            continue  # "the first time each turn ...": a standing trait's once-per limit, not a waiting effect
        window = m.group(3)
        tail = text[m.end():m.end() + 14].lower().lstrip(" (")
        if window is None and tail.startswith("this "):
            window = tail.split()[1].strip(".,;:)")
        form_window = PERIOD_WORDS.get((window or "").lower(), Form.TURN)
        stated = re.match(r"\s*\(?this (?:turn|battle|game|phase|duel)\)?", text[m.end():])
        end = m.end() + (stated.end() if stated and m.group(3) is None else 0)
        more, list_end = _or_rest(text, m.end())
        events = _share_subject([*_alternatives(m.group(4)), *more]) if more else _alternatives(m.group(4))
        end = max(end, list_end)
        add(Term(Form.NEXT_TIME, text[m.start():end].strip(" ,(").strip(), form_window, events), m.start(), end)
    for m in _EACH.finditer(text):
        if not free(m.start(), m.end()):
            continue
        stated = m.group(2) or m.group(4)
        window = PERIOD_WORDS.get(stated.lower()) if stated else _length_before(found, text, m.start())
        if window is None and ":" in text[:m.start()] and not re.match(r"^[^:]*:\s*$", text[:m.start()]):
            window = Form.TURN  # made by an action's effects and naming no length: to the end of the turn (LD8)
        if window is None:
            continue  # a standing trait's "after each time ..." is its trigger, not an effect made for a while
        add(Term(Form.EACH_TIME, m.group(0).strip(), window, _alternatives(m.group(3))), m.start(), m.end())
    for m in _EACH_POINT.finditer(text):
        if free(m.start(), m.end()):
            window = _length_before(found, text, m.start()) or Form.TURN
            noun = re.sub(r"s$", "", m.group(2).strip())
            verb = m.group(3) if m.group(3).endswith("s") else m.group(3) + "s"
            add(Term(Form.EACH_TIME, m.group(0), window, (f"your {noun} {verb}",)), m.start(), m.end())
    for m in _NAMED_POINT.finditer(text):
        if free(m.start(), m.end()):
            add(Term(Form.DELAYED_POINT, m.group(0), point_window(m.group(0)), (m.group(2),)), m.start(), m.end())
    for m in _AFTER_IT_RESOLVES.finditer(text):
        # "Give the action's performer -3F after the action resolves": written after its effect, it waits for the
        # action under way (the one a Reaction or Interrupt answers) to resolve; opening a clause it is a trigger
        if free(m.start(), m.end()) and re.search(r"\w\)?\s+$", text[:m.start()]):
            add(Term(Form.DELAYED_POINT, m.group(0), Form.TURN, (m.group(1),)), m.start(), m.end())
    for m in re.finditer(r"(?:^|(?<=[.:] ))After it ends\b", text):
        # "Create an additional Attack Phase, ... After it ends, ...": a delayed effect at the granted period's end
        if free(m.start(), m.end()):
            add(Term(Form.DELAYED_POINT, m.group(0), Form.TURN, ("it ends",)), m.start(), m.end())
    for m in AFTER_LATER.finditer(text):
        if free(m.start(), m.end()) and re.search(r"\w\)?\s+$", text[:m.start()]):
            add(Term(Form.DELAYED_POINT, m.group(0), Form.TURN, (m.group(1),)), m.start(), m.end())
    when_paying = re.search(r"\bwhen (?:paying|you pay)\b[^,:;.]*", text, re.I)
    if when_paying and re.search(r"\b(?:reduce|increase)s?\b[^.]*\bcost\b|\bcosts? (?:\d+|X) (?:less|more)\b",
                                 text[when_paying.end():], re.I):
        # A Gold cost changed while paying it ("When paying for a Spell ..., reduce its Gold Cost"): that payment only.
        add(Term(Form.PAYING, when_paying.group(0)), when_paying.start(), when_paying.end())
    for m in _NEGATE_NEXT.finditer(text):
        if free(m.start(), m.end()):
            end = m.end()
            tail = text[end:end + 14].lower().lstrip(" (")
            window = Form.TURN
            if tail.startswith(("this battle", "this game")):
                window = Form.BATTLE if "battle" in tail[:12] else Form.GAME
            stated = re.match(r"\s*\(?this (?:turn|battle|game)\)?", text[end:])
            if stated:
                end += stated.end()
            add(Term(Form.NEXT_TIME, text[m.start():end], window, (m.group(1),)), m.start(), end)
    for m in _NEXT_NOUN.finditer(text):
        if free(m.start(), m.end()):
            tail = re.match(r"\s*\(?this (turn|battle|phase|game)\)?", text[m.end():])
            window = PERIOD_WORDS[tail.group(1).lower()] if tail else Form.TURN
            end = m.end() + (tail.end() if tail else 0)
            start, event = m.start(), m.group(1).strip()
            # "After the next resolution this turn of your action from another Strategy ...": an after-point of
            # that action's resolution (blind 42121 S3), not its when-point
            lead = re.search(r"\b(after|before)\s+$", text[max(0, m.start() - 8):m.start()], re.I)
            of = re.match(r"\s*of\s+(.+?)(?:\s+(with\b[^,.;:]*))?(?=[,.;:]|$)", text[end:]) \
                if lead and event.lower() == "resolution" else None
            qualifier = ""
            if of is not None and lead is not None and free(m.start() - len(lead.group(0)), end):
                start, event = m.start() - len(lead.group(0)), f"{of.group(1)} resolves"
                qualifier = of.group(2) or ""  # "with a base Focus Value equal to the number": checked or said
                end += of.end()  # its words run to the end of what it waits for (the effect follows the comma)
            elif lead is not None and free(m.start() - len(lead.group(0)), end):
                # "After the next action resolves, lose 1 Honor": the lead word is the delayed effect's point (the
                # after-point of that occurrence, L4), never its when-point (blind 46121 S19)
                start = m.start() - len(lead.group(0))
            add(Term(Form.NEXT_TIME, text[start:end].strip(), window, (event,), condition=qualifier), start, end)
    for form, pattern in _SIMPLE:
        for m in pattern.finditer(text):
            if not free(m.start(), m.end()):
                continue
            later = text[max(0, m.start() - 6):m.start()].lower() == "later "
            if (form in (Form.TURN, Form.BATTLE, Form.PHASE, Form.DUEL) or m.group(0).lower() == "this game") \
                    and not later and _in_condition(text, m.start()):
                continue
            window = point_window(m.group(0)) if form is Form.DELAYED_POINT else None
            add(Term(form, m.group(0).strip(), window), m.start(), m.end())
    reminders = [(r.start(), r.end()) for r in _REMINDER.finditer(text)]
    for m in _WHILE.finditer(text):
        if any(a <= m.start() < b for a, b in reminders):
            continue  # "(Tireless actions may be taken even while bowed.)": a keyword's reminder, not a condition
        if re.search(r"\beven\s*$", text[max(0, m.start() - 6):m.start()], re.I):
            continue  # "contributes Force even while bowed": what the effect allows, not a condition of it
        if free(m.start(), m.end()):
            # "while defending and, if ...": the condition ends before the next clause's "and"
            cut = re.search(r"\s+(?:and|or)(?:\s+(?:it|he|she|they|this|if)\b.*)?$", m.group(1), re.I)
            condition = m.group(1)[:cut.start()] if cut else m.group(1)
            words = m.group(0)[:len(m.group(0)) - len(m.group(1)) + len(condition)]
            add(Term(Form.WHILE, words.strip(), condition=condition.strip()), m.start(), m.start() + len(words))
    return tuple(sorted(found, key=lambda term: term.start))


def _length_before(found: list[Term], text: str, at: int) -> Form | None:
    """The stated length an "each time" effect lives in: an earlier "until ..." or "this game" of the same sentence
    ("Until the game ends, after each time ..."; "until your next turn begins, before each time ...")."""
    sentence_start = max(text.rfind(". ", 0, at), text.rfind(":", 0, at), 0)
    lengths = [t for t in found if sentence_start <= t.start < at and t.form in (
        Form.GAME, Form.TURN, Form.BATTLE, Form.PHASE, Form.DUEL, Form.NEXT_TURN, Form.LATER_TURN, Form.IN_PLAY,
        Form.UNTIL_POINT)]
    sentence = text[sentence_start:at]
    if not lengths and re.search(r"\bwhile\b", sentence, re.I):
        return Form.WHILE  # "While Kachiko remains bowed, after each time ...": as long as the condition holds
    if lengths:
        return lengths[-1].form
    if re.search(r"\bthis game\b", text[sentence_start:at], re.I):
        return Form.GAME
    return None
