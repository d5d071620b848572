"""The daily pages, signed in and not, with JavaScript (HTMX) and without."""

from __future__ import annotations

import datetime as dt
import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daily.models import DailyPuzzle
from daily.selectors import utc_today
from daily.services import daily_attempt_start, daily_puzzle_ensure
from dictionaries.models import Dictionary
from dictionaries.services import DictionaryChangeError, dictionary_delete
from games import services as game_services
from games.models import Game, Status
from ratings.models import RatingChange
from tests.daily.support import attempt_row, daily_dictionary, finished_attempt, made_up_words
from tests.factories import UserFactory
from tests.games.play_support import Clock
from tests.markup import without_csrf_tokens

pytestmark = pytest.mark.django_db

ONE_DAY = dt.timedelta(days=1)


def text_of(response: Any) -> str:
    """The page with its entities decoded and its white space collapsed."""
    return re.sub(r"\s+", " ", html.unescape(response.content.decode()))


class TestToday:
    def test_a_visitor_sees_the_number_and_the_size_and_plays_in_one_tap(
        self, client: Client, puzzle: DailyPuzzle
    ) -> None:
        response = client.get("/daily/")
        assert response.status_code == 200
        page = text_of(response)
        assert f"Daily puzzle #{puzzle.number}" in page
        assert page.count('class="tile"') == puzzle.length
        assert f"<strong>{puzzle.max_misses}</strong> wrong guesses allowed" in page
        assert f'action="{reverse("daily_start")}"' in page  # no log-in page on the way
        assert "Play today's puzzle" in page
        assert "/accounts/login/?next=/daily/" not in page

    def test_a_player_starts_todays_puzzle_once(
        self, player_client: Client, player: Any, puzzle: DailyPuzzle
    ) -> None:
        page = text_of(player_client.get("/daily/"))
        assert "Play today's puzzle" in page
        response = player_client.post(reverse("daily_start"))
        game = Game.objects.get(player=player)
        assert response.status_code == 302
        assert response["Location"] == reverse("game_detail", kwargs={"pk": game.pk})
        board = text_of(player_client.get(response["Location"]))
        assert f"Daily #{puzzle.number}" in board
        assert "One attempt, ranked on the day's leaderboard." in board
        # A returning player: /daily/ opens the attempt's board, no page in between.
        assert player_client.get("/daily/")["Location"] == response["Location"]
        # Sent again (a double click, a second tab): the same game, nothing new.
        again = player_client.post(reverse("daily_start"))
        assert again["Location"] == response["Location"]
        assert Game.objects.filter(player=player).count() == 1

    def test_a_finished_attempt_shows_the_result_the_share_text_and_the_streak(
        self, player_client: Client, player: Any, puzzle: DailyPuzzle
    ) -> None:
        game = finished_attempt(player, puzzle)
        page = text_of(player_client.get("/daily/"))
        assert "Play today's puzzle" not in page
        assert 'class="share-text"' in page
        assert f"Evil Hangman daily #{puzzle.number}" in page
        assert "#1</strong> on today's leaderboard" in page
        assert ("You solved it" in page) == (game.status == Status.WON)
        response = player_client.post(reverse("daily_start"))
        assert response["Location"] == reverse("game_detail", kwargs={"pk": game.pk})
        messages = text_of(player_client.get(response["Location"]))
        assert "You have already played today's puzzle" in messages

    def test_a_page_left_open_over_midnight_starts_nothing(
        self, player_client: Client, player: Any, puzzle: DailyPuzzle
    ) -> None:
        stale = str(puzzle.number - 1)
        response = player_client.post(reverse("daily_start"), {"number": stale})
        assert response["Location"] == reverse("daily_today")
        page = text_of(player_client.get(response["Location"]))
        assert f"today's puzzle is #{puzzle.number}, not #{stale}. Nothing was started" in page
        assert not Game.objects.filter(player=player).exists()
        player_client.post(reverse("daily_start"), {"number": str(puzzle.number)})
        assert Game.objects.filter(player=player).count() == 1

    def test_no_dictionary_says_so(self, client: Client) -> None:
        response = client.get("/daily/")
        assert response.status_code == 200
        assert "no dictionary to draw from" in text_of(response)
        assert client.get("/daily/leaderboard/").status_code == 200

    def test_get_only(self, player_client: Client, puzzle: DailyPuzzle) -> None:
        assert player_client.post("/daily/").status_code == 405
        assert player_client.get(reverse("daily_start")).status_code == 405


class TestLeaderboard:
    def test_todays_board_shows_no_letter_and_no_word(
        self, client: Client, puzzle: DailyPuzzle
    ) -> None:
        finished = [finished_attempt(UserFactory(username=f"p{n}"), puzzle) for n in range(3)]
        response = client.get("/daily/leaderboard/")
        page = without_csrf_tokens(text_of(response)).lower()
        assert response.status_code == 200
        assert all(f">p{n}</a>" in page for n in range(3))
        for word in made_up_words():
            assert word not in page
        assert finished[0].letters not in page

    def test_a_past_leaderboard_and_its_neighbours(
        self, client: Client, made_up: Dictionary, puzzle: DailyPuzzle
    ) -> None:
        yesterday = daily_puzzle_ensure(day=utc_today() - ONE_DAY)
        attempt_row(UserFactory(username="winner"), yesterday)
        page = text_of(client.get(reverse("daily_leaderboard", args=[yesterday.number])))
        assert "winner" in page
        assert f"Daily #{puzzle.number} →" in page
        assert client.get(reverse("daily_leaderboard", args=[9999])).status_code == 404

    def test_the_viewer_sees_their_place(
        self, player_client: Client, player: Any, puzzle: DailyPuzzle
    ) -> None:
        attempt_row(UserFactory(), puzzle, misses=0)
        attempt_row(player, puzzle, misses=3, letters="qzxvjk")
        page = text_of(player_client.get("/daily/leaderboard/"))
        assert "You are <strong>#2</strong> of 2." in page


class TestArchive:
    def test_past_puzzles_can_be_practised(
        self, player_client: Client, player: Any, made_up: Dictionary, puzzle: DailyPuzzle
    ) -> None:
        yesterday = daily_puzzle_ensure(day=utc_today() - ONE_DAY)
        page = text_of(player_client.get("/daily/archive/"))
        assert f"Practise #{yesterday.number}" in page
        assert f"Practise #{puzzle.number}" not in page  # today's joins tomorrow
        token = re.search(r'name="start_token" value="([0-9a-f-]+)"', page)
        assert token is not None
        url = reverse("daily_practice", args=[yesterday.number])
        response = player_client.post(url, {"start_token": token[1]})
        game = Game.objects.get(player=player)
        assert response["Location"] == reverse("game_detail", kwargs={"pk": game.pk})
        assert (game.is_ranked, game.seed, game.daily_link.puzzle_id) == (
            False,
            yesterday.seed,
            yesterday.date,
        )
        board = text_of(player_client.get(response["Location"]))
        assert "practice" in board
        again = player_client.post(url, {"start_token": token[1]})
        assert again["Location"] == response["Location"]
        assert Game.objects.filter(player=player).count() == 1

    def test_todays_puzzle_is_refused_with_a_reason(
        self, player_client: Client, player: Any, puzzle: DailyPuzzle
    ) -> None:
        response = player_client.post(reverse("daily_practice", args=[puzzle.number]))
        assert response["Location"] == reverse("daily_archive")
        assert "opens for practice tomorrow" in text_of(player_client.get(response["Location"]))
        assert not Game.objects.filter(player=player).exists()

    def test_a_day_nobody_visited_is_listed_and_can_be_practised(
        self, player_client: Client, player: Any, made_up: Dictionary, settings: Any
    ) -> None:
        settings.DAILY_FIRST_DAY = utc_today() - 3 * ONE_DAY
        page = text_of(player_client.get("/daily/archive/"))
        assert [f"Practise #{n}" in page for n in (1, 2, 3, 4)] == [True, True, True, False]
        assert "archive starts tomorrow" not in page
        assert not DailyPuzzle.objects.exists()
        token = re.search(r'name="start_token" value="([0-9a-f-]+)"', page)
        assert token is not None
        response = player_client.post(
            reverse("daily_practice", args=[1]), {"start_token": token[1]}
        )
        game = Game.objects.get(player=player)
        assert response["Location"] == reverse("game_detail", kwargs={"pk": game.pk})
        stored = DailyPuzzle.objects.get()
        assert (stored.number, stored.date, game.seed, game.is_ranked) == (
            1,
            settings.DAILY_FIRST_DAY,
            stored.seed,
            False,
        )

    def test_crafted_numbers_draw_no_puzzle_and_start_nothing(
        self, player_client: Client, player: Any, made_up: Dictionary, puzzle: DailyPuzzle
    ) -> None:
        """Tomorrow's puzzle (or any later one) is never drawn by a crafted request."""
        for number in (puzzle.number + 1, puzzle.number + 400, 0, 10**9):
            response = player_client.post(reverse("daily_practice", args=[number]))
            assert response.status_code == 404, number
        response = player_client.post(reverse("daily_practice", args=[puzzle.number]))
        assert response["Location"] == reverse("daily_archive")  # today's: refused
        assert list(DailyPuzzle.objects.all()) == [puzzle]
        assert not Game.objects.filter(player=player).exists()

    def test_on_the_first_day_the_archive_says_when_it_starts(
        self, client: Client, made_up: Dictionary, settings: Any
    ) -> None:
        settings.DAILY_FIRST_DAY = utc_today()
        assert "puzzle #1 is today's" in text_of(client.get("/daily/archive/"))

    def test_visitors_see_the_archive_and_are_asked_to_log_in(
        self, client: Client, made_up: Dictionary
    ) -> None:
        daily_puzzle_ensure(day=utc_today() - ONE_DAY)
        page = text_of(client.get("/daily/archive/"))
        assert "Log in" in page
        assert "Practise #" not in page
        response = client.post(reverse("daily_practice", args=[1]))
        assert response["Location"] == "/accounts/login/?next=/daily/archive/"


class TestElsewhere:
    def test_the_statistics_show_daily_streaks(
        self, player_client: Client, player: Any, made_up: Dictionary
    ) -> None:
        for days_ago in (2, 1):
            attempt_row(player, daily_puzzle_ensure(day=utc_today() - days_ago * ONE_DAY))
        for url in ("/stats/", f"/players/{player.username}/"):
            page = text_of(player_client.get(url, follow=True))
            assert "Daily puzzle" in page
            assert '<span class="value">2</span> streak' in page
            assert '<span class="value">2</span> best' in page

    def test_home_shows_todays_puzzle(
        self, client: Client, player: Any, puzzle: DailyPuzzle
    ) -> None:
        page = text_of(client.get("/"))
        assert f"Daily #{puzzle.number}" in page
        assert f'action="{reverse("daily_start")}"' in page  # one tap, for a visitor too
        client.force_login(player)
        daily_attempt_start(player=player, puzzle=puzzle)
        page = text_of(client.get("/"))
        assert "Continue today's puzzle" in page
        assert f"Continue daily #{puzzle.number}" in page

    def test_my_games_names_the_daily_puzzle(
        self, player_client: Client, player: Any, puzzle: DailyPuzzle
    ) -> None:
        finished_attempt(player, puzzle)
        assert f"daily #{puzzle.number}" in text_of(player_client.get("/games/mine/"))


def test_the_admin_lists_puzzles_read_only(client: Client, puzzle: DailyPuzzle) -> None:
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    page = client.get("/admin/daily/dailypuzzle/").content.decode()
    assert f">{puzzle.number}<" in page
    assert "/admin/daily/dailypuzzle/add/" not in page
    change = client.get(f"/admin/daily/dailypuzzle/{puzzle.date.isoformat()}/change/")
    assert change.status_code == 200
    assert str(puzzle.seed) not in change.content.decode()  # the seed would give the day away


def test_an_unplayed_puzzle_does_not_keep_its_dictionary(puzzle: DailyPuzzle) -> None:
    dictionary_delete(dictionary=puzzle.dictionary)
    assert not DailyPuzzle.objects.exists()
    made_up = daily_dictionary(slug="again", name="Again")
    played = daily_puzzle_ensure(day=utc_today())
    daily_attempt_start(player=UserFactory(), puzzle=played)
    with pytest.raises(DictionaryChangeError, match="used by games"):
        dictionary_delete(dictionary=made_up)


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["plain", "htmx"])
def test_starting_the_daily_finishes_a_ranked_game_left_past_the_limit_first(
    player_client: Client,
    player: Any,
    puzzle: DailyPuzzle,
    monkeypatch: pytest.MonkeyPatch,
    headers: dict[str, str],
) -> None:
    """The daily is another ranked game: the one left open an hour is a loss before it starts."""
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    left = game_services.game_start(
        player=player, dictionary=puzzle.dictionary, length=7, max_misses=8, difficulty="hard"
    )
    clock.advance(minutes=60)
    response = player_client.post(reverse("daily_start"), headers=headers)
    attempt = Game.objects.get(player=player, daily_link__puzzle=puzzle)
    landing = response.get("HX-Redirect") or response["Location"]
    assert landing == reverse("game_detail", args=[attempt.pk])
    page = text_of(player_client.get(landing))
    assert "This ranked game was left with no move for over an hour" in page
    left.refresh_from_db()
    assert left.abandoned
    assert RatingChange.objects.filter(game=left).count() == 1
