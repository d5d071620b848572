"""Real concurrent transactions on PostgreSQL: the same guess sent twice at once through the
API is applied once; simultaneous starts cannot pass the cap of games in progress, nor the
games a bot assignment allows."""

from __future__ import annotations

from typing import Any

import pytest

from api.services import api_token_create
from classes.bots import assignment_token_create
from classes.models import Players
from games.models import Game, Move
from tests.api.conftest import ApiClient, start
from tests.classes.support import make_assignment, make_class
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import postgresql_only, run_at_once

pytestmark = [postgresql_only, pytest.mark.django_db(transaction=True)]


def test_the_same_guess_sent_twice_at_once_is_applied_once() -> None:
    DictionaryFactory(words=list(NINE_WORDS), slug="nine", is_default=True)
    for attempt in range(5):
        _, secret = api_token_create(user=UserFactory(), name="racer")
        game = start(ApiClient(secret))

        def guess(letter: str, secret: str = secret, game_id: int = game["id"]) -> Any:
            body = {"letter": letter, "expected_guesses": 0}
            return ApiClient(secret).post(f"/games/{game_id}/guesses", body).status_code

        statuses = run_at_once(lambda: guess("e"), lambda: guess("e"), lambda: guess("a"))
        assert sorted(statuses) == [200, 409, 409], (attempt, statuses)
        row = Game.objects.get(pk=game["id"])
        assert len(row.letters) == 1, attempt
        assert Move.objects.filter(game=row).count() == 1


def test_simultaneous_starts_respect_the_cap_per_token(settings: Any) -> None:
    settings.API_GAMES_IN_PROGRESS_PER_TOKEN = 2
    DictionaryFactory(words=list(NINE_WORDS), slug="nine", is_default=True)
    _, secret = api_token_create(user=UserFactory(), name="many")
    body = {"length": 4, "max_misses": 8, "difficulty": "easy"}
    statuses = run_at_once(*[lambda: ApiClient(secret).post("/games", body).status_code] * 4)
    assert sorted(statuses) == [201, 201, 409, 409]
    assert Game.objects.filter(played_by_bot=True).count() == 2


def test_simultaneous_starts_through_two_tokens_of_an_assignment_play_its_games_once() -> None:
    """The student's membership row is locked while their games of the assignment are
    counted: four starts at once through two tokens, one game allowed, one game."""
    DictionaryFactory(words=list(NINE_WORDS), slug="nine", is_default=True)
    classroom = make_class(students=("ada",))
    assignment = make_assignment(classroom, players=Players.GUESSER_BOTS, games_allowed=1)
    ada = classroom.memberships.get().student
    secrets = [assignment_token_create(user=ada, assignment=assignment)[1] for _ in range(2)]
    body = {"dictionary": "nine", "length": 4, "max_misses": 8, "difficulty": "hard"}
    statuses = run_at_once(
        *[lambda s=s: ApiClient(s).post("/games", body).status_code for s in secrets * 2]
    )
    assert sorted(statuses) == [201, 409, 409, 409]
    assert Game.objects.filter(played_by_bot=True).count() == 1
