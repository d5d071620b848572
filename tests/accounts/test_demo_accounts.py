"""ensure_demo_accounts: idempotent, and never resets a changed password."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def run() -> str:
    out = StringIO()
    # Tests run with DEBUG off, as production does: the flag says the passwords may be public.
    call_command("ensure_demo_accounts", "--allow-published-passwords", stdout=out)
    return out.getvalue()


def test_creates_the_demo_player_and_the_superuser() -> None:
    output = run()
    users = get_user_model().objects
    demo = users.get(username="demo")
    admin = users.get(username="admin")
    assert demo.check_password("evil-hangman-demo")
    assert not demo.is_staff
    assert not demo.is_superuser
    assert admin.check_password("evil-hangman-admin")
    assert admin.is_staff
    assert admin.is_superuser
    assert "Created player 'demo'" in output
    assert "Created superuser 'admin'" in output


def test_running_twice_changes_nothing_and_keeps_changed_passwords() -> None:
    run()
    demo = get_user_model().objects.get(username="demo")
    demo.set_password("changed-by-its-owner-77")
    demo.save()
    output = run()
    assert get_user_model().objects.filter(username__in=["demo", "admin"]).count() == 2
    demo.refresh_from_db()
    assert demo.check_password("changed-by-its-owner-77")
    assert "exists; left as is" in output
