"""What a game counts as is stored on it when it starts, and nothing a request sends changes it.

``game_create`` sets ``Game.counts_as`` from its caller (ranked by default for a ranked
game, a day's one attempt, an assignment's game); the field is in no form, not editable in
the admin, and the database refuses a ranked game that counts for nothing or a computer's
game that counts. Crafted requests (the new-game form, the daily's start, a hint, a guess)
that send a ``counts_as`` of their own start or change nothing else than they would have.
"""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from daily.models import DailyPuzzle
from dictionaries.models import Dictionary
from games import services
from games.models import CountsAs, Game
from tests.daily.support import daily_dictionary, todays_puzzle
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import game_settings, guess, new_game_data, start

pytestmark = pytest.mark.django_db

NINE_WORDS = ("ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex")
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


def client_of(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


@pytest.mark.parametrize("crafted", ["", "nothing", "assignment", "one_attempt"])
def test_a_ranked_game_started_from_the_form_counts_as_ranked_whatever_it_sends(
    nine: Dictionary, crafted: str
) -> None:
    player = UserFactory()
    client_of(player).post(reverse("game_new"), new_game_data(nine, counts_as=crafted))
    game = Game.objects.get(player=player)
    assert (game.is_ranked, game.counts_as) == (True, CountsAs.RANKED)


def test_a_practice_game_started_from_the_form_counts_for_nothing_whatever_it_sends(
    nine: Dictionary,
) -> None:
    player = UserFactory()
    data = new_game_data(nine, show_word_count="on", counts_as=CountsAs.RANKED)
    client_of(player).post(reverse("game_new"), data)
    game = Game.objects.get(player=player)
    assert (game.is_ranked, game.counts_as) == (False, CountsAs.NOTHING)


def test_the_daily_start_stores_an_attempt_whatever_it_sends() -> None:
    daily_dictionary()
    puzzle: DailyPuzzle = todays_puzzle()
    player = UserFactory()
    client_of(player).post(reverse("daily_start"), {"counts_as": CountsAs.NOTHING})
    game = Game.objects.get(player=player)
    assert game.counts_as == CountsAs.ONE_ATTEMPT
    assert game.daily_link.puzzle == puzzle  # type: ignore[attr-defined]


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
def test_a_hint_or_a_guess_sending_counts_as_changes_nothing_of_it(
    nine: Dictionary, headers: dict[str, str]
) -> None:
    game = start(UserFactory(), nine)
    client = client_of(game.player)
    crafted = {"counts_as": CountsAs.NOTHING, "expected_guesses": 0, "confirm": "yes"}
    client.post(reverse("game_hint", args=[game.pk]), crafted, **headers)
    client.post(reverse("game_guess", args=[game.pk]), {**crafted, "letter": "e"}, **headers)
    game.refresh_from_db()
    assert (game.counts_as, game.hints_used, game.letters) == (CountsAs.RANKED, 0, "e")


def test_the_field_is_in_no_form_and_not_editable() -> None:
    assert Game._meta.get_field("counts_as").editable is False


def test_the_database_refuses_a_ranked_game_counting_for_nothing(nine: Dictionary) -> None:
    game = start(UserFactory(), nine)
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(counts_as=CountsAs.NOTHING)
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(counts_as="counted")  # no such choice
    game.refresh_from_db()
    assert game.counts_as == CountsAs.RANKED


def test_the_database_refuses_a_computer_game_that_counts(nine: Dictionary) -> None:
    game = services.computer_game_start(**game_settings(UserFactory(), nine))
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(counts_as=CountsAs.RANKED)


def test_game_create_refuses_what_cannot_count_so(nine: Dictionary) -> None:
    settings = services.GameSettings(dictionary=nine, length=4, max_misses=8, difficulty="hard")
    lexicon = services.settings_lexicon_load(settings)
    player = UserFactory()
    with pytest.raises(ValueError, match="cannot count"):
        services.game_create(
            player=player,
            game_settings=settings,
            lexicon=lexicon,
            ranked=True,
            counts_as=CountsAs.NOTHING,
        )
    with pytest.raises(ValueError, match="cannot count"):
        services.game_create(
            player=player,
            game_settings=settings,
            lexicon=lexicon,
            ranked=False,
            computer=True,
            counts_as=CountsAs.RANKED,
        )
    assert not Game.objects.exists()


def test_what_a_game_counts_as_decides_hints_and_secrecy(nine: Dictionary) -> None:
    from games.secrecy import COUNTING_IN_PROGRESS
    from games.selectors.counting import hint_refusal

    ranked = start(UserFactory(), nine)
    practice = start(UserFactory(), nine, show_word_count=True)
    guess(practice, "e")
    assert hint_refusal(ranked) is not None
    assert hint_refusal(practice) is None
    assert COUNTING_IN_PROGRESS.is_secret_for(ranked, UserFactory())
    assert not COUNTING_IN_PROGRESS.is_secret_for(practice, UserFactory())
