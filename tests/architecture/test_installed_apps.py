"""INSTALLED_APPS lists the site's apps in their layers' order, lowest first.

The layers are the import-linter "apps" contract in pyproject.toml (highest first
there, as import-linter writes them). Listing the apps the same way, lowest first,
makes each app's ``ready`` (where apps above play register their hooks) run after
the apps it stands on, and makes a reader of settings see the same shape as the
contract. Apps of one layer ("api | records") may come in either order.
"""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]


def layer_of_each_app() -> dict[str, int]:
    """Each app of the "apps" contract and its layer's height: 0 for the lowest."""
    (contract,) = (c for c in CONFIG["contracts"] if c["id"] == "apps")
    heights: dict[str, int] = {}
    for height, layer in enumerate(reversed(contract["layers"])):
        for app in layer.split("|"):
            heights[app.strip()] = height
    return heights


def site_apps(installed: list[str]) -> list[str]:
    """The project's own apps among ``installed`` (the contract's root packages), in order."""
    return [app for app in installed if app in CONFIG["root_packages"]]


def out_of_order(apps: list[str], heights: dict[str, int]) -> list[tuple[str, str]]:
    """Each pair of neighbouring apps where the higher layer comes first."""
    return [
        (lower, higher)
        for lower, higher in itertools.pairwise(apps)
        if heights[lower] > heights[higher]
    ]


# The configuration package (settings, URLs, WSGI): no app, above the layers, imported by none
# (pyproject's "configuration-on-top" contract).
CONFIGURATION = "evilsite"


def test_every_site_app_is_in_a_layer() -> None:
    heights = layer_of_each_app()
    assert set(CONFIG["root_packages"]) - {CONFIGURATION} == set(heights)
    assert CONFIGURATION not in settings.INSTALLED_APPS
    assert set(site_apps(settings.INSTALLED_APPS)) == set(heights)


def test_installed_apps_follow_the_layers_lowest_first() -> None:
    assert out_of_order(site_apps(settings.INSTALLED_APPS), layer_of_each_app()) == []


def test_the_check_finds_an_app_listed_above_its_place() -> None:
    heights = {"low": 0, "middle": 1, "high": 2}
    assert out_of_order(["low", "middle", "high"], heights) == []
    assert out_of_order(["middle", "low", "high"], heights) == [("middle", "low")]
