"""The front's URLs: home, the play pages and the share pages (records: ``records/urls.py``)."""

from __future__ import annotations

from django.urls import path

from front.views import play, results, visitors

urlpatterns = [
    path("", play.home, name="home"),
    path("games/new/", play.game_new, name="game_new"),
    path("games/try/", visitors.game_try, name="game_try"),
    path("games/new/lengths/", play.game_lengths, name="game_lengths"),
    path("games/new/par/", play.game_par, name="game_par"),
    path("games/<int:pk>/", play.game_detail, name="game_detail"),
    path("games/<int:pk>/hint/", play.game_hint, name="game_hint"),
    path("games/<int:pk>/guess/", play.game_guess, name="game_guess"),
    path("games/<int:pk>/reveal/", play.game_reveal, name="game_reveal"),
    path("games/<int:pk>/forfeit/", play.game_forfeit, name="game_forfeit"),
    path("games/<int:pk>/undo/", play.game_undo, name="game_undo"),
    path("games/<int:pk>/computer/next/", play.computer_next, name="computer_next"),
    path("games/<int:pk>/watch/", play.computer_replay, name="computer_replay"),
    path("results/<int:pk>/<str:code>/", results.game_result, name="game_result"),
    path(
        "results/<int:pk>/<str:code>/image.png",
        results.game_result_image,
        name="game_result_image",
    ),
]
