"""A new-game form sent twice (double click, resent page) starts one game and forfeits nothing more.

Each form shown carries a fresh start token; the second submission of the same
token finds the game the first one started and goes there.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from games import services
from games.models import Game, Status
from games.services import start as start_service
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import new_game_data, postgresql_only, run_at_once, start

pytestmark = pytest.mark.django_db

TOKEN_INPUT = re.compile(r'name="start_token" value="([0-9a-f-]{36})"')


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


def tokens_in(page: str) -> list[str]:
    return TOKEN_INPUT.findall(page)


class TestService:
    def test_the_same_token_twice_starts_one_game(self, player: Any, nine: Dictionary) -> None:
        token = uuid.uuid4()
        game = start(player, nine, start_token=token)
        with pytest.raises(services.GameAlreadyStartedError) as refused:
            start(player, nine, start_token=token)
        assert refused.value.game == game
        assert "already started" in refused.value.message
        assert Game.objects.filter(player=player).count() == 1

    def test_a_confirmed_forfeit_sent_twice_forfeits_once_and_starts_once(
        self, player: Any, nine: Dictionary
    ) -> None:
        first = start(player, nine)
        token = uuid.uuid4()
        second = start(player, nine, forfeit_game_id=first.pk, start_token=token)
        # The second copy names a game that is no longer in progress, and the new game is;
        # it must neither be asked to confirm again nor forfeit the game it just started.
        with pytest.raises(services.GameAlreadyStartedError) as refused:
            start(player, nine, forfeit_game_id=first.pk, start_token=token)
        assert refused.value.game == second
        second.refresh_from_db()
        first.refresh_from_db()
        assert (first.status, first.forfeited) == (Status.LOST, True)
        assert second.status == Status.PLAYING
        assert Game.objects.filter(player=player).count() == 2

    def test_a_copy_that_starts_between_the_token_check_and_the_lock_is_reported(
        self, player: Any, nine: Dictionary, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The interleaving behind TestAtTheSameMoment's rare failures, played in order:
        the other copy of the form starts its game just after this copy's first token check,
        so the game in progress is that new game, not the one the form offered to forfeit."""
        first = start(player, nine)
        token = uuid.uuid4()
        check = start_service.start_token_check
        other_copy: list[Game] = []

        def check_then_let_the_other_copy_start(**kwargs: Any) -> None:
            check(**kwargs)
            monkeypatch.setattr(start_service, "start_token_check", check)
            other_copy.append(start(player, nine, forfeit_game_id=first.pk, start_token=token))

        monkeypatch.setattr(start_service, "start_token_check", check_then_let_the_other_copy_start)
        with pytest.raises(services.GameAlreadyStartedError) as refused:
            start(player, nine, forfeit_game_id=first.pk, start_token=token)
        assert refused.value.game == other_copy[0]
        assert Game.objects.get(player=player, status=Status.PLAYING) == other_copy[0]

    def test_another_players_token_is_not_theirs(self, player: Any, nine: Dictionary) -> None:
        token = uuid.uuid4()
        start(UserFactory(), nine, start_token=token)
        assert start(player, nine, start_token=token).player == player

    def test_a_new_token_starts_a_new_game(self, player: Any, nine: Dictionary) -> None:
        first = start(player, nine, show_word_count=True, start_token=uuid.uuid4())
        second = start(player, nine, show_word_count=True, start_token=uuid.uuid4())
        assert first != second


class TestViews:
    def test_each_form_shown_has_its_own_token(
        self, player_client: Client, nine: Dictionary
    ) -> None:
        first = tokens_in(player_client.get(reverse("game_new")).content.decode())
        second = tokens_in(player_client.get(reverse("game_new")).content.decode())
        assert len(first) == len(second) == 1
        assert first != second

    def test_the_new_game_form_sent_twice_lands_on_one_game(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        [token] = tokens_in(player_client.get(reverse("game_new")).content.decode())
        data = new_game_data(nine, start_token=token)
        first = player_client.post(reverse("game_new"), data)
        second = player_client.post(reverse("game_new"), data)
        [game] = Game.objects.filter(player=player)
        assert first.status_code == second.status_code == 302
        assert first["Location"] == second["Location"] == reverse("game_detail", args=[game.pk])
        # The browser shows only the second answer: it says what the first would have.
        first_said = [str(message) for message in get_messages(first.wsgi_request)]
        second_said = [str(message) for message in get_messages(second.wsgi_request)]
        assert second_said[-1] == first_said[-1]  # (the client also keeps the first's cookie)
        assert second_said[-1].startswith("New ranked game: a 4-letter word")

    def test_an_old_form_sent_again_later_says_its_game_had_started(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        [token] = tokens_in(player_client.get(reverse("game_new")).content.decode())
        data = new_game_data(nine, start_token=token, show_word_count="on")
        player_client.post(reverse("game_new"), data)
        game = Game.objects.get(player=player)
        player_client.get(reverse("game_detail", args=[game.pk]))  # the start message is read
        services.game_guess(game_id=game.pk, player=player, letter="e")
        again = player_client.post(reverse("game_new"), data)
        assert again["Location"] == reverse("game_detail", args=[game.pk])
        said = [str(message) for message in get_messages(again.wsgi_request)]
        assert said == [
            f"That form had already started game {game.pk}; nothing else was started or "
            "forfeited. Here it is."
        ]
        assert Game.objects.filter(player=player).count() == 1

    def test_the_confirmation_carries_the_token_and_sent_twice_forfeits_once(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        in_progress = start(player, nine)
        data = new_game_data(nine, start_token=str(uuid.uuid4()))
        confirm = player_client.post(reverse("game_new"), data).content.decode()
        assert "Forfeit it and start the new game" in confirm
        assert tokens_in(confirm) == [data["start_token"], data["start_token"]]
        confirmed = {**data, "forfeit_game_id": in_progress.pk}
        first = player_client.post(reverse("game_new"), confirmed)
        second = player_client.post(reverse("game_new"), confirmed)
        new_game = Game.objects.get(player=player, status=Status.PLAYING)
        assert first["Location"] == second["Location"] == reverse("game_detail", args=[new_game.pk])
        in_progress.refresh_from_db()
        assert in_progress.forfeited
        assert Game.objects.filter(player=player).count() == 2

    def test_play_again_sent_twice_starts_one_game(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        finished = start(player, nine, max_misses=1)
        services.game_guess(game_id=finished.pk, player=player, letter="z")
        board = player_client.get(reverse("game_detail", args=[finished.pk])).content.decode()
        assert "Play again with the same settings" in board
        [token] = tokens_in(board)
        again = new_game_data(nine, max_misses=1, start_token=token)
        player_client.post(reverse("game_new"), again)
        player_client.post(reverse("game_new"), again)
        assert Game.objects.filter(player=player).count() == 2
        other_board = player_client.get(reverse("game_detail", args=[finished.pk])).content
        assert tokens_in(other_board.decode()) != [token]  # shown again: a fresh token

    @pytest.mark.parametrize("url_name", ["game_new", "game_detail"])
    def test_back_fetches_a_fresh_page(
        self, player_client: Client, player: Any, nine: Dictionary, url_name: str
    ) -> None:
        args = [start(player, nine).pk] if url_name == "game_detail" else []
        response = player_client.get(reverse(url_name, args=args))
        assert "no-store" in response["Cache-Control"]


@postgresql_only
@pytest.mark.django_db(transaction=True)
class TestAtTheSameMoment:
    def test_a_confirmed_start_sent_twice_at_once_starts_and_forfeits_once(self) -> None:
        nine = DictionaryFactory(words=list(NINE_WORDS))
        for attempt in range(5):
            player = UserFactory()
            in_progress = start(player, nine)
            token = uuid.uuid4()

            def confirmed(
                player: Any = player, game: Game = in_progress, token: uuid.UUID = token
            ) -> Game:
                return start(player, nine, forfeit_game_id=game.pk, start_token=token)

            results = run_at_once(confirmed, confirmed)
            started = [result for result in results if isinstance(result, Game)]
            again = [r for r in results if isinstance(r, services.GameAlreadyStartedError)]
            assert len(started) == 1, (attempt, results)
            assert len(again) == 1, (attempt, results)
            assert again[0].game == started[0]
            assert Game.objects.filter(player=player, status=Status.PLAYING).get() == started[0]
            in_progress.refresh_from_db()
            assert in_progress.forfeited
