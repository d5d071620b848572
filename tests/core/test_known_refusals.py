"""Refusals a process already knows of: a login flood's next posts are refused before the
session, the CSRF check and authentication, with no query, until the window ends
(core/ratelimit.py, ``remember_refusal``; core/middleware.py,
``KnownRefusalsMiddleware``)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.asserts import assertNumQueries
from pytest_django.fixtures import Settings

from core import ratelimit
from core.models import RateLimitCount
from core.ratelimit import Rate, RateLimitExceeded, is_post, rate_limited
from tests.adversary.conftest import RateClock
from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

FLOODER = "203.0.113.7"
FAILURES_ALLOWED = 20  # RATE_LIMIT_LOGIN_FAILURE_PER_ADDRESS, 20/10m


@pytest.fixture
def rate_clock(monkeypatch: pytest.MonkeyPatch) -> RateClock:
    return RateClock(monkeypatch)


def flood_until_refused(client: Client, path: str | None = None) -> None:
    """Failed logins with made-up names up to the address's limit, then the first refusal
    (through the view: one read)."""
    path = path or reverse("login")
    for number in range(FAILURES_ALLOWED):
        answer = client.post(path, {"username": f"nobody{number}", "password": "x"})
        assert answer.status_code == 200
    assert client.post(path, {"username": "nobody", "password": "x"}).status_code == 429


def test_a_flood_refused_once_is_refused_again_with_no_query(rate_clock: RateClock) -> None:
    UserFactory(username="ada")
    flood = Client(REMOTE_ADDR=FLOODER)
    flood_until_refused(flood)
    rate_clock.now += 100
    with assertNumQueries(0):
        refused = flood.post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
    assert refused.status_code == 429
    assert refused["Retry-After"] == "470"  # the window's end, as the database would say
    html = refused.content.decode()
    assert "Error 429" in html
    assert (
        "Too many failed logins from your network: the limit is 20 per 10 minutes. "
        "Nothing was done; try again in 8 minutes."
    ) in html
    assert "csrfmiddlewaretoken" not in html  # the plain page: no form, no htmx headers
    assert "X-CSRFToken" not in html
    assert refused["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in refused["Content-Security-Policy"]
    assert "_auth_user_id" not in flood.session
    # Neither tried nor counted: the counts are the first twenty failures' and the first refusal's.
    assert dict(RateLimitCount.objects.values_list("scope", "hits")) == {
        "login_failure": FAILURES_ALLOWED,
        "login": FAILURES_ALLOWED,
    }
    # HTMX gets the notice alone, also refused early.
    with assertNumQueries(0):
        htmx = flood.post(
            reverse("login"), {"username": "ada", "password": "x"}, headers={"HX-Request": "true"}
        )
    assert htmx.status_code == 429
    assert htmx.content.decode().lstrip().startswith('<p class="notice notice-error" role="alert">')
    assert htmx["Retry-After"] == "470"


def test_a_known_refusal_holds_only_its_address_path_and_method(rate_clock: RateClock) -> None:
    UserFactory(username="ada")
    flood_until_refused(Client(REMOTE_ADDR=FLOODER))
    # The form itself is still shown to the flooding address (a GET is not what was refused).
    assert Client(REMOTE_ADDR=FLOODER).get(reverse("login")).status_code == 200
    # Another address logs in.
    elsewhere = Client(REMOTE_ADDR="198.51.100.1")
    answer = elsewhere.post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
    assert answer.status_code == 302
    # The admin's login form learns its own refusal from the database (one read), then knows it.
    admin = Client(REMOTE_ADDR=FLOODER)
    with CaptureQueriesContext(connection) as queries:
        assert admin.post("/admin/login/", {"username": "ada", "password": "x"}).status_code == 429
    assert len(queries) >= 1
    with assertNumQueries(0):
        assert admin.post("/admin/login/", {"username": "ada", "password": "x"}).status_code == 429


def test_the_admins_login_form_is_refused_early_too(rate_clock: RateClock) -> None:
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    flood = Client(REMOTE_ADDR=FLOODER)
    flood_until_refused(flood, "/admin/login/")
    with assertNumQueries(0):
        refused = flood.post("/admin/login/", {"username": "boss", "password": DEFAULT_PASSWORD})
    assert refused.status_code == 429
    assert "Too many failed logins from your network" in refused.content.decode()
    assert "_auth_user_id" not in flood.session


def test_a_known_refusal_ends_with_its_window(rate_clock: RateClock) -> None:
    UserFactory(username="ada")
    flood_until_refused(Client(REMOTE_ADDR=FLOODER))
    window_end = rate_clock.now - rate_clock.now % 600 + 600
    rate_clock.now = window_end - 0.5
    refused = Client(REMOTE_ADDR=FLOODER).post(
        reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD}
    )
    assert refused.status_code == 429
    assert refused["Retry-After"] == "1"
    rate_clock.now = window_end
    answer = Client(REMOTE_ADDR=FLOODER).post(
        reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD}
    )
    assert answer.status_code == 302


def test_a_known_refusal_follows_the_settings(rate_clock: RateClock, settings: Settings) -> None:
    """A rate set anew (a test, a deploy) or the limits switched off: the database decides."""
    UserFactory(username="ada")
    flood_until_refused(Client(REMOTE_ADDR=FLOODER))
    login = {"username": "ada", "password": DEFAULT_PASSWORD}
    settings.RATE_LIMITS_ENABLED = False
    assert Client(REMOTE_ADDR=FLOODER).post(reverse("login"), login).status_code == 302
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMITS_PER_ADDRESS = {
        **settings.RATE_LIMITS_PER_ADDRESS,
        "login_failure": "50/10m",
        "login": "100/10m",
    }
    assert Client(REMOTE_ADDR=FLOODER).post(reverse("login"), login).status_code == 302


def test_only_refusals_of_a_marked_view_for_an_address_are_remembered(
    rate_clock: RateClock, settings: Settings
) -> None:
    """A player's own limit (an export) is decided after the session is read: never early."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_check": "1/h"}
    ada = UserFactory(username="ada")
    client = Client(REMOTE_ADDR=FLOODER)
    client.force_login(ada)
    form = {"old_password": "wrong", "new_password1": "x", "new_password2": "x"}
    assert client.post(reverse("password_change"), form).status_code == 200
    assert client.post(reverse("password_change"), form).status_code == 429
    assert ratelimit._known_refusals == {}
    error = RateLimitExceeded(
        scope="login", rate=Rate(1, 60), retry_after=30, whose="user", subject="user:1"
    )
    ratelimit.remember_refusal(RequestFactory().post(reverse("login")), error)
    assert ratelimit._known_refusals == {}


def test_known_refusals_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratelimit, "KNOWN_REFUSALS_MAX", 3)
    now = ratelimit.time.time()
    request = RequestFactory().post(reverse("login"))
    for number in range(3):
        error = RateLimitExceeded(
            scope="login_failure",
            rate=Rate(20, 600),
            retry_after=30,
            whose="ip",
            subject=f"ip:10.0.0.{number}",
            window_end=now + (-1 if number == 0 else 30),  # the first one's window is over
        )
        ratelimit.remember_refusal(request, error)
    assert sum(len(known) for known in ratelimit._known_refusals.values()) == 3
    error = RateLimitExceeded(
        scope="login_failure",
        rate=Rate(20, 600),
        retry_after=30,
        whose="ip",
        subject="ip:10.0.0.9",
        window_end=now + 30,
    )
    ratelimit.remember_refusal(request, error)  # the ended one makes room
    (known,) = ratelimit._known_refusals.values()
    assert sorted(known) == ["ip:10.0.0.1", "ip:10.0.0.2", "ip:10.0.0.9"]
    error = RateLimitExceeded(
        scope="login_failure",
        rate=Rate(20, 600),
        retry_after=30,
        whose="ip",
        subject="ip:10.0.0.10",
        window_end=now + 30,
    )
    ratelimit.remember_refusal(request, error)  # none ended: forgotten, to be learned again
    (known,) = ratelimit._known_refusals.values()
    assert sorted(known) == ["ip:10.0.0.10"]


def test_a_view_refused_early_may_only_look_at_the_method() -> None:
    rate_limited("login", only=is_post, refuse_early=True)
    rate_limited("login", refuse_early=True)
    with pytest.raises(ImproperlyConfigured, match="refuse_early"):
        rate_limited("login", only=lambda request: True, refuse_early=True)
