"""Evil Hangman in a terminal: interactive for people, ``--json`` for graders and tests.

The same engine as the web site plays here, so a transcript from the console
and a game history export agree line for line (both are ``MoveReport.as_json``).

Over 500 lines: one command with two modes (interactive, ``--json``) and two
players (a person, ``--ai``) sharing its parsing and printing; the rules and the
word-makers it plays are the engine's (``games/engine/``), not here.
"""

from __future__ import annotations

import json
import secrets
import sys
import textwrap
from argparse import ArgumentParser, RawDescriptionHelpFormatter
from typing import Any, TextIO

from django.contrib.auth.models import AnonymousUser
from django.core.management.base import BaseCommand, CommandError, DjangoHelpFormatter

from dictionaries.frequency import zipf_of
from dictionaries.languages import (
    DEFAULT_LANGUAGE,
)
from games.engine import (
    FULL_VOCABULARY,
    MAKERS,
    Difficulty,
    GameState,
    GuessError,
    Lexicon,
    MoveReport,
    Status,
    apply_guess,
    is_word_move,
    maker_for,
    new_game,
    ranked_vocabulary,
)
from games.engine.guesser import propose
from games.management.word_sources import (  # noqa: F401  (tests and bench import them here)
    WORD_LINE,
    WordSource,
    database_source,
    describe_lengths,
    file_source,
    plural,
)
from games.models import Game
from games.secrecy import hidden_games

SEED_BITS = 62
DIFFICULTY_NAMES = ", ".join(difficulty.value for difficulty in Difficulty)


def difficulty_answers() -> dict[str, Difficulty]:
    """Each difficulty by its name and by every prefix no other name shares ("e", "fi", "fa")."""
    answers: dict[str, Difficulty] = {}
    for difficulty in Difficulty:
        for end in range(1, len(difficulty.value) + 1):
            prefix = difficulty.value[:end]
            others = [other for other in Difficulty if other.value.startswith(prefix)]
            if others == [difficulty]:
                answers[prefix] = difficulty
    return answers


DIFFICULTY_ANSWERS = difficulty_answers()
YES = {"y", "yes"}
NO = {"n", "no"}

HELP = """\
Play Evil Hangman against the computer.

Interactive (the default): asks for the word length, the wrong guesses allowed
and the difficulty (unless given as options), then one letter at a time.
At the end it names its word and offers another game with the same dictionary.
Ctrl-D leaves at any prompt.

Machine mode (--json, for graders and tests): needs --length, --misses and
--difficulty; reads one guess per line from standard input and writes one JSON
object per line: for an accepted guess {"guess", "accepted": true, "miss",
"pattern", "families", "words_left", "misses_left", "status"} plus "word" once
the game is over; for a refused line {"guess", "accepted": false, "error"}.
It stops reading when the game ends.

Difficulties (the computer keeps):
{difficulties}
Any unambiguous start of a name will do ("h", "fi", "fa").

--seed decides which candidate the computer names when you lose, and fair's
secret word (the families follow from the rules alone: the console keeps the
rules' exact order). Without --seed a random one is used, in both modes, and
nothing extra is printed.

--ranked plays the site's ranked variant instead, with --seed as the game's
secret seed: the computer plays on a part of the words drawn by the seed, and
the seed orders families of equal rank (see games/engine/vocabulary.py). It is
how anyone can check whether letters that won one ranked game win another.

--ai lets the computer guess instead of you, against any difficulty: it prints
each move as the interactive game does, with the reason for each letter, or
the same JSON lines with --json (no standard input is read).

Words come from the database (--dictionary NAME or slug; default: the default
dictionary) or from a plain text file (--words-file PATH: one word per line;
trimmed and lower-cased, blank lines ignored, other lines that are not words
of letters skipped with a note on standard error; the database is not used;
--language names its language, en unless given). A game takes the letters of
its list's alphabet (a stored dictionary's, or the letters a file's words use
after its language's): the game names them before the first guess.
"""
# One paragraph per difficulty, from the engine's registry of word-makers.
HELP = HELP.replace(
    "{difficulties}",
    "\n".join(
        textwrap.fill(
            f"{maker.name}: {maker.summary.replace('`', '')}.",
            width=79,
            initial_indent="  ",
            subsequent_indent="    ",
        )
        for maker in MAKERS
    ),
)


class HelpFormatter(DjangoHelpFormatter, RawDescriptionHelpFormatter):
    """Django's option order, with the description's line breaks kept."""


class InputClosedError(Exception):
    """Standard input ended (Ctrl-D) while the command was waiting for an answer."""


def parse_whole_number(value: str | None, option: str, *, minimum: int) -> int | None:
    if value is None:
        return None
    try:
        number = int(value.strip())
    except ValueError:
        raise CommandError(f"{option} must be a whole number, not {value!r}") from None
    if number < minimum:
        raise CommandError(f"{option} must be at least {minimum}, not {number}")
    return number


def parse_difficulty(value: str | None) -> Difficulty | None:
    if value is None:
        return None
    difficulty = DIFFICULTY_ANSWERS.get(value.strip().lower())
    if difficulty is None:
        raise CommandError(f"--difficulty must be one of {DIFFICULTY_NAMES}, not {value!r}")
    return difficulty


def unranked_refusal(difficulty: Difficulty) -> str:
    return f"a {difficulty} game is never ranked; --ranked needs another difficulty"


def start_game(
    lexicon: Lexicon, max_misses: int, difficulty: Difficulty, seed: int | None, *, ranked: bool
) -> GameState:
    """A new game: the rules' exact order, or with ``ranked`` the site's ranked variant."""
    game_seed = secrets.randbits(SEED_BITS) if seed is None else seed
    if ranked and not maker_for(difficulty).ranked:
        raise CommandError(unranked_refusal(difficulty))
    if maker_for(difficulty).needs_frequencies and lexicon.familiarity is None:
        # A word file has no stored frequencies: look them up as an import would (only
        # obscure reads them, so the other difficulties never pay for wordfreq's table).
        lexicon.set_familiarity(zipf_of(lexicon.words))
    return new_game(
        lexicon,
        max_misses=max_misses,
        difficulty=difficulty,
        seed=game_seed,
        seeded_ties=ranked,
        vocabulary=ranked_vocabulary(lexicon) if ranked else FULL_VOCABULARY,
    )


SECRET_SEED_REFUSAL = (
    "that seed is a game's that counts and is being played (or today's daily puzzle): "
    "the console does not replay it before it is over"
)


def seed_is_secret(seed: int) -> bool:
    """Whether a game ``games.secrecy`` hides from anyone plays with ``seed``: a ranked
    game, a daily attempt or an assignment's game in progress, or today's daily puzzle.
    Replayed here, its families and words would be read while it is played."""
    return Game.objects.filter(hidden_games(AnonymousUser()), seed=seed).exists()


class Command(BaseCommand):
    help = HELP
    stealth_options = ("stdin",)

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> ArgumentParser:
        kwargs.setdefault("formatter_class", HelpFormatter)
        return super().create_parser(prog_name, subcommand, **kwargs)

    def add_arguments(self, parser: ArgumentParser) -> None:
        source = parser.add_argument_group("words")
        source.add_argument(
            "--dictionary", metavar="NAME", help="a stored dictionary's name or slug"
        )
        source.add_argument("--words-file", metavar="PATH", help="a plain file, one word a line")
        source.add_argument(
            "--language",
            metavar="CODE",
            help="the words file's language, a BCP 47 tag (default en)",
        )
        game = parser.add_argument_group("game (asked for when missing, except with --json)")
        game.add_argument("--length", metavar="N", help="word length")
        game.add_argument("--misses", metavar="M", help="wrong guesses allowed (at least 1)")
        game.add_argument("--difficulty", metavar="LEVEL", help=DIFFICULTY_NAMES)
        game.add_argument("--seed", metavar="S", help="seed of the word named on a loss")
        game.add_argument(
            "--ranked",
            action="store_true",
            help="the ranked variant: --seed is the secret seed (a secret part of the words)",
        )
        parser.add_argument(
            "--json", action="store_true", help="machine mode: guesses on stdin, JSON lines out"
        )
        parser.add_argument(
            "--ai", action="store_true", help="the computer guesses (see games/engine/guesser.py)"
        )
        parser.add_argument(
            "--debug",
            action="store_true",
            help="interactive only: show the words left and every family after each guess",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        self.input: TextIO = options.get("stdin") or sys.stdin
        if options["dictionary"] is not None and options["words_file"] is not None:
            raise CommandError("use --dictionary or --words-file, not both")
        length = parse_whole_number(options["length"], "--length", minimum=1)
        max_misses = parse_whole_number(options["misses"], "--misses", minimum=1)
        difficulty = parse_difficulty(options["difficulty"])
        seed = parse_whole_number(options["seed"], "--seed", minimum=0)
        if options["ranked"] and seed is not None and seed_is_secret(seed):
            raise CommandError(SECRET_SEED_REFUSAL)
        if options["ranked"] and difficulty is not None and not maker_for(difficulty).ranked:
            raise CommandError(unranked_refusal(difficulty))
        if options["json"] and options["debug"]:
            raise CommandError("--debug is for interactive play; --json already shows everything")
        if options["json"] and (length is None or max_misses is None or difficulty is None):
            raise CommandError("--json needs --length, --misses and --difficulty")

        if options["language"] is not None and options["words_file"] is None:
            raise CommandError("--language is for --words-file; a dictionary knows its language")
        if options["words_file"] is not None:
            source = file_source(
                options["words_file"], self.stderr.write, options["language"] or DEFAULT_LANGUAGE
            )
        else:
            source = database_source(options["dictionary"])
        if length is not None:
            source.lexicon(length)  # an unusable --length fails before any question

        try:
            if options["json"] and length and max_misses and difficulty:
                self.play_json(
                    source,
                    source.lexicon(length),
                    max_misses,
                    difficulty,
                    seed,
                    ai=options["ai"],
                    ranked=options["ranked"],
                )
                return
            self.play_interactive(
                source,
                length=length,
                max_misses=max_misses,
                difficulty=difficulty,
                seed=seed,
                debug=options["debug"],
                ai=options["ai"],
                ranked=options["ranked"],
            )
        except (InputClosedError, KeyboardInterrupt):
            if not options["json"]:
                self.stdout.write("\nGoodbye.")
        except UnicodeDecodeError:
            raise CommandError("standard input is not UTF-8 text") from None

    # -- machine mode ---------------------------------------------------------

    def play_json(
        self,
        source: WordSource,
        lexicon: Lexicon,
        max_misses: int,
        difficulty: Difficulty,
        seed: int | None,
        *,
        ai: bool = False,
        ranked: bool = False,
    ) -> None:
        state = start_game(lexicon, max_misses, difficulty, seed, ranked=ranked)
        if ai:
            while not state.is_over:
                state, report = apply_guess(state, propose(state).letter)
                self.stdout.write(json.dumps(report.as_json()))
                self.stdout.flush()
            return
        for raw in self.input:
            guess = raw.rstrip("\r\n")
            try:
                # The list's letter for it (a capital, or an accent a folded list drops),
                # else the guess as sent, for the engine to refuse.
                state, report = apply_guess(
                    state, source.letter(guess) or source.word(guess) or guess
                )
            except GuessError as error:
                line: dict[str, Any] = {"guess": guess, "accepted": False, "error": str(error)}
            else:
                line = report.as_json()
            self.stdout.write(json.dumps(line))
            self.stdout.flush()  # a grader may wait for each answer before the next guess
            if state.is_over:
                return

    # -- interactive ----------------------------------------------------------

    def play_interactive(
        self,
        source: WordSource,
        *,
        length: int | None,
        max_misses: int | None,
        difficulty: Difficulty | None,
        seed: int | None,
        debug: bool,
        ai: bool = False,
        ranked: bool = False,
    ) -> None:
        self.say(f"Evil Hangman, with {source.description}.")
        while True:
            lexicon = source.lexicon(length if length is not None else self.ask_length(source))
            state = start_game(
                lexicon,
                max_misses if max_misses is not None else self.ask_max_misses(),
                difficulty if difficulty is not None else self.ask_difficulty(),
                seed,
                ranked=ranked,
            )
            self.play_one_game(state, source, debug=debug, ai=ai)
            if not self.ask_yes_no("Play again? (y/n): "):
                self.say("Goodbye.")
                return

    def play_one_game(
        self, state: GameState, source: WordSource, *, debug: bool, ai: bool = False
    ) -> None:
        if not ai:
            self.say(f"Guess {source.letters_text()}, or the whole word.")
        if debug:
            self.say(f"[debug] words left: {state.words_left:,}")
        while not state.is_over:
            self.say("")
            self.say(f"Wrong guesses left: {state.misses_left}")
            guessed = ", ".join(sorted(state.letters)) or "none yet"
            self.say(f"Letters guessed: {guessed}")
            if state.words:
                self.say(f"Words guessed: {', '.join(state.words)}")
            self.say(f"Word: {state.pattern}")
            if ai:
                proposal = propose(state)
                self.say(f"The computer guesses {proposal.letter!r}. {proposal.reason}")
                letter = proposal.letter
            else:
                letter = self.ask_guess(state, source)
            state, report = apply_guess(state, letter)
            self.say(self.feedback(report))
            if debug:
                self.show_families(report)
        self.say("")
        who = "The computer" if ai else "You"
        word = source.written(state.word)
        if state.status is Status.WON:
            self.say(f"{who} {'wins' if ai else 'win'}! The word was {word!r}.")
        else:
            self.say(f"{who} {'loses' if ai else 'lose'}. The word was {word!r}.")

    @staticmethod
    def feedback(report: MoveReport) -> str:
        if report.is_word:
            if report.miss:
                return f"Sorry, the word is not {report.letter!r}: one wrong guess."
            return f"Yes, the word is {report.letter!r}."
        if report.miss:
            return f"Sorry, there is no {report.letter!r}."
        count = report.pattern.count(report.letter)
        verb = "is" if count == 1 else "are"
        return f"Yes, there {verb} {count} {report.letter!r}{'' if count == 1 else 's'}."

    def show_families(self, report: MoveReport) -> None:
        self.say(f"[debug] words left: {report.words_left:,}")
        self.say(f"[debug] {plural(len(report.families), 'family', 'families')}, hardest first:")
        for rank, family in enumerate(report.families):
            kept = (
                f"  <- kept ({report.reason.replace('_', ' ')})" if rank == report.kept_rank else ""
            )
            self.say(f"[debug]   {family.pattern}  {family.size:,}{kept}")

    # -- questions ------------------------------------------------------------

    def say(self, text: str) -> None:
        self.stdout.write(text)

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt, ending="")
        self.stdout.flush()
        line = self.input.readline()
        if not line:
            raise InputClosedError
        return line.rstrip("\r\n")

    def ask_length(self, source: WordSource) -> int:
        while True:
            answer = self.ask(f"Word length ({source.lengths_text()}): ").strip()
            try:
                length = int(answer)
            except ValueError:
                self.say(f"{answer!r} is not a whole number.")
                continue
            if length in source.counts:
                return length
            self.say(f"There are no words of length {length}; choose {source.lengths_text()}.")

    def ask_max_misses(self) -> int:
        while True:
            answer = self.ask("Wrong guesses allowed (at least 1): ").strip()
            try:
                number = int(answer)
            except ValueError:
                self.say(f"{answer!r} is not a whole number.")
                continue
            if number >= 1:
                return number
            self.say("Allow at least 1 wrong guess.")

    def ask_difficulty(self) -> Difficulty:
        while True:
            answer = self.ask(f"Difficulty ({DIFFICULTY_NAMES}): ").strip().lower()
            if answer in DIFFICULTY_ANSWERS:
                return DIFFICULTY_ANSWERS[answer]
            self.say(f"Type one of {DIFFICULTY_NAMES}.")

    def ask_guess(self, state: GameState, source: WordSource) -> str:
        while True:
            answer = self.ask("Your guess: ")
            letter = source.letter(answer)
            word = source.word(answer) if letter is None and is_word_move(answer) else None
            if letter is None and word is None:
                self.say(
                    f"Not accepted: a guess is {source.letters_text()}, or a word of "
                    f"{state.length} letters. Try again."
                )
                continue
            try:
                return state.check_guess(letter) if word is None else state.check_word(word)
            except GuessError as error:
                self.say(f"Not accepted: {error}. Try again.")

    def ask_yes_no(self, prompt: str) -> bool:
        while True:
            answer = self.ask(prompt).strip().lower()
            if answer in YES:
                return True
            if answer in NO:
                return False
            self.say("Type y or n.")
