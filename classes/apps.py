from __future__ import annotations

from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "classes"
    verbose_name = "Classes"

    def ready(self) -> None:
        # An assignment's game counts for the class: no hint and no undo in it.
        from api.hooks import register_start_check
        from classes.bots import assignment_start_check
        from classes.selectors import ASSIGNMENT_GAME_SECRECY, assignment_game_counts_as
        from games.hooks import register_secrecy_rule
        from games.selectors.counting import register_counting_check

        register_counting_check(assignment_game_counts_as)
        # ... and nobody reads its families or candidates while it is played.
        register_secrecy_rule(ASSIGNMENT_GAME_SECRECY)
        # A token made for a bot assignment starts only the assignment's games.
        register_start_check(assignment_start_check)
