"""Lines an import refuses one by one, and the report's count of them per reason.

A word file's lines are refused for reasons with a code each (``RefusedGroup.code``): not
letters, too long, in another script, with a letter too rare to be a key
(``dictionaries/wordfiles.py`` decides which). The import report keeps the first lines
refused with their reason (in English, as stored) and, per reason, a count and a few
examples (``ImportReport.refused``), which ``refusal_label`` tells in the reader's
language. Another step of an import that removes words adds a group with a code of its
own (and a ``label``), so the report grows without changing its shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import ngettext

from dictionaries import scripts
from dictionaries.models import MAX_WORD_LENGTH

REJECTED_LINES_KEPT = 20
REJECTED_LINE_SHOWN_CHARS = 60

# Examples kept per reason a line is refused, in the report.
REFUSED_EXAMPLES = 5
# Why lines are refused one by one (``RefusedGroup.code``); other steps of an import may
# add codes of their own to the report.
NOT_LETTERS = "not_letters"
TOO_LONG = "too_long"
OTHER_SCRIPT = "other_script"
RARE_LETTER = "rare_letter"


@dataclass(frozen=True, slots=True)
class RejectedLine:
    number: int
    text: str
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {"number": self.number, "text": self.text, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class RefusedGroup:
    """Lines refused for one reason: how many, a few of them, and the reason's details
    (``script``: the ISO 15924 code of the other script; ``letters`` and ``threshold``: the
    letters too rare to be keys and how many words a key needs; ``max``: a word's length)."""

    code: str
    count: int
    examples: tuple[str, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "count": self.count,
            "examples": list(self.examples),
            **self.params,
        }


def refusal_label(group: Mapping[str, Any]) -> str:
    """A reason of the report's "refused" list in words, in the active language."""
    code, count = group.get("code", ""), int(group.get("count", 0))
    values = {"count": f"{count:,}"}
    if code == OTHER_SCRIPT:
        values["script"] = scripts.script_name(str(group.get("script", "")))
        text = ngettext(
            "%(count)s word in another script (%(script)s)",
            "%(count)s words in another script (%(script)s)",
            count,
        )
    elif code == RARE_LETTER:
        values["letters"] = " ".join(str(group.get("letters", "")))
        values["threshold"] = f"{int(group.get('threshold', 0)):,}"
        text = ngettext(
            "%(count)s word with a letter fewer than %(threshold)s words of the list use "
            "(%(letters)s)",
            "%(count)s words with a letter fewer than %(threshold)s words of the list use "
            "(%(letters)s)",
            count,
        )
    elif code == TOO_LONG:
        values["max"] = f"{int(group.get('max', MAX_WORD_LENGTH)):,}"
        text = ngettext(
            "%(count)s word longer than %(max)s letters",
            "%(count)s words longer than %(max)s letters",
            count,
        )
    elif code == NOT_LETTERS:
        text = ngettext(
            "%(count)s line with something other than letters (a digit, a hyphen, an "
            "apostrophe, a space)",
            "%(count)s lines with something other than letters (a digit, a hyphen, an "
            "apostrophe, a space)",
            count,
        )
    else:  # a reason another step added, with a label of its own
        return str(group.get("label") or f"{code}: {count:,}")
    return text % values


def refusals_shown(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A stored report's reasons for the admin: each in words, with its examples."""
    return [
        {"label": refusal_label(group), "examples": list(group.get("examples", ()))}
        for group in report.get("refused", ())
        if isinstance(group, Mapping)
    ]


def shown_text(line: str) -> str:
    if len(line) <= REJECTED_LINE_SHOWN_CHARS:
        return line
    return line[: REJECTED_LINE_SHOWN_CHARS - 1] + "…"


class Refusals:
    """Lines refused one by one: the first ``REJECTED_LINES_KEPT`` with their reason, and
    per reason a count and a few examples."""

    def __init__(self) -> None:
        self.count = 0
        self.lines: list[RejectedLine] = []
        self.groups: dict[tuple[str, str], list[Any]] = {}  # (code, script) -> [count, examples]

    def add(self, number: int, text: str, reason: str, code: str, script: str = "") -> None:
        self.count += 1
        if len(self.lines) < REJECTED_LINES_KEPT:
            self.lines.append(RejectedLine(number=number, text=shown_text(text), reason=reason))
        group = self.groups.setdefault((code, script), [0, []])
        group[0] += 1
        if len(group[1]) < REFUSED_EXAMPLES:
            group[1].append(shown_text(text))

    def summary(self, **params: dict[str, Any]) -> tuple[RefusedGroup, ...]:
        """One entry per reason, the most frequent first; ``params``: more for a code."""
        groups = [
            RefusedGroup(
                code=code,
                count=count,
                examples=tuple(examples),
                params={**({"script": script} if script else {}), **params.get(code, {})},
            )
            for (code, script), (count, examples) in self.groups.items()
        ]
        return tuple(sorted(groups, key=lambda group: (-group.count, group.code)))
