"""The operators' guides (docs/deploying.md, docs/operations.md) hold every step two
operators found missing (issue 36, items 4, 6 and 7): the PostgreSQL role and database;
enabling the nginx site, reloading it, the certificate; ``manage.py`` run as the service's
user (run as root it made the uploads' ``incoming/`` root's); backups written private and
a retention; which node runs the timers; the upgrade's order on one node; a restart, not a
reload, where the code or the env file changes; ``DAILY_FIRST_DAY``.

Each test reads the shell blocks an operator copies, so a step moved to prose, or a
command run as root again, fails here; ``deploy/manage`` is run for real where it can be.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEPLOYING = ROOT / "docs" / "deploying.md"
OPERATIONS = ROOT / "docs" / "operations.md"


def shell_lines(path: Path) -> list[str]:
    """Every line of the guide's ``sh`` blocks, continuation lines joined."""
    blocks = re.findall(r"```sh\n(.*?)```", path.read_text(), flags=re.DOTALL)
    text = "\n".join(blocks).replace("\\\n", " ")
    return [line.strip() for line in text.splitlines() if line.strip()]


def commands(path: Path) -> list[str]:
    return [line for line in shell_lines(path) if not line.startswith("#")]


def test_manage_py_runs_as_the_services_user_in_every_block() -> None:
    for guide in (DEPLOYING, OPERATIONS):
        for line in commands(guide):
            if "manage.py" in line or "manage " in line:
                assert line.startswith(("deploy/manage ", "runuser -u evilhangman ")) or (
                    "runuser -u evilhangman" in line
                ), f"{guide.name}: {line}"
            if ".venv/bin/" in line and not line.startswith("runuser -u evilhangman"):
                assert "runuser -u evilhangman" in line or line.startswith("export"), line


def test_the_install_makes_the_postgresql_role_and_database() -> None:
    lines = commands(DEPLOYING)
    assert "runuser -u postgres -- createuser --pwprompt evilhangman" in lines
    assert "runuser -u postgres -- createdb --owner evilhangman evilhangman" in lines


def test_the_uploads_folder_is_made_for_the_services_user_before_any_manage_command() -> None:
    lines = commands(DEPLOYING)
    uploads = next(i for i, line in enumerate(lines) if "/var/lib/evilhangman/uploads" in line)
    assert "-o evilhangman -g evilhangman" in lines[uploads]
    first_manage = next(i for i, line in enumerate(lines) if line.startswith("deploy/manage"))
    assert uploads < first_manage


def test_the_nginx_site_is_enabled_checked_and_reloaded_with_a_certificate() -> None:
    lines = commands(DEPLOYING)
    certbot = next(i for i, line in enumerate(lines) if line.startswith("certbot certonly"))
    assert "--deploy-hook 'systemctl reload nginx'" in lines[certbot]
    link = lines.index(
        "ln -s /etc/nginx/sites-available/evilhangman /etc/nginx/sites-enabled/evilhangman"
    )
    assert certbot < link < lines.index("nginx -t && systemctl reload nginx")
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    webroot = re.search(r"-w (\S+)", lines[certbot])
    assert webroot is not None
    assert f"root {webroot[1]};" in site  # renewals are served where the first one was


def test_backups_are_written_private_and_old_ones_deleted() -> None:
    lines = commands(OPERATIONS)
    dump = next(i for i, line in enumerate(lines) if line.startswith("pg_dump"))
    assert lines[dump - 1].startswith("umask 077")
    assert any(
        re.match(r"find /var/backups/evilhangman .*-mtime \+\d+ -delete$", line) for line in lines
    )
    assert "install -d -m 700 -o postgres -g postgres /var/backups/evilhangman" in lines
    upgrade_dump = next(line for line in lines if "before-upgrade" in line)
    assert "umask 077" in upgrade_dump


def test_one_node_runs_the_timers() -> None:
    guide = DEPLOYING.read_text()
    assert "### One node runs the timers" in guide
    enable = next(line for line in shell_lines(DEPLOYING) if "evilhangman-*.timer" in line)
    assert "one node only" in enable


def test_the_upgrade_restarts_and_never_reloads_after_new_code_or_env() -> None:
    for guide in (DEPLOYING, OPERATIONS):
        assert not [line for line in commands(guide) if "reload evilhangman-" in line]
    lines = commands(OPERATIONS)
    order = [
        "runuser -u evilhangman -- git checkout v<new version>",
        "systemctl stop evilhangman-worker",
        "deploy/manage setup_site",
        "systemctl restart evilhangman-web",
        "systemctl start evilhangman-worker",
    ]
    positions = [next(i for i, line in enumerate(lines) if line.startswith(step)) for step in order]
    assert positions == sorted(positions)
    assert "systemctl restart" in OPERATIONS.read_text().split("## The secret key is data")[1]
    # What is safe while the old code serves is said, and what is not.
    text = OPERATIONS.read_text()
    assert "While `setup_site` migrates, the old code still serves." in text
    assert "rename or drop" in text


def test_daily_first_day_is_in_the_kit_and_the_guide() -> None:
    assert re.search(
        r"^DAILY_FIRST_DAY=''$", (ROOT / "deploy" / "evilhangman.env").read_text(), re.M
    )
    assert "`DAILY_FIRST_DAY` is the UTC day of daily puzzle #1" in DEPLOYING.read_text()


def test_the_guides_say_how_releases_are_found() -> None:
    text = OPERATIONS.read_text()
    assert "git tag --list 'v*'" in text
    assert "git fetch --tags" in text


@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("runuser") is None, reason="runuser needs root"
)
def test_deploy_manage_runs_manage_py_as_the_user_with_the_env_file() -> None:
    with tempfile.TemporaryDirectory(dir="/tmp") as directory:  # pytest's are root's alone
        manage_as_nobody(Path(directory))


def manage_as_nobody(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / ".venv" / "bin").mkdir(parents=True)
    python = site / ".venv" / "bin" / "python"
    python.write_text('#!/bin/sh\necho "$(id -un) $(pwd) $SETTING:" "$@"\n')
    env = tmp_path / "env"
    env.write_text("SETTING='from the env file'\n")
    for path in (tmp_path, site, site / ".venv", site / ".venv" / "bin", python, env):
        path.chmod(0o755)
    result = subprocess.run(
        [str(ROOT / "deploy" / "manage"), "check", "--deploy", "two words"],
        env={
            **os.environ,
            "SITE_USER": "nobody",
            "SITE_DIR": str(site),
            "SITE_ENV": str(env),
            "SETTING": "root's",
        },
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        f"nobody {site} from the env file: manage.py check --deploy two words"
    )
