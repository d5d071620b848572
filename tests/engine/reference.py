"""A deliberately naive Evil Hangman, written straight from RULES.md.

String patterns, a dict of lists and one sort: slow, but short enough to
check by eye. The fast engine must agree with it move for move.
"""

from __future__ import annotations

from dataclasses import dataclass

HIDDEN = "-"


@dataclass(frozen=True)
class NaiveMove:
    letter: str
    ranked: list[tuple[str, int]]  # (pattern, size), hardest first
    kept: str
    miss: bool
    candidates: list[str]
    misses_left: int
    status: str


def naive_families(words: list[str], pattern: str, letter: str) -> dict[str, list[str]]:
    families: dict[str, list[str]] = {}
    for word in words:
        shown = "".join(
            letter if char == letter else shown for char, shown in zip(word, pattern, strict=True)
        )
        families.setdefault(shown, []).append(word)
    return families


def naive_ranking(families: dict[str, list[str]], letter: str) -> list[tuple[str, list[str]]]:
    """Hardest first: more words, then fewer copies of the letter, then the smaller pattern."""
    return sorted(
        families.items(), key=lambda item: (-len(item[1]), item[0].count(letter), item[0])
    )


def second_hardest_wanted(difficulty: str, guess_number: int) -> bool:
    schedule = {"hard": (), "medium": (4,), "easy": (2,)}[difficulty]
    return any(guess_number % every == 0 for every in schedule)


def naive_game(
    words: list[str], *, max_misses: int, difficulty: str, letters: str
) -> list[NaiveMove]:
    """Play ``letters`` until they run out or the game ends."""
    candidates = sorted(set(words))
    pattern = HIDDEN * len(candidates[0])
    misses = 0
    moves: list[NaiveMove] = []
    for number, letter in enumerate(letters, start=1):
        ranked = naive_ranking(naive_families(candidates, pattern, letter), letter)
        pick = 1 if second_hardest_wanted(difficulty, number) and len(ranked) > 1 else 0
        kept, candidates = ranked[pick]
        miss = kept == pattern
        pattern = kept
        misses += miss
        if HIDDEN not in pattern:
            status = "won"
        elif misses == max_misses:
            status = "lost"
        else:
            status = "playing"
        moves.append(
            NaiveMove(
                letter=letter,
                ranked=[(shown, len(group)) for shown, group in ranked],
                kept=kept,
                miss=miss,
                candidates=list(candidates),
                misses_left=max_misses - misses,
                status=status,
            )
        )
        if status != "playing":
            break
    return moves
