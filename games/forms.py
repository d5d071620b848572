"""Forms of the play pages: starting a game and sending a guess."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.text import format_lazy
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from dictionaries.models import Dictionary
from dictionaries.selectors import (
    WordLength,
    default_dictionary_for,
    dictionaries_to_try,
    word_lengths,
)
from games import difficulties
from games.engine import maker_for
from games.models import MAX_WRONG_GUESSES, Difficulty
from games.models.moves import MAX_MOVES
from games.selectors.board import (
    ParInfo,
    par_info,
    preferred_length,
    winnable_length,
)
from games.services import (
    DIFFICULTY_CHOICE_MESSAGE,
    NOT_OFFERED_MESSAGE,
    not_offered_without_frequencies_message,
    would_be_ranked,
)

DEFAULT_WRONG_GUESSES = 8
_WRONG_GUESSES_RANGE = format_lazy(
    _("Wrong guesses allowed is a whole number from 1 to {max}."), max=MAX_WRONG_GUESSES
)


def _dictionary_label(dictionary: Dictionary) -> str:
    if dictionary.is_hidden:
        return gettext("%(name)s (not offered to players: staff only, never ranked)") % {
            "name": dictionary.display_name
        }
    return dictionary.display_name


class NewGameForm(forms.Form):
    """The settings of a new game.

    The word lengths offered depend on the chosen dictionary: HTMX refreshes
    them when the dictionary changes, and a bound form offers (and validates
    against) the lengths of the dictionary it was posted with, so the form
    works without JavaScript too.
    """

    dictionary = forms.ModelChoiceField(
        queryset=Dictionary.objects.none(),
        empty_label=None,
        label=_("Dictionary"),
        error_messages={"invalid_choice": NOT_OFFERED_MESSAGE},
    )
    length = forms.TypedChoiceField(coerce=int, label=_("Word length"))
    max_misses = forms.IntegerField(
        label=_("Wrong guesses allowed"),
        min_value=1,
        max_value=MAX_WRONG_GUESSES,
        initial=DEFAULT_WRONG_GUESSES,
        help_text=format_lazy(
            _("From 1 to {max}. Fewer wrong guesses score more when you win."),
            max=MAX_WRONG_GUESSES,
        ),
        error_messages={
            "required": format_lazy(
                _("Say how many wrong guesses you allow (1 to {max})."), max=MAX_WRONG_GUESSES
            ),
            "invalid": _WRONG_GUESSES_RANGE,
            "min_value": _WRONG_GUESSES_RANGE,
            "max_value": _WRONG_GUESSES_RANGE,
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    difficulty = forms.ChoiceField(
        choices=Difficulty.choices,
        initial=Difficulty.HARD,
        widget=forms.RadioSelect,
        label=_("Difficulty"),
        help_text=difficulties.HELP_TEXT,
        error_messages={"invalid_choice": DIFFICULTY_CHOICE_MESSAGE},
    )
    show_word_count = forms.BooleanField(
        required=False,
        label=_("Show the number of words still possible (this game will not be ranked)"),
        help_text=_(
            "An unranked game does not count on the leaderboards and can be played "
            "alongside your ranked game."
        ),
    )
    computer_plays = forms.BooleanField(
        required=False,
        label=_("Let the computer play: watch it guess with these settings"),
        help_text=_(
            "The computer's game is never ranked and is not counted in your statistics; it "
            "shows in My games, marked as played by the computer."
        ),
    )
    forfeit_game_id = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    # A fresh token each time the form is shown: the same form sent twice starts one game.
    start_token = forms.UUIDField(required=False, initial=uuid.uuid4, widget=forms.HiddenInput)

    def __init__(self, *args: Any, include_hidden: bool = False, **kwargs: Any) -> None:
        """``include_hidden``: staff also get the dictionaries not offered to players, to
        try them before offering them (the service never ranks such a game)."""
        super().__init__(*args, **kwargs)
        offered = dictionaries_to_try(include_hidden=include_hidden)
        dictionary_field: forms.ModelChoiceField = self.fields["dictionary"]  # type: ignore[assignment]
        dictionary_field.queryset = offered
        dictionary_field.label_from_instance = _dictionary_label  # type: ignore[method-assign]
        self.chosen_dictionary: Dictionary | None = self._chosen_dictionary(offered)
        if self.chosen_dictionary is not None:
            dictionary_field.initial = self.chosen_dictionary.pk
        self.lengths: list[WordLength] = (
            word_lengths(dictionary_id=self.chosen_dictionary.pk)
            if self.chosen_dictionary is not None
            else []
        )
        self._offer_difficulties()
        length_field: forms.TypedChoiceField = self.fields["length"]  # type: ignore[assignment]
        self.ranked_min_words: int = settings.RANKED_MIN_WORDS
        ranked = [item for item in self.lengths if item.words >= self.ranked_min_words]
        practice = [item for item in self.lengths if item.words < self.ranked_min_words]
        choices: list[Any] = [(item.length, self._length_label(item)) for item in ranked]
        if practice:
            # Lengths with too few words to rank are offered for practice only, apart.
            practice_only = ngettext(
                "Practice only: fewer than %(count)s word, never ranked",
                "Practice only: fewer than %(count)s words, never ranked",
                self.ranked_min_words,
            ) % {"count": intcomma(self.ranked_min_words)}
            choices.append(
                (practice_only, [(item.length, self._length_label(item)) for item in practice])
            )
        length_field.choices = choices
        length_field.initial = self._initial_length()
        name = (
            self.chosen_dictionary.display_name
            if self.chosen_dictionary
            else gettext("This dictionary")
        )
        length_field.error_messages = {
            "required": gettext("Choose a word length."),
            "invalid_choice": gettext(
                "%(name)s has no words of that length; choose one of the lengths listed."
            )
            % {"name": name},
        }

    def _offer_difficulties(self) -> None:
        """The difficulties that read word frequencies (obscure) only on a list with them:
        without them no word is more obscure than another (``Dictionary.has_frequencies``,
        set at import). A form shown again for such a list with one of them chosen (the
        dictionary just changed) offers hard instead and says why (``obscure_withdrawn``)."""
        self.obscure_withdrawn: str = ""
        dictionary = self.chosen_dictionary
        if dictionary is None or dictionary.has_frequencies:
            return
        field: forms.ChoiceField = self.fields["difficulty"]  # type: ignore[assignment]
        field.choices = [c for c in Difficulty.choices if not maker_for(c[0]).needs_frequencies]
        field.help_text = difficulties.help_text(value for value, _label in field.choices)
        chosen = self.initial.get("difficulty")
        if (
            not self.is_bound
            and chosen in Difficulty.values
            and maker_for(chosen).needs_frequencies
        ):
            self.initial = {**self.initial, "difficulty": Difficulty.HARD}
            self.obscure_withdrawn = gettext(
                "%(difficulty)s is not offered with %(name)s (no word frequencies for its "
                "language), so hard is chosen instead."
            ) % {"difficulty": difficulties.label(chosen), "name": dictionary.display_name}
        sent = self._raw("difficulty")
        if sent in Difficulty.values and maker_for(sent).needs_frequencies:
            field.error_messages = {
                **field.error_messages,
                "invalid_choice": not_offered_without_frequencies_message(
                    sent, dictionary.display_name
                ),
            }

    @staticmethod
    def _length_label(item: WordLength) -> str:
        letters = ngettext("%(count)s letter", "%(count)s letters", item.length) % {
            "count": item.length
        }
        words = ngettext("%(count)s word", "%(count)s words", item.words) % {
            "count": intcomma(item.words)
        }
        return gettext("%(letters)s (%(words)s)") % {"letters": letters, "words": words}

    def _initial_length(self) -> int | None:
        """The length asked for when offered; else one a good player can win at the
        difficulty and wrong guesses the form opens with."""
        wanted = self._wanted_length()
        if wanted in [item.length for item in self.lengths] or self.chosen_dictionary is None:
            return preferred_length(self.lengths, wanted=wanted)
        try:
            max_misses = int(str(self._raw("max_misses") or DEFAULT_WRONG_GUESSES))
        except (TypeError, ValueError):
            max_misses = DEFAULT_WRONG_GUESSES
        return winnable_length(
            self.lengths,
            dictionary_id=self.chosen_dictionary.pk,
            difficulty=str(self._raw("difficulty") or self.fields["difficulty"].initial),
            max_misses=max_misses,
            min_words=self.ranked_min_words,
        )

    def _raw(self, field: str) -> object:
        if self.is_bound:
            return self.data.get(self.add_prefix(field))
        return self.initial.get(field)

    def _chosen_dictionary(self, offered: Any) -> Dictionary | None:
        raw = self._raw("dictionary")
        if isinstance(raw, Dictionary):
            raw = raw.pk
        try:
            return offered.get(pk=int(str(raw)))
        except (TypeError, ValueError, Dictionary.DoesNotExist):
            # None chosen yet: the default list for the page's language.
            return default_dictionary_for(get_language())

    def _wanted_length(self) -> int | None:
        try:
            return int(str(self._raw("length")))
        except (TypeError, ValueError):
            return None

    def par_info(self, *, player: AbstractBaseUser | AnonymousUser | None = None) -> ParInfo:
        """Par of the settings the form shows (as the player left them, valid or not yet):
        the dictionary and length offered, the difficulty and wrong guesses typed; with
        ``player``, whether their game would be ranked (``would_be_ranked``)."""
        length: int | None = self.fields["length"].initial
        wanted = self._wanted_length()
        if wanted in [item.length for item in self.lengths]:
            length = wanted
        difficulty = str(self._raw("difficulty") or self.fields["difficulty"].initial)
        try:
            max_misses: int | None = int(
                str(self._raw("max_misses") or self.fields["max_misses"].initial)
            )
        except (TypeError, ValueError):
            max_misses = None
        words = next((item.words for item in self.lengths if item.length == length), 0)
        ranked = (
            player is not None
            and player.is_authenticated
            and self.chosen_dictionary is not None
            and would_be_ranked(
                player=player,  # type: ignore[arg-type]
                dictionary=self.chosen_dictionary,
                words=words,
                difficulty=difficulty,
                show_word_count=str(self._raw("show_word_count")).lower() in {"on", "true", "1"},
            )
        )
        return par_info(
            dictionary_id=self.chosen_dictionary.pk if self.chosen_dictionary else None,
            length=length,
            difficulty=difficulty,
            max_misses=max_misses,
            would_be_ranked=ranked,
        )


class GuessForm(forms.Form):
    """One key of the board. The letter itself is judged by the service, which
    knows the game; ``expected_guesses`` is how many guesses the board showed."""

    # Bounded, yet long enough that "ab" or " e " reach the service and get its message.
    letter = forms.CharField(required=False, strip=False, max_length=32)
    # A whole word (the field beside the keyboard): sent, it is the guess.
    word = forms.CharField(required=False, max_length=80)
    expected_guesses = forms.IntegerField(required=False, min_value=0, max_value=MAX_MOVES)

    BAD_BOARD_MESSAGE = _(
        "This board could not be read; here is the current board. Nothing was changed."
    )
