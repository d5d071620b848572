"""bench/changed.py: CI runs the benchmarks whose code or inputs changed."""

from __future__ import annotations

from bench.changed import MEASURES, ROOT, bench_imports, bench_scripts, scripts_to_run


def test_every_benchmark_says_what_it_measures() -> None:
    assert sorted(MEASURES) == bench_scripts()


def test_every_path_in_the_map_exists() -> None:
    """A moved or renamed module must move in the map too, or its benchmark stops running."""
    missing = [
        (script, path)
        for script, paths in MEASURES.items()
        for path in paths
        if not (ROOT / path).exists()
    ]
    assert missing == []


def test_an_engine_change_runs_the_engine_benchmarks_and_not_the_leaderboard() -> None:
    chosen = scripts_to_run(["games/engine/search.py"])
    assert {"bench/engine.py", "bench/first_replies.py", "bench/ladder.py"} <= set(chosen)
    assert "bench/leaderboard.py" not in chosen
    assert "bench/import.py" not in chosen


def test_a_change_to_the_docs_or_the_tests_runs_none() -> None:
    assert scripts_to_run(["docs/developing.md", "tests/games/test_par.py"]) == []


def test_a_shared_bench_module_runs_every_benchmark_that_imports_it() -> None:
    chosen = set(scripts_to_run(["bench/site_under_test.py"]))
    importers = {s for s in bench_scripts() if "bench/site_under_test.py" in bench_imports(s)}
    assert "bench/load.py" in importers
    assert chosen == importers


def test_a_benchmark_edited_runs_itself_alone() -> None:
    assert scripts_to_run(["bench/ratings.py"]) == ["bench/ratings.py"]


def test_new_requirements_run_every_benchmark() -> None:
    assert scripts_to_run(["requirements.txt"]) == bench_scripts()
