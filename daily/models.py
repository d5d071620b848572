"""One puzzle a day (UTC) for everyone: its settings and seed, stored when first asked for.

The settings are drawn from the date (``daily/draw.py``), so every process
would draw the same ones; the row makes them final for the day, whatever the
default dictionary becomes later. The attempts are games, linked from here
(``DailyGame``, one row per game, as a class assignment links its games), so the
games app knows nothing of the daily: a game stores only what it counts as
(``Game.counts_as``: a day's one attempt), set when it starts.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models

from dictionaries.languages import MAX_ALPHABET
from dictionaries.models import MAX_WORD_LENGTH, Dictionary
from games import engine
from games.models import ONE_ATTEMPT_BOARD_GAMES, CountsAs, Game, GameSettingsFields


class DailyPuzzle(GameSettingsFields):
    date = models.DateField(primary_key=True, help_text="The UTC day this puzzle is played on.")
    number = models.PositiveIntegerField(unique=True, help_text="1 for the first day, and on.")
    # A dictionary games use cannot be deleted (dictionaries/services.py), and every
    # attempt is such a game: a puzzle goes with its dictionary only if nobody played it.
    dictionary = models.ForeignKey(Dictionary, on_delete=models.CASCADE, related_name="+")
    seed = models.BigIntegerField(help_text="Every attempt of the day plays with this seed.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta(GameSettingsFields.Meta):
        ordering = ["-date"]
        constraints = [
            *GameSettingsFields.Meta.constraints,
            models.CheckConstraint(
                condition=models.Q(number__gte=1), name="dailypuzzle_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"Daily #{self.number} ({self.date.isoformat()})"


class DailyGame(models.Model):
    """A game of a daily puzzle: an attempt, practice of a past day, or the computer's replay
    of one (before replays stopped being linked). The link lives here, the game stays a game.

    ``attempt_by`` is set on the player's one attempt of the day (ranked, played as a
    guest, or made unranked by a hint before hints were refused there) and holds the
    one-attempt rule: one per player and puzzle, so two starts sent at once make one
    game. It is the game's player, moved with it when a guest's attempt is carried to
    the account they log in to (``daily.services.guest_attempt_carry``).
    """

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="daily_link"
    )
    # A puzzle somebody played is kept (its games would lose their day).
    puzzle = models.ForeignKey(DailyPuzzle, on_delete=models.PROTECT, related_name="game_links")
    attempt_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text="The player whose one attempt at the puzzle this is (empty: practice).",
    )
    played_as_guest = models.BooleanField(
        default=False,
        help_text=(
            "An attempt a visitor played as a guest: the day's one attempt, never ranked "
            "nor on the day's leaderboard, kept when they sign up."
        ),
    )

    class Meta:
        constraints = [
            # A hint made some attempts unranked and guests' are never ranked: each is still
            # the attempt, and another may not be started in its place.
            models.UniqueConstraint(fields=["puzzle", "attempt_by"], name="dailygame_one_attempt"),
            models.CheckConstraint(
                condition=models.Q(played_as_guest=False) | models.Q(attempt_by__isnull=False),
                name="dailygame_guest_is_attempt",
            ),
        ]
        indexes = [
            # A player's attempts, for streaks and the archive.
            models.Index(fields=["attempt_by", "puzzle"], name="dailygame_attempt_by"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} of daily {self.puzzle_id}"

    @property
    def is_attempt(self) -> bool:
        return self.attempt_by_id is not None

    @property
    def is_ranked_attempt(self) -> bool:
        """The player's one ranked attempt (on the day's leaderboard once finished in time)."""
        return self.is_attempt and self.game.is_ranked

    @property
    def is_unranked_attempt(self) -> bool:
        """The day's one attempt, unranked: made so by an old hint (it left the day's leaderboard),
        or played as a guest (never on it)."""
        return self.is_attempt and not self.game.is_ranked


def daily_link_of(game: Game) -> DailyGame | None:
    """The game's link to its puzzle, None for a game of no puzzle (read once per game row:
    ``select_related("daily_link")`` reads it with the game)."""
    try:
        return game.daily_link  # type: ignore[attr-defined, no-any-return]
    except DailyGame.DoesNotExist:
        return None


def may_be_daily(game: Game) -> bool:
    """Whether ``game`` may be a daily puzzle's, by its own row: every daily game breaks ties
    by the seed and plays the daily's part of its list (or the whole of a short one), as
    ``daily.services`` starts them, so most other games need no query for their link."""
    return game.seeded_ties and game.vocabulary in (
        engine.DAILY_VOCABULARY,
        engine.FULL_VOCABULARY,
    )


def daily_link_at_hand(game: Game) -> DailyGame | None:
    """``daily_link_of`` for a page that shows the link (the board: its title, the end
    panel): a game that cannot be a daily's (``may_be_daily``) is marked as having none,
    with no query, so the template's reads of ``game.daily_link`` ask nothing either."""
    if not may_be_daily(game):
        Game.daily_link.related.set_cached_value(game, None)  # type: ignore[attr-defined]
        return None
    return daily_link_of(game)


def puzzle_day_of(game: Game) -> dt.date | None:
    """The day (the puzzle's key) of the game's puzzle, None for a game of no puzzle."""
    link = daily_link_of(game)
    return None if link is None else link.puzzle_id


# A player's one attempt at a daily puzzle: ranked, made unranked by a hint, or played as a
# guest (each is still the attempt: another may not be started in its place).
# A position: every letter of the longest alphabet, the longest pattern, the letter, two bars.
POSITION_MAX_LENGTH = MAX_ALPHABET + MAX_WORD_LENGTH + 3
DAILY_ATTEMPTS = models.Q(counts_as=CountsAs.ONE_ATTEMPT, daily_link__isnull=False)
# The finished ranked attempts, on their puzzles' boards (the games' board index, by seed).
DAILY_LEADERBOARD_GAMES = ONE_ATTEMPT_BOARD_GAMES & models.Q(daily_link__isnull=False)
# The finished attempts a player's daily streak counts: ranked, or played as a guest (a
# visitor's streak is real, and comes with them when they sign up).
DAILY_STREAK_GAMES = (
    models.Q(finished_at__isnull=False)
    & DAILY_ATTEMPTS
    & (models.Q(is_ranked=True) | models.Q(daily_link__played_as_guest=True))
)


class DailyAnswer(models.Model):
    """The word-maker's answer to one letter at one position of a daily puzzle, searched once.

    Every attempt at a puzzle plays with its seed, so the same position gets
    the same answer whoever reaches it: the first guess there pays for the
    search (fiendish looks ahead), every other player's is a read. A position
    is the set of letters guessed and the pattern they revealed (the word-maker
    reads nothing else of the past: the candidates follow from them, and so do
    the misses and the guess's number), so lines that reach it in another order
    share it too. ``settings_digest`` is a digest of every other input of the word-maker
    (dictionary, length, the game's settings and seed), so a game that differs
    in any of them never shares. ``answer`` holds what the guess's Move stores
    and nothing more; it is read by ``games.services`` only, never shown.
    """

    puzzle = models.ForeignKey(DailyPuzzle, on_delete=models.CASCADE, related_name="+")
    settings_digest = models.CharField(max_length=32)
    position = models.CharField(
        max_length=POSITION_MAX_LENGTH,
        help_text="The letters guessed before, alphabetical, the pattern they revealed and "
        "the letter answered, e.g. 'aest|-e--s-|r'.",
    )
    answer = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["puzzle", "settings_digest", "position"],
                name="dailyanswer_one_per_position",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.puzzle}: {self.position}"
