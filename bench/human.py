"""A model of a human player against the word-makers, on the default (web2) and familiar lists.

Run from the repository root: ``.venv/bin/python bench/human.py``. No database:
the words come from the ``english-words`` package's web2 list and their
frequencies from wordfreq's English table (``dictionaries/frequency.py``), as
the import stores them; the familiar list is web2's words of Zipf >= 2.5, as
``import_dictionary --default`` builds it.

The human model knows only the words of the list whose Zipf frequency is at
least ``--knows`` (3.0 by default: about once per million words or more; 15,647
of web2's 210,768 words, 15,647 of the familiar list's 23,952). It plays the
strongest heuristic the site has (``games.engine.guesser.strong_heuristic_letter``: the
letter whose hardest family is a hit and leaves the fewest words, exact minimax
once 40 words or fewer are left) on the words *it knows* that fit what the board
shows. When none of them fits (the word-maker kept only words it has never
met), it falls back to letter frequencies: the letter not yet guessed found in
the most words it knows of that length. The strong guesser, which knows every
word of the list, is the reference beside it.

For each list and each word-maker (hard: the seeds' rule; fiendish: plans
ahead against the strong guesser; obscure: plans ahead against a player who
knows only the common words, ``games/engine/makers/obscure.py``) it reports,
side by side:

- **misses needed**: total wrong guesses over lengths 4 to 12, one game per
  length with 26 wrong guesses allowed (so every game is played to its end), in
  the rules' exact order (unranked), for the human model and the strong guesser;
- **wins with 8**: the human model's wins with 8 wrong guesses allowed, in
  ranked games (secret vocabulary and seeded choices, as the site plays them),
  ``--seeds`` seeds per length.

``--quick`` (what ``make bench-quick`` runs) plays length 4, one seed:
seconds, so the script cannot rot unseen; its numbers are not the measure. No
figure fails the run: it exits non-zero only when a game breaks.

``--lists``, ``--makers`` and ``--lengths`` narrow the run. Each lexicon is given
its words' frequencies (``Lexicon.set_familiarity``), as the word bank does.

Last lines: ``human model, misses needed (lengths L): web2 hard H fiendish F
obscure O, wins with 8 ...; familiar ...``, then, on the default list (the
familiar one), ``obscure vs hard: <R>x misses forced on the human model,
fiendish <F>x``. Measured (lengths 4-12, 38 s): familiar hard 103, fiendish 116,
obscure 147: R = 1.43, F = 1.13.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dictionaries.frequency import FAMILIAR_ZIPF, zipf_of
from dictionaries.sources import default_word_source
from games.engine import (
    Difficulty,
    GameState,
    Lexicon,
    apply_guess,
    new_game,
    ranked_vocabulary,
)
from games.engine.guesser import strong_heuristic_letter
from games.engine.players import HumanModel
from games.engine.search import search_tables

LENGTHS = range(4, 13)
QUICK_LENGTHS = range(4, 5)
MAX_MISSES = 26
WIN_MISSES = 8  # the new-game form's default wrong guesses allowed
SEED = 2026
SEEDS = 3
KNOWS_ZIPF = 3.0
DEFAULT_LIST = "familiar"  # the default list for new games and the daily
MAKERS = (Difficulty.HARD, Difficulty.FIENDISH, Difficulty.OBSCURE)


@dataclass
class Tally:
    """One list against one word-maker."""

    human: int = 0
    strong: int = 0
    wins: int = 0
    games: int = 0
    per_length: list[str] = field(default_factory=list)


def play(state: GameState, guess: Callable[[GameState], str]) -> GameState:
    while not state.is_over:
        state, _ = apply_guess(state, guess(state))
    return state


def buckets_of(words: list[str], lengths: range) -> dict[int, list[str]]:
    buckets: dict[int, list[str]] = {length: [] for length in lengths}
    for word in words:
        if len(word) in buckets:
            buckets[len(word)].append(word)
    return buckets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="length 4, one seed (seconds)")
    parser.add_argument(
        "--knows", type=float, default=KNOWS_ZIPF, help="the Zipf frequency the human knows from"
    )
    parser.add_argument("--seeds", type=int, default=SEEDS, help="ranked games per length")
    parser.add_argument("--lengths", type=int, nargs="+", metavar="L", help="these lengths only")
    parser.add_argument("--lists", nargs="+", choices=("web2", "familiar"), help="these lists only")
    parser.add_argument(
        "--makers", nargs="+", choices=[str(maker) for maker in MAKERS], help="these only"
    )
    options = parser.parse_args()
    lengths: range | list[int] = QUICK_LENGTHS if options.quick else LENGTHS
    seeds = 1 if options.quick else options.seeds
    if options.lengths:
        lengths = sorted(set(options.lengths))
    started = time.perf_counter()
    web2 = default_word_source()
    zipf = dict(zip(web2, zipf_of(web2), strict=True))
    lists = {
        "web2": web2,
        "familiar": [word for word in web2 if zipf[word] >= FAMILIAR_ZIPF],
    }
    if options.lists:
        lists = {name: words for name, words in lists.items() if name in options.lists}
    makers = [Difficulty(name) for name in options.makers] if options.makers else list(MAKERS)
    known_words = sum(zipf[word] >= options.knows for word in web2)
    print(
        f"human model: knows the {known_words:,} words of Zipf >= {options.knows} "
        f"({', '.join(f'{name} {len(words):,} words' for name, words in lists.items())}); "
        f"lengths {min(lengths)}-{max(lengths)}; wins with {WIN_MISSES} over {seeds} ranked "
        f"seed{'s' if seeds != 1 else ''} per length"
    )
    tallies: dict[tuple[str, Difficulty], Tally] = {}
    for name, words in lists.items():
        buckets = buckets_of(words, range(min(lengths), max(lengths) + 1))
        for length in lengths:
            bucket = buckets[length]
            lexicon = Lexicon(bucket)
            # The platform attaches each word's frequency where it builds a lexicon
            # (dictionaries/wordbank.py); the obscure word-maker reads it.
            lexicon.set_familiarity([zipf[word] for word in lexicon.words])
            search_tables(lexicon)
            human = HumanModel([word for word in bucket if zipf[word] >= options.knows])
            for maker in makers:
                tally = tallies.setdefault((name, maker), Tally())
                start = new_game(lexicon, max_misses=MAX_MISSES, difficulty=maker, seed=SEED)
                human_misses = play(start, human.letter).misses
                strong_misses = play(start, strong_heuristic_letter).misses
                tally.human += human_misses
                tally.strong += strong_misses
                for seed in range(seeds):
                    ranked = new_game(
                        lexicon,
                        max_misses=WIN_MISSES,
                        difficulty=maker,
                        seed=SEED + seed,
                        seeded_ties=True,
                        vocabulary=ranked_vocabulary(lexicon),
                    )
                    tally.wins += play(ranked, human.letter).status.value == "won"
                    tally.games += 1
                tally.per_length.append(f"{length}:{human_misses}/{strong_misses}")
            known = len(human.lexicon) if human.lexicon else 0
            print(f"  {name:>8} length {length:>2}: {len(bucket):>6,} words, {known:>6,} known")
    print()
    print(
        f"{'list':>8} {'maker':>9} {'human misses':>13} {'strong misses':>14} "
        f"{'human wins with ' + str(WIN_MISSES):>19}   per length (human/strong)"
    )
    for (name, maker), tally in tallies.items():
        share = 100 * tally.wins / tally.games if tally.games else 0.0
        print(
            f"{name:>8} {maker.value:>9} {tally.human:>13} {tally.strong:>14} "
            f"{f'{tally.wins}/{tally.games} ({share:.0f}%)':>19}   {' '.join(tally.per_length)}"
        )
    print(f"({time.perf_counter() - started:.0f} s)")
    span = f"{min(lengths)}-{max(lengths)}"
    parts = []
    for name in lists:
        mine = [(maker, tallies[(name, maker)]) for maker in makers]
        misses = " ".join(f"{maker.value} {tally.human}" for maker, tally in mine)
        wins = " ".join(f"{tally.wins}/{tally.games}" for _, tally in mine)
        parts.append(f"{name} {misses}, wins with {WIN_MISSES} {wins}")
    print(f"human model, misses needed (lengths {span}): " + "; ".join(parts))
    default = (DEFAULT_LIST, Difficulty.HARD)
    if default in tallies:
        hard = max(tallies[default].human, 1)
        ratios = {
            maker: tallies[(DEFAULT_LIST, maker)].human / hard
            for maker in (Difficulty.OBSCURE, Difficulty.FIENDISH)
            if (DEFAULT_LIST, maker) in tallies
        }
        if len(ratios) == 2:
            print(
                f"obscure vs hard: {ratios[Difficulty.OBSCURE]:.2f}x misses forced on the human "
                f"model, fiendish {ratios[Difficulty.FIENDISH]:.2f}x"
            )


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
