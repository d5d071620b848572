"""The new-game form shows the chosen challenge's rating and the player's odds on it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core.guests import guest_create
from games import services
from games.models import ChallengePrior, Difficulty, Par
from ratings.models import ChallengeRating, PlayerRating, RatingChange
from ratings.selectors import challenge_outlook
from ratings.services import game_rate
from tests.factories import DictionaryFactory, FinishedGameFactory, UserFactory

pytestmark = pytest.mark.django_db
WORDS = ["bark", "bare", "cart", "care", "dark", "dare", "mark", "mare"]
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def dictionary() -> Any:
    dictionary = DictionaryFactory(words=WORDS)
    Par.objects.create(
        dictionary=dictionary, length=4, difficulty=Difficulty.HARD, misses=3, at_least=3, nodes=1
    )
    return dictionary


def fragment(client: Client, dictionary: Any, **settings: Any) -> str:
    query = {"dictionary": dictionary.pk, "length": 4, "max_misses": 5, "difficulty": "hard"}
    query.update(settings)
    response = client.get(reverse("game_par"), query, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_a_newcomer_sees_the_challenges_rating_and_what_a_win_or_a_loss_would_do(
    client: Client, dictionary: Any
) -> None:
    player = UserFactory()
    client.force_login(player)
    outlook = challenge_outlook(
        player=player, dictionary_id=dictionary.pk, length=4, max_misses=5, difficulty="hard"
    )
    assert outlook.challenge.rating == 1500 + 150 * (3 - 5)  # from par, no game played yet
    assert outlook.counts
    assert outlook.win_delta > 0 > outlook.loss_delta
    html = fragment(client, dictionary)
    assert "Challenge rating not worked out yet</strong> (for now 1200?)" in html  # no prior
    assert "against your starting 1500?" in html
    assert f"expected to win {outlook.expected_percent}%" in html
    assert f"moves your rating {outlook.win_delta:.0f} points up" in html
    assert f"a loss (giving up too) {-outlook.loss_delta:.0f} down" in html
    assert not ChallengeRating.objects.exists()  # looking writes nothing


@pytest.mark.parametrize("htmx", [False, True])
def test_the_form_says_when_a_challenge_is_too_easy_to_count(
    client: Client, dictionary: Any, htmx: bool
) -> None:
    player = UserFactory()
    PlayerRating.objects.create(player=player, rating=1900, deviation=60)
    client.force_login(player)
    query = f"?dictionary={dictionary.pk}&length=4&max_misses=12&difficulty=hard"
    response = client.get(reverse("game_new") + query, **(HTMX if htmx else {}))
    html = response.content.decode()
    assert "(for now 800?)" in html  # par 3 with 12 allowed: the lowest start
    assert "against your 1900" in html
    assert "Too easy to change your rating" in html
    html = fragment(client, dictionary, max_misses=2)  # par 3: a challenge of 1650 counts
    assert "Too easy" not in html
    assert "points up" in html


@pytest.mark.parametrize(
    "crafted",
    [
        {"difficulty": "fair"},  # unranked: never rated
        {"difficulty": "<script>alert(1)</script>"},
        {"max_misses": "999"},
        {"max_misses": "-3"},
        {"max_misses": "x" * 500},
    ],
)
def test_crafted_settings_show_no_challenge_rating_and_change_nothing(
    client: Client, dictionary: Any, crafted: dict[str, str]
) -> None:
    client.force_login(UserFactory())
    html = fragment(client, dictionary, **crafted)
    assert "Challenge rating" not in html
    assert "<script>alert" not in html
    assert not ChallengeRating.objects.exists()
    assert not PlayerRating.objects.exists()


@pytest.mark.parametrize("htmx", [False, True])
def test_the_end_of_a_game_too_easy_to_count_says_why(
    client: Client, dictionary: Any, htmx: bool
) -> None:
    player = UserFactory()
    now = timezone.now()
    earlier = FinishedGameFactory(
        player=player, dictionary=dictionary, length=4, max_misses=3, finished_at=now
    )
    RatingChange.objects.create(
        game=earlier,
        player=player,
        challenge=ChallengeRating.objects.create(
            dictionary=dictionary, length=4, max_misses=3, difficulty=Difficulty.HARD
        ),
        score=1,
        player_before=1900,
        player_after=1900,
        player_deviation_after=60,
        challenge_before=1500,
        challenge_after=1500,
        finished_at=now - dt.timedelta(hours=1),
    )
    game = FinishedGameFactory(player=player, dictionary=dictionary, length=4, max_misses=12)
    assert game_rate(game) is None
    client.force_login(player)
    response = client.get(reverse("game_detail", args=[game.pk]), **(HTMX if htmx else {}))
    html = response.content.decode()
    assert "Not rated: when this game started you were expected to win" in html
    assert "(rated 800, you 1900)" in html


def test_a_newcomer_on_a_challenge_a_middling_player_often_loses_is_rated(
    client: Client, dictionary: Any
) -> None:
    """The form's own challenge must count for a newcomer, or no one would ever get a rating.

    Par measures perfect play, so with misses to spare it starts a challenge far below a
    newcomer's 1500 (par 3, 5 allowed: 1200; the form's default challenge on the familiar
    list: 900, "too easy"). The challenge prior starts it where the reference player, the
    level 1500 stands for, wins as often as it does.
    """
    ChallengePrior.objects.create(
        dictionary=dictionary,
        length=4,
        difficulty=Difficulty.HARD,
        misses_needed=[0, 2, 6, 10, 12, 10, 6, 4],  # wins with 5 allowed: 30 of 50 games
        games=50,
    )
    player = UserFactory()
    client.force_login(player)
    outlook = challenge_outlook(
        player=player, dictionary_id=dictionary.pk, length=4, max_misses=5, difficulty="hard"
    )
    assert outlook.counts
    assert 1300 < outlook.challenge.rating < 1500  # the reference player wins 30 of 50 here
    assert "Too easy" not in fragment(client, dictionary)


@pytest.mark.parametrize(
    ("who", "chosen", "rated"),
    [
        ("player", {}, True),
        ("guest", {}, False),  # a visitor's games are practice
        ("player", {"show_word_count": "on"}, False),  # the practice aid: never ranked
        ("player", {"difficulty": "fair"}, False),  # an unranked difficulty
        ("staff", {"hidden": True}, False),  # a list not offered to players yet
        ("player", {"min_words": len(WORDS) + 1}, False),  # a list too short to rank
    ],
)
def test_the_form_speaks_of_ratings_only_where_the_game_would_be_ranked(
    client: Client, dictionary: Any, settings: Any, who: str, chosen: dict, rated: bool
) -> None:
    """The form's rating text and the start follow one rule (``would_be_ranked``)."""
    query = dict(chosen)
    settings.RANKED_MIN_WORDS = query.pop("min_words", 1)
    if query.pop("hidden", False):
        dictionary.is_hidden = True
        dictionary.save()
    player = guest_create() if who == "guest" else UserFactory(is_staff=who == "staff")
    client.force_login(player)
    html = fragment(client, dictionary, **query)
    page = client.get(
        reverse("game_new"),
        {"dictionary": dictionary.pk, "length": 4, "max_misses": 5, "difficulty": "hard", **query},
    ).content.decode()
    assert ("Challenge rating" in html) is rated
    assert ("Challenge rating" in page) is rated
    game = services.game_start(
        player=player,
        dictionary=dictionary,
        length=4,
        max_misses=5,
        difficulty=query.get("difficulty", "hard"),
        show_word_count="show_word_count" in query,
    )
    assert game.is_ranked is rated


def test_the_rating_says_it_is_not_worked_out_until_the_prior_is_stored(
    client: Client, dictionary: Any
) -> None:
    """A list whose worker has not stored its priors yet plays at once, and says so where the
    challenge's rating would be; once the prior is there the form shows its number."""
    player = UserFactory()
    client.force_login(player)

    def outlook(difficulty: str = "hard") -> Any:
        return challenge_outlook(
            player=player,
            dictionary_id=dictionary.pk,
            length=4,
            max_misses=5,
            difficulty=difficulty,
        )

    assert outlook().prior_pending
    assert not outlook("fiendish").prior_pending  # never has one: 1500 is its start
    ChallengePrior.objects.create(
        dictionary=dictionary, length=4, difficulty="hard", misses_needed=[0, 0, 5, 5], games=10
    )
    assert not outlook().prior_pending
    html = fragment(client, dictionary)
    assert "not worked out yet" not in html
    assert f"Challenge rating {outlook().challenge.rating:.0f}?" in html
