"""Which games count for something: no hint and no undo in them, whatever happened to them.

A ranked game, someone's one attempt at a board everyone plays (ranked, played as
a guest, or made unranked by a hint before hints were refused there) and a game
of a class assignment count: a hint or a taken-back guess would change what they
say of the player. Practice, fair and computer games do not, and keep both.

What a game counts as is stored on it when it starts (``Game.counts_as``, set by
``games.services.start.game_create`` from what its way in says), so every reader
(hints, undo, secrecy, the board) reads one field and no app needs asking.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext

from games.models import CountsAs, Game, Status


def counts_as(game: Game) -> str | None:
    """What ``game`` counts as, as a phrase for a sentence ("a ranked game"), or None when
    it is a practice, fair or computer game that counts for nothing."""
    if game.counts_as == CountsAs.NOTHING:
        return None
    return str(CountsAs(game.counts_as).label)


def counting_game_open_on(
    player: AbstractBaseUser, *, dictionary_id: int, length: int, seed: int
) -> bool:
    """Whether ``player`` still plays a game that counts on this board (the same list,
    length and seed: their daily attempt left open past its day): another game of the
    board (the computer's replay, a friend's link) would give its letters away."""
    return (
        Game.objects.filter(
            player=player,
            status=Status.PLAYING,
            seed=seed,
            dictionary_id=dictionary_id,
            length=length,
        )
        .exclude(counts_as=CountsAs.NOTHING)
        .exists()
    )


def hint_refusal(game: Game) -> str | None:
    """Why no hint is given in ``game`` (None: a practice game, hints allowed)."""
    what = counts_as(game)
    if what is None:
        return None
    return gettext(
        "No hints in %(what)s: it counts, so you play it on your own. No hint was given and "
        "nothing was changed. Hints (and taking back a guess) are for practice games."
    ) % {"what": what}


def undo_counting_refusal(what: str) -> str:
    """Why no guess is taken back in a game that counts as ``what`` (``counts_as``)."""
    return gettext(
        "This is %(what)s: a guess cannot be taken back, or one could try each letter and "
        "keep the best answer. Only practice games allow it."
    ) % {"what": what}
