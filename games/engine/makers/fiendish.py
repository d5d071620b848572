"""Fiendish: the family worth the most misses from this guess to the end (``lookahead.py``)."""

from __future__ import annotations

from games.engine.lookahead import OPENING_GUESSES, OPENING_MARGIN, choose_family
from games.engine.makers.base import BaseMaker, Choice, GuesserModel, Turn
from games.engine.state import Reason, all_candidates
from games.engine.vocabulary import DAILY_VOCABULARY, FULL_VOCABULARY


class FiendishMaker(BaseMaker):
    name = "fiendish"
    label = "Fiendish"
    summary = (
        "the family worth the most wrong guesses from this guess to the end of the game: it "
        "plays the rest of the game in its head against a strong guesser "
        "(`games/engine/lookahead.py`)"
    )
    explanation = (
        "On fiendish it plans ahead: it values every family by the wrong guesses it would "
        "cost you from that guess to the end of the game (a search of at most a fixed number "
        "of positions, playing the rest of the game against a strong guesser) and keeps the "
        "one worth the most; between equals, the hardest."
    )
    ranked = True
    weight = 4
    has_par = False
    no_par_reason = (
        "Fiendish has no par: it plans ahead, so no fixed line of play can be worked out "
        "against it."
    )
    guesser_model = GuesserModel.PLANNER
    searches = True
    tie_note = " (or worth as much)"

    def choose(self, turn: Turn) -> Choice:
        state = turn.state
        secret_words = state.seeded_ties and state.vocabulary < FULL_VOCABULARY
        choice = choose_family(
            state.lexicon,
            candidates=all_candidates(state),
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
        )
        return Choice(
            kept_rank=choice.kept_rank,
            reason=Reason.LOOKAHEAD,
            values=choice.values,
            search_nodes=choice.nodes,
        )


FIENDISH = FiendishMaker()
