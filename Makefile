# Two commands for a fresh machine: `make run` and `make test` (see README.md).
# setup (manage.py setup_site) migrates and loads the built-in lists (English (familiar),
# the default, English (web2), Spanish, French, German) and stores their par and challenge
# priors (where a board's rating starts: docs/CHALLENGE_PRIORS.md) from the release's tables
# (games/data/builtin_tables/); every step keeps what is done, so a rerun costs seconds.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1:8000

.PHONY: install run setup messages compilemessages test test-quick lint format bench bench-quick bench-changed clean

# Every script in bench/ that runs as a program; a new one is picked up by itself
# (bench/changed.py, which chooses among them, and bench/goals.py, which sums up their
# goals, are no benchmarks).
BENCH_SCRIPTS := $(filter-out bench/changed.py bench/goals.py,$(shell grep -l '^if __name__ == "__main__":' bench/*.py))

# Development and CI install the runtime requirements and the tools (requirements-dev.txt);
# production installs requirements.txt alone. Re-installs only when either file changes.
# pip says what it collects and downloads as it goes (a first install takes minutes).
$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check --progress-bar on -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

# setup_site is what production runs on every deploy (docs/deploying.md); the demo
# accounts, with their published passwords, are development's alone.
setup: install
	$(PY) manage.py setup_site
	$(PY) manage.py ensure_demo_accounts

# The pages' languages besides English (settings.LANGUAGES). `make messages` brings every
# catalog (locale/<language>/LC_MESSAGES/django.po) up to the strings marked in the
# templates (e-mails' .txt too) and the Python: new ones arrive empty for a translator
# (tests/i18n fails until each has its msgstr). No file:line comments, so moving a string
# changes no catalog. The compiled .mo files are built (setup_site, CI), never committed.
TRANSLATED_LANGUAGES := es fr de
MAKEMESSAGES_ARGS := $(foreach language,$(TRANSLATED_LANGUAGES),-l $(language)) \
	--extension html,txt,py --no-location --no-obsolete \
	--ignore 'tests/*' --ignore 'bench/*' --ignore 'docs/*' --ignore 'staticfiles/*'

messages: install
	$(PY) manage.py makemessages $(MAKEMESSAGES_ARGS)

compilemessages: install
	$(PY) manage.py compilemessages --ignore '*'

run: setup
	$(PY) manage.py serve $(HOST)

# Python may be told not to write compiled modules (PYTHONDONTWRITEBYTECODE); the tests
# write them anyway (gitignored): pytest rewrites every test module's asserts, and without
# its cache every worker of every run parses and compiles them all again (~7 s of CPU each).
PYTEST := PYTHONDONTWRITEBYTECODE= $(PY) -m pytest

# The whole suite, browser tests and fuzzers included, on every core; it says how long it took.
test: install
	@start=$$(date +%s); status=0; $(PYTEST) -n auto $(PYTEST_ARGS) || status=$$?; \
	echo "make test took $$(( $$(date +%s) - start )) s"; exit $$status

# The loop while you work: everything but the browser tests, the fuzzers and the slow tests
# (a fresh Python process each, or a sweep of whole word lists: `make test` and CI run them).
test-quick: install
	@start=$$(date +%s); status=0; \
	$(PYTEST) -n auto -m "not e2e and not fuzz and not slow" $(PYTEST_ARGS) || status=$$?; \
	echo "make test-quick took $$(( $$(date +%s) - start )) s"; exit $$status

# lint-imports: the apps depend one way and the engine imports no Django (pyproject.toml).
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: install
	@set -e; for script in $(BENCH_SCRIPTS); do echo "== $$script"; $(PY) $$script; done

# Every benchmark on small data, so none can break unseen: nightly and before a release
# (docs/developing.md). Each runs even when one before it failed; the last lines are one
# table of every benchmark's goals, met or not (bench/goals.py), and a failure fails it.
bench-quick: install
	@logs="$$(mktemp -d)"; for script in $(BENCH_SCRIPTS); do \
	  name="$$(basename $$script .py)"; echo "== $$script --quick"; \
	  { $(PY) $$script --quick 2>&1; echo $$? > "$$logs/$$name.status"; } | tee "$$logs/$$name.log"; \
	done; $(PY) bench/goals.py "$$logs"; status=$$?; rm -rf "$$logs"; exit $$status

# What CI runs: --quick, only the benchmarks whose code or inputs changed since BENCH_BASE
# (default: the merge base with origin/main, else the last commit's parent); the map of
# each benchmark to the code it measures is bench/changed.py.
bench-changed: install
	@set -e; scripts="$$($(PY) bench/changed.py $(BENCH_BASE))"; \
	[ -n "$$scripts" ] || echo "== no benchmark measures what changed"; \
	for script in $$scripts; do echo "== $$script --quick"; $(PY) $$script --quick; done

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .import_linter_cache
