"""A cheater's pass over games sent to friends: what the group page shows to someone still
playing, how many links and link games one player may start, and the boards they share."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from dictionaries.models import Dictionary
from friends.models import SentGame, SentGamePlay
from friends.selectors import GROUP_ROWS_SHOWN
from games import services as game_services
from games.models import Game, Status
from tests.factories import FinishedGameFactory, UserFactory
from tests.friends.test_sent_games import client_for, guess_all, nine, play_link, sent_link

pytestmark = pytest.mark.django_db

__all__ = ["nine"]  # the fixture, imported for the tests below


def test_closing_the_link_shows_no_word_to_someone_still_playing(nine: Dictionary) -> None:
    sender = UserFactory(username="sender")
    sent = sent_link(nine, sender, max_misses=2, difficulty="hard")
    ada, bob = UserFactory(username="ada"), UserFactory(username="bob")
    adas = guess_all(play_link(client_for(ada), sent), "eot")  # lost: her word is named
    guess_all(play_link(client_for(bob), sent), "e")  # still playing
    senders = play_link(client_for(sender), sent)  # the sender's own game, still played
    adas.refresh_from_db()
    assert adas.is_over
    assert client_for(sender).post(reverse("sent_game_close", args=[sent.code])).status_code == 302
    # Closing opens no game still played: neither bob's nor the sender's own.
    for client in (client_for(bob), client_for(sender)):
        page = client.get(reverse("sent_game", args=[sent.code])).content.decode()
        assert "ada" in page
        assert adas.word.upper() not in page
        assert "The computer's words show once you have finished your own game." in page
    # Someone who never played it (nor can now) sees the words.
    page = Client().get(reverse("sent_game", args=[sent.code])).content.decode()
    assert adas.word.upper() in page
    # The sender finishes and sees them too.
    guess_all(senders, "eot")
    page = client_for(sender).get(reverse("sent_game", args=[sent.code])).content.decode()
    assert adas.word.upper() in page


def test_the_computers_game_sent_is_not_its_senders_play(nine: Dictionary) -> None:
    sender = UserFactory(username="sender")
    watched = FinishedGameFactory(
        player=sender,
        dictionary=nine,
        length=4,
        played_by_computer=True,
        is_ranked=False,
        word="cool",
    )
    # No button offers it: a crafted request.
    response = client_for(sender).post(reverse("game_send", args=[watched.pk]))
    assert response.status_code == 302
    sent = SentGame.objects.get()
    assert not SentGamePlay.objects.filter(sent=sent).exists()  # not listed as the sender's
    mine = play_link(client_for(sender), sent)  # the sender plays it as anyone does
    assert (mine.player, mine.played_by_computer, mine.seed) == (sender, False, watched.seed)


def test_a_big_groups_page_lists_the_best_and_the_viewer_in_a_bounded_page(
    nine: Dictionary, settings: Any
) -> None:
    """A link posted in a big group chat: the page's rows and queries stay bounded."""
    sent = sent_link(nine)
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"player{number:03}") for number in range(GROUP_ROWS_SHOWN + 20)]
    )
    # Solved with more wrong guesses every ten players, and each after the one before it:
    # player000 is the best.
    start = timezone.now()
    games = Game.objects.bulk_create(
        [
            Game(
                player=user, dictionary=nine, length=4, max_misses=20, difficulty="easy",
                is_ranked=False, seed=sent.seed, pattern="cool", words_left=1,
                status=Status.WON, word="cool", moves=list("col"), letters="col",
                misses=number // 10, finished_at=start + dt.timedelta(seconds=number),
            )
            for number, user in enumerate(users)
        ]
    )  # fmt: skip
    SentGamePlay.objects.bulk_create(
        [
            SentGamePlay(sent=sent, player=user, game=game)
            for user, game in zip(users, games, strict=True)
        ]
    )
    client, url = client_for(users[-1]), reverse("sent_game", args=[sent.code])
    client.get(url)  # the session's first request
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url).content.decode()
    assert len(queries.captured_queries) <= 10
    assert f"{GROUP_ROWS_SHOWN + 20} players" in page
    assert page.count('<li class="sent-row') == GROUP_ROWS_SHOWN + 1  # the best, and the viewer
    assert "player000" in page
    assert f"player{GROUP_ROWS_SHOWN - 1:03}" in page
    assert f"player{GROUP_ROWS_SHOWN:03}" not in page
    assert "player119 (you)" in page
    assert "…and 19 more players." in page


def test_a_hint_shows_on_the_group_page(nine: Dictionary) -> None:
    """A link's game is practice (hints allowed), but the group sees what helped a result."""
    sent = sent_link(nine, difficulty="hard")
    ada, bob = UserFactory(username="ada"), UserFactory(username="bob")
    adas = play_link(client_for(ada), sent)
    game_services.game_hint(game_id=adas.pk, player=ada)
    guess_all(adas, "eotgcl")
    guess_all(play_link(client_for(bob), sent), "eotgcl")
    page = client_for(bob).get(reverse("sent_game", args=[sent.code])).content.decode()
    assert page.count("1 hint used") == 1
    rows = {row.split("<")[0]: row for row in page.split('<span class="sent-name">')[1:]}
    assert "1 hint used" in rows["ada"].split("</li>")[0]


def test_a_links_game_keeps_its_guesses(nine: Dictionary) -> None:
    """Taking back a guess would play the link again letter by letter: try each, keep the
    best answer, top the group with no wrong guess."""
    sent = sent_link(nine, difficulty="hard")
    ada = UserFactory(username="ada")
    game = guess_all(play_link(client_for(ada), sent), "e")
    with pytest.raises(game_services.UndoRefusedError, match="compared with theirs"):
        game_services.game_undo(game_id=game.pk, player=ada)
    response = client_for(ada).post(reverse("game_undo", args=[game.pk]), follow=True)
    assert "compared with theirs" in response.content.decode()
    game.refresh_from_db()
    assert (game.moves, game.misses) == (["e"], 1)
    board = client_for(ada).get(reverse("game_detail", args=[game.pk])).content.decode()
    assert reverse("game_undo", args=[game.pk]) not in board
    # A practice game of the same player still takes a guess back.
    practice = game_services.game_start(
        player=ada, dictionary=nine, length=4, max_misses=8, difficulty="hard", show_word_count=True
    )
    guess_all(practice, "e")
    assert game_services.game_undo(game_id=practice.pk, player=ada).letter == "e"
