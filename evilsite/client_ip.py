"""The client's address for django-axes, also behind trusted reverse proxies."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip_address(request: HttpRequest) -> str | None:
    """The address the outermost trusted proxy saw.

    Each of the ``TRUSTED_PROXY_COUNT`` proxies appends the address it received
    the request from to X-Forwarded-For, so the client is that many entries from
    the right; anything further left may be forged by the client. Without a
    proxy (or with a shorter header than promised) the socket's peer is used.
    """
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies:
        forwarded = [
            part.strip()
            for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if part.strip()
        ]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR")
