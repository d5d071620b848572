"""Par: the fewest wrong guesses perfect play needs against a fixed rule, from the start.

Computed offline (``manage.py compute_par``) with the guesser's one-player
search (:class:`~games.engine.guesser.RuleSolver`), within a count of
positions. Only word-makers whose ``has_par`` is true have one.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from games.engine.guesser import RuleSolver, greedy_aware_letter
from games.engine.lexicon import Lexicon
from games.engine.makers import Difficulty, maker_for
from games.engine.rules import apply_guess, new_game
from games.engine.search import BudgetExhaustedError, NodeBudget, search_tables

# Positions par may examine per dictionary, length and difficulty (``compute_par``).
PAR_NODES = 20_000


@dataclass(frozen=True, slots=True)
class Par:
    """The fewest misses perfect play needs against the seeds' rule, or the bounds found.

    ``misses`` is achieved by a known line of play; no line needs fewer than
    ``at_least``. When they meet, par is proven.
    """

    misses: int
    at_least: int
    nodes: int

    @property
    def proven(self) -> bool:
        return self.misses == self.at_least


def par(lexicon: Lexicon, difficulty: Difficulty, *, nodes: int = PAR_NODES) -> Par:
    """Par of a lexicon against easy, medium or hard, in the rules' exact order.

    The best playout from the first guess gives a line (an upper bound); the
    search then asks, from no miss up, whether fewer misses are enough, until
    it finds a line, proves there is none, or uses up ``nodes``.
    """
    if not maker_for(difficulty).has_par:
        raise ValueError(f"par is computed against the seeds' rule, not {difficulty}")
    words = np.arange(len(lexicon), dtype=np.int32)
    if len(words) == 1:
        return Par(misses=0, at_least=0, nodes=0)
    budget = NodeBudget(nodes)
    solver = RuleSolver(
        search_tables(lexicon), difficulty=difficulty, seeded_ties=False, budget=budget
    )
    upper = None
    try:
        upper = solver.rollouts(words, 1)[0][0]
        plan = solver.plan(words, 1, at_most=upper - 1)
    except BudgetExhaustedError:
        plan = None
    if upper is None:  # not even one playout fitted: the plain heuristic's line
        upper = _heuristic_line(lexicon, difficulty)
    if plan is not None:
        return Par(misses=plan.misses, at_least=plan.misses, nodes=min(budget.used, nodes))
    at_least = min(upper, solver.too_few.get(solver.key(words, 1, 0), 0))
    return Par(misses=upper, at_least=at_least, nodes=min(budget.used, nodes))


def _heuristic_line(lexicon: Lexicon, difficulty: Difficulty) -> int:
    state = new_game(lexicon, max_misses=len(lexicon.alphabet), difficulty=difficulty, seed=0)
    while not state.is_over and state.words_left > 1:
        state, _ = apply_guess(state, greedy_aware_letter(state))
    return state.misses
