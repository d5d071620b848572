"""Classes in the admin: browse and fix classes, their students and assignments.

Instructors run their classes on the site (``/classes/``); the admin is for
administrators, e.g. to hand a class to another instructor.
"""

from __future__ import annotations

from django.contrib import admin

from classes.models import Assignment, Classroom, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ("student",)
    readonly_fields = ("joined_at",)


class AssignmentInline(admin.TabularInline):
    model = Assignment
    extra = 0
    fields = ("title", "dictionary", "length", "max_misses", "difficulty", "due_at")
    show_change_link = True


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ("name", "term", "instructor", "join_code", "created_at")
    search_fields = ("name", "term", "instructor__username", "join_code")
    list_select_related = ("instructor",)
    raw_id_fields = ("instructor",)
    readonly_fields = ("join_code", "code_rotated_at", "created_at")
    inlines = (AssignmentInline, MembershipInline)


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin):
    list_display = ("title", "classroom", "dictionary", "length", "difficulty", "due_at")
    list_filter = ("difficulty",)
    search_fields = ("title", "classroom__name")
    list_select_related = ("classroom", "dictionary")
    raw_id_fields = ("classroom",)
