"""Keeping a long-running process's catalog fresh: a thread that asks the database, a few times a second,
whether anything was committed since it last looked (the audit log's newest id and SQLite's data_version,
both a few microseconds), and takes it in through `Arbiter.sync`. It never touches the event loop.

Any process with the database open sees a change from another shard process, the command line or `docker exec
arbiter ...` within one interval plus the time to take it in (an alias or annotation: well under a millisecond
of work; an import: a rebuild).
"""

from __future__ import annotations

import logging
import sqlite3
import threading

from bot.answers.service import Arbiter
from bot.catalog import CatalogError

log = logging.getLogger("arbiter.catalog")
INTERVAL_S = 0.25  # how often to look; the bound on staleness is about this plus the time to take a change in
COMPACT_IDLE_S = 1.0  # rebuild a game's matcher with its new aliases once writes have been quiet this long


class CatalogWatcher:
    def __init__(self, arbiter: Arbiter, interval: float = INTERVAL_S, compact_idle: float = COMPACT_IDLE_S) -> None:
        self.arbiter = arbiter
        self.interval = interval
        self.compact_idle = compact_idle
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._failing = False

    def start(self) -> None:
        """Two daemon threads: one looks for changes; the other folds quiet aliases into the matchers, a build
        of a fraction of a second that must never delay the next look."""
        if not self._threads:
            self._threads = [threading.Thread(target=self._run, args=(self.interval, self.tick),
                                              name="arbiter-catalog-watcher", daemon=True),
                             threading.Thread(target=self._run, args=(self.compact_idle / 2, self.compact),
                                              name="arbiter-matcher-compactor", daemon=True)]
            for thread in self._threads:
                thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout)
        self._threads = []

    def _run(self, every: float, step) -> None:
        while not self._stop.wait(every):
            step()

    def compact(self) -> None:
        try:
            self.arbiter.compact(self.compact_idle)
        except Exception as exc:  # a failed rebuild leaves the overlay serving the aliases: log and go on
            log.warning("could not rebuild a matcher with its new aliases (they are still served): %s", exc)

    def tick(self) -> None:
        """One look; a failure is one log line (and one more when it recovers), never a dead thread."""
        try:
            report = self.arbiter.sync()
            if report.rebuilt:
                log.info("catalog rebuilt after %d committed change(s) in %.2f s", report.changes, report.seconds)
        except (sqlite3.Error, CatalogError, OSError) as exc:
            if not self._failing:
                log.warning("cannot read catalog changes (will keep trying): %s", " ".join(str(exc).split()))
            self._failing = True
            return
        if self._failing:
            log.info("reading catalog changes again")
            self._failing = False

