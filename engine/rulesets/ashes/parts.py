"""An effect's parts (AS5, AS11): where the text divides, and what each part targets, offers and needs.

Parts divide at sentence ends and at "then", "and" and "to" when they join two instructions (a verb follows);
a Focus line adds its own parts. For each part: does it say "target" (only that word targets, AS3), does it
introduce a new target and of what kind and side, is it optional ("you may"), does it depend on an earlier
part ("If you do", "to"), and what must exist for it to resolve: a unit in play, room on a battlefield, a
conjuration left in its pile. A part none of the patterns below understands is kept, marked unread.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

Side = Literal["mine", "theirs", "any"]
# How a part hangs on an earlier one: "if-you-do" / "to" / "refers-back" (it acts on what that part chose or
# did): only if that part was done; "if-not" ("If you cannot", "If you do not", "Otherwise"): only if it was
# not; "result" ("If this destroys ...", "If that unit is destroyed"): only if it was done, and then what it did
# is an assumption unless the board decides it.
Link = Literal["if-you-do", "to", "refers-back", "if-not", "result"]
Check = Literal["theirs-empty", "mine-empty", "none-in-play", "destroys-at-least", "discard-empty",
                "discard-has"]

VERBS = ("deal", "place", "destroy", "remove", "draw", "discard", "add", "attach", "return", "search", "look",
         "exhaust", "gain", "move", "choose", "roll", "re-roll", "reroll", "select", "spend", "take", "prevent",
         "put", "reveal", "shuffle", "change", "lower", "raise", "reduce", "cancel", "play", "resolve", "swap",
         "set", "copy", "give", "increase", "flip", "turn", "ready", "declare", "lose", "double", "repeat", "heal",
         "count", "remove", "transfer", "replace", "treat", "ignore", "use", "deal", "assign", "detach", "end",
         "apply", "pay", "return", "send", "skip", "redirect", "recover", "guard", "block", "attack", "counter",
         "activate", "name", "reroll", "spend", "switch", "make", "stop", "prevent", "do", "inflict", "continue",
         "have", "force", "dismount")
_MAY = r"(?:(?:you|they|each player|that player|its controlling player) may (?:instead |also )?)?"
# a verb, not a noun that looks like one ("attack, life and recover values")
_VERB = _MAY + r"(?:" + "|".join(sorted(set(VERBS))) + r")\b(?! values?\b)(?! piles?\b)"
# "to" joins two instructions ("spend 1 die to deal ..."), not "is considered to have", "in order to", "able to"
_NOT_TO = "".join(f"(?<! {w})" for w in ("not", "order", "able", "considered", "allowed", "required", "chooses",
                                         "want", "spent", "used", "paid", "needed",
                                         "only"))   # "but only to take a pass action": a limit, not an instruction
_SPLIT = re.compile(rf"(?:,? then,? |, and then |,? and (?={_VERB})|{_NOT_TO} to (?={_VERB})|,? or (?={_VERB}))", re.I)
# "A or B" is a choice between two instructions only when A is an instruction of its own ("Raise or lower X dice",
# "add or remove 1 status token" share one object) and B is not limited to a case ("..., or deal 1 damage to their
# target Phoenixborn if they control no units": which one happens is decided, not chosen)
_OR_LIMITED = re.compile(r"\b(?:if|unless)\b(?! able\b)(?! possible\b)[^.]*\.?$", re.I)
_SENTENCE = re.compile(r"(?<=[.!])\s+(?=[A-Z\[])")
_BACKREF = re.compile(r"\b(it|them|that (?:unit|die|card|player|ally|damage)|those|the chosen|the destroyed|"
                      r"the targeted|this way|that much|that many|instead)\b", re.I)
_TARGET_WORD = re.compile(r"\btarget(?:s|ed)?\b", re.I)
# what follows "target" runs to the next punctuation or the next "target" ("a target unit or 2 wound tokens from
# a target Phoenixborn" is two targets, one of them chosen)
_NEW_TARGET = re.compile(r"(?<!that )(?<!the )(?<!chosen )(?<!same )(?<!original )(?<!its )\b(?P<another>another )?"
                         r"target (?P<what>(?:(?!\btarget\b)[^.,;]){0,80})", re.I)
_KINDS = (("draw pile", "player"), ("discard pile", "player"),   # "a target draw pile": a player's pile
          ("unit or phoenixborn", "unit or phoenixborn"), ("phoenixborn", "phoenixborn"), ("unit", "unit"),
          ("ally", "unit"), ("conjuration", "unit"), ("player's", "player"), ("player", "player"),
          ("opponent", "player"), ("alteration", "card"), ("spell", "card"), ("card", "card"), ("di", "die"))
_MINE = re.compile(r"\b(you (?:currently )?control|you own|on your battlefield|your (?:unit|phoenixborn))\b", re.I)
_THEIRS = re.compile(r"\b(an? opponent controls|that opponent controls|on an opponent's battlefield|"
                     r"opponent's|they control)\b", re.I)
_CONJURE = re.compile(r"\b(?:a|an|another|1|one|2|two|3|three|X|an additional|up to \w+|any number of|an equal "
                      r"number of|that many|a number of) "
                      r"(?:\[\[)?(?P<name>[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*)"
                      r"(?:\]\])? conjur(?:ations?|ed alterations?)")
# "onto your battlefield"; "onto the battlefield" is the battlefield of the player putting it there (yours)
_CONJ_WHERE = re.compile(r"\b(onto|on to|into|in) (?P<whose>your|the|a target player's|an opponent's|their) "
                         r"battlefield", re.I)
_ATTACH_CONJ = re.compile(r"\battach (?:a |an |the |1 )?(?P<name>(?:[\w']+ )*?)conjured alteration", re.I)
_THEIR_STATE_UNIT = re.compile(r"\b(?:an?|one|1) (?:unexhausted|exhausted|damaged) (?:unit|ally|conjuration)\b[^.]*?"
                               r"\b(?:they control|an opponent controls|that opponent controls)\b", re.I)
_PLACE_ONTO = re.compile(r"\b(?:place|places|put|puts|return|returns|move|moves)\b[^.]*?\b(?:onto|on to|into) "
                         r"(?P<whose>your|the|their|a target player's|an opponent's) battlefield\b", re.I)
_UNIT_YOU = re.compile(r"\b(?:a|an|another|one|1) (?:(?:exhausted|unexhausted|damaged) )?"
                       r"(?P<what>unit|ally|conjuration|\[\[[^\]]+\]\]|[A-Z][\w' ]+?) "
                       r"(?:you control|on your battlefield)\b")
_CHOOSE_UNITS = re.compile(r"^(?:you may )?choose (?P<n>a|an|1|2|3|two|three) (?:units?|all(?:y|ies)) "
                           r"(?P<ctl>you control|they control|an opponent controls|an opponent has in play)\b", re.I)
_ALL_UNITS = re.compile(r"\b(?:all|each) (?P<whose>(?:opponents'|opponent's|other|your opponent's) )?"
                        r"(?:unexhausted )?units?"
                        r"(?P<ctl> you (?:currently )?control| an opponent controls| they control)?\b", re.I)
_CONDITION = re.compile(r"^if (?P<cond>[^,]+), (?P<rest>.+)$", re.I)
# "If you searched your draw pile, ...": a condition about something an earlier part of the same effect does
# (its verb, in any tense); when that part did not happen, neither does this one.
_COND_ACT = re.compile(r"^you (?P<verb>[a-z-]+)\b", re.I)
_PAST = {"drew": "draw", "dealt": "deal", "chose": "choose", "spent": "spend", "took": "take", "gave": "give",
         "paid": "pay", "put": "put", "made": "make", "lost": "lose", "rolled": "roll"}
# "If 3 or more tokens were removed, ...": what an earlier part did, said in the passive
_COND_PASSIVE = re.compile(r"\b(?:were|was|has been|have been) (?P<verb>[a-z]+ed)\b(?! (?:this|that) (?:turn|round))",
                           re.I)
_NOT_ACTS = ("do", "did", "have", "has", "control", "are", "cannot", "can't")
_THEIRS_EMPTY = re.compile(r"\b(an opponent|they|that player) (has|have|controls?) no units\b", re.I)
_MINE_EMPTY = re.compile(r"\byou (have|control) no units\b", re.I)


@dataclass(frozen=True)
class TargetSpec:
    """A new target a part asks for: its kind, whose it must be, and whether "another" excludes the card used."""

    kind: str            # unit, phoenixborn, unit or phoenixborn, player, card, die
    side: Side
    another: bool
    words: str
    also: tuple[TargetSpec, ...] = ()   # more targets of the same part ("a target unit you control and a target
                                        # unit an opponent controls")

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "side": self.side, "another": self.another, "words": self.words}


@dataclass(frozen=True)
class Need:
    """Something that must exist for a part to resolve."""

    kind: Literal["unit", "room", "conjuration", "units-to-affect"]
    side: Side = "any"
    name: str | None = None      # a named unit ("a Dread Wraith you control") or a conjuration's name
    words: str = ""
    count: int = 1               # how many such units ("Choose 2 units you control")


@dataclass(frozen=True)
class Part:
    n: int
    text: str
    targets: bool                       # the word "target" appears (AS3)
    new_target: TargetSpec | None       # a target to choose (None: no target, or one chosen earlier)
    optional: bool                      # "you may"
    needs: tuple[Need, ...]
    depends_on: int | None              # the part this one depends on (see `link`)
    link: Link | None
    condition: str | None               # another "If ..." the board state cannot settle
    condition_check: Check | None
    focus: int                          # 0: the base effect; N: the Focus N line
    places: str | None                  # the conjuration this part puts into play
    instead: bool
    read: bool
    notes: tuple[str, ...] = field(default=())
    mode: int = 0                       # 0: always; N: the Nth effect of a choice ("choose one of the following",
                                        # or "A or B")
    choice: int = 0                     # the choice it belongs to: the number of its first effect's first part


def _target_spec(text: str) -> TargetSpec | None:
    """The part's new target; "... a target unit they control, or ... their target Phoenixborn" is one choice
    among the alternatives (legal when any of them is)."""
    specs = [_one_target(text, m) for m in _NEW_TARGET.finditer(text)]
    if len(specs) > 1 and re.search(r"\bor\b", text):
        kinds = {s.kind for s in specs}
        sides = {s.side for s in specs}
        kind = "unit or phoenixborn" if kinds & {"phoenixborn", "player", "unit or phoenixborn"} else specs[0].kind
        return TargetSpec(kind, sides.pop() if len(sides) == 1 else "any", specs[0].another,
                          " or ".join(s.words for s in specs))
    if len(specs) > 1:   # "a target unit you control and a target unit an opponent controls": two targets
        first = re.sub(r"\s+(?:and(?: \d+ [\w ]+? on)?(?: an?)?|onto another|to another)$", "", specs[0].words)
        also = [replace(s, another=True) if k == 0 and re.search(r"\banother$", specs[0].words) else s
                for k, s in enumerate(specs[1:])]   # "from a target unit onto another target unit"
        return TargetSpec(specs[0].kind, specs[0].side, specs[0].another, first, tuple(also))
    return specs[0] if specs else None


def _one_target(text: str, m: re.Match[str]) -> TargetSpec:
    what = m.group("what").strip()
    low = what.lower()
    kind = next((k for word, k in _KINDS if low.startswith(word) or f" {word}" in f" {low.split(' to ')[0]}"),
                "unit")
    for word, k in _KINDS:  # the noun nearest "target" decides
        if re.match(rf"^(?:[a-z]+ ){{0,2}}{re.escape(word)}", low):
            kind = k
            break
    side: Side = "any"
    if kind in ("unit", "unit or phoenixborn", "phoenixborn", "card"):
        if _MINE.search(what) or low.startswith("phoenixborn you control"):
            side = "mine"
        elif _THEIRS.search(what) or re.search(r"\bopponent'?s?\b", low.split(" to ")[0]):
            side = "theirs"
    if kind == "player" and re.match(r"^(?:opponent|player an opponent|player other than you)", low):
        side = "theirs"   # "a target opponent"
    prefix = text[: m.start()].lower()
    if kind == "phoenixborn" and re.search(r"\b(?:their|(?:that|an|each) opponent's) $", prefix):
        side = "theirs"
    return TargetSpec(kind, side, bool(m.group("another")), f"target {what}".strip())


def _needs(text: str, spec: TargetSpec | None) -> tuple[tuple[Need, ...], str | None]:
    needs: list[Need] = []
    places = None
    conj = _CONJURE.search(text)
    if conj:
        places = conj.group("name")
        needs.append(Need("conjuration", name=places, words=conj.group(0)))
        where = _CONJ_WHERE.search(text)
        if where and "alteration" not in conj.group(0).lower():
            whose = where.group("whose").lower()
            side: Side = ("mine" if whose in ("your", "the") else "theirs" if whose in ("an opponent's", "their")
                          else "any")
            needs.append(Need("room", side=side, words=where.group(0)))
    attach = _ATTACH_CONJ.search(text) if not conj else None
    if attach:
        # "Attach a Fire Adaptation or Ice Adaptation conjured alteration spell to this unit": one must be left
        name = attach.group("name").strip()
        named = name if re.match(r"^(?-i:[A-Z])", name) and " or " not in name else None
        needs.append(Need("conjuration", name=named, words=attach.group(0)))
        places = named or "conjured alteration"
    theirs_state = _THEIR_STATE_UNIT.search(text)
    if theirs_state:
        # "an unexhausted unit of their choice that they control": such a unit of theirs must be there
        needs.append(Need("unit", side="theirs", words=theirs_state.group(0)))
    onto = _PLACE_ONTO.search(text) if not conj else None
    if onto:
        # "Place it / this unit / an ally ... / a Sun Scarab or Moon Moth conjuration onto your battlefield": a unit
        # put onto a battlefield needs room there; a conjuration also needs one left in the pile
        whose = onto.group("whose").lower()
        side3: Side = ("theirs" if whose in ("an opponent's",) else "any" if whose == "a target player's"
                       else "mine")
        needs.append(Need("room", side=side3, words=onto.group(0)))
        kind = re.search(r"\b(?:(?:\d+|two|three|four) copies of that|a|an|1|2|two|that|the|additional|copy of that|"
                         r"copies of that) (?P<name>(?:[\w']+ )*?)conjurations?\b", onto.group(0), re.I)
        if kind and not re.search(r"\bfrom (?:your|their) (?:hand|discard|draw)", onto.group(0), re.I):
            name = kind.group("name").strip()
            named = name if re.match(r"^(?-i:[A-Z])", name) and " or " not in name else None
            needs.append(Need("conjuration", name=named, words=kind.group(0)))
            places = named or "conjuration"
        else:
            places = "unit"
    # "Choose a unit you control to become a copy of a target unit": a unit of yours is needed besides the target
    unit = _UNIT_YOU.search(text)
    if unit and not conj and not onto:
        what = unit.group("what")
        name = None if what.lower() in ("unit", "ally", "conjuration") else what.strip("[]")
        words = unit.group(0)
        if re.search(r"\balteration(?: spell)?s? attached to " + re.escape(words), text, re.I):
            words += " with an alteration"   # "Discard an alteration spell attached to a unit you control"
        needs.append(Need("unit", side="mine", name=name, words=words))
    chosen = _CHOOSE_UNITS.match(text) if not (unit and not conj and not onto) else None
    if chosen:
        # "Choose 2 units you control", "Choose a unit they control", "Choose a unit an opponent has in play": no
        # target, but nothing to choose from is nothing done
        side4: Side = "mine" if chosen.group("ctl").lower() == "you control" else "theirs"
        n_of = chosen.group("n").lower()
        needs.append(Need("unit", side=side4, words=chosen.group(0),
                          count={"two": 2, "three": 3}.get(n_of, int(n_of) if n_of.isdigit() else 1)))
    if spec is None:
        every = _ALL_UNITS.search(text)
        if every and re.search(r"\bunits? and (?:all |each |their |its )?(?:phoenixborn|players?)\b",
                               text[every.start():], re.I):
            every = None   # "all units and Phoenixborn": a Phoenixborn is always there to affect
        if every and not unit:
            whose = (every.group("whose") or "").lower()
            ctl = (every.group("ctl") or "").strip().lower()
            side2: Side = ("theirs" if "opponent" in whose or "opponent" in ctl or ctl == "they control"
                           else "mine" if ctl.startswith("you ") else "any")
            needs.append(Need("units-to-affect", side=side2, words=every.group(0)))
    elif spec.kind in ("unit",):
        needs.append(Need("unit", side=spec.side, words=spec.words))
    return tuple(needs), places


def split_effect(text: str, choices: bool = True) -> list[tuple[str, str, int]]:
    """Sentences, then "then"/"and"/"to" joins: each piece with the word that joined it ("" at a sentence start)
    and its sentence's index."""
    pieces: list[tuple[str, str, int]] = []
    for s, sentence in enumerate(_SENTENCE.split(text.strip())):
        sentence = sentence.strip()
        start, joiner = 0, ""
        lead = re.match(r"^(?:if|when|after|while|for each|as long as|instead of)\b[^,]*, ", sentence, re.I)
        for m in _SPLIT.finditer(sentence, lead.end() if lead else 0):  # never split inside a lead-in clause
            word = m.group(0).strip(" ,").lower()
            if word == "or" and not choices:
                continue   # a statement ("Players must spend 1 basic die or place 2 wound tokens ...") offers you none
            if word == "or":
                before = re.sub(r"^(?:if you do,?|either|you may|then,?)\s+", "", sentence[start:m.start()].strip(),
                                flags=re.I)
                if len(before.split()) < 2 or not re.match(rf"^{_VERB}", before, re.I) or \
                        _OR_LIMITED.search(sentence[m.end():]):
                    continue
            pieces.append((sentence[start:m.start()].strip(" ,"), joiner, s))
            joiner = "to" if word == "to" else "then" if "then" in word else "or" if word == "or" else "and"
            start = m.end()
        pieces.append((sentence[start:].strip(" ,"), joiner, s))
    return [p for p in pieces if p[0]]


def _clean(piece: str) -> str:
    piece = re.sub(r"^(then,?|in addition,?|additionally,?|instead,?|either)\s+", "", piece, flags=re.I)
    return piece[:1].upper() + piece[1:]


_WHEN = re.compile(r"^(?P<when>(?:at the (?:end|start|beginning) of|during|for the (?:remainder|rest) of|until|"
                   r"for each|as long as|instead of|any ?time during|once per (?:turn|round)|while)"
                   r" [^,]+|otherwise), (?P<rest>.+)$", re.I)
_STATEMENT = re.compile(r"^(this|that|these|those|while|its?|units?|each|all|for|opponents?|players?|you|your|"
                        r"when|after|x =|if|no|other|the|an?|damage|spells?|alterations?)\b", re.I)


# A sentence that changes what a unit or player is or may do ("It cannot be blocked ...", "Those units add 1 to
# their attack value", "No player may play reaction spells"): an effect part, read as a statement.
_STATE_CHANGE = re.compile(r"^(?:(?:it|they|those units?|these units?|that unit|(?:a |an )?target (?:unit|phoenixborn)"
                           r"(?: you control| an opponent controls)?|each of them|no player|you|units? with [^.]+?|"
                           r"the chosen units?) (?:is no longer|is not|cannot|can't|may not|must|deals?|adds?|gains?|"
                           r"loses?|is considered|are considered|may only)\b|[A-Z][\w' ]{0,40}? (?:cannot|can't|may "
                           r"not|must not)\b|as long as\b|either\b)", re.I)


def _stem(word: str) -> str:
    """A verb's plain form: "searched" -> "search", "placed" -> "place", "drew" -> "draw"."""
    word = word.lower()
    if word in _PAST:
        return _PAST[word]
    for ending, repl in (("ied", "y"), ("ed", ""), ("d", "")):
        if word.endswith(ending) and word[: -len(ending)] + repl in VERBS:
            return word[: -len(ending)] + repl
    return word


def _first_verb(body: str) -> str | None:
    m = re.match(rf"^{_MAY}(?P<verb>[a-z-]+)\b", body, re.I)
    return m.group("verb").lower() if m else None


def _acted_in(condition: str, earlier: list[Part]) -> int | None:
    """The earlier part whose action the condition asks about ("if you searched ..." after "you may search")."""
    m = _COND_ACT.match(condition) or _COND_PASSIVE.search(condition)
    if not earlier or not m or m.group("verb").lower() in _NOT_ACTS:
        return None
    verb = _stem(m.group("verb"))
    if verb not in VERBS:
        return None
    for part in reversed(earlier):
        if part.focus == earlier[-1].focus and _first_verb(part.text) == verb:
            return part.n
    return None


# A part that names something an earlier part chose or did ("that unit", "it", "the destroyed unit"): nothing
# to act on when that part did not happen. The noun decides which earlier part is meant.
_REF_UNIT = re.compile(r"\b(?:that|those|the targeted|the chosen|the selected|these) (?:units?|all(?:y|ies)|"
                       r"conjurations?|phoenixborn)\b|\bthe destroyed (?:unit|ally)\b|\bthe (?:unit|ally) destroyed\b",
                       re.I)
_REF_THING = re.compile(r"\b(?:that|those|the chosen|the selected|the revealed|the discarded|the searched|"
                        r"these) (?:cards?|di(?:e|ce)|spells?|alterations?|wound|wounds|tokens?)\b", re.I)
_REF_PRONOUN = re.compile(r"\b(?:it|them|its|their)\b(?! (?:own|controller'?s?|owner'?s?) )", re.I)
_INTRODUCES = re.compile(r"\b(?:target|choose|select|search|reveal|draw|discard|destroy|return|look at|"
                         r"take|move|place)\b", re.I)
_NOT_THIS = re.compile(r"\bthis (?:card|unit|spell|die)\b", re.I)
_NOT = r"(?:cannot|can't|can not|do not|don't|did not|didn't)"
_IF_NOT = re.compile(rf"^(?:if (?:you|they|that player|its controller|the opponent) {_NOT}(?: or {_NOT})?(?: do so)?|"
                     r"otherwise)\b,?\s*", re.I)
_RESULT = re.compile(r"^(?:this|that|it) (?:destroys?|destroyed|would destroy|removes?|removed|deals?|dealt)\b|"
                     r"^(?:that|the targeted|the chosen) (?:unit|ally|phoenixborn) (?:is|was|has been) "
                     r"(?:destroyed|dealt)|^(?:a|any) units? (?:is|are|was|were) destroyed this way|^it is destroyed|"
                     r"^(?:that|the) (?:unit|card) is an?\b", re.I)
_AT_LEAST = re.compile(r"\bat least (?P<n>\d+|one|two|three) units?\b", re.I)
_NUMBERS = {"one": 1, "two": 2, "three": 3}
_TRAILING_IF = re.compile(r"(?<!\bas)(?<!\beven)(?:,\s*|\s+)(?P<word>if|unless) (?!able\b|possible\b)"
                          r"(?P<cond>[^,.;]+)", re.I)   # "..., if able": part of the instruction, no condition
_NONE_IN_PLAY = re.compile(r"\b(?:there are no units in play|no units are in play|no player controls (?:any )?units)\b",
                           re.I)
_DISCARD_EMPTY = re.compile(r"\byour discard pile is empty\b|\byou have no cards in your discard pile\b", re.I)
_DISCARD_HAS = re.compile(r"\bthere (?:is|are) (?:a|an|1|one|at least 1) (?:card|cards) in your discard pile\b",
                          re.I)
# "The player that controls the targeted unit may ...": a choice, but someone else's.
_OTHERS_MAY = re.compile(r"^(?:the player (?:that|who) (?!played this)[^.]*?|its controller|its controlling player|"
                         r"that unit's controller|an opponent|that opponent|the opponent|each opponent|its owner|"
                         r"their controller|that player|the targeted player|that target player|"
                         r"(?:that|the) \w+(?:'s|’s) (?:controlling player|controller|owner)) may\b", re.I)


def _antecedent(body: str, earlier: list[Part]) -> int | None:
    """The earlier part a back-reference in `body` names, if any (same Focus line first, then the base)."""
    if not earlier:
        return None
    named = re.search(r"\bthat (?:\[\[)?((?-i:[A-Z])[\w'’-]+(?: (?-i:[A-Z])[\w'’-]+)*)", body)
    for part in reversed(earlier) if named else ():
        if part.places and part.places.lower() == named.group(1).lower():   # type: ignore[union-attr]
            return part.n   # "that Silver Snake": the one an earlier part put into play
    pool = [p for p in earlier if p.focus == earlier[-1].focus] or earlier
    blanked = _NOT_THIS.sub(lambda m: " " * len(m.group(0)), body)   # "this card" names no earlier object
    ref = _REF_UNIT.search(body) or _REF_THING.search(body) or _REF_PRONOUN.search(blanked)
    explicit = bool(_REF_UNIT.search(body)) and re.match(r"(?:the chosen|the selected|the targeted|the destroyed)",
                                                          _REF_UNIT.search(body).group(0), re.I)  # type: ignore[union-attr]
    if ref and not explicit and re.search(r"\b(?:an?|\d+|one|two|up to \w+|any number of) (?:[\w-]+ ){0,3}?"
                                          r"(?:di(?:e|ce)|cards?|units?|all(?:y|ies)|spells?|conjurations?|phoenixborn)\b",
                                          blanked[: ref.start()], re.I) and \
            _INTRODUCES.search(blanked[: ref.start()]):
        return None   # "select 1 die ..., re-roll it": the part names its own object first
    if _REF_UNIT.search(body):
        found = [n for n in (_latest_unit(pool, m.group(0)) for m in _REF_UNIT.finditer(body)) if n]
        return max(found) if found else None   # "place that ally under that unit": the later of the two
    return _antecedent_thing(body, pool, earlier)


def _latest_unit(pool: list[Part], ref: str) -> int | None:
    """The latest part that chose, destroyed, targeted or put into play what a unit back-reference names."""
    ally = bool(re.search(r"\ball(?:y|ies)\b", ref, re.I))
    if re.match(r"the (?:chosen|selected)\b", ref, re.I):   # "the chosen unit": where it was chosen
        chooser = next((p.n for p in reversed(pool) if re.match(r"^(?:you may )?(?:choose|select)\b", p.text, re.I)
                        and re.search(r"\b(?:units?|all(?:y|ies)|phoenixborn)\b", p.text, re.I)), None)
        if chooser is not None:
            return chooser
    for part in reversed(pool):
        if part.new_target is None and _REF_UNIT.search(part.text):
            continue   # it names a unit chosen earlier: look further back for where it was chosen
        kind = part.new_target.kind if part.new_target else ""
        if part.places and not ally and "alteration" not in part.text.lower():
            return part.n
        if "unit" in kind or "phoenixborn" in kind or any(n.kind == "unit" for n in part.needs) or \
                re.search(r"\b(?:choose|select|destroy|remove)\b[^.]*\b(?:units?|all(?:y|ies))\b", part.text, re.I):
            return part.n
    return None


def _antecedent_thing(body: str, pool: list[Part], earlier: list[Part]) -> int | None:
    if _REF_THING.search(body):
        noun = _REF_THING.search(body).group(0).split()[-1].lower().rstrip("s")  # type: ignore[union-attr]
        noun = "di" if noun in ("die", "dice") else noun
        for part in reversed(pool):
            if re.search(rf"\b{re.escape(noun)}", _NOT_THIS.sub("", part.text), re.I) and \
                    _INTRODUCES.search(part.text):
                return part.n
        return None
    m = _REF_PRONOUN.search(_NOT_THIS.sub("", body))
    prev = pool[-1]
    if m and prev.n == earlier[-1].n and (prev.new_target is not None or prev.places or re.search(
            r"\b(?:choose|select|search|reveal|discard|destroy|return|look at)\b", prev.text, re.I)) and \
            not _NOT_THIS.search(prev.text.split(" to ")[0][:40] if prev.new_target is None else ""):
        return prev.n
    return None


def _condition_check(condition: str) -> Check | None:
    if _THEIRS_EMPTY.search(condition):
        return "theirs-empty"
    if _MINE_EMPTY.search(condition):
        return "mine-empty"
    if _NONE_IN_PLAY.search(condition):
        return "none-in-play"
    if _DISCARD_EMPTY.search(condition):
        return "discard-empty"
    if _DISCARD_HAS.search(condition):
        return "discard-has"
    if _AT_LEAST.search(condition) and re.search(r"\bdestroy", condition, re.I):
        return "destroys-at-least"
    return None


def at_least(condition: str) -> int:
    m = _AT_LEAST.search(condition)
    if not m:
        return 1
    n = m.group("n").lower()
    return _NUMBERS.get(n) or int(n)


def read_parts(text: str, focus: int = 0, first: int = 1, *, optional_all: bool = False,
               statements: bool = False, earlier: Sequence[Part] = ()) -> list[Part]:
    """Parts of one effect text, numbered from `first`; `earlier` are the parts before it (a Focus line's base
    effect), which its back-references may name."""
    parts: list[Part] = []
    last_sentence, sentence_optional = -1, False
    lead: tuple[str | None, Any, int | None, Any] | None = None   # a sentence's "If ...," lead-in
    joins: list[str] = []          # the word that joined each part to the one before it
    option, opening = 0, 0          # "A or B": the option being read in this sentence, and A's first part (index)
    for piece, joiner, sentence in split_effect(text, choices=not statements):
        n = first + len(parts)
        if sentence != last_sentence:
            option = 0
        if joiner == "or" and parts:
            if option == 0:
                # A runs back from the part before "or" through the parts "and"/"then" join to it
                opening = len(parts) - 1
                while opening > 0 and joins[opening] in ("and", "then") and parts[opening - 1].focus == focus:
                    opening -= 1
                group = parts[opening].n
                for i in range(opening, len(parts)):
                    parts[i] = replace(parts[i], mode=1, choice=group,
                                       notes=(*parts[i].notes, "option 1 of a choice (“or”)"))
                option = 1
            option += 1
        notes: list[str] = []
        body = _clean(piece)
        depends = None
        link: Link | None = None
        condition = None
        check: Check | None = None
        if re.match(r"^if you do(?! not)(?!n't),?\s+", body, re.I):
            depends = n - 1 if n > 1 else None
            link = "if-you-do" if depends else None
            body = re.sub(r"^if you do,?\s+", "", body, flags=re.I)
            lead = (None, None, depends, link)
        elif _IF_NOT.match(body) and (parts or earlier):
            depends, link = [*earlier, *parts][-1].n, "if-not"
            notes.append(f"happens only if part {depends} was not done")
            body = _IF_NOT.sub("", body)
            lead = (None, None, depends, link)
        elif _CONDITION.match(body):
            cm = _CONDITION.match(body)
            assert cm is not None
            condition = cm.group("cond")
            check = _condition_check(condition)
            body = cm.group("rest")
            acted = _acted_in(condition, [*earlier, *parts])
            if acted is not None:
                depends, link = acted, "if-you-do"
                notes.append(f"“if {condition}” asks whether part {acted} was done")
            elif _RESULT.match(condition) and parts:
                ante = _antecedent(condition, parts) or parts[-1].n
                depends, link = ante, "result"
                notes.append(f"“if {condition}” asks what part {ante} did")
            lead = (condition, check, depends, link)
        elif joiner in ("and", "then", "or") and sentence == last_sentence and lead is not None:
            # "If you discarded, deal 1 damage to ... and deal 1 damage to ...": the lead-in covers both halves
            condition, check, depends, link = lead
        elif joiner == "or" and parts[opening].link == "to":
            # "Discard 1 card to deal 1 damage to a target unit or remove 1 wound token": either is done by it
            depends, link = parts[opening].depends_on, "to"
        if joiner == "" or sentence != last_sentence:
            lead = lead if re.match(r"^(?:if|otherwise)\b", _clean(piece), re.I) else None
        when = _WHEN.match(body)
        if when:
            notes.append(f"happens {when.group('when')}")
            body = when.group("rest")
        body = body[:1].upper() + body[1:]
        if condition is None:
            trailing = _TRAILING_IF.search(body)
            if trailing and re.search(r",? or\b[^,.;]*$", body[: trailing.start()], re.I) and \
                    len(_NEW_TARGET.findall(body)) > 1:
                # "... a target unit they control, or ... their target Phoenixborn if they control no units": the
                # condition is the second choice's own (it can be chosen only then), not the whole part's
                notes.append(f"“{trailing.group(0).strip(' ,')}” limits the choice after “or”")
                trailing = None
            if trailing and not re.match(r"^if\b", body, re.I):
                condition = ("not " if trailing.group("word").lower() == "unless" else "") + trailing.group("cond")
                check = _condition_check(condition)
        optional = bool(re.match(r"^(you may|they may|each player may)\b", body, re.I)) or bool(
            re.match(r"^resolve the following effect[^:]*:\s*you may\b", body, re.I))
        if _OTHERS_MAY.match(body):
            optional = True
            notes.append("the choice is made by the player named, not by you")
        elif re.match(r"^the player (?:that|who) played this (?:spell|card) may\b", body, re.I):
            optional = True   # Body Inversion 1e: the player who played it is you
        if joiner == "to" and depends is None and n > 1:
            depends, link = n - 1, "to"
            notes.append("“to”: this part is done by doing the part before it")
        elif joiner in ("and", "then") and sentence == last_sentence and _BACKREF.search(body) and n > 1 \
                and depends is None:
            # "select a die, and place it ...": nothing to place if the first part did not happen
            depends, link = n - 1, "refers-back"
            optional = optional or sentence_optional
        elif parts or earlier:
            # also under a lead-in ("If you do, place a Mount ... and place that ally under that unit"): the part
            # it names, when that is later than the one the lead-in hangs on
            ante = _antecedent(body, [*earlier, *parts])
            if ante is not None and (depends is None or ante > depends):
                depends, link = ante, "refers-back"
                notes.append(f"it acts on what part {ante} chose or did")
        if joiner == "or":
            optional = optional or parts[opening].optional   # "You may deal ... or remove ...": either is a choice
        if sentence != last_sentence:
            sentence_optional = optional
        last_sentence = sentence
        optional = optional or optional_all
        spec = _target_spec(body)
        needs, places = _needs(body, spec)
        if re.match(r"^for each unit,", _clean(piece), re.I) and not any(x.kind == "units-to-affect" for x in needs):
            needs = (*needs, Need("units-to-affect", side="any", words="each unit"))   # Meteor (1e): once per unit
        verb_ok = bool(re.match(rf"^{_VERB}", body, re.I)) or bool(re.match(r"^(choose|this|that|each|all|"
                                                                             r"the|x =)", body, re.I))
        verb_ok = verb_ok or (statements and bool(_STATEMENT.match(body))) or bool(_OTHERS_MAY.match(body)) \
            or bool(_STATE_CHANGE.match(body))
        parts.append(Part(n=n, text=_clean(piece), targets=bool(_TARGET_WORD.search(body)), new_target=spec,
                          optional=optional, needs=needs, depends_on=depends, link=link, condition=condition,
                          condition_check=check, focus=focus, places=places,
                          instead=bool(re.search(r"\binstead\b", piece, re.I)), read=verb_ok, notes=tuple(notes)))
        joins.append(joiner)
        if option and joiner in ("or", "and", "then") and sentence == last_sentence:
            parts[-1] = replace(parts[-1], mode=option, choice=parts[opening].n,
                                notes=(*parts[-1].notes, f"option {option} of a choice (“or”)"))
    return parts
