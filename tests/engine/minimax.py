"""Brute-force references for the searches: plain recursion over word lists, no tricks."""

from __future__ import annotations

from functools import cache

from games.engine import ALPHABET


def families(words: tuple[str, ...], letter: str) -> dict[tuple[int, ...], tuple[str, ...]]:
    grouped: dict[tuple[int, ...], list[str]] = {}
    for word in words:
        positions = tuple(i for i, char in enumerate(word) if char == letter)
        grouped.setdefault(positions, []).append(word)
    return {positions: tuple(group) for positions, group in grouped.items()}


def splitting_letters(words: tuple[str, ...]) -> list[str]:
    return [letter for letter in ALPHABET if len(families(words, letter)) > 1]


@cache
def perfect_value(words: tuple[str, ...]) -> int:
    """Fewest misses a perfect guesser needs against a word-maker that keeps any family."""
    if len(words) <= 1:
        return 0
    return min(
        max(
            (0 if positions else 1) + perfect_value(group)
            for positions, group in families(words, letter).items()
        )
        for letter in splitting_letters(words)
    )


def greedy_aware_key(words: tuple[str, ...], letter: str) -> tuple[bool, int, str]:
    """RULES.md's hardest family decides: a hit before a miss, then fewer words, then a-z."""
    grouped = families(words, letter)
    biggest = max(len(group) for group in grouped.values())
    miss_is_hardest = len(grouped.get((), ())) == biggest
    return (miss_is_hardest, biggest, letter)


@cache
def greedy_aware_value(words: tuple[str, ...]) -> int:
    """Misses the greedy-aware guesser needs against the word-maker that hurts it most."""
    if len(words) <= 1:
        return 0
    letter = min(splitting_letters(words), key=lambda candidate: greedy_aware_key(words, candidate))
    return max(
        (0 if positions else 1) + greedy_aware_value(group)
        for positions, group in families(words, letter).items()
    )


def rule_answer(words: tuple[str, ...], pattern: str, letter: str, second: bool) -> tuple[str, ...]:
    """The family RULES.md's ranking keeps (hardest, or second hardest when due and possible)."""
    grouped = families(words, letter)
    ranked = sorted(
        grouped.items(),
        key=lambda item: (
            -len(item[1]),
            len(item[0]),
            "".join(letter if i in item[0] else char for i, char in enumerate(pattern)),
        ),
    )
    return ranked[1 if second and len(ranked) > 1 else 0]


def rule_value(words: tuple[str, ...], pattern: str, number: int, period: int) -> int:
    """Fewest misses to finish against the seeds' rule, trying every letter sequence.

    ``period`` is the schedule: 1 hard, 2 easy (second hardest on even guesses), 4 medium.
    Against easy and medium every letter not guessed yet is tried, those that split
    nothing too: they move the schedule on (free when every word shows them alike, a
    miss when no word has them). Against hard such a letter changes nothing. The
    letters missed before ``pattern`` are not known here: call it at the start.
    """
    guessed = frozenset(char for char in pattern if char != "-")
    return _rule_value(words, pattern, number % period if period > 1 else 0, period, guessed)


@cache
def _rule_value(
    words: tuple[str, ...], pattern: str, phase: int, period: int, guessed: frozenset[str]
) -> int:
    if len(words) <= 1:
        return 0
    best = None
    letters = splitting_letters(words)
    if period > 1:
        # One letter of each kind that splits nothing is enough to try: two letters every
        # word shows alike (or that no word has) move the schedule on the same way.
        still = [letter for letter in ALPHABET if letter not in guessed and letter not in letters]
        hits = [letter for letter in still if letter in words[0]]
        misses = [letter for letter in still if letter not in words[0]]
        letters += hits[:1] + misses[:1]
    for letter in letters:
        number = phase + 1  # the guess about to be made, modulo the period
        second = period > 1 and number % period == 0
        positions, kept = rule_answer(words, pattern, letter, second)
        shown = "".join(letter if i in positions else char for i, char in enumerate(pattern))
        cost = (0 if positions else 1) + _rule_value(
            kept, shown, (phase + 1) % period, period, guessed | {letter}
        )
        best = cost if best is None else min(best, cost)
    assert best is not None
    return best
