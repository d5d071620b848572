"""The class pages: my classes, create, join, the class page, and the instructor's changes.

Thin views: access through ``classes.views.access``, one service or selector,
then render, or redirect after a POST (post/redirect/get) with the outcome in
the messages, so every form works with JavaScript off.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from classes import services
from classes.forms import ClassroomForm, JoinForm
from classes.selectors import (
    ClassRole,
    can_run_classes,
    class_assignments,
    class_students,
    classes_joined,
    classes_taught,
    classroom_by_join_code,
    every_class,
    is_open,
    open_assignments_for,
)
from classes.views.access import Need, classroom_for
from core.guests import is_guest
from core.ratelimit import rate_limited
from core.web import login_required_htmx
from games.permissions import can_review_all


@require_safe
@login_required_htmx
def class_list(request: HttpRequest) -> HttpResponse:
    user = request.user
    return render(
        request,
        "classes/class_list.html",
        {
            "can_create": can_run_classes(user),
            "taught": list(classes_taught(user)),
            "joined": list(classes_joined(user)),
            "every_class": list(every_class()) if can_review_all(user) else None,
            "join_form": JoinForm(),
        },
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required_htmx
def class_new(request: HttpRequest) -> HttpResponse:
    if not can_run_classes(request.user):
        raise PermissionDenied(
            gettext("Only instructors can create classes; ask an administrator.")
        )
    form = ClassroomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            classroom = services.classroom_create(
                instructor=request.user,
                name=form.cleaned_data["name"],
                term=form.cleaned_data["term"],
            )
        except services.ClassExistsError as error:
            messages.info(request, error.message)
            return redirect("class_detail", pk=error.classroom.pk)
        except services.ClassRuleError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                gettext(
                    "%(name)s is ready. Give your students its join code, %(display_code)s, "
                    "or its join link."
                )
                % {"name": classroom.name, "display_code": classroom.display_code},
            )
            return redirect("class_detail", pk=classroom.pk)
    return render(request, "classes/class_form.html", {"form": form})


def _tries_a_code(request: HttpRequest, code: str = "") -> bool:
    """Joining, or a join link's page, which says whether a code names a class."""
    return request.method == "POST" or bool(code or request.GET.get("code"))


@require_http_methods(["GET", "HEAD", "POST"])
@login_required_htmx
@rate_limited("class_join", only=_tries_a_code)
def class_join(request: HttpRequest) -> HttpResponse:
    """The join form; joining is always its POST (a join link's page posts it too)."""
    if request.method == "POST":
        form = JoinForm(request.POST)
        if form.is_valid():
            try:
                return join_and_go(request, form.cleaned_data["code"])
            except services.ClassRuleError as error:
                form.add_error("code", error.message)
        return render(request, "classes/join.html", {"form": form})
    return _join_page(request, request.GET.get("code", ""))


@require_safe
@rate_limited("class_join")
def class_join_link(request: HttpRequest, code: str) -> HttpResponse:
    """A join link (``/classes/join/<code>/``) names the class. A player joins it with one
    button; a visitor (or a guest) is offered sign-up or log-in, which then join it."""
    return _join_page(request, code)


def join_and_go(request: HttpRequest, code: str) -> HttpResponse:
    """Join the class ``code`` names and go to its page (already in it: go there all the
    same). Raises ``ClassRuleError`` for a code that joins nothing; nothing is changed."""
    try:
        membership = services.classroom_join(student=request.user, code=code)
    except services.AlreadyJoinedError as error:
        messages.info(request, error.message)
        return redirect("class_detail", pk=error.classroom.pk)
    classroom = membership.classroom
    messages.success(
        request,
        gettext("Welcome to %(name)s (%(term)s)!")
        % {"name": classroom.name, "term": classroom.term},
    )
    return redirect("class_detail", pk=classroom.pk)


def _join_page(request: HttpRequest, code: str) -> HttpResponse:
    invited_to = classroom_by_join_code(code)
    return render(
        request,
        "classes/join.html",
        {
            "form": JoinForm(initial={"code": code}),
            "invited_to": invited_to,
            "bad_link": bool(code) and invited_to is None,
            "must_sign_in": not request.user.is_authenticated or is_guest(request.user),
        },
    )


@require_safe
@never_cache  # the start buttons carry a fresh start token each time the page is shown
@login_required_htmx
def class_detail(request: HttpRequest, pk: int) -> HttpResponse:
    classroom, role = classroom_for(request, pk, Need.VIEW)
    context: dict[str, object] = {
        "classroom": classroom,
        "role": role.value,
        "now": timezone.now(),
    }
    if role is ClassRole.STUDENT:
        context["open_assignments"] = open_assignments_for(request.user, classroom=classroom)
        context["closed_assignments"] = [
            assignment for assignment in class_assignments(classroom) if not is_open(assignment)
        ]
        context["start_token"] = uuid.uuid4()
    else:
        context["assignments"] = list(class_assignments(classroom))
        context["students"] = list(class_students(classroom))
        context["join_url"] = request.build_absolute_uri(
            reverse("class_join_link", kwargs={"code": classroom.join_code})
        )
    return render(request, "classes/class_detail.html", context)


@require_POST
@login_required_htmx
def class_rotate_code(request: HttpRequest, pk: int) -> HttpResponseBase:
    classroom, _ = classroom_for(request, pk, Need.MANAGE)
    old_code = classroom.display_code
    services.classroom_rotate_code(classroom=classroom)
    messages.success(
        request,
        gettext(
            "The join code is now %(code)s; %(old_code)s and its link no longer work. "
            "Students already in the class stay in it."
        )
        % {"code": classroom.display_code, "old_code": old_code},
    )
    return redirect("class_detail", pk=classroom.pk)


@require_POST
@login_required_htmx
def class_remove_student(request: HttpRequest, pk: int, student_pk: int) -> HttpResponseBase:
    classroom, _ = classroom_for(request, pk, Need.MANAGE)
    try:
        student = services.membership_remove(classroom=classroom, student_id=student_pk)
    except services.ClassRuleError as error:
        messages.info(request, error.message)  # removed already: a double click, another tab
    else:
        messages.success(
            request,
            gettext(
                "%(username)s is no longer in %(name)s; their games stay theirs. They "
                "can join again with the code until you rotate it."
            )
            % {"username": student.get_username(), "name": classroom.name},
        )
    return redirect(reverse("class_detail", kwargs={"pk": classroom.pk}) + "#students")


@require_POST
@login_required_htmx
def class_leave(request: HttpRequest, pk: int) -> HttpResponseBase:
    classroom, _ = classroom_for(request, pk, Need.PLAY)
    try:
        services.membership_leave(classroom=classroom, student=request.user)
    except services.ClassRuleError as error:
        messages.info(request, error.message)
    else:
        messages.success(
            request,
            gettext("You left %(name)s. Your games stay yours.") % {"name": classroom.name},
        )
    return redirect("class_list")


@require_http_methods(["GET", "HEAD", "POST"])
@login_required_htmx
def class_delete(request: HttpRequest, pk: int) -> HttpResponse:
    classroom, _ = classroom_for(request, pk, Need.MANAGE)
    if request.method == "POST":
        name = str(classroom)
        services.classroom_delete(classroom=classroom)
        messages.success(
            request,
            gettext("%(name)s is deleted, with its assignments. Every game stays its player's.")
            % {"name": name},
        )
        return redirect("class_list")
    return render(
        request,
        "classes/class_delete.html",
        {"classroom": classroom, "students": classroom.memberships.count()},
    )
