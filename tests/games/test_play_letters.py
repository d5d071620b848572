"""Issue 30: the play surfaces take the list's letters (Spanish ñ, German ß, Russian's 33).

The board's keys and capitals, the guess (view, service, API, console) checked against the
dictionary's alphabet, the written word at the end, and the columns that store letters.
Dictionaries are made here with their ``alphabet`` set directly and their words stored as
an import would store them (play form in ``text``, the written form in ``display``).
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from api.services import api_token_create
from dictionaries.languages import FOLD, KEEP
from dictionaries.models import Dictionary, Word
from games import services
from games.forms import NewGameForm
from games.models import Game, Move, Reason, Status
from games.models.moves import MAX_MOVES
from games.selectors.board import board_for
from games.selectors.letters import not_a_letter_message, play_letter
from tests.factories import FinishedGameFactory, GameFactory, UserFactory
from tests.games.play_support import HTMX, board_url, guess_url, language_dictionary, start, text

pytestmark = pytest.mark.django_db

RUSSIAN = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
RUSSIAN_CAPITALS = "А Б В Г Д Е Ё Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я"


@pytest.fixture
def spanish() -> Dictionary:
    words = {"niño": "niño", "nina": "nina", "cafe": "café", "pera": "pera", "mono": "mono"}
    return language_dictionary("es", FOLD, words, "espanol")


@pytest.fixture
def german() -> Dictionary:
    words = {w: w for w in ("fuß", "maß", "süß", "ruß", "hut", "tal")}
    return language_dictionary("de", KEEP, words, "deutsch")


@pytest.fixture
def russian() -> Dictionary:
    words = {w: w for w in ("кот", "кит", "дом", "сон", "лес", "ёж", "уж")}
    words["мир"] = "мир"
    return language_dictionary("ru", KEEP, words, "russkiy")


# -- a typed letter, on each list ------------------------------------------------


class TestPlayLetter:
    def test_spanish_folds_accents_but_keeps_its_n_tilde(self, spanish: Dictionary) -> None:
        assert spanish.alphabet == "abcdefghijklmnñopqrstuvwxyz"
        assert play_letter("Ñ", spanish) == "ñ"
        assert play_letter("ñ", spanish) == "ñ"
        assert play_letter(" É ", spanish) == "e"  # a folded list: é plays as e
        assert play_letter("e\u0301", spanish) == "e"  # é as e + combining accent
        assert play_letter("ж", spanish) is None
        assert play_letter("ab", spanish) is None

    def test_german_keeps_sharp_s_and_umlauts(self, german: Dictionary) -> None:
        assert {"ä", "ö", "ü", "ß"} <= set(german.alphabet)
        assert play_letter("ẞ", german) == "ß"  # the capital sharp s
        assert play_letter("Ü", german) == "ü"
        assert play_letter("é", german) is None  # keep: é is no letter of this list
        assert play_letter("SS", german) is None

    def test_russian_takes_its_33_letters_only(self, russian: Dictionary) -> None:
        assert russian.alphabet == RUSSIAN
        assert play_letter("Ж", russian) == "ж"
        assert play_letter("Ё", russian) == "ё"
        assert play_letter("z", russian) is None
        assert play_letter("", russian) is None

    def test_the_refusal_names_the_letters(self, russian: Dictionary, nine: Dictionary) -> None:
        assert not_a_letter_message(russian) == (
            f"A guess is a single letter of this list: {RUSSIAN_CAPITALS}."
        )
        assert not_a_letter_message(nine) == "A guess is a single letter from A to Z."


# -- the board -------------------------------------------------------------------


class TestBoard:
    def test_english_keeps_qwerty(self, nine: Dictionary) -> None:
        board = board_for(GameFactory(dictionary=nine))
        rows = ["".join(key.letter for key in row) for row in board.keyboard]
        assert rows == ["qwertyuiop", "asdfghjkl", "zxcvbnm"]

    def test_russian_keys_are_cyrillic_with_capitals(self, russian: Dictionary) -> None:
        game = GameFactory(dictionary=russian, length=3, pattern="---")
        board = board_for(game)
        rows = ["".join(key.letter for key in row) for row in board.keyboard]
        assert rows == ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбюё"]
        assert sorted("".join(rows)) == sorted(RUSSIAN)
        assert board.keyboard[0][0].label == "Й"

    def test_german_capital_sharp_s_is_one_letter(self, german: Dictionary) -> None:
        game = FinishedGameFactory(
            dictionary=german, length=3, word="fuß", pattern="fu-", status=Status.LOST
        )
        board = board_for(game)
        labels = {key.letter: key.label for row in board.keyboard for key in row}
        assert labels["ß"] == "ẞ"
        assert [tile.letter for tile in board.tiles] == ["F", "U", "ẞ"]
        assert board.word == "FUẞ"

    def test_spanish_keyboard_has_n_tilde(self, spanish: Dictionary) -> None:
        rows = board_for(GameFactory(dictionary=spanish)).keyboard
        assert [key.label for key in rows[1]][-1] == "Ñ"

    def test_russian_board_page(
        self, player_client: Client, player: Any, russian: Dictionary
    ) -> None:
        game = GameFactory(player=player, dictionary=russian, length=3, pattern="---")
        page = text(player_client.get(board_url(game)))
        assert 'lang="ru"' in page
        assert 'value="ж" id="key-ж"' in page
        assert ">Ж</button>" in page
        assert 'data-accents="fold"' not in page  # a keep list: no key folds

    def test_a_pattern_in_progress_keeps_its_capital_sharp_s_on_home(
        self, player_client: Client, player: Any, german: Dictionary
    ) -> None:
        """Home's list of games names a pattern in its language's capitals: ß is ẞ, one
        letter, never SS."""
        GameFactory(player=player, dictionary=german, length=3, pattern="fu\u00df")
        page = text(player_client.get(reverse("home")))
        assert "FU\u1e9e" in page
        assert "FUSS" not in page

    def test_english_board_markup_has_no_language_attribute(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        page = text(player_client.get(board_url(start(player, nine))))
        assert 'aria-label="Letters" data-accents="fold">' in page
        assert 'lang="' not in page.split('class="keyboard"')[1].split(">")[0]


# -- a guess ---------------------------------------------------------------------


class TestGuess:
    @pytest.mark.parametrize("htmx", [True, False])
    def test_a_letter_outside_the_alphabet_changes_nothing(
        self, player_client: Client, player: Any, russian: Dictionary, htmx: bool
    ) -> None:
        game = GameFactory(player=player, dictionary=russian, length=3, pattern="---")
        headers = HTMX if htmx else {}
        response = player_client.post(
            guess_url(game), {"letter": "e", "expected_guesses": 0}, follow=not htmx, **headers
        )
        assert response.status_code == 200
        assert f"A guess is a single letter of this list: {RUSSIAN_CAPITALS}." in text(response)
        game.refresh_from_db()
        assert (game.letters, game.misses, game.pattern) == ("", 0, "---")
        assert not Move.objects.exists()

    def test_the_service_refuses_before_the_word_maker(self, russian: Dictionary) -> None:
        game = GameFactory(dictionary=russian, length=3, pattern="---")
        with pytest.raises(services.GuessRejectedError, match="single letter of this list: А Б"):
            services.game_guess(game_id=game.pk, player=game.player, letter="q")
        assert not Move.objects.exists()

    @pytest.mark.parametrize("htmx", [True, False])
    def test_a_russian_guess_plays(
        self, player_client: Client, player: Any, russian: Dictionary, htmx: bool
    ) -> None:
        game = start(player, russian, length=3, max_misses=8)
        headers = HTMX if htmx else {}
        response = player_client.post(
            guess_url(game), {"letter": "О", "expected_guesses": 0}, follow=not htmx, **headers
        )
        assert response.status_code == 200
        game.refresh_from_db()
        assert game.letters == "о"
        page = text(response)
        assert "Yes, one О." in page or "No О." in page
        assert 'aria-label="О, ' in page

    def test_a_folded_accent_plays_its_base_letter(self, player: Any, spanish: Dictionary) -> None:
        game = start(player, spanish, length=4)
        services.game_guess(game_id=game.pk, player=player, letter="Á")
        services.game_guess(game_id=game.pk, player=player, letter="Ñ")
        game.refresh_from_db()
        assert game.letters == "añ"
        with pytest.raises(services.GuessRejectedError, match="already guessed “A”"):
            services.game_guess(game_id=game.pk, player=player, letter="à")


# -- the end of a game: the word as written -----------------------------------------


def lost_cafe(player: Any, spanish: Dictionary, **fields: Any) -> Game:
    """A lost Spanish game whose word plays as ``cafe`` and is written ``café``."""
    return FinishedGameFactory(
        player=player,
        dictionary=spanish,
        word="cafe",
        pattern="----",
        status=Status.LOST,
        letters="",
        is_ranked=False,
        **fields,
    )


class TestWrittenWord:
    def test_a_list_written_as_it_plays_reads_no_written_form(
        self, german: Dictionary, django_assert_num_queries: Any
    ) -> None:
        from dictionaries.selectors import written_form

        assert not german.has_written_forms
        with django_assert_num_queries(0):
            assert written_form(german, "fuß") == "fuß"

    def test_the_board_reveal_and_result_show_cafe_with_its_accent(
        self, player_client: Client, player: Any, spanish: Dictionary
    ) -> None:
        game = lost_cafe(player, spanish)
        page = text(player_client.get(board_url(game)))
        assert '<strong class="final-word">CAFÉ</strong>' in page
        assert "CAFE" not in page

    def test_the_review_names_the_written_word(
        self, player_client: Client, player: Any, spanish: Dictionary
    ) -> None:
        game = lost_cafe(player, spanish)
        page = text(player_client.get(reverse("game_review", args=[game.pk])))
        assert '<span class="word-pattern">café</span>' in page

    def test_the_guess_that_ends_the_game_names_the_written_word(
        self, player: Any, spanish: Dictionary
    ) -> None:
        game = start(player, spanish, length=4, max_misses=1)
        from front.views.play import guess_announcement

        outcome = services.game_guess(game_id=game.pk, player=player, letter="z")
        said = guess_announcement(outcome.report, game=outcome.game)
        word = Word.objects.get(dictionary=spanish, text=outcome.game.word)
        assert said.endswith(f"{(word.display or word.text).upper()}.")

    def test_the_api_names_the_written_word(self, spanish: Dictionary) -> None:
        user = UserFactory()
        _, secret = api_token_create(user=user, name="bot")
        game = lost_cafe(user, spanish, played_by_bot=True)
        response = Client().get(f"/api/v1/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {secret}")
        assert response.status_code == 200, response.content
        assert response.json()["word"] == "café"
        assert response.json()["alphabet"] == spanish.alphabet


# -- the API and the console play a Russian game to its end ---------------------------


def test_the_api_plays_a_russian_game_to_the_end(russian: Dictionary) -> None:
    user = UserFactory()
    _, secret = api_token_create(user=user, name="bot")
    client = Client()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}

    def post(path: str, body: dict[str, Any]) -> Any:
        return client.post(
            "/api/v1" + path, json.dumps(body), content_type="application/json", **auth
        )

    listed = client.get("/api/v1/dictionaries", **auth).json()
    assert {"slug": "russkiy", "language": "ru", "alphabet": RUSSIAN}.items() <= next(
        item for item in listed if item["slug"] == "russkiy"
    ).items()
    started = post(
        "/games", {"dictionary": "russkiy", "length": 3, "max_misses": 26, "difficulty": "hard"}
    )
    assert started.status_code == 201, started.content
    game = started.json()
    refused = post(f"/games/{game['id']}/guesses", {"letter": "e", "expected_guesses": 0})
    assert refused.status_code == 422
    assert RUSSIAN_CAPITALS in refused.json()["error"]["message"]
    for guesses, letter in enumerate(RUSSIAN.upper()):
        if game["status"] != "playing":
            break
        body = {"letter": letter, "expected_guesses": guesses}
        answer = post(f"/games/{game['id']}/guesses", body)
        assert answer.status_code == 200, answer.content
        game = answer.json()["game"]
        assert answer.json()["letter"] == letter.lower()
    assert game["status"] in {"won", "lost"}
    assert game["word"] in {"кот", "кит", "дом", "сон", "лес", "мир"}


def test_the_console_plays_a_russian_dictionary(russian: Dictionary) -> None:
    out = io.StringIO()
    guesses = "\n".join(["q", *RUSSIAN.upper()]) + "\n"
    call_command(
        "play",
        "--dictionary",
        "russkiy",
        "--length",
        "3",
        "--misses",
        "26",
        "--difficulty",
        "hard",
        stdin=io.StringIO(guesses + "n\n"),
        stdout=out,
    )
    said = out.getvalue()
    assert f"Guess one letter of this list: {RUSSIAN_CAPITALS}, or the whole word." in said
    assert (
        f"Not accepted: a guess is one letter of this list: {RUSSIAN_CAPITALS}, "
        "or a word of 3 letters." in said
    )
    assert "You win! The word was '" in said or "You lose. The word was '" in said


def test_the_console_json_mode_takes_capitals(russian: Dictionary) -> None:
    out = io.StringIO()
    call_command(
        "play",
        "--dictionary",
        "russkiy",
        "--length",
        "3",
        "--misses",
        "2",
        "--difficulty",
        "hard",
        "--json",
        stdin=io.StringIO("Ж\nz\nЖ\n"),
        stdout=out,
    )
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0]["guess"] == "ж"  # the letter played, lower case
    assert lines[1]["accepted"] is False
    assert "already guessed" in lines[2]["error"]


# -- the columns ------------------------------------------------------------------


class TestColumns:
    def move(self, game: Game, **fields: Any) -> Move:
        values: dict[str, Any] = {
            "game": game,
            "number": 1,
            "letter": "ж",
            "miss": True,
            "pattern": "---",
            "kept_size": 1,
            "kept_rank": 0,
            "reason": Reason.HARDEST,
            "families": [["---", 1]],
        }
        values.update(fields)
        return Move.objects.create(**values)

    def test_a_move_takes_any_alphabet_s_letter_and_up_to_64_moves(
        self, russian: Dictionary
    ) -> None:
        game = GameFactory(dictionary=russian, length=3, pattern="---", max_misses=26)
        self.move(game)
        self.move(game, number=64, letter="ß")
        game.letters = RUSSIAN + "abcdefghijklmnopqrstuvwxyzäöüß"
        game.save(update_fields=["letters"])
        assert len(Game.objects.get(pk=game.pk).letters) == 63

    @pytest.mark.parametrize(
        ("fields", "why"),
        [
            ({"letter": "A"}, "an ASCII capital"),
            ({"letter": "1"}, "a digit"),
            ({"letter": "-"}, "punctuation"),
            ({"number": MAX_MOVES + 1}, "past every letter of the longest alphabet and words"),
            ({"letter": "", "word": "a"}, "a word of one letter: a letter guess"),
            ({"letter": "", "word": "ABC"}, "a word in ASCII capitals"),
            ({"letter": "a", "word": "abc"}, "a letter and a word at once"),
            ({"letter": ""}, "neither"),
        ],
    )
    def test_the_table_refuses(self, russian: Dictionary, fields: dict[str, Any], why: str) -> None:
        game = GameFactory(dictionary=russian, length=3, pattern="---")
        with pytest.raises(IntegrityError), transaction.atomic():
            self.move(game, **fields)
        assert not Move.objects.exists(), why


# -- obscure needs word frequencies ---------------------------------------------------


def test_obscure_is_not_offered_on_a_list_without_frequencies(
    player: Any, russian: Dictionary
) -> None:
    Dictionary.objects.filter(pk=russian.pk).update(has_frequencies=False)
    russian.refresh_from_db()
    data = {"dictionary": russian.pk, "length": 3, "max_misses": 8, "difficulty": "obscure"}
    form = NewGameForm(data=data, include_hidden=True)
    assert "obscure" not in [value for value, _ in form.fields["difficulty"].choices]
    assert not form.is_valid()
    assert form.errors["difficulty"] == [
        services.not_offered_without_frequencies_message("obscure", "Russkiy")
    ]
    with pytest.raises(services.GameRuleError, match="Obscure is not offered with Russkiy"):
        start(player, russian, length=3, difficulty="obscure")
    assert not Game.objects.exists()
    assert start(player, russian, length=3, difficulty="hard").difficulty == "hard"


def test_switching_to_a_list_without_frequencies_redraws_the_difficulties(
    player_client: Client, russian: Dictionary, spanish: Dictionary
) -> None:
    """The new-game form sends its difficulty with a change of dictionary: the answer redraws
    the difficulty field out of band, without obscure and with hard chosen, saying why. The
    assignment form sends none, and gets the lengths alone."""
    Dictionary.objects.filter(pk=russian.pk).update(has_frequencies=False)
    url = reverse("game_lengths")
    asked = {"dictionary": russian.pk, "difficulty": "obscure"}
    page = text(player_client.get(url, asked, headers={"HX-Request": "true"}))
    field = page.split('id="difficulty-field"')[1]
    assert 'hx-swap-oob="outerHTML"' in field.split(">")[0]
    assert 'value="obscure"' not in field
    assert 'value="hard"' in field.split("checked")[0].rsplit("<input", 1)[1]
    assert "Obscure is not offered with Russkiy" in field
    # A list with frequencies keeps obscure, as chosen.
    page = text(player_client.get(url, {**asked, "dictionary": spanish.pk}, **HTMX))
    assert 'value="obscure"' in page
    assert "Obscure is not offered" not in page
    # No difficulty sent (the assignment form): the lengths alone.
    page = text(player_client.get(url, {"dictionary": russian.pk}, **HTMX))
    assert 'id="difficulty-field"' not in page
    assert 'id="length-field"' in page
    # The new-game form's own page, and its no-JavaScript refresh, say the same.
    page = text(player_client.post(reverse("game_new"), {**asked, "refresh_lengths": "1"}))
    assert "Obscure is not offered with Russkiy" in page
    assert 'value="obscure"' not in page.split('id="difficulty-field"')[1]
    # ...and the words under the difficulties describe only those offered.
    assert "Hard always keeps the biggest family of words." in page
    assert "Obscure steers you" not in page


def test_obscure_is_offered_on_a_list_with_frequencies(spanish: Dictionary) -> None:
    form = NewGameForm(data={"dictionary": spanish.pk}, include_hidden=True)
    assert "obscure" in [value for value, _ in form.fields["difficulty"].choices]


def test_a_language_without_a_keyboard_gets_its_commonest_letters_first() -> None:
    from games.selectors.letters import board_keyboard

    dictionary = language_dictionary("eo", KEEP, {w: w for w in ("domo", "mondo", "saluton")}, "eo")
    dictionary.key_order = "onmdsalut"
    rows = board_keyboard(dictionary)
    assert rows[0].startswith("onm")
    assert sorted("".join(rows)) == sorted(dictionary.alphabet)
