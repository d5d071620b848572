"""A lock-out that protects owners instead of locking them out (issue 26, finding 3).

The trick: usernames are public on the leaderboards, so five wrong passwords from each
of four addresses (20 posts, 8 s) paused the account "from everywhere" for 24 hours,
and only a reset e-mail (optional) lifted it. Now a browser that has signed in to the
account before (a device cookie, OWASP's pattern) keeps signing in whatever strangers
do, from any address; unknown devices are paused minutes, growing, never a day; a
password-guessing run from unknown devices still stops at the same try as before; the
per-address limits stay.

Issue 37, finding 3: 20 wrong passwords from one address still paused the account for
every new browser, refused tries counted again, and a made-up username was never paused.
Now one address's failures pause that address alone; the account is paused for unknown
devices by failures from many addresses (each counted once); a refused try counts for
nothing; a made-up name answers as a real one (tests/adversary/test_one_address.py).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from axes.models import AccessFailureLog
from django.core import signing
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from accounts.devices import DEVICE_COOKIE, DEVICE_COOKIE_SALT
from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rate_clock")]


@pytest.fixture(autouse=True)
def _behind_the_proxy(settings: Settings) -> None:
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    UserFactory(username="ada")


def log_in(password: str, address: str, *, client: Client | None = None) -> Any:
    return (client or Client()).post(
        reverse("login"),
        {"username": "ada", "password": password},
        HTTP_X_FORWARDED_FOR=address,
    )


def known_device() -> Client:
    """A browser in which the owner signed in once (then signed out): its cookie stays."""
    first = Client()
    assert log_in(DEFAULT_PASSWORD, "192.0.2.10", client=first).status_code == 302
    cookie = first.cookies[DEVICE_COOKIE].value
    browser = Client()
    browser.cookies[DEVICE_COOKIE] = cookie
    return browser


def spray(*, addresses: int, per_address: int = 1, prefix: str = "198.51.100") -> None:
    """Wrong passwords from many addresses: from 20 addresses on, the account is paused
    for unknown devices."""
    for number in range(addresses):
        for attempt in range(per_address):
            log_in(f"guess-{number}-{attempt}", f"{prefix}.{number}")


def pass_time(seconds: int) -> None:
    """Move every recorded failure this far into the past."""
    back = dt.timedelta(seconds=seconds)
    for failure in AccessFailureLog.objects.all():
        AccessFailureLog.objects.filter(pk=failure.pk).update(
            attempt_time=failure.attempt_time - back
        )


class TestTheOwnersKnownDevice:
    def test_a_spray_from_many_addresses_never_stops_it(self) -> None:
        browser = known_device()
        spray(addresses=4, per_address=5)  # the reported trick: 20 posts
        spray(addresses=20, prefix="203.0.113")  # and 20 more addresses
        assert log_in(DEFAULT_PASSWORD, "192.0.2.77").status_code == 429  # a new device
        response = log_in(DEFAULT_PASSWORD, "192.0.2.77", client=browser)
        assert response.status_code == 302
        assert response["Location"] == reverse("home")

    def test_nor_strangers_failing_from_the_owners_own_address(self) -> None:
        """The (username, address) lock too: a stranger at the same café or school."""
        browser = known_device()
        for attempt in range(5):
            log_in(f"guess-{attempt}", "192.0.2.10")
        assert log_in(DEFAULT_PASSWORD, "192.0.2.10").status_code == 429
        assert log_in(DEFAULT_PASSWORD, "192.0.2.10", client=browser).status_code == 302

    def test_the_owners_typos_do_not_pause_the_account(self) -> None:
        browser = known_device()
        for attempt in range(4):
            assert log_in(f"typo-{attempt}", "192.0.2.10", client=browser).status_code == 200
        assert not AccessFailureLog.objects.exists()
        assert log_in(DEFAULT_PASSWORD, "192.0.2.10", client=browser).status_code == 302

    def test_a_known_device_that_guesses_is_trusted_no_more(self) -> None:
        """A cookie left on a shared computer: 5 failures of its own, then it is one more
        unknown device, whose failures count and pause like anyone's."""
        browser = known_device()
        for attempt in range(5):
            log_in(f"guess-{attempt}", "192.0.2.10", client=browser)
        assert not AccessFailureLog.objects.exists()
        for attempt in range(5):
            log_in(f"more-{attempt}", "192.0.2.10", client=browser)
        assert AccessFailureLog.objects.count() == 5
        assert log_in(DEFAULT_PASSWORD, "192.0.2.10", client=browser).status_code == 429

    def test_a_name_taken_again_after_deletion_does_not_know_the_old_browser(self) -> None:
        """The account is deleted, its name freed and taken by someone else: the old
        browser's cookie names the same name but another account, so it is a stranger's."""
        from django.contrib.auth.models import User

        browser = known_device()
        User.objects.filter(username="ada").delete()
        UserFactory(username="ada")
        spray(addresses=20)
        assert log_in(DEFAULT_PASSWORD, "192.0.2.10", client=browser).status_code == 429

    @pytest.mark.parametrize("forged", ["garbage", "other-account", "unsigned"])
    def test_a_forged_or_borrowed_cookie_is_an_unknown_device(self, forged: str) -> None:
        UserFactory(username="grace")
        if forged == "other-account":
            value = signing.dumps({"u": "grace", "d": "x"}, salt=DEVICE_COOKIE_SALT)
        elif forged == "unsigned":
            value = signing.dumps({"u": "ada", "d": "x"}, salt="another-salt")
        else:
            value = "garbage"
        spray(addresses=20)
        browser = Client()
        browser.cookies[DEVICE_COOKIE] = value
        assert log_in(DEFAULT_PASSWORD, "192.0.2.77", client=browser).status_code == 429


class TestUnknownDevices:
    def test_a_guessing_run_stops_at_the_same_try_as_before(self) -> None:
        """20 addresses, 1 password each (under every per-address limit): the 21st try,
        the right password from yet another address, is paused."""
        for number in range(20):
            response = log_in(f"guess-{number}", f"198.51.100.{number}")
            assert response.status_code == 200
        right = log_in(DEFAULT_PASSWORD, "203.0.113.50")
        assert right.status_code == 429
        page = right.content.decode()
        assert "from browsers that have not signed in to it before are paused" in page
        assert reverse("password_reset") in page

    def test_the_pauses_are_minutes_growing_never_a_day(self) -> None:
        """Each new address failing once the pause is over doubles it, from a minute up to
        an hour; tries refused while paused change nothing; once the last pause is over,
        the right password from a new device signs in."""
        spray(addresses=20)
        waits = []
        for step in range(9):
            refused = log_in(DEFAULT_PASSWORD, f"203.0.113.{step}")
            assert refused.status_code == 429
            wait = int(refused["Retry-After"])
            again = log_in(DEFAULT_PASSWORD, f"203.0.113.{step + 100}")
            assert int(again["Retry-After"]) == wait  # refused: not one more failure
            waits.append(wait)
            pass_time(wait + 1)
            assert log_in(f"guess-{step}", f"192.0.2.{step}").status_code == 200
        assert waits[0] <= 60
        assert waits == sorted(waits)
        assert waits[1] > waits[0]
        assert 50 * 60 < waits[-1] <= 60 * 60  # minutes, never a day
        pass_time(60 * 60 + 1)
        assert log_in(DEFAULT_PASSWORD, "192.0.2.200").status_code == 302

    def test_per_address_limits_stay(self) -> None:
        """One address failing on many names is refused by its own limit (login_failure)."""
        for number in range(20):
            UserFactory(username=f"user{number}")
            Client().post(
                reverse("login"),
                {"username": f"user{number}", "password": "wrong"},
                HTTP_X_FORWARDED_FOR="198.51.100.9",
            )
        browser = known_device()
        refused = log_in(DEFAULT_PASSWORD, "198.51.100.9", client=browser)
        assert refused.status_code == 429
