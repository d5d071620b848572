# Two commands for a fresh machine: `make run` and `make test` (see README.md).
# setup (manage.py setup_site) migrates and loads the built-in lists (English (familiar),
# the default, and English (web2)), their par and their challenge priors (where a board's
# rating starts: docs/CHALLENGE_PRIORS.md); every step keeps what is done, so a rerun costs seconds.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1:8000

.PHONY: install run setup test test-quick lint format bench bench-quick clean

# Every script in bench/ that runs as a program; a new one is picked up by itself.
BENCH_SCRIPTS := $(shell grep -l '^if __name__ == "__main__":' bench/*.py)

# Development and CI install the runtime requirements and the tools (requirements-dev.txt);
# production installs requirements.txt alone. Re-installs only when either file changes.
$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

# setup_site is what production runs on every deploy (docs/deploying.md); the demo
# accounts, with their published passwords, are development's alone.
setup: install
	$(PY) manage.py setup_site
	$(PY) manage.py ensure_demo_accounts

run: setup
	$(PY) manage.py serve $(HOST)

# The whole suite, browser tests and fuzzers included, on every core; it says how long it took.
test: install
	@start=$$(date +%s); status=0; $(PY) -m pytest -n auto $(PYTEST_ARGS) || status=$$?; \
	echo "make test took $$(( $$(date +%s) - start )) s"; exit $$status

# The loop while you work: everything but the browser tests and the fuzzers.
test-quick: install
	@start=$$(date +%s); status=0; $(PY) -m pytest -n auto -m "not e2e and not fuzz" $(PYTEST_ARGS) || status=$$?; \
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

# What CI runs: each benchmark on small data, so none can break unseen.
bench-quick: install
	@set -e; for script in $(BENCH_SCRIPTS); do echo "== $$script --quick"; $(PY) $$script --quick; done

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .import_linter_cache
