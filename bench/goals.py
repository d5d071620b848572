"""The table that ends ``make bench-quick``: every benchmark's goals, met or not.

Each benchmark prints its goals as ``goal: <what>: met`` (or ``NOT met``; bench/support.py's
``goal``). ``make bench-quick`` keeps each one's output in a folder, ``<name>.log`` with its
exit status in ``<name>.status``; this script reads them and prints one table: a goal a
line, a benchmark without goals as "figures only", one that failed as FAILED. It exits 1
when a benchmark failed (a goal NOT met is a time, and fails nothing).

    python bench/goals.py FOLDER
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import GOAL_LINE


@dataclass(frozen=True)
class Row:
    bench: str
    goal: str
    verdict: str  # "met", "NOT met", "FAILED" or "" (figures only)


def rows_of(folder: Path) -> list[Row]:
    rows: list[Row] = []
    for log in sorted(folder.glob("*.log")):
        bench = f"bench/{log.stem}.py"
        status_file = log.with_suffix(".status")
        status = status_file.read_text().strip() if status_file.exists() else "0"
        goals = [
            Row(bench, match["goal"], match["verdict"])
            for line in log.read_text(encoding="utf-8", errors="replace").splitlines()
            if (match := GOAL_LINE.match(line.strip()))
        ]
        if status != "0":
            rows.append(Row(bench, f"the run (exit {status})", "FAILED"))
        rows += goals or ([Row(bench, "figures only, no goal", "")] if status == "0" else [])
    return rows


def table(rows: list[Row]) -> str:
    width = max([len(row.bench) for row in rows] + [5])
    lines = [f"{'bench':<{width}}  {'verdict':<8} goal"]
    lines += [f"{row.bench:<{width}}  {row.verdict or '-':<8} {row.goal}" for row in rows]
    met = sum(row.verdict == "met" for row in rows)
    missed = sum(row.verdict == "NOT met" for row in rows)
    failed = sum(row.verdict == "FAILED" for row in rows)
    lines.append(f"goals: {met} met, {missed} NOT met; benchmarks failed: {failed}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    rows = rows_of(Path(argv[1]))
    print("\n== every benchmark's goals")
    print(table(rows) if rows else "no benchmark ran")
    return 1 if any(row.verdict == "FAILED" for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
