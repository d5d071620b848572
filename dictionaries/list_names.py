"""The built-in lists' names in the page's language.

A built-in list is stored under its English name ("Spanish (familiar)", made in
``builtin_lists.BuiltInList.name`` and ``services``); a page shows it translated
("Español (habitual)" on a Spanish page). A list an admin uploaded or renamed keeps the
name the admin gave it: only a name equal to a built-in one is translated.
``tests/i18n/test_list_for_language.py`` checks that every built-in name has its entry here.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

# The catalogs' context "word list": a list's name, not a language's (a literal each time,
# for makemessages to read).
BUILT_IN_NAMES: dict[str, Promise] = {
    "English (web2)": pgettext_lazy("word list", "English (web2)"),
    "English (familiar)": pgettext_lazy("word list", "English (familiar)"),
    "Spanish (familiar)": pgettext_lazy("word list", "Spanish (familiar)"),
    "French (familiar)": pgettext_lazy("word list", "French (familiar)"),
    "German (familiar)": pgettext_lazy("word list", "German (familiar)"),
}


def list_name(stored: str) -> str:
    """A list's name as a page shows it: a built-in name translated, any other as stored."""
    translated = BUILT_IN_NAMES.get(stored)
    return stored if translated is None else str(translated)
