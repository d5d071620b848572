"""Building the Spanish, French and German built-in lists from real spelling dictionaries.

No Django here. Each list is a Debian word-list package's words (``wspanish``,
``wfrench``, ``wngerman``) that wordfreq counts often enough in that language, less
names, English intrusions and blocked words. The build runs where the packages are
installed (``manage.py build_builtin_lists``: a developer's machine, CI) and writes
``dictionaries/data/builtin/<code>.txt.gz``, which the set-up loads, so a first start
needs neither apt nor root. The rules (measured in docs/word-lists.md):

- **Names out.** Spanish and French keep lower-case entries only (a capital marks a
  proper noun). German capitalises nouns: a capitalised entry is kept unless
  ``hunspell-de-de`` marks its stem as a name (:func:`german_names`).
- **English out** (French, German). A word of 5 letters or more that ``wamerican`` has
  too, counted at least ten times (1 Zipf) more often in English (``review``).
- **Familiar.** wordfreq's Zipf of at least the list's threshold, letters of the language.
- **Blocked out.** The language's shipped blocklist, by play form as the import compares.
- **Written as written.** French "oe" becomes "œ" where wordfreq counts that spelling
  more often (œuvre, cœur); German keeps ``ß`` (straße; wordfreq counts it as "strasse").
"""

from __future__ import annotations

import gzip
import subprocess
from collections import Counter
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from dictionaries.blocklist_data import shipped_blocklists
from dictionaries.frequency import frequencies, zipf_of
from dictionaries.languages import language, play_form

BUILTIN_DIR = Path(__file__).resolve().parent / "data" / "builtin"
DICT_DIR = Path("/usr/share/dict")
ENGLISH_DICTIONARY = ("wamerican", DICT_DIR / "american-english")
GERMAN_HUNSPELL = ("hunspell-de-de", Path("/usr/share/hunspell/de_DE.dic"))
# Words of 5 letters or more (shorter ones are mostly look-alikes: French "but", German
# "held", Spanish "once") at least ten times as frequent in English: an English word.
ENGLISH_MARGIN = 1.0
ENGLISH_MIN_LENGTH = 5
_NAME_FLAGS = ("", "S")
_PLACE_FLAGS = frozenset("Sm")


@dataclass(frozen=True, slots=True)
class Source:
    code: str
    package: str
    path: Path
    marks: str  # the accented letters the language writes beyond its alphabet's own
    zipf: float  # the lowest Zipf kept: every length 3 to 15 keeps 100 words or more
    english_out: bool  # whether English words the dictionary accepts are left out


SOURCES: dict[str, Source] = {
    source.code: source
    for source in (
        # wspanish has few inflected forms (86,016 entries): at Zipf 3.0 lengths 14 and 15
        # keep under 100 words, so 2.5 as English (familiar). It has next to no English:
        # the 28 words the English rule would take are Spanish (cardinal, eterno, novel).
        Source("es", "wspanish", DICT_DIR / "spanish", "áéíóúü", 2.5, english_out=False),
        Source("fr", "wfrench", DICT_DIR / "french", "àâæçéèêëîïôœùûüÿ", 3.0, english_out=True),
        Source("de", "wngerman", DICT_DIR / "ngerman", "", 3.0, english_out=True),
    )
}


def package_version(package: str) -> str | None:
    """The installed Debian package's version, or None when it is not installed."""
    try:
        done = subprocess.run(
            ["dpkg-query", "-W", "-f", "${Status} ${Version}", package],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return None
    status, _, version = done.stdout.rpartition(" ")
    return version if done.returncode == 0 and "installed" in status.split() else None


def missing_packages(code: str) -> list[str]:
    """The packages a build of ``code`` needs and this machine lacks."""
    needed = [SOURCES[code].package, ENGLISH_DICTIONARY[0]]
    if code == "de":
        needed.append(GERMAN_HUNSPELL[0])
    return [package for package in needed if package_version(package) is None]


def _entries(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def german_names(english_capitalised: set[str]) -> set[str]:
    """The capitalised German forms hunspell-de-de marks as names, with their genitives: a
    stem with no affix flag or only the genitive ``S`` (Anna/S, Henning/S, NASA), or only
    ``S`` and the compound flag ``m`` when English writes it with a capital too
    (Helsinki/Sm; a noun without plural, Beifall/Sm, is not capitalised in English)."""
    names: set[str] = set()
    lines = GERMAN_HUNSPELL[1].read_text(encoding="utf-8").splitlines()
    for line in lines[1:]:  # the first line is the number of entries
        if not line[:1].isupper():
            continue
        stem, _, flags = line.strip().partition("/")
        flag_set = set(flags)
        if flags in _NAME_FLAGS or (
            flag_set <= _PLACE_FLAGS and "S" in flag_set and stem in english_capitalised
        ):
            names.update((stem, stem + "s"))
    return names


def _with_ligatures(words: set[str], code: str) -> set[str]:
    """Each word with "oe" written with "œ" where wordfreq counts that spelling more often."""
    plain = sorted(word for word in words if "oe" in word)
    tied = [word.replace("oe", "œ") for word in plain]
    table = frequencies(code)
    zipf_plain = zipf_of(plain, table, language=code)
    zipf_tied = zipf_of(tied, table, language=code)
    changed = {
        word: ligature
        for word, ligature, before, after in zip(plain, tied, zipf_plain, zipf_tied, strict=True)
        if after > before
    }
    return {changed.get(word, word) for word in words}


@dataclass(frozen=True, slots=True)
class BuiltList:
    code: str
    words: list[str]  # lower case as written, sorted
    header: list[str]
    dropped: dict[str, int]  # why words of the dictionary were left out, and how many
    english: list[str]  # the English words left out, for the docs and the tests

    def text(self) -> str:
        return "".join(f"# {line}\n" for line in self.header) + "".join(
            f"{word}\n" for word in self.words
        )


def build(code: str) -> BuiltList:
    """The built-in list of ``code`` from the installed packages and wordfreq."""
    source = SOURCES[code]
    lang = language(code)
    letters = set(lang.letters + source.marks)
    english = _entries(ENGLISH_DICTIONARY[1])
    english_lower = {word for word in english if word.islower()}
    names = (
        german_names({word for word in english if word[:1].isupper()}) if code == "de" else set()
    )
    dropped: Counter[str] = Counter()
    candidates: set[str] = set()
    for entry in _entries(source.path):
        word = lang.lower(entry)
        if not set(word) <= letters:
            dropped["not letters of the language"] += 1
        elif entry != word and (code != "de" or entry[1:] != word[1:]):
            dropped["capitalised (a name)"] += 1
        elif entry in names:
            dropped["a name (hunspell-de-de)"] += 1
        else:
            candidates.add(word)
    if code == "fr":
        candidates = _with_ligatures(candidates, code)
    words = sorted(candidates)
    own = dict(zip(words, zipf_of(words, frequencies(code), language=code), strict=True))
    familiar = [word for word in words if own[word] >= source.zipf]
    dropped[f"under Zipf {source.zipf}"] += len(words) - len(familiar)
    in_english = [
        word
        for word in familiar
        if source.english_out and len(word) >= ENGLISH_MIN_LENGTH and word in english_lower
    ]
    english_zipf = dict(zip(in_english, zipf_of(in_english), strict=True))
    # As the import plays them (the language's accent rule): "bourré" blocks "bourre" too.
    blocked = {play_form(word, lang, lang.default_accents) for word in shipped_blocklists()[code]}
    kept, english_out = [], []
    for word in familiar:
        if english_zipf.get(word, 0.0) >= own[word] + ENGLISH_MARGIN:
            english_out.append(word)
        elif play_form(word, lang, lang.default_accents) in blocked:
            dropped["blocked"] += 1
        else:
            kept.append(word)
    if source.english_out:
        dropped["English (ten times as frequent there)"] = len(english_out)
    header = [
        f"{lang.name} (familiar): {len(kept)} words, built by manage.py build_builtin_lists.",
        f"Dictionary: Debian package {source.package} {package_version(source.package)} "
        f"({source.path}).",
        f"Frequencies: wordfreq {version('wordfreq')}, Zipf {source.zipf} or more.",
    ]
    if source.english_out:
        header.append(
            f"English words out: {ENGLISH_DICTIONARY[0]} {package_version(ENGLISH_DICTIONARY[0])}"
            f", {ENGLISH_MIN_LENGTH}+ letters, {ENGLISH_MARGIN} Zipf more frequent in English."
        )
    if code == "de":
        header.append(
            f"Names out: {GERMAN_HUNSPELL[0]} {package_version(GERMAN_HUNSPELL[0])} affix flags."
        )
    header.append("Blocked words out: dictionaries/data/blocklist (LDNOOBW, CC BY 4.0).")
    header.append("Left out: " + "; ".join(f"{why} {n}" for why, n in sorted(dropped.items())))
    return BuiltList(
        code=code, words=kept, header=header, dropped=dict(dropped), english=english_out
    )


def shipped_path(code: str) -> Path:
    return BUILTIN_DIR / f"{code}.txt.gz"


def write_shipped(built: BuiltList) -> Path:
    """Write the list gzipped with no timestamp, so the same words give the same bytes."""
    path = shipped_path(built.code)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as packed:
        packed.write(built.text().encode("utf-8"))
    return path


def shipped_words(code: str) -> list[str]:
    """The words of a shipped built-in list, sorted (its header skipped)."""
    text = gzip.decompress(shipped_path(code).read_bytes()).decode("utf-8")
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def shipped_header(code: str) -> list[str]:
    text = gzip.decompress(shipped_path(code).read_bytes()).decode("utf-8")
    return [line[2:] for line in text.splitlines() if line.startswith("# ")]
