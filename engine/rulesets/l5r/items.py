"""The things an order question lists: `--item CARD`, `CARD#2`, or `KIND:TEXT`, each optionally `@you`/`@opponent`.

A card item takes its ability from the card's text (the first ability that answers a moment, or the one
numbered with `#N`); a moderator's annotation of that ability's kind or timing wins over the text and is
reported. A KIND:TEXT item is read from its own words where it has a timing word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from engine.cards import Card
from engine.interface import Lookup, QuestionError
from engine.matching import is_card_value
from engine.rulesets.l5r.abilities import (
    Ability,
    Kind,
    lasting_negation,
    negated_verbs,
    own_first_time,
    read_card,
    read_text,
    read_trigger,
)
from engine.rulesets.l5r.durations import Form, Term
from engine.rulesets.l5r.moment import Moment, stems
from engine.rulesets.l5r.parts import standing_tail
from engine.trace import Interpretation

ITEM_KINDS = {
    "negate": Kind.NEGATE, "conditional": Kind.CONDITIONAL, "rulebook": Kind.RULEBOOK, "delayed": Kind.DELAYED,
    "trait": Kind.TRAIT, "reaction": Kind.REACTION, "gold": Kind.GOLD, "additional": Kind.ADDITIONAL,
}
CONTROLLERS = ("you", "opponent")
# Abilities that answer a moment, in the order a card item prefers them when no #N is given.
RESPONDING = (Kind.DELAYED, Kind.TRAIT, Kind.REACTION, Kind.INTERRUPT, Kind.CONDITIONAL, Kind.NEGATE, Kind.GOLD,
              Kind.CONTINUOUS, Kind.ADDITIONAL)


@dataclass(frozen=True)
class Item:
    spec: str                     # as typed
    label: str                    # how the answer names it
    kind: Kind
    text: str
    card: Card | None
    ability: Ability | None
    source: str                   # delayed effects: where they came from (grouping in step D)
    controller: str               # you / opponent
    timing: str | None
    occurrence: str
    time_point: bool              # L5: an indefinite-plural time point, fires without the occurrence
    effects: tuple[str, ...]      # the effects in written order (LD6)
    notes: tuple[Interpretation, ...] = field(default=())
    qualifier: str = ""           # a delayed effect's words narrowing what it waits for ("with a base Focus Value ...")


# "Produce 2 Gold", "Produce Gold equal to its Focus Value", "The Holding produces one additional Gold".
_MAKES_GOLD = re.compile(r"\bproduces?\b[^.:;]*?\bGold\b", re.I)
_CONTROLLER = re.compile(r"@(you|opponent|me|them|opp)\s*$", re.I)
_CARD_INDEX = re.compile(r"#(\d+)\s*$")
_TIME_POINT = re.compile(r"^(?!(?:a|an|one|the|your|his|her|their|its|this|that|each|another|any|two|three)\b)"
                         r"(?:[A-Z]\w* )*[A-Za-z]+s\s+(?:engage|resolve|begin|end|are|have|"
                         r"(?!(?:a|an|the|his|her|its|their|your|this|that|one|to)\b)[a-z]\w*)\b")


_NEXT_EFFECT = (r"(?=(?:dishonor|lose|gain|bow|destroy|discard|draw|give|move|straighten|remove|return)\b|"
                r"(?:his|her|their|its|the|you|he|she|they)(?: \w+){0,2} (?:loses|gains|draws|discards|bows|takes|"
                r"destroys|moves|may|must|lose|gain|draw)\b)")


def split_effects(text: str) -> tuple[str, ...]:
    """The effect part of an ability ("...: dishonor him and his controller loses 2 Honor") in written order: after
    the designators and the constraints block (L5R writes "Designator: constraints: effects"), or after a trait's
    trigger."""
    body = text.split(":", 1)[1] if ":" in text and not text.lower().startswith(("delayed", "the next")) else text
    if ":" in body:
        body = body.split(":", 1)[1]  # the constraints block (a trigger, targets, conditions) ends at its colon
    elif re.match(r"^\s*(?:after|before|when)\b", body, re.I) and "," in body:
        body = body.split(",", 1)[1]
    body = re.sub(r"\([^)]*\)", "", body)
    body = re.sub(r"^\s*(?:only\s+)?once per \w+,?\s*", "", body, flags=re.I)  # a use limit, no effect
    parts = re.split(r"\s*(?:\.\s+|;\s*|,?\s+and\s+" + _NEXT_EFFECT + ")", body.strip().rstrip("."))
    return tuple(p.strip().rstrip(".") for p in parts if p.strip() and not is_flavour(p))


# Words of the game's rules; a sentence inside an ability with none of them (and no number) is colour text
# ("Meditation begets readiness.", "He plunders enough wealth to retire."), never an effect.
_GAME_WORD = re.compile(
    r"\d|\b(?:target|honou?r|gold|bow|straighten|destroy|discard|card|personalit|follower|item|spell|holding|"
    r"province|stronghold|sensei|region|ring|strateg|event|terrain|gain|lose|los|draw|move|attach|equip|force|chi|"
    r"negate|dishonor|rehonor|play|hand|deck|battle|action|phase|turn|duel|army|armies|unit|token|keyword|abilit|"
    r"trait|create|put|give|take|search|show|reveal|produce|pay|cost|may|must|can|cannot|not|player|control|"
    r"attack|defend|assign|challenge|focus|recruit|proclaim|lobby|favor|shugenja|courtier|samurai|clan|effect|"
    r"bonus|penalty|straightening|copy|title|named?|choose|instead|each|all|no|any|once|twice|"
    r"bring|return|remove|send|shuffle|look|win|tie|loser|winner|kill|die|dead|switch|location|has|have|commit|transfer|"
    r"seppuku|cast)",
    re.I)


def is_flavour(sentence: str) -> bool:
    return not _GAME_WORD.search(sentence)


def delayed_effects(text: str, term: Term) -> tuple[str, ...]:
    """The effects a delayed term of an ability applies: the clause after it ("After the next time ..., dishonor
    him"), or the one it closes ("Remove the Illusion ... after the next time this Spell straightens")."""
    at = text.lower().find(term.words.lower())
    if at < 0:
        return split_effects(text)
    after = text[at + len(term.words):].lstrip(" )")
    if after.startswith(","):
        clause = re.split(r"\.(?:\s|$)", after[1:], maxsplit=1)[0]
    else:
        start = max(text.rfind(". ", 0, at) + 1, text.rfind(":", 0, at) + 1, 0)
        clause = text[start:at]
    clause = re.sub(r"\([^)]*\)", "", clause).strip(" ,.")
    parts = re.split(r"\s*(?:;\s*|,?\s+and\s+" + _NEXT_EFFECT + r"|,\s*then\s+)", clause)
    return tuple(p.strip().rstrip(".") for p in parts if p.strip()) or split_effects(text)


def is_time_point(occurrence: str) -> bool:
    """L5: "armies engage", "Focus Effects resolve" name a time point; "one or more armies engage" an occurrence."""
    return bool(_TIME_POINT.match(occurrence.strip()))


def no_text(card: Card, lookup: Lookup) -> QuestionError:
    """A card without abilities (a vanilla Personality): one sentence, naming its experienced version when the
    catalog has one ("Moto Rani" has no text; "Moto Rani • Experienced" has)."""
    other = None
    try:
        found = lookup(f"{card.name} • Experienced")
        other = found.name if found.name.startswith(f"{card.name} •") else None
    except Exception:  # any miss (not found, ambiguous) only means there is no hint to give
        other = None
    hint = f"; its version “{other}” has some: name that one" if other else ""
    return QuestionError(f"{card.name} has no ability text{hint}.")


_PAYMENT = re.compile(r"\b(?:pay|pays|paying|paid|payment|costs?)\b", re.I)


def is_payment(moment: Moment | None) -> bool:
    """A payment's when-point ("when you pay the Gold cost to Recruit ...", "when paying a Gold cost")."""
    return moment is not None and moment.timing == "when" and bool(_PAYMENT.search(moment.occurrence))


def _pick_ability(card: Card, abilities: tuple[Ability, ...], index: int | None,
                  moment: Moment | None, lookup: Lookup | None = None, taken: frozenset[int] = frozenset()) -> Ability:
    """CARD#N, or the ability that best fits the moment: its timing, then shared words, then its kind."""
    if not abilities:
        if lookup is not None:
            raise no_text(card, lookup)
        raise QuestionError(f"{card.name} has no ability text to order.")
    if index is not None:
        if not 1 <= index <= len(abilities):
            raise QuestionError(f"{card.name} has {len(abilities)} abilit{'y' if len(abilities) == 1 else 'ies'}; "
                                f"#{index} is not one of #1-#{len(abilities)}.")
        return abilities[index - 1]

    def fit(ability: Ability) -> tuple[int, int, int, int]:
        kind = ability.kind
        timed = ability.timing or ("when" if kind is Kind.CONDITIONAL else None)
        words = ability.occurrence or ability.text
        delayed = _delayed_for(ability, moment) if kind in (Kind.ACTION, Kind.TRAIT, Kind.REACTION,
                                                            Kind.INTERRUPT, Kind.FOCUS) else None
        if _lasting_negation(ability, moment) is not None:
            kind, timed, words = Kind.NEGATE, moment.timing if moment else None, ability.text
        elif _granted(ability, card, moment) is not None:
            kind, timed, words = Kind.ADDITIONAL, moment.timing if moment else None, moment.occurrence if moment \
                else ability.text
        elif delayed is not None:
            # an action whose delayed effect waits for this moment answers it (step D)
            kind, words = Kind.DELAYED, " ".join(delayed.events) or delayed.words
            first = delayed.words.split()[0].lower()
            timed = first if first in ("before", "after", "when") else "when"
        rank = RESPONDING.index(kind) if kind in RESPONDING else len(RESPONDING)
        # a keyword's reminder ability is the card's too: a printed one goes before it, unless only the reminder
        # answers the moment ("(Draw a card after your Expendable card is destroyed.)" at its destruction)
        if moment is None:
            return (-int(ability.reminder), 0, 0, 0, -rank)
        if (kind is Kind.GOLD or _MAKES_GOLD.search(ability.text)) and is_payment(moment) and timed in (None, "when"):
            # Gold production answers a payment's when-point (L4 case 1), whatever else the card's words share with it
            return (2, -int(ability.reminder), int(kind is Kind.GOLD), 0, -rank)
        # the card's own name is shared by every ability of it that names the card: what happens decides
        overlap = len((stems(words) & stems(moment.occurrence)) - stems(card.name))
        timed_here = int(timed == moment.timing) if kind in RESPONDING else -1
        answers = int(timed_here == 1 and (overlap > 0 or not ability.occurrence))
        return (answers, -int(ability.reminder), timed_here, overlap, -rank)

    # The card named again without #N after CARD#2 in one request means one of its other abilities.
    others = tuple(a for a in abilities if a.index not in taken) or abilities
    return max(others, key=fit)


def _annotated(card: Card, ability: Ability, lookup: Lookup) -> tuple[Ability, list[Interpretation]]:
    """A moderator's annotation of the ability's kind or timing wins; it is always reported."""
    notes: list[Interpretation] = []
    annotations = getattr(lookup, "annotations", None)
    for note in annotations(card) if annotations else ():
        if note.part not in ("", "*", str(ability.index)):
            continue
        if note.rule == "kind" and note.value != ability.kind.value:
            notes.append(Interpretation(f"annotation-kind-{ability.index}", None,
                                        f"A moderator annotated {card.name} #{ability.index} as {note.value}; its "
                                        f"text reads as {ability.kind.value} ({ability.why}). The annotation wins."
                                        + (f" Note: {note.note}" if note.note else "")))
            ability = replace(ability, kind=Kind(note.value), why=f"moderator annotation: {note.value}")
        elif note.rule == "timing":
            timing, occurrence, would = read_trigger(note.value)
            if (timing, occurrence) != (ability.timing, ability.occurrence):
                notes.append(Interpretation(f"annotation-timing-{ability.index}", None,
                                            f"A moderator annotated {card.name} #{ability.index} as timed “"
                                            f"{note.value}”; the text reads “{ability.timing or 'no timing'} "
                                            f"{ability.occurrence}”. The annotation wins."))
                ability = replace(ability, timing=timing, occurrence=occurrence, would=would)
    return ability, notes


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def keyword_rule(ability: Ability) -> tuple[str, str] | None:
    """The trigger (timing, occurrence) of a keyword's reminder that restates a triggered rule of the game: Expendable,
    Destined, Brash, Overconfident ("(... after your Expendable card is destroyed.)"); None for anything else (an
    ability printed in brackets with its own designator, a standing rule, a negation such as Conqueror's)."""
    if not ability.reminder or ability.header or ability.kind not in (Kind.TRAIT, Kind.CONTINUOUS):
        return None
    timing, occurrence, _ = read_trigger((ability.rules_text or ability.text).strip("() "))
    if timing not in ("after", "before") or not occurrence:
        return None
    return timing, occurrence.strip(" .()")


def card_item(spec: str, name: str, index: int | None, controller: str, lookup: Lookup,
              moment: Moment | None = None, named: dict[str, set[int]] | None = None) -> Item:
    """One card's ability as an item. `named`: the abilities already named per card in this request (CARD#2,
    then CARD, means another ability of the card, not #2 again); updated here."""
    card = lookup(name)
    abilities = read_card(card)
    seen = named.setdefault(card.name, set()) if named is not None else set()
    if index is None and is_payment(moment) and card.type == "Stronghold" and 0 not in seen \
            and not any(a.kind is Kind.GOLD for a in abilities):
        seen.add(0)
        return stronghold_gold(spec, card, controller)
    picked = _pick_ability(card, abilities, index, moment, lookup, frozenset(seen))
    seen.add(picked.index)
    ability, notes = _annotated(card, picked, lookup)
    if index is None and len(abilities) > 1:
        others = "; ".join(f"#{a.index} “{_short(a.text)}”" for a in abilities if a.index != ability.index)
        why = "its Gold production, which answers this payment" if is_payment(moment) and ability.kind is Kind.GOLD \
            else "the one that best answers this moment" if moment is not None else "the first that answers a moment"
        notes.insert(0, Interpretation(f"ability-{card.name}", None,
                                       f"{card.name} has {len(abilities)} abilities; this answer judges "
                                       f"#{ability.index} “{_short(ability.text)}” ({why}). To ask about another, name "
                                       f"it as “{card.name}#N”: {others}."))
    label = card.name + (f" #{ability.index}" if index is not None or len(read_card(card)) > 1 else "")
    trait = _embedded_trait(ability, moment)
    if trait is not None:
        # "You may target ... with the rulebook Favor ... After you destroy an enemy card during battle, gain 1
        # Honor": a triggered trait written in the same paragraph as a continuous line is a triggered trait (step E)
        notes.append(Interpretation(f"embedded-trait-{card.name}-{ability.index}", "L6",
                                    f"{label}: “{_short(trait.text)}” is a triggered trait inside a paragraph of "
                                    "continuous text; at this moment it is that trait that answers (step E)."))
        ability = trait
    kind = ability.kind
    timing, occurrence = ability.timing, ability.occurrence
    keyword = keyword_rule(ability)
    if keyword is not None:
        # "(Draw a card after your Expendable card is destroyed.)": reminder text restates the keyword's rule, so it
        # is a triggered rulebook effect (step C), not the card's own triggered trait (step E) (blind 81021 #13)
        kind, timing, occurrence = Kind.RULEBOOK, *keyword
        notes.append(Interpretation(f"keyword-rule-{card.name}-{ability.index}", "L6",
                                    f"{label}: “{_short(ability.text)}” is a keyword's reminder text; it restates a "
                                    "rule of the game, so it is read as a triggered rulebook effect (step C), like "
                                    "rehonoring (the Timing page's example), not as the card's own triggered trait "
                                    "(step E)."))
    if (kind in (Kind.REACTION, Kind.TRAIT, Kind.INTERRUPT) and timing == "when" and _MAKES_GOLD.search(ability.text)) \
            or (_gold_at_payment(kind, ability.rules_text or ability.text, moment) and timing in ("when", None)):
        notes.append(Interpretation(f"gold-{card.name}-{ability.index}", "L7",
                                    f"{label} produces Gold at a payment's when-point: it is ordered with the other "
                                    "Gold for that payment."))
        kind = Kind.GOLD
    effects = split_effects(ability.rules_text or ability.text)
    tail = [t.rstrip(".") for t in standing_tail(ability.rules_text or ability.text, card.name)] \
        if kind is Kind.TRAIT and not ability.header else []
    if tail and any(e in tail for e in effects):
        # "After you Recruit Noekam, lose 5 Honor. Noekam's Undead Followers have +1F.": the second sentence is the
        # card's continuous trait, in force while it is in play, not an effect this trigger makes (blind 53021 S9)
        effects = tuple(e for e in effects if e not in tail)
        notes.append(Interpretation(f"standing-tail-{card.name}-{ability.index}", "LD8", f"{label}: "
                                    + "; ".join(f"“{t}”" for t in tail) + " is the card's continuous trait, in force "
                                    "while the card is in play, not an effect of this trigger."))
    qualifier = ""
    negation = _lasting_negation(ability, moment)
    if negation is not None:
        # An action that set up "While X, negate his straightening" answers that occurrence with its ongoing
        # negation (step A), made when the action resolved earlier.
        notes.append(Interpretation(f"negation-{card.name}-{ability.index}", "L6",
                                    f"{label}: its {kind.value} made an ongoing negation earlier (“{negation.stops}”"
                                    + (f" while {negation.condition}" if negation.condition else "") + "); at this "
                                    "moment it is that negation that applies (step A)."))
        ability, kind, timing, occurrence = negation, Kind.NEGATE, None, ""
    elif (grant := _granted(ability, card, moment)) is not None:
        # "Take an additional action" at the end of the very action that grants it: the grant waits for that end
        # and for the Reactions to it (LD5).
        notes.append(Interpretation(f"additional-{card.name}-{ability.index}", "LD5",
                                    f"{label}: “{grant.words}” is granted by its {kind.value}, which has now ended; "
                                    "it is ordered as that grant."))
        kind, timing, occurrence = Kind.ADDITIONAL, None, ""
        effects = (grant.words,)
    elif kind in (Kind.ACTION, Kind.REACTION, Kind.TRAIT, Kind.INTERRUPT, Kind.FOCUS) and ability.delayed_terms:
        term = _delayed_for(ability, moment)
        if term is not None:
            # An action or trait that sets up "the next time ..." or "after the battle ends, ..." answers that later
            # moment as a delayed effect (step D), with the effects of that clause only.
            notes.append(Interpretation(f"delayed-{card.name}-{ability.index}", "LD4",
                                        f"{label}: “{term.words}” is a delayed effect its "
                                        f"{'Focus Effect' if kind is Kind.FOCUS else kind.value} set up "
                                        "earlier; at this moment it is that delayed effect that applies (step D)."))
            kind = Kind.DELAYED
            word = term.words.split()[0].lower()
            timing = word if word in ("before", "after", "when") else "when"
            occurrence = " or ".join(term.events)
            effects = delayed_effects(ability.text, term)
            qualifier = term.condition if term.form is Form.NEXT_TIME else ""
    return Item(spec, label, kind, ability.text, card, ability, card.name, controller, timing, occurrence,
                is_time_point(occurrence), effects, tuple(notes), qualifier)


_TRIGGER_SENTENCE = re.compile(r"(?:^|(?<=[.!]\s))(?:After|Before) [^.]*[,:][^.]*\.?")


def _embedded_trait(ability: Ability, moment: Moment | None) -> Ability | None:
    """A triggered trait sentence inside a continuous, negating or conditional paragraph, when it answers the
    moment (its timing, and words shared with the occurrence); None otherwise."""
    if moment is None or ability.kind not in (Kind.CONTINUOUS, Kind.NEGATE, Kind.CONDITIONAL) or ability.reminder:
        return None
    for found in _TRIGGER_SENTENCE.finditer(ability.rules_text or ability.text):
        if found.start() == 0:
            continue  # the paragraph's own opening trigger is already what it is read as
        read = next((a for a in read_text(found.group(0)) if a.kind is Kind.TRAIT), None)
        if read is not None and read.timing == moment.timing and stems(read.occurrence or "") & stems(
                moment.occurrence):
            return replace(read, index=ability.index)
    return None


# The end of an action: "after Proper Equipment resolves", "after the action ends", "after its resolution".
_ACTION_END = re.compile(r"\b(?:resolves?|resolution|ends?|is resolved|has resolved)\b", re.I)


# "Take an additional action", "you may take an additional Battle action to ...": an action granted (not "an action
# taken as an additional action", which only describes one).
_GRANTS_ACTION = re.compile(r"\btake (?:an|one|two|three|one or two|\d+) additional (?:[\w/]+ ){0,2}?actions?\b", re.I)


def _granted(ability: Ability, card: Card, moment: Moment | None) -> Term | None:
    """The additional action, battle or phase an action grants, when the moment is that action's own end (the
    card or "the action" named); else None."""
    if moment is None or moment.timing != "after" or ability.kind is not Kind.ACTION:
        return None
    grant = next((t for t in ability.terms if t.form is Form.ADDITIONAL), None)
    action = _GRANTS_ACTION.search(ability.rules_text or ability.text)
    if grant is None and action is not None:
        grant = Term(Form.ADDITIONAL, action.group(0))
    if grant is None or not _ACTION_END.search(moment.occurrence):
        return None
    named = stems(card.name) & stems(moment.occurrence) or re.search(r"\b(?:this|the|that|your|its) action\b",
                                                                     moment.occurrence, re.I)
    return grant if named else None


def _lasting_negation(ability: Ability, moment: Moment | None) -> Ability | None:
    """An action's (or Reaction's) effect that negates an occurrence while a condition holds ("While your Samurai
    remains unbowed, negate the Personality's straightening"), as a negation, when it names this moment's
    occurrence; else None."""
    if moment is None or ability.kind not in (Kind.ACTION, Kind.REACTION, Kind.INTERRUPT):
        return None  # a triggered trait's "negate the destruction" happens as it resolves (step E)
    stops = lasting_negation(ability.rules_text or ability.text)
    if not stops or not (stems(negated_verbs(stops)) & stems(moment.occurrence)):
        return None
    condition = next((t.condition for t in ability.terms if t.form is Form.WHILE), "")
    return replace(ability, kind=Kind.NEGATE, stops=stops, condition=condition)


def _delayed_for(ability: Ability, moment: Moment | None) -> Term | None:
    """The delayed term of an ability that answers this moment: the one sharing most words with it, when it fits
    better than the ability's own trigger (a Reaction answering its own trigger is not its delayed effect)."""
    body = re.sub(r"^[^:]{0,60}:\s*", "", ability.rules_text) if ability.header else ability.rules_text
    terms = [t for t in ability.delayed_terms if (t.form is not Form.DELAYED_POINT or t.events)
             and not (ability.kind in (Kind.TRAIT, Kind.REACTION, Kind.INTERRUPT) and own_first_time(t, body))]
    if not terms:
        return None
    if moment is None:
        return terms[0] if ability.kind is not Kind.REACTION else None
    want = stems(moment.occurrence)

    def overlap(words: str) -> int:
        return len(stems(words) & want)

    best = max(terms, key=lambda t: overlap(" ".join(t.events) or t.words))
    score = overlap(" ".join(best.events) or best.words)
    own = overlap(ability.occurrence) if ability.occurrence else -1
    if ability.kind in (Kind.ACTION, Kind.FOCUS):
        return best
    return best if score > own or (score == own and ability.kind is Kind.TRAIT and best.form is not
                                   Form.DELAYED_POINT) else None


def stronghold_gold(spec: str, card: Card, controller: str) -> Item:
    """A Stronghold named at a payment's when-point: its rulebook Gold production (bow it: produce its Gold
    Production), ordered with the other Gold for that payment in the payer's order (L7)."""
    production = card.extra.get("production") or "its"
    text = f"Bow: Produce {production} Gold (the rulebook Gold production of a Stronghold)"
    note = Interpretation(f"stronghold-gold-{card.name}", "L7", f"{card.name} at a payment is its rulebook Gold "
                          f"production ({production} Gold): it is ordered with the other Gold for that payment, in "
                          "the paying player's order. To ask about one of its printed abilities, name it as "
                          f"“{card.name}#N”.")
    return Item(spec, card.name, Kind.GOLD, text, card, None, card.name, controller, None, "", False, (text,),
                (note,))


def _gold_at_payment(kind: Kind, text: str, moment: Moment | None) -> bool:
    """A Reaction, trait or rulebook effect producing Gold, listed at a payment's when-point: Gold for that payment,
    which keeps the payer's free order even against steps A-F (the Timing page's Gold exception: "a gold-producing
    Reaction before the rulebook-granted Stronghold gold production")."""
    return kind in (Kind.REACTION, Kind.TRAIT, Kind.INTERRUPT, Kind.RULEBOOK) and is_payment(moment) \
        and bool(_MAKES_GOLD.search(text))


def text_item(spec: str, kind_word: str, rest: str, controller: str, moment: Moment | None = None) -> Item:
    kind = ITEM_KINDS[kind_word]
    source = ""
    if kind is Kind.DELAYED and rest.count(":") >= 1 and not re.match(r"^\s*(?:after|before|when)\b", rest, re.I):
        source, rest = (part.strip() for part in rest.split(":", 1))
    text = rest.strip()
    if not text:
        raise QuestionError(f"--item {kind_word}: needs the effect's words after the colon, e.g. "
                            f"“{kind_word}:After a Personality is destroyed, gain 1 Honor”.")
    if kind in (Kind.TRAIT, Kind.REACTION, Kind.DELAYED, Kind.GOLD, Kind.CONDITIONAL, Kind.NEGATE):
        ability = read_text(text)[0] if read_text(text) else None
    else:
        ability = None
    timing, occurrence, _ = read_trigger(text)
    qualifier = ""
    if kind is Kind.DELAYED and ability is not None and ability.delayed_term is not None:
        term = ability.delayed_term
        word = term.words.split()[0].lower()
        timing = word if word in ("before", "after", "when") else "when"
        occurrence = " or ".join(term.events) or occurrence
        qualifier = term.condition if term.form is Form.NEXT_TIME else ""
    elif kind is Kind.DELAYED and timing is None:
        timing = "when"  # L4 case 4: a delayed effect naming neither before nor after
    if kind in (Kind.CONDITIONAL, Kind.NEGATE, Kind.RULEBOOK, Kind.ADDITIONAL, Kind.GOLD) and timing is None:
        occurrence = ""
    label = f"{kind_word}: {text}" + (f" (from {source})" if source else "")
    notes: tuple[Interpretation, ...] = ()
    if _gold_at_payment(kind, text, moment):
        notes = (Interpretation(f"gold-{label}", "L7", f"{label} produces Gold at this payment's when-point: it is "
                                "ordered with the other Gold for that payment, in the paying player's order."),)
        kind, timing, occurrence = Kind.GOLD, None, ""
    return Item(spec, label, kind, text, None, ability, source or f"{kind_word}: {text}", controller, timing,
                occurrence, is_time_point(occurrence) if occurrence else False, split_effects(text), notes, qualifier)


def parse_item(spec: str, lookup: Lookup, moment: Moment | None = None, default_controller: str = "you",
               named: dict[str, set[int]] | None = None) -> Item:
    raw = (spec or "").strip()
    if not raw:
        raise QuestionError("--item is empty; give a card (CARD or CARD#2) or KIND:TEXT with a kind of: "
                            f"{', '.join(ITEM_KINDS)}.")
    controller = default_controller
    found = _CONTROLLER.search(raw)
    if found:
        word = found.group(1).lower()
        controller = "you" if word in ("you", "me") else "opponent"
        raw = raw[:found.start()].strip()
    head, sep, rest = raw.partition(":")
    picked = is_card_value(_CARD_INDEX.sub("", raw))  # a card picked from a menu ("id:…"), not KIND:TEXT
    if sep and not picked and head.strip().lower() in ITEM_KINDS:
        return text_item(spec, head.strip().lower(), rest, controller, moment)
    if sep and not picked and rest.strip() and re.fullmatch(r"[A-Za-z]+", head.strip()):
        # No card name holds a colon: "WORD:text" is a kind the asker meant.
        raise QuestionError(f"“{head.strip()}” is not an item kind; kinds are: {', '.join(ITEM_KINDS)} "
                            "(or name a card, CARD#2 for its second ability).")
    index = None
    numbered = _CARD_INDEX.search(raw)
    if numbered:
        index, raw = int(numbered.group(1)), raw[:numbered.start()].strip()
    return card_item(spec, raw, index, controller, lookup, moment, named)
