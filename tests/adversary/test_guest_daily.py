"""A visitor's daily attempt (issue 25, item 1): a real attempt, never on the board nor rated.

A visitor plays today's puzzle in one tap as a guest. The tricks: get a guest attempt onto
the day's leaderboard or a rating, before or after signing up; sign up to play the same
puzzle again as a ranked attempt; start it again from another tab, by a crafted POST (with
and without HTMX, with another puzzle's number), or two starts at the same moment. Each
one finds the guest's one attempt, and nothing else changes.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from core.guests import guest_create, is_guest
from daily.models import DailyGame, DailyPuzzle
from daily.selectors import (
    daily_streaks,
    leaderboard_games,
    leaderboard_place,
    puzzle_summaries,
    ranked_attempt,
    share_title,
    utc_today,
)
from daily.services import DailyAttemptExistsError, daily_attempt_start
from games import services
from games.models import CountsAs, Game
from games.selectors.share import game_share
from ratings.models import RatingChange
from tests.daily.support import PLAY_ORDER, daily_dictionary, play_out, todays_puzzle
from tests.games.play_support import postgresql_only, run_at_once

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
PASSWORD = "a-long-guest-daily-password-52"


@pytest.fixture
def puzzle() -> DailyPuzzle:
    daily_dictionary()
    return todays_puzzle()


def tap_play(client: Client, puzzle: DailyPuzzle, **extra: Any) -> Game:
    """The home page's one tap, as a visitor: the board of a new guest's attempt."""
    response = client.post(reverse("daily_start"), {"number": puzzle.number}, **extra)
    game = Game.objects.latest("pk")
    assert response.status_code == 302
    assert response["Location"] == reverse("game_detail", args=[game.pk])
    return game


def sign_up(client: Client, username: str) -> None:
    response = client.post(
        reverse("signup"), {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302, response.content.decode()[:500]


def finish_by_page(client: Client, game: Game) -> Game:
    """Guess through the board's form, as the browser would, until the game is over."""
    for letter in PLAY_ORDER:
        game.refresh_from_db()
        if game.is_over:
            break
        client.post(
            reverse("game_guess", args=[game.pk]),
            {"letter": letter, "expected_guesses": len(game.letters)},
        )
    game.refresh_from_db()
    assert game.is_over
    return game


def test_one_tap_makes_a_guest_attempt_that_is_real_but_unranked(
    client: Client, puzzle: DailyPuzzle
) -> None:
    game = tap_play(client, puzzle)
    assert is_guest(game.player)
    assert (game.daily_link.played_as_guest, game.is_ranked, game.daily_link.puzzle_id) == (
        True,
        False,
        puzzle.date,
    )
    assert ranked_attempt(player=game.player, puzzle=puzzle) == game  # the day's attempt
    board = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "One attempt, as a guest" in board
    assert "your one attempt, as a guest" in board
    assert "words still possible" not in board  # played as an attempt, not as practice
    finish_by_page(client, game)
    board = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    share = game_share(game, absolute_url=lambda path: path, title=share_title(game)).text
    assert share.startswith(f"Evil Hangman daily #{puzzle.number}\n")  # not "(practice)"
    assert share.split("\n")[0] in board
    assert "next puzzle in" in board
    assert daily_streaks(player=game.player).played == 1
    assert "Take back" not in board


def test_a_guest_attempt_is_never_on_the_leaderboard_nor_rated_before_or_after_sign_up(
    client: Client, puzzle: DailyPuzzle
) -> None:
    game = finish_by_page(client, tap_play(client, puzzle))
    assert not leaderboard_games(puzzle).exists()
    assert leaderboard_place(puzzle, game=game) is None
    assert puzzle_summaries([puzzle.date])[puzzle.date].players == 0
    assert not RatingChange.objects.exists()
    sign_up(client, "signed-after")
    game.refresh_from_db()
    assert game.player.get_username() == "signed-after"
    assert not is_guest(game.player)
    assert (game.daily_link.played_as_guest, game.is_ranked) == (True, False)
    assert not leaderboard_games(puzzle).exists()
    assert not RatingChange.objects.exists()
    board = Client().get(reverse("daily_leaderboard_today")).content.decode()
    assert "signed-after" not in board


def test_a_guest_who_signs_up_mid_attempt_finishes_it_unranked(
    client: Client, puzzle: DailyPuzzle
) -> None:
    game = tap_play(client, puzzle)
    services.game_guess(game_id=game.pk, player=game.player, letter=PLAY_ORDER[0])
    sign_up(client, "mid-game")
    game = finish_by_page(client, game)
    assert (game.daily_link.played_as_guest, game.is_ranked) == (True, False)
    assert not leaderboard_games(puzzle).exists()
    assert not RatingChange.objects.exists()


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["form", "htmx"])
def test_no_second_attempt_after_sign_up_from_another_tab_or_a_crafted_post(
    client: Client, puzzle: DailyPuzzle, headers: dict[str, str]
) -> None:
    game = tap_play(client, puzzle)
    services.game_guess(game_id=game.pk, player=game.player, letter=PLAY_ORDER[0])
    other_tab = tap_play(client, puzzle, **headers)  # the same session: the same attempt
    assert other_tab == game
    sign_up(client, "carried")
    finish_by_page(client, game)
    before = list(Game.objects.values_list("pk", "letters", "status", "is_ranked"))
    for data in ({}, {"number": puzzle.number}, {"number": puzzle.number + 1}):
        response = client.post(reverse("daily_start"), data, **headers)
        assert response.status_code == 302
        assert response["Location"] in (
            reverse("game_detail", args=[game.pk]),
            reverse("daily_today"),  # another day's number: nothing started, said so
        )
    assert list(Game.objects.values_list("pk", "letters", "status", "is_ranked")) == before
    page = client.get(reverse("daily_today")).content.decode()
    assert "Play today's puzzle" not in page
    assert "Played as a guest: not on today's leaderboard." in page
    with pytest.raises(DailyAttemptExistsError):
        daily_attempt_start(player=game.player, puzzle=puzzle)


def test_the_database_keeps_one_attempt_and_a_guest_attempt_an_attempt(
    puzzle: DailyPuzzle,
) -> None:
    """A guest's attempt is never ranked: the start service decides it (the link row and the
    game are two tables, so no check can hold it since the daily owns the link); the database
    keeps it the day's one attempt, and a guest's game an attempt."""
    guest = guest_create()
    game = daily_attempt_start(player=guest, puzzle=puzzle)
    assert game.daily_link.played_as_guest
    assert (game.is_ranked, game.counts_as) == (False, CountsAs.ONE_ATTEMPT)
    with pytest.raises(IntegrityError), transaction.atomic():
        DailyGame.objects.filter(pk=game.pk).update(attempt_by=None)

    def second_attempt() -> None:
        second = Game.objects.create(
            player=guest,
            dictionary=puzzle.dictionary,
            length=puzzle.length,
            max_misses=puzzle.max_misses,
            difficulty=puzzle.difficulty,
            seed=puzzle.seed,
            seeded_ties=True,
            counts_as=CountsAs.ONE_ATTEMPT,
            is_ranked=True,
            pattern="-" * puzzle.length,
            words_left=1,
        )
        DailyGame.objects.create(game=second, puzzle=puzzle, attempt_by=guest)

    with pytest.raises(IntegrityError), transaction.atomic():
        second_attempt()


def test_a_guest_attempt_refuses_hints_and_undo(client: Client, puzzle: DailyPuzzle) -> None:
    game = tap_play(client, puzzle)
    services.game_guess(game_id=game.pk, player=game.player, letter=PLAY_ORDER[0])
    with pytest.raises(services.UndoRefusedError, match="one attempt at the daily puzzle"):
        services.game_undo(game_id=game.pk, player=game.player, expected_guesses=1)
    game.refresh_from_db()
    assert game.letters == PLAY_ORDER[0]
    assert play_out(game).is_over


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_two_starts_at_once_from_one_guest_make_one_attempt() -> None:
    daily_dictionary()
    for _ in range(3):
        guest = guest_create()
        results = run_at_once(
            lambda guest=guest: daily_attempt_start(player=guest, puzzle=todays_puzzle()),
            lambda guest=guest: daily_attempt_start(player=guest, puzzle=todays_puzzle()),
        )
        games = [result for result in results if isinstance(result, Game)]
        assert len(games) == 1, results
        assert isinstance(next(r for r in results if r is not games[0]), DailyAttemptExistsError)
        assert Game.objects.filter(player=guest, daily_link__puzzle=utc_today()).count() == 1


def test_fresh_guests_from_one_address_cannot_probe_todays_puzzle(
    puzzle: DailyPuzzle, settings: Any
) -> None:
    """The prober: a private window per try, each a new guest that learns how today's puzzle
    answers other letters, before playing their own attempt. Past ``guest_daily`` an address
    makes no more guests for the daily, whatever headers it forges; accounts still play."""
    settings.RATE_LIMITS_PER_ADDRESS = {**settings.RATE_LIMITS_PER_ADDRESS, "guest_daily": "2/d"}
    for _ in range(2):
        tap_play(Client(REMOTE_ADDR="203.0.113.9"), puzzle)
    games, guests = Game.objects.count(), sum(is_guest(game.player) for game in Game.objects.all())
    for forged in ("", "198.51.100.7"):
        headers = {"HTTP_X_FORWARDED_FOR": forged} if forged else {}
        response = Client(REMOTE_ADDR="203.0.113.9").post(
            reverse("daily_start"), {"number": puzzle.number}, **headers
        )
        assert response.status_code == 429
        assert "Too many daily puzzles played without an account" in response.content.decode()
    assert Game.objects.count() == games
    assert sum(is_guest(game.player) for game in Game.objects.all()) == guests
    # Another address is counted apart, and a signed-up player from this one still plays.
    tap_play(Client(REMOTE_ADDR="203.0.113.10"), puzzle)
    player = Client(REMOTE_ADDR="203.0.113.9")
    sign_up(player, "prober-friend")
    response = player.post(reverse("daily_start"), {"number": puzzle.number})
    assert response.status_code == 302
    assert Game.objects.filter(player__username="prober-friend", daily_link__puzzle=puzzle).exists()


def test_a_practice_games_guest_counts_in_the_same_daily_limit(
    puzzle: DailyPuzzle, settings: Any
) -> None:
    """The same prober, each window first trying a practice game (a guest made by the
    ``guest`` limit) and then tapping today's puzzle: the guest is signed in by then, and
    is still counted in ``guest_daily``."""
    settings.RATE_LIMITS_PER_ADDRESS = {**settings.RATE_LIMITS_PER_ADDRESS, "guest_daily": "1/d"}
    tap_play(Client(REMOTE_ADDR="203.0.113.11"), puzzle)
    attempts = Game.objects.filter(daily_link__puzzle=puzzle).count()
    for _ in range(3):
        window = Client(REMOTE_ADDR="203.0.113.11")
        assert window.post(reverse("game_try")).status_code == 302
        response = window.post(reverse("daily_start"), {"number": puzzle.number})
        assert response.status_code == 429
        assert "Too many daily puzzles played without an account" in response.content.decode()
    assert Game.objects.filter(daily_link__puzzle=puzzle).count() == attempts
