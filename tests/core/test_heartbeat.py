"""core.heartbeat: a long step says what it does at least every interval when no terminal shows
a progress bar, and stays silent on a terminal."""

from __future__ import annotations

import threading
import time

from core import heartbeat


def test_a_step_writes_what_it_does_and_how_far_along_every_interval() -> None:
    lines: list[str] = []
    clock = iter(range(0, 1000, 10))  # a fake clock: ten seconds a reading
    with heartbeat.Heartbeat(lines.append, "priors", interval=0.02, clock=lambda: next(clock)):
        heartbeat.report("English (web2), challenges", 30, 75)
        time.sleep(0.2)
    assert len(lines) >= 3
    assert lines[0].startswith("   ... priors: English (web2), challenges 30/75 (40%), ")
    assert lines[0].endswith(" s")
    seconds = [int(line.rsplit(", ", 1)[1].removesuffix(" s")) for line in lines]
    assert seconds == sorted(seconds)
    assert seconds[0] > 0


def test_without_a_report_it_still_says_which_step_is_running() -> None:
    lines: list[str] = []
    with heartbeat.Heartbeat(lines.append, "migrate", interval=0.02):
        time.sleep(0.1)
    assert lines
    assert lines[0].startswith("   ... migrate, ")


def test_on_a_terminal_it_is_silent_and_stops_with_its_step() -> None:
    lines: list[str] = []
    with heartbeat.Heartbeat(lines.append, "migrate", enabled=False, interval=0.01):
        heartbeat.report("anything", 1, 2)
        time.sleep(0.05)
    assert lines == []
    before = threading.active_count()
    with heartbeat.Heartbeat(lines.append, "x", interval=0.01):
        pass
    assert threading.active_count() == before  # its thread ended with the step
    heartbeat.report("after the step", 1, 1)  # nobody listening: nothing happens


def test_a_report_reaches_the_innermost_step_running() -> None:
    outer: list[str] = []
    inner: list[str] = []
    with heartbeat.Heartbeat(outer.append, "outer", enabled=False) as out:
        with heartbeat.Heartbeat(inner.append, "inner", enabled=False) as within:
            heartbeat.report("deep", 1, 4)
        heartbeat.report("shallow", 2, 4)
    assert within.line().startswith("   ... inner: deep 1/4 (25%)")
    assert out.line().startswith("   ... outer: shallow 2/4 (50%)")
