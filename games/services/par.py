"""The par table: the AI guesser's misses on each challenge, searched once and stored."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction

from dictionaries.models import Dictionary
from dictionaries.selectors import word_lengths
from dictionaries.wordbank import get_lexicon
from games import engine
from games.engine import par as engine_par
from games.models import RULE_DIFFICULTIES, Par


@dataclass(frozen=True)
class ParOutcome:
    par: Par
    computed: bool  # False: a stored par was kept (proven, or searched with as many positions)


def par_keys_list(*, dictionary: Dictionary, lengths: list[int] | None) -> list[tuple[int, str]]:
    """The (length, difficulty) challenges a per-challenge table fills: each length the dictionary
    has (of ``lengths``, when given) against easy, medium and hard (par's and the priors')."""
    available = [item.length for item in word_lengths(dictionary_id=dictionary.pk)]
    chosen = available if lengths is None else [length for length in lengths if length in available]
    return [(length, difficulty) for length in chosen for difficulty in RULE_DIFFICULTIES]


def par_compute(
    *,
    dictionary: Dictionary,
    lengths: list[int] | None = None,
    nodes: int = engine_par.PAR_NODES,
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[ParOutcome]:
    """Fill the par table of a dictionary: every length it has, against easy, medium and hard.

    Each challenge is searched (``games.engine.par.par``) outside any transaction and
    stored in its own, so a long run can be stopped and resumed. A stored par
    that is proven, or was searched with at least ``nodes`` positions, is kept
    unless ``force``; a new search only ever tightens the stored bounds.
    """
    challenges = par_keys_list(dictionary=dictionary, lengths=lengths)
    outcomes: list[ParOutcome] = []
    # One query for what is kept (a rerun keeps everything: setup_site on every start).
    kept = {(row.length, row.difficulty): row for row in Par.objects.filter(dictionary=dictionary)}
    for done, (length, difficulty) in enumerate(challenges, start=1):
        stored = kept.get((length, difficulty))
        if stored is not None and not force and (stored.proven or stored.nodes >= nodes):
            outcomes.append(ParOutcome(par=stored, computed=False))
        else:
            stored = Par.objects.filter(  # again: another process may have stored it since
                dictionary=dictionary, length=length, difficulty=difficulty
            ).first()
            lexicon = get_lexicon(dictionary_id=dictionary.pk, length=length)
            found = engine_par.par(lexicon, engine.Difficulty(difficulty), nodes=nodes)
            misses, at_least = found.misses, found.at_least
            if stored is not None:  # both are true bounds: keep the tightest
                misses, at_least = min(misses, stored.misses), max(at_least, stored.at_least)
            with transaction.atomic():
                par, _ = Par.objects.update_or_create(
                    dictionary=dictionary,
                    length=length,
                    difficulty=difficulty,
                    defaults={
                        "misses": misses,
                        "at_least": at_least,
                        "nodes": max(nodes, stored.nodes if stored else 0),
                    },
                )
            outcomes.append(ParOutcome(par=par, computed=True))
        if progress is not None:
            progress(done, len(challenges))
    return outcomes
