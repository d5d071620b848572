"""A forgotten password, end to end: Django's views, the e-mail (locmem), the link, log in."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-much-longer-new-secret-42"


@pytest.fixture(autouse=True)
def _locmem_email(settings: Settings) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def reset_link(message: mail.EmailMessage) -> str:
    match = re.search(r"https?://[^/\s]+(/accounts/password/reset/[^\s]+/)", message.body)
    assert match, message.body
    return match.group(1)


def test_a_player_resets_a_forgotten_password_by_email(client: Client) -> None:
    UserFactory(username="ada", email="ada@example.org")
    login_page = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in login_page

    response = client.post(reverse("password_reset"), {"email": "ADA@example.org"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("password_reset_done")
    assert "Check your e-mail" in response.content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ada@example.org"]
    assert message.subject == "Evil Hangman: choose a new password"
    assert "Hello ada," in message.body
    assert "for 3 days" in message.body

    form = client.get(reset_link(message), follow=True)
    assert "Choose a new password" in form.content.decode()
    set_password_url = form.redirect_chain[-1][0]
    done = client.post(
        set_password_url,
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert done.redirect_chain[-1][0] == reverse("password_reset_complete")
    assert "Your new password is set" in done.content.decode()

    fresh = Client()
    old = fresh.post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
    assert "Please enter a correct username and password" in old.content.decode()
    logged_in = fresh.post(reverse("login"), {"username": "ada", "password": NEW_PASSWORD})
    assert logged_in["Location"] == reverse("home")


def test_the_link_works_once(client: Client) -> None:
    UserFactory(username="ada", email="ada@example.org")
    client.post(reverse("password_reset"), {"email": "ada@example.org"})
    link = reset_link(mail.outbox[0])
    set_password_url = client.get(link, follow=True).redirect_chain[-1][0]
    client.post(set_password_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    again = Client().get(link, follow=True).content.decode()
    assert "This link does not work" in again


def test_a_bad_new_password_is_refused_and_the_old_one_stays(client: Client) -> None:
    user = UserFactory(username="ada", email="ada@example.org")
    client.post(reverse("password_reset"), {"email": "ada@example.org"})
    set_password_url = client.get(reset_link(mail.outbox[0]), follow=True).redirect_chain[-1][0]
    response = client.post(set_password_url, {"new_password1": "short", "new_password2": "short"})
    assert "This password is too short" in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(DEFAULT_PASSWORD)


def test_an_unknown_address_sends_nothing_and_says_the_same(client: Client) -> None:
    UserFactory(username="ada", email="ada@example.org")
    UserFactory(username="no-email")
    response = client.post(reverse("password_reset"), {"email": "bob@example.org"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("password_reset_done")
    assert mail.outbox == []


def test_a_tampered_link_is_refused(client: Client) -> None:
    user = UserFactory(username="ada", email="ada@example.org")
    client.post(reverse("password_reset"), {"email": "ada@example.org"})
    link = reset_link(mail.outbox[0])
    tampered = re.sub(r"/[^/]+/$", "/0-notatoken/", link)
    assert "This link does not work" in client.get(tampered, follow=True).content.decode()
    assert User.objects.get(pk=user.pk).check_password(DEFAULT_PASSWORD)


class TestEmailAtSignUpAndOnTheProfile:
    def test_sign_up_with_an_optional_email(self, client: Client) -> None:
        client.post(
            reverse("signup"),
            {
                "username": "ada",
                "email": "ada@example.org",
                "password1": NEW_PASSWORD,
                "password2": NEW_PASSWORD,
            },
        )
        assert User.objects.get(username="ada").email == "ada@example.org"
        Client().post(
            reverse("signup"),
            {"username": "bob", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        )
        assert User.objects.get(username="bob").email == ""

    def test_a_bad_address_is_refused(self, client: Client) -> None:
        response = client.post(
            reverse("signup"),
            {
                "username": "ada",
                "email": "not-an-address",
                "password1": NEW_PASSWORD,
                "password2": NEW_PASSWORD,
            },
        )
        assert "Enter a valid email address." in response.content.decode()
        assert not User.objects.filter(username="ada").exists()

    def test_deleted_account_names_are_reserved(self, client: Client) -> None:
        response = client.post(
            reverse("signup"),
            {"username": "Deleted-1234", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        )
        assert "are kept for deleted accounts" in response.content.decode()
        assert not User.objects.filter(username="Deleted-1234").exists()

    def test_the_profile_sets_and_clears_the_address(self, client: Client) -> None:
        user = UserFactory(username="ada")
        client.force_login(user)
        response = client.post(reverse("profile"), {"email": "Ada@EXAMPLE.org"}, follow=True)
        user.refresh_from_db()
        assert user.email == "Ada@example.org"  # the domain is not case-sensitive
        assert "can now be reset through Ada@example.org" in response.content.decode()
        client.post(reverse("profile"), {"email": ""})
        user.refresh_from_db()
        assert user.email == ""
        bad = client.post(reverse("profile"), {"email": "nope"})
        assert "Enter a valid email address." in bad.content.decode()

    def test_the_profile_needs_a_login(self, client: Client) -> None:
        response = client.get(reverse("profile"))
        assert response["Location"] == f"{reverse('login')}?next={reverse('profile')}"
