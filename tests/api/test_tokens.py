"""Tokens on the Account page (shown once, listed, revoked; CSRF) and ``manage.py api_token``."""

from __future__ import annotations

import datetime as dt
from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from api.models import ApiToken
from api.services import token_hash
from tests.api.conftest import ApiClient
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(player: Any) -> Client:
    client = Client()
    client.force_login(player)
    return client


def test_a_token_is_shown_once_then_listed_without_its_secret(
    signed_in: Client, player: Any
) -> None:
    page = signed_in.post("/accounts/api-tokens/new/", {"name": "  solver  v2 "})
    assert page.status_code == 200
    token = ApiToken.objects.get(user=player)
    assert token.name == "solver v2"
    secret = page.content.decode().split('<code id="api-token-secret">')[1].split("<")[0]
    assert token_hash(secret) == token.token_hash
    assert ApiClient(secret).get("/me").json()["username"] == player.username
    account = signed_in.get("/accounts/profile/").content.decode()
    assert "solver v2" in account
    assert secret not in account
    assert token.prefix in account


def test_the_forms_need_csrf(player: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    assert client.post("/accounts/api-tokens/new/", {"name": "x"}).status_code == 403
    assert not ApiToken.objects.exists()


def test_revoking_from_the_account_page(signed_in: Client, player: Any, secret: str) -> None:
    token = ApiToken.objects.get()
    response = signed_in.post(f"/accounts/api-tokens/{token.pk}/revoke/")
    assert response.status_code == 302
    assert ApiClient(secret).get("/me").status_code == 401
    assert "revoked" in signed_in.get("/accounts/profile/").content.decode()


def test_another_account_cannot_revoke_a_token(secret: str) -> None:
    token = ApiToken.objects.get()
    other = Client()
    other.force_login(UserFactory())
    other.post(f"/accounts/api-tokens/{token.pk}/revoke/")
    assert ApiClient(secret).get("/me").status_code == 200


def test_the_cap_per_account(signed_in: Client, player: Any, settings: Any) -> None:
    settings.API_TOKENS_PER_ACCOUNT = 2
    for name in ("a", "b", "c"):
        signed_in.post("/accounts/api-tokens/new/", {"name": name})
    assert list(ApiToken.objects.values_list("name", flat=True).order_by("name")) == ["a", "b"]
    first = ApiToken.objects.get(name="a")
    signed_in.post(f"/accounts/api-tokens/{first.pk}/revoke/")
    signed_in.post("/accounts/api-tokens/new/", {"name": "c"})
    assert ApiToken.objects.filter(revoked_at__isnull=True).count() == 2


def test_a_blank_name_makes_nothing(signed_in: Client) -> None:
    signed_in.post("/accounts/api-tokens/new/", {"name": "   "})
    assert not ApiToken.objects.exists()


def test_signed_out_the_forms_make_nothing(client: Client) -> None:
    response = client.post("/accounts/api-tokens/new/", {"name": "x"})
    assert response.status_code == 302
    assert not ApiToken.objects.exists()


def test_the_command_prints_a_working_token(player: Any) -> None:
    out = StringIO()
    call_command("api_token", player.username, "--name", "ci", stdout=out)
    secret = out.getvalue().strip()
    assert ApiToken.objects.get().name == "ci"
    assert ApiClient(secret).get("/me").json() == {"username": player.username, "token_name": "ci"}


def test_the_command_refuses_an_unknown_user(db: None) -> None:
    with pytest.raises(CommandError, match="No account"):
        call_command("api_token", "nobody")


def test_a_token_made_to_expire_works_until_then(signed_in: Client, player: Any) -> None:
    page = signed_in.post("/accounts/api-tokens/new/", {"name": "week", "days": "7"})
    secret = page.content.decode().split('<code id="api-token-secret">')[1].split("<")[0]
    token = ApiToken.objects.get()
    assert timezone.now() + dt.timedelta(days=6) < token.expires_at
    assert token.expires_at < timezone.now() + dt.timedelta(days=8)
    assert ApiClient(secret).get("/me").status_code == 200
    ApiToken.objects.update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    assert ApiClient(secret).get("/me").status_code == 401
    assert "expired" in signed_in.get("/accounts/profile/").content.decode()


@pytest.mark.parametrize("days", ["0", "-3", "366", "soon"])
def test_a_bad_expiry_makes_nothing(signed_in: Client, days: str) -> None:
    signed_in.post("/accounts/api-tokens/new/", {"name": "x", "days": days})
    assert not ApiToken.objects.exists()


def test_an_expired_token_does_not_count_in_the_cap(
    signed_in: Client, player: Any, settings: Any
) -> None:
    settings.API_TOKENS_PER_ACCOUNT = 1
    signed_in.post("/accounts/api-tokens/new/", {"name": "a", "days": "1"})
    ApiToken.objects.update(expires_at=timezone.now())
    signed_in.post("/accounts/api-tokens/new/", {"name": "b"})
    assert ApiToken.objects.count() == 2


def test_the_command_makes_a_token_that_expires(player: Any) -> None:
    out = StringIO()
    call_command("api_token", player.username, "--days", "3", stdout=out)
    token = ApiToken.objects.get()
    assert token.expires_at is not None
    assert token.expires_at - timezone.now() > dt.timedelta(days=2, hours=23)
    with pytest.raises(CommandError, match="1 to 365"):
        call_command("api_token", player.username, "--days", "0")
