"""The main leaderboard: players by rating, provisional ones apart, with the filters.

The filters choose who is listed, never the number (a rating is one Glicko-2 rating
over all of a player's rated games); the games column counts the selected games.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Game, Status
from ratings.models import PROVISIONAL_DEVIATION, PlayerRating, RatingChange
from ratings.services import game_rate
from records.selectors.leaderboard import LeaderboardFilters, Period, rating_leaderboard
from tests.factories import DictionaryFactory, FinishedGameFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

UTC = dt.UTC
# A Wednesday, so "this week" (from Monday) and "today" differ.
NOW = dt.datetime(2026, 11, 18, 15, 30, tzinfo=UTC)
STEADY = 60.0  # a deviation well under PROVISIONAL_DEVIATION


def rated(player, *, days_ago: float = 0, status: str = Status.WON, **fields) -> Game:
    """A finished ranked game, rated as its finish would rate it."""
    game = FinishedGameFactory(
        player=player, status=status, finished_at=NOW - dt.timedelta(days=days_ago), **fields
    )
    game_rate(game)
    return game


def set_rating(player, rating: float, deviation: float = STEADY) -> None:
    """Pin a player's rating (as many games would have) and keep their rated games."""
    PlayerRating.objects.update_or_create(
        player=player, defaults={"rating": rating, "deviation": deviation}
    )


def names(rows) -> list[str]:
    return [row.username for row in rows]


def tables(filters: LeaderboardFilters | None = None, **kwargs):
    return rating_leaderboard(filters or LeaderboardFilters(), now=NOW, **kwargs)


def test_established_players_rank_by_rating_and_provisional_ones_apart() -> None:
    for name, rating, deviation in [
        ("steady", 1600, STEADY),
        ("strong", 1900, STEADY),
        ("edge", 1700, PROVISIONAL_DEVIATION),  # exactly at the line: established
        ("newcomer", 2000, 350),
        ("lucky", 1800, PROVISIONAL_DEVIATION + 0.1),
    ]:
        set_rating(UserFactory(username=name), rating, deviation)
    result = tables()
    assert names(result.established) == ["strong", "edge", "steady"]
    assert [row.rank for row in result.established] == [1, 2, 3]
    assert names(result.provisional) == ["newcomer", "lucky"]
    assert all(row.provisional for row in result.provisional)
    assert not any(row.provisional for row in result.established)


def test_a_provisional_player_never_reaches_the_established_table_however_high() -> None:
    """A cheater's new account, farmed to a huge rating in a few games, stays apart."""
    set_rating(UserFactory(username="honest"), 1500)
    farmer = UserFactory(username="farmer")
    for days in range(3):
        rated(farmer, days_ago=days)
    PlayerRating.objects.filter(player=farmer).update(rating=3500)  # as high as it gets
    for filters in [
        LeaderboardFilters(),
        LeaderboardFilters(period=Period.WEEK),
        LeaderboardFilters(difficulty="hard"),
    ]:
        result = tables(filters)
        assert "farmer" not in names(result.established), filters
        assert names(result.provisional) == ["farmer"], filters
    page = client_for(None).get(reverse("leaderboard")).content.decode()
    established, provisional = page.split('id="provisional-title"')
    assert "farmer" not in established
    assert "3500?" in provisional


def test_while_no_one_is_established_the_provisional_players_are_the_leaderboard() -> None:
    set_rating(UserFactory(username="first"), 1620, 250)
    set_rating(UserFactory(username="second"), 1480, 300)
    page = client_for(None).get(reverse("leaderboard")).content.decode()
    assert "No rated game in this selection yet" not in page
    assert 'id="provisional-title"' not in page  # one table, the main one
    main = page.split('id="established-title"')[1]
    assert main.index("first") < main.index("1620?") < main.index("second") < main.index("1480?")
    assert "A provisional rating" in main
    empty = client_for(None).get(reverse("leaderboard"), {"period": "today"}).content.decode()
    assert "No rated game in this selection yet." in empty


def test_the_period_lists_players_with_rated_games_in_it_by_their_whole_rating() -> None:
    old_hand, this_week, today = (UserFactory(username=n) for n in ("old", "week", "today"))
    rated(old_hand, days_ago=30)
    rated(this_week, days_ago=30)
    rated(this_week, days_ago=2)  # Monday
    rated(today, days_ago=0)
    rated(today, days_ago=0, status=Status.LOST)
    set_rating(old_hand, 2100)
    set_rating(this_week, 1700)
    set_rating(today, 1500)

    assert names(tables().established) == ["old", "week", "today"]
    week = tables(LeaderboardFilters(period=Period.WEEK)).established
    assert names(week) == ["week", "today"]
    assert [row.games for row in week] == [1, 2]  # the games in the period only
    assert [row.rating for row in week] == [1700, 1500]  # the whole rating, never re-rated
    assert names(tables(LeaderboardFilters(period=Period.TODAY)).established) == ["today"]


def test_dictionary_length_and_difficulty_list_players_with_rated_games_on_such_challenges() -> (
    None
):
    cs = DictionaryFactory(slug="cs314", name="CS314")
    on_cs, elsewhere, both = (UserFactory(username=n) for n in ("on_cs", "elsewhere", "both"))
    rated(on_cs, dictionary=cs, difficulty="easy")
    rated(elsewhere, length=5)
    rated(both, dictionary=cs, difficulty="hard")
    rated(both, length=5, difficulty="hard")
    rated(both, length=5, difficulty="hard", status=Status.LOST)
    for player, rating in ((on_cs, 1800), (elsewhere, 1700), (both, 1600)):
        set_rating(player, rating)

    assert names(tables(LeaderboardFilters(dictionary=cs)).established) == ["on_cs", "both"]
    five = tables(LeaderboardFilters(length=5)).established
    assert names(five) == ["elsewhere", "both"]
    assert [row.games for row in five] == [1, 2]
    assert names(tables(LeaderboardFilters(difficulty="easy")).established) == ["on_cs"]
    combined = LeaderboardFilters(dictionary=cs, difficulty="hard", length=4)
    assert names(tables(combined).established) == ["both"]
    assert tables(combined).established[0].games == 1
    assert names(tables(LeaderboardFilters(length=9)).established) == []


def test_players_narrow_both_tables() -> None:
    wanted = UserFactory(username="wanted")
    set_rating(wanted, 1500)
    set_rating(UserFactory(username="other"), 1900)
    set_rating(UserFactory(username="fresh"), 1500, 350)
    players = PlayerRating.objects.filter(player__username="wanted").values("player_id")
    result = tables(players=players)
    assert names(result.established) == ["wanted"]
    assert result.provisional == []


@pytest.mark.parametrize(
    "filters",
    [
        LeaderboardFilters(),
        LeaderboardFilters(period=Period.WEEK),
        LeaderboardFilters(difficulty="hard", length=4),
    ],
    ids=["all-time", "week", "filtered"],
)
def test_the_board_is_one_query_per_table_whatever_the_number_of_players(
    filters: LeaderboardFilters, django_assert_num_queries
) -> None:
    for index in range(30):
        player = UserFactory(username=f"p{index:02}")
        rated(player, days_ago=1)
        set_rating(player, 1500 + index, STEADY if index % 2 else 300)
    with django_assert_num_queries(2):  # the established table, the provisional one
        result = tables(filters)
        rows = [(row.username, row.games) for row in [*result.established, *result.provisional]]
    assert len(rows) == 30
    assert result.established[0].username == "p29"


def test_the_page_reads_the_same_few_queries_for_3_or_30_players() -> None:
    def page_queries() -> int:
        cache.clear()  # the filter fields are cached: read the dictionaries every time
        with CaptureQueriesContext(connection) as queries:
            response = client_for(None).get(reverse("leaderboard"), {"difficulty": "hard"})
        assert response.status_code == 200
        return len(queries.captured_queries)

    for index in range(3):
        rated(UserFactory(username=f"a{index}"))
    few = page_queries()
    for index in range(27):
        rated(UserFactory(username=f"b{index}"))
    assert page_queries() == few


class TestRatingLeaderboardPage:
    url = reverse("leaderboard")

    @pytest.fixture(autouse=True)
    def players(self) -> None:
        set_rating(UserFactory(username="steady"), 1600)
        set_rating(UserFactory(username="newcomer"), 1800, 300)

    def test_visitors_see_the_whole_page_with_its_tabs(self) -> None:
        response = client_for(None).get(self.url)
        assert response.status_code == 200
        page = response.content.decode()
        assert "<html" in page
        assert 'hx-get="/leaderboard/"' in page
        assert 'hx-target="#leaderboard-results"' in page
        assert f'href="{reverse("leaderboard_points")}"' in page  # the games-won tab
        assert 'aria-current="page">Rating</a>' in page
        established, provisional = page.split('id="provisional-title"')
        assert "steady" in established
        assert "newcomer" not in established
        assert "1800?" in provisional
        assert "Everyone with a rated game" in page
        assert "The filters choose who is listed, never a rating" in page
        # The table comes before the explanation, which is one tap away.
        assert page.index('id="established-title"') < page.index("How the rating works")
        assert '<details class="leaderboard-help">' in page
        assert response["Vary"].count("HX-Request") == 1

    def test_htmx_gets_only_the_tables(self) -> None:
        response = client_for(None).get(self.url, {"period": "all"}, headers={"HX-Request": "true"})
        page = response.content.decode()
        assert response.status_code == 200
        assert "<html" not in page
        assert "<form" not in page
        assert page.lstrip().startswith('<div id="leaderboard-results"')
        assert "steady" in page
        assert (
            '<p id="leaderboard-status" hx-swap-oob="innerHTML">'
            "1 established and 1 provisional rating shown.</p>"
        ) in page

    def test_htmx_history_restore_gets_the_whole_page(self) -> None:
        response = client_for(None).get(
            self.url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
        )
        assert "<html" in response.content.decode()

    @pytest.mark.parametrize("htmx", [False, True])
    def test_a_filter_says_what_it_means(self, htmx: bool) -> None:
        game_rate(FinishedGameFactory(player=UserFactory(username="hardy")))  # just now
        headers = {"HX-Request": "true"} if htmx else {}
        page = (
            client_for(None)
            .get(self.url, {"difficulty": "hard", "period": "week"}, headers=headers)
            .content.decode()
        )
        assert "Any dictionary · any length · Hard" in page
        assert "this week" in page
        assert "by their rating; the games column counts those games only." in page
        assert "Rated games here" in page
        assert "hardy" in page
        assert "steady" not in page  # no rated game this week

    def test_the_viewer_is_highlighted_and_names_link_to_profiles(self) -> None:
        me = UserFactory(username="me")
        set_rating(me, 1550)
        page = client_for(me).get(self.url).content.decode()
        assert 'class="is-viewer"' in page
        assert reverse("player_profile", args=["me"]) in page

    @pytest.mark.parametrize(
        ("query", "message"),
        [
            ({"dictionary": "' OR 1=1 --"}, "There is no dictionary by that name."),
            ({"length": "five"}, "The word length is a whole number of letters."),
            ({"length": "99999999999999999999"}, "Ensure this value is less than or equal to"),
            ({"difficulty": "fair"}, "fair games are for learning and never ranked"),
            ({"difficulty": "brutal"}, "Leaderboards rank easy, medium, hard"),
            ({"period": "year"}, "The period is all time, this week or today."),
            ({"period": "\x00"}, "The period is all time, this week or today."),
        ],
    )
    def test_a_crafted_filter_is_explained_shows_no_board_and_changes_nothing(
        self, query: dict[str, str], message: str
    ) -> None:
        before = list(PlayerRating.objects.order_by("pk").values_list("rating", "deviation"))
        for headers in ({}, {"HX-Request": "true"}):
            with CaptureQueriesContext(connection) as queries:
                response = client_for(None).get(self.url, query, headers=headers)
            page = response.content.decode()
            if "\x00" in "".join(query.values()):  # refused at the door (core/bad_input.py)
                assert response.status_code == 400
                assert "control character" in page
            else:
                assert response.status_code == 200
                assert message in page
            assert "steady" not in page
            assert "newcomer" not in page
            statements = [entry["sql"].upper().lstrip() for entry in queries.captured_queries]
            assert not [sql for sql in statements if sql.startswith(("INSERT", "UPDATE", "DELETE"))]
        after = list(PlayerRating.objects.order_by("pk").values_list("rating", "deviation"))
        assert after == before
        assert not RatingChange.objects.exists()

    def test_parameters_the_board_does_not_have_are_ignored(self) -> None:
        page = (
            client_for(None)
            .get(self.url, {"rating": "9999", "deviation": "0", "order": "-rating", "page": "x"})
            .content.decode()
        )
        established, provisional = page.split('id="provisional-title"')
        assert "steady" in established
        assert "newcomer" in provisional
        assert "9999" not in page
        assert "filter-errors" not in page

    @pytest.mark.parametrize("query", ["board=win_rate&difficulty=hard", "board=points", "board=x"])
    def test_an_old_link_to_the_points_leaderboard_goes_to_the_games_won_tab(
        self, query: str
    ) -> None:
        """Its "rank by" was called board then: the games won tab reads it as rank."""
        response = client_for(None).get(f"{self.url}?{query}")
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('leaderboard_points')}?" + query.replace(
            "board=", "rank="
        )

    def test_its_cached_filter_fields_are_kept_per_language(self) -> None:
        for language in ("en", "de"):
            page = client_for(None).get(self.url, headers={"accept-language": language})
            assert page.status_code == 200
        for language in ("en", "de"):
            key = make_template_fragment_key("rating-filter-fields", ["", language])
            assert cache.get(key) is not None
