"""The API's request and response bodies (pydantic, through django-ninja's ``Schema``)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from ninja import Field, Schema
from pydantic import ConfigDict, model_validator

from dictionaries.languages import MAX_ALPHABET
from games.models import MAX_WRONG_GUESSES, Difficulty
from games.models.moves import MAX_MOVES

DifficultyName = Literal[tuple(Difficulty.values)]  # type: ignore[valid-type]


class ErrorDetail(Schema):
    code: str = Field(description="Stable, for programs: e.g. stale_board, not_found.")
    message: str = Field(description="Plain English, for people.")


class ErrorOut(Schema):
    error: ErrorDetail


class LengthOut(Schema):
    length: int
    words: int
    par: dict[str, int] = Field(
        description="Fewest wrong guesses a line of play found, per difficulty (easy, medium, "
        "hard), where computed."
    )


class DictionaryOut(Schema):
    slug: str
    name: str
    is_default: bool
    language: str = Field(description="The words' language, a BCP 47 tag (en, es, fr-CA).")
    alphabet: str = Field(
        description="The letters its games play with, lower case, in order: a guess is one of them."
    )
    lengths: list[LengthOut]


class StrictIn(Schema):
    """A request body: each field exactly its JSON type, and no other field. No ``true``
    for a number (a 1-letter game), no ``"7"`` for 7, no ``"extra": 1`` (a misspelt
    ``max_mises`` was dropped without a word): a program that sends them has a bug to hear
    of (a 422, and ``additionalProperties: false`` in the schema)."""

    model_config = ConfigDict(strict=True, extra="forbid")


class GameStartIn(StrictIn):
    dictionary: str | None = Field(
        default=None, max_length=100, description="A dictionary's slug; none: the default one."
    )
    length: int = Field(ge=1, le=64)
    max_misses: int = Field(ge=1, le=MAX_WRONG_GUESSES)
    difficulty: DifficultyName  # type: ignore[valid-type]


class GuessIn(StrictIn):
    letter: str | None = Field(
        default=None,
        min_length=1,
        max_length=8,
        description="One letter of the game's dictionary (its ``alphabet``; a to z in "
        "English); a capital counts as its letter, and on a list that folds accents an "
        "accented letter as its base letter. Any other is a 422 naming the letters.",
    )
    word: str | None = Field(
        default=None,
        min_length=2,
        max_length=80,
        description="Instead of a letter, the whole word, read letter by letter as a letter "
        "is. A word of the list and the game's length, else a 422 that changes nothing. It "
        "is dropped from the words still possible (one wrong guess) unless it is the only "
        "one left: then the game is won.",
    )

    @model_validator(mode="after")
    def one_guess(self) -> GuessIn:
        if (self.letter is None) == (self.word is None):
            raise ValueError("send a letter or a word: exactly one of them")
        return self

    expected_guesses: int = Field(
        ge=0,
        le=MAX_MOVES,
        description="How many guesses the game had when the bot chose this letter: a "
        "mismatch (a resent or out-of-date guess) is a 409 that changes nothing.",
    )


class GameOut(Schema):
    id: int
    dictionary: str
    length: int
    difficulty: str
    max_misses: int
    status: Literal["playing", "won", "lost"]
    pattern: str = Field(description="The word as far as shown; '-' for a hidden letter.")
    letters: str = Field(description="Letters guessed, in order.")
    words_guessed: list[str] = Field(description="Whole words guessed, in order.")
    moves: list[str] = Field(
        description="Every guess in order, each one letter or a whole word: the game."
    )
    guesses: int = Field(description="Guesses made, letters and words.")
    misses: int
    misses_left: int
    words_left: int | None = Field(description="Words still possible (practice games only).")
    word: str | None = Field(
        description="The computer's word once the game is over, as its list writes it (on a "
        "list that folds accents it may carry accents its letters do not)."
    )
    alphabet: str = Field(description="The letters this game takes, in order.")
    forfeited: bool
    ranked: bool
    bot: bool
    started_at: dt.datetime
    finished_at: dt.datetime | None


class GuessOut(Schema):
    letter: str = Field(description="The guess played: a letter, or the whole word.")
    word: bool = Field(description="Whether the guess was a whole word.")
    hit: bool
    game: GameOut


class MeOut(Schema):
    username: str
    token_name: str


class BotRowOut(Schema):
    username: str
    bot: str = Field(description="The token's name.")
    games: int
    won: int
    average_misses: float = Field(description="A forfeit counts every wrong guess allowed.")
    worst_misses: int


class BotLeaderboardOut(Schema):
    dictionary: str
    length: int
    difficulty: str
    max_misses: int
    par: int | None = Field(
        description="Fewest wrong guesses a line of play found on this challenge (easy, medium, "
        "hard), where computed: the reference row."
    )
    rows: list[BotRowOut]


class MakerStartIn(StrictIn):
    dictionary: str | None = Field(
        default=None, max_length=100, description="A dictionary's slug; none: the default one."
    )
    length: int = Field(ge=1, le=64)
    max_misses: int = Field(ge=1, le=MAX_WRONG_GUESSES)


class AnswerIn(StrictIn):
    positions: list[Annotated[int, Field(ge=-1000, le=1000)]] = Field(
        max_length=64,
        description="Where the asked letter is, counted from 0; empty: not in the word.",
    )
    expected_guesses: int = Field(
        ge=0,
        le=MAX_ALPHABET,
        description="Letters asked and answered so far: a mismatch is a 409.",
    )


class MakerGameOut(Schema):
    id: int
    dictionary: str
    length: int
    max_misses: int
    status: Literal["playing", "guessed", "hanged", "lost"] = Field(
        description="guessed: the AI guesser found the word; hanged: it ran out of wrong "
        "guesses (the bot won); lost: the bot answered illegally too often."
    )
    asked: str | None = Field(description="The letter the AI guesser asks now.")
    letters: str
    guesses: int
    pattern: str
    misses: int = Field(description="Wrong guesses forced on the AI guesser: the bot's score.")
    illegal_answers: int
    started_at: dt.datetime
    finished_at: dt.datetime | None


class MakerRowOut(Schema):
    username: str
    bot: str = Field(description="The token's name.")
    games: int
    hanged: int = Field(description="Games the AI guesser lost.")
    average_misses: float = Field(
        description="Wrong guesses forced on the AI guesser; a game lost by illegal answers "
        "counts 0."
    )
    best_misses: int


class MakerLeaderboardOut(Schema):
    dictionary: str
    length: int
    max_misses: int
    reference: dict[str, int] = Field(
        description="What the site's hard and fiendish word-makers force on the same AI "
        "guesser with these settings, as far as the site's worker has played them (the "
        "first request for a challenge queues them; they take seconds)."
    )
    reference_complete: bool = Field(
        description="False while a reference game waits for the worker: ask again shortly."
    )
    rows: list[MakerRowOut]
