"""Reads of the ratings: a challenge's rating and odds, a game's change, a player's history,
the rating tables."""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import connections, router
from django.db.models import Count, Exists, IntegerField, OuterRef, QuerySet, Subquery
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games.engine import prior as engine_prior
from games.models import RULE_DIFFICULTIES, ChallengePrior, Game, Par
from games.selectors.board import game_par
from ratings import glicko2, rules
from ratings.models import PROVISIONAL_DEVIATION, ChallengeRating, PlayerRating, RatingChange

HISTORY_POINTS = 200  # the chart shows a player's last games, not every one
# The chart's box in SVG units: room on the left for the values, on the right for the
# current rating, below for the dates.
CHART_WIDTH, CHART_HEIGHT = 600, 220
CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 64, 72, 14, 34
TICK_STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000)
LEADERBOARD_SIZE = 100


def challenge_first_rating(
    *, dictionary_id: int, length: int, max_misses: int, difficulty: str
) -> glicko2.Rating:
    """The rating a challenge starts from: the reference model player's win rate when stored
    (``manage.py compute_challenge_priors``), else par's margin, else 1500/350."""
    challenge = {"dictionary_id": dictionary_id, "length": length, "difficulty": difficulty}
    prior = ChallengePrior.objects.filter(**challenge).values_list("misses_needed", flat=True)
    par = Par.objects.filter(**challenge).values_list("misses", flat=True)
    return _first_rating(prior.first(), par.first, max_misses)


def _first_rating(
    misses_needed: list[int] | None, par_misses: Callable[[], int | None], max_misses: int
) -> glicko2.Rating:
    """``challenge_first_rating`` from what was read: the prior's counts (None: no prior),
    and par's misses, asked only without a prior."""
    if misses_needed is not None:
        return rules.first_rating_from_win_rate(engine_prior.win_rate(misses_needed, max_misses))
    par = par_misses()
    return glicko2.Rating() if par is None else rules.first_rating_from_par(par, max_misses)


@dataclass(frozen=True)
class StartingRatings:
    """The player's and the challenge's ratings when a game started, and what was read for
    them: the rated finish keeps ``challenge_first_rating`` (None: the challenge had rated
    games before) for the challenge's row when it must create it, instead of reading the
    prior and par again, and ``player_joined`` (the account's age rule) from the same row."""

    player: glicko2.Rating
    challenge: glicko2.Rating
    challenge_first_rating: glicko2.Rating | None
    player_joined: dt.datetime | None = None


STARTING_RATINGS_AT_HAND = "_starting_ratings"


def starting_ratings(game: Game) -> StartingRatings:
    """The player's and the challenge's ratings when the game started, from rated games before it.

    Read from the history (``RatingChange``) rather than the rows, so a game finished in
    another tab meanwhile does not change whether this one counts, and a rebuild, which
    writes the same history in the same order, reads the same values. One plain query:
    each history's latest result before the start (one index range each: the challenge's
    id first, then its history by (challenge, finished_at)), when the account was made and
    the challenge's prior; par (``games.selectors.board.game_par``, which the end of the
    board reads too) only for a challenge with neither history nor prior. Kept on the game
    object: its finish and its board's end ask it once.
    """
    if STARTING_RATINGS_AT_HAND in game.__dict__:
        return game.__dict__[STARTING_RATINGS_AT_HAND]
    connection = connections[router.db_for_read(RatingChange)]
    changes, challenges, priors, users = (
        connection.ops.quote_name(model._meta.db_table)
        for model in (RatingChange, ChallengeRating, ChallengePrior, get_user_model())
    )
    started = connection.ops.adapt_datetimefield_value(game.started_at)
    keys = challenge_keys(game)
    latest = "AND finished_at < %s ORDER BY finished_at DESC, game_id DESC LIMIT 1)"
    challenge_id = (
        f"(SELECT id FROM {challenges} WHERE dictionary_id = %s AND length = %s "
        "AND max_misses = %s AND difficulty = %s)"
    )
    challenge_params = [*keys.values(), started]
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT (SELECT player_after FROM {changes} WHERE player_id = %s {latest}, "
            f"(SELECT player_deviation_after FROM {changes} WHERE player_id = %s {latest}, "
            f"(SELECT challenge_after FROM {changes} WHERE challenge_id = {challenge_id} {latest}, "
            f"(SELECT challenge_deviation_after FROM {changes} "
            f"WHERE challenge_id = {challenge_id} {latest}, "
            f"(SELECT misses_needed FROM {priors} WHERE dictionary_id = %s AND length = %s "
            "AND difficulty = %s), "
            f"date_joined FROM {users} WHERE id = %s",
            [
                *([game.player_id, started] * 2),
                *challenge_params,
                *challenge_params,
                game.dictionary_id,
                game.length,
                game.difficulty,
                game.player_id,
            ],
        )
        row = cursor.fetchone() or (None,) * 6
    player_after, player_deviation, challenge_after, challenge_deviation, prior, joined = row
    first = None
    if challenge_after is None:
        misses_needed = json.loads(prior) if isinstance(prior, str) else prior
        first = _first_rating(misses_needed, lambda: _par_misses(game), game.max_misses)
    start = StartingRatings(
        player=(
            glicko2.Rating(player_after, player_deviation)
            if player_after is not None
            else glicko2.Rating()
        ),
        challenge=glicko2.Rating(challenge_after, challenge_deviation) if first is None else first,
        challenge_first_rating=first,
        player_joined=_aware(joined),
    )
    game.__dict__[STARTING_RATINGS_AT_HAND] = start
    return start


def _par_misses(game: Game) -> int | None:
    par = game_par(game)
    return None if par is None else par.misses


def _aware(value: dt.datetime | str | None) -> dt.datetime | None:
    """A date and time as the ORM gives it (aware), from a plain query's column (SQLite's is
    naive UTC, or text)."""
    if isinstance(value, str):
        value = parse_datetime(value)
    if value is not None and timezone.is_naive(value):
        value = value.replace(tzinfo=dt.UTC)
    return value


def ratings_at_start(game: Game) -> tuple[glicko2.Rating, glicko2.Rating]:
    """The player's and the board's ratings when the game started (``starting_ratings``)."""
    start = starting_ratings(game)
    return start.player, start.challenge


def challenge_keys(game: Game) -> dict[str, Any]:
    """The challenge a game is played on, as the keywords of ``ChallengeRating`` and of
    ``challenge_first_rating``."""
    return {
        "dictionary_id": game.dictionary_id,
        "length": game.length,
        "max_misses": game.max_misses,
        "difficulty": game.difficulty,
    }


def game_change(game: Game) -> RatingChange | None:
    """The game's rating change; what the finishing transaction just decided is at hand
    on the game (``ratings.services.game_rate`` keeps it there), with no query."""
    if Game.rating_change.is_cached(game):  # type: ignore[attr-defined]
        return game.rating_change  # type: ignore[attr-defined]
    if game.__dict__.get(UNRATED_AT_FINISH):  # the finish decided it counts for nothing
        return None
    return RatingChange.objects.filter(game_id=game.pk).first()


# Set on a game object by the finish that found it does not count (``ratings.services``),
# so that the board drawn after it reads no change that cannot be there.
UNRATED_AT_FINISH = "_unrated_at_finish"


def player_rating(player: AbstractBaseUser) -> PlayerRating | None:
    return PlayerRating.objects.filter(player_id=player.pk).first()


@dataclass(frozen=True)
class ChartTick:
    """A labelled value on one of the chart's axes, at ``at`` in the SVG's units."""

    at: float
    label: str


@dataclass(frozen=True)
class RatingChart:
    """A player's rating from before their first shown game to now, scaled to the SVG's box,
    with a value axis on round numbers and the dates of the first and last game."""

    points: str  # "x,y x,y ...", a polyline's points
    low: int
    high: int
    games: int
    current: int
    current_x: float
    current_y: float
    first_day: dt.date
    last_day: dt.date
    ticks: tuple[ChartTick, ...]
    width: int = CHART_WIDTH
    height: int = CHART_HEIGHT
    left: int = CHART_LEFT
    right: int = CHART_WIDTH - CHART_RIGHT
    top: int = CHART_TOP
    bottom: int = CHART_HEIGHT - CHART_BOTTOM


def _tick_step(span: float) -> int:
    """The roundest step that puts at most four gaps between the axis's ticks."""
    for step in TICK_STEPS:
        if span / step <= 4:
            return step
    return TICK_STEPS[-1]


def rating_chart(player: AbstractBaseUser) -> RatingChart | None:
    """The history chart, or None before a first rated game.

    The line starts at the rating before the first game shown (the newcomer's default
    for a new player), so one rated game already draws a line.
    """
    rows = list(
        RatingChange.objects.filter(player_id=player.pk)
        .order_by("-finished_at", "-game_id")
        .values_list("player_before", "player_after", "finished_at")[:HISTORY_POINTS]
    )[::-1]
    if not rows:
        return None
    values = [rows[0][0], *(after for _, after, _ in rows)]
    step = _tick_step(max(values) - min(values))
    low = step * math.floor(min(values) / step)
    high = max(step * math.ceil(max(values) / step), low + step)
    top, bottom = CHART_TOP, CHART_HEIGHT - CHART_BOTTOM
    left, right = CHART_LEFT, CHART_WIDTH - CHART_RIGHT

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    gap = (right - left) / (len(values) - 1)
    coordinates = [(left + i * gap, y(value)) for i, value in enumerate(values)]
    return RatingChart(
        points=" ".join(f"{x:.1f},{y_:.1f}" for x, y_ in coordinates),
        low=round(min(values)),
        high=round(max(values)),
        games=len(rows),
        current=round(values[-1]),
        current_x=round(coordinates[-1][0], 1),
        current_y=round(coordinates[-1][1], 1),
        first_day=timezone.localdate(rows[0][2]),
        last_day=timezone.localdate(rows[-1][2]),
        ticks=tuple(
            ChartTick(at=round(y(value), 1), label=str(value))
            for value in range(low, high + 1, step)
        ),
    )


@dataclass(frozen=True)
class RatingSelection:
    """Which rated games put a player on a rating leaderboard; ``None`` means any.

    A player's rating is one number over all their rated games, so a selection
    cannot re-rate anyone: it chooses who is listed (players with a rated game on
    such a challenge, finished since ``since``) and what the games column counts.
    """

    dictionary_id: int | None = None
    length: int | None = None
    difficulty: str | None = None
    since: dt.datetime | None = None

    @property
    def selects_games(self) -> bool:
        return any(
            value is not None
            for value in (self.dictionary_id, self.length, self.difficulty, self.since)
        )

    def change_lookups(self, prefix: str = "") -> dict[str, object]:
        lookups = {
            "challenge__dictionary_id": self.dictionary_id,
            "challenge__length": self.length,
            "challenge__difficulty": self.difficulty,
            "finished_at__gte": self.since,
        }
        return {prefix + key: value for key, value in lookups.items() if value is not None}


@dataclass(frozen=True)
class RatingRow:
    rank: int
    player_id: int
    username: str
    rating: float
    deviation: float
    games: int  # rated games in the selection (every rated game when it selects none)

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


@dataclass(frozen=True)
class RatingTables:
    """The players ranked by rating: established ones, and provisional ones apart."""

    established: list[RatingRow]
    provisional: list[RatingRow]
    size: int = LEADERBOARD_SIZE


def rating_tables(
    selection: RatingSelection | None = None,
    *,
    players: QuerySet | None = None,
    size: int = LEADERBOARD_SIZE,
) -> RatingTables:
    """The top ``size`` of each table: one query per table, usernames joined in.

    ``players`` (a subquery of user ids, such as a class's students) narrows both tables.
    A provisional rating (deviation above ``PROVISIONAL_DEVIATION``) is never in the
    established table, however high it is.
    """
    selection = selection or RatingSelection()
    return RatingTables(
        established=_rating_rows(selection, players, provisional=False, size=size),
        provisional=_rating_rows(selection, players, provisional=True, size=size),
        size=size,
    )


def _rating_rows(
    selection: RatingSelection, players: QuerySet | None, *, provisional: bool, size: int
) -> list[RatingRow]:
    if provisional:
        rows = PlayerRating.objects.filter(deviation__gt=PROVISIONAL_DEVIATION)
    else:
        rows = PlayerRating.objects.filter(deviation__lte=PROVISIONAL_DEVIATION)
    if players is not None:
        rows = rows.filter(player_id__in=players)
    games = "games"
    if selection.selects_games:
        # Walk the ratings in leaderboard order and keep a player with a selected game (an
        # EXISTS on the player's history index), counting the games for the rows kept
        # only: grouping every selected game first costs a broad selection far more.
        changes = RatingChange.objects.filter(
            player_id=OuterRef("player_id"), **selection.change_lookups()
        )
        counted = changes.order_by().values("player_id").annotate(n=Count("pk")).values("n")
        rows = rows.filter(Exists(changes)).annotate(
            selected_games=Subquery(counted[:1], output_field=IntegerField())
        )
        games = "selected_games"
    username = f"player__{get_user_model().USERNAME_FIELD}"
    values = rows.order_by("-rating", "player_id").values_list(
        "player_id", username, "rating", "deviation", games
    )[:size]
    return [
        RatingRow(
            rank=index + 1,
            player_id=player_id,
            username=name,
            rating=rating,
            deviation=deviation,
            games=played,
        )
        for index, (player_id, name, rating, deviation, played) in enumerate(values)
    ]


@dataclass(frozen=True)
class ChallengeOutlook:
    """A challenge against a player, before a game: the ratings, and what follows from them.

    ``counts`` is false when the player is all but sure to win (``ratings.rules``), and
    then the game changes neither rating; ``win_delta`` and ``loss_delta`` are the
    player's rating change after a win or a loss if it counts.
    """

    challenge: glicko2.Rating
    player: glicko2.Rating
    player_rated: bool  # false: no rated game yet, the newcomer's default stands in
    # True: the challenge has no rated game and its prior is not worked out yet (a list just
    # uploaded, its worker still computing): its start is par's, or 1500, for now.
    prior_pending: bool = False

    @property
    def expected(self) -> float:
        return glicko2.expected_score(self.player, self.challenge)

    @property
    def counts(self) -> bool:
        return rules.counts(self.player, self.challenge)

    @property
    def win_delta(self) -> float:
        return glicko2.update(self.player, [(self.challenge, 1.0)]).rating - self.player.rating

    @property
    def loss_delta(self) -> float:
        return glicko2.update(self.player, [(self.challenge, 0.0)]).rating - self.player.rating

    @property
    def challenge_provisional(self) -> bool:
        return self.challenge.deviation > PROVISIONAL_DEVIATION

    @property
    def player_provisional(self) -> bool:
        return self.player.deviation > PROVISIONAL_DEVIATION

    @property
    def expected_percent(self) -> int:
        return round(self.expected * 100)

    @property
    def rated_expected_max_percent(self) -> int:
        return round(rules.RATED_EXPECTED_MAX * 100)


def challenge_outlook(
    *, player: AbstractBaseUser, dictionary_id: int, length: int, max_misses: int, difficulty: str
) -> ChallengeOutlook:
    """The chosen challenge's rating and the player's odds on it, from the ratings as they are now.

    Whether a game counts is settled from the ratings at its start (``game_rate``);
    this is that reading, taken when the form is shown.
    """
    row = ChallengeRating.objects.filter(
        dictionary_id=dictionary_id, length=length, max_misses=max_misses, difficulty=difficulty
    ).first()
    prior_pending = False
    if row is not None:
        challenge = glicko2.Rating(row.rating, row.deviation, row.volatility)
    else:
        board = {"dictionary_id": dictionary_id, "length": length, "difficulty": difficulty}
        prior = ChallengePrior.objects.filter(**board).values_list("misses_needed", flat=True)
        misses_needed = prior.first()
        par = Par.objects.filter(**board).values_list("misses", flat=True)
        challenge = _first_rating(misses_needed, par.first, max_misses)
        prior_pending = misses_needed is None and difficulty in RULE_DIFFICULTIES
    rating = PlayerRating.objects.filter(player_id=player.pk).first()
    mine = (
        glicko2.Rating(rating.rating, rating.deviation, rating.volatility)
        if rating is not None
        else glicko2.Rating()
    )
    return ChallengeOutlook(
        challenge=challenge,
        player=mine,
        player_rated=rating is not None,
        prior_pending=prior_pending,
    )


def game_outlook(game: Game) -> ChallengeOutlook:
    """A game's challenge against its player as they stood at its start: why it did not count."""
    mine, challenge = ratings_at_start(game)
    return ChallengeOutlook(challenge=challenge, player=mine, player_rated=True)
