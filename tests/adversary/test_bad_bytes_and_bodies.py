"""Bad bytes and bodies are 4xx everywhere (issue 26, findings 4, 5 and 6).

The tricks: a NUL (and other control characters) in a path, a query string, a form
field and a JSON string, which PostgreSQL refuses with an error (a 500 and a
traceback); a 3 MB and a 30 MB JSON body to the API (``RequestDataTooBig``, a 500);
``{"length": true}`` (a 1-letter game) and ``"length": "7"`` taken as numbers. Each is
refused with 400, 413 or 422 (JSON in the API's error shape under /api/, a plain page
elsewhere) and nothing in the database changes. Run on SQLite and on PostgreSQL
(``DATABASE_URL``).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from api.services import api_token_create
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

CONTROLS = ["\x00", "\x01", "\x1b", "\x7f"]


@pytest.fixture
def player() -> User:
    DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)
    return UserFactory(username="demo")


@pytest.fixture
def bearer(player: User) -> dict[str, str]:
    _, secret = api_token_create(user=player, name="bot")
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


def api_error(response: Any, status: int) -> dict[str, str]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    return json.loads(response.content)["error"]


@pytest.mark.parametrize("char", CONTROLS, ids=[f"{ord(c):02x}" for c in CONTROLS])
class TestControlCharacters:
    def test_in_a_path(self, player: User, char: str) -> None:
        for client in (Client(), client_for(player)):
            response = client.get(f"/players/a{char}b/")
            assert response.status_code == 400
            assert "control character" in response.content.decode()

    def test_in_a_query_string(self, player: User, char: str) -> None:
        client = client_for(player)
        for url in (
            f"{reverse('game_new')}?difficulty={char}",
            f"{reverse('leaderboard')}?dictionary={char}",
        ):
            assert client.get(url).status_code == 400, url

    def test_in_the_apis_query_string(self, bearer: dict[str, str], char: str) -> None:
        url = f"/api/v1/leaderboard?difficulty=hard&length=4&dictionary=a{char}"
        error = api_error(Client().get(url, **bearer), 400)
        assert error["code"] == "bad_request"

    def test_in_a_json_string(self, bearer: dict[str, str], char: str) -> None:
        for body in (
            {"dictionary": f"a{char}b", "length": 4, "max_misses": 6, "difficulty": "hard"},
            {f"a{char}": 1, "length": 4, "max_misses": 6, "difficulty": "hard"},
        ):
            response = Client().post(
                "/api/v1/games", json.dumps(body), content_type="application/json", **bearer
            )
            assert api_error(response, 400)["code"] == "bad_request"
        assert not Game.objects.exists()

    def test_in_json_sent_as_another_content_type(self, bearer: dict[str, str], char: str) -> None:
        """The API reads any body as JSON: a NUL sent as text/plain is refused the same."""
        body = {"dictionary": f"a{char}b", "length": 4, "max_misses": 6, "difficulty": "hard"}
        for content_type in ("text/plain", "application/octet-stream"):
            response = Client().post(
                "/api/v1/games", json.dumps(body), content_type=content_type, **bearer
            )
            assert api_error(response, 400)["code"] == "bad_request"
        assert not Game.objects.exists()

    def test_in_a_multipart_token_name(self, player: User, char: str) -> None:
        """A multipart form passes the door unread (an upload's file must reach its own
        handler): the token's service refuses the name itself."""
        from api.models import ApiToken

        before = ApiToken.objects.count()
        client_for(player).post(reverse("api_token_create"), {"name": f"bot{char}x"})
        assert ApiToken.objects.count() == before  # (PostgreSQL cannot even search for a NUL)

    def test_in_a_form_field(self, player: User, char: str) -> None:
        """As a browser sends a form (urlencoded), and as a multipart one: the door refuses
        the first, the form's own error the second; neither reaches the database."""
        client = Client()
        response = post_form(client, reverse("login"), {"username": f"de{char}mo", "password": "x"})
        assert response.status_code == 400
        data = {"dictionary": "nine", "length": "4", "max_misses": "6", "difficulty": f"h{char}"}
        assert post_form(client_for(player), reverse("game_new"), data).status_code == 400
        multipart = client_for(player).post(reverse("game_new"), data)
        assert multipart.status_code in (200, 400)
        multipart = client.post(reverse("login"), {"username": f"de{char}mo", "password": "x"})
        assert multipart.status_code in (200, 400)
        assert not Game.objects.exists()


def post_form(client: Client, url: str, data: dict[str, str]) -> Any:
    return client.post(url, urlencode(data), content_type="application/x-www-form-urlencoded")


def test_a_form_field_keeps_its_new_lines(player: User) -> None:
    """The door refuses control characters a text never holds, not a textarea's lines."""
    response = post_form(Client(), reverse("login"), {"username": "demo", "password": "x\r\ny\tz"})
    assert response.status_code == 200


class TestOversizeBodies:
    @pytest.mark.parametrize("megabytes", [3, 30])
    def test_the_api_answers_413_in_its_shape(self, bearer: dict[str, str], megabytes: int) -> None:
        padding = "x" * (megabytes * 1024 * 1024)
        body = json.dumps({"length": 4, "max_misses": 6, "difficulty": "hard", "pad": padding})
        response = Client().post("/api/v1/games", body, content_type="application/json", **bearer)
        error = api_error(response, 413)
        assert error["code"] == "payload_too_large"
        assert not Game.objects.exists()

    def test_a_web_form_gets_a_plain_413_page(self, player: User) -> None:
        data = {"difficulty": "hard", "pad": "x" * (3 * 1024 * 1024)}
        response = post_form(client_for(player), reverse("game_new"), data)
        assert response.status_code == 413
        assert response["Content-Type"].startswith("text/html")
        assert "larger than the site accepts" in response.content.decode()
        assert not Game.objects.exists()


class TestStrictApiSchemas:
    @pytest.mark.parametrize(
        ("field", "value"),
        [
            ("length", True),
            ("length", "7"),
            ("length", 4.0),
            ("max_misses", False),
            ("max_misses", "6"),
        ],
    )
    def test_a_game_start_takes_numbers_only(
        self, bearer: dict[str, str], field: str, value: object
    ) -> None:
        body: dict[str, object] = {"length": 4, "max_misses": 6, "difficulty": "hard"}
        body[field] = value
        response = Client().post(
            "/api/v1/games", json.dumps(body), content_type="application/json", **bearer
        )
        assert api_error(response, 422)["code"] == "invalid_request"
        assert not Game.objects.exists()

    def test_a_guess_takes_a_number_of_guesses_and_a_string(self, bearer: dict[str, str]) -> None:
        start = {"length": 4, "max_misses": 6, "difficulty": "hard"}
        created = Client().post(
            "/api/v1/games", json.dumps(start), content_type="application/json", **bearer
        )
        assert created.status_code == 201
        game_id = json.loads(created.content)["id"]
        for body in (
            {"letter": "e", "expected_guesses": False},
            {"letter": "e", "expected_guesses": "0"},
            {"letter": 5, "expected_guesses": 0},
        ):
            response = Client().post(
                f"/api/v1/games/{game_id}/guesses",
                json.dumps(body),
                content_type="application/json",
                **bearer,
            )
            assert api_error(response, 422)["code"] == "invalid_request"
        assert Game.objects.get(pk=game_id).letters == ""
        good = {"letter": "e", "expected_guesses": 0}
        response = Client().post(
            f"/api/v1/games/{game_id}/guesses",
            json.dumps(good),
            content_type="application/json",
            **bearer,
        )
        assert response.status_code == 200
