"""Obscure and fiendish against the players they plan with: never easier than hard, the same
every time, and bounded by positions, not time."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from games.engine import Difficulty, GameState, Lexicon, apply_guess, new_game, ranked_vocabulary
from games.engine.ensemble import GREEDY, THRESHOLDS, ensemble, player_letter
from games.engine.lexicon import ALPHABET
from games.engine.makers import fiendish, obscure
from games.engine.search import guessed_mask
from games.engine.state import public_candidates
from tests.bench.scripts import bench_script


def random_lexicon(rng: random.Random) -> Lexicon:
    letters = rng.sample("abcdeilmnorstu", 6)
    length = rng.randint(3, 5)
    words = sorted({"".join(rng.choice(letters) for _ in range(length)) for _ in range(80)})
    lexicon = Lexicon(words)
    lexicon.set_familiarity([rng.choice([0.0, 2.0, 2.8, 3.3, 4.5]) for _ in lexicon.words])
    return lexicon


def planning_guess(lexicon: Lexicon, player: int, *, by_frequency: bool = False):
    group = ensemble(lexicon, by_frequency=by_frequency)

    def guess(state: GameState) -> str:
        return ALPHABET[
            player_letter(group, player, public_candidates(state), guessed_mask(state.letters))
        ]

    return guess


def misses(lexicon: Lexicon, difficulty: str, guess, *, ranked: bool, seed: int) -> int:
    state = new_game(
        lexicon,
        max_misses=26,
        difficulty=difficulty,
        seed=seed,
        seeded_ties=ranked,
        vocabulary=ranked_vocabulary(lexicon) if ranked else 1000,
    )
    while not state.is_over:
        state, _ = apply_guess(state, guess(state))
    return state.misses


@pytest.mark.parametrize("ranked", [False, True])
def test_never_fewer_misses_than_hard_for_a_player_they_plan_against(ranked: bool) -> None:
    """Each leaves hard's family only for one no planning player finds worse (played out
    against hard to the end), so against each of them it forces at least hard's misses."""
    rng = random.Random(29)
    players = len(THRESHOLDS)
    gained = 0
    for game in range(12):
        lexicon = random_lexicon(rng)
        for player in range(players + 1):  # the vocabularies, then fiendish's greedy guesser
            for difficulty in ("fiendish", "obscure"):
                if ranked and difficulty == "fiendish":
                    # The play-outs continue with hard's exact order, ranked hard with its
                    # seeded ties: the bound holds for each step's choice, not the whole game.
                    continue
                # Obscure's people weigh words by how common they are (its own ensemble).
                guess = planning_guess(lexicon, player, by_frequency=difficulty == "obscure")
                hard = misses(lexicon, "hard", guess, ranked=ranked, seed=game)
                forced = misses(lexicon, difficulty, guess, ranked=ranked, seed=game)
                assert forced >= hard, (game, player, difficulty)
                gained += forced > hard
    assert gained > 0  # they do more than hard does


def test_the_greedy_player_is_fiendishs_last() -> None:
    assert ensemble(Lexicon(["ab", "cd"])).greedy == len(THRESHOLDS)
    assert GREEDY == "greedy"


def play_reports(lexicon: Lexicon, difficulty: str, *, ranked: bool, letters: str):
    state = new_game(
        lexicon,
        max_misses=8,
        difficulty=difficulty,
        seed=11,
        seeded_ties=ranked,
        vocabulary=ranked_vocabulary(lexicon) if ranked else 1000,
    )
    reports = []
    for letter in letters:
        if state.is_over:
            break
        state, report = apply_guess(state, letter)
        reports.append(report)
    return reports


@pytest.mark.parametrize("difficulty", ["obscure", "fiendish"])
@pytest.mark.parametrize("ranked", [False, True])
def test_same_game_same_choices_and_positions_within_the_budget(
    difficulty: str, ranked: bool
) -> None:
    rng = random.Random(5)
    full = fiendish.SEARCH_NODES + fiendish.GUARD_NODES
    bound = obscure.NODES if difficulty == "obscure" else full
    for _ in range(6):
        source = random_lexicon(rng)
        letters = "".join(rng.sample(ALPHABET, 26))
        runs = []
        for _ in range(2):  # a fresh lexicon: nothing cached between the runs
            lexicon = Lexicon(source.words)
            lexicon.set_familiarity(source.familiarity)
            reports = play_reports(lexicon, difficulty, ranked=ranked, letters=letters)
            runs.append([(r.kept_rank, r.pattern, r.search_nodes, r.values) for r in reports])
            assert all(r.search_nodes is None or r.search_nodes <= bound for r in reports)
        assert runs[0] == runs[1]


def test_a_budget_of_positions_stops_the_play_outs(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no positions to spend, obscure keeps hard's family and says it examined none."""
    rng = random.Random(7)
    lexicon = random_lexicon(rng)
    monkeypatch.setattr(obscure, "NODES", 0)
    reports = play_reports(lexicon, "obscure", ranked=False, letters=ALPHABET)
    assert all(report.kept_rank == 0 for report in reports)
    assert {report.search_nodes for report in reports} == {0, None}  # None: one family only


@pytest.fixture(scope="module")
def ladder_module():
    return bench_script("ladder")


@pytest.mark.slow
def test_the_ladder_holds_at_8_on_a_small_fixed_sample(ladder_module) -> None:
    """bench/ladder.py on the familiar list, length 7, seeds 0 and 1, every model: neither
    fiendish nor obscure is won more often than hard with 8 wrong guesses allowed. (The bench
    now plays the fresh sample, seeds 10-19, by default; this small sample is the tuned one.)"""
    cells = ladder_module.run(
        lists=["familiar"],
        lengths=[7],
        seeds=2,
        first_seed=0,
        stride=1,
        models=ladder_module.PLAYERS,
        makers=(Difficulty.HARD, Difficulty.FIENDISH, Difficulty.OBSCURE),
    )
    for key, cell in cells.items():
        hard = cell.total(cell.wins, "hard")
        assert cell.total(cell.wins, "fiendish") <= hard, key
        assert cell.total(cell.wins, "obscure") <= hard, key
    assert np.isfinite(min(cell.ratio("obscure") for cell in cells.values()))


def test_a_reply_over_many_words_has_a_smaller_budget_of_positions() -> None:
    """Fiendish's reply time is bounded by a count of positions that falls with the words a
    reply splits (the first replies of a game), never by the clock."""
    small = fiendish.FULL_BUDGET_UP_TO
    assert fiendish.budget_for(fiendish.SEARCH_NODES, small, fiendish.SEARCH_FLOOR) == (
        fiendish.SEARCH_NODES
    )
    budgets = [
        fiendish.budget_for(fiendish.SEARCH_NODES, words, fiendish.SEARCH_FLOOR)
        + fiendish.budget_for(fiendish.GUARD_NODES, words, fiendish.GUARD_FLOOR)
        for words in (small, 2 * small, 4 * small, 100 * small)
    ]
    assert budgets == sorted(budgets, reverse=True)
    assert budgets[-1] < budgets[0] / 2
    rng = random.Random(11)
    words = sorted({"".join(rng.choice("abcdeilmnorst") for _ in range(5)) for _ in range(3_000)})
    lexicon = Lexicon(words)
    lexicon.set_familiarity([rng.choice([0.0, 2.0, 3.3, 4.5]) for _ in lexicon.words])
    state = new_game(lexicon, max_misses=26, difficulty="fiendish", seed=3)
    for letter in "eaorst":
        words_left = state.words_left
        state, report = apply_guess(state, letter)
        bound = fiendish.budget_for(fiendish.SEARCH_NODES, words_left, fiendish.SEARCH_FLOOR)
        bound += fiendish.budget_for(fiendish.GUARD_NODES, words_left, fiendish.GUARD_FLOOR)
        assert report.search_nodes is None or report.search_nodes <= bound
        if state.is_over:
            break


def test_obscures_people_weigh_common_words_and_fall_back_on_the_letter_order() -> None:
    """Counting words, a soft vocabulary guesses the letter of the many half-known words;
    weighing them by how common they are, a letter of the one common word; and when the words
    that fit are all rare, the letter order, even a letter none of them holds (the player who
    knows every word still counts them)."""
    words = ["bat", "bit", "bog", "bun", "zed", "zen"]
    lexicon = Lexicon(words)
    lexicon.set_familiarity([3.0, 3.0, 3.0, 3.0, 6.0, 3.0])
    counting, weighing = ensemble(lexicon), ensemble(lexicon, by_frequency=True)
    everyone = np.arange(len(words), dtype=np.int32)
    rare = everyone[:4]  # the b- words
    soft, full = THRESHOLDS.index(3.0), THRESHOLDS.index(None)
    assert weighing.fallback is not None
    assert counting.fallback is None

    def letter(group, player, words, guessed=""):
        return ALPHABET[player_letter(group, player, words, guessed_mask(guessed))]

    assert letter(counting, soft, everyone) == "b"
    assert letter(weighing, soft, everyone) == "e"  # zed's (e before z)
    assert letter(counting, soft, rare, "b") == "t"
    assert letter(weighing, soft, rare, "b") == "e"  # the letter order's next
    assert letter(weighing, full, rare, "b") == "t"


def fiendish_turn(monkeypatch: pytest.MonkeyPatch, words: list[str], letter: str):
    """The turn fiendish's guard is handed when ``letter`` is the first guess on ``words``."""
    seen = {}
    real = fiendish.guarded

    def spy(turn, kept, values, **options):
        seen["turn"] = turn
        return real(turn, kept, values, **options)

    monkeypatch.setattr(fiendish, "guarded", spy)
    apply_guess(new_game(Lexicon(words), max_misses=8, difficulty="fiendish", seed=1), letter)
    monkeypatch.setattr(fiendish, "guarded", real)
    return seen["turn"]


@pytest.mark.parametrize("hard_shows_letters", [False, True])
def test_between_families_worth_the_same_the_guard_keeps_a_miss_over_a_hit(
    monkeypatch: pytest.MonkeyPatch, hard_shows_letters: bool
) -> None:
    """Worth the same to the search and to every player of the guard's set, a family that
    shows no letter is kept over one that shows some, whichever is hard's and whichever the
    search chose, in a ranked game too (the seed chooses only among equals): the miss is made,
    the models' later misses are only predicted."""
    with_a, without_a = ["abc", "abd"], ["xyz", "xyw", "xqz"]  # hard's family: the miss
    if hard_shows_letters:
        with_a, without_a = ["abc", "abd", "abe"], ["xyz", "xyw"]
    turn = fiendish_turn(monkeypatch, with_a + without_a, "a")
    miss = next(rank for rank, family in enumerate(turn.families) if family.revealed == 0)
    assert (miss == 0) is (not hard_shows_letters)
    hit = 1 - miss

    def worth_the_same(group, state, letter, families, players, budget, **options):
        return [([1] * len(players), np.array([], dtype=np.int32)) for _ in families]

    monkeypatch.setattr(fiendish, "family_values", worth_the_same)
    values = (3,) * len(turn.families)
    assert fiendish.guarded(turn, hit, values)[0] == miss
    for seed in range(20):
        ranked = replace(turn, state=replace(turn.state, seeded_ties=True, seed=seed))
        assert fiendish.guarded(ranked, hit, values)[0] == miss
    # Worth more to the search, a hit still wins: the letters shown only order equals.
    more = tuple(4 if rank == hit else 3 for rank in range(len(turn.families)))
    assert fiendish.guarded(turn, hit, more)[0] == hit
