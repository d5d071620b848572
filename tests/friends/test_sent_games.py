"""Games sent to friends: the same game for everyone, once each; one page for the group that
shows nothing of a game before it ends; never rated; no game sent while it is secret."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from daily.selectors import utc_today
from daily.services import daily_attempt_start, daily_puzzle_ensure
from dictionaries.models import Dictionary
from friends import services
from friends.models import SentGame, SentGamePlay
from games import services as game_services
from games.models import CountsAs, Game, Move
from ratings.models import RatingChange
from tests.conftest import NINE_WORDS
from tests.daily.support import daily_dictionary, play_out
from tests.factories import DictionaryFactory, GameFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


def client_for(user: Any | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def sent_link(nine: Dictionary, sender: Any | None = None, **settings: Any) -> SentGame:
    return services.sent_game_new(
        player=sender or UserFactory(username="sender"),
        dictionary=nine,
        length=4,
        max_misses=settings.get("max_misses", 8),
        difficulty=settings.get("difficulty", "easy"),
    )


def play_link(client: Client, sent: SentGame) -> Game:
    response = client.post(reverse("sent_game_play", args=[sent.code]))
    assert response.status_code == 302
    pk = int(response["Location"].strip("/").split("/")[-1])
    return Game.objects.get(pk=pk)


def guess_all(game: Game, moves: str) -> Game:
    for letter in moves:
        game = game_services.game_guess(game_id=game.pk, player=game.player, letter=letter).game
    return game


def answers(game: Game) -> list[tuple[str, str, list[Any]]]:
    return [(move.letter, move.pattern, move.families) for move in Move.objects.filter(game=game)]


def test_a_link_plays_the_same_game_for_a_guest_and_an_account(nine: Dictionary) -> None:
    sent = sent_link(nine)
    account = UserFactory(username="friend")
    theirs = play_link(client_for(account), sent)
    guest_client = Client()
    guests = play_link(guest_client, sent)  # one tap: a guest account, logged in
    assert guests.player.username.startswith("visitor-")
    assert guest_client.get(reverse("game_detail", args=[guests.pk])).status_code == 200
    for game in (theirs, guests):
        assert (game.seed, game.length, game.max_misses, game.difficulty) == (
            sent.seed, 4, 8, "easy"
        )  # fmt: skip
        assert (game.is_ranked, game.counts_as) == (False, CountsAs.NOTHING)
    theirs, guests = guess_all(theirs, "eoatl"), guess_all(guests, "eoatl")
    assert answers(theirs) == answers(guests)
    assert theirs.pattern == guests.pattern


def test_a_link_is_played_once_per_person(nine: Dictionary) -> None:
    sent = sent_link(nine)
    client = client_for(UserFactory())
    first = play_link(client, sent)
    again = play_link(client, sent)  # another tab, a resent form: the same game
    assert first.pk == again.pk
    assert SentGamePlay.objects.filter(sent=sent).count() == 1


def test_the_group_page_shows_nothing_of_a_game_before_it_ends(nine: Dictionary) -> None:
    sender = UserFactory(username="sender")
    sent = sent_link(nine, sender, max_misses=2, difficulty="hard")
    ada, bob = UserFactory(username="ada"), UserFactory(username="bob")
    adas = play_link(client_for(ada), sent)
    bobs = play_link(client_for(bob), sent)
    guess_all(adas, "eot")  # hard, 2 allowed: e and t miss, lost
    guess_all(bobs, "e")  # still playing
    adas.refresh_from_db()
    assert adas.is_over
    # Before playing (a visitor, the sender) and while playing (bob): no word, no letters.
    for client in (Client(), client_for(sender), client_for(bob)):
        page = client.get(reverse("sent_game", args=[sent.code])).content.decode()
        assert "ada" in page
        assert "bob" in page
        assert adas.word.upper() not in page
        assert "COOL" not in page
        assert "GOOD" not in page
        assert "-OO-" not in page.upper()
        assert page.count("playing…") == 1  # bob's row: no squares while he plays
    # Ada finished: she sees her word, and bob's row still shows nothing but "playing".
    page = client_for(ada).get(reverse("sent_game", args=[sent.code])).content.decode()
    assert adas.word.upper() in page
    assert page.index("ada") < page.index("bob")


def test_the_group_is_listed_best_first(nine: Dictionary) -> None:
    sent = sent_link(nine, max_misses=8, difficulty="hard")
    players = {name: UserFactory(username=name) for name in ("lost", "slow", "fast")}
    games = {name: play_link(client_for(user), sent) for name, user in players.items()}
    guess_all(games["lost"], "eaiuyzxq")  # eight misses of eight
    guess_all(games["slow"], "eaotgcl")
    guess_all(games["fast"], "eotgcl")
    page = client_for(players["fast"]).get(reverse("sent_game", args=[sent.code])).content
    text = page.decode()
    assert text.index(">fast") < text.index(">slow") < text.index(">lost")


def test_a_sent_game_never_reaches_a_rating(nine: Dictionary, settings: Any) -> None:
    settings.RANKED_MIN_WORDS = 1
    sent = sent_link(nine, difficulty="hard")
    game = guess_all(play_link(client_for(UserFactory()), sent), "eotgcl")
    game.refresh_from_db()
    assert game.is_over
    assert (game.is_ranked, game.counts_as, game.score) == (False, CountsAs.NOTHING, 0)
    assert not RatingChange.objects.filter(game=game).exists()


def test_a_ranked_game_is_refused_while_played_and_sent_as_a_practice_copy_after(
    nine: Dictionary, settings: Any
) -> None:
    settings.RANKED_MIN_WORDS = 1
    player = UserFactory(username="ranked")
    game = game_services.game_start(
        player=player, dictionary=nine, length=4, max_misses=8, difficulty="hard"
    )
    assert game.is_ranked
    url = reverse("game_send", args=[game.pk])
    assert client_for(UserFactory()).post(url).status_code == 404  # another account
    response = client_for(player).post(url, follow=True)  # a crafted request, or another tab
    assert "cannot be sent while it is secret" in response.content.decode()
    assert not SentGame.objects.exists()
    guess_all(game, "eotgcl")
    response = client_for(player).post(url, follow=True)
    assert "Sent as a practice copy" in response.content.decode()
    sent = SentGame.objects.get()
    game.refresh_from_db()
    assert (sent.seed, sent.seeded_ties, sent.vocabulary) == (
        game.seed, game.seeded_ties, game.vocabulary
    )  # fmt: skip
    copy = play_link(client_for(UserFactory()), sent)
    assert (copy.is_ranked, copy.counts_as) == (False, CountsAs.NOTHING)


def test_todays_daily_and_an_assignments_game_are_refused_while_secret() -> None:
    dictionary = daily_dictionary()
    player = UserFactory(username="daily")
    attempt = daily_attempt_start(player=player, puzzle=daily_puzzle_ensure(day=utc_today()))
    play_out(attempt)
    attempt.refresh_from_db()
    assert attempt.is_over
    with pytest.raises(game_services.GameRuleError):  # finished, but today's: secret still
        services.sent_game_from_game(player=player, game_id=attempt.pk)
    assignment = GameFactory(
        player=player, dictionary=dictionary, length=7, is_ranked=False,
        counts_as=CountsAs.ASSIGNMENT,
    )  # fmt: skip
    with pytest.raises(game_services.GameRuleError):
        services.sent_game_from_game(player=player, game_id=assignment.pk)
    assert not SentGame.objects.exists()


def test_the_sender_closes_it_and_nobody_else_can(nine: Dictionary) -> None:
    sender = UserFactory(username="sender")
    sent = sent_link(nine, sender)
    early = UserFactory()
    play_link(client_for(early), sent)
    url = reverse("sent_game_close", args=[sent.code])
    assert client_for(early).post(url).status_code == 404
    assert client_for(sender).post(url).status_code == 302
    late = client_for(UserFactory()).post(reverse("sent_game_play", args=[sent.code]), follow=True)
    assert "closed this game" in late.content.decode()
    assert SentGamePlay.objects.filter(sent=sent).count() == 1
    # Whoever played before still gets back to their game.
    assert play_link(client_for(early), sent).player == early


def test_the_new_game_form_sends_a_link(nine: Dictionary) -> None:
    sender = UserFactory(username="former")
    response = client_for(sender).post(
        reverse("sent_game_new"),
        {"dictionary": nine.pk, "length": 4, "max_misses": 6, "difficulty": "medium"},
    )
    sent = SentGame.objects.get()
    assert response["Location"] == reverse("sent_game", args=[sent.code])
    assert (sent.sender, sent.length, sent.max_misses, sent.difficulty) == (
        sender, 4, 6, "medium"
    )  # fmt: skip
    page = client_for(sender).get(response["Location"]).content.decode()
    assert "Close this game" in page
    assert reverse("sent_game_play", args=[sent.code]) in page
    assert 'property="og:title"' in page


def test_the_end_of_a_game_offers_to_send_it_and_a_sent_game_links_its_group(
    nine: Dictionary,
) -> None:
    player = UserFactory()
    game = guess_all(
        game_services.game_start(
            player=player, dictionary=nine, length=4, max_misses=8, difficulty="hard",
            show_word_count=True,
        ),
        "eotgcl",
    )  # fmt: skip
    page = client_for(player).get(reverse("game_detail", args=[game.pk])).content.decode()
    assert reverse("game_send", args=[game.pk]) in page
    response = client_for(player).post(reverse("game_send", args=[game.pk]))
    sent = SentGame.objects.get()
    friend = UserFactory()
    theirs = guess_all(play_link(client_for(friend), sent), "eotgcl")
    page = client_for(friend).get(reverse("game_detail", args=[theirs.pk])).content.decode()
    assert reverse("sent_game", args=[sent.code]) in page
    assert response["Location"] == reverse("sent_game", args=[sent.code])
