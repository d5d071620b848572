"""The end-of-game reveal: the words-left chart and the families each miss dodged into.

It is computed for a finished game only and is in no response while a game is
played; the made-up words (``qzxv``...) make "no word in the page" meaningful.
"""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from games import services
from games.models import Game, Move
from games.selectors.replay import game_state
from games.selectors.reveal import (
    PLOT_BOTTOM,
    PLOT_TOP,
    RevealNotReadyError,
    game_reveal,
    words_left_chart,
)
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import start
from tests.markup import without_csrf_tokens

pytestmark = pytest.mark.django_db

SECRET_SIX = (
    "qzxvjk", "zkqvxj", "jqzxkv", "qqzzxx", "zxzxzx", "jjjkkk", "vvvqqq", "kqkqkq",
    "xjxjxj", "qzqzqz", "vjvjvj", "kkkzzz", "zzzqqq", "jvjvjv", "xxxkkk", "qvqvqv",
)  # fmt: skip
HTMX = {"HTTP_HX_REQUEST": "true"}
REVEAL_MARKERS = ("How the computer cheated", 'class="reveal"', '<svg viewBox="0 0 320', "dodged")


@pytest.fixture
def secret() -> Dictionary:
    return DictionaryFactory(words=list(SECRET_SIX), name="Secret", slug="secret")


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


def positions(letter: str, text: str) -> list[int]:
    return [index for index, char in enumerate(text) if char == letter]


def assert_no_reveal(page: str, game: Game) -> None:
    for marker in REVEAL_MARKERS:
        assert marker not in page, f"{marker!r} shown while the game is played"
    lowered = without_csrf_tokens(page).lower()
    for word in game_state(game).candidate_words():
        assert word not in lowered


@pytest.mark.parametrize("ranked", [True, False])
def test_the_reveal_is_in_no_response_until_the_game_is_over(
    client: Client, secret: Dictionary, ranked: bool
) -> None:
    player = UserFactory()
    client.force_login(player)
    game = start(
        player, secret, length=6, max_misses=5, difficulty="fiendish", show_word_count=not ranked
    )
    board = reverse("game_detail", args=[game.pk])
    for letter in "abcdeqzxvjk":
        game.refresh_from_db()
        if game.is_over:
            break
        assert_no_reveal(client.get(board).content.decode(), game)
        for headers in (HTMX, {}):
            # A refused guess (repeated or not a letter) answers with the board as it is.
            assert_no_reveal(
                client.post(
                    reverse("game_guess", args=[game.pk]),
                    {"letter": "1", "expected_guesses": len(game.letters)},
                    **headers,
                    follow=not headers,
                ).content.decode(),
                game,
            )
        response = client.post(
            reverse("game_guess", args=[game.pk]),
            {"letter": letter, "expected_guesses": len(game.letters)},
            **HTMX,
        )
        game.refresh_from_db()
        if not game.is_over:
            assert_no_reveal(response.content.decode(), game)
            with pytest.raises(RevealNotReadyError):
                game_reveal(game)
            # Asked for directly, as the ending's board asks: nothing while it is played.
            early = client.get(reverse("game_reveal", args=[game.pk]), **HTMX)
            assert early.status_code == 404
            assert_no_reveal(early.content.decode(), game)
    assert game.is_over
    # The guess that ended it: the result and Share, and a place the reveal loads into once
    # it scrolls into view (the reveal is not worked out for the guess's answer).
    ending = response.content.decode()
    assert 'hx-get="{}"'.format(reverse("game_reveal", args=[game.pk])) in ending
    assert 'hx-trigger="intersect once"' in ending
    assert "chart-point" not in ending
    page = client.get(reverse("game_reveal", args=[game.pk]), **HTMX).content.decode()
    for marker in REVEAL_MARKERS[:3]:
        assert marker in page
    assert game.word.upper() in page
    assert page.count('class="chart-point') == len(game.letters) + 1
    # Without HTMX (a script that did not run): the board page, which draws it in place.
    plain = client.get(reverse("game_reveal", args=[game.pk]))
    assert plain.status_code == 302
    assert plain["Location"] == f"{board}#reveal-{game.pk}"
    whole = client.get(board).content.decode()
    assert whole.count('class="chart-point') == len(game.letters) + 1


def test_the_reveal_of_another_players_game_is_not_found(client: Client, nine: Dictionary) -> None:
    game = start(UserFactory(), nine, max_misses=3, show_word_count=True)
    for letter in "eat":
        game = services.game_guess(game_id=game.pk, player=game.player, letter=letter).game
    assert game.is_over
    client.force_login(UserFactory())
    response = client.get(reverse("game_reveal", args=[game.pk]), **HTMX)
    assert response.status_code == 404
    assert "chart-point" not in response.content.decode()


def test_each_miss_shows_where_it_dodged_and_what_you_would_have_hit(nine: Dictionary) -> None:
    game = start(UserFactory(), nine, max_misses=3, show_word_count=True)
    for letter in "eat":
        game = services.game_guess(game_id=game.pk, player=game.player, letter=letter).game
    assert game.is_over
    reveal = game_reveal(game)
    moves = list(Move.objects.filter(game=game).order_by("number"))
    assert [point.words for point in reveal.chart.points] == [9] + [m.kept_size for m in moves]
    assert [miss.number for miss in reveal.misses] == [m.number for m in moves if m.miss]
    first = reveal.misses[0]
    # RULES.md's worked example: E dodges into ---- (ally cool good); the biggest family
    # with an E would have been -e-- (beta deal) or --e- (flew ibex), two words each.
    assert (first.letter, first.dodged_into.pattern, first.dodged_into.size) == ("e", "----", 3)
    assert first.dodged_into.examples == ("ally", "cool", "good")
    assert first.best_hit is not None
    assert first.best_hit.size == 2
    assert "e" in first.best_hit.pattern
    for miss in reveal.misses:
        for family in (miss.dodged_into, miss.best_hit):
            if family is None:
                continue
            assert 1 <= len(family.examples) <= 3
            assert len(family.examples) == min(3, family.size)
            for word in family.examples:
                assert word in NINE_WORDS
                # In the family: the guessed letter exactly where the pattern shows it.
                assert positions(miss.letter, word) == positions(miss.letter, family.pattern)
                assert (miss.letter in word) == (family is miss.best_hit)
    assert reveal.word == game.word


def test_a_letter_no_word_has_could_not_have_hit(nine: Dictionary) -> None:
    game = start(UserFactory(), nine, max_misses=1, show_word_count=True)
    game = services.game_guess(game_id=game.pk, player=game.player, letter="z").game
    miss = game_reveal(game).misses[0]
    assert miss.best_hit is None
    assert miss.dodged_into.size == 9


def test_the_families_are_those_the_game_saw(secret: Dictionary) -> None:
    """Ranked (seeded ties) and fiendish: the reveal partitions as the guess did."""
    game = start(UserFactory(), secret, length=6, max_misses=3, difficulty="fiendish")
    for letter in "aeiqzx":
        game.refresh_from_db()
        if game.is_over:
            break
        services.game_guess(game_id=game.pk, player=game.player, letter=letter)
    game.refresh_from_db()
    reveal = game_reveal(game)
    for miss in reveal.misses:
        move = Move.objects.get(game=game, number=miss.number)
        sizes = dict((pattern, size) for pattern, size in move.families)
        assert sizes[miss.dodged_into.pattern] == miss.dodged_into.size
        assert miss.dodged_into.pattern == move.pattern
        if miss.best_hit is not None:
            assert sizes[miss.best_hit.pattern] == miss.best_hit.size
            hits = [size for pattern, size in move.families if miss.letter in pattern]
            assert miss.best_hit.size == max(hits)


def test_a_finished_games_reveal_is_computed_once(
    nine: Dictionary, django_assert_num_queries: Any
) -> None:
    game = start(UserFactory(), nine, max_misses=1, show_word_count=True)
    game = services.game_guess(game_id=game.pk, player=game.player, letter="e").game
    game_reveal(game)
    # One small query: the list's blocked words, so a word blocked since is never shown.
    with django_assert_num_queries(1):
        game_reveal(game)


def test_a_forfeit_with_no_guess_has_a_one_point_chart(nine: Dictionary) -> None:
    game = start(UserFactory(), nine)
    game = services.game_forfeit(game_id=game.pk, player=game.player)
    reveal = game_reveal(game)
    assert [point.words for point in reveal.chart.points] == [9]
    assert reveal.misses == ()


def test_the_chart_is_on_a_log_scale() -> None:
    chart = words_left_chart(
        20_000, [("e", True, 8_000), ("a", False, 200), ("s", False, 20), ("t", False, 1)]
    )
    ys = [point.y for point in chart.points]
    assert ys == sorted(ys)  # fewer words, lower on the chart (larger y)
    assert chart.points[-1].y == PLOT_BOTTOM  # 1 word: log 1 = 0, the baseline
    # Equal ratios, equal steps: 200 -> 20 is one decade, as 20 -> 2 would be.
    decade = (PLOT_BOTTOM - PLOT_TOP) / math.ceil(math.log10(20_000))
    assert chart.points[3].y - chart.points[2].y == pytest.approx(decade)
    assert [tick.label for tick in chart.y_ticks] == ["1", "10", "100", "1k", "10k", "100k"]
    assert re.fullmatch(r"(\d+\.\d,\d+\.\d ?)+", chart.polyline)
    assert "after E, 8,000 (a miss)" in chart.description
