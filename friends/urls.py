from __future__ import annotations

from django.urls import path

from friends import views

urlpatterns = [
    path("play-with/new/", views.sent_game_new, name="sent_game_new"),
    path("play-with/<str:code>/", views.sent_game, name="sent_game"),
    path("play-with/<str:code>/play/", views.sent_game_play, name="sent_game_play"),
    path("play-with/<str:code>/close/", views.sent_game_close, name="sent_game_close"),
    path("games/<int:pk>/send/", views.game_send, name="game_send"),
]
