"""The readable table (and the JSON clean-up) for a benchmark run's results."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from benchmarks.matching import BASELINES, METHOD_LABELS
from benchmarks.queries import KINDS

_OPS = {"<=": "≤", ">=": "≥"}


def clean(value: Any) -> Any:
    """JSON-safe: NaN and infinities become null (the standard has no NaN)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean(v) for v in value]
    return value


def _num(value: float | None, digits: int = 0) -> str:
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "-"
    return f"{value:,.{digits}f}"


def _ms(value: float | None) -> str:
    if value is None or not math.isfinite(value):
        return "-"
    return f"{value:.3f}" if value < 10 else f"{value:.1f}" if value < 1000 else f"{value:,.0f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}%"


def _limit(target: dict[str, Any]) -> str:
    unit = target["unit"]
    limit = f"{target['limit']:,g}"
    return f"{_OPS[target['op']]} {limit}{'' if unit in ('x', '%', '/s') else ' '}{unit}"


def verdict(target: dict[str, Any] | None) -> str:
    if target is None:
        return ""
    return f"{_limit(target)}: {'PASS' if target['pass'] else 'MISS'}"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], indent: str = "  ",
          left: Sequence[int] = (0,)) -> list[str]:
    """Left-aligned first (and `left`) columns, right-aligned figures, a free last column (the target)."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]
    out = []
    for k, row in enumerate([headers, *rows]):
        cells = [str(c).ljust(w) if i in left else str(c).rjust(w)
                 for i, (c, w) in enumerate(zip(row[:-1], widths[:-1], strict=True))]
        cells.append(str(row[-1]))
        out.append((indent + "  ".join(cells)).rstrip())
        if k == 0:
            out.append(indent + "-" * (sum(widths) + 2 * (len(widths) - 1)))
    return out


def _by_id(section: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in section.get("targets", [])}


def render_matching(section: dict[str, Any]) -> list[str]:
    if "skipped" in section:
        return [f"  skipped: {section['skipped']}"]
    targets = _by_id(section)
    lines: list[str] = []
    for cat in section["catalogs"]:
        key = cat["key"]
        methods = cat["methods"]
        lines.append(f"  {cat['label']}: Matcher built in {cat['matcher_build_s']:.2f} s, {cat['queries']:,} "
                     f"queries; aliases: " + ", ".join(f"{a} → {label}" for a, label in cat["aliases"][:4])
                     + (" …" if len(cat["aliases"]) > 4 else ""))
        rows = []
        for name in ("match", "autocomplete", *BASELINES):
            m = methods[name]
            if name == "match":
                other = f"ambiguous {_pct(m['ambiguous'])}, intended among candidates {_pct(m['in_candidates'])}"
                target = verdict(targets.get(f"typo-top1:{key}"))
                target = f"typo top-1 {target}" if target else ""
            elif name == "autocomplete":
                other = f"intended in the list {_pct(m['in_list'])}"
                target = verdict(targets.get(f"autocomplete-p99:{key}"))
                target = f"p99 {target}" if target else ""
            else:
                other = f"first {m['n']:,} queries only" if m["capped"] else ""
                target = ""
            rows.append([METHOD_LABELS[name], f"{m['n']:,}", _ms(m["p50_ms"]), _ms(m["p99_ms"]),
                         _num(m["qps"]), _pct(m["top1"]), _pct(m["typo_top1"]), other, target])
        lines += table(["method", "queries", "p50 ms", "p99 ms", "q/s", "top-1", "typo top-1", "", "target"], rows,
                       left=(0, 7))
        lines.append("")
        rows = []
        for name in BASELINES:
            r = cat["ratios"][name]
            target = verdict(targets.get(f"vs-{name}:{key}"))
            rows.append([f"vs {METHOD_LABELS[name]}", f"{r['n']:,}", f"×{r['match_qps_ratio']:,.1f}",
                         f"{r['match_top1_diff_pp']:+.1f} pp", f"×{r['autocomplete_qps_ratio']:,.1f}",
                         f"{r['autocomplete_top1_diff_pp']:+.1f} pp", target])
        lines += table(["Arbiter on the same queries", "queries", "match q/s", "match top-1",
                        "autocomplete q/s", "autocomplete top-1", "target"], rows)
        lines.append("")
        rows = []
        for kind in KINDS:
            if kind not in methods["match"]["by_kind"]:
                continue
            cells = [kind, f"{methods['match']['by_kind'][kind]['n']:,}"]
            cells += [_pct(methods["match"]["by_kind"][kind]["top1"]),
                      _pct(methods["match"]["by_kind"][kind]["ambiguous"]),
                      _pct(methods["autocomplete"]["by_kind"][kind]["top1"])]
            cells += [_pct(methods[b]["by_kind"].get(kind, {}).get("top1")) for b in BASELINES]
            rows.append([*cells, ""])
        lines += table(["top-1 by query kind", "queries", "match", "(ambiguous)", "autocomplete", "difflib",
                        "LIKE", "rapidfuzz", ""], rows)
        lines.append("")
    return lines


def render_rulings(section: dict[str, Any]) -> list[str]:
    targets = _by_id(section)
    rows = []
    w = section["worked"]
    rows.append([f"worked cases: {w['what']} (×{w['repeats']:,}; {w['correct']}/{w['cases']} as expected)",
                 f"{w['n']:,}", _ms(w["p50_ms"]), _ms(w["p99_ms"]), _num(w["verdicts_per_s"]),
                 verdict(targets.get("verdicts:worked"))])
    c = section["catalog"]
    if "skipped" in c:
        rows.append([f"every catalog card: skipped: {c['skipped']}", "", "", "", "", ""])
    else:
        for key, label in (("catalog", "every catalog card, first time: reads its text once + verdict (informational)"),
                           ("catalog_again", "every catalog card again (same scenario)"),
                           ("service", f"the same via Arbiter.duration after warm() "
                                       f"({section['service']['warm_s']:.2f} s)")):
            c = section[key]
            errors = f"; {c['errors']} errors" if c["errors"] else ""
            rows.append([label + errors, f"{c['n']:,}", _ms(c["p50_ms"]), _ms(c["p99_ms"]),
                         _num(c["verdicts_per_s"]), verdict(targets.get(f"verdicts:{key}"))])
    return table(["workload (single-threaded)", "verdicts", "p50 ms", "p99 ms", "verdicts/s", "target"], rows)


def render_import(section: dict[str, Any]) -> list[str]:
    if "skipped" in section:
        return [f"  skipped: {section['skipped']}"]
    targets = _by_id(section)
    rows = []
    for label, what in (("fresh", "full import into a fresh database"), ("reimport", "re-import, unchanged")):
        f = section[label]
        rows.append([what, f"{f['seconds']:.3f}", _num(f["peak_rss_delta_mb"], 1), _num(f["ru_maxrss_delta_mb"], 1),
                     _num(f["tracemalloc_peak_mb"], 1), f"{f['added']:,}/{f['updated']:,}/{f['unchanged']:,}",
                     verdict(targets.get(f"import:{label}"))])
    lines = [f"  {section['file']}; median of {section['runs']} child processes; database {section['db_mb']:.1f} MB"]
    if any(section[label]["ru_maxrss_delta_mb"] is None for label in ("fresh", "reimport")):
        lines.append("  (ru_maxrss Δ '-': the child's ru_maxrss still held its parent's larger peak from the fork)")
    lines += table(["run", "seconds", "peak RSS Δ MB", "ru_maxrss Δ MB", "tracemalloc peak MB",
                    "added/updated/unchanged", "target"], rows)
    return lines


def render_bot(section: dict[str, Any]) -> list[str]:
    targets = _by_id(section)
    lines = [f"  catalog: {section['catalog']}; bot ready (login, guild, command sync) in "
             f"{section['startup_s']:.2f} s"]
    rows = []
    a, d = section["autocomplete"], section["duration"]
    rows.append([f"autocomplete (/duration card; {a['with_choices']} with choices)", f"{a['n']:,}",
                 _ms(a["p50_ms"]), _ms(a["p99_ms"]), _num(a["round_trips_per_s"]),
                 verdict(targets.get("bot-p99:autocomplete"))])
    rows.append([f"/duration ({d['verdict_embeds']} verdicts, {d['questions_back']} questions back)", f"{d['n']:,}",
                 _ms(d["p50_ms"]), _ms(d["p99_ms"]), _num(d["round_trips_per_s"]),
                 verdict(targets.get("bot-p99:duration"))])
    lines += table(["interaction (sequential, loopback)", "n", "p50 ms", "p99 ms", "round trips/s", "target"], rows)
    burst = section.get("burst", {})
    if "p99_ratio" in burst:
        lines.append("")
        lines += table([f"/duration in bursts of {burst['burst']} (loopback)", "n", "p50 ms", "p99 ms", "max ms",
                        "target"], [
            ["rulings store off", f"{burst['off']['n']:,}", _ms(burst["off"]["p50_ms"]), _ms(burst["off"]["p99_ms"]),
             _ms(burst["off"]["max_ms"]), ""],
            [f"rulings store on ({burst['stored']:,} rows written, {burst['dropped']} dropped)",
             f"{burst['on']['n']:,}", _ms(burst["on"]["p50_ms"]), _ms(burst["on"]["p99_ms"]),
             _ms(burst["on"]["max_ms"]),
             f"p99 ×{burst['p99_ratio']:.2f} " + verdict(targets.get("bot-storing"))]])
        cost = burst["loop_cost"]
        lines.append(f"  storing adds {cost['store_us']:.1f} µs to an answer on the event loop "
                     f"({cost['verdict_us']:.0f} µs verdict alone; {cost['answers']:,} answers, best of 5) and "
                     f"{cost['writer_us']:.0f} µs per ruling in the writer thread")
    mem = section["memory"]
    lines.append("")
    lines += table(["bot process (child)", "VmRSS MB", "VmHWM MB", "target"], [
        ["bare interpreter", _num(mem["interpreter"]["rss_mb"], 1), _num(mem["interpreter"]["hwm_mb"], 1), ""],
        ["+ discord.py and the bot's modules", _num(mem["imports"]["rss_mb"], 1), _num(mem["imports"]["hwm_mb"], 1),
         ""],
        [f"+ catalog loaded ({mem['cards']:,} cards, matcher, annotations)", _num(mem["catalog"]["rss_mb"], 1),
         _num(mem["catalog"]["hwm_mb"], 1), verdict(targets.get("bot-rss"))]])
    return lines


def render_freshness(section: dict[str, Any]) -> list[str]:
    targets = _by_id(section)
    costs = section["costs"]
    lines = [f"  catalog: {section['catalog']} ({section['cards']} cards); {section['writes']} writes each; the "
             f"watcher looks every {section['watch_interval_s']:.2f} s"]
    rows = [[f"{kind} write, {label}", _ms(costs[label][kind]["median_s"] * 1e3),
             _ms(costs[label][kind]["worst_s"] * 1e3), _ms(costs[label][kind]["take_in"]["median_s"] * 1e3),
             _ms(costs[label][kind]["take_in"]["worst_s"] * 1e3)]
            for kind in ("alias", "annotation") for label in ("before", "after")]
    lines += table(["cost per write (commit + take it into memory)", "median ms", "worst ms", "take-in median ms",
                    "worst ms"], rows)
    sound = section.get("soundness")
    if sound:
        lines.append(f"  every write first checks the file (PRAGMA quick_check, {sound['db_mb']:.1f} MB): "
                     f"{_ms(sound['median_ms'])} ms median, {_ms(sound['worst_ms'])} ms worst (in the costs above)")
    lines.append(f"  taking an alias in: {section['alias_speedup']:,.0f}x cheaper than rebuilding the whole catalog "
                 "(the rest of a write is SQLite's commit)")
    prop = section["propagation"]
    rows = [[what, _ms(prop[key]["median_s"] * 1e3), _ms(prop[key]["worst_s"] * 1e3),
             verdict(targets.get(f"freshness:{key}"))]
            for key, what in (("shard_to_shard", "shard process to shard process"), ("cli_to_bot", "CLI to bot"))]
    lines += table(["propagation (commit to served)", "median ms", "worst ms", "target"], rows)
    return lines


def render_web(section: dict[str, Any]) -> list[str]:
    target = _by_id(section).get("web:p99")
    rows = [[kind, f"{k['n']:,}", _ms(k["p50_ms"]), _ms(k["p99_ms"]), _ms(k["max_ms"]), ""]
            for kind, k in section["kinds"].items()]
    a = section["all"]
    rows.append(["every page", f"{a['n']:,}", _ms(a["p50_ms"]), _ms(a["p99_ms"]), _ms(a["max_ms"]), verdict(target)])
    head = [f"  `arbiter serve` over {section['catalog']}; {section['rulings']} stored rulings; "
            f"{section['errors']} server errors"]
    return head + table(["page (one request at a time)", "requests", "p50 ms", "p99 ms", "max ms", "target"], rows)


def render_players(section: dict[str, Any]) -> list[str]:
    if "skipped" in section:
        return [f"  skipped: {section['skipped']}"]
    from benchmarks.players import KINDS

    lines = [f"  {section['queries']:,} seeded queries of what players type, over {section['cards']:,} printings",
             "  (right: the card meant, for labels the very printing; asked: a question back listing it;",
             "  wrong: a confident answer about another card)"]
    rows = []
    for kind in [*KINDS, "overall"]:
        f = section["overall"] if kind == "overall" else section["by_kind"][kind]
        rows.append([kind, _num(f["n"]), _pct(f["right"]), _pct(f["asked"]), _pct(f["wrong"]), _pct(f["not_found"]),
                     _pct(f["right_or_asked"])])
    lines += table(["kind", "n", "right", "asked", "wrong", "not found", "right or asked"], rows)
    alike = section["alike"]
    lines.append(f"  full names whose printings read alike: {alike['n']}, answered {_pct(alike['answered'])}")
    speed = section["typo_speed"]
    lines.append(f"  pure typos: match {_ms(speed['match']['mean_ms'])} ms mean ({speed['n']} queries), difflib "
                 f"{_ms(speed['difflib']['mean_ms'])} ms mean ({speed['difflib_n']}): ×{speed['ratio']:,.0f}")
    for kind, examples in section["examples"].items():
        lines += [f"  e.g. {kind}: {e}" for e in examples[:2]]
    return lines


def render_typos(section: dict[str, Any]) -> list[str]:
    if "skipped" in section:
        return [f"  skipped: {section['skipped']}"]
    targets = _by_id(section)
    per, short, held = section["per_name"], section["short_two_slips"], section["held_out"]
    a, d = short["arbiter"], short["difflib"]
    rows = [["one typo per card name (Arbiter)", _num(per["n"]), _pct(per["right"]), _pct(per["asked"]),
             _pct(per["wrong"]), verdict(targets.get("typos:per-name-right"))],
            ["two slips, 4-7 letter names (Arbiter)", _num(a["n"]), _pct(a["right"]), _pct(a["asked"]),
             _pct(a["wrong"]), verdict(targets.get("typos:short-two-slips"))],
            ["two slips, 4-7 letter names (difflib)", _num(d["n"]), _pct(d["right"]), "", _pct(d["wrong"]), ""],
            [f"held-out player queries (seeds {', '.join(str(s['seed']) for s in held['seeds'])})", _num(held["n"]),
             "", "", _pct(held["wrong_pct"]), verdict(targets.get("typos:held-out-wrong"))]]
    lines = table(["typos", "n", "right", "asked", "wrong", "target"], rows, left=(0,))
    lines += [f"  e.g. wrong: {e}" for e in [*section["per_name_wrong"][:2], *held["examples"][:3]]]
    return lines


def render_burst(section: dict[str, Any]) -> list[str]:
    targets = _by_id(section)
    n = section["durations"]
    lines = [f"  {section['catalog']}; {n:,} /duration + {section['autocompletes']:,} autocompletes dispatched "
             f"back to back in {section['dispatch_s']:.2f} s to one `arbiter run` process; Discord's 3 s enforced"]
    lines += table(["burst", "figure", "target"], [
        ["/duration acknowledged within 3 s", f"{section['acknowledged_in_3s']:,} of {n:,} "
         f"({_pct(section['acknowledged_share'] * 100)}), {section['deferred']:,} by deferring",
         verdict(targets.get("burst-ack"))],
        ["/duration answered", f"{section['answered']:,} of {n:,}", verdict(targets.get("burst-answered"))],
        ["first response p50 / p99 / max", f"{_ms(section['ack_p50_ms'])} / {_ms(section['ack_p99_ms'])} / "
         f"{_ms(section['ack_max_ms'])} ms", ""],
        ["answer shown p50 / p99 / max", f"{_ms(section.get('answer_p50_ms'))} / "
         f"{_ms(section.get('answer_p99_ms'))} / {_ms(section.get('answer_max_ms'))} ms", ""],
        ["autocompletes answered in time / dropped", f"{section['autocomplete_answered']:,} / "
         f"{section['autocomplete_dropped']:,}", ""],
        ["late callbacks refused by Discord (10062)", f"{section['refused_late_callbacks']:,}", ""],
        ["bot CPU per interaction", f"{section['cpu_ms_per_interaction']:.2f} ms ({section['bot_cpu_s']:.1f} s in "
         f"{section['wall_s']:.1f} s)", ""],
        ["bot log: tracebacks / lines / known-error lines", f"{section['log']['tracebacks']} / "
         f"{section['log']['lines']} / {section['log']['known_error_lines']}",
         verdict(targets.get("burst-tracebacks"))],
    ])
    return lines


def _render_ask(section: dict[str, Any]) -> list[str]:
    from benchmarks.ask import render

    return render(section)


def render_cli(section: dict[str, Any]) -> list[str]:
    target = _by_id(section).get("cli:warm")

    def row(label: str, figures: dict[str, Any], note: str = "") -> list[str]:
        return [label, f"{figures['wall_p50_s']:.3f}", f"{figures['wall_min_s']:.3f}", f"{figures['cpu_p50_s']:.3f}",
                f"×{figures['wall_p50_s'] / section['bare']['wall_p50_s']:.1f}", note]

    rows = [row("python -c pass (a bare interpreter)", section["bare"]),
            row("arbiter --version", section["version"])]
    for game, g in section["games"].items():
        rows.append(row(f"{game}, cold: arbiter {' '.join(g['argv'])}"[:70], g["cold"]))
        rows.append(row(f"{game}, warm", g["warm"]))
    if target is not None:
        rows[-1][-1] = verdict(target)
    ask = section.get("ask")
    if ask is not None:
        rows.append(row(f"ask, cold: arbiter ask {ask['argv'][-1]!r}"[:70], ask["cold"]))
        rows.append(row("ask, warm (no target: every game loaded)", ask["warm"]))
    head = [f"  one process per command on {section['catalog']}; cold: the game's matcher file just removed"]
    return head + table(["command", "wall p50 s", "wall min s", "cpu p50 s", "÷ bare", "target"], rows)


TITLES = {"matching": "1. Name matching", "players": "1b. What players type", "typos": "1c. Typos per card name",
          "rulings": "2. Rulings",
          "import": "3. Import", "bot": "4. The bot", "freshness": "5. Fresh in every process",
          "web": "6. Web pages", "burst": "7. A burst on one process", "ask": "8. Asking in a sentence",
          "cli": "9. The command line"}
RENDERERS = {"matching": render_matching, "players": render_players, "typos": render_typos,
             "rulings": render_rulings,
             "import": render_import, "bot": render_bot, "freshness": render_freshness, "web": render_web,
             "burst": render_burst, "ask": _render_ask, "cli": render_cli}


def _figure(target: dict[str, Any]) -> str:
    unit = target["unit"]
    value = target["value"]
    if value is None:
        return "-"
    if unit == "x":
        return f"×{value:,.1f}" + (f" ({target['detail']})" if target.get("detail") else "")
    if unit == "%":
        return f"{value:.1f}%"
    if unit == "/s":
        return f"{value:,.0f}/s"
    if unit == "ms":
        return f"{_ms(value)} ms"
    return f"{value:,.2f} {unit}"


def render(results: dict[str, Any]) -> str:
    meta = results["meta"]
    lines = [f"Arbiter benchmarks: seed {meta['seed']}, {'QUICK (tiny sizes)' if meta['quick'] else 'full sizes'}, "
             f"Python {meta['python']}, {meta['platform']}, {meta['cpus']} CPUs, load average "
             f"{meta['load_before']} → {meta['load_after']}, {meta['seconds']:.0f} s",
             f"card data: {meta['data']} ({'found' if meta['data_found'] else 'not found'}); commit {meta['commit']}",
             ""]
    for name, section in results["sections"].items():
        lines.append(f"== {TITLES[name]} ==")
        if "error" in section:
            lines.append(f"  ERROR: {section['error']}")
        else:
            lines += RENDERERS[name](section)
        lines.append("")
    targets = results["targets"]
    lines.append(f"== Targets: {sum(t['pass'] for t in targets)} met, {sum(not t['pass'] for t in targets)} missed ==")
    lines += table(["target", "figure", "limit", ""],
                   [[t["what"], _figure(t), _limit(t), "PASS" if t["pass"] else "MISS"] for t in targets])
    return "\n".join(lines)
