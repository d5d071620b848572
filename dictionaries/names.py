"""A dictionary's name: checked, made a slug, and refused when it is taken or a look-alike.

A name may be written in any script (``עברית``, ``Ελληνικά 2026``): it needs a letter or a
digit of some alphabet. Its slug (for the API and filters' URLs) is ASCII for a name in
Latin letters ("Español (familiar)" is ``espanol-familiar``, as before) and keeps the
name's own letters otherwise (``ελληνικά-2026``). Two names are too close when they are
equal but for case, share a slug, or share a look-alike skeleton of all their letters
(``core.names.name_skeletons``: ICU's UTS #39 skeletons), so ``Ελληνικά 2026`` and
``עברית 2026`` are two names while ``Greek`` and ``Greek`` with a Cyrillic e (U+0435) are one.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q
from django.utils.text import slugify
from django.utils.translation import gettext

from core.names import has_letter_or_digit, name_skeletons
from dictionaries import scripts
from dictionaries.models import Dictionary
from dictionaries.wordfiles import DictionaryImportError

NAME_MAX_LENGTH = Dictionary._meta.get_field("name").max_length


def dictionary_slug(name: str) -> str:
    """ASCII for a name whose letters are all Latin; the name's own letters otherwise."""
    if all(scripts.script_code(char) in ("Latn", "Zyyy", "Zinh") for char in name):
        ascii_slug = slugify(name)
        if ascii_slug:
            return ascii_slug
    return slugify(name, allow_unicode=True)


def validated_name(name: str) -> tuple[str, str]:
    """A new dictionary's name, spaces collapsed, and its slug; refused with the reason."""
    clean = " ".join(name.split())
    if not clean:
        raise DictionaryImportError(
            gettext("Give the dictionary a name."), code="name_blank", field="name"
        )
    if len(clean) > NAME_MAX_LENGTH:
        raise DictionaryImportError(
            gettext("The name is %(length)s characters long; at most %(max)s are allowed.")
            % {"length": len(clean), "max": NAME_MAX_LENGTH},
            code="name_too_long",
            field="name",
        )
    slug = dictionary_slug(clean)
    if not has_letter_or_digit(clean) or not slug:
        raise DictionaryImportError(
            gettext("The name needs at least one letter or digit."),
            code="name_no_slug",
            field="name",
        )
    return clean, slug


def lookalike_among(name: str, names: Iterable[str]) -> str | None:
    """The first of ``names`` that looks like ``name`` (a shared skeleton), or None."""
    wanted = name_skeletons(name)
    for other in names:
        if not wanted.isdisjoint(name_skeletons(other)):
            return other
    return None


def lookalike_message(name: str, other: str) -> str:
    return gettext(
        "The name %(name)s looks too much like the existing dictionary %(name2)s (letters "
        "from another alphabet, case, accents or look-alike characters such as 0 and O); "
        "choose another name."
    ) % {"name": repr(name), "name2": repr(other)}


def name_taken_error(name: str, slug: str) -> DictionaryImportError | None:
    """Why a new dictionary cannot take ``name`` (its ``slug``), or None."""
    clash = Dictionary.objects.filter(Q(name__iexact=name) | Q(slug=slug)).first()
    if clash is None:
        lookalike = lookalike_among(name, Dictionary.objects.values_list("name", flat=True))
        if lookalike is None:
            return None
        return DictionaryImportError(
            lookalike_message(name, lookalike), code="name_taken", field="name"
        )
    if clash.name.casefold() == name.casefold():
        message = gettext("A dictionary named %(name)s already exists; choose another name.") % {
            "name": f"{clash.name!r}"
        }
    else:
        message = gettext(
            "The name %(name)s is too close to the existing dictionary %(name2)s "
            "(both would be %(slug)s); choose another name."
        ) % {"name": f"{name!r}", "name2": f"{clash.name!r}", "slug": f"{slug!r}"}
    return DictionaryImportError(message, code="name_taken", field="name")
