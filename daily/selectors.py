"""Reads of the daily puzzle: the day, a player's attempt, the day's leaderboard, the archive,
streaks.

Days are UTC days: everyone plays the same puzzle at the same moment.
"""

from __future__ import annotations

import datetime as dt
import functools
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import overload

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import BooleanField, Count, F, Q, QuerySet
from django.db.models.expressions import RawSQL
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from daily import draw
from daily.models import (
    DAILY_ATTEMPTS,
    DAILY_LEADERBOARD_GAMES,
    DAILY_STREAK_GAMES,
    DailyPuzzle,
    daily_link_of,
    puzzle_day_of,
)
from dictionaries.selectors import word_lengths
from games.models import CountsAs, Game, JSONArrayLength, Status
from games.selectors.board import default_dictionary

LEADERBOARD_PER_PAGE = 25
ARCHIVE_PER_PAGE = 30
ONE_DAY = dt.timedelta(days=1)

Viewer = AbstractBaseUser | AnonymousUser


def utc_today(now: dt.datetime | None = None) -> dt.date:
    return (now or timezone.now()).astimezone(dt.UTC).date()


def until_next_puzzle(now: dt.datetime | None = None) -> dt.timedelta:
    """Time left before the next UTC midnight, when the next puzzle opens."""
    moment = (now or timezone.now()).astimezone(dt.UTC)
    midnight = dt.datetime.combine(moment.date() + ONE_DAY, dt.time.min, tzinfo=dt.UTC)
    return midnight - moment


def day_end(day: dt.date) -> dt.datetime:
    """The UTC midnight that ends ``day``: its puzzle then opens for practice and replays."""
    return dt.datetime.combine(day + ONE_DAY, dt.time.min, tzinfo=dt.UTC)


def leaderboard_games_of(days: Sequence[dt.date]) -> Q:
    """The attempts on the leaderboards of ``days``: finished ranked attempts, finished before
    their day ended. One left open over midnight is not ranked: by then its puzzle's
    practice, the computer's replay and everyone's reviews are open (a spare identity
    could read them), so it finishes on no board, whoever plays it."""
    finished_on_the_day = (
        Q(daily_link__puzzle_id=day, finished_at__lt=day_end(day)) for day in days
    )
    return DAILY_LEADERBOARD_GAMES & functools.reduce(
        operator.or_, finished_on_the_day, Q(pk__in=[])
    )


def missed_its_day(game: Game, *, now: dt.datetime | None = None) -> bool:
    """Whether a daily attempt can no longer be on its board: finished (or still open) after
    its UTC day ended (``leaderboard_games_of``)."""
    day = puzzle_day_of(game)
    if day is None:
        return False
    return (game.finished_at or now or timezone.now()) >= day_end(day)


def hours_and_minutes(delta: dt.timedelta) -> str:
    """A wait in words: "5 h 12 min", "12 min", "less than a minute"."""
    minutes = int(delta.total_seconds()) // 60
    hours, minutes = divmod(minutes, 60)
    if hours:
        return gettext("%(hours)s h %(minutes)s min") % {"hours": hours, "minutes": minutes}
    if minutes:
        return gettext("%(minutes)s min") % {"minutes": minutes}
    return gettext("less than a minute")


def puzzle_by_number(number: int) -> DailyPuzzle | None:
    return DailyPuzzle.objects.select_related("dictionary").filter(number=number).first()


def ranked_attempt(*, player: Viewer, puzzle: DailyPuzzle) -> Game | None:
    """The player's attempt at the puzzle, if they started one (ranked, unranked by a hint, or
    played as a guest)."""
    if not player.is_authenticated:
        return None
    game = (
        Game.objects.filter(DAILY_ATTEMPTS, player=player, daily_link__puzzle=puzzle)
        .select_related("daily_link")
        .first()
    )
    if game is not None:
        game.daily_link.puzzle = puzzle  # type: ignore[attr-defined]  # at hand: no query again
    return game


def share_title(game: Game) -> str | None:
    """A daily game's share title, "Evil Hangman daily #328" (play's title source, registered
    by ``DailyConfig``), None for a game of no puzzle. A guest's attempt is the day's
    attempt, as a ranked one is: no label."""
    link = daily_link_of(game)
    if link is None:
        return None
    if game.is_ranked or link.played_as_guest:
        title = gettext("Evil Hangman daily #%(number)s")
    elif game.hints_used:
        title = gettext("Evil Hangman daily #%(number)s (with hints)")
    else:
        title = gettext("Evil Hangman daily #%(number)s (practice)")
    return title % {"number": link.puzzle.number}


# In English in exports (a query's value); pages say it in the player's language (gettext).
HIDDEN_UNTIL_TOMORROW = gettext_noop("hidden until the day is over (UTC)")


class TodaysPuzzleSecrecy:
    """Today's daily puzzle as one viewer may see it: play's secrecy rule
    (``games.secrecy``, registered by ``DailyConfig``), which every path asks.

    A game of today's puzzle (an attempt, or a computer's replay of one) shows
    nothing of its letters, families, candidates or word to anyone but its own
    player, and to them only once it is over, until the UTC day is over. Having
    finished one's own attempt opens no one else's: otherwise a spare identity
    (an account, a guest) that gave up at once would read the winners' letters
    and pass them on, a solver by proxy. Instructors, staff and superusers are no
    exception. The review, the candidates, the exports, the share page and the
    admin all ask ``is_secret_for`` (one game) or ``hidden_games`` (the same rule
    as a filter, for querysets).
    """

    label = HIDDEN_UNTIL_TOMORROW

    def is_secret_for(self, game: Game, viewer: Viewer, *, today: dt.date | None = None) -> bool:
        if game.counts_as in (CountsAs.RANKED, CountsAs.ASSIGNMENT):
            return False  # never a day's game: no query for its link
        if puzzle_day_of(game) != (today or utc_today()):
            return False
        return not (game.is_over and viewer.is_authenticated and game.player_id == viewer.pk)

    def hidden_games(self, viewer: Viewer, *, through: str = "", today: dt.date | None = None) -> Q:
        """``is_secret_for`` as a filter; ``through`` is the path to the game from another
        model ("game__" for a move)."""
        hidden = Q(**{f"{through}daily_link__puzzle_id": today or utc_today()})
        if viewer.is_authenticated:
            own_and_over = Q(**{f"{through}player_id": viewer.pk}) & ~Q(
                **{f"{through}status": Status.PLAYING}
            )
            hidden &= ~own_and_over
        return hidden


TODAYS_PUZZLE_SECRECY = TodaysPuzzleSecrecy()


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    player_id: int
    username: str
    status: str
    forfeited: bool
    misses: int
    max_misses: int
    guesses: int
    finished_at: dt.datetime

    @property
    def solved(self) -> bool:
        return self.status == Status.WON


def leaderboard_games(puzzle: DailyPuzzle) -> QuerySet[Game]:
    """The finished ranked attempts at ``puzzle`` in board order (the games' index
    ``game_one_attempt_moves``, by the seed every attempt at it shares): solved first, then
    fewest misses, fewest guesses (letters and whole words alike), earliest finish ("won"
    sorts after "lost", hence descending)."""
    return (
        Game.objects.filter(leaderboard_games_of([puzzle.date]), seed=puzzle.seed)
        .annotate(guesses=JSONArrayLength("moves"))
        .order_by(F("status").desc(), "misses", "guesses", "finished_at", "id")
    )


def leaderboard_page(puzzle: DailyPuzzle, *, page_number: object = 1) -> Page:
    """A page of :class:`LeaderboardRow`; a page past the end shows the last one.

    Usernames are read for the page's rows only, so counting the leaderboard joins nothing.
    """
    rows = leaderboard_games(puzzle).values(
        "player_id", "status", "forfeited", "misses", "max_misses", "guesses", "finished_at"
    )
    page = Paginator(rows, LEADERBOARD_PER_PAGE).get_page(page_number)
    user_model = get_user_model()
    usernames = dict(
        user_model.objects.filter(pk__in=[row["player_id"] for row in page]).values_list(
            "pk", user_model.USERNAME_FIELD
        )
    )
    first = page.start_index()
    page.object_list = [
        LeaderboardRow(
            rank=first + index,
            username=usernames[row["player_id"]],
            **row,
        )
        for index, row in enumerate(page.object_list)
    ]
    return page


def leaderboard_place(puzzle: DailyPuzzle, *, game: Game) -> int | None:
    """The rank of a finished ranked attempt on its puzzle's leaderboard (None: not on it).

    Two counts on the leaderboard's index: attempts with a better result, then attempts
    with the same result that come first in (misses, guesses, finish, id) order, as
    one row comparison (a range of the index, where an OR of the four cases would
    read the whole leaderboard).
    """
    link = daily_link_of(game)
    if link is None or not link.is_ranked_attempt or not game.is_over or missed_its_day(game):
        return None
    attempts = Game.objects.filter(leaderboard_games_of([puzzle.date]), seed=puzzle.seed)
    guesses = (
        JSONArrayLength.postgresql_function
        if connection.vendor == "postgresql"
        else JSONArrayLength.function
    )
    earlier_in_order = RawSQL(
        f"(misses, {guesses}(moves), finished_at, id) < (%s, %s, %s, %s)",
        (
            game.misses,
            game.guess_count,
            connection.ops.adapt_datetimefield_value(game.finished_at),
            game.pk,
        ),
        output_field=BooleanField(),
    )
    better = attempts.filter(status__gt=game.status).count()  # "won" > "lost": solved first
    return better + attempts.filter(earlier_in_order, status=game.status).count() + 1


@dataclass(frozen=True)
class PuzzleSummary:
    """How a puzzle went for everyone: finished attempts and how many solved it."""

    players: int
    solved: int

    @property
    def solved_percent(self) -> int:
        return round(100 * self.solved / self.players) if self.players else 0


def puzzle_summaries(days: list[dt.date]) -> dict[dt.date, PuzzleSummary]:
    counts = (
        Game.objects.filter(leaderboard_games_of(days))
        .order_by()
        .values("daily_link__puzzle")
        .annotate(players=Count("*"), solved=Count("id", filter=Q(status=Status.WON)))
    )
    found = {
        row["daily_link__puzzle"]: PuzzleSummary(players=row["players"], solved=row["solved"])
        for row in counts
    }
    return {day: found.get(day, PuzzleSummary(players=0, solved=0)) for day in days}


@dataclass(frozen=True)
class ArchiveEntry:
    puzzle: DailyPuzzle  # unsaved when nobody asked for it on its day (``drawn`` is False)
    summary: PuzzleSummary
    attempt: Game | None  # the viewer's ranked attempt that day
    drawn: bool = True


class PastDays(Sequence[dt.date]):
    """Every day from the first puzzle's to yesterday, newest first, computed, not stored:
    a day nobody visited still has its puzzle, drawn from its date."""

    def __init__(self, *, first_day: dt.date, today: dt.date) -> None:
        self.today = today
        self.days = max(0, (today - first_day).days)

    def __len__(self) -> int:
        return self.days

    @overload
    def __getitem__(self, index: int) -> dt.date: ...
    @overload
    def __getitem__(self, index: slice) -> list[dt.date]: ...
    def __getitem__(self, index: int | slice) -> dt.date | list[dt.date]:
        if isinstance(index, slice):
            return [self.today - (i + 1) * ONE_DAY for i in range(*index.indices(self.days))]
        if not -self.days <= index < self.days:
            raise IndexError(index)
        return self.today - (index % self.days + 1) * ONE_DAY


def archive_page(*, today: dt.date, viewer: Viewer, page_number: object = 1) -> Page:
    """Every past puzzle since the first day, newest first, with how each went and the
    viewer's own result.

    A day nobody visited has no row yet: its challenge is drawn here from its date, as the
    day itself would have drawn it (``daily/draw.py``), and its row is stored when
    someone practises it (``daily.services.past_puzzle_ensure``).
    """
    page = Paginator(
        PastDays(first_day=settings.DAILY_FIRST_DAY, today=today), ARCHIVE_PER_PAGE
    ).get_page(page_number)
    days: list[dt.date] = list(page.object_list)
    stored = {puzzle.date: puzzle for puzzle in DailyPuzzle.objects.filter(date__in=days)}
    summaries = puzzle_summaries(days)
    attempts: dict[dt.date, Game] = {}
    if viewer.is_authenticated:
        attempts = {
            game.daily_link.puzzle_id: game  # type: ignore[attr-defined]
            for game in Game.objects.filter(
                DAILY_ATTEMPTS, player=viewer, daily_link__puzzle__in=days
            ).select_related("daily_link")
        }
    undrawn = _undrawn_puzzles([day for day in days if day not in stored])
    page.object_list = [
        ArchiveEntry(
            puzzle=stored.get(day) or undrawn[day],
            summary=summaries[day],
            attempt=attempts.get(day),
            drawn=day in stored,
        )
        for day in days
        if day in stored or day in undrawn
    ]
    return page


def _undrawn_puzzles(days: list[dt.date]) -> dict[dt.date, DailyPuzzle]:
    """Unsaved puzzles of days nobody visited: number and challenge from the date (no seed: it
    is drawn when the row is stored)."""
    dictionary = default_dictionary() if days else None
    if dictionary is None:
        return {}
    lengths = [(item.length, item.words) for item in word_lengths(dictionary_id=dictionary.pk)]
    if not lengths:
        return {}
    puzzles = {}
    for day in days:
        drawn = draw.draw_settings(day, lengths, min_words=settings.RANKED_MIN_WORDS)
        puzzles[day] = DailyPuzzle(
            date=day,
            number=draw.puzzle_number(day, first_day=settings.DAILY_FIRST_DAY),
            dictionary=dictionary,
            length=drawn.length,
            max_misses=drawn.max_misses,
            difficulty=draw.DIFFICULTY.value,
        )
    return puzzles


@dataclass(frozen=True)
class DailyStreaks:
    played: int  # finished attempts, ranked or played as a guest
    solved: int
    current: int  # puzzles solved on consecutive days, up to today (or yesterday)
    best: int

    @property
    def solved_percent(self) -> int:
        return round(100 * self.solved / self.played) if self.played else 0


def daily_streaks(*, player: AbstractBaseUser, today: dt.date | None = None) -> DailyStreaks:
    """Streaks of days solved in a row (a day missed or lost ends one).

    Today not finished yet keeps the current streak alive: it counts up to
    yesterday until today's attempt is lost or solved. A guest's attempts count: a
    visitor's streak is theirs, and comes with them when they sign up.
    """
    today = today or utc_today()
    finished: dict[dt.date, bool] = {
        day: status == Status.WON
        for day, status in Game.objects.filter(DAILY_STREAK_GAMES, player=player).values_list(
            "daily_link__puzzle_id", "status"
        )
    }
    solved_days = sorted(day for day, won in finished.items() if won)
    best = run = 0
    previous: dt.date | None = None
    for day in solved_days:
        run = run + 1 if previous is not None and day - previous == ONE_DAY else 1
        best = max(best, run)
        previous = day
    solved_set = set(solved_days)
    day = today if today in finished else today - ONE_DAY
    current = 0
    while day in solved_set:
        current += 1
        day -= ONE_DAY
    return DailyStreaks(played=len(finished), solved=len(solved_days), current=current, best=best)
