"""Reading the continuous effects in a Grand Archive card's text, sentence by sentence.

For each paragraph: drop reminder text (in brackets with words), note bonus labels ([Class Bonus], [Level 2+])
as conditions, split off a trigger ("On Enter:", "Whenever ..., ") or an activated ability's cost ("REST:") -
what follows resolves - then read each sentence as SUBJECT VERB WHAT [, and VERB WHAT]. The verb decides the
kind (have/has/are/is/cost: static; get/gain/become/lose: one-shot when it resolves), WHAT decides the layer,
the subject is the set, and the duration words decide how long it lasts. A sentence that looks like a
continuous effect but does not fit is reported as unread (coverage), never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.cards import Card
from engine.rulesets.grand_archive.cardinfo import is_permanent, paragraphs_of, short_names, types_of
from engine.rulesets.grand_archive.effects import (
    ELEMENTS,
    CardReading,
    Form,
    Kind,
    Origin,
    Paragraph,
    ReadEffect,
    SetSpec,
)

# --- vocabulary ---------------------------------------------------------------------------------------

NOUNS = {
    "ally": "ally", "allies": "ally", "unit": "unit", "units": "unit", "item": "item", "items": "item",
    "weapon": "weapon", "weapons": "weapon", "card": "card", "cards": "card", "object": "object",
    "objects": "object", "champion": "champion", "champions": "champion", "phantasia": "phantasia",
    "phantasias": "phantasia", "domain": "domain", "domains": "domain", "attack": "attack", "attacks": "attack",
    "regalia": "regalia", "token": "token", "tokens": "token", "action": "action", "actions": "action",
}
SUPERTYPES = frozenset({"token", "unique", "regalia"})
STATES = frozenset({"awake", "rested", "distant", "fostered", "ephemeral", "imbued", "empowered", "unfostered",
                    "other", "non-champion", "nontoken", "non-token", "attacking", "defending"})
PROPERTIES = ("distant", "fostered", "ephemeral", "imbued", "empowered", "awake", "rested", "unfostered")
KEYWORDS = ("taunt", "stealth", "steadfast", "intercept", "spellshroud", "floating memory", "reservable",
            "immortality", "pride", "vigor", "ranged", "true sight", "cleave", "fast activation", "lifesteal",
            "unblockable", "preserve", "foster", "stealth", "ephemerate", "divine relic", "efficiency",
            "buff", "mercurial", "quickstrike", "spellshroud", "guard", "all activated abilities",
            # keywords printed alone as a paragraph elsewhere in the card data (Corhazi Lightblade's "critical 1")
            "critical", "ambush", "omnishroud", "imbue", "kindle", "retort", "aethercalling", "hindered",
            "renewable", "interdiction", "opportunity")
# Subtypes (classes and creature kinds) found on cards; used to read "Automaton allies", "Animal or Beast ally".
SUBTYPES = frozenset("""
cleric human spell tamer mage guardian skill warrior ranger assassin reaction sword animal accessory automaton
specter artifact fatestone beast chessman spirit dagger bauble aethercharge slime suited potion polearm fractal
horse distortion melody bullet bird curse castle gun shield crystal flower aetherwing siegeable command staff
harmony craft scepter fatebound book herb crossroads queen anomaly frog instrument fan apparition ring bear armor
wolf memorite cat map hammer device mouse arrow bow obelisk scripture golem catalyst root rabbit fairy turtle
squirrel food adjuvant bull knight rook lash lion elemental shard avatar king river robe fox cataclysm fist unicorn
boar throne gloves market bishop pawn dragon serpent tiger powercell dog boots leaf spire deer solvent phoenix
construct isle lizard factory rhino flowerbud sheep gate kingdom axe ruins party dryad selkie maul shadow cloak
ocean mushroom whip fish raccoon component flute antelope ape monkey angel wand farm ascendant
""".split())  # noqa: SIM905

VERBS = r"gets|get|gains|gain|has|have|loses|lose|becomes|become|are|is|costs|cost"
STATIC_VERBS = frozenset({"has", "have", "are", "is", "costs", "cost"})
STAT = re.compile(r"([+-]\s?(?:\d+|X|LV))\s?(POWER|LIFE|LEVEL|DURABILITY)", re.I)
ELEMENT = re.compile(r"\b(" + "|".join(ELEMENTS) + r")\s+element\b", re.I)
TRIGGER = re.compile(r"^(On [A-Z][\w' ]*|Inherited Effect|Lineage Release)$")
COST_WORDS = re.compile(r"\bREST\b|\(\d+|\(X\)|^(Banish|Sacrifice|Discard|Remove|Pay|Reveal|Put)\b", re.I)
WHEN = re.compile(r"^(Whenever|When|At the beginning of|At the end of|After|The first time)\b[^,]*,\s*", re.I)
CUE = re.compile(r"\b(" + VERBS + r")\b|until end of turn|as long as", re.I)
REMINDER = re.compile(r"\s*\(([^()]*\s[^()]*)\)")
QUOTE = re.compile(r"[\"“”]([^\"“”]*)[\"”]")
LABEL = re.compile(r"^\[([^\]]+)\]\s*")
DASH_LABEL = re.compile(r"^([A-Z][\w' ]{2,30}?)\s+—\s+(?=[A-Z])")


@dataclass
class _Context:
    card: Card
    part: str
    origin: Origin
    origin_words: str
    conditions: list[str]
    indefinite: bool
    quotes: list[str]
    last_set: SetSpec | None = None
    per: str = ""
    cap: int | None = None
    every: int = 1         # "for every five ...": five of what is counted make one step
    x_is: int = 0          # "where X is [twice] ...": X's factor (0: the amount is not defined by a "where X")
    ifs: str = ""          # "If that ally is unique," / "... if you control X": what the sentence depends on
    last_target: SetSpec | None = None  # the last "target ..." named, for a later "it" / "that object"
    instead: bool = False  # "... instead": an alternative to the sentence before it
    inherited: bool = False  # an "Inherited Effect" paragraph: "this object" is the champion whose lineage holds it
    mode: str = ""         # "Choose one— • ...": the mode (bullet) being read, one of several alternatives
    depending: bool = False  # the modes are cases of "Depending on ...—" rather than a choice
    delayed: str = ""      # "At the beginning of your next recollection phase": when what follows starts


# --- text preparation ---------------------------------------------------------------------------------

def _mask_quotes(text: str, quotes: list[str]) -> str:
    def keep(m: re.Match[str]) -> str:
        quotes.append(m.group(0))
        return f"QUOTE{len(quotes) - 1}"
    return QUOTE.sub(keep, text)


def _unmask(text: str, quotes: list[str]) -> str:
    return re.sub(r"QUOTE(\d+)", lambda m: quotes[int(m.group(1))], text)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?;])\s+", text) if s.strip()]


def _split_trigger(body: str) -> tuple[str, str]:
    """(trigger or cost words, the rest) when the body is a triggered or activated ability; ("", body) else."""
    if ":" in body:
        head, rest = body.split(":", 1)
        head = head.strip()
        if len(head) <= 80 and (TRIGGER.match(head) or COST_WORDS.search(head)):
            return head + ":", rest.strip()
    m = WHEN.match(body)
    if m:
        return m.group(0).strip().rstrip(","), body[m.end():].strip()
    return "", body


# --- the set a subject describes ----------------------------------------------------------------------

def parse_set(subject: str, card: Card | None = None, last: SetSpec | None = None) -> SetSpec | None:
    """The set of objects a subject phrase describes, or None when the words are not a set we can read."""
    text = " ".join(subject.replace("’", "'").split()).strip(" ,")
    low = text.lower()
    names = [n.lower() for n in short_names(card)] if card else []
    if last is not None and last.attacks_of and re.fullmatch(r"(?:that|the) attack|(?:their|its) (?:next|first) "
                                                              r"attack", low):
        return last  # "Target Beast ally's next attack ... If that ally is a Shenju, that attack gets ..."
    if low in ("it", "they", "them", "they each", "it each", "each of them", "that ally", "that unit",
               "that card", "that object", "that champion", "those allies", "those cards", "those objects",
               "those copies each", "those copies", "those units", "the attacker", "that attacker") or (
            last is not None and last.made == "token" and low in ("that token", "those tokens", "the token",
                                                                  "each of those tokens", "the tokens")):
        if last is not None:
            return last
        if low.startswith(("that", "those", "they", "the attacker")):  # objects chosen by words we did not read
            return SetSpec(text, target=True)
        return SetSpec(text, self_only=True) if card is not None and low == "it" else None
    if low == "this attack" and card is not None and "attack" in types_of(card):
        return SetSpec(text, self_only=True)  # an attack card's "this attack" is the card itself, as it is played
    if low in ("this card", "this ally", "this object", "this item", "this weapon", "this unit", "this champion",
               "this phantasia", "this domain", *names):
        return SetSpec(text, self_only=True)
    if low in ("your champion", "the champion", "target champion", "the hit champion", "that champion",
               "that opponent's champion", "target opponent's champion"):
        controller = "opponent" if "opponent" in low or low.startswith(("the hit", "that")) else "you"
        target = low.startswith(("target", "the hit", "that"))
        return SetSpec(text, types=frozenset({"champion"}), controller="you" if low == "your champion"
                       else "any" if low == "target champion" else controller, target=target)
    nxt = re.match(r"^(?:[\w' ]*'s |[\w ]*s' |their |its |your |the )?(next|first) attacks?\b(?: you declare(?: with a "
                   r"unit)?)?(?: each turn)?( (?:without|with|using) [\w ]+)?$", low)
    # "Vanitas' next attack without a weapon": the next attack to come, its qualifier said, not checked
    # ("Target Beast ally's next attack" is a target: read below)
    if nxt and not re.match(r"^(?:up to one )?target ", low):
        return SetSpec(text, types=frozenset({"attack"}), controller="you", next_only=True,
                       unchecked=(nxt.group(2).strip(),) if nxt.group(2) else ())
    m = re.match(r"^(?:(your champion's|its|" + "|".join(re.escape(n) + "'s?" for n in names) + r") )"
                 r"(?:(?:next|first) )?(attacks?)(?: .*)?$", low) if names else None
    if m or re.match(r"^(your champion's|its|this) (?:(?:next|first) )?(attacks?)\b", low):
        return SetSpec(text, types=frozenset({"attack"}), controller="you",
                       target=bool(re.search(r"\b(next|first|this)\b", low)))
    return _noun_phrase(text, low)


_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_WITH_COUNTERS = re.compile(r"\s+with (one or more|an?|one|two|three|four|five|six|\d+)(?: or more)? ([a-z]+) "
                            r"counters? on (?:it|them)$")
_WITH = re.compile(r"\s+((?:with|without|named) (?!base\b).+)$")
_ACTIVATED = re.compile(r"\s+(you|your opponents|opponents|an opponent|that opponent|target opponent|each player|"
                        r"players|they|its controller|that player) (activates?|materializes?|plays?)"
                        r"(?: from (?:your |their )?(graveyard|memory|hand|banishment|material deck))?"
                        r"(?: (?:this|each) turn| during (?:their|your) next turn)?$")


def _qualifiers(low: str) -> tuple[str, tuple[tuple[str, int], ...], tuple[str, ...], str, str, str]:
    """(the rest, counters needed, other "with"/"named" words, how the cards are played, its zone, by whom) of
    a noun phrase's tail: "... with one or more buff counters on them", "... you activate this turn"."""
    counters: tuple[tuple[str, int], ...] = ()
    words: tuple[str, ...] = ()
    how = zone = who = ""
    m = _ACTIVATED.search(low)
    if m:
        how = "materialize" if m.group(2).startswith("materialize") else "activate"
        zone = {"material deck": "material"}.get(m.group(3) or "", m.group(3) or "")
        who = "you" if m.group(1) == "you" else "any" if m.group(1) in ("each player", "players") else "opponent"
        low = low[: m.start()]
    m = _WITH_COUNTERS.search(low)
    if m:
        n = int(m.group(1)) if m.group(1).isdigit() else _NUM.get(m.group(1).split()[0], 1)
        counters = ((m.group(2), n),)
        low = low[: m.start()]
    else:
        m = _WITH.search(low)
        if m:
            # "card with reserve cost 3 or less from your graveyard": the zone after the "with" words is the zone
            said = m.group(1)
            zone_words = re.search(r"\s+(?:from|in) ((?:your |their |an opponent's |target opponent's |each player's )?"
                                   r"(?:graveyards?|memory|hand|banishment|material deck|deck))$", said)
            words = (said[: zone_words.start()] if zone_words else said,)
            low = low[: m.start()] + (f" in {zone_words.group(1)}" if zone_words else "")
    return low, counters, words, how, zone, who


def _noun_list(words: list[str]) -> list[str]:
    """"allies, items, or weapons" as "allies or items or weapons": a list of card types is any of them."""
    out: list[str] = []
    for n, w in enumerate(words):
        bare = w.rstrip(",")
        if w.endswith(",") and bare in NOUNS and n + 1 < len(words) and words[n + 1].rstrip(",") in (*NOUNS, "or"):
            out.append(bare)
            if words[n + 1] != "or":
                out.append("or")
        else:
            out.append(w)
    return out


def _noun_phrase(text: str, low: str) -> SetSpec | None:
    zone, controller = "field", "any"
    low, counters, with_words, how, played_zone, who = _qualifiers(low)
    if how:
        zone, controller = played_zone or ("material" if how == "materialize" else "hand"), who
    tail = re.search(r"\s+(you control|you don't control|your opponents control|an opponent controls|opponents control|"
                     r"target opponent controls|that opponent controls|in (?:your champion's )?(lineages?)|"
                     r"in (?:your |their |each player's |an opponent's |target opponent's |that opponent's )?"
                     r"(graveyards?|memory|hand|banishment|material deck|deck)|from your \w+)$", low)
    if tail:
        words = tail.group(1)
        low = low[: tail.start()]
        if words == "you control":
            controller = "you"
        elif words in ("you don't control",) or "control" in words:
            controller = "opponent"
        else:
            found = tail.group(2) or tail.group(3) or words.split()[-1]  # "from your graveyard": its zone
            zone = {"graveyards": "graveyard", "material deck": "material", "lineages": "lineage"}.get(found, found)
            controller = "you" if " your " in f" {words} " else "opponent" if "opponent" in words else "any"
    target = False
    other = bool(re.match(r"^(?:each |all |the )?(?:other|another)\b", low))
    nxt = re.match(r"^(?:the |your |their |its controller's )?(?:next|first)(?: (?:\w+ )?time)? ", low)
    if nxt:
        low = low[nxt.end():]
    chosen = re.match(r"^each of (up to (?:one|two|three|four|\d+)) ", low)
    if chosen:  # "each of up to two Slime allies you control": the ones chosen, taken to include those asked about
        low = low[chosen.end():]
        with_words = (*with_words, f"{chosen.group(1)} of them, chosen")
    m = re.match(r"^(?:(up to (?:one|two|three|\w+) )?target |another target |that |those |linked |the linked |"
                 r"each other |all other |each |all |another |other |the )", low)
    if m:
        target = bool(re.match(r"^(up to \w+ |another )?target |that |those |linked |the linked ", m.group(0)))
        low = low[m.end():]
    pos = re.match(r"^(?:target )?((?:[a-z]+ )*?)(unit|ally|champion)'s (next |first )?attacks?$", low)
    if pos and all(w in SUBTYPES for w in pos.group(1).split()):  # "Target Warrior ally's next attack"
        # the target is the unit; what is reached is its attacks (only the next one for "next attack")
        return SetSpec(text, types=frozenset({"attack"}), subtypes=frozenset(pos.group(1).split()),
                       controller=controller, target=True, next_only=bool(pos.group(3)),
                       attacks_of=low.startswith("target") or text.lower().startswith(("target", "up to one target")))
    words = _noun_list(low.replace("and/or", "or").split())
    if not words:
        return None
    noun_at = max((i for i, w in enumerate(words) if w in NOUNS), default=-1)
    if noun_at < 0 and words[-1].rstrip("s") in SUBTYPES:  # "Herbs you control": any object of that subtype
        return SetSpec(text, subtypes=frozenset({words[-1].rstrip("s")}), zone=zone, controller=controller,
                       target=target)
    if noun_at < 0:
        return None
    types, subtypes, supers, unchecked = set(), set(), set(), []
    # "item or weapon", "ally or champion": several nouns joined by "or"
    i = noun_at
    types.add(NOUNS[words[i]])
    while i >= 2 and words[i - 1] == "or" and words[i - 2] in NOUNS:
        types.add(NOUNS[words[i - 2]])
        i -= 2
    rest = words[noun_at + 1:]
    if rest:
        return None  # words after the noun we do not understand ("allies with ...")
    if "attack" in types and words[i - 1:i] == ["attack"]:
        pass
    qualifiers = words[:i]
    j = 0
    while j < len(qualifiers):
        w = qualifiers[j]
        if w in ("or", "and", ","):
            pass
        elif w in SUPERTYPES:
            supers.add(w)
        elif w in SUBTYPES:
            subtypes.add(w)
        elif w in NOUNS and NOUNS[w] == "attack":
            types.discard("card")
            types.add("attack")
        elif w in NOUNS:  # "Phantasia allies": both types
            supers.add(NOUNS[w])
        elif j + 1 < len(qualifiers) and qualifiers[j + 1] == "element" and re.fullmatch(r"[a-z-]+", w):
            unchecked.append(f"{w} element")
            j += 1
        elif w in ELEMENTS:  # "Wind allies you control": a bare element word is that element
            unchecked.append(f"{w} element")
        elif w in STATES or w.startswith("non-") or w.startswith("non"):
            unchecked.append(w)
        else:
            return None
        j += 1
    if "token" in types and subtypes:
        supers.add("token")
        types.discard("token")
    if "card" in types and len(types) > 1:
        types.discard("card")
    if "card" in types:
        types = set()  # any card
    # subtypes one after the other ("Chessman Rook ally") must all hold; joined by "and"/"or", any of them
    joined = any(w in ("or", "and", ",") for w in qualifiers)
    return SetSpec(text, types=frozenset(types), subtypes=frozenset(subtypes), supertypes=frozenset(supers),
                   zone=zone, controller=controller, target=target, unchecked=tuple(unchecked) + with_words,
                   other=other, counters=counters, played=how, next_only=bool(nxt),
                   all_subtypes=len(subtypes) > 1 and not joined)


# --- one clause: VERB WHAT ----------------------------------------------------------------------------

@dataclass(frozen=True)
class _Change:
    layer: str
    layer_words: str
    prop: str
    change: str
    exclusive: bool = False
    removes: bool = False
    adds: tuple[str, ...] = ()
    amounts: tuple[tuple[str, int | None], ...] = ()
    x_terms: tuple[tuple[str, int, int], ...] = ()  # (stat, X's factor, fixed part) of an amount in X
    choice: str = ""   # "your choice of +1 POWER or +1 LIFE": one option (a mode: one is taken aloud)


def _signed(text: str) -> int | None:
    text = text.replace(" ", "")
    return None if re.search(r"X|LV", text, re.I) else int(text)


def _classify(verb: str, what: str, quotes: list[str]) -> list[_Change]:
    v = verb.lower()
    w = what.strip().rstrip(".").strip()
    low = w.lower()
    out: list[_Change] = []
    if v in ("get", "gets"):
        options = re.match(r"^your choice of ([+-]\s?\d+\s?(?:POWER|LIFE|LEVEL))((?:,? or [+-]\s?\d+\s?(?:POWER|LIFE|"
                           r"LEVEL))+)", w, re.I)
        if options:  # "get your choice of +1 POWER or +1 LIFE": one of them, not both
            picks = [options.group(1), *re.findall(r"[+-]\s?\d+\s?(?:POWER|LIFE|LEVEL)", options.group(2), re.I)]
            out = []
            for pick in picks:
                n, stat = STAT.match(pick).groups()  # type: ignore[union-attr]
                words = f"{n.replace(' ', '')} {stat.upper()}"
                out.append(_Change("E", f"{verb} {words}", stat.lower(), words,
                                   amounts=((stat.lower(), _signed(n)),), choice=words))
            return out
        stats = STAT.findall(w)
        if stats:
            change = " and ".join(f"{n.replace(' ', '')} {s.upper()}" for n, s in stats)
            prop = "/".join(sorted({s.lower() for _, s in stats}))
            amounts = tuple((s.lower(), _signed(n)) for n, s in stats)
            x_terms = tuple((s.lower(), -1 if n.strip().startswith("-") else 1, 0) for n, s in stats
                            if re.fullmatch(r"[+-]\s?X", n.strip(), re.I))
            out.append(_Change("E", STAT.search(w).group(0), prop, change,  # type: ignore[union-attr]
                               amounts=amounts, x_terms=x_terms))
        return out
    if v in ("cost", "costs"):
        m = re.match(r"^\(?(\d+|x|\d+\s?\+\s?x|x\s?\+\s?\d+)\)? (less|more)\b", low)
        if m:
            sign = -1 if m.group(2) == "less" else 1
            amount = m.group(1).replace(" ", "")
            n = int(amount) * sign if amount.isdigit() else None
            fixed = re.sub(r"\+?x\+?", "", amount)  # "2+x": 2 more besides X
            x_terms = () if n is not None else (("cost", sign, sign * int(fixed or 0)),)
            return [_Change("E", f"{verb} {m.group(0)}", "cost", f"costs {amount.upper()} {m.group(2)}",
                            amounts=(("cost", n),), x_terms=x_terms)]
        m = re.match(r"^\(?(\d+|x)\)?(?= |$)", low)
        if m:
            n = None if m.group(1) == "x" else int(m.group(1))
            return [_Change("A", f"{verb} {m.group(0)}", "cost", f"costs {m.group(1).upper()}", exclusive=True,
                            amounts=(("cost", n),))]
        return out
    if v in ("lose", "loses"):
        m = re.match(r"^all (other )?abilities\b", low)
        if m:
            change = "loses all other abilities" if m.group(1) else "loses all abilities"
            return [_Change("D", f"{verb} {m.group(0)}", "abilities", change, removes=True)]
        for k in KEYWORDS:
            if low.startswith(k):
                return [_Change("D", f"{verb} {k}", "abilities", f"loses {k}", removes=True)]
        return out
    if v in ("gain", "gains", "has", "have"):
        m = re.match(r"^base (power|life)( and life)? (?:of |equal to )?(\S+)", low)
        if m:
            return [_Change("A", f"{verb} {m.group(0)}", "base", m.group(0), exclusive=True,
                            amounts=_base_amounts(m))]
        q = re.match(r"^QUOTE(\d+)", w)
        if q:
            text = quotes[int(q.group(1))]
            return [_Change("D", f"{verb} {text}", "abilities", text)]
        choice = re.match(r"^your choice of ((?:[a-z ]+?)(?:,? or [a-z ]+?)+)(?= until|$|\.)", low)
        if choice:
            return [_Change("D", f"{verb} {choice.group(0)}", "abilities",
                            f"{choice.group(1)} (the controller's choice)")]
        trigger = re.match(r"^(on [a-z ]+:.*)$", w, re.I)
        if trigger:  # an ability printed without quotes ("have On Death: ...")
            return [_Change("D", f"{verb} {trigger.group(1)}", "abilities", trigger.group(1))]
        for k in KEYWORDS:
            if low.startswith(k):
                # "ranged 2", "ranged X" / "retort 2+X" (the X counted from its "where X is", never dropped)
                counted = re.match(r"^" + re.escape(k) + r"(?: (\d+\s?[+-]\s?x|x|\d+)\b)?", low)
                phrase = k + (f" {counted.group(1).upper()}" if counted and counted.group(1) else "")
                out.append(_Change("D", f"{verb} {phrase}", "abilities", phrase))
                rest = low[len(phrase):]
                for extra in re.findall(r"(?:,| and| and/or) (" + "|".join(map(re.escape, KEYWORDS)) + r")", rest):
                    out.append(_Change("D", f"{verb} {extra}", "abilities", extra))
                q2 = re.search(r"and QUOTE(\d+)", w)
                if q2:
                    out.append(_Change("D", f"{verb} {quotes[int(q2.group(1))]}", "abilities",
                                       quotes[int(q2.group(1))]))
                return out
        return out
    # become / becomes / is / are
    m = ELEMENT.search(w)
    if m and low.index(m.group(0).lower()) <= 4:
        return [_Change("C", f"{verb} {m.group(0)}", "element", m.group(0).lower(), exclusive=True)]
    for prop in PROPERTIES:
        if re.match(r"^(?:always )?" + prop + r"\b", low):
            return [_Change("A", f"{verb} {prop}", "property", prop)]
    m = (re.match(r"^(?:an? |all )((?:[a-z]+ ){0,3})(ally|item|weapon|phantasia|domain|champion|regalia|token|unit)"
                  r"s?\b(.*)$", low)
         or re.match(r"^(?:an? |all )((?:[a-z]+ ){0,3}?)(" + "|".join(sorted(SUBTYPES, key=len, reverse=True))
                     + r")s?\b(.*)$", low))
    if m:
        words = [x for x in [*m.group(1).split(), m.group(2)] if x]
        extra = m.group(3)
        added = " in addition to" in extra
        found = [_Change("B", f"{verb} {low[: m.end(2)]}" + (" in addition to its other types" if added else ""),
                         "types", " ".join(words), exclusive=not added, adds=tuple(words))]
        bp = re.search(r"with base (power|life)( and life)? (?:of |equal to )?(\S+)", extra)
        if bp:
            found.append(_Change("A", bp.group(0), "base", bp.group(0).removeprefix("with "), exclusive=True,
                                 amounts=_base_amounts(bp)))
        kw = re.search(r"with (" + "|".join(map(re.escape, KEYWORDS)) + r")", extra)
        if kw:
            found.append(_Change("D", kw.group(0), "abilities", kw.group(1)))
        return found
    return out


def _base_amounts(m: re.Match[str]) -> tuple[tuple[str, int | None], ...]:
    """A base value set in layer A: (stat, value) for "base power 0", "base power and life 3"."""
    value = m.group(3).rstrip(".,")
    n = int(value) if value.isdigit() else None
    stats = [m.group(1)] + (["life"] if m.group(2) else [])
    return tuple((stat, n) for stat in stats)


# --- sentences ----------------------------------------------------------------------------------------

def _compound(subject: str, ctx: _Context) -> list[SetSpec]:
    """"Your champion and other Slime objects you control": one set per subject joined by "and" (each its own
    effect), when every part reads as a set; [] otherwise."""
    parts = [p for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", subject) if p.strip()]
    if len(parts) < 2:
        return []
    specs = [parse_set(p, ctx.card, ctx.last_set or ctx.last_target) for p in parts]
    return [sp for sp in specs if sp is not None] if all(sp is not None for sp in specs) else []


# "this turn" closing a clause in the past ("allies that entered the field this turn", "for every 3 damage your
# champion has dealt to other champions this turn"): it says which objects or how many count, not how long
_PAST_THIS_TURN = re.compile(r"\b(?:(?:has|have|had|'ve)(?: \w+)?|that|who|which) (?:\w+ed|dealt|drawn|drew|made|"
                             r"paid|taken|won|lost|spent)\b[^,.;]*?\s+this turn\b", re.I)


def _duration(sentence: str, ctx: _Context, resolving: bool) -> tuple[Form, str, str]:
    """(form, the words deciding it, condition words)."""
    low = sentence.lower()
    condition = ""
    # ("As long as they're banished you may activate them": the condition ends before the rule it switches)
    m = re.search(r"\b(?:for )?as long as ((?:they're|it's|they are|it is) banished\b(?= you\b)|[^,.]+)", sentence,
                  re.I)
    labels = " ".join(f"[{c}]" for c in ctx.conditions) if ctx.conditions and not resolving else ""
    if m:  # a bonus label and an "as long as" both switch it: both are its condition
        condition = "; ".join(x for x in (labels, m.group(0)) if x)
    elif labels:
        condition = labels
    if ctx.indefinite:
        return Form.INDEFINITE, "(This effect lasts indefinitely.)", condition
    if m:  # words inside the condition ("as long as it entered the field this turn") are not a duration
        sentence = sentence[: m.start()] + sentence[m.end():]
    # nor is a "this turn" closing a clause in the past ("allies that entered the field this turn")
    sentence = _PAST_THIS_TURN.sub(lambda m: m.group(0)[: -len("this turn")].rstrip(), sentence)
    low = sentence.lower()
    for pattern, form in ((r"until the end of your next turn", Form.NEXT_TURN_END),
                          (r"until (?:the )?end of (?:the )?turn|for the rest of the turn", Form.END_OF_TURN),
                          (r"for the rest of the game", Form.GAME),
                          (r"\bfor this attack\b", Form.END_OF_ATTACK),
                          (r"until the beginning of your next turn", Form.NEXT_TURN_START),
                          (r"during your next turn", Form.DURING_NEXT_TURN),
                          (r"\bthis turn\b", Form.END_OF_TURN)):
        m2 = re.search(pattern, low)
        if m2:
            return form, sentence[m2.start():m2.end()], condition
    if condition:
        return Form.AS_LONG_AS, condition, condition
    return (Form.GAME, "", "") if resolving else (Form.WHILE_ON_FIELD, "", "")


_LEAD = re.compile(r"^(?:then,? |if you do,? |also,? |otherwise,? |instead,? |• |[\w ]+ bonus:\s*|when you do,? |"
                   r"\d+ (?:to \d+|or more)\s*—\s*|(?:north|south|east|west|\d+)(?: or (?:north|south|east|west))?"
                   r"\s*—\s*|"
                   r"as a spell,? |during your turn,? |once per turn,? |"
                   r"for the rest of the (?:game|turn),\s*)", re.I)
_UNTIL_LEAD = re.compile(r"^(until (?:the )?end of (?:the )?turn|until the beginning of your next turn),\s*", re.I)
_AS_LONG_LEAD = re.compile(r"^as long as (?:[^,]+,|(?:they're|it's|they are|it is) banished)\s*", re.I)
_IF_LEAD = re.compile(r"^if [^,]+,\s*", re.I)


def _read_sentence(sentence: str, ctx: _Context, resolving: bool, printed: str | None = None) -> list[ReadEffect]:
    mastery = re.search(r"\byou gain the ((?:[A-Z][\w']*)(?: [A-Z][\w']*)*) mastery\b", sentence, re.I)
    if mastery and printed is None:  # "You gain the Phantasmagoria mastery. Then put two haunt counters on it."
        ctx.last_target = SetSpec(mastery.group(1), controller="you", named=mastery.group(1))
        return []  # (gaining it is one-time; a later "it" is that mastery)
    body = sentence.strip()
    sentence = printed or sentence
    before = ctx.ifs
    ctx.ifs = _if_words(sentence) if printed is None else ctx.ifs
    otherwise = printed is None and bool(re.match(r"^otherwise\b", sentence.strip(), re.I)) and bool(before)
    if otherwise:  # "If your champion is distant, they gain ... Otherwise, they become distant."
        ctx.ifs = f"otherwise (“{before}” does not hold)"
    if printed is None and ctx.ifs and ctx.last_set is None and ctx.last_target is None:
        # "If your champion is distant, they gain ranged 4": a later "they"/"it" is the if's subject
        subject = re.match(r"^if (.+?) (?:is|are|was|were|has|have|had|isn't|aren't)\b", ctx.ifs, re.I)
        found = parse_set(subject.group(1), ctx.card) if subject else None
        if found is not None:
            ctx.last_target = found
    named = re.search(r"\btarget ([a-z][\w' -]*?)(?= with\b| to\b| from\b| and\b|[.,;]|$)", sentence,
                      re.I)
    if named and printed is None:  # "Put a buff counter on target ally. If it is ..., it gains ...": that target
        ctx.last_target = parse_set("target " + named.group(1), ctx.card)
        where = re.search(r"\btarget [^.]*?\b(?:from|in) (your |their |an opponent's |target opponent's )?"
                          r"(graveyard|memory|hand|banishment|material deck)s?\b", sentence, re.I)
        if where and ctx.last_target is not None:  # "Put target Specter ally card ... from your graveyard onto ..."
            ctx.last_target = replace(ctx.last_target, zone={"material deck": "material"}.get(
                where.group(2).lower(), where.group(2).lower()))
    returned = _RETURNED.search(sentence) if printed is None and not named else None
    if returned:  # "Return the killed ally from its owner's graveyard to the field ... It becomes a Spirit": that ally
        found = parse_set("target " + returned.group(1), ctx.card)
        if found is not None:
            ctx.last_target = replace(found, target=True)
    made = _made(sentence, ctx.card) if printed is None and not named and not returned else None
    if made is not None:  # "Summon a Fledgling token ... It gains intercept", "Return Night Barker ... It becomes
        ctx.last_target = made  # ephemeral": a later "it" / "that token" is the new object, not the card
    chosen = _CHOSEN.search(sentence) if printed is None and (not named or ctx.last_target is None) else None
    if chosen:  # "Change the target of an attack to a Chessman Rook ally you control. ... that ally gets ...":
        spec = parse_set(chosen.group(1), ctx.card)  # the object chosen, with what the words say of it
        if spec is not None and not spec.self_only:
            ctx.last_target = replace(spec, target=True)
    # "... instead" after an "if": an alternative to the sentence before; a replacement's own "instead" ("if it
    # would deal damage, it deals that much minus 3 instead") is not one
    # ("... with their life stat instead of power stat" is no alternative either)
    ctx.instead = (otherwise or bool(re.search(r"\binstead\b(?! of\b)", sentence, re.I)
                                     and not re.search(r"\b(?:would|were to)\b", sentence, re.I))) \
        if printed is None else ctx.instead
    while True:
        stripped = _LEAD.sub("", body)
        stripped = _UNTIL_LEAD.sub("", stripped)
        stripped = _AS_LONG_LEAD.sub("", stripped)
        stripped = _IF_LEAD.sub("", stripped)
        if stripped == body:
            break
        body = stripped
    where_x = _WHERE_X.search(body)
    body, per, cap, every = _amount_basis(body)
    if per or printed is None:  # one sentence's own basis (the tail of a sentence keeps its whole's)
        ctx.per, ctx.cap, ctx.every = per, cap, every
        ctx.x_is = (2 if re.search(r"\btwice\b", where_x.group(0), re.I) else 1) if per and where_x else 0
    body = re.split(r",? where X is|,? for each\b(?=.*\bwhere\b)", body)[0]
    body = re.sub(r"\s+also\s+(?=(?:" + VERBS + r")\b)", " ", body)  # "allies you control also become distant"
    kept = [m.span() for m in _PAST_THIS_TURN.finditer(body)]
    body = re.sub(r"\s+(until (?:the )?end of (?:the )?turn|until the beginning of your next turn|(?:for )?this turn|"
                  r"until the end of your next turn|during your next turn|(?:for )?as long as [^,.]+)(?=[ ,.]|$)",
                  lambda m: m.group(0) if any(a <= m.start() < b for a, b in kept) else "", body, flags=re.I)
    empower = _EMPOWER.match(body)
    if empower and resolving:  # "Empower 2": the next Spell card this turn resolves as if the champion got +2 level
        return _empowered(empower, sentence, ctx, where_x.group(1) if where_x else "")
    chosen_put = _CHOOSE_PUT.match(body)
    if chosen_put and resolving:  # "Choose any amount of non-champion objects and put a wither counter on each of
        # them": the objects chosen as it resolves (no target), each given the counters
        body = f"put {chosen_put.group(3)} on {chosen_put.group(1)} {chosen_put.group(2)}"
    placing = _PUT_COUNTERS.match(body)
    if placing and resolving:  # "Put two buff counters on target ally": they change its power and life (GA14)
        return _counters_placed(placing, sentence, ctx)
    suppress = _SUPPRESS.match(body)
    if suppress and resolving:  # "Suppress target ally": banished, and back at the beginning of the next end phase
        return _suppressed(suppress, sentence, ctx)
    into_lineage = _TO_LINEAGE.match(body)
    if into_lineage and resolving:  # "Put Maledictum Vitae on the bottom of target champion's lineage"
        return _lineage_placed(into_lineage, sentence, ctx)
    tail = re.search(r",? (?:then|and) (put [^.]+? on the bottom of [^.]+? lineage)[.]?$", body, re.I)
    into_lineage = _TO_LINEAGE.match(tail.group(1)) if tail and resolving and printed is None else None
    if tail and into_lineage:  # "All units you control become distant, then put Violet Haze on the bottom of ..."
        first = _read_sentence(body[: tail.start()] + ".", ctx, resolving)
        return first + _lineage_placed(into_lineage, sentence, ctx)
    # "Other champions get -3 level and all allies get -3 POWER": two clauses, each with its own subject
    for joint in re.finditer(r",? and (?=(?:all |each |other |target |your )?[A-Za-z][\w' ]*? (?:" + VERBS + r")\b)",
                             body):
        left, right = body[: joint.start()], body[joint.end():]
        if not re.search(r"\b(" + VERBS + r")\b", left):
            continue
        subject = re.match(r"^(.+?)\s+(?:" + VERBS + r")\b", right)
        if subject and subject.group(1).lower() not in ("it", "they", "them") and parse_set(subject.group(1),
                                                                                              ctx.card) is not None:
            first = _read_sentence(left, ctx, resolving, sentence)
            second = _read_sentence(right, ctx, resolving, sentence)
            if first and second:
                return first + second
    # SUBJECT VERB ...: the first verb whose subject reads as a set
    for m in re.finditer(r"\b(" + VERBS + r")\b", body):
        subject = body[: m.start()].strip()
        if not subject:
            continue
        spec = parse_set(subject, ctx.card, ctx.last_set or ctx.last_target)
        specs = [spec] if spec is not None else _compound(subject, ctx)
        if not specs:
            continue
        clauses = re.split(r"(?:,\s*(?:and\s+)?|\s+and\s+)(?=(?:" + VERBS + r")\b)", body[m.start():])
        effects: list[ReadEffect] = []
        for one in specs:
            for clause in clauses:
                cm = re.match(r"^(" + VERBS + r")\b\s*(.*)$", clause.strip(), re.S)
                if not cm:
                    continue
                for change in _classify(cm.group(1), cm.group(2), ctx.quotes):
                    mode = ctx.mode
                    if change.choice:  # "your choice of +1 POWER or +1 LIFE": each option a mode of its own
                        ctx.mode = change.choice
                    effects.append(_effect(ctx, sentence, cm.group(1), change, one, resolving))
                    ctx.mode = mode
        if effects:
            ctx.last_set = specs[-1]
            return effects
        return []
    # "wake it up and it gets +2 POWER", "Recover 2 and Jabberwocky gets ...": an instruction, then a clause
    tail = re.search(r"\band (?=(?:it|they|that \w+|" + "|".join(re.escape(n) for n in short_names(ctx.card))
                     + r") (?:" + VERBS + r")\b)", body)
    if tail:
        return _read_sentence(body[tail.end():], ctx, resolving, sentence)
    return _read_rule(body, sentence, ctx, resolving)


_CHOOSE_PUT = re.compile(r"^choose (any amount of|up to (?:one|two|three|\d+)|an?|another) ([^,]+?) and put "
                         r"((?:a|an|one|two|three|four|five|x|\d+) [a-z]+ counters?) on (?:each of them|it|them|each)"
                         r"[.]?$", re.I)
_PUT_COUNTERS = re.compile(r"^(?:(?:draw a card|wake (?:it|up that \w+|up \w+)|wake it up|recover \d+|glimpse \d+),? "
                           r"(?:and|then),? )?"
                           r"(?:(you may) )?put (a|an|one|two|three|four|five|six|x|\d+) (?:additional )?([a-z]+) "
                           r"counters? on (.+?)(?:,?\s+(?:then|and)\s+(?:draw|wake|recover|gain|deal|you|it|that)\b.*)?"
                           r"[.]?$", re.I)


def _counters_placed(m: re.Match[str], sentence: str, ctx: _Context) -> list[ReadEffect]:
    """"Put two buff counters on target ally": a one-time placement whose counters stay on the object and change
    its power and life after the other changes of layer E (official "Counters"; GA14)."""
    words = re.sub(r"\s+instead$", "", m.group(4), flags=re.I)  # "... on it instead": an alternative (ctx.instead)
    chosen = re.match(r"^(?:an?|one|(up to (?:one|two|three|\d+)|any amount of)) (?!target\b)", words, re.I)
    spec = parse_set(words[chosen.end():] if chosen else words, ctx.card, ctx.last_set or ctx.last_target)
    named = re.fullmatch(r"your ((?:[A-Z][\w']*)(?: [A-Z][\w']*)*)", words.strip())
    if spec is None and named:  # "Then put a sheen counter on your Fractured Memories": the object of that name
        spec = SetSpec(words.strip(), controller="you", named=named.group(1))
    if spec is None:
        return []
    if chosen:  # "on an ally you control": one object chosen as it resolves (no target), like a target here
        spec = replace(spec, text=words, target=True, unchecked=(*spec.unchecked, *(
            (f"{chosen.group(1).removesuffix(' of')} of them, chosen",) if chosen.group(1) else ())))
    word, kind = m.group(2).lower(), m.group(3).lower()
    n = None if word == "x" else _NUM.get(word, int(word) if word.isdigit() else 1)
    sign = -1 if kind == "debuff" else 1
    amount = None if n is None else sign * n
    # buff and debuff counters change power and life; other counters (preparation, enlighten, durability) only
    # stay on the object, where what counts them finds them
    stats = ("power", "life") if kind in ("buff", "debuff") else ("counters",)
    change = _Change("E", f"put {m.group(2)} {kind} counter{'s' if n != 1 else ''}", "counters",
                     f"{'X' if n is None else n} {kind} counter{'s' if n != 1 else ''}",
                     amounts=tuple((stat, amount) for stat in stats),
                     x_terms=tuple((stat, sign, 0) for stat in stats) if n is None else ())
    if m.group(1):  # "you may put ...": a choice, taken as made and said
        ctx.ifs = "; ".join(x for x in (ctx.ifs, "you choose to put them (“you may”)") if x)
    effect = _effect(ctx, sentence, "put", change, spec, True)
    return [replace(effect, counter_kind=kind, form_words="the counters stay until removed")]


_SUMMON_MADE = re.compile(r"\b(?i:summons?) (?i:an?|one|two|three|four|five|\d+|that many) ([A-Z][\w' ,-]*?) "
                          r"(?i:tokens?)\b")


# "Summon a token copy of a non-Distortion regalia you control", "Each player summons a token copy of each ...":
# the copies made, for a later "It" / "Those copies"
COPY_MADE = re.compile(r"\b(?i:summons?) (?:a|one) token cop(?:y|ies) of ([^.]+)", re.I)


def _made(sentence: str, card: Card | None) -> SetSpec | None:
    """The object a sentence makes, for a later "it" / "that token" / "they" of the same text: a token it summons
    ("Summon a Fledgling token with a buff counter on it. It gains intercept until end of turn"), or the card itself
    returned to the field ("Return Night Barker from your graveyard to the field. It becomes ephemeral"): a new
    object (GA: an object that changes zones is a new object), never the card whose text it is."""
    m = _SUMMON_MADE.search(sentence)
    if m:
        return SetSpec(f"the {m.group(1).strip()} token", types=frozenset({"token"}), made="token")
    copy = COPY_MADE.search(sentence)
    if copy:
        return SetSpec(f"the token copy of {copy.group(1).strip()}", types=frozenset({"token"}), made="token")
    if card is None:
        return None
    names = "|".join(re.escape(n) for n in sorted(short_names(card), key=len, reverse=True))
    if names and re.search(r"\b[Rr]eturn (?:" + names + r")\b[^.]*?\bto the field\b", sentence):
        return SetSpec(f"{card.name} returned to the field", made="returned")
    return None


# "Return the killed ally from its owner's graveyard to the field": a later "it" is that ally, not the card
_RETURNED = re.compile(r"\bReturn (?:the killed|the destroyed|that) (ally|unit|item|weapon|object)\b[^.]*\bto the "
                       r"field", re.I)
_EMPOWER = re.compile(r"^empower (\d+|x(?:\s?\+\s?\d+)?)[.]?$", re.I)


def _empowered(m: re.Match[str], sentence: str, ctx: _Context, x_is: str) -> list[ReadEffect]:
    """"Empower 2" (its reminder: "The next Spell card you activate this turn activates and resolves as if your
    champion got +2 level"): a lasting rule for that one card, ending at the end of the turn or once it is used."""
    spec = parse_set("the next Spell card you activate this turn", ctx.card)
    if spec is None:
        return []
    amount = m.group(1).upper().replace(" ", "")
    where = f" (X is {x_is.rstrip('.')})" if x_is and "X" in amount else ""
    change = _Change("-", "a rule of the game (no layer)", "rule",
                     f"the next Spell card you activate this turn activates and resolves as if your champion got "
                     f"+{amount} level{where}")
    effect = _effect(ctx, sentence, "empower", change, spec, True)
    return [replace(effect, form=Form.END_OF_TURN, form_words="this turn (the empower reminder: the next Spell card "
                    "you activate this turn)", per="", cap=None, every=1)]  # ("where X is": said in the change)


_SUPPRESS = re.compile(r"^(?:(?:as a spell, )?)suppress ((?:up to (?:one|two|three) |another |two )?target [^.(]+?)"
                       r"(?: with the same reserve costs?)?\s*(?:\([^)]*\))?[.]?$", re.I)


def _suppressed(m: re.Match[str], sentence: str, ctx: _Context) -> list[ReadEffect]:
    """"Suppress target ally": the glossary's suppress: banish it and return it to the field under its owner's
    control at the beginning of the next end phase. It leaves the field now, so what other effects gave it ends,
    and it comes back as a new object."""
    spec = parse_set(m.group(1), ctx.card, ctx.last_set or ctx.last_target)
    if spec is None:
        return []
    change = _Change("-", "suppressed (banished until the next end phase)", "zone",
                     "suppressed (banished until the next end phase, back as a new object)")
    effect = _effect(ctx, sentence, "suppress", change, spec, True)
    return [replace(effect, form=Form.END_OF_TURN, form_words="it comes back at the beginning of the next end "
                    "phase (a new object)")]


_TO_LINEAGE = re.compile(r"^(?:(you may) )?put (.+?)(?: from your (?:graveyard|hand|memory))? on the bottom of "
                         r"((?:target|your|the hit|that|the attacked) champion)(?:'s|’s) lineage\b[^.]*?[.]?$", re.I)


def _lineage_placed(m: re.Match[str], sentence: str, ctx: _Context) -> list[ReadEffect]:
    """"Put Maledictum Vitae on the bottom of target champion's lineage": a one-time move; the card then stays in
    that lineage (a level up keeps it, GA9), and only an Inherited Effect of it gives the champion anything."""
    spec = parse_set(m.group(3), ctx.card)
    if spec is None:
        return []
    moved = m.group(2)
    name = ctx.card.name if moved.lower() in ("this card", "it", "this") or moved in short_names(ctx.card) else moved
    change = _Change("-", "a card put into a champion's lineage", "lineage", f"{name} put on the bottom of its "
                     "lineage")
    if m.group(1):
        ctx.ifs = "; ".join(x for x in (ctx.ifs, "you choose to put it (“you may”)") if x)
    effect = _effect(ctx, sentence, "put", change, spec, True)
    return [replace(effect, form=Form.INDEFINITE, form_words="it stays in the lineage (a level up keeps it)")]


_PLAYERS = re.compile(r"^(you|players|each player|your opponents|opponents|each opponent|target opponent|"
                      r"that opponent|that player|target player|an opponent|they|their controller|its controller)\b"
                      r"\s+(?:can't|cannot|can|may|must|don't|doesn't|skip|gains? agility|gains? the|lose|pay|"
                      r"are|have)\b", re.I)
_GAME = re.compile(r"^(?:time is distorted|ignore\b.*|(?:all )?(?:[\w,]+ )*elements? (?:are|is) enabled|"
                   r"(?:combat )?damage (?:dealt|that would be dealt)\b.*\b(?:can't be prevented|is unpreventable)|"
                   r"if .*\bwould\b.*|prevent (?:the next|all|that|\d).*|.*\bcan't be (?:negated|intercepted)\b.*|"
                   r"(?:activated )?abilities of .*\bcost .*)", re.I)
_WOULD = re.compile(r"^(?:if|the next time) (?:(?:combat |non-combat |\d+ or (?:more|less) )?damage would be dealt to "
                    r"([^,]+)|"
                    r"(?!you\b|damage\b)([^,]+?) (?:would|were to) (?:take|deal|be dealt|be destroyed|be banished|"
                    r"die|leave)\b)", re.I)
# an object chosen without targeting ("on a Chessman Knight ally", "choose an ally you control"): a later "that ally"
_CHOSEN = re.compile(r"\b(?:on|to|onto|choose|chooses) (?:an?|one) ((?:[a-z][\w'-]* ){0,3}?(?:ally|unit|champion|item|"
                     r"weapon|phantasia|domain|object)(?: you control| an opponent controls| you don't control)?)\b",
                     re.I)
# "the next card you activate this turn" inside a rule ("The activation of ... can't be negated", "Ignore the
# elemental requirements of ..."): the rule is for that one card as it is activated
_NEXT_ACTIVATED = re.compile(r"\b(the next (?:[\w'-]+ )*?cards? you activate(?: this turn)?)\b", re.I)
# "The next time one or more allies would enter the field this turn, they enter the field rested instead"
# ("the next time that card would enter": a card named earlier that comes back as a new object, not read here)
_NEXT_ENTERS = re.compile(r"^(the next time (?:(one or more )|an? )?((?!that |those |it )[^,]+?) would enter the "
                          r"field)\b", re.I)
_RESTRICTED = re.compile(r"^(.+?) can't be (?:intercepted|negated|targeted|used for an attack|redirected)\b", re.I)


# a prevention shield naming whom it protects: "Prevent the next 3 damage that would be dealt to your champion this
# turn" (the object it reaches is that champion, not the game; "... to your champion and up to one other target
# unit" names two sets and is left to the rule of the game)
_PREVENT_NEXT = re.compile(r"^prevent the next [\w+]+ (?:(?:non-)?combat )?damage that would be dealt to "
                           r"((?:(?! and )[^,.])+?)"
                           r"(?=\s+this turn\b|\s+until\b|[.]?$)", re.I)


def _replaced_set(clean: str, ctx: _Context) -> SetSpec | None:
    """The objects a replacement or prevention is about: "if damage would be dealt to your champion", "if that
    unit would deal damage" (None when the words name no set we can read: then it is a rule of the game)."""
    m = _WOULD.match(clean) or _PREVENT_NEXT.match(clean)
    if not m:
        return None
    subject = re.split(r"\s+(?:by|from|while|this turn)\b|,", m.group(1) or m.group(2))[0]
    # "if damage would be dealt to a unit you control": any unit you control (the one the damage is dealt to)
    subject = re.sub(r"^(?:an?|one or more) (?!target\b)", "", subject.strip(), flags=re.I)
    return parse_set(subject, ctx.card, ctx.last_set or ctx.last_target)


_MODAL = re.compile(r"\s(can't|cannot|can|may|must|enters?|don't|doesn't|assign)\b")


def _read_rule(body: str, sentence: str, ctx: _Context, resolving: bool) -> list[ReadEffect]:
    """A continuous effect that changes a rule of the game or a player, not an object's characteristics ("you
    can't draw cards", "allies enter the field rested", "if damage would be dealt ..., prevent it"): no layer."""
    text = body.strip().rstrip(".")
    # lasting words of the sentence itself, not of an "if ..." it depends on ("If this is the first attack this turn")
    lasting = re.search(r"\buntil\b|\bthis turn\b|for the rest of the|as long as|\bduring (?:your|their|each)",
                        _without_ifs(_IF_WORDS.sub(" ", sentence)), re.I) or re.search(
        # "If damage would be dealt to a unit you control this turn, prevent 1 of that damage": the replacement
        # itself lasts this turn (its "if" is the event it replaces, not a condition checked once)
        r"^(?:[\w ]+ bonus:\s*)?if [^,]*\b(?:would|were to)\b[^,]*\bthis turn\b", sentence.strip(), re.I)
    banning = re.search(r"\b(can't|cannot|don't|doesn't|skip|skips)\b", text, re.I)
    # an attack card's "Combat damage dealt by this attack is unpreventable" (Overwhelming Swing): a rule of that
    # attack, lasting as long as the attack (the card is the attack while it is played), as when it is granted
    own_attack = resolving and bool(re.search(r"\bby this attack\b", text, re.I)) and "attack" in types_of(ctx.card)
    if resolving and not (lasting or banning or own_attack):
        return []  # "you may pay (2)", "each player draws": a one-time action or choice, not a lasting rule
    spec: SetSpec | None = None
    clean = sentence.strip()
    clean_lead = _LEAD.sub("", clean)  # ("Until end of turn, objects with reserve cost ... enter the field rested")
    while True:  # the sentence without its leads, but with its "if ..." (a replacement effect's condition)
        stripped = _AS_LONG_LEAD.sub("", _UNTIL_LEAD.sub("", _LEAD.sub("", clean)))
        if stripped == clean:
            break
        clean = stripped
    delayed = re.match(r"^(?:whenever|when|the next time|the first time) .*,", clean, re.I)
    if delayed and not lasting:
        return []  # a triggered ability ("Whenever you activate ..., put a counter"), not a lasting rule
    replaced = _replaced_set(clean, ctx)
    if replaced is not None:  # "if that unit would deal damage, ... instead": a rule for that object
        spec, text = replaced, clean.rstrip(".")
    elif (own := _RESTRICTED.match(text)) and (spec := parse_set(own.group(1), ctx.card,
                                                                  ctx.last_set or ctx.last_target)) is not None:
        pass  # "it can't be intercepted", "Luminous Quartz can't be used for an attack": a rule for that object
    elif own_attack:
        spec = SetSpec("this attack", self_only=True)
        text = clean.rstrip(".")
    elif (nxt := _NEXT_ACTIVATED.search(text)) and (spec := parse_set(nxt.group(1), ctx.card)) is not None:
        pass  # "The activation of the next card you activate this turn can't be negated": a rule for that one card
    elif (entering := _NEXT_ENTERS.match(clean)) and (spec := parse_set(entering.group(3), ctx.card,
                                                                          ctx.last_set or ctx.last_target)):
        # "The next time a regalia with divine relic would enter the field this turn, it enters ... instead": a
        # replacement waiting for the next such object to enter (those entering together with "one or more")
        spec = replace(spec, next_only=True, text=entering.group(1), next_together=bool(entering.group(2)))
        text = clean.rstrip(".")
    elif _GAME.match(clean) or delayed:
        spec = SetSpec("the game", types=frozenset({"player"}))
        text = clean.rstrip(".")
    elif _PLAYERS.match(text):
        spec = SetSpec(f"players: {_PLAYERS.match(text).group(1)}", types=frozenset({"player"}))  # type: ignore
    elif _GAME.match(text):
        spec = SetSpec("the game", types=frozenset({"player"}))
    else:
        m = _MODAL.search(text)
        if m:
            spec = parse_set(text[: m.start()], ctx.card, ctx.last_set or ctx.last_target)
        banned = bool(re.match(r"\s(?:can't|cannot)\b", text[m.start():])) if m else False
        until = bool(resolving and lasting and re.match(r"^until end of turn,", clean_lead, re.I))
        if spec is None and m and ((banned and (not resolving or lasting)) or until):
            # "Attacks using Carnwennan can't be retaliated", "Buff counters can't be placed on objects you don't
            # control": a ban on something that is not an object we can name, a rule of the game
            spec = SetSpec("the game", types=frozenset({"player"}))
    if spec is None:
        return []
    named = any(text.lower().startswith(n.lower()) for n in short_names(ctx.card))  # keep a card's name capitalised
    change = _Change("-", "a rule of the game (no layer)", "rule", text if named else text[:1].lower() + text[1:])
    verb = "are" if re.search(r"\b(are|is|have|has)\b", text) else "gets"
    effect = _effect(ctx, sentence, verb, change, spec, resolving)
    ruled = _rule_layer(text)
    return [replace(effect, rule_layer=ruled) if ruled else effect]


# the rules' layer list (Continuous Effects, Layers): D "add or subtract abilities"; E "increase or decrease power,
# life, durability, levels, playing costs, or modify play permissions (i.e. Fast vs Slow play speed)"
_PERMISSION = re.compile(r"\bas though (?:it|they) (?:had|has|have) fast activation\b|\bat fast speed\b", re.I)
_ENTERS_WITH_STAT = re.compile(r"\benters? (?:the intent|the field|play)\b[^.]*?\bwith [+-]?(?:\d+|X) ?"
                               r"(?:POWER|LIFE|DURABILITY|LEVEL)\b", re.I)
_ENTERS_WITH_ABILITIES = re.compile(r"\benters? (?:the field|the intent|play)\b[^.]*?\bwith (?:all )?(?:the )?"
                                    r"abilit(?:y|ies)\b", re.I)


def _rule_layer(text: str) -> tuple[str, str]:
    """The layer the rules give a rule for how objects are activated or enter (GA5), or ()."""
    if _PERMISSION.search(text):
        return ("E", "it modifies a play permission (Fast vs Slow play speed), layer E in the rules' list")
    if _ENTERS_WITH_STAT.search(text):
        return ("E", "the power, life, durability or level they enter with is increased or decreased: layer E in "
                     "the rules' list")
    if _ENTERS_WITH_ABILITIES.search(text):
        return ("D", "it adds abilities: layer D in the rules' list")
    return ()


_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10}
_EVERY_N = r"(?:(two|three|four|five|six|seven|eight|nine|ten|\d+) )?"
# "for every five damage counters on your champion": one step per five ("this turn" after a past tense inside the
# count is part of it: "for every 3 damage your champion has dealt to other champions this turn")
_FOR_EACH_LEAD = re.compile(r"^for (?:each|every) " + _EVERY_N + r"(?:of up to (\w+) )?([^,]+),\s*",
                            re.I)
_FOR_EACH_TAIL = re.compile(r"\s+for (?:each|every) " + _EVERY_N + r"(?:of up to (\w+) )?(.+?"
                            r"(?:\b(?:has|have|had|'ve)\b[^.;]*?\bthis turn)?)(?=\s+until\b|\s+this turn\b|[.;]?$)",
                            re.I)
_WHERE_X = re.compile(r",?\s+where X is (?:equal to )?(?:the (?:amount|number) of |twice the (?:amount|number) of )?"
                      r"(.+?)[.;]?$", re.I)


def _number(word: str) -> int | None:
    return _COUNTS.get(word.lower(), int(word) if word.isdigit() else None)


# "has ranged X, where X is ...", "has retort 2+X, where X is ...": a keyword's number counted
_KEYWORD_X = re.compile(r"\b(?:" + "|".join(map(re.escape, KEYWORDS)) + r") (?:\d+\s?[+-]\s?)?X\b", re.I)


def _counted_keyword(change: _Change) -> bool:
    """A keyword ability with a number ("ranged 2", "ranged X", "retort 2+X"): a "for each" or an X counts it."""
    return change.prop == "abilities" and not change.change.startswith(("\"", "“")) and \
        bool(re.search(r" (?:\d+(?:\s?[+-]\s?X)?|X)$", change.change))


def _amount_basis(body: str) -> tuple[str, str, int | None, int]:
    """(body without it, what one step of the amount counts, the cap, how many of it make one step) for "for each
    ...", "for every five ..." and "where X is ..."."""
    for pattern in (_FOR_EACH_LEAD, _FOR_EACH_TAIL):
        m = pattern.search(body)
        if m:
            every, cap = m.group(1), m.group(2)
            return (body[: m.start()] + (" " if pattern is _FOR_EACH_TAIL else "") + body[m.end():]).strip(), \
                m.group(3).strip(), _number(cap) if cap else None, (_number(every) or 1) if every else 1
    m = _WHERE_X.search(body)
    if m and (re.search(r"[+-]\s?X(?:\b|(?=POWER|LIFE))|\bX (less|more)\b|\(X\)|X\)|\bput X\b", body, re.I)
              or _KEYWORD_X.search(body)):
        return body[: m.start()].strip(), m.group(1).strip(), None, 1
    return body, "", None, 1


_IF_WORDS = re.compile(r"^(?:then,? |also,? )?(if (?!you do\b)[^,]+),|\s(if (?!you do\b|able\b|possible\b)[^,.]+)[.]?$",
                       re.I)  # ("must attack a champion each turn if able": no condition)


_YOU_DID = "you did what it offers first"


def _if_words(sentence: str) -> str:
    """The "if ..." the sentence depends on ("If that ally is unique", "... if you control a Shenju ally")."""
    m = _IF_WORDS.search(sentence.strip())
    words = (m.group(1) or m.group(2) or "").strip() if m else ""
    unless = re.search(r"\s(unless [^,.;]+)[.;]?$", sentence.strip(), re.I)
    if unless and not words:  # "... gains stealth until end of turn unless an opponent pays (2)": assumed aloud
        return f"the “{unless.group(1)}” does not happen"
    if re.search(r"\b(?:would|were to)\b", words):  # "If damage would be dealt to X": the event replaced
        held = re.search(r"\bwhile\s+(.*)$", words)
        return held.group(1) if held else ""
    if re.fullmatch(r"if you (?:don't|do not)", words, re.I):  # "You may recover 3. If you don't, empower 3."
        return "you did not do what it offers first (“If you don't”)"
    if not words and re.match(r"^(?:then,? )?if you do\b", sentence.strip(), re.I):
        # "You may discard a card ... If you do, this attack gets +2 POWER": the choice before it is made
        return _YOU_DID + " (“If you do”)"
    return words


def _without_ifs(sentence: str) -> str:
    """The sentence without its "If ...," lead and trailing "if ..." clause (their words are no duration)."""
    body = re.sub(r"^(then,? |if you do,? )", "", sentence.strip(), flags=re.I)
    replaced = re.match(r"^if [^,]*\b(?:would|were to)\b[^,]*\b(this turn)\b", body, re.I)
    body = _IF_LEAD.sub("", body)
    if replaced:  # "If damage would be dealt to X this turn, prevent ...": the replacement lasts this turn
        body += " this turn"
    return re.split(r"\s+if\s+", body, maxsplit=1, flags=re.I)[0]


def _effect(ctx: _Context, sentence: str, verb: str, change: _Change, spec: SetSpec, resolving: bool) -> ReadEffect:
    own_cost = spec.self_only and verb.lower() in ("costs", "cost") and ctx.origin is Origin.CARD
    # "[Class Bonus] Blazing Charge gets +2 POWER" on an attack or action: a bonus ability of the card itself,
    # static while the bonus holds, not something that resolves once for the rest of the game
    bonus_static = ctx.origin is Origin.CARD and spec.self_only and bool(ctx.conditions) and not own_cost
    resolving = resolving and not bonus_static and not own_cost  # a cost rule is read wherever the card is
    # durations are looked for outside quoted abilities ("have “On Enter: ... until end of turn.”" lasts while on
    # the field; the quote's own duration is the gained ability's)
    form, form_words, condition = _duration(_without_ifs(sentence), ctx, resolving and not own_cost)
    form_words, condition = _unmask(form_words, ctx.quotes), _unmask(condition, ctx.quotes)
    ifs = _unmask(ctx.ifs, ctx.quotes)
    if not resolving and ifs.startswith(_YOU_DID):  # a standing replacement's own "If you do": part of it, no switch
        ifs = ""
    if ifs and not resolving and ifs not in condition:  # a standing ability's "if ..." is checked at all times
        condition = "; ".join(x for x in (condition, ifs) if x)
        if form in (Form.WHILE_ON_FIELD, Form.AS_LONG_AS):
            form, form_words = Form.AS_LONG_AS, condition
    if change.prop == "property" and change.change == "distant" and form in (Form.GAME, Form.WHILE_ON_FIELD) \
            and resolving and not form_words:  # "for the rest of the game, ... are always distant" says otherwise
        # the glossary's "Distant": a unit that becomes distant stays so until the end of its controller's turn
        form, form_words = Form.END_OF_TURN, "distant (until the end of its controller's turn)"
    if resolving and form is Form.GAME and not form_words and (
            spec.types == frozenset({"attack"}) or (spec.self_only and "attack" in types_of(ctx.card))):
        # "this attack gets +3 POWER": an attack lasts until its combat ends, and what it got with it
        form, form_words = Form.END_OF_ATTACK, "the attack's (it ends with its combat)"
    # a rule's verb is not the card's word ("can attack as though ..."): it is said without one
    said = "" if change.prop == "rule" and not re.search(rf"\b{verb}\b", sentence, re.I) else f"“{verb}”"
    if not resolving:
        kind, kind_words = Kind.STATIC, "a standing ability" + ("" if change.prop == "rule" else f" ({said})")
    elif verb.lower() in STATIC_VERBS:
        kind, kind_words = Kind.STATIC, f"{said or 'a rule'} inside a resolving effect: static for its duration"
    else:
        kind, kind_words = Kind.ONE_SHOT, f"{said} in a resolving effect" if said else "a rule a resolving effect " \
                                                                                       "sets"
    origin, origin_words = ctx.origin, ctx.origin_words
    if bonus_static:
        kind, kind_words = Kind.STATIC, f"a bonus ability of the card itself (“{verb}”), static while the bonus holds"
        origin, origin_words = Origin.STANDING, "the card's own bonus ability"
        if "attack" in types_of(ctx.card) and form in (Form.WHILE_ON_FIELD, Form.AS_LONG_AS) \
                and re.search(r"\bthis attack\b", sentence, re.I):
            # "[Class Bonus] [Level 2+] Combat damage dealt by this attack is unpreventable": the attack card is the
            # attack while it is played, and its own bonus lasts as long as that attack (it ends with its combat)
            form, form_words = Form.END_OF_ATTACK, "the attack's (it ends with its combat)"
    if own_cost:
        kind, kind_words = Kind.STATIC, f"“{verb}”: a rule of the card itself, applied wherever it is"
        origin, origin_words = Origin.STANDING, "the card's own cost rule"
    if ctx.inherited and spec.self_only and "champion" not in types_of(ctx.card):
        # "This object gets -2 LIFE" on a card put into the lineage: the champion object, not the card
        spec = SetSpec(f"your champion ({spec.text}: {ctx.card.name} in its lineage)", types=frozenset({"champion"}),
                       controller="you")
    return ReadEffect(part=ctx.part, index=0, sentence=_unmask(sentence, ctx.quotes), kind=kind,
                      kind_words=kind_words, origin=origin, origin_words=origin_words, layer=change.layer,
                      layer_words=_unmask(change.layer_words, ctx.quotes), prop=change.prop,
                      change=_unmask(change.change, ctx.quotes), affected=spec, form=form, form_words=form_words,
                      condition=condition, exclusive=change.exclusive, removes_abilities=change.removes,
                      adds=change.adds, amounts=change.amounts,
                      per=ctx.per if change.amounts or _counted_keyword(change) else "",
                      cap=ctx.cap if change.amounts or _counted_keyword(change) else None,
                      every=ctx.every if (change.amounts or _counted_keyword(change)) and ctx.per else 1,
                      x_terms=tuple((stat, f * ctx.x_is, fixed) for stat, f, fixed in change.x_terms)
                      if ctx.per and ctx.x_is else (), inherited=ctx.inherited,
                      requires="; ".join([*((" ".join(f"[{c}]" for c in ctx.conditions),) if ctx.conditions
                                             and "[" not in condition else ()), *([ifs] if ifs and ifs != condition
                                                                                 else []),
                                          *([f"the “{ctx.mode}” case applies" if ctx.depending else
                                             f"the mode “{ctx.mode}” is chosen"] if ctx.mode else [])])
                      if resolving else "", instead=ctx.instead, mode=ctx.mode if resolving else "",
                      delayed=ctx.delayed if resolving else "")


def read_paragraph(card: Card, label: str, text: str, standing: bool = False, made: SetSpec | None = None) -> Paragraph:
    quotes: list[str] = []
    text = text.replace("\ufff0", "")
    indefinite = bool(re.search(r"lasts indefinitely", text, re.I))
    lines = text.split("\n")
    if len(lines) > 1 and re.fullmatch(r"(?:[A-Z][a-z]+ ){0,2}(?:Link|Lineage)", REMINDER.sub("", lines[0]).strip()):
        text = "\n".join(lines[1:])  # "Unit Link" / "Diao Chan Lineage": a keyword line; the rest is the ability
    # "that attack ... gains Combat damage dealt by this attack is unpreventable." (Suzaku's Command): an ability
    # granted without its quotation marks, read as the quoted grant it is (Penetrator Round prints the quotes)
    text = re.sub(r"\b(gains?|has|have) (Combat damage dealt by this attack is unpreventable)\.",
                  r"\1 “\2.”", text)
    body = _mask_quotes(text.replace("\n", " "), quotes)
    inherited = re.match(r"^((?:\[[^\]]+\]\s*)*)Inherited Effect\s*(?:—|:|-)\s*", body)
    if inherited:  # a standing ability the champion has while this card is in its lineage (not a trigger)
        body = inherited.group(1) + body[inherited.end():]
        rest = REMINDER.sub("", body[len(inherited.group(1)):]).strip()
        if _split_trigger(rest)[0]:
            # "Inherited Effect — Whenever you activate ..., put an enlighten counter ...": the champion has that
            # triggered ability while this card is in its lineage (and its bonus label holds: "[Merlin Bonus]")
            quotes.append(f"“{_unmask(rest, quotes)}”")
            body = f"{inherited.group(1)}Your champion has QUOTE{len(quotes) - 1}."
    bare = re.fullmatch(r"((?:\[[^\]]+\]\s*)*)Ranged (\d+)\s*", body)
    if bare:  # the glossary's "Ranged N": "as long as this unit is distant, its attacks get +N power"
        body = f"{bare.group(1)}Ranged {bare.group(2)} (As long as this unit is distant, its attacks get " \
               f"+{bare.group(2)} POWER.)"
    retort = re.fullmatch(r"((?:\[[^\]]+\]\s*)*)((?:[A-Z][a-z]+(?: [A-Z][a-z]+)?, )*)Retort (\d+)\s*(?:\([^()]*\))?\s*",
                          body)
    if retort and not standing and is_permanent(card):
        # the glossary's "Retort N": "as long as this ally is retaliating, it gets +N power" (the keyword's only
        # rule, so the standing ability it gives is read; other keywords printed before it stay keywords)
        others = retort.group(2).rstrip(", ")
        name = short_names(card)[-1]
        body = retort.group(1) + (f"{name} has {others.lower()}. " if others else "") + \
            f"As long as {name} is retaliating, it gets +{retort.group(3)} POWER."
    efficiency = re.fullmatch(r"((?:\[[^\]]+\]\s*)*)Efficiency\s*(?:\([^()]*\))?\s*(.*)", body)
    if efficiency and not standing:
        # the glossary's "Efficiency": "This card costs LV less to activate. LV refers to your champion's level."
        cost = "This card costs X less to activate, where X is LV, your champion's level."
        labels, rest = efficiency.group(1), efficiency.group(2).strip()
        if rest and labels:  # "[Diao Chan Bonus] Efficiency" on a line of its own: the bonus is that line's only
            bonus = " ".join(f"{lab.strip('[] ')}:" for lab in re.findall(r"\[[^\]]+\]", labels))
            body = f"{bonus} {cost} {rest}"
        else:
            body = f"{labels}{cost} {rest}".strip()
    printed = _printed_keywords(body)
    keyword = re.match(r"^((?:\[[^\]]+\]\s*)*)([A-Z][a-z]+(?: [A-Z][a-z]+)?(?: \d+)?)\s*"
                       r"\(((?:as long as|while)[^()]*)\)\s*$", body, re.I)
    if printed and not standing and (is_permanent(card) or "attack" in types_of(card)):
        # "[Class Bonus] [Level 2+] Taunt (While awake, ...)": an ability printed on the card, which it has
        # (while its labels hold); its reminder says how the keyword works, not when the card has it
        labels, words = printed
        awake = (re.search(r"\(While awake,", body) and words == "taunt") or (
            re.search(r"\bwhile this ally is awake\b", body) and words == "intercept")
        # "Taunt (While awake, this ally must be targeted ...)", "Intercept (Whenever your champion is attacked while
        # this ally is awake, ...)": its rule works only while the ally is awake
        body = f"{labels}{short_names(card)[-1]} has {words}" + (" as long as it's awake." if awake else ".")
    elif keyword and not standing and is_permanent(card):
        # a keyword alone (after any bonus label) with its reminder ("Ranged 4 (As long as this unit is distant,
        # its attacks get +4 power.)"): the reminder says the standing ability the keyword gives
        body = keyword.group(1) + keyword.group(3)
    body = REMINDER.sub("", body).strip()
    conditions: list[str] = []
    while (m := LABEL.match(body)) is not None:
        conditions.append(m.group(1))
        body = body[m.end():]
    if (dm := DASH_LABEL.match(body)) is not None:
        body = body[dm.end():]
    trigger, body = _split_trigger(body)
    if trigger:
        origin, origin_words, resolving = Origin.ABILITY, trigger, True
    elif not standing and (types_of(card) & {"action", "attack"} or not is_permanent(card)):
        origin, origin_words, resolving = Origin.CARD, f"{card.name} resolves", True
    else:
        origin, origin_words, resolving = Origin.STANDING, f"standing ability of {card.name}", False
    if inherited and not trigger:
        origin, origin_words, resolving = Origin.STANDING, f"inherited effect of {card.name} (in the lineage)", False
    ctx = _Context(card, label, origin, origin_words, conditions, indefinite, quotes, inherited=bool(inherited))
    if made is not None and _BACK_TO_MADE.search(body):  # "those tokens" of an earlier paragraph's summon
        ctx.last_target = made
    # "At the beginning of your next recollection phase, ...": a delayed trigger; what follows starts then
    ctx.delayed = trigger.rstrip(":") if re.match(r"^at the beginning of your next\b", trigger, re.I) else ""
    effects: list[ReadEffect] = []
    unread: list[str] = []
    bullets = [b.strip() for b in body.split("•")] if "•" in body else [body]
    # "Choose one—" / "Depending on ...—" with bullets: each bullet is a mode, one of which happens
    modal = len(bullets) > 2 and bool(re.search(r"\b(choose (?:one|two|up to)|depending on)\b", bullets[0], re.I))
    ctx.depending = modal and bool(re.search(r"\bdepending on\b", bullets[0], re.I))
    before: list[ReadEffect] = []  # the effects of the sentence before (an "... instead" may displace them)
    for n, chunk in enumerate(bullets):
        ctx.mode = _mode_words(chunk) if modal and n > 0 else ""
        for sentence in _sentences(chunk):
            # "Class Bonus: ..." inside a paragraph: a bonus that switches this sentence only
            bonus = re.match(r"^(?:• )?([A-Z][\w']*(?: [A-Z][\w']*)* Bonus):\s*", sentence)
            ctx.conditions = [*conditions, bonus.group(1)] if bonus else conditions
            found = _read_sentence(sentence, ctx, resolving)
            alternative = None if found or not before else re.match(
                r"^if (?:that \w+|it|they|the \w+) (?:is|are) (?:an? )?([\w ]+?), .+\binstead\b[.]?$",
                _unmask(sentence, quotes), re.I)
            if alternative:  # a one-time alternative replaces what the sentence before gave when its "if" holds
                effects = effects[: len(effects) - len(before)] + [
                    replace(e, displaced=(alternative.group(1).lower(), _unmask(sentence, quotes))) for e in before]
            before = found
            if found:
                effects += found
            elif _looks_continuous(sentence) or (resolving and re.search(r"\S.*\bwhenever\b.*\bthis turn\b",
                                                                        sentence, re.I)):
                unread.append(_unmask(sentence, quotes))  # (a "whenever ... this turn" inside: a lasting trigger)
    numbered = tuple(_renumber(e, i) for i, e in enumerate(effects, start=1))
    return Paragraph(label, text, numbered, tuple(unread))


def _mode_words(chunk: str) -> str:
    """How the answer names a mode: its lead ("North", "6") or its first words."""
    lead = re.match(r"^([\w' ]{1,20}?)\s*—", chunk)
    if lead:
        return lead.group(1).strip()
    words = chunk.split()
    return " ".join(words[:8]) + ("…" if len(words) > 8 else "")


# keywords an object has on the field, printed alone as a paragraph ("Taunt", "Stealth, Intercept")
PRINTED = ("taunt", "stealth", "intercept", "spellshroud", "true sight", "vigor", "steadfast", "retort", "ambush",
           "immortality", "unblockable", "omnishroud", "cleave", "pride", "hindered", "critical", "kindle")


def _printed_keywords(body: str) -> tuple[str, str] | None:
    """(labels, keywords in lower case) when a paragraph is only printed keywords, each with its reminder text."""
    m = re.match(r"^((?:\[[^\]]+\]\s*)*)(.*)$", body.strip(), re.S)
    assert m is not None
    words = REMINDER.sub("", m.group(2)).strip().rstrip(".")
    parts = [w.strip().lower() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", words) if w.strip()]
    if not parts or not all(re.sub(r"\s+\d+$", "", w) in PRINTED for w in parts):
        return None
    return m.group(1), ", ".join(parts)


def read_granted(card: Card, label: str, text: str) -> Paragraph:
    """A quoted ability an object gains, read as that object's own ability (standing unless it is a trigger or an
    activated ability)."""
    return read_paragraph(card, label, text, standing=True)


def _renumber(effect: ReadEffect, index: int) -> ReadEffect:
    from dataclasses import replace
    return replace(effect, index=index)


_ONE_TIME = re.compile(r"^(?:as a spell,? |when you do,? |if you do,? |then,? |also,? |as an additional cost.*?, )*"
                       r"(?:(?:deal|destroy|suppress|copy|empower|put|banish|draw|discard|glimpse|recover|summon|"
                       r"return|reveal|search|look|mill|sacrifice|remove|gather|negate|wake up|rest|level up|"
                       r"delevel|transform|choose|target player puts|each opponent banishes|each player|that player "
                       r"gains control|gain control)\b|x is\b|x can't be\b|depending on\b|[\dn]+ (?:to [\dn]+|or more)"
                       r"\s*[—-]|pay only\b|each card banished this way pays|(?:when|whenever) (?:damage|a card|an "
                       r"activation|\d+ or more damage) (?:is|was) (?:prevented|banished|negated)|that ability is "
                       r"triggered|for each [^,]+, (?:discard|draw|deal))", re.I)


def _looks_continuous(sentence: str) -> bool:
    """A sentence that changes objects or rules for a while: what coverage counts as unread when not read. A
    one-time action (deal, destroy, draw, empower, copy ...) or a definition of X is not one, even when it
    names a cost, a power or an element."""
    low = sentence.lower()
    if re.search(r"\buntil (?!you reveal\b)", low) or re.search(r"\b(?:would|were to)\b.*\b(?:prevent|instead|this "
                                                               r"turn)\b", low):
        return True  # "banish ... until Palvor Sword leaves the field", a replacement: it lasts (unread if not read)
    low = _IF_LEAD.sub("", _LEAD.sub("", re.sub(r"^(?:\[[^\]]+\]\s*)+", "", low)))  # ("[Level 2+] Destroy ...")
    if re.match(r"^(as an additional cost|each one pays|this ability costs|while paying)", low):
        return False
    if re.match(r"^you gain the [\w' ]+ mastery\b", low):
        return False  # a one-time gain of a mastery (an object), not a change that lasts
    if re.search(r"\bput (?:a|an|one|two|three|four|five|six|x|\d+) (?:additional )?(?:buff|debuff) counters? on\b",
                 low):
        return True  # counters that change power and life (read as a placement, GA14); others are counted where read
    if _ONE_TIME.match(low) and not re.search(r"until end of turn|as long as|\bgets? [+-]|for the rest of", low):
        return False
    if re.match(r"^(draw|deal|destroy|banish|put|return|search|look|reveal|summon|glimpse|recover|materialize|"
                r"wake up|rest|discard|shuffle|choose|negate|prevent|activate this|you may|each player|gather|"
                r"generate|sacrifice|remove|mill|create|level up|delevel)\b", low):
        return bool(re.search(r"until end of turn|as long as|\bgets? [+-]", low))
    return bool(CUE.search(low))


# a later paragraph's words for the tokens an earlier one summoned ("[Alice Bonus] If ..., those tokens also gain
# taunt until end of turn" after "Summon two Pawn Piece tokens.")
_BACK_TO_MADE = re.compile(r"\b(?:those tokens|those copies|that token|the tokens?)\b", re.I)


def read_card(card: Card) -> CardReading:
    paragraphs: list[Paragraph] = []
    made: SetSpec | None = None
    for i, text in enumerate(paragraphs_of(card), start=1):
        paragraphs.append(read_paragraph(card, str(i), text, made=made))
        made = next((m for s in re.split(r"(?<=[.!])\s+", REMINDER.sub("", text)) for m in [_made(s, card)]
                     if m is not None and m.made == "token"), made)
    return CardReading(card.name, tuple(paragraphs))
