"""The difficulties' words for people (games/difficulties.py) read the engine's registry:
every word-maker's words are in every catalog, the English is the registry's, and a new
word-maker needs nothing else changed for the site to show it (a throwaway one is added in a
subprocess, with one line in the registry)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from django.utils import translation

from games import difficulties
from games.engine import MAKERS, Reason
from games.engine.makers import REASONS, RULE_REASONS
from games.engine.text import LABEL_CONTEXT
from games.models import Difficulty
from games.models import Reason as ReasonChoices
from games.services import DIFFICULTY_CHOICE_MESSAGE
from tests.i18n.catalogs import TRANSLATED, catalog_path, read_catalog

ROOT = Path(__file__).resolve().parents[2]


def _words_of_the_registry() -> list[tuple[str | None, str]]:
    """(context, English) of every word a page shows about a difficulty or a reason."""
    words: list[tuple[str | None, str]] = []
    for maker in MAKERS:
        words += [(LABEL_CONTEXT, maker.label), (None, maker.help), (None, maker.explanation)]
        words += [(None, text) for text in (maker.no_par_reason, maker.tie_note) if text]
    for reason in REASONS.values():
        words += [(None, reason.label), (None, reason.explanation)]
    return words


def test_every_word_of_the_registry_is_translated_in_every_catalog() -> None:
    """The registry is complete for the site: each word-maker's label (in the "difficulty"
    context), its sentences, why it has no par, and every reason's words have a translation
    in each language, none fuzzy (``make messages`` finds them through the engine's markers)."""
    for language in TRANSLATED:
        entries = {
            (entry.msgctxt, entry.msgid): entry
            for entry in read_catalog(catalog_path(language))
            if not entry.obsolete
        }
        for key in _words_of_the_registry():
            entry = entries.get(key)
            assert entry is not None, f"{language}: {key} is not in the catalog"
            assert entry.msgstr.get(0), f"{language}: {key} has no translation"
            assert "fuzzy" not in entry.flags, f"{language}: {key} is fuzzy"


def test_every_reason_is_the_rules_or_a_word_maker_s() -> None:
    own = [reason for maker in MAKERS for reason in maker.reasons]
    assert list(REASONS.values()) == list(dict.fromkeys([*RULE_REASONS, *own]))
    assert [str(reason) for reason in Reason] == list(REASONS)
    assert ReasonChoices.values == list(REASONS)


def test_the_english_words_are_the_registry_s() -> None:
    with translation.override("en"):
        for maker in MAKERS:
            assert str(difficulties.label(maker.name)) == maker.label
            assert str(difficulties.no_par_reason(maker.name)) == maker.no_par_reason
        assert [str(label) for label in Difficulty.labels] == [maker.label for maker in MAKERS]
        assert [str(label) for label in ReasonChoices.labels] == [
            reason.label for reason in REASONS.values()
        ]
        names = ", ".join(maker.label.lower() for maker in MAKERS)
        assert str(DIFFICULTY_CHOICE_MESSAGE) == f"Choose a difficulty: {names}."
        assert str(difficulties.HELP_TEXT) == " ".join(maker.help for maker in MAKERS)


def test_the_words_are_translated_when_shown() -> None:
    with translation.override("fr"):
        assert str(difficulties.label("hard")) == "Difficile"
        assert str(Difficulty.HARD.label) == "Difficile"
        assert str(ReasonChoices.HARDEST.label) == "La famille la plus difficile"
        assert str(difficulties.HELP_TEXT).startswith("Facile lâche")
        assert "par" in str(difficulties.no_par_reason("fair"))
    with translation.override("de"):
        assert str(difficulties.label("hard")) == "Schwer"
        german = "Bei Schwer behält er immer die schwerste Familie."
        assert difficulties.explanation("hard") == german
        assert difficulties.tie_note("fiendish") == " (oder gleich wertvoll)"
        assert difficulties.tie_note("hard") == ""


def test_the_refusal_is_worded_when_shown_not_when_imported() -> None:
    """A lazy message: each request reads it in its own language."""
    seen: list[str] = []
    real = difficulties.label

    def counting(difficulty: str) -> str:
        seen.append(difficulty)
        return str(real(difficulty))

    difficulties.label = counting  # type: ignore[assignment]
    try:
        str(difficulties.CHOICE_MESSAGE)
    finally:
        difficulties.label = real  # type: ignore[assignment]
    assert seen == [maker.name for maker in MAKERS]


# A new difficulty as docs/ARCHITECTURE.md's recipe writes one: its own module...
TRIAL_MODULE = '''
"""A throwaway difficulty: the second biggest family whenever there is one."""

from games.engine.makers.base import BaseMaker, Choice, GuesserModel, ReasonText, Turn
from games.engine.text import gettext_noop, pgettext_noop

RUNNER_UP = ReasonText(
    "runner_up",
    gettext_noop("Second biggest family (trial)"),
    gettext_noop("On trial it kept %(pattern)s (%(words)s), the second biggest family."),
)


class TrialMaker(BaseMaker):
    name = "trial"
    label = pgettext_noop("difficulty", "Trial")
    summary = "the second biggest family"
    explanation = "On trial it keeps the second biggest family."
    help = gettext_noop("Trial keeps the second biggest family.")
    ranked = True
    weight = 2
    has_par = False
    no_par_reason = gettext_noop("Trial has no par: it is a trial.")
    guesser_model = GuesserModel.PLANNER
    reasons = (RUNNER_UP,)

    def choose(self, turn: Turn) -> Choice:
        return Choice(kept_rank=1, reason=RUNNER_UP.value)


TRIAL = TrialMaker()
'''

# ...and one line in the registry: the subprocess loads games/engine/makers/__init__.py with
# TRIAL added to MAKERS, then checks that everything that lists difficulties lists it.
CHECK = """
import importlib.abc
import importlib.util
import json
import re
import sys
from pathlib import Path

REGISTRY = Path("games/engine/makers/__init__.py")
source, added = re.subn(
    r"^(MAKERS: tuple\\[WordMaker, \\.\\.\\.\\] = \\((.*))\\)$",
    r"from trial import TRIAL\\n\\1, TRIAL)",
    REGISTRY.read_text(encoding="utf-8"),
    flags=re.MULTILINE,
)
assert added == 1, "the registry's MAKERS line is not where the recipe says"


class OneLineMore(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path, target=None):
        if name != "games.engine.makers":
            return None
        return importlib.util.spec_from_file_location(
            name, REGISTRY, loader=self, submodule_search_locations=[str(REGISTRY.parent)]
        )

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        exec(compile(source, str(REGISTRY), "exec"), module.__dict__)


sys.meta_path.insert(0, OneLineMore())

import django

django.setup()

from django.core.management import call_command
from django.utils import translation

from api.endpoints import api
from games import difficulties, engine, models
from games.forms import NewGameForm
from games.scoring import DIFFICULTY_WEIGHT

seen = {}
with translation.override("en"):
    state = engine.new_game(engine.Lexicon(["ally", "beta", "cool", "deal"]), max_misses=3,
                            difficulty="trial", seed=1)
    state, report = engine.apply_guess(state, "l")
    seen["engine"] = [report.reason, report.kept_rank, str(engine.Difficulty.TRIAL)]
    seen["flags"] = ["trial" in engine.RANKED_DIFFICULTIES, "trial" in engine.PAR_DIFFICULTIES,
                     "trial" in models.RULE_DIFFICULTIES, DIFFICULTY_WEIGHT.get("trial")]
    seen["label"] = str(difficulties.label("trial"))
    seen["no_par"] = str(difficulties.no_par_reason("trial"))
    seen["help"] = str(difficulties.HELP_TEXT).endswith("Trial keeps the second biggest family.")
    seen["refusal"] = "trial" in str(difficulties.CHOICE_MESSAGE)
    seen["choices"] = [[v, str(label)] for v, label in models.Difficulty.choices if v == "trial"]
    seen["form"] = [str(label) for value, label in NewGameForm.base_fields["difficulty"].choices
                    if value == "trial"]
    seen["reason"] = [[value, str(label)] for value, label in models.Reason.choices
                      if value == "runner_up"]
    seen["review"] = difficulties.reason_explanation("runner_up") % {
        "pattern": "-l--", "words": "2 words", "number": 1, "count": 2}
    constraints = {
        constraint.name: str(constraint.condition)
        for model in (models.Game, models.Par)
        for constraint in model._meta.constraints
    }
    seen["checks"] = sorted(
        name for name, condition in constraints.items() if "'trial'" in condition
    )
    schema = json.dumps(api.get_openapi_schema())
    seen["api"] = '"trial"' in schema
    field = models.Move._meta.get_field("reason")
    seen["move_reason"] = "runner_up" in dict(field.choices)
    try:
        call_command("makemigrations", "--check", "--dry-run", verbosity=1)
        seen["migrations"] = "none"
    except SystemExit:
        seen["migrations"] = "generated"
print(json.dumps(seen))
"""


def test_a_new_word_maker_needs_its_module_and_one_line_in_the_registry(
    tmp_path: Path,
) -> None:
    (tmp_path / "trial.py").write_text(TRIAL_MODULE, encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)]),
        "DJANGO_SETTINGS_MODULE": "evilsite.settings",
    }
    env.pop("DATABASE_URL", None)  # makemigrations --dry-run reads no database
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CHECK)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["engine"] == ["runner_up", 1, "trial"]
    assert seen["flags"] == [True, False, False, 2]
    assert seen["label"] == "Trial"
    assert seen["no_par"] == "Trial has no par: it is a trial."
    assert seen["help"] is True
    assert seen["refusal"] is True
    assert seen["choices"] == [["trial", "Trial"]]
    assert seen["form"] == ["Trial"]
    assert seen["reason"] == [["runner_up", "Second biggest family (trial)"]]
    assert seen["review"] == "On trial it kept -l-- (2 words), the second biggest family."
    assert "game_difficulty_valid" in seen["checks"]
    assert seen["api"] is True
    assert seen["move_reason"] is True
    # The columns' choices and check constraints follow the registry: makemigrations writes
    # their migrations (docs/ARCHITECTURE.md: "A new difficulty"); nobody edits a model.
    assert seen["migrations"] == "generated"
