"""The board priors: the reference model player's misses on each board, played once and stored."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction

from dictionaries.models import Dictionary
from dictionaries.wordbank import get_lexicon
from games.engine import prior as engine_prior
from games.models import BoardPrior
from games.services.par import rule_boards


@dataclass(frozen=True)
class BoardPriorOutcome:
    prior: BoardPrior
    computed: bool  # False: a stored prior was kept (played with at least as many games)


def board_prior_compute(
    *,
    dictionary: Dictionary,
    lengths: list[int] | None = None,
    games: int = engine_prior.PRIOR_GAMES,
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[BoardPriorOutcome]:
    """Fill the board priors of a dictionary: every length it has, against easy, medium and hard.

    Each board's games are played (``games.engine.prior.board_prior``) outside any
    transaction and stored in its own, so a long run can be stopped and resumed. A stored
    prior of at least ``games`` games is kept unless ``force``: the games are seeded, so
    playing them again would give the same histogram.
    """
    boards = rule_boards(dictionary=dictionary, lengths=lengths)
    outcomes: list[BoardPriorOutcome] = []
    for done, (length, difficulty) in enumerate(boards, start=1):
        stored = BoardPrior.objects.filter(
            dictionary=dictionary, length=length, difficulty=difficulty
        ).first()
        if stored is not None and not force and stored.games >= games:
            outcomes.append(BoardPriorOutcome(prior=stored, computed=False))
        else:
            lexicon = get_lexicon(dictionary_id=dictionary.pk, length=length)
            found = engine_prior.board_prior(lexicon, difficulty, games=games)
            with transaction.atomic():
                prior, _ = BoardPrior.objects.update_or_create(
                    dictionary=dictionary,
                    length=length,
                    difficulty=difficulty,
                    defaults={"misses_needed": list(found.misses_needed), "games": found.games},
                )
            outcomes.append(BoardPriorOutcome(prior=prior, computed=True))
        if progress is not None:
            progress(done, len(boards))
    return outcomes
