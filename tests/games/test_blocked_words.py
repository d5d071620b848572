"""A blocked word is never the word a lost game names, never the daily's word, never an
example in the reveal: even blocked after its list was imported (dictionaries/blocklist.py).

The lists here are stored directly (DictionaryFactory), as a list imported before an admin
blocked some of its words would be: the filter at choice time is what is tested.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from daily.services import daily_attempt_start
from dictionaries.models import BlockedWord, Dictionary
from games import services
from games.selectors.replay_check import replay_mismatches
from games.selectors.reveal import game_reveal
from tests.daily.support import daily_dictionary, made_up_words, todays_puzzle
from tests.factories import UserFactory
from tests.games.test_named_word import MOST_FAMILIAR, ZIPF, lost_game, words

__all__ = ["words"]

pytestmark = pytest.mark.django_db


def block(*blocked: str, language: str = "en") -> None:
    BlockedWord.objects.bulk_create([BlockedWord(language=language, word=w) for w in blocked])


def test_a_blocked_word_is_never_named_the_most_familiar_unblocked_one_is(
    words: Dictionary,
) -> None:
    block("care", "cart", "core")
    named = {lost_game(words, seed).word for seed in range(12)}
    assert named == {"cure"}  # the one word of the top band left


def test_with_the_top_band_blocked_the_next_band_is_named(words: Dictionary) -> None:
    block(*MOST_FAMILIAR)
    games = [lost_game(words, seed) for seed in range(12)]
    assert {game.word for game in games} <= {w for w, z in ZIPF.items() if 3 <= z < 4}
    assert all(replay_mismatches(game) == [] for game in games)


def test_a_word_named_before_it_was_blocked_still_checks(words: Dictionary) -> None:
    game = lost_game(words, 11)
    block(game.word)
    assert replay_mismatches(game) == []  # check_games: the draw before the block


def test_a_blocked_word_is_never_shown_as_an_example(words: Dictionary) -> None:
    game = lost_game(words, 2)
    assert set(game_reveal(game).misses[0].dodged_into.examples) <= MOST_FAMILIAR
    block("care", "cart", "core", "cure")  # after the reveal was first drawn: not cached
    examples = game_reveal(game).misses[0].dodged_into.examples
    assert len(examples) == 3
    assert not set(examples) & MOST_FAMILIAR


def test_a_family_of_blocked_words_alone_is_told_without_examples(
    words: Dictionary, client: Client
) -> None:
    """Blocked after the game, every word it dodged into: the reveal says how many, and
    neither names one nor leaves a sentence hanging on "such as"."""
    game = lost_game(words, 2)
    block(*ZIPF)
    client.force_login(game.player)
    page = client.get(
        reverse("game_reveal", args=[game.pk]), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert f"{len(ZIPF)} words without Z." in page
    assert "such as" not in page
    assert not any(f">{word}<" in page for word in ZIPF if word != game.word)


def test_a_blocked_word_is_never_the_dailys_word() -> None:
    daily_dictionary()
    kept, *others = made_up_words()
    block(*others)
    puzzle = todays_puzzle()
    player = UserFactory()
    game = daily_attempt_start(player=player, puzzle=puzzle)
    lost = services.game_forfeit(game_id=game.pk, player=player)  # every word still possible
    assert lost.status == "lost"
    assert lost.word == kept
