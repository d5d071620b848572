"""How many misses each word-maker forces on a strong guesser, and how fast fiendish answers.

Run from the repository root: ``.venv/bin/python bench/adversary.py``. No
database: the words come from the ``english-words`` package's web2 list, the
default dictionary. At each length from 4 to 12 the same guesser plays one
game against hard (the seeds' rule) and one against fiendish, 26 wrong
guesses allowed, in unranked mode (the rules' exact order). The guesser knows
the word list: it plays the letter whose hardest family is a hit and leaves
the fewest words, and exact minimax once no more than 40 words are left
(``games.engine.guesser.strong_heuristic_letter``).

``--ceiling`` also computes, per length, the most misses *any* word-maker
can force on this guesser (it is deterministic, so its best opponent is a
search over the word-maker's answers: see ``ceiling``); it takes a few
minutes. ``--ai`` adds a second opponent, the site's AI guesser
(``games.engine.guesser.propose``: a one-player search against hard, the strong
heuristic against fiendish), so fiendish is not judged against one guesser
only. ``--memorised N`` plays one ranked fiendish game per length with the
strong guesser, then replays its winning letters (with one wrong guess to
spare) in N ranked games with other seeds and prints the share they win.
Ranked games are the site's ranked variant (``games.engine``: a secret
vocabulary drawn by the seed, seeded choices), and the guesser sees only what
a player sees: the whole list's words that fit (``guesser.candidate_indexes``).
It also plays ranked hard and fiendish at lengths 6 to 12 (three seeds each)
and prints their ratio, since ranked games are no longer the rules' exact order.
``--probe`` adds the probing guesser (``probing_letter``): it tries every
letter against the word-maker's real answers, as a player with undo in
practice games can, and keeps the one whose answer leaves the position worth
the fewest misses. Fiendish is then also judged against the best of the
guessers played at each length (``best of guessers`` line), not only against
the guesser it models.
``--daily N`` plays N days of daily puzzles (settings drawn from the dates as
``daily/draw.py`` does; a stand-in seed per day, since the real one is keyed
by the site's secret) with the strong guesser, replays every won line in a
practice game with the day's settings (the whole list, the rules' exact
order) and counts the days where it ends in a different final family.
Fiendish replies are timed one by one, on one core, in CPU time of this process
(so other jobs on a shared machine do not count). ``--quick`` (what CI
runs) plays lengths 4 to 6 only, two games on the largest of those buckets, and
at most 2 memorised replays, so the script cannot rot unseen; its numbers are
not the goal's. No figure fails the run, ``--quick`` or not: it exits non-zero only
when a game breaks (an exception).

``--lengths 7 9`` plays those lengths only (the ratios are then theirs);
``--timed N`` sets the number of timed games below (``--timed 0``: none, the
games' own replies are timed), for quick per-length runs while iterating.

Reply times: every fiendish reply above, plus 20 more games on the largest
bucket (length 9, 28,840 words) with the letters in random orders (a fixed
seed), 8 wrong guesses allowed, every other one ranked, so the median, p99
and max of that bucket rest on a few hundred replies.

Last line: ``fiendish vs hard: <R>x misses forced, p99 reply <T> ms`` where R
is the ratio of the totals over lengths 6 to 12 and T the p99 of the replies
on the largest bucket, the issue's speed goal. The line above it gives every
reply timed, the 26-miss games of every length included: their first replies,
with 26 wrong guesses left, are the slowest the site can be asked for.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from daily.draw import DIFFICULTY as DAILY_DIFFICULTY
from daily.draw import draw_settings
from dictionaries.sources import default_word_source
from games.engine import (
    ALPHABET,
    Difficulty,
    GameState,
    Lexicon,
    Status,
    apply_guess,
    new_game,
    ranked_vocabulary,
)
from games.engine.guesser import (
    EXACT_GUESS_UP_TO,
    candidate_indexes,
    propose,
    strong_heuristic_letter,
)
from games.engine.lookahead import FIENDISH_ESTIMATE
from games.engine.search import (
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
RANKED_SEEDS = 3  # ranked games per length and difficulty for the ranked ratio
DAILY_FIRST_DAY = dt.date(2026, 1, 1)
RANKED_MIN_WORDS = 100  # the setting's default: the daily draws among lengths this big


def ranked_game(
    lexicon: Lexicon, difficulty: Difficulty, *, seed: int, max_misses: int = MAX_MISSES
) -> GameState:
    """A new game of the site's ranked variant: secret vocabulary, seeded ties and choices."""
    return new_game(
        lexicon,
        max_misses=max_misses,
        difficulty=difficulty,
        seed=seed,
        seeded_ties=True,
        vocabulary=ranked_vocabulary(lexicon),
    )


def play_out(state: GameState, letters: str | None = None) -> GameState:
    """The strong guesser plays ``state`` to the end, or ``letters`` are played until it ends."""
    if letters is None:
        while not state.is_over:
            state, _ = apply_guess(state, strong_heuristic_letter(state))
        return state
    for letter in letters:
        if state.is_over:
            break
        state, _ = apply_guess(state, letter)
    return state


def load_buckets() -> dict[int, list[str]]:
    buckets: dict[int, list[str]] = {}
    for word in default_word_source():
        buckets.setdefault(len(word), []).append(word)
    return buckets


def probing_letter(state: GameState) -> str:
    """The letter whose real answer leaves the fewest misses: one ply of probing, then a value.

    Every letter not guessed yet is played against the word-maker itself (its
    real answer, which a player finds with undo in a practice game), and the
    position it leaves is valued as :class:`TreeEstimate` values a family (the
    strong guesser against the most damaging answers to the end), plus the miss
    if it was one. Fewest misses first, then fewest words left. Once few words
    are left it plays exactly, as the strong guesser does.
    """
    words = candidate_indexes(state)
    if len(words) <= EXACT_GUESS_UP_TO:
        return strong_heuristic_letter(state)
    tables = search_tables(state.lexicon)
    best: tuple[tuple[int, int], str] | None = None
    for letter in ALPHABET:
        if letter in state.letters:
            continue
        child, report = apply_guess(state, letter)
        if child.status is Status.WON:
            return letter
        estimate = TreeEstimate(tables, NodeBudget(10**9), FIENDISH_ESTIMATE)
        worth = estimate.value(candidate_indexes(child), guessed_mask(child.letters))
        key = (int(report.miss) + worth, report.words_left)
        if best is None or key < best[0]:
            best = (key, letter)
    assert best is not None
    return best[1]


def play(
    lexicon: Lexicon,
    difficulty: Difficulty,
    replies: list[float],
    *,
    ai: bool = False,
    probe: bool = False,
) -> tuple[int, str]:
    """One game of the strong guesser (or the AI, or the prober) against ``difficulty``."""
    state: GameState = new_game(lexicon, max_misses=MAX_MISSES, difficulty=difficulty, seed=SEED)
    while not state.is_over:
        if probe:
            letter = probing_letter(state)
        else:
            letter = propose(state).letter if ai else strong_heuristic_letter(state)
        started = time.process_time()
        state, _ = apply_guess(state, letter)
        replies.append(time.process_time() - started)
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
    state = play_out(ranked_game(lexicon, Difficulty.FIENDISH, seed=SEED))
    wins = 0
    for seed in range(SEED + 1, SEED + 1 + seeds):
        replayed = ranked_game(lexicon, Difficulty.FIENDISH, seed=seed, max_misses=state.misses + 1)
        wins += play_out(replayed, "".join(state.letters)).status is Status.WON
    return state.misses, wins, seeds


def ranked_misses(lexicon: Lexicon, difficulty: Difficulty, seeds: int) -> float:
    """The strong guesser's mean misses against ranked ``difficulty`` over ``seeds`` seeds."""
    games = [play_out(ranked_game(lexicon, difficulty, seed=seed)) for seed in range(seeds)]
    return statistics.mean(game.misses for game in games)


def daily_divergence(buckets: dict[int, list[str]], days: int) -> tuple[int, int, int]:
    """Days whose won line ends elsewhere in a practice game: (different, won, days).

    Each day's leaderboard comes from its date as the site draws it; the daily plays
    on its secret vocabulary with a stand-in seed (the site's is keyed by its
    secret). A line the guesser won the daily with is played in a practice game
    of the same settings (unranked: the whole list, the rules' exact order),
    and its final family (the pattern its letters end on) is compared.
    """
    lengths = [(length, len(words)) for length, words in buckets.items()]
    lexicons: dict[int, Lexicon] = {}
    different = won = 0
    for offset in range(days):
        day = DAILY_FIRST_DAY + dt.timedelta(days=offset)
        board = draw_settings(day, lengths, min_words=RANKED_MIN_WORDS)
        lexicon = lexicons.get(board.length) or Lexicon(buckets[board.length])
        lexicons[board.length] = lexicon
        seed = int.from_bytes(day.isoformat().encode(), "big") % (1 << 62)
        daily = play_out(
            new_game(
                lexicon,
                max_misses=board.max_misses,
                difficulty=DAILY_DIFFICULTY,
                seed=seed,
                seeded_ties=True,
                vocabulary=ranked_vocabulary(lexicon, daily=True),
            )
        )
        if daily.status is not Status.WON:
            continue
        won += 1
        practice = play_out(
            new_game(lexicon, max_misses=board.max_misses, difficulty=DAILY_DIFFICULTY, seed=seed),
            "".join(daily.letters),
        )
        different += practice.pattern != daily.pattern
    return different, won, days


def largest_bucket_replies(lexicon: Lexicon, games: int) -> list[float]:
    """Seconds of every fiendish reply in ``games`` games of random letter orders."""
    rng = random.Random(SEED)
    replies: list[float] = []
    for game in range(games):
        state = (
            ranked_game(lexicon, Difficulty.FIENDISH, seed=SEED + game, max_misses=8)
            if game % 2
            else new_game(lexicon, max_misses=8, difficulty=Difficulty.FIENDISH, seed=SEED)
        )
        letters = list("abcdefghijklmnopqrstuvwxyz")
        rng.shuffle(letters)
        for letter in letters:
            if state.is_over:
                break
            started = time.process_time()
            state, _ = apply_guess(state, letter)
            replies.append(time.process_time() - started)
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
    parser.add_argument("--probe", action="store_true", help="also play the probing guesser")
    parser.add_argument("--daily", type=int, metavar="N", help="N days of daily puzzles")
    parser.add_argument("--quick", action="store_true", help="lengths 4-6 and 2 timed games")
    parser.add_argument(
        "--lengths", type=int, nargs="+", metavar="L", help="play these lengths only"
    )
    parser.add_argument(
        "--timed", type=int, metavar="N", help="timed games on the largest bucket (default 20)"
    )
    options = parser.parse_args()
    lengths, ratio_lengths, timed_games = LENGTHS, RATIO_LENGTHS, LARGEST_BUCKET_GAMES
    if options.lengths:
        lengths = ratio_lengths = sorted(set(options.lengths))  # type: ignore[assignment]
    if options.timed is not None:
        timed_games = options.timed
    if options.quick:
        lengths, ratio_lengths, timed_games = range(4, 7), range(4, 7), 2
        options.memorised = min(options.memorised or 2, 2)
        options.daily = min(options.daily or 2, 2)
    span = f"{min(ratio_lengths)}-{max(ratio_lengths)}"
    all_buckets = load_buckets()
    buckets = {length: words for length, words in all_buckets.items() if length in lengths}
    totals = {Difficulty.HARD: 0, Difficulty.FIENDISH: 0}
    best_total = 0
    replies: list[float] = []
    header = f"{'length':>6} {'words':>7} {'hard':>5} {'fiendish':>9}"
    header += f" {'ceiling':>8}" if options.ceiling else ""
    header += f" {'ai/hard':>8} {'ai/fiendish':>12}" if options.ai else ""
    header += f" {'probe/hard':>10} {'probe/fiendish':>14}" if options.probe else ""
    header += f" {'memorised wins':>15}" if options.memorised else ""
    # Per difficulty, the fewest misses any guesser played needed, summed over the ratio lengths.
    best_of = {Difficulty.HARD: 0, Difficulty.FIENDISH: 0}
    ai_totals = {Difficulty.HARD: 0, Difficulty.FIENDISH: 0}
    shares = [0, 0]
    worst_share = 0.0
    ranked_totals = {Difficulty.HARD: 0.0, Difficulty.FIENDISH: 0.0}
    ranked_seeds = 1 if options.quick else RANKED_SEEDS
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
        fewest = {Difficulty.HARD: hard, Difficulty.FIENDISH: fiendish}
        if options.ai:
            for difficulty in ai_totals:
                misses, _ = play(lexicon, difficulty, [], ai=True)
                ai_totals[difficulty] += misses * (length in ratio_lengths)
                fewest[difficulty] = min(fewest[difficulty], misses)
                line += f" {misses:>8}" if difficulty is Difficulty.HARD else f" {misses:>12}"
        if options.probe:
            for difficulty in fewest:
                misses, _ = play(lexicon, difficulty, [], probe=True)
                fewest[difficulty] = min(fewest[difficulty], misses)
                line += f" {misses:>10}" if difficulty is Difficulty.HARD else f" {misses:>14}"
        for difficulty in best_of:
            best_of[difficulty] += fewest[difficulty] * (length in ratio_lengths)
        if options.memorised:
            _, wins, games = memorised_share(lexicon, options.memorised)
            shares[0] += wins
            shares[1] += games
            worst_share = max(worst_share, wins / games)
            line += f" {f'{wins}/{games}':>15}"
            if length in ratio_lengths:
                for difficulty in ranked_totals:
                    ranked_totals[difficulty] += ranked_misses(lexicon, difficulty, ranked_seeds)
        print(f"{line}  {letters}", flush=True)
        if length in ratio_lengths:
            totals[Difficulty.HARD] += hard
            totals[Difficulty.FIENDISH] += fiendish
    ratio = totals[Difficulty.FIENDISH] / totals[Difficulty.HARD]
    if options.ai:
        print(
            f"the AI guesser, lengths {span}: "
            f"hard {ai_totals[Difficulty.HARD]}, fiendish "
            f"{ai_totals[Difficulty.FIENDISH]} "
            f"({ai_totals[Difficulty.FIENDISH] / ai_totals[Difficulty.HARD]:.2f}x)"
        )
    if options.ai or options.probe:
        print(
            f"best of guessers, lengths {span}: "
            f"hard {best_of[Difficulty.HARD]}, fiendish {best_of[Difficulty.FIENDISH]} "
            f"({best_of[Difficulty.FIENDISH] / best_of[Difficulty.HARD]:.2f}x)"
        )
    if options.memorised:
        print(
            f"won ranked letters replayed with other seeds win {shares[0]} of {shares[1]} "
            f"games ({100 * shares[0] / shares[1]:.0f}%), at most "
            f"{100 * worst_share:.0f}% at one length"
        )
        ranked_ratio = ranked_totals[Difficulty.FIENDISH] / ranked_totals[Difficulty.HARD]
        print(
            f"ranked games (secret vocabulary), lengths {span}, mean of {ranked_seeds} seeds: hard "
            f"{ranked_totals[Difficulty.HARD]:.1f}, fiendish "
            f"{ranked_totals[Difficulty.FIENDISH]:.1f} ({ranked_ratio:.2f}x)"
        )
    if options.daily:
        different, won, days = daily_divergence(all_buckets, options.daily)
        print(
            f"daily puzzles: the guesser won {won} of {days} days; its line ends in a "
            f"different final family in a practice game on {different} of {won}"
        )
    largest = max(all_buckets if options.lengths else buckets, key=lambda n: len(all_buckets[n]))
    on_largest = largest_bucket_replies(Lexicon(all_buckets[largest]), timed_games)
    if on_largest:
        print(f"fiendish on the largest bucket (length {largest}): {describe(on_largest)}")
        replies += on_largest
    else:  # --timed 0: the replies of the games above stand in
        on_largest = list(replies)
        print("no timed games on the largest bucket (--timed 0): p99 below is every reply's")
    milliseconds = [reply * 1000 for reply in on_largest]
    print(
        f"lengths {span}: hard {totals[Difficulty.HARD]}, "
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
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
