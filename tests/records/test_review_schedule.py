"""The review explains the difficulty schedule of the game it shows, not a generic one."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from games.engine import MAKERS, WordMaker
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, play

pytestmark = pytest.mark.django_db


def schedule_text(html: str) -> str:
    match = re.search(r'<p class="schedule">(.*?)</p>', html, flags=re.S)
    assert match is not None, "the review has no schedule explanation"
    return " ".join(match.group(1).split())


@pytest.mark.parametrize(
    ("difficulty", "expected"),
    [
        ("hard", "On hard it always keeps the hardest family."),
        (
            "medium",
            "On medium it keeps the hardest family, except on guesses 4, 8, 12, …, where it"
            " keeps the second hardest; when only one family exists then, it keeps that one.",
        ),
        (
            "easy",
            "On easy it keeps the hardest family, except on guesses 2, 4, 6, …, where it"
            " keeps the second hardest; when only one family exists then, it keeps that one.",
        ),
    ],
)
def test_the_schedule_follows_the_games_difficulty(difficulty: str, expected: str) -> None:
    player = UserFactory(username="ada")
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    # One wrong guess allowed and "e" is a miss on every difficulty: the game is over,
    # so its owner gets the review rather than the board.
    game = play(
        player=player, dictionary=dictionary, letters="e", difficulty=difficulty, max_misses=1
    )
    assert game.is_over
    html = client_for(player).get(reverse("game_review", args=[game.pk])).content.decode()
    text = schedule_text(html)
    assert text.startswith("At every guess the computer sorts the words")
    assert text.endswith(expected)
    if difficulty == "hard":
        assert "second hardest" not in text


@pytest.mark.parametrize("maker", MAKERS, ids=lambda maker: maker.name)
def test_every_difficulty_is_explained_by_its_word_maker(maker: WordMaker) -> None:
    """The sentence is the registry's: a new difficulty is never described as another one."""
    player = UserFactory(username="ada")
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    # No word has a "z": a miss for every word-maker, the honest one included.
    game = play(
        player=player, dictionary=dictionary, letters="z", difficulty=maker.name, max_misses=1
    )
    assert game.is_over
    html = client_for(player).get(reverse("game_review", args=[game.pk])).content.decode()
    assert schedule_text(html).endswith(" ".join(escape(maker.explanation).split()))


def test_the_review_says_the_word_makers_sentences_in_the_players_language() -> None:
    """Its sentence on how it chooses and its note on seeded ties are translated: the word-maker
    marks them (games/engine/text.py), the page translates them."""
    player = UserFactory(username="ada")
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    game = play(
        player=player, dictionary=dictionary, letters="z", difficulty="fiendish", max_misses=1
    )
    Game.objects.filter(pk=game.pk).update(seeded_ties=True)  # as a ranked game has
    page = (
        client_for(player)
        .get(reverse("game_review", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr")
        .content.decode()
    )
    assert schedule_text(page).endswith(
        "En diabolique, il anticipe : il évalue chaque famille "
        "par les erreurs qu’elle vous coûterait de cet essai à la "
        "fin de la partie (une recherche d’au plus un nombre fixe "
        "de positions, qui joue le reste de la partie contre un "
        "devineur fort) et garde celle qui vaut le plus ; entre "
        "égales, celle qui coûte le plus à un ensemble d’autres "
        "joueurs."
    )
    note = " ".join(page.split('<p class="seeded-note">')[1].split("</p>")[0].split())
    assert "les unes que les autres (ou valant autant) ont été ordonnées" in note
