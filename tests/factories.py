"""Model factories shared by every test package."""

from __future__ import annotations

import datetime as dt

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from classes.models import Assignment, Classroom, Membership
from classes.services import join_code_draw
from dictionaries.frequency import zipf_of
from dictionaries.models import Dictionary, Word
from games.leaderboard_totals import leaderboard_totals_add
from games.models import CountsAs, Difficulty, Game, Move, Status
from games.scoring import win_points

DEFAULT_PASSWORD = "correct-horse-battery-staple"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.django.Password(DEFAULT_PASSWORD)


class DictionaryFactory(factory.django.DjangoModelFactory):
    """A dictionary; pass ``words=[...]`` to store its words as rows.

    Their Zipf frequency is 0 (unknown) unless ``words__zipf={word: zipf}`` gives it
    (``words__zipf="wordfreq"``: the real ones, as an import stores them): with every
    word unknown, a lost game names the rules' own word.
    """

    class Meta:
        model = Dictionary
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Dictionary {n}")
    slug = factory.Sequence(lambda n: f"dictionary-{n}")

    @factory.post_generation
    def words(self, create: bool, extracted: list[str] | None, **kwargs: object) -> None:
        if not create or not extracted:
            return
        unique = sorted(set(extracted))
        given = kwargs.get("zipf") or {}
        zipf = dict(zip(unique, zipf_of(unique), strict=True)) if given == "wordfreq" else given
        Word.objects.bulk_create(
            Word(dictionary=self, text=text, length=len(text), zipf=zipf.get(text, 0.0))  # type: ignore[union-attr]
            for text in unique
        )
        self.word_count = len(unique)
        self.save(update_fields=["word_count"])


class GameFactory(factory.django.DjangoModelFactory):
    """A game row; set status/finished_at/letters consistently when you override them."""

    class Meta:
        model = Game

    player = factory.SubFactory(UserFactory)
    dictionary = factory.SubFactory(DictionaryFactory)
    length = 4
    max_misses = 8
    difficulty = Difficulty.HARD
    is_ranked = True
    # What it counts as follows from it, as ``game_create`` stores it (give it to differ).
    counts_as = factory.LazyAttribute(
        lambda game: (
            CountsAs.RANKED
            if (game.is_ranked or getattr(game, "unranked_by_hint", False))
            and not getattr(game, "played_by_computer", False)
            else CountsAs.NOTHING
        )
    )
    seed = factory.Sequence(lambda n: n)
    word = ""
    pattern = factory.LazyAttribute(
        lambda game: (
            (game.word or "z" * game.length) if game.status == Status.WON else "-" * game.length
        )
    )
    words_left = 9
    status = Status.PLAYING
    # A game is its moves: given only letters, they are its moves.
    moves = factory.LazyAttribute(lambda game: list(getattr(game, "letters", "")))
    finished_at = factory.LazyAttribute(
        lambda game: None if game.status == Status.PLAYING else timezone.now()
    )


class FinishedGameFactory(GameFactory):
    """A finished game (won by default); score follows games/scoring.py unless given."""

    status = Status.WON
    forfeited = False
    finished_at = factory.LazyFunction(timezone.now)
    word = factory.LazyAttribute(lambda game: "z" * game.length)
    pattern = factory.LazyAttribute(
        lambda game: game.word if game.status == Status.WON else "-" * game.length
    )
    misses = factory.LazyAttribute(
        lambda game: game.max_misses if game.status == Status.LOST and not game.forfeited else 0
    )
    words_left = 1
    score = factory.LazyAttribute(
        lambda game: (
            win_points(difficulty=game.difficulty, max_misses=game.max_misses)
            if game.is_ranked and game.status == Status.WON
            else 0
        )
    )

    @classmethod
    def _create(cls, model_class: type[Game], *args: object, **kwargs: object) -> Game:
        """Counted on the leaderboards as the services count a game they finish."""
        game = super()._create(model_class, *args, **kwargs)
        leaderboard_totals_add(game=game)
        return game


class MoveFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Move

    game = factory.SubFactory(GameFactory)
    number = factory.Sequence(lambda n: n % 26 + 1)
    letter = "e"
    miss = True
    pattern = "----"
    kept_size = 3
    kept_rank = 0
    reason = "hardest"
    families = factory.LazyFunction(lambda: [["----", 3], ["-e--", 2]])


class ClassroomFactory(factory.django.DjangoModelFactory):
    """A class; its instructor is a plain user unless given (the permission is the
    services' business, not the row's)."""

    class Meta:
        model = Classroom

    instructor = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Class {n}")
    term = "Spring 2026"
    join_code = factory.LazyFunction(join_code_draw)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    classroom = factory.SubFactory(ClassroomFactory)
    student = factory.SubFactory(UserFactory)


class AssignmentFactory(factory.django.DjangoModelFactory):
    """Open for a week by default; 4-letter hard games with 8 wrong guesses."""

    class Meta:
        model = Assignment

    classroom = factory.SubFactory(ClassroomFactory)
    title = factory.Sequence(lambda n: f"Assignment {n}")
    dictionary = factory.SubFactory(DictionaryFactory)
    length = 4
    max_misses = 8
    difficulty = Difficulty.HARD
    due_at = factory.LazyFunction(lambda: timezone.now() + dt.timedelta(days=7))
