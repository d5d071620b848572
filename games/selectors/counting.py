"""Which games count for something: no hint and no undo in them, whatever happened to them.

A ranked game, the player's one attempt at a daily puzzle (ranked, or made
unranked by a hint before hints were refused there) and a game of a class
assignment count: a hint or a taken-back guess would change what they say of
the player. Practice, fair and computer games do not, and keep both.

The games app knows nothing of classes: an app that makes games count for
something of its own registers a check here (``register_counting_check``;
the classes app does it for assignment games in its ``AppConfig.ready``).
"""

from __future__ import annotations

from collections.abc import Callable

from games.models import Game

# A check gets a game and returns what it counts as, in words ("a game of …"), or None.
CountingCheck = Callable[[Game], str | None]
_checks: list[CountingCheck] = []


def register_counting_check(check: CountingCheck) -> None:
    """Add a way a game may count (once, however often an app's ``ready`` runs)."""
    if check not in _checks:
        _checks.append(check)


def counts_as(game: Game) -> str | None:
    """What ``game`` counts as, as a phrase for a sentence ("a ranked game"), or None when
    it is a practice, fair or computer game that counts for nothing."""
    if game.played_by_computer:
        return None
    if game.is_daily_attempt or game.was_daily_attempt:
        return "your one attempt at the daily puzzle"
    for check in _checks:
        found = check(game)
        if found is not None:
            return found
    if game.is_ranked or game.unranked_by_hint:
        return "a ranked game"
    return None


def hint_refusal(game: Game) -> str | None:
    """Why no hint is given in ``game`` (None: a practice game, hints allowed)."""
    what = counts_as(game)
    if what is None:
        return None
    return (
        f"No hints in {what}: it counts, so you play it on your own. No hint was given and "
        "nothing was changed. Hints (and taking back a guess) are for practice games."
    )


def undo_counting_refusal(what: str) -> str:
    """Why no guess is taken back in a game that counts as ``what`` (``counts_as``)."""
    return (
        f"This is {what}: a guess cannot be taken back, or one could try each letter and "
        "keep the best answer. Only practice games allow it."
    )
