"""Top-level URLs: each app owns its own URLconf, included by name (no app imported here)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from core import views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("ping/", views.ping, name="ping"),
    path("ready/", views.ready, name="ready"),
    path("metrics/", views.metrics, name="metrics"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("site.webmanifest", views.web_manifest, name="web_manifest"),
    path("api/v1/", include("api.urls")),
    path("accounts/api-tokens/", include("api.token_urls")),
    path("accounts/", include("accounts.urls")),
    path("classes/", include("classes.urls")),
    path("daily/", include("daily.urls")),
    path("", include("friends.urls")),
    path("leaderboard/ratings/", include("ratings.urls")),
    path("", include("records.urls")),
    path("", include("front.urls")),
]

handler500 = "core.views.server_error"
