"""A dictionary an admin has not offered yet stays out of players' reach (issue 21 item 7).

The tricks: post the new-game form (with HTMX and without, to play or to let the computer
play) with the id of a hidden list read from the admin's upload or guessed; set an
assignment on it so students must play it; filter the leaderboard by its slug. Each is
refused with a clear message and changes nothing (a ranked game in progress is not
forfeited). Staff may play a hidden list to check it, never ranked.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from classes.models import Assignment
from dictionaries.models import Dictionary
from dictionaries.selectors import offered_dictionaries
from games.models import Game, Status
from games.selectors.board import default_dictionary
from tests.classes.support import make_class
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import new_game_data, start
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
WORDS = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]
REFUSAL = "That dictionary is not offered for new games; choose one listed."


@pytest.fixture
def offered() -> Dictionary:
    return DictionaryFactory(words=WORDS, name="Offered", is_default=True)


@pytest.fixture
def hidden() -> Dictionary:
    return DictionaryFactory(words=WORDS, name="Garbage test list", is_hidden=True)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
@pytest.mark.parametrize("computer_plays", [False, True], ids=["self", "computer"])
def test_a_crafted_start_on_a_hidden_dictionary_is_refused_and_changes_nothing(
    offered: Dictionary, hidden: Dictionary, headers: dict[str, str], computer_plays: bool
) -> None:
    player = UserFactory()
    current = start(player, offered)  # a ranked game the crafted form would forfeit
    data = new_game_data(hidden, forfeit_game_id=current.pk)
    if computer_plays:
        data["computer_plays"] = "on"
    response = client_for(player).post(reverse("game_new"), data, **headers)
    assert response.status_code == 200
    assert REFUSAL in response.content.decode()
    assert list(Game.objects.all()) == [current]
    current.refresh_from_db()
    assert current.status == Status.PLAYING


def test_players_never_see_a_hidden_dictionary_in_any_menu(
    offered: Dictionary, hidden: Dictionary
) -> None:
    player = UserFactory()
    start(player, offered)  # My games shows its filters once there is a game
    client = client_for(player)
    for name in ["game_new", "leaderboard", "leaderboard_points", "my_games", "player_stats"]:
        page = client.get(reverse(name)).content.decode()
        assert name == "player_stats" or "Offered" in page, name  # stats: no dictionary menu
        assert "Garbage test list" not in page, name
    assert list(offered_dictionaries()) == [offered]
    assert default_dictionary() == offered


def test_the_leaderboard_filtered_by_a_hidden_slug_says_so(
    offered: Dictionary, hidden: Dictionary
) -> None:
    for name in ("leaderboard", "leaderboard_points"):
        response = client_for(UserFactory()).get(reverse(name), {"dictionary": hidden.slug})
        assert "There is no dictionary by that name." in response.content.decode(), name


def test_an_assignment_on_a_hidden_dictionary_is_refused(
    offered: Dictionary, hidden: Dictionary
) -> None:
    classroom = make_class()
    due = timezone.localtime(timezone.now() + dt.timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
    data = {
        "title": "Week 1",
        "dictionary": str(hidden.pk),
        "length": "4",
        "max_misses": "6",
        "difficulty": "medium",
        "due_at": due,
    }
    client = client_for(classroom.instructor)
    response = client.post(reverse("assignment_new", args=[classroom.pk]), data)
    assert response.status_code == 200
    assert REFUSAL in response.content.decode()
    assert not Assignment.objects.exists()
    # The control: the same form on the offered list sets the assignment.
    client.post(
        reverse("assignment_new", args=[classroom.pk]), {**data, "dictionary": str(offered.pk)}
    )
    assert Assignment.objects.get().dictionary == offered


def test_staff_may_try_a_hidden_dictionary_but_never_ranked(
    offered: Dictionary, hidden: Dictionary
) -> None:
    staff = UserFactory(is_staff=True)
    client = client_for(staff)
    page = client.get(reverse("game_new")).content.decode()
    assert "Garbage test list (not offered to players: staff only, never ranked)" in page
    response = client.post(reverse("game_new"), new_game_data(hidden))
    game = Game.objects.get()
    assert response["Location"] == reverse("game_detail", args=[game.pk])
    assert game.dictionary == hidden
    assert not game.is_ranked
    # A ranked game of theirs on an offered list is not forfeited by it either.
    ranked = start(staff, offered)
    assert ranked.is_ranked


def test_offering_it_puts_it_in_the_players_menus(offered: Dictionary, hidden: Dictionary) -> None:
    client = client_for(UserFactory())
    Dictionary.objects.filter(pk=hidden.pk).update(is_hidden=False)
    assert "Garbage test list" in client.get(reverse("game_new")).content.decode()
    response = client.post(reverse("game_new"), new_game_data(hidden))
    assert Game.objects.get().dictionary == hidden
    assert response.status_code == 302
