"""Obscure: a big family of words a person is less likely to know, and never easier than hard.

The seeds' "steer your opponent toward a smaller family with more obscure words". Which words
a given player knows is not something a word-maker can see, so it plans against several
players at once (``games/engine/ensemble.py``): people who know each word with a chance that
rises with its Zipf frequency (at Zipf 2.5, 3, 3.5 and 4), one who knows none (the letters in
a fixed order), and two who know every word: one guesses the letter in the most words left,
the other is fiendish's strong (greedy-aware) guesser, so that a smaller family is never
easier for a strong player either. Its people think of the common words first: they weigh the
words they may know by how common they are, and when those that fit weigh less than one
common word they guess by the letter order, as a person who knows no word that fits does. It
reads each word's frequency from :attr:`Lexicon.familiarity
<games.engine.lexicon.Lexicon.familiarity>`; without it (a plain word file) it keeps the
hardest family, as hard does.

On each guess it values hard's family and each other family at least a quarter its size
(:data:`SIZE_SHARE`, the biggest :data:`MOST_FAMILIES`) by the wrong guesses each planning
player would make from there to the end of the game if every later answer were hard's, with
no cap (a cap made every family worth "the game" with 8 allowed). It keeps another family only
if it is worth at least as much as hard's to every planning player and more to one; among
those, the biggest smallest gain, the biggest total gain, the fewest words a person is
expected to know, then the rules' order. Each such step is a policy improvement over hard for
each planning player, so it forces at least hard's misses on every one of them
(``tests/engine/test_ensemble.py``). Measured: ``docs/difficulties.md``; design log:
``docs/design/obscure-people.md``.
"""

from __future__ import annotations

from games.engine.ensemble import Ensemble, ensemble, family_values, known_share
from games.engine.makers.base import HARDEST, BaseMaker, Choice, GuesserModel, ReasonText, Turn
from games.engine.search import NodeBudget
from games.engine.text import gettext_noop, pgettext_noop

SIZE_SHARE = 4  # families at least 1/SIZE_SHARE of the largest are played out
MOST_FAMILIES = 8  # ...the biggest this many of them at most
NODES = 6_000  # positions (guesses, weighted by words) the play-outs of one reply may examine

# Its one reason: a family it keeps instead of hard's.
LEAST_KNOWN = ReasonText(
    "least_known",
    gettext_noop("Words you are less likely to know (obscure)"),
    gettext_noop(
        "On obscure it kept %(pattern)s (%(words)s) rather than the hardest family: "
        "played out against a player who knows only the common words, it cost that "
        "player the most wrong guesses."
    ),
)


class ObscureMaker(BaseMaker):
    """The play-outs of one reply examine at most :data:`NODES` positions (a guess over n
    words counts ``1 + n // 256``); families not valued when they run out are not kept. It
    depends only on the list, the frequencies, the game's letters and its words, so a
    replay makes every choice again."""

    name = "obscure"
    label = pgettext_noop("difficulty", "Obscure")
    summary = (
        "a big family of words you are less likely to know: it plays the rest of the game "
        "in its head against players who know more or fewer of the common words, and leaves "
        "hard's family only when that costs every one of them more "
        "(`games/engine/makers/obscure.py`)"
    )
    explanation = gettext_noop(
        "On obscure it steers you toward words you are less likely to know: it plays the "
        "rest of the game in its head against several players, from one who knows only the "
        "most common words to one who knows them all, and leaves the hardest family only "
        "for one that costs every one of them at least as many wrong guesses."
    )
    ranked = True
    # Hard's weight: never easier than hard for the players it plans against; how much harder
    # depends on the player (docs/difficulties.md).
    weight = 3
    has_par = False
    no_par_reason = gettext_noop(
        "Obscure has no par: it chooses by which words you are likely to know, and par "
        "assumes a player who knows them all."
    )
    help = gettext_noop("Obscure steers you toward words you are less likely to know.")
    reasons = (LEAST_KNOWN,)
    # The AI guesser knows every word, so it cannot predict which family a player who does
    # not will be steered to: it plays obscure as it plays fiendish.
    guesser_model = GuesserModel.PLANNER
    needs_frequencies = True

    def choose(self, turn: Turn) -> Choice:
        state = turn.state
        if state.lexicon.familiarity is None:
            return Choice(kept_rank=0, reason=HARDEST.value)
        kept, nodes = choose_robust(ensemble(state.lexicon, by_frequency=True), turn)
        return Choice(
            kept_rank=kept,
            reason=LEAST_KNOWN.value if kept else HARDEST.value,
            search_nodes=nodes,
        )


OBSCURE = ObscureMaker()


def choose_robust(group: Ensemble, turn: Turn) -> tuple[int, int]:
    """The family to keep (its rank) and the positions examined.

    Hard's family (rank 0) is valued first against every planning player (the
    vocabularies and the greedy-aware guesser); a family at least a quarter its
    size is kept instead only if no player finds it worth less and one finds it
    worth more (the biggest smallest gain, then the total gain, then the fewer
    words a person is expected to know, then the rules' order).
    """
    largest = turn.families[0].size
    families = [
        (code, family.revealed)
        for family, code in zip(turn.families[:MOST_FAMILIES], turn.family_codes, strict=False)
        if family.size * SIZE_SHARE >= largest
    ]
    budget = NodeBudget(NODES)
    players = range(group.players + 1)  # the vocabularies and the greedy-aware guesser
    valued = family_values(group, turn.state, turn.letter, families, players, budget)
    nodes = min(budget.used, NODES)
    if len(valued) < 2:
        return 0, nodes
    hard = valued[0][0]
    best: tuple[int, int, float, int] | None = None
    for rank in range(1, len(valued)):
        values, words = valued[rank]
        gains = [mine - theirs for mine, theirs in zip(values, hard, strict=True)]
        if min(gains) < 0 or sum(gains) < 1:
            continue
        key = (-min(gains), -sum(gains), known_share(group, words), rank)
        if best is None or key < best:
            best = key
    return (best[3] if best is not None else 0), nodes
