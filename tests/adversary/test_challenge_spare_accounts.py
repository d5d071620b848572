"""Spare accounts cannot move challenges cheaply (issue 26, finding 9).

The trick: thirty instant give-ups take a new account from 1500/350 to 922/136; once its
rating is established, each spare account moves each challenge once a day, so an army of
them lifts a challenge and a win there pays more. Now a give-up before the first guess never
moves a challenge, and a challenge moves for a player only once the player has ten rated games
with at least one guess each and an account older than a day (``ratings.rules``, chosen
with the sock-puppet army of ``bench/ratings.py``). Each spare account is tried through
the real finish path (``game_forfeit``) and as a rated loss after one guess.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Status
from ratings import rules
from ratings.models import ChallengeRating, PlayerRating, RatingChange
from ratings.services import game_rate
from tests.factories import DictionaryFactory, FinishedGameFactory, GameFactory, UserFactory
from tests.ratings.support import established_player

pytestmark = pytest.mark.django_db
WORDS = ["bark", "bare", "cart", "care", "dark", "dare", "mark", "mare"]


@pytest.fixture
def dictionary() -> object:
    return DictionaryFactory(words=WORDS)


def throw(dictionary: object, player: object, *, letters: str) -> RatingChange | None:
    """A spare account's loss on the challenge: one guess (or none), then it gives up."""
    game = FinishedGameFactory(
        player=player,
        dictionary=dictionary,
        status=Status.LOST,
        forfeited=True,
        letters=letters,
    )
    return game_rate(game)


def test_thirty_instant_give_ups_never_move_the_challenge(dictionary: object) -> None:
    """The reported route, through the real finish path: the spare's rating falls and
    becomes established, the challenge stays where it was."""
    spare = UserFactory(date_joined=timezone.now() - dt.timedelta(days=30))
    for _ in range(30):
        game = GameFactory(is_ranked=True, dictionary=dictionary, player=spare)
        game_services.game_forfeit(game_id=game.pk, player=spare)
    challenge = ChallengeRating.objects.get()
    assert challenge.games == 30
    assert challenge.rating == RatingChange.objects.order_by("finished_at").first().challenge_before
    assert not RatingChange.objects.filter(moved_challenge=True).exists()


def test_an_established_account_giving_up_before_any_guess_moves_nothing(
    dictionary: object,
) -> None:
    change = throw(dictionary, established_player(), letters="")
    assert change is not None
    assert not change.moved_challenge
    assert change.challenge_after == change.challenge_before


@pytest.mark.parametrize(
    ("played_games", "age", "moves"),
    [
        (rules.CHALLENGE_MOVER_MIN_PLAYED_GAMES - 1, dt.timedelta(days=30), False),
        (rules.CHALLENGE_MOVER_MIN_PLAYED_GAMES, dt.timedelta(hours=20), False),
        (rules.CHALLENGE_MOVER_MIN_PLAYED_GAMES, dt.timedelta(days=30), True),  # the control
    ],
    ids=["nine-played-games", "a-new-account", "established"],
)
def test_a_challenge_moves_only_for_an_account_with_ten_played_games_over_a_day_old(
    dictionary: object, played_games: int, age: dt.timedelta, moves: bool
) -> None:
    spare = established_player(played_games=played_games, age=age)
    change = throw(dictionary, spare, letters="z")
    assert change is not None
    assert change.moved_challenge is moves
    assert (change.challenge_after != change.challenge_before) is moves


def test_instant_give_ups_do_not_count_toward_the_ten(dictionary: object) -> None:
    spare = established_player(letters="")  # ten rated games, none with a guess
    change = throw(dictionary, spare, letters="z")
    assert change is not None
    assert not change.moved_challenge


def test_a_spare_that_threw_its_way_down_moves_no_challenge(dictionary: object) -> None:
    """The army's next step: established, ten played games, old enough, but its rating sunk
    by its throws: the challenge was all but sure to beat it, which says nothing of it."""
    spare = established_player()
    PlayerRating.objects.filter(player=spare).update(rating=900)
    change = throw(dictionary, spare, letters="z")
    assert change is not None
    assert change.player_after < change.player_before  # rated for the spare
    assert not change.moved_challenge
    assert change.challenge_after == change.challenge_before
