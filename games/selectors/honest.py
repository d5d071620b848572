"""What an honest game says about a finished one: the fair word, and what the cheating cost.

Both come from the game's seed and its dictionary's words of its length, the
same starting word list the fair word-maker draws from (``engine.fair_word``).
Neither is ever computed for a game in progress: the fair word of a fair game
*is* its secret, and the honest game of a cheating one would name a word the
player could try.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache

from dictionaries.selectors import written_form
from dictionaries.wordbank import EmptyBucketError, get_lexicon
from games import engine
from games.models import Game

CACHE_SECONDS = 24 * 60 * 60


class HonestNotReadyError(ValueError):
    """The game is still being played: its honest word may not be shown."""


@dataclass(frozen=True)
class CheatingCost:
    """The misses of a finished game against those of the same letters in an honest game."""

    misses: int  # what the cheating word-maker made the player miss
    honest_misses: int  # what the same letters would have missed against the fair word
    honest_won: bool  # the same letters would have found the fair word
    honest_word: str  # as its list writes it
    honest_lost: bool = False  # the same letters would have run out of wrong guesses
    won: bool = False  # how the game itself ended
    forfeited: bool = False

    @property
    def extra(self) -> int:
        """Misses the cheating added; negative when the fair word would have cost more."""
        return self.misses - self.honest_misses

    @property
    def honest_end(self) -> str | None:
        """How the honest game with the same letters ends when it is not how this game
        ended: "won" (this one was lost) or "lost" (this one was won). None when it ends
        alike, when the letters end no honest game, or when the game was given up: then
        there is nothing true to say of the difference."""
        if self.forfeited:
            return None
        if not self.won and self.honest_won:
            return "won"
        if self.won and self.honest_lost:
            return "lost"
        return None

    @property
    def saved(self) -> int:
        """Misses the cheating spared (the fair word would have cost more); 0 otherwise."""
        return max(0, -self.extra)


def fair_word(game: Game, *, lexicon: engine.Lexicon | None = None) -> str | None:
    """The word the game's seed picks honestly: a fair game's secret word from its start.

    Refused while the game is played; None when its words are no longer available.
    ``lexicon``: the game's word list when the caller has loaded it.
    """
    if not game.is_over:
        raise HonestNotReadyError("the fair word is shown once the game is over")
    if lexicon is None:
        try:
            lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
        except EmptyBucketError:
            return None
    return engine.fair_word(lexicon, game.seed)


def fair_word_shown(game: Game) -> str | None:
    """``fair_word`` as its list writes it, for a page (the review)."""
    word = fair_word(game)
    return written_form(game.dictionary, word) if word is not None else None


def cheating_cost(game: Game, *, lexicon: engine.Lexicon | None = None) -> CheatingCost | None:
    """For a finished game against a cheating word-maker, what the cheating cost.

    The game's letters are played in order against the honest word-maker with
    the game's seed; None for a fair game (nothing was cheated) or when the
    dictionary's words are gone. Refused while the game is played. ``lexicon``: the
    game's word list when the caller has loaded it.
    """
    if not game.is_over:
        raise HonestNotReadyError("what the cheating cost is shown once the game is over")
    if game.is_fair:
        return None
    key = f"games:cheating-cost:v4:{game.pk}:{'|'.join(game.moves)}:{game.status}:{game.forfeited}"
    cost: CheatingCost | None = cache.get(key)
    if cost is None:
        if lexicon is None:
            try:
                lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
            except EmptyBucketError:
                return None
        honest = engine.honest_game(
            lexicon, seed=game.seed, max_misses=game.max_misses, moves=game.moves
        )
        cost = CheatingCost(
            misses=game.misses,
            honest_misses=honest.misses,
            honest_won=honest.status is engine.Status.WON,
            honest_word=written_form(game.dictionary, honest.word),
            honest_lost=honest.status is engine.Status.LOST,
            won=game.status == engine.Status.WON.value,
            forfeited=game.forfeited,
        )
        cache.set(key, cost, CACHE_SECONDS)
    return cost
