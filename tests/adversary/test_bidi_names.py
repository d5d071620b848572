"""Bidirectional controls in names, and a visitor's e-mail address (issue 37, finding 7).

A dictionary named with U+202E rendered reversed on the new-game form and the
leaderboards. Every name an admin or a player sets now refuses the embeddings, overrides,
isolates and marks (``core.names``), with one message: dictionaries (upload and change),
classes (name and term), assignments (new and edited), API tokens, and usernames (Django's
own validator allows none). A visitor's account keeps no e-mail address.
"""

from __future__ import annotations

from typing import Any

import pytest
from django import forms
from django.contrib.auth import get_user_model
from django.forms import modelform_factory
from django.test import Client
from django.urls import reverse

from accounts.forms import ProfileForm, SignUpForm
from api.models import ApiToken
from api.services import ApiRuleError, api_token_create
from classes.forms import AssignmentEditForm, ClassroomForm
from classes.models import Assignment, Classroom
from core.guests import guest_create
from core.names import BIDI_CONTROLS
from dictionaries.forms import DictionaryChangeForm, DictionaryUploadForm
from dictionaries.models import Dictionary, DictionaryImport
from tests.classes.support import make_class_instructor
from tests.factories import UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

REFUSED = "A name cannot hold invisible characters that change the direction of text"
CONTROLS = sorted(BIDI_CONTROLS)


def named(control: str) -> str:
    return f"web2{control}txt.exe"


def errors_of(form_class: type[forms.BaseForm], field: str, value: str, **kwargs: Any) -> list:
    form = form_class(data={field: value}, **kwargs)
    form.is_valid()
    return form.errors.get(field, [])


def test_the_twelve_controls_are_the_issues() -> None:
    expected = {chr(point) for point in range(0x202A, 0x202F)}
    expected |= {chr(point) for point in range(0x2066, 0x206A)}
    expected |= {"\u200e", "\u200f", "\u061c"}
    assert expected == BIDI_CONTROLS


@pytest.mark.parametrize("control", CONTROLS, ids=lambda char: f"U+{ord(char):04X}")
@pytest.mark.parametrize(
    ("form_class", "field"),
    [
        (ClassroomForm, "name"),
        (ClassroomForm, "term"),
        (AssignmentEditForm, "title"),
        (DictionaryUploadForm, "name"),
        (DictionaryChangeForm, "name"),
        # The admin's forms are model forms: the models' validators hold there.
        (modelform_factory(Dictionary, fields=["name"]), "name"),
        (modelform_factory(DictionaryImport, fields=["name"]), "name"),
        (modelform_factory(Classroom, fields=["name"]), "name"),
        (modelform_factory(Classroom, fields=["term"]), "term"),
        (modelform_factory(Assignment, fields=["title"]), "title"),
        (modelform_factory(ApiToken, fields=["name"]), "name"),
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_every_name_refuses_each_control(
    form_class: type[forms.BaseForm], field: str, control: str
) -> None:
    assert any(REFUSED in str(error) for error in errors_of(form_class, field, named(control)))
    assert not any(REFUSED in str(error) for error in errors_of(form_class, field, "web2 txt"))


@pytest.mark.parametrize("control", CONTROLS, ids=lambda char: f"U+{ord(char):04X}")
def test_a_username_refuses_each_control(control: str) -> None:
    assert errors_of(SignUpForm, "username", f"ada{control}min")


def test_right_to_left_names_need_no_control() -> None:
    for name in ("מילון", "قاموس", "Κλάση 1"):
        assert not errors_of(ClassroomForm, "name", name)


def test_an_api_token_name_is_refused_by_the_service_too() -> None:
    player = UserFactory()
    with pytest.raises(ApiRuleError, match=REFUSED):
        api_token_create(user=player, name="bot\u202egnp.exe")
    assert not ApiToken.objects.exists()


def test_an_instructor_cannot_name_a_class_with_one() -> None:
    client = client_for(make_class_instructor())
    response = client.post(reverse("class_new"), {"name": "CS\u202e101", "term": "Spring 2026"})
    assert response.status_code == 200
    assert REFUSED in response.content.decode()
    assert not Classroom.objects.exists()


def test_the_admin_cannot_rename_a_dictionary_with_one(admin_client: Client) -> None:
    dictionary = Dictionary.objects.create(name="web2", slug="web2")
    url = reverse("admin:dictionaries_dictionary_change", args=[dictionary.pk])
    response = admin_client.post(url, {"name": "\u202e2bew", "slug": "web2", "description": ""})
    assert response.status_code == 200
    assert REFUSED in response.content.decode()
    dictionary.refresh_from_db()
    assert dictionary.name == "web2"


class TestAVisitorsEmail:
    def test_a_visitor_cannot_save_an_address(self, client: Client) -> None:
        guest = guest_create()
        client.force_login(guest)
        page = client.get(reverse("profile")).content.decode()
        assert "A visitor's account keeps no e-mail address" in page
        assert 'name="email"' not in page
        response = client.post(reverse("profile"), {"email": "someone@example.org"})
        assert response.status_code == 200
        assert "sign up first, then add it. Nothing was saved." in response.content.decode()
        guest.refresh_from_db()
        assert guest.email == ""

    def test_nor_through_the_form_or_the_service(self) -> None:
        from django.core.exceptions import ValidationError

        from accounts.services import account_set_email

        guest = guest_create()
        assert not ProfileForm(data={"email": "a@example.org"}, instance=guest).is_valid()
        with pytest.raises(ValidationError):
            account_set_email(user=guest, email="a@example.org")
        guest.refresh_from_db()
        assert guest.email == ""

    def test_an_account_still_saves_one(self, client: Client) -> None:
        player = UserFactory(username="ada")
        client.force_login(player)
        response = client.post(reverse("profile"), {"email": "ada@example.org"})
        assert response.status_code == 302
        player.refresh_from_db()
        assert player.email == "ada@example.org"

    def test_the_migration_forgets_the_addresses_visitors_saved(self) -> None:
        import importlib
        from types import SimpleNamespace

        from django.apps import apps
        from django.db import connection

        guest = guest_create()
        get_user_model().objects.filter(pk=guest.pk).update(email="planted@example.org")
        player = UserFactory(username="ada", email="ada@example.org")
        migration = importlib.import_module("accounts.migrations.0004_guests_keep_no_email")
        migration.forget_guests_addresses(apps, SimpleNamespace(connection=connection))
        guest.refresh_from_db()
        player.refresh_from_db()
        assert (guest.email, player.email) == ("", "ada@example.org")
