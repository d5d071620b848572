"""No hint and no undo in a game that counts, whatever happened to it (issue 15, items 1 and 5).

The tricks: in a daily attempt, take a hint (it used to make the attempt unranked, and
then undo worked and the board printed the words left), guess, read the family, undo,
repeat; do the same in an assignment's game to top the class table; take a hint in a
ranked game about to be lost, so the loss never counts. Each is tried as a crafted POST
(with HTMX and without) on ranked games, daily attempts and assignment games (a fair
assignment game, never ranked, included), and on games a hint had already made unranked
before the rule: each is refused with a clear message and nothing in the database changes.
Practice games keep both (the control that shows the tests can tell the difference).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from classes.models import Assignment
from daily.services import daily_attempt_start
from dictionaries.models import Dictionary
from games import services
from games.models import LEADERBOARD_GAMES, CategoryTotal, Game, Hint, Move, PlayerTotal
from tests.classes.support import enroll, make_assignment, make_class, play_assignment
from tests.daily.support import daily_dictionary, todays_puzzle
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, postgresql_only, run_at_once, start
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
NINE_WORDS = ("ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex")


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


def hinted_before_the_rule(game: Game) -> Game:
    """The game as a hint left it before hints were refused in games that count: unranked,
    with the hint of its position stored (asking again used to give it back)."""
    Game.objects.filter(pk=game.pk).update(is_ranked=False, unranked_by_hint=True, hints_used=1)
    Hint.objects.create(
        game=game,
        after_guesses=len(game.letters),
        letters_before=game.letters,
        letter="o",
        reason="An old hint.",
        proven=False,
        made_unranked=True,
    )
    game.refresh_from_db()
    return game


def _ranked(nine: Dictionary, difficulty: str = "hard") -> Game:
    game = start(UserFactory(), nine, difficulty=difficulty)
    guess(game, "e")
    game.refresh_from_db()
    return game


def _daily(nine: Dictionary) -> Game:
    daily_dictionary()
    game = daily_attempt_start(player=UserFactory(), puzzle=todays_puzzle())
    guess(game, "q")
    game.refresh_from_db()
    return game


def _assignment(nine: Dictionary, difficulty: str = "hard") -> Game:
    student = UserFactory()
    assignment = make_assignment(make_class(), dictionary=nine, difficulty=difficulty)
    enroll(assignment.classroom, student)
    return play_assignment(student, assignment, letters="e")


GAMES: dict[str, Callable[[Dictionary], Game]] = {
    "ranked": _ranked,
    "ranked-fiendish": lambda nine: _ranked(nine, "fiendish"),
    "daily": _daily,
    "daily-hinted-before": lambda nine: hinted_before_the_rule(_daily(nine)),
    "assignment": _assignment,
    "assignment-fair": lambda nine: _assignment(nine, "fair"),
    "assignment-hinted-before": lambda nine: hinted_before_the_rule(_assignment(nine)),
    "ranked-hinted-before": lambda nine: hinted_before_the_rule(_ranked(nine)),
}
REFUSAL = {
    "ranked": "a ranked game",
    "ranked-fiendish": "a ranked game",
    "ranked-hinted-before": "a ranked game",
    "daily": "your one attempt at the daily puzzle",
    "daily-hinted-before": "your one attempt at the daily puzzle",
    "assignment": "a game of a class assignment",
    "assignment-fair": "a game of a class assignment",
    "assignment-hinted-before": "a game of a class assignment",
}


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (
        game.letters,
        game.pattern,
        game.misses,
        game.words_left,
        game.status,
        game.is_ranked,
        game.unranked_by_hint,
        game.hints_used,
        list(Move.objects.filter(game=game).values_list("number", "letter")),
        list(Hint.objects.filter(game=game).values_list("letters_before", "letter")),
    )


def post(client: Client, name: str, game: Game, headers: dict[str, str]) -> str:
    """A crafted POST, as a script would send it (``confirm=yes`` included); the page the
    player ends up on."""
    data = {"expected_guesses": len(game.letters), "confirm": "yes"}
    response = client.post(reverse(name, args=[game.pk]), data, **headers, follow=True)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
@pytest.mark.parametrize("kind", list(GAMES))
class TestEveryGameThatCounts:
    def test_a_crafted_hint_is_refused_and_changes_nothing(
        self, nine: Dictionary, kind: str, headers: dict[str, str]
    ) -> None:
        game = GAMES[kind](nine)
        before = snapshot(game)
        page = post(client_for(game.player), "game_hint", game, headers)
        assert f"No hints in {REFUSAL[kind]}" in page
        assert "No hint was given and nothing was changed." in page
        assert snapshot(game) == before

    def test_a_crafted_undo_is_refused_and_changes_nothing(
        self, nine: Dictionary, kind: str, headers: dict[str, str]
    ) -> None:
        game = GAMES[kind](nine)
        before = snapshot(game)
        page = post(client_for(game.player), "game_undo", game, headers)
        assert f"This is {REFUSAL[kind]}" in page
        assert "a guess cannot be taken back" in page
        assert snapshot(game) == before

    def test_the_board_offers_neither_and_says_why(
        self, nine: Dictionary, kind: str, headers: dict[str, str]
    ) -> None:
        game = GAMES[kind](nine)
        page = client_for(game.player).get(reverse("game_detail", args=[game.pk])).content
        html = page.decode()
        assert 'id="hint-button"' not in html
        assert 'id="undo-button"' not in html
        assert f"No hints in {REFUSAL[kind]}" in html
        assert ": it counts, so you play it on your own." in html
        assert 'id="practice-instead"' in html


@pytest.mark.parametrize("kind", ["daily", "daily-hinted-before"])
def test_a_daily_attempt_never_shows_the_words_left(nine: Dictionary, kind: str) -> None:
    game = GAMES[kind](nine)
    client = client_for(game.player)
    board = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "still possible" not in board
    letter = next(c for c in "zxvjkwf" if c not in game.letters)
    data = {"letter": letter, "expected_guesses": len(game.letters)}
    answer = client.post(reverse("game_guess", args=[game.pk]), data, **HTMX).content.decode()
    assert "still possible" not in answer


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
def test_a_ranked_loss_cannot_be_escaped_with_a_hint(
    nine: Dictionary, headers: dict[str, str]
) -> None:
    player = UserFactory()
    game = start(player, nine, max_misses=2)
    guess(game, "z")  # one wrong guess left: the next miss loses
    client = client_for(player)
    page = post(client, "game_hint", game, headers)
    assert "No hints in a ranked game" in page
    game.refresh_from_db()
    assert (game.is_ranked, game.unranked_by_hint, game.hints_used) == (True, False, 0)
    guess(game, "y")
    game.refresh_from_db()
    assert game.is_over
    assert (game.status, game.is_ranked) == ("lost", True)
    # The loss counts: on the leaderboards' games and in the player's totals.
    assert list(Game.objects.filter(LEADERBOARD_GAMES)) == [game]
    total = CategoryTotal.objects.get(player=player)
    assert (total.games, total.wins) == (1, 0)
    assert (PlayerTotal.objects.get(player=player).games, game.score) == (1, 0)


def test_a_practice_game_keeps_its_hints_and_its_undo(nine: Dictionary) -> None:
    game = start(UserFactory(), nine, show_word_count=True)
    guess(game, "e")
    game.refresh_from_db()
    client = client_for(game.player)
    html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert 'id="hint-button"' in html
    assert 'id="undo-button"' in html
    assert "Hint:" in post(client, "game_hint", game, HTMX)
    assert Hint.objects.filter(game=game).count() == 1
    assert "Took back E" in post(client, "game_undo", game, HTMX)
    game.refresh_from_db()
    assert game.letters == ""


class TestTablesThatRankShowHints:
    """Games hinted before the rule keep their records; every table that ranks says so."""

    def _scene(self, nine: Dictionary) -> tuple[Assignment, User, User]:
        assignment = make_assignment(make_class(), dictionary=nine)
        hinter, honest = UserFactory(username="hinter"), UserFactory(username="honest")
        for student in (hinter, honest):
            enroll(assignment.classroom, student)
        game = hinted_before_the_rule(play_assignment(hinter, assignment, letters="e"))
        for letter in "otgcl":
            guess(game, letter)  # won with 3 wrong guesses, a hint used
        play_assignment(honest, assignment)  # won with 3 wrong guesses, no hint
        return assignment, hinter, honest

    def test_the_assignment_table_its_csv_and_its_leaderboard(self, nine: Dictionary) -> None:
        assignment, _, honest = self._scene(nine)
        classroom = assignment.classroom
        teacher = client_for(classroom.instructor)
        args = [classroom.pk, assignment.pk]
        table = teacher.get(reverse("assignment_detail", args=args)).content.decode()
        assert "Games with hints" in table
        assert '<span class="tag hints-used">1</span>' in table
        rows = list(
            csv.DictReader(
                io.StringIO(
                    teacher.get(reverse("assignment_table_csv", args=args)).content.decode()
                )
            )
        )
        assert {row["student"]: row["games_with_hints"] for row in rows} == {
            "hinter": "1",
            "honest": "0",
        }
        board = client_for(honest).get(reverse("assignment_leaderboard", args=args))
        assert '<span class="tag hints-used">1</span>' in board.content.decode()

    def test_the_class_exports_say_how_many_hints_each_game_used(self, nine: Dictionary) -> None:
        assignment, _, _ = self._scene(nine)
        classroom = assignment.classroom
        teacher = client_for(classroom.instructor)
        response = teacher.get(reverse("class_games_csv", args=[classroom.pk]))
        text = b"".join(response.streaming_content).decode()
        hints = {row["player"]: row["hints"] for row in csv.DictReader(io.StringIO(text))}
        assert hints == {"hinter": "1", "honest": "0"}
        response = teacher.get(reverse("class_games_jsonl", args=[classroom.pk]))
        lines = b"".join(response.streaming_content).decode()
        assert '"player":"hinter","number":1,"hints_used":1' in lines


@postgresql_only
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["daily", "daily-hinted-before", "assignment-fair"])
def test_two_tabs_at_once_still_get_no_hint_and_no_undo(kind: str) -> None:
    """A guess, an undo and a hint sent at the same moment from three tabs: the guess is
    played, the other two are refused, and the game holds exactly the guesses made."""
    nine = DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")
    game = GAMES[kind](nine)
    player, letters = game.player, game.letters
    letter = next(c for c in "zxvjkwf" if c not in letters)
    guessed, undone, hinted = run_at_once(
        lambda: guess(game, letter),
        lambda: services.game_undo(game_id=game.pk, player=player),
        lambda: services.game_hint(game_id=game.pk, player=player),
    )
    assert isinstance(guessed, services.GuessOutcome), guessed
    assert isinstance(undone, services.UndoRefusedError), undone
    assert isinstance(hinted, services.HintRefusedError), hinted
    game.refresh_from_db()
    assert game.letters == letters + letter
    assert Move.objects.filter(game=game).count() == len(letters) + 1
    assert game.hints_used == (1 if "hinted" in kind else 0)
