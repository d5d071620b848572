"""Engine lexicons built from Word rows, cached per process.

A dictionary's words never change once imported (uploads make new
dictionaries), so (dictionary id, length) is a complete cache key and a guess
never reloads a bucket of rows.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.conf import settings

from dictionaries.models import Word
from games.engine import Lexicon

_lock = threading.Lock()
_lexicons: OrderedDict[tuple[int, int], Lexicon] = OrderedDict()
_stats = {"hits": 0, "misses": 0}


class EmptyBucketError(LookupError):
    """The dictionary has no word of that length."""


def get_lexicon(*, dictionary_id: int, length: int) -> Lexicon:
    key = (dictionary_id, length)
    with _lock:
        lexicon = _lexicons.get(key)
        if lexicon is not None:
            _lexicons.move_to_end(key)
            _stats["hits"] += 1
            return lexicon
    words = list(
        Word.objects.filter(dictionary_id=dictionary_id, length=length).values_list(
            "text", flat=True
        )
    )
    if not words:
        raise EmptyBucketError(f"dictionary {dictionary_id} has no word of length {length}")
    lexicon = Lexicon(words)
    with _lock:
        _stats["misses"] += 1
        _lexicons[key] = lexicon
        _lexicons.move_to_end(key)
        while len(_lexicons) > settings.WORD_BANK_CACHE_SIZE:
            _lexicons.popitem(last=False)
    return lexicon


def word_bank_stats() -> dict[str, int]:
    with _lock:
        return {**_stats, "size": len(_lexicons)}


def clear_word_bank() -> None:
    with _lock:
        _lexicons.clear()
        _stats.update(hits=0, misses=0)
