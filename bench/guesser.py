"""How many misses the AI guesser needs against hard, beside a simple heuristic, and how fast.

Run from the repository root: ``.venv/bin/python bench/guesser.py``. No
database: the words come from web2, the default dictionary. At each length
from 4 to 12 two guessers play hard (unranked: the rules' exact order), 26
wrong guesses allowed: the simple heuristic (the letter whose hardest family
is a hit and leaves the fewest words) and the AI (``games.engine.guesser.propose``:
a one-player search against the rule, bounded by a count of positions).
Every AI proposal is timed: each is what a Hint costs from that position.

Last line: ``ai vs heuristic: <R>x misses, hint p99 <T> ms`` (R: ratio of the
totals over all lengths).

Figures only, never a verdict: ``--quick`` (what CI runs) or not, it fails only when
the guesser or a game breaks (an exception).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dictionaries.sources import default_word_source
from games.engine import Difficulty, Lexicon, apply_guess, new_game
from games.engine.guesser import greedy_aware_letter, propose

LENGTHS = range(4, 13)
MAX_MISSES = 26
SEED = 2026


def play(lexicon: Lexicon, *, ai: bool, difficulty: Difficulty, hints: list[float]) -> tuple:
    """One game against ``difficulty``: the misses, the letters and the game's seconds."""
    state = new_game(lexicon, max_misses=MAX_MISSES, difficulty=difficulty, seed=SEED)
    started = time.perf_counter()
    proven = 0
    while not state.is_over:
        if ai:
            asked = time.perf_counter()
            proposal = propose(state)
            hints.append(time.perf_counter() - asked)
            proven += proposal.proven
            letter = proposal.letter
        else:
            letter = greedy_aware_letter(state)
        state, _ = apply_guess(state, letter)
    return state.misses, "".join(state.letters), time.perf_counter() - started, proven


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--difficulty", default="hard", choices=[d.value for d in Difficulty])
    parser.add_argument(
        "--quick", action="store_true", help="lengths 11 and 12 only (CI: it still works)"
    )
    options = parser.parse_args()
    lengths = range(11, 13) if options.quick else LENGTHS
    difficulty = Difficulty(options.difficulty)
    words = default_word_source()
    totals = {"heuristic": 0, "ai": 0}
    hints: list[float] = []
    slowest_game = 0.0
    print(f"against {difficulty}, {MAX_MISSES} wrong guesses allowed")
    print(f"{'length':>6} {'words':>7} {'heuristic':>9} {'ai':>4} {'ai game s':>9}  ai letters")
    for length in lengths:
        lexicon = Lexicon(word for word in words if len(word) == length)
        heuristic, _, _, _ = play(lexicon, ai=False, difficulty=difficulty, hints=[])
        ai, letters, seconds, proven = play(lexicon, ai=True, difficulty=difficulty, hints=hints)
        slowest_game = max(slowest_game, seconds)
        totals["heuristic"] += heuristic
        totals["ai"] += ai
        print(
            f"{length:>6} {len(lexicon):>7,} {heuristic:>9} {ai:>4} {seconds:>9.1f}  {letters}"
            f"  ({proven} of {len(letters)} proposals proven)",
            flush=True,
        )
    milliseconds = [hint * 1000 for hint in hints]
    ratio = totals["ai"] / totals["heuristic"]
    print(
        f"total: heuristic {totals['heuristic']}, ai {totals['ai']}; slowest ai game "
        f"{slowest_game:.1f} s"
    )
    print(
        f"hints: {len(milliseconds)}, median {statistics.median(milliseconds):.1f} ms, "
        f"p99 {percentile(milliseconds, 0.99):.1f} ms, max {max(milliseconds):.1f} ms"
    )
    print(f"ai vs heuristic: {ratio:.2f}x misses, hint p99 {percentile(milliseconds, 0.99):.0f} ms")


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
