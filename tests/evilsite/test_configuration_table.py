"""docs/configuration.md's table lists every environment variable settings.py reads."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READS = re.compile(
    r'(?:env_bool|env_int|env_list|os\.environ\.get)\(\s*"([A-Z][A-Z0-9_]*)"'
    r'|os\.environ\["([A-Z][A-Z0-9_]*)"\]'
)


def variables_read() -> set[str]:
    text = (ROOT / "evilsite" / "settings.py").read_text()
    return {first or second for first, second in READS.findall(text)}


def configuration_section() -> str:
    return (ROOT / "docs" / "configuration.md").read_text()


def test_every_variable_settings_reads_is_in_the_table() -> None:
    read = variables_read()
    assert {"DJANGO_DEBUG", "DATABASE_REPLICA_CONNECT_TIMEOUT", "SENTRY_DSN"} <= read
    table = configuration_section()
    missing = sorted(name for name in read if f"`{name}`" not in table)
    assert missing == []


def table_variables() -> set[str]:
    """The variables the table's rows are about (their first cell)."""
    rows = [line for line in configuration_section().splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", row.split("|")[1])}


def example_variables() -> list[str]:
    """The variables .env.example sets, commented out or not, in order."""
    text = (ROOT / ".env.example").read_text()
    return re.findall(r"^(?:# )?([A-Z][A-Z0-9_]*)=", text, flags=re.MULTILINE)


def test_the_table_lists_nothing_settings_does_not_read() -> None:
    assert sorted(table_variables() - variables_read()) == []


def test_env_example_lists_every_variable_settings_reads_once() -> None:
    listed = example_variables()
    assert sorted(set(listed)) == sorted(variables_read())
    assert len(listed) == len(set(listed))
    assert sorted(set(listed) - table_variables()) == []


def test_the_table_points_to_env_example() -> None:
    assert "(../.env.example)" in configuration_section()
