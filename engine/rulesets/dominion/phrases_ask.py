"""Dominion's question asked in a sentence: `/dominion ruling chain: on: skip_next_turn:`.

"if I Throne Room a Wharf, when does the Throne Room leave play?" reads as `/dominion ruling chain: Throne Room >
Wharf`. A card that plays another ("X on Y", "X a Y", "X playing Y", "BoM as a Fishing Village") makes a chain
"X > Y"; cards named side by side ("Voyage and Lich") are separate plays, unless the first plays cards, when "and"
reads two ways and is asked back. A card named again is the same card ("...when does the Throne Room leave").
"on my opponent's turn" is `on: opponent-turn`; "during an extra turn" the chain "extra-turn"; "my next turn is
skipped" `skip_next_turn`; "if I discarded nothing" the choice of a card whose text discards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.cards import Card
from engine.sentence import Ask, Option, Reading, Sentence

# "X on Y", "X a Y", "X playing Y", "X as a Y", "X > Y", "X, Y" when X plays cards
LINK = (r"§(\d+) (?:(?:on|onto|into|with|using|uses|>|to play|plays|playing|played|play|that plays|which plays|"
        r"as|becoming|copying|on top of)(?: (?:a|an|the|my|another))? |(?:a|an|my|the) )?§(\d+)")
SIDE = r"§(\d+) (?:and|then|&|\+|and then|then a|and a|and an|and the|with a) §(\d+)"
OPPONENT = (r"(?:on|during|in) (?:my |an |the |another )?(?:opponents?|other players?|someone elses?)(?: s)? turns?|"
            r"(?:on|during) (?:their|his|her) turn|(?:on|during) opponents turn")
MINE = r"(?:on|during) my (?:own )?turn(?! is skipped)"
EXTRA = (r"(?:during|on|in|for|taking) (?:an|the|my|this) extra turn(?: (?:from|given by|by|of|via) (?:an? |my |the )?"
         r"§(\d+))?|(?:this|it) is an extra turn")
SKIP = r"(?:my |the )?next turn (?:is |gets |was )?skipped|skip(?:s|ping)? (?:my |the )?next turn"
DISCARD_NOTHING = (r"(?:if |when )?(?:i |you )?(?:discard(?:ed|s)?|had) (?:nothing|no cards?|zero cards?)(?: in hand)?|"
                   r"(?:without|didn t) discard(?:ing)? (?:anything|any cards?)")
# "my opponent plays a Militia", "when another player attacks": the turn is theirs, and their card is not a play of
# yours (the question is then about your Reaction: Horse Traders set aside, Moat revealed)
THEIR_PLAY = (r"(?:my |an |the |another )?(?:opponents?|other players?|someone)(?: s)? (?:plays?|played|playing|"
              r"attacks? (?:me )?with|attacked (?:me )?with|uses?|used) (?:a |an |the |his |her |their )?§(\d+)")
THEIR_ATTACK = (r"(?:when|after|as|if|while) (?:my |an |the |another )?(?:opponents?|other players?)(?: s)? "
                r"(?:attacks?|attacked|plays? an attack(?: card)?|played an attack(?: card)?)")
REACTED = r"(?:set(?:s|ting)? aside|reveal(?:s|ed|ing)?|discard(?:s|ed|ing)?) (?:my |a |an |the )?(?=§\d+)"
# "my opponent's Torturer": a card of another player, not a play of yours (their turn)
THEIR_CARD = r"\b(?:my |the |an )?(?:opponents|(?:an)?other players|someone elses) §(\d+)"
# "gained a Duchy with it", "bought a Province": a card gained is not a card played (unless it plays cards itself:
# Farmhands, gained, plays one); and a card said to move itself ("trash it", "returned it to its pile") did so
# What else happened to a card that is no play of it: "named Gold", "revealed a Copper", "set aside a Gold from my
# hand", "discarded X from my hand", "received The Field's Gift". Such a card is not in the chain of plays either.
GAINED = r"(gain(?:ed|s|ing)?|bought|buy(?:s|ing)?) (?:a |an |the |another |one )?§(\d+)"
NOT_PLAYED = (r"(name(?:d|s)?|naming|reveal(?:ed|s|ing)?|gain(?:ed|s|ing)?|bought|buy(?:s|ing)?|receiv(?:e|ed|es|ing)|"
              r"dr[ae]w(?:s|n)?|set(?:s|ting)? aside|discard(?:ed|s|ing)?|trash(?:ed|es|ing)?|exiled?|topdeck(?:ed)?) "
              r"(?:a |an |the |another |my |his |her |their |one |two |three )?"
              r"§(\d+)(?: (?:face (?:up|down) )?(?:from|in|into|on|onto) (?:my |his |her |their |the )?"
              r"(?:hand|deck|discard pile|trash|mat)(?: face (?:up|down))?)?")
# Kinds that are never played (asked about as bought or received, they are the question's card)
NEVER_PLAYED = {"Event", "Project", "Landmark", "Boon", "Hex", "State", "Way", "Trait", "Ally", "Prophecy",
                "Artifact"}
MOVED = (r"(?:trash(?:ed|es|ing)?|return(?:ed|s|ing)?|exile(?:d|s)?|set(?:s|ting)? aside|put(?:s|ting)?) "
         r"(?:it|itself|this|§(\d+))"
         # where it went, when said: "put it on my Tavern mat", "returned it to the Spoils pile" (§n: the pile's card)
         r"(?: (?:back )?(?:on|onto|in|into|to) (?:my |the |its |your )?(?:§\d+ |[a-z]+ )?(?:mat|pile|supply))?")
DECK_EMPTY = r"(?:my |the )?deck (?:is |was )?empty|empty deck|no cards? (?:left )?in (?:my )?deck"


class DominionPhrases:
    """How `/dominion ruling` is asked in a sentence."""

    names = (r"dominion",)
    hints = (r"clean ?up", r"cleanup", r"extra turn", r"kingdom", r"supply", r"duration cards?")
    answers = "about when each card of a turn's chain of plays leaves play (`/dominion ruling`)"
    cannot = (r"\bcosts?\b", r"\bprice\b", r"\bcoins?\b", r"\bany good\b",
              r"\bworth\b", r"\bcombo\b", r"\bsynergy\b", r"\bstrong\b", r"\bbanned\b", r"\bvictory points?\b",
              r"\bhow many vp\b")
    filler = frozenset({"leave", "leaves", "leaving", "left", "play", "played", "plays", "stay", "stays", "out",
                        "discard", "discarded", "clean", "up", "cleanup", "go", "goes", "gone", "forever", "turn",
                        "turns", "both", "later", "card", "cards", "in", "ever", "next", "get", "gets", "until",
                        "when", "which", "then", "this", "they", "it", "leaf", "happen", "duration",
                        "remain", "remains", "stick", "around", "time", "times", "second", "first"})

    def read(self, sentence: Sentence) -> Reading | Ask:
        inputs: dict[str, Any] = {}
        extra = sentence.take_first(EXTRA)
        if extra is not None and extra.group(1) is not None:
            for k in sentence.mentions(int(extra.group(1))):
                sentence.use_card(k)  # "an extra turn from Outpost": where the turn came from, not a play
        theirs = sentence.take(THEIR_PLAY) + sentence.take(THEIR_CARD)
        for m in theirs:
            for k in sentence.mentions(int(m.group(1))):
                sentence.use_card(k)  # the other player's card: not a play of yours
        if sentence.take(OPPONENT) or theirs or sentence.take(THEIR_ATTACK):
            inputs["on"] = "opponent-turn"
            sentence.take(REACTED)  # "I set aside Horse Traders": its Reaction, which the engine reads from its text
        elif sentence.take(MINE):
            inputs["on"] = "your-turn"
        if sentence.take(SKIP):
            inputs["skip_next_turn"] = True
        moved = [(m.start(), m.group(1)) for m in sentence.take(MOVED)]
        node = _nodes(sentence)  # card number -> node (a card named again is the same node)
        if not node:
            return Ask("no-card", "Which card was played? Only the card giving the extra turn was named.")
        unplayed = _not_played(sentence, node)
        if isinstance(unplayed, Ask):
            return unplayed
        gained = [k for k, typed in unplayed.items() if re.match(r"gain|bought|buy", typed.casefold())]
        parent: dict[int, int] = {}
        for m in sentence.find(LINK):
            a, b = int(m.group(1)), int(m.group(2))
            if a not in node or b not in node:
                continue
            if node[a] == node[b]:
                if not _explicit(m) and not _plays_cards(sentence.cards[a].card):
                    continue
                node[b] = b  # "Throne Room a Throne Room": another copy of the card
            pa, pb = node[a], node[b]
            if pb in parent or pb == pa or not (_explicit(m) or _plays_cards(sentence.cards[pa].card)):
                continue
            parent[pb] = pa
            sentence.use(m)
        ways = _ways(sentence, node, parent)
        asked = None
        for m in sentence.find(SIDE):
            a, b = node.get(int(m.group(1))), node.get(int(m.group(2)))
            if a is None or b is None or a == b or b in parent:
                continue
            sentence.use(m)
            if _plays_cards(sentence.cards[a].card) and a not in parent.values():
                asked = (a, b)
        for n in node:
            sentence.use_card(n)
        choices: dict[int, list[str]] = {}
        if sentence.take(DISCARD_NOTHING):
            target = _last_with(sentence, node, parent, "discard")
            if target is not None:
                choices.setdefault(target, []).append("discarded-nothing")
        if sentence.take(DECK_EMPTY):
            target = _last_with(sentence, node, parent, "")
            if target is not None:
                choices.setdefault(target, []).append("deck-empty")
        _moved_itself(sentence, node, moved, gained, choices)
        roots = [n for n in sorted(set(node.values())) if n not in parent]
        if asked is not None:
            a, b = asked
            linked = {**parent, b: a}
            one = _reading(sentence, inputs, extra, _chains(sentence, [r for r in roots if r != b], linked, choices,
                                                            ways))
            two = _reading(sentence, inputs, extra, _chains(sentence, roots, parent, choices, ways))
            first, second = sentence.cards[a].name, sentence.cards[b].name
            return Ask("two-readings", f"“{first} and {second}” reads two ways: {first} played {second}, or two "
                                       "cards played one after the other. Which one?",
                       (Option(f"{first} played {second}", one), Option("played one after the other", two)))
        return _reading(sentence, inputs, extra, _chains(sentence, roots, parent, choices, ways))

    def slash_inputs(self, command: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        chains = list(inputs.get("chain") or [])
        if chains:
            out["chain"] = chains[0]
            if len(chains) > 1:
                out["also"] = " + ".join(chains[1:]) if len(chains) > 2 else chains[1]
        for key in ("on", "skip_next_turn", "may_trash"):
            if inputs.get(key):
                out[key] = inputs[key]
        return out


def _nodes(sentence: Sentence) -> dict[int, int]:
    """Card number -> the card played it stands for: its first mention (a card named again is the same card).
    Everyday words ("village", "captain") are a card when linked to a card named surely ("TR a village")."""
    free = sentence.unused_cards()
    sure = set(sentence.sure_cards())
    for m in sentence.find(LINK):
        a, b = int(m.group(1)), int(m.group(2))
        if a in sure or b in sure:
            sure |= {a, b}
    out: dict[int, int] = {}
    for n in free:
        if n in sure or any(k in sure for k in sentence.mentions(n)):
            out[n] = next(k for k in sentence.mentions(n) if k in free)
    return out


def _explicit(m: Any) -> bool:
    return any(w in m.group(0).split() for w in ("on", "onto", "into", "playing", "plays", "played", "as", ">",
                                                 "copying", "becoming", "using", "uses", "with"))


@lru_cache(maxsize=4096)
def _plays_cards(card: Card | None) -> bool:
    """Whether the card plays another card (Throne Room, Band of Misfits, Captain, ...)."""
    if card is None:
        return False
    from engine.rulesets.dominion.starter import load_starter

    try:
        return load_starter().behaviour(card).plays is not None
    except Exception:  # a card the reading cannot model: it plays nothing as far as the sentence goes
        return False


@lru_cache(maxsize=4096)
def _types(card: Card | None) -> set[str]:
    return set() if card is None else {t.strip() for t in card.type.replace(" - ", ",").split(",")}


def _not_played(sentence: Sentence, node: dict[int, int]) -> dict[int, str] | Ask:
    """Cards the sentence names as named, revealed, gained, bought, set aside or discarded — never played: they
    leave the chain (a card named again is still the same card: only a first mention decides; a card gained that
    plays cards itself, Farmhands, stays). Card number -> the words as typed. When nothing played is left, asked
    back, unless the cards are kinds never played at all (an Event bought: the question's card, which the engine
    says is never in play)."""
    out: dict[int, str] = {}
    for m in sentence.find(NOT_PLAYED):
        k = int(m.group(2))
        if node.get(k) != k or (re.fullmatch(GAINED, f"{m.group(1)} §{k}") and _plays_cards(sentence.cards[k].card)):
            continue
        out[k] = sentence.typed(m)
    if not out:
        return out
    if not any(v not in out for v in node.values()):
        if all(_types(sentence.cards[k].card) & NEVER_PLAYED for k in out):
            return {}
        said = "; ".join(f"“{t}”" for t in out.values())
        names = ", ".join(sentence.cards[k].name for k in out)
        return Ask("cannot-ask", f"You said {said}: that is not playing {names}, and a card that was never played "
                                 "is never in play. Which card was played?")
    for m in list(sentence.find(NOT_PLAYED)):
        if int(m.group(2)) in out:
            sentence.use(m)
    for k in [k for k, v in node.items() if v in out]:
        sentence.use_card(k)
        del node[k]
    for k, typed in out.items():
        sentence.note(f"“{typed}”: {sentence.cards[k].name} was not played, so it is not one of the plays")
    return out


@lru_cache(maxsize=4096)
def _leaves_by_choice(card: Card | None) -> str:
    """The words with which a card may take itself out of play ("You may trash this for +$2", "If it's a Victory
    card, trash this"), when it does so only by a choice or a condition; "" otherwise."""
    if card is None:
        return ""
    from engine.rulesets.dominion.starter import load_starter

    try:
        behaviour = load_starter().behaviour(card)
    except Exception:  # a card the reading cannot model: it moves nothing as far as the sentence goes
        return ""
    return "" if behaviour.always_leaves else behaviour.leaves_itself


def _moved_itself(sentence: Sentence, node: dict[int, int], moved: list[tuple[int, str | None]],
                  gained: list[int], choices: dict[int, list[str]]) -> None:
    """A card the sentence says moved itself ("trash it", "returned Treasury to my deck"), or whose own condition for
    it the sentence meets ("gained a Duchy" with Horn of Plenty's "If it's a Victory card, trash this"), is
    `removed`: the player said the choice its own words leave open."""
    played = sorted(set(node.values()))

    def mover_before(at: int) -> int | None:
        before = [n for n in played if _leaves_by_choice(sentence.cards[n].card) and _char_at(sentence, n) < at]
        return before[-1] if before else None

    for at, slot in moved:
        target = node.get(int(slot)) if slot is not None else mover_before(at)
        if target is not None and _leaves_by_choice(sentence.cards[target].card):
            choices.setdefault(target, []).append("removed")
    victory = any("Victory" in (sentence.cards[g].card.type if sentence.cards[g].card else "") for g in gained)
    for n in played:
        words = _leaves_by_choice(sentence.cards[n].card)
        if victory and "victory card" in words.lower() and "removed" not in choices.get(n, []):
            choices.setdefault(n, []).append("removed")


def _char_at(sentence: Sentence, n: int) -> int:
    """Where card `n` is in `sentence.norm` (to tell which card a later "it" means)."""
    return sentence.norm.find(f"§{n}")


def _last_with(sentence: Sentence, node: dict[int, int], parent: dict[int, int], word: str) -> int | None:
    """The last card played whose text has `word` (the one a choice is about)."""
    played = [n for n in sorted(set(node.values())) if n not in parent.values()] or sorted(set(node.values()))
    for n in reversed(played):
        card = sentence.cards[n].card
        if card is not None and word in card.text.lower():
            return n
    return None


def _is_way(card: Card | None) -> bool:
    return "Way" in _types(card)


def _ways(sentence: Sentence, node: dict[int, int], parent: dict[int, int]) -> dict[int, str]:
    """A Way named with a card is how that card was played, not a card played: "Caravan using Way of the Sheep",
    "I Throne Room a Caravan and play it with Way of the Turtle" read `Caravan as Way of the Sheep`. Linked to a
    card ("X using/as/with Way"), it is that card's; named apart, the card played named last before it (else first
    after it). Its node leaves the chains; card number -> the Way's name."""
    out: dict[int, str] = {}
    played = sorted(n for n in set(node.values()) if not _is_way(sentence.cards[n].card))
    for w in sorted(set(node.values())):
        if not _is_way(sentence.cards[w].card) or not played:
            continue
        target = parent.pop(w, None)
        if target is None or _is_way(sentence.cards[target].card):
            before = [n for n in played if n < w and n not in parent.values()] or [n for n in played if n < w]
            target = before[-1] if before else played[0]
        for child, par in list(parent.items()):
            if par == w:  # "Way of the Sheep on a Caravan": the card is the Way's target, not its play
                del parent[child]
                target = child
        out[target] = sentence.cards[w].name
        # "once normally and once as Way of the Horse": one play each way, in that order (a Throne variant's card)
        normal = r"(?:normally|as usual|as itself|for its (?:own|normal) effects?|following its (?:own )?instructions)"
        way = rf"(?:as|using|with|via) (?:the )?§{w}\b"
        if sentence.take(rf"once {normal},? and once {way}"):
            out[target] += " + normal-first"
        elif sentence.take(rf"once {way},? and once {normal}"):
            out[target] += " + way-first"
        sentence.take(rf"(?:using|uses|use|with|as|via|through) (?:the )?(?=§{w}\b)")
        for k in [k for k, v in node.items() if v == w]:
            sentence.use_card(k)
            del node[k]
    return out


def _chains(sentence: Sentence, roots: list[int], parent: dict[int, int], choices: dict[int, list[str]],
            ways: Mapping[int, str] | None = None) -> list[str]:
    ways = ways or {}
    children: dict[int, list[int]] = {}
    for child, par in parent.items():
        children.setdefault(par, []).append(child)
    out = []
    for root in roots:
        parts, n, seen = [], root, set()
        while n is not None and n not in seen:
            seen.add(n)
            name = sentence.cards[n].name
            way, _, order = ways.get(n, "").partition(" + ")
            text = name + (f" as {way}" if way else "") + (f"[{', '.join(choices[n])}]" if n in choices else "")
            if order and not children.get(n):  # one play each way: "Caravan + Caravan as Way of the Horse"
                text = " + ".join([name, text] if order == "normal-first" else [text, name])
            parts.append(text)
            kids = sorted(children.get(n, []))
            n = kids[0] if kids else None
        out.append(" > ".join(parts))
    return out


def _reading(sentence: Sentence, inputs: dict[str, Any], extra: Any, chains: list[str]) -> Reading:
    chain = (["extra-turn"] if extra is not None else []) + chains
    return sentence.reading("ruling", {"chain": chain, **inputs})


PHRASEBOOK = DominionPhrases()
