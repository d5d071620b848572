"""``rebuild_ratings`` reaches the incremental ratings; concurrent finishes both count."""

from __future__ import annotations

import datetime as dt
import threading
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from games.models import Difficulty, Game, Status
from ratings.models import ChallengeRating, PlayerRating, RatingChange
from ratings.services import game_rate
from tests.factories import DictionaryFactory, FinishedGameFactory, GameFactory, UserFactory
from tests.ratings.support import established_player

START = timezone.now() - dt.timedelta(days=200)


def snapshot() -> dict[str, list[tuple[object, ...]]]:
    return {
        "players": list(
            PlayerRating.objects.order_by("player_id").values_list(
                "player_id", "rating", "deviation", "volatility", "games"
            )
        ),
        "challenges": list(
            ChallengeRating.objects.order_by("dictionary_id", "length", "max_misses").values_list(
                "dictionary_id",
                "length",
                "max_misses",
                "rating",
                "deviation",
                "volatility",
                "games",
            )
        ),
        "changes": list(
            RatingChange.objects.order_by("game_id").values_list(
                "game_id",
                "score",
                "player_before",
                "player_after",
                "challenge_before",
                "challenge_after",
                "challenge_deviation_after",
            )
        ),
    }


@pytest.mark.django_db
def test_the_rebuild_gives_the_incremental_ratings() -> None:
    # Accounts older than their games: a challenge moves only for an account over a day old.
    players = [UserFactory(date_joined=START - dt.timedelta(days=2)) for _ in range(3)]
    dictionary = DictionaryFactory()
    # Finish times out of id order: the rebuild follows (finished_at, id), as the finishes did.
    # Player 0 wins one game in two, 1 wins every game, 2 wins two in three.
    wins = [lambda n: n % 2 == 0, lambda n: True, lambda n: n % 3 != 0]
    plan = [
        (
            i,
            players[i % 3],
            4 + i % 2,
            3 + i % 4,
            Status.WON if wins[i % 3](i // 3) else Status.LOST,
        )
        for i in range(120)
    ]
    for minutes, player, length, max_misses, status in sorted(plan, key=lambda row: -row[0]):
        GameFactory(is_ranked=False)  # unranked games interleaved are never rated
        FinishedGameFactory(
            player=player,
            dictionary=dictionary,
            length=length,
            max_misses=max_misses,
            difficulty=Difficulty.HARD,
            status=status,
            letters="ea",
            # A day apart: one player's result moves a challenge at most once a day.
            finished_at=START + dt.timedelta(days=minutes),
        )

    # Each game started a minute before it ended, so the games before it shape whether it
    # counts (ratings.rules): the strong player's last wins on the easy challenges do not.
    Game.objects.filter(is_ranked=True).update(
        started_at=F("finished_at") - dt.timedelta(minutes=1)
    )
    for game in Game.objects.filter(is_ranked=True).order_by("finished_at", "id"):
        game_rate(game)
    incremental = snapshot()
    rated = len(incremental["changes"])
    assert 60 < rated < 120  # most games counted, and some were too easy for their player
    moved = [change[4] != change[5] for change in incremental["changes"]]
    # Challenges moved once their players were established, with ten played games (ratings.rules).
    assert any(moved)
    assert not all(moved)  # and not for a provisional player's result

    out = StringIO()
    call_command("rebuild_ratings", stdout=out)
    assert snapshot() == incremental
    assert f"{rated} rated of 120 ranked games" in out.getvalue()
    assert "3 players, 4 challenges" in out.getvalue()


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs two real concurrent transactions (SQLite serialises every writer)",
)
@pytest.mark.django_db(transaction=True)
def test_two_games_finishing_at_once_on_one_challenge_are_both_counted() -> None:
    """The second finish waits on the first's new challenge row, then rates against its result."""
    dictionary = DictionaryFactory()
    # Established players with a history, so each result moves the challenge
    # (ratings.rules.moves_challenge).
    players = {name: established_player() for name in ("first", "second")}
    first_rated, errors = threading.Event(), []
    changes: dict[str, RatingChange] = {}

    def finish(name: str, *, wait_for: threading.Event | None) -> None:
        try:
            if wait_for is not None:
                wait_for.wait(timeout=10)
            with transaction.atomic():
                game = FinishedGameFactory(
                    player=players[name], dictionary=dictionary, letters="ea"
                )
                change = game_rate(game)
                assert change is not None
                changes[name] = change
                if wait_for is None:
                    first_rated.set()
                    threading.Event().wait(0.5)  # hold the locks while the second one asks
        except Exception as error:  # reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=finish, args=("first",), kwargs={"wait_for": None}),
        threading.Thread(target=finish, args=("second",), kwargs={"wait_for": first_rated}),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors
    challenge = ChallengeRating.objects.get(dictionary=dictionary)
    assert challenge.games == 2
    assert RatingChange.objects.filter(challenge=challenge).count() == 2
    assert changes["first"].challenge_after != changes["first"].challenge_before
    assert changes["second"].challenge_before == changes["first"].challenge_after
    assert challenge.rating == changes["second"].challenge_after


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs two real concurrent transactions (SQLite serialises every writer)",
)
@pytest.mark.django_db(transaction=True)
def test_a_finish_waiting_on_a_rebuild_is_rated_once_the_rebuild_commits() -> None:
    """The rebuild deletes every row in its transaction; a finish waiting on those rows'
    locks finds them gone when it commits, and makes them again instead of failing."""
    dictionary = DictionaryFactory()
    player = UserFactory()
    game_rate(FinishedGameFactory(player=player, dictionary=dictionary, letters="ea"))
    deleted, errors = threading.Event(), []
    changes: list[RatingChange | None] = []

    def rebuild_holding_its_locks() -> None:
        try:
            with transaction.atomic():
                RatingChange.objects.all().delete()
                PlayerRating.objects.all().delete()
                ChallengeRating.objects.all().delete()
                deleted.set()
                threading.Event().wait(0.8)  # the finish asks for the rows meanwhile
        except Exception as error:  # reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    def finish() -> None:
        try:
            deleted.wait(timeout=10)
            with transaction.atomic():
                game = FinishedGameFactory(player=player, dictionary=dictionary, letters="ea")
                changes.append(game_rate(game))
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=rebuild_holding_its_locks), threading.Thread(target=finish)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors
    assert changes[0] is not None
    assert RatingChange.objects.count() == 1
    assert PlayerRating.objects.get(player=player).games == 1
