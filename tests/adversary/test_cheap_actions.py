"""Every cheap action has a limit, per account and per client address (issue 15, trick 6).

Each test plays the trick as it was reported (40 sign-ups from one address,
60 games started in seconds, computer moves past the fiendish limit, join codes
tried by the dozen, a password tried on the account forms) and checks that past
the limit the answer is a 429 with ``Retry-After`` and a clear message, as a
page and as an HTMX fragment, and that nothing changed.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from classes.models import Membership
from daily.models import DailyPuzzle
from dictionaries.models import Dictionary
from friends.models import SentGame
from friends.services import sent_game_new
from games import services
from games.models import Game, Hint, Move
from tests.classes.support import make_assignment, make_class
from tests.daily.support import WORD_LENGTH, daily_dictionary, todays_puzzle
from tests.factories import DEFAULT_PASSWORD, FinishedGameFactory, UserFactory
from tests.games.play_support import game_settings, postgresql_only, run_at_once

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rate_clock")]

HTMX = {"headers": {"HX-Request": "true"}}
ADDRESS = "203.0.113.7"


def client_of(user: User, address: str = ADDRESS) -> Client:
    client = Client(REMOTE_ADDR=address)
    client.force_login(user)
    return client


def assert_refused(response: Any, message: str, *, htmx: bool = False) -> str:
    """A 429 with Retry-After and the message; the page, or with HTMX a fragment."""
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    html = response.content.decode()
    assert message in html
    assert ("<html" in html) is not htmx
    return html


@pytest.fixture
def made_up() -> Dictionary:
    return daily_dictionary()


@pytest.fixture
def puzzle(made_up: Dictionary) -> DailyPuzzle:
    return todays_puzzle()


def new_game(dictionary: Dictionary, **fields: Any) -> dict[str, Any]:
    return {
        "dictionary": dictionary.pk,
        "length": WORD_LENGTH,
        "max_misses": 8,
        "difficulty": "hard",
        **fields,
    }


# Sign-up ------------------------------------------------------------------------------------


def test_forty_sign_ups_from_one_address_are_refused_after_the_limit(settings: Settings) -> None:
    assert settings.RATE_LIMITS_PER_ADDRESS["signup"] == "20/h"
    answers = []
    for number in range(40):
        answers.append(
            Client(REMOTE_ADDR=ADDRESS).post(
                reverse("signup"),
                {
                    "username": f"throwaway{number}",
                    "password1": "a-long-enough-secret-42",
                    "password2": "a-long-enough-secret-42",
                },
            )
        )
    assert [answer.status_code for answer in answers] == [302] * 20 + [429] * 20
    assert_refused(
        answers[-1],
        "Too many sign-ups from your network: the limit is 20 per hour. "
        "Nothing was done; try again in 60 minutes.",
    )
    assert answers[-1]["Retry-After"] == "3570"
    assert get_user_model().objects.filter(username__startswith="throwaway").count() == 20
    # The form itself stays free to look at, and another address signs up.
    assert Client(REMOTE_ADDR=ADDRESS).get(reverse("signup")).status_code == 200
    elsewhere = Client(REMOTE_ADDR="198.51.100.1").post(
        reverse("signup"),
        {
            "username": "honest",
            "password1": "a-long-enough-secret-42",
            "password2": "a-long-enough-secret-42",
        },
    )
    assert elsewhere.status_code == 302


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_sign_ups_sent_at_once_at_the_limit_let_exactly_the_limit_through(
    settings: Settings,
) -> None:
    settings.RATE_LIMITS_PER_ADDRESS = {**settings.RATE_LIMITS_PER_ADDRESS, "signup": "2/h"}

    def sign_up(number: int) -> int:
        return (
            Client(REMOTE_ADDR=ADDRESS)
            .post(
                reverse("signup"),
                {
                    "username": f"racer{number}",
                    "password1": "a-long-enough-secret-42",
                    "password2": "a-long-enough-secret-42",
                },
            )
            .status_code
        )

    results = run_at_once(*[lambda number=number: sign_up(number) for number in range(6)])
    assert sorted(results) == [302, 302, 429, 429, 429, 429]
    assert get_user_model().objects.filter(username__startswith="racer").count() == 2


# Game starts --------------------------------------------------------------------------------


def test_sixty_quick_starts_stop_at_the_limit(made_up: Dictionary, settings: Settings) -> None:
    assert settings.RATE_LIMITS["game_start"] == "30/10m"
    player = UserFactory(username="ada")
    client = client_of(player)
    codes = [
        client.post(reverse("game_new"), new_game(made_up, show_word_count="on")).status_code
        for _ in range(60)
    ]
    assert codes == [302] * 30 + [429] * 30
    assert Game.objects.filter(player=player).count() == 30


@pytest.mark.parametrize("htmx", [False, True])
def test_past_the_limit_no_kind_of_game_starts(
    made_up: Dictionary, puzzle: DailyPuzzle, settings: Settings, htmx: bool
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_start": "1/h"}
    player = UserFactory(username="ada")
    classroom = make_class(students=())
    classroom.memberships.create(student=player)
    assignment = make_assignment(classroom, dictionary=made_up, length=WORD_LENGTH)
    finished = FinishedGameFactory(player=player, dictionary=made_up, length=WORD_LENGTH)
    friends_link = sent_game_new(
        player=UserFactory(username="friend"),
        dictionary=made_up,
        length=WORD_LENGTH,
        max_misses=8,
        difficulty="easy",
    )
    client = client_of(player)
    extra = HTMX if htmx else {}
    assert (
        client.post(reverse("game_new"), new_game(made_up, show_word_count="on")).status_code == 302
    )
    games = Game.objects.count()
    attempts = {
        "ranked": (reverse("game_new"), new_game(made_up)),
        "fair": (reverse("game_new"), new_game(made_up, difficulty="fair")),
        "computer": (reverse("game_new"), new_game(made_up, computer_plays="on")),
        "daily": (reverse("daily_start"), {"number": puzzle.number}),
        "daily practice": (reverse("daily_practice", args=[puzzle.number]), {}),
        "assignment": (reverse("assignment_start", args=[classroom.pk, assignment.pk]), {}),
        "watch the computer": (reverse("computer_replay", args=[finished.pk]), {}),
        "a friend's link": (reverse("sent_game_play", args=[friends_link.code]), {}),
        "a link to send": (reverse("sent_game_new"), new_game(made_up)),
    }
    for kind, (url, data) in attempts.items():
        response = client.post(url, data, **extra)
        assert response.status_code == 429, kind
        assert_refused(
            response, "Too many new games: the limit is 1 per hour. Nothing was done", htmx=htmx
        )
    assert Game.objects.count() == games
    assert SentGame.objects.count() == 1  # the friend's
    # The new-game form is still there to look at, and its lengths refresh is not a start.
    assert client.get(reverse("game_new")).status_code == 200
    refresh = client.post(reverse("game_new"), new_game(made_up, refresh_lengths="1"))
    assert refresh.status_code == 200


def test_throwaway_accounts_share_their_addresss_limit(
    made_up: Dictionary, settings: Settings
) -> None:
    settings.RATE_LIMITS_PER_ADDRESS = {**settings.RATE_LIMITS_PER_ADDRESS, "game_start": "3/h"}
    for number in range(3):
        client = client_of(UserFactory(username=f"throwaway{number}"))
        assert client.post(reverse("game_new"), new_game(made_up)).status_code == 302
    fourth = client_of(UserFactory(username="throwaway3"))
    assert_refused(
        fourth.post(reverse("game_new"), new_game(made_up)),
        "Too many new games from your network: the limit is 3 per hour.",
    )
    assert Game.objects.count() == 3
    # At home, the same player starts a game.
    home = client_of(get_user_model().objects.get(username="throwaway3"), "198.51.100.1")
    assert home.post(reverse("game_new"), new_game(made_up)).status_code == 302


# Computer moves count with fiendish guesses -------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_computer_moves_count_with_fiendish_guesses(
    made_up: Dictionary, settings: Settings, htmx: bool
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "fiendish_guess": "3/h"}
    player = UserFactory(username="ada")
    client = client_of(player)
    fiendish = services.game_start(
        **game_settings(player, made_up, length=WORD_LENGTH, difficulty="fiendish")
    )
    watched = services.computer_game_start(**game_settings(player, made_up, length=WORD_LENGTH))
    guess = client.post(
        reverse("game_guess", args=[fiendish.pk]), {"letter": "q", "expected_guesses": 0}
    )
    assert guess.status_code == 302
    for number in range(2):
        move = client.post(
            reverse("computer_next", args=[watched.pk]), {"expected_guesses": number}
        )
        assert move.status_code == 302
    extra = HTMX if htmx else {}
    refused = client.post(
        reverse("computer_next", args=[watched.pk]), {"expected_guesses": 2}, **extra
    )
    html = assert_refused(
        refused,
        "Too many guesses on fiendish games and computer moves: the limit is 3 per hour.",
        htmx=htmx,
    )
    if htmx:
        assert html.lstrip().startswith('<section id="board"')
        # The watching board stops asking by itself: the next move waits for the button.
        assert 'hx-trigger="submit"' in html
        assert "load delay" not in html
    assert Move.objects.filter(game=watched).count() == 2
    again = client.post(
        reverse("game_guess", args=[fiendish.pk]), {"letter": "z", "expected_guesses": 1}, **extra
    )
    assert again.status_code == 429
    assert Move.objects.filter(game=fiendish).count() == 1


# Hints --------------------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_hints_from_many_accounts_at_one_address_stop_at_its_limit(
    made_up: Dictionary, settings: Settings, htmx: bool
) -> None:
    settings.RATE_LIMITS_PER_ADDRESS = {**settings.RATE_LIMITS_PER_ADDRESS, "hint": "2/h"}
    extra = HTMX if htmx else {}
    games = []
    for number in range(3):
        player = UserFactory(username=f"throwaway{number}")
        games.append(
            services.game_start(
                **game_settings(player, made_up, length=WORD_LENGTH, show_word_count=True)
            )
        )
    for game in games[:2]:
        answer = client_of(game.player).post(
            reverse("game_hint", args=[game.pk]), {"expected_guesses": 0}, **extra
        )
        assert answer.status_code in (200, 302)
    refused = client_of(games[2].player).post(
        reverse("game_hint", args=[games[2].pk]), {"expected_guesses": 0}, **extra
    )
    assert_refused(refused, "Too many hints from your network: the limit is 2 per hour.", htmx=htmx)
    assert Hint.objects.count() == 2
    assert not Hint.objects.filter(game=games[2]).exists()


# Class joins --------------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_join_codes_cannot_be_tried_by_the_dozen(settings: Settings, htmx: bool) -> None:
    assert settings.RATE_LIMITS["class_join"] == "10/h"
    classroom = make_class()
    student = UserFactory(username="ada")
    client = client_of(student)
    extra = HTMX if htmx else {}
    for number in range(5):
        wrong = client.post(reverse("class_join"), {"code": f"WRONG{number:03d}"}, **extra)
        assert wrong.status_code == 200
    for number in range(5):  # the GET oracle counts as well
        link = client.get(reverse("class_join_link", args=[f"GUESS{number:03d}"]), **extra)
        assert link.status_code == 200
    right = client.post(reverse("class_join"), {"code": classroom.join_code}, **extra)
    assert_refused(
        right,
        "Too many attempts to join a class: the limit is 10 per hour. Nothing was done",
        htmx=htmx,
    )
    assert_refused(
        client.get(reverse("class_join_link", args=[classroom.join_code]), **extra),
        "Too many attempts to join a class",
        htmx=htmx,
    )
    assert not Membership.objects.filter(student=student).exists()

    assert client.get(reverse("class_join")).status_code == 200  # the empty form is free


def test_a_visitor_cannot_try_join_links_by_the_dozen_either(settings: Settings) -> None:
    """The join link's page answers visitors too (it names the class): counted per address."""
    settings.RATE_LIMITS_PER_ADDRESS = {**settings.RATE_LIMITS_PER_ADDRESS, "class_join": "10/h"}
    classroom = make_class()
    visitor = Client()
    for number in range(10):
        link = visitor.get(reverse("class_join_link", args=[f"GUESS{number:03d}"]))
        assert "This join link does not work" in link.content.decode()
    refused = visitor.get(reverse("class_join_link", args=[classroom.join_code]))
    assert_refused(refused, "Too many attempts to join a class", htmx=False)
    assert classroom.name not in refused.content.decode()


# Password checks on the account forms -------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_the_account_forms_stop_a_password_guesser(settings: Settings, htmx: bool) -> None:
    assert settings.RATE_LIMITS["password_check"] == "10/h"
    player = UserFactory(username="ada")
    client = client_of(player)
    extra = HTMX if htmx else {}
    for number in range(5):
        wrong = client.post(reverse("delete_account"), {"password": f"guess{number}"}, **extra)
        assert "That is not your password" in wrong.content.decode()
    for number in range(5):
        wrong = client.post(
            reverse("password_change"),
            {
                "old_password": f"guess{number}",
                "new_password1": "a-much-longer-new-secret-42",
                "new_password2": "a-much-longer-new-secret-42",
            },
            **extra,
        )
        assert wrong.status_code == 200
    delete = client.post(reverse("delete_account"), {"password": DEFAULT_PASSWORD}, **extra)
    assert_refused(
        delete,
        "Too many password checks: the limit is 10 per hour. Nothing was done",
        htmx=htmx,
    )
    change = client.post(
        reverse("password_change"),
        {
            "old_password": DEFAULT_PASSWORD,
            "new_password1": "a-much-longer-new-secret-42",
            "new_password2": "a-much-longer-new-secret-42",
        },
        **extra,
    )
    assert_refused(change, "Too many password checks", htmx=htmx)
    player.refresh_from_db()
    assert player.is_active
    assert player.get_username() == "ada"
    assert player.check_password(DEFAULT_PASSWORD)
