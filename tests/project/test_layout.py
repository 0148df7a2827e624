"""The shape of `bot/`: every module in a room listed on its floor (bot/__init__.py FLOORS), no import that
climbs a floor or crosses to another room, at most one import circle (the Discord client with its cogs, which
name the bot class for type hints only), every module opening with what it owns; the plug-in command line does
not reach into the command line's private helpers, and no Discord cog imports another one. Every import counts,
at the top or inside a function."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from bot import FLOORS

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


def _imports(path: Path, type_hints: bool = False) -> list[tuple[str, list[str]]]:
    """(module imported, names taken from it) for every import the file runs, at the top or inside a function
    (and those for type hints only, with `type_hints`)."""
    out: list[tuple[str, list[str]]] = []
    tree = ast.parse(path.read_text())
    skipped = set() if type_hints else _type_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            out += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.module, [alias.name for alias in node.names]))
    return out


def _graph(type_hints: bool = False) -> dict[str, set[str]]:
    """module -> the modules of bot/ it imports (a fresh copy: callers may add to it)."""
    return {module: set(targets) for module, targets in _parsed_graph(type_hints).items()}


@cache
def _parsed_graph(type_hints: bool) -> dict[str, frozenset[str]]:
    modules = {_module(p): p for p in BOT.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for target, names in _imports(path, type_hints):
            # `from bot.cli import games` imports the module bot.cli.games
            candidates = [f"{target}.{n}" for n in names] + [target]
            found = next((c for c in candidates if c in modules), None)
            if found is not None and found != name:
                graph[name].add(found)
    return {name: frozenset(targets) for name, targets in graph.items()}


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


def _room(module: str) -> tuple[int, str] | None:
    """(floor, room) of a module of bot/: the listed room it lies in."""
    for floor, rooms in enumerate(FLOORS):
        for room in rooms:
            if module == room or module.startswith(room + "."):
                return floor, room
    return None


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan): each is one import circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = set()
            while True:
                member = stack.pop()
                part.add(member)
                if member == node:
                    break
            if len(part) > 1:
                found.append(part)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_every_module_lies_in_a_room_on_a_floor():
    graph = _graph()
    homeless = sorted(m for m in graph if m != "bot" and _room(m) is None)
    assert homeless == []
    listed = [room for rooms in FLOORS for room in rooms]
    assert len(listed) == len(set(listed))
    assert all(room in graph for room in listed)  # no floor names a room that is not there


def test_no_import_climbs_a_floor_or_crosses_to_another_room():
    """Type hints count too: a room reads only what lies below it (or in itself)."""
    wrong = []
    for module, targets in _graph(type_hints=True).items():
        here = _room(module)
        for target in targets:
            there = _room(target)
            if here is None or there is None or there[1] == here[1]:
                continue
            if there[0] >= here[0]:
                wrong.append(f"{module} -> {target}")
    assert sorted(wrong) == []


def test_at_most_one_import_circle_and_only_the_bot_class_for_type_hints():
    circles = _circles(_graph(type_hints=True))
    assert len(circles) <= 1
    for circle in circles:
        assert all(m.startswith("bot.discord.") for m in circle)
        # Without the bot class named for type hints the circle is gone: discord.py's cogs need the bot's type.
        graph = _graph()
        for module, path in ((m, BOT.parent / (m.replace(".", "/") + ".py")) for m in circle):
            if path.exists():
                hints = {t for t, _ in _imports(path, type_hints=True)} - {t for t, _ in _imports(path)}
                graph[module] |= hints - {"bot.discord.client"}
        assert _circles(graph) == []


def test_every_module_opens_with_what_it_owns():
    silent = sorted(str(p.relative_to(ROOT)) for p in BOT.rglob("*.py")
                    if not (ast.get_docstring(ast.parse(p.read_text())) or "").strip())
    assert silent == []


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
