"""Time the default 210,768-word import against plain per-row ORM saves.

The default import is what ``import_dictionary --default`` stores: web2 with each
word's Zipf frequency, then the familiar list drawn from it (23,952 words); the
5 s goal is for both together, frequencies included.

Runs on the server named by DATABASE_URL (default: the local PostgreSQL), but
always in a throwaway database created for the run and dropped after it, so
development data is never touched. Usage, from the repository root:

    .venv/bin/python bench/import.py [--runs 3] [--sample 2000]

The last line is ``import speed-up vs per-row ORM: <R>x``.

The 5 s goal is printed, met or NOT met, and never fails the run, ``--quick`` (what
CI runs) or not: it is a time. An import that fails or finds the default already
there fails it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import figure, goal, setup_django, throwaway_database

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/evil_bench"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="full imports to time (median)")
    parser.add_argument("--sample", type=int, default=2_000, help="words saved one by one")
    parser.add_argument(
        "--quick", action="store_true", help="one import, 200 words one by one (CI: it still works)"
    )
    args = parser.parse_args()
    if args.quick:
        args.runs, args.sample = 1, 200
    if args.runs < 1 or args.sample < 1:
        parser.error("--runs and --sample must be at least 1")
    return args


def time_full_imports(runs: int) -> tuple[list[float], list[float], int, str]:
    """Seconds of each run's web2 import and of its familiar list's, the words and the method."""
    from django.db import connection

    from dictionaries.models import Dictionary
    from dictionaries.services import dictionary_import_default, dictionary_import_familiar

    seconds: list[float] = []
    familiar: list[float] = []
    words, method = 0, ""
    for _ in range(runs):
        Dictionary.objects.all().delete()
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE dictionaries_word")
        started = time.perf_counter()
        result = dictionary_import_default()
        seconds.append(time.perf_counter() - started)
        assert result.report is not None, "the throwaway database already had the default"
        words, method = result.report.accepted, result.report.insert_method
        started = time.perf_counter()
        assert dictionary_import_familiar().report is not None
        familiar.append(time.perf_counter() - started)
    return seconds, familiar, words, method


def time_per_row_saves(sample: int, *, one_transaction: bool) -> float:
    """Seconds per word for ``Word.objects.create`` in a loop (autocommit or one transaction)."""
    from django.db import transaction

    from dictionaries.models import Dictionary, Word
    from dictionaries.services import default_word_source

    words = default_word_source()
    step = max(1, len(words) // sample)
    chosen = words[::step][:sample]
    label = "one transaction" if one_transaction else "autocommit"
    dictionary = Dictionary.objects.create(name=f"Per-row {label}", slug=f"per-row-{label[:3]}")
    started = time.perf_counter()
    if one_transaction:
        with transaction.atomic():
            for word in chosen:
                Word.objects.create(dictionary=dictionary, text=word, length=len(word))
    else:
        for word in chosen:
            Word.objects.create(dictionary=dictionary, text=word, length=len(word))
    elapsed = time.perf_counter() - started
    return elapsed / len(chosen)


def describe_server() -> str:
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            version = cursor.fetchone()[0]
        return f"PostgreSQL {version}, throwaway database {connection.settings_dict['NAME']}"
    import sqlite3

    return f"SQLite {sqlite3.sqlite_version}, throwaway file"


def main() -> None:
    args = parse_args()
    url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    with throwaway_database(
        url,
        # The database the URL names is only a prefix: the run gets a fresh one beside it.
        prefix=urlsplit(url).path.lstrip("/") or "evil_bench",
        refusal="bench/import.py: unsupported database URL scheme {scheme!r}",
        allow_sqlite=True,
    ) as bench_url:
        setup_django(bench_url)
        print(f"database: {describe_server()} ({os.cpu_count()} CPUs)")
        runs, familiar_runs, words, method = time_full_imports(args.runs)
        per_row_autocommit = time_per_row_saves(args.sample, one_transaction=False)
        per_row_atomic = time_per_row_saves(args.sample, one_transaction=True)

    full = statistics.median(runs)
    total = statistics.median(w + f for w, f in zip(runs, familiar_runs, strict=True))
    bulk_rate = words / full
    per_row_rate = 1 / per_row_autocommit
    print(
        f"web2 import with frequencies, {words:,} words via {method}: "
        + ", ".join(f"{s:.2f} s" for s in runs)
        + f" -> median {full:.2f} s"
    )
    print(
        "then the familiar list: "
        + ", ".join(f"{s:.2f} s" for s in familiar_runs)
        + f"; the default import in total: median {total:.2f} s"
    )
    figure("web2 import", full, "s")
    figure("default import in total", total, "s")
    if method == "copy":
        goal("the default import (web2 and the familiar list) < 5 s", total < 5)
    print(f"{'method':<42}{'words/s':>12}{'210,768 words':>16}")
    print(f"{'bulk import (' + method + ')':<42}{bulk_rate:>12,.0f}{full:>14.1f} s")
    print(
        f"{'per-row ORM create, autocommit':<42}{per_row_rate:>12,.0f}"
        f"{per_row_autocommit * words:>14.1f} s  (extrapolated from {args.sample:,} words)"
    )
    print(
        f"{'per-row ORM create, one transaction':<42}{1 / per_row_atomic:>12,.0f}"
        f"{per_row_atomic * words:>14.1f} s  (extrapolated, for reference)"
    )
    print(f"full-import seconds: {full:.2f} (with the familiar list: {total:.2f})")
    print(f"import speed-up vs per-row ORM: {bulk_rate / per_row_rate:.1f}x")


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
