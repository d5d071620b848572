"""Admin forms: the upload of a word file, the edit of an imported dictionary, a blocked word."""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.names import no_bidi_controls
from dictionaries.blocklist import blocklist_code
from dictionaries.languages import DEFAULT_LANGUAGE, LANGUAGES, language
from dictionaries.models import ACCENT_CHOICES, DESCRIPTION_MAX_LENGTH, BlockedWord, Dictionary
from dictionaries.services import dictionary_rename_error, validated_language
from dictionaries.wordfiles import DictionaryImportError

OTHER_LANGUAGE = "other"
LANGUAGE_CHOICES = [
    *sorted(
        ((code, f"{lang.name} ({lang.native_name})") for code, lang in LANGUAGES.items()),
        key=lambda choice: choice[1],
    ),
    (OTHER_LANGUAGE, _("Another language: type its tag below")),
]


class DictionaryUploadForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=Dictionary._meta.get_field("name").max_length,
        validators=[no_bidi_controls],
    )
    description = forms.CharField(
        label=_("Description"),
        required=False,
        max_length=DESCRIPTION_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=_("Where the list comes from, for other staff."),
    )
    language = forms.ChoiceField(
        choices=LANGUAGE_CHOICES,
        initial=DEFAULT_LANGUAGE,
        required=False,
        help_text=_(
            "The words' language: it decides their letters, upper and lower case, and which "
            "word frequencies (wordfreq) say how familiar each word is."
        ),
    )
    language_tag = forms.CharField(
        required=False,
        max_length=Dictionary._meta.get_field("language").max_length,
        label=_("Other language's tag"),
        help_text=_(
            "A language not in the list (or a regional tag): its BCP 47 tag, such as eo, ca, "
            "es-MX or sr-Latn; it wins over the list. A language the site does not know plays "
            "with the letters its words use."
        ),
    )
    accents = forms.ChoiceField(
        choices=[("", _("The language's usual rule")), *ACCENT_CHOICES],
        required=False,
        label=_("Accented letters"),
        help_text=_(
            "Keep: é is a key of its own beside e. Fold: canción plays as cancion and is shown "
            "as canción when the game ends (a language's own letters, such as Spanish ñ, never "
            "fold). The usual rule is fold for Latin-script languages whose accents are marks "
            "(Spanish, French), keep for German, Turkish, Polish and Cyrillic."
        ),
    )
    word_file = forms.FileField(
        label=_("Word file"),
        allow_empty_file=True,  # the import explains what is wrong with an empty file
    )
    make_default = forms.BooleanField(
        required=False,
        label=_("Make it the default dictionary"),
        help_text=(
            _(
                "Preselected for new games and offered to players as soon as it is imported; "
                "the current default loses the flag."
            )
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        limit_megabytes = settings.DICTIONARY_UPLOAD_MAX_BYTES / (1024 * 1024)
        self.fields["word_file"].help_text = gettext(
            "A UTF-8 text file, one word per line, at most %(megabytes)s MB, in one "
            "alphabet. Lines are trimmed and lower-cased by the language's rules, duplicates "
            "removed, and lines with anything but letters (digits, hyphens, apostrophes, "
            "spaces) rejected and listed with their line numbers."
        ) % {"megabytes": f"{limit_megabytes:g}"}

    def clean(self) -> dict[str, Any]:
        """The language as one tag (the select's, or the one typed) and its accent rule."""
        cleaned = super().clean()
        choice = cleaned.get("language") or DEFAULT_LANGUAGE
        typed = (cleaned.get("language_tag") or "").strip()
        if choice == OTHER_LANGUAGE and not typed:
            self.add_error("language_tag", gettext("Type the language's tag (such as eo or ca)."))
            return cleaned
        try:
            # A tag typed wins over the select: it is the more precise (es-MX over Spanish).
            tag, accents = validated_language(typed or choice, cleaned.get("accents") or "")
        except DictionaryImportError as error:
            field = "accents" if error.field == "accents" else "language_tag"
            self.add_error(field, ValidationError(error.message, code=error.code))
            return cleaned
        cleaned["language_tag"], cleaned["accents"] = tag, accents
        return cleaned


class DictionaryChangeForm(forms.ModelForm):
    """Labels and flags only; the default flag is a plain field so that choosing a new
    default is not refused by the single-default constraint before the service can move it."""

    make_default = forms.BooleanField(
        required=False,
        label=_("Default dictionary"),
        help_text=_("Preselected for new games; the current default loses the flag."),
    )

    class Meta:
        model = Dictionary
        fields = ["name", "description", "is_hidden"]
        labels = {"is_hidden": _("Hidden from players")}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "make_default" in self.fields:
            self.fields["make_default"].initial = self.instance.is_default

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        if (error := dictionary_rename_error(dictionary=self.instance, name=name)) is not None:
            raise ValidationError(error.message, code=error.code)
        return name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("make_default") and cleaned.get("is_hidden"):
            self.add_error(
                "is_hidden",
                gettext(
                    "The default dictionary cannot be hidden; make another one the default first."
                ),
            )
        return cleaned


class BlockedWordForm(forms.ModelForm):
    """A blocked word as its language writes it: the language's code, the word in lower case."""

    class Meta:
        model = BlockedWord
        fields = ("language", "word")

    def clean_language(self) -> str:
        try:
            tag, _accents = validated_language(self.cleaned_data["language"])
        except DictionaryImportError as error:
            raise ValidationError(error.message, code=error.code) from None
        return blocklist_code(tag)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        tag, word = cleaned.get("language"), cleaned.get("word")
        if tag and word:
            written = language(tag).lower(unicodedata.normalize("NFC", word.strip()))
            if not written.isalpha():
                self.add_error(
                    "word",
                    gettext("A blocked word is one word of letters only: %(word)s is not.")
                    % {"word": repr(word)},
                )
            cleaned["word"] = written
        return cleaned
