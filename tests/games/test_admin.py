"""Games and moves in the Django admin: browsable, searchable, and strictly read-only."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from games.models import Game, Move
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, make_instructor, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    # Practice, in progress: a game that counts is left out until it is over (games.secrecy).
    return play(
        player=UserFactory(username="ada"), dictionary=dictionary, letters="eot", ranked=False
    )


@pytest.fixture
def admin_client() -> Client:
    return client_for(UserFactory(username="root", is_staff=True, is_superuser=True))


def test_the_game_list_shows_filters_and_searches_by_player(
    game: Game, admin_client: Client
) -> None:
    other = play(
        player=UserFactory(username="bob"),
        dictionary=game.dictionary,
        letters="e",
        ranked=False,
    )
    url = reverse("admin:games_game_changelist")
    page = admin_client.get(url).content.decode()
    assert "By status" in page
    assert "By difficulty" in page
    assert "By is ranked" in page
    found = admin_client.get(url, {"q": "ada"}).context["cl"].result_list
    assert [row.pk for row in found] == [game.pk]
    assert other.pk not in [row.pk for row in found]


def test_a_game_is_read_only_with_its_moves_inline_and_a_review_link(
    game: Game, admin_client: Client
) -> None:
    response = admin_client.get(reverse("admin:games_game_change", args=[game.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="_save"' not in page  # no save button: nothing to change
    assert reverse("game_review", args=[game.pk]) in page
    letters = re.findall(r'<td class="field-letter">\s*<p>(\w)</p>', page)
    assert letters == ["e", "o", "t"]


def test_nothing_can_be_added_changed_or_deleted(game: Game, admin_client: Client) -> None:
    assert admin_client.get(reverse("admin:games_game_add")).status_code == 403
    change = reverse("admin:games_game_change", args=[game.pk])
    assert admin_client.post(change, {"status": "won", "word": "cool"}).status_code == 403
    assert Game.objects.get(pk=game.pk).status == "playing"
    assert admin_client.post(reverse("admin:games_game_delete", args=[game.pk])).status_code == 403
    assert Game.objects.filter(pk=game.pk).exists()
    move = Move.objects.filter(game=game).first()
    assert admin_client.get(reverse("admin:games_move_add")).status_code == 403
    assert (
        admin_client.post(reverse("admin:games_move_delete", args=[move.pk]), {"post": "yes"})
    ).status_code == 403
    assert Move.objects.filter(game=game).count() == 3
    bulk = admin_client.post(
        reverse("admin:games_game_changelist"),
        {"action": "delete_selected", "_selected_action": [game.pk], "post": "yes"},
    )
    assert bulk.status_code in {200, 302}
    assert Game.objects.filter(pk=game.pk).exists()


def test_moves_are_listed_and_searchable(game: Game, admin_client: Client) -> None:
    url = reverse("admin:games_move_changelist")
    found = admin_client.get(url, {"q": "ada"}).context["cl"].result_list
    assert sorted(move.letter for move in found) == ["e", "o", "t"]
    page = admin_client.get(reverse("admin:games_move_change", args=[found[0].pk]))
    assert page.status_code == 200


def test_staff_need_the_view_permission(game: Game) -> None:
    staff = UserFactory(username="staff", is_staff=True)
    url = reverse("admin:games_game_changelist")
    assert client_for(staff).get(url).status_code == 403
    staff.user_permissions.add(
        Permission.objects.get(codename="view_game", content_type__app_label="games")
    )
    assert client_for(staff).get(url).status_code == 200


def test_players_and_visitors_are_sent_to_the_admin_login(game: Game) -> None:
    url = reverse("admin:games_game_changelist")
    for user in (None, UserFactory(username="player")):
        response = client_for(user).get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))


def test_instructors_who_are_staff_can_browse_games(game: Game) -> None:
    client = client_for(make_instructor(is_staff=True))
    assert client.get(reverse("admin:games_game_changelist")).status_code == 200
    assert client.get(reverse("admin:games_game_add")).status_code == 403


def test_admins_put_people_in_the_instructors_group_from_the_user_admin(
    admin_client: Client,
) -> None:
    from tests.records.support import instructors_group

    group = instructors_group()
    teacher = UserFactory(username="teacher")
    page = admin_client.get(reverse("admin:auth_user_change", args=[teacher.pk])).content.decode()
    assert f'<option value="{group.pk}">Instructors</option>' in page


def test_a_player_with_games_can_still_be_deleted_from_the_user_admin(
    game: Game, admin_client: Client
) -> None:
    player = game.player
    url = reverse("admin:auth_user_delete", args=[player.pk])
    confirmation = admin_client.get(url)
    assert confirmation.status_code == 200
    assert "perms_lacking" not in confirmation.context or not confirmation.context["perms_lacking"]
    response = admin_client.post(url, {"post": "yes"})
    assert response.status_code == 302
    assert not Game.objects.filter(pk=game.pk).exists()
    assert not Move.objects.filter(game_id=game.pk).exists()


def test_the_games_admin_offers_no_delete_action(game: Game, admin_client: Client) -> None:
    response = admin_client.get(reverse("admin:games_game_changelist"))
    assert "delete_selected" not in response.content.decode()
