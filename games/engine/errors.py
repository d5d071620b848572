"""The errors the engine raises on bad input: one base class, so callers catch one thing."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class LexiconError(EngineError):
    pass


class GuessError(EngineError):
    """A guess the rules reject; the state it was applied to is unchanged."""


class InvalidLetterError(GuessError):
    pass


class RepeatedLetterError(GuessError):
    pass


class GameOverError(GuessError):
    pass


class InvalidWordError(GuessError):
    """A whole-word guess that is not a word of the game's list and length."""


class RepeatedWordError(GuessError):
    pass
