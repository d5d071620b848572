"""A game's row: its settings, seed and letters, and the rules it keeps as check constraints.

About 30 constraints, each a line or a few with the reason beside it; the settings fields
shared with the rows games are started from (a class assignment, a day's puzzle) sit
beside it, as do the choices its columns store.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F
from django.db.models.functions import Length
from django.db.models.lookups import Exact
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from dictionaries.languages import MAX_ALPHABET
from dictionaries.models import Dictionary
from games.difficulties import label as difficulty_label
from games.difficulties import reason_label
from games.engine import FULL_VOCABULARY, HIDDEN, MAKERS, is_word_move
from games.engine import Reason as EngineReason
from games.engine import Status as EngineStatus
from games.engine.makers import FAIR, NAME_MAX_LENGTH
from games.models.functions import JSONArrayLength

# Wrong guesses allowed stay at most 26 in every alphabet (the drawing, the pips and the
# ratings' boards are made for that many), though a longer alphabet allows more guesses.
MAX_WRONG_GUESSES = 26


# The difficulties: one per word-maker of the engine's registry (games/engine/makers/), with
# its label in the player's language (games/difficulties.py), in its order. Adding a
# word-maker there changes these choices (a migration).
Difficulty = models.TextChoices(  # type: ignore[misc]
    "Difficulty",
    [(maker.name.upper(), (maker.name, difficulty_label(maker.name))) for maker in MAKERS],
)
# The columns that store a difficulty (the registry refuses a longer name).
DIFFICULTY_MAX_LENGTH = NAME_MAX_LENGTH

# Difficulties that count on leaderboards (the fair game is for learning and never ranked),
# and those par is worked out for: the registry says which.
RANKED_DIFFICULTIES = tuple(Difficulty(maker.name) for maker in MAKERS if maker.ranked)
RULE_DIFFICULTIES = tuple(Difficulty(maker.name) for maker in MAKERS if maker.has_par)
UNRANKED_DIFFICULTIES = tuple(Difficulty(maker.name) for maker in MAKERS if not maker.ranked)


class Status(models.TextChoices):
    PLAYING = EngineStatus.PLAYING.value, pgettext_lazy("game status", "In progress")
    WON = EngineStatus.WON.value, pgettext_lazy("game status", "Won")
    LOST = EngineStatus.LOST.value, pgettext_lazy("game status", "Lost")


# Why a move's family was kept: the engine's reasons (the rules' own, then each word-maker's),
# with the review's words for them in the player's language (games/difficulties.py).
Reason = models.TextChoices(  # type: ignore[misc]
    "Reason", [(reason.name, (reason.value, reason_label(reason))) for reason in EngineReason]
)


class CountsAs(models.TextChoices):
    """What a game counts for, set when it starts (``games.services.start.game_create``) from
    what its way in says and never changed after: a game that counts takes no hint and no
    undo, and nobody reads its families or candidates while it is played
    (``games.secrecy``). The label is what the player is told it is, in a sentence."""

    NOTHING = "", _("a practice game")
    RANKED = "ranked", _("a ranked game")
    # Someone's one attempt at a board everyone plays with one seed (the day's puzzle): it
    # has a board of its own, so it is on no points leaderboard and forfeits no ranked game.
    ONE_ATTEMPT = "one_attempt", _("your one attempt at the daily puzzle")
    ASSIGNMENT = "assignment", _("a game of a class assignment")


COUNTS_AS_MAX_LENGTH = 11
# Games the points and win-rate leaderboards count: finished, ranked, not a one attempt
# (those have their own board).
LEADERBOARD_GAMES = models.Q(is_ranked=True, finished_at__isnull=False) & ~models.Q(
    counts_as=CountsAs.ONE_ATTEMPT
)
# The games a person played themselves: what statistics, streaks and classes count. The
# computer's games (watched) and bot games (a program played them through the API) are not.
PLAYED_BY_PLAYER = models.Q(played_by_computer=False, played_by_bot=False)
# The finished ranked one attempts: each board of them is read in this order, by its seed
# (every attempt at one board plays the same seed), best first.
ONE_ATTEMPT_BOARD_GAMES = models.Q(
    is_ranked=True, finished_at__isnull=False, counts_as=CountsAs.ONE_ATTEMPT
)
# Hints a game may ask for: one per position, and a game has at most one guess per
# letter of its alphabet.
MAX_HINTS = MAX_ALPHABET


class GameSettingsFields(models.Model):
    """The settings a game is played with, stored alike wherever they are chosen: a game,
    a day's puzzle, a class assignment (``games.services.GameSettings.of`` reads any of them).

    The same fields, lengths and checks on all three. Each model declares its own
    ``dictionary``: what deleting a dictionary does differs (a puzzle nobody played goes
    with it; a game or an assignment keeps it).
    """

    length = models.PositiveSmallIntegerField("word length")
    max_misses = models.PositiveSmallIntegerField("wrong guesses allowed")
    difficulty = models.CharField(max_length=DIFFICULTY_MAX_LENGTH, choices=Difficulty.choices)

    class Meta:
        abstract = True
        # "%(class)s": game_max_misses_range, assignment_max_misses_range, ...
        constraints = [
            models.CheckConstraint(
                condition=models.Q(max_misses__gte=1, max_misses__lte=MAX_WRONG_GUESSES),
                name="%(class)s_max_misses_range",
            ),
            models.CheckConstraint(
                condition=models.Q(length__gte=1), name="%(class)s_length_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(difficulty__in=Difficulty.values),
                name="%(class)s_difficulty_valid",
            ),
        ]


class Game(GameSettingsFields):
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games"
    )
    dictionary = models.ForeignKey(Dictionary, on_delete=models.PROTECT, related_name="games")
    is_ranked = models.BooleanField(
        default=True, help_text="False when the player chose to see the number of words left."
    )
    seed = models.BigIntegerField()
    seeded_ties = models.BooleanField(
        default=False,
        help_text=(
            "Families of equal rank are ordered by the seed (games started ranked), so a "
            "letter sequence that won one game does not win the next."
        ),
    )
    vocabulary = models.PositiveSmallIntegerField(
        default=FULL_VOCABULARY,
        db_default=FULL_VOCABULARY,  # rows written by code older than the field: whole list
        help_text=(
            "Thousandths of the dictionary's words of this length the game plays on, drawn "
            "by its seed (games.engine.secret_vocabulary): 1000 is the whole list; ranked "
            "games and the daily play on a secret part of it."
        ),
    )
    moves = models.JSONField(
        default=list,
        blank=True,
        help_text=(
            "The game: its guesses in order, each one letter or a whole word "
            "(games.selectors.replay.game_state rebuilds the game from them)."
        ),
    )
    letters = models.CharField(
        max_length=MAX_ALPHABET,
        blank=True,
        help_text=(
            "The letter moves of ``moves``, in order: the keyboard's used keys and the "
            "hints' positions read them, and the one-attempt board's index."
        ),
    )
    pattern = models.CharField(max_length=64)
    misses = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=7, choices=Status.choices, default=Status.PLAYING)
    forfeited = models.BooleanField(default=False)
    abandoned = models.BooleanField(
        default=False,
        db_default=False,
        help_text=(
            "A ranked game left with no move for RANKED_ABANDON_AFTER: finished as a loss by "
            "the site (forfeited too), not given up by the player."
        ),
    )
    words_left = models.PositiveIntegerField()
    word = models.CharField(max_length=64, blank=True, help_text="The word named at the end.")
    score = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    start_token = models.UUIDField(
        null=True,
        blank=True,
        editable=False,
        help_text="One per new-game form shown: the same form sent twice starts one game.",
    )
    hints_used = models.PositiveSmallIntegerField(
        default=0, help_text="Hints the player asked for (one per position at most)."
    )
    unranked_by_hint = models.BooleanField(
        default=False,
        help_text="Started ranked; a hint made it unranked (it left every leaderboard).",
    )
    counts_as = models.CharField(
        max_length=COUNTS_AS_MAX_LENGTH,
        choices=CountsAs.choices,
        blank=True,
        default=CountsAs.NOTHING,
        db_default=CountsAs.NOTHING,  # rows written by code older than the field: nothing
        editable=False,
        help_text=(
            "What the game counts for, set when it starts and never changed: a game that "
            "counts takes no hint and no undo, and is secret while it is played."
        ),
    )

    played_by_computer = models.BooleanField(
        default=False,
        help_text=(
            'The AI guesser played it ("watch the computer play"): never ranked, and '
            "left out of every record, statistic and board of the player who asked for it."
        ),
    )
    played_by_bot = models.BooleanField(
        default=False,
        db_default=False,
        help_text=(
            "A program played it through the API (api app): never ranked, never on the "
            "human leaderboards, statistics, streaks or daily leaderboard."
        ),
    )
    computer_replay_of = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="computer_replays",
        help_text="The player's game whose settings and seed the computer played again.",
    )

    class Meta(GameSettingsFields.Meta):
        ordering = ["-started_at", "-id"]
        permissions = [("review_all_games", "Can review every player's games")]
        indexes = [
            models.Index(fields=["player", "-started_at"], name="game_player_started"),
            models.Index(fields=["status", "finished_at"], name="game_status_finished"),
            # Leaderboards: index-only scans over finished ranked games (INCLUDE is
            # PostgreSQL only; SQLite keeps the partial key index). Daily puzzles
            # have a board of their own and are left out (LEADERBOARD_GAMES).
            models.Index(
                fields=["finished_at"],
                include=["player", "score", "status", "dictionary", "length", "difficulty"],
                condition=LEADERBOARD_GAMES,
                name="game_ranked_finished",
            ),
            models.Index(
                fields=["dictionary", "length", "difficulty", "finished_at"],
                include=["player", "score", "status"],
                condition=LEADERBOARD_GAMES,
                name="game_ranked_category",
            ),
            # A board of one attempts in its order, by the seed they share (solved first:
            # "won" sorts after "lost", so descending), read a page at a time. Guesses are
            # the moves, letters and whole words alike: a winning word is a guess too.
            models.Index(
                F("seed"),
                F("status").desc(),
                F("misses"),
                JSONArrayLength("moves"),
                F("finished_at"),
                F("id"),
                condition=ONE_ATTEMPT_BOARD_GAMES,
                name="game_one_attempt_moves",
            ),
            # Statistics and streaks: one player's finished games in order (id
            # breaks ties), read by an index-only scan.
            models.Index(
                fields=["player", "finished_at", "id"],
                include=["difficulty", "status", "misses", "is_ranked"],
                condition=models.Q(finished_at__isnull=False) & PLAYED_BY_PLAYER,
                name="game_player_finished",
            ),
            # A player's finished daily attempts, for the streaks on their page: a few rows
            # among thousands of their games (without it, every one of the player's rows
            # is read: 2.7 ms for 4,435 games, none a daily, in bench/leaderboard.py).
            models.Index(
                fields=["player"],
                condition=models.Q(finished_at__isnull=False, counts_as=CountsAs.ONE_ATTEMPT),
                name="game_player_one_attempts",
            ),
            # Instructors' list of every game, newest first.
            models.Index(fields=["-started_at", "-id"], name="game_started"),
            # The ranked games in progress by their last move: the abandoned ones are the
            # oldest (games.selectors.abandoned; a few rows, one per player at most and
            # the one attempts).
            models.Index(
                fields=["updated_at"],
                condition=models.Q(status=Status.PLAYING, is_ranked=True),
                name="game_ranked_playing_idle",
            ),
        ]
        constraints = [
            *GameSettingsFields.Meta.constraints,
            models.CheckConstraint(
                condition=models.Q(misses__lte=models.F("max_misses")),
                name="game_misses_within_allowed",
            ),
            models.CheckConstraint(
                condition=Exact(Length("pattern"), models.F("length")),
                name="game_pattern_fits_length",
            ),
            models.CheckConstraint(
                condition=models.Q(words_left__gte=1), name="game_some_word_left"
            ),
            models.CheckConstraint(
                condition=~models.Q(status=Status.WON) | ~models.Q(pattern__contains=HIDDEN),
                name="game_won_shows_every_letter",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=Status.values), name="game_status_valid"
            ),
            # One per difficulty that is never ranked (the fair game's: game_fair_never_ranked).
            *(
                models.CheckConstraint(
                    condition=~models.Q(difficulty=difficulty, is_ranked=True),
                    name=f"game_{difficulty.value}_never_ranked",
                )
                for difficulty in UNRANKED_DIFFICULTIES
            ),
            models.CheckConstraint(
                condition=~models.Q(played_by_computer=True, is_ranked=True),
                name="game_computer_never_ranked",
            ),
            # A bot's games are bot games: never on a human leaderboard, nobody's one attempt.
            models.CheckConstraint(
                condition=~models.Q(played_by_bot=True, is_ranked=True)
                & ~models.Q(played_by_bot=True, counts_as=CountsAs.ONE_ATTEMPT),
                name="game_bot_never_ranked",
            ),
            models.CheckConstraint(
                condition=models.Q(computer_replay_of__isnull=True)
                | models.Q(played_by_computer=True),
                name="game_replay_played_by_computer",
            ),
            # Watching the computer replay a game twice shows the same moves: one replay each.
            models.UniqueConstraint(
                fields=["player", "computer_replay_of"],
                condition=models.Q(computer_replay_of__isnull=False),
                name="game_one_computer_replay",
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(status=Status.PLAYING, finished_at__isnull=True)
                    | (~models.Q(status=Status.PLAYING) & models.Q(finished_at__isnull=False))
                ),
                name="game_finished_iff_over",
            ),
            # A one attempt is played alongside: it never forfeits the ranked game.
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(status=Status.PLAYING, is_ranked=True)
                & ~models.Q(counts_as=CountsAs.ONE_ATTEMPT),
                name="game_one_ranked_in_progress",
            ),
            models.CheckConstraint(
                condition=models.Q(hints_used__lte=MAX_HINTS), name="game_hints_used_range"
            ),
            # Only a ranked game is ever abandoned, and that is a loss by forfeit.
            models.CheckConstraint(
                condition=models.Q(abandoned=False)
                | models.Q(is_ranked=True, forfeited=True, status=Status.LOST),
                name="game_abandoned_is_ranked_forfeit",
            ),
            models.CheckConstraint(
                condition=models.Q(unranked_by_hint=False)
                | models.Q(is_ranked=False, hints_used__gte=1),
                name="game_unranked_by_hint_has_hint",
            ),
            # A ranked game counts (a hint made some unranked later: they count still).
            models.CheckConstraint(
                condition=models.Q(is_ranked=False, unranked_by_hint=False)
                | ~models.Q(counts_as=CountsAs.NOTHING),
                name="game_ranked_counts",
            ),
            models.CheckConstraint(
                condition=models.Q(counts_as__in=CountsAs.values), name="game_counts_as_valid"
            ),
            # The computer's games count for nothing: nobody played them.
            models.CheckConstraint(
                condition=models.Q(played_by_computer=False) | models.Q(counts_as=CountsAs.NOTHING),
                name="game_computer_counts_nothing",
            ),
            # Every one attempt at a board plays its seed the same way: ties by the seed.
            models.CheckConstraint(
                condition=~models.Q(counts_as=CountsAs.ONE_ATTEMPT) | models.Q(seeded_ties=True),
                name="game_one_attempt_seeded_ties",
            ),
            models.CheckConstraint(
                condition=models.Q(vocabulary__gte=1, vocabulary__lte=FULL_VOCABULARY),
                name="game_vocabulary_range",
            ),
            models.UniqueConstraint(
                fields=["player", "start_token"],
                condition=models.Q(start_token__isnull=False),
                name="game_one_start_per_form",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.player}, {self.get_status_display()})"

    @property
    def misses_left(self) -> int:
        return self.max_misses - self.misses

    @property
    def guess_count(self) -> int:
        """Guesses accepted so far, letters and words: what a board's ``expected_guesses``
        says it showed."""
        return len(self.moves)

    @property
    def words_guessed(self) -> list[str]:
        """The whole words guessed, in order."""
        return [move for move in self.moves if is_word_move(move)]

    @property
    def is_over(self) -> bool:
        return self.status != Status.PLAYING

    @property
    def on_secret_vocabulary(self) -> bool:
        """A ranked game or a day's puzzle that plays on a part of the list drawn by its seed."""
        return self.vocabulary < FULL_VOCABULARY

    @property
    def is_fair(self) -> bool:
        return self.difficulty == FAIR.name

    @property
    def counts(self) -> bool:
        """Whether it counts for something (``counts_as``): no hint, no undo, secret while
        it is played."""
        return self.counts_as != CountsAs.NOTHING

    @property
    def on_leaderboards(self) -> bool:
        """Whether the points and win-rate leaderboards count it (``LEADERBOARD_GAMES``)."""
        return self.is_ranked and self.counts_as != CountsAs.ONE_ATTEMPT
