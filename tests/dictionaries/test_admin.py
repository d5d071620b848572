"""The admin: upload with a report, refusals, permissions, and protection of dictionaries in use.

Over 500 lines: it mirrors dictionaries/admin.py's three pages (see its note).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from dictionaries.admin_words import CappedPaginator, WordAdmin
from dictionaries.models import Dictionary, DictionaryImport, Word
from games.models import Par
from tests.factories import DictionaryFactory, GameFactory, UserFactory

pytestmark = pytest.mark.django_db

ADD_URL = "admin:dictionaries_dictionary_add"
GOOD_FILE = b"Ally\r\nbeta\r\nally\r\n\r\nb3ta\r\nhello world\r\nwell-known\r\nhangman\r\n"


def upload(name: str = "Course words", content: bytes = GOOD_FILE, **extra: Any) -> dict:
    return {"name": name, "word_file": SimpleUploadedFile("words.txt", content), **extra}


def staff_client(*permissions: str, superuser: bool = False) -> Client:
    user = UserFactory(is_staff=True, is_superuser=superuser)
    for codename in permissions:
        user.user_permissions.add(Permission.objects.get(codename=codename))
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def admin_client_() -> Client:
    return staff_client(superuser=True)


def change_url(dictionary: Dictionary) -> str:
    return reverse("admin:dictionaries_dictionary_change", args=[dictionary.pk])


def change_form(dictionary: Dictionary, **overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": dictionary.name, "description": dictionary.description}
    if dictionary.is_hidden:
        data["is_hidden"] = "on"
    if dictionary.is_default:
        data["make_default"] = "on"
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not None}


# --- upload -----------------------------------------------------------------------------------


def test_the_upload_form_is_shown(admin_client_: Client) -> None:
    response = admin_client_.get(reverse(ADD_URL))
    assert response.status_code == 200
    assert b'enctype="multipart/form-data"' in response.content
    assert b'name="word_file"' in response.content
    assert b"at most 20 MB" in response.content


def import_page(job: DictionaryImport) -> str:
    return reverse("admin:dictionaries_dictionaryimport_change", args=[job.pk])


def test_a_staff_upload_is_queued_imported_and_reported(admin_client_: Client) -> None:
    """Tests run tasks at once (the immediate backend): the upload queues the import, the
    task runs it, and the page the upload leads to follows the import to its report."""
    response = admin_client_.post(
        reverse(ADD_URL), upload(description="Week one", make_default="on"), follow=True
    )
    job = DictionaryImport.objects.get()
    dictionary = Dictionary.objects.get()
    assert response.redirect_chain[-1][0] == import_page(job)
    assert (job.status, job.dictionary, job.error) == ("done", dictionary, "")
    assert job.task_id
    assert sorted(Word.objects.values_list("text", flat=True)) == ["ally", "beta", "hangman"]
    assert dictionary.word_count == 3
    assert dictionary.is_default
    assert dictionary.description == "Week one"
    assert dictionary.uploaded_by == response.wsgi_request.user
    assert Par.objects.filter(dictionary=dictionary).count() == 2 * 3  # lengths 4 and 7
    page = response.content.decode()
    assert "“Course words” is queued for import; this page follows it." in page
    assert 'class="import-state import-done">Done<' in page
    assert "Done: 3 words." in page
    assert '<tr><th scope="row">Duplicates removed</th><td>1</td></tr>' in page
    assert "http-equiv" not in page  # finished: the page stops reloading itself
    assert "<td>5</td><td><code>b3ta</code></td><td>contains the digit &#x27;3&#x27;</td>" in page
    report = admin_client_.get(
        reverse("admin:dictionaries_dictionary_report", args=[dictionary.pk])
    ).content.decode()
    assert '<tr><th scope="row">Lines rejected</th><td>3</td></tr>' in report
    assert "<tr><td>4</td><td>2</td></tr>" in report
    assert "<tr><td>7</td><td>1</td></tr>" in report
    assert "<td>6</td><td><code>hello world</code></td><td>has a space inside" in report
    assert "<td>7</td><td><code>well-known</code></td><td>contains &#x27;-&#x27; (U+002D)" in report
    assert list(Path(settings.DICTIONARY_UPLOAD_DIR).iterdir()) == []  # the file is gone


def test_a_queued_import_shows_that_it_waits_and_reloads(admin_client_: Client) -> None:
    job = DictionaryImport.objects.create(name="Later", file_name="x.txt", file_size=10)
    page = admin_client_.get(import_page(job)).content.decode()
    assert "Waiting for a worker." in page
    assert '<meta http-equiv="refresh" content="2">' in page


def test_a_running_import_shows_its_phase_and_progress(admin_client_: Client) -> None:
    job = DictionaryImport.objects.create(
        name="Big",
        file_name="y.txt",
        file_size=10,
        status="running",
        phase="storing",
        progress_done=500_000,
        progress_total=2_000_000,
    )
    page = admin_client_.get(import_page(job)).content.decode()
    assert "Storing words: 500,000 of 2,000,000 (25 %)." in page
    assert '<meta http-equiv="refresh"' in page
    listing = admin_client_.get(reverse("admin:dictionaries_dictionaryimport_changelist"))
    assert "Storing words: 500,000 of 2,000,000 (25 %)." in listing.content.decode()


def test_a_staff_member_with_the_add_permission_can_upload() -> None:
    client = staff_client("add_dictionary", "view_dictionary", "view_dictionaryimport")
    response = client.post(reverse(ADD_URL), upload(), follow=True)
    assert response.status_code == 200
    assert "Done: 3 words." in response.content.decode()
    assert Dictionary.objects.get().word_count == 3


def test_imports_are_watched_never_edited(admin_client_: Client) -> None:
    job = DictionaryImport.objects.create(name="Later", file_name="x.txt", file_size=10)
    assert admin_client_.post(import_page(job), {"name": "Renamed"}).status_code == 200
    job.refresh_from_db()
    assert job.name == "Later"
    delete = reverse("admin:dictionaries_dictionaryimport_delete", args=[job.pk])
    assert admin_client_.post(delete, {"post": "yes"}).status_code == 403
    assert DictionaryImport.objects.filter(pk=job.pk).exists()


def test_a_staff_member_without_the_view_permission_cannot_watch_imports() -> None:
    job = DictionaryImport.objects.create(name="Later", file_name="x.txt", file_size=10)
    client = staff_client("view_dictionary")
    assert client.get(import_page(job)).status_code == 403


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("ally\ncafé\n".encode("latin-1"), "The file is not UTF-8 text: byte 0xE9 at offset 8"),
        (b"", "The file is empty"),
        (b"\n\n", "The file is empty"),
        (b"123\nhello world\n", "The file has no valid word"),
    ],
    ids=["not-utf8", "empty", "blank-lines", "only-invalid"],
)
def test_a_refused_word_file_fails_its_import_with_the_reason_and_stores_nothing(
    admin_client_: Client, content: bytes, message: str
) -> None:
    response = admin_client_.post(reverse(ADD_URL), upload(content=content), follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    job = DictionaryImport.objects.get()
    assert job.status == "failed"
    assert 'class="import-state import-failed">Failed<' in page
    assert "Nothing imported: " + message in page
    assert not Dictionary.objects.exists()
    assert not Word.objects.exists()
    assert list(Path(settings.DICTIONARY_UPLOAD_DIR).iterdir()) == []


def test_an_upload_of_only_bad_lines_lists_them(admin_client_: Client) -> None:
    response = admin_client_.post(
        reverse(ADD_URL), upload(content=b"123\nhello world\n"), follow=True
    )
    page = response.content.decode()
    assert "<td>1</td><td><code>123</code></td><td>contains the digit &#x27;1&#x27;</td>" in page
    assert "<td>2</td><td><code>hello world</code></td>" in page


def test_a_second_upload_under_a_waiting_name_is_refused_on_the_name(
    admin_client_: Client,
) -> None:
    DictionaryImport.objects.create(name="Course words", file_name="x.txt", file_size=10)
    response = admin_client_.post(reverse(ADD_URL), upload(name="course WORDS"))
    assert response.status_code == 200
    assert "already waiting to be imported" in response.context["form"].errors["name"][0]
    assert DictionaryImport.objects.count() == 1
    assert list(Path(settings.DICTIONARY_UPLOAD_DIR).glob("*")) == []


def test_an_upload_over_the_limit_is_refused(admin_client_: Client, settings: Any) -> None:
    settings.DICTIONARY_UPLOAD_MAX_BYTES = 16
    response = admin_client_.post(reverse(ADD_URL), upload())
    assert response.status_code == 200
    assert "over the size limit of 16 bytes" in response.content.decode()
    assert not Dictionary.objects.exists()


def test_a_large_upload_is_refused_with_its_real_size(admin_client_: Client, settings: Any) -> None:
    """Past the limit the upload is not stored, yet the message still names its size."""
    settings.DICTIONARY_UPLOAD_MAX_BYTES = 1024 * 1024
    content = b"hangman\n" * 400_000  # 3,200,000 bytes
    response = admin_client_.post(reverse(ADD_URL), upload(content=content))
    page = response.content.decode()
    assert response.status_code == 200
    assert "The file is 3,200,000 bytes (3.1 MB), over the size limit of 1,048,576 bytes" in page
    assert 'value="Course words"' in page  # the form keeps what was typed
    assert not Dictionary.objects.exists()


def test_an_upload_with_a_taken_name_is_refused_on_the_name(admin_client_: Client) -> None:
    DictionaryFactory(name="Course words", slug="course-words")
    response = admin_client_.post(reverse(ADD_URL), upload(name="course WORDS"))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "already exists" in errors["name"][0]
    assert Dictionary.objects.count() == 1


def test_an_upload_without_a_file_is_refused(admin_client_: Client) -> None:
    response = admin_client_.post(reverse(ADD_URL), {"name": "No file"})
    assert response.status_code == 200
    assert "word_file" in response.context["form"].errors
    assert not Dictionary.objects.exists()


def test_an_upload_of_two_files_is_a_bad_request_and_stores_nothing(
    admin_client_: Client, caplog: pytest.LogCaptureFixture
) -> None:
    """One word file per request (DATA_UPLOAD_MAX_NUMBER_FILES): Django stops parsing at
    the second file and answers 400 before the view sees either."""
    second = SimpleUploadedFile("more.txt", GOOD_FILE)
    response = admin_client_.post(reverse(ADD_URL), upload(more_words=second))
    assert response.status_code == 400
    assert "django.security.TooManyFilesSent" in {record.name for record in caplog.records}
    assert not Dictionary.objects.exists()
    assert not Word.objects.exists()


# --- who may upload ---------------------------------------------------------------------------


def test_an_anonymous_visitor_is_sent_to_the_admin_login() -> None:
    client = Client()
    for response in (client.get(reverse(ADD_URL)), client.post(reverse(ADD_URL), upload())):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))
    assert not Dictionary.objects.exists()


def test_a_player_who_is_not_staff_is_sent_to_the_admin_login() -> None:
    client = Client()
    client.force_login(UserFactory(is_staff=False))
    for response in (client.get(reverse(ADD_URL)), client.post(reverse(ADD_URL), upload())):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))
    assert not Dictionary.objects.exists()


def test_staff_without_the_add_permission_are_forbidden() -> None:
    client = staff_client("view_dictionary", "change_dictionary")
    assert client.get(reverse(ADD_URL)).status_code == 403
    assert client.post(reverse(ADD_URL), upload()).status_code == 403
    assert not Dictionary.objects.exists()


# --- list, change view, report ----------------------------------------------------------------


def test_the_list_shows_counts_and_flags(admin_client_: Client) -> None:
    DictionaryFactory(name="Listed", words=["ally", "beta", "hangman"], is_default=True)
    response = admin_client_.get(reverse("admin:dictionaries_dictionary_changelist"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Listed" in page
    assert '<td class="field-word_count_display">3</td>' in page


def test_the_change_view_shows_counts_per_length_and_no_word_editing(
    admin_client_: Client,
) -> None:
    dictionary = DictionaryFactory(words=["ally", "beta", "hangman"])
    page = admin_client_.get(change_url(dictionary)).content.decode()
    assert "<tr><td>4</td><td>2</td></tr><tr><td>7</td><td>1</td></tr>" in page
    assert 'name="words' not in page
    assert 'name="word_count' not in page


def test_the_report_of_a_dictionary_made_without_an_upload(admin_client_: Client) -> None:
    dictionary = DictionaryFactory(words=["ally", "beta"])
    response = admin_client_.get(
        reverse("admin:dictionaries_dictionary_report", args=[dictionary.pk])
    )
    assert response.status_code == 200
    assert "<tr><td>4</td><td>2</td></tr>" in response.content.decode()


def test_the_report_needs_the_view_permission() -> None:
    dictionary = DictionaryFactory(words=["ally"])
    url = reverse("admin:dictionaries_dictionary_report", args=[dictionary.pk])
    assert staff_client().get(url).status_code == 403
    assert staff_client(superuser=True).get(url + "0/report/").status_code == 404


def test_the_report_offers_a_hidden_list_to_players_in_one_button(admin_client_: Client) -> None:
    dictionary = DictionaryFactory(words=["ally", "beta"], is_hidden=True)
    report = reverse("admin:dictionaries_dictionary_report", args=[dictionary.pk])
    offer = reverse("admin:dictionaries_dictionary_offer", args=[dictionary.pk])
    page = admin_client_.get(report).content.decode()
    assert f'<form method="post" action="{offer}"' in page
    assert 'value="Offer to players"' in page
    response = admin_client_.post(offer, follow=True)
    assert response.redirect_chain[-1][0] == report
    dictionary.refresh_from_db()
    assert not dictionary.is_hidden
    assert f"“{dictionary.name}” is offered in new games." in response.content.decode()
    assert 'value="Offer to players"' not in response.content.decode()  # offered: no button


def test_the_offer_button_is_a_post_by_someone_who_may_change_lists() -> None:
    dictionary = DictionaryFactory(words=["ally"], is_hidden=True)
    offer = reverse("admin:dictionaries_dictionary_offer", args=[dictionary.pk])
    assert staff_client(superuser=True).get(offer).status_code == 405  # a link offers nothing
    viewer = staff_client("view_dictionary")
    report = reverse("admin:dictionaries_dictionary_report", args=[dictionary.pk])
    assert "Offer to players" not in viewer.get(report).content.decode()
    assert viewer.post(offer).status_code == 403
    csrf_checked = Client(enforce_csrf_checks=True)
    csrf_checked.force_login(UserFactory(is_staff=True, is_superuser=True))
    assert csrf_checked.post(offer).status_code == 403  # no CSRF token
    dictionary.refresh_from_db()
    assert dictionary.is_hidden


def test_an_unused_dictionary_can_be_renamed(admin_client_: Client) -> None:
    dictionary = DictionaryFactory(name="Old name", words=["ally"])
    response = admin_client_.post(
        change_url(dictionary), change_form(dictionary, name="New name", description="Better")
    )
    assert response.status_code == 302
    dictionary.refresh_from_db()
    assert (dictionary.name, dictionary.description) == ("New name", "Better")


def test_making_a_dictionary_the_default_clears_the_old_one(admin_client_: Client) -> None:
    old = DictionaryFactory(is_default=True)
    new = DictionaryFactory(words=["ally"])
    response = admin_client_.post(change_url(new), change_form(new, make_default="on"))
    assert response.status_code == 302
    old.refresh_from_db()
    new.refresh_from_db()
    assert (old.is_default, new.is_default) == (False, True)


def test_the_default_cannot_be_hidden_in_the_form(admin_client_: Client) -> None:
    dictionary = DictionaryFactory(is_default=True, words=["ally"])
    response = admin_client_.post(change_url(dictionary), change_form(dictionary, is_hidden="on"))
    assert response.status_code == 200
    assert "The default dictionary cannot be hidden" in response.content.decode()
    dictionary.refresh_from_db()
    assert not dictionary.is_hidden


# --- dictionaries in use ----------------------------------------------------------------------


@pytest.fixture
def in_use() -> Dictionary:
    dictionary = DictionaryFactory(name="Played", description="Used", words=["ally", "beta"])
    GameFactory(dictionary=dictionary)
    return dictionary


def test_an_in_use_dictionary_keeps_its_name_and_description(
    admin_client_: Client, in_use: Dictionary
) -> None:
    page = admin_client_.get(change_url(in_use)).content.decode()
    assert 'name="name"' not in page
    assert 'name="description"' not in page
    assert 'name="is_hidden"' in page
    response = admin_client_.post(
        change_url(in_use), change_form(in_use, name="Renamed", description="Changed")
    )
    assert response.status_code == 302
    in_use.refresh_from_db()
    assert (in_use.name, in_use.description) == ("Played", "Used")


def test_an_in_use_dictionary_can_be_hidden(admin_client_: Client, in_use: Dictionary) -> None:
    response = admin_client_.post(change_url(in_use), change_form(in_use, is_hidden="on"))
    assert response.status_code == 302
    in_use.refresh_from_db()
    assert in_use.is_hidden
    assert in_use.words.count() == 2


def test_an_in_use_dictionary_can_be_hidden_by_the_list_action(
    admin_client_: Client, in_use: Dictionary
) -> None:
    response = admin_client_.post(
        reverse("admin:dictionaries_dictionary_changelist"),
        {"action": "hide_from_new_games", "_selected_action": [in_use.pk]},
    )
    assert response.status_code == 302
    in_use.refresh_from_db()
    assert in_use.is_hidden


def test_an_in_use_dictionary_cannot_be_deleted(admin_client_: Client, in_use: Dictionary) -> None:
    url = reverse("admin:dictionaries_dictionary_delete", args=[in_use.pk])
    assert admin_client_.get(url).status_code == 403
    assert admin_client_.post(url, {"post": "yes"}).status_code == 403
    assert "deletelink" not in admin_client_.get(change_url(in_use)).content.decode()
    assert Dictionary.objects.filter(pk=in_use.pk).exists()
    assert in_use.words.count() == 2


def test_an_in_use_dictionary_survives_the_delete_action(
    admin_client_: Client, in_use: Dictionary
) -> None:
    unused = DictionaryFactory(words=["cool"])
    response = admin_client_.post(
        reverse("admin:dictionaries_dictionary_changelist"),
        {"action": "delete_selected", "_selected_action": [in_use.pk, unused.pk], "post": "yes"},
    )
    assert response.status_code == 200  # the page explaining what is protected
    assert "Played: used by 1 game" in response.content.decode()
    assert Dictionary.objects.count() == 2


def test_an_unused_dictionary_can_be_deleted(admin_client_: Client) -> None:
    dictionary = DictionaryFactory(words=["ally", "beta"])
    url = reverse("admin:dictionaries_dictionary_delete", args=[dictionary.pk])
    confirmation = admin_client_.get(url).content.decode()
    assert "<li>2 words</li>" in confirmation
    assert "Word: ally" not in confirmation  # words are counted, not listed one by one
    response = admin_client_.post(url, {"post": "yes"})
    assert response.status_code == 302
    assert not Dictionary.objects.exists()
    assert not Word.objects.exists()


# --- words ------------------------------------------------------------------------------------


WORDS_URL = "admin:dictionaries_word_changelist"


def test_words_are_searched_by_prefix_and_filtered_by_length(admin_client_: Client) -> None:
    dictionary = DictionaryFactory(words=["hangman", "hang", "ally", "chang"])
    DictionaryFactory(words=["hangar"])
    url = reverse(WORDS_URL)
    chosen = {"dictionary__id__exact": dictionary.pk}
    response = admin_client_.get(url, {"q": " HANG", **chosen})
    assert response.status_code == 200
    assert [word.text for word in response.context["cl"].result_list] == ["hang", "hangman"]
    response = admin_client_.get(url, {"length": 4, **chosen})
    assert [word.text for word in response.context["cl"].result_list] == ["ally", "hang"]
    response = admin_client_.get(url, chosen)
    shown = [word.text for word in response.context["cl"].result_list]
    assert shown == ["ally", "hang", "chang", "hangman"]  # the index's order: length, then text
    assert "4 (2)" in response.content.decode()  # the length filter: this dictionary's counts


@pytest.mark.parametrize("term", ["an%", "h_ng", "hang'--", "ängst", "ha ng"])
def test_a_search_with_anything_but_letters_finds_nothing(admin_client_: Client, term: str) -> None:
    dictionary = DictionaryFactory(words=["hangman", "hang"])
    response = admin_client_.get(
        reverse(WORDS_URL), {"q": term, "dictionary__id__exact": dictionary.pk}
    )
    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == []


def test_the_word_list_reads_no_word_until_a_dictionary_is_chosen(admin_client_: Client) -> None:
    DictionaryFactory(words=["hangman", "hang", "ally"])
    for query in ({}, {"q": "hang"}, {"length": 4}, {"o": "1"}):
        with CaptureQueriesContext(connection) as queries:
            response = admin_client_.get(reverse(WORDS_URL), query)
        assert response.status_code == 200
        assert list(response.context["cl"].result_list) == []
        assert "Choose a dictionary in the filter" in response.content.decode()
        read = [q["sql"] for q in queries.captured_queries if "dictionaries_word" in q["sql"]]
        assert read == []


def test_the_word_list_ignores_a_sort_asked_for_in_the_address(admin_client_: Client) -> None:
    dictionary = DictionaryFactory(words=["zany", "ally", "hangman"])
    response = admin_client_.get(
        reverse(WORDS_URL), {"dictionary__id__exact": dictionary.pk, "o": "-3.-1"}
    )
    assert [word.text for word in response.context["cl"].result_list] == ["ally", "zany", "hangman"]
    assert "ORDER BY" in str(response.context["cl"].queryset.query)
    assert "COUNT(*)" not in str(response.context["cl"].queryset.query).upper()


def test_pages_are_capped_and_the_admin_told_how_to_reach_the_rest(
    admin_client_: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(CappedPaginator, "max_rows", 4)
    dictionary = DictionaryFactory(words=["ally", "beta", "cool", "deal", "each", "hangman"])
    url = reverse(WORDS_URL)
    monkeypatch.setattr(WordAdmin, "list_per_page", 2)
    response = admin_client_.get(url, {"dictionary__id__exact": dictionary.pk, "p": 2})
    assert [word.text for word in response.context["cl"].result_list] == ["cool", "deal"]
    assert response.context["cl"].paginator.num_pages == 2
    assert "Only the first 4 words are paged" in response.content.decode()
    past = admin_client_.get(url, {"dictionary__id__exact": dictionary.pk, "p": 3})
    assert past.status_code == 302  # the admin's own answer to a page that is not offered
    fewer = admin_client_.get(url, {"dictionary__id__exact": dictionary.pk, "length": 7})
    assert [word.text for word in fewer.context["cl"].result_list] == ["hangman"]
    assert "Only the first" not in fewer.content.decode()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's plans")
def test_the_prefix_search_and_the_pages_read_an_index_on_postgresql() -> None:
    dictionary = DictionaryFactory(words=["hangman", "hang", "ally", "chang"])
    with connection.cursor() as cursor:
        # A tiny table is cheapest to scan and sort: make anything but an index walk look dear
        # (a Sort still appears when no index gives the order).
        for setting in ("enable_seqscan", "enable_bitmapscan", "enable_sort"):
            cursor.execute(f"SET {setting} = off")
        try:
            searched = Word.objects.filter(dictionary=dictionary, text__startswith="han").order_by(
                "dictionary_id", "text"
            )[:101]
            listed = Word.objects.filter(dictionary=dictionary).order_by(
                "dictionary_id", "length", "text"
            )[100:201]
            for queryset in (searched, listed):
                plan = queryset.explain()
                assert "Index" in plan, plan
                assert "Sort" not in plan, plan
            # The prefix bounds the index range (not a filter over the whole dictionary).
            condition = next(
                line for line in searched.explain().splitlines() if "Index Cond" in line
            )
            assert ">= 'han'" in condition, condition
        finally:
            cursor.execute("RESET ALL")


def test_words_cannot_be_added_changed_or_deleted(admin_client_: Client) -> None:
    word = DictionaryFactory(words=["ally"]).words.get()
    assert admin_client_.get(reverse("admin:dictionaries_word_add")).status_code == 403
    url = reverse("admin:dictionaries_word_change", args=[word.pk])
    page = admin_client_.get(url).content.decode()
    assert 'name="text"' not in page
    admin_client_.post(url, {"text": "beta", "length": 4, "dictionary": word.dictionary_id})
    assert (
        admin_client_.post(
            reverse("admin:dictionaries_word_delete", args=[word.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    word.refresh_from_db()
    assert word.text == "ally"
