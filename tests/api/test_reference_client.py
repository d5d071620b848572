"""The reference guesser bot (examples/bots/guesser.py) plays real games against a live server."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from api.services import api_token_create
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory

BOT = Path(__file__).resolve().parents[2] / "examples" / "bots" / "guesser.py"


def load_bot() -> ModuleType:
    spec = importlib.util.spec_from_file_location("guesser_bot", BOT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.django_db(transaction=True)
def test_the_guesser_bot_plays_games_to_the_end(live_server: Any, capsys: Any) -> None:
    DictionaryFactory(words=list(NINE_WORDS), slug="nine", is_default=True)
    player = UserFactory()
    _, secret = api_token_create(user=player, name="reference")
    bot = load_bot()
    argv = ["--url", live_server.url, "--token", secret, "--games", "3", "--length", "4"]
    assert bot.main([*argv, "--max-misses", "26", "--difficulty", "easy"]) == 0
    out = capsys.readouterr().out
    assert "summary: 3 games, 3 won, 0 lost" in out
    games = Game.objects.filter(player=player)
    assert games.count() == 3
    assert all(game.played_by_bot and game.finished_at for game in games)


def test_the_bot_uses_the_standard_library_only() -> None:
    imports = [
        line.split()[1]
        for line in BOT.read_text().splitlines()
        if line.startswith(("import ", "from "))
    ]
    assert set(imports) <= {
        "__future__",
        "argparse",
        "json",
        "os",
        "sys",
        "time",
        "urllib.error",
        "urllib.request",
        "collections",
        "typing",
    }
