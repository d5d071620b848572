"""Bot assignments: the class's side of the games students' programs play through the API.

The API (``api``) is below classes: it knows tokens and bot games, not classes. A token
made for an assignment (``assignment_token_create``) is checked at every start by
``assignment_start_check``, which ``ClassesConfig.ready`` registers with the API
(``api.services.register_start_check``); the instructor's table reads the bots' games
(``assignment_bot_records``) and the rows they are measured against
(``assignment_reference_rows``). Reads and the one write live together here because
they are the same feature seen from the class, and small.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Avg, Count, Max, Min, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from api.models import ApiToken, MakerGame
from api.reference_games import reference_misses
from api.selectors import GUESSER_MISSES, MAKER_FORCED
from api.services import ApiRuleError, BotRole, api_token_create
from classes.models import Assignment, Membership, Players
from dictionaries.models import Dictionary
from games import engine
from games.difficulties import label as difficulty_label
from games.models import Game
from games.selectors.board import par_for


def assignment_token_create(
    *, user: AbstractBaseUser, assignment: Assignment
) -> tuple[ApiToken, str]:
    """A token for a bot assignment, made by a student of its class while it is open:
    its games count for the assignment (``assignment_start_check``)."""
    if not assignment.is_for_bots:
        raise ApiRuleError(
            "not_a_bot_assignment", gettext("This assignment is played on the board, not by bots.")
        )
    if not Membership.objects.filter(classroom_id=assignment.classroom_id, student=user).exists():
        raise ApiRuleError(
            "not_in_class",
            gettext("Only the students of this class can make its tokens."),
            status=403,
        )
    if assignment.due_at <= timezone.now():
        raise ApiRuleError(
            "assignment_closed",
            gettext("“%(title)s” is closed; no token was made.") % {"title": assignment.title},
            status=403,
        )
    return api_token_create(user=user, name=assignment.title, assignment=assignment)


def assignment_start_check(
    *,
    token: ApiToken,
    role: BotRole,
    dictionary: Dictionary,
    length: int,
    max_misses: int,
    difficulty: str | None = None,
) -> None:
    """Refuse a start with an assignment's token that breaks the assignment's rules: the
    other role, a student no longer in the class, after the due date, other settings than
    the assignment's, or more games than it allows. Nothing for a token of no assignment.

    The student's membership row is locked while their games are counted, so starts
    through two tokens of the same assignment cannot pass the count together.
    """
    assignment = token.assignment
    if assignment is None:
        return
    players = Players.GUESSER_BOTS if role == BotRole.GUESSER else Players.MAKER_BOTS
    membership = (
        Membership.objects.select_for_update()
        .filter(classroom_id=assignment.classroom_id, student_id=token.user_id)
        .first()
    )
    if membership is None:
        raise ApiRuleError(
            "not_in_class",
            f"This token is for “{assignment.title}”, and you are no longer in its class. "
            "No game was started.",
            status=403,
        )
    if assignment.players != players:
        wanted = "guesser" if assignment.players == Players.GUESSER_BOTS else "word-maker"
        raise ApiRuleError(
            "wrong_role",
            f"“{assignment.title}” is for {wanted} bots; start that kind of game with this "
            "token. No game was started.",
            status=403,
        )
    if assignment.due_at <= timezone.now():
        due = timezone.localtime(assignment.due_at)
        raise ApiRuleError(
            "assignment_closed",
            f"“{assignment.title}” was due on {due:%Y-%m-%d at %H:%M}; it no longer takes new "
            "games. No game was started.",
            status=403,
        )
    wanted_settings = {
        "dictionary": assignment.dictionary.slug,
        "length": assignment.length,
        "max_misses": assignment.max_misses,
    }
    sent = {"dictionary": dictionary.slug, "length": length, "max_misses": max_misses}
    if players == Players.GUESSER_BOTS:
        wanted_settings["difficulty"] = assignment.difficulty
        sent["difficulty"] = difficulty or ""
    if sent != wanted_settings:
        shown = ", ".join(f"{key} {value}" for key, value in wanted_settings.items())
        raise ApiRuleError(
            "assignment_settings",
            f"“{assignment.title}” is played with {shown}; start with exactly these. "
            "No game was started.",
        )
    played = (
        Game.objects.filter(player_id=token.user_id, api_game__token__assignment=assignment).count()
        + MakerGame.objects.filter(player_id=token.user_id, token__assignment=assignment).count()
    )
    if played >= (assignment.games_allowed or 0):
        raise ApiRuleError(
            "assignment_games_used",
            f"Your bot has played the {assignment.games_allowed} games “{assignment.title}” "
            "allows. No game was started.",
            status=409,
        )


@dataclass(frozen=True)
class ReferenceRow:
    label: str
    misses: int


def assignment_reference_rows(
    assignment: Assignment, *, player: AbstractBaseUser, address: str | None = None
) -> list[ReferenceRow]:
    """The rows a bot assignment's students are measured against, on its settings: for
    guessers par and the site's AI guesser against the assignment's word-maker; for
    word-makers what the hard and fiendish word-makers force on the same AI guesser."""
    common = {
        "dictionary_id": assignment.dictionary_id,
        "length": assignment.length,
        "max_misses": assignment.max_misses,
        "player": player,
        "address": address,
    }
    if assignment.players == Players.MAKER_BOTS:
        return [
            ReferenceRow(
                gettext("The site's %(difficulty)s word-maker (misses forced)")
                % {"difficulty": str(difficulty_label(name)).lower()},
                misses,
            )
            for name, misses in reference_misses(**common).items()
        ]
    rows = []
    par = par_for(
        dictionary_id=assignment.dictionary_id,
        length=assignment.length,
        difficulty=assignment.difficulty,
    )
    if par is not None:
        rows.append(ReferenceRow(gettext("Par (fewest misses a line of play found)"), par.misses))
    difficulty = engine.Difficulty(assignment.difficulty)
    found = reference_misses(**common, difficulties=(difficulty,))
    if difficulty.value in found:  # else queued for the worker: shown once played
        rows.append(
            ReferenceRow(gettext("The site's AI guesser (misses needed)"), found[difficulty.value])
        )
    return rows


@dataclass(frozen=True)
class BotStudentRow:
    """A student's bot in a bot assignment: finished games, their average and worst score
    (guessers: misses needed, the most is worst; word-makers: misses forced, the fewest is
    worst), games in progress, and when the program last started a game."""

    student_id: int
    username: str
    games: int = 0
    in_progress: int = 0
    average_misses: float | None = None
    worst_misses: int | None = None
    last_run: dt.datetime | None = None


def assignment_bot_games(
    assignment: Assignment, *, student_id: int | None = None
) -> QuerySet[Game] | QuerySet[MakerGame]:
    """The games the class's current students' bots played for the assignment (of one
    student when given): started with a token of the assignment, by its owner."""
    students = assignment.classroom.memberships.values("student_id")
    if assignment.players == Players.MAKER_BOTS:
        games: QuerySet = MakerGame.objects.filter(
            token__assignment=assignment, player_id__in=students
        )
    else:
        games = Game.objects.filter(
            api_game__token__assignment=assignment, played_by_bot=True, player_id__in=students
        )
    if student_id is not None:
        games = games.filter(player_id=student_id)
    return games.order_by("-started_at", "-id")


def assignment_bot_records(assignment: Assignment) -> list[BotStudentRow]:
    """One row per current student of the class, by name, with their bot's games of the
    assignment (two queries: the students, their games grouped by student)."""
    makers = assignment.players == Players.MAKER_BOTS
    score = MAKER_FORCED if makers else GUESSER_MISSES
    worst = (
        Min(score, filter=Q(finished_at__isnull=False))
        if makers
        else Max(score, filter=Q(finished_at__isnull=False))
    )
    totals = {
        row.pop("player_id"): row
        for row in assignment_bot_games(assignment)
        .order_by()
        .values("player_id")
        .annotate(
            games=Count("pk", filter=Q(finished_at__isnull=False)),
            in_progress=Count("pk", filter=Q(finished_at__isnull=True)),
            average=Avg(score, filter=Q(finished_at__isnull=False)),
            worst=worst,
            last_run=Max("started_at"),
        )
    }
    rows = []
    for student_id, username in assignment.classroom.memberships.order_by(
        "student__username"
    ).values_list("student_id", "student__username"):
        found = totals.get(student_id)
        if found is None:
            rows.append(BotStudentRow(student_id=student_id, username=username))
            continue
        rows.append(
            BotStudentRow(
                student_id=student_id,
                username=username,
                games=found["games"],
                in_progress=found["in_progress"],
                average_misses=None if found["average"] is None else round(found["average"], 2),
                worst_misses=found["worst"],
                last_run=found["last_run"],
            )
        )
    return rows
