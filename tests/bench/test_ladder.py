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
