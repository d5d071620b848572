"""The rules of docs/RULES.md: start a game, apply a guess, bring a stored game back.

Pure Python plus NumPy, no Django, no I/O. Values in, values out. A guess
splits the words still possible into families by where the letter falls
(:func:`partition`, hardest first); the game's word-maker (its difficulty, one
of the registry in ``games/engine/makers/``) chooses the family to keep, and
the rules apply it. Which words a game plays on (the ranked variant's secret
vocabulary and seeded ties) is ``games/engine/vocabulary.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from games.engine.errors import EngineError
from games.engine.lexicon import HIDDEN, Lexicon, describe_alphabet
from games.engine.makers import FAIR, Choice, Difficulty, Reason, Turn, fair_word, maker_for
from games.engine.state import (
    Family,
    GameState,
    MoveReport,
    Status,
    all_candidates,
    family_rank_key,
    filter_candidates,
    is_word_move,
    misses_of,
    without_words,
)
from games.engine.vocabulary import FULL_VOCABULARY, secret_vocabulary, seeded_tie_key


def second_hardest_due(difficulty: str, guess_number: int) -> bool:
    """Whether the difficulty's schedule asks for the second-hardest family."""
    return maker_for(difficulty).second_hardest_due(guess_number)


def new_game(
    lexicon: Lexicon,
    *,
    max_misses: int,
    difficulty: Difficulty | str,
    seed: int,
    seeded_ties: bool = False,
    vocabulary: int = FULL_VOCABULARY,
) -> GameState:
    if isinstance(max_misses, bool) or not isinstance(max_misses, int) or max_misses < 1:
        raise EngineError("wrong guesses allowed must be an integer of at least 1")
    try:
        chosen = Difficulty(difficulty)
    except ValueError:
        choices = ", ".join(Difficulty)
        raise EngineError(f"difficulty must be one of {choices}, not {difficulty!r}") from None
    if not 1 <= vocabulary <= FULL_VOCABULARY:
        raise EngineError(f"a vocabulary is 1 to {FULL_VOCABULARY} thousandths of the words")
    if maker_for(chosen).whole_list and vocabulary < FULL_VOCABULARY:
        raise EngineError(f"a {chosen} game draws its word from the whole list")
    return GameState(
        lexicon=lexicon,
        max_misses=max_misses,
        difficulty=chosen,
        seed=seed,
        seeded_ties=seeded_ties,
        vocabulary=vocabulary,
        pattern=HIDDEN * lexicon.length,
        candidates=(
            None if vocabulary >= FULL_VOCABULARY else secret_vocabulary(lexicon, seed, vocabulary)
        ),
    )


def partition(
    state: GameState, letter: str
) -> tuple[list[Family], npt.NDArray[np.int32], list[int]]:
    """The families of the candidates for ``letter``, hardest first.

    Also returns each candidate's family code and the code of each ranked
    family, so the caller can filter without recomputing.
    """
    lexicon = state.lexicon
    letter_index = lexicon.letter_index(letter)
    all_codes = lexicon.codes[letter_index]
    codes = all_codes if state.candidates is None else all_codes[state.candidates]
    reveals = lexicon.reveals[letter_index]
    counts = np.bincount(codes, minlength=len(reveals))
    present = np.flatnonzero(counts)
    ranked: list[tuple[tuple[int, int, bytes, str], int]] = []
    number = state.guess_number + 1
    for code in present.tolist():
        positions = reveals[code]
        pattern = _reveal(state.pattern, letter, positions)
        size, revealed, _ = family_rank_key(pattern, int(counts[code]), len(positions))
        tie = seeded_tie_key(state.seed, number, pattern) if state.seeded_ties else b""
        ranked.append(((size, revealed, tie, pattern), code))
    ranked.sort()
    families = [Family(pattern=key[3], size=-key[0], revealed=key[1]) for key, _ in ranked]
    return families, codes, [code for _, code in ranked]


FamilyWords = tuple[Family, npt.NDArray[np.int32]]  # a family and its candidates


def dodge_and_hit(state: GameState, letter: str) -> tuple[FamilyWords | None, FamilyWords | None]:
    """The family without ``letter`` and the first :func:`partition` ranks among those
    showing it, each with its candidates; None for one no candidate falls in.

    What a miss's reveal shows, without ranking every family: only the biggest families
    holding the letter are compared, by the rest of partition's key.
    """
    lexicon = state.lexicon
    letter_index = lexicon.letter_index(letter)
    candidates = all_candidates(state)
    codes = lexicon.codes[letter_index][candidates]
    reveals = lexicon.reveals[letter_index]
    counts = np.bincount(codes, minlength=len(reveals))

    def family(code: int) -> FamilyWords:
        positions = reveals[code]
        pattern = _reveal(state.pattern, letter, positions)
        members = candidates[codes == code]
        return Family(pattern=pattern, size=int(counts[code]), revealed=len(positions)), members

    miss_code = lexicon.code_of(letter_index, ())
    hits = counts.copy()
    if miss_code is not None:
        hits[miss_code] = 0
    dodge = family(miss_code) if miss_code is not None and counts[miss_code] else None
    if not hits.size or not hits.max():
        return dodge, None
    number = state.guess_number + 1

    def rest_of_key(code: int) -> tuple[int, bytes, str]:
        pattern = _reveal(state.pattern, letter, reveals[code])
        tie = seeded_tie_key(state.seed, number, pattern) if state.seeded_ties else b""
        return len(reveals[code]), tie, pattern

    best = min(np.flatnonzero(hits == hits.max()).tolist(), key=rest_of_key)
    return dodge, family(best)


def _reveal(pattern: str, letter: str, positions: Sequence[int]) -> str:
    if not positions:
        return pattern
    chars = list(pattern)
    for position in positions:
        chars[position] = letter
    return "".join(chars)


def apply_guess(state: GameState, letter: str) -> tuple[GameState, MoveReport]:
    """Apply one guess, a letter or a whole word (:func:`apply_word`); raises
    :class:`GuessError` and changes nothing when refused."""
    if isinstance(letter, str) and is_word_move(letter):
        return apply_word(state, letter)
    letter = state.check_guess(letter)
    number = state.guess_number + 1
    families, codes, family_codes = partition(state, letter)
    maker = maker_for(state.difficulty)
    if len(families) == 1:
        reason = Reason.ONLY_FAMILY if maker.second_hardest_due(number) else Reason.HARDEST
        choice = Choice(kept_rank=0, reason=reason)
    else:
        choice = maker.choose(
            Turn(
                state=state,
                letter=letter,
                number=number,
                families=families,
                family_codes=family_codes,
            )
        )
    kept_rank = choice.kept_rank
    kept = families[kept_rank]
    selected = np.flatnonzero(codes == family_codes[kept_rank]).astype(np.int32)
    candidates = selected if state.candidates is None else state.candidates[selected]
    miss = kept.revealed == 0
    won = kept.pattern if HIDDEN not in kept.pattern else None
    misses, status, word = _outcome(state, miss=miss, won=won, candidates=candidates)
    new_state = replace(
        state,
        letters=(*state.letters, letter),
        pattern=kept.pattern,
        misses=misses,
        status=status,
        word=word,
        candidates=candidates,
    )
    report = MoveReport(
        number=number,
        letter=letter,
        miss=miss,
        families=tuple(families),
        kept_rank=kept_rank,
        reason=Reason(choice.reason),  # a reason no word-maker names is refused here
        pattern=kept.pattern,
        words_left=kept.size,
        misses_left=new_state.misses_left,
        status=status,
        word=word,
        values=choice.values,
        search_nodes=choice.search_nodes,
    )
    return new_state, report


def _outcome(
    state: GameState, *, miss: bool, won: str | None, candidates: npt.NDArray[np.int32]
) -> tuple[int, Status, str | None]:
    """What a move leaves, letter or word alike: the misses, the status, and the word named
    (``won``, the word the player found; at a loss, the one the list's people know best
    among ``candidates``, drawn by the seed)."""
    misses = state.misses + int(miss)
    if won is not None:
        return misses, Status.WON, won
    if misses >= state.max_misses:
        return (
            misses,
            Status.LOST,
            _named_word(state.lexicon, candidates, state.seed, state.difficulty),
        )
    return misses, Status.PLAYING, None


def apply_word(state: GameState, word: str) -> tuple[GameState, MoveReport]:
    """Apply a whole-word guess: the word is dropped from the candidates (a miss) unless it
    is the only one left (the player wins).

    A word is one more family (docs/RULES.md): the candidates without it, and the word
    alone when it is one of them. The family without it is always the hardest (as many
    words or more, and it reveals nothing), so every word-maker that plays against the
    player keeps it, whatever its schedule: the rule is the same on every difficulty. The
    fair game is honest: it keeps the family that holds the word it picked, so guessing
    that word wins (for it, that word is the only one left). A word that is in the list
    but no longer possible is a miss that drops nothing.
    """
    word = state.check_word(word)
    number = state.guess_number + 1
    candidates = all_candidates(state)
    index = state.lexicon.index_of(word)
    holds = bool(np.any(candidates == index))
    hidden = state.pattern.count(HIDDEN)
    rest = Family(pattern=state.pattern, size=int(candidates.size) - int(holds), revealed=0)
    alone = Family(pattern=word, size=1, revealed=hidden)
    maker = maker_for(state.difficulty)
    if not holds:
        families, kept_rank = [rest], 0
    elif candidates.size == 1:
        families, kept_rank = [alone], 0
    else:
        families = [rest, alone]  # the rest is the hardest: more words, or as many and none shown
        honest_hit = maker.name == FAIR.name and fair_word(state.lexicon, state.seed) == word
        kept_rank = 1 if honest_hit else 0
    reason = Reason.HONEST if maker.name == FAIR.name else Reason.HARDEST
    kept = families[kept_rank]
    if kept is alone:
        kept_candidates = candidates[candidates == index]
    else:
        kept_candidates = candidates[candidates != index]
    miss = kept is not alone
    misses, status, named = _outcome(
        state, miss=miss, won=None if miss else word, candidates=kept_candidates
    )
    new_state = replace(
        state,
        words=(*state.words, word),
        pattern=kept.pattern,
        misses=misses,
        status=status,
        word=named,
        candidates=kept_candidates,
    )
    report = MoveReport(
        number=number,
        letter=word,
        miss=miss,
        families=tuple(families),
        kept_rank=kept_rank,
        reason=reason,
        pattern=kept.pattern,
        words_left=kept.size,
        misses_left=new_state.misses_left,
        status=status,
        word=named,
    )
    return new_state, report


@dataclass(frozen=True, slots=True)
class HonestGame:
    """The same letters played against the honest word-maker (:func:`honest_game`)."""

    word: str
    misses: int
    status: Status
    letters_used: int  # the honest game may end before every letter is played


def honest_game(
    lexicon: Lexicon, *, seed: int, max_misses: int, moves: Iterable[str]
) -> HonestGame:
    """Play ``moves`` (letters and words) in order against the fair word-maker of ``seed``,
    until it ends.

    What the same guesses would have cost in ordinary hangman, with the word
    the fair game draws with this seed from the same words: the measure of
    what the cheating cost. For a fair game it is that game itself.
    """
    state = new_game(lexicon, max_misses=max_misses, difficulty=FAIR.name, seed=seed)
    for move in moves:
        if state.is_over:
            break
        state, _ = apply_guess(state, move)
    return HonestGame(
        word=fair_word(lexicon, seed),
        misses=state.misses,
        status=state.status,
        letters_used=state.guess_number,
    )


def _named_word(
    lexicon: Lexicon, candidates: npt.NDArray[np.int32], seed: int, difficulty: str
) -> str:
    """The word the game's word-maker names among the candidates: the same on every replay."""
    return maker_for(difficulty).named_word(lexicon, candidates, seed)


def named_word(state: GameState) -> str:
    """The word the computer would name if the game stopped now (e.g. a forfeit)."""
    if state.word is not None:
        return state.word
    return _named_word(state.lexicon, all_candidates(state), state.seed, state.difficulty)


def restore(
    lexicon: Lexicon,
    *,
    max_misses: int,
    difficulty: Difficulty | str,
    seed: int,
    moves: Iterable[str],
    pattern: str,
    word: str | None = None,
    seeded_ties: bool = False,
    vocabulary: int = FULL_VOCABULARY,
) -> GameState:
    """Rebuild a game from its moves (letters and whole words) and the pattern they
    revealed, without the word-maker.

    Each kept family is exactly the words whose positions of the guessed letter
    match what that guess revealed, and a later guess never moves an earlier
    letter, so the final pattern and the letters alone fix the candidates: one
    filter per letter, whatever the word-maker that chose them cost; a word guessed
    was dropped (or, the pattern it shows, won). This is how a stored game is brought
    back; :func:`replay` re-runs the word-maker and is the check that both agree.
    """
    state = new_game(
        lexicon,
        max_misses=max_misses,
        difficulty=difficulty,
        seed=seed,
        seeded_ties=seeded_ties,
        vocabulary=vocabulary,
    )
    played = tuple(moves)
    guessed = tuple(move for move in played if not is_word_move(move))
    words = tuple(move for move in played if is_word_move(move))
    if len(pattern) != lexicon.length:
        raise EngineError(f"the pattern {pattern!r} is not {lexicon.length} letters long")
    if len(set(guessed)) != len(guessed) or not all(map(lexicon.has_letter, guessed)):
        raise EngineError(
            f"{''.join(guessed)!r} is not a list of distinct letters "
            f"{describe_alphabet(lexicon.alphabet)}"
        )
    if len(set(words)) != len(words) or any(len(each) != lexicon.length for each in words):
        raise EngineError(f"{words!r} are not distinct words of {lexicon.length} letters")
    won_by_word = pattern in words
    if won_by_word and words[-1] != pattern:
        raise EngineError(f"the word {pattern!r} won, so no word was guessed after it")
    if not won_by_word and any(char != HIDDEN and char not in guessed for char in pattern):
        raise EngineError(f"the pattern {pattern!r} shows a letter that was not guessed")
    candidates = filter_candidates(
        lexicon,
        all_candidates(state),
        replace(state, letters=guessed, words=words, pattern=pattern),
    )
    if candidates.size == 0:
        raise EngineError(f"no word of this lexicon fits {pattern!r} after {played!r}")
    misses = misses_of(played, pattern)
    status = Status.PLAYING
    if HIDDEN not in pattern:
        status, word = Status.WON, pattern
    elif misses >= state.max_misses:
        status = Status.LOST
        word = word or _named_word(lexicon, candidates, seed, state.difficulty)
    return replace(
        state,
        letters=guessed,
        words=words,
        pattern=pattern,
        misses=misses,
        status=status,
        word=word if status is not Status.PLAYING else None,
        candidates=candidates,
    )


def follow(state: GameState, letter: str, pattern: str) -> GameState:
    """The state after ``letter`` (a letter or a word) revealed ``pattern`` (a stored move):
    one filter, no word-maker, no checks. What :func:`restore` does for all the moves at
    once, a guess at a time, for a caller that walks a game's moves (the reveal)."""
    lexicon = state.lexicon
    if is_word_move(letter):
        won = pattern == letter
        return replace(
            state,
            words=(*state.words, letter),
            pattern=pattern,
            misses=state.misses + int(not won),
            candidates=without_words(lexicon, all_candidates(state), (letter,), pattern),
        )
    letter_index = lexicon.letter_index(letter)
    positions = tuple(i for i, char in enumerate(pattern) if char == letter)
    code = lexicon.code_of(letter_index, positions)
    candidates = all_candidates(state)
    if code is None:
        candidates = candidates[:0]
    else:
        candidates = candidates[lexicon.codes[letter_index][candidates] == code]
    return replace(
        state,
        letters=(*state.letters, letter),
        pattern=pattern,
        misses=state.misses + int(not positions),
        candidates=candidates,
    )


def replay(
    lexicon: Lexicon,
    *,
    max_misses: int,
    difficulty: Difficulty | str,
    seed: int,
    moves: Iterable[str],
    seeded_ties: bool = False,
    vocabulary: int = FULL_VOCABULARY,
) -> tuple[GameState, list[MoveReport]]:
    """Re-run the word-maker over a game's moves (letters and whole words): every choice
    made again, as it was made.

    The web site brings games back with :func:`restore`; this is the check
    that a stored game is what its word-maker would play.
    """
    state = new_game(
        lexicon,
        max_misses=max_misses,
        difficulty=difficulty,
        seed=seed,
        seeded_ties=seeded_ties,
        vocabulary=vocabulary,
    )
    reports: list[MoveReport] = []
    for move in moves:
        state, report = apply_guess(state, move)
        reports.append(report)
    return state, reports
