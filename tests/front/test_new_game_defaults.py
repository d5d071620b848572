"""The new-game form a newcomer meets: a board a good player can win, plain lengths."""

from __future__ import annotations

import string

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from dictionaries.models import Dictionary
from games.models import Par
from games.selectors.board import PAR_MARGIN
from tests.factories import DictionaryFactory, UserFactory

pytestmark = pytest.mark.django_db


def words_of(length: int, count: int) -> list[str]:
    """``count`` distinct made-up words of ``length`` letters."""
    letters = string.ascii_lowercase
    return ["".join(letters[(n // 26**i) % 26] for i in range(length)) for n in range(count)]


@pytest.fixture
def dictionary() -> Dictionary:
    words = [*words_of(1, 3), *words_of(5, 40), *words_of(6, 40), *words_of(8, 40)]
    return DictionaryFactory(words=words, name="Made up", slug="made-up", is_default=True)


@pytest.fixture
def client() -> Client:
    client = Client()
    client.force_login(UserFactory())
    return client


def store_par(dictionary: Dictionary, length: int, misses: int) -> None:
    Par.objects.create(
        dictionary=dictionary,
        length=length,
        difficulty="hard",
        misses=misses,
        at_least=misses,
        nodes=100,
    )


def opening_length(client: Client) -> int:
    form = client.get(reverse("game_new")).context["form"]
    return form.fields["length"].initial


def test_the_form_opens_on_a_length_whose_par_leaves_a_margin(
    client: Client, dictionary: Dictionary
) -> None:
    allowed = 8  # the form's default wrong guesses allowed
    store_par(dictionary, 6, allowed - PAR_MARGIN)  # too tight: perfect play and no more
    store_par(dictionary, 5, allowed)  # cannot be won
    store_par(dictionary, 8, allowed - PAR_MARGIN - 1)
    assert opening_length(client) == 8
    page = client.get(reverse("game_new")).content.decode()
    assert "perfect play needs 5 wrong guesses." in page
    assert "par-warning" not in page


def test_without_par_the_form_opens_near_six(client: Client, dictionary: Dictionary) -> None:
    assert opening_length(client) == 6


def test_a_length_asked_for_is_kept_even_when_hard(client: Client, dictionary: Dictionary) -> None:
    store_par(dictionary, 6, 8)
    response = client.get(reverse("game_new"), {"dictionary": dictionary.pk, "length": 6})
    assert response.context["form"].fields["length"].initial == 6
    assert "par-warning" in response.content.decode()


def test_small_lengths_are_offered_for_practice_only(
    client: Client, dictionary: Dictionary, settings: Settings
) -> None:
    settings.RANKED_MIN_WORDS = 1000
    store_par(dictionary, 6, 1)
    choices = client.get(reverse("game_new")).context["form"].fields["length"].choices
    assert choices == [
        (
            "Practice only: fewer than 1,000 words, never ranked",
            [
                (1, "1 letter (3 words)"),
                (5, "5 letters (40 words)"),
                (6, "6 letters (40 words)"),
                (8, "8 letters (40 words)"),
            ],
        )
    ]
    settings.RANKED_MIN_WORDS = 10
    choices = client.get(reverse("game_new")).context["form"].fields["length"].choices
    assert choices[:3] == [
        (5, "5 letters (40 words)"),
        (6, "6 letters (40 words)"),
        (8, "8 letters (40 words)"),
    ]
    assert choices[3] == (
        "Practice only: fewer than 10 words, never ranked",
        [(1, "1 letter (3 words)")],
    )
    page = client.get(reverse("game_new")).content.decode()
    assert '<optgroup label="Practice only: fewer than 10 words, never ranked">' in page
    assert "1 letters" not in page
    # A practice length is never the one the form opens on.
    assert opening_length(client) == 6
