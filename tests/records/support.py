"""Helpers for the records, leaderboard, statistics, review and export tests."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

from django.apps import apps as django_apps
from django.contrib.auth.models import Group, Permission, User
from django.db import connection
from django.test import Client

from dictionaries.models import Dictionary
from games import services
from games.models import Game
from tests.factories import UserFactory

INSTRUCTORS = "Instructors"
_group_migration = importlib.import_module("games.migrations.0003_instructors_group")


def instructors_group() -> Group:
    """The group the data migration creates (recreated after a transactional test's flush)."""
    _group_migration.create_instructors_group(django_apps, SimpleNamespace(connection=connection))
    return Group.objects.get(name=INSTRUCTORS)


def make_instructor(username: str = "teacher", *, is_staff: bool = False) -> User:
    user = UserFactory(username=username, is_staff=is_staff)
    user.groups.add(instructors_group())
    return user


def make_role(role: str, *, owner: User | None = None) -> User | None:
    """A user for each row of the permission matrix; ``None`` is a visitor."""
    if role == "visitor":
        return None
    if role == "owner":
        return owner
    if role == "other":
        return UserFactory(username="someone-else")
    if role == "instructor":
        return make_instructor()
    if role == "staff":
        return UserFactory(username="staffer", is_staff=True)
    if role == "admin":
        return UserFactory(username="root", is_staff=True, is_superuser=True)
    raise ValueError(role)


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def play(
    *,
    player: User,
    dictionary: Dictionary,
    letters: str,
    length: int = 4,
    difficulty: str = "hard",
    max_misses: int = 8,
    ranked: bool = True,
    seed: int = 7,
) -> Game:
    """A real game through the services, one guess per letter."""
    game = services.game_start(
        player=player,
        dictionary=dictionary,
        length=length,
        max_misses=max_misses,
        difficulty=difficulty,
        show_word_count=not ranked,
        seed=seed,
    )
    for letter in letters:
        game = services.game_guess(game_id=game.pk, player=player, letter=letter).game
    return game


def review_permission() -> Permission:
    return Permission.objects.get(codename="review_all_games", content_type__app_label="games")
