"""Duration words in an ability's text: which length the card states, and the words that state it.

Each form has the event that ends it (the vocabulary of `arbiter l5r duration --then`) and the rule that says so.
"this turn" / "this battle" inside a condition ("if he has moved this battle", "once per turn") is card memory,
not a length (rules.l5r.com/Effects, Definition of effects: card memory is not an effect), and is skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
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


RULE_OF = {Form.EACH_TIME: "L6", Form.TURN: "LD7", Form.BATTLE: "LD7", Form.PHASE: "LD7", Form.NEXT_TURN: "LD7",
           Form.GAME: "LD2",
           Form.PAYING: "LD1", Form.WHILE: "L4", Form.NEXT_TIME: "LD3", Form.DELAYED_POINT: "LD4",
           Form.DELAY: "LD4", Form.ADDITIONAL: "LD5"}


@dataclass(frozen=True)
class Term:
    form: Form
    words: str                    # the card's words that state it
    window: Form | None = None    # next-time: how long it waits (turn by default, LD3)
    events: tuple[str, ...] = ()  # next-time: the occurrences it waits for, split on "or" (L11)
    condition: str = ""           # while: the condition

    @property
    def rule(self) -> str:
        return RULE_OF[self.form]

    def as_json(self) -> dict[str, object]:
        return {"form": self.form.value, "words": self.words, "rule": self.rule,
                "window": self.window.value if self.window else None, "events": list(self.events),
                "condition": self.condition or None}


_CLAUSE_END = re.compile(r"[.;:]|, (?=[a-z])")
_MEMORY = re.compile(r"^(?:if|unless|once|twice|only|each|who|that|which)\b|\b(?:has|have|had|was|were|been|"
                     r"resolved|used|took|taken|already)\b", re.I)

_NEXT = re.compile(r"\b(?:(before|after|when)\s+)?the\s+(next|first)\s+time\s+"
                   r"(?:\(?(?:each|this)\s+(turn|battle|game|phase)\)?\s+)?"
                   r"(.+?)(?=[,:.;(]|\bthis (?:turn|battle|game)\b|$)", re.I)
# The rest of an "or" list of awaited events after the first one: ", targets him, or resolves an action ...".
_OR_LIST = re.compile(r"((?:,\s*(?!or\b)[a-z][^,.;:()]*?){0,3}),?\s+or\s+([a-z][^,.;:()]*)")
# A delayed effect at a named point of the turn ("Before this battle resolves, double his Force"; "Destroy him after
# the battle ends"): it waits for that point (the Timing page's delayed effects, L1 exception).
_NAMED_POINT = re.compile(r"(?<!until )\b(before|after|when)\s+((?:the|this)\s+(battle|turn|phase|[A-Z]\w+ Phase)\s+"
                          r"(?:resolves|ends|begins|starts))\b", re.I)
_EACH = re.compile(r"\b(?:(before|after|when)\s+)?each\s+time\s+this\s+(turn|battle|game|phase)\s+(.+?)(?=[,:.;(]|$)",
                   re.I)
# "until the game ends, before each of your Action Phases begins, ...": an indefinite conditional effect at every
# such point (L6 D), for its stated length (the game when it says so, else the turn).
_EACH_POINT = re.compile(r"\b(before|after|when)\s+each\s+(?:of\s+(?:your|the)\s+)?((?:[A-Z]\w+\s+)?(?:Phase|turn|"
                         r"battle)s?)\s+(begins?|ends?|resolves?)\b", re.I)
_NEGATE_NEXT = re.compile(r"\b(?:negate|ignore|prevent)\s+(?:its|his|her|their|the)\s+next\s+(\w+)", re.I)
_SIMPLE: tuple[tuple[Form, re.Pattern[str]], ...] = (
    # "paying 2 less Gold" changes the cost; "paying all costs" / "paying its 3 Gold Cost" pays it as it is (LD1).
    (Form.PAYING, re.compile(r"(?<!when )(?<!while )\bpaying\s+(?:\d+|X|one|two|three|four|five|an?)\s+"
                             r"(?:less|more|fewer|additional)\b[^.,;:]*", re.I)),
    (Form.DELAYED_POINT, re.compile(r"\b(?:during|at the (?:start|beginning|end) of) (?:your|the|his|her) next "
                                    r"(?:[A-Z]\w+ )?(?:Phase|turn)\b|\b(?:at|before) the end of (?:the|this) turn\b",
                                    re.I)),
    (Form.DELAY, re.compile(r"\bdelay (?:the|its|his|her|their|this)\b[^.;]*", re.I)),
    (Form.GAME, re.compile(r"\bpermanent(?:ly)?\b|\b(?:for the )?(?:rest|remainder) of the game\b|\bthis game\b",
                           re.I)),
    (Form.NEXT_TURN, re.compile(r"\buntil (?:the (?:start|beginning) of )?(?:your|his|her|their|its controller's) "
                                r"next turn(?: begins)?", re.I)),
    (Form.TURN, re.compile(r"\buntil (?:the )?end of (?:the |this )?turn\b|\buntil the turn ends\b|\bthis turn\b|"
                           r"\bfor the rest of the turn\b", re.I)),
    (Form.BATTLE, re.compile(r"\buntil (?:the )?end of (?:the |this )?battle\b|\buntil the battle ends\b|"
                             r"\bthis battle\b|\bfor the rest of the battle\b", re.I)),
    (Form.PHASE, re.compile(r"\buntil (?:the )?end of (?:the |this )?phase\b|\bthis phase\b", re.I)),
    (Form.ADDITIONAL, re.compile(r"\b(?:an? )?additional (?:[A-Z]\w+ )?(?:phase|segment|battle|attack)\b|"
                                 r"\bfight a battle\b", re.I)),
)
_WHILE = re.compile(r"\bwhile\s+(.+?)(?=[,.;:]|$)", re.I)


def _in_condition(text: str, start: int) -> bool:
    """The words at `start` belong to a condition or a count ("if he moved this battle", "once per turn")."""
    clause_start = 0
    for m in _CLAUSE_END.finditer(text, 0, start):
        clause_start = m.end()
    clause = text[clause_start:start].strip()
    before = text[max(0, start - 9):start].lower()
    return bool(_MEMORY.search(clause)) or before.endswith(("per ", "each ", "once "))


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


def _point_window(words: str) -> Form:
    """Which period's end a named point lies at or before: a battle, a phase, the turn, or your next turn."""
    lower = words.lower()
    if "next turn" in lower:
        return Form.NEXT_TURN
    if "battle" in lower:
        return Form.BATTLE
    if re.search(r"\bphase\b", lower) and "next" not in lower and "end phase" not in lower:
        return Form.PHASE
    return Form.TURN


def read_terms(text: str) -> tuple[Term, ...]:
    """Every duration term of one ability's text, in the order they appear (card memory skipped)."""
    found: list[tuple[int, Term]] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= x or a >= y for x, y in taken)

    for m in _NEXT.finditer(text):
        if m.group(2).lower() == "first" and re.search(r"\beach\s+$", text[:m.start(3) if m.group(3) else m.end(2)]
                                                          + " "):
            continue  # "the first time each turn ...": a standing trait's once-per limit, not a waiting effect
        window = m.group(3)
        tail = text[m.end():m.end() + 14].lower().lstrip(" (")
        if window is None and tail.startswith("this "):
            window = tail.split()[1].strip(".,;:)")
        windows = {"turn": Form.TURN, "battle": Form.BATTLE, "game": Form.GAME, "phase": Form.PHASE}
        form_window = windows.get((window or "").lower(), Form.TURN)
        stated = re.match(r"\s*\(?this (?:turn|battle|game|phase)\)?", text[m.end():])
        end = m.end() + (stated.end() if stated and m.group(3) is None else 0)
        more, list_end = _or_rest(text, m.end())
        events = _share_subject([*_alternatives(m.group(4)), *more]) if more else _alternatives(m.group(4))
        end = max(end, list_end)
        found.append((m.start(), Term(Form.NEXT_TIME, text[m.start():end].strip(" ,(").strip(), form_window,
                                      events)))
        taken.append((m.start(), end))
    for m in _EACH.finditer(text):
        # Only with a stated length: a standing trait's "each time" is a trigger, not an effect made for a while.
        window = {"turn": Form.TURN, "battle": Form.BATTLE, "game": Form.GAME, "phase": Form.PHASE}[
            m.group(2).lower()]
        found.append((m.start(), Term(Form.EACH_TIME, m.group(0).strip(), window, _alternatives(m.group(3)))))
        taken.append((m.start(), m.end()))
    for m in _EACH_POINT.finditer(text):
        if free(m.start(), m.end()):
            window = Form.GAME if re.search(r"\buntil the game ends\b|\bthis game\b", text, re.I) else Form.TURN
            noun = re.sub(r"s$", "", m.group(2).strip())
            verb = m.group(3) if m.group(3).endswith("s") else m.group(3) + "s"
            found.append((m.start(), Term(Form.EACH_TIME, m.group(0), window, (f"your {noun} {verb}",))))
            taken.append((m.start(), m.end()))
    for m in _NAMED_POINT.finditer(text):
        if free(m.start(), m.end()):
            found.append((m.start(), Term(Form.DELAYED_POINT, m.group(0), _point_window(m.group(0)), (m.group(2),))))
            taken.append((m.start(), m.end()))
    when_paying = re.search(r"\bwhen (?:paying|you pay)\b[^,:;.]*", text, re.I)
    if when_paying and re.search(r"\b(?:reduce|increase)s?\b[^.]*\bcost\b|\bcosts? (?:\d+|X) (?:less|more)\b",
                                 text[when_paying.end():], re.I):
        # A Gold cost changed while paying it ("When paying for a Spell ..., reduce its Gold Cost"): that payment only.
        found.append((when_paying.start(), Term(Form.PAYING, when_paying.group(0))))
        taken.append((when_paying.start(), when_paying.end()))
    for m in _NEGATE_NEXT.finditer(text):
        if free(m.start(), m.end()):
            end = m.end()
            tail = text[end:end + 14].lower().lstrip(" (")
            window = Form.TURN
            if tail.startswith(("this battle", "this game")):
                window = Form.BATTLE if "battle" in tail[:12] else Form.GAME
            found.append((m.start(), Term(Form.NEXT_TIME, m.group(0), window, (m.group(1),))))
            taken.append((m.start(), end + 12 if tail.startswith("this ") else end))
    for form, pattern in _SIMPLE:
        for m in pattern.finditer(text):
            if not free(m.start(), m.end()):
                continue
            if (form in (Form.TURN, Form.BATTLE, Form.PHASE) or m.group(0).lower() == "this game") \
                    and _in_condition(text, m.start()):
                continue
            window = _point_window(m.group(0)) if form is Form.DELAYED_POINT else None
            found.append((m.start(), Term(form, m.group(0).strip(), window)))
            taken.append((m.start(), m.end()))
    for m in _WHILE.finditer(text):
        if free(m.start(), m.end()):
            found.append((m.start(), Term(Form.WHILE, m.group(0).strip(), condition=m.group(1).strip())))
            taken.append((m.start(), m.end()))
    return tuple(term for _, term in sorted(found, key=lambda pair: pair[0]))
