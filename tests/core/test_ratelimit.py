"""Per-player rate limits: the counter (and its commit on PostgreSQL), the exports, and guesses on
a limited difficulty."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.fixtures import Settings

from core import ratelimit
from core.models import RateLimitCount
from core.ratelimit import Rate, RateLimitExceeded, rate_limit_hit
from dictionaries.models import Dictionary
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import postgresql_only, run_at_once, start
from tests.records.support import client_for, make_instructor

pytestmark = pytest.mark.django_db


class FrozenClock:
    def __init__(self, monkeypatch: pytest.MonkeyPatch, now: float) -> None:
        self.now = now
        monkeypatch.setattr(ratelimit.time, "time", lambda: self.now)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FrozenClock:
    return FrozenClock(monkeypatch, now=1_800_000_030.0)  # 30 s into a minute


@pytest.fixture
def three_a_minute(settings: Settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "export": "3/m", "fiendish_guess": "3/m"}


@pytest.mark.parametrize(
    ("text", "rate", "said"),
    [
        ("20/10m", Rate(20, 600), "20 per 10 minutes"),
        ("5/m", Rate(5, 60), "5 per minute"),
        (" 1 / h ", Rate(1, 3600), "1 per hour"),
        ("100/d", Rate(100, 86400), "100 per day"),
        ("7/45s", Rate(7, 45), "7 per 45 seconds"),
    ],
)
def test_rates_are_read_and_said_in_words(text: str, rate: Rate, said: str) -> None:
    assert Rate.parse(text) == rate
    assert rate.describe() == said


@pytest.mark.parametrize("text", ["", "20", "0/m", "5/0m", "5/w", "five/m", "-1/m"])
def test_a_badly_written_rate_is_refused(text: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="20/10m"):
        Rate.parse(text)


@pytest.mark.usefixtures("three_a_minute")
def test_a_player_may_make_the_rate_and_no_more_in_a_window(clock: FrozenClock) -> None:
    ada, bob = UserFactory(username="ada"), UserFactory(username="bob")
    for _ in range(3):
        rate_limit_hit(scope="export", player=ada)
    with pytest.raises(RateLimitExceeded) as refused:
        rate_limit_hit(scope="export", player=ada)
    assert refused.value.retry_after == 30
    assert refused.value.message == (
        "Too many exports: the limit is 3 per minute. Nothing was done; try again in 30 seconds."
    )
    rate_limit_hit(scope="export", player=bob)  # another player counts apart
    rate_limit_hit(scope="fiendish_guess", player=ada)  # and so does another scope
    clock.now += 30  # the next window
    rate_limit_hit(scope="export", player=ada)
    # The first request of a window removed the player's older windows.
    assert list(
        RateLimitCount.objects.filter(scope="export", subject=f"user:{ada.pk}").values_list(
            "hits", flat=True
        )
    ) == [1]


def test_a_scope_without_a_rate_or_with_limits_off_is_not_counted(
    settings: Settings,
) -> None:
    ada = UserFactory(username="ada")
    settings.RATE_LIMITS = {"export": ""}
    for _ in range(50):
        rate_limit_hit(scope="export", player=ada)
        rate_limit_hit(scope="nothing-set", player=ada)
    settings.RATE_LIMITS = {"export": "1/h"}
    settings.RATE_LIMITS_ENABLED = False
    for _ in range(5):
        rate_limit_hit(scope="export", player=ada)
    assert not RateLimitCount.objects.exists()


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_simultaneous_requests_are_counted_exactly(settings: Settings) -> None:
    """One upsert per request: ten at once against a rate of four let exactly four through."""
    settings.RATE_LIMITS = {"export": "4/h"}
    ada = UserFactory(username="ada")
    results = run_at_once(*[lambda: rate_limit_hit(scope="export", player=ada)] * 10)
    assert sum(result is None for result in results) == 4
    assert sum(isinstance(result, RateLimitExceeded) for result in results) == 6
    assert RateLimitCount.objects.get().hits == 10


# Exports ------------------------------------------------------------------------------------


@pytest.mark.usefixtures("three_a_minute", "clock")
def test_exports_past_the_rate_get_the_429_page_with_a_way_to_retry() -> None:
    client = client_for(make_instructor())
    for export in ("instructor_games_csv", "instructor_games_jsonl", "instructor_games_csv"):
        assert client.get(reverse(export), {"length": "4"}).status_code == 200
    response = client.get(reverse("instructor_games_jsonl"), {"length": "4"})
    assert response.status_code == 429
    assert response["Retry-After"] == "30"
    html = response.content.decode()
    assert "Error 429" in html
    assert "Too many exports: the limit is 3 per minute." in html
    assert 'href="/instructor/games.jsonl?length=4">Try again</a>' in html
    assert "Log out (teacher)" in html  # the site's own layout
    # Another instructor is not held back by the first one's exports.
    other = client_for(make_instructor("other-teacher"))
    assert other.get(reverse("instructor_games_csv")).status_code == 200


@pytest.mark.usefixtures("three_a_minute")
def test_only_instructors_are_counted_for_exports() -> None:
    player = client_for(UserFactory(username="ada"))
    for _ in range(5):
        assert player.get(reverse("instructor_games_csv")).status_code == 403
    assert not RateLimitCount.objects.exists()


# Guesses on a limited difficulty -------------------------------------------------------------


@pytest.fixture
def nine_words() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS))


@pytest.fixture
def limited_fiendish(settings: Settings, three_a_minute: None) -> None:
    assert settings.RATE_LIMITED_DIFFICULTIES == ["fiendish"]  # the default


def guess(client: Client, game: Game, letter: str, *, htmx: bool) -> object:
    return client.post(
        reverse("game_guess", args=[game.pk]),
        {"letter": letter, "expected_guesses": len(Game.objects.get(pk=game.pk).letters)},
        headers={"HX-Request": "true"} if htmx else {},
    )


@pytest.mark.usefixtures("limited_fiendish", "clock")
def test_guesses_past_the_rate_are_refused_in_place_on_the_board(nine_words: Dictionary) -> None:
    player = UserFactory(username="ada")
    game = start(player, nine_words, difficulty="fiendish")
    client = client_for(player)
    for letter in "xyz":
        assert guess(client, game, letter, htmx=True).status_code == 200
    response = guess(client, game, "e", htmx=True)
    assert response.status_code == 429  # htmx swaps it in (base.html's htmx-config)
    assert response["Retry-After"] == "30"
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="board"')
    assert (
        '<p class="notice notice-error">Too many guesses on fiendish games and computer moves: '
        "the limit is 3 per minute. Nothing was done; try again in 30 seconds.</p>"
    ) in html
    assert 'name="expected_guesses" value="3"' in html  # the board as it is: e not taken
    assert Game.objects.get(pk=game.pk).letters == "xyz"
    assert game.move_rows.count() == 3


@pytest.mark.usefixtures("limited_fiendish", "clock")
def test_without_javascript_a_guess_past_the_rate_gets_a_page_back_to_the_board(
    nine_words: Dictionary,
) -> None:
    player = UserFactory(username="ada")
    game = start(player, nine_words, difficulty="fiendish")
    client = client_for(player)
    for letter in "xyz":
        assert guess(client, game, letter, htmx=False).status_code == 302
    response = guess(client, game, "e", htmx=False)
    assert response.status_code == 429
    html = response.content.decode()
    assert "Too many guesses on fiendish games" in html
    assert f'href="/games/{game.pk}/">Try again</a>' in html
    assert Game.objects.get(pk=game.pk).letters == "xyz"


@pytest.mark.usefixtures("three_a_minute")
def test_guesses_on_other_difficulties_are_not_counted(
    nine_words: Dictionary, settings: Settings
) -> None:
    assert settings.RATE_LIMITED_DIFFICULTIES == ["fiendish"]
    player = UserFactory(username="ada")
    game = start(player, nine_words, max_misses=26)  # hard
    client = client_for(player)
    for letter in "xyzqjkv":
        assert guess(client, game, letter, htmx=True).status_code == 200
    assert not RateLimitCount.objects.exists()


def test_ended_windows_of_every_subject_are_pruned(clock: FrozenClock, settings: Settings) -> None:
    """Addresses seen once leave rows no new window of theirs would delete."""
    settings.RATE_LIMITS = {"export": "3/m"}
    settings.RATE_LIMITS_PER_ADDRESS = {"export": "10/h"}
    ada = UserFactory(username="ada")
    rate_limit_hit(scope="export", player=ada, address="203.0.113.7")
    clock.now += 3600  # an hour on: the address's window has ended, and the player's
    rate_limit_hit(scope="export", player=ada, address="198.51.100.1")
    assert ratelimit.prune_ended_windows(now=clock.now) == 1  # the address's row only
    assert sorted(RateLimitCount.objects.values_list("subject", flat=True)) == [
        "ip:198.51.100.1",
        f"user:{ada.pk}",
    ]


# The counts' commit on PostgreSQL -------------------------------------------------------------


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_a_count_on_its_own_commits_without_waiting_for_the_disk(settings: Settings) -> None:
    settings.RATE_LIMITS_PER_ADDRESS = {**settings.RATE_LIMITS_PER_ADDRESS, "login": "3/h"}
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            rate_limit_hit(scope="login", address="203.0.113.7")
    assert all(
        "synchronous_commit" in query["sql"] for query in queries if "INSERT" in query["sql"]
    )
    assert RateLimitCount.objects.get(scope="login").hits == 3
    with pytest.raises(RateLimitExceeded):
        rate_limit_hit(scope="login", address="203.0.113.7")
    # The setting lasted only for the count's own transaction.
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone() == ("on",)


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_a_count_in_the_callers_transaction_leaves_its_commit_alone(settings: Settings) -> None:
    """A guess's count is part of the guess's transaction, whose commit must stay durable."""
    with transaction.atomic():
        with CaptureQueriesContext(connection) as queries:
            rate_limit_hit(scope="login", address="203.0.113.7")
        with connection.cursor() as cursor:
            cursor.execute("SHOW synchronous_commit")
            assert cursor.fetchone() == ("on",)
    assert not any("synchronous_commit" in query["sql"] for query in queries)
    assert RateLimitCount.objects.get(scope="login").hits == 1
