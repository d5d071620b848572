from __future__ import annotations

from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "classes"
    verbose_name = "Classes"

    def ready(self) -> None:
        # An assignment's game counts for the class (no hint, no undo, secret while it is
        # played): stored on the game when it starts (``classes.services``), nothing to hook.
        from api.hooks import register_start_check
        from classes.bots import assignment_start_check

        # A token made for a bot assignment starts only the assignment's games.
        register_start_check(assignment_start_check)
