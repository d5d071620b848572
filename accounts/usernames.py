"""Usernames that cannot pass for someone else's: one script, no look-alike of a name taken.

A username is NFKC-normalised (fullwidth ADMIN, U+FF21..., is plain ``ADMIN``), written in
one script (Latin, Cyrillic, Greek, ...; Japanese and Korean may mix their
scripts with Han), plus digits and ``_ . - @ +``, and refused when its
*skeleton* equals the skeleton of a name already taken. The skeleton leaves out the
punctuation (``d.emo`` and ``admin@`` pass for ``demo`` and ``admin``) and follows
Unicode's confusable detection (UTS #39): each character becomes the prototype
it is confusable with (Cyrillic o, U+043E, and digit ``0`` become ``o``, ``rn``
stands for ``m``), taken from the ``confusable-homoglyphs`` package's copy of
Unicode's confusables table; on top of UTS #39, case and accents are dropped,
so ``Admin`` and ``ádmin`` are look-alikes of ``admin`` too.

The skeletons of every account's name are kept in ``UsernameSkeleton``, written
whenever a user row is saved (sign-up, the admin, ``createsuperuser``, a
deletion's renaming), so the check is one indexed query.
"""

from __future__ import annotations

import json
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

import confusable_homoglyphs
from confusable_homoglyphs import categories
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import UsernameSkeleton

# Longest username at sign-up (the column allows 150, for names made before this rule).
USERNAME_MAX_LENGTH = 30
# Scripts that write one language together (UTS #39's "highly restrictive" level).
SCRIPT_FAMILIES = (
    frozenset({"HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"HAN", "BOPOMOFO"}),
    frozenset({"HAN", "HANGUL"}),
)
NEUTRAL_SCRIPTS = frozenset({"COMMON", "INHERITED"})
# The punctuation a name may hold, which its skeleton leaves out.
NAME_PUNCTUATION = "._-@+"
_NO_PUNCTUATION = str.maketrans("", "", NAME_PUNCTUATION)


def normalise(username: str) -> str:
    return unicodedata.normalize("NFKC", username)


def scripts_of(username: str) -> set[str]:
    """The scripts a name's letters are written in (digits and ``_.-@+`` belong to none)."""
    return {categories.alias(char) for char in username} - NEUTRAL_SCRIPTS


def mixes_scripts(username: str) -> bool:
    scripts = scripts_of(username)
    return len(scripts) > 1 and not any(scripts <= family for family in SCRIPT_FAMILIES)


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype.

    The package's table lists, for each character, the ones it is confusable
    with: a source has one entry (its prototype), a prototype lists all its
    sources. A pair listing only each other is settled the same way both ways
    (the longer, a multi-letter prototype like ``rn``, else the smaller).
    """
    path = Path(confusable_homoglyphs.__file__).parent / "confusables.json"
    table: dict[str, list[dict[str, str]]] = json.loads(path.read_text(encoding="utf-8"))
    prototypes: dict[str, str] = {}
    for char, entries in table.items():
        if len(entries) != 1:
            continue  # a prototype of several characters: itself
        target = entries[0]["c"]
        back = table.get(target, [])
        if len(back) == 1 and back[0]["c"] == char:
            target = min(char, target, key=lambda text: (-len(text), text))
        if target != char:
            prototypes[char] = target
    return prototypes


def _map(text: str) -> str:
    prototypes = _prototypes()
    return "".join(prototypes.get(char, char) for char in text)


def skeletons(username: str) -> set[str]:
    """What a name looks like: names sharing a skeleton can be taken for each other.

    Up to three, since a name is taken in every case (Django compares names
    without case) and case and look-alikes interfere: ``PayPaI`` passes for
    ``PayPal`` before folding its case, ``ADMlN`` for ``admin`` written in capitals.
    """
    text = unicodedata.normalize("NFD", normalise(username))
    text = "".join(char for char in text if not unicodedata.combining(char))
    return {
        _unpunctuated(_map(text.casefold())),
        _unpunctuated(_map(_map(text).casefold())),
        _unpunctuated(_map(_map(text.upper()).casefold())),
    }


def _unpunctuated(skeleton: str) -> str:
    """A skeleton without the punctuation a name may hold: ``d.emo``, ``demo.``, ``@admin``
    and ``admin@`` read as ``demo`` and ``admin`` at a glance on a leaderboard."""
    return skeleton.translate(_NO_PUNCTUATION)


def username_problem(username: str, *, exclude_user_id: int | None = None) -> str | None:
    """Why a new name is refused, in words for the sign-up form; None when it is fine."""
    name = normalise(username)
    if len(name) > USERNAME_MAX_LENGTH:
        return gettext("Choose a username of at most %(count)s characters.") % {
            "count": USERNAME_MAX_LENGTH
        }
    if any(unicodedata.combining(char) for char in name):
        return gettext(
            "This username has an accent or mark that is not part of a letter; "
            "write each accented letter as one character, as a keyboard types it."
        )
    if mixes_scripts(name):
        scripts = ", ".join(sorted(script.title() for script in scripts_of(name)))
        return gettext(
            "This username mixes alphabets (%(scripts)s), which lets one name pass for "
            "another. Write it in one alphabet, plus digits and _ . - @ +."
        ) % {"scripts": scripts}
    taken = UsernameSkeleton.objects.filter(skeleton__in=skeletons(name))
    if exclude_user_id is not None:
        taken = taken.exclude(user_id=exclude_user_id)
    if taken.exists():
        return gettext(
            "This username looks too much like one already taken (letters from another "
            "alphabet, case, accents or look-alike characters such as 0 and O); choose "
            "another."
        )
    return None


def validate_new_username(username: str) -> None:
    """For the forms that make accounts (sign-up, the admin): a ValidationError saying why."""
    problem = username_problem(username)
    if problem is not None:
        raise ValidationError(problem, code="username_lookalike")


def skeletons_remember(*, user: AbstractBaseUser) -> None:
    """Keep the skeletons of the account's name (on each save of a user row)."""
    wanted = skeletons(user.get_username())
    with transaction.atomic():
        UsernameSkeleton.objects.filter(user_id=user.pk).exclude(skeleton__in=wanted).delete()
        known = set(
            UsernameSkeleton.objects.filter(user_id=user.pk).values_list("skeleton", flat=True)
        )
        UsernameSkeleton.objects.bulk_create(
            UsernameSkeleton(user_id=user.pk, skeleton=text) for text in wanted - known
        )


def remember_saved_username(
    sender: type[AbstractBaseUser],
    instance: AbstractBaseUser,
    raw: bool = False,
    update_fields: frozenset[str] | None = None,
    **kwargs: Any,
) -> None:
    """post_save of the user model: every way a name is set (sign-up, the admin,
    ``createsuperuser``, a deletion's renaming) keeps its skeletons; a save of other
    fields (``last_login`` at each login) costs nothing."""
    if raw or (update_fields is not None and instance.USERNAME_FIELD not in update_fields):
        return
    skeletons_remember(user=instance)
