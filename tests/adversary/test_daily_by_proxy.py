"""Today's daily cannot be solved by proxy (issue 26, finding 1).

The trick: one spare account starts today's daily, gives up at once and asks the
computer to "watch it play" the same puzzle; its letters won, and the main account
played them, topped the daily leaderboard and gained rating. Each route by which one
identity's finished attempt informs another's before the UTC day is over is tried
here as that spare account (and as staff): the computer's replay, the reviews and
candidates of other players' finished attempts, the share page, the API, the exports
and a practice of today. Each is refused and changes nothing; once the day is over
the replay and the reviews open. A daily attempt moves no rating, and its board says so.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from api.services import api_token_create
from daily.services import daily_attempt_start, daily_practice_start
from games import services
from games.models import Game
from games.selectors.share import result_path
from ratings.models import PlayerRating, RatingChange
from tests.adversary.test_daily_secrecy import (
    assert_nothing_leaks,
    body,
    csv_row_of,
    review_urls,
)
from tests.daily.support import daily_dictionary, play_out, todays_puzzle
from tests.factories import UserFactory
from tests.records.support import client_for, make_instructor

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
HIDDEN = "hidden until the day is over (UTC)"
WAITS = "Not yet: this game is hidden until the day is over (UTC)"


@pytest.fixture
def winner() -> Game:
    """The main account's attempt, played to the end."""
    daily_dictionary()
    return play_out(
        daily_attempt_start(player=UserFactory(username="main"), puzzle=todays_puzzle())
    )


def gave_up(player: User) -> Game:
    """A spare identity's attempt at today's puzzle, given up before any guess."""
    attempt = daily_attempt_start(player=player, puzzle=todays_puzzle())
    services.game_forfeit(game_id=attempt.pk, player=player)
    attempt.refresh_from_db()
    return attempt


def tomorrow(monkeypatch: pytest.MonkeyPatch) -> None:
    later = timezone.now() + dt.timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: later)


SPARES = {
    "spare": lambda: UserFactory(username="spare"),
    "staff": lambda: UserFactory(username="staffer", is_staff=True),
    "superuser": lambda: UserFactory(username="root", is_staff=True, is_superuser=True),
    "instructor": lambda: make_instructor("coach"),
}


class TestTheComputersReplayWaitsForTheDay:
    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
    @pytest.mark.parametrize("who", list(SPARES))
    def test_a_spare_account_that_gave_up_gets_no_replay(
        self, winner: Game, who: str, headers: dict[str, str]
    ) -> None:
        spare = SPARES[who]()
        attempt = gave_up(spare)
        response = client_for(spare).post(
            reverse("computer_replay", args=[attempt.pk]), follow=True, **headers
        )
        assert WAITS in body(response)
        assert not Game.objects.filter(computer_replay_of=attempt).exists()
        assert not Game.objects.filter(player=spare, played_by_computer=True).exists()

    def test_the_winner_gets_none_either_and_the_review_says_when(self, winner: Game) -> None:
        client = client_for(winner.player)
        page = body(client.get(reverse("game_review", args=[winner.pk])))
        assert WAITS in page
        assert reverse("computer_replay", args=[winner.pk]) not in page
        with pytest.raises(services.GameRuleError, match="until the day is over"):
            services.computer_replay_start(player=winner.player, game_id=winner.pk)
        assert not Game.objects.filter(computer_replay_of=winner).exists()

    def test_once_the_day_is_over_the_computer_replays_it(
        self, winner: Game, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        spare = UserFactory(username="spare")
        attempt = gave_up(spare)
        tomorrow(monkeypatch)
        replay = services.computer_replay_start(player=spare, game_id=attempt.pk)
        assert replay.computer_replay_of_id == attempt.pk


class TestAFinishedAttemptInformsNoOtherBeforeTheDayEnds:
    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
    @pytest.mark.parametrize("who", list(SPARES))
    def test_reviews_and_candidates_of_the_winners_attempt_are_refused(
        self, winner: Game, who: str, headers: dict[str, str]
    ) -> None:
        """Giving up at once used to count as "finished", which opened every other finished
        attempt of the day, winners' included, letter by letter."""
        spare = SPARES[who]()
        gave_up(spare)
        client = client_for(spare)
        for url in review_urls(winner):
            response = client.get(url, **headers)
            assert response.status_code == 403, url
            assert_nothing_leaks(body(response), winner)

    def test_the_share_page_shows_no_letter_to_a_spare_account(self, winner: Game) -> None:
        spare = UserFactory(username="spare")
        gave_up(spare)
        for client in (client_for(spare), Client()):
            response = client.get(result_path(winner))
            assert response.status_code == 200
            assert_nothing_leaks(body(response), winner)

    def test_the_instructors_exports_hide_the_winners_attempt(self, winner: Game) -> None:
        coach = make_instructor("coach")
        gave_up(coach)
        client = client_for(coach)
        lines = body(client.get(reverse("instructor_games_jsonl"))).splitlines()
        assert winner.pk not in {json.loads(line)["game"] for line in lines}
        row = csv_row_of(body(client.get(reverse("instructor_games_csv"))), winner)
        assert (row["letters"], row["pattern"], row["word"]) == (HIDDEN,) * 3

    def test_the_api_reads_no_one_elses_attempt(self, winner: Game) -> None:
        spare = UserFactory(username="spare")
        gave_up(spare)
        _, secret = api_token_create(user=spare, name="proxy")
        headers = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
        for game in Game.objects.filter(daily_link__puzzle=winner.daily_link.puzzle):
            response = Client().get(f"/api/v1/games/{game.pk}", **headers)
            assert response.status_code == 404
            assert_nothing_leaks(body(response), winner)
        listed = Client().get("/api/v1/games", **headers)
        assert listed.status_code == 200
        assert json.loads(listed.content) == []

    def test_no_practice_of_today_for_anyone(self, winner: Game) -> None:
        spare = UserFactory(username="spare")
        gave_up(spare)
        with pytest.raises(services.GameRuleError, match="opens for practice tomorrow"):
            daily_practice_start(
                player=spare, puzzle=winner.daily_link.puzzle, today=winner.daily_link.puzzle_id
            )
        client = client_for(spare)
        url = reverse("daily_practice", args=[winner.daily_link.puzzle.number])
        client.post(url, follow=True)
        assert not Game.objects.filter(player=spare, is_ranked=False, daily_link__isnull=False)

    def test_the_player_still_reviews_their_own_and_everyone_may_tomorrow(
        self, winner: Game, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        assert (
            client_for(winner.player).get(reverse("game_review", args=[winner.pk])).status_code
            == 200
        )
        spare = UserFactory(username="spare")
        gave_up(spare)
        tomorrow(monkeypatch)
        assert client_for(spare).get(reverse("game_review", args=[winner.pk])).status_code == 200


class TestTheDailyMovesNoRating:
    def test_a_won_attempt_moves_no_player_rating(self, winner: Game) -> None:
        assert winner.status == "won"
        assert not RatingChange.objects.filter(game=winner).exists()
        assert not PlayerRating.objects.filter(player=winner.player).exists()

    def test_a_lost_attempt_neither(self, winner: Game) -> None:
        attempt = gave_up(UserFactory(username="spare"))
        assert not RatingChange.objects.filter(game=attempt).exists()

    def test_the_days_leaderboard_says_so(self, winner: Game) -> None:
        page = body(
            Client().get(reverse("daily_leaderboard", args=[winner.daily_link.puzzle.number]))
        )
        assert "The daily moves no rating." in page
