"""The built-in lists' par and priors shipped as data (games/data/builtin_tables/).

Why these checks and not others: a shipped number is a function of two inputs, the words
of its length (with the alphabet) and the engine. The words are checked whole: every
length of every list has the fingerprint of the words its import stores today (read
from the same sources and parser, no database), so a new wordfreq, web2 or parser fails
here for every length it moves. The engine is checked by recomputing a sample from it:
two priors of each list (its commonest length against hard, its longest against easy;
the reference player's 200 games cost under a second now) and par of the two challenges
of each list whose search used the fewest positions. A change to the rules, the
word-makers, the guesser or the search moves some of those, and recomputing every
number would take CPU minutes in every CI run; a fingerprint of the engine's source
instead would fail on every comment and say nothing about the numbers. When this fails,
``manage.py compute_builtin_tables`` writes the files again (the failure says which).
"""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from dictionaries.models import Dictionary
from games.engine import Difficulty, Lexicon
from games.engine import par as engine_par
from games.engine import prior as engine_prior
from games.models import ChallengePrior, Par
from games.services import builtin_tables
from games.services.builtin_tables import (
    BuiltinTables,
    builtin_list_words,
    builtin_slugs,
    builtin_tables_compute,
    builtin_tables_load,
    builtin_tables_read,
    par_nodes_for,
    words_fingerprint,
)
from tests.factories import DictionaryFactory

FIX = "the shipped tables no longer match: run manage.py compute_builtin_tables ({})"


@pytest.fixture(scope="module", params=builtin_slugs())
def shipped(request: pytest.FixtureRequest) -> tuple[BuiltinTables, str, dict[int, list[str]]]:
    tables = builtin_tables_read(request.param)
    assert tables is not None, FIX.format(f"no file for {request.param}")
    alphabet, by_length = builtin_list_words(request.param)
    return tables, alphabet, by_length


def test_every_length_was_computed_on_the_words_the_list_has_today(
    shipped: tuple[BuiltinTables, str, dict[int, list[str]]],
) -> None:
    tables, alphabet, by_length = shipped
    fingerprints = {
        length: words_fingerprint(alphabet, words) for length, words in by_length.items()
    }
    assert {length: entry.words for length, entry in tables.lengths.items()} == fingerprints, (
        FIX.format(f"other words in {tables.slug}")
    )
    assert (tables.par_nodes, tables.prior_games) == (
        par_nodes_for(tables.slug),
        engine_prior.PRIOR_GAMES,
    ), FIX.format("another budget")
    assert (tables.prior_seed, tables.prior_noise) == (
        engine_prior.PRIOR_SEED,
        engine_prior.REFERENCE_NOISE,
    ), FIX.format("another reference player")
    for entry in tables.lengths.values():
        for misses, at_least, used in entry.par.values():
            assert 0 <= at_least <= misses
            assert 0 <= used <= tables.par_nodes
        for histogram in entry.priors.values():
            assert sum(histogram) == tables.prior_games
            assert histogram[-1] > 0


def test_a_sample_recomputed_from_the_engine_is_what_was_shipped(
    shipped: tuple[BuiltinTables, str, dict[int, list[str]]],
) -> None:
    tables, alphabet, by_length = shipped
    commonest = max(by_length, key=lambda length: len(by_length[length]))
    for length, difficulty in ((commonest, "hard"), (max(by_length), "easy")):
        lexicon = Lexicon(by_length[length], alphabet=alphabet)
        played = engine_prior.challenge_prior(lexicon, difficulty).misses_needed
        assert played == tables.lengths[length].priors[difficulty], FIX.format(
            f"{tables.slug} {length} {difficulty} priors"
        )
    cheapest = sorted(
        ((entry.par[difficulty][2], length, difficulty))
        for length, entry in tables.lengths.items()
        for difficulty in entry.par
    )[:2]
    for _, length, difficulty in cheapest:
        lexicon = Lexicon(by_length[length], alphabet=alphabet)
        found = engine_par.par(lexicon, Difficulty(difficulty), nodes=tables.par_nodes)
        assert (found.misses, found.at_least, found.nodes) == tables.lengths[length].par[
            difficulty
        ], FIX.format(f"{tables.slug} {length} {difficulty} par")


# --- loading, on a small list of our own -------------------------------------------------

WORDS = [
    "bat", "bet", "bit", "bot", "but", "cat", "cot", "cut", "dab", "dig", "dog", "dug",
    "fan", "fin", "fun", "gap", "gas", "hat", "hit", "hot", "hut", "jab", "jet", "jig",
    "abet", "able", "acid", "also", "area", "army", "aunt", "baby", "back", "bake",
    "ball", "band", "bank", "base", "bath", "bead", "beam", "bean", "bear", "beat",
]  # fmt: skip


@pytest.fixture
def small(db: None, tmp_path, monkeypatch: pytest.MonkeyPatch) -> Dictionary:
    """A list with shipped tables of its own, computed from the engine into tmp_path."""
    dictionary = DictionaryFactory(words=WORDS, slug="small", name="Small")
    monkeypatch.setattr(builtin_tables, "TABLES_DIR", tmp_path)
    tables = builtin_tables_compute(dictionary)
    (tmp_path / "small.json").write_text(tables.as_text(), encoding="utf-8")
    return dictionary


def rows(dictionary: Dictionary) -> tuple[list[tuple], list[tuple]]:
    par = Par.objects.filter(dictionary=dictionary).order_by("length", "difficulty")
    priors = ChallengePrior.objects.filter(dictionary=dictionary).order_by("length", "difficulty")
    return (
        list(par.values_list("length", "difficulty", "misses", "at_least", "nodes")),
        list(priors.values_list("length", "difficulty", "misses_needed", "games")),
    )


def test_loading_stores_what_the_compute_commands_would(small: Dictionary) -> None:
    outcome = builtin_tables_load(small)
    assert (outcome.shipped, outcome.loaded, outcome.stale) == (True, [3, 4], [])
    loaded = rows(small)
    assert len(loaded[0]) == len(loaded[1]) == 6
    Par.objects.all().delete()
    ChallengePrior.objects.all().delete()
    output = StringIO()
    call_command("compute_par", dictionary="small", no_progress=True, stdout=output)
    call_command("compute_challenge_priors", dictionary="small", no_progress=True, stdout=output)
    assert rows(small) == loaded


def test_a_second_load_and_the_compute_commands_keep_what_was_loaded(small: Dictionary) -> None:
    builtin_tables_load(small)
    before = list(Par.objects.values_list("pk", "computed_at")), rows(small)
    again = builtin_tables_load(small)
    assert again.loaded == [3, 4]
    output = StringIO()
    call_command("compute_par", dictionary="small", no_progress=True, stdout=output)
    call_command("compute_challenge_priors", dictionary="small", no_progress=True, stdout=output)
    assert "0 searched now" in output.getvalue()
    assert "0 played now" in output.getvalue()
    assert (list(Par.objects.values_list("pk", "computed_at")), rows(small)) == before


def test_a_length_whose_words_differ_is_left_to_the_compute_commands(
    small: Dictionary, tmp_path
) -> None:
    tables = builtin_tables_read("small")
    assert tables is not None
    tables.lengths[4] = builtin_tables.LengthTables(
        words="0" * 16, par=tables.lengths[4].par, priors=tables.lengths[4].priors
    )
    (tmp_path / "small.json").write_text(tables.as_text(), encoding="utf-8")
    outcome = builtin_tables_load(small)
    assert (outcome.loaded, outcome.stale) == ([3], [4])
    assert set(Par.objects.values_list("length", flat=True)) == {3}
    assert set(ChallengePrior.objects.values_list("length", flat=True)) == {3}


def test_a_list_the_release_has_no_tables_for_loads_nothing(db: None) -> None:
    uploaded = DictionaryFactory(words=WORDS, slug="uploaded", name="Uploaded")
    outcome = builtin_tables_load(uploaded)
    assert (outcome.shipped, outcome.loaded) == (False, [])
    assert not Par.objects.exists()
    assert not ChallengePrior.objects.exists()


def test_the_file_reads_back_as_written(small: Dictionary) -> None:
    tables = builtin_tables_read("small")
    assert tables is not None
    assert BuiltinTables.from_text(tables.as_text()) == tables
    with pytest.raises(ValueError, match="format"):
        BuiltinTables.from_text(tables.as_text().replace('"format": 1', '"format": 99'))
