"""A game is its settings, seed and letters; moves are its history for review.

Over 500 lines: the game's row carries most of its rules as check constraints
(about 30, each a line or a few with the reason beside it), and the settings fields
shared with the daily puzzle and assignments, the leaderboard totals, hints and par
sit beside it: an app's models stay one module (Django finds them there, and a
migration reads them together).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F
from django.db.models.functions import Length
from django.db.models.lookups import Exact

from dictionaries.models import Dictionary
from games.engine import FULL_VOCABULARY, HIDDEN, MAKERS
from games.engine import Reason as EngineReason
from games.engine import Status as EngineStatus
from games.engine import prior as engine_prior
from games.engine.makers import FAIR, NAME_MAX_LENGTH

MAX_WRONG_GUESSES = 26


# The difficulties: one per word-maker of the engine's registry (games/engine/makers/), with
# its label, in its order. Adding a word-maker there changes these choices (a migration).
Difficulty = models.TextChoices(  # type: ignore[misc]
    "Difficulty", [(maker.name.upper(), (maker.name, maker.label)) for maker in MAKERS]
)
# The columns that store a difficulty (the registry refuses a longer name).
DIFFICULTY_MAX_LENGTH = NAME_MAX_LENGTH

# Difficulties that count on leaderboards (the fair game is for learning and never ranked),
# and those par is worked out for: the registry says which.
RANKED_DIFFICULTIES = tuple(Difficulty(maker.name) for maker in MAKERS if maker.ranked)
RULE_DIFFICULTIES = tuple(Difficulty(maker.name) for maker in MAKERS if maker.has_par)
UNRANKED_DIFFICULTIES = tuple(Difficulty(maker.name) for maker in MAKERS if not maker.ranked)


class Status(models.TextChoices):
    PLAYING = EngineStatus.PLAYING.value, "In progress"
    WON = EngineStatus.WON.value, "Won"
    LOST = EngineStatus.LOST.value, "Lost"


class Reason(models.TextChoices):
    HARDEST = EngineReason.HARDEST.value, "Hardest family"
    SECOND_HARDEST = EngineReason.SECOND_HARDEST.value, "Second hardest (difficulty schedule)"
    ONLY_FAMILY = EngineReason.ONLY_FAMILY.value, "Only family (second hardest was due)"
    LOOKAHEAD = EngineReason.LOOKAHEAD.value, "Worth the most misses to the end (lookahead)"
    HONEST = EngineReason.HONEST.value, "Holds the secret word (fair game)"
    LEAST_KNOWN = EngineReason.LEAST_KNOWN.value, "Words you are less likely to know (obscure)"


# Games the points and win-rate leaderboards count: finished, ranked, not a daily puzzle.
LEADERBOARD_GAMES = models.Q(is_ranked=True, finished_at__isnull=False, daily_puzzle__isnull=True)
# The games a person played themselves: what statistics, streaks and classes count. The
# computer's games (watched) and bot games (a program played them through the API) are not.
PLAYED_BY_PLAYER = models.Q(played_by_computer=False, played_by_bot=False)
# The finished ranked attempts at daily puzzles, on their days' leaderboards.
DAILY_LEADERBOARD_GAMES = models.Q(
    is_ranked=True, finished_at__isnull=False, daily_puzzle__isnull=False
)
# A player's one attempt at a daily puzzle: ranked, made unranked by a hint, or played as
# a guest (each is still the attempt: another may not be started in its place).
DAILY_ATTEMPTS = models.Q(daily_puzzle__isnull=False) & (
    models.Q(is_ranked=True) | models.Q(unranked_by_hint=True) | models.Q(played_as_guest=True)
)
# The finished attempts a player's daily streak counts: ranked, or played as a guest (a
# visitor's streak is real, and comes with them when they sign up).
DAILY_STREAK_GAMES = models.Q(finished_at__isnull=False, daily_puzzle__isnull=False) & (
    models.Q(is_ranked=True) | models.Q(played_as_guest=True)
)
# Hints a game may ask for: one per position, and a game has at most 26 guesses.
MAX_HINTS = 26


class GameSettingsFields(models.Model):
    """The settings a game is played with, stored alike wherever they are chosen: a game,
    a daily puzzle, a class assignment (``games.services.GameSettings.of`` reads any of them).

    The same fields, lengths and checks on all three. Each model declares its own
    ``dictionary``: what deleting a dictionary does differs (a puzzle nobody played goes
    with it; a game or an assignment keeps it).
    """

    length = models.PositiveSmallIntegerField("word length")
    max_misses = models.PositiveSmallIntegerField("wrong guesses allowed")
    difficulty = models.CharField(max_length=DIFFICULTY_MAX_LENGTH, choices=Difficulty.choices)

    class Meta:
        abstract = True
        # "%(class)s": game_max_misses_range, dailypuzzle_..., assignment_...
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
    letters = models.CharField(max_length=26, blank=True, help_text="Letters guessed, in order.")
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
    played_as_guest = models.BooleanField(
        default=False,
        db_default=False,
        help_text=(
            "A daily attempt a visitor played as a guest: the day's one attempt, never ranked "
            "nor on the day's board, kept when they sign up."
        ),
    )
    daily_puzzle = models.ForeignKey(
        "daily.DailyPuzzle",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="games",
        help_text=(
            "The daily puzzle this game plays: ranked, the player's one attempt of the day; "
            "unranked, practice of a past day."
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
            "human leaderboards, statistics, streaks or daily board."
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
            # have a leaderboard of their own and are left out (LEADERBOARD_GAMES).
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
            # A daily puzzle's leaderboard in its order (solved first: "won" sorts after
            # "lost", so descending), read a page at a time.
            models.Index(
                F("daily_puzzle"),
                F("status").desc(),
                F("misses"),
                Length("letters"),
                F("finished_at"),
                F("id"),
                condition=DAILY_LEADERBOARD_GAMES,
                name="game_daily_leaderboard",
            ),
            # Statistics and streaks: one player's finished games in order (id
            # breaks ties), read by an index-only scan.
            models.Index(
                fields=["player", "finished_at", "id"],
                include=["difficulty", "status", "misses", "is_ranked"],
                condition=models.Q(finished_at__isnull=False) & PLAYED_BY_PLAYER,
                name="game_player_finished",
            ),
            # Instructors' list of every game, newest first.
            models.Index(fields=["-started_at", "-id"], name="game_started"),
            # The ranked games in progress by their last move: the abandoned ones are the
            # oldest (games.selectors.abandoned; a few rows, one per player at most and
            # the daily attempts).
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
            # A bot's games are bot games: never on a human leaderboard or the day's leaderboard.
            models.CheckConstraint(
                condition=~models.Q(played_by_bot=True, is_ranked=True)
                & ~models.Q(played_by_bot=True, daily_puzzle__isnull=False),
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
            # A daily attempt is played alongside: it never forfeits the ranked game.
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(
                    status=Status.PLAYING, is_ranked=True, daily_puzzle__isnull=True
                ),
                name="game_one_ranked_in_progress",
            ),
            # A hint makes the attempt unranked but it stays the one attempt of the day.
            models.UniqueConstraint(
                fields=["player", "daily_puzzle"],
                condition=DAILY_ATTEMPTS,
                name="game_one_ranked_daily_attempt",
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
            # A guest's daily attempt is an attempt (a daily game), and never ranked.
            models.CheckConstraint(
                condition=models.Q(played_as_guest=False)
                | models.Q(is_ranked=False, daily_puzzle__isnull=False),
                name="game_guest_attempt_unranked_daily",
            ),
            # Every attempt at a puzzle plays its seed the same way: ties by the seed.
            models.CheckConstraint(
                condition=models.Q(daily_puzzle__isnull=True) | models.Q(seeded_ties=True),
                name="game_daily_seeded_ties",
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
    def is_over(self) -> bool:
        return self.status != Status.PLAYING

    @property
    def on_secret_vocabulary(self) -> bool:
        """A ranked game or daily that plays on a part of the list drawn by its seed."""
        return self.vocabulary < FULL_VOCABULARY

    @property
    def is_daily(self) -> bool:
        return self.daily_puzzle_id is not None

    @property
    def is_daily_attempt(self) -> bool:
        """The player's one ranked attempt at a daily puzzle (not practice of a past day)."""
        return self.is_ranked and self.daily_puzzle_id is not None

    @property
    def is_fair(self) -> bool:
        return self.difficulty == FAIR.name

    @property
    def was_daily_attempt(self) -> bool:
        """The day's one attempt, unranked: made so by a hint (it left the day's leaderboard), or
        played as a guest (never on it)."""
        return (self.unranked_by_hint or self.played_as_guest) and self.daily_puzzle_id is not None

    @property
    def on_leaderboards(self) -> bool:
        """Whether the points and win-rate leaderboards count it (``LEADERBOARD_GAMES``)."""
        return self.is_ranked and self.daily_puzzle_id is None


class Move(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveSmallIntegerField()
    letter = models.CharField(max_length=1)
    miss = models.BooleanField()
    pattern = models.CharField(max_length=64, help_text="The pattern after this guess.")
    kept_size = models.PositiveIntegerField(help_text="Words left: the size of the kept family.")
    kept_rank = models.PositiveSmallIntegerField(
        help_text="Index of the kept family in the ranking: 0 = hardest, 1 = second hardest, …"
    )
    reason = models.CharField(max_length=14, choices=Reason.choices)
    families = models.JSONField(help_text="[[pattern, size], ...] hardest first.")
    values = models.JSONField(
        null=True,
        blank=True,
        help_text=(
            "Fiendish: the misses the search found each family worth, in the order of "
            "families (null: not valued)."
        ),
    )
    search_nodes = models.PositiveIntegerField(
        null=True, blank=True, help_text="Fiendish: positions the search examined."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="move_unique_number"),
            models.UniqueConstraint(fields=["game", "letter"], name="move_unique_letter"),
            models.CheckConstraint(
                condition=models.Q(letter__regex=r"^[a-z]$"), name="move_letter_lowercase"
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=26), name="move_number_range"
            ),
            models.CheckConstraint(
                condition=~models.Q(reason__in=["hardest", "only_family"]) | models.Q(kept_rank=0),
                name="move_hardest_is_rank_0",
            ),
            models.CheckConstraint(
                condition=~models.Q(reason="second_hardest") | models.Q(kept_rank=1),
                name="move_second_hardest_is_rank_1",
            ),
        ]

    def __str__(self) -> str:
        # No letter: the admin names moves where the secrecy filter cannot reach (the
        # list of what deleting a player would delete), and a letter there gives away
        # someone's attempt at today's puzzle.
        return f"Move {self.number} of game {self.game_id}"


class Hint(models.Model):
    """A letter the AI guesser proposed to the player, and why (``games.engine.guesser.propose``).

    Asked for at a position (the letters guessed so far): asking again there
    gives the same hint back. Practice games only (``games.selectors.counting``);
    before that rule, the first hint of a ranked game made it unranked
    (``made_unranked``, ``Game.unranked_by_hint``), and those records stay.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hints")
    after_guesses = models.PositiveSmallIntegerField(
        help_text="Guesses made when it was asked: 0 before the first."
    )
    letters_before = models.CharField(
        max_length=26, blank=True, help_text="The letters guessed when it was asked, in order."
    )
    letter = models.CharField(max_length=1)
    reason = models.CharField(max_length=300, help_text="Why, in one line for the player.")
    misses = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Wrong guesses the letter needs from there (if proven)."
    )
    proven = models.BooleanField(help_text="Whether ``misses`` is what perfect play needs.")
    made_unranked = models.BooleanField(
        default=False, help_text="This hint turned a ranked game unranked."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "after_guesses"]
        constraints = [
            # One per position: the letters guessed so far decide it (an undo may lead
            # back to an earlier position, or to another one after as many guesses).
            models.UniqueConstraint(
                fields=["game", "letters_before"], name="hint_one_per_position"
            ),
            models.CheckConstraint(
                condition=Exact(Length("letters_before"), models.F("after_guesses")),
                name="hint_position_is_letters",
            ),
            models.CheckConstraint(
                condition=models.Q(letter__regex=r"^[a-z]$"), name="hint_letter_lowercase"
            ),
            models.CheckConstraint(
                condition=models.Q(after_guesses__lte=MAX_HINTS - 1), name="hint_position_range"
            ),
            models.CheckConstraint(
                condition=models.Q(proven=False) | models.Q(misses__isnull=False),
                name="hint_proven_has_misses",
            ),
        ]

    def __str__(self) -> str:
        return f"Hint after guess {self.after_guesses} of game {self.game_id}"  # no letter: as Move


class PlayerRecord(models.Model):
    """What every leaderboard total counts: games, wins, points and the last finish."""

    points = models.PositiveIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    last_finished_at = models.DateTimeField(help_text="Finish of the last game.")

    class Meta:
        abstract = True
        constraints = [
            models.CheckConstraint(
                condition=models.Q(wins__lte=models.F("games")), name="%(class)s_wins_le_games"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.points} points in {self.games} games"  # type: ignore[attr-defined]


class CategoryTotal(PlayerRecord):
    """A player's record in one category (dictionary, length, difficulty): best win and counts.

    Written in the transaction that finishes each ranked game
    (``games/leaderboard_totals.py``), so an all-time leaderboard reads a few rows per
    player instead of every game ever played. ``points`` is the best win, not a
    sum: replaying a winning game (the engine is deterministic) adds nothing.
    """

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    dictionary = models.ForeignKey(Dictionary, on_delete=models.CASCADE, related_name="+")
    length = models.PositiveSmallIntegerField()
    difficulty = models.CharField(max_length=DIFFICULTY_MAX_LENGTH, choices=Difficulty.choices)
    best_at = models.DateTimeField(
        null=True, help_text="Finish of the first win worth the best points (none without a win)."
    )

    class Meta(PlayerRecord.Meta):
        constraints = [
            *PlayerRecord.Meta.constraints,
            models.UniqueConstraint(
                fields=["player", "dictionary", "length", "difficulty"],
                name="categorytotal_unique",
            ),
        ]
        indexes = [
            models.Index(
                fields=["dictionary", "length", "difficulty"], name="categorytotal_category"
            ),
        ]


class PlayerTotal(PlayerRecord):
    """A player's CategoryTotal rows summed: the overall all-time leaderboards, one row per player.

    ``points`` is the sum of the categories' best points, and ``last_scored_at``
    when that total was reached (the latest ``best_at`` of the categories).
    """

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    last_scored_at = models.DateTimeField(
        null=True, help_text="When the points were reached: the latest best win of the categories."
    )

    class Meta(PlayerRecord.Meta):
        indexes = [
            # The overall points leaderboard in its order: a page is an index scan.
            models.Index(
                fields=["-points", "last_scored_at", "player"], name="playertotal_points_order"
            ),
        ]


class Par(models.Model):
    """The fewest wrong guesses perfect play needs in one dictionary, length and difficulty
    of the seeds' rule.

    Computed by the solver (``manage.py compute_par``) within a budget of
    positions: when it runs out, ``misses`` is the best line found (shown as
    "≤ misses") and ``at_least`` what it proved no line can beat.
    """

    dictionary = models.ForeignKey(Dictionary, on_delete=models.CASCADE, related_name="pars")
    length = models.PositiveSmallIntegerField()
    difficulty = models.CharField(max_length=DIFFICULTY_MAX_LENGTH, choices=Difficulty.choices)
    misses = models.PositiveSmallIntegerField(help_text="A line of play needs this many.")
    at_least = models.PositiveSmallIntegerField(help_text="No line of play needs fewer.")
    nodes = models.PositiveIntegerField(help_text="Positions the search was allowed.")
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["dictionary", "length", "difficulty"]
        constraints = [
            models.UniqueConstraint(
                fields=["dictionary", "length", "difficulty"], name="par_unique_settings"
            ),
            models.CheckConstraint(
                condition=models.Q(at_least__lte=models.F("misses")), name="par_bounds_ordered"
            ),
            models.CheckConstraint(
                condition=models.Q(difficulty__in=[d.value for d in RULE_DIFFICULTIES]),
                name="par_rule_difficulty",
            ),
        ]

    def __str__(self) -> str:
        return f"par {self.label} ({self.dictionary_id}, {self.length}, {self.difficulty})"

    @property
    def proven(self) -> bool:
        return self.misses == self.at_least

    @property
    def label(self) -> str:
        """ "5" when proven, "≤ 7" when it is the best line found."""
        return str(self.misses) if self.proven else f"≤ {self.misses}"


class ChallengePrior(models.Model):
    """How a reference model player fares in one dictionary, length and difficulty of
    the seeds' rule: the first rating of its challenges.

    ``misses_needed[k]`` of ``games`` seeded games needed exactly ``k`` wrong guesses
    (``games.engine.prior``: the greedy guesser with 30 % random letters, no miss limit),
    so the win rate for any number of wrong guesses allowed follows. Filled offline by
    ``manage.py compute_challenge_priors``; ``ratings.selectors.challenge_first_rating``
    prefers it to par.
    """

    dictionary = models.ForeignKey(
        Dictionary, on_delete=models.CASCADE, related_name="challenge_priors"
    )
    length = models.PositiveSmallIntegerField()
    difficulty = models.CharField(max_length=DIFFICULTY_MAX_LENGTH, choices=Difficulty.choices)
    misses_needed = models.JSONField(
        help_text="Games that needed 0, 1, 2, ... wrong guesses, in that order."
    )
    games = models.PositiveIntegerField(help_text="Games the reference player played.")
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["dictionary", "length", "difficulty"]
        constraints = [
            models.UniqueConstraint(
                fields=["dictionary", "length", "difficulty"], name="challenge_prior_unique"
            ),
            models.CheckConstraint(condition=models.Q(games__gte=1), name="challenge_prior_games"),
            models.CheckConstraint(
                condition=models.Q(difficulty__in=[d.value for d in RULE_DIFFICULTIES]),
                name="challenge_prior_rule_difficulty",
            ),
        ]

    def __str__(self) -> str:
        return f"challenge prior ({self.dictionary_id}, {self.length}, {self.difficulty})"

    def win_rate(self, max_misses: int) -> float:
        """The reference player's add-one win rate with ``max_misses`` wrong guesses allowed."""
        return engine_prior.win_rate(self.misses_needed, max_misses)
