"""The ratings in the Django admin: browsable by staff, a fixed number of queries, read-only.

The rows are made by the real service (``game_rate`` on finished ranked games), so
every page shows ratings as the site writes them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.models import Difficulty, Game, Status
from ratings.models import ChallengeRating, PlayerRating, RatingChange
from ratings.services import game_rate
from tests.daily.support import daily_dictionary, finished_attempt, todays_puzzle
from tests.factories import DictionaryFactory, FinishedGameFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

MODELS = ("playerrating", "challengerating", "ratingchange")


def rated_game(**fields: Any) -> RatingChange:
    """A finished ranked game, rated by the service as its finish would rate it."""
    change = game_rate(FinishedGameFactory(**fields))
    assert change is not None
    return change


def row_of(model: str, change: RatingChange) -> PlayerRating | ChallengeRating | RatingChange:
    if model == "playerrating":
        return PlayerRating.objects.get(player_id=change.player_id)
    if model == "challengerating":
        return change.challenge
    return change


def changelist(model: str) -> str:
    return reverse(f"admin:ratings_{model}_changelist")


def change_page(model: str, pk: int) -> str:
    return reverse(f"admin:ratings_{model}_change", args=[pk])


@pytest.fixture
def admin_client() -> Client:
    return client_for(UserFactory(username="root", is_staff=True, is_superuser=True))


@pytest.fixture
def ada_won() -> RatingChange:
    dictionary = DictionaryFactory(name="Course words")
    return rated_game(
        player=UserFactory(username="ada"),
        dictionary=dictionary,
        length=6,
        max_misses=5,
        difficulty=Difficulty.FIENDISH,
        status=Status.WON,
    )


def test_staff_see_each_changelist_with_the_rows_as_the_site_rounds_them(
    admin_client: Client, ada_won: RatingChange
) -> None:
    rating = PlayerRating.objects.get(player__username="ada")
    players = admin_client.get(changelist("playerrating"))
    assert players.status_code == 200
    assert [row.pk for row in players.context["cl"].result_list] == [rating.pk]
    page = players.content.decode()
    assert "ada" in page
    assert f"{rating.rating:.0f}" in page
    assert f"{rating.deviation:.0f}" in page
    assert "delete_selected" not in page  # nothing to delete, so no action either

    other = rated_game(length=4, difficulty=Difficulty.HARD)  # a second challenge to filter out
    challenges = admin_client.get(changelist("challengerating"))
    page = challenges.content.decode()
    assert challenges.status_code == 200
    assert {row.pk for row in challenges.context["cl"].result_list} == {
        ada_won.challenge_id,
        other.challenge_id,
    }
    for filter_title in ("By dictionary", "By difficulty", "By length"):
        assert filter_title in page
    for query in (
        {"dictionary__id__exact": ada_won.challenge.dictionary_id},
        {"difficulty__exact": Difficulty.FIENDISH},
        {"length": 6},
    ):
        found = admin_client.get(changelist("challengerating"), query).context["cl"].result_list
        assert [row.pk for row in found] == [ada_won.challenge_id]
    assert f"{ada_won.challenge.rating:.0f}" in page

    changes = admin_client.get(changelist("ratingchange"))
    page = changes.content.decode()
    assert changes.status_code == 200
    assert reverse("admin:games_game_change", args=[ada_won.game_id]) in page
    assert "Course words, 6 letters, 5 wrong guesses, Fiendish" in page
    assert f"{ada_won.player_before:.0f} → {ada_won.player_after:.0f} (+" in page
    assert "By result" in page
    for filter_title in ("By difficulty", "By length", "By dictionary"):
        assert filter_title in page


@pytest.mark.parametrize("model", MODELS)
def test_staff_see_a_change_page_without_a_save_button(
    admin_client: Client, ada_won: RatingChange, model: str
) -> None:
    row = row_of(model, ada_won)
    response = admin_client.get(change_page(model, row.pk))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="_save"' not in page  # view only: nothing to change
    assert '<input type="text" name="rating"' not in page
    if model == "ratingchange":
        assert reverse("admin:games_game_change", args=[ada_won.game_id]) in page
    else:
        assert f"{row.rating}" in page  # type: ignore[union-attr]


def test_the_changes_are_searched_and_filtered(admin_client: Client) -> None:
    won = rated_game(player=UserFactory(username="grace"), status=Status.WON)
    lost = rated_game(player=UserFactory(username="linus"), status=Status.LOST)
    url = changelist("ratingchange")

    def found(**query: str) -> list[int]:
        return [row.pk for row in admin_client.get(url, query).context["cl"].result_list]

    assert found(q="grac") == [won.pk]
    assert found(result="won") == [won.pk]
    assert found(result="lost") == [lost.pk]
    players = changelist("playerrating")
    by_name = admin_client.get(players, {"q": "linu"}).context["cl"].result_list
    assert [row.player.username for row in by_name] == ["linus"]


def test_players_are_ordered_by_rating_highest_first(admin_client: Client) -> None:
    rated_game(player=UserFactory(username="winner"), status=Status.WON)
    rated_game(player=UserFactory(username="loser"), status=Status.LOST)
    rows = admin_client.get(changelist("playerrating")).context["cl"].result_list
    assert [row.player.username for row in rows] == ["winner", "loser"]


@pytest.mark.parametrize("model", MODELS)
def test_a_changelist_takes_the_same_queries_for_1_row_as_for_20(
    admin_client: Client, model: str, django_assert_max_num_queries: Callable[..., Any]
) -> None:
    rated_game(status=Status.WON)
    url = changelist(model)
    admin_client.get(url)  # the session and content types are read once, out of the count
    with CaptureQueriesContext(connection) as one:
        assert len(admin_client.get(url).context["cl"].result_list) == 1
    for number in range(19):
        rated_game(status=Status.WON if number % 2 else Status.LOST)
    with django_assert_max_num_queries(len(one.captured_queries)):
        assert len(admin_client.get(url).context["cl"].result_list) == 20


def test_staff_need_the_view_permission(ada_won: RatingChange) -> None:
    staff = UserFactory(username="staff", is_staff=True)
    for model in MODELS:
        assert client_for(staff).get(changelist(model)).status_code == 403
        staff.user_permissions.add(
            Permission.objects.get(codename=f"view_{model}", content_type__app_label="ratings")
        )
        assert client_for(staff).get(changelist(model)).status_code == 200
        row = row_of(model, ada_won)
        assert client_for(staff).get(change_page(model, row.pk)).status_code == 200


@pytest.mark.parametrize("model", MODELS)
def test_players_and_visitors_are_refused(ada_won: RatingChange, model: str) -> None:
    row = row_of(model, ada_won)
    for user in (None, ada_won.player, UserFactory(username="bystander")):
        for url in (changelist(model), change_page(model, row.pk)):
            response = client_for(user).get(url)
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("admin:login"))


def snapshot() -> list[tuple[Any, ...]]:
    return [
        *PlayerRating.objects.order_by("pk").values_list(),
        *ChallengeRating.objects.order_by("pk").values_list(),
        *RatingChange.objects.order_by("pk").values_list(),
    ]


CRAFTED = {
    "player": "",
    "rating": "3000",
    "deviation": "30",
    "volatility": "0.01",
    "games": "500",
    "score": "1",
    "player_before": "1500",
    "player_after": "2900",
    "challenge_after": "100",
    "length": "4",
    "max_misses": "26",
    "difficulty": Difficulty.EASY,
    "_save": "Save",
}


@pytest.mark.parametrize("model", MODELS)
def test_a_crafted_post_changes_no_number_even_for_a_superuser(
    admin_client: Client, ada_won: RatingChange, model: str
) -> None:
    """The cheat: a staff member posts the form the admin never shows, to lift a rating."""
    row = row_of(model, ada_won)
    before = snapshot()
    crafted = {**CRAFTED, "player": str(ada_won.player_id), "dictionary": str(row.pk)}
    assert admin_client.post(change_page(model, row.pk), crafted).status_code == 403
    assert admin_client.post(reverse(f"admin:ratings_{model}_add"), crafted).status_code == 403
    delete = reverse(f"admin:ratings_{model}_delete", args=[row.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    bulk = admin_client.post(
        changelist(model),
        {"action": "delete_selected", "_selected_action": [row.pk], "post": "yes"},
    )
    assert bulk.status_code in {200, 302}
    assert snapshot() == before


def test_a_player_with_a_rating_can_still_be_deleted_from_the_user_admin(
    admin_client: Client, ada_won: RatingChange
) -> None:
    url = reverse("admin:auth_user_delete", args=[ada_won.player_id])
    confirmation = admin_client.get(url)
    assert confirmation.status_code == 200
    assert not confirmation.context.get("perms_lacking")
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert not PlayerRating.objects.exists()
    assert not RatingChange.objects.exists()


def test_todays_daily_changes_stay_hidden_until_the_day_is_over(
    admin_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A daily attempt is no longer rated (issue 26); a change rated before says whether its
    player solved today's puzzle: staff see it neither in the list nor on its page, as with
    its game, even once they have played, until the day is over."""
    daily_dictionary()
    puzzle = todays_puzzle()
    attempt = finished_attempt(UserFactory(username="early"), puzzle)
    assert not RatingChange.objects.filter(game=attempt).exists()
    challenge = ChallengeRating.objects.create(
        dictionary=puzzle.dictionary,
        length=puzzle.length,
        max_misses=puzzle.max_misses,
        difficulty=puzzle.difficulty,
    )
    change = RatingChange.objects.create(  # rated before the rule
        game_id=attempt.pk,
        player_id=attempt.player_id,
        challenge=challenge,
        score=1.0,
        player_before=1500,
        player_after=1600,
        player_deviation_after=300,
        challenge_before=1500,
        challenge_after=1450,
        challenge_deviation_after=300,
        finished_at=attempt.finished_at,
    )
    url = changelist("ratingchange")
    assert list(admin_client.get(url).context["cl"].result_list) == []
    page = admin_client.get(change_page("ratingchange", change.pk))
    assert page.status_code == 302  # the admin's "no such row", as for a game it hides
    finished_attempt(UserFactory(username="root-player"), puzzle)
    assert list(admin_client.get(url).context["cl"].result_list) == []
    tomorrow = timezone.now() + dt.timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: tomorrow)
    shown = {row.game_id for row in admin_client.get(url).context["cl"].result_list}
    assert shown == {attempt.pk}
    assert admin_client.get(change_page("ratingchange", change.pk)).status_code == 200


# --- the rebuild: queued from the players' changelist, run by a worker ---------------------

REBUILD = "admin:ratings_playerrating_rebuild"


def bulk_loaded_game() -> Game:
    """A finished ranked game written without its finish (a bulk load): not rated yet."""
    return FinishedGameFactory(status=Status.WON)


def test_a_superuser_queues_a_rebuild_that_rates_what_a_bulk_load_left_unrated(
    admin_client: Client, ada_won: RatingChange
) -> None:
    """Tests run tasks at once (the immediate backend): the task is the whole rebuild."""
    page = admin_client.get(changelist("playerrating")).content.decode()
    assert reverse(REBUILD) in page
    assert "Rebuild all ratings" in page
    loaded = bulk_loaded_game()
    assert not RatingChange.objects.filter(game=loaded).exists()

    response = admin_client.post(reverse(REBUILD), follow=True)
    assert response.redirect_chain == [(changelist("playerrating"), 302)]
    assert "A rebuild of every rating is queued" in response.content.decode()
    assert RatingChange.objects.filter(game=loaded).exists()
    assert RatingChange.objects.filter(game_id=ada_won.game_id).exists()
    assert PlayerRating.objects.count() == 2


def test_the_request_only_queues_the_rebuild_for_a_worker(
    admin_client: Client, ada_won: RatingChange, settings: Any
) -> None:
    from unittest import mock

    from django_tasks_db.models import DBTaskResult

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    loaded = bulk_loaded_game()
    before = snapshot()

    def rebuilt_in_the_request() -> None:
        raise AssertionError("the request rebuilt the ratings instead of queueing it")

    with mock.patch("ratings.services.ratings_rebuild", rebuilt_in_the_request):
        response = admin_client.post(reverse(REBUILD))
    assert response.status_code == 302
    queued = DBTaskResult.objects.get()
    assert (queued.task_path, queued.status) == ("ratings.tasks.rebuild_ratings", "READY")
    assert snapshot() == before
    assert not RatingChange.objects.filter(game=loaded).exists()


def test_only_a_superuser_may_rebuild(ada_won: RatingChange) -> None:
    """The cheat: staff who may only view, or a player, post the rebuild's form themselves."""
    viewer = UserFactory(username="viewer", is_staff=True)
    viewer.user_permissions.add(
        Permission.objects.get(codename="view_playerrating", content_type__app_label="ratings")
    )
    loaded = bulk_loaded_game()
    page = client_for(viewer).get(changelist("playerrating")).content.decode()
    assert reverse(REBUILD) not in page
    assert client_for(viewer).post(reverse(REBUILD)).status_code == 403
    for user in (None, ada_won.player):
        response = client_for(user).post(reverse(REBUILD))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))
    root = client_for(UserFactory(username="root", is_staff=True, is_superuser=True))
    assert root.get(reverse(REBUILD)).status_code == 405  # a link followed rebuilds nothing
    assert not RatingChange.objects.filter(game=loaded).exists()
