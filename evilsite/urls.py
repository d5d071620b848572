"""Top-level URLs: each app owns its own URLconf."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("evilsite.accounts.urls")),
    path("", include("games.urls")),
]
