"""Look-alike usernames are refused at sign-up, with the reason (issue 15, trick 9).

Escapes spell the tricks: ``\\u0430`` is Cyrillic a, ``\\u043e`` Cyrillic o,
``\\uff21``... fullwidth Latin capitals, ``\\u0301`` a combining acute accent.
"""

from __future__ import annotations

import html

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts.models import UsernameSkeleton
from accounts.usernames import mixes_scripts, skeletons
from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rate_clock")]

SECRET = "a-long-enough-secret-42"
MIXES = "This username mixes alphabets (Cyrillic, Latin), which lets one name pass for another."
LOOKS_LIKE = "This username looks too much like one already taken"


def sign_up(username: str) -> tuple[int, str]:
    response = Client().post(
        reverse("signup"), {"username": username, "password1": SECRET, "password2": SECRET}
    )
    return response.status_code, html.unescape(response.content.decode())


@pytest.fixture(autouse=True)
def _names_taken() -> None:
    for name in ("admin", "root2", "cope", "paypal"):
        UserFactory(username=name)


@pytest.mark.parametrize(
    ("username", "reason"),
    [
        ("\u0430dmin", MIXES),  # Cyrillic a
        ("r\u043e\u043et2", MIXES),  # Cyrillic o, o: mimics root2
        ("\u0441\u043e\u0440\u0435", LOOKS_LIKE),  # all Cyrillic, reads "cope"
        ("r00t2", LOOKS_LIKE),  # zeros for o
        ("ADMlN", LOOKS_LIKE),  # a small L for the I
        ("Admin", "A user with that username already exists."),
        # Fullwidth: NFKC makes it ADMIN, which Django finds taken whatever the case.
        ("\uff21\uff24\uff2d\uff29\uff2e", "A user with that username already exists."),
        ("\uff50\uff41\uff59\uff50\uff41\uff11", LOOKS_LIKE),  # fullwidth paypa1
        ("a\u0301dmin", LOOKS_LIKE),  # combining accent: NFKC composes it, still admin
        ("\u00e1dm\u00edn", LOOKS_LIKE),  # precomposed accents
        # An accent that composes with nothing.
        ("zo\u0335e", "This username has an accent or mark that is not part of a letter"),
        ("paypa1", LOOKS_LIKE),
        ("PayPaI", LOOKS_LIKE),
        ("x" * 31, "Choose a username of at most 30 characters."),
    ],
)
def test_a_look_alike_name_is_refused_with_the_reason(username: str, reason: str) -> None:
    users = get_user_model().objects.count()
    status, page = sign_up(username)
    assert status == 200
    assert reason in page
    assert get_user_model().objects.count() == users


@pytest.mark.parametrize(
    "username",
    [
        "ada",
        "\u0438\u0432\u0430\u043d",
        "\u3072\u3089\u304c\u306a\u6f22\u5b57",
        "ren\u00e9_1.x",
        "x" * 30,
    ],
)
def test_names_of_one_script_unlike_any_taken_are_welcome(username: str) -> None:
    status, _ = sign_up(username)
    assert status == 302
    assert get_user_model().objects.filter(username=username).exists()


def test_the_form_says_the_rule_before_it_is_broken() -> None:
    page = html.unescape(Client().get(reverse("signup")).content.decode())
    assert "At most 30 characters: letters of one alphabet, digits and _ . - @ +." in page
    assert 'maxlength="30"' in page


def test_a_new_name_is_checked_against_names_given_in_the_admin_and_by_deletion() -> None:
    staff = UserFactory(username="boss", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(staff)
    response = client.post(
        "/admin/auth/user/add/",
        {
            "username": "r\u043e\u043et2",
            "usable_password": "true",
            "password1": SECRET,
            "password2": SECRET,
        },
    )
    assert response.status_code == 200
    assert MIXES in html.unescape(response.content.decode())
    made = client.post(
        "/admin/auth/user/add/",
        {"username": "grace", "usable_password": "true", "password1": SECRET, "password2": SECRET},
    )
    assert made.status_code == 302
    assert sign_up("grac\u0435")[1].count(MIXES) == 1
    assert LOOKS_LIKE in sign_up("\u0261race")[1]  # Latin script g: one alphabet, a look-alike


def test_accounts_made_before_the_rule_keep_working() -> None:
    legacy = UserFactory(username="m\u0430ria")  # a mixed name from before
    assert UsernameSkeleton.objects.filter(user=legacy).exists()
    client = Client()
    answer = client.post(reverse("login"), {"username": "m\u0430ria", "password": DEFAULT_PASSWORD})
    assert answer.status_code == 302
    # And the plain Latin look-alike of it cannot be taken now.
    assert LOOKS_LIKE in sign_up("maria")[1]


def test_skeletons_match_what_a_reader_confuses() -> None:
    assert skeletons("\u0430dmin") & skeletons("admin")
    assert skeletons("rnike") & skeletons("mike")
    assert skeletons("\uff21\uff24\uff2d\uff29\uff2e") & skeletons("admin")
    assert not skeletons("adam") & skeletons("admin")
    assert not skeletons("rob") & skeletons("bob")
    assert mixes_scripts("\u0430dmin")
    assert not mixes_scripts("\u3072\u3089\u304c\u306a\u6f22\u5b57")  # Japanese writes with Han
    assert not mixes_scripts("ada_2.x@y+z-w")
