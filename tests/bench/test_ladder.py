"""bench/ladder.py's report: a break at 8 says which part of the ladder breaks and on what games."""

from __future__ import annotations

import pytest

from tests.bench.scripts import bench_script


@pytest.fixture(scope="module")
def ladder():
    return bench_script("ladder")


def cell_with(ladder, wins: dict[str, int], games: int = 10):
    cell = ladder.Cell()
    for maker in ladder.MAKERS:
        cell.wins[(0, maker)] = wins.get(maker, 0)
        cell.games[(0, maker)] = games
    return cell


def test_a_planner_won_more_often_than_hard_is_the_planners_break(ladder) -> None:
    cells = {
        ("m", "web2", "ranked"): cell_with(ladder, {"easy": 5, "medium": 3, "fiendish": 1}),
        ("m", "web2", "unranked"): cell_with(ladder, {"easy": 2, "medium": 1}),
    }
    broken = ladder.monotone(cells, ["m"])
    assert broken == [("planners", "m on web2: fiendish won 1 of 20 > hard 0 of 20")]
    assert ladder.monotone_parts(broken) == (
        "monotone at 8: fiendish and obscure against hard no; "
        "easy, medium, hard (the rules' schedule) yes"
    )


def test_medium_won_more_often_than_easy_is_the_rules_break(ladder) -> None:
    cells = {("m", "familiar", "ranked"): cell_with(ladder, {"easy": 1, "medium": 4, "hard": 2})}
    broken = ladder.monotone(cells, ["m"])
    assert broken == [("rules", "m on familiar: medium won 4 of 10 > easy 1 of 10")]
    assert ladder.monotone_parts(broken).endswith(
        "against hard yes; easy, medium, hard (the rules' schedule) no"
    )


def test_a_ladder_that_holds_has_no_break(ladder) -> None:
    cells = {("m", "familiar", "ranked"): cell_with(ladder, {"easy": 6, "medium": 4, "hard": 2})}
    assert ladder.monotone(cells, ["m"]) == []
    assert ladder.monotone_parts([]) == (
        "monotone at 8: fiendish and obscure against hard yes; "
        "easy, medium, hard (the rules' schedule) yes"
    )


def misses_cell(ladder, misses: dict[str, int], wins: dict[str, int] | None = None):
    cell = cell_with(ladder, wins or {}, games=100)
    for maker, value in misses.items():
        cell.misses[(0, maker)] = value
    return cell


def model(ladder, name: str, *, human_like: bool):
    return ladder.PlayerModel(name, human_like, False, False, lambda lexicon, seed: None)


def test_the_restated_floors_hold_at_the_floor_and_within_one_game_in_100(ladder) -> None:
    models = (model(ladder, "person", human_like=True), model(ladder, "full", human_like=False))
    cells = {
        # fiendish and obscure at exactly 1.05x for the human-like model; obscure at 1.0 for
        # the other, which is its floor; fiendish won once more than hard in 100 games.
        ("person", "web2", "ranked"): misses_cell(
            ladder, {"hard": 100, "fiendish": 105, "obscure": 105}, {"hard": 0, "fiendish": 1}
        ),
        ("full", "web2", "ranked"): misses_cell(
            ladder, {"hard": 100, "fiendish": 105, "obscure": 100}
        ),
    }
    assert ladder.floor_breaks(cells, models) == []


def test_each_break_of_the_restated_floors_is_named(ladder) -> None:
    models = (model(ladder, "person", human_like=True), model(ladder, "full", human_like=False))
    cells = {
        ("person", "web2", "ranked"): misses_cell(
            ladder, {"hard": 100, "fiendish": 104, "obscure": 110}, {"hard": 0, "obscure": 2}
        ),
        ("full", "familiar", "unranked"): misses_cell(
            ladder, {"hard": 100, "fiendish": 120, "obscure": 99}
        ),
    }
    assert ladder.floor_breaks(cells, models) == [
        "obscure/hard 0.990 < 1.00 (full, familiar, unranked)",
        "fiendish/hard 1.040 < 1.05 (person, web2, ranked)",
        "person: obscure won 2 of 100 with 8, hard 0 of 100",
    ]


def test_the_rules_ladder_is_reported_not_judged(ladder) -> None:
    models = (model(ladder, "person", human_like=True),)
    cells = {  # medium won far more often than easy: the rules' schedule, not a floor
        ("person", "web2", "ranked"): misses_cell(
            ladder,
            {"easy": 90, "medium": 80, "hard": 100, "fiendish": 110, "obscure": 110},
            {"easy": 1, "medium": 9},
        )
    }
    assert ladder.floor_breaks(cells, models) == []


def test_the_last_line_says_the_floors_and_the_goals_come_before_it(ladder, capsys) -> None:
    models = (model(ladder, "strong", human_like=False), model(ladder, "other", human_like=False))
    cells = {
        ("strong", "web2", "ranked"): misses_cell(
            ladder, {"hard": 100, "fiendish": 151, "obscure": 100}
        ),
        ("other", "web2", "ranked"): misses_cell(
            ladder, {"hard": 200, "fiendish": 260, "obscure": 200}
        ),
    }
    times = {("fiendish", "web2", 6): [0.001] * 99 + [0.2]}
    last = ladder.judge(cells, models, times, "seeds 10-19")
    out = capsys.readouterr().out.splitlines()
    assert last == "restated floors: met"
    assert (
        "goal: fiendish >= 1.4x hard's misses against each model that knows every word, "
        "seeds 10-19: NOT met"
    ) in out  # 1.30 against "other"
    assert (
        "goal: fiendish >= 1.5x hard's misses against the strongest (strong), seeds 10-19: met"
        in out
    )
    assert "goal: fiendish reply p99 <= 100 ms CPU at every length of every list: NOT met" in out
