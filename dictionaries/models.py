"""Word lists stored as rows, one per word, indexed by (dictionary, length)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Length

WORD_PATTERN = r"^[a-z]+$"
MAX_WORD_LENGTH = 64
# A few lines on where the list comes from; a bound so no upload stores megabytes of it.
DESCRIPTION_MAX_LENGTH = 2000


class Dictionary(models.Model):
    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True)
    description = models.TextField(blank=True, max_length=DESCRIPTION_MAX_LENGTH)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    word_count = models.PositiveIntegerField(default=0)
    is_default = models.BooleanField(
        default=False, help_text="Preselected on the new-game form; at most one dictionary."
    )
    is_hidden = models.BooleanField(
        default=False, help_text="Hidden dictionaries are not offered for new games."
    )
    import_report = models.JSONField(
        default=dict,
        blank=True,
        editable=False,
        help_text="What the upload accepted and rejected, kept for the admin to review later.",
    )

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "dictionaries"
        constraints = [
            models.UniqueConstraint(
                fields=["is_default"],
                condition=models.Q(is_default=True),
                name="dictionary_single_default",
            ),
            models.CheckConstraint(
                condition=~(models.Q(is_default=True) & models.Q(is_hidden=True)),
                name="dictionary_default_not_hidden",
            ),
            models.CheckConstraint(
                condition=models.lookups.LessThanOrEqual(
                    Length("description"), DESCRIPTION_MAX_LENGTH
                ),
                name="dictionary_description_bounded",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Word(models.Model):
    dictionary = models.ForeignKey(Dictionary, on_delete=models.CASCADE, related_name="words")
    # On PostgreSQL the column has the "C" collation (migration 0004), so its b-tree
    # indexes also serve ``text LIKE 'abc%'`` (the admin's prefix search); a later
    # AlterField of this column must keep it.
    text = models.CharField(max_length=MAX_WORD_LENGTH)
    length = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["dictionary", "length", "text"]
        # (dictionary, length) loads a bucket; with the text, it also pages the admin's list.
        indexes = [
            models.Index(
                fields=["dictionary", "length", "text"], name="word_dictionary_length_text"
            )
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["dictionary", "text"], name="word_unique_per_dictionary"
            ),
            models.CheckConstraint(
                condition=models.Q(length=Length("text")), name="word_length_matches_text"
            ),
            models.CheckConstraint(
                condition=models.Q(text__regex=WORD_PATTERN), name="word_lowercase_letters"
            ),
        ]

    def __str__(self) -> str:
        return self.text
