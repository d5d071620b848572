"""Par and the challenge priors of the built-in lists, shipped with a release as data.

Both are deterministic functions of a list's words (per length, with its alphabet) and of
the engine, and both cost minutes of CPU (par's search, the reference player's games), so
a release carries them: ``manage.py compute_builtin_tables`` works them out from the
engine once and writes one small JSON file per built-in list under
``games/data/builtin_tables/``; ``manage.py setup_site`` stores them in seconds
(:func:`builtin_tables_load`). Each length carries a fingerprint of the words it was
computed on (:func:`words_fingerprint`), and only a length whose words in the database
have the same fingerprint is loaded: a list imported from another wordfreq, or edited,
gets its numbers computed by the ordinary commands instead (``compute_par``,
``compute_challenge_priors``, which keep what is stored). Uploaded lists never have such
a file: their worker computes theirs (``dictionaries.hooks``).

tests/games/test_builtin_tables.py holds the files to the engine (see its docstring); the
design log is docs/design/first-start.md.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction
from django.db.models import F, Q

from dictionaries.builtin_lists import BUILT_IN_LISTS
from dictionaries.models import Dictionary, Word
from dictionaries.selectors import word_lengths
from dictionaries.services import DEFAULT_DICTIONARY_SLUG, FAMILIAR_DICTIONARY_SLUG
from dictionaries.wordbank import get_lexicon
from games import engine
from games.engine import par as engine_par
from games.engine import prior as engine_prior
from games.models import RULE_DIFFICULTIES, ChallengePrior, Par

TABLES_DIR = Path(__file__).resolve().parent.parent / "data" / "builtin_tables"
FORMAT = 1

# The default list's challenges are searched with more positions than compute_par's default:
# the challenge the new-game form opens on (7 letters, hard, familiar) needs 20,585 to prove
# par 4, and without them production's form said "par <= 4 ... the search stopped".
DEFAULT_LIST_PAR_NODES = 40_000


def builtin_slugs() -> list[str]:
    """The built-in lists, in the order setup_site loads them."""
    return [
        FAMILIAR_DICTIONARY_SLUG,
        DEFAULT_DICTIONARY_SLUG,
        *(listed.slug for listed in BUILT_IN_LISTS.values()),
    ]


def par_nodes_for(slug: str) -> int:
    """The positions each challenge of a built-in list is searched with."""
    return DEFAULT_LIST_PAR_NODES if slug == FAMILIAR_DICTIONARY_SLUG else engine_par.PAR_NODES


def table_path(slug: str) -> Path:
    return TABLES_DIR / f"{slug}.json"


def words_fingerprint(alphabet: str, words: Iterable[str]) -> str:
    """What the engine reads of a length's words: the alphabet (its order breaks ties) and
    the sorted distinct words. 16 hex digits of SHA-256."""
    digest = hashlib.sha256(alphabet.encode())
    for word in sorted(set(words)):
        digest.update(b"\n" + word.encode())
    return digest.hexdigest()[:16]


def builtin_list_words(slug: str) -> tuple[str, dict[int, list[str]]]:
    """A built-in list's alphabet and words by length as its import stores them, without a
    database: its source read as ``dictionary_import`` reads it (the same parser and
    alphabet, the shipped blocklist left out). For the tests and the bench; setup_site reads
    the stored words."""
    from dictionaries.blocklist import shipped_play_forms, without_blocked
    from dictionaries.builtin_lists import built_in_words
    from dictionaries.languages import language
    from dictionaries.services import familiar_words_load, validated_language
    from dictionaries.sources import default_word_source
    from dictionaries.wordfiles import alphabet_checked, parse_word_file

    if slug == DEFAULT_DICTIONARY_SLUG:
        tag, source = "en", default_word_source()
    elif slug == FAMILIAR_DICTIONARY_SLUG:
        tag, source = "en", familiar_words_load()
    else:
        tag = next(code for code, listed in BUILT_IN_LISTS.items() if listed.slug == slug)
        source = built_in_words(tag)
    tag, accents = validated_language(tag, "")
    lang = language(tag)
    parsed = parse_word_file("\n".join(source).encode("utf-8"), lang, accents)
    parsed = without_blocked(parsed, shipped_play_forms(language_tag=tag, accents=accents)).parsed
    by_length: dict[int, list[str]] = defaultdict(list)
    for word in parsed.words:
        by_length[len(word)].append(word)
    return alphabet_checked(parsed.words, lang), dict(sorted(by_length.items()))


def dictionary_fingerprints(dictionary: Dictionary) -> dict[int, str]:
    """Each word length of a stored dictionary and its words' fingerprint (one query)."""
    by_length: dict[int, list[str]] = defaultdict(list)
    rows = Word.objects.filter(dictionary=dictionary).values_list("length", "text")
    for length, text in rows.iterator(chunk_size=20_000):
        by_length[length].append(text)
    return {
        length: words_fingerprint(dictionary.alphabet, words)
        for length, words in sorted(by_length.items())
    }


@dataclass(frozen=True, slots=True)
class LengthTables:
    """One length's numbers: per difficulty par (misses, at least, positions used) and the
    reference player's histogram."""

    words: str  # the fingerprint of the words they were computed on
    par: dict[str, tuple[int, int, int]]
    priors: dict[str, tuple[int, ...]]


@dataclass(frozen=True)
class BuiltinTables:
    slug: str
    par_nodes: int
    prior_games: int
    prior_seed: int
    prior_noise: float
    lengths: dict[int, LengthTables] = field(default_factory=dict)

    def as_text(self) -> str:
        """JSON with one line per length, so a change reads as a diff of the lengths it moved."""
        head = {
            "format": FORMAT,
            "dictionary": self.slug,
            "par_nodes": self.par_nodes,
            "prior_games": self.prior_games,
            "prior_seed": self.prior_seed,
            "prior_noise": self.prior_noise,
        }
        lines = [
            f'    "{length}": '
            + json.dumps(
                {
                    "words": tables.words,
                    "par": {key: list(value) for key, value in tables.par.items()},
                    "priors": {key: list(value) for key, value in tables.priors.items()},
                },
                separators=(",", ":"),
            )
            for length, tables in sorted(self.lengths.items())
        ]
        body = json.dumps(head, indent=2)[:-2]
        return body + ',\n  "lengths": {\n' + ",\n".join(lines) + "\n  }\n}\n"

    @classmethod
    def from_text(cls, text: str) -> BuiltinTables:
        data: dict[str, Any] = json.loads(text)
        if data.get("format") != FORMAT:
            raise ValueError(f"built-in tables of format {data.get('format')!r}, not {FORMAT}")
        return cls(
            slug=data["dictionary"],
            par_nodes=data["par_nodes"],
            prior_games=data["prior_games"],
            prior_seed=data["prior_seed"],
            prior_noise=data["prior_noise"],
            lengths={
                int(length): LengthTables(
                    words=entry["words"],
                    par={key: tuple(value) for key, value in entry["par"].items()},
                    priors={key: tuple(value) for key, value in entry["priors"].items()},
                )
                for length, entry in data["lengths"].items()
            },
        )


def builtin_tables_read(slug: str) -> BuiltinTables | None:
    """The shipped tables of a built-in list, or None when the release has none."""
    path = table_path(slug)
    if not path.exists():
        return None
    return BuiltinTables.from_text(path.read_text(encoding="utf-8"))


def length_tables_compute(
    dictionary: Dictionary, length: int, *, par_nodes: int, fingerprint: str
) -> LengthTables:
    """One length's par and priors from the engine: what compute_par and
    compute_challenge_priors would store for it."""
    lexicon = get_lexicon(dictionary_id=dictionary.pk, length=length)
    letters = engine_prior.GreedyLetters(lexicon)
    par: dict[str, tuple[int, int, int]] = {}
    priors: dict[str, tuple[int, ...]] = {}
    for difficulty in RULE_DIFFICULTIES:
        found = engine_par.par(lexicon, engine.Difficulty(difficulty), nodes=par_nodes)
        par[difficulty] = (found.misses, found.at_least, found.nodes)
        priors[difficulty] = engine_prior.challenge_prior(
            lexicon, difficulty, letters=letters
        ).misses_needed
    return LengthTables(words=fingerprint, par=par, priors=priors)


def builtin_tables_compute(
    dictionary: Dictionary, *, progress: Callable[[int, int], None] | None = None
) -> BuiltinTables:
    """Every length of a stored built-in list, from the engine (deterministic)."""
    fingerprints = dictionary_fingerprints(dictionary)
    par_nodes = par_nodes_for(dictionary.slug)
    tables = BuiltinTables(
        slug=dictionary.slug,
        par_nodes=par_nodes,
        prior_games=engine_prior.PRIOR_GAMES,
        prior_seed=engine_prior.PRIOR_SEED,
        prior_noise=engine_prior.REFERENCE_NOISE,
    )
    for done, (length, fingerprint) in enumerate(fingerprints.items(), start=1):
        tables.lengths[length] = length_tables_compute(
            dictionary, length, par_nodes=par_nodes, fingerprint=fingerprint
        )
        if progress is not None:
            progress(done, len(fingerprints))
    return tables


@dataclass(frozen=True)
class LoadOutcome:
    dictionary: Dictionary
    shipped: bool  # the release has tables for this list
    loaded: list[int]  # lengths whose numbers were stored (or were already)
    stale: list[int]  # lengths whose words differ from those the tables were computed on


def builtin_tables_load(dictionary: Dictionary) -> LoadOutcome:
    """Store a built-in list's shipped par and priors for every length whose words match.

    Par already stored with as many positions (or proven) and priors of as many games are
    kept, as the compute commands keep them; everything is written in one transaction.
    """
    tables = builtin_tables_read(dictionary.slug)
    if tables is None:
        return LoadOutcome(dictionary=dictionary, shipped=False, loaded=[], stale=[])
    if (
        tables.prior_seed != engine_prior.PRIOR_SEED
        or tables.prior_noise != engine_prior.REFERENCE_NOISE
    ):
        # Tables of another reference player: none of their priors stand.
        return LoadOutcome(
            dictionary=dictionary, shipped=True, loaded=[], stale=sorted(tables.lengths)
        )
    if _all_stored(dictionary, tables):  # a second start: nothing to read or write
        lengths = sorted(tables.lengths)
        return LoadOutcome(dictionary=dictionary, shipped=True, loaded=lengths, stale=[])
    fingerprints = dictionary_fingerprints(dictionary)
    matching = [
        length
        for length, fingerprint in fingerprints.items()
        if length in tables.lengths and tables.lengths[length].words == fingerprint
    ]
    stale = [length for length in fingerprints if length not in matching]
    with transaction.atomic():
        stored_par = {
            (row.length, row.difficulty): row
            for row in Par.objects.select_for_update().filter(dictionary=dictionary)
        }
        stored_priors = {
            (row.length, row.difficulty): row
            for row in ChallengePrior.objects.select_for_update().filter(dictionary=dictionary)
        }
        new_par: list[Par] = []
        new_priors: list[ChallengePrior] = []
        for length in matching:
            entry = tables.lengths[length]
            for difficulty in RULE_DIFFICULTIES:
                key = (length, difficulty)
                misses, at_least, _ = entry.par[difficulty]
                par = stored_par.get(key)
                if par is None or not (par.proven or par.nodes >= tables.par_nodes):
                    if par is not None:  # both are true bounds: keep the tightest
                        misses, at_least = min(misses, par.misses), max(at_least, par.at_least)
                        par.delete()
                    new_par.append(
                        Par(
                            dictionary=dictionary,
                            length=length,
                            difficulty=difficulty,
                            misses=misses,
                            at_least=at_least,
                            nodes=tables.par_nodes,
                        )
                    )
                prior = stored_priors.get(key)
                if prior is None or prior.games < tables.prior_games:
                    if prior is not None:
                        prior.delete()
                    new_priors.append(
                        ChallengePrior(
                            dictionary=dictionary,
                            length=length,
                            difficulty=difficulty,
                            misses_needed=list(entry.priors[difficulty]),
                            games=tables.prior_games,
                        )
                    )
        Par.objects.bulk_create(new_par)
        ChallengePrior.objects.bulk_create(new_priors)
    return LoadOutcome(dictionary=dictionary, shipped=True, loaded=matching, stale=stale)


def _all_stored(dictionary: Dictionary, tables: BuiltinTables) -> bool:
    """Whether every length of the dictionary has par and priors that loading would keep."""
    lengths = {item.length for item in word_lengths(dictionary_id=dictionary.pk)}
    wanted = len(lengths) * len(RULE_DIFFICULTIES)
    pars = Par.objects.filter(dictionary=dictionary, length__in=lengths).filter(
        Q(misses=F("at_least")) | Q(nodes__gte=tables.par_nodes)
    )
    priors = ChallengePrior.objects.filter(
        dictionary=dictionary, length__in=lengths, games__gte=tables.prior_games
    )
    return pars.count() == wanted and priors.count() == wanted
