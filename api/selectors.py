"""Reads of the API: a token's games, the dictionaries offered, what a game shows a bot.

A bot sees only bot games of its own account (``Game.played_by_bot``): never
a person's game, so a program can never play a ranked game or the daily for
anyone, and the daily (never a bot game) is not reachable at all. What a game
shows is decided by the board's own predicate (``shows_words_left``): no
candidate word and no count of words left in a game that counts.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Avg, Case, Count, F, IntegerField, Max, Q, QuerySet, When

from api.models import ApiToken, MakerGame, MakerStatus
from dictionaries.models import Dictionary
from dictionaries.selectors import offered_dictionaries, word_lengths, written_form
from games.models import RULE_DIFFICULTIES, Game, Par, Status
from games.selectors.board import shows_words_left

# What a bot's game scores, in one place for the leaderboards and the assignment tables.
# Guessers: the misses needed, a forfeit counting every wrong guess allowed (giving up
# never beats playing on). Word-makers: the misses forced, a game lost by illegal answers 0.
GUESSER_MISSES = Case(When(forfeited=True, then=F("max_misses")), default=F("misses"))
MAKER_FORCED = Case(
    When(status=MakerStatus.LOST, then=0), default=F("misses"), output_field=IntegerField()
)


def api_tokens_for(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """The account's tokens, live ones first, newest first (for the Account page)."""
    return (
        ApiToken.objects.filter(user=user)
        .select_related("assignment__classroom")
        .order_by("revoked_at", "-created_at", "-id")
    )


def bot_game(*, token: ApiToken, game_id: int) -> Game:
    """A bot game of the token's account; raises ``Game.DoesNotExist`` for anything else
    (another account's game, or a game the person played themselves)."""
    return Game.objects.select_related("dictionary").get(
        pk=game_id, player_id=token.user_id, played_by_bot=True
    )


def bot_games(*, token: ApiToken, limit: int) -> list[Game]:
    """The account's bot games, newest first."""
    return list(
        Game.objects.select_related("dictionary")
        .filter(player_id=token.user_id, played_by_bot=True)
        .order_by("-started_at", "-id")[:limit]
    )


def offered_dictionary(*, slug: str | None) -> Dictionary | None:
    """The dictionary a new game may use by that slug (None: the default one)."""
    offered = offered_dictionaries()
    return offered.first() if slug is None else offered.filter(slug=slug).first()


@dataclass(frozen=True)
class LengthInfo:
    length: int
    words: int
    par: dict[str, int]  # difficulty -> fewest misses a line of play found; stored pars only


@dataclass(frozen=True)
class DictionaryInfo:
    slug: str
    name: str
    is_default: bool
    language: str
    alphabet: str
    lengths: list[LengthInfo]


def dictionaries_offered() -> list[DictionaryInfo]:
    """Every dictionary a new game may use, its lengths with their word counts and par (the
    same facts the new-game form shows)."""
    infos = []
    for dictionary in offered_dictionaries():
        pars: dict[int, dict[str, int]] = {}
        for length, difficulty, misses in Par.objects.filter(
            dictionary=dictionary, difficulty__in=[d.value for d in RULE_DIFFICULTIES]
        ).values_list("length", "difficulty", "misses"):
            pars.setdefault(length, {})[difficulty] = misses
        infos.append(
            DictionaryInfo(
                slug=dictionary.slug,
                name=dictionary.name,
                is_default=dictionary.is_default,
                language=dictionary.language,
                alphabet=dictionary.alphabet,
                lengths=[
                    LengthInfo(length=item.length, words=item.words, par=pars.get(item.length, {}))
                    for item in word_lengths(dictionary_id=dictionary.pk)
                ],
            )
        )
    return infos


@dataclass(frozen=True)
class GameView:
    """What the API says of a game: the board's facts, nothing secret."""

    id: int
    dictionary: str
    length: int
    difficulty: str
    max_misses: int
    status: str
    pattern: str
    letters: str
    words_guessed: list[str]
    moves: list[str]
    guesses: int
    misses: int
    misses_left: int
    words_left: int | None
    word: str | None
    alphabet: str
    forfeited: bool
    ranked: bool
    bot: bool
    started_at: dt.datetime
    finished_at: dt.datetime | None


def game_view(game: Game) -> GameView:
    return GameView(
        id=game.pk,
        dictionary=game.dictionary.slug,
        length=game.length,
        difficulty=game.difficulty,
        max_misses=game.max_misses,
        status=game.status,
        pattern=game.pattern,
        letters=game.letters,
        words_guessed=game.words_guessed,
        moves=game.moves,
        guesses=game.guess_count,
        misses=game.misses,
        misses_left=game.misses_left,
        words_left=game.words_left if shows_words_left(game) else None,
        word=written_form(game.dictionary, game.word) if game.is_over else None,
        alphabet=game.dictionary.alphabet,
        forfeited=game.forfeited,
        ranked=game.is_ranked,
        bot=game.played_by_bot,
        started_at=game.started_at,
        finished_at=game.finished_at,
    )


@dataclass(frozen=True)
class BotRow:
    username: str
    bot: str  # the token's name
    games: int
    won: int
    average_misses: float
    worst_misses: int


def bot_leaderboard(
    *, dictionary: Dictionary, length: int, difficulty: str, max_misses: int, limit: int = 50
) -> list[BotRow]:
    """Guesser bots on one challenge (dictionary, length, difficulty, wrong guesses allowed):
    finished bot games per token, fewest average misses first. A forfeit counts every wrong
    guess allowed, so giving up never beats playing on. Bot games only: no person's game."""
    misses = GUESSER_MISSES
    rows = (
        Game.objects.filter(
            played_by_bot=True,
            finished_at__isnull=False,
            dictionary=dictionary,
            length=length,
            difficulty=difficulty,
            max_misses=max_misses,
            api_game__isnull=False,
        )
        .values("player__username", "api_game__token__name", "api_game__token_id")
        .annotate(
            games=Count("id"),
            won=Count("id", filter=Q(status=Status.WON)),
            average=Avg(misses),
            worst=Max(misses),
        )
        .order_by("average", "-games", "api_game__token_id")[:limit]
    )
    return [
        BotRow(
            username=row["player__username"],
            bot=row["api_game__token__name"],
            games=row["games"],
            won=row["won"],
            average_misses=round(float(row["average"]), 2),
            worst_misses=row["worst"],
        )
        for row in rows
    ]


def maker_game(*, token: ApiToken, game_id: int) -> MakerGame:
    """A word-maker game of the token's account; ``MakerGame.DoesNotExist`` for any other."""
    return MakerGame.objects.select_related("dictionary").get(pk=game_id, player_id=token.user_id)


@dataclass(frozen=True)
class MakerView:
    id: int
    dictionary: str
    length: int
    max_misses: int
    status: str
    asked: str | None
    letters: str
    guesses: int
    pattern: str
    misses: int
    illegal_answers: int
    started_at: dt.datetime
    finished_at: dt.datetime | None


def maker_view(game: MakerGame) -> MakerView:
    return MakerView(
        id=game.pk,
        dictionary=game.dictionary.slug,
        length=game.length,
        max_misses=game.max_misses,
        status=game.status,
        asked=game.asked or None,
        letters=game.letters,
        guesses=len(game.letters),
        pattern=game.pattern,
        misses=game.misses,
        illegal_answers=game.illegal_answers,
        started_at=game.started_at,
        finished_at=game.finished_at,
    )


@dataclass(frozen=True)
class MakerRow:
    username: str
    bot: str
    games: int
    hanged: int  # games the AI guesser lost
    average_misses: float  # forced on the AI guesser; a game lost by illegal answers: 0
    best_misses: int


def maker_leaderboard(
    *, dictionary: Dictionary, length: int, max_misses: int, limit: int = 50
) -> list[MakerRow]:
    """Word-maker bots on one challenge: finished games per token, most misses forced first."""
    forced = MAKER_FORCED
    rows = (
        MakerGame.objects.filter(
            finished_at__isnull=False, dictionary=dictionary, length=length, max_misses=max_misses
        )
        .values("player__username", "token__name", "token_id")
        .annotate(
            games=Count("id"),
            hanged=Count("id", filter=Q(status=MakerStatus.HANGED)),
            average=Avg(forced),
            best=Max(forced),
        )
        .order_by("-average", "-games", "token_id")[:limit]
    )
    return [
        MakerRow(
            username=row["player__username"],
            bot=row["token__name"],
            games=row["games"],
            hanged=row["hanged"],
            average_misses=round(float(row["average"]), 2),
            best_misses=row["best"],
        )
        for row in rows
    ]


@dataclass(frozen=True)
class MakerAnswer:
    letter: str
    positions: list[int]  # empty: the bot said the letter is not in the word


def maker_answers(game: MakerGame) -> list[MakerAnswer]:
    """What the bot answered to each letter, in order: each letter's places in the final
    pattern (answers are never changed, so the pattern holds them all)."""
    return [
        MakerAnswer(
            letter=letter,
            positions=[index for index, shown in enumerate(game.pattern) if shown == letter],
        )
        for letter in game.letters
    ]
