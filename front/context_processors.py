"""What every page's menu needs: in the front, above the apps whose roles it shows."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from classes.selectors import menu_roles
from core.guests import is_guest


def navigation(request: HttpRequest) -> dict[str, object]:
    """``menu``: the viewer's roles the menu links to (Classes in the bar, every player's
    games), one query for all; ``is_guest``: whether the viewer is a visitor trying the game.

    Lazy: a page that does not show the menu (a fragment) asks nothing. An error page
    drawn before the authentication middleware ran (a refused Host) has no user: a visitor.
    """

    def viewer() -> AbstractBaseUser | AnonymousUser:
        return getattr(request, "user", None) or AnonymousUser()

    return {
        "menu": SimpleLazyObject(lambda: menu_roles(viewer())),
        # A visitor trying the game: the menu offers to sign up instead of account pages.
        "is_guest": SimpleLazyObject(lambda: is_guest(viewer())),
    }
