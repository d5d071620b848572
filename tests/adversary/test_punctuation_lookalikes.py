"""Punctuation look-alikes of names taken are refused (issue 26, finding 7).

The trick: beside ``demo`` and ``admin`` (names shown on every leaderboard), sign up as
``d.emo``, ``demo.``, ``@admin`` or ``admin@``, which read the same at a glance. A name's
skeleton now leaves out ``. _ - @ +``, so each is refused with the reason and no account
is made; a name that differs in its letters still signs up.
"""

from __future__ import annotations

import html

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts.usernames import skeletons
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rate_clock")]

SECRET = "a-long-enough-secret-42"
LOOKS_LIKE = "This username looks too much like one already taken"


@pytest.fixture(autouse=True)
def _names_taken() -> None:
    for name in ("demo", "admin", "jane_doe"):
        UserFactory(username=name)


def sign_up(username: str) -> tuple[int, str]:
    response = Client().post(
        reverse("signup"), {"username": username, "password1": SECRET, "password2": SECRET}
    )
    return response.status_code, html.unescape(response.content.decode())


@pytest.mark.parametrize(
    "username",
    ["d.emo", "demo.", "@admin", "admin@", "+admin", "ad-min", "a_d_m_i_n", "janedoe", "jane.doe"],
)
def test_a_punctuation_lookalike_is_refused(username: str) -> None:
    status, page = sign_up(username)
    assert status == 200
    assert LOOKS_LIKE in page
    assert not get_user_model().objects.filter(username=username).exists()


@pytest.mark.parametrize("username", ["demos", "d.emos", "admins"])
def test_a_name_with_other_letters_signs_up(username: str) -> None:
    status, _ = sign_up(username)
    assert status == 302
    assert get_user_model().objects.filter(username=username).exists()


def test_the_skeleton_leaves_out_the_punctuation_a_name_may_hold() -> None:
    assert skeletons("d.e_m-o@+") == skeletons("demo")
