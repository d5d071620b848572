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

BOTS = Path(__file__).resolve().parents[2] / "examples" / "bots"
BOT = BOTS / "guesser.py"


def load_bot(path: Path = BOT) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"{path.stem}_bot", path)
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


@pytest.mark.django_db(transaction=True)
def test_the_maker_bot_plays_games_to_the_end(
    live_server: Any, capsys: Any, tmp_path: Path
) -> None:
    from api.models import MakerGame

    DictionaryFactory(words=list(NINE_WORDS), slug="nine", is_default=True)
    words = tmp_path / "words.txt"
    words.write_text("\n".join(NINE_WORDS) + "\n")
    player = UserFactory()
    _, secret = api_token_create(user=player, name="maker")
    bot = load_bot(BOTS / "maker.py")
    argv = ["--url", live_server.url, "--token", secret, "--words", str(words), "--games", "2"]
    assert bot.main([*argv, "--length", "4", "--max-misses", "3"]) == 0
    out = capsys.readouterr().out
    assert "summary: 2 games" in out
    games = MakerGame.objects.filter(player=player)
    assert games.count() == 2
    assert all(game.is_over and game.illegal_answers == 0 for game in games)


@pytest.mark.parametrize("path", [BOT, BOTS / "maker.py"])
def test_the_bots_use_the_standard_library_only(path: Path) -> None:
    imports = [
        line.split()[1]
        for line in path.read_text().splitlines()
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
        "pathlib",
        "guesser",  # the folder's own guesser.py (its Api class)
    }
