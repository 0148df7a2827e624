"""Section "ask": `arbiter ask` / `/ask` on the full five-game catalog, with the sentence set of the tests
(tests/data/ask_sentences.jsonl: sentences as players write them, each with the reading it must give).

Figures: how the sentences are read (right, asked back, read wrong without asking), the reading time per
sentence (engine/reader.py over every game's cards: p50/p99, target p99 <= 20 ms) beside the answer's own time (the
per-game command answering the reading), and how long building the readers takes once per catalog.

The catalog: $ARBITER_BENCH_CATALOG (a cards.db with the five games, copied to a temp file first, never written),
else the five games imported from ../shared/data into a temp file; --quick: the starter sets only.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.ask_sentences import judge, load_sentences, summary
from benchmarks.common import REPO_ROOT, Settings, latency_stats, progress

READ_P99_MAX_MS = 20.0
RIGHT_OR_ASKED_MIN = 95.0
WRONG_MAX = 1.0
ROUNDS = 5
SHARED = Path(REPO_ROOT).parent / "shared" / "data"
IMPORTS = (("dominion", "dominion"), ("ashes", "ashes"), ("grand-archive", "grand_archive"), ("l5r", "l5r"))


def _catalog(tmp: Path, settings: Settings) -> tuple[Path | None, str]:
    """A cards.db with every game, and where it came from; None when the data is not there."""
    from bot.catalog import Catalog
    from bot.cli import main

    path = tmp / "cards.db"
    given = os.environ.get("ARBITER_BENCH_CATALOG")
    if given and Path(given).is_file() and not settings.quick:
        shutil.copyfile(given, path)
        return path, f"a copy of {given}"
    if settings.quick:
        Catalog.open(path).close()
        return path, "the starter sets (--quick)"
    if not (SHARED / "redemption" / "carddata.txt").is_file():
        return None, f"data not found: {SHARED}"
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        if main(["cards", "import", str(SHARED / "redemption" / "carddata.txt"), "--db", str(path)]) != 0:
            return None, "the Redemption import failed"
        for game, folder in IMPORTS:
            if main([f"{game}-import", str(SHARED / folder), "--db", str(path)]) != 0:
                return None, f"the {game} import failed"
    return path, "the five games imported from ../shared/data"


def run(settings: Settings) -> dict[str, Any]:
    from bot.answers.asking import Asker
    from bot.answers.service import Arbiter

    with tempfile.TemporaryDirectory(prefix="arbiter-ask-bench-") as name:
        path, source = _catalog(Path(name), settings)
        if path is None:
            return {"skipped": source}
        arbiter = Arbiter.open(path)
        progress(f"ask: building the readers over {source}")
        started = time.perf_counter()
        asker = Asker(arbiter)
        asker.games()
        build_s = time.perf_counter() - started
        cards = sum(len(arbiter.cards_of(g.game)) for g in asker.games())
        cases = load_sentences()
        outcomes = []
        results = []
        for case in cases:  # warm-up and scoring
            result, _ = asker.read(case["text"])
            outcomes.append(judge(case, result))
            results.append(result)
        progress(f"ask: timing {len(cases)} sentences x {ROUNDS}")
        read_ns: list[int] = []
        clock = time.perf_counter_ns
        for _ in range(1 if settings.quick else ROUNDS):
            for case in cases:
                t0 = clock()
                asker.read(case["text"])
                read_ns.append(clock() - t0)
        answer_ns: list[int] = []
        failed = 0
        for result in results:
            if result.reading is None:
                continue
            t0 = clock()
            try:
                asker.answer(result.reading)
            except Exception:  # a reading its command refuses (a card gone): counted, not timed
                failed += 1
                continue
            answer_ns.append(clock() - t0)
        arbiter.catalog.close()
    figures = summary(outcomes)
    reading = latency_stats(read_ns)
    answering = latency_stats(answer_ns)
    by_game: dict[str, dict[str, int]] = {}
    for case, outcome in zip(cases, outcomes, strict=True):
        key = case.get("game") or "asked back"
        row = by_game.setdefault(key, {"n": 0, "right": 0, "asked": 0, "wrong": 0})
        row["n"] += 1
        row["right" if outcome.verdict in ("right", "asked-right") else "asked" if outcome.verdict == "asked"
            else "wrong"] += 1
    targets = [
        {"id": "ask:read-p99", "what": "reading one sentence, p99 (five-game catalog)", "value": reading["p99_ms"],
         "op": "<=", "limit": READ_P99_MAX_MS, "unit": "ms", "pass": reading["p99_ms"] <= READ_P99_MAX_MS},
        {"id": "ask:right-or-asked", "what": "sentences read right or asked back", "value":
         figures["right_or_asked_pct"], "op": ">=", "limit": RIGHT_OR_ASKED_MIN, "unit": "%",
         "pass": figures["right_or_asked_pct"] >= RIGHT_OR_ASKED_MIN},
        {"id": "ask:wrong", "what": "sentences read wrong without asking", "value": figures["wrong_pct"],
         "op": "<=", "limit": WRONG_MAX, "unit": "%", "pass": figures["wrong_pct"] <= WRONG_MAX},
    ]
    wrong = [{"text": o.text, "expected": o.expected, "got": o.got} for o in outcomes if o.verdict == "wrong"]
    return {"catalog": source, "cards": cards, "build_s": build_s, "sentences": figures, "by_game": by_game,
            "read": reading, "answer": answering, "answers_refused": failed, "wrong": wrong, "targets": targets}


def render(section: dict[str, Any]) -> list[str]:
    from benchmarks.report import _ms, _pct, table, verdict

    if "skipped" in section:
        return [f"  skipped: {section['skipped']}"]
    s = section["sentences"]
    targets = {t["id"]: t for t in section["targets"]}
    lines = [f"  {s['sentences']} sentences as players write them (tests/data/ask_sentences.jsonl) over "
             f"{section['cards']:,} cards ({section['catalog']}); readers built in {section['build_s']:.1f} s"]
    lines += table(["figure", "value", "target"], [
        ["read right", f"{s['read_right']}", ""],
        ["asked back (as expected / otherwise)", f"{s['asked_back_as_expected']} / {s['asked_back_other']}", ""],
        ["read right or asked back", _pct(s["right_or_asked_pct"]), verdict(targets.get("ask:right-or-asked"))],
        ["read wrong without asking", f"{s['read_wrong']} ({_pct(s['wrong_pct'])})", verdict(targets.get("ask:wrong"))],
        ["reading p50 / p99 / max", f"{_ms(section['read']['p50_ms'])} / {_ms(section['read']['p99_ms'])} / "
         f"{_ms(section['read']['max_ms'])} ms", verdict(targets.get("ask:read-p99"))],
        ["the answer (its own command) p50 / p99 / max", f"{_ms(section['answer']['p50_ms'])} / "
         f"{_ms(section['answer']['p99_ms'])} / {_ms(section['answer']['max_ms'])} ms", ""],
    ])
    rows = [[game, str(r["n"]), str(r["right"]), str(r["asked"]), str(r["wrong"])]
            for game, r in sorted(section["by_game"].items())]
    lines += table(["expected", "n", "right", "asked back", "wrong"], rows)
    lines += [f"  wrong: {w['text']} — expected {w['expected']}, read {w['got']}" for w in section["wrong"][:5]]
    return lines
