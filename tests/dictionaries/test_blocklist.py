"""The blocklist: shipped from LDNOOBW, loaded by a migration, edited in the admin, and
applied to every import, which counts what it removed (dictionaries/blocklist.py)."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from dictionaries.blocklist import blocked_play_forms, without_blocked
from dictionaries.blocklist_data import BLOCKLIST_DIR, shipped_blocklists
from dictionaries.languages import language
from dictionaries.models import BlockedWord, Dictionary, DictionaryImport
from dictionaries.services import dictionary_import
from dictionaries.wordfiles import DictionaryImportError, parse_word_file

pytestmark = pytest.mark.django_db

# The words issue 38 names, as LDNOOBW (naughty-words 1.2.0) has them; "spast" it lacks.
NAMED = {
    "es": {"maricón", "marica", "puta"},
    "fr": {"nègre", "pédé"},
    "de": {"neger", "schwuchtel"},
    "en": {"nigger"},
}


def test_the_shipped_lists_credit_their_source_and_hold_the_named_slurs() -> None:
    shipped = shipped_blocklists()
    for code, named in NAMED.items():
        assert named <= set(shipped[code]), code
        header = (BLOCKLIST_DIR / f"{code}.txt").read_text(encoding="utf-8").splitlines()[1]
        assert "LDNOOBW" in header
        assert "CC BY 4.0" in header
        assert "naughty-words 1.2.0" in header
    assert (BLOCKLIST_DIR / "LDNOOBW-LICENSE").exists()


def test_the_migration_loaded_every_shipped_word() -> None:
    shipped = shipped_blocklists()
    assert BlockedWord.objects.count() == sum(len(words) for words in shipped.values())
    assert BlockedWord.objects.filter(language="de", word="schwuchtel").exists()


def test_a_blocked_word_is_matched_by_its_play_form() -> None:
    folded = blocked_play_forms(language_tag="es-MX", accents="fold")
    assert {"maricon", "puta"} <= folded  # the list folds: maricón plays as maricon
    kept = blocked_play_forms(language_tag="es", accents="keep")
    assert "maricón" in kept


def test_an_import_removes_blocked_words_and_reports_them() -> None:
    report = dictionary_import(
        name="Spanish words", source="casa\nPuta\nmaricón\nperro\n".encode(), language_tag="es"
    )
    assert sorted(report.dictionary.words.values_list("text", flat=True)) == ["casa", "perro"]
    assert (report.accepted, report.blocked) == (2, 2)
    assert report.blocked_words == ("maricón", "puta")
    assert report.dictionary.import_report["blocked"] == 2
    assert report.dictionary.import_report["blocked_words"] == ["maricón", "puta"]


def test_the_command_and_the_admin_report_say_what_was_blocked(tmp_path, admin_client) -> None:
    path = tmp_path / "fr.txt"
    path.write_text("maison\npédé\nchat\n", encoding="utf-8")
    out = io.StringIO()
    call_command(
        "import_dictionary", str(path), "--name", "Français", "--language", "fr", "--no-par",
        "--no-progress", stdout=out, stderr=io.StringIO(),
    )  # fmt: skip
    assert "blocked removed:            1 (such as pédé)" in out.getvalue()
    dictionary = Dictionary.objects.get(slug="francais")
    page = admin_client.get(reverse("admin:dictionaries_dictionary_report", args=[dictionary.pk]))
    assert "1 word on the blocklist of its language (pédé)" in page.content.decode()


def test_a_file_of_blocked_words_only_is_refused_whole() -> None:
    with pytest.raises(DictionaryImportError, match="Every word of the file is blocked"):
        dictionary_import(name="Bad", source=b"puta\nmarica\n", language_tag="es")
    assert not Dictionary.objects.exists()


def test_a_word_blocked_in_another_language_is_kept() -> None:
    report = dictionary_import(name="English", source=b"puta\nhouse\n", language_tag="en")
    assert (report.accepted, report.blocked) == (2, 0)


def test_without_blocked_keeps_the_rest_in_order() -> None:
    parsed = parse_word_file(b"b\na\nc\n", language("en"))
    removal = without_blocked(parsed, frozenset({"b"}))
    assert (removal.parsed.words, removal.parsed.written, removal.removed) == (
        ["a", "c"],
        ["a", "c"],
        1,
    )


def test_an_admin_sees_and_adds_a_blocked_word(admin_client: Client) -> None:
    listing = admin_client.get(
        reverse("admin:dictionaries_blockedword_changelist") + "?language=de"
    )
    assert "schwuchtel" in listing.content.decode()
    response = admin_client.post(
        reverse("admin:dictionaries_blockedword_add"), {"language": "de-AT", "word": " Spast "}
    )
    assert response.status_code == 302
    assert BlockedWord.objects.filter(language="de", word="spast").exists()
    refused = admin_client.post(
        reverse("admin:dictionaries_blockedword_add"), {"language": "de", "word": "zwei Wörter"}
    )
    assert refused.status_code == 200
    assert "one word of letters only" in refused.content.decode()
    again = admin_client.post(
        reverse("admin:dictionaries_blockedword_add"), {"language": "de", "word": "SPAST"}
    )
    assert again.status_code == 200  # already blocked: the unique (language, word)
    assert BlockedWord.objects.filter(word="spast").count() == 1


def test_an_admin_upload_reports_its_blocked_words(admin_client: Client) -> None:
    """An upload (imported by the worker: at once in tests) counts them on its status page."""
    response = admin_client.post(
        reverse("admin:dictionaries_dictionary_add"),
        {
            "name": "Deutsch",
            "language": "de",
            "word_file": SimpleUploadedFile("w.txt", b"Haus\nNeger\nBaum\n"),
        },
        follow=True,
    )
    job = DictionaryImport.objects.get()
    assert job.status == "done", job.error
    assert sorted(job.dictionary.words.values_list("text", flat=True)) == ["baum", "haus"]
    assert "1 word on the blocklist of its language (neger)" in response.content.decode()
