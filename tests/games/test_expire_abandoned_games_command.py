"""``manage.py expire_abandoned_games``: cron's way to the rule, idempotent, saying how many."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.utils import timezone

from dictionaries.models import Dictionary
from games.models import Game, Status
from ratings.models import PlayerRating, RatingChange
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import Clock, guess, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    return clock


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


def expire() -> str:
    out = io.StringIO()
    call_command("expire_abandoned_games", stdout=out)
    return out.getvalue().strip()


def test_it_finishes_the_idle_ranked_games_once_and_says_how_many(
    clock: Clock, nine: Dictionary
) -> None:
    idle = [start(UserFactory(), nine) for _ in range(2)]
    practice = start(UserFactory(), nine, show_word_count=True)
    clock.advance(minutes=30)
    fresh = start(UserFactory(), nine)
    clock.advance(minutes=30)
    assert expire() == "2 abandoned games finished as losses (no move for an hour)"
    assert set(Game.objects.filter(abandoned=True)) == set(idle)
    assert RatingChange.objects.count() == 2

    # Run again at once, and after another hour: nothing new, nothing rated twice.
    assert expire() == "0 abandoned games finished as losses (no move for an hour)"
    guess(fresh, "z")  # the fresh game is played on
    clock.advance(minutes=59)
    assert expire().startswith("0 abandoned games")
    assert RatingChange.objects.count() == 2
    assert sorted(PlayerRating.objects.values_list("games", flat=True)) == [1, 1]
    practice.refresh_from_db()
    fresh.refresh_from_db()
    assert practice.status == fresh.status == Status.PLAYING

    clock.advance(minutes=1)
    assert expire() == "1 abandoned game finished as a loss (no move for an hour)"
    fresh.refresh_from_db()
    assert fresh.abandoned
    assert fresh.letters == "z"
