"""A day's puzzle is drawn from its date alone: the same for every process, varied over days."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pytest_django.fixtures import Settings

from daily import draw

WEB2_LIKE = [(length, 5000) for length in range(2, 25)]
DAY = dt.date(2026, 3, 14)


def test_the_same_date_draws_the_same_settings_and_seed() -> None:
    assert draw.draw_settings(DAY, WEB2_LIKE, min_words=100) == draw.draw_settings(
        DAY, list(reversed(WEB2_LIKE)), min_words=100
    )
    assert draw.draw_seed(DAY) == draw.draw_seed(DAY)


def test_the_settings_vary_over_the_days_within_the_preferred_lengths() -> None:
    days = [DAY + dt.timedelta(days=n) for n in range(90)]
    drawn = [draw.draw_settings(day, WEB2_LIKE, min_words=100) for day in days]
    assert {settings.length for settings in drawn} == set(draw.WRONG_GUESSES_BY_LENGTH)
    for settings in drawn:
        low, high = draw.WRONG_GUESSES_BY_LENGTH[settings.length]
        assert low <= settings.max_misses <= high
    assert len({draw.draw_seed(day) for day in days}) == len(days)


@given(st.dates(min_value=dt.date(2000, 1, 1), max_value=dt.date(2100, 1, 1)))
def test_a_seed_fits_the_games_seed_column(day: dt.date) -> None:
    assert 0 <= draw.draw_seed(day) < 2**draw.SEED_BITS


def test_the_seed_needs_the_secret_key(settings: Settings) -> None:
    before = draw.draw_seed(DAY)
    settings.SECRET_KEY = "another-secret-key-for-this-test-only-0123456789"
    assert draw.draw_seed(DAY) != before


@pytest.mark.parametrize(
    ("lengths", "expected"),
    [
        ([(4, 500), (5, 500), (9, 50)], {4, 5}),  # no preferred length ranked: any ranked one
        ([(3, 10), (4, 20)], {3, 4}),  # none ranked: any length
        ([(9, 500), (10, 99)], {9}),  # the preferred length with enough words
    ],
)
def test_a_dictionary_without_the_preferred_lengths_still_gets_a_puzzle(
    lengths: list[tuple[int, int]], expected: set[int]
) -> None:
    drawn = {
        draw.draw_settings(DAY + dt.timedelta(days=n), lengths, min_words=100).length
        for n in range(40)
    }
    assert drawn == expected


def test_no_word_no_puzzle() -> None:
    with pytest.raises(ValueError, match="needs a dictionary"):
        draw.draw_settings(DAY, [], min_words=100)


def test_puzzle_numbers_count_days_from_the_first() -> None:
    first = dt.date(2026, 1, 1)
    assert draw.puzzle_number(first, first_day=first) == 1
    assert draw.puzzle_number(dt.date(2026, 2, 1), first_day=first) == 32
    assert draw.puzzle_number(dt.date(2025, 12, 31), first_day=first) == 0
