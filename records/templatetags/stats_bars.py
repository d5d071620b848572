"""The wrong-guess charts' bars on a player's page, drawn in Python.

A busy player's page shows four charts of up to fifteen bars, each bar two plural
translations and a number: drawn by the template language they cost about 4 ms of a page's
CPU, drawn here a fraction of it (``bench/leaderboard.py``, the player page). The markup is
the one ``records/stats/_wrong_guesses_chart.html`` wraps in its list.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import ngettext

from records.selectors.stats import DistributionBar

register = template.Library()


@register.simple_tag
def wrong_guess_bars(bars: Iterable[DistributionBar]) -> SafeString:
    return SafeString("".join(_bar(bar) for bar in bars))


def _bar(bar: DistributionBar) -> str:
    # The same messages as the template's {% blocktranslate count %}: one catalog entry each.
    label = ngettext("%(counter)s wrong guess", "%(counter)s wrong guesses", bar.misses) % {
        "counter": bar.misses
    }
    games = ngettext("won game", "won games", bar.count)
    empty = "" if bar.count else " is-empty"
    return (
        f"<li><span>{escape(label)}</span>"
        f'<span class="bar-track"><span class="bar width-{int(bar.percent)}{empty}">'
        f'{escape(intcomma(bar.count))}<span class="records-sr-only"> {escape(games)}</span>'
        "</span></span></li>"
    )
