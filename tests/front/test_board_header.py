"""The board's header (what kind of game: ranked, or why not) agrees with the board after
every action (issue 21 item 5: the header said "ranked" until a reload after a hint).

Since hints are for practice games alone, nothing a player does changes what kind of game it
is: the header is fixed when the game starts. So an HTMX action answers with the board and
the announcer only (the header would cost every guess its rendering for nothing), and the
header the page already shows is the header of a reload after the action."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from daily.services import daily_attempt_start
from dictionaries.models import Dictionary
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.daily.support import daily_dictionary, todays_puzzle
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
KIND = re.compile(r'<div class="game-kind" id="game-kind"([^>]*)>(.*?)</div>', re.S)


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def headers_in(page: str) -> list[tuple[str, str]]:
    """(attributes, content) of each header's kind of game, whitespace folded."""
    return [(attrs, " ".join(body.split())) for attrs, body in KIND.findall(page)]


def header_on_reload(client: Client, game: Game) -> str:
    [(attrs, body)] = headers_in(
        client.get(reverse("game_detail", args=[game.pk])).content.decode()
    )
    assert "hx-swap-oob" not in attrs
    return body


def post(client: Client, game: Game, action: str, *, htmx: bool, **data: Any) -> Any:
    game.refresh_from_db()
    fields = {"expected_guesses": len(game.letters), **data}
    return client.post(reverse(action, args=[game.pk]), fields, **(HTMX if htmx else {}))


def practice(player: User, dictionary: Dictionary) -> Game:
    return start(player, dictionary, show_word_count=True)


def ranked(player: User, dictionary: Dictionary) -> Game:
    return start(player, dictionary)


def daily(player: User, dictionary: Dictionary) -> Game:
    daily_dictionary()
    return daily_attempt_start(player=player, puzzle=todays_puzzle())


ACTIONS: list[tuple[str, Callable[[User, Dictionary], Game], str, dict[str, str], str]] = [
    # (name, the game, the view, its data, what the header says)
    ("guess, ranked", ranked, "game_guess", {"letter": "e"}, "· ranked"),
    ("guess, practice", practice, "game_guess", {"letter": "e"}, "unranked, shows the words left"),
    ("guess, daily", daily, "game_guess", {"letter": "e"}, "your one ranked attempt"),
    ("hint, practice", practice, "game_hint", {}, "unranked, shows the words left"),
    ("hint refused, ranked", ranked, "game_hint", {}, "· ranked"),
    ("undo, practice", practice, "game_undo", {}, "unranked, shows the words left"),
    ("undo refused, ranked", ranked, "game_undo", {}, "· ranked"),
]


@pytest.mark.parametrize(
    ("make", "action", "data", "says"),
    [case[1:] for case in ACTIONS],
    ids=[case[0] for case in ACTIONS],
)
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_the_header_after_an_action_is_the_header_of_a_reload(
    nine: Dictionary,
    make: Callable[[User, Dictionary], Game],
    action: str,
    data: dict[str, str],
    says: str,
    htmx: bool,
) -> None:
    player = UserFactory()
    game = make(player, nine)
    client = client_of(player)
    if action == "game_undo":
        guess(game, "e")  # something to take back
    shown = header_on_reload(client, game)  # the page the action is taken on
    response = post(client, game, action, htmx=htmx, **data)
    if htmx:
        assert response.status_code == 200
        assert headers_in(response.content.decode()) == []  # the page keeps its own
        body = shown
    else:
        assert response.status_code == 302
        [(_, body)] = headers_in(client.get(response["Location"]).content.decode())
    assert says in body
    assert body == header_on_reload(client, game)


def test_a_game_a_hint_made_unranked_before_the_rule_says_so_after_a_guess(
    nine: Dictionary,
) -> None:
    """The issue's case, as it stays in the database: an old game a hint made unranked."""
    player = UserFactory()
    game = ranked(player, nine)
    Game.objects.filter(pk=game.pk).update(is_ranked=False, unranked_by_hint=True, hints_used=1)
    game.hints.create(
        after_guesses=0,
        letters_before="",
        letter="e",
        reason="An old hint.",
        proven=False,
        made_unranked=True,
    )
    client = client_of(player)
    body = header_on_reload(client, game)
    assert "unranked: a hint was used" in body
    assert "· ranked" not in body
    post(client, game, "game_guess", htmx=True, letter="e")
    assert header_on_reload(client, game) == body


def test_an_htmx_action_answers_with_the_board_and_the_announcer_alone(
    nine: Dictionary,
) -> None:
    player = UserFactory()
    game = practice(player, nine)
    page = post(client_of(player), game, "game_guess", htmx=True, letter="e").content.decode()
    assert page.lstrip().startswith('<section id="board"')
    assert 'id="game-kind"' not in page
    assert 'id="announcer" hx-swap-oob="innerHTML"' in page


def test_giving_up_shows_the_same_header_as_a_reload(nine: Dictionary) -> None:
    player = UserFactory()
    game = ranked(player, nine)
    client = client_of(player)
    response = client.post(reverse("game_forfeit", args=[game.pk]), follow=True)
    [(_, body)] = headers_in(response.content.decode())
    assert "You gave up" in response.content.decode()
    assert body == header_on_reload(client, game)
