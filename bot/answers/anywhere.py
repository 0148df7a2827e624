"""A card from anywhere: which game a typed name belongs to, for a command that names no game (`arbiter card`,
`/card`) or names the wrong one (a question about a card of another game).

Each game's name is matched among that game's own cards, by the matcher the front end gives for it (as the
asking server sees it), and the results are weighed here. Nothing here names a game.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.answers.games import game_matcher
from bot.answers.service import candidate_json, match_json
from engine.interface import plugin_inputs, questions_of
from engine.matching import MAX_QUERY, Candidate, MatchResult
from engine.names import shown
from engine.registry import all_rulesets, default_game

MatcherOf = Callable[[str], Any]  # game -> its matcher (engine.matching.Matcher or bot.answers.layers.LayeredMatcher)
MAX_CANDIDATES = 25
EACH_GAME_KEEPS = 3  # a name several games have: each game's first cards stay in the list
MAX_CHOICES_SAID = 5  # the other game's cards a wrong-game answer names

# How strongly a match says "this game's card": a name typed exactly (or a nickname) beats one found by the start
# of its name or by its words, which beats a spelling guess or several cards (asked back); nothing found is 0.
EXACT, FOUND, LOOSE, NOTHING = 3, 2, 1, 0
OWN_MENU = ("exact", "alias", "prefix", "word")  # a candidate the name really names (not a spelling guess)


def strength(match: MatchResult) -> int:
    """A name typed exactly, then one found by the start of a name, its whole words or the cards' kind (one card,
    or several asked back), then a spelling guess; nothing found is 0."""
    if match.card is not None:
        return EXACT if match.how in ("exact", "alias") else LOOSE if match.how == "fuzzy" else FOUND
    if match.how == "ambiguous" and match.candidates:
        return FOUND if any(c.how in OWN_MENU for c in match.candidates) else LOOSE
    return NOTHING


@dataclass(frozen=True)
class GameMatch:
    ruleset: Any
    match: MatchResult


@dataclass
class Anywhere:
    """What a name means across the games: one card (`found`), or candidates from one or more games, each with
    its ruleset (`how` "ambiguous": several cards fit; "not-found": the closest names)."""

    query: str
    how: str                                      # "found", "ambiguous" or "not-found"
    found: GameMatch | None = None
    candidates: list[tuple[Any, Candidate]] = field(default_factory=list)
    matches: list[GameMatch] = field(default_factory=list)  # each game's own match, strongest first

    def message(self) -> str:
        """The sentence for a name that led to no single card, each candidate labelled with its game."""
        query = shown(self.query) or "(empty)"
        listed = 10 if self.how == "ambiguous" else 5  # the closest names of every game: the few nearest
        names = ", ".join(f"{c.card.label} ({game_title(r)})" for r, c in self.candidates[:listed])
        if self.how == "ambiguous":
            more = f" (and {len(self.candidates) - 10} more)" if len(self.candidates) > 10 else ""
            return f"“{query}” matches several cards: {names}{more}. Which one? Give more of the name or a game."
        return f"No card of any game matches “{query}”." + (f" Closest: {names}." if names else "")


def game_title(ruleset: Any) -> str:
    """The game's name without its ruleset's scope: "Game (Some cards)" gives "Game"."""
    return str(ruleset.title).split(" (")[0]


def card_games() -> list[Any]:
    """Every registered game (each has its own cards: a starter set, imports)."""
    return list(all_rulesets())


def match_everywhere(query: str, matcher_of: MatcherOf, games: Sequence[Any] | None = None,
                     set_hint: str | None = None) -> list[GameMatch]:
    """The name matched in each game, strongest first (ties keep the registry's order)."""
    found = [GameMatch(r, matcher_of(r.game).match(query, set_hint)) for r in (card_games() if games is None
                                                                                  else games)]
    return sorted(found, key=lambda g: -strength(g.match))


def decide(query: str, matches: Sequence[GameMatch]) -> Anywhere:
    """One card when one game's match is stronger than every other's; otherwise the candidates of the strongest
    games together, best score first (a name exact in two games is asked back with both)."""
    query = (query or "")[:MAX_QUERY]  # as much of it as the matchers look at
    top = max((strength(g.match) for g in matches), default=NOTHING)
    best = [g for g in matches if strength(g.match) == top]
    if top > NOTHING and len(best) == 1 and best[0].match.card is not None:
        return Anywhere(query, "found", best[0], matches=list(matches))
    pooled: list[tuple[Any, Candidate]] = []
    for g in best if top > NOTHING else matches:
        if g.match.card is not None:
            pooled.append((g.ruleset, Candidate(g.match.card, 100.0, g.match.how)))
        pooled += [(g.ruleset, c) for c in g.match.candidates if c.card != g.match.card]
    # The cards the name really names before spelling guesses; the default game's first, then each game's in
    # turn, each game's best first ("angel": the default game's angels, then the other games' cards so named).
    order = {game: n for n, game in enumerate(dict.fromkeys([default_game(), *(r.game for r in card_games())]))}
    def rank(rc: tuple[Any, Candidate]) -> tuple[bool, int, float]:
        return rc[1].how not in OWN_MENU, order.get(rc[0].game, len(order)), -rc[1].score

    pooled.sort(key=rank)
    # Each game keeps its first few in the list even when one game alone has more than the list holds.
    seen: dict[str, int] = {}
    firsts, rest = [], []
    for rc in pooled:
        seen[rc[0].game] = seen.get(rc[0].game, 0) + 1
        (firsts if seen[rc[0].game] <= EACH_GAME_KEEPS else rest).append(rc)
    kept = sorted([*firsts, *rest[:max(0, MAX_CANDIDATES - len(firsts))]][:MAX_CANDIDATES], key=rank)
    return Anywhere(query, "ambiguous" if top > NOTHING else "not-found", None, kept, list(matches))


def find_anywhere(query: str, matcher_of: MatcherOf, game: Any = None, set_hint: str | None = None) -> Anywhere:
    """`arbiter card NAME` and `/card`: the card NAME means in any game (only in `game` when one is given)."""
    return decide(query, match_everywhere(query, matcher_of, None if game is None else [game], set_hint))


@dataclass(frozen=True)
class Elsewhere:
    """The asked name is another game's card: which, and the question to ask it with there."""

    card: Any
    ruleset: Any
    command: str | None     # the other game's question (None: its only question has no subcommand)
    param: Any              # the question's parameter taking the card (engine.interface.Param)
    shortcut: bool = False  # `command` is a top-level shortcut (`arbiter <command> NAME`)
    askable: bool = True    # False: the game declares no question the front ends offer; only its card is shown
    query: str = ""         # with `choices`: the name as typed, which that game asks back between its cards
    choices: tuple[Any, ...] = ()  # `card` is None: the name matches several of that game's cards (best first)

    @property
    def name(self) -> str:
        """What to ask that game with: the card's name, or the typed name it will ask back."""
        return self.card.name if self.card is not None else self.query


def elsewhere(query: str, asked_game: str, asked: MatchResult, matcher_of: MatcherOf,
              command: str | None = None) -> Elsewhere | None:
    """When a question's name found no card of the asked game (nothing, or several to ask back), the other game
    whose card it is — only when that game's match is exact, or it found one card where the asked game found
    none. A name that is ambiguous in the asked game and not exact elsewhere stays asked back there."""
    if asked.card is not None or _has_own_menu(asked):
        return None
    matches = match_everywhere(query, matcher_of, [r for r in card_games() if r.game != asked_game])
    others = [g for g in matches if g.match.card is not None]
    if not others and strength(asked) == NOTHING:  # no card here: one other game asking between its own cards
        asking_back = [g for g in matches if g.match.how == "ambiguous" and g.match.candidates]
        found = asking(asking_back[0].ruleset, None, command) if len(asking_back) == 1 else None
        return None if found is None else replace(found, query=shown(query), choices=tuple(
            c.card for c in asking_back[0].match.candidates[:MAX_CHOICES_SAID]))
    top = max((strength(g.match) for g in others), default=NOTHING)
    best = [g for g in others if strength(g.match) == top]
    if len(best) != 1 or top < FOUND or (top < EXACT and strength(asked) != NOTHING):
        return None  # no other game's card, several, or only a loose guess against the asked game's choices
    chosen = best[0]
    return asking(chosen.ruleset, chosen.match.card, command) or \
        Elsewhere(chosen.match.card, chosen.ruleset, None, None, askable=False)


def _has_own_menu(asked: MatchResult) -> bool:
    """Whether the asked game asks back between cards the name really names (typed exactly, the start of their
    names, or their words): that menu is answered there, before any other game is pointed to (a word that starts a
    dozen of the asked game's cards, though another game has a card named exactly so). Spelling guesses alone are
    no menu."""
    return asked.how == "ambiguous" and any(c.how in OWN_MENU for c in asked.candidates)



def asking(ruleset: Any, card: Any, command: str | None) -> Elsewhere | None:
    """How to ask `ruleset` about `card`: its question named `command` if it has one, else its first question
    (or a top-level shortcut of the game)."""
    questions = list(questions_of(ruleset))
    shortcuts = dict(getattr(ruleset, "shortcuts", None) or {})
    if command in shortcuts:
        return Elsewhere(card, ruleset, command, _card_param(shortcuts[command], "cli"), shortcut=True)
    question = next((q for q in questions if q.command == command), None) or _about_one_card(questions)
    if question is not None:
        return Elsewhere(card, ruleset, question.command if len(questions) > 1 else None,
                         _card_param(question, "cli"), shortcut=False)
    if shortcuts:
        name, question = next(iter(shortcuts.items()))
        return Elsewhere(card, ruleset, name, _card_param(question, "cli"), shortcut=True)
    return None


def _about_one_card(questions: Sequence[Any]) -> Any:
    """The question to suggest for one card: one whose card is its main argument (positional), else the first."""
    for question in questions:
        param = _card_param(question, "cli")
        if param is not None and param.cli_flag is None:
            return question
    return questions[0] if questions else None


def _card_param(question: Any, surface: str) -> Any:
    return next((p for p in plugin_inputs(question.params, surface) if p.card_names), None)  # type: ignore[arg-type]


def _article(words: str) -> str:
    return "an" if words[:1].upper() in "AEIOU" else "a"


def cli_line(found: Elsewhere) -> str:
    """`arbiter GAME QUESTION NAME`: the command that asks the other game (its card option where it has one)."""
    words = ["arbiter", found.command] if found.shortcut else \
        ["arbiter", found.ruleset.game, *([found.command] if found.command else [])]
    name = shlex.quote(found.name)
    param = found.param
    words.append(name if param is None or param.cli_flag is None else f"{param.cli_flag} {name}")
    return " ".join(words)


def slash_line(found: Elsewhere, question: Any = None) -> str:
    """`/GAME QUESTION card:NAME`: the slash command that asks the other game."""
    if found.shortcut:
        words = f"/{found.command}"
    else:
        command = found.command or (questions_of(found.ruleset)[0].command if questions_of(found.ruleset) else "")
        words = f"/{found.ruleset.game} {command}".rstrip()
    source = question or _question(found)
    param = _card_param(source, "discord") if source is not None else None
    return f"{words} {param.name}:{found.name}" if param is not None else words


def _question(found: Elsewhere) -> Any:
    if found.shortcut:
        return dict(getattr(found.ruleset, "shortcuts", None) or {}).get(found.command)
    questions = list(questions_of(found.ruleset))
    return next((q for q in questions if q.command == found.command), None) or _about_one_card(questions)


def _code(text: str) -> str:
    return "`" + text.replace("`", "'") + "`"  # inside code nothing is markdown; a backtick would end it


def elsewhere_message(found: Elsewhere, surface: str, escape: Callable[[str], str] = str) -> str:
    """"NAME is a GAME card: ask with `arbiter GAME QUESTION NAME`." (Discord: the slash command). `escape`
    makes a name safe outside the code span (Discord: markdown and mentions)."""
    title = game_title(found.ruleset)
    if found.card is None:  # the name matches several of that game's cards: which, and how to ask there
        names = ", ".join(escape(c.label) for c in found.choices)
        how = cli_line(found) if surface == "cli" else slash_line(found)
        return f"“{escape(found.query)}” matches {title} cards: {names}. Ask with {_code(how)}."
    name = escape(found.card.name)
    if not found.askable:
        how = f"arbiter card {shlex.quote(found.card.name)}" if surface == "cli" else f"/card name:{found.card.name}"
        return f"{name} is {_article(title)} {title} card: see it with {_code(how)}."
    how = cli_line(found) if surface == "cli" else slash_line(found)
    return f"{name} is {_article(title)} {title} card: ask with {_code(how)}."


def catalog_matchers(arbiter: Any, guild: str | int | None = None) -> MatcherOf:
    """Each game's matcher over the catalog, as one server sees it (None: the shared catalog); built on first
    use and kept for this lookup (the command line is cold: a game it never needs is never built)."""
    built: dict[str, Any] = {}

    def of(game: str) -> Any:
        if game not in built:
            ruleset = next(r for r in card_games() if r.game == game)
            base = game_matcher(arbiter, ruleset) if questions_of(ruleset) else None
            built[game] = arbiter.matcher_for(game, guild, base=base)
        return built[game]

    return of


def card_view(arbiter: Any, ruleset: Any, match: MatchResult, guild: str | int | None = None) -> dict[str, Any]:
    """Any game's card as `arbiter card --json` shows it: the game, the printing found, what the name was matched
    to, its printings, how the game reads it (`card_details`), its annotations and the question to ask about it."""
    card = match.card
    details = getattr(ruleset, "card_details", None)
    asked = asking(ruleset, card, None)
    return {
        "game": ruleset.game, "game_title": game_title(ruleset),
        "card": {"name": card.name, "set": card.set, "type": card.type, "class": card.card_class,
                 "brigade": card.brigade, "identifier": card.identifier, "text": card.text,
                 "official_set": card.official_set},
        "match": match_json(match, arbiter.printing_report(match, guild)),
        "printings": [{"name": p.name, "set": p.set, "official_set": p.official_set}
                      for p in arbiter.printings(card) or [card]],
        "details": [{"label": label, "text": text} for label, text in (details(card) if details else ())],
        "annotations": [vars(a) for a in arbiter.annotations_for(card, guild)],
        "ask": cli_line(asked) if asked is not None else None,
    }


def candidates_json(found: Anywhere) -> dict[str, Any]:
    """The documented `match` object of a name that led to no single card, each candidate with its game."""
    return {"query": found.query, "how": found.how,
            "candidates": [{**candidate_json(c), "game": r.game} for r, c in found.candidates]}


def card_elsewhere_message(found: Elsewhere, asked: Any, surface: str, escape: Callable[[str], str] = str) -> str:
    """A card view narrowed to one game (`--game`, `/<game> card`) for a name that is another game's card."""
    title, other = game_title(found.ruleset), game_title(asked)
    name = found.name  # the card's name, or (several cards of that game) the name as typed
    how = f"arbiter card {shlex.quote(name)}" if surface == "cli" else f"/card name:{name}"
    if found.card is None:
        names = ", ".join(escape(c.label) for c in found.choices)
        return (f"“{escape(name)}” matches {title} cards, not {_article(other)} {other} one: {names}. See them with "
                f"{_code(how)}.")
    return (f"{escape(name)} is {_article(title)} {title} card, not {_article(other)} {other} one: see "
            f"it with {_code(how)}.")
