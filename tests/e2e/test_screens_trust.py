"""Budgets of the pages issue 37 changed, in Chromium at 390x844 and 1280x800, with
axe-core: the lock-out page of an address paused alone (finding 3), and a visitor's
account page, which offers sign-up instead of an e-mail field (finding 7). The first fits
one screen, the second two, with no sideways scroll; each says what to do next.

With E2E_SCREENSHOTS=<folder> it also saves them.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from axes.models import AccessFailureLog
from django.conf import settings
from django.test import Client
from django.utils import timezone

from core.guests import guest_create
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import PASSWORD
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SCREENS = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]
SCREENSHOTS = os.environ.get("E2E_SCREENSHOTS", "")


def fits_one_screen(page: Any, screen: dict[str, int], name: str) -> None:
    assert page.evaluate("document.documentElement.scrollHeight") <= screen["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    assert_accessible(page, f"{name} at {screen['width']} px")
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}-{screen['width']}.png"))


@pytest.mark.parametrize("screen", SCREENS)
def test_an_address_paused_alone_is_told_for_how_long(
    page: Any, live_server: Any, screen: dict[str, int]
) -> None:
    UserFactory(username="ada", password=PASSWORD)
    # This address's 20 failures of the last minutes (the browser's address: 127.0.0.1).
    now = timezone.now()
    AccessFailureLog.objects.bulk_create(
        AccessFailureLog(
            username="ada",
            ip_address="127.0.0.1",
            user_agent="",
            path_info="/accounts/login/",
            attempt_time=now - timedelta(seconds=30 + number),
        )
        for number in range(settings.AXES_USERNAME_FAILURE_LIMIT)
    )
    page.set_viewport_size(screen)
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("#id_username").fill("ada")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    alert = page.get_by_role("alert")
    assert "Logins as ada from your network are paused" in alert.inner_text()
    assert "Try again in 1 minute." in alert.inner_text()
    assert page.get_by_role("link", name="reset it by e-mail").is_visible()
    fits_one_screen(page, screen, "locked-out-address")


@pytest.mark.parametrize("screen", SCREENS)
def test_a_visitors_account_page_offers_sign_up_not_an_address(
    page: Any, live_server: Any, screen: dict[str, int]
) -> None:
    client = Client()
    client.force_login(guest_create())
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    page.set_viewport_size(screen)
    page.goto(f"{live_server.url}/accounts/profile/")
    main = page.locator("main")
    assert "A visitor's account keeps no e-mail address." in main.inner_text()
    assert page.locator("input[name=email]").count() == 0
    assert main.get_by_role("link", name="Sign up").is_visible()
    assert page.evaluate("document.documentElement.scrollHeight") <= 2 * screen["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    assert_accessible(page, f"a visitor's account page at {screen['width']} px")
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(
            path=str(Path(SCREENSHOTS) / f"visitor-profile-{screen['width']}.png"), full_page=True
        )
