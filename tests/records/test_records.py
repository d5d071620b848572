"""My games, the instructors' list, the Instructors group, and the permission matrix."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from games.models import Game, Status
from games.permissions import can_review_all
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, FinishedGameFactory, GameFactory, UserFactory
from tests.records.support import (
    client_for,
    instructors_group,
    make_instructor,
    make_role,
    play,
    review_permission,
)

pytestmark = pytest.mark.django_db

ROLES = ("visitor", "owner", "other", "instructor", "staff", "admin")


def game_ids(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r">(?:Review|Continue) game (\d+)</a>", html)]


class TestInstructorsGroup:
    def test_the_migration_grants_the_review_permission(self) -> None:
        group = instructors_group()
        codenames = set(group.permissions.values_list("codename", flat=True))
        # run_classes: granted to the same group by classes.0001_initial (issue 12).
        assert codenames == {"review_all_games", "view_game", "view_move", "run_classes"}

    def test_running_it_again_changes_nothing(self) -> None:
        instructors_group()
        instructors_group()
        assert Group.objects.filter(name="Instructors").count() == 1
        assert review_permission().group_set.count() == 1

    def test_members_and_superusers_may_review_everything_others_not(self) -> None:
        assert can_review_all(make_instructor())
        assert can_review_all(UserFactory(is_superuser=True))
        assert not can_review_all(UserFactory(is_staff=True))
        direct = UserFactory()
        direct.user_permissions.add(review_permission())
        assert can_review_all(direct)


class TestMyGames:
    def test_lists_only_the_players_games_newest_first_with_the_right_links(self) -> None:
        player = UserFactory(username="ada")
        finished = FinishedGameFactory(player=player, misses=3)
        in_progress = GameFactory(player=player)
        FinishedGameFactory()  # someone else's
        page = client_for(player).get(reverse("my_games")).content.decode()
        assert game_ids(page) == [in_progress.pk, finished.pk]
        assert f'href="{reverse("game_review", args=[finished.pk])}"' in page
        assert f'href="{reverse("game_detail", args=[in_progress.pk])}"' in page
        assert f'href="{reverse("game_review", args=[in_progress.pk])}"' not in page
        assert "3 / 8" in page  # wrong guesses used
        assert "Hard · 8 wrong guesses allowed · ranked" in page

    def test_shows_results_including_forfeits(self) -> None:
        player = UserFactory()
        FinishedGameFactory(player=player, status=Status.LOST, forfeited=True)
        FinishedGameFactory(player=player, status=Status.LOST)
        page = client_for(player).get(reverse("my_games")).content.decode()
        assert "Forfeited" in page
        assert ">Lost<" in page

    def test_is_paged(self) -> None:
        player = UserFactory()
        games = [GameFactory(player=player, is_ranked=False) for _ in range(23)]
        client = client_for(player)
        second = client.get(reverse("my_games"), {"page": "2"}).content.decode()
        assert game_ids(second) == [game.pk for game in reversed(games[:3])]
        assert "Page 2 of 2" in second
        # Django's get_page: a bad or too-large number shows a real page, never an error.
        assert game_ids(client.get(reverse("my_games"), {"page": "x"}).content.decode())
        assert "Page 2 of 2" in client.get(reverse("my_games"), {"page": "99"}).content.decode()

    def test_a_newcomer_is_invited_to_play(self) -> None:
        page = client_for(UserFactory()).get(reverse("my_games")).content.decode()
        assert "You have not played yet." in page


class TestInstructorGames:
    url = reverse("instructor_games")

    @pytest.fixture
    def client(self) -> Client:
        return client_for(make_instructor())

    @pytest.fixture
    def games(self) -> dict[str, Game]:
        ada, bob = UserFactory(username="ada"), UserFactory(username="bob")
        cs, web = DictionaryFactory(slug="cs"), DictionaryFactory(slug="web")
        day = dt.datetime(2026, 11, 10, 12, tzinfo=dt.UTC)
        made = {
            "ada-won": FinishedGameFactory(player=ada, dictionary=cs, length=5, difficulty="easy"),
            "ada-lost": FinishedGameFactory(player=ada, dictionary=web, status=Status.LOST),
            "bob-forfeit": FinishedGameFactory(
                player=bob, dictionary=cs, status=Status.LOST, forfeited=True, length=5
            ),
            "bob-playing": GameFactory(player=bob, dictionary=web, is_ranked=False),
        }
        for offset, game in enumerate(made.values()):
            game.started_at = day + dt.timedelta(days=offset)
            game.save(update_fields=["started_at"])
        return made

    def listed(self, client: Client, **query: str) -> set[int]:
        page = client.get(self.url, query).content.decode()
        return set(game_ids(page))

    @pytest.mark.parametrize(
        ("query", "expected"),
        [
            ({}, {"ada-won", "ada-lost", "bob-forfeit", "bob-playing"}),
            ({"player": "ADA"}, {"ada-won", "ada-lost"}),
            ({"player": "nobody"}, set()),
            ({"dictionary": "cs"}, {"ada-won", "bob-forfeit"}),
            ({"length": "5"}, {"ada-won", "bob-forfeit"}),
            ({"difficulty": "easy"}, {"ada-won"}),
            ({"result": "won"}, {"ada-won"}),
            ({"result": "lost"}, {"ada-lost", "bob-forfeit"}),
            ({"result": "forfeited"}, {"bob-forfeit"}),
            ({"result": "playing"}, {"bob-playing"}),
            ({"result": "finished"}, {"ada-won", "ada-lost", "bob-forfeit"}),
            ({"ranked": "no"}, {"bob-playing"}),
            ({"started_from": "2026-11-11"}, {"ada-lost", "bob-forfeit", "bob-playing"}),
            ({"started_to": "2026-11-11"}, {"ada-won", "ada-lost"}),
            (
                {"started_from": "2026-11-11", "started_to": "2026-11-12"},
                {"ada-lost", "bob-forfeit"},
            ),
        ],
    )
    def test_filters(
        self, client: Client, games: dict[str, Game], query: dict[str, str], expected: set[str]
    ) -> None:
        assert self.listed(client, **query) == {games[name].pk for name in expected}

    @pytest.mark.parametrize(
        ("query", "message"),
        [
            ({"started_from": "2026-11-12", "started_to": "2026-11-11"}, "must be on or after"),
            ({"started_from": "yesterday"}, "Enter a date as YYYY-MM-DD."),
            ({"result": "draw"}, "Pick a result from the list."),
            ({"dictionary": "missing"}, "There is no dictionary by that name."),
        ],
    )
    def test_bad_filters_are_explained(
        self, client: Client, games: dict[str, Game], query: dict[str, str], message: str
    ) -> None:
        page = client.get(self.url, query).content.decode()
        assert message in page
        assert game_ids(page) == []

    def test_htmx_gets_the_results_and_the_export_links_keep_the_filters(
        self, client: Client, games: dict[str, Game]
    ) -> None:
        response = client.get(
            self.url, {"player": "bob", "page": "1"}, headers={"HX-Request": "true"}
        )
        page = response.content.decode()
        assert "<html" not in page
        assert page.lstrip().startswith('<div id="games-results"')
        assert set(game_ids(page)) == {games["bob-forfeit"].pk, games["bob-playing"].pk}
        assert f'href="{reverse("instructor_games_csv")}?player=bob"' in page
        assert f'href="{reverse("instructor_games_jsonl")}?player=bob"' in page
        full = client.get(self.url, {"player": "bob"}).content.decode()
        assert "<html" in full
        assert 'hx-push-url="true"' in full

    def test_is_paged_with_htmx_links(self, client: Client) -> None:
        for _ in range(21):
            GameFactory(is_ranked=False)
        page = client.get(self.url, {"ranked": "no"}).content.decode()
        assert "Page 1 of 2" in page
        assert 'hx-get="?ranked=no&amp;page=2"' in page


def _setup_matrix() -> tuple[User, Game, Game]:
    owner = UserFactory(username="owner")
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    finished = play(player=owner, dictionary=dictionary, letters="eot", max_misses=2)
    playing = play(player=owner, dictionary=dictionary, letters="e", ranked=False)
    return owner, finished, playing


# expected: an HTTP status, "login" (redirect to the login page) or "board".
MATRIX = {
    "my_games": dict.fromkeys(ROLES, 200) | {"visitor": "login"},
    "player_stats": dict.fromkeys(ROLES, 302) | {"visitor": "login"},  # to their page
    "player_profile": dict.fromkeys(ROLES, 200),
    "leaderboard": dict.fromkeys(ROLES, 200),
    "leaderboard_points": dict.fromkeys(ROLES, 200),
    "instructor_games": {
        "visitor": "login",
        "owner": 403,
        "other": 403,
        "instructor": 200,
        "staff": 403,
        "admin": 200,
    },
    "review_finished": dict.fromkeys(ROLES, 200) | {"visitor": "login"},
    "review_playing": {
        "visitor": "login",
        "owner": "board",
        "other": 404,
        "instructor": 200,
        "staff": 404,
        "admin": 200,
    },
    "candidates_finished": {
        "visitor": "login",
        "owner": 403,
        "other": 403,
        "instructor": 200,
        "staff": 403,
        "admin": 200,
    },
}
MATRIX["instructor_games_csv"] = MATRIX["instructor_games"]
MATRIX["instructor_games_jsonl"] = MATRIX["instructor_games"]
# Another player's game in progress is not found (404) here as on the review page.
MATRIX["candidates_playing"] = MATRIX["candidates_finished"] | {"other": 404, "staff": 404}


def matrix_url(page: str, finished: Game, playing: Game) -> str:
    if page.startswith("review_"):
        game = finished if page == "review_finished" else playing
        return reverse("game_review", args=[game.pk])
    if page.startswith("candidates_"):
        game = finished if page == "candidates_finished" else playing
        return reverse("game_review_candidates", args=[game.pk]) + "?move=1"
    if page == "player_profile":
        return reverse("player_profile", args=["owner"])
    return reverse(page)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", sorted(MATRIX))
def test_permission_matrix(page: str, role: str) -> None:
    owner, finished, playing = _setup_matrix()
    user = make_role(role, owner=owner)
    for headers in ({}, {"HX-Request": "true"}):
        response = client_for(user).get(matrix_url(page, finished, playing), headers=headers)
        expected = MATRIX[page][role]
        if expected == "login":
            if headers:
                assert response.status_code == 200
                assert response["HX-Redirect"].startswith(reverse("login"))
            else:
                assert response.status_code == 302
                assert response["Location"].startswith(reverse("login") + "?next=")
        elif expected == "board":
            assert response.status_code == 302
            assert response["Location"] == reverse("game_detail", args=[playing.pk])
        else:
            assert response.status_code == expected, (page, role, headers)


@pytest.mark.parametrize("role", ROLES)
def test_only_instructors_are_offered_candidate_words(role: str) -> None:
    owner, finished, _ = _setup_matrix()
    user = make_role(role, owner=owner)
    if user is None:
        return
    page = client_for(user).get(reverse("game_review", args=[finished.pk])).content.decode()
    offered = "Show the candidate words" in page
    assert offered is (role in {"instructor", "admin"})
    assert 'class="candidate-words"' not in page  # the page itself never lists candidates


def test_players_never_see_others_games_in_progress_anywhere() -> None:
    owner, _, playing = _setup_matrix()
    other = client_for(UserFactory(username="nosy"))
    assert other.get(reverse("game_review", args=[playing.pk])).status_code == 404
    assert str(playing.pk) not in re.findall(
        r"game (\d+)", other.get(reverse("my_games")).content.decode()
    )
    profile = other.get(reverse("player_profile", args=[owner.get_username()])).content.decode()
    assert '<th scope="row">Hard</th><td class="num">1</td>' in profile  # only the finished game
