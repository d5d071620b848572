"""The options of ``bench/load.py``: players, timing, the saturation and flood runs, the
daily readers (``bench/load_daily.py``), and ``--quick``, CI's smoke run."""

from __future__ import annotations

import argparse
import re

from bench.load_daily import add_daily_arguments

# Answers in a phase's first second are left out: the previous phase's requests drain.
PHASE_SETTLE_S = 1.0


def parse_args(description: str) -> argparse.Namespace:
    """The options of ``bench/load.py`` (``description``: its docstring's first paragraph),
    checked, with ``--quick``'s and ``--saturate``'s defaults filled in."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--players", type=int, default=20, help="simulated players (threads)")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of measured load")
    parser.add_argument(
        "--warmup",
        type=float,
        default=None,
        help="seconds of unmeasured load (default 5; 10 with --saturate: each worker first "
        "builds the word lists of every length)",
    )
    parser.add_argument("--think-ms", type=float, default=250.0, help="pause between guesses")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument(
        "--threads", type=int, default=1, help="threads per gunicorn worker (gthread if > 1)"
    )
    parser.add_argument(
        "--lengths", default="4-12", help="word lengths the players pick from, e.g. 4-12"
    )
    parser.add_argument(
        "--max-misses",
        type=int,
        default=None,
        help="wrong guesses allowed (default 8; 26 with --saturate, so that games are long "
        "and starting them is a small part of a guess phase)",
    )
    parser.add_argument(
        "--saturate",
        action="store_true",
        help="guesses vs the minimal signed-in page, back to back, in alternating phases",
    )
    parser.add_argument("--rounds", type=int, default=4, help="--saturate: guess/page rounds")
    parser.add_argument("--phase", type=float, default=6.0, help="--saturate: seconds per phase")
    add_daily_arguments(parser)
    parser.add_argument(
        "--login-flood",
        type=int,
        default=0,
        metavar="N",
        help="N clients posting logins with random usernames in the second half of the run",
    )
    parser.add_argument("--quick", action="store_true", help="a short smoke run, for CI")
    args = parser.parse_args()
    if args.quick:
        args.players, args.duration, args.lengths = 3, 6.0, "4-6"
        args.warmup = 1.0 if args.warmup is None else args.warmup
        args.daily_readers, args.daily_attempts = 1, 50
        args.rounds, args.phase = 1, 3.0
    match = re.fullmatch(r"(\d+)-(\d+)", args.lengths)
    if match is None or int(match[1]) > int(match[2]) or int(match[1]) < 1:
        parser.error("--lengths is a range such as 4-12")
    args.length_range = (int(match[1]), int(match[2]))
    if args.max_misses is None:
        args.max_misses = 26 if args.saturate else 8
    if args.warmup is None:
        args.warmup = 10.0 if args.saturate else 5.0
    if args.players < 1 or args.duration <= 0 or args.warmup < 0 or args.think_ms < 0:
        parser.error("--players and --duration must be positive, --warmup and --think-ms >= 0")
    if not 1 <= args.max_misses <= 26:
        parser.error("--max-misses is 1 to 26")
    if args.login_flood < 0 or (args.login_flood and args.saturate):
        parser.error("--login-flood is a number of clients >= 0, and not with --saturate")
    if args.saturate:
        if args.rounds < 1 or args.phase <= PHASE_SETTLE_S:
            parser.error(f"--rounds >= 1 and --phase > {PHASE_SETTLE_S:g} s")
        args.think_ms = 0.0
        args.duration = 2 * args.rounds * args.phase
    return args
