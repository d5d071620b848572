"""Leaderboards: what counts, ranking with ties, periods, win rate, paging, the page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.test import override_settings
from django.urls import reverse

from games.models import Status
from games.scoring import win_points
from records.selectors.leaderboard import (
    LeaderboardFilters,
    Period,
    Ranking,
    leaderboard_page,
    period_start,
)
from tests.factories import DictionaryFactory, FinishedGameFactory, GameFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

UTC = dt.UTC
# A Wednesday, so "this week" (from Monday) and "today" differ.
NOW = dt.datetime(2026, 11, 18, 15, 30, tzinfo=UTC)


def at(days_ago: float = 0, *, hours: float = 0) -> dt.datetime:
    return NOW - dt.timedelta(days=days_ago, hours=hours)


def standings(filters: LeaderboardFilters | None = None, **kwargs: object) -> list[tuple]:
    page = leaderboard_page(filters or LeaderboardFilters(), now=NOW, **kwargs)
    return [(row.rank, row.username, row.points, row.games, row.wins) for row in page]


def test_period_starts_at_midnight_and_on_monday() -> None:
    assert period_start(Period.ALL_TIME, now=NOW) is None
    assert period_start(Period.TODAY, now=NOW) == dt.datetime(2026, 11, 18, tzinfo=UTC)
    assert period_start(Period.WEEK, now=NOW) == dt.datetime(2026, 11, 16, tzinfo=UTC)


@override_settings(TIME_ZONE="America/New_York")
def test_periods_follow_the_site_time_zone() -> None:
    # 02:00 UTC on Monday the 16th is still Sunday evening in New York.
    early = dt.datetime(2026, 11, 16, 2, 0, tzinfo=UTC)
    today = period_start(Period.TODAY, now=early)
    week = period_start(Period.WEEK, now=early)
    assert today is not None
    assert week is not None
    assert today.astimezone(UTC) == dt.datetime(2026, 11, 15, 5, 0, tzinfo=UTC)
    assert week.astimezone(UTC) == dt.datetime(2026, 11, 9, 5, 0, tzinfo=UTC)


def test_points_are_the_best_win_of_each_board_summed_and_harder_settings_score_more() -> None:
    dictionary = DictionaryFactory()
    grinder, explorer, hard = (
        UserFactory(username=name) for name in ("grinder", "explorer", "hard")
    )
    easy_win = {"dictionary": dictionary, "difficulty": "easy", "max_misses": 10}
    for days_ago in (1, 2, 3, 4):  # the same win four times: one category, one best
        FinishedGameFactory(player=grinder, **easy_win, finished_at=at(days_ago))
    FinishedGameFactory(player=explorer, **easy_win, finished_at=at(2))
    FinishedGameFactory(player=explorer, **easy_win, length=5, finished_at=at(1))  # a new category
    FinishedGameFactory(player=hard, dictionary=dictionary, max_misses=5, finished_at=at(3))
    assert win_points(difficulty="easy", max_misses=10) == 17
    assert win_points(difficulty="hard", max_misses=5) == 66
    assert standings() == [
        (1, "hard", 66, 1, 1),
        (2, "explorer", 34, 2, 2),
        (3, "grinder", 17, 4, 4),
    ]


def test_only_a_better_win_on_a_board_raises_the_points() -> None:
    player, dictionary = UserFactory(username="p"), DictionaryFactory()
    on_board = {"player": player, "dictionary": dictionary, "difficulty": "medium"}
    FinishedGameFactory(**on_board, max_misses=8, finished_at=at(5))
    assert standings() == [(1, "p", 38, 1, 1)]
    FinishedGameFactory(**on_board, max_misses=12, finished_at=at(4))  # weaker: no change
    assert standings() == [(1, "p", 38, 2, 2)]
    FinishedGameFactory(**on_board, max_misses=3, finished_at=at(3))  # fewer allowed: better
    FinishedGameFactory(**on_board, status=Status.LOST, max_misses=1, finished_at=at(2))
    assert standings() == [(1, "p", 48, 4, 3)]
    [row] = leaderboard_page(LeaderboardFilters(), now=NOW)
    assert row.achieved_at == at(3)


def test_only_finished_ranked_games_count_and_forfeits_are_losses() -> None:
    player = UserFactory(username="p")
    FinishedGameFactory(player=player, finished_at=at(1))
    FinishedGameFactory(player=player, status=Status.LOST, finished_at=at(1))
    FinishedGameFactory(player=player, status=Status.LOST, forfeited=True, finished_at=at(1))
    FinishedGameFactory(player=player, is_ranked=False, finished_at=at(1))  # unranked win
    GameFactory(player=player)  # in progress
    points = win_points(difficulty="hard", max_misses=8)
    assert standings() == [(1, "p", points, 3, 1)]


def test_equal_points_rank_whoever_reached_the_total_first() -> None:
    late, early = UserFactory(username="late"), UserFactory(username="early")
    # Same points; "early" reached the total two days ago, "late" yesterday,
    # although "late" started scoring first.
    FinishedGameFactory(player=late, finished_at=at(9))
    FinishedGameFactory(player=late, finished_at=at(1))
    FinishedGameFactory(player=early, finished_at=at(3))
    FinishedGameFactory(player=early, finished_at=at(2))
    # A later loss does not move the time the total was reached.
    FinishedGameFactory(player=early, status=Status.LOST, finished_at=at(0, hours=1))
    assert [row[1] for row in standings()] == ["early", "late"]


def test_equal_bests_on_a_board_rank_whoever_first_won_it_and_repeats_do_not_move_that() -> None:
    dictionary = DictionaryFactory()
    first, second, third = (UserFactory(username=name) for name in ("first", "second", "third"))
    FinishedGameFactory(player=second, dictionary=dictionary, finished_at=at(2))
    FinishedGameFactory(player=first, dictionary=dictionary, finished_at=at(3))
    # Winning it again yesterday keeps the achievement three days ago.
    FinishedGameFactory(player=first, dictionary=dictionary, finished_at=at(1))
    FinishedGameFactory(player=third, dictionary=dictionary, finished_at=at(1))
    filters = LeaderboardFilters(dictionary=dictionary, length=4, difficulty="hard")
    for selection in (LeaderboardFilters(), filters):
        page = leaderboard_page(selection, now=NOW)
        assert [(row.username, row.points, row.achieved_at) for row in page] == [
            ("first", 57, at(3)),
            ("second", 57, at(2)),
            ("third", 57, at(1)),
        ]


def test_identical_achievements_fall_back_to_the_older_account() -> None:
    first, second = UserFactory(username="zed"), UserFactory(username="amy")
    for player in (second, first):
        FinishedGameFactory(player=player, finished_at=at(1))
    assert [row[1] for row in standings()] == ["zed", "amy"]


def test_players_without_points_follow_by_account_age() -> None:
    scorer, loser_b, loser_a = (UserFactory(username=name) for name in ("s", "b", "a"))
    FinishedGameFactory(player=loser_a, status=Status.LOST, finished_at=at(5))
    FinishedGameFactory(player=loser_b, status=Status.LOST, finished_at=at(1))
    FinishedGameFactory(player=scorer, finished_at=at(1))
    assert [(row[1], row[2]) for row in standings()] == [("s", 57), ("b", 0), ("a", 0)]


def test_periods_count_only_games_finished_in_them() -> None:
    player = UserFactory(username="p")
    FinishedGameFactory(player=player, finished_at=at(0, hours=1))  # today
    FinishedGameFactory(player=player, finished_at=at(1))  # Tuesday: this week
    FinishedGameFactory(player=player, finished_at=at(2, hours=16))  # Sunday: last week
    FinishedGameFactory(player=player, finished_at=at(40))
    games = {
        period: standings(LeaderboardFilters(period=period))[0][3]
        for period in (Period.ALL_TIME, Period.WEEK, Period.TODAY)
    }
    assert games == {Period.ALL_TIME: 4, Period.WEEK: 2, Period.TODAY: 1}


def test_period_boards_count_the_best_win_of_each_board_within_the_period() -> None:
    dictionary = DictionaryFactory()
    steady, lucky = UserFactory(username="steady"), UserFactory(username="lucky")
    on_board = {"dictionary": dictionary, "difficulty": "hard"}
    # Last week's better win does not count this week; this week's best counts once.
    FinishedGameFactory(player=steady, **on_board, max_misses=3, finished_at=at(4))
    FinishedGameFactory(player=steady, **on_board, max_misses=8, finished_at=at(2))
    FinishedGameFactory(player=steady, **on_board, max_misses=8, finished_at=at(0, hours=2))
    FinishedGameFactory(player=steady, **on_board, max_misses=20, finished_at=at(0, hours=1))
    FinishedGameFactory(player=lucky, **on_board, max_misses=10, finished_at=at(1))
    FinishedGameFactory(player=lucky, **on_board, length=5, max_misses=20, finished_at=at(2))
    week = leaderboard_page(LeaderboardFilters(period=Period.WEEK), now=NOW)
    assert [(row.username, row.points, row.games, row.achieved_at) for row in week] == [
        ("lucky", 51 + 21, 2, at(1)),
        ("steady", 57, 3, at(2)),
    ]
    today = leaderboard_page(LeaderboardFilters(period=Period.TODAY), now=NOW)
    assert [(row.username, row.points, row.games, row.achieved_at) for row in today] == [
        ("steady", 57, 2, at(0, hours=2)),
    ]
    assert standings() == [(1, "steady", 72, 4, 4), (2, "lucky", 72, 2, 2)]


def test_filters_select_dictionary_length_and_difficulty() -> None:
    ours, theirs = DictionaryFactory(slug="ours"), DictionaryFactory(slug="theirs")
    player = UserFactory(username="p")
    FinishedGameFactory(player=player, dictionary=ours, length=5, difficulty="easy")
    FinishedGameFactory(player=player, dictionary=ours, length=5, difficulty="hard")
    FinishedGameFactory(player=player, dictionary=ours, length=6, difficulty="hard")
    FinishedGameFactory(player=player, dictionary=theirs, length=5, difficulty="hard")

    def games(**filters: object) -> int:
        rows = standings(LeaderboardFilters(**filters))
        return rows[0][3] if rows else 0

    assert games() == 4
    assert games(dictionary=ours) == 3
    assert games(length=5) == 3
    assert games(difficulty="hard") == 3
    assert games(dictionary=ours, length=5, difficulty="hard") == 1
    assert games(dictionary=theirs, length=6) == 0


@override_settings(LEADERBOARD_MIN_GAMES=3)
def test_win_rate_leaderboard_needs_the_minimum_games_and_breaks_ties() -> None:
    names = ("perfect-but-few", "two-thirds", "two-thirds-more", "half", "two-thirds-later")
    players = {name: UserFactory(username=name) for name in names}

    def record(name: str, results: str, *, last: float) -> None:
        for index, result in enumerate(results):
            FinishedGameFactory(
                player=players[name],
                status=Status.WON if result == "W" else Status.LOST,
                finished_at=at(last + len(results) - 1 - index),
            )

    record("perfect-but-few", "WW", last=1)  # below the minimum
    record("two-thirds", "WWL", last=3)
    record("two-thirds-more", "WWLWWL", last=2)
    record("half", "WLWL", last=1)
    record("two-thirds-later", "WLW", last=1)
    page = leaderboard_page(LeaderboardFilters(ranking=Ranking.WIN_RATE), now=NOW)
    assert [(row.rank, row.username, round(row.win_percent, 1)) for row in page] == [
        (1, "two-thirds-more", 66.7),
        (2, "two-thirds", 66.7),
        (3, "two-thirds-later", 66.7),
        (4, "half", 50.0),
    ]


def test_pages_share_one_ranking_and_a_page_past_the_end_shows_the_last() -> None:
    for index in range(5):
        player = UserFactory(username=f"p{index}")
        for _ in range(5 - index):
            FinishedGameFactory(player=player, finished_at=at(index + 1))
    second = leaderboard_page(LeaderboardFilters(), page_number=2, per_page=2, now=NOW)
    assert [(row.rank, row.username) for row in second] == [(3, "p2"), (4, "p3")]
    assert second.paginator.count == 5
    assert second.paginator.num_pages == 3
    past = leaderboard_page(LeaderboardFilters(), page_number=9, per_page=2, now=NOW)
    assert past.number == 3
    assert [(row.rank, row.username) for row in past] == [(5, "p4")]


def test_an_empty_board_is_one_empty_page() -> None:
    page = leaderboard_page(LeaderboardFilters(), page_number=4, now=NOW)
    assert list(page) == []
    assert page.number == 1
    assert page.paginator.count == 0


@pytest.mark.parametrize(
    "filters",
    [
        LeaderboardFilters(period=Period.TODAY),
        LeaderboardFilters(),
        LeaderboardFilters(difficulty="hard"),
        LeaderboardFilters(ranking=Ranking.WIN_RATE, length=4),
    ],
    ids=["today", "all-time", "all-time-filtered", "win-rate-filtered"],
)
@override_settings(LEADERBOARD_MIN_GAMES=1)
def test_a_page_is_three_queries_whatever_the_number_of_players(
    filters: LeaderboardFilters, django_assert_num_queries
) -> None:
    for index in range(30):
        player = UserFactory(username=f"p{index}")
        for _ in range(1 + index % 3):
            FinishedGameFactory(player=player, finished_at=at(0, hours=1))
    with django_assert_num_queries(3):  # how many players are ranked, the page, its usernames
        page = leaderboard_page(filters, page_number=2, now=NOW)
        rows = list(page)
    assert len(rows) == 5
    assert rows[0].rank == 26
    assert page.paginator.count == 30


class TestLeaderboardPage:
    """The games-won leaderboard (points, win rate), the second tab of the leaderboard."""

    url = reverse("leaderboard_points")

    def test_visitors_see_the_board_and_the_scoring_rule(self) -> None:
        FinishedGameFactory(player=UserFactory(username="champion"))
        response = client_for(None).get(self.url)
        assert response.status_code == 200
        page = response.content.decode()
        assert "<html" in page
        assert 'hx-get="/leaderboard/points/"' in page
        assert 'hx-push-url="true"' in page
        assert "champion" in page
        assert "difficulty weight × (27 − wrong guesses allowed)" in page
        assert "your best win for each dictionary, word length and difficulty" in page
        assert "fewer than 1 word " in page  # tests rank tiny dictionaries (RANKED_MIN_WORDS=1)
        assert response["Vary"].count("HX-Request") == 1

    def test_htmx_gets_only_the_table(self) -> None:
        FinishedGameFactory(player=UserFactory(username="champion"), difficulty="easy")
        response = client_for(None).get(
            self.url, {"difficulty": "easy", "period": "week"}, headers={"HX-Request": "true"}
        )
        page = response.content.decode()
        assert response.status_code == 200
        assert "<html" not in page
        assert "How points are scored" not in page
        assert page.lstrip().startswith('<div id="leaderboard-results"')
        assert "champion" in page
        assert "this week" in page
        assert (
            '<p id="leaderboard-status" hx-swap-oob="innerHTML">1 player ranked; page 1 of 1.</p>'
            in page
        )

    def test_htmx_history_restore_gets_the_whole_page(self) -> None:
        response = client_for(None).get(
            self.url,
            headers={"HX-Request": "true", "HX-History-Restore-Request": "true"},
        )
        assert "<html" in response.content.decode()

    def test_filters_without_javascript_render_the_whole_filtered_page(self) -> None:
        dictionary = DictionaryFactory(slug="cs314", name="CS314")
        FinishedGameFactory(player=UserFactory(username="in"), dictionary=dictionary)
        FinishedGameFactory(player=UserFactory(username="out"))
        response = client_for(None).get(self.url, {"dictionary": "cs314", "length": "4"})
        page = response.content.decode()
        assert "<html" in page
        assert ">in</a>" in page
        assert ">out</a>" not in page
        assert "CS314 · 4 letters · any difficulty" in page

    @pytest.mark.parametrize(
        ("query", "message"),
        [
            ({"dictionary": "nope"}, "There is no dictionary by that name."),
            ({"length": "five"}, "The word length is a whole number of letters."),
            ({"length": "0"}, "Ensure this value is greater than or equal to 1."),
            (
                {"difficulty": "brutal"},
                "Leaderboards rank easy, medium, hard, fiendish, obscure games",
            ),
            ({"period": "year"}, "The period is all time, this week or today."),
            ({"rank": "luck"}, "Rank by points or by win rate."),
            ({"page": "x"}, "The page is a whole number, 1 or more."),
        ],
    )
    def test_bad_filters_are_explained_and_show_no_board(
        self, query: dict[str, str], message: str
    ) -> None:
        FinishedGameFactory(player=UserFactory(username="champion"))
        for headers in ({}, {"HX-Request": "true"}):
            response = client_for(None).get(self.url, query, headers=headers)
            page = response.content.decode()
            assert response.status_code == 200
            assert message in page
            assert "champion" not in page

    def test_the_viewer_is_highlighted_and_names_link_to_profiles(self) -> None:
        me = UserFactory(username="me")
        FinishedGameFactory(player=me)
        page = client_for(me).get(self.url).content.decode()
        assert 'class="is-viewer"' in page
        assert reverse("player_profile", args=["me"]) in page

    def test_an_old_link_with_board_for_rank_by_keeps_its_ranking(self) -> None:
        response = client_for(None).get(self.url, {"board": "win_rate", "difficulty": "hard"})
        assert response.status_code == 302
        assert response["Location"] == f"{self.url}?rank=win_rate&difficulty=hard"
        page = client_for(None).get(response["Location"]).content.decode()
        assert "Win rate" in page

    @override_settings(LEADERBOARD_MIN_GAMES=2)
    def test_win_rate_leaderboard_says_who_is_not_ranked_yet(self) -> None:
        FinishedGameFactory(player=UserFactory(username="once"))
        page = client_for(None).get(self.url, {"rank": "win_rate"}).content.decode()
        assert "No player has finished 2 ranked games in this selection yet." in page

    def test_paging_links_keep_the_filters(self) -> None:
        for index in range(27):
            FinishedGameFactory(player=UserFactory(username=f"p{index:02}"), difficulty="easy")
        response = client_for(None).get(
            self.url, {"difficulty": "easy", "page": "2"}, headers={"HX-Request": "true"}
        )
        page = response.content.decode()
        assert "Page 2 of 2" in page
        assert 'href="?difficulty=easy&amp;page=1"' in page
        assert page.count("<tr") == 3  # header + the 26th and 27th players

    def test_its_cached_parts_are_kept_per_language(self) -> None:
        # One copy for everyone would serve the first visitor's language to all the others.
        for language in ("en", "de"):
            page = client_for(None).get(self.url, headers={"accept-language": language})
            assert page.status_code == 200
        for language in ("en", "de"):
            scoring = make_template_fragment_key("leaderboard-scoring", [language])
            fields = make_template_fragment_key("leaderboard-filter-fields", ["", language])
            assert cache.get(scoring) is not None
            assert cache.get(fields) is not None
