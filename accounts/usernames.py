"""Usernames that cannot pass for someone else's: one script, no look-alike of a name taken.

A username is NFKC-normalised (fullwidth ADMIN, U+FF21..., is plain ``ADMIN``), written in
one script (Latin, Cyrillic, Greek, ...; Japanese and Korean may mix their
scripts with Han), plus digits and ``_ . - @ +``, and refused when its
*skeleton* equals the skeleton of a name already taken. The skeleton leaves out the
punctuation (``d.emo`` and ``admin@`` pass for ``demo`` and ``admin``) and is Unicode's
confusable skeleton (UTS #39) as ICU computes it (``core.names.lookalike_skeletons``, which
dictionary names share; PyICU's ``SpoofChecker``: Cyrillic o,
U+043E, becomes ``o``, digit ``0`` becomes ``O``, ``m`` becomes ``rn``), with three
steps on top, since UTS #39 leaves alone the letters that carry a stroke or are small
capitals (issue 37, finding 4: ``đemo``, ``demø``, ``ᴅᴇᴍᴏ``, ``ⱦeacher`` passed):

- ICU's ``Latin-ASCII`` transform (CLDR's): ``đ`` is ``d``, ``ø`` ``o``, ``ᴅ`` ``D``, ``ⱦ`` ``t``;
- a Latin letter neither names is read by its Unicode name: ``ꭤ`` (LATIN SMALL LETTER
  INVERTED ALPHA) is ``a``, ``ɐ`` (TURNED A) ``a``;
- accents and overlays are dropped, and case is folded, so ``Admin`` and ``ádmin`` are
  look-alikes of ``admin`` too.

The skeletons of every account's name are kept in ``UsernameSkeleton``, written
whenever a user row is saved (sign-up, the admin, ``createsuperuser``, a
deletion's renaming), so the check is one indexed query. When the rule changes, a
migration computes them again (accounts 0003).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from confusable_homoglyphs import categories
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import UsernameSkeleton
from core.names import lookalike_skeletons

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


def skeletons(username: str) -> set[str]:
    """What a name looks like (``core.names.lookalike_skeletons``), without the
    punctuation a username may hold."""
    return {_unpunctuated(skeleton) for skeleton in lookalike_skeletons(username)}


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
