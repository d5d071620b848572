"""Where ratings are shown: a finished ranked game's board, the profile, the rating leaderboard."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import services as game_services
from games.models import Status
from ratings.models import PlayerRating
from ratings.selectors import rating_chart
from ratings.services import game_rate
from tests.factories import DictionaryFactory, FinishedGameFactory, GameFactory, UserFactory

pytestmark = pytest.mark.django_db
WORDS = ["bark", "bare", "cart", "care", "dark", "dare", "mark", "mare"]


@pytest.mark.parametrize("htmx", [False, True])
def test_the_end_of_a_ranked_game_shows_the_rating_change(client: Client, htmx: bool) -> None:
    game = GameFactory(is_ranked=True, dictionary=DictionaryFactory(words=WORDS))
    client.force_login(game.player)
    game_services.game_forfeit(game_id=game.pk, player=game.player)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.get(reverse("game_detail", args=[game.pk]), **headers)
    assert response.status_code == 200
    html = response.content.decode()
    after = PlayerRating.objects.get(player=game.player).rating
    assert f"Rating <strong>{after:.0f}?</strong> (-" in html


def test_an_unranked_game_shows_no_rating(client: Client) -> None:
    game = GameFactory(is_ranked=False, dictionary=DictionaryFactory(words=WORDS))
    client.force_login(game.player)
    game_services.game_forfeit(game_id=game.pk, player=game.player)
    html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "rating-change" not in html


def test_the_profile_shows_the_rating_provisional_and_its_history_chart(client: Client) -> None:
    player = UserFactory(username="ada")
    url = reverse("player_profile", args=["ada"])
    assert "No rated game yet" in client.get(url).content.decode()
    for status in (Status.WON, Status.LOST, Status.WON):
        game_rate(FinishedGameFactory(player=player, status=status))
    html = client.get(url).content.decode()
    rating = PlayerRating.objects.get(player=player)
    assert f"{rating.rating:.0f}?</span> after 3 rated games" in html
    assert "provisional" in html
    assert html.count("<polyline") == 1
    assert "Rating over the last 3 rated games" in html
    # Axes: round values on the left, the day below, the current rating at the line's end.
    chart = rating_chart(player)
    assert chart is not None
    assert chart.current == round(rating.rating)
    assert f'dominant-baseline="middle">{chart.current}</text>' in html
    values = [int(tick.label) for tick in chart.ticks]
    assert values == sorted(values)
    assert len(values) >= 2
    assert values[0] <= chart.low  # the line is inside the axis
    assert values[-1] >= chart.high
    assert all(value % 10 == 0 for value in values)
    assert f'text-anchor="start">{chart.first_day:%-d %b}</text>' in html


def test_the_old_rating_leaderboard_address_moved_for_good_to_the_main_leaderboard(
    client: Client,
) -> None:
    response = client.get("/leaderboard/ratings/?period=week&difficulty=hard")
    assert response.status_code == 301
    assert response["Location"] == reverse("leaderboard") + "?period=week&difficulty=hard"
    PlayerRating.objects.create(player=UserFactory(username="steady"), rating=1600, deviation=60)
    page = client.get("/leaderboard/ratings/", follow=True).content.decode()
    assert "steady" in page
    assert "Players by rating" in page


def test_the_profile_links_to_the_main_leaderboard(client: Client) -> None:
    player = UserFactory(username="ada")
    game_rate(FinishedGameFactory(player=player))
    html = client.get(reverse("player_profile", args=["ada"])).content.decode()
    assert f'<a href="{reverse("leaderboard")}">Leaderboard</a>' in html
