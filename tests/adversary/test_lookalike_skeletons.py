"""Usernames compared by their Unicode skeleton (issue 37, finding 4).

``đemo``, ``demø``, ``ᴅemo``, ``ᴅᴇᴍᴏ``, ``ꭤdmin`` and ``ⱦeacher`` were created beside
``demo``, ``admin`` and ``teacher``: letters with a stroke, small capitals and a turned
alpha have no accent to strip, and the confusables table the site read left them out.
Names are now compared by UTS #39's skeleton as ICU computes it, after ICU's Latin-ASCII
transform and letters read by their Unicode names, with accents and case folded.
"""

from __future__ import annotations

import html
import importlib
import sys
import unicodedata
from functools import lru_cache
from types import SimpleNamespace

import icu
import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.urls import reverse

from accounts.models import UsernameSkeleton
from accounts.usernames import normalise, skeletons
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rate_clock")]

SECRET = "a-long-enough-secret-42"
TAKEN = ("demo", "admin", "teacher")
LOOKS_LIKE = "This username looks too much like one already taken"


def sign_up(username: str) -> tuple[int, str]:
    response = Client().post(
        reverse("signup"), {"username": username, "password1": SECRET, "password2": SECRET}
    )
    return response.status_code, html.unescape(response.content.decode())


@pytest.mark.parametrize(
    "username", ["đemo", "demø", "ᴅemo", "ᴅᴇᴍᴏ", "ꭤdmin", "ⱦeacher", "ĐEMO", "ᴀᴅᴍɪɴ", "ɐdmin"]
)
def test_the_reported_look_alikes_are_refused_at_sign_up(username: str) -> None:
    for name in TAKEN:
        UserFactory(username=name)
    status, page = sign_up(username)
    assert status == 200
    assert LOOKS_LIKE in page
    assert not get_user_model().objects.filter(username=username).exists()


def test_names_that_only_resemble_are_still_free() -> None:
    for name in TAKEN:
        UserFactory(username=name)
    for username in ("demos", "admins", "teachers", "dome", "mode"):
        assert sign_up(username)[0] == 302


@lru_cache(maxsize=1)
def confusable_pairs() -> dict[str, list[str]]:
    """UTS #39's table, read through ICU: for each Latin letter of the names taken, every
    single character whose skeleton is that letter's (in either case), as a name holds it
    (NFKC: the lunate sigma, U+03F2, is stored as the final sigma, which looks like no c)."""
    checker = icu.SpoofChecker()
    letters = sorted(set("".join(TAKEN)))
    wanted = {}
    for letter in letters:
        for form in (letter, letter.upper()):
            wanted.setdefault(checker.getSkeleton(0, form), letter)
    pairs: dict[str, list[str]] = {letter: [] for letter in letters}
    for point in range(sys.maxunicode + 1):
        char = chr(point)
        if unicodedata.category(char) in ("Cn", "Cs", "Co") or char in letters:
            continue
        letter = wanted.get(checker.getSkeleton(0, unicodedata.normalize("NFKC", char)))
        if letter is not None:
            pairs[letter].append(char)
    return pairs


def is_a_username(text: str) -> bool:
    try:
        UnicodeUsernameValidator()(normalise(text))
    except ValidationError:
        return False
    return True


def test_every_pair_of_the_skeleton_table_for_the_letters_of_names_taken_is_caught() -> None:
    pairs = confusable_pairs()
    assert len(pairs["o"]) > 50  # the table is there: Cyrillic, Greek, digits, math letters
    assert "\u043e" in pairs["o"]
    assert "0" in pairs["o"]
    missed = []
    for name in TAKEN:
        taken = skeletons(name)
        for position, letter in enumerate(name):
            for char in pairs[letter]:
                variant = name[:position] + char + name[position + 1 :]
                if not is_a_username(variant):
                    continue  # NFKC makes it a space or a box-drawing bar: never a name
                if not skeletons(variant) & taken:
                    missed.append(f"{variant} U+{ord(char):04X} for {name}")
    assert missed == []


def test_the_migration_computes_every_accounts_skeletons_again() -> None:
    """Skeletons stored by the old rule are replaced; two accounts whose names now look
    alike keep both names (and their skeletons)."""
    demo = UserFactory(username="demo")
    old = UserFactory(username="đemo")  # made before this rule
    UsernameSkeleton.objects.all().delete()
    UsernameSkeleton.objects.create(user=old, skeleton="đemo")  # the old rule's
    migration = importlib.import_module("accounts.migrations.0003_username_skeletons_by_icu")
    migration.remember_usernames(apps, SimpleNamespace(connection=connection))
    stored = set(UsernameSkeleton.objects.values_list("user_id", "skeleton"))
    assert stored == {(demo.pk, "derno"), (old.pk, "derno")}
    assert get_user_model().objects.filter(username__in=["demo", "đemo"]).count() == 2
    assert LOOKS_LIKE in sign_up("ᴅemo")[1]
