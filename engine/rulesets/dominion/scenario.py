"""A Dominion scenario: the chains of plays of one turn, written as text, and the choices made.

Chain syntax (one string per card played from your hand this turn):

    CHAIN  := NODE
    NODE   := "(" NODE ")" | ITEM [">" NODE ("+" NODE)*]
    ITEM   := NAME ["as" NAME] ["[" CHOICE ("," CHOICE)* "]"]   |  "nothing"  |  "-"

"A > B" reads "A plays B". A Throne variant makes one play of a card several times, so one card follows
it. A card that makes several plays (a Captain, now and next turn; an Overlord played twice by a Throne
Room) is followed by one card for all of its plays, or by one per play separated by "+" ("nothing" for a
play that played nothing relevant). "+" continues the innermost list; brackets go back out:
"Throne Room > Overlord > Swamp Hag + Archive", "Captain > nothing + Throne Room > Caravan",
"Captain > (Throne Room > Caravan) + Village". "Village as Way of the Mouse" is a Village played using
Way of the Mouse.

Choices, comma-separated; "a/b" gives one value per play of the card, in order:
  removed             taken out of play early this turn (Procession, Way of the Horse...) (DM11)
  not-followed        its instructions were not followed (Enchantress, a Way) (DM2)
  deck-empty          your deck is empty for its next-turn draw (DM2)
  now | next-turn     an "either now or next turn" Duration (Barge)
  met | not-met       a conditional Duration's condition, or the card's own words (discarded-nothing)
  left=N              cards still set aside after this turn (Archive, Crypt)
  taken | not-taken | skipped     an extra-turn Duration's extra turn (Outpost, Voyage)
  met=N | never       a "next time" Duration: on which turn (0 = this one) the thing happens; met=other: on
                      another player's turn right after this one (other:1 after your next turn); met=1/2 per play
  and the options a card offers itself (Specialist: again | gain).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeVar, assert_never

from engine.interface import QuestionError
from engine.rulesets.dominion.behaviour import Behaviour, Kind

MAX_CHAIN = 500  # characters of one chain that are read
MAX_CARDS = 120  # card instances in one scenario: King's Court chains multiply fast
NOTHING = frozenset({"nothing", "-"})
T = TypeVar("T")
GENERIC = ("removed", "not-followed", "deck-empty")


class ScenarioError(QuestionError):
    """Input the user can fix: bad chain syntax, a choice a card does not offer, too many cards."""


@dataclass(frozen=True)
class RawNode:
    """A parsed chain node: names as typed, not yet matched to cards."""

    name: str
    as_name: str | None = None
    choices: tuple[str, ...] = ()
    children: tuple[RawNode | None, ...] = ()  # None: a play that played nothing relevant
    played_nothing: bool = False  # "> nothing": it played nothing and set nothing aside (DM2), said outright

    def text(self) -> str:
        """The node in canonical chain syntax (used for ruling ids and messages)."""
        item = self.name + (f" as {self.as_name}" if self.as_name else "")
        if self.choices:
            item += "[" + ", ".join(self.choices) + "]"
        if self.played_nothing:
            return f"{item} > nothing"
        if not self.children:
            return item
        parts = []
        for i, child in enumerate(self.children):
            part = "nothing" if child is None else child.text()
            if child is not None and child.children and i < len(self.children) - 1:
                part = f"({part})"
            parts.append(part)
        return f"{item} > " + " + ".join(parts)


_TOKEN = re.compile(r"\s*(?:(?P<op>[>+()])|\[(?P<choices>[^\]]*)\]|(?P<name>[^>+()\[\]]+))")
_AS = re.compile(r"\s+as\s+", re.IGNORECASE)


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ScenarioError(f"Cannot read the chain at “{text[pos:pos + 20]}”: an unclosed “[” or a "
                                "stray “]”.")
        pos = m.end()
        if m.group("op"):
            out.append(("op", m.group("op")))
        elif m.group("choices") is not None:
            out.append(("choices", m.group("choices")))
        else:
            name = " ".join(m.group("name").split())
            if name:
                out.append(("name", name))
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.pos = 0

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        token = self.peek()
        if token is None:
            raise ScenarioError(f"The chain “{self.text}” ends too early: a card name is missing.")
        self.pos += 1
        return token

    def node(self) -> RawNode | None:
        kind, value = self.take()
        if (kind, value) == ("op", "("):
            inner = self.node()
            if self.peek() != ("op", ")"):
                raise ScenarioError(f"A “(” in “{self.text}” is not closed.")
            self.take()
            return inner
        if kind != "name":
            raise ScenarioError(f"Expected a card name in “{self.text}”, found “{value}”.")
        choices: tuple[str, ...] = ()
        if self.peek() and self.peek()[0] == "choices":  # type: ignore[index]
            choices = tuple(c.strip().lower() for c in self.take()[1].split(",") if c.strip())
        if value.lower() in NOTHING:
            if choices:
                raise ScenarioError("“nothing” cannot have choices.")
            return None
        name, *rest = _AS.split(value, maxsplit=1)
        children: list[RawNode | None] = []
        nothing = False
        if self.peek() == ("op", ">"):
            self.take()
            children.append(self.node())
            while self.peek() == ("op", "+"):
                self.take()
                children.append(self.node())
            if all(c is None for c in children):
                children, nothing = [], True
        return RawNode(name.strip(), rest[0].strip() if rest else None, choices, tuple(children), nothing)


def parse_chain(text: str) -> RawNode:
    """One chain of plays from its text; ScenarioError says what is wrong and where."""
    if len(text) > MAX_CHAIN:
        raise ScenarioError(f"A chain is at most {MAX_CHAIN} characters.")
    parser = _Parser(text)
    if not parser.tokens:
        raise ScenarioError("An empty chain: name the card played from your hand.")
    root = parser.node()
    if parser.peek() is not None:
        raise ScenarioError(f"Unexpected “{parser.peek()[1]}” in “{text}”; "  # type: ignore[index]
                            "use brackets to give an outer card another play.")
    if root is None:
        raise ScenarioError("A chain must start with a card, not “nothing”.")
    return root


# --- choices ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Met:
    """When a "next time" Duration's condition is met: on your turn `turn` (0 = this one), on another player's
    turn right after your turn `turn` (`other`), or never."""

    turn: int = 0
    other: bool = False
    never: bool = False


@dataclass(frozen=True)
class PlayChoice:
    """What was chosen for one play of a card."""

    option: str | None = None  # now / next-turn, met / not-met, taken / not-taken / skipped
    left: int | None = None
    followed: bool = True
    met: Met | None = None     # a "next time" Duration: when this play's condition is met (met=1/2)


@dataclass(frozen=True)
class Choices:
    """What was chosen for a card instance; `plays` has one entry per play of it (may be shorter)."""

    plays: tuple[PlayChoice, ...] = ()
    count: int = 0  # > 0: the a/b lists name exactly this many plays
    removed: bool = False
    deck_empty: bool = False
    met_turn: int | None = None  # UNTIL_CONDITION: None = not said
    met_other: bool = False      # ... met on another player's turn, right after your turn met_turn
    never: bool = False
    play_option: str | None = None  # one of the card's own plays.choices
    start_option: str | None = None  # what it chose when a later turn started (Cabin Boy: "trash")
    set_aside: int | None = None  # how many cards it set aside this turn ("set-aside=0" means none)

    def for_play(self, index: int) -> PlayChoice | None:
        if not self.plays:
            return None
        return self.plays[index] if self.count else self.plays[0]


def play_options(behaviour: Behaviour) -> tuple[str, ...]:
    """Per-play option words this card accepts (besides left=N and the generic ones)."""
    match behaviour.kind:
        case Kind.OPTIONAL:
            return ("now", "next-turn")
        case Kind.CONDITIONAL:
            return ("met", "not-met", *behaviour.words.values())
        case Kind.EXTRA_TURN:
            return ("taken", "not-taken", "skipped")
        case Kind.NONE | Kind.NEXT_TURN | Kind.UNTIL_EMPTY | Kind.EVERY_TURN | Kind.UNTIL_CONDITION | Kind.LATER:
            return ()
        case _:
            assert_never(behaviour.kind)


def valid_choices(behaviour: Behaviour) -> list[str]:
    """Every choice word this card accepts, for help and error messages."""
    generic = GENERIC if behaviour.kind is not Kind.NONE else ("removed", "deck-empty")
    words = [*generic, *play_options(behaviour)]
    if behaviour.kind is Kind.UNTIL_EMPTY:
        words.append("left=N")
    if behaviour.kind is Kind.UNTIL_CONDITION:
        words += ["met=N", "never"]
    if behaviour.plays is not None:
        words += list(behaviour.plays.choices)
    words += [f"{o} (at the start of your next turn)" for o in behaviour.start_options]
    if _sets_aside(behaviour):
        words.append("set-aside=N")
    return words


def _sets_aside(behaviour: Behaviour) -> bool:
    """Whether how many cards it set aside decides what it does later (Archive, Crypt, Haven, Ghost, Prince)."""
    return (behaviour.kind is Kind.UNTIL_EMPTY or behaviour.needs_card
            or (behaviour.kind is Kind.CONDITIONAL and behaviour.words.get("met") == "set-aside"))


def _number(key: str, value: str, card: str) -> int:
    if not value.isdigit() or int(value) > 50:
        raise ScenarioError(f"{card}: {key}= takes a whole number of turns or cards from 0 to 50, "
                            f"not “{value}”.")
    return int(value)


def parse_choices(tokens: tuple[str, ...], behaviour: Behaviour, card: str) -> Choices:
    """Read a card's choice words; ScenarioError lists what this card accepts."""
    options = play_options(behaviour)
    canon = {word: key for key, word in behaviour.words.items()}  # "discarded-nothing" -> "not-met"
    per_play: list[list[str | None]] = []
    lefts: list[int] = []
    followed: list[bool] = []
    flags: set[str] = set()
    met: Met | None = None
    met_plays: list[Met] = []
    play_option: str | None = None
    start_option: str | None = None
    set_aside: int | None = None
    starts = {o.lower(): o for o in behaviour.start_options}
    for token in tokens:
        key, eq, value = token.partition("=")
        values = [v.strip() for v in token.split("/")]
        if eq and key.strip() == "left" and behaviour.kind is Kind.UNTIL_EMPTY:
            lefts = [_number("left", v.strip(), card) for v in value.split("/")]
            most = behaviour.most_left
            if most is not None and any(n > most for n in lefts):
                raise ScenarioError(f"{card} can have 0 to {most} set-aside card(s) left after this turn, not "
                                    f"{max(lefts)}: give left=0 to left={most}.")
        elif eq and key.strip() == "set-aside" and _sets_aside(behaviour):
            set_aside = _number("set-aside", value.strip(), card)
            if behaviour.kind is Kind.UNTIL_EMPTY:
                lefts = [max(set_aside - (1 if behaviour.takes_now else 0), 0)]
                most = behaviour.most_left
                if most is not None and lefts[0] > most:
                    raise ScenarioError(f"{card} sets aside at most {most + behaviour.takes_now} card(s), not "
                                        f"{set_aside}: give set-aside=0 to set-aside={most + behaviour.takes_now}.")
            elif behaviour.kind is Kind.CONDITIONAL:
                per_play.append(["met" if set_aside else "not-met"])
        elif eq and key.strip() == "met" and behaviour.kind is Kind.UNTIL_CONDITION:
            # "met=1", "met=other", "met=other:1", and one value per play: "met=1/2", "met=1/met=1", "met=0/never"
            mets = [_met(v, card) for v in value.split("/")]
            if len(mets) == 1:
                met = mets[0]
            else:
                met_plays = mets
        elif token in ("removed", "deck-empty") or (token == "never" and behaviour.kind is Kind.UNTIL_CONDITION):
            flags.add(token)
        elif all(v in ("followed", "not-followed") for v in values) and behaviour.kind is not Kind.NONE:
            followed = [v == "followed" for v in values]
        elif behaviour.plays is not None and token in behaviour.plays.choices:
            play_option = token
        elif token.lower().removeprefix("start=") in starts:
            start_option = starts[token.lower().removeprefix("start=")]
        elif options and all(v in options for v in values):
            per_play.append([canon.get(v, v) for v in values])
        else:
            raise ScenarioError(f"{card} does not take the choice “{token}”; it takes: "
                                f"{', '.join(valid_choices(behaviour))}.")
    if len(per_play) > 1:
        raise ScenarioError(f"{card}: give one of {', '.join(options)} (use a/b for one value per play).")
    option_list = per_play[0] if per_play else []
    lists = [c for c in (option_list, lefts, followed, met_plays) if len(c) > 1]
    count = len(lists[0]) if lists else 0
    if any(len(c) != count for c in lists):
        raise ScenarioError(f"{card}: every a/b list needs one value per play.")
    plays: tuple[PlayChoice, ...] = ()
    if option_list or lefts or followed or met_plays:
        n = max(count, 1)
        plays = tuple(PlayChoice(option=o, left=lf, followed=f, met=m) for o, lf, f, m in zip(
            _spread(option_list, n, None), _spread(lefts, n, None), _spread(followed, n, True),
            _spread(met_plays, n, None), strict=True))
    never = "never" in flags or (met is not None and met.never)
    return Choices(plays=plays, count=count, removed="removed" in flags, deck_empty="deck-empty" in flags,
                   met_turn=None if met is None or met.never else met.turn, met_other=bool(met and met.other),
                   never=never, play_option=play_option, start_option=start_option, set_aside=set_aside)


_MET = re.compile(r"(?:met=)?(?:(\d+)|(never)|(?:other|opponent|another|their)(?:[:+-](\d+))?)")


def _met(value: str, card: str) -> Met:
    """One "met=" value: N (your turn N, 0 = this one), never, or other[:N] (another player's turn right after
    your turn N)."""
    word = value.strip().lower()
    m = _MET.fullmatch(word)
    if m is None:
        raise ScenarioError(f"{card}: met= takes a turn number (0 = this turn, 1 = your next turn), never, or "
                            "other (another player's turn right after this one; other:1 after your next turn), "
                            f"one per play with “/” (met=1/2), not “{value}”.")
    if m.group(2):
        return Met(never=True)
    if m.group(1) is not None:
        return Met(turn=_number("met", m.group(1), card))
    return Met(turn=_number("met", m.group(3) or "0", card), other=True)


def _spread(values: list[T], n: int, default: T) -> list[T]:
    """One value per play: a single value applies to every play, a list gives each its own."""
    if not values:
        return [default] * n
    return values * n if len(values) == 1 else values
