"""No one reads a game that counts while it is played (issue 26, findings 2 and 8).

The tricks: an instructor (of the student's class, of the site-wide group, a superuser)
opens a student's ranked game in progress, their daily attempt or their assignment's
game, and reads the words still possible at each step from the review's candidates,
the families from the exports or the admin, to coach the student move by move (any
instructor can coach a sock puppet); staff read the seed and the families of their own
ranked game in the admin, and ``manage.py play --ranked --seed S`` replays a ranked
game in progress from its seed. Each path asks one predicate (``games.secrecy``) and is
refused; once the game is over, instructors see everything again. Practice games keep
today's behaviour (the control that shows the tests can tell the difference).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from classes.models import Classroom
from daily.services import daily_attempt_start
from dictionaries.models import Dictionary
from games import services
from games.models import Game
from games.secrecy import hidden_games, is_secret_for
from games.selectors.replay import game_state
from tests.adversary.test_counting_games import NINE_WORDS
from tests.classes.support import (
    enroll,
    make_assignment,
    make_class,
    make_class_instructor,
    play_assignment,
)
from tests.daily.support import daily_dictionary, play_out, todays_puzzle
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, make_instructor

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
NOT_YET = "stay hidden from everyone, instructors included, until it is over"
VIEWERS = ("class_teacher", "site_instructor", "superuser")


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


@dataclass
class Scene:
    classroom: Classroom
    viewers: dict[str, User]

    def student(self, name: str) -> User:
        student = UserFactory(username=name)
        enroll(self.classroom, student)
        return student


@pytest.fixture
def scene() -> Scene:
    teacher = make_class_instructor("teacher")
    viewers = {
        "class_teacher": teacher,
        "site_instructor": make_instructor("site-instructor"),
        "superuser": UserFactory(username="root", is_staff=True, is_superuser=True),
    }
    return Scene(classroom=make_class(teacher), viewers=viewers)


def _ranked(scene: Scene, nine: Dictionary) -> Game:
    student = scene.student("ranked-student")
    game = services.game_start(
        player=student, dictionary=nine, length=4, max_misses=6, difficulty="hard"
    )
    assert game.is_ranked
    return services.game_guess(game_id=game.pk, player=student, letter="e").game


def _daily(scene: Scene, nine: Dictionary) -> Game:
    daily_dictionary()
    student = scene.student("daily-student")
    game = daily_attempt_start(player=student, puzzle=todays_puzzle())
    return services.game_guess(game_id=game.pk, player=student, letter="q").game


def _assignment(scene: Scene, nine: Dictionary, difficulty: str = "hard") -> Game:
    student = scene.student(f"assignment-{difficulty}")
    assignment = make_assignment(scene.classroom, dictionary=nine, difficulty=difficulty)
    return play_assignment(student, assignment, letters="e")


def _practice(scene: Scene, nine: Dictionary) -> Game:
    student = scene.student("practice-student")
    game = services.game_start(
        player=student,
        dictionary=nine,
        length=4,
        max_misses=6,
        difficulty="hard",
        show_word_count=True,
    )
    assert not game.is_ranked
    return services.game_guess(game_id=game.pk, player=student, letter="e").game


COUNTING: dict[str, Callable[[Scene, Dictionary], Game]] = {
    "ranked": _ranked,
    "daily": _daily,
    "assignment": _assignment,
    "assignment-fair": lambda scene, nine: _assignment(scene, nine, "fair"),
}


def body(response: object) -> str:
    streaming = getattr(response, "streaming_content", None)
    if streaming is not None:
        return b"".join(streaming).decode()
    return response.content.decode()  # type: ignore[attr-defined]


def candidates_of(game: Game) -> set[str]:
    words: set[str] = set()
    for step in range(len(game.letters) + 1):
        words.update(game_state(game, after_move=step).candidate_words())
    return words


def assert_no_candidate(text: str, game: Game) -> None:
    for word in candidates_of(game):
        assert not re.search(rf"\b{word}\b", text, re.IGNORECASE), word


def review_urls(game: Game) -> list[str]:
    candidates = reverse("game_review_candidates", args=[game.pk])
    return [reverse("game_review", args=[game.pk])] + [
        f"{candidates}?move={step}" for step in range(len(game.letters) + 1)
    ]


def export_urls(role: str, scene: Scene) -> list[str]:
    if role == "class_teacher":
        pk = scene.classroom.pk
        return [reverse("class_games_csv", args=[pk]), reverse("class_games_jsonl", args=[pk])]
    return [reverse("instructor_games_csv"), reverse("instructor_games_jsonl")]


@pytest.mark.parametrize("role", VIEWERS)
@pytest.mark.parametrize("kind", list(COUNTING))
class TestAGameThatCountsWhileItIsPlayed:
    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
    def test_the_review_and_the_candidates_are_refused(
        self, scene: Scene, nine: Dictionary, kind: str, role: str, headers: dict[str, str]
    ) -> None:
        game = COUNTING[kind](scene, nine)
        client = client_for(scene.viewers[role])
        for url in review_urls(game):
            response = client.get(url, **headers)
            assert response.status_code == 403, url
            assert_no_candidate(body(response), game)
            assert "still fit" not in body(response)

    def test_the_exports_keep_no_family_and_no_letter(
        self, scene: Scene, nine: Dictionary, kind: str, role: str
    ) -> None:
        game = COUNTING[kind](scene, nine)
        client = client_for(scene.viewers[role])
        csv_url, jsonl_url = export_urls(role, scene)
        text = body(client.get(csv_url))
        row = next(line for line in text.splitlines() if line.startswith(f"{game.pk},"))
        assert game.letters not in row.split(",")
        lines = [json.loads(line) for line in body(client.get(jsonl_url)).splitlines()]
        assert game.pk not in {line["game"] for line in lines}


@pytest.mark.parametrize("kind", list(COUNTING))
def test_the_admin_shows_neither_the_game_nor_its_moves(
    scene: Scene, nine: Dictionary, kind: str
) -> None:
    game = COUNTING[kind](scene, nine)
    client = client_for(scene.viewers["superuser"])
    assert client.get(reverse("admin:games_game_change", args=[game.pk])).status_code == 302
    listed = body(client.get(reverse("admin:games_game_changelist")))
    assert reverse("admin:games_game_change", args=[game.pk]) not in listed
    moves = body(client.get(reverse("admin:games_move_changelist")))
    assert f"Game {game.pk} (" not in moves


@pytest.mark.parametrize("role", VIEWERS)
@pytest.mark.parametrize("kind", [kind for kind in COUNTING if kind != "daily"])
def test_once_over_instructors_see_everything_again(
    scene: Scene, nine: Dictionary, kind: str, role: str
) -> None:
    """(Today's daily stays hidden until the day is over: test_daily_by_proxy.)"""
    game = COUNTING[kind](scene, nine)
    services.game_forfeit(game_id=game.pk, player=game.player)
    client = client_for(scene.viewers[role])
    url = reverse("game_review_candidates", args=[game.pk])
    response = client.get(url, {"move": 0})
    assert response.status_code == 200
    assert "still fit" in body(response)


@pytest.mark.parametrize("role", VIEWERS)
def test_a_practice_game_in_progress_keeps_its_candidates_for_instructors(
    scene: Scene, nine: Dictionary, role: str
) -> None:
    game = _practice(scene, nine)
    url = reverse("game_review_candidates", args=[game.pk])
    response = client_for(scene.viewers[role]).get(url, {"move": 1})
    assert response.status_code == 200
    assert "still fit" in body(response)


def test_the_predicate_and_its_filter_agree(scene: Scene, nine: Dictionary) -> None:
    games = [make(scene, nine) for make in (*COUNTING.values(), _practice)]
    for viewer in [*scene.viewers.values(), games[0].player]:
        hidden = set(Game.objects.filter(hidden_games(viewer)).values_list("pk", flat=True))
        for game in games:
            game.refresh_from_db()
            assert (game.pk in hidden) == is_secret_for(game, viewer), game
    assert [is_secret_for(game, scene.viewers["superuser"]) for game in games] == [
        True,
        True,
        True,
        True,
        False,
    ]


class TestStaffAndTheirOwnRankedGame:
    def test_the_admin_shows_no_seed_and_no_family_of_it(self, nine: Dictionary) -> None:
        staff = UserFactory(username="root", is_staff=True, is_superuser=True)
        game = services.game_start(
            player=staff, dictionary=nine, length=4, max_misses=6, difficulty="hard"
        )
        services.game_guess(game_id=game.pk, player=staff, letter="e")
        client = client_for(staff)
        change = client.get(reverse("admin:games_game_change", args=[game.pk]), follow=True)
        assert str(game.seed) not in body(change)
        moves = body(client.get(reverse("admin:games_move_changelist")))
        assert f"Game {game.pk} (" not in moves
        services.game_forfeit(game_id=game.pk, player=staff)
        over = client.get(reverse("admin:games_game_change", args=[game.pk]))
        assert over.status_code == 200
        assert str(game.seed) in body(over)

    def test_the_console_refuses_the_seed_of_a_game_in_progress(
        self, nine: Dictionary, tmp_path: object
    ) -> None:
        player = UserFactory()
        game = services.game_start(
            player=player, dictionary=nine, length=4, max_misses=6, difficulty="hard"
        )
        options = ["--dictionary", "nine", "--length", "4", "--misses", "6"]
        options += ["--difficulty", "hard", "--json", "--ranked", "--seed", str(game.seed)]
        with pytest.raises(CommandError, match="that seed is a game's that counts"):
            call_command("play", *options, stdin=io.StringIO("e\n"), stdout=io.StringIO())
        services.game_forfeit(game_id=game.pk, player=player)
        out = io.StringIO()
        call_command("play", *options, stdin=io.StringIO("e\n"), stdout=out)
        assert json.loads(out.getvalue().splitlines()[0])["guess"] == "e"

    def test_the_console_refuses_the_seed_of_todays_daily(self) -> None:
        daily_dictionary()
        puzzle = todays_puzzle()
        attempt = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle))
        options = ["--dictionary", "made-up", "--length", str(puzzle.length)]
        options += ["--misses", str(puzzle.max_misses), "--difficulty", puzzle.difficulty]
        options += ["--json", "--ranked", "--seed", str(attempt.seed)]
        with pytest.raises(CommandError, match="today's daily puzzle"):
            call_command("play", *options, stdin=io.StringIO("e\n"), stdout=io.StringIO())


def test_a_visitor_and_a_bot_never_read_it(scene: Scene, nine: Dictionary) -> None:
    game = _ranked(scene, nine)
    for url in review_urls(game):
        assert Client().get(url).status_code in (302, 404)
    from api.services import api_token_create

    _, secret = api_token_create(user=make_instructor("bot-coach"), name="coach")
    response = Client().get(f"/api/v1/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert response.status_code == 404
    assert str(game.seed) not in body(response)
