"""Bot games stay off the human leaderboards, statistics, streaks, classes and the day's
leaderboard."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, transaction

from classes.selectors import class_games
from games.models import LEADERBOARD_GAMES, CountsAs, Game, Status
from records.selectors.stats import player_statistics
from tests.api.conftest import ApiClient, start
from tests.factories import ClassroomFactory, FinishedGameFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def play_out(api: ApiClient, game: dict[str, Any]) -> dict[str, Any]:
    for letter in "etaoinshrdlcumwfgypbvkjxqz":
        if game["status"] != "playing":
            break
        body = {"letter": letter, "expected_guesses": game["guesses"]}
        game = api.post(f"/games/{game['id']}/guesses", body).json()["game"]
    return game


def test_a_finished_bot_game_is_not_in_the_players_statistics_or_streaks(
    api: ApiClient, nine: Any, player: Any
) -> None:
    FinishedGameFactory(player=player, dictionary=nine)  # one game the person won
    finished = play_out(api, start(api, max_misses=26, difficulty="easy"))
    assert finished["status"] == "won"
    overall = player_statistics(player=player)[0]
    assert overall.played == 1
    assert overall.current_streak == 1


def test_bot_games_never_reach_a_leaderboard(api: ApiClient, nine: Any) -> None:
    play_out(api, start(api, max_misses=26, difficulty="hard"))
    assert Game.objects.filter(played_by_bot=True, finished_at__isnull=False).count() == 1
    assert not Game.objects.filter(LEADERBOARD_GAMES).exists()


def test_bot_games_are_not_a_students_work_in_a_class(
    api: ApiClient, nine: Any, player: Any
) -> None:
    classroom = ClassroomFactory()
    MembershipFactory(classroom=classroom, student=player)
    start(api)
    assert not class_games(classroom).exists()


@pytest.mark.parametrize("daily", [False, True])
def test_the_database_refuses_a_ranked_or_daily_bot_game(
    nine: Any, player: Any, daily: bool
) -> None:
    fields: dict[str, Any] = {"is_ranked": True, "counts_as": CountsAs.RANKED}
    if daily:  # someone's one attempt at the day's puzzle: what only the daily starts
        fields = {
            "is_ranked": False,
            "seeded_ties": True,
            "counts_as": CountsAs.ONE_ATTEMPT,
        }
    game = Game(
        player=player,
        dictionary=nine,
        length=4,
        max_misses=8,
        difficulty="hard",
        seed=1,
        pattern="----",
        words_left=9,
        status=Status.PLAYING,
        played_by_bot=True,
        **fields,
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        game.save()


def test_a_bot_game_is_marked_on_its_board_in_my_games_and_in_its_review(
    api: ApiClient, nine: Any, player: Any
) -> None:
    from django.test import Client

    game = start(api)
    client = Client()
    client.force_login(player)
    for url in (f"/games/{game['id']}/", "/games/mine/"):
        page = client.get(url)
        assert page.status_code == 200, url
        assert "Bot game (played through the API)" in page.content.decode(), url
    api.post(f"/games/{game['id']}/forfeit")
    review = client.get(f"/games/{game['id']}/review/").content.decode()
    assert "no (a bot game, played through the API)" in review


def test_the_home_page_offers_no_bot_game_to_continue(
    api: ApiClient, nine: Any, player: Any
) -> None:
    from django.test import Client

    game = start(api)
    client = Client()
    client.force_login(player)
    assert f"Continue game {game['id']}" not in client.get("/").content.decode()
