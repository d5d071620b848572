"""Log-in throttling that cannot be turned on the owner (issue 37, finding 3).

The red team's trick: 20 wrong passwords from one address paused the account for every
new browser; tries refused with 429 counted again (30 tries: "try again in 60 minutes"),
one failure per pause kept it going; and a real account was paused after 4 failures, a
made-up name never, which told whether a username exists. Now one address's failures
slow that address alone, a refused try counts for nothing, and a made-up name answers
as a real one: same status, same pages, same counters, one password hash each.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt, AccessAttemptExpiration, AccessFailureLog
from django.contrib.auth import hashers
from django.test import Client
from pytest_django.fixtures import Settings

from core.models import RateLimitCount
from tests.adversary.conftest import RateClock
from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rate_clock")]

LOGIN_PATHS = ["/accounts/login/", "/admin/login/"]
ATTACKER = "198.51.100.7"
OWNERS_NEW_NETWORK = "192.0.2.200"


@pytest.fixture(autouse=True)
def _behind_the_proxy(settings: Settings) -> None:
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    UserFactory(username="ada", is_staff=True)  # staff: /admin/login/ signs her in too


def attempt(path: str, password: str, address: str, *, username: str = "ada") -> Any:
    return Client().post(
        path, {"username": username, "password": password}, HTTP_X_FORWARDED_FOR=address
    )


def travel(rate_clock: RateClock, *, minutes: int) -> None:
    """Time passes: every failure, lock and rate-limit window is that much older."""
    earlier = timedelta(minutes=minutes)
    for model, field in (
        (AccessAttempt, "attempt_time"),
        (AccessAttemptExpiration, "expires_at"),
        (AccessFailureLog, "attempt_time"),
    ):
        for row in model.objects.all():
            model.objects.filter(pk=row.pk).update(**{field: getattr(row, field) - earlier})
    rate_clock.now += minutes * 60


@pytest.mark.parametrize("path", LOGIN_PATHS)
def test_thirty_tries_from_one_address_leave_the_owners_new_browser_alone(path: str) -> None:
    answers = [attempt(path, f"guess-{number}", ATTACKER) for number in range(30)]
    assert [answer.status_code for answer in answers] == [200] * 4 + [429] * 26
    # The owner, in a browser that never signed in, on another network.
    owner = attempt(path, DEFAULT_PASSWORD, OWNERS_NEW_NETWORK)
    assert owner.status_code == 302
    # The attacker's address stays paused, a quarter of an hour at most.
    again = attempt(path, DEFAULT_PASSWORD, ATTACKER)
    assert again.status_code == 429
    assert 0 < int(again["Retry-After"]) <= 15 * 60


@pytest.mark.parametrize("path", LOGIN_PATHS)
def test_a_refused_try_counts_for_nothing(path: str, rate_clock: RateClock) -> None:
    for number in range(5):
        attempt(path, f"guess-{number}", ATTACKER)
    waits = []
    for number in range(25):
        refused = attempt(path, f"more-{number}", ATTACKER)
        assert refused.status_code == 429
        waits.append(int(refused["Retry-After"]))
    assert set(waits) == {15 * 60}  # the pause never grows
    assert AccessFailureLog.objects.count() == 5
    assert RateLimitCount.objects.get(scope="login_failure").hits == 5
    travel(rate_clock, minutes=16)
    assert attempt(path, DEFAULT_PASSWORD, ATTACKER).status_code == 302


def test_an_address_that_keeps_failing_slows_itself_alone(rate_clock: RateClock) -> None:
    """Four rounds of 5 failures, each after the last pause: from 20 on, each failure
    pauses that address for 1, 2, 4 ... minutes; the owner elsewhere is never paused."""
    path = LOGIN_PATHS[0]
    for round_number in range(4):
        for number in range(5):
            attempt(path, f"guess-{round_number}-{number}", ATTACKER)
        travel(rate_clock, minutes=16)
    assert attempt(path, "guess-21", ATTACKER).status_code == 200  # 20's minute is over
    paused = attempt(path, DEFAULT_PASSWORD, ATTACKER)
    assert paused.status_code == 429
    assert 60 < int(paused["Retry-After"]) <= 120
    page = paused.content.decode()
    assert "Logins as <strong>ada</strong> from your network are paused" in page
    assert "Try again in 2 minutes." in page
    assert attempt(path, DEFAULT_PASSWORD, OWNERS_NEW_NETWORK).status_code == 302


def test_many_addresses_still_pause_the_account_for_new_browsers() -> None:
    """Kept: 20 addresses, one failure each, pause unknown devices (the 21st try)."""
    for number in range(20):
        assert attempt(LOGIN_PATHS[0], f"guess-{number}", f"203.0.113.{number}").status_code == 200
    assert attempt(LOGIN_PATHS[0], DEFAULT_PASSWORD, OWNERS_NEW_NETWORK).status_code == 429


def page_text(answer: Any, username: str) -> str:
    """The page with what differs between any two requests (tokens, nonces) taken out."""
    text = answer.content.decode().replace(f'value="{username}"', "").replace(username, "NAME")
    return re.sub(r'(csrfmiddlewaretoken" value=|nonce=|"X-CSRFToken": )"[^"]*"', "", text)


@pytest.mark.parametrize("path", LOGIN_PATHS)
def test_a_made_up_username_answers_as_a_real_one(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same statuses, pages, waits and counters try after try, and one password hash per
    try that is checked (a dummy's for the made-up name): nothing tells them apart."""
    hasher_class = type(hashers.get_hasher())  # the site's (MD5 in tests: fast)
    calls: list[str] = []
    encode = hasher_class.encode

    def counted(self: Any, password: str, salt: str, *args: Any, **kwargs: Any) -> str:
        calls.append(password)
        return encode(self, password, salt, *args, **kwargs)

    monkeypatch.setattr(hasher_class, "encode", counted)
    runs: dict[str, list[tuple[int, str | None, int, str]]] = {}
    for username, address in (("ada", "198.51.100.1"), ("nobody-xq7", "198.51.100.2")):
        run = []
        for number in range(8):
            calls.clear()
            answer = attempt(path, f"guess-{number}", address, username=username)
            run.append(
                (
                    answer.status_code,
                    answer.get("Retry-After"),
                    len(calls),
                    page_text(answer, username),
                )
            )
        runs[username] = run
    assert runs["ada"] == runs["nobody-xq7"]
    assert [status for status, *_ in runs["nobody-xq7"]] == [200] * 4 + [429] * 4
    assert [hashes for _, _, hashes, _ in runs["nobody-xq7"]] == [1] * 5 + [0] * 3
    for model in (AccessFailureLog, AccessAttempt):
        assert model.objects.filter(username="nobody-xq7").count() == (
            model.objects.filter(username="ada").count()
        )
    hits = dict(RateLimitCount.objects.values_list("subject", "hits").filter(scope="login_failure"))
    assert hits == {"ip:198.51.100.1": 5, "ip:198.51.100.2": 5}


def test_the_addresses_of_one_ipv6_block_are_one_address() -> None:
    """One client holds a whole /64: its addresses share the pair's lock, and count once
    towards the account's pause."""
    answers = [
        attempt(LOGIN_PATHS[0], "guess", f"2001:db8:1:2::{number:x}") for number in range(1, 7)
    ]
    assert [answer.status_code for answer in answers] == [200] * 4 + [429] * 2
    assert set(AccessFailureLog.objects.values_list("ip_address", flat=True)) == {"2001:db8:1:2::"}
    assert attempt(LOGIN_PATHS[0], DEFAULT_PASSWORD, "2001:db8:1:3::1").status_code == 302
