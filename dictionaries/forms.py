"""Admin forms: the upload of a word file, and the edit of an imported dictionary."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from dictionaries.models import DESCRIPTION_MAX_LENGTH, Dictionary
from dictionaries.services import dictionary_rename_error


class DictionaryUploadForm(forms.Form):
    name = forms.CharField(
        label=_("Name"), max_length=Dictionary._meta.get_field("name").max_length
    )
    description = forms.CharField(
        label=_("Description"),
        required=False,
        max_length=DESCRIPTION_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=_("Where the list comes from, for other staff."),
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
            "A UTF-8 text file, one word per line, at most %(megabytes)s MB. Lines are "
            "trimmed and lower-cased, duplicates removed, and lines that are not words of a-z "
            "rejected and listed with their line numbers."
        ) % {"megabytes": f"{limit_megabytes:g}"}


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
