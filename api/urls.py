"""``/api/v1/`` (the JSON API and its docs page) and the Account page's token forms."""

from __future__ import annotations

from django.urls import path, re_path

from api import views
from api.endpoints import api

v1_urlpatterns = [
    path("docs", views.docs, name="api_docs"),
    path("", api.urls),
    re_path(r"^(?P<rest>.*)$", views.not_found),
]

token_urlpatterns = [
    path("new/", views.token_create, name="api_token_create"),
    path("<int:token_id>/revoke/", views.token_revoke, name="api_token_revoke"),
]
