"""Who or what a part can target (AS3), read against the board: units of a side and in a state, a unit or a
Phoenixborn, a player, an alteration on a unit, a card in a pile, a die; and the unit an alteration is attached to."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.interface import QuestionError
from engine.rulesets.ashes.parts import Part, TargetSpec
from engine.rulesets.ashes.state import Board, Unit, split_side
from engine.trace import Interpretation, Trace


def side_words(side: str) -> str:
    return {"mine": "yours", "theirs": "theirs"}.get(side, "either player's")


def legal_units(spec_side: str, units: list[Unit], self_unit: Unit | None, another: bool,
                 words: str = "") -> list[Unit]:
    pool = list(units) + ([self_unit] if self_unit and not another else [])
    return [u for u in pool if (spec_side == "any" or u.side == spec_side) and fits(u, words) is not False
            and u.shield is None]


WITH_TOKENS = re.compile(r"\bwith (?:a|an|1 or more|one or more|at least 1|any) (?P<kind>status|wound|exhaustion) "
                          r"tokens?\b|\b(?P<dam>damaged|wounded)\b|\b(?P<ex>unexhausted|exhausted)\b|\bwith (?:an? )?"
                          r"(?P<alt>alteration)", re.I)


# "target ally you control", "a conjuration an opponent controls": the kind of unit, read from the card's type
KIND_WORDS = re.compile(r"\b(?P<ally>ally|allies)\b|\b(?P<conj>conjurations?)\b(?! (?:pile|onto|into)\b)", re.I)


def kind_fits(u: Unit, words: str) -> bool | None:
    """Is the unit of the kind the words name (an ally, a conjuration)? None: its card is not known."""
    kinds = {"Ally" if m.group("ally") else "Conjuration" for m in KIND_WORDS.finditer(words)}
    if not kinds:
        return True
    if u.card_type is None:
        return None
    return u.card_type in kinds


def fits(u: Unit, words: str) -> bool | None:
    """Does the unit meet what the target words ask ("exhausted", "with a status token", "ally")? None: not
    known."""
    kind = kind_fits(u, words)
    if kind is False:
        return False
    state = _state_fits(u, words)
    return False if state is False else None if (state is None or kind is None) else True


def _state_fits(u: Unit, words: str) -> bool | None:
    """Every state the words ask ("an exhausted unit ... with an alteration"): False if one fails, None if one is
    not known. "A target attacking unit equal to the attack value of an exhausted unit you control": the state after
    "equal to" is another unit's."""
    verdicts = [_one_state(u, m) for m in WITH_TOKENS.finditer(
        re.split(r"\s(?:equal to|with an? (?:attack|life) value)\b", words, maxsplit=1)[0])]
    return False if False in verdicts else None if None in verdicts else True


def _one_state(u: Unit, m: re.Match[str]) -> bool | None:
    if m.group("kind"):
        n = u.tokens(m.group("kind").lower())
        return None if n is None else n > 0
    if m.group("dam"):
        n = u.tokens("wound")
        return None if n is None else n > 0
    if m.group("ex"):
        ex = u.tokens("exhaustion")
        return None if ex is None else bool(ex) == (m.group("ex").lower() == "exhausted")
    if m.group("alt"):
        return bool(u.alterations) if u.described else None
    return True


# "a target unit with an attack value of 1 or less", "... with a life value of X", "... with an attack value less than
# this unit's attack value", "... less than the number of Scrawlers you control": a limit by a printed value, checked
# against the named units' cards
VALUE_LIMIT = re.compile(
    r"\bwith (?:a|an) (?P<printed>printed )?(?P<stat>attack|life) value (?:(?:of )?(?P<n>\d+|X)\b"
    r"(?: or (?P<dir>less|lower|fewer|more|greater|higher))?|(?P<cmp>less|greater|more|lower|higher) than "
    r"(?P<ref>this unit's attack value|the number of (?P<named>[A-Z][\w' ]*?)s? you control))", re.I)


@dataclass(frozen=True)
class ValueLimit:
    stat: str            # attack / life
    op: str              # <=, >=, ==, <, >
    bound: int | None    # None: the board does not settle it (X not said, this unit's value unknown, ...)
    words: str           # the card's words ("with an attack value of 1 or less")
    basis: str = ""      # where the bound comes from, said with it ("this unit's attack value")

    def fits(self, u: Unit) -> bool | None:
        value = u.attack if self.stat == "attack" else u.life
        if value is None or self.bound is None:
            return None
        return {"<=": value <= self.bound, ">=": value >= self.bound, "==": value == self.bound,
                "<": value < self.bound, ">": value > self.bound}[self.op]

    def need(self) -> str:
        """What it asks, in numbers: "an attack value less than 2 (this unit's attack value)"."""
        op = {"<=": "of {} or less", ">=": "of {} or more", "==": "of {}", "<": "less than {}",
              ">": "more than {}"}[self.op]
        bound = "X" if self.bound is None else str(self.bound)
        return f"a{'n' if self.stat == 'attack' else ''} {self.stat} value " + op.format(bound) + \
            (f" ({self.basis})" if self.basis else "")


def value_limit(text: str, spec: TargetSpec, units: list[Unit], self_unit: Unit | None,
                board: Board) -> ValueLimit | None:
    """The value limit of the target that `spec` reads in the part's text, if it has one."""
    at = text.lower().find(spec.words.lower()[:40])
    m = VALUE_LIMIT.search(text, max(at, 0)) if at >= 0 else None
    if m is None or re.search(r"\btarget\b", text[at + 6:m.start()], re.I):   # another target's limit
        return None
    stat = m.group("stat").lower()
    if m.group("n"):
        op = {"less": "<=", "lower": "<=", "fewer": "<=", "more": ">=", "greater": ">=", "higher": ">="}.get(
            (m.group("dir") or "").lower(), "==")
        raw = m.group("n")
        if raw.upper() == "X":
            return ValueLimit(stat, op, board.x, m.group(0), "X, as chosen" if board.x is not None else "X")
        return ValueLimit(stat, op, int(raw), m.group(0))
    op = "<" if m.group("cmp").lower() in ("less", "lower") else ">"
    if m.group("named"):
        named = m.group("named").strip().lower()
        mine = [u for u in units if u.side == "mine"]
        count = None if any(u.name is None for u in mine) else \
            sum((u.name or "").lower() == named for u in mine) + \
            (1 if self_unit is not None and (self_unit.name or "").lower() == named else 0)
        return ValueLimit(stat, op, count, m.group(0), f"the number of {m.group('named')}s you control")
    return ValueLimit(stat, op, self_unit.attack if self_unit is not None else None, m.group(0),
                      "this unit's attack value")


def _named_as_plain(legal: list[Unit], words: str, n: int, trace: Trace) -> list[Unit]:
    """A unit the question names without saying what is on it has no tokens and is unexhausted (as when it is dealt
    damage): "target wounded unit" / "target exhausted unit" does not take it; said when that decided something."""
    out, left = [], []
    for u in legal:
        if u.name and not u.described and _state_fits(u, words) is None:
            plain = replace(u, described=True, exhausted=False if u.exhausted is None else u.exhausted)
            if _state_fits(plain, words) is False:
                left.append(u)
                continue
        out.append(u)
    if left:
        m = WITH_TOKENS.search(words)
        ex = bool(m and m.group("ex"))
        trace.interpret(Interpretation(f"AS-I-{'unexhausted' if ex else 'wounds'}-{n}", "AS3",
                                       f"{', '.join(u.label() for u in left)} was named without its tokens, so I took "
                                       f"it to have none (unexhausted): it is not a “{words}” (describe it, e.g. "
                                       "NAME@theirs/wounds=1 or /exhausted, to see the other case)."))
    return out


# "up to 3 target units", "an equal number of target units", "X target units", "two target units": several
SEVERAL = re.compile(r"\b(?:up to \w+|an equal number of|any number of|X|\d+|two|three) (?:\w+ )?target "
                     r"(?:\w+ )?units\b", re.I)


def _several(part: Part, spec: TargetSpec, asked: list[str], units: list[Unit], self_unit: Unit | None,
             board: Board, cancel_wants_theirs: bool, trace: Trace) -> tuple[str | None, str | None, str]:
    """Each target named for a part that takes several ("2=Iron Worker@theirs;2=Hammer Knight@theirs"), checked one
    by one; the part acts on every legal one."""
    if spec.kind != "unit" or not SEVERAL.search(part.text):
        raise QuestionError(f"--target {part.n}= was given {len(asked)} times, but part {part.n} takes one target "
                            f"(“{spec.words}”).")
    got: list[tuple[str, str | None]] = []
    whys: list[str] = []
    for one in asked:
        single = replace(board, targets={**board.targets, str(part.n): one})
        c = choose_target(part, spec, units, self_unit, single, cancel_wants_theirs, trace)
        if c[0] is None:
            whys.append(c[2])
        elif c[0] not in (g for g, _ in got):
            got.append((c[0], c[1]))
    if not got:
        return None, None, "; ".join(whys)
    sides = {s for _, s in got}
    if whys:
        trace.interpret(Interpretation(f"AS-I-some-targets-{part.n}", "AS3",
                                       f"Not every target named for part {part.n} can be chosen: {'; '.join(whys)}."))
    return " and ".join(g for g, _ in got), (sides.pop() if len(sides) == 1 else None), ""


_SEVERAL_WORDS = re.compile(r"\b(?:up to )?(?P<n>\d+|two|three|X) (?:\w+ )?target (?:\w+ )?units\b", re.I)


def _how_many(text: str, board: Board) -> int | None:
    """The most targets "up to 3 target units" / "two target units" / "X target units" takes (None: not such)."""
    m = _SEVERAL_WORDS.search(text)
    if m is None:
        return None
    said = m.group("n").lower()
    return board.x if said == "x" else {"two": 2, "three": 3}.get(said) or int(said)


def _side_named(what: str) -> str | None:
    low = what.strip().lower()
    return low if low in ("mine", "theirs") else low.rpartition("@")[2] if "@" in low else None


def _each_target(part: Part, spec: TargetSpec, units: list[Unit], self_unit: Unit | None, board: Board,
                 cancel_wants_theirs: bool, trace: Trace) -> tuple[str | None, str | None, str]:
    """A part choosing several targets of different kinds ("a target unit you control and a target unit an opponent
    controls"): each is chosen and checked on its own ("1=Biter@mine;1=Frost Talon@theirs", in either order); the
    part needs every one of them."""
    specs = (replace(spec, also=()), *spec.also)
    asked = board.targets.get(str(part.n))
    named = [x for x in asked.split("|") if x.strip()] if asked else []
    if len(named) > len(specs):
        raise QuestionError(f"--target {part.n}= was given {len(named)} times, but part {part.n} takes "
                            f"{len(specs)} targets (" + "; ".join(f"“{s.words}”" for s in specs) + ").")
    got: list[tuple[str, str | None]] = []
    for one in specs:
        pb = one.kind in ("phoenixborn", "player")
        fitting = [x for x in named if (one.side == "any" or _side_named(x) in (one.side, None))
                   and x.strip().lower().startswith(("phoenixborn", "player")) == pb]
        pick = fitting[0] if fitting else (named[0] if named and len(named) >= len(specs) - len(got) else None)
        if pick is not None:
            named.remove(pick)
        targets = {k: v for k, v in board.targets.items() if k != str(part.n)}
        single = replace(board, targets={**targets, **({str(part.n): pick} if pick else {})})
        # "onto another target unit": not the one chosen before it
        left = [u for u in units if u.label() not in {g for g, _ in got}] if one.another else units
        c = choose_target(part, replace(one, another=False), left, self_unit, single, cancel_wants_theirs, trace)
        if c[0] is None:
            return None, None, c[2]
        got.append((c[0], c[1]))
    sides = {s for _, s in got}
    return " and ".join(g for g, _ in got), (sides.pop() if len(sides) == 1 else None), ""


def choose_target(part: Part, spec: TargetSpec, units: list[Unit], self_unit: Unit | None, board: Board,
            cancel_wants_theirs: bool, trace: Trace) -> tuple[str | None, str | None, str]:
    """(chosen target words, its side, or None with why there is no legal target)."""
    if spec.also:   # "Choose a target unit you control and a target unit an opponent controls": each chosen
        return _each_target(part, spec, units, self_unit, board, cancel_wants_theirs, trace)
    asked = board.targets.get(str(part.n))
    if asked and "|" in asked:   # several targets named for one part
        return _several(part, spec, asked.split("|"), units, self_unit, board, cancel_wants_theirs, trace)
    if spec.kind in ("unit",):
        if re.search(r"\balteration(?: spell)? attached to (?:a |an )?target unit", part.text, re.I):
            spec = TargetSpec(spec.kind, spec.side, spec.another, f"{spec.words} with an alteration")
        legal = legal_units(spec.side, units, self_unit, spec.another, spec.words)
        legal = _named_as_plain(legal, spec.words, part.n, trace)
        limit = value_limit(part.text, spec, units, self_unit, board)
        if limit is not None:
            too = [u for u in legal if limit.fits(u) is False]
            legal = [u for u in legal if limit.fits(u) is not False]
        if asked:
            if asked.lower() in ("mine", "theirs"):
                side = asked.lower()
                if spec.side not in ("any", side):   # the rules answer: it cannot be aimed there
                    return None, None, (f"it cannot target a unit of {side_words(side)}: “{spec.words}” must be a "
                                        f"unit of {side_words(spec.side)}")
                pick = [u for u in legal if u.side == side]
            else:
                name, side = split_side(asked, f"--target {part.n}=")
                pick = [u for u in legal if u.side == side and (u.name or "").lower() == name.lower()]
                shielded = [u for u in units if u.side == side and (u.name or "").lower() == name.lower()
                            and u.shield]
                if not pick and shielded:   # a unit its own text keeps from being targeted: the part cannot be
                    return None, None, f"no legal target: {shielded[0].shield}"   # aimed at it
            if not pick:   # the unit asked for cannot be this part's target: the part is not aimed at it
                choices = ", ".join(sorted({u.label() for u in legal})) or "none"
                if asked.lower() in ("mine", "theirs"):
                    return None, None, f"no legal target: no unit of {side_words(side)} that it can target is in play"
                named = next((u for u in units if u.side == side and (u.name or "").lower() == name.lower()), None)
                if named is None:
                    why = f"{name} ({'yours' if side == 'mine' else 'theirs'}) is not in play to target"
                elif spec.side not in ("any", side):
                    why = f"{named.label()} cannot be its target: “{spec.words}” must be a unit of " \
                          f"{side_words(spec.side)}"
                elif limit is not None and named in too:
                    why = f"{named.label()} cannot be its target: its {limit.stat} value is " \
                          f"{named.attack if limit.stat == 'attack' else named.life}, and the target needs " \
                          f"{limit.need()}"
                else:
                    why = f"{named.label()} cannot be its target: it is not “{spec.words}”"
                return None, None, f"{why} (legal targets here: {choices})"
            return pick[0].label(), pick[0].side, ""
        if not legal:
            what = WITH_TOKENS.search(spec.words)
            such = f" that is {what.group(0)}" if what and any(u for u in units) else ""
            shielded = [u.shield for u in units if u.shield and (spec.side == "any" or u.side == spec.side)]
            if shielded:
                return None, None, "no legal target: " + "; ".join(shielded)
            if limit is not None and too:
                values = ", ".join(f"{u.label()} {u.attack if limit.stat == 'attack' else u.life}" for u in too)
                return None, None, (f"no legal target: the target needs {limit.need()}, and no unit of "
                                    f"{side_words(spec.side)} in play has one ({limit.stat} values: {values})")
            kind = KIND_WORDS.search(spec.words)
            if kind and units:
                noun = "ally" if kind.group("ally") else "conjuration"
                return None, None, f"no legal target: no {noun} of {side_words(spec.side)}{such} is in play"
            return None, None, f"no legal target: no unit of {side_words(spec.side)}{such} is in play"
        unknown = [u for u in legal if _state_fits(u, spec.words) is None]
        if unknown and WITH_TOKENS.search(spec.words):
            trace.interpret(Interpretation(f"AS-I-fits-{part.n}", "AS3",
                                           f"Part {part.n} targets a {spec.words.removeprefix('target ')}; the board "
                                           f"state does not say what is on {unknown[0].label()}, so I took it to "
                                           "qualify."))
        if limit is not None and any(limit.fits(u) is None for u in legal):
            open_ = next(u for u in legal if limit.fits(u) is None)
            trace.interpret(Interpretation(f"AS-I-value-{part.n}", "AS3",
                                           f"Part {part.n}'s target needs {limit.need()}; the board state does not "
                                           f"settle it for {open_.label()}, so I took it to qualify (name the units "
                                           "in play, and X or the unit used, to check it)."))
        sides = sorted({u.side for u in legal})
        most = _how_many(part.text, board)
        if len(sides) == 1 and len(legal) > 1 and most is not None and len(legal) <= most \
                and all(u.name for u in legal):
            # "up to 3 target units you control" with 2 named there: each of them (the most it can take)
            trace.interpret(Interpretation(f"AS-I-all-targets-{part.n}", "AS3",
                                           f"Part {part.n} takes {_SEVERAL_WORDS.search(part.text).group(0)}; I "
                                           f"took every unit named that it can target ({len(legal)}) to be "
                                           "chosen (name the targets to choose fewer)."))
            return " and ".join(u.label() for u in legal), sides[0], ""
        if len(sides) == 1:
            return legal[0].label() if len(legal) == 1 else f"a unit of {side_words(sides[0])}", sides[0], ""
        if cancel_wants_theirs:
            trace.interpret(Interpretation("AS-I-cancel-target", "AS3",
                                           f"Part {part.n} could target a unit of either player; since an "
                                           "opponent's cancel was asked about, I took the target to be one of "
                                           "theirs (name the target to say otherwise)."))
            return "a unit of theirs", "theirs", ""
        return "a unit of your choice (yours or theirs)", None, ""
    if spec.kind in ("phoenixborn", "unit or phoenixborn", "player"):
        if asked:
            what = asked.lower()
            m = re.fullmatch(r"(phoenixborn|player)@(mine|theirs)|mine|theirs", what)
            if not m:
                raise QuestionError(f"--target {part.n}= takes phoenixborn@mine, phoenixborn@theirs"
                                    + (", mine or theirs" if spec.kind == "unit or phoenixborn" else "") + ".")
            side = m.group(2) or what
            if spec.side not in ("any", side):
                raise QuestionError(f"Part {part.n} must target {side_words(spec.side)}; --target {part.n}= "
                                    f"takes phoenixborn@{spec.side}.")
            if m.group(2) is None:
                noun = {"player": "the player", "phoenixborn": "the Phoenixborn"}.get(spec.kind, "a unit")
            else:
                noun = "the player" if m.group(1) == "player" else "the Phoenixborn"
            if noun == "a unit" and not legal_units(side, units, self_unit, spec.another, spec.words):
                noun = "the Phoenixborn"   # no unit of that side to target: only their Phoenixborn is left
            return f"{noun} ({side_words(side)})", side, ""
        side = spec.side if spec.side != "any" else ("theirs" if cancel_wants_theirs else None)
        noun = spec.kind.replace("phoenixborn", "Phoenixborn")
        if spec.kind == "unit or phoenixborn" and not legal_units(spec.side, units, self_unit, spec.another,
                                                                   spec.words):
            noun = "Phoenixborn"   # no unit it could target is in play: only a Phoenixborn is left
        elif spec.kind == "unit or phoenixborn" and any("no units" in n and "limits the choice" in n
                                                        for n in part.notes):
            noun = "unit"   # "... or their target Phoenixborn if they control no units": they do control some
        if noun == "player" and side == "theirs":
            return "an opponent", side, ""
        return (f"a {noun} of {side_words(side)}" if side else f"a {noun} (either player's)"), side, ""
    if spec.kind in ("card", "die"):
        return choose_thing(part, spec, units, board, trace)
    trace.interpret(Interpretation(f"AS-I-kind-{spec.kind}", "AS3",
                                   f"The board state does not describe a target {spec.kind}; I took one to exist."))
    return f"a {spec.words}", None, ""


def choose_thing(part: Part, spec: TargetSpec, units: list[Unit], board: Board,
                  trace: Trace) -> tuple[str | None, str | None, str]:
    """A target that is not a unit or a player: an alteration on a unit, a card in a pile, a die."""
    words = spec.words.lower()
    # "a target ready spell" for "a target ready spell with a printed effect that can place ...": the part's own
    # quote says the rest
    shown = f"a {re.split(r' (?:with|that|which|who) ', spec.words)[0] if len(spec.words) > 40 else spec.words}"
    if re.search(r"\bready spells?\b", words) and (board.spells or board.targets.get(str(part.n))):
        return _ready_spell(part, spec, board, trace)
    asked = board.targets.get(str(part.n))
    if asked and "@" in asked and not re.search(r"\balteration", words):
        # the card the question names as the target ("--target 1=Summon Gilder@theirs"): the player says it is there
        name, side = split_side(asked, f"--target {part.n}=")
        return f"{name} ({'yours' if side == 'mine' else 'theirs'})", side, ""
    if re.search(r"\balteration", words) and not re.search(r"\bphoenixborn\b", words):
        holders = [u for u in units if u.alterations]
        if holders:
            return f"{holders[0].alterations[0]} (on {holders[0].label()})", holders[0].side, ""
        if not units:
            return None, None, "no legal target: no unit is in play, so no alteration is attached to one"
        if all(u.described for u in units):
            return None, None, "no legal target: no unit in play has an alteration attached"
        trace.interpret(Interpretation(f"AS-I-alteration-{part.n}", "AS3",
                                       f"Part {part.n} targets an alteration; the board state does not say what is "
                                       "attached to the units in play, so I took one to be there."))
        return shown, None, ""
    if re.search(r"\bdiscard pile\b", words) and re.search(r"\byour discard pile\b", words):
        if board.discard == 0:
            return None, None, "no legal target: your discard pile is empty"
        if board.discard is None:
            trace.interpret(Interpretation(f"AS-I-discard-{part.n}", "AS3",
                                           f"Part {part.n} targets a card in your discard pile; how many are there "
                                           "was not said, so I took one to be there."))
        return shown, "mine", ""
    if spec.kind == "die" and not re.search(r"\bexhausted\b", words) and board.dice is not None:
        if board.dice == 0 and not re.search(r"\bopponent|their\b", words):
            return None, None, "no legal target: no die is in your active pool"
        return shown, None, ""
    trace.interpret(Interpretation(f"AS-I-kind-{spec.kind}-{part.n}", "AS3",
                                   f"The board state does not describe a target {spec.kind} for part {part.n}; "
                                   "I took one to exist."))
    return shown, None, ""


def unit_need_met(side: str, name: str | None, units: list[Unit], self_unit: Unit | None,
                   words: str = "") -> bool:
    pool = list(units) + ([self_unit] if self_unit and not words.lower().startswith("another") else [])
    for u in pool:
        if u.name and not u.described and fits(u, words) is None:   # named without its tokens: it has none
            u = replace(u, described=True, exhausted=False if u.exhausted is None else u.exhausted)
        if (side == "any" or u.side == side) and (name is None or (u.name or "").lower() == name.lower()) \
                and fits(u, words) is not False:
            return True
    return False


def attach_target(board: Board, wants_theirs: bool, trace: Trace, side: str | None = None) -> tuple[str, str | None]:
    """The unit an alteration is attached to: --target 0=..., else the only side with units, else a choice; `side`:
    the card can only be attached to a unit of that side."""
    asked = board.targets.get("0")
    legal = [u for u in board.units if side is None or u.side == side]
    if asked:
        if asked.lower() in ("mine", "theirs"):
            pick = [u for u in legal if u.side == asked.lower()]
        else:
            name, side = split_side(asked, "--target 0=")
            pick = [u for u in legal if u.side == side and (u.name or "").lower() == name.lower()]
        if not pick:
            choices = ", ".join(sorted({u.label() for u in legal})) or "none"
            raise QuestionError(f"--target 0={asked} is not a unit in play to attach to; in play: {choices}.")
        return pick[0].label(), pick[0].side
    sides = sorted({u.side for u in legal})
    if len(sides) == 1:
        return (legal[0].label() if len(legal) == 1 else f"a unit of {side_words(sides[0])}"), sides[0]
    if wants_theirs:
        trace.interpret(Interpretation("AS-I-attach-theirs", "AS4",
                                       "The alteration could go on a unit of either player; since an opponent's "
                                       "cancel was asked about, I took it to be attached to one of theirs "
                                       "(name the unit to say otherwise)."))
        return "a unit of theirs", "theirs"
    return "a unit of your choice", None


def _ready_spell(part: Part, spec: TargetSpec, board: Board, trace: Trace) -> tuple[str | None, str | None, str]:
    """A target ready spell among the ones the question names in play (--unit "Summon Gilder@theirs"), or the one
    --target names; what else its words ask of it ("with a printed effect that can place ...") is said."""
    words = spec.words.lower()
    side = spell_side(words)
    legal = [u for u in board.spells if side == "any" or u.side == side]
    asked = board.targets.get(str(part.n))
    if asked:
        name, whose = split_side(asked, f"--target {part.n}=")
        if side not in ("any", whose):
            raise QuestionError(f"Part {part.n} must target a ready spell of {side_words(side)}; --target "
                                f"{part.n}= takes NAME@{side}.")
        pick = next((u for u in legal if u.side == whose and (u.name or "").lower() == name.lower()), None)
        if pick is None and board.spells:
            choices = ", ".join(u.label() for u in legal) or "none"
            raise QuestionError(f"--target {part.n}={asked} is not a ready spell named in play; named: {choices}.")
        chosen = pick.label() if pick is not None else Unit(name, whose).label()
    elif not legal:
        return None, None, f"no legal target: no ready spell of {side_words(side)} is named in play"
    else:
        chosen, whose = legal[0].label(), legal[0].side
    if re.search(r"\b(?:with|that) ", words) and not asked:   # named with --target: the player says it is one
        trace.interpret(Interpretation(f"AS-I-spell-fits-{part.n}", "AS3",
                                       f"Part {part.n} targets a {spec.words.removeprefix('target ')}; I took "
                                       f"{chosen} to be such a spell (its text is not checked here)."))
    return chosen, whose, ""


def spell_side(words: str) -> str:
    """Whose ready spell the words ask for: "you control", "on your spellboard" (mine); "an opponent controls", "on
    an opponent's spellboard" (theirs); else either."""
    if re.search(r"\byou control\b|\bon your spellboard\b", words, re.I):
        return "mine"
    if re.search(r"\b(?:an opponent|they) controls?\b|\bon (?:an opponent's|their) spellboard\b", words, re.I):
        return "theirs"
    return "any"
