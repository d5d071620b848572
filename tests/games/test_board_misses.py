"""Every wrong guess shows on the board, even when the drawing does not move."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import services
from games.selectors.board import MISS_PIPS_PER_ROW, board_for, drawing_parts_shown
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, GameFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("max_misses", [1, 3, 8, 13, 14, 26])
def test_one_pip_per_wrong_guess_allowed_filled_as_they_are_used(max_misses: int) -> None:
    for misses in range(max_misses + 1):
        game = GameFactory.build(max_misses=max_misses, misses=misses)
        pips = board_for(game).miss_pips
        assert len(pips) == max_misses
        assert pips == (True,) * misses + (False,) * (max_misses - misses)


@pytest.mark.parametrize(
    ("max_misses", "columns"), [(1, 1), (8, 8), (13, 13), (14, 7), (15, 8), (26, 13)]
)
def test_many_pips_wrap_into_two_rows(max_misses: int, columns: int) -> None:
    game = GameFactory.build(max_misses=max_misses)
    assert board_for(game).miss_pip_columns == columns
    assert columns <= MISS_PIPS_PER_ROW


def test_the_first_miss_of_26_shows_though_it_draws_nothing() -> None:
    player = UserFactory(username="ada")
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    game = services.game_start(
        player=player, dictionary=dictionary, length=4, max_misses=26, difficulty="hard"
    )
    game = services.game_guess(game_id=game.pk, player=player, letter="e").game
    assert game.misses == 1
    assert drawing_parts_shown(misses=1, max_misses=26) == 0

    page = client_for(player).get(reverse("game_detail", args=[game.pk])).content.decode()
    meter = re.search(
        r'<div class="miss-meter" aria-hidden="true">(.*?)</div>\s*</div>', page, re.S
    )
    assert meter is not None
    assert 'class="miss-pips pip-columns-13"' in meter.group(1)
    assert meter.group(1).count('class="pip pip-used"') == 1
    assert meter.group(1).count('class="pip"') == 25
    assert '<span class="miss-count">1/26</span>' in meter.group(1)
    assert page.count('class="drawn"') == 0  # the drawing itself has not moved
    assert "<strong>25</strong> wrong guesses left" in page
