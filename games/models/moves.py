"""A game's history: each guess the word-maker answered (``Move``) and each hint asked for."""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Length
from django.db.models.lookups import Exact

from dictionaries.languages import MAX_ALPHABET
from dictionaries.models import ASCII_NOT_LOWER_LETTER
from games.engine.makers import REASON_MAX_LENGTH
from games.models.game import MAX_HINTS, MAX_WRONG_GUESSES, Game, Reason

# One character, of any alphabet, but no ASCII other than a-z (as a dictionary's words):
# which letters a game takes is its dictionary's alphabet, checked by the services.
ONE_LETTER = models.Q(letter__regex=r"^.$") & ~models.Q(letter__regex=ASCII_NOT_LOWER_LETTER)
# A whole word guessed: two characters or more, no ASCII other than a-z; the list and the
# length it must be in are checked by the services (the engine's ``check_word``).
WHOLE_WORD = models.Q(word__regex=r"^..") & ~models.Q(word__regex=ASCII_NOT_LOWER_LETTER)
# Moves a game may hold: a letter at most once each, and words (each but a winning one is a
# wrong guess, so at most one more than the wrong guesses allowed).
MAX_MOVES = MAX_ALPHABET + MAX_WRONG_GUESSES + 1


class Move(models.Model):
    """One guess the word-maker answered: a letter, or a whole word (``word``; ``letter``
    is then blank). The game row's ``moves`` list is the same sequence."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="move_rows")
    number = models.PositiveSmallIntegerField()
    letter = models.CharField(max_length=1, blank=True)
    word = models.CharField(
        max_length=64, blank=True, help_text="A whole word guessed (blank: a letter guess)."
    )
    miss = models.BooleanField()
    pattern = models.CharField(max_length=64, help_text="The pattern after this guess.")
    kept_size = models.PositiveIntegerField(help_text="Words left: the size of the kept family.")
    kept_rank = models.PositiveSmallIntegerField(
        help_text="Index of the kept family in the ranking: 0 = hardest, 1 = second hardest, …"
    )
    reason = models.CharField(max_length=REASON_MAX_LENGTH, choices=Reason.choices)
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
            models.UniqueConstraint(
                fields=["game", "letter"],
                condition=~models.Q(letter=""),
                name="move_unique_letter",
            ),
            models.UniqueConstraint(
                fields=["game", "word"], condition=~models.Q(word=""), name="move_unique_word"
            ),
            models.CheckConstraint(
                condition=(ONE_LETTER & models.Q(word="")) | (models.Q(letter="") & WHOLE_WORD),
                name="move_letter_or_word",
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=MAX_MOVES),
                name="move_number_range",
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

    @property
    def guess(self) -> str:
        """What was guessed: the letter, or the whole word."""
        return self.word or self.letter

    @property
    def is_word(self) -> bool:
        return bool(self.word)


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
        max_length=MAX_ALPHABET,
        blank=True,
        help_text="The letters guessed when it was asked, in order.",
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
            models.CheckConstraint(condition=ONE_LETTER, name="hint_one_letter"),
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
