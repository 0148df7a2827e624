"""RulingLog: where the front ends drop a ruling right after answering. `add` never blocks and never fails.

`add` takes a RulingRecord or a function that builds one: the front ends pass the function, so hashing and
rendering happen in the writer thread (the event loop only puts an item on a queue).

- Background mode (the bot): a daemon thread drains a queue and writes a batch every FLUSH_S seconds or every
  BATCH_ROWS rows, in one transaction on the store's own connection; the event loop only does `queue.put`.
- Buffered mode (the command line): rulings wait in a list and are written together by `close()` at exit.
A batch that cannot be written (database locked past the busy timeout, disk full) is logged and dropped: a
lost row costs a ruling its history, a blocked answer would cost the user the answer.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable

from bot.rulings.record import RulingRecord
from bot.rulings.store import RulingStore

log = logging.getLogger("arbiter.rulings")
Pending = RulingRecord | Callable[[], RulingRecord]
FLUSH_S = 1.0
BATCH_ROWS = 500


class _Flush:
    """A marker put on the queue: the writer writes what it holds, then sets `done`."""

    def __init__(self) -> None:
        self.done = threading.Event()


_STOP = object()


class RulingLog:
    def __init__(self, store: RulingStore, *, background: bool, flush_s: float = FLUSH_S,
                 batch_rows: int = BATCH_ROWS) -> None:
        self.store = store
        self.background = background
        self.flush_s = flush_s
        self.batch_rows = batch_rows
        self.written = 0   # distinct ids upserted so far (a repeated question in one batch counts once)
        self.dropped = 0   # rulings lost to a failed write
        self._pending: list[Pending] = []
        self._queue: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False
        if background:
            self._thread = threading.Thread(target=self._run, name="arbiter-rulings", daemon=True)
            self._thread.start()

    def add(self, record: Pending) -> None:
        if self._closed:
            return
        if self.background:
            self._queue.put(record)
        else:
            self._pending.append(record)

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

    def _write(self, batch: list[Pending]) -> None:
        records = []
        for item in batch:
            try:
                records.append(item() if callable(item) else item)
            except Exception as exc:  # one answer that cannot be stored costs only its own row
                self.dropped += 1
                log.error("could not build a stored ruling; it is dropped: %s", exc)
            if self.background:
                time.sleep(0)  # hand the GIL back between rulings: a batch never holds the event loop up for long
        if not records:
            return
        try:
            self.written += self.store.write(records)
        except Exception as exc:  # one logged line, never raised into an answer
            self.dropped += len(records)
            log.error("could not store %d ruling(s) in the card database; they are dropped: %s", len(records), exc)

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
                if len(batch) >= self.batch_rows or remaining <= 0:
                    break
                try:
                    item = self._queue.get(timeout=remaining)
                except queue.Empty:
                    break
            self._write(batch)
            for marker in markers:
                marker.done.set()
            if stop:
                return
