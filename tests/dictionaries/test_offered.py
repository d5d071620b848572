"""A new dictionary is hidden from players until an admin offers it (issue 21 item 7)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from dictionaries import services
from dictionaries.models import Dictionary
from dictionaries.selectors import dictionaries_to_try, offered_dictionaries
from tests.factories import DictionaryFactory, UserFactory

pytestmark = pytest.mark.django_db

WORDS = b"ally\nbeta\ncool\n"


@pytest.fixture
def admin_client_() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def import_file(*args: str, tmp_path: Path) -> str:
    path = tmp_path / "words.txt"
    path.write_bytes(WORDS)
    stdout = io.StringIO()
    call_command("import_dictionary", str(path), *args, stdout=stdout, stderr=io.StringIO())
    return stdout.getvalue()


def test_the_upload_form_says_a_new_dictionary_is_hidden(admin_client_: Client) -> None:
    page = admin_client_.get(reverse("admin:dictionaries_dictionary_add")).content.decode()
    assert "A new dictionary is hidden from players until you offer it" in page


def test_an_upload_is_hidden_until_an_admin_offers_it(admin_client_: Client) -> None:
    admin_client_.post(
        reverse("admin:dictionaries_dictionary_add"),
        {"name": "Test list", "word_file": SimpleUploadedFile("w.txt", WORDS)},
    )
    dictionary = Dictionary.objects.get()
    assert dictionary.is_hidden
    assert list(offered_dictionaries()) == []
    admin_client_.post(
        reverse("admin:dictionaries_dictionary_changelist"),
        {"action": "offer_in_new_games", "_selected_action": [dictionary.pk]},
    )
    dictionary.refresh_from_db()
    assert not dictionary.is_hidden
    assert list(offered_dictionaries()) == [dictionary]


def test_an_upload_made_the_default_is_offered_at_once(admin_client_: Client) -> None:
    admin_client_.post(
        reverse("admin:dictionaries_dictionary_add"),
        {
            "name": "Test list",
            "word_file": SimpleUploadedFile("w.txt", WORDS),
            "make_default": "on",
        },
    )
    dictionary = Dictionary.objects.get()
    assert (dictionary.is_default, dictionary.is_hidden) == (True, False)


def test_the_command_imports_hidden_unless_offered_or_default(tmp_path: Path) -> None:
    output = import_file("--name", "Hidden", "--no-par", tmp_path=tmp_path)
    assert Dictionary.objects.get(name="Hidden").is_hidden
    assert "hidden from players until an admin offers it" in output
    output = import_file("--name", "Offered", "--offer", "--no-par", tmp_path=tmp_path)
    assert not Dictionary.objects.get(name="Offered").is_hidden
    assert "It is offered to players." in output
    import_file("--name", "Default", "--default", "--no-par", tmp_path=tmp_path)
    assert not Dictionary.objects.get(name="Default").is_hidden


def test_the_built_in_list_is_offered_even_when_not_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(services, "default_word_source", lambda: ["ally", "beta"])
    DictionaryFactory(is_default=True)
    result = services.dictionary_import_default()
    assert not result.dictionary.is_default
    assert not result.dictionary.is_hidden


def test_the_built_in_list_is_offered_and_the_default_on_a_fresh_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(services, "default_word_source", lambda: ["ally", "beta"])
    result = services.dictionary_import_default()
    assert (result.dictionary.is_default, result.dictionary.is_hidden) == (True, False)


def test_staff_list_holds_the_hidden_ones_after_the_offered() -> None:
    hidden = DictionaryFactory(name="A hidden", is_hidden=True)
    default = DictionaryFactory(name="Z default", is_default=True)
    other = DictionaryFactory(name="M other")
    assert list(offered_dictionaries()) == [default, other]
    assert list(dictionaries_to_try(include_hidden=False)) == [default, other]
    assert list(dictionaries_to_try(include_hidden=True)) == [default, other, hidden]
