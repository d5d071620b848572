"""The site's URLs plus views that fail, for the error page tests."""

from __future__ import annotations

from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from evilsite.urls import handler500  # noqa: F401 (the site's 500 page, as in production)
from evilsite.urls import urlpatterns as site_urlpatterns


def broken_view(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug nobody should see the details of")


def suspicious_view(request: HttpRequest) -> HttpResponse:
    raise SuspiciousOperation("details only the logs should see")


def broken_form(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a form that fails")


urlpatterns = [
    path("test-errors/broken/", broken_view),
    path("test-errors/suspicious/", suspicious_view),
    path("test-errors/broken-form/", csrf_exempt(broken_form)),
    *site_urlpatterns,
]
