"""The command line as people run it: one `arbiter` process per question, per game, on a catalog of every game.

Each game's first worked example (the default game's: its `duration` shortcut) is asked as a command line.
"cold" is the first question after the catalog changed (the game's matcher file beside the database removed,
so it is built and written again); "warm" is every question after it (the file read back). Beside them: a bare
interpreter start (`python -c pass`) and `arbiter --version`, in the same environment, interleaved with the
questions so that a busy machine weighs on all of them alike. Wall time and the process's CPU time (user +
system) are both reported; the target is on the wall time of a warm question.

The catalog: `--catalog PATH` (copied to a temp folder first, never written), else every game imported from
the shared data into a temp database (the starter sets alone with --quick or when the data is absent).
Bytecode is written as a normal install has it (the first run of each command is not timed).
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from benchmarks.common import REPO_ROOT, Settings, progress

TARGET_S = 0.3  # a warm question, wall time (issue 37: about 5x a bare interpreter start)
# `arbiter ask` beside them (no target: it loads every game and reads the sentence against each); its cold
# run has the name-word index beside the database removed as well as the matcher files.
ASK_SENTENCE = "if I Throne Room a Wharf, when does the Throne Room leave play?"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH", "")]))
    return env


def _timed(argv: Sequence[str], env: Mapping[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) of one run; it must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(list(argv), env=dict(env), capture_output=True, text=True, timeout=300, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}: {done.stderr[-500:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _stats(samples: Sequence[tuple[float, float]]) -> dict[str, float]:
    walls, cpus = [w for w, _ in samples], [c for _, c in samples]
    return {"n": len(samples), "wall_p50_s": statistics.median(walls), "wall_min_s": min(walls),
            "cpu_p50_s": statistics.median(cpus)}


def question_argv(game: str, command: str | None, question: Any, inputs: Mapping[str, Any]) -> list[str]:
    """A worked example as a command line: `duration ...` for a shortcut, `<game> [<question>] ...` else."""
    from engine.interface import plugin_inputs

    argv = [command] if command else [game]
    if command is None and getattr(question, "command", None) and _several_questions(game):
        argv.append(question.command)
    for param in plugin_inputs(question.params, "cli"):
        value = inputs.get(param.name)
        if value is None or value is False or value == [] or value == "":
            continue
        values = [str(v) for v in (value if isinstance(value, list | tuple) else [value])]
        if param.kind == "flag":
            argv.append(str(param.cli_flag))
        elif param.cli_flag is None:
            argv += values
        elif param.repeat and param.many:
            argv += [param.cli_flag, *values]
        elif param.repeat:
            for v in values:
                argv += [param.cli_flag, v]
        else:
            argv += [param.cli_flag, values[0]]
    if inputs.get("ruleset"):
        argv += ["--ruleset", str(inputs["ruleset"])]
    return argv


def _several_questions(game: str) -> bool:
    from engine.interface import questions_of
    from engine.registry import find_ruleset

    return len(questions_of(find_ruleset(game))) > 1


def questions() -> list[tuple[str, list[str]]]:
    """(game, argv) of each game's first worked example."""
    from engine.interface import examples_of, questions_of
    from engine.registry import all_rulesets

    out = []
    for ruleset in all_rulesets():
        for name, question in dict(getattr(ruleset, "shortcuts", None) or {}).items():
            examples = examples_of(question)
            if examples:
                out.append((ruleset.game, question_argv(ruleset.game, name, question, examples[0])))
                break
        else:
            for question in questions_of(ruleset):
                examples = examples_of(question)
                if examples:
                    out.append((ruleset.game, question_argv(ruleset.game, None, question, examples[0])))
                    break
    return out


def _catalog(settings: Settings, folder: Path, env: Mapping[str, str]) -> tuple[Path, str]:
    """The database to ask, and how it was made."""
    db = folder / "cards.db"
    given = settings.catalog
    if given is not None:
        shutil.copy(given, db)
        return db, f"a copy of {given}"
    arbiter = [sys.executable, "-m", "bot.cli", "--db", str(db)]
    if settings.quick or not settings.data_found():
        _timed([*arbiter, "cards", "alias", "bench nickname", "adino the eznite", "--actor", "bench"], env)
        return db, "the starter sets"
    from bot.answers.games import plugin_rulesets

    progress("cli: importing every game's shared data into a temp catalog")
    _timed([*arbiter, "cards", "import", str(settings.data_path), "--actor", "bench"], env)
    for ruleset in plugin_rulesets():
        if getattr(ruleset, "sources", None) is not None:
            _timed([*arbiter, f"{ruleset.game}-import", "--actor", "bench"], env)
    return db, "every game imported from the shared data"


def run(settings: Settings) -> dict[str, Any]:
    env = _env()
    rounds = 1 if settings.quick else 7
    with tempfile.TemporaryDirectory() as tmp:
        db, made = _catalog(settings, Path(tmp), env)
        arbiter = [sys.executable, "-m", "bot.cli"]
        asked = [(game, [*arbiter, "--db", str(db), *argv]) for game, argv in questions()]
        sentence = [*arbiter, "--db", str(db), "ask", ASK_SENTENCE]  # every game's names and phrases
        bare = [sys.executable, "-c", "pass"]
        version = [*arbiter, "--version"]
        if not settings.quick:  # bytecode written first, as an installed copy has it
            for argv in (bare, version, *(a for _, a in asked), sentence):
                _timed(argv, env)
        cold: dict[str, list[tuple[float, float]]] = {game: [] for game, _ in asked} | {"ask": []}
        for _ in range(1 if settings.quick else 3):
            for game, argv in [*asked, ("ask", sentence)]:
                for kept in [*db.parent.glob(f"{db.name}.*.matcher"), *db.parent.glob(f"{db.name}.*.index")]:
                    kept.unlink()
                cold[game].append(_timed(argv, env))
        progress(f"cli: {rounds} rounds of every question, warm")
        samples: dict[str, list[tuple[float, float]]] = {"bare": [], "version": [], "ask": [],
                                                         **{g: [] for g, _ in asked}}
        for _ in range(rounds):
            samples["bare"].append(_timed(bare, env))
            samples["version"].append(_timed(version, env))
            for game, argv in asked:
                samples[game].append(_timed(argv, env))
            samples["ask"].append(_timed(sentence, env))
        out: dict[str, Any] = {
            "catalog": made, "bare": _stats(samples["bare"]), "version": _stats(samples["version"]),
            "games": {game: {"argv": argv[len(arbiter) + 2:], "cold": _stats(cold[game]),
                             "warm": _stats(samples[game])} for game, argv in asked},
            "ask": {"argv": ["ask", ASK_SENTENCE], "cold": _stats(cold["ask"]), "warm": _stats(samples["ask"])},
        }
    worst = max(g["warm"]["wall_p50_s"] for g in out["games"].values())
    ratio = worst / out["bare"]["wall_p50_s"]
    out["targets"] = [{"id": "cli:warm", "what": f"a command-line answer, warm, slowest game's p50 ({made})",
                       "value": worst, "op": "<=", "limit": TARGET_S, "unit": "s", "pass": worst <= TARGET_S,
                       "detail": f"×{ratio:.1f} a bare interpreter"}]
    return out
