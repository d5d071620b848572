"""The challenge priors' cost, before and after issue 36, side by side on the built-in lists.

``before`` plays the reference player's games as the last release did (and as the engine's
specification still does): :func:`games.engine.prior.reference_game`, a full game state and
``rules.apply_guess`` each guess, the guesser filtering the whole list again each guess.
``after`` is :func:`games.engine.prior.challenge_prior` as ``compute_challenge_priors`` calls
it (one :class:`~games.engine.prior.GreedyLetters` shared by a length's three difficulties).
Both run on the same lexicons (built, with their search tables, before the clock starts),
one list after the other in one process, and each histogram of ``after`` must equal
``before``'s. Times are CPU seconds (``time.process_time``): the machine is shared.

    python bench/priors.py            # every built-in list, every length, 200 games
    python bench/priors.py --quick    # 3 lengths of each list, 40 games

The goal (issue 36): ``after`` at least 10x cheaper than ``before`` for each list.

Measured (whole lists, 200 games, six runs under load 1.1 to 4.9), the ratio's median
and range: English (familiar) 10.4x (10.2-11.4), English (web2) 14.5x (14.4-14.8),
Spanish 11.1x (11.0-11.3), French 10.2x (10.1-10.5), German 10.8x (10.6-10.9); the goal
met in each run. The profiles: docs/design/first-start.md.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "evilsite.settings")

from bench.support import goal

GOAL = 10.0
QUICK_GAMES = 40
QUICK_LENGTHS = 3


def before(lexicon, difficulty: str, games: int) -> tuple[int, ...]:
    """The last release's ``challenge_prior``: one full game state per guess."""
    from games.engine.prior import PRIOR_SEED, reference_game
    from games.engine.vocabulary import ranked_vocabulary

    rng = random.Random(PRIOR_SEED)
    vocabulary = ranked_vocabulary(lexicon)
    counts = [0] * len(lexicon.alphabet)
    for _ in range(games):
        state = reference_game(
            lexicon, difficulty, seed=rng.getrandbits(63), rng=rng, vocabulary=vocabulary
        )
        counts[state.misses] += 1
    while len(counts) > 1 and counts[-1] == 0:
        counts.pop()
    return tuple(counts)


def after(lexicons: dict, games: int) -> dict[tuple[int, str], tuple[int, ...]]:
    from games.engine.prior import GreedyLetters, challenge_prior

    found = {}
    for length, lexicon in lexicons.items():
        letters = GreedyLetters(lexicon)
        for difficulty in ("easy", "medium", "hard"):
            found[length, difficulty] = challenge_prior(
                lexicon, difficulty, games=games, letters=letters
            ).misses_needed
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 lengths a list, 40 games")
    parser.add_argument("--list", action="append", help="only this built-in list (slug)")
    args = parser.parse_args()

    import django

    django.setup()
    from games.engine import Lexicon
    from games.engine.search import search_tables
    from games.services.builtin_tables import builtin_list_words, builtin_slugs

    games = QUICK_GAMES if args.quick else 200
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'list':<18} {'challenges':>10} {'before s':>9} {'after s':>8} {'ratio':>6}  same")
    met = True
    for slug in args.list or builtin_slugs():
        alphabet, by_length = builtin_list_words(slug)
        lengths = sorted(by_length)
        if args.quick:  # the shortest, the commonest and a long one
            commonest = max(lengths, key=lambda length: len(by_length[length]))
            lengths = sorted({lengths[0], commonest, lengths[-QUICK_LENGTHS]})
        lexicons = {length: Lexicon(by_length[length], alphabet=alphabet) for length in lengths}
        for lexicon in lexicons.values():
            search_tables(lexicon)
        started = time.process_time()
        old = {
            (length, difficulty): before(lexicon, difficulty, games)
            for length, lexicon in lexicons.items()
            for difficulty in ("easy", "medium", "hard")
        }
        before_seconds = time.process_time() - started
        started = time.process_time()
        new = after(lexicons, games)
        after_seconds = time.process_time() - started
        ratio = before_seconds / after_seconds
        same = old == new
        met = met and same and ratio >= GOAL
        print(
            f"{slug:<18} {len(old):>10} {before_seconds:>9.1f} {after_seconds:>8.2f} "
            f"{ratio:>5.1f}x  {'yes' if same else 'NO'}",
            flush=True,
        )
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    goal(f"every list {GOAL:.0f}x cheaper with the same histograms", met)
    return 0


if __name__ == "__main__":
    sys.exit(main())
