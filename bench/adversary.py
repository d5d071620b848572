"""How many misses each word-maker forces on a strong guesser, and how fast fiendish answers.

Run from the repository root: ``.venv/bin/python bench/adversary.py``. No
database: the words come from the ``english-words`` package's web2 list, the
default dictionary. At each length from 4 to 12 the same guesser plays one
game against hard (the seeds' rule) and one against fiendish, 26 wrong
guesses allowed, in unranked mode (the rules' exact order). The guesser knows
the word list: it plays the letter whose hardest family is a hit and leaves
the fewest words, and exact minimax once no more than 40 words are left
(``games.guesser.strong_heuristic_letter``).

``--ceiling`` also computes, per length, the most misses *any* word-maker
can force on this guesser (it is deterministic, so its best opponent is a
search over the word-maker's answers: see ``ceiling``); it takes a few
minutes. ``--ai`` adds a second opponent, the site's AI guesser
(``games.guesser.propose``: a one-player search against hard, the strong
heuristic against fiendish), so fiendish is not judged against one guesser
only. ``--memorised N`` plays one ranked fiendish game per length with the
strong guesser, then replays its winning letters (with one wrong guess to
spare) in N ranked games with other seeds and prints the share they win.
Fiendish replies are timed one by one, on one core. ``--quick`` (what CI
runs) plays lengths 4 to 6 only, two games on the largest of those buckets, and
at most 2 memorised replays, so the script cannot rot unseen; its numbers are
not the goal's. No figure fails the run, ``--quick`` or not: it exits non-zero only
when a game breaks (an exception).

Reply times: every fiendish reply above, plus 20 more games on the largest
bucket (length 9, 28,840 words) with the letters in random orders (a fixed
seed), 8 wrong guesses allowed, so the median, p99 and max of that bucket rest
on a few hundred replies.

Last line: ``fiendish vs hard: <R>x misses forced, p99 reply <T> ms`` where R
is the ratio of the totals over lengths 6 to 12 and T the p99 of the replies
on the largest bucket, the issue's speed goal. The line above it gives every
reply timed, the 26-miss games of every length included: their first replies,
with 26 wrong guesses left, are the slowest the site can be asked for.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from dictionaries.sources import default_word_source
from games.engine import Difficulty, GameState, Lexicon, Status, apply_guess, new_game
from games.guesser import EXACT_GUESS_UP_TO, propose, strong_heuristic_letter
from games.search import (
    EstimateSettings,
    NodeBudget,
    TreeEstimate,
    guessed_mask,
    search_tables,
)

LENGTHS = range(4, 13)
RATIO_LENGTHS = range(6, 13)
MAX_MISSES = 26
SEED = 2026
LARGEST_BUCKET_GAMES = 20


def load_buckets() -> dict[int, list[str]]:
    buckets: dict[int, list[str]] = {}
    for word in default_word_source():
        buckets.setdefault(len(word), []).append(word)
    return buckets


def play(
    lexicon: Lexicon, difficulty: Difficulty, replies: list[float], *, ai: bool = False
) -> tuple[int, str]:
    """One game of the strong guesser (or the AI) against ``difficulty``: misses and letters."""
    state: GameState = new_game(lexicon, max_misses=MAX_MISSES, difficulty=difficulty, seed=SEED)
    while not state.is_over:
        letter = propose(state).letter if ai else strong_heuristic_letter(state)
        started = time.perf_counter()
        state, _ = apply_guess(state, letter)
        replies.append(time.perf_counter() - started)
    return state.misses, "".join(state.letters)


def ceiling(lexicon: Lexicon) -> int:
    """The most misses any word-maker forces on the strong guesser, from the full bucket.

    The guesser is deterministic, so this is a search over the word-maker's
    answers only: every family of every letter the guesser would play, exact
    minimax values once the guesser itself plays exactly (it is then as
    strong as possible, whatever the word-maker does).
    """
    tables = search_tables(lexicon)
    settings = EstimateSettings(
        exact_up_to=EXACT_GUESS_UP_TO,
        exact_nodes=10**7,
        wide_up_to=10**9,
        families_when_big=10**9,
    )
    estimate = TreeEstimate(tables, NodeBudget(10**12), settings)
    words = np.arange(len(lexicon), dtype=np.int32)
    return estimate.value(words, guessed_mask(""))


def memorised_share(lexicon: Lexicon, seeds: int) -> tuple[int, int, int]:
    """Wins of a won ranked game's letters replayed under other seeds: (misses, wins, games)."""
    state = new_game(
        lexicon, max_misses=MAX_MISSES, difficulty=Difficulty.FIENDISH, seed=SEED, seeded_ties=True
    )
    while not state.is_over:
        state, _ = apply_guess(state, strong_heuristic_letter(state))
    wins = 0
    for seed in range(SEED + 1, SEED + 1 + seeds):
        replayed = new_game(
            lexicon,
            max_misses=state.misses + 1,
            difficulty=Difficulty.FIENDISH,
            seed=seed,
            seeded_ties=True,
        )
        for letter in state.letters:
            if replayed.is_over:
                break
            replayed, _ = apply_guess(replayed, letter)
        wins += replayed.status is Status.WON
    return state.misses, wins, seeds


def largest_bucket_replies(lexicon: Lexicon, games: int) -> list[float]:
    """Seconds of every fiendish reply in ``games`` games of random letter orders."""
    rng = random.Random(SEED)
    replies: list[float] = []
    for _ in range(games):
        state = new_game(lexicon, max_misses=8, difficulty=Difficulty.FIENDISH, seed=SEED)
        letters = list("abcdefghijklmnopqrstuvwxyz")
        rng.shuffle(letters)
        for letter in letters:
            if state.is_over:
                break
            started = time.perf_counter()
            state, _ = apply_guess(state, letter)
            replies.append(time.perf_counter() - started)
    return replies


def describe(replies: list[float]) -> str:
    milliseconds = [reply * 1000 for reply in replies]
    return (
        f"{len(milliseconds)} replies, median {statistics.median(milliseconds):.1f} ms, "
        f"p99 {percentile(milliseconds, 0.99):.1f} ms, max {max(milliseconds):.1f} ms"
    )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ceiling", action="store_true", help="also compute the best possible")
    parser.add_argument("--ai", action="store_true", help="also play the AI guesser")
    parser.add_argument("--memorised", type=int, metavar="N", help="replay won letters N times")
    parser.add_argument("--quick", action="store_true", help="lengths 4-6 and 2 timed games")
    options = parser.parse_args()
    lengths, ratio_lengths, timed_games = LENGTHS, RATIO_LENGTHS, LARGEST_BUCKET_GAMES
    if options.quick:
        lengths, ratio_lengths, timed_games = range(4, 7), range(4, 7), 2
        options.memorised = min(options.memorised or 2, 2)
    buckets = {length: words for length, words in load_buckets().items() if length in lengths}
    totals = {Difficulty.HARD: 0, Difficulty.FIENDISH: 0}
    best_total = 0
    replies: list[float] = []
    header = f"{'length':>6} {'words':>7} {'hard':>5} {'fiendish':>9}"
    header += f" {'ceiling':>8}" if options.ceiling else ""
    header += f" {'ai/hard':>8} {'ai/fiendish':>12}" if options.ai else ""
    header += f" {'memorised wins':>15}" if options.memorised else ""
    ai_totals = {Difficulty.HARD: 0, Difficulty.FIENDISH: 0}
    shares = [0, 0]
    print(header + "  letters vs fiendish")
    for length in lengths:
        lexicon = Lexicon(buckets[length])
        search_tables(lexicon)  # built once per lexicon, as the word bank keeps it
        hard, _ = play(lexicon, Difficulty.HARD, [])
        fiendish, letters = play(lexicon, Difficulty.FIENDISH, replies)
        line = f"{length:>6} {len(lexicon):>7,} {hard:>5} {fiendish:>9}"
        if options.ceiling:
            best = ceiling(lexicon)
            best_total += best * (length in ratio_lengths)
            line += f" {best:>8}"
        if options.ai:
            for difficulty in ai_totals:
                misses, _ = play(lexicon, difficulty, [], ai=True)
                ai_totals[difficulty] += misses * (length in ratio_lengths)
                line += f" {misses:>8}" if difficulty is Difficulty.HARD else f" {misses:>12}"
        if options.memorised:
            _, wins, games = memorised_share(lexicon, options.memorised)
            shares[0] += wins
            shares[1] += games
            line += f" {f'{wins}/{games}':>15}"
        print(f"{line}  {letters}", flush=True)
        if length in ratio_lengths:
            totals[Difficulty.HARD] += hard
            totals[Difficulty.FIENDISH] += fiendish
    ratio = totals[Difficulty.FIENDISH] / totals[Difficulty.HARD]
    if options.ai:
        print(
            f"the AI guesser, lengths {ratio_lengths.start}-{ratio_lengths.stop - 1}: "
            f"hard {ai_totals[Difficulty.HARD]}, fiendish "
            f"{ai_totals[Difficulty.FIENDISH]} "
            f"({ai_totals[Difficulty.FIENDISH] / ai_totals[Difficulty.HARD]:.2f}x)"
        )
    if options.memorised:
        print(
            f"won ranked letters replayed with other seeds win {shares[0]} of {shares[1]} "
            f"games ({100 * shares[0] / shares[1]:.0f}%)"
        )
    largest = max(buckets, key=lambda length: len(buckets[length]))
    on_largest = largest_bucket_replies(Lexicon(buckets[largest]), timed_games)
    print(f"fiendish on the largest bucket (length {largest}): {describe(on_largest)}")
    replies += on_largest
    milliseconds = [reply * 1000 for reply in on_largest]
    print(
        f"lengths {ratio_lengths.start}-{ratio_lengths.stop - 1}: hard {totals[Difficulty.HARD]}, "
        f"fiendish {totals[Difficulty.FIENDISH]}"
        + (
            f", ceiling {best_total} ({best_total / totals[Difficulty.HARD]:.2f}x)"
            if options.ceiling
            else ""
        )
    )
    print(f"fiendish, every reply: {describe(replies)}")
    print(
        f"fiendish vs hard: {ratio:.2f}x misses forced, "
        f"p99 reply {percentile(milliseconds, 0.99):.0f} ms"
    )


if __name__ == "__main__":
    main()
