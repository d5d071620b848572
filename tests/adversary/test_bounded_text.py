"""Every free-text field of the site's forms has a length bound: no request stores, or
makes the server work through, megabytes of text (the request size limit aside)."""

from __future__ import annotations

import importlib
import inspect

import pytest
from django import forms

# Django's UserCreationForm's own: bounded by the request size limit (2.5 MB), and hashed
# once (PBKDF2 prehashes a long password), so their length costs nothing more.
DJANGOS_PASSWORD_FIELDS = frozenset({"password1", "password2"})
FORM_MODULES = (
    "games.forms",
    "records.filters",
    "classes.forms",
    "daily.forms",
    "dictionaries.forms",
    "accounts.forms",
)


def site_forms() -> list[type[forms.BaseForm]]:
    found = []
    for name in FORM_MODULES:
        module = importlib.import_module(name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, forms.BaseForm) and value.__module__ == name:
                found.append(value)
    return found


def test_the_forms_are_found() -> None:
    names = {form.__name__ for form in site_forms()}
    assert {"GameFilterForm", "ClassroomForm", "DictionaryUploadForm", "GuessForm"} <= names


@pytest.mark.django_db
@pytest.mark.parametrize("form", site_forms(), ids=lambda form: form.__name__)
def test_every_text_field_is_bounded(form: type[forms.BaseForm]) -> None:
    unbounded = [
        name
        for name, field in form.base_fields.items()
        if isinstance(field, forms.CharField)
        and not isinstance(field, forms.UUIDField)  # parsed as a UUID or refused at once
        and field.max_length is None
        and name not in DJANGOS_PASSWORD_FIELDS
    ]
    assert unbounded == []
