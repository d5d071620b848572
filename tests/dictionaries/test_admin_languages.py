"""The admin in other languages: the upload's language and accent rule, a Russian list
uploaded and imported by the worker, its pages and its word search."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from dictionaries.forms import OTHER_LANGUAGE, DictionaryUploadForm
from dictionaries.import_jobs import import_run, import_store
from dictionaries.languages import FOLD, KEEP
from dictionaries.models import Dictionary, DictionaryImport
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ADD_URL = "admin:dictionaries_dictionary_add"
WORDS_URL = "admin:dictionaries_word_changelist"
RUSSIAN = "Ёлка\nмедведь\nОБЪЁМ\nщи\nкот\nмама\nрыба\nдом2\n".encode()


@pytest.fixture
def admin_client_() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def upload(content: bytes, name: str = "Russian words", **extra: Any) -> dict[str, Any]:
    return {"name": name, "word_file": SimpleUploadedFile("words.txt", content), **extra}


def form(**data: Any) -> DictionaryUploadForm:
    files = {"word_file": SimpleUploadedFile("words.txt", b"mesa\n")}
    return DictionaryUploadForm({"name": "Words", **data}, files)


# --- the form ---------------------------------------------------------------------------------


def test_the_language_is_english_and_the_accents_its_rule_unless_chosen() -> None:
    chosen = form()
    assert chosen.is_valid(), chosen.errors
    assert (chosen.cleaned_data["language_tag"], chosen.cleaned_data["accents"]) == ("en", FOLD)
    german = form(language="de")
    assert german.is_valid()
    assert (german.cleaned_data["language_tag"], german.cleaned_data["accents"]) == ("de", KEEP)
    spanish_kept = form(language="es", accents=KEEP)
    assert spanish_kept.is_valid()
    assert spanish_kept.cleaned_data["accents"] == KEEP


def test_a_typed_tag_is_any_bcp_47_language() -> None:
    typed = form(language=OTHER_LANGUAGE, language_tag="EO")
    assert typed.is_valid(), typed.errors
    assert (typed.cleaned_data["language_tag"], typed.cleaned_data["accents"]) == ("eo", KEEP)
    regional = form(language="es", language_tag="es-MX")
    assert regional.is_valid()
    assert (regional.cleaned_data["language_tag"], regional.cleaned_data["accents"]) == (
        "es-MX",
        FOLD,
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"language": OTHER_LANGUAGE}, "Type the language's tag"),
        ({"language": OTHER_LANGUAGE, "language_tag": "klingon!"}, "is not a language tag"),
    ],
)
def test_a_missing_or_bad_tag_is_a_form_error(data: dict[str, str], message: str) -> None:
    refused = form(**data)
    assert not refused.is_valid()
    assert message in refused.errors["language_tag"][0]


# --- a Russian list, uploaded ------------------------------------------------------------------


def test_a_russian_list_is_uploaded_imported_and_shown(admin_client_: Client) -> None:
    response = admin_client_.post(reverse(ADD_URL), upload(RUSSIAN, language="ru"), follow=True)
    job = DictionaryImport.objects.get()
    assert (job.language, job.accents) == ("ru", KEEP)
    assert job.status == "done", job.error
    dictionary = Dictionary.objects.get()
    assert (dictionary.language, dictionary.accents) == ("ru", KEEP)
    assert len(dictionary.alphabet) == 33
    assert sorted(dictionary.words.values_list("text", flat=True)) == [
        "кот",
        "мама",
        "медведь",
        "объём",
        "рыба",
        "щи",
        "ёлка",
    ]
    page = response.content.decode()
    assert "Done: 7 words." in page
    assert "<td>8</td><td><code>дом2</code></td><td>contains the digit &#x27;2&#x27;" in page
    report = admin_client_.get(
        reverse("admin:dictionaries_dictionary_report", args=[dictionary.pk])
    ).content.decode()
    assert "Russian (ru); accents: keep accented letters as letters of their own" in report
    assert "<code>абвгдеёжзийклмнопрстуфхцчшщъыьэюя</code> (33 letters)" in report
    change = admin_client_.get(
        reverse("admin:dictionaries_dictionary_change", args=[dictionary.pk])
    ).content.decode()
    assert "Counted in wordfreq&#x27;s Russian (ru) data." in change


def test_the_word_search_finds_words_of_any_alphabet(admin_client_: Client) -> None:
    admin_client_.post(reverse(ADD_URL), upload(RUSSIAN, language="ru"))
    admin_client_.post(
        reverse(ADD_URL), upload("canción\ncanto\nmesa\n".encode(), name="Spanish", language="es")
    )
    russian, spanish = Dictionary.objects.get(language="ru"), Dictionary.objects.get(language="es")

    def found(dictionary: Dictionary, term: str) -> list[str]:
        response = admin_client_.get(
            reverse(WORDS_URL), {"q": term, "dictionary__id__exact": dictionary.pk}
        )
        assert response.status_code == 200
        return [word.text for word in response.context["cl"].result_list]

    assert found(russian, "ЁЛ") == ["ёлка"]
    assert found(russian, "е") == []  # ё is a letter of its own in Russian
    assert found(spanish, "Canción") == ["cancion"]  # folded as the import folded it
    assert found(spanish, "can") == ["cancion", "canto"]
    page = admin_client_.get(
        reverse(WORDS_URL), {"q": "canc", "dictionary__id__exact": spanish.pk}
    ).content.decode()
    assert "canción" in page  # the written word, beside its play form


def test_a_list_in_a_language_wordfreq_lacks_says_so(admin_client_: Client) -> None:
    response = admin_client_.post(
        reverse(ADD_URL),
        upload(b"saluton\nmondo\n", name="Esperanto", language=OTHER_LANGUAGE, language_tag="eo"),
        follow=True,
    )
    assert "wordfreq has no eo: every word has Zipf 0" in response.content.decode()
    dictionary = Dictionary.objects.get()
    assert not dictionary.has_frequencies
    change = admin_client_.get(
        reverse("admin:dictionaries_dictionary_change", args=[dictionary.pk])
    ).content.decode()
    assert "wordfreq has no eo" in change


def test_a_stray_word_is_refused_alone_and_the_import_page_says_why(
    admin_client_: Client,
) -> None:
    response = admin_client_.post(
        reverse(ADD_URL), upload("привет\nhello\nworld\n".encode(), language="en"), follow=True
    )
    job = DictionaryImport.objects.get()
    assert job.status == "done", job.error
    assert job.dictionary.word_count == 2
    page = response.content.decode()
    assert "<td>1 word in another script (Cyrillic)</td><td><code>привет</code></td>" in page


def test_a_list_mostly_in_another_script_fails_its_import_and_stores_nothing(
    admin_client_: Client,
) -> None:
    admin_client_.post(reverse(ADD_URL), upload("привет\nмир\nhello\n".encode(), language="en"))
    job = DictionaryImport.objects.get()
    assert job.status == "failed"
    assert job.error.startswith(
        "Nothing imported: Most of the words are in Cyrillic letters (2 of 3), but English is "
        "written in Latin letters"
    )
    assert not Dictionary.objects.exists()


# --- the worker's path ---------------------------------------------------------------------------


def test_the_worker_imports_in_the_language_the_upload_was_queued_with() -> None:
    queued: list[int] = []
    job = import_store(
        name="Français",
        upload=SimpleUploadedFile("mots.txt", "ÉCOLE\nœuvre\nécole\necole\n".encode()),
        queue=lambda job_id: queued.append(job_id) or "task-1",
        language_tag="fr",
    )
    assert (job.language, job.accents, queued) == ("fr", FOLD, [job.pk])
    done = import_run(job_id=job.pk)
    assert done is not None
    assert done.status == "done", done.error
    dictionary = done.dictionary
    assert dictionary is not None
    assert dictionary.language == "fr"
    # "école" and "ecole" play alike: the one wordfreq counts more in French is kept.
    assert dict(dictionary.words.values_list("text", "display")) == {
        "ecole": "école",
        "oeuvre": "œuvre",
    }
    assert done.report["merged"] == 1
    assert done.report["duplicates"] == 1
