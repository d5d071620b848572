"""Do two PostgreSQL databases have the same schema? ``python .ci/same_schema.py URL URL``.

Each is dumped (``pg_dump --schema-only``) and normalised: comments, settings and owners
left out, a table's columns compared as a set (a column an upgrade adds comes last in its
table, where a fresh migrate puts it among the others: the order is not the schema), and
the statements compared as a set. Prints the differences and exits 1 when there are any.
"""

from __future__ import annotations

import difflib
import subprocess
import sys

# pg_dump 17.6, 16.10, 15.14 and later fence the dump with a random key (\restrict).
SKIPPED_PREFIXES = ("--", "SET ", "SELECT pg_catalog.set_config", "\\restrict", "\\unrestrict")


def statements(url: str) -> list[str]:
    dump = subprocess.run(
        ["pg_dump", "--schema-only", "--no-owner", "--no-privileges", "--no-comments", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = [line for line in dump.splitlines() if line and not line.startswith(SKIPPED_PREFIXES)]
    normalised = []
    for statement in "\n".join(lines).split(";\n"):
        statement = statement.strip().rstrip(";")
        if not statement:
            continue
        head, _, body = statement.partition("(\n")
        if head.startswith("CREATE TABLE ") and body:
            body, _, tail = body.rpartition("\n)")
            columns = sorted(line.strip().rstrip(",") for line in body.splitlines())
            statement = head + "(\n    " + ",\n    ".join(columns) + "\n)" + tail
        normalised.append(statement)
    return sorted(normalised)


def main(argv: list[str]) -> int:
    upgraded, fresh = argv
    left, right = statements(upgraded), statements(fresh)
    if left == right:
        print(f"same schema: {len(left)} statements")
        return 0
    diff = difflib.unified_diff(
        "\n".join(left).splitlines(),
        "\n".join(right).splitlines(),
        "upgraded",
        "fresh",
        lineterm="",
    )
    print("\n".join(diff))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
