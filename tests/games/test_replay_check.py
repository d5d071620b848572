"""Stored games replay to themselves, and the check notices when one does not."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games import services
from games.engine import MAKERS
from games.models import Move
from games.selectors.replay_check import replay_mismatches
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import play

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("difficulty", [maker.name for maker in MAKERS])
@pytest.mark.parametrize("ranked", [True, False])
def test_every_kind_of_game_replays_to_what_was_stored(difficulty: str, ranked: bool) -> None:
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    won = play(
        player=UserFactory(),
        dictionary=dictionary,
        letters="",
        difficulty=difficulty,
        ranked=ranked,
        seed=11,
        max_misses=26,
    )
    for letter in "eotgcl" + "abdfhijkmnpqrsuvwxyz":
        if won.is_over:
            break
        won = services.game_guess(game_id=won.pk, player=won.player, letter=letter).game
    lost = play(
        player=UserFactory(),
        dictionary=dictionary,
        letters="zq",
        difficulty=difficulty,
        ranked=ranked,
        seed=12,
        max_misses=2,
    )
    player = UserFactory()
    forfeited = play(
        player=player, dictionary=dictionary, letters="e", difficulty=difficulty, ranked=ranked
    )
    forfeited = services.game_forfeit(game_id=forfeited.pk, player=player)
    for game in (won, lost, forfeited):
        assert game.is_over
        assert replay_mismatches(game) == []


def test_a_tampered_move_is_reported_by_the_command() -> None:
    game = play(
        player=UserFactory(), dictionary=DictionaryFactory(words=list(NINE_WORDS)), letters="eo"
    )
    Move.objects.filter(game=game, number=2).update(kept_size=1)
    out = StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("check_games", stdout=out)
    assert exit_info.value.code == 1
    assert f"game {game.pk}: move 2 (o) differs from its replay" in out.getvalue()
    assert "1 game checked, 1 differ" in out.getvalue()


def test_the_command_says_all_is_well() -> None:
    play(player=UserFactory(), dictionary=DictionaryFactory(words=list(NINE_WORDS)), letters="eot")
    out = StringIO()
    call_command("check_games", "--latest", "5", stdout=out)
    assert out.getvalue().strip() == "1 game checked, 0 differ"
