"""Sign up, log in and out, change password, and the django-axes lockout."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessAttemptExpiration
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-much-longer-new-secret-42"


def logged_in_username(client: Client) -> str | None:
    response = client.get(reverse("home"))
    user = response.context["user"]
    return user.get_username() if user.is_authenticated else None


class TestSignUp:
    def test_form_is_offered_to_visitors(self, client: Client) -> None:
        response = client.get(reverse("signup"))
        assert response.status_code == 200
        assert b'name="username"' in response.content
        assert b'name="password1"' in response.content

    def test_signing_up_creates_the_account_and_logs_in(self, client: Client) -> None:
        response = client.post(
            reverse("signup"),
            {"username": "newcomer", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        )
        assert response.status_code == 302
        assert response["Location"] == reverse("home")
        user = get_user_model().objects.get(username="newcomer")
        assert user.check_password(NEW_PASSWORD)
        assert logged_in_username(client) == "newcomer"

    def test_next_is_followed_after_sign_up(self, client: Client) -> None:
        response = client.post(
            reverse("signup"),
            {
                "username": "newcomer",
                "password1": NEW_PASSWORD,
                "password2": NEW_PASSWORD,
                "next": reverse("game_new"),
            },
        )
        assert response["Location"] == reverse("game_new")

    def test_next_to_another_site_is_ignored(self, client: Client) -> None:
        response = client.post(
            reverse("signup"),
            {
                "username": "newcomer",
                "password1": NEW_PASSWORD,
                "password2": NEW_PASSWORD,
                "next": "https://evil.example/",
            },
        )
        assert response["Location"] == reverse("home")

    @pytest.mark.parametrize(
        ("password", "message"),
        [
            ("short1", "This password is too short"),
            ("password123", "This password is too common"),
            ("83749201938475", "This password is entirely numeric"),
            ("newcomer-1", "The password is too similar to the username"),
        ],
    )
    def test_django_password_validators_apply(
        self, client: Client, password: str, message: str
    ) -> None:
        response = client.post(
            reverse("signup"),
            {"username": "newcomer", "password1": password, "password2": password},
        )
        assert response.status_code == 200
        assert message in response.content.decode()
        assert not get_user_model().objects.filter(username="newcomer").exists()

    def test_passwords_must_match(self, client: Client) -> None:
        response = client.post(
            reverse("signup"),
            {"username": "newcomer", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD + "x"},
        )
        assert "The two password fields didn" in response.content.decode()
        assert not get_user_model().objects.filter(username="newcomer").exists()

    def test_username_taken(self, client: Client) -> None:
        UserFactory(username="newcomer")
        response = client.post(
            reverse("signup"),
            {"username": "newcomer", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        )
        assert "A user with that username already exists." in response.content.decode()
        assert get_user_model().objects.filter(username="newcomer").count() == 1

    def test_logged_in_player_is_sent_home(self, client: Client) -> None:
        client.force_login(UserFactory())
        response = client.get(reverse("signup"))
        assert response.status_code == 302
        assert response["Location"] == reverse("home")


class TestLogInAndOut:
    def test_log_in_with_the_right_password(self, client: Client) -> None:
        UserFactory(username="ada")
        response = client.post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
        assert response.status_code == 302
        assert response["Location"] == reverse("home")
        assert logged_in_username(client) == "ada"

    def test_wrong_password_is_refused_with_a_message(self, client: Client) -> None:
        UserFactory(username="ada")
        response = client.post(reverse("login"), {"username": "ada", "password": "wrong"})
        assert response.status_code == 200
        assert "Please enter a correct username and password" in response.content.decode()
        assert logged_in_username(client) is None

    def test_log_out_is_post_only(self, client: Client) -> None:
        client.force_login(UserFactory())
        assert client.get(reverse("logout")).status_code == 405
        response = client.post(reverse("logout"))
        assert response.status_code == 302
        assert response["Location"] == reverse("home")
        assert "You are logged out." in client.get(reverse("home")).content.decode()
        assert logged_in_username(client) is None

    def test_nav_links_follow_the_login_state(self, client: Client) -> None:
        page = client.get(reverse("home")).content.decode()
        assert reverse("signup") in page
        assert reverse("login") in page
        client.force_login(UserFactory())
        page = client.get(reverse("home")).content.decode()
        assert reverse("logout") in page
        assert reverse("game_new") in page
        assert reverse("password_change") in page


class TestPasswordChange:
    def test_needs_login(self, client: Client) -> None:
        response = client.get(reverse("password_change"))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))

    def test_change_password(self, client: Client) -> None:
        user = UserFactory(username="ada")
        client.force_login(user)
        response = client.post(
            reverse("password_change"),
            {
                "old_password": DEFAULT_PASSWORD,
                "new_password1": NEW_PASSWORD,
                "new_password2": NEW_PASSWORD,
            },
        )
        assert response.status_code == 302
        assert response["Location"] == reverse("password_change_done")
        user.refresh_from_db()
        assert user.check_password(NEW_PASSWORD)
        # Still logged in on this device.
        assert logged_in_username(client) == "ada"
        assert client.get(reverse("password_change_done")).status_code == 200

    def test_wrong_old_password_changes_nothing(self, client: Client) -> None:
        user = UserFactory(username="ada")
        client.force_login(user)
        response = client.post(
            reverse("password_change"),
            {
                "old_password": "not-it",
                "new_password1": NEW_PASSWORD,
                "new_password2": NEW_PASSWORD,
            },
        )
        assert response.status_code == 200
        assert "Your old password was entered incorrectly" in response.content.decode()
        user.refresh_from_db()
        assert user.check_password(DEFAULT_PASSWORD)


class TestLockout:
    """django-axes: 5 failures lock (username, IP) for 15 minutes, then it lifts."""

    @staticmethod
    def made_earlier(*, minutes: int) -> None:
        """Move the recorded failed attempts, and their lock's end, this far into the past."""
        earlier = timedelta(minutes=minutes)
        for attempt in AccessAttempt.objects.all():
            attempt.attempt_time -= earlier
            attempt.save(update_fields=["attempt_time"])
        for expiration in AccessAttemptExpiration.objects.all():
            expiration.expires_at -= earlier
            expiration.save(update_fields=["expires_at"])

    def fail(self, client: Client, times: int) -> None:
        for _ in range(times):
            client.post(reverse("login"), {"username": "ada", "password": "wrong"})

    def test_fifth_failure_locks_even_the_right_password_out(self, client: Client) -> None:
        UserFactory(username="ada")
        self.fail(client, 4)
        response = client.post(reverse("login"), {"username": "ada", "password": "wrong"})
        assert response.status_code == 429
        page = response.content.decode()
        assert "Too many failed logins" in page
        assert "Try again in 15 minutes" in page
        response = client.post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
        assert response.status_code == 429
        assert logged_in_username(client) is None

    def test_four_failures_do_not_lock(self, client: Client) -> None:
        UserFactory(username="ada")
        self.fail(client, 4)
        response = client.post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
        assert response.status_code == 302
        assert logged_in_username(client) == "ada"

    def test_lock_is_per_username(self, client: Client) -> None:
        UserFactory(username="ada")
        UserFactory(username="grace")
        self.fail(client, 5)
        response = client.post(
            reverse("login"), {"username": "grace", "password": DEFAULT_PASSWORD}
        )
        assert response.status_code == 302

    def test_behind_a_proxy_the_lock_is_per_client_address(
        self, client: Client, settings: Settings
    ) -> None:
        """Every request comes from the proxy; the lock keys on the address it forwards."""
        settings.TRUSTED_PROXIES = ["10.0.0.0/24"]
        UserFactory(username="ada")
        proxy = {"REMOTE_ADDR": "10.0.0.2"}
        for _ in range(5):
            client.post(
                reverse("login"),
                {"username": "ada", "password": "wrong"},
                HTTP_X_FORWARDED_FOR="forged, 203.0.113.7",
                **proxy,
            )
        locked = client.post(
            reverse("login"),
            {"username": "ada", "password": DEFAULT_PASSWORD},
            HTTP_X_FORWARDED_FOR="203.0.113.7",
            **proxy,
        )
        assert locked.status_code == 429
        elsewhere = Client().post(
            reverse("login"),
            {"username": "ada", "password": DEFAULT_PASSWORD},
            HTTP_X_FORWARDED_FOR="198.51.100.9",
            **proxy,
        )
        assert elsewhere.status_code == 302

    def test_lock_lifts_after_the_cool_off(self, client: Client) -> None:
        UserFactory(username="ada")
        self.fail(client, 5)
        assert AccessAttempt.objects.filter(username="ada").exists()
        self.made_earlier(minutes=16)  # travel 16 minutes forward
        response = client.post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
        assert response.status_code == 302
        assert logged_in_username(client) == "ada"

    def test_lock_still_holds_before_the_cool_off_ends(self, client: Client) -> None:
        UserFactory(username="ada")
        self.fail(client, 5)
        self.made_earlier(minutes=14)
        response = client.post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
        assert response.status_code == 429
