"""The games app names nothing of the daily: the daily owns its link to games (issue 28).

The daily is an app above play (pyproject's layers): it links its games from its own
row (``daily.models.DailyGame``, as a class assignment links its games), and play asks
it what it must know through the hooks it registers (secrecy, answers, a share title)
or is told by its caller (``Game.counts_as``, set when a game starts). So no module of
``games/`` imports the daily, and none names its app label, its models, the fields,
properties, constraints and indexes games once had for it, or the accessors the daily's
link puts on a game. Plain words about "the daily puzzle" in comments and docstrings may
stay: they name no code.

The check reads the text of every module, so it also covers what an import would miss: a
model named by string ("daily.DailyPuzzle"), a lookup ("daily_link__puzzle"), a migration's
dependency on the daily. Games' migrations up to ``0018_daily_link_out`` are exempt: they
are frozen history that says what the table once was (0007 added the daily's column,
0016 a guest's attempt; 0018, the cut, names the column and checks it drops), and editing
them would change what an existing database has already run. Every later migration is
checked like the code.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from django.apps import apps

from games.models import Game

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"
LAST_FROZEN_MIGRATION = 18  # games/migrations/0018_daily_link_out.py
# The engine's share of a list the daily plays on: a number of the engine, no daily code;
# the cut's own name, which the next games migration names as its dependency; and a
# migration that landed under a daily name before its rename (0021_player_daily_attempts,
# index game_player_daily): kept as it landed, its index dropped by 0025, which names both.
ALLOWED = {
    "DAILY_VOCABULARY",
    "0018_daily_link_out",
    "0021_player_daily_attempts",
    "game_player_daily",
}
# What games named of the daily before the link moved there: fields, properties, filters,
# constraints and indexes.
RETIRED_NAMES = (
    "daily_puzzle",
    "played_as_guest",
    "is_daily",
    "is_daily_attempt",
    "was_daily_attempt",
    "DAILY_ATTEMPTS",
    "DAILY_LEADERBOARD_GAMES",
    "DAILY_STREAK_GAMES",
    "game_daily_leaderboard",
    "game_one_ranked_daily_attempt",
    "game_guest_attempt_unranked_daily",
    "game_daily_seeded_ties",
)


def migration_number(path: Path) -> int | None:
    if path.parent.name != "migrations" or not path.name[:4].isdigit():
        return None
    return int(path.name[:4])


def checked_modules() -> list[Path]:
    """Every module of games/, the frozen migrations aside."""
    return [
        path
        for path in sorted(GAMES.rglob("*.py"))
        if (number := migration_number(path)) is None or number > LAST_FROZEN_MIGRATION
    ]


def daily_names() -> set[str]:
    """The daily's names a games module could use: its models, and the accessors and query
    names its relations put on games' models (``daily_link``)."""
    names = {model.__name__ for model in apps.get_app_config("daily").get_models()}
    for model in apps.get_app_config("games").get_models():
        for relation in model._meta.related_objects:
            if relation.related_model._meta.app_label == "daily":
                names.add(relation.get_accessor_name() or "")
                names.add(relation.field.related_query_name())
    names.discard("")
    return names | set(RETIRED_NAMES)


def imported_modules(source: str) -> list[str]:
    modules = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules.append(node.module)
    return modules


def daily_references(source: str, names: set[str]) -> list[str]:
    """What ``source`` names of the daily: imports, its app label as a string, a dotted
    path into it, one of ``names``, or an identifier with "daily" as a part of it."""
    found = [
        f"import {module}"
        for module in imported_modules(source)
        if module == "daily" or module.startswith("daily.")
    ]
    for allowed in ALLOWED:
        source = source.replace(allowed, "")
    found += re.findall(r"""["']daily["']""", source)  # get_model("daily", ...), dependencies
    found += re.findall(r"\bdaily\.[A-Za-z_]\w*", source)  # "daily.DailyPuzzle", daily.models
    found += [
        name
        for name in sorted(names)
        if re.search(rf"(?<![A-Za-z0-9]){name}(?![A-Za-z0-9])", source)
    ]
    found += [
        word
        for word in re.findall(r"\b\w*(?:_daily|daily_)\w*\b", source, flags=re.IGNORECASE)
        if word not in ALLOWED
    ]
    return found


def test_no_module_of_games_names_the_daily() -> None:
    names = daily_names()
    assert "daily_link" in names  # the accessor is known: the daily's link exists
    offenders = {
        str(path.relative_to(ROOT)): refs
        for path in checked_modules()
        if (refs := daily_references(path.read_text(encoding="utf-8"), names))
    }
    assert offenders == {}


def test_the_game_model_has_no_field_property_constraint_or_index_of_the_daily() -> None:
    meta = Game._meta
    own_fields = [field for field in meta.get_fields() if not field.auto_created]
    assert [field.name for field in own_fields if "daily" in field.name] == []
    assert [
        field.name
        for field in own_fields
        if field.related_model is not None and field.related_model._meta.app_label == "daily"
    ] == []
    properties = [name for name in dir(Game) if isinstance(getattr(Game, name, None), property)]
    assert [name for name in properties if "daily" in name] == []
    assert [c.name for c in meta.constraints if "daily" in c.name] == []
    assert [i.name for i in meta.indexes if "daily" in i.name] == []


def test_the_frozen_migrations_end_at_the_cut() -> None:
    numbers = [
        number
        for path in (GAMES / "migrations").glob("*.py")
        if (number := migration_number(path)) is not None
    ]
    assert LAST_FROZEN_MIGRATION in numbers
    assert (GAMES / "migrations" / "0018_daily_link_out.py").exists()


def test_the_check_finds_each_way_of_naming_the_daily() -> None:
    names = daily_names()
    for source in (
        "from daily.models import DailyPuzzle\n",
        "import daily.selectors\n",
        "x = models.ForeignKey('daily.DailyPuzzle', on_delete=models.PROTECT)\n",
        "dependencies = [('daily', '0005_dailygame')]\n",
        "games = Game.objects.filter(daily_link__puzzle=day)\n",
        "if game.is_daily_attempt: pass\n",
        "name = 'game_one_ranked_daily_attempt'\n",
        "def was_daily(): pass\n",
        "row = apps.get_model('daily', 'DailyGame')\n",
    ):
        assert daily_references(source, names), source
    plain = (
        "# The daily puzzle's games play on DAILY_VOCABULARY; play knows nothing of the daily.\n"
    )
    assert daily_references(plain, names) == []
