"""Log in → "Create an account" → sign up: the new player lands where they were going."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "a-much-longer-new-secret-42"


def link_to_signup(html: str) -> str:
    match = re.search(r'<a href="(/accounts/signup/[^"]*)">Create an account</a>', html)
    assert match, 'no "Create an account" link'
    return unescape(match.group(1))


def hidden_next(html: str) -> str:
    match = re.search(r'<input type="hidden" name="next" value="([^"]*)">', html)
    assert match, "no hidden next field"
    return unescape(match.group(1))


def sign_up_through_the_form(client: Client, signup_url: str) -> str:
    """Fill in the form as a browser would: its hidden fields and nothing else."""
    page = client.get(signup_url).content.decode()
    response = client.post(
        reverse("signup"),
        {
            "username": "newcomer",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": hidden_next(page),
        },
    )
    assert response.status_code == 302
    return response["Location"]


def test_next_is_kept_from_login_through_sign_up(client: Client) -> None:
    going_to = reverse("game_new") + "?length=5&misses=3"
    login_page = client.get(reverse("login"), {"next": going_to}).content.decode()
    signup_url = link_to_signup(login_page)
    assert sign_up_through_the_form(client, signup_url) == going_to


def test_the_sign_up_page_carries_next_on_to_its_log_in_link(client: Client) -> None:
    page = client.get(reverse("signup"), {"next": "/games/7/"}).content.decode()
    assert hidden_next(page) == "/games/7/"
    assert 'href="/accounts/login/?next=/games/7/"' in page


@pytest.mark.parametrize(
    "external", ["https://evil.example/", "//evil.example/games/", "javascript:alert(1)"]
)
def test_an_external_next_is_ignored(client: Client, external: str) -> None:
    signup_url = reverse("signup") + "?" + f"next={external}"
    page = client.get(signup_url).content.decode()
    assert hidden_next(page) == ""
    assert "evil.example" not in page
    assert sign_up_through_the_form(client, signup_url) == reverse("home")


def test_without_next_sign_up_lands_home(client: Client) -> None:
    assert sign_up_through_the_form(client, reverse("signup")) == reverse("home")
