"""The par table: filled by a command after imports, kept, tightened, never made up."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from dictionaries.models import Dictionary
from games.models import ChallengePrior, Par
from games.services import par_compute
from tests.conftest import NINE_WORDS
from tests.engine.minimax import rule_value
from tests.factories import DictionaryFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine(db: None) -> Dictionary:
    return DictionaryFactory(words=[*NINE_WORDS, "ab", "cd", "ef"], slug="nine", name="Nine")


def test_every_length_and_rule_difficulty_gets_its_true_par(nine: Dictionary) -> None:
    outcomes = par_compute(dictionary=nine)
    assert [(o.par.length, o.par.difficulty) for o in outcomes] == [
        (length, difficulty) for length in (2, 4) for difficulty in ("easy", "medium", "hard")
    ]
    hard = Par.objects.get(dictionary=nine, length=4, difficulty="hard")
    assert hard.proven
    assert hard.misses == rule_value(NINE_WORDS, "----", 0, 1)
    assert hard.label == str(hard.misses)


def test_a_stored_par_is_kept_and_a_new_search_only_tightens_it(nine: Dictionary) -> None:
    par_compute(dictionary=nine, lengths=[4], nodes=1)
    rough = Par.objects.get(dictionary=nine, length=4, difficulty="hard")
    assert rough.misses >= rough.at_least
    again = par_compute(dictionary=nine, lengths=[4], nodes=1)
    assert not any(outcome.computed for outcome in again)  # searched with as many positions
    par_compute(dictionary=nine, lengths=[4], nodes=10_000)
    exact = Par.objects.get(dictionary=nine, length=4, difficulty="hard")
    assert exact.proven
    assert rough.at_least <= exact.misses <= rough.misses


def test_an_unproven_par_reads_as_a_bound() -> None:
    assert Par(misses=7, at_least=5, nodes=1).label == "≤ 7"


def test_the_command_reports_and_refuses_bad_lengths(nine: Dictionary) -> None:
    out = StringIO()
    call_command("compute_par", "--dictionary", "NINE", "--lengths", "4", stdout=out)
    assert out.getvalue().strip() == (
        "Nine: par of 3 challenges (3 searched now, 0 kept); 3 proven, 0 shown as the best line "
        "found (par <= N)."
    )
    with pytest.raises(CommandError, match="not 'x'"):
        call_command("compute_par", "--dictionary", "nine", "--lengths", "x")
    with pytest.raises(CommandError, match="no dictionary named 'nope'"):
        call_command("compute_par", "--dictionary", "nope")


def test_an_import_computes_par_unless_told_not_to(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(NINE_WORDS) + "\n", encoding="utf-8")
    out = StringIO()
    call_command("import_dictionary", str(words), "--name", "With par", stdout=out)
    assert "Computing par" in out.getvalue()
    assert Par.objects.filter(dictionary__name="With par").count() == 3
    assert ChallengePrior.objects.filter(dictionary__name="With par").count() == 3
    call_command("import_dictionary", str(words), "--name", "No par", "--no-par", stdout=out)
    assert not Par.objects.filter(dictionary__name="No par").exists()
    assert not ChallengePrior.objects.filter(dictionary__name="No par").exists()
    call_command("import_dictionary", str(words), "--name", "Par alone", "--no-priors", stdout=out)
    assert Par.objects.filter(dictionary__name="Par alone").count() == 3
    assert not ChallengePrior.objects.filter(dictionary__name="Par alone").exists()
