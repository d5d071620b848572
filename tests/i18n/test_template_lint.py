"""Every word a player reads in a template goes through Django's translation machinery.

Each template under templates/ is tokenised with Django's own lexer; the parts Django
outputs verbatim (TEXT tokens), outside {% blocktranslate %}, comments, <code>/<pre>,
<script> and <style>, are read as HTML: any text holding a letter fails, and so does a
literal word in an attribute a player sees or hears (title, aria-label, placeholder, alt,
a button's value, a page's meta description). Only what reads the same in every language
is let through: symbols, numbers, addresses, and the few names in ``NAMES``.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.template.base import DebugLexer, TokenType

TEMPLATES = Path(settings.BASE_DIR) / "templates"

# The directories the two other helpers of issue 30 translate on their own branches
# (i18n-pages): skipped here until their work is merged, then THIS TUPLE IS EMPTIED.
NOT_YET_TRANSLATED_DIRECTORIES: tuple[str, ...] = ()

# Not pages: what crawlers read.
NOT_PAGES = {"robots.txt"}

# Names spelt the same in every language (the brand; a specification; a time zone).
NAMES = ("Evil Hangman", "OpenAPI", "UTC")

# Attributes a player sees or hears; ``value`` only on buttons (below).
SPOKEN_ATTRIBUTES = {"title", "aria-label", "aria-description", "placeholder", "alt"}
BUTTON_INPUT_TYPES = {"submit", "button", "reset"}
# Elements whose text is no prose: code samples, scripts, styles.
UNTRANSLATED_ELEMENTS = {"code", "pre", "script", "style"}

# What a template tag or variable leaves in the HTML read below: no letter, no tag.
MARK = "\ue000"
LETTER = re.compile(r"[^\W\d_]")
ADDRESS = re.compile(r"(?:https?://|/)[\w./?=&%#:-]*")


def templates() -> list[Path]:
    found = []
    for path in sorted(TEMPLATES.rglob("*")):
        if path.suffix not in {".html", ".txt"} or path.name in NOT_PAGES:
            continue
        relative = path.relative_to(TEMPLATES)
        if relative.parts[0] in NOT_YET_TRANSLATED_DIRECTORIES:
            continue
        found.append(path)
    return found


def has_words(text: str) -> bool:
    text = text.replace(MARK, " ")
    for name in NAMES:
        text = text.replace(name, " ")
    return bool(LETTER.search(ADDRESS.sub(" ", text)))


def html_outside_tags(source: str) -> str:
    """The template with every tag, variable and {% blocktranslate %}…{% endblocktranslate %}
    replaced by MARK and every comment removed, keeping each line where it was."""
    pieces: list[str] = []
    in_comment = 0
    in_blocktranslate = False
    for token in DebugLexer(source).tokenize():
        start, end = token.position
        newlines = "\n" * source.count("\n", start, end)
        word = token.split_contents()[0] if token.token_type == TokenType.BLOCK else ""
        if token.token_type == TokenType.COMMENT:
            pieces.append(newlines)
        elif word == "comment":
            in_comment += 1
            pieces.append(newlines)
        elif word == "endcomment":
            in_comment -= 1
            pieces.append(newlines)
        elif in_comment:
            pieces.append(newlines)
        elif word in {"blocktranslate", "blocktrans"}:
            in_blocktranslate = True
            pieces.append(MARK + newlines)
        elif word in {"endblocktranslate", "endblocktrans"}:
            in_blocktranslate = False
            pieces.append(newlines)
        elif token.token_type == TokenType.TEXT and not in_blocktranslate:
            pieces.append(token.contents)
        else:
            pieces.append(MARK + newlines)
    return "".join(pieces)


class UntranslatedText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if value is None:
                continue
            spoken = name in SPOKEN_ATTRIBUTES
            spoken |= name == "value" and (
                tag == "button" or (tag == "input" and values.get("type") in BUTTON_INPUT_TYPES)
            )
            spoken |= tag == "meta" and name == "content" and values.get("name") == "description"
            if spoken and has_words(value):
                self.found.append((self.getpos()[0], f'{name}="{value}"'))
        if tag in UNTRANSLATED_ELEMENTS:
            self.skipping.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping and has_words(data):
            self.found.append((self.getpos()[0], data.strip().replace(MARK, "…")))


def untranslated(source: str) -> list[tuple[int, str]]:
    parser = UntranslatedText()
    parser.feed(html_outside_tags(source))
    parser.close()
    return parser.found


@pytest.mark.parametrize("path", templates(), ids=lambda path: str(path.relative_to(TEMPLATES)))
def test_every_word_of_the_template_is_translated(path: Path) -> None:
    found = untranslated(path.read_text(encoding="utf-8"))
    where = path.relative_to(Path(settings.BASE_DIR))
    assert not found, (
        "Untranslated text (mark it with {% translate %} or {% blocktranslate %}):\n"
        + ("\n".join(f"  {where}:{line}: {text}" for line, text in found))
    )


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("<p>Hello</p>", [(1, "Hello")]),
        ('{% load i18n %}<p>{% translate "Hello" %}</p>', []),
        ("{% load i18n %}<p>{% blocktranslate %}Hi {{ name }}{% endblocktranslate %}</p>", []),
        ('<a title="Go home" href="/">{{ x }}</a>', [(1, 'title="Go home"')]),
        ('{% load i18n %}<a title="{% translate "Go home" %}" href="/">→</a>', []),
        ('<button type="button" aria-label="Close">×</button>', [(1, 'aria-label="Close"')]),
        ('<input type="submit" value="Send">', [(1, 'value="Send"')]),
        ('<input type="hidden" name="next" value="home">', []),
        ('<meta name="description" content="A game">', [(1, 'content="A game"')]),
        ("{# a note #}{% comment %}Why{% endcomment %}<p>12 · 3</p>", []),
        ("<p><code>curl -H x</code></p><pre>GET /api</pre>", []),
        ('<p>\n\n  Evil Hangman · <a href="/a">/api/v1/openapi.json</a></p>', []),
        ("<ul>\n<li>{% if x %}Yes{% endif %}</li>", [(2, "…Yes…")]),
        ('<img alt="" src="/a.png"><svg><title>Drawing</title></svg>', [(1, "Drawing")]),
        ("<p>Español</p>", [(1, "Español")]),
    ],
)
def test_the_lint_finds_words_and_only_words(source: str, expected: list[tuple[int, str]]) -> None:
    assert untranslated(source) == expected


def test_the_skipped_directories_are_the_only_templates_left_out() -> None:
    """Each skipped directory exists (a renamed one would go unchecked silently)."""
    for directory in NOT_YET_TRANSLATED_DIRECTORIES:
        assert (TEMPLATES / directory).is_dir(), directory
    assert len(templates()) > 40
