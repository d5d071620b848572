"""Top-level URLs: each app owns its own URLconf."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from api.urls import token_urlpatterns, v1_urlpatterns
from evilsite import views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("ping/", views.ping, name="ping"),
    path("ready/", views.ready, name="ready"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("site.webmanifest", views.web_manifest, name="web_manifest"),
    path("api/v1/", include(v1_urlpatterns)),
    path("accounts/api-tokens/", include(token_urlpatterns)),
    path("accounts/", include("evilsite.accounts.urls")),
    path("classes/", include("classes.urls")),
    path("daily/", include("daily.urls")),
    path("", include("games.urls")),
]

handler500 = "evilsite.views.server_error"
