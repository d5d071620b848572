"""A cheater's pass over games sent to friends: what the group page shows to someone still
playing, how many links and link games one player may start, and the boards they share."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from friends.models import SentGame, SentGamePlay
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
