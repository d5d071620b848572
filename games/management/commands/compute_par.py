"""Fill the par table: the fewest wrong guesses perfect play needs, per length and difficulty."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dictionaries.models import Dictionary
from games.engine.par import PAR_NODES
from games.management.rule_table_command import RuleTableCommand
from games.services import par_compute


class Command(RuleTableCommand):
    help = (
        "Compute par for a dictionary (the default one unless --dictionary or --all): for each "
        "word length, against easy, medium and hard, the fewest wrong guesses a perfect player "
        "needs. Each challenge's search is bounded by --nodes positions; when they run out, the "
        "best line found is stored and shown as 'par <= N'. Challenges already proven, or searched "
        "with as many positions, are kept (--force searches them again). Safe to stop and rerun."
    )
    service = staticmethod(par_compute)
    budget_option = "nodes"
    budget_default = PAR_NODES
    budget_help = "positions each challenge's search may examine"
    force_help = "search stored challenges again"
    progress_label = "par"

    def summary(self, dictionary: Dictionary, outcomes: Sequence[Any], computed: int) -> str:
        proven = sum(outcome.par.proven for outcome in outcomes)
        return (
            f"{dictionary.name}: par of {len(outcomes)} challenges ({computed} searched now, "
            f"{len(outcomes) - computed} kept); {proven} proven, {len(outcomes) - proven} "
            "shown as the best line found (par <= N)."
        )
