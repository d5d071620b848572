"""Playing with friends: a game sent as a link, played by each friend once, compared on one
page. An app above play: it keeps the link rows, and play knows nothing of it."""

from __future__ import annotations

from django.apps import AppConfig


class FriendsConfig(AppConfig):
    name = "friends"
    verbose_name = "Games sent to friends"

    def ready(self) -> None:
        from friends.selectors import link_undo_refusal
        from games.hooks import register_undo_rule

        register_undo_rule(link_undo_refusal)
