"""Safe by default in production: no published password, no cached private page, no
browser feature granted, no unbounded free text."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError, SystemCheckError
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse
from pytest_django.fixtures import Settings

from accounts.checks import DEMO_PASSWORD_ERROR_ID, published_demo_passwords
from core.middleware import PrivateResponsesMiddleware
from dictionaries.forms import DictionaryUploadForm
from dictionaries.models import DESCRIPTION_MAX_LENGTH, Dictionary
from dictionaries.services import dictionary_import
from dictionaries.wordfiles import DictionaryImportError
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db


# Demo accounts ------------------------------------------------------------------------


def test_demo_accounts_are_refused_with_debug_off(settings: Settings) -> None:
    settings.DEBUG = False
    with pytest.raises(CommandError, match="--allow-published-passwords"):
        call_command("ensure_demo_accounts", stdout=StringIO())
    assert not UserFactory._meta.model.objects.exists()


def test_demo_accounts_are_made_with_debug_on_or_the_explicit_flag(settings: Settings) -> None:
    settings.DEBUG = True
    call_command("ensure_demo_accounts", stdout=StringIO())
    assert UserFactory._meta.model.objects.filter(username="admin", is_superuser=True).exists()
    settings.DEBUG = False
    call_command("ensure_demo_accounts", "--allow-published-passwords", stdout=StringIO())


def test_the_deploy_check_errors_while_a_demo_password_is_unchanged() -> None:
    call_command("ensure_demo_accounts", "--allow-published-passwords", stdout=StringIO())
    errors = published_demo_passwords(None)
    assert {error.obj for error in errors} == {"demo", "teacher", "admin"}
    assert {error.id for error in errors} == {DEMO_PASSWORD_ERROR_ID}
    with pytest.raises(SystemCheckError, match=r"core\.E001"):
        call_command("check", "--deploy", "--fail-level", "ERROR", stdout=StringIO())

    users = UserFactory._meta.model.objects
    admin = users.get(username="admin")
    admin.set_password("a-private-one-8831")
    admin.save()
    users.filter(username="teacher").update(is_active=False)  # an inactive one cannot sign in
    assert [error.obj for error in published_demo_passwords(None)] == ["demo"]
    users.filter(username="demo").delete()
    assert published_demo_passwords(None) == []


def test_the_deploy_check_changes_no_stored_hash() -> None:
    """Checking a password must not rehash and save it (a check only reads)."""
    call_command("ensure_demo_accounts", "--allow-published-passwords", stdout=StringIO())
    before = dict(UserFactory._meta.model.objects.values_list("username", "password"))
    published_demo_passwords(None)
    assert dict(UserFactory._meta.model.objects.values_list("username", "password")) == before


# Cache-Control and Permissions-Policy ---------------------------------------------------------


def no_store(response: HttpResponse) -> bool:
    directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return {"private", "no-store"} <= directives and "public" not in directives


@pytest.mark.parametrize(
    "url_name",
    [
        "home",
        "leaderboard",
        "leaderboard_points",
        "daily_today",
        "my_games",
        "player_stats",
        "profile",
    ],
)
def test_every_page_to_a_signed_in_user_is_private_and_not_stored(url_name: str) -> None:
    # The old statistics address leads to the player's own page: that page is checked.
    response = client_for(UserFactory()).get(reverse(url_name), follow=True)
    assert response.status_code == 200
    assert no_store(response)


@pytest.mark.parametrize("url_name", ["my_data_csv", "my_data_jsonl"])
def test_a_download_is_private_and_not_stored(url_name: str) -> None:
    response = client_for(UserFactory()).get(reverse(url_name))
    assert response["Content-Disposition"].startswith("attachment")
    assert no_store(response)


def test_a_public_page_to_a_visitor_may_be_cached() -> None:
    response = Client().get(reverse("leaderboard"))
    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")


def test_any_download_is_not_stored_even_for_a_visitor() -> None:
    request = RequestFactory().get("/anything.csv")
    request.user = AnonymousUser()

    def download(_: object) -> HttpResponse:
        response = HttpResponse("a,b\n", content_type="text/csv")
        response["Content-Disposition"] = 'attachment; filename="x.csv"'
        response["Cache-Control"] = "public, max-age=600"
        return response

    response = PrivateResponsesMiddleware(download)(request)
    assert no_store(response)


def test_every_response_grants_no_browser_feature() -> None:
    policy = Client().get(reverse("home"))["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"):
        assert feature in policy


# Bounded free text ---------------------------------------------------------------------


def test_a_long_description_is_refused_by_the_upload_form() -> None:
    form = DictionaryUploadForm(
        data={"name": "Long", "description": "x" * (DESCRIPTION_MAX_LENGTH + 1)},
        files={},
    )
    assert not form.is_valid()
    assert "at most 2000 characters" in str(form.errors["description"])


def test_a_long_description_is_refused_by_the_import_and_nothing_is_stored() -> None:
    with pytest.raises(DictionaryImportError, match="at most 2,000"):
        dictionary_import(name="Long", source=b"word\n", description="x" * 2 * 1024 * 1024)
    assert not Dictionary.objects.filter(name="Long").exists()


def test_the_database_refuses_a_long_description_whatever_writes_it() -> None:
    dictionary = DictionaryFactory()
    dictionary.description = "x" * (DESCRIPTION_MAX_LENGTH + 1)
    with pytest.raises(ValidationError):
        dictionary.full_clean()
    with pytest.raises(IntegrityError), transaction.atomic():
        Dictionary.objects.filter(pk=dictionary.pk).update(description=dictionary.description)


@pytest.mark.parametrize(
    ("model_label", "field", "limit"),
    [
        ("classes.Classroom", "name", 100),
        ("classes.Classroom", "term", 60),
        ("classes.Assignment", "title", 100),
        ("dictionaries.Dictionary", "name", 100),
        ("dictionaries.Dictionary", "description", DESCRIPTION_MAX_LENGTH),
    ],
)
def test_every_free_text_field_has_a_bound(model_label: str, field: str, limit: int) -> None:
    from django.apps import apps

    assert apps.get_model(model_label)._meta.get_field(field).max_length == limit
