"""The review page: families ranked, the one kept and why; instructors' candidate words."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from dictionaries.models import Dictionary
from games import services
from games.models import Game, Reason
from records.selectors.records import CandidateStepError, game_review, review_candidates
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory
from tests.markup import without_csrf_tokens
from tests.records.support import client_for, make_instructor, play

pytestmark = pytest.mark.django_db

# 16 words: guessing "a" splits them into 16 one-word families.
SIXTEEN = tuple(
    "".join("a" if mask >> position & 1 else "bcde"[position] for position in range(4))
    for mask in range(16)
)


@pytest.fixture
def nine_words() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), slug="nine", name="Nine words")


def family_rows(html: str) -> list[tuple[str, str, bool]]:
    """(pattern, size, kept) of each family row in page order."""
    rows = re.findall(
        r'<tr( class="is-kept")?>\s*<td class="num">\d+</td>\s*<td><span class="word-pattern">'
        r'([-a-z]+)</span>.*?</td>\s*<td class="num">(\d+)</td>',
        html,
        flags=re.S,
    )
    return [(pattern, size, bool(kept)) for kept, pattern, size in rows]


def test_the_worked_example_of_the_rules(nine_words: Dictionary, player: User) -> None:
    # A practice game: ranked games order families of equal rank by their seed instead.
    game = play(
        player=player, dictionary=nine_words, letters="eot", difficulty="hard", ranked=False
    )
    review = game_review(game)
    first, second, third = review.moves
    assert review.start_words == 9
    assert [(bar.pattern, bar.size) for bar in first.top_families] == [
        ("----", 3),
        ("--e-", 2),
        ("-e--", 2),
        ("---e", 1),
        ("e--e", 1),
    ]
    assert (first.kept.pattern, first.reason, first.miss, first.words_left) == (
        "----",
        Reason.HARDEST,
        True,
        3,
    )
    assert [bar.percent for bar in first.top_families] == [100, 67, 67, 33, 33]
    assert (second.pattern_before, second.pattern, second.miss, second.words_left) == (
        "----",
        "-oo-",
        False,
        2,
    )
    assert "hardest family" in second.explanation
    assert (third.family_count, third.miss, third.misses_left) == (1, True, 6)
    assert third.explanation == "Every word fell in one family, so it kept that one."


def test_the_difficulty_schedule_is_explained(nine_words: Dictionary, player: User) -> None:
    # Easy: the second hardest on guesses 2, 4, ...; "z" on guess 4 leaves one family.
    game = play(player=player, dictionary=nine_words, letters="eoaz", difficulty="easy")
    moves = game_review(game).moves
    assert moves[1].reason == Reason.SECOND_HARDEST
    assert (moves[1].kept.rank, moves[1].kept.pattern) == (2, "----")
    assert "second hardest family on guess 2" in moves[1].explanation
    assert moves[3].reason == Reason.ONLY_FAMILY
    assert "every word fell in one family" in moves[3].explanation


def test_the_page_ranks_families_marks_the_kept_one_and_charts_sizes(
    nine_words: Dictionary, player: User
) -> None:
    game = play(
        player=player, dictionary=nine_words, letters="eoazly", difficulty="easy", ranked=False
    )
    assert (game.status, game.word) == ("won", "ally")
    page = client_for(player).get(reverse("game_review", args=[game.pk])).content.decode()
    moves = page.split('<article class="move-review')[1:]
    assert len(moves) == 6
    assert family_rows(moves[0]) == [
        ("----", "3", True),
        ("--e-", "2", False),
        ("-e--", "2", False),
        ("---e", "1", False),
        ("e--e", "1", False),
    ]
    assert family_rows(moves[1]) == [("-oo-", "2", False), ("----", "1", True)]
    assert "rank 2: second hardest (difficulty schedule)" in moves[1]
    assert "rank 1: only family (second hardest was due)" in moves[3]
    assert 'class="family-bar width-67"' in moves[0]
    assert "<dt>Words left</dt><dd>1</dd>" in moves[1]
    assert "Show the candidate words" not in page  # players never see candidates


def test_many_families_show_the_top_eight_and_fold_the_rest(player: User) -> None:
    dictionary = DictionaryFactory(words=list(SIXTEEN))
    # A practice game keeps the rules' exact order of equal families.
    game = play(player=player, dictionary=dictionary, letters="abcde", max_misses=3, ranked=False)
    assert (game.status, game.word) == ("won", "bcde")
    page = client_for(player).get(reverse("game_review", args=[game.pk])).content.decode()
    first_move = page.split('<article class="move-review')[1]
    shown, folded = first_move.split("<details>")
    # One word each: nothing revealed ranks first, then fewer letters revealed.
    assert family_rows(shown)[:3] == [
        ("----", "1", True),
        ("---a", "1", False),
        ("--a-", "1", False),
    ]
    assert len(family_rows(shown)) == 8
    assert "and 8 more families" in folded
    assert len(family_rows(folded)) == 8
    assert family_rows(folded)[-1] == ("aaaa", "1", False)


def test_candidates_are_the_replayed_words_at_each_step(
    nine_words: Dictionary, player: User
) -> None:
    game = play(player=player, dictionary=nine_words, letters="eot")
    assert review_candidates(game, after_move=0).total == 9
    assert review_candidates(game, after_move=1).words == ("ally", "cool", "good")
    after_o = review_candidates(game, after_move=2)
    assert (after_o.words, after_o.pattern) == (("cool", "good"), "-oo-")
    with pytest.raises(CandidateStepError, match=r"between 0 .* and 3"):
        review_candidates(game, after_move=4)
    capped = review_candidates(game, after_move=0, limit=4)
    assert (capped.words, capped.hidden) == (("ally", "beta", "cool", "deal"), 5)


class TestCandidatesView:
    @pytest.fixture
    def game(self, nine_words: Dictionary, player: User) -> Game:
        """A practice game in progress: one that counts shows no candidate until it is over
        (tests/adversary/test_live_games_secret.py)."""
        return play(player=player, dictionary=nine_words, letters="eo", ranked=False)

    def url(self, game: Game, move: str) -> str:
        return reverse("game_review_candidates", args=[game.pk]) + f"?move={move}"

    def test_instructors_get_a_fragment_with_htmx(self, game: Game) -> None:
        client = client_for(make_instructor())
        response = client.get(self.url(game, "1"), headers={"HX-Request": "true"})
        page = response.content.decode()
        assert response.status_code == 200
        assert "<html" not in page
        assert "3 words still fit" in page
        assert re.findall(r"<li>(\w+)</li>", page) == ["ally", "cool", "good"]

    def test_instructors_get_a_page_without_javascript(self, game: Game) -> None:
        client = client_for(make_instructor())
        response = client.get(self.url(game, "2"))
        page = response.content.decode()
        assert "<html" in page
        assert "Back to the review" in page
        assert re.findall(r"<li>(\w+)</li>", page) == ["cool", "good"]

    def test_the_review_offers_every_step_to_instructors(self, game: Game) -> None:
        client = client_for(make_instructor())
        page = client.get(reverse("game_review", args=[game.pk])).content.decode()
        for step in (0, 1, 2):
            assert f'hx-get="{self.url(game, str(step))}"' in page
            assert f'href="{self.url(game, str(step))}"' in page

    @pytest.mark.parametrize(
        ("move", "message"),
        [
            ("9", "Choose a step between 0 (before the first guess) and 2."),
            ("-1", "Choose a step between 0 (before the first guess) and 2."),
            ("x", "The step is a whole number"),
            ("", "The step is a whole number"),
        ],
    )
    def test_a_bad_step_is_explained(self, game: Game, move: str, message: str) -> None:
        client = client_for(make_instructor())
        response = client.get(self.url(game, move))
        assert response.status_code == 400
        assert message in response.content.decode()
        fragment = client.get(self.url(game, move), headers={"HX-Request": "true"})
        assert fragment.status_code == 200  # htmx swaps only 2xx
        assert message in fragment.content.decode()

    def test_the_display_is_capped(self, player: User) -> None:
        dictionary = DictionaryFactory(
            words=[f"{a}{b}{c}" for a in "abc" for b in "de" for c in "fg"]
        )
        game = play(player=player, dictionary=dictionary, letters="", length=3, ranked=False)
        response = client_for(make_instructor()).get(self.url(game, "0"))
        assert "12 words still fit" in response.content.decode()


def test_a_practice_game_in_progress_is_reviewed_by_instructors_with_candidates(
    nine_words: Dictionary, player: User
) -> None:
    game = play(player=player, dictionary=nine_words, letters="e", ranked=False)
    assert not game.is_over
    page = client_for(make_instructor()).get(reverse("game_review", args=[game.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "In progress" in html
    assert "Show the candidate words after guess 1" in html


def test_a_ranked_game_in_progress_waits_until_it_is_over(
    nine_words: Dictionary, player: User
) -> None:
    game = play(player=player, dictionary=nine_words, letters="e")
    client = client_for(make_instructor())
    page = client.get(reverse("game_review", args=[game.pk]))
    assert page.status_code == 403
    assert "until it is over" in page.content.decode()
    services.game_forfeit(game_id=game.pk, player=player)
    assert client.get(reverse("game_review", args=[game.pk])).status_code == 200


def test_an_instructor_playing_their_own_game_gets_the_board_and_no_candidates(
    nine_words: Dictionary,
) -> None:
    teacher = make_instructor()
    game = play(player=teacher, dictionary=nine_words, letters="e")
    assert not game.is_over
    client = client_for(teacher)
    review = client.get(reverse("game_review", args=[game.pk]))
    assert review.status_code == 302
    assert review["Location"] == reverse("game_detail", args=[game.pk])
    candidates = client.get(reverse("game_review_candidates", args=[game.pk]), {"move": 1})
    assert candidates.status_code == 403
    for word in ("ally", "cool", "good"):
        assert word not in without_csrf_tokens(candidates.content.decode())


def test_a_finished_game_names_the_word_and_the_points(
    nine_words: Dictionary, player: User
) -> None:
    game = play(player=player, dictionary=nine_words, letters="eot", max_misses=2)
    assert game.status == "lost"
    page = client_for(player).get(reverse("game_review", args=[game.pk])).content.decode()
    assert f'the word: <span class="word-pattern">{game.word}</span>' in page
    assert "yes, 0 points" in page


def test_the_review_opens_with_the_summary_and_folds_each_move_to_one_line(
    nine_words: Dictionary, player: User
) -> None:
    game = play(
        player=player, dictionary=nine_words, letters="eoazly", difficulty="easy", ranked=False
    )
    page = client_for(player).get(reverse("game_review", args=[game.pk])).content.decode()
    summary = page.index('class="panel review-summary"')
    assert summary < page.index('id="move-1"')
    assert 'class="words-chart"' in page[summary : page.index('id="move-1"')]
    moves = page.split('<article class="move-review')[1:]
    assert len(moves) == 6
    for move in moves:
        assert '<details class="move-details">' in move  # closed: one line until opened
        assert '<summary class="move-line">' in move
    assert "3 words left" in moves[0].split("</summary>")[0]
    assert "1 word left" in moves[1].split("</summary>")[0]


def test_a_game_in_progress_has_no_summary_yet(nine_words: Dictionary, player: User) -> None:
    game = play(player=player, dictionary=nine_words, letters="e", ranked=False)
    assert not game.is_over
    page = client_for(player).get(reverse("game_review", args=[game.pk])).content.decode()
    assert "review-summary" not in page
    assert "How the computer cheated" not in page
