"""django-tasks-db's ``db_worker``, clearing what killed workers left behind first.

It shadows the package's command (``dictionaries`` comes first in INSTALLED_APPS), so every
way of starting a worker cleans up: imports whose worker died are marked failed, and upload
files that no queued or running import owns are deleted.
"""

from __future__ import annotations

import os
from typing import Any

from django.utils.autoreload import DJANGO_AUTORELOAD_ENV
from django_tasks_db.management.commands.db_worker import Command as DatabaseWorkerCommand

from core.processes import die_with_parent
from dictionaries.import_jobs import import_orphans_clear


class Command(DatabaseWorkerCommand):
    help = (
        "Run a background worker (django-tasks' database backend); on start, mark imports "
        "whose worker died as failed and delete orphaned upload files."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true":
            # The reloader's child: it stops with the reloader, even one killed between
            # two restarts, when Django's own stop cannot reach it (manage.py serve).
            die_with_parent()
        cleaned = import_orphans_clear()
        if options.get("verbosity", 1) and (cleaned.failed_imports or cleaned.removed_files):
            self.stdout.write(
                f"Cleaned up: {len(cleaned.failed_imports)} interrupted import(s) marked failed, "
                f"{len(cleaned.removed_files)} orphaned upload file(s) deleted."
            )
        super().handle(*args, **options)
