"""Player models the word-makers are measured against, and never plan with.

``bench/ladder.py`` plays each of these against every ranked word-maker. No
word-maker (nor anything they use) imports this module
(``tests/engine/test_players.py`` checks it): a maker tuned against the very
players it is judged by would only show that it was tuned. Obscure and fiendish
keep their own planning models in their own modules.

Each model is a :class:`PlayerModel`: ``build(lexicon, seed)`` gives the
function that picks a letter for a game state. Every model sees what a player
sees (the whole list's words that fit the board, never a ranked game's secret
vocabulary) and is deterministic given the lexicon, its frequencies and the
seed; only the soft vocabularies use the seed (which words this player happens
to know). The models are listed, each in a line, above :data:`PLAYERS`.

Two are held out (:attr:`PlayerModel.held_out`): nothing was tuned on them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from games.engine.errors import EngineError
from games.engine.guesser import candidate_indexes, strong_heuristic_letter
from games.engine.lexicon import Lexicon, default_alphabet
from games.engine.rules import restore
from games.engine.search import guessed_mask, search_tables
from games.engine.state import GameState

Guess = Callable[[GameState], str]
# The letter order's words: those a reader meets (the familiar list's bar).
ORDER_ZIPF = 2.5
SOFT_SLOPE = 0.3
HUMAN_MODEL_ZIPF = 3.0
_CACHE = "players"


@dataclass(frozen=True, slots=True)
class PlayerModel:
    name: str
    human_like: bool  # knows only part of the list (obscure is meant to be hard for these)
    held_out: bool  # never looked at while tuning a word-maker
    seeded: bool  # its play depends on the seed (which words it knows)
    build: Callable[[Lexicon, int], Guess]


def _tables(lexicon: Lexicon) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64]]:
    """Which words hold each letter (letters x words) and each word's Zipf value (0: unknown)."""
    cached = lexicon.search_cache.get(_CACHE)
    if cached is None:
        has = np.stack(
            [
                np.array([bool(positions) for positions in lexicon.reveals[index]])[
                    lexicon.codes[index]
                ]
                for index in range(len(lexicon.alphabet))
            ]
        )
        zipf = (
            np.zeros(len(lexicon))
            if lexicon.familiarity is None
            else lexicon.familiarity.astype(np.float64)
        )
        cached = (has, zipf)
        lexicon.search_cache[_CACHE] = cached
    return cached


def letter_order(lexicon: Lexicon) -> list[int]:
    """The list's letter order for this length: by how many familiar words hold each letter.

    Ties keep the alphabet's order, so an English list gives English's order for the length.
    """
    has, zipf = _tables(lexicon)
    familiar = zipf >= ORDER_ZIPF
    if not familiar.any():
        familiar = np.ones(len(lexicon), dtype=bool)
    counts = has[:, familiar].sum(axis=1)
    return sorted(range(len(lexicon.alphabet)), key=lambda index: (-int(counts[index]), index))


def _next_in(order: list[int], state: GameState) -> str:
    alphabet = state.lexicon.alphabet
    return next(alphabet[index] for index in order if alphabet[index] not in state.letters)


def _best_weighted(
    has: npt.NDArray[np.bool_],
    words: npt.NDArray[np.int32],
    weights: npt.NDArray[np.float64],
    state: GameState,
) -> str | None:
    """The unguessed letter in the most weight of ``words``; None when no such letter scores."""
    scores = has[:, words].astype(np.float64) @ weights
    scores[guessed_mask(state.letters, state.lexicon)] = -1.0
    best = int(np.argmax(scores))  # the first among equals, in the alphabet's order
    return state.lexicon.alphabet[best] if scores[best] > 0 else None


def _draw(seed: int, length: int, name: str, size: int) -> npt.NDArray[np.float64]:
    """Uniform draws per word, fixed by the seed, the length and the model's name."""
    digest = hashlib.blake2b(f"{name}:{seed}:{length}".encode(), digest_size=8).digest()
    return np.random.default_rng(int.from_bytes(digest, "big")).random(size)


def soft_vocabulary(threshold: float, *, slope: float = SOFT_SLOPE, name: str = "") -> PlayerModel:
    label = name or f"soft-{threshold:g}"

    def build(lexicon: Lexicon, seed: int) -> Guess:
        has, zipf = _tables(lexicon)
        chance = 1.0 / (1.0 + np.exp(-(zipf - threshold) / slope))
        known = _draw(seed, lexicon.length, label, len(lexicon)) < chance
        weights = np.power(10.0, zipf)
        order = letter_order(lexicon)

        def guess(state: GameState) -> str:
            words = candidate_indexes(state)
            fitting = words[known[words]]
            found = _best_weighted(has, fitting, weights[fitting], state) if fitting.size else None
            return found or _next_in(order, state)

        return guess

    return PlayerModel(label, human_like=True, held_out=False, seeded=True, build=build)


def _letter_order_build(lexicon: Lexicon, seed: int) -> Guess:
    order = letter_order(lexicon)
    return lambda state: _next_in(order, state)


def _weighted_full_build(lexicon: Lexicon, seed: int) -> Guess:
    has, zipf = _tables(lexicon)
    weights = np.power(10.0, zipf)
    order = letter_order(lexicon)

    def guess(state: GameState) -> str:
        words = candidate_indexes(state)
        return _best_weighted(has, words, weights[words], state) or _next_in(order, state)

    return guess


def _strong_build(lexicon: Lexicon, seed: int) -> Guess:
    search_tables(lexicon)
    return strong_heuristic_letter


def _split_guesser(score: Callable[[npt.NDArray, npt.NDArray], npt.NDArray]) -> Callable:
    """A guesser that scores each letter by its families' sizes over the words left (max wins)."""

    def build(lexicon: Lexicon, seed: int) -> Guess:
        tables = search_tables(lexicon)
        order = letter_order(lexicon)

        def guess(state: GameState) -> str:
            words = candidate_indexes(state)
            sizes = tables.family_sizes(words).astype(np.float64)
            scores = score(sizes, tables.offsets)
            families = np.add.reduceat((sizes > 0).astype(np.int64), tables.offsets[:-1])
            scores[guessed_mask(state.letters, lexicon) | (families < 2)] = -np.inf
            best = int(np.argmax(scores))
            if np.isfinite(scores[best]):
                return lexicon.alphabet[best]
            return _next_in(order, state)

        return guess

    return build


def _entropy(sizes: npt.NDArray, offsets: npt.NDArray) -> npt.NDArray:
    total = sizes[offsets[0] : offsets[1]].sum()
    shares = sizes / max(total, 1.0)
    terms = np.where(shares > 0, -shares * np.log2(np.where(shares > 0, shares, 1.0)), 0.0)
    return np.add.reduceat(terms, offsets[:-1])


def _smallest_largest(sizes: npt.NDArray, offsets: npt.NDArray) -> npt.NDArray:
    return -np.maximum.reduceat(sizes, offsets[:-1])


def _human_build(lexicon: Lexicon, seed: int) -> Guess:
    """The project's human model: strong heuristic on the words of Zipf >= 3 it knows."""
    _, zipf = _tables(lexicon)
    known_words = [
        word for word, value in zip(lexicon.words, zipf, strict=True) if value >= HUMAN_MODEL_ZIPF
    ]
    model = HumanModel(known_words, lexicon.alphabet)
    return model.letter


class HumanModel:
    """Knows only the words it is given; the strong heuristic on those that fit the board.

    When none fits (the word-maker kept only words it has never met) it plays
    the letters in the order of how many of its words hold them (ties in the
    alphabet's order). ``alphabet``: the game's (None: a to z, then any other
    letter its words use, as :class:`Lexicon` reads them).
    """

    def __init__(self, known: list[str], alphabet: str | None = None) -> None:
        if alphabet is None:
            alphabet = default_alphabet(char for word in known for char in word)
        self.lexicon = Lexicon(known, alphabet) if known else None
        if self.lexicon is not None:
            search_tables(self.lexicon)
        counts = {letter: sum(letter in word for word in known) for letter in alphabet}
        self.by_frequency = sorted(alphabet, key=lambda letter: -counts[letter])  # stable

    def letter(self, state: GameState) -> str:
        view = self._view(state)
        if view is not None:
            return strong_heuristic_letter(view)
        return next(letter for letter in self.by_frequency if letter not in state.letters)

    def _view(self, state: GameState) -> GameState | None:
        """The game on the words it knows (None: none of them fits)."""
        if self.lexicon is None:
            return None
        try:
            return restore(
                self.lexicon,
                # Its view of the board is never over before the game is.
                max_misses=len(self.lexicon.alphabet),
                difficulty="hard",
                seed=0,
                moves=(*state.letters, *state.words),
                pattern=state.pattern,
            )
        except EngineError:
            return None


# The models:
# - **soft vocabulary** (``soft-T``): knows each word with probability
#   ``sigmoid((zipf - T) / slope)`` (slope 0.3), drawn once per game by the seed;
#   guesses the letter with the largest frequency-weighted count (``10**zipf``) among
#   the known words that fit; when none fits, the letter order below.
# - **letter order**: no dictionary; guesses in the list's letter order for the
#   word length (the letters by how many familiar words of that length hold them).
# - **weighted full list**: knows every word, weighs each by ``10**zipf`` and
#   guesses the letter most likely to be in the word.
# - **strong heuristic**: the site's own (``games.engine.guesser``).
# - **entropy**: the letter whose families split the words left most evenly.
# - **minimax size**: the letter whose largest family (a hit or a miss) is smallest.
# - **human model**: the project's first model of a person (knows exactly the words
#   of Zipf >= 3 and plays the strong heuristic on them; ``bench/human.py``).
PLAYERS: tuple[PlayerModel, ...] = (
    soft_vocabulary(2.5),
    soft_vocabulary(3.0),
    soft_vocabulary(3.5),
    # Held out: a softer, shifted vocabulary no threshold of obscure's ensemble matches.
    PlayerModel(
        "soft-3.25-wide",
        human_like=True,
        held_out=True,
        seeded=True,
        build=soft_vocabulary(3.25, slope=0.6, name="soft-3.25-wide").build,
    ),
    PlayerModel("letter-order", True, False, False, _letter_order_build),
    PlayerModel("human-model", True, False, False, _human_build),
    PlayerModel("weighted-full", False, False, False, _weighted_full_build),
    PlayerModel("strong", False, False, False, _strong_build),
    PlayerModel("minimax-size", False, False, False, _split_guesser(_smallest_largest)),
    # Held out: a guesser of another kind (information, not the worst case).
    PlayerModel("entropy", False, True, False, _split_guesser(_entropy)),
)


def player(name: str) -> PlayerModel:
    for model in PLAYERS:
        if model.name == name:
            return model
    raise KeyError(name)
