"""An authorization backend: a class's instructor may review the games of its students.

The games app asks ``user.has_perm("games.review_game", game)`` for a game it
would otherwise keep from a viewer; this backend answers it, so the games app
needs to know nothing of classes. It authenticates no one.
"""

from __future__ import annotations

from django.contrib.auth.backends import BaseBackend
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from classes.selectors import teaches_player
from games.models import Game
from games.permissions import REVIEW_GAME_PERMISSION


class ClassInstructorBackend(BaseBackend):
    def has_perm(
        self, user_obj: AbstractBaseUser | AnonymousUser, perm: str, obj: object = None
    ) -> bool:
        if perm != REVIEW_GAME_PERMISSION or not isinstance(obj, Game):
            return False
        if not user_obj.is_active or not user_obj.is_authenticated:
            return False
        return teaches_player(user_obj, obj.player_id)
