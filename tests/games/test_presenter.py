"""The board presenter: one view model per board, the word list loaded once."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from dictionaries import wordbank
from games.selectors import honest, presenter, replay, reveal
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import play

pytestmark = pytest.mark.django_db


def absolute(path: str) -> str:
    return "https://hangman.test" + path


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Every word list asked of the word bank by the board's reads."""
    asked: list[tuple[int, int]] = []

    def counted(*, dictionary_id: int, length: int) -> Any:
        asked.append((dictionary_id, length))
        return wordbank.get_lexicon(dictionary_id=dictionary_id, length=length)

    for module in (presenter, reveal, honest, replay):
        monkeypatch.setattr(module, "get_lexicon", counted)
    cache.clear()  # the reveal and the cheating cost are cached per game
    return asked


def test_a_finished_board_loads_its_word_list_once(loads: list[tuple[int, int]]) -> None:
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    game = play(player=UserFactory(), dictionary=dictionary, letters="zqx", max_misses=3)
    assert game.is_over
    loads.clear()  # playing it loaded the list too
    view = presenter.board_view(game, absolute_url=absolute)
    assert loads == [(dictionary.pk, game.length)]
    assert view.reveal is not None
    assert view.reveal.misses  # the dodged misses were worked out, on the list loaded once
    assert view.cheating_cost is not None
    assert view.share is not None
    assert view.share.url.startswith("https://hangman.test/")
    assert view.par is not None


def test_a_board_in_play_reads_nothing_of_the_end(loads: list[tuple[int, int]]) -> None:
    game = play(
        player=UserFactory(), dictionary=DictionaryFactory(words=list(NINE_WORDS)), letters="e"
    )
    loads.clear()  # playing it loaded the list
    view = presenter.board_view(game, absolute_url=absolute)
    assert loads == []
    assert (view.reveal, view.cheating_cost, view.share, view.par, view.fair_word) == (None,) * 5
    assert set(view.context()) == {"game", "board", "last_hint", "counts_as"}
