"""One set of settings fields: a game, a daily puzzle and an assignment store them alike."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, models, transaction

from classes.models import Assignment
from daily.models import DailyPuzzle
from games.models import DIFFICULTY_MAX_LENGTH, Game, GameSettingsFields
from tests.factories import AssignmentFactory

SETTINGS_MODELS: list[type[models.Model]] = [Game, DailyPuzzle, Assignment]


@pytest.mark.parametrize("model", SETTINGS_MODELS, ids=lambda model: model.__name__)
def test_each_settings_model_has_the_shared_fields_and_checks(model: type[models.Model]) -> None:
    assert issubclass(model, GameSettingsFields)
    difficulty = model._meta.get_field("difficulty")
    assert isinstance(difficulty, models.CharField)
    assert difficulty.max_length == DIFFICULTY_MAX_LENGTH
    names = {constraint.name for constraint in model._meta.constraints}
    prefix = model.__name__.lower()
    for check in ("max_misses_range", "length_positive", "difficulty_valid"):
        assert f"{prefix}_{check}" in names


@pytest.mark.django_db
@pytest.mark.parametrize(
    "wrong", [{"difficulty": "brutal"}, {"max_misses": 0}, {"max_misses": 27}, {"length": 0}]
)
def test_the_database_refuses_an_assignment_a_form_would_not_make(wrong: dict[str, object]) -> None:
    """A teacher who posts settings past the form (or a bug) cannot store an assignment
    whose games could never start."""
    assignment = AssignmentFactory()
    for name, value in wrong.items():
        setattr(assignment, name, value)
    with pytest.raises(IntegrityError), transaction.atomic():
        assignment.save()
