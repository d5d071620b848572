"""Class URLs, all under /classes/."""

from __future__ import annotations

from django.urls import path

from classes.views import assignments, bots, classrooms, leaderboard, records

ASSIGNMENT = "<int:pk>/assignments/<int:assignment_pk>/"

urlpatterns = [
    path("", classrooms.class_list, name="class_list"),
    path("new/", classrooms.class_new, name="class_new"),
    path("join/", classrooms.class_join, name="class_join"),
    path("join/<str:code>/", classrooms.class_join_link, name="class_join_link"),
    path("<int:pk>/", classrooms.class_detail, name="class_detail"),
    path("<int:pk>/code/", classrooms.class_rotate_code, name="class_rotate_code"),
    path(
        "<int:pk>/students/<int:student_pk>/remove/",
        classrooms.class_remove_student,
        name="class_remove_student",
    ),
    path("<int:pk>/leave/", classrooms.class_leave, name="class_leave"),
    path("<int:pk>/delete/", classrooms.class_delete, name="class_delete"),
    path("<int:pk>/games/", records.class_games_page, name="class_games"),
    path("<int:pk>/games.csv", records.class_games_csv, name="class_games_csv"),
    path("<int:pk>/games.jsonl", records.class_games_jsonl, name="class_games_jsonl"),
    path("<int:pk>/stats/", records.class_stats, name="class_stats"),
    path("<int:pk>/leaderboard/", leaderboard.class_leaderboard, name="class_leaderboard"),
    path("<int:pk>/assignments/new/", assignments.assignment_new, name="assignment_new"),
    path("<int:pk>/assignments/new/par/", assignments.assignment_par, name="assignment_par"),
    path(ASSIGNMENT, assignments.assignment_detail, name="assignment_detail"),
    path(f"{ASSIGNMENT}edit/", assignments.assignment_edit, name="assignment_edit"),
    path(f"{ASSIGNMENT}table.csv", assignments.assignment_table_csv, name="assignment_table_csv"),
    path(
        f"{ASSIGNMENT}leaderboard/",
        assignments.assignment_leaderboard_page,
        name="assignment_leaderboard",
    ),
    path(f"{ASSIGNMENT}start/", assignments.assignment_start, name="assignment_start"),
    path(f"{ASSIGNMENT}token/", bots.assignment_token_new, name="assignment_token_new"),
    path(
        f"{ASSIGNMENT}bots/<int:student_pk>/",
        bots.assignment_bot_games,
        name="assignment_bot_games",
    ),
]
