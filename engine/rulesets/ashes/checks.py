"""Whether a part can happen on this board (AS3, AS5): what it needs, what the board lacks, its condition, and
the earlier part it hangs on."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.rulesets.ashes.costs import optional_cost
from engine.rulesets.ashes.editions import Printing
from engine.rulesets.ashes.parts import Part, at_least
from engine.rulesets.ashes.state import Board, Spent, Unit
from engine.rulesets.ashes.targets import KIND_WORDS, WITH_TOKENS, fits, side_words, unit_need_met
from engine.trace import Interpretation, Trace

if TYPE_CHECKING:  # the result type only; resolve.py imports this module
    from engine.rulesets.ashes.resolve import PartResult


def dice_left(board: Board, paid: int) -> int | None:
    """Dice still in your active pool as the effect resolves: those said, less the ones its cost exhausted."""
    return None if board.dice is None else max(board.dice - paid, 0)


def board_missing(part: Part, board: Board, units: list[Unit], ability_cost: int = 0) -> tuple[str, list[str]] | None:
    """What the described board lacks for this part (cards in the discard pile, dice, X)."""
    text = part.text
    if board.discard == 0 and re.search(r"\b(?:search|from|in) your discard(?: pile)?\b", text, re.I):
        return "your discard pile is empty", ["AS5"]
    if dice_left(board, ability_cost) == 0 and re.search(r"\b(?:select|choose|change|spend|exhaust|re-?roll|place|"
                                                         r"move)\b[^.]*"
                                     r"\b(?:die|dice)\b[^.]*\b(?:in|from) your active pool\b", text, re.I):
        return ("no die is left in your active pool" + (" (the dice paid its cost)" if board.dice else ""),
                ["AS2", "AS5"])
    if board.exhausted_dice == 0 and EXHAUSTED_POOL.search(text):
        return "no die is in your exhausted pool", ["AS5"]
    guessed: list[str] = []
    count = for_each_count(text, board, units, guessed)
    if count == 0:
        m = _FOR_EACH.search(text)
        taken = f", taking {' and '.join(guessed)} to have none, as none was said" if guessed else ""
        return (f"it repeats “{m.group(0)}” and there are none{taken}" if m else "there is nothing to count"), ["AS5"]
    if board.x == 0 and re.search(r"\bX\b", text) and not PLUS_X.search(text):   # "1 + X" with X = 0 is still 1
        return "X is 0, so there is nothing to do", ["AS5"]
    return None


# dice a part takes from your exhausted pool ("Select 4 dice in your exhausted pool", "Place an astral die from your
# exhausted pool onto ..."); --exhausted-dice says how many are there
EXHAUSTED_POOL = re.compile(r"\b(?:select|choose|re-?roll|place|swap|move)\b(?:(?! to your exhausted pool)[^.])*?"
                            r"\b(?:di(?:e|ce))\b[^.]*?\b(?:in|from) your exhausted pool\b", re.I)
_POOL_COUNT = re.compile(r"\b(?:select|choose|re-?roll)\s+(?P<n>\d+)\s+(?:\w+\s+)?dice\b[^.]*?"
                         r"\bin your exhausted pool\b", re.I)


def exhausted_short(text: str, board: Board) -> str | None:
    """"Select 4 dice in your exhausted pool" with only 2 there: as much as possible (AS5), said in its result."""
    m = _POOL_COUNT.search(text)
    if m is None or board.exhausted_dice is None or board.exhausted_dice >= int(m.group("n")):
        return None
    return f"only {board.exhausted_dice} in your exhausted pool: it takes those {board.exhausted_dice}"


_ACTIVE_COUNT = re.compile(r"\b(?P<verb>change|raise|lower|select|choose|re-?roll|exhaust|spend|move) (?:up to )?"
                           r"(?P<n>\d+) (?:\w+ )?dice\b[^.]*?\b(?:in|from) your active pool\b", re.I)


def active_short(text: str, board: Board, paid: int) -> str | None:
    """"Change 2 dice in your active pool" with 1 die left after its cost: as much as possible (AS5), said."""
    m = _ACTIVE_COUNT.search(text)
    left = dice_left(board, paid)
    if m is None or left is None or left == 0 or left >= int(m.group("n")):
        return None
    return (f"only {left} {'die is' if left == 1 else 'dice are'} left in your active pool after its cost: it "
            f"{m.group('verb').lower()}s {'that one' if left == 1 else f'those {left}'}")


_FOR_EACH = re.compile(r"\b(?:once )?for each (?:(?P<tok>wound|status|exhaustion) tokens? on )?(?P<other>other )?"
                       r"(?P<state>unexhausted |exhausted )?(?P<kind>units?|all(?:y|ies)|conjurations?) "
                       r"(?P<side>you control|an opponent controls|they control)", re.I)


def for_each_count(text: str, board: Board, units: list[Unit], guessed: list[str] | None = None) -> int | None:
    """How many times "once for each wound token on units you control" / "for each other conjuration you control"
    repeats, when the board says (else None). A unit named without that kind of token has none (as its wounds,
    AS17): its label goes to `guessed`, for the answer to say."""
    m = _FOR_EACH.search(text)
    if not m or not board.units_said:
        return None
    side = "mine" if m.group("side").lower() == "you control" else "theirs"
    pool = [u for u in units if u.side == side]
    after = text[m.end():]
    if re.match(r"^\s+with\b", after):   # "... with a printed attack value of 0" (Rile the Meek): by the cards
        value = re.match(r"^\s+with a printed (?P<stat>attack|life) value of (?P<n>\d+)\b", after, re.I)
        if value is None:
            return None   # "with a charm die on it": not described
        stats = [u.attack if value.group("stat").lower() == "attack" else u.life for u in pool]
        if any(x is None for x in stats):
            return None
        pool = [u for u, x in zip(pool, stats, strict=True) if x == int(value.group("n"))]
    kind = m.group("kind").lower()
    if kind.startswith(("all", "conjuration")):   # "each ally", "each other conjuration": by the named cards' types
        if any(u.card_type is None for u in pool):
            return None
        want = "Ally" if kind.startswith("all") else "Conjuration"
        pool = [u for u in pool if u.card_type == want]
    if m.group("state"):
        states = [u.tokens("exhaustion") for u in pool]
        if any(x is None for x in states):
            return None if pool else 0
        want_tired = m.group("state").strip().lower() == "exhausted"
        pool = [u for u, x in zip(pool, states, strict=True) if bool(x) == want_tired]
    if not m.group("tok"):
        return len(pool) if all(u.name for u in pool) or not pool else None
    if not pool:
        return 0
    if any(not u.name for u in pool):   # "units of yours" not named: their tokens are not known
        return None
    tok = m.group("tok").lower()
    counts = [u.tokens(tok) for u in pool]
    if guessed is not None:
        guessed += [u.label() for u, c in zip(pool, counts, strict=True) if c is None]
    return sum(c or 0 for c in counts)


def antecedent_skip(part: Part, dep: PartResult | None) -> str:
    """Why a part that hangs on an earlier one does not happen ("" when it may): AS5, AS2."""
    if dep is None:
        return ""
    done = dep.outcome == "resolves"
    if part.link == "if-not":
        if done and any("not by you" in n for n in dep.part.notes):
            # another player's "may" taken as done (said in the answer): their not doing it is asked with --decline
            return f"it happens only if part {dep.part.n} was not done, and part {dep.part.n} was taken as done " \
                   "(the other player's choice; if they do not or cannot, it happens: ask with that choice " \
                   f"declined, --decline {dep.part.n})"
        if done:
            return f"it happens only if part {dep.part.n} was not done, and part {dep.part.n} was done"
        if dep.outcome == "skipped" and dep.part.link in ("refers-back", "result", "if-you-do", "to") and \
                not dep.why.startswith(("it holds only “if", "its condition is not met")) and \
                re.search(r"\b(?:it|them|that unit|those units|that card)\b", part.text, re.I):
            # "If it is a conjuration, return it ... Otherwise, return it to ...": with nothing chosen there is
            # no "it" for either branch
            return f"what it acts on was never chosen: part {dep.part.n} did not happen for that reason too"
        if dep.outcome == "declined" and re.search(r"\bcan(?:not|'t| not)\b", part.text, re.I) and \
                not re.search(r"\b(?:do not|don't|did not|didn't)\b", part.text, re.I):
            return f"part {dep.part.n} could have been done (the player chose not to), and this part is only " \
                   "for when it cannot"
        return ""
    if done:
        return ""
    what = {"skipped": "did not happen", "declined": "was declined", "cancelled": "was cancelled"}.get(
        dep.outcome, dep.outcome)
    if optional_cost(dep.part.text):
        return f"it happens only if the optional cost of part {dep.part.n} was paid, and it was not"
    if part.link == "refers-back":
        return f"it acts on what part {dep.part.n} chose or did, and part {dep.part.n} {what}"
    if part.link == "result":
        return f"it asks what part {dep.part.n} did, and part {dep.part.n} {what}"
    return f"it happens only if part {dep.part.n} was done, and part {dep.part.n} {what}"


OWN_TOKENS = re.compile(r"^(?:you may )?remove (?P<n>\d+|all|an?|one|two|three) (?P<tok>status|wound|exhaustion) "
                        r"tokens? from this (?P<what>unit|spell|card|phoenixborn)\b", re.I)


def own_tokens_have(part: Part, held: Unit | None) -> int | None:
    """How many of the tokens "Remove N status tokens from this unit/spell" names are on the card used, when the
    question describes it (--unit "NAME@mine/status=0"); else None."""
    m = OWN_TOKENS.match(part.text)
    if not m or held is None or m.group("what").lower() == "phoenixborn" or \
            (m.group("what").lower() == "unit") != (held.card_type in (None, "Ally", "Conjuration")):
        return None
    return held.tokens(m.group("tok").lower())


def own_tokens_missing(part: Part, self_unit: Unit | None) -> tuple[str, list[str]] | None:
    """"Remove 2 status tokens from this unit" when the question says the card used has none."""
    if own_tokens_have(part, self_unit) == 0:
        m = OWN_TOKENS.match(part.text)
        assert m is not None and self_unit is not None
        return f"there are no {m.group('tok').lower()} tokens on {self_unit.name} to remove", ["AS5"]
    return None


_DIE_HELD = re.compile(r"\b(?:you have|there is|there are)\b[^,.]*\b(?:di(?:e|ce))\b[^,.]*\b(?:active pool|"
                       r"your pool)\b|\b(?:di(?:e|ce)) in your active pool\b", re.I)


# "unless it has 1 or more status tokens on it", "if this unit has 2 or fewer wound tokens on it": tokens on the
# card used, decided when the question says what is on it
_SELF_TOKENS = re.compile(r"^(?P<neg>not )?(?:(?:it|this unit|this card|this spell) has|(?P<there>there (?:are|is))) "
                          r"(?P<q>no|any|an?|(?P<n>\d+) or (?P<dir>more|fewer|less)|at least (?P<least>\d+)) "
                          r"(?:(?P<tok>status|wound|exhaustion) tokens?|(?P<dice>dice|die))"
                          r"(?P<on> on (?:it|this unit|this card|this spell|(?P<pb>your phoenixborn)))?$", re.I)


def self_tokens_verdict(condition: str, self_unit: Unit | None, board: Board | None = None) -> bool | None:
    """Tokens on the card used (or on your Phoenixborn, "there are 7 or more status tokens on your Phoenixborn"),
    when the question says what is on it."""
    m = _SELF_TOKENS.match(condition.strip())
    if m and m.group("pb"):
        self_unit = board.phoenixborn("mine") if board is not None else None
    if not m or self_unit is None or (m.group("there") and not m.group("on")):   # "there are": on the card used
        return None
    have = self_unit.tokens((m.group("tok") or "dice").lower())
    if have is None:
        return None
    q = m.group("q").lower()
    if q == "no":
        held = have == 0
    elif m.group("n"):
        held = have >= int(m.group("n")) if m.group("dir").lower() == "more" else have <= int(m.group("n"))
    elif m.group("least"):
        held = have >= int(m.group("least"))
    else:
        held = have > 0
    return not held if m.group("neg") else held


# "equal to the number of divine power die spent to play this spell", "If you spent any sympathy power die to
# activate this spell": the dice spent on its cost (--spent)
NUMBER_SPENT = re.compile(r"\bthe number of (?P<magic>[a-z]+) (?P<side>power|class) di(?:e|ce) spent\b", re.I)
ANY_SPENT = re.compile(r"^you spent (?:any|a|an|at least 1|1 or more) (?P<magic>[a-z]+) (?P<side>power|class) "
                       r"di(?:e|ce)\b", re.I)


def spent_count(board: Board, magic: str, side: str) -> int | None:
    if board.spent is None:
        return None
    return sum(d.count for d in board.spent if d.magic == magic.lower() and d.side == side.lower())


_PB_STATE = re.compile(r"^(?:your phoenixborn is (?P<state>exhausted|unexhausted)|there are (?P<n>\d+) or more "
                       r"(?P<tok>status|wound|exhaustion) tokens on your phoenixborn|your phoenixborn has (?P<n2>\d+) "
                       r"or more (?P<tok2>status|wound|exhaustion) tokens on it)$", re.I)


def phoenixborn_verdict(condition: str, board: Board) -> bool | None:
    """A condition about your Phoenixborn's tokens ("your Phoenixborn is exhausted", "there are 12 or more wound
    tokens on your Phoenixborn"), decided when the question says what is on it (`phoenixborn@mine/...`); in a
    condition joined by "and", one such part that is not so is enough."""
    negate = condition.lower().startswith("not ")
    body = condition[4:] if negate else condition
    pb = board.phoenixborn("mine")
    if pb is None or not pb.described:
        return None
    verdicts = []
    for piece in re.split(r"\s+and\s+", body.strip().rstrip(".")):
        m = _PB_STATE.match(piece.strip())
        if m is None:
            verdicts.append(None)
            continue
        if m.group("state"):
            tired = bool(pb.tokens("exhaustion"))
            verdicts.append(tired == (m.group("state").lower() == "exhausted"))
        else:
            have = pb.tokens((m.group("tok") or m.group("tok2")).lower()) or 0
            verdicts.append(have >= int(m.group("n") or m.group("n2")))
    if not any(v is not None for v in verdicts):
        return None
    if False in verdicts:
        result: bool | None = False
    elif all(verdicts):
        result = True
    else:
        return None
    return (not result) if negate else result


def condition_verdict(part: Part, board: Board, units: list[Unit], self_unit: Unit | None = None) -> bool | None:
    """True/False when the board decides the part's condition, None when it does not (then it is assumed)."""
    own = self_tokens_verdict(part.condition or "", self_unit, board)
    if own is not None:
        return own
    spent = ANY_SPENT.match(part.condition or "")
    if spent and board.spent is not None:
        return bool(spent_count(board, spent.group("magic"), spent.group("side")))
    pb = phoenixborn_verdict(part.condition or "", board)
    if pb is not None:
        return pb
    check = part.condition_check
    if board.dice == 0 and part.condition and _DIE_HELD.search(part.condition) and \
            not part.condition.lower().startswith("not "):
        return False   # "if you have a divine die in your active pool": the question says the pool is empty
    if check == "theirs-empty":
        return not board.units_of("theirs")
    if check == "mine-empty":
        return not board.units_of("mine")
    if check == "none-in-play":
        return not units
    if check in ("discard-empty", "discard-has") and board.discard is not None:
        return (board.discard == 0) == (check == "discard-empty")
    if check == "destroys-at-least":
        need = at_least(part.condition or "")
        if len(units) < need and all(u.name for u in units):  # an unnamed unit may stand for several
            return False
        return None
    return None


_COPIES = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "that": 1}


# an amount that is a number plus X ("Remove 1 + X wound tokens"): X = 0 leaves the number
PLUS_X = re.compile(r"\b\d+\s*\+\s*X\b|\bX\s*\+\s*\d+\b")


def copies_wanted(words: str) -> int:
    """How many copies of a conjuration a placement asks for ("2 Fallen conjurations", "up to 2 ...", "an additional
    Mist Spirit conjuration": 1)."""
    m = re.match(r"^(?:up to )?(?P<n>\d+|a|an|one|two|three|four|that)\b", words.strip(), re.I)
    if not m:
        return 1
    n = m.group("n").lower()
    return int(n) if n.isdigit() else _COPIES[n]


def conjurations_left(need_name: str | None, board: Board, placed: Mapping[str, int]) -> int | None:
    """Copies of a conjuration still in your pile as a part places it: those the question says were left, less the
    copies earlier parts of this effect placed (None: not said)."""
    if board.conjurations_left is None:
        return None
    return max(0, board.conjurations_left - placed.get((need_name or "").lower(), 0))


def missing_need(part: Part, units: list[Unit], self_unit: Unit | None, board: Board, p: Printing,
             trace: Trace, target_side: str | None = None,
             placed: Mapping[str, int] | None = None) -> tuple[str, list[str]] | None:
    for need in part.needs:
        left = conjurations_left(need.name, board, placed or {}) if need.kind == "conjuration" else None
        if need.kind == "conjuration" and left == 0:
            took = (placed or {}).get((need.name or "").lower(), 0)
            return (f"none left: no {need.name or 'copy of that conjuration'} in your conjuration pile" + (
                f" (the {board.conjurations_left} left {'was' if board.conjurations_left == 1 else 'were'} placed by "
                "an earlier instruction of this effect)" if took else ""), ["AS4"])
        if need.kind == "room" and (need.side == "mine" or (need.side == "any" and target_side == "mine")) \
                and board.battlefield_full:
            return "no room: your battlefield is full", ["AS4"]
        if need.kind == "unit" and need.name and part.new_target is None:
            if unit_need_met(need.side, need.name, units, self_unit, need.words):   # "another Shimmer Wing"
                continue
            if board.conjurations_left == 0 and need.name.lower() in (c.lower() for c in p.conjurations):
                trace.interpret(Interpretation("AS-I-all-out", "AS5",
                                               f"No {need.name} is left in the conjuration pile, so every copy is "
                                               "in play; I took one to be yours."))
                continue
            other = "other " if need.words.lower().startswith("another") else ""
            return f"no {other}{need.name} of {side_words(need.side)} is in play", ["AS5"]
        own_need = not need.words.lower().startswith("target")   # not the part's target: a unit it acts on
        if need.kind == "unit" and need.count > 1 and part.new_target is None:
            pool = [u for u in units if need.side == "any" or u.side == need.side]
            if board.units_said and all(u.name for u in pool) and len(pool) < need.count:
                return (f"it needs {need.count} units of {side_words(need.side)} and "
                        + (f"only {len(pool)} {'is' if len(pool) == 1 else 'are'}" if pool else "none is")
                        + " in play", ["AS5"])
            if pool and not all(u.name for u in pool):
                trace.interpret(Interpretation(f"AS-I-count-{part.n}", "AS5",
                                               f"Part {part.n} says “{need.words}”; how many units of "
                                               f"{side_words(need.side)} are in play was not said, so I took it that "
                                               f"there are {need.count}."))
        if need.kind == "unit" and not need.name and (part.new_target is None or own_need) and \
                not unit_need_met(need.side, None, units, self_unit, need.words):
            kind = "ally" if re.search(r"\bally\b", need.words) else "unit"
            such = re.search(r"\b(exhausted|unexhausted|damaged|wounded)\b", need.words)
            alt = " with an alteration attached" if re.search(r"\bwith an alteration\b", need.words) else ""
            return (f"no {such.group(1) + ' ' if such else ''}{kind} of {side_words(need.side)}{alt} is in play",
                    ["AS5"])
        mine = [self_unit] if self_unit is not None and not need.words.lower().startswith("another") else []
        if need.kind == "unit" and not need.name and WITH_TOKENS.search(need.words) and not any(
                fits(u, need.words) for u in [*units, *mine] if need.side == "any" or u.side == need.side):
            trace.interpret(Interpretation(f"AS-I-fits-{part.n}", "AS5",
                                           f"Part {part.n} needs “{need.words}”; the board state does not say what is "
                                           "on the units in play, so I took one to qualify."))
        if need.kind == "units-to-affect" and not unit_need_met(need.side, None, units, self_unit):
            return f"no unit of {side_words(need.side)} in play to affect", ["AS5"]
    return None


def kinds_checked(part: Part, units: list[Unit], self_unit: Unit | None, board: Board) -> bool:
    """Were the part's "ally" / "conjuration" words all checked against the cards' types? They are when they stand
    in its target or in a unit it needs, and every unit in play is a named card whose type is known."""
    words = [s.words for s in ((part.new_target, *part.new_target.also) if part.new_target else ())]
    words += [n.words for n in part.needs if n.kind == "unit" and n.words]
    rest = part.text
    for w in words:
        rest = re.sub(re.escape(w), " ", rest, flags=re.I)
    if not board.units_said or KIND_WORDS.search(rest) or not any(KIND_WORDS.search(w) for w in words):
        return False
    pool = [*units, *([self_unit] if self_unit is not None else [])]
    return all(u.card_type is not None for u in pool)


# A trigger about a unit of one side that stays in play through the event ("after a unit you control is dealt
# damage", "when an opponent ... targets a unit you control", "... counter with a unit they control"): such a unit
# must be in play for it to happen. Events that bring a unit into play or take it out ("is destroyed", "comes into
# play", "leaves play") may have already changed the board described, so they are said, never checked.
TRIGGER_UNIT = re.compile(r"\b(?:a|an) (?P<kind>unit|ally|conjuration) (?P<side>you control|an opponent controls|they "
                          r"control)\b", re.I)
_MOVES_UNIT = re.compile(r"\b(?:destroy(?:ed|s)|comes? into play|enters? play|leaves? play|would leave|removed from|"
                         r"returned|discarded)\b|^when attaching\b", re.I)


def trigger_unit(words: str) -> tuple[str, str, bool] | None:
    """(side, kind noun, checkable) of the unit a trigger is about, when it names one of a side."""
    m = TRIGGER_UNIT.search(words)
    if not m or re.match(r"^when attaching\b", words, re.I):   # part of playing it: its own condition, read there
        return None
    side = "mine" if m.group("side").lower() == "you control" else "theirs"
    return side, m.group("kind").lower(), not _MOVES_UNIT.search(words)


def trigger_verdict(words: str, board: Board, self_unit: Unit | None) -> tuple[bool | None, str]:
    """Can the trigger happen on the board described? (False, why) when no such unit is in play; (None, what was
    taken) when the board does not say; (True, "") when it is met or names no unit of a side."""
    got = trigger_unit(words)
    if got is None:
        return True, ""
    side, noun, checkable = got
    whose = side_words(side)
    pool = [u for u in (*board.units, *([self_unit] if self_unit is not None else [])) if u.side == side]
    kinds = [fits(u, noun) for u in pool]
    if checkable and board.units_said and not any(k is not False for k in kinds):
        such = f" (the units of {whose} named are not {'allies' if noun == 'ally' else noun + 's'})" if pool else ""
        return False, f"its trigger needs {'an' if noun == 'ally' else 'a'} {noun} of {whose} in play (“{words}”)," \
                      f" and there is none{such}" + (" (a Phoenixborn is not a unit)" if noun == "unit" else "")
    if not checkable or not board.units_said or (any(k is None for k in kinds) and not any(kinds)):
        return None, f"its trigger “{words}” happened ({'an' if noun == 'ally' else 'a'} {noun} of {whose})"
    return True, ""


# A reaction to a cost being paid ("After you pay a cost that includes 3 or more basic symbols", "After you pay a
# cost using a charm or divine die on its power side", "After you spend a charm or divine power symbol"): --spent
# then says the dice of THAT cost, and its words are checked against them.
COST_TRIGGER = re.compile(r"^(?:after|when) you (?:pay|spend)\b", re.I)
_AT_LEAST_BASIC = re.compile(r"\b(?P<n>\d+) or more basic symbols\b", re.I)
_POWER_OF = re.compile(r"\busing an? (?P<magics>[a-z]+(?: or [a-z]+)*) (?:die on its power side|power die(?: or "
                       r"(?P<more>[a-z]+) power die)?)|\bspend an? (?P<spend>[a-z]+(?: or [a-z]+)*) power symbol",
                       re.I)


# "When placing 3 or more dice in your exhausted pool" (Lucky Rabbit): the dice there say whether it can have happened
PLACING_DICE = re.compile(r"\bplac(?:ing|es?) (?P<n>\d+) or more dice (?:in|into) your exhausted poo+l\b", re.I)


def dice_trigger_verdict(words: str, board: Board) -> tuple[bool | None, str]:
    """(False, why) when the question's dice show a "placing N or more dice in your exhausted pool" trigger cannot
    have happened: fewer dice in that pool (--exhausted-dice), or fewer dice spent on the cost that placed them
    (--spent); (None, "") otherwise."""
    m = PLACING_DICE.search(words)
    if not m:
        return None, ""
    need = int(m.group("n"))
    if board.exhausted_dice is not None and board.exhausted_dice < need:
        return False, (f"it needs {need} or more dice placed in your exhausted pool, and only "
                       f"{board.exhausted_dice} {'is' if board.exhausted_dice == 1 else 'are'} there")
    if board.spent is not None and sum(d.count for d in board.spent) < need:
        given = sum(d.count for d in board.spent)
        return False, f"it needs {need} or more dice placed in your exhausted pool, and only {given} were spent"
    return None, ""


def cost_trigger_verdict(words: str, spent: tuple[Spent, ...] | None) -> tuple[bool | None, str]:
    """(True/False, why) when the dice of the triggering cost decide the trigger; (None, "") when not said or not a
    cost trigger."""
    if spent is None or not COST_TRIGGER.match(words):
        return None, ""
    given = ", ".join(d.as_text() for d in spent) or "no dice"
    m = _AT_LEAST_BASIC.search(words)
    if m:
        basics = sum(d.count for d in spent if d.magic == "basic")
        return basics >= int(m.group("n")), f"the cost paid ({given}) has {basics} basic symbols"
    m = _POWER_OF.search(words)
    if m:
        names = re.split(r"\s+or\s+", (m.group("magics") or m.group("spend")).lower()) + \
            ([m.group("more").lower()] if m.group("more") else [])
        hit = any(d.magic in names and d.side == "power" for d in spent)
        return hit, f"the dice spent ({given}) " + ("include" if hit else "include no") + \
            f" {' or '.join(names)} die on its power side"
    return None, ""
