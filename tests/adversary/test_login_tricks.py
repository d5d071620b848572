"""Password guessing: forged addresses, rotating addresses, floods of logins and resets.

Issue 15, tricks 6 and 7: with ``X-Forwarded-For`` believed from anyone, every
try came from a new address and the (username, address) lock never held; one
account could be tried from as many addresses as an attacker has; logins with
random usernames and password-reset mails had no limit at all.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessFailureLog
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from pytest_django.fixtures import Settings

from core.models import RateLimitCount
from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-much-longer-new-secret-42"


def log_in(
    username: str, password: str, *, peer: str = "127.0.0.1", forwarded: str | None = None
) -> object:
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    return Client(REMOTE_ADDR=peer, **headers).post(
        reverse("login"), {"username": username, "password": password}
    )


def test_a_forged_forwarded_for_from_an_untrusted_peer_is_ignored(settings: Settings) -> None:
    """gunicorn reached directly: the header says a new address each time, the socket does not."""
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    UserFactory(username="ada")
    for number in range(5):
        log_in("ada", "wrong", peer="203.0.113.7", forwarded=f"198.51.100.{number}")
    right = log_in("ada", DEFAULT_PASSWORD, peer="203.0.113.7", forwarded="198.51.100.99")
    assert right.status_code == 429
    assert "from your network are paused after 5 failed attempts" in right.content.decode()
    assert right["Retry-After"] == "900"
    assert set(AccessFailureLog.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}


def test_rotating_addresses_cannot_guess_one_accounts_password(settings: Settings) -> None:
    """Through the real proxy, 20 addresses try 1 password each: the account itself locks."""
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert settings.AXES_USERNAME_FAILURE_LIMIT == 20
    UserFactory(username="ada")
    for number in range(20):
        response = log_in("ada", f"guess-{number}", forwarded=f"198.51.100.{number}")
        assert response.status_code == 200  # the form again: no pair reached its own limit
    right = log_in("ada", DEFAULT_PASSWORD, forwarded="203.0.113.50")
    assert right.status_code == 429
    page = right.content.decode()
    assert (
        "Logins as <strong>ada</strong> from browsers that have not signed in to it before "
        "are paused"
    ) in page
    assert "in the last 24 hours, logins to it failed from at least 20 different addresses" in page
    assert reverse("password_reset") in page
    # A pause of minutes, growing with each try (issue 26: a day's lock was a weapon).
    assert 1 <= int(right["Retry-After"]) <= 60
    # Another account is not held back.
    UserFactory(username="grace")
    assert log_in("grace", DEFAULT_PASSWORD, forwarded="203.0.113.50").status_code == 302


def test_the_accounts_lock_lifts_when_its_failures_leave_the_window(settings: Settings) -> None:
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    UserFactory(username="ada")
    for number in range(20):
        log_in("ada", "wrong", forwarded=f"198.51.100.{number}")
    assert log_in("ada", DEFAULT_PASSWORD, forwarded="203.0.113.50").status_code == 429
    for failure in AccessFailureLog.objects.all():
        failure.attempt_time -= timedelta(hours=24, minutes=1)
        failure.save(update_fields=["attempt_time"])
    assert log_in("ada", DEFAULT_PASSWORD, forwarded="203.0.113.50").status_code == 302


def test_a_password_reset_by_email_lifts_the_accounts_lock(settings: Settings) -> None:
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    ada = UserFactory(username="ada", email="ada@example.org")
    for number in range(20):
        log_in("ada", "wrong", forwarded=f"198.51.100.{number}")
    client = Client()
    link = reverse(
        "password_reset_confirm",
        args=[urlsafe_base64_encode(force_bytes(ada.pk)), default_token_generator.make_token(ada)],
    )
    form_url = client.get(link, follow=True).redirect_chain[-1][0]
    done = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302
    assert log_in("ada", NEW_PASSWORD, forwarded="203.0.113.50").status_code == 302


@pytest.mark.usefixtures("rate_clock")
def test_a_login_flood_with_random_usernames_is_refused_per_address(settings: Settings) -> None:
    assert settings.RATE_LIMITS_PER_ADDRESS["login_failure"] == "20/10m"
    UserFactory(username="ada")
    flood = Client(REMOTE_ADDR="203.0.113.7")
    for number in range(20):
        answer = flood.post(reverse("login"), {"username": f"user{number}", "password": "x"})
        assert answer.status_code == 200
    refused = flood.post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
    assert refused.status_code == 429
    assert refused["Retry-After"] == "570"
    assert (
        "Too many failed logins from your network: the limit is 20 per 10 minutes. "
        "Nothing was done; try again in 10 minutes."
    ) in refused.content.decode()
    # Not even tried, nor counted as an attempt: one read refused it.
    counts = dict(RateLimitCount.objects.values_list("scope", "hits"))
    assert counts == {"login_failure": 20, "login": 20}
    assert "_auth_user_id" not in flood.session
    # HTMX gets the notice alone.
    htmx = flood.post(
        reverse("login"), {"username": "ada", "password": "x"}, headers={"HX-Request": "true"}
    )
    assert htmx.status_code == 429
    assert htmx.content.decode().lstrip().startswith('<p class="notice notice-error" role="alert">')
    # Elsewhere, the same player logs in.
    elsewhere = Client(REMOTE_ADDR="198.51.100.1")
    answer = elsewhere.post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
    assert answer.status_code == 302


@pytest.mark.usefixtures("rate_clock")
def test_the_admins_login_is_held_to_the_same_limits() -> None:
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    flood = Client(REMOTE_ADDR="203.0.113.7")
    for number in range(20):
        answer = flood.post("/admin/login/", {"username": f"user{number}", "password": "x"})
        assert answer.status_code == 200
    refused = flood.post("/admin/login/", {"username": "boss", "password": DEFAULT_PASSWORD})
    assert refused.status_code == 429
    assert "Too many failed logins from your network" in refused.content.decode()
    assert "_auth_user_id" not in flood.session


@pytest.mark.usefixtures("rate_clock")
def test_a_class_logging_in_behind_one_address_is_not_held_back() -> None:
    """Thirty students and their typos, from the school's one address."""
    for number in range(30):
        UserFactory(username=f"student{number}")
    for number in range(30):
        school = Client(REMOTE_ADDR="203.0.113.7")
        if number % 5 == 0:  # a typo first
            typo = school.post(reverse("login"), {"username": f"student{number}", "password": "x"})
            assert typo.status_code == 200
        answer = school.post(
            reverse("login"), {"username": f"student{number}", "password": DEFAULT_PASSWORD}
        )
        assert answer.status_code == 302


@pytest.mark.usefixtures("rate_clock")
def test_every_login_attempt_counts_per_address_too(settings: Settings) -> None:
    settings.RATE_LIMITS_PER_ADDRESS = {**settings.RATE_LIMITS_PER_ADDRESS, "login": "3/10m"}
    UserFactory(username="ada")
    for _ in range(3):
        answer = Client(REMOTE_ADDR="203.0.113.7").post(
            reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD}
        )
        assert answer.status_code == 302
    refused = Client(REMOTE_ADDR="203.0.113.7").post(
        reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD}
    )
    assert refused.status_code == 429
    assert "Too many login attempts from your network" in refused.content.decode()


@pytest.fixture
def _locmem_email(settings: Settings) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.mark.usefixtures("rate_clock", "_locmem_email")
def test_password_reset_requests_are_limited_per_email_and_per_address() -> None:
    UserFactory(username="ada", email="ada@example.org")
    for number in range(3):
        client = Client(REMOTE_ADDR=f"198.51.100.{number}")
        answer = client.post(reverse("password_reset"), {"email": "ada@example.org"})
        assert answer.status_code == 302
    sent = len(mail.outbox)
    # A fourth for the same address, whatever the case and wherever from: refused, no mail.
    fourth = Client(REMOTE_ADDR="198.51.100.9").post(
        reverse("password_reset"), {"email": "ADA@Example.org"}
    )
    assert fourth.status_code == 429
    assert fourth["Retry-After"] == "3570"
    assert (
        "Too many password reset requests for this e-mail address: the limit is 3 per hour."
        in fourth.content.decode()
    )
    assert len(mail.outbox) == sent
    # One address asking for many e-mail addresses: 10 an hour.
    client = Client(REMOTE_ADDR="203.0.113.7")
    for number in range(10):
        answer = client.post(reverse("password_reset"), {"email": f"p{number}@example.org"})
        assert answer.status_code == 302
    refused = client.post(reverse("password_reset"), {"email": "new@example.org"})
    assert refused.status_code == 429
    assert "Too many password reset requests from your network" in refused.content.decode()


def test_failures_older_than_the_accounts_window_are_pruned() -> None:
    from accounts.lockout import prune_failure_log

    for number in range(3):
        UserFactory(username=f"nobody{number}")
        log_in(f"nobody{number}", "x", peer="203.0.113.7")
    old = AccessFailureLog.objects.get(username="nobody0")
    old.attempt_time -= timedelta(hours=25)
    old.save(update_fields=["attempt_time"])
    assert prune_failure_log() == 1
    assert sorted(AccessFailureLog.objects.values_list("username", flat=True)) == [
        "nobody1",
        "nobody2",
    ]
