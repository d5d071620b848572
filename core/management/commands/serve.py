"""``manage.py serve [ADDRPORT]``: the development server with a task worker beside it.

``make run`` stays one command: this starts ``manage.py db_worker`` as a child process,
runs ``runserver`` (whose own reloader restarts only the server), and stops the worker
when the server stops, however it stops (Ctrl-C, SIGTERM, or this process dying).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from types import FrameType
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV

from core.processes import die_with_parent

WORKER_STOP_SECONDS = 10


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


class Command(BaseCommand):
    help = "Run the development server and a background task worker beside it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", help="Optional port or ipaddr:port.")
        parser.add_argument(
            "--noreload", action="store_true", help="Do not reload the server on code changes."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        server_args = [options["addrport"]] if options["addrport"] else []
        server_options = {"use_reloader": not options["noreload"]}
        # runserver's reloader runs this command again in a child process: the worker
        # started by the first one serves both.
        if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true" or settings.TASK_BACKEND != "database":
            call_command("runserver", *server_args, **server_options)
            return
        worker = self.start_worker()
        previous = signal.signal(signal.SIGTERM, _exit_on_sigterm)
        try:
            call_command("runserver", *server_args, **server_options)
        finally:
            signal.signal(signal.SIGTERM, previous)
            self.stop_worker(worker)

    def start_worker(self) -> subprocess.Popen[bytes]:
        manage = Path(settings.BASE_DIR) / "manage.py"
        command = [sys.executable, str(manage), "db_worker", "--no-startup-delay"]
        worker = subprocess.Popen(command, preexec_fn=die_with_parent)
        self.stdout.write(f"Task worker started (pid {worker.pid}): manage.py db_worker")
        return worker

    def stop_worker(self, worker: subprocess.Popen[bytes]) -> None:
        if worker.poll() is None:
            worker.terminate()
            try:
                worker.wait(timeout=WORKER_STOP_SECONDS)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
        self.stdout.write("Task worker stopped.")
