"""The daily's shared answers: one search per position of a day's puzzle, read by the rest.

A daily puzzle's attempts share its seed, so the same position gets the same answer
from every player: the first there pays for the (fiendish) search and stores it
(``DailyAnswer``), the others read it. Play (``games.services``) knows nothing of the
daily: it asks the source this module registers (``register_answer_source``).
"""

from __future__ import annotations

import hashlib
from dataclasses import fields as dataclass_fields
from typing import Any

import numpy as np
from django.conf import settings
from django.db import connection, transaction

from daily.models import DailyAnswer, DailyPuzzle, may_be_daily, puzzle_day_of
from dictionaries.wordbank import get_lexicon
from games import engine
from games.models import Game

# What a game state says of its position; every other field is the settings the word-maker plays.
_POSITION_FIELDS = frozenset(
    {"lexicon", "letters", "words", "pattern", "misses", "status", "word", "candidates"}
)


def shared_answer(game: Game, state: engine.GameState, letter: str) -> engine.MoveReport | None:
    """The word-maker's answer to ``letter`` in a daily's game, read or searched and stored;
    None for any other game (play searches it). Registered in ``DailyConfig.ready``.

    A daily puzzle's attempts share its seed, so the same position gets the
    same answer from every player, on every node: the first there pays for the
    (fiendish) search and stores it (``DailyAnswer``), the others read it.
    Exact, not approximate: the key is the position (``answer_position``) plus
    a digest of every other input of the word-maker, read off the engine's state.
    """
    if not settings.DAILY_SHARED_ANSWERS or not may_be_daily(game):
        return None
    if engine.is_word_move(letter):  # a whole word: a rule, no search to share
        return None
    puzzle_id = puzzle_day_of(game)
    if puzzle_id is None:
        return None
    letter = state.check_guess(letter)  # refused before any read: a bad letter keys nothing
    return _shared_answer(
        puzzle_id=puzzle_id, dictionary_id=game.dictionary_id, state=state, letter=letter
    )[0]


def _shared_answer(
    *, puzzle_id: int, dictionary_id: int, state: engine.GameState, letter: str
) -> tuple[engine.MoveReport, bool]:
    """The stored answer at this position, or the word-maker's, stored; True if it searched.

    Runs in the caller's transaction (the line's lock lasts until it ends).
    """
    key = {
        "puzzle_id": puzzle_id,
        "settings_digest": _settings_digest(dictionary_id, state),
        "position": answer_position(state, letter),
    }
    _lock_the_line(key)
    stored = DailyAnswer.objects.filter(**key).values_list("answer", flat=True).first()
    if stored is not None:
        return _report_from_json(stored), False
    report = engine.apply_guess(state, letter)[1]
    # ignore_conflicts: where no line lock exists (SQLite), two first players both store.
    DailyAnswer.objects.bulk_create(
        [DailyAnswer(**key, answer=_report_json(report))], ignore_conflicts=True
    )
    return report, True


def daily_answers_prepare(*, puzzle: DailyPuzzle, depth: int = 1) -> int:
    """Search a daily's first positions before anyone plays them; how many were searched.

    Every letter at the start, then every letter after each of those (``depth``
    2), and so on: the positions where the most words are left, which cost the
    most to search and which the rush reaches first. The stored answers are the
    ones a guess would store (the same key, the same word-maker), so this only
    moves the cost off the players' requests.
    """
    lexicon = get_lexicon(dictionary_id=puzzle.dictionary_id, length=puzzle.length)
    frontier = [
        engine.new_game(
            lexicon,
            max_misses=puzzle.max_misses,
            difficulty=puzzle.difficulty,
            seed=puzzle.seed,
            seeded_ties=True,  # as every game of a daily puzzle (daily/services.py)
        )
    ]
    searched = 0
    for _ in range(depth):
        following: list[engine.GameState] = []
        for state in frontier:
            for letter in lexicon.alphabet:
                if letter in state.letters:
                    continue
                with transaction.atomic():
                    report, fresh = _shared_answer(
                        puzzle_id=puzzle.pk,
                        dictionary_id=puzzle.dictionary_id,
                        state=state,
                        letter=letter,
                    )
                searched += fresh
                if report.status is engine.Status.PLAYING:
                    following.append(
                        engine.restore(
                            lexicon,
                            max_misses=state.max_misses,
                            difficulty=state.difficulty,
                            seed=state.seed,
                            moves=(*state.letters, letter),
                            pattern=report.pattern,
                            seeded_ties=state.seeded_ties,
                        )
                    )
        frontier = following
    return searched


def answer_position(state: engine.GameState, letter: str) -> str:
    """The letters guessed (in any order), the words dropped, the pattern they revealed, and
    the letter to answer.

    All the word-maker reads of the game's past: the candidates are the words
    that fit the pattern given those letters (``engine.restore``), the misses
    are the letters not in it, the guess's number is how many there are.
    """
    letters = "".join(sorted(state.letters))
    if state.words:  # words guessed and dropped: part of the position (none: keys as before)
        return f"{letters}|{','.join(sorted(state.words))}|{state.pattern}|{letter}"
    return f"{letters}|{state.pattern}|{letter}"


def _lock_the_line(key: dict[str, object]) -> None:
    """Players first at the same position at once: one searches, the others wait and read.

    A PostgreSQL advisory lock of the guess's transaction, named by the line:
    whoever waits reads the answer once the searcher's guess commits. A guess
    takes one such lock, after its own game's row lock only, so no two guesses
    can wait on each other in a circle. Elsewhere (SQLite) guesses never overlap.
    """
    if connection.vendor != "postgresql":
        return
    digest = hashlib.blake2b(repr(sorted(key.items())).encode(), digest_size=8).digest()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s)", [int.from_bytes(digest, "big", signed=True)]
        )


def _settings_digest(dictionary_id: int, state: engine.GameState) -> str:
    """Every input of the word-maker but the position: the dictionary, length and settings.

    Read off the engine's state, so a field the engine gains later is keyed too.
    """
    digest = hashlib.blake2b(repr((dictionary_id, state.length)).encode(), digest_size=16)
    for field in dataclass_fields(state):
        if field.name in _POSITION_FIELDS:
            continue
        value = getattr(state, field.name)
        # An array's repr elides its middle: its bytes, not its repr, name it.
        shown = value.tobytes() if isinstance(value, np.ndarray) else repr(value).encode()
        digest.update(f"|{field.name}=".encode() + shown)
    return digest.hexdigest()


def _report_json(report: engine.MoveReport) -> dict[str, object]:
    return {
        "number": report.number,
        "letter": report.letter,
        "miss": report.miss,
        "families": [[f.pattern, f.size, f.revealed] for f in report.families],
        "kept_rank": report.kept_rank,
        "reason": report.reason.value,
        "pattern": report.pattern,
        "words_left": report.words_left,
        "misses_left": report.misses_left,
        "status": report.status.value,
        "word": report.word,
        "values": list(report.values) if report.values is not None else None,
        "search_nodes": report.search_nodes,
    }


def _report_from_json(data: dict[str, Any]) -> engine.MoveReport:
    return engine.MoveReport(
        number=data["number"],
        letter=data["letter"],
        miss=data["miss"],
        families=tuple(
            engine.Family(pattern=pattern, size=size, revealed=revealed)
            for pattern, size, revealed in data["families"]
        ),
        kept_rank=data["kept_rank"],
        reason=engine.Reason(data["reason"]),
        pattern=data["pattern"],
        words_left=data["words_left"],
        misses_left=data["misses_left"],
        status=engine.Status(data["status"]),
        word=data["word"],
        values=tuple(data["values"]) if data["values"] is not None else None,
        search_nodes=data["search_nodes"],
    )
