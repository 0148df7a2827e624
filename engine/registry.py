"""One registry of rulesets: a game name or alias leads to its ruleset module."""

from __future__ import annotations

from collections.abc import Callable
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

_REGISTRY: dict[str, Ruleset] = {}
_ALIASES: dict[str, str] = {}


def register(ruleset: Ruleset) -> Ruleset:
    _REGISTRY[ruleset.game] = ruleset
    for name in (ruleset.game, *ruleset.aliases):
        _ALIASES[fold(name)] = ruleset.game
    return ruleset


def find_ruleset(name: str) -> Ruleset:
    _load_builtin()
    game = _ALIASES.get(fold(name))
    if game is None:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownRuleset(f"Unknown game {name!r}; known games: {known}.")
    return _REGISTRY[game]


def default_game() -> str:
    """The game a command means when it names none."""
    return DEFAULT_GAME


def shortcut(command: str) -> tuple[Ruleset, Any] | None:
    """The ruleset declaring the top-level command `command` (`shortcuts`, engine/interface.py) and the
    question it answers, or None."""
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


_loaders: list[Callable[[], None]] = []


def _load_builtin() -> None:
    # Importing a ruleset module registers it; done lazily so `engine.registry` has no import cycle.
    if _REGISTRY:
        return
    import engine.rulesets  # noqa: F401
