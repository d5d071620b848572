"""Ranked games and the daily play on a secret vocabulary, replayed exactly from the row, and
the console plays the same variant with ``--ranked`` (issue 15, items 3 and 4)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import numpy as np
import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from dictionaries.wordbank import get_lexicon
from games import engine, services
from games.models import Par
from games.selectors.replay import game_state
from games.selectors.replay_check import replay_mismatches
from tests.factories import DictionaryFactory, UserFactory

pytestmark = pytest.mark.django_db

_RANDOM = random.Random(15)
WORDS = sorted({"".join(_RANDOM.choice("abcdeilmnorstu") for _ in range(5)) for _ in range(2500)})
LETTERS = "eaiostrnlmcdub"


def test_a_ranked_game_plays_on_a_secret_part_and_replays_to_itself() -> None:
    assert len(WORDS) >= engine.SECRET_VOCABULARY_MIN_WORDS
    dictionary = DictionaryFactory(words=WORDS)
    player = UserFactory()
    game = services.game_start(
        player=player, dictionary=dictionary, length=5, max_misses=6, difficulty="hard", seed=9
    )
    lexicon = get_lexicon(dictionary_id=dictionary.pk, length=5)
    assert game.is_ranked
    assert game.vocabulary == engine.ranked_vocabulary(lexicon) < engine.FULL_VOCABULARY
    kept = engine.secret_vocabulary(lexicon, 9, game.vocabulary)
    assert game.words_left == kept.size < len(WORDS)
    for letter in LETTERS:
        if game.is_over:
            break
        game = services.game_guess(game_id=game.pk, player=player, letter=letter).game
        state = game_state(game)
        assert state.candidates is not None
        assert np.isin(state.candidates, kept).all()
        assert state.words_left == game.words_left
    assert game.is_over
    assert game.word in WORDS
    assert replay_mismatches(game) == []


def test_a_practice_game_with_the_same_seed_is_not_the_ranked_game() -> None:
    """A cheater starts a practice game with a ranked game's settings (and even its seed, were
    it known): it plays the whole list in the rules' order, so its answers differ."""
    dictionary = DictionaryFactory(words=WORDS)
    ranked = services.game_start(
        player=UserFactory(), dictionary=dictionary, length=5, max_misses=6, difficulty="hard"
    )
    practice = services.game_start(
        player=UserFactory(),
        dictionary=dictionary,
        length=5,
        max_misses=6,
        difficulty="hard",
        show_word_count=True,
        seed=ranked.seed,
    )
    assert not practice.is_ranked
    assert practice.vocabulary == engine.FULL_VOCABULARY
    assert practice.words_left == len(WORDS) > ranked.words_left
    ranked_move = services.game_guess(game_id=ranked.pk, player=ranked.player, letter="e").move
    practice_move = services.game_guess(
        game_id=practice.pk, player=practice.player, letter="e"
    ).move
    assert ranked_move.families != practice_move.families


def test_small_buckets_stay_whole_in_ranked_games() -> None:
    dictionary = DictionaryFactory(words=WORDS[:50])
    game = services.game_start(
        player=UserFactory(), dictionary=dictionary, length=5, max_misses=6, difficulty="hard"
    )
    assert game.is_ranked
    assert game.vocabulary == engine.FULL_VOCABULARY
    assert game.words_left == 50


def play_console(path: Path, *options: str, letters: str) -> list[dict]:
    out = io.StringIO()
    call_command(
        "play",
        "--words-file",
        str(path),
        "--json",
        "--length",
        "5",
        "--misses",
        "6",
        "--difficulty",
        "hard",
        *options,
        stdin=io.StringIO("\n".join(letters) + "\n"),
        stdout=out,
    )
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_console_plays_the_ranked_variant_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    lexicon = engine.Lexicon(WORDS)
    ranked = play_console(path, "--ranked", "--seed", "5", letters=LETTERS)
    state = engine.new_game(
        lexicon,
        max_misses=6,
        difficulty="hard",
        seed=5,
        seeded_ties=True,
        vocabulary=engine.ranked_vocabulary(lexicon),
    )
    for line in ranked:
        state, report = engine.apply_guess(state, line["guess"])
        assert line == report.as_json()
    plain = play_console(path, "--seed", "5", letters=LETTERS)
    assert plain[0]["families"] != ranked[0]["families"]
    assert sum(plain[0]["families"].values()) == len(WORDS)
    exact = engine.new_game(lexicon, max_misses=6, difficulty="hard", seed=5)
    for line in plain:
        exact, report = engine.apply_guess(exact, line["guess"])
        assert line == report.as_json()


def test_par_at_the_end_of_a_ranked_game_says_what_it_was_worked_out_on() -> None:
    dictionary = DictionaryFactory(words=WORDS)
    Par.objects.create(
        dictionary=dictionary, length=5, difficulty="hard", misses=3, at_least=3, nodes=100
    )
    player = UserFactory()
    game = services.game_start(
        player=player, dictionary=dictionary, length=5, max_misses=1, difficulty="hard"
    )
    assert game.on_secret_vocabulary
    for letter in "zyxwvqkjhgf":
        game = services.game_guess(game_id=game.pk, player=player, letter=letter).game
        if game.is_over:
            break
    client = Client()
    client.force_login(player)
    html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "; par 3." in html  # in the results panel, short
    assert "Par is worked out on the whole word list; this game played on a secret part" in html
