"""Staff upload word files here and decide which dictionaries new games offer.

Words are read-only once imported, and a dictionary that games use keeps its
name, description and words: only its hidden and default flags can change.

Three admin pages of one model family: dictionaries with the upload and the word-length
table, and the queued imports with their progress, here; their words, with a capped
paginator and a length filter, in admin_words.py (registered here). The writes they call
are in services.py, import_jobs.py and tasks.py.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from dictionaries.admin_blocklist import BlockedWordAdmin
from dictionaries.admin_words import WordAdmin
from dictionaries.forms import DictionaryChangeForm, DictionaryUploadForm
from dictionaries.frequency import no_frequencies_warning
from dictionaries.languages import language_label
from dictionaries.models import BlockedWord, Dictionary, DictionaryImport, Word
from dictionaries.refusals import refusals_shown
from dictionaries.selectors import (
    dictionary_length_counts,
    dictionary_zipf_distribution,
    used_by_games,
)
from dictionaries.services import (
    DictionaryChangeError,
    dictionary_delete,
    dictionary_set_default,
    dictionary_set_hidden,
    dictionary_update,
)
from dictionaries.tasks import import_queue
from dictionaries.wordfiles import DictionaryImportError

admin.site.register(Word, WordAdmin)
admin.site.register(BlockedWord, BlockedWordAdmin)

LABEL_FIELDS = ("name", "description")
# The upload form's field for each field a refusal names; anything else is the file's.
UPLOAD_ERROR_FIELDS = {
    "name": "name",
    "description": "description",
    "language": "language_tag",
    "accents": "accents",
}


def change_url_of(dictionary: Dictionary) -> str:
    return reverse("admin:dictionaries_dictionary_change", args=[dictionary.pk])


def _length_table(counts: dict[int, int]) -> str:
    if not counts:
        return "No words."
    rows = format_html_join(
        "", "<tr><td>{}</td><td>{}</td></tr>", ((length, f"{n:,}") for length, n in counts.items())
    )
    return format_html(
        '<table class="word-lengths"><thead><tr><th>Length</th><th>Words</th></tr></thead>'
        "<tbody>{}</tbody></table>",
        rows,
    )


@admin.register(Dictionary)
class DictionaryAdmin(admin.ModelAdmin):
    form = DictionaryChangeForm
    list_display = [
        "name",
        "word_count_display",
        "language",
        "default",
        "hidden",
        "in_use",
        "created_at",
        "uploaded_by",
    ]
    list_filter = ["is_default", "is_hidden", "language"]
    search_fields = ["name", "slug", "description"]
    list_select_related = ["uploaded_by"]
    actions = ["hide_from_new_games", "offer_in_new_games", "make_default"]
    readonly_fields = [
        "slug",
        "word_count_display",
        "in_use",
        "created_at",
        "uploaded_by",
        "import_summary",
        "counts_per_length",
        "word_frequencies",
        "language_display",
        "accents",
        "alphabet",
        "frequencies_display",
    ]
    fieldsets = [
        (None, {"fields": ["name", "slug", "description"]}),
        (
            "Language (set at import)",
            {"fields": ["language_display", "accents", "alphabet", "frequencies_display"]},
        ),
        ("New games", {"fields": ["is_hidden", "make_default", "in_use"]}),
        (
            "Words (read-only: a new list is a new dictionary)",
            {
                "fields": [
                    "word_count_display",
                    "import_summary",
                    "counts_per_length",
                    "word_frequencies",
                ]
            },
        ),
        ("Upload", {"fields": ["created_at", "uploaded_by"]}),
    ]

    # --- list and detail ----------------------------------------------------------------

    def get_queryset(self, request: HttpRequest) -> QuerySet[Dictionary]:
        return super().get_queryset(request).annotate(used_by_games=used_by_games())

    @admin.display(description="words", ordering="word_count")
    def word_count_display(self, dictionary: Dictionary) -> str:
        return f"{dictionary.word_count:,}"

    @admin.display(description="default", boolean=True, ordering="is_default")
    def default(self, dictionary: Dictionary) -> bool:
        return dictionary.is_default

    @admin.display(description="hidden from players", boolean=True, ordering="is_hidden")
    def hidden(self, dictionary: Dictionary) -> bool:
        return dictionary.is_hidden

    @admin.display(description="used by games", boolean=True, ordering="used_by_games")
    def in_use(self, dictionary: Dictionary) -> bool:
        return self._in_use(dictionary)

    @admin.display(description="language", ordering="language")
    def language_display(self, dictionary: Dictionary) -> str:
        return language_label(dictionary.language)

    @admin.display(description="word frequencies (wordfreq)")
    def frequencies_display(self, dictionary: Dictionary) -> str:
        if dictionary.has_frequencies:
            return f"Counted in wordfreq's {language_label(dictionary.language)} data."
        return no_frequencies_warning(language_label(dictionary.language))

    @admin.display(description="import report")
    def import_summary(self, dictionary: Dictionary) -> str:
        report = dictionary.import_report or {}
        link = reverse("admin:dictionaries_dictionary_report", args=[dictionary.pk])
        if not report:
            return format_html('<a href="{}">Counts per length</a>', link)
        summary = format_html(
            '{} accepted, {} duplicates removed, {} lines rejected. <a href="{}">Full report</a>',
            f"{report.get('accepted', 0):,}",
            f"{report.get('duplicates', 0):,}",
            f"{report.get('rejected', 0):,}",
            link,
        )
        job = DictionaryImport.objects.filter(dictionary=dictionary).first()
        if job is None:
            return summary
        return format_html(
            '{} Uploaded in the admin: <a href="{}">its import</a> ({})',
            summary,
            reverse("admin:dictionaries_dictionaryimport_change", args=[job.pk]),
            import_progress_text(job),
        )

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """Uploads still on their way are not dictionaries yet: say where to follow them."""
        pending = DictionaryImport.objects.filter(
            status__in=[DictionaryImport.Status.QUEUED, DictionaryImport.Status.RUNNING]
        ).count()
        if pending and request.method == "GET":
            self.message_user(
                request,
                format_html(
                    ngettext(
                        '{count} uploaded word list is not imported yet: <a href="{url}">follow '
                        "it</a>.",
                        '{count} uploaded word lists are not imported yet: <a href="{url}">follow '
                        "them</a>.",
                        pending,
                    ),
                    count=pending,
                    url=reverse("admin:dictionaries_dictionaryimport_changelist")
                    + "?status__in=queued,running",
                ),
                messages.INFO,
            )
        return super().changelist_view(request, extra_context)

    @admin.display(description="words per length")
    def counts_per_length(self, dictionary: Dictionary) -> str:
        return _length_table(dictionary_length_counts(dictionary_id=dictionary.pk))

    @admin.display(description="word frequencies")
    def word_frequencies(self, dictionary: Dictionary) -> str:
        return render_to_string(
            "admin/dictionaries/dictionary/_zipf_bands.html",
            {"distribution": dictionary_zipf_distribution(dictionary_id=dictionary.pk)},
        )

    @staticmethod
    def _in_use(dictionary: Dictionary) -> bool:
        annotated = getattr(dictionary, "used_by_games", None)
        if annotated is not None:
            return bool(annotated)
        return dictionary.games.exists()

    # --- permissions: in-use dictionaries keep their labels and cannot be deleted ----------

    def get_readonly_fields(self, request: HttpRequest, obj: Dictionary | None = None) -> Any:
        readonly = list(super().get_readonly_fields(request, obj))
        if obj is not None and self._in_use(obj):
            readonly += [name for name in LABEL_FIELDS if name not in readonly]
        return readonly

    def has_delete_permission(self, request: HttpRequest, obj: Dictionary | None = None) -> bool:
        if obj is not None and self._in_use(obj):
            return False
        return super().has_delete_permission(request, obj)

    # --- writes go through the services ---------------------------------------------------

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        """The form checks what it can; a refusal the service still raises on save (a game
        started since the check) reaches here after the admin's transaction rolled back, and
        the same page is shown again, unchanged, with the reason."""
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except DictionaryChangeError as error:
            self.message_user(request, error.message, messages.ERROR)
            return redirect(request.get_full_path())

    def save_model(
        self, request: HttpRequest, obj: Dictionary, form: DictionaryChangeForm, change: bool
    ) -> None:
        stored = Dictionary.objects.get(pk=obj.pk)
        data = form.cleaned_data
        dictionary_update(
            dictionary=stored,
            name=data.get("name", stored.name),
            description=data.get("description", stored.description),
            is_hidden=data.get("is_hidden", stored.is_hidden),
            is_default=data.get("make_default", stored.is_default),
        )
        obj.refresh_from_db()

    def get_deleted_objects(
        self, objs: Any, request: HttpRequest
    ) -> tuple[list[Any], dict[str, str], set[str], list[str]]:
        """Words go with their dictionary: count them instead of listing (and checking a
        permission on) each of up to hundreds of thousands; games protect a dictionary."""
        dictionaries = list(objs)
        deleted: list[Any] = []
        protected: list[str] = []
        for dictionary in dictionaries:
            games = dictionary.games.count()
            if games:
                protected.append(
                    ngettext(
                        "%(name)s: used by %(count)s game",
                        "%(name)s: used by %(count)s games",
                        games,
                    )
                    % {"name": dictionary.name, "count": f"{games:,}"}
                )
            deleted += [
                format_html(
                    '{}: <a href="{}">{}</a>',
                    capfirst(self.opts.verbose_name),
                    change_url_of(dictionary),
                    dictionary.name,
                ),
                [
                    ngettext("%(count)s word", "%(count)s words", dictionary.word_count)
                    % {"count": f"{dictionary.word_count:,}"}
                ],
            ]
        model_count = {
            self.opts.verbose_name_plural: f"{len(dictionaries):,}",
            Word._meta.verbose_name_plural: f"{sum(d.word_count for d in dictionaries):,}",
        }
        return deleted, model_count, set(), protected

    def delete_model(self, request: HttpRequest, obj: Dictionary) -> None:
        dictionary_delete(dictionary=obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Dictionary]) -> None:
        with transaction.atomic():
            for dictionary in queryset:
                dictionary_delete(dictionary=dictionary)

    @admin.action(description="Hide the selected dictionaries from players", permissions=["change"])
    def hide_from_new_games(self, request: HttpRequest, queryset: QuerySet[Dictionary]) -> None:
        self._set_flags(
            request, queryset, lambda d: dictionary_set_hidden(dictionary=d, hidden=True)
        )

    @admin.action(description="Offer the selected dictionaries to players", permissions=["change"])
    def offer_in_new_games(self, request: HttpRequest, queryset: QuerySet[Dictionary]) -> None:
        self._set_flags(
            request, queryset, lambda d: dictionary_set_hidden(dictionary=d, hidden=False)
        )

    @admin.action(description="Make the selected dictionary the default", permissions=["change"])
    def make_default(self, request: HttpRequest, queryset: QuerySet[Dictionary]) -> None:
        if queryset.count() != 1:
            self.message_user(
                request,
                gettext("Select exactly one dictionary to make it the default."),
                messages.ERROR,
            )
            return
        self._set_flags(request, queryset, lambda d: dictionary_set_default(dictionary=d))

    def _set_flags(self, request: HttpRequest, queryset: QuerySet[Dictionary], change: Any) -> None:
        changed = 0
        for dictionary in queryset:
            try:
                change(dictionary)
            except DictionaryChangeError as error:
                self.message_user(request, error.message, messages.ERROR)
            else:
                changed += 1
        if changed:
            self.message_user(
                request,
                ngettext(
                    "Updated %(count)s dictionary.", "Updated %(count)s dictionaries.", changed
                )
                % {"count": changed},
                messages.SUCCESS,
            )

    # --- upload (the add view) and the import report --------------------------------------

    def get_urls(self) -> list[URLPattern]:
        report = path(
            "<path:object_id>/report/",
            self.admin_site.admin_view(self.report_view),
            name="dictionaries_dictionary_report",
        )
        offer = path(
            "<path:object_id>/offer/",
            self.admin_site.admin_view(self.offer_view),
            name="dictionaries_dictionary_offer",
        )
        return [report, offer, *super().get_urls()]

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: dict | None = None
    ) -> HttpResponse:
        if not self.has_add_permission(request):
            raise PermissionDenied
        rejected_lines: tuple = ()
        if request.method == "POST":
            form = DictionaryUploadForm(request.POST, request.FILES)
            if form.is_valid():
                try:
                    job = import_queue(
                        name=form.cleaned_data["name"],
                        upload=form.cleaned_data["word_file"],
                        uploaded_by=request.user,
                        description=form.cleaned_data["description"],
                        make_default=form.cleaned_data["make_default"],
                        language_tag=form.cleaned_data["language_tag"],
                        accents=form.cleaned_data["accents"],
                    )
                except DictionaryImportError as error:
                    form.add_error(UPLOAD_ERROR_FIELDS.get(error.field, "word_file"), error)
                    rejected_lines = error.rejected_lines
                else:
                    self.message_user(
                        request,
                        gettext("“%(name)s” is queued for import; this page follows it.")
                        % {"name": job.name},
                        messages.SUCCESS,
                    )
                    return redirect("admin:dictionaries_dictionaryimport_change", job.pk)
        else:
            form = DictionaryUploadForm()
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": gettext("Upload a dictionary"),
            "form": form,
            "rejected_lines": rejected_lines,
            **(extra_context or {}),
        }
        return TemplateResponse(request, "admin/dictionaries/dictionary/upload.html", context)

    def report_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        dictionary = self.get_object(request, object_id)
        if dictionary is None:
            raise Http404(gettext("No such dictionary."))
        if not self.has_view_permission(request, dictionary):
            raise PermissionDenied
        report = dictionary.import_report or {}
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": gettext("Import report: %(name)s") % {"name": dictionary.name},
            "dictionary": dictionary,
            "language_label": language_label(dictionary.language),
            "no_frequencies": no_frequencies_warning(language_label(dictionary.language)),
            "report": report,
            "refusals": refusals_shown(report),
            "counts_by_length": dictionary_length_counts(dictionary_id=dictionary.pk),
            "zipf_distribution": dictionary_zipf_distribution(dictionary_id=dictionary.pk),
            "can_change": self.has_change_permission(request, dictionary),
            "can_add": self.has_add_permission(request),
        }
        return TemplateResponse(request, "admin/dictionaries/dictionary/report.html", context)

    def offer_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The report's one button: offer the list in new games (a POST, by a changer)."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        dictionary = self.get_object(request, object_id)
        if dictionary is None:
            raise Http404(gettext("No such dictionary."))
        if not self.has_change_permission(request, dictionary):
            raise PermissionDenied
        try:
            dictionary_set_hidden(dictionary=dictionary, hidden=False)
        except DictionaryChangeError as error:
            self.message_user(request, error.message, messages.ERROR)
        else:
            self.message_user(
                request,
                gettext("“%(name)s” is offered in new games.") % {"name": dictionary.name},
                messages.SUCCESS,
            )
        return redirect("admin:dictionaries_dictionary_report", dictionary.pk)


@admin.register(DictionaryImport)
class DictionaryImportAdmin(admin.ModelAdmin):
    """Uploads waiting for, being or done with their import: watched here, never edited."""

    list_display = ["name", "status", "progress_display", "created_at", "uploaded_by"]
    list_filter = ["status"]
    list_select_related = ["uploaded_by", "dictionary"]
    search_fields = ["name"]

    @admin.display(description="progress")
    def progress_display(self, job: DictionaryImport) -> str:
        return import_progress_text(job)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        job = self.get_object(request, object_id)
        if job is None:
            raise Http404(gettext("No such import."))
        if not self.has_view_permission(request, job):
            raise PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": gettext("Import of “%(name)s”") % {"name": job.name},
            "job": job,
            "progress": import_progress_text(job),
            "refusals": refusals_shown(job.report or {}),
            "can_add": Dictionary in self.admin_site._registry
            and self.admin_site._registry[Dictionary].has_add_permission(request),
            "refresh_seconds": 2 if job.pending else None,
        }
        return TemplateResponse(request, "admin/dictionaries/dictionaryimport/status.html", context)


def import_progress_text(job: DictionaryImport) -> str:
    """One line for the admin: where the import is, in plain words."""
    if job.status == DictionaryImport.Status.QUEUED:
        return gettext("Waiting for a worker.")
    if job.status == DictionaryImport.Status.FAILED:
        return gettext("Failed.")
    if job.status == DictionaryImport.Status.DONE:
        accepted = (job.report or {}).get("accepted", 0)
        return ngettext("Done: %(count)s word.", "Done: %(count)s words.", accepted) % {
            "count": f"{accepted:,}"
        }
    phase = str(job.get_phase_display()).capitalize()
    if job.progress_total:
        percent = 100 * job.progress_done // job.progress_total
        return gettext("%(phase)s: %(done)s of %(total)s (%(percent)s %%).") % {
            "phase": phase,
            "done": f"{job.progress_done:,}",
            "total": f"{job.progress_total:,}",
            "percent": percent,
        }
    return f"{phase}…"
