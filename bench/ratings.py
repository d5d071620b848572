"""Do the Glicko-2 ratings measure skill? Model players of known strength on free boards.

Run from the repository root: ``.venv/bin/python bench/ratings.py``. No database: the
games are the engine's (hard, ranked: secret vocabulary and seeded choices) on web2's
buckets, the ratings ``ratings.glicko2`` updated after every game as the site does
(``ratings/services.py``: the player against the board, a win the player's).

The model players are the greedy guesser (``games.engine.guesser.greedy_aware_letter``)
with a chance of a random letter at each guess (0 %, 15 %, 30 %, 50 %, 70 %): the lower
the chance, the stronger the player. Each picks a board at random per game; the
**farmer** (30 %) always picks the board rated lowest, as a points farmer would. Boards
are word lengths x wrong guesses allowed, starting at 1500/350 (no par here).

Goals (issue 20): the ratings order the honest players by strength (Kendall's tau),
the farmer ends below every stronger player, and the board ratings order the boards
by difficulty measured as the honest players' loss rate (tau). ``--quick`` plays 20
games each (seconds, so the script cannot rot); its numbers are not the measure.

Measured (300 games each, 11 s): tau players 1.00, tau boards 0.89, farmer below every
stronger player: no. The farmer (1764, deviation 147) ends above p15 (1529), just under
p0 (1774): it won 296 of its 299 games, all on the two easiest boards (15/12, 11/12),
which the honest players win 74-86 %. An easy board has a ceiling (even a 30 % random
guesser almost never loses it) and Glicko-2's logistic model reads near-certain wins
against it as strength; the points exploit's own test holds (a farmed win moves a rating
less than one on a board rated above), but a farmer who never loses still climbs.

Last line: ``ratings: tau players <T>, tau boards <B>, farmer below every stronger
player: yes|no``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dictionaries.sources import default_word_source
from games.engine import ALPHABET, Difficulty, Lexicon, apply_guess, new_game, ranked_vocabulary
from games.engine.guesser import greedy_aware_letter
from games.engine.search import search_tables
from ratings import glicko2

LENGTHS = (4, 6, 8, 11, 15)
MISSES = (4, 8, 12)
NOISE = {"p0": 0.0, "p15": 0.15, "p30": 0.30, "p50": 0.50, "p70": 0.70}
FARMER, FARMER_NOISE = "farmer", 0.30
GAMES = 300
QUICK_GAMES = 20
SEED = 2026


def kendall_tau(xs: list[float], ys: list[float]) -> float:
    """Kendall's tau-a between two rankings (ties count as neither)."""
    score, pairs = 0, 0
    for i, j in combinations(range(len(xs)), 2):
        pairs += 1
        product = (xs[i] - xs[j]) * (ys[i] - ys[j])
        score += (product > 0) - (product < 0)
    return score / pairs if pairs else 0.0


def play(lexicon: Lexicon, max_misses: int, seed: int, noise: float, rng: random.Random) -> bool:
    state = new_game(
        lexicon,
        max_misses=max_misses,
        difficulty=Difficulty.HARD,
        seed=seed,
        vocabulary=ranked_vocabulary(lexicon),
    )
    while not state.is_over:
        if rng.random() < noise:
            letter = rng.choice([a for a in ALPHABET if a not in state.letters])
        else:
            letter = greedy_aware_letter(state)
        state, _ = apply_guess(state, letter)
    return state.status.value == "won"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} games each")
    parser.add_argument("--games", type=int, default=GAMES, help="ranked games per player")
    args = parser.parse_args()
    games = QUICK_GAMES if args.quick else args.games
    started = time.perf_counter()
    words = default_word_source()
    lexicons = {}
    for length in LENGTHS:
        lexicons[length] = Lexicon([word for word in words if len(word) == length])
        search_tables(lexicons[length])
    boards = [(length, misses) for length in LENGTHS for misses in MISSES]
    board_rating = {board: glicko2.Rating() for board in boards}
    noise = {**NOISE, FARMER: FARMER_NOISE}
    player_rating = {name: glicko2.Rating() for name in noise}
    honest_results: dict[tuple[int, int], list[bool]] = {board: [] for board in boards}
    rng = random.Random(SEED)
    seed = 0
    for _ in range(games):
        for name in noise:
            if name == FARMER:
                board = min(boards, key=lambda b: board_rating[b].rating)
            else:
                board = rng.choice(boards)
            seed += 1
            won = play(lexicons[board[0]], board[1], seed, noise[name], rng)
            if name != FARMER:
                honest_results[board].append(won)
            player, opponent = player_rating[name], board_rating[board]
            score = 1.0 if won else 0.0
            player_rating[name] = glicko2.update(player, [(opponent, score)])
            board_rating[board] = glicko2.update(opponent, [(player, 1.0 - score)])

    print(f"{games} ranked games per player, {len(boards)} boards (hard, web2)")
    print(f"{'player':>8} {'random letter':>13} {'rating':>7} {'deviation':>9}")
    for name in sorted(player_rating, key=lambda n: -player_rating[n].rating):
        rating = player_rating[name]
        print(f"{name:>8} {noise[name]:>12.0%} {rating.rating:>7.0f} {rating.deviation:>9.0f}")
    print(f"{'board':>8} {'rating':>7} {'honest win rate':>15} {'games':>5}")
    loss_rate = {}
    for board in sorted(boards, key=lambda b: -board_rating[b].rating):
        results = honest_results[board]
        loss_rate[board] = 1 - sum(results) / len(results) if results else 0.5
        print(
            f"{board[0]:>3}/{board[1]:<4} {board_rating[board].rating:>7.0f} "
            f"{1 - loss_rate[board]:>15.0%} {len(results):>5}"
        )
    honest = list(NOISE)
    tau_players = kendall_tau(
        [player_rating[name].rating for name in honest], [-NOISE[name] for name in honest]
    )
    tau_boards = kendall_tau(
        [board_rating[board].rating for board in boards], [loss_rate[board] for board in boards]
    )
    stronger = [name for name in honest if NOISE[name] < FARMER_NOISE]
    below = all(player_rating[FARMER].rating < player_rating[name].rating for name in stronger)
    print(f"{time.perf_counter() - started:.1f} s")
    print(
        f"ratings: tau players {tau_players:.2f}, tau boards {tau_boards:.2f}, "
        f"farmer below every stronger player: {'yes' if below else 'no'}"
    )


if __name__ == "__main__":
    main()
