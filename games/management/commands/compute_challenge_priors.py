"""Fill the challenge priors: how often the reference model player wins each challenge."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dictionaries.models import Dictionary
from games.engine.prior import PRIOR_GAMES
from games.management.rule_table_command import RuleTableCommand
from games.services import challenge_priors_compute


class Command(RuleTableCommand):
    help = (
        "Play the reference model player (the greedy guesser with 30% random letters) on a "
        "dictionary's challenges (the default one unless --dictionary or --all): for each word "
        "length, against easy, medium and hard, --games seeded ranked games with no miss "
        "limit, storing how many wrong guesses each needed. A challenge's first rating comes "
        "from its win rate. Challenges already played with as many games are kept (--force "
        "plays them again). Safe to stop and rerun."
    )
    service = staticmethod(challenge_priors_compute)
    budget_option = "games"
    budget_default = PRIOR_GAMES
    budget_help = "games the reference player plays on each challenge"
    force_help = "play stored challenges again"
    progress_label = "priors"

    def summary(self, dictionary: Dictionary, outcomes: Sequence[Any], computed: int) -> str:
        return (
            f"{dictionary.name}: challenge priors of {len(outcomes)} challenges ({computed} played "
            f"now, {len(outcomes) - computed} kept)."
        )
