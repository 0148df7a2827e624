"""Section "burst": many interactions at once against one real `arbiter run` process.

The fake Discord (benchmarks/fake_discord) runs in this process, with Discord's 3 s window for the first
response switched on (a later callback is refused with 10062, as Discord does); the bot is a real
`python -m bot.cli run` child on loopback, with the full Redemption import. BURST_DURATIONS /duration commands
and BURST_AUTOCOMPLETES autocompletes (mixed) are dispatched back to back, then the fake waits until every
/duration has its answer (or its window and follow-up time are over).

Figures: /duration acknowledged within 3 s (a deferral counts: Discord then shows "thinking"), answered at all,
p50 / p99 / max of the first response's time from dispatch, how many were deferred; autocompletes answered in
time and dropped (never answered: the bot gave up on them quietly); CPU seconds of the bot process per
interaction (from /proc, the whole burst including follow-ups); tracebacks and known-error lines in the bot's
log. `profile` (ARBITER_BURST_PROFILE=1) runs the bot under cProfile and prints its top functions to stderr;
ARBITER_BURST_TRACE=1 prints a timeline (CPU of the bot and of the fake, first responses per 0.25 s).
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.common import REPO_ROOT, Settings, percentile, progress
from benchmarks.queries import make_queries

BURST_DURATIONS = 2000
BURST_AUTOCOMPLETES = 1000
QUICK_DURATIONS, QUICK_AUTOCOMPLETES = 150, 50
WINDOW_S = 3.0
START_S = 120.0
SETTLE_S = 60.0  # after the burst: how long the follow-ups of deferred answers may take to arrive here
_CLK_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_seconds(pid: int) -> float:
    """utime + stime of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _CLK_TCK


async def _start_bot(fake: Any, db: Path, log: Path, profile: Path | None) -> asyncio.subprocess.Process:
    env = {**os.environ, "DISCORD_TOKEN": fake.token, "DISCORD_API_BASE": fake.api_base, "ARBITER_DB": str(db),
           "PYTHONPATH": os.pathsep.join(p for p in (str(REPO_ROOT), os.environ.get("PYTHONPATH", "")) if p)}
    env.pop("SHARD_COUNT", None)
    env.pop("SHARD_IDS", None)
    head = [sys.executable] + (["-m", "cProfile", "-o", str(profile)] if profile else [])
    with log.open("wb") as out:
        proc = await asyncio.create_subprocess_exec(*head, "-m", "bot.cli", "run", env=env, cwd=str(REPO_ROOT),
                                                    stdout=out, stderr=asyncio.subprocess.STDOUT)
    try:
        await fake.wait_ready(START_S)
        await fake.wait_for_request("PUT", r"/applications/\d+/commands", timeout=START_S)
    except TimeoutError:
        proc.kill()
        raise RuntimeError("the bot did not start:\n" + log.read_text(errors="replace")[-3000:]) from None
    return proc


async def _stop(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.wait(), 30)
        except TimeoutError:
            proc.kill()
            await proc.wait()


def _payloads(fake: Any, cards: list[Any], n_duration: int, n_auto: int, seed: int) -> list[dict[str, Any]]:
    """/duration commands (typed names with typos, or picked suggestions) and autocompletes, interleaved."""
    from engine.matching import card_value
    from engine.rulesets.redemption import default_zone

    queries = make_queries(cards, n_duration + n_auto, seed, [])
    out: list[dict[str, Any]] = []
    for k in range(n_duration):
        card = cards[queries[k].target]
        typed = card_value(card) if k % 2 else queries[k].text
        out.append(fake.interaction_payload("duration", {"card": typed, "played_in": default_zone(card),
                                                         "then": "phase-ends"}))
    for k in range(n_auto):
        text = queries[n_duration + k].text[: 3 + k % 8]
        out.append(fake.interaction_payload("duration", {"card": text}, focused="card"))
    random.Random(seed).shuffle(out)
    return out


async def _burst(settings: Settings, db: Path, tmp: Path, n_duration: int, n_auto: int) -> dict[str, Any]:
    from benchmarks.fake_discord import FakeDiscord
    from bot.catalog import Catalog

    with Catalog.open(db) as catalog:
        cards = catalog.cards("redemption")
    profile = tmp / "bot.prof" if os.environ.get("ARBITER_BURST_PROFILE") else None
    log = tmp / "bot.log"
    async with FakeDiscord(interaction_window_s=WINDOW_S) as fake:
        proc = await _start_bot(fake, db, log, profile)
        try:
            warm = [fake.interaction_payload("duration", {"card": c.name, "played_in": "territory"})
                    for c in cards[:20]]
            for sent in await fake.send_burst(warm):  # warm-up, one at a time
                await sent.callback(timeout=10)
            payloads = _payloads(fake, cards, n_duration, n_auto, settings.seed)
            progress(f"burst: {n_duration} /duration + {n_auto} autocompletes at once to one `arbiter run`")
            cpu0, t0 = _cpu_seconds(proc.pid), time.monotonic()
            samples: list[tuple[float, float, float]] = []  # (s since the burst, bot CPU s, this process's CPU s)
            sampler = asyncio.create_task(_sample(samples, proc.pid, t0, cpu0))
            sent = await fake.send_burst(payloads)
            dispatch_s = time.monotonic() - t0
            commands = [s.state for s in sent if s.payload["type"] == 2]
            deadline = time.monotonic() + SETTLE_S
            while time.monotonic() < deadline:
                now = time.monotonic()  # still owed: acknowledged but not answered, or inside its window
                waiting = [i for i in commands if not _answered(fake, i)
                           and (i.acknowledged or now - i.sent_at < WINDOW_S + 0.5)]
                if not waiting:
                    break
                await asyncio.sleep(0.2)
            await asyncio.sleep(1.0)  # let late autocompletes and writes land
            cpu = _cpu_seconds(proc.pid) - cpu0
            sampler.cancel()
            if os.environ.get("ARBITER_BURST_TRACE"):
                _print_timeline(fake, samples, sent, t0)
            wall = time.monotonic() - t0
        finally:
            await _stop(proc)
        figures = _figures(fake, sent, cpu, wall, dispatch_s)
    text = log.read_text(errors="replace")
    if os.environ.get("ARBITER_BURST_LOG"):  # keep the bot's log for a look (the temp dir goes away)
        Path(os.environ["ARBITER_BURST_LOG"]).write_text(text)
    figures["log"] = {"tracebacks": text.count("Traceback (most recent call last)"),
                      "lines": len(text.splitlines()),
                      "known_error_lines": sum(("10062" in line or "40060" in line) for line in text.splitlines())}
    if profile is not None and profile.exists():
        import pstats

        stats = pstats.Stats(str(profile), stream=sys.stderr)
        stats.sort_stats("tottime").print_stats(35)
        stats.sort_stats("cumtime").print_stats(45)
    return figures


async def _sample(samples: list[tuple[float, float, float]], pid: int, t0: float, cpu0: float) -> None:
    while True:
        samples.append((time.monotonic() - t0, _cpu_seconds(pid) - cpu0, time.process_time()))
        await asyncio.sleep(0.1)


def _print_timeline(fake: Any, samples: list[tuple[float, float, float]], sent: list[Any], t0: float) -> None:
    """ARBITER_BURST_TRACE=1: where the time goes. Each 0.25 s of the burst: the CPU share of the bot and of
    the fake (this process), and what the fake received then: /duration first responses, suggestions, answers."""
    commands = [x.state for x in sent if x.payload["type"] == 2]
    autos = [x.state for x in sent if x.payload["type"] == 4]
    answers = list(_answer_times(fake, commands).values())

    def within(times: list[float | None], lo: float) -> int:
        return sum(1 for at in times if at is not None and lo <= at - t0 < lo + 0.25)

    for lo in (k / 4 for k in range(int(samples[-1][0] * 4) + 1 if samples else 0)):
        inside = [s for s in samples if lo <= s[0] < lo + 0.25]
        before = [s for s in samples if s[0] < lo] or samples[:1]
        if not inside:
            continue
        (ta, ba, fa), (tb, bb, fb) = before[-1], inside[-1]
        span = max(tb - ta, 1e-6)
        print(f"burst {lo:5.2f} s: bot {100 * (bb - ba) / span:4.0f}% CPU, fake {100 * (fb - fa) / span:4.0f}% CPU; "
              f"{within([i.acknowledged_at for i in commands], lo):5d} first responses, "
              f"{within([i.acknowledged_at for i in autos], lo):5d} suggestions, {within(answers, lo):5d} answers",
              file=sys.stderr)


def _answered(fake: Any, inter: Any) -> bool:
    """A command has its answer: a message response, or a deferral followed by its follow-up."""
    if inter.response_type == 4:
        return True
    if inter.response_type == 5:
        msg = fake.messages.get(inter.original_message_id or "")
        return bool(inter.followup_ids) or (msg is not None and not msg.get("flags", 0) & 128)
    return False


def _answer_times(fake: Any, commands: list[Any]) -> dict[str, float]:
    """Interaction id -> when its answer reached the fake: the message response itself, or the first edit of the
    deferred message or follow-up after a deferral."""
    by_token: dict[str, float] = {}
    for rec in fake.requests:
        if rec.path.startswith("/webhooks/") and rec.method in ("PATCH", "POST") and rec.status == 200:
            token = rec.path.split("/")[3]
            by_token.setdefault(token, rec.at)
    out = {}
    for i in commands:
        at = i.acknowledged_at if i.response_type == 4 else by_token.get(i.token)
        if at is not None:
            out[i.id] = at
    return out


def _figures(fake: Any, sent: list[Any], cpu: float, wall: float, dispatch_s: float) -> dict[str, Any]:
    commands = [s.state for s in sent if s.payload["type"] == 2]
    autos = [s.state for s in sent if s.payload["type"] == 4]
    answers = _answer_times(fake, commands)
    answer_ms = sorted((answers[i.id] - i.sent_at) * 1000 for i in commands if i.id in answers)
    acked = sorted((i.acknowledged_at - i.sent_at) * 1000 for i in commands if i.acknowledged_at is not None)
    in_time = sum(1 for ms in acked if ms <= WINDOW_S * 1000)
    auto_ms = sorted((i.acknowledged_at - i.sent_at) * 1000 for i in autos if i.acknowledged_at is not None)
    return {
        "durations": len(commands), "autocompletes": len(autos), "dispatch_s": dispatch_s,
        "acknowledged_in_3s": in_time, "acknowledged_share": in_time / max(len(commands), 1),
        "deferred": sum(1 for i in commands if i.response_type == 5),
        "answered": sum(1 for i in commands if _answered(fake, i)),
        "ack_p50_ms": percentile(acked, 50), "ack_p99_ms": percentile(acked, 99),
        "ack_max_ms": acked[-1] if acked else None,
        "answer_p50_ms": percentile(answer_ms, 50), "answer_p99_ms": percentile(answer_ms, 99),
        "answer_max_ms": answer_ms[-1] if answer_ms else None,
        "autocomplete_answered": len(auto_ms), "autocomplete_dropped": len(autos) - len(auto_ms),
        "autocomplete_p99_ms": percentile(auto_ms, 99),
        "refused_late_callbacks": fake.expired_callbacks,
        "bot_cpu_s": cpu, "cpu_ms_per_interaction": cpu * 1000 / max(len(sent), 1), "wall_s": wall,
    }


def run(settings: Settings) -> dict[str, Any]:
    from benchmarks.bot import _make_db

    n_duration, n_auto = ((QUICK_DURATIONS, QUICK_AUTOCOMPLETES) if settings.quick
                          else (BURST_DURATIONS, BURST_AUTOCOMPLETES))
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-burst-") as tmp_dir:
        tmp = Path(tmp_dir)
        db, catalog = _make_db(settings, tmp)
        out: dict[str, Any] = {"catalog": catalog.split(";")[0]}
        out.update(asyncio.run(_burst(settings, db, tmp, n_duration, n_auto)))
    total = out["durations"] + out["autocompletes"]
    out["targets"] = [
        {"id": "burst-ack", "what": f"/duration acknowledged within 3 s, {total:,} interactions at once",
         "value": out["acknowledged_share"] * 100, "op": ">=", "limit": 100.0, "unit": "%",
         "pass": out["acknowledged_in_3s"] == out["durations"]},
        {"id": "burst-answered", "what": "/duration answered (at once or after a deferral)",
         "value": out["answered"] * 100 / max(out["durations"], 1), "op": ">=", "limit": 100.0, "unit": "%",
         "pass": out["answered"] == out["durations"]},
        {"id": "burst-tracebacks", "what": "tracebacks in the bot's log during the burst",
         "value": out["log"]["tracebacks"], "op": "<=", "limit": 0, "unit": "",
         "pass": out["log"]["tracebacks"] == 0},
    ]
    return out
