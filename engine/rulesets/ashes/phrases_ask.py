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
from engine.sentence import NUMBER, NUMBER_WORDS, Ask, Reading, Sentence, number

NO_UNITS = (r"(?:with |and |when |while |if )?(?:there are |there s |theres )?no units?(?: (?:on|in) (?:the )?"
            r"(?:board|play|battlefield|either side|any battlefield|around))?|(?:when |while |if )?(?:they|i|he|she|"
            r"my opponent|the opponent|nobody|no one|opponent) (?:has|have|control|controls|had) no units?(?: (?:in "
            r"play|on (?:the|their|my) (?:board|battlefield)))?|no units around")
# "if I don't control any units", "I have no units": none of mine (the opponent's are taken to be there, and said)
NONE_MINE = (r"(?:i|we) (?:do not|don t|dont|did not|didn t|didnt) (?:have|control) any units?(?: (?:in play|on "
             r"(?:my|the) (?:board|battlefield)))?|(?:i|we) (?:have|control|had) no units?(?: (?:in play|on (?:my|the) "
             r"(?:board|battlefield)))?|my battlefield (?:is|was) empty|no units? of mine")
THEIRS = (r"(?:on |against |at |targeting |target |hit |hits |ping |pings )?(?:their|his|her|an opponents?|the "
          r"opponents?|opponents?|enemy|my opponents?) units?|(?:they|my opponent|the opponent|opponent) (?:has|have|"
          r"control|controls) (?:a |an |some |one |two |\d+ )?units?")
MINE = (r"(?:on |against |at |targeting |target )?(?:my|a friendly|friendly|my own) units?|i (?:have|control) "
        r"(?:a |an |some |one |two |\d+ )?units?")
BOTH = r"(?:we )?both (?:have|control) units?|units? on both sides"
BATTLEFIELD = r"(?:my |the |our )?battlefield (?:is |was |being )?full|full battlefield"
SPELLBOARD = r"(?:my |the |our )?spellboard (?:is |was |being )?full|full spellboard"
EXHAUSTED = (r"(?:while|when|if|and) (?:it s |its |it is |it was |is |i m |im )?(?:already )?exhausted|"
             r"is (?:already )?exhausted")
FOCUS = (rf"(?:focus(?:ed)?|with focus) (?P<n>{NUMBER}|twice|once)(?: times?)?|focused (?P<m>twice|once)|"
         rf"(?P<k>{NUMBER}) focus")
NO_CONJURATIONS = (rf"(?P<n>no|{NUMBER}) conjurations? left|(?:the )?conjuration pile (?:is )?empty|no more "
                   rf"conjurations")
FIRST = (r"(?:in |under |using |with |on |the )?(?:(?:the )?first edition|1e|1st edition|"
         r"(?:the )?old(?:er)? (?:version|text|wording|rules))")
REBORN = r"(?:in |under |using |with )?(?:ashes )?reborn(?: version| rules)?"
TRIGGER = r"(?:does|do|would|will|can) §(\d+) (?:trigger|fire|respond|react)|§(\d+) (?:triggers?|reacts?|fires?)"
PHOENIXBORN = (r"(?:on|at|targeting|target|against|hit|hits) (?P<who>my|their|his|her|the|an opponents?|opponents?|"
               r"the opponents?|my opponents?) phoenixborn")
X = rf"x (?:=|is|of|equals) (?P<n>{NUMBER})"
# dice said: "with 5 dice in my active pool" (--dice), "I spend 3 dice on a cost" (--exhausted-dice: at least those)
ACTIVE_DICE = (rf"(?:with |have |has |having |there are )?(?P<n>{NUMBER}) (?:active )?dice (?:in|on) "
               rf"(?:my |the |your )?active pool")
SPENT_DICE = (rf"(?:i )?(?:spend|spent|spending|pay|paid|paying|place|placed|placing|exhaust|exhausted) "
              rf"(?P<n>{NUMBER}) dice(?: (?:on|for|to pay) (?:a |the |its |my )?(?:cost|costs))?"
              rf"(?: (?:in|into) (?:my |the )?exhausted pool)?")
# "with 3 status tokens", "has 2 wounds": what is on the card used (a unit)
TOKENS_ON = (rf"(?:with|has|had|having|holding|carrying) (?P<n>{NUMBER}) (?P<kind>status|wound|exhaustion)"
             rf"(?: tokens?|s)?(?: on (?:it|him|her|them))?")
# "only 2 Prism Tetras left in my conjuration pile", "no Panther Spirits left": the conjuration named as a card
CONJ_LEFT = (rf"(?:there (?:are|is) )?(?:only )?(?P<n>{NUMBER}) (?:more )?§\d+ (?:are |is )?(?:left|remaining)"
             rf"(?: (?:in|on) (?:my |the |our )?conjuration pile)?|(?P<m>no) more §\d+")
# tokens said as a count: "5 wounds", "an exhaustion token", "2 status tokens" (a or an: one)
_COUNT = rf"(?P<n>{NUMBER}|an?)"
_KIND = r"(?P<kind>status|wound|exhaustion)(?: tokens?|s)?"
_HAS = r"(?:already )?(?:has|had|have|with|having|that has|which has|carrying|holding|now has)(?: already)?"
_WHO = r"(?P<who>my|their|his|her|the opponents?|my opponents?|an opponents?|opponents?|the)"
# "my Phoenixborn has 6 status tokens", "3 wounds on their Phoenixborn": what is on a player's Phoenixborn
PB_HAS = rf"{_WHO} phoenixborn {_HAS} {_COUNT} {_KIND}(?: on (?:it|him|her))?"
PB_ON = rf"(?:there (?:are|is|were|was) )?{_COUNT} {_KIND} on {_WHO} phoenixborn"
# "Iron Worker has 3 wounds on it", "2 status tokens on my Tidal Crab": what is on a named card
CARD_HAS = rf"§(?P<u>\d+) (?P<tail>{_HAS} {_COUNT} {_KIND}(?: on (?:it|him|her|them))?)"
CARD_ON = rf"(?P<tail>(?:there (?:are|is|were|was) )?{_COUNT} {_KIND} on) (?:my |their |the |his |her |opponents |" \
          rf"my opponents |an opponents )?§(?P<u>\d+)"
# "if it already has an exhaustion token on it": the card used
IT_HAS = rf"(?:\b(?:it|this card|this spell|this unit) {_HAS}|with) {_COUNT} {_KIND}(?: on (?:it|this))?(?<=\S)"
# "all my Ptera Hatchlings are already in play": none left in the conjuration pile
ALL_OUT = (r"all (?:of )?(?:my |the |our )?(?:\w+ )?(?:§\d+|conjurations?|\w+s) (?:are |is )?(?:already )?"
           r"(?:in play|on (?:my |the )?battlefield|out)")
# "my battlefield is full with a Biter and a Frost Talon": units of mine
FULL_WITH = r"\bfull (?P<w>(?:with|of) (?:a |an |the |my )?§\d+(?: (?:and|,) (?:a |an |the |my )?§\d+)*)"
# "they have no unexhausted ready spells", "my opponent has no cards in hand", "they do not": another player's
# "may" (Law Of Banishment, Anguish, Memory Theft) not done, so its "If they do not or cannot" happens
_THEY = r"(?:they|he|she|my opponent|the opponent|opponent|its controller|their controller|the other player)"
THEY_HAVE_NO = (rf"{_THEY} (?:has|have|had|controls?|controlled) no (?P<what>(?:\w+ ){{0,3}}?(?:cards?|spells?|dice|"
                rf"die|units?|conjurations?))(?: (?:in|on) (?:their |his |her )?(?:hand|draw pile|active pool|"
                rf"spellboard|battlefield))?")
THEY_DO_NOT = (rf"{_THEY} (?:do not|don t|dont|does not|doesn t|doesnt|cannot|can t|cant|won t|wont|will not|did not|"
               rf"didn t|didnt|refuses?|refused|declines?|declined|chooses? not)(?: (?:to )?(?:do it|do so|discard|"
               rf"pay|move))?")
# the asker uses the card (so "my unit" is theirs to say): "I attach Undaunted", "can my opponent cancel it with ..."
I_USE = (r"\bi (?:use|play|cast|attach|activate|resolve|summon|target)\b|\b(?:can|could|does|would|will) (?:my |the )?"
         r"opponent (?:cancel|play|use|respond|answer)|\b(?:my |the )?opponent (?:cancels?|plays?|uses?|responds?)\b")
# "I play Inkspill", "I use Blood Archer": the card used, when several are named
USED = (r"\bi (?:play|use|cast|played|used|activate|activated|resolve|resolved|trigger|triggered) "
        r"(?:my |a |an |the )?§(\d+)")
# an ability said by the action it costs: "Drain Vitality's side action", "its main action ability"
ACTION = (r"(?:(?<=§\d )|(?<=§\d\d )|(?<=§\d s )|(?<=§\d\d s )|\bits |\bthe )(?P<kind>main|side) action"
          r"(?: ability| effect)?")   # after the card named (its words are read as the card already)
# a count said as the card says it: "drawing 2" beside "Draw 2 cards" (its own number, not a board count)
OWN_COUNT = rf"\b(?P<verb>[a-z]{{3,}}) (?P<n>{NUMBER})\b"
# "a unit has two Shining Hydra Heads attached", "two Root Armors on my Iron Worker": alterations on one unit
TWO_ATTACHED = (rf"(?P<n>{NUMBER}) (?:copies of )?§(?P<a>\d+)s? (?:are )?(?:attached|on (?:it|him|her|"
                rf"(?:my |the |their )?(?:unit|§(?P<u>\d+))))")
# units on the board, named: "opponent has Blue Jaguar and Iron Worker", "my Iron Worker"
_AND = r"(?: (?:and|,) (?:a |an |the |my |their )?§\d+)*"
_STATE = r"(?:(?:unexhausted|exhausted|ready|damaged|wounded|undamaged) )?"
THEIR_UNITS = (rf"(?:my opponent|the opponent|opponent|they|he|she) (?:has|have|had|controls?|controlled) "
               rf"(?:a |an |the )?{_STATE}§\d+{_AND}|(?:their|opponents|the opponents|enemy|his|her) "
               rf"{_STATE}§\d+{_AND}")
MY_UNITS = rf"(?:i (?:have|had|control|controlled)|my) (?:a |an |the )?{_STATE}§\d+{_AND}"
# moments a trigger names, as players say them (our own list): a sentence's moment words pick the ability whose
# trigger names the same moments ("Battle Seer is declared as an attacker": "When this unit is declared as an
# attacker")
MOMENTS = {
    "declare": r"declar\w*",
    "attack": r"attack(?:er|ers|s|ed|ing)?",
    "block": r"block(?:er|ers|s|ed|ing)?",
    "guard": r"guard(?:s|ed|ing)?",
    # "is destroyed" (the card itself) and "destroys a unit" (by it) are two moments
    "destroyed": r"(?:is|was|gets|got|are|were|be|been|being) destroyed|dies|died|killed",
    "destroys": r"destroys|destroying|destroyed (?:a|an|the|their|its|one|two|\d+|that|this|my|your|his|her)",
    "opponent": r"(?:my |an |the )?opponents?",
    "leave": r"leaves? play|left play|removed from play",
    "damage": r"damaged?|wounds?|wounded",
    "target": r"target(?:s|ed|ing)?",
    "meditate": r"meditat\w*",
    "heal": r"heal(?:s|ed|ing)?",
    "discard": r"discard(?:s|ed|ing)?",
    "draw": r"draws?|drew|drawn",
    "dice": r"dice power|die power|dice",
    "round": r"(?:end|start|beginning) of (?:the |a )?round|round ends",
}
# moments that, said and read by no ability, leave the question unread: it is then asked back
ASK_MOMENTS = {"declare", "attack", "block", "guard", "destroyed", "destroys", "leave"}


class AshesPhrases:
    """How `/ashes ruling` is asked in a sentence."""

    names = (r"ashes(?: reborn)?", r"rise of the phoenixborn")
    hints = (r"phoenixborn", r"units?", r"battlefield", r"spellboard", r"conjurations?", r"dice", r"focus(?:ed)?",
             r"first edition", r"1e", r"reborn", r"exhaust(?:ed)?", r"wounds?", r"status tokens?")
    answers = "about what happens, step by step, when a card or ability is used (`/ashes ruling`)"
    cannot = (r"\blife value\b", r"\battack value\b", r"\brecover value\b", r"\bworth\b", r"\bany good\b",
              r"\blegal\b", r"\bbanned\b", r"\bdeck ?build", r"\brarity\b", r"\bworth running\b")
    filler = frozenset({"happens", "happen", "work", "works", "cancel", "cancels", "cancelled", "against", "use",
                        "used", "uses", "using", "play", "played", "plays", "trigger", "triggers", "damage", "does",
                        "still", "when", "comes", "into", "board", "around", "side", "prevent", "hits", "hit", "ping",
                        "spell", "spells", "ability", "vs", "response", "respond", "summon", "summons", "summoning"})

    def read(self, sentence: Sentence) -> Reading | Ask:
        inner = _ability_words_apart(_token_words_apart(sentence))
        if inner is sentence:
            return self._read(sentence)
        out = self._read(inner)  # "Leech Warrior's Shadow Drain": no card "Drain Vitality" named
        sentence.used |= inner.used
        sentence.notes[:] = inner.notes
        return out

    def _read(self, sentence: Sentence) -> Reading | Ask:
        cards = sentence.distinct()
        inputs: dict[str, Any] = {}
        roles: dict[int, str] = {}
        trigger = sentence.take_first(TRIGGER)
        if trigger is not None:
            n = int(next(g for g in trigger.groups() if g is not None))
            roles[sentence.mentions(n)[0]] = "reaction"
        placed = _placed(sentence, [n for n in cards if n not in roles])  # "no Panther Spirits left": no card used
        pool = [n for n in cards if n not in placed]
        cancels = [n for n in pool if n not in roles and _cancels(sentence.cards[n].card)]
        if len(pool) - len(roles) > 1 and cancels:
            roles[cancels[0]] = "cancel_with"
        rest = [n for n in pool if n not in roles]
        if len(rest) > 1:
            reactions = [n for n in rest if _reacts(sentence.cards[n].card)]
            if len(reactions) == 1 and len(rest) == 2:
                roles[reactions[0]] = "reaction"
                rest = [n for n in rest if n != reactions[0]]
        counts, said_counts = _counts_on_cards(sentence)  # "Iron Worker has 3 wounds on it"
        board = _board_units(sentence, rest + list(roles)) if len(rest) > 1 or (rest and roles) else {}
        for m in said_counts:  # read after the board: "on their Iron Worker that has 1 wound" is one phrase there
            sentence.use(m, "tail")
        left = [n for n in rest if n not in board]
        used = [sentence.mentions(int(m.group(1)))[0] for m in sentence.find(USED)]
        if len(left) != 1 and used and used[0] in rest + list(roles) and used[0] not in board:
            left = [used[0]]  # "I play Inkspill; opponent has Blue Jaguar and Iron Worker"
        elif len(left) > 1 and len(spells := [n for n in left if not _is_unit(sentence.cards[n].card)]) == 1 \
                and not roles:
            left = spells  # "my opponent's Biter is destroyed while Law of Banishment is in play": a unit is board
        sideless = [n for n in rest if n not in board and n not in left and n not in roles
                    and _is_unit(sentence.cards[n].card)]
        if len(left) == 1 and sideless:
            names = " and ".join(sentence.cards[n].name for n in sideless)
            return Ask("which-side", f"Whose is {names}, used with {sentence.cards[left[0]].name}: yours or your "
                                     f"opponent's? Say “my {sentence.cards[sideless[0]].name}” or “my opponent's "
                                     f"{sentence.cards[sideless[0]].name}”.")
        if len(left) == 1 and (left[0] in rest or set(rest) <= set(board)) \
                and all(n in board or n in left or n in roles for n in rest):
            roles.pop(left[0], None)  # "I play Choke; my opponent has X and Y": Choke used, X and Y its board
            rest = left
            board = {n: v for n, v in board.items() if n not in roles}
        else:
            board = {}
        if len(rest) != 1:
            names = ", ".join(sentence.cards[n].name for n in rest)
            return Ask("several-cards", f"Which card is used, and how do the others answer it ({names})? Name one "
                                        "card used, and “cancel it with X” or “does X trigger” for the others.")
        main = rest[0]
        inputs["card"] = sentence.cards[main].name
        for n, role in roles.items():
            inputs[role] = sentence.cards[n].name
        m = sentence.take_first(CONJ_LEFT)  # before the cards are used: it names the conjuration
        if m is not None and number(m.group("n") or m.group("m") or "") is not None:
            inputs["conjurations_left"] = str(number(m.group("n") or m.group("m")))
        # "all my Ptera Hatchlings are already in play": none left of what it places
        if any(p.conjurations for p in _printings(sentence.cards[main].card)) and sentence.take(ALL_OUT):
            inputs["conjurations_left"] = "0"
        for n in placed:
            sentence.note(f"“{sentence.cards[n].typed}” is the conjuration {inputs['card']} places, not a card used")
        units: list[str] = []
        for n, (said, side, wounds, targeted) in board.items():
            if side == "mine" and "cancel_with" in inputs and not sentence.has(I_USE):
                side = "theirs"  # "Golden Veil against X on my Gilder": the asker holds the cancel
                sentence.note(f"“{said}”, said by the player holding {inputs['cancel_with']}, is read as a unit of "
                              f"{inputs['card']}'s opponent (the question is asked from the side of the card used)")
            name = sentence.cards[n].name
            said_on = dict(counts.get(n, {}))
            if re.search(rf"(?<!un)exhausted {re.escape(sentence.cards[n].typed)}", said, re.I):
                said_on.setdefault("exhaustion", 1)   # "my opponent has an exhausted Frost Talon"
            if wounds and "wounds" not in said_on:
                said_on["wounds"] = wounds
            units.append(f"{name}@{side}" + _tokens_text(said_on))
            if targeted:
                inputs.setdefault("target", []).append(f"{_target_part(sentence.cards[main].card)}={name}@{side}")
            sentence.note(f"“{said}” is read as a unit in play ({name}, {'yours' if side == 'mine' else 'theirs'}"
                          f"), not a card used")
        twice = _attached_twice(sentence, main)   # read before the cards' words are marked read
        for n in cards:
            for k in sentence.mentions(n):
                sentence.use_card(k)
        first = sentence.take(FIRST)
        reborn = not first and sentence.take(REBORN)
        if first:
            inputs["ruleset"] = "1e"
        elif reborn:
            inputs["ruleset"] = "reborn"
        pbs: dict[str, dict[str, int]] = {}
        for m in [*sentence.take(PB_HAS), *sentence.take(PB_ON)]:  # "my Phoenixborn has 6 status tokens"
            mine = m.group("who") == "my"
            side = "theirs" if not mine or ("cancel_with" in inputs and not sentence.has(I_USE)) \
                else "mine"
            pbs.setdefault(side, {})[_kind(m.group("kind"))] = number(m.group("n")) or 0
        own = dict(counts.get(main, {}))
        # "if it already has an exhaustion token on it": the card used; never "my unit that has 1 exhaustion token"
        # (another unit's tokens: left unread, so the answer asks or says what it assumed)
        for m in [m for m in sentence.find(IT_HAS) if not _of_a_unit(sentence, m)]:
            sentence.use(m)
            own.setdefault(_kind(m.group("kind")), number(m.group("n")) or 0)
        m = next((m for m in sentence.find(TOKENS_ON) if not _of_a_unit(sentence, m)), None)
        if m is not None and number(m.group("n")) is not None:
            sentence.use(m)
            own.setdefault(_kind(m.group("kind")), number(m.group("n")) or 0)
        if own.pop("exhaustion", 0):
            inputs["exhausted"] = True  # the card used is exhausted
        if own and _is_unit(sentence.cards[main].card):
            units.insert(0, f"{inputs['card']}@mine" + _tokens_text(own))
        units += [f"phoenixborn@{side}" + _tokens_text(on) for side, on in pbs.items()]
        if units:
            inputs["unit"] = units
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
        if sentence.take(NO_UNITS):   # "when I have no units": none in play (as before)
            units.add("none")
        none_mine = bool(sentence.take(NONE_MINE))   # "if I don't control any units": only the opponent's
        if sentence.take(THEIRS):
            units.add("theirs")
        if sentence.take(MINE):
            units.add("mine")
        if units == {"mine"} and "cancel_with" in inputs and not sentence.has(I_USE):
            units = {"theirs"}  # "Golden Veil against X on my unit": the asker holds the cancel
            sentence.note(f"“my unit”, said by the player holding {inputs['cancel_with']}, is read as a unit of "
                          f"{inputs['card']}'s opponent (the question is asked from the side of the card used)")
        if none_mine and not units - {"theirs"}:   # "if I don't control any units": only the opponent's
            units = {"theirs"}
            sentence.note("“I don't control any units” is read as no units of yours; your opponent's units are taken "
                          "to be in play (say they have none to see that case)")
        elif none_mine and units == {"mine"}:
            units = {"none"}
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
        m = sentence.take_first(ACTIVE_DICE)
        if m is not None and number(m.group("n")) is not None:
            inputs["dice"] = str(number(m.group("n")))
        m = sentence.take_first(SPENT_DICE)
        if m is not None and number(m.group("n")) is not None:
            inputs["exhausted_dice"] = str(number(m.group("n")))
        m = sentence.take_first(X)
        if m is not None and number(m.group("n")) is not None:
            inputs["x"] = str(number(m.group("n")))
        card = sentence.cards[main].card
        if twice is not None:   # "two Shining Hydra Heads attached to my Iron Worker": on the unit named
            unit = next((u for u in inputs.get("unit", []) if not u.lower().startswith("phoenixborn@")
                         and (twice[0] is None or u.split("@")[0] == twice[0])), None)
            if unit is None and twice[0] is not None:
                unit = f"{twice[0]}@mine"
            if unit is not None:
                inputs["unit"] = [u for u in inputs.get("unit", []) if u != unit] + [
                    unit + "".join(f"/alteration={inputs['card']}" for _ in range(twice[1]))]
                sentence.use(twice[2])
        _own_counts(sentence, card)   # "drawing 2" beside "Draw 2 cards": the card's own number
        ability = _ability(sentence, card, inputs.get("ruleset")) or _by_action(sentence, card, inputs.get("ruleset"))
        if ability:
            inputs["ability"] = ability
            _by_moment(sentence, card, inputs.get("ruleset"), named=ability)  # its moment, said: read
        else:
            moment = _by_moment(sentence, card, inputs.get("ruleset"))
            if isinstance(moment, Ask):
                return moment
            if moment:
                inputs["ability"] = moment
        status = own.get("status")
        if "ability" not in inputs and status and not _is_unit(card) and \
                (spent := _status_ability(card, inputs.get("ruleset"))) is not None:
            # "Chant of Erosion has a status token and I attach Eroding": the spell is ready, and its ability that
            # removes a status token from it is the one used (not playing it from hand)
            inputs["ability"] = spent
            inputs.setdefault("unit", []).insert(0, f"{inputs['card']}@mine/status={status}")
            sentence.note(f"“{inputs['card']}” with {status} status token{'s' if status != 1 else ''} on it is read as "
                          f"the ready spell, used by its ability that removes status tokens from it (ability {spent})")
        declined = _their_refusal(sentence, card, inputs.get("ruleset"), inputs.get("ability"))
        if declined:
            inputs["decline"] = declined
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
            if any(k != n and (other := sentence.cards[k].card) is not None and (re.search(
                    rf"\b{re.escape(card.name)}s? conjurations?\b", other.text, re.I)
                    or card.name.casefold() in _names_in(other)) for k in rest):  # or its printing's conjurations
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

    def room() -> int:   # cards named that are not yet read as board: one must stay the card used
        return len(rest) - len([n for n in out if n in rest])

    def key(k: int, side: str) -> int | None:
        """The board entry of the card named at slot k: its first mention, or this mention when the same card is
        named again on the other side ("my Frost Talon and my opponent's Frost Talon")."""
        n = sentence.mentions(k)[0]
        if n in out and out[n][1] != side and k != n and k not in out:
            return k
        return n if n not in out else None

    for m in sentence.find(_ON_UNIT):
        side = "mine" if m.group("who") == "my" else "theirs"
        first = sentence.mentions(int(m.group("n")))[0]
        n = key(int(m.group("n")), side)
        card = sentence.cards[first].card
        if n is None or first not in rest or card is None or card.type not in ("Ally", "Conjuration") \
                or (n == first and room() < 2):
            continue
        sentence.use(m)
        wounds = number(m.group("w")) if m.group("w") else 0
        targeted = m.group("verb") in ("on", "at", "targeting", "target", "targets")
        out[n] = (sentence.typed(m), side, wounds or 0, targeted)
    # "my opponent has Blue Jaguar and Iron Worker", "my Iron Worker": units said with their side
    for pattern, side in ((THEIR_UNITS, "theirs"), (MY_UNITS, "mine"), (FULL_WITH, "mine")):
        for m in sentence.find(pattern):
            added = False
            for k in sentence.slots(m):
                first = sentence.mentions(k)[0]
                n = key(k, side)
                if n is not None and first in rest and _is_unit(sentence.cards[first].card) \
                        and (n != first or room() >= 2):
                    out[n] = (sentence.typed(m), side, 0, False)
                    added = True
            if added:
                sentence.use(m, "w" if "w" in m.groupdict() else 0)  # "full with X": "full" stays for the board
    return out


def _of_a_unit(sentence: Sentence, m: re.Match[str]) -> bool:
    """Whether a "with/has N tokens" phrase is said of an unnamed unit ("my unit that has 1 exhaustion token")."""
    return re.search(r"\bunits? (?:that |which |who )?$", sentence.norm[:m.start()]) is not None


def _by_action(sentence: Sentence, card: Card | None, ruleset: str | None) -> str | None:
    """The ability said by the action it costs ("Drain Vitality's side action"): the one ability used with it."""
    m = next(sentence.find(ACTION), None)
    if m is None or card is None:
        return None
    try:
        from engine.rulesets.ashes.abilities import read_abilities
        from engine.rulesets.ashes.resolve import ask_value

        p = next(iter(_printings(card) if ruleset != "1e" else reversed(_printings(card))), None)
        abilities = tuple(read_abilities(p)) if p is not None else ()
    except Exception:  # an unreadable printing: not told apart
        return None
    kind = m.group("kind")
    found = [a for a in abilities if a.kind != "play" and any(c.kind == kind for c in a.costs)] or \
        [a for a in abilities if any(c.kind == kind for c in a.costs)]
    if len(found) != 1:
        return None
    sentence.use(m)
    sentence.note(f"“{sentence.typed(m)}” is read as the ability that costs a {kind} action")
    return ask_value(found[0], abilities)


_NOT_VERBS = {"has", "have", "had", "with", "are", "there", "left", "only", "and", "the", "for", "dice", "die"}


def _own_counts(sentence: Sentence, card: Card | None) -> None:
    """A count said the way the card's own text says it ("drawing 2" beside "Draw 2 cards") is the card's number,
    read (not a board count left unread)."""
    texts = [plain_text(p) for p in _printings(card)]
    if not texts:
        return
    for m in list(sentence.find(OWN_COUNT)):
        verb, n = m.group("verb"), number(m.group("n"))
        if n is None or verb in _NOT_VERBS or m.group("n") == "no":
            continue
        stem = re.escape(verb[:4] if len(verb) > 4 else verb)
        words = [w for w, k in NUMBER_WORDS.items() if k == n and len(w) > 2]
        said = "|".join([str(n), *words])
        if any(re.search(rf"\b{stem}\w* (?:{said})\b", t, re.I) for t in texts):
            sentence.use(m)
            sentence.note(f"“{sentence.typed(m)}” is read as the card's own count, as its text says it")


def _attached_twice(sentence: Sentence, main: int) -> tuple[str | None, int, re.Match[str]] | None:
    """ "two Shining Hydra Heads attached to my Iron Worker": (the unit named, or None), the count, the phrase; a unit
    must be in the question for what stacks on it to be worked out."""
    m = next(sentence.find(TWO_ATTACHED), None)
    if m is None or sentence.mentions(int(m.group("a")))[0] != main:
        return None
    count = number(m.group("n"))
    card = sentence.cards[main].card
    if count is None or count < 2 or count > 4 or card is None or "alteration" not in card.type.lower():
        return None
    return (sentence.cards[int(m.group("u"))].name if m.group("u") is not None else None), count, m


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


def _ability(sentence: Sentence, card: Card | None, ruleset: str | None = None) -> str | None:
    """An ability of the card named in the sentence ("slash", "screams of the departed")."""
    if card is None:
        return None
    try:
        from engine.rulesets.ashes.abilities import read_abilities
        from engine.rulesets.ashes.editions import printing

        editions = ("1e", "reborn") if ruleset == "1e" else ("reborn", "1e")  # the edition asked about first
        names = [a.name for edition in editions if (p := printing(card, edition)) is not None
                 for a in read_abilities(p) if a.name]
    except Exception:  # an unreadable printing names no ability
        return None
    for name in sorted(dict.fromkeys(names), key=len, reverse=True):  # stable: the edition asked first
        folded = " ".join(re.findall(r"[a-z0-9]+", name.lower().replace("'", "").replace("’", "")))
        bare = re.sub(r" (?:\d+|x)$", "", folded)  # "Diminish 1" said "Diminish"
        said = re.escape(folded) if bare == folded else rf"{re.escape(bare)}(?: (?:\d+|x))?"
        m = sentence.take_first(rf"(?<![\w§]){said}(?![\w])") if folded else None
        if m is not None:
            return name.strip()
    return None


_REMOVES_OWN = re.compile(r"^remove (?:\d+|an?|one|all) status tokens? from this spell\b", re.I)


def _status_ability(card: Card | None, ruleset: str | None) -> str | None:
    """The one ability of a ready spell that removes status tokens from it as its first step ("Remove 1 status token
    from this spell to attach an Eroding ..."), as --ability names it; None when none or several."""
    if card is None:
        return None
    try:
        from engine.rulesets.ashes.abilities import read_abilities
        from engine.rulesets.ashes.editions import printing
        from engine.rulesets.ashes.resolve import ask_value

        p = printing(card, ruleset or "reborn") or printing(card, "1e")
        abilities = tuple(read_abilities(p)) if p is not None and p.type == "Ready Spell" else ()
    except Exception:  # an unreadable printing: not told apart
        return None
    found = [a for a in abilities if a.kind != "play" and a.parts and _REMOVES_OWN.match(a.parts[0].text)]
    return ask_value(found[0], abilities) if len(found) == 1 else None


PHRASEBOOK = AshesPhrases()


def _is_unit(card: Card | None) -> bool:
    return card is not None and bool(re.search(r"\b(?:ally|conjuration)\b", card.type, re.I))


def plain_text(p: Any) -> str:
    """A printing's whole text in words (Reborn: its text block; first edition: its abilities)."""
    from engine.rulesets.ashes.editions import plain

    if p.text is not None:
        return plain(p.text)
    return " ".join(plain(str(a.get("text", ""))) for a in p.abilities or ())


def _printings(card: Card | None) -> list[Any]:
    if card is None:
        return []
    try:
        from engine.rulesets.ashes.editions import printing

        return [p for edition in ("reborn", "1e") if (p := printing(card, edition)) is not None]
    except Exception:  # an unreadable printing names nothing
        return []


def _names_in(card: Card | None) -> set[str]:
    """Cards a card's printings name: the conjurations it summons, and names its text says."""
    out: set[str] = set()
    for p in _printings(card):
        out |= {c.casefold() for c in p.conjurations}
    return out


def _short(text: str, size: int = 60) -> str:
    return text if len(text) <= size else text[: size - 1].rstrip() + "…"


def _stems(text: str) -> set[str]:
    return {stem for stem, rx in MOMENTS.items() if re.search(rf"\b(?:{rx})\b", text)}


def _by_moment(sentence: Sentence, card: Card | None, ruleset: str | None,
               named: str | None = None) -> str | Ask | None:
    """The ability whose trigger names the moments the sentence says ("is declared as an attacker"): its name or
    number; None when the sentence says no moment or the card's play (from hand) is the one that names them; an
    Ask when a moment is said that no ability of the card reads, or several read it alike."""
    said: dict[str, list[re.Match[str]]] = {}
    for stem, rx in MOMENTS.items():
        for m in sentence.find(rf"\b(?:{rx})\b"):
            said.setdefault(stem, []).append(m)
    if not said or card is None:
        return None
    try:
        from engine.rulesets.ashes.abilities import read_abilities
        from engine.rulesets.ashes.editions import printing
        from engine.rulesets.ashes.resolve import ask_value

        p = None
        for edition in ((ruleset,) if ruleset else ("reborn", "1e")):
            p = printing(card, edition)
            if p is not None:
                break
        abilities = tuple(read_abilities(p)) if p is not None else ()
    except Exception:  # an unreadable printing: its abilities cannot be told apart
        return None
    if named is not None:  # the ability named: only its own moment's words are read
        abilities_named = tuple(a for a in abilities if a.name and a.name.strip() == named)
        if not abilities_named:
            return None
    scored = []
    for a in (abilities if named is None else abilities_named):
        words = a.trigger.words if a.trigger is not None else (a.text if a.kind == "passive" else "")
        stems = _stems(words.lower())
        implied = "leave" in stems and "destroyed" not in stems and "destroyed" in said
        hit = (stems | ({"destroyed"} if implied else set())) & set(said)
        if hit - {"opponent"}:  # "an opponent" alone is no moment
            # a unit destroyed leaves play (Ashes Reborn rulebook, "Destroyed"): a "leaves play" trigger reads it,
            # after one that says "destroyed" itself
            scored.append((len(hit) - (0.5 if implied else 0), a, hit))
    others = [a for a in abilities if a.kind != "play"]
    if named is not None and scored:
        _use_moment(sentence, said, scored[0][1], scored[0][2])
        return None
    if not scored or named is not None:
        if set(said) & ASK_MOMENTS and others:
            words = "; ".join(f"“{sentence.typed(ms[0])}”" for stem, ms in said.items() if stem in ASK_MOMENTS)
            names = "; ".join(f"{ask_value(a, abilities)} (“{_short(a.trigger.words if a.trigger else a.text)}”)"
                              for a in others)
            return Ask("cannot-ask", f"You said {words}: none of {card.name}'s abilities is used at that moment as "
                                     f"far as its text reads. Which one is used? Its abilities: {names}.")
        return None
    best = max(n for n, _, _ in scored)
    top = [(a, hit) for n, a, hit in scored if n == best]
    if len({a.index for a, _ in top}) > 1:
        names = ", ".join(ask_value(a, abilities) for a, _ in top)
        return Ask("cannot-ask", f"{card.name} has several abilities for that moment ({names}): which one is used? "
                                 "Name it.")
    ability, hit = top[0]
    _use_moment(sentence, said, ability, hit)
    return None if ability.kind == "play" else ask_value(ability, abilities)


def _use_moment(sentence: Sentence, said: dict[str, list[re.Match[str]]], ability: Any, hit: set[str]) -> None:
    """Marks the moment's words read, with the unit it is said of ("a unit is destroyed") when the trigger names a
    unit too."""
    unit = "unit" in (ability.trigger.words if ability.trigger is not None else ability.text).lower()
    for stem in hit:
        for m in said[stem]:
            sentence.use(m)
            before = re.search(r"(?:(?:a|an|the|my|their|his|her|enemy|opponents|an opponents|my opponents) )?"
                               r"units? $", sentence.norm[:m.start()])
            if unit and before is not None:
                sentence.used |= sentence.words_in(before.start(), before.end())


def _ability_names(card: Card | None) -> set[str]:
    try:
        from engine.rulesets.ashes.abilities import read_abilities
    except Exception:  # pragma: no cover - the module is part of this package
        return set()
    out = set()
    for p in _printings(card):
        try:
            out |= {a.name for a in read_abilities(p) if a.name}
        except Exception:  # an unreadable printing names no ability
            continue
    return out


def _ability_words_apart(sentence: Sentence) -> Sentence:
    """The sentence without the card spans that lie inside the name of an ability of another card named
    ("Leech Warrior's Shadow Drain": "Drain" is no card Drain Vitality; "Skybreak Captain's Aerial Command")."""
    norms = [w.norm for w in sentence.words]
    drop = set()
    for i, span in enumerate(sentence.cards):
        for j, other in enumerate(sentence.cards):
            if j == i or other.card is None or (sentence.identity(j) == sentence.identity(i) and span.how == "exact") \
                    or span.name.casefold() in _names_in(other.card):  # its conjuration, named (Ice Buff)
                continue
            for name in _ability_names(other.card):
                full = re.findall(r"[a-z0-9]+", name.lower().replace("'", "").replace("’", ""))
                for tokens in {tuple(full), tuple(re.sub(r" (?:\d+|x)$", "", " ".join(full)).split())}:
                    size = len(tokens)
                    for start in range(max(0, span.end - size), span.start + 1):
                        if start + size >= span.end and tuple(norms[start:start + size]) == tokens \
                                and not other.start <= start < other.end:
                            drop.add(i)
    if not drop:
        return sentence
    return Sentence(sentence.text, sentence.words, [c for k, c in enumerate(sentence.cards) if k not in drop],
                    sentence.game, used=set(sentence.used), notes=list(sentence.notes))


# a token word said as a count ("5 wounds", "an exhaustion token", "2 status tokens"): the board, never a card
# ("wounds" alone is no Lick Wounds)
_TOKEN_WORD = r"(?:wounds?|status|exhaustion|tokens?)"


def _token_words_apart(sentence: Sentence) -> Sentence:
    """The sentence without the card spans that are only token words said as a count ("My Phoenixborn has 5
    wounds": no card Lick Wounds)."""
    norms = [w.norm for w in sentence.words]
    drop = set()
    for i, span in enumerate(sentence.cards):
        words = norms[span.start:span.end]
        if not words or not all(re.fullmatch(_TOKEN_WORD, w) for w in words):
            continue
        before = norms[span.start - 1] if span.start else ""
        after = norms[span.end] if span.end < len(norms) else ""
        if re.fullmatch(rf"{NUMBER}|an?|any|more|many|the|of|status|exhaustion|wound", before) \
                or re.fullmatch(r"tokens?|on", after):
            drop.add(i)
    if not drop:
        return sentence
    return Sentence(sentence.text, sentence.words, [c for k, c in enumerate(sentence.cards) if k not in drop],
                    sentence.game, used=set(sentence.used), notes=list(sentence.notes))


def _kind(word: str) -> str:
    return "wounds" if word.startswith("wound") else word


def _tokens_text(on: Mapping[str, int]) -> str:
    """What is on a unit, as `--unit` takes it: "/wounds=3/status=1/exhausted"."""
    out = "".join(f"/{k}={v}" for k, v in on.items() if k != "exhaustion")
    tired = on.get("exhaustion")
    return out + ("" if tired is None else "/exhausted" if tired == 1 else f"/exhaustion={tired}")


def _counts_on_cards(sentence: Sentence) -> tuple[dict[int, dict[str, int]], list[re.Match[str]]]:
    """Tokens said on a named card ("Iron Worker has 3 wounds on it", "2 status tokens on my Tidal Crab"): card
    number (first mention) -> kind -> count, and the phrases, whose count's words ("tail") the caller marks read
    once the board is read (the card's own words stay for the board)."""
    out: dict[int, dict[str, int]] = {}
    found = []
    for pattern in (CARD_HAS, CARD_ON):
        for m in sentence.find(pattern):
            count = number(m.group("n"))
            if count is None:
                continue
            n = sentence.mentions(int(m.group("u")))[0]
            out.setdefault(n, {}).setdefault(_kind(m.group("kind")), count)
            found.append(m)
    return out, found


def _their_refusal(sentence: Sentence, card: Card | None, ruleset: str | None, wanted: str | None) -> list[str]:
    """The parts that are another player's "may" which the sentence says they do not or cannot do ("they have no
    unexhausted ready spells": the part naming ready spells; "they do not": every such part)."""
    if card is None:
        return []
    try:
        from engine.rulesets.ashes.abilities import read_abilities
        from engine.rulesets.ashes.editions import printing
        from engine.rulesets.ashes.resolve import pick_ability

        p = printing(card, ruleset or "reborn") or printing(card, "1e")
        abilities = read_abilities(p) if p is not None else ()
        ability = pick_ability(abilities, wanted, card.name, p.type) if abilities and p is not None else None
    except Exception:  # an unreadable printing: nothing to decline
        return []
    theirs = [part for part in (ability.parts if ability is not None else ())
              if part.optional and any("not by you" in n for n in part.notes)]
    if not theirs:
        return []
    out: list[int] = []
    for m in sentence.find(THEY_HAVE_NO):
        noun = m.group("what").split()[-1]
        said = r"(?:dice|die)" if noun in ("dice", "die") else rf"{re.escape(noun.rstrip('s'))}s?"
        hits = [part.n for part in theirs if re.search(rf"\b{said}\b", part.text, re.I)]
        if hits:
            sentence.use(m)
            out += hits[:1]
    if not out and sentence.take(THEY_DO_NOT):
        out = [part.n for part in theirs]
    return [str(n) for n in dict.fromkeys(out)]
