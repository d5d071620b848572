"""Importing a benchmark script from ``bench/`` as the scripts import each other (by name)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def bench_script(name: str) -> ModuleType:
    """``bench/<name>.py``, with ``bench/`` on the path while it imports its siblings."""
    sys.path.insert(0, str(BENCH))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCH))
