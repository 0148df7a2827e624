"""One registry of rulesets: a game name or alias leads to its ruleset module."""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from engine.names import fold
from engine.trace import Rule, RulesetVersion


class UnknownRuleset(ValueError):
    """A game or ruleset version nobody registered; the message lists the valid ones."""


class Ruleset(Protocol):
    game: str
    aliases: tuple[str, ...]
    title: str

    def versions(self) -> dict[str, RulesetVersion]: ...

    def rules(self) -> dict[str, Rule]: ...


# The game a command means when it names none (`arbiter cards ...`, `/card`, `arbiter duration`): the front
# ends ask here instead of spelling a game.
DEFAULT_GAME = "redemption"

# The games shipped with Arbiter: game -> its package under engine/rulesets/, which registers the game when
# imported. Only the game a command names is imported (a command-line answer pays for one game, not five);
# a name that is none of these keys (an alias) loads them all.
BUILTIN: dict[str, str] = {
    "ashes": "engine.rulesets.ashes",
    "dominion": "engine.rulesets.dominion",
    "grand-archive": "engine.rulesets.grand_archive",
    "l5r": "engine.rulesets.l5r",
    "redemption": "engine.rulesets.redemption",
}

_REGISTRY: dict[str, Ruleset] = {}
_ALIASES: dict[str, str] = {}
_ALL_LOADED: list[bool] = []


def register(ruleset: Ruleset) -> Ruleset:
    _REGISTRY[ruleset.game] = ruleset
    for name in (ruleset.game, *ruleset.aliases):
        _ALIASES[fold(name)] = ruleset.game
    return ruleset


def find_ruleset(name: str) -> Ruleset:
    key = fold(name)
    if key not in _ALIASES:  # a game's own name loads that game alone; an alias, every game
        own = next((module for game, module in BUILTIN.items() if fold(game) == key), None)
        if own is not None:
            importlib.import_module(own)
        else:
            _load_builtin()
    game = _ALIASES.get(key)
    if game is None:
        _load_builtin()
        game = _ALIASES.get(key)
    if game is None:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownRuleset(f"Unknown game {name!r}; known games: {known}.")
    return _REGISTRY[game]


def default_game() -> str:
    """The game a command means when it names none."""
    return DEFAULT_GAME


def shortcut(command: str) -> tuple[Ruleset, Any] | None:
    """The ruleset declaring the top-level command `command` (`shortcuts`, engine/interface.py) and the
    question it answers, or None. The default game is asked first (it declares the shortcuts the front ends
    offer), so a shortcut loads no other game."""
    first = find_ruleset(DEFAULT_GAME)
    question = (getattr(first, "shortcuts", None) or {}).get(command)
    if question is not None:
        return first, question
    for ruleset in all_rulesets():
        question = (getattr(ruleset, "shortcuts", None) or {}).get(command)
        if question is not None:
            return ruleset, question
    return None


def all_rulesets() -> list[Ruleset]:
    _load_builtin()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def rules_with_id(rule_id: str) -> list[tuple[Ruleset, Rule]]:
    """Every game whose rules have this id (case-insensitive). Each game writes its ids with its own letters
    (D3, DM6, GA2, L11, AS4), so an id normally names its game too."""
    key = (rule_id or "").strip().upper()
    return [(r, r.rules()[key]) for r in all_rulesets() if key in r.rules()]


def rule_ranges() -> str:
    """Every game's rule ids in short, for a message: "AS1-AS16 (Ashes), ..., D1-D9 (Redemption)"."""
    out = []
    for ruleset in all_rulesets():
        ids = list(ruleset.rules())
        if ids:
            out.append(f"{ids[0]}-{ids[-1]} ({str(ruleset.title).split(' (')[0]})")
    return ", ".join(out)


def find_version(ruleset: Ruleset, name: str | None) -> RulesetVersion:
    versions = ruleset.versions()
    key = (name or "current").strip().lower()
    if key not in versions:
        raise UnknownRuleset(
            f"Unknown ruleset version {name!r} for {ruleset.title}; valid: {', '.join(versions)}."
        )
    return versions[key]


def _load_builtin() -> None:
    # Importing a ruleset package registers it; done lazily so `engine.registry` has no import cycle.
    if _ALL_LOADED:
        return
    for module in BUILTIN.values():
        importlib.import_module(module)
    _ALL_LOADED.append(True)
