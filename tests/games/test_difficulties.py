"""The difficulties' words for people (games/difficulties.py): one entry per word-maker of
the engine's registry, the English the site showed before, and the active language's words."""

from __future__ import annotations

from django.utils import translation

from games import difficulties
from games.engine import MAKERS
from games.models import Difficulty
from games.services import DIFFICULTY_CHOICE_MESSAGE


def test_every_word_maker_has_its_label_and_its_reason_for_no_par() -> None:
    names = {maker.name for maker in MAKERS}
    assert set(difficulties.LABELS) == names
    assert set(difficulties.NO_PAR_REASONS) == {maker.name for maker in MAKERS if not maker.has_par}


def test_the_english_words_are_the_registry_s() -> None:
    with translation.override("en"):
        for maker in MAKERS:
            assert str(difficulties.label(maker.name)) == maker.label
            assert str(difficulties.no_par_reason(maker.name)) == maker.no_par_reason
        assert [str(label) for label in Difficulty.labels] == [maker.label for maker in MAKERS]
        names = ", ".join(maker.label.lower() for maker in MAKERS)
        assert str(DIFFICULTY_CHOICE_MESSAGE) == f"Choose a difficulty: {names}."


def test_the_refusal_is_worded_when_shown_not_when_imported() -> None:
    """A lazy message: each request reads it in its own language."""
    seen: list[str] = []
    real = difficulties.label

    def counting(difficulty: str) -> str:
        seen.append(difficulty)
        return str(real(difficulty))

    difficulties.label = counting  # type: ignore[assignment]
    try:
        str(difficulties.CHOICE_MESSAGE)
    finally:
        difficulties.label = real  # type: ignore[assignment]
    assert seen == [maker.name for maker in MAKERS]
