"""Challenge priors: filled by a command, one row per challenge, kept on a rerun, never made up."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, transaction

from dictionaries.models import Dictionary
from dictionaries.wordbank import get_lexicon
from games.engine.prior import challenge_prior
from games.models import ChallengePrior, Difficulty
from games.services import challenge_priors_compute
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine(db: None) -> Dictionary:
    return DictionaryFactory(words=[*NINE_WORDS, "ab", "cd", "ef"], slug="nine", name="Nine")


def test_every_length_and_rule_difficulty_gets_the_engines_histogram(nine: Dictionary) -> None:
    outcomes = challenge_priors_compute(dictionary=nine, games=6)
    assert [(o.prior.length, o.prior.difficulty, o.computed) for o in outcomes] == [
        (length, difficulty, True) for length in (2, 4) for difficulty in ("easy", "medium", "hard")
    ]
    stored = ChallengePrior.objects.get(dictionary=nine, length=4, difficulty="hard")
    played = challenge_prior(get_lexicon(dictionary_id=nine.pk, length=4), "hard", games=6)
    assert (stored.misses_needed, stored.games) == (list(played.misses_needed), 6)
    assert stored.win_rate(26) == 7 / 8  # every game won with the whole alphabet allowed


def test_a_rerun_keeps_every_challenge_and_more_games_or_force_play_again(nine: Dictionary) -> None:
    challenge_priors_compute(dictionary=nine, lengths=[4], games=4)
    before = list(ChallengePrior.objects.values_list("pk", "misses_needed", "games", "computed_at"))
    again = challenge_priors_compute(dictionary=nine, lengths=[4], games=4)
    assert not any(outcome.computed for outcome in again)
    fewer = challenge_priors_compute(dictionary=nine, lengths=[4], games=2)
    assert not any(outcome.computed for outcome in fewer)  # as many games are stored
    after = list(ChallengePrior.objects.values_list("pk", "misses_needed", "games", "computed_at"))
    assert after == before
    more = challenge_priors_compute(dictionary=nine, lengths=[4], games=5)
    assert all(outcome.computed for outcome in more)
    assert set(ChallengePrior.objects.values_list("games", flat=True)) == {5}
    forced = challenge_priors_compute(dictionary=nine, lengths=[4], games=5, force=True)
    assert all(outcome.computed for outcome in forced)
    assert ChallengePrior.objects.count() == 3  # replaced, never duplicated


def test_the_command_fills_skips_done_keys_and_refuses_bad_options(nine: Dictionary) -> None:
    out = StringIO()
    call_command("compute_challenge_priors", "--dictionary", "NINE", "--games", "3", stdout=out)
    assert (
        out.getvalue().strip() == "Nine: challenge priors of 6 challenges (6 played now, 0 kept)."
    )
    rows = list(ChallengePrior.objects.order_by("pk").values_list("misses_needed", "computed_at"))
    out = StringIO()
    call_command("compute_challenge_priors", "--dictionary", "nine", "--games", "3", stdout=out)
    assert (
        out.getvalue().strip() == "Nine: challenge priors of 6 challenges (0 played now, 6 kept)."
    )
    assert list(
        ChallengePrior.objects.order_by("pk").values_list("misses_needed", "computed_at")
    ) == (rows)
    with pytest.raises(CommandError, match="--games must be at least 1"):
        call_command("compute_challenge_priors", "--dictionary", "nine", "--games", "0")
    with pytest.raises(CommandError, match="not 'x'"):
        call_command("compute_challenge_priors", "--dictionary", "nine", "--lengths", "x")
    with pytest.raises(CommandError, match="no dictionary named 'nope'"):
        call_command("compute_challenge_priors", "--dictionary", "nope")
    assert ChallengePrior.objects.count() == 6


def test_the_default_dictionary_is_used_unless_one_is_named(nine: Dictionary) -> None:
    other = DictionaryFactory(words=list(NINE_WORDS), name="Default", is_default=True)
    out = StringIO()
    call_command("compute_challenge_priors", "--games", "1", stdout=out)
    assert out.getvalue().startswith("Default: challenge priors of 3 challenges")
    assert set(ChallengePrior.objects.values_list("dictionary", flat=True)) == {other.pk}


def test_one_prior_per_challenge_of_a_rule_difficulty_with_a_game(nine: Dictionary) -> None:
    keys = {"dictionary": nine, "length": 4, "misses_needed": [1]}
    ChallengePrior.objects.create(difficulty=Difficulty.HARD, games=1, **keys)
    for bad in (
        {"difficulty": Difficulty.HARD, "games": 1},  # a second row for the challenge
        {"difficulty": Difficulty.FIENDISH, "games": 1},  # no rule to play against
        {"difficulty": Difficulty.EASY, "games": 0},
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            ChallengePrior.objects.create(**keys | bad)
