"""Dates in the page's language: a weekday before a date, as each language writes it.

The other dates of the pages use Django's format names (``|date:"DATE_FORMAT"``); a
date with its weekday has no format name, so this filter joins the weekday and
``DATE_FORMAT`` the way the catalog says ("sábado, 28 de noviembre de 2026",
"samedi 28 novembre 2026", "Samstag, 28. November 2026").
"""

from __future__ import annotations

import datetime as dt

from django import template
from django.utils.formats import date_format
from django.utils.translation import pgettext

register = template.Library()


@register.filter
def weekday_date(value: dt.date | None, style: str = "long") -> str:
    """``{{ day|weekday_date }}``: "Saturday 28 Nov 2026"; ``"short"``: "Sat 28 Nov 2026"."""
    if not value:
        return ""
    weekday = date_format(value, "D" if style == "short" else "l")
    return pgettext("a weekday, then a date", "%(weekday)s %(date)s") % {
        "weekday": weekday,
        "date": date_format(value, "DATE_FORMAT"),
    }
