"""One place decides what a viewer may do with a class (``classes.selectors.class_role``).

A class the viewer has no part in does not exist for them (404); a viewer who
is in the class but asks for what their role does not allow is told why (403).
"""

from __future__ import annotations

import enum

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from classes.models import Assignment, Classroom
from classes.selectors import ClassRole, class_role


class Need(enum.Enum):
    VIEW = "view"  # the class page, the assignments' leaderboards
    RECORDS = "records"  # assignment tables, the students' games, statistics
    MANAGE = "manage"  # changes: students, code, assignments, deleting the class
    PLAY = "play"  # starting an assignment's game


_ALLOWED: dict[Need, frozenset[ClassRole]] = {
    Need.VIEW: frozenset({ClassRole.STUDENT, ClassRole.OBSERVER, ClassRole.INSTRUCTOR}),
    Need.RECORDS: frozenset({ClassRole.OBSERVER, ClassRole.INSTRUCTOR}),
    Need.MANAGE: frozenset({ClassRole.INSTRUCTOR}),
    Need.PLAY: frozenset({ClassRole.STUDENT}),
}
_REFUSALS: dict[Need, Promise] = {
    Need.RECORDS: _("Only the class's instructor sees its students' records."),
    Need.MANAGE: _("Only the class's instructor can change it."),
    Need.PLAY: _("Only the students of this class can play its assignments."),
}


def classroom_for(request: HttpRequest, pk: int, need: Need) -> tuple[Classroom, ClassRole]:
    """The class and the viewer's role in it, or 404/403. Login is the decorator's job."""
    classroom = get_object_or_404(Classroom.objects.select_related("instructor"), pk=pk)
    role = class_role(request.user, classroom)
    if role is ClassRole.NONE:
        raise Http404(gettext("No such class."))
    if role not in _ALLOWED[need]:
        raise PermissionDenied(str(_REFUSALS[need]))
    return classroom, role


def assignment_for(classroom: Classroom, pk: int) -> Assignment:
    return get_object_or_404(
        Assignment.objects.select_related("dictionary", "classroom"), pk=pk, classroom=classroom
    )
