"""GET forms for leaderboards, statistics and the instructors' list of games.

They are read from the query string so every filtered page has a URL that
can be shared; a value the form refuses is reported next to the field and the
page shows nothing filtered by it.
"""

from __future__ import annotations

import datetime as dt

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from dictionaries.selectors import offered_dictionaries
from games import difficulties
from games.engine import MAX_WORD_LENGTH
from games.models import RANKED_DIFFICULTIES, Difficulty
from records.selectors.leaderboard import LeaderboardFilters, Period, Ranking
from records.selectors.records import GameFilters, Result

ANY_DIFFICULTY = [("", _("Any difficulty"))]
RESULT_CHOICES = [
    ("", _("Any result")),
    (Result.PLAYING, pgettext_lazy("game status", "In progress")),
    (Result.FINISHED, _("Finished (won or lost)")),
    (Result.WON, pgettext_lazy("game status", "Won")),
    (Result.LOST, _("Lost (forfeits included)")),
    (Result.FORFEITED, _("Forfeited")),
]
RANKED_CHOICES = [
    ("", _("Ranked or not")),
    ("yes", _("Ranked only")),
    ("no", _("Unranked only")),
]


# Games are started today or later than the site's first day: a date outside these years
# filters nothing a player could have played, and at the calendar's ends (0001-01-01,
# 9999-12-31) the day bounds of the query would overflow.
FIRST_FILTER_DATE = dt.date(2000, 1, 1)
LAST_FILTER_DATE = dt.date(2999, 12, 31)
DATE_RANGE_MESSAGE = format_lazy(
    _("Enter a date between {first} and {last}."), first=FIRST_FILTER_DATE, last=LAST_FILTER_DATE
)


def _difficulty_message() -> str:
    return gettext("Difficulty is one of %(names)s.") % {
        "names": difficulties.names(Difficulty.values)
    }


def _ranked_difficulty_message() -> str:
    return gettext(
        "Leaderboards rank %(names)s games (fair games are for learning and never ranked)."
    ) % {"names": difficulties.names(RANKED_DIFFICULTIES)}


class FilterDateField(forms.DateField):
    """A date in the query string, as YYYY-MM-DD, within the years a game may have started."""

    widget = forms.DateInput(attrs={"type": "date"})
    default_error_messages = {"invalid": _("Enter a date as YYYY-MM-DD.")}
    default_validators = [
        MinValueValidator(FIRST_FILTER_DATE, message=DATE_RANGE_MESSAGE),
        MaxValueValidator(LAST_FILTER_DATE, message=DATE_RANGE_MESSAGE),
    ]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(required=False, **kwargs)
        self.widget.attrs.update(min=str(FIRST_FILTER_DATE), max=str(LAST_FILTER_DATE))


class PageForm(forms.Form):
    """A page number in the query string of a paged list."""

    page = forms.IntegerField(
        required=False,
        min_value=1,
        widget=forms.HiddenInput,
        error_messages={"invalid": _("The page is a whole number, 1 or more.")},
    )

    def page_number(self) -> int:
        return self.cleaned_data.get("page") or 1


class _PagedFilterForm(PageForm):
    """Shared fields: dictionary, word length, difficulty, page."""

    dictionary = forms.ModelChoiceField(
        queryset=offered_dictionaries(),
        to_field_name="slug",
        label=_("Dictionary"),
        required=False,
        empty_label=_("Any dictionary"),
        error_messages={"invalid_choice": _("There is no dictionary by that name.")},
    )
    length = forms.IntegerField(
        label=_("Word length"),
        required=False,
        min_value=1,
        max_value=MAX_WORD_LENGTH,
        widget=forms.NumberInput(attrs={"placeholder": _("Any"), "inputmode": "numeric"}),
        error_messages={"invalid": _("The word length is a whole number of letters.")},
    )
    difficulty = forms.ChoiceField(
        label=_("Difficulty"),
        choices=ANY_DIFFICULTY + Difficulty.choices,
        required=False,
        error_messages={"invalid_choice": lazy(_difficulty_message, str)()},
    )


class LeaderboardFilterForm(_PagedFilterForm):
    difficulty = forms.ChoiceField(
        label=_("Difficulty"),
        choices=ANY_DIFFICULTY + [(value, value.label) for value in RANKED_DIFFICULTIES],
        required=False,
        error_messages={"invalid_choice": lazy(_ranked_difficulty_message, str)()},
    )
    period = forms.ChoiceField(
        label=_("Period"),
        choices=Period.choices,
        required=False,
        error_messages={"invalid_choice": _("The period is all time, this week or today.")},
    )
    rank = forms.ChoiceField(
        label=_("Rank by"),
        choices=Ranking.choices,
        required=False,
        error_messages={"invalid_choice": _("Rank by points or by win rate.")},
    )
    field_order = ["dictionary", "length", "difficulty", "period", "rank", "page"]

    def filters(self) -> LeaderboardFilters:
        data = self.cleaned_data
        return LeaderboardFilters(
            dictionary=data["dictionary"],
            length=data["length"],
            difficulty=data["difficulty"] or None,
            period=data["period"] or Period.ALL_TIME,
            ranking=data["rank"] or Ranking.POINTS,
        )


class RatingLeaderboardFilterForm(LeaderboardFilterForm):
    """The rating leaderboard's filters: which players are listed (see ``rating_leaderboard``).

    No page (each table shows its top players) and no "rank by": the leaderboard ranks by
    rating; ``rank`` is left to the points leaderboard's own form.
    """

    rank = None
    page = None
    field_order = ["dictionary", "length", "difficulty", "period"]

    def filters(self) -> LeaderboardFilters:
        data = self.cleaned_data
        return LeaderboardFilters(
            dictionary=data["dictionary"],
            length=data["length"],
            difficulty=data["difficulty"] or None,
            period=data["period"] or Period.ALL_TIME,
        )


class GameFilterForm(_PagedFilterForm):
    player = forms.CharField(
        label=_("Player (username)"), required=False, max_length=150, strip=True
    )
    result = forms.ChoiceField(
        label=_("Result"),
        choices=RESULT_CHOICES,
        required=False,
        error_messages={"invalid_choice": _("Pick a result from the list.")},
    )
    ranked = forms.ChoiceField(
        label=_("Ranked"),
        choices=RANKED_CHOICES,
        required=False,
        error_messages={"invalid_choice": _("Pick ranked, unranked or either.")},
    )
    started_from = FilterDateField(label=_("Started on or after"))
    started_to = FilterDateField(label=_("Started on or before"))
    field_order = [
        "player",
        "dictionary",
        "length",
        "difficulty",
        "result",
        "ranked",
        "started_from",
        "started_to",
        "page",
    ]

    def clean(self) -> dict:
        data = super().clean()
        start, end = data.get("started_from"), data.get("started_to")
        if start and end and start > end:
            self.add_error(
                "started_to", gettext("The end date must be on or after the start date.")
            )
        return data

    def filters(self) -> GameFilters:
        data = self.cleaned_data
        ranked = {"yes": True, "no": False}.get(data["ranked"])
        return GameFilters(
            player=data["player"],
            dictionary=data["dictionary"],
            length=data["length"],
            difficulty=data["difficulty"] or None,
            result=data["result"] or None,
            ranked=ranked,
            started_from=data["started_from"],
            started_to=data["started_to"],
        )


class StatisticsForm(forms.Form):
    ranked = forms.BooleanField(label=_("Ranked games only"), required=False)
