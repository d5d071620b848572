"""The deploy kit (deploy/) matches the code (issue 27, item 4): its timers are the scheduled
jobs of ``core.schedule``, once each; every unit's command parses and the scheduled ones
run; gunicorn's configuration loads and logs the request id; the proxy forwards what
``DJANGO_TRUSTED_PROXIES`` believes, from an address it names; the docs list every job."""

from __future__ import annotations

import configparser
import ipaddress
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command, get_commands, load_command_class
from pytest_django.fixtures import Settings

from core.schedule import SCHEDULED_JOBS
from dictionaries import builtin_lists, services
from dictionaries.sources import default_word_source

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"
MANAGE = "/srv/evilhangman/.venv/bin/python manage.py "


@pytest.fixture(autouse=True)
def _database_queue(settings: Settings) -> None:
    """Production's queue (the tests' default runs tasks in their request): the worker's
    and prune_db_task_results' options are checked against it."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def unit(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(path)
    return parser


def manage_arguments(service: Path) -> list[str]:
    """What a unit runs after ``manage.py``."""
    exec_start = unit(service)["Service"]["ExecStart"]
    assert exec_start.startswith(MANAGE), exec_start
    return shlex.split(exec_start.removeprefix(MANAGE))


def timers() -> dict[str, tuple[tuple[str, ...], str]]:
    """Each timer's job: (its service's command, its OnCalendar)."""
    found = {}
    for timer in sorted(UNITS.glob("evilhangman-*.timer")):
        name = timer.stem.removeprefix("evilhangman-")
        command = tuple(manage_arguments(timer.with_suffix(".service")))
        found[name] = (command, unit(timer)["Timer"]["OnCalendar"])
    return found


def test_the_timers_are_the_scheduled_jobs_listed_in_the_code() -> None:
    assert timers() == {job.name: (job.command, job.on_calendar) for job in SCHEDULED_JOBS}
    assert len({job.command[0] for job in SCHEDULED_JOBS}) == len(SCHEDULED_JOBS)
    # What grows a row per sign-in is cleaned (issue 27: never mentioned before).
    commands = {job.command[0] for job in SCHEDULED_JOBS}
    assert {"clearsessions", "axes_reset_logs", "axes_reset_failure_logs"} <= commands


def test_every_units_command_parses() -> None:
    """The dry form: each command's own parser takes the unit's arguments (an option
    renamed or dropped fails here, not at 3 a.m.)."""
    services_with_manage = [
        service for service in UNITS.glob("*.service") if MANAGE in service.read_text()
    ]
    assert len(services_with_manage) == len(SCHEDULED_JOBS) + 1  # and the worker
    commands = get_commands()
    for service in services_with_manage:
        name, *arguments = manage_arguments(service)
        assert name in commands, service.name
        command = load_command_class(commands[name], name)
        command.create_parser("manage.py", name).parse_args(arguments)


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
@pytest.mark.slow
def test_every_timers_calendar_is_one_systemd_reads() -> None:
    for job in SCHEDULED_JOBS:
        result = subprocess.run(
            ["systemd-analyze", "calendar", job.on_calendar], capture_output=True, text=True
        )
        assert result.returncode == 0, (job.name, result.stderr)


def tiny_word_source() -> list[str]:
    words = [w for w in default_word_source() if 4 <= len(w) <= 5]
    return words[::80]


ALL_BUILT_IN_WORDS = builtin_lists.built_in_words  # before the test swaps in tiny_built_in


def tiny_built_in(code: str) -> list[str]:
    words = [w for w in ALL_BUILT_IN_WORDS(code) if 4 <= len(w) <= 5]
    return words[::40]


@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
def test_setup_site_then_every_scheduled_job_runs_and_a_second_setup_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from io import StringIO

    from dictionaries.models import Dictionary, Word
    from games.models import ChallengePrior, Par

    monkeypatch.setattr(services, "default_word_source", tiny_word_source)
    monkeypatch.setattr(builtin_lists, "built_in_words", tiny_built_in)
    first = StringIO()
    call_command("setup_site", no_progress=True, stdout=first)
    counts = (Dictionary.objects.count(), Word.objects.count(), Par.objects.count())
    assert counts[0] == 2 + len(builtin_lists.BUILT_IN_LISTS)  # English twice, es, fr, de
    assert counts[2] > 0
    assert ChallengePrior.objects.count() == counts[2]
    for job in SCHEDULED_JOBS:
        call_command(*job.command, stdout=StringIO(), stderr=StringIO())
    again = StringIO()
    call_command("setup_site", no_progress=True, stdout=again)
    output = again.getvalue()
    assert (Dictionary.objects.count(), Word.objects.count(), Par.objects.count()) == counts
    assert "already imported" in output
    assert "0 searched now" in output
    assert "0 played now" in output
    assert "Default for new games: English (familiar)." in output


def gunicorn_settings() -> dict[str, str]:
    code = (
        "from gunicorn.config import Config\n"
        "import runpy\n"
        "values = runpy.run_path('deploy/gunicorn.conf.py')\n"
        "config = Config()\n"
        "[config.set(k, v) for k, v in values.items() if k in config.settings]\n"
        "print(config.bind[0]); print(config.access_log_format); print(config.workers)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    bind, log_format, workers = result.stdout.splitlines()
    return {"bind": bind, "access_log_format": log_format, "workers": workers}


@pytest.mark.slow
def test_gunicorn_loads_its_configuration_and_logs_the_request_id() -> None:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    check = subprocess.run(
        [str(gunicorn), "--check-config", "-c", "deploy/gunicorn.conf.py", "evilsite.wsgi"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "evilsite.settings"},
    )
    assert check.returncode == 0, check.stderr + check.stdout
    settings = gunicorn_settings()
    assert "%({x-request-id}o)s" in settings["access_log_format"]
    assert int(settings["workers"]) == 2 * (os.cpu_count() or 1)


def env_file(path: Path) -> dict[str, str]:
    result = subprocess.run(
        ["bash", "-c", f"set -eu -a; . {path}; set +a; env -0"],
        capture_output=True,
        text=True,
        env={"PATH": os.environ["PATH"]},
        check=True,
    )
    pairs = (item.split("=", 1) for item in result.stdout.split("\0") if "=" in item)
    return {key: value for key, value in pairs}


def test_the_proxy_forwards_what_the_trusted_proxies_setting_believes() -> None:
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    production = env_file(ROOT / "deploy" / "evilhangman.env")
    upstream = re.search(r"upstream evilhangman \{\s*server ([\d.]+):(\d+);", nginx)
    assert upstream is not None
    # nginx on the node connects to gunicorn's address from the loopback: a trusted proxy.
    assert f"{upstream[1]}:{upstream[2]}" == gunicorn_settings()["bind"]
    trusted = [
        ipaddress.ip_network(item, strict=False)
        for item in production["DJANGO_TRUSTED_PROXIES"].split(",")
    ]
    assert any(ipaddress.ip_address(upstream[1]) in network for network in trusted)
    https_server = nginx[nginx.index("listen 443") :]
    for header in (
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "proxy_set_header X-Forwarded-Proto $scheme;",
        "proxy_set_header X-Request-ID $request_id;",
    ):
        assert header in https_server


def test_the_production_env_file_names_only_variables_the_site_reads() -> None:
    example = (ROOT / ".env.example").read_text()
    listed = set(re.findall(r"^# ([A-Z][A-Z0-9_]*)=", example, flags=re.MULTILINE))
    production = env_file(ROOT / "deploy" / "evilhangman.env")
    ours = {name for name in production if name not in os.environ and name != "_"}
    ours -= {"PWD", "SHLVL", "OLDPWD"}
    assert ours
    assert sorted(ours - listed) == []
    assert production["DJANGO_DEBUG"] == "0"


def test_the_deploying_guide_lists_every_scheduled_job_once() -> None:
    guide = (ROOT / "docs" / "deploying.md").read_text()
    rows = [line for line in guide.splitlines() if line.startswith("| `evilhangman-")]
    listed = {
        re.match(
            r"\| `evilhangman-([a-z-]+)` \| `([^`]+)` \| `manage\.py ([^`]+)` \|", row
        ).groups()
        for row in rows
    }
    assert listed == {(job.name, job.on_calendar, " ".join(job.command)) for job in SCHEDULED_JOBS}
    assert len(rows) == len(SCHEDULED_JOBS)
