"""The HTML side of the API: its docs page, and the Account page's token forms.

The docs page is built from the OpenAPI schema by a template of the site's
own (no script, no inline style: the CSP stays strict). The token forms are
ordinary POST forms with CSRF, for a signed-in person; the API itself never
accepts a session.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from api import services
from api.endpoints import api
from api.errors import error_response
from api.models import ApiToken
from core.web import login_required_htmx

HTTP_METHODS = ("get", "post", "put", "patch", "delete")


@require_safe
def docs(request: HttpRequest) -> HttpResponse:
    """Every operation of the schema: method, path, what it does, its parameters and bodies."""
    schema = api.get_openapi_schema()
    operations: list[dict[str, Any]] = []
    for path, item in schema["paths"].items():
        for method in HTTP_METHODS:
            if method not in item:
                continue
            operation = item[method]
            body = (
                operation.get("requestBody", {})
                .get("content", {})
                .get("application/json", {})
                .get("schema", {})
                .get("$ref", "")
                .rsplit("/", 1)[-1]
            )
            operations.append(
                {
                    "method": method.upper(),
                    "path": path,  # with the /api/v1 prefix already
                    "summary": operation.get("summary", ""),
                    "parameters": operation.get("parameters", []),
                    "body": body,
                    "responses": sorted(operation.get("responses", {}).items()),
                }
            )
    components = schema.get("components", {}).get("schemas", {})
    return render(
        request,
        "api/docs.html",
        {
            "info": schema["info"],
            "operations": operations,
            "components": sorted(
                (name, sorted(definition.get("properties", {}).items()))
                for name, definition in components.items()
            ),
        },
    )


def not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    """Any other path under /api/v1/: a JSON 404, as every API error."""
    return error_response(404, "not_found", "No such API path; see /api/v1/docs.")


@require_POST
@never_cache
@login_required_htmx
def token_create(request: HttpRequest) -> HttpResponse:
    """Make a token and show its secret, this once (no redirect: it is never stored)."""
    days_text = request.POST.get("days", "").strip()
    try:
        days = int(days_text) if days_text else None
    except ValueError:
        messages.error(request, gettext("Give the days as a whole number, or leave them empty."))
        return redirect("profile")
    try:
        token, secret = services.api_token_create(
            user=request.user, name=request.POST.get("name", ""), days=days
        )
    except services.ApiRuleError as error:
        messages.error(request, error.message)
        return redirect("profile")
    return render(request, "api/token_created.html", {"token": token, "secret": secret})


@require_POST
@login_required_htmx
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        token = services.api_token_revoke(user=request.user, token_id=token_id)
    except ApiToken.DoesNotExist:
        messages.error(request, gettext("You have no such token; nothing was revoked."))
    else:
        messages.success(
            request,
            gettext("Token “%(name)s” is revoked: programs using it get 401.")
            % {"name": token.name},
        )
    return redirect("profile")
