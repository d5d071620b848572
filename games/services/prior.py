"""The challenge priors: the reference model player's misses on each challenge, stored."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction

from dictionaries.models import Dictionary
from dictionaries.wordbank import get_lexicon
from games.engine import prior as engine_prior
from games.models import ChallengePrior
from games.services.par import par_keys_list


@dataclass(frozen=True)
class ChallengePriorOutcome:
    prior: ChallengePrior
    computed: bool  # False: a stored prior was kept (played with at least as many games)


def challenge_priors_compute(
    *,
    dictionary: Dictionary,
    lengths: list[int] | None = None,
    games: int = engine_prior.PRIOR_GAMES,
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[ChallengePriorOutcome]:
    """Fill a dictionary's challenge priors: every length it has, against easy, medium and hard.

    Each challenge's games are played (``games.engine.prior.challenge_prior``) outside any
    transaction and stored in its own, so a long run can be stopped and resumed. A stored
    prior of at least ``games`` games is kept unless ``force``: the games are seeded, so
    playing them again would give the same histogram.
    """
    challenges = par_keys_list(dictionary=dictionary, lengths=lengths)
    outcomes: list[ChallengePriorOutcome] = []
    # The guesser's letters, shared by a length's difficulties (challenges come by length).
    letters: engine_prior.GreedyLetters | None = None
    # One query for what is kept (a rerun keeps everything: setup_site on every start).
    kept = {
        (row.length, row.difficulty): row
        for row in ChallengePrior.objects.filter(dictionary=dictionary)
    }
    for done, (length, difficulty) in enumerate(challenges, start=1):
        stored = kept.get((length, difficulty))
        if stored is not None and not force and stored.games >= games:
            outcomes.append(ChallengePriorOutcome(prior=stored, computed=False))
        else:
            lexicon = get_lexicon(dictionary_id=dictionary.pk, length=length)
            if letters is None or letters.lexicon is not lexicon:
                letters = engine_prior.GreedyLetters(lexicon)
            found = engine_prior.challenge_prior(lexicon, difficulty, games=games, letters=letters)
            with transaction.atomic():
                prior, _ = ChallengePrior.objects.update_or_create(
                    dictionary=dictionary,
                    length=length,
                    difficulty=difficulty,
                    defaults={"misses_needed": list(found.misses_needed), "games": found.games},
                )
            outcomes.append(ChallengePriorOutcome(prior=prior, computed=True))
        if progress is not None:
            progress(done, len(challenges))
    return outcomes
