"""Do the Glicko-2 ratings measure skill? Model players of known strength on free challenges.

Run from the repository root: ``.venv/bin/python bench/ratings.py``. No database: the
games are the engine's (hard, ranked: secret vocabulary and seeded choices) on web2's
buckets, the ratings ``ratings.glicko2`` updated after every game as the site does
(``ratings/services.py``: the player against the challenge, a win the player's), and a game
rated only when ``ratings.rules`` says it counts (the player's expected score on the
challenge at most 80 %; a challenge moves only for an established player's first result on it
that day). Each run plays the season twice, with the same players' seed: once
with the challenges started from par, once from the reference model player's win rate
(``games.engine.prior``, the site's prior: 200 seeded games a challenge, 10 with
``--quick``; ``docs/CHALLENGE_PRIORS.md``). ``--start par|model`` says which season the
tables and the last line show; the default is model, what the site does (``make setup``
and ``import_dictionary`` store the priors; a challenge without one starts from par).

The model players are the greedy guesser (``games.engine.guesser.greedy_aware_letter``)
with a chance of a random letter at each guess (0 %, 15 %, 30 %, 50 %, 70 %): the lower
the chance, the stronger the player. Each picks a challenge at random per game. Two farmers
of the 30 % player's strength choose their challenges: the **farmer** always picks the challenge
rated lowest, as a points farmer would; the **edge farmer** picks the lowest-rated challenge
that still counts for it, as a farmer who reads the new-game form would. Challenges are word
lengths x wrong guesses allowed.

Goals (issue 20): the ratings order the honest players by strength (Kendall's tau),
neither farmer ranks above a stronger player (a farmer with no rated game has no rating
and is on no leaderboard), and the challenge ratings order the challenges by difficulty measured
as the honest players' loss rate (tau). ``--quick`` plays 20 games each (seconds, so the
script cannot rot); its numbers are not the measure. ``--every-game-counts`` turns the
rule off, to see what it changes.

Measured from the prior, as the site starts (300 games each, 10 a day, seeded ties;
25-50 s a run with both starts, a CI run alongside): tau players 1.00, tau challenges 0.85,
farmer below: yes. Over seeds 2026 and 1-5: tau players 1.00 each time, tau challenges
0.85-0.89 (median 0.87), the edge farmer 134-357 points below p15 (median 250), yes each
time; the 30 % player ends at 1319-1511, near the 1500 a newcomer starts from.

Measured from par (``--start par``; the rule's history):

- the rule off (``--every-game-counts``): tau players 1.00, tau challenges 0.87, farmer below
  every stronger player: no. The farmer ends above p15: it won nearly every game on the
  easiest challenges, which have a ceiling (even a 30 % random guesser almost never loses
  there) that Glicko-2's logistic curve reads as strength.
- the site's rules (``ratings.rules``: a game counts up to an expected 80 %; a challenge
  moves only for an established player's first result on it that day): tau players
  1.00, tau challenges 0.85, farmer below: yes. The farmer's challenges never count for it (no
  rating, on no leaderboard); the edge farmer (1058) ends below p15 (1241). Over seeds
  2026 and 1-5: tau players 1.00 each time, tau challenges 0.85-0.90 (median 0.87), the edge
  farmer 87-331 points below p15 (median 163), yes each time.
- the once-a-day limit on moving a challenge costs some order among the challenges here, where
  seven players make every challenge's results: tau challenges 0.92 / 0.89 / 0.92 without it
  (seeds 2026, 1, 2), 0.85 / 0.90 / 0.87 with it. A site's challenge meets many players a
  day, and the limit is what keeps one account from lifting a challenge (issue 20's review).
- the cut itself was chosen before that limit, over the same six seeds: the edge
  farmer's distance below p15, median (least), 0.9: 105 (-3, above it once), 0.85: 146
  (102), 0.8: 194 (81).

The two starts (seeds 2026 / 1 / 2; "start" and "end" are tau between the challenge ratings
and both seasons' honest loss rates pooled, at the start and after the games; "own" is
the last line's tau challenges):

- from par: start 0.74 / 0.76 / 0.76, end 0.85 / 0.89 / 0.87, own 0.85 / 0.90 / 0.87.
- from the prior: start 0.79 / 0.85 / 0.83, end 0.87 / 0.90 / 0.89, own 0.85 / 0.87 /
  0.87. The prior orders the challenges better at the start; after the games the two are
  within noise. The site starts from the prior because par puts the form's own challenge
  below a newcomer's cut (``docs/CHALLENGE_PRIORS.md``).

The sock-puppet army (issue 26): the same season (the start the tables show) played again
with ``ARMY`` = 20 spare accounts, made the day the season starts, that throw every game
(one guess, then give up: a rated loss) to lift the challenge the farmer farms, the lowest at
the start; until a game there counts for a spare (its expected score at most 80 %), it
throws on the lowest-rated challenge that counts, to sink its rating until it does. "Challenge
moved" is the target's rating at the end with the army against without it; goal: at most
``ARMY_GOAL`` = 25 points. Measured (seed 2026, from the prior; 450-700 s a run on a
loaded machine, the army's season included):

- the rules before (an established player's first result on a challenge that day moves it):
  the army lifts 11/12 from 895 to 1047, **153 points**; tau players 1.00, tau challenges
  0.85, farmer below: yes. Its spares sink below the challenge by their throws elsewhere,
  then every one of them moves it once a day.
- ``ratings.rules`` now (ten played rated games, an account over a day old, and a result
  the challenge was not all but sure of): **0 points** (the challenge ends at 634 either way);
  tau players 1.00, tau challenges 0.81, farmer below: yes. The order of the challenges pays a
  little: weak players' losses on hard challenges and strong players' wins on easy ones no
  longer move them, as the player's side never rated them.

Last line: ``ratings: tau players <T>, tau challenges <B>, farmer below every stronger
player: yes|no, challenge moved by 20 spare accounts: <D> points``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dictionaries.sources import default_word_source
from games.engine import Difficulty, Lexicon, ranked_vocabulary
from games.engine.par import par
from games.engine.prior import PRIOR_GAMES, challenge_prior, reference_game
from games.engine.search import search_tables
from ratings import glicko2, rules

LENGTHS = (4, 6, 8, 11, 15)
MISSES = (4, 8, 12)
NOISE = {"p0": 0.0, "p15": 0.15, "p30": 0.30, "p50": 0.50, "p70": 0.70}
FARMER, EDGE_FARMER, FARMER_NOISE = "farmer", "edge", 0.30
GAMES = 300
GAMES_PER_DAY = 10  # each player's; a player's result moves a challenge at most once a day
QUICK_GAMES = 20
QUICK_PRIOR_GAMES = 10
STARTS = ("par", "model")
SITE_START = "model"  # what the site does: make setup and import_dictionary store priors
SEED = 2026
ARMY = 20  # spare accounts throwing games on one challenge (issue 26)
ARMY_GOAL = 25  # points the army may move it at most

Challenge = tuple[int, int]


def kendall_tau(xs: list[float], ys: list[float]) -> float:
    """Kendall's tau-a between two rankings (ties count as neither)."""
    score, pairs = 0, 0
    for i, j in combinations(range(len(xs)), 2):
        pairs += 1
        product = (xs[i] - xs[j]) * (ys[i] - ys[j])
        score += (product > 0) - (product < 0)
    return score / pairs if pairs else 0.0


def play(lexicon: Lexicon, max_misses: int, seed: int, noise: float, rng: random.Random) -> bool:
    """One ranked hard game of a model player: the reference player's, with its own noise."""
    state = reference_game(
        lexicon,
        Difficulty.HARD,
        seed=seed,
        rng=rng,
        vocabulary=ranked_vocabulary(lexicon),
        noise=noise,
        max_misses=max_misses,
    )
    return state.status.value == "won"


def choose_challenge(
    name: str,
    challenges: list[Challenge],
    challenge_rating: dict[Challenge, glicko2.Rating],
    player: glicko2.Rating,
    rng: random.Random,
    counts: Callable[[glicko2.Rating, glicko2.Rating], bool],
) -> Challenge:
    """The honest players' random challenge, the farmer's easiest, the edge farmer's easiest
    rated one."""
    if name == FARMER:
        return min(challenges, key=lambda challenge: challenge_rating[challenge].rating)
    if name == EDGE_FARMER:
        rated = [
            challenge for challenge in challenges if counts(player, challenge_rating[challenge])
        ]
        return min(rated or challenges, key=lambda challenge: challenge_rating[challenge].rating)
    return rng.choice(challenges)


def spare_challenge(
    target: Challenge,
    challenges: list[Challenge],
    challenge_rating: dict[Challenge, glicko2.Rating],
    spare: glicko2.Rating,
) -> Challenge:
    """Where a spare account throws its next game: on the target once a game there counts
    for it; until then on the lowest-rated challenge that counts (a loss to a weak challenge
    sinks its rating fastest, until the easy target counts for it too)."""
    if rules.counts(spare, challenge_rating[target]):
        return target
    rated = [
        challenge for challenge in challenges if rules.counts(spare, challenge_rating[challenge])
    ]
    return min(rated or [target], key=lambda challenge: challenge_rating[challenge].rating)


@dataclass
class Run:
    """One season of the model players from one set of starting challenge ratings."""

    start: dict[Challenge, glicko2.Rating]
    challenge_rating: dict[Challenge, glicko2.Rating]
    player_rating: dict[str, glicko2.Rating]
    rated_games: dict[str, int]
    honest_results: dict[Challenge, list[bool]]


def season(
    lexicons: dict[int, Lexicon],
    start: dict[Challenge, glicko2.Rating],
    games: int,
    seed: int,
    counts: Callable[[glicko2.Rating, glicko2.Rating], bool],
    *,
    army: int = 0,
    target: Challenge | None = None,
) -> Run:
    """One season; ``army`` spare accounts each throw every game of theirs (one guess,
    then give up: a loss that says nothing, but is rated), to lift ``target``
    (``spare_challenge``)."""
    challenges = list(start)
    challenge_rating = dict(start)
    noise = {**NOISE, FARMER: FARMER_NOISE, EDGE_FARMER: FARMER_NOISE}
    spares = [f"spare{number}" for number in range(army)]
    player_rating = {name: glicko2.Rating() for name in [*noise, *spares]}
    rated_games = dict.fromkeys(player_rating, 0)
    honest_results: dict[Challenge, list[bool]] = {challenge: [] for challenge in challenges}
    rng = random.Random(seed)
    game_seed = 0
    moved_on: dict[
        tuple[str, Challenge], int
    ] = {}  # the day a player's result last moved a challenge

    def rate(name: str, challenge: Challenge, won: bool, day: int) -> None:
        player, opponent = player_rating[name], challenge_rating[challenge]
        if not counts(player, opponent):  # played and scored, but not rated
            return
        score = 1.0 if won else 0.0
        player_rating[name] = glicko2.update(player, [(opponent, score)])
        first_today = moved_on.get((name, challenge)) != day
        moves = rules.moves_challenge(
            player,
            opponent,
            played=True,  # every model game has a guess; a spare's throw has one too
            first_today=first_today,
            played_games=rated_games[name],
            account_age=dt.timedelta(days=day),  # every account made the day the season starts
        )
        rated_games[name] += 1
        if moves:
            challenge_rating[challenge] = glicko2.update(opponent, [(player, 1.0 - score)])
            moved_on[name, challenge] = day

    for round_number in range(games):
        day = round_number // GAMES_PER_DAY
        for name in noise:
            challenge = choose_challenge(
                name, challenges, challenge_rating, player_rating[name], rng, counts
            )
            game_seed += 1
            won = play(lexicons[challenge[0]], challenge[1], game_seed, noise[name], rng)
            if name in NOISE:
                honest_results[challenge].append(won)
            rate(name, challenge, won, day)
        for name in spares:
            assert target is not None
            rate(
                name,
                spare_challenge(target, challenges, challenge_rating, player_rating[name]),
                False,
                day,
            )
    return Run(start, challenge_rating, player_rating, rated_games, honest_results)


def loss_rates(results: dict[Challenge, list[bool]]) -> dict[Challenge, float]:
    return {
        challenge: 1 - sum(won) / len(won) if won else 0.5 for challenge, won in results.items()
    }


def challenge_tau(
    ratings: dict[Challenge, glicko2.Rating], loss_rate: dict[Challenge, float]
) -> float:
    challenges = list(ratings)
    return kendall_tau([ratings[b].rating for b in challenges], [loss_rate[b] for b in challenges])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} games each")
    parser.add_argument("--games", type=int, default=GAMES, help="ranked games per player")
    parser.add_argument("--seed", type=int, default=SEED, help="the players' random letters")
    parser.add_argument(
        "--every-game-counts", action="store_true", help="rate every game (the rule off)"
    )
    parser.add_argument(
        "--start",
        choices=sorted(STARTS),
        default=SITE_START,
        help=f"the challenges' first ratings the table and last line show (default {SITE_START})",
    )
    args = parser.parse_args()
    games = QUICK_GAMES if args.quick else args.games
    prior_games = QUICK_PRIOR_GAMES if args.quick else PRIOR_GAMES

    def counts(player: glicko2.Rating, challenge: glicko2.Rating) -> bool:
        return args.every_game_counts or rules.counts(player, challenge)

    started = time.perf_counter()
    words = default_word_source()
    lexicons = {}
    pars = {}
    priors = {}
    for length in LENGTHS:
        lexicons[length] = Lexicon([word for word in words if len(word) == length])
        search_tables(lexicons[length])
        pars[length] = par(lexicons[length], Difficulty.HARD).misses
        priors[length] = challenge_prior(lexicons[length], Difficulty.HARD, games=prior_games)
    challenges = [(length, misses) for length in LENGTHS for misses in MISSES]
    starts = {
        "par": {
            challenge: rules.first_rating_from_par(pars[challenge[0]], challenge[1])
            for challenge in challenges
        },
        "model": {
            challenge: rules.first_rating_from_win_rate(priors[challenge[0]].win_rate(challenge[1]))
            for challenge in challenges
        },
    }
    runs = {
        name: season(lexicons, start, games, args.seed, counts) for name, start in starts.items()
    }
    run = runs[args.start]
    # The sock-puppet army: the same season with ARMY spare accounts throwing every game of
    # theirs on the challenge the farmer would farm (the lowest at the start), to lift it.
    target = min(challenges, key=lambda challenge: starts[args.start][challenge].rating)
    with_army = season(
        lexicons, starts[args.start], games, args.seed, counts, army=ARMY, target=target
    )
    moved = with_army.challenge_rating[target].rating - run.challenge_rating[target].rating
    challenge_rating, player_rating, rated_games = (
        run.challenge_rating,
        run.player_rating,
        run.rated_games,
    )
    noise = {**NOISE, FARMER: FARMER_NOISE, EDGE_FARMER: FARMER_NOISE}

    rule = "every game rated" if args.every_game_counts else "ratings.rules on"
    print(
        f"{games} ranked games per player, {len(challenges)} challenges (hard, web2), {rule}, "
        f"challenges start from {args.start}"
    )
    print(f"{'player':>8} {'random letter':>13} {'rating':>7} {'deviation':>9} {'rated':>5}")
    for name in sorted(player_rating, key=lambda n: -player_rating[n].rating):
        rating = player_rating[name]
        shown = f"{rating.rating:>7.0f}" if rated_games[name] else f"{'none':>7}"
        print(
            f"{name:>8} {noise[name]:>12.0%} {shown} {rating.deviation:>9.0f} "
            f"{rated_games[name]:>5}"
        )
    print(
        f"{'challenge':>8} {'par':>3} {'model':>5} {'start':>5} {'rating':>7} "
        f"{'honest win rate':>15} {'games':>5}"
    )
    loss_rate = loss_rates(run.honest_results)
    for challenge in sorted(challenges, key=lambda b: -challenge_rating[b].rating):
        print(
            f"{challenge[0]:>3}/{challenge[1]:<4} {pars[challenge[0]]:>3} "
            f"{priors[challenge[0]].win_rate(challenge[1]):>5.0%} "
            f"{run.start[challenge].rating:>5.0f} "
            f"{challenge_rating[challenge].rating:>7.0f} {1 - loss_rate[challenge]:>15.0%} "
            f"{len(run.honest_results[challenge]):>5}"
        )
    # Both seasons' honest games together measure the challenges for the comparison of starts.
    pooled = loss_rates(
        {
            challenge: [won for r in runs.values() for won in r.honest_results[challenge]]
            for challenge in challenges
        }
    )
    for name, other in runs.items():
        tau_players, tau_challenges, below = verdict(other)
        print(
            f"start from {name}: tau challenges at the start "
            f"{challenge_tau(other.start, pooled):.2f}, after the games "
            f"{challenge_tau(other.challenge_rating, pooled):.2f} (both seasons' honest "
            f"loss rates); its own season: tau players {tau_players:.2f}, tau challenges "
            f"{tau_challenges:.2f}, farmer below: {below}"
        )
    print(
        f"sock-puppet army: {ARMY} spare accounts throw all their games on {target[0]}/"
        f"{target[1]}: it ends at {with_army.challenge_rating[target].rating:.0f} against "
        f"{run.challenge_rating[target].rating:.0f} without them (goal: at most {ARMY_GOAL} points)"
    )
    print(
        f"reference player: {prior_games} games a challenge; {time.perf_counter() - started:.1f} s"
    )
    tau_players, tau_challenges, below = verdict(run)
    print(
        f"ratings: tau players {tau_players:.2f}, tau challenges {tau_challenges:.2f}, "
        f"farmer below every stronger player: {below}, challenge moved by {ARMY} spare accounts: "
        f"{abs(moved):.0f} points"
    )


def verdict(run: Run) -> tuple[float, float, str]:
    """The goals on one season: tau players, tau challenges (its own loss rates), farmer below."""
    honest = list(NOISE)
    player_rating, rated_games = run.player_rating, run.rated_games
    tau_players = kendall_tau(
        [player_rating[name].rating for name in honest], [-NOISE[name] for name in honest]
    )
    tau_challenges = challenge_tau(run.challenge_rating, loss_rates(run.honest_results))
    stronger = [name for name in honest if NOISE[name] < FARMER_NOISE]
    below = all(
        rated_games[farmer] == 0
        or all(player_rating[farmer].rating < player_rating[name].rating for name in stronger)
        for farmer in (FARMER, EDGE_FARMER)
    )
    return tau_players, tau_challenges, "yes" if below else "no"


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
