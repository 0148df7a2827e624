"""Tokens a part removes (or moves away from a card), checked against what the question says is on the card it
removes them from (AS5, AS9).

"Remove 2 wound tokens and 1 exhaustion token from your Phoenixborn", "Remove all wound tokens from a target unit",
"Remove 1 exhaustion token from that unit": the holder is your (or the target) Phoenixborn, the unit targeted or
named before, or the unit used. When the question describes the holder ("phoenixborn@mine/wounds=1",
"Iron Worker@theirs/exhausted"), the part removes what is there (as much as possible) and does not happen when
none of it is; when it does not, the answer says it took the tokens to be there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.rulesets.ashes.state import Board, Unit

_REMOVE = re.compile(r"^(?:you may )?(?P<verb>remove|move) (?P<items>(?:\d+|all|an?|one|two|three)? ?"
                     r"(?:wound|status|exhaustion)(?: tokens?)?(?:,? (?:and|or) (?:\d+|all|an?|one|two|three)? ?"
                     r"(?:wound|status|exhaustion)"
                     r"(?: tokens?)?)*) from (?P<what>your phoenixborn|this unit|this card|"
                     r"(?:a|another) target (?:unit or phoenixborn|phoenixborn|unit|ally|conjuration)|that unit|it|"
                     r"the attached unit|(?:a|an|another) (?:unit|ally|conjuration) you control)\b", re.I)
_ITEM = re.compile(r"(?P<n>\d+|all|an?|one|two|three)? ?(?P<tok>wound|status|exhaustion)(?: tokens?)?", re.I)
_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


@dataclass(frozen=True)
class Removal:
    items: tuple[tuple[int | None, str], ...]   # (how many, None = all; which token)
    what: str
    verb: str = "remove"   # "move ... from X onto Y": the tokens come off X just the same

    def words(self) -> str:
        return " and ".join(_count(n, tok) for n, tok in self.items)


def _count(n: int | None, tok: str) -> str:
    if n is None:
        return f"all {tok} tokens"
    return f"{n} {tok} token" + ("s" if n != 1 else "")


def removal(text: str) -> Removal | None:
    # "If there are no wound tokens on this unit, move 1 wound token from ...": the condition is checked apart
    m = _REMOVE.match(re.sub(r"^(?:if|then,?) [^,]*, ", "", text.strip(), flags=re.I))
    if not m:
        return None
    items: list[tuple[int | None, str]] = []
    last: int | None = 1
    for raw in re.split(r",? (?:and|or) ", m.group("items")):
        im = _ITEM.fullmatch(raw.strip())
        if not im:
            return None
        word = (im.group("n") or "").lower()
        n: int | None = (None if word == "all" else int(word) if word.isdigit() else _NUMBER[word]) if word \
            else last
        last = n
        items.append((n, im.group("tok").lower()))
    return Removal(tuple(items), m.group("what").lower(), m.group("verb").lower())


def holder(rem: Removal, target: str | None, acts_on: str | None, units: list[Unit], self_unit: Unit | None,
           board: Board, card_type: str) -> tuple[Unit | None, str]:
    """The card the tokens come off, as described in the question (None when it is not), and its words."""
    what = rem.what
    if what == "your phoenixborn" or (what == "this card" and card_type == "Phoenixborn"):
        return board.phoenixborn("mine"), "your Phoenixborn"
    if what.startswith(("a target", "another target")) and target:
        if target.lower().startswith("the phoenixborn"):
            side = "mine" if "(yours)" in target else "theirs"
            return board.phoenixborn(side), f"{'your' if side == 'mine' else 'their'} Phoenixborn"
        return next((u for u in units if u.name and u.label() == target), None), target
    if what in ("that unit", "it") and acts_on:
        return next((u for u in units if u.name and u.label() == acts_on), None), acts_on
    if what in ("this unit", "the attached unit") and self_unit is not None:
        return (self_unit if self_unit.described else None), self_unit.label()
    if what.endswith("you control"):
        # "from another unit you control": any one of yours will do; the one described with the most of them
        pool = [u for u in units if u.side == "mine" and u.name]
        if not pool or not all(u.described for u in pool) or any(u.name is None for u in units if u.side == "mine"):
            return None, what
        best = max(pool, key=lambda u: sum(u.tokens(t) or 0 for _, t in rem.items))
        return best, best.label()
    return None, what


def removed(rem: Removal, unit: Unit | None) -> tuple[bool | None, str]:
    """(True: something is removed, False: nothing is there to remove, None: not known), and what it removes."""
    if unit is None:
        return None, ""
    got: list[str] = []
    known = True
    for n, tok in rem.items:
        have = unit.tokens(tok)
        if have is None:
            known = False
            continue
        take = have if n is None else min(n, have)
        if n is not None and take < n:
            got.append(f"{_count(take, tok) if take else f'no {tok} token'} ({'only ' + str(have) if have else 'none'}"
                       " there)")
        else:
            got.append(_count(take, tok) if take else f"no {tok} token (none there)")
    if not known:
        return None, ""
    if all(unit.tokens(tok) == 0 for _, tok in rem.items):
        return False, ""
    return True, ("moves " if rem.verb == "move" else "removes ") + " and ".join(got)


# "Place 1 status token on your Phoenixborn. ... If there are 7 or more status tokens on your Phoenixborn, ..."
# (Concentration), "Place 1 status token on this spell. If there are 3 or more status tokens on this spell, ..."
# (Tranquility): the parts resolve one at a time, top to bottom, so a later "if" counts the tokens an earlier part
# of the same effect placed on (or removed from) your Phoenixborn or the card used.
_PLACE = re.compile(r"^(?:then,? )?(?:you may )?place (?P<n>\d+|an?|one|two|three) (?P<tok>wound|status|exhaustion) "
                    r"tokens? on(?:to)? (?P<what>your phoenixborn|this unit|this card|this spell)\s*\.?$", re.I)
_OWN = ("your phoenixborn", "this unit", "this card", "this spell")


def token_changes(text: str) -> list[tuple[str, str, int | None]]:
    """(on what, which token, how many added: negative removed, None all removed) for a part placing or removing
    tokens on your Phoenixborn or the card used; [] for any other part."""
    m = _PLACE.match(text.strip())
    if m:
        word = m.group("n").lower()
        return [(m.group("what").lower(), m.group("tok").lower(), int(word) if word.isdigit() else _NUMBER[word])]
    rem = removal(text)
    if rem is None or rem.what not in _OWN:
        return []
    return [(rem.what, tok, None if n is None else -n) for n, tok in rem.items]


def _with_tokens(unit: Unit, tok: str, value: int) -> Unit:
    if tok == "status":
        return replace(unit, status=value)
    if tok == "wound":
        return replace(unit, wounds=value)
    return replace(unit, exhaustion=value, exhausted=value > 0)


def after_part(text: str, n: int, board: Board, held: Unit | None,
               card_type: str) -> tuple[Board, Unit | None, list[str]]:
    """The board and the card used as a later part's condition sees them, after part n (which resolved) placed or
    removed tokens on your Phoenixborn or the card used, and what changed in words ("part 1 placed 1 status token on
    your Phoenixborn: 6 became 7"). Counts not said stay not said."""
    notes: list[str] = []
    for what, tok, delta in token_changes(text):
        on_pb = what == "your phoenixborn" or (what == "this card" and card_type == "Phoenixborn")
        unit = board.phoenixborn("mine") if on_pb else held
        have = unit.tokens(tok) if unit is not None else None
        if unit is None or have is None:
            continue
        now = 0 if delta is None else max(0, have + delta)
        changed = _with_tokens(unit, tok, now)
        if on_pb:
            board = replace(board, phoenixborns=tuple(changed if u is unit else u for u in board.phoenixborns))
        else:
            held = changed
        where = "your Phoenixborn" if on_pb else what
        verb = f"placed {_count(delta, tok)} on" if delta is not None and delta > 0 else \
            f"removed {_count(None if delta is None else -delta, tok)} from"
        notes.append(f"part {n} {verb} {where}: {have} became {now}")
    return board, held, notes
