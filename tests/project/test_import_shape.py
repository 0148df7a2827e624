"""The shape of `bot/`'s imports: no import circle (every import counts, at the top or inside a function), the
plug-in command line does not reach into the command line's private helpers, and no Discord cog imports
another one."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside `if TYPE_CHECKING:` blocks: imports for type hints, never run."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            skipped |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return skipped


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """(module imported, names taken from it) for every import the file runs, at the top or inside a function
    (not those for type hints only)."""
    out: list[tuple[str, list[str]]] = []
    tree = ast.parse(path.read_text())
    skipped = _type_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            out += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.module, [alias.name for alias in node.names]))
    return out


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in BOT.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for target, names in _imports(path):
            # `from bot.cli import games` imports the module bot.cli.games
            candidates = [f"{target}.{n}" for n in names] + [target]
            found = next((c for c in candidates if c in modules), None)
            if found is not None and found != name:
                graph[name].add(found)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return cycles


def test_the_graph_sees_imports_inside_functions_and_not_type_hints():
    graph = _graph()
    assert "bot.cli.games" in graph["bot.cli.app"]  # imported inside a function of bot/cli/app.py
    assert "bot.answers.service" in graph["bot.answers.games"]
    assert "bot.discord.client" not in graph["bot.discord.cogs.games"]  # for the ArbiterBot type hint only


def test_bot_has_no_import_circle():
    assert _cycles(_graph()) == []


def test_the_plug_in_command_line_uses_no_private_helper_of_the_command_line():
    taken = [(target, n) for target, names in _imports(BOT / "cli" / "games.py") for n in names
             if target.startswith("bot.") and n.startswith("_")]
    assert taken == []
    assert "bot.cli.app" not in {target for target, _ in _imports(BOT / "cli" / "games.py")}


def test_no_cog_imports_another_cog():
    cogs = {_module(p) for p in (BOT / "discord" / "cogs").glob("*.py") if p.stem != "__init__"}
    graph = _graph()
    crossing = sorted((cog, other) for cog in cogs for other in graph[cog] if other in cogs)
    assert crossing == []
