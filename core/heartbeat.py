"""A line every few seconds from a long step whose output is not a terminal.

A deploy script, systemd or ``make run | tee`` shows no progress bar (tqdm draws one only on
a terminal), so a step that runs for minutes printed nothing and looked hung. While a
:class:`Heartbeat` is entered, a thread writes what the step is doing and how far along it
is (the last :func:`report` from inside the step) at least every ``interval`` seconds; on a
terminal the progress bars say it and the heartbeat stays silent.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import TracebackType

INTERVAL_SECONDS = 10.0

_active: list[Heartbeat] = []  # the heartbeat of the step running now, innermost last


class Heartbeat:
    """Writes ``"   ... <step>: <what> <done>/<total> (<seconds> s)"`` every ``interval``."""

    def __init__(
        self,
        write: Callable[[str], None],
        step: str,
        *,
        enabled: bool = True,
        interval: float = INTERVAL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.write = write
        self.step = step
        self.enabled = enabled
        self.interval = interval
        self.clock = clock
        self.started = clock()
        self.what = ""
        self.done: int | None = None
        self.total: int | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def report(self, what: str, done: int | None = None, total: int | None = None) -> None:
        with self._lock:
            self.what, self.done, self.total = what, done, total

    def line(self) -> str:
        """The line written now."""
        with self._lock:
            what, done, total = self.what, self.done, self.total
        parts = [f"   ... {self.step}"]
        if what:
            parts.append(f": {what}")
        if done is not None and total:
            parts.append(f" {done:,}/{total:,} ({100 * done // total}%)")
        parts.append(f", {self.clock() - self.started:.0f} s")
        return "".join(parts)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self.write(self.line())

    def __enter__(self) -> Heartbeat:
        self.started = self.clock()
        _active.append(self)
        if self.enabled:
            self._thread = threading.Thread(target=self._run, name="heartbeat", daemon=True)
            self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        _active.remove(self)


def report(what: str, done: int | None = None, total: int | None = None) -> None:
    """Tell the running step's heartbeat, if any, what is being done and how far along."""
    if _active:
        _active[-1].report(what, done, total)
