"""Fiendish: the family worth the most misses from this guess to the end (``lookahead.py``).

The lookahead values families against one strong guesser; a player who guesses
otherwise (one who knows fewer words, or none) could find its choice easier than
hard's. So a guard (:func:`guarded`) checks every family the search valued
against every player of fiendish's set: the ensemble of
``games/engine/ensemble.py`` (soft vocabularies at Zipf 2.5 to 4, one who knows
every word, one who knows none) and the greedy-aware guesser, each played out
against hard to the end. A family passes when none of them makes fewer misses in
it than in hard's, so against each of them fiendish forces at least hard's
misses. Among the families that pass it keeps the one the search values most;
between equals, the one worth the most misses over hard's summed over the set's
players, so the guard's play-outs choose as well as veto; between equals still,
the one that shows the fewest letters: a miss now is certain, a miss the models
predict later is not, and a player they misjudge escapes only the latter. The
guard runs on every reply with more than one family valued, also when the
search's choice is hard's own. The cost, measured in ``bench/ladder.py``, is
strength against the strongest guessers (``docs/difficulties.md``). What was
tried and measured: docs/design/fiendish-guard.md and ladder-round3.md. Valuing
each family against several guessers at once (their worst case, WORST_CASE_OF)
was measured and is off: the guessers a search can model agree on nearly every
family, so it only spent positions (docs/design/ladder-round4.md).
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.ensemble import ensemble, family_values, no_worse_than_hard
from games.engine.lookahead import (
    FIENDISH_ESTIMATE,
    OPENING_GUESSES,
    OPENING_MARGIN,
    SEEDED_CHOICES,
    choose_family,
    seeded_index,
)
from games.engine.makers.base import BaseMaker, Choice, GuesserModel, ReasonText, Turn
from games.engine.search import COMMONEST, MINIMAX_SIZE, EstimateSettings, NodeBudget
from games.engine.state import all_candidates
from games.engine.text import gettext_noop, pgettext_noop
from games.engine.vocabulary import DAILY_VOCABULARY, FULL_VOCABULARY

# Positions one reply's search may examine (lookahead.py's FIENDISH_NODES was 15,000 here,
# and the guard's 6,000: up to 220 ms at p99 on a loaded 2-core machine, ~10-25 us a position).
SEARCH_NODES = 9_000
# Positions the guard's play-outs may examine per reply (a guess over n words counts 1 + n // 256).
GUARD_NODES = 4_000
# A reply over more than FULL_BUDGET_UP_TO words (a game's first replies) gets the budgets above
# scaled down by FULL_BUDGET_UP_TO / words, to a floor: each position of a search over many words
# costs more (every partition weighs every word), and these replies spend their whole budget.
# The guard's play-outs over many words cost the most per position, so its floor is lower.
FULL_BUDGET_UP_TO = 250
SEARCH_FLOOR = 0.35
GUARD_FLOOR = 0.15
# The guessers, besides the search's greedy-aware one, each family is valued against
# (lookahead.worst_case_worth): a family is then worth the fewest misses any of them makes
# in it. None, measured (docs/design/ladder-round4.md): within the same positions, the worst
# case of the greedy-aware, minimax-size and commonest-letter guessers forced fewer misses
# than the greedy-aware guesser alone on every model but one, and with three times the
# positions no more. WORST_CASE_CANDIDATES are the guessers it was measured with.
WORST_CASE_CANDIDATES: tuple[EstimateSettings, ...] = (
    replace(FIENDISH_ESTIMATE, guesser=MINIMAX_SIZE),
    replace(FIENDISH_ESTIMATE, guesser=COMMONEST),
)
WORST_CASE_OF: tuple[EstimateSettings, ...] = ()


# Its one reason: the family its search found worth the most (the review words a valued
# search from the move's values, records/selectors/records.py; this sentence is for a
# search that could value no family).
LOOKAHEAD = ReasonText(
    "lookahead",
    gettext_noop("Worth the most misses to the end (lookahead)"),
    gettext_noop(
        "The search ran out of positions before it could value a family, so it kept "
        "the hardest one, as the rules would."
    ),
)


class FiendishMaker(BaseMaker):
    name = "fiendish"
    label = pgettext_noop("difficulty", "Fiendish")
    summary = (
        "the family worth the most wrong guesses from this guess to the end of the game: it "
        "plays the rest of the game in its head against a strong guesser, and leaves hard's "
        "family only when no player of its set finds the new one easier "
        "(`games/engine/lookahead.py`)"
    )
    explanation = gettext_noop(
        "On fiendish it plans ahead: it values every family by the wrong guesses it would "
        "cost you from that guess to the end of the game (a search of at most a fixed number "
        "of positions, playing the rest of the game against a strong guesser) and keeps the "
        "one worth the most; between equals, the one that costs a set of other players the "
        "most."
    )
    ranked = True
    weight = 4
    has_par = False
    no_par_reason = gettext_noop(
        "Fiendish has no par: it plans ahead, so no fixed line of play can be worked out "
        "against it."
    )
    help = gettext_noop(
        "Fiendish plans ahead: it keeps whichever family will cost you the most wrong "
        "guesses by the end of the game."
    )
    reasons = (LOOKAHEAD,)
    guesser_model = GuesserModel.PLANNER
    searches = True
    tie_note = gettext_noop(" (or worth as much)")

    def choose(self, turn: Turn) -> Choice:
        state = turn.state
        secret_words = state.seeded_ties and state.vocabulary < FULL_VOCABULARY
        candidates = all_candidates(state)
        words = len(candidates)
        choice = choose_family(
            state.lexicon,
            candidates=candidates,
            nodes=budget_for(SEARCH_NODES, words, SEARCH_FLOOR),
            guessed=state.letters,
            letter=turn.letter,
            ranked_codes=turn.family_codes,
            misses_left=state.misses_left,
            seed=state.seed if state.seeded_ties else None,
            guess_number=turn.number,
            margin=OPENING_MARGIN if secret_words and turn.number <= OPENING_GUESSES else 0,
            # Family values are remembered for vocabularies more than one game plays on: the
            # whole list, and the daily's (one seed for everyone). A ranked game's own secret
            # vocabulary would only fill the memo (the choice is the same either way).
            shared_vocabulary=state.vocabulary in (FULL_VOCABULARY, DAILY_VOCABULARY),
            also_against=WORST_CASE_OF,
        )
        kept, guard_nodes = guarded(
            turn, choice.kept_rank, choice.values, nodes=budget_for(GUARD_NODES, words, GUARD_FLOOR)
        )
        return Choice(
            kept_rank=kept,
            reason=LOOKAHEAD.value,
            values=choice.values,
            search_nodes=choice.nodes + guard_nodes,
        )


FIENDISH = FiendishMaker()


def budget_for(full: int, words: int, floor: float) -> int:
    """The positions a reply over ``words`` candidate words may spend of a ``full`` budget."""
    if words <= FULL_BUDGET_UP_TO:
        return full
    return int(full * max(floor, FULL_BUDGET_UP_TO / words))


def guarded(
    turn: Turn, kept: int, values: tuple[int | None, ...], *, nodes: int = GUARD_NODES
) -> tuple[int, int]:
    """The family to keep, never worse than hard's for any player of fiendish's set.

    The search values families against one strong guesser. Every family it
    valued is checked against every player of the ensemble
    (``games/engine/ensemble.py``: the soft vocabularies, one who knows every
    word, one who knows none, and the greedy-aware guesser), each played out
    against hard to the end of the game; a family passes when none of them
    makes fewer misses in it than in hard's (rank 0, which always passes).
    Among the families that pass, the one the search values most is kept;
    between equals, the one worth the most misses over hard's summed over the
    players, then the one that shows the fewest letters (a miss before a hit:
    the miss is made, the play-outs' later misses are only predicted), then the
    search's own choice, then the rules' order. The play-outs stop at the
    game's last wrong guess, as the game does (the search's values are capped
    the same way): two families in which a player loses the game are the same
    end for that player. Each step is then a policy improvement over hard for
    each of those players, so fiendish forces at least hard's misses on every
    one of them. Returns the rank kept and the
    positions the play-outs examined (at most ``nodes``; when they run out,
    the families not yet played out are not kept).
    """
    order = [kept] if kept else []
    order += sorted(
        (rank for rank, value in enumerate(values) if value is not None and rank not in (0, kept)),
        key=lambda rank: (-(values[rank] or 0), rank),
    )
    if not order:
        return 0, 0
    group = ensemble(turn.state.lexicon)
    budget = NodeBudget(nodes)
    families = [(turn.family_codes[rank], turn.families[rank].revealed) for rank in (0, *order)]
    players = range(group.players + 1)  # the vocabularies and the greedy-aware guesser
    valued = family_values(
        group, turn.state, turn.letter, families, players, budget, to_the_last_miss=True
    )
    used = min(budget.used, nodes)
    if not valued:
        return 0, used
    hard = valued[0][0]
    gains = {0: 0}
    for rank, (worth, _) in zip(order, valued[1:], strict=False):
        if no_worse_than_hard(worth, hard):
            gains[rank] = sum(worth) - sum(hard)

    def merit(rank: int) -> tuple[int, int, int]:
        return (values[rank] or 0, gains[rank], -turn.families[rank].revealed)

    passing = sorted(gains, key=lambda rank: (merit(rank), rank == kept, -rank), reverse=True)
    if not turn.state.seeded_ties:
        return passing[0], used
    # A ranked game: the seed chooses among the families that pass and share the best value,
    # gain and letters shown, so that letters that won one ranked game do not win the next.
    # Families tied on all three are rarer than on the value alone, and a family the search
    # took within its opening margin (lookahead.py's OPENING_MARGIN, worth less than the best)
    # is kept only when no better family passes.
    top = [rank for rank in passing if merit(rank) == merit(passing[0])][:SEEDED_CHOICES]
    if kept in top:
        return kept, used
    return top[seeded_index(turn.state.seed, turn.number, len(top))], used
