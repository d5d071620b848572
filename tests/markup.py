"""Page text for "nothing secret in the page" checks.

A masked CSRF token is 64 random letters and digits, so a four-letter made-up
word turns up inside one now and then (about one run in a few hundred). The
leak checks look at the page without its tokens; anything else that carried a
candidate word would still fail them.
"""

from __future__ import annotations

import re

from django.middleware.csrf import CSRF_TOKEN_LENGTH

_CSRF_TOKEN = re.compile(rf"(?<![A-Za-z0-9])[A-Za-z0-9]{{{CSRF_TOKEN_LENGTH}}}(?![A-Za-z0-9])")


def without_csrf_tokens(markup: str) -> str:
    """The markup with every CSRF token value blanked out."""
    return _CSRF_TOKEN.sub("", markup)
