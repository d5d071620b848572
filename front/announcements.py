"""What the board says after a guess or an undo, in a sentence: shown on the board and
read aloud by screen readers (``#announcer``). A letter shows as its key, a whole word in
capitals; a word missed reads the same whether it was dropped or no longer possible
(docs/design/whole-words.md)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext, npgettext, pgettext_lazy

from games import engine, services
from games.models import Game
from games.selectors.board import shows_words_left
from games.selectors.letters import final_word, guess_shown


def wrong_guesses_left(left: int) -> str:
    return ngettext("%(count)s wrong guess left.", "%(count)s wrong guesses left.", left) % {
        "count": left
    }


# How many times a letter shows, in words ("Yes, two Es."), up to six; digits above.
_COUNT_WORDS = {
    1: pgettext_lazy("a letter shows: Yes, one E", "one"),
    2: pgettext_lazy("a letter shows: Yes, two Es", "two"),
    3: pgettext_lazy("a letter shows: Yes, three Es", "three"),
    4: pgettext_lazy("a letter shows: Yes, four Es", "four"),
    5: pgettext_lazy("a letter shows: Yes, five Es", "five"),
    6: pgettext_lazy("a letter shows: Yes, six Es", "six"),
}


def guess_announcement(report: engine.MoveReport, *, game: Game) -> str:
    """What a guess did, in words (read aloud by screen readers, shown on the board)."""
    letter = guess_shown(report.letter, game.dictionary)
    if report.is_word:
        # Missed, it was dropped or was no longer possible: the same sentence either way.
        parts = [gettext("Not %(word)s.") % {"word": letter}] if report.miss else []
    elif report.miss:
        parts = [gettext("No %(letter)s.") % {"letter": letter}]
    else:
        count = report.pattern.count(report.letter)
        parts = [
            ngettext("Yes, %(count)s %(letter)s.", "Yes, %(count)s %(letter)ss.", count)
            % {"count": _COUNT_WORDS.get(count, count), "letter": letter}
        ]
    if game.status == engine.Status.WON:
        parts.append(gettext("You won: the word is %(word)s.") % {"word": final_word(game)})
    elif game.status == engine.Status.LOST:
        parts.append(
            gettext("You lost. The computer's word: %(word)s.") % {"word": final_word(game)}
        )
    else:
        parts.append(wrong_guesses_left(game.misses_left))
        if shows_words_left(game):
            parts.append(_words_still_possible(game.words_left))
    return " ".join(parts)


def _words_still_possible(words: int) -> str:
    return ngettext("%(count)s word still possible.", "%(count)s words still possible.", words) % {
        "count": words
    }


def undo_announcement(outcome: services.UndoOutcome) -> str:
    game = outcome.game
    letter = guess_shown(outcome.letter, game.dictionary)
    took_back = (
        gettext("Took back %(letter)s (a miss).")
        if outcome.was_miss
        else gettext("Took back %(letter)s.")
    ) % {"letter": letter}
    left = ngettext(
        "%(count)s wrong guess left,", "%(count)s wrong guesses left,", game.misses_left
    )
    left %= {"count": game.misses_left}
    words = npgettext(
        "after “5 wrong guesses left,”",
        "%(count)s word still possible.",
        "%(count)s words still possible.",
        game.words_left,
    ) % {"count": game.words_left}
    return f"{took_back} {left} {words}"
