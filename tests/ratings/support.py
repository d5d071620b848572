"""What the ratings tests share: a player whose results may move a challenge (ratings.rules)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone

from games.models import Status
from ratings import rules
from ratings.models import ChallengeRating, PlayerRating, RatingChange
from tests.factories import DictionaryFactory, FinishedGameFactory, UserFactory


def established_player(
    *,
    played_games: int = rules.CHALLENGE_MOVER_MIN_PLAYED_GAMES,
    age: dt.timedelta = dt.timedelta(days=30),
    letters: str = "e",
    **fields: Any,
) -> Any:
    """An account ``age`` old with ``played_games`` rated games (each with ``letters``
    guessed) on a challenge of its own, and an established rating (deviation 80)."""
    now = timezone.now()
    player = UserFactory(date_joined=now - age, **fields)
    history = DictionaryFactory(words=["alpha", "bravo", "delta"])
    challenge = ChallengeRating.objects.create(
        dictionary=history, length=5, max_misses=8, difficulty="hard"
    )
    for number in range(played_games):
        finished = now - age / 2 + dt.timedelta(minutes=number)
        game = FinishedGameFactory(
            player=player,
            dictionary=history,
            length=5,
            max_misses=8,
            letters=letters,
            status=Status.LOST,
            finished_at=finished,
        )
        RatingChange.objects.create(
            game=game,
            player=player,
            challenge=challenge,
            score=0.0,
            player_before=1500,
            player_after=1500,
            player_deviation_after=80,
            challenge_before=1500,
            challenge_after=1500,
            moved_challenge=False,
            finished_at=finished,
        )
    PlayerRating.objects.create(player=player, rating=1500, deviation=80)
    return player
