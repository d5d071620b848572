"""The registry of word-makers: every difficulty says everything the site asks of it, once.

Walks :data:`games.engine.MAKERS`: each word-maker has every attribute and
method of the protocol, with values of the right kind; and each place that
shows difficulties (the models' choices and constraints, scoring, the guesser,
the console, the review, the new-game form's par note, docs/playing.md's table)
reads them from the registry rather than naming them.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from games.engine import (
    MAKERS,
    Difficulty,
    EngineError,
    GameState,
    GuesserModel,
    Lexicon,
    Reason,
    WordMaker,
    apply_guess,
    maker_for,
    new_game,
    partition,
    replay,
)
from games.engine.guesser import propose
from games.engine.makers import (
    NAME_MAX_LENGTH,
    REASON_MAX_LENGTH,
    REQUIRED,
    Choice,
    ReasonText,
    Turn,
)
from games.engine.state import Family
from games.engine.vocabulary import FULL_VOCABULARY
from tests.engine.alphabets import russian_lexicon

ROOT = Path(__file__).resolve().parents[2]
WORDS = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex", "quad"]


@pytest.mark.parametrize("maker", MAKERS, ids=lambda maker: maker.name)
def test_a_registered_word_maker_lacks_nothing(maker: WordMaker) -> None:
    missing = [name for name in REQUIRED if not hasattr(maker, name)]
    assert not missing, f"{maker!r} lacks {missing}"
    for name in ("name", "label", "summary", "explanation", "help"):
        text = getattr(maker, name)
        assert isinstance(text, str), f"{maker!r}.{name} is not text"
        assert text.strip(), f"{maker!r}.{name} is empty"
    for name in ("ranked", "has_par", "searches", "whole_list", "needs_frequencies"):
        assert isinstance(getattr(maker, name), bool), f"{maker!r}.{name} is not a bool"
    assert isinstance(maker.tie_note, str)
    assert isinstance(maker.reasons, tuple)
    for reason in maker.reasons:
        assert isinstance(reason, ReasonText)
        assert len(reason.value) <= REASON_MAX_LENGTH
        assert reason.label.strip()
        assert reason.explanation.strip()
    assert isinstance(maker.no_par_reason, str)
    assert maker.name.isascii()
    assert maker.name.isalpha()
    assert maker.name.islower()
    assert len(maker.name) <= NAME_MAX_LENGTH
    assert isinstance(maker.guesser_model, GuesserModel)
    assert isinstance(maker.schedule_period, int)
    assert maker.schedule_period >= 1
    if maker.ranked:
        assert isinstance(maker.weight, int)
        assert maker.weight >= 1
    else:
        assert maker.weight is None
    if maker.has_par:
        assert maker.guesser_model is GuesserModel.RULE
    else:
        assert maker.no_par_reason.strip()
    for method in ("choose", "second_hardest_due", "named_word"):
        assert callable(getattr(maker, method)), f"{maker!r}.{method} is not a method"


@pytest.mark.parametrize("maker", MAKERS, ids=lambda maker: maker.name)
def test_each_word_maker_plays_a_whole_game(maker: WordMaker) -> None:
    """Its choices are families of the guess, and it names a word that fits on a loss."""
    lexicon = Lexicon(WORDS)
    state = new_game(lexicon, max_misses=3, difficulty=maker.name, seed=7)
    for letter in "etaoinshrdlucmfwypvbgkjqxz":
        if state.is_over:
            break
        state, report = apply_guess(state, letter)
        assert 0 <= report.kept_rank < len(report.families)
        assert isinstance(report.reason, Reason)
    assert state.is_over
    assert state.word in WORDS or state.word == state.pattern


def test_choose_answers_with_a_choice() -> None:
    lexicon = Lexicon(WORDS)
    for maker in MAKERS:
        state = new_game(lexicon, max_misses=8, difficulty=maker.name, seed=3)
        families, _, codes = _partition(state, "e")
        choice = maker.choose(Turn(state, "e", 1, families, codes))
        assert isinstance(choice, Choice)
        assert 0 <= choice.kept_rank < len(families)
        word = maker.named_word(lexicon, np.arange(len(lexicon), dtype=np.int32), 3)
        assert word in WORDS


def _partition(state: GameState, letter: str) -> tuple[list[Family], object, list[int]]:
    families, codes, family_codes = partition(state, letter)
    assert all(isinstance(family, Family) for family in families)
    return families, codes, family_codes


def test_the_difficulties_are_the_registry_in_its_order() -> None:
    assert [str(difficulty) for difficulty in Difficulty] == [maker.name for maker in MAKERS]
    with pytest.raises(EngineError, match="difficulty must be one of"):
        maker_for("impossible")


def test_the_models_choices_and_constraints_follow_the_registry() -> None:
    from games import models

    assert models.Difficulty.choices == [(maker.name, maker.label) for maker in MAKERS]
    assert [str(d) for d in models.RANKED_DIFFICULTIES] == [m.name for m in MAKERS if m.ranked]
    assert [str(d) for d in models.RULE_DIFFICULTIES] == [m.name for m in MAKERS if m.has_par]
    names = {constraint.name for constraint in models.Game._meta.constraints}
    for maker in MAKERS:
        assert (f"game_{maker.name}_never_ranked" in names) is (not maker.ranked)
    assert models.DIFFICULTY_MAX_LENGTH == NAME_MAX_LENGTH
    assert models.Game._meta.get_field("difficulty").max_length == NAME_MAX_LENGTH


def test_scoring_weighs_every_ranked_difficulty_and_refuses_the_others() -> None:
    from games.scoring import DIFFICULTY_WEIGHT, win_points

    for maker in MAKERS:
        if maker.ranked:
            assert DIFFICULTY_WEIGHT[maker.name] == maker.weight
            assert win_points(difficulty=maker.name, max_misses=26) == maker.weight
        else:
            assert maker.name not in DIFFICULTY_WEIGHT
            with pytest.raises(ValueError, match="never ranked"):
                win_points(difficulty=maker.name, max_misses=8)


def test_the_console_offers_every_difficulty() -> None:
    from games.management.commands import play

    for maker in MAKERS:
        assert play.DIFFICULTY_ANSWERS[maker.name] == maker.name
        assert f"{maker.name}: " in play.HELP


def test_the_players_guide_table_is_the_registry() -> None:
    readme = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    rows = [
        f"| {maker.name} | {maker.summary} | "
        + (f"yes (\N{MULTIPLICATION SIGN}{maker.weight})" if maker.ranked else "never")
        + " |"
        for maker in MAKERS
    ]
    table = "| difficulty | the computer keeps | ranked |\n|---|---|---|\n" + "\n".join(rows)
    assert table + "\n\n" in readme, (
        f"docs/playing.md's table of difficulties is not the registry's, which is:\n{table}"
    )


def test_no_template_names_a_difficulty() -> None:
    """What a page says about a difficulty comes from its word-maker, not a template branch."""
    names = "|".join(maker.name for maker in MAKERS)
    branch = re.compile(rf"difficulty\s*(==|!=|in)\s*['\"]({names})['\"]")
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "templates").rglob("*.html")
        if branch.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


@pytest.mark.parametrize(
    ("maker", "ranked"),
    [(maker, ranked) for maker in MAKERS for ranked in (False, True) if maker.ranked or not ranked],
    ids=lambda value: value.name if hasattr(value, "name") else ("ranked" if value else "unranked"),
)
def test_every_word_maker_plays_a_russian_game_to_its_end(maker: WordMaker, ranked: bool) -> None:
    """33 letters, real words, the AI guessing: each word-maker's game ends, and replays."""
    lexicon = russian_lexicon(5)
    settings = {
        "max_misses": 8,
        "difficulty": maker.name,
        "seed": 11,
        "seeded_ties": ranked,
        "vocabulary": 800 if ranked and not maker.whole_list else FULL_VOCABULARY,
    }
    state = new_game(lexicon, **settings)
    while not state.is_over:
        letter = propose(state).letter
        assert lexicon.has_letter(letter)
        assert letter not in state.letters
        state, report = apply_guess(state, letter)
        assert 0 <= report.kept_rank < len(report.families)
    assert state.word in lexicon.words
    replayed, _ = replay(lexicon, moves=state.letters, **settings)
    assert (replayed.pattern, replayed.word, replayed.status) == (
        state.pattern,
        state.word,
        state.status,
    )
