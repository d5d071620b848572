"""The obscure difficulty on the site: a ranked game plays through the web pages, the word bank
hands the word-maker each word's frequency, and a stored game that was altered does not
replay to itself."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from dictionaries.wordbank import get_lexicon
from games.models import Game, Move, Reason, Status
from games.selectors.replay_check import replay_mismatches
from tests.factories import DictionaryFactory
from tests.games.play_support import new_game_data

pytestmark = pytest.mark.django_db

# Eight familiar words from three two-way choices (b/c, d/f, g/h), and six unknown ones that
# differ in their last letter: on E, the six cost every player obscure plans against more
# than the eight (the engine's tests/engine/test_obscure.py has the same pair).
KNOWN = ["a" + b + d + g for b in "bc" for d in "df" for g in "gh"]
UNKNOWN = ["ezz" + last for last in "kmnpqr"]


@pytest.fixture
def familiar() -> Dictionary:
    """The A--- words are well known (Zipf 4), the EZZ- words are not (Zipf 1)."""
    zipf = {word: 4.0 for word in KNOWN} | {word: 1.0 for word in UNKNOWN}
    return DictionaryFactory(name="Familiar", words=KNOWN + UNKNOWN, words__zipf=zipf)


def test_the_word_bank_gives_each_word_its_frequency(familiar: Dictionary) -> None:
    lexicon = get_lexicon(dictionary_id=familiar.pk, length=4)
    assert lexicon.familiarity is not None
    by_word = dict(zip(lexicon.words, lexicon.familiarity.tolist(), strict=True))
    assert by_word["abdg"] == 4.0
    assert by_word["ezzr"] == 1.0


def test_a_ranked_obscure_game_plays_through_the_site(
    player_client: Client, player: Any, familiar: Dictionary
) -> None:
    response = player_client.post(
        reverse("game_new"), new_game_data(familiar, difficulty="obscure", max_misses=26)
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert (game.difficulty, game.is_ranked) == ("obscure", True)
    for letter in "eabcdfghijklmnopqrstuvwxyz":
        player_client.post(reverse("game_guess", args=[game.pk]), {"letter": letter})
        game.refresh_from_db()
        if game.status != Status.PLAYING:
            break
    assert game.status != Status.PLAYING
    first = Move.objects.get(game=game, number=1)
    # It kept the six words the player is unlikely to know, not the eight familiar ones.
    assert (first.letter, first.reason, first.kept_size) == ("e", Reason.LEAST_KNOWN, 6)
    assert replay_mismatches(game) == []
    page = player_client.get(reverse("game_detail", args=[game.pk]))
    assert page.status_code == 200


def test_an_obscure_game_altered_to_keep_the_hardest_family_is_caught(
    player_client: Client, familiar: Dictionary
) -> None:
    # A player who rewrites the stored answer (the eight well-known words instead) to make the
    # game easier does not get past the replay check.
    player_client.post(
        reverse("game_new"), new_game_data(familiar, difficulty="obscure", max_misses=26)
    )
    game = Game.objects.get()
    player_client.post(reverse("game_guess", args=[game.pk]), {"letter": "e"})
    game.refresh_from_db()
    assert replay_mismatches(game) == []
    Move.objects.filter(game=game, number=1).update(kept_size=8, kept_rank=0)
    assert replay_mismatches(game) != []
