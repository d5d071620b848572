"""The size refusal reads right whether or not the file's size is known."""

from __future__ import annotations

import io

import pytest

from dictionaries.wordfiles import DictionaryImportError, read_source


def test_a_known_size_is_named_before_the_limit() -> None:
    with pytest.raises(DictionaryImportError) as refused:
        read_source(b"x" * 22_000_000, limit=1_048_576)
    assert refused.value.message.startswith(
        "The file is 22,000,000 bytes (21.0 MB), over the size limit of 1,048,576 bytes (1.0 MB)"
    )


def test_an_unknown_size_is_simply_over_the_limit() -> None:
    with pytest.raises(DictionaryImportError) as refused:
        read_source(io.BufferedReader(io.BytesIO(b"a\n" * 100)), limit=10)
    assert refused.value.message.startswith("The file is over the size limit of 10 bytes")
