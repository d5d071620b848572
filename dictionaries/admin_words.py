"""The admin's page of a dictionary's words: browsed and searched, never added or edited.

Millions of rows: every query reads an index range of one dictionary, pages are capped
(:class:`CappedPaginator`) and the length filter reads the cached lengths. Registered by
``dictionaries/admin.py``; measured by ``bench/admin_words.py``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.views.main import SEARCH_VAR, ChangeList
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.functional import cached_property

from dictionaries.languages import language, play_form
from dictionaries.models import Dictionary, Word
from dictionaries.selectors import word_lengths


class CappedPaginator(Paginator):
    """Pages of one dictionary's words without a COUNT(*) over millions of rows.

    It counts at most ``max_rows`` rows (a bounded index scan) and offers only
    the pages those hold, so no page is an OFFSET of millions either; the
    length filter and the prefix search reach every other word.
    """

    max_rows = 10_000

    @cached_property
    def _rows_up_to_one_past_the_cap(self) -> int:
        return self.object_list[: self.max_rows + 1].count()

    @cached_property
    def count(self) -> int:
        return min(self.max_rows, self._rows_up_to_one_past_the_cap)

    @property
    def capped(self) -> bool:
        """More rows than the pages offered: the admin is told how to reach them."""
        return self._rows_up_to_one_past_the_cap > self.max_rows


class WordLengthFilter(admin.SimpleListFilter):
    """The chosen dictionary's word lengths (cached): never a DISTINCT over every word."""

    title = "length"
    parameter_name = "length"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        dictionary_id = chosen_dictionary_id(request)
        if dictionary_id is None:
            return []
        return [
            (str(item.length), f"{item.length} ({item.words:,})")
            for item in word_lengths(dictionary_id=dictionary_id)
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        value = self.value()
        if value is None:
            return queryset
        if not value.isdigit():
            return queryset.none()
        return queryset.filter(length=int(value))


DICTIONARY_PARAMETER = "dictionary__id__exact"
CHOOSE_A_DICTIONARY = (
    "Choose a dictionary in the filter on the right: its words are listed then "
    "(listing every word of every dictionary would read millions of rows)."
)


def chosen_dictionary_id(request: HttpRequest) -> int | None:
    value = request.GET.get(DICTIONARY_PARAMETER, "")
    return int(value) if value.isdigit() else None


class WordChangeList(ChangeList):
    """Always the index's order (a column header cannot ask for a sort of millions of rows)."""

    def get_ordering(self, request: HttpRequest, queryset: QuerySet) -> list[str]:
        return self.model_admin.get_ordering(request)


class WordAdmin(admin.ModelAdmin):
    """Browse and search one dictionary's words; they are never added or edited here.

    Every query it makes reads an index range of one dictionary: the list in
    the order of the (dictionary, length, text) index, the prefix search in the
    order of the unique (dictionary, text) index, pages capped.
    """

    list_display = ["text", "display", "length", "dictionary"]
    list_filter = ["dictionary", WordLengthFilter]
    search_fields = ["text"]
    search_help_text = "Words that start with these letters."
    list_select_related = ["dictionary"]
    sortable_by: list[str] = []
    paginator = CappedPaginator
    show_full_result_count = False
    list_per_page = 100

    def get_changelist(self, request: HttpRequest, **kwargs: Any) -> type[ChangeList]:
        return WordChangeList

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        queryset = super().get_queryset(request)
        if chosen_dictionary_id(request) is None:
            return queryset.none()
        return queryset

    def get_ordering(self, request: HttpRequest) -> list[str]:
        if request.GET.get(SEARCH_VAR, "").strip():
            return ["dictionary_id", "text"]
        return ["dictionary_id", "length", "text"]

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet, search_term: str
    ) -> tuple[QuerySet, bool]:
        term = search_term.strip()
        if not term:
            return queryset, False
        if not term.isalpha():  # no word has anything but letters
            return queryset.none(), False
        # As the import wrote the words: the list's lower case and accent rule, so
        # "Canción" finds "cancion" in a folded list (the index's prefix search still).
        dictionary = Dictionary.objects.filter(pk=chosen_dictionary_id(request)).first()
        if dictionary is None:
            return queryset.filter(text__startswith=term.lower()), False
        played = play_form(term, language(dictionary.language), dictionary.accents)
        return queryset.filter(text__startswith=played), False

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        response = super().changelist_view(request, extra_context)
        changelist = getattr(response, "context_data", {}).get("cl")
        if changelist is None:
            return response
        if chosen_dictionary_id(request) is None:
            messages.info(request, CHOOSE_A_DICTIONARY)
        elif changelist.paginator.capped:
            messages.info(
                request,
                f"Only the first {CappedPaginator.max_rows:,} words are paged; choose a "
                "length or search the first letters to reach the others.",
            )
        return response

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Word | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Word | None = None) -> bool:
        return False
