"""The cards named in play as an effect resolves (AS3, AS5, AS10, AS17-AS19): what each part does to them, what
their own text keeps off them, and what their own text does in answer.

A unit named in the question (`--unit "Iron Worker@theirs/wounds=1"`) is a card with printed values: the answer
follows each part onto it — damage becomes wounds and destroys it at its life value, "Destroy", exhaustion tokens,
"Discard this unit" — so it can say "Iron Worker (theirs) is destroyed" instead of restating the card. Its text
is read too:
- protections: "cannot be targeted by spells an opponent controls" (not a legal target), "cannot be affected by
  spells, abilities, or dice powers that would place exhaustion tokens on it" (Unbreakable: untouched while its
  condition holds), "prevent all damage dealt to this unit" (Turtle Guard exhausted, Glaciate), Armored N;
- reactions that wait for what the effect did to it or to units of a side ("When this unit is destroyed", "After
  an ally you control is destroyed", "When this unit would receive damage"): the answer says each one triggers
  and when it resolves (Reborn: right after the instruction; first edition: after the whole effect);
- end-of-round effects, which a card such as Era's End resolves early (AS19).
Nothing here knows a card by name: every decision comes from the words of the cards named.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.rulesets.ashes.abilities import Ability, read_abilities
from engine.rulesets.ashes.checks import self_tokens_verdict
from engine.rulesets.ashes.editions import Printing
from engine.rulesets.ashes.parts import Part
from engine.rulesets.ashes.state import Board, Unit
from engine.trace import Interpretation, Trace

CardOf = Callable[[str], "Printing | None"]
UNIT_TYPES = ("Ally", "Conjuration")
_CONJURED = ("Conjuration", "Conjured Alteration Spell")


@dataclass
class Piece:
    """A named unit in play and what has happened to it so far in this effect."""

    unit: Unit
    card: Printing | None
    wounds: int | None
    exhausted: bool | None
    status: int | None
    gone: str | None = None            # destroyed / discarded / returned to hand / removed from the game
    abilities: tuple[Ability, ...] = ()    # its own, then those its alterations give it
    own: int = 0                            # how many of them are its own card's

    @property
    def label(self) -> str:
        return self.unit.label()


@dataclass(frozen=True)
class Source:
    """What is used: a spell (any card of a "... Spell" type) or an ability (a unit's or Phoenixborn's), and whose."""

    kind: str           # "spell" / "ability"
    reaction_spell: bool
    side: str = "mine"


def source_of(p: Printing, used: Ability) -> Source:
    spell = p.type.endswith("Spell")
    return Source("spell" if spell else "ability", p.type == "Reaction Spell")


def _own_abilities(card: Printing | None, alterations: tuple[Printing, ...]) -> tuple[Ability, ...]:
    out: list[Ability] = []
    for c in (card, *alterations):
        if c is not None:
            out += [a for a in read_abilities(c) if a.kind != "play"]
    return tuple(out)


def pieces_of(units: list[Unit], self_unit: Unit | None, self_card: Printing | None,
              card_of: CardOf | None) -> dict[str, Piece]:
    """The named units in play (and the unit used, when it is one) as pieces, with their cards' text."""
    out: dict[str, Piece] = {}
    pool = [*units, *([self_unit] if self_unit is not None and self_unit.name else [])]
    for u in pool:
        if not u.name or u.label() in out:
            continue
        card = self_card if (u is self_unit and self_card is not None) else (card_of(u.name) if card_of else None)
        if card is not None and card.type not in UNIT_TYPES:
            card = None
        alterations = tuple(x for x in (card_of(a) if card_of else None for a in u.alterations) if x is not None)
        out[u.label()] = Piece(u, card, u.wounds if u.wounds is not None else (0 if u.described else None),
                               u.exhausted if u.exhausted is not None else (False if u.described else None),
                               u.status if u.status is not None else (0 if u.described else None),
                               abilities=_own_abilities(card, alterations), own=len(_own_abilities(card, ())))
    return out


# ---- protections ---------------------------------------------------------------------------------------------

_NO_TARGET = re.compile(r"^(?P<who>this unit|units you control|other units you control|units you control with a "
                        r"printed attack value of (?P<atk>\d+)) cannot be targeted by (?P<by>[^.]+?)"
                        r"(?: or have alteration spells attached to it)?\.?$", re.I)
_NO_AFFECT = re.compile(r"(?:^|, )(?:(?:if|while) this unit (?P<cond>has (?P<wmax>\d+) or fewer wound tokens on "
                        r"it|has 1 or more exhaustion tokens on it|is exhausted), )?(?:it|this unit) cannot be "
                        r"affected by (?P<by>[^.]*?)(?: that would (?P<what>[^.]+?))?(?:, and |\.|$)", re.I)
_NO_DAMAGE = re.compile(r"(?:^|(?<=\.)\s+)(?:(?P<cond>while this unit is exhausted), )?prevent all damage dealt to "
                        r"this unit from being received\b", re.I)
_ARMORED = re.compile(r"^prevent (?P<n>\d+) damage\b", re.I)
_DAMAGE_TRIGGER = re.compile(r"\bthis unit (?:is dealt damage|would receive damage|receives damage)\b", re.I)
_ATTACK_ONLY = re.compile(r"\b(?:by attacking|attacking or countering|by an attack|as a result of an attack|while "
                          r"guarding|declared|blocked|blocker|guard(?:ed|ing)?|by one or more attacking|"
                          r"unit's attack)\b", re.I)


def _sources_named(by: str, src: Source, mine: bool) -> bool:
    """Does the list of sources a protection names ("spells, abilities, or dice powers an opponent controls")
    include what is used here, given whose unit it is (`mine`: the user's own)?"""
    low = by.lower()
    opponent = bool(re.search(r"\bopponents?'?s?\b|\bused by an opponent\b|\ban opponent controls\b", low))
    if opponent and mine:
        return False
    if src.kind == "spell":
        if re.search(r"\breaction spells?\b", low) and not re.search(r"(?<!reaction )\bspells?\b", low):
            return src.reaction_spell
        return bool(re.search(r"\bspells?\b", low))
    return bool(re.search(r"\babilit(?:y|ies)\b", low))


def _texts(piece: Piece) -> list[tuple[Ability, str]]:
    return [(a, " ".join(x.text for x in a.parts) or a.text) for a in piece.abilities if a.kind == "passive"]


def target_shield(piece: Piece, src: Source, side_pieces: list[Piece]) -> str | None:
    """Why this unit cannot be chosen as a target of what is used, from its own text or an aura of a unit on its
    side ("Units you control with a printed attack value of 0 cannot be targeted ..."), else None."""
    mine = piece.unit.side == src.side
    holders = [piece] + [q for q in side_pieces if q is not piece]
    for holder in holders:
        for ability, text in _texts(holder):
            if holder.exhausted and not ability.inexhaustible:
                continue   # an exhausted card's text is inactive
            m = _NO_TARGET.match(text.strip())
            if not m:
                continue
            who = m.group("who").lower()
            if who == "this unit" and holder is not piece:
                continue
            if who.startswith("other") and holder is piece:
                continue
            if m.group("atk") is not None and (piece.card is None or piece.card.attack != int(m.group("atk"))):
                continue
            if _sources_named(m.group("by"), src, mine):
                name = f"{ability.name}: " if ability.name else ""
                whose = "" if holder is piece else f" (from {holder.label})"
                return f"{piece.label} cannot be targeted: {name}“{text.strip().rstrip('.')}”{whose}"
    return None


def affect_shield(piece: Piece, src: Source, what: str) -> str | None:
    """Why the part does nothing to this unit ("cannot be affected by ... that would place exhaustion tokens on
    it"), given what the part does to it (damage / destroy / exhaust / return / tokens), else None."""
    mine = piece.unit.side == src.side
    for ability, text in _texts(piece):
        if piece.exhausted and not ability.inexhaustible:
            continue
        m = _NO_AFFECT.search(text)
        if m:
            limited = (m.group("what") or "").lower()
            hit = not limited or (what == "exhaust" and "exhaustion" in limited) or \
                (what == "destroy" and "destroy" in limited) or (what == "return" and "hand" in limited)
            if hit and _sources_named(m.group("by"), src, mine) and _condition_holds(m.group("cond"), piece):
                cond = f", while it {m.group('cond')}" if m.group("cond") else ""
                would = f" that would {m.group('what')}" if m.group("what") else ""
                said = ability.name or f"“{text.strip().rstrip('.')}”"
                return f"{piece.label} is not affected ({said}: it cannot be affected by {m.group('by')}{would}{cond})"
        n = _NO_DAMAGE.search(text)
        if n and what == "damage" and (not n.group("cond") or piece.exhausted or
                                       re.search(r"\bconsidered to be exhausted\b", text, re.I)):
            name = f"{ability.name}: " if ability.name else ""
            return f"{piece.label} receives none of it ({name}“{text.strip().rstrip('.')}”)"
    return None


def _condition_holds(cond: str | None, piece: Piece) -> bool:
    if not cond:
        return True
    low = cond.lower()
    m = re.match(r"has (\d+) or fewer wound tokens", low)
    if m:
        return (piece.wounds or 0) <= int(m.group(1))
    return bool(piece.exhausted)


def prevented(piece: Piece) -> tuple[int, str]:
    """Damage its own reactions prevent every time it is dealt damage (Armored N), and their words."""
    total, names = 0, []
    for a in piece.abilities:
        if a.trigger is None or not _DAMAGE_TRIGGER.search(a.trigger.words) or _ATTACK_ONLY.search(a.trigger.words):
            continue
        if piece.exhausted and not a.inexhaustible:
            continue
        first = a.parts[0].text if a.parts else ""
        m = _ARMORED.match(first)
        if m and not a.parts[0].optional:
            total += int(m.group("n"))
            names.append(a.name or "its reaction")
    return total, ", ".join(names)


# ---- what a part does to the pieces ---------------------------------------------------------------------------

_ACT = re.compile(r"^(?:you may )?(?:for each unit, )?(?P<verb>deal|destroy|place|discard|return)\b(?P<rest>.*)$", re.I)
_ALL = re.compile(r"^(?:all|each|every) (?P<other>other )?(?P<whose>(?:your )?opponents?'s? |your )?"
                  r"(?P<state>unexhausted |exhausted |damaged )?"
                  r"(?:units?|all(?:y|ies))(?P<ctl> you control| an opponent controls| opponents control| they "
                  r"control| your opponents control)?(?P<filt> (?:with|without) [^.,]+?)?"
                  r"(?=$|[.,]| and\b| equal\b| unless\b)", re.I)
_FILTER = re.compile(r"^(?P<with>with|without) (?:any |a |an |1 or more )?(?P<tok>status|wound|exhaustion) tokens?",
                     re.I)


@dataclass
class Effect:
    verb: str                 # damage / destroy / exhaust / wound / discard / return
    amount: int | None        # damage or tokens
    pieces: list[Piece]
    words: str                # what it acts on, as printed


def read_effect(part: Part, target: str | None, acts_on: str | None, pieces: dict[str, Piece],
                self_label: str | None, host_label: str | None, amount: int | None, side_of_user: str = "mine"
                ) -> Effect | None:
    """What the part does, and to which named pieces (None when it acts on no unit this can follow)."""
    text = re.sub(r"^(?:if [^,]+, |then,? )", "", part.text.strip(), flags=re.I)
    m = _ACT.match(text)
    if not m:
        return None
    verb, rest = m.group("verb").lower(), m.group("rest").strip()
    if re.match(r"^for each unit, ", text, re.I):   # "For each unit, place 1 exhaustion token on it": every unit
        rest = re.sub(r" on (?:it|that unit)\b", " on each unit", rest)
    rest = re.sub(r",?\s+(?:unless|if)\b.*$", "", rest, flags=re.I)   # its condition is the part's own
    obj = ""
    kind: str | None = None
    n: int | None = None
    if verb == "deal":
        dm = re.match(r"^(?:(?P<n>\d+|X) )?damage to (?P<obj>.+)$", rest, re.I)
        if not dm:
            return None
        kind, obj = "damage", dm.group("obj")
        n = int(dm.group("n")) if dm.group("n") and dm.group("n").isdigit() else amount
    elif verb == "destroy":
        kind, obj = "destroy", rest
    elif verb == "place":
        pm = re.match(r"^(?P<n>\d+|an?|one) (?P<tok>exhaustion|wound) tokens? on (?P<obj>.+)$", rest, re.I)
        if not pm:
            return None
        kind = "exhaust" if pm.group("tok").lower() == "exhaustion" else "wound"
        n = int(pm.group("n")) if pm.group("n").isdigit() else 1
        obj = pm.group("obj")
    elif verb == "discard":
        kind, obj = "discard", rest
    elif verb == "return":
        rm = re.match(r"^(?P<obj>.+?) to (?:its|their) owner's hand\b", rest, re.I)
        if not rm:
            return None
        kind, obj = "return", rm.group("obj")
    obj = obj.strip().rstrip(".")
    low = obj.lower()
    chosen: list[Piece] | None = None
    if re.match(r"^(?:an?|another|up to \w+|an equal number of|any number of|x|\d+|two|three) (?:\w+ )?target\b|"
                r"^target\b", low) and target:
        chosen = [pieces[target]] if target in pieces else [pieces[t] for t in target.split(" and ") if t in pieces]
    elif re.match(r"^(?:it|that unit|that target unit|the chosen unit|the targeted unit|that ally)\b", low):
        ref = acts_on or target or (host_label if part.depends_on is None and low.startswith("it") else None)
        chosen = [pieces[ref]] if ref in pieces else []   # an alteration's "it": the unit it is attached to
    elif re.match(r"^this unit\b", low) and self_label:
        chosen = [pieces[self_label]] if self_label in pieces else []
    elif re.match(r"^(?:the attached unit|this unit)\b", low) and host_label:
        chosen = [pieces[host_label]] if host_label in pieces else []
    else:
        am = _ALL.match(obj)
        if not am:
            return None
        ctl = (am.group("ctl") or "").strip().lower()
        whose = (am.group("whose") or "").strip().lower()
        if whose and not ctl:   # "all opponents' units", "each of your units"
            ctl = "an opponent controls" if "opponent" in whose else "you control"
        side = None if not ctl else side_of_user if ctl == "you control" else \
            ("theirs" if side_of_user == "mine" else "mine")
        chosen = [q for q in pieces.values() if q.gone is None and (side is None or q.unit.side == side)
                  and not (am.group("other") and q.label == self_label)]
        state = (am.group("state") or "").strip().lower()
        if state in ("unexhausted", "exhausted"):
            chosen = [q for q in chosen if q.exhausted is None or bool(q.exhausted) == (state == "exhausted")]
        if state == "damaged":
            chosen = [q for q in chosen if q.wounds is None or q.wounds > 0]
        fm = _FILTER.match((am.group("filt") or "").strip())
        if fm:
            tok = fm.group("tok").lower()
            have = {"status": lambda q: q.status, "wound": lambda q: q.wounds,
                    "exhaustion": lambda q: None if q.exhausted is None else int(q.exhausted)}[tok]
            want = fm.group("with").lower() == "with"
            chosen = [q for q in chosen if have(q) is None or (have(q) > 0) == want]
    if chosen is None:
        return None
    return Effect(kind or verb, n, [q for q in chosen if q.gone is None], obj)


@dataclass
class Outcome:
    notes: list[str] = field(default_factory=list)          # per piece, in players' words
    events: list[tuple[Piece, str]] = field(default_factory=list)   # (piece, damaged/destroyed/left/exhausted)
    guessed: list[str] = field(default_factory=list)        # pieces whose wounds were taken as none


def apply(effect: Effect, src: Source) -> Outcome:
    out = Outcome()
    for q in effect.pieces:
        life = q.card.life if q.card is not None else None
        if effect.verb in ("damage", "wound"):
            shield = affect_shield(q, src, "damage" if effect.verb == "damage" else "tokens")
            if shield:
                out.notes.append(shield)
                continue
            if effect.amount is None:
                continue
            amount = effect.amount
            stop, names = prevented(q) if effect.verb == "damage" else (0, "")
            got = max(amount - stop, 0)
            if q.wounds is None:
                out.guessed.append(q.label)
                q.wounds = 0
            q.wounds += got
            said = f"takes {amount} damage" if effect.verb == "damage" else f"gets {amount} wound token" + (
                "s" if amount != 1 else "")
            if stop:
                said += f", {names} prevents {min(stop, amount)}"
            if got and effect.verb == "damage":
                out.events.append((q, "damaged"))
            if life is not None and q.wounds >= life:
                q.gone = "destroyed"
                out.events += [(q, "destroyed"), (q, "left")]
                out.notes.append(f"{q.label} {said}: destroyed ({_wounds(q.wounds)}, life {life})")
            else:
                tail = f" ({_wounds(q.wounds)}, life {life})" if life is not None else ""
                out.notes.append(f"{q.label} {said}{tail}")
        elif effect.verb == "destroy":
            shield = affect_shield(q, src, "destroy")
            if shield:
                out.notes.append(shield)
                continue
            q.gone = "destroyed"
            out.events += [(q, "destroyed"), (q, "left")]
            out.notes.append(f"{q.label} is destroyed")
        elif effect.verb == "exhaust":
            shield = affect_shield(q, src, "exhaust")
            if shield:
                out.notes.append(shield)
                continue
            out.notes.append(f"{q.label} " + ("gets another exhaustion token" if q.exhausted else "is exhausted"))
            q.exhausted = True
            out.events.append((q, "exhausted"))
        elif effect.verb in ("discard", "return"):
            shield = affect_shield(q, src, effect.verb)
            if shield:
                out.notes.append(shield)
                continue
            q.gone = "discarded" if effect.verb == "discard" else "returned to its owner's hand"
            out.events.append((q, "left"))
            out.notes.append(f"{q.label} " + ("is discarded (not destroyed)" if effect.verb == "discard"
                                             else "returns to its owner's hand") + leaving_words(q.card))
    return out


def _wounds(n: int) -> str:
    return f"{n} wound" + ("s" if n != 1 else "")


def leaving_words(card: Printing | None) -> str:
    """Where a card that leaves play goes (AS18), as a clause."""
    if card is not None and card.type in _CONJURED:
        return ": it goes back to its owner's conjuration pile"
    return ""


# ---- reactions of the pieces ------------------------------------------------------------------------------------

_EVENT_WORDS = (("destroyed", r"\b(?:is|would be) destroyed\b|\bdestroyed\b"),
                ("damaged", r"\b(?:is dealt damage|would receive damage|receives damage|receives \d+ or more "
                            r"damage)\b"),
                ("left", r"\b(?:leaves play|would leave play|is placed in its owner's discard pile)\b"),
                ("exhausted", r"\bbecomes? exhausted\b"))


def _subject(words: str) -> str | None:
    low = words.lower()
    if re.search(r"\bthis unit\b", low):
        return "self"
    if re.search(r"\b(?:an? )?(?:ally|allies) you control\b", low):
        return "ally-mine"
    if re.search(r"\b(?:a|any) units? you control\b", low):
        return "unit-mine"
    if re.search(r"\b(?:an opponent's unit|a unit an opponent controls|a unit under an opponent's control)\b", low):
        return "unit-theirs"
    return None


def reactions_to(outcome: Outcome, pieces: dict[str, Piece], src: Source, part: Part, reborn: bool,
                 trace: Trace) -> list[dict[str, Any]]:
    """The reactions of named pieces that what this part did sets off (in printed order of the pieces)."""
    found: list[dict[str, Any]] = []
    for holder in pieces.values():
        for a in holder.abilities:
            if a.trigger is None or a.kind != "reaction":
                continue
            words = a.trigger.words
            if _ATTACK_ONLY.search(words) and not re.search(r"\bspell\b|\babilit", words, re.I):
                continue
            # "as a result of a spell ... you control" / "... an opponent controls": whose the card used is
            if re.search(r"\bas a result of\b[^,]*\byou control\b", words, re.I) and holder.unit.side != src.side:
                continue
            if re.search(r"\bas a result of\b[^,]*\ban opponent controls\b", words, re.I) and \
                    holder.unit.side == src.side:
                continue
            if _DAMAGE_TRIGGER.search(words) and a.parts and _ARMORED.match(a.parts[0].text):
                continue   # Armored: already counted in the damage it receives
            subject = _subject(words)
            if subject is None:
                continue
            event = next((e for e, pat in _EVENT_WORDS if re.search(pat, words, re.I)), None)
            if event is None:
                continue
            for piece, happened in outcome.events:
                if happened != event:
                    continue
                if subject == "self" and piece is not holder:
                    continue
                if subject in ("ally-mine", "unit-mine") and (piece.unit.side != holder.unit.side or (piece is holder
                                                             and event != "damaged")):
                    continue
                if subject == "ally-mine" and (piece.card is None or piece.card.type != "Ally"):
                    continue
                if subject == "unit-theirs" and piece.unit.side == holder.unit.side:
                    continue
                if holder.exhausted and not a.inexhaustible:
                    trace.interpret(Interpretation(f"AS-I-inactive-{part.n}", "AS13",
                                                   f"{holder.label} is exhausted, so its {a.label} does not trigger "
                                                   "(an exhausted card's text is inactive)."))
                    continue
                found.append(_reaction(holder, a, piece, part, reborn))
                break
    return found


def _reaction(holder: Piece, a: Ability, piece: Piece, part: Part, reborn: bool) -> dict[str, Any]:
    text = " ".join(x.text.rstrip(".") + "." for x in a.parts if not x.focus) or a.text
    timing = a.trigger.timing if a.trigger else "when"
    if timing in ("would", "before"):
        when = "before it happens (it answers what the instruction would do)"
    elif reborn:
        when = "right after that instruction, before the rest of the card (the card pauses)"
    else:
        when = "after the whole effect has resolved (first edition: reactions wait)"
    return {"card": holder.unit.name, "side": holder.unit.side, "ability": a.label, "trigger": a.trigger.words
            if a.trigger else "", "part": part.n, "unit": piece.label, "timing": timing, "when": when, "text": text,
            "optional": bool(a.parts and a.parts[0].optional) or a.optional_use,
            "rules": ["AS12", "AS10" if reborn else "AS5"]}


# ---- end of the round -----------------------------------------------------------------------------------------

END_OF_ROUND = re.compile(r"^at the end of (?:the|this|each) round\b", re.I)
RESOLVES_END = re.compile(r"\bresolve all effects that trigger at the end of the round\b", re.I)


def end_of_round_effects(pieces: dict[str, Piece], card_of: CardOf | None, trace: Trace, part: Part
                         ) -> Outcome:
    """Era's End: each named card's end-of-round effect, resolved now (unexhausted cards only), in players'
    words; said when a card's state was not given."""
    out = Outcome()
    notes = out.notes
    for q in pieces.values():
        if q.gone:
            continue
        for a in q.abilities:
            if a.trigger is None or not END_OF_ROUND.match(a.trigger.words):
                continue
            what = " ".join(x.text.rstrip(".") + "." for x in a.parts if not x.focus)
            if q.exhausted:   # "on unexhausted cards": the card's state, whatever its text's
                notes.append(f"{q.label} is exhausted: its {a.label} does not resolve")
                continue
            held = [x.condition for x in a.parts if x.condition]
            verdicts = [self_tokens_verdict(c, replace(q.unit, status=q.status, wounds=q.wounds)) for c in held]
            if any(v is False for v in verdicts):
                notes.append(f"{q.label}'s {a.label} resolves now and does nothing: “{held[0].removeprefix('not ')}”"
                             + (" (it says “unless”)" if held[0].startswith("not ") else " is not so"))
                continue
            if q.exhausted is None:
                trace.interpret(Interpretation(f"AS-I-unexhausted-{part.n}", "AS19",
                                               f"Whether {q.label} is exhausted was not said; I took it to be "
                                               "unexhausted, so its end-of-round effect resolves now."))
            gone = ""
            own = q.card is not None and any(a is x for x in q.abilities[:q.own])
            if re.match(r"^(?:discard|destroy) this unit\b", what, re.I) or (
                    own and re.match(r"^(?:discard|destroy) this card\b", what, re.I)):
                q.gone = "discarded" if what.lower().startswith("discard") else "destroyed"
                out.events += ([(q, "destroyed")] if q.gone == "destroyed" else []) + [(q, "left")]
                gone = leaving_words(q.card)
            notes.append(f"{q.label}'s {a.label} resolves now: “{what.rstrip('.')}”{gone}")
    return out


def with_shields(units: list[Unit], pieces: dict[str, Piece], src: Source) -> list[Unit]:
    """The units, each carrying why the card used cannot target it (Unit.shield), from the cards' own text."""
    out = []
    for u in units:
        q = pieces.get(u.label()) if u.name else None
        if q is None:
            out.append(u)
            continue
        side = [x for x in pieces.values() if x.unit.side == u.side]
        out.append(replace(u, shield=target_shield(q, src, side)))
    return out


def board_with_cards(board: Board, card_of: CardOf | None) -> Board:
    """A Phoenixborn named by its card ("Aradel Summergaard@mine/wounds=2") is that player's Phoenixborn; every other
    named unit carries its card's type."""
    if card_of is None:
        return board
    units, pbs, spells = [], list(board.phoenixborns), list(board.spells)
    for u in board.units:
        card = card_of(u.name) if u.name else None
        if card is not None and card.type == "Phoenixborn" and not any(x.side == u.side for x in pbs):
            pbs.append(u)
        elif card is not None and card.type.endswith("Spell") and "Alteration" not in card.type:
            spells.append(replace(u, card_type=card.type))   # a ready spell on a spellboard: not a unit
        else:   # its card's type: "target ally" / "conjuration" is checked against it (targets.fits)
            units.append(replace(u, card_type=card.type, attack=card.attack, life=card.life) if card is not None
                         else u)
    if len(units) == len(board.units):
        return replace(board, units=tuple(units))
    return replace(board, units=tuple(units), phoenixborns=tuple(pbs), spells=tuple(spells),
                   units_said=board.units_said and (bool(units) or board.units_given))
