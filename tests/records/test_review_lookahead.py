"""Reviews of fiendish and fair games: each choice in words, the values for instructors."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from dictionaries.models import Dictionary
from games.models import Reason
from records.selectors.records import FamilyBar, MoveReview, game_review
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, make_instructor, play

pytestmark = pytest.mark.django_db

# After "a": the four words without it split completely on "b" (each shows a different set of
# places), so that family is worth its one miss; the three "a--" words share no other letter,
# so finding one of them costs two misses. The lookahead keeps the smaller family.
SEVEN = ("bbb", "bbc", "bcb", "bcc", "azq", "awr", "avs")


@pytest.fixture
def seven_words() -> Dictionary:
    return DictionaryFactory(words=list(SEVEN), slug="seven", name="Seven words")


def worth_cells(html: str) -> list[str]:
    first_move = html.split('<article class="move-review')[1]
    return re.findall(r'<td class="num">(\d+|\u2013)</td>\s*<td aria-hidden', first_move)


def test_a_fiendish_choice_is_explained_against_the_biggest_family(
    seven_words: Dictionary, player: User
) -> None:
    game = play(
        player=player, dictionary=seven_words, length=3, letters="azw", difficulty="fiendish"
    )
    first = game_review(game).moves[0]
    assert first.reason == Reason.LOOKAHEAD
    assert (first.kept.pattern, first.kept_rank) == ("a--", 1)
    assert [(family.pattern, family.size, family.value) for family in first.families] == [
        ("---", 4, 1),
        ("a--", 3, 2),
    ]
    assert first.explanation.startswith(
        "It kept the 3-word family instead of the 4-word one: it leaves you 8 wrong guesses "
        "with 2 letters hidden. The search found it worth 2 wrong guesses from this guess to "
        "the end of the game (against 1 wrong guess for the bigger one)."
    )


def test_only_instructors_see_the_value_of_every_family(
    seven_words: Dictionary, player: User
) -> None:
    game = play(
        player=player, dictionary=seven_words, length=3, letters="azwvs", difficulty="fiendish"
    )
    assert game.is_over
    url = reverse("game_review", args=[game.pk])
    as_player = client_for(player).get(url).content.decode()
    assert "Worth" not in as_player
    assert "It kept the 3-word family instead of the 4-word one" in as_player
    as_instructor = client_for(make_instructor()).get(url).content.decode()
    assert '<th scope="col" class="num">Worth</th>' in as_instructor
    assert worth_cells(as_instructor) == ["1", "2"]
    assert "The search examined" in as_instructor


def test_a_fair_game_says_it_kept_its_word(seven_words: Dictionary) -> None:
    player = UserFactory(username="learner")
    game = play(
        player=player, dictionary=seven_words, length=3, letters="ab", difficulty="fair", seed=1
    )
    assert not game.is_ranked
    moves = game_review(game).moves
    assert all(move.reason == Reason.HONEST for move in moves if move.family_count > 1)
    assert "the word it picked at the start" in moves[0].explanation


def test_a_family_kept_within_the_opening_margin_is_not_called_the_best() -> None:
    """A ranked game's seed may keep a family one miss below the best (engine/lookahead.py)."""
    families = (
        FamilyBar(rank=1, pattern="-----", size=900, percent=100, kept=True, value=7),
        FamilyBar(rank=2, pattern="e----", size=400, percent=44, kept=False, value=8),
    )
    move = MoveReview(
        number=1,
        letter="e",
        miss=True,
        pattern_before="-----",
        pattern="-----",
        words_before=1300,
        words_left=900,
        misses_left=9,
        reason="lookahead",
        reason_label="Worth the most misses to the end (lookahead)",
        kept_rank=0,
        top_families=families,
        more_families=(),
        seeded_ties=True,
    )
    text = move.explanation
    assert "less than the best family (8 wrong guesses)" in text
    assert "as much as any family" not in text
