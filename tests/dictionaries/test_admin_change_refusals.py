"""The admin change form shows a refused edit (a form error, or a message after a
refusal on save) and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.urls import reverse

from dictionaries import admin as dictionaries_admin
from dictionaries.forms import DictionaryChangeForm
from dictionaries.models import Dictionary
from tests.factories import DictionaryFactory, GameFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def change_url(dictionary: Dictionary) -> str:
    return reverse("admin:dictionaries_dictionary_change", args=[dictionary.pk])


def post_change(client: Client, dictionary: Dictionary, **changes: Any) -> Any:
    data = {"name": dictionary.name, "description": dictionary.description, **changes}
    return client.post(change_url(dictionary), data)


def test_a_name_taken_in_another_case_is_a_form_error_on_the_name(staff: Client) -> None:
    DictionaryFactory(name="CLI good")
    dictionary = DictionaryFactory(name="Week one", description="Before", words=["ally"])
    response = post_change(staff, dictionary, name="cli GOOD", description="After")
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "'cli GOOD' already exists" in errors["name"][0]
    dictionary.refresh_from_db()
    assert (dictionary.name, dictionary.description) == ("Week one", "Before")
    assert not LogEntry.objects.exists()


def test_a_dictionary_may_change_the_case_of_its_own_name(staff: Client) -> None:
    dictionary = DictionaryFactory(name="CLI good", words=["ally"])
    response = post_change(staff, dictionary, name="cli GOOD")
    assert response.status_code == 302
    dictionary.refresh_from_db()
    assert dictionary.name == "cli GOOD"


def test_the_form_uses_the_services_name_rule() -> None:
    DictionaryFactory(name="CLI good")
    dictionary = DictionaryFactory(name="Week one")
    form = DictionaryChangeForm(
        data={"name": "  cli   GOOD ", "description": ""}, instance=dictionary
    )
    assert not form.is_valid()
    assert form.errors.as_data()["name"][0].code == "name_taken"


def test_a_refusal_raised_while_saving_redirects_back_with_the_reason(
    staff: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game started between the form's checks and the save: the service refuses the
    relabelling, and the admin shows the same page again with why, not a server error."""
    dictionary = DictionaryFactory(name="Week one", description="Before", words=["ally"])
    real_update = dictionaries_admin.dictionary_update

    def update_after_a_game_started(**kwargs: Any) -> Dictionary:
        GameFactory(dictionary=kwargs["dictionary"])
        return real_update(**kwargs)

    monkeypatch.setattr(dictionaries_admin, "dictionary_update", update_after_a_game_started)
    url = change_url(dictionary) + "?_changelist_filters=is_hidden__exact%3D0"
    data = {"name": "Week two", "description": "After"}
    response = staff.post(url, data)
    assert response.status_code == 302
    assert response["Location"] == url
    page = staff.get(response["Location"])
    shown = [(m.level_tag, str(m)) for m in page.context["messages"]]
    assert len(shown) == 1
    level, text = shown[0]
    assert level == "error"
    assert "is used by games, so its name and description cannot change" in text
    assert "is used by games" in page.content.decode()
    dictionary.refresh_from_db()
    assert (dictionary.name, dictionary.description) == ("Week one", "Before")
    assert not dictionary.games.exists()  # the admin's transaction was rolled back
    assert not LogEntry.objects.exists()
