"""The familiar list becomes the daily's list from the next puzzle on: a day already drawn
keeps the list it was drawn from (everyone plays the same puzzle all day)."""

from __future__ import annotations

import datetime as dt

import pytest

from daily.selectors import utc_today
from daily.services import daily_puzzle_ensure
from dictionaries import services
from dictionaries.services import (
    DEFAULT_DICTIONARY_SLUG,
    FAMILIAR_DICTIONARY_SLUG,
    dictionary_import_default,
    dictionary_import_familiar,
)

pytestmark = pytest.mark.django_db

# Seven-letter words (the daily prefers 7 to 12): the first four are familiar (Zipf >= 2.5).
WEB2 = ["kitchen", "picture", "teacher", "weather", "waspish", "gumminy", "untrick", "plumbed"]


@pytest.fixture
def small_web2(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(services, "default_word_source", lambda: list(WEB2))
    return WEB2


def test_todays_puzzle_keeps_web2_and_the_next_one_draws_on_the_familiar_list(
    small_web2: list[str],
) -> None:
    dictionary_import_default()
    today = utc_today()
    drawn = daily_puzzle_ensure(day=today)
    assert drawn.dictionary.slug == DEFAULT_DICTIONARY_SLUG

    familiar = dictionary_import_familiar().dictionary
    assert familiar.is_default
    assert familiar.word_count < len(WEB2)

    assert daily_puzzle_ensure(day=today).dictionary.slug == DEFAULT_DICTIONARY_SLUG
    tomorrow = daily_puzzle_ensure(day=today + dt.timedelta(days=1))
    assert tomorrow.dictionary.slug == FAMILIAR_DICTIONARY_SLUG
