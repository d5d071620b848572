"""The daily pages' one form: practising a past puzzle."""

from __future__ import annotations

import uuid

from django import forms


class PracticeForm(forms.Form):
    # A fresh token each time the archive is shown: the same button sent twice starts one game.
    start_token = forms.UUIDField(required=False, initial=uuid.uuid4, widget=forms.HiddenInput)
