"""Reading an L5R card's abilities: for each line its kind, its timing word and the occurrence it waits for.

Kinds follow how the Timing page orders things (L6) and how the glossary names abilities:
- an action (`Battle:`, `Open:`, `Limited:`, `Engage:`, with keywords such as Political or Water) is taken in the
  sequence of play, not in answer to a trigger;
- a Reaction or an Interrupt answers a trigger ("Reaction: After ..."), step F;
- a triggered trait ("After ..., ...", "Before ..., ...") fires by itself, step E;
- a delayed effect ("the next time ...", "during your next End Phase") waits for a later point, step D;
- a conditional continuous trait ("... while ...") switches at its condition's when-point, step B;
- an ongoing "can not" / "may not" effect negates occurrences, step A; other continuous traits modify them (A);
- gold production ("Bow: Produce 2 Gold") answers a payment at its when-point, in the payer's order (L7);
- a Focus Effect belongs to a duel's focus sequence.
A line matching none of these is `unread`, and the answer says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Card
from engine.rulesets.l5r.durations import Form, Term, read_terms
from engine.rulesets.l5r.text import Line, split_lines


class Kind(StrEnum):
    ACTION = "action"
    REACTION = "reaction"
    INTERRUPT = "interrupt"
    TRAIT = "trait"              # a triggered trait
    DELAYED = "delayed"
    CONDITIONAL = "conditional"
    NEGATE = "negate"
    CONTINUOUS = "continuous"    # an ongoing trait that modifies (step A) without negating
    GOLD = "gold"
    FOCUS = "focus"
    RULEBOOK = "rulebook"        # only from --item rulebook:TEXT
    ADDITIONAL = "additional"    # only from --item additional:TEXT
    UNREAD = "unread"


ACTION_WORDS = ("Battle", "Open", "Limited", "Engage", "Dynasty")
# The trigger runs to the first comma or colon: "After X enters play, all players lose 3 Honor".
_TIMING = re.compile(r"\b(before|after|when)\b\s+(.+?)(?=[,:;]|\.\s|\.$|$)", re.I)
_LABEL = re.compile(r"^(?:[A-Z][a-z]+(?: [A-Z][a-z]+)?):\s+(?=[A-Z])")
_NEGATING = re.compile(r"\b(?:can ?not|may not|will not|does not|do not|cannot|negate|is not|are not|doesn't|don't|"
                       r"won't|can't)(?!\w)", re.I)
_CONTINUOUS = re.compile(r"\b(?:has|have|gets?|gains?|loses?|is|are|may|counts? as|equips?|costs?|produces?|"
                         r"win tied|contributes?|"
                         r"ignores?|treat|reduce|[+-]\d+F|[+-]\d+C|[+-]\d+PH)\b", re.I)
_GOLD = re.compile(r"\bproduces?\s+(?:\d+|X|an additional|\+?\d)\s*(?:Gold|more Gold)?|\bproduce\b.*\bGold\b", re.I)
_FOCUS = re.compile(r"\bas a Focus Effect\b", re.I)
# Restrictions on how a card enters play or attaches: ongoing rules of the card, not triggered.
_RESTRICTION = re.compile(r"^(?:will only|can only|may only|must)\b|\battach(?:es)? to\b|\benters? play\b|"
                          r"^(?:Discipline|Invest|Dynasty|Uniqueness)\b|^(?:you must|your \w+ enter)", re.I)


@dataclass(frozen=True)
class Ability:
    """One ability line of a card, as read."""

    index: int                    # 1-based, as `CARD#2` counts
    text: str                     # the line as shown (reminders kept)
    kind: Kind
    header: str                   # bold designators, e.g. "Political Open, Bow"
    timing: str | None            # before / when / after
    occurrence: str               # what it waits for ("a Personality is destroyed"), "" if none
    would: bool                   # "... would ..." in the trigger (L2 at a before-point, L4 at a when-point)
    terms: tuple[Term, ...]       # duration words
    why: str                      # the words that decided the kind
    granted: str = ""             # a quoted ability this card grants: the granting words ("You have the ability")
    read_from: str = ""           # the words its durations were read from (a granting line without its quote)
    stops: str = ""               # a negation: what it forbids ("move home"), the occurrence it stops at step A
    condition: str = ""           # a negation or conditional trait: its "while ..." condition
    reminder: bool = False        # an ability in a keyword's reminder brackets ("(Repeatable Limited: ...)")
    rules_text: str = ""          # its words without italic reminder or flavour text (effects are read from these)

    @property
    def delayed_term(self) -> Term | None:
        return next(iter(self.delayed_terms), None)

    @property
    def delayed_terms(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.form in (Form.NEXT_TIME, Form.EACH_TIME, Form.DELAYED_POINT))

    def as_json(self) -> dict[str, object]:
        return {"index": self.index, "text": self.text, "kind": self.kind.value, "header": self.header,
                "timing": self.timing, "occurrence": self.occurrence or None, "would": self.would,
                "durations": [t.as_json() for t in self.terms], "why": self.why, "granted": self.granted or None,
                "stops": self.stops or None, "condition": self.condition or None, "reminder": self.reminder}


_VERB = re.compile(r"\b(?:is|are|was|were|would|will|has|have|(?-i:[a-z]\w*s))\b(?<!\bthis)(?<!\bits)(?<!\bhis)")
_CONTINUES = re.compile(r"(?:is|are|would|will|has|have)\b")


def read_trigger(body: str) -> tuple[str | None, str, bool]:
    """The first timing word of a trigger and the occurrence after it ("after a Personality is destroyed")."""
    match = _TIMING.search(body)
    if not match:
        return None, "", False
    occurrence = match.group(2).strip().rstrip(",.")
    rest = body[match.end():]
    # A comma inside the trigger ("Before another, non-Spider Clan player loses Honor", "Before this Shugenja, or any
    # Personality if this Shugenja is Air, is destroyed by a Battle action"): the trigger goes on until it has its
    # verb and the next part does not continue it.
    for _ in range(3):
        more = re.match(r",\s*([^,:;.]+)", rest)
        if more is None or not (_CONTINUES.match(more.group(1)) or (
                not _VERB.search(occurrence) and re.match(r"(?:or|and|non-|(?-i:[A-Z]))", more.group(1)))
                or (re.search(r"\btime$|\bin play$", occurrence) and re.match(r"(?:while|that|another|an?|the|your)\b",
                                                                         more.group(1)))):
            break
        occurrence, rest = f"{occurrence}, {more.group(1).strip()}", rest[more.end():]
    would = bool(re.search(r"\bwould\b", occurrence, re.I))
    return match.group(1).lower(), occurrence, would


def _header_kind(header: str, body: str) -> tuple[Kind, str]:
    words = set(re.split(r"[\s,/]+", header))
    if "Reaction" in words:
        return Kind.REACTION, f"“{header}:” marks a Reaction"
    if "Interrupt" in words:
        return Kind.INTERRUPT, f"“{header}:” marks an Interrupt"
    if words & set(ACTION_WORDS):
        return Kind.ACTION, f"“{header}:” marks an action taken in the sequence of play"
    if _GOLD.search(body):
        return Kind.GOLD, f"“{header}: {body[:30]}” produces Gold"
    if "Invest" in words:
        return Kind.CONTINUOUS, f"“{header}” adds an optional cost when the card enters play"
    if words <= {"Bow", "Gold", "X"} | {w for w in words if w.isdigit()}:
        return Kind.ACTION, f"“{header}:” is an ability used by paying its cost"
    return Kind.UNREAD, f"the header “{header}:” is not one this reader knows"


# A trigger written after its effect, on a trait: "Destroy this Spell after it straightens unless this Shugenja is
# Air." (an imperative effect, then "after|before OCCURRENCE", then an optional condition).
_TRAILING_TRIGGER = re.compile(
    r"^(?:Destroy|Discard|Bow|Straighten|Remove|Return|Gain|Lose|Draw|Move|Dishonor|Rehonor|Give|Put|Create|"
    r"Attach|Search|Shuffle|Take|Send|Honor)\b[^.:;]*?\s(after|before)\s+([^.:;]+?)"
    r"(?:\s+(?:unless|if|only if)\b[^.]*)?\.?$")


def _own_trigger(term: Term, body: str) -> bool:
    """A named point the ability's own trigger names ("After the battle ends, ..." opening a trait or Reaction) is
    when the ability fires, not a delayed effect it makes. A Focus Effect has no trigger: its "after this duel ends"
    is a delayed effect it makes as it resolves in the focus sequence."""
    if _FOCUS.match(body):
        return False
    return term.form is Form.DELAYED_POINT and term.window is not None and "next" not in term.words.lower() \
        and body.lower().find(
        term.words.lower()) in range(0, 40) and bool(re.match(r"^(?:[^.:]*?,\s*)?(?:before|after|when)\b", body,
                                                               re.I))


def own_first_time(term: Term, body: str) -> bool:
    """"Before the first time this game another player's card destroys this Follower, ..." opening a trait or a
    Reaction: its own trigger, limited to that occurrence (L11), not a delayed effect it makes (the words still say
    how long it waits to fire, for the duration question)."""
    return term.form is Form.NEXT_TIME and bool(re.match(r"(?:before|after|when)\s+the\s+(?:first|second|third)\s+"
                                                         r"time\b", term.words, re.I)) \
        and body.lower().find(term.words.lower()) in (0, 1)


def read_line(index: int, line: Line) -> Ability:
    body = _LABEL.sub("", line.body)
    terms = read_terms(line.scan or line.full)
    timing, occurrence, would = read_trigger(body)
    if not line.header or re.search(r"\b(?:Reaction|Interrupt)\b", line.header):
        terms = tuple(t for t in terms if not _own_trigger(t, body))
    trailing = _TRAILING_TRIGGER.match(body) if not line.header else None
    if trailing is not None:
        # On a trait, "Destroy this card after the battle ends" names the trait's own trigger, not a delay.
        trigger = f"{trailing.group(1)} {trailing.group(2)}".lower()
        terms = tuple(t for t in terms if not (t.form is Form.DELAYED_POINT and trigger.startswith(t.words.lower())))
    own_trigger = not line.header or bool(re.search(r"\b(?:Reaction|Interrupt)\b", line.header))
    delayed = next((t for t in terms if t.form in (Form.NEXT_TIME, Form.EACH_TIME, Form.DELAYED_POINT)
                    and not (own_trigger and own_first_time(t, body))), None)
    if timing is not None and occurrence:
        # "After the first time, while this card is in play, ...": a "while" inside the trigger limits the trigger;
        # it is no condition switching the effect (the trigger's conditions are read in conditions.py)
        terms = tuple(t for t in terms if not (t.form is Form.WHILE and t.words.lower() in occurrence.lower()))
    if line.header.startswith("Invest") or _INVEST.match(line.body):
        # "Invest 2 Gold: ...": a trait triggered after this card enters play, whose player may pay the Invest cost
        # for the effect, once (the keyword's reminder, printed or not)
        kind, why = Kind.TRAIT, "“Invest” is a trait: after this card enters play, its player may pay the cost for it"
        timing, occurrence, would = "after", "this card enters play", False
    elif line.header:
        kind, why = _header_kind(line.header, body)
        if kind not in (Kind.REACTION, Kind.INTERRUPT):
            timing, occurrence, would = None, "", False
    elif trailing is not None and delayed is None:
        # The Timing page's triggered traits are timed "before" or "after" an occurrence wherever the words stand.
        kind, why = Kind.TRAIT, f"“{trailing.group(1)} {trailing.group(2)}” after its effect triggers it by itself"
        timing, occurrence, would = trailing.group(1).lower(), trailing.group(2).strip(), False
    elif _FOCUS.search(body):
        kind, why = Kind.FOCUS, "“as a Focus Effect”"
    elif delayed is not None and (delayed.form is not Form.NEXT_TIME or re.search(r"\bnext\b", delayed.words, re.I)) \
            and (timing is None or body.lower().find(delayed.words.lower()[:12]) <= 12):
        kind, why = Kind.DELAYED, f"“{delayed.words}” waits for a later point"
        timing, occurrence, would = _delayed_trigger(delayed)
    elif _COST_RULE.match(body):
        # "When Recruiting a Personality, if ..., he costs 2 more Gold to Recruit": a standing rule of the card that
        # changes every such payment (step A: it modifies the occurrence), not a one-time trait
        kind, why = Kind.CONTINUOUS, f"“{_COST_RULE.match(body).group(0)[:60]}” is a standing cost rule of the card"  # type: ignore[union-attr]
        timing, occurrence, would = None, "", False
    elif timing is not None and re.search(r"\b(?:before|after|when)\s+(?:\(?each time\)?)\s", body, re.I):
        # "Players discard a card after each time one of their own actions moves a Personality home": a trait
        # triggered every time, wherever its trigger stands.
        kind, why = Kind.TRAIT, f"“{timing} {occurrence[:50]}” triggers it each time"
    elif timing is not None and re.match(r"^(?:once per \w+, |if [^,]+, )?(?:before|after|when)\b", body, re.I):
        kind, why = Kind.TRAIT, f"“{body.split(',')[0][:60]}” triggers by itself"
    elif (negation := conditional_negation(body)) is not None:
        # "X will not / may not ... while Y": an ongoing negation of that occurrence (step A), while Y holds
        kind, why = Kind.NEGATE, f"“{negation}” negates an occurrence while its condition holds"
        timing, occurrence, would = None, "", False
    elif re.search(r"\bwhile\b", body, re.I):
        kind, why = Kind.CONDITIONAL, "“while ...” makes it a conditional continuous trait"
        timing, occurrence, would = None, "", False
    elif _GOLD.search(body) and "Gold" in body:
        kind, why = Kind.GOLD, "it produces Gold"
        timing, occurrence, would = None, "", False
    elif _RESTRICTION.search(body):
        kind, why = Kind.CONTINUOUS, f"“{_RESTRICTION.search(body).group(0).strip()}” is a standing rule of the card"  # type: ignore[union-attr]
        timing, occurrence, would = None, "", False
    elif _NEGATING.search(body):
        kind, why = Kind.NEGATE, f"“{_NEGATING.search(body).group(0)}” negates an occurrence"  # type: ignore[union-attr]
        timing, occurrence, would = None, "", False
    elif _CONTINUOUS.search(body):
        kind, why = Kind.CONTINUOUS, f"“{_CONTINUOUS.search(body).group(0)}” states an ongoing trait"  # type: ignore[union-attr]
        timing, occurrence, would = None, "", False
    else:
        kind, why = Kind.UNREAD, "no designator, trigger or ongoing wording this reader knows"
        timing, occurrence, would = None, "", False
    label = _LABEL_CONDITION.search(line.full)
    if label and kind in (Kind.CONTINUOUS, Kind.NEGATE) and re.match(rf"^{label.group(1)}\b", line.body):
        # "Compassion: ... (Compassion takes effect while you have fewer Provinces than anyone else.)": a conditional
        # continuous trait, switching at its condition's when-point (step B)
        kind, why = Kind.CONDITIONAL, f"“{label.group(0).strip('()')}” makes it a conditional continuous trait"
        terms = (*terms, Term(Form.WHILE, f"while {label.group(2)}", condition=label.group(2))) if not any(
            t.form is Form.WHILE for t in terms) else terms
    if line.granted:
        why = f"granted by “{line.granted}”: " + why
    if line.reminder:
        why = "in a keyword's reminder brackets: " + why
    if_term = if_condition(body) if kind in (Kind.CONTINUOUS, Kind.NEGATE, Kind.CONDITIONAL) and not line.header \
        and timing is None and not any(t.form in (Form.WHILE, Form.PAYING) for t in terms) else None
    if if_term is not None:
        # "Ranged Attacks targeting Fujigawa have -1 strength if another player is Mantis Clan": a conditional
        # continuous trait, working only while its condition holds (the Timing page, "when" case 3)
        terms = (*terms, if_term)
    stops = forbidden(body) if kind is Kind.NEGATE else ""
    condition = next((t.condition for t in terms if t.form is Form.WHILE), "") if kind in (
        Kind.NEGATE, Kind.CONDITIONAL) or if_term is not None else ""
    rules_text = f"{line.header}: {line.body}" if line.header else line.body
    return Ability(index, line.full, kind, line.header, timing, occurrence, would, terms, why, line.granted,
                   line.scan or line.full, stops, condition, line.reminder, rules_text)


# "... if another player is Mantis Clan", "If this Shugenja is Fire, ...": a condition of a continuous trait (not
# "even if", "as if", "if able", nor a reminder's "if it would be opposed" about how an action may be taken).
_IF_CONDITION = re.compile(r"(?<!\beven )(?<!\bas )\b(?:only )?(?-i:[Ii])f\s+(?!able\b|possible\b)([^,.;:()]+)")


def if_condition(body: str) -> Term | None:
    """The "if ..." condition a continuous trait works under, as a "while" term (its condition), or None."""
    found = _IF_CONDITION.search(body)
    if found is None or re.match(r"\s*(?:he|she|it|they) would be opposed\b", found.group(1)):
        return None
    return Term(Form.WHILE, found.group(0).strip(), condition=found.group(1).strip(), start=found.start())


_FORBIDS = re.compile(r"\b(?:can ?not|cannot|may not|will not|does not|do not|doesn't|don't|won't|can't)\s+"
                      r"([^.;:]+?)(?=\s+while\b|[.;:]|$)", re.I)


# "negate his destruction / her bowing / the target's straightening": an occurrence named by its noun, and the verb
# the occurrence is said with ("before he is destroyed", "after she bows").
_NEGATED = re.compile(r"\bnegate\s+(?:(?:all|any)\s+)?(?:\(?current and new\)?\s+)?(?:the\s+)?"
                      r"(?:(?:his|her|its|their|[\w' ]+?'s?)\s+)?(destruction|bowing|straightening|movement|moving|"
                      r"dishonoring|discarding)\b([^.;]*?)(?=\s+while\b|,?\s+and\b|[.;]|$)", re.I)
_NOUN_VERB = {"destruction": "be destroyed", "bowing": "bow", "straightening": "straighten", "movement": "move",
              "moving": "move", "dishonoring": "be dishonored", "discarding": "be discarded"}


def forbidden(body: str) -> str:
    """What an ongoing negation forbids ("move to or from this battlefield", "be destroyed from other players' cards'
    effects"), each clause joined by " / "."""
    found = [m.group(1).strip() for m in _FORBIDS.finditer(body)]
    for m in _NEGATED.finditer(body):
        verb, tail = _NOUN_VERB[m.group(1).lower()], m.group(2).rstrip(" ,")
        # "the straightening of any cards in the enemy unit" -> "straighten (any cards in the enemy unit)"
        found.append(f"{verb} ({tail.strip()[3:]})" if tail.strip().startswith("of ") else f"{verb}{tail}")
    return " / ".join(found)


# A length stated for the negation (not a trigger's limit: "the first time this game ...").
_STATED_LENGTH = re.compile(r"\bwhile\b|(?<!time )\b(?:this|that) (?:turn|battle|phase|game)\b|\buntil\b|"
                            r"\bpermanently\b|\bfor the rest of\b", re.I)


def lasting_negation(body: str) -> str:
    """What an effect forbids for a stated length or while a condition holds ("he will not move, to battlefields this
    turn", "While X, negate his straightening"), sentence by sentence; "" when nothing is forbidden for a while."""
    found = [forbidden(sentence) for sentence in re.split(r"(?<=\.)\s+", body)
             if _STATED_LENGTH.search(sentence) and (_FORBIDS.search(sentence) or _NEGATED.search(sentence))]
    return " / ".join(f for f in found if f)


def negated_verbs(stops: str) -> str:
    """The verbs an ongoing negation forbids: each clause's first verb and the verb after a further "will not" /
    "may not" ("assign him, and he will not move, to battlefields" -> "assign move"; "be destroyed" -> "destroyed")."""
    verbs: list[str] = []
    for part in stops.split(" / "):
        words = re.findall(r"[A-Za-z]+", part)
        if words:
            verbs.append(words[1] if words[0].lower() == "be" and len(words) > 1 else words[0])
    verbs += re.findall(r"\b(?:can ?not|cannot|may not|will not|does not|do not)\s+(?:be\s+)?(\w+)", stops, re.I)
    return " ".join(verbs)


def conditional_negation(body: str) -> str | None:
    """The forbidding words of a sentence that negates something while a condition holds ("Battle resolution will
    not destroy cards in this unit while defending", "While Korimi is defending, negate her bowing"), or None."""
    for sentence in re.split(r"(?<=\.)\s+", body):
        if re.search(r"\bwhile\b", sentence, re.I):
            found = re.search(r"\b(?:can ?not|cannot|may not|will not|does not|do not)\b", sentence, re.I) \
                or _NEGATED.search(sentence)
            if found:
                return found.group(0)
    return None


def _delayed_trigger(term: Term) -> tuple[str | None, str, bool]:
    """A delayed effect's timing: its own before/after, else the when-point (L4 case 4)."""
    word = term.words.split()[0].lower() if term.words else ""
    timing = word if word in ("before", "after", "when") else "when"
    occurrence = " or ".join(term.events) if term.events else term.words
    return timing, occurrence, False


_LABEL_CONDITION = re.compile(r"\(((?-i:[A-Z])\w+) takes effect while ([^).]*)[.)]")
_INVEST = re.compile(r"^Invest\s+(?:\d+|X)\s+Gold\b[^:]{0,80}:", re.I)
# A standing cost rule opening with the payment it changes ("When Recruiting Dragons, you may Proclaim them ...",
# "When Recruiting a Personality, if ..., he costs 2 more Gold to Recruit").
_COST_RULE = re.compile(r"^When (?:Recruiting|Equipping|paying for|you Recruit|you Equip)\b[^.]*?\b(?:costs? \d+ "
                        r"(?:more|less)|enters? play for|pay(?:ing)? \d+ (?:more|less)|ignor|may|instead)", re.I)
_TRAIT_SENTENCE = re.compile(r"(?<=\.)\s+(?=(?:After|Before|When)\b)")


def _sentences(line: Line) -> list[Line]:
    """A line without designators holding a second, triggered sentence ("Can only attach to X. After you Equip
    this Item, gain 2 Honor.") is two abilities: a standing rule and a triggered trait."""
    if line.header or line.body != line.full:
        return [line]
    parts = [p.strip() for p in _TRAIT_SENTENCE.split(line.body) if p.strip()]
    # A sentence whose pronoun can only mean something the sentence before named ("... create a ... Personality
    # ... After the duel ends, remove him from the game") belongs to the same trait (a delayed effect it makes).
    joined: list[str] = []
    for part in parts:
        effect = part.split(",", 1)[1] if "," in part else ""
        trigger = part.split(",", 1)[0]
        if joined and re.search(r"\b(?:him|her|them)\b", effect) and not re.search(
                r"\s(?-i:[A-Z])\w+|\b(?:he|she|they|it)\b", trigger):
            joined[-1] = f"{joined[-1]} {part}"
        elif joined and joined[-1].startswith("As a Focus Effect") and re.search(r"\bthis duel\b", trigger):
            # "As a Focus Effect: ... After this duel ends, ...": the Focus Effect's own delayed effect
            joined[-1] = f"{joined[-1]} {part}"
        else:
            joined.append(part)
    return [Line("", part, part) for part in joined]


def read_text(text: str) -> tuple[Ability, ...]:
    lines = [part for line in split_lines(text) for part in _sentences(line) if re.search(r"[A-Za-z]", part.full)]
    return tuple(read_line(i, line) for i, line in enumerate(lines, start=1))


def read_card(card: Card) -> tuple[Ability, ...]:
    """An imported card keeps the Oracle's HTML (its bold designators) in extra["html"]; the starter set is plain."""
    return read_text(card.extra.get("html") or card.text)
