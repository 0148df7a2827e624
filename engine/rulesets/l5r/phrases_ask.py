"""L5R's two questions asked in a sentence: `/l5r order at: items:` and `/l5r duration card: then:`.

"after a Personality is destroyed, Kakita Hikai and Legion of the Fallen both trigger, who goes first?" reads as
`order --at "after a Personality is destroyed" --item "Kakita Hikai" --item "Legion of the Fallen"`: a moment
("before/after/when ...") with cards answering it, or words asking for an order ("which first", "what order"),
is the order question; "which comes first: after your Dynasty Phase ends or before your End Phase begins?" compares
two timing points. Otherwise one card and what happens next is the duration question: "after the action
resolves" (action-resolves), "after the duel ends" / "during a duel" (duel-ends), "after the battle ends",
"at the end of the turn", "into next turn" (turn-ends), "if he leaves play", "if it is negated".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.names import fold
from engine.rulesets.l5r.abilities import Ability, read_card
from engine.rulesets.l5r.question import first_to_judge
from engine.sentence import FILLER, Ask, Option, Reading, Sentence

_ENDS = r"(?:ends?|ended|is over|finishes)"
EVENTS = (
    ("action-resolves", r"(?:(?:after|once|when) )?(?:the |this |that |my |his |an |its )?(?:battle |open |limited )?"
                        r"action (?:resolves|has resolved|is resolved|finishes)|(?:after|once|when) (?:it|the action) "
                        r"resolves"),
    ("duel-ends", rf"(?:(?:after|once|when|past|until) )?(?:the |this |a )?duel {_ENDS}|(?:at |after |until )?"
                  rf"the end of "
                  rf"(?:the |this )?duel|after the duel"),
    ("battle-ends", rf"(?:(?:after|once|when|past|until) )?(?:the |this )?battle {_ENDS}|(?:at |after |until )?"
                  rf"the end of "
                    rf"(?:the |this )?battle|after (?:the )?battle"),
    ("phase-ends", rf"(?:(?:after|once|when|past|until) )?(?:the |this )?phase {_ENDS}|(?:at |after |until )?"
                  rf"the end of "
                   rf"(?:the |this )?phase|(?:into |the )?next phase"),
    ("turn-ends", rf"(?:(?:after|once|when|past|until) )?(?:the |this )?turn {_ENDS}(?: first)?|"
                  rf"(?:at |after |until |past "
                  rf")?the end of (?:the |this |my |your )?turn|(?:carry |carries |last |into |until )?(?:the |my |"
                  rf"your )?next turn"),
    ("game-ends", rf"(?:the )?game {_ENDS}|end of the game"),
    ("leaves-play", r"(?:leaves|left|leaving) play|(?:is|gets|was) (?:destroyed|discarded)"),
    ("negated", r"(?:is|gets|was) negated"),
)
MOMENT = (r"(?P<timing>before|after|when) (?P<occ>(?:a |an |my |your |his |her |their |the |one of my |another |"
          r"that |this |its )?(?:[a-z0-9§]+ ){0,5}?(?:is|are|was|would be|gets|get|has been) (?:destroyed|bowed|"
          r"dishonored|dishonoured|discarded|killed|straightened|moved|sent home|assigned)|(?:a |an |my |your |his |"
          r"the )?(?:[a-z0-9§]+ ){0,4}?(?:attacks|assigns|enters play|recruits?|resolves|ends|begins|dies|wins|"
          r"loses|is played|pays?|paying|creates?|takes? control of)(?: (?:a|the|an|to) [a-z§0-9]+(?: (?!(?:on|in|at|"
          r"during|and|while|for|of|my|your|his|her|their)\b)[a-z]+)?)?)")
ORDER_WORDS = (r"(?:before|after) (?:his|her|their|my|your|the|an?|(?:my )?opponents?) reactions?|"
               r"which (?:one )?(?:resolves|goes|comes|happens|triggers|fires|acts) first|(?:what|which) order|who "
               r"(?:goes|resolves|acts|decides) first|in what order|order (?:of|do|does)|who picks|which first|both "
               r"trigger|resolve first|goes first|comes first|"
               # "can my Reaction respond?", "do I get to play my Reaction", "does Ward of Air trigger": who answers
               r"(?:can|may|could) (?:my|his|her|their|(?:my )?opponents?|i) (?:play (?:my |a |his |her |their )?)?"
               r"reactions? (?:respond|be played|answer)|do i get to (?:play|use) (?:my |a )?reaction|"
               r"does §\d+ (?:trigger|fire|respond)")
# "Banished entered play and ...; which happens first?", "my Asp Skirmisher was destroyed": the moment said as what
# happened, without before/after/when; read as the moment after it
HAPPENED = (r"(?P<occ>(?:my |your |his |her |their |the |a |an )?(?:§\d+|[a-z]+) )(?P<ev>entered play|enters play|"
            r"came into play|(?:was|is|got|gets) (?:destroyed|bowed|dishonou?red|discarded|killed|sent home|"
            r"straightened|played)|died)")
_PRESENT = {"entered play": "enters play", "came into play": "enters play", "died": "is destroyed"}
# "my opponent has a Reaction to it", "before his Reaction": a Reaction of that player to the moment
REACTION = (r"(?P<who>(?:my )?opponents?|his|her|their|my|i)(?: (?:has|have|had|plays?|played|uses?|used|takes?|"
            r"took))?(?: (?:a|an|the))? reactions?(?: (?:to|for) (?:[a-z0-9§]+ ){0,4}?(?:entering play|enters play|"
            r"being destroyed|destroyed|dying|being bowed|bowed|being discarded|discarded|(?:it|that|this)(?: being "
            r"(?:destroyed|bowed|discarded))?))?")
# other triggers the sentence describes in words ("an opponent trait", "my opponent has a delayed effect"): items
# of that kind answering the moment, for that player
_WHO = r"(?P<who>(?:my )?opponents?|his|her|their|my|i|your)"
TRAIT = rf"{_WHO}(?: s)?(?: (?:has|have|had))?(?: (?:a|an|the))?(?: (?:own|triggered))? traits?"
DELAYED = rf"(?<!\d )(?:{_WHO}(?: s)?(?: (?:has|have|had))? )?(?:a |an |the )?delayed effects?"
TIMING = (r"(?:before|after|when) (?:your |my |the |a |their )?(?:[a-z]+ )?(?:phase|turn|battle|game) "
          r"(?:ends|begins|starts)")
COMPARE = rf"(?P<one>{TIMING}) (?:or|and|vs|versus|compared to) (?P<two>{TIMING})"
ACTIVE = (r"(?:on|during) (?:my |an |the )?opponents?(?: s)? turn|(?:on|during) (?:their|his|her) turn|"
          r"(?:my )?opponent is (?:the )?active(?: player)?")
MY_TURN = r"(?:on|during) my (?:own )?turn"  # the default: you are the active player
DURING_DUEL = r"(?:during|in) (?:a|the|this) duel"
MADE = r"(?:made|played|created|used) (?:during|in) (?:a |an |the )?(battle|action|phase|turn)"
# Who went first this game (Courtesy traits, "When going second ..."): "I went first", "I'm going second", "my
# opponent went first"
_I_WENT = r"\bi(?: ?m| am| was| have| had)? (?:went|go|going|goes|gone|played|play|to go)"
WENT_FIRST = (rf"{_I_WENT} (?P<mine>first|second)\b|\b(?:my |the )?opponents? (?:went|goes|is going|was going|"
              r"played|plays|had gone|has gone) (?P<theirs>first|second)\b")


class L5rPhrases:
    """How `/l5r order` and `/l5r duration` are asked in a sentence."""

    names = (r"l5r(?: ccg)?", r"legend of the five rings", r"legend of the 5 rings")
    hints = (r"personalit(?:y|ies)", r"duels?", r"hono(?:u)?r", r"dishono(?:u)?r(?:ed)?", r"provinces?",
             r"dynasty", r"fate", r"bowed?", r"action resolves", r"focus effects?", r"\+\d+f", r"force", r"chi",
             r"samurai", r"shugenja")
    answers = ("about the order things triggered at one moment resolve in (the order question) and how long an "
               "effect lasts (the duration question)")
    # a Force or Chi asked about as a stat, not how long a change to it lasts ("how long does its Force reduction
    # last?" is a duration question)
    _STAT = r"^(?!.*\b(?:how long|lasts?|still|wears? off|until|after the|end of|negated?|later)\b).*"
    cannot = (r"\bcosts?\b", r"\bgold cost\b", r"\blegal\b", r"\bbanned\b", _STAT + r"\bforce\b(?! \+)",
              _STAT + r"\bchi\b",
              r"\bhonou?r requirement\b", r"\bworth\b", r"\bany good\b", r"\bdeck ?build", r"\bstats?\b")
    without_cards = True  # "which comes first: after ... or before ...?" names no card
    filler = frozenset({"last", "lasts", "long", "effect", "effects", "still", "work", "first", "order", "resolve",
                        "resolves", "trigger", "triggers", "both", "goes", "happen", "happens", "waiting", "carry",
                        "permanent", "bonus", "ability", "abilities", "who", "which", "what", "come", "comes",
                        "get", "again", "extra"})

    def read(self, sentence: Sentence) -> Reading | Ask:
        compare = sentence.take_first(COMPARE)
        if compare is not None and not sentence.distinct():
            sentence.take(ORDER_WORDS)
            return sentence.reading("order", {"compare": [sentence.typed(compare, "one"),
                                                          sentence.typed(compare, "two")]})
        cards = sentence.distinct()
        if not cards:
            return Ask("no-card", "Which L5R card is it about? No card name was found in the question (or give two "
                                  "timing points to compare: “after your Dynasty Phase ends or before your End "
                                  "Phase begins”).")
        moment = next(iter(sentence.find(MOMENT)), None)
        ordered = sentence.has(ORDER_WORDS)
        if moment is None and ordered:
            happened = next(iter(sentence.find(HAPPENED)), None)
            if happened is not None:
                return self._order_happened(sentence, happened)
        if moment is not None and (len(cards) > 1 or ordered or sentence.has(REACTION) or sentence.has(TRAIT)
                                   or sentence.has(DELAYED)):
            return self._order(sentence, moment)
        if ordered and compare is None:  # an order asked for, but no moment the sentence names: asked back
            return Ask("cannot-ask", "That asks what answers a moment and in what order, but names no moment that "
                                     "can be read: say it as “after X enters play” / “when you pay Gold for X” "
                                     "(or ask how long one effect lasts).",
                       tuple(Option(f"How long {sentence.cards[n].name} lasts", self._duration(sentence.copy(), n))
                             for n in cards[:3]))
        if compare is not None:
            sentence.take(ORDER_WORDS)
            return sentence.reading("order", {"compare": [sentence.typed(compare, "one"),
                                                          sentence.typed(compare, "two")]})
        if len(cards) > 1:
            options = []
            for n in cards:
                copy = sentence.copy()
                options.append(Option(sentence.cards[n].name, self._duration(copy, n)))
            return Ask("several-cards", "That names several cards but no moment they answer; the duration question "
                                        "judges one effect at a time (for an order, say the moment: “after a "
                                        "Personality is destroyed, which resolves first?”). Which card?",
                       tuple(options))
        return self._duration(sentence, cards[0])

    def _order(self, sentence: Sentence, moment: re.Match[str]) -> Reading:
        sentence.use(moment)
        occurrence = sentence.typed(moment, "occ")
        at = f"{moment.group('timing')} {occurrence}"
        inside = set(sentence.slots(moment))
        items = [sentence.cards[n].name for n in sentence.distinct() if n not in inside]
        for n in range(len(sentence.cards)):
            sentence.use_card(n)
        _described(sentence, at, items)
        inputs: dict[str, Any] = {"at": at, "item": items}
        if sentence.take(ACTIVE):
            inputs["active"] = "opponent"
        sentence.take(MY_TURN)
        _went_first(sentence, inputs)
        sentence.take(ORDER_WORDS)
        return sentence.reading("order", inputs)

    def _order_happened(self, sentence: Sentence, happened: re.Match[str]) -> Reading:
        """The order at the moment after what the sentence says happened, with the cards named and the Reactions
        the players are said to have ("my opponent has a Reaction to it")."""
        sentence.use(happened)
        words = happened.group("occ").split()
        if words[0] in ("my", "your", "his", "her", "their") and sentence.slots(happened):
            words = words[1:]
        occ = " ".join(sentence.card_at(w).name if w.startswith("§") else w for w in words)
        ev = happened.group("ev")
        at = f"after {occ} {_PRESENT.get(ev, re.sub(r'^(?:was|got|gets) ', 'is ', ev))}"
        items = [sentence.cards[n].name for n in sentence.distinct()]
        for n in range(len(sentence.cards)):
            sentence.use_card(n)
        _described(sentence, at, items)
        inputs: dict[str, Any] = {"at": at, "item": items}
        if sentence.take(ACTIVE):
            inputs["active"] = "opponent"
        _went_first(sentence, inputs)
        sentence.take(ORDER_WORDS)
        sentence.note(f"“{sentence.typed(happened)}” is read as the moment “{at}”")
        return sentence.reading("order", inputs)

    def _duration(self, sentence: Sentence, n: int) -> Reading:
        for k in sentence.mentions(n):
            sentence.use_card(k)
        inputs: dict[str, Any] = {"card": sentence.cards[n].name}
        made = sentence.take_first(MADE)
        if made is not None:
            inputs["made_during"] = made.group(1)
        _went_first(sentence, inputs)
        found = []
        during = sentence.take_first(DURING_DUEL)
        if during is not None and not sentence.has(r"duel (?:ends|is over)|end of the duel|after the duel"):
            found.append((sentence.position(during), "duel-ends"))
            sentence.note("“during a duel” is read as asking whether it outlasts the duel: the duel ends (ask "
                          "“… after the duel ends” or “… at the end of the turn” for another moment)")
        for event, pattern in EVENTS:
            for m in sentence.take(pattern):
                found.append((sentence.position(m), event))
        if found:
            inputs["then"] = [e for _, e in sorted(found)]
        self._ability_asked(sentence, n, inputs)
        return sentence.reading("duration", inputs)

    def _ability_asked(self, sentence: Sentence, n: int, inputs: dict[str, Any]) -> None:
        """A card of several abilities asked about by a word of one that is not the one judged by default
        ("Roaming Caravan's straighten", "the element from Temple to the Elements", "when I pay for recruiting"):
        that ability is judged (`CARD#N`), and the note says which."""
        card = sentence.cards[n].card
        if card is None:
            return
        abilities = read_card(card)
        if len(abilities) < 2:
            return
        free = [i for i, w in enumerate(sentence.words) if i not in sentence.used and w.norm not in FILLER
                and w.norm not in self.filler and w.base not in self.filler and len(w.base) >= 3]
        if not free:
            return
        default = first_to_judge(abilities)
        scores = [(len(_said_in(sentence, free, a)), a) for a in abilities]
        best = max(score for score, _ in scores)
        top = [a for score, a in scores if score == best]
        if best == 0 or len(top) > 1:
            return
        chosen = top[0]
        said = _said_in(sentence, free, chosen)
        sentence.used |= said
        if chosen.index == default.index:  # the words say the ability judged anyway ("the Gold ... when I pay")
            return
        inputs["card"] = f"{inputs['card']}#{chosen.index}"
        words = "”, “".join(dict.fromkeys(sentence.words[i].text for i in sorted(said)))
        text = chosen.rules_text or chosen.text
        owner = card.name + ("'" if card.name.endswith("s") else "'s")
        sentence.note(f"“{words}” points to {owner} ability #{chosen.index} (“{_cut(text)}”), not the one judged "
                      f"by default (#{default.index}): that ability is judged")

    def slash_inputs(self, command: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(inputs)
        if command == "order":
            if out.get("item"):
                out["items"] = "; ".join(out.pop("item"))
            if out.get("compare"):
                first, second = out.pop("compare")
                out["compare_first"], out["compare_second"] = first, second
        elif out.get("then"):
            out["then"] = " ".join(out["then"])
        return out


# What a player calls an ability by, beside its own words: "the element" it gives, the Gold "when I pay"
_CALLED = {"element": ("air", "earth", "fire", "water", "void"), "pay": ("gold",), "paying": ("gold",),
           "payment": ("gold",), "recruit": ("gold",), "recruiting": ("gold",)}


def _stem(word: str) -> str:
    return word[:5]


def _said_in(sentence: Sentence, free: list[int], ability: Ability) -> set[int]:
    """The free words of the sentence that the ability's own words say (or what players call them)."""
    own = {w for w in fold(ability.rules_text or ability.text).split() if len(w) >= 4}
    stems = {_stem(w) for w in own}
    found = set()
    for i in free:
        word = sentence.words[i]
        forms = {fold(word.base), fold(word.text)}
        base = fold(word.base)
        called = _CALLED.get(base) or _CALLED.get(base.rstrip("s")) or ()
        if {_stem(f) for f in forms if len(f) >= 4} & stems or any(c in own or c in fold(ability.text).split()
                                                                    for c in called):
            found.add(i)
    return found


def _cut(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def _described(sentence: Sentence, at: str, items: list[str]) -> None:
    """Reactions, traits and delayed effects the sentence describes in words ("my opponent has a Reaction",
    "an opponent trait", "a delayed effect"): each an item of that kind answering the moment, for that player."""
    for kind, pattern in (("reaction", REACTION), ("trait", TRAIT), ("delayed", DELAYED)):
        for m in sentence.take(pattern):
            said = m.group("who")
            who = "opponent" if said in ("opponent", "opponents", "my opponent", "my opponents", "his", "her",
                                         "their") else "you"
            if said is None:
                sentence.note(f"“{sentence.typed(m)}”, said without whose it is, is read as yours")
            item = f"{kind}:{at}@{who}"
            if item not in items:
                items.append(item)


def _went_first(sentence: Sentence, inputs: dict[str, Any]) -> None:
    """"I went first" -> went_first you; "I'm going second" or "my opponent went first" -> opponent."""
    said = sentence.take_first(WENT_FIRST)
    if said is None:
        return
    mine = said.group("mine")
    if mine is not None:
        inputs["went_first"] = "you" if mine == "first" else "opponent"
    else:
        inputs["went_first"] = "opponent" if said.group("theirs") == "first" else "you"


PHRASEBOOK = L5rPhrases()
