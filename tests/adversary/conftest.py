"""Fixtures of the adversary tests: a still clock for the rate-limit windows."""

from __future__ import annotations

import pytest

from core import ratelimit

# 30 s into a minute, an hour and a day: no window ends while a test runs.
STILL_NOW = 1_800_000_030.0 - 1_800_000_030.0 % 86_400 + 30


class RateClock:
    """The rate limits' clock (the windows only: database times are real)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = STILL_NOW
        monkeypatch.setattr(ratelimit, "time", self)

    def time(self) -> float:
        return self.now


@pytest.fixture
def rate_clock(monkeypatch: pytest.MonkeyPatch) -> RateClock:
    return RateClock(monkeypatch)
