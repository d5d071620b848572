"""Today's daily puzzle stays secret to everyone but each attempt's own player, by every path.

Issue 15, items 1 and 2 of what was wrong: an instructor of the student's class, an
instructor of the site-wide group, a superuser and another player, none of whom has
played today, try to read a student's attempt (in progress, then finished) through
the review, the candidate words at every step, the class and instructor exports, the
lists, the share page, the computer's replay and the admin. Each is refused with a
clear message or shows "hidden", nothing of the puzzle reaches the page, and nothing
in the database changes. Having finished their own attempt opens nothing (issue 26:
a spare account gave up at once and read the winners' letters); once the day is
over, the same viewer sees it: the refusals are the rule, not an accident.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.http import StreamingHttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from classes.models import Classroom
from daily.models import DailyGame
from daily.selectors import HIDDEN_UNTIL_TOMORROW
from daily.services import daily_attempt_start
from games import services
from games.models import CountsAs, Game, Move
from games.secrecy import is_secret_for, secrecy_for
from games.selectors.replay import game_state
from games.selectors.share import result_path
from games.services.start import GameSettings, game_create, settings_lexicon_load
from tests.classes.support import enroll, make_class, make_class_instructor
from tests.daily.support import daily_dictionary, play_out, todays_puzzle
from tests.factories import UserFactory
from tests.records.support import client_for, make_instructor

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
NOT_YET = "its moves stay hidden from everyone but its player until the day is over"
INSTRUCTORS = ("class_teacher", "site_instructor", "superuser")
VIEWERS = (*INSTRUCTORS, "other_player")


@dataclass
class Scene:
    student: User
    attempt: Game  # the student's attempt at today's puzzle, two guesses in
    classroom: Classroom
    viewers: dict[str, User]

    def client(self, role: str) -> Client:
        return client_for(self.viewers[role])


@pytest.fixture
def scene() -> Scene:
    daily_dictionary()
    student = UserFactory(username="student")
    attempt = daily_attempt_start(player=student, puzzle=todays_puzzle())
    for letter in "qz":
        services.game_guess(game_id=attempt.pk, player=student, letter=letter)
    attempt.refresh_from_db()
    teacher = make_class_instructor("teacher")
    classroom = make_class(teacher)
    enroll(classroom, student)
    viewers = {
        "class_teacher": teacher,
        "site_instructor": make_instructor("site-instructor"),
        "superuser": UserFactory(username="root", is_staff=True, is_superuser=True),
        "other_player": UserFactory(username="other"),
    }
    return Scene(student=student, attempt=attempt, classroom=classroom, viewers=viewers)


def secrets_of(game: Game) -> list[str]:
    """What would give the puzzle away: the words still possible at every step."""
    words: set[str] = set()
    for step in range(len(game.letters) + 1):
        words.update(game_state(game, after_move=step).candidate_words())
    if game.word:
        words.add(game.word)
    return sorted(words)


def assert_nothing_leaks(text: str, game: Game) -> None:
    for word in secrets_of(game):
        assert not re.search(rf"\b{word}\b", text, re.IGNORECASE), word


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    moves = list(Move.objects.filter(game=game).values_list("number", "letter", "pattern"))
    return (game.letters, game.pattern, game.status, game.is_ranked, game.hints_used, moves)


def body(response: Any) -> str:
    if isinstance(response, StreamingHttpResponse):
        return b"".join(response.streaming_content).decode()
    return response.content.decode()


def csv_row_of(text: str, game: Game) -> dict[str, str]:
    return next(row for row in csv.DictReader(io.StringIO(text)) if row["game"] == str(game.pk))


def export_urls(role: str, scene: Scene) -> list[str]:
    if role == "class_teacher":
        pk = scene.classroom.pk
        return [reverse("class_games_csv", args=[pk]), reverse("class_games_jsonl", args=[pk])]
    return [reverse("instructor_games_csv"), reverse("instructor_games_jsonl")]


def list_url(role: str, scene: Scene) -> str:
    if role == "class_teacher":
        return reverse("class_games", args=[scene.classroom.pk])
    return reverse("instructor_games")


def review_urls(game: Game) -> list[str]:
    candidates = reverse("game_review_candidates", args=[game.pk])
    return [reverse("game_review", args=[game.pk])] + [
        f"{candidates}?move={step}" for step in range(len(game.letters) + 1)
    ]


class TestTheReviewAndTheCandidates:
    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
    @pytest.mark.parametrize("role", INSTRUCTORS)
    def test_an_instructor_is_refused_an_attempt_in_progress(
        self, scene: Scene, role: str, headers: dict[str, str]
    ) -> None:
        before = snapshot(scene.attempt)
        client = scene.client(role)
        for url in review_urls(scene.attempt):
            response = client.get(url, **headers)
            assert response.status_code == 403, url
            text = body(response)
            assert NOT_YET in text
            assert_nothing_leaks(text, scene.attempt)
        assert snapshot(scene.attempt) == before

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
    def test_another_player_finds_no_attempt_in_progress(
        self, scene: Scene, headers: dict[str, str]
    ) -> None:
        client = scene.client("other_player")
        for url in review_urls(scene.attempt):
            response = client.get(url, **headers)
            assert response.status_code == 404, url
            assert_nothing_leaks(body(response), scene.attempt)

    @pytest.mark.parametrize("role", VIEWERS)
    def test_a_finished_attempt_stays_hidden_even_once_the_viewer_has_played(
        self, scene: Scene, role: str
    ) -> None:
        attempt = play_out(scene.attempt)
        before = snapshot(attempt)
        client = scene.client(role)
        for url in review_urls(attempt):
            response = client.get(url)
            assert response.status_code == 403, url
            assert NOT_YET in body(response)
            assert_nothing_leaks(body(response), attempt)
        assert snapshot(attempt) == before
        # The viewer plays their own attempt to the end: the student's stays closed.
        play_out(daily_attempt_start(player=scene.viewers[role], puzzle=attempt.daily_link.puzzle))
        assert client.get(reverse("game_review", args=[attempt.pk])).status_code == 403

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
    @pytest.mark.parametrize("role", INSTRUCTORS)
    def test_an_instructor_who_gave_up_at_once_cannot_read_an_attempt_being_played(
        self, scene: Scene, role: str, headers: dict[str, str]
    ) -> None:
        """The accomplice (or the player's own instructor account) gives up today's attempt
        without a guess, so has "finished", then reads the student's attempt in progress,
        candidates and all, for the student to play it perfectly: refused until it is over."""
        viewer = scene.viewers[role]
        gave_up = daily_attempt_start(player=viewer, puzzle=scene.attempt.daily_link.puzzle)
        services.game_forfeit(game_id=gave_up.pk, player=viewer)
        before = snapshot(scene.attempt)
        client = scene.client(role)
        for url in review_urls(scene.attempt):
            response = client.get(url, **headers)
            assert response.status_code == 403, url
            assert NOT_YET in body(response)
            assert_nothing_leaks(body(response), scene.attempt)
        csv_url, jsonl_url = export_urls(role, scene)
        assert csv_row_of(body(client.get(csv_url)), scene.attempt)["pattern"] == (
            HIDDEN_UNTIL_TOMORROW
        )
        lines = [json.loads(line) for line in body(client.get(jsonl_url)).splitlines()]
        assert scene.attempt.pk not in {line["game"] for line in lines}
        listed = body(client.get(list_url(role, scene), **headers))
        assert "Today's daily: hidden until the day is over (UTC)" in listed
        assert snapshot(scene.attempt) == before
        # Over, and both have played it: still closed until the day is over.
        play_out(scene.attempt)
        url = reverse("game_review_candidates", args=[scene.attempt.pk])
        assert client.get(url, {"move": 0}, **headers).status_code == 403
        tomorrow = timezone.now() + dt.timedelta(days=1)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(timezone, "now", lambda: tomorrow)
            response = client.get(url, {"move": 0}, **headers)
        assert response.status_code == 200
        assert "still fit" in body(response)

    def test_once_the_day_is_over_everyone_may_review(
        self, scene: Scene, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        attempt = play_out(scene.attempt)
        client = scene.client("other_player")
        assert client.get(reverse("game_review", args=[attempt.pk])).status_code == 403
        tomorrow = timezone.now() + dt.timedelta(days=1)
        monkeypatch.setattr(timezone, "now", lambda: tomorrow)
        assert client.get(reverse("game_review", args=[attempt.pk])).status_code == 200

    @pytest.mark.parametrize("role", INSTRUCTORS)
    def test_the_computers_replay_of_the_attempt_is_as_secret(
        self, scene: Scene, role: str
    ) -> None:
        attempt = play_out(scene.attempt)
        # A replay made before the computer waited for the day to end (issue 26).
        replay = game_create(
            player=scene.student,
            game_settings=GameSettings.of(attempt),
            lexicon=settings_lexicon_load(GameSettings.of(attempt)),
            ranked=False,
            seed=attempt.seed,
            seeded_ties=attempt.seeded_ties,
            vocabulary=attempt.vocabulary,
            computer=True,
            replay_of=attempt,
        )
        DailyGame.objects.create(game=replay, puzzle=attempt.daily_link.puzzle)  # as then
        for _ in range(3):
            services.computer_move(game_id=replay.pk, player=scene.student)
        replay.refresh_from_db()
        client = scene.client(role)
        for url in review_urls(replay):
            response = client.get(url)
            assert response.status_code == 403, url
            assert_nothing_leaks(body(response), replay)


class TestTheBoardAndTheComputer:
    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
    @pytest.mark.parametrize("role", VIEWERS)
    def test_another_account_can_neither_open_nor_play_nor_replay_the_attempt(
        self, scene: Scene, role: str, headers: dict[str, str]
    ) -> None:
        attempt = scene.attempt
        before = snapshot(attempt)
        client = scene.client(role)
        assert client.get(reverse("game_detail", args=[attempt.pk]), **headers).status_code == 404
        data = {"letter": "x", "expected_guesses": len(attempt.letters), "confirm": "yes"}
        for name in ("game_guess", "game_undo", "game_hint", "computer_next", "computer_replay"):
            response = client.post(reverse(name, args=[attempt.pk]), data, **headers)
            assert response.status_code == 404, name
            assert_nothing_leaks(body(response), attempt)
        assert snapshot(attempt) == before
        assert not Game.objects.filter(computer_replay_of=attempt).exists()

    def test_the_player_gets_no_replay_before_finishing(self, scene: Scene) -> None:
        client = client_for(scene.student)
        response = client.post(reverse("computer_replay", args=[scene.attempt.pk]), follow=True)
        assert "Not yet: this game is hidden until the day is over (UTC)" in body(response)
        assert not Game.objects.filter(computer_replay_of=scene.attempt).exists()


class TestExportsAndLists:
    @pytest.mark.parametrize("role", INSTRUCTORS)
    @pytest.mark.parametrize("finished", [False, True], ids=["in-progress", "finished"])
    def test_exports_keep_the_row_and_hide_the_puzzle(
        self, scene: Scene, role: str, finished: bool
    ) -> None:
        attempt = play_out(scene.attempt) if finished else scene.attempt
        ordinary = services.game_start(
            player=scene.student,
            dictionary=attempt.dictionary,
            length=7,
            max_misses=5,
            difficulty="hard",
            show_word_count=True,  # practice: a ranked game in progress is hidden too
        )
        services.game_guess(game_id=ordinary.pk, player=scene.student, letter="q")
        before = snapshot(attempt)
        client = scene.client(role)
        csv_url, jsonl_url = export_urls(role, scene)
        text = body(client.get(csv_url))
        row = csv_row_of(text, attempt)
        assert (row["letters"], row["pattern"], row["word"]) == (HIDDEN_UNTIL_TOMORROW,) * 3
        assert (row["guesses"], row["wrong_guesses"]) == ("", "")
        assert row["player"] == "student"  # the row is there: the export keeps its shape
        assert_nothing_leaks(text, attempt)
        assert csv_row_of(text, ordinary)["letters"] == "q"  # other games in full
        lines = [json.loads(line) for line in body(client.get(jsonl_url)).splitlines()]
        assert {line["game"] for line in lines} == {ordinary.pk}
        assert snapshot(attempt) == before

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
    @pytest.mark.parametrize("role", INSTRUCTORS)
    def test_the_instructors_lists_say_hidden_and_show_no_word(
        self, scene: Scene, role: str, headers: dict[str, str]
    ) -> None:
        attempt = play_out(scene.attempt)
        response = scene.client(role).get(list_url(role, scene), **headers)
        assert response.status_code == 200
        text = body(response)
        assert "Today's daily: hidden until the day is over (UTC)" in text
        assert_nothing_leaks(text, attempt)

    def test_the_players_own_download_has_their_attempt_in_full(self, scene: Scene) -> None:
        attempt = play_out(scene.attempt)
        client = client_for(scene.student)
        row = csv_row_of(body(client.get(reverse("my_data_csv"))), attempt)
        assert row["letters"] == attempt.letters
        assert row["word"] == attempt.word
        lines = body(client.get(reverse("my_data_jsonl"))).splitlines()
        assert len(lines) == len(attempt.letters)


class TestTheirOwnAttemptInProgress:
    """An instructor or a staffer playing today's puzzle reads their own attempt's families
    (every family's size, the words left the board hides) in the instructors' JSON lines
    or in the admin's moves, while still playing it."""

    @pytest.mark.parametrize("role", ["site_instructor", "superuser"])
    def test_the_exports_and_the_admin_show_only_what_the_board_shows(
        self, scene: Scene, role: str
    ) -> None:
        viewer = scene.viewers[role]
        own = daily_attempt_start(player=viewer, puzzle=scene.attempt.daily_link.puzzle)
        services.game_guess(game_id=own.pk, player=viewer, letter="q")
        before = snapshot(own)
        client = scene.client(role)
        lines = body(client.get(reverse("instructor_games_jsonl"))).splitlines()
        assert [line for line in lines if json.loads(line)["game"] == own.pk] == []
        row = csv_row_of(body(client.get(reverse("instructor_games_csv"))), own)
        assert row["pattern"] == HIDDEN_UNTIL_TOMORROW
        if role == "superuser":
            change = client.get(reverse("admin:games_game_change", args=[own.pk]))
            assert change.status_code == 302
            moves = body(client.get(reverse("admin:games_move_changelist")))
            assert reverse("admin:games_game_change", args=[own.pk]) not in moves
        # The board still shows it, without the words left.
        board = body(client.get(reverse("game_detail", args=[own.pk])))
        assert "still possible" not in board
        assert snapshot(own) == before
        # Finished: the exports have it move by move.
        play_out(own)
        lines = body(client.get(reverse("instructor_games_jsonl"))).splitlines()
        assert [json.loads(line)["game"] for line in lines].count(own.pk) == len(own.letters)


class TestSharePageAndAdmin:
    @pytest.mark.parametrize("role", [*VIEWERS, "visitor"])
    def test_the_share_page_hides_the_letters_and_the_word(self, scene: Scene, role: str) -> None:
        attempt = play_out(scene.attempt)
        client = Client() if role == "visitor" else scene.client(role)
        response = client.get(result_path(attempt))
        assert response.status_code == 200
        assert_nothing_leaks(body(response), attempt)

    def test_the_admin_lists_no_game_or_move_of_todays_puzzle(self, scene: Scene) -> None:
        attempt = play_out(scene.attempt)
        client = scene.client("superuser")
        change = client.get(reverse("admin:games_game_change", args=[attempt.pk]))
        assert change.status_code == 302  # "does not exist": back to the admin index
        games = body(client.get(reverse("admin:games_game_changelist")))
        assert reverse("admin:games_game_change", args=[attempt.pk]) not in games
        moves = body(client.get(reverse("admin:games_move_changelist")))
        assert f"Game {attempt.pk} (" not in moves
        assert_nothing_leaks(games + moves, attempt)
        move = Move.objects.filter(game=attempt).first()
        assert move is not None
        assert client.get(reverse("admin:games_move_change", args=[move.pk])).status_code == 302
        # Played: still left out, until the day is over.
        viewer = scene.viewers["superuser"]
        play_out(daily_attempt_start(player=viewer, puzzle=attempt.daily_link.puzzle))
        assert client.get(reverse("admin:games_game_change", args=[attempt.pk])).status_code == 302
        tomorrow = timezone.now() + dt.timedelta(days=1)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(timezone, "now", lambda: tomorrow)
            change = client.get(reverse("admin:games_game_change", args=[attempt.pk]))
        assert change.status_code == 200

    @pytest.mark.parametrize("role", ["staff", "superuser"])
    def test_the_admins_delete_a_player_page_names_no_letter_of_the_attempt(
        self, scene: Scene, role: str
    ) -> None:
        """Deleting a player lists what goes with them, moves included, past the filter the
        games' own pages use: a GET of that page (nothing deleted) named every letter."""
        attempt = play_out(scene.attempt)
        before = snapshot(attempt)
        if role == "staff":
            staff = UserFactory(username="staffer", is_staff=True)
            staff.user_permissions.add(
                *Permission.objects.filter(
                    # a staffer who may delete players, with their games and ratings
                    # (not a superuser)
                    codename__in=[
                        "view_user",
                        "delete_user",
                        "delete_game",
                        "delete_move",
                        "delete_playerrating",
                        "delete_ratingchange",
                    ]
                )
            )
            client = client_for(staff)
        else:
            client = scene.client("superuser")
        page = body(client.get(reverse("admin:auth_user_delete", args=[scene.student.pk])))
        moves = re.findall(r"Move: (?:<a [^>]*>)?([^<]*)", page)
        assert len(moves) == len(attempt.letters)  # the moves are listed, by number
        for named in moves:
            assert not re.search(r"\b[a-z]\b", named), named
        assert_nothing_leaks(page, attempt)
        assert snapshot(attempt) == before


def test_the_predicate_and_its_filter_agree(scene: Scene) -> None:
    """The one rule has two forms (a game, a queryset): they decide alike for every viewer."""
    attempt = play_out(scene.attempt)
    yesterday_game = Game.objects.create(
        player=scene.student,
        dictionary=attempt.dictionary,
        length=7,
        max_misses=5,
        difficulty="hard",
        seed=1,
        counts_as=CountsAs.RANKED,
        pattern="-" * 7,
        words_left=1,
    )
    playing = daily_attempt_start(player=UserFactory(), puzzle=attempt.daily_link.puzzle)
    for viewer in [scene.student, *scene.viewers.values()]:
        secret = secrecy_for(viewer)
        hidden = set(Game.objects.filter(secret.hidden_games()).values_list("pk", flat=True))
        for game in (attempt, yesterday_game, playing):
            assert (game.pk in hidden) == secret.hides(game) == is_secret_for(game, viewer)
    assert is_secret_for(attempt, scene.viewers["site_instructor"])
    assert not is_secret_for(attempt, scene.student)
    assert is_secret_for(playing, scene.student)  # the student has finished; it has not
