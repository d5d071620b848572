"""All-time records are written as games finish, so leaderboards equal a recount of the games.

A player's points in a category are their best ranked win there (when first
reached breaks ties), summed over categories. The property test plays random games
through the services (wins, losses, forfeits, unranked games, games left in
progress, the same winning letters replayed) on tiny dictionaries, with a clock
moved between games, then compares the stored records and every leaderboard to a
naive recount of the Game rows in Python.

Over 500 lines: the property test, its naive recount and the hand-written cases it
started from live together, so a failing seed can be read against the recount.
"""

from __future__ import annotations

import datetime as dt
import importlib
import random
import string
from collections import Counter, defaultdict
from fractions import Fraction
from io import StringIO
from types import SimpleNamespace
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from dictionaries.models import Dictionary
from games import services
from games.leaderboard_totals import leaderboard_totals_rebuild
from games.models import CategoryTotal, Difficulty, Game, PlayerTotal, Status
from games.scoring import win_points
from records.selectors.leaderboard import (
    GamesRanking,
    LeaderboardFilters,
    Period,
    Ranking,
    leaderboard_page,
    period_start,
    ranking,
)
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, FinishedGameFactory, GameFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

# A Wednesday afternoon, so "this week" and "today" select different games.
END = dt.datetime(2026, 11, 18, 15, 30, tzinfo=dt.UTC)
CATEGORY_TOTAL_FIELDS = (
    "player_id",
    "dictionary_id",
    "length",
    "difficulty",
    "points",
    "games",
    "wins",
    "best_at",
    "last_finished_at",
)
PLAYER_TOTAL_FIELDS = ("player_id", "points", "games", "wins", "last_scored_at", "last_finished_at")


class Clock:
    """Stands in for ``timezone.now`` so the services finish games at chosen instants."""

    def __init__(self, start: dt.datetime) -> None:
        self.now = start

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, minutes: int) -> None:
        self.now += dt.timedelta(minutes=minutes)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock(END - dt.timedelta(days=9))
    monkeypatch.setattr(timezone, "now", clock)
    return clock


@pytest.fixture
def dictionaries() -> list[Dictionary]:
    return [
        DictionaryFactory(slug="nine", words=[*NINE_WORDS, "ab", "ad", "be", "ox", "hi"]),
        DictionaryFactory(slug="pets", words=["cat", "cot", "dog", "dig", "ax", "ex"]),
    ]


def play_random_games(
    rng: random.Random, *, clock: Clock, dictionaries: list[Dictionary], count: int
) -> None:
    """Start, play, forfeit or abandon ``count`` games through the services.

    Most new games guess the letters of the words first, so many are won;
    about a third replay an earlier game's settings and letters (by anyone,
    sometimes with other wrong guesses allowed): the same win again, which must
    not add points, or a better or worse win in the same category.
    """
    players = [UserFactory(username=f"p{index}") for index in range(4)]
    buckets = [
        (dictionaries[0], 2),
        (dictionaries[0], 4),
        (dictionaries[1], 2),
        (dictionaries[1], 3),
    ]
    word_letters = {
        (dictionary.pk, length): sorted(
            set("".join(dictionary.words.filter(length=length).values_list("text", flat=True)))
        )
        for dictionary, length in buckets
    }
    played: list[tuple[dict[str, Any], str]] = []
    for _ in range(count):
        # Sometimes no time passes: equal finishing instants must break ties.
        clock.advance(rng.choice((0, 0, 7, 45, 180, 400)))
        player = rng.choice(players)
        if played and rng.random() < 0.35:
            choice, letters = rng.choice(played)
            if rng.random() < 0.4:
                choice = {**choice, "max_misses": rng.choice((1, 3, 8, 20))}
        else:
            dictionary, length = rng.choice(buckets)
            choice = {
                "dictionary": dictionary,
                "length": length,
                "max_misses": rng.choice((1, 3, 8, 20)),
                "difficulty": rng.choice(Difficulty.values),
            }
            letters = "".join(rng.sample(string.ascii_lowercase, 26))
            if rng.random() < 0.7:
                first = word_letters[dictionary.pk, length]
                rest = [letter for letter in string.ascii_lowercase if letter not in first]
                letters = "".join(rng.sample(first, len(first)) + rng.sample(rest, len(rest)))
            played.append((choice, letters))
        game = services.game_start(
            player=player,
            **choice,
            show_word_count=rng.random() < 0.15,
            # A ranked game left in progress below ends as a forfeit.
            forfeit_game_id=Game.objects.filter(
                player=player, status=Status.PLAYING, is_ranked=True
            )
            .values_list("pk", flat=True)
            .first(),
            seed=rng.randrange(2**32),
        )
        plan = rng.random()
        if plan < 0.1:
            continue  # left in progress (forfeited if its player starts another ranked game)
        stop_after = rng.randrange(1, 6) if plan < 0.25 else 26
        for letter in letters[:stop_after]:
            game = services.game_guess(game_id=game.pk, player=game.player, letter=letter).game
            if game.is_over:
                break
        if not game.is_over:
            services.game_forfeit(game_id=game.pk, player=game.player)
    # A ranked game still in progress at the end counts nowhere.
    choice, _ = played[-1]
    services.game_start(player=UserFactory(username="idle"), **choice, seed=rng.randrange(2**32))


def naive_category_totals(games: list[Game]) -> list[tuple]:
    """Per player and category: best points, when first reached, games, wins, last finish."""
    categories: dict[tuple, list[Game]] = defaultdict(list)
    for game in games:
        if game.is_ranked and game.finished_at is not None:
            categories[category_of(game)].append(game)
    rows = []
    for category, members in categories.items():
        best = max(game.score for game in members)
        first_best = min(
            (game.finished_at for game in members if game.score == best > 0), default=None
        )
        wins = sum(game.status == Status.WON for game in members)
        last = max(game.finished_at for game in members)
        rows.append((*category, best, len(members), wins, first_best, last))
    return sorted(rows)


def naive_player_totals(games: list[Game]) -> list[tuple]:
    """Per player: the categories' best points summed, games, wins, when the total was reached
    (the latest first-reaching of a category's best), last finish."""
    players: dict[int, list[tuple]] = defaultdict(list)
    for category in naive_category_totals(games):
        players[category[0]].append(category)
    return sorted(
        (
            player,
            sum(category[4] for category in categories),
            sum(category[5] for category in categories),
            sum(category[6] for category in categories),
            max((category[7] for category in categories if category[7] is not None), default=None),
            max(category[8] for category in categories),
        )
        for player, categories in players.items()
    )


def naive_board(games: list[Game], filters: LeaderboardFilters, *, now: dt.datetime) -> list[tuple]:
    """The leaderboard by the rules on the page, computed in Python with exact win rates."""
    start = period_start(filters.period, now=now)
    selected = [
        game
        for game in games
        if (start is None or (game.finished_at is not None and game.finished_at >= start))
        and (filters.dictionary is None or game.dictionary_id == filters.dictionary.pk)
        and (filters.length is None or game.length == filters.length)
        and (filters.difficulty is None or game.difficulty == filters.difficulty)
    ]
    rows = naive_player_totals(selected)
    if filters.ranking == Ranking.WIN_RATE:
        rows = [row for row in rows if row[2] >= settings.LEADERBOARD_MIN_GAMES]
        rows.sort(key=lambda row: (-Fraction(row[3], row[2]), -row[2], row[5], row[0]))
        return [(rank, *row[:4], row[5]) for rank, row in enumerate(rows, start=1)]
    rows.sort(key=lambda row: (-row[1], row[4] is None, row[4] or now, row[0]))
    return [(rank, *row[:4], row[4]) for rank, row in enumerate(rows, start=1)]


def leaderboard_rows(filters: LeaderboardFilters, *, now: dt.datetime) -> list[tuple]:
    page = leaderboard_page(filters, per_page=1000, now=now)
    return [
        (row.rank, row.player_id, row.points, row.games, row.wins, row.achieved_at) for row in page
    ]


def stored_category_totals() -> list[tuple]:
    return sorted(CategoryTotal.objects.values_list(*CATEGORY_TOTAL_FIELDS))


def stored_player_totals() -> list[tuple]:
    return sorted(PlayerTotal.objects.values_list(*PLAYER_TOTAL_FIELDS))


def category_of(game: Game) -> tuple:
    return (game.player_id, game.dictionary_id, game.length, game.difficulty)


@pytest.mark.parametrize("seed", [6, 2718])
@override_settings(LEADERBOARD_MIN_GAMES=2)
def test_totals_and_every_board_equal_a_recount_of_games_played_through_the_services(
    seed: int, clock: Clock, dictionaries: list[Dictionary]
) -> None:
    play_random_games(random.Random(seed), clock=clock, dictionaries=dictionaries, count=70)
    games = list(Game.objects.all())
    outcomes = {(game.is_ranked, game.status, game.forfeited) for game in games}
    # The random play met every kind of game the totals must tell apart.
    assert {
        (True, Status.WON, False),
        (True, Status.LOST, False),
        (True, Status.LOST, True),
        (False, Status.WON, False),
        (True, Status.PLAYING, False),
    } <= outcomes

    assert stored_category_totals() == naive_category_totals(games)
    assert stored_player_totals() == naive_player_totals(games)
    # The play met what the best-win rule must tell apart: the same win again in a
    # category (the first one stands), and a better win raising a category's best.
    wins = sorted((game for game in games if game.score > 0), key=lambda game: game.finished_at)
    assert max(Counter((category_of(game), game.score) for game in wins).values()) > 1
    best_so_far: dict[tuple, int] = {}
    raised = 0
    for game in wins:
        raised += 0 < best_so_far.get(category_of(game), 0) < game.score
        best_so_far[category_of(game)] = max(best_so_far.get(category_of(game), 0), game.score)
    assert raised

    compared = 0
    for period in Period.values:
        for rank_by in Ranking.values:
            for bucket in (
                {},
                {"dictionary": dictionaries[0]},
                {"length": 2},
                {"difficulty": Difficulty.HARD},
                {"dictionary": dictionaries[1], "length": 3, "difficulty": Difficulty.EASY},
            ):
                filters = LeaderboardFilters(period=period, ranking=rank_by, **bucket)
                expected = naive_board(games, filters, now=clock.now)
                assert leaderboard_rows(filters, now=clock.now) == expected, filters
                compared += bool(expected)
    assert compared >= 20  # most of the leaderboards compared were not empty

    # The all-time leaderboards read from the records equal the same ones computed from the games.
    for rank_by in Ranking.values:
        for bucket in ({}, {"difficulty": Difficulty.EASY}):
            filters = LeaderboardFilters(ranking=rank_by, **bucket)
            from_records = [
                {key: value for key, value in row.items() if key != "win_rate"}
                for row in ranking(filters, now=clock.now)
            ]
            assert from_records == GamesRanking(filters, now=clock.now)[0:1000], filters

    # A rebuild from the games finds exactly what the services wrote.
    before = (stored_category_totals(), stored_player_totals())
    assert leaderboard_totals_rebuild() == sum(
        game.is_ranked and game.finished_at is not None for game in games
    )
    assert (stored_category_totals(), stored_player_totals()) == before


def nine_words() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS))


def totals_of(player: Any) -> tuple:
    total = PlayerTotal.objects.filter(player=player).values_list(*PLAYER_TOTAL_FIELDS[1:]).first()
    return total or ()


def win_good(player: Any, dictionary: Dictionary, *, max_misses: int = 8) -> Game:
    """The hard game of the nine words won on "good" (3 wrong guesses), as often as asked."""
    game = services.game_start(
        player=player,
        dictionary=dictionary,
        length=4,
        max_misses=max_misses,
        difficulty="hard",
        seed=1,
    )
    for letter in "eoldcg":
        game = services.game_guess(game_id=game.pk, player=player, letter=letter).game
    assert game.status == Status.WON
    return game


def board_record(player: Any) -> list[tuple]:
    return list(
        CategoryTotal.objects.filter(player=player)
        .order_by("dictionary_id")
        .values_list("points", "games", "wins", "best_at")
    )


def test_a_ranked_win_adds_its_points_and_instant(clock: Clock) -> None:
    player = UserFactory()
    game = win_good(player, nine_words())
    points = win_points(difficulty="hard", max_misses=8)
    assert totals_of(player) == (points, 1, 1, game.finished_at, game.finished_at)
    assert board_record(player) == [(points, 1, 1, game.finished_at)]


def test_repeating_a_win_adds_nothing_but_a_game_played(clock: Clock) -> None:
    player, dictionary = UserFactory(), nine_words()
    first = win_good(player, dictionary)
    clock.advance(10)
    again = win_good(player, dictionary)
    points = win_points(difficulty="hard", max_misses=8)
    assert again.score == points  # the game itself still shows what it was worth
    # The total was reached by the first win; the repeat does not move it.
    assert totals_of(player) == (points, 2, 2, first.finished_at, again.finished_at)
    assert board_record(player) == [(points, 2, 2, first.finished_at)]


def test_a_better_win_on_the_same_board_raises_the_points(clock: Clock) -> None:
    player, dictionary = UserFactory(), nine_words()
    win_good(player, dictionary, max_misses=8)
    clock.advance(10)
    better = win_good(player, dictionary, max_misses=4)  # fewer wrong guesses allowed
    best = win_points(difficulty="hard", max_misses=4)
    assert best > win_points(difficulty="hard", max_misses=8)
    assert totals_of(player) == (best, 2, 2, better.finished_at, better.finished_at)
    clock.advance(10)
    lesser = win_good(player, dictionary, max_misses=8)  # a weaker win changes nothing
    assert totals_of(player) == (best, 3, 3, better.finished_at, lesser.finished_at)
    assert board_record(player) == [(best, 3, 3, better.finished_at)]


def test_a_win_on_another_board_adds_that_board_s_best(clock: Clock) -> None:
    player = UserFactory()
    first = win_good(player, nine_words())
    clock.advance(10)
    second = win_good(player, nine_words())  # another dictionary: another category
    points = win_points(difficulty="hard", max_misses=8)
    assert totals_of(player) == (2 * points, 2, 2, second.finished_at, second.finished_at)
    assert board_record(player) == [
        (points, 1, 1, first.finished_at),
        (points, 1, 1, second.finished_at),
    ]


def test_losses_forfeits_and_unranked_games_count_as_the_rules_say(clock: Clock) -> None:
    player, dictionary = UserFactory(), nine_words()
    choice = {"player": player, "dictionary": dictionary, "length": 4, "difficulty": "hard"}
    lost = services.game_start(**choice, max_misses=1, seed=1)
    lost = services.game_guess(game_id=lost.pk, player=player, letter="e").game
    assert lost.status == Status.LOST
    assert totals_of(player) == (0, 1, 0, None, lost.finished_at)

    clock.advance(5)
    unranked = services.game_start(**choice, max_misses=1, show_word_count=True)
    services.game_guess(game_id=unranked.pk, player=player, letter="e")
    assert totals_of(player) == (0, 1, 0, None, lost.finished_at)

    clock.advance(5)
    abandoned = services.game_start(**choice, max_misses=8)
    clock.advance(5)
    services.game_start(**choice, max_misses=8, forfeit_game_id=abandoned.pk)  # forfeits it
    abandoned.refresh_from_db()
    assert abandoned.forfeited
    assert totals_of(player) == (0, 2, 0, None, abandoned.finished_at)


def test_a_refused_guess_changes_no_total(clock: Clock) -> None:
    player, dictionary = UserFactory(), nine_words()
    game = services.game_start(
        player=player, dictionary=dictionary, length=4, max_misses=1, difficulty="hard"
    )
    services.game_guess(game_id=game.pk, player=player, letter="e")
    with pytest.raises(services.GuessRejectedError):
        services.game_guess(game_id=game.pk, player=player, letter="o")
    with pytest.raises(services.GameRuleError):
        services.game_forfeit(game_id=game.pk, player=player)
    assert totals_of(player)[1] == 1


def test_records_keep_the_first_best_and_the_last_game_whatever_order_games_arrive_in() -> None:
    """Loads and tests may add games out of order: an equal win found earlier moves the
    category's best back, and with it the time the total was reached."""
    player, board_a, board_b = UserFactory(), DictionaryFactory(), DictionaryFactory()
    points = win_points(difficulty="hard", max_misses=8)

    def hours_ago(hours: int) -> dt.datetime:
        return END - dt.timedelta(hours=hours)

    FinishedGameFactory(player=player, dictionary=board_a, finished_at=hours_ago(1))
    FinishedGameFactory(player=player, dictionary=board_b, finished_at=hours_ago(5))
    assert totals_of(player) == (2 * points, 2, 2, hours_ago(1), hours_ago(1))
    FinishedGameFactory(player=player, dictionary=board_a, finished_at=hours_ago(3))
    assert totals_of(player) == (2 * points, 3, 3, hours_ago(3), hours_ago(1))
    weaker = {"player": player, "dictionary": board_a, "max_misses": 20}
    FinishedGameFactory(**weaker, finished_at=hours_ago(9))
    FinishedGameFactory(player=player, dictionary=board_b, status=Status.LOST, finished_at=END)
    assert totals_of(player) == (2 * points, 5, 4, hours_ago(3), END)
    assert board_record(player) == [(points, 3, 3, hours_ago(3)), (points, 2, 1, hours_ago(5))]


def test_the_command_rebuilds_totals_from_games_written_without_the_services() -> None:
    player, dictionary = UserFactory(), DictionaryFactory()
    written = {"player": player, "dictionary": dictionary}  # rows only: no totals written
    GameFactory(**written, status=Status.WON, score=5, finished_at=END)
    GameFactory(**written, status=Status.LOST, finished_at=END - dt.timedelta(hours=1))
    GameFactory(**written, status=Status.WON, is_ranked=False, finished_at=END)
    GameFactory(**written)  # in progress
    assert not PlayerTotal.objects.exists()
    out = StringIO()
    call_command("rebuild_leaderboard_totals", stdout=out)
    assert out.getvalue().startswith("Rebuilt the leaderboard totals from 2 ranked games in ")
    assert out.getvalue().rstrip().endswith(": 1 player, 1 category row.")
    assert totals_of(player) == (5, 2, 1, END, END)


def test_the_migration_counts_games_finished_before_it() -> None:
    migration = importlib.import_module("games.migrations.0002_leaderboard_indexes_and_totals")
    player = UserFactory()
    GameFactory(player=player, status=Status.WON, score=7, finished_at=END)
    migration.count_existing_games(django_apps, SimpleNamespace(connection=connection))
    assert totals_of(player) == (7, 1, 1, END, END)


def test_deleting_a_player_removes_their_totals() -> None:
    player = UserFactory()
    FinishedGameFactory(player=player)
    player.delete()
    assert not CategoryTotal.objects.exists()
    assert not PlayerTotal.objects.exists()
    assert leaderboard_rows(LeaderboardFilters(), now=END) == []


@pytest.mark.parametrize(
    "query", [{}, {"difficulty": "hard"}, {"rank": "win_rate"}, {"period": "week"}]
)
def test_showing_a_leaderboard_writes_nothing(query: dict[str, str]) -> None:
    FinishedGameFactory(player=UserFactory(username="p"))
    with CaptureQueriesContext(connection) as queries:
        response = client_for(None).get(reverse("leaderboard_points"), query)
    assert response.status_code == 200
    statements = [entry["sql"].upper() for entry in queries.captured_queries]
    assert statements
    writes = [
        sql
        for sql in statements
        if sql.lstrip().startswith(("INSERT", "UPDATE", "DELETE")) or "FOR UPDATE" in sql
    ]
    assert not writes
