"""Word lists the site ships with; no Django, so benchmarks and tools can read them too."""

from __future__ import annotations


def default_word_source() -> list[str]:
    """The web2 words that are lower-case a-z only, sorted; shipped with the package."""
    from english_words import get_english_words_set

    web2 = get_english_words_set(["web2"])
    return sorted(word for word in web2 if word.isascii() and word.isalpha() and word.islower())
