"""Do the Glicko-2 ratings measure skill? Model players of known strength on free boards.

Run from the repository root: ``.venv/bin/python bench/ratings.py``. No database: the
games are the engine's (hard, ranked: secret vocabulary and seeded choices) on web2's
buckets, the ratings ``ratings.glicko2`` updated after every game as the site does
(``ratings/services.py``: the player against the board, a win the player's), boards
started from par as the site starts them, and a game rated only when ``ratings.rules``
says it counts (the player's expected score on the board at most 80 %).

The model players are the greedy guesser (``games.engine.guesser.greedy_aware_letter``)
with a chance of a random letter at each guess (0 %, 15 %, 30 %, 50 %, 70 %): the lower
the chance, the stronger the player. Each picks a board at random per game. Two farmers
of the 30 % player's strength choose their boards: the **farmer** always picks the board
rated lowest, as a points farmer would; the **edge farmer** picks the lowest-rated board
that still counts for it, as a farmer who reads the new-game form would. Boards are word
lengths x wrong guesses allowed.

Goals (issue 20): the ratings order the honest players by strength (Kendall's tau),
neither farmer ranks above a stronger player (a farmer with no rated game has no rating
and is on no leaderboard), and the board ratings order the boards by difficulty measured
as the honest players' loss rate (tau). ``--quick`` plays 20 games each (seconds, so the
script cannot rot); its numbers are not the measure. ``--every-game-counts`` turns the
rule off, to see what it changes.

Measured (300 games each, about 11 s a run, a helper's tests running alongside):

- the rule off (``--every-game-counts``): tau players 1.00, tau boards 0.89, farmer below
  every stronger player: no. The farmer ends above p15: it won nearly every game on the
  easiest boards, which have a ceiling (even a 30 % random guesser almost never loses
  there) that Glicko-2's logistic curve reads as strength.
- the rule on (the site's ``ratings.rules``: a game counts up to an expected 80 %, and
  only an established player's result moves a board): tau players 1.00, tau boards 0.89,
  farmer below: yes. The farmer's boards never count for it (no rating, on no
  leaderboard); the edge farmer (1038) ends below p15 (1235), next to its equal p30 (878).
  Over seeds 2026 and 1-5: tau players 1.00 each time, tau boards 0.86-0.90 (median
  0.89), the edge farmer 81-252 points below p15 (median 194), yes each time.

Last line: ``ratings: tau players <T>, tau boards <B>, farmer below every stronger
player: yes|no``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dictionaries.sources import default_word_source
from games.engine import ALPHABET, Difficulty, Lexicon, apply_guess, new_game, ranked_vocabulary
from games.engine.guesser import greedy_aware_letter
from games.engine.par import par
from games.engine.search import search_tables
from ratings import glicko2, rules

LENGTHS = (4, 6, 8, 11, 15)
MISSES = (4, 8, 12)
NOISE = {"p0": 0.0, "p15": 0.15, "p30": 0.30, "p50": 0.50, "p70": 0.70}
FARMER, EDGE_FARMER, FARMER_NOISE = "farmer", "edge", 0.30
GAMES = 300
QUICK_GAMES = 20
SEED = 2026

Board = tuple[int, int]


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


def choose_board(
    name: str,
    boards: list[Board],
    board_rating: dict[Board, glicko2.Rating],
    player: glicko2.Rating,
    rng: random.Random,
    counts: Callable[[glicko2.Rating, glicko2.Rating], bool],
) -> Board:
    """The honest players' random board, the farmer's easiest, the edge farmer's easiest rated."""
    if name == FARMER:
        return min(boards, key=lambda board: board_rating[board].rating)
    if name == EDGE_FARMER:
        rated = [board for board in boards if counts(player, board_rating[board])]
        return min(rated or boards, key=lambda board: board_rating[board].rating)
    return rng.choice(boards)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} games each")
    parser.add_argument("--games", type=int, default=GAMES, help="ranked games per player")
    parser.add_argument("--seed", type=int, default=SEED, help="the players' random letters")
    parser.add_argument(
        "--every-game-counts", action="store_true", help="rate every game (the rule off)"
    )
    args = parser.parse_args()
    games = QUICK_GAMES if args.quick else args.games

    def counts(player: glicko2.Rating, board: glicko2.Rating) -> bool:
        return args.every_game_counts or rules.counts(player, board)

    started = time.perf_counter()
    words = default_word_source()
    lexicons = {}
    pars = {}
    for length in LENGTHS:
        lexicons[length] = Lexicon([word for word in words if len(word) == length])
        search_tables(lexicons[length])
        pars[length] = par(lexicons[length], Difficulty.HARD).misses
    boards = [(length, misses) for length in LENGTHS for misses in MISSES]
    board_rating = {board: rules.board_start_from_par(pars[board[0]], board[1]) for board in boards}
    noise = {**NOISE, FARMER: FARMER_NOISE, EDGE_FARMER: FARMER_NOISE}
    player_rating = {name: glicko2.Rating() for name in noise}
    rated_games = dict.fromkeys(noise, 0)
    honest_results: dict[Board, list[bool]] = {board: [] for board in boards}
    rng = random.Random(args.seed)
    seed = 0
    for _ in range(games):
        for name in noise:
            player = player_rating[name]
            board = choose_board(name, boards, board_rating, player, rng, counts)
            seed += 1
            won = play(lexicons[board[0]], board[1], seed, noise[name], rng)
            if name in NOISE:
                honest_results[board].append(won)
            opponent = board_rating[board]
            if not counts(player, opponent):  # played and scored, but not rated
                continue
            rated_games[name] += 1
            score = 1.0 if won else 0.0
            player_rating[name] = glicko2.update(player, [(opponent, score)])
            if rules.moves_board(player):
                board_rating[board] = glicko2.update(opponent, [(player, 1.0 - score)])

    rule = "every game rated" if args.every_game_counts else "ratings.rules on"
    print(f"{games} ranked games per player, {len(boards)} boards (hard, web2), {rule}")
    print(f"{'player':>8} {'random letter':>13} {'rating':>7} {'deviation':>9} {'rated':>5}")
    for name in sorted(player_rating, key=lambda n: -player_rating[n].rating):
        rating = player_rating[name]
        shown = f"{rating.rating:>7.0f}" if rated_games[name] else f"{'none':>7}"
        print(
            f"{name:>8} {noise[name]:>12.0%} {shown} {rating.deviation:>9.0f} "
            f"{rated_games[name]:>5}"
        )
    print(f"{'board':>8} {'par':>3} {'rating':>7} {'honest win rate':>15} {'games':>5}")
    loss_rate = {}
    for board in sorted(boards, key=lambda b: -board_rating[b].rating):
        results = honest_results[board]
        loss_rate[board] = 1 - sum(results) / len(results) if results else 0.5
        print(
            f"{board[0]:>3}/{board[1]:<4} {pars[board[0]]:>3} {board_rating[board].rating:>7.0f} "
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
    below = all(
        rated_games[farmer] == 0
        or all(player_rating[farmer].rating < player_rating[name].rating for name in stronger)
        for farmer in (FARMER, EDGE_FARMER)
    )
    print(f"{time.perf_counter() - started:.1f} s")
    print(
        f"ratings: tau players {tau_players:.2f}, tau boards {tau_boards:.2f}, "
        f"farmer below every stronger player: {'yes' if below else 'no'}"
    )


if __name__ == "__main__":
    main()
