"""What every page's menu needs from the games app."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from core.guests import is_guest
from games.permissions import can_review_all


def navigation(request: HttpRequest) -> dict[str, object]:
    """``can_review_all_games``: whether the menu links to every player's games;
    ``is_guest``: whether the viewer is a visitor trying the game.

    Lazy: a page that does not show the menu (a fragment) asks nothing. An error page
    drawn before the authentication middleware ran (a refused Host) has no user: a visitor.
    """

    def viewer() -> AbstractBaseUser | AnonymousUser:
        return getattr(request, "user", None) or AnonymousUser()

    return {
        "can_review_all_games": SimpleLazyObject(lambda: can_review_all(viewer())),
        # A visitor trying the game: the menu offers to sign up instead of account pages.
        "is_guest": SimpleLazyObject(lambda: is_guest(viewer())),
    }
