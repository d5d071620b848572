"""The end-of-game reveal: how the computer cheated, shown once a game is over and never before.

- a chart of the words still possible after each guess, on a log scale
  (from the stored moves' kept family sizes);
- for each miss, the family the computer dodged into and the biggest family
  that held the letter, the one an honest game might have given, with a few
  example words of each, the best-known ones first and never a blocked word
  (``games/selectors/familiar.py``).
  These are recomputed from the stored game in one walk over its moves: the state
  before each guess follows from the one before by one filter
  (:func:`games.engine.follow`) and a miss is partitioned again as the guess did.

:func:`game_reveal` refuses a game in progress, so no page can show any of it
early. A finished game's reveal never changes (an undo changes the letters,
and with them the cache key), so it is cached.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt
from django.core.cache import cache
from django.utils.translation import gettext

from dictionaries.blocklist import dictionary_blocked_forms
from dictionaries.languages import DEFAULT_LANGUAGE, Language, language
from dictionaries.selectors import written_form, written_forms
from dictionaries.wordbank import EmptyBucketError, get_bucket_zipf, get_lexicon
from games import engine
from games.models import Game, Move
from games.selectors.familiar import blocked_positions, familiar_sample, unblocked
from games.selectors.letters import isolated, upper_word
from games.selectors.replay import game_state

EXAMPLES = 3
CACHE_SECONDS = 24 * 60 * 60
# The chart's drawing box (SVG user units) and the plot inside it.
CHART_WIDTH = 320
CHART_HEIGHT = 160
PLOT_LEFT = 40
PLOT_RIGHT = CHART_WIDTH - 10
PLOT_TOP = 10
PLOT_BOTTOM = CHART_HEIGHT - 30


class RevealNotReadyError(ValueError):
    """The game is still being played: nothing of the reveal may be shown."""


@dataclass(frozen=True)
class ChartPoint:
    step: int  # 0 = before the first guess
    letter: str  # upper case; "" before the first guess
    miss: bool
    words: int
    x: float
    y: float

    # The SVG's coordinates as written, one decimal (no template filter for each: the chart
    # is drawn on every game's last guess).
    @property
    def x_text(self) -> str:
        return f"{self.x:.1f}"

    @property
    def y_text(self) -> str:
        return f"{self.y:.1f}"

    @property
    def kind(self) -> str:
        """The point's class (and its letter's: the start has none), one lookup a point."""
        if self.step == 0:
            return "chart-start"
        return "chart-miss" if self.miss else "chart-hit"


@dataclass(frozen=True)
class ChartTick:
    label: str
    position: float

    @property
    def position_text(self) -> str:
        return f"{self.position:.1f}"


@dataclass(frozen=True)
class WordsLeftChart:
    points: tuple[ChartPoint, ...]
    y_ticks: tuple[ChartTick, ...]
    width: int = CHART_WIDTH
    height: int = CHART_HEIGHT
    left: int = PLOT_LEFT
    right: int = PLOT_RIGHT
    top: int = PLOT_TOP
    bottom: int = PLOT_BOTTOM

    @property
    def polyline(self) -> str:
        return " ".join(f"{point.x_text},{point.y_text}" for point in self.points)

    @property
    def label_y(self) -> int:
        return self.bottom + 16

    @property
    def tick_x(self) -> int:
        return self.left - 5

    @property
    def start_words(self) -> int:
        return self.points[0].words

    @property
    def end_words(self) -> int:
        return self.points[-1].words

    @property
    def known_at(self) -> ChartPoint | None:
        """The first point where one word was left: from then on the word could be known
        (what a fair game's end says; None when several words fitted to the end)."""
        return next((point for point in self.points if point.words == 1), None)

    @property
    def description(self) -> str:
        """The chart in words, for screen readers."""
        steps = [gettext("%(count)s at the start") % {"count": f"{self.points[0].words:,}"}]
        for point in self.points[1:]:
            step = (
                gettext("after %(letter)s, %(count)s (a miss)")
                if point.miss
                else gettext("after %(letter)s, %(count)s")
            )
            steps.append(step % {"letter": point.letter, "count": f"{point.words:,}"})
        return gettext("Words still possible: %(steps)s.") % {"steps": "; ".join(steps)}


@dataclass(frozen=True)
class FamilySample:
    pattern: str
    size: int
    examples: tuple[str, ...]
    pattern_shown: str  # in capitals, by its language's rules (drawn once, not per page)


@dataclass(frozen=True)
class DodgedMiss:
    number: int
    letter: str
    letter_shown: str  # the capital its list shows
    dodged_into: FamilySample  # the family kept: the letter nowhere
    best_hit: FamilySample | None  # the biggest family holding the letter; None if no word had it


@dataclass(frozen=True)
class Reveal:
    word: str  # as its list writes it (``dictionaries.selectors.written_form``)
    chart: WordsLeftChart
    misses: tuple[DodgedMiss, ...]
    families_shown: bool  # False when the dictionary's words are no longer available
    word_shown: str  # ``word`` in its language's capitals
    language: str = DEFAULT_LANGUAGE  # the dictionary's


def game_reveal(game: Game, *, lexicon: engine.Lexicon | None = None) -> Reveal:
    """The reveal of a finished game; raises :class:`RevealNotReadyError` while it is played.

    ``lexicon``: the game's word list when the caller has loaded it (the board presenter).
    """
    if not game.is_over:
        raise RevealNotReadyError("the reveal is shown once the game is over")
    # "5": the examples as written, a right-to-left list's words isolated in sentences,
    # and the blocked words in the key: a word blocked since is no longer shown.
    blocked = dictionary_blocked_forms(game.dictionary)
    key = (
        f"games:reveal:5:{game.pk}:{'|'.join(game.moves)}:{game.status}:{game.word}:"
        f"{hash_of(blocked)}"
    )
    reveal: Reveal | None = cache.get(key)
    if reveal is None:
        reveal = _compute_reveal(game, lexicon, blocked)
        cache.set(key, reveal, CACHE_SECONDS)
    return reveal


def hash_of(blocked: frozenset[str]) -> str:
    """A short name of a set of blocked words, for cache keys."""
    return hashlib.blake2b("\n".join(sorted(blocked)).encode(), digest_size=8).hexdigest()


def _compute_reveal(
    game: Game, lexicon: engine.Lexicon | None, blocked: frozenset[str] = frozenset()
) -> Reveal:
    moves = list(Move.objects.filter(game=game).order_by("number"))
    start_words = sum(size for _, size in moves[0].families) if moves else game.words_left
    chart = words_left_chart(
        start_words, [(move.guess, move.miss, move.kept_size) for move in moves]
    )
    if lexicon is None:
        try:
            lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
        except EmptyBucketError:
            return _reveal(game, chart, misses=(), families_shown=False)
    zipf = get_bucket_zipf(game.dictionary_id, game.length)
    if zipf.size != len(lexicon):
        zipf = np.zeros(len(lexicon), dtype=np.float32)
    blocked_at = blocked_positions(lexicon, blocked)
    # One walk over the moves: the state before each guess follows from the one before it
    # by one filter (games.engine.follow), not restored from the start for each miss.
    misses: list[DodgedMiss] = []
    if moves:  # a game given up before its first guess has nothing to walk
        state = game_state(game, after_move=0, pattern=engine.HIDDEN * game.length, lexicon=lexicon)
        lang = language(game.dictionary.language)
        for move in moves:
            if move.miss and not move.is_word:  # a word missed dodged nothing: it was dropped
                misses.append(
                    _dodged_miss(game, state, move, zipf=zipf, lang=lang, blocked_at=blocked_at)
                )
            state = engine.follow(state, move.guess, move.pattern)
    return _reveal(game, chart, misses=_as_written(game, misses), families_shown=True)


def _as_written(game: Game, misses: list[DodgedMiss]) -> tuple[DodgedMiss, ...]:
    """The misses with their example words as the list writes them (one read for all)."""
    samples = [s for miss in misses for s in (miss.dodged_into, miss.best_hit) if s is not None]
    played = [word for sample in samples for word in sample.examples]
    written = dict(zip(played, written_forms(game.dictionary, played), strict=True))

    def shown(sample: FamilySample | None) -> FamilySample | None:
        if sample is None:
            return None
        return replace(sample, examples=tuple(written[word] for word in sample.examples))

    return tuple(
        replace(
            miss,
            dodged_into=shown(miss.dodged_into) or miss.dodged_into,
            best_hit=shown(miss.best_hit),
        )
        for miss in misses
    )


def _reveal(
    game: Game, chart: WordsLeftChart, *, misses: tuple[DodgedMiss, ...], families_shown: bool
) -> Reveal:
    word = written_form(game.dictionary, game.word)
    return Reveal(
        word=word,
        chart=chart,
        misses=misses,
        families_shown=families_shown,
        word_shown=isolated(upper_word(word, language(game.dictionary.language)), game.dictionary),
        language=game.dictionary.language,
    )


def _dodged_miss(
    game: Game,
    state: engine.GameState,
    move: Move,
    *,
    zipf: npt.NDArray[np.floating],
    lang: Language,
    blocked_at: npt.NDArray[np.int32],
) -> DodgedMiss:
    """The miss of ``move`` from the state before it: the family it kept and the best hit,
    as the guess's partition ranked them (``games.engine.dodge_and_hit``)."""
    dodge, hit = engine.dodge_and_hit(state, move.letter)
    if dodge is None or dodge[0].pattern != move.pattern:
        raise ValueError(f"move {move.number} of game {game.pk} is not a miss of its state")
    rng = random.Random(f"{game.seed}:{move.number}")

    def sample(found: tuple[engine.Family, npt.NDArray[np.int32]]) -> FamilySample:
        family, members = found
        members = unblocked(members, blocked_at)  # never shown, even if blocked after import
        chosen = familiar_sample(zipf[members], EXAMPLES, rng)
        return FamilySample(
            pattern=family.pattern,
            size=family.size,
            examples=tuple(state.lexicon.words_at(members[chosen])),
            pattern_shown=upper_word(lang.by_position(family.pattern), lang),
        )

    return DodgedMiss(
        number=move.number,
        letter=move.letter,
        letter_shown=isolated(upper_word(move.letter, lang), game.dictionary),
        dodged_into=sample(dodge),
        best_hit=sample(hit) if hit is not None else None,
    )


def words_left_chart(start_words: int, steps: list[tuple[str, bool, int]]) -> WordsLeftChart:
    """Points of (guess, words left) on a log scale: ``steps`` are (letter, miss, words left)."""
    counts = [start_words, *(words for _, _, words in steps)]
    decades = max(1, math.ceil(math.log10(max(counts))))
    span_x = PLOT_RIGHT - PLOT_LEFT
    span_y = PLOT_BOTTOM - PLOT_TOP

    def y(words: int) -> float:
        return PLOT_BOTTOM - span_y * math.log10(max(words, 1)) / decades

    def x(step: int) -> float:
        return PLOT_LEFT + span_x * step / max(1, len(steps))

    start = ChartPoint(step=0, letter="", miss=False, words=start_words, x=x(0), y=y(start_words))
    points = [start]
    points += [
        ChartPoint(step=step, letter=letter.upper(), miss=miss, words=words, x=x(step), y=y(words))
        for step, (letter, miss, words) in enumerate(steps, start=1)
    ]
    ticks = tuple(
        ChartTick(label=_short_count(10**power), position=y(10**power))
        for power in range(decades + 1)
    )
    return WordsLeftChart(points=tuple(points), y_ticks=ticks)


def _short_count(count: int) -> str:
    for threshold, suffix in ((1_000_000, "M"), (1_000, "k")):
        if count >= threshold:
            return f"{count // threshold}{suffix}"
    return str(count)
