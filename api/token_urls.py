"""``/accounts/api-tokens/``: the Account page's forms to make and revoke API tokens."""

from __future__ import annotations

from django.urls import path

from api import views

urlpatterns = [
    path("new/", views.token_create, name="api_token_create"),
    path("<int:token_id>/revoke/", views.token_revoke, name="api_token_revoke"),
]
