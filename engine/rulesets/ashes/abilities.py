"""A card's abilities in one edition, read from its printed text: names, costs, triggers, parts, Focus lines.

First-edition records come split into abilities; a Reborn text block is split at blank lines, each paragraph
read as "[*] [Name:] [cost - cost - ...:] effect" ("*" marks inexhaustible text). A "Focus N" paragraph, an
unnamed "In addition"/"Then" paragraph and an "X = ..." definition (AS15) belong to the ability before them.
Playing the card from hand is an ability of its own ("play"): its cost is the card's printed cost, and for an
action or reaction spell its effect is the card's whole text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from engine.rulesets.ashes.costs import Cost, printed_costs, written_costs
from engine.rulesets.ashes.editions import Printing, plain
from engine.rulesets.ashes.parts import VERBS, Part, read_parts

Kind = Literal["play", "activated", "reaction", "passive"]
Timing = Literal["would", "when", "after", "before"]

_ITEM = r"(?:[0-9X]+ )?\[\[[a-z: ]+\]\](?: (?:or|/) (?:[0-9X]+ )?\[\[[a-z: ]+\]\])*"
# items joined by " - " (a few records use ", ": "[[main]], 1 [[illusion:class]]: ...")
_COST_PREFIX = re.compile(rf"^(?P<cost>{_ITEM}(?:\s*[-,]\s*{_ITEM})*)\s*:\s*")
_COST_SPLIT = re.compile(r"\s*[-,]\s+(?=[0-9X]*\s*\[\[)")
_NAME = re.compile(r"^(?P<name>[A-Z][\w'’\-!]*(?: (?:[A-Z\d][\w'’\-!]*|of|the|and|in|from)){0,4})\**\s*:\**\s+")
_NOT_NAMES = {"X", "You", "When", "After", "If", "At", "During"}
_PLAY_TRIGGER = re.compile(r"^you may play this (?:spell|spel|card|unit) (?P<words>(?:when|after|before|as soon as|if) "
                           r"[^.]+)\.\s*", re.I)
# A trigger runs to the comma (or "you may") after which the instruction starts; commas inside it are kept.
_MAIN = (r"(?:,\s+|\s+(?=you may\b))(?=(?:you|they|each|if|that|its|the|this|deal|place|remove|draw|discard|add|"
         r"name|reveal|gain|search|inflict|heal|take|play|attach|"
         r"destroy|return|search|look|exhaust|choose|roll|re-roll|select|spend|prevent|put|cancel|move|lower|"
         r"raise|reduce|attach|swap|give|count|resolve)\b)")
_TRIGGER = re.compile(r"^(?P<words>(?:when|whenever|after|before|at the (?:start|end|beginning) of|"
                      r"each time|as soon as|once per (?:round|turn), (?:when|after))\b.*?)" + _MAIN, re.I)
_WOULD = re.compile(r"^(?P<words>[^.]*?(?<!that )(?<!which )\bwould\b[^.]*?)" + _MAIN, re.I)
_DURING = re.compile(r"^(?P<words>during your turn),\s+", re.I)


@dataclass(frozen=True)
class Trigger:
    words: str
    timing: Timing
    read: bool = True

    def as_json(self) -> dict[str, Any]:
        return {"words": self.words, "timing": self.timing}


@dataclass(frozen=True)
class Ability:
    index: int                       # 1-based position among the card's abilities; 0 for "play"
    name: str | None
    kind: Kind
    costs: tuple[Cost, ...]
    trigger: Trigger | None
    parts: tuple[Part, ...]          # base parts first, then each Focus line's parts (Part.focus = N)
    inexhaustible: bool
    text: str                        # the ability as printed, tokens as words
    optional_use: bool               # "you may pay ... to/. If you do": using it at all is a choice
    focus_levels: tuple[int, ...]
    definitions: tuple[str, ...]     # "X = ..." lines (AS15)
    cost_phrases: tuple[str, ...]    # written-out costs taken off the effect text
    limits: tuple[str, ...] = ()     # restrictions on using it, not effects ("You may only activate this ability
                                     # during your turn", "This spell can only be attached to a unit you control")
    granted: bool = False            # an ability the card gives a unit ("... have the following ability: Overkill 1:
                                     # ..."): the unit's, used by it; asked about by its name, never the card's own

    @property
    def label(self) -> str:
        if self.kind == "play":
            return "play"
        return self.name or f"ability {self.index}"

    @property
    def read(self) -> bool:
        return (all(c.read for c in self.costs) and all(p.read for p in self.parts)
                and (self.trigger is None or self.trigger.read))


@dataclass
class _Raw:
    name: str | None
    cost: list[Any]
    text: str
    inexhaustible: bool
    focus: list[tuple[int, str]]
    definitions: list[str]
    granted: list[str] = field(default_factory=list)   # abilities the effect gives ("gain the following ability:")
    modes: list[str] = field(default_factory=list)     # "choose one of the following effects:" then "- ..." lines


def timing_of(words: str) -> Timing:
    low = words.lower()
    if re.search(r"(?<!that )(?<!which )\bwould\b", low):
        return "would"
    if low.startswith("after") or " after " in f" {low}":
        return "after"
    if low.startswith("before"):
        return "before"
    return "when"


def _tidy(item: str) -> str:
    """A cost item as the symbols are spelled elsewhere: "[[sympathy: class]]" -> "[[sympathy:class]]"."""
    return re.sub(r"\[\[([^\]]+)\]\]", lambda m: "[[" + m.group(1).replace(" ", "") + "]]", item.strip())


def _split_choice(item: str) -> Any:
    parts = re.split(r"\s+(?:or|/)\s+", item)
    return parts if len(parts) > 1 else item


# A second reaction written in the same paragraph: "After an opponent ..., you may place 1 exhaustion token on this
# spell to ... . After an opponent ..., you may place 1 exhaustion token on this spell to ..." (Hex Bane, 1e): each
# sentence that opens with its own trigger and pays its own written cost is an ability of its own.
_SECOND_REACTION = re.compile(r"(?<=\.)\s+(?=(?:after|when|whenever) [^.]*?,\s+you may (?:place (?:1|an) exhaustion "
                              r"token on this (?:spell|card)|spend \d+ [a-z ]*?di(?:e|ce))\b)", re.I)


def _split_reactions(paragraphs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for para in paragraphs:
        pieces = _SECOND_REACTION.split(para["text"]) if _TRIGGER.match(para["text"]) else [para["text"]]
        out += [para] if len(pieces) == 1 else [{**para, "text": t} if i == 0 else
                                                {**para, "name": None, "cost": [], "text": t}
                                                for i, t in enumerate(pieces)]
    return out


def _paragraphs(p: Printing) -> list[dict[str, Any]]:
    return _split_reactions(_read_paragraphs(p))


def _read_paragraphs(p: Printing) -> list[dict[str, Any]]:
    if p.abilities is not None:
        out1 = []
        for a in p.abilities:
            cost, text = list(a.get("cost") or []), str(a.get("text", ""))
            name = str(a.get("name") or "").strip() or None   # a few records end a name with a space
            named = None if (name or cost) else _NAME.match(text)
            if named and named.group("name").split()[0] not in _NOT_NAMES and \
                    _COST_PREFIX.match(text[named.end():]):  # "Re-Tool Magic: [[side]]: ..." (name in the text)
                name, text = named.group("name"), text[named.end():]
            c = None if cost else _COST_PREFIX.match(text)
            if c:  # a first-edition record that wrote its cost into the text
                cost = [_split_choice(_tidy(item)) for item in _COST_SPLIT.split(c.group("cost"))]
                text = text[c.end():]
            out1.append({"name": name, "cost": cost, "text": text,
                         "inexhaustible": bool(a.get("inexhaustible"))})
        return out1
    out = []
    for para in re.split(r"\n\s*\n", p.text or ""):
        para = para.strip()
        if not para:
            continue
        # "* " marks inexhaustible text; "**Blight 1**:" is a name in bold markdown (Ruin Dweller), never the mark
        inexhaustible = bool(re.match(r"^\*(?!\*)", para))
        para = para.lstrip("*~ ").strip()
        name = None
        m = _NAME.match(para)
        if m and m.group("name").split()[0] not in _NOT_NAMES:
            name, para = m.group("name"), para[m.end():]
        cost: list[Any] = []
        c = _COST_PREFIX.match(para)
        if c:
            cost = [_split_choice(_tidy(item)) for item in _COST_SPLIT.split(c.group("cost"))]
            para = para[c.end():]
        out.append({"name": name, "cost": cost, "text": para.strip(), "inexhaustible": inexhaustible})
    return out


# An instruction that hands out abilities printed below it: "... gain the following abilities for the turn:".
# A bare "This unit now has the following ability:" (an alteration's own lines) is not one: those stay abilities.
# ("abilies": Time Stop's first-edition typo)
_GRANTS = re.compile(r"\b(?:gains?|to gain|have|has) the following (?P<n>ability|abilities|abilies)\b[^.:]*[:.]\s*$",
                     re.I)


def _group(paragraphs: list[dict[str, Any]]) -> list[_Raw]:
    raws: list[_Raw] = []
    owed = 0   # paragraphs still to hand to the granting instruction before them
    for para in paragraphs:
        name, text = para["name"], para["text"]
        focus = re.match(r"^Focus (\d+)$", name or "")
        if raws and not name and not para["cost"] and text.startswith("- ") and \
                re.search(r"\bchoose one of the following(?: effects)?:\s*$", raws[-1].text, re.I):
            raws[-1].modes.append(text[2:].strip())
            continue
        if raws and owed and not focus and not para["cost"]:
            raws[-1].granted.append(f"{name}: {text}" if name else text)
            owed -= 1
            continue
        owed = 0
        if raws and focus:
            raws[-1].focus.append((int(focus.group(1)), text))
        elif raws and not name and not para["cost"] and re.match(r"^X\s*=", text):
            raws[-1].definitions.append(text)
        elif raws and not name and not para["cost"] and re.match(r"^(in addition|then)\b", text, re.I):
            raws[-1].text = f"{raws[-1].text.rstrip()} {text}"
        else:
            raws.append(_Raw(name, para["cost"], text, para["inexhaustible"], [], []))
        grants = _GRANTS.search(raws[-1].text)
        if grants and (raws[-1].cost or not re.match(r"^this (?:unit|card|spell)\b", raws[-1].text, re.I)):
            owed = 1 if grants.group("n").lower() == "ability" else len(paragraphs)
    return raws


def _trigger(text: str) -> tuple[Trigger | None, str]:
    for pattern in (_PLAY_TRIGGER, _TRIGGER, _WOULD):
        m = pattern.match(text)
        if m:
            words = plain(m.group("words")).strip()
            rest = text[m.end():].strip()
            return Trigger(words, timing_of(words)), rest[:1].upper() + rest[1:]
    return None, text


# "Discard this card at the end of the round" (Fleeting, Lost, Scatter, Fade, Flicker, Fade Away): the action
# comes first, the time after it; it is an effect that triggers then, like "At the end of the round, ...", and
# never a constant ability. A keyword's text may also open with a statement before its "At the end of the round,"
# sentence ("This card comes into play with 2 status tokens. At the end of the round, remove ...").
_END_AFTER = re.compile(r"^(?P<instr>(?:you may )?[a-z-]+\b[^.]*?) at the (?P<edge>end|beginning|start) of "
                        r"(?P<when>(?:the|this|each|your|your next) (?:round|turn))"
                        r"(?P<tail>,? unless [^.]*)?\.\s*(?P<more>.*)$", re.I | re.S)
_END_LATER = re.compile(r"(?<=[.!])\s+(?P<when>at the end of (?:the|this|each) (?:round|turn)),\s+", re.I)


def _end_of_round(text: str) -> tuple[Trigger | None, str]:
    m = _END_AFTER.match(text)
    verb = re.match(r"^(?:you may )?(?P<v>[a-z-]+)\b", m.group("instr"), re.I) if m else None
    if m and verb and verb.group("v").lower() in VERBS:
        rest = m.group("instr") + (m.group("tail") or "").rstrip() + "."
        rest = (rest + " " + m.group("more").strip()).strip()
        return Trigger(f"at the {m.group('edge').lower()} of {m.group('when').lower()}", "when"), \
            rest[:1].upper() + rest[1:]
    later = _END_LATER.search(text)
    if later:
        rest = text[later.end():].strip()
        return Trigger(later.group("when")[:1].upper() + later.group("when")[1:], "when"), rest[:1].upper() + rest[1:]
    return None, text


# Data typos of the printed records, read as the word meant (the card text shown stays as printed).
_TYPOS = ((re.compile(r"\bthis spel\b"), "this spell"), (re.compile(r"\bdsicard\b"), "discard"),
          (re.compile(r"\bexhauste\b"), "exhaust"), (re.compile(r"\bYou may pace\s+"), "You may place X "),
          (re.compile(r"\bunplayed form your\b"), "unplayed from your"), (re.compile(r"\brecevies\b"), "receives"))
# A sentence that limits when or how the card or ability may be used: a restriction on using it, never a part.
LIMIT = re.compile(r"(?:^|(?<=[.!]\s))(?:this (?:spell|card|alteration(?: spell)?) (?:can|may) only be "
                   r"(?:attached|played|placed)\b|you may only (?:activate|use|play|trigger) this\b|"
                   r"this ability (?:can|may) only (?:be (?:used|activated|triggered)|trigger)\b|"
                   r"this (?:spell|card) cannot be attached\b)[^.]*\.?\s*", re.I)


def read_text(text: str) -> str:
    for pattern, repl in _TYPOS:
        text = pattern.sub(repl, text)
    return text


_KEYWORD_COST = re.compile(rf"^{_ITEM}(?:\s*-\s*{_ITEM})*\.?$")


def _ability(index: int, raw: _Raw, *, play_costs: tuple[Cost, ...] | None = None) -> Ability:
    if play_costs is None and _KEYWORD_COST.match(raw.text.strip()):
        # "Respark: 1 [[basic]]": a keyword with its price, no instruction of its own
        return Ability(index=index, name=raw.name, kind="passive", costs=printed_costs([raw.text.strip(" .")]),
                       trigger=None, parts=(), inexhaustible=raw.inexhaustible, text=plain(raw.text),
                       optional_use=False, focus_levels=(), definitions=(), cost_phrases=())
    text = read_text(plain(raw.text))
    limits = tuple(m.group(0).strip() for m in LIMIT.finditer(text))
    text = LIMIT.sub("", text).strip()
    trigger, rest = _trigger(text)
    if trigger is None and play_costs is None and not raw.cost:
        trigger, rest = _end_of_round(text)
    during = _DURING.match(rest)
    if during:
        rest = rest[during.end():]
        rest = rest[:1].upper() + rest[1:]
    written = written_costs(rest)
    costs = (play_costs if play_costs is not None else printed_costs(raw.cost)) + written.costs
    passive = play_costs is None and trigger is None and not costs and not during
    parts = read_parts(written.rest, statements=passive)
    if raw.granted:
        parts = _with_granted(parts, [plain(g) for g in raw.granted])
    group = len(parts) + 1
    for k, line in enumerate(raw.modes, start=1):
        parts += [replace(x, mode=k, choice=group, notes=(*x.notes, f"effect {k} of “choose one”"))
                  for x in read_parts(plain(line), first=len(parts) + 1)]
    for level, line in sorted(raw.focus):
        parts += read_parts(plain(line), focus=level, first=len(parts) + 1, earlier=parts)
    if play_costs is not None:
        kind: Kind = "play"
    elif trigger is not None:
        kind = "reaction"
    elif costs or during:
        kind = "activated"
    else:
        kind = "passive"
    shown = plain(raw.text) + "".join(f"\n- {plain(m)}" for m in raw.modes)
    if raw.focus:
        shown += "".join(f"\nFocus {level}: {plain(line)}" for level, line in sorted(raw.focus))
    return Ability(index=index, name=raw.name, kind=kind, costs=costs, trigger=trigger, parts=tuple(parts),
                   inexhaustible=raw.inexhaustible, text=shown, optional_use=written.optional,
                   focus_levels=tuple(sorted(level for level, _ in raw.focus)),
                   definitions=tuple(plain(d) for d in raw.definitions), cost_phrases=written.phrases,
                   limits=limits)


def _with_granted(parts: list[Part], granted: list[str]) -> list[Part]:
    """The granted abilities are what the granting part gives, not parts of their own: they are shown with the
    part that says "the following ability" and never resolve on their own."""
    for i in range(len(parts) - 1, -1, -1):
        if re.search(r"following abil(?:ity|ities|ies)\b", parts[i].text, re.I):
            shown = parts[i].text.rstrip(" :") + ": " + " / ".join(granted)
            parts[i] = replace(parts[i], text=shown, notes=(*parts[i].notes, f"grants {len(granted)} ability(ies)"))
            break
    return parts


PLAYED_FOR_EFFECT = ("Action Spell", "Reaction Spell")
# what happens as the card is played: "When this unit comes into play", and an alteration's "When attaching this
# spell" ("... to a unit you control": a condition on the unit it goes on, kept as the part's condition)
ENTERS = re.compile(r"^(?:when|after) (?:this (?:spell|unit|card|ally) comes into play|attaching this spell"
                    r"(?= to |\s*,)|this spell is attached)\s*,?\s*", re.I)
# "When you play this spell, place it face up under a ready spell on your spellboard.": where it goes (step 3),
# read in resolve.py, not an effect.
NOT_PLAYED = ("Phoenixborn", "Conjuration", "Conjured Alteration Spell")


def read_abilities(p: Printing) -> tuple[Ability, ...]:
    """Every ability of the printing; "play" first for a card played from hand."""
    raws = _group(_paragraphs(p))
    abilities: list[Ability] = []
    play_costs = printed_costs(p.cost)
    if p.type in PLAYED_FOR_EFFECT:
        # a named paragraph with a trigger of its own ("Return 1: When your turn begins, ...") is an ability of
        # the card, not part of what playing it does
        own = [r for r in raws[1:] if r.name and (_TRIGGER.match(plain(r.text)) or r.cost)]
        body = [r for r in raws if r not in own]
        merged = _Raw(None, [], " ".join(r.text for r in body), False,
                      [f for r in body for f in r.focus], [d for r in body for d in r.definitions],
                      [g for r in body for g in r.granted])
        first = (_ability(0, merged, play_costs=play_costs), *(_ability(i, raw) for i, raw in enumerate(own, start=1)))
        return first + _given(raws, len(first))
    if p.type not in NOT_PLAYED:
        # what happens when it is played: every "When this ... comes into play" ability, in printed order
        # "When this unit comes into play, and at the end of the round, place ...": as it comes into play, the part
        # after the second trigger is what happens
        entering = [re.sub(r"^and (?:at|when|after|before) [^,]+,\s*", "", ENTERS.sub("", r.text, count=1), flags=re.I)
                    for r in raws if ENTERS.match(r.text)]
        entering = [f"If it is attached {t}" if t.startswith("to ") else t[:1].upper() + t[1:] for t in entering]
        abilities.append(_ability(0, _Raw(None, [], " ".join(entering), False, [], []), play_costs=play_costs))
    own = [_ability(i, raw) for i, raw in enumerate(raws, start=1)]
    # a paragraph that only limits how the card is played ("This spell can only be attached to a unit you
    # control") belongs to playing it
    attach = re.compile(r"\b(?:attached|played|placed)\b", re.I)
    card_limits = tuple(x for a in own for x in a.limits if attach.search(x))
    if card_limits and abilities:
        abilities[0] = replace(abilities[0], limits=abilities[0].limits + card_limits)
        own = [replace(a, limits=tuple(x for x in a.limits if not attach.search(x))) for a in own]
        own = [a for a in own if a.parts or a.costs or a.trigger is not None or a.limits]
        own = [replace(a, index=i) for i, a in enumerate(own, start=1)]
    return tuple(abilities + own) + _given(raws, len(own) + 1)


_GIVEN_NAME = re.compile(r"^(?P<name>[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*(?: \d+)?): (?P<text>.+)$", re.S)


def _given(raws: list[_Raw], first: int) -> tuple[Ability, ...]:
    """The abilities an instruction gives units ("All units you control ... have the following ability: Overkill 1:
    ..."), each asked about by its name: what the unit given it does when it uses it."""
    out: list[Ability] = []
    for raw in raws:
        for given in raw.granted:
            m = _GIVEN_NAME.match(given)
            if not m:
                continue
            ability = _ability(first + len(out), _Raw(m.group("name"), [], m.group("text"), False, [], []))
            if ability.kind != "passive" or ability.text:
                out.append(replace(ability, granted=True))
    return tuple(out)
