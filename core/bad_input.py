"""Bad bytes and bodies are refused at the door, before any view or query sees them.

A NUL in a path, a query string, a form field or a JSON string reached the
database, which PostgreSQL refuses with an error (a 500 and a traceback), and an
oversize body raised ``RequestDataTooBig`` inside the API (another 500). Both are
the client's mistake: this middleware answers them 400 and 413, as JSON in the
API's shape under ``API_PATH_PREFIX`` and as a plain page elsewhere, so no view
has to remember them. Control characters are refused alike (a name or a letter
never holds one); a form field or a JSON string may still hold a tab or a new line.

A multipart body (the dictionary upload) may be larger by the one file it may
carry (``DICTIONARY_UPLOAD_MAX_BYTES``); its text fields are left to their views'
Django forms, whose ``CharField`` already refuses NUL (reading them here would
store the file before the view's upload handlers run).

A JSON body nested deeper than ``MAX_JSON_DEPTH`` is refused (400) before anything
parses it: Python's parser recurses once per level and raised ``RecursionError``
(a 500, on any URL, before log-in or CSRF) for a 2 KB body of brackets. No body the
site takes is nested more than a few levels. The depth is counted in one pass over
the text, outside its strings, so the check costs time linear in the body's size.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from itertools import accumulate
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

API_PATH_PREFIX = "/api/"
# C0 controls and DEL; a field's text may keep its tab, new line and carriage return.
_CONTROLS = frozenset(chr(code) for code in [*range(0x20), 0x7F])
_TEXT_CONTROLS = _CONTROLS - {"\t", "\n", "\r"}

BAD_BYTES_MESSAGE = _(
    "The request holds a NUL or another control character, which no name, letter or "
    "setting of this site contains. Nothing was changed."
)
TOO_BIG_MESSAGE = _("The request's body is larger than the site accepts. Nothing was changed.")
# Arrays and objects inside one another: the API's bodies use two levels.
MAX_JSON_DEPTH = 32
TOO_DEEP_MESSAGE = _(
    "The request's JSON nests arrays or objects deeper than the site accepts. Nothing was changed."
)
# A JSON string (its escapes included), matched without backtracking; an unclosed one is
# left in place, and its brackets then count (the body is not JSON anyway).
_JSON_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def has_control(text: str, *, controls: frozenset[str] = _CONTROLS) -> bool:
    return not controls.isdisjoint(text)


def json_error(status: int, code: str, message: str) -> JsonResponse:
    """The API's error shape, ``{"error": {"code": ..., "message": ...}}`` (``api.errors``)."""
    return JsonResponse({"error": {"code": code, "message": message}}, status=status)


def _strings(value: Any) -> Iterator[str]:
    """Every string of a parsed JSON document, keys included."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def too_deep(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether arrays and objects nest more than ``limit`` deep in ``text`` (JSON or not),
    found in time linear in its size, with no recursion."""
    if text.count("[") + text.count("{") <= limit:
        return False  # too few to nest deeper
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets), initial=0)) > limit


def _json_text(body: bytes) -> str | None:
    """The body as text, in the encoding ``json.loads`` would read it in (None: not text)."""
    try:
        return body.decode(json.detect_encoding(body), "strict")
    except (UnicodeDecodeError, LookupError):
        return None


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class BadInputMiddleware:
    """400 for control characters in the path, the query, a form's fields or a JSON body;
    413 for a body (not a multipart upload) over ``DATA_UPLOAD_MAX_MEMORY_SIZE``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        refusal = self.refusal(request)
        if refusal is not None:
            return refusal
        return self.get_response(request)

    def refusal(self, request: HttpRequest) -> HttpResponseBase | None:
        if has_control(request.path) or any(
            has_control(key) or any(has_control(value) for value in values)
            for key, values in request.GET.lists()
        ):
            return self.answer(request, 400, "bad_request", BAD_BYTES_MESSAGE)
        content_type = request.content_type or ""
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if content_type.startswith("multipart/"):
            # Room for the one file an upload may store, whose own handler says its limit.
            limit += getattr(settings, "DICTIONARY_UPLOAD_MAX_BYTES", 0)
        if _content_length(request) > limit:
            return self.answer(request, 413, "payload_too_large", TOO_BIG_MESSAGE)
        if content_type.startswith("multipart/"):
            return None
        if request.method not in ("POST", "PUT", "PATCH", "DELETE"):
            return None
        if content_type == "application/x-www-form-urlencoded":
            fields = request.POST.lists()
            if any(
                has_control(key) or any(has_control(v, controls=_TEXT_CONTROLS) for v in values)
                for key, values in fields
            ):
                return self.answer(request, 400, "bad_request", BAD_BYTES_MESSAGE)
        elif content_type == "application/json" or request.path.startswith(API_PATH_PREFIX):
            # The API reads any body as JSON, whatever the content type says.
            text = _json_text(request.body)
            if text is None:
                return None  # not text: the view says so in its own words
            if too_deep(text):
                return self.answer(request, 400, "too_deep", TOO_DEEP_MESSAGE)
            try:
                document = json.loads(text)
            except ValueError:
                return None  # not JSON: the view says so in its own words
            if any(has_control(text, controls=_TEXT_CONTROLS) for text in _strings(document)):
                return self.answer(request, 400, "bad_request", BAD_BYTES_MESSAGE)
        return None

    def answer(
        self, request: HttpRequest, status: int, code: str, message: str | Promise
    ) -> HttpResponse:
        if request.path.startswith(API_PATH_PREFIX):
            with translation.override("en"):  # the JSON API speaks English
                return json_error(status, code, str(message))
        # Before LocaleMiddleware: the page takes the language the browser asks for itself.
        with translation.override(translation.get_language_from_request(request)):
            page = render_to_string("bad_input.html", {"status": status, "message": message})
        response = HttpResponse(page, status=status)
        response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
        return response
