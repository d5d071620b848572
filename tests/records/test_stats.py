"""Player statistics: played, won, streaks in finishing order, the wrong-guess distribution."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.engine import MAKERS
from games.models import Status
from records.selectors.stats import DistributionBar, Statistics, player_statistics
from tests.factories import FinishedGameFactory, GameFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

START = dt.datetime(2026, 10, 1, 12, 0, tzinfo=dt.UTC)


def record(
    player: User, results: str, *, difficulty: str = "hard", first_day: int = 0, **extra: Any
) -> None:
    """One finished game per character: W won, L lost, F forfeited, in finishing order."""
    for index, result in enumerate(results):
        FinishedGameFactory(
            player=player,
            difficulty=difficulty,
            status=Status.WON if result == "W" else Status.LOST,
            forfeited=result == "F",
            finished_at=START + dt.timedelta(days=first_day + index),
            **extra,
        )


def overall(player: User, *, ranked_only: bool = False) -> Statistics:
    return player_statistics(player=player, ranked_only=ranked_only)[0]


@pytest.mark.parametrize(
    ("results", "current", "best"),
    [
        ("", 0, 0),
        ("L", 0, 0),
        ("W", 1, 1),
        ("WWLWWW", 3, 3),
        ("WWWLW", 1, 3),
        ("WWWWL", 0, 4),
        ("WFWW", 2, 2),
    ],
)
def test_streaks(results: str, current: int, best: int) -> None:
    player = UserFactory()
    record(player, results)
    stats = overall(player)
    assert (stats.current_streak, stats.best_streak) == (current, best)
    assert stats.played == len(results)
    assert stats.won == results.count("W")


def test_streaks_follow_the_finishing_order_not_the_creation_order() -> None:
    player = UserFactory()
    # Created loss-first, but the loss finished first: the streak is 2.
    FinishedGameFactory(player=player, status=Status.WON, finished_at=START + dt.timedelta(2))
    FinishedGameFactory(player=player, status=Status.LOST, finished_at=START)
    FinishedGameFactory(player=player, status=Status.WON, finished_at=START + dt.timedelta(1))
    assert overall(player).current_streak == 2


def test_games_in_progress_do_not_count_and_forfeits_are_losses() -> None:
    player = UserFactory()
    record(player, "WF")
    GameFactory(player=player)
    stats = overall(player)
    assert (stats.played, stats.won, stats.lost, stats.win_percent) == (2, 1, 1, 50)
    assert stats.current_streak == 0


def test_win_percent_is_rounded() -> None:
    player = UserFactory()
    record(player, "WWL")
    assert overall(player).win_percent == 67


def test_each_difficulty_has_its_own_figures_and_streaks() -> None:
    player = UserFactory()
    record(player, "WWW", difficulty="easy", first_day=0)
    record(player, "L", difficulty="hard", first_day=3)
    record(player, "W", difficulty="medium", first_day=4)
    stats = {entry.key: entry for entry in player_statistics(player=player)}
    assert list(stats) == ["all", *(maker.name for maker in MAKERS)]
    assert (stats["all"].played, stats["all"].current_streak, stats["all"].best_streak) == (
        5,
        1,
        3,
    )
    assert (stats["easy"].played, stats["easy"].current_streak) == (3, 3)
    assert (stats["medium"].won, stats["medium"].current_streak) == (1, 1)
    assert (stats["hard"].won, stats["hard"].best_streak) == (0, 0)


def test_distribution_of_wrong_guesses_in_won_games() -> None:
    player = UserFactory()
    for misses in (0, 2, 2, 2, 4, 1):
        FinishedGameFactory(player=player, misses=misses, finished_at=START)
    FinishedGameFactory(player=player, status=Status.LOST, finished_at=START)  # 8 misses, lost
    assert overall(player).distribution == (
        DistributionBar(misses=0, count=1, percent=33),
        DistributionBar(misses=1, count=1, percent=33),
        DistributionBar(misses=2, count=3, percent=100),
        DistributionBar(misses=3, count=0, percent=0),
        DistributionBar(misses=4, count=1, percent=33),
    )


def test_ranked_only_leaves_out_unranked_games() -> None:
    player = UserFactory()
    record(player, "WW", is_ranked=False)
    record(player, "L", first_day=5)
    assert overall(player).played == 3
    ranked = overall(player, ranked_only=True)
    assert (ranked.played, ranked.won, ranked.distribution) == (1, 0, ())


def test_statistics_are_one_query(django_assert_num_queries: DjangoAssertNumQueries) -> None:
    player = UserFactory()
    record(player, "WLWWLW")
    with django_assert_num_queries(1):
        player_statistics(player=player)


def reference(games: list[tuple[str, bool, int]]) -> dict[str, tuple[int, int, int, int, dict]]:
    """Each section's figures counted game by game in finishing order, the plain way:
    played, won, current streak, best streak, wins by wrong guesses."""
    figures: dict[str, list[Any]] = {}
    for difficulty, won, misses in games:
        for key in ("all", difficulty):
            played, wins, current, best, bars = figures.setdefault(key, [0, 0, 0, 0, {}])
            current = current + 1 if won else 0
            if won:
                bars[misses] = bars.get(misses, 0) + 1
            figures[key] = [played + 1, wins + won, current, max(best, current), bars]
    return {key: tuple(value) for key, value in figures.items()}


@pytest.mark.parametrize("seed", range(6))
def test_the_figures_are_those_counted_game_by_game_by_hand(seed: int) -> None:
    """Random histories over three difficulties, ties in finishing time broken by id."""
    rng = random.Random(seed)
    player = UserFactory(username=f"p{seed}")
    games = []
    for index in range(rng.randint(0, 60)):
        difficulty = rng.choice(["easy", "medium", "hard"])
        won, misses = rng.random() < 0.6, rng.randint(0, 5)
        games.append((difficulty, won, misses))
        FinishedGameFactory(
            player=player,
            difficulty=difficulty,
            status=Status.WON if won else Status.LOST,
            misses=misses if won else 8,
            max_misses=8,
            finished_at=START + dt.timedelta(hours=index // 3),  # three at a time: ties
        )
    expected = reference(games)
    for section in player_statistics(player=player):
        played, won, current, best, bars = expected.get(section.key, (0, 0, 0, 0, {}))
        assert (section.played, section.won) == (played, won), section.key
        assert (section.current_streak, section.best_streak) == (current, best), section.key
        assert {bar.misses: bar.count for bar in section.distribution if bar.count} == bars


class TestPages:
    def test_own_statistics_need_a_login(self) -> None:
        response = client_for(None).get(reverse("player_stats"))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))

    def test_the_old_statistics_address_leads_to_ones_player_page(self) -> None:
        player = UserFactory(username="ada")
        response = client_for(player).get(reverse("player_stats"), {"ranked": "on"})
        assert response.status_code == 302
        assert response["Location"] == reverse("player_profile", args=["ada"]) + "?ranked=on"

    def test_ones_own_page_shows_every_finished_game_and_the_chart(self) -> None:
        player = UserFactory(username="ada")
        record(player, "WWLW", misses=1)
        record(player, "W", is_ranked=False, first_day=9, misses=0)
        url = reverse("player_profile", args=["ada"])
        page = client_for(player).get(url).content.decode()
        assert '<th scope="row">Hard</th><td class="num">5</td><td class="num">80%</td>' in page
        assert '<td class="num">2</td>' in page  # the current streak
        assert "1 wrong guess</span>" in page
        assert 'class="bar width-100">3<span class="records-sr-only"> won games</span>' in page
        ranked = client_for(player).get(url, {"ranked": "on"}).content.decode()
        assert '<th scope="row">Hard</th><td class="num">4</td>' in ranked

    def test_only_what_was_played_is_shown(self) -> None:
        """No block of zeros per difficulty, no "All" row beside a single difficulty, no
        daily block before a daily puzzle, and no fair block on a ranked-only page."""
        player = UserFactory(username="ada")
        record(player, "WL")
        record(player, "W", difficulty="fair", is_ranked=False, first_day=5)
        mine = client_for(player).get(reverse("player_profile", args=["ada"])).content.decode()
        assert ">Hard</th>" in mine
        assert ">Fair (honest)</th>" in mine
        assert ">All</th>" in mine
        public = client_for(None).get(reverse("player_profile", args=["ada"])).content.decode()
        for absent in ("Fair", "Easy", "Medium", ">All</th>", "Daily puzzle"):
            assert absent not in public, absent
        newcomer = UserFactory(username="new")
        page = client_for(newcomer).get(reverse("player_profile", args=["new"])).content.decode()
        assert "No finished game yet." in page
        assert "records-table" not in page

    def test_public_profile_shows_ranked_games_to_anyone(self) -> None:
        player = UserFactory(username="ada")
        record(player, "WW")
        record(player, "LLL", is_ranked=False, first_day=5)
        GameFactory(player=player)
        for viewer in (None, UserFactory(username="other")):
            response = client_for(viewer).get(reverse("player_profile", args=["ada"]))
            page = response.content.decode()
            assert response.status_code == 200
            row = '<th scope="row">Hard</th><td class="num">2</td><td class="num">100%</td>'
            assert row in page
            assert "Ranked games only" not in page  # the switch is the player's own

    def test_unknown_players_are_404(self) -> None:
        response = client_for(None).get(reverse("player_profile", args=["nobody"]))
        assert response.status_code == 404

    def test_ones_own_page_does_not_load_the_account_again(self) -> None:
        """The signed-in account is the page's player: one lookup of an account (the
        session's), where someone else's page needs theirs too; a name that differs only
        in case is another player's page (usernames are looked up exactly)."""
        player = UserFactory(username="ada")
        UserFactory(username="Ada")
        record(player, "WL")
        client = client_for(player)

        def accounts_read(name: str) -> tuple[int, str]:
            with CaptureQueriesContext(connection) as queries:
                response = client.get(reverse("player_profile", args=[name]))
            reads = [q for q in queries.captured_queries if 'FROM "auth_user"' in q["sql"]]
            return len(reads), response.content.decode()

        own, page = accounts_read("ada")
        assert own == 1
        assert "Ranked games only" in page  # the switch is the player's own
        other, page = accounts_read("Ada")
        assert other == 2
        assert "Ranked games only" not in page
