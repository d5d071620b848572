"""The computer as a player: guessers that propose the next letter.

Every guesser sees what a player sees (the words of the dictionary, the pattern, the
letters guessed, the difficulty; never a ranked game's secret seed) and, like every
strategy here, bounds its search by a count of positions, so it proposes the same letter
on any machine. How :func:`propose` plays against each kind of word-maker is on it.

Par, the rule search from a game's start, is ``games/engine/par.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from games.engine.makers import Difficulty, GuesserModel, maker_for
from games.engine.search import (
    BudgetExhaustedError,
    ExactSolver,
    NodeBudget,
    SearchTables,
    WordSet,
    guessed_mask,
    search_tables,
)
from games.engine.state import GameState, public_candidates
from games.engine.vocabulary import FULL_VOCABULARY

# Each search a proposal makes is sized so that a request that asks for one (a hint, the
# computer's move, a word-maker bot's game) stays well under 100 ms of CPU whatever its
# settings (issue 37; tests/front/test_request_cpu.py, tests/api/test_request_cpu.py).
#
# The strong heuristic guesser solves exactly once this few words are left, within this many
# positions. Measured on web2 (2,975 searches in games at lengths 3-12, fiendish and hard):
# at most 436 positions (p99 201), so the bound changes nothing there; it stops the searches
# that cannot end (26 one-letter words need 25 misses), which cost 0.5 s at 20,000 positions
# and still 0.15 s at 1,000 on a loaded machine (the positions of one-letter words are dear:
# every letter splits them).
EXACT_GUESS_UP_TO = 40
EXACT_GUESS_NODES = 500
# Positions the one-player search against the seeds' rule may examine per proposal. Measured
# on web2 with bench/guesser.py's games (lengths 2-12 against hard, 26 wrong guesses
# allowed, one game each, on a loaded 2-core machine): 3,000 positions needed 75 misses in all
# with a proposal's p99 at 316 ms; 800, 76 misses and 114 ms; 400, 77 misses and 54 ms.
# Against medium (its schedule branches more): 29 misses at 3,000 (p99 209 ms), 31 at 800,
# 33 at 400 (p99 49 ms). Two to four misses over eleven games buy a bounded request.
RULE_SEARCH_NODES = 400


@dataclass(frozen=True, slots=True)
class Proposal:
    """A letter, how many misses it needs from here, and why, in one line for a player."""

    letter: str
    misses: int | None  # misses it needs from here to the end; None when not proven
    proven: bool  # True when ``misses`` is what perfect play needs (against this opponent)
    reason: str


def candidate_indexes(state: GameState) -> npt.NDArray[np.int32]:
    """The words a player can know are still possible: never a ranked game's secret vocabulary.

    A ranked game plays on a part of the list drawn by its seed; a guesser sees
    the whole list's words that fit the letters and pattern, as a player does.
    """
    if state.vocabulary < FULL_VOCABULARY:
        return public_candidates(state)
    if state.candidates is None:
        return np.arange(len(state.lexicon), dtype=np.int32)
    return state.candidates


def game_words(state: GameState) -> npt.NDArray[np.int32]:
    """The words the game really has left, a ranked game's secret part of the list too.

    Never for a hint or a player's view: for reviewing a game whose words are known
    (the instructors' review), so the AI's numbers are the game's own.
    """
    if state.candidates is None:
        return np.arange(len(state.lexicon), dtype=np.int32)
    return state.candidates


def greedy_aware_letter(state: GameState, words: WordSet | None = None) -> str:
    """The letter whose hardest family is a hit and leaves the fewest words.

    The hardest family is the one the seeds' word-maker keeps; a letter that
    no family of which is a hit comes after every letter that has one, and
    among those the one leaving the fewest words comes first. Ties go to
    the alphabet's order. Against the seeds' word-maker this avoids every miss
    it can see one guess ahead.
    """
    tables = search_tables(state.lexicon)
    sizes = tables.family_sizes(candidate_indexes(state) if words is None else words)
    guessed = guessed_mask(state.letters, state.lexicon)
    order = tables.greedy_aware_order(sizes, guessed, splitting_only=False)
    return state.lexicon.alphabet[int(order[0])]


def exact_letter(
    state: GameState, *, nodes: int = EXACT_GUESS_NODES, words: WordSet | None = None
) -> tuple[str, int] | None:
    """A letter of perfect play against any word-maker, and the misses it needs; None if
    the search runs out of positions (or nothing is left to find). ``words``: those to
    reason on, when not the ones a player can know."""
    words = candidate_indexes(state) if words is None else words
    if len(words) < 2:
        return None
    tables = search_tables(state.lexicon)
    solver = ExactSolver(tables, words, NodeBudget(nodes))
    try:
        misses = solver.value()
        letter_index = solver.best_letter(misses)
    except BudgetExhaustedError:
        return None
    if letter_index is None:
        return None
    return state.lexicon.alphabet[letter_index], misses


def strong_heuristic_letter(state: GameState, *, exact_up_to: int = EXACT_GUESS_UP_TO) -> str:
    """The greedy-aware letter, and perfect play once few words are left.

    This is the adversary the word-makers are measured against in
    ``bench/adversary.py``: it knows the word list, and when no more than
    ``exact_up_to`` words are left it plays the exact minimax letter, which
    is safe against any word-maker.
    """
    if 2 <= len(candidate_indexes(state)) <= exact_up_to:
        found = exact_letter(state)
        if found is not None:
            return found[0]
    return greedy_aware_letter(state)


@dataclass(frozen=True, slots=True)
class RulePlan:
    letter: str
    misses: int


class RuleSolver:
    """The fewest misses against the seeds' rule, by a one-player search.

    ``can_finish(words, number, misses)`` asks whether some letter leads,
    whatever the rule keeps, to a word set that can be finished within the
    misses left; ``number`` is the guess about to be made (the easy and
    medium schedules depend on it). Settled answers are remembered per word
    set and schedule phase, and so are each word set's letters and the rule's
    answers to them, so deepening by one miss examines no set twice: the
    budget pays for each word set once.

    Against easy and medium a letter that splits nothing still counts: it
    moves the guess number, so the schedule's second-hardest guesses fall on
    other letters. Such a letter is free when every word shows it in the same
    places and costs a miss when no word has it. Those schedules therefore
    also try the letters not guessed yet that split nothing (``guessed`` is a
    bit set of the letters guessed), and their answers are remembered per
    word set, phase and set of such letters still unguessed. Against hard
    such a letter changes nothing and is never tried.
    """

    def __init__(
        self,
        tables: SearchTables,
        *,
        difficulty: Difficulty,
        seeded_ties: bool,
        budget: NodeBudget,
    ) -> None:
        self.tables = tables
        self.difficulty = difficulty
        self.seeded_ties = seeded_ties
        self.budget = budget
        self.maker = maker_for(difficulty)
        self.period = self.maker.schedule_period
        self.enough: dict[tuple[bytes, int, int], int] = {}  # a number of misses that is enough
        self.too_few: dict[tuple[bytes, int, int], int] = {}  # fewer misses than this fail
        # Per word set (easy, medium): its letters that split nothing, as (letter, family id,
        # whether it is a miss), and their bit set.
        self.still: dict[bytes, tuple[tuple[tuple[int, int, bool], ...], int]] = {}
        # Per word set and phase: (letter, the rule's answers, whether any answer misses).
        self.expanded: dict[tuple[bytes, int], list[tuple[int, tuple[int, ...], bool]]] = {}

    def key(self, words: WordSet, number: int, guessed: int) -> tuple[bytes, int, int]:
        """What a settled answer depends on: the words, the phase, the still letters left."""
        if self.period == 1:
            return (words.tobytes(), 0, 0)
        _, still = self._still_letters(words)
        return (words.tobytes(), number % self.period, still & ~guessed)

    def plan(
        self, words: WordSet, number: int, *, at_most: int, guessed: int = 0
    ) -> RulePlan | None:
        """The best letter and its misses, if they are at most ``at_most`` (deepening by one)."""
        key = self.key(words, number, guessed)
        misses = self.too_few.get(key, 0)
        while misses <= at_most:
            letter = self._letter_within(words, number, misses, guessed)
            if letter is not None:
                return RulePlan(letter=self.tables.lexicon.alphabet[letter], misses=misses)
            misses += 1
        return None

    def can_finish(self, words: WordSet, number: int, misses: int, guessed: int = 0) -> bool:
        if len(words) <= 1:
            return True
        key = self.key(words, number, guessed)
        if self.enough.get(key, 1 << 30) <= misses:
            return True
        if self.too_few.get(key, 0) > misses:
            return False
        return self._letter_within(words, number, misses, guessed) is not None

    def _letter_within(
        self, words: WordSet, number: int, misses: int, guessed: int = 0
    ) -> int | None:
        key = self.key(words, number, guessed)
        options = self._options(words, number, misses)
        if self.period > 1:  # the schedule moves on a letter that splits nothing, too
            still, _ = self._still_letters(words)
            options += sorted(
                (
                    (letter_index, (family_id,))
                    for letter_index, family_id, is_miss in still
                    if not guessed >> letter_index & 1 and (misses > 0 or not is_miss)
                ),
                key=lambda option: bool(self.tables.reveals_nothing[option[1][0]]),
            )
        for letter_index, replies in options:
            if all(
                self.can_finish(
                    self._family_words(words, letter_index, family_id),
                    number + 1,
                    misses - int(self.tables.reveals_nothing[family_id]),
                    guessed | 1 << letter_index,
                )
                for family_id in replies
            ):
                self.enough[key] = min(misses, self.enough.get(key, misses))
                return letter_index
        self.too_few[key] = max(misses + 1, self.too_few.get(key, 0))
        return None

    def _options(
        self, words: WordSet, number: int, misses: int
    ) -> list[tuple[int, tuple[int, ...]]]:
        """Letters that split the words, with the rule's possible answers, most promising first.

        With no miss left, only letters none of whose answers is a miss.
        """
        key = (words.tobytes(), number % self.period)
        options = self.expanded.get(key)
        if options is None:
            options = self._expand(words, number)
            self.expanded[key] = options
        return [
            (letter_index, answers)
            for letter_index, answers, can_miss in options
            if misses > 0 or not can_miss
        ]

    def _expand(self, words: WordSet, number: int) -> list[tuple[int, tuple[int, ...], bool]]:
        tables = self.tables
        sizes = tables.family_sizes(words, self.budget)
        families_per_letter = np.add.reduceat((sizes > 0).astype(np.int64), tables.offsets[:-1])
        second = self.maker.second_hardest_due(number)
        if not self.seeded_ties:  # one answer per letter: all letters at once
            answer = tables.rule_reply_ids(sizes, second=second)
            is_miss = tables.reveals_nothing[answer]
            splits = families_per_letter > 1
            order = np.lexsort((tables.letter_indexes, sizes[answer], is_miss))
            return [
                (int(letter_index), (int(answer[letter_index]),), bool(is_miss[letter_index]))
                for letter_index in order
                if splits[letter_index]
            ]
        replies = tables.rule_replies(sizes, second=second, seeded_ties=True)
        ranked = []
        for letter_index in np.flatnonzero(families_per_letter > 1).tolist():
            answers = replies[letter_index]
            can_miss = any(tables.reveals_nothing[f] for f in answers)
            biggest = max(int(sizes[f]) for f in answers)
            ranked.append((can_miss, biggest, letter_index, answers))
        ranked.sort()
        return [(letter_index, answers, can_miss) for can_miss, _, letter_index, answers in ranked]

    def _still_letters(self, words: WordSet) -> tuple[tuple[tuple[int, int, bool], ...], int]:
        """The letters that split nothing over ``words`` (guessed or not), and their bit set."""
        key = words.tobytes()
        known = self.still.get(key)
        if known is None:
            ids = self.tables.family_ids[:, words]
            letters = np.flatnonzero((ids == ids[:, :1]).all(axis=1)).tolist()
            found = tuple(
                (
                    letter_index,
                    int(ids[letter_index, 0]),
                    bool(self.tables.reveals_nothing[ids[letter_index, 0]]),
                )
                for letter_index in letters
            )
            known = (found, sum(1 << letter_index for letter_index in letters))
            self.still[key] = known
        return known

    def _family_words(self, words: WordSet, letter_index: int, family_id: int) -> WordSet:
        return words[self.tables.family_ids[letter_index, words] == family_id]

    def rollouts(self, words: WordSet, number: int) -> list[tuple[int, int]]:
        """(misses, letter) for every letter that splits the words, best first.

        Each letter's answer from the rule, then the rule-aware one-step guesser
        played to the end (a playout): a cheap estimate of what the letter
        costs, and an upper bound of the misses needed when ties are not seeded.
        """
        found = []
        for letter_index, replies in self._options(words, number, misses=1):
            worst = 0
            for family_id in replies:
                family = self._family_words(words, letter_index, family_id)
                miss = int(self.tables.reveals_nothing[family_id])
                worst = max(worst, miss + self.playout(family, number + 1))
            found.append((worst, letter_index))
        found.sort()
        return found

    def playout(self, words: WordSet, number: int) -> int:
        """Misses of the one-step guesser that sees the rule's answer to every letter.

        It plays the letter whose answer is a hit and keeps the fewest words (a
        miss only when every answer is one), against the first of any tied answers.
        """
        misses = 0
        while len(words) > 1:
            letter_index, replies = self._options(words, number, misses=1)[0]
            family_id = replies[0]
            misses += int(self.tables.reveals_nothing[family_id])
            words = self._family_words(words, letter_index, family_id)
            number += 1
        return misses


def propose(
    state: GameState, *, nodes: int = RULE_SEARCH_NODES, knows_the_words: bool = False
) -> Proposal:
    """The AI's next letter for ``state``, with its reason in a line a player can read.

    How it plays, by how the opponent's word-maker says to model it
    (``GuesserModel``, ``games/engine/makers/``):

    - **a rule** (easy, medium, hard) answers: the hardest family (or, on the
      schedule's guesses, the second hardest). The answer to a letter follows from
      the words left, so the best sequence of letters is a one-player search:
      :class:`RuleSolver` asks "can I finish with no miss? with one? ..." and
      remembers every word set it has settled. In a ranked game families of equal
      rank are ordered by a seed it cannot see, so each of them counts as a
      possible answer and a letter must work against all. When the search runs out
      of positions it falls back to the strong heuristic and says so.
    - **a planner** (fiendish, obscure) plans ahead, so nothing predicts its answer: the
      strong heuristic (the letter whose hardest family is a hit and leaves the
      fewest words) until few words are left, then perfect play
      (:class:`ExactSolver`). Obscure plans against players who know fewer words
      than this guesser does (and one who knows them all); how hard each difficulty
      is for whom is measured in ``bench/ladder.py`` (``docs/difficulties.md``).
    - **an honest one** (fair) never cheats: the letter found in the most words
      left is the most likely hit.

    It reasons on the words a player can know, unless ``knows_the_words`` (a review of a
    game whose words may be shown): then on the game's own (``game_words``), so every
    number it gives is the game's."""
    if state.is_over:
        raise ValueError("the game is over")
    words = game_words(state) if knows_the_words else candidate_indexes(state)
    count = len(words)
    if count == 1:
        word = state.lexicon.words[int(words[0])]
        letter = next(char for char in word if char not in state.letters)
        return Proposal(letter, 0, True, f"Only one word is left: {letter.upper()} is in it.")
    model = maker_for(state.difficulty).guesser_model
    if model is GuesserModel.RULE:
        return _propose_against_rule(state, words, nodes)
    if model is GuesserModel.HONEST:
        return _propose_most_common(state, words)
    return _propose_strong(state, words)


def _propose_against_rule(state: GameState, words: WordSet, nodes: int) -> Proposal:
    """Playouts first (a good letter and a bound), then the exact search below that bound."""
    tables = search_tables(state.lexicon)
    budget = NodeBudget(nodes)
    solver = RuleSolver(
        tables, difficulty=state.difficulty, seeded_ties=state.seeded_ties, budget=budget
    )
    number = state.guess_number + 1
    lexicon = state.lexicon
    guessed = sum(1 << lexicon.letter_index(letter) for letter in state.letters)
    why = _schedule_note(state.difficulty, number)
    try:
        rollouts = solver.rollouts(words, number)
    except BudgetExhaustedError:
        rollouts = []
    plan = None
    if rollouts:
        best_rollout, best_letter = rollouts[0]
        # A playout's count is a bound only when the rule's answers are known; against
        # seeded ties the search must settle that many misses itself.
        at_most = len(lexicon.alphabet) if state.seeded_ties else best_rollout - 1
        try:
            plan = solver.plan(words, number, at_most=at_most, guessed=guessed)
        except BudgetExhaustedError:
            plan = None
        settled_below = solver.too_few.get(solver.key(words, number, guessed), 0)
        if plan is None and settled_below >= best_rollout and not state.seeded_ties:
            # Nothing does better than the playout's line, so it is the best there is.
            plan = RulePlan(letter=lexicon.alphabet[best_letter], misses=best_rollout)
    if plan is not None:
        how = (
            "without another wrong guess"
            if plan.misses == 0
            else f"with {plan.misses} more wrong guess{'es' * (plan.misses != 1)}"
        )
        return Proposal(
            plan.letter,
            plan.misses,
            True,
            f"{why}{plan.letter.upper()} finishes the {len(words):,} words {how}, "
            "the fewest possible against this difficulty.",
        )
    if rollouts:
        misses, letter_index = rollouts[0]
        letter = lexicon.alphabet[letter_index]
        return Proposal(
            letter,
            None,
            False,
            f"{why}{letter.upper()} finished the {len(words):,} words with the fewest wrong "
            f"guesses ({misses}) when each letter was tried and the game played on; there "
            "are too many words to be sure nothing does better.",
        )
    letter = greedy_aware_letter(state, words)
    return Proposal(letter, None, False, _heuristic_reason(state, letter, words, estimated=True))


def _schedule_note(difficulty: str, number: int) -> str:
    """Why a letter found against a schedule is right on this guess, when the schedule acts."""
    if not maker_for(difficulty).second_hardest_due(number):
        return ""
    return f"On guess {number} {difficulty} keeps the second-hardest family, so "


def _propose_strong(state: GameState, words: WordSet) -> Proposal:
    if len(words) <= EXACT_GUESS_UP_TO:
        found = exact_letter(state, words=words)
        if found is not None:
            letter, misses = found
            return Proposal(
                letter,
                misses,
                True,
                f"{letter.upper()} finishes the {len(words):,} words with at most {misses} "
                f"more wrong guess{'es' * (misses != 1)}, whatever the computer keeps.",
            )
    letter = greedy_aware_letter(state, words)
    return Proposal(letter, None, False, _heuristic_reason(state, letter, words, estimated=False))


def _propose_most_common(state: GameState, words: WordSet) -> Proposal:
    tables = search_tables(state.lexicon)
    sizes = tables.family_sizes(words)
    miss_sizes = np.where(tables.miss_id >= 0, sizes[np.maximum(tables.miss_id, 0)], 0)
    holding = len(words) - miss_sizes
    holding[guessed_mask(state.letters, state.lexicon)] = -1
    letter_index = int(np.argmax(holding))  # the first of equals in the alphabet's order
    letter = state.lexicon.alphabet[letter_index]
    share = 100 * int(holding[letter_index]) / len(words)
    return Proposal(
        letter,
        None,
        False,
        f"{letter.upper()} is in {int(holding[letter_index]):,} of the {len(words):,} words "
        f"that fit ({share:.0f}%): the likeliest hit.",
    )


def _heuristic_reason(state: GameState, letter: str, words: WordSet, *, estimated: bool) -> str:
    tables = search_tables(state.lexicon)
    letter_index = state.lexicon.letter_index(letter)
    sizes = tables.family_sizes(words)
    hardest = tables.hardest_family(sizes, letter_index)
    kept = int(sizes[hardest])
    if tables.reveals_nothing[hardest]:
        line = (
            f"{letter.upper()} splits the {len(words):,} words best: even if it misses, "
            f"only {kept:,} are left."
        )
    else:
        line = (
            f"{letter.upper()} splits the {len(words):,} words so that even the biggest group "
            f"it can leave ({kept:,}) shows a letter."
        )
    if estimated:
        line += (
            " There are too many words to try every way the game could go, so this is a "
            "rule of thumb."
        )
    return line
