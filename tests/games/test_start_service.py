"""One way to make a game: ``games.services.start.game_create`` from a ``GameSettings``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dictionaries.models import Dictionary
from games import engine, services
from tests.conftest import NINE_WORDS
from tests.factories import AssignmentFactory, DictionaryFactory, GameFactory, UserFactory

ROOT = Path(__file__).resolve().parents[2]
CREATOR = ROOT / "games" / "services" / "start.py"
APPS = ("accounts", "api", "classes", "daily", "core", "dictionaries", "games", "records")


def test_every_game_row_is_made_by_game_create() -> None:
    """A second ``Game.objects.create`` would be a second set of start rules to keep in step."""
    makers = [
        path.relative_to(ROOT).as_posix()
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if re.search(r"\bGame\.objects\.(create|bulk_create|get_or_create)\(", path.read_text())
    ]
    assert makers == [CREATOR.relative_to(ROOT).as_posix()]


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), slug="nine", name="Nine words")


@pytest.mark.django_db
def test_settings_are_read_alike_from_a_game_and_an_assignment(nine: Dictionary) -> None:
    game = GameFactory(dictionary=nine, length=4, max_misses=3, difficulty="hard")
    assignment = AssignmentFactory(dictionary=nine, length=4, max_misses=3, difficulty="hard")
    assert services.GameSettings.of(game) == services.GameSettings.of(assignment)


@pytest.mark.django_db
def test_a_created_game_starts_hidden_with_its_secret_part_of_the_list(nine: Dictionary) -> None:
    settings = services.GameSettings(dictionary=nine, length=4, max_misses=6, difficulty="easy")
    lexicon = services.settings_lexicon_load(settings)
    ranked = services.game_create(
        player=UserFactory(), game_settings=settings, lexicon=lexicon, ranked=True, seed=7
    )
    practice = services.game_create(
        player=UserFactory(), game_settings=settings, lexicon=lexicon, ranked=False, seed=7
    )
    assert ranked.pattern == practice.pattern == engine.HIDDEN * 4
    assert (ranked.seeded_ties, practice.seeded_ties) == (True, False)
    assert ranked.vocabulary == engine.ranked_vocabulary(lexicon)
    assert practice.vocabulary == engine.FULL_VOCABULARY
    assert practice.words_left == len(lexicon)
    assert ranked.words_left == engine.secret_vocabulary(lexicon, 7, ranked.vocabulary).size


@pytest.mark.django_db
def test_settings_a_player_chose_are_checked_before_anything_is_made(nine: Dictionary) -> None:
    player = UserFactory()
    for wrong, says in (
        ({"max_misses": 0}, "between 1 and"),
        ({"difficulty": "impossible"}, "Choose a difficulty"),
        ({"length": 12}, "no words of length 12"),
    ):
        chosen = {"dictionary": nine, "length": 4, "max_misses": 6, "difficulty": "easy", **wrong}
        with pytest.raises(services.GameRuleError, match=says):
            services.settings_check(player=player, game_settings=services.GameSettings(**chosen))
