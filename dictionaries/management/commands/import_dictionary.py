"""``import_dictionary PATH --name NAME [--language es]`` and ``import_dictionary --default``
(the built-in lists, web2 and the familiar words drawn from it; with ``--language es``, fr
or de, that language's familiar list from its shipped data; idempotent)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO, Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from core import heartbeat
from dictionaries.builtin_lists import BUILT_IN_LISTS, dictionary_import_built_in
from dictionaries.languages import ACCENT_RULES, DEFAULT_LANGUAGE
from dictionaries.models import Dictionary
from dictionaries.refusals import refusals_shown
from dictionaries.services import (
    DEFAULT_DICTIONARY_NAME,
    FAMILIAR_DICTIONARY_NAME,
    DefaultImportResult,
    ImportReport,
    dictionary_import,
    dictionary_import_default,
    dictionary_import_familiar,
)
from dictionaries.wordfiles import DictionaryImportError


class ProgressBar:
    """A tqdm bar created on the first report, once the number of words is known."""

    def __init__(self, *, stream: IO[str], enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self.bar: tqdm | None = None

    def __call__(self, done: int, total: int) -> None:
        heartbeat.report("storing words", done, total)
        if self.bar is None:
            self.bar = tqdm(
                total=total,
                desc="Storing words",
                unit=" words",
                unit_scale=total >= 10_000,
                file=self.stream,
                disable=not self.enabled,
                leave=True,
            )
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class Command(BaseCommand):
    help = (
        "Import a word list (a UTF-8 text file, one word per line) as a new dictionary, "
        f"or with --default alone load the built-in lists, {DEFAULT_DICTIONARY_NAME} and "
        f"{FAMILIAR_DICTIONARY_NAME} (its words people know, the default for new games); "
        "a list already there is left as it is."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", nargs="?", help="The word file to import.")
        parser.add_argument("--name", help="Name of the new dictionary (required with PATH).")
        parser.add_argument("--description", default="", help="What the list is and its source.")
        parser.add_argument(
            "--default",
            action="store_true",
            help=(
                "With PATH: make the new dictionary the default one. "
                f"Alone: load {DEFAULT_DICTIONARY_NAME} and {FAMILIAR_DICTIONARY_NAME} if missing."
            ),
        )
        parser.add_argument(
            "--offer",
            action="store_true",
            help=(
                "With PATH: offer the new dictionary to players at once. Without it (or "
                "--default) it stays hidden until an admin offers it."
            ),
        )
        parser.add_argument(
            "--language",
            default=DEFAULT_LANGUAGE,
            help=(
                "The words' language, a BCP 47 tag (default en). With --default alone: load "
                f"that language's built-in familiar list ({', '.join(BUILT_IN_LISTS)}) instead "
                "of the English ones."
            ),
        )
        parser.add_argument(
            "--accents",
            choices=ACCENT_RULES,
            default="",
            help="With PATH: keep accented letters or fold them (default: the language's rule).",
        )
        parser.add_argument("--no-progress", action="store_true", help="No progress bar.")
        parser.add_argument(
            "--no-par",
            action="store_true",
            help=(
                "Do not compute par and the challenge priors afterwards (manage.py compute_par "
                "and compute_challenge_priors do it later)."
            ),
        )
        parser.add_argument(
            "--no-priors",
            action="store_true",
            help=(
                "Compute par but not the challenge priors (challenges start from par until "
                "manage.py compute_challenge_priors runs); for benchmarks and scripts that "
                "never show a board's rating."
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: str | None = options["path"]
        raw_stderr = getattr(self.stderr, "_out", sys.stderr)
        progress = ProgressBar(
            stream=raw_stderr, enabled=not options["no_progress"] and self.stderr.isatty()
        )
        try:
            if path is None:
                self._import_default(options, progress)
            else:
                self._import_file(Path(path), options, progress)
        except DictionaryImportError as error:
            raise CommandError(f"Nothing imported: {error.message}") from error
        finally:
            progress.close()

    def _import_default(self, options: dict[str, Any], progress: ProgressBar) -> None:
        if not options["default"]:
            raise CommandError(
                "Give a word file and --name NAME, or --default alone to load "
                f"{DEFAULT_DICTIONARY_NAME}."
            )
        if options["name"] or options["description"] or options["accents"]:
            raise CommandError("--name, --description and --accents need a PATH to import.")
        code = options["language"].split("-")[0].lower()
        if code != DEFAULT_LANGUAGE:
            if code not in BUILT_IN_LISTS:
                raise CommandError(
                    f"There is no built-in list in {options['language']!r}: built-in lists are "
                    f"en, {', '.join(BUILT_IN_LISTS)}."
                )
            self._built_in(dictionary_import_built_in(code, progress=progress), options)
            return
        self._built_in(dictionary_import_default(progress=progress), options)
        progress.close()  # the next list gets a bar of its own
        self._built_in(dictionary_import_familiar(progress=progress), options)
        # Said once both are in: the familiar list may take the default over from web2.
        default = Dictionary.objects.filter(is_default=True).first()
        self.stdout.write(
            f"Default for new games: {default.name if default else 'none'}. Offered to players: "
            + ", ".join(
                Dictionary.objects.filter(is_hidden=False)
                .order_by("name")
                .values_list("name", flat=True)
            )
            + "."
        )

    def _built_in(self, result: DefaultImportResult, options: dict[str, Any]) -> None:
        if result.report is None:
            dictionary = result.dictionary
            self.stdout.write(
                f"{dictionary.name} is already imported ({dictionary.word_count:,} words); "
                "nothing to do."
            )
            return
        self._write_report(result.report, say_status=False)
        self._compute_par(result.report.dictionary, options)

    def _import_file(self, path: Path, options: dict[str, Any], progress: ProgressBar) -> None:
        name: str | None = options["name"]
        if not name:
            raise CommandError("--name NAME is required to import a word file.")
        try:
            with path.open("rb") as word_file:
                report = dictionary_import(
                    name=name,
                    source=word_file,
                    description=options["description"],
                    make_default=options["default"],
                    offered=options["offer"],
                    progress=progress,
                    language_tag=options["language"],
                    accents=options["accents"],
                )
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror or error}") from error
        self._write_report(report)
        self._compute_par(report.dictionary, options)

    def _compute_par(self, dictionary: Dictionary, options: dict[str, Any]) -> None:
        """Par and the challenge priors of the new dictionary, so the new-game form can
        show par and a board's rating at once."""
        if options["no_par"]:
            return
        self.stdout.write("Computing par (the fewest wrong guesses perfect play needs):")
        call_command(
            "compute_par",
            dictionary=dictionary.slug,
            no_progress=options["no_progress"],
            stdout=self.stdout,
            stderr=self.stderr,
        )
        if options["no_priors"]:
            return
        self.stdout.write("Computing the challenge priors (where each challenge's rating starts):")
        call_command(
            "compute_challenge_priors",
            dictionary=dictionary.slug,
            no_progress=options["no_progress"],
            stdout=self.stdout,
            stderr=self.stderr,
        )

    def _write_report(self, report: ImportReport, *, say_status: bool = True) -> None:
        """The import's report; ``say_status``: whether it is the default, offered or hidden
        (the built-in lists say it once both are in)."""
        dictionary = report.dictionary
        if not say_status:
            flags = ""
        elif dictionary.is_default:
            flags = " It is now the default dictionary."
        elif dictionary.is_hidden:
            flags = " It is hidden from players until an admin offers it."
        else:
            flags = " It is offered to players."
        self.stdout.write(
            self.style.SUCCESS(
                f"Imported {dictionary.name!r} (slug {dictionary.slug}) in "
                f"{report.seconds:.2f} s.{flags}"
            )
        )
        self.stdout.write(
            f"  language {report.language}, accents {report.accents}, alphabet {report.alphabet}"
        )
        for warning in report.warnings:
            self.stdout.write(self.style.WARNING(f"  {warning}"))
        self.stdout.write(f"  words accepted:     {report.accepted:>9,}")
        self.stdout.write(f"  duplicates removed: {report.duplicates:>9,}")
        if report.merged:
            self.stdout.write(f"  spellings merged:   {report.merged:>9,}")
        if report.blocked:
            examples = ", ".join(report.blocked_words[:5])
            self.stdout.write(f"  blocked removed:    {report.blocked:>9,} (such as {examples})")
        self.stdout.write(f"  lines rejected:     {report.rejected:>9,}")
        for refusal in refusals_shown(report.as_json()):
            examples = ", ".join(repr(example) for example in refusal["examples"])
            self.stdout.write(f"    {refusal['label']}: {examples}")
        self.stdout.write(f"  blank lines:        {report.blank_lines:>9,}")
        self.stdout.write("Words per length:")
        for length, count in report.counts_by_length.items():
            self.stdout.write(f"  {length:>3}: {count:>9,}")
        if report.rejected_lines:
            shown = len(report.rejected_lines)
            self.stdout.write(f"Rejected lines (first {shown} of {report.rejected:,}):")
            for line in report.rejected_lines:
                self.stdout.write(f"  line {line.number:,}: {line.text!r} {line.reason}")
