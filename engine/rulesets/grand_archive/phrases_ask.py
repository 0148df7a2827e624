"""Grand Archive's question asked in a sentence: `arbiter grand-archive --effect CARD --object WHAT --then EVENT`.

"Does Inspiring Call buff an ally that comes in later?" reads as `--effect "Inspiring Call" --object ally`: the
moments keep the order of the scenario. A card named is an effect; an object is what it may reach ("an ally",
"Automaton allies", "cards in my graveyard", "their champion", "an ally with 3 buff counters": `ally[buff=3]`).
An object is there before the effects ("already on the field", or said nothing about: assumed and said) unless
it "comes in later" / "enters after"; "X comes in later than Y" puts X's effect after Y's. Events come last:
"until end of turn" / "after the turn ends" (end-of-turn), "end of combat", "if X leaves the field"
(source-leaves:X), "if X loses its abilities" (loses-abilities:X), "if X levels up" (level-up:X).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.sentence import NUMBER, Ask, Reading, Sentence, number

KINDS = {"ally": "ally", "allies": "ally", "unit": "unit", "units": "unit", "item": "item", "items": "item",
         "weapon": "weapon", "weapons": "weapon", "champion": "champion", "champions": "champion",
         "phantasia": "phantasia", "domain": "domain", "domains": "domain", "token": "token", "tokens": "token",
         "regalia": "regalia", "card": "card", "cards": "card", "object": "object", "objects": "object"}
_KIND = r"(?:allies|ally|units?|items?|weapons?|champions?|phantasia|domains?|tokens?|regalia|cards?|objects?)"
_OWNER = r"(?P<owner>my|your|our|their|his|her|the|an?|an opponents?|opponents?|my opponents?|enemy|other|another|each)"
_SUB = r"(?P<sub>(?:[a-z]+ )?)"
OBJECT = (rf"(?:{_OWNER} )?(?:(?:other|new|second) )?{_SUB}(?P<attack>attack )?(?P<kind>{_KIND})"
          rf"(?P<zone> (?:(?:that|which) (?:go(?:es)?|are|is|get|gets|come|comes) )?(?:in|into|to|from) "
          rf"(?:my |the |their |your |an opponents |opponents )?(?:graveyards?|memory|"
          rf"banishment|deck|hand))?(?P<counters> (?:with|that has|that have|having) (?P<n>{NUMBER}) (?P<ctype>buff|"
          rf"debuff|level|damage) counters?(?: on (?:it|them))?)?")
LATER = (r"(?:that |which |who |if (?:it|they|one) |when (?:it|they|one) |and |then )?(?:comes?|come|coming|enters?|"
         r"entering|is played|are played|gets played|arrives?|go(?:es)?|is put|are put)(?: in| into play| into the "
         r"field| onto the field| the field| to the graveyard| into the graveyard)? ?(?:later|after(?:wards?)?"
         r"(?: (?:him|her|it|that|this|them))?|next)(?: this turn)?|(?:then|and then) (?:an? |my )?(?:\w+ )?"
         r"(?:ally|allies|unit|item|card)s? (?:enters?|comes? in)|enters? later|comes? in later|(?:a )?new (?:ally|"
         r"allies|unit|units)|later(?: this turn)?")
BEFORE = r"(?:was |were |is |are )?already (?:on the field|there|in play|out)|(?:on|in) the field(?: already)?"
EVENTS = (
    ("end-of-turn", r"(?:(?:until|till|at|after|past|by) )?(?:the )?end of (?:the )?turn|(?:the )?turn ends|after the "
                    r"turn|(?:the )?next turn|end of turn|into (?:my |the |your |their )?(?:opponents? |next )turn"),
    ("end-of-combat", r"(?:(?:until|at|after) )?(?:the )?end of (?:the )?combat|combat ends|after combat"),
    ("end-phase-skipped", r"end phase (?:is )?skipped|skip(?:s|ping)? the end phase"),
)
CARD_EVENTS = (
    ("source-leaves", r"(?:if|when|once|after) §(\d+) (?:leaves|left|is removed from|dies|is destroyed|is banished)"
                      r"(?: the field| play)?|§(\d+) (?:leaves|leaving) the field"),
    ("loses-abilities", r"(?:if|when|once|after) (?:§(\d+)|it|that|the lantern) (?:loses|lost|has lost) "
                        r"(?:all )?(?:of )?"
                        r"(?:its |their )?abilit(?:y|ies)"),
    ("level-up", r"(?:if|when|once|after) §(\d+) levels? up"),
)
# "it left the field and came back": a new object, which arrives after the effects
RETURNED = (r"(?:then )?(?:it |they |§\d+ )?(?:then )?(?:left|leaves|leaving|leave) the field and (?:then )?"
            r"(?:came|comes|come|returned|returns) back(?: to the field)?(?: (?:the same|this|that) turn)?|"
            r"(?:was|were|got|is) (?:flickered|blinked)|re-?enter(?:s|ed)? the field")
# "if I control a Chessman Rook ally": the player says a card's "If you control ..." condition holds (or not)
CONTROL = (r"(?:if|when|while|since|as long as|and) (?:i|we) (?P<neg>dont |do not |no longer )?(?:control|controls|"
           r"have|has|got)(?= (?:an?|another|two|\d+|my|no) )")
# "+4 power": words of a "Choose one" mode
MODE_WORDS = r"(?:[+-] ?)?\d+ (?:power|life|level|durability)"
LATER_THAN = (r"§(\d+) (?:comes?|enters?|is played|came) (?:in |into play )?(?:later|after) than §(\d+)|"
              r"§(\d+) after §(\d+)")


def _condition_said(sentence: Sentence, effects: list[int], events: list[tuple[int, str]]) -> None:
    """"If I control a Chessman Rook ally and cast Castling Boon": the effect whose text has "If you control ..."
    is asked with its condition met (`condition-true:CARD`; "if I don't control" `condition-false`), said in a
    note. The object named stays on the field as the question's own."""
    for m in sentence.find(CONTROL):
        holders = [n for n in effects if sentence.cards[n].card is not None and re.search(
            r"\b(?:if|as long as|while) you (?:control|have)\b", sentence.cards[n].card.text, re.I)
            and _has_condition(sentence.cards[n].card)]
        if not holders:
            return
        sentence.use(m)
        n = holders[0]
        kind = "condition-false" if m.group("neg") else "condition-true"
        events.append((sentence.position(m) - 1000, f"{kind}:{sentence.cards[n].name}"))
        said = re.search(r"\b(?:if|as long as|while) you (?:control|have)\b[^.,;]*", sentence.cards[n].card.text, re.I)
        name = sentence.cards[n].name
        condition = said.group(0) if said else "If you control …"
        sentence.note(f"“{sentence.typed(m)} …” is read as {'not ' if m.group('neg') else ''}meeting "
                      f"{name}{'’' if name.endswith('s') else '’s'} condition “{condition}”")
        return


def _has_condition(card: Any) -> bool:
    """Whether the engine reads a condition in the card (one `condition-true:CARD` switches: GA4)."""
    try:
        from engine.rulesets.grand_archive.reading import read_card

        return any(e.condition or e.requires for e in read_card(card).effects)
    except Exception:  # an unreadable card has no condition the question can switch
        return False


def _mode_named(sentence: Sentence, effects: list[int]) -> None:
    """A "Choose one" mode the player names ("+4 power"): this question has no input that picks a mode, so the
    reading says plainly that the words could not be used and which mode they name."""
    for m in sentence.find(MODE_WORDS):
        said = m.group(0)
        for n in effects:
            card = sentence.cards[n].card
            if card is None or "choose one" not in card.text.lower():
                continue
            modes = [t.strip() for t in card.text.split("•")[1:]]
            named = [t for t in modes if said.replace(" ", "").lower() in t.replace(" ", "").lower()]
            if named:
                at = sorted(sentence.words_in(m.start(), m.end()))
                typed = sentence.text[sentence.words[at[0]].start:sentence.words[at[-1]].end]
                sentence.note(f"“{typed}” names the mode “{named[0]}” of {sentence.cards[n].name}; this question "
                              "cannot choose a mode yet, so the answer below is about the mode it says it takes, "
                              "which may not be that one")


class GrandArchivePhrases:
    """How `arbiter grand-archive` is asked in a sentence."""

    names = (r"grand archive", r"gatcg", r"ga")
    hints = (r"[a-z]+ (?:ally|allies)", r"buff counters?", r"debuff counters?", r"on the field", r"graveyards?",
             r"champions?", r"allies",
             r"ally", r"memory", r"regalia", r"phantasia", r"(?:\+|-)?\d+ (?:power|life)", r"end of combat")
    answers = ("about continuous effects: which effects reach an object, in what order they apply and how long "
               "each lasts (`/grand-archive ruling`)")
    cannot = (r"\bcosts?\b", r"\bprice\b", r"\bwhat element is §\d+", r"\belement of §\d+", r"\blegal\b",
              r"\bbanned\b", r"\bworth\b", r"\bany good\b", r"\brarity\b", r"\bdeck ?build")
    filler = frozenset({"buff", "buffs", "get", "gets", "give", "gives", "last", "lasts", "long", "effect", "effects",
                        "apply", "applies", "affect", "affects", "still", "keep", "keeps", "have", "has", "ability",
                        "abilities", "power", "life", "first", "which", "order", "end", "until", "work", "does",
                        "happens", "card", "reach", "reaches", "what", "about", "stop", "stops", "norm", "cast",
                        "casts", "casting", "activate", "activates", "activated", "play", "plays", "played"})

    def read(self, sentence: Sentence) -> Reading | Ask:
        cards = sentence.distinct()
        objects: list[tuple[int, str, bool]] = []  # (position, object text, arrives later)
        events: list[tuple[int, str]] = []
        for kind, pattern in CARD_EVENTS:
            for m in sentence.take(pattern):
                slot = next((g for g in m.groups() if g is not None), None)
                n = int(slot) if slot is not None else (cards[0] if cards else None)
                if n is not None:
                    events.append((sentence.position(m), f"{kind}:{sentence.cards[n].name}"))
        returned = sentence.take_first(RETURNED)
        for kind, pattern in EVENTS:
            for m in sentence.take(pattern):
                events.append((sentence.position(m), kind))
        later_than = sentence.take_first(LATER_THAN)
        order = list(cards)
        if later_than is not None:
            groups = [int(g) for g in later_than.groups() if g is not None]
            late, early = groups[0], groups[1]
            late, early = sentence.mentions(late)[0], sentence.mentions(early)[0]
            if late in order and early in order:
                order.remove(late)
                order.insert(order.index(early) + 1, late)
        # a card named as what arrives ("an automaton drone that comes in after him") is an object
        effects = []
        for n in order:
            span = sentence.cards[n]
            after = re.match(rf"\s*(?:{LATER})", sentence.norm[sentence.norm.index(f"§{n}") + len(f"§{n}"):])
            if effects and after and span.card is not None and "ALLY" in span.card.type.upper():
                objects.append((span.start, span.card.name, True))
                sentence.used |= sentence.words_in(sentence.norm.index(f"§{n}"), sentence.norm.index(f"§{n}")
                                                   + len(f"§{n}") + after.end())
            else:
                effects.append(n)
        for n in cards:
            for k in sentence.mentions(n):
                sentence.use_card(k)
        texts = " ".join(sentence.cards[n].card.text.lower() for n in effects if sentence.cards[n].card is not None)
        for m in list(sentence.find(OBJECT)):
            if not sentence.free(m):
                continue
            what = _object(m, texts)
            if what is None:
                continue
            sentence.use(m)
            rest = sentence.norm[m.end():]
            later = re.match(rf"\s*(?:{LATER})", rest) or (
                re.search(r"(?:then|after that|afterwards) $", sentence.norm[:m.start()])
                and re.match(r"\s*(?:enters?|comes? in|arrives?|is played)\b", rest))
            before = re.match(rf"\s*(?:{BEFORE})", rest)
            if later:
                sentence.used |= sentence.words_in(m.end(), m.end() + later.end())
            if before:
                sentence.used |= sentence.words_in(m.end(), m.end() + before.end())
            objects.append((sentence.position(m), what, bool(later)))
        # plurals of a subtype the effect names ("my automatons" for "Automaton allies")
        for m in list(sentence.find(r"(?:(?:my|their|your|the) )?([a-z]+)s\b")):
            word = m.group(1)
            if len(word) >= 4 and re.search(rf"\b{word} all(?:y|ies)\b", texts) and sentence.free(m):
                sentence.use(m)
                objects.append((sentence.position(m), f"ally:{word}", bool(re.match(rf"\s*(?:{LATER})",
                                                                                    sentence.norm[m.end():]))))
        if returned is not None and objects:
            objects = [(p, w, True) for p, w, _ in objects]
            sentence.note(f"“{sentence.typed(returned)}”: an object that left the field and came back is a new "
                          "object, so it is read as arriving after the effects")
        _condition_said(sentence, effects, events)
        _mode_named(sentence, effects)
        if sentence.take(LATER):  # "then an ally enters" said apart from the object
            objects = [(p, w, True) for p, w, _ in objects]
        sentence.take(BEFORE)
        if not effects:
            return Ask("no-card", "Which card's effect is it about? Only objects were named.")
        if any(not later for _, _, later in objects) and not sentence.has(BEFORE):
            sentence.note("An object the question does not say came in later is taken to be there before the "
                          "effects (ask “… that comes in later” for one arriving after them).")
        moments: list[tuple[str, str]] = [("object", w) for _, w, later in objects if not later]
        moments += [("effect", sentence.cards[n].name) for n in effects]
        moments += [("object", w) for _, w, later in objects if later]
        seen: set[str] = set()
        for _, event in sorted(events):
            if event not in seen:
                seen.add(event)
                moments.append(("then", event))
        inputs: dict[str, Any] = {
            "effect": [t for k, t in moments if k == "effect"], "object": [t for k, t in moments if k == "object"],
            "then": [t for k, t in moments if k == "then"], "moments": [list(x) for x in moments]}
        return sentence.reading("ruling", {k: v for k, v in inputs.items() if v})

    def slash_inputs(self, command: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
        moments = [tuple(x) for x in inputs.get("moments") or []]
        first_effect = next((i for i, (k, _) in enumerate(moments) if k == "effect"), len(moments))
        out: dict[str, Any] = {}
        before = [t for i, (k, t) in enumerate(moments) if k == "object" and i < first_effect]
        after = [t for i, (k, t) in enumerate(moments) if k == "object" and i > first_effect]
        for key, values in (("before", before), ("effect", [t for k, t in moments if k == "effect"]),
                            ("object", after), ("then", [t for k, t in moments if k == "then"])):
            if values:
                out[key] = "; ".join(values)
        if inputs.get("count"):
            out["count"] = "; ".join(inputs["count"])
        return out


def _object(m: re.Match[str], texts: str) -> str | None:
    """The object a phrase names, in the question's syntax (kind, :subtype, @zone, :opponent, [counters])."""
    word = m.group("kind")
    kind = KINDS.get(word)
    if kind is None:
        return None
    sub = (m.group("sub") or "").strip()
    owner = m.group("owner") or ""
    if sub in ("other", "new", "second", "another", "same", "attack", "target", "that", "this", "each", "those",
               "these", "any", "every", "all", "some", "one", "two", "three", "more", "most", "a", "an", "the",
               "norm", "of", "in", "to", "for", "and", "does", "do", "is", "are"):
        sub = ""
    if kind == "card" and not (m.group("zone") or m.group("attack")):
        return None  # "a card" without where it is names no object of this question
    if sub and not re.search(rf"\b{re.escape(sub)}\b", texts) and (sub.endswith("s") or len(sub) < 3):
        sub = ""
    text = "attack" if m.group("attack") else kind
    if sub:
        text += f":{sub}"
    zone = (m.group("zone") or "").split()
    if zone:
        place = zone[-1].rstrip("s") if zone[-1] != "memory" else "memory"
        text += f"@{place}"
    if owner in ("their", "his", "her", "enemy", "an opponents", "opponents", "opponent", "my opponents",
                 "my opponent") or re.search(r"opponents?", m.group(0)):
        text += ":opponent"
    if m.group("counters"):
        n = number(m.group("n"))
        if n is not None:
            text += f"[{m.group('ctype')}={n}]"
    return text


PHRASEBOOK = GrandArchivePhrases()
