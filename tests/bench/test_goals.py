"""bench/goals.py: the table that ends ``make bench-quick``, and the goal lines it reads."""

from __future__ import annotations

import re
from pathlib import Path

from bench.changed import ROOT, bench_scripts
from bench.goals import Row, main, rows_of


def write(folder: Path, name: str, output: str, status: int = 0) -> None:
    (folder / f"{name}.log").write_text(output)
    (folder / f"{name}.status").write_text(f"{status}\n")


def test_every_goal_met_or_not_a_bench_without_goals_and_a_failed_one(tmp_path: Path) -> None:
    write(
        tmp_path,
        "leaderboard",
        "page  p50\ngoal: every page under 50 ms median: NOT met\n"
        "goal: each leaderboard page within 3x its queries' time: met\nlast line\n",
    )
    write(tmp_path, "guesser", "figures only\n")
    write(tmp_path, "nodes", "Traceback …\n", status=1)
    assert rows_of(tmp_path) == [
        Row("bench/guesser.py", "figures only, no goal", ""),
        Row("bench/leaderboard.py", "every page under 50 ms median", "NOT met"),
        Row("bench/leaderboard.py", "each leaderboard page within 3x its queries' time", "met"),
        Row("bench/nodes.py", "the run (exit 1)", "FAILED"),
    ]
    assert main(["goals.py", str(tmp_path)]) == 1


def test_goals_not_met_fail_nothing(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    write(tmp_path, "engine", "goal: web2: speed-up >= 20x: NOT met\n")
    assert main(["goals.py", str(tmp_path)]) == 0
    assert "goals: 0 met, 1 NOT met; benchmarks failed: 0" in capsys.readouterr().out


def test_every_bench_prints_its_verdicts_as_goal_lines() -> None:
    """A verdict printed any other way ("MISSED", "goals, x: …") would be missing from the
    table: every bench goes through bench/support.py's ``goal``."""
    by_hand = re.compile(r"MISSED|'met' if|\"met\" if|print\(f?\"goal")
    offenders = [
        path.name
        for path in sorted((ROOT / "bench").glob("*.py"))
        if path.name != "support.py" and by_hand.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
    assert "bench/goals.py" not in bench_scripts()
