"""Fill the board priors: how often the reference model player wins each board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dictionaries.models import Dictionary
from games.engine.prior import PRIOR_GAMES
from games.management.board_command import BoardTableCommand
from games.services import board_prior_compute


class Command(BoardTableCommand):
    help = (
        "Play the reference model player (the greedy guesser with 30% random letters) on a "
        "dictionary's boards (the default one unless --dictionary or --all): for each word "
        "length, against easy, medium and hard, --games seeded ranked games with no miss "
        "limit, storing how many wrong guesses each needed. A board's first rating comes "
        "from its win rate. Boards already played with as many games are kept (--force "
        "plays them again). Safe to stop and rerun."
    )
    service = staticmethod(board_prior_compute)
    budget_option = "games"
    budget_default = PRIOR_GAMES
    budget_help = "games the reference player plays on each board"
    force_help = "play stored boards again"
    progress_label = "priors"

    def summary(self, dictionary: Dictionary, outcomes: Sequence[Any], computed: int) -> str:
        return (
            f"{dictionary.name}: board priors of {len(outcomes)} boards ({computed} played "
            f"now, {len(outcomes) - computed} kept)."
        )
