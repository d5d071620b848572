"""The daily's shared answers: one search per position, the same answers as searching.

Everyone plays a day's puzzle with its seed, so the first player at a
position stores the word-maker's answer and the next ones read it. These tests
check that a read answer is exactly the searched one (moves, game, replay),
also when the position was reached in another order, that a game differing in
any input of the word-maker never shares, that bad letters store nothing, and
that the stored answers never reach a page.
"""

from __future__ import annotations

import html
import io
import re
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from daily.models import DailyAnswer, DailyGame, DailyPuzzle
from daily.services import daily_attempt_start
from games import engine, services
from games.models import Game, Move
from games.selectors.replay_check import replay_mismatches
from tests.daily.support import made_up_words, play_out
from tests.factories import GameFactory, UserFactory
from tests.games.play_support import postgresql_only, run_at_once
from tests.markup import without_csrf_tokens

pytestmark = pytest.mark.django_db

MOVE_FIELDS = (
    "number",
    "letter",
    "miss",
    "pattern",
    "kept_size",
    "kept_rank",
    "reason",
    "families",
    "values",
    "search_nodes",
)


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every letter the word-maker was run for (games/services/play.py: engine.apply_guess)."""
    letters: list[str] = []
    real = engine.apply_guess

    def counted(state: engine.GameState, letter: str) -> Any:
        if state.difficulty is engine.Difficulty.FIENDISH:  # a finished board replays a fair one
            letters.append(letter)
        return real(state, letter)

    monkeypatch.setattr(engine, "apply_guess", counted)
    return letters


def moves_of(game: Game) -> list[tuple[Any, ...]]:
    return list(Move.objects.filter(game=game).order_by("number").values_list(*MOVE_FIELDS))


def outcome_of(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (game.letters, game.pattern, game.misses, game.words_left, game.status, game.word)


def test_a_line_is_searched_once_and_read_back_exactly(
    puzzle: DailyPuzzle, searches: list[str]
) -> None:
    first = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle))
    assert len(searches) == len(first.letters)
    assert DailyAnswer.objects.filter(puzzle=puzzle).count() == len(first.letters)
    searches.clear()
    second = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle), first.letters)
    assert searches == []  # every answer read, none searched
    assert moves_of(second) == moves_of(first)
    assert outcome_of(second) == outcome_of(first)
    assert replay_mismatches(second) == []  # what the word-maker itself plays on those letters


def test_read_answers_equal_those_searched_without_the_shared_table(
    puzzle: DailyPuzzle, settings: Settings, searches: list[str]
) -> None:
    shared = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle))
    reader = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle), shared.letters)
    settings.DAILY_SHARED_ANSWERS = False
    rows = DailyAnswer.objects.count()
    searches.clear()
    alone = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle), shared.letters)
    assert len(searches) == len(alone.letters)  # off: every guess searched, nothing stored
    assert DailyAnswer.objects.count() == rows
    assert moves_of(alone) == moves_of(reader) == moves_of(shared)
    assert outcome_of(alone) == outcome_of(reader) == outcome_of(shared)


def test_another_line_is_searched_from_where_it_leaves_the_stored_one(
    puzzle: DailyPuzzle, searches: list[str]
) -> None:
    first = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle))
    searches.clear()
    other = daily_attempt_start(player=UserFactory(), puzzle=puzzle)
    services.game_guess(game_id=other.pk, player=other.player, letter=first.letters[0])
    services.game_guess(game_id=other.pk, player=other.player, letter="e")  # a new line
    assert searches == ["e"]
    assert DailyAnswer.objects.filter(position__endswith="|e").count() == 1


def test_a_position_reached_in_another_order_is_read_and_is_what_the_word_maker_plays(
    puzzle: DailyPuzzle, searches: list[str]
) -> None:
    # No made-up word has an "e" or a "t": both orders miss twice and reach one position.
    first = daily_attempt_start(player=UserFactory(), puzzle=puzzle)
    for letter in "etq":
        services.game_guess(game_id=first.pk, player=first.player, letter=letter)
    searches.clear()
    second = daily_attempt_start(player=UserFactory(), puzzle=puzzle)
    for letter in "teq":
        services.game_guess(game_id=second.pk, player=second.player, letter=letter)
    assert searches == ["t", "e"]  # new positions; then "q" after {e, t}: read
    assert DailyAnswer.objects.filter(puzzle=puzzle).count() == 5
    assert outcome_of(second)[1:] == outcome_of(first)[1:]
    assert replay_mismatches(second) == []  # the word-maker itself answers "teq" so


def test_a_game_differing_in_any_input_of_the_word_maker_never_shares(
    puzzle: DailyPuzzle, searches: list[str]
) -> None:
    first = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle))
    for changed in ({"max_misses": puzzle.max_misses - 1}, {"seed": puzzle.seed + 1}):
        searches.clear()
        fields: dict[str, Any] = {
            "player": UserFactory(),
            "dictionary": puzzle.dictionary,
            "length": puzzle.length,
            "max_misses": puzzle.max_misses,
            "difficulty": puzzle.difficulty,
            "seed": puzzle.seed,
            "seeded_ties": True,
            "is_ranked": False,
            "pattern": engine.HIDDEN * puzzle.length,
            "words_left": len(made_up_words()),
        }
        game = GameFactory(**{**fields, **changed})
        DailyGame.objects.create(game=game, puzzle=puzzle)  # practice of the puzzle's day
        services.game_guess(game_id=game.pk, player=game.player, letter=first.letters[0])
        assert searches == [first.letters[0]]  # searched, not read from the puzzle's own line
    first_letter = f"|{'-' * puzzle.length}|{first.letters[0]}"
    assert DailyAnswer.objects.filter(position=first_letter).count() == 3  # three settings digests


@pytest.mark.parametrize("letter", ["1", "ab", "", "ß", "ж", "K"])
def test_a_refused_or_repeated_letter_stores_nothing_and_changes_nothing(
    puzzle: DailyPuzzle, letter: str
) -> None:
    game = daily_attempt_start(player=UserFactory(), puzzle=puzzle)
    services.game_guess(game_id=game.pk, player=game.player, letter="k")
    before = (outcome_of(game), DailyAnswer.objects.count(), Move.objects.count())
    with pytest.raises(services.GuessRejectedError):
        services.game_guess(game_id=game.pk, player=game.player, letter=letter)
    assert (outcome_of(game), DailyAnswer.objects.count(), Move.objects.count()) == before


def test_another_players_answers_never_reach_a_page(
    puzzle: DailyPuzzle, client: Client, searches: list[str]
) -> None:
    """A player whose every guess is read from the table sees the board, not the words."""
    first = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle))
    cheater = UserFactory()
    client.force_login(cheater)
    client.post(reverse("daily_start"))
    game = Game.objects.get(player=cheater, daily_link__puzzle=puzzle)
    searches.clear()
    for number, letter in enumerate(first.letters):
        response = client.post(
            reverse("game_guess", args=[game.pk]),
            {"letter": letter, "expected_guesses": number},
            follow=True,
        )
        page = without_csrf_tokens(re.sub(r"\s+", " ", html.unescape(response.content.decode())))
        game.refresh_from_db()
        if not game.is_over:  # a finished game shows its words on purpose
            assert [word for word in made_up_words() if word in page.lower()] == []
    assert searches == []
    assert game.is_over
    assert outcome_of(game) == outcome_of(first)


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_two_players_first_on_a_line_at_once_play_one_search(
    puzzle: DailyPuzzle, searches: list[str]
) -> None:
    games = [daily_attempt_start(player=UserFactory(), puzzle=puzzle) for _ in range(2)]
    results = run_at_once(
        *(
            lambda game=game: services.game_guess(game_id=game.pk, player=game.player, letter="q")
            for game in games
        )
    )
    assert not [result for result in results if isinstance(result, Exception)], results
    assert DailyAnswer.objects.filter(puzzle=puzzle).count() == 1
    assert searches == ["q"]  # the second waited on the line's lock and read the answer
    assert moves_of(games[0]) == moves_of(games[1])


def test_prepared_openings_are_read_by_the_players_and_are_what_the_word_maker_plays(
    puzzle: DailyPuzzle, searches: list[str]
) -> None:
    out = io.StringIO()
    call_command("prepare_daily", stdout=out)
    assert f"Daily #{puzzle.number}: 26 positions searched" in out.getvalue()
    assert sorted(searches) == list(engine.ALPHABET)
    searches.clear()
    game = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle))
    assert game.letters[0] not in searches  # the first guess was read
    assert len(searches) == len(game.letters) - 1
    assert replay_mismatches(game) == []
    call_command("prepare_daily", stdout=out)  # again: every answer kept, none searched
    assert "0 positions searched" in out.getvalue()


def test_prepare_daily_refuses_a_depth_out_of_range(puzzle: DailyPuzzle) -> None:
    with pytest.raises(CommandError, match="--depth is 1 to 2"):
        call_command("prepare_daily", "--depth", "3")
    assert not DailyAnswer.objects.exists()
