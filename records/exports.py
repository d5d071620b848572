"""Exports of filtered games: CSV (one row per game) and JSON lines (one object per move).

Both are generators over server-side iterators, so a view can stream them
without holding every row in memory (``core.db_router.stream_rows``: one
read from the replica finishes on the primary if the replica goes away). A JSON
line is the console's ``--json`` object
(:meth:`games.engine.MoveReport.as_json`) rebuilt from the stored move,
plus the keys that say which game and move it is; no replay is needed
because a stored move carries everything the report had.

A game the viewer may not see yet (``games.secrecy``: today's daily puzzle, a
game that counts while it is played) keeps its CSV row, with its letters,
pattern and word replaced by the rule's words ("hidden until ...") and its
counts left empty, and has no JSON lines (a line is a move, and its families
are what is secret).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

from django.db.models import QuerySet

from core.db_router import stream_rows
from dictionaries.models import Dictionary
from dictionaries.selectors import written_forms
from games import engine
from games.models import Game, Move, Status
from games.secrecy import Secrecy
from games.selectors.letters import words_as_written

CHUNK_SIZE = 2000
Row = TypeVar("Row")
CSV_HEADER = (
    "game",
    "player",
    "dictionary",
    "length",
    "difficulty",
    "wrong_guesses_allowed",
    "ranked",
    "hints",
    "status",
    "forfeited",
    "letters",
    "words_guessed",
    "guesses",
    "wrong_guesses",
    "pattern",
    "word",
    "score",
    "started_at",
    "finished_at",
)
# A spreadsheet runs a cell that starts with one of these as a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """Neutralise formula injection in free text (names), never in patterns or letters."""
    return f"'{text}" if text.startswith(_FORMULA_START) else text


class _Echo:
    """A write-only file whose write returns the line, for csv.writer in a generator."""

    def write(self, value: str) -> str:
        return value


def csv_lines(games: QuerySet[Game], *, secret: Secrecy) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield writer.writerow(CSV_HEADER)
    rows = secret.labelled(games.select_related("player", "dictionary")).order_by(
        "-started_at", "-id"
    )
    for games_read in _chunks(stream_rows(rows, chunk_size=CHUNK_SIZE)):
        written = words_as_written(games_read)
        for game in games_read:
            row = csv_row(game, hidden=game.secret_label, word=written.get(game.pk, ""))
            yield writer.writerow(row)


def _chunks(rows: Iterable[Row]) -> Iterator[list[Row]]:
    """Rows in lists of CHUNK_SIZE: the words a chunk names are read at once."""
    chunk: list[Row] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == CHUNK_SIZE:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def csv_row(game: Game, *, hidden: str = "", word: str | None = None) -> list[Any]:
    """One game; ``hidden``: why the viewer may not see it yet ("" shows it); ``word``: the
    word it named as its list writes it (``words_as_written``), read here when not given."""
    if word is None:
        word = words_as_written([game]).get(game.pk, "")
    return [
        game.pk,
        spreadsheet_safe(game.player.get_username()),
        game.dictionary.slug,
        game.length,
        game.difficulty,
        game.max_misses,
        int(game.is_ranked),
        game.hints_used,
        game.status,
        int(game.forfeited),
        hidden if hidden else game.letters,
        hidden if hidden else " ".join(game.words_guessed),
        "" if hidden else game.guess_count,
        "" if hidden else game.misses,
        hidden if hidden else game.pattern,
        hidden if hidden else (word if game.is_over else ""),
        game.score,
        game.started_at.isoformat(),
        game.finished_at.isoformat() if game.finished_at else "",
    ]


def jsonl_lines(games: QuerySet[Game], *, secret: Secrecy) -> Iterator[str]:
    """One JSON object per move, games newest first, moves in order; none of a game the
    viewer may not see yet."""
    # Unpinned: the subquery runs in the moves' database, the primary's if a stream
    # that began on the replica must finish there (``stream_rows``).
    shown = games.exclude(secret.hidden_games()).order_by().values("pk").using(None)
    moves = (
        Move.objects.filter(game__in=shown)
        .select_related("game", "game__player", "game__dictionary")
        .order_by("-game__started_at", "-game_id", "number")
    )
    for record in move_records(stream_rows(moves, chunk_size=CHUNK_SIZE)):
        yield json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def move_records(moves: Iterable[Move]) -> Iterator[dict[str, Any]]:
    """Moves grouped by game and ordered by number, as console ``--json`` objects."""
    game_id: int | None = None
    misses = 0
    for moves_read in _chunks(moves):
        records: list[tuple[Move, dict[str, Any]]] = []
        for move in moves_read:
            if move.game_id != game_id:
                game_id, misses = move.game_id, 0
            misses += int(move.miss)
            records.append((move, move_record(move, misses_so_far=misses)))
        yield from _words_as_written(records)


def _words_as_written(records: list[tuple[Move, dict[str, Any]]]) -> Iterator[dict[str, Any]]:
    """The records, each word in them as its list writes it (one read per dictionary)."""
    named: dict[int, tuple[Dictionary, set[str]]] = {}
    for move, record in records:
        if "word" in record:
            dictionary = move.game.dictionary
            named.setdefault(dictionary.pk, (dictionary, set()))[1].add(record["word"])
    written: dict[tuple[int, str], str] = {}
    for dictionary_id, (dictionary, words) in named.items():
        played = sorted(words)
        written.update(
            ((dictionary_id, word), shown)
            for word, shown in zip(played, written_forms(dictionary, played), strict=True)
        )
    for move, record in records:
        if "word" in record:
            record["word"] = written[(move.game.dictionary_id, record["word"])]
        yield record


def move_record(move: Move, *, misses_so_far: int) -> dict[str, Any]:
    """The engine's report of this move; ``status`` and ``word`` follow its rules exactly
    (the word as played: ``move_records`` gives it as written, as the console does)."""
    game = move.game
    misses_left = game.max_misses - misses_so_far
    if engine.HIDDEN not in move.pattern:
        status, word = Status.WON, move.pattern
    elif misses_left <= 0:
        status, word = Status.LOST, game.word
    else:
        status, word = Status.PLAYING, None
    record: dict[str, Any] = {
        "game": game.pk,
        "player": game.player.get_username(),
        "number": move.number,
        "hints_used": game.hints_used,
        "guess": move.guess,
        "accepted": True,
        "miss": move.miss,
        "pattern": move.pattern,
        "families": {pattern: size for pattern, size in move.families},
        "words_left": move.kept_size,
        "misses_left": misses_left,
        "status": str(status),
    }
    if word is not None:
        record["word"] = word
    return record
