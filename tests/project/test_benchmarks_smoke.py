"""`python -m benchmarks --quick --json` runs and gives every section with numbers (not how fast they are)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CARDDATA = ROOT.parent / "shared" / "data" / "redemption" / "carddata.txt"


def run_benchmarks(*args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "benchmarks", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=180, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


def is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def assert_numbers(figures: dict, *keys: str) -> None:
    for key in keys:
        assert is_number(figures.get(key)), (key, figures.get(key))


def test_quick_json_has_every_section_with_figures() -> None:
    results = json.loads(run_benchmarks("--quick", "--json").stdout)
    sections = results["sections"]
    assert list(sections) == ["matching", "players", "typos", "rulings", "import", "bot", "freshness", "web", "burst",
                              "ask", "cli"]
    assert not [name for name, s in sections.items() if "error" in s]
    found = CARDDATA.is_file()
    assert results["meta"]["data_found"] is found

    rulings = sections["rulings"]
    assert_numbers(rulings["worked"], "n", "p50_ms", "p99_ms", "verdicts_per_s")
    assert rulings["worked"]["correct"] == rulings["worked"]["cases"]
    bot = sections["bot"]
    for name in ("autocomplete", "duration"):
        assert_numbers(bot[name], "n", "p50_ms", "p99_ms", "round_trips_per_s")
    assert_numbers(bot["memory"]["catalog"], "rss_mb")
    burst = sections["burst"]
    assert_numbers(burst, "durations", "acknowledged_in_3s", "ack_p50_ms", "ack_p99_ms", "cpu_ms_per_interaction",
                   "autocomplete_dropped")
    assert burst["log"]["tracebacks"] == 0
    fresh = sections["freshness"]
    for way in ("before", "after"):
        for kind in ("alias", "annotation"):
            assert_numbers(fresh["costs"][way][kind], "median_s", "worst_s")
            assert_numbers(fresh["costs"][way][kind]["take_in"], "median_s", "worst_s")
    for key in ("shard_to_shard", "cli_to_bot"):
        assert_numbers(fresh["propagation"][key], "median_s", "worst_s", "n")
    ask = sections["ask"]  # on the starter sets (--quick): the reading time beside the answer's own
    assert_numbers(ask["read"], "n", "p50_ms", "p99_ms")
    assert_numbers(ask["answer"], "n", "p50_ms", "p99_ms")
    assert ask["sentences"]["sentences"] >= 150
    web = sections["web"]
    assert web["errors"] == 0 and web["rulings"] > 0
    assert {"ruling", "ruling json", "card", "rules", "search"} <= set(web["kinds"])
    assert_numbers(web["all"], "n", "p50_ms", "p99_ms")
    cli = sections["cli"]
    for figures in (cli["bare"], cli["version"], *(g[k] for g in [*cli["games"].values(), cli["ask"]]
                                                   for k in ("cold", "warm"))):
        assert_numbers(figures, "n", "wall_p50_s", "wall_min_s", "cpu_p50_s")
    assert sorted(cli["games"]) == ["ashes", "dominion", "grand-archive", "l5r", "redemption"]

    if not found:
        assert "skipped" in sections["matching"] and "skipped" in sections["import"]
        assert "skipped" in sections["players"] and "skipped" in sections["typos"]
        assert "skipped" in rulings["catalog"]
    else:
        catalogs = sections["matching"]["catalogs"]
        assert [c["key"] for c in catalogs] == ["real", "synthetic-1000", "synthetic-2000"]
        for catalog in catalogs:
            assert set(catalog["methods"]) == {"match", "autocomplete", "difflib", "like", "rapidfuzz"}
            for figures in catalog["methods"].values():
                assert_numbers(figures, "n", "p50_ms", "p99_ms", "qps", "top1")
            assert_numbers(catalog["methods"]["match"], "typo_top1", "ambiguous", "in_candidates")
            for ratio in catalog["ratios"].values():
                assert_numbers(ratio, "match_qps_ratio", "match_top1_diff_pp")
        for run in ("catalog", "catalog_again", "service"):
            assert_numbers(rulings[run], "n", "p99_ms", "verdicts_per_s")
        for run in ("fresh", "reimport"):
            assert_numbers(sections["import"][run], "seconds", "tracemalloc_peak_mb")
        players = sections["players"]
        for kind in ("exact", "label", "word", "fragment", "typo", "nickname", "numeral"):
            assert_numbers(players["by_kind"][kind], "n", "right", "asked", "wrong", "not_found")
        assert_numbers(players["typo_speed"], "ratio")
        typos = sections["typos"]
        assert_numbers(typos["per_name"], "n", "right", "asked", "wrong")
        for who in ("arbiter", "difflib"):
            assert_numbers(typos["short_two_slips"][who], "n", "right", "wrong")
        assert_numbers(typos["held_out"], "n", "wrong_pct")
        assert sections["import"]["fresh"]["added"] > 0 and sections["import"]["reimport"]["unchanged"] > 0

    targets = results["targets"]
    assert targets and all(isinstance(t["pass"], bool) and is_number(t["value"]) for t in targets)


def test_missing_data_is_reported_as_skipped(tmp_path: Path) -> None:
    done = run_benchmarks("--quick", "--only", "matching,import,rulings", "--data", str(tmp_path / "none.txt"))
    assert done.stdout.count("skipped: data not found") == 3, done.stdout
    assert "== 2. Rulings ==" in done.stdout and "worked cases" in done.stdout
