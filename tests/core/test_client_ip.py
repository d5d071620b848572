"""The client's address: X-Forwarded-For counts only when a trusted proxy sent the request."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from pytest_django.fixtures import Settings

from core.client_ip import client_ip_address
from tests.evilsite.test_settings import run_python


def address(peer: str, forwarded: str | None = None) -> str | None:
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    return client_ip_address(RequestFactory().get("/", REMOTE_ADDR=peer, **headers))


def test_without_trusted_proxies_the_header_is_ignored(settings: Settings) -> None:
    settings.TRUSTED_PROXIES = []
    assert address("203.0.113.7", "198.51.100.1") == "203.0.113.7"


def test_a_peer_outside_the_trusted_networks_cannot_choose_its_address(
    settings: Settings,
) -> None:
    settings.TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8"]
    assert address("203.0.113.7", "198.51.100.1") == "203.0.113.7"
    assert address("11.0.0.1", "198.51.100.1") == "11.0.0.1"


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        ("127.0.0.1", "198.51.100.1", "198.51.100.1"),
        # Whatever the client wrote to the left is not believed.
        ("127.0.0.1", "1.2.3.4, 198.51.100.1", "198.51.100.1"),
        # A chain of trusted proxies: the rightmost untrusted address.
        ("127.0.0.1", "forged, 198.51.100.1, 10.1.2.3", "198.51.100.1"),
        # Every entry a proxy: the leftmost of them.
        ("10.0.0.5", "10.9.9.9", "10.9.9.9"),
        # No header at all: the proxy itself.
        ("127.0.0.1", "", "127.0.0.1"),
        # Garbage where the proxy wrote: the last address believed.
        ("127.0.0.1", "not-an-address", "127.0.0.1"),
        ("::ffff:127.0.0.1", "2001:db8::7", "2001:db8::7"),
    ],
)
def test_behind_a_trusted_proxy_the_client_is_the_rightmost_untrusted_address(
    settings: Settings, peer: str, forwarded: str, client: str
) -> None:
    settings.TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8"]
    assert address(peer, forwarded) == client


def test_the_proxy_count_caps_how_far_left_the_header_is_read(settings: Settings) -> None:
    settings.TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8"]
    settings.TRUSTED_PROXY_COUNT = 1
    assert address("127.0.0.1", "198.51.100.1, 10.1.2.3") == "10.1.2.3"


@pytest.mark.parametrize(
    ("env", "error"),
    [
        ({"DJANGO_TRUSTED_PROXIES": "127.0.0.1,not-a-network"}, "not 'not-a-network'"),
        ({"DJANGO_TRUSTED_PROXY_COUNT": "1"}, "set DJANGO_TRUSTED_PROXIES"),
    ],
)
@pytest.mark.slow
def test_unsafe_or_wrong_proxy_settings_stop_the_start(env: dict[str, str], error: str) -> None:
    result = run_python(
        "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'evilsite.settings')\n"
        "from django.conf import settings\nsettings.TRUSTED_PROXIES\n",
        env,
    )
    assert result.returncode != 0
    assert error in result.stderr


def test_the_deploy_check_warns_when_no_proxy_is_named(settings: Settings) -> None:
    from core.checks import NO_TRUSTED_PROXY_WARNING_ID, trusted_proxies_named

    settings.TRUSTED_PROXIES = []
    assert [message.id for message in trusted_proxies_named(None)] == [NO_TRUSTED_PROXY_WARNING_ID]
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert trusted_proxies_named(None) == []
