"""Every endpoint without a token, with another player's, a revoked or an expired one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from api.models import ApiGame, ApiToken, MakerGame
from api.services import api_token_create, api_token_revoke, token_hash
from games.models import Game, Status
from tests.api.conftest import ApiClient, start
from tests.factories import DictionaryFactory, GameFactory, UserFactory

pytestmark = pytest.mark.django_db

ENDPOINTS = [
    ("get", "/me"),
    ("get", "/dictionaries"),
    ("get", "/games"),
    ("post", "/games"),
    ("get", "/games/{id}"),
    ("post", "/games/{id}/guesses"),
    ("post", "/games/{id}/forfeit"),
    ("get", "/leaderboard"),
    ("post", "/maker-games"),
    ("get", "/maker-games/{id}"),
    ("post", "/maker-games/{id}/answers"),
    ("get", "/maker-leaderboard"),
]


def assert_error(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert set(error) == {"code", "message"}
    assert error["message"]
    if code is not None:
        assert error["code"] == code
    return error


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
@pytest.mark.parametrize("secret", [None, "", "eh_not-a-token", "Basic abc", "x" * 500])
def test_every_endpoint_refuses_a_missing_or_unknown_token(
    nine: Any, player: Any, method: str, path: str, secret: str | None
) -> None:
    game = GameFactory(player=player, dictionary=nine, is_ranked=False, played_by_bot=True)
    api = ApiClient(secret)
    response = getattr(api, method)(path.format(id=game.pk))
    assert_error(response, 401, "unauthorized")
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert Game.objects.get(pk=game.pk).letters == ""


def _revoke(token: ApiToken) -> None:
    api_token_revoke(user=token.user, token_id=token.pk)


def _expire(token: ApiToken) -> None:
    ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now())


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
@pytest.mark.parametrize("end", [_revoke, _expire], ids=["revoked", "expired"])
def test_a_revoked_or_expired_token_is_refused_everywhere(
    nine: Any, player: Any, method: str, path: str, end: Callable[[ApiToken], None]
) -> None:
    token, secret = api_token_create(user=player, name="old", days=30)
    api = ApiClient(secret)
    game = start(api)
    maker = api.post("/maker-games", {"length": 4, "max_misses": 8}).json()
    end(token)
    game_id = maker["id"] if "maker" in path else game["id"]
    response = getattr(api, method)(path.format(id=game_id))
    assert_error(response, 401, "unauthorized")
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert Game.objects.get(pk=game["id"]).letters == ""
    assert MakerGame.objects.get(pk=maker["id"]).letters == ""


def test_a_session_is_never_accepted(nine: Any, player: Any) -> None:
    client = Client()
    client.force_login(player)
    assert_error(client.get("/api/v1/me"), 401)
    response = client.post(
        "/api/v1/games",
        '{"length": 4, "max_misses": 8, "difficulty": "hard"}',
        content_type="application/json",
    )
    assert_error(response, 401)
    assert not Game.objects.exists()


def test_no_csrf_token_is_needed_with_a_bearer_token(nine: Any, secret: str) -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/api/v1/games",
        '{"length": 4, "max_misses": 8, "difficulty": "easy"}',
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
    )
    assert response.status_code == 201


def test_me_and_dictionaries(api: ApiClient, nine: Any) -> None:
    DictionaryFactory(words=["zzzz"], slug="hidden", is_hidden=True)
    assert api.get("/me").json() == {"username": "botmaker", "token_name": "my bot"}
    offered = api.get("/dictionaries").json()
    assert [item["slug"] for item in offered] == ["nine"]  # the hidden one is not offered
    assert offered[0]["lengths"] == [{"length": 4, "words": 9, "par": {}}]
    assert (offered[0]["language"], offered[0]["alphabet"]) == ("en", "abcdefghijklmnopqrstuvwxyz")


def test_dictionaries_say_their_language_and_alphabet(api: ApiClient, nine: Any) -> None:
    russian = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
    DictionaryFactory(words=["ёлка"], slug="ru", language="ru", alphabet=russian)
    by_slug = {item["slug"]: item for item in api.get("/dictionaries").json()}
    assert by_slug["ru"]["language"] == "ru"
    assert by_slug["ru"]["alphabet"] == russian
    assert len(russian) == 33


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "fiendish", "fair"])
def test_a_game_through_the_api_is_a_bot_game_never_ranked(
    api: ApiClient, nine: Any, player: Any, difficulty: str
) -> None:
    game = start(api, difficulty=difficulty)
    row = Game.objects.get(pk=game["id"])
    assert row.played_by_bot
    assert not row.is_ranked
    assert row.player == player
    assert ApiGame.objects.get(game=row).token.name == "my bot"
    assert game["bot"] is True
    assert game["ranked"] is False
    assert game["status"] == "playing"


def test_a_bot_game_leaves_the_players_ranked_game_alone(
    api: ApiClient, nine: Any, player: Any
) -> None:
    ranked = GameFactory(player=player, dictionary=nine, is_ranked=True)
    start(api)
    ranked.refresh_from_db()
    assert ranked.status == Status.PLAYING
    assert not ranked.forfeited


def test_a_game_plays_to_its_end_and_names_the_word(api: ApiClient, nine: Any) -> None:
    game = start(api, max_misses=26, difficulty="easy")
    for letter in "etaoinshrdlcumwfgypbvkjxqz":
        if game["status"] != "playing":
            break
        if letter in game["letters"]:
            continue
        response = api.post(
            f"/games/{game['id']}/guesses",
            {"letter": letter.upper(), "expected_guesses": game["guesses"]},
        )
        assert response.status_code == 200, response.content
        outcome = response.json()
        assert outcome["hit"] == (letter in outcome["game"]["pattern"])
        game = outcome["game"]
        if game["status"] == "playing":
            assert game["word"] is None
    assert game["status"] == "won"
    assert game["word"] == game["pattern"]
    assert_error(
        api.post(f"/games/{game['id']}/guesses", {"letter": "q", "expected_guesses": 26}),
        422,
        "refused",
    )


def test_a_stale_guess_is_a_409_and_a_double_sent_guess_is_applied_once(
    api: ApiClient, nine: Any
) -> None:
    game = start(api)
    first = api.post(f"/games/{game['id']}/guesses", {"letter": "e", "expected_guesses": 0})
    again = api.post(f"/games/{game['id']}/guesses", {"letter": "e", "expected_guesses": 0})
    other = api.post(f"/games/{game['id']}/guesses", {"letter": "a", "expected_guesses": 0})
    assert first.status_code == 200
    assert_error(again, 409, "stale_board")
    assert_error(other, 409, "stale_board")
    assert Game.objects.get(pk=game["id"]).letters == "e"


def test_another_players_token_finds_nothing(api: ApiClient, nine: Any) -> None:
    game = start(api)
    _, other_secret = api_token_create(user=UserFactory(), name="theirs")
    other = ApiClient(other_secret)
    assert_error(other.get(f"/games/{game['id']}"), 404, "not_found")
    assert_error(
        other.post(f"/games/{game['id']}/guesses", {"letter": "e", "expected_guesses": 0}), 404
    )
    assert_error(other.post(f"/games/{game['id']}/forfeit"), 404)
    assert other.get("/games").json() == []
    assert Game.objects.get(pk=game["id"]).letters == ""


def test_a_bot_cannot_touch_the_players_own_games(api: ApiClient, nine: Any, player: Any) -> None:
    """A program must not play a person's ranked game (or daily attempt) for them."""
    ranked = GameFactory(player=player, dictionary=nine, is_ranked=True)
    assert_error(api.get(f"/games/{ranked.pk}"), 404)
    assert_error(
        api.post(f"/games/{ranked.pk}/guesses", {"letter": "e", "expected_guesses": 0}), 404
    )
    assert_error(api.post(f"/games/{ranked.pk}/forfeit"), 404)
    ranked.refresh_from_db()
    assert ranked.letters == ""
    assert ranked.status == Status.PLAYING
    assert api.get("/games").json() == []


def test_forfeit_and_read(api: ApiClient, nine: Any) -> None:
    game = start(api)
    forfeited = api.post(f"/games/{game['id']}/forfeit").json()
    assert forfeited["status"] == "lost"
    assert forfeited["forfeited"]
    assert forfeited["word"]
    assert api.get(f"/games/{game['id']}").json() == forfeited
    assert_error(api.post(f"/games/{game['id']}/forfeit"), 422, "refused")
    assert [item["id"] for item in api.get("/games").json()] == [game["id"]]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ("{not json", 400),
        ({"length": 4, "max_misses": 0, "difficulty": "hard"}, 422),
        ({"length": 4, "max_misses": 27, "difficulty": "hard"}, 422),
        ({"length": 4, "max_misses": 8, "difficulty": "impossible"}, 422),
        ({"length": "four", "max_misses": 8, "difficulty": "hard"}, 422),
        ({"length": 5, "max_misses": 8, "difficulty": "hard"}, 422),
        ({"length": 4, "max_misses": 8, "difficulty": "hard", "dictionary": "nope"}, 404),
        ([], 422),
    ],
)
def test_bad_starts_are_json_errors_and_start_nothing(
    api: ApiClient, nine: Any, body: Any, status: int
) -> None:
    assert_error(api.post("/games", body), status)
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {"letter": "ab", "expected_guesses": 0},
        {"letter": "ß", "expected_guesses": 0},  # é plays as e on an English list (it folds)
        {"letter": "ж", "expected_guesses": 0},
        {"letter": "1", "expected_guesses": 0},
        {"letter": "", "expected_guesses": 0},
        {"letter": "e"},
        {"letter": "e", "expected_guesses": -1},
        {"letter": "\x00", "expected_guesses": 0},
    ],
)
def test_bad_guesses_are_json_errors_and_change_nothing(
    api: ApiClient, nine: Any, body: dict[str, Any]
) -> None:
    game = start(api)
    # A NUL is refused at the door, before the schema (core/bad_input.py).
    status = 400 if "\x00" in body.get("letter", "") else 422
    assert_error(api.post(f"/games/{game['id']}/guesses", body), status)
    assert Game.objects.get(pk=game["id"]).letters == ""


@pytest.mark.parametrize("game_id", ["0", "-1", "abc", str(2**64), "99999"])
def test_unknown_game_ids_are_404_or_422_never_500(api: ApiClient, nine: Any, game_id: str) -> None:
    response = api.get(f"/games/{game_id}")
    assert response.status_code in (404, 422)
    assert "error" in response.json()


def test_unknown_paths_and_methods_are_json(api: ApiClient) -> None:
    assert_error(api.get("/nothing/here"), 404, "not_found")
    response = api.client.delete("/api/v1/me", **api.headers)
    assert_error(response, 405, "method_not_allowed")
    assert "GET" in response["Allow"]


def test_the_cap_of_games_in_progress_per_token(api: ApiClient, nine: Any, settings: Any) -> None:
    settings.API_GAMES_IN_PROGRESS_PER_TOKEN = 2
    first = start(api)
    start(api)
    assert_error(api.post("/games", {"length": 4, "max_misses": 8, "difficulty": "hard"}), 409)
    api.post(f"/games/{first['id']}/forfeit")
    start(api)
    assert Game.objects.count() == 3


def test_per_token_rate_limit_is_a_429_with_retry_after(
    api: ApiClient, nine: Any, settings: Any
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api_request": "3/m"}
    for _ in range(3):
        assert api.get("/me").status_code == 200
    response = api.get("/me")
    assert_error(response, 429, "rate_limited")
    assert int(response["Retry-After"]) >= 1
    assert "API token" in response.json()["error"]["message"]


def test_tokens_are_stored_hashed_and_last_used_is_recorded(api: ApiClient, secret: str) -> None:
    token = ApiToken.objects.get()
    assert token.token_hash == token_hash(secret)
    assert secret not in token.token_hash
    assert token.last_used_at is None
    api.get("/me")
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_openapi_schema_and_docs_page(client: Client) -> None:
    schema = client.get("/api/v1/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    assert {"/api/v1/games", "/api/v1/games/{game_id}/guesses"} <= set(schema["paths"])
    page = client.get("/api/v1/docs")
    assert page.status_code == 200
    text = page.content.decode()
    assert "POST /api/v1/games/{game_id}/guesses" in text
    assert "<script" not in text.split("</footer>")[0].replace('<script src="/static', "")
    assert "style=" not in text
    assert "<style" not in text
    assert "'unsafe-inline'" not in page["Content-Security-Policy"]


def test_a_bug_of_ours_is_a_json_500_logged_with_its_request_id(
    api: ApiClient, nine: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A program gets JSON even when the server fails, and the operator gets the traceback."""

    def broken() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("api.selectors.dictionaries_offered", broken)
    api.client.raise_request_exception = False
    response = api.get("/dictionaries", HTTP_X_REQUEST_ID="bug-report-1")
    error = assert_error(response, 500, "server_error")
    assert "bug-report-1" in error["message"]
    assert "a bug" not in error["message"]
    assert any(record.exc_info and record.name == "django.request" for record in caplog.records)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/games", {"length": 4, "max_misses": 8, "difficulty": "hard", "extra": 1}),
        ("/games", {"length": 4, "max_misses": 8, "difficulty": "hard", "max_mises": 3}),
        ("/maker-games", {"length": 4, "max_misses": 8, "extra": 1}),
    ],
)
def test_unknown_properties_are_refused_and_start_nothing(
    api: ApiClient, nine: Any, path: str, body: dict[str, Any]
) -> None:
    error = assert_error(api.post(path, body), 422, "invalid_request")
    assert "extra" in error["message"] or "max_mises" in error["message"]
    assert not Game.objects.exists()
    assert not MakerGame.objects.exists()


def test_unknown_properties_are_refused_on_moves_and_change_nothing(
    api: ApiClient, nine: Any
) -> None:
    game = start(api)
    body = {"letter": "e", "expected_guesses": 0, "extra": 1}
    assert_error(api.post(f"/games/{game['id']}/guesses", body), 422, "invalid_request")
    assert Game.objects.get(pk=game["id"]).letters == ""
    maker = api.post("/maker-games", {"length": 4, "max_misses": 8}).json()
    answer = {"positions": [], "expected_guesses": 0, "extra": None}
    assert_error(api.post(f"/maker-games/{maker['id']}/answers", answer), 422, "invalid_request")
    assert MakerGame.objects.get().letters == ""


def test_the_schema_says_request_bodies_take_no_other_property(api: ApiClient) -> None:
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    bodies = [name for name in schemas if name.endswith("In")]
    assert sorted(bodies) == ["AnswerIn", "GameStartIn", "GuessIn", "MakerStartIn"]
    assert all(schemas[name]["additionalProperties"] is False for name in bodies)
