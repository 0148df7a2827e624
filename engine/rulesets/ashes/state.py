"""The board state a question describes, read from the inputs both front ends pass (CLI lists, chat strings).

Units in play are counted without the card being used: `--units none|mine|theirs|both` for unnamed units,
`--unit "NAME@mine"` (repeatable) for named ones, optionally with what is on them:
`"Gilder@theirs/status=2/wounds=1/exhausted/alteration=Regress"`. `--target N=WHAT` picks the target of part N
(0 = the unit an alteration is attached to); `--decline N` declines optional part N. `--discard N` (cards in your
discard pile), `--dice N` (dice in your active pool), `--exhausted-dice N` (dice in your exhausted pool as it
resolves), `--x N` (X chosen as it is played) and `--mode N` (the effect chosen from "choose one of the following") are
told only when they matter; unknown, they are assumed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.interface import QuestionError

SIDES = ("mine", "theirs")
UNITS = ("none", "mine", "theirs", "both")


@dataclass(frozen=True)
class Unit:
    name: str | None
    side: str
    alterations: tuple[str, ...] = ()
    status: int | None = None       # tokens on it; None = not said
    wounds: int | None = None
    exhausted: bool | None = None
    described: bool = False         # the question said what is on it (so "nothing said" means none)
    exhaustion: int | None = None   # exhaustion tokens when counted ("/exhaustion=2"); "/exhausted" is 1
    shield: str | None = field(default=None, compare=False)   # why the card used cannot target it (its own text)
    card_type: str | None = field(default=None, compare=False)   # its card's type (Ally, Conjuration) when known
    dice: int | None = None         # dice on it ("/dice=1": a Royal Charm holding a die)
    attack: int | None = field(default=None, compare=False)   # its card's printed values, when its card is known
    life: int | None = field(default=None, compare=False)
    bare: bool = field(default=False, compare=False)   # a Phoenixborn named with nothing after it: nothing on it

    def label(self) -> str:
        whose = "yours" if self.side == "mine" else "theirs"
        return f"{self.name} ({whose})" if self.name else f"a unit of {whose}"

    def tokens(self, kind: str) -> int | None:
        """Status/wound/exhaustion tokens (or dice) on it: a number when the question says, else None."""
        if kind in ("dice", "die"):
            return self.dice if self.dice is not None else (0 if self.described else None)
        if kind == "exhaustion":
            if self.exhaustion is not None:
                return self.exhaustion
            return None if self.exhausted is None else int(self.exhausted)
        value = self.status if kind == "status" else self.wounds
        return value if value is not None else (0 if self.described else None)

    def as_text(self) -> str:
        extra = [f"alteration={a}" for a in self.alterations]
        extra += [f"{k}={v}" for k, v in (("status", self.status), ("wounds", self.wounds), ("dice", self.dice))
                  if v is not None]
        extra += [f"exhaustion={self.exhaustion}"] if self.exhaustion is not None and self.exhaustion != 1 else \
            ["exhausted"] if self.exhausted else []
        return self.label() + (f" [{', '.join(extra)}]" if extra else "")


MAGICS = ("ceremonial", "charm", "illusion", "natural", "divine", "sympathy", "time", "astral", "artifice")


@dataclass(frozen=True)
class Spent:
    """Dice of one kind spent on the cost: "2 divine power", "1 basic"."""

    count: int
    magic: str              # a magic name, or "basic"
    side: str | None        # class / power; None for a basic die

    def as_text(self) -> str:
        return f"{self.count} {self.magic}" + (f" {self.side}" if self.side else "")


def read_spent(raw: Any) -> tuple[Spent, ...] | None:
    """--spent "2 divine power; 1 basic" (or "none"): the dice spent on the cost, by magic and side."""
    items = _values(raw)
    if not items:
        return None
    if len(items) == 1 and items[0].lower() in ("none", "0", "nothing"):
        return ()
    out: list[Spent] = []
    for item in items:
        m = re.fullmatch(r"(?P<n>\d+)\s+(?P<magic>[a-z]+)(?:\s+(?P<side>class|power))?(?:\s+di(?:e|ce))?", item.strip(),
                         re.I)
        magic = m.group("magic").lower() if m else ""
        if not m or (magic != "basic" and (magic not in MAGICS or not m.group("side"))) or \
                (magic == "basic" and m.group("side")):
            raise QuestionError(f"--spent “{item}” must be N MAGIC SIDE, e.g. “2 divine power” or “1 charm class”, "
                                f"or N basic; magics: {', '.join(MAGICS)}.")
        out.append(Spent(_number(m.group("n"), "--spent", 1, 20), magic, m.group("side").lower() if m.group("side")
                         else None))
    return tuple(out)


@dataclass(frozen=True)
class Board:
    ability: str | None = None
    focus: int = 0
    units: tuple[Unit, ...] = ()
    battlefield_full: bool = False
    spellboard_full: bool = False
    conjurations_left: int | None = None
    exhausted: bool = False
    targets: dict[str, str] = field(default_factory=dict)   # part number (text) -> mine|theirs|NAME@side|...
    declines: tuple[int, ...] = ()
    cancel_with: str | None = None
    discard: int | None = None      # cards in your discard pile
    dice: int | None = None         # dice in your active pool
    exhausted_dice: int | None = None   # dice in your exhausted pool as the effect resolves (its cost's dice in it)
    x: int | None = None
    modes: tuple[int, ...] = ()     # the option chosen at each choice the text offers, in printed order
    reaction: str | None = None     # a reaction card triggered while it resolves (AS10)
    units_said: bool = True         # the question said which units are in play (--units or --unit)
    phoenixborns: tuple[Unit, ...] = ()   # a Phoenixborn described ("phoenixborn@mine/wounds=1"), one per side
    spent: tuple[Spent, ...] | None = None  # the dice spent on its cost (--spent), when said
    spells: tuple[Unit, ...] = ()   # ready spells named in play (--unit "Summon Gilder@theirs"): not units
    units_given: bool = False       # --units was said (so naming only spells still says which units are in play)

    @property
    def mode(self) -> int | None:
        return self.modes[0] if self.modes else None

    def phoenixborn(self, side: str) -> Unit | None:
        return next((u for u in self.phoenixborns if u.side == side), None)

    def units_of(self, side: str) -> list[Unit]:
        return [u for u in self.units if side == "any" or u.side == side]

    def as_json(self) -> dict[str, Any]:
        return {"ability": self.ability, "focus": self.focus, "units": [u.as_text() for u in self.units],
                "battlefield_full": self.battlefield_full, "spellboard_full": self.spellboard_full,
                "conjurations_left": self.conjurations_left, "exhausted": self.exhausted,
                "targets": dict(self.targets), "declines": list(self.declines), "cancel_with": self.cancel_with,
                "discard": self.discard, "dice": self.dice, "exhausted_dice": self.exhausted_dice, "x": self.x,
                "mode": None if not self.modes else self.modes[0] if len(self.modes) == 1 else list(self.modes),
                "reaction": self.reaction, "phoenixborns": [u.as_text() for u in self.phoenixborns],
                "spells": [u.as_text() for u in self.spells],
                "spent": None if self.spent is None else [d.as_text() for d in self.spent]}


def _values(raw: Any) -> list[str]:
    """A repeatable input: a list (command line) or one string of values separated by ";" or "," (chat)."""
    if raw is None or raw is False:
        return []
    items = [raw] if isinstance(raw, str) else list(raw)
    out: list[str] = []
    for item in items:
        out += [v.strip() for v in re.split(r"[;,]", str(item)) if v.strip()]
    return out


def _number(text: str, what: str, low: int = 0, high: int = 99) -> int:
    if not re.fullmatch(r"\d+", text.strip()) or not low <= int(text) <= high:
        raise QuestionError(f"{what} must be a whole number from {low} to {high}, not “{text}”.")
    return int(text)


def split_side(text: str, what: str) -> tuple[str, str]:
    name, sep, side = text.rpartition("@")
    side = side.strip().lower()
    if not sep or not name.strip() or side not in SIDES:
        raise QuestionError(f"{what} “{text}” must be NAME@mine or NAME@theirs.")
    return name.strip(), side


def _unit(name: str, side: str, details: list[str], text: str) -> Unit:
    """A named unit with what is on it: status=N, wounds=N, exhausted, alteration=NAME (each after a "/")."""
    alterations: list[str] = []
    counts: dict[str, int] = {}
    exhausted = None
    for d in (d.strip() for d in details):
        key, sep, value = d.partition("=")
        key = key.strip().lower()
        if key == "exhausted" and not sep:
            exhausted = True
        elif key == "alteration" and value.strip():
            alterations.append(value.strip())
        elif key in ("status", "wounds", "wound", "exhaustion", "dice") and sep:
            counts["wounds" if key.startswith("wound") else key] = _number(value, f"{key} on {name}", 0, 20)
        else:
            raise QuestionError(f"“{d}” in the unit “{text}” is not understood; after NAME@SIDE put /status=N, "
                                "/wounds=N, /exhausted, /exhaustion=N, /dice=N or /alteration=NAME.")
    tired = counts.get("exhaustion")
    if tired is not None:
        exhausted = tired > 0
    return Unit(name, side, tuple(alterations), counts.get("status"), counts.get("wounds"),
                (exhausted or False) if details else None, described=bool(details), exhaustion=tired,
                dice=counts.get("dice"))


def with_targets_in_play(board: Board, keep_out: set[str], units_none: bool, name_unit: Any = None) -> Board:
    """A unit the question names as a target ("--target 1=Hammer Knight@theirs", "1=theirs") is in play, though
    --unit did not list it: the player said it is there. Not when the question said no units are in play, nor for
    the card itself or a conjuration it puts into play (that one comes from the effect)."""
    if units_none:
        return board
    units = list(board.units)
    for what in (one for several in board.targets.values() for one in several.split("|")):
        low = what.strip().lower()
        if low in SIDES:
            if not any(u.side == low for u in units):
                units.append(Unit(None, low))
            continue
        name, sep, side = what.rpartition("@")
        side = side.strip().lower()
        if not sep or side not in SIDES or name.strip().lower() in ("phoenixborn", *keep_out):
            continue
        if not any(u.side == side and (u.name or "").lower() == name.strip().lower() for u in units):
            units.append(Unit(name_unit(name.strip()) if name_unit else name.strip(), side))
    if len(units) == len(board.units):
        return board
    return replace(board, units=tuple(units), units_said=True)


def read_board(inputs: Mapping[str, Any], name_unit: Any = None) -> Board:
    """The Board from the inputs; `name_unit` canonicalises a typed unit name (it may raise a lookup problem)."""
    units: list[Unit] = []
    generic = (inputs.get("units") or "none")
    generic = generic.strip().lower() if isinstance(generic, str) else "none"
    if generic not in UNITS:
        raise QuestionError(f"--units must be one of {', '.join(UNITS)}, not “{generic}”.")
    if generic in ("mine", "both"):
        units.append(Unit(None, "mine"))
    if generic in ("theirs", "both"):
        units.append(Unit(None, "theirs"))
    phoenixborns: list[Unit] = []
    for text in _values(inputs.get("unit")):
        head, *details = text.split("/")
        name, side = split_side(head, "--unit")
        if name.lower() == "phoenixborn":   # "phoenixborn@mine/wounds=2": what is on a player's Phoenixborn
            if any(u.side == side for u in phoenixborns):
                raise QuestionError(f"--unit names the Phoenixborn of {side} twice; each player has one.")
            pb = _unit("Phoenixborn", side, details, text)
            if not details:   # "phoenixborn@mine": named to say what is on it, and nothing is
                pb = replace(pb, described=True, exhausted=False, exhaustion=0, bare=True)
            phoenixborns.append(pb)
            continue
        units.append(_unit(name_unit(name) if name_unit else name, side, details, text))
    targets: dict[str, str] = {}
    for text in _values(inputs.get("target")):
        n, sep, what = text.partition("=")
        if not sep or not what.strip():
            raise QuestionError(f"--target “{text}” must be N=WHAT, e.g. 2=theirs or 1=phoenixborn@theirs.")
        key = str(_number(n, "The part number in --target"))
        # the same part named twice ("2=Iron Worker@theirs;2=Hammer Knight@theirs"): its several targets, in order
        targets[key] = f"{targets[key]}|{what.strip()}" if key in targets else what.strip()
    declines = tuple(sorted({_number(v, "--decline", 1) for v in _values(inputs.get("decline"))}))
    left = inputs.get("conjurations_left")
    focus = inputs.get("focus")
    ability = inputs.get("ability")
    cancel = inputs.get("cancel_with")
    number = {k: _number(str(inputs[k]), f"--{k}", 0, 40) if inputs.get(k) not in (None, "") else None
              for k in ("discard", "dice", "x", "exhausted_dice")}
    modes = tuple(_number(v, "--mode", 0, 9) for v in _values(str(inputs["mode"]) if inputs.get("mode") not in
                                                               (None, "") else None))
    if 0 in modes:
        raise QuestionError("--mode counts from 1: the first effect of “choose one” (or the first of “A or B”) is 1.")
    return Board(
        units_said=bool(inputs.get("units")) or bool(units), phoenixborns=tuple(phoenixborns),
        units_given=bool(inputs.get("units")),
        spent=read_spent(inputs.get("spent")),
        discard=number["discard"], dice=number["dice"], x=number["x"], modes=modes,
        exhausted_dice=number["exhausted_dice"],
        ability=ability.strip() if isinstance(ability, str) and ability.strip() else None,
        focus=_number(str(focus), "--focus", 0, 2) if focus not in (None, "") else 0,
        units=tuple(units),
        battlefield_full=bool(inputs.get("battlefield_full")),
        spellboard_full=bool(inputs.get("spellboard_full")),
        conjurations_left=_number(str(left), "--conjurations-left", 0, 10) if left not in (None, "") else None,
        exhausted=bool(inputs.get("exhausted")),
        targets=targets, declines=declines,
        cancel_with=cancel.strip() if isinstance(cancel, str) and cancel.strip() else None,
        reaction=inputs["reaction"].strip() if isinstance(inputs.get("reaction"), str) and inputs["reaction"].strip()
        else None,
    )
