"""The CPU one request may cost, measured in-process (``time.process_time``): the sweeps of
``tests/api/test_request_cpu.py`` and ``tests/front/test_request_cpu.py`` send every API and
board endpoint its extreme valid parameters and hold each request to ``CPU_BUDGET``.

Searches are bounded by counts of positions sized for well under 100 ms at p99 on the
site's machines; the budget is generous so a loaded 2-core machine passes, and far below
what one request cost before issue 37 (a one-letter word-maker game: 0.5 s here, 5.3 s on
production; the word-makers' leaderboard of one-letter words: seconds here, a killed worker
there).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dictionaries.sources import default_word_source

CPU_BUDGET = 0.5  # seconds of CPU per request (under a load average of 9 on 2 cores: at most 0.26)
# The extremes of the default list (web2): the one-letter and two-letter words, whose
# searches cannot end (26 words, each needing a miss), a big bucket, and the longest words.
EXTREME_LENGTHS = (1, 2, 3, 4, 21, 22)
MAX_MISSES = (1, 26)


def extreme_words() -> list[str]:
    return [word for word in default_word_source() if len(word) in EXTREME_LENGTHS]


@dataclass
class CpuLog:
    """Every request's CPU, by what it was; the slowest named when one is over budget."""

    seen: list[tuple[float, str]] = field(default_factory=list)

    def measure(self, label: str, send: Callable[[], Any]) -> Any:
        started = time.process_time()
        response = send()
        self.seen.append((time.process_time() - started, label))
        assert response.status_code < 500, (label, response.status_code)
        return response

    def slowest(self, count: int = 5) -> list[tuple[float, str]]:
        return sorted(self.seen, reverse=True)[:count]

    def check(self) -> None:
        worst = self.slowest()
        ordered = sorted(cpu for cpu, _ in self.seen)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        median = ordered[len(ordered) // 2]
        print(
            f"\n{len(self.seen)} requests; CPU median {median * 1000:.1f} ms, "
            f"p99 {p99 * 1000:.1f} ms; slowest:"
        )
        for cpu, label in worst:
            print(f"  {cpu * 1000:7.1f} ms  {label}")
        over = [(round(cpu, 3), label) for cpu, label in self.seen if cpu > CPU_BUDGET]
        assert not over, f"over {CPU_BUDGET} s of CPU: {over[:10]}"
