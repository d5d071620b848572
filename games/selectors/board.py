"""Reads for the play pages: what a board shows, which settings a new game offers.

A board is drawn from the game row alone (pattern, letters, misses, words
left): no lexicon is loaded and no candidate word is ever at hand, so none can
leak into a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from dictionaries.languages import DEFAULT_LANGUAGE, FOLD, Language, direction_of, language
from dictionaries.models import Dictionary
from dictionaries.selectors import WordLength, offered_dictionaries, written_form
from games import difficulties
from games.engine import HIDDEN, EngineError
from games.hooks import undo_rules
from games.models import RULE_DIFFICULTIES, CountsAs, Game, Hint, Par, Status
from games.selectors.counting import counts_as, undo_counting_refusal
from games.selectors.letters import board_keyboard, final_word

# The SVG drawing, in the order its parts appear (see templates/games/board.html).
DRAWING_PARTS = (
    "base",
    "post",
    "beam",
    "rope",
    "head",
    "body",
    "left-arm",
    "right-arm",
    "left-leg",
    "right-leg",
)
# Wrong-guess pips above this many wrap into two rows, so they stay wide enough to see.
MISS_PIPS_PER_ROW = 13
PREFERRED_LENGTH = 6
# Wrong guesses a new game's opening board leaves to spare beyond par: perfect play is
# not expected of a newcomer.
PAR_MARGIN = 2


@dataclass(frozen=True)
class Tile:
    letter: str  # upper case; "" for a hidden position
    position: int
    named: bool = False  # a letter of the word named at the end, never found by the guesses


@dataclass(frozen=True)
class Key:
    """One key of the board's keyboard (games/templatetags/board_pieces.py draws it)."""

    letter: str
    state: str  # "open", "hit" or "miss"
    label: str
    spoken: str  # for a used key: "E, not in the word"

    @property
    def is_used(self) -> bool:
        return self.state != "open"


@lru_cache(maxsize=64)
def _capitals(lang: Language, alphabet: str) -> dict[str, str]:
    """Each letter of an alphabet as its keys and tiles show it, worked out once per list's
    letters (a board shows every key of them at each guess)."""
    return {letter: lang.upper_letter(letter) for letter in alphabet}


def _capital(letter: str, capitals: dict[str, str], lang: Language) -> str:
    """A letter as the board shows it; one outside the alphabet (an old game's word) too."""
    return capitals.get(letter) or lang.upper_letter(letter)


def _key(letter: str, *, guessed: set[str], pattern: str, capitals: dict[str, str]) -> Key:
    label = capitals[letter]  # every key is a letter of the alphabet
    if letter not in guessed:
        return Key(letter=letter, state="open", label=label, spoken="")
    if letter in pattern:
        return Key(letter, "hit", label, gettext("%(letter)s, in the word") % {"letter": label})
    return Key(letter, "miss", label, gettext("%(letter)s, not in the word") % {"letter": label})


@dataclass(frozen=True)
class Board:
    """Everything the board template shows; nothing in it is secret."""

    game: Game
    tiles: tuple[Tile, ...]
    hits: tuple[str, ...]
    misses: tuple[str, ...]
    keyboard: tuple[tuple[Key, ...], ...]
    drawing: dict[str, str]  # part (underscored) -> "drawn" or "ghost"
    parts_drawn: int
    show_words_left: bool
    can_undo: bool
    counts_as: str | None  # what the game counts as (no hint, no undo), or None: practice
    word: str = ""  # once over, the word named as its list writes it, in capitals
    language: str = DEFAULT_LANGUAGE  # the dictionary's: the keys' ``lang`` when not English
    folds: bool = False  # an accented key typed plays its base letter (board.js)
    direction: str = "ltr"  # "rtl": the word and the keys laid out right to left
    finals: str = ""  # the language's final forms and their letters, for board.js
    folded_marks: str = ""  # the marks a typed letter loses on a list that folds ("": all)

    @property
    def parts_total(self) -> int:
        return len(DRAWING_PARTS)

    @property
    def miss_pips(self) -> tuple[bool, ...]:
        """One pip per wrong guess allowed, True once used.

        The drawing moves in even steps over up to 26 misses, so a miss may
        draw nothing; a pip per miss shows every one of them.
        """
        return tuple(index < self.game.misses for index in range(self.game.max_misses))

    @property
    def miss_pip_columns(self) -> int:
        allowed = self.game.max_misses
        return allowed if allowed <= MISS_PIPS_PER_ROW else -(-allowed // 2)

    @property
    def spoken_pattern(self) -> str:
        """The pattern as a screen reader should say it: "blank, E, blank", in the page's
        language ("vacío, E, vacío")."""
        blank = pgettext("a letter of the word not found yet, as a screen reader says it", "blank")
        return ", ".join(tile.letter or blank for tile in self.tiles)


def drawing_parts_shown(*, misses: int, max_misses: int) -> int:
    """Parts of the drawing for ``misses``: even steps whatever ``max_misses`` is.

    Rounds half up, so the last miss always completes the drawing and no miss
    ever removes a part.
    """
    total = len(DRAWING_PARTS)
    return (2 * misses * total + max_misses) // (2 * max_misses)


def board_for(game: Game) -> Board:
    dictionary = game.dictionary
    lang = language(dictionary.language)
    rows = board_keyboard(dictionary)
    capitals = _capitals(lang, dictionary.alphabet)
    guessed = set(game.letters)
    hits = tuple(letter for letter in game.letters if letter in game.pattern)
    misses = tuple(letter for letter in game.letters if letter not in game.pattern)
    keyboard = tuple(
        tuple(
            _key(letter, guessed=guessed, pattern=game.pattern, capitals=capitals) for letter in row
        )
        for row in rows
    )
    parts_drawn = drawing_parts_shown(misses=game.misses, max_misses=game.max_misses)
    counting = counts_as(game)
    return Board(
        game=game,
        tiles=_tiles(game, lang, capitals),
        hits=tuple(_capital(letter, capitals, lang) for letter in hits),
        misses=tuple(_capital(letter, capitals, lang) for letter in misses),
        keyboard=keyboard,
        drawing={
            part.replace("-", "_"): "drawn" if index < parts_drawn else "ghost"
            for index, part in enumerate(DRAWING_PARTS)
        },
        parts_drawn=parts_drawn,
        show_words_left=shows_words_left(game),
        can_undo=_undo_refusal(game, counting=counting) is None,
        counts_as=counting,
        word=final_word(game),
        language=lang.code,
        folds=dictionary.accents == FOLD,
        direction=direction_of(dictionary.alphabet, lang),
        finals=lang.finals,
        folded_marks=lang.folded_marks,
    )


def _tiles(game: Game, lang: Language, capitals: dict[str, str]) -> tuple[Tile, ...]:
    """The pattern, each letter in the form its position asks (Hebrew מ at the end is ם:
    a rule of the position, so no word is read while the game is played); once a game is
    over, the word it named as its list writes it, its unfound letters marked named."""
    shown = lang.by_position(game.pattern)
    if game.is_over and len(game.word) == len(game.pattern):
        written = written_form(game.dictionary, game.word)
        shown = written if len(written) == len(game.pattern) else lang.by_position(game.word)
    return tuple(
        Tile(
            letter="" if letter == HIDDEN else _capital(letter, capitals, lang),
            position=index + 1,
            named=char == HIDDEN and letter != HIDDEN,
        )
        for index, (char, letter) in enumerate(zip(game.pattern, shown, strict=True))
    )


# A bot game is its program's: on the board its player only watches (no guess, hint or
# undo there), so a person can never play for their bot, in an assignment or on a board.
BOT_GAME_ON_BOARD = _(
    "A program plays this game through the API; on the board you can only watch. "
    "Nothing was changed."
)


def undo_refusal(game: Game) -> str | None:
    """Why the last guess of this game cannot be taken back, or None when it can.

    Practice games only: a game that counts (``counts_as``: ranked, a daily
    attempt, an assignment's) keeps every guess, whatever happened to it.
    """
    return _undo_refusal(game, counting=counts_as(game))


def _undo_refusal(game: Game, *, counting: str | None) -> str | None:
    """``undo_refusal`` with what the game counts as already known (the board asks once)."""
    if game.played_by_computer:
        return gettext("The computer plays this game: it keeps every guess it makes.")
    if game.played_by_bot:
        return str(BOT_GAME_ON_BOARD)
    if counting is not None:
        return undo_counting_refusal(counting)
    if game.forfeited:
        return gettext("You gave up this game, so there is no guess to take back.")
    if game.is_over:
        return gettext("This game is over, so its guesses stay; start a new game to try again.")
    if not game.moves:
        return gettext("There is no guess to take back yet.")
    return next((refusal for rule in undo_rules() if (refusal := rule(game)) is not None), None)


def shows_words_left(game: Game) -> bool:
    """The number of words still possible shows in practice games and once a game is over;
    never during a ranked game or a one attempt (even one a hint made unranked or a guest
    played)."""
    if game.is_over:
        return True
    return not game.is_ranked and game.counts_as != CountsAs.ONE_ATTEMPT


def player_game(*, player: AbstractBaseUser, game_id: int) -> Game:
    """The player's own game, or 404: another player's game does not exist for them."""
    return get_object_or_404(Game.objects.select_related("dictionary"), pk=game_id, player=player)


def games_in_progress(*, player: AbstractBaseUser) -> QuerySet[Game]:
    """The player's own games in progress; their bots' games are the bots' to finish."""
    return (
        Game.objects.filter(player=player, status=Status.PLAYING, played_by_bot=False)
        .select_related("dictionary")
        .order_by("-is_ranked", "-started_at")
    )


def ranked_game_in_progress(*, player: AbstractBaseUser) -> Game | None:
    """The ranked game a new ranked game would forfeit (a one attempt is never one)."""
    return (
        games_in_progress(player=player)
        .filter(is_ranked=True)
        .exclude(counts_as=CountsAs.ONE_ATTEMPT)
        .first()
    )


def default_dictionary() -> Dictionary | None:
    """The site's dictionary, whatever the page's language: the daily puzzle's (one per
    site), the default or the first offered. A new game opens on the default list for the
    page's language instead (``dictionaries.selectors.default_dictionary_for``)."""
    return offered_dictionaries().first()


def preferred_length(lengths: list[WordLength], *, wanted: int | None = None) -> int | None:
    """The length to preselect: the one asked for if offered, else the one nearest 6."""
    offered = [item.length for item in lengths]
    if not offered:
        return None
    if wanted in offered:
        return wanted
    return min(offered, key=lambda length: (abs(length - PREFERRED_LENGTH), length))


def winnable_length(
    lengths: list[WordLength],
    *,
    dictionary_id: int,
    difficulty: str,
    max_misses: int,
    min_words: int,
) -> int | None:
    """The length a new game opens on: the one nearest 6 that is ranked and whose par,
    plus ``PAR_MARGIN``, still leaves a wrong guess before the game is lost.

    A first game should be one a good player can win. Lengths without a stored par
    (par not computed yet, or a difficulty without par) do not count against it: then
    the nearest ranked length is chosen, and failing any ranked length the nearest one.
    """
    ranked = [item for item in lengths if item.words >= min_words] or lengths
    pars = dict(
        Par.objects.filter(dictionary_id=dictionary_id, difficulty=difficulty).values_list(
            "length", "misses"
        )
    )
    winnable = [
        item
        for item in ranked
        if item.length not in pars or pars[item.length] + PAR_MARGIN < max_misses
    ]
    return preferred_length(winnable or ranked)


def last_hint(game: Game) -> Hint | None:
    """The hint the board shows: the latest one asked for (None when no hint was used)."""
    if not game.hints_used:
        return None  # the counter is on the row: no query for the games without hints
    return Hint.objects.filter(game=game).order_by("-created_at", "-id").first()


@dataclass(frozen=True)
class ParInfo:
    """What the new-game form and the end of a game say about par; read from the table only."""

    difficulty: str
    par: Par | None  # None: none stored for this board, or a difficulty without par
    max_misses: int | None = None
    dictionary_id: int | None = None  # the board chosen, for what apps above add to it
    length: int | None = None
    # Whether the player's game on it would be ranked (``games.services.would_be_ranked``):
    # the ratings speak of a board only then. False for the end of a game (no form).
    would_be_ranked: bool = False

    @property
    def has_par(self) -> bool:
        return self.difficulty in RULE_DIFFICULTIES

    @property
    def no_par_reason(self) -> str:
        """Why the difficulty has no par, as its word-maker says; empty if it names none."""
        try:
            return str(difficulties.no_par_reason(self.difficulty))
        except EngineError:  # a difficulty typed into the form that is none of them
            return ""

    @property
    def cannot_win(self) -> bool:
        """No line of play wins: the game is lost on the last wrong guess allowed, and
        perfect play needs at least that many."""
        return (
            self.par is not None
            and self.max_misses is not None
            and self.max_misses <= self.par.at_least
        )

    @property
    def may_not_win(self) -> bool:
        """Even the best line found needs every wrong guess allowed (not proven either way)."""
        return (
            self.par is not None
            and self.max_misses is not None
            and not self.cannot_win
            and self.max_misses <= self.par.misses
        )


def par_for(*, dictionary_id: int, length: int, difficulty: str) -> Par | None:
    """The stored par of a board (easy, medium, hard); never computed here."""
    if difficulty not in RULE_DIFFICULTIES:
        return None
    # One row at most (the board's key): no ordering, so no join on the dictionary for it.
    return (
        Par.objects.filter(dictionary_id=dictionary_id, length=length, difficulty=difficulty)
        .order_by()
        .first()
    )


PAR_AT_HAND = "_par_at_hand"


def game_par(game: Game) -> Par | None:
    """The par of a game's board, read once per game object: the rating of a finishing game
    (its challenge's first rating) and the end of its board both ask it in one request."""
    if PAR_AT_HAND not in game.__dict__:
        game.__dict__[PAR_AT_HAND] = par_for(
            dictionary_id=game.dictionary_id, length=game.length, difficulty=game.difficulty
        )
    return game.__dict__[PAR_AT_HAND]


def par_info(
    *,
    dictionary_id: int | None,
    length: int | None,
    difficulty: str,
    max_misses: int | None,
    would_be_ranked: bool = False,
) -> ParInfo:
    par = (
        par_for(dictionary_id=dictionary_id, length=length, difficulty=difficulty)
        if dictionary_id is not None and length is not None
        else None
    )
    return ParInfo(
        difficulty=difficulty,
        par=par,
        max_misses=max_misses,
        dictionary_id=dictionary_id,
        length=length,
        would_be_ranked=would_be_ranked,
    )
