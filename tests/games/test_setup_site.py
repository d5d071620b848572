"""setup_site's output when it is not a terminal (a deploy script, systemd, a pipe): every step
writes a line at least every interval, saying what it does and how far along it is."""

from __future__ import annotations

import time
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from core import heartbeat
from games.management.commands import setup_site


def slow_steps(self: Any, options: dict[str, Any]) -> list[tuple[str, Any]]:
    def long_step() -> None:
        for done in range(1, 5):
            heartbeat.report("challenges of a list", done, 4)
            time.sleep(0.06)

    return [("quick step", lambda: None), ("long step", long_step)]


@pytest.mark.parametrize("terminal", [False, True])
def test_a_long_step_writes_a_line_every_interval_unless_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, terminal: bool
) -> None:
    monkeypatch.setattr(setup_site.Command, "steps", slow_steps)
    monkeypatch.setattr(heartbeat, "INTERVAL_SECONDS", 0.05)
    output = StringIO()
    output.isatty = lambda: terminal  # type: ignore[method-assign]
    call_command("setup_site", stdout=output)
    lines = output.getvalue().splitlines()
    beats = [line for line in lines if line.startswith("   ... ")]
    assert lines[0] == "== quick step (1/2)"
    assert "== long step (2/2)" in lines
    if terminal:
        assert beats == []  # the progress bars say it there
    else:
        assert len(beats) >= 3
        assert all(line.startswith("   ... long step: challenges of a list ") for line in beats)
        assert any("/4 (" in line for line in beats)
    assert lines[-1].startswith("Site set up in ")
