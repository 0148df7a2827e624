"""RulingLog: where the front ends drop a ruling right after answering. `add` never blocks and never fails.

`add` takes a RulingRecord or a function that builds one: the front ends pass the function, so hashing and
rendering happen in the writer thread (the event loop only puts an item on a queue).

A ruling id shown is a ruling kept: an answer shows its ruling id only once its ruling is committed.
- Background mode (the bot): a daemon thread takes what is queued and writes it at once in one transaction
  (group commit: under a burst, everything that queued during the last write goes in the next one). The bot
  awaits `settled()` before it sends an answer (bot/discord/delivery.py), so a SIGKILL at any moment loses no
  id anyone saw; the event loop itself only does `queue.put` and waits without blocking.
- Immediate mode (the command line): `add` writes at once, before the answer is printed.
- Buffered mode (the benchmarks): rulings wait in a list until `flush()` or `close()`.
A ruling that cannot be stored (the rulings file read-only, locked past the busy timeout, damaged, the disk full)
never costs the asker the answer: its id is kept in `not_stored` with the reason, and the front ends give the
answer saying it was not stored, without the id (which would not open). The log says so at most once a minute,
in one line with the count and the reason, never a traceback; a later successful write of the same question takes
its id out again. `arbiter run` refuses to start on a rulings file it cannot read (bot/discord/runner.py).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.catalog.errors import UnreadableDatabase
from bot.rulings.record import RulingRecord
from bot.rulings.store import RulingStore

if TYPE_CHECKING:  # the bot's loop only: the command line never waits on one
    import asyncio


class _Log:
    """The "arbiter.rulings" logger, with `logging` imported when a line is first written (rarely: a command-line
    answer does not pay for importing it)."""

    def error(self, message: str, *args: object) -> None:
        import logging

        logging.getLogger("arbiter.rulings").error(message, *args)


log = _Log()
Pending = RulingRecord | Callable[[], RulingRecord]
FLUSH_S = 0.0     # background: how long a batch waits for more rulings after its first (0: write at once)
BATCH_ROWS = 500
SAY_EVERY_S = 60.0  # a rulings file that keeps failing is said in the log at most this often
NOT_STORED_KEPT = 5_000  # ids remembered as not stored (the oldest are forgotten first)
WRITER_SLICE_S = 0.002  # background: the writer holds the GIL this long between hand-backs while building


class _Flush:
    """A marker put on the queue: the writer writes what it holds, then sets `done`."""

    def __init__(self) -> None:
        self.done = threading.Event()


_STOP = object()


class RulingLog:
    def __init__(self, store: RulingStore, *, background: bool, immediate: bool = False, flush_s: float = FLUSH_S,
                 batch_rows: int = BATCH_ROWS) -> None:
        self.store = store
        self.background = background
        self.immediate = immediate and not background  # not background: written at `add` (else at `flush`)
        self.flush_s = flush_s
        self.batch_rows = batch_rows
        self.written = 0   # distinct ids upserted so far (a repeated question in one batch counts once)
        self.dropped = 0   # rulings lost to a failed write
        self.added = 0     # rulings added so far, and how many of them the writer has dealt with (written or
        self.settled_count = 0  # dropped): an answer waits until its ruling's number is settled
        self._waiters: list[tuple[int, asyncio.AbstractEventLoop, asyncio.Future[None]]] = []
        self._waiters_lock = threading.Lock()
        self._pending: list[Pending] = []
        self._queue: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.not_stored: dict[str, str] = {}  # ruling id -> why its ruling could not be stored (one sentence)
        self._said_at = -SAY_EVERY_S  # when the log last said that rulings were dropped
        self._unsaid = 0  # rulings dropped since then
        if background:
            self._thread = threading.Thread(target=self._run, name="arbiter-rulings", daemon=True)
            self._thread.start()

    def add(self, record: Pending) -> None:
        if self._closed:
            return
        with self._waiters_lock:
            self.added += 1
        if self.background:
            self._queue.put(record)
        elif self.immediate:  # the command line: written before the answer is printed (or said not stored)
            try:
                self._write([record])
            finally:
                self.settled_count = self.added
        else:
            self._pending.append(record)

    async def settled(self, timeout: float = 2.0) -> bool:
        """Wait (without blocking the loop) until every ruling added so far is committed (or dropped);
        False after `timeout` (an answer is never held longer: the writer is stuck, and it says so in the log)."""
        import asyncio

        target = self.added
        if self.settled_count >= target or not self.background:
            return True
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._waiters_lock:
            if self.settled_count >= target:
                return True
            self._waiters.append((target, loop, future))
        try:
            await asyncio.wait_for(future, timeout)
            return True
        except TimeoutError:
            log.error("a ruling was not committed within %.1f s; its answer is sent anyway", timeout)
            return False

    def _release(self, count: int) -> None:
        """The writer dealt with `count` more rulings: wake the answers that waited for them."""
        with self._waiters_lock:
            self.settled_count += count
            done = [w for w in self._waiters if w[0] <= self.settled_count]
            self._waiters = [w for w in self._waiters if w[0] > self.settled_count]
        for _target, loop, future in done:
            loop.call_soon_threadsafe(_resolve, future)

    def flush(self, timeout: float = 30.0) -> bool:
        """Write everything added so far; True when it is written (or nothing was pending)."""
        if not self.background:
            batch, self._pending = self._pending, []
            self._write(batch)
            return True
        if self._thread is None or not self._thread.is_alive():
            return False
        marker = _Flush()
        self._queue.put(marker)
        return marker.done.wait(timeout)

    def close(self, timeout: float = 30.0) -> None:
        """Write what is pending and stop; later `add` calls are ignored."""
        if self._closed:
            return
        self.flush(timeout)
        self._closed = True
        if self._thread is not None:
            self._queue.put(_STOP)
            self._thread.join(timeout)
        self.store.close()

    # --- the writer thread -----------------------------------------------------------------------------

    def why_not_stored(self, ruling_id: str | None) -> str | None:
        """The sentence saying why this ruling could not be stored, or None when it was (or was never added)."""
        return self.not_stored.get(ruling_id) if ruling_id and self.not_stored else None

    def _write(self, batch: list[Pending]) -> None:
        """Build and store a batch; a failure drops the batch, keeps its ids in `not_stored` and is said in the log
        (at most once a minute). Never raises."""
        records = []
        slice_end = time.monotonic() + WRITER_SLICE_S
        for item in batch:
            try:
                records.append(item() if callable(item) else item)
            except Exception as exc:  # one answer that cannot be stored costs only its own row
                self.dropped += 1
                log.error("could not build a stored ruling; it is dropped: %s", exc)
            if self.background and time.monotonic() >= slice_end:
                # Hand the GIL back now and then: a batch never holds the event loop up for long. Not after every
                # ruling: under a burst the loop keeps the GIL for up to the 5 ms switch interval each time, so
                # the writer would fall seconds behind and every answer waits for its ruling's commit.
                time.sleep(0)
                slice_end = time.monotonic() + WRITER_SLICE_S
        if not records:
            return
        try:
            self.written += self.store.write(records)
        except Exception as exc:  # never raised into an answer: the answer says it was not stored
            self.dropped += len(records)
            why = str(_not_kept(self.store, exc))
            for rec in records:
                self.not_stored.pop(rec.id, None)
                self.not_stored[rec.id] = why  # the newest last: the oldest are forgotten first
            while len(self.not_stored) > NOT_STORED_KEPT:
                self.not_stored.pop(next(iter(self.not_stored)))
            self._say(len(records), why)
        else:
            if self.not_stored:
                for rec in records:
                    self.not_stored.pop(rec.id, None)

    def _say(self, count: int, why: str) -> None:
        """One log line, at most once a minute, for rulings that could not be stored (the command line says it in
        the answer instead)."""
        self._unsaid += count
        now = time.monotonic()
        if self.immediate or now - self._said_at < SAY_EVERY_S:
            return
        log.error("could not store %d ruling(s) since the last such line; their answers were given marked \"not "
                  "stored\", without an id: %s", self._unsaid, why)
        self._said_at, self._unsaid = now, 0

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            batch: list[Pending] = []
            markers: list[_Flush] = []
            deadline = time.monotonic() + self.flush_s
            stop = False
            while True:
                if item is _STOP:
                    stop = True
                    break
                if isinstance(item, _Flush):
                    markers.append(item)
                    break  # someone waits: write now
                batch.append(item)  # type: ignore[arg-type]
                remaining = deadline - time.monotonic()
                if len(batch) >= self.batch_rows:
                    break
                try:  # what is already queued joins this batch; with time left, what comes meanwhile too
                    item = self._queue.get(timeout=remaining) if remaining > 0 else self._queue.get_nowait()
                except queue.Empty:
                    break
            self._write(batch)
            self._release(len(batch))
            for marker in markers:
                marker.done.set()
            if stop:
                return


def _not_kept(store: RulingStore, exc: Exception) -> UnreadableDatabase:
    """The storage sentence (it names the rulings file and the fix), or one saying the ruling was not stored."""
    if isinstance(exc, UnreadableDatabase):
        return exc
    reason = " ".join(str(exc).split())[:160] or type(exc).__name__
    return UnreadableDatabase(f"The answer's ruling could not be stored in the stored rulings file {store.path} "
                              f"({reason}).", "The answer's ruling could not be stored.")


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
