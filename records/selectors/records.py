"""Game records: lists of games, who may review which game, and the review itself.

Who sees what (the permission matrix the tests pin):

- the owner sees their own finished games; an in-progress game opens the board;
- any logged-in player may review someone else's *finished* game (it reveals
  nothing secret and lets players learn from the leaderboard), never one in
  progress (404, as if it did not exist);
- instructors (``games.review_all_games``: the "Instructors" group, or a
  superuser) review every game, in progress included, and only they see the
  candidate words, recomputed by replaying the game on its lexicon;
- nobody reviews a game ``games.secrecy`` hides, instructors included (403): a
  game that counts while it is played (its candidates would coach its player),
  and a game of today's daily puzzle until the day is over, but for its own
  player once it is over (another's finished attempt would give the puzzle away);
- so does whoever holds the object permission ``games.review_game`` on a game:
  no model grants it, an authorization backend may (the classes app gives it to
  the instructor of a class for the games of its students).
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext, ngettext, pgettext

from core.db_router import reads_can_lag
from dictionaries.languages import language
from dictionaries.models import Dictionary
from dictionaries.selectors import written_forms
from dictionaries.wordbank import get_lexicon
from games import difficulties, engine
from games.engine import guesser
from games.models import Game, Hint, Move, Reason, Status
from games.permissions import REVIEW_GAME_PERMISSION, can_review_all
from games.secrecy import is_secret_for
from games.selectors.replay import game_state

TOP_FAMILIES = 8
CANDIDATES_SHOWN = 500


class Result(enum.StrEnum):
    """The instructor list's result filter; a forfeit is a loss of its own kind."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"
    FORFEITED = "forfeited"
    FINISHED = "finished"


class ReviewAccess(enum.Enum):
    NONE = "none"  # 404
    BOARD = "board"  # the owner's game in progress: the board, not a review
    NOT_YET = "not_yet"  # a game games.secrecy hides from the viewer: 403
    REVIEW = "review"  # moves and families, no candidate words
    INSTRUCTOR = "instructor"  # everything, candidate words included


def review_access(user: AbstractBaseUser | AnonymousUser, game: Game) -> ReviewAccess:
    if not user.is_authenticated:
        return ReviewAccess.NONE
    if game.player_id == user.pk and not game.is_over:
        # Even an instructor plays their own game on the board, without the candidates.
        return ReviewAccess.BOARD
    is_instructor = can_review_all(user) or user.has_perm(REVIEW_GAME_PERMISSION, game)
    if not is_instructor and not game.is_over:
        return ReviewAccess.NONE
    if is_secret_for(game, user):
        # Instructors too: a student's game that counts, or today's daily puzzle.
        return ReviewAccess.NOT_YET
    return ReviewAccess.INSTRUCTOR if is_instructor else ReviewAccess.REVIEW


def player_games(player: AbstractBaseUser) -> QuerySet[Game]:
    """The player's games, newest first (index on (player, -started_at))."""
    return (
        Game.objects.filter(player=player)
        .select_related("dictionary", "daily_link__puzzle")
        .order_by("-started_at", "-id")
    )


def computer_replay(game: Game, viewer: AbstractBaseUser | AnonymousUser) -> Game | None:
    """The viewer's game in which the computer played ``game`` again (same settings and seed)."""
    if not viewer.is_authenticated or game.played_by_computer:
        return None
    return Game.objects.filter(player=viewer, computer_replay_of=game).first()


@dataclass(frozen=True)
class GameFilters:
    """The instructor list's filters; ``None`` or empty means any."""

    player: str = ""
    dictionary: Dictionary | None = None
    length: int | None = None
    difficulty: str | None = None
    result: str | None = None
    ranked: bool | None = None
    started_from: dt.date | None = None
    started_to: dt.date | None = None


@reads_can_lag
def filtered_games(filters: GameFilters) -> QuerySet[Game]:
    """Every player's games in the filters, newest first; dates are inclusive, site time."""
    games = Game.objects.select_related("player", "dictionary", "daily_link__puzzle").order_by(
        "-started_at", "-id"
    )
    if filters.player:
        games = games.filter(player__username__iexact=filters.player)
    if filters.dictionary is not None:
        games = games.filter(dictionary=filters.dictionary)
    if filters.length is not None:
        games = games.filter(length=filters.length)
    if filters.difficulty:
        games = games.filter(difficulty=filters.difficulty)
    if filters.ranked is not None:
        games = games.filter(is_ranked=filters.ranked)
    if filters.result:
        games = games.filter(**_RESULT_LOOKUPS[Result(filters.result)])
    if filters.started_from is not None:
        games = games.filter(started_at__gte=_local_midnight(filters.started_from))
    if filters.started_to is not None:
        next_day = filters.started_to + dt.timedelta(days=1)
        games = games.filter(started_at__lt=_local_midnight(next_day))
    return games


def _local_midnight(day: dt.date) -> dt.datetime:
    """A range bound on the column itself (not ``__date``), so the index still serves it."""
    return timezone.make_aware(dt.datetime.combine(day, dt.time.min))


_RESULT_LOOKUPS: dict[Result, dict[str, object]] = {
    Result.PLAYING: {"status": Status.PLAYING},
    Result.WON: {"status": Status.WON},
    Result.LOST: {"status": Status.LOST},
    Result.FORFEITED: {"status": Status.LOST, "forfeited": True},
    Result.FINISHED: {"finished_at__isnull": False},
}


@dataclass(frozen=True)
class FamilyBar:
    rank: int  # 1 = hardest
    pattern: str
    size: int
    percent: int  # bar width, relative to the largest family of the move
    kept: bool
    value: int | None = None  # fiendish: misses the search found it worth (None: not valued)

    @property
    def hidden(self) -> int:
        return self.pattern.count(engine.HIDDEN)

    @property
    def revealed_letters(self) -> int:
        return sum(1 for char in self.pattern if char != engine.HIDDEN)


@dataclass(frozen=True)
class MoveReview:
    number: int
    letter: str
    miss: bool
    pattern_before: str
    pattern: str
    words_before: int
    words_left: int
    misses_left: int
    reason: str
    reason_label: str
    kept_rank: int
    top_families: tuple[FamilyBar, ...]
    more_families: tuple[FamilyBar, ...]
    seeded_ties: bool = False  # a ranked game: families of equal rank ordered by the seed
    search_nodes: int | None = None
    hint_letter: str = ""  # the hint the player had asked for before this guess, if any
    ai: AIMove | None = None  # instructors: what the AI guesser would have played here
    player: str = "you"  # who played, as the review says it: "you" to the player alone

    @property
    def family_count(self) -> int:
        return len(self.top_families) + len(self.more_families)

    @property
    def families(self) -> tuple[FamilyBar, ...]:
        return self.top_families + self.more_families

    @property
    def kept(self) -> FamilyBar:
        return self.families[self.kept_rank]

    @property
    def was_searched(self) -> bool:
        return any(family.value is not None for family in self.families)

    @property
    def misses_left_before(self) -> int:
        return self.misses_left + int(self.miss)

    @property
    def explanation(self) -> str:
        """Why the computer kept this family, in words for the review page: the sentence of
        its reason (``games/engine/makers/``), but a search's own account of what it found
        each family worth, and the rules' plain case of one family."""
        if self.reason == Reason.LOOKAHEAD and self.kept.value is not None:
            return self._lookahead_explanation(self.kept.value)
        if self.reason == Reason.HARDEST and self.family_count == 1:
            return gettext("Every word fell in one family, so it kept that one.")
        explanation = difficulties.reason_explanation(self.reason) % {
            "number": self.number,
            "pattern": self.pattern,
            "words": _word_count(self.words_left),
            "count": self.words_left,
        }
        if self.reason == Reason.HARDEST:
            return explanation + self._seeded_tie_note()
        return explanation

    def _seeded_tie_note(self) -> str:
        kept = self.kept
        tied = [
            family
            for family in self.families
            if (family.size, family.revealed_letters) == (kept.size, kept.revealed_letters)
        ]
        if not self.seeded_ties or len(tied) < 2:
            return ""
        return " " + gettext(
            "%(count)s families were exactly as hard (as many words, as many letters "
            "shown); in a ranked game the game's secret seed chooses among them."
        ) % {"count": len(tied)}

    def _lookahead_explanation(self, value: int) -> str:
        """Fiendish: what the kept family was worth, against the biggest one."""
        kept, biggest = self.kept, self.families[0]
        player = str(self.player)
        leaves = ngettext(
            "it leaves %(player)s %(wrong)s with %(count)s letter hidden",
            "it leaves %(player)s %(wrong)s with %(count)s letters hidden",
            kept.hidden,
        ) % {"player": player, "wrong": _wrong_guesses(self.misses_left), "count": kept.hidden}
        if value >= self.misses_left_before:
            worth = gettext("%(wrong)s, enough to use up every wrong guess %(player)s had left") % {
                "wrong": _wrong_guesses(value),
                "player": player,
            }
        else:
            worth = _wrong_guesses(value)
        best = max(family.value for family in self.families if family.value is not None)
        if value < best:  # a ranked game's opening margin (games/engine/lookahead.py)
            return gettext(
                "It kept the %(size)s family: %(leaves)s. The search found it worth "
                "%(worth)s from this guess to the end of the game, less than the best family "
                "(%(best)s): on its first guesses a ranked game's secret seed may keep a family "
                "worth one wrong guess less, so the same letters do not meet the same answers "
                "in every game."
            ) % {
                "size": _words(kept.size),
                "leaves": leaves,
                "worth": worth,
                "best": _wrong_guesses(best),
            }
        if self.kept_rank == 0:
            text = gettext(
                "It kept the biggest family (%(size)s): the search found it worth %(worth)s "
                "from this guess to the end of the game, as much as any family; %(leaves)s."
            ) % {"size": _words(kept.size), "worth": worth, "leaves": leaves}
        else:
            compared = (
                gettext("against %(wrong)s for the bigger one")
                % {"wrong": _wrong_guesses(biggest.value)}
                if biggest.value is not None
                else gettext("the bigger one could not be valued in time")
            )
            text = gettext(
                "It kept the %(size)s family instead of the %(bigger)s one: %(leaves)s. The "
                "search found it worth %(worth)s from this guess to the end of the game "
                "(%(compared)s)."
            ) % {
                "size": _words(kept.size),
                "bigger": _words(biggest.size),
                "leaves": leaves,
                "worth": worth,
                "compared": compared,
            }
        equal = [f for f in self.families if f.value == value and f.value is not None]
        if self.seeded_ties and len(equal) > 1:
            text += " " + gettext(
                "%(count)s families were worth as much; in a ranked game the game's secret "
                "seed chooses among the biggest of them."
            ) % {"count": len(equal)}
        return text


def _words(count: int) -> str:
    """A family's size as an adjective: "1-word", "1,234-word"."""
    return ngettext("%(count)s-word", "%(count)s-word", count) % {"count": f"{count:,}"}


def _word_count(count: int) -> str:
    return ngettext("%(count)s word", "%(count)s words", count) % {"count": f"{count:,}"}


def _wrong_guesses(count: int) -> str:
    return ngettext("%(count)s wrong guess", "%(count)s wrong guesses", count) % {"count": count}


@dataclass(frozen=True)
class GameReview:
    game: Game
    moves: tuple[MoveReview, ...]
    start_words: int | None  # words of the length before the first guess

    @property
    def start_pattern(self) -> str:
        return engine.HIDDEN * self.game.length


def review_player(game: Game, *, to_player: bool) -> str:
    """Who played ``game``, as its review says it: "you" only to the player themself."""
    if game.played_by_computer:
        return gettext("the computer")
    return gettext("you") if to_player else game.player.get_username()


def _player_in_sentences(game: Game, *, to_player: bool) -> str:
    """``review_player`` as the move's sentences put it ("it leaves you 3 wrong guesses"):
    some languages say it otherwise than as a subject (the templates' ``review_player``)."""
    if game.played_by_computer:
        return pgettext("the review: it leaves ___ 3 wrong guesses", "the computer")
    if to_player:
        return pgettext("the review: it leaves ___ 3 wrong guesses", "you")
    return game.player.get_username()


def game_review(
    game: Game, *, top: int = TOP_FAMILIES, with_ai: bool = False, to_player: bool = True
) -> GameReview:
    """Every stored move, with its families ranked hardest first as the engine saw them;
    ``with_ai`` (instructors) adds the AI guesser's letter at each move, reasoned on the
    words the game really had (a ranked game's secret part of the list, the daily's), so
    its numbers are the row's. ``to_player``: the page is the player's, who is "you"."""
    player = _player_in_sentences(game, to_player=to_player)
    ai_moves = review_ai_moves(game) if with_ai else {}
    moves: list[MoveReview] = []
    pattern_before = engine.HIDDEN * game.length
    misses = 0
    hints = (
        dict(Hint.objects.filter(game=game).values_list("letters_before", "letter"))
        if game.hints_used
        else {}
    )
    # Patterns and whole words with their letters in the form their position asks (ם).
    shown = language(game.dictionary.language).by_position
    for move in Move.objects.filter(game=game).order_by("number"):
        misses += int(move.miss)
        families = [(shown(str(pattern)), int(size)) for pattern, size in move.families]
        largest = max((size for _, size in families), default=1) or 1
        values = move.values or [None] * len(families)
        bars = tuple(
            FamilyBar(
                rank=index + 1,
                pattern=pattern,
                size=size,
                percent=max(1, round(100 * size / largest)),
                kept=index == move.kept_rank,
                value=value,
            )
            for index, ((pattern, size), value) in enumerate(zip(families, values, strict=True))
        )
        moves.append(
            MoveReview(
                number=move.number,
                letter=shown(move.guess) if move.is_word else move.guess,
                miss=move.miss,
                pattern_before=shown(pattern_before),
                pattern=shown(move.pattern),
                words_before=sum(size for _, size in families),
                words_left=move.kept_size,
                misses_left=game.max_misses - misses,
                reason=move.reason,
                reason_label=Reason(move.reason).label,
                kept_rank=move.kept_rank,
                top_families=bars[:top],
                more_families=bars[top:],
                seeded_ties=game.seeded_ties,
                search_nodes=move.search_nodes,
                hint_letter=hints.get(_letters_before(game, move.number), ""),
                ai=ai_moves.get(move.number),
                player=player,
            )
        )
        pattern_before = move.pattern
    start_words = moves[0].words_before if moves else None
    return GameReview(game=game, moves=tuple(moves), start_words=start_words)


def _letters_before(game: Game, number: int) -> str:
    """The letters guessed before move ``number``: the position a hint was asked at."""
    return "".join(move for move in game.moves[: number - 1] if not engine.is_word_move(move))


# The AI column of the instructors' review: a smaller search than a hint's, since a
# review asks once per move. The positions are shared out among the moves (at most
# 1,000 and at least 200 each), so a 20-move hard game takes about a second; then it
# is cached.
REVIEW_AI_TOTAL_NODES = 6_000
REVIEW_AI_MOVE_NODES = (200, 1_000)
REVIEW_AI_CACHE_SECONDS = 7 * 24 * 60 * 60


@dataclass(frozen=True)
class AIMove:
    """What the AI guesser would have played before one move, and the misses it needed."""

    number: int  # the move it is compared with
    letter: str
    misses: int | None  # wrong guesses from there to the end; None when not proven
    proven: bool
    reason: str

    @property
    def misses_label(self) -> str:
        """What the AI needs from this position, as a student would say it."""
        if self.misses is None:
            return gettext("too many words left for the search to count the wrong guesses it needs")
        if self.misses == 0:
            count = gettext("no more wrong guesses")
        else:
            count = ngettext(
                "%(count)s more wrong guess", "%(count)s more wrong guesses", self.misses
            ) % {"count": self.misses}
        if self.proven:
            return gettext("it needs %(count)s") % {"count": count}
        return gettext("it needs at most %(count)s") % {"count": count}


def review_ai_nodes(moves: int) -> int:
    """Positions the AI may search at each of ``moves`` moves of a review."""
    low, high = REVIEW_AI_MOVE_NODES
    return max(low, min(high, REVIEW_AI_TOTAL_NODES // max(moves, 1)))


def review_ai_moves(game: Game, *, nodes: int | None = None) -> dict[int, AIMove]:
    """Per move number, the AI's letter for the position before it (instructors' review).

    Each position is restored from the stored patterns (no word-maker re-run) and
    searched with ``nodes`` positions at most (``review_ai_nodes``); the answers depend only on the
    letters guessed, so they are cached per game and letters (an undo changes
    the key).
    """
    if not game.moves:
        return {}
    nodes = review_ai_nodes(game.guess_count) if nodes is None else nodes
    key = f"games:review-ai:v3:{game.pk}:{'|'.join(game.moves)}:{nodes}"
    cached: list[tuple[int, str, int | None, bool, str]] | None = cache.get(key)
    if cached is None:
        lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
        patterns = dict(Move.objects.filter(game=game).values_list("number", "pattern"))
        cached = []
        pattern = engine.HIDDEN * game.length
        for number in range(1, game.guess_count + 1):
            state = game_state(game, after_move=number - 1, pattern=pattern, lexicon=lexicon)
            proposal = guesser.propose(state, nodes=nodes, knows_the_words=True)
            cached.append(
                (number, proposal.letter, proposal.misses, proposal.proven, proposal.reason)
            )
            pattern = patterns.get(number, pattern)
        cache.set(key, cached, REVIEW_AI_CACHE_SECONDS)
    return {row[0]: AIMove(*row) for row in cached}


@dataclass(frozen=True)
class Candidates:
    after_move: int  # 0 = before the first guess
    pattern: str
    total: int
    words: tuple[str, ...]  # the first CANDIDATES_SHOWN, alphabetical, as their list writes them

    @property
    def hidden(self) -> int:
        return self.total - len(self.words)


class CandidateStepError(ValueError):
    """The asked step is not a step of this game; the message says which are."""


def review_candidates(game: Game, *, after_move: int, limit: int = CANDIDATES_SHOWN) -> Candidates:
    """The words still possible after ``after_move`` guesses, by replaying the letters."""
    if not 0 <= after_move <= game.guess_count:
        raise CandidateStepError(
            gettext("Choose a step between 0 (before the first guess) and %(last)s.")
            % {"last": game.guess_count}
        )
    state = game_state(game, after_move=after_move)
    words = state.candidate_words()
    return Candidates(
        after_move=after_move,
        pattern=language(game.dictionary.language).by_position(state.pattern),
        total=len(words),
        words=tuple(written_forms(game.dictionary, words[:limit])),
    )
