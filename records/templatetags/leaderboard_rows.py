"""The leaderboard's table rows, drawn in Python.

A page shows 25 rows of eight cells; drawn by the template language they cost
several times the page's queries, drawn here a small part of them (see
``bench/leaderboard.py``). The markup is the one the table's header expects.
"""

from __future__ import annotations

from django import template
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import pgettext

from records.selectors.leaderboard import LeaderboardRow

register = template.Library()


@register.simple_tag
def leaderboard_rows(
    rows: list[LeaderboardRow], *, viewer_id: int | None, by_win_rate: bool
) -> SafeString:
    return SafeString(
        "".join(_row(row, viewer_id=viewer_id, by_win_rate=by_win_rate) for row in rows)
    )


def win_rate_text(*, wins: int, games: int) -> str:
    """100 * wins / games to one decimal, halves rounded up (as ``floatformat:1``), exactly."""
    if not games:
        return "0.0"
    tenths = (2000 * wins + games) // (2 * games)
    return f"{tenths // 10}.{tenths % 10}"


def _row(row: LeaderboardRow, *, viewer_id: int | None, by_win_rate: bool) -> str:
    # Plain f-strings: only the username and its URL are text; the rest are numbers and dates
    # (in the page's language's format).
    is_viewer = row.player_id == viewer_id
    win_rate = f'<td class="num">{win_rate_text(wins=row.wins, games=row.games)}%</td>'
    if row.achieved_at is None:
        achieved = "<td>—</td>"
    else:
        local = timezone.localtime(row.achieved_at)
        shown = date_format(local, "SHORT_DATETIME_FORMAT")
        achieved = f'<td><time datetime="{local.isoformat()}">{shown}</time></td>'
    you = ""
    if is_viewer:
        tag = pgettext("leaderboard: your own row", "you")
        you = f' <span class="tag">{escape(tag)}</span>'

    viewer_class = ' class="is-viewer"' if is_viewer else ""
    return (
        f'<tr{viewer_class}><td class="num">{int(row.rank)}</td>'
        f'<th scope="row"><a class="name" href="{escape(row.profile_url)}" '
        f'title="{escape(row.username)}">{escape(row.username)}</a>{you}</th>'
        f'{win_rate if by_win_rate else ""}<td class="num">{int(row.points):,}</td>'
        f'<td class="num">{int(row.games):,}</td><td class="num">{int(row.wins):,}</td>'
        f"{'' if by_win_rate else win_rate}{achieved}</tr>"
    )
