"""API tokens, and which token started which bot game; constraints only."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.names import no_bidi_controls
from dictionaries.languages import MAX_ALPHABET
from games.models import Game

TOKEN_NAME_MAX = 60


class ApiToken(models.Model):
    """A bearer token a player made for a program. Only its SHA-256 is kept: the secret is
    shown once, when it is made, and a leaked table gives no working token."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=TOKEN_NAME_MAX, validators=[no_bidi_controls])
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(
        max_length=12, editable=False, help_text="The secret's first characters, to recognise it."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(
        null=True, blank=True, help_text="After this the token is refused (none: it never expires)."
    )
    assignment = models.ForeignKey(
        "classes.Assignment",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="api_tokens",
        help_text="A bot assignment's token: every game it starts is a game of the assignment, "
        "with its settings.",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(name=""), name="apitoken_named"),
            models.CheckConstraint(
                condition=models.Q(token_hash__regex=r"^[0-9a-f]{64}$"),
                name="apitoken_hash_is_sha256",
            ),
        ]

    def __str__(self) -> str:
        return f"API token {self.name!r} of {self.user}"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None

    @property
    def is_expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= timezone.now()


class ApiGame(models.Model):
    """A game a program started through the API, and with which token (the cap of games in
    progress is per token)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="api_game")
    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, related_name="games")

    def __str__(self) -> str:
        return f"Game {self.game_id} through token {self.token_id}"


class MakerStatus(models.TextChoices):
    PLAYING = "playing", pgettext_lazy("game status", "In progress")
    GUESSED = "guessed", _("The AI guesser found the word")
    HANGED = "hanged", _("The AI guesser ran out of wrong guesses")
    LOST = "lost", _("The bot answered illegally too often and lost")


class MakerGame(models.Model):
    """A word-maker bot's game: the site's AI guesser asks letters, the bot answers positions.

    ``letters`` and ``pattern`` are the whole state: the words still possible are those of
    the dictionary that fit them (``games.engine.public_candidates``), never stored.
    """

    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, related_name="maker_games")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="maker_games"
    )
    dictionary = models.ForeignKey(
        "dictionaries.Dictionary", on_delete=models.PROTECT, related_name="maker_games"
    )
    length = models.PositiveSmallIntegerField()
    max_misses = models.PositiveSmallIntegerField()
    letters = models.CharField(max_length=MAX_ALPHABET, blank=True)
    pattern = models.CharField(max_length=64)
    misses = models.PositiveSmallIntegerField(default=0)
    asked = models.CharField(
        max_length=1, blank=True, help_text="The letter the AI guesser asks now ('' when over)."
    )
    illegal_answers = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(
        max_length=7, choices=MakerStatus.choices, default=MakerStatus.PLAYING
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(misses__lte=models.F("max_misses")),
                name="makergame_misses_within_allowed",
            ),
            models.CheckConstraint(
                condition=models.Q(max_misses__gte=1, max_misses__lte=26),
                name="makergame_max_misses_range",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=MakerStatus.values), name="makergame_status_valid"
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(status=MakerStatus.PLAYING, finished_at__isnull=True)
                    & ~models.Q(asked="")
                )
                | (~models.Q(status=MakerStatus.PLAYING) & models.Q(finished_at__isnull=False)),
                name="makergame_asks_while_playing",
            ),
        ]

    def __str__(self) -> str:
        return f"Word-maker game {self.pk} ({self.player})"

    @property
    def is_over(self) -> bool:
        return self.status != MakerStatus.PLAYING


class ReferenceGame(models.Model):
    """What the site's AI guesser needs against one of the site's word-makers on one
    challenge (dictionary, length, wrong guesses allowed): the reference rows of the
    word-makers' leaderboard and of bot assignments. The same for everyone and a few
    seconds of search, so played once by the worker (``api.tasks``) and read from here;
    ``misses`` is empty while it waits for the worker."""

    dictionary = models.ForeignKey(
        "dictionaries.Dictionary", on_delete=models.CASCADE, related_name="reference_games"
    )
    length = models.PositiveSmallIntegerField()
    max_misses = models.PositiveSmallIntegerField()
    difficulty = models.CharField(max_length=16)
    misses = models.PositiveSmallIntegerField(null=True, blank=True)
    queued_at = models.DateTimeField(default=timezone.now)
    computed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["dictionary", "length", "max_misses", "difficulty"],
                name="referencegame_one_per_challenge",
            ),
            models.CheckConstraint(
                condition=models.Q(misses__isnull=True)
                | models.Q(misses__lte=models.F("max_misses")),
                name="referencegame_misses_within_allowed",
            ),
        ]

    def __str__(self) -> str:
        return (
            f"Reference game {self.difficulty} on dictionary {self.dictionary_id}, length "
            f"{self.length}, {self.max_misses} wrong guesses"
        )
