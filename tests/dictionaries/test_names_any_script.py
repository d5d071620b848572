"""Names in any script (issue 38): a dictionary named in its own language's letters, in the
service, the command and the admin; look-alikes compared by the skeletons of all letters;
classes and API tokens named in any script too."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.usernames import skeletons
from api.services import api_token_create
from classes.forms import ClassroomForm
from core.names import has_letter_or_digit, name_skeletons
from dictionaries.forms import DictionaryChangeForm
from dictionaries.models import Dictionary, DictionaryImport
from dictionaries.names import dictionary_slug
from dictionaries.services import dictionary_import, dictionary_rename_error
from dictionaries.wordfiles import DictionaryImportError
from tests.factories import ClassroomFactory, DictionaryFactory, UserFactory

pytestmark = pytest.mark.django_db

HEBREW = "עברית"
GREEK = "Ελληνικά"
GREEK_WITH_LATIN_O = "Ελληνικά Λoγια"  # the o of Λoγια is Latin: a look-alike of Λογια


def imported(name: str, *lines: str, tag: str = "en") -> Dictionary:
    return dictionary_import(
        name=name, source="\n".join(lines or ("ally", "beta")).encode(), language_tag=tag
    ).dictionary


def refused_name(name: str) -> DictionaryImportError:
    with pytest.raises(DictionaryImportError) as caught:
        imported(name)
    assert caught.value.field == "name"
    return caught.value


# --- the service -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        (HEBREW, "עברית"),
        (GREEK, "ελληνικά"),
        ("Русский 2026", "русский-2026"),
        ("Español (familiar)", "espanol-familiar"),  # a Latin name keeps its ASCII slug
        ("English (web2)", "english-web2"),
    ],
)
def test_a_dictionary_can_be_named_in_its_own_script(name: str, slug: str) -> None:
    dictionary = imported(name)
    assert (dictionary.name, dictionary.slug) == (name, slug)
    assert dictionary_slug(name) == slug


def test_names_that_differ_in_their_non_latin_letters_are_two_names() -> None:
    """Both slugged to "2026" and were "too close" when only Latin letters were compared."""
    imported(f"{HEBREW} 2026")
    imported(f"{GREEK} 2026")
    assert sorted(Dictionary.objects.values_list("slug", flat=True)) == [
        "ελληνικά-2026",
        "עברית-2026",
    ]


@pytest.mark.parametrize(
    ("taken", "name"),
    [
        ("Greek", "Gr\u0435ek"),  # a Cyrillic e (U+0435) inside
        ("Ελληνικά Λογια", GREEK_WITH_LATIN_O),
        ("Course words", "Course w0rds"),
        ("Course words", "Cóurse-Words"),
    ],
)
def test_a_lookalike_of_a_taken_name_is_still_refused(taken: str, name: str) -> None:
    imported(taken)
    error = refused_name(name)
    assert error.code == "name_taken"
    assert "looks too much like the existing dictionary" in error.message or "too close" in (
        error.message
    )
    assert Dictionary.objects.count() == 1


@pytest.mark.parametrize("name", ["★ ★", "---", "…"])
def test_a_name_without_a_letter_or_digit_of_any_script_is_refused(name: str) -> None:
    assert refused_name(name).code == "name_no_slug"
    assert not Dictionary.objects.exists()


def test_one_skeleton_function_for_usernames_and_names() -> None:
    """A name's skeletons are a username's (one ICU function), its spaces and punctuation
    left out; a Hebrew and a Greek name share none."""
    assert name_skeletons("Gr\u0435ek") == name_skeletons("greek")
    assert skeletons("gr\u0435ek") & skeletons("greek")
    assert name_skeletons(f"{HEBREW} 2026").isdisjoint(name_skeletons(f"{GREEK} 2026"))
    assert has_letter_or_digit(HEBREW)
    assert not has_letter_or_digit("★")


def test_a_rename_to_a_lookalike_is_refused_and_to_another_script_allowed() -> None:
    DictionaryFactory(name="Greek", slug="greek")
    other = DictionaryFactory(name="Other", slug="other")
    error = dictionary_rename_error(dictionary=other, name="Gr\u0435ek")
    assert error is not None
    assert error.code == "name_taken"
    assert dictionary_rename_error(dictionary=other, name=GREEK) is None
    assert dictionary_rename_error(dictionary=other, name="★").code == "name_invalid"


def test_a_pending_upload_of_a_lookalike_name_blocks_another(tmp_path: Path) -> None:
    from dictionaries.import_jobs import import_store

    DictionaryImport.objects.create(name="Greek", file_name="x.txt", file_size=10)
    with pytest.raises(DictionaryImportError) as caught:
        import_store(
            name="Gr\u0435ek", upload=SimpleUploadedFile("w.txt", b"ally\n"), queue=lambda pk: ""
        )
    assert "already waiting to be imported" in caught.value.message


# --- the command -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "tag", "words"), [(HEBREW, "he", "שלום\nעולם\n"), (GREEK, "el", "γεια\nκόσμε\n")]
)
def test_the_command_imports_a_list_named_in_its_own_script(
    tmp_path: Path, name: str, tag: str, words: str
) -> None:
    path = tmp_path / "words.txt"
    path.write_text(words, encoding="utf-8")
    stdout = io.StringIO()
    call_command("import_dictionary", str(path), "--name", name, "--language", tag, stdout=stdout)
    assert Dictionary.objects.get().name == name
    assert f"Imported {name!r}" in stdout.getvalue()


# --- the admin ---------------------------------------------------------------------------------


@pytest.fixture
def admin_client_() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def test_the_admin_uploads_a_list_named_in_hebrew(admin_client_: Client) -> None:
    data = {
        "name": f"{HEBREW} 2026",
        "language_tag": "he",
        "word_file": SimpleUploadedFile("w.txt", "שלום\nעולם\n".encode()),
    }
    DictionaryFactory(name=f"{GREEK} 2026", slug="ελληνικά-2026")
    response = admin_client_.post(reverse("admin:dictionaries_dictionary_add"), data, follow=True)
    assert response.status_code == 200
    assert Dictionary.objects.filter(name=f"{HEBREW} 2026").exists()


def test_the_admin_refuses_a_lookalike_upload_on_the_name(admin_client_: Client) -> None:
    DictionaryFactory(name="Greek", slug="greek")
    data = {"name": "Gr\u0435ek", "word_file": SimpleUploadedFile("w.txt", b"ally\n")}
    response = admin_client_.post(reverse("admin:dictionaries_dictionary_add"), data)
    assert response.status_code == 200
    assert "looks too much like" in response.context["form"].errors["name"][0]
    assert Dictionary.objects.count() == 1


def test_the_admin_renames_into_greek_but_not_into_a_lookalike() -> None:
    DictionaryFactory(name="Greek", slug="greek")
    other = DictionaryFactory(name="Other", slug="other")
    form = DictionaryChangeForm(data={"name": "Gr\u0435ek", "description": ""}, instance=other)
    assert not form.is_valid()
    assert "looks too much like" in form.errors["name"][0]
    form = DictionaryChangeForm(data={"name": GREEK, "description": ""}, instance=other)
    assert form.is_valid(), form.errors


# --- classes and API tokens --------------------------------------------------------------------


def test_a_class_and_an_api_token_can_be_named_in_any_script() -> None:
    teacher = UserFactory()
    form = ClassroomForm(data={"name": "כיתה ב׳", "term": "Χειμώνας 2026"})
    assert form.is_valid(), form.errors
    classroom = ClassroomFactory(instructor=teacher, **form.cleaned_data)
    classroom.full_clean()  # the model's validators too
    token, _secret = api_token_create(user=teacher, name="Ελληνικός παίκτης")
    assert token.name == "Ελληνικός παίκτης"


def test_the_command_takes_a_name_beside_another_script_s_and_refuses_a_lookalike(
    tmp_path: Path,
) -> None:
    from django.core.management import CommandError

    path = tmp_path / "words.txt"
    path.write_text("ally\nbeta\n", encoding="utf-8")
    for name in (f"{HEBREW} 2026", f"{GREEK} 2026", "Greek"):
        call_command("import_dictionary", str(path), "--name", name, stdout=io.StringIO())
    with pytest.raises(CommandError, match="looks too much like the existing dictionary 'Greek'"):
        call_command("import_dictionary", str(path), "--name", "Gr\u0435ek", stdout=io.StringIO())
    assert Dictionary.objects.count() == 3
