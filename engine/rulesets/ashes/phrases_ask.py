"""Ashes' question asked in a sentence: `/ashes ruling card: units: battlefield_full: cancel_with: ...`.

"can Golden Veil cancel Fatal Strike on my Phoenixborn?" reads as `arbiter ashes "Fatal Strike" --cancel-with
"Golden Veil" --target 1=phoenixborn@theirs`. The card used is the one named that is not answering it: a card
whose text cancels ("cancel that effect") is the opponent's cancel, a reaction spell named with "does X trigger"
the reaction. The board: "with no units" (units none), "their unit", "they have units" (theirs), "my unit"
(mine), "my battlefield is full", "my spellboard is full", "focused twice", "no conjurations left", "while it's
exhausted". "first edition" / "1e" asks under the first-edition rules. "on my Phoenixborn" said by the player
holding the cancel is the Phoenixborn of the card user's opponent: the question is asked from the card user's
side, and that is said.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.cards import Card
from engine.sentence import NUMBER, Ask, Reading, Sentence, number

NO_UNITS = (r"(?:with |and |when |while |if )?(?:there are |there s |theres )?no units?(?: (?:on|in) (?:the )?"
            r"(?:board|play|battlefield|either side|any battlefield|around))?|(?:when |while |if )?(?:they|i|he|she|"
            r"my opponent|the opponent|nobody|no one|opponent) (?:has|have|control|controls|had) no units?(?: (?:in "
            r"play|on (?:the|their|my) (?:board|battlefield)))?|no units around")
THEIRS = (r"(?:on |against |at |targeting |target |hit |hits |ping |pings )?(?:their|his|her|an opponents?|the "
          r"opponents?|opponents?|enemy|my opponents?) units?|(?:they|my opponent|the opponent|opponent) (?:has|have|"
          r"control|controls) (?:a |an |some |one |two |\d+ )?units?")
MINE = (r"(?:on |against |at |targeting |target )?(?:my|a friendly|friendly|my own) units?|i (?:have|control) "
        r"(?:a |an |some |one |two |\d+ )?units?")
BOTH = r"(?:we )?both (?:have|control) units?|units? on both sides"
BATTLEFIELD = r"(?:my |the |our )?battlefield (?:is |was |being )?full|full battlefield"
SPELLBOARD = r"(?:my |the |our )?spellboard (?:is |was |being )?full|full spellboard"
EXHAUSTED = r"(?:while|when|if|and) (?:it s |its |it is |it was |is |i m |im )?exhausted|is exhausted"
FOCUS = (rf"(?:focus(?:ed)?|with focus) (?P<n>{NUMBER}|twice|once)(?: times?)?|focused (?P<m>twice|once)|"
         rf"(?P<k>{NUMBER}) focus")
NO_CONJURATIONS = (rf"(?P<n>no|{NUMBER}) conjurations? left|(?:the )?conjuration pile (?:is )?empty|no more "
                   rf"conjurations")
FIRST = (r"(?:in |under |using |with |on |the )?(?:(?:the )?first edition|1e|1st edition|"
         r"(?:the )?old(?:er)? (?:version|text|wording|rules))")
REBORN = r"(?:in |under |using |with )?(?:ashes )?reborn(?: version| rules)?"
TRIGGER = r"(?:does|do|would|will|can) §(\d+) (?:trigger|fire|respond|react)|§(\d+) (?:triggers?|reacts?|fires?)"
PHOENIXBORN = (r"(?:on|at|targeting|target|against|hit|hits) (?P<who>my|their|his|her|the|an opponents?|opponents?|"
               r"the opponents?) phoenixborn")
X = rf"x (?:=|is|of|equals) (?P<n>{NUMBER})"


class AshesPhrases:
    """How `/ashes ruling` is asked in a sentence."""

    names = (r"ashes(?: reborn)?", r"rise of the phoenixborn")
    hints = (r"phoenixborn", r"units?", r"battlefield", r"spellboard", r"conjurations?", r"dice", r"focus(?:ed)?",
             r"first edition", r"1e", r"reborn", r"exhaust(?:ed)?", r"wounds?", r"status tokens?")
    answers = "about what happens, step by step, when a card or ability is used (`/ashes ruling`)"
    cannot = (r"\blife value\b", r"\battack value\b", r"\brecover value\b", r"\bworth\b", r"\bany good\b",
              r"\blegal\b", r"\bbanned\b", r"\bdeck ?build", r"\brarity\b", r"\bworth running\b")
    filler = frozenset({"happens", "happen", "work", "works", "cancel", "cancels", "cancelled", "against", "use",
                        "used", "using", "play", "played", "trigger", "triggers", "damage", "does", "still", "when",
                        "comes", "into", "board", "around", "side", "prevent", "hits", "hit", "ping", "spell",
                        "spells", "ability", "vs", "response", "respond", "summon", "summons", "summoning"})

    def read(self, sentence: Sentence) -> Reading | Ask:
        cards = sentence.distinct()
        inputs: dict[str, Any] = {}
        roles: dict[int, str] = {}
        trigger = sentence.take_first(TRIGGER)
        if trigger is not None:
            n = int(next(g for g in trigger.groups() if g is not None))
            roles[sentence.mentions(n)[0]] = "reaction"
        placed = _placed(sentence, [n for n in cards if n not in roles])
        cancels = [n for n in cards if n not in roles and n not in placed and _cancels(sentence.cards[n].card)]
        if len(cards) - len(roles) - len(placed) > 1 and cancels:
            roles[cancels[0]] = "cancel_with"
        rest = [n for n in cards if n not in roles]
        if len(rest) > 1:
            reactions = [n for n in rest if _reacts(sentence.cards[n].card)]
            if len(reactions) == 1 and len(rest) == 2:
                roles[reactions[0]] = "reaction"
                rest = [n for n in rest if n != reactions[0]]
        rest = [n for n in rest if n not in placed]
        board = _board_units(sentence, rest) if len(rest) > 1 else {}
        rest = [n for n in rest if n not in board]
        if len(rest) != 1:
            names = ", ".join(sentence.cards[n].name for n in rest)
            return Ask("several-cards", f"Which card is used, and how do the others answer it ({names})? Name one "
                                        "card used, and “cancel it with X” or “does X trigger” for the others.")
        main = rest[0]
        inputs["card"] = sentence.cards[main].name
        for n, role in roles.items():
            inputs[role] = sentence.cards[n].name
        for n in placed:
            sentence.note(f"“{sentence.cards[n].typed}” is the conjuration {inputs['card']} places, not a card used")
        if board:
            inputs["unit"] = []
            for n, (said, side, wounds, targeted) in board.items():
                if side == "mine" and "cancel_with" in inputs and not sentence.has(r"\bi (?:use|play|cast)\b"):
                    side = "theirs"  # "Golden Veil against X on my Gilder": the asker holds the cancel
                    sentence.note(f"“{said}”, said by the player holding {inputs['cancel_with']}, is read as a unit of "
                                  f"{inputs['card']}'s opponent (the question is asked from the side of the card used)")
                name = sentence.cards[n].name
                inputs["unit"].append(f"{name}@{side}" + (f"/wounds={wounds}" if wounds else ""))
                if targeted:
                    inputs.setdefault("target", []).append(f"{_target_part(sentence.cards[main].card)}={name}@{side}")
                sentence.note(f"“{said}” is read as a unit in play ({name}, {'yours' if side == 'mine' else 'theirs'}"
                              f"), not a card used")
        for n in cards:
            for k in sentence.mentions(n):
                sentence.use_card(k)
        target = sentence.take_first(PHOENIXBORN)
        if target is not None:
            mine = target.group("who") == "my"
            side = "theirs" if (mine and "cancel_with" in inputs) or not mine else "mine"
            part = _target_part(sentence.cards[main].card)
            inputs["target"] = [f"{part}=phoenixborn@{side}"]
            if mine and side == "theirs":
                sentence.note("“my Phoenixborn”, said by the player holding the cancel, is read as the Phoenixborn "
                              f"of {inputs['card']}'s opponent (the question is asked from the side of the card used).")
        units = set()
        if sentence.take(BOTH):
            units |= {"mine", "theirs"}
        if sentence.take(NO_UNITS):
            units.add("none")
        if sentence.take(THEIRS):
            units.add("theirs")
        if sentence.take(MINE):
            units.add("mine")
        if units == {"mine"} and "cancel_with" in inputs and not sentence.has(r"\bi (?:use|play|cast)\b"):
            units = {"theirs"}  # "Golden Veil against X on my unit": the asker holds the cancel
            sentence.note(f"“my unit”, said by the player holding {inputs['cancel_with']}, is read as a unit of "
                          f"{inputs['card']}'s opponent (the question is asked from the side of the card used)")
        if units:
            units.discard("none") if len(units) > 1 else None
            inputs["units"] = "both" if {"mine", "theirs"} <= units else next(iter(units))
        if sentence.take(BATTLEFIELD):
            inputs["battlefield_full"] = True
        if sentence.take(SPELLBOARD):
            inputs["spellboard_full"] = True
        if sentence.take(EXHAUSTED):
            inputs["exhausted"] = True
        m = sentence.take_first(FOCUS)
        if m is not None:
            said = m.group("n") or m.group("m") or m.group("k") or ""
            count = number(said)
            if count is not None and 0 < count <= 2:
                inputs["focus"] = str(count)
        m = sentence.take_first(NO_CONJURATIONS)
        if m is not None:
            count = number(m.group("n") or "no") if m.groupdict().get("n") else 0
            inputs["conjurations_left"] = str(count or 0)
        m = sentence.take_first(X)
        if m is not None and number(m.group("n")) is not None:
            inputs["x"] = str(number(m.group("n")))
        ability = _ability(sentence, sentence.cards[main].card)
        if ability:
            inputs["ability"] = ability
        if sentence.take(FIRST):
            inputs["ruleset"] = "1e"
        elif sentence.take(REBORN):
            inputs["ruleset"] = "reborn"
        return sentence.reading("ruling", inputs)

    def slash_inputs(self, command: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
        return {k: ("; ".join(v) if isinstance(v, list) else v) for k, v in inputs.items() if k != "ruleset"}


def _placed(sentence: Sentence, rest: list[int]) -> list[int]:
    """Conjurations another named card places ("two Mist Spirits with one Summon Mist Spirit"): what it makes, not a
    card used (89 Summon cards name their conjuration)."""
    out = []
    for n in rest:
        span = sentence.cards[n]
        for card in [span.card] if span.card is not None else list(span.candidates):
            if "conjur" not in card.type.lower():
                continue
            if any(k != n and (other := sentence.cards[k].card) is not None and re.search(
                    rf"\b{re.escape(card.name)}s? conjurations?\b", other.text, re.I) for k in rest):
                if span.card is None:  # "Ocean's Eyes" beside Summon Ocean's Eyes: the conjuration it places
                    sentence.cards[n] = replace(span, card=card, how="chosen", candidates=())
                out.append(n)
                break
    return out


# "on my Gilder", "attacks a Gilder with 1 wound on it", "targeting their Iron Worker": a unit in play
_ON_UNIT = (r"(?P<verb>on|at|targeting|targets?|against|attacks?|attacking|blocks?|blocking|guards?|guarding|hits?)"
            r" (?P<who>my|their|his|her|an?|the|opponents?|my opponents?|an opponents?|enemy)? ?§(?P<n>\d+)"
            rf"(?: (?:with|that has|having) (?P<w>{NUMBER}) wounds?(?: (?:tokens? )?on (?:it|him|her))?)?")


def _board_units(sentence: Sentence, rest: list[int]) -> dict[int, tuple[str, str, int, bool]]:
    """Units (allies, conjurations) the sentence places on the board beside the card used: n -> (the words, side,
    wounds, targeted). The card used is then the one left."""
    out: dict[int, tuple[str, str, int, bool]] = {}
    for m in sentence.find(_ON_UNIT):
        n = sentence.mentions(int(m.group("n")))[0]
        card = sentence.cards[n].card
        if n not in rest or card is None or card.type not in ("Ally", "Conjuration") or len(rest) - len(out) < 2:
            continue
        sentence.use(m)
        side = "mine" if m.group("who") == "my" else "theirs"
        wounds = number(m.group("w")) if m.group("w") else 0
        targeted = m.group("verb") in ("on", "at", "targeting", "target", "targets")
        out[n] = (sentence.typed(m), side, wounds or 0, targeted)
    return out


def _cancels(card: Card | None) -> bool:
    return card is not None and bool(re.search(r"\bcancel\b", card.text, re.I))


def _reacts(card: Card | None) -> bool:
    return card is not None and bool(re.search(r"you may play this spell (?:after|when)", card.text, re.I))


def _target_part(card: Card | None) -> int:
    """The first part of the card's ability that chooses a target (1 when it cannot be read)."""
    if card is None:
        return 1
    try:
        from engine.rulesets.ashes.abilities import read_abilities
        from engine.rulesets.ashes.editions import printing

        p = printing(card, "reborn") or printing(card, "1e")
        for ability in read_abilities(p) if p is not None else ():
            for part in ability.parts:
                if part.targets:
                    return part.n
    except Exception:  # an unreadable printing: the first part
        return 1
    return 1


def _ability(sentence: Sentence, card: Card | None) -> str | None:
    """An ability of the card named in the sentence ("slash", "screams of the departed")."""
    if card is None:
        return None
    try:
        from engine.rulesets.ashes.abilities import read_abilities
        from engine.rulesets.ashes.editions import printing

        names = {a.name for edition in ("reborn", "1e") if (p := printing(card, edition)) is not None
                 for a in read_abilities(p) if a.name}
    except Exception:  # an unreadable printing names no ability
        return None
    for name in sorted(names, key=len, reverse=True):
        folded = " ".join(re.findall(r"[a-z0-9]+", name.lower().replace("'", "").replace("’", "")))
        m = sentence.take_first(rf"(?<![\w§]){re.escape(folded)}(?![\w])") if folded else None
        if m is not None:
            return name.strip()
    return None


PHRASEBOOK = AshesPhrases()
