"""Issue 38: a word is shown as its list writes it wherever a page, an export or an answer
names it (``dictionaries.selectors.written_forms``); the played form only matches letters.
A final form is revealed where the word ends (Hebrew מ shows ם), by the position alone,
and a right-to-left list lays its word and keys out right to left."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from django.core.cache import cache
from django.http import StreamingHttpResponse
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from dictionaries.languages import FOLD
from dictionaries.models import Dictionary
from games import services
from games.models import Game, Status
from games.selectors.board import board_for
from games.selectors.honest import cheating_cost
from games.selectors.letters import words_as_written
from games.selectors.reveal import game_reveal
from records.selectors.records import review_candidates
from tests.factories import FinishedGameFactory
from tests.games.play_support import HTMX, board_url, guess, guess_url, language_dictionary, start
from tests.games.play_support import text as page_text
from tests.records.support import client_for, make_instructor

pytestmark = pytest.mark.django_db

# The words: the reveal read dificil, publico, pulpito.
SPANISH = {"dificil": "difícil", "publico": "público", "pulpito": "púlpito"}
# Hebrew words ending in מ, written with ם; and one without it.
HEBREW = {"שלומ": "שלום", "חלומ": "חלום", "מקומ": "מקום", "ספרי": "ספרי"}


@pytest.fixture
def spanish() -> Dictionary:
    return language_dictionary("es", FOLD, SPANISH, "espanol")


@pytest.fixture
def hebrew() -> Dictionary:
    return language_dictionary("he", FOLD, HEBREW, "ivrit")


@pytest.fixture
def greek() -> Dictionary:
    return language_dictionary("el", FOLD, {"λογοσ": "λόγος", "κοσμοσ": "κόσμος"}, "ellinika")


def lost_spanish(player: Any, spanish: Dictionary) -> Game:
    """A Spanish game lost at its first guess: the reveal shows its miss's examples."""
    game = start(player, spanish, length=7, max_misses=1, show_word_count=True)
    guess(game, "z")
    game.refresh_from_db()
    assert game.status == Status.LOST
    return game


def examples(page: str) -> list[str]:
    return re.findall(r'<em class="example">([^<]*)</em>', page)


# --- the reveal, the board, the review -----------------------------------------------


def test_the_reveal_shows_difficil_with_its_accent(
    player_client: Client, player: Any, spanish: Dictionary
) -> None:
    game = lost_spanish(player, spanish)
    reveal = game_reveal(game)
    [miss] = reveal.misses
    assert set(miss.dodged_into.examples) == set(SPANISH.values())
    assert reveal.word in SPANISH.values()
    page = page_text(player_client.get(board_url(game)))
    assert sorted(examples(page)) == ["difícil", "público", "púlpito"]
    assert not {"dificil", "publico", "pulpito"} & set(re.findall(r"\w+", page))
    # The tiles once over: the word as written, letter by letter (Í, Ú), not as played.
    tiles = re.findall(r'<span class="tile[^"]*">([^<]*)</span>', page)
    assert "".join(tiles) == reveal.word_shown


def test_the_review_and_its_candidates_name_the_words_as_written(
    player_client: Client, player: Any, spanish: Dictionary
) -> None:
    game = lost_spanish(player, spanish)
    page = page_text(player_client.get(reverse("game_review", args=[game.pk])))
    assert f'<span class="word-pattern">{SPANISH[game.word]}</span>' in page
    assert sorted(review_candidates(game, after_move=0).words) == sorted(SPANISH.values())


def test_the_game_lists_name_the_word_as_written(
    player_client: Client, player: Any, spanish: Dictionary, django_assert_num_queries: Any
) -> None:
    games = [
        FinishedGameFactory(player=player, dictionary=spanish, length=7, word=word)
        for word in SPANISH
    ]
    page = page_text(player_client.get(reverse("my_games")))
    shown = re.findall(r'<span class="word-pattern">([^<]*)</span>', page)
    assert sorted(shown) == sorted(SPANISH.values())
    cache.clear()
    with django_assert_num_queries(1):  # one read for a page of games of one list
        written = words_as_written(games)
    assert written == {game.pk: SPANISH[game.word] for game in games}


def test_the_cheating_cost_names_the_honest_word_as_written(
    player: Any, spanish: Dictionary
) -> None:
    game = lost_spanish(player, spanish)
    cost = cheating_cost(game)
    assert cost is not None
    assert cost.honest_word in SPANISH.values()


def test_a_second_give_up_names_the_word_as_written(player: Any, spanish: Dictionary) -> None:
    game = start(player, spanish, length=7)
    services.game_forfeit(game_id=game.pk, player=player)
    game.refresh_from_db()
    with pytest.raises(services.GameRuleError) as refused:
        services.game_forfeit(game_id=game.pk, player=player)
    assert SPANISH[game.word].upper() in str(refused.value)


# --- exports -----------------------------------------------------------------------------


def body(response: Any) -> str:
    assert isinstance(response, StreamingHttpResponse)
    return b"".join(response.streaming_content).decode("utf-8")


def test_the_exports_name_the_word_as_written(player: Any, spanish: Dictionary) -> None:
    game = lost_spanish(player, spanish)
    client = client_for(make_instructor())
    [row] = csv.DictReader(io.StringIO(body(client.get(reverse("instructor_games_csv")))))
    assert row["word"] == SPANISH[game.word]
    lines = [
        json.loads(line)
        for line in body(client.get(reverse("instructor_games_jsonl"))).splitlines()
    ]
    assert lines[-1]["word"] == SPANISH[game.word]


# --- final forms and right to left on the board ---------------------------------------


def test_hebrew_mem_reveals_final_mem_at_the_end_on_a_right_to_left_board(
    player_client: Client, player: Any, hebrew: Dictionary
) -> None:
    game = start(player, hebrew, length=4, show_word_count=True)
    response = player_client.post(guess_url(game), {"letter": "ם"}, **HTMX)  # typed final mem
    game.refresh_from_db()
    assert game.letters == "מ"  # one key: the final form is its letter
    assert game.pattern == "---מ"  # three words end in mem: the computer keeps them
    tiles = [tile.letter for tile in board_for(game).tiles]
    assert tiles == ["", "", "", "ם"]
    for page in (page_text(response), page_text(player_client.get(board_url(game)))):
        assert '<span class="tile tile-shown">ם</span>' in page
        assert re.search(r'<p class="pattern len-4" dir="rtl"', page)
        assert re.search(r'<form class="keyboard"[^>]* dir="rtl"', page)
        assert 'data-finals="ךכםמןנףפץצ"' in page
        for played, written in HEBREW.items():  # candidate words never reach the page
            assert played not in page
            assert written not in page
    keys = [key.letter for row in board_for(game).keyboard for key in row]
    assert not set("ךםןףץ") & set(keys)


def test_a_left_to_right_board_says_no_direction(player: Any, spanish: Dictionary) -> None:
    board = board_for(start(player, spanish, length=7))
    assert board.direction == "ltr"


def test_greek_sigma_reveals_final_sigma_where_the_word_ends(
    player_client: Client, player: Any, greek: Dictionary
) -> None:
    game = FinishedGameFactory(
        player=player, dictionary=greek, word="λογοσ", length=5, status=Status.LOST, letters=""
    )
    assert game_reveal(game).word == "λόγος"
    page = page_text(player_client.get(reverse("game_review", args=[game.pk])))
    assert '<span class="word-pattern">λόγος</span>' in page
    # Capitals have no final form: the tiles read ΛΌΓΟΣ, as written.
    assert "".join(tile.letter for tile in board_for(game).tiles) == "ΛΌΓΟΣ"


def test_the_review_shows_final_mem_in_the_patterns(
    player_client: Client, player: Any, hebrew: Dictionary
) -> None:
    game = start(player, hebrew, length=4, show_word_count=True)
    guess(game, "מ")
    services.game_forfeit(game_id=game.pk, player=player)
    page = page_text(player_client.get(reverse("game_review", args=[game.pk])))
    assert '<span class="word-pattern">---ם</span>' in page
    assert "---מ" not in page
    game.refresh_from_db()
    assert f'<span class="word-pattern">{HEBREW[game.word]}</span>' in page


def test_a_fair_game_s_review_names_its_word_as_written(
    player_client: Client, player: Any, spanish: Dictionary
) -> None:
    game = start(player, spanish, length=7, difficulty="fair")
    services.game_forfeit(game_id=game.pk, player=player)
    page = page_text(player_client.get(reverse("game_review", args=[game.pk])))
    [fair] = re.findall(
        r'<p class="fair-word">.*?<strong class="word-pattern">([^<]*)</strong>', page
    )
    assert fair in SPANISH.values()


def test_a_page_in_a_right_to_left_language_reads_right_to_left() -> None:
    # The site's page languages are all left to right; one added that is not turns the page.
    for code, direction in (("he", ' dir="rtl"'), ("de", "")):
        with translation.override(code):
            page = render_to_string("plain_base.html")
        assert f'<html lang="{code}"{direction}>' in page


def test_greek_sigma_guessed_shows_final_sigma_at_the_end_of_the_pattern(
    player: Any, greek: Dictionary
) -> None:
    game = start(player, greek, length=5, show_word_count=True)
    guess(game, "ς")  # typed final sigma: the one sigma key
    game.refresh_from_db()
    assert game.letters == "σ"
    assert game.pattern == "----σ"
    assert review_candidates(game, after_move=1).pattern == "----ς"
    assert review_candidates(game, after_move=1).words == ("λόγος",)
    assert board_for(game).tiles[-1].letter == "Σ"  # capitals have no final form
