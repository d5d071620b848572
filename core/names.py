"""Names people set (dictionaries, classes, terms, assignments, API tokens, usernames):
no bidirectional control characters.

U+202E (RIGHT-TO-LEFT OVERRIDE) and its kin reorder the text after them: a dictionary
named with one rendered reversed on the new-game form and the leaderboards (issue 37,
finding 7), and could make a name read as another's. No name needs them: a name in
Arabic or Hebrew is laid out right to left by its letters alone. One validator, on the
model fields (so the admin's forms refuse them too), and on the site's plain forms.
Usernames allow only letters, digits and ``_ . - @ +`` anyway (Django's validator).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

# Embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069), and the marks
# LRM, RLM and ALM (U+200E, U+200F, U+061C).
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
BIDI_CONTROL_MESSAGE = _(
    "A name cannot hold invisible characters that change the direction of text "
    "(such as U+202E); remove them."
)


def has_bidi_control(text: str) -> bool:
    return not BIDI_CONTROLS.isdisjoint(text)


@deconstructible(path="core.names.NoBidiControls")
class NoBidiControls:
    """The validator: a ValidationError (code ``bidi_control``) for a name holding one."""

    def __call__(self, value: object) -> None:
        if isinstance(value, str) and has_bidi_control(value):
            raise ValidationError(BIDI_CONTROL_MESSAGE, code="bidi_control")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NoBidiControls)

    def __hash__(self) -> int:
        return hash(NoBidiControls)


no_bidi_controls = NoBidiControls()
