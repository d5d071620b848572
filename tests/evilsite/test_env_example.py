"""``.env.example`` sources cleanly in bash with every line uncommented, and what it then
sets is what nothing set gives (issue 27, item 7): each value is the default, quoted, or
empty where empty means the default."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

DUMP_SETTINGS = (
    "import json, os\n"
    "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'evilsite.settings')\n"
    "from django.conf import settings\n"
    "names = sorted(n for n in dir(settings) if n.isupper())\n"
    "print(json.dumps({n: repr(getattr(settings, n)) for n in names}))\n"
)


def settings_after(script: str) -> dict[str, str]:
    """The settings a process reads after ``script`` ran in bash, in a clean environment."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not re.match(r"^(DJANGO_|DATABASE_|EMAIL_|RATE_LIMIT|SENTRY_|TASK_)", key)
    }
    result = subprocess.run(
        ["bash", "-c", f'{script}\nexec {sys.executable} -c "$0"', DUMP_SETTINGS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.slow
def test_every_line_uncommented_sources_cleanly_and_changes_nothing(tmp_path: Path) -> None:
    example = (ROOT / ".env.example").read_text()
    uncommented = re.sub(r"^# ([A-Z][A-Z0-9_]*=)", r"\1", example, flags=re.MULTILINE)
    assert uncommented.count("\n") == example.count("\n")
    env_file = tmp_path / ".env"
    env_file.write_text(uncommented)
    sourced = settings_after(f"set -eu -a; . {env_file}; set +a")
    defaults = settings_after("true")
    differing = {name for name in defaults if sourced.get(name) != defaults[name]}
    assert differing == set()


def test_every_value_is_quoted() -> None:
    assignments = re.findall(
        r"^# [A-Z][A-Z0-9_]*=(.*)$", (ROOT / ".env.example").read_text(), flags=re.MULTILINE
    )
    assert assignments
    assert [value for value in assignments if not re.fullmatch(r"'[^']*'", value)] == []
