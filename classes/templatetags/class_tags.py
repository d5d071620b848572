"""Classes on pages of the games app: the home page's open assignments (each started in
one click), and on an assignment game's board its assignment and a way to play it again
(whether the navigation bar names Classes is the menu's: front/context_processors.py)."""

from __future__ import annotations

import uuid
from typing import Any

from django import template
from django.urls import reverse

from classes.models import Assignment, AssignmentGame, Membership
from classes.selectors import is_open, open_assignments_for
from games.models import CountsAs, Game

register = template.Library()


@register.inclusion_tag("classes/_assignments_due.html", takes_context=True)
def assignments_due(context: template.Context) -> dict[str, Any]:
    request = context["request"]
    user = request.user
    return {
        "assignments": open_assignments_for(user) if user.is_authenticated else [],
        "start_token": uuid.uuid4(),  # one per page shown: a double click starts one game
        "next": request.get_full_path(),
        "csrf_token": context.get("csrf_token"),
    }


def _assignment_of(game: Game) -> Assignment | None:
    """The assignment ``game`` was started for; asked only of an assignment's game (what
    it counts as is stored on it when it starts: no query for any other game)."""
    if game.counts_as != CountsAs.ASSIGNMENT:
        return None
    link = AssignmentGame.objects.select_related("assignment__classroom", "assignment__dictionary")
    found = link.filter(game=game).first()
    return found.assignment if found is not None else None


@register.inclusion_tag("classes/_game_assignment.html")
def game_assignment(game: Game) -> dict[str, Any]:
    """On a game's board: which assignment (and class) the game is for."""
    return {"assignment": _assignment_of(game)}


@register.inclusion_tag("classes/_play_assignment_again.html", takes_context=True)
def play_assignment_again(context: template.Context, game: Game) -> dict[str, Any]:
    """At the end of an assignment's game: start another one of it, while it is open and the
    player is still in the class."""
    assignment = _assignment_of(game)
    user = context["request"].user
    offer = (
        assignment is not None
        and is_open(assignment)
        and Membership.objects.filter(classroom=assignment.classroom, student=user).exists()
    )
    return {
        "assignment": assignment if offer else None,
        "start_token": context.get("start_token") or uuid.uuid4(),
        "csrf_token": context.get("csrf_token"),
        "next": reverse("game_detail", kwargs={"pk": game.pk}),
    }
