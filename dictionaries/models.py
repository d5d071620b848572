"""Word lists stored as rows, one per word, indexed by (dictionary, length)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Length
from django.utils.translation import pgettext_lazy

from core.names import no_bidi_controls
from dictionaries.languages import ACCENT_RULES, DEFAULT_LANGUAGE, FOLD, MAX_ALPHABET
from dictionaries.list_names import list_name

MAX_WORD_LENGTH = 64
ENGLISH_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
ASCII_NOT_LOWER_LETTER = r"[\x01-\x60\x7b-\x7f]"
ACCENT_CHOICES = [
    (rule, label)
    for rule, label in zip(
        ACCENT_RULES,
        ("keep accented letters as letters of their own", "fold accents for play"),
        strict=True,
    )
]
# A few lines on where the list comes from; a bound so no upload stores megabytes of it.
DESCRIPTION_MAX_LENGTH = 2000


class Dictionary(models.Model):
    name = models.CharField(max_length=100, unique=True, validators=[no_bidi_controls])
    slug = models.SlugField(max_length=100, unique=True, allow_unicode=True)
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
        default=False,
        help_text=(
            "Hidden dictionaries are not offered to players. An upload stays hidden until an "
            "admin offers it; staff may still play it, unranked, to check it."
        ),
    )
    import_report = models.JSONField(
        default=dict,
        blank=True,
        editable=False,
        help_text="What the upload accepted and rejected, kept for the admin to review later.",
    )
    language = models.CharField(
        max_length=35,
        default=DEFAULT_LANGUAGE,
        db_default=DEFAULT_LANGUAGE,
        help_text="The words' language, a BCP 47 tag (en, es, fr-CA).",
    )
    accents = models.CharField(max_length=4, choices=ACCENT_CHOICES, default=FOLD, db_default=FOLD)
    key_order = models.CharField(
        max_length=MAX_ALPHABET,
        blank=True,
        default="",
        db_default="",
        editable=False,
        help_text="Its letters, the commonest first: the keyboard of a language without one.",
    )
    has_written_forms = models.BooleanField(
        default=False,
        db_default=False,
        editable=False,
        help_text="Whether any word is written otherwise than it plays (Word.display).",
    )
    alphabet = models.CharField(
        max_length=MAX_ALPHABET,
        default=ENGLISH_ALPHABET,
        db_default=ENGLISH_ALPHABET,
        editable=False,
        help_text="The letters its games play with, in order (set at import).",
    )
    has_frequencies = models.BooleanField(
        default=True,
        db_default=True,
        editable=False,
        help_text=(
            "Whether wordfreq counts words of its language (set at import). Without counts "
            "every word has Zipf 0: no word is more familiar than another, and obscure is "
            "not offered."
        ),
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
        return self.display_name

    @property
    def display_name(self) -> str:
        """The name as a page shows it: a built-in list's in the page's language
        ("Español (habitual)"), any other as its admin named it (``list_names``)."""
        return list_name(self.name)


class Word(models.Model):
    dictionary = models.ForeignKey(Dictionary, on_delete=models.CASCADE, related_name="words")
    # On PostgreSQL the column has the "C" collation (migration 0004), so its b-tree
    # indexes also serve ``text LIKE 'abc%'`` (the admin's prefix search); a later
    # AlterField of this column must keep it.
    text = models.CharField(max_length=MAX_WORD_LENGTH)
    length = models.PositiveSmallIntegerField()
    # The word as written when its letters for play differ (a folded list: "café" plays as
    # "cafe"); blank when they are the same.
    display = models.CharField(max_length=MAX_WORD_LENGTH, blank=True, default="", db_default="")
    # Set at import (dictionaries/frequency.py); the database default covers rows written
    # by anything else (COPY in the benchmarks), which then count as unknown words.
    zipf = models.FloatField(
        "Zipf frequency",
        default=0.0,
        db_default=0.0,
        help_text=(
            "How common the word is in its list's language (wordfreq): log10 of its uses "
            "per billion words, 3 = once per million; 0 = no count (an unknown word)."
        ),
    )

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
            models.CheckConstraint(condition=models.Q(length__gte=1), name="word_not_empty"),
            # Letters of any alphabet, but never an ASCII character other than a-z (capitals,
            # digits, spaces, punctuation): the import normalises, the table holds the line.
            models.CheckConstraint(
                condition=~models.Q(text__regex=ASCII_NOT_LOWER_LETTER),
                name="word_no_ascii_but_lowercase",
            ),
        ]

    def __str__(self) -> str:
        return self.text


class DictionaryImport(models.Model):
    """A word file uploaded in the admin, waiting for, being or done with its import.

    A worker runs the import (``dictionaries.tasks``); the row is what the admin watches.
    The dictionary appears only when all its words are stored (one transaction), so a
    queued, running or failed import has none.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", pgettext_lazy("dictionary import", "queued")
        RUNNING = "running", pgettext_lazy("dictionary import", "running")
        DONE = "done", pgettext_lazy("dictionary import", "done")
        FAILED = "failed", pgettext_lazy("dictionary import", "failed")

    class Phase(models.TextChoices):
        WAITING = "waiting", pgettext_lazy("dictionary import", "waiting for a worker")
        READING = "reading", pgettext_lazy("dictionary import", "reading and checking the file")
        STORING = "storing", pgettext_lazy("dictionary import", "storing words")
        PAR = "par", pgettext_lazy("dictionary import", "computing par")
        FINISHED = "finished", pgettext_lazy("dictionary import", "finished")

    name = models.CharField(max_length=100, validators=[no_bidi_controls])
    description = models.TextField(blank=True, max_length=DESCRIPTION_MAX_LENGTH)
    make_default = models.BooleanField(default=False)
    language = models.CharField(
        max_length=35, default=DEFAULT_LANGUAGE, db_default=DEFAULT_LANGUAGE
    )
    accents = models.CharField(max_length=4, choices=ACCENT_CHOICES, default=FOLD, db_default=FOLD)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    file_name = models.CharField(
        max_length=100, unique=True, help_text="The stored upload, in DICTIONARY_UPLOAD_DIR."
    )
    original_name = models.CharField(max_length=255, blank=True)
    file_size = models.PositiveBigIntegerField()
    status = models.CharField(max_length=10, choices=Status, default=Status.QUEUED)
    phase = models.CharField(max_length=10, choices=Phase, default=Phase.WAITING)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    task_id = models.CharField(max_length=64, blank=True)
    report = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    dictionary = models.OneToOneField(
        Dictionary, null=True, blank=True, on_delete=models.SET_NULL, related_name="import_job"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    stored_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = "dictionary import"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=["queued", "running", "done", "failed"]),
                name="dictionary_import_status_known",
            ),
            models.CheckConstraint(
                condition=models.Q(progress_done__lte=models.F("progress_total")),
                name="dictionary_import_progress_bounded",
            ),
            # Done: the words are stored, so there is (or was, deleted since) a dictionary
            # and nothing went wrong; failed: a reason for the admin.
            models.CheckConstraint(
                condition=~models.Q(status="done") | (models.Q(error="") & ~models.Q(report={})),
                name="dictionary_import_done_has_report",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="failed") | ~models.Q(error=""),
                name="dictionary_import_failed_has_reason",
            ),
            # A dictionary only once its words are stored; a worker may die after that
            # (computing par), so a failed import may have one too.
            models.CheckConstraint(
                condition=models.Q(dictionary__isnull=True) | ~models.Q(status="queued"),
                name="dictionary_import_dictionary_only_once_stored",
            ),
            # Two uploads under one name would race; the second is refused at once.
            models.UniqueConstraint(
                fields=["name"],
                condition=models.Q(status__in=["queued", "running"]),
                name="dictionary_import_one_pending_per_name",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_status_display()})"

    @property
    def pending(self) -> bool:
        return self.status in {self.Status.QUEUED, self.Status.RUNNING}


class BlockedWord(models.Model):
    """A word no list plays in its language: left out at import, never named or shown.

    Loaded from the shipped blocklists (``dictionaries/blocklist_data.py``, migration
    0012) and edited by admins. ``language`` is a primary subtag (``es`` covers es-MX);
    ``word`` is lower case as the language writes it. One predicate reads it:
    ``dictionaries.selectors.blocked_play_forms``.
    """

    language = models.CharField(
        max_length=35, help_text="The language's code (en, es, fr, de): it covers es-MX too."
    )
    word = models.CharField(
        max_length=MAX_WORD_LENGTH,
        help_text="Lower case as the language writes it (maricón); accents fold as the list's.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["language", "word"]
        constraints = [
            models.UniqueConstraint(fields=["language", "word"], name="blocked_word_unique"),
            models.CheckConstraint(
                condition=~models.Q(word__regex=ASCII_NOT_LOWER_LETTER) & ~models.Q(word=""),
                name="blocked_word_lower_case_letters",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.word} ({self.language})"
