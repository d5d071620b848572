from __future__ import annotations

from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "classes"
    verbose_name = "Classes"

    def ready(self) -> None:
        # An assignment's game counts for the class: no hint and no undo in it.
        from classes.selectors import assignment_game_counts_as
        from games.selectors.counting import register_counting_check

        register_counting_check(assignment_game_counts_as)
