"""The word a lost game names is one a player can know: drawn by the game's seed among the
most familiar words still possible, the same every time, and written into the tiles.

The console and the engine keep RULES.md's exact choice (the peer suites check it):
with no frequency known, the site's draw is that choice too.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from dictionaries.wordbank import get_bucket_zipf, get_lexicon
from games import engine, services
from games.models import Game
from games.selectors.familiar import familiar_named_word, familiar_sample, familiar_word_index
from games.selectors.replay import game_state
from games.selectors.replay_check import replay_mismatches
from games.selectors.reveal import game_reveal
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start

pytestmark = pytest.mark.django_db

# Four-letter words none of which has a Z: guessing Z is a miss whatever the word-maker does.
ZIPF = {
    "care": 4.9, "cart": 4.3, "core": 4.7, "cure": 4.4,  # band 4: the most familiar present
    "bare": 3.6, "bore": 3.8, "dare": 3.5, "dire": 3.4,  # band 3
    "tare": 2.1, "tore": 3.1, "rare": 3.9, "mare": 3.0,
    "kore": 0.0, "bure": 0.0, "dure": 0.0, "gare": 0.0, "hure": 0.0, "lare": 0.0,
}  # fmt: skip
MOST_FAMILIAR = {word for word, zipf in ZIPF.items() if zipf >= 4}


@pytest.fixture
def words() -> Dictionary:
    return DictionaryFactory(words=list(ZIPF), words__zipf=ZIPF, name="Known", slug="known")


@pytest.fixture
def unknown_words() -> Dictionary:
    return DictionaryFactory(words=list(ZIPF), name="Unknown", slug="unknown")


def lost_game(dictionary: Dictionary, seed: int, **overrides: Any) -> Game:
    """A game lost at its first guess (Z, one wrong guess allowed): every word still possible."""
    game = start(UserFactory(), dictionary, max_misses=1, seed=seed, **overrides)
    guess(game, "z")
    game.refresh_from_db()
    assert game.status == "lost"
    return game


def test_the_draw_is_among_the_top_band_present_and_the_rules_draw_without_counts() -> None:
    zipf = np.array([0.0, 4.2, 3.9, 4.8, 0.0, 1.2], dtype=np.float32)
    candidates = np.arange(6, dtype=np.int32)
    drawn = {familiar_word_index(candidates, zipf, seed) for seed in range(60)}
    assert drawn == {1, 3}
    assert familiar_word_index(candidates[[0, 2, 4]], zipf, 5) == 2  # 3.9 is the top there
    unknown = np.zeros(6, dtype=np.float32)
    for seed in range(20):  # nothing known: exactly the rules' draw
        assert familiar_word_index(candidates, unknown, seed) == random.Random(seed).randrange(6)


def test_examples_are_the_best_known_words_when_there_are_enough() -> None:
    zipf = np.array([0.0, 4.2, 0.0, 4.8, 5.1, 1.2, 4.0, 0.0], dtype=np.float32)
    for seed in range(20):
        chosen = familiar_sample(zipf, 3, random.Random(seed))
        assert len(chosen) == 3
        assert chosen == sorted(chosen)
        assert set(chosen) <= {1, 3, 4, 6}
    assert familiar_sample(zipf[:2], 3, random.Random(1)) == [0, 1]
    few = np.array([0.0, 0.0, 3.0, 0.0], dtype=np.float32)  # one known: it and two others
    assert all(2 in familiar_sample(few, 3, random.Random(seed)) for seed in range(10))


@pytest.mark.parametrize("difficulty", ["hard", "fiendish", "easy"])
def test_a_lost_game_names_one_of_the_most_familiar_words_still_possible(
    words: Dictionary, difficulty: str
) -> None:
    named = {lost_game(words, seed, difficulty=difficulty).word for seed in range(12)}
    assert named <= MOST_FAMILIAR
    assert len(named) > 1  # still drawn by the seed, not always the same word


def test_the_named_word_is_stable_the_same_game_names_it_every_time(words: Dictionary) -> None:
    game = lost_game(words, 11)
    assert game.word in MOST_FAMILIAR
    again = lost_game(words, 11)
    assert again.word == game.word  # the same seed and letters: the same word
    assert familiar_named_word(Game.objects.get(pk=game.pk)) == game.word
    assert replay_mismatches(game) == []


def test_without_frequencies_the_site_names_the_rules_word(unknown_words: Dictionary) -> None:
    for seed in range(6):
        game = lost_game(unknown_words, seed)
        assert game.word == engine.named_word(game_state(game))


def test_the_engine_keeps_the_rules_choice(words: Dictionary) -> None:
    """The console and the peer suites: the engine's named word ignores frequencies."""
    lexicon = get_lexicon(dictionary_id=words.pk, length=4)
    state = engine.new_game(lexicon, max_misses=1, difficulty="hard", seed=3)
    state, report = engine.apply_guess(state, "z")
    rules = lexicon.words[random.Random(3).randrange(len(lexicon))]
    assert report.word == state.word == rules


def test_a_forfeit_names_a_familiar_word(words: Dictionary) -> None:
    game = start(UserFactory(), words, seed=4)
    guess(game, "z")
    forfeited = services.game_forfeit(game_id=game.pk, player=game.player)
    assert forfeited.word in MOST_FAMILIAR
    assert replay_mismatches(forfeited) == []


def test_a_fair_game_names_the_word_it_picked(words: Dictionary) -> None:
    game = lost_game(words, 9, difficulty="fair")
    assert game.word == engine.fair_word(get_lexicon(dictionary_id=words.pk, length=4), 9)


def test_the_tiles_show_the_word_named_once_the_game_is_over(words: Dictionary) -> None:
    game = start(UserFactory(), words, max_misses=2, seed=1)
    client = Client()
    client.force_login(game.player)
    board = reverse("game_detail", args=[game.pk])
    guess(game, "r")  # every word has an R at the same place: one family, a hit
    page = client.get(board).content.decode()
    assert "tile-named" not in page
    guess(game, "z")
    guess(game, "x")
    game.refresh_from_db()
    assert game.status == "lost"
    assert game.word in MOST_FAMILIAR
    page = client.get(board).content.decode()
    for index, letter in enumerate(game.word):
        expected = "tile-shown" if game.pattern[index] != engine.HIDDEN else "tile-named"
        assert f'<span class="tile {expected}">{letter.upper()}</span>' in page
    assert f"The word: {', '.join(game.word.upper())}" in page


def test_the_reveal_examples_are_the_best_known_words(words: Dictionary) -> None:
    game = lost_game(words, 2)
    dodged = game_reveal(game).misses[0].dodged_into
    assert dodged.size == len(ZIPF)
    assert set(dodged.examples) <= MOST_FAMILIAR
    assert get_bucket_zipf(words.pk, 4).size == len(ZIPF)
