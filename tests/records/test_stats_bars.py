"""The wrong-guess chart's bars, drawn in Python: the template's markup and translations."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from records.selectors.stats import DistributionBar
from records.templatetags.stats_bars import wrong_guess_bars

BARS = (
    DistributionBar(misses=0, count=0, percent=0),
    DistributionBar(misses=1, count=1, percent=1),
    DistributionBar(misses=2, count=1234, percent=100),
)


def test_each_bar_says_its_wrong_guesses_and_won_games() -> None:
    html = wrong_guess_bars(BARS)
    assert html.count("<li>") == 3
    assert (
        '<li><span>0 wrong guesses</span><span class="bar-track"><span class="bar width-0'
        ' is-empty">0<span class="records-sr-only"> won games</span></span></span></li>'
    ) in html
    assert "<span>1 wrong guess</span>" in html
    assert '">1<span class="records-sr-only"> won game</span>' in html
    assert 'class="bar width-100">1,234<span' in html


def test_in_another_language_as_the_template_did() -> None:
    with translation.override("de"):
        html = wrong_guess_bars(BARS)
        template = Template(
            "{% load i18n %}{% blocktranslate count counter=2 %}{{ counter }} wrong guess"
            "{% plural %}{{ counter }} wrong guesses{% endblocktranslate %}"
        ).render(Context())
    assert template in html
    assert "gewonnene Spiele" in html
    assert "wrong" not in html
