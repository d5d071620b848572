"""Engine lexicons built from Word rows, cached per process and bounded in bytes.

A dictionary's words never change once imported (uploads make new
dictionaries), so (dictionary id, length) is a complete cache key and a guess
never reloads a bucket of rows.

The cache counts bytes, not entries: a bucket of a 2.3 M-word list weighs
hundreds of megabytes, a bucket of a small one a few kilobytes, so a count of
entries bounds nothing. Each lexicon is charged what it measures when built
(its words, their arrays) plus its planning tables (``games/engine/search.py``),
charged up front as the arrays they will be (a lexicon may get them at any
guess) and measured again on every use once built. The least recently used
lexicons leave until the rest fit in ``LEXICON_CACHE_MB``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from django.conf import settings

from dictionaries.models import Dictionary, Word
from games.engine import Lexicon

_lock = threading.Lock()
_stats = {"hits": 0, "misses": 0, "evictions": 0}
# Bytes of an int64 and of the small Python int each family's pattern order is (SearchTables).
_TABLE_BYTES_PER_FAMILY = 1 + 8 + 8 + 28 + 8 + 8
# How many remembered exact values are sampled to price all of them.
_EXACT_VALUES_SAMPLE = 64
# A build's peak against what the lexicon keeps: itself plus as much again in temporaries.
_BUILD_PEAK_FACTOR = 2


class EmptyBucketError(LookupError):
    """The dictionary has no word of that length."""


@dataclass
class _Entry:
    lexicon: Lexicon
    base_bytes: int  # the lexicon itself, measured once: it never changes
    predicted_tables: int  # its planning tables, charged before they are built
    table_array_bytes: int | None = None  # the built tables' arrays, measured once
    exact_value_bytes: int = 0  # the built tables' exact values: they grow, measured each use

    @property
    def nbytes(self) -> int:
        built = (self.table_array_bytes or 0) + self.exact_value_bytes
        return self.base_bytes + max(self.predicted_tables, built)

    def measure_tables(self) -> None:
        """Once the tables are built: their arrays once, their exact values every time."""
        tables = self.lexicon.search_cache.get("tables")
        if tables is None:
            return
        if self.table_array_bytes is None:
            self.table_array_bytes = table_array_bytes(tables)
        self.exact_value_bytes = exact_value_bytes(tables)


_lexicons: OrderedDict[tuple[int, int], _Entry] = OrderedDict()
# The limit the cache was last brought within: a hit that grows nothing under the same
# limit has nothing to evict, and skips summing every entry (each guess asks once).
_checked_limit = {"bytes": -1}


def cache_limit_bytes() -> int:
    return int(settings.LEXICON_CACHE_MB * 1024 * 1024)


def lexicon_base_bytes(lexicon: Lexicon) -> int:
    """Bytes a built lexicon holds: its word strings, their array and the family codes.

    Every word of a lexicon has the same length, so with an ASCII alphabet one
    string's size times their number is every string's size, exactly; otherwise a
    string's size depends on its widest letter, and each is counted.
    """
    words = lexicon.words
    total = sys.getsizeof(words)
    if lexicon.alphabet.isascii():
        total += len(words) * sys.getsizeof(words[0])
    else:
        total += sum(map(sys.getsizeof, words))
    total += lexicon._word_array.nbytes + sum(codes.nbytes for codes in lexicon.codes)
    total += sys.getsizeof(lexicon.reveals)
    if lexicon.familiarity is not None:
        total += lexicon.familiarity.nbytes
    for reveals in lexicon.reveals:
        total += sys.getsizeof(reveals) + sum(sys.getsizeof(positions) for positions in reveals)
    return total


def estimated_bytes(words: int, length: int, alphabet: str) -> int:
    """What a lexicon of ``words`` words of ``length`` letters will be charged, before it is built.

    Its strings (each as wide as the alphabet's widest letter, at most), their
    tuple, their array and the codes (one per letter), plus the codes of its
    search tables (``predicted_table_bytes`` without the few per-family bytes).
    """
    per_word = sys.getsizeof(max(alphabet) * length) + 8 + 4 * length + 2 * len(alphabet) * 4
    return words * per_word


def predicted_table_bytes(lexicon: Lexicon) -> int:
    """Bytes the planning tables of ``lexicon`` will hold once built (before exact values)."""
    families = sum(len(reveals) for reveals in lexicon.reveals)
    return (
        len(lexicon.alphabet) * len(lexicon) * np.dtype(np.int32).itemsize
        + families * _TABLE_BYTES_PER_FAMILY
    )


def table_array_bytes(tables: object) -> int:
    """Bytes of a built tables object's arrays (and the Python ints of an object array)."""
    total = 0
    for value in vars(tables).values():
        if isinstance(value, np.ndarray):
            total += value.nbytes
            if value.dtype == object:
                total += sum(sys.getsizeof(item) for item in value.flat)
    return total


def exact_value_bytes(tables: object) -> int:
    """Bytes of the exact values a tables object remembers, priced from a sample of them."""
    exact = getattr(tables, "exact_values", None)
    if not exact:
        return 0
    sample = [item for _, item in zip(range(_EXACT_VALUES_SAMPLE), exact.items(), strict=False)]
    each = sum(
        sys.getsizeof(key) + sys.getsizeof(value) + sum(sys.getsizeof(v) for v in value)
        for key, value in sample
    ) / len(sample)
    return sys.getsizeof(exact) + int(each * len(exact))


def measured_table_bytes(lexicon: Lexicon) -> int | None:
    """Bytes the built planning tables hold now (None: not built): arrays and exact values."""
    tables = lexicon.search_cache.get("tables")
    if tables is None:
        return None
    return table_array_bytes(tables) + exact_value_bytes(tables)


def get_lexicon(*, dictionary_id: int, length: int) -> Lexicon:
    key = (dictionary_id, length)
    with _lock:
        entry = _lexicons.get(key)
        if entry is not None:
            _lexicons.move_to_end(key)
            _stats["hits"] += 1
            before = entry.nbytes
            entry.measure_tables()
            limit = cache_limit_bytes()
            evicted = 0
            if entry.nbytes > before or limit != _checked_limit["bytes"]:
                evicted = _evict_beyond(limit)
                _checked_limit["bytes"] = limit
    if entry is not None:
        if evicted:
            _return_freed_memory()
        return entry.lexicon
    # Sorted by text, as the lexicon sorts its words, so the frequencies line up with them.
    rows = sorted(
        Word.objects.filter(dictionary_id=dictionary_id, length=length).values_list("text", "zipf")
    )
    words = [text for text, _ in rows]
    if not words:
        raise EmptyBucketError(f"dictionary {dictionary_id} has no word of length {length}")
    # The letters its games play with, in their order (the engine's tie-breaks follow it).
    alphabet = Dictionary.objects.values_list("alphabet", flat=True).get(pk=dictionary_id)
    # Room first, so the old lexicons are gone before the new one is built. A build holds
    # about its own weight again in temporaries (the rows, sets, intermediate arrays) until
    # it ends, so room is made for twice what it will weigh: measured on 383,000-word
    # buckets with a 256 MB bound, reserving only the lexicon let a worker peak at the bound
    # plus 266 MB; with the temporaries reserved too, a process stays near the bound.
    with _lock:
        reserve = _BUILD_PEAK_FACTOR * estimated_bytes(len(words), length, alphabet)
        evicted = _evict_beyond(cache_limit_bytes() - reserve)
    if evicted:
        _return_freed_memory()
    lexicon = Lexicon(words, alphabet=alphabet)
    if len(lexicon) == len(rows):  # each word once, as a dictionary stores them
        # The obscure word-maker reads how well known each word is (games/engine/makers).
        lexicon.set_familiarity([zipf for _, zipf in rows])
    del words, rows
    entry = _Entry(
        lexicon=lexicon,
        base_bytes=lexicon_base_bytes(lexicon),
        predicted_tables=predicted_table_bytes(lexicon),
    )
    limit = cache_limit_bytes()
    with _lock:
        _stats["misses"] += 1
        # Room is made before it is kept, so the cache never holds more than the limit;
        # a lexicon bigger than the whole limit serves its request and is not kept.
        _evict_beyond(limit - entry.nbytes)
        if entry.nbytes <= limit:
            _lexicons[key] = entry
            _lexicons.move_to_end(key)
    # Always: building freed as much again as it keeps (the rows, sets, temporary arrays),
    # and glibc would keep those pages (measured: 137 MB resident for a 112 MB lexicon of
    # 383,000 words, 88 MB plus its strings once trimmed). A trim costs far less than a build.
    _return_freed_memory()
    return lexicon


def _evict_beyond(limit: int) -> int:
    """Drop the least recently used until the rest weigh at most ``limit`` (lock held)."""
    evicted = 0
    total = sum(entry.nbytes for entry in _lexicons.values())
    while _lexicons and total > limit:
        _, entry = _lexicons.popitem(last=False)
        # The tables point back at their lexicon: a cycle only the cycle collector frees,
        # so an evicted lexicon would stay in memory until a full collection. Dropping
        # them frees it at once (a request still searching it keeps its own reference,
        # and a lexicon without tables builds them again if asked).
        entry.lexicon.search_cache.clear()
        total -= entry.nbytes
        evicted += 1
    _stats["evictions"] += evicted
    return evicted


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, looked up once (``find_library`` runs a program); None elsewhere."""
    path = ctypes.util.find_library("c") if sys.platform.startswith("linux") else None
    try:
        return ctypes.CDLL(path).malloc_trim if path is not None else None
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None


def _return_freed_memory() -> None:
    """Hand the freed arenas back to the system (glibc keeps them otherwise): RSS follows."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def word_bank_stats() -> dict[str, int]:
    with _lock:
        return {
            **_stats,
            "size": len(_lexicons),
            "bytes": sum(entry.nbytes for entry in _lexicons.values()),
            "limit_bytes": cache_limit_bytes(),
        }


def clear_word_bank() -> None:
    with _lock:
        _lexicons.clear()
        _stats.update(hits=0, misses=0, evictions=0)


def get_bucket_zipf(dictionary_id: int, length: int) -> npt.NDArray[np.float32]:
    """The Zipf frequency of each word of a (dictionary, length) bucket, in its lexicon's order.

    The cached lexicon carries them (``get_lexicon`` reads each word with its frequency), so
    this is no second copy and stays inside ``LEXICON_CACHE_MB``: ``get_bucket_zipf(...)[i]``
    is the frequency of ``lexicon.words[i]``. An empty bucket has none.
    """
    try:
        lexicon = get_lexicon(dictionary_id=dictionary_id, length=length)
    except EmptyBucketError:
        return np.zeros(0, dtype=np.float32)
    if lexicon.familiarity is None:
        return np.zeros(len(lexicon), dtype=np.float32)
    return lexicon.familiarity
